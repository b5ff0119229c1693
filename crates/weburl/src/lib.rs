//! The WHATWG URL Standard with owned URLs.
//!
//! `weburl` is a thin wrapper over [`url_core`] (the allocation-free parser):
//! a [`Url`] owns its serialization in a `String`, and every getter is a
//! slice of it. Parsing, serialization and the getters follow the URL Living
//! Standard exactly as browsers do.
//!
//! ```
//! use weburl::Url;
//! let url = Url::parse("HTTP://EXAMPLE.com:80/a/./b/../c?x#y")?;
//! assert_eq!(url.href(), "http://example.com/a/c?x#y");
//! assert_eq!(url.origin().to_string(), "http://example.com");
//! let next = url.join("../d")?;
//! assert_eq!(next.href(), "http://example.com/d");
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! # Which crate?
//!
//! - **`weburl`** (this crate): owned URLs for code with an allocator: the
//!   URL API's getters and setters (a value the standard ignores is an error),
//!   `UrlSearchParams`, a builder, file paths, serde; features `pattern`
//!   (URLPattern) and `encoding`.
//! - [`weburl-url`](https://docs.rs/weburl-url): a drop-in for the `url`
//!   crate (rust-url 2.5.8's API, signature for signature): for code written
//!   against `url`.
//! - [`url-core`](https://docs.rs/url-core): `no_std`, no allocator: URLs in
//!   a buffer the caller gives (`SliceStorage`, `heapless::String`), zero-copy
//!   parsing, and `sizes` for buffer sizes; for firmware and kernels. The
//!   others are built on it.
//! - `weburl-c`: the C ABI (`include/weburl.h` and a static library) over
//!   caller buffers, for C programs and other languages' FFI
//!   (`crates/weburl-c` in the repository).
//! - [`weburl-pattern`](https://docs.rs/weburl-pattern): URLPattern (the
//!   WHATWG URL Pattern Standard), for routing; also `weburl::pattern`.
//! - `idna-tables`, `psl-tables`, `script-tables`: url-core's generated
//!   Unicode and Public Suffix List data; not used directly.
//!
//! Features:
//! - `std` (default): implies `alloc`; reserved for std-only conveniences.
//! - `alloc`: [`Url`], [`Origin`] and validation helpers (needs an allocator).
//! - `serde`: a [`Url`] serializes as its href and deserializes by parsing.
//! - `encoding`: legacy query encodings through `encoding_rs`
//!   (`Url::parse_with_encoding`, `EncodingRsEncoder`,
//!   `UrlSearchParams::to_string_with_encoding`).
//! - `pattern`: URLPattern as `weburl::pattern` (the weburl-pattern crate,
//!   with its default features).
//!
//! [`Url::builder`] builds a URL from its parts (decoded text, each part
//! percent-encoded with the right set, the result checked by the parser).
//! [`percent_encoding`] encodes with the standard's percent-encode sets or
//! sets of your own, lazily, and decodes to UTF-8 text.
//!
//! [`UrlSearchParams`] is the URL API's `URLSearchParams`;
//! [`Url::search_params_mut`] edits a URL's query through one. The setters
//! (`Url::set_href` … `Url::set_hash`) return `Result<(), SetError>`: a
//! value the standard ignores is an error too ([`SetError::ignored`] says
//! why), so `?` stops on it.
//!
//! Without `alloc` this crate only re-exports the `url-core` types below.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

/// The allocation-free core this crate wraps (for `SliceStorage`, borrowed
/// parsing, the [`url_core::Parser`] builder, percent-encoding …).
pub use url_core;

pub use url_core::build::{BuildError, BuildErrorKind, UrlPart};
pub use url_core::parts::Host;
pub use url_core::{
    Component, HostKind, Ignored, ParseError, SchemeType, SetError, SetErrorKind, Setter,
    ValidationError,
};

#[cfg(feature = "encoding")]
mod encoding;
#[cfg(feature = "alloc")]
mod origin;
pub mod percent_encoding;
#[cfg(feature = "alloc")]
pub mod psl;
#[cfg(feature = "alloc")]
pub mod render;
#[cfg(feature = "alloc")]
mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "alloc")]
mod url;

#[cfg(feature = "alloc")]
pub use origin::Origin;
#[cfg(feature = "alloc")]
pub use url::{FilePathError, Url, UrlBuilder};

#[cfg(feature = "encoding")]
pub use encoding::EncodingRsEncoder;
/// The `encoding_rs` crate (feature `encoding`), for its `Encoding`
/// statics and `Encoding::for_label`.
#[cfg(feature = "encoding")]
pub use encoding_rs;
#[cfg(feature = "alloc")]
pub use search_params::{IntoIter, Iter, NotAPair, SearchParamsMut, UrlSearchParams};

/// URLPattern, the WHATWG URL Pattern Standard (feature `pattern`): the
/// [`weburl_pattern`] crate.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternOptions};
/// let p = UrlPattern::new("https://example.com/books/:id".into(), None, UrlPatternOptions::default())?;
/// assert!(p.test(&"https://example.com/books/1".into(), None)?);
/// # Ok::<(), weburl::pattern::Error>(())
/// ```
#[cfg(feature = "pattern")]
pub use weburl_pattern as pattern;

/// A `weburl::Url` is matched by URL patterns as its url-core record.
#[cfg(feature = "pattern")]
impl weburl_pattern::AsUrlRecord for Url {
    type Storage = alloc::string::String;

    fn as_url_record(&self) -> &url_core::Url<alloc::string::String> {
        self.as_url_core()
    }
}
