//! A drop-in for the [`url`](https://docs.rs/url/2.5.8) crate, version
//! 2.5.8: the same types, methods and signatures, over weburl's WHATWG URL
//! parser.
//!
//! Switching is one line in `Cargo.toml`. The crates are not on crates.io
//! yet: depend on a checkout of the repository (a path, or `git = "…"` with
//! its URL):
//!
//! ```toml
//! [dependencies]
//! url = { package = "weburl-url", path = "path/to/weburl/crates/weburl-url" }
//! ```
//!
//! and code that says `use url::Url;` compiles unchanged. To replace `url`
//! in a whole dependency graph, patch it with the same crate under the
//! name `url`: `[patch.crates-io] url = { path =
//! "path/to/weburl/crates/weburl-url/url-shim" }`.
//!
//! ```
//! # extern crate weburl_url as url;
//! use url::{Host, Position, Url};
//!
//! let base = Url::parse("https://example.net/a/b.html")?;
//! let url = base.join("../c?q=1#top")?;
//! assert_eq!(url.as_str(), "https://example.net/c?q=1#top");
//! assert_eq!(url.host(), Some(Host::Domain("example.net")));
//! assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/c?q=1");
//! assert_eq!(url.query_pairs().next(), Some(("q".into(), "1".into())));
//! # Ok::<(), url::ParseError>(())
//! ```
//!
//! A `Url` here is a [`weburl::Url`] — one `String` plus offsets — so a
//! parse allocates once. Parsing and serialization are the current URL
//! Standard's, which `url` follows except in a few places; where the two
//! disagree this crate answers as the standard (and browsers) do.
//! `DIFFERENCES.md` lists every such case, and the API behaviours that are
//! `url`'s own (`set_host(None)`, `path_segments_mut`, `make_relative`,
//! file paths) are `url`'s.
//!
//! Features, as `url`'s: `std` (default: file paths, `socket_addrs`),
//! `serde` (`Serialize`/`Deserialize`, and `Url::serialize_internal` /
//! `deserialize_internal`), `expose_internals` (`quirks::internal_components`),
//! and `debugger_visualizer` (accepted, no effect).
//!
//! # Which crate?
//!
//! - [`weburl`](https://docs.rs/weburl): owned URLs for code with an
//!   allocator: the URL API's getters and setters (a value the standard
//!   ignores is an error), `UrlSearchParams`, a builder, file paths, serde;
//!   features `pattern` (URLPattern) and `encoding`.
//! - **`weburl-url`** (this crate): a drop-in for the `url` crate (rust-url
//!   2.5.8's API, signature for signature): for code written against `url`.
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
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
/// The `form_urlencoded` crate, re-exported as `url` re-exports it (its
/// `Serializer` and `Parse` are the types `query_pairs_mut` and
/// `query_pairs` return).
pub use form_urlencoded;
mod host;
mod options;
mod origin;
mod parts;
mod path_segments;
mod paths;
mod query;
#[doc(hidden)]
pub mod quirks;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod slicing;
mod url;

pub use crate::error::{ParseError, SyntaxViolation};
pub use crate::host::Host;
pub use crate::options::ParseOptions;
pub use crate::origin::{OpaqueOrigin, Origin};
pub use crate::path_segments::PathSegmentsMut;
pub use crate::query::UrlQuery;
pub use crate::slicing::Position;
pub use crate::url::Url;
pub use form_urlencoded::EncodingOverride;
