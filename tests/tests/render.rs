//! URL rendering (url.bs §4.8): `url_core::render` and the owned-String
//! conveniences of `weburl`.

use url_core::idna::domain_to_ascii;
use url_core::render::{is_highly_restrictive, render, render_host, RenderOptions};
use url_core::Url;

fn ascii(domain: &str) -> String {
    let mut out = String::new();
    domain_to_ascii(domain, false, &mut out).unwrap_or_else(|e| panic!("{domain}: {e}"));
    out
}

fn show(input: &str, max: Option<usize>) -> String {
    let url = Url::parse_into(input, String::new()).unwrap_or_else(|e| panic!("{input}: {e}"));
    let mut out = String::new();
    let options = match max {
        Some(m) => RenderOptions::with_max_width(m),
        None => RenderOptions::default(),
    };
    let info = render(&url, &options, &mut out).unwrap();
    assert_eq!(info.width, out.chars().count());
    out
}

#[test]
fn credentials_are_never_shown() {
    assert_eq!(
        show("https://examplecorp.com@attacker.example/", None),
        "https://attacker.example/"
    );
    assert_eq!(
        show("https://user:secret@example.com:8080/x", None),
        "https://example.com:8080/x"
    );
    assert_eq!(
        show("ftp://anonymous:me@ftp.example/", None),
        "ftp://ftp.example/"
    );
    assert_eq!(show("sc://u:p@host/x", None), "sc://host/x");
}

#[test]
fn mixed_script_host_stays_punycode() {
    // "аpple" with U+0430 CYRILLIC SMALL LETTER A, and "pаypаl" likewise.
    for spoof in ["аpple.com", "pаypаl.com", "www.gооgle.com"] {
        let host = ascii(spoof);
        assert!(host.contains("xn--"), "{spoof} → {host}");
        let rendered = show(&format!("https://{host}/"), None);
        assert_eq!(rendered, format!("https://{host}/"), "{spoof}");
        let mut out = String::new();
        assert!(render_host(&host, &mut out).unwrap() >= 1);
        assert_eq!(out, host);
    }
    assert!(!is_highly_restrictive("аpple"));
}

#[test]
fn single_script_and_allowed_combinations_show_unicode() {
    for (unicode, expected) in [
        ("bücher.example", "bücher.example"),
        ("пример.рф", "пример.рф"),
        ("例え.jp", "例え.jp"),
        ("東京tokyo.jp", "東京tokyo.jp"),
        ("한국abc.kr", "한국abc.kr"),
        ("παράδειγμα.gr", "παράδειγμα.gr"),
        ("إختبار", "إختبار"),
    ] {
        let host = ascii(unicode);
        assert_eq!(
            show(&format!("https://{host}/"), None),
            format!("https://{expected}/"),
            "{unicode}"
        );
    }
    // Per label: one spoofy label does not drag the others to ASCII.
    let host = ascii("bücher.аpple.com");
    let (_, rest) = host.split_once('.').unwrap();
    assert_eq!(
        show(&format!("https://{host}/"), None),
        format!("https://bücher.{rest}/")
    );
}

#[test]
fn labels_failing_to_unicode_stay_ascii() {
    // Decodes to "ｗｗｗ" (not valid after mapping): domain to Unicode fails.
    assert_eq!(
        show("https://xn--8i7caa.example/", None),
        "https://xn--8i7caa.example/"
    );
}

#[test]
fn percent_decoding_where_safe() {
    assert_eq!(
        show("https://example.com/caf%C3%A9?q=%E2%82%AC#%C3%BC", None),
        "https://example.com/café?q=€#ü"
    );
    // ASCII stays encoded: %2F is not a path separator, %20 is invisible.
    assert_eq!(
        show("https://example.com/a%2Fb%20c", None),
        "https://example.com/a%2Fb%20c"
    );
    // Bidi controls, invisible characters and lock icons stay encoded.
    for enc in [
        "%E2%80%AE",
        "%E2%80%8B",
        "%C2%A0",
        "%EF%BB%BF",
        "%F0%9F%94%92",
        "%E2%88%95",
    ] {
        let url = format!("https://example.com/{enc}");
        assert_eq!(show(&url, None), url);
    }
    // Invalid UTF-8 stays encoded; valid neighbours decode.
    assert_eq!(
        show("https://example.com/%C3%28%C3%A9", None),
        "https://example.com/%C3%28é"
    );
}

#[test]
fn elision_keeps_the_registrable_domain() {
    let full = "https://examplecorp.com.evil.com/";
    assert_eq!(show(full, None), full);
    // Path goes first, then the lowest-level labels.
    assert_eq!(show(full, Some(33)), full);
    assert_eq!(show(full, Some(32)), "https://examplecorp.com.evil.com");
    assert_eq!(show(full, Some(31)), "https://…com.evil.com");
    assert_eq!(show(full, Some(21)), "https://…com.evil.com");
    assert_eq!(show(full, Some(20)), "https://…evil.com");
    // Never into the registrable domain, even when that is too wide.
    assert_eq!(show(full, Some(5)), "https://…evil.com");
    let url = Url::parse_into(full, String::new()).unwrap();
    let mut out = String::new();
    let info = render(&url, &RenderOptions::with_max_width(5), &mut out).unwrap();
    assert!(info.elided && info.over_width);
    // Never "examplecorp.com…".
    for max in 0..40 {
        let s = show(full, Some(max));
        assert!(s.contains("evil.com"), "{max}: {s}");
        assert!(!s.contains("examplecorp.com…"), "{max}: {s}");
    }
}

#[test]
fn elision_of_the_path_end() {
    let s = show(
        "https://example.com/a/very/long/path?and=query#frag",
        Some(30),
    );
    assert_eq!(s, "https://example.com/a/very/lo…");
    assert_eq!(s.chars().count(), 30);
    // A public suffix host with no registrable domain is never elided.
    assert_eq!(
        show("https://a.b.github.io/xyz", Some(10)),
        "https://…b.github.io"
    );
    assert_eq!(show("https://github.io/xyz", Some(10)), "https://github.io");
    // IP addresses are shown whole.
    assert_eq!(
        show("http://192.168.100.200:8080/p", Some(10)),
        "http://192.168.100.200:8080"
    );
}

#[test]
fn other_urls() {
    assert_eq!(
        show("mailto:user@example.org", None),
        "mailto:user@example.org"
    );
    assert_eq!(show("file:///C:/x/%C3%A9", None), "file:///C:/x/é");
    assert_eq!(show("https://[::1]:8443/", None), "https://[::1]:8443/");
    assert_eq!(show("data:,%C3%A9", None), "data:,é");
    // A null host and a path starting with "//" keep the serializer's "/.".
    assert_eq!(
        show("web+demo:/.//not-a-host/", None),
        "web+demo:/.//not-a-host/"
    );
}

#[test]
fn url_syntax_look_alikes_stay_encoded() {
    // U+FF0F FULLWIDTH SOLIDUS, U+2488 DIGIT ONE FULL STOP, U+FF20 FULLWIDTH
    // COMMERCIAL AT, U+2024 ONE DOT LEADER, U+0338 COMBINING LONG SOLIDUS.
    for enc in ["%EF%BC%8F", "%E2%92%88", "%EF%BC%A0", "%E2%80%A4", "%CC%B8"] {
        let url = format!("https://example.com/a{enc}b");
        assert_eq!(show(&url, None), url);
    }
}

#[test]
fn no_panics_on_urltestdata_inputs() {
    let path = weburl_conformance::wpt_path("urltestdata.json");
    let (data, _) = weburl_conformance::read_json_usv(&path);
    let mut n = 0;
    for case in data.as_array().unwrap() {
        let Some(input) = case.get("href").and_then(|v| v.as_str()) else {
            continue;
        };
        let Ok(url) = Url::parse_into(input, String::new()) else {
            continue;
        };
        for max in [None, Some(0), Some(12), Some(30)] {
            let mut out = String::new();
            let o = match max {
                Some(m) => RenderOptions::with_max_width(m),
                None => RenderOptions::default(),
            };
            render(&url, &o, &mut out).unwrap();
            n += 1;
        }
    }
    assert!(n > 100);
}

#[test]
fn weburl_string_conveniences() {
    let url: weburl::Url = "https://examplecorp.com@attacker.example/".parse().unwrap();
    assert_eq!(weburl::render::display(&url), "https://attacker.example/");
    assert_eq!(
        weburl::render::display_with(&url, &RenderOptions::with_max_width(40)),
        "https://attacker.example/"
    );
    assert_eq!(
        weburl::render::display_host(&ascii("bücher.example")),
        "bücher.example"
    );
    assert_eq!(
        weburl::psl::registrable_domain("www.example.co.uk"),
        Some("example.co.uk".to_string())
    );
    assert_eq!(
        weburl::psl::public_suffix_of(&url),
        Some("example".to_string())
    );
}
