//! The basic URL parser for a URL with an authority, in one straight line:
//! `scheme ":" slashes [userinfo "@"] host [":" port] [path] ["?" query]
//! ["#" fragment]`, with no ASCII tab or newline anywhere and no leading or
//! trailing C0 control or space (the entry points trim those first). Which
//! slashes start the authority depends on the scheme, as in the states the
//! state machine runs for it:
//!
//! - a special scheme other than `file` (any case): any run of `/` and `\`
//!   (special authority slashes, special authority ignore slashes), or none
//!   at all unless the base has the same scheme (then fewer than two make a
//!   relative reference: special relative or authority state, relative
//!   state, relative slash state, which this route leaves alone);
//! - `file`: two, each `/` or `\` (file, file slash states), then a host
//!   without credentials or port (file host state), `localhost` being the
//!   empty host; a host that is a Windows drive letter is the empty host
//!   and the path's first segment (declined where scans are byte loops);
//! - any other scheme: `//` (path or authority state), then an opaque host,
//!   which may be empty;
//! - no scheme, against a special base other than `file`: two or more of
//!   `/` and `\` (relative, relative slash and special authority ignore
//!   slashes states), a scheme-relative URL such as `//cdn.example/x.js`,
//!   which keeps only the base's scheme (with vector scans only: the
//!   byte-loop targets, wasm32 and thumbv7em, keep the size).
//!
//! And, with vector scans only as well, a URL without an authority: a
//! non-special one with no `//` after its scheme (`mailto:x`, `sc:/p`),
//! whose host is null, then a path (path or authority state, path state)
//! or an opaque path (opaque path state); or `file:` with fewer than two
//! slashes and no `file` base, the empty host, then a path (file state,
//! file slash state, path state). A query and a fragment follow; none of
//! these states can fail.
//!
//! The route does the states' work in their order without the
//! per-code-point dispatch: the scheme lowercased, userinfo
//! percent-encoded, the host parser, the port normalized, the path
//! percent-encoded with dot segments resolved as it is copied, the query and
//! fragment percent-encoded, each run found 16 bytes at a time (`simd`). It
//! is what upper case, backslashes, credentials, bytes to percent-encode,
//! dot segments and hosts to parse cost when the canonical recognizer
//! declines them.
//!
//! For such an input the only states that can fail are authority, host and
//! port, in that order, so their failure is this route's answer too: the
//! same error at the same position as the state machine's (one pass for a
//! failing input). So is an input without a scheme when there is no base
//! (no scheme state). A full storage declines, and the state machine parses
//! the input again and reports what it finds, so validation errors and
//! capacity reports have one source. So does a tab or newline; the ladder
//! then runs this route on the input without them, and maps a failure's
//! position back to the input where the state machine's is sure to be the
//! same (`route.rs`). Agreement with
//! the state machine, errors included, is tested wherever the other engines
//! are (`tests/fast_path.rs`, the `fast_path` fuzz target).

use super::authority::{
    bracketed_text_is_the_host, port_digits_after, port_from_text, scan_authority, write_port,
    write_userinfo, AuthorityScan,
};
use super::canonical::{Authority, Ipv4Host, Ipv6Host};
use super::path::write_path;
use super::query::encode_query_or_fragment;
use super::scheme::{scan_scheme, write_scheme, Scheme, SchemeScan};
use super::{Halt, StateOverride};
use crate::byte_class::{is_tab_or_newline, C0, HASH, QUESTION, TAB_OR_NEWLINE};
use crate::error::ParseError;
use crate::host::ipv4::serialize_ipv4;
use crate::host::ipv6::{offset_in_brackets, serialize_bracketed};
use crate::host::{invalid, parse_host, HostKind, HostSyntax};
use crate::input::Input;
use crate::output::{Need, Output};
use crate::percent_encode::push_encoded_text;
use crate::simd::{find, Stop};
use crate::storage::{CapacityError, Storage};
use crate::url::{path_needs_dot_prefix, Offsets, SchemeType};
use crate::validation::{NoValidation, ValidationError};

/// What the route answers.
pub(super) enum Answer {
    /// The URL's offsets (its serialization is in the storage).
    Parsed(Offsets),
    /// The input fails, as the state machine would report it; with the
    /// host's span in `raw` when the host parser failed (vector builds
    /// only: the ladder needs it to map an IPv4 error's position).
    Failed(ParseError, Option<(usize, usize)>),
    /// Not this route's input (or no room): the state machine decides.
    Declined,
}

/// Why the route stopped short.
enum Halted {
    /// The state machine decides.
    Declined,
    /// The input fails: the state machine's error.
    Failed(ParseError),
    /// The host parser failed on `raw[.0..1]`.
    FailedInHost(ParseError, usize, usize),
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

/// The query and fragment states from `i` (at a `?`, a `#` or the end):
/// where each starts in the output, in the calling function's `?`. A
/// macro: as a function (its errors converted at the call) it cost 600
/// bytes of wasm32 and 300 of thumbv7em.
macro_rules! query_and_fragment {
    ($w:expr, $bytes:expr, $i:expr, $special:expr) => {{
        let (w, bytes, mut i) = ($w, $bytes, $i);
        let mut query_start = None;
        let mut fragment_start = None;
        if bytes.get(i) == Some(&b'?') {
            query_start = Some(w.len());
            w.push_byte(b'?')?;
            let stop = if $special {
                Stop::SpecialQuery
            } else {
                Stop::Query
            };
            i = encode_query_or_fragment(w, bytes, i + 1, stop, true)?;
        }
        if bytes.get(i) == Some(&b'#') {
            fragment_start = Some(w.len());
            w.push_byte(b'#')?;
            encode_query_or_fragment(w, bytes, i + 1, Stop::Fragment, false)?;
        }
        (query_start, fragment_start)
    }};
}

/// The serialization of `raw` (already trimmed) into `out` (empty) and its
/// offsets, when `raw` has the shape above and parses, or the error the
/// state machine would give for it; else declined, with `out` cleared.
/// `offset`: where `raw` starts in the caller's input, for error positions;
/// `None` when positions do not map (the input without its tabs and
/// newlines), and then a failure declines too. `base`: the scheme of the
/// parser's base, if it has one. `CHECK` (`canParse`): an answer only
/// about success or failure, which for a URL with an authority is known
/// once its port is, so the path, query and fragment are not written (and
/// the offsets of a success are not the URL's).
#[inline(never)]
pub(super) fn parse_straight<S: Storage, const CHECK: bool>(
    raw: &str,
    offset: Option<usize>,
    base: Option<SchemeType>,
    out: &mut S,
) -> Answer {
    let bytes = raw.as_bytes();
    if bytes.len() > u32::MAX as usize {
        // The state machine's `TooLong`.
        return Answer::Declined;
    }
    let slash = |k: usize| matches!(bytes.get(k), Some(b'/' | b'\\'));
    // The end of the run of `/` and `\` from `i`.
    let slashes_end = |mut i: usize| {
        while slash(i) {
            i += 1;
        }
        i
    };
    let (scheme, authority) = match scan_scheme(bytes, 0, SchemeScan::Input) {
        Ok(scheme) if !scheme.tab_or_newline => {
            let after = scheme.colon + 1;
            let authority = match scheme.scheme_type {
                SchemeType::File if slash(after) && slash(after + 1) => after + 2,
                // No host in the input, and none from a `file` base: the
                // empty host, then the path (file state, file slash state).
                SchemeType::File if crate::simd::VECTOR && base != Some(SchemeType::File) => {
                    return answer_without_authority(raw, &scheme, out)
                }
                SchemeType::File => return Answer::Declined,
                SchemeType::NotSpecial if bytes.get(after..after + 2) == Some(&b"//"[..]) => {
                    after + 2
                }
                // No authority: a path, or an opaque path (where scans are
                // vector only, as for scheme-relative input below).
                SchemeType::NotSpecial if crate::simd::VECTOR => {
                    return answer_without_authority(raw, &scheme, out)
                }
                SchemeType::NotSpecial => return Answer::Declined,
                scheme_type => {
                    let i = slashes_end(after);
                    if i < after + 2 && base == Some(scheme_type) {
                        // "http:/x" or "http:x" against an http base: relative.
                        return Answer::Declined;
                    }
                    i
                }
            };
            (Source::Input(scheme), authority)
        }
        // No scheme state, without a base: failure at the first code
        // point (the scheme state starts over from there).
        Err(_) if base.is_none() => {
            return match offset {
                Some(at) => Answer::Failed(
                    invalid(ValidationError::MissingSchemeNonRelativeUrl, at),
                    None,
                ),
                None => Answer::Declined,
            }
        }
        // A scheme-relative URL (`//host/p`) against a special base other
        // than `file`: no scheme state, relative state, relative slash
        // state, then special authority ignore slashes, so the base gives
        // only its scheme and the rest is this route's authority onward.
        // Only where scans are vector (servers): elsewhere the state
        // machine keeps these, as this arm cost 1.3 KB of wasm32 (over its
        // budget) and 0.7 KB of thumbv7em.
        Err(_) if crate::simd::VECTOR && slash(0) && slash(1) => match base {
            Some(base) if base.is_special() && base != SchemeType::File => {
                (Source::Base(base), slashes_end(2))
            }
            _ => return Answer::Declined,
        },
        _ => return Answer::Declined,
    };
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    let answer = match write::<S, CHECK>(&mut w, raw, offset.unwrap_or(0), scheme, authority) {
        Ok(off) if w.len() <= u32::MAX as usize => return Answer::Parsed(off),
        Err(Halted::Failed(e)) if offset.is_some() => Answer::Failed(e, None),
        Err(Halted::FailedInHost(e, from, to)) if offset.is_some() => {
            Answer::Failed(e, Some((from, to)))
        }
        _ => Answer::Declined,
    };
    out.clear();
    answer
}

/// How [`resume`] writes the prefix the recognizer found canonical but for
/// one thing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Prefix {
    /// Copied as it is.
    AsIs,
    /// Copied with its host lowercased.
    LowerHost,
    /// Copied up to the host, then the port (`a.off.port`) in its
    /// serialization; the input's port text runs from the host's end to
    /// `a.rest`.
    Port,
}

/// The URL of `raw` (trimmed, and without a tab or newline to be of use),
/// whose scheme, host and port the canonical recognizer found canonical
/// (`a`): that prefix written as `prefix` says, then the path, query and
/// fragment states, which cannot fail. Declined (with `out` cleared) when
/// they stop at a tab or newline, or out of room.
pub(super) fn resume<S: Storage>(raw: &str, a: &Authority, prefix: Prefix, out: &mut S) -> Answer {
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    match write_rest(&mut w, raw.as_bytes(), a, prefix) {
        Ok(off) if w.len() <= u32::MAX as usize => Answer::Parsed(off),
        _ => {
            out.clear();
            Answer::Declined
        }
    }
}

/// [`resume`]'s writing.
fn write_rest<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    a: &Authority,
    prefix: Prefix,
) -> Step<Offsets> {
    // The prefix up to `to`, its host lowercased or its port written when
    // it has to be.
    let copy = |w: &mut Output<'_, '_, S>, to: usize| {
        let (start, end) = (a.off.host_start as usize, a.off.host_end as usize);
        match prefix {
            Prefix::AsIs => w.push_span(0, to),
            Prefix::LowerHost => {
                w.push_span(0, start)?;
                w.push_ascii_lowercase(bytes.get(start..end).unwrap_or_default())?;
                w.push_span(end, to)
            }
            Prefix::Port => {
                w.push_span(0, end)?;
                if let Some(port) = a.off.port {
                    write_port(w, port)?;
                }
                w.push_span(a.rest, to)
            }
        }
    };
    let i = match a.query {
        // The path is canonical too: copied with the rest of the prefix.
        Some(q) => {
            copy(w, q)?;
            q
        }
        None => {
            copy(w, a.rest)?;
            write_path(w, bytes, a.rest, a.off.scheme_type, StateOverride::Absent)?
        }
    };
    let (query_start, fragment_start) = query_and_fragment!(w, bytes, i, true);
    let u = |x: usize| x as u32;
    Ok(Offsets {
        query_start: query_start.map(u),
        fragment_start: fragment_start.map(u),
        ..a.off
    })
}

/// [`resume`] for a special URL whose host is bracketed (`h`: the
/// recognizer found the scheme canonical and ran the IPv6 parser): the
/// scheme and "//" copied, the address serialized, then the port state
/// (digits, at most 65535, written without leading zeros and not at all
/// when the scheme's default) and the path, query and fragment states.
/// Declined (with `out` cleared) where [`after_ipv6`] does not take the
/// authority or finds it fails, at a tab or newline, or out of room.
pub(super) fn resume_after_ipv6<S: Storage>(raw: &str, h: &Ipv6Host, out: &mut S) -> Answer {
    written_after_address(raw, out, |w, bytes| write_after_ipv6(w, bytes, h))
}

/// A resumption after an IP address into the empty `out`: what `write`
/// writes, or declined with `out` cleared.
#[inline(always)]
fn written_after_address<S: Storage>(
    raw: &str,
    out: &mut S,
    write: impl FnOnce(&mut Output<'_, '_, S>, &[u8]) -> Step<Offsets>,
) -> Answer {
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    match write(&mut w, raw.as_bytes()) {
        Ok(off) if w.len() <= u32::MAX as usize => Answer::Parsed(off),
        _ => {
            out.clear();
            Answer::Declined
        }
    }
}

/// Where the straight-line route would fail `raw` (whose bracketed host
/// is `h`), when [`after_ipv6`] can tell: the ladder asks once
/// [`resume_after_ipv6`] has declined, so that a failing address is not
/// parsed a second time.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(super) fn ipv6_failure(raw: &str, h: &Ipv6Host) -> Option<ParseError> {
    let bytes = raw.as_bytes();
    // A ']' after the host's: the host state reads on (`after_ipv6`
    // declines it, so that the resumption does not parse the address
    // again only to decline).
    if bytes.get(h.close + 1) != Some(&b']') {
        match after_ipv6(bytes, h) {
            Err(Halted::Failed(e)) => return Some(e),
            Err(Halted::Declined) => {}
            _ => return None,
        }
    }
    bracketed_failure(bytes, h)
}

/// [`ipv6_failure`] where what follows the recognizer's brackets does not
/// end the host (`[::1]]`, `[[::1]]`, `[::1]x`): the host state's buffer
/// read on as [`super::authority::bracketed_host`] reads it, when the
/// authority holds no '@' (then the host starts at the recognizer's '[').
/// Such input was parsed from the start again (twice Ada's time). Out of
/// line: rare.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[cold]
#[inline(never)]
fn bracketed_failure(bytes: &[u8], h: &Ipv6Host) -> Option<ParseError> {
    let a = scan_authority(
        bytes,
        h.host_start,
        h.scheme_type,
        AuthorityScan::WithUserinfo,
    );
    if a.at.is_some() || a.tab_or_newline {
        return None;
    }
    let authority = bytes.get(h.host_start..a.end)?;
    let special = h.scheme_type != SchemeType::NotSpecial;
    match super::authority::bracketed_host(authority, special, true)? {
        Err((e, k)) => Some(invalid(e, h.host_start + k)),
        Ok(_) => None,
    }
}

/// What follows a bracketed host: where the path starts, the port, and the
/// address. The authority must be the brackets, optionally ':' and digits,
/// then the end or a byte that starts the path, query or fragment (else
/// declined): then it has no credentials and the host the route would
/// parse is the bracketed text, so the IPv6 parser's failure, or a port
/// past 65535, is the input's, reported where the route reports it.
#[inline(always)]
fn after_ipv6(bytes: &[u8], h: &Ipv6Host) -> Result<(usize, Option<u16>, [u16; 8]), Halted> {
    let (i, port_text) = port_text_after(bytes, h.close + 1)?;
    let address = match h.address {
        Ok(address) => address,
        Err((e, k)) => {
            // The text between the brackets ends the authority nowhere,
            // holds no '@' (credentials), no '[' and no tab or newline:
            // then the route's host is the bracketed text, and this its
            // failure.
            let inner = bytes.get(h.host_start + 1..h.close).unwrap_or_default();
            if !bracketed_text_is_the_host(inner) {
                return Err(Halted::Declined);
            }
            let at = h.host_start + offset_in_brackets(k);
            return Err(Halted::Failed(invalid(e, at)));
        }
    };
    Ok((i, port_of(port_text, i, h.scheme_type)?, address))
}

/// After an IP address host ending at `at`: [`port_digits_after`], else
/// declined.
#[inline(always)]
fn port_text_after(bytes: &[u8], at: usize) -> Result<(usize, Option<&[u8]>), Halted> {
    port_digits_after(bytes, at).ok_or(Halted::Declined)
}

/// The port state on [`port_text_after`]'s digits, after a host that
/// parses (out of range is its only failure, reported at the port's
/// start; `i` is where the digits end).
#[inline(always)]
fn port_of(text: Option<&[u8]>, i: usize, scheme_type: SchemeType) -> Result<Option<u16>, Halted> {
    match text {
        Some(text) => port_from_text(text, scheme_type)
            .map_err(|(e, _)| Halted::Failed(invalid(e, i - text.len()))),
        None => Ok(None),
    }
}

/// What follows a host of the IPv4 parser's (`h`), as [`after_ipv6`]:
/// the host's text is what the recognizer scanned (letters, digits, '-'
/// and '.'), so with ':' and digits or the authority's end after it, it is
/// the host the route would parse.
#[inline(always)]
fn after_ipv4(bytes: &[u8], h: &Ipv4Host) -> Result<(usize, Option<u16>, u32), Halted> {
    let (i, port_text) = port_text_after(bytes, h.host_end)?;
    let address = h
        .address
        .map_err(|(e, k)| Halted::Failed(invalid(e, h.host_start + k)))?;
    Ok((i, port_of(port_text, i, h.scheme_type)?, address))
}

/// [`resume_after_ipv6`] for a host of the IPv4 parser's.
pub(super) fn resume_after_ipv4<S: Storage>(raw: &str, h: &Ipv4Host, out: &mut S) -> Answer {
    written_after_address(raw, out, |w, bytes| {
        let (i, port, address) = after_ipv4(bytes, h)?;
        let mut text = [0u8; 15];
        let n = serialize_ipv4(address, &mut text);
        let host = text.get(..n).unwrap_or_default();
        let at = (h.colon, h.host_start, i);
        write_ip_authority(w, bytes, at, host, (h.scheme_type, HostKind::Ipv4), port)
    })
}

/// [`ipv6_failure`] for a host of the IPv4 parser's.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(super) fn ipv4_failure(raw: &str, h: &Ipv4Host) -> Option<ParseError> {
    match after_ipv4(raw.as_bytes(), h) {
        Err(Halted::Failed(e)) => Some(e),
        _ => None,
    }
}

/// [`resume_after_ipv6`]'s writing.
fn write_after_ipv6<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    h: &Ipv6Host,
) -> Step<Offsets> {
    let (i, port, address) = after_ipv6(bytes, h)?;
    // "[", the address and "]", written with one call.
    let mut text = [0u8; 42];
    let n = serialize_bracketed(&address, &mut text);
    let host = text.get(..n).unwrap_or_default();
    let at = (h.colon, h.host_start, i);
    write_ip_authority(w, bytes, at, host, (h.scheme_type, HostKind::Ipv6), port)
}

/// The input up to its host (`host_start`; the scheme's ':' at `colon`),
/// an IP address's serialization `host`, the port, and the path, query
/// and fragment from `i`.
#[inline(always)]
fn write_ip_authority<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    (colon, host_start, i): (usize, usize, usize),
    host: &[u8],
    (scheme_type, host_kind): (SchemeType, HostKind),
    port: Option<u16>,
) -> Step<Offsets> {
    w.push_span(0, host_start)?;
    let host_start = w.len();
    w.push_ascii(host)?;
    let host_end = w.len();
    if let Some(port) = port {
        write_port(w, port)?;
    }
    let path_start = w.len();
    let i = write_path(w, bytes, i, scheme_type, StateOverride::Absent)?;
    let (query_start, fragment_start) = query_and_fragment!(w, bytes, i, true);
    let u = |x: usize| x as u32;
    Ok(Offsets {
        scheme_end: u(colon),
        username_end: u(host_start),
        host_start: u(host_start),
        host_end: u(host_end),
        path_start: u(path_start),
        query_start: query_start.map(u),
        fragment_start: fragment_start.map(u),
        port,
        scheme_type,
        host_kind,
        opaque_path: false,
    })
}

/// [`parse_straight`] for a non-special URL whose scheme is not followed by
/// `//`, or a `file` URL by fewer than two slashes without a `file` base:
/// neither can fail.
fn answer_without_authority<S: Storage>(raw: &str, scheme: &Scheme, out: &mut S) -> Answer {
    out.reserve(raw.len() + 8);
    let mut w = Output::appending(raw, out);
    match write_without_authority(&mut w, raw, scheme) {
        Ok(off) if w.len() <= u32::MAX as usize => Answer::Parsed(off),
        _ => {
            out.clear();
            Answer::Declined
        }
    }
}

/// Where the URL's scheme comes from.
#[derive(Clone, Copy)]
enum Source {
    /// The input's own, scanned.
    Input(Scheme),
    /// The base's (a scheme-relative input against a special base).
    Base(SchemeType),
}

/// Everything after the slashes that end at `i` (up to the port with
/// `CHECK`); `offset` is where `raw` starts in the caller's input.
fn write<S: Storage, const CHECK: bool>(
    w: &mut Output<'_, '_, S>,
    raw: &str,
    offset: usize,
    scheme: Source,
    i: usize,
) -> Step<Offsets> {
    let bytes = raw.as_bytes();
    // A check writes only the host, which the host parser reads back.
    let (scheme_type, scheme_end) = match scheme {
        // A scheme as it is written, then "://": one copy for both.
        Source::Input(scheme)
            if scheme.is_canonical()
                && bytes.get(scheme.colon..scheme.colon + 3) == Some(b"://") =>
        {
            if !CHECK {
                w.push_span(0, scheme.colon + 3)?;
            }
            (scheme.scheme_type, scheme.colon)
        }
        Source::Input(scheme) => {
            if !CHECK {
                write_scheme(w, bytes, 0, &scheme)?;
                w.push_ascii(b"://")?;
            }
            (scheme.scheme_type, scheme.colon)
        }
        Source::Base(scheme_type) => {
            let name = scheme_type.special_name();
            if !CHECK {
                w.push_ascii(name.as_bytes())?;
                w.push_ascii(b"://")?;
            }
            (scheme_type, name.len())
        }
    };
    let special = scheme_type.is_special();
    let file = scheme_type == SchemeType::File;
    let scan = if file {
        AuthorityScan::HostOnly
    } else {
        AuthorityScan::WithUserinfo
    };
    let authority = scan_authority(bytes, i, scheme_type, scan);
    if authority.tab_or_newline {
        return Err(Halted::Declined);
    }
    let missing = |at: usize| Halted::Failed(invalid(ValidationError::HostMissing, offset + at));
    let mut username_end = w.len();
    let mut host_from = i;
    if let Some(at) = authority.at {
        if !CHECK {
            username_end = write_userinfo(w, bytes, i, at)?;
        }
        host_from = at + 1;
        // The authority state: nothing after the credentials.
        if host_from >= authority.end {
            return Err(missing(host_from));
        }
    }
    // A file URL's host runs to the end of the authority: ':' is one of
    // its code points (a forbidden one).
    let host_end = if file {
        authority.end
    } else {
        authority.host_end()
    };
    let empty = host_from >= host_end;
    // The host state: an empty host fails for a special URL, and before a
    // port for any.
    if empty && !file && (special || authority.host_colon.is_some()) {
        return Err(missing(host_end));
    }
    let raw_host = bytes.get(host_from..host_end).unwrap_or_default();
    // The file host state's Windows drive letter quirk: a host that is a
    // drive letter is the empty host, and the path state takes it as its
    // first segment (the buffer is kept). The state machine answers it
    // where scans are byte loops, for size.
    let drive_letter = file && matches!(raw_host, [a, b':' | b'|'] if a.is_ascii_alphabetic());
    if drive_letter && !crate::simd::VECTOR {
        return Err(Halted::Declined);
    }
    let path_from = if drive_letter {
        host_from
    } else {
        authority.end
    };
    let input = Input {
        s: raw,
        bytes,
        has_ws: false,
        offset,
    };
    let host_start = w.len();
    let mut host_kind = HostKind::Empty;
    if !empty && !drive_letter {
        host_kind = parse_host(
            w,
            &input,
            host_from,
            host_end,
            HostSyntax::of(special),
            &mut NoValidation,
            if CHECK {
                Need::Validity
            } else {
                Need::Serialization
            },
        )
        .map_err(|e| match e {
            ParseError::Capacity(_) => Halted::Declined,
            e if crate::simd::VECTOR => Halted::FailedInHost(e, host_from, host_end),
            e => Halted::Failed(e),
        })?;
        if file && w.as_bytes().get(host_start..) == Some(&b"localhost"[..]) {
            w.truncate(host_start);
            host_kind = HostKind::Empty;
        }
    }
    let new_host_end = w.len();
    let port = match authority.host_colon.filter(|_| !file) {
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
    // The path, query and fragment states cannot fail.
    let (query_start, fragment_start) = if CHECK {
        (None, None)
    } else {
        let i = write_path(w, bytes, path_from, scheme_type, StateOverride::Absent)?;
        query_and_fragment!(w, bytes, i, special)
    };
    let u = |x: usize| x as u32;
    Ok(Offsets {
        scheme_end: u(scheme_end),
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

/// A URL without an authority in the input, from its scheme on.
///
/// - A non-special URL, whose host is null: the path start and path states
///   when a `/` follows the scheme (with url.bs's `/.` before a path that
///   starts with `//`, so that it does not read as an authority), else the
///   opaque path state.
/// - A `file` URL without a `file` base: the file state gives it the empty
///   host; one `/` or `\` leads through the file slash state to the path
///   state after it, anything else to the path state at once, which is
///   what the path start state does for a special URL.
///
/// Then the query and fragment. None of these states fails.
fn write_without_authority<S: Storage>(
    w: &mut Output<'_, '_, S>,
    raw: &str,
    scheme: &Scheme,
) -> Step<Offsets> {
    let bytes = raw.as_bytes();
    let file = scheme.scheme_type == SchemeType::File;
    let host_kind = if file {
        HostKind::Empty
    } else {
        HostKind::None
    };
    write_scheme(w, bytes, 0, scheme)?;
    w.push_ascii(if file { b"://" } else { b":" })?;
    let host = w.len();
    let after = scheme.colon + 1;
    let mut path_start = host;
    let opaque_path = !file && bytes.get(after) != Some(&b'/');
    let i = if opaque_path {
        write_opaque_path(w, bytes, after)?
    } else {
        let i = write_path(w, bytes, after, scheme.scheme_type, StateOverride::Absent)?;
        let path = w.as_bytes().get(path_start..).unwrap_or_default();
        if path_needs_dot_prefix(host_kind, false, path) {
            w.insert(path_start, "/.")?;
            path_start += 2;
        }
        i
    };
    let (query_start, fragment_start) = query_and_fragment!(w, bytes, i, file);
    let u = |x: usize| x as u32;
    Ok(Offsets {
        scheme_end: u(scheme.colon),
        username_end: u(host),
        host_start: u(host),
        host_end: u(host),
        path_start: u(path_start),
        query_start: query_start.map(u),
        fragment_start: fragment_start.map(u),
        port: None,
        scheme_type: scheme.scheme_type,
        host_kind,
        opaque_path,
    })
}

/// The opaque path state from `i`: bytes in the C0 control percent-encode
/// set encoded, a space kept, or encoded when a `?` or `#` follows it (so
/// that it is not trimmed away once the query or fragment is gone); returns
/// the index of the `?`, `#` or end that ends the path. The scan does not
/// stop at a space: the one before the `?` or `#` is looked at there.
fn write_opaque_path<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    mut i: usize,
) -> Result<usize, Halt> {
    let (start, mut run) = (i, i);
    loop {
        let k = find(bytes, i, Stop::OpaquePath);
        let Some(&b) = bytes.get(k) else {
            w.push_span(run, k)?;
            return Ok(k);
        };
        match b {
            b'?' | b'#' => {
                if k > start && bytes.get(k - 1) == Some(&b' ') {
                    if k > run {
                        w.push_span(run, k - 1)?;
                    } else {
                        // The text encoder wrote it, as it keeps spaces.
                        w.truncate(w.len().saturating_sub(1));
                    }
                    w.push_ascii(b"%20")?;
                } else {
                    w.push_span(run, k)?;
                }
                return Ok(k);
            }
            _ if is_tab_or_newline(b) => return Err(Halt::TabOrNewline),
            _ => {
                w.push_span(run, k)?;
                i = push_encoded_text::<_, false>(
                    w,
                    bytes,
                    k,
                    C0,
                    TAB_OR_NEWLINE | QUESTION | HASH,
                )?;
                run = i;
            }
        }
    }
}

#[cfg(test)]
mod tests;
