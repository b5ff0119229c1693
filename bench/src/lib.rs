//! The passes `weburl-bench` and the Criterion benches time: workloads
//! (parsing, parsing against a base, `can_parse`, URLSearchParams, setters)
//! over input sets (corpus files and sets generated from them), each run by
//! weburl (three storages), Ada through its C++ API, Ada through the
//! `ada-url` crate, and rust-url (plus [`routes`]: URLPattern route tables,
//! weburl-pattern against the `urlpattern` crate). Every pass returns a [`Tally`] (successes
//! and output bytes) so callers can check it against native Ada's.

#![deny(missing_docs)]

pub mod hostile;
pub mod native;
pub mod rng;
pub mod router;
pub mod routes;
pub mod sets;
pub mod work;

pub use sets::{diverse_hosts, read_urls};
pub use work::{run_impl, run_untimed, Workload, ADA, IMPLS, RUST_URL, WEBURL, WEBURL_URL};

/// Result of one pass: (successes, bytes of output — hrefs, pairs or
/// serializations, by workload).
pub type Tally = (usize, usize);
