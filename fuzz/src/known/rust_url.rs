//! The rust-url 2.5.8 allow-list: disagreements where rust-url departs
//! from the current standard and url-core and Ada agree.

use super::decoded;
use crate::Fields;

/// The known-deviation category of a url-core / rust-url 2.5.8 disagreement,
/// if it is one. Every category also requires Ada 4.0.0 (WPT-passing) to
/// agree with url-core, so a shared url-core/Ada bug that rust-url gets right
/// still aborts. `ada` is Ada's answer for the same case.
pub fn rust_url(
    input: &str,
    base: Option<&str>,
    ours: Option<&Fields>,
    theirs: Option<&Fields>,
    ada: Option<&Fields>,
) -> Option<&'static str> {
    if ours != ada {
        return None;
    }
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let base_special = base.is_some_and(|b| {
        let b: String = b
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let b = b.trim_matches(|c: char| c <= ' ').to_ascii_lowercase();
        ["http:", "https:", "ws:", "wss:", "ftp:"]
            .iter()
            .any(|s| b.starts_with(s))
    });
    match (ours, theirs) {
        (Some(o), Some(t)) => {
            let only = |names: &[&str]| o.diff(t).iter().all(|n| names.contains(n));
            if only(&["origin"]) && o.protocol == "blob:" && o.origin == "null" {
                // url.bs (2024): a blob: URL has a tuple origin only when its
                // inner URL is http(s); rust-url also uses ws/wss/ftp.
                return Some("blob: origin of a non-http(s) inner URL");
            }
            if !is_special(&o.protocol) && input.contains('\\') && o.pathname.contains('\\') {
                // url.bs: `\` is a path separator only in special URLs;
                // rust-url treats it as `/` for non-special ones too.
                return Some("`\\` in a non-special URL is a slash");
            }
            // Each check below looks at the attribute its deviation changes,
            // so two deviations in one URL (a dropped host and a `^`) pass.
            if !only(&["href", "host", "hostname", "pathname"]) {
                return None;
            }
            if o.pathname.replace("%5E", "^") == t.pathname {
                // url.bs (2025): `^` joined the path percent-encode set.
                return Some("`^` in a path is percent-encoded (url.bs 2025)");
            }
            let opaque_tail = o.pathname.strip_suffix("%20").unwrap_or(&o.pathname);
            if !o.pathname.starts_with('/') && opaque_tail.trim_end() == t.pathname.trim_end() {
                // url.bs (2025): opaque paths round-trip; spaces before a
                // query or fragment are encoded instead of stripped.
                return Some("opaque path spaces are encoded, not stripped (url.bs 2025)");
            }
            if o.protocol == "file:" && o.hostname != t.hostname && is_drive_path(&o.pathname) {
                // url.bs: a file: host is kept before a drive-letter path
                // (`file://host/C:/`); rust-url drops it.
                return Some("file: host before a Windows drive letter is dropped");
            }
            let file = o.protocol == "file:";
            let kept_drive = t
                .pathname
                .split('/')
                .enumerate()
                .any(|(i, seg)| is_drive_segment(seg) && !(file && i == 1));
            let dots = |s: &str| s.contains('.') || s.to_ascii_lowercase().contains("%2e");
            if kept_drive && (dots(input) || base.is_some_and(dots)) {
                // url.bs: `..` protects a drive letter only as the first
                // segment of a file: path; rust-url keeps a `C:` segment
                // anywhere (and in any scheme).
                return Some("`..` does not remove a drive-letter segment");
            }
            if o.protocol == "file:"
                && t.pathname.split('/').any(is_drive_segment)
                && !o.pathname.split('/').any(is_drive_segment)
            {
                // rust-url splits `a:2.2` into a drive letter and a segment.
                return Some("file: segment starting with `X:` taken for a drive letter");
            }
            if o.protocol == "file:" && o.pathname.replace(':', "|") == t.pathname.replace(':', "|")
            {
                // url.bs: the first segment `C|` of a file: path becomes `C:`.
                return Some("file: `C|` drive letter is not normalized to `C:`");
            }
            if o.protocol == "file:"
                && only(&["href", "pathname"])
                && (has_drive_like(input) || base.is_some_and(has_drive_like))
            {
                // rust-url's other file: drive-letter quirks when resolving
                // against or next to a `C:`-like segment (`b/a//` against
                // `file:/b/a///C:` gives `/b/a///C:b/a//`).
                return Some("file: drive-letter quirk in path resolution");
            }
            if o.protocol == "file:" && o.pathname.starts_with("//") {
                // url.bs keeps empty path segments in file: URLs
                // (`file:////p` has path `//p`); rust-url collapses them.
                return Some("file: path starting with an empty segment is collapsed");
            }
            None
        }
        (Some(o), None) => {
            // The input as the parser reads it (tabs, newlines removed,
            // percent-decoded): `x\tn--` and `%78n--` are xn-- labels too.
            let xn = |s: &str| decoded(s).to_ascii_lowercase().contains("xn--");
            if o.hostname.split('.').any(|l| l.starts_with("xn--"))
                && (xn(input) || base.is_some_and(xn))
            {
                // url.bs (2025): an ASCII domain is only lowercased and checked
                // for forbidden code points; ToASCII only reports validation
                // errors. rust-url fails on invalid Punycode (`xn--`, `xn--a`).
                return Some("ASCII xn-- label that is not valid Punycode");
            }
            if let Some(b) = base {
                if b.to_ascii_lowercase().contains("xn--")
                    && url::Url::parse(b).is_err()
                    && url_core::Url::parse_into(b, String::new()).is_ok()
                {
                    // The same, in the base: rust-url rejects the base.
                    return Some("ASCII xn-- label that is not valid Punycode");
                }
            }
            if base_special && trimmed.starts_with("///") {
                // rust-url fails on a scheme-relative input with three or
                // more slashes against a special base (url.bs: they are all
                // skipped, `///x` → `http://x/`).
                return Some("special-relative input with 3+ slashes");
            }
            if !is_special(&o.protocol) && input.contains('\\') {
                return Some("`\\` in a non-special URL is a slash");
            }
            None
        }
        (None, Some(t)) => {
            // The base counts too: a base url.bs rejects fails the whole parse.
            let base_backslash = base.is_some_and(|b| b.contains('\\') && !is_special_base(b));
            if base_backslash || (!is_special(&t.protocol) && input.contains('\\')) {
                // The same `\`-as-slash deviation, where it makes rust-url
                // accept a host or port that url.bs rejects.
                return Some("`\\` in a non-special URL is a slash");
            }
            if !is_special(&t.protocol)
                && t.hostname.is_empty()
                && (input.contains('@') || base.is_some_and(|b| b.contains('@')))
            {
                // url.bs: credentials followed by an empty host are a failure
                // (host-missing, `sc://@`, `sc://a@/`); rust-url accepts.
                return Some("credentials with an empty host in a non-special URL");
            }
            None
        }
        _ => None,
    }
}

fn is_special(protocol: &str) -> bool {
    ["http:", "https:", "ws:", "wss:", "ftp:", "file:"].contains(&protocol)
}

/// A path segment that is a Windows drive letter (`C:` or `C|`).
fn is_drive_segment(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// `/C:` or `/C:/…` (a normalized Windows drive letter as the first segment).
fn is_drive_path(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() >= 3
        && b[0] == b'/'
        && b[1].is_ascii_alphabetic()
        && b[2] == b':'
        && (b.len() == 3 || b[3] == b'/')
}

/// Whether `s` has a letter followed by `:` or `|` at the start of a path
/// segment (a Windows drive letter, normalized or not).
fn has_drive_like(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1)).any(|i| {
        (i == 0 || matches!(b[i - 1], b'/' | b'\\'))
            && b[i].is_ascii_alphabetic()
            && matches!(b[i + 1], b':' | b'|')
    })
}

/// Whether `base` starts with a special scheme.
fn is_special_base(base: &str) -> bool {
    let b = base
        .trim_start_matches(|c: char| c <= ' ')
        .to_ascii_lowercase();
    ["http:", "https:", "ws:", "wss:", "ftp:", "file:"]
        .iter()
        .any(|s| b.starts_with(s))
}
