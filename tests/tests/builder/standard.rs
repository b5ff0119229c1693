//! Hand-written cases: hrefs from url.bs, errors, order, capacity.

use super::*;

/// (scheme, parts, href) — each href worked out from url.bs.
fn standard_cases() -> Vec<(&'static str, Vec<Part>, &'static str)> {
    vec![
        // Host lowercased; 443 is https's default port (§4.2), so no port;
        // space is in the path and fragment sets (%20), "/" ends a segment
        // (%2F); the form serializer writes space as "+" (§5.2).
        (
            "https",
            vec![
                Host(s("EXAMPLE.com")),
                Port(443),
                Segment(s("a b")),
                Segment(s("c/d")),
                Pair(s("q"), s("1 2")),
                Fragment(s("f g")),
            ],
            "https://example.com/a%20b/c%2Fd?q=1+2#f%20g",
        ),
        // The userinfo set has "@", ":" and space.
        (
            "http",
            vec![Username(s("user@x")), Password(s("p:w d")), Host(s("h"))],
            "http://user%40x:p%3Aw%20d@h/",
        ),
        // A password alone: an empty username before ":".
        ("ftp", vec![Password(s("pw")), Host(s("h"))], "ftp://:pw@h/"),
        // Parts are text: "%" is always %25.
        (
            "http",
            vec![
                Username(s("%41")),
                Host(s("h")),
                Segment(s("50%")),
                Query(s("a=%")),
                Fragment(s("100%")),
            ],
            "http://%2541@h/50%25?a=%25#100%25",
        ),
        // Default ports: ws 80, ftp 21; wss's is 443, not 80; non-special
        // schemes have none.
        ("ws", vec![Host(s("h")), Port(80)], "ws://h/"),
        ("wss", vec![Host(s("h")), Port(80)], "wss://h:80/"),
        ("ftp", vec![Host(s("h")), Port(21)], "ftp://h/"),
        ("sc", vec![Host(s("h")), Port(80)], "sc://h:80"),
        ("http", vec![Host(s("h")), Port(0)], "http://h:0/"),
        // IPv4 in hex and with fewer parts (§3.5 IPv4 parser).
        ("http", vec![Host(s("0x7F.1"))], "http://127.0.0.1/"),
        // IPv6 compressed (§3.6 IPv6 serializer).
        ("http", vec![Host(s("[0:0:0:0:0:0:0:1]"))], "http://[::1]/"),
        (
            "http",
            vec![Ip(IpAddr::V6(Ipv6Addr::new(
                0x2001, 0xdb8, 0, 0, 1, 0, 0, 1,
            )))],
            "http://[2001:db8::1:0:0:1]/",
        ),
        // A non-special URL's host is opaque: no IPv4 parsing.
        ("sc", vec![Host(s("0x7F.1"))], "sc://0x7F.1"),
        (
            "sc",
            vec![Ip(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)))],
            "sc://10.0.0.1",
        ),
        // The opaque-host parser percent-encodes with the C0 control set.
        ("sc", vec![Host(s("h\u{e9}"))], "sc://h%C3%A9"),
        // IDNA (UTS #46 ToASCII): bücher is xn--bcher-kva.
        (
            "https",
            vec![Host(s("B\u{fc}cher.example"))],
            "https://xn--bcher-kva.example/",
        ),
        // Domains are percent-decoded by the host parser.
        (
            "http",
            vec![Host(s("ex%61mple.com"))],
            "http://example.com/",
        ),
        // file: always has a host, the empty one by default; "localhost"
        // is the empty host (file host state).
        (
            "file",
            vec![Segment(s("C:")), Segment(s("Windows"))],
            "file:///C:/Windows",
        ),
        (
            "file",
            vec![Host(s("localhost")), Segment(s("x"))],
            "file:///x",
        ),
        (
            "file",
            vec![Host(s("server")), Segment(s("share"))],
            "file://server/share",
        ),
        ("file", vec![], "file:///"),
        // "C|" would become "C:" (path state, Windows drive letter quirk).
        (
            "file",
            vec![Segment(s("C|")), Segment(s("x"))],
            "file:///C%7C/x",
        ),
        // Not the first segment: no quirk, "|" is not in the path set.
        (
            "file",
            vec![Segment(s("x")), Segment(s("C|"))],
            "file:///x/C|",
        ),
        // Non-special without a host: the serializer's "/." (§4.5).
        ("sc", vec![Segment(s("")), Segment(s("x"))], "sc:/.//x"),
        ("sc", vec![Segment(s("a"))], "sc:/a"),
        ("sc", vec![Segment(s(""))], "sc:/"),
        // No host, no path: the empty opaque path.
        ("sc", vec![], "sc:"),
        ("sc", vec![Fragment(s("f"))], "sc:#f"),
        // A host and no path: the empty path.
        ("sc", vec![Host(s("h"))], "sc://h"),
        ("sc", vec![Host(s(""))], "sc://"),
        ("sc", vec![Host(s("")), Segment(s("a"))], "sc:///a"),
        // A special URL's path is at least "/".
        ("http", vec![Host(s("h")), Query(s("q"))], "http://h/?q"),
        // "\" ends a segment only in special URLs.
        (
            "http",
            vec![Host(s("h")), Segment(s("a\\b"))],
            "http://h/a%5Cb",
        ),
        ("sc", vec![Host(s("h")), Segment(s("a\\b"))], "sc://h/a\\b"),
        // The path set: ` { } ^ ? # " < > and C0 controls.
        (
            "http",
            vec![Host(s("h")), Segment(s("`{}^?#\"<>\t"))],
            "http://h/%60%7B%7D%5E%3F%23%22%3C%3E%09",
        ),
        // Kept in a segment: the other URL code points.
        (
            "http",
            vec![Host(s("h")), Segment(s("!$&'()*+,-.:;=@_~|[]"))],
            "http://h/!$&'()*+,-.:;=@_~|[]",
        ),
        // "%2e" as text is not a dot segment once its "%" is encoded.
        (
            "http",
            vec![Host(s("h")), Segment(s("%2e"))],
            "http://h/%252e",
        ),
        (
            "http",
            vec![Host(s("h")), Segment(s("..."))],
            "http://h/...",
        ),
        // "'" is in the special-query set only.
        (
            "http",
            vec![Host(s("h")), Query(s("it's #1"))],
            "http://h/?it%27s%20%231",
        ),
        (
            "sc",
            vec![Host(s("h")), Query(s("it's #1"))],
            "sc://h?it's%20%231",
        ),
        // Query text, then pairs after "&"; empty text, no "&".
        (
            "http",
            vec![Host(s("h")), Query(s("x")), Pair(s("a"), s("b"))],
            "http://h/?x&a=b",
        ),
        (
            "http",
            vec![Host(s("h")), Query(s("")), Pair(s("a"), s("b"))],
            "http://h/?a=b",
        ),
        // The form set: all but alphanumerics and *-._ (§5.2 note).
        (
            "http",
            vec![
                Host(s("h")),
                Pair(s("\u{3bb}"), s("\u{e9}")),
                Pair(s(""), s("v")),
                Pair(s("k"), s("")),
                Pair(s("*-._"), s("~!'()+&=%")),
            ],
            "http://h/?%CE%BB=%C3%A9&=v&k=&*-._=%7E%21%27%28%29%2B%26%3D%25",
        ),
        // The fragment set: space " < > ` (not "#").
        (
            "http",
            vec![Host(s("h")), Fragment(s("a#b`<>\""))],
            "http://h/#a#b%60%3C%3E%22",
        ),
        ("http", vec![Host(s("h")), Fragment(s(""))], "http://h/#"),
        // Opaque paths: C0 controls, space, "#", "?", "%" and a leading "/".
        (
            "mailto",
            vec![Opaque(s("a@b.example"))],
            "mailto:a@b.example",
        ),
        ("sc", vec![Opaque(s("/x"))], "sc:%2Fx"),
        (
            "data",
            vec![Opaque(s("text/plain,hi #1?50%")), Fragment(s("f"))],
            "data:text/plain,hi%20%231%3F50%25#f",
        ),
        // Scheme lowercased.
        ("HTTP", vec![Host(s("h"))], "http://h/"),
        ("a+b-c.d", vec![Opaque(s("x"))], "a+b-c.d:x"),
    ]
}

#[test]
fn hrefs_from_the_standard() {
    let cases = standard_cases();
    for (scheme, parts, want) in &cases {
        let url = build(scheme, parts).unwrap_or_else(|e| panic!("{scheme} {parts:?}: {e}"));
        assert_eq!(url.href(), *want, "{scheme} {parts:?}");
        url.as_url_core().check_invariants().unwrap();
        // What parsing the href gives.
        assert_eq!(Url::parse(want).unwrap().href(), *want);
    }
    println!("builder: {} hrefs from the standard", cases.len());
}

#[test]
fn parts_land_where_given() {
    let url = build(
        "https",
        &[
            Username(s("u")),
            Password(s("p")),
            Host(s("example.com")),
            Port(8443),
            Segment(s("a/b")),
            Segment(s("")),
            Pair(s("q"), s("x y")),
            Fragment(s("top")),
        ],
    )
    .unwrap();
    assert_eq!(url.username(), "u");
    assert_eq!(url.password(), "p");
    assert_eq!(url.host_parsed(), Some(Host::Domain("example.com")));
    assert_eq!(url.port(), Some(8443));
    assert_eq!(
        url.path_segments().unwrap().collect::<Vec<_>>(),
        ["a%2Fb", ""]
    );
    assert_eq!(url.query(), Some("q=x+y"));
    assert_eq!(url.fragment(), Some("top"));

    let url = build("sc", &[Segment(s("")), Segment(s("x"))]).unwrap();
    assert_eq!(url.host_kind(), HostKind::None);
    assert_eq!(url.pathname(), "//x");
    let url = build("sc", &[Host(s("127.0.0.1"))]).unwrap();
    assert_eq!(url.host_parsed(), Some(Host::Opaque("127.0.0.1")));
    let url = build("sc", &[]).unwrap();
    assert!(url.has_opaque_path());
    let url = build("file", &[Host(s("localhost"))]).unwrap();
    assert_eq!(url.host_parsed(), Some(Host::Empty));
}

fn error(scheme: &str, parts: &[Part]) -> (UrlPart, BuildErrorKind) {
    match build(scheme, parts) {
        Ok(url) => panic!("{scheme} {parts:?}: built {url}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            (e.part, e.kind)
        }
    }
}

#[test]
fn errors_name_the_part_and_the_reason() {
    use BuildErrorKind as K;
    use UrlPart as P;
    let invalid_host = |e| (P::Host, K::InvalidHost(e));
    let cases: Vec<(&str, Vec<Part>, (UrlPart, BuildErrorKind))> = vec![
        ("", vec![], (P::Scheme, K::InvalidScheme)),
        ("1http", vec![], (P::Scheme, K::InvalidScheme)),
        ("ht tp", vec![], (P::Scheme, K::InvalidScheme)),
        ("http:", vec![], (P::Scheme, K::InvalidScheme)),
        ("h\u{e9}", vec![], (P::Scheme, K::InvalidScheme)),
        // Special schemes but file need a host (host state: host-missing).
        ("http", vec![], invalid_host(ValidationError::HostMissing)),
        (
            "wss",
            vec![Host(s(""))],
            invalid_host(ValidationError::HostMissing),
        ),
        (
            "https",
            vec![Segment(s("a"))],
            invalid_host(ValidationError::HostMissing),
        ),
        // The host parser's failures.
        (
            "http",
            vec![Host(s("a b"))],
            invalid_host(ValidationError::DomainToAscii),
        ),
        (
            "http",
            vec![Host(s("a%2Fb"))],
            invalid_host(ValidationError::DomainToAscii),
        ),
        (
            "http",
            vec![Host(s("a\tb"))],
            invalid_host(ValidationError::DomainToAscii),
        ),
        (
            "http",
            vec![Host(s("1.2.3.256"))],
            invalid_host(ValidationError::Ipv4OutOfRangePart),
        ),
        (
            "http",
            vec![Host(s("[::1"))],
            invalid_host(ValidationError::Ipv6Unclosed),
        ),
        (
            "http",
            vec![Host(s("[::1::]"))],
            invalid_host(ValidationError::Ipv6MultipleCompression),
        ),
        (
            "sc",
            vec![Host(s("a:b"))],
            invalid_host(ValidationError::HostInvalidCodePoint),
        ),
        (
            "sc",
            vec![Host(s("a/b"))],
            invalid_host(ValidationError::HostInvalidCodePoint),
        ),
        (
            "sc",
            vec![Host(s("a\nb"))],
            invalid_host(ValidationError::HostInvalidCodePoint),
        ),
        (
            "sc",
            vec![Host(s("a@b"))],
            invalid_host(ValidationError::HostInvalidCodePoint),
        ),
        // Cannot have a username/password/port (§4.2).
        ("sc", vec![Username(s("u"))], (P::Username, K::NoHost)),
        (
            "sc",
            vec![Password(s("p")), Host(s(""))],
            (P::Password, K::NoHost),
        ),
        ("sc", vec![Port(1)], (P::Port, K::NoHost)),
        ("sc", vec![Host(s("")), Port(1)], (P::Port, K::NoHost)),
        ("file", vec![Username(s("u"))], (P::Username, K::FileScheme)),
        (
            "file",
            vec![Host(s("h")), Port(1)],
            (P::Port, K::FileScheme),
        ),
        // Dot segments (§4.1).
        (
            "http",
            vec![Host(s("h")), Segment(s("."))],
            (P::PathSegment(0), K::DotSegment),
        ),
        (
            "sc",
            vec![Segment(s("a")), Segment(s("..")), Segment(s("b"))],
            (P::PathSegment(1), K::DotSegment),
        ),
        // Opaque paths.
        (
            "http",
            vec![Host(s("h")), Opaque(s("x"))],
            (P::OpaquePath, K::OpaquePath),
        ),
        (
            "sc",
            vec![Host(s("h")), Opaque(s("x"))],
            (P::OpaquePath, K::OpaquePath),
        ),
        ("file", vec![Opaque(s("x"))], (P::OpaquePath, K::OpaquePath)),
        (
            "sc",
            vec![Segment(s("a")), Opaque(s("x"))],
            (P::OpaquePath, K::OpaquePath),
        ),
    ];
    for (scheme, parts, want) in &cases {
        assert_eq!(error(scheme, parts), *want, "{scheme} {parts:?}");
    }
    println!("builder: {} error cases", cases.len());
}

#[test]
fn core_builder_takes_parts_in_order_and_keeps_the_first_error() {
    use BuildErrorKind as K;
    let mut buf = [0u8; 64];
    let run = |buf: &mut [u8], parts: &[Part]| -> Result<String, BuildError> {
        let mut b = Builder::new("https", SliceStorage::new(buf));
        for p in parts {
            p.give_core(&mut b);
        }
        b.finish().map(|u| u.href().to_string())
    };
    let order = |r: Result<String, BuildError>| r.map_err(|e| (e.part, e.kind));
    assert_eq!(
        order(run(&mut buf, &[Host(s("h")), Segment(s("a")), Port(1)])),
        Err((UrlPart::Port, K::OutOfOrder))
    );
    // A special URL's host is due before its path.
    assert_eq!(
        order(run(&mut buf, &[Segment(s("a")), Host(s("h"))])),
        Err((UrlPart::Host, K::InvalidHost(ValidationError::HostMissing)))
    );
    assert_eq!(
        order(run(&mut buf, &[Host(s("h")), Username(s("u"))])),
        Err((UrlPart::Username, K::OutOfOrder))
    );
    assert_eq!(
        order(run(
            &mut buf,
            &[Host(s("h")), Fragment(s("a")), Fragment(s("b"))]
        )),
        Err((UrlPart::Fragment, K::OutOfOrder))
    );
    assert_eq!(
        order(run(
            &mut buf,
            &[Host(s("h")), Pair(s("a"), s("b")), Query(s("c"))]
        )),
        Err((UrlPart::Query, K::OutOfOrder))
    );
    // The first failure stays; later parts are not written.
    let mut b = Builder::new("https", SliceStorage::new(&mut buf));
    b.host("a b").port(1).path_segment("..");
    let first = b.error();
    assert_eq!(b.finish().unwrap_err(), first.unwrap());
    assert_eq!(first.unwrap().part, UrlPart::Host);
    // In order, everything lands.
    assert_eq!(
        run(
            &mut buf,
            &[
                Username(s("u")),
                Host(s("h")),
                Port(1),
                Segment(s("p")),
                Query(s("q")),
                Pair(s("a"), s("b")),
                Fragment(s("f")),
            ]
        )
        .unwrap(),
        "https://u@h:1/p?q&a=b#f"
    );
}

#[test]
fn capacity_errors_at_every_size() {
    let parts = [
        Username(s("us er")),
        Password(s("p")),
        Host(s("B\u{fc}cher.example")),
        Port(8080),
        Segment(s("a/b")),
        Segment(s("\u{e9}")),
        Query(s("x")),
        Pair(s("k"), s("v w")),
        Fragment(s("f")),
    ];
    let want = build("https", &parts).unwrap().into_string();
    let mut buf = vec![0u8; want.len()];
    for size in 0..=want.len() {
        let mut b = Builder::new("https", SliceStorage::new(&mut buf[..size]));
        for p in &parts {
            p.give_core(&mut b);
        }
        match b.finish() {
            Ok(url) => {
                assert_eq!(size, want.len());
                assert_eq!(url.href(), want);
            }
            Err(e) => {
                assert!(size < want.len(), "{size}: {e}");
                assert!(matches!(e.kind, BuildErrorKind::Capacity(_)), "{size}: {e}");
            }
        }
    }
    // heapless::String storage: too small, then big enough.
    let mut b = Builder::new("https", heapless::String::<16>::new());
    parts.iter().for_each(|p| p.give_core(&mut b));
    assert!(matches!(
        b.finish().unwrap_err().kind,
        BuildErrorKind::Capacity(_)
    ));
    let mut b = Builder::new("https", heapless::String::<128>::new());
    parts.iter().for_each(|p| p.give_core(&mut b));
    assert_eq!(b.finish().unwrap().href(), want);
}
