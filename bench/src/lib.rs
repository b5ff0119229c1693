//! The passes `weburl-bench` and the Criterion benches time: one function
//! per implementation, each parsing every URL and returning (successes, sum
//! of href lengths) so that callers can check it against Ada's.

#![deny(missing_docs)]

pub mod native;
pub mod sets;

pub use sets::{host_heavy, read_urls};

use std::hint::black_box;

/// Result of one pass: (successes, sum of href lengths).
pub type Tally = (usize, usize);

/// `weburl::Url::parse`: an owned String per URL.
pub fn weburl_owned(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = weburl::Url::parse(u) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

/// url-core into one reused fixed buffer (`SliceStorage`).
pub fn weburl_fixed(urls: &[String], buf: &mut [u8]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = url_core::Url::parse_into(u, url_core::SliceStorage::new(buf)) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

/// Zero-copy when the input is canonical, else the reused fixed buffer.
pub fn weburl_borrowed(urls: &[String], buf: &mut [u8]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        match url_core::Url::parse_borrowed(u) {
            Ok(url) => {
                t.0 += 1;
                t.1 += black_box(url.href()).len();
            }
            Err(url_core::ParseError::NotCanonical) => {
                if let Ok(url) = url_core::Url::parse_into(u, url_core::SliceStorage::new(buf)) {
                    t.0 += 1;
                    t.1 += black_box(url.href()).len();
                }
            }
            Err(_) => {}
        }
    }
    t
}

/// Ada 4.0.0 through the `ada-url` crate.
pub fn ada(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = ada_url::Url::parse(u.as_str(), None) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

/// rust-url (`url` 2.5.8).
pub fn rust_url(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = url::Url::parse(u) {
            t.0 += 1;
            t.1 += black_box(url.as_str()).len();
        }
    }
    t
}

/// The implementations, in `run_impl`'s order.
pub const IMPLS: [&str; 5] = [
    "weburl",
    "weburl-fixed",
    "weburl-borrowed",
    "ada",
    "rust-url",
];

/// One pass of implementation `k` (of [`IMPLS`]) over `urls`. Not inlined:
/// `cargo xtask bench --instructions` counts inside it (callgrind toggle).
#[inline(never)]
pub fn run_impl(k: usize, urls: &[String], buf: &mut [u8]) -> Tally {
    match k {
        0 => weburl_owned(urls),
        1 => weburl_fixed(urls, buf),
        2 => weburl_borrowed(urls, buf),
        3 => ada(urls),
        _ => rust_url(urls),
    }
}
