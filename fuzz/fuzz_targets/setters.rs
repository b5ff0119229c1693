//! A URL plus a sequence of setter calls (structured input via `arbitrary`;
//! strings are valid UTF-8 only, as the URL API's USVString arguments are).
//! After every call:
//! - the representation invariants hold and the getters agree with href;
//! - `Ok`: re-parsing href gives the same URL (and for `href`, the URL
//!   is exactly the parse of the value);
//! - an error (an ignored value included): the URL is unchanged (String
//!   storage can only fail in `href`, with the parse error, or ignore);
//! - the same call on a fixed buffer, at every capacity from the URL's length
//!   to the first that lands (and one more), and at the fuzzer's chosen room,
//!   gives the same outcome and URL, or a capacity error that leaves the
//!   buffer's URL unchanged and whose `needed` is room with which the call
//!   lands; likewise on `heapless::String<64>`.
//!
//! Input layouts:
//! - `0xFE lo hi rest`: WPT setters case `u16::from_le_bytes([lo, hi])`
//!   (modulo their number): its setter and value first, then the ops `rest`
//!   decodes to;
//! - `0xFD s href 0xFF value`: setter `Setter::ALL[s % 10]` with `value` on
//!   `href` (lossy UTF-8), for reproducers written by hand;
//! - anything else: the `arbitrary` layout of [`Input`].
//!
//! `cargo xtask fuzz-seed` writes one seed per WPT setters case and the
//! `0xFD` seeds of short-host URLs with every setter value.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use url_core::{ParseError, SetError, SetErrorKind, Setter, SliceStorage, Storage, Url};
use weburl_fuzz::{check_url, setter_values::SETTER_VALUES as TOKENS, Snapshot, BASES};

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Which {
    Href,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

#[derive(Arbitrary, Debug)]
enum Piece {
    Token(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct Op {
    which: Which,
    value: Vec<Piece>,
    /// Spare room in the fixed-buffer copy, beyond the current href.
    room: u8,
}

#[derive(Arbitrary, Debug)]
enum Start {
    Known(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    start: Start,
    ops: Vec<Op>,
}

fn value_of(pieces: &[Piece]) -> String {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Token(i) => s.push_str(TOKENS[*i as usize % TOKENS.len()]),
            Piece::Text(t) => s.push_str(t),
        }
    }
    s
}

fn setter(which: Which) -> Setter {
    match which {
        Which::Href => Setter::Href,
        Which::Protocol => Setter::Protocol,
        Which::Username => Setter::Username,
        Which::Password => Setter::Password,
        Which::Host => Setter::Host,
        Which::Hostname => Setter::Hostname,
        Which::Port => Setter::Port,
        Which::Pathname => Setter::Pathname,
        Which::Search => Setter::Search,
        Which::Hash => Setter::Hash,
    }
}

/// WPT `setters_tests.json`: (setter, href, new value).
fn wpt_cases() -> &'static [(Setter, String, String)] {
    static CASES: OnceLock<Vec<(Setter, String, String)>> = OnceLock::new();
    CASES.get_or_init(|| {
        let text = include_str!("../../data/wpt/setters_tests.json");
        let data: serde_json::Value = serde_json::from_str(text).expect("setters_tests.json");
        let mut out = Vec::new();
        for (name, cases) in data.as_object().expect("object") {
            let Some(setter) = Setter::from_name(name) else {
                continue;
            };
            for c in cases.as_array().into_iter().flatten() {
                let (Some(href), Some(value)) = (c["href"].as_str(), c["new_value"].as_str())
                else {
                    continue;
                };
                out.push((setter, href.to_string(), value.to_string()));
            }
        }
        out
    })
}

/// What a setter on fixed storage did.
enum Fixed {
    /// The URL itself does not fit.
    NoRoom,
    /// A capacity error: the room it says the call needs.
    Refused(usize),
    /// The same outcome and URL as on String storage.
    Landed,
}

/// The setter on fixed storage holding `before`: the same outcome and URL as
/// String storage (`result`, `after`), or a capacity error leaving it
/// unchanged.
fn check_fixed<S: Storage>(
    fixed: Result<Url<S>, ParseError>,
    setter: Setter,
    value: &str,
    before: &Snapshot,
    result: &Result<(), SetError>,
    after: &Snapshot,
    what: &str,
) -> Fixed {
    let ctx = || format!("{setter:?}({value:?}) on {:?}, {what}", before.href);
    let mut fixed = match fixed {
        Ok(u) => u,
        Err(ParseError::Capacity(_)) => return Fixed::NoRoom,
        Err(e) => panic!("{}: the previous href does not parse: {e:?}", ctx()),
    };
    let fixed_result = fixed.set(setter, value);
    check_url(&fixed);
    match fixed_result {
        Err(SetError {
            kind: SetErrorKind::Capacity(c),
            ..
        }) => {
            assert!(c.needed > c.capacity, "{}: {c:?}", ctx());
            assert_eq!(
                &Snapshot::of(&fixed),
                before,
                "{}: capacity error changed the URL",
                ctx()
            );
            Fixed::Refused(c.needed)
        }
        r => {
            assert_eq!(&r, result, "{}: fixed buffer outcome", ctx());
            assert_eq!(&Snapshot::of(&fixed), after, "{}: fixed buffer URL", ctx());
            Fixed::Landed
        }
    }
}

/// One setter call: on String storage, then on fixed storage at every
/// capacity that matters.
fn run_op<S: Storage>(url: &mut Url<S>, setter: Setter, value: &str, room: u8) {
    let before = Snapshot::of(url);
    let result = url.set(setter, value);
    check_url(url);
    let after = Snapshot::of(url);
    let ctx = || format!("{setter:?}({value:?}) on {:?}", before.href);
    match &result {
        Ok(()) => {
            let again = Url::parse_into(url.href(), String::new()).unwrap_or_else(|e| {
                panic!("{}: href {:?} does not re-parse: {e:?}", ctx(), url.href())
            });
            assert_eq!(Snapshot::of(&again), after, "{}: re-parse differs", ctx());
            if setter == Setter::Href {
                let parsed = Url::parse_into(value, String::new()).expect("href value");
                assert_eq!(Snapshot::of(&parsed), after, "{}: set_href vs parse", ctx());
            }
        }
        Err(e) if e.is_ignored() => {
            assert_eq!(after, before, "{}: ignored setter changed the URL", ctx())
        }
        Err(e) => {
            assert_eq!(after, before, "{}: failed setter changed the URL", ctx());
            assert_eq!(e.setter, setter);
            assert!(
                setter == Setter::Href
                    && matches!(e.kind, SetErrorKind::Parse(ParseError::Invalid { .. })),
                "{}: String storage failed with {e:?}",
                ctx()
            );
            assert!(Url::parse_into(value, String::new()).is_err());
        }
    }

    // Fixed buffers: every capacity from the URL's length up to the first
    // that lands and one more (a setter needs at most the old URL plus its
    // value percent-encoded, a port and a `//`), and the fuzzer's own pick.
    let len = before.href.len();
    let most = len + 3 * value.len() + 16;
    let mut landed = false;
    for cap in (len..=most).chain([len + room as usize]) {
        let mut buf = vec![0u8; cap];
        let fixed = Url::parse_into(&before.href, SliceStorage::new(&mut buf));
        let what = format!("slice of {cap}");
        match check_fixed(fixed, setter, value, &before, &result, &after, &what) {
            Fixed::Landed if landed => break,
            Fixed::Landed => landed = true,
            Fixed::Refused(needed) => {
                // "Allocate `needed` and retry" lands.
                let mut buf = vec![0u8; needed];
                let fixed = Url::parse_into(&before.href, SliceStorage::new(&mut buf));
                let what = format!("slice of {needed}, the room a refusal at {cap} needed");
                assert!(
                    matches!(
                        check_fixed(fixed, setter, value, &before, &result, &after, &what),
                        Fixed::Landed
                    ),
                    "{setter:?}({value:?}) on {:?}: {what} did not land",
                    before.href
                );
            }
            Fixed::NoRoom => {}
        }
    }
    let h = Url::parse_into(&before.href, heapless::String::<64>::new());
    check_fixed(h, setter, value, &before, &result, &after, "heapless 64");
}

fuzz_target!(|data: &[u8]| {
    if let [0xFD, which, rest @ ..] = data {
        let (href, value) = match rest.iter().position(|&b| b == 0xFF) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let href = String::from_utf8_lossy(href);
        let Ok(mut url) = Url::parse_into(&href, String::new()) else {
            return;
        };
        let setter = Setter::ALL[*which as usize % Setter::ALL.len()];
        run_op(&mut url, setter, &String::from_utf8_lossy(value), 0);
        return;
    }
    // WPT mode: a setters case first, then fuzzed ops.
    let (start, first, rest) = match data {
        [0xFE, lo, hi, rest @ ..] => {
            let cases = wpt_cases();
            let (setter, href, value) =
                &cases[u16::from_le_bytes([*lo, *hi]) as usize % cases.len()];
            (href.clone(), Some((*setter, value.as_str())), rest)
        }
        _ => (String::new(), None, data),
    };
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(rest)) else {
        return;
    };
    let start = match (&first, &input.start) {
        (Some(_), _) => start,
        (None, Start::Known(i)) => BASES[*i as usize % BASES.len()].to_string(),
        (None, Start::Text(s)) => s.clone(),
    };
    let Ok(mut url) = Url::parse_into(&start, String::new()) else {
        return;
    };
    check_url(&url);
    if let Some((setter, value)) = first {
        run_op(&mut url, setter, value, 0);
    }
    // Long sequences add little beyond the first few calls.
    for op in input.ops.iter().take(16) {
        run_op(&mut url, setter(op.which), &value_of(&op.value), op.room);
    }
});
