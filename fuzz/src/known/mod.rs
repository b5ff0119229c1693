//! Known, explained disagreements with the differential oracles. Each entry
//! is a predicate over the case and both answers, with the reason it is not a
//! url-core bug. Keep these narrow: a broad predicate hides real bugs.

use std::collections::HashSet;
use std::sync::Mutex;

mod ada;
mod rust_url;

pub use ada::ada;
pub use rust_url::rust_url;

/// Prints `category` the first time `oracle` disagrees in it, so a run's log
/// shows which known deviations it met without flooding.
pub fn report(oracle: &str, category: &'static str) {
    static SEEN: Mutex<Option<HashSet<(String, &'static str)>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen
        .get_or_insert_with(HashSet::new)
        .insert((oracle.to_string(), category))
    {
        eprintln!("known {oracle} difference: {category}");
    }
}

/// `s` as the basic URL parser reads it (url.bs §4.4, the steps before the
/// state machine: leading and trailing C0 control or space stripped, every
/// ASCII tab or newline removed), then percent-decoded: what the URL *is*,
/// whatever surface shape the fuzzer gave it.
fn decoded(s: &str) -> String {
    let trimmed = s.trim_matches(|c: char| c <= ' ');
    let clean: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    percent_decode(&clean)
}

/// `s` with every `%XX` decoded, as lossy UTF-8.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if let (b'%', Some(h), Some(l)) = (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `s` has a non-ASCII code point other than U+FFFD that UTS #46
/// disallows (idna-tables: 18.0.0).
fn has_disallowed(s: &str) -> bool {
    s.chars().any(|c| {
        !c.is_ascii()
            && c != '\u{FFFD}'
            && idna_tables::mapping(c as u32) == idna_tables::Mapping::Disallowed
    })
}
