//! The setters on the owned `weburl::Url` (which wrap url-core's): every case
//! of web-platform-tests `url/resources/setters_tests.json`, with the typed
//! results — an ignored value is an error that leaves the URL byte-for-byte
//! unchanged, a failed `set_href` too — and idempotence (the href re-parses
//! to the same components).

use serde_json::Value;
use weburl::{Ignored, ParseError, SetError, SetErrorKind, Setter, Url};
use weburl_conformance::{read_expectations, read_json_usv, root, wpt_path, FIELDS};

fn component<'a>(url: &'a Url, field: &str) -> &'a str {
    weburl_conformance::component(url.as_url_core(), field)
}

fn setter(name: &str) -> Setter {
    Setter::from_name(name).expect("known setter")
}

/// Calls the named `set_*` method directly (not through `Url::set`).
fn call(url: &mut Url, name: &str, value: &str) -> Result<(), SetError> {
    match name {
        "href" => url.set_href(value),
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        _ => unreachable!("unknown setter {name}"),
    }
}

fn check(href: &str, name: &str, value: &str, expected: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(mut url) = Url::parse(href) else {
        return vec![format!("href {href:?} does not parse")];
    };
    let mut via_set = url.clone();
    let before = url.href().to_string();
    let outcome = call(&mut url, name, value);
    if via_set.set(setter(name), value) != outcome || via_set != url {
        problems.push("Url::set and the set_* method disagree".into());
    }
    match outcome {
        Err(e) if e.is_ignored() => {
            if url.href() != before {
                problems.push("ignored but the URL changed".into())
            }
        }
        Err(e) => problems.push(format!("setter failed: {e}")),
        Ok(()) => {}
    }
    for (field, want) in expected.as_object().expect("expected object") {
        let got = component(&url, field);
        if Some(got) != want.as_str() {
            problems.push(format!("{field}: want {want}, got {got:?}"));
        }
    }
    match Url::parse(url.href()) {
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
fn wpt_setters_on_owned_url() {
    let (data, _) = read_json_usv(&wpt_path("setters_tests.json"));
    // Cases url-core is known to fail (tests/expectations/setters.txt) are
    // policed by tests/tests/setters.rs; here they only must not panic.
    let expectations = read_expectations(&root().join("tests/expectations/setters.txt"));
    let (mut passed, mut failed, mut expected) = (0, 0, 0);
    let mut report = String::new();
    for (name, cases) in data.as_object().expect("object") {
        let Some(cases) = cases.as_array() else {
            continue;
        };
        if name == "comment" {
            continue;
        }
        for case in cases {
            let href = case["href"].as_str().expect("href");
            let value = case["new_value"].as_str().expect("new_value");
            let problems = check(href, name, value, &case["expected"]);
            let known = expectations.contains_key(&(format!("{name} {href} {value}"), None));
            match (problems.is_empty(), known) {
                (true, _) => passed += 1,
                (false, true) => expected += 1,
                (false, false) => {
                    failed += 1;
                    report.push_str(&format!("{name} on {href:?} with {value:?}:\n"));
                    for p in problems {
                        report.push_str(&format!("    {p}\n"));
                    }
                }
            }
        }
    }
    print!("{report}");
    println!("wrapper_setters: {passed} passed, {failed} failed, {expected} expected-failure");
    assert!(passed + failed + expected > 250);
    assert_eq!(failed, 0, "{report}");
}

#[test]
fn typed_outcomes() {
    let ignored = |r: Result<(), SetError>| r.unwrap_err().ignored();
    let mut url = Url::parse("mailto:someone@example.com").unwrap();
    assert_eq!(ignored(url.set_pathname("/x")), Some(Ignored::OpaquePath));
    assert_eq!(
        ignored(url.set_host("example.org")),
        Some(Ignored::OpaquePath)
    );
    assert_eq!(
        ignored(url.set_username("u")),
        Some(Ignored::CannotHaveCredentialsOrPort)
    );
    assert_eq!(url.href(), "mailto:someone@example.com");

    let mut url = Url::parse("https://example.com/").unwrap();
    assert_eq!(
        ignored(url.set_protocol("1http")),
        Some(Ignored::InvalidScheme)
    );
    assert_eq!(
        ignored(url.set_protocol("foo")),
        Some(Ignored::SchemeChangeNotAllowed)
    );
    assert!(matches!(
        ignored(url.set_port("99999")),
        Some(Ignored::InvalidPort(_))
    ));
    assert!(matches!(
        ignored(url.set_hostname("exa mple")),
        Some(Ignored::InvalidHost(_))
    ));
    assert_eq!(url.href(), "https://example.com/");

    let err = url.set_href("//no-scheme").unwrap_err();
    assert_eq!(err.setter, Setter::Href);
    assert!(!err.is_ignored());
    assert!(
        matches!(err.kind, SetErrorKind::Parse(ParseError::Invalid { .. })),
        "{err:?}"
    );
    assert!(err.to_string().contains("href"), "{err}");
    assert_eq!(url.href(), "https://example.com/");

    assert_eq!(url.set_search("?a b"), Ok(()));
    assert_eq!(url.set_hash("x"), Ok(()));
    assert_eq!(url.href(), "https://example.com/?a%20b#x");
    // Clearing the query keeps the fragment; nothing else is touched.
    url.set_search("").unwrap();
    assert_eq!(url.href(), "https://example.com/#x");
}

/// Issue 31, point 1: a value the standard ignores used to be
/// `Ok(Ignored(..))`, which `?` and `unwrap` let through while nothing
/// changed. Now `?` stops on it, and the error says which setter and why;
/// a value the standard takes (a port's leading digits) is still `Ok`.
#[test]
fn ignored_values_stop_question_mark() {
    fn set_hostname(u: &mut Url) -> Result<(), SetError> {
        u.set_hostname("exa mple")?;
        Ok(())
    }
    fn set_port(u: &mut Url, port: &str) -> Result<(), SetError> {
        u.set_port(port)?;
        Ok(())
    }
    let mut url = Url::parse("https://example.com/").unwrap();
    let err = set_hostname(&mut url).unwrap_err();
    assert_eq!(err.setter, Setter::Hostname);
    assert!(matches!(err.ignored(), Some(Ignored::InvalidHost(_))));
    let err = set_port(&mut url, "99999").unwrap_err();
    assert_eq!(
        err.kind,
        SetErrorKind::Ignored(Ignored::InvalidPort(
            weburl::ValidationError::PortOutOfRange
        ))
    );
    assert_eq!(
        err.to_string(),
        "the port setter did nothing: invalid port (port-out-of-range)"
    );
    assert_eq!(url.href(), "https://example.com/");
    // "8080stuff": the port state stops at "s" and sets 8080 (url.bs).
    set_port(&mut url, "8080stuff").unwrap();
    assert_eq!(url.href(), "https://example.com:8080/");
}

#[test]
fn setters_then_search_params() {
    // The search setter and searchParams agree, in both directions.
    let mut url = Url::parse("https://example.com/p?x=1#f").unwrap();
    url.set_search("a=b c&d").unwrap();
    assert_eq!(url.search(), "?a=b%20c&d");
    assert_eq!(url.search_params().get("a"), Some("b c"));
    url.search_params_mut().set("d", "e");
    assert_eq!(url.href(), "https://example.com/p?a=b+c&d=e#f");
    url.set_href("http://other.example/?q=1").unwrap();
    assert_eq!(url.search_params().get("q"), Some("1"));
}
