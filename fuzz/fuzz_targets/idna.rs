//! url-core's IDNA (url.bs §3.3, UTS #46). Input: first byte's low bit is
//! beStrict, the rest is a domain as lossy UTF-8.
//! - domain_to_ascii / domain_to_unicode never panic;
//! - an ASCII result is non-empty, has no uppercase letter and no forbidden
//!   domain code point, and is a fixed point of domain_to_ascii;
//! - domain_to_ascii(domain_to_unicode(x)) == domain_to_ascii(x) when the
//!   latter succeeds;
//! - a fixed buffer gives the String result or a capacity error that leaves
//!   the buffer as it was;
//! - to_nfc equals `unicode-normalization`'s NFC (same Unicode version), or
//!   fails only past the documented 63-combining-characters limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use unicode_normalization::{char::canonical_combining_class, UnicodeNormalization};
use url_core::idna::{domain_to_ascii, domain_to_unicode, to_nfc, IdnaError};
use url_core::{is_forbidden_domain_code_point, Buffer, SliceStorage, Storage};

fn to_ascii(domain: &str, strict: bool) -> Result<String, IdnaError> {
    let mut out = String::new();
    domain_to_ascii(domain, strict, &mut out).map(|()| out)
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let strict = flags & 1 == 1;
    let domain = String::from_utf8_lossy(rest);
    let domain = &*domain;

    let ascii = to_ascii(domain, strict);
    match &ascii {
        Ok(a) => {
            assert!(!a.is_empty(), "empty ASCII domain");
            assert!(a.is_ascii(), "non-ASCII result {a:?}");
            assert!(
                !a.bytes()
                    .any(|c| c.is_ascii_uppercase() || is_forbidden_domain_code_point(c)),
                "{a:?} has an uppercase letter or a forbidden domain code point"
            );
            assert_eq!(to_ascii(a, false).as_ref(), Ok(a), "not a fixed point");
        }
        Err(IdnaError::Capacity(c)) => panic!("String storage ran out: {c:?}"),
        Err(_) => {}
    }

    let mut unicode = String::new();
    domain_to_unicode(domain, &mut unicode).expect("String storage");
    if let Ok(a) = to_ascii(domain, false) {
        assert_eq!(
            to_ascii(&unicode, false),
            Ok(a),
            "to_ascii(to_unicode(x)) != to_ascii(x); to_unicode gave {unicode:?}"
        );
    }

    // A fixed buffer sized from the input: either the same answer or a
    // capacity error with the buffer untouched.
    let cap = (flags as usize >> 1) * 2;
    let mut buf = vec![0u8; cap];
    let mut fixed = SliceStorage::new(&mut buf);
    match (domain_to_ascii(domain, strict, &mut fixed), &ascii) {
        (Ok(()), Ok(a)) => assert_eq!(fixed.as_str(), a),
        (Err(IdnaError::Capacity(_)), _) => assert_eq!(fixed.len(), 0, "capacity error wrote"),
        (Err(e), Err(s)) if e == *s => assert_eq!(fixed.len(), 0, "failure wrote"),
        (r, a) => panic!("fixed buffer {r:?} vs String {a:?}"),
    }

    // to_nfc is exact on UTS #46-mapped text, the only text the domain
    // parser normalizes (its documented domain; idna-tables keeps NFC data for
    // nothing else): check it there.
    let mapped = uts46_map(domain);
    let domain = mapped.as_str();
    let mut nfc = String::new();
    match to_nfc(domain, &mut nfc) {
        Ok(()) => assert_eq!(nfc, domain.nfc().collect::<String>(), "NFC differs"),
        Err(IdnaError::Invalid) => {
            let mut run = 0usize;
            let mut longest = 0usize;
            for c in domain.nfd() {
                run = if canonical_combining_class(c) != 0 {
                    run + 1
                } else {
                    0
                };
                longest = longest.max(run);
            }
            assert!(
                longest > 63,
                "to_nfc failed with a combining run of {longest}"
            );
        }
        Err(e) => panic!("to_nfc into a String: {e:?}"),
    }
});

/// UTS #46 Map (non-transitional) through idna-tables, dropping disallowed
/// code points: text of the kind `to_nfc` is specified for.
fn uts46_map(input: &str) -> String {
    use idna_tables::Mapping;
    let mut out = String::new();
    for c in input.chars() {
        match idna_tables::mapping(c as u32) {
            // Decomposed: mapped to its canonical decomposition, which NFC
            // recomposes; keeping the code point is the same input to NFC.
            Mapping::Valid | Mapping::Decomposed => out.push(c),
            Mapping::Disallowed | Mapping::Ignored => {}
            Mapping::Char(m) => out.push(m),
            Mapping::Str(s) => out.push_str(s),
        }
    }
    out
}
