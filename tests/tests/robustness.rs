//! No panics on any input: deterministic mutations of every urltestdata input
//! (and base) parsed on every storage, with and without a validation sink.
//! Every success must satisfy the representation invariants, re-parse to
//! itself (idempotence), and agree across storages.

use url_core::{ParseError, Parser, SliceStorage, Url, ValidationError};
use weburl_conformance::{read_json_usv, wpt_path, Rng};

const TOKENS: &[&str] = &[
    "/",
    "\\",
    ":",
    "@",
    "?",
    "#",
    "[",
    "]",
    "%",
    "%2e",
    "%2E",
    ".",
    "..",
    "//",
    "\t",
    "\n",
    " ",
    "\u{0}",
    "xn--",
    "0x",
    "ﬀ",
    "é",
    "。",
    "\u{200d}",
    "|",
    "C:",
    "file:",
    "http:",
    "sc:",
    "blob:",
    "%41",
    "%zz",
    "::",
    "127.0.0.1",
    "[::1]",
    "65536",
    "0",
    "%00",
    "\u{fffd}",
    "\u{10ffff}",
];

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if !chars.is_empty() => {
                let end = (at + 1 + rng.below(4)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                for (k, c) in t.chars().enumerate() {
                    chars.insert(at + k, c);
                }
            }
            2 if !chars.is_empty() => {
                let i = at.min(chars.len() - 1);
                chars[i] = char::from(b"/\\:@?#[]%.\t "[rng.below(12)]);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

fn check(input: &str, base: Option<&Url<String>>) {
    if let Some(d) = weburl_conformance::fast_path_difference(input, base.map(|b| b.href())) {
        panic!("{input:?}: {d}");
    }
    let mut parser = Parser::new().with_base(base.map(|b| b.as_url_ref()));
    let owned = parser.parse_into(input, String::new());
    let mut seen = 0usize;
    let with_sink = parser
        .validation(|_: ValidationError, pos: usize| {
            assert!(pos <= input.len(), "{input:?}: position {pos} out of range");
            seen += 1;
        })
        .parse_into(input, String::new());
    assert_eq!(
        owned.as_ref().map(|u| u.href()),
        with_sink.as_ref().map(|u| u.href()),
        "{input:?}: sink changed the result"
    );
    let mut buf = [0u8; 96];
    let fixed = parser.parse_into(input, SliceStorage::new(&mut buf));
    let borrowed = parser.parse_borrowed(input);
    match &owned {
        Ok(url) => {
            url.check_invariants()
                .unwrap_or_else(|e| panic!("{input:?} -> {:?}: {e}", url.href()));
            let again = Url::parse_into(url.href(), String::new())
                .unwrap_or_else(|e| panic!("{input:?} -> {:?} does not re-parse: {e}", url.href()));
            assert_eq!(again.href(), url.href(), "{input:?}: not idempotent");
            assert_eq!(
                again.pathname(),
                url.pathname(),
                "{input:?}: not idempotent"
            );
            match &fixed {
                Ok(f) => assert_eq!(f.href(), url.href(), "{input:?}: slice storage differs"),
                Err(ParseError::Capacity(e)) => assert!(e.needed > 96, "{input:?}: {e}"),
                Err(e) => panic!("{input:?}: slice storage failed with {e}"),
            }
            match &borrowed {
                Ok(b) => {
                    assert_eq!(b.href(), url.href(), "{input:?}: borrowed differs");
                    b.check_invariants().unwrap();
                }
                Err(ParseError::NotCanonical) => {}
                Err(e) => panic!("{input:?}: borrowed failed with {e}"),
            }
        }
        Err(e) => {
            assert!(!e.is_storage_error(), "{input:?}: String storage gave {e}");
            // A storage that fills up (or a borrow that diverges) before the
            // failure point reports that instead: documented precedence.
            match &fixed {
                Err(f) if f == e || matches!(f, ParseError::Capacity(_)) => {}
                other => panic!("{input:?}: String gave {e}, slice storage {other:?}"),
            }
            match &borrowed {
                Err(b) if b == e || *b == ParseError::NotCanonical => {}
                other => panic!("{input:?}: String gave {e}, borrowed {other:?}"),
            }
        }
    }
}

#[test]
fn mutated_wpt_inputs_never_panic() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let cases: Vec<_> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v.is_object())
        .collect();
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut parsed = 0;
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let base = case["base"]
            .as_str()
            .and_then(|b| Url::parse_into(b, String::new()).ok());
        for _ in 0..40 {
            let m = mutate(&mut rng, input);
            check(&m, base.as_ref());
            check(&m, None);
            parsed += 2;
        }
    }
    println!("robustness: {parsed} passed, 0 failed");
}

#[test]
fn long_and_pathological_inputs() {
    let long_path = format!("http://h/{}", "a/../".repeat(20_000));
    check(&long_path, None);
    let long_host = format!("http://{}.com/", "a".repeat(100_000));
    check(&long_host, None);
    let many_dots = format!("http://h/{}", "./".repeat(50_000));
    check(&many_dots, None);
    let ipv4ish = format!("http://0x{}1/", "0".repeat(10_000));
    check(&ipv4ish, None);
    let at_signs = format!("http://{}h/", "@".repeat(10_000));
    check(&at_signs, None);
    let tabs = format!("h\tt\ntp://{}x/\t", "\t".repeat(1000));
    check(&tabs, None);
    let brackets = format!("http://[{}]/", "1:".repeat(1000));
    check(&brackets, None);
}
