//! Inputs the fuzz targets (fuzz/, see fuzz/README.md) found, minimized, each
//! checking the property the target asserted. (An open bug would be marked
//! `#[ignore]` until fixed; none is open.)

use url_core::idna::{domain_to_unicode, to_nfc, to_unicode, IdnaError};
use url_core::{ParseError, SliceStorage, Url};

/// fuzz target `idna`: `to_nfc` must equal Unicode NFC on UTS #46-mapped
/// text — its documented domain: the domain parser normalizes nothing else,
/// and idna-tables keeps NFC data only for what mapping can produce. The
/// target first compared it on raw text, where `O` + U+0308 (uppercase is
/// mapped away) is outside that domain; the target now maps first, and these
/// are the mapped forms of what it found.
#[test]
fn nfc_composes_mapped_text() {
    for (input, nfc) in [
        ("o\u{308}", "\u{F6}"),
        ("ao\u{308}", "a\u{F6}"),
        ("\u{3BF}\u{301}", "\u{3CC}"), // Greek small omicron + acute
    ] {
        let mut out = String::new();
        to_nfc(input, &mut out).unwrap();
        assert_eq!(out, nfc, "to_nfc({input:?})");
    }
}

/// fuzz target `idna` (to_ascii(to_unicode(x)) == to_ascii(x)): RFC 3492 §6.2
/// copies basic code points only when the last delimiter has some before it,
/// so in `-1iq40y` the leading `-` is not a delimiter but an invalid digit.
/// url-core decoded `xn---1iq40y` to `乃夻` instead of recording an error.
#[test]
fn punycode_with_only_a_leading_delimiter_is_invalid() {
    let mut out = String::new();
    assert_eq!(to_unicode("xn---1iq40y", &mut out), Err(IdnaError::Invalid));
    let mut out = String::new();
    domain_to_unicode("xn---1iq40y.", &mut out).unwrap();
    assert_eq!(out, "xn---1iq40y.", "an error returns the domain unchanged");
}

/// fuzz target `storage_agree`: `file:` host `localhost` is written, then
/// replaced by the empty host, so the result (9 bytes) needs more room while
/// parsing — a transient-growth cause `CapacityError`'s docs do not list.
/// The documented bound (3 × input + 32) must still be enough.
#[test]
fn file_localhost_host_fits_the_documented_bound() {
    let input = "file:\\\\localhost//";
    let expected = "file:////";
    let owned = Url::parse_into(input, String::new()).unwrap();
    assert_eq!(owned.href(), expected);
    let mut buf = vec![0u8; 3 * input.len() + 32];
    let fixed = Url::parse_into(input, SliceStorage::new(&mut buf)).unwrap();
    assert_eq!(fixed.href(), expected);
    // Too small for the result: a capacity error, never a truncation.
    let mut small = [0u8; 8];
    assert!(matches!(
        Url::parse_into(input, SliceStorage::new(&mut small)),
        Err(ParseError::Capacity(_))
    ));
}

/// fuzz target `idempotence`: the `/.` prefix of a host-less path that
/// starts with `//` must survive a re-parse. (The borrowed parse declines
/// such hrefs with `NotCanonical`, a missed zero-copy case, not an error.)
#[test]
fn dot_slash_prefix_round_trips() {
    for href in ["non-spec:/.//", "sc:/.//p", "web+demo:/.//not-a-host/"] {
        let url = Url::parse_into(href, String::new()).unwrap();
        assert_eq!(url.href(), href);
        url.check_invariants().unwrap();
        let again = Url::parse_into(url.href(), String::new()).unwrap();
        assert_eq!(again.href(), href);
        assert_eq!(again.pathname(), url.pathname());
        match Url::parse_borrowed(href) {
            Ok(b) => assert_eq!(b.href(), href),
            Err(e) => assert_eq!(e, ParseError::NotCanonical),
        }
    }
}

/// fuzz target `differential_ada` (attribute `origin`): a `blob:` URL's
/// origin is its inner URL's, and credentials do not take part in an origin —
/// but url-core parsed the inner URL's authority into a 319-byte stack buffer,
/// so long credentials made the origin opaque. It now drops them first.
#[test]
fn blob_origin_ignores_long_credentials() {
    for userinfo in ["é".repeat(60), "a".repeat(400)] {
        let input = format!("blob:http://{userinfo}@h/");
        let url = Url::parse_into(&input, String::new()).unwrap();
        assert_eq!(url.origin().to_string(), "http://h", "{input}");
    }
    // Short credentials already work.
    let url = Url::parse_into("blob:http://é@h/", String::new()).unwrap();
    assert_eq!(url.origin().to_string(), "http://h");
}

/// fuzz target `differential_ada` (attribute `origin`): the blob: origin
/// parses its inner URL cut after the authority; cutting before the `/` left
/// a trailing space that trimming removed, so `https:psc: ` (port-invalid)
/// became the valid `https:psc:` and the origin `https://psc`.
#[test]
fn blob_origin_of_an_invalid_inner_url_is_opaque() {
    for input in [
        "blob:https:psc: /",
        "blob:https://h:\u{20}/x",
        "blob:http://h:8\u{20}?q",
    ] {
        let url = Url::parse_into(input, String::new()).unwrap();
        assert_eq!(url.origin().to_string(), "null", "{input:?}");
    }
    let url = Url::parse_into("blob:https://h:8080/x", String::new()).unwrap();
    assert_eq!(url.origin().to_string(), "https://h:8080");
}

/// differential_rust_url's smoke run reached base `file:///x/C:` with input
/// `..`, on which rust-url 2.5.8 fails one of its own debug assertions (the
/// harness now tolerates that). By url.bs §4.4 (path state): the base path
/// ["x", "C:"] is copied and shortened to ["x"] (two segments, so the drive
/// letter rule does not keep it), `..` shortens it to [], and at the end of
/// input an empty segment is appended: `file:///`.
#[test]
fn file_base_ending_in_a_drive_letter_segment_then_double_dot() {
    let base = Url::parse_into("file:///x/C:", String::new()).unwrap();
    let url = Url::parse_into_with_base("..", &base, String::new()).unwrap();
    assert_eq!(url.href(), "file:///");
    let url = Url::parse_into_with_base("../y", &base, String::new()).unwrap();
    assert_eq!(url.href(), "file:///y");
}

/// fuzz target `storage_agree` (fuzz/regressions/storage_agree/
/// ipv4-host-longer-than-its-serialization): an IPv4 host written longer than
/// its dotted-decimal form is written as given, then serialized, so a buffer
/// exactly as long as the result is too small while parsing. CapacityError's
/// docs now list this cause; the documented bound still suffices. (The fast
/// route for special URLs, which takes this input once its tabs are
/// removed, serializes the address straight from the input and needs no
/// more than the result; the state machine alone still does.)
#[test]
fn ipv4_host_needs_room_for_its_written_form() {
    let input = "https://0000000000000\t00000000000000000\t0000000000000000/\\1";
    let want = "https://0.0.0.0//1";
    let mut exact = vec![0u8; want.len()];
    let r = url_core::Parser::new()
        .without_fast_path()
        .parse_into(input, SliceStorage::new(&mut exact));
    assert!(matches!(r, Err(ParseError::Capacity(_))), "{r:?}");
    // With url-core's `small` feature the state machine is the only engine.
    if !cfg!(feature = "small") {
        let url = Url::parse_into(input, SliceStorage::new(&mut exact)).unwrap();
        assert_eq!(url.href(), want);
    }
    let mut bound = vec![0u8; 3 * input.len() + 32];
    let url = url_core::Parser::new()
        .without_fast_path()
        .parse_into(input, SliceStorage::new(&mut bound))
        .unwrap();
    assert_eq!(url.href(), want);
}

/// fuzz target `idempotence` (fuzz/regressions/idempotence/
/// upper-case-after-a-port): after a canonical port, an upper-case letter ends
/// the port's digits — the port state fails at it (url.bs §4.4: not a
/// digit, not the authority's end). The recognizer took it for an
/// upper-case letter in the domain and parsed `http://wss:7Cst/` to
/// `http://wss:7cst/`, which did not re-parse.
#[test]
fn upper_case_after_a_port_fails_the_port() {
    for (input, at) in [
        ("http://wss:7Cst/", 12),
        ("https://example.com:8080X", 24),
        ("ws://a:1B/", 8),
    ] {
        let got = url_core::Url::parse_into(input, String::new()).map(|u| u.href().to_string());
        assert_eq!(
            got,
            Err(url_core::ParseError::Invalid {
                error: url_core::ValidationError::PortInvalid,
                position: at,
            }),
            "{input:?}"
        );
    }
}
