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
//! It answers only successes: a failure anywhere (a host or port that does
//! not parse), a tab or newline, or a full storage returns `None`, and the
//! state machine parses the input again and reports what it finds, so
//! errors, validation and capacity reports have one source. Agreement with
//! the state machine is tested wherever the fast path is
//! (`tests/fast_path.rs`, the `fast_path` fuzz target).

use super::authority::{port_from_text, scan_authority, write_port, write_userinfo, AuthorityScan};
use super::path::write_special_path;
use super::query::encode_query_or_fragment;
use super::scheme::{scan_scheme, write_scheme, Scheme, SchemeScan};
use super::{Halt, StateOverride};
use crate::host::HostKind;
use crate::host::{parse_host, HostSyntax};
use crate::input::Input;
use crate::output::{Need, Output};
use crate::simd::Stop;
use crate::storage::{CapacityError, Storage};
use crate::url::{Offsets, SchemeType};
use crate::validation::NoValidation;

/// Why the route gave up (never shown: the state machine runs instead).
pub(crate) struct Declined;

impl From<CapacityError> for Declined {
    fn from(_: CapacityError) -> Self {
        Declined
    }
}

impl From<crate::error::ParseError> for Declined {
    fn from(_: crate::error::ParseError) -> Self {
        Declined
    }
}

impl From<Halt> for Declined {
    fn from(_: Halt) -> Self {
        Declined
    }
}

type Step<T> = Result<T, Declined>;

/// The serialization of `raw` (already trimmed) into `out` (empty) and its
/// offsets, when `raw` has the shape above and parses; `None` otherwise,
/// with `out` cleared.
#[inline(never)]
pub(super) fn parse_special<S: Storage>(raw: &str, out: &mut S) -> Option<Offsets> {
    let bytes = raw.as_bytes();
    let scheme = scan_scheme(bytes, 0, SchemeScan::Input).ok()?;
    let (colon, scheme_type) = (scheme.colon, scheme.scheme_type);
    if !scheme_type.is_special() || scheme_type == SchemeType::File || scheme.tab_or_newline {
        return None;
    }
    let mut i = colon + 1;
    while matches!(bytes.get(i), Some(b'/' | b'\\')) {
        i += 1;
    }
    if i < colon + 3 {
        // "http:/x" or "http:x": relative to a base of the same scheme.
        return None;
    }
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    match write(&mut w, raw, &scheme, i) {
        Ok(off) if w.len() <= u32::MAX as usize => Some(off),
        _ => {
            out.clear();
            None
        }
    }
}

/// Everything after the slashes that end at `i`.
fn write<S: Storage>(
    w: &mut Output<'_, '_, S>,
    raw: &str,
    scheme: &Scheme,
    i: usize,
) -> Step<Offsets> {
    let bytes = raw.as_bytes();
    let scheme_type = scheme.scheme_type;
    write_scheme(w, bytes, 0, scheme)?;
    w.push_ascii(b"://")?;
    let authority = scan_authority(bytes, i, scheme_type, AuthorityScan::WithUserinfo);
    if authority.tab_or_newline {
        return Err(Declined);
    }
    let mut username_end = w.len();
    let mut host_from = i;
    if let Some(at) = authority.at {
        username_end = write_userinfo(w, bytes, i, &authority, at)?;
        host_from = at + 1;
    }
    // Host state: an empty host fails for a special URL (host-missing).
    let host_end = authority.host_colon.unwrap_or(authority.end);
    if host_from >= host_end {
        return Err(Declined);
    }
    let input = Input {
        s: raw,
        bytes,
        has_ws: false,
        offset: 0,
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
            let port = port_from_text(text, scheme_type).map_err(|_| Declined)?;
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
    use super::parse_special;
    use crate::storage::{Buffer, SliceStorage};

    /// The href this route writes, or `None` where it declines.
    fn route(input: &str) -> Option<std::string::String> {
        let mut buf = [0u8; 256];
        let mut out = SliceStorage::new(&mut buf);
        parse_special(input, &mut out).map(|_| out.as_str().into())
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
            assert_eq!(route(input).as_deref(), Some(href), "{input:?}");
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
            "http://h:99999/",
            "http://h:8a/",
            "https://@/",
            "https://u@:80/",
            "http://a b/",
            "http://[::1/",
        ] {
            assert_eq!(route(input), None, "{input:?}");
        }
    }
}
