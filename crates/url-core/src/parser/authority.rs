//! Authority, host and port states (url.bs §4.4), and the one
//! implementation of what every engine needs of them: the authority scan,
//! the userinfo's encoding and the port.

use crate::byte_class::{class, is_tab_or_newline, AUTHORITY_END, TAB_OR_NEWLINE, USERINFO};
use crate::error::ParseError;
use crate::host::{self, HostSyntax};
use crate::output::Output;
use crate::percent_encode::push_encoded_text;
use crate::simd::{find, Stop, VECTOR};
use crate::storage::{CapacityError, Storage};
use crate::url::{format_port, SchemeType};
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};

/// What [`scan_authority`] scans.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AuthorityScan {
    /// An authority (the authority state): credentials end at its last `@`.
    WithUserinfo,
    /// A host and port only (the host setters, the file host state): `@`
    /// is one of the host's code points.
    HostOnly,
}

/// Where an authority ends, and what the authority and host states need to
/// know of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Authority {
    /// The end: the first `/`, `?`, `#` (or `\` in a special URL), or the
    /// input's end.
    pub end: usize,
    /// The last `@` ([`AuthorityScan::WithUserinfo`]).
    pub at: Option<usize>,
    /// The first `:` outside brackets after the last `@`: the port's.
    pub host_colon: Option<usize>,
    /// An ASCII tab or newline inside (the parser removes them).
    pub tab_or_newline: bool,
}

impl Authority {
    /// Where the host ends: at the port's `:`, or the authority's end.
    #[inline]
    pub fn host_end(&self) -> usize {
        self.host_colon.unwrap_or(self.end)
    }
}

/// Whether the text between a host's brackets is all the host state reads
/// there: no ASCII tab or newline (removed first), nothing that ends the
/// authority, starts credentials or opens another bracket. Then the host
/// parser's input is `[`, this text and `]`, and the IPv6 parser's answer
/// on it is the input's (the straight-line route and `can_parse`'s
/// predicate report a failing address on that ground).
pub(crate) fn bracketed_text_is_the_host(inner: &[u8]) -> bool {
    !inner
        .iter()
        .any(|&b| class(b) & (AUTHORITY_END | TAB_OR_NEWLINE) != 0 || b == b'@' || b == b'[')
}

/// The host state's buffer for a host that starts with '[' (`authority`
/// from there on), and the host parser's answer on it. Brackets nest no
/// deeper than a flag, so a ':' ends the buffer only outside them (and
/// never in the file host state: `colon_ends`); '\\' ends it only in a
/// special URL. The host parser fails unless the buffer ends with ']', and
/// else answers as the IPv6 parser does on the text between the first '['
/// and the last ']': `Ok(end)` where the buffer ends and is an address,
/// `Err((error, offset into authority))` where it fails. `None` where this
/// cannot tell: a tab or newline (removed first), an '@' (credentials, the
/// caller's to rule out further on), a buffer to `authority`'s end whose
/// last byte is a C0 control or space (trimming may take it away).
/// `[::1]]`, `[[::1]]` and `[::1]x` were parsed once by the engine that
/// declined them and again by the one after.
pub(crate) fn bracketed_host(
    authority: &[u8],
    special: bool,
    colon_ends: bool,
) -> Option<Result<usize, (ValidationError, usize)>> {
    let mut inside = false;
    let mut end = authority.len();
    for (i, &b) in authority.iter().enumerate() {
        match b {
            b'[' => inside = true,
            b']' => inside = false,
            b':' if colon_ends && !inside => {
                end = i;
                break;
            }
            b'/' | b'?' | b'#' => {
                end = i;
                break;
            }
            b'\\' if special => {
                end = i;
                break;
            }
            b'\t' | b'\n' | b'\r' | b'@' => return None,
            _ => {}
        }
    }
    if end == authority.len() && authority.last().is_some_and(|&b| b <= b' ') {
        return None;
    }
    Some(match authority.get(..end).unwrap_or_default() {
        [b'[', inner @ .., b']'] => match host::ipv6::parse_ipv6(inner, false, &mut |_, _| {}) {
            Ok(_) => Ok(end),
            Err((e, k)) => Err((e, host::ipv6::offset_in_brackets(k))),
        },
        _ => Err((ValidationError::Ipv6Unclosed, 0)),
    })
}

shared_step! {
/// The authority state's scan from `start` for a URL of `scheme_type`, 16
/// bytes per step between the bytes it looks at (the state machine, the
/// straight-line route, `can_parse`'s predicate and the host setters all use
/// it).
pub(crate) fn scan_authority(
    bytes: &[u8],
    start: usize,
    scheme_type: SchemeType,
    scan: AuthorityScan,
) -> Authority {
    let mut a = Authority {
        end: start,
        at: None,
        host_colon: None,
        tab_or_newline: false,
    };
    let mut inside_brackets = false;
    loop {
        // Inside brackets an IPv6 address's colons are not the port's: the
        // scan steps over them (the userinfo's `:` is found when an `@`
        // shows there is one; see `write_userinfo`).
        // Past the first ':' (until an '@' makes the host start again),
        // a ':' or '[' changes nothing: the bracketed scan, which does not
        // stop at them, so that a run of colons is not a stop per byte.
        let bracketed = inside_brackets || a.host_colon.is_some();
        a.end = if !VECTOR {
            // A byte loop reads the class table either way: one copy of it.
            let stop = if bracketed {
                Stop::BracketedAuthority
            } else {
                Stop::Authority
            };
            find(bytes, a.end, stop)
        } else if bracketed {
            find(bytes, a.end, Stop::BracketedAuthority)
        } else {
            find(bytes, a.end, Stop::Authority)
        };
        let Some(&b) = bytes.get(a.end) else {
            return a;
        };
        // The end of the authority is told by its class bit, not in a
        // `match` whose jump table cost 0.9 mispredicted indirect branches
        // per URL (non-canonical set, callgrind's model): most authorities
        // end at their first stop.
        if class(b) & AUTHORITY_END != 0 && (b != b'\\' || scheme_type.is_special()) {
            return a;
        }
        match b {
            // Outside brackets: inside, the scan does not stop at ':'.
            b':' => {
                if a.host_colon.is_none() {
                    a.host_colon = Some(a.end);
                }
            }
            b'@' if scan == AuthorityScan::WithUserinfo => {
                a.at = Some(a.end);
                a.host_colon = None;
                inside_brackets = false;
            }
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            // A host's `@`, a non-special URL's `\`.
            b'@' | b'\\' => {}
            _ => a.tab_or_newline = true,
        }
        a.end += 1;
    }
}
}

/// The authority state's credentials, once the scan found the last `@` at
/// `at`: the username and password before it (split at the first `:`),
/// UTF-8 percent-encoded with the userinfo set, tab or newline removed, an
/// empty password not serialized, and `@` after them unless both are
/// empty. Returns where the username ends in the output.
pub(crate) fn write_userinfo<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    start: usize,
    at: usize,
) -> Result<usize, CapacityError> {
    let userinfo_start = w.len();
    // The first `:` splits the userinfo (the scan does not note it: inside
    // brackets it does not stop at colons).
    let colon = bytes
        .get(start..at)
        .and_then(|u| u.iter().position(|&b| b == b':'))
        .map(|k| start + k);
    encode_userinfo(w, bytes, start, colon.unwrap_or(at))?;
    let username_end = w.len();
    if let Some(colon) = colon {
        w.push_byte(b':')?;
        let before = w.len();
        encode_userinfo(w, bytes, colon + 1, at)?;
        if w.len() == before {
            // An empty password is not serialized.
            w.truncate(before - 1);
        }
    }
    if w.len() > userinfo_start {
        w.push_byte(b'@')?;
    }
    Ok(username_end)
}

/// Appends `bytes[start..end]` UTF-8 percent-encoded with the userinfo
/// percent-encode set (the input is UTF-8, so encoding each byte of a
/// non-ASCII code point encodes the code point), tab or newline removed.
fn encode_userinfo<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    start: usize,
    end: usize,
) -> Result<(), CapacityError> {
    let bytes = bytes.get(..end).unwrap_or_default();
    let mut run = start;
    let mut k = start;
    while let Some(&b) = bytes.get(k) {
        // Tab and newline are C0 controls, in the set: removed here.
        if class(b) & USERINFO != 0 {
            w.push_span(run, k)?;
            k = if is_tab_or_newline(b) {
                k + 1
            } else {
                push_encoded_text::<_, false>(w, bytes, k, USERINFO, TAB_OR_NEWLINE)?
            };
            run = k;
        } else {
            k += 1;
        }
    }
    w.push_span(run, end)
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    pub(super) fn authority_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        self.w.push_str("//")?;
        let userinfo_start = self.w.len();
        let start = *i;
        let authority = scan_authority(
            input.bytes,
            start,
            self.scheme_type,
            AuthorityScan::WithUserinfo,
        );
        let end = authority.end;
        if V::ENABLED {
            for (k, _) in input
                .bytes
                .iter()
                .enumerate()
                .take(end)
                .skip(start)
                .filter(|(_, &b)| b == b'@')
            {
                self.report(ValidationError::InvalidCredentials, k);
            }
        }
        let host_from = authority.at.map_or(start, |a| a + 1);
        self.host_hint = Some((
            host_from,
            authority.host_end(),
            authority.host_colon.is_some(),
        ));
        if let Some(at) = authority.at {
            self.username_end = write_userinfo(&mut self.w, input.bytes, start, at)?;
            if input.skip_ws(at + 1) >= end {
                return Err(self.fail(ValidationError::HostMissing, at + 1));
            }
            *i = at + 1;
        } else {
            self.username_end = userinfo_start;
        }
        self.host_start = self.w.len();
        Ok(State::Host)
    }

    pub(super) fn host_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let start = *i;
        let (j, to_port) = match self.host_hint.take() {
            Some((from, j, to_port)) if from == start => (j, to_port),
            _ => {
                let a = scan_authority(
                    input.bytes,
                    start,
                    self.scheme_type,
                    AuthorityScan::HostOnly,
                );
                (a.host_end(), a.host_colon.is_some())
            }
        };
        let empty = input.skip_ws(start) >= j;
        if empty && (to_port || special) {
            return Err(self.fail(ValidationError::HostMissing, j));
        }
        self.host_start = self.w.len();
        let need = self.need();
        self.host_kind = host::parse_host(
            &mut self.w,
            &input,
            start,
            j,
            HostSyntax::of(special),
            self.sink,
            need,
        )?;
        self.host_end = self.w.len();
        if to_port {
            *i = j + 1;
            Ok(State::Port)
        } else {
            *i = j;
            Ok(State::PathStart)
        }
    }

    pub(super) fn port_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let start = *i;
        // The port's text runs to the end of the authority.
        let mut end = start;
        while let Some(&b) = input.bytes.get(end) {
            if matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\') {
                break;
            }
            end += 1;
        }
        let text = input.bytes.get(start..end).unwrap_or_default();
        let port = port_from_text(text, self.scheme_type).map_err(|(e, k)| {
            self.fail(
                e,
                if e == ValidationError::PortInvalid {
                    start + k
                } else {
                    start
                },
            )
        })?;
        if let Some(port) = port {
            self.port = Some(port);
            write_port(&mut self.w, port)?;
        }
        *i = end;
        Ok(State::PathStart)
    }
}

/// A port's number (url.bs §4.4 port state): the decimal value of the ASCII
/// digits `digits`, saturated just past the largest port, so that any
/// count of digits (leading zeros too) reads in one pass without overflow.
#[inline(always)]
pub(crate) fn port_number(digits: impl IntoIterator<Item = u8>) -> u32 {
    let mut value = 0u32;
    for d in digits {
        value = (value * 10 + u32::from(d.wrapping_sub(b'0'))).min(0x1_0000);
    }
    value
}

/// The port a number gives a URL of `scheme_type` (port state, step 2.2):
/// failure past 65535, and null for the scheme's default port.
#[inline(always)]
pub(crate) fn port_for(
    value: u32,
    scheme_type: SchemeType,
) -> Result<Option<u16>, ValidationError> {
    let port = u16::try_from(value).map_err(|_| ValidationError::PortOutOfRange)?;
    Ok((Some(port) != scheme_type.default_port()).then_some(port))
}

/// What a special URL's host ending at `at` may be followed by for a
/// resumption to take it: ':' and the port's digits, or neither, then the
/// authority's end (`/`, `\`, `?`, `#` or the input's end). Where the path
/// starts, and the digits (`None` without a ':'); `None` when anything
/// else follows (the route reads it: credentials, a tab, …).
#[inline(always)]
pub(crate) fn port_digits_after(bytes: &[u8], at: usize) -> Option<(usize, Option<&[u8]>)> {
    let mut i = at;
    let digits = match bytes.get(i) {
        Some(b':') => {
            let n = bytes
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            i += 1 + n;
            bytes.get(i - n..i)
        }
        _ => None,
    };
    matches!(bytes.get(i), None | Some(b'/' | b'\\' | b'?' | b'#')).then_some((i, digits))
}

shared_step! {
/// The port state over a port's whole text (from after the host's `:` to
/// the end of the authority; ASCII tab or newline in it are removed): its
/// port, or the validation error that makes it fail with the index in
/// `text` of the code point it is about.
pub(crate) fn port_from_text(
    text: &[u8],
    scheme_type: SchemeType,
) -> Result<Option<u16>, (ValidationError, usize)> {
    if text.is_empty() {
        return Ok(None);
    }
    let mut digits = false;
    for (k, &b) in text.iter().enumerate() {
        if b.is_ascii_digit() {
            digits = true;
        } else if !is_tab_or_newline(b) {
            return Err((ValidationError::PortInvalid, k));
        }
    }
    if !digits {
        return Ok(None);
    }
    let value = port_number(text.iter().copied().filter(|&b| !is_tab_or_newline(b)));
    port_for(value, scheme_type).map_err(|e| (e, 0))
}
}

/// Appends `:` and `port` in decimal.
#[inline]
pub(crate) fn write_port<S: Storage>(
    w: &mut Output<'_, '_, S>,
    port: u16,
) -> Result<(), CapacityError> {
    let mut text = [0u8; 6];
    let n = format_port(port, &mut text);
    w.push_byte(b':')?;
    w.push_ascii(text.get(..n).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use crate::{SliceStorage, Url};

    /// The userinfo's first `:` may sit inside brackets, where the scan
    /// steps over colons; with a tab in the authority the state machine
    /// answers. Expected values from url.bs by hand (whatwg-url agrees).
    #[test]
    fn userinfo_colon_inside_brackets() {
        for (input, href) in [
            ("http://[a:b@c/", "http://%5Ba:b@c/"),
            ("http://[::1:@x/", "http://%5B:%3A1%3A@x/"),
            ("http://a@[::1]:b@c:81/", "http://a%40%5B:%3A1%5D%3Ab@c:81/"),
            ("http://u:p@[::1]:8080/", "http://u:p@[::1]:8080/"),
            ("http://[a:\tb@c/", "http://%5Ba:b@c/"),
            ("foo://[a:b]:c@d/", "foo://%5Ba:b%5D%3Ac@d/"),
        ] {
            let mut buf = [0u8; 128];
            let url = Url::parse_into(input, SliceStorage::new(&mut buf));
            assert_eq!(url.as_ref().map(|u| u.href()), Ok(href), "{input:?}");
        }
    }
}
