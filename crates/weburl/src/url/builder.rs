//! A URL from its parts: the owned builder over url-core's.

use super::Url;
use alloc::string::String;
use alloc::vec::Vec;
use core::net::IpAddr;
use url_core::build::{BuildError, Builder};

/// Builds a [`Url`] from its parts, given in any order; see
/// [`Url::builder`].
///
/// Parts are given *decoded* and each is percent-encoded so that it stays
/// one part and decodes back: a path segment `"a/b"` is `a%2Fb`, a `%` in
/// any part is `%25`, query pairs are application/x-www-form-urlencoded as
/// `UrlSearchParams` writes them. The host goes through the host parser
/// (IDNA, IPv4, `[IPv6]`, an opaque host for non-special schemes); a port
/// equal to the scheme's default is no port. The table of sets is in
/// [`url_core::build`].
///
/// [`build`](UrlBuilder::build) checks the whole: the URL it returns is
/// what parsing its href gives, with every part where it was put, or a
/// [`BuildError`] says which part failed and why — an invalid scheme or
/// host (with the standard's validation error), credentials or a port
/// without a host or on `file:`, a `.` or `..` path segment (the parser
/// would apply it, even percent-encoded), an opaque path beside a host or
/// segments.
///
/// Setting a part twice replaces it; path segments and query pairs add up.
///
/// ```
/// use weburl::Url;
/// let url = Url::builder("https")
///     .host("EXAMPLE.com")
///     .path_segments(["files", "report 2024/v2.pdf"])
///     .query_pair("lang", "fr")
///     .query_pair("q", "a&b=c")
///     .fragment("page=2")
///     .build()?;
/// assert_eq!(url.href(), "https://example.com/files/report%202024%2Fv2.pdf?lang=fr&q=a%26b%3Dc#page=2");
/// let segments: Vec<_> = url.path_segments().unwrap().collect();
/// assert_eq!(segments, ["files", "report%202024%2Fv2.pdf"]);
/// # Ok::<(), weburl::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlBuilder {
    scheme: String,
    username: String,
    password: String,
    host: Option<HostPart>,
    port: Option<u16>,
    segments: Vec<String>,
    opaque_path: Option<String>,
    query: Option<String>,
    pairs: Vec<(String, String)>,
    fragment: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum HostPart {
    Text(String),
    Ip(IpAddr),
}

impl Url {
    /// A builder for a URL with `scheme` (ASCII letters lowercased); see
    /// [`UrlBuilder`].
    ///
    /// ```
    /// use weburl::{BuildErrorKind, Url, UrlPart};
    /// let url = Url::builder("sc").host("h").path_segments(["a", ""]).build()?;
    /// assert_eq!(url.href(), "sc://h/a/");
    /// let err = Url::builder("http").path_segment("..").build().unwrap_err();
    /// assert_eq!(err.kind, BuildErrorKind::InvalidHost(weburl::ValidationError::HostMissing));
    /// let err = Url::builder("http").host("h").path_segment("..").build().unwrap_err();
    /// assert_eq!((err.part, err.kind), (UrlPart::PathSegment(0), BuildErrorKind::DotSegment));
    /// # Ok::<(), weburl::BuildError>(())
    /// ```
    pub fn builder(scheme: &str) -> UrlBuilder {
        UrlBuilder::new(scheme)
    }
}

impl UrlBuilder {
    /// A builder for a URL with `scheme`; the same as [`Url::builder`].
    pub fn new(scheme: &str) -> UrlBuilder {
        UrlBuilder {
            scheme: scheme.into(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            segments: Vec::new(),
            opaque_path: None,
            query: None,
            pairs: Vec::new(),
            fragment: None,
        }
    }

    /// The username (decoded; empty means none).
    pub fn username(&mut self, username: &str) -> &mut Self {
        self.username = username.into();
        self
    }

    /// The password (decoded; empty means none).
    pub fn password(&mut self, password: &str) -> &mut Self {
        self.password = password.into();
        self
    }

    /// The host, as the host parser takes it: a domain (IDNA applied), an
    /// IPv4 address, `[` an IPv6 address `]`, or an opaque host for a
    /// non-special scheme; `""` is the empty host (`file:`, `sc://`).
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::builder("https").host("Bücher.example").build()?.hostname(), "xn--bcher-kva.example");
    /// assert_eq!(Url::builder("file").host("").path_segment("tmp").build()?.href(), "file:///tmp");
    /// # Ok::<(), weburl::BuildError>(())
    /// ```
    pub fn host(&mut self, host: &str) -> &mut Self {
        self.host = Some(HostPart::Text(host.into()));
        self
    }

    /// The host as an IP address (an IPv4 address is an opaque host for a
    /// non-special scheme, as parsing gives).
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use weburl::Url;
    /// let url = Url::builder("http").ip(Ipv4Addr::new(10, 0, 0, 1).into()).port(8080).build()?;
    /// assert_eq!(url.href(), "http://10.0.0.1:8080/");
    /// # Ok::<(), weburl::BuildError>(())
    /// ```
    pub fn ip(&mut self, address: IpAddr) -> &mut Self {
        self.host = Some(HostPart::Ip(address));
        self
    }

    /// The port; the scheme's default port is no port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// Appends a path segment (decoded).
    pub fn path_segment(&mut self, segment: &str) -> &mut Self {
        self.segments.push(segment.into());
        self
    }

    /// Appends every segment of `segments`.
    pub fn path_segments<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.segments
            .extend(segments.into_iter().map(|s| String::from(s.as_ref())));
        self
    }

    /// The opaque path (decoded), for a non-special scheme without a host
    /// or path segments.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::builder("mailto").opaque_path("a@example.com").query("subject=50% off").build()?;
    /// assert_eq!(url.href(), "mailto:a@example.com?subject=50%25%20off");
    /// # Ok::<(), weburl::BuildError>(())
    /// ```
    pub fn opaque_path(&mut self, path: &str) -> &mut Self {
        self.opaque_path = Some(path.into());
        self
    }

    /// The query as text (decoded; `&`, `=` and `+` stay as given). Query
    /// pairs follow it after `&`.
    pub fn query(&mut self, text: &str) -> &mut Self {
        self.query = Some(text.into());
        self
    }

    /// Appends a `name=value` pair to the query
    /// (application/x-www-form-urlencoded).
    pub fn query_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.pairs.push((name.into(), value.into()));
        self
    }

    /// Appends every pair of `pairs`.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::builder("https").host("example.com").query_pairs([("a", "1"), ("b", "x y")]).build()?;
    /// assert_eq!(url.search(), "?a=1&b=x+y");
    /// # Ok::<(), weburl::BuildError>(())
    /// ```
    pub fn query_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.pairs.extend(
            pairs
                .into_iter()
                .map(|(k, v)| (String::from(k.as_ref()), String::from(v.as_ref()))),
        );
        self
    }

    /// The fragment (decoded).
    pub fn fragment(&mut self, fragment: &str) -> &mut Self {
        self.fragment = Some(fragment.into());
        self
    }

    /// Builds the URL (one allocation, sized from the parts); the builder
    /// stays as it is, to build again.
    pub fn build(&self) -> Result<Url, BuildError> {
        let mut b = Builder::new(&self.scheme, String::with_capacity(self.room()));
        b.username(&self.username).password(&self.password);
        match &self.host {
            Some(HostPart::Text(h)) => b.host(h),
            Some(HostPart::Ip(a)) => b.ip(*a),
            None => &mut b,
        };
        if let Some(p) = self.port {
            b.port(p);
        }
        // Segments first: an opaque path beside them is then the error.
        b.path_segments(&self.segments);
        if let Some(p) = &self.opaque_path {
            b.opaque_path(p);
        }
        if let Some(q) = &self.query {
            b.query(q);
        }
        b.query_pairs(self.pairs.iter().map(|(k, v)| (k, v)));
        if let Some(f) = &self.fragment {
            b.fragment(f);
        }
        b.finish().map(Url::from)
    }

    /// Room for the serialization: every byte of text encoded (`%XX`) at
    /// worst, a domain's Punycode aside, plus separators.
    fn room(&self) -> usize {
        let texts = self.username.len()
            + self.password.len()
            + self.segments.iter().map(String::len).sum::<usize>()
            + self.opaque_path.as_ref().map_or(0, String::len)
            + self.query.as_ref().map_or(0, String::len)
            + self
                .pairs
                .iter()
                .map(|(k, v)| k.len() + v.len())
                .sum::<usize>()
            + self.fragment.as_ref().map_or(0, String::len);
        let host = match &self.host {
            Some(HostPart::Text(h)) => 3 * h.len(),
            Some(HostPart::Ip(_)) => 41,
            None => 0,
        };
        self.scheme.len() + 16 + host + 3 * texts + self.segments.len() + 2 * self.pairs.len()
    }
}
