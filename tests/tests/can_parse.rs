//! `URL.canParse(input, base)` against every case of WPT `urltestdata.json`
//! (as WPT's url-statics-canparse test uses it): true exactly when the case
//! is not a failure, and the same answer as a full parse.

use weburl_conformance::{read_json_usv, wpt_path};

#[test]
fn can_parse_agrees_with_urltestdata() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let (mut passed, mut failed) = (0, Vec::new());
    for case in data.as_array().expect("array") {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        let base = case["base"].as_str();
        let want = !case["failure"].as_bool().unwrap_or(false);
        let got = weburl::Url::can_parse(input, base);
        let parsed = match base {
            None => weburl::Url::parse(input).is_ok(),
            Some(b) => weburl::Url::parse(b)
                .and_then(|b| weburl::Url::parse_with_base(input, &b))
                .is_ok(),
        };
        if got == want && parsed == want {
            passed += 1;
        } else {
            failed.push(format!(
                "{input:?} base {base:?}: can_parse {got}, parse {parsed}, want {want}"
            ));
        }
    }
    println!("can_parse: {passed} passed, {} failed", failed.len());
    assert!(passed > 800, "only {passed} cases");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
