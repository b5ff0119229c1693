//! The canonical recognizer's answers, with values by hand from the
//! standard's states.

use super::{canonical, recognize, upper_case_domain, Recognized};

/// Where the straight-line route may take over: after a canonical
/// scheme, host and port only, at the path (or at the query or
/// fragment when the path before it is canonical and not empty).
#[test]
fn recognizes_canonical_authorities() {
    if !crate::simd::VECTOR {
        // Only the vector builds resume (see `after_host`).
        return;
    }
    let resume = |input: &str| match recognize(input.as_bytes()) {
        Recognized::Authority(a) => Some((a.rest, a.query)),
        _ => None,
    };
    // "https://example.com" is 19 bytes.
    assert_eq!(resume("https://example.com/a b"), Some((19, None)));
    assert_eq!(resume("https://example.com/a/../b"), Some((19, None)));
    assert_eq!(resume("https://example.com\\a"), Some((19, None)));
    assert_eq!(resume("https://example.com:8080/a b"), Some((24, None)));
    assert_eq!(resume("file:///C|/a"), Some((7, None)));
    assert_eq!(resume("https://example.com/a?q x"), Some((19, Some(21))));
    assert_eq!(resume("https://example.com/a#f x"), Some((19, Some(21))));
    assert_eq!(resume("https://example.com/a?q#f x"), Some((19, Some(21))));
    // An empty path gains its '/': not a prefix of the input.
    assert_eq!(resume("https://example.com?q x"), Some((19, None)));
    // A trailing space or tab stops the scans like a byte to encode;
    // the ladder tells them apart.
    assert_eq!(resume("https://example.com/a "), Some((19, None)));
    for input in [
        "https://example.com/",
        "HTTPS://example.com/a b",
        "file://LOCALHOST/a b",
        "https://0X7F.1/a b",
        "https://EXAMPLE_1.com/a b",
        "https://u@example.com/a b",
        "https://example.com:443/a b",
        "https://example.com:08/a b",
        "https://0x7f.1/a b",
        "https://[::1]/a b",
        "file://localhost/a b",
        "sc://example.com/a b",
        "mailto:a b",
    ] {
        assert_eq!(resume(input), None, "{input:?}");
    }
    // A domain with upper case (url.bs §3.5: the host parser lowercases
    // an ASCII domain): resumed, the route lowercasing the host;
    // copied up to the query or fragment, or to the end, when the rest
    // is canonical.
    let lowered = |input: &str| {
        let input = input.as_bytes();
        match recognize(input) {
            Recognized::UpperCase(u) => match upper_case_domain(input, &u) {
                Recognized::Authority(a) => Some((a.rest, a.query, true)),
                _ => None,
            },
            Recognized::Authority(a) => Some((a.rest, a.query, false)),
            _ => None,
        }
    };
    assert_eq!(lowered("https://EXAMPLE.com/a b"), Some((19, None, true)));
    assert_eq!(lowered("https://EXAMPLE.com/a/./b"), Some((19, None, true)));
    assert_eq!(lowered("https://example.com/a b"), Some((19, None, false)));
    // Canonical but for the case: the whole URL, for the route to copy
    // lowercasing the host (the offsets of the serialization; a '/' to
    // insert where the path is empty).
    let canonical = |input: &str| {
        let input = input.as_bytes();
        match recognize(input) {
            Recognized::UpperCase(u) => match upper_case_domain(input, &u) {
                Recognized::LowerCase(c) => Some((
                    c.off.host_end,
                    c.off.path_start,
                    c.off.query_start,
                    c.off.fragment_start,
                    c.slash,
                )),
                _ => None,
            },
            _ => None,
        }
    };
    assert_eq!(
        canonical("https://Example.COM/a?q"),
        Some((19, 19, Some(21), None, None))
    );
    assert_eq!(
        canonical("https://Example.COM/a#f"),
        Some((19, 19, None, Some(21), None))
    );
    assert_eq!(
        canonical("https://WWW.example.com/"),
        Some((23, 23, None, None, None))
    );
    assert_eq!(
        canonical("https://Example.com:8080/x"),
        Some((19, 24, None, None, None))
    );
    // "https://Example.com?q#f": the '/' goes in at 19, the rest one on.
    assert_eq!(
        canonical("https://Example.com?q#f"),
        Some((19, 19, Some(20), Some(22), Some(19)))
    );
    assert_eq!(
        canonical("https://Example.com"),
        Some((19, 19, None, None, Some(19)))
    );
    assert_eq!(canonical("https://EXAMPLE.com/a b"), None);
}

#[test]
fn recognizes_only_canonical_urls() {
    for input in [
        "https://example.com/",
        "https://192.168.0.1/",
        "http://example.com:8080/a?b#c",
        "https://example.com",
        "file:///etc/hosts",
        "mailto:a@example.com",
        // Path bytes outside the common alphabet, stepped over.
        "https://a.example/~u/x=1;y+z:w@v!$&'()*,%41|]",
        "https://a.example/a%2e/b.c/.d/..e/%2ex",
    ] {
        assert!(canonical(input.as_bytes()).is_some(), "{input:?}");
    }
    for input in [
        "HTTPS://example.com/",
        "https://EXAMPLE.com/",
        "http://192.168.0.01/",
        "http://0x7f.1/p?q#f",
        "http://[::1]:8080/",
        "https://b\u{fc}cher.example",
        "https://example.com:443/",
        "https://example.com:/",
        "https://example.com:08080/",
        "https://user@example.com/",
        "https://example.com\\p",
        "https://example.com/a/../b",
        "https://example.com/a/%2e/b",
        "https://example.com/a/%2E%2e",
        "https://example.com/=/.",
        "https://example.com/~/a b",
        "https://example.com/=^",
        "https://example.com/a b",
        "https://:8080/",
        "file://EXAMPLE.com/",
        // Hosts ending in a number, by their last byte: a hex digit, the
        // `x` of a bare `0x`, a digit before a trailing dot.
        "http://0x/",
        "http://a.0xf/",
        "http://a.1./",
    ] {
        assert!(canonical(input.as_bytes()).is_none(), "{input:?}");
    }
    // Canonical, but with a domain byte outside letters, digits, '-' and
    // '.': left to the routes that parse the host.
    assert!(canonical(b"https://a_b.example/").is_none());
    assert!(canonical(b"https://a.b-c.0d/").is_some());
}

/// A port the port state accepts but does not serialize as written
/// (url.bs §4.4 port state: leading zeros dropped with the number, the
/// scheme's default port and an empty port serialize as none): the
/// route resumes after the host and writes the port. Expected values
/// from the standard by hand: where the serialization's path starts
/// (after ":" and the number's digits, or right after the host) and
/// where the input's does.
#[test]
fn recognizes_ports_to_write() {
    if !crate::simd::VECTOR {
        return;
    }
    let port = |input: &str| match recognize(input.as_bytes()) {
        Recognized::Port(a) => Some((a.off.port, a.off.path_start, a.rest)),
        _ => None,
    };
    // "http://example.com" is 18 bytes, "https://example.com" 19,
    // "wss://example.com" 17, "https://1.2.3.4" 15.
    assert_eq!(port("http://example.com:080/a"), Some((None, 18, 22)));
    assert_eq!(port("http://example.com:80/a"), Some((None, 18, 21)));
    assert_eq!(port("http://example.com:0081/a"), Some((Some(81), 21, 23)));
    assert_eq!(port("http://example.com:/a"), Some((None, 18, 19)));
    assert_eq!(port("http://example.com:"), Some((None, 18, 19)));
    assert_eq!(port("https://example.com:0443?q"), Some((None, 19, 24)));
    assert_eq!(port("https://example.com:00000#f"), Some((Some(0), 21, 25)));
    assert_eq!(
        port("wss://example.com:065535\\a"),
        Some((Some(65535), 23, 24))
    );
    assert_eq!(
        port("https://1.2.3.4:000000000000000000080/"),
        Some((Some(80), 18, 37))
    );
    // An IPv4 host but for its trailing dot, which the IPv4 parser
    // drops: the host's serialization ends before it ("http://1.2.3.4"
    // is 14 bytes), the path after the dot and any port.
    let host = |input: &str| match recognize(input.as_bytes()) {
        Recognized::Port(a) => Some((a.off.host_end, a.off.port, a.off.path_start, a.rest)),
        _ => None,
    };
    assert_eq!(host("http://1.2.3.4./a"), Some((14, None, 14, 15)));
    assert_eq!(host("http://1.2.3.4."), Some((14, None, 14, 15)));
    assert_eq!(host("http://1.2.3.4.?q"), Some((14, None, 14, 15)));
    assert_eq!(
        host("http://1.2.3.4.:8080#f"),
        Some((14, Some(8080), 19, 20))
    );
    assert_eq!(host("http://1.2.3.4.:80/"), Some((14, None, 14, 18)));
    assert_eq!(host("http://1.2.3.4.:/"), Some((14, None, 14, 16)));
    assert_eq!(host("wss://255.255.255.255.\\x"), Some((21, None, 21, 22)));
    for input in [
        // Not an IPv4 address in its serialization before the dot.
        "http://1.2.3.4../",
        "http://01.2.3.4./",
        "http://1.2.3.256./",
        "http://1.2.3./",
        // Not a path, a port that fails, or credentials after it.
        "http://1.2.3.4.x/",
        "http://1.2.3.4.%2e/",
        "http://1.2.3.4.:65536/",
        "http://1.2.3.4.:8x/",
        "http://1.2.3.4.@h/",
        "file://1.2.3.4./",
    ] {
        assert_eq!(host(input), None, "{input:?}");
    }
    // Digits past 65535 up to the authority's end fail at the port's
    // start (url.bs port state, step 2.2.2): "http://example.com:" is 19
    // bytes, "http://1.2.3.4.:" 16.
    let fails = |input: &str| match recognize(input.as_bytes()) {
        Recognized::Fails(crate::ParseError::Invalid { error, position }) => {
            Some((error, position))
        }
        _ => None,
    };
    let out_of_range = crate::validation::ValidationError::PortOutOfRange;
    assert_eq!(fails("http://example.com:65536/"), Some((out_of_range, 19)));
    assert_eq!(
        fails("https://example.com:000065536?q"),
        Some((out_of_range, 20))
    );
    assert_eq!(
        fails("ws://example.com:99999999999999999999"),
        Some((out_of_range, 17))
    );
    assert_eq!(fails("http://1.2.3.4.:99999/"), Some((out_of_range, 16)));
    // Five digits in range, then more.
    assert_eq!(
        fails("http://1.2.3.4:2147483648/"),
        Some((out_of_range, 15))
    );
    for input in [
        "http://example.com:65535/",
        // Credentials, a tab or a trailing space after the digits: the
        // route tells.
        "http://example.com:65536@x/",
        "http://example.com:6553\t6/",
        "http://example.com:65536 ",
    ] {
        assert_eq!(fails(input), None, "{input:?}");
    }
    for input in [
        // Canonical as it is.
        "http://example.com:8080/",
        // Out of range, not digits, a tab or newline inside, or a
        // host the recognizer does not take.
        "http://example.com:65536/",
        "http://example.com:080x/",
        "http://example.com:0\t80/",
        "http://example.com::80/",
        "http://EXAMPLE.com:080/",
        "http://0x7f.1:080/",
        "http://u@example.com:080/",
        // No port: file URLs, and non-special ones (opaque to it).
        "file://example.com:080/",
        "sc://example.com:080/",
    ] {
        assert_eq!(port(input), None, "{input:?}");
    }
}

/// A bracketed host after a canonical special scheme: the IPv6
/// parser's answer on the text up to the first ']' (url.bs §3.5 IPv6
/// parser; values by hand: the second "::" fails at its second ':',
/// where the parser's loop meets a ':' with compress set), for the
/// route to go on from.
#[test]
fn reads_ipv6_hosts() {
    use crate::validation::ValidationError;
    if !crate::simd::VECTOR {
        return;
    }
    let read = |input: &str| match recognize(input.as_bytes()) {
        Recognized::Ipv6(h) => Some((h.host_start, h.close, h.address)),
        _ => None,
    };
    assert_eq!(
        read("http://[::1]/"),
        Some((7, 11, Ok([0, 0, 0, 0, 0, 0, 0, 1])))
    );
    assert_eq!(
        read("wss://[1:2:3:4:5:6:7:8]:443/a b"),
        Some((6, 22, Ok([1, 2, 3, 4, 5, 6, 7, 8])))
    );
    assert_eq!(
        read("https://[::ffff:1.2.3.4]]"),
        Some((8, 23, Ok([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304])))
    );
    assert_eq!(
        read("http://[1::2::3]/"),
        Some((7, 15, Err((ValidationError::Ipv6MultipleCompression, 5))))
    );
    // No ']', a scheme not canonical or not special, file: the route
    // parses those from the start.
    for input in [
        "http://[::1/",
        "HTTP://[::1]/",
        "sc://[::1]/",
        "file://[::1]/",
    ] {
        assert!(read(input).is_none(), "{input:?}");
    }
}
