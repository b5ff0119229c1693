//! `Origin` (url.bs §4.7) as `url` represents it: a tuple or an opaque
//! origin with an identity.

use crate::host::Host;
use alloc::format;
use alloc::string::{String, ToString};
use core::sync::atomic::{AtomicUsize, Ordering};

/// The origin of a URL.
///
/// A tuple origin compares by scheme, host and port. An opaque origin is
/// "a new opaque origin" each time one is made: it equals its clones and
/// nothing else, so `url.origin() != url.origin()` for a `file:` URL.
///
/// ```
/// use weburl_url::{Host, Origin, Url};
/// let origin = Url::parse("https://example.com:8443/x")?.origin();
/// assert_eq!(origin, Origin::Tuple("https".into(), Host::Domain("example.com".into()), 8443));
/// assert_eq!(origin.ascii_serialization(), "https://example.com:8443");
/// let opaque = Origin::new_opaque();
/// assert_eq!(opaque, opaque.clone());
/// assert_ne!(opaque, Origin::new_opaque());
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(PartialEq, Eq, Hash, Clone, Debug)]
pub enum Origin {
    /// An opaque origin, unique to where it was made.
    Opaque(OpaqueOrigin),
    /// Scheme, host and port (the scheme's default port when the URL has
    /// none).
    Tuple(String, Host<String>, u16),
}

/// The identity of an opaque origin (a process-wide counter).
#[derive(Eq, PartialEq, Hash, Clone, Debug)]
pub struct OpaqueOrigin(usize);

impl Origin {
    /// A new opaque origin, unequal to every other.
    pub fn new_opaque() -> Origin {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        Origin::Opaque(OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether this is a tuple origin (not opaque).
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert!(Url::parse("wss://example.com/")?.origin().is_tuple());
    /// assert!(!Url::parse("data:,x")?.origin().is_tuple());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The serialization of an origin (HTML): `scheme://host[:port]`, the
    /// port only when not the default, or `null` when opaque.
    ///
    /// ```
    /// use weburl_url::Url;
    /// assert_eq!(Url::parse("http://example.com:80/")?.origin().ascii_serialization(), "http://example.com");
    /// assert_eq!(Url::parse("file:///x")?.origin().ascii_serialization(), "null");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_string(),
            Origin::Tuple(scheme, host, port) => serialize(scheme, host, *port),
        }
    }

    /// The serialization with the host's IDNA labels in Unicode
    /// (domain to Unicode, UTS #46).
    ///
    /// ```
    /// use weburl_url::Url;
    /// let origin = Url::parse("https://xn--n3h.example:8443/")?.origin();
    /// assert_eq!(origin.unicode_serialization(), "https://\u{2603}.example:8443");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_string(),
            Origin::Tuple(scheme, Host::Domain(domain), port) => {
                let mut unicode = String::new();
                let host = match weburl::url_core::idna::domain_to_unicode(domain, &mut unicode) {
                    Ok(()) => Host::Domain(unicode),
                    // Not valid IDNA: the ASCII form is still the host.
                    Err(_) => Host::Domain(domain.clone()),
                };
                serialize(scheme, &host, *port)
            }
            Origin::Tuple(scheme, host, port) => serialize(scheme, host, *port),
        }
    }

    /// The origin of a weburl URL: weburl decides tuple or opaque (url.bs
    /// §4.7, including `blob:`); a tuple's port is made explicit.
    pub(crate) fn of(url: &weburl::Url) -> Origin {
        match url.origin() {
            weburl::Origin::Tuple { scheme, host, port } => {
                let port = port
                    .or_else(|| weburl::SchemeType::of(scheme.as_bytes()).default_port())
                    .unwrap_or(0);
                let kind = if host.starts_with('[') {
                    weburl::HostKind::Ipv6
                } else if host.parse::<core::net::Ipv4Addr>().is_ok() {
                    weburl::HostKind::Ipv4
                } else {
                    weburl::HostKind::Domain
                };
                match Host::from_serialized(kind, &host) {
                    Some(host) => Origin::Tuple(scheme.to_string(), host.to_owned(), port),
                    None => Origin::new_opaque(),
                }
            }
            weburl::Origin::Opaque => Origin::new_opaque(),
        }
    }
}

fn serialize(scheme: &str, host: &Host<String>, port: u16) -> String {
    if weburl::SchemeType::of(scheme.as_bytes()).default_port() == Some(port) {
        format!("{scheme}://{host}")
    } else {
        format!("{scheme}://{host}:{port}")
    }
}
