//! The basic URL parser for the common shape of a special URL, in one
//! straight line: `scheme ":" 2*("/" / "\") [userinfo "@"] host [":" port]
//! [path] ["?" query] ["#" fragment]`, the scheme special and not `file`
//! (any case), no ASCII tab or newline anywhere, and no leading or trailing
//! C0 control or space (the entry points trim those first).
//!
//! For such an input the state machine goes scheme → special authority
//! (ignore) slashes → authority → host → port → path start → path → query →
//! fragment, whatever the base (two or more slashes after a special scheme
//! always start the authority: url.bs special relative or authority state,
//! relative state, relative slash state). This route does the same work in
//! that order without the per-code-point dispatch: the scheme lowercased,
//! userinfo percent-encoded, the host parser, the port normalized, the path
//! percent-encoded with its `\`s and dot segments resolved as it is copied,
//! the query and fragment percent-encoded, each run found 16 bytes at a time
//! (`simd`). It is what uppercase schemes, backslashes, credentials, bytes
//! to percent-encode and dot segments cost when the canonical fast path
//! declines them.
//!
//! For such an input the only states that can fail are host and port, in
//! that order, so a host or port that does not parse is this route's
//! answer too: the same error at the same position as the state machine's
//! (one pass for a failing input, where a second parse used to report it).
//! A tab or newline, or a full storage, declines, and the state machine
//! parses the input again and reports what it finds, so validation errors
//! and capacity reports have one source. Agreement with the state machine,
//! errors included, is tested wherever the fast path is
//! (`tests/fast_path.rs`, the `fast_path` fuzz target).

use super::authority::{port_from_text, scan_authority, write_port, write_userinfo, AuthorityScan};
use super::path::write_special_path;
use super::query::encode_query_or_fragment;
use super::scheme::{scan_scheme, write_scheme, Scheme, SchemeScan};
use super::{Halt, StateOverride};
use crate::error::ParseError;
use crate::host::HostKind;
use crate::host::{invalid, parse_host, HostSyntax};
use crate::input::Input;
use crate::output::{Need, Output};
use crate::simd::Stop;
use crate::storage::{CapacityError, Storage};
use crate::url::{Offsets, SchemeType};
use crate::validation::{NoValidation, ValidationError};

/// What the route answers.
pub(super) enum Answer {
    /// The URL's offsets (its serialization is in the storage).
    Parsed(Offsets),
    /// The input fails, as the state machine would report it.
    Failed(ParseError),
    /// Not this route's input (or no room): the state machine decides.
    Declined,
}

/// Why the route stopped short.
enum Halted {
    /// The state machine decides.
    Declined,
    /// The input fails: the state machine's error.
    Failed(ParseError),
}

impl From<CapacityError> for Halted {
    fn from(_: CapacityError) -> Self {
        Halted::Declined
    }
}

impl From<ParseError> for Halted {
    fn from(e: ParseError) -> Self {
        match e {
            // Where the state machine runs out of room may differ.
            ParseError::Capacity(_) => Halted::Declined,
            e => Halted::Failed(e),
        }
    }
}

impl From<Halt> for Halted {
    fn from(_: Halt) -> Self {
        Halted::Declined
    }
}

type Step<T> = Result<T, Halted>;

/// The serialization of `raw` (already trimmed) into `out` (empty) and its
/// offsets, when `raw` has the shape above and parses, or the error the
/// state machine would give for it; else declined, with `out` cleared.
/// `offset`: where `raw` starts in the caller's input, for error positions;
/// `None` when positions do not map (the input without its tabs and
/// newlines), and then a failure declines too.
#[inline(never)]
pub(super) fn parse_special<S: Storage>(raw: &str, offset: Option<usize>, out: &mut S) -> Answer {
    let bytes = raw.as_bytes();
    let Ok(scheme) = scan_scheme(bytes, 0, SchemeScan::Input) else {
        return Answer::Declined;
    };
    let (colon, scheme_type) = (scheme.colon, scheme.scheme_type);
    if !scheme_type.is_special() || scheme_type == SchemeType::File || scheme.tab_or_newline {
        return Answer::Declined;
    }
    let mut i = colon + 1;
    while matches!(bytes.get(i), Some(b'/' | b'\\')) {
        i += 1;
    }
    if i < colon + 3 {
        // "http:/x" or "http:x": relative to a base of the same scheme.
        return Answer::Declined;
    }
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    let answer = match write(&mut w, raw, offset.unwrap_or(0), &scheme, i) {
        Ok(off) if w.len() <= u32::MAX as usize => return Answer::Parsed(off),
        Err(Halted::Failed(e)) if offset.is_some() => Answer::Failed(e),
        _ => Answer::Declined,
    };
    out.clear();
    answer
}

/// Everything after the slashes that end at `i`; `offset` is where `raw`
/// starts in the caller's input.
fn write<S: Storage>(
    w: &mut Output<'_, '_, S>,
    raw: &str,
    offset: usize,
    scheme: &Scheme,
    i: usize,
) -> Step<Offsets> {
    let bytes = raw.as_bytes();
    let scheme_type = scheme.scheme_type;
    write_scheme(w, bytes, 0, scheme)?;
    w.push_ascii(b"://")?;
    let authority = scan_authority(bytes, i, scheme_type, AuthorityScan::WithUserinfo);
    if authority.tab_or_newline {
        return Err(Halted::Declined);
    }
    let missing = |at: usize| Halted::Failed(invalid(ValidationError::HostMissing, offset + at));
    let mut username_end = w.len();
    let mut host_from = i;
    if let Some(at) = authority.at {
        username_end = write_userinfo(w, bytes, i, &authority, at)?;
        host_from = at + 1;
        // The authority state: nothing after the credentials.
        if host_from >= authority.end {
            return Err(missing(host_from));
        }
    }
    // The host state: an empty host fails for a special URL.
    let host_end = authority.host_end();
    if host_from >= host_end {
        return Err(missing(host_end));
    }
    let input = Input {
        s: raw,
        bytes,
        has_ws: false,
        offset,
    };
    let host_start = w.len();
    let host_kind: HostKind = parse_host(
        w,
        &input,
        host_from,
        host_end,
        HostSyntax::Domain,
        &mut NoValidation,
        Need::Serialization,
    )?;
    let new_host_end = w.len();
    let port = match authority.host_colon {
        Some(c) => {
            let text = bytes.get(c + 1..authority.end).unwrap_or_default();
            let port = port_from_text(text, scheme_type).map_err(|(e, k)| {
                // As the port state reports them: a bad code point where it
                // is, out of range at the port's start.
                let at = c
                    + 1
                    + if e == ValidationError::PortInvalid {
                        k
                    } else {
                        0
                    };
                Halted::Failed(invalid(e, offset + at))
            })?;
            if let Some(port) = port {
                write_port(w, port)?;
            }
            port
        }
        None => None,
    };
    let path_start = w.len();
    let mut i = write_special_path(w, bytes, authority.end, StateOverride::Absent)?;
    let mut query_start = None;
    let mut fragment_start = None;
    if bytes.get(i) == Some(&b'?') {
        query_start = Some(w.len());
        w.push_byte(b'?')?;
        i = encode_query_or_fragment(w, bytes, i + 1, Stop::SpecialQuery, Some(b'#'))?;
    }
    if bytes.get(i) == Some(&b'#') {
        fragment_start = Some(w.len());
        w.push_byte(b'#')?;
        encode_query_or_fragment(w, bytes, i + 1, Stop::Fragment, None)?;
    }
    let u = |x: usize| x as u32;
    Ok(Offsets {
        scheme_end: u(scheme.colon),
        username_end: u(username_end),
        host_start: u(host_start),
        host_end: u(new_host_end),
        path_start: u(path_start),
        query_start: query_start.map(u),
        fragment_start: fragment_start.map(u),
        port,
        scheme_type,
        host_kind,
        opaque_path: false,
    })
}

#[cfg(test)]
mod tests {
    use super::{parse_special, Answer};
    use crate::error::ParseError;
    use crate::storage::{Buffer, SliceStorage};
    use crate::validation::ValidationError::{self, *};

    /// What this route answers: the href, the error (kind and position),
    /// or `None` where it declines.
    fn route(input: &str) -> Option<Result<std::string::String, (ValidationError, usize)>> {
        let mut buf = [0u8; 256];
        let mut out = SliceStorage::new(&mut buf);
        match parse_special(input, Some(0), &mut out) {
            Answer::Parsed(_) => Some(Ok(out.as_str().into())),
            Answer::Failed(ParseError::Invalid { error, position }) => Some(Err((error, position))),
            Answer::Failed(e) => panic!("{input:?}: {e:?}"),
            Answer::Declined => None,
        }
    }

    #[test]
    fn answers_the_common_special_shapes() {
        for (input, href) in [
            ("HTTPS://EXAMPLE.com/", "https://example.com/"),
            ("http://0x7f.1/p?q#f", "http://127.0.0.1/p?q#f"),
            ("http://[::1]:8080/", "http://[::1]:8080/"),
            ("https://EXAMPLE.com:443/", "https://example.com/"),
            ("wss://h:0443", "wss://h/"),
            ("wss://h:0444", "wss://h:444/"),
            (
                "HTTP:\\\\Example.COM\\a\\.\\b\\..\\c d?e f'#g h`",
                "http://example.com/a/c%20d?e%20f%27#g%20h%60",
            ),
            ("https://u:p w@h/", "https://u:p%20w@h/"),
            ("https://u:@h/", "https://u@h/"),
            ("https://:@h/", "https://h/"),
            ("ws://h/%2e%2E/x/..", "ws://h/"),
            ("ftp://h/./a/%2e/b/.", "ftp://h/a/b/"),
            ("http:////h", "http://h/"),
            (
                "http://h/\u{e9}?\u{e9}#\u{e9}",
                "http://h/%C3%A9?%C3%A9#%C3%A9",
            ),
        ] {
            assert_eq!(route(input), Some(Ok(href.into())), "{input:?}");
        }
    }

    #[test]
    fn answers_host_and_port_failures_as_the_standard_reports_them() {
        // url.bs: the port state fails at a non-digit (port-invalid, at that
        // code point) or past 65535 (port-out-of-range, at the port); the
        // authority state fails with credentials and nothing after them,
        // and the host state on an empty host (host-missing); the host
        // parser on a forbidden code point or an unclosed IPv6 address, at
        // the host's start.
        for (input, error, position) in [
            ("http://h:99999/", PortOutOfRange, 9),
            ("http://h:8a/", PortInvalid, 10),
            ("https://@/", HostMissing, 9),
            ("https://u@:80/", HostMissing, 10),
            ("http://:80/", HostMissing, 7),
            ("http://a b/", DomainToAscii, 7),
            ("http://[::1/", Ipv6Unclosed, 7),
        ] {
            assert_eq!(route(input), Some(Err((error, position))), "{input:?}");
        }
    }

    #[test]
    fn leaves_everything_else_to_the_state_machine() {
        for input in [
            "http:/h",
            "http:h",
            "file:///x",
            "mailto:x",
            "foo://h/",
            "http://h\tx/",
            "http://h/\n",
            "http://h?\r",
        ] {
            assert_eq!(route(input), None, "{input:?}");
        }
    }
}
