//! Legacy query encodings with `encoding_rs` (feature `encoding`).
//!
//! url.bs §1.3 "percent-encode after encoding": the query of a special URL
//! (other than `ws:`/`wss:`) parsed in a document whose encoding is not
//! UTF-8 is encoded in that encoding before percent-encoding, and a code
//! point the encoding cannot represent becomes `%26%23NNNN%3B` (`&#NNNN;`).
//! The same applies to `application/x-www-form-urlencoded` serialization
//! with an encoding (HTML form submission).

use encoding_rs::{Encoder, EncoderResult, Encoding};
use url_core::encoding::{Encoded, QueryEncoder};

/// A [`QueryEncoder`] over an `encoding_rs` encoder.
///
/// It encodes with the *output encoding* of the encoding it is given
/// (UTF-16BE/LE and replacement become UTF-8, as the Encoding Standard's
/// "get an output encoding" says). Unmappable code points are reported as
/// [`Encoded::Unmappable`]; when `last` is set the encoder is flushed (so
/// ISO-2022-JP returns to ASCII) and a fresh one starts the next string.
///
/// ```
/// use url_core::{Parser, Url};
/// use weburl::EncodingRsEncoder;
/// let url = Parser::new()
///     .encoding(EncodingRsEncoder::new(encoding_rs::SHIFT_JIS))
///     .parse_into("https://example.com/?\u{2212}#\u{2212}", String::new())?;
/// assert_eq!(url.href(), "https://example.com/?%81|#%E2%88%92");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub struct EncodingRsEncoder {
    encoding: &'static Encoding,
    encoder: Encoder,
}

impl EncodingRsEncoder {
    /// An encoder for `encoding`'s output encoding.
    pub fn new(encoding: &'static Encoding) -> Self {
        let encoding = encoding.output_encoding();
        EncodingRsEncoder {
            encoding,
            encoder: encoding.new_encoder(),
        }
    }

    /// The encoding used (the output encoding of the one given).
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }
}

impl core::fmt::Debug for EncodingRsEncoder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EncodingRsEncoder")
            .field("encoding", &self.encoding.name())
            .finish()
    }
}

impl QueryEncoder for EncodingRsEncoder {
    fn is_utf8(&self) -> bool {
        self.encoding == encoding_rs::UTF_8
    }

    fn encode(&mut self, chunk: &str, last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
        // Any single code point's output (escape sequences included) fits.
        let mut buf = [0u8; 128];
        let mut src = chunk;
        loop {
            let (result, read, written) = self
                .encoder
                .encode_from_utf8_without_replacement(src, &mut buf, last);
            if written > 0 {
                emit(Encoded::Bytes(&buf[..written]));
            }
            src = src.get(read..).unwrap_or("");
            match result {
                EncoderResult::InputEmpty => break,
                // Cannot happen with this buffer; never loop without progress.
                EncoderResult::OutputFull if read == 0 && written == 0 => break,
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(c) => emit(Encoded::Unmappable(c)),
            }
        }
        if last {
            self.encoder = self.encoding.new_encoder();
        }
    }
}
