//! `weburl-url` under the package name `url`, version 2.5.8, for
//! replacing rust-url in a whole dependency graph:
//!
//! ```toml
//! [patch.crates-io]
//! url = { path = "path/to/weburl/crates/weburl-url/url-shim" }
//! ```
//!
//! Everything is `weburl-url`'s; see its `DIFFERENCES.md`.
#![no_std]
#![forbid(unsafe_code)]

pub use weburl_url::*;
