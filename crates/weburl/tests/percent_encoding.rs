//! web-platform-tests `url/resources/percent-encoding.json` with the
//! `encoding` feature: what `url/percent-encoding.window.js` checks. For each
//! input and each encoding it lists, a document in that encoding parses
//! `https://doesnotmatter.invalid/?{input}#{input}`; the query must be the
//! listed output for that encoding and the fragment the UTF-8 output (the
//! fragment is always UTF-8).

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(feature = "encoding")]

use weburl::encoding_rs::Encoding;
use weburl::Url;

#[test]
fn wpt_percent_encoding_json() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/wpt/percent-encoding.json"
    );
    let text = std::fs::read_to_string(path).expect("data/wpt/percent-encoding.json");
    let data: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let (mut passed, mut failed) = (0, 0);
    for case in data.as_array().expect("array") {
        // Strings are comments.
        let Some(case) = case.as_object() else {
            continue;
        };
        let input = case["input"].as_str().expect("input");
        let output = case["output"].as_object().expect("output");
        let utf8 = output["utf-8"].as_str().expect("utf-8 output");
        for (label, want) in output {
            let want = want.as_str().expect("output string");
            let encoding = Encoding::for_label(label.as_bytes())
                .unwrap_or_else(|| panic!("unknown encoding label {label}"));
            let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
            match Url::parse_with_encoding(&href, None, encoding) {
                Ok(url)
                    if url.search() == format!("?{want}") && url.hash() == format!("#{utf8}") =>
                {
                    passed += 1
                }
                other => {
                    failed += 1;
                    eprintln!("FAIL {input:?} in {label}: want ?{want} #{utf8}, got {other:?}");
                }
            }
        }
    }
    println!("percent-encoding: {passed} passed, {failed} failed");
    assert_eq!(failed, 0);
    assert!(passed >= 14, "only {passed} cases ran");
}
