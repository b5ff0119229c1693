//! `Url`: parsing, getters and the standard traits.

use crate::error::ParseError;
use crate::host::Host;
use crate::options::ParseOptions;
use crate::origin::Origin;
use crate::parts::Parts;
use alloc::string::String;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::{self, FromStr};

/// A parsed URL: `url::Url`'s API over weburl's [`weburl::Url`] (one
/// `String` plus offsets, parsed by the URL Standard's parser).
///
/// Everything `url` 2.5.8 offers is here with the same signature. Parsing
/// and serialization follow the current URL Standard where `url` does not;
/// `DIFFERENCES.md` lists each such case.
///
/// ```
/// use weburl_url::Url;
/// let url = Url::parse("https://user:pw@EXAMPLE.com:8443/a/./b/../c?x=1#frag")?;
/// assert_eq!(url.as_str(), "https://user:pw@example.com:8443/a/c?x=1#frag");
/// assert_eq!(url.scheme(), "https");
/// assert_eq!(url.username(), "user");
/// assert_eq!(url.password(), Some("pw"));
/// assert_eq!(url.host_str(), Some("example.com"));
/// assert_eq!(url.port(), Some(8443));
/// assert_eq!(url.path(), "/a/c");
/// assert_eq!(url.query(), Some("x=1"));
/// assert_eq!(url.fragment(), Some("frag"));
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) inner: weburl::Url,
}

impl Url {
    /// Parses an absolute URL.
    ///
    /// ```
    /// use weburl_url::{ParseError, Url};
    /// assert_eq!(Url::parse("HTTP://example.com/a/../b")?.as_str(), "http://example.com/b");
    /// assert_eq!(Url::parse("../b"), Err(ParseError::RelativeUrlWithoutBase));
    /// # Ok::<(), ParseError>(())
    /// ```
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        match weburl::Url::parse(input) {
            Ok(inner) => Ok(Url { inner }),
            Err(e) => Err(ParseError::from_core(e, false)),
        }
    }

    /// Parses an absolute URL and appends `iter`'s name/value pairs to its
    /// query (`application/x-www-form-urlencoded`); existing pairs stay.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let url = Url::parse_with_params("https://example.net/?keep=1", &[("lang", "rust"), ("q", "a b")])?;
    /// assert_eq!(url.as_str(), "https://example.net/?keep=1&lang=rust&q=a+b");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, iter: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(iter);
        Ok(url)
    }

    /// Parses `input` with this URL as the base.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// assert_eq!(base.join("c.png")?.as_str(), "https://example.net/a/c.png");
    /// assert_eq!(base.join("//cdn.example/x")?.as_str(), "https://cdn.example/x");
    /// assert_eq!(base.join("http://other.example/")?.as_str(), "http://other.example/");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        match weburl::Url::parse_with_base(input, &self.inner) {
            Ok(inner) => Ok(Url { inner }),
            Err(e) => Err(ParseError::from_core(e, self.cannot_be_a_base())),
        }
    }

    /// Options for one parse: a base URL, a legacy query encoding, a
    /// syntax-violation callback.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let base = Url::parse("https://api.example.com/v1/")?;
    /// let url = Url::options().base_url(Some(&base)).parse("users")?;
    /// assert_eq!(url.as_str(), "https://api.example.com/v1/users");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::default()
    }

    /// The serialization.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.net")?.as_str(), "https://example.net/");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.as_str()
    }

    /// The serialization, without copying it.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.net")?.into_string(), "https://example.net/");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    #[deprecated(since = "2.3.0", note = "use Into<String>")]
    pub fn into_string(self) -> String {
        self.inner.into_string()
    }

    /// Checks that the URL is consistent: its offsets frame its components
    /// and parsing its serialization gives the same URL. `url` exposes this
    /// for its own tests; it is kept for theirs.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("https://example.net/a?b#c")?.check_invariants().is_ok());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        let s = self.as_str();
        let fail = |what: &str| Err(alloc::format!("{what} for URL {s:?}"));
        let p = Parts::of(&self.inner);
        if p.scheme_end == 0 || s.as_bytes().get(p.scheme_end) != Some(&b':') {
            return fail("scheme not followed by ':'");
        }
        if p.has_authority != s[p.scheme_end..].starts_with("://") {
            return fail("authority and '//' disagree");
        }
        if p.path_start > p.path_end() || p.host_end > p.path_start {
            return fail("offsets out of order");
        }
        match Url::parse(s) {
            Ok(again) if again.as_str() == s && Parts::of(&again.inner) == p => Ok(()),
            Ok(again) => Err(alloc::format!("reparsing {s:?} gives {:?}", again.as_str())),
            Err(e) => Err(alloc::format!("reparsing {s:?} fails: {e}")),
        }
    }

    /// The origin (url.bs §4.7). An opaque origin is a new one each time,
    /// so a `file:` URL's origin is not even equal to itself.
    ///
    /// ```
    /// use weburl_url::{Host, Origin, Url};
    /// let url = Url::parse("ftp://example.com/foo")?;
    /// assert_eq!(url.origin(), Origin::Tuple("ftp".into(), Host::Domain("example.com".into()), 21));
    /// assert!(!Url::parse("file:///tmp")?.origin().is_tuple());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        Origin::of(&self.inner)
    }

    /// The scheme, lowercase, without `:`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("HTTPS://example.net")?.scheme(), "https");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`,
    /// `file`).
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("ws://example.net")?.is_special());
    /// assert!(!Url::parse("git://example.net")?.is_special());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// Whether the serialization has `//` after the scheme (a host, maybe
    /// empty, as in `file:///tmp`).
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("file:///tmp/foo")?.has_authority());
    /// assert!(!Url::parse("unix:/run/foo.socket")?.has_authority());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.inner.host_kind() != weburl::HostKind::None
    }

    /// The authority: `[username[:password]@]host[:port]` as serialized,
    /// or `""` without one.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("ftp://user@127.0.0.1:2121/")?.authority(), "user@127.0.0.1:2121");
    /// assert_eq!(Url::parse("https://:@example.com/")?.authority(), "example.com");
    /// assert_eq!(Url::parse("mailto:joe@example.com")?.authority(), "");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        let p = Parts::of(&self.inner);
        if p.has_authority {
            &self.as_str()[p.username_start..p.path_start]
        } else {
            ""
        }
    }

    /// Whether the path is opaque (`mailto:`, `data:`, …): such a URL
    /// cannot be the base of a relative reference.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("data:text/plain,Stuff")?.cannot_be_a_base());
    /// assert!(!Url::parse("unix:/run/foo.socket")?.cannot_be_a_base());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn cannot_be_a_base(&self) -> bool {
        self.inner.has_opaque_path()
    }

    /// The username, percent-encoded, or `""`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("ftp://rms@example.com")?.username(), "rms");
    /// assert_eq!(Url::parse("https://example.com")?.username(), "");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The password, percent-encoded, or `None` when empty.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("ftp://rms:secret123@example.com")?.password(), Some("secret123"));
    /// assert_eq!(Url::parse("ftp://:@example.com")?.password(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn password(&self) -> Option<&str> {
        match self.inner.password() {
            "" => None,
            password => Some(password),
        }
    }

    /// Whether the URL has a host. The empty host (`file:///tmp`,
    /// `sc:///x`) counts as none, as in `url`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("ftp://rms@example.com")?.has_host());
    /// assert!(!Url::parse("unix:/run/foo.socket")?.has_host());
    /// assert!(!Url::parse("file:///tmp/foo")?.has_host());
    /// assert!(!Url::parse("sc://")?.has_host());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn has_host(&self) -> bool {
        !matches!(
            self.inner.host_kind(),
            weburl::HostKind::None | weburl::HostKind::Empty
        )
    }

    /// The host as serialized (IPv6 in brackets), when there is one.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://[::1]:8080/")?.host_str(), Some("[::1]"));
    /// assert_eq!(Url::parse("data:text/plain,Stuff")?.host_str(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        if self.has_host() {
            Some(self.inner.hostname())
        } else {
            None
        }
    }

    /// The host, parsed.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use weburl_url::{Host, Url};
    /// assert_eq!(Url::parse("https://127.0.0.1/")?.host(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
    /// assert_eq!(Url::parse("https://example.com/")?.host(), Some(Host::Domain("example.com")));
    /// assert_eq!(Url::parse("mailto:x@y")?.host(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<Host<&str>> {
        if self.has_host() {
            Host::from_serialized(self.inner.host_kind(), self.inner.hostname())
        } else {
            None
        }
    }

    /// The host when it is a domain (or an opaque host), not an address.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com/")?.domain(), Some("example.com"));
    /// assert_eq!(Url::parse("https://127.0.0.1/")?.domain(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.host() {
            Some(Host::Domain(domain)) => Some(domain),
            _ => None,
        }
    }

    /// The port, or `None` when there is none or it is the scheme's default.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com:443/")?.port(), None);
    /// assert_eq!(Url::parse("ssh://example.com:22/")?.port(), Some(22));
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.inner.port()
    }

    /// The port, or the scheme's default port (`http`/`ws` 80,
    /// `https`/`wss` 443, `ftp` 21).
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com/")?.port_or_known_default(), Some(443));
    /// assert_eq!(Url::parse("foo://example.com/")?.port_or_known_default(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port()
            .or_else(|| self.inner.scheme_type().default_port())
    }

    /// The path: `/` and segments, or the opaque path.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com/a%20b/c?q")?.path(), "/a%20b/c");
    /// assert_eq!(Url::parse("mailto:rms@example.net")?.path(), "rms@example.net");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &str {
        self.inner.pathname()
    }

    /// The path's segments, or `None` when the path is opaque.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let url = Url::parse("https://example.com/foo/bar/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["foo", "bar", ""]);
    /// assert!(Url::parse("data:text/plain,x")?.path_segments().is_none());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<str::Split<'_, char>> {
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// The query, without `?`; `Some("")` for a lone `?`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com/?page=2#x")?.query(), Some("page=2"));
    /// assert_eq!(Url::parse("https://example.com/")?.query(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The query's name/value pairs, decoded (`application/x-www-form-urlencoded`).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use weburl_url::Url;
    /// let url = Url::parse("https://example.com/?country=espa%C3%B1ol&a=b+c")?;
    /// let pairs: Vec<(Cow<str>, Cow<str>)> = url.query_pairs().collect();
    /// assert_eq!(pairs, [("country".into(), "español".into()), ("a".into(), "b c".into())]);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// The fragment, without `#`; `Some("")` for a lone `#`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("https://example.com/#top")?.fragment(), Some("top"));
    /// assert_eq!(Url::parse("https://example.com/")?.fragment(), None);
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }

    /// The weburl URL underneath, for weburl's own API.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let url = Url::parse("https://example.com/a?b")?;
    /// assert_eq!(url.as_weburl().search(), "?b");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn as_weburl(&self) -> &weburl::Url {
        &self.inner
    }

    /// Unwraps into the weburl URL underneath.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let url: weburl::Url = Url::parse("https://example.com/")?.into_weburl();
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[inline]
    pub fn into_weburl(self) -> weburl::Url {
        self.inner
    }
}

/// Wraps a weburl URL (no copy).
impl From<weburl::Url> for Url {
    #[inline]
    fn from(inner: weburl::Url) -> Url {
        Url { inner }
    }
}

/// Parses an absolute URL, like [`Url::parse`].
impl FromStr for Url {
    type Err = ParseError;
    #[inline]
    fn from_str(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

/// Parses an absolute URL, like [`Url::parse`].
impl<'a> TryFrom<&'a str> for Url {
    type Error = ParseError;
    #[inline]
    fn try_from(input: &'a str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

/// The serialization.
impl fmt::Display for Url {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

/// The serialization, without copying it.
impl From<Url> for String {
    #[inline]
    fn from(url: Url) -> String {
        url.inner.into_string()
    }
}

/// The components, with `url`'s field names and order.
impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("scheme", &self.scheme())
            .field("cannot_be_a_base", &self.cannot_be_a_base())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// Equal when the serializations are.
impl PartialEq for Url {
    #[inline]
    fn eq(&self, other: &Url) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Url {}

/// Orders by serialization.
impl PartialOrd for Url {
    #[inline]
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Orders by serialization.
impl Ord for Url {
    #[inline]
    fn cmp(&self, other: &Url) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// Hashes the serialization.
impl Hash for Url {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

/// The serialization.
impl AsRef<str> for Url {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A `Url` is matched by URL patterns as its url-core record.
#[cfg(feature = "pattern")]
impl weburl::pattern::AsUrlRecord for Url {
    type Storage = String;

    fn as_url_record(&self) -> &weburl::url_core::Url<String> {
        self.inner.as_url_core()
    }
}
