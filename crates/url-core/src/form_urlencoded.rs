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
//! [`EncodeSet::FORM_URLENCODED`] set percent-encoded. With
//! [`Serializer::with_encoding`] the text is first encoded with a legacy
//! encoding (a [`QueryEncoder`]); a code point that encoding cannot represent
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

use crate::encoding::{Encoded, QueryEncoder, Utf8};
use crate::percent_encode::{hex_value, percent_encoded, EncodeSet};
use crate::storage::{CapacityError, Storage};
use core::borrow::Borrow;
use core::fmt::{self, Write as _};
use core::iter::FusedIterator;

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
    Parse { rest: Some(input) }
}

/// Iterator over the pairs of a form-urlencoded byte sequence; see [`parse`].
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    /// What has not been split off yet; `None` once the last sequence is out.
    rest: Option<&'a [u8]>,
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Piece<'a>, Piece<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = self.rest?;
            let bytes = match rest.iter().position(|&b| b == b'&') {
                Some(i) => {
                    self.rest = Some(&rest[i + 1..]);
                    &rest[..i]
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            if bytes.is_empty() {
                continue;
            }
            let (name, value) = match bytes.iter().position(|&b| b == b'=') {
                Some(i) => (&bytes[..i], &bytes[i + 1..]),
                None => (bytes, &bytes[bytes.len()..]),
            };
            return Some((Piece::new(name), Piece::new(value)));
        }
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
                out.push_str(chunk_str(&chunk[..n]))?;
                n = 0;
            }
            n += c.encode_utf8(&mut chunk[n..]).len();
        }
        out.push_str(chunk_str(&chunk[..n]))
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

// ---------------------------------------------------------------------------
// Serializing
// ---------------------------------------------------------------------------

/// Appends `input` to `out` as one form-urlencoded name or value (UTF-8):
/// space as `+`, bytes in [`EncodeSet::FORM_URLENCODED`] as `%XX`. On a
/// capacity error `out` is left as it was.
///
/// ```
/// use url_core::{form_urlencoded::encode_into, Buffer, SliceStorage};
/// let mut buf = [0u8; 32];
/// let mut out = SliceStorage::new(&mut buf);
/// encode_into("a b+c*-._~", &mut out)?;
/// assert_eq!(out.as_str(), "a+b%2Bc*-._%7E");
/// # Ok::<(), url_core::CapacityError>(())
/// ```
pub fn encode_into<S: Storage + ?Sized>(input: &str, out: &mut S) -> Result<(), CapacityError> {
    let start = out.len();
    let result = encode_bytes(input.as_bytes(), out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Percent-encodes encoder output bytes with the form set, space as `+`.
fn encode_bytes<S: Storage + ?Sized>(bytes: &[u8], out: &mut S) -> Result<(), CapacityError> {
    let set = EncodeSet::FORM_URLENCODED;
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.contains(b) {
            // `run..i` is ASCII outside the set.
            if run < i {
                out.push_str(chunk_str(&bytes[run..i]))?;
            }
            if b == b' ' {
                out.push_str("+")?;
            } else {
                out.push_str(chunk_str(&percent_encoded(b)))?;
            }
            run = i + 1;
        }
    }
    if run < bytes.len() {
        out.push_str(chunk_str(&bytes[run..]))?;
    }
    Ok(())
}

/// Writes `%26%23` + the decimal value of `c` + `%3B` (an HTML numeric
/// character reference, percent-encoded).
pub(crate) fn push_unmappable<S: Storage + ?Sized>(
    c: char,
    out: &mut S,
) -> Result<(), CapacityError> {
    let mut digits = [0u8; 7];
    let mut i = digits.len();
    let mut v = c as u32;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.push_str("%26%23")?;
    out.push_str(chunk_str(&digits[i..]))?;
    out.push_str("%3B")
}

/// The `application/x-www-form-urlencoded` serializer (url.bs §5.2),
/// appending to a [`Storage`].
///
/// Pairs are separated by `&` from whatever this serializer wrote before;
/// existing contents of the storage are kept and not separated (so a caller
/// can write `?` first). Every append either writes the whole pair or, on a
/// [`CapacityError`], nothing.
///
/// ```
/// use url_core::{form_urlencoded::Serializer, Buffer, SliceStorage, Storage};
/// let mut buf = [0u8; 16];
/// let mut out = SliceStorage::new(&mut buf);
/// out.push_str("?")?;
/// let mut ser = Serializer::new(out);
/// ser.extend_pairs([("a", "1"), ("b", "")])?;
/// assert_eq!(ser.finish().as_str(), "?a=1&b=");
/// # Ok::<(), url_core::CapacityError>(())
/// ```
#[derive(Debug)]
pub struct Serializer<S, E = Utf8> {
    out: S,
    /// Length of the storage before the first pair.
    start: usize,
    encoder: E,
}

impl<S: Storage> Serializer<S, Utf8> {
    /// A UTF-8 serializer appending to `out`.
    pub fn new(out: S) -> Self {
        Serializer::with_encoding(out, Utf8)
    }
}

impl<S: Storage, E: QueryEncoder> Serializer<S, E> {
    /// A serializer that encodes names and values with `encoder` (the
    /// standard's *encoding* argument; callers pass the "output encoding",
    /// i.e. UTF-8 in place of UTF-16BE/LE and replacement).
    ///
    /// Each name and each value is encoded by one call with `last` set, so
    /// a stateful encoder ends its escape state after every string (the
    /// standard uses a new encoder per string).
    ///
    /// ```
    /// use url_core::encoding::{Encoded, QueryEncoder};
    /// use url_core::{form_urlencoded::Serializer, Buffer, SliceStorage};
    ///
    /// /// Latin-1: U+0000..=U+00FF as one byte, the rest unmappable.
    /// struct Latin1;
    /// impl QueryEncoder for Latin1 {
    ///     fn encode(&mut self, chunk: &str, _last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
    ///         for c in chunk.chars() {
    ///             match u8::try_from(u32::from(c)) {
    ///                 Ok(b) => emit(Encoded::Bytes(&[b])),
    ///                 Err(_) => emit(Encoded::Unmappable(c)),
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// let mut buf = [0u8; 32];
    /// let mut ser = Serializer::with_encoding(SliceStorage::new(&mut buf), Latin1);
    /// ser.append_pair("é", "€ x")?;
    /// assert_eq!(ser.finish().as_str(), "%E9=%26%238364%3B+x");
    /// # Ok::<(), url_core::CapacityError>(())
    /// ```
    pub fn with_encoding(out: S, encoder: E) -> Self {
        let start = out.len();
        Serializer {
            out,
            start,
            encoder,
        }
    }

    /// Appends one `name=value` pair (with `&` before it unless it is the
    /// first).
    pub fn append_pair(&mut self, name: &str, value: &str) -> Result<&mut Self, CapacityError> {
        let before = self.out.len();
        let result = self.write_pair(name, value);
        if result.is_err() {
            self.out.truncate(before);
        }
        result.map(|()| self)
    }

    fn write_pair(&mut self, name: &str, value: &str) -> Result<(), CapacityError> {
        if self.out.len() > self.start {
            self.out.push_str("&")?;
        }
        self.write_string(name)?;
        self.out.push_str("=")?;
        self.write_string(value)
    }

    /// Percent-encode after encoding, with the form set and space as plus.
    fn write_string(&mut self, s: &str) -> Result<(), CapacityError> {
        if self.encoder.is_utf8() {
            return encode_bytes(s.as_bytes(), &mut self.out);
        }
        let out = &mut self.out;
        let mut result = Ok(());
        self.encoder.encode(s, true, &mut |piece| {
            if result.is_ok() {
                result = match piece {
                    Encoded::Bytes(b) => encode_bytes(b, out),
                    Encoded::Unmappable(c) => push_unmappable(c, out),
                };
            }
        });
        result
    }

    /// Appends every pair of `pairs`, in order. Stops at the first capacity
    /// error; the pairs before it stay written.
    pub fn extend_pairs<I, N, V>(&mut self, pairs: I) -> Result<&mut Self, CapacityError>
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<(N, V)>,
        N: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (n, v) = Borrow::<(N, V)>::borrow(&pair);
            self.append_pair(n.as_ref(), v.as_ref())?;
        }
        Ok(self)
    }

    /// The storage as written so far.
    #[inline]
    pub fn storage(&self) -> &S {
        &self.out
    }

    /// Whether no pair has been written yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.out.len() == self.start
    }

    /// Gives the storage back.
    #[inline]
    pub fn finish(self) -> S {
        self.out
    }
}

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

    #[test]
    fn serializer_capacity_is_all_or_nothing() {
        let mut buf = [0u8; 8];
        let mut ser = Serializer::new(SliceStorage::new(&mut buf));
        ser.append_pair("a", "b").unwrap();
        assert!(ser.append_pair("cc", "dddd").is_err());
        assert_eq!(ser.storage().as_str(), "a=b");
        ser.append_pair("c", "d").unwrap();
        assert_eq!(ser.finish().as_str(), "a=b&c=d");
    }

    #[test]
    fn serializer_bytes() {
        let mut buf = [0u8; 512];
        let mut out = SliceStorage::new(&mut buf);
        let all: String = (0u8..0x80).map(char::from).collect();
        encode_into(&all, &mut out).unwrap();
        let mut want = String::new();
        for b in 0u8..0x80 {
            if b.is_ascii_alphanumeric() || b"*-._".contains(&b) {
                want.push(char::from(b));
            } else if b == b' ' {
                want.push('+');
            } else {
                want.push_str(&std::format!("%{b:02X}"));
            }
        }
        assert_eq!(out.as_str(), want);
    }

    #[test]
    fn unmappable_digits() {
        let mut buf = [0u8; 64];
        let mut s = SliceStorage::new(&mut buf);
        push_unmappable('\u{10FFFF}', &mut s).unwrap();
        push_unmappable('\0', &mut s).unwrap();
        assert_eq!(s.as_str(), "%26%231114111%3B%26%230%3B");
    }
}
