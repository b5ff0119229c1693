//! A URL plus a sequence of setter calls (structured input via `arbitrary`;
//! strings are valid UTF-8 only, as the URL API's USVString arguments are).
//! After every call:
//! - the representation invariants hold and the getters agree with href;
//! - `Changed`: re-parsing href gives the same URL (and for `href`, the URL
//!   is exactly the parse of the value);
//! - `Ignored` or an error: the URL is unchanged (String storage can only fail
//!   in `href`, with the parse error);
//! - the same call on a fixed buffer gives the same outcome and URL, or a
//!   capacity error that leaves the buffer's URL unchanged.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use url_core::{ParseError, SetError, SetOutcome, Setter, SliceStorage, Storage, Url};
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

fn apply<S: Storage>(u: &mut Url<S>, which: Which, v: &str) -> Result<SetOutcome, SetError> {
    u.set(setter(which), v)
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

fuzz_target!(|input: Input| {
    let start = match &input.start {
        Start::Known(i) => BASES[*i as usize % BASES.len()].to_string(),
        Start::Text(s) => s.clone(),
    };
    let Ok(mut url) = Url::parse_into(&start, String::new()) else {
        return;
    };
    check_url(&url);
    // Long sequences add little beyond the first few calls.
    for op in input.ops.iter().take(16) {
        let value = value_of(&op.value);
        let before = Snapshot::of(&url);
        let result = apply(&mut url, op.which, &value);
        check_url(&url);
        let after = Snapshot::of(&url);
        let ctx = || format!("{:?}({value:?}) on {:?}", op.which, before.href);
        match result {
            Ok(SetOutcome::Changed) => {
                let again = Url::parse_into(url.href(), String::new()).unwrap_or_else(|e| {
                    panic!("{}: href {:?} does not re-parse: {e:?}", ctx(), url.href())
                });
                assert_eq!(Snapshot::of(&again), after, "{}: re-parse differs", ctx());
                if let Which::Href = op.which {
                    let parsed = Url::parse_into(&value, String::new()).expect("href value");
                    assert_eq!(Snapshot::of(&parsed), after, "{}: set_href vs parse", ctx());
                }
            }
            Ok(_) => assert_eq!(after, before, "{}: ignored setter changed the URL", ctx()),
            Err(e) => {
                assert_eq!(after, before, "{}: failed setter changed the URL", ctx());
                assert_eq!(e.setter, setter(op.which));
                assert!(
                    matches!(op.which, Which::Href)
                        && matches!(e.error, ParseError::Invalid { .. }),
                    "{}: String storage failed with {e:?}",
                    ctx()
                );
                assert!(Url::parse_into(&value, String::new()).is_err());
            }
        }

        // The same call on a fixed buffer holding the previous URL.
        let mut buf = vec![0u8; before.href.len() + op.room as usize];
        let mut fixed = Url::parse_into(&before.href, SliceStorage::new(&mut buf))
            .expect("the previous href fits its own length");
        let fixed_result = apply(&mut fixed, op.which, &value);
        check_url(&fixed);
        match fixed_result {
            Err(SetError {
                error: ParseError::Capacity(c),
                ..
            }) => {
                assert!(c.needed > c.capacity, "{}: {c:?}", ctx());
                assert_eq!(
                    Snapshot::of(&fixed),
                    before,
                    "{}: capacity error changed the URL",
                    ctx()
                );
            }
            r => {
                assert_eq!(r, result, "{}: fixed buffer outcome", ctx());
                assert_eq!(Snapshot::of(&fixed), after, "{}: fixed buffer URL", ctx());
            }
        }
    }
});
