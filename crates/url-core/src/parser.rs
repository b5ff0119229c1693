//! The basic URL parser (url.bs §4.4).
//!
//! One pass over the input, appending the serialization to a [`Writer`]. The
//! states are the standard's; where the standard accumulates a `buffer` and
//! then copies it, this parser scans the run once and writes it encoded, and
//! where the standard edits the URL record (shorten path, the `/.` prefix), it
//! edits the tail of the output.

use crate::encoding::{Encoded, QueryEncoder, Utf8};
use crate::error::ParseError;
use crate::host::{self, invalid};
use crate::input::{utf8_len, Input};
use crate::percent_encode::{
    percent_encoded, BACKSLASH, C0, CLASS, FRAGMENT, HASH, NON_ASCII, NOT_URL_UNIT, PATH, PERCENT,
    QUERY, QUESTION, SLASH, SPECIAL_QUERY, TAB_OR_NEWLINE, USERINFO,
};
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::{HostKind, Offsets, SchemeType, Url};
use crate::validation::{NoValidation, ValidationError, ValidationSink};
use crate::writer::Writer;

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
            if let Some(r) = copy_canonical(input, &mut storage) {
                return r.map(|off| Url { buf: storage, off });
            }
        }
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
            },
        )
        .map_err(|e| match e {
            ParseError::Capacity(_) => ParseError::NotCanonical,
            e => e,
        })?;
        match span {
            Some((start, len)) => Ok(Url {
                buf: &input[start..start + len],
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
    /// Parses a canonical `input` with zero copies (see [`Parser::parse_borrowed`]).
    pub fn parse_borrowed(input: &'i str) -> Result<Url<&'i str>, ParseError> {
        // The common case without building a Parser, and the fast path not
        // tried twice. Written out rather than through `borrow_canonical`:
        // this is the zero-copy hot path, and the helper's nested result
        // measured 28 instructions per URL more here (kasztp, callgrind).
        match crate::fast::canonical(input.as_bytes()) {
            Some(c) if c.slash.is_none() => Ok(Url {
                buf: input,
                off: c.off,
            }),
            Some(_) => Err(ParseError::NotCanonical),
            None => Parser::new().without_fast_path().parse_borrowed(input),
        }
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

/// Formats a port in decimal; returns the length.
pub(crate) fn format_port(port: u16, out: &mut [u8; 6]) -> usize {
    let mut tmp = [0u8; 5];
    let mut n = 0;
    let mut v = port;
    loop {
        tmp[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for i in 0..n {
        out[i] = tmp[n - 1 - i];
    }
    n
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
}

/// What the basic URL parser found: the offsets, and the span of the input
/// the serialization equals when it was kept borrowed.
type Parsed = (Offsets, Option<(usize, usize)>);

/// The canonical fast path (`fast`) for a parse into storage: `None` when
/// `raw` is not a canonical URL of a shape it knows, else the URL copied
/// (with the '/' a special URL without a path gains). Inlined into the
/// public entry points, so a canonical input never enters the state
/// machine's frame.
#[inline(always)]
fn copy_canonical<S: Storage>(raw: &str, out: &mut S) -> Option<Result<Offsets, ParseError>> {
    let c = crate::fast::canonical(raw.as_bytes())?;
    let copied = match c.slash {
        None => {
            out.reserve(raw.len());
            out.push_str(raw)
        }
        Some(k) => {
            out.reserve(raw.len() + 1);
            out.push_str(&raw[..k])
                .and_then(|()| out.push_str("/"))
                .and_then(|()| out.push_str(&raw[k..]))
        }
    };
    Some(copied.map(|()| c.off).map_err(Into::into))
}

/// The canonical fast path for a borrowed parse: `None` when `input` is not
/// a canonical URL of a shape it knows, else the offsets of the URL over
/// `input` or, when the serialization gains a '/',
/// [`ParseError::NotCanonical`].
#[inline(always)]
fn borrow_canonical(input: &str) -> Option<Result<Offsets, ParseError>> {
    let c = crate::fast::canonical(input.as_bytes())?;
    Some(match c.slash {
        None => Ok(c.off),
        Some(_) => Err(ParseError::NotCanonical),
    })
}

/// Runs the basic URL parser. `enc` is the query encoding when it is not
/// UTF-8.
pub(crate) fn basic_parse_at<'e, S: Storage, V: ValidationSink>(
    raw: &str,
    base: Option<&Url<&str>>,
    out: &mut S,
    sink: &mut V,
    enc: Option<&'e mut (dyn QueryEncoder + 'e)>,
    mode: Mode,
) -> Result<Parsed, ParseError> {
    let Mode {
        keep_borrowed,
        append,
    } = mode;
    if raw.len() > u32::MAX as usize {
        return Err(ParseError::TooLong);
    }
    // Remove leading and trailing C0 control or space.
    let bytes = raw.as_bytes();
    let lead = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let trail = bytes[lead..]
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(lead, |p| lead + p + 1);
    if V::ENABLED && (lead > 0 || trail < bytes.len()) {
        sink.report(
            ValidationError::InvalidUrlUnit,
            if lead > 0 { 0 } else { trail },
        );
    }
    let input = Input::new(&raw[lead..trail], lead, V::ENABLED);
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

    // ---- scheme ---------------------------------------------------------

    /// Scheme state, entered at an ASCII alpha. Scans the whole scheme.
    fn scheme_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let start = *i;
        let mut j = start;
        // Scheme code points are alphanumerics, +, - and .; upper case and
        // skipped tab/newline make the output differ from the input.
        let mut differs = false;
        loop {
            match input.bytes.get(j) {
                Some(&b)
                    if b.is_ascii_lowercase()
                        || b.is_ascii_digit()
                        || matches!(b, b'+' | b'-' | b'.') =>
                {
                    j += 1
                }
                Some(&b) if b.is_ascii_uppercase() || crate::input::is_tab_or_newline(b) => {
                    differs = true;
                    j += 1;
                }
                Some(b':') => break,
                _ => {
                    // Not a scheme: start over in the no scheme state.
                    *i = 0;
                    return Ok(State::NoScheme);
                }
            }
        }
        let colon = j;
        if !differs {
            self.w.push_span(start, colon)?;
        } else {
            for &b in &input.bytes[start..colon] {
                if !crate::input::is_tab_or_newline(b) {
                    self.w.push_byte(b.to_ascii_lowercase())?;
                }
            }
        }
        self.scheme_end = self.w.len();
        self.scheme_type = SchemeType::of(&self.w.as_bytes()[self.origin..]);
        self.w.push_byte(b':')?;
        *i = colon + 1;
        let after = colon;
        Ok(if self.scheme_type == SchemeType::File {
            if self.input.remaining2(after) != (Some(b'/'), Some(b'/')) {
                self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, *i);
            }
            State::File
        } else if self.special()
            && self
                .base
                .is_some_and(|b| b.scheme_type() == self.scheme_type)
        {
            State::SpecialRelativeOrAuthority
        } else if self.special() {
            State::SpecialAuthoritySlashes
        } else if self.input.peek_after(after) == Some(b'/') {
            let (_, slash) = self.input.at(*i);
            *i = slash + 1;
            State::PathOrAuthority
        } else {
            self.opaque_path = true;
            self.set_path_start();
            State::OpaquePath
        })
    }

    fn no_scheme_state(&mut self, c: Option<u8>, i: &mut usize) -> Result<State, ParseError> {
        let Some(base) = self.base else {
            return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, *i));
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, *i));
            }
            // Scheme, path and query from base; fragment state.
            self.copy_base_prefix(base.href_without_fragment().len())?;
            self.opaque_path = true;
            self.path_start = Some(self.origin + base.off.path_start as usize);
            self.query_start = base.off.query_start.map(|q| self.origin + q as usize);
            *i += 1;
            return Ok(State::Fragment);
        }
        if base.scheme_type() != SchemeType::File {
            Ok(State::Relative)
        } else {
            Ok(State::File)
        }
    }

    // ---- copying from the base URL ----------------------------------------

    /// Appends `base.href()[..upto]` and takes base's offsets below `upto`.
    /// Only called while this URL's output is empty, so offsets carry over
    /// shifted by `origin`.
    fn copy_base_prefix(&mut self, upto: usize) -> Result<(), ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        let o = base.off;
        let at = |x: u32| self.origin + x as usize;
        self.w.push_str(&base.href()[..upto])?;
        self.scheme_end = at(o.scheme_end);
        self.scheme_type = o.scheme_type;
        if upto > o.scheme_end as usize + 1 && o.host_kind != HostKind::None {
            self.username_end = at(o.username_end);
            self.host_start = at(o.host_start);
            self.host_end = at(o.host_end);
            self.host_kind = o.host_kind;
            if upto >= o.path_start as usize {
                self.port = o.port;
            }
        }
        Ok(())
    }

    /// End of base's authority (its serialization up to the path, without a
    /// `/.` prefix).
    fn base_authority_end(base: &Url<&str>) -> usize {
        if base.off.host_kind == HostKind::None {
            base.off.scheme_end as usize + 1
        } else {
            base.off.path_start as usize
        }
    }

    /// "Set url's username … port to base's" when the scheme is already written.
    fn copy_base_authority(&mut self) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        let o = base.off;
        let from = o.scheme_end as usize + 1;
        let to = Self::base_authority_end(&base);
        self.w.push_str(&base.href()[from..to])?;
        if o.host_kind != HostKind::None {
            // Our scheme may differ in length only if it differs, which it cannot
            // here (relative states copy base's scheme); shift anyway.
            let shift = |x: u32| x as usize - from + self.scheme_end + 1;
            self.username_end = shift(o.username_end);
            self.host_start = shift(o.host_start);
            self.host_end = shift(o.host_end);
            self.host_kind = o.host_kind;
            self.port = o.port;
        }
        Ok(())
    }

    /// Base's path, optionally shortened (url.bs §4.2 "shorten a URL's path").
    fn copy_base_path(&mut self, shorten: bool) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        self.set_path_start();
        let path = base.pathname();
        let path = if shorten && !self.is_lone_drive_letter_path(path.as_bytes()) {
            match path.rfind('/') {
                Some(k) => &path[..k],
                None => "",
            }
        } else {
            path
        };
        self.w.push_str(path)?;
        Ok(())
    }

    /// File URLs keep a lone normalized drive letter when shortening.
    fn is_lone_drive_letter_path(&self, path: &[u8]) -> bool {
        self.scheme_type == SchemeType::File
            && path.len() == 3
            && path[0] == b'/'
            && path[1].is_ascii_alphabetic()
            && path[2] == b':'
    }

    fn copy_base_query(&mut self) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        if let Some(q) = base.query() {
            self.query_start = Some(self.w.len());
            self.w.push_byte(b'?')?;
            self.w.push_str(q)?;
        }
        Ok(())
    }

    /// The relative and file states' shared tail once base's host is copied:
    /// `?` keeps base's path with a new query, `#` base's path and query, the
    /// end all of base. Another code point is left to the caller (`None`).
    fn continue_from_base(
        &mut self,
        c: Option<u8>,
        i: &mut usize,
    ) -> Result<Option<State>, ParseError> {
        Ok(Some(match c {
            Some(b'?') => {
                self.copy_base_path(false)?;
                *i += 1;
                State::Query
            }
            Some(b'#') => {
                self.copy_base_path(false)?;
                self.copy_base_query()?;
                *i += 1;
                State::Fragment
            }
            None => {
                self.copy_base_path(false)?;
                self.copy_base_query()?;
                State::Done
            }
            Some(_) => return Ok(None),
        }))
    }

    fn relative_state(&mut self, c: Option<u8>, i: &mut usize) -> Result<State, ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        // Scheme from base (already written when the input had the same one).
        if self.w.len() == self.origin {
            self.copy_base_prefix(base.off.scheme_end as usize + 1)?;
        }
        let special = self.special();
        match c {
            Some(b'/') => {
                *i += 1;
                Ok(State::RelativeSlash)
            }
            Some(b'\\') if special => {
                self.report(ValidationError::InvalidReverseSolidus, *i);
                *i += 1;
                Ok(State::RelativeSlash)
            }
            _ => {
                self.copy_base_authority()?;
                if let Some(next) = self.continue_from_base(c, i)? {
                    return Ok(next);
                }
                // "Set url's query to null, shorten url's path."
                self.copy_base_path(true)?;
                Ok(State::Path)
            }
        }
    }

    // ---- authority --------------------------------------------------------

    fn authority_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        self.w.push_str("//")?;
        let userinfo_start = self.w.len();
        // Find the end of the authority and the last '@' before it.
        let start = *i;
        let mut end = start;
        let mut last_at = None;
        let mut first_colon = None;
        // What the host state will need: the first ':' outside brackets after
        // the last '@'.
        let mut host_colon = None;
        let mut inside_brackets = false;
        while end < input.len() {
            let b = input.bytes[end];
            if AUTHORITY_CLASS[b as usize] == 0 {
                end += 1;
                continue;
            }
            match b {
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                b'@' => {
                    self.report(ValidationError::InvalidCredentials, end);
                    last_at = Some(end);
                    host_colon = None;
                    inside_brackets = false;
                }
                b':' => {
                    if first_colon.is_none() {
                        first_colon = Some(end);
                    }
                    if !inside_brackets && host_colon.is_none() {
                        host_colon = Some(end);
                    }
                }
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            end += 1;
        }
        let host_from = last_at.map_or(start, |a| a + 1);
        self.host_hint = Some((host_from, host_colon.unwrap_or(end), host_colon.is_some()));
        if let Some(at) = last_at {
            let colon = first_colon.filter(|&c| c < at);
            let user_end = colon.unwrap_or(at);
            self.encode_range(start, user_end, USERINFO)?;
            self.username_end = self.w.len();
            if let Some(colon) = colon {
                self.w.push_byte(b':')?;
                let before = self.w.len();
                self.encode_range(colon + 1, at, USERINFO)?;
                if self.w.len() == before {
                    // Empty password: not serialized.
                    self.w.truncate(before - 1);
                }
            }
            if self.w.len() > userinfo_start {
                self.w.push_byte(b'@')?;
            }
            if input.skip_ws(at + 1) >= end {
                return Err(self.fail(ValidationError::HostMissing, at + 1));
            }
            *i = at + 1;
        } else {
            self.username_end = userinfo_start;
        }
        self.host_start = self.w.len();
        Ok(State::Host)
    }

    /// Appends `input[start..end]` (tab/newline skipped) UTF-8 percent-encoded
    /// with `set`; no delimiters.
    fn encode_range(&mut self, start: usize, end: usize, set: u16) -> Result<(), ParseError> {
        let bytes = self.input.bytes;
        let mut run = start;
        for (i, &b) in bytes.iter().enumerate().take(end).skip(start) {
            if CLASS[b as usize] & set != 0 {
                self.w.push_span(run, i)?;
                if CLASS[b as usize] & TAB_OR_NEWLINE == 0 {
                    self.w.push_ascii(&percent_encoded(b))?;
                }
                run = i + 1;
            }
        }
        self.w.push_span(run, end)?;
        Ok(())
    }

    fn host_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let start = *i;
        let (j, to_port) = match self.host_hint.take() {
            Some((from, j, to_port)) if from == start => (j, to_port),
            _ => host_end(input.bytes, start, special, true),
        };
        let empty = input.skip_ws(start) >= j;
        if empty && (to_port || special) {
            return Err(self.fail(ValidationError::HostMissing, j));
        }
        self.host_start = self.w.len();
        self.host_kind = host::parse_host(&mut self.w, &input, start, j, !special, self.sink)?;
        self.host_end = self.w.len();
        if to_port {
            *i = j + 1;
            Ok(State::Port)
        } else {
            *i = j;
            Ok(State::PathStart)
        }
    }

    fn port_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let mut j = *i;
        let mut value: u32 = 0;
        let mut digits = 0usize;
        loop {
            let (c, at) = input.at(j);
            j = at;
            match c {
                Some(d @ b'0'..=b'9') => {
                    value = (value * 10 + (d - b'0') as u32).min(0x1_0000);
                    digits += 1;
                    j += 1;
                }
                None | Some(b'/') | Some(b'?') | Some(b'#') => break,
                Some(b'\\') if special => break,
                Some(_) => return Err(self.fail(ValidationError::PortInvalid, j)),
            }
        }
        if digits > 0 {
            if value > 0xFFFF {
                return Err(self.fail(ValidationError::PortOutOfRange, *i));
            }
            let port = value as u16;
            if Some(port) != self.scheme_type.default_port() {
                self.port = Some(port);
                let mut text = [0u8; 6];
                let n = format_port(port, &mut text);
                self.w.push_byte(b':')?;
                self.w.push_ascii(&text[..n])?;
            }
        }
        *i = j;
        Ok(State::PathStart)
    }

    // ---- file -------------------------------------------------------------

    fn ensure_file_scheme(&mut self) -> Result<(), ParseError> {
        if self.w.len() == self.origin {
            self.w.push_str("file:")?;
            self.scheme_end = self.origin + 4;
            self.scheme_type = SchemeType::File;
        }
        Ok(())
    }

    /// Writes `//` and an empty host.
    fn empty_host(&mut self) -> Result<(), ParseError> {
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        self.host_end = self.w.len();
        self.host_kind = HostKind::Empty;
        Ok(())
    }

    fn base_is_file(&self) -> bool {
        self.base
            .is_some_and(|b| b.scheme_type() == SchemeType::File)
    }

    /// "Set url's host to base's host": `//` + base's host (file URLs have no
    /// credentials or port).
    fn copy_base_file_host(&mut self) -> Result<(), ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        self.w.push_str(base.hostname())?;
        self.host_end = self.w.len();
        self.host_kind = match base.host_kind() {
            HostKind::None => HostKind::Empty,
            k => k,
        };
        Ok(())
    }

    fn file_state(&mut self, c: Option<u8>, i: &mut usize) -> Result<State, ParseError> {
        self.ensure_file_scheme()?;
        if matches!(c, Some(b'/') | Some(b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, *i);
            }
            *i += 1;
            return Ok(State::FileSlash);
        }
        if self.base_is_file() {
            self.copy_base_file_host()?;
            if let Some(next) = self.continue_from_base(c, i)? {
                return Ok(next);
            }
            if !self.input.starts_with_windows_drive_letter(*i) {
                self.copy_base_path(true)?;
            } else {
                self.report(ValidationError::FileInvalidWindowsDriveLetter, *i);
                self.set_path_start();
            }
            Ok(State::Path)
        } else {
            self.empty_host()?;
            self.set_path_start();
            Ok(State::Path)
        }
    }

    fn file_slash_state(&mut self, c: Option<u8>, i: &mut usize) -> Result<State, ParseError> {
        if matches!(c, Some(b'/') | Some(b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, *i);
            }
            *i += 1;
            return Ok(State::FileHost);
        }
        if self.base_is_file() {
            self.copy_base_file_host()?;
            self.set_path_start();
            let base = self.base.copied().ok_or(ParseError::TooLong)?;
            let bp = base.pathname().as_bytes();
            let first_is_drive = bp.len() >= 3
                && bp[0] == b'/'
                && bp[1].is_ascii_alphabetic()
                && bp[2] == b':'
                && (bp.len() == 3 || bp[3] == b'/');
            if !self.input.starts_with_windows_drive_letter(*i) && first_is_drive {
                self.w.push_str(&base.pathname()[..3])?;
            }
        } else {
            self.empty_host()?;
            self.set_path_start();
        }
        Ok(State::Path)
    }

    fn file_host_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let start = *i;
        let mut j = start;
        while j < input.len() && !matches!(input.bytes[j], b'/' | b'\\' | b'?' | b'#') {
            j += 1;
        }
        *i = j;
        // Is the buffer (tab/newline removed) exactly a Windows drive letter?
        let (a, ai) = input.at(start);
        let is_drive = ai < j && a.is_some_and(|a| a.is_ascii_alphabetic()) && {
            let (b, bi) = input.at(ai + 1);
            bi < j && matches!(b, Some(b':') | Some(b'|')) && input.skip_ws(bi + 1) >= j
        };
        if is_drive {
            self.report(ValidationError::FileInvalidWindowsDriveLetterHost, start);
            self.empty_host()?;
            self.set_path_start();
            self.drive_letter = Some((start, j));
            return Ok(State::Path);
        }
        if input.skip_ws(start) >= j {
            self.empty_host()?;
            return Ok(State::PathStart);
        }
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        self.host_kind = host::parse_host(&mut self.w, &input, start, j, false, self.sink)?;
        if &self.w.as_bytes()[self.host_start..] == b"localhost" {
            self.w.truncate(self.host_start);
            self.host_kind = HostKind::Empty;
        }
        self.host_end = self.w.len();
        Ok(State::PathStart)
    }

    // ---- path, query, fragment --------------------------------------------

    /// Scans from `i`, appending bytes UTF-8 percent-encoded with `set`, until
    /// a byte whose class is in `stop` (returned with its index) or the end.
    /// Reports invalid-URL-unit as the path, query and fragment states do.
    #[inline]
    fn scan(
        &mut self,
        mut i: usize,
        set: u16,
        stop: u16,
        stop_at_space: bool,
    ) -> Result<(Option<u8>, usize), ParseError> {
        let input = self.input;
        let bytes = input.bytes;
        // QUERY covers the space byte (and others, which fall through).
        let attention = set
            | stop
            | if stop_at_space { QUERY } else { 0 }
            | TAB_OR_NEWLINE
            | if V::ENABLED {
                NOT_URL_UNIT | PERCENT | NON_ASCII
            } else {
                0
            };
        let mut run = i;
        while i < bytes.len() {
            let b = bytes[i];
            let class = CLASS[b as usize];
            if class & attention == 0 {
                i += 1;
                continue;
            }
            if class & stop != 0 || (stop_at_space && b == b' ') {
                self.w.push_span(run, i)?;
                return Ok((Some(b), i));
            }
            if class & TAB_OR_NEWLINE != 0 {
                self.w.push_span(run, i)?;
                i += 1;
                run = i;
                continue;
            }
            if V::ENABLED {
                self.check_url_unit(i);
            }
            if class & set != 0 {
                self.w.push_span(run, i)?;
                if b < 0x80 {
                    self.w.push_ascii(&percent_encoded(b))?;
                    i += 1;
                } else {
                    // Encode the whole code point.
                    let n = utf8_len(b).min(bytes.len() - i);
                    for &cb in &bytes[i..i + n] {
                        self.w.push_ascii(&percent_encoded(cb))?;
                    }
                    i += n;
                }
                run = i;
            } else {
                i += if b < 0x80 { 1 } else { utf8_len(b) };
            }
        }
        self.w.push_span(run, bytes.len())?;
        Ok((None, bytes.len()))
    }

    /// invalid-URL-unit checks for the code point at `i` (path, query,
    /// fragment and opaque path states).
    fn check_url_unit(&mut self, i: usize) {
        let b = self.input.bytes[i];
        if b == b'%' {
            let (h, hi) = self.input.at(i + 1);
            let l = self.input.peek(hi + 1);
            if !(h.is_some_and(|h| h.is_ascii_hexdigit())
                && l.is_some_and(|l| l.is_ascii_hexdigit()))
            {
                self.report(ValidationError::InvalidUrlUnit, i);
            }
        } else if b < 0x80 {
            if CLASS[b as usize] & NOT_URL_UNIT != 0 {
                self.report(ValidationError::InvalidUrlUnit, i);
            }
        } else if let Some(ch) = self.input.s.get(i..).and_then(|s| s.chars().next()) {
            if !is_url_code_point_non_ascii(ch) {
                self.report(ValidationError::InvalidUrlUnit, i);
            }
        }
    }

    fn path_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let special = self.special();
        let stop = SLASH
            | if self.overriding { 0 } else { QUESTION | HASH }
            | if special { BACKSLASH } else { 0 };
        self.set_path_start();
        let path_start = self.path_start.unwrap_or(0);
        loop {
            // Dot segments are recognized in the input, before writing, so the
            // output never holds more than the final URL needs.
            if self.drive_letter.is_none() {
                if let Some((double, t)) = self.dot_segment_at(*i) {
                    let c = self.input.bytes.get(t).copied();
                    let is_slash = c == Some(b'/') || (special && c == Some(b'\\'));
                    if special && c == Some(b'\\') {
                        self.report(ValidationError::InvalidReverseSolidus, t);
                    }
                    if double {
                        self.shorten_path(path_start);
                    }
                    if !is_slash {
                        // "append the empty string to url's path"
                        self.w.push_byte(b'/')?;
                    }
                    if let Some(next) = after_segment(c, is_slash, t, i) {
                        return Ok(next);
                    }
                    continue;
                }
            }
            let seg_start = self.w.len();
            self.w.push_byte(b'/')?;
            if let Some((ds, de)) = self.drive_letter.take() {
                // The file host state's buffer starts this segment, unvalidated.
                for &b in &self.input.bytes[ds..de] {
                    if !crate::input::is_tab_or_newline(b) {
                        self.w.push_byte(b)?;
                    }
                }
            }
            let (c, at) = self.scan(*i, PATH, stop, false)?;
            *i = at;
            let is_slash = c == Some(b'/') || (special && c == Some(b'\\'));
            if special && c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, at);
            }
            let seg = &self.w.as_bytes()[seg_start + 1..];
            if self.scheme_type == SchemeType::File
                && seg_start == path_start
                && seg.len() == 2
                && seg[0].is_ascii_alphabetic()
                && seg[1] == b'|'
            {
                // Windows drive letter quirk: normalize `|` to `:`.
                self.w.truncate(seg_start + 2);
                self.w.push_byte(b':')?;
            }
            if let Some(next) = after_segment(c, is_slash, at, i) {
                return Ok(next);
            }
        }
    }

    /// If a single- or double-dot URL path segment starts at `i` (tab/newline
    /// skipped), whether it is double-dot and the index of its terminator.
    fn dot_segment_at(&self, i: usize) -> Option<(bool, usize)> {
        let input = self.input;
        let (first, _) = input.at(i);
        if !matches!(first, Some(b'.') | Some(b'%')) {
            return None;
        }
        let mut seg = [0u8; 6];
        let mut n = 0;
        let mut j = i;
        loop {
            let (c, at) = input.at(j);
            j = at;
            match c {
                None | Some(b'/') => break,
                Some(b'?') | Some(b'#') if !self.overriding => break,
                Some(b'\\') if self.special() => break,
                Some(b) if n < seg.len() && matches!(b, b'.' | b'%' | b'2' | b'e' | b'E') => {
                    seg[n] = b;
                    n += 1;
                    j += 1;
                }
                Some(_) => return None,
            }
        }
        let seg = &seg[..n];
        if is_double_dot(seg) {
            Some((true, j))
        } else if is_single_dot(seg) {
            Some((false, j))
        } else {
            None
        }
    }

    /// Shorten url's path (url.bs §4.2): remove the last segment of the output
    /// path `[path_start..]`, except a file URL's lone normalized drive letter.
    fn shorten_path(&mut self, path_start: usize) {
        let path = &self.w.as_bytes()[path_start..];
        if self.is_lone_drive_letter_path(path) {
            return;
        }
        if let Some(k) = path.iter().rposition(|&b| b == b'/') {
            self.w.truncate(path_start + k);
        }
    }

    fn opaque_path_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        loop {
            let (c, at) = self.scan(*i, C0, QUESTION | HASH, true)?;
            *i = at;
            match c {
                Some(b'?') => {
                    *i = at + 1;
                    return Ok(State::Query);
                }
                Some(b'#') => {
                    *i = at + 1;
                    return Ok(State::Fragment);
                }
                Some(b' ') => {
                    self.report(ValidationError::InvalidUrlUnit, at);
                    if matches!(input.peek(at + 1), Some(b'?') | Some(b'#')) {
                        self.w.push_str("%20")?;
                    } else {
                        self.w.push_byte(b' ')?;
                    }
                    *i = at + 1;
                }
                _ => return Ok(State::Done),
            }
        }
    }

    fn query_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        self.query_start = Some(self.w.len());
        self.w.push_byte(b'?')?;
        let set = if self.special() { SPECIAL_QUERY } else { QUERY };
        let stop = if self.overriding { 0 } else { HASH };
        // "If encoding is not UTF-8 and url is not special or is ws/wss, set
        // encoding to UTF-8."
        let legacy = self.enc.is_some()
            && self.special()
            && !matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss);
        let (c, at) = if legacy {
            self.encode_query(*i, set, stop)?
        } else {
            self.scan(*i, set, stop, false)?
        };
        if c == Some(b'#') {
            *i = at + 1;
            Ok(State::Fragment)
        } else {
            *i = at;
            Ok(State::Done)
        }
    }

    /// The query with a legacy encoding: "percent-encode after encoding" on
    /// the whole query (stateful encoders need it in one go).
    fn encode_query(
        &mut self,
        start: usize,
        set: u16,
        stop: u16,
    ) -> Result<(Option<u8>, usize), ParseError> {
        let input = self.input;
        let bytes = input.bytes;
        let end = if stop & HASH != 0 {
            bytes[start..]
                .iter()
                .position(|&b| b == b'#')
                .map_or(bytes.len(), |k| start + k)
        } else {
            bytes.len()
        };
        if V::ENABLED {
            let mut j = start;
            while j < end {
                if !crate::input::is_tab_or_newline(bytes[j]) {
                    self.check_url_unit(j);
                }
                j += utf8_len(bytes[j]);
            }
        }
        let Some(enc) = self.enc.take() else {
            return self.scan(start, set, stop, false);
        };
        let w = &mut self.w;
        let mut result: Result<(), CapacityError> = Ok(());
        let mut emit = |piece: Encoded<'_>| {
            if result.is_err() {
                return;
            }
            result = match piece {
                Encoded::Bytes(bs) => bs.iter().try_for_each(|&b| {
                    if b >= 0x80 || CLASS[b as usize] & set != 0 {
                        w.push_ascii(&percent_encoded(b))
                    } else {
                        w.push_byte(b)
                    }
                }),
                Encoded::Unmappable(c) => {
                    let mut digits = [0u8; 7];
                    let mut n = 0;
                    let mut v = c as u32;
                    loop {
                        digits[digits.len() - 1 - n] = b'0' + (v % 10) as u8;
                        n += 1;
                        v /= 10;
                        if v == 0 {
                            break;
                        }
                    }
                    w.push_str("%26%23")
                        .and_then(|_| w.push_ascii(&digits[digits.len() - n..]))
                        .and_then(|_| w.push_str("%3B"))
                }
            };
        };
        // Chunks between skipped tab/newline bytes; a final empty call ends it.
        let mut run = start;
        for (j, &b) in bytes.iter().enumerate().take(end).skip(start) {
            if crate::input::is_tab_or_newline(b) {
                if j > run {
                    enc.encode(&input.s[run..j], false, &mut emit);
                }
                run = j + 1;
            }
        }
        if end > run {
            enc.encode(&input.s[run..end], false, &mut emit);
        }
        enc.encode("", true, &mut emit);
        self.enc = Some(enc);
        result?;
        Ok((bytes.get(end).copied(), end))
    }

    fn fragment_state(&mut self, i: usize) -> Result<(), ParseError> {
        self.fragment_start = Some(self.w.len());
        self.w.push_byte(b'#')?;
        self.scan(i, FRAGMENT, 0, false)?;
        Ok(())
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
            if self.w.as_bytes()[path_start..path_end].starts_with(b"//") {
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

/// After a path segment ended by `c` at index `at`: a slash continues the
/// path (`None`); `?` and `#` start the query or fragment; the end is done.
#[inline]
fn after_segment(c: Option<u8>, is_slash: bool, at: usize, i: &mut usize) -> Option<State> {
    *i = at + 1;
    match c {
        _ if is_slash => None,
        Some(b'?') => Some(State::Query),
        Some(b'#') => Some(State::Fragment),
        _ => {
            *i = at;
            Some(State::Done)
        }
    }
}

/// Where the host state stops: at a `:` outside brackets (when
/// `colon_ends` — the file host state has no port) or at the end of the
/// authority. Returns the index and whether a port follows.
pub(crate) fn host_end(
    bytes: &[u8],
    start: usize,
    special: bool,
    colon_ends: bool,
) -> (usize, bool) {
    let mut inside_brackets = false;
    for (j, &b) in bytes.iter().enumerate().skip(start) {
        match b {
            b':' if !inside_brackets && colon_ends => return (j, true),
            b'/' | b'?' | b'#' => return (j, false),
            b'\\' if special => return (j, false),
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
    }
    (bytes.len(), false)
}

/// Bytes the authority scan must look at: `/ ? # \\ @ : [ ]`.
static AUTHORITY_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let special = b"/?#\\@:[]";
    let mut k = 0;
    while k < special.len() {
        t[special[k] as usize] = 1;
        k += 1;
    }
    t
};

/// A single-dot URL path segment: `.` or `%2e` (ASCII case-insensitive).
#[inline]
pub(crate) fn is_single_dot(seg: &[u8]) -> bool {
    matches!(seg, b"." | b"%2e" | b"%2E")
}

/// A double-dot URL path segment: `..`, `.%2e`, `%2e.`, `%2e%2e` (any case).
#[inline]
pub(crate) fn is_double_dot(seg: &[u8]) -> bool {
    match seg.len() {
        2 => seg == b"..",
        4 => {
            (seg[0] == b'.' && seg[1] == b'%' && seg[2] == b'2' && (seg[3] | 0x20) == b'e')
                || (seg[0] == b'%' && seg[1] == b'2' && (seg[2] | 0x20) == b'e' && seg[3] == b'.')
        }
        6 => {
            seg[0] == b'%'
                && seg[1] == b'2'
                && (seg[2] | 0x20) == b'e'
                && seg[3] == b'%'
                && seg[4] == b'2'
                && (seg[5] | 0x20) == b'e'
        }
        _ => false,
    }
}

/// URL code points above ASCII: U+00A0..=U+10FFFD minus surrogates (not in
/// `char`) and noncharacters.
#[inline]
fn is_url_code_point_non_ascii(c: char) -> bool {
    let v = c as u32;
    v >= 0xA0 && !(0xFDD0..=0xFDEF).contains(&v) && (v & 0xFFFE) != 0xFFFE
}

/// invalid-URL-unit reports for `[start..end)` (opaque-host parser).
pub(crate) fn report_invalid_url_units<V: ValidationSink>(
    input: &Input<'_>,
    start: usize,
    end: usize,
    sink: &mut V,
) {
    let mut i = start;
    while i < end {
        let b = input.bytes[i];
        if b == b'%' {
            let (h, hi) = input.at(i + 1);
            let l = input.peek(hi + 1);
            if !(h.is_some_and(|h| h.is_ascii_hexdigit())
                && l.is_some_and(|l| l.is_ascii_hexdigit()))
            {
                sink.report(ValidationError::InvalidUrlUnit, input.pos(i));
            }
        } else if b < 0x80 {
            if CLASS[b as usize] & (NOT_URL_UNIT | TAB_OR_NEWLINE) == NOT_URL_UNIT {
                sink.report(ValidationError::InvalidUrlUnit, input.pos(i));
            }
        } else if let Some(ch) = input.s.get(i..).and_then(|s| s.chars().next()) {
            if !is_url_code_point_non_ascii(ch) {
                sink.report(ValidationError::InvalidUrlUnit, input.pos(i));
            }
            i += ch.len_utf8();
            continue;
        }
        i += 1;
    }
}
