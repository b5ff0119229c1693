//! Any bytes (lossy UTF-8, see `Case`), with and without a base: never panic;
//! every success satisfies the representation invariants and its getters
//! agree with its href; a validation sink never changes the outcome; a
//! borrowed parse, when it succeeds, is the owned parse over the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_core::{ParseError, Parser, Url, ValidationError};
use weburl_fuzz::{check_url, outcome, parse_string, Case, Snapshot};

fn check_one(input: &str, base: Option<&Url<String>>) {
    let owned = parse_string(input, base);
    if let Ok(u) = &owned {
        check_url(u);
    }
    if let Err(ParseError::Invalid { position, .. }) = owned {
        assert!(position <= input.len(), "error position past the input");
    }

    // The sink must only observe: same result, positions inside the input.
    let mut seen: Vec<(ValidationError, usize)> = Vec::new();
    let with_sink = Parser::new()
        .with_base(base.map(Url::as_url_ref))
        .validation(|e: ValidationError, at: usize| seen.push((e, at)))
        .parse_into(input, String::new());
    assert_eq!(
        outcome(&owned),
        outcome(&with_sink),
        "sink changed the result"
    );
    for (e, at) in &seen {
        assert!(*at <= input.len(), "{e:?} reported at {at} > input length");
    }

    let borrowed = Parser::new()
        .with_base(base.map(Url::as_url_ref))
        .parse_borrowed(input);
    match (&borrowed, &owned) {
        (Ok(b), Ok(o)) => {
            b.check_invariants().expect("borrowed URL invariants");
            assert_eq!(Snapshot::of(b), Snapshot::of(o), "borrowed vs owned");
            // Zero copies: the serialization is a slice of the input.
            let (i, h) = (input.as_ptr() as usize, b.href().as_ptr() as usize);
            assert!(h >= i && h + b.href().len() <= i + input.len());
        }
        (Ok(_), Err(e)) => panic!("borrowed parse succeeded, owned failed with {e:?}"),
        // Not canonical: the owned parse decides (success, or a failure found
        // after the first byte that differed).
        (Err(ParseError::NotCanonical), _) => {}
        (Err(e), o) => assert_eq!(Err(*e), o.as_ref().map(|_| ()).map_err(|e| *e)),
    }
}

fuzz_target!(|data: &[u8]| {
    let case = Case::from_bytes(data);
    let base = match case.parsed_base() {
        Some(Ok(b)) => {
            check_url(&b);
            Some(b)
        }
        _ => None,
    };
    check_one(&case.input, base.as_ref());
    if base.is_some() {
        check_one(&case.input, None);
    }
});
