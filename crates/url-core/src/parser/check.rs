//! The URL API's `canParse` (url.bs §6.1): whether an input parses, without
//! building the URL. Failure can only come from the scheme, the authority
//! (credentials, host, port) or a missing or opaque base; the path, query
//! and fragment states never fail. So the state machine stops where the path
//! starts, and writes only what comes before it.

use super::authority::{
    bracketed_host, port_from_text, port_number, scan_authority, AuthorityScan,
};
use super::route::CHECK_ROOM;
use super::scheme::{known_colon, scan_scheme, Scheme, SchemeScan};
use crate::byte_class::{
    class, is_c0_control_or_space, is_tab_or_newline, FORBIDDEN_DOMAIN, FORBIDDEN_HOST, NON_ASCII,
};
use crate::error::ParseError;
use crate::host::{invalid, ipv4, ipv6, parse_host, HostSyntax};
use crate::input::Input;
use crate::output::{Need, Output};
use crate::percent_encode::hex_value;
use crate::simd::{find, find_host, Stop};
use crate::storage::SliceStorage;
use crate::url::{SchemeType, Url};
use crate::validation::{NoValidation, ValidationError};

/// The longest input the early stop answers for: a URL's serialization is
/// at most three times its input (every byte percent-encoded), and one
/// longer than `u32::MAX` bytes is [`ParseError::TooLong`], which only
/// building the whole URL would tell.
pub(super) const STOP_EARLY_UP_TO: usize = u32::MAX as usize / 3;

/// What [`surely_parses`] can tell without the state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Early {
    /// The input parses.
    Parses,
    /// The input fails, with the error (and position) the parser gives.
    Fails(ParseError),
    /// Ask the state machine (or the routes that stand in for it).
    Ask,
}

impl From<bool> for Early {
    #[inline(always)]
    fn from(parses: bool) -> Self {
        if parses {
            Early::Parses
        } else {
            Early::Ask
        }
    }
}

/// Whether `input` parses against `base`, decided from its scheme and
/// authority alone for the common shapes: a special URL whose authority is
/// credentials (never failing), an ASCII domain (any case) or an IPv4 or
/// IPv6 address, and a valid port, whatever follows; a non-special URL
/// without an authority; `file:///`; a reference without a scheme or
/// authority against a base. [`Early::Ask`] leaves to the state machine
/// anything that tab/newline removal, percent-encoding or IDNA could change.
///
/// Two failures are told here too, as cheaply as natively compiled parsers
/// tell them (they were 6–8× Ada's time through the scratch room): no
/// scheme and no base to be relative to, and a special URL whose host is
/// surely empty.
#[inline(always)]
pub(super) fn surely_parses(input: &str, base: Option<&Url<&str>>) -> Early {
    // Most URLs: a lowercase https or http scheme and "//", then a plain
    // host, decided inline. One path for both schemes: a branch on which
    // one it is mispredicted on a mix of them (half of userbait's inputs
    // are each), and two inlined copies of the host check doubled its code.
    if let Some((scheme_type, start)) = http_or_https(input.as_bytes()) {
        // Bytes here: the `str` slice's boundary test cost `can_parse` on
        // the corpora 7% more instructions.
        if plain_authority_parses(input.as_bytes().get(start..).unwrap_or_default()) {
            return Early::Parses;
        }
        let authority = input.get(start..).unwrap_or_default();
        return special_authority_answer(authority, scheme_type, start);
    }
    // The state machine trims leading and trailing C0 control or space.
    // (Every byte up to U+0020, not just ASCII whitespace.)
    let (lead, trail) = crate::input::c0_space_trim(input.as_bytes());
    // Trimming stops at bytes that are not C0 controls or space: the
    // boundaries are a character's.
    let input = input.get(lead..trail).unwrap_or_default();
    let Some(&first) = input.as_bytes().first() else {
        // The relative state with nothing to read: base, unless opaque.
        return base.is_some_and(|b| !b.has_opaque_path()).into();
    };
    if first.is_ascii_alphabetic() {
        if let Ok(scheme) = scan_scheme(input.as_bytes(), 0, SchemeScan::Input) {
            // A tab or newline removed from the scheme: ask the state machine.
            if scheme.tab_or_newline {
                return Early::Ask;
            }
            return absolute_parses(input, &scheme, base, lead);
        }
    }
    // The scheme state found no scheme (it skips tabs and newlines, so
    // none hides one): the no scheme state, at the first code point.
    if base.is_none() {
        return Early::Fails(invalid(ValidationError::MissingSchemeNonRelativeUrl, lead));
    }
    reference_parses(input.as_bytes(), base).into()
}

/// The scheme type and where the authority starts when `input` starts with
/// "https://" or "http://": the parser's known-scheme test, which tells the
/// two apart without a branch on which (see [`known_colon`]).
#[inline(always)]
fn http_or_https(input: &[u8]) -> Option<(SchemeType, usize)> {
    let (colon, scheme_type) = known_colon(input)?;
    let start = colon + 3;
    (scheme_type != SchemeType::File && input.get(colon + 1..start) == Some(&b"//"[..]))
        .then_some((scheme_type, start))
}

/// [`surely_parses`] for `scheme ":" rest`, the input's first `lead` bytes
/// trimmed.
fn absolute_parses(input: &str, scheme: &Scheme, base: Option<&Url<&str>>, lead: usize) -> Early {
    let scheme_type = scheme.scheme_type;
    let text = input.get(scheme.colon + 1..).unwrap_or_default();
    let rest = text.as_bytes();
    match scheme_type {
        // A path (opaque or not) never fails; only "//" starts an
        // authority.
        SchemeType::NotSpecial => match rest.strip_prefix(b"//") {
            Some(authority) => opaque_authority_answer(authority, lead + scheme.colon + 3),
            None => (!starts_authority(rest, false)).into(),
        },
        SchemeType::File => file_answer(text, lead + scheme.colon + 1),
        _ => {
            let slashes = rest
                .iter()
                .position(|&b| b != b'/' && b != b'\\')
                .unwrap_or(rest.len());
            let same_scheme_base = base.is_some_and(|b| b.off.scheme_type == scheme_type);
            if same_scheme_base && slashes < 2 && !rest.starts_with(b"/") {
                // Special relative or authority state, then the relative
                // state: only '/' or '\\' there could reach an authority.
                return (!starts_authority(rest, true)).into();
            }
            if same_scheme_base && slashes == 1 {
                // The relative slash state: a path unless another slash
                // (or a tab or newline hiding one) follows.
                return (!starts_authority(rest, true)).into();
            }
            // The special authority slashes states skip every '/' and '\\'.
            special_authority_answer(text, scheme_type, lead + scheme.colon + 1)
        }
    }
}

/// Whether a non-special URL's authority (`authority`: after its "//",
/// to the input's end, at `at` in the input) parses: credentials (never
/// failing), then an opaque host, and a port of digits only, at most
/// 65535, before the authority ends at '/', '?', '#' or the input's end;
/// and the failure where it does not, as the parser reports it: an empty
/// host before a port or after credentials (host-missing, at the ':' or
/// where the authority ends), a forbidden host code point (at the first),
/// a port byte that is not a digit (there), a port past 65535 (at its
/// start), or the IPv6 parser's failure for a bracketed host.
/// [`Early::Ask`] for a tab or newline in it, and a host that starts with
/// '[' but does not end with ']'. A fifth of the mutations have such an
/// authority (`sc://`, `foo://`, schemes in upper case), and the check
/// ladder took them from the scheme on. Through the authority state's
/// vector scan and a fold over the host's classes: with byte loops, whose
/// exits mispredict at every length, it saved instructions and lost the
/// time.
fn opaque_authority_answer(authority: &[u8], at: usize) -> Early {
    let scan = scan_authority(
        authority,
        0,
        SchemeType::NotSpecial,
        AuthorityScan::WithUserinfo,
    );
    if scan.tab_or_newline {
        return Early::Ask;
    }
    let fails = |e, k: usize| Early::Fails(invalid(e, at + k));
    let host_start = scan.at.map_or(0, |sign| sign + 1);
    let host_end = scan.host_end();
    let host = authority.get(host_start..host_end).unwrap_or_default();
    if host.is_empty() {
        return match (scan.host_colon, scan.at) {
            (Some(colon), _) => fails(ValidationError::HostMissing, colon),
            (None, Some(_)) => fails(ValidationError::HostMissing, scan.end),
            (None, None) => Early::Parses,
        };
    }
    if let [b'[', inner @ .., b']'] = host {
        // An IPv6 address (the host parser's first branch, for an opaque
        // host too); the port follows as for any host.
        if let Err((e, k)) = ipv6::parse_ipv6(inner, false, &mut |_, _| {}) {
            return fails(e, host_start + ipv6::offset_in_brackets(k));
        }
    } else if host.first() == Some(&b'[') {
        // The opaque-host parser's first test too.
        return fails(ValidationError::Ipv6Unclosed, host_start);
    } else if host.iter().fold(0, |c, &b| c | class(b)) & FORBIDDEN_HOST != 0 {
        let k = host
            .iter()
            .position(|&b| class(b) & FORBIDDEN_HOST != 0)
            .unwrap_or(0);
        return fails(ValidationError::HostInvalidCodePoint, host_start + k);
    }
    let Some(colon) = scan.host_colon else {
        return Early::Parses;
    };
    // The port state (no tab or newline here): a bad code point fails
    // where it is, a number past 65535 at the port's start.
    let text = authority.get(colon + 1..scan.end).unwrap_or_default();
    match port_from_text(text, SchemeType::NotSpecial) {
        Ok(_) => Early::Parses,
        Err((e, k)) => fails(e, colon + 1 + k),
    }
}

/// Whether a special URL's authority (`authority`, at `at` in the input)
/// parses: slashes of either kind skipped (the special authority ignore
/// slashes state; the prefix `http://` may be followed by more), then
/// `host [":" port]` ended by the end or a byte that starts the path, query
/// or fragment, after credentials if there is an '@' (which are
/// percent-encoded and never fail).
///
/// Where the host surely parses, or is surely empty, a failure is told
/// too: the host state's for an empty host (the authority ends at once, or
/// is a ':' and a port without '@'), the port state's for a port that is
/// not digits or is past 65535.
#[inline(never)]
fn special_authority_answer(authority: &str, scheme_type: SchemeType, at: usize) -> Early {
    let slashes = authority
        .bytes()
        .position(|b| b != b'/' && b != b'\\')
        .unwrap_or(authority.len());
    let (authority, at) = (authority.get(slashes..).unwrap_or_default(), at + slashes);
    match authority.as_bytes().first() {
        None | Some(b'?' | b'#') => {
            return Early::Fails(invalid(ValidationError::HostMissing, at));
        }
        // Removed, so the next byte decides.
        Some(b'\t' | b'\n' | b'\r') => return Early::Ask,
        _ => {}
    }
    // Most authorities: a host and port, no credentials. Only "parses" is
    // taken from this try: an '@' further on may make it credentials.
    let whole = host_and_port_answer(authority, at);
    if whole == Early::Parses {
        return Early::Parses;
    }
    // The last '@' before the authority's end, as the straight-line route
    // finds it (a tab or newline anywhere: ask the state machine).
    let scan = scan_authority(
        authority.as_bytes(),
        0,
        scheme_type,
        AuthorityScan::WithUserinfo,
    );
    if scan.tab_or_newline {
        return Early::Ask;
    }
    match scan.at {
        Some(sign) => {
            let host_start = sign + 1;
            let host = authority.get(host_start..).unwrap_or_default();
            host_and_port_answer(host, at + host_start)
        }
        None if authority.starts_with(':') => {
            Early::Fails(invalid(ValidationError::HostMissing, at))
        }
        None => whole,
    }
}

/// The authority of almost every real URL, decided inline: a host of
/// lower-case letters, digits, `-` and `.` (the canonical recognizer's
/// scan) that does not end in a number or is a dotted-decimal IPv4
/// address, an optional port of at most 65535,
/// then the end or `/ ? # \\`. `false` means "not this shape" (the general
/// check follows), not "fails".
#[inline(always)]
fn plain_authority_parses(authority: &[u8]) -> bool {
    let end = find_host(authority, 0);
    let (host, mut rest) = authority.split_at_checked(end).unwrap_or_default();
    // A host ending in a number is an IPv4 address: one in dotted decimal
    // already parses (the IPv4 parser took 300 instructions to say so,
    // `can_parse` on userbait's IPv4 hosts 1.6 to 3 times Ada's time).
    if host.is_empty() || (ipv4::ends_in_a_number(host) && !ipv4::is_serialized_ipv4(host)) {
        return false;
    }
    if let Some(after_colon) = rest.strip_prefix(b":") {
        let digits = after_colon
            .iter()
            .take(6)
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(after_colon.len().min(6));
        let (digits, after) = after_colon.split_at_checked(digits).unwrap_or_default();
        if port_number(digits.iter().copied()) > 0xFFFF {
            return false;
        }
        rest = after;
    }
    matches!(rest.first(), None | Some(b'/' | b'?' | b'#' | b'\\'))
}

/// `host [":" port]` then the end or `/ ? # \\` (`authority` at `at` in
/// the input, with no credentials before it): the host an ASCII domain (any
/// case, not ending in a number), an IPv4 address the IPv4 parser accepts,
/// or a bracketed IPv6 address; the port at most 65535. Past such a host,
/// the port state's failures: a byte that is not a digit and does not end
/// the port (a C0 control or space, which a tab, a newline or trimming may
/// take away, is left to the parser), or a number past 65535.
fn host_and_port_answer(authority: &str, at: usize) -> Early {
    let host_end = match host_answer(authority) {
        HostAnswer::Parses(end) => end,
        HostAnswer::Fails(e, k) => return Early::Fails(invalid(e, at + k)),
        HostAnswer::Ask => return Early::Ask,
    };
    let authority = authority.as_bytes();
    let ends = |b: Option<&u8>| matches!(b, None | Some(b'/' | b'?' | b'#' | b'\\'));
    if authority.get(host_end) != Some(&b':') {
        return ends(authority.get(host_end)).into();
    }
    let port_start = host_end + 1;
    let port = authority.get(port_start..).unwrap_or_default();
    let digits = port
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(port.len());
    match port.get(digits) {
        next if ends(next) => {
            if port_number(port.iter().take(digits).copied()) > 0xFFFF {
                Early::Fails(invalid(ValidationError::PortOutOfRange, at + port_start))
            } else {
                Early::Parses
            }
        }
        Some(&b) if crate::byte_class::is_c0_control_or_space(b) => Early::Ask,
        _ => Early::Fails(invalid(
            ValidationError::PortInvalid,
            at + port_start + digits,
        )),
    }
}

/// What [`host_answer`] can tell of a host at the start of an authority.
enum HostAnswer {
    /// It parses, and ends here.
    Parses(usize),
    /// The host parser fails, with this error at this offset into the
    /// authority, whatever the rest of the authority is (but for an '@'
    /// in it, which would make the host credentials: the caller's to rule
    /// out).
    Fails(ValidationError, usize),
    /// Anything else: the parser's to answer.
    Ask,
}

/// Where a host at the start of `authority` ends when it surely parses: an
/// ASCII domain (any case, not ending in a number), an IPv4 address the
/// IPv4 parser accepts, or a bracketed IPv6 address. The failure, when the
/// host is the authority's up to a ':' or its end, a bracketed text or a
/// plain ASCII one, and the IPv6 or IPv4 parser fails on it: answered here,
/// such an input took the route's whole check after this one (an IPv6
/// failure 1.2 times Ada's time).
fn host_answer(text: &str) -> HostAnswer {
    let authority = text.as_bytes();
    // The host state's buffer ends at ':' (outside brackets) or where the
    // authority does.
    let ends_host = |b: Option<&u8>| matches!(b, None | Some(b':' | b'/' | b'\\' | b'?' | b'#'));
    if authority.first() == Some(&b'[') {
        // The first ']', '@', tab or newline or authority end, in one
        // vector scan (two byte loops, for the ']' and over the text
        // before it, took as long as the IPv6 parser).
        let close = find(authority, 1, Stop::BracketedAuthority);
        if authority.get(close) != Some(&b']') || !ends_host(authority.get(close + 1)) {
            return bracketed_host_answer(authority, true);
        }
        let inner = authority.get(1..close).unwrap_or_default();
        return match ipv6::parse_ipv6(inner, false, &mut |_, _| {}) {
            Ok(_) => HostAnswer::Parses(close + 1),
            // A second '[' (which the scan passes) is in the host state's
            // buffer, but not what the IPv6 parser reads.
            Err(_) if inner.contains(&b'[') => bracketed_host_answer(authority, true),
            Err((e, k)) => HostAnswer::Fails(e, ipv6::offset_in_brackets(k)),
        };
    }
    let end = domain_end(authority);
    if !ends_host(authority.get(end)) {
        return percent_encoded_host(text);
    }
    let host = authority.get(..end).unwrap_or_default();
    if host.is_empty() {
        return HostAnswer::Ask;
    }
    if ipv4::ends_in_a_number(host) {
        // The host parser reads such a host as it stands (ASCII, nothing
        // to decode, no forbidden code point): an IPv4 address, and the
        // parser's failure at its part is the host's.
        // (A ':' or the authority's end follows it: tested above.) Dotted
        // decimal already: parses, without the parser.
        if ipv4::is_serialized_ipv4(host) {
            return HostAnswer::Parses(end);
        }
        return match ipv4::parse_ipv4_quiet(host) {
            Ok(_) => HostAnswer::Parses(end),
            Err((e, k)) => HostAnswer::Fails(e, k),
        };
    }
    HostAnswer::Parses(end)
}

/// Where a host at the start of `authority` ends when it surely parses
/// (the file host state's question, for which [`host_answer`]'s larger
/// answer cost `can_parse` on the `file:` corpora 8%): an ASCII domain
/// (any case, not ending in a number), an IPv4 address the IPv4 parser
/// accepts, or a bracketed IPv6 address; `None` otherwise.
fn host_parses(authority: &[u8]) -> Option<usize> {
    if authority.first() == Some(&b'[') {
        // An IPv6 address: no tab or newline inside (they are removed).
        let close = authority.iter().position(|&b| b == b']')?;
        let inner = authority.get(1..close).unwrap_or_default();
        if inner.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
            || ipv6::parse_ipv6(inner, false, &mut |_, _| {}).is_err()
        {
            return None;
        }
        return Some(close + 1);
    }
    let end = domain_end(authority);
    let host = authority.get(..end).unwrap_or_default();
    if host.is_empty() || (ipv4::ends_in_a_number(host) && ipv4::parse_ipv4_quiet(host).is_err()) {
        return None;
    }
    Some(end)
}

/// Where a domain at the start of `authority` ends: letters of either
/// case, digits, '-' and '.' are found 16 bytes per step; a rarer domain
/// byte (which the vector scan stops at) is then scanned on byte by byte.
#[inline(always)]
fn domain_end(authority: &[u8]) -> usize {
    let end = find(authority, 0, Stop::LdhAnyCase);
    if !authority.get(end).is_some_and(|&b| is_domain_byte(b)) {
        return end;
    }
    end + authority
        .get(end..)
        .unwrap_or_default()
        .iter()
        .position(|&b| !is_domain_byte(b))
        .unwrap_or(authority.len() - end)
}

/// [`host_answer`] for an ASCII host with percent-encoded bytes or a
/// forbidden domain code point (`ho%5Cst`, `e%78ample%2Ecom`, `a<b`), which
/// the domain-byte scan stops inside: decoded as the host parser decodes
/// it, an ASCII domain is only lowercased, so it fails if a byte of it is
/// a forbidden domain code point (`%` itself where no two hex digits
/// follow), at the host's start, and parses otherwise unless it ends in a
/// number (the IPv4 parser's, asked). Non-ASCII, decoded or not, is the
/// host parser's (IDNA): [`domain_by_parser`], unless an '@' follows in
/// the authority. A tab or newline (removed), a C0 control or space in an
/// input that ends in one (trimming may remove it), or an '@' (the
/// caller's credentials): asked.
fn percent_encoded_host(text: &str) -> HostAnswer {
    let authority = text.as_bytes();
    // The host state's buffer ends at ':' too (no brackets here).
    let end = first_of(authority, |b| {
        matches!(b, b':' | b'/' | b'\\' | b'?' | b'#')
    });
    // `authority` runs to the input's end.
    let trimmed_at_end = authority.last().is_some_and(|&b| is_c0_control_or_space(b));
    // A C0 control or space is a forbidden domain code point, but where the
    // input ends in one, trimming may take it away.
    let asks = |b: u8| b == b'@' || (trimmed_at_end && is_c0_control_or_space(b));
    let buffer = text.get(..end).unwrap_or_default();
    let Some(domain) = decoded_ascii_domain(buffer.as_bytes(), asks) else {
        // An '@' further on makes this text credentials: the caller's scan
        // for it, made first, so that IDNA does not run on a user name.
        let scan = scan_authority(
            authority,
            end,
            SchemeType::Https,
            AuthorityScan::WithUserinfo,
        );
        if scan.at.is_some() || scan.tab_or_newline {
            return HostAnswer::Ask;
        }
        return domain_by_parser(buffer, asks);
    };
    if domain.forbidden {
        return HostAnswer::Fails(ValidationError::DomainToAscii, 0);
    }
    let tail = domain.tail;
    if end == 0 || tail.is_ascii_hexdigit() || tail | 0x20 == b'x' {
        return HostAnswer::Ask;
    }
    HostAnswer::Parses(end)
}

/// The first byte of `authority` that `ends` names (the end if none): a
/// host buffer's end, found through the authority state's vector scan,
/// whose stops include every byte that can end one. A byte loop's exit,
/// at every host length, mispredicted about once a host (callgrind's
/// model: a twentieth of `can_parse`'s mispredictions on the mutations).
#[inline(always)]
fn first_of(authority: &[u8], ends: impl Fn(u8) -> bool) -> usize {
    let mut k = find(authority, 0, Stop::Authority);
    while let Some(&b) = authority.get(k) {
        if ends(b) {
            return k;
        }
        k = find(authority, k + 1, Stop::Authority);
    }
    authority.len()
}

/// What [`decoded_ascii_domain`] finds.
struct DecodedDomain {
    /// A decoded byte is a forbidden domain code point.
    forbidden: bool,
    /// A byte was percent-decoded.
    encoded: bool,
    /// The last decoded byte, or the one before it when that is a '.':
    /// whether the domain may end in a number.
    tail: u8,
}

/// A host's buffer percent-decoded as the host parser decodes it (`%`
/// with two hex digits), judged without writing it: `None` (ask) at a tab
/// or newline (removed before), a raw byte `asks` names, or a decoded byte
/// that is not ASCII (IDNA's to judge).
fn decoded_ascii_domain(buffer: &[u8], asks: impl Fn(u8) -> bool) -> Option<DecodedDomain> {
    let hex = |k: usize| buffer.get(k).copied().and_then(hex_value);
    let (mut i, mut forbidden, mut encoded) = (0, false, false);
    let (mut last, mut before) = (0u8, 0u8);
    while let Some(&b) = buffer.get(i) {
        let d = match b {
            b'%' => match (hex(i + 1), hex(i + 2)) {
                (Some(high), Some(low)) => {
                    (i, encoded) = (i + 2, true);
                    high << 4 | low
                }
                _ => b'%',
            },
            b'\t' | b'\n' | b'\r' => return None,
            _ if asks(b) => return None,
            _ => b,
        };
        if d >= 0x80 {
            return None;
        }
        forbidden |= class(d) & FORBIDDEN_DOMAIN != 0;
        (before, last) = (last, d);
        i += 1;
    }
    let tail = if last == b'.' { before } else { last };
    Some(DecodedDomain {
        forbidden,
        encoded,
        tail,
    })
}

/// [`surely_parses`] for `file:` then `rest` (at `rest_at` in the input): the
/// file and file slash states take anything but two slashes (either kind)
/// without failing; after two, the file host state's buffer (up to the
/// path, query or fragment) is empty, a Windows drive letter, or a host,
/// which must parse (there is no port).
fn file_answer(text: &str, rest_at: usize) -> Early {
    let rest = text.as_bytes();
    let at = |k: usize| rest.get(k).copied();
    let is_slash = |b: Option<u8>| matches!(b, Some(b'/' | b'\\'));
    let is_ws = |b: Option<u8>| matches!(b, Some(b'\t' | b'\n' | b'\r'));
    if is_ws(at(0)) || (is_slash(at(0)) && is_ws(at(1))) {
        // Removing it might make the two slashes.
        return Early::Ask;
    }
    if !(is_slash(at(0)) && is_slash(at(1))) {
        return Early::Parses;
    }
    // The file host state's buffer ends at the path, query or fragment
    // (tabs and newlines are removed, not ends: asked at one).
    let ends_buffer = |b: Option<&u8>| matches!(b, None | Some(b'/' | b'\\' | b'?' | b'#'));
    let host = rest.get(2..).unwrap_or_default();
    // Empty (most file URLs: "file:///"), a Windows drive letter, or a
    // host that parses, found with the host's own scan.
    if ends_buffer(host.first())
        || matches!(host, [a, b':' | b'|', after @ ..]
            if a.is_ascii_alphabetic() && ends_buffer(after.first()))
        || host_parses(host).is_some_and(|end| ends_buffer(host.get(end)))
    {
        return Early::Parses;
    }
    match file_host_answer(text.get(2..).unwrap_or_default()) {
        HostAnswer::Fails(e, k) => Early::Fails(invalid(e, rest_at + 2 + k)),
        HostAnswer::Parses(_) => Early::Parses,
        HostAnswer::Ask => Early::Ask,
    }
}

/// The host parser's failure on a file host [`host_parses`] did not take
/// (`host`: from after "//" to the trimmed input's end), where it is
/// certain: the buffer runs to the path, query or fragment, ':' and '@'
/// included (a file URL has neither port nor credentials), so
/// `file://host:80/` fails. Without this, a fifth of the mutations that
/// `can_parse` handed to the straight-line route were such failures.
/// Bracketed, as the host state's buffer; else an ASCII domain (percent-
/// decoded) that holds a forbidden domain code point fails at the host's
/// start, and one without '%' that ends in a number fails as the IPv4
/// parser does. Non-ASCII: the host parser's ([`domain_by_parser`]).
/// Tabs or newlines: asked.
fn file_host_answer(text: &str) -> HostAnswer {
    let host = text.as_bytes();
    if host.first() == Some(&b'[') {
        return bracketed_host_answer(host, false);
    }
    let end = first_of(host, |b| matches!(b, b'/' | b'\\' | b'?' | b'#'));
    let text = text.get(..end).unwrap_or_default();
    let buffer = text.as_bytes();
    let Some(domain) = decoded_ascii_domain(buffer, |_| false) else {
        return domain_by_parser(text, |_| false);
    };
    if domain.forbidden {
        return HostAnswer::Fails(ValidationError::DomainToAscii, 0);
    }
    if !domain.encoded && ipv4::ends_in_a_number(buffer) {
        if let Err((e, k)) = ipv4::parse_ipv4_quiet(buffer) {
            return HostAnswer::Fails(e, k);
        }
    }
    HostAnswer::Ask
}

/// The host parser's answer on a special URL's host buffer that
/// [`decoded_ascii_domain`] declined, when the buffer is surely the host
/// state's: no tab or newline (removed before), no byte `asks` names, no
/// '[' (which would let a ':' into the buffer). What is left is a non-ASCII
/// domain, decoded or not, which only IDNA can judge: run here on the
/// buffer alone, into a room of [`CHECK_ROOM`] bytes on the stack, where
/// the route `can_parse` handed such a host to (a tenth of the mutations)
/// read the scheme and authority again first. A host that needs more room
/// is asked.
#[inline(never)]
fn domain_by_parser(s: &str, asks: impl Fn(u8) -> bool) -> HostAnswer {
    let buffer = s.as_bytes();
    if buffer.is_empty()
        || buffer
            .iter()
            .any(|&b| is_tab_or_newline(b) || b == b'[' || asks(b))
    {
        return HostAnswer::Ask;
    }
    let mut room = [0u8; CHECK_ROOM];
    let mut storage = SliceStorage::new(&mut room);
    let mut w = Output::appending(s, &mut storage);
    let input = Input {
        s,
        bytes: buffer,
        has_ws: false,
        offset: 0,
    };
    let syntax = HostSyntax::Domain;
    match parse_host(
        &mut w,
        &input,
        0,
        buffer.len(),
        syntax,
        &mut NoValidation,
        Need::Validity,
    ) {
        Ok(_) => HostAnswer::Parses(buffer.len()),
        Err(ParseError::Invalid { error, position }) => HostAnswer::Fails(error, position),
        Err(_) => HostAnswer::Ask,
    }
}

/// [`bracketed_host`] for a special URL (`colon_ends`: not in the file
/// host state): such a host was parsed twice, here and then by the route
/// `can_parse` handed it to.
fn bracketed_host_answer(authority: &[u8], colon_ends: bool) -> HostAnswer {
    match bracketed_host(authority, true, colon_ends) {
        Some(Ok(end)) => HostAnswer::Parses(end),
        Some(Err((e, k))) => HostAnswer::Fails(e, k),
        None => HostAnswer::Ask,
    }
}

/// [`surely_parses`] for an input without a scheme: the relative state
/// fails only through an authority ("//", or `\` for a special or file
/// base); an opaque base takes only a fragment.
fn reference_parses(input: &[u8], base: Option<&Url<&str>>) -> bool {
    let Some(base) = base else {
        return false;
    };
    if base.has_opaque_path() {
        return input.first() == Some(&b'#');
    }
    !starts_authority(input, base.is_special())
}

/// Whether `rest` may start an authority: "//" (or `\` as either slash
/// when `special`), or a tab or newline where one of those would be (it is
/// removed, and the next byte decides).
fn starts_authority(rest: &[u8], special: bool) -> bool {
    let slash = |b: Option<&u8>| match b {
        Some(b'/') => Some(true),
        Some(b'\\') if special => Some(true),
        Some(b'\t' | b'\n' | b'\r') => None,
        _ => Some(false),
    };
    match slash(rest.first()) {
        Some(true) => slash(rest.get(1)) != Some(false),
        Some(false) => false,
        None => true,
    }
}

/// Bytes of a domain that domain-to-ASCII only lowercases: ASCII and not a
/// forbidden domain code point (which also ends the host at ':', '/', '?',
/// '#', '\\', '@' and tab/newline).
#[inline(always)]
fn is_domain_byte(b: u8) -> bool {
    class(b) & (NON_ASCII | FORBIDDEN_DOMAIN) == 0
}
