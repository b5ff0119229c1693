//! weburl-url against rust-url 2.5.8 itself, API call by API call.
//!
//! For every WPT input (data/wpt/urltestdata.json) and a sample of the
//! real-world corpora (../shared/data/bench/, when present) that both
//! crates parse to the same URL, every getter and a battery of mutations
//! (each on a fresh copy) must give the same answer in both — the API is
//! meant to be `url`'s — unless rust-url's answer is not a URL the
//! standard would give back (its own serialization reparses differently,
//! a state `url` itself calls broken), where weburl-url's answer is then
//! checked to be stable instead. Where the two parse differently, weburl-url
//! has already been held to the WPT expectations by weburl's own suite; the
//! cases are counted here, not compared.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rust_url as ru;
use std::fmt::Write as _;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use weburl_url as wu;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// (input, base) pairs from WPT's urltestdata.json.
fn wpt_cases() -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(root().join("data/wpt/urltestdata.json")).unwrap();
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    cases
        .iter()
        .filter_map(|c| {
            let input = c.get("input")?.as_str()?.to_string();
            let base = c.get("base").and_then(|b| b.as_str()).map(String::from);
            Some((input, base))
        })
        .collect()
}

/// Every `step`-th line of the bench corpora, when they are there.
fn corpus_cases(step: usize) -> Vec<(String, Option<String>)> {
    let dir = root().join("../shared/data/bench");
    let mut out = Vec::new();
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        if let Ok(text) = std::fs::read_to_string(dir.join(name)) {
            out.extend(text.lines().step_by(step).map(|l| (l.to_string(), None)));
        }
    }
    out
}

fn ru_host(h: Option<ru::Host<&str>>) -> String {
    match h {
        None => "none".into(),
        Some(ru::Host::Domain(d)) => format!("domain {d}"),
        Some(ru::Host::Ipv4(a)) => format!("v4 {a}"),
        Some(ru::Host::Ipv6(a)) => format!("v6 {a}"),
    }
}

fn wu_host(h: Option<wu::Host<&str>>) -> String {
    match h {
        None => "none".into(),
        Some(wu::Host::Domain(d)) => format!("domain {d}"),
        Some(wu::Host::Ipv4(a)) => format!("v4 {a}"),
        Some(wu::Host::Ipv6(a)) => format!("v6 {a}"),
    }
}

macro_rules! positions {
    ($m:ident) => {
        [
            $m::Position::BeforeScheme,
            $m::Position::AfterScheme,
            $m::Position::BeforeUsername,
            $m::Position::AfterUsername,
            $m::Position::BeforePassword,
            $m::Position::AfterPassword,
            $m::Position::BeforeHost,
            $m::Position::AfterHost,
            $m::Position::BeforePort,
            $m::Position::AfterPort,
            $m::Position::BeforePath,
            $m::Position::AfterPath,
            $m::Position::BeforeQuery,
            $m::Position::AfterQuery,
            $m::Position::BeforeFragment,
            $m::Position::AfterFragment,
        ]
    };
}

/// Everything the getters say, one line each.
macro_rules! describe {
    ($m:ident, $url:expr, $host:ident) => {{
        let u = $url;
        let mut s = String::new();
        let _ = writeln!(s, "scheme {} special {}", u.scheme(), u.is_special());
        let _ = writeln!(s, "authority {} {:?}", u.has_authority(), u.authority());
        let _ = writeln!(s, "cannot_be_a_base {}", u.cannot_be_a_base());
        let _ = writeln!(s, "user {:?} password {:?}", u.username(), u.password());
        let _ = writeln!(s, "has_host {} host_str {:?}", u.has_host(), u.host_str());
        let _ = writeln!(s, "host {} domain {:?}", $host(u.host()), u.domain());
        let _ = writeln!(s, "port {:?} {:?}", u.port(), u.port_or_known_default());
        let _ = writeln!(
            s,
            "path {:?} segments {:?}",
            u.path(),
            u.path_segments().map(|p| p.collect::<Vec<_>>())
        );
        let _ = writeln!(
            s,
            "query {:?} pairs {:?}",
            u.query(),
            u.query_pairs().collect::<Vec<_>>()
        );
        let _ = writeln!(s, "fragment {:?}", u.fragment());
        let o = u.origin();
        let _ = writeln!(
            s,
            "origin {} {} {}",
            o.is_tuple(),
            o.ascii_serialization(),
            o.unicode_serialization()
        );
        let ps = positions!($m);
        // Without a password, rust-url's password positions assert (debug
        // builds), slice `@` (username only, release) or index past the end
        // (`sc://`): not compared.
        let no_password = u.password().is_none();
        for (i, w) in ps.windows(2).enumerate() {
            if no_password && (3..=5).contains(&i) {
                continue;
            }
            let _ = write!(s, "[{:?}]", &u[w[0]..w[1]]);
        }
        let _ = writeln!(s);
        let _ = writeln!(s, "debug {:?}", u);
        s
    }};
}

/// A mutation, applied to a copy of each URL: (name, rust-url, weburl-url),
/// each returning a short description of the call's result.
type Mutation = (
    &'static str,
    fn(&mut ru::Url) -> String,
    fn(&mut wu::Url) -> String,
);

macro_rules! mutations {
    ($( $name:literal => |$u:ident| $body:expr ; )*) => {
        vec![$(
            ($name, (|$u: &mut ru::Url| { #[allow(unused_imports)] use ru as m; format!("{:?}", $body) }) as fn(&mut ru::Url) -> String,
                    (|$u: &mut wu::Url| { #[allow(unused_imports)] use wu as m; format!("{:?}", $body) }) as fn(&mut wu::Url) -> String),
        )*]
    };
}

fn all_mutations() -> Vec<Mutation> {
    mutations! {
        "set_fragment(a b)" => |u| u.set_fragment(Some("a b#c"));
        "set_fragment(\"\")" => |u| u.set_fragment(Some(""));
        "set_fragment(None)" => |u| u.set_fragment(None);
        "set_query(x=1 2)" => |u| u.set_query(Some("x=1 2'<"));
        "set_query(\"\")" => |u| u.set_query(Some(""));
        "set_query(None)" => |u| u.set_query(None);
        "set_path(a/b c)" => |u| u.set_path("a/b c%41");
        "set_path(/x/./y/../z)" => |u| u.set_path("/x/./y/../z");
        "set_path(\"\")" => |u| u.set_path("");
        "set_path(//p)" => |u| u.set_path("//p");
        "set_port(8080)" => |u| u.set_port(Some(8080));
        "set_port(443)" => |u| u.set_port(Some(443));
        "set_port(None)" => |u| u.set_port(None);
        "set_host(example.org)" => |u| u.set_host(Some("EXAMPLE.org")).map_err(|e| e.to_string());
        "set_host(h:80)" => |u| u.set_host(Some("h:80")).map_err(|e| e.to_string());
        "set_host([::1])" => |u| u.set_host(Some("[::1]")).map_err(|e| e.to_string());
        "set_host(1.2.3.4)" => |u| u.set_host(Some("1.2.3.4")).map_err(|e| e.to_string());
        "set_host(\"\")" => |u| u.set_host(Some("")).map_err(|e| e.to_string());
        "set_host(None)" => |u| u.set_host(None).map_err(|e| e.to_string());
        "set_ip_host(v4)" => |u| u.set_ip_host(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        "set_ip_host(v6)" => |u| u.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST));
        "set_username(u s)" => |u| u.set_username("u s:@");
        "set_username(\"\")" => |u| u.set_username("");
        "set_password(p w)" => |u| u.set_password(Some("p w:@"));
        "set_password(None)" => |u| u.set_password(None);
        "set_scheme(https)" => |u| u.set_scheme("https");
        "set_scheme(http)" => |u| u.set_scheme("http");
        "set_scheme(ws:)" => |u| u.set_scheme("ws:");
        "set_scheme(foo)" => |u| u.set_scheme("foo");
        "set_scheme(file)" => |u| u.set_scheme("file");
        "segments push" => |u| u.path_segments_mut().map(|mut s| { s.push("a b/c%"); }).is_ok();
        "segments pop" => |u| u.path_segments_mut().map(|mut s| { s.pop(); }).is_ok();
        "segments pop_if_empty push" => |u| u.path_segments_mut().map(|mut s| { s.pop_if_empty().push("x"); }).is_ok();
        "segments clear extend" => |u| u.path_segments_mut().map(|mut s| { s.clear().extend(["..", "a", ".", "b\\c"]); }).is_ok();
        "query_pairs_mut" => |u| { u.query_pairs_mut().append_pair("k y", "v&").append_key_only("z"); };
        "query_pairs_mut clear" => |u| { u.query_pairs_mut().clear(); };
        "join(../x?y)" => |u| u.join("../x?y").map(|j| j.to_string()).map_err(|e| e.to_string());
        "join(//h2/p)" => |u| u.join("//h2/p").map(|j| j.to_string()).map_err(|e| e.to_string());
        "join(#f)" => |u| u.join("#f").map(|j| j.to_string()).map_err(|e| e.to_string());
        "quirks set_host" => |u| m::quirks::set_host(u, "h2:99");
        "quirks set_hostname" => |u| m::quirks::set_hostname(u, "");
        "quirks set_port" => |u| m::quirks::set_port(u, "81x");
        "quirks set_protocol" => |u| m::quirks::set_protocol(u, "wss");
        "quirks set_username" => |u| m::quirks::set_username(u, "me");
        "quirks set_password" => |u| m::quirks::set_password(u, "");
    }
}

/// The differences DIFFERENCES.md describes, recognized by the call and
/// the URL it was made on; the text names the row.
fn explained(call: &str, before: &wu::Url) -> Option<&'static str> {
    let hierarchical_no_host = !before.has_authority() && !before.cannot_be_a_base();
    match call {
        "set_path(\"\")" if hierarchical_no_host => {
            Some("set_path(\"\") without an authority keeps the path `/` (url: opaque path)")
        }
        "set_path(//p)" if before.scheme() == "file" => {
            Some("file: paths keep empty segments after the first `/`")
        }
        _ => None,
    }
}

/// Whether rust-url's URL is one it would itself give back from its
/// serialization (when not, its answer is no URL the standard makes).
fn ru_stable(u: &ru::Url) -> bool {
    ru::Url::parse(u.as_str())
        .is_ok_and(|v| v.as_str() == u.as_str() && format!("{v:?}") == format!("{u:?}"))
}

fn wu_stable(u: &wu::Url) -> bool {
    u.check_invariants().is_ok()
}

#[test]
fn same_answers_as_rust_url() {
    let mut cases = wpt_cases();
    cases.extend(corpus_cases(10));
    let mutations = all_mutations();
    let (mut compared, mut parse_differs) = (0, 0);
    let mut failures = Vec::new();
    let (mut rust_url_broken, mut rust_url_panics) = (0, 0);
    let mut known = std::collections::BTreeMap::new();
    let mut broken_by = std::collections::BTreeMap::new();
    // rust-url's debug assertions fire on some of these calls; their
    // messages are noise here (they are counted).
    std::panic::set_hook(Box::new(|_| {}));
    for (input, base) in &cases {
        let r = match base {
            Some(b) => ru::Url::parse(b).and_then(|b| b.join(input)),
            None => ru::Url::parse(input),
        };
        let w = match base {
            Some(b) => wu::Url::parse(b).and_then(|b| b.join(input)),
            None => wu::Url::parse(input),
        };
        let (Ok(r), Ok(w)) = (r, w) else {
            continue;
        };
        if r.as_str() != w.as_str() || !ru_stable(&r) {
            parse_differs += 1;
            continue;
        }
        compared += 1;
        let dw = describe!(wu, &w, wu_host);
        let Ok(dr) = catch_unwind(AssertUnwindSafe(|| describe!(ru, &r, ru_host))) else {
            rust_url_panics += 1;
            continue;
        };
        if dr != dw {
            let differing = dr.lines().zip(dw.lines()).filter(|(a, b)| a != b);
            if w.scheme() == "blob" && differing.clone().all(|(a, _)| a.starts_with("origin ")) {
                *known
                    .entry("blob: origins are tuples only for http, https (and file)")
                    .or_insert(0) += 1;
                continue;
            }
            let lines: Vec<String> = differing
                .map(|(a, b)| format!("\n  rust-url:   {a}\n  weburl-url: {b}"))
                .collect();
            failures.push(format!(
                "{input:?} ({:?}): getters differ{}",
                w.as_str(),
                lines.concat()
            ));
        }
        for (name, fr, fw) in &mutations {
            let (mut r2, mut w2) = (r.clone(), w.clone());
            let ow = fw(&mut w2);
            let Ok(or) = catch_unwind(AssertUnwindSafe(|| fr(&mut r2))) else {
                // rust-url's debug assertions: weburl-url must give a URL.
                rust_url_panics += 1;
                *broken_by.entry(*name).or_insert(0) += 1;
                if !wu_stable(&w2) {
                    failures.push(format!("{input:?} {name}: unstable {:?}", w2.as_str()));
                }
                continue;
            };
            // Whatever rust-url does, weburl-url's result is a URL that
            // parses back to itself.
            if let Err(e) = w2.check_invariants() {
                failures.push(format!("{input:?} {name}: {e}"));
            }
            if or == ow && r2.as_str() == w2.as_str() {
                continue;
            }
            if !ru_stable(&r2) && wu_stable(&w2) {
                rust_url_broken += 1;
                *broken_by.entry(*name).or_insert(0) += 1;
                continue;
            }
            if let Some(why) = explained(name, &w) {
                *known.entry(why).or_insert(0) += 1;
                continue;
            }
            failures.push(format!(
                "{input:?} {name}: rust-url {or} {:?}, weburl-url {ow} {:?}",
                r2.as_str(),
                w2.as_str()
            ));
        }
    }
    println!(
        "{compared} URLs compared ({} mutations each), {parse_differs} parsed differently, \
         {rust_url_broken} mutations where rust-url's result does not reparse, \
         {rust_url_panics} calls where rust-url panics",
        mutations.len()
    );
    let _ = std::panic::take_hook();
    for (call, n) in &broken_by {
        println!("{n:6} × rust-url leaves a URL that does not reparse (or panics): {call}");
    }
    for (why, n) in &known {
        println!("{n:6} × {why}");
    }
    if !failures.is_empty() {
        let n = failures.len();
        failures.truncate(60);
        panic!("{n} differences:\n{}", failures.join("\n"));
    }
}

/// Where both fail to parse, the error variants agree; where only one
/// parses, the input is one of rust-url's deviations (counted).
#[test]
fn same_parse_errors_as_rust_url() {
    let (mut both_fail, mut one_fails) = (0, 0);
    let mut failures = Vec::new();
    for (input, base) in wpt_cases() {
        let r = match &base {
            Some(b) => ru::Url::parse(b).and_then(|b| b.join(&input)),
            None => ru::Url::parse(&input),
        };
        let w = match &base {
            Some(b) => wu::Url::parse(b).and_then(|b| b.join(&input)),
            None => wu::Url::parse(&input),
        };
        match (r, w) {
            (Err(r), Err(w)) => {
                both_fail += 1;
                // IDNA maps the host to nothing (a lone soft hyphen): the
                // standard's domain-to-ASCII failure; url calls it empty.
                let mapped_away = r == ru::ParseError::EmptyHost && w == wu::ParseError::IdnaError;
                if r.to_string() != w.to_string() && !mapped_away {
                    failures.push(format!(
                        "{input:?} against {base:?}: rust-url {r:?}, weburl-url {w:?}"
                    ));
                }
            }
            (r, w) if r.is_ok() != w.is_ok() => {
                one_fails += 1;
            }
            _ => {}
        }
    }
    println!("{both_fail} inputs fail in both, {one_fails} in one only");
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
