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
//! Features:
//! - `std` (default): implies `alloc`; reserved for std-only conveniences.
//! - `alloc`: [`Url`], [`Origin`] and validation helpers (needs an allocator).
//! - `serde`: a [`Url`] serializes as its href and deserializes by parsing.
//!
//! Without `alloc` this crate only re-exports the `url-core` types below.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

/// The allocation-free core this crate wraps (for `SliceStorage`, borrowed
/// parsing, the [`url_core::Parser`] builder, percent-encoding …).
pub use url_core;

pub use url_core::{Component, HostKind, ParseError, SchemeType, ValidationError};

#[cfg(feature = "alloc")]
mod origin;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "alloc")]
mod url;

#[cfg(feature = "alloc")]
pub use origin::Origin;
#[cfg(feature = "alloc")]
pub use url::Url;
