//! url.bs §1.3 "percent-encode after encoding" with legacy encodings
//! (weburl's `encoding` feature, encoding_rs):
//! - web-platform-tests `url/resources/percent-encoding.json`, as
//!   `url/percent-encoding.window.js` uses it: a document in each listed
//!   encoding parses `https://doesnotmatter.invalid/?{input}#{input}`; the
//!   query is the encoding's output, the fragment the UTF-8 one;
//! - application/x-www-form-urlencoded serialization with an encoding
//!   (url.bs §5.2), including `&#NNNN;` for unmappable code points.

use serde_json::Value;
use weburl::encoding_rs::{self, Encoding};
use weburl::{EncodingRsEncoder, Url, UrlSearchParams};
use weburl_conformance::{read_json_usv, wpt_path};

#[test]
fn wpt_percent_encoding() {
    let (data, _) = read_json_usv(&wpt_path("percent-encoding.json"));
    let (mut passed, mut failed) = (0, 0);
    for case in data.as_array().expect("array") {
        let Some(case) = case.as_object() else {
            continue; // a comment
        };
        let input = case["input"].as_str().expect("input");
        let output = case["output"].as_object().expect("output");
        let utf8 = output["utf-8"].as_str().expect("utf-8");
        for (label, want) in output {
            let want = want.as_str().expect("string");
            let encoding = Encoding::for_label(label.as_bytes()).expect("known label");
            let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
            let got = Url::parse_with_encoding(&href, None, encoding);
            match &got {
                Ok(u) if u.search() == format!("?{want}") && u.hash() == format!("#{utf8}") => {
                    passed += 1;
                    // Idempotent: the serialization is ASCII, so re-parsing
                    // in any encoding gives it back.
                    let again = Url::parse_with_encoding(u.href(), None, encoding).unwrap();
                    assert_eq!(again.href(), u.href());
                }
                _ => {
                    failed += 1;
                    eprintln!("{input:?} in {label}: want ?{want} #{utf8}, got {got:?}");
                }
            }
        }
    }
    println!("percent-encoding: {passed} passed, {failed} failed");
    assert!(passed >= 16);
    assert_eq!(failed, 0);
}

#[test]
fn query_encoding_only_for_special_non_ws_schemes() {
    let enc = encoding_rs::WINDOWS_1252;
    let cases = [
        ("http://h/?\u{e9}'", "?%E9%27"),
        ("file:///p?\u{e9}", "?%E9"),
        ("ws://h/?\u{e9}", "?%C3%A9"),
        ("wss://h/?\u{e9}", "?%C3%A9"),
        ("sc://h/?\u{e9}'", "?%C3%A9'"),
    ];
    for (input, want) in cases {
        assert_eq!(
            Url::parse_with_encoding(input, None, enc).unwrap().search(),
            want,
            "{input}"
        );
    }
    // Relative to a base; UTF-16 and replacement use UTF-8 (output encoding).
    let base = Url::parse("https://example.com/dir/").unwrap();
    let url = Url::parse_with_encoding("x?\u{e9}", Some(&base), encoding_rs::UTF_16BE).unwrap();
    assert_eq!(url.href(), "https://example.com/dir/x?%C3%A9");
    let url = Url::parse_with_encoding("x?\u{e9}", Some(&base), encoding_rs::REPLACEMENT).unwrap();
    assert_eq!(url.search(), "?%C3%A9");
    // ISO-2022-JP state ends at the end of the query, even when the parser
    // splits it around a tab.
    let url = Url::parse_with_encoding(
        "http://h/?\u{203e}\t\u{203e}#x",
        None,
        encoding_rs::ISO_2022_JP,
    )
    .unwrap();
    assert_eq!(url.search(), "?%1B(J~~%1B(B");
    let url =
        Url::parse_with_encoding("http://h/?\u{203e}", None, encoding_rs::ISO_2022_JP).unwrap();
    let again =
        Url::parse_with_encoding("http://h/?\u{203e}", None, encoding_rs::ISO_2022_JP).unwrap();
    assert_eq!(url, again);
}

#[test]
fn form_serialization_with_encoding() {
    /// (encoding label, pairs, serialization)
    type Case = (
        &'static str,
        &'static [(&'static str, &'static str)],
        &'static str,
    );
    let cases: &[Case] = &[
        ("windows-1252", &[("\u{e9}", "\u{20ac} x")], "%E9=%80+x"),
        ("windows-1252", &[("a", "\u{2713}")], "a=%26%2310003%3B"),
        ("big5", &[("\u{2020}", "")], "%26%238224%3B="),
        (
            "euc-kr",
            &[("\u{2020}", "~!'()*")],
            "%A2%D3=%7E%21%27%28%29*",
        ),
        ("gb18030", &[("\u{e5e5}", "1")], "%26%2358853%3B=1"),
        ("shift_jis", &[("\u{2212}", "|")], "%81%7C=%7C"),
        // A fresh encoder for every string: each ends back in ASCII.
        (
            "iso-2022-jp",
            &[("\u{203e}\\", "\u{203e}"), ("x", "y")],
            "%1B%28J%7E%1B%28B%5C=%1B%28J%7E%1B%28B&x=y",
        ),
        ("iso-2022-jp", &[("\u{e}", "")], "%26%2365533%3B="),
        ("utf-16le", &[("\u{e9}", " ")], "%C3%A9=+"),
        ("utf-8", &[("a b", "c+d")], "a+b=c%2Bd"),
    ];
    let (mut passed, mut failed) = (0, 0);
    for (label, pairs, want) in cases {
        let encoding = Encoding::for_label(label.as_bytes()).expect("label");
        let params: UrlSearchParams = pairs.iter().copied().collect();
        let got = params.to_string_with_encoding(encoding);
        // url-core's serializer with the encoder, on a fixed buffer.
        let mut buf = [0u8; 256];
        let mut ser = url_core::form_urlencoded::Serializer::with_encoding(
            url_core::SliceStorage::new(&mut buf),
            EncodingRsEncoder::new(encoding),
        );
        ser.extend_pairs(pairs.iter()).unwrap();
        let fixed = url_core::Buffer::as_str(&ser.finish()).to_string();
        if got == *want && fixed == *want {
            passed += 1;
        } else {
            failed += 1;
            eprintln!("{label} {pairs:?}: want {want}, got {got} / {fixed}");
        }
    }
    println!("form-urlencoded with encodings: {passed} passed, {failed} failed");
    assert_eq!(failed, 0);
}

#[test]
fn data_is_what_the_wpt_file_says() {
    // Guard against a silently empty run.
    let (data, _) = read_json_usv(&wpt_path("percent-encoding.json"));
    let n = data.as_array().map_or(0, |a| {
        a.iter().filter(|v| matches!(v, Value::Object(_))).count()
    });
    assert!(n >= 7, "{n} cases");
}
