//! The `application/x-www-form-urlencoded` serializer (url.bs §5.2).

use super::chunk_str;
use crate::encoding::{Encoded, QueryEncoder, Utf8};
use crate::percent_encode::{escape, next_chunk, EncodeSet};
use crate::storage::{CapacityError, Storage};
use core::borrow::Borrow;
use core::iter::FusedIterator;

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
    byte_serialize(bytes).try_for_each(|chunk| out.push_str(chunk))
}

/// The form-urlencoded serialization of one name or value, as chunks of
/// text: runs of bytes that stay as they are, `+` for a space, `%XX` for
/// everything else in [`EncodeSet::FORM_URLENCODED`] (every non-ASCII byte
/// among them). Pass UTF-8 (`s.as_bytes()`) or a legacy encoder's output.
///
/// The chunks borrow `input` or a static table, so this allocates nothing;
/// writing them to any `fmt::Write` or [`Storage`] serializes without a
/// buffer of its own.
///
/// ```
/// use url_core::form_urlencoded::byte_serialize;
/// let chunks: Vec<&str> = byte_serialize("a b&ç.".as_bytes()).collect();
/// assert_eq!(chunks, ["a", "+", "b", "%26", "%C3", "%A7", "."]);
/// assert_eq!(byte_serialize(b"x*-._~").collect::<String>(), "x*-._%7E");
/// ```
#[inline]
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { rest: input }
}

/// Iterator over the chunks of a form-urlencoded serialization; see
/// [`byte_serialize`].
#[derive(Clone, Debug)]
pub struct ByteSerialize<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let set = EncodeSet::FORM_URLENCODED;
        // The serializer writes a space as '+'.
        next_chunk(
            &mut self.rest,
            |b| set.contains(b),
            |b| {
                if b == b' ' {
                    "+"
                } else {
                    escape(b)
                }
            },
        )
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(!self.rest.is_empty()), Some(self.rest.len()))
    }
}

impl FusedIterator for ByteSerialize<'_> {}

/// Writes `%26%23` + the decimal value of `c` + `%3B` (an HTML numeric
/// character reference, percent-encoded).
fn push_unmappable<S: Storage + ?Sized>(c: char, out: &mut S) -> Result<(), CapacityError> {
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
    out.push_str(chunk_str(digits.get(i..).unwrap_or_default()))?;
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
