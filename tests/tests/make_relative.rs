//! `Url::make_relative`: `base.join(rel)` gives back the URL for every
//! pair it answers, and it answers every pair that shares scheme,
//! credentials, host and port with no opaque path — over the WPT inputs and
//! the benchmark corpora (../shared/data/bench, when present).

use weburl::Url;
use weburl_conformance::{read_json_usv, root, wpt_path};

fn relatable(a: &Url, b: &Url) -> bool {
    !a.has_opaque_path()
        && !b.has_opaque_path()
        && a.scheme() == b.scheme()
        && a.username() == b.username()
        && a.password() == b.password()
        && a.host() == b.host()
        // `a:///x` (empty host) to `a:/y` (none): no reference removes a host.
        && (a.host_kind() == b.host_kind() || b.host_kind() == weburl::HostKind::Empty)
}

/// Checks every ordered pair within each group of `urls` that share an
/// origin-like key; returns how many pairs had a relative reference.
fn check_pairs(urls: &[Url]) -> usize {
    let mut groups: std::collections::BTreeMap<String, Vec<&Url>> = Default::default();
    for url in urls {
        let key = format!(
            "{}|{}|{}|{}",
            url.scheme(),
            url.username(),
            url.password(),
            url.host()
        );
        groups.entry(key).or_default().push(url);
    }
    let mut answered = 0;
    for group in groups.values() {
        // Quadratic in the group: cap it so a big host stays cheap.
        let group = &group[..group.len().min(60)];
        for base in group {
            for url in group {
                match base.make_relative(url) {
                    Some(rel) => {
                        let joined = base.join(&rel).unwrap_or_else(|e| {
                            panic!("{} + {rel:?} does not parse: {e:?}", base.href())
                        });
                        assert_eq!(
                            joined.href(),
                            url.href(),
                            "base {} rel {rel:?}",
                            base.href()
                        );
                        answered += 1;
                    }
                    None => assert!(
                        !relatable(base, url),
                        "no reference from {} to {}",
                        base.href(),
                        url.href()
                    ),
                }
            }
        }
    }
    answered
}

#[test]
fn rust_url_cases() {
    // rust-url 2.5.8's tests/unit.rs test_make_relative: the same answers.
    for (base, url, rel) in [
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test",
            "",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test/",
            "test/",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test",
            "../test",
        ),
        (
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/?foo=bar#123",
            "?foo=bar#123",
        ),
        (
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/test/video",
            "test/video",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test/video",
            "test/video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/video",
            "video",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test2/video",
            "test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test2/video",
            "../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/bla",
            "http://127.0.0.1:8080/test2/video",
            "../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/bla/",
            "http://127.0.0.1:8080/test2/video",
            "../../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/?foo=bar#123",
            "http://127.0.0.1:8080/test/video",
            "video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/video?baz=meh#456",
            "video?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test?baz=meh#456",
            "?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test?baz=meh#456",
            "../test?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/?baz=meh#456",
            "?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/?foo=bar#123",
            "http://127.0.0.1:8080/test/video?baz=meh#456",
            "video?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/file.txt",
            "http://127.0.0.1:8080/test/file.txt",
            "test/file.txt",
        ),
        (
            "http://127.0.0.1:8080/not_equal.txt",
            "http://127.0.0.1:8080/test/file.txt",
            "test/file.txt",
        ),
    ] {
        let (b, u) = (Url::parse(base).unwrap(), Url::parse(url).unwrap());
        assert_eq!(b.make_relative(&u).as_deref(), Some(rel), "{base} → {url}");
    }
    for (base, url) in [
        ("http://127.0.0.1:8080/", "https://127.0.0.1:8080/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8081/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.2:8080/test/"),
        ("mailto:a@example.com", "mailto:b@example.com"),
        // Credentials are not carried by a relative reference's target.
        ("http://a@h/", "http://b@h/x"),
    ] {
        let (b, u) = (Url::parse(base).unwrap(), Url::parse(url).unwrap());
        assert_eq!(b.make_relative(&u), None, "{base} → {url}");
    }
}

#[test]
fn awkward_paths() {
    for (base, url, rel) in [
        // A query on the base must not leak into a target without one.
        ("http://h/a/b?q", "http://h/a/b", "b"),
        ("http://h/a/?q", "http://h/a/", "./"),
        ("http://h/a/b?q#f", "http://h/a/b#g", "b#g"),
        // A segment with `:` would read as a scheme.
        ("http://h/a/b", "http://h/a/c:d", "./c:d"),
        // An empty segment would read as a path from the root or a host.
        ("http://h/a", "http://h//x", ".//x"),
        ("http://h/a/b", "http://h/a/", "./"),
        // `..` stops at a drive letter; the path from the root gets there.
        ("file:///C:/a/b", "file:///D:/x", "/D:/x"),
        ("file:///C:/a/b", "file:///C:/x", "../x"),
        ("http://h/a/b", "http://h/a/b?", "?"),
        ("http://h/a/b#f", "http://h/a/b", ""),
        ("https://h/~a", "https://h//%7Eb", ".//%7Eb"),
        // From no host to an empty one: only the authority says it.
        ("a:/x.html", "a:///y.html", "///y.html"),
    ] {
        let (b, u) = (Url::parse(base).unwrap(), Url::parse(url).unwrap());
        assert_eq!(b.make_relative(&u).as_deref(), Some(rel), "{base} → {url}");
        assert_eq!(b.join(rel).unwrap(), u, "{base} + {rel}");
    }
}

#[test]
fn wpt_urls_join_back() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let urls: Vec<Url> = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|case| Url::parse(case.get("href")?.as_str()?).ok())
        .collect();
    let answered = check_pairs(&urls);
    assert!(answered > 1000, "only {answered} pairs answered");
    println!("make_relative wpt: {answered} pairs joined back");
}

#[test]
fn corpus_urls_join_back() {
    let dir = root().join("../shared/data/bench");
    let mut answered = 0;
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            assert!(std::env::var_os("CI").is_none(), "{name} missing in CI");
            continue;
        };
        let urls: Vec<Url> = text.lines().filter_map(|l| Url::parse(l).ok()).collect();
        answered += check_pairs(&urls);
    }
    println!("make_relative corpora: {answered} pairs joined back");
}
