//! url-core's typed views of a URL's parts ([`url_core::parts`]), on the
//! owned URL.

use super::Url;
use url_core::form_urlencoded::Parse;
use url_core::parts::Host;

impl Url {
    /// The host, typed: a domain, an IPv4 or IPv6 address
    /// (`core::net`), an opaque host or the empty host; `None` without one.
    ///
    /// ```
    /// use weburl::{Host, Url};
    /// use std::net::Ipv6Addr;
    /// assert_eq!(Url::parse("http://[::1]:8080/")?.host_parsed(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
    /// assert_eq!(Url::parse("https://EXAMPLE.com/")?.host_parsed(), Some(Host::Domain("example.com")));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn host_parsed(&self) -> Option<Host<'_>> {
        self.inner.host_parsed()
    }

    /// The path's segments as serialized, or `None` for an opaque or empty
    /// path.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://example.com/docs/a%20b")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["docs", "a%20b"]);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        self.inner.path_segments()
    }

    /// The query's pairs (`application/x-www-form-urlencoded`), decoded only
    /// when read; see [`url_core::form_urlencoded::Piece`].
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://example.com/?q=a+b&lang=fr")?;
    /// let lang = url.query_pairs().find(|(k, _)| k == "lang").map(|(_, v)| v.to_string());
    /// assert_eq!(lang.as_deref(), Some("fr"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn query_pairs(&self) -> Parse<'_> {
        self.inner.query_pairs()
    }

    /// The authority as serialized (`user:pass@host:port`), or `""`.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("ftp://me@files.example:2121/x")?.authority(), "me@files.example:2121");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> &str {
        self.inner.authority()
    }
}
