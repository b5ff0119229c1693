//! Real-world differential set: `../shared/data/conformance/real-urls.jsonl`
//! (8,000 URLs from the benchmark corpora with the components the editors'
//! reference implementation and Ada 4.0.0 agree on). Read from ../shared,
//! never committed. CI always has it; elsewhere the test says it is absent.

use serde_json::Value;
use url_core::Url;
use weburl_conformance::root;

const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

#[test]
fn real_urls_match_reference_implementations() {
    let path = root().join("../shared/data/conformance/real-urls.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing in CI",
            path.display()
        );
        println!("real-urls: skipped, {} not found", path.display());
        return;
    };
    let expectations =
        weburl_conformance::read_expectations(&root().join("tests/expectations/urltestdata.txt"));
    let (mut passed, mut failed, mut expected) = (0, 0, 0);
    let mut report = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let result = match base {
            None => Url::parse_into(input, String::new()),
            Some(b) => Url::parse_into(b, String::new())
                .and_then(|b| Url::parse_into_with_base(input, &b, String::new())),
        };
        let want = &case["expected"];
        let mut problems = Vec::new();
        match (&result, want.get("failure").and_then(Value::as_bool)) {
            (Ok(url), Some(true)) => problems.push(format!("expected failure, got {}", url.href())),
            (Err(_), Some(true)) => {}
            (Err(e), _) => problems.push(format!("error {e}")),
            (Ok(url), _) => {
                for f in FIELDS {
                    let got = match f {
                        "href" => url.href().to_string(),
                        "origin" => url.origin().to_string(),
                        "protocol" => url.protocol().to_string(),
                        "username" => url.username().to_string(),
                        "password" => url.password().to_string(),
                        "host" => url.host().to_string(),
                        "hostname" => url.hostname().to_string(),
                        "port" => url.port_str().to_string(),
                        "pathname" => url.pathname().to_string(),
                        "search" => url.search().to_string(),
                        _ => url.hash().to_string(),
                    };
                    if want[f].as_str() != Some(got.as_str()) {
                        problems.push(format!("{f}: want {}, got {got:?}", want[f]));
                    }
                }
            }
        }
        let idna_pending = matches!(result, Err(url_core::ParseError::IdnaUnavailable { .. }));
        match (problems.is_empty(), idna_pending) {
            (true, _) => passed += 1,
            // Same category as the "idna" expectations of urltestdata.
            (false, true) if !expectations.is_empty() => expected += 1,
            (false, _) => {
                failed += 1;
                if failed <= 50 {
                    report.push_str(&format!("{input:?}: {}\n", problems.join("; ")));
                }
            }
        }
    }
    print!("{report}");
    println!("real-urls: {passed} passed, {failed} failed, {expected} expected-failure (idna)");
    assert!(passed + failed + expected >= 8000);
    assert_eq!(failed, 0, "real-url mismatches:\n{report}");
}
