//! Query encodings other than UTF-8 (url.bs §1.3 "percent-encode after
//! encoding", used by the query state of special URLs other than ws/wss).
//!
//! url-core has no encoding tables: a caller that needs a legacy document
//! encoding (HTML's `<a href>` in a Shift_JIS page, say) supplies a
//! [`QueryEncoder`]; the `weburl` crate's `encoding` feature provides one
//! backed by `encoding_rs`.

/// A piece of encoder output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoded<'a> {
    /// Bytes in the target encoding; the parser percent-encodes those in the
    /// query percent-encode set (and all non-ASCII bytes).
    Bytes(&'a [u8]),
    /// A code point the encoding cannot represent; the parser writes
    /// `%26%23` + its decimal value + `%3B`.
    Unmappable(char),
}

/// Encodes a URL's query into a legacy encoding.
///
/// The parser calls [`encode`](Self::encode) with the query in order, in one
/// or more chunks (split where it skips ASCII tab or newline), `last` set on
/// the final one, so stateful encoders (ISO-2022-JP) can finish their
/// escape sequences.
pub trait QueryEncoder {
    /// `true` only for [`Utf8`]: the parser then skips the encoder entirely.
    fn is_utf8(&self) -> bool {
        false
    }

    /// Encodes `chunk`, passing every output piece to `emit` in order.
    fn encode(&mut self, chunk: &str, last: bool, emit: &mut dyn FnMut(Encoded<'_>));
}

/// UTF-8: the default, at no cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Utf8;

impl QueryEncoder for Utf8 {
    #[inline]
    fn is_utf8(&self) -> bool {
        true
    }
    fn encode(&mut self, chunk: &str, _last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
        emit(Encoded::Bytes(chunk.as_bytes()));
    }
}

impl<E: QueryEncoder + ?Sized> QueryEncoder for &mut E {
    #[inline]
    fn is_utf8(&self) -> bool {
        (**self).is_utf8()
    }
    fn encode(&mut self, chunk: &str, last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
        (**self).encode(chunk, last, emit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Parser, SliceStorage};

    /// Latin-1 for U+0000..=U+00FF, everything else unmappable.
    struct Latin1;
    impl QueryEncoder for Latin1 {
        fn encode(&mut self, chunk: &str, _last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
            for c in chunk.chars() {
                match u8::try_from(c as u32) {
                    Ok(b) => emit(Encoded::Bytes(&[b])),
                    Err(_) => emit(Encoded::Unmappable(c)),
                }
            }
        }
    }

    fn parse(input: &str) -> ([u8; 128], usize) {
        let mut buf = [0u8; 128];
        let n = Parser::new()
            .encoding(Latin1)
            .parse_into(input, SliceStorage::new(&mut buf))
            .map(|u| u.href().len())
            .unwrap();
        (buf, n)
    }

    #[test]
    fn legacy_query_encoding() {
        let (buf, n) = parse("https://x/?\u{e9} '\u{203d}#\u{e9}");
        // Query: Latin-1 bytes, special-query set (' and space), unmappable as
        // %26%23NNNN%3B; fragment stays UTF-8.
        assert_eq!(&buf[..n], b"https://x/?%E9%20%27%26%238253%3B#%C3%A9");
        // Not special, or ws/wss: UTF-8.
        let (buf, n) = parse("sc://x/?\u{e9}");
        assert_eq!(&buf[..n], b"sc://x/?%C3%A9");
        let (buf, n) = parse("wss://x/?\u{e9}");
        assert_eq!(&buf[..n], b"wss://x/?%C3%A9");
        // Tab/newline are skipped, not encoded.
        let (buf, n) = parse("https://x/?a\tb");
        assert_eq!(&buf[..n], b"https://x/?ab");
    }
}
