//! WPT `urlpattern-compare-test-data.json` (25 cases) and
//! `urlpattern-generate-test-data.json` (19 cases), from the ada-url 4.0.0
//! crate via `cargo xtask fetch-data`, run as WPT's
//! `urlpattern-compare.tentative.any.js` and
//! `urlpattern-generate.tentative.any.js` do: compare both ways and each
//! pattern with itself; `generate` returns the expected string or throws
//! (`expected: null`). Needs the regex feature: some cases have regexp
//! groups.
#![cfg(feature = "regex")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::cmp::Ordering;
use std::path::PathBuf;
use weburl_pattern::{ComponentName, UrlPattern, UrlPatternInit, UrlPatternInput};

fn data(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/wpt")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} (cargo xtask fetch-data): {e}", path.display()));
    serde_json::from_str(&text).expect("JSON")
}

fn input(v: &Value) -> UrlPatternInput {
    match v {
        Value::String(s) => UrlPatternInput::String(s.clone()),
        Value::Object(o) => {
            let mut init = UrlPatternInit::default();
            for (k, v) in o {
                let slot = match ComponentName::from_name(k) {
                    Some(c) => init.get_mut(c),
                    None if k == "baseURL" => &mut init.base_url,
                    None => continue,
                };
                *slot = v.as_str().map(String::from);
            }
            UrlPatternInput::Init(init)
        }
        other => panic!("unexpected pattern {other}"),
    }
}

fn pattern(v: &Value) -> Result<UrlPattern, weburl_pattern::Error> {
    UrlPattern::new(input(v), None, Default::default())
}

fn ordering(n: i64) -> Ordering {
    n.cmp(&0)
}

#[test]
fn compare() {
    let cases = data("urlpattern-compare-test-data.json");
    assert_eq!(cases.len(), 25);
    let mut passed = 0;
    for case in &cases {
        let component = ComponentName::from_name(case["component"].as_str().unwrap()).unwrap();
        let left = pattern(&case["left"]).unwrap();
        let right = pattern(&case["right"]).unwrap();
        let expected = ordering(case["expected"].as_i64().unwrap());
        let cmp = |a, b| UrlPattern::compare_component(component, a, b);
        assert_eq!(cmp(&left, &right), expected, "{case}");
        assert_eq!(cmp(&right, &left), expected.reverse(), "reverse: {case}");
        assert_eq!(cmp(&left, &left), Ordering::Equal, "left: {case}");
        assert_eq!(cmp(&right, &right), Ordering::Equal, "right: {case}");
        passed += 1;
    }
    println!("urlpattern-compare-test-data.json: {passed}/25 passed");
}

#[test]
fn generate() {
    let cases = data("urlpattern-generate-test-data.json");
    assert_eq!(cases.len(), 19);
    let mut passed = 0;
    for case in &cases {
        let p = pattern(&case["pattern"]).unwrap();
        let groups: Vec<(String, String)> = case["groups"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
            .collect();
        let groups = groups.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        // An invalid URLPatternComponent value is a TypeError too.
        let result = ComponentName::from_name(case["component"].as_str().unwrap())
            .ok_or(())
            .and_then(|c| p.generate(c, groups).map_err(|_| ()));
        match case["expected"].as_str() {
            Some(expected) => assert_eq!(result.as_deref(), Ok(expected), "{case}"),
            None => assert!(
                result.is_err(),
                "expected a TypeError: {case} gave {result:?}"
            ),
        }
        passed += 1;
    }
    println!("urlpattern-generate-test-data.json: {passed}/19 passed");
}
