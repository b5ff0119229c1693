//! The basic URL parser's state machine (url.bs §4.4): every input any other
//! route declines ends here, and it is the one source of errors, validation
//! errors and capacity reports.
//!
//! One pass over the input, appending the serialization to an [`Output`]. The
//! states are the standard's, each in the file of its part of the URL
//! ([`super::scheme`], [`super::relative`], [`super::authority`],
//! [`super::file`], [`super::path`], [`super::query`]); this module holds the
//! machine's state, its dispatch loop and the URL record's offsets at the
//! end. Where the standard accumulates a `buffer` and then copies it, the
//! machine scans the run once and writes it encoded, and where the standard
//! edits the URL record (shorten path, the `/.` prefix), it edits the tail
//! of the output.

use crate::encoding::QueryEncoder;
use crate::error::ParseError;
use crate::host::{invalid, HostKind};
use crate::input::{Input, TabOrNewline};
use crate::output::{Finish, Need, Output};
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::{path_needs_dot_prefix, Offsets, SchemeType, Url};
use crate::validation::{ValidationError, ValidationSink};

/// Storage that holds nothing: used by the borrowed parse, where any write is
/// a divergence from the input.
pub(super) struct NoStorage;

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
pub(super) enum State {
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

pub(crate) struct StateMachine<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> {
    pub(super) input: Input<'i>,
    pub(super) w: Output<'i, 's, S>,
    pub(super) sink: &'a mut V,
    pub(super) base: Option<&'a Url<&'a str>>,
    /// The query encoding, when not UTF-8.
    pub(super) enc: Option<&'e mut (dyn QueryEncoder + 'e)>,
    /// Where this URL starts in the storage (non-zero when a setter builds a
    /// new URL or component after the existing one).
    pub(super) origin: usize,
    /// What the entry point wants; [`Intent::Override`]: `?` and `#` no
    /// longer end the path, nor `#` the query.
    pub(super) intent: Intent,
    pub(super) scheme_type: SchemeType,
    pub(super) scheme_end: usize,
    pub(super) username_end: usize,
    pub(super) host_start: usize,
    pub(super) host_end: usize,
    pub(super) port: Option<u16>,
    pub(super) host_kind: HostKind,
    pub(super) path_start: Option<usize>,
    pub(super) query_start: Option<usize>,
    pub(super) fragment_start: Option<usize>,
    pub(super) opaque_path: bool,
    /// File host state's drive-letter buffer, carried into the path state.
    pub(super) drive_letter: Option<(usize, usize)>,
    /// The authority state's scan already found where the host ends:
    /// (host start, end, whether a port follows).
    pub(super) host_hint: Option<(usize, usize, bool)>,
}

/// What an entry point wants from the state machine (the route module
/// picks it; see `route`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Intent {
    /// The URL, into an empty storage.
    Store,
    /// The URL over its own input: any write is a divergence, and the
    /// storage holds nothing ([`NoStorage`]).
    Borrow,
    /// Only whether it parses: the machine stops where the path starts,
    /// since nothing from there on can fail (`Parser::can_parse_in`).
    CheckOnly,
    /// The URL after what the storage holds (the href setter); offsets are
    /// absolute in the storage.
    Append,
    /// One state with a state override (the other setters), after what
    /// the storage holds.
    Override,
}

/// What the basic URL parser found: the offsets, and the span of the input
/// the serialization equals when it was kept borrowed.
type Found = (Offsets, Option<(usize, usize)>);

/// Runs the basic URL parser over `raw` for `intent` (not
/// [`Intent::Override`]: see [`StateMachine::for_setter`]). `enc` is the
/// query encoding when it is not UTF-8. Returns the offsets and, for
/// [`Intent::Borrow`], the span of `raw` the serialization equals.
pub(crate) fn parse<'e, S: Storage, V: ValidationSink>(
    raw: &str,
    base: Option<&Url<&str>>,
    out: &mut S,
    sink: &mut V,
    enc: Option<&'e mut (dyn QueryEncoder + 'e)>,
    intent: Intent,
) -> Result<Found, ParseError> {
    if raw.len() > u32::MAX as usize {
        return Err(ParseError::TooLong);
    }
    let bytes = raw.as_bytes();
    let (lead, trail) = crate::input::c0_space_trim(bytes);
    if V::ENABLED && (lead > 0 || trail < bytes.len()) {
        sink.report(
            ValidationError::InvalidUrlUnit,
            if lead > 0 { 0 } else { trail },
        );
    }
    let tabs = if V::ENABLED {
        TabOrNewline::Found
    } else {
        TabOrNewline::Assumed
    };
    let input = Input::new(raw.get(lead..trail).unwrap_or_default(), lead, tabs);
    if V::ENABLED && input.has_ws {
        let first = input
            .bytes
            .iter()
            .position(|&b| crate::byte_class::is_tab_or_newline(b));
        sink.report(
            ValidationError::InvalidUrlUnit,
            input.pos(first.unwrap_or(0)),
        );
    }
    // Reborrow the base so its lifetime matches the sink's in `P`.
    let base_copy: Option<Url<&str>> = base.copied();
    let append = intent == Intent::Append;
    let origin = if append { out.len() } else { 0 };
    let w = if append {
        Output::appending(input.s, out)
    } else {
        Output::new(input.s, out)
    };
    let mut p = StateMachine {
        input,
        w,
        sink,
        base: base_copy.as_ref(),
        enc,
        origin,
        intent,
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
    let borrowed = p.w.finish(if intent == Intent::Borrow {
        Finish::KeepBorrowed
    } else {
        Finish::Copy
    })?;
    Ok((off, borrowed.map(|len| (lead, len))))
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    /// A parser with a state override, appending after what `w` holds: the
    /// setters' entry point. `scheme_type` and `host_kind` are the URL's.
    pub(crate) fn for_setter(
        input: Input<'i>,
        w: Output<'i, 's, S>,
        sink: &'a mut V,
        scheme_type: SchemeType,
        host_kind: HostKind,
    ) -> Self {
        let origin = w.len();
        StateMachine {
            input,
            w,
            sink,
            base: None,
            enc: None,
            origin,
            intent: Intent::Override,
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

    /// A state override is given: `?` and `#` no longer end the path, nor
    /// `#` the query.
    #[inline]
    pub(super) fn overriding(&self) -> bool {
        self.intent == Intent::Override
    }

    /// What the host parser must write: only what tells validity when the
    /// entry point only checks.
    #[inline]
    pub(super) fn need(&self) -> Need {
        if self.checks_only() {
            Need::Validity
        } else {
            Need::Serialization
        }
    }

    /// Only whether the input parses is wanted ([`Intent::CheckOnly`]).
    #[inline]
    pub(super) fn checks_only(&self) -> bool {
        self.intent == Intent::CheckOnly
    }

    #[inline]
    pub(super) fn special(&self) -> bool {
        self.scheme_type.is_special()
    }

    #[inline]
    pub(super) fn report(&mut self, e: ValidationError, i: usize) {
        if V::ENABLED {
            let pos = self.input.pos(i);
            self.sink.report(e, pos);
        }
    }

    #[inline]
    pub(super) fn fail(&mut self, e: ValidationError, i: usize) -> ParseError {
        self.report(e, i);
        invalid(e, self.input.pos(i))
    }

    /// Index just after the code point at `i` and any tab/newline before the next.
    #[inline]
    pub(super) fn next(&self, i: usize) -> usize {
        i + 1
    }

    fn run(&mut self) -> Result<(), ParseError> {
        let mut state = State::SchemeStart;
        let mut i = 0usize;
        loop {
            if self.checks_only() && state >= State::PathStart {
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
                    } else if self.checks_only() {
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
                    if let Some(next) = self.straight_line_path(&mut i)? {
                        next
                    } else if self.special() {
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

    pub(super) fn set_path_start(&mut self) {
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
        let path_end = self
            .query_start
            .or(self.fragment_start)
            .unwrap_or(self.w.len());
        let path = self
            .w
            .as_bytes()
            .get(path_start..path_end)
            .unwrap_or_default();
        if path_needs_dot_prefix(self.host_kind, self.opaque_path, path) {
            self.w.insert(path_start, "/.")?;
            path_start += 2;
            self.query_start = self.query_start.map(|q| q + 2);
            self.fragment_start = self.fragment_start.map(|f| f + 2);
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
