//! UTS #46 conformance of `url_core::idna`:
//!
//! - `data/unicode/IdnaTestV2.txt`, every line: ToASCII (non-transitional)
//!   with the URL Standard's flags (`idna::to_ascii(_, false)`), the same with
//!   every flag on (`to_ascii(_, true)`), and ToUnicode (`idna::to_unicode`).
//! - `data/wpt/IdnaTestV2.json` and `toascii.json` through the URL parser
//!   (`https://{input}/x`), as the WPT harness runs them.
//! - `data/wpt/verifydnslength_tests.json` through `verify_dns_length`
//!   (RFC 1035 §2.3.4) on the parsed host.
//! - Differential: `idna::to_nfc` against `unicode-normalization` on every
//!   string of those files (and their NFD/NFKC/NFKD forms), on every code
//!   point and on random strings — each after the UTS #46 Map step (see
//!   [`uts46_map`]: NFC is only ever applied to mapped text, and idna-tables
//!   keeps normalization data only for the code points that text can hold).
//!
//! Status codes of IdnaTestV2.txt → expected outcome. The file's statuses
//! are for CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength all true; the
//! URL Standard sets them false (beStrict false), so — as the file's header
//! says, and as WPT's IdnaTestV2.json conversion does — the codes of those
//! flags are ignored: V2, V3 (CheckHyphens), U1 (UseSTD3ASCIIRules), A4_1,
//! A4_2 (VerifyDnsLength) and X4_2 (ToUnicode's stand-in for A4_2). Any
//! other code (P*, V1, V4–V7, A3, B*, C*) means failure. With beStrict true
//! every code means failure. Lone surrogates (`\uD800`-style escapes) are
//! replaced by U+FFFD, as the URL API's USVString conversion does.
//!
//! Expected failures come only from `tests/expectations/idna.txt`.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use serde_json::Value;
use unicode_normalization::UnicodeNormalization;
use url_core::idna::{self, IdnaError};
use url_core::{Buffer, SliceStorage, Url};
use weburl_conformance::{read_json_usv, root, wpt_path};

/// Codes for flags the URL Standard sets to false (non-strict).
const IGNORED_NON_STRICT: [&str; 6] = ["V2", "V3", "U1", "A4_1", "A4_2", "X4_2"];

/// `tests/expectations/idna.txt`: JSON lines `{"file", "input", "reason"}`.
fn expectations() -> HashMap<(String, String), String> {
    let path = root().join("tests/expectations/idna.txt");
    let mut map = HashMap::new();
    let Ok(text) = std::fs::read_to_string(&path) else {
        return map;
    };
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let v: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
        let file = v["file"].as_str().expect("file").to_string();
        let input = v["input"].as_str().expect("input").to_string();
        let reason = v["reason"]
            .as_str()
            .filter(|r| !r.trim().is_empty())
            .unwrap_or_else(|| panic!("{}:{}: needs a reason", path.display(), n + 1));
        map.insert((file, input), reason.to_string());
    }
    map
}

/// Pass/fail bookkeeping for one file; panics at the end on unexpected
/// failures and on listed cases that pass.
struct Tally {
    name: &'static str,
    passed: usize,
    failed: Vec<String>,
    expected: usize,
    unexpected_pass: Vec<String>,
}

impl Tally {
    fn new(name: &'static str) -> Self {
        Tally {
            name,
            passed: 0,
            failed: Vec::new(),
            expected: 0,
            unexpected_pass: Vec::new(),
        }
    }

    fn record(&mut self, listed: Option<&String>, input: &str, problem: Option<String>) {
        match (problem, listed) {
            (None, None) => self.passed += 1,
            (None, Some(_)) => self.unexpected_pass.push(format!("{input:?}")),
            (Some(_), Some(_)) => self.expected += 1,
            (Some(p), None) => self.failed.push(format!("{input:?}: {p}")),
        }
    }

    fn finish(self) {
        println!(
            "idna {}: {} passed, {} failed, {} expected-failure",
            self.name,
            self.passed,
            self.failed.len(),
            self.expected
        );
        for f in self.failed.iter().take(40) {
            println!("  FAIL {f}");
        }
        for p in &self.unexpected_pass {
            println!("  listed in tests/expectations/idna.txt but passes: {p}");
        }
        assert!(
            self.failed.is_empty() && self.unexpected_pass.is_empty(),
            "{}: {} unexpected failures, {} listed cases pass",
            self.name,
            self.failed.len(),
            self.unexpected_pass.len()
        );
    }
}

// ---------------------------------------------------------------------------
// IdnaTestV2.txt

/// Unescapes `\uXXXX` and `\x{X…}`; lone surrogates become U+FFFD.
fn unescape(s: &str) -> String {
    let mut units: Vec<u32> = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'u') && i + 6 <= b.len() {
            if let Ok(v) = u32::from_str_radix(&s[i + 2..i + 6], 16) {
                units.push(v);
                i += 6;
                continue;
            }
        }
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') && b.get(i + 2) == Some(&b'{') {
            if let Some(end) = s[i..].find('}') {
                if let Ok(v) = u32::from_str_radix(&s[i + 3..i + end], 16) {
                    units.push(v);
                    i += end + 1;
                    continue;
                }
            }
        }
        let c = s[i..].chars().next().expect("char");
        units.push(c as u32);
        i += c.len_utf8();
    }
    // Pair up surrogates.
    let mut out = String::new();
    let mut j = 0;
    while j < units.len() {
        let u = units[j];
        if (0xD800..0xDC00).contains(&u)
            && j + 1 < units.len()
            && (0xDC00..0xE000).contains(&units[j + 1])
        {
            let c = 0x10000 + ((u - 0xD800) << 10) + (units[j + 1] - 0xDC00);
            out.push(char::from_u32(c).expect("scalar"));
            j += 2;
            continue;
        }
        out.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
        j += 1;
    }
    out
}

struct TxtCase {
    source: String,
    to_unicode: String,
    to_unicode_status: Vec<String>,
    to_ascii_n: String,
    to_ascii_n_status: Vec<String>,
}

fn parse_status(s: &str) -> Option<Vec<String>> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    let inner = s.trim_start_matches('[').trim_end_matches(']');
    Some(
        inner
            .split(',')
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

fn parse_value(s: &str, default: &str) -> String {
    let s = s.trim();
    if s.is_empty() {
        default.to_string()
    } else if s == "\"\"" {
        String::new()
    } else {
        unescape(s)
    }
}

fn read_txt() -> Vec<TxtCase> {
    let path = root().join("data/unicode/IdnaTestV2.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (run `cargo xtask fetch-data`)",
            path.display()
        )
    });
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split(';').collect();
        assert!(cols.len() >= 7, "bad line {line:?}");
        let source = parse_value(cols[0], "");
        let to_unicode = parse_value(cols[1], &source);
        let to_unicode_status = parse_status(cols[2]).unwrap_or_default();
        let to_ascii_n = parse_value(cols[3], &to_unicode);
        let to_ascii_n_status = parse_status(cols[4]).unwrap_or_else(|| to_unicode_status.clone());
        cases.push(TxtCase {
            source,
            to_unicode,
            to_unicode_status,
            to_ascii_n,
            to_ascii_n_status,
        });
    }
    cases
}

fn fails_non_strict(status: &[String]) -> bool {
    status
        .iter()
        .any(|c| !IGNORED_NON_STRICT.contains(&c.as_str()))
}

fn check_result(
    got: Result<String, IdnaError>,
    expect_error: bool,
    expected: &str,
) -> Option<String> {
    match (got, expect_error) {
        (Err(IdnaError::Invalid), true) => None,
        (Ok(s), false) if s == expected => None,
        (got, true) => Some(format!("expected an error, got {got:?}")),
        (got, false) => Some(format!("expected {expected:?}, got {got:?}")),
    }
}

#[test]
fn idna_test_v2_txt() {
    let cases = read_txt();
    let exp = expectations();
    let mut ascii = Tally::new("IdnaTestV2.txt ToASCII");
    let mut strict = Tally::new("IdnaTestV2.txt ToASCII (all flags)");
    let mut unicode = Tally::new("IdnaTestV2.txt ToUnicode");
    for c in &cases {
        let mut out = String::new();
        let got = idna::to_ascii(&c.source, false, &mut out).map(|()| out);
        let problem = check_result(got, fails_non_strict(&c.to_ascii_n_status), &c.to_ascii_n);
        let key = ("IdnaTestV2.txt ToASCII".to_string(), c.source.clone());
        ascii.record(exp.get(&key), &c.source, problem);

        let mut out = String::new();
        let got = idna::to_ascii(&c.source, true, &mut out).map(|()| out);
        let problem = check_result(got, !c.to_ascii_n_status.is_empty(), &c.to_ascii_n);
        let key = (
            "IdnaTestV2.txt ToASCII strict".to_string(),
            c.source.clone(),
        );
        strict.record(exp.get(&key), &c.source, problem);

        let mut out = String::new();
        let got = idna::to_unicode(&c.source, &mut out).map(|()| out);
        let problem = check_result(got, fails_non_strict(&c.to_unicode_status), &c.to_unicode);
        let key = ("IdnaTestV2.txt ToUnicode".to_string(), c.source.clone());
        unicode.record(exp.get(&key), &c.source, problem);
    }
    assert!(
        cases.len() > 6000,
        "IdnaTestV2.txt has {} cases",
        cases.len()
    );
    let results = [ascii, strict, unicode].map(|t| std::panic::catch_unwind(move || t.finish()));
    assert!(results.iter().all(Result::is_ok));
}

/// The parser's `domain-to-ASCII` validation error (strict ToASCII) must
/// match `to_ascii(_, true)`, for non-ASCII hosts (`to_ascii_in_place`) and
/// ASCII hosts with an `xn--` label (`ascii_domain_strictly_valid`). ASCII
/// hosts without one are the parser's own code, not tested here.
#[test]
fn idna_test_v2_txt_validation_errors() {
    let exp = expectations();
    let mut tally = Tally::new("IdnaTestV2.txt domain-to-ASCII validation error");
    let mut seen = std::collections::HashSet::new();
    for c in read_txt() {
        let src = &c.source;
        let has_xn = src
            .to_ascii_lowercase()
            .split('.')
            .any(|l| l.starts_with("xn--"));
        if (src.is_ascii() && !has_xn)
            || src.is_empty()
            || src.contains(['%', ':', '/', '?', '#', '\\', '@', '[', ']'])
            || !seen.insert(src.clone())
        {
            continue;
        }
        let expected = idna::to_ascii(src, true, &mut String::new()).is_err();
        let mut reported = false;
        let _ = url_core::Parser::new()
            .validation(|e: url_core::ValidationError, _: usize| {
                reported |= e == url_core::ValidationError::DomainToAscii
            })
            .parse_into(&format!("https://{src}/x"), String::new());
        let problem = (reported != expected).then(|| {
            format!("domain-to-ASCII reported: {reported}, strict ToASCII fails: {expected}")
        });
        tally.record(
            exp.get(&("IdnaTestV2.txt validation".to_string(), src.clone())),
            src,
            problem,
        );
    }
    tally.finish();
}

// ---------------------------------------------------------------------------
// WPT JSON files through the URL parser.

fn wpt_cases(name: &str) -> Vec<Value> {
    let (v, _) = read_json_usv(&wpt_path(name));
    v.as_array()
        .expect("array")
        .iter()
        .filter(|t| t.is_object())
        .cloned()
        .collect()
}

/// What `new URL("https://" + input + "/x")` must give (WPT
/// IdnaTestV2.window.js / toascii.window.js).
fn check_via_url(input: &str, output: Option<&str>) -> Option<String> {
    // As WPT's encodeHostEndingCodePoints: these would end the host.
    let mut encoded = String::new();
    for c in input.chars() {
        match c {
            ':' => encoded.push_str("%3A"),
            '/' => encoded.push_str("%2F"),
            '?' => encoded.push_str("%3F"),
            '#' => encoded.push_str("%23"),
            '\\' => encoded.push_str("%5C"),
            c => encoded.push(c),
        }
    }
    let href = format!("https://{encoded}/x");
    let result = Url::parse_into(&href, String::new());
    match (result, output) {
        (Err(_), None) => None,
        (Ok(url), None) => Some(format!("expected failure, got host {:?}", url.host())),
        (Err(e), Some(o)) => Some(format!("expected {o:?}, got error {e}")),
        (Ok(url), Some(o)) => {
            if url.host() == o
                && url.hostname() == o
                && url.pathname() == "/x"
                && url.href() == format!("https://{o}/x")
            {
                None
            } else {
                Some(format!(
                    "expected {o:?}, got host {:?} path {:?}",
                    url.host(),
                    url.pathname()
                ))
            }
        }
    }
}

fn run_wpt_url_file(name: &'static str) {
    let exp = expectations();
    let mut tally = Tally::new(name);
    for t in wpt_cases(name) {
        let input = t["input"].as_str().expect("input");
        if input.is_empty() {
            // As the WPT harness: "https:///x" does not test the empty host.
            continue;
        }
        let output = t["output"].as_str();
        let problem = check_via_url(input, output);
        tally.record(
            exp.get(&(name.to_string(), input.to_string())),
            input,
            problem,
        );
    }
    tally.finish();
}

#[test]
fn wpt_idna_test_v2_json() {
    run_wpt_url_file("IdnaTestV2.json");
}

#[test]
fn wpt_toascii_json() {
    run_wpt_url_file("toascii.json");
}

#[test]
fn wpt_verifydnslength() {
    // The file tests "the verify_dns_length function" of RFC 1035 §2.3.4 (its
    // own header says so): each input is a URL whose host must parse, and
    // `verify_dns_length` on that host must fail exactly when `failure` is
    // true. (UTS #46's VerifyDnsLength, which also rejects a trailing root
    // label, is covered by IdnaTestV2.txt's A4 codes above.)
    let exp = expectations();
    let mut tally = Tally::new("verifydnslength_tests.json");
    for t in wpt_cases("verifydnslength_tests.json") {
        let input = t["input"].as_str().expect("input");
        let failure = t["failure"].as_bool().expect("failure");
        let problem = match Url::parse_into(input, String::new()) {
            Err(e) => Some(format!("URL does not parse: {e}")),
            Ok(url) if idna::verify_dns_length(url.hostname()) == failure => Some(format!(
                "verify_dns_length({:?}) is {}",
                url.hostname(),
                !failure
            )),
            Ok(_) => None,
        };
        tally.record(
            exp.get(&("verifydnslength_tests.json".to_string(), input.to_string())),
            input,
            problem,
        );
    }
    tally.finish();
}

// ---------------------------------------------------------------------------
// Differential NFC.

/// The UTS #46 data idna-tables is generated from (`cargo xtask gen-idna`'s
/// default Unicode version).
const UTS46_DATA: &str = "data/unicode/18.0.0/uts46data.py";

/// UTS #46 §4 step 1 (Map, non-transitional) from [`UTS46_DATA`], read here
/// independently of idna-tables: `None` when `s` holds a disallowed code
/// point.
///
/// The NFC differential tests run on this mapped text because it is the only
/// text url-core normalizes: idna-tables keeps decompositions, compositions
/// and combining classes only for the code points mapped text can contain
/// (valid and deviation code points, mapping targets and what they decompose
/// or compose to; `cargo xtask gen-idna` computes that closure). A disallowed
/// code point fails its label after normalization whatever NFC does around
/// it (the generator checks NFC can never remove one), so `to_nfc` is not
/// exact on arbitrary text — and need not be.
fn uts46_map(s: &str) -> Option<String> {
    enum Map {
        Keep,
        Replace(String),
        Disallowed,
    }
    static TABLE: std::sync::OnceLock<Vec<(u32, Map)>> = std::sync::OnceLock::new();
    // Range starts, ascending, from three parallel sequences: `uts46_starts`
    // (`        0xSTART,` lines), `uts46_statuses` (`    b"…"` lines, one
    // letter per range) and `uts46_replacements` (`    None,` or a string
    // literal a line); each range runs to the next start
    // (xtask/src/gen_idna/sources.rs parses the same file strictly; this
    // reading only needs to be right on it).
    let table = TABLE.get_or_init(|| {
        let text = std::fs::read_to_string(root().join(UTS46_DATA))
            .unwrap_or_else(|e| panic!("{UTS46_DATA}: {e} (run `cargo xtask fetch-data`)"));
        let (mut heads, mut letters, mut mappings) = (Vec::new(), Vec::new(), Vec::new());
        let mut section = "";
        for line in text.lines() {
            if let Some(name) = line.split(':').next().filter(|n| n.starts_with("uts46_")) {
                section = if line.ends_with('(') { name } else { "" };
                continue;
            }
            match section {
                "uts46_starts" => {
                    if let Some(hex) = line.strip_prefix("        0x") {
                        let hex = hex.strip_suffix(',').expect("start ends with `,`");
                        heads.push(u32::from_str_radix(hex, 16).unwrap());
                    }
                }
                "uts46_statuses" => {
                    if let Some(body) = line.strip_prefix("    b\"") {
                        letters.extend(body.strip_suffix('"').expect("status line").chars());
                    }
                }
                "uts46_replacements" => {
                    if let Some(lit) = line.strip_prefix("    ") {
                        let lit = lit.strip_suffix(',').expect("replacement ends with `,`");
                        // None, or a Python literal in either quotes with
                        // `\\` its only escape.
                        mappings.push((lit != "None").then(|| {
                            let body = &lit[1..lit.len() - 1];
                            assert!(!body.replace("\\\\", "").contains('\\'), "{line}");
                            body.replace("\\\\", "\\")
                        }));
                    }
                }
                _ => {}
            }
        }
        assert_eq!(heads.len(), letters.len(), "{UTS46_DATA}");
        assert_eq!(heads.len(), mappings.len(), "{UTS46_DATA}");
        let mut starts = Vec::new();
        for ((start, status), mapping) in heads.into_iter().zip(letters).zip(mappings) {
            let value = match (status, mapping) {
                // Deviations: kept (non-transitional).
                ('V' | 'D', _) => Map::Keep,
                ('I', None) => Map::Replace(String::new()),
                ('M', Some(m)) => Map::Replace(m),
                ('X', None) => Map::Disallowed,
                other => panic!("{UTS46_DATA}: unexpected entry {other:?}"),
            };
            starts.push((start, value));
        }
        assert_eq!(starts.first().map(|e| e.0), Some(0), "{UTS46_DATA}");
        starts
    });
    let mut out = String::new();
    for c in s.chars() {
        let i = table.partition_point(|e| e.0 <= c as u32) - 1;
        match &table[i].1 {
            Map::Keep => out.push(c),
            Map::Replace(m) => out.push_str(m),
            Map::Disallowed => return None,
        }
    }
    Some(out)
}

fn nfc_strings() -> Vec<String> {
    let mut all = Vec::new();
    for c in read_txt() {
        all.extend([c.source, c.to_unicode, c.to_ascii_n]);
    }
    for name in ["IdnaTestV2.json", "toascii.json", "urltestdata.json"] {
        for t in wpt_cases(name) {
            for k in ["input", "output", "href", "hostname"] {
                if let Some(s) = t.get(k).and_then(Value::as_str) {
                    all.push(s.to_string());
                }
            }
        }
    }
    let mut more = Vec::new();
    for s in &all {
        more.push(s.nfd().collect::<String>());
        more.push(s.nfkd().collect::<String>());
        more.push(s.nfkc().collect::<String>());
        // Reversed: non-canonical mark orders.
        more.push(s.chars().rev().collect::<String>());
    }
    all.extend(more);
    // NFC only ever sees mapped text (see `uts46_map`).
    let mut all: Vec<String> = all.iter().filter_map(|s| uts46_map(s)).collect();
    all.sort();
    all.dedup();
    all
}

#[test]
fn nfc_matches_unicode_normalization() {
    let mut passed = 0;
    let mut failed = Vec::new();
    for s in nfc_strings() {
        let expected: String = s.nfc().collect();
        let mut out = String::new();
        match idna::to_nfc(&s, &mut out) {
            Ok(()) if out == expected => passed += 1,
            r => failed.push(format!("{s:?}: expected {expected:?}, got {r:?} {out:?}")),
        }
    }
    println!(
        "idna NFC differential: {passed} passed, {} failed, 0 expected-failure",
        failed.len()
    );
    for f in failed.iter().take(20) {
        println!("  FAIL {f}");
    }
    assert!(failed.is_empty());
}

/// Pseudo-random strings over code points that exercise reordering and
/// composition (a stand-in for a fuzz target until `fuzz/` exists).
#[test]
fn nfc_random_differential() {
    let pool: Vec<char> = [
        0x41, 0x61, 0x65, 0x6F, 0x55, 0x3B1, 0x3C9, 0x438, 0x627, 0x5D0, 0x915, 0xB47, 0xBC6,
        0xD46, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x300, 0x301, 0x302, 0x308, 0x323, 0x327,
        0x328, 0x31B, 0x345, 0x342, 0x313, 0x94D, 0x93C, 0xB3E, 0xB56, 0xB57, 0xBBE, 0xBD7, 0xD3E,
        0x102E, 0x1B35, 0x05B0, 0x05B4, 0x0651, 0x064E, 0x1E0A, 0x1E0C, 0x212B, 0xF900, 0x2F800,
        0x1D15E, 0x1D165, 0x1D16E, 0x0F71, 0x0F72, 0x0F74, 0x0F80, 0x3099, 0x309A, 0x304B, 0x30AB,
        0x11131, 0x11127, 0x1133E, 0x11347, 0x2E, 0x200C, 0x200D,
    ]
    .iter()
    .filter_map(|&c| char::from_u32(c))
    .collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut failed = Vec::new();
    let n = 200_000;
    for _ in 0..n {
        let len = (next() % 12) as usize;
        let s: String = (0..len)
            .map(|_| pool[(next() % pool.len() as u64) as usize])
            .collect();
        // NFC only ever sees mapped text (see `uts46_map`); the pool has no
        // disallowed code point.
        let s = uts46_map(&s).expect("pool code points are not disallowed");
        let expected: String = s.nfc().collect();
        let mut out = String::new();
        if idna::to_nfc(&s, &mut out).is_err() || out != expected {
            failed.push(s);
        }
    }
    println!(
        "idna NFC random: {} passed, {} failed, 0 expected-failure",
        n - failed.len(),
        failed.len()
    );
    assert!(failed.is_empty(), "{:?}", &failed[..failed.len().min(10)]);
}

#[test]
fn nfc_every_code_point_with_marks() {
    // Each scalar value (after the UTS #46 Map step: NFC only ever sees
    // mapped text, see `uts46_map`; disallowed code points are skipped) alone
    // and followed by marks of different classes in non-canonical order:
    // exercises every decomposition and composition of that text.
    let mut failed = Vec::new();
    let mut n = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let Some(c) = uts46_map(&c.to_string()) else {
            continue;
        };
        for s in [
            c.clone(),
            format!("{c}\u{0301}\u{0323}"),
            format!("a{c}\u{0308}"),
        ] {
            let expected: String = s.nfc().collect();
            let mut out = String::new();
            if idna::to_nfc(&s, &mut out).is_err() || out != expected {
                failed.push(format!("{s:?}"));
            }
            n += 1;
        }
    }
    println!(
        "idna NFC code points: {} passed, {} failed, 0 expected-failure",
        n - failed.len(),
        failed.len()
    );
    assert!(failed.is_empty(), "{:?}", &failed[..failed.len().min(20)]);
}

// ---------------------------------------------------------------------------
// Acceptance, capacity and bounded work.

#[test]
fn acceptance_bucher() {
    let url = Url::parse_into("https://Bücher.example/ﬀ", String::new()).expect("parses");
    assert_eq!(url.host(), "xn--bcher-kva.example");
    assert_eq!(url.pathname(), "/%EF%AC%80");

    let mut buf = [0u8; 128];
    let url =
        Url::parse_into("https://Bücher.example/ﬀ", SliceStorage::new(&mut buf)).expect("parses");
    assert_eq!(url.hostname(), "xn--bcher-kva.example");

    let mut out = String::new();
    idna::domain_to_unicode("xn--bcher-kva.example", &mut out).unwrap();
    assert_eq!(out, "bücher.example");
}

#[test]
fn capacity_errors_never_panic_or_truncate() {
    let input = "Bücher.example";
    for cap in 0..64 {
        let mut buf = vec![0u8; cap];
        let mut out = SliceStorage::new(&mut buf);
        match idna::domain_to_ascii(input, false, &mut out) {
            Ok(()) => assert_eq!(out.as_str(), "xn--bcher-kva.example"),
            Err(IdnaError::Capacity(_)) => assert_eq!(out.as_str(), ""),
            Err(e) => panic!("capacity {cap}: {e:?}"),
        }
        let mut buf = vec![0u8; cap];
        let mut out = SliceStorage::new(&mut buf);
        match idna::domain_to_unicode("xn--bcher-kva.example", &mut out) {
            Ok(()) => assert_eq!(out.as_str(), "bücher.example"),
            Err(IdnaError::Capacity(_)) => assert_eq!(out.as_str(), ""),
            Err(e) => panic!("capacity {cap}: {e:?}"),
        }
    }
    let mut buf = [0u8; 20];
    assert!(matches!(
        Url::parse_into("https://Bücher.example/", SliceStorage::new(&mut buf)),
        Err(url_core::ParseError::Capacity(_))
    ));
}

#[test]
fn hostile_hosts_finish_quickly() {
    const MIB: usize = 1 << 20;
    let distinct: String = (0x4E00u32..0x4E00 + 250)
        .filter_map(char::from_u32)
        .collect();
    let mut hosts: BTreeMap<&str, String> = BTreeMap::new();
    hosts.insert("one long non-ASCII label", "é".repeat(MIB / 2));
    hosts.insert("many 250-code-point labels", {
        let mut s = String::new();
        while s.len() < MIB {
            s.push_str(&distinct);
            s.push('.');
        }
        s
    });
    hosts.insert(
        "combining marks",
        format!("a{}", "\u{0301}".repeat(MIB / 2)),
    );
    hosts.insert("long xn-- label", format!("xn--{}", "a".repeat(MIB)));
    hosts.insert("many xn-- labels", "xn--bcher-kva.".repeat(MIB / 14) + "é");
    hosts.insert(
        "many ASCII labels + one non-ASCII",
        "a.".repeat(MIB / 2) + "é",
    );
    hosts.insert("mapped expansions", "\u{FDFA}".repeat(MIB / 3));
    for (name, host) in &hosts {
        let t = Instant::now();
        let mut out = String::new();
        let r = idna::domain_to_ascii(host, false, &mut out);
        let mut sink_count = 0;
        let parsed = url_core::Parser::new()
            .validation(|_: url_core::ValidationError, _: usize| sink_count += 1)
            .parse_into(&format!("https://{host}/"), String::new())
            .map(|u| u.host().len());
        println!(
            "hostile host ({name}, {} bytes): {:?} / URL {:?} in {:?}",
            host.len(),
            r.map(|()| out.len()),
            parsed,
            t.elapsed()
        );
    }
}

/// url-core's domain parser fails a non-ASCII domain holding a forbidden
/// domain code point before running ToASCII, except `<` and `>` (its
/// `host/domain.rs`), on the ground that ToASCII keeps any other ASCII
/// code point: the UTS #46 mapping only lowercases ASCII, and NFC could
/// only change one by composing it with a neighbour. Checked against the
/// Unicode data of unicode-normalization: no primary composite starts with
/// any of them but `<` and `>` (and `=`, not forbidden), and none ends in
/// any. The early failure must also be what the full route gives.
#[test]
fn forbidden_domain_code_points_survive_to_ascii() {
    use unicode_normalization::char::compose;
    let forbidden: Vec<char> = (0u8..0x80)
        .filter(|&b| b <= 0x20 || b == 0x7f || b"#%/:<>?@[\\]^|".contains(&b))
        .map(char::from)
        .collect();
    let mut composing = Vec::new();
    for &f in &forbidden {
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            if compose(f, c).is_some() || compose(c, f).is_some() {
                composing.push(f);
                break;
            }
        }
    }
    assert_eq!(composing, ['<', '>']);
    // Through the parser: each one, next to non-ASCII text, fails the same
    // way, early or not.
    for &f in &forbidden {
        for host in [
            format!("b\u{fc}cher{f}x"),
            format!("{f}\u{e9}"),
            format!("%C3%A9{f}"),
            // `<` and `>` compose into `≮` and `≯`, which ToASCII keeps.
            format!("a{f}\u{338}b"),
        ] {
            let input = format!("https://{host}/");
            let fast = url_core::Parser::new().parse_into(&input, String::new());
            let full = url_core::Parser::new()
                .validation(|_: url_core::ValidationError, _: usize| {})
                .parse_into(&input, String::new());
            assert_eq!(fast.as_ref().err(), full.as_ref().err(), "{input:?}");
        }
    }
}
