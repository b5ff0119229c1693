//! A drop-in for the [`url`](https://docs.rs/url/2.5.8) crate, version
//! 2.5.8: the same types, methods and signatures, over weburl's WHATWG URL
//! parser.
//!
//! Switching is one line in `Cargo.toml`:
//!
//! ```toml
//! [dependencies]
//! url = { package = "weburl-url", version = "0.1" }
//! ```
//!
//! and code that says `use url::Url;` compiles unchanged.
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
//! `serde`, `expose_internals`, and `debugger_visualizer` (accepted, no
//! effect).
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
