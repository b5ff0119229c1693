//! The room a parse needs (issue 31, point 2): `url_core::href_len_bound`
//! and `max_href_len` bound what the parser ever holds in its storage, and
//! a capacity error's `needed` is room with which the same parse succeeds.
//!
//! The bound is checked against the most a storage that records its
//! high-water mark held, over: every WPT urltestdata input, the real-URL
//! set and the bench corpora (when `../shared` is there), generated inputs
//! built from the parts the parser branches on, and internationalized
//! hosts chosen to grow the most (the code points with the largest
//! UTS #46 expansion, labels of 256 code points, Punycode deltas between
//! far-apart code points, labels written before a later one fails).

use std::ops::Range;
use url_core::idna::{domain_to_ascii, domain_to_unicode};
use url_core::{
    href_len_bound, max_domain_to_ascii_len, max_domain_to_unicode_len, max_href_len,
    max_href_len_ascii_host, Buffer, CapacityError, ParseError, Parser, SliceStorage, Storage, Url,
};
use weburl_conformance::{read_json_usv, root, wpt_path, Rng};

/// A `String` storage that remembers the longest it has been.
#[derive(Default)]
struct Peak {
    s: String,
    most: usize,
}

impl Peak {
    fn seen(&mut self) {
        self.most = self.most.max(self.s.len());
    }
}

impl Buffer for Peak {
    fn as_str(&self) -> &str {
        &self.s
    }
}

impl Storage for Peak {
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        self.s.push_str(s);
        self.seen();
        Ok(())
    }
    fn truncate(&mut self, len: usize) {
        if len < self.s.len() {
            self.s.truncate(len);
        }
    }
    fn replace_range(&mut self, range: Range<usize>, with: &str) -> Result<(), CapacityError> {
        if range.start <= range.end && range.end <= self.s.len() {
            self.s.replace_range(range, with);
            self.seen();
        }
        Ok(())
    }
}

/// Parses `input` (against `base`) into a [`Peak`]; returns the most it
/// held and whether the parse succeeded.
fn peak(input: &str, base: Option<&Url<String>>) -> (usize, bool) {
    let mut storage = Peak::default();
    let ok = match base {
        Some(b) => Parser::new()
            .base(b.as_url_ref())
            .parse_into(input, &mut storage)
            .is_ok(),
        None => Url::parse_into(input, &mut storage).is_ok(),
    };
    (storage.most, ok)
}

/// Checks the bounds on one input; returns a problem.
fn check(input: &str, base: Option<&Url<String>>) -> Option<String> {
    let base_len = base.map_or(0, |b| b.href().len());
    let (most, _) = peak(input, base);
    let bound = href_len_bound(input, base_len);
    if most > bound {
        return Some(format!(
            "{input:?} (base {:?}): held {most} bytes, bound {bound}",
            base.map(|b| b.href())
        ));
    }
    if bound > max_href_len(input.len(), base_len) {
        return Some(format!("{input:?}: href_len_bound above max_href_len"));
    }
    let ascii_host = input.bytes().all(|b| b < 0x80 && b != b'%');
    if ascii_host && most > max_href_len_ascii_host(input.len(), base_len) {
        return Some(format!("{input:?}: over max_href_len_ascii_host"));
    }
    None
}

/// Parses `input` into a slice of every capacity below what it takes, and
/// retries each capacity error with exactly its `needed`: that must not be
/// a capacity error again. Returns a problem.
fn needed_suffices(input: &str, base: Option<&Url<String>>) -> Option<String> {
    needed_suffices_every(1, input, base)
}

/// [`needed_suffices`] at every `step`-th capacity.
fn needed_suffices_every(step: usize, input: &str, base: Option<&Url<String>>) -> Option<String> {
    let parse = |cap: usize| {
        let mut buf = vec![0u8; cap];
        let storage = SliceStorage::new(&mut buf);
        let r = match base {
            Some(b) => Parser::new()
                .base(b.as_url_ref())
                .parse_into(input, storage),
            None => Url::parse_into(input, storage),
        };
        r.map(|u| u.href().len())
    };
    for cap in (0..).step_by(step) {
        match parse(cap) {
            Err(ParseError::Capacity(c)) => {
                if c.needed <= cap {
                    return Some(format!("{input:?} at {cap}: needed {}", c.needed));
                }
                if let Err(ParseError::Capacity(again)) = parse(c.needed) {
                    return Some(format!(
                        "{input:?}: refused at {cap} with needed {}, then at {}: needed {}",
                        c.needed, c.needed, again.needed
                    ));
                }
            }
            _ => return None,
        }
    }
    None
}

fn report(what: &str, problems: &[String], ran: usize, min: usize) {
    println!("{what}: {ran} inputs");
    assert!(ran >= min, "{what}: only {ran} inputs");
    assert!(
        problems.is_empty(),
        "{what}: {} problems:\n{}",
        problems.len(),
        problems[..problems.len().min(30)].join("\n")
    );
}

/// Issue 31's reproducer: a 78-byte input into 16 bytes reported
/// `needed: 34` for a 71-byte URL, and a retry with that gave 35. Now the
/// one retry succeeds.
#[test]
fn one_retry_with_needed_succeeds() {
    let input = "HTTPS://user:pass@EXAMPLE.com:443/a/./b/../c d e/?query=1&x=%zz#fragment-parts";
    assert_eq!(input.len(), 78);
    let mut small = [0u8; 16];
    let Err(ParseError::Capacity(e)) = Url::parse_into(input, SliceStorage::new(&mut small)) else {
        panic!("fits 16 bytes?")
    };
    assert_eq!(e.capacity, 16);
    assert_eq!(e.needed, href_len_bound(input, 0));
    let mut room = vec![0u8; e.needed];
    let url = Url::parse_into(input, SliceStorage::new(&mut room)).unwrap();
    assert_eq!(
        url.href(),
        "https://user:pass@example.com/a/c%20d%20e/?query=1&x=%zz#fragment-parts"
    );
    assert_eq!(url.href().len(), 71);

    // An input that is already its URL reports its exact length.
    let canonical = "https://example.com/a/b/c?q=1#f";
    let Err(ParseError::Capacity(e)) = Url::parse_into(canonical, SliceStorage::new(&mut small))
    else {
        panic!("fits 16 bytes?")
    };
    assert_eq!(e.needed, canonical.len());
    // So does a special URL without a path (it gains the '/').
    let Err(ParseError::Capacity(e)) =
        Url::parse_into("https://example.com", SliceStorage::new(&mut small[..8]))
    else {
        panic!("fits 8 bytes?")
    };
    assert_eq!(e.needed, "https://example.com/".len());
}

/// The bounds, by hand from their definitions.
#[test]
fn bound_arithmetic() {
    assert_eq!(max_href_len_ascii_host(78, 0), 3 * 78 + 32);
    assert_eq!(max_href_len(1, 10), 44 + 10 + 32);
    assert_eq!(max_href_len(usize::MAX, 1), usize::MAX);
    assert_eq!(href_len_bound("", 5), 37);
    assert_eq!(href_len_bound("%41", 0), 44 + 3 + 3 + 32);
    assert_eq!(href_len_bound("é", 0), 2 * 44 + 32);
    const ROOM: usize = max_href_len_ascii_host(100, 0);
    let buf = [0u8; ROOM];
    assert_eq!(buf.len(), 332);
}

#[test]
fn wpt_inputs_stay_within_the_bound() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let (mut problems, mut ran) = (Vec::new(), 0);
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let base = case["base"]
            .as_str()
            .and_then(|b| Url::parse_into(b, String::new()).ok());
        ran += 1;
        problems.extend(check(input, base.as_ref()));
        problems.extend(needed_suffices(input, base.as_ref()));
    }
    report("urltestdata", &problems, ran, 800);
}

/// The real-URL set and every tenth line of the bench corpora.
#[test]
fn corpora_stay_within_the_bound() {
    let shared = root().join("../shared/data");
    let mut inputs = Vec::new();
    if let Ok(text) = std::fs::read_to_string(shared.join("conformance/real-urls.jsonl")) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v["base"].is_null() {
                inputs.push(v["input"].as_str().unwrap().to_string());
            }
        }
    }
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        if let Ok(text) = std::fs::read_to_string(shared.join("bench").join(name)) {
            inputs.extend(text.lines().step_by(10).map(str::to_string));
        }
    }
    if inputs.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/data is missing in CI"
        );
        println!("corpora: skipped, ../shared/data not found");
        return;
    }
    let mut problems = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        problems.extend(check(input, None));
        if i % 20 == 0 {
            problems.extend(needed_suffices(input, None));
        }
    }
    report("corpora", &problems, inputs.len(), 1000);
}

/// Hosts that grow the most under UTS #46 and Punycode.
fn idn_hosts() -> Vec<String> {
    // U+FDFA maps to 18 code points (the largest expansion per byte),
    // U+3307 to 5 katakana (6 decomposed), U+FDFB to 8; Hangul syllables
    // decompose to jamo; U+1F600 and U+20000 are far from U+00E9 and from
    // each other (the largest Punycode deltas).
    let worst = [
        "\u{FDFA}",
        "\u{3307}",
        "\u{FDFB}",
        "\u{AC01}",
        "\u{E9}",
        "\u{1F600}",
        "\u{20000}",
    ];
    let mut hosts = Vec::new();
    for w in worst {
        for n in [1, 14, 42, 51, 60, 256] {
            hosts.push(w.repeat(n));
            hosts.push(vec![w; n.min(40)].join("."));
        }
    }
    // Labels written before a later label fails (the storage holds them).
    hosts.push(format!(
        "{}.\u{FDFA}",
        vec!["\u{3307}".repeat(40); 6].join(".")
    ));
    hosts.push(format!("{}.a b", vec!["\u{FDFA}"; 30].join(".")));
    // Far-apart code points in one label, in several orders.
    let far: String = (0..64)
        .map(|i| char::from_u32(0x20000 + i * 0x397).unwrap_or('x'))
        .chain("\u{E9}\u{10FFFD}\u{1F600}".chars())
        .collect();
    hosts.push(far.clone());
    hosts.push(far.chars().rev().collect());
    // Percent-encoded: every byte of the host arrives as "%XX".
    let encoded = |s: &str| s.bytes().map(|b| format!("%{b:02X}")).collect::<String>();
    hosts.push(encoded(&"\u{FDFA}".repeat(14)));
    hosts.push(encoded(&"\u{3307}".repeat(42)));
    // `xn--` labels next to a non-ASCII one: decoded, checked, encoded again.
    hosts.push("xn--icko3a6dun.\u{E9}.xn--ickaa0abb9dcc9mdd86deae".into());
    hosts
}

#[test]
fn idn_worst_cases_stay_within_the_bound() {
    let mut problems = Vec::new();
    let mut ran = 0;
    for host in idn_hosts() {
        for input in [
            format!("https://{host}/"),
            format!("http://user:pw@{host}:8080/p?q#f"),
            format!("ws://{host}"),
            format!("file://{host}/x"),
            format!("sc://{host}/"),
        ] {
            ran += 1;
            problems.extend(check(&input, None));
            problems.extend(needed_suffices_every(1 + input.len() / 8, &input, None));
        }
        // The domain functions: the domain and its other form side by side.
        let mut out = Peak::default();
        let _ = domain_to_ascii(&host, false, &mut out);
        if out.most > max_domain_to_ascii_len(host.len()) {
            problems.push(format!("domain_to_ascii({host:?}) held {}", out.most));
        }
        let mut out = Peak::default();
        let _ = domain_to_unicode(&host, &mut out);
        if out.most > max_domain_to_unicode_len(host.len()) {
            problems.push(format!("domain_to_unicode({host:?}) held {}", out.most));
        }
        // A capacity error's `needed` is room with which the call succeeds.
        for cap in [0, host.len() / 2, host.len() + 3] {
            let mut small = vec![0u8; cap];
            if let Err(url_core::idna::IdnaError::Capacity(c)) =
                domain_to_ascii(&host, false, &mut SliceStorage::new(&mut small))
            {
                let mut room = vec![0u8; c.needed];
                let again = domain_to_ascii(&host, false, &mut SliceStorage::new(&mut room));
                if matches!(again, Err(url_core::idna::IdnaError::Capacity(_))) {
                    problems.push(format!(
                        "domain_to_ascii({host:?}): needed {} too small",
                        c.needed
                    ));
                }
            }
            if let Err(url_core::idna::IdnaError::Capacity(c)) =
                domain_to_unicode(&host, &mut SliceStorage::new(&mut small))
            {
                let mut room = vec![0u8; c.needed];
                if domain_to_unicode(&host, &mut SliceStorage::new(&mut room)).is_err() {
                    problems.push(format!(
                        "domain_to_unicode({host:?}): needed {} too small",
                        c.needed
                    ));
                }
            }
        }
        // ToUnicode of the ASCII form: Punycode decoded.
        let mut ascii = String::new();
        if domain_to_ascii(&host, false, &mut ascii).is_ok() {
            let mut out = Peak::default();
            domain_to_unicode(&ascii, &mut out).unwrap();
            if out.most > max_domain_to_unicode_len(ascii.len()) {
                problems.push(format!("domain_to_unicode({ascii:?}) held {}", out.most));
            }
        }
    }
    report("IDN worst cases", &problems, ran, 300);
}

/// Generated inputs: each one a random choice of the parts the parser
/// branches on (schemes, slashes, credentials, hosts of every kind, ports,
/// dot segments, bytes to encode, tabs and newlines), with and without a
/// base, fixed seed.
#[test]
fn generated_inputs_stay_within_the_bound() {
    let schemes = [
        "http:",
        "HTTPS:",
        "file:",
        "ws:",
        "sc:",
        "mailto:",
        "web+demo:",
        "",
        "FILE:",
        "\t h\nttp:",
    ];
    let slashes = ["", "/", "//", "///", "\\\\", "/\\/", "////"];
    let userinfo = ["", "u@", "u:p@", "%zz:é@", "a b:c\td@", "@@", ":@"];
    let hosts = [
        "example.com",
        "EXAMPLE.COM",
        "0",
        "1",
        "0x7f.1",
        "000000000000",
        "1.2.3",
        "0x",
        "[::]",
        "[::1.2.3.4]",
        "[1:2:3:4:5:6::7]",
        "[0:0:0:0:0:0:0:1]",
        "localhost",
        "xn--icko3a6dun",
        "b\u{FC}cher",
        "\u{FDFA}",
        "\u{3307}\u{3307}",
        "%E3%8C%87",
        "%41%42",
        "a%2Eb",
        "",
        "C:",
        "c|",
        "\u{AC01}.kr",
        "exa mple",
    ];
    let ports = [
        "", ":", ":0", ":80", ":443", ":0080", ":65535", ":99999", ":x",
    ];
    let paths = [
        "",
        "/",
        "/a/./b/../c",
        "/..",
        "/./",
        "//x",
        "/.//",
        "a b",
        "%2e%2E/",
        "/\u{E9}\u{1F600}",
        "/C|/x",
        "\\a\\..\\b",
        "/^`{}",
        "/a/b/c/d/e/f/g/../../../../..",
    ];
    let queries = ["", "?", "?a=b c", "?\u{E9}'\"<>", "?%zz"];
    let fragments = ["", "#", "#x y", "#\u{0}\u{7F}`"];
    let bases: Vec<Option<Url<String>>> = [
        None,
        Some("http://example.org/foo/bar?q#f"),
        Some("file:///C:/dir/file"),
        Some("sc://h/p/q"),
        Some("web+demo:/.//not-a-host/"),
        Some("mailto:x@y"),
    ]
    .into_iter()
    .map(|b| b.map(|b| Url::parse_into(b, String::new()).unwrap()))
    .collect();
    let mut rng = Rng(0x5eed_0031);
    let mut problems = Vec::new();
    let rounds = 40_000;
    for round in 0..rounds {
        let mut input = String::new();
        input.push_str(rng.pick::<&str>(&schemes));
        input.push_str(rng.pick::<&str>(&slashes));
        input.push_str(rng.pick::<&str>(&userinfo));
        input.push_str(rng.pick::<&str>(&hosts));
        input.push_str(rng.pick::<&str>(&ports));
        for _ in 0..rng.below(3) {
            input.push_str(rng.pick::<&str>(&paths));
        }
        input.push_str(rng.pick::<&str>(&queries));
        input.push_str(rng.pick::<&str>(&fragments));
        if rng.below(8) == 0 {
            input = format!(" \u{1}{input}\u{1F} ");
        }
        let base = rng.pick(&bases).as_ref();
        problems.extend(check(&input, base));
        if round % 8 == 0 {
            problems.extend(needed_suffices(&input, base));
        }
    }
    report("generated", &problems, rounds, rounds);
}
