//! The canonical fast path: most real URLs are already in the form the
//! serializer would produce, and for those the basic URL parser's output is
//! the input itself. This module recognizes the common shapes in one tight
//! pass — `special-scheme "://" host [":" port] path ["?" query] ["#"
//! fragment]` with a domain of lowercase letters, digits, `-` and `.` or a
//! dotted-decimal IPv4 address, and `file:///path` — and returns the
//! offsets. The one edit
//! known elsewhere is the '/' a special URL without a path gains. Anything
//! else it is not sure about (upper case, credentials, other hosts, dot
//! segments, bytes that would be percent-encoded, default or
//! non-canonical ports, …) returns `None`, and the caller tries the
//! straight-line parser for URLs with an authority (`parser::straight`)
//! or the full state machine. Agreement with the full parser is tested on every input
//! of the conformance and robustness suites.

use super::authority::{port_digits_after, port_for, port_number};
use super::scheme::canonical_scheme;
use crate::byte_class::{class, C0};
use crate::error::ParseError;
use crate::host::HostKind;
use crate::host::{ipv4, ipv6};
use crate::simd::{find, find_host, find_path, scan_path, Stop};
use crate::url::{Offsets, SchemeType};
use crate::validation::ValidationError;

/// A URL recognized by the fast path.
pub(crate) struct Canonical {
    /// Offsets in the serialization.
    pub off: Offsets,
    /// `None`: the serialization is the input. `Some(k)`: it is the input
    /// with `/` inserted at byte `k` (a special URL with an empty path).
    pub slash: Option<usize>,
}

/// A special URL whose scheme, host and port the recognizer found
/// canonical, but not what follows them: the straight-line route can copy
/// `input[..rest]` and write the path, query and fragment from `rest`
/// (`parser::straight::resume`), rather than parse it all again.
pub(crate) struct Authority {
    /// The offsets of the scheme, host and port (the rest are unset).
    pub off: Offsets,
    /// Where the path starts: a `/`, `\`, `?` or `#`, or the end.
    pub rest: usize,
    /// Where the query or fragment starts, when the path before it is
    /// canonical (and not empty): the route copies up to there instead.
    /// From [`upper_case_domain`], the route lowercases the host as it
    /// copies.
    pub query: Option<usize>,
}

/// What the recognizer makes of an input.
pub(crate) enum Recognized {
    /// A canonical URL.
    Canonical(Canonical),
    /// Canonical up to its path.
    Authority(Authority),
    /// A canonical URL but for upper case in its domain (vector builds
    /// only, from [`upper_case_domain`]): the route copies it with the host
    /// lowercased.
    LowerCase(Canonical),
    /// A special URL whose domain's scan stopped at an upper-case letter
    /// (vector builds only): [`upper_case_domain`] tells whether it is
    /// canonical up to the lowercasing.
    UpperCase(UpperCase),
    /// A special URL whose host is an IPv6 address, as the IPv6 parser
    /// read it (vector builds only): the route writes its serialization,
    /// then reads the port and path as the straight-line route does.
    Ipv6(Ipv6Host),
    /// A special URL whose host ends in a number but is not dotted
    /// decimal (`0x7f.1`, `0300.0250.1.1`, `3232235777`), as the IPv4
    /// parser read it (vector builds only): as [`Recognized::Ipv6`].
    Ipv4(Ipv4Host),
    /// Canonical up to a port that the port state accepts but that is not
    /// its serialization (leading zeros, the scheme's default, or empty),
    /// followed by where a path starts (vector builds only): `off` holds
    /// the port and where the serialization's path starts, `rest` where the
    /// input's does. The route copies up to the host and writes the port.
    Port(Authority),
    /// A URL that fails, found where the recognizer read enough to be sure
    /// (vector builds only): a port past 65535 after a canonical host.
    #[cfg_attr(
        not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )),
        allow(dead_code)
    )]
    Fails(ParseError),
    /// Neither.
    Neither,
}

/// A special URL's bracketed host: the scheme's ':' at `colon`, the host
/// in `input[host_start..=close]` (brackets included; `close` is the first
/// ']'), and what the IPv6 parser made of the text between the brackets:
/// the address, or its failure (the validation error and its offset into
/// that text, or [`ipv6::WHOLE`]).
pub(crate) struct Ipv6Host {
    pub colon: usize,
    pub scheme_type: SchemeType,
    pub host_start: usize,
    pub close: usize,
    pub address: Result<[u16; 8], (ValidationError, usize)>,
}

/// A special URL's host of letters, digits, '-' and '.' that ends in a
/// number, in `input[host_start..host_end]`, and what the IPv4 parser made
/// of it: the address, or its failure (the validation error and its offset
/// into the host).
pub(crate) struct Ipv4Host {
    pub colon: usize,
    pub scheme_type: SchemeType,
    pub host_start: usize,
    pub host_end: usize,
    pub address: Result<u32, (ValidationError, usize)>,
}

/// Where the recognizer stopped in a domain with an upper-case letter.
pub(crate) struct UpperCase {
    colon: usize,
    scheme_type: SchemeType,
    host_start: usize,
    at: usize,
}

/// `input` as a canonical URL of a shape this module knows, if it is one.
#[inline(always)]
pub(crate) fn canonical(input: &[u8]) -> Option<Canonical> {
    match recognize(input) {
        Recognized::Canonical(c) => Some(c),
        _ => None,
    }
}

/// [`canonical`], and when the input is not canonical past its authority
/// alone, how far it is.
#[inline]
pub(crate) fn recognize(input: &[u8]) -> Recognized {
    use Recognized::Neither;
    let len = input.len();
    if len > u32::MAX as usize || len < 2 {
        return Neither;
    }
    let Some((colon, scheme_type)) = canonical_scheme(input) else {
        return Neither;
    };
    if !scheme_type.is_special() {
        return opaque(input, colon).map_or(Neither, Recognized::Canonical);
    }
    if input.get(colon + 1..colon + 3) != Some(&b"//"[..]) {
        return Neither;
    }
    authority_on(input, colon, scheme_type, colon + 3)
}

/// A special URL from its host (at `host_start`, after `//`) on: the host,
/// port, path, query and fragment. `colon` is where the scheme's `:` is,
/// which only the offsets use.
#[inline(always)]
fn authority_on(
    input: &[u8],
    colon: usize,
    scheme_type: SchemeType,
    host_start: usize,
) -> Recognized {
    use Recognized::Neither;
    // `Stop::Ldh` rather than `Domain`: the same answer for the hosts of almost
    // every URL, in a third of the vector work; a host it stops inside is
    // declined below (the byte at `i` is then neither a port nor a path).
    let i = find_host(input, host_start);
    let Some(host) = input.get(host_start..i) else {
        return Neither;
    };
    let (host_end, kind) = if scheme_type == SchemeType::File {
        // "localhost" becomes the empty host; file URLs have no port; a
        // drive letter "host" cannot get here (':' and '|' stop the scan).
        if host == b"localhost" || (!host.is_empty() && ipv4::ends_in_a_number(host)) {
            return Neither;
        }
        let kind = if host.is_empty() {
            HostKind::Empty
        } else {
            HostKind::Domain
        };
        (i, kind)
    } else if host.is_empty() {
        if input.get(i) == Some(&b'[') && crate::simd::VECTOR {
            return bracketed_host(input, colon, scheme_type, host_start);
        }
        if input.get(i).is_some_and(u8::is_ascii_uppercase) && crate::simd::VECTOR {
            return Recognized::UpperCase(UpperCase {
                colon,
                scheme_type,
                host_start,
                at: i,
            });
        }
        // Host-missing, or a host the domain scan stopped at once.
        return Neither;
    } else if ipv4::ends_in_a_number(host) {
        // An IPv4 address: canonical only when dotted-decimal already.
        if !ipv4::is_serialized_ipv4(host) {
            // Or but for a trailing dot, which the IPv4 parser drops
            // (`1.2.3.4.`): the route copies the host without it (the
            // straight-line route took 1.2 times Ada's time on these).
            if let [dotted @ .., b'.'] = host {
                if crate::simd::VECTOR && ipv4::is_serialized_ipv4(dotted) {
                    let to = (host_start, host_start + dotted.len());
                    return port_to_write(input, colon, scheme_type, to, i, HostKind::Ipv4);
                }
            }
            return ipv4_host(input, colon, scheme_type, (host_start, i));
        }
        (i, HostKind::Ipv4)
    } else {
        (i, HostKind::Domain)
    };
    after_host(
        input,
        colon,
        scheme_type,
        (host_start, host_end, false),
        kind,
    )
}

/// [`authority_on`] for a host that starts with '[' and has a ']':
/// [`Recognized::Ipv6`], with the address or the IPv6 parser's failure,
/// which the straight-line route would otherwise reach only after the
/// scheme and the authority scan again (a third of its instructions on
/// such URLs). Its serialization is not compared with the input's text:
/// such a URL is not borrowed.
#[inline(never)]
fn bracketed_host(
    input: &[u8],
    colon: usize,
    scheme_type: SchemeType,
    host_start: usize,
) -> Recognized {
    // The first ']' when no '@', tab or newline or authority end comes
    // before it, in one vector scan (a byte loop's exit mispredicted by
    // the address's length); else the route's to read.
    let close = find(input, host_start + 1, Stop::BracketedAuthority);
    if input.get(close) != Some(&b']') {
        return Recognized::Neither;
    }
    let inner = input.get(host_start + 1..close).unwrap_or_default();
    Recognized::Ipv6(Ipv6Host {
        colon,
        scheme_type,
        host_start,
        close,
        address: ipv6::parse_ipv6(inner, false, &mut |_, _| {}),
    })
}

/// [`authority_on`] (and [`upper_case_domain`]) for a host that ends in a
/// number and is not dotted decimal (the scan stopped at `stop`):
/// [`Recognized::Ipv4`], the address the route then serializes rather than
/// scan the scheme and authority again and parse it (a fifth of its
/// instructions on such URLs). A scan stopped at upper case goes on (the
/// IPv4 parser takes `0X7F` as `0x7f`); one stopped inside the host
/// otherwise ('%', '@', non-ASCII, …) is left to the route.
#[inline(never)]
fn ipv4_host(
    input: &[u8],
    colon: usize,
    scheme_type: SchemeType,
    (host_start, stop): (usize, usize),
) -> Recognized {
    if !crate::simd::VECTOR {
        return Recognized::Neither;
    }
    // (The callers found `input[host_start..stop]` ends in a number; a
    // scan that goes on past `stop` asks again.)
    let extended = input.get(stop).is_some_and(u8::is_ascii_uppercase);
    let host_end = if extended {
        find(input, stop, Stop::LdhAnyCase)
    } else {
        stop
    };
    let host_ends = matches!(
        input.get(host_end),
        None | Some(b':' | b'/' | b'\\' | b'?' | b'#')
    );
    let Some(host) = input
        .get(host_start..host_end)
        .filter(|&host| host_ends && (!extended || ipv4::ends_in_a_number(host)))
    else {
        return Recognized::Neither;
    };
    Recognized::Ipv4(Ipv4Host {
        colon,
        scheme_type,
        host_start,
        host_end,
        address: ipv4::parse_ipv4_quiet(host).map(|(a, _)| a),
    })
}

/// [`authority_on`] for a domain whose scan stopped at an upper-case
/// letter (`WWW.Example.com`): canonical but for the lowercasing
/// ([`Recognized::LowerCase`], which the route copies lowercasing the
/// host), or up to the path (the [`Authority`] the straight-line route
/// resumes from, lowercasing as it copies). Else the route parsed the
/// scheme and host again: three times the time. Apart from
/// [`recognize`], which only says where it stopped, and with the
/// lowercasing passed to the route as a parameter: a flag in
/// [`Authority`] made the recognizer's result larger, which cost the
/// canonical corpora 10% more instructions.
#[inline(never)]
pub(crate) fn upper_case_domain(input: &[u8], u: &UpperCase) -> Recognized {
    let &UpperCase {
        colon,
        scheme_type,
        host_start,
        at,
    } = u;
    let host_end = find(input, at, Stop::LdhAnyCase);
    let host = input.get(host_start..host_end).unwrap_or_default();
    if scheme_type == SchemeType::File {
        // `LOCALHOST`: the route parses it.
        return Recognized::Neither;
    }
    if ipv4::ends_in_a_number(host) {
        // `0X7F.1` (the IPv4 parser takes either case).
        return ipv4_host(input, colon, scheme_type, (host_start, host_end));
    }
    let host = (host_start, host_end, true);
    after_host(input, colon, scheme_type, host, HostKind::Domain)
}

/// A scheme-relative reference (`input` starts with `//`) resolved against
/// a base whose scheme is special, not `file`, and ends at `scheme_end`:
/// the offsets of the URL `scheme ":" input`, when that is canonical as it
/// stands (no '/' to insert). Out of line: one reference kind of many,
/// and the recognizer's authority part is large.
#[inline(never)]
pub(super) fn scheme_relative(
    input: &[u8],
    scheme_end: u32,
    scheme_type: SchemeType,
) -> Option<Offsets> {
    // Every offset in the serialization is one past the scheme's ':' later
    // than in `input`.
    let shift = scheme_end.checked_add(1)?;
    u32::try_from(input.len()).ok()?.checked_add(shift)?;
    let Recognized::Canonical(Canonical { off, slash: None }) =
        authority_on(input, 0, scheme_type, 2)
    else {
        return None;
    };
    let at = |x: u32| x + shift;
    Some(Offsets {
        scheme_end,
        username_end: at(off.username_end),
        host_start: at(off.host_start),
        host_end: at(off.host_end),
        path_start: at(off.path_start),
        query_start: off.query_start.map(at),
        fragment_start: off.fragment_start.map(at),
        ..off
    })
}

/// The rest of a special URL after its host (`input[host_start..host_end]`):
/// a canonical port, path, query and fragment.
#[inline(always)]
fn after_host(
    input: &[u8],
    colon: usize,
    scheme_type: SchemeType,
    (host_start, host_end, lower_host): (usize, usize, bool),
    host_kind: HostKind,
) -> Recognized {
    use Recognized::Neither;
    let len = input.len();
    let mut i = host_end;
    let port = if scheme_type != SchemeType::File && input.get(i) == Some(&b':') {
        i += 1;
        let start = i;
        while i < len && input[i].is_ascii_digit() && i - start < 5 {
            i += 1;
        }
        let digits = input.get(start..i).unwrap_or_default();
        let port = port_for(port_number(digits.iter().copied()), scheme_type);
        match port {
            // Not empty, no leading zero, in range and not the default port
            // (which the serialization drops), and no sixth digit:
            // canonical.
            Ok(Some(port))
                if !digits.is_empty()
                    && (digits.len() == 1 || digits[0] != b'0')
                    && !input.get(i).is_some_and(u8::is_ascii_digit) =>
            {
                Some(port)
            }
            _ if !lower_host => {
                let host = (host_start, host_end);
                return port_to_write(input, colon, scheme_type, host, host_end, host_kind);
            }
            _ => return Neither,
        }
    } else {
        None
    };
    // Path: special URLs always have one, starting with '/'. An input that
    // ends after the authority (or continues with ? or #) only lacks that
    // '/': `slash` marks where the serialization inserts it.
    let path_start = i;
    let u = |x: usize| x as u32;
    // The offsets in the serialization, given where its query and
    // fragment start.
    let offsets = |query_start: Option<u32>, fragment_start: Option<u32>| Offsets {
        scheme_end: u(colon),
        username_end: u(host_start),
        host_start: u(host_start),
        host_end: u(host_end),
        path_start: u(path_start),
        query_start,
        fragment_start,
        port,
        scheme_type,
        host_kind,
        opaque_path: false,
    };
    // Past here the scheme, host and port are canonical. Only the vector
    // builds resume there (`route::resumed`): elsewhere, for size, none.
    let authority = |query: Option<usize>| {
        if !crate::simd::VECTOR {
            return Neither;
        }
        Recognized::Authority(Authority {
            off: offsets(None, None),
            rest: path_start,
            query,
        })
    };
    let mut slash = None;
    match input.get(i) {
        Some(b'/') => {
            // A file URL's first segment "C|" becomes "C:" (drive letter quirk).
            if scheme_type == SchemeType::File && input.get(i + 2) == Some(&b'|') {
                return authority(None);
            }
            match canonical_path_end(input, i) {
                Some(end) => i = end,
                None => return authority(None),
            }
        }
        None | Some(b'?') | Some(b'#') => slash = Some(i),
        // A path that starts with a backslash.
        Some(b'\\') => return authority(None),
        // The domain scan stopped at an upper-case letter: the host goes
        // on. Not after a port (`http://a:7Cst/`), whose digits the letter
        // ends: that fails, and the route reports it.
        Some(b)
            if b.is_ascii_uppercase() && !lower_host && i == host_end && crate::simd::VECTOR =>
        {
            return Recognized::UpperCase(UpperCase {
                colon,
                scheme_type,
                host_start,
                at: i,
            });
        }
        // Among others, a host the domain scan stopped inside ('%', '[',
        // non-ASCII, …).
        Some(_) => return Neither,
    }
    let mut query_start = None;
    let mut fragment_start = None;
    if input.get(i) == Some(&b'?') {
        query_start = Some(i);
        i = find(input, i + 1, Stop::SpecialQuery);
    }
    if input.get(i) == Some(&b'#') {
        fragment_start = Some(i);
        i = find(input, i + 1, Stop::Fragment);
    }
    if i != len {
        // Not past the query or fragment: their bytes to encode, a tab or
        // newline, or trailing space, which the route tells apart.
        let at = query_start.or(fragment_start).filter(|_| slash.is_none());
        return authority(at);
    }
    // Offsets are in the serialization: after an inserted '/', one later.
    let shift = usize::from(slash.is_some());
    let canonical = Canonical {
        off: offsets(
            query_start.map(|q| u(q + shift)),
            fragment_start.map(|f| u(f + shift)),
        ),
        slash,
    };
    if lower_host && crate::simd::VECTOR {
        // Canonical but for the host's case (from `upper_case_domain`).
        return Recognized::LowerCase(canonical);
    }
    Recognized::Canonical(canonical)
}

/// [`after_host`] at a port that is not canonical, and [`authority_on`]
/// at an IPv4 host that is but for a trailing dot: [`Recognized::Port`]
/// when the port state accepts what follows the host's text (at `after`:
/// a ':' and digits only, at most 65535, or none; or no port at all) and
/// a path, query or fragment starts after it (or the input ends);
/// [`Recognized::Fails`] for digits that way past 65535; otherwise the
/// straight-line route parses the input again and reports what it finds.
/// `input[host_start..host_end]` is the host's serialization. Vector
/// builds only, like the route's other resumptions.
#[inline(never)]
fn port_to_write(
    input: &[u8],
    colon: usize,
    scheme_type: SchemeType,
    (host_start, host_end): (usize, usize),
    after: usize,
    host_kind: HostKind,
) -> Recognized {
    if !crate::simd::VECTOR {
        return Recognized::Neither;
    }
    // The port's digits, after its ':'.
    let Some((rest, digits)) = port_digits_after(input, after) else {
        return Recognized::Neither;
    };
    // The port state on digits alone (`port_from_text`, which also skips
    // tabs and newlines, cost the port mutations 1.7% more instructions).
    let port = match digits.filter(|text| !text.is_empty()) {
        None => None,
        Some(text) => match port_for(port_number(text.iter().copied()), scheme_type) {
            Ok(port) => port,
            // Digits only, from the ':' to where the authority ends (no
            // tab or newline among them, no '@' after them): the port state
            // fails at the port's start whatever the rest holds.
            Err(e) => return Recognized::Fails(crate::host::invalid(e, rest - text.len())),
        },
    };
    // ":" and the port's digits, without leading zeros.
    let written = port.map_or(0, |p| {
        1 + [10, 100, 1000, 10_000].iter().filter(|&&t| p >= t).count() + 1
    });
    let u = |x: usize| x as u32;
    Recognized::Port(Authority {
        off: Offsets {
            scheme_end: u(colon),
            username_end: u(host_start),
            host_start: u(host_start),
            host_end: u(host_end),
            path_start: u(host_end + written),
            query_start: None,
            fragment_start: None,
            port,
            scheme_type,
            host_kind,
            opaque_path: false,
        },
        rest,
        query: None,
    })
}

/// A canonical URL with an opaque path: `scheme ":" path ["?" query] ["#"
/// fragment]`, the path not starting with `/`.
fn opaque(input: &[u8], colon: usize) -> Option<Canonical> {
    let len = input.len();
    let path_start = colon + 1;
    if input.get(path_start) == Some(&b'/') {
        return None;
    }
    let mut i = path_start;
    // C0 controls and non-ASCII are encoded; a space may be (before ? or #).
    while i < len && class(input[i]) & C0 == 0 && !matches!(input[i], b' ' | b'?' | b'#') {
        i += 1;
    }
    let mut query_start = None;
    let mut fragment_start = None;
    if input.get(i) == Some(&b'?') {
        query_start = Some(i);
        i += 1;
        i = find(input, i, Stop::Query);
    }
    if input.get(i) == Some(&b'#') {
        fragment_start = Some(i);
        i += 1;
        i = find(input, i, Stop::Fragment);
    }
    if i != len {
        return None;
    }
    let u = |x: usize| x as u32;
    Some(Canonical {
        off: Offsets {
            scheme_end: u(colon),
            username_end: u(path_start),
            host_start: u(path_start),
            host_end: u(path_start),
            path_start: u(path_start),
            query_start: query_start.map(u),
            fragment_start: fragment_start.map(u),
            port: None,
            scheme_type: SchemeType::NotSpecial,
            host_kind: HostKind::None,
            opaque_path: true,
        },
        slash: None,
    })
}

/// Where a special URL's path from `i` (a `/`) ends — at a `?`, a `#` or the
/// input's end — when it is canonical: no byte to percent-encode, no `\`,
/// no dot segment.
#[inline(always)]
pub(super) fn canonical_path_end(input: &[u8], i: usize) -> Option<usize> {
    let i = scan_path(input, i);
    match path_stop(input, i)? {
        Some(end) => Some(end),
        None => rest_of_path_end(input, i + 1),
    }
}

/// [`canonical_path_end`] after a path byte outside `scan_path`'s common
/// alphabet. A path with one often has many (`%XX` escapes,
/// `key=value;…`), each a scan of its own there: from here the scan stops
/// only where `find_path` does (236 → 35 ns on a 60-byte path of them).
#[inline(never)]
fn rest_of_path_end(input: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = find_path(input, i);
        if let Some(end) = path_stop(input, i)? {
            return Some(end);
        }
        i += 1;
    }
}

/// What the byte at `i`, where a path scan stopped, means to
/// [`canonical_path_end`]: the path's end (`Some(Some(end))`), not
/// canonical (`None`), or a byte to step over (`Some(None)`).
#[inline(always)]
fn path_stop(input: &[u8], i: usize) -> Option<Option<usize>> {
    match input.get(i) {
        None | Some(b'?') | Some(b'#') => Some(Some(i)),
        Some(&b) if Stop::Path.stops_at(b) => None,
        // After a '/': the segment must not be a dot segment.
        Some(_)
            if i.checked_sub(1).and_then(|p| input.get(p)) == Some(&b'/')
                && is_dot_segment_at(input, i) =>
        {
            None
        }
        Some(_) => Some(None),
    }
}

/// Whether a single- or double-dot segment starts at `i` (ended by `/`,
/// `\`, `?`, `#` or the end).
#[inline]
pub(super) fn is_dot_segment_at(input: &[u8], i: usize) -> bool {
    super::path::dot_segment_at(input, i).is_some()
}

#[cfg(test)]
mod tests;
