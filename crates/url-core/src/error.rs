//! The parser's error type.

use crate::storage::CapacityError;
use crate::validation::{Component, ValidationError};
use core::fmt;

/// Why a string could not be parsed into a URL (or stored).
///
/// ```
/// use url_core::{ParseError, SliceStorage, Url, ValidationError};
/// let mut buf = [0u8; 64];
/// let err = Url::parse_into("https://example.org:99999/", SliceStorage::new(&mut buf)).unwrap_err();
/// assert_eq!(err, ParseError::Invalid { error: ValidationError::PortOutOfRange, position: 20 });
/// assert_eq!(err.to_string(), "invalid URL: port-out-of-range (port) at byte 20");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The URL Standard says the input is not a URL. `error` is the validation
    /// error the standard names at the point of failure; `position` is a byte
    /// offset into the input as given.
    Invalid {
        /// The failure-causing validation error.
        error: ValidationError,
        /// Byte offset into the input where it was detected.
        position: usize,
    },
    /// The URL is valid but does not fit the storage.
    Capacity(CapacityError),
    /// Input or output longer than `u32::MAX` bytes (offsets are `u32`).
    TooLong,
    /// The host is a non-ASCII domain and url-core was built without the
    /// `idna` feature.
    IdnaUnavailable {
        /// Byte offset of the host in the input.
        position: usize,
    },
    /// Strict parsing only ([`crate::Parser::strict`]): the standard parses
    /// the input, but reports this validation error first, so a browser
    /// would have repaired it. `position` is a byte offset into the input.
    Strict {
        /// The first validation error.
        error: ValidationError,
        /// Byte offset into the input it is about.
        position: usize,
    },
    /// The input is valid, but its serialization differs from the input, so
    /// it cannot be borrowed ([`crate::Parser::parse_borrowed`] only).
    NotCanonical,
}

impl ParseError {
    /// Which URL component the failure is about, when it is about one.
    pub fn component(&self) -> Option<Component> {
        match self {
            ParseError::Invalid { error, .. } | ParseError::Strict { error, .. } => {
                Some(error.component())
            }
            ParseError::IdnaUnavailable { .. } => Some(Component::Host),
            _ => None,
        }
    }

    /// Whether the input is a valid URL that only failed to fit or borrow.
    pub fn is_storage_error(&self) -> bool {
        matches!(
            self,
            ParseError::Capacity(_) | ParseError::NotCanonical | ParseError::TooLong
        )
    }
}

impl From<CapacityError> for ParseError {
    fn from(e: CapacityError) -> Self {
        ParseError::Capacity(e)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid { error, position } | ParseError::Strict { error, position } => {
                let part = match error.component() {
                    Component::Scheme => "scheme",
                    Component::Credentials => "credentials",
                    Component::Host => "host",
                    Component::Port => "port",
                    Component::Path => "path",
                    Component::Input => "input",
                };
                let what = match self {
                    ParseError::Strict { .. } => "not strictly valid",
                    _ => "invalid URL",
                };
                write!(f, "{what}: {error} ({part}) at byte {position}")
            }
            ParseError::Capacity(e) => write!(f, "{e}"),
            ParseError::TooLong => f.write_str("URL longer than 4 GiB"),
            ParseError::IdnaUnavailable { position } => write!(
                f,
                "non-ASCII domain at byte {position} needs the `idna` feature"
            ),
            ParseError::NotCanonical => {
                f.write_str("URL is valid but not in canonical form, so it cannot be borrowed")
            }
        }
    }
}

impl core::error::Error for ParseError {}
