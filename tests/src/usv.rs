//! JSON with lone surrogates: the WPT data files write some strings with
//! `\uD800`-style escapes that are not half of a pair (JavaScript strings
//! may hold them; UTF-8 and so Rust strings may not). The URL parser sees
//! such a string after USVString conversion, which replaces each with
//! U+FFFD; so do these files before JSON parsing.
//!
//! Shared by source with xtask (`#[path]`), which must not depend on this
//! crate: keep it free of dependencies.

fn parse_u_escape(b: &[u8], i: usize) -> Option<u16> {
    if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u') {
        let hex = std::str::from_utf8(b.get(i + 2..i + 6)?).ok()?;
        u16::from_str_radix(hex, 16).ok()
    } else {
        None
    }
}

/// Rewrites `\uD800`-style escapes that are not part of a surrogate pair to
/// `\uFFFD`.
pub fn replace_lone_surrogate_escapes(text: &str) -> (String, usize) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut run = 0;
    let mut count = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if let Some(u) = parse_u_escape(b, i) {
                let is_high = (0xD800..0xDC00).contains(&u);
                let is_low = (0xDC00..0xE000).contains(&u);
                if is_high {
                    if let Some(l) = parse_u_escape(b, i + 6) {
                        if (0xDC00..0xE000).contains(&l) {
                            i += 12;
                            continue;
                        }
                    }
                }
                if is_high || is_low {
                    out.push_str(&text[run..i]);
                    out.push_str("\\uFFFD");
                    count += 1;
                    i += 6;
                    run = i;
                    continue;
                }
                i += 6;
                continue;
            }
            // Any other escape: skip the escaped character.
            i += 2;
            continue;
        }
        i += 1;
    }
    out.push_str(&text[run..]);
    (out, count)
}
