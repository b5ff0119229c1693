//! The URL API's getters and setters by their WHATWG names (`href`,
//! `protocol`, … `hash`), as `url::quirks` offers them to code that
//! implements the JavaScript `URL` interface.
//!
//! These are weburl's own getters and setters, which are the standard's:
//! a setter the standard says to ignore leaves the URL as it was and
//! returns `Err(())`.
//!
//! ```
//! use weburl_url::{quirks, Url};
//! let mut url = Url::parse("https://example.com/a?b#c")?;
//! assert_eq!(quirks::search(&url), "?b");
//! quirks::set_pathname(&mut url, "/x y");
//! assert!(quirks::set_protocol(&mut url, "foo").is_err());
//! assert_eq!(quirks::href(&url), "https://example.com/x%20y?b#c");
//! # Ok::<(), weburl_url::ParseError>(())
//! ```

use crate::error::ParseError;
use crate::host::Host;
use crate::url::Url;
use alloc::string::String;

fn done(outcome: Result<(), weburl::SetError>) -> Result<(), ()> {
    outcome.map_err(|_| ())
}

/// The URL API's `URL.domainToASCII` of old: the host parser's domain, or
/// `""` when `domain` is not a domain (an address, or invalid).
///
/// ```
/// use weburl_url::quirks::domain_to_ascii;
/// assert_eq!(domain_to_ascii("\u{1f605}.\u{1f642}"), "xn--j28h.xn--938h");
/// assert_eq!(domain_to_ascii("mailto:x@y"), "");
/// ```
pub fn domain_to_ascii(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(domain)) => domain,
        _ => String::new(),
    }
}

/// Like [`domain_to_ascii`], then the labels back to Unicode (UTS #46
/// ToUnicode).
///
/// ```
/// use weburl_url::quirks::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--j28h.xn--938h"), "\u{1f605}.\u{1f642}");
/// ```
pub fn domain_to_unicode(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(ascii)) => {
            let mut unicode = String::new();
            match weburl::url_core::idna::domain_to_unicode(&ascii, &mut unicode) {
                Ok(()) => unicode,
                Err(_) => ascii,
            }
        }
        _ => String::new(),
    }
}

/// The `href` getter.
#[inline]
pub fn href(url: &Url) -> &str {
    url.inner.href()
}

/// The `href` setter: `value` parsed as a new URL, or an error with the URL
/// unchanged.
pub fn set_href(url: &mut Url, value: &str) -> Result<(), ParseError> {
    *url = Url::parse(value)?;
    Ok(())
}

/// The `origin` getter.
pub fn origin(url: &Url) -> String {
    url.origin().ascii_serialization()
}

/// The `protocol` getter (scheme and `:`).
#[inline]
pub fn protocol(url: &Url) -> &str {
    url.inner.protocol()
}

/// The `protocol` setter.
#[allow(clippy::result_unit_err)]
pub fn set_protocol(url: &mut Url, new_protocol: &str) -> Result<(), ()> {
    done(url.inner.set_protocol(new_protocol))
}

/// The `username` getter.
#[inline]
pub fn username(url: &Url) -> &str {
    url.inner.username()
}

/// The `username` setter.
#[allow(clippy::result_unit_err)]
pub fn set_username(url: &mut Url, new_username: &str) -> Result<(), ()> {
    done(url.inner.set_username(new_username))
}

/// The `password` getter.
#[inline]
pub fn password(url: &Url) -> &str {
    url.inner.password()
}

/// The `password` setter.
#[allow(clippy::result_unit_err)]
pub fn set_password(url: &mut Url, new_password: &str) -> Result<(), ()> {
    done(url.inner.set_password(new_password))
}

/// The `host` getter (host and `:port`).
#[inline]
pub fn host(url: &Url) -> &str {
    url.inner.host()
}

/// The `host` setter.
#[allow(clippy::result_unit_err)]
pub fn set_host(url: &mut Url, new_host: &str) -> Result<(), ()> {
    done(url.inner.set_host(new_host))
}

/// The `hostname` getter.
#[inline]
pub fn hostname(url: &Url) -> &str {
    url.inner.hostname()
}

/// The `hostname` setter.
#[allow(clippy::result_unit_err)]
pub fn set_hostname(url: &mut Url, new_hostname: &str) -> Result<(), ()> {
    done(url.inner.set_hostname(new_hostname))
}

/// The `port` getter (`""` when null).
#[inline]
pub fn port(url: &Url) -> &str {
    url.inner.port_str()
}

/// The `port` setter.
#[allow(clippy::result_unit_err)]
pub fn set_port(url: &mut Url, new_port: &str) -> Result<(), ()> {
    done(url.inner.set_port(new_port))
}

/// The `pathname` getter.
#[inline]
pub fn pathname(url: &Url) -> &str {
    url.inner.pathname()
}

/// The `pathname` setter.
pub fn set_pathname(url: &mut Url, new_pathname: &str) {
    let _ = url.inner.set_pathname(new_pathname);
}

/// The `search` getter (`?` and the query, or `""`).
#[inline]
pub fn search(url: &Url) -> &str {
    url.inner.search()
}

/// The `search` setter.
pub fn set_search(url: &mut Url, new_search: &str) {
    let _ = url.inner.set_search(new_search);
}

/// The `hash` getter (`#` and the fragment, or `""`).
#[inline]
pub fn hash(url: &Url) -> &str {
    url.inner.hash()
}

/// The `hash` setter.
pub fn set_hash(url: &mut Url, new_hash: &str) {
    let _ = url.inner.set_hash(new_hash);
}

/// The offsets of a URL's components in its serialization (feature
/// `expose_internals`), as `url` stores them.
#[cfg(feature = "expose_internals")]
#[derive(Copy, Clone)]
pub struct InternalComponents {
    /// The `:` after the scheme.
    pub scheme_end: u32,
    /// End of the username (start of the host without credentials).
    pub username_end: u32,
    /// Start of the host.
    pub host_start: u32,
    /// End of the host.
    pub host_end: u32,
    /// The port, when not null.
    pub port: Option<u16>,
    /// Start of the path.
    pub path_start: u32,
    /// The `?`, when there is a query.
    pub query_start: Option<u32>,
    /// The `#`, when there is a fragment.
    pub fragment_start: Option<u32>,
}

/// The offsets of `url`'s components (feature `expose_internals`).
///
/// ```
/// # #[cfg(feature = "expose_internals")] {
/// let url = weburl_url::Url::parse("https://example.com/p?q#f").unwrap();
/// let c = weburl_url::quirks::internal_components(&url);
/// assert_eq!((c.scheme_end, c.host_start, c.host_end, c.path_start), (5, 8, 19, 19));
/// assert_eq!((c.query_start, c.fragment_start), (Some(21), Some(23)));
/// # }
/// ```
#[cfg(feature = "expose_internals")]
pub fn internal_components(url: &Url) -> InternalComponents {
    let p = crate::parts::Parts::of(&url.inner);
    // Offsets fit in u32: weburl refuses longer URLs.
    let u = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    InternalComponents {
        scheme_end: u(p.scheme_end),
        username_end: u(p.username_end),
        host_start: u(p.host_start),
        host_end: u(p.host_end),
        port: p.port,
        path_start: u(p.path_start),
        query_start: p.query_start.map(u),
        fragment_start: p.fragment_start.map(u),
    }
}
