//! Byte classes: the bottom layer. Every set of bytes the standard names —
//! the percent-encode sets (url.bs §1.3), forbidden host and domain code
//! points (§3.2), URL code points (§4.1), ASCII tab or newline, scheme code
//! points (§4.4 scheme state) — and the few the parser's scans add, defined
//! once as sets and predicates, and gathered into one 256-entry table of bit
//! flags, [`CLASS`], so that "does this byte matter here" is one load and
//! one AND wherever it is asked. Nothing here imports another module of the
//! crate.

mod ascii_set;

pub use ascii_set::AsciiSet;

/// The forbidden host code points (url.bs §3.2).
const FORBIDDEN_HOST_SET: AsciiSet = AsciiSet::EMPTY.add_all(b"\0\t\n\r #/:<>?@[\\]^|");

/// The forbidden domain code points: forbidden host code points, C0
/// controls, `%` and DEL (url.bs §3.2).
const FORBIDDEN_DOMAIN_SET: AsciiSet = FORBIDDEN_HOST_SET.union(AsciiSet::C0_CONTROL).add(b'%');

/// The ASCII URL code points (url.bs §4.1): alphanumerics and
/// `!$&'()*+,-./:;=?@_~`.
const URL_CODE_POINT_SET: AsciiSet = AsciiSet::EMPTY
    .add_range(b'0', b'9')
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_all(b"!$&'()*+,-./:;=?@_~");

/// The code points of a scheme after its first (url.bs §4.4 scheme state):
/// ASCII alphanumerics, `+`, `-` and `.`.
const SCHEME_SET: AsciiSet = AsciiSet::EMPTY
    .add_range(b'0', b'9')
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_all(b"+-.");

/// Lower-case letters, digits, `-` and `.`: the bytes almost every real
/// host is spelled in, which the canonical recognizer's scan passes.
const LDH_SET: AsciiSet = AsciiSet::EMPTY
    .add_range(b'0', b'9')
    .add_range(b'a', b'z')
    .add_all(b"-.");

/// A forbidden host code point (url.bs §3.2).
#[inline]
pub const fn is_forbidden_host_code_point(b: u8) -> bool {
    FORBIDDEN_HOST_SET.contains_ascii(b)
}

/// A forbidden domain code point (url.bs §3.2): forbidden host code points,
/// C0 controls, `%` and DEL.
#[inline]
pub const fn is_forbidden_domain_code_point(b: u8) -> bool {
    FORBIDDEN_DOMAIN_SET.contains_ascii(b)
}

/// ASCII tab or newline (U+0009, U+000A, U+000D), which the basic URL
/// parser removes from its input.
#[inline(always)]
pub(crate) fn is_tab_or_newline(b: u8) -> bool {
    class(b) & TAB_OR_NEWLINE != 0
}

/// C0 control or space (U+0000 to U+0020), which the basic URL parser trims
/// from both ends of its input.
#[inline(always)]
pub(crate) const fn is_c0_control_or_space(b: u8) -> bool {
    b <= b' '
}

/// URL code points above ASCII: U+00A0..=U+10FFFD minus surrogates (not in
/// `char`) and noncharacters (url.bs §4.1).
#[inline]
pub(crate) fn is_url_code_point_non_ascii(c: char) -> bool {
    let v = c as u32;
    v >= 0xA0 && !(0xFDD0..=0xFDEF).contains(&v) && (v & 0xFFFE) != 0xFFFE
}

// The table's bits. The first eight are the percent-encode sets, each (but
// FRAGMENT, which differs from QUERY in ` and #) a superset of the one
// before it, as the standard builds them.
/// The C0 control percent-encode set.
pub(crate) const C0: u32 = 1 << 0;
/// The fragment percent-encode set.
pub(crate) const FRAGMENT: u32 = 1 << 1;
/// The query percent-encode set.
pub(crate) const QUERY: u32 = 1 << 2;
/// The special-query percent-encode set.
pub(crate) const SPECIAL_QUERY: u32 = 1 << 3;
/// The path percent-encode set.
pub(crate) const PATH: u32 = 1 << 4;
/// The userinfo percent-encode set.
pub(crate) const USERINFO: u32 = 1 << 5;
/// The component percent-encode set.
pub(crate) const COMPONENT: u32 = 1 << 6;
/// The application/x-www-form-urlencoded percent-encode set.
pub(crate) const FORM: u32 = 1 << 7;
/// An ASCII byte that is not a URL code point and not `%`
/// (invalid-URL-unit).
pub(crate) const NOT_URL_UNIT: u32 = 1 << 8;
/// `%`
pub(crate) const PERCENT: u32 = 1 << 9;
/// `/`
pub(crate) const SLASH: u32 = 1 << 10;
/// `\`
pub(crate) const BACKSLASH: u32 = 1 << 11;
/// ASCII tab or newline.
pub(crate) const TAB_OR_NEWLINE: u32 = 1 << 12;
/// A byte ≥ 0x80.
pub(crate) const NON_ASCII: u32 = 1 << 13;
/// `?`
pub(crate) const QUESTION: u32 = 1 << 14;
/// `#`
pub(crate) const HASH: u32 = 1 << 15;
/// A forbidden host code point.
pub(crate) const FORBIDDEN_HOST: u32 = 1 << 16;
/// A forbidden domain code point.
pub(crate) const FORBIDDEN_DOMAIN: u32 = 1 << 17;
/// An ASCII upper-case letter.
pub(crate) const UPPER: u32 = 1 << 18;
/// A scheme code point after the first: ASCII alphanumeric, `+`, `-`, `.`.
pub(crate) const SCHEME: u32 = 1 << 19;
/// What ends a special URL's authority: `/`, `\`, `?`, `#`.
pub(crate) const AUTHORITY_END: u32 = 1 << 20;
/// What the authority state notes inside an authority: `@`, `:`, `[`, `]`.
pub(crate) const AUTHORITY_MARK: u32 = 1 << 21;
/// `&`, which separates application/x-www-form-urlencoded sequences.
pub(crate) const AMPERSAND: u32 = 1 << 22;
/// `=`, which splits a name from its value.
pub(crate) const EQUALS: u32 = 1 << 23;
/// `+`, which form-urlencoded parsing decodes to a space.
pub(crate) const PLUS: u32 = 1 << 24;
/// A lower-case letter, digit, `-` or `.`.
pub(crate) const LDH: u32 = 1 << 25;
/// What the authority state notes inside brackets: `@` and `]` (a `:`
/// there is not a port's, and `[` changes nothing).
pub(crate) const BRACKETED_MARK: u32 = 1 << 26;

/// The bits of byte `b`, each from the set or predicate it names.
const fn bits_of(b: u8) -> u32 {
    let sets: [(AsciiSet, u32); 15] = [
        (AsciiSet::C0_CONTROL, C0),
        (AsciiSet::FRAGMENT, FRAGMENT),
        (AsciiSet::QUERY, QUERY),
        (AsciiSet::SPECIAL_QUERY, SPECIAL_QUERY),
        (AsciiSet::PATH, PATH),
        (AsciiSet::USERINFO, USERINFO),
        (AsciiSet::COMPONENT, COMPONENT),
        (AsciiSet::FORM_URLENCODED, FORM),
        (FORBIDDEN_HOST_SET, FORBIDDEN_HOST),
        (FORBIDDEN_DOMAIN_SET, FORBIDDEN_DOMAIN),
        (AsciiSet::EMPTY.add_range(b'A', b'Z'), UPPER),
        (SCHEME_SET, SCHEME),
        (AsciiSet::EMPTY.add_all(b"/\\?#"), AUTHORITY_END),
        (AsciiSet::EMPTY.add_all(b"@:[]"), AUTHORITY_MARK),
        (AsciiSet::EMPTY.add_all(b"@]"), BRACKETED_MARK),
    ];
    let mut bits = 0;
    let mut k = 0;
    while k < sets.len() {
        let (set, bit) = sets[k];
        // The encode sets hold every non-ASCII byte; the other sets none.
        let non_ascii_too = k < 8;
        if set.contains_ascii(b) || (non_ascii_too && b >= 0x80) {
            bits |= bit;
        }
        k += 1;
    }
    if b < 0x80 && !URL_CODE_POINT_SET.contains_ascii(b) && b != b'%' {
        bits |= NOT_URL_UNIT;
    }
    if LDH_SET.contains_ascii(b) {
        bits |= LDH;
    }
    if b >= 0x80 {
        bits |= NON_ASCII;
    }
    let single: [(u8, u32); 9] = [
        (b'%', PERCENT),
        (b'/', SLASH),
        (b'\\', BACKSLASH),
        (b'?', QUESTION),
        (b'#', HASH),
        (b'&', AMPERSAND),
        (b'=', EQUALS),
        (b'+', PLUS),
        (b'\t', TAB_OR_NEWLINE),
    ];
    let mut k = 0;
    while k < single.len() {
        if single[k].0 == b {
            bits |= single[k].1;
        }
        k += 1;
    }
    if b == b'\n' || b == b'\r' {
        bits |= TAB_OR_NEWLINE;
    }
    bits
}

/// Every byte's class bits (with the `small` feature, every ASCII byte's:
/// the non-ASCII bytes share one class, `NON_ASCII_CLASS`).
pub(crate) static CLASS: [u32; CLASS_LEN] = {
    let mut t = [0u32; CLASS_LEN];
    let mut b = 0;
    while b < CLASS_LEN {
        t[b] = bits_of(b as u8);
        b += 1;
    }
    t
};

/// Entries in [`CLASS`].
const CLASS_LEN: usize = if cfg!(feature = "small") { 0x80 } else { 0x100 };

/// The class bits of every byte ≥ 0x80.
#[cfg(feature = "small")]
const NON_ASCII_CLASS: u32 = bits_of(0x80);

/// Byte `b`'s class bits.
#[cfg(not(feature = "small"))]
#[inline(always)]
pub(crate) fn class(b: u8) -> u32 {
    CLASS[usize::from(b)]
}

/// Byte `b`'s class bits. With the `small` feature, a call (shorter than
/// the inlined load at each of the parser's call sites) into half a table.
#[cfg(feature = "small")]
#[inline(never)]
pub(crate) fn class(b: u8) -> u32 {
    CLASS
        .get(usize::from(b))
        .copied()
        .unwrap_or(NON_ASCII_CLASS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_standard_s_definitions() {
        for b in 0..=255u8 {
            let c = class(b);
            let forbidden_host = matches!(
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
            );
            assert_eq!(is_forbidden_host_code_point(b), forbidden_host, "{b:#x}");
            assert_eq!(c & FORBIDDEN_HOST != 0, forbidden_host, "{b:#x}");
            let forbidden_domain = forbidden_host || b <= 0x1F || b == b'%' || b == 0x7F;
            assert_eq!(
                is_forbidden_domain_code_point(b),
                forbidden_domain,
                "{b:#x}"
            );
            assert_eq!(c & FORBIDDEN_DOMAIN != 0, forbidden_domain, "{b:#x}");
            assert_eq!(
                c & TAB_OR_NEWLINE != 0,
                matches!(b, b'\t' | b'\n' | b'\r'),
                "{b:#x}"
            );
            assert_eq!(
                c & SCHEME != 0,
                b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'),
                "{b:#x}"
            );
            assert_eq!(c & UPPER != 0, b.is_ascii_uppercase(), "{b:#x}");
            assert_eq!(
                c & LDH != 0,
                b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.',
                "{b:#x}"
            );
            let url_code_point = b.is_ascii_alphanumeric() || b"!$&'()*+,-./:;=?@_~".contains(&b);
            assert_eq!(
                c & NOT_URL_UNIT != 0,
                b < 0x80 && !url_code_point && b != b'%',
                "{b:#x}"
            );
            // Each encode set's bit agrees with the set, non-ASCII included.
            for (set, bit) in [
                (AsciiSet::C0_CONTROL, C0),
                (AsciiSet::FRAGMENT, FRAGMENT),
                (AsciiSet::QUERY, QUERY),
                (AsciiSet::SPECIAL_QUERY, SPECIAL_QUERY),
                (AsciiSet::PATH, PATH),
                (AsciiSet::USERINFO, USERINFO),
                (AsciiSet::COMPONENT, COMPONENT),
                (AsciiSet::FORM_URLENCODED, FORM),
            ] {
                assert_eq!(c & bit != 0, set.contains(b), "{b:#x} {set:?}");
            }
            assert_eq!(c & NON_ASCII != 0, b >= 0x80);
            assert_eq!(is_c0_control_or_space(b), b <= 0x20);
        }
        // The encode sets by the standard's own lists (url.bs §1.3).
        let c0 = |b: u8| b <= 0x1F || b >= 0x7F;
        for b in 0..=255u8 {
            let query = c0(b) || b" \"#<>".contains(&b);
            assert_eq!(class(b) & QUERY != 0, query, "{b:#x}");
            let path = query || b"?^`{}".contains(&b);
            assert_eq!(class(b) & PATH != 0, path, "{b:#x}");
            let userinfo = path || b"/:;=@[\\]|".contains(&b);
            assert_eq!(class(b) & USERINFO != 0, userinfo, "{b:#x}");
            let fragment = c0(b) || b" \"<>`".contains(&b);
            assert_eq!(class(b) & FRAGMENT != 0, fragment, "{b:#x}");
        }
    }
}
