//! Public suffixes, registrable domains (url.bs §3.2) and same site (§4.7)
//! for owned URLs and origins: thin wrappers over
//! [`url_core::public_suffix`], whose docs describe the algorithm and the
//! Public Suffix List data.
//!
//! ```
//! use weburl::{psl, Url};
//! let url = Url::parse("https://www.example.co.uk/")?;
//! assert_eq!(url.public_suffix(), Some("co.uk"));
//! assert_eq!(url.registrable_domain(), Some("example.co.uk"));
//! assert_eq!(psl::registrable_domain("a.b.github.io"), Some("b.github.io".to_string()));
//! # Ok::<(), weburl::ParseError>(())
//! ```

use crate::{Origin, Url};
use alloc::string::{String, ToString};
use url_core::public_suffix as core_psl;
use url_core::OriginHost;

/// The public suffix of a serialized host, owned; see
/// [`url_core::public_suffix::public_suffix`].
///
/// ```
/// assert_eq!(weburl::psl::public_suffix("example.com."), Some("com.".to_string()));
/// ```
pub fn public_suffix(host: &str) -> Option<String> {
    core_psl::public_suffix(host).map(ToString::to_string)
}

/// The registrable domain of a serialized host, owned; see
/// [`url_core::public_suffix::registrable_domain`].
///
/// ```
/// assert_eq!(weburl::psl::registrable_domain("github.io"), None);
/// ```
pub fn registrable_domain(host: &str) -> Option<String> {
    core_psl::registrable_domain(host).map(ToString::to_string)
}

/// The public suffix of a URL's host (when a domain), owned.
///
/// ```
/// let url: weburl::Url = "https://example.org/".parse()?;
/// assert_eq!(weburl::psl::public_suffix_of(&url), Some("org".to_string()));
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn public_suffix_of(url: &Url) -> Option<String> {
    url.public_suffix().map(ToString::to_string)
}

/// The registrable domain of a URL's host (when a domain), owned.
///
/// ```
/// let url: weburl::Url = "https://a.b.example.org/".parse()?;
/// assert_eq!(weburl::psl::registrable_domain_of(&url), Some("example.org".to_string()));
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn registrable_domain_of(url: &Url) -> Option<String> {
    url.registrable_domain().map(ToString::to_string)
}

impl Url {
    /// The public suffix of the host (url.bs §3.2), when it is a domain.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://whatwg.github.io/")?;
    /// assert_eq!(url.public_suffix(), Some("github.io"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn public_suffix(&self) -> Option<&str> {
        self.as_url_core().public_suffix()
    }

    /// The registrable domain of the host (url.bs §3.2), when it is a domain.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://whatwg.github.io/")?;
    /// assert_eq!(url.registrable_domain(), Some("whatwg.github.io"));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn registrable_domain(&self) -> Option<&str> {
        self.as_url_core().registrable_domain()
    }
}

fn core_origin(o: &Origin) -> url_core::Origin<'_> {
    match o {
        Origin::Opaque => url_core::Origin::Opaque,
        Origin::Tuple { scheme, host, port } => url_core::Origin::Tuple {
            scheme,
            host: OriginHost::Borrowed(host),
            port: *port,
        },
    }
}

impl Origin {
    /// HTML's *same site*: schemelessly same site and the same scheme
    /// (opaque origins are never same site; see [`Origin`]).
    ///
    /// ```
    /// use weburl::Url;
    /// let a = Url::parse("https://a.example.com/")?.origin();
    /// let b = Url::parse("https://b.example.com/")?.origin();
    /// let c = Url::parse("http://b.example.com/")?.origin();
    /// assert!(a.same_site(&b) && !a.same_site(&c));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn same_site(&self, other: &Origin) -> bool {
        core_psl::same_site(&core_origin(self), &core_origin(other))
    }

    /// HTML's *schemelessly same site*: equal registrable domains (or equal
    /// hosts without one).
    ///
    /// ```
    /// use weburl::Url;
    /// let a = Url::parse("https://a.example.com/")?.origin();
    /// let c = Url::parse("http://b.example.com/")?.origin();
    /// assert!(a.schemelessly_same_site(&c));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn schemelessly_same_site(&self, other: &Origin) -> bool {
        core_psl::schemelessly_same_site(&core_origin(self), &core_origin(other))
    }
}
