//! Lazy percent-encoding: chunks of text, no buffer.

use super::{escape, AsciiSet};
use core::fmt;
use core::iter::FusedIterator;

/// Percent-encodes `input` using `set` (url.bs §1.3 "percent-encode a
/// byte" for each byte in the set), lazily: the result is an iterator of
/// `&str` chunks — runs of bytes that stay as they are, and `%XX` escapes
/// from a static table — that borrow `input` and allocate nothing.
///
/// It implements `Display` (so `.to_string()` gives the encoded text with
/// `alloc`), and with the `alloc` feature converts into a `Cow<str>` that
/// borrows `input` when nothing needs encoding. To append to a
/// [`Storage`](crate::Storage), use
/// [`utf8_percent_encode_into`](super::utf8_percent_encode_into) or write
/// the chunks.
///
/// Every byte ≥ 0x80 is encoded, so `input` need not be UTF-8 (a legacy
/// encoder's output, say).
///
/// ```
/// use url_core::percent_encode::{percent_encode, AsciiSet};
/// let chunks: Vec<&str> = percent_encode(b"a b\xFFc", &AsciiSet::FRAGMENT).collect();
/// assert_eq!(chunks, ["a", "%20", "b", "%FF", "c"]);
/// ```
#[inline]
pub fn percent_encode<'a>(input: &'a [u8], set: &AsciiSet) -> PercentEncode<'a> {
    PercentEncode {
        rest: input,
        set: *set,
    }
}

/// `%XX` for `byte`, upper-case hex (url.bs §1.3 "percent-encode a byte").
///
/// ```
/// use url_core::percent_encode::percent_encode_byte;
/// assert_eq!(percent_encode_byte(b' '), "%20");
/// assert_eq!(percent_encode_byte(0xAB), "%AB");
/// ```
#[inline]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    escape(byte)
}

/// UTF-8 percent-encodes `input` using `set` (url.bs §1.3 "UTF-8
/// percent-encode … using a percent-encode set"): [`percent_encode`] of its
/// UTF-8 bytes. Lazy and allocation-free; see [`PercentEncode`].
///
/// The signature is that of the `percent_encoding` crate's function of
/// the same name (except that any `&AsciiSet` works, not only a
/// `'static` one); the version that appends to a
/// [`Storage`](crate::Storage) is
/// [`utf8_percent_encode_into`](super::utf8_percent_encode_into).
///
/// ```
/// use url_core::percent_encode::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
/// assert_eq!(utf8_percent_encode("Say what‽", &AsciiSet::USERINFO).to_string(), "Say%20what%E2%80%BD");
/// assert_eq!(format!("{}", utf8_percent_encode("a-b", NON_ALPHANUMERIC)), "a%2Db");
/// ```
#[inline]
pub fn utf8_percent_encode<'a>(input: &'a str, set: &AsciiSet) -> PercentEncode<'a> {
    percent_encode(input.as_bytes(), set)
}

/// The next chunk of an encoding of `rest`, which it then leaves out: the
/// `encoded` form of its first byte when `in_set` holds for it, or else the
/// run of bytes up to the next one that it holds for (the lazy encoders
/// here and in `form_urlencoded`).
#[inline]
pub(crate) fn next_chunk<'a>(
    rest: &mut &'a [u8],
    in_set: impl Fn(u8) -> bool,
    encoded: impl Fn(u8) -> &'static str,
) -> Option<&'a str> {
    let (&first, after) = rest.split_first()?;
    if in_set(first) {
        *rest = after;
        return Some(encoded(first));
    }
    let run = rest.iter().position(|&b| in_set(b)).unwrap_or(rest.len());
    let (text, tail) = rest.split_at_checked(run)?;
    *rest = tail;
    // Every byte outside a percent-encode set is ASCII.
    crate::simd::ascii_str(text)
}

/// The percent-encoding of a byte sequence, as chunks of text; see
/// [`percent_encode`].
///
/// Each item is either a run of bytes outside the set (a slice of the
/// input) or one `%XX` escape.
#[derive(Clone, Debug)]
pub struct PercentEncode<'a> {
    rest: &'a [u8],
    set: AsciiSet,
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let set = self.set;
        next_chunk(&mut self.rest, |b| set.contains(b), escape)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(!self.rest.is_empty()), Some(self.rest.len()))
    }
}

impl FusedIterator for PercentEncode<'_> {}

/// Writes the encoded text.
///
/// ```
/// use url_core::percent_encode::{utf8_percent_encode, AsciiSet};
/// let mut out = String::new();
/// core::fmt::Write::write_fmt(&mut out, format_args!("/{}", utf8_percent_encode("a b", &AsciiSet::PATH)))?;
/// assert_eq!(out, "/a%20b");
/// # Ok::<(), core::fmt::Error>(())
/// ```
impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.clone().try_for_each(|chunk| f.write_str(chunk))
    }
}

#[cfg(feature = "alloc")]
mod alloc_impl {
    extern crate alloc;
    use super::PercentEncode;
    use alloc::borrow::Cow;
    use alloc::string::String;

    /// The encoded text, borrowing the input when nothing was encoded.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use url_core::percent_encode::{utf8_percent_encode, AsciiSet};
    /// let plain: Cow<str> = utf8_percent_encode("abc", &AsciiSet::PATH).into();
    /// assert!(matches!(plain, Cow::Borrowed("abc")));
    /// let encoded: Cow<str> = utf8_percent_encode("a c", &AsciiSet::PATH).into();
    /// assert_eq!(encoded, "a%20c");
    /// ```
    impl<'a> From<PercentEncode<'a>> for Cow<'a, str> {
        fn from(mut encode: PercentEncode<'a>) -> Cow<'a, str> {
            let Some(first) = encode.next() else {
                return Cow::Borrowed("");
            };
            let Some(second) = encode.next() else {
                // One chunk: the whole input, or one escape (static).
                return Cow::Borrowed(first);
            };
            let mut out = String::with_capacity(first.len() + second.len() + 3 * encode.rest.len());
            out.push_str(first);
            out.push_str(second);
            out.extend(encode);
            Cow::Owned(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// The standard's algorithm, byte by byte, as the chunks the iterator
    /// should give: maximal runs of unencoded bytes, one escape per byte.
    fn reference(input: &[u8], set: &AsciiSet) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut in_run = false;
        for &b in input {
            if set.contains(b) {
                out.push(std::format!("%{b:02X}"));
                in_run = false;
            } else {
                match out.last_mut() {
                    Some(run) if in_run => run.push(char::from(b)),
                    _ => out.push(String::from(char::from(b))),
                }
                in_run = true;
            }
        }
        out
    }

    #[test]
    fn chunks_match_the_byte_by_byte_algorithm() {
        let sets = [
            AsciiSet::EMPTY,
            AsciiSet::C0_CONTROL,
            AsciiSet::PATH,
            AsciiSet::FORM_URLENCODED,
            AsciiSet::NON_ALPHANUMERIC,
            AsciiSet::EMPTY.complement(),
        ];
        let all: Vec<u8> = (0..=255u8).collect();
        let inputs: [&[u8]; 5] = [b"", b"abc", "é/ \u{1F600}".as_bytes(), &all, b"%%2e\x00"];
        for set in &sets {
            for input in inputs {
                let want = reference(input, set);
                let got: Vec<&str> = percent_encode(input, set).collect();
                assert_eq!(got, want, "{set:?}");
                assert_eq!(percent_encode(input, set).to_string(), want.concat());
            }
        }
    }
}
