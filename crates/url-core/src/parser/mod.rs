//! The basic URL parser (url.bs §4.4).
//!
//! One pass over the input, appending the serialization to a [`Writer`]. The
//! states are the standard's; where the standard accumulates a `buffer` and
//! then copies it, this parser scans the run once and writes it encoded, and
//! where the standard edits the URL record (shorten path, the `/.` prefix), it
//! edits the tail of the output.
//!
//! This module holds the entry points, the parser's state and its dispatch
//! loop; the states themselves live beside it, grouped as the standard
//! orders them: [`scheme`], [`relative`] (what a URL takes from its base),
//! [`authority`] (authority, host, port), [`file`](mod@file), [`path`], [`query`]
//! (query and fragment).

use crate::encoding::{QueryEncoder, Utf8};
use crate::error::ParseError;
use crate::host::invalid;
use crate::input::Input;
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::{HostKind, Offsets, SchemeType, Url};
use crate::validation::{NoValidation, ValidationError, ValidationSink};
use crate::writer::Writer;
pub use canonical::Parsed;
use canonical::{borrow_canonical, copy_canonical};

mod authority;
mod canonical;
mod check;
mod file;
mod path;
mod query;
mod relative;
mod scheme;
pub(crate) mod special;

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
#[derive(Clone, Copy, Debug, Default)]
pub struct Parser<'b, V = NoValidation, E = Utf8> {
    base: Option<Url<&'b str>>,
    sink: V,
    encoding: E,
    /// Whether the canonical fast path may answer (tests turn it off to
    /// compare it with the full parser).
    fast: bool,
}

impl Parser<'static, NoValidation> {
    /// A parser with no base URL and no validation sink.
    pub fn new() -> Self {
        Parser {
            base: None,
            sink: NoValidation,
            encoding: Utf8,
            fast: true,
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
            fast: self.fast,
        }
    }

    /// Sends validation errors to `sink`.
    pub fn validation<W: ValidationSink>(self, sink: W) -> Parser<'b, W, E> {
        Parser {
            base: self.base,
            sink,
            encoding: self.encoding,
            fast: self.fast,
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
            fast: self.fast,
        }
    }

    /// Disables the canonical fast path, so every input goes through the
    /// full state machine. For tests that compare the two.
    #[doc(hidden)]
    pub fn without_fast_path(mut self) -> Self {
        self.fast = false;
        self
    }

    /// Whether the canonical fast path may answer: not when validation
    /// errors are wanted or a legacy query encoding applies (the entry
    /// points try it before the state machine; setters never do).
    #[inline]
    fn may_take_fast_path(&self) -> bool {
        self.fast && !V::ENABLED && self.encoding.is_utf8()
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
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        storage.clear();
        if self.may_take_fast_path() {
            // Matched by reference: moving the recognized offsets out of the
            // Option copied them field by field (40 instructions per URL).
            if let Some(c) = &crate::fast::canonical(input.as_bytes()) {
                return copy_canonical(input, c, &mut storage).map(|off| Url { buf: storage, off });
            }
            return self.dispatch_declined(input, storage);
        }
        self.parse_full(input, storage)
    }

    /// The state machine, into an empty `storage`.
    fn parse_full<S: Storage>(
        &mut self,
        input: &str,
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        let enc: Option<&mut dyn QueryEncoder> = if self.encoding.is_utf8() {
            None
        } else {
            Some(&mut self.encoding)
        };
        let (off, _) = basic_parse_at(
            input,
            self.base.as_ref(),
            &mut storage,
            &mut self.sink,
            enc,
            Mode {
                keep_borrowed: false,
                append: false,
                stop_at_path: false,
            },
        )?;
        Ok(Url { buf: storage, off })
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
        if self.may_take_fast_path() {
            if let Some(r) = borrow_canonical(input) {
                return r.map(|off| Url { buf: input, off });
            }
        }
        let mut none = NoStorage;
        let enc: Option<&mut dyn QueryEncoder> = if self.encoding.is_utf8() {
            None
        } else {
            Some(&mut self.encoding)
        };
        let (off, span) = basic_parse_at(
            input,
            self.base.as_ref(),
            &mut none,
            &mut self.sink,
            enc,
            Mode {
                keep_borrowed: true,
                append: false,
                stop_at_path: false,
            },
        )
        .map_err(|e| match e {
            ParseError::Capacity(_) => ParseError::NotCanonical,
            e => e,
        })?;
        match span {
            Some((start, len)) => Ok(Url {
                buf: input.get(start..start + len).unwrap_or_default(),
                off,
            }),
            None => Err(ParseError::NotCanonical),
        }
    }
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

/// Storage that holds nothing: used by the borrowed parse, where any write is
/// a divergence from the input.
struct NoStorage;

impl Buffer for NoStorage {
    fn as_str(&self) -> &str {
        ""
    }
}

impl Storage for NoStorage {
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        if s.is_empty() {
            return Ok(());
        }
        Err(CapacityError {
            capacity: 0,
            needed: s.len(),
        })
    }
    fn truncate(&mut self, _: usize) {}
    fn replace_range(&mut self, _: core::ops::Range<usize>, _: &str) -> Result<(), CapacityError> {
        Err(CapacityError {
            capacity: 0,
            needed: 1,
        })
    }
}

/// The basic URL parser's states, in the standard's order: every state
/// from `PathStart` on comes after the last that can fail.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum State {
    SchemeStart,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
    Done,
}

pub(crate) struct P<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> {
    input: Input<'i>,
    w: Writer<'i, 's, S>,
    sink: &'a mut V,
    base: Option<&'a Url<&'a str>>,
    /// The query encoding, when not UTF-8.
    enc: Option<&'e mut (dyn QueryEncoder + 'e)>,
    /// Where this URL starts in the storage (non-zero when a setter builds a
    /// new URL or component after the existing one).
    origin: usize,
    /// A state override is given (setters): `?` and `#` no longer end the
    /// path, nor `#` the query.
    overriding: bool,
    pub scheme_type: SchemeType,
    scheme_end: usize,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    port: Option<u16>,
    pub host_kind: HostKind,
    pub path_start: Option<usize>,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
    opaque_path: bool,
    /// File host state's drive-letter buffer, carried into the path state.
    drive_letter: Option<(usize, usize)>,
    /// The authority state's scan already found where the host ends:
    /// (host start, end, whether a port follows).
    host_hint: Option<(usize, usize, bool)>,
    /// See [`Mode::stop_at_path`].
    stop_at_path: bool,
}

/// Runs the basic URL parser. Returns the offsets and, when `keep_borrowed`
/// and the output equals a slice of `raw`, that slice's (start, len).
/// How [`basic_parse_at`] writes its output.
#[derive(Clone, Copy)]
pub(crate) struct Mode {
    /// Return a borrowed span instead of copying when output equals input.
    pub keep_borrowed: bool,
    /// Append after what the storage holds (setters); offsets are absolute.
    pub append: bool,
    /// Stop once the path starts: only whether the input parses is wanted,
    /// and nothing from the path on can fail (`Parser::can_parse_in`).
    pub stop_at_path: bool,
}

/// What the basic URL parser found: the offsets, and the span of the input
/// the serialization equals when it was kept borrowed.
type Found = (Offsets, Option<(usize, usize)>);

/// Runs the basic URL parser. `enc` is the query encoding when it is not
/// UTF-8.
pub(crate) fn basic_parse_at<'e, S: Storage, V: ValidationSink>(
    raw: &str,
    base: Option<&Url<&str>>,
    out: &mut S,
    sink: &mut V,
    enc: Option<&'e mut (dyn QueryEncoder + 'e)>,
    mode: Mode,
) -> Result<Found, ParseError> {
    let Mode {
        keep_borrowed,
        append,
        stop_at_path,
    } = mode;
    if raw.len() > u32::MAX as usize {
        return Err(ParseError::TooLong);
    }
    // Remove leading and trailing C0 control or space.
    let bytes = raw.as_bytes();
    let lead = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let trail = bytes
        .get(lead..)
        .unwrap_or_default()
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(lead, |p| lead + p + 1);
    if V::ENABLED && (lead > 0 || trail < bytes.len()) {
        sink.report(
            ValidationError::InvalidUrlUnit,
            if lead > 0 { 0 } else { trail },
        );
    }
    let input = Input::new(raw.get(lead..trail).unwrap_or_default(), lead, V::ENABLED);
    if V::ENABLED && input.has_ws {
        let first = input
            .bytes
            .iter()
            .position(|&b| crate::input::is_tab_or_newline(b));
        sink.report(
            ValidationError::InvalidUrlUnit,
            input.pos(first.unwrap_or(0)),
        );
    }
    // Reborrow the base so its lifetime matches the sink's in `P`.
    let base_copy: Option<Url<&str>> = base.copied();
    let origin = if append { out.len() } else { 0 };
    let w = if append {
        Writer::appending(input.s, out)
    } else {
        Writer::new(input.s, out)
    };
    let mut p = P {
        input,
        w,
        sink,
        base: base_copy.as_ref(),
        enc,
        origin,
        overriding: false,
        scheme_type: SchemeType::NotSpecial,
        scheme_end: 0,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        port: None,
        host_kind: HostKind::None,
        path_start: None,
        query_start: None,
        fragment_start: None,
        opaque_path: false,
        drive_letter: None,
        host_hint: None,
        stop_at_path,
    };
    p.run()?;
    let off = p.finish_offsets()?;
    let borrowed = p.w.finish(keep_borrowed)?;
    Ok((off, borrowed.map(|len| (lead, len))))
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> P<'a, 'e, 'i, 's, S, V> {
    /// A parser with a state override, appending after what `w` holds: the
    /// setters' entry point. `scheme_type` and `host_kind` are the URL's.
    pub(crate) fn for_setter(
        input: Input<'i>,
        w: Writer<'i, 's, S>,
        sink: &'a mut V,
        scheme_type: SchemeType,
        host_kind: HostKind,
    ) -> Self {
        let origin = w.len();
        P {
            input,
            w,
            sink,
            base: None,
            enc: None,
            origin,
            overriding: true,
            scheme_type,
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            port: None,
            host_kind,
            path_start: None,
            query_start: None,
            fragment_start: None,
            opaque_path: false,
            drive_letter: None,
            host_hint: None,
            stop_at_path: false,
        }
    }

    /// The path start state with a state override (pathname setter): writes
    /// the new path after the storage's current end.
    pub(crate) fn override_path_start(&mut self) -> Result<(), ParseError> {
        self.set_path_start();
        let (c, at) = self.input.at(0);
        let mut i = at;
        if self.special() {
            if matches!(c, Some(b'/') | Some(b'\\')) {
                i += 1;
            }
        } else {
            match c {
                Some(b) => {
                    if b == b'/' {
                        i += 1;
                    }
                }
                None => {
                    // "append the empty string to url's path" when host is null.
                    if self.host_kind == HostKind::None {
                        self.w.push_byte(b'/')?;
                    }
                    return Ok(());
                }
            }
        }
        self.path_state(&mut i)?;
        Ok(())
    }

    /// The query state with a state override (search setter).
    pub(crate) fn override_query(&mut self) -> Result<(), ParseError> {
        let mut i = 0;
        self.query_state(&mut i)?;
        Ok(())
    }

    /// The fragment state with a state override (hash setter).
    pub(crate) fn override_fragment(&mut self) -> Result<(), ParseError> {
        self.fragment_state(0)
    }

    #[inline]
    fn special(&self) -> bool {
        self.scheme_type.is_special()
    }

    #[inline]
    fn report(&mut self, e: ValidationError, i: usize) {
        if V::ENABLED {
            let pos = self.input.pos(i);
            self.sink.report(e, pos);
        }
    }

    #[inline]
    fn fail(&mut self, e: ValidationError, i: usize) -> ParseError {
        self.report(e, i);
        invalid(e, self.input.pos(i))
    }

    /// Index just after the code point at `i` and any tab/newline before the next.
    #[inline]
    fn next(&self, i: usize) -> usize {
        i + 1
    }

    fn run(&mut self) -> Result<(), ParseError> {
        let mut state = State::SchemeStart;
        let mut i = 0usize;
        loop {
            if self.stop_at_path && state >= State::PathStart {
                return Ok(());
            }
            let (c, at) = self.input.at(i);
            i = at;
            state = match state {
                State::SchemeStart => match c {
                    Some(b) if b.is_ascii_alphabetic() => self.scheme_state(&mut i)?,
                    _ => State::NoScheme,
                },
                State::NoScheme => self.no_scheme_state(c, &mut i)?,
                State::SpecialRelativeOrAuthority => {
                    if c == Some(b'/') && self.input.peek_after(i) == Some(b'/') {
                        let (_, second) = self.input.at(i + 1);
                        i = second + 1;
                        State::SpecialAuthorityIgnoreSlashes
                    } else {
                        self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, i);
                        State::Relative
                    }
                }
                State::PathOrAuthority => {
                    if c == Some(b'/') {
                        i = self.next(i);
                        State::Authority
                    } else {
                        self.set_path_start();
                        State::Path
                    }
                }
                State::Relative => self.relative_state(c, &mut i)?,
                State::RelativeSlash => {
                    if self.special() && matches!(c, Some(b'/') | Some(b'\\')) {
                        if c == Some(b'\\') {
                            self.report(ValidationError::InvalidReverseSolidus, i);
                        }
                        i = self.next(i);
                        State::SpecialAuthorityIgnoreSlashes
                    } else if c == Some(b'/') {
                        i = self.next(i);
                        State::Authority
                    } else if self.stop_at_path {
                        // Nothing left can fail.
                        State::Path
                    } else {
                        // Username, password, host and port from base; path empty.
                        self.copy_base_authority()?;
                        self.set_path_start();
                        State::Path
                    }
                }
                State::SpecialAuthoritySlashes => {
                    if c == Some(b'/') && self.input.peek_after(i) == Some(b'/') {
                        let (_, second) = self.input.at(i + 1);
                        i = second + 1;
                    } else {
                        self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, i);
                    }
                    State::SpecialAuthorityIgnoreSlashes
                }
                State::SpecialAuthorityIgnoreSlashes => {
                    if matches!(c, Some(b'/') | Some(b'\\')) {
                        self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, i);
                        i = self.next(i);
                        State::SpecialAuthorityIgnoreSlashes
                    } else {
                        State::Authority
                    }
                }
                State::Authority => self.authority_state(&mut i)?,
                State::Host => self.host_state(&mut i)?,
                State::Port => self.port_state(&mut i)?,
                State::File => self.file_state(c, &mut i)?,
                State::FileSlash => self.file_slash_state(c, &mut i)?,
                State::FileHost => self.file_host_state(&mut i)?,
                State::PathStart => {
                    self.set_path_start();
                    if self.special() {
                        if c == Some(b'\\') {
                            self.report(ValidationError::InvalidReverseSolidus, i);
                        }
                        if matches!(c, Some(b'/') | Some(b'\\')) {
                            i = self.next(i);
                        }
                        State::Path
                    } else {
                        match c {
                            Some(b'?') => {
                                i = self.next(i);
                                State::Query
                            }
                            Some(b'#') => {
                                i = self.next(i);
                                State::Fragment
                            }
                            Some(b) => {
                                if b == b'/' {
                                    i = self.next(i);
                                }
                                State::Path
                            }
                            None => State::Done,
                        }
                    }
                }
                State::Path => self.path_state(&mut i)?,
                State::OpaquePath => self.opaque_path_state(&mut i)?,
                State::Query => self.query_state(&mut i)?,
                State::Fragment => {
                    self.fragment_state(i)?;
                    State::Done
                }
                State::Done => return Ok(()),
            };
        }
    }

    fn set_path_start(&mut self) {
        if self.path_start.is_none() {
            self.path_start = Some(self.w.len());
        }
    }

    // ---- result -------------------------------------------------------------

    fn finish_offsets(&mut self) -> Result<Offsets, ParseError> {
        let after_scheme = self.scheme_end + 1;
        if self.host_kind == HostKind::None {
            self.username_end = after_scheme;
            self.host_start = after_scheme;
            self.host_end = after_scheme;
        }
        let mut path_start = self.path_start.unwrap_or(self.w.len());
        // URL serializer: a null host and a path starting with an empty
        // segment followed by more gets a "/." prefix, so it cannot be read back
        // as a host.
        if self.host_kind == HostKind::None && !self.opaque_path {
            let path_end = self
                .query_start
                .or(self.fragment_start)
                .unwrap_or(self.w.len());
            let path = self.w.as_bytes().get(path_start..path_end);
            if path.is_some_and(|p| p.starts_with(b"//")) {
                self.w.insert(path_start, "/.")?;
                path_start += 2;
                self.query_start = self.query_start.map(|q| q + 2);
                self.fragment_start = self.fragment_start.map(|f| f + 2);
            }
        }
        if self.w.len() > u32::MAX as usize {
            return Err(ParseError::TooLong);
        }
        let u = |x: usize| x as u32;
        Ok(Offsets {
            scheme_end: u(self.scheme_end),
            username_end: u(self.username_end),
            host_start: u(self.host_start),
            host_end: u(self.host_end),
            path_start: u(path_start),
            query_start: self.query_start.map(u),
            fragment_start: self.fragment_start.map(u),
            port: self.port,
            scheme_type: self.scheme_type,
            host_kind: self.host_kind,
            opaque_path: self.opaque_path,
        })
    }
}
