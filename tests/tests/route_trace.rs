//! Which engine of url-core's route ladder answers each class of input
//! (url-core's `parser/route.rs` lists the ladder per entry point). The
//! expected engine of each row follows from what each engine is defined to
//! take; a change that makes an engine silently stop answering (or answer
//! something it should leave to another) fails here, where the conformance
//! suites, which only see the result, would not notice.

use url_core::route_trace::{take, Form, Route};
use url_core::{Parsed, Parser, Setter, SliceStorage, Url, ValidationError};

use Form::{Given, Stripped, Trimmed};
use Route::{Canonical, Predicate, Reference, StateMachine, Straight};

/// The engine that answered `Parser::parse_into` (with `base` when given),
/// and the result's href or error.
fn store(input: &str, base: Option<&str>) -> (Option<(Route, Form)>, Result<String, String>) {
    let mut b = [0u8; 512];
    let mut out = [0u8; 2048];
    let base = base.map(|b_| Url::parse_into(b_, SliceStorage::new(&mut b)).unwrap());
    take();
    let r = Parser::new()
        .with_base(base.as_ref().map(Url::as_url_ref))
        .parse_into(input, SliceStorage::new(&mut out))
        .map(|u| u.href().to_string())
        .map_err(|e| e.to_string());
    (take(), r)
}

#[test]
fn the_store_ladder() {
    let rows: &[(&str, Option<&str>, Route, Form)] = &[
        // Already its own serialization.
        ("https://example.com/a?b#c", None, Canonical, Given),
        ("http://127.0.0.1:8080/", None, Canonical, Given),
        ("file:///etc/hosts", None, Canonical, Given),
        ("mailto:someone@example.com", None, Canonical, Given),
        // Needs the '/' a special URL without a path gains.
        ("https://example.com", None, Canonical, Given),
        ("https://example.com?q", None, Canonical, Given),
        // Leading or trailing C0 control or space.
        ("  https://example.com/  ", None, Canonical, Trimmed),
        // Upper case, backslashes, dot segments, default port, credentials,
        // bytes to encode: the straight-line route.
        ("HTTPS://EXAMPLE.COM/", None, Straight, Given),
        ("https:\\\\example.com\\a\\b", None, Straight, Given),
        ("https://example.com/a/./b/../c", None, Straight, Given),
        ("https://example.com:443/", None, Straight, Given),
        ("https://user:pass@example.com/", None, Straight, Given),
        ("https://example.com/a b?c d#e f", None, Straight, Given),
        ("\u{1} HTTPS://example.com/ \u{2}", None, Straight, Trimmed),
        // Hosts the host parser must turn into their serialization.
        ("https://b\u{fc}cher.example/", None, Straight, Given),
        ("https://xn--bcher-kva.example/", None, Canonical, Given),
        ("http://0x7f.1/", None, Straight, Given),
        ("http://[::1]/", None, Straight, Given),
        ("http://[0:0:0:0:0:0:0:1]:8080/x", None, Straight, Given),
        // Tabs and newlines: removed on the stack, then the ladder again,
        // from the reference resolver (the straight-line route takes a
        // URL the removal left canonical too).
        ("https://exa\tmple.com/", None, Straight, Stripped),
        ("HTTPS://exa\nmple.com/a/../b", None, Straight, Stripped),
        // Relative references against a special base.
        ("../c?d", Some("https://example.com/a/b"), Reference, Given),
        ("?q", Some("https://example.com/a/b"), Reference, Given),
        ("#f", Some("https://example.com/a/b"), Reference, Given),
        ("", Some("https://example.com/a/b#f"), Reference, Given),
        (" /x ", Some("https://example.com/a/b"), Reference, Trimmed),
        (
            "/x\ty",
            Some("https://example.com/a/b"),
            Reference,
            Stripped,
        ),
        // A scheme-relative URL against a special base other than `file`:
        // the reference resolver when it is canonical with the base's
        // scheme, else the straight-line route.
        (
            "//other.example/x",
            Some("https://example.com/a/b"),
            Reference,
            Given,
        ),
        (
            "//Other.example/x",
            Some("https://example.com/a/b"),
            Straight,
            Given,
        ),
        (
            "//other.example",
            Some("https://example.com/a/b"),
            Straight,
            Given,
        ),
        (
            "//other.example/x",
            Some("file:///a/b"),
            StateMachine,
            Given,
        ),
        ("//other.example/x", Some("sc://h/a"), StateMachine, Given),
        // Any URL with an authority, special, `file` or not: the
        // straight-line route; without a base of the same scheme, a special
        // scheme starts the authority whatever slashes follow.
        ("file:///C|/x", None, Straight, Given),
        ("file://host/../x", None, Straight, Given),
        ("foo://host/p", None, Straight, Given),
        ("http:/example.com/", None, Straight, Given),
        // A non-special URL without an authority: a path or an opaque
        // path, which cannot fail (by the straight-line route where scans
        // are vector, as here).
        ("foo:/x", None, Straight, Given),
        ("mailto:a b", None, Straight, Given),
        ("Foo:/a/../b/./c", None, Straight, Given),
        // A tab or newline: the route skips the input for its form
        // without them (vector builds, as here), even where it would
        // remove the tab in place (a path segment that cannot become a
        // dot segment), which it does past the stack room.
        ("sc:/.//x\ty", None, Straight, Stripped),
        ("sc:/.//.\t./y", None, Straight, Stripped),
        // So is `file:` without two slashes, but for a `file` base.
        ("file:/x", None, Straight, Given),
        ("FILE:c|\\x", Some("https://example.com/"), Straight, Given),
        // And a file host that is a Windows drive letter: the empty host,
        // then the path.
        ("file://C|/x", None, Straight, Given),
        // What only the state machine parses.
        ("../c", Some("file:///a/b"), StateMachine, Given),
        ("file:/x", Some("file:///a/b"), StateMachine, Given),
        ("http:/x", Some("http://h/"), StateMachine, Given),
        // Failures: an authority, host or port, by the straight-line route
        // (the state machine's error, in one pass), and so an input without
        // a scheme or base; anything else, by the state machine.
        ("https://exa mple.com/", None, Straight, Given),
        ("https://example.com:99999/", None, Straight, Given),
        ("http://[::1/", None, Straight, Given),
        (" https://@/ ", None, Straight, Trimmed),
        ("foo://[x/", None, Straight, Given),
        ("file://a:b/", None, Straight, Given),
        ("/relative", None, Straight, Given),
        // With a tab or newline, without them, at its place in the input
        // (an IPv4 address's error at the host's start when the host held
        // one; a host's or port's failure at its byte, past the removed
        // bytes before it); but by the state machine where that place
        // depends on how it counts the removed bytes (one right before it).
        ("https://exa\tmple .com/", None, Straight, Stripped),
        ("https://\texa mple.com/", None, Straight, Stripped),
        ("https://\n?x", None, StateMachine, Given),
        ("http://1.2.3.4\n.5/", None, Straight, Stripped),
        ("http://\n1.2.3.4.5/", None, StateMachine, Given),
    ];
    let mut failures = Vec::new();
    for &(input, base, route, form) in rows {
        let (got, result) = store(input, base);
        if got != Some((route, form)) {
            failures.push(format!(
                "{input:?} (base {base:?}): {got:?}, expected {:?} ({result:?})",
                (route, form)
            ));
        }
    }
    // A long input with a tab: past the stack room, the state machine;
    // but the route, when the tab is in a path segment.
    let long = format!("https://exa\tmple.com/{}", "a".repeat(300));
    let (got, result) = store(&long, None);
    assert!(result.is_ok());
    if got != Some((StateMachine, Given)) {
        failures.push(format!("long input with a tab: {got:?}"));
    }
    let long = format!("https://example.com/x\ty/{}", "a".repeat(300));
    let (got, result) = store(&long, None);
    assert_eq!(result, Ok(long.replace('\t', "")));
    if got != Some((Straight, Given)) {
        failures.push(format!("long input with a tab in its path: {got:?}"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn borrow_and_borrow_or_store() {
    // Borrowed: the canonical recognizer, else the state machine writing
    // nothing (which answers NotCanonical as soon as output and input part).
    take();
    assert!(Url::parse_borrowed("https://example.com/a").is_ok());
    assert_eq!(take(), Some((Canonical, Given)));
    assert!(Url::parse_borrowed("https://example.com").is_err());
    assert_eq!(take(), Some((Canonical, Given)));
    assert!(Url::parse_borrowed("https://example.com/./a").is_err());
    assert_eq!(take(), Some((StateMachine, Given)));
    assert!(Parser::new()
        .parse_borrowed("  https://example.com/a")
        .is_ok());
    assert_eq!(take(), Some((StateMachine, Given)));
    assert!(Url::parse_canonical("https://example.com/a").is_some());
    assert_eq!(take(), Some((Canonical, Given)));
    assert!(Url::parse_canonical("HTTPS://example.com/a").is_none());
    assert_eq!(take(), None);

    let mut buf = [0u8; 256];
    let parsed = Parser::new()
        .parse_borrowed_or_into("https://example.com/a", || SliceStorage::new(&mut buf));
    assert!(matches!(parsed, Ok(Parsed::Borrowed(_))));
    assert_eq!(take(), Some((Canonical, Given)));
    let parsed = Parser::new()
        .parse_borrowed_or_into("HTTPS://example.com/a", || SliceStorage::new(&mut buf));
    assert!(matches!(parsed, Ok(Parsed::Stored(_))));
    assert_eq!(take(), Some((Straight, Given)));

    // The owned wrapper goes through the same ladder.
    weburl::Url::parse("https://example.com/a").unwrap();
    assert_eq!(take(), Some((Canonical, Given)));
    weburl::Url::parse("https://EXAMPLE.com/a").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    let base = weburl::Url::parse("https://example.com/a/b").unwrap();
    take();
    base.join("c?d").unwrap();
    assert_eq!(take(), Some((Reference, Given)));
}

#[test]
fn the_check_ladder() {
    let mut room = [0u8; 256];
    let mut check = |input: &str| {
        take();
        let ok = Parser::new()
            .can_parse_in(input, || SliceStorage::new(&mut room))
            .is_ok();
        (ok, take())
    };
    let rows: &[(&str, bool, Route, Form)] = &[
        ("https://example.com/a", true, Predicate, Given),
        ("https://EXAMPLE.com:8080/x y", true, Predicate, Given),
        // A space inside the host is a forbidden domain code point: the
        // predicate tells the failure (no trimming can take it away).
        ("https://exa mple.com/", false, Predicate, Given),
        (" http://exa mple.com/ ", false, Predicate, Given),
        // A non-ASCII host is the host parser's (IDNA), run by the
        // predicate on the host alone; as is one after trimming.
        ("https://exa\u{fffd}mple.com/", false, Predicate, Given),
        ("https://b\u{fc}cher.example/", true, Predicate, Given),
        (" http://exa\u{fffd}mple.com/ ", false, Predicate, Given),
        // Failures the predicate is sure of: no scheme and no base, an
        // empty special host, a port out of range after a host that parses.
        ("%2e", false, Predicate, Given),
        ("HTTP://#", false, Predicate, Given),
        (" http://[::1]:99999 ", false, Predicate, Given),
        // What the predicate leaves: the straight-line route up to the
        // port, on the input trimmed, then without tabs and newlines; else
        // the state machine. A percent-encoded host that may be an IPv4
        // address, and a host ending in C0 controls that trimming takes
        // away.
        ("https://0264%345261043/", true, Straight, Given),
        ("https://\u{ffff}y\u{14}\u{b}", false, Straight, Trimmed),
        ("http://exa\tmple.com/", true, Straight, Stripped),
        ("http://\texa mple.com/", false, Straight, Stripped),
        ("file:\t//C|/x", true, Straight, Stripped),
        ("https://\n?x", false, StateMachine, Given),
    ];
    for &(input, ok, route, form) in rows {
        assert_eq!(check(input), (ok, Some((route, form))), "{input:?}");
    }
    // Past the stack room, a tab or newline is the state machine's.
    assert_eq!(
        check(&format!("http://a\tb/{}", "x".repeat(300))),
        (true, Some((StateMachine, Given)))
    );
    assert!(weburl::Url::can_parse("https://example.com/", None));
    assert_eq!(take(), Some((Predicate, Given)));
}

#[test]
fn validation_and_setters() {
    // Validation errors come only from the state machine, so it answers
    // even a canonical input.
    let mut errors = Vec::new();
    let mut out = [0u8; 256];
    take();
    Parser::new()
        .validation(|e: ValidationError, _| errors.push(e))
        .parse_into("https://example.com/", SliceStorage::new(&mut out))
        .unwrap();
    assert_eq!(take(), Some((StateMachine, Given)));

    let mut buf = [0u8; 256];
    let mut url = Url::parse_into("https://example.com/a", SliceStorage::new(&mut buf)).unwrap();
    take();
    url.set(Setter::Pathname, "/x/../y z").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    url.set(Setter::Pathname, "/x\t/y").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    assert_eq!(url.pathname(), "/x/y");
    url.set(Setter::Pathname, "/x/.\t./y").unwrap();
    assert_eq!(take(), Some((StateMachine, Given)));
    assert_eq!(url.pathname(), "/y");
    url.set(Setter::Search, "q r").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    // A newline in a fragment is removed where it is: no state machine.
    url.set(Setter::Hash, "f\ng").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    assert_eq!(url.hash(), "#fg");
    // The href setter: the store ladder into stack room when the storage
    // splices from the stack (a slice does); else the state machine after
    // the URL (heapless).
    url.set(Setter::Href, "https://example.org/").unwrap();
    assert_eq!(take(), Some((Canonical, Given)));
    assert_eq!(url.href(), "https://example.org/");
    url.set(Setter::Href, "HTTPS://example.net").unwrap();
    assert_eq!(take(), Some((Straight, Given)));
    let mut h = Url::parse_into("https://example.com/a", heapless::String::<64>::new()).unwrap();
    take();
    h.set(Setter::Href, "https://example.org/").unwrap();
    assert_eq!(take(), Some((StateMachine, Given)));
}
