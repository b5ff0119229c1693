//! Shared helpers for the conformance tests in `tests/tests/*.rs`: locating
//! and loading the data files, and the checked-in expectations files.
#![deny(missing_docs)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

mod usv;
pub use usv::replace_lone_surrogate_escapes;

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The inputs of `../shared/data/bench/mutations.jsonl` (10,237 mutations
/// of the WPT inputs, a third of which fail), in order; `None` when the
/// file is absent, which CI (`CI` set) does not allow.
pub fn mutation_inputs() -> Option<Vec<String>> {
    let path = root().join("../shared/data/bench/mutations.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "mutations.jsonl missing in CI"
        );
        return None;
    };
    let inputs = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            v["input"].as_str().expect("an input").to_string()
        })
        .collect();
    Some(inputs)
}

/// The URL API attributes the WPT data files compare, in their order.
pub const FIELDS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// The URL API attribute `field` of `url` (one of [`FIELDS`]).
pub fn component<'a, S: url_core::Buffer>(url: &'a url_core::Url<S>, field: &str) -> &'a str {
    match field {
        "href" => url.href(),
        "protocol" => url.protocol(),
        "username" => url.username(),
        "password" => url.password(),
        "host" => url.host(),
        "hostname" => url.hostname(),
        "port" => url.port_str(),
        "pathname" => url.pathname(),
        "search" => url.search(),
        "hash" => url.hash(),
        _ => panic!("unknown URL attribute {field}"),
    }
}

/// `data/wpt/<name>` (or `$WPT_DIR/<name>` when set).
pub fn wpt_path(name: &str) -> PathBuf {
    match std::env::var_os("WPT_DIR") {
        Some(dir) => PathBuf::from(dir).join(name),
        None => root().join("data/wpt").join(name),
    }
}

/// Reads a JSON file, replacing escaped lone UTF-16 surrogates by U+FFFD
/// first — what the URL API's USVString conversion does, and what `&str`
/// requires. Returns the value and how many surrogates were replaced.
pub fn read_json_usv(path: &Path) -> (serde_json::Value, usize) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (run `cargo xtask fetch-data`)",
            path.display()
        )
    });
    let (fixed, n) = replace_lone_surrogate_escapes(&text);
    let value = serde_json::from_str(&fixed)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    (value, n)
}

/// A checked-in expectations file: JSON lines `{"input", "base", "reason"}`,
/// `#` comments and blank lines ignored. Keyed by (input, base).
pub fn read_expectations(path: &Path) -> HashMap<(String, Option<String>), String> {
    let mut map = HashMap::new();
    let Ok(text) = std::fs::read_to_string(path) else {
        return map;
    };
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fixed, _) = replace_lone_surrogate_escapes(line);
        let v: serde_json::Value = serde_json::from_str(&fixed)
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
        let input = v["input"].as_str().expect("input").to_string();
        let base = v["base"].as_str().map(str::to_string);
        let reason = v["reason"]
            .as_str()
            .filter(|r| !r.trim().is_empty())
            .unwrap_or_else(|| {
                panic!(
                    "{}:{}: every expectation needs a reason",
                    path.display(),
                    n + 1
                )
            })
            .to_string();
        map.insert((input, base), reason);
    }
    map
}

/// README.md's code examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The published crates' READMEs (what crates.io shows): their Rust
/// examples, as doctests. weburl-url's runs under the name `url`, as a user
/// who switched would call it; weburl-c's C example is compiled and run by
/// `crates/weburl-c/tests/c_api.rs`.
#[cfg(doctest)]
pub mod crate_readmes {
    #[doc = include_str!("../../crates/url-core/README.md")]
    pub struct UrlCore;
    #[doc = include_str!("../../crates/idna-tables/README.md")]
    pub struct IdnaTables;
    #[doc = include_str!("../../crates/psl-tables/README.md")]
    pub struct PslTables;
    #[doc = include_str!("../../crates/script-tables/README.md")]
    pub struct ScriptTables;
    #[doc = include_str!("../../crates/weburl/README.md")]
    pub struct Weburl;
    #[doc = include_str!("../../crates/weburl-url/README.md")]
    pub struct WeburlUrl;
    #[doc = include_str!("../../crates/weburl-pattern/README.md")]
    pub struct WeburlPattern;
}

/// Parses `input` (against `base`) with and without url-core's canonical fast
/// path, and with a validation sink (every state code point by code point),
/// and describes any difference: the fast path must be invisible.
pub fn fast_path_difference(input: &str, base: Option<&str>) -> Option<String> {
    use url_core::{Parser, Url};
    let base = base.and_then(|b| Url::parse_into(b, String::new()).ok());
    let base = base.as_ref().map(|b| b.as_url_ref());
    let fast = Parser::new()
        .with_base(base)
        .parse_into(input, String::new());
    let full = Parser::new()
        .with_base(base)
        .without_fast_path()
        .parse_into(input, String::new());
    let describe = |u: &Result<Url<String>, url_core::ParseError>| match u {
        Ok(u) => format!(
            "{} [{}|{}|{}|{}|{:?}|{}|{}|{:?}|{:?}|{:?}|{}]",
            u.href(),
            u.protocol(),
            u.username(),
            u.password(),
            u.hostname(),
            u.port(),
            u.pathname(),
            u.search(),
            u.fragment(),
            u.query(),
            u.host_kind(),
            u.has_opaque_path()
        ),
        Err(e) => format!("error {e:?}"),
    };
    let (a, b) = (describe(&fast), describe(&full));
    // With a validation sink every state runs code point by code point:
    // the straight-line path, query and fragment writers, which the state
    // machine without one shares with the fast routes, are checked against
    // the states themselves.
    let per_code_point = Parser::new()
        .with_base(base)
        .validation(|_: url_core::ValidationError, _: usize| {})
        .parse_into(input, String::new());
    let v = describe(&per_code_point);
    // The route owned parses take: borrowed when the (trimmed) input is the
    // serialization, else into storage.
    let either = Parser::new()
        .with_base(base)
        .parse_borrowed_or_into(input, String::new)
        .and_then(|p| match p {
            url_core::Parsed::Borrowed(u) => Ok(u.to_storage(String::new())?),
            url_core::Parsed::Stored(u) => Ok(u),
        });
    let c = describe(&either);
    let borrowed_fast = Parser::new()
        .with_base(base)
        .parse_borrowed(input)
        .map(|u| u.href().to_string());
    let borrowed_full = Parser::new()
        .with_base(base)
        .without_fast_path()
        .parse_borrowed(input)
        .map(|u| u.href().to_string());
    // Url::parse_borrowed has its own route to the fast path (no Parser).
    let borrowed_direct = base
        .is_none()
        .then(|| Url::parse_borrowed(input).map(|u| u.href().to_string()));
    if a != b {
        Some(format!("fast path {a} vs full parser {b}"))
    } else if v != b {
        Some(format!("full parser {b} vs per code point {v}"))
    } else if c != b {
        Some(format!("parse_borrowed_or_into {c} vs full parser {b}"))
    } else if borrowed_direct
        .as_ref()
        .is_some_and(|d| d.is_ok() && *d != borrowed_full)
    {
        Some(format!(
            "Url::parse_borrowed {borrowed_direct:?} vs full {borrowed_full:?}"
        ))
    } else if borrowed_fast.is_ok() && borrowed_fast != borrowed_full {
        Some(format!(
            "borrowed: fast {borrowed_fast:?} vs full {borrowed_full:?}"
        ))
    } else {
        None
    }
}

/// xorshift64*: a deterministic generator for the generated-input tests, so
/// a failure is reproducible from its seed without a dependency.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 bits.
    pub fn bits(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.bits() % n.max(1) as u64) as usize
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Up to `max` pieces of `alphabet`, joined.
    pub fn text(&mut self, alphabet: &[&str], max: usize) -> String {
        let n = self.below(max + 1);
        (0..n).map(|_| *self.pick(alphabet)).collect()
    }
}
