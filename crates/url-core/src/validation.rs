//! Validation errors (url.bs §1.1 "Writing").
//!
//! A validation error does not stop the parser unless the standard says so;
//! the ones that do are returned inside [`crate::ParseError::Invalid`]. To see
//! every validation error, pass a [`ValidationSink`] to [`crate::Parser`].
//! With the default [`NoValidation`] sink the reporting code compiles away.

use core::fmt;

/// The validation error types of url.bs §1.1, named as in the standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ValidationError {
    /// `domain-to-ASCII`: Unicode ToASCII with strict flags records an error.
    DomainToAscii,
    /// `domain-percent-encoded`: a domain contains a percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host contains a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with `.`.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than 4 parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: an IPv4 address part is not numeric.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: an IPv4 part uses hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: an IPv4 address part exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: an IPv6 address is missing the closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with improper compression.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address contains more than 8 pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address contains a bad code point or ends early.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than 8 pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 piece has a leading `0`.
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: the IPv6 part has more than 6 pieces.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: a bad IPv4 part inside an IPv6 address.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an IPv4 part inside IPv6 exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: an IPv4 address inside IPv6 has too few parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit`: a code point that is not a URL unit.
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme and no usable base URL.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: a special URL uses `\` instead of `/`.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input includes credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL without a host.
    HostMissing,
    /// `port-out-of-range`: the port is too big.
    PortOutOfRange,
    /// `port-invalid`: the port is not a number.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative reference starting with a
    /// Windows drive letter against a `file:` base.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a `file:` URL's host is a drive letter.
    FileInvalidWindowsDriveLetterHost,
}

/// Which part of a URL a validation error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme, or the lack of one.
    Scheme,
    /// Username or password.
    Credentials,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// Anywhere: code points that are not URL units.
    Input,
}

impl ValidationError {
    /// Every validation error type, in the order of the §1.1 table.
    pub const ALL: [ValidationError; 30] = [
        Self::DomainToAscii,
        Self::DomainPercentEncoded,
        Self::HostInvalidCodePoint,
        Self::Ipv4EmptyPart,
        Self::Ipv4TooFewParts,
        Self::Ipv4TooManyParts,
        Self::Ipv4NonNumericPart,
        Self::Ipv4NonDecimalPart,
        Self::Ipv4OutOfRangePart,
        Self::Ipv6Unclosed,
        Self::Ipv6InvalidCompression,
        Self::Ipv6TooManyPieces,
        Self::Ipv6MultipleCompression,
        Self::Ipv6InvalidCodePoint,
        Self::Ipv6TooFewPieces,
        Self::Ipv6PieceLeadingZero,
        Self::Ipv4InIpv6TooManyPieces,
        Self::Ipv4InIpv6InvalidCodePoint,
        Self::Ipv4InIpv6OutOfRangePart,
        Self::Ipv4InIpv6TooFewParts,
        Self::InvalidUrlUnit,
        Self::SpecialSchemeMissingFollowingSolidus,
        Self::MissingSchemeNonRelativeUrl,
        Self::InvalidReverseSolidus,
        Self::InvalidCredentials,
        Self::HostMissing,
        Self::PortOutOfRange,
        Self::PortInvalid,
        Self::FileInvalidWindowsDriveLetter,
        Self::FileInvalidWindowsDriveLetterHost,
    ];

    /// The standard's name for this error type, e.g. `"IPv4-empty-part"`.
    ///
    /// ```
    /// assert_eq!(url_core::ValidationError::InvalidUrlUnit.name(), "invalid-URL-unit");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::DomainToAscii => "domain-to-ASCII",
            Self::DomainPercentEncoded => "domain-percent-encoded",
            Self::HostInvalidCodePoint => "host-invalid-code-point",
            Self::Ipv4EmptyPart => "IPv4-empty-part",
            Self::Ipv4TooFewParts => "IPv4-too-few-parts",
            Self::Ipv4TooManyParts => "IPv4-too-many-parts",
            Self::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Self::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            Self::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Self::Ipv6Unclosed => "IPv6-unclosed",
            Self::Ipv6InvalidCompression => "IPv6-invalid-compression",
            Self::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Self::Ipv6MultipleCompression => "IPv6-multiple-compression",
            Self::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Self::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Self::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            Self::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Self::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Self::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Self::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            Self::InvalidUrlUnit => "invalid-URL-unit",
            Self::SpecialSchemeMissingFollowingSolidus => {
                "special-scheme-missing-following-solidus"
            }
            Self::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            Self::InvalidReverseSolidus => "invalid-reverse-solidus",
            Self::InvalidCredentials => "invalid-credentials",
            Self::HostMissing => "host-missing",
            Self::PortOutOfRange => "port-out-of-range",
            Self::PortInvalid => "port-invalid",
            Self::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            Self::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// An IPv4 parser error (not one of an IPv4 address inside IPv6).
    pub(crate) fn is_ipv4(self) -> bool {
        matches!(
            self,
            Self::Ipv4EmptyPart
                | Self::Ipv4TooFewParts
                | Self::Ipv4TooManyParts
                | Self::Ipv4NonNumericPart
                | Self::Ipv4NonDecimalPart
                | Self::Ipv4OutOfRangePart
        )
    }

    /// Whether the state machine reports this failure at the byte of the
    /// code point at fault (a host's first, or its port's) even right after
    /// a tab or newline it skipped, rather than at the boundary before it:
    /// the host and port parsers read from the first byte they keep.
    /// (`host-missing` is reported either way, by where the authority
    /// ends.)
    pub(crate) fn is_reported_at_its_byte(self) -> bool {
        matches!(
            self,
            Self::DomainToAscii
                | Self::HostInvalidCodePoint
                | Self::PortInvalid
                | Self::PortOutOfRange
                | Self::Ipv6Unclosed
                | Self::Ipv6InvalidCompression
                | Self::Ipv6TooManyPieces
                | Self::Ipv6MultipleCompression
                | Self::Ipv6InvalidCodePoint
                | Self::Ipv6TooFewPieces
                | Self::Ipv4InIpv6TooManyPieces
                | Self::Ipv4InIpv6InvalidCodePoint
                | Self::Ipv4InIpv6OutOfRangePart
                | Self::Ipv4InIpv6TooFewParts
        )
    }

    /// Looks an error type up by its standard name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|e| e.name() == name)
    }

    /// The part of the URL this error is about.
    pub const fn component(self) -> Component {
        use ValidationError::*;
        match self {
            DomainToAscii
            | DomainPercentEncoded
            | HostInvalidCodePoint
            | Ipv4EmptyPart
            | Ipv4TooFewParts
            | Ipv4TooManyParts
            | Ipv4NonNumericPart
            | Ipv4NonDecimalPart
            | Ipv4OutOfRangePart
            | Ipv6Unclosed
            | Ipv6InvalidCompression
            | Ipv6TooManyPieces
            | Ipv6MultipleCompression
            | Ipv6InvalidCodePoint
            | Ipv6TooFewPieces
            | Ipv6PieceLeadingZero
            | Ipv4InIpv6TooManyPieces
            | Ipv4InIpv6InvalidCodePoint
            | Ipv4InIpv6OutOfRangePart
            | Ipv4InIpv6TooFewParts
            | HostMissing
            | FileInvalidWindowsDriveLetterHost => Component::Host,
            InvalidUrlUnit => Component::Input,
            SpecialSchemeMissingFollowingSolidus | MissingSchemeNonRelativeUrl => Component::Scheme,
            InvalidReverseSolidus | FileInvalidWindowsDriveLetter => Component::Path,
            InvalidCredentials => Component::Credentials,
            PortOutOfRange | PortInvalid => Component::Port,
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Receives validation errors while parsing.
///
/// `position` is a byte offset into the input as the caller passed it (before
/// trimming), pointing at the code point the error is about.
///
/// Closures `FnMut(ValidationError, usize)` are sinks:
///
/// ```
/// use url_core::{Parser, SliceStorage, ValidationError};
/// let mut seen = [None; 4];
/// let mut n = 0;
/// let mut buf = [0u8; 64];
/// Parser::new()
///     .validation(|e: ValidationError, pos: usize| { if n < 4 { seen[n] = Some((e, pos)); n += 1; } })
///     .parse_into("https://example.org\\a", SliceStorage::new(&mut buf))
///     .unwrap();
/// assert_eq!(seen[0], Some((ValidationError::InvalidReverseSolidus, 19)));
/// ```
pub trait ValidationSink {
    /// Whether errors are wanted at all. `false` lets the parser skip the checks.
    const ENABLED: bool = true;
    /// Called once for each validation error, in input order where the
    /// standard reports them in order.
    fn report(&mut self, error: ValidationError, position: usize);
}

/// The sink that ignores everything at zero cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoValidation;

impl ValidationSink for NoValidation {
    const ENABLED: bool = false;
    #[inline(always)]
    fn report(&mut self, _: ValidationError, _: usize) {}
}

impl<F: FnMut(ValidationError, usize)> ValidationSink for F {
    #[inline]
    fn report(&mut self, error: ValidationError, position: usize) {
        self(error, position)
    }
}
