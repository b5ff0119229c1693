//! IDNA: UTS #46 as the URL Standard uses it (url.bs §3.3 "IDNA").
//!
//! - [`domain_to_ascii`] is the standard's *domain parser*: "domain parser
//!   ToASCII" (UTS #46 ToASCII with CheckBidi, CheckJoiners, non-transitional
//!   processing, IgnoreInvalidPunycode false, and CheckHyphens,
//!   UseSTD3ASCIIRules, VerifyDnsLength set to beStrict), with the ASCII fast
//!   path (an ASCII domain with beStrict false is only lowercased) and the
//!   final empty-string / forbidden-domain-code-point checks.
//! - [`domain_to_unicode`] is *domain to Unicode* (UTS #46 ToUnicode with the
//!   same flags; on any recorded error the input is returned unchanged).
//! - [`to_ascii`] and [`to_unicode`] are the UTS #46 operations with the
//!   URL Standard's flags, without the domain parser's extra steps.
//! - [`to_nfc`] exposes the Unicode normalization step on its own (exact on
//!   UTS #46-mapped text, the only text UTS #46 normalizes).
//!
//! Everything runs without an allocator, without recursion and with about
//! 1.8 KiB of stack buffers (one 256-code-point label, one normalization
//! segment, a 128-byte output chunk). Intermediate results are appended to
//! the caller's storage and removed again, so while working it needs room
//! for two forms of the domain at once (input and mapped form, then mapped
//! form and result; each about the size of the domain); when it runs out
//! the error is [`IdnaError::Capacity`] and the storage is left as it was.
//!
//! Work is linear in the input. Two bounds, beyond which a domain fails
//! ([`IdnaError::Invalid`]) although UTS #46 with VerifyDnsLength=false sets
//! no limit: a non-ASCII label longer than 256 code points, or an `xn--`
//! label longer than 256 bytes or decoding to more than 256 code points —
//! DNS allows 63 octets, Punycode work is quadratic in the label — and more
//! than 63 consecutive combining characters (ccc ≠ 0) after mapping — UAX
//! #15's stream-safe limit is 30. No conformance test reaches either. The
//! URL parser meets these only in a domain that is not all ASCII: an ASCII
//! one is only lowercased (the domain parser's step for web compatibility),
//! so `ws://a.xn--…/` with a 300-byte label parses and `ws://ß.xn--…/`
//! fails.
//!
//! Data: `idna-tables` (UTS #46 18.0.0, with normalization, Bidi_Class and
//! Joining_Type data of the same Unicode version; see its docs for the
//! sources and the size: about 36 KiB). To keep it small the tables are exact
//! only where this module can look: normalization data on the code points
//! mapped text can hold (NFC only ever runs on the output of the Map step,
//! where a disallowed code point can never be removed by NFC and fails its
//! label whatever its neighbours become); Bidi_Class, Joining_Type, virama
//! and mark on valid code points (`label.rs` reads them only on a label that
//! fails anyway unless every code point is valid: the status check, the
//! CONTEXTJ and leading-mark checks and CheckBidi all decide one outcome,
//! and the NFC check of a decoded label runs only once all are valid).
//! Without the `idna` feature this module only contains [`IdnaError`], and
//! `xn--` labels of ASCII domains are not checked for the `domain-to-ASCII`
//! validation error.

use crate::storage::CapacityError;
use core::fmt;

mod ascii_label;
#[cfg(feature = "idna")]
mod chunk;
#[cfg(feature = "idna")]
mod converter;
#[cfg(feature = "idna")]
mod fast;
#[cfg(feature = "idna")]
mod label;
#[cfg(feature = "idna")]
mod mapping;
#[cfg(feature = "idna")]
mod nfc;
#[cfg(feature = "idna")]
mod process;
#[cfg(feature = "idna")]
mod punycode;

#[cfg(feature = "idna")]
use crate::error::ParseError;
#[cfg(feature = "idna")]
use crate::sizes::{max_domain_to_ascii_len, max_domain_to_unicode_len};
#[cfg(feature = "idna")]
use crate::storage::Storage;
#[cfg(feature = "idna")]
use crate::validation::{ValidationError, ValidationSink};
#[cfg(feature = "idna")]
use ascii_label::{AsciiLabel, DnsLength};
#[cfg(feature = "idna")]
use chunk::Chunk;
#[cfg(feature = "idna")]
use label::{Bidi, LabelBuf};
#[cfg(feature = "idna")]
use process::{process, Conversion};
#[cfg(feature = "idna")]
use punycode::decode_label;

/// Why [`domain_to_ascii`] (or [`domain_to_unicode`], [`to_nfc`]) failed.
///
/// ```
/// use url_core::idna::IdnaError;
/// assert_eq!(IdnaError::Invalid.to_string(), "invalid domain (UTS #46 ToASCII failed)");
/// # #[cfg(feature = "idna")] {
/// use url_core::{idna::domain_to_ascii, SliceStorage};
/// let mut buf = [0u8; 64];
/// let mut out = SliceStorage::new(&mut buf);
/// assert_eq!(domain_to_ascii("a\u{200D}b.example", false, &mut out), Err(IdnaError::Invalid));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaError {
    /// The domain is not valid: the domain parser returns failure.
    Invalid,
    /// The output storage is too small for the result or the intermediate
    /// forms (see the module docs). From `domain_to_ascii`, `to_ascii`,
    /// `domain_to_unicode` and `to_unicode`, `needed` is a size with which
    /// the call succeeds: the storage's length before the call plus
    /// [`max_domain_to_ascii_len`] (or
    /// `_unicode_len`) of the domain's; from `to_nfc`, the bytes needed when
    /// it ran out.
    Capacity(CapacityError),
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdnaError::Invalid => f.write_str("invalid domain (UTS #46 ToASCII failed)"),
            IdnaError::Capacity(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for IdnaError {}

impl From<CapacityError> for IdnaError {
    fn from(e: CapacityError) -> Self {
        IdnaError::Capacity(e)
    }
}

/// A capacity error's `needed` raised to `needed` (the bound of
/// [`crate::sizes`] for the function that failed), so that a retry with
/// that much room succeeds.
#[cfg(feature = "idna")]
fn at_least(e: IdnaError, needed: usize) -> IdnaError {
    match e {
        IdnaError::Capacity(c) => IdnaError::Capacity(CapacityError {
            needed: c.needed.max(needed),
            ..c
        }),
        e => e,
    }
}

/// Why processing stopped early (internal).
#[cfg(feature = "idna")]
pub(crate) enum Exit {
    /// The domain fails (non-strict).
    Invalid,
    /// The storage is full.
    Capacity(CapacityError),
    /// The fast path cannot take the domain: the general path takes over
    /// (never leaves `process`).
    Decline,
}

#[cfg(feature = "idna")]
impl From<CapacityError> for Exit {
    fn from(e: CapacityError) -> Self {
        Exit::Capacity(e)
    }
}

/// The DNS length limits of RFC 1035 §2.3.4 on a domain in text form: every
/// label 1 to 63 bytes, the whole at most 253 bytes; one trailing dot (the
/// root label) is allowed and not counted.
///
/// This is the check DNS resolvers apply, and what
/// `verifydnslength_tests.json` tests. It differs from UTS #46's
/// VerifyDnsLength (used by the strict domain parser), which since UTS #46
/// 15.0 also rejects the empty root label.
///
/// ```
/// use url_core::idna::verify_dns_length;
/// assert!(verify_dns_length("example.com."));
/// assert!(!verify_dns_length("example..com"));
/// assert!(!verify_dns_length(&"a".repeat(64)));
/// ```
pub fn verify_dns_length(domain: &str) -> bool {
    let name = domain.strip_suffix('.').unwrap_or(domain);
    !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| (1..=63).contains(&label.len()))
}

/// The URL Standard's *domain parser* (url.bs §3.3): appends the ASCII
/// form of `domain` to `out`.
///
/// With `be_strict` false an ASCII `domain` is only lowercased (then checked
/// for emptiness and forbidden domain code points); anything else goes
/// through UTS #46 ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength set to `be_strict`. On error `out` is unchanged.
///
/// Into a fixed buffer (no allocator):
///
/// ```
/// use url_core::{idna::{domain_to_ascii, IdnaError}, Buffer, SliceStorage, Storage};
/// let mut buf = [0u8; 64];
/// let mut out = SliceStorage::new(&mut buf);
/// domain_to_ascii("Bücher.example", false, &mut out)?;
/// assert_eq!(out.as_str(), "xn--bcher-kva.example");
///
/// out.clear();
/// domain_to_ascii("XN--A.example", false, &mut out)?; // ASCII: lowercased only
/// assert_eq!(out.as_str(), "xn--a.example");
///
/// out.clear();
/// assert_eq!(domain_to_ascii("xn--a.example", true, &mut out), Err(IdnaError::Invalid));
/// assert_eq!(domain_to_ascii("a b", false, &mut out), Err(IdnaError::Invalid));
/// assert_eq!(out.as_str(), ""); // unchanged on error
/// # Ok::<(), IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn domain_to_ascii<S: Storage>(
    domain: &str,
    be_strict: bool,
    out: &mut S,
) -> Result<(), IdnaError> {
    domain_to_ascii_with_validation(domain, be_strict, out, &mut crate::NoValidation)
}

/// [`domain_to_ascii`] that also reports the domain parser's validation
/// error (url.bs §3.3 step 2: `domain-to-ASCII` when the strict ToASCII
/// fails) to `sink`, at position 0 — the same error type and rules as the
/// URL parser.
///
/// ```
/// use url_core::{idna::domain_to_ascii_with_validation, SliceStorage, ValidationError};
/// let mut buf = [0u8; 64];
/// let mut seen = None;
/// let mut sink = |e: ValidationError, _: usize| seen = Some(e);
/// domain_to_ascii_with_validation("-x.ß", false, &mut SliceStorage::new(&mut buf), &mut sink)?;
/// assert_eq!(seen, Some(ValidationError::DomainToAscii)); // leading hyphen: not strictly valid
/// # Ok::<(), url_core::idna::IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn domain_to_ascii_with_validation<S: Storage, V: ValidationSink>(
    domain: &str,
    be_strict: bool,
    out: &mut S,
    sink: &mut V,
) -> Result<(), IdnaError> {
    let needed = out
        .len()
        .saturating_add(max_domain_to_ascii_len(domain.len()));
    domain_to_ascii_inner(domain, be_strict, out, sink).map_err(|e| at_least(e, needed))
}

#[cfg(feature = "idna")]
fn domain_to_ascii_inner<S: Storage, V: ValidationSink>(
    domain: &str,
    be_strict: bool,
    out: &mut S,
    sink: &mut V,
) -> Result<(), IdnaError> {
    let base = out.len();
    let ok = if !be_strict && domain.is_ascii() {
        // Step 5: an ASCII domain is only lowercased; ToASCII (strict) only
        // decides the validation error.
        push_ascii_lowercase(out, domain.as_bytes()).inspect_err(|_| out.truncate(base))?;
        if V::ENABLED
            && !ascii_domain_strictly_valid(out.as_bytes().get(base..).unwrap_or_default())
        {
            sink.report(ValidationError::DomainToAscii, 0);
        }
        true
    } else {
        out.push_str(domain)?;
        let outcome = process(out, base, Conversion::Ascii).inspect_err(|_| out.truncate(base))?;
        // Step 2 (strict failures include every non-strict one).
        if V::ENABLED && !outcome.strict_ok {
            sink.report(ValidationError::DomainToAscii, 0);
        }
        if be_strict {
            // Step 3: strictResult is the answer.
            if !outcome.strict_ok {
                out.truncate(base);
                return Err(IdnaError::Invalid);
            }
            return Ok(());
        }
        outcome.ok
    };
    // Steps 7 and 8.
    let result = out.as_bytes().get(base..).unwrap_or_default();
    if !ok
        || result.is_empty()
        || result
            .iter()
            .any(|&b| crate::byte_class::class(b) & crate::byte_class::FORBIDDEN_DOMAIN != 0)
    {
        out.truncate(base);
        return Err(IdnaError::Invalid);
    }
    Ok(())
}

/// The URL Standard's *domain parser ToASCII* (url.bs §3.3): UTS #46
/// ToASCII with CheckBidi, CheckJoiners, non-transitional processing,
/// IgnoreInvalidPunycode false, and CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength set to `be_strict`. Unlike [`domain_to_ascii`] there is
/// no ASCII fast path and no forbidden-code-point check. On error `out` is
/// unchanged.
///
/// ```
/// use url_core::{idna::{to_ascii, IdnaError}, Buffer, SliceStorage};
/// let mut buf = [0u8; 64];
/// let mut out = SliceStorage::new(&mut buf);
/// assert_eq!(to_ascii("xn--8i7caa", false, &mut out), Err(IdnaError::Invalid));
/// to_ascii("-x.ß", false, &mut out)?;
/// assert_eq!(out.as_str(), "-x.xn--zca");
/// assert_eq!(to_ascii("-x.ß", true, &mut SliceStorage::new(&mut [0; 64])), Err(IdnaError::Invalid));
/// # Ok::<(), IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn to_ascii<S: Storage>(domain: &str, be_strict: bool, out: &mut S) -> Result<(), IdnaError> {
    let base = out.len();
    let needed = base.saturating_add(max_domain_to_ascii_len(domain.len()));
    out.push_str(domain)
        .map_err(|e| at_least(e.into(), needed))?;
    let outcome = process(out, base, Conversion::Ascii)
        .inspect_err(|_| out.truncate(base))
        .map_err(|e| at_least(e, needed))?;
    if (be_strict && !outcome.strict_ok) || !outcome.ok {
        out.truncate(base);
        return Err(IdnaError::Invalid);
    }
    Ok(())
}

/// UTS #46 ToUnicode with the flags of the URL Standard's *domain to
/// Unicode*, but failing with [`IdnaError::Invalid`] when an error is
/// recorded (instead of returning the input, as [`domain_to_unicode`] does).
///
/// ```
/// use url_core::{idna::{to_unicode, IdnaError}, Buffer, SliceStorage};
/// let mut buf = [0u8; 64];
/// let mut out = SliceStorage::new(&mut buf);
/// to_unicode("xn--fa-hia.de", &mut out)?;
/// assert_eq!(out.as_str(), "faß.de");
/// assert_eq!(to_unicode("xn--a", &mut out), Err(IdnaError::Invalid));
/// # Ok::<(), IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn to_unicode<S: Storage>(domain: &str, out: &mut S) -> Result<(), IdnaError> {
    let base = out.len();
    let needed = base.saturating_add(max_domain_to_unicode_len(domain.len()));
    out.push_str(domain)
        .map_err(|e| at_least(e.into(), needed))?;
    let outcome = process(out, base, Conversion::Unicode)
        .inspect_err(|_| out.truncate(base))
        .map_err(|e| at_least(e, needed))?;
    if !outcome.ok {
        out.truncate(base);
        return Err(IdnaError::Invalid);
    }
    Ok(())
}

/// The URL Standard's *domain to Unicode* (url.bs §3.3): appends the
/// Unicode form of `domain` to `out` — or `domain` itself when UTS #46
/// ToUnicode records an error. Fails only when `out` is too small.
///
/// ```
/// use url_core::{idna::domain_to_unicode, Buffer, SliceStorage, Storage};
/// let mut buf = [0u8; 64];
/// let mut out = SliceStorage::new(&mut buf);
/// domain_to_unicode("xn--bcher-kva.example", &mut out)?;
/// assert_eq!(out.as_str(), "bücher.example");
///
/// out.clear();
/// domain_to_unicode("xn--8i7caa.example", &mut out)?; // decodes to "ｗｗｗ": invalid
/// assert_eq!(out.as_str(), "xn--8i7caa.example");
/// # Ok::<(), url_core::idna::IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn domain_to_unicode<S: Storage>(domain: &str, out: &mut S) -> Result<(), IdnaError> {
    let base = out.len();
    let needed = base.saturating_add(max_domain_to_unicode_len(domain.len()));
    out.push_str(domain)
        .map_err(|e| at_least(e.into(), needed))?;
    let outcome = process(out, base, Conversion::Unicode)
        .inspect_err(|_| out.truncate(base))
        .map_err(|e| at_least(e, needed))?;
    if !outcome.ok {
        // Step 2: an error was recorded, return the domain. It fitted above.
        out.truncate(base);
        out.push_str(domain)?;
    }
    Ok(())
}

/// Appends the Unicode Normalization Form C of `input` to `out` (UAX #15),
/// computed from the `idna-tables` data — the normalization UTS #46 uses.
///
/// Exact for text after the UTS #46 Map step: code points whose status is
/// valid or deviation, and mapping targets — the only text UTS #46
/// normalizes. idna-tables keeps normalization data only for those code
/// points (and what they decompose and compose to), so on other text (such
/// as `"A\u{0301}"`: UTS #46 maps `A` to `a` first) the result may differ
/// from UAX #15. A disallowed code point is never removed by NFC, so a label
/// holding one fails either way.
///
/// Fails with [`IdnaError::Invalid`] on more than 63 consecutive combining
/// characters (see the module docs), leaving `out` unchanged.
///
/// ```
/// use url_core::{Buffer, SliceStorage};
/// let mut buf = [0u8; 16];
/// let mut out = SliceStorage::new(&mut buf);
/// url_core::idna::to_nfc("e\u{0301}\u{0323}", &mut out)?;
/// assert_eq!(out.as_str(), "\u{1EB9}\u{0301}");
/// # Ok::<(), url_core::idna::IdnaError>(())
/// ```
#[cfg(feature = "idna")]
pub fn to_nfc<S: Storage>(input: &str, out: &mut S) -> Result<(), IdnaError> {
    let base = out.len();
    let mut nfc = nfc::Nfc::new();
    let mut chunk = Chunk::new();
    let mut run = || -> Result<(), Exit> {
        let mut emit = |c: u32| chunk.put_char(out, c).map_err(Exit::Capacity);
        for c in input.chars() {
            nfc.push(c as u32, &mut emit)?;
        }
        nfc.finish(&mut emit)?;
        chunk.flush(out)?;
        Ok(())
    };
    match run() {
        Ok(()) => Ok(()),
        Err(e) => {
            out.truncate(base);
            Err(match e {
                Exit::Invalid | Exit::Decline => IdnaError::Invalid,
                Exit::Capacity(c) => IdnaError::Capacity(c),
            })
        }
    }
}

/// The domain parser's non-ASCII branch: `out[start..]` holds a domain that
/// is not ASCII (percent-decoded, ASCII lowercased). On success it is
/// replaced by "domain parser ToASCII" with beStrict false; a
/// `domain-to-ASCII` validation error is reported when the strict form fails.
/// With [`Need::Validity`](crate::output::Need::Validity) the result is right about success and failure,
/// but a converted label is written without its encoded part (canParse).
#[cfg(feature = "idna")]
pub(crate) fn to_ascii_in_place<S: Storage, V: ValidationSink>(
    out: &mut S,
    start: usize,
    sink: &mut V,
    position: usize,
    need: crate::output::Need,
) -> Result<(), ParseError> {
    let mode = match need {
        crate::output::Need::Validity => Conversion::AsciiValidity,
        crate::output::Need::Serialization => Conversion::Ascii,
    };
    let outcome = process(out, start, mode).map_err(|e| match e {
        IdnaError::Capacity(c) => ParseError::Capacity(c),
        IdnaError::Invalid => ParseError::Invalid {
            error: ValidationError::DomainToAscii,
            position,
        },
    })?;
    // Strict failures include every non-strict one: report once.
    if V::ENABLED && !outcome.strict_ok {
        sink.report(ValidationError::DomainToAscii, position);
    }
    if !outcome.ok {
        return Err(ParseError::Invalid {
            error: ValidationError::DomainToAscii,
            position,
        });
    }
    Ok(())
}

/// Whether strict "domain parser ToASCII" succeeds on an ASCII lowercase
/// domain (only asked when a validation sink wants to know).
pub(crate) fn ascii_domain_strictly_valid(domain: &[u8]) -> bool {
    let has_xn = domain.split(|&b| b == b'.').any(|l| l.starts_with(b"xn--"));
    if !has_xn {
        return ascii_label::ascii_labels_strictly_valid(domain);
    }
    #[cfg(feature = "idna")]
    {
        ascii_with_punycode_strictly_valid(domain)
    }
    #[cfg(not(feature = "idna"))]
    {
        // Needs Punycode and the tables: assume valid.
        true
    }
}

/// Strict ToASCII validity of an ASCII domain with `xn--` labels, on the
/// stack only.
#[cfg(feature = "idna")]
fn ascii_with_punycode_strictly_valid(domain: &[u8]) -> bool {
    let mut bidi = Bidi::new();
    let mut buf = LabelBuf::new();
    let mut dns = DnsLength::new();
    for l in domain.split(|&b| b == b'.') {
        let out_len = if let Some(puny) = l.strip_prefix(b"xn--") {
            if l.len() > 63 {
                return false;
            }
            if !decode_label(puny, &mut buf) {
                return false;
            }
            let v = label::check(buf.as_slice(), label::Source::Decoded, &mut bidi);
            if !v.strict_ok {
                return false;
            }
            let mut n = 4;
            match punycode::encode(buf.as_slice(), &mut |_| {
                n += 1;
                Ok::<(), ()>(())
            }) {
                Ok(true) => n,
                _ => return false,
            }
        } else {
            let mut a = AsciiLabel::new();
            for &b in l {
                a.push(b, &mut bidi);
            }
            bidi.end_label();
            if !a.finish().strict_ok {
                return false;
            }
            l.len()
        };
        dns.label(out_len);
    }
    bidi.ok() && dns.ok()
}

#[cfg(feature = "idna")]
fn push_ascii_lowercase<S: Storage>(out: &mut S, s: &[u8]) -> Result<(), CapacityError> {
    let mut piece = [0u8; 64];
    for part in s.chunks(piece.len()) {
        if crate::simd::VECTOR {
            crate::bytes::lowercase_ascii(&mut piece, part);
        } else {
            // Elsewhere the byte loop, which links smaller there.
            for (d, b) in piece.iter_mut().zip(part) {
                *d = b.to_ascii_lowercase();
            }
        }
        out.push_str(
            core::str::from_utf8(piece.get(..part.len()).unwrap_or_default()).unwrap_or(""),
        )?;
    }
    Ok(())
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    use super::mapping::mapping;
    use super::*;
    use idna_tables::Mapping;

    /// The ASCII shortcut of `mapping` is what the generated table says.
    #[test]
    fn ascii_mapping_is_the_tables() {
        for c in 0..0x80u32 {
            assert_eq!(mapping(c), idna_tables::mapping(c), "U+{c:04X}");
        }
        assert_eq!(mapping(u32::from(b'Q')), Mapping::Char('q'));
    }

    /// `domain_to_ascii` on ASCII and on labels already in NFC does no
    /// normalization work (the NFC quick check answers for every code
    /// point); text that NFC changes, or might, does.
    #[test]
    fn nfc_text_skips_normalization() {
        let slow = |domain: &str| {
            let before = nfc::SLOW_PATH.with(|n| n.get());
            let mut buf = [0u8; 128];
            let ok = to_ascii(domain, false, &mut crate::SliceStorage::new(&mut buf)).is_ok();
            (ok, nfc::SLOW_PATH.with(|n| n.get()) - before)
        };
        for domain in [
            "example.com",
            "EXAMPLE.com",
            "b\u{fc}cher.example",
            "\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}",
            "\u{ac00}\u{ac01}.kr",
            "\u{3b1}\u{3b2}\u{3b3}.gr",
            "\u{5d0}\u{5d1}.il",
            "\u{627}\u{644}.eg",
        ] {
            assert_eq!(slow(domain), (true, 0), "{domain:?}");
        }
        // Composed by NFC, or a mark after a kept starter: the long way.
        assert_eq!(slow("bu\u{308}cher.example"), (true, 1));
        assert_eq!(slow("b\u{fc}\u{323}cher.example").1, 1);
        assert_eq!(slow("\u{1100}\u{1161}.kr"), (true, 1));
    }

    /// ASCII labels have no length bound (UTS #46 with VerifyDnsLength
    /// false); a label with a non-ASCII code point, or an `xn--` one, is at
    /// most `label::MAX_LABEL` code points.
    #[test]
    fn long_labels() {
        let ascii = |domain: &str| {
            let mut buf = [0u8; 4096];
            let mut out = crate::SliceStorage::new(&mut buf);
            to_ascii(domain, false, &mut out)
                .map(|()| std::string::String::from(crate::Buffer::as_str(&out)))
        };
        let long = "a".repeat(label::MAX_LABEL + 44);
        for domain in [
            std::format!("{long}.b\u{fc}cher"),
            std::format!("b\u{fc}cher.{long}"),
            std::format!("{long}.{long}.example"),
        ] {
            assert_eq!(
                ascii(&domain).as_deref(),
                Ok(&*domain.replace("b\u{fc}cher", "xn--bcher-kva"))
            );
        }
        assert_eq!(
            ascii(&std::format!("{}.b\u{fc}cher", long.to_uppercase())).map(|s| s.len()),
            Ok(long.len() + 14)
        );
        assert_eq!(ascii(&std::format!("{long}-")), Ok(std::format!("{long}-")));
        assert_eq!(
            ascii(&std::format!("{long}\u{fc}")),
            Err(IdnaError::Invalid)
        );
        assert_eq!(ascii(&std::format!("xn--{long}")), Err(IdnaError::Invalid));
        let max = "\u{e9}".repeat(label::MAX_LABEL);
        assert!(ascii(&max).is_ok());
        assert_eq!(ascii(&std::format!("{max}a")), Err(IdnaError::Invalid));
        // Strict: a label over 63 octets fails VerifyDnsLength.
        let mut buf = [0u8; 1024];
        assert_eq!(
            to_ascii(&long, true, &mut crate::SliceStorage::new(&mut buf)),
            Err(IdnaError::Invalid)
        );
    }

    /// The ASCII Bidi_Class shortcut is what the generated table says
    /// (exact on valid code points: upper case is mapped before any check).
    #[test]
    fn ascii_bidi_classes_are_the_tables() {
        for b in (0..0x80u8).filter(|&b| mapping(u32::from(b)) == Mapping::Valid) {
            assert_eq!(
                label::ascii_bidi_class(b),
                idna_tables::props(u32::from(b)).bidi(),
                "U+{b:04X}"
            );
        }
    }

    /// Unicode's first canonical decomposition is U+00C0's: NFC's
    /// decomposition needs no early exit below it (the `small` feature has
    /// none).
    #[test]
    fn nothing_below_u00c0_decomposes() {
        for c in 0..0xC0 {
            assert_eq!(idna_tables::decompose(c), None, "{c:#x}");
        }
    }

    /// NFC's shortcuts: nothing below U+0300 is a non-starter or a starter
    /// that composes with what precedes it.
    #[test]
    fn nothing_below_u0300_composes_with_its_predecessor() {
        for c in 0..0x300u32 {
            assert!(!idna_tables::is_composing_starter(c), "U+{c:04X}");
            assert_eq!(idna_tables::props(c).ccc(), 0, "U+{c:04X}");
        }
    }

    /// ToASCII's Map and Normalize leave only valid code points, besides
    /// the FULL STOPs that split labels, so `label::check` need not look
    /// up criterion 7 for their labels (`label::Source::Mapped`): Map
    /// fails at a disallowed code point and writes only valid ones (the
    /// lowercased ASCII the general path writes itself included), a valid
    /// code point decomposes into valid ones, and NFC composes two valid
    /// code points only into a valid one (every composition is a primary
    /// composite's canonical pair, or a Hangul syllable).
    #[test]
    fn normalize_keeps_mapped_text_valid() {
        let valid = |c: u32| mapping(c) == Mapping::Valid;
        for b in (0..0x80u8).filter(|&b| b != b'.') {
            assert!(valid(u32::from(b.to_ascii_lowercase())), "{b:#04x}");
        }
        let mut composites = 0;
        for cp in (0..=0x10FFFFu32).filter(|&c| char::from_u32(c).is_some()) {
            if !matches!(mapping(cp), Mapping::Disallowed | Mapping::Ignored) {
                for c in mapped_nfd(cp) {
                    assert!(valid(c) || c == u32::from(b'.'), "U+{cp:04X}: U+{c:04X}");
                }
            }
            if let Some((a, b)) = idna_tables::decompose(cp) {
                if b != 0 && nfc::compose(a, b) == Some(cp) && valid(a) && valid(b) {
                    assert!(valid(cp), "U+{a:04X} U+{b:04X} compose to U+{cp:04X}");
                    composites += 1;
                }
            }
        }
        assert!(composites > 500, "{composites}");
        for syllable in 0xAC00..0xAC00 + 11172 {
            assert!(valid(syllable), "U+{syllable:04X}");
        }
    }

    /// Every code point's mapping (UTS #46 Map, then at most its full
    /// canonical decomposition's code points: NFC only composes), as code
    /// points.
    fn mapped_nfd(cp: u32) -> std::vec::Vec<u32> {
        fn nfd(c: u32, out: &mut std::vec::Vec<u32>) {
            if (0xAC00..0xAC00 + 11172).contains(&c) {
                let s = c - 0xAC00;
                out.push(0x1100 + s / 588);
                out.push(0x1161 + (s % 588) / 28);
                if s % 28 != 0 {
                    out.push(0x11A7 + s % 28);
                }
                return;
            }
            match idna_tables::decompose(c) {
                Some((a, 0)) => nfd(a, out),
                Some((a, b)) => {
                    nfd(a, out);
                    nfd(b, out);
                }
                None => out.push(c),
            }
        }
        let mut mapped = std::vec::Vec::new();
        match mapping(cp) {
            Mapping::Valid | Mapping::Disallowed | Mapping::Decomposed => mapped.push(cp),
            Mapping::Ignored => {}
            Mapping::Char(m) => mapped.push(m as u32),
            Mapping::Str(s) => mapped.extend(s.chars().map(|c| c as u32)),
        }
        let mut out = std::vec::Vec::new();
        for m in mapped {
            nfd(m, &mut out);
        }
        out
    }

    fn utf8_len(c: u32) -> usize {
        char::from_u32(c).map_or(4, char::len_utf8)
    }

    /// `crate::sizes::IDN_OUTPUT_PER_UTF8_BYTE` and
    /// `UNICODE_OUTPUT_PER_BYTE` are the tables' worst cases (see the
    /// `sizes` module docs for the argument), rounded up.
    #[test]
    fn idn_growth_per_byte_is_the_tables() {
        use crate::sizes::{IDN_OUTPUT_PER_UTF8_BYTE, PUNYCODE_DIGITS, UNICODE_OUTPUT_PER_BYTE};
        let (mut ascii_worst, mut unicode_worst) = ((0usize, 1usize, 0u32), (0usize, 1usize, 0u32));
        for cp in 0x80..=0x10FFFFu32 {
            if char::from_u32(cp).is_none() {
                continue;
            }
            let u = utf8_len(cp);
            let out = mapped_nfd(cp);
            let non_ascii = out.iter().filter(|&&c| c >= 0x80).count();
            let dots = out.iter().filter(|&&c| c == u32::from(b'.')).count();
            let labels = if non_ascii > 0 { 1 + dots } else { 0 };
            let ascii = (out.len() - non_ascii) + PUNYCODE_DIGITS * non_ascii + 5 * labels;
            // ratio a/b > c/d  <=>  a*d > c*b
            if ascii * ascii_worst.1 > ascii_worst.0 * u {
                ascii_worst = (ascii, u, cp);
            }
            let unicode: usize = out.iter().map(|&c| utf8_len(c)).sum();
            if unicode * unicode_worst.1 > unicode_worst.0 * u {
                unicode_worst = (unicode, u, cp);
            }
        }
        assert_eq!(
            ascii_worst.0.div_ceil(ascii_worst.1),
            IDN_OUTPUT_PER_UTF8_BYTE,
            "{ascii_worst:?}"
        );
        assert_eq!(ascii_worst.2, 0xFDFA);
        // An `xn--` label decodes to at most one code point per byte of its
        // digits: at most 4 bytes of UTF-8 each.
        assert_eq!(
            unicode_worst.0.div_ceil(unicode_worst.1).max(4),
            UNICODE_OUTPUT_PER_BYTE,
            "{unicode_worst:?}"
        );
        // NFC never makes text longer than its decomposition: every
        // primary composite is at most as long as its two parts.
        for c in 0..=0x10FFFFu32 {
            if let Some((a, b)) = idna_tables::decompose(c) {
                if b != 0 {
                    assert!(utf8_len(c) <= utf8_len(a) + utf8_len(b), "U+{c:04X}");
                }
            }
        }
    }
}
