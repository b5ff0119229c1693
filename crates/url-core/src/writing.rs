//! URL writing (url.bs §4.3): whether a string is a *valid URL string*.
//!
//! The URL parser accepts far more than what §4.3 says authors should write.
//! [`is_valid_url_string`] answers the stricter question: the input must
//! parse with **no validation error** (url.bs §1.1; the parser's own checks
//! of hosts, ports, code points, credentials, slashes …) **and** match the
//! writing grammar of §4.3 — an *absolute-URL-with-fragment string*, or, with
//! a base URL, a *relative-URL-with-fragment string*. The grammar is checked
//! independently of the parser: scheme syntax, `//` after special schemes,
//! no credentials, URL units only (URL code points or `%` + two hex digits),
//! a `URL-port string` of at most 65535, and so on.
//!
//! ```
//! use url_core::writing::is_valid_url_string;
//! use url_core::Url;
//! let mut buf = [0u8; 256];
//! let mut check = |s: &str| is_valid_url_string(s, None, url_core::SliceStorage::new(&mut buf)).unwrap();
//! assert!(check("https://example.org/a/b?c=d#e"));
//! assert!(check("mailto:user@example.org"));
//! assert!(!check("https://user@example.org/")); // credentials
//! assert!(!check("https:example.org"));          // missing "//"
//! assert!(!check("https://example.org/a b"));    // space is not a URL unit
//! assert!(!check("file:/etc/hosts"));            // file: needs "//"
//! ```

use crate::parser::authority::port_number;
use crate::parser::Parser;
use crate::storage::{CapacityError, Storage};
use crate::url::{SchemeType, Url};
use crate::validation::ValidationError;
use crate::ParseError;

/// Whether `input` is a *valid URL string* (url.bs §4.3) — relative to
/// `base` when given: it parses without any validation error and follows
/// the URL-writing grammar.
///
/// `storage` is where the parser writes while checking (cleared first);
/// the answer is `Err` only when it is too small to decide.
///
/// ```
/// use url_core::{writing::is_valid_url_string, Url};
/// let base = Url::parse_borrowed("https://example.org/dir/")?;
/// let mut buf = [0u8; 128];
/// let storage = url_core::SliceStorage::new(&mut buf);
/// assert_eq!(is_valid_url_string("../x?y#z", Some(base), storage), Ok(true));
/// let storage = url_core::SliceStorage::new(&mut buf);
/// assert_eq!(is_valid_url_string("..\\x", Some(base), storage), Ok(false));
/// # Ok::<(), url_core::ParseError>(())
/// ```
pub fn is_valid_url_string<S: Storage>(
    input: &str,
    base: Option<Url<&str>>,
    storage: S,
) -> Result<bool, CapacityError> {
    let mut errors = 0usize;
    let result = Parser::new()
        .with_base(base)
        .validation(|_: ValidationError, _: usize| errors += 1)
        .parse_into(input, storage);
    match result {
        Ok(_) => {}
        Err(ParseError::Capacity(e)) => return Err(e),
        Err(_) => return Ok(false),
    }
    Ok(errors == 0 && writing_rules_hold(input, base.as_ref()))
}

/// The §4.3 grammar alone (no parsing): whether `input` is an
/// absolute-URL-with-fragment string, or a relative-URL-with-fragment
/// string against `base`. Host *validity* (valid domain, IPv4 or IPv6
/// address string) is left to the parser's validation errors; this checks
/// the host's place in the grammar (present where required, no
/// credentials, a valid port).
///
/// ```
/// use url_core::writing::writing_rules_hold;
/// assert!(writing_rules_hold("https://example.org:8080/p?q#f", None));
/// assert!(writing_rules_hold("sc:opaque path%20ok", None) == false); // space
/// assert!(writing_rules_hold("sc:opaque-path", None));
/// assert!(!writing_rules_hold("https://example.org:99999/", None));
/// assert!(!writing_rules_hold("/relative", None)); // needs a base
/// ```
pub fn writing_rules_hold(input: &str, base: Option<&Url<&str>>) -> bool {
    let (body, fragment) = match input.split_once('#') {
        Some((b, f)) => (b, Some(f)),
        None => (input, None),
    };
    if let Some(f) = fragment {
        if !url_units(f) {
            return false;
        }
    }
    let (body, query) = match body.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (body, None),
    };
    if let Some(q) = query {
        if !url_units(q) {
            return false;
        }
    }
    if let Some((scheme, rest)) = scheme_prefix(body) {
        return match scheme_type(scheme) {
            SchemeType::File => match rest.strip_prefix("//") {
                Some(r) => file_rest(r),
                None => false,
            },
            SchemeType::NotSpecial => {
                if let Some(r) = rest.strip_prefix("//") {
                    scheme_relative(r)
                } else if rest.starts_with('/') {
                    path_absolute(rest)
                } else {
                    url_units(rest)
                }
            }
            _ => match rest.strip_prefix("//") {
                Some(r) => scheme_relative_special(r),
                None => false,
            },
        };
    }
    let Some(base) = base else {
        return false;
    };
    if base.has_opaque_path() {
        // "#" followed by a URL-fragment string.
        return body.is_empty() && query.is_none() && fragment.is_some();
    }
    if let Some(r) = body.strip_prefix("//") {
        return match base.scheme_type() {
            SchemeType::File => file_rest(r),
            SchemeType::NotSpecial => scheme_relative(r),
            _ => scheme_relative_special(r),
        };
    }
    if body.starts_with('/') {
        return path_absolute(body);
    }
    // path-relative-scheme-less-URL string: `scheme_prefix` failed, so it
    // does not start with a URL-scheme string and ":".
    url_units(body)
}

/// Classifies a scheme ASCII case-insensitively.
fn scheme_type(scheme: &str) -> SchemeType {
    let mut buf = [0u8; 5];
    if scheme.len() > buf.len() {
        return SchemeType::NotSpecial;
    }
    for (o, b) in buf.iter_mut().zip(scheme.bytes()) {
        *o = b.to_ascii_lowercase();
    }
    SchemeType::of(&buf[..scheme.len()])
}

/// A URL-scheme string followed by ":": (scheme, rest after ":").
fn scheme_prefix(s: &str) -> Option<(&str, &str)> {
    let colon = s.find(':')?;
    let scheme = &s[..colon];
    let b = scheme.as_bytes();
    if b.is_empty()
        || !b[0].is_ascii_alphabetic()
        || !b
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    {
        return None;
    }
    Some((scheme, &s[colon + 1..]))
}

/// Whether `c` is a URL code point (url.bs §4.3).
fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => {
            let cp = c as u32;
            // Noncharacters.
            !((0xFDD0..=0xFDEF).contains(&cp) || cp & 0xFFFE == 0xFFFE)
        }
        _ => false,
    }
}

/// Zero or more URL units: URL code points and percent-encoded bytes.
fn url_units(s: &str) -> bool {
    let b = s.as_bytes();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return false;
            }
            chars.next();
            chars.next();
        } else if !is_url_code_point(c) {
            return false;
        }
    }
    true
}

/// A path-absolute-URL string: "/" and URL-path-segment strings.
fn path_absolute(s: &str) -> bool {
    s.starts_with('/') && url_units(s)
}

/// A URL-port string: empty, or ASCII digits of a value up to 65535.
fn url_port(s: &str) -> bool {
    s.bytes().all(|c| c.is_ascii_digit()) && port_number(s.bytes()) <= 65535
}

/// Splits an authority into (host, port) at the port's ":" (after a
/// bracketed IPv6 address, if any). `None` when the host part is malformed.
fn split_host_port(auth: &str) -> Option<(&str, Option<&str>)> {
    if auth.starts_with('[') {
        let close = auth.find(']')?;
        let host = &auth[..=close];
        let rest = &auth[close + 1..];
        return match rest.strip_prefix(':') {
            Some(p) => Some((host, Some(p))),
            None if rest.is_empty() => Some((host, None)),
            None => None,
        };
    }
    Some(match auth.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (auth, None),
    })
}

/// A host in the grammar's place: no credentials, URL units (or a bracketed
/// IPv6 address of hex digits, ":" and "."). Its validity as a domain or
/// address is the parser's to report.
fn host_shape(host: &str) -> bool {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return !inner.is_empty()
            && inner
                .bytes()
                .all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.');
    }
    !host.contains('@') && url_units(host)
}

/// After "//" of a special non-file scheme: valid host, optional port,
/// optional path-absolute-URL string.
fn scheme_relative_special(s: &str) -> bool {
    let (auth, path) = match s.find('/') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let Some((host, port)) = split_host_port(auth) else {
        return false;
    };
    !host.is_empty()
        && host_shape(host)
        && port.map_or(true, url_port)
        && (path.is_empty() || path_absolute(path))
}

/// After "//" of a non-special scheme: an opaque-host-and-port string and
/// an optional path-absolute-URL string.
fn scheme_relative(s: &str) -> bool {
    let (auth, path) = match s.find('/') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let host_ok = auth.is_empty()
        || match split_host_port(auth) {
            Some((host, port)) => {
                !host.is_empty() && host_shape(host) && port.map_or(true, url_port)
            }
            None => false,
        };
    host_ok && (path.is_empty() || path_absolute(path))
}

/// After "//" of `file:`: nothing, or a host (no port) and/or a
/// path-absolute-URL string.
fn file_rest(s: &str) -> bool {
    let (host, path) = match s.find('/') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let host_ok =
        host.is_empty() || (host_shape(host) && (host.starts_with('[') || !host.contains(':')));
    host_ok && (path.is_empty() || path_absolute(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        for ok in [
            "https://example.org",
            "https://example.org:",
            "https://[::1]:8080/",
            "file:///c:/x",
            "file://",
            "file://host/p",
            "sc:",
            "sc://",
            "sc://h:1/p",
            "sc:/p",
            "https://example.org/%C3%A9?%20#%41",
            "https://example.org/é",
        ] {
            assert!(writing_rules_hold(ok, None), "{ok}");
        }
        for bad in [
            "",
            "1http://x",
            "https:/x",
            "https://",
            "https://u@h",
            "https://h:65536",
            "https://h:x",
            "file:x",
            "file://h:1/",
            "https://h/%zz",
            "https://h/#a#b",
            "https://h/\u{FFFF}",
        ] {
            assert!(!writing_rules_hold(bad, None), "{bad}");
        }
    }
}
