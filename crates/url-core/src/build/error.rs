//! What can go wrong when building a URL from parts, and where.

use crate::storage::CapacityError;
use crate::validation::ValidationError;
use core::fmt;

/// Building a URL from parts failed: which part, and why.
///
/// ```
/// use url_core::build::{BuildErrorKind, Builder, UrlPart};
/// use url_core::{SliceStorage, ValidationError};
/// let mut buf = [0u8; 64];
/// let mut b = Builder::new("https", SliceStorage::new(&mut buf));
/// b.host("exa mple.com");
/// let err = b.finish().unwrap_err();
/// assert_eq!(err.part, UrlPart::Host);
/// assert_eq!(err.kind, BuildErrorKind::InvalidHost(ValidationError::DomainToAscii));
/// assert_eq!(err.to_string(), "cannot build the URL's host: the host parser fails (domain-to-ASCII)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    /// The part that failed.
    pub part: UrlPart,
    /// Why.
    pub kind: BuildErrorKind,
}

/// A part of a URL, as given to a builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlPart {
    /// The scheme.
    Scheme,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host (given as text or as an IP address).
    Host,
    /// The port.
    Port,
    /// A path segment: its index among the segments given, from 0.
    PathSegment(usize),
    /// The opaque path.
    OpaquePath,
    /// The query (its text or one of its pairs).
    Query,
    /// The fragment.
    Fragment,
}

/// Why a part could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// Not a scheme: a scheme is an ASCII letter followed by ASCII letters,
    /// digits, `+`, `-` and `.` (url.bs §4.4, scheme state).
    InvalidScheme,
    /// The host parser (url.bs §3.5) fails on the host; the standard's
    /// validation error. A special scheme other than `file` without a host
    /// is [`ValidationError::HostMissing`].
    InvalidHost(ValidationError),
    /// The host is a non-ASCII domain and url-core was built without the
    /// `idna` feature.
    IdnaUnavailable,
    /// A username, password or port on a URL without a host or with the
    /// empty host: such a URL "cannot have a username/password/port"
    /// (url.bs §4.2).
    NoHost,
    /// A username, password or port on a `file:` URL, which cannot have
    /// them (url.bs §4.2).
    FileScheme,
    /// A path segment that is `.` or `..`: the parser removes such
    /// segments (applying them), and also their percent-encoded forms
    /// `%2e`, `.%2e` … (url.bs §4.1: a single-dot or double-dot URL path
    /// segment), so no URL has one.
    DotSegment,
    /// An opaque path on a URL that cannot have one: a special scheme, a
    /// host, or path segments given as well.
    OpaquePath,
    /// The part was given after a part that comes later in a URL (a
    /// [`Builder`](super::Builder) writes parts in their order in the
    /// serialization), or given twice.
    OutOfOrder,
    /// The storage ran out of room.
    Capacity(CapacityError),
    /// The URL would be longer than `u32::MAX` bytes.
    TooLong,
    /// The serialization does not parse back to the parts given. The
    /// builder encodes each part so that this cannot happen; this reports
    /// a bug rather than return a URL that is not what was asked for.
    NotPreserved,
}

impl fmt::Display for UrlPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlPart::Scheme => f.write_str("scheme"),
            UrlPart::Username => f.write_str("username"),
            UrlPart::Password => f.write_str("password"),
            UrlPart::Host => f.write_str("host"),
            UrlPart::Port => f.write_str("port"),
            UrlPart::PathSegment(i) => write!(f, "path segment {i}"),
            UrlPart::OpaquePath => f.write_str("opaque path"),
            UrlPart::Query => f.write_str("query"),
            UrlPart::Fragment => f.write_str("fragment"),
        }
    }
}

impl fmt::Display for BuildErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildErrorKind::InvalidScheme => f.write_str(
                "not a scheme (an ASCII letter, then ASCII letters, digits, '+', '-' or '.')",
            ),
            BuildErrorKind::InvalidHost(e) => write!(f, "the host parser fails ({e})"),
            BuildErrorKind::IdnaUnavailable => {
                f.write_str("a non-ASCII domain needs the `idna` feature")
            }
            BuildErrorKind::NoHost => f.write_str(
                "a URL without a host, or with the empty host, cannot have credentials or a port",
            ),
            BuildErrorKind::FileScheme => {
                f.write_str("a file: URL cannot have credentials or a port")
            }
            BuildErrorKind::DotSegment => f.write_str(
                "'.' and '..' segments cannot be kept: the parser applies them, even percent-encoded",
            ),
            BuildErrorKind::OpaquePath => f.write_str(
                "an opaque path needs a non-special scheme, no host and no path segments",
            ),
            BuildErrorKind::OutOfOrder => {
                f.write_str("given twice, or after a part that comes later in a URL")
            }
            BuildErrorKind::Capacity(e) => e.fmt(f),
            BuildErrorKind::TooLong => f.write_str("URL longer than 4 GiB"),
            BuildErrorKind::NotPreserved => {
                f.write_str("the serialization does not parse back to the parts given")
            }
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot build the URL's {}: {}", self.part, self.kind)
    }
}

impl core::error::Error for BuildError {}
