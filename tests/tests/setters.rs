//! web-platform-tests `url/resources/setters_tests.json`, on String and on
//! fixed-buffer storage, plus: invariants and idempotence after every setter,
//! "did nothing" leaves the URL byte-for-byte unchanged, and a setter that
//! does not fit a fixed buffer fails with a capacity error and leaves the URL
//! unchanged.

use serde_json::Value;
use url_core::{SetError, Setter, SliceStorage, Storage, Url};
use weburl_conformance::{component, read_expectations, read_json_usv, root, wpt_path, FIELDS};

fn apply<S: Storage>(url: &mut Url<S>, setter: &str, value: &str) -> Result<(), SetError> {
    url.set(Setter::from_name(setter).expect("known setter"), value)
}

/// Checks one case on one storage; returns problems.
fn check<S: Storage>(mut url: Url<S>, setter: &str, value: &str, expected: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let before = url.href().to_string();
    let outcome = apply(&mut url, setter, value);
    match outcome {
        Err(e) if e.is_ignored() => {
            if url.href() != before {
                problems.push("ignored but the URL changed".into())
            }
        }
        Err(e) => {
            problems.push(format!("setter failed: {e}"));
            return problems;
        }
        Ok(()) => {}
    }
    for (field, want) in expected.as_object().expect("expected object") {
        let got = component(&url, field);
        if Some(got) != want.as_str() {
            problems.push(format!("{field}: want {want}, got {got:?}"));
        }
    }
    if let Err(e) = url.check_invariants() {
        problems.push(format!("invariant violated: {e} ({:?})", url.href()));
    }
    match Url::parse_into(url.href(), String::new()) {
        Ok(again) => {
            for f in FIELDS {
                if component(&again, f) != component(&url, f) {
                    problems.push(format!("not idempotent in {f}: {:?}", again.href()));
                }
            }
        }
        Err(e) => problems.push(format!("href does not re-parse: {e}")),
    }
    problems
}

#[test]
fn setters_tests() {
    let (data, _) = read_json_usv(&wpt_path("setters_tests.json"));
    let expectations = read_expectations(&root().join("tests/expectations/setters.txt"));
    let (mut passed, mut failed, mut expected_failures) = (0, 0, 0);
    let mut report = String::new();
    for (setter, cases) in data.as_object().expect("object") {
        let Some(cases) = cases.as_array() else {
            continue;
        };
        if setter == "comment" {
            continue;
        }
        for case in cases {
            let href = case["href"].as_str().expect("href");
            let value = case["new_value"].as_str().expect("new_value");
            let mut problems = Vec::new();
            match Url::parse_into(href, String::new()) {
                Ok(url) => {
                    problems.extend(check(url, setter, value, &case["expected"]));
                    let mut buf = vec![0u8; 4096];
                    let fixed = Url::parse_into(href, SliceStorage::new(&mut buf)).unwrap();
                    for p in check(fixed, setter, value, &case["expected"]) {
                        problems.push(format!("[slice storage] {p}"));
                    }
                }
                Err(e) => problems.push(format!("href {href:?} does not parse: {e}")),
            }
            let key = (format!("{setter} {href} {value}"), None);
            match (problems.is_empty(), expectations.get(&key)) {
                (true, None) => passed += 1,
                (false, Some(_)) => expected_failures += 1,
                (true, Some(r)) => {
                    failed += 1;
                    report.push_str(&format!("{key:?} passes but is expected to fail ({r})\n"));
                }
                (false, None) => {
                    failed += 1;
                    report.push_str(&format!("{setter} on {href:?} with {value:?}:\n"));
                    for p in problems {
                        report.push_str(&format!("    {p}\n"));
                    }
                }
            }
        }
    }
    print!("{report}");
    println!(
        "setters_tests: {passed} passed, {failed} failed, {expected_failures} expected-failure"
    );
    assert!(passed + failed + expected_failures > 250);
    assert_eq!(failed, 0, "setter failures:\n{report}");
}

/// A setter whose result does not fit the fixed buffer fails with a capacity
/// error and leaves the URL exactly as it was; one that fits succeeds.
#[test]
fn capacity_failure_leaves_url_unchanged() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "pathname",
            "https://example.com/a",
            "/a-much-longer-path-than-fits",
        ),
        (
            "search",
            "https://example.com/a",
            "?query-that-is-too-long-for-it",
        ),
        (
            "hash",
            "https://example.com/a",
            "#fragment-that-is-too-long-here",
        ),
        (
            "host",
            "https://example.com/a",
            "a-much-longer-host-name.example",
        ),
        (
            "hostname",
            "https://example.com/a",
            "a-much-longer-host-name.example",
        ),
        (
            "username",
            "https://example.com/a",
            "a-long-user-name-for-the-buffer",
        ),
        (
            "password",
            "https://example.com/a",
            "a-long-password-for-the-buffer",
        ),
        ("port", "https://example.com/aaaaaaaaaaaaaaa", "65000"),
        (
            "protocol",
            "sc://example.com/aaaaaaaaaaaa",
            "a-much-longer-scheme-name",
        ),
        (
            "href",
            "https://example.com/a",
            "https://example.com/a-longer-href-that-cannot-fit",
        ),
    ];
    for &(setter, href, value) in cases {
        let mut buf = [0u8; 40];
        let mut url = Url::parse_into(href, SliceStorage::new(&mut buf)).unwrap();
        let result = apply(&mut url, setter, value);
        assert!(
            matches!(result, Err(ref e) if e.capacity().is_some()),
            "{setter}: {result:?} -> {}",
            url.href()
        );
        assert_eq!(url.href(), href, "{setter} changed the URL on failure");
        url.check_invariants().unwrap();
        assert_eq!(
            url.pathname(),
            Url::parse_borrowed(href).unwrap().pathname()
        );
        // The same setter with room succeeds, and agrees with String storage.
        let mut big = [0u8; 256];
        let mut roomy = Url::parse_into(href, SliceStorage::new(&mut big)).unwrap();
        let mut owned = Url::parse_into(href, String::new()).unwrap();
        assert!(apply(&mut roomy, setter, value).is_ok());
        assert!(apply(&mut owned, setter, value).is_ok());
        assert_eq!(roomy.href(), owned.href(), "{setter}");
    }
}

#[test]
fn heapless_storage_setters() {
    let mut url =
        Url::parse_into("https://example.com/a?b#c", heapless::String::<64>::new()).unwrap();
    url.set_pathname("/x/../y z").unwrap();
    url.set_host("Example.ORG:8443").unwrap();
    url.set_hash("").unwrap();
    assert_eq!(url.href(), "https://example.org:8443/y%20z?b");
    url.check_invariants().unwrap();
    let r = url.set_search("?this-query-is-far-too-long-for-a-sixty-four-byte-buffer");
    assert!(r.is_err());
    assert_eq!(url.href(), "https://example.org:8443/y%20z?b");
}
