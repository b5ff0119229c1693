//! Public suffix and registrable domain (url.bs §3.2), same site (HTML,
//! url.bs §4.7).
//!
//! - The examples table of url.bs §3.2, every row, through the URL parser
//!   (`https://{host}/`) and `Url::public_suffix` / `Url::registrable_domain`.
//! - The Public Suffix List's own test vectors, `data/psl/test_psl.txt`
//!   (shipped in the PyPI wheel of `publicsuffixlist`, see data/README.md):
//!   `checkPublicSuffix(domain, registrableDomain)` lines. Inputs and
//!   expected values go through `idna::domain_to_ascii` (IDN lines compare
//!   in Punycode, as URL hosts are). The file's convention that a domain with
//!   a leading dot is invalid input (expected null) is applied by this
//!   harness: a URL host may start with a dot, and `registrable_domain`
//!   answers for it.
//! - IDN suffixes through `domain_to_ascii`, and same site / schemelessly
//!   same site.

use url_core::idna::domain_to_ascii;
use url_core::public_suffix::{
    public_suffix, registrable_domain, same_site, schemelessly_same_site,
};
use url_core::Url;
use weburl_conformance::root;

/// (host input, public suffix, registrable domain): the url.bs §3.2 table.
const SPEC_TABLE: &[(&str, Option<&str>, Option<&str>)] = &[
    ("com", Some("com"), None),
    ("example.com", Some("com"), Some("example.com")),
    ("www.example.com", Some("com"), Some("example.com")),
    ("sub.www.example.com", Some("com"), Some("example.com")),
    ("EXAMPLE.COM", Some("com"), Some("example.com")),
    ("example.com.", Some("com."), Some("example.com.")),
    ("github.io", Some("github.io"), None),
    (
        "whatwg.github.io",
        Some("github.io"),
        Some("whatwg.github.io"),
    ),
    ("إختبار", Some("xn--kgbechtv"), None),
    (
        "example.إختبار",
        Some("xn--kgbechtv"),
        Some("example.xn--kgbechtv"),
    ),
    (
        "sub.example.إختبار",
        Some("xn--kgbechtv"),
        Some("example.xn--kgbechtv"),
    ),
    ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
];

#[test]
fn spec_examples_table() {
    for &(input, ps, rd) in SPEC_TABLE {
        let url = Url::parse_into(&format!("https://{input}/"), String::new())
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(url.public_suffix(), ps, "public suffix of {input:?}");
        assert_eq!(
            url.registrable_domain(),
            rd,
            "registrable domain of {input:?}"
        );
    }
    println!("public_suffix spec table: {} passed", SPEC_TABLE.len());
}

fn ascii(domain: &str) -> Option<String> {
    let mut out = String::new();
    domain_to_ascii(domain, false, &mut out).ok()?;
    Some(out)
}

/// `'text'` or `null` → Option<&str>.
fn js_arg(s: &str) -> Option<&str> {
    let s = s.trim();
    if s == "null" {
        None
    } else {
        Some(s.trim_matches('\''))
    }
}

#[test]
fn psl_test_vectors() {
    let path = root().join("data/psl/test_psl.txt");
    let text = std::fs::read_to_string(&path).expect("data/psl/test_psl.txt");
    let mut passed = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        let Some(args) = line
            .trim()
            .strip_prefix("checkPublicSuffix(")
            .and_then(|l| l.strip_suffix(");"))
        else {
            continue;
        };
        let (a, b) = args.split_once(',').expect("two arguments");
        let (input, expected) = (js_arg(a), js_arg(b));
        let Some(input) = input else {
            continue; // checkPublicSuffix(null, null): no domain to look up
        };
        let expected = expected.map(|e| ascii(e).expect("expected value converts"));
        let got = if input.starts_with('.') {
            None // the file's convention: a leading dot is invalid input
        } else {
            ascii(input).and_then(|h| registrable_domain(&h).map(str::to_ascii_lowercase))
        };
        if got == expected {
            passed += 1;
        } else {
            failures.push(format!("{input:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(passed > 70, "only {passed} vectors read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("test_psl.txt: {passed} passed, 0 failed");
}

#[test]
fn idn_suffixes_through_domain_to_ascii() {
    for (host, ps, rd) in [
        (
            "食狮.公司.cn",
            "xn--55qx5d.cn",
            Some("xn--85x722f.xn--55qx5d.cn"),
        ),
        (
            "www.食狮.中国",
            "xn--fiqs8s",
            Some("xn--85x722f.xn--fiqs8s"),
        ),
        ("bücher.example.рф", "xn--p1ai", Some("example.xn--p1ai")),
        ("Ｅxample.ＣＯＭ", "com", Some("example.com")),
        ("ايران.ir", "xn--mgba3a4fra.ir", None),
    ] {
        let h = ascii(host).unwrap_or_else(|| panic!("{host}"));
        assert_eq!(public_suffix(&h), Some(ps), "{host} → {h}");
        assert_eq!(registrable_domain(&h), rd, "{host} → {h}");
    }
}

#[test]
fn hosts_that_are_not_domains() {
    for input in [
        "https://127.0.0.1/",
        "https://[::1]/",
        "http://0x7f.1/",
        "file:///x",
        "mailto:a@b.com",
        "sc://opaque.example.com/",
    ] {
        let url = Url::parse_into(input, String::new()).unwrap();
        assert_eq!(url.public_suffix(), None, "{input}");
        assert_eq!(url.registrable_domain(), None, "{input}");
    }
}

#[test]
fn same_site_and_schemelessly_same_site() {
    let origin = |s: &str| Url::parse_into(s, String::new()).unwrap();
    // (a, b, same site, schemelessly same site)
    let cases = [
        (
            "https://example.com/",
            "https://www.example.com/",
            true,
            true,
        ),
        (
            "https://a.example.com/",
            "https://b.example.com:8443/",
            true,
            true,
        ),
        ("https://example.com/", "http://example.com/", false, true),
        ("https://example.com/", "wss://example.com/", false, true),
        ("https://a.github.io/", "https://b.github.io/", false, false),
        ("https://x.a.github.io/", "https://a.github.io/", true, true),
        (
            "https://example.co.uk/",
            "https://other.co.uk/",
            false,
            false,
        ),
        ("https://co.uk/", "https://co.uk/", true, true),
        ("https://co.uk/", "https://a.co.uk/", false, false),
        ("https://127.0.0.1/", "https://127.0.0.1:8080/", true, true),
        ("https://127.0.0.1/", "https://127.0.0.2/", false, false),
        ("https://[::1]/", "https://[::1]/", true, true),
        (
            "https://example.com/",
            "https://example.com./",
            false,
            false,
        ),
        ("https://example.com/", "data:,x", false, false),
        ("data:,x", "data:,x", false, false),
        (
            "blob:https://example.com/uuid",
            "https://www.example.com/",
            true,
            true,
        ),
    ];
    for (a, b, same, schemeless) in cases {
        let (ua, ub) = (origin(a), origin(b));
        let (oa, ob) = (ua.origin(), ub.origin());
        assert_eq!(same_site(&oa, &ob), same, "same site {a} {b}");
        assert_eq!(same_site(&ob, &oa), same, "same site {b} {a}");
        assert_eq!(
            schemelessly_same_site(&oa, &ob),
            schemeless,
            "schemelessly {a} {b}"
        );
        assert_eq!(oa.same_site(&ob), same);
        assert_eq!(oa.schemelessly_same_site(&ob), schemeless);
    }
}

/// Every host of the WPT URL test data: no panic, and the results are
/// suffixes of the host in the right order (host ⊇ registrable domain ⊋
/// public suffix, on label boundaries).
#[test]
fn invariants_over_urltestdata_hosts() {
    let path = weburl_conformance::wpt_path("urltestdata.json");
    let (data, _) = weburl_conformance::read_json_usv(&path);
    let mut hosts = 0;
    for case in data.as_array().unwrap() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case.get("base").and_then(|v| v.as_str());
        let base = base.and_then(|b| Url::parse_into(b, String::new()).ok());
        let parsed = url_core::Parser::new()
            .with_base(base.as_ref().map(|b| b.as_url_ref()))
            .parse_into(input, String::new());
        let Ok(url) = parsed else { continue };
        for host in [url.hostname(), input] {
            let ps = public_suffix(host);
            let rd = registrable_domain(host);
            if let Some(ps) = ps {
                assert!(host.ends_with(ps), "{host:?} {ps:?}");
                assert!(
                    ps.len() == host.len() || host.as_bytes()[host.len() - ps.len() - 1] == b'.'
                );
            }
            if let Some(rd) = rd {
                let ps = ps.expect("a registrable domain has a public suffix");
                assert!(
                    host.ends_with(rd) && rd.len() > ps.len() && rd.ends_with(ps),
                    "{host:?}"
                );
            }
        }
        hosts += 1;
    }
    assert!(hosts > 100);
}
