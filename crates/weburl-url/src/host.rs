//! `Host`: a domain (or opaque host), an IPv4 or an IPv6 address.

use crate::error::ParseError;
use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

/// The host of a URL: a domain, an IPv4 address or an IPv6 address.
///
/// `S` is `&str` for a host borrowed from a URL ([`Url::host`](crate::Url::host))
/// and `String` for an owned one. The opaque host of a non-special URL
/// (`sc://EXAMPLE/`, kept as written) is a `Domain` too, as in `url`.
///
/// ```
/// use std::net::Ipv4Addr;
/// use weburl_url::{Host, Url};
/// assert_eq!(Url::parse("http://0x7f.1/")?.host(), Some(Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1))));
/// assert_eq!(Host::parse("EXAMPLE.com")?, Host::Domain("example.com".to_string()));
/// assert_eq!(Host::parse("[::1]")?.to_string(), "[::1]");
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(Clone, Debug, Eq, Ord, PartialOrd, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Host<S = String> {
    /// A domain (ASCII, after IDNA) or an opaque host.
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address (serialized in brackets).
    Ipv6(Ipv6Addr),
}

impl Host<&str> {
    /// An owned copy.
    ///
    /// ```
    /// use weburl_url::Host;
    /// let owned: Host<String> = Host::Domain("example.com").to_owned();
    /// assert_eq!(owned, Host::Domain("example.com"));
    /// ```
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(domain) => Host::Domain(domain.to_owned()),
            Host::Ipv4(address) => Host::Ipv4(address),
            Host::Ipv6(address) => Host::Ipv6(address),
        }
    }

    /// Classifies a URL's serialized host (`hostname`) of the given kind.
    pub(crate) fn from_serialized(kind: weburl::HostKind, host: &str) -> Option<Host<&str>> {
        use weburl::HostKind as K;
        match kind {
            K::None => None,
            K::Ipv4 => host.parse().ok().map(Host::Ipv4),
            K::Ipv6 => host
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .and_then(|h| h.parse().ok())
                .map(Host::Ipv6),
            K::Domain | K::Opaque | K::Empty => Some(Host::Domain(host)),
        }
    }
}

impl Host<String> {
    /// Parses a host as a special URL's host parser does (url.bs §3.5 with
    /// "is not special" false): percent-decoding, IDNA, IPv4 in any
    /// notation, bracketed IPv6.
    ///
    /// ```
    /// use weburl_url::{Host, ParseError};
    /// assert_eq!(Host::parse("B\u{fc}cher.example")?, Host::Domain("xn--bcher-kva.example"));
    /// assert_eq!(Host::parse("0x7F.1")?.to_string(), "127.0.0.1");
    /// assert_eq!(Host::parse(""), Err(ParseError::EmptyHost));
    /// assert!(Host::parse("a b").is_err());
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        parse_host(input, true)
    }

    /// Parses an opaque host, as a non-special URL's host parser does: the
    /// text is kept (C0 controls and non-ASCII percent-encoded), forbidden
    /// host code points are errors; bracketed IPv6 is parsed.
    ///
    /// ```
    /// use weburl_url::Host;
    /// assert_eq!(Host::parse_opaque("EXAMPLE.com")?, Host::Domain("EXAMPLE.com"));
    /// assert_eq!(Host::parse_opaque("\u{e9}")?, Host::Domain("%C3%A9"));
    /// assert!(Host::parse_opaque("a<b").is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Self, ParseError> {
        parse_host(input, false)
    }
}

/// The host parser, run through the URL parser on `scheme://input/`.
///
/// Inside that URL the parser removes tabs and newlines and ends the host
/// at `/ ? # @ \` and an unbracketed `:` — none of which the host parser
/// accepts — so the input is checked for them first: anything the URL
/// parser would have taken apart is an error here, as it is for `url`.
fn parse_host(input: &str, special: bool) -> Result<Host<String>, ParseError> {
    let bracketed = input.starts_with('[');
    let cuts_host = |c: char| {
        matches!(c, '\t' | '\n' | '\r' | '/' | '?' | '#' | '@' | '\\') || (c == ':' && !bracketed)
    };
    if input.is_empty() {
        return if special {
            Err(ParseError::EmptyHost)
        } else {
            Ok(Host::Domain(String::new()))
        };
    }
    if bracketed && (!input.ends_with(']') || input.contains(cuts_host)) {
        return Err(ParseError::InvalidIpv6Address);
    }
    if input.contains(cuts_host) {
        return Err(if special {
            ParseError::IdnaError
        } else {
            ParseError::InvalidDomainCharacter
        });
    }
    let mut text = String::with_capacity(input.len() + 8);
    text.push_str(if special { "http://" } else { "sc://" });
    text.push_str(input);
    let url = weburl::Url::parse(&text).map_err(|e| host_error(e, special))?;
    let host = Host::from_serialized(url.host_kind(), url.hostname())
        .ok_or(ParseError::EmptyHost)?
        .to_owned();
    Ok(host)
}

/// `url` reports a forbidden code point in a special URL's domain as an
/// IDNA error (its IDNA step checks them) and in an opaque host as an
/// invalid domain character.
fn host_error(e: weburl::ParseError, special: bool) -> ParseError {
    match ParseError::from_core(e, false) {
        ParseError::InvalidDomainCharacter if special => ParseError::IdnaError,
        other => other,
    }
}

impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(domain) => f.write_str(domain.as_ref()),
            Host::Ipv4(address) => fmt::Display::fmt(address, f),
            Host::Ipv6(address) => {
                f.write_str("[")?;
                write_ipv6(address, f)?;
                f.write_str("]")
            }
        }
    }
}

/// The URL Standard's IPv6 serializer (url.bs §3.6): lowercase hex, the
/// first longest run of two or more zero pieces compressed, and never the
/// dotted IPv4 tail that `Ipv6Addr`'s own `Display` uses for `::ffff:a.b.c.d`.
fn write_ipv6(address: &Ipv6Addr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let pieces = address.segments();
    // The first longest run of zero pieces, if at least two long.
    let (mut best_start, mut best_len) = (0usize, 0usize);
    let mut i = 0;
    while i < pieces.len() {
        if pieces[i] == 0 {
            let start = i;
            while i < pieces.len() && pieces[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                (best_start, best_len) = (start, i - start);
            }
        } else {
            i += 1;
        }
    }
    let compress = if best_len >= 2 {
        Some(best_start..best_start + best_len)
    } else {
        None
    };
    let mut i = 0;
    while i < pieces.len() {
        if let Some(run) = &compress {
            if i == run.start {
                f.write_str(if i == 0 { "::" } else { ":" })?;
                i = run.end;
                continue;
            }
        }
        write!(f, "{:x}", pieces[i])?;
        if i + 1 < pieces.len() {
            f.write_str(":")?;
        }
        i += 1;
    }
    Ok(())
}

/// Equal when both are the same kind with equal contents, whatever the
/// string types (`Host<&str>` against `Host<String>`).
impl<S, T> PartialEq<Host<T>> for Host<S>
where
    S: PartialEq<T>,
{
    fn eq(&self, other: &Host<T>) -> bool {
        match (self, other) {
            (Host::Domain(a), Host::Domain(b)) => a == b,
            (Host::Ipv4(a), Host::Ipv4(b)) => a == b,
            (Host::Ipv6(a), Host::Ipv6(b)) => a == b,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn ipv6_serialization_is_the_standards() {
        let cases = [
            ("::", "[::]"),
            ("::1", "[::1]"),
            ("1::", "[1::]"),
            ("::ffff:1.2.3.4", "[::ffff:102:304]"),
            ("1:0:0:2:0:0:0:3", "[1:0:0:2::3]"),
            ("1:0:2:0:3:0:4:0", "[1:0:2:0:3:0:4:0]"),
            ("2001:db8::ff00:42:8329", "[2001:db8::ff00:42:8329]"),
        ];
        for (addr, want) in cases {
            let host: Host<String> = Host::Ipv6(addr.parse().unwrap());
            assert_eq!(host.to_string(), want, "{addr}");
        }
    }

    #[test]
    fn parse_rejects_what_the_url_parser_would_split() {
        for bad in [
            "a/b", "a?b", "a#b", "u@h", "h:80", "a\\b", " a", "a\tb", "a\u{0}b",
        ] {
            assert!(Host::parse(bad).is_err(), "{bad:?}");
            assert!(Host::parse_opaque(bad).is_err(), "{bad:?}");
        }
        assert_eq!(Host::parse("[::1"), Err(ParseError::InvalidIpv6Address));
        assert_eq!(
            Host::parse("1.2.3.256"),
            Err(ParseError::InvalidIpv4Address)
        );
        assert_eq!(Host::parse_opaque(""), Ok(Host::Domain(String::new())));
        assert_eq!(
            Host::parse_opaque("[::1]"),
            Ok(Host::Ipv6(Ipv6Addr::LOCALHOST))
        );
        assert_eq!(
            Host::parse("localhost"),
            Ok(Host::Domain("localhost".into()))
        );
    }
}
