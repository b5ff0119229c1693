//! A setter is a transaction on every storage at every capacity: it either
//! lands completely (the same outcome and URL as on `String` storage) or fails
//! with a capacity error and leaves the URL byte-for-byte as it was.
//!
//! Cases: every WPT `setters_tests.json` case, plus every setter with every
//! value of the `setters` fuzz target's value list (and host-with-port shapes)
//! over URLs of each shape the setters branch on. Each case runs at every
//! capacity from 0 to the first that succeeds, and one more, on a caller's
//! slice, a slice behind `&mut`, `heapless::String<N>`, and the C ABI's
//! setter layer (`weburl_c::set` over the caller's buffer).
//!
//! A capacity error's `needed` is room with which the same call lands
//! (each refusal is retried with exactly that much), and on a slice and in
//! the C ABI a setter whose new component fits the 256-byte stack room
//! lands with room for the result alone: the longer of the old and the new
//! URL (issue 31, points 2 and 3).

use url_core::{
    href_len_bound, ParseError, SetError, SetErrorKind, Setter, SliceStorage, Storage, Url,
};
use weburl_conformance::{component, read_json_usv, wpt_path, FIELDS};

include!("../../fuzz/src/setter_values.rs");

/// URLs of each shape the setters branch on: special, not special, file,
/// opaque path, null host, empty host, credentials, port, IPv4/IPv6, `/.`.
const HREFS: &[&str] = &[
    "http://h/p",
    "https://user:pass@example.com:8080/a/b/c?q#f",
    "http://[::1]:8080/x/",
    "http://192.168.0.1/",
    "file:///C:/dir/file",
    "file://host/share/x",
    "sc://h/p/q",
    "sc:///p",
    "sc://u@h:1/p",
    "sc:/p/q",
    "sc:opaque path",
    "web+demo:/.//not-a-host/",
    "blob:https://example.org/uuid",
    "ws://example.com/",
    "mailto:user@example.org",
    "non-spec:/",
];

/// Host values with a port: the host setter writes both in one splice.
const HOST_PORTS: &[&str] = &[
    "example.com:8080",
    "h:80",
    "h:443",
    "h:0",
    "[::1]:65535",
    "h:65536",
    "h:x",
    "a-much-longer-host-name.example:1",
    "EXAMPLE.org:8443/p",
];

struct Case {
    setter: Setter,
    href: String,
    value: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let (data, _) = read_json_usv(&wpt_path("setters_tests.json"));
    for (name, list) in data.as_object().expect("object") {
        let Some(setter) = Setter::from_name(name) else {
            continue;
        };
        for c in list.as_array().expect("array") {
            out.push(Case {
                setter,
                href: c["href"].as_str().expect("href").into(),
                value: c["new_value"].as_str().expect("new_value").into(),
            });
        }
    }
    for href in HREFS {
        for setter in Setter::ALL {
            for value in SETTER_VALUES.iter().chain(HOST_PORTS) {
                out.push(Case {
                    setter,
                    href: href.to_string(),
                    value: value.to_string(),
                });
            }
        }
    }
    out
}

/// Every getter, the offsets' invariants, and the href.
fn snapshot<S: url_core::Buffer>(url: &Url<S>) -> Vec<String> {
    let mut s: Vec<String> = FIELDS
        .iter()
        .map(|f| component(url, f).to_string())
        .collect();
    s.push(format!("{:?} {:?}", url.port(), url.host_kind()));
    s.push(format!("{:?}", url.check_invariants()));
    s
}

/// What one setter call on one storage did.
#[derive(Debug, PartialEq)]
enum Run {
    /// The URL itself does not fit: nothing to test at this capacity.
    NoRoom,
    /// A capacity error, after which the URL was as before; the room it
    /// said the call needs.
    Refused(usize),
    /// The same outcome and URL as on `String` storage.
    Landed,
}

/// The reference: the setter on `String` storage.
fn reference(case: &Case) -> Option<(Result<(), SetError>, Vec<String>)> {
    let mut url = Url::parse_into(&case.href, String::new()).ok()?;
    let result = url.set(case.setter, &case.value);
    Some((result, snapshot(&url)))
}

fn run_on<S: Storage>(
    case: &Case,
    parsed: Result<Url<S>, ParseError>,
    want: &Want,
    cap: usize,
) -> Result<Run, String> {
    let mut url = match parsed {
        Ok(u) => u,
        Err(ParseError::Capacity(_)) => return Ok(Run::NoRoom),
        Err(e) => return Err(format!("does not parse: {e}")),
    };
    let before = snapshot(&url);
    let result = url.set(case.setter, &case.value);
    let after = snapshot(&url);
    match result {
        Err(SetError {
            kind: SetErrorKind::Capacity(c),
            ..
        }) => {
            if after != before {
                return Err(format!(
                    "capacity {cap}: failed setter changed the URL to {:?}",
                    url.href()
                ));
            }
            if c.needed <= c.capacity {
                return Err(format!("capacity {cap}: {c:?} is no capacity error"));
            }
            Ok(Run::Refused(c.needed))
        }
        r => {
            if r != want.0 || after != want.1 {
                return Err(format!(
                    "capacity {cap}: {r:?} {:?}, String storage: {:?} {:?}",
                    url.href(),
                    want.0,
                    want.1[0]
                ));
            }
            Ok(Run::Landed)
        }
    }
}

/// Runs `at(cap)` for cap = 0, 1, … up to the first that lands, and one
/// more; every capacity must refuse cleanly or land, and with enough room
/// the setter must land. A refusal's `needed` must land too (when `at` can
/// run it: `retry_up_to`). Returns a problem, or where it landed.
fn sweep(
    limit: usize,
    retry_up_to: usize,
    mut at: impl FnMut(usize) -> Result<Run, String>,
) -> Result<usize, String> {
    let mut landed_at = None;
    for cap in 0..=limit {
        match at(cap)? {
            Run::Landed => {
                if let Some(first) = landed_at {
                    return Ok(first);
                }
                landed_at = Some(cap);
            }
            _ if landed_at.is_some() => {
                return Err(format!("landed at {landed_at:?}, refused at {cap}"));
            }
            Run::Refused(needed) if needed <= retry_up_to => match at(needed)? {
                Run::Landed => {}
                r => {
                    return Err(format!(
                        "refused at {cap} saying {needed} bytes are needed, but at {needed}: {r:?}"
                    ))
                }
            },
            Run::Refused(_) | Run::NoRoom => {}
        }
    }
    Err(format!("never landed up to capacity {limit}"))
}

/// Where a setter on a slice must land (issue 31, point 3): with room for
/// the old URL and the new one, nothing more, when its component fits the
/// setters' 256-byte stack room (a conservative test: the value's bound and
/// the old URL together).
fn result_room(case: &Case, want: &Want) -> Option<usize> {
    let before = Url::parse_into(&case.href, String::new()).ok()?;
    (href_len_bound(&case.value, 0) + before.href().len() <= 256)
        .then(|| before.href().len().max(want.1[0].len()))
}

/// Room that always suffices: the old URL plus the value percent-encoded,
/// plus a margin for `//`, a port and a `/.` prefix.
fn limit(case: &Case) -> usize {
    2 * case.href.len() + 9 * case.value.len() + 32
}

fn describe(case: &Case, storage: &str, problem: &str) -> String {
    format!(
        "[{storage}] {} {:?} <- {:?}: {problem}",
        case.setter.name(),
        case.href,
        case.value
    )
}

type Want = (Result<(), SetError>, Vec<String>);

/// Runs `check` on every case that parses on String storage; it pushes
/// problems. Returns them with the number of cases run.
fn each_case(mut check: impl FnMut(&Case, &Want, &mut Vec<String>)) -> (Vec<String>, usize) {
    let (mut failures, mut ran) = (Vec::new(), 0);
    for case in cases() {
        if let Some(want) = reference(&case) {
            ran += 1;
            check(&case, &want, &mut failures);
        }
    }
    (failures, ran)
}

fn report(failures: &[String], ran: usize) {
    assert!(ran > 5000, "only {ran} cases");
    assert!(
        failures.is_empty(),
        "{} failures of {ran} cases:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

#[test]
fn slice_storage_every_capacity() {
    let (failures, ran) = each_case(|case, want, failures| {
        let room = result_room(case, want);
        let at_slice = |cap| {
            let mut buf = vec![0u8; cap];
            run_on(
                case,
                Url::parse_into(&case.href, SliceStorage::new(&mut buf)),
                want,
                cap,
            )
        };
        match sweep(limit(case), usize::MAX, at_slice) {
            Err(p) => failures.push(describe(case, "slice", &p)),
            Ok(at) if room.is_some_and(|r| r != at) => failures.push(describe(
                case,
                "slice",
                &format!("landed at {at}, not with room for the result ({room:?})"),
            )),
            Ok(_) => {}
        }
        let p = sweep(limit(case), usize::MAX, |cap| {
            let mut buf = vec![0u8; cap];
            let mut storage = SliceStorage::new(&mut buf);
            run_on(case, Url::parse_into(&case.href, &mut storage), want, cap)
        });
        if let Err(p) = p {
            failures.push(describe(case, "&mut slice", &p));
        }
    });
    println!("setter capacity sweep, slice storages: {ran} cases");
    report(&failures, ran);
}

/// `heapless::String<N>` fixes its capacity at compile time: one function
/// per capacity, `HEAPLESS[n]` for `heapless::String<n>`.
fn heapless_at<const N: usize>(case: &Case, want: &Want) -> Result<Run, String> {
    run_on(
        case,
        Url::parse_into(&case.href, heapless::String::<N>::new()),
        want,
        N,
    )
}

type HeaplessAt = fn(&Case, &Want) -> Result<Run, String>;

macro_rules! capacities {
    ($($n:literal)*) => { &[$(heapless_at::<$n>),*] };
}

const HEAPLESS: &[HeaplessAt] = capacities!(
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
    30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59
    60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89
    90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114
    115 116 117 118 119 120 121 122 123 124 125 126 127 128
);

#[test]
fn heapless_storage_every_capacity() {
    let (mut failures, mut ran, mut beyond) = (Vec::new(), 0, Vec::new());
    for case in cases() {
        let Some(want) = reference(&case) else {
            continue;
        };
        ran += 1;
        let max = HEAPLESS.len() - 1;
        match sweep(max, max, |cap| HEAPLESS[cap](&case, &want)) {
            // Needs more than the largest instantiated capacity: the slice
            // sweep covers it at every capacity; here, the ones we have.
            Err(p) if p.starts_with("never landed") => {
                beyond.push(describe(&case, "heapless", "needs more than 128"))
            }
            Err(p) => failures.push(describe(&case, "heapless", &p)),
            Ok(_) => {}
        }
    }
    println!(
        "setter capacity sweep, heapless::String<0..=128>: {ran} cases, {} need more than 128 bytes (swept 0..=128)",
        beyond.len()
    );
    // The largest cases are few; if they grow, raise the capacity list.
    assert!(beyond.len() * 20 < ran, "{beyond:#?}");
    report(&failures, ran);
}

#[test]
fn c_abi_every_capacity() {
    use weburl_c::{parse, refresh, set, Attr, WeburlStatus};
    let attr = |s: Setter| match s {
        Setter::Href => Attr::Href,
        Setter::Protocol => Attr::Protocol,
        Setter::Username => Attr::Username,
        Setter::Password => Attr::Password,
        Setter::Host => Attr::Host,
        Setter::Hostname => Attr::Hostname,
        Setter::Port => Attr::Port,
        Setter::Pathname => Attr::Pathname,
        Setter::Search => Attr::Search,
        Setter::Hash => Attr::Hash,
    };
    let (failures, ran) = each_case(|case, want, failures| {
        let room = result_room(case, want);
        let p = sweep(limit(case), usize::MAX, |cap| {
            let mut buf = vec![0u8; cap];
            let before = match parse(case.href.as_bytes(), None, &mut buf) {
                Ok(c) => c,
                Err(f) if f.status == WeburlStatus::Capacity => return Ok(Run::NoRoom),
                Err(f) => return Err(format!("does not parse: {:?}", f.status)),
            };
            let len = before.href.len as usize;
            let old = buf[..len].to_vec();
            match set(&mut buf, len, attr(case.setter), case.value.as_bytes()) {
                Err(f) if f.status == WeburlStatus::Capacity => {
                    if buf[..len] != old[..] {
                        return Err(format!(
                            "capacity {cap}: failed setter changed the record to {:?}",
                            String::from_utf8_lossy(&buf[..len])
                        ));
                    }
                    let refused = Run::Refused(f.error.needed);
                    match refresh(&mut buf, len) {
                        Ok(c) if c == before => Ok(refused),
                        // A null host with a `/.` path prefix is reattached by
                        // a parse into the spare room (documented): with room,
                        // the same bytes are the same record.
                        Err(f) if f.status == WeburlStatus::Capacity && dot_prefix(&old) => {
                            let mut roomy = old.clone();
                            roomy.resize(2 * len, 0);
                            match refresh(&mut roomy, len) {
                                Ok(c) if c == before => Ok(refused),
                                r => Err(format!("capacity {cap}: record lost: {r:?}")),
                            }
                        }
                        r => Err(format!(
                            "capacity {cap}: record unusable after CAPACITY: {r:?}"
                        )),
                    }
                }
                Err(f) if f.status == WeburlStatus::Invalid && want.0.is_err() => {
                    // set_href with a value that is no URL: String storage
                    // throws too, and the record keeps its URL.
                    if buf[..len] != old[..] {
                        return Err(format!("capacity {cap}: INVALID changed the record"));
                    }
                    Ok(Run::Landed)
                }
                Err(f) => Err(format!("capacity {cap}: {:?}", f.status)),
                Ok((c, _)) => {
                    let href = &buf[..c.href.len as usize];
                    if href != want.1[0].as_bytes() {
                        return Err(format!(
                            "capacity {cap}: {:?}, String storage {:?}",
                            String::from_utf8_lossy(href),
                            want.1[0]
                        ));
                    }
                    Ok(Run::Landed)
                }
            }
        });
        match p {
            Err(p) => failures.push(describe(case, "C ABI", &p)),
            // A URL with no host and a `/.` path prefix is read back through
            // spare room (`weburl_refresh`'s docs): more than the result.
            Ok(at) if room.is_some_and(|r| r != at) && !dot_prefix(case.href.as_bytes()) => {
                failures.push(describe(
                    case,
                    "C ABI",
                    &format!("landed at {at}, not with room for the result ({room:?})"),
                ))
            }
            Ok(_) => {}
        }
    });
    println!("setter capacity sweep, C ABI: {ran} cases");
    report(&failures, ran);
}

/// `scheme:/.//…`: a null host and a path that needs the serializer's `/.`.
fn dot_prefix(href: &[u8]) -> bool {
    href.iter()
        .position(|&b| b == b':')
        .is_some_and(|i| href[i + 1..].starts_with(b"/.//"))
}

/// The reproducers the reliability review found (issue 12): a host setter
/// whose port does not fit used to leave the new host written.
#[test]
fn host_with_port_that_does_not_fit() {
    let mut buf = [0u8; 21];
    let mut u = Url::parse_into("http://h/p", SliceStorage::new(&mut buf)).unwrap();
    let r = u.set_host("example.com:8080");
    assert!(
        matches!(r, Err(SetError { kind: SetErrorKind::Capacity(c), .. }) if c.needed > 21),
        "{r:?}"
    );
    assert_eq!(u.href(), "http://h/p");
    u.check_invariants().unwrap();

    let mut buf = [0u8; 8];
    let mut u = Url::parse_into("sc:///p", SliceStorage::new(&mut buf)).unwrap();
    assert!(u.set_host("h:80").is_err());
    assert_eq!(u.href(), "sc:///p");
    assert_eq!(u.host(), "");
    u.check_invariants().unwrap();
    // With room, both land.
    let mut buf = [0u8; 12];
    let mut u = Url::parse_into("sc:///p", SliceStorage::new(&mut buf)).unwrap();
    assert_eq!(u.set_host("h:80"), Ok(()));
    assert_eq!(u.href(), "sc://h:80/p");
    assert_eq!(u.port(), Some(80));

    // Through the C ABI's setter layer: CAPACITY, and the record still holds
    // its URL (it used to read "http://exa", hostname "e").
    let mut buf = [0u8; 21];
    let c = weburl_c::parse(b"http://h/p", None, &mut buf).unwrap();
    let len = c.href.len as usize;
    let f = weburl_c::set(&mut buf, len, weburl_c::Attr::Host, b"example.com:8080").unwrap_err();
    assert_eq!(f.status, weburl_c::WeburlStatus::Capacity);
    assert_eq!(&buf[..len], b"http://h/p");
    assert_eq!(weburl_c::refresh(&mut buf, len).unwrap(), c);
    let (c, _) = weburl_c::set(&mut buf, len, weburl_c::Attr::Pathname, b"/q").unwrap();
    assert_eq!(&buf[..c.href.len as usize], b"http://h/q");
}

/// A host whose port does not parse still sets the host (the standard sets
/// the host, then fails in the port state) and keeps the old port.
#[test]
fn host_with_bad_port_keeps_the_port() {
    let mut u = Url::parse_into("http://h:1/p", String::new()).unwrap();
    assert_eq!(u.set_host("example.com:99999"), Ok(()));
    assert_eq!(u.href(), "http://example.com:1/p");
    assert_eq!(u.set_host("other.example:"), Ok(()));
    assert_eq!(u.href(), "http://other.example:1/p");
    assert_eq!(u.set_host("x.example:80"), Ok(()));
    assert_eq!(u.href(), "http://x.example/p");
    assert_eq!(u.port(), None);
}

/// Issue 31, point 3: `set_username` with a 60-byte value on a 71-byte URL
/// in a 128-byte buffer failed with `needed: 131`, though the result is
/// 127 bytes (the username setter wrote the new userinfo after the URL).
/// The other setters that did so too: password, protocol, port and href.
#[test]
fn setters_need_room_for_the_result_only() {
    let href = "https://user@example.com/a/rather/long/path/to/some/resourc?query=1#top";
    assert_eq!(href.len(), 71);
    let user = "u".repeat(60);
    let mut buf = [0u8; 128];
    let mut url = Url::parse_into(href, SliceStorage::new(&mut buf)).unwrap();
    url.set_username(&user).unwrap();
    assert_eq!(url.href().len(), 127); // 71 - "user" + 60
    assert_eq!(url.username(), user);

    // Each of them, with exactly the room of the longer of old and new.
    let cases: [(Setter, &str, &str, &str); 5] = [
        (
            Setter::Password,
            "https://u@h.example/p",
            "pw",
            "https://u:pw@h.example/p",
        ),
        (
            Setter::Protocol,
            "http://h.example:443/p",
            "https",
            "https://h.example/p",
        ),
        (
            Setter::Port,
            "http://h.example/p",
            "8080",
            "http://h.example:8080/p",
        ),
        (
            Setter::Href,
            "http://h.example/p",
            "https://other.example/q",
            "https://other.example/q",
        ),
        (
            Setter::Username,
            "http://h.example/p",
            "user",
            "http://user@h.example/p",
        ),
    ];
    for (setter, href, value, want) in cases {
        let room = href.len().max(want.len());
        let mut buf = vec![0u8; room];
        let mut url = Url::parse_into(href, SliceStorage::new(&mut buf)).unwrap();
        url.set(setter, value).unwrap();
        assert_eq!(url.href(), want, "{setter:?}");
        // One byte less does not fit, and says how much does.
        let mut buf = vec![0u8; room - 1];
        if let Ok(mut url) = Url::parse_into(href, SliceStorage::new(&mut buf)) {
            let e = url.set(setter, value).unwrap_err();
            assert_eq!(e.capacity().map(|c| c.needed), Some(room), "{setter:?}");
            assert_eq!(url.href(), href);
        }
    }
}
