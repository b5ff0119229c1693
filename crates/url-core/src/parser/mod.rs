//! The basic URL parser (url.bs §4.4): the [`Parser`] and the public entry
//! points, each of which goes through [`route`], the ladder that picks the
//! engine that answers an input. The engines: [`canonical`] (the canonical
//! recognizer), [`reference`](mod@reference) (the reference resolver), [`straight`] (the
//! straight-line route, which [`resume`] starts where the recognizer
//! stopped), [`check`] (the `can_parse` predicate)
//! and [`state_machine`] (the standard's states, in the files named after
//! the parts of a URL they parse: [`scheme`], [`relative`], [`authority`],
//! [`file`](mod@file), [`path`], [`query`]). Those files also hold the one
//! implementation of each spec step that several engines share: the scheme
//! scan, the authority scan, the port, userinfo encoding, dot segments and
//! the path, query and fragment encoders. [`trace`] records which engine
//! answered (feature `route-trace`, for tests).

use crate::encoding::{QueryEncoder, Utf8};
use crate::error::ParseError;
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::Url;
use crate::validation::{NoValidation, ValidationSink};
use route::Engines;

pub(crate) mod authority;
pub(crate) mod canonical;
pub(crate) mod check;
mod file;
pub(crate) mod path;
pub(crate) mod query;
pub(crate) mod reference;
mod relative;
mod resume;
pub(crate) mod route;
pub(crate) mod scheme;
pub(crate) mod state_machine;
pub(crate) mod straight;
pub(crate) mod trace;

/// Whether a state override is given (url.bs §4.4): the setters run one
/// state of the basic URL parser with one, which changes where components
/// end (`?` and `#` no longer end a path, nor `#` a query).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum StateOverride {
    /// The parser runs from the scheme start state.
    Absent,
    /// A setter runs one state.
    Given,
}

/// Why a straight-line step stopped short: the output storage is full, or
/// the input holds an ASCII tab or newline, which only the state machine
/// removes as it goes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Halt {
    /// The storage is full.
    Capacity(CapacityError),
    /// An ASCII tab or newline.
    TabOrNewline,
}

impl From<CapacityError> for Halt {
    fn from(e: CapacityError) -> Self {
        Halt::Capacity(e)
    }
}

/// Parses URLs, optionally against a base and with a validation sink.
///
/// ```
/// use url_core::{Parser, SliceStorage, Url};
/// let mut b = [0u8; 64];
/// let base = Url::parse_into("https://example.com/a/b", SliceStorage::new(&mut b)).unwrap();
/// let mut out = [0u8; 64];
/// let url = Parser::new()
///     .base(base.as_url_ref())
///     .parse_into("../c?d", SliceStorage::new(&mut out))
///     .unwrap();
/// assert_eq!(url.href(), "https://example.com/c?d");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Parser<'b, V = NoValidation, E = Utf8> {
    base: Option<Url<&'b str>>,
    sink: V,
    encoding: E,
    /// Which engines may answer (tests turn all but the state machine off
    /// to compare them with it).
    engines: Engines,
}

impl Default for Parser<'static, NoValidation> {
    fn default() -> Self {
        Parser::new()
    }
}

impl Parser<'static, NoValidation> {
    /// A parser with no base URL and no validation sink.
    pub fn new() -> Self {
        Parser {
            base: None,
            sink: NoValidation,
            encoding: Utf8,
            engines: Engines::All,
        }
    }
}

impl<'b, V: ValidationSink, E: QueryEncoder> Parser<'b, V, E> {
    /// Resolves inputs against `base`.
    pub fn base<'c>(self, base: Url<&'c str>) -> Parser<'c, V, E> {
        self.with_base(Some(base))
    }

    /// Resolves inputs against `base` when it is `Some`.
    pub fn with_base<'c>(self, base: Option<Url<&'c str>>) -> Parser<'c, V, E> {
        Parser {
            base,
            sink: self.sink,
            encoding: self.encoding,
            engines: self.engines,
        }
    }

    /// Sends validation errors to `sink`.
    pub fn validation<W: ValidationSink>(self, sink: W) -> Parser<'b, W, E> {
        Parser {
            base: self.base,
            sink,
            encoding: self.encoding,
            engines: self.engines,
        }
    }

    /// Encodes the query of special URLs (other than `ws:`/`wss:`) with
    /// `encoding` instead of UTF-8 (url.bs §1.3 "percent-encode after
    /// encoding"; HTML's document encoding).
    pub fn encoding<F: QueryEncoder>(self, encoding: F) -> Parser<'b, V, F> {
        Parser {
            base: self.base,
            sink: self.sink,
            encoding,
            engines: self.engines,
        }
    }

    /// Lets only the state machine answer, so every input goes through the
    /// standard's states. For tests that compare it with the other engines.
    #[doc(hidden)]
    pub fn without_fast_path(self) -> Self {
        self.state_machine_only()
    }

    /// [`Parser::without_fast_path`].
    pub(crate) fn state_machine_only(mut self) -> Self {
        self.engines = Engines::StateMachineOnly;
        self
    }

    /// The validation sink.
    pub fn sink_mut(&mut self) -> &mut V {
        &mut self.sink
    }

    /// Gives the validation sink back.
    pub fn into_sink(self) -> V {
        self.sink
    }

    /// Parses `input` into `storage` (cleared first).
    ///
    /// Fails with [`ParseError::Invalid`] when the standard says failure and
    /// with [`ParseError::Capacity`] when the serialization does not fit.
    pub fn parse_into<S: Storage>(
        &mut self,
        input: &str,
        storage: S,
    ) -> Result<Url<S>, ParseError> {
        self.store(input, storage)
    }

    /// Parses `input` without copying it: succeeds only when the
    /// serialization is a sub-slice of the input (the input is canonical, up
    /// to leading/trailing C0 control or space and dropped trailing bytes).
    /// Otherwise [`ParseError::NotCanonical`] — also for an invalid input whose
    /// failure point lies after the first byte where output and input differ;
    /// parse into a storage to learn why such an input fails.
    ///
    /// ```
    /// use url_core::{Parser, ParseError};
    /// let url = Parser::new().parse_borrowed("https://example.com/a?b").unwrap();
    /// assert_eq!(url.pathname(), "/a");
    /// assert_eq!(Parser::new().parse_borrowed("HTTPS://example.com").unwrap_err(), ParseError::NotCanonical);
    /// ```
    pub fn parse_borrowed<'i>(&mut self, input: &'i str) -> Result<Url<&'i str>, ParseError> {
        self.borrow(input)
    }

    /// Parses `input` with no copy when it is its own serialization (as
    /// [`Url::parse_canonical`] would), and otherwise into the storage
    /// `storage` makes (cleared first), which is then the only one made: the
    /// zero-copy route with a fallback, and the route for callers that copy
    /// the URL out anyway (an owned URL of exactly the right size, a parse
    /// that only asks whether it succeeds). The input is scanned once and
    /// parsed once, where [`Parser::parse_borrowed`] followed by a parse into
    /// storage would parse a non-canonical input twice.
    ///
    /// Pass the closure directly, as below: bound to a variable first, a
    /// closure that lends out a buffer it captured is inferred as `FnMut`
    /// and rejected.
    ///
    /// With the `small` feature the canonical recognizer does not run here,
    /// and every URL is [`Parsed::Stored`].
    ///
    /// ```
    /// use url_core::{Parsed, Parser, SliceStorage};
    /// let mut buf = [0u8; 64];
    /// let mut parser = Parser::new();
    /// match parser.parse_borrowed_or_into("https://example.com/", || SliceStorage::new(&mut buf)) {
    ///     Ok(Parsed::Borrowed(url)) => assert_eq!(url.href(), "https://example.com/"),
    ///     // Only with the `small` feature.
    ///     Ok(Parsed::Stored(url)) => assert_eq!(url.href(), "https://example.com/"),
    ///     Err(e) => panic!("{e}"),
    /// }
    /// match parser.parse_borrowed_or_into("https://EXAMPLE.com", || SliceStorage::new(&mut buf)) {
    ///     Ok(Parsed::Stored(url)) => assert_eq!(url.href(), "https://example.com/"),
    ///     _ => panic!("not canonical: stored"),
    /// }
    /// ```
    #[inline]
    pub fn parse_borrowed_or_into<'i, S: Storage>(
        &mut self,
        input: &'i str,
        storage: impl FnOnce() -> S,
    ) -> Result<Parsed<'i, S>, ParseError> {
        self.borrow_or_store(input, storage)
    }

    /// Whether `input` parses (against the base, if one is set): `Ok(())`
    /// exactly when [`Parser::parse_into`] into a large enough storage would
    /// succeed, otherwise the error it would give. A canonical input is
    /// answered by one scan and `scratch` is never called, nor for most
    /// others (an internationalized host is judged in a small room on the
    /// stack); otherwise the storage it gives receives the scheme,
    /// credentials, host and port — the parts failure depends on — and is
    /// left holding nothing useful.
    /// When it is too small the answer is [`ParseError::Capacity`] (try a
    /// larger one), never a guess.
    ///
    /// With a validation sink, the whole URL is parsed, so that every
    /// validation error is reported.
    ///
    /// ```
    /// use url_core::{Parser, ParseError, SliceStorage};
    /// let mut room = [0u8; 64];
    /// let mut p = Parser::new();
    /// assert!(p.can_parse_in("https://EXAMPLE.com/a/../b?q#f", || SliceStorage::new(&mut room)).is_ok());
    /// assert!(p.can_parse_in("https://exa mple.com/", || SliceStorage::new(&mut room)).is_err());
    /// assert!(p.can_parse_in("/relative", || SliceStorage::new(&mut room)).is_err());
    /// // The path is never written, however long.
    /// let long = format!("https://EXAMPLE.com/{}", "x ".repeat(1000));
    /// assert!(p.can_parse_in(&long, || SliceStorage::new(&mut room)).is_ok());
    /// // Nor the base's path, for a reference without an authority: only
    /// // the scheme is copied.
    /// let base = url_core::Url::parse_canonical("https://example.com/a/b?q").unwrap();
    /// assert!(Parser::new().base(base).can_parse_in("../c d", || SliceStorage::new(&mut room[..8])).is_ok());
    /// ```
    ///
    /// Pass the closure inline (`|| SliceStorage::new(&mut room)`), as for
    /// [`Parser::parse_borrowed_or_into`].
    pub fn can_parse_in<S: Storage>(
        &mut self,
        input: &str,
        scratch: impl FnOnce() -> S,
    ) -> Result<(), ParseError> {
        self.check(input, scratch)
    }

    /// [`Parser::can_parse_in`] with a scratch room of 256 bytes on the
    /// stack, made only when the input is not answered by the one scan:
    /// [`ParseError::Capacity`] when the input's scheme, credentials and
    /// host need more (then ask `can_parse_in` with a larger storage).
    ///
    /// ```
    /// use url_core::{Parser, ParseError};
    /// let mut p = Parser::new();
    /// assert!(p.can_parse("https://example.com/a").is_ok());
    /// assert!(p.can_parse("HTTPS://EXAMPLE.com/a/../b").is_ok());
    /// assert!(p.can_parse("https://exa mple.com/").is_err());
    /// let long = format!("https://{}.example/", "a".repeat(300));
    /// assert!(matches!(p.can_parse(&long), Ok(()) | Err(ParseError::Capacity(_))));
    /// ```
    #[inline]
    pub fn can_parse(&mut self, input: &str) -> Result<(), ParseError> {
        self.check_in_own_room(input)
    }
}

/// What [`Parser::parse_borrowed_or_into`] gives: the URL borrowing the
/// input when that is its serialization, or else in the storage made for it.
#[derive(Debug)]
pub enum Parsed<'i, S: Buffer> {
    /// The input is the serialization.
    Borrowed(Url<&'i str>),
    /// The serialization, in the caller's storage.
    Stored(Url<S>),
}

impl<S: Storage> Url<S> {
    /// Parses `input` into `storage`, without a base URL.
    ///
    /// ```
    /// use url_core::{SliceStorage, Url};
    /// let mut buf = [0u8; 64];
    /// let url = Url::parse_into("http://EXAMPLE.com:80/a/./b/../c?x#y", SliceStorage::new(&mut buf)).unwrap();
    /// assert_eq!(url.href(), "http://example.com/a/c?x#y");
    /// ```
    #[inline]
    pub fn parse_into(input: &str, storage: S) -> Result<Url<S>, ParseError> {
        Parser::new().parse_into(input, storage)
    }

    /// Parses `input` against `base` into `storage`.
    pub fn parse_into_with_base<B: Buffer>(
        input: &str,
        base: &Url<B>,
        storage: S,
    ) -> Result<Url<S>, ParseError> {
        Parser::new()
            .base(base.as_url_ref())
            .parse_into(input, storage)
    }
}

impl<'i> Url<&'i str> {
    /// The canonical recognizer alone: the URL, borrowing `input`, when
    /// `input` is already its own serialization in the shapes it knows (most
    /// real URLs); `None` otherwise, having spent no more than that one
    /// scan. For callers with another route for everything else — an owned
    /// parse copies the borrowed URL into a String of exactly its length,
    /// and parses anything else into a stack buffer first.
    ///
    /// An input with a scheme parses the same against any base, so the
    /// answer holds with a base too.
    ///
    /// ```
    /// use url_core::Url;
    /// let url = Url::parse_canonical("https://example.com/a?b").unwrap();
    /// assert_eq!(url.pathname(), "/a");
    /// assert!(Url::parse_canonical("HTTPS://example.com/").is_none());
    /// assert!(Url::parse_canonical("/relative").is_none());
    /// ```
    #[inline]
    pub fn parse_canonical(input: &'i str) -> Option<Url<&'i str>> {
        route::canonical_only(input)
    }

    /// Parses a canonical `input` with zero copies (see [`Parser::parse_borrowed`]).
    pub fn parse_borrowed(input: &'i str) -> Result<Url<&'i str>, ParseError> {
        route::borrow_without_parser(input)
    }
}
