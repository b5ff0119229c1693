//! web-platform-tests `url/resources/urltestdata.json`, run through url-core
//! on every storage, plus the properties every success must have:
//! representation invariants, idempotence (parse(href) == same URL), and
//! agreement between String, fixed-buffer, heapless and borrowed storages.

use serde_json::Value;
use url_core::{ParseError, Parser, SliceStorage, Url};
use weburl_conformance::{component, read_expectations, read_json_usv, root, wpt_path, FIELDS};

fn parse_string(input: &str, base: Option<&str>) -> Result<Url<String>, ParseError> {
    match base {
        None => Url::parse_into(input, String::new()),
        Some(b) => {
            let base = Url::parse_into(b, String::new())?;
            Url::parse_into_with_base(input, &base, String::new())
        }
    }
}

/// Compares one case; returns a description of every mismatch.
fn check_case(case: &Value) -> Vec<String> {
    let input = case["input"].as_str().expect("input");
    let base = case["base"].as_str();
    let mut problems = Vec::new();
    let result = parse_string(input, base);
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        if let Ok(url) = &result {
            problems.push(format!("expected failure, got {:?}", url.href()));
        }
        return problems;
    }
    let url = match result {
        Ok(url) => url,
        Err(e) => {
            problems.push(format!("expected {:?}, got error {e}", case["href"]));
            return problems;
        }
    };
    for field in FIELDS {
        let want = case[field].as_str().unwrap_or_default();
        let got = component(&url, field);
        if got != want {
            problems.push(format!("{field}: want {want:?}, got {got:?}"));
        }
    }
    if let Some(want) = case.get("origin").and_then(Value::as_str) {
        let got = url.origin().to_string();
        if got != want {
            problems.push(format!("origin: want {want:?}, got {got:?}"));
        }
    }
    problems.extend(properties(input, base, &url));
    problems
}

/// Invariants, idempotence and storage agreement for a successful parse.
fn properties(input: &str, base: Option<&str>, url: &Url<String>) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(e) = url.check_invariants() {
        problems.push(format!("invariant violated: {e}"));
    }
    // Idempotence: the href parses to itself with the same components.
    match Url::parse_into(url.href(), String::new()) {
        Ok(again) => {
            for field in FIELDS {
                if component(&again, field) != component(url, field) {
                    problems.push(format!("not idempotent in {field}: {:?}", again.href()));
                }
            }
        }
        Err(e) => problems.push(format!("href does not re-parse: {e}")),
    }
    // Storage agreement. Every storage must give the same URL, or a capacity
    // error when the href is longer than the capacity. The one documented
    // exception (see url-core's `CapacityError`): the single pass writes path
    // segments that a later `..` removes, and percent-decodes a host before
    // serializing it, so those inputs may need a little more room while
    // parsing than the result takes.
    let transient = has_dot_segment(input)
        || base.is_some_and(has_dot_segment)
        || input.contains('%')
        || !input.is_ascii()
        || (base.is_some() && input.trim_start().starts_with(".."));
    let base_url = base.map(|b| Url::parse_into(b, String::new()).expect("base parsed before"));
    let mut parser = Parser::new().with_base(base_url.as_ref().map(|b| b.as_url_ref()));
    for cap in [0usize, 1, 8, 24, 64, 4096] {
        let mut buf = vec![0u8; cap];
        match parser.parse_into(input, SliceStorage::new(&mut buf)) {
            Ok(fixed) => {
                if fixed.href() != url.href() || fixed.as_url_ref().pathname() != url.pathname() {
                    problems.push(format!("slice[{cap}] gave {:?}", fixed.href()));
                }
            }
            Err(ParseError::Capacity(_)) if url.href().len() > cap => {}
            Err(ParseError::Capacity(e)) if transient && e.needed > url.href().len() => {}
            Err(e) => problems.push(format!("slice[{cap}] failed: {e}")),
        }
    }
    match parser.parse_into(input, heapless::String::<256>::new()) {
        Ok(h) if h.href() == url.href() => {}
        Err(ParseError::Capacity(_)) if url.href().len() > 256 => {}
        other => problems.push(format!("heapless<256> gave {other:?}")),
    }
    match parser.parse_borrowed(input) {
        Ok(b) => {
            for field in FIELDS {
                if component(&b, field) != component(url, field) {
                    problems.push(format!("borrowed differs in {field}: {:?}", b.href()));
                }
            }
        }
        Err(ParseError::NotCanonical) => {
            // Borrowing must work when the input is exactly the href.
            if input == url.href() && !input.contains('\t') && !url.href().contains("/.//") {
                problems.push("canonical input was not borrowed".to_string());
            }
        }
        Err(e) => problems.push(format!("borrowed failed: {e}")),
    }
    problems
}

/// Whether the input has a `.`/`..` path segment (possibly percent-encoded).
fn has_dot_segment(s: &str) -> bool {
    let lower = s.to_ascii_lowercase().replace("%2e", ".");
    lower
        .split(['/', '\\', '?', '#'])
        .any(|seg| seg == "." || seg == "..")
}

/// Runs every case of a urltestdata-format file; returns the summary line.
fn run_file(name: &str, min_cases: usize) -> (String, usize, String) {
    let (data, surrogates) = read_json_usv(&wpt_path(name));
    let expectations = read_expectations(&root().join("tests/expectations/urltestdata.txt"));
    let cases: Vec<&Value> = data
        .as_array()
        .expect("array")
        .iter()
        .filter(|v| v.is_object())
        .collect();
    let (mut passed, mut failed, mut expected) = (0, 0, 0);
    let mut report = String::new();
    for case in &cases {
        let key = (
            case["input"].as_str().unwrap_or_default().to_string(),
            case["base"].as_str().map(str::to_string),
        );
        let problems = check_case(case);
        match (problems.is_empty(), expectations.get(&key)) {
            (true, None) => passed += 1,
            (false, Some(_)) => expected += 1,
            (true, Some(reason)) => {
                failed += 1;
                report.push_str(&format!(
                    "{:?} (base {:?}) passes but is listed as expected failure ({reason}): remove it\n",
                    key.0, key.1
                ));
            }
            (false, None) => {
                failed += 1;
                report.push_str(&format!("{:?} (base {:?}):\n", key.0, key.1));
                for p in problems {
                    report.push_str(&format!("    {p}\n"));
                }
            }
        }
    }
    assert!(
        cases.len() >= min_cases,
        "{name} looks truncated: {} cases",
        cases.len()
    );
    let stem = name.trim_end_matches(".json");
    let summary = format!(
        "{stem}: {passed} passed, {failed} failed, {expected} expected-failure ({surrogates} lone surrogates replaced by U+FFFD)"
    );
    (summary, failed, report)
}

#[test]
fn urltestdata() {
    let (summary, failed, report) = run_file("urltestdata.json", 800);
    print!("{report}");
    println!("{summary}");
    assert_eq!(failed, 0, "urltestdata failures:\n{report}");
}

#[test]
fn urltestdata_javascript_only() {
    let (summary, failed, report) = run_file("urltestdata-javascript-only.json", 1);
    print!("{report}");
    println!("{summary}");
    assert!(summary.contains("lone surrogates replaced") && !summary.contains("(0 lone"));
    assert_eq!(failed, 0, "failures:\n{report}");
}
