//! application/x-www-form-urlencoded (url.bs §5). Input: raw bytes, as the
//! standard's parser takes a byte sequence (invalid UTF-8 decodes to U+FFFD).
//! - url-core's parse equals the `form_urlencoded` crate's on every input;
//! - each piece decodes the same through decode_into, chars, Display and
//!   as_str (when it borrows);
//! - serializing the pairs equals the crate's serializer, and parsing that
//!   gives the pairs back (round trip);
//! - a fixed-buffer serializer gives a prefix-free answer: the same string,
//!   or a capacity error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_core::form_urlencoded::{parse, Serializer};
use url_core::SliceStorage;

fn pairs_of(data: &[u8]) -> Vec<(String, String)> {
    parse(data)
        .map(|(n, v)| {
            let mut pair = [String::new(), String::new()];
            for (piece, out) in [n, v].iter().zip(pair.iter_mut()) {
                piece.decode_into(out).expect("String storage");
                assert_eq!(&piece.chars().collect::<String>(), out, "chars()");
                assert_eq!(&piece.to_string(), out, "Display");
                assert!(*piece == out.as_str(), "PartialEq<&str>");
                if let Some(s) = piece.as_str() {
                    assert_eq!(s, out, "as_str");
                }
            }
            let [n, v] = pair;
            (n, v)
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let ours = pairs_of(data);
    let theirs: Vec<(String, String)> = form_urlencoded::parse(data)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(ours, theirs, "parse differs from the form_urlencoded crate");

    let mut ser = Serializer::new(String::new());
    ser.extend_pairs(&ours).expect("String storage");
    let serialized = ser.finish();
    let expected = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(&ours)
        .finish();
    assert_eq!(
        serialized, expected,
        "serializer differs from the form_urlencoded crate"
    );
    assert_eq!(pairs_of(serialized.as_bytes()), ours, "round trip");

    let cap = data.len();
    let mut buf = vec![0u8; cap];
    let mut fixed = Serializer::new(SliceStorage::new(&mut buf));
    match fixed.extend_pairs(&ours) {
        Ok(_) => assert_eq!(url_core::Buffer::as_str(fixed.storage()), serialized),
        Err(_) => assert!(serialized.len() > cap, "capacity error although it fits"),
    }
});
