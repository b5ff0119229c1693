//! `URL.canParse(input, base)` against every case of WPT `urltestdata.json`
//! (as WPT's url-statics-canparse test uses it): true exactly when the case
//! is not a failure, and the same answer as a full parse.

use weburl_conformance::{read_json_usv, wpt_path};

#[test]
fn can_parse_agrees_with_urltestdata() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let (mut passed, mut failed) = (0, Vec::new());
    for case in data.as_array().expect("array") {
        let Some(input) = case["input"].as_str() else {
            continue;
        };
        let base = case["base"].as_str();
        let want = !case["failure"].as_bool().unwrap_or(false);
        let got = weburl::Url::can_parse(input, base);
        let parsed = match base {
            None => weburl::Url::parse(input).is_ok(),
            Some(b) => weburl::Url::parse(b)
                .and_then(|b| weburl::Url::parse_with_base(input, &b))
                .is_ok(),
        };
        if got == want && parsed == want {
            passed += 1;
        } else {
            failed.push(format!(
                "{input:?} base {base:?}: can_parse {got}, parse {parsed}, want {want}"
            ));
        }
    }
    println!("can_parse: {passed} passed, {} failed", failed.len());
    assert!(passed > 800, "only {passed} cases");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// url-core's `Parser::can_parse_in` stops where the path starts and skips
/// copying a base's path: it must still give the full parse's answer (and
/// its error) for every urltestdata and setters input, against the case's
/// base, no base, and bases of every kind (special, file, opaque, with and
/// without a host), with room to spare and with room only for short
/// prefixes (a capacity error must then be reported, never a wrong answer).
#[test]
fn can_parse_in_agrees_with_parse_into() {
    use url_core::{ParseError, Parser, SliceStorage, Url};
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let (setters, _) = read_json_usv(&wpt_path("setters_tests.json"));
    let mut inputs: Vec<String> = Vec::new();
    let mut bases: Vec<String> = [
        "https://user:pw@example.com:8080/a/b/c?q=1#f",
        "http://example.com",
        "file:///C:/dir/file",
        "file://host/share/x",
        "sc:opaque path?q",
        "sc://h/p?q",
        "sc:/p",
        "about:blank",
        "non-special://[1::2]:99/x",
    ]
    .map(String::from)
    .to_vec();
    for case in data.as_array().expect("array") {
        if let Some(input) = case["input"].as_str() {
            inputs.push(input.to_string());
        }
        if let Some(base) = case["base"].as_str() {
            bases.push(base.to_string());
        }
    }
    for (_, cases) in setters.as_object().expect("object") {
        for case in cases.as_array().into_iter().flatten() {
            for key in ["href", "new_value"] {
                if let Some(s) = case[key].as_str() {
                    inputs.push(s.to_string());
                }
            }
        }
    }
    // IDN hosts, whose Punycode can_parse_in leaves unwritten: the checks
    // after it (ends in a number, forbidden code points) must not change.
    for host in [
        "b\u{fc}cher.123",
        "b\u{fc}cher.0x1f",
        "123.b\u{fc}cher",
        "xn--bcher-kva.1",
        "\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}",
        "\u{4f8b}.0",
        "\u{ff11}\u{ff12}\u{ff13}",
        "\u{fc}.\u{3002}",
        "a\u{200d}b",
        "\u{5d0}1",
        "localhost\u{3002}",
        // ASCII in a converted label stays in its Punycode, where a
        // forbidden code point still fails the host (found by fuzzing).
        "\u{11}\u{301}",
        "a%\u{e9}",
        "a\u{7f}\u{e9}",
        "\u{ff4c}\u{ff4f}\u{ff43}\u{ff41}\u{ff4c}\u{ff48}\u{ff4f}\u{ff53}\u{ff54}",
    ] {
        for scheme in ["http", "file", "sc"] {
            inputs.push(format!("{scheme}://{host}/p"));
        }
    }
    // Failures the predicate tells by itself (an empty special host, no
    // scheme without a base), beside look-alikes that parse or that it
    // must leave to the parser: its error and position must be the
    // parser's.
    inputs.extend(
        [
            "http://:/",
            "HTTP://#",
            "https://?q",
            "https://:8080/x",
            "wss:\\\\:1",
            "ws:/:",
            "http://:%40/",
            "http://:@h/",
            "http://:\t@h/",
            "http://\t:/",
            "http:/\t/?",
            "http:///?",
            "https:///Y:",
            "http:///test",
            "https://\\/\\h:1/",
            "https:////:/",
            "https://\\\t/h",
            "http://:/@",
            "file://:/",
            "sc://:/",
            "http://test:test",
            "http://foo:065536/",
            "hTtp://foo:-80/",
            "http://a:b@c:1x",
            "http://a:x@h/",
            "http://h:80:90",
            "http://[::1]:x",
            "http://h:8\t0/",
            "http://h:80 ",
            "http://h:99999x",
            "http://h:99999",
            "https://h:1\u{80}",
            "wss://1.2.3.4:65535x",
            "%2e",
            "#x",
            "1a:b",
            "\u{e9}:x",
            "a\tb c",
        ]
        .map(String::from),
    );
    // Leading and trailing C0 controls and spaces are trimmed, and the
    // quick check must trim them all, not only ASCII whitespace.
    let trimmed: Vec<String> = inputs
        .iter()
        .flat_map(|i| [format!("\u{2}{i}"), format!(" \u{1f}{i}\u{0} ")])
        .collect();
    inputs.extend(trimmed);
    bases.sort();
    bases.dedup();
    let parsed_bases: Vec<Url<String>> = bases
        .iter()
        .filter_map(|b| Url::parse_into(b, String::new()).ok())
        .collect();
    assert!(parsed_bases.len() > 50, "only {} bases", parsed_bases.len());
    let (mut checked, mut capacity, mut mismatches) = (0, 0, Vec::new());
    for input in &inputs {
        for base in std::iter::once(None).chain(parsed_bases.iter().map(Some)) {
            let parser = || Parser::new().with_base(base.map(Url::as_url_ref));
            let want = parser()
                .parse_into(input, String::new())
                .map(|_| ())
                .map_err(|e| format!("{e:?}"));
            let got = parser()
                .can_parse_in(input, String::new)
                .map_err(|e| format!("{e:?}"));
            checked += 1;
            if got != want {
                mismatches.push(format!(
                    "{input:?} base {:?}: {got:?} != {want:?}",
                    base.map(|b| b.href().to_string())
                ));
            }
            let mut room = [0u8; 12];
            match parser().can_parse_in(input, || SliceStorage::new(&mut room)) {
                Err(ParseError::Capacity(_)) => capacity += 1,
                small => {
                    let small = small.map_err(|e| format!("{e:?}"));
                    if small != want {
                        mismatches.push(format!(
                            "{input:?} (12 bytes of room): {small:?} != {want:?}"
                        ));
                    }
                }
            }
        }
    }
    println!(
        "can_parse_in: {checked} input/base pairs agree with parse_into ({capacity} needed more than 12 bytes)"
    );
    assert!(checked > 150_000, "only {checked} pairs");
    assert!(
        mismatches.is_empty(),
        "{}",
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

/// `can_parse_in` writes no ASCII host: a check with no room at all
/// answers for an ASCII domain of any case, an IPv4 address in any notation
/// and an IPv6 address, whichever engine takes it (the predicate, the
/// straight-line route, the state machine after a tab). An IDN's labels are
/// still written for IDNA to read, so it needs room.
#[test]
fn can_parse_in_writes_no_ascii_host() {
    use url_core::{ParseError, Parser, SliceStorage};
    let check = |input: &str| Parser::new().can_parse_in(input, || SliceStorage::new(&mut []));
    for input in [
        "https://example.com/",
        "HTTPS://EXAMPLE.COM/a",
        "ws://User:Pass@Example.Org:8080/",
        "http://0x7F.1/",
        "http://3232235777/",
        "HTTP://192.168.0.1:80/",
        "http://[::FFFF:1.2.3.4]/",
        "https://[0:0:0:0:0:0:0:1]:443/x",
        "http://exa\tmple.com/",
        "http://[::1\n]/",
    ] {
        assert_eq!(check(input), Ok(()), "{input:?}");
    }
    // Failures are found without room too.
    assert!(matches!(
        check("http://1.2.3.256/"),
        Err(ParseError::Invalid { .. })
    ));
    assert!(matches!(
        check("http://[::1::]/"),
        Err(ParseError::Invalid { .. })
    ));
    // An IDN host alone is judged by the host parser in a room of the
    // predicate's own; with a tab in the host, the route that removes it
    // needs the caller's room.
    assert_eq!(check("https://b\u{fc}cher.example/"), Ok(()));
    assert!(matches!(
        check("https://b\u{fc}cher.\u{2060}\u{e000}/"),
        Err(ParseError::Invalid { .. })
    ));
    assert!(matches!(
        check("https://b\u{fc}ch\ter.example/"),
        Err(ParseError::Capacity(_))
    ));
}

/// The shapes `can_parse` answers from the scheme and authority alone
/// (`url_core::parser::check`): hosts of either case with rarer domain
/// bytes, credentials with an `@` in the path, IPv6 addresses the one-pass
/// parser takes or hands on (an IPv4 part, a tab, an error). Each answer
/// must be the full parse's, and the cases whose answer is known are
/// pinned too.
#[test]
fn can_parse_authority_shapes_agree_with_parse() {
    let cases: &[(&str, Option<bool>)] = &[
        // The inline "http://" / "https://" test and the inputs next to it.
        ("http://", Some(false)),
        ("https://", Some(false)),
        ("https:", Some(false)),
        ("http://x", Some(true)),
        ("https://x", Some(true)),
        ("http://:80/", Some(false)),
        ("http://@/", Some(false)),
        ("https:/x", Some(true)),
        ("http:s//a", Some(true)),
        ("https:///a", Some(true)),
        ("httpx://a/", Some(true)),
        ("httpS://a/", Some(true)),
        ("https:x//a", Some(true)),
        ("https://EXAMPLE.com/", Some(true)),
        ("https://Ex_Ample.COM:8080/", Some(true)),
        ("https://EXAMPLE.COM:65536/", Some(false)),
        ("https://ex ample.com/", Some(false)),
        ("https://EXAMPLE.1/", Some(false)),
        ("https://EXAMPLE.1.2/", Some(false)),
        ("https://1.2.3.EXAMPLE/", Some(true)),
        ("https://EXAMPLE.0X1G/", Some(true)),
        ("https://EXAMPLE.0X1F/", Some(false)),
        ("https://u:p@EXAMPLE.com/a@b", Some(true)),
        ("https://u@p@h/", Some(true)),
        ("https://u@/x@y", Some(false)),
        ("https://h/x@y:99999", Some(true)),
        ("https://u:p@[::1]:80/", Some(true)),
        ("https://[2001:DB8:0:0:0:0:0:1]/", Some(true)),
        ("https://[::FFFF:10.1.2.3]/", Some(true)),
        ("https://[::FFFF:10.1.2.300]/", Some(false)),
        ("https://[1::2::3]/", Some(false)),
        ("https://[1:\t2::3]/", Some(true)),
        ("https://[1:2:3:4:5:6:7:8:9]/", Some(false)),
        ("https://[::1]x/", Some(false)),
        // Host failures told from the authority, unless an '@' makes the
        // host credentials.
        ("https://[1::2::3]:80/", Some(false)),
        ("https://[1::2::3]:x/", Some(false)),
        ("https://[1::2::3]@h/", Some(true)),
        ("https://[1::2::3]x@h/", Some(true)),
        ("https://u@[1::2::3]/", Some(false)),
        ("https://1.2.3.999:80/", Some(false)),
        ("https://1.2.3.999@h/", Some(true)),
        ("https://u@1.2.3.999?q", Some(false)),
        ("https://0X1.0XFFFFFFFF/", Some(false)),
        // Percent-encoded ASCII hosts, decoded as the host parser does.
        ("https://ho%5Cst/", Some(false)),
        ("https://e%78ample%2E%63om/", Some(true)),
        ("https://E%78AMPLE.com:8080/", Some(true)),
        ("https://a<b/", Some(false)),
        ("https://ab%/", Some(false)),
        ("https://ab%2/", Some(false)),
        ("https://ab%25/", Some(false)),
        ("https://a%3C:80@h/", Some(true)),
        ("https://u:%41@h%41/", Some(true)),
        ("https://1.2.3.%34/", Some(true)),
        ("https://a%2E1/", Some(false)),
        ("https://a%2E0x/", Some(false)),
        ("https://%C3%BC.example/", Some(true)),
        ("https://%C3%BC<.example/", Some(false)),
        ("https://a%20b/", Some(false)),
        // Non-special authorities: an opaque host and a port.
        ("sc://u:p@h:65535/x", Some(true)),
        ("sc://h:65536", Some(false)),
        ("sc://h:", Some(true)),
        ("sc://:1", Some(false)),
        ("sc://@/x", Some(false)),
        ("sc:///x", Some(true)),
        ("sc://h^/", Some(false)),
        ("sc://\u{f1}%zz/", Some(true)),
        ("SC://H/x", Some(true)),
        ("sc://a\tb/", Some(true)),
        ("sc://h:8\t0/", Some(true)),
        ("sc://[::1]:8/", Some(true)),
        ("sc://[::1/", Some(false)),
        ("sc://h\\x/", Some(false)),
        ("sc://u@:1", Some(false)),
        ("sc://u@", Some(false)),
        ("sc://a[b:c]d:80/", Some(false)),
        ("sc://h:8x/", Some(false)),
        ("sc://u@[1:2::3]:80/", Some(true)),
        ("sc://[1::2::3]:80/", Some(false)),
        ("sc://[]/", Some(false)),
        ("sc://[1::]x/", Some(false)),
        // C0 controls and space: forbidden, unless trimming takes them.
        ("https://a\u{1a}b/", Some(false)),
        ("https://a b", Some(false)),
        ("https://ab\u{1a}", Some(true)),
        ("https://ab \u{1}", Some(true)),
        ("https://a\u{1a}b \u{1}", Some(false)),
        ("https://a\u{1a}b\t/", Some(false)),
        ("https://a\u{00fc}b.example/", Some(true)),
        ("HTTP://a%41.EXAMPLE/", Some(true)),
        // file: the file host state's buffer, with no port (url.bs).
        ("file://node.gypi", Some(true)),
        ("file://HOST/share", Some(true)),
        ("file://C:/x", Some(true)),
        ("file://c|", Some(true)),
        ("file:\\\\host\\x", Some(true)),
        ("file:///x", Some(true)),
        ("file:x", Some(true)),
        ("file:/x", Some(true)),
        ("file://h:80/", Some(false)),
        ("file://exa mple/x", Some(false)),
        ("file://[::1]/x", Some(true)),
        ("file://[::1/x", Some(false)),
        ("file://1.2.3.256/", Some(false)),
        ("file://localhost/x", Some(true)),
        ("file:/\t/h/x", Some(true)),
        ("file:\t//h:1/x", Some(false)),
        ("file://h\t:1/x", Some(false)),
        ("file://deps/openssl/x.c", Some(true)),
        ("file://deps?q", Some(true)),
        ("file://deps#f", Some(true)),
        ("file://deps", Some(true)),
        ("file://deps\\x", Some(true)),
        ("file://de\tps/x", Some(true)),
        ("file://deps:/x", Some(false)),
        ("file://d/x", Some(true)),
        ("file://1.2.3/x", Some(true)),
        ("file://1.2.3.4.5/x", Some(false)),
        ("file://[::1]?x", Some(true)),
        ("file://\\x", Some(true)),
        ("file:///\tx", Some(true)),
        ("file://a\u{00fc}b/x", Some(true)),
    ];
    for &(input, want) in cases {
        let got = weburl::Url::can_parse(input, None);
        let parsed = weburl::Url::parse(input).is_ok();
        assert_eq!(got, parsed, "{input:?}: can_parse {got}, parse {parsed}");
        if let Some(want) = want {
            assert_eq!(got, want, "{input:?}");
        }
    }
}

/// can_parse against the full parse on the benchmark corpora and
/// mutations.jsonl (../shared/data/bench, when present), with and without
/// bases of each kind.
#[test]
fn can_parse_agrees_on_corpora_and_mutations() {
    let dir = weburl_conformance::root().join("../shared/data/bench");
    let mut inputs: Vec<String> = Vec::new();
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        if let Ok(text) = std::fs::read_to_string(dir.join(name)) {
            inputs.extend(text.lines().map(String::from));
        }
    }
    inputs.extend(weburl_conformance::mutation_inputs().unwrap_or_default());
    if inputs.is_empty() {
        assert!(std::env::var_os("CI").is_none(), "bench data missing in CI");
        return;
    }
    let bases = [
        None,
        Some("https://example.com/a/b"),
        Some("file:///C:/x/y"),
        Some("sc:/p"),
    ];
    let mut n = 0;
    for base in bases {
        let b = base.map(|b| weburl::Url::parse(b).unwrap());
        for input in &inputs {
            let parsed = match &b {
                Some(b) => weburl::Url::parse_with_base(input, b).is_ok(),
                None => weburl::Url::parse(input).is_ok(),
            };
            let got = weburl::Url::can_parse(input, base);
            assert_eq!(got, parsed, "{input:?} (base {base:?})");
            n += 1;
        }
    }
    println!("can_parse corpora and mutations: {n} agree");
}

/// Every mutation of ../shared/data/bench/mutations.jsonl (a third fail),
/// as given and with a tab or newline put at three places, against no
/// base and bases of each kind: `can_parse` (the predicate, the
/// straight-line route's check up to the port, then the state machine)
/// must give the state machine's own answer, error and position included.
#[test]
fn can_parse_agrees_with_the_state_machine_on_mutations() {
    use url_core::{Parser, Url};
    let Some(inputs) = weburl_conformance::mutation_inputs() else {
        return;
    };
    let bases: Vec<Option<Url<String>>> = [
        None,
        Some("https://example.com/a/b?q#f"),
        Some("file:///C:/x/y"),
        Some("sc://h/p"),
        Some("sc:opaque"),
    ]
    .iter()
    .map(|b| b.map(|b| Url::parse_into(b, String::new()).unwrap()))
    .collect();
    let (mut n, mut failing) = (0, 0);
    for (k, input) in inputs.iter().enumerate() {
        let places: Vec<usize> = (0..=input.len())
            .filter(|&i| input.is_char_boundary(i))
            .collect();
        let mut variants = vec![input.to_string()];
        for j in 1..=3 {
            let at = places[(k * 7 + j * 13) % places.len()];
            let run = ["\t", "\n", "\r\n"][j - 1];
            variants.push(format!("{}{run}{}", &input[..at], &input[at..]));
        }
        for input in &variants {
            for base in &bases {
                let parser = || Parser::new().with_base(base.as_ref().map(Url::as_url_ref));
                let want = parser()
                    .without_fast_path()
                    .parse_into(input, String::new())
                    .map(|_| ());
                let got = parser().can_parse(input);
                assert_eq!(got, want, "{input:?} base {base:?}");
                failing += usize::from(want.is_err());
                n += 1;
            }
        }
    }
    assert!(failing > 10_000, "only {failing} failing");
    println!("can_parse mutations: {n} agree with the state machine ({failing} failing)");
}
