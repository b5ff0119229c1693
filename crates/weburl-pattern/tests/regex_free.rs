//! The regex-free matcher against the standard's definition: the generated
//! regular expression run by an ECMAScript engine (regress, flags `v`/`vi`,
//! a dev-dependency: `common/oracle.rs`).
//! Both must give the same match and the same captures — undefined groups
//! included — on every input.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![cfg(feature = "regex")]

#[path = "common/oracle.rs"]
mod oracle;
#[path = "../../../tests/src/usv.rs"]
mod usv;

use serde_json::Value;
use std::path::PathBuf;
use weburl_pattern::{
    compile_a_component, EncodingCallback, Options, UrlPattern, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

/// A small deterministic generator (xorshift64*): reproducible cases
/// without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A random pattern string over the syntax the regex-free matcher covers:
/// fixed text, `:name`, `*`, `{…}` groupings with prefixes and suffixes,
/// and the `?`, `*`, `+` modifiers.
fn pattern(rng: &mut Rng) -> String {
    let mut out = String::new();
    let mut names = 0;
    for _ in 0..1 + rng.below(4) {
        let mut name = || {
            names += 1;
            format!(":n{names}")
        };
        let piece = match rng.below(8) {
            0 => rng
                .pick(&["a", "b", "/", ".", "ab", "/a", "-", "s", "K"])
                .to_string(),
            1 | 2 => name(),
            3 => "*".to_string(),
            4 => format!("{{/{}}}", name()),
            5 => format!("{{a{}-}}", name()),
            6 => format!("{{{}}}", rng.pick(&["a", "/b", ".", "ab"])),
            _ => format!("/{}", name()),
        };
        out.push_str(&piece);
        out.push_str(rng.pick(&["", "", "?", "*", "+"]));
    }
    out
}

fn input(rng: &mut Rng) -> String {
    let alphabet = [
        "a", "b", "/", ".", "-", "A", "B", "ab", "/a", "\u{17F}", "\u{212A}", "\n", "é", "k", "S",
    ];
    (0..rng.below(9)).map(|_| rng.pick(&alphabet)).collect()
}

#[test]
fn generated_patterns_match_as_their_regular_expressions() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let option_sets = [
        Options::PATHNAME,
        Options::HOSTNAME,
        Options::DEFAULT,
        Options::PATHNAME.with_ignore_case(true),
        Options::DEFAULT.with_ignore_case(true),
    ];
    let (mut patterns, mut comparisons) = (0, 0);
    for _ in 0..1500 {
        let p = pattern(&mut rng);
        let options = option_sets[rng.below(option_sets.len())];
        // The search callback keeps this alphabet's fixed text as it is.
        let Ok(component) = compile_a_component(&p, EncodingCallback::Search, &options) else {
            continue;
        };
        assert!(component.is_regex_free(), "{p}");
        let regex = oracle::regex(&component).unwrap_or_else(|| panic!("{p}"));
        let groups = component.group_name_list().len();
        patterns += 1;
        for _ in 0..24 {
            let i = input(&mut rng);
            let by_regex = oracle::captures(&regex, groups, &i);
            assert_eq!(
                component.captures(&i),
                by_regex,
                "pattern {p:?} ({}) options {options:?} input {i:?}",
                component.regular_expression()
            );
            // `test` takes another route through the matcher (no slots).
            assert_eq!(
                component.test(&i),
                by_regex.is_some(),
                "test: pattern {p:?} options {options:?} input {i:?}"
            );
            comparisons += 1;
        }
    }
    println!("regex-free vs regex: {patterns} patterns, {comparisons} inputs, all equal");
    assert!(patterns > 1000);
}

/// Every WPT case whose pattern is regex-free: `exec` with the regex-free
/// matcher equals `exec` with the engine.
#[test]
fn wpt_cases_agree() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/wpt/urlpatterntestdata.json");
    let text = std::fs::read_to_string(path).expect("data/wpt/urlpatterntestdata.json");
    let (text, _) = usv::replace_lone_surrogate_escapes(&text);
    let data: Vec<Value> = serde_json::from_str(&text).expect("JSON");
    let to_input = |v: &Value| -> Option<UrlPatternInput> {
        match v {
            Value::String(s) => Some(UrlPatternInput::String(s.clone())),
            Value::Object(o) => {
                let mut init = UrlPatternInit::default();
                for c in weburl_pattern::ComponentName::ALL {
                    *init.get_mut(c) = o.get(c.name()).and_then(Value::as_str).map(str::to_string);
                }
                init.base_url = o.get("baseURL").and_then(Value::as_str).map(str::to_string);
                Some(UrlPatternInput::Init(init))
            }
            _ => None,
        }
    };
    let mut compared = 0;
    for entry in &data {
        let args = entry["pattern"].as_array().cloned().unwrap_or_default();
        let Some(input) = args
            .first()
            .map_or(Some(UrlPatternInput::Init(Default::default())), to_input)
        else {
            continue;
        };
        let base = args.get(1).and_then(Value::as_str);
        let ignore_case = args.iter().any(|a| a["ignoreCase"] == true);
        let Ok(pattern) = UrlPattern::new(input, base, UrlPatternOptions { ignore_case }) else {
            continue;
        };
        if pattern.has_regexp_groups() {
            continue;
        }
        let inputs = entry["inputs"].as_array().cloned().unwrap_or_default();
        let Some(i) = inputs
            .first()
            .map_or(Some(UrlPatternInput::Init(Default::default())), to_input)
        else {
            continue;
        };
        let b = inputs.get(1).and_then(Value::as_str);
        if matches!(&i, UrlPatternInput::Init(_)) && b.is_some() {
            continue;
        }
        let by_regex = oracle::exec(&pattern, &i, b);
        let exec = pattern.exec(&i, b).unwrap();
        assert_eq!(exec.as_ref().map(oracle::components), by_regex, "{}", entry);
        assert_eq!(
            pattern.test(&i, b).unwrap(),
            by_regex.is_some(),
            "test: {}",
            entry
        );
        compared += 1;
    }
    assert!(compared > 250, "{compared}");
}

/// Route tables as routers use them (pathnames as in the bench, plus
/// other components and ignoreCase) against parsed URLs: `test_url`,
/// `exec_url`, `test` and `exec` all answer as the regular expressions do.
#[test]
fn routes_on_parsed_urls_agree() {
    let pathnames = [
        "/",
        "/index.html",
        "/about/",
        "/api/v1/users/:user/repos/:repo",
        "/api/v2/*",
        "/blog/:year/:month/:slug",
        "/users/:user{/}?",
        "/images/:file.:ext",
        "/files/:path+",
        "/archive/:year{/:month}?",
        "/:page.html",
        "/:dir/:page.php",
        "/:dir/",
        "/:a/:b/:c/",
        "/:a/:b/:c/:d",
        "/:dir/:page",
        "/:page",
        "/*",
        "/*/x/:y.*",
        "/:a.:b.:c",
        "*.html",
    ];
    let urls = [
        "https://example.com/",
        "https://example.com/index.html",
        "https://example.com/INDEX.HTML",
        "https://example.com/about/",
        "https://example.com/api/v1/users/ann/repos/x",
        "https://example.com/api/v2/",
        "https://example.com/api/v2/a/b?q#h",
        "https://example.com/blog/2024/05/hello",
        "https://example.com/users/ann/",
        "https://example.com/users//",
        "https://example.com/images/a.b.png",
        "https://example.com/images/.png",
        "https://example.com/files/a/b/c",
        "https://example.com/archive/2024/05",
        "https://example.com/a.html",
        "https://example.com/.html",
        "https://example.com/x/y.php",
        "https://example.com/x//",
        "https://example.com/a/b/c/",
        "https://example.com/a/b/c/d",
        "https://example.com/%C3%A9t%C3%A9.html",
        "https://example.com/\u{17F}.html",
        "https://shop.example.com:8080/p/x/q.r.s",
        "http://user:pw@www.example.org/a.b.c",
        "file:///C:/dir/file.html",
        "data:text/plain,hi.html",
        "HTTPS://EXAMPLE.COM/A/B/C/D",
    ];
    let mut tables = Vec::new();
    for ignore_case in [false, true] {
        for p in pathnames {
            let inits = [
                UrlPatternInit {
                    pathname: Some(p.into()),
                    ..Default::default()
                },
                UrlPatternInit {
                    protocol: Some("http{s}?".into()),
                    hostname: Some("*.example.com".into()),
                    pathname: Some(p.into()),
                    ..Default::default()
                },
                UrlPatternInit {
                    hostname: Some(":sub.example.:tld".into()),
                    port: Some("8080".into()),
                    pathname: Some(p.into()),
                    search: Some("*".into()),
                    ..Default::default()
                },
            ];
            for init in inits {
                let options = UrlPatternOptions { ignore_case };
                tables.push(UrlPattern::new(init.into(), None, options).unwrap());
            }
        }
    }
    let mut matched = 0;
    for u in urls {
        let url = url_core::Url::parse_into(u, String::new()).unwrap();
        let href = UrlPatternInput::String(url.href().to_string());
        for pattern in &tables {
            let by_regex = oracle::exec(pattern, &href, None);
            let what = format!("{} on {u}", pattern.pathname());
            assert_eq!(
                pattern.exec_url(&url).as_ref().map(oracle::components),
                by_regex,
                "exec_url: {what}"
            );
            assert_eq!(
                pattern.test_url(&url),
                by_regex.is_some(),
                "test_url: {what}"
            );
            let input = UrlPatternInput::String(u.to_string());
            assert_eq!(
                pattern.test(&input, None).unwrap(),
                by_regex.is_some(),
                "test: {what}"
            );
            let exec = pattern.exec(&input, None).unwrap();
            assert_eq!(exec.is_some(), by_regex.is_some(), "exec: {what}");
            matched += usize::from(by_regex.is_some());
        }
    }
    assert!(matched > 100, "{matched}");
}
