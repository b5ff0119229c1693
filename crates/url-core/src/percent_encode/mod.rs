//! Percent-encoded bytes (url.bs §1.3).
//!
//! Every percent-encode set, plus the byte classes the parser's scanning loops
//! stop on, live in one 256-entry table of bit flags, so "does this byte need
//! attention in this state" is one load and one AND.

use crate::storage::{CapacityError, Storage};

/// A percent-encode set (url.bs §1.3). All sets contain every non-ASCII code
/// point, so UTF-8 percent-encoding a code point is percent-encoding each of
/// its UTF-8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodeSet(pub(crate) u16);

impl EncodeSet {
    /// The C0 control percent-encode set.
    pub const C0_CONTROL: EncodeSet = EncodeSet(C0);
    /// The fragment percent-encode set.
    pub const FRAGMENT: EncodeSet = EncodeSet(FRAGMENT);
    /// The query percent-encode set.
    pub const QUERY: EncodeSet = EncodeSet(QUERY);
    /// The special-query percent-encode set.
    pub const SPECIAL_QUERY: EncodeSet = EncodeSet(SPECIAL_QUERY);
    /// The path percent-encode set (includes `^` as of 2026).
    pub const PATH: EncodeSet = EncodeSet(PATH);
    /// The userinfo percent-encode set.
    pub const USERINFO: EncodeSet = EncodeSet(USERINFO);
    /// The component percent-encode set (what `encodeURIComponent` encodes).
    pub const COMPONENT: EncodeSet = EncodeSet(COMPONENT);
    /// The application/x-www-form-urlencoded percent-encode set.
    pub const FORM_URLENCODED: EncodeSet = EncodeSet(FORM);

    /// Whether `byte` is in the set (bytes ≥ 0x80 always are).
    ///
    /// ```
    /// use url_core::percent_encode::EncodeSet;
    /// assert!(EncodeSet::PATH.contains(b'^'));
    /// assert!(!EncodeSet::QUERY.contains(b'^'));
    /// ```
    #[inline]
    pub fn contains(self, byte: u8) -> bool {
        CLASS[byte as usize] & self.0 != 0
    }
}

// Encode-set bits. Each set is a superset of the one before it, except that
// FRAGMENT and QUERY differ (` vs #), as the standard notes.
pub(crate) const C0: u16 = 1 << 0;
pub(crate) const FRAGMENT: u16 = 1 << 1;
pub(crate) const QUERY: u16 = 1 << 2;
pub(crate) const SPECIAL_QUERY: u16 = 1 << 3;
pub(crate) const PATH: u16 = 1 << 4;
pub(crate) const USERINFO: u16 = 1 << 5;
pub(crate) const COMPONENT: u16 = 1 << 6;
pub(crate) const FORM: u16 = 1 << 7;
// Not-encoded but interesting bytes.
/// An ASCII byte that is not a URL code point and not `%` (invalid-URL-unit).
pub(crate) const NOT_URL_UNIT: u16 = 1 << 8;
pub(crate) const PERCENT: u16 = 1 << 9;
pub(crate) const SLASH: u16 = 1 << 10;
pub(crate) const BACKSLASH: u16 = 1 << 11;
/// ASCII tab or newline, removed from the input by the parser.
pub(crate) const TAB_OR_NEWLINE: u16 = 1 << 12;
pub(crate) const NON_ASCII: u16 = 1 << 13;
/// `?`
pub(crate) const QUESTION: u16 = 1 << 14;
/// `#`
pub(crate) const HASH: u16 = 1 << 15;

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut bits = 0u16;
        let c0 = c < 0x20 || c > 0x7E;
        if c0 {
            bits |= C0;
        }
        let fragment = c0 || matches!(c, b' ' | b'"' | b'<' | b'>' | b'`');
        if fragment {
            bits |= FRAGMENT;
        }
        let query = c0 || matches!(c, b' ' | b'"' | b'#' | b'<' | b'>');
        if query {
            bits |= QUERY;
        }
        if query || c == b'\'' {
            bits |= SPECIAL_QUERY;
        }
        let path = query || matches!(c, b'?' | b'^' | b'`' | b'{' | b'}');
        if path {
            bits |= PATH;
        }
        let userinfo = path
            || matches!(
                c,
                b'/' | b':' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'|'
            );
        if userinfo {
            bits |= USERINFO;
        }
        let component = userinfo || matches!(c, b'$' | b'%' | b'&' | b'+' | b',');
        if component {
            bits |= COMPONENT;
        }
        if component || matches!(c, b'!' | b'\'' | b'(' | b')' | b'~') {
            bits |= FORM;
        }
        // URL code points (ASCII part): alphanumerics and !$&'()*+,-./:;=?@_~
        let url_cp = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'!' | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b'-'
                    | b'.'
                    | b'/'
                    | b':'
                    | b';'
                    | b'='
                    | b'?'
                    | b'@'
                    | b'_'
                    | b'~'
            );
        if c < 0x80 && !url_cp && c != b'%' {
            bits |= NOT_URL_UNIT;
        }
        if c == b'%' {
            bits |= PERCENT;
        }
        if c == b'/' {
            bits |= SLASH;
        }
        if c == b'\\' {
            bits |= BACKSLASH;
        }
        if matches!(c, b'\t' | b'\n' | b'\r') {
            bits |= TAB_OR_NEWLINE;
        }
        if c >= 0x80 {
            bits |= NON_ASCII;
        }
        if c == b'?' {
            bits |= QUESTION;
        }
        if c == b'#' {
            bits |= HASH;
        }
        t[b] = bits;
        b += 1;
    }
    t
}

pub(crate) static CLASS: [u16; 256] = build();

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The three-byte `%XX` form of `byte` (upper-case hex, as §1.3 requires).
#[inline]
pub(crate) fn percent_encoded(byte: u8) -> [u8; 3] {
    [
        b'%',
        HEX_UPPER[(byte >> 4) as usize],
        HEX_UPPER[(byte & 0xF) as usize],
    ]
}

/// The value of an ASCII hex digit.
#[inline]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// UTF-8 percent-encodes `input` using `set`, appending to `out`
/// (url.bs §1.3 "UTF-8 percent-encode … using a percent-encode set").
///
/// ```
/// use url_core::percent_encode::{utf8_percent_encode, EncodeSet};
/// let mut buf = [0u8; 32];
/// let mut out = url_core::SliceStorage::new(&mut buf);
/// utf8_percent_encode("Say what‽", EncodeSet::USERINFO, &mut out).unwrap();
/// use url_core::Buffer;
/// assert_eq!(out.as_str(), "Say%20what%E2%80%BD");
/// ```
pub fn utf8_percent_encode<S: Storage + ?Sized>(
    input: &str,
    set: EncodeSet,
    out: &mut S,
) -> Result<(), CapacityError> {
    let bytes = input.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.contains(b) {
            // `run..i` is ASCII outside the set (bytes ≥ 0x80 are in every
            // set), so when non-empty it lies on str boundaries.
            if run < i {
                out.push_str(input.get(run..i).unwrap_or_default())?;
            }
            let enc = percent_encoded(b);
            // Always ASCII.
            out.push_str(core::str::from_utf8(&enc).unwrap_or("%"))?;
            run = i + 1;
        }
    }
    out.push_str(input.get(run..).unwrap_or_default())
}

/// Percent-decodes `input` (url.bs §1.3 "percent-decode"), yielding bytes.
///
/// ```
/// let out: Vec<u8> = url_core::percent_encode::percent_decode(b"%25%s%1G").collect();
/// assert_eq!(out, b"%%s%1G");
/// ```
pub fn percent_decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { bytes: input, i: 0 }
}

/// Iterator returned by [`percent_decode`].
#[derive(Clone, Debug)]
pub struct PercentDecode<'a> {
    bytes: &'a [u8],
    i: usize,
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.i)?;
        if b == b'%' {
            if let (Some(h), Some(l)) = (
                self.bytes.get(self.i + 1).and_then(|&x| hex_value(x)),
                self.bytes.get(self.i + 2).and_then(|&x| hex_value(x)),
            ) {
                self.i += 3;
                return Some(h << 4 | l);
            }
        }
        self.i += 1;
        Some(b)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.bytes.len() - self.i;
        (rest.div_ceil(3), Some(rest))
    }
}
