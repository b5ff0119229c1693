//! Typed views of a URL's parts beyond the URL API's getters: the host as
//! an address or a domain, the path's segments, the query's pairs (decoded
//! lazily) and the authority. Each is a slice of the serialization or a
//! value computed from one; nothing allocates.

use crate::form_urlencoded::{self, Parse};
use crate::host::HostKind;
use crate::storage::Buffer;
use crate::url::Url;
use core::net::{Ipv4Addr, Ipv6Addr};

/// A URL's host as the standard models it (url.bs §3.1): a domain, an IPv4
/// or IPv6 address, an opaque host (non-special URLs), or the empty host.
///
/// ```
/// use url_core::{parts::Host, Url};
/// use core::net::Ipv4Addr;
/// let url = Url::parse_borrowed("http://127.0.0.1:8080/")?;
/// assert_eq!(url.host_parsed(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
/// # Ok::<(), url_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A domain, ASCII (IDNA already applied): `example.com`.
    Domain(&'a str),
    /// An IPv4 address (special URLs only).
    Ipv4(Ipv4Addr),
    /// An IPv6 address (`[::1]` in the serialization).
    Ipv6(Ipv6Addr),
    /// A non-special URL's host, percent-encoded as serialized: `sc://a%20b`.
    Opaque(&'a str),
    /// The empty host: `file:///x`, `sc:///x`.
    Empty,
}

impl<S: Buffer> Url<S> {
    /// The host, typed; `None` when the URL has none (`mailto:x`,
    /// `sc:/x`).
    ///
    /// ```
    /// use url_core::{parts::Host, Url};
    /// assert_eq!(Url::parse_borrowed("https://example.com/")?.host_parsed(), Some(Host::Domain("example.com")));
    /// assert_eq!(Url::parse_borrowed("file:///etc/hosts")?.host_parsed(), Some(Host::Empty));
    /// assert_eq!(Url::parse_borrowed("mailto:a@b")?.host_parsed(), None);
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn host_parsed(&self) -> Option<Host<'_>> {
        let hostname = self.hostname();
        Some(match self.host_kind() {
            HostKind::None => return None,
            HostKind::Empty => Host::Empty,
            HostKind::Domain => Host::Domain(hostname),
            HostKind::Opaque => Host::Opaque(hostname),
            // The parser wrote these addresses in their canonical form, so
            // they parse; were one not to, it stays text rather than panic.
            HostKind::Ipv4 => hostname.parse().map_or(Host::Opaque(hostname), Host::Ipv4),
            HostKind::Ipv6 => hostname
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .and_then(|h| h.parse().ok())
                .map_or(Host::Opaque(hostname), Host::Ipv6),
        })
    }

    /// The path's segments, as serialized (percent-encoded), or `None` for
    /// an opaque path (`mailto:x`) or an empty one (`sc://h`).
    ///
    /// ```
    /// use url_core::Url;
    /// let url = Url::parse_borrowed("https://example.com/a/b%20c/")?;
    /// assert!(url.path_segments().unwrap().eq(["a", "b%20c", ""]));
    /// assert!(Url::parse_borrowed("mailto:x@y")?.path_segments().is_none());
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        if self.has_opaque_path() {
            return None;
        }
        self.pathname()
            .strip_prefix('/')
            .map(|rest| rest.split('/'))
    }

    /// The query's name-value pairs, parsed as
    /// `application/x-www-form-urlencoded` (url.bs §5.1) and decoded only
    /// when read: each is a [`form_urlencoded::Piece`] that compares,
    /// displays and iterates as its decoded text. No query, no pairs.
    ///
    /// ```
    /// use url_core::Url;
    /// let url = Url::parse_borrowed("https://example.com/?q=caf%C3%A9&x=a+b")?;
    /// let pairs: Vec<_> = url.query_pairs().collect();
    /// assert_eq!(pairs[0].0, "q");
    /// assert_eq!(pairs[0].1, "caf\u{e9}");
    /// assert_eq!(pairs[1].1, "a b");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> Parse<'_> {
        form_urlencoded::parse_str(self.query().unwrap_or_default())
    }

    /// The authority as serialized — `username:password@host:port`, each
    /// part present only when the URL has it — or `""` without one.
    ///
    /// ```
    /// use url_core::Url;
    /// assert_eq!(Url::parse_borrowed("https://u:p@example.com:8443/x")?.authority(), "u:p@example.com:8443");
    /// assert_eq!(Url::parse_borrowed("file:///x")?.authority(), "");
    /// assert_eq!(Url::parse_borrowed("mailto:x@y")?.authority(), "");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        if self.host_kind() == HostKind::None {
            return "";
        }
        let start = self.off.scheme_end as usize + 3;
        let end = self.off.path_start as usize;
        self.href().get(start..end).unwrap_or_default()
    }
}
