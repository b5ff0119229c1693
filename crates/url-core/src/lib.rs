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
//! # Which crate?
//!
//! - [`weburl`](https://docs.rs/weburl): owned URLs for code with an
//!   allocator: the URL API's getters and setters (a value the standard
//!   ignores is an error), `UrlSearchParams`, a builder, file paths, serde;
//!   features `pattern` (URLPattern) and `encoding`.
//! - [`weburl-url`](https://docs.rs/weburl-url): a drop-in for the `url`
//!   crate (rust-url 2.5.8's API, signature for signature): for code written
//!   against `url`.
//! - **`url-core`** (this crate): `no_std`, no allocator: URLs in a buffer
//!   the caller gives (`SliceStorage`, `heapless::String`), zero-copy parsing,
//!   and `sizes` for buffer sizes; for firmware and kernels. The others are
//!   built on it.
//! - `weburl-c`: the C ABI (`include/weburl.h` and a static library) over
//!   caller buffers, for C programs and other languages' FFI
//!   (`crates/weburl-c` in the repository).
//! - [`weburl-pattern`](https://docs.rs/weburl-pattern): URLPattern (the
//!   WHATWG URL Pattern Standard), for routing; also `weburl::pattern`.
//! - `idna-tables`, `psl-tables`, `script-tables`: url-core's generated
//!   Unicode and Public Suffix List data; not used directly.
//!
//! # Module map
//!
//! Each module sits next to its section of url.bs, and the modules form
//! layers: a module imports only from layers below its own (a test,
//! `tests/layers.rs`, reads this table and every `crate::` path and fails on
//! an import that points up or sideways).
//!
//! | layer | modules | what |
//! | --- | --- | --- |
//! | 13 | [`setters`], [`build`], [`writing`], `render`, [`strict`] | the URL API's setters (§6.1), a URL from its parts, valid URL strings (§4.3), rendering (§4.8, feature `render`), strict parsing (the first validation error, §1.1, rejects) |
//! | 12 | `parser` | the basic URL parser (§4.4): the route ladder and its engines |
//! | 11 | `public_suffix` | public suffix and registrable domain (§3.2, feature `psl`) |
//! | 10 | `origin`, [`parts`] | origin (§4.7); typed host, path segments, query pairs, authority |
//! | 9 | `url` | the URL record as one buffer plus offsets (§4.1), the getters (§6.1) |
//! | 8 | `host` | the host parser and serializer (§3.5, §3.6), domains, IPv4, IPv6 |
//! | 7 | [`idna`], [`form_urlencoded`] | UTS #46 as the standard uses it (§3.3); application/x-www-form-urlencoded (§5) |
//! | 6 | `input`, [`percent_encode`] | the parser's view of its input; percent-encoding (§1.3) |
//! | 5 | `error`, `output` | parse errors; the copy-on-divergence output |
//! | 4 | `storage`, [`validation`], [`encoding`], [`sizes`] | where bytes live; validation errors (§1.1); legacy query encodings; how much room a parse needs |
//! | 3 | `bytes` | copies without a panic path |
//! | 2 | `simd` | 16-byte scans (the one module with `unsafe`) |
//! | 1 | `byte_class` | every byte set the standard names, in one table |
//! | 0 | `test_rng` | a seeded generator for the randomized unit tests (built only for tests) |
//!
//! Features: `idna` (default; non-ASCII domains), `psl` (default; public
//! suffixes and same site), `render` (default; URL rendering), `heapless`
//! (`heapless::String<N>` as storage), `alloc` (`String` as storage),
//! `small` (size over speed: the state machine alone answers the parse and
//! check ladders, so the faster engines are not linked unless
//! `Url::parse_canonical` or `Url::parse_borrowed` is called; the same
//! answers, slower), and `route-trace` (tests only: which engine
//! answered). Firmware that only parses can turn the defaults off: tables
//! a build does not call are not linked.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` is confined to `simd` (measured: see its docs), run under Miri.
#![deny(unsafe_code)]

#[cfg(any(test, feature = "route-trace"))]
extern crate std;

#[cfg(feature = "alloc")]
extern crate alloc;

/// Wraps a hot shared step (a scan that several engines call): inlined
/// into each caller where the scans run on a vector unit, where speed is
/// the point; one out-of-line copy elsewhere (thumbv7em, wasm32), where
/// size is.
macro_rules! shared_step {
    ($item:item) => {
        #[cfg_attr(
            any(
                all(target_arch = "x86_64", target_feature = "sse2"),
                all(target_arch = "aarch64", target_feature = "neon")
            ),
            inline(always)
        )]
        #[cfg_attr(
            not(any(
                all(target_arch = "x86_64", target_feature = "sse2"),
                all(target_arch = "aarch64", target_feature = "neon")
            )),
            inline(never)
        )]
        $item
    };
}

pub mod build;
mod byte_class;
mod bytes;
pub mod encoding;
mod error;
pub mod form_urlencoded;
mod host;
pub mod idna;
mod input;
mod origin;
mod output;
mod parser;
pub mod parts;
pub mod percent_encode;
#[cfg(feature = "psl")]
pub mod public_suffix;
#[cfg(feature = "render")]
pub mod render;
pub mod setters;
mod simd;
pub mod sizes;
mod storage;
pub mod strict;
#[cfg(test)]
mod test_rng;
mod url;
pub mod validation;
pub mod writing;

pub use byte_class::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
pub use error::ParseError;
pub use origin::{Origin, OriginHost};
pub use parser::{Parsed, Parser};
pub use strict::StrictParser;
/// Which engine of the route ladder answered (feature `route-trace`, for
/// tests).
#[cfg(feature = "route-trace")]
#[doc(hidden)]
pub mod route_trace {
    pub use crate::parser::trace::last::take;
    pub use crate::parser::trace::{Form, Route};
}
pub use host::HostKind;
pub use setters::{Ignored, SetError, SetErrorKind, Setter};
pub use sizes::{
    href_len_bound, max_domain_to_ascii_len, max_domain_to_unicode_len, max_href_len,
    max_href_len_ascii_host,
};
pub use storage::{Buffer, CapacityError, SliceStorage, Storage};
pub use url::{SchemeType, Url};
pub use validation::{Component, NoValidation, ValidationError, ValidationSink};
