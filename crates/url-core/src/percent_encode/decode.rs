//! Percent-decoding (url.bs §1.3 "percent-decode"), lazily into bytes or
//! into a storage as UTF-8.

use super::hex_value;
use crate::storage::{CapacityError, Storage};
use core::fmt;
use core::iter::FusedIterator;

/// Percent-decodes `input` (url.bs §1.3 "percent-decode"), yielding bytes:
/// `%` and two hex digits become that byte; every other byte, including a
/// `%` without two hex digits after it, is itself.
///
/// ```
/// let out: Vec<u8> = url_core::percent_encode::percent_decode(b"%25%s%1G").collect();
/// assert_eq!(out, b"%%s%1G");
/// ```
#[inline]
pub fn percent_decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { rest: input }
}

/// Percent-decodes the bytes of `input` ("percent-decode a string": its
/// UTF-8 encoding, then [`percent_decode`]).
///
/// ```
/// use url_core::percent_encode::percent_decode_str;
/// let bytes: Vec<u8> = percent_decode_str("caf%C3%A9").collect();
/// assert_eq!(bytes, "café".as_bytes());
/// ```
///
/// With the `alloc` feature (or through `weburl`), as text:
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// use url_core::percent_encode::percent_decode_str;
/// assert_eq!(percent_decode_str("caf%C3%A9").decode_utf8().unwrap(), "café");
/// # }
/// ```
#[inline]
pub fn percent_decode_str(input: &str) -> PercentDecode<'_> {
    percent_decode(input.as_bytes())
}

/// Iterator over the decoded bytes; see [`percent_decode`]. Its methods
/// decode the rest of the input as UTF-8 in one go.
#[derive(Clone, Debug)]
pub struct PercentDecode<'a> {
    /// What is left to decode.
    rest: &'a [u8],
}

/// The byte `%XX` at the start of `bytes` stands for, if it is one.
#[inline]
fn escaped_byte(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', h, l, ..] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// Whether decoding changes `bytes`: a `%` followed by two hex digits.
#[cfg(feature = "alloc")]
fn has_escape(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'%' && bytes.get(i..).and_then(escaped_byte).is_some())
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&b, after) = self.rest.split_first()?;
        if b == b'%' {
            if let Some(decoded) = escaped_byte(self.rest) {
                self.rest = self.rest.get(3..).unwrap_or_default();
                return Some(decoded);
            }
        }
        self.rest = after;
        Some(b)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.len();
        (n.div_ceil(3), Some(n))
    }
}

impl FusedIterator for PercentDecode<'_> {}

/// Decoding into a storage failed; the storage is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// The decoded bytes are not UTF-8: the first `valid_up_to` decoded
    /// bytes are (as in [`core::str::Utf8Error::valid_up_to`]).
    InvalidUtf8 {
        /// How many decoded bytes form valid UTF-8 before the first
        /// invalid sequence.
        valid_up_to: usize,
    },
    /// The storage ran out of room.
    Capacity(CapacityError),
}

impl From<CapacityError> for DecodeError {
    fn from(e: CapacityError) -> Self {
        DecodeError::Capacity(e)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::InvalidUtf8 { valid_up_to } => write!(
                f,
                "percent-decoded bytes are not UTF-8 after byte {valid_up_to}"
            ),
            DecodeError::Capacity(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for DecodeError {}

/// What [`PercentDecode::for_each_utf8`] found next.
enum Utf8Piece<'b> {
    /// Valid text.
    Text(&'b str),
    /// An invalid sequence (a maximal subpart, as UTF-8 decoders replace
    /// it), starting after this many decoded bytes.
    Invalid(usize),
}

impl<'a> PercentDecode<'a> {
    /// Decodes the rest as UTF-8, appending the text to `out`; on an
    /// invalid sequence or a full storage, `out` is left as it was.
    ///
    /// No allocation: the bytes go through a 64-byte stack buffer. Decoded
    /// text is not ASCII in general: give it a storage of its own, not one
    /// that holds a URL.
    ///
    /// ```
    /// use url_core::percent_encode::{percent_decode_str, DecodeError};
    /// use url_core::{Buffer, SliceStorage};
    /// let mut buf = [0u8; 16];
    /// let mut out = SliceStorage::new(&mut buf);
    /// percent_decode_str("a%20%CE%BB").decode_utf8_into(&mut out)?;
    /// assert_eq!(out.as_str(), "a λ");
    /// let err = percent_decode_str("x%FF").decode_utf8_into(&mut out).unwrap_err();
    /// assert_eq!(err, DecodeError::InvalidUtf8 { valid_up_to: 1 });
    /// assert_eq!(out.as_str(), "a λ");
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub fn decode_utf8_into<S: Storage + ?Sized>(self, out: &mut S) -> Result<(), DecodeError> {
        let start = out.len();
        let result = self.for_each_utf8(|piece| match piece {
            Utf8Piece::Text(s) => out.push_str(s).map_err(DecodeError::Capacity),
            Utf8Piece::Invalid(at) => Err(DecodeError::InvalidUtf8 { valid_up_to: at }),
        });
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    /// Decodes the rest as UTF-8, each invalid sequence becoming U+FFFD
    /// (as the Encoding Standard's UTF-8 decoder and
    /// `String::from_utf8_lossy` do), appending the text to `out`. On a
    /// capacity error `out` is left as it was.
    ///
    /// ```
    /// use url_core::percent_encode::percent_decode_str;
    /// use url_core::{Buffer, SliceStorage};
    /// let mut buf = [0u8; 16];
    /// let mut out = SliceStorage::new(&mut buf);
    /// percent_decode_str("%F0%9F%92x%41").decode_utf8_lossy_into(&mut out)?;
    /// assert_eq!(out.as_str(), "\u{FFFD}xA");
    /// # Ok::<(), url_core::CapacityError>(())
    /// ```
    pub fn decode_utf8_lossy_into<S: Storage + ?Sized>(
        self,
        out: &mut S,
    ) -> Result<(), CapacityError> {
        let start = out.len();
        let result = self.for_each_utf8(|piece| match piece {
            Utf8Piece::Text(s) => out.push_str(s),
            Utf8Piece::Invalid(_) => out.push_str("\u{FFFD}"),
        });
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    /// Decodes the rest through a stack buffer, handing out valid text and
    /// invalid sequences in order. A sequence cut by the buffer's end is
    /// carried over to the next fill, so each invalid sequence is found
    /// exactly as a decoder of the whole output would find it.
    fn for_each_utf8<E>(
        mut self,
        mut emit: impl FnMut(Utf8Piece<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut buf = [0u8; 64];
        let mut n = 0;
        // Decoded bytes already handed out (for `Invalid` positions).
        let mut done = 0;
        loop {
            let mut at_end = false;
            while n < buf.len() {
                match (self.next(), buf.get_mut(n)) {
                    (Some(b), Some(slot)) => {
                        *slot = b;
                        n += 1;
                    }
                    _ => {
                        at_end = true;
                        break;
                    }
                }
            }
            let mut start = 0;
            while start < n {
                let chunk = buf.get(start..n).unwrap_or_default();
                match core::str::from_utf8(chunk) {
                    Ok(s) => {
                        emit(Utf8Piece::Text(s))?;
                        done += chunk.len();
                        start = n;
                    }
                    Err(e) => {
                        let valid = e.valid_up_to();
                        let text = chunk.get(..valid).unwrap_or_default();
                        if !text.is_empty() {
                            emit(Utf8Piece::Text(core::str::from_utf8(text).unwrap_or("")))?;
                        }
                        done += valid;
                        match e.error_len() {
                            Some(len) => {
                                emit(Utf8Piece::Invalid(done))?;
                                done += len;
                                start += valid + len;
                            }
                            // Cut off by the end of the input: one invalid
                            // sequence.
                            None if at_end => {
                                emit(Utf8Piece::Invalid(done))?;
                                done += chunk.len() - valid;
                                start = n;
                            }
                            // Cut off by the buffer's end: carried over.
                            None => {
                                start += valid;
                                break;
                            }
                        }
                    }
                }
            }
            if at_end {
                return Ok(());
            }
            // Move the carried bytes (at most 3) to the front.
            let carried = n - start;
            crate::bytes::shift_left(buf.get_mut(..n).unwrap_or_default(), start);
            n = carried;
        }
    }
}

#[cfg(feature = "alloc")]
mod alloc_impl {
    extern crate alloc;
    use super::{has_escape, PercentDecode};
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl<'a> PercentDecode<'a> {
        /// The rest, decoded, as UTF-8 (feature `alloc`): borrows the input
        /// when it has no `%XX` to decode, and fails when the decoded bytes
        /// are not UTF-8.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// use url_core::percent_encode::percent_decode_str;
        /// assert!(matches!(percent_decode_str("plain").decode_utf8(), Ok(Cow::Borrowed("plain"))));
        /// assert_eq!(percent_decode_str("a%2Fb").decode_utf8().unwrap(), "a/b");
        /// assert!(percent_decode_str("%FF").decode_utf8().is_err());
        /// ```
        pub fn decode_utf8(self) -> Result<Cow<'a, str>, core::str::Utf8Error> {
            if !has_escape(self.rest) {
                return core::str::from_utf8(self.rest).map(Cow::Borrowed);
            }
            String::from_utf8(self.collect())
                .map(Cow::Owned)
                .map_err(|e| e.utf8_error())
        }

        /// The rest, decoded, as UTF-8 with each invalid sequence replaced
        /// by U+FFFD (feature `alloc`): borrows the input when it has no
        /// `%XX` to decode and is UTF-8.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// use url_core::percent_encode::{percent_decode, percent_decode_str};
        /// assert!(matches!(percent_decode_str("plain").decode_utf8_lossy(), Cow::Borrowed("plain")));
        /// assert_eq!(percent_decode_str("%C3%A9%FF").decode_utf8_lossy(), "é\u{FFFD}");
        /// assert_eq!(percent_decode(b"\xFF").decode_utf8_lossy(), "\u{FFFD}");
        /// ```
        pub fn decode_utf8_lossy(self) -> Cow<'a, str> {
            if !has_escape(self.rest) {
                return String::from_utf8_lossy(self.rest);
            }
            match String::from_utf8(self.collect()) {
                Ok(s) => Cow::Owned(s),
                Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            }
        }
    }

    /// The decoded bytes, borrowing the input when it has no `%XX`.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use url_core::percent_encode::percent_decode;
    /// let bytes: Cow<[u8]> = percent_decode(b"%00ab").into();
    /// assert_eq!(bytes, &b"\0ab"[..]);
    /// ```
    impl<'a> From<PercentDecode<'a>> for Cow<'a, [u8]> {
        fn from(decode: PercentDecode<'a>) -> Cow<'a, [u8]> {
            if has_escape(decode.rest) {
                Cow::Owned(decode.collect::<Vec<u8>>())
            } else {
                Cow::Borrowed(decode.rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Buffer, SliceStorage};
    use std::string::String;
    use std::vec::Vec;

    /// xorshift64*, so a failure names its seed.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Inputs mixing escapes of UTF-8 sequences (valid, cut short, invalid)
    /// with plain bytes, long enough to cross the 64-byte buffer.
    fn input(seed: u64) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"a",
            b"%",
            b"%4",
            b"%41",
            b"%C3%A9",
            b"%C3",
            b"%A9",
            b"%E2%82%AC",
            b"%E2%82",
            b"%F0%9F%98%80",
            b"%F0%9F",
            b"%FF",
            b"%ED%A0%80",
            b"%C0%AF",
            "é".as_bytes(),
            b"\xC3",
            b"\x80",
            b"%zz",
        ];
        let mut state = seed | 1;
        let len = (next(&mut state) % 60) as usize;
        let mut out = Vec::new();
        for _ in 0..len {
            let i = (next(&mut state) % PIECES.len() as u64) as usize;
            out.extend_from_slice(PIECES[i]);
        }
        out
    }

    #[test]
    fn utf8_into_storage_agrees_with_std() {
        let mut buf = [0u8; 1024];
        for seed in 0..3000u64 {
            let raw = input(seed);
            let bytes: Vec<u8> = percent_decode(&raw).collect();
            let mut out = SliceStorage::new(&mut buf);
            percent_decode(&raw)
                .decode_utf8_lossy_into(&mut out)
                .unwrap();
            assert_eq!(out.as_str(), String::from_utf8_lossy(&bytes), "seed {seed}");
            let mut out = SliceStorage::new(&mut buf);
            match (
                percent_decode(&raw).decode_utf8_into(&mut out),
                core::str::from_utf8(&bytes),
            ) {
                (Ok(()), Ok(s)) => assert_eq!(out.as_str(), s, "seed {seed}"),
                (Err(DecodeError::InvalidUtf8 { valid_up_to }), Err(e)) => {
                    assert_eq!(valid_up_to, e.valid_up_to(), "seed {seed}");
                    assert_eq!(out.as_str(), "");
                }
                (got, want) => panic!("seed {seed}: {got:?} vs {want:?}"),
            }
            #[cfg(feature = "alloc")]
            {
                assert_eq!(
                    percent_decode(&raw).decode_utf8_lossy(),
                    String::from_utf8_lossy(&bytes)
                );
                assert_eq!(
                    percent_decode(&raw).decode_utf8().ok().as_deref(),
                    core::str::from_utf8(&bytes).ok()
                );
            }
        }
    }

    #[test]
    fn storage_left_unchanged_on_capacity_error() {
        let mut buf = [0u8; 70];
        let mut out = SliceStorage::new(&mut buf);
        out.push_str("kept").unwrap();
        let long = "%41".repeat(100);
        assert!(percent_decode_str(&long)
            .decode_utf8_lossy_into(&mut out)
            .is_err());
        assert!(matches!(
            percent_decode_str(&long).decode_utf8_into(&mut out),
            Err(DecodeError::Capacity(_))
        ));
        assert_eq!(out.as_str(), "kept");
    }

    #[test]
    fn bytes() {
        let got: Vec<u8> = percent_decode(b"%41%4a%4G%%%25%2").collect();
        assert_eq!(got, b"AJ%4G%%%%2");
        assert_eq!(percent_decode(b"").next(), None);
    }
}
