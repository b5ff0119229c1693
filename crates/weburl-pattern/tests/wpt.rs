//! WPT `urlpattern/resources/urlpatterntestdata.json` (data/wpt/, from the
//! ada-url 4.0.0 crate via `cargo xtask fetch-data`), run with the
//! semantics of WPT's `urlpatterntests.js`: constructor errors,
//! `expected_obj` (with its defaults for components the entry leaves out),
//! `expected_match` (`test`, `exec`, `"error"` for a throwing call),
//! `exactly_empty_components`, and strings as USVStrings (a lone surrogate
//! is U+FFFD, see `tests/src/usv.rs`).
//!
//! Cases that cannot pass are listed in `tests/expectations/` with their
//! reason; the runner fails when a listed case passes. Without the `regex`
//! feature, a case whose pattern has a regexp group cannot be constructed
//! (`ErrorKind::RegexUnavailable`): those are counted apart, and every other
//! case must pass as with the feature.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/src/usv.rs"]
mod usv;

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use url_core::Url;
use weburl_pattern::{
    ComponentName, ErrorKind, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A JavaScript argument as the WPT data writes it.
fn to_init(dict: &Map<String, Value>) -> Result<UrlPatternInit, String> {
    let mut init = UrlPatternInit::default();
    for (key, value) in dict {
        // A dictionary ignores members it does not define.
        let slot = match key.as_str() {
            "baseURL" => &mut init.base_url,
            k => match ComponentName::ALL.into_iter().find(|c| c.name() == k) {
                Some(c) => init.get_mut(c),
                None => continue,
            },
        };
        let Value::String(s) = value else {
            return Err(format!("non-string member {key}"));
        };
        *slot = Some(s.clone());
    }
    Ok(init)
}

fn to_input(v: &Value) -> Result<UrlPatternInput, String> {
    match v {
        Value::String(s) => Ok(UrlPatternInput::String(s.clone())),
        Value::Object(o) => Ok(UrlPatternInput::Init(to_init(o)?)),
        other => Err(format!("unsupported argument {other}")),
    }
}

fn to_options(v: &Value) -> Result<UrlPatternOptions, String> {
    let Value::Object(o) = v else {
        // WebIDL: converting a non-object to a dictionary throws.
        return Err("options is not a dictionary".into());
    };
    let ignore_case = match o.get("ignoreCase") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => return Err(format!("ignoreCase {other}")),
    };
    Ok(UrlPatternOptions { ignore_case })
}

/// `new URLPattern(...args)` with WebIDL overload resolution: a second
/// argument that is a string is the base URL, an object the options.
fn construct(args: &[Value]) -> Result<Result<UrlPattern, ErrorKind>, String> {
    let (input, base, options) = match args {
        [] => (
            UrlPatternInput::Init(UrlPatternInit::default()),
            None,
            UrlPatternOptions::default(),
        ),
        [input] => (to_input(input)?, None, UrlPatternOptions::default()),
        [input, Value::String(base)] => (
            to_input(input)?,
            Some(base.clone()),
            UrlPatternOptions::default(),
        ),
        [input, options] => (to_input(input)?, None, to_options(options)?),
        [input, Value::String(base), options] => {
            (to_input(input)?, Some(base.clone()), to_options(options)?)
        }
        // A non-string base URL is stringified by WebIDL; the data has one
        // such case and its options are not a dictionary, which throws.
        [_, _, options] => {
            to_options(options)?;
            return Err("unsupported base URL argument".into());
        }
        _ => return Err("too many arguments".into()),
    };
    Ok(UrlPattern::new(input, base.as_deref(), options).map_err(|e| e.kind().clone()))
}

/// The arguments of `test`/`exec`.
fn match_args(args: &[Value]) -> Result<(UrlPatternInput, Option<String>), String> {
    match args {
        [] => Ok((UrlPatternInput::Init(UrlPatternInit::default()), None)),
        [input] => Ok((to_input(input)?, None)),
        [input, Value::String(base)] => Ok((to_input(input)?, Some(base.clone()))),
        _ => Err("unsupported test/exec arguments".into()),
    }
}

/// The URL API getter `component` of `url` (as the harness reads
/// `baseURL[component]`, then strips the separators).
fn url_getter(url: &Url<String>, component: ComponentName) -> String {
    match component {
        ComponentName::Protocol => url.scheme().to_string(),
        ComponentName::Username => url.username().to_string(),
        ComponentName::Password => url.password().to_string(),
        ComponentName::Hostname => url.hostname().to_string(),
        ComponentName::Port => url.port_str().to_string(),
        ComponentName::Pathname => url.pathname().to_string(),
        ComponentName::Search => url.search().get(1..).unwrap_or_default().to_string(),
        ComponentName::Hash => url.hash().get(1..).unwrap_or_default().to_string(),
    }
}

/// The pattern string the harness expects for `component` when
/// `expected_obj` does not give one.
fn default_expected(entry: &Value, component: ComponentName) -> String {
    let name = component.name();
    let pattern = entry["pattern"].as_array().cloned().unwrap_or_default();
    let first = pattern.first();
    let empty = entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|a| a.iter().any(|c| c == name));
    if empty {
        return String::new();
    }
    if let Some(Value::Object(o)) = first {
        if let Some(Value::String(s)) = o.get(name) {
            if !s.is_empty() {
                return s.clone();
            }
        }
        let earlier: &[&str] = match component {
            ComponentName::Hostname => &["protocol"],
            ComponentName::Port => &["protocol", "hostname"],
            ComponentName::Pathname => &["protocol", "hostname", "port"],
            ComponentName::Search => &["protocol", "hostname", "port", "pathname"],
            ComponentName::Hash => &["protocol", "hostname", "port", "pathname", "search"],
            _ => &[],
        };
        if earlier.iter().any(|c| o.contains_key(*c)) {
            return "*".into();
        }
    }
    let base = match (first, pattern.get(1)) {
        (Some(Value::Object(o)), _)
            if o.get("baseURL")
                .and_then(Value::as_str)
                .is_some_and(|b| !b.is_empty()) =>
        {
            o.get("baseURL").and_then(Value::as_str)
        }
        (_, Some(Value::String(b))) => Some(b.as_str()),
        _ => None,
    };
    if let Some(base) = base {
        if !matches!(component, ComponentName::Username | ComponentName::Password) {
            let url = Url::parse_into(base, String::new()).expect("the harness's new URL(baseURL)");
            return url_getter(&url, component);
        }
    }
    "*".into()
}

/// `assert_equals(input[component], expected_input[component])` for an
/// init echoed in `result.inputs`.
fn check_input(actual: &UrlPatternInput, expected: &Value) -> Result<(), String> {
    match (actual, expected) {
        (UrlPatternInput::String(a), Value::String(e)) if a == e => Ok(()),
        (UrlPatternInput::Init(a), Value::Object(e)) => {
            for c in ComponentName::ALL {
                let e = e.get(c.name()).and_then(Value::as_str);
                if a.get(c) != e {
                    return Err(format!("inputs[{}] {:?} != {e:?}", c.name(), a.get(c)));
                }
            }
            Ok(())
        }
        _ => Err(format!("inputs: {actual:?} != {expected}")),
    }
}

fn check_exec(entry: &Value, result: &UrlPatternResult, inputs: &[Value]) -> Result<(), String> {
    let expected = &entry["expected_match"];
    let expected_inputs = expected["inputs"].as_array().map_or(inputs, Vec::as_slice);
    if result.inputs.len() != expected_inputs.len() {
        return Err(format!(
            "inputs.length {} != {}",
            result.inputs.len(),
            expected_inputs.len()
        ));
    }
    for (a, e) in result.inputs.iter().zip(expected_inputs) {
        check_input(a, e)?;
    }
    let exactly_empty = |name: &str| {
        entry["exactly_empty_components"]
            .as_array()
            .is_some_and(|a| a.iter().any(|c| c == name))
    };
    for c in ComponentName::ALL {
        let actual = result.get(c);
        let (input, groups): (String, BTreeMap<String, Option<String>>) = match &expected[c.name()]
        {
            Value::Object(o) => {
                let input = o
                    .get("input")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let groups = o
                    .get("groups")
                    .and_then(Value::as_object)
                    .map(|g| {
                        g.iter()
                            .map(|(k, v)| (k.clone(), v.as_str().map(str::to_string)))
                            .collect()
                    })
                    .unwrap_or_default();
                (input, groups)
            }
            _ => {
                let mut groups = BTreeMap::new();
                if !exactly_empty(c.name()) {
                    groups.insert("0".to_string(), Some(String::new()));
                }
                (String::new(), groups)
            }
        };
        let actual_groups: BTreeMap<_, _> = actual.groups.iter().cloned().collect();
        if actual.input != input || actual_groups != groups {
            return Err(format!(
                "exec {}: {:?} {:?} != {:?} {:?}",
                c.name(),
                actual.input,
                actual_groups,
                input,
                groups
            ));
        }
    }
    Ok(())
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Pass,
    Fail(String),
    /// The pattern has a regexp group and the crate has no regex engine.
    NeedsRegex,
}

fn run_case(entry: &Value) -> Outcome {
    let args = entry["pattern"].as_array().cloned().unwrap_or_default();
    let constructed = match construct(&args) {
        Ok(r) => r,
        Err(conversion_error) => {
            // A WebIDL conversion error is a TypeError too.
            return if entry["expected_obj"] == "error" {
                Outcome::Pass
            } else {
                Outcome::Fail(conversion_error)
            };
        }
    };
    if matches!(constructed, Err(ErrorKind::RegexUnavailable)) {
        return Outcome::NeedsRegex;
    }
    if entry["expected_obj"] == "error" {
        return match constructed {
            Err(_) => Outcome::Pass,
            Ok(_) => Outcome::Fail("constructor: expected a TypeError".into()),
        };
    }
    let pattern = match constructed {
        Ok(p) => p,
        Err(e) => return Outcome::Fail(format!("constructor threw {e:?}")),
    };
    for c in ComponentName::ALL {
        let expected = match entry["expected_obj"].get(c.name()).and_then(Value::as_str) {
            Some(s) => s.to_string(),
            None => default_expected(entry, c),
        };
        let actual = pattern.component(c).pattern_string();
        if actual != expected {
            return Outcome::Fail(format!("{}: {actual:?} != {expected:?}", c.name()));
        }
    }
    let inputs = entry["inputs"].as_array().cloned().unwrap_or_default();
    let (input, base) = match match_args(&inputs) {
        Ok(a) => a,
        Err(e) => return Outcome::Fail(e),
    };
    let expected = &entry["expected_match"];
    if expected == "error" {
        let test = pattern.test(&input, base.as_deref());
        let exec = pattern.exec(&input, base.as_deref());
        return if test.is_err() && exec.is_err() {
            Outcome::Pass
        } else {
            Outcome::Fail("test/exec: expected a TypeError".into())
        };
    }
    let truthy = !expected.is_null();
    match pattern.test(&input, base.as_deref()) {
        Ok(t) if t == truthy => {}
        other => return Outcome::Fail(format!("test() {other:?}, expected {truthy}")),
    }
    let exec = match pattern.exec(&input, base.as_deref()) {
        Ok(r) => r,
        Err(e) => return Outcome::Fail(format!("exec() threw {e:?}")),
    };
    match (exec, expected.is_object()) {
        (None, false) => Outcome::Pass,
        (Some(r), true) => match check_exec(entry, &r, &inputs) {
            Ok(()) => Outcome::Pass,
            Err(e) => Outcome::Fail(e),
        },
        (r, _) => Outcome::Fail(format!("exec() {r:?}, expected {expected}")),
    }
}

fn key(entry: &Value) -> String {
    format!("{} {}", entry["pattern"], entry["inputs"])
}

/// `tests/expectations/urlpatterntestdata.txt`: one JSON object a line,
/// `{"pattern": …, "inputs": …, "reason": …}`.
fn expectations() -> BTreeMap<String, String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/expectations/urlpatterntestdata.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("an expectations line is JSON");
            (
                key(&v),
                v["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn urlpatterntestdata() {
    let path = root().join("data/wpt/urlpatterntestdata.json");
    let text = std::fs::read_to_string(&path)
        .expect("data/wpt/urlpatterntestdata.json (cargo xtask fetch-data)");
    let (text, _) = usv::replace_lone_surrogate_escapes(&text);
    let data: Vec<Value> = serde_json::from_str(&text).expect("JSON");
    assert_eq!(data.len(), 369, "the ada-url 4.0.0 copy has 369 cases");
    let expected_failures = expectations();
    let (mut passed, mut failed, mut needs_regex) = (0, 0, 0);
    let mut problems = Vec::new();
    for entry in &data {
        let outcome = run_case(entry);
        let listed = expected_failures.get(&key(entry));
        match (&outcome, listed) {
            (Outcome::Pass, None) => passed += 1,
            (Outcome::Pass, Some(reason)) => {
                passed += 1;
                problems.push(format!(
                    "listed as failing ({reason}) but passes: {}",
                    key(entry)
                ));
            }
            (Outcome::NeedsRegex, _) if cfg!(not(feature = "regex")) => needs_regex += 1,
            (Outcome::NeedsRegex, _) => {
                failed += 1;
                problems.push(format!(
                    "RegexUnavailable with the regex feature: {}",
                    key(entry)
                ));
            }
            (Outcome::Fail(_), Some(_)) => failed += 1,
            (Outcome::Fail(why), None) => {
                failed += 1;
                problems.push(format!("{}: {why}", key(entry)));
            }
        }
    }
    println!(
        "urlpatterntestdata.json (regex feature {}): {passed} passed, {failed} failed, {needs_regex} need the regex feature",
        if cfg!(feature = "regex") { "on" } else { "off" }
    );
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
