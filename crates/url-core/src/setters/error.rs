//! What a setter reports when it does not change the URL.

use crate::error::ParseError;
use crate::storage::CapacityError;
use crate::validation::ValidationError;
use core::fmt;

/// Which setter ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setter {
    /// `href`
    Href,
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `host`
    Host,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl Setter {
    /// Every setter, in the URL API's attribute order.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// Looks a setter up by its URL API attribute name (`"pathname"` …).
    ///
    /// ```
    /// assert_eq!(url_core::Setter::from_name("hash"), Some(url_core::Setter::Hash));
    /// ```
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The URL API attribute name.
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }
}

/// Why the standard's setter did nothing (the URL API returns without an
/// exception and the URL is unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ignored {
    /// The URL has an opaque path (host, hostname and pathname setters).
    OpaquePath,
    /// The URL cannot have a username/password/port: its host is null or
    /// empty, or its scheme is `file`.
    CannotHaveCredentialsOrPort,
    /// The value does not begin with a valid scheme.
    InvalidScheme,
    /// The scheme change is not allowed: special ↔ not special, to `file`
    /// with credentials or a port, or from `file` with an empty host.
    SchemeChangeNotAllowed,
    /// The value's host fails to parse; the standard's validation error.
    InvalidHost(ValidationError),
    /// The value's port fails to parse; the standard's validation error.
    InvalidPort(ValidationError),
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ignored::OpaquePath => f.write_str("the URL has an opaque path"),
            Ignored::CannotHaveCredentialsOrPort => {
                f.write_str("the URL cannot have a username, password or port")
            }
            Ignored::InvalidScheme => f.write_str("the value does not start with a scheme"),
            Ignored::SchemeChangeNotAllowed => {
                f.write_str("the URL's scheme cannot change to that one")
            }
            Ignored::InvalidHost(e) => write!(f, "invalid host ({e})"),
            Ignored::InvalidPort(e) => write!(f, "invalid port ({e})"),
        }
    }
}

/// Why a setter did not change the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetErrorKind {
    /// The standard says to do nothing with this value (the URL API's
    /// setter returns without changing the URL, or throws nothing): an
    /// invalid port, a host on a URL with an opaque path, ….
    Ignored(Ignored),
    /// The result does not fit the storage. `needed` is a size with which
    /// the same call succeeds (see the setter's docs for the room it
    /// takes).
    Capacity(CapacityError),
    /// The value cannot be processed: `set_href`'s value is not a URL
    /// ([`ParseError::Invalid`], the URL API's `TypeError`), a non-ASCII
    /// host in a build without the `idna` feature
    /// ([`ParseError::IdnaUnavailable`]), or a result past 4 GiB
    /// ([`ParseError::TooLong`]). Never [`ParseError::Capacity`].
    Parse(ParseError),
}

/// A setter did not change the URL, which is byte for byte as before.
///
/// Every setter returns `Result<(), SetError>`: `Ok(())` when the URL was
/// set (possibly to the same serialization), and an error when it was not —
/// including when the URL Standard says to ignore the value, so that `?`
/// and `unwrap` stop there. [`SetError::ignored`] tells that case apart, for
/// callers that, like the URL API, carry on.
///
/// ```
/// use url_core::{Ignored, SetErrorKind, SliceStorage, Url, ValidationError};
/// let mut buf = [0u8; 64];
/// let mut url = Url::parse_into("https://example.com/", SliceStorage::new(&mut buf))?;
/// let err = url.set_port("99999").unwrap_err();
/// assert_eq!(err.ignored(), Some(Ignored::InvalidPort(ValidationError::PortOutOfRange)));
/// assert_eq!(err.to_string(), "the port setter did nothing: invalid port (port-out-of-range)");
/// assert_eq!(url.href(), "https://example.com/");
///
/// fn set_host(url: &mut Url<SliceStorage<'_>>) -> Result<(), url_core::SetError> {
///     url.set_hostname("exa mple")?; // ignored: stops here
///     unreachable!()
/// }
/// assert!(matches!(set_host(&mut url).unwrap_err().kind, SetErrorKind::Ignored(Ignored::InvalidHost(_))));
/// # Ok::<(), url_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetError {
    /// Which setter.
    pub setter: Setter,
    /// Why.
    pub kind: SetErrorKind,
}

impl SetError {
    /// Why the standard ignored the value, when it did (the URL API's
    /// setter would have returned quietly).
    pub fn ignored(&self) -> Option<Ignored> {
        match self.kind {
            SetErrorKind::Ignored(why) => Some(why),
            _ => None,
        }
    }

    /// Whether the standard ignored the value (rather than the storage
    /// lacking room or `set_href`'s value failing to parse).
    pub fn is_ignored(&self) -> bool {
        self.ignored().is_some()
    }

    /// The capacity error, when the result did not fit.
    pub fn capacity(&self) -> Option<CapacityError> {
        match self.kind {
            SetErrorKind::Capacity(c) => Some(c),
            _ => None,
        }
    }

    /// The error as a [`ParseError`] when it is not an ignored value: a
    /// capacity error as [`ParseError::Capacity`].
    pub fn parse_error(&self) -> Option<ParseError> {
        match self.kind {
            SetErrorKind::Capacity(c) => Some(ParseError::Capacity(c)),
            SetErrorKind::Parse(e) => Some(e),
            SetErrorKind::Ignored(_) => None,
        }
    }

    pub(crate) fn new(setter: Setter, error: ParseError) -> SetError {
        let kind = match error {
            ParseError::Capacity(c) => SetErrorKind::Capacity(c),
            e => SetErrorKind::Parse(e),
        };
        SetError { setter, kind }
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.setter.name();
        match &self.kind {
            SetErrorKind::Ignored(why) => write!(f, "the {name} setter did nothing: {why}"),
            SetErrorKind::Capacity(e) => write!(f, "setting {name} failed: {e}"),
            SetErrorKind::Parse(e) => write!(f, "setting {name} failed: {e}"),
        }
    }
}

impl core::error::Error for SetError {}
