//! The URL Standard's *domain to ASCII* and *domain to Unicode* (url.bs
//! §3.3) over the caller's buffers.

use crate::storage::Reattach;
use crate::{utf8, Failure, WeburlStatus};
use url_core::{max_domain_to_ascii_len, max_domain_to_unicode_len, Storage};

/// `weburl_domain_to_ascii` over slices: the URL Standard's *domain to
/// ASCII* (url.bs §3.3) of `domain` into `out`; returns the length. A
/// capacity failure's `needed` is a size that suffices
/// (`url_core::max_domain_to_ascii_len`: the buffer is also the work area).
///
/// Without the `idna` feature only what needs no IDNA tables is answered:
/// an ASCII domain with `be_strict` false (lowercased, then checked for
/// forbidden domain code points); anything else is
/// [`WeburlStatus::IdnaUnavailable`].
pub fn domain_to_ascii(domain: &[u8], be_strict: bool, out: &mut [u8]) -> Result<usize, Failure> {
    let domain = utf8(domain)?;
    // The parser's storage type: IDNA is instantiated once.
    let mut storage = Reattach::attached(out);
    domain_to_ascii_into(domain, be_strict, &mut storage)
        .map_err(|f| at_least(f, max_domain_to_ascii_len(domain.len())))?;
    Ok(storage.len())
}

/// `weburl_domain_to_unicode` over slices: the URL Standard's *domain to
/// Unicode* of `domain` into `out` (the domain itself when UTS #46 records
/// an error); returns the length. A capacity failure's `needed` is a size
/// that suffices (`url_core::max_domain_to_unicode_len`).
///
/// Without the `idna` feature only an ASCII domain without `xn--` labels is
/// answered (lowercased); anything else is
/// [`WeburlStatus::IdnaUnavailable`].
pub fn domain_to_unicode(domain: &[u8], out: &mut [u8]) -> Result<usize, Failure> {
    let domain = utf8(domain)?;
    let mut storage = Reattach::attached(out);
    domain_to_unicode_into(domain, &mut storage)
        .map_err(|f| at_least(f, max_domain_to_unicode_len(domain.len())))?;
    Ok(storage.len())
}

/// A capacity failure's `needed` raised to `needed`.
fn at_least(mut f: Failure, needed: usize) -> Failure {
    if f.status == WeburlStatus::Capacity {
        f.error.needed = f.error.needed.max(needed);
    }
    f
}

#[cfg(feature = "idna")]
fn domain_to_ascii_into(
    domain: &str,
    be_strict: bool,
    out: &mut Reattach<'_>,
) -> Result<(), Failure> {
    url_core::idna::domain_to_ascii(domain, be_strict, out).map_err(idna_failure)
}

#[cfg(feature = "idna")]
fn domain_to_unicode_into(domain: &str, out: &mut Reattach<'_>) -> Result<(), Failure> {
    url_core::idna::domain_to_unicode(domain, out).map_err(idna_failure)
}

#[cfg(feature = "idna")]
fn idna_failure(e: url_core::idna::IdnaError) -> Failure {
    match e {
        url_core::idna::IdnaError::Capacity(c) => c.into(),
        _ => Failure::bare(WeburlStatus::Invalid),
    }
}

#[cfg(not(feature = "idna"))]
fn domain_to_ascii_into(
    domain: &str,
    be_strict: bool,
    out: &mut Reattach<'_>,
) -> Result<(), Failure> {
    if be_strict || !domain.is_ascii() {
        return Err(Failure::bare(WeburlStatus::IdnaUnavailable));
    }
    let bytes = domain.as_bytes();
    if bytes.is_empty()
        || bytes
            .iter()
            .any(|&b| url_core::is_forbidden_domain_code_point(b.to_ascii_lowercase()))
    {
        return Err(Failure::bare(WeburlStatus::Invalid));
    }
    push_lowercase(bytes, out)
}

#[cfg(not(feature = "idna"))]
fn domain_to_unicode_into(domain: &str, out: &mut Reattach<'_>) -> Result<(), Failure> {
    let bytes = domain.as_bytes();
    let punycode = bytes.split(|&b| b == b'.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
    });
    if !domain.is_ascii() || punycode {
        return Err(Failure::bare(WeburlStatus::IdnaUnavailable));
    }
    push_lowercase(bytes, out)
}

#[cfg(not(feature = "idna"))]
fn push_lowercase(bytes: &[u8], out: &mut Reattach<'_>) -> Result<(), Failure> {
    let mut chunk = [0u8; 64];
    for part in bytes.chunks(chunk.len()) {
        let dst = chunk.get_mut(..part.len()).unwrap_or_default();
        for (d, &b) in dst.iter_mut().zip(part) {
            *d = b.to_ascii_lowercase();
        }
        out.push_str(core::str::from_utf8(dst).unwrap_or(""))?;
    }
    Ok(())
}
