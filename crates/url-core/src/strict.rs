//! Strict parsing: the input must be a URL the standard parses without
//! reporting any validation error (url.bs §1.1), or it is rejected.
//!
//! Security code that checks URLs (SSRF filters, allow-lists, redirect
//! checks) wants to refuse anything a browser would have to repair —
//! `http:127.0.0.1/`, `https://example.com\@evil.com`, `https://0x7f.1/` —
//! because two parsers that repair differently disagree about where such a
//! URL points. [`Parser::strict`] gives a [`StrictParser`]: the same entry
//! points (`parse_into`, `parse_borrowed`, `parse_borrowed_or_into`,
//! `can_parse_in`, `can_parse`), any storage, and the first validation
//! error becomes
//! [`ParseError::Strict`], carrying the error (its standard name via
//! [`ValidationError::name`]), its byte position in the input and, through
//! [`ParseError::component`], the part of the URL it is about.
//!
//! ```
//! use url_core::{Component, ParseError, Parser, SliceStorage, ValidationError};
//! let mut buf = [0u8; 64];
//! let mut strict = Parser::new().strict();
//! let err = strict.parse_into("http:127.0.0.1/", SliceStorage::new(&mut buf)).unwrap_err();
//! assert_eq!(err, ParseError::Strict { error: ValidationError::SpecialSchemeMissingFollowingSolidus, position: 5 });
//! assert_eq!(err.component(), Some(Component::Scheme));
//! assert_eq!(err.to_string(), "not strictly valid: special-scheme-missing-following-solidus (scheme) at byte 5");
//!
//! let url = strict.parse_into("https://example.com/a?b#c", SliceStorage::new(&mut buf)).unwrap();
//! assert_eq!(url.hostname(), "example.com");
//! ```
//!
//! # Cost
//!
//! One pass: the parser runs as it does with any validation sink (the
//! standard's state machine, which is what reports validation errors) and
//! the sink keeps the first error it is told about. A clean input is parsed
//! exactly once and never looked at again; the engines that skip the state
//! machine for canonical input are not used, because a canonical input can
//! still carry validation errors (`https://user@host/`, `https://h/%zz`).
//!
//! # Which errors reject
//!
//! A failure the standard calls failure is [`ParseError::Invalid`] in both
//! modes; strict mode rejects the others too, as [`ParseError::Strict`].
//! When an input has both, the failure wins (it is not a URL at all). From
//! url.bs §1.1's table:
//!
//! | validation error | lenient (the standard) | strict |
//! | --- | --- | --- |
//! | `domain-to-ASCII` | failure when ToASCII fails with relaxed flags on a non-ASCII domain (an ASCII domain is only lowercased) | also when it fails with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength (`a_b.com`, `xn--a`, `a-.com`) |
//! | `host-invalid-code-point`, `IPv4-too-many-parts`, `IPv4-non-numeric-part`, every `IPv6-…` but `IPv6-piece-leading-zero`, every `IPv4-in-IPv6-…`, `missing-scheme-non-relative-URL`, `host-missing`, `port-out-of-range`, `port-invalid` | failure | failure |
//! | `IPv4-out-of-range-part` | failure when a part other than the last exceeds 255, or the last does not fit in the bytes the missing parts leave | also when the last part exceeds 255 but fits (`https://1.2.4000/` is `1.2.15.160`) |
//! | `domain-percent-encoded`, `IPv4-empty-part`, `IPv4-too-few-parts`, `IPv4-non-decimal-part`, `IPv6-piece-leading-zero`, `invalid-URL-unit`, `special-scheme-missing-following-solidus`, `invalid-reverse-solidus`, `invalid-credentials`, `file-invalid-Windows-drive-letter`, `file-invalid-Windows-drive-letter-host` | repaired: reported, the URL parses | rejected |
//!
//! `invalid-URL-unit` covers leading or trailing C0 control or space, tab
//! or newline anywhere, code points outside the URL code points and a `%`
//! not followed by two hex digits; `invalid-credentials` any `@` that
//! makes a username or password (so every URL with credentials).

use crate::encoding::QueryEncoder;
use crate::error::ParseError;
use crate::parser::{Parsed, Parser};
use crate::storage::Storage;
use crate::url::Url;
use crate::validation::{NoValidation, ValidationError, ValidationSink};

/// A validation sink that keeps the first error it is told about and
/// passes every error on to `inner`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstError<V = NoValidation> {
    first: Option<(ValidationError, usize)>,
    inner: V,
}

impl<V> FirstError<V> {
    /// A sink with nothing recorded, forwarding to `inner`.
    pub fn new(inner: V) -> Self {
        FirstError { first: None, inner }
    }

    /// The first error reported and its byte position, if any.
    pub fn first(&self) -> Option<(ValidationError, usize)> {
        self.first
    }

    /// The sink errors are forwarded to.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }
}

impl<V: ValidationSink> ValidationSink for FirstError<V> {
    #[inline]
    fn report(&mut self, error: ValidationError, position: usize) {
        if self.first.is_none() {
            self.first = Some((error, position));
        }
        if V::ENABLED {
            self.inner.report(error, position);
        }
    }
}

/// A [`Parser`] that rejects any input the standard reports a validation
/// error for (see the [module docs](self)). Made by [`Parser::strict`].
#[derive(Clone, Copy, Debug)]
pub struct StrictParser<'b, V = NoValidation, E = crate::encoding::Utf8> {
    parser: Parser<'b, FirstError<V>, E>,
}

impl<'b, E: QueryEncoder> Parser<'b, NoValidation, E> {
    /// This parser in strict mode: the first validation error rejects the
    /// input as [`ParseError::Strict`]. Set the base and encoding before;
    /// [`StrictParser::validation`] adds a sink that still sees every error.
    ///
    /// ```
    /// use url_core::{ParseError, Parser, SliceStorage, Url, ValidationError};
    /// let base = Url::parse_canonical("https://example.com/a/").unwrap();
    /// let mut p = Parser::new().base(base).strict();
    /// let mut room = [0u8; 64];
    /// assert!(p.can_parse_in("b?c", || SliceStorage::new(&mut room)).is_ok());
    /// assert!(matches!(
    ///     p.can_parse_in("\\\\evil.com/", || SliceStorage::new(&mut room)),
    ///     Err(ParseError::Strict { error: ValidationError::InvalidReverseSolidus, position: 0 })
    /// ));
    /// ```
    pub fn strict(self) -> StrictParser<'b, NoValidation, E> {
        StrictParser {
            parser: self.validation(FirstError::new(NoValidation)),
        }
    }
}

impl<'b, V: ValidationSink, E: QueryEncoder> StrictParser<'b, V, E> {
    /// Also sends every validation error to `sink` (the first one still
    /// rejects the input).
    pub fn validation<W: ValidationSink>(self, sink: W) -> StrictParser<'b, W, E> {
        StrictParser {
            parser: self.parser.validation(FirstError::new(sink)),
        }
    }

    /// The sink given to [`StrictParser::validation`].
    pub fn sink_mut(&mut self) -> &mut V {
        self.parser.sink_mut().inner_mut()
    }

    /// [`Parser::parse_into`], strictly.
    pub fn parse_into<S: Storage>(
        &mut self,
        input: &str,
        storage: S,
    ) -> Result<Url<S>, ParseError> {
        self.parser.sink_mut().first = None;
        let r = self.parser.parse_into(input, storage);
        self.verdict(r)
    }

    /// [`Parser::parse_borrowed`], strictly: [`ParseError::NotCanonical`]
    /// only for an input without validation errors up to the point where
    /// its serialization departs from it.
    pub fn parse_borrowed<'i>(&mut self, input: &'i str) -> Result<Url<&'i str>, ParseError> {
        self.parser.sink_mut().first = None;
        let r = self.parser.parse_borrowed(input);
        self.verdict(r)
    }

    /// [`Parser::parse_borrowed_or_into`], strictly.
    pub fn parse_borrowed_or_into<'i, S: Storage>(
        &mut self,
        input: &'i str,
        storage: impl FnOnce() -> S,
    ) -> Result<Parsed<'i, S>, ParseError> {
        self.parser.sink_mut().first = None;
        let r = self.parser.parse_borrowed_or_into(input, storage);
        self.verdict(r)
    }

    /// [`Parser::can_parse_in`], strictly: the whole input is parsed, so a
    /// validation error in the path, query or fragment rejects it too.
    pub fn can_parse_in<S: Storage>(
        &mut self,
        input: &str,
        scratch: impl FnOnce() -> S,
    ) -> Result<(), ParseError> {
        self.parser.sink_mut().first = None;
        let r = self.parser.can_parse_in(input, scratch);
        self.verdict(r)
    }

    /// [`Parser::can_parse`], strictly: in a 256-byte room on the stack,
    /// which here holds the whole URL (so a longer one is
    /// [`ParseError::Capacity`] unless a validation error came first).
    pub fn can_parse(&mut self, input: &str) -> Result<(), ParseError> {
        self.parser.sink_mut().first = None;
        let r = self.parser.can_parse(input);
        self.verdict(r)
    }

    /// The standard's failure if there is one, else the first validation
    /// error, else the lenient result (a storage error included: a parse
    /// that ran out of room before any validation error proves nothing).
    fn verdict<T>(&mut self, r: Result<T, ParseError>) -> Result<T, ParseError> {
        let first = self.parser.sink_mut().first.take();
        match (r, first) {
            (Err(e @ ParseError::Invalid { .. }), _) => Err(e),
            (_, Some((error, position))) => Err(ParseError::Strict { error, position }),
            (r, None) => r,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::SliceStorage;

    fn strict(input: &str) -> Result<(), ParseError> {
        let mut buf = [0u8; 128];
        Parser::new()
            .strict()
            .parse_into(input, SliceStorage::new(&mut buf))
            .map(|_| ())
    }

    #[test]
    fn repaired_inputs_are_rejected_with_the_first_error() {
        use ValidationError::*;
        // Expected values from url.bs by hand: the first step that reports.
        for (input, error, position) in [
            ("http:127.0.0.1/", SpecialSchemeMissingFollowingSolidus, 5),
            ("https:foo", SpecialSchemeMissingFollowingSolidus, 6),
            ("http://example.com\\@evil.com", InvalidReverseSolidus, 18),
            (" https://a/", InvalidUrlUnit, 0),
            ("https://a/ ", InvalidUrlUnit, 10),
            // Reported at the `@` (authority state, c is U+0040).
            ("https://u@a/", InvalidCredentials, 9),
            ("https://0x7f.1/", Ipv4TooFewParts, 8),
        ] {
            assert_eq!(
                strict(input),
                Err(ParseError::Strict { error, position }),
                "{input:?}"
            );
        }
    }

    #[test]
    fn failures_stay_failures_and_clean_inputs_pass() {
        assert!(matches!(
            strict("http:\\\\a b/"),
            Err(ParseError::Invalid { .. })
        ));
        assert_eq!(strict("https://example.com/a?b#c"), Ok(()));
        assert_eq!(strict("mailto:user@example.org"), Ok(()));
    }

    #[test]
    fn every_entry_point_and_a_forwarding_sink() {
        let mut seen = 0;
        {
            let mut p = Parser::new()
                .strict()
                .validation(|_: ValidationError, _: usize| seen += 1);
            let bad = "http://u@example.com/";
            let want = Err(ParseError::Strict {
                error: ValidationError::InvalidCredentials,
                position: 8,
            });
            assert_eq!(p.parse_borrowed(bad).map(|_| ()), want);
            let mut room = [0u8; 64];
            let r = p.can_parse_in(bad, || SliceStorage::new(&mut room));
            assert_eq!(r, want);
            assert_eq!(p.can_parse(bad), want);
            assert_eq!(p.can_parse("https://example.com/a?b#c"), Ok(()));
            let mut room = [0u8; 64];
            let r = p.parse_borrowed_or_into(bad, || SliceStorage::new(&mut room));
            assert_eq!(r.map(|_| ()), want);
            // Room for the scheme and `//` only: the error at the `@` came
            // before the storage ran out.
            let mut tiny = [0u8; 8];
            assert_eq!(
                p.parse_into(bad, SliceStorage::new(&mut tiny)).map(|_| ()),
                want
            );
            assert!(p.parse_borrowed("https://example.com/").is_ok());
            // Borrowing stops where the serialization departs from the input
            // (`h` for `H`), before the `@`.
            assert_eq!(
                p.parse_borrowed("HTTP://u@example.com/").map(|_| ()),
                Err(ParseError::NotCanonical)
            );
        }
        assert!(seen >= 4);
    }
}
