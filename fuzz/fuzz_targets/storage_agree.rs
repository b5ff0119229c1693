//! A fixed buffer gives exactly what a `String` gives, or a capacity error.
//!
//! The rule asserted is `CapacityError`'s documented one
//! (crates/url-core/src/storage.rs):
//! - a result longer than the buffer is always a capacity error;
//! - a result that fits may still be a capacity error ("transient growth"),
//!   but only for inputs with path segments a later `..` removes or with a
//!   percent-encoded or non-ASCII host — i.e. an input containing `.`, `%` or
//!   non-ASCII —, an IPv4 host (written as given, `000000000000` or `0x7F.1`,
//!   then serialized) or a `file:` host `localhost`, and never when the host
//!   is ASCII (no `%80`–`%FF` escape and no non-ASCII in the input) and the
//!   buffer holds
//!   `3 × input length + base length + 32` bytes;
//! - when the buffer fills before the point where the input fails, the
//!   capacity error is reported instead of the failure.
//!
//! Input: first byte picks a capacity near the result length, the rest is a
//! `Case` (lossy UTF-8 with an optional base).
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_core::{ParseError, Parser, SliceStorage, Storage, Url};
use weburl_fuzz::{check_url, outcome, parse_string, Case, Snapshot};

/// Whether the documented rule allows a capacity error although the result
/// (`len` bytes) fits `cap`.
fn transient_growth_allowed(input: &str, ipv4_host: bool, base_len: usize, cap: usize) -> bool {
    let b = input.as_bytes();
    // The causes the docs list: `..` segments, percent-encoded or non-ASCII
    // hosts, IPv4 hosts (the result's host kind says so), and a `file:` host
    // `localhost`, written and then replaced by the empty host.
    let listed_cause = ipv4_host
        || b.iter().any(|&c| c == b'.' || c == b'%' || c >= 0x80)
        || input
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect::<String>()
            .to_ascii_lowercase()
            .contains("localhost");
    let non_ascii_escape = b
        .windows(2)
        .any(|w| w[0] == b'%' && matches!(w[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F'));
    let ascii_host = input.is_ascii() && !non_ascii_escape;
    let bound = 3 * input.len() + base_len + 32;
    listed_cause && !(ascii_host && cap >= bound)
}

fn compare<S: Storage>(
    cap: usize,
    fixed: Result<Url<S>, ParseError>,
    reference: &Result<Url<String>, ParseError>,
    input: &str,
    base_len: usize,
) {
    match (&fixed, reference) {
        (Ok(f), Ok(r)) => {
            check_url(f);
            assert_eq!(
                Snapshot::of(f),
                Snapshot::of(r),
                "fixed buffer ({cap}) vs String"
            );
        }
        (Ok(f), Err(e)) => panic!("fixed buffer ({cap}) gave {:?}, String {e:?}", f.href()),
        (Err(ParseError::Capacity(c)), r) => {
            assert_eq!(c.capacity, cap, "capacity reported");
            assert!(
                c.needed > c.capacity,
                "capacity error with needed <= capacity: {c:?}"
            );
            if let Ok(r) = r {
                let len = r.href().len();
                assert!(
                    len > cap
                        || transient_growth_allowed(
                            input,
                            r.host_kind() == url_core::HostKind::Ipv4,
                            base_len,
                            cap
                        ),
                    "capacity error although the result ({len} bytes) fits {cap} \
                     and the documented rule rules out transient growth: {input:?}"
                );
            }
        }
        (Err(e), r) => assert_eq!(Err(*e), outcome(r).map(|_| ()), "fixed buffer ({cap})"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&knob, rest)) = data.split_first() else {
        return;
    };
    let case = Case::from_bytes(rest);
    let base = case.parsed_base().and_then(Result::ok);
    let base_len = base.as_ref().map_or(0, |b| b.href().len());
    let input = &*case.input;
    let reference = parse_string(input, base.as_ref());
    let parser = Parser::new().with_base(base.as_ref().map(Url::as_url_ref));

    let len = match &reference {
        Ok(u) => u.href().len(),
        Err(_) => 4 * knob as usize,
    };
    // The exact length, one less, and one picked around it.
    let picked = (len + (knob as usize % 48)).saturating_sub(16);
    for cap in [len, len.saturating_sub(1), picked] {
        let mut buf = vec![0u8; cap];
        let fixed = { parser }.parse_into(input, SliceStorage::new(&mut buf));
        compare(cap, fixed, &reference, input, base_len);
    }
    // heapless::String is a second bounded storage with its own replace_range.
    let h = { parser }.parse_into(input, heapless::String::<64>::new());
    compare(64, h, &reference, input, base_len);
    // A storage reused through `&mut`: parse_into must clear it first.
    let mut reused = String::from("stale contents");
    let r = { parser }.parse_into(input, &mut reused);
    assert_eq!(outcome(&r), outcome(&reference), "&mut String storage");
});
