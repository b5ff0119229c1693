//! Percent-encoded bytes (url.bs §1.3).
//!
//! Every percent-encode set, plus the byte classes the parser's scanning loops
//! stop on, live in one 256-entry table of bit flags, so "does this byte need
//! attention in this state" is one load and one AND. [`EncodeSet`] names the
//! standard's sets in that table.
//!
//! For sets of your own, [`AsciiSet`] is a 128-bit mask built in `const`
//! code from one of the standard's sets (its constants equal the
//! [`EncodeSet`]s byte for byte) or from scratch. Either kind of set works
//! with:
//!
//! - [`percent_encode`] and [`utf8_percent_encode`]: lazy, no allocation —
//!   an iterator of `&str` chunks that implements `Display`;
//! - [`utf8_percent_encode_into`]: appends to any [`Storage`].
//!
//! [`percent_decode`] and [`percent_decode_str`] decode lazily into bytes;
//! [`PercentDecode::decode_utf8_into`] and
//! [`PercentDecode::decode_utf8_lossy_into`] decode into any [`Storage`]
//! as UTF-8, and with the `alloc` feature `PercentDecode::decode_utf8`
//! and `PercentDecode::decode_utf8_lossy` give a `Cow<str>` that borrows
//! the input when there is nothing to decode.
//!
//! ```
//! use url_core::percent_encode::{percent_decode_str, utf8_percent_encode, AsciiSet};
//! use url_core::{Buffer, SliceStorage};
//!
//! /// The path percent-encode set, plus `/` and `%`: one path segment whose
//! /// text decodes back exactly.
//! const SEGMENT: &AsciiSet = &AsciiSet::PATH.add(b'/').add(b'%');
//!
//! let encoded = utf8_percent_encode("50% off/été", SEGMENT).to_string();
//! assert_eq!(encoded, "50%25%20off%2F%C3%A9t%C3%A9");
//! let mut buf = [0u8; 32];
//! let mut decoded = SliceStorage::new(&mut buf);
//! percent_decode_str(&encoded).decode_utf8_into(&mut decoded)?;
//! assert_eq!(decoded.as_str(), "50% off/été");
//! # Ok::<(), url_core::percent_encode::DecodeError>(())
//! ```
//!
//! Every non-ASCII byte is in every set (the standard's sets contain every
//! code point above U+007E, and an [`AsciiSet`] cannot remove them), so the
//! output is always ASCII.

mod ascii_set;
mod decode;
mod encode;

pub use ascii_set::{AsciiSet, CONTROLS, NON_ALPHANUMERIC};
pub use decode::{percent_decode, percent_decode_str, DecodeError, PercentDecode};
pub(crate) use encode::next_chunk;
pub use encode::{percent_encode, percent_encode_byte, utf8_percent_encode, PercentEncode};

use crate::byte_class::{
    class, C0, COMPONENT, FORM, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, TAB_OR_NEWLINE, USERINFO,
};
use crate::output::Output;
use crate::storage::{CapacityError, Storage};

/// A percent-encode set (url.bs §1.3). All sets contain every non-ASCII code
/// point, so UTF-8 percent-encoding a code point is percent-encoding each of
/// its UTF-8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodeSet(pub(crate) u32);

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
        class(byte) & self.0 != 0
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The three-byte `%XX` form of `byte` (upper-case hex, as §1.3 requires).
#[cfg_attr(not(feature = "small"), inline)]
#[cfg_attr(feature = "small", inline(never))]
pub(crate) fn percent_encoded(byte: u8) -> [u8; 3] {
    [
        b'%',
        HEX_UPPER[(byte >> 4) as usize],
        HEX_UPPER[(byte & 0xF) as usize],
    ]
}

/// Writes into `w` the bytes from `start`, percent-encoding those whose
/// class has a bit of `encode` (§1.3 "percent-encode a byte") and copying
/// the rest, until a byte whose class has a bit of `halt`, the input's end,
/// or sixteen bytes in a row with nothing to encode; returns where it
/// stopped. The caller's scan found a byte to encode at `start`.
///
/// Text in another script alternates runs to encode with a byte or word to
/// keep every few bytes: a scan and an append per run cost more than the
/// bytes. Here each byte takes the same steps whichever it is (no branch on
/// it), and sixteen go out in one append.
///
/// With `REMOVE`, a tab or newline not in `halt` is removed, as the basic
/// URL parser does first, and may be what is at `start` (the query and
/// fragment: hostile input puts them every few bytes, each a scan and an
/// append of its own otherwise). Without, it is encoded like any C0
/// control unless `halt` holds it: the check per byte costs the runs of
/// text a tenth of their time, so only the query writer asks for it, and
/// only at a tab or newline.
pub(crate) fn push_encoded_text<S: Storage, const REMOVE: bool>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    start: usize,
    encode: u32,
    halt: u32,
) -> Result<usize, CapacityError> {
    // Sixteen escapes, and the fourth byte of the last one's word.
    let mut chunk = [0u8; 16 * 3 + 1];
    let mut i = start;
    loop {
        let rest = bytes.get(i..).unwrap_or_default();
        let block = rest.get(..16).unwrap_or(rest);
        let (mut n, mut taken) = (0, 0);
        for &b in block {
            let c = class(b);
            if c & halt != 0 {
                break;
            }
            let escaped = u32::from(c & encode != 0);
            let [_, hi, lo] = percent_encoded(b);
            let escape = u32::from_le_bytes([b'%', hi, lo, 0]);
            let all = 0u32.wrapping_sub(escaped);
            let word = (escape & all) | (u32::from(b) & !all);
            if let Some(slot) = chunk.get_mut(n..n + 4) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
            // A removed byte's word is written over by the next.
            let removed = usize::from(REMOVE && c & TAB_OR_NEWLINE != 0);
            n += (1 + 2 * escaped as usize) & removed.wrapping_sub(1);
            taken += 1;
        }
        w.push_ascii(chunk.get(..n).unwrap_or_default())?;
        i += taken;
        // Halted, at the end, or plain text again (back to the scan; also
        // when removals and escapes happen to balance: only a scan more).
        if taken < 16 || n == taken {
            return Ok(i);
        }
    }
}

/// The value of an ASCII hex digit.
#[cfg_attr(not(feature = "small"), inline)]
#[cfg_attr(feature = "small", inline(never))]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// [`hex_value`] of every byte, 0xFF for a byte that is no hex digit: one
/// load per digit for the IPv4 parser's digit loop.
pub(crate) static HEX_VALUE: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(d) = hex_value(b as u8) {
            t[b] = d;
        }
        b += 1;
    }
    t
};

/// The `%XX` form of every byte, back to back, so that an escape is a
/// `&'static str` (three bytes at `3 * byte`): the lazy encoders hand out
/// chunks that borrow either the input or this table.
static PERCENT_ESCAPES: &str = {
    const BYTES: [u8; 768] = {
        let mut t = [0u8; 768];
        let mut b = 0;
        while b < 256 {
            t[3 * b] = b'%';
            t[3 * b + 1] = HEX_UPPER[b >> 4];
            t[3 * b + 2] = HEX_UPPER[b & 0xF];
            b += 1;
        }
        t
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("the escape table is ASCII"),
    }
};

/// `"%XX"` for `byte`, upper-case hex (url.bs §1.3 "percent-encode a byte").
#[inline]
pub(crate) fn escape(byte: u8) -> &'static str {
    let at = 3 * usize::from(byte);
    PERCENT_ESCAPES.get(at..at + 3).unwrap_or("%")
}

mod sealed {
    /// Only this crate's sets: the encoders rely on every non-ASCII byte
    /// being in the set (so unencoded runs are ASCII, on `char`
    /// boundaries), which a foreign implementation could not promise.
    pub trait Sealed {}
}

/// A percent-encode set: [`EncodeSet`] (the standard's sets, looked up in
/// the parser's byte-class table) or [`AsciiSet`] (any set of ASCII bytes,
/// plus every non-ASCII byte). Sealed: every set contains every byte ≥ 0x80.
pub trait PercentEncodeSet: sealed::Sealed {
    /// Whether `byte` is percent-encoded (always true for bytes ≥ 0x80).
    fn contains(&self, byte: u8) -> bool;
}

impl sealed::Sealed for EncodeSet {}
impl PercentEncodeSet for EncodeSet {
    #[inline]
    fn contains(&self, byte: u8) -> bool {
        // The inherent method: the CLASS lookup.
        EncodeSet::contains(*self, byte)
    }
}

impl sealed::Sealed for AsciiSet {}
impl PercentEncodeSet for AsciiSet {
    #[inline]
    fn contains(&self, byte: u8) -> bool {
        AsciiSet::contains(*self, byte)
    }
}

impl<T: PercentEncodeSet + ?Sized> sealed::Sealed for &T {}
impl<T: PercentEncodeSet + ?Sized> PercentEncodeSet for &T {
    #[inline]
    fn contains(&self, byte: u8) -> bool {
        (**self).contains(byte)
    }
}

/// UTF-8 percent-encodes `input` using `set`, appending to `out`
/// (url.bs §1.3 "UTF-8 percent-encode … using a percent-encode set").
/// `set` is an [`EncodeSet`] or an [`AsciiSet`] (by value or by reference).
/// On a capacity error `out` is left as it was.
///
/// This was `utf8_percent_encode` before that name went to the lazy
/// encoder, whose signature is the one code migrating from the
/// `percent_encoding` crate expects.
///
/// ```
/// use url_core::percent_encode::{utf8_percent_encode_into, AsciiSet, EncodeSet};
/// use url_core::{Buffer, SliceStorage};
/// let mut buf = [0u8; 32];
/// let mut out = SliceStorage::new(&mut buf);
/// utf8_percent_encode_into("Say what‽", EncodeSet::USERINFO, &mut out)?;
/// assert_eq!(out.as_str(), "Say%20what%E2%80%BD");
/// utf8_percent_encode_into(" ~", &AsciiSet::C0_CONTROL.add(b'~'), &mut out)?;
/// assert_eq!(out.as_str(), "Say%20what%E2%80%BD %7E");
/// # Ok::<(), url_core::CapacityError>(())
/// ```
pub fn utf8_percent_encode_into<S: Storage + ?Sized, E: PercentEncodeSet>(
    input: &str,
    set: E,
    out: &mut S,
) -> Result<(), CapacityError> {
    let start = out.len();
    let result = encode_runs(input, &set, out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn encode_runs<S: Storage + ?Sized, E: PercentEncodeSet>(
    input: &str,
    set: &E,
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
            // Computed rather than taken from the escape table: setters
            // use this, and firmware that links no lazy encoder should
            // not carry the 768-byte table for them.
            out.push_ascii(&percent_encoded(b))?;
            run = i + 1;
        }
    }
    out.push_str(input.get(run..).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Buffer, SliceStorage};

    #[test]
    fn escapes_are_upper_case_hex() {
        for b in 0..=255u8 {
            let want = percent_encoded(b);
            assert_eq!(escape(b).as_bytes(), &want[..]);
        }
    }

    #[test]
    fn into_storage_is_all_or_nothing() {
        let mut buf = [0u8; 10];
        let mut out = SliceStorage::new(&mut buf);
        out.push_str("ab").unwrap();
        assert!(utf8_percent_encode_into("c d e", EncodeSet::PATH, &mut out).is_err());
        assert_eq!(out.as_str(), "ab");
        utf8_percent_encode_into("c\u{e9}", AsciiSet::PATH, &mut out).unwrap();
        assert_eq!(out.as_str(), "abc%C3%A9");
    }
}
