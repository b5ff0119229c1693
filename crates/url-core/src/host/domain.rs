//! Domains (url.bs §3.5 host parser steps 4–9, §3.3 "domain parser").
//!
//! An ASCII domain is lowercased and checked for forbidden domain code points
//! whatever ToASCII says (url.bs as of 2026-06); ToASCII with strict flags then
//! only decides the `domain-to-ASCII` validation error, so without a sink ASCII
//! hosts never touch the IDNA tables. Non-ASCII domains go through
//! [`crate::idna`].

use super::HostKind;
use super::{invalid, ipv4};
use crate::byte_class::{
    class, is_tab_or_newline, FORBIDDEN_DOMAIN, NON_ASCII, PERCENT, TAB_OR_NEWLINE, UPPER,
};
use crate::error::ParseError;
use crate::input::Input;
use crate::output::{Need, Output};
use crate::percent_encode::hex_value;
use crate::simd::{find, Stop};
use crate::storage::Storage;
use crate::validation::{ValidationError, ValidationSink};

/// With [`Need::Validity`] (canParse), the result is right about success,
/// failure and the kind, but an ASCII domain or IPv4 address is not
/// written, nor an IDN label's text.
pub(crate) fn parse_domain_host<S: Storage, V: ValidationSink>(
    w: &mut Output<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
    sink: &mut V,
    need: Need,
) -> Result<HostKind, ParseError> {
    let pos = input.pos(start);
    let host_start = w.len();
    let raw = input.bytes.get(start..end).unwrap_or_default();

    // One pass classifies the host: anything needing decoding (%, non-ASCII,
    // tab/newline), upper case, forbidden domain code points. Most hosts are
    // letters, digits, '-' and '.' only, which the vector scans tell
    // without a per-byte loop (whose exit mispredicted at every length: 1.4
    // per host, callgrind's model). Without vector scans (thumbv7em,
    // wasm32) the byte loop alone is smaller and no slower.
    let class_by_bytes = || raw.iter().fold(0, |c, &b| c | class(b));
    let classes = if !crate::simd::VECTOR {
        class_by_bytes()
    } else if crate::simd::find_host(input.bytes, start) >= end {
        0
    } else if find(input.bytes, start, Stop::LdhAnyCase) >= end {
        UPPER
    } else {
        class_by_bytes()
    };
    let simple = classes & (NEEDS_DECODE | NON_ASCII) == 0;
    let upper = classes & UPPER != 0;
    // The general path below answers these too; the `small` feature
    // leaves this shortcut out (it may then need room for the host as
    // written before an IPv4 address is serialized, within
    // `CapacityError`'s bound).
    if simple && !V::ENABLED && !cfg!(feature = "small") {
        if classes & FORBIDDEN_DOMAIN != 0 || raw.is_empty() {
            return Err(invalid(ValidationError::DomainToAscii, pos));
        }
        if ipv4::ends_in_a_number(raw) {
            let (addr, serialized) =
                ipv4::parse_ipv4_quiet(raw).map_err(|(e, k)| invalid(e, input.pos(start + k)))?;
            // canParse needs nothing written: the host is valid.
            if need == Need::Validity {
                return Ok(HostKind::Ipv4);
            }
            if serialized {
                w.push_span(start, end)?;
                return Ok(HostKind::Ipv4);
            }
            // Serialize an IPv4 host straight from the input: writing the raw
            // text first could need more room than the final URL.
            let mut text = [0u8; 15];
            let n = ipv4::serialize_ipv4(addr, &mut text);
            w.push_ascii(text.get(..n).unwrap_or_default())?;
            return Ok(HostKind::Ipv4);
        }
        if need == Need::Validity {
            return Ok(HostKind::Domain);
        }
        if upper {
            w.push_ascii_lowercase(raw)?;
        } else {
            w.push_span(start, end)?;
        }
        return Ok(HostKind::Domain);
    }
    if simple {
        if upper {
            w.push_ascii_lowercase(raw)?;
        } else {
            w.push_span(start, end)?;
        }
    } else if classes & NEEDS_DECODE == 0 {
        // Non-ASCII but nothing to decode: the input's own (UTF-8) text,
        // ASCII lowercased, unless ToASCII's result is plain to see.
        // For speed only, so only where scans are vector (servers); and
        // without the `idna` feature such a host fails as every non-ASCII
        // one does.
        if V::ENABLED
            || !crate::simd::VECTOR
            || cfg!(feature = "small")
            || !cfg!(feature = "idna")
            // Most IDNs are in another script: declined at the first
            // non-ASCII byte, without a call.
            || !matches!(raw.iter().find(|&&b| b >= 0x80), Some(0xEF | 0xE3))
            || !push_fullwidth_mapped(w, raw)?
        {
            push_lowercase_utf8(w, raw, start)?;
        }
    } else {
        if V::ENABLED {
            if let Some(k) = first_percent_encoded_byte(input, start, end) {
                sink.report(ValidationError::DomainPercentEncoded, input.pos(k));
            }
        }
        // "UTF-8 decode without BOM" would yield U+FFFD, which the domain
        // parser rejects: fail early instead (the standard allows this).
        if !push_percent_decoded(w, input, start, end)? {
            sink.report(ValidationError::DomainToAscii, pos);
            return Err(invalid(ValidationError::DomainToAscii, pos));
        }
    }

    if !w
        .as_bytes()
        .get(host_start..)
        .unwrap_or_default()
        .is_ascii()
    {
        #[cfg(feature = "idna")]
        {
            // A forbidden domain code point is ASCII, which ToASCII keeps
            // (it only lowercases ASCII), so the domain to ASCII's result
            // would hold it and fail: failure now, before the IDNA work
            // that failure would have come after (a sink still sees that
            // work's validation errors). Not `<` and `>`, which NFC
            // composes with a U+0338 after them into `≮` and `≯`. For
            // speed only, so only where scans are vector (servers).
            let kept = |bytes: &[u8]| {
                bytes
                    .iter()
                    .any(|&b| class(b) & FORBIDDEN_DOMAIN != 0 && b != b'<' && b != b'>')
            };
            let forbidden = crate::simd::VECTOR
                && if classes & NEEDS_DECODE == 0 {
                    classes & FORBIDDEN_DOMAIN != 0 && kept(raw)
                } else {
                    kept(w.as_bytes().get(host_start..).unwrap_or_default())
                };
            if forbidden && !V::ENABLED {
                return Err(invalid(ValidationError::DomainToAscii, pos));
            }
            w.materialize()?;
            crate::idna::to_ascii_in_place(w.storage(), host_start, sink, pos, need)?;
        }
        #[cfg(not(feature = "idna"))]
        {
            let _ = need;
            return Err(ParseError::IdnaUnavailable { position: pos });
        }
    } else if V::ENABLED
        && !crate::idna::ascii_domain_strictly_valid(
            w.as_bytes().get(host_start..).unwrap_or_default(),
        )
    {
        sink.report(ValidationError::DomainToAscii, pos);
    }

    let host = w.as_bytes().get(host_start..).unwrap_or_default();
    if host.is_empty() || host.iter().any(|&b| class(b) & FORBIDDEN_DOMAIN != 0) {
        return Err(invalid(ValidationError::DomainToAscii, pos));
    }
    if ipv4::ends_in_a_number(host) {
        // Offsets into the written host map to the input when it was copied
        // as is; after percent-decoding, to the host's start.
        let at = |k: usize| if simple { input.pos(start + k) } else { pos };
        let addr = ipv4::parse_ipv4(host, &mut |e, k| sink.report(e, at(k)))
            .map_err(|(e, k)| invalid(e, at(k)))?;
        let mut text = [0u8; 15];
        let n = ipv4::serialize_ipv4(addr, &mut text);
        w.truncate(host_start);
        w.push_ascii(text.get(..n).unwrap_or_default())?;
        return Ok(HostKind::Ipv4);
    }
    Ok(HostKind::Domain)
}

/// Bytes the host must be decoded for first: `%` and ASCII tab or newline.
const NEEDS_DECODE: u32 = PERCENT | TAB_OR_NEWLINE;

/// Appends what ToASCII (UTS #46, the URL Standard's flags) gives for
/// `raw` when each of its non-ASCII code points is a fullwidth form of
/// ASCII (U+FF01 to U+FF5E) or an ideographic full stop (U+3002, U+FF61),
/// and returns true; with any other code point, or a label that maps to
/// one starting with `xn--` (Punycode to decode), it writes nothing and
/// returns false. UTS #46 maps each of those code points to its ASCII
/// counterpart (lower case for a letter), NFC leaves ASCII as it is, and an
/// ASCII label that is not `xn--` is valid with these flags (no
/// CheckHyphens, no STD3 rules, no Bidi or joiner rules for ASCII) and
/// kept: the mapped text is the result. A domain of fullwidth digits, an
/// IPv4 address to the host parser, is the common case (the general IDNA
/// path took longer over it than native Ada).
#[inline(never)]
fn push_fullwidth_mapped<S: Storage>(
    w: &mut Output<'_, '_, S>,
    raw: &[u8],
) -> Result<bool, crate::CapacityError> {
    let host_start = w.len();
    let mut chunk = [0u8; 64];
    let mut n = 0;
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        let ascii = if b < 0x80 {
            i += 1;
            b
        } else {
            i += 3;
            match (b, raw.get(i - 2), raw.get(i - 1)) {
                // U+FF01..U+FF3F and U+FF40..U+FF5E: `!`..`_` and `` ` ``..`~`.
                (0xEF, Some(0xBC), Some(&t @ 0x81..=0xBF)) => t - 0x60,
                (0xEF, Some(0xBD), Some(&t @ 0x80..=0x9E)) => t - 0x20,
                (0xEF, Some(0xBD), Some(0xA1)) | (0xE3, Some(0x80), Some(0x82)) => b'.',
                _ => {
                    w.truncate(host_start);
                    return Ok(false);
                }
            }
        };
        if let Some(slot) = chunk.get_mut(n) {
            *slot = ascii.to_ascii_lowercase();
            n += 1;
        }
        if n == chunk.len() {
            w.push_ascii(&chunk)?;
            n = 0;
        }
    }
    w.push_ascii(chunk.get(..n).unwrap_or_default())?;
    let mapped = w.as_bytes().get(host_start..).unwrap_or_default();
    if mapped
        .split(|&b| b == b'.')
        .any(|label| label.starts_with(b"xn--"))
    {
        w.truncate(host_start);
        return Ok(false);
    }
    Ok(true)
}

/// Appends `raw` (= the input's bytes from `start`), whose non-ASCII bytes
/// are UTF-8 and need no decoding, with ASCII upper case lowered: runs
/// between upper-case letters are copied as they are.
fn push_lowercase_utf8<S: Storage>(
    w: &mut Output<'_, '_, S>,
    raw: &[u8],
    start: usize,
) -> Result<(), crate::CapacityError> {
    let mut run = 0;
    for (i, &b) in raw.iter().enumerate() {
        if b.is_ascii_uppercase() {
            w.push_span(start + run, start + i)?;
            w.push_byte(b | 0x20)?;
            run = i + 1;
        }
    }
    w.push_span(start + run, start + raw.len())
}

/// The two code points after index `i` (tab/newline skipped), if they are
/// hex digits: the decoded byte and the index after them.
#[inline]
fn percent_byte_at(input: &Input<'_>, i: usize, end: usize) -> Option<(u8, usize)> {
    let (h, hi) = input.at(i + 1);
    let (l, li) = input.at(hi + 1);
    if li >= end {
        return None;
    }
    Some((hex_value(h?)? << 4 | hex_value(l?)?, li + 1))
}

/// Index of the first percent-encoded byte (its `%`), if any.
fn first_percent_encoded_byte(input: &Input<'_>, start: usize, end: usize) -> Option<usize> {
    (start..end)
        .find(|&i| input.bytes.get(i) == Some(&b'%') && percent_byte_at(input, i, end).is_some())
}

/// Appends the percent-decoding of the host (ASCII lowercased). Returns
/// `Ok(false)` when the decoded bytes are not UTF-8.
fn push_percent_decoded<S: Storage>(
    w: &mut Output<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
) -> Result<bool, crate::CapacityError> {
    let mut buf = [0u8; 64];
    let mut n = 0;
    let mut i = start;
    while let Some(&b) = input.bytes.get(i).filter(|_| i < end) {
        if is_tab_or_newline(b) {
            i += 1;
            continue;
        }
        let byte = if b == b'%' {
            match percent_byte_at(input, i, end) {
                Some((v, next)) => {
                    i = next;
                    v
                }
                None => {
                    i += 1;
                    b
                }
            }
        } else {
            i += 1;
            b
        };
        if let Some(slot) = buf.get_mut(n) {
            *slot = byte.to_ascii_lowercase();
        }
        n += 1;
        if n >= buf.len() {
            match flush_utf8(w, &mut buf, n)? {
                Some(rest) => n = rest,
                None => return Ok(false),
            }
        }
    }
    match flush_utf8(w, &mut buf, n)? {
        Some(0) => Ok(true),
        _ => Ok(false),
    }
}

/// Pushes the longest valid UTF-8 prefix of `buf[..n]`, moves an incomplete
/// trailing sequence to the front and returns its length; `None` if invalid.
fn flush_utf8<S: Storage>(
    w: &mut Output<'_, '_, S>,
    buf: &mut [u8; 64],
    n: usize,
) -> Result<Option<usize>, crate::CapacityError> {
    match core::str::from_utf8(buf.get(..n).unwrap_or_default()) {
        Ok(s) => {
            w.push_str(s)?;
            Ok(Some(0))
        }
        Err(e) if e.error_len().is_none() => {
            let valid = e.valid_up_to();
            if let Ok(s) = core::str::from_utf8(buf.get(..valid).unwrap_or_default()) {
                w.push_str(s)?;
            }
            if let Some(pending) = buf.get_mut(..n) {
                crate::bytes::shift_left(pending, valid);
            }
            Ok(Some(n - valid))
        }
        Err(_) => Ok(None),
    }
}
