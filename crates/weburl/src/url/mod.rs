//! The owned URL.

use crate::origin::Origin;
use crate::search_params::{SearchParamsMut, UrlSearchParams};
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;
use url_core::{HostKind, ParseError, SchemeType};

mod builder;
mod file_path;
mod net;
mod parse;
mod parts;
mod relative;
mod setters;

pub use builder::UrlBuilder;
pub use file_path::FilePathError;

/// A parsed URL that owns its serialization (a `String`).
///
/// Getters are the URL API's (`href`, `protocol`, `host`, …) and return
/// slices of the one serialized string. Equality, hashing and ordering are
/// those of the href.
///
/// ```
/// use weburl::Url;
/// let url: Url = "https://user:pw@EXAMPLE.com:8080/a/./b/../c?x#y".parse()?;
/// assert_eq!(url.protocol(), "https:");
/// assert_eq!(url.username(), "user");
/// assert_eq!(url.password(), "pw");
/// assert_eq!(url.host(), "example.com:8080");
/// assert_eq!(url.hostname(), "example.com");
/// assert_eq!(url.port(), Some(8080));
/// assert_eq!(url.pathname(), "/a/c");
/// assert_eq!(url.search(), "?x");
/// assert_eq!(url.hash(), "#y");
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    inner: url_core::Url<String>,
}

impl Url {
    /// The serialization (the URL API's `href`).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com")?.href(), "https://example.com/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn href(&self) -> &str {
        self.inner.href()
    }

    /// The serialization; the same as [`Url::href`].
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("mailto:a@b")?.as_str(), "mailto:a@b");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.as_str()
    }

    /// The serialization without the fragment (url.bs §4.5, exclude fragment).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://a.example/p?q#f")?.href_without_fragment(), "https://a.example/p?q");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn href_without_fragment(&self) -> &str {
        self.inner.href_without_fragment()
    }

    /// The URL's origin (url.bs §4.7); its `Display` is the URL API's
    /// `origin` getter.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com:8443/x")?.origin().to_string(), "https://example.com:8443");
    /// assert_eq!(Url::parse("file:///x")?.origin().to_string(), "null");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        Origin::from(self.inner.origin())
    }

    /// The scheme, without `:`.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("HTTPS://example.com")?.scheme(), "https");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// The URL API's `protocol`: the scheme followed by `:`.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com")?.protocol(), "https:");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn protocol(&self) -> &str {
        self.inner.protocol()
    }

    /// The scheme's classification (special schemes, url.bs §4.2).
    ///
    /// ```
    /// # use weburl::{SchemeType, Url};
    /// assert_eq!(Url::parse("wss://example.com")?.scheme_type(), SchemeType::Wss);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme_type(&self) -> SchemeType {
        self.inner.scheme_type()
    }

    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`,
    /// `file`).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert!(Url::parse("file:///tmp")?.is_special());
    /// assert!(!Url::parse("git://example.com/repo")?.is_special());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// The username (percent-encoded), or `""`.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://us er@example.com")?.username(), "us%20er");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The password (percent-encoded), or `""`.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://u:p@example.com")?.password(), "p");
    /// assert_eq!(Url::parse("https://u@example.com")?.password(), "");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn password(&self) -> &str {
        self.inner.password()
    }

    /// Whether the URL includes a username or password.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert!(Url::parse("https://u@example.com")?.has_credentials());
    /// assert!(!Url::parse("https://@example.com")?.has_credentials());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn has_credentials(&self) -> bool {
        self.inner.has_credentials()
    }

    /// The URL API's `host`: hostname and `:port` (when not default), or `""`.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("http://example.com:8080/")?.host(), "example.com:8080");
    /// assert_eq!(Url::parse("http://example.com:80/")?.host(), "example.com");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn host(&self) -> &str {
        self.inner.host()
    }

    /// The URL API's `hostname`: the serialized host, or `""` when null.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("http://[::1]:8080/")?.hostname(), "[::1]");
    /// assert_eq!(Url::parse("http://0x7f.1/")?.hostname(), "127.0.0.1");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn hostname(&self) -> &str {
        self.inner.hostname()
    }

    /// What kind of host the URL has.
    ///
    /// ```
    /// # use weburl::{HostKind, Url};
    /// assert_eq!(Url::parse("http://127.0.0.1/")?.host_kind(), HostKind::Ipv4);
    /// assert_eq!(Url::parse("mailto:x@y")?.host_kind(), HostKind::None);
    /// assert_eq!(Url::parse("file:///x")?.host_kind(), HostKind::Empty);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn host_kind(&self) -> HostKind {
        self.inner.host_kind()
    }

    /// The port, or `None` when null (a scheme's default port is null).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com:8443")?.port(), Some(8443));
    /// assert_eq!(Url::parse("https://example.com:443")?.port(), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.inner.port()
    }

    /// The URL API's `port`: the port in decimal, or `""` when null.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("ws://example.com:08080")?.port_str(), "8080");
    /// assert_eq!(Url::parse("ws://example.com")?.port_str(), "");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn port_str(&self) -> &str {
        self.inner.port_str()
    }

    /// The URL API's `pathname` (the URL path serializer's output).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/a/../b/%7e")?.pathname(), "/b/%7e");
    /// assert_eq!(Url::parse("mailto:a@b")?.pathname(), "a@b");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn pathname(&self) -> &str {
        self.inner.pathname()
    }

    /// Whether the path is opaque (`mailto:`, `data:`, `javascript:` …).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert!(Url::parse("data:text/plain,hi")?.has_opaque_path());
    /// assert!(!Url::parse("https://example.com/")?.has_opaque_path());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.inner.has_opaque_path()
    }

    /// The URL API's `search`: `?` and the query, or `""` when the query is
    /// null or empty.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/?a=1")?.search(), "?a=1");
    /// assert_eq!(Url::parse("https://example.com/?")?.search(), "");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn search(&self) -> &str {
        self.inner.search()
    }

    /// The query without `?`, or `None` when null (distinguishes `?` from no
    /// query, which [`Url::search`] does not).
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/?")?.query(), Some(""));
    /// assert_eq!(Url::parse("https://example.com/")?.query(), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The URL API's `hash`: `#` and the fragment, or `""` when the fragment
    /// is null or empty.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/#top")?.hash(), "#top");
    /// assert_eq!(Url::parse("https://example.com/#")?.hash(), "");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn hash(&self) -> &str {
        self.inner.hash()
    }

    /// The fragment without `#`, or `None` when null.
    ///
    /// ```
    /// # use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/#")?.fragment(), Some(""));
    /// assert_eq!(Url::parse("https://example.com/")?.fragment(), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }

    /// URL equivalence (url.bs §4.6), optionally ignoring fragments.
    ///
    /// ```
    /// # use weburl::Url;
    /// let a = Url::parse("https://example.com/#a")?;
    /// let b = Url::parse("HTTPS://EXAMPLE.COM/#b")?;
    /// assert!(!a.equals(&b, false));
    /// assert!(a.equals(&b, true));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn equals(&self, other: &Url, exclude_fragments: bool) -> bool {
        self.inner.equals(&other.inner, exclude_fragments)
    }

    /// The URL API's `searchParams`, as a snapshot: the query parsed as
    /// `application/x-www-form-urlencoded` (empty when there is no query).
    /// To change the query through it, use [`Url::search_params_mut`].
    ///
    /// ```
    /// # use weburl::Url;
    /// let url = Url::parse("https://example.com/?a=~&b=%7E&c=x+y")?;
    /// let params = url.search_params();
    /// assert_eq!(params.get("a"), Some("~"));
    /// assert_eq!(params.get("b"), Some("~"));
    /// assert_eq!(params.get("c"), Some("x y"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn search_params(&self) -> UrlSearchParams {
        match self.query() {
            Some(q) => UrlSearchParams::parse_bytes(q.as_bytes()),
            None => UrlSearchParams::new(),
        }
    }

    /// The URL API's `searchParams` for changing the query: a guard that
    /// derefs to [`UrlSearchParams`] and, when dropped after a change,
    /// sets the query to the list's serialization — or removes the query
    /// when the list is empty — exactly as the URL's `searchParams` object
    /// does after `append`, `delete`, `set` or `sort`.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("http://www.example.com/?a=b,c")?;
    /// url.search_params_mut().append("x", "y");
    /// assert_eq!(url.href(), "http://www.example.com/?a=b%2Cc&x=y");
    /// let mut url = Url::parse("http://example.com/?")?;
    /// url.search_params_mut().delete("missing");
    /// assert_eq!(url.href(), "http://example.com/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        SearchParamsMut::new(self)
    }

    /// The underlying `url-core` URL (for its lower-level API).
    ///
    /// ```
    /// # use weburl::Url;
    /// let url = Url::parse("https://example.com/a")?;
    /// let core: &weburl::url_core::Url<String> = url.as_url_core();
    /// assert_eq!(core.pathname(), "/a");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn as_url_core(&self) -> &url_core::Url<String> {
        &self.inner
    }

    /// Unwraps into the underlying `url-core` URL.
    ///
    /// ```
    /// # use weburl::Url;
    /// let core = Url::parse("https://example.com/a")?.into_url_core();
    /// assert_eq!(core.into_storage(), "https://example.com/a");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn into_url_core(self) -> url_core::Url<String> {
        self.inner
    }

    /// Gives back the serialization, without copying it.
    ///
    /// ```
    /// # use weburl::Url;
    /// let s: String = Url::parse("https://example.com")?.into_string();
    /// assert_eq!(s, "https://example.com/");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[inline]
    pub fn into_string(self) -> String {
        self.inner.into_storage()
    }
}

/// Wraps a `url-core` URL that already uses `String` storage.
///
/// ```
/// use weburl::{url_core, Url};
/// let core = url_core::Url::parse_into("https://example.com", String::new())?;
/// assert_eq!(Url::from(core).href(), "https://example.com/");
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl From<url_core::Url<String>> for Url {
    #[inline]
    fn from(inner: url_core::Url<String>) -> Self {
        Url { inner }
    }
}

/// The serialization.
///
/// ```
/// # use weburl::Url;
/// let s: String = Url::parse("https://example.com")?.into();
/// assert_eq!(s, "https://example.com/");
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl From<Url> for String {
    #[inline]
    fn from(url: Url) -> String {
        url.into_string()
    }
}

/// Parses an absolute URL, like [`Url::parse`].
///
/// ```
/// # use weburl::Url;
/// let url: Url = "https://example.com/".parse()?;
/// assert_eq!(url.hostname(), "example.com");
/// assert!("no scheme".parse::<Url>().is_err());
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl FromStr for Url {
    type Err = ParseError;
    #[inline]
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

/// Parses an absolute URL, like [`Url::parse`].
///
/// ```
/// # use weburl::Url;
/// let url = Url::try_from("https://example.com/")?;
/// assert_eq!(url.pathname(), "/");
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl TryFrom<&str> for Url {
    type Error = ParseError;
    #[inline]
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

/// Writes the href.
///
/// ```
/// # use weburl::Url;
/// assert_eq!(Url::parse("https://EXAMPLE.com")?.to_string(), "https://example.com/");
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

/// Shows the href (quoted) and the parts of the record that the href alone
/// does not make obvious.
impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner, f)
    }
}

/// The href.
impl AsRef<str> for Url {
    #[inline]
    fn as_ref(&self) -> &str {
        self.href()
    }
}

/// Equal when the hrefs are (URL equivalence without excluding fragments).
impl PartialEq for Url {
    #[inline]
    fn eq(&self, other: &Url) -> bool {
        self.href() == other.href()
    }
}

impl Eq for Url {}

/// Hashes the href, consistently with `Eq`.
impl Hash for Url {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.href().hash(state)
    }
}

/// Orders by href, byte-wise.
impl PartialOrd for Url {
    #[inline]
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Orders by href, byte-wise.
impl Ord for Url {
    #[inline]
    fn cmp(&self, other: &Url) -> Ordering {
        self.href().cmp(other.href())
    }
}

#[cfg(test)]
mod tests {
    use super::parse::STACK_ROOM;
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;
    use alloc::vec::Vec;
    use url_core::ValidationError;

    #[test]
    fn normalizes_wpt_style_example() {
        let url = Url::parse("HTTP://EXAMPLE.com:80/a/./b/../c?x#y").unwrap();
        assert_eq!(url.href(), "http://example.com/a/c?x#y");
        assert_eq!(url.origin().to_string(), "http://example.com");
        assert_eq!(url.protocol(), "http:");
        assert_eq!(url.host(), "example.com");
        assert_eq!(url.port(), None);
        assert_eq!(url.port_str(), "");
        assert_eq!(url.pathname(), "/a/c");
        assert_eq!(url.search(), "?x");
        assert_eq!(url.hash(), "#y");
        assert_eq!(url.query(), Some("x"));
        assert_eq!(url.fragment(), Some("y"));
        assert!(url.is_special());
        assert!(!url.has_opaque_path());
    }

    #[test]
    fn join_resolves_relative_references() {
        let base = Url::parse("http://example.org/foo/bar").unwrap();
        // Vectors from WPT urltestdata.json.
        let cases = [
            ("", "http://example.org/foo/bar"),
            ("  \t", "http://example.org/foo/bar"),
            (":foo.com/", "http://example.org/foo/:foo.com/"),
            ("#β", "http://example.org/foo/bar#%CE%B2"),
            ("http:example.com/", "http://example.org/foo/example.com/"),
            ("/a/b/../c", "http://example.org/a/c"),
            ("..", "http://example.org/"),
            ("//host:8000/p", "http://host:8000/p"),
        ];
        for (input, want) in cases {
            let got = base
                .join(input)
                .unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(got.href(), want, "input {input:?}");
        }
        assert!(base.join("http://[::1").is_err());
    }

    #[test]
    fn from_str_reports_failure() {
        let err = "http://exa mple.com/".parse::<Url>().unwrap_err();
        assert!(matches!(err, ParseError::Invalid { .. }), "{err:?}");
        let msg = err.to_string();
        assert!(msg.contains("invalid URL"), "{msg}");
        let err = Url::parse("https://example.org:99999/").unwrap_err();
        assert_eq!(
            err,
            ParseError::Invalid {
                error: ValidationError::PortOutOfRange,
                position: 20
            }
        );
        assert!(Url::parse("").is_err());
        assert!(Url::try_from("//no-scheme").is_err());
    }

    #[test]
    fn equality_hash_order_follow_href() {
        use alloc::collections::BTreeSet;
        let a = Url::parse("HTTPS://Example.com/").unwrap();
        let b = Url::parse("https://example.com").unwrap();
        assert_eq!(a, b);
        let set: BTreeSet<Url> = vec![
            Url::parse("https://b.example/").unwrap(),
            a.clone(),
            b.clone(),
        ]
        .into_iter()
        .collect();
        assert_eq!(set.len(), 2);
        // Byte-wise href order: "https://b…" sorts before "https://e…".
        assert_eq!(set.iter().next().unwrap().hostname(), "b.example");
        assert_eq!(a.as_ref(), "https://example.com/");
    }

    #[test]
    fn validation_errors_are_collected_with_positions() {
        let (url, errors) = Url::parse_with_validation(" https://u@example.com\\x", None);
        assert_eq!(url.unwrap().href(), "https://u@example.com/x");
        let names: Vec<_> = errors.iter().map(|(e, _)| e.name()).collect();
        assert!(names.contains(&"invalid-URL-unit"), "{errors:?}");
        assert!(names.contains(&"invalid-credentials"), "{errors:?}");
        assert!(
            errors.contains(&(ValidationError::InvalidReverseSolidus, 22)),
            "{errors:?}"
        );

        let (url, errors) = Url::parse_with_validation("https://example.com/", None);
        assert!(url.is_ok() && errors.is_empty(), "{errors:?}");

        // A failure's cause is in the list too.
        let (url, errors) = Url::parse_with_validation("https://example.org:99999/", None);
        assert!(url.is_err());
        assert!(
            errors.contains(&(ValidationError::PortOutOfRange, 20)),
            "{errors:?}"
        );
    }

    #[test]
    fn can_parse_needs_a_valid_base() {
        assert!(Url::can_parse("a", Some("https://example.com/")));
        assert!(!Url::can_parse("a", Some("a")));
        assert!(!Url::can_parse("a", None));
        assert!(!Url::can_parse("a", Some("mailto:x")));
    }

    #[test]
    fn can_parse_beyond_its_stack_buffer() {
        let long_path = "/x".repeat(STACK_ROOM);
        let long = alloc::format!("https://example.com{long_path}");
        assert!(Url::can_parse(&long, None));
        assert!(Url::can_parse("b", Some(&long)));
        assert!(Url::can_parse(&long_path, Some("https://example.com/")));
        // Past the buffer, then a syntax error: still false.
        let long_host = "a".repeat(STACK_ROOM + 10);
        assert!(Url::can_parse(
            &alloc::format!("https://{long_host}.com:99/"),
            None
        ));
        assert!(!Url::can_parse(
            &alloc::format!("https://{long_host}.com:99999/"),
            None
        ));
        assert!(!Url::can_parse(
            &alloc::format!("https://{long_host}@x:99999/"),
            None
        ));
        assert!(!Url::can_parse(
            "b",
            Some(&alloc::format!("https://{long_host}.com:99999/"))
        ));
        assert!(!Url::can_parse(
            &alloc::format!("https://example.com:99999{long_path}"),
            None
        ));
        assert!(!Url::can_parse(
            &alloc::format!("https://ex ample.com{long_path}"),
            None
        ));
        assert!(!Url::can_parse(
            "b",
            Some(&alloc::format!("https://ex ample.com{long_path}"))
        ));
    }

    #[test]
    fn origins() {
        let o = Url::parse("blob:https://a.example:444/uuid")
            .unwrap()
            .origin();
        assert_eq!(o.to_string(), "https://a.example:444");
        assert_eq!(
            Url::parse("ftp://x/").unwrap().origin().to_string(),
            "ftp://x"
        );
        assert!(Url::parse("blob:ftp://x/").unwrap().origin().is_opaque());
        assert!(Url::parse("sc://x/").unwrap().origin().is_opaque());
    }
}
