//! Hosts (url.bs §3): the host parser and serializer, writing the serialized
//! host straight into the URL's buffer.

pub(crate) mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;

use crate::error::ParseError;
use crate::input::{is_tab_or_newline, Input};
use crate::percent_encode::{percent_encoded, C0, CLASS};
use crate::storage::Storage;
use crate::url::HostKind;
use crate::validation::{ValidationError, ValidationSink};
use crate::writer::Writer;

/// A forbidden host code point (url.bs §3.2).
#[inline]
pub const fn is_forbidden_host_code_point(b: u8) -> bool {
    matches!(
        b,
        0x00 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// A forbidden domain code point (url.bs §3.2): forbidden host code points,
/// C0 controls, `%` and DEL.
#[inline]
pub const fn is_forbidden_domain_code_point(b: u8) -> bool {
    is_forbidden_host_code_point(b) || b <= 0x1F || b == b'%' || b == 0x7F
}

/// [`is_forbidden_domain_code_point`] as one table read (the function is a
/// chain of comparisons; a domain is checked byte by byte after IDNA).
#[inline]
pub(crate) fn forbidden_in_domain(b: u8) -> bool {
    static TABLE: [bool; 256] = {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            t[b] = is_forbidden_domain_code_point(b as u8);
            b += 1;
        }
        t
    };
    TABLE[usize::from(b)]
}

pub(crate) fn invalid(error: ValidationError, position: usize) -> ParseError {
    ParseError::Invalid { error, position }
}

/// The host parser (url.bs §3.5) over `input.bytes[start..end]` (tab/newline
/// skipped), appending the serialized host to `w`. `check_only`: only
/// whether it parses is wanted (canParse), so an IDN label's Punycode is
/// not written.
pub(crate) fn parse_host<S: Storage, V: ValidationSink>(
    w: &mut Writer<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
    is_opaque: bool,
    sink: &mut V,
    check_only: bool,
) -> Result<HostKind, ParseError> {
    let pos = input.pos(start);
    let raw = input.bytes.get(start..end).unwrap_or_default();
    let first = input.peek(start).filter(|_| input.skip_ws(start) < end);
    if first == Some(b'[') {
        // Last non-tab/newline byte must be ']'.
        let last = raw.iter().rposition(|&b| !is_tab_or_newline(b));
        let last_i = last.map(|l| start + l);
        if last_i.and_then(|l| input.bytes.get(l)) != Some(&b']')
            || last_i == Some(input.skip_ws(start))
        {
            sink.report(ValidationError::Ipv6Unclosed, pos);
            return Err(invalid(ValidationError::Ipv6Unclosed, pos));
        }
        let inner_start = input.skip_ws(start) + 1;
        let inner = input
            .bytes
            .get(inner_start..last_i.unwrap_or(inner_start))
            .unwrap_or_default();
        // Offsets into `inner` map straight to the input (tab/newline
        // included); errors about the whole address go to the host's start.
        let at = |k: usize| {
            if k == ipv6::WHOLE {
                pos
            } else {
                input.pos(inner_start + k)
            }
        };
        let plain = if V::ENABLED || input.has_ws {
            None
        } else {
            ipv6::parse_ipv6_plain(inner)
        };
        let addr = match plain {
            Some(addr) => addr,
            None => ipv6::parse_ipv6(inner, &mut |e, k| sink.report(e, at(k)))
                .map_err(|(e, k)| invalid(e, at(k)))?,
        };
        let mut text = [0u8; 40];
        let n = ipv6::serialize_ipv6(&addr, &mut text);
        w.push_byte(b'[')?;
        w.push_ascii(text.get(..n).unwrap_or_default())?;
        w.push_byte(b']')?;
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        return parse_opaque_host(w, input, start, end, sink);
    }
    domain::parse_domain_host(w, input, start, end, sink, check_only)
}

/// The opaque-host parser (url.bs §3.5).
fn parse_opaque_host<S: Storage, V: ValidationSink>(
    w: &mut Writer<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
    sink: &mut V,
) -> Result<HostKind, ParseError> {
    let bytes = input.bytes;
    // Forbidden code points first: they fail, whatever else is wrong.
    for (i, &b) in bytes.get(start..end).unwrap_or_default().iter().enumerate() {
        if is_forbidden_host_code_point(b) && !is_tab_or_newline(b) {
            let p = input.pos(start + i);
            sink.report(ValidationError::HostInvalidCodePoint, p);
            return Err(invalid(ValidationError::HostInvalidCodePoint, p));
        }
    }
    if V::ENABLED {
        crate::validation::report_invalid_url_units(input, start, end, sink);
    }
    let mut run = start;
    let mut i = start;
    let mut empty = true;
    while let Some(&b) = bytes.get(i).filter(|_| i < end) {
        if CLASS[b as usize] & C0 != 0 {
            w.push_span(run, i)?;
            if !is_tab_or_newline(b) {
                w.push_ascii(&percent_encoded(b))?;
                empty = false;
            }
            run = i + 1;
        } else {
            empty = false;
        }
        i += 1;
    }
    w.push_span(run, end)?;
    Ok(if empty {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

/// Where the host state stops: at a `:` outside brackets (when
/// `colon_ends` — the file host state has no port) or at the end of the
/// authority. Returns the index and whether a port follows.
pub(crate) fn host_end(
    bytes: &[u8],
    start: usize,
    special: bool,
    colon_ends: bool,
) -> (usize, bool) {
    let mut inside_brackets = false;
    for (j, &b) in bytes.iter().enumerate().skip(start) {
        match b {
            b':' if !inside_brackets && colon_ends => return (j, true),
            b'/' | b'?' | b'#' => return (j, false),
            b'\\' if special => return (j, false),
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
    }
    (bytes.len(), false)
}
