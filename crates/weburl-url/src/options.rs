//! `ParseOptions`: a base URL, a legacy query encoding and a callback for
//! syntax violations (the URL Standard's non-fatal validation errors).

use crate::error::{ParseError, SyntaxViolation};
use crate::url::Url;
use alloc::string::String;
use alloc::vec::Vec;
use form_urlencoded::EncodingOverride;
use weburl::url_core::encoding::{Encoded, QueryEncoder};
use weburl::url_core::{self, Parser, ValidationError};

/// Configuration for one parse, from [`Url::options`].
///
/// ```
/// use std::cell::RefCell;
/// use weburl_url::{SyntaxViolation, Url};
/// let violations = RefCell::new(Vec::new());
/// let url = Url::options()
///     .syntax_violation_callback(Some(&|v| violations.borrow_mut().push(v)))
///     .parse("https:////example.com")?;
/// assert_eq!(url.as_str(), "https://example.com/");
/// assert_eq!(violations.into_inner(), [SyntaxViolation::ExpectedDoubleSlash]);
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(Copy, Clone, Default)]
#[must_use]
pub struct ParseOptions<'a> {
    base_url: Option<&'a Url>,
    encoding_override: EncodingOverride<'a>,
    violation_fn: Option<&'a dyn Fn(SyntaxViolation)>,
    strict: bool,
}

impl<'a> ParseOptions<'a> {
    /// Resolves relative references against `new` (or, with `None`, accepts
    /// only absolute URLs).
    pub fn base_url(mut self, new: Option<&'a Url>) -> Self {
        self.base_url = new;
        self
    }

    /// Encodes the query of special URLs (other than `ws:` and `wss:`) with
    /// this function instead of UTF-8 before percent-encoding it: HTML's
    /// legacy document encodings. The function gets the query text (without
    /// tabs and newlines) and returns its bytes.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use weburl_url::Url;
    /// fn latin1(s: &str) -> Cow<'_, [u8]> {
    ///     s.chars().map(|c| c as u8).collect::<Vec<u8>>().into()
    /// }
    /// let url = Url::options().encoding_override(Some(&latin1)).parse("https://x.example/?\u{e9}#\u{e9}")?;
    /// assert_eq!(url.as_str(), "https://x.example/?%E9#%C3%A9");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn encoding_override(mut self, new: EncodingOverride<'a>) -> Self {
        self.encoding_override = new;
        self
    }

    /// Calls `new` with each syntax violation while parsing. It is `Fn`, so
    /// collecting needs interior mutability (a `Cell` or `RefCell`).
    pub fn syntax_violation_callback(mut self, new: Option<&'a dyn Fn(SyntaxViolation)>) -> Self {
        self.violation_fn = new;
        self
    }

    /// Strict parsing (not in `url`): with `true`, an input for which the
    /// URL Standard reports any validation error — one a browser would
    /// repair, such as `http:127.0.0.1/` or `https://example.com\@evil.com`
    /// — fails with [`ParseError::Strict`], naming the first error and its
    /// byte position. For security checks (SSRF filters, allow-lists,
    /// redirect targets). Failures the standard itself has keep their
    /// usual variant.
    ///
    /// ```
    /// use weburl_url::{ParseError, Url};
    /// let strict = Url::options().strict(true);
    /// let err = strict.parse("http:127.0.0.1/").unwrap_err();
    /// assert!(matches!(err, ParseError::Strict { .. }));
    /// assert_eq!(err.to_string(), "not strictly valid: special-scheme-missing-following-solidus at byte 5");
    /// assert_eq!(Url::parse("http:127.0.0.1/")?.as_str(), "http://127.0.0.1/");
    /// assert_eq!(strict.parse("https://example.com/a?b#c")?.host_str(), Some("example.com"));
    /// assert_eq!(strict.parse("http://[::1"), Err(ParseError::InvalidIpv6Address));
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn strict(mut self, new: bool) -> Self {
        self.strict = new;
        self
    }

    /// Parses `input` with these options.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        let opaque_base = self.base_url.is_some_and(Url::cannot_be_a_base);
        let map_err = |e| ParseError::from_core(e, opaque_base);
        let base = self.base_url.map(|b| &b.inner);
        if self.violation_fn.is_none() && self.encoding_override.is_none() && !self.strict {
            // The common case: weburl's parse, one allocation.
            let parsed = match base {
                Some(base) => weburl::Url::parse_with_base(input, base),
                None => weburl::Url::parse(input),
            };
            return parsed.map(Url::from).map_err(map_err);
        }
        let base = base.map(|b| b.as_url_core().as_url_ref());
        let mut errors: Vec<(ValidationError, usize)> = Vec::new();
        let sink = |e: ValidationError, at: usize| errors.push((e, at));
        let result = match (self.encoding_override, self.strict) {
            (Some(f), false) => Parser::new()
                .with_base(base)
                .validation(sink)
                .encoding(Override(f))
                .parse_into(input, String::new()),
            (None, false) => Parser::new()
                .with_base(base)
                .validation(sink)
                .parse_into(input, String::new()),
            (Some(f), true) => Parser::new()
                .with_base(base)
                .encoding(Override(f))
                .strict()
                .validation(sink)
                .parse_into(input, String::new()),
            (None, true) => Parser::new()
                .with_base(base)
                .strict()
                .validation(sink)
                .parse_into(input, String::new()),
        };
        if let Some(report) = self.violation_fn {
            report_violations(input, &errors, result.as_ref().ok(), report);
        }
        result
            .map(|u| Url::from(weburl::Url::from(u)))
            .map_err(map_err)
    }
}

/// `url`'s encoding override as weburl's query encoder: each piece of the
/// query (weburl splits it where it skips tabs and newlines) goes through
/// the function, whose bytes are then percent-encoded.
struct Override<'a>(&'a dyn Fn(&str) -> alloc::borrow::Cow<'_, [u8]>);

impl QueryEncoder for Override<'_> {
    fn encode(&mut self, chunk: &str, _last: bool, emit: &mut dyn FnMut(Encoded<'_>)) {
        emit(Encoded::Bytes(&(self.0)(chunk)));
    }
}

/// Reports `errors` (weburl's validation errors with their byte positions
/// in `input`) as `url`'s syntax violations, in `url`'s order: ignored
/// leading/trailing C0 controls and spaces first, then tabs and newlines
/// (each once), then the rest as they occur.
fn report_violations(
    input: &str,
    errors: &[(ValidationError, usize)],
    url: Option<&url_core::Url<String>>,
    report: &dyn Fn(SyntaxViolation),
) {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let lead = input.len() - input.trim_start_matches(|c: char| c <= ' ').len();
    let kept = lead..lead + trimmed.len();
    if trimmed.len() < input.len() {
        report(SyntaxViolation::C0SpaceIgnored);
    }
    if trimmed.contains(['\t', '\n', '\r']) {
        report(SyntaxViolation::TabOrNewlineIgnored);
    }
    let fragment_start = trimmed.find('#').map(|i| i + lead);
    let bytes = input.as_bytes();
    let mut seen_at_sign = false;
    let mut double_slash_reported = false;
    for &(error, at) in errors {
        let byte = bytes.get(at).copied();
        let violation = match error {
            ValidationError::InvalidUrlUnit => {
                if !kept.contains(&at) || matches!(byte, Some(b'\t' | b'\n' | b'\r')) {
                    // Reported once above.
                    continue;
                }
                match byte {
                    Some(b'%') => SyntaxViolation::PercentDecode,
                    Some(0) if fragment_start.is_some_and(|f| at > f) => {
                        SyntaxViolation::NullInFragment
                    }
                    _ => SyntaxViolation::NonUrlCodePoint,
                }
            }
            ValidationError::InvalidReverseSolidus => SyntaxViolation::Backslash,
            ValidationError::InvalidCredentials => {
                let first = !seen_at_sign;
                seen_at_sign = true;
                if first {
                    SyntaxViolation::EmbeddedCredentials
                } else {
                    SyntaxViolation::UnencodedAtSign
                }
            }
            ValidationError::SpecialSchemeMissingFollowingSolidus => {
                // The standard reports each missing or extra slash; `url`
                // reports the slashes once.
                if double_slash_reported {
                    continue;
                }
                double_slash_reported = true;
                if url.is_some_and(|u| u.scheme_type() == weburl::SchemeType::File)
                    || trimmed
                        .get(..5)
                        .is_some_and(|s| s.eq_ignore_ascii_case("file:"))
                {
                    SyntaxViolation::ExpectedFileDoubleSlash
                } else {
                    SyntaxViolation::ExpectedDoubleSlash
                }
            }
            _ => continue,
        };
        report(violation);
    }
    if url.is_some_and(file_host_with_drive_letter) {
        report(SyntaxViolation::FileWithHostAndWindowsDrive);
    }
}

/// A `file:` URL with a host whose path starts with a Windows drive letter
/// (`file://host/C:/x`). The URL Standard keeps such a host (it once
/// dropped it with a validation error, and `url` still does both); it is
/// still worth the warning `url` gives, so it is reported.
fn file_host_with_drive_letter(url: &url_core::Url<String>) -> bool {
    if url.scheme_type() != weburl::SchemeType::File || url.hostname().is_empty() {
        return false;
    }
    let segment = url.pathname().trim_start_matches('/');
    let b = segment.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b.len() == 2 || b[2] == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::RefCell;

    fn violations(input: &str, base: Option<&Url>) -> Vec<SyntaxViolation> {
        let seen = RefCell::new(Vec::new());
        let report = |v| seen.borrow_mut().push(v);
        let _ = Url::options()
            .base_url(base)
            .syntax_violation_callback(Some(&report))
            .parse(input);
        seen.into_inner()
    }

    #[test]
    fn each_violation_in_urls_order() {
        use SyntaxViolation::*;
        assert_eq!(
            violations(" \thttp://a\n.example/ ", None),
            [C0SpaceIgnored, TabOrNewlineIgnored]
        );
        assert_eq!(
            violations("http://u@p@h/", None),
            [EmbeddedCredentials, UnencodedAtSign]
        );
        assert_eq!(violations("http:////h/", None), [ExpectedDoubleSlash]);
        assert_eq!(violations("file:/x", None), [ExpectedFileDoubleSlash]);
        assert_eq!(violations("http://h/a%zz", None), [PercentDecode]);
        assert_eq!(violations("http://h/#a\u{0}b", None), [NullInFragment]);
        assert_eq!(violations("http://h/a\u{0}b", None), [NonUrlCodePoint]);
        assert_eq!(
            violations("file://h/c:/x", None),
            [FileWithHostAndWindowsDrive]
        );
        assert_eq!(violations("https://example.com/", None), []);
        let base = Url::parse("http://h/").unwrap();
        assert_eq!(violations("\\x", Some(&base)), [Backslash]);
    }

    #[test]
    fn a_failed_parse_still_reports_what_came_before() {
        assert_eq!(
            violations(" http://u@[::1", None),
            [
                SyntaxViolation::C0SpaceIgnored,
                SyntaxViolation::EmbeddedCredentials
            ]
        );
    }

    #[test]
    fn encoding_override_applies_to_special_queries_only() {
        fn upper(s: &str) -> alloc::borrow::Cow<'_, [u8]> {
            s.to_ascii_uppercase().into_bytes().into()
        }
        let parse = |s: &str| {
            Url::options()
                .encoding_override(Some(&upper))
                .parse(s)
                .unwrap()
        };
        assert_eq!(parse("http://h/?a\tb#c").as_str(), "http://h/?AB#c");
        assert_eq!(parse("sc://h/?ab").as_str(), "sc://h/?ab");
        assert_eq!(parse("wss://h/?ab").as_str(), "wss://h/?ab");
    }
}
