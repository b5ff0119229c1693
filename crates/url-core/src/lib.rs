//! The WHATWG URL Standard without an allocator.
//!
//! `url-core` parses URLs exactly as browsers do (the standard's basic URL
//! parser, url.bs §4.4) into **one serialized buffer plus `u32` offsets**.
//! Where the bytes live is the caller's choice — a [`SliceStorage`] over a
//! `&mut [u8]`, a `heapless::String<N>` (feature `heapless`), a `String`
//! (feature `alloc`), or the input itself when it is already canonical
//! ([`Url::parse_borrowed`], zero copies). A URL that does not fit is a
//! [`CapacityError`], never a truncation or a panic.
//!
//! ```
//! use url_core::{SliceStorage, Url};
//! let mut buf = [0u8; 256];
//! let url = Url::parse_into("https://EXAMPLE.com/a/./b/../c?x#y", SliceStorage::new(&mut buf))?;
//! assert_eq!(url.href(), "https://example.com/a/c?x#y");
//! assert_eq!(url.hostname(), "example.com");
//! # Ok::<(), url_core::ParseError>(())
//! ```
//!
//! Module map (each next to its section of url.bs): [`percent_encode`] §1.3,
//! [`encoding`] §1.3 (legacy query encodings), `host` §3, `public_suffix`
//! §3.2 (feature `psl`), [`idna`] §3.3, [`writing`] §4.3, `parser` §4.4 (and
//! `fast`, its canonical-input fast path), `url` §4.1 and the §6.1 getters,
//! [`parts`] (typed host, path segments, query pairs, authority),
//! [`setters`] §6.1, [`build`] (a URL from its parts, checked by the
//! parser), `origin` §4.7, `render` §4.8 (feature `render`),
//! [`form_urlencoded`] §5, [`validation`] §1.1.
//!
//! Features: `idna` (default; non-ASCII domains), `psl` (default; public
//! suffixes and same site), `render` (default; URL rendering), `heapless`,
//! `alloc`. Firmware that only parses can turn the defaults off: tables a
//! build does not call are not linked.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` is confined to `simd` (measured: see its docs), run under Miri.
#![deny(unsafe_code)]

#[cfg(test)]
extern crate std;

pub mod build;
mod bytes;
pub mod encoding;
mod error;
mod fast;
pub mod form_urlencoded;
mod host;
pub mod idna;
mod input;
mod origin;
mod parser;
pub mod parts;
pub mod percent_encode;
#[cfg(feature = "psl")]
pub mod public_suffix;
#[cfg(feature = "render")]
pub mod render;
mod segment;
pub mod setters;
mod simd;
mod storage;
mod url;
pub mod validation;
mod writer;
pub mod writing;

pub use error::ParseError;
pub use host::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
pub use origin::{Origin, OriginHost};
pub use parser::{Parsed, Parser};
pub use setters::{Ignored, SetError, SetOutcome, Setter};
pub use storage::{Buffer, CapacityError, SliceStorage, Storage};
pub use url::{HostKind, SchemeType, Url};
pub use validation::{Component, NoValidation, ValidationError, ValidationSink};
