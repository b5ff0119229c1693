//! An owned origin (url.bs §4.7).

use alloc::string::{String, ToString};
use core::fmt;

/// The origin of a [`crate::Url`], owning its host.
///
/// Mirrors [`url_core::Origin`] (which borrows from the URL): a tuple
/// (scheme, host, port) or an opaque origin. An opaque origin carries no
/// identity, so it is never same-origin with anything, itself included; this
/// is why `Origin` implements `PartialEq` but not `Eq`.
///
/// Its [`Display`](fmt::Display) output is the origin's serialization, the
/// URL API's `origin` getter: `scheme://host[:port]`, or `null` when opaque.
///
/// ```
/// use weburl::{Origin, Url};
/// let a = Url::parse("https://example.com:8443/x")?.origin();
/// assert_eq!(a.to_string(), "https://example.com:8443");
/// assert!(a.same_origin(&Url::parse("https://example.com:8443/y?z")?.origin()));
/// let opaque = Url::parse("data:,x")?.origin();
/// assert_eq!(opaque.to_string(), "null");
/// // Opaque origins are not even equal to themselves.
/// assert!(opaque.is_opaque() && opaque != opaque.clone());
/// assert!(matches!(opaque, Origin::Opaque));
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub enum Origin {
    /// An opaque origin (serializes as `null`).
    Opaque,
    /// A tuple origin.
    Tuple {
        /// The scheme: `http`, `https`, `ws`, `wss` or `ftp`.
        scheme: &'static str,
        /// The serialized host.
        host: String,
        /// The port, when it is not the scheme's default.
        port: Option<u16>,
    },
}

impl Origin {
    /// Whether this is an opaque origin.
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("file:///etc/hosts")?.origin().is_opaque());
    /// assert!(!Url::parse("ws://example.com")?.origin().is_opaque());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque)
    }

    /// Same origin (HTML): equal scheme, host and port. Opaque origins are
    /// never same-origin here (see the type docs).
    ///
    /// ```
    /// use weburl::Url;
    /// let a = Url::parse("https://example.com/a")?.origin();
    /// let b = Url::parse("https://example.com:443/b")?.origin();
    /// let c = Url::parse("http://example.com/a")?.origin();
    /// assert!(a.same_origin(&b));
    /// assert!(!a.same_origin(&c));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn same_origin(&self, other: &Origin) -> bool {
        match (self, other) {
            (
                Origin::Tuple {
                    scheme: s1,
                    host: h1,
                    port: p1,
                },
                Origin::Tuple {
                    scheme: s2,
                    host: h2,
                    port: p2,
                },
            ) => s1 == s2 && h1 == h2 && p1 == p2,
            _ => false,
        }
    }

    /// The serialization of the origin as a `String` (same as `to_string()`).
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("blob:https://whatwg.org/d0360e2f")?;
    /// assert_eq!(url.origin().serialize(), "https://whatwg.org");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn serialize(&self) -> String {
        self.to_string()
    }
}

impl PartialEq for Origin {
    fn eq(&self, other: &Self) -> bool {
        self.same_origin(other)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{host}")?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl From<url_core::Origin<'_>> for Origin {
    fn from(o: url_core::Origin<'_>) -> Self {
        match o {
            url_core::Origin::Opaque => Origin::Opaque,
            url_core::Origin::Tuple { scheme, host, port } => Origin::Tuple {
                scheme,
                host: host.as_str().into(),
                port,
            },
        }
    }
}
