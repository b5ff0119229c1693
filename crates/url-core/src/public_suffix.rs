//! Public suffix and registrable domain (url.bs §3.2 "Host miscellaneous"),
//! and same site / schemelessly same site for origins (HTML, used by url.bs
//! §4.7).
//!
//! The data is the Public Suffix List compiled into the `psl-tables` crate
//! (feature `psl`, on by default; see that crate for the list version and
//! the table size). The algorithm is the list's formal algorithm:
//!
//! 1. match the domain against every rule (a rule matches when its labels,
//!    compared from the right, are equal to the domain's or are `*`);
//! 2. no match: the prevailing rule is `*`;
//! 3. a matching exception rule (`!rule`) prevails over everything;
//! 4. otherwise the matching rule with the most labels prevails;
//! 5. an exception rule prevails with its leftmost label removed;
//! 6. the public suffix is the domain's labels matched by the prevailing rule,
//!    and the registrable domain is that plus one more label.
//!
//! A host is given as the URL parser serializes it (url.bs §3.6): a domain
//! is ASCII, non-ASCII labels already in Punycode — so IDN suffixes match
//! through their ASCII form, as the list's rules were converted with the same
//! domain to ASCII. Labels are compared ASCII case-insensitively. Results
//! are sub-slices of the host, so they never allocate.
//!
//! ```
//! use url_core::public_suffix::{public_suffix, registrable_domain};
//! assert_eq!(public_suffix("www.example.co.uk"), Some("co.uk"));
//! assert_eq!(registrable_domain("www.example.co.uk"), Some("example.co.uk"));
//! assert_eq!(registrable_domain("whatwg.github.io"), Some("whatwg.github.io"));
//! assert_eq!(registrable_domain("github.io"), None);
//! assert_eq!(public_suffix("example.com."), Some("com."));
//! assert_eq!(public_suffix("[::1]"), None);
//! ```

use crate::host::HostKind;
use crate::origin::Origin;
use crate::storage::Buffer;
use crate::url::Url;
use psl_tables::Node;

/// The Public Suffix List version the tables were generated from (the
/// list's `// VERSION:` line).
///
/// ```
/// assert!(!url_core::public_suffix::LIST_VERSION.is_empty());
/// ```
pub const LIST_VERSION: &str = psl_tables::LIST_VERSION;

/// Whether a serialized host is something other than a domain: an IPv6
/// address (`[…]`), an IPv4 address (the last label is all digits — the URL
/// parser turns every host that "ends in a number" into an IPv4 address, so
/// no domain ends that way), or empty.
fn is_not_a_domain(host: &str) -> bool {
    let b = host.as_bytes();
    if b.is_empty() || b[0] == b'[' {
        return true;
    }
    let last = b.rsplit(|&c| c == b'.').next().unwrap_or(b);
    !last.is_empty() && last.iter().all(u8::is_ascii_digit)
}

/// The number of labels of `domain` (no trailing dot) in its public suffix,
/// or `None` when the domain's last label is empty.
fn suffix_labels(domain: &str) -> Option<usize> {
    let labels = domain.as_bytes().rsplit(|&c| c == b'.');
    let total = domain.as_bytes().iter().filter(|&&c| c == b'.').count() + 1;
    if domain.is_empty() || domain.ends_with('.') {
        return None;
    }
    // Step 2: the implicit "*" rule.
    let mut best = 1;
    let mut node = Node::ROOT;
    let mut depth = 0;
    for label in labels {
        let Some(next) = node.child(label) else {
            break;
        };
        node = next;
        depth += 1;
        if node.is_exception() {
            // Steps 3 and 5: an exception prevails, minus its leftmost label.
            return Some(depth - 1);
        }
        if node.is_rule() {
            best = best.max(depth);
        }
        if node.has_wildcard() && depth < total {
            best = best.max(depth + 1);
        }
    }
    Some(best)
}

/// Splits `host` into (domain without one trailing dot, trailing dot length).
fn strip_trailing_dot(host: &str) -> (&str, usize) {
    match host.strip_suffix('.') {
        Some(d) => (d, 1),
        None => (host, 0),
    }
}

/// Byte index where the `n`th label from the right of `domain` starts
/// (`n >= 1`, at most the label count).
fn start_of_label_from_right(domain: &str, n: usize) -> usize {
    let mut seen = 0;
    for (i, &c) in domain.as_bytes().iter().enumerate().rev() {
        if c == b'.' {
            seen += 1;
            if seen == n {
                return i + 1;
            }
        }
    }
    0
}

/// The *public suffix* of a host (url.bs §3.2): the part of `host` that is
/// on the Public Suffix List (or its last label, by the list's implicit `*`
/// rule), keeping a trailing dot. `None` when `host` is not a domain
/// (an IPv4 or IPv6 address, or empty) or its last label is empty.
///
/// `host` is a serialized host as the URL parser produces it (ASCII,
/// Punycode for IDNs); the result is a sub-slice of it.
///
/// ```
/// use url_core::public_suffix::public_suffix;
/// assert_eq!(public_suffix("sub.www.example.com"), Some("com"));
/// assert_eq!(public_suffix("whatwg.github.io"), Some("github.io"));
/// assert_eq!(public_suffix("xn--kgbechtv"), Some("xn--kgbechtv")); // إختبار
/// assert_eq!(public_suffix("b.c.kobe.jp"), Some("c.kobe.jp")); // *.kobe.jp
/// assert_eq!(public_suffix("www.city.kobe.jp"), Some("kobe.jp")); // !city.kobe.jp
/// assert_eq!(public_suffix("example.unlisted-tld"), Some("unlisted-tld"));
/// assert_eq!(public_suffix("127.0.0.1"), None);
/// ```
pub fn public_suffix(host: &str) -> Option<&str> {
    if is_not_a_domain(host) {
        return None;
    }
    let (domain, _) = strip_trailing_dot(host);
    let n = suffix_labels(domain)?;
    if n == 0 {
        return None;
    }
    host.get(start_of_label_from_right(domain, n)..)
}

/// The *registrable domain* of a host (url.bs §3.2): its public suffix and
/// the domain label before it, keeping a trailing dot. `None` when the
/// public suffix is `None` or is the whole host, and — a choice of this
/// implementation, the standard does not say — when the label before the
/// public suffix is empty (`.com`, `a..com`): an empty label is not
/// registrable.
///
/// ```
/// use url_core::public_suffix::registrable_domain;
/// assert_eq!(registrable_domain("sub.www.example.com"), Some("example.com"));
/// assert_eq!(registrable_domain("example.com."), Some("example.com."));
/// assert_eq!(registrable_domain("com"), None);
/// assert_eq!(registrable_domain("sub.example.xn--kgbechtv"), Some("example.xn--kgbechtv"));
/// assert_eq!(registrable_domain("[2001:db8::1]"), None);
/// ```
pub fn registrable_domain(host: &str) -> Option<&str> {
    let suffix = public_suffix(host)?;
    if suffix.len() == host.len() {
        return None;
    }
    let (domain, _) = strip_trailing_dot(host);
    let suffix_start = host.len() - suffix.len();
    // The label before the suffix ends at the '.' at suffix_start - 1.
    let before = domain.get(..suffix_start.checked_sub(1)?)?;
    let start = before.rfind('.').map_or(0, |i| i + 1);
    if start == before.len() {
        return None;
    }
    host.get(start..)
}

impl<S: Buffer> Url<S> {
    /// The public suffix of the URL's host (url.bs §3.2), when the host is a
    /// domain; see [`public_suffix`].
    ///
    /// ```
    /// let url = url_core::Url::parse_borrowed("https://www.example.co.uk/")?;
    /// assert_eq!(url.public_suffix(), Some("co.uk"));
    /// assert_eq!(url_core::Url::parse_borrowed("https://192.168.0.1/")?.public_suffix(), None);
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn public_suffix(&self) -> Option<&str> {
        match self.host_kind() {
            HostKind::Domain => public_suffix(self.hostname()),
            _ => None,
        }
    }

    /// The registrable domain of the URL's host (url.bs §3.2), when the host
    /// is a domain; see [`registrable_domain`].
    ///
    /// ```
    /// let url = url_core::Url::parse_borrowed("https://a.b.whatwg.github.io/")?;
    /// assert_eq!(url.registrable_domain(), Some("whatwg.github.io"));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn registrable_domain(&self) -> Option<&str> {
        match self.host_kind() {
            HostKind::Domain => registrable_domain(self.hostname()),
            _ => None,
        }
    }
}

/// The registrable domain of an origin's serialized host (a domain, an
/// IPv4 address or a bracketed IPv6 address).
fn host_registrable_domain(host: &str) -> Option<&str> {
    registrable_domain(host)
}

/// HTML's *schemelessly same site*: for tuple origins, equal hosts whose
/// registrable domain is null, or equal non-null registrable domains.
///
/// HTML also makes an opaque origin schemelessly same site with itself;
/// url-core's opaque origins carry no identity (see [`Origin`]), so they are
/// never same site here — the same rule as [`Origin::same_origin`].
///
/// ```
/// use url_core::{public_suffix::schemelessly_same_site, Url};
/// let a = Url::parse_borrowed("https://a.example.com/")?;
/// let b = Url::parse_borrowed("http://b.example.com:8080/")?;
/// assert!(schemelessly_same_site(&a.origin(), &b.origin()));
/// let c = Url::parse_borrowed("https://other.github.io/")?;
/// let d = Url::parse_borrowed("https://whatwg.github.io/")?;
/// assert!(!schemelessly_same_site(&c.origin(), &d.origin()));
/// # Ok::<(), url_core::ParseError>(())
/// ```
pub fn schemelessly_same_site(a: &Origin<'_>, b: &Origin<'_>) -> bool {
    match (a, b) {
        (Origin::Tuple { host: ha, .. }, Origin::Tuple { host: hb, .. }) => {
            let (ha, hb) = (ha.as_str(), hb.as_str());
            match (host_registrable_domain(ha), host_registrable_domain(hb)) {
                (Some(ra), Some(rb)) => ra == rb,
                (None, None) => ha == hb,
                _ => false,
            }
        }
        _ => false,
    }
}

/// HTML's *same site*: schemelessly same site, and both tuple origins with
/// the same scheme (opaque origins: see [`schemelessly_same_site`]).
///
/// ```
/// use url_core::{public_suffix::same_site, Url};
/// let a = Url::parse_borrowed("https://a.example.com/")?;
/// let b = Url::parse_borrowed("https://b.example.com:8443/")?;
/// let c = Url::parse_borrowed("http://a.example.com/")?;
/// assert!(same_site(&a.origin(), &b.origin()));
/// assert!(!same_site(&a.origin(), &c.origin())); // scheme differs
/// # Ok::<(), url_core::ParseError>(())
/// ```
pub fn same_site(a: &Origin<'_>, b: &Origin<'_>) -> bool {
    match (a, b) {
        (Origin::Tuple { scheme: sa, .. }, Origin::Tuple { scheme: sb, .. }) => {
            sa == sb && schemelessly_same_site(a, b)
        }
        _ => false,
    }
}

impl Origin<'_> {
    /// HTML's *same site*; see [`same_site`].
    ///
    /// ```
    /// let a = url_core::Url::parse_borrowed("https://x.example.co.uk/")?;
    /// let b = url_core::Url::parse_borrowed("https://y.example.co.uk/")?;
    /// assert!(a.origin().same_site(&b.origin()));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn same_site(&self, other: &Origin<'_>) -> bool {
        same_site(self, other)
    }

    /// HTML's *schemelessly same site*; see [`schemelessly_same_site`].
    ///
    /// ```
    /// let a = url_core::Url::parse_borrowed("https://example.com/")?;
    /// let b = url_core::Url::parse_borrowed("wss://www.example.com/")?;
    /// assert!(a.origin().schemelessly_same_site(&b.origin()));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn schemelessly_same_site(&self, other: &Origin<'_>) -> bool {
        schemelessly_same_site(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases_do_not_panic() {
        for h in [
            "",
            ".",
            "..",
            "a.",
            "a..",
            ".a",
            "..a",
            "com..",
            "*",
            "!",
            "xn--",
            "a.b.c.d.e.f.g",
        ] {
            let _ = public_suffix(h);
            let _ = registrable_domain(h);
        }
        assert_eq!(public_suffix("."), None);
        assert_eq!(public_suffix("com.."), None);
        assert_eq!(registrable_domain(".com"), None);
        assert_eq!(registrable_domain("a..com"), None);
        assert_eq!(registrable_domain("x.a..com"), None);
    }

    #[test]
    fn wildcards_and_exceptions() {
        assert_eq!(public_suffix("ck"), Some("ck"));
        assert_eq!(public_suffix("test.ck"), Some("test.ck"));
        assert_eq!(registrable_domain("www.ck"), Some("www.ck"));
        assert_eq!(registrable_domain("a.www.ck"), Some("www.ck"));
        assert_eq!(registrable_domain("c.kobe.jp"), None);
        assert_eq!(registrable_domain("a.b.c.kobe.jp"), Some("b.c.kobe.jp"));
        assert_eq!(registrable_domain("WWW.Example.COM"), Some("Example.COM"));
    }
}
