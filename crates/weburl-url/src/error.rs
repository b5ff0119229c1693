//! `ParseError` and `SyntaxViolation`, with `url`'s variants and messages,
//! and the mapping from weburl's validation errors onto them.

use core::fmt;
use weburl::url_core::{self, ValidationError};

/// Why a string could not be parsed as a URL (or a host).
///
/// The variants and their `Display` texts are `url` 2.5.8's. weburl reports
/// the URL Standard's validation error underneath; each maps onto the
/// variant `url` uses for the same failure.
///
/// ```
/// use weburl_url::{ParseError, Url};
/// assert_eq!(Url::parse("/no/base"), Err(ParseError::RelativeUrlWithoutBase));
/// assert_eq!(Url::parse("http://[::1"), Err(ParseError::InvalidIpv6Address));
/// assert_eq!(Url::parse("http://x:99999/").unwrap_err().to_string(), "invalid port number");
/// ```
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// A special URL (other than `file:`) without a host, or an empty host
    /// where one is needed.
    EmptyHost,
    /// Domain to ASCII (UTS #46) failed.
    IdnaError,
    /// The port is not a number, or is larger than 65535.
    InvalidPort,
    /// The host looks like an IPv4 address but is not a valid one.
    InvalidIpv4Address,
    /// The host is bracketed but is not a valid IPv6 address.
    InvalidIpv6Address,
    /// The host contains a forbidden code point.
    InvalidDomainCharacter,
    /// A relative reference was given without a base URL.
    RelativeUrlWithoutBase,
    /// A relative reference was given against a base with an opaque path.
    RelativeUrlWithCannotBeABaseBase,
    /// `set_host` on a URL with an opaque path.
    SetHostOnCannotBeABaseUrl,
    /// The URL is longer than 4 GiB.
    Overflow,
    /// Strict parsing only ([`ParseOptions::strict`](crate::ParseOptions::strict),
    /// not in `url`): the URL Standard parses the input but reports this
    /// validation error first (a browser would repair it).
    Strict {
        /// The first validation error; [`ValidationError::name`] is the
        /// standard's name, [`ValidationError::component`] the part of the
        /// URL.
        error: ValidationError,
        /// Byte offset into the input it is about.
        position: usize,
    },
}

impl ParseError {
    fn message(self) -> &'static str {
        match self {
            ParseError::EmptyHost => "empty host",
            ParseError::IdnaError => "invalid international domain name",
            ParseError::InvalidPort => "invalid port number",
            ParseError::InvalidIpv4Address => "invalid IPv4 address",
            ParseError::InvalidIpv6Address => "invalid IPv6 address",
            ParseError::InvalidDomainCharacter => "invalid domain character",
            ParseError::RelativeUrlWithoutBase => "relative URL without a base",
            ParseError::RelativeUrlWithCannotBeABaseBase => {
                "relative URL with a cannot-be-a-base base"
            }
            ParseError::SetHostOnCannotBeABaseUrl => {
                "a cannot-be-a-base URL doesn\u{2019}t have a host to set"
            }
            ParseError::Overflow => "URLs more than 4 GB are not supported",
            ParseError::Strict { .. } => "not strictly valid",
        }
    }

    /// Maps weburl's error. `opaque_base` says whether a base URL was given
    /// and has an opaque path: the standard reports the same validation
    /// error with or without such a base, `url` distinguishes the two.
    pub(crate) fn from_core(error: url_core::ParseError, opaque_base: bool) -> ParseError {
        use ValidationError as V;
        match error {
            url_core::ParseError::Invalid { error, .. } => match error {
                V::MissingSchemeNonRelativeUrl if opaque_base => {
                    ParseError::RelativeUrlWithCannotBeABaseBase
                }
                V::MissingSchemeNonRelativeUrl => ParseError::RelativeUrlWithoutBase,
                V::HostMissing => ParseError::EmptyHost,
                V::DomainToAscii => ParseError::IdnaError,
                V::PortInvalid | V::PortOutOfRange => ParseError::InvalidPort,
                V::Ipv4EmptyPart
                | V::Ipv4TooFewParts
                | V::Ipv4TooManyParts
                | V::Ipv4NonNumericPart
                | V::Ipv4NonDecimalPart
                | V::Ipv4OutOfRangePart => ParseError::InvalidIpv4Address,
                V::Ipv6Unclosed
                | V::Ipv6InvalidCompression
                | V::Ipv6TooManyPieces
                | V::Ipv6MultipleCompression
                | V::Ipv6InvalidCodePoint
                | V::Ipv6TooFewPieces
                | V::Ipv6PieceLeadingZero
                | V::Ipv4InIpv6TooManyPieces
                | V::Ipv4InIpv6InvalidCodePoint
                | V::Ipv4InIpv6OutOfRangePart
                | V::Ipv4InIpv6TooFewParts => ParseError::InvalidIpv6Address,
                // Every other failure the standard has is a forbidden code
                // point in a host (weburl names it host-invalid-code-point).
                _ => ParseError::InvalidDomainCharacter,
            },
            url_core::ParseError::IdnaUnavailable { .. } => ParseError::IdnaError,
            url_core::ParseError::Strict { error, position } => {
                ParseError::Strict { error, position }
            }
            // Capacity cannot happen on String storage; TooLong is the 4 GiB
            // limit `url` calls Overflow. NotCanonical is only returned by
            // borrowed parsing, which this crate never asks for.
            _ => ParseError::Overflow,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())?;
        if let ParseError::Strict { error, position } = self {
            write!(f, ": {error} at byte {position}")?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseError {}

/// A non-fatal syntax violation, reported to the callback of
/// [`ParseOptions::syntax_violation_callback`](crate::ParseOptions::syntax_violation_callback).
///
/// These are `url`'s names for the URL Standard's validation errors that do
/// not make the input invalid; `description()` and `Display` give `url`'s
/// texts. Validation errors without a counterpart here (IPv4 in hexadecimal,
/// a percent-encoded domain, …) are not reported.
///
/// ```
/// use weburl_url::SyntaxViolation;
/// assert_eq!(SyntaxViolation::Backslash.to_string(), "backslash");
/// ```
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum SyntaxViolation {
    /// A `\` where a special URL expects `/`.
    Backslash,
    /// Leading or trailing C0 controls or spaces, which are removed.
    C0SpaceIgnored,
    /// A username or password in the URL.
    EmbeddedCredentials,
    /// A special scheme not followed by exactly `//`.
    ExpectedDoubleSlash,
    /// `file:` not followed by `//`.
    ExpectedFileDoubleSlash,
    /// A `file:` URL with a host and a Windows drive letter.
    FileWithHostAndWindowsDrive,
    /// A code point that is not a URL code point.
    NonUrlCodePoint,
    /// A NUL in the fragment.
    NullInFragment,
    /// A `%` not followed by two hexadecimal digits.
    PercentDecode,
    /// A tab or newline inside the input, which is removed.
    TabOrNewlineIgnored,
    /// A second `@` in the credentials.
    UnencodedAtSign,
}

impl SyntaxViolation {
    /// The violation in words (`url`'s texts).
    pub fn description(&self) -> &'static str {
        match self {
            SyntaxViolation::Backslash => "backslash",
            SyntaxViolation::C0SpaceIgnored => {
                "leading or trailing control or space character are ignored in URLs"
            }
            SyntaxViolation::EmbeddedCredentials => {
                "embedding authentication information (username or password) \
                 in an URL is not recommended"
            }
            SyntaxViolation::ExpectedDoubleSlash => "expected //",
            SyntaxViolation::ExpectedFileDoubleSlash => "expected // after file:",
            SyntaxViolation::FileWithHostAndWindowsDrive => {
                "file: with host and Windows drive letter"
            }
            SyntaxViolation::NonUrlCodePoint => "non-URL code point",
            SyntaxViolation::NullInFragment => {
                "NULL characters are ignored in URL fragment identifiers"
            }
            SyntaxViolation::PercentDecode => "expected 2 hex digits after %",
            SyntaxViolation::TabOrNewlineIgnored => "tabs or newlines are ignored in URLs",
            SyntaxViolation::UnencodedAtSign => "unencoded @ sign in username or password",
        }
    }
}

impl fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn messages_are_urls() {
        // `url` 2.5.8's texts, which callers match on.
        assert_eq!(ParseError::EmptyHost.to_string(), "empty host");
        assert_eq!(
            ParseError::RelativeUrlWithCannotBeABaseBase.to_string(),
            "relative URL with a cannot-be-a-base base"
        );
        assert_eq!(
            ParseError::SetHostOnCannotBeABaseUrl.to_string(),
            "a cannot-be-a-base URL doesn’t have a host to set"
        );
        assert_eq!(
            SyntaxViolation::UnencodedAtSign.description(),
            "unencoded @ sign in username or password"
        );
    }

    #[test]
    fn core_errors_map_by_kind() {
        let invalid = |error| url_core::ParseError::Invalid { error, position: 0 };
        assert_eq!(
            ParseError::from_core(invalid(ValidationError::MissingSchemeNonRelativeUrl), true),
            ParseError::RelativeUrlWithCannotBeABaseBase
        );
        assert_eq!(
            ParseError::from_core(invalid(ValidationError::Ipv4InIpv6TooFewParts), false),
            ParseError::InvalidIpv6Address
        );
        assert_eq!(
            ParseError::from_core(url_core::ParseError::TooLong, false),
            ParseError::Overflow
        );
    }
}
