//! `application/x-www-form-urlencoded` (url.bs §5): the parser and the
//! serializer, without an allocator.
//!
//! # Parsing (§5.1)
//!
//! [`parse`] splits a byte sequence on `&` and yields `(name, value)` pairs of
//! [`Piece`]s that borrow the input. A piece is decoded only when asked:
//!
//! - [`Piece::as_str`] is the input itself when decoding would not change it
//!   (no `+`, no `%XX`, valid UTF-8) — zero copies;
//! - [`Piece::decode_into`] appends the decoded text to any [`Storage`];
//!   [`Piece::decode`] does that only when needed and gives back a `&str`
//!   either way;
//! - [`Piece::chars`], `Display` and `==` with a `&str` decode on the fly,
//!   with no buffer at all.
//!
//! Decoding is the standard's: `+` becomes a space, then the bytes are
//! percent-decoded, then UTF-8-decoded without BOM handling, each invalid
//! sequence becoming U+FFFD as the Encoding Standard's UTF-8 decoder does.
//!
//! ```
//! use url_core::form_urlencoded;
//!
//! let mut pairs = form_urlencoded::parse(b"a=1&b=x+y%21&&c");
//! let (name, value) = pairs.next().unwrap();
//! assert_eq!(name.as_str(), Some("a")); // borrowed: nothing to decode
//! assert_eq!(value.as_str(), Some("1"));
//! let (name, value) = pairs.next().unwrap();
//! assert_eq!(name, "b");
//! assert_eq!(value.as_str(), None); // needs decoding…
//! assert_eq!(value, "x y!"); // …which comparison does on the fly
//! let mut buf = [0u8; 16];
//! let mut out = url_core::SliceStorage::new(&mut buf);
//! assert_eq!(value.decode(&mut out)?, "x y!"); // or into a caller buffer
//! let (name, value) = pairs.next().unwrap(); // the empty sequence is skipped
//! assert_eq!((name.as_str(), value.as_str()), (Some("c"), Some("")));
//! assert!(pairs.next().is_none());
//! # Ok::<(), url_core::CapacityError>(())
//! ```
//!
//! # Serializing (§5.2)
//!
//! [`Serializer`] appends pairs to any [`Storage`]: `&` between pairs, `=`
//! between name and value, a space as `+`, and everything in the
//! [`EncodeSet::FORM_URLENCODED`](crate::percent_encode::EncodeSet::FORM_URLENCODED) set percent-encoded. With
//! [`Serializer::with_encoding`] the text is first encoded with a legacy
//! encoding (a [`QueryEncoder`](crate::encoding::QueryEncoder)); a code point that encoding cannot represent
//! is written as `%26%23` + its decimal value + `%3B` (`&#NNNN;`).
//!
//! ```
//! use url_core::{form_urlencoded::Serializer, Buffer, SliceStorage};
//!
//! let mut buf = [0u8; 64];
//! let mut ser = Serializer::new(SliceStorage::new(&mut buf));
//! ser.append_pair("q", "a b&c")?.append_pair("λ", "~!")?;
//! assert_eq!(ser.finish().as_str(), "q=a+b%26c&%CE%BB=%7E%21");
//! # Ok::<(), url_core::CapacityError>(())
//! ```

use crate::byte_class::{class, AMPERSAND, EQUALS, PERCENT, PLUS};
use crate::percent_encode::hex_value;
use crate::storage::{CapacityError, Storage};
use core::fmt::{self, Write as _};
use core::iter::FusedIterator;

mod serialize;
pub use serialize::{byte_serialize, encode_into, ByteSerialize, Serializer};

// ---------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------

/// Parses `input` as `application/x-www-form-urlencoded` (url.bs §5.1),
/// yielding `(name, value)` pairs in order. Empty sequences between `&`s
/// are skipped; a sequence without `=` is a name with an empty value.
///
/// A URL's query, a form body or any other byte sequence can be passed; for
/// a `&str` use `.as_bytes()`. A leading `?` is *not* removed (the
/// `URLSearchParams` constructor does that, the parser does not).
///
/// ```
/// use url_core::form_urlencoded::parse;
/// let names: Vec<_> = parse(b"a=1&=2&b&a=3").map(|(n, _)| n.as_str().unwrap()).collect();
/// assert_eq!(names, ["a", "", "b", "a"]);
/// assert_eq!(parse(b"").count(), 0);
/// assert_eq!(parse(b"&&").count(), 0);
/// ```
#[inline]
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse {
        input,
        pos: 0,
        text: None,
    }
}

/// [`parse`] for text: the same pairs, but a piece that needs no decoding
/// is a slice of `input` without a second UTF-8 validation.
///
/// ```
/// use url_core::form_urlencoded::parse_str;
/// let pairs: Vec<_> = parse_str("q=caf\u{e9}&x=a+b").collect();
/// assert_eq!(pairs[0].1.as_str(), Some("caf\u{e9}"));
/// assert_eq!(pairs[1].1, "a b");
/// ```
#[inline]
pub fn parse_str(input: &str) -> Parse<'_> {
    Parse {
        input: input.as_bytes(),
        pos: 0,
        text: Some(input),
    }
}

/// Iterator over the pairs of a form-urlencoded byte sequence; see [`parse`].
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    input: &'a [u8],
    /// Where the next sequence starts; past the end once the last is out.
    pos: usize,
    /// `input` as text, when the caller gave text.
    text: Option<&'a str>,
}

/// What the one pass over a sequence looks for: `&`, `=`, and `+` or `%`
/// (the piece may need decoding).
const SEQUENCE_MARKS: u32 = AMPERSAND | EQUALS | PLUS | PERCENT;

/// Where a pair lies in the input given to [`parse`] or [`parse_str`],
/// before any decoding: the name is `input[start..name_end]`, the value
/// `input[value_start..end]` (empty at `end` when there is no `=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairOffsets {
    /// Where the name starts.
    pub start: usize,
    /// Where the name ends.
    pub name_end: usize,
    /// Where the value starts (after the `=`).
    pub value_start: usize,
    /// Where the value ends (at the `&` or the end of the input).
    pub end: usize,
    /// Whether the name or the value holds a `+` or a `%`, so that decoding
    /// may change it. When `false` and the input is text, both are the
    /// input's bytes as they are.
    pub may_need_decoding: bool,
    escapes: [bool; 2],
}

impl<'a> Parse<'a> {
    /// The next pair's offsets in the input, skipping empty sequences as
    /// [`Iterator::next`] does, without looking at the pieces: for callers
    /// that keep the input (or a copy) and want positions rather than
    /// decoded text.
    ///
    /// ```
    /// use url_core::form_urlencoded::parse_str;
    /// let mut pairs = parse_str("a=1&&b+c");
    /// let first = pairs.next_offsets().unwrap();
    /// assert_eq!((first.start, first.name_end, first.value_start, first.end), (0, 1, 2, 3));
    /// assert!(!first.may_need_decoding);
    /// let second = pairs.next_offsets().unwrap();
    /// assert_eq!((second.start, second.name_end, second.value_start, second.end), (5, 8, 8, 8));
    /// assert!(second.may_need_decoding);
    /// assert!(pairs.next_offsets().is_none());
    /// ```
    #[inline]
    pub fn next_offsets(&mut self) -> Option<PairOffsets> {
        loop {
            let start = self.pos;
            let rest = self.input.get(start..)?;
            // One pass finds the sequence's end, its first `=`, and whether
            // either side holds a `+` or `%`.
            let mut end = rest.len();
            let mut equals = None;
            let mut escapes = [false; 2];
            for (i, &b) in rest.iter().enumerate() {
                match class(b) & SEQUENCE_MARKS {
                    0 => {}
                    AMPERSAND => {
                        end = i;
                        break;
                    }
                    EQUALS if equals.is_none() => equals = Some(i),
                    EQUALS => {}
                    _ => escapes[usize::from(equals.is_some())] = true,
                }
            }
            self.pos = start + end + 1;
            if end == 0 {
                continue;
            }
            let (name_end, value_start) = match equals {
                Some(i) => (start + i, start + i + 1),
                None => (start + end, start + end),
            };
            return Some(PairOffsets {
                start,
                name_end,
                value_start,
                end: start + end,
                may_need_decoding: escapes[0] || escapes[1],
                escapes,
            });
        }
    }

    /// The piece at `start..end` of the input (offsets at `&`, `=` or the
    /// ends, so character boundaries when the input is text).
    #[inline]
    fn piece(&self, start: usize, end: usize, may_escape: bool) -> Piece<'a> {
        let raw = self.input.get(start..end).unwrap_or(&[]);
        let verbatim = if may_escape && needs_decoding(raw) {
            None
        } else {
            match self.text {
                Some(text) => text.get(start..end),
                None => core::str::from_utf8(raw).ok(),
            }
        };
        Piece { raw, verbatim }
    }
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Piece<'a>, Piece<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let at = self.next_offsets()?;
        Some((
            self.piece(at.start, at.name_end, at.escapes[0]),
            self.piece(at.value_start, at.end, at.escapes[1]),
        ))
    }
}

impl FusedIterator for Parse<'_> {}

/// A name or value as it appears in the input, decoded on demand.
///
/// Two pieces compare equal when their decoded texts do; a piece equals a
/// `&str` when its decoded text is that string. `Display` writes the decoded
/// text.
#[derive(Clone, Copy)]
pub struct Piece<'a> {
    raw: &'a [u8],
    /// The decoded text is the raw bytes themselves.
    verbatim: Option<&'a str>,
}

impl<'a> Piece<'a> {
    /// Wraps raw (still encoded) bytes, e.g. a name taken from elsewhere.
    ///
    /// ```
    /// use url_core::form_urlencoded::Piece;
    /// assert_eq!(Piece::new(b"a+b%2B"), "a b+");
    /// ```
    pub fn new(raw: &'a [u8]) -> Self {
        let verbatim = if needs_decoding(raw) {
            None
        } else {
            core::str::from_utf8(raw).ok()
        };
        Piece { raw, verbatim }
    }

    /// The bytes as they appear in the input (`+` and `%XX` not decoded).
    #[inline]
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// The decoded text when it is the input itself: no `+`, no valid `%XX`
    /// and valid UTF-8. `None` when it needs decoding.
    ///
    /// ```
    /// use url_core::form_urlencoded::Piece;
    /// assert_eq!(Piece::new(b"caf\xc3\xa9").as_str(), Some("café"));
    /// assert_eq!(Piece::new(b"100%").as_str(), Some("100%")); // a lone % stays
    /// assert_eq!(Piece::new(b"a+b").as_str(), None);
    /// assert_eq!(Piece::new(b"\xff").as_str(), None); // becomes U+FFFD
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&'a str> {
        self.verbatim
    }

    /// Whether decoding changes the bytes (so [`Piece::as_str`] is `None`).
    #[inline]
    pub fn needs_decoding(&self) -> bool {
        self.verbatim.is_none()
    }

    /// The decoded code points, computed on the fly (no buffer).
    ///
    /// ```
    /// use url_core::form_urlencoded::Piece;
    /// let s: Vec<char> = Piece::new(b"%C3%A9+%FF").chars().collect();
    /// assert_eq!(s, ['é', ' ', '\u{FFFD}']);
    /// ```
    #[inline]
    pub fn chars(&self) -> Chars<'a> {
        Chars {
            bytes: DecodedBytes {
                raw: self.raw,
                i: 0,
            },
            pending: None,
        }
    }

    /// Appends the decoded text to `out`. On a capacity error `out` is left
    /// as it was.
    ///
    /// Unlike a URL serialization, decoded text is not ASCII in general: use
    /// a storage of its own (all provided storages hold any UTF-8 that is
    /// only appended and truncated at character boundaries, which is all
    /// this does), not one that holds a URL.
    ///
    /// ```
    /// use url_core::{form_urlencoded::Piece, Buffer, SliceStorage};
    /// let mut buf = [0u8; 8];
    /// let mut out = SliceStorage::new(&mut buf);
    /// Piece::new(b"a+%CE%BB").decode_into(&mut out)?;
    /// assert_eq!(out.as_str(), "a λ");
    /// assert!(Piece::new(b"0123456789").decode_into(&mut out).is_err());
    /// assert_eq!(out.as_str(), "a λ");
    /// # Ok::<(), url_core::CapacityError>(())
    /// ```
    pub fn decode_into<S: Storage + ?Sized>(&self, out: &mut S) -> Result<(), CapacityError> {
        if let Some(s) = self.verbatim {
            return out.push_str(s);
        }
        let start = out.len();
        let result = self.decode_chunked(out);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    fn decode_chunked<S: Storage + ?Sized>(&self, out: &mut S) -> Result<(), CapacityError> {
        let mut chunk = [0u8; 64];
        let mut n = 0;
        for c in self.chars() {
            if n + 4 > chunk.len() {
                out.push_str(chunk_str(chunk.get(..n).unwrap_or_default()))?;
                n = 0;
            }
            n += c.encode_utf8(&mut chunk[n..]).len();
        }
        out.push_str(chunk_str(chunk.get(..n).unwrap_or_default()))
    }

    /// The decoded text: the input itself when nothing needs decoding (zero
    /// copies, `scratch` untouched), otherwise decoded by appending to
    /// `scratch` — a `Cow` without an allocator.
    ///
    /// ```
    /// use url_core::{form_urlencoded::parse, SliceStorage};
    /// let mut buf = [0u8; 32];
    /// let mut scratch = SliceStorage::new(&mut buf);
    /// for (name, value) in parse(b"plain=x+y") {
    ///     assert_eq!(name.decode(&mut scratch)?, "plain");
    ///     assert_eq!(value.decode(&mut scratch)?, "x y");
    /// }
    /// # Ok::<(), url_core::CapacityError>(())
    /// ```
    pub fn decode<'s, S: Storage>(&self, scratch: &'s mut S) -> Result<&'s str, CapacityError>
    where
        'a: 's,
    {
        if let Some(s) = self.verbatim {
            return Ok(s);
        }
        let start = scratch.len();
        self.decode_into(scratch)?;
        let end = scratch.len();
        Ok(scratch.slice(start..end))
    }
}

/// Valid UTF-8 by construction (whole `char`s encoded by `encode_utf8`).
fn chunk_str(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).unwrap_or("")
}

/// Whether decoding can change `raw` other than by UTF-8 validation: a `+`
/// or a `%` followed by two hex digits.
fn needs_decoding(raw: &[u8]) -> bool {
    raw.iter().enumerate().any(|(i, &b)| {
        b == b'+'
            || (b == b'%'
                && raw.get(i + 1).and_then(|&x| hex_value(x)).is_some()
                && raw.get(i + 2).and_then(|&x| hex_value(x)).is_some())
    })
}

impl fmt::Display for Piece<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.verbatim {
            return f.write_str(s);
        }
        for c in self.chars() {
            f.write_char(c)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Piece<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.chars() {
            for e in c.escape_debug() {
                f.write_char(e)?;
            }
        }
        f.write_char('"')
    }
}

impl PartialEq<str> for Piece<'_> {
    fn eq(&self, other: &str) -> bool {
        match self.verbatim {
            Some(s) => s == other,
            None => self.chars().eq(other.chars()),
        }
    }
}

impl PartialEq<&str> for Piece<'_> {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl PartialEq for Piece<'_> {
    fn eq(&self, other: &Piece<'_>) -> bool {
        match (self.verbatim, other.verbatim) {
            (Some(a), Some(b)) => a == b,
            _ => self.chars().eq(other.chars()),
        }
    }
}

impl Eq for Piece<'_> {}

/// `+` → space, then percent-decoding, over a piece's raw bytes.
#[derive(Clone, Debug)]
struct DecodedBytes<'a> {
    raw: &'a [u8],
    i: usize,
}

impl Iterator for DecodedBytes<'_> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let b = *self.raw.get(self.i)?;
        self.i += 1;
        match b {
            b'+' => Some(b' '),
            b'%' => {
                let hi = self.raw.get(self.i).and_then(|&x| hex_value(x));
                let lo = self.raw.get(self.i + 1).and_then(|&x| hex_value(x));
                match (hi, lo) {
                    (Some(h), Some(l)) => {
                        self.i += 2;
                        Some(h << 4 | l)
                    }
                    _ => Some(b'%'),
                }
            }
            _ => Some(b),
        }
    }
}

/// The decoded code points of a [`Piece`]: percent-decoding, then the
/// Encoding Standard's UTF-8 decoder (no BOM handling; each maximal invalid
/// subsequence becomes one U+FFFD).
#[derive(Clone, Debug)]
pub struct Chars<'a> {
    bytes: DecodedBytes<'a>,
    /// A byte the UTF-8 decoder gave back to the stream ("prepend").
    pending: Option<u8>,
}

impl Iterator for Chars<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let first = match self.pending.take() {
            Some(b) => b,
            None => self.bytes.next()?,
        };
        let (needed, mut lower, mut upper, mut cp) = match first {
            0x00..=0x7F => return Some(char::from(first)),
            0xC2..=0xDF => (1, 0x80, 0xBF, u32::from(first & 0x1F)),
            0xE0 => (2, 0xA0, 0xBF, u32::from(first & 0x0F)),
            0xED => (2, 0x80, 0x9F, u32::from(first & 0x0F)),
            0xE1..=0xEF => (2, 0x80, 0xBF, u32::from(first & 0x0F)),
            0xF0 => (3, 0x90, 0xBF, u32::from(first & 0x07)),
            0xF4 => (3, 0x80, 0x8F, u32::from(first & 0x07)),
            0xF1..=0xF3 => (3, 0x80, 0xBF, u32::from(first & 0x07)),
            _ => return Some(char::REPLACEMENT_CHARACTER),
        };
        for _ in 0..needed {
            match self.bytes.next() {
                Some(b) if (lower..=upper).contains(&b) => {
                    cp = cp << 6 | u32::from(b & 0x3F);
                    lower = 0x80;
                    upper = 0xBF;
                }
                // Not a continuation byte here: it starts over.
                Some(b) => {
                    self.pending = Some(b);
                    return Some(char::REPLACEMENT_CHARACTER);
                }
                // End of input inside a sequence.
                None => return Some(char::REPLACEMENT_CHARACTER),
            }
        }
        Some(char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER))
    }
}

impl FusedIterator for Chars<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Buffer, SliceStorage};
    use std::string::String;
    use std::vec::Vec;

    fn decoded(raw: &[u8]) -> String {
        let mut buf = [0u8; 256];
        let mut out = SliceStorage::new(&mut buf);
        Piece::new(raw).decode_into(&mut out).unwrap();
        let s = String::from(out.as_str());
        // All three decoders agree.
        assert_eq!(Piece::new(raw).chars().collect::<String>(), s);
        assert_eq!(std::format!("{}", Piece::new(raw)), s);
        s
    }

    #[test]
    fn utf8_decoding_matches_lossy() {
        // Maximal-subpart replacement, like String::from_utf8_lossy.
        let cases: &[&[u8]] = &[
            b"\xff",
            b"\xc3",
            b"\xc3(",
            b"\xe0\x80\x80",
            b"\xed\xa0\x80",
            b"\xf0\x9f\x92",
            b"\xf0\x9f\x92\xa9x",
            b"\xf4\x90\x80\x80",
            b"\xef\xbb\xbfbom",
            b"a\x80b\xc0\xafc",
        ];
        for raw in cases {
            assert_eq!(decoded(raw), String::from_utf8_lossy(raw), "{raw:?}");
        }
        // Percent-decoded bytes go through the same decoder.
        assert_eq!(decoded(b"%F0%9F%92%A9%FF"), "\u{1F4A9}\u{FFFD}");
        assert_eq!(decoded(b"%EF%BB%BF"), "\u{FEFF}"); // BOM kept
    }

    #[test]
    fn plus_and_percent() {
        assert_eq!(decoded(b"a+b"), "a b");
        assert_eq!(decoded(b"%2B"), "+");
        assert_eq!(decoded(b"%+2"), "% 2");
        assert_eq!(decoded(b"%2"), "%2");
        assert_eq!(decoded(b"%zz%41"), "%zzA");
        assert_eq!(decoded(b"%%41"), "%A");
        assert!(Piece::new(b"%2").as_str().is_some());
        assert!(Piece::new(b"%41").as_str().is_none());
    }

    #[test]
    fn pairs() {
        let got: Vec<(String, String)> = parse(b"=&a==b&&c&+=%20&")
            .map(|(n, v)| (std::format!("{n}"), std::format!("{v}")))
            .collect();
        let want = [("", ""), ("a", "=b"), ("c", ""), (" ", " ")];
        assert_eq!(got.len(), want.len());
        for ((gn, gv), (wn, wv)) in got.iter().zip(want) {
            assert_eq!((gn.as_str(), gv.as_str()), (wn, wv));
        }
    }
}
