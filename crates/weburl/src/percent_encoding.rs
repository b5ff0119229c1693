//! Percent-encoding and decoding (url.bs §1.3): url-core's
//! [`percent_encode`](url_core::percent_encode) module, under the name of
//! the crate most Rust code knows it by.
//!
//! Code written for the `percent_encoding` crate mostly needs only its
//! `use` lines changed: [`utf8_percent_encode`], [`percent_encode`],
//! [`percent_encode_byte`], [`percent_decode`], [`percent_decode_str`],
//! [`AsciiSet`] with `add` and `remove`, [`CONTROLS`] and
//! [`NON_ALPHANUMERIC`] are here under the same names, and sets are built
//! the same way:
//!
//! ```
//! use weburl::percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
//! const FRAGMENT: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');
//! assert_eq!(utf8_percent_encode("a <b>", FRAGMENT).to_string(), "a%20%3Cb%3E");
//! assert_eq!(*FRAGMENT, AsciiSet::FRAGMENT); // the standard's, built in
//! ```
//!
//! What differs: the sets are `Copy` values (`&AsciiSet` of any
//! lifetime works), the standard's own sets are constants
//! ([`AsciiSet::PATH`], [`AsciiSet::USERINFO`] … equal byte for byte to
//! what the parser uses), and an [`AsciiSet`] always contains the
//! non-ASCII bytes.
//!
//! ```
//! use weburl::percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
//!
//! // Lazy: chunks that borrow the input; Display writes them.
//! assert_eq!(utf8_percent_encode("a b&c", NON_ALPHANUMERIC).to_string(), "a%20b%26c");
//!
//! // A set of your own, built in const code from one of the standard's.
//! const SEGMENT: &AsciiSet = &AsciiSet::PATH.add(b'/').add(b'%');
//! let encoded = utf8_percent_encode("100%/é", SEGMENT).to_string();
//! assert_eq!(encoded, "100%25%2F%C3%A9");
//!
//! // Decoding borrows the input when there is nothing to decode.
//! assert_eq!(percent_decode_str(&encoded).decode_utf8()?, "100%/é");
//! assert_eq!(percent_decode_str("%FFx").decode_utf8_lossy(), "\u{FFFD}x");
//! # Ok::<(), core::str::Utf8Error>(())
//! ```
//!
//! Into a caller's buffer, with no allocation:
//!
//! ```
//! use weburl::percent_encoding::{utf8_percent_encode_into, EncodeSet};
//! use weburl::url_core::{Buffer, SliceStorage};
//! let mut buf = [0u8; 32];
//! let mut out = SliceStorage::new(&mut buf);
//! utf8_percent_encode_into("x y", EncodeSet::FRAGMENT, &mut out)?;
//! assert_eq!(out.as_str(), "x%20y");
//! # Ok::<(), weburl::url_core::CapacityError>(())
//! ```

pub use url_core::percent_encode::*;
