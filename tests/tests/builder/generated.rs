//! Generated parts: round trips, and arbitrary input.

use super::*;
use weburl_conformance::Rng;

/// Text pieces for names, values, segments and fragments: every delimiter
/// and escape the parser treats specially, and then some.
const TEXT: &[&str] = &[
    "a",
    "Z",
    "0",
    "-",
    ".",
    "..",
    "_",
    "~",
    "/",
    "\\",
    "?",
    "#",
    "%",
    "%2e",
    "%41",
    "%zz",
    ":",
    "@",
    "[",
    "]",
    "|",
    "^",
    "`",
    "{",
    "}",
    "'",
    "\"",
    "<",
    ">",
    "&",
    "=",
    "+",
    ";",
    ",",
    "$",
    "!",
    "*",
    "(",
    ")",
    " ",
    "\t",
    "\n",
    "\r",
    "\0",
    "\u{1f}",
    "\u{7f}",
    "\u{e9}",
    "\u{3bb}",
    "\u{fffd}",
    "\u{1f600}",
    "C:",
    "C|",
    "xn--",
    "localhost",
];

/// Opaque-host text: no forbidden host code point, no "%" (so decoding
/// the serialized host gives it back).
const OPAQUE_HOST: &[&str] = &[
    "a",
    "B",
    "0",
    "-",
    ".",
    "_",
    "~",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "\"",
    "`",
    "{",
    "}",
    "\u{1}",
    "\u{7f}",
    "\u{e9}",
    "\u{1f600}",
];

/// Domains the host parser changes (IDNA, case).
const SPECIAL_HOSTS: &[&str] = &["B\u{fc}cher.example", "\u{3bb}.example", "EXAMPLE.com"];

const SCHEMES: &[&str] = &[
    "http", "https", "ws", "wss", "ftp", "file", "sc", "git+ssh", "HTTP",
];

/// A host for `scheme`, and what `host_parsed` must give (None: compare
/// with parsing `scheme://host/` instead).
fn gen_host(rng: &mut Rng, special: bool, file: bool) -> Option<Part> {
    Some(match rng.below(7) {
        0 if !special || file => Host(String::new()),
        0 | 1 => Host(
            (0..1 + rng.below(3))
                .map(|_| rng.text(&["a", "b", "Z", "q", "0", "-"], 6) + "x")
                .collect::<Vec<_>>()
                .join("."),
        ),
        2 => Ip(IpAddr::V4(Ipv4Addr::from(rng.bits() as u32))),
        3 => {
            let mut pieces = [0u16; 8];
            for p in &mut pieces {
                *p = if rng.below(2) == 0 {
                    0
                } else {
                    rng.bits() as u16
                };
            }
            Ip(IpAddr::V6(Ipv6Addr::from(pieces)))
        }
        4 if special => Host(rng.pick(SPECIAL_HOSTS).to_string()),
        4 => Host(rng.text(OPAQUE_HOST, 8) + "h"),
        5 if file => Host(s("localhost")),
        // Special schemes but file need a host: no host is tested with
        // the errors.
        _ if special && !file => Host(s("example.org")),
        _ => return None,
    })
}

fn gen_parts(rng: &mut Rng, scheme: &str) -> Vec<Part> {
    let lower = scheme.to_ascii_lowercase();
    let special = matches!(
        lower.as_str(),
        "http" | "https" | "ws" | "wss" | "ftp" | "file"
    );
    let file = lower == "file";
    let mut parts = Vec::new();
    let host = gen_host(rng, special, file);
    let has_host = matches!(&host, Some(Host(h)) if !h.is_empty() && h != "localhost")
        || matches!(host, Some(Ip(_)));
    if has_host && !file && rng.below(3) == 0 {
        parts.push(Username(rng.text(TEXT, 4)));
        if rng.below(2) == 0 {
            parts.push(Password(rng.text(TEXT, 4)));
        }
    }
    if let Some(h) = host {
        parts.push(h);
    }
    if has_host && !file && rng.below(3) == 0 {
        parts.push(Port(*rng.pick(&[0, 21, 80, 443, 8080, 65535])));
    }
    if !special && parts.is_empty() && rng.below(3) == 0 {
        parts.push(Opaque(rng.text(TEXT, 6)));
    } else {
        for _ in 0..rng.below(5) {
            parts.push(Segment(rng.text(TEXT, 4)));
        }
    }
    match rng.below(4) {
        1 => parts.push(Query(rng.text(TEXT, 6))),
        2 | 3 => {
            if rng.below(2) == 0 {
                // Alphanumeric text reads back as the first pair's name.
                parts.push(Query(rng.text(&["a", "b", "0"], 4) + "t"));
            }
            for _ in 0..1 + rng.below(3) {
                parts.push(Pair(rng.text(TEXT, 4), rng.text(TEXT, 4)));
            }
        }
        _ => {}
    }
    if rng.below(2) == 0 {
        parts.push(Fragment(rng.text(TEXT, 6)));
    }
    parts
}

/// Every getter of `url` gives back the part given.
fn check_round_trip(scheme: &str, parts: &[Part], url: &Url) {
    let ctx = || format!("{scheme} {parts:?} -> {url}");
    assert_eq!(url.scheme(), scheme.to_ascii_lowercase(), "{}", ctx());
    let special = url.is_special();
    let mut segments = Vec::new();
    let mut pairs = Vec::new();
    let mut query_text = None;
    for p in parts {
        match p {
            Username(u) => assert_eq!(decode(url.username()), *u, "{}", ctx()),
            Password(p) => assert_eq!(decode(url.password()), *p, "{}", ctx()),
            Host(h) => {
                let want = Url::parse(&format!("{scheme}://{h}/")).unwrap();
                assert_eq!(url.hostname(), want.hostname(), "{}", ctx());
                assert_eq!(url.host_kind(), want.host_kind(), "{}", ctx());
                if url.host_kind() == HostKind::Opaque {
                    assert_eq!(decode(url.hostname()), *h, "{}", ctx());
                }
            }
            Ip(IpAddr::V4(a)) if special => {
                assert_eq!(url.host_parsed(), Some(Host::Ipv4(*a)), "{}", ctx())
            }
            Ip(IpAddr::V4(a)) => assert_eq!(url.hostname(), a.to_string(), "{}", ctx()),
            Ip(IpAddr::V6(a)) => assert_eq!(url.host_parsed(), Some(Host::Ipv6(*a)), "{}", ctx()),
            Port(p) => {
                let default = url.scheme_type().default_port();
                assert_eq!(url.port(), (Some(*p) != default).then_some(*p), "{}", ctx());
            }
            Segment(s) => segments.push(s.clone()),
            Opaque(o) => {
                assert!(url.has_opaque_path(), "{}", ctx());
                assert_eq!(decode(url.pathname()), *o, "{}", ctx());
            }
            Query(q) => query_text = Some(q.clone()),
            Pair(k, v) => pairs.push((k.clone(), v.clone())),
            Fragment(f) => assert_eq!(url.fragment().map(decode), Some(f.clone()), "{}", ctx()),
        }
    }
    if !parts.iter().any(|p| matches!(p, Opaque(_))) {
        if special && segments.is_empty() {
            segments.push(String::new());
        }
        let got: Vec<String> = url
            .path_segments()
            .into_iter()
            .flatten()
            .map(decode)
            .collect();
        assert_eq!(got, segments, "{}", ctx());
    }
    match (query_text, pairs.is_empty()) {
        (None, true) => assert_eq!(url.query(), None, "{}", ctx()),
        (Some(q), true) => assert_eq!(url.query().map(decode), Some(q), "{}", ctx()),
        (q, false) => {
            let got: Vec<(String, String)> = url
                .query_pairs()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let mut want = pairs;
            if let Some(q) = q {
                want.insert(0, (q, String::new()));
            }
            // A pair with an empty name and value serializes as "=", which
            // reads back; the form parser skips only empty sequences.
            assert_eq!(got, want, "{}", ctx());
        }
    }
    if !parts.iter().any(|p| matches!(p, Fragment(_))) {
        assert_eq!(url.fragment(), None, "{}", ctx());
    }
}

#[test]
fn generated_parts_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut built, mut refused) = (0, 0);
    let mut buf = vec![0u8; 4096];
    for case in 0..20_000 {
        let scheme = *rng.pick(SCHEMES);
        let parts = gen_parts(&mut rng, scheme);
        let dot = parts
            .iter()
            .any(|p| matches!(p, Segment(s) if s == "." || s == ".."));
        let url = match build(scheme, &parts) {
            Ok(url) => url,
            Err(e) => {
                // Only dot segments and IDNA failures of generated
                // domains are expected to fail.
                assert!(
                    (dot && e.kind == BuildErrorKind::DotSegment)
                        || matches!(e.kind, BuildErrorKind::InvalidHost(_)),
                    "case {case}: {scheme} {parts:?}: {e}"
                );
                refused += 1;
                continue;
            }
        };
        assert!(!dot, "case {case}: {url}");
        built += 1;
        url.as_url_core().check_invariants().unwrap();
        // The href re-parses to itself, with the same components.
        let again = Url::parse(url.href()).unwrap();
        assert_eq!(again.href(), url.href());
        for field in weburl_conformance::FIELDS {
            assert_eq!(
                weburl_conformance::component(again.as_url_core(), field),
                weburl_conformance::component(url.as_url_core(), field),
                "{field} of {url}"
            );
        }
        assert_eq!(again.has_opaque_path(), url.has_opaque_path());
        assert_eq!(again.host_kind(), url.host_kind());
        check_round_trip(scheme, &parts, &url);
        // Parts given in reverse order: the owned builder does not care.
        let mut reversed = Url::builder(scheme);
        for p in parts.iter().rev() {
            // Reversing segments or pairs would change the URL.
            if !matches!(p, Segment(_) | Pair(..)) {
                p.give(&mut reversed);
            }
        }
        for p in parts.iter().filter(|p| matches!(p, Segment(_) | Pair(..))) {
            p.give(&mut reversed);
        }
        assert_eq!(reversed.build().unwrap().href(), url.href());
        // url-core's builder into a caller's buffer agrees.
        let mut b = Builder::new(scheme, SliceStorage::new(&mut buf));
        for p in &parts {
            p.give_core(&mut b);
        }
        assert_eq!(b.finish().unwrap().href(), url.href());
    }
    println!("builder: {built} generated URLs round-trip, {refused} refused as expected");
    assert!(built > 15_000, "{built}");
}

/// Any parts at all, in any order, on any storage: a URL or an error,
/// never a panic, and never the builder's own check failing.
#[test]
fn arbitrary_parts_never_panic_or_fail_the_check() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let schemes = ["http", "file", "sc", "mailto", "", "x:y", "1a", "WS"];
    let mut buf = [0u8; 96];
    let mut kinds = std::collections::BTreeMap::new();
    for case in 0..20_000 {
        let scheme = *rng.pick(&schemes);
        let mut parts = Vec::new();
        for _ in 0..rng.below(8) {
            let t = rng.text(TEXT, 5);
            parts.push(match rng.below(10) {
                0 => Username(t),
                1 => Password(t),
                2 => Host(t),
                3 => Ip(IpAddr::V4(Ipv4Addr::from(rng.bits() as u32))),
                4 => Port(rng.bits() as u16),
                5 => Segment(t),
                6 => Opaque(t),
                7 => Query(t),
                8 => Pair(t, rng.text(TEXT, 3)),
                _ => Fragment(t),
            });
        }
        let result = build(scheme, &parts);
        if let Err(e) = &result {
            assert_ne!(
                e.kind,
                BuildErrorKind::NotPreserved,
                "case {case}: {scheme} {parts:?}"
            );
            *kinds
                .entry(
                    format!("{:?}", e.kind)
                        .split('(')
                        .next()
                        .unwrap()
                        .to_string(),
                )
                .or_insert(0) += 1;
        }
        let mut b = Builder::new(scheme, SliceStorage::new(&mut buf));
        for p in &parts {
            p.give_core(&mut b);
        }
        match (b.finish(), &result) {
            (Ok(core), Ok(url)) => {
                assert_eq!(core.href(), url.href());
                core.check_invariants().unwrap();
            }
            (Err(e), _) => assert_ne!(e.kind, BuildErrorKind::NotPreserved, "case {case}"),
            (Ok(core), Err(e)) => panic!("case {case}: core built {core}, owned failed: {e}"),
        }
    }
    println!("builder: arbitrary parts, errors by kind: {kinds:?}");
}
