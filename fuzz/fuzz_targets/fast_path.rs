//! url-core's canonical fast path must be invisible: parsing with and without
//! it gives the same URL or the same error, owned and borrowed; and
//! `can_parse_in` gives the full parser's answer. Input: lossy
//! UTF-8 with an optional base (see `Case`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_core::{Parser, Url};
use weburl_fuzz::{outcome, Case};

fuzz_target!(|data: &[u8]| {
    let case = Case::from_bytes(data);
    let base = case.parsed_base().and_then(Result::ok);
    let base = base.as_ref().map(Url::as_url_ref);
    let input = &*case.input;

    let fast = Parser::new()
        .with_base(base)
        .parse_into(input, String::new());
    let full = Parser::new()
        .with_base(base)
        .without_fast_path()
        .parse_into(input, String::new());
    assert_eq!(
        outcome(&fast),
        outcome(&full),
        "owned: fast path vs full parser"
    );
    // canParse stops where the path starts: the same answer and error.
    let can = Parser::new()
        .with_base(base)
        .can_parse_in(input, String::new);
    assert_eq!(
        can,
        full.as_ref().map(|_| ()).map_err(Clone::clone),
        "can_parse_in vs the full parser"
    );

    let fast = Parser::new().with_base(base).parse_borrowed(input);
    let full = Parser::new()
        .with_base(base)
        .without_fast_path()
        .parse_borrowed(input);
    assert_eq!(
        outcome(&fast),
        outcome(&full),
        "borrowed: fast path vs full parser"
    );
});
