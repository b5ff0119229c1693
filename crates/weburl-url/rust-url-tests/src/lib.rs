//! rust-url 2.5.8's own test suite against `weburl-url`.
//!
//! This package has no code of its own: its `Cargo.toml` depends on
//! `weburl-url` under the name `url` — the one-line migration — and builds
//! rust-url's `tests/unit.rs` and `tests/wpt.rs`, fetched unedited by
//! `cargo xtask fetch-data`, as its test targets.
//! `crates/weburl-url/tests/rust_url_suite.rs` runs them and checks the expected failures listed in `expectations.txt`.
#![no_std]
