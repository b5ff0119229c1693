//! The WHATWG URL Standard as Arrow kernels.
//!
//! A column of URLs (`Utf8`, `LargeUtf8` or `Utf8View`), optionally with a
//! base (a column or one value), goes in; `Utf8View` columns of URL
//! components come out. Each row is parsed once, by `url-core`, for every
//! component asked for.
//!
//! **Zero copy.** Most real URLs are already their own serialization
//! (canonical). Such a row is parsed without a copy
//! ([`url_core::Parser::parse_borrowed_or_into`]), and every component of it
//! is a slice of the input, so its output view points into the *input
//! column's own buffers*: the output arrays share them (reference-counted)
//! and no byte of string data is copied. A component of 12 bytes or less is
//! stored inline in its view, as Arrow's layout requires. Any other row's
//! serialization is written once into a new buffer that all output columns
//! share.
//!
//! ```
//! use arrow_array::{Array, StringArray};
//! use weburl_arrow::{parse, Options};
//! let urls = StringArray::from(vec![
//!     Some("https://example.com/a?b#c"),
//!     Some("HTTPS://EXAMPLE.com:443/./x"),
//!     Some("not a url"),
//!     None,
//! ]);
//! let parsed = parse(&urls, &Options::default())?;
//! let href = parsed.column_by_name("href").unwrap();
//! let href = arrow_array::cast::AsArray::as_string_view(href);
//! assert_eq!(href.value(0), "https://example.com/a?b#c");
//! assert_eq!(href.value(1), "https://example.com/x");
//! assert!(parsed.is_null(2) && parsed.is_null(3)); // invalid, null
//! # Ok::<(), weburl_arrow::Error>(())
//! ```
//!
//! Kernels: [`parse`] (the URL API's eleven getters as a `StructArray`),
//! [`components`] / [`component`] (any of [`Component`] without building the
//! struct), [`host`], [`registrable_domain`], [`query_param`], [`join`],
//! [`can_parse`], [`normalize`], [`port`], and [`pick`] for a per-row
//! choice of your own (weburl-datafusion's Spark-compatible `parse_url`).
//!
//! Feature `files`: Parquet or CSV files in, Parquet out, over every core
//! ([`files`]).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod assemble;
#[cfg(feature = "files")]
pub mod files;
mod kernels;
mod rows;
mod source;
mod views;

use arrow_schema::{ArrowError, DataType};
use std::fmt;

/// The Arrow arrays these kernels take and give (the same version).
pub use arrow_array;
pub use kernels::{
    can_parse, component, components, host, join, normalize, parse, pick, port, query_param,
    registrable_domain, struct_fields, Pick, Picked,
};
/// The parser these kernels run (its `Url`, `ParseError`, ...).
pub use url_core;

/// A `Utf8`, `LargeUtf8` or `Utf8View` column read as text, row by row:
/// for arguments that go beside a URL column (a part name, a key).
#[derive(Clone, Copy)]
pub struct StringColumn<'a>(source::Strings<'a>);

impl<'a> StringColumn<'a> {
    /// The column, when it is one of the three string types.
    pub fn new(array: &'a dyn arrow_array::Array) -> Result<Self, Error> {
        source::Strings::new(array).map(StringColumn)
    }

    /// Row `i`'s text; `None` when it is null or past the end.
    pub fn text(&self, i: usize) -> Option<&'a str> {
        self.0.text(i)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
}

/// A URL component, as the URL API's getters give it (url.bs §6.1), or one
/// derived from the URL record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The serialization (`href`).
    Href,
    /// The scheme and `:` (`protocol`).
    Protocol,
    /// The username, percent-encoded; `""` when none.
    Username,
    /// The password, percent-encoded; `""` when none.
    Password,
    /// Host and `:port` (`host`); `""` when the host is null.
    Host,
    /// The serialized host (`hostname`); `""` when null.
    Hostname,
    /// The port in decimal (`port`); `""` when null (default ports are).
    Port,
    /// The path, serialized (`pathname`).
    Pathname,
    /// `?` and the query (`search`); `""` when the query is null or empty.
    Search,
    /// `#` and the fragment (`hash`); `""` when null or empty.
    Hash,
    /// The origin's serialization (`origin`): `scheme://host[:port]`, or
    /// `null` for an opaque origin.
    Origin,
    /// The query without `?`; null when the URL's query is null.
    Query,
    /// The fragment without `#`; null when the URL's fragment is null.
    Fragment,
    /// The host's registrable domain (url.bs §3.2, from the compiled-in
    /// public suffix list); null when the host is not a domain or has none.
    RegistrableDomain,
}

impl Component {
    /// The fields of [`parse`]'s struct, in order: the URL API's getters.
    pub const STRUCT_FIELDS: [Component; 11] = [
        Component::Href,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
        Component::Origin,
    ];

    /// The name: the URL API getter's, or `query`, `fragment`,
    /// `registrable_domain`.
    pub fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::Origin => "origin",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::RegistrableDomain => "registrable_domain",
        }
    }
}

/// A string argument: one value for every row, or a column with a value
/// per row.
#[derive(Clone, Copy, Debug)]
pub enum StrArg<'a> {
    /// The same value for every row.
    Scalar(&'a str),
    /// A `Utf8`, `LargeUtf8` or `Utf8View` column as long as the URLs.
    Column(&'a dyn arrow_array::Array),
}

/// What a row that is not a URL becomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InvalidRows {
    /// A null (in every output column).
    #[default]
    Null,
    /// An [`Error::InvalidUrl`] (or [`Error::InvalidBase`]) for the whole
    /// call, naming the first such row.
    Error,
}

/// How a kernel parses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// The base URL each row is parsed against (the URL constructor's second
    /// argument). A null in a base column makes that row null.
    pub base: Option<StrArg<'a>>,
    /// What invalid rows become.
    pub invalid: InvalidRows,
}

impl<'a> Options<'a> {
    /// Options with `base`.
    pub fn with_base(mut self, base: StrArg<'a>) -> Self {
        self.base = Some(base);
        self
    }

    /// Options with invalid rows as `invalid` says.
    pub fn with_invalid(mut self, invalid: InvalidRows) -> Self {
        self.invalid = invalid;
        self
    }
}

/// Why a row has no URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The row is not a URL (against its base, if any).
    Url(url_core::ParseError),
    /// The row's base is not a URL.
    Base(url_core::ParseError),
}

/// Why a kernel failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// An argument is not `Utf8`, `LargeUtf8` or `Utf8View`.
    UnsupportedType(DataType),
    /// An argument column's length differs from the URL column's.
    LengthMismatch {
        /// The URL column's length.
        expected: usize,
        /// The argument's.
        found: usize,
    },
    /// Row `row` is not a URL (with [`InvalidRows::Error`]).
    InvalidUrl {
        /// The row.
        row: usize,
        /// Why.
        error: url_core::ParseError,
    },
    /// Row `row`'s base is not a URL (with [`InvalidRows::Error`]).
    InvalidBase {
        /// The row.
        row: usize,
        /// Why.
        error: url_core::ParseError,
    },
    /// A value at row `row` is longer than a view can address (4 GiB).
    TooLarge {
        /// The row.
        row: usize,
    },
    /// Arrow refused an output array.
    Arrow(ArrowError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnsupportedType(t) => {
                write!(f, "expected Utf8, LargeUtf8 or Utf8View, got {t}")
            }
            Error::LengthMismatch { expected, found } => write!(
                f,
                "argument column has {found} rows, the URL column {expected}"
            ),
            Error::InvalidUrl { row, error } => write!(f, "row {row}: {error}"),
            Error::InvalidBase { row, error } => write!(f, "row {row}: base: {error}"),
            Error::TooLarge { row } => write!(f, "row {row}: value longer than 4 GiB"),
            Error::Arrow(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Arrow(e) => Some(e),
            Error::InvalidUrl { error, .. } | Error::InvalidBase { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<Error> for ArrowError {
    fn from(e: Error) -> Self {
        match e {
            Error::Arrow(e) => e,
            e => ArrowError::ExternalError(Box::new(e)),
        }
    }
}
