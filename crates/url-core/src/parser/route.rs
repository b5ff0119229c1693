//! Which engine answers an input: the route ladder, in one place.
//!
//! Five engines implement the basic URL parser (url.bs §4.4), each for the
//! inputs it is sure about:
//!
//! | engine | answers | module |
//! | --- | --- | --- |
//! | canonical recognizer | a URL that is already its own serialization, in the common shapes (one scan, then a copy or nothing) | [`super::canonical`] |
//! | reference resolver | a reference against a special base whose result is a prefix of the base plus a suffix of the reference | [`super::reference`] |
//! | straight-line route | a URL with an authority (any case, credentials, ports, dot segments, bytes to encode; special, `file` or not), straight through, and its authority, host or port failures; a URL without one (non-special: a path or an opaque path; `file:` with fewer than two slashes and no `file` base); an input without a scheme or base | [`super::straight`] |
//! | `can_parse` predicate | whether an input parses, from its scheme and authority alone | [`super::check`] |
//! | state machine | everything: the source of validation errors and capacity reports, and of every error the straight-line route does not answer | [`super::state_machine`] |
//!
//! The first three are tried on up to three forms of the input ([`Form`]):
//! as given; trimmed of leading and trailing C0 control or space (the basic
//! URL parser's first step); and, for inputs up to
//! [`STRIP_ROOM`](crate::input::STRIP_ROOM) bytes, also without ASCII tab
//! or newline (its second step), in stack room. The canonical recognizer
//! is not tried on that last form: few inputs with a tab or newline are
//! canonical once it is gone, and the straight-line route answers those
//! too (mutations with tabs and newlines: 5% faster without it). What each
//! entry point wants decides the ladder:
//!
//! | intent | entry points | ladder |
//! | --- | --- | --- |
//! | store | `Url::parse_into`, `Parser::parse_into` | canonical (given) → reference (given) → canonical, reference (trimmed) → straight (trimmed; vector builds skip it for an input with a tab or newline) → reference, straight (stripped) → state machine |
//! | borrow or store | `Parser::parse_borrowed_or_into`, `weburl::Url::parse` | canonical (given), borrowed; else the store ladder from the reference resolver on |
//! | borrow | `Url::parse_borrowed`, `Parser::parse_borrowed` | canonical (given) → state machine, writing nothing ([`Intent::Borrow`]) |
//! | canonical only | `Url::parse_canonical` | canonical (given) |
//! | check | `Parser::can_parse_in`, `weburl::Url::can_parse` | predicate → straight up to the port (trimmed, unless vector builds see a tab or newline; stripped) → state machine up to the path ([`Intent::CheckOnly`]) |
//! | replace | the href setter | the store ladder into 256 bytes of stack room, when the storage splices from the stack ([`Storage::SPLICE_FROM_STACK`]) and the URL fits; else "append" |
//! | append | the href setter | state machine after the storage's content ([`Intent::Append`]) |
//! | override | the other setters | straight-line route's path or encoding loop, else the state machine's state with an override ([`Intent::Override`]) |
//!
//! With a base, "reference" resolves relative references (the relative
//! resolvers are the store and check ladders with a base). When validation
//! errors are wanted, a legacy query encoding applies, or a test turns the
//! other engines off, only the state machine runs: the others report
//! nothing. The `small` feature (size over speed) turns them off for every
//! parse, which unlinks them: the answers are the same, only slower. With the `route-trace` feature (tests only) the engine and form
//! that answered are recorded (`trace`).

use super::canonical::{self, Canonical, Recognized};
use super::path::write_path;
use super::query::encode_query_or_fragment;
use super::reference::{self, Reference};
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
use super::resume::failure_after;
use super::resume::resumed_after;
use super::state_machine::{self, Intent, NoStorage, StateMachine};
use super::straight::{parse_straight, Answer};
use super::trace::{answered, Form, Route};
use super::StateOverride;
use super::{check, Parsed, Parser};
use crate::encoding::QueryEncoder;
use crate::error::ParseError;
use crate::host::HostKind;
use crate::input::{self, Input, TabOrNewline};
use crate::output::Output;
use crate::simd::Stop;
use crate::sizes::href_len_bound;
use crate::storage::{CapacityError, SliceStorage, Storage};
use crate::url::{Offsets, SchemeType, Url};
use crate::validation::{NoValidation, ValidationSink};

/// The stack room [`Parser::can_parse`] writes the scheme, credentials,
/// host and port into.
pub(crate) const CHECK_ROOM: usize = 256;

/// Which engines a parser may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engines {
    /// The whole ladder.
    All,
    /// The state machine alone (tests comparing it with the others).
    StateMachineOnly,
}

impl<V: ValidationSink, E: QueryEncoder> Parser<'_, V, E> {
    /// Whether engines other than the state machine may answer: not when
    /// validation errors are wanted or a legacy query encoding applies, and
    /// never with the `small` feature (size over speed: the other engines
    /// are then not linked).
    #[inline]
    fn whole_ladder(&self) -> bool {
        !cfg!(feature = "small")
            && self.engines == Engines::All
            && !V::ENABLED
            && self.encoding.is_utf8()
    }

    /// The store ladder into `storage` (cleared first).
    #[inline(always)]
    pub(super) fn store<S: Storage>(
        &mut self,
        input: &str,
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        storage.clear();
        if self.whole_ladder() {
            // Matched by reference: moving the recognized offsets out of the
            // Option copied them field by field (40 instructions per URL).
            let recognized = &canonical::recognize(input.as_bytes());
            if let Recognized::Canonical(c) = recognized {
                answered(Route::Canonical, Form::Given);
                return copy_canonical(input, c, &mut storage).map(|off| Url { buf: storage, off });
            }
            if let Some(off) = resumed_after(input, Form::Given, recognized, &mut storage) {
                return Ok(Url { buf: storage, off });
            }
            // Only where the recognizer tells failures (vector builds):
            // elsewhere even a call that folds to nothing made the `url`
            // drop-in 70 bytes larger, over its budget.
            #[cfg(any(
                all(target_arch = "x86_64", target_feature = "sse2"),
                all(target_arch = "aarch64", target_feature = "neon")
            ))]
            if let Some(e) = failure_after(input, recognized) {
                return Err(e);
            }
            return self.declined(input, storage);
        }
        self.state_machine(input, storage)
    }

    /// The borrow-or-store ladder: see [`Parser::parse_borrowed_or_into`].
    #[inline(always)]
    pub(super) fn borrow_or_store<'i, S: Storage>(
        &mut self,
        input: &'i str,
        storage: impl FnOnce() -> S,
    ) -> Result<Parsed<'i, S>, ParseError> {
        if self.whole_ladder() {
            let recognized = &canonical::recognize(input.as_bytes());
            if let Recognized::Canonical(c) = recognized {
                answered(Route::Canonical, Form::Given);
                if c.slash.is_none() {
                    return Ok(Parsed::Borrowed(Url {
                        buf: input,
                        off: c.off,
                    }));
                }
                let mut storage = storage();
                storage.clear();
                let off = copy_canonical(input, c, &mut storage)?;
                return Ok(Parsed::Stored(Url { buf: storage, off }));
            }
            let mut storage = storage();
            storage.clear();
            if let Some(off) = resumed_after(input, Form::Given, recognized, &mut storage) {
                return Ok(Parsed::Stored(Url { buf: storage, off }));
            }
            // Only where the recognizer tells failures (vector builds):
            // elsewhere even a call that folds to nothing made the `url`
            // drop-in 70 bytes larger, over its budget.
            #[cfg(any(
                all(target_arch = "x86_64", target_feature = "sse2"),
                all(target_arch = "aarch64", target_feature = "neon")
            ))]
            if let Some(e) = failure_after(input, recognized) {
                return Err(e);
            }
            return self.declined(input, storage).map(Parsed::Stored);
        }
        let mut storage = storage();
        storage.clear();
        self.state_machine(input, storage).map(Parsed::Stored)
    }

    /// The borrow ladder: the URL over `input`, or
    /// [`ParseError::NotCanonical`].
    #[inline(always)]
    pub(super) fn borrow<'i>(&mut self, input: &'i str) -> Result<Url<&'i str>, ParseError> {
        if self.whole_ladder() {
            if let Some(r) = borrow_canonical(input) {
                return r.map(|off| Url { buf: input, off });
            }
        }
        let enc: Option<&mut dyn QueryEncoder> = if self.encoding.is_utf8() {
            None
        } else {
            Some(&mut self.encoding)
        };
        let parsed = state_machine::parse(
            input,
            self.base.as_ref(),
            &mut NoStorage,
            &mut self.sink,
            enc,
            Intent::Borrow,
        )
        .map_err(|e| match e {
            ParseError::Capacity(_) => ParseError::NotCanonical,
            e => e,
        });
        answered(Route::StateMachine, Form::Given);
        let (off, span) = parsed?;
        match span {
            Some((start, len)) => Ok(Url {
                buf: input.get(start..start + len).unwrap_or_default(),
                off,
            }),
            None => Err(ParseError::NotCanonical),
        }
    }

    /// The check ladder: see [`Parser::can_parse_in`].
    #[inline(always)]
    pub(super) fn check<S: Storage>(
        &mut self,
        input: &str,
        scratch: impl FnOnce() -> S,
    ) -> Result<(), ParseError> {
        if let Some(r) = self.answer_early(input) {
            return r;
        }
        let mut scratch = scratch();
        self.check_declined(input, &mut scratch)
    }

    /// The check ladder with its scratch room on the stack: see
    /// [`Parser::can_parse`]. The room is made (and zeroed) only when the
    /// predicate does not answer.
    #[inline(always)]
    pub(super) fn check_in_own_room(&mut self, input: &str) -> Result<(), ParseError> {
        if let Some(r) = self.answer_early(input) {
            return r;
        }
        self.check_in_room(input)
    }

    /// The predicate's answer, when it has one.
    #[inline(always)]
    fn answer_early(&self, input: &str) -> Option<Result<(), ParseError>> {
        if !self.whole_ladder() {
            return None;
        }
        match check::surely_parses(input, self.base.as_ref()) {
            check::Early::Parses => {
                answered(Route::Predicate, Form::Given);
                Some(Ok(()))
            }
            check::Early::Fails(e) => {
                answered(Route::Predicate, Form::Given);
                Some(Err(e))
            }
            check::Early::Ask => None,
        }
    }

    #[inline(never)]
    fn check_in_room(&mut self, input: &str) -> Result<(), ParseError> {
        let mut room = [0u8; CHECK_ROOM];
        self.check_declined(input, &mut SliceStorage::new(&mut room))
    }

    /// The check ladder once the predicate has declined `input`: the
    /// straight-line route's check on it trimmed, then without tabs and
    /// newlines (as the store ladder runs the route), into `scratch`; else
    /// the state machine. An input long enough that its URL could be
    /// `TooLong` goes to the state machine, which alone can tell.
    fn check_declined<S: Storage>(
        &mut self,
        input: &str,
        scratch: &mut S,
    ) -> Result<(), ParseError> {
        if self.whole_ladder() && input.len() <= check::STOP_EARLY_UP_TO {
            if let Some(r) = self.check_straight(input, scratch) {
                return r;
            }
        }
        self.check_by_state_machine(input, scratch)
    }

    /// [`Parser::check_declined`]'s straight-line part: `None` when the
    /// route declines both forms.
    fn check_straight<S: Storage>(
        &self,
        input: &str,
        scratch: &mut S,
    ) -> Option<Result<(), ParseError>> {
        scratch.clear();
        let (raw, form) = match input::trimmed(input) {
            Some(t) => (t, Form::Trimmed),
            None => (input, Form::Given),
        };
        let lead = (raw.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
        let base = self.base.as_ref().map(Url::scheme_type);
        if !holds_tab_or_newline(raw) {
            match parse_straight::<S, true>(raw, Some(lead), base, scratch) {
                Answer::Parsed(_) => {
                    answered(Route::Straight, form);
                    return Some(Ok(()));
                }
                Answer::Failed(e, _) => {
                    answered(Route::Straight, form);
                    return Some(Err(e));
                }
                Answer::Declined => {}
            }
        }
        let mut room = None;
        let stripped = input::without_tab_or_newline(raw, &mut room)?;
        let answer = parse_straight::<S, true>(stripped, Some(0), base, scratch);
        Some(stripped_answer(answer, raw, lead)?.map(|_| ()))
    }

    /// The state machine's part of the check ladder, into `scratch`.
    fn check_by_state_machine<S: Storage>(
        &mut self,
        input: &str,
        scratch: &mut S,
    ) -> Result<(), ParseError> {
        scratch.clear();
        let enc: Option<&mut dyn QueryEncoder> = if self.encoding.is_utf8() {
            None
        } else {
            Some(&mut self.encoding)
        };
        // Stopping early needs no validation errors past the path, and an
        // input short enough that the whole URL could not be `TooLong`.
        let intent = if !V::ENABLED && input.len() <= check::STOP_EARLY_UP_TO {
            Intent::CheckOnly
        } else {
            Intent::Store
        };
        let parsed = state_machine::parse(
            input,
            self.base.as_ref(),
            scratch,
            &mut self.sink,
            enc,
            intent,
        );
        answered(Route::StateMachine, Form::Given);
        match parsed {
            Ok(_) => Ok(()),
            Err(e) => Err(self.widened(e, input)),
        }
    }

    /// The state machine alone, into an empty `storage`.
    pub(super) fn state_machine<S: Storage>(
        &mut self,
        input: &str,
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        let enc: Option<&mut dyn QueryEncoder> = if self.encoding.is_utf8() {
            None
        } else {
            Some(&mut self.encoding)
        };
        let parsed = state_machine::parse(
            input,
            self.base.as_ref(),
            &mut storage,
            &mut self.sink,
            enc,
            Intent::Store,
        );
        answered(Route::StateMachine, Form::Given);
        match parsed {
            Ok((off, _)) => Ok(Url { buf: storage, off }),
            Err(e) => Err(self.widened(e, input)),
        }
    }

    /// A capacity report of the state machine, which ran out of room before
    /// it knew the URL's length: `needed` raised to the bound on what the
    /// whole parse can hold ([`href_len_bound`]), so that a retry with that
    /// much room does not fail for lack of it.
    ///
    /// Only a capacity failure is widened: the bound scans the input, and
    /// invalid input (most of what reaches the state machine's failures)
    /// should not pay for it.
    #[inline(always)]
    fn widened(&self, e: ParseError, input: &str) -> ParseError {
        match e {
            ParseError::Capacity(_) => self.widened_capacity(e, input),
            e => e,
        }
    }

    #[cold]
    #[inline(never)]
    fn widened_capacity(&self, e: ParseError, input: &str) -> ParseError {
        let base = self.base.as_ref().map_or(0, |b| b.href().len());
        with_needed(e, href_len_bound(input, base))
    }

    /// The store ladder once the canonical recognizer has declined the
    /// input as given, into an empty `storage`.
    #[inline(always)]
    fn declined<S: Storage>(&mut self, input: &str, storage: S) -> Result<Url<S>, ParseError> {
        if self.base.is_some() {
            self.declined_from::<S, true>(input, storage)
        } else {
            self.declined_from::<S, false>(input, storage)
        }
    }

    /// [`Parser::declined`]: the reference resolver on the input as given;
    /// the canonical recognizer and the reference resolver on it trimmed;
    /// the straight-line route; the resolver and the route without tabs
    /// and newlines ([`Parser::stripped`]); and else the state machine.
    /// `BASE`: whether the parser has a base; a parse without one (the
    /// entry points know) then links no reference resolver.
    #[inline(never)]
    fn declined_from<S: Storage, const BASE: bool>(
        &mut self,
        input: &str,
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        let mut raw = input;
        let mut form = Form::Given;
        loop {
            if let Some(r) = self.reference::<BASE>(raw) {
                answered(Route::Reference, form);
                return copy_reference(&r, &mut storage).map(|off| Url { buf: storage, off });
            }
            // A loop rather than a second pass through this function for
            // the trimmed input, which would try the untrimmed routes again.
            let Some(t) = input::trimmed(raw) else {
                break;
            };
            raw = t;
            form = Form::Trimmed;
            if crate::simd::VECTOR {
                if let Some(off) = trimmed_recognized(input, raw, &mut storage) {
                    return off.map(|off| Url { buf: storage, off });
                }
            } else if let Some(c) = &canonical::canonical(raw.as_bytes()) {
                answered(Route::Canonical, form);
                return copy_canonical(raw, c, &mut storage).map(|off| Url { buf: storage, off });
            }
        }
        // Where `raw` starts in `input`: error positions count from there.
        let lead = (raw.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
        let base = if BASE {
            self.base.as_ref().map(Url::scheme_type)
        } else {
            None
        };
        if !holds_tab_or_newline(raw) {
            match parse_straight::<_, false>(raw, Some(lead), base, &mut storage) {
                Answer::Parsed(off) => {
                    answered(Route::Straight, form);
                    return Ok(Url { buf: storage, off });
                }
                Answer::Failed(e, _) => {
                    answered(Route::Straight, form);
                    return Err(e);
                }
                Answer::Declined => {}
            }
        }
        // The state machine from here, not from inside `stripped`, whose
        // stack room would sit under its frames.
        match self.stripped::<S, BASE>(raw, lead, &mut storage) {
            Some(r) => r.map(|off| Url { buf: storage, off }),
            None => self.state_machine(input, storage),
        }
    }

    /// The reference resolver and the straight-line route again for a
    /// trimmed input `raw` that holds an ASCII tab or newline, with those
    /// removed on the stack: `None` when neither answers or `raw` is
    /// longer than the stack room (the state machine then skips them as
    /// it goes). A failure the
    /// straight-line route finds is reported at its place in the input
    /// (`raw` starts at `lead`), unless that place depends on how the
    /// state machine counts past the removed bytes.
    #[inline(never)]
    fn stripped<S: Storage, const BASE: bool>(
        &self,
        raw: &str,
        lead: usize,
        storage: &mut S,
    ) -> Option<Result<Offsets, ParseError>> {
        let mut room = None;
        let stripped = input::without_tab_or_newline(raw, &mut room)?;
        if let Some(r) = self.reference::<BASE>(stripped) {
            answered(Route::Reference, Form::Stripped);
            return Some(copy_reference(&r, storage));
        }
        let base = if BASE {
            self.base.as_ref().map(Url::scheme_type)
        } else {
            None
        };
        let answer = parse_straight::<_, false>(stripped, Some(0), base, storage);
        stripped_answer(answer, raw, lead)
    }

    /// The reference resolver when the parser has a base; nothing at all
    /// in a parser known to have none.
    #[inline(always)]
    fn reference<'r, const BASE: bool>(&'r self, raw: &'r str) -> Option<Reference<'r, 'r>> {
        if !BASE {
            return None;
        }
        self.base
            .as_ref()
            .and_then(|b| reference::reference(raw, b))
    }
}

/// Whether the straight-line route should skip the trimmed input `raw`
/// for its form without tabs and newlines: where scans are vector and it
/// holds one. The route declines at a tab or newline, after the work
/// before it (the scheme, the authority scan, a host's parse, the path so
/// far): mutations with tabs and newlines took 0.83 of Ada's time with it,
/// 0.68 without (alternating runs, fixed buffer), for a scan of four
/// 16-byte chunks that other inputs pay (the failing mutations 0–2%,
/// within the noise, with one range test per chunk; three compares cost
/// them 2–3%). Byte-loop targets keep the
/// second try, which a word loop would not make cheaper; so does an input
/// past the stack room (the route removes a tab in a path segment in
/// place, where no stripped form is made).
#[inline(always)]
fn holds_tab_or_newline(raw: &str) -> bool {
    crate::simd::VECTOR
        && raw.len() <= input::STRIP_ROOM
        && input::contains_tab_or_newline(raw.as_bytes())
}

/// The straight-line route's answer for the input `raw` (which starts at
/// `lead` in the caller's) without its tabs and newlines, with a failure's
/// position mapped back to the input: `None` when it declines, or where
/// the state machine may count that position differently.
fn stripped_answer(answer: Answer, raw: &str, lead: usize) -> Option<Result<Offsets, ParseError>> {
    match answer {
        Answer::Parsed(off) => {
            answered(Route::Straight, Form::Stripped);
            Some(Ok(off))
        }
        // Where scans are byte loops (wasm32, thumbv7em) the state machine
        // answers these failures, for size.
        Answer::Failed(ParseError::Invalid { error, position }, host) if crate::simd::VECTOR => {
            let raw = raw.as_bytes();
            let at = if error.is_ipv4() {
                // The state machine reports an IPv4 address's error at its
                // part, but at the host's start when the host held a tab
                // or newline (it parses a copy without them).
                let (from, to) = host?;
                let start = input::position_before_stripping(raw, from, false)?;
                let end = input::position_before_stripping(raw, to, false)?;
                if end.checked_sub(start) == to.checked_sub(from) {
                    input::position_before_stripping(raw, position, false)?
                } else {
                    start
                }
            } else {
                input::position_before_stripping(raw, position, error.is_reported_at_its_byte())?
            };
            answered(Route::Straight, Form::Stripped);
            Some(Err(ParseError::Invalid {
                error,
                position: lead + at,
            }))
        }
        _ => None,
    }
}

/// The canonical-only entry point: the URL over `input` when the canonical
/// recognizer knows it as its own serialization.
#[inline]
pub(crate) fn canonical_only(input: &str) -> Option<Url<&str>> {
    match canonical::canonical(input.as_bytes()) {
        Some(c) if c.slash.is_none() => {
            answered(Route::Canonical, Form::Given);
            Some(Url {
                buf: input,
                off: c.off,
            })
        }
        _ => None,
    }
}

/// The borrow ladder without a parser to build (`Url::parse_borrowed`).
#[inline]
pub(crate) fn borrow_without_parser(input: &str) -> Result<Url<&str>, ParseError> {
    // The common case without building a Parser, and the canonical
    // recognizer not tried twice. Written out rather than through
    // `borrow_canonical`: this is the zero-copy hot path, and the helper's
    // nested result measured 28 instructions per URL more here (kasztp,
    // callgrind).
    match canonical::canonical(input.as_bytes()) {
        Some(c) => {
            answered(Route::Canonical, Form::Given);
            match c.slash {
                None => Ok(Url {
                    buf: input,
                    off: c.off,
                }),
                Some(_) => Err(ParseError::NotCanonical),
            }
        }
        _ => Parser::new().state_machine_only().borrow(input),
    }
}

/// The append ladder (the href setter): the state machine, after what `out`
/// holds. Returns the new URL's offsets, absolute in `out`.
pub(crate) fn append<S: Storage>(input: &str, out: &mut S) -> Result<Offsets, ParseError> {
    let parsed = state_machine::parse(input, None, out, &mut NoValidation, None, Intent::Append);
    answered(Route::StateMachine, Form::Given);
    parsed.map(|(off, _)| off)
}

/// The state machine alone, no base and no validation, into `out` (the
/// builder checks what it built by parsing it back this way). Returns what
/// the machine gives, a capacity report included.
pub(crate) fn state_machine_into<S: Storage>(
    input: &str,
    out: &mut S,
) -> Result<Offsets, ParseError> {
    let (off, _) = state_machine::parse(input, None, out, &mut NoValidation, None, Intent::Store)?;
    Ok(off)
}

/// The canonical recognizer on a trimmed input, and the resumptions on
/// what it found (vector builds only), as on the input as given: with
/// only the first, a trailing C0 control or space sent a URL that one of
/// them takes (an IPv4 host and an empty port, an upper-case domain)
/// through the straight-line route from the start (132 against 78 ns).
/// Out of line: inlined into the ladder's slow path, it made the
/// mutations 1% slower.
/// A failure the recognizer read enough to tell is answered too (an IPv4
/// or IPv6 address that fails, a port past 65535), at its place in
/// `input` (`raw` is `input` trimmed): else the route parsed it again
/// (`http://09.2.3.4.` and a C0 control: 86 → 122 ns once the recognizer
/// read IPv4 hosts in every notation).
#[inline(never)]
fn trimmed_recognized<S: Storage>(
    input: &str,
    raw: &str,
    storage: &mut S,
) -> Option<Result<Offsets, ParseError>> {
    let recognized = &canonical::recognize(raw.as_bytes());
    if let Recognized::Canonical(c) = recognized {
        answered(Route::Canonical, Form::Trimmed);
        return Some(copy_canonical(raw, c, storage));
    }
    if let Some(off) = resumed_after(raw, Form::Trimmed, recognized, storage) {
        return Some(Ok(off));
    }
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    if let Some(e) = failure_after(raw, recognized) {
        answered(Route::Straight, Form::Trimmed);
        let lead = (raw.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
        return Some(Err(match e {
            ParseError::Invalid { error, position } => ParseError::Invalid {
                error,
                position: position + lead,
            },
            e => e,
        }));
    }
    let _ = input;
    None
}

/// The canonical recognizer's answer for a parse into storage, once it has
/// recognized `raw` as `c`: the URL copied (with the '/' a special URL
/// without a path gains). Inlined into the public entry points, so a
/// canonical input never enters the state machine's frame.
#[inline(always)]
fn copy_canonical<S: Storage>(
    raw: &str,
    c: &Canonical,
    out: &mut S,
) -> Result<Offsets, ParseError> {
    let copied = match c.slash {
        None => {
            out.reserve(raw.len());
            out.push_str(raw)
        }
        Some(k) => {
            out.reserve(raw.len() + 1);
            // `k` is the ASCII index where the path starts.
            let (head, tail) = raw.split_at_checked(k).unwrap_or((raw, ""));
            out.push_str(head)
                .and_then(|()| out.push_str("/"))
                .and_then(|()| out.push_str(tail))
        }
    };
    // On failure the URL's length is known: report it.
    copied
        .map(|()| c.off)
        .map_err(|e| with_needed(e.into(), raw.len() + usize::from(c.slash.is_some())))
}

/// `e` with `needed` at least `needed` when it is a capacity error.
#[cold]
#[inline(never)]
fn with_needed(e: ParseError, needed: usize) -> ParseError {
    match e {
        ParseError::Capacity(c) => ParseError::Capacity(CapacityError {
            needed: c.needed.max(needed),
            ..c
        }),
        e => e,
    }
}

/// The reference resolver's answer: the base's kept prefix and the
/// reference's tail, copied.
#[inline]
fn copy_reference<S: Storage>(r: &Reference<'_, '_>, out: &mut S) -> Result<Offsets, ParseError> {
    let len = r.head.len() + r.tail.len();
    out.reserve(len);
    match out.push_str(r.head).and_then(|()| out.push_str(r.tail)) {
        Ok(()) => Ok(r.off),
        Err(e) => Err(with_needed(e.into(), len)),
    }
}

/// The canonical recognizer for a borrowed parse: `None` when `input` is
/// not a canonical URL of a shape it knows, else the offsets of the URL
/// over `input` or, when the serialization gains a '/',
/// [`ParseError::NotCanonical`].
#[inline(always)]
fn borrow_canonical(input: &str) -> Option<Result<Offsets, ParseError>> {
    let c = canonical::canonical(input.as_bytes())?;
    answered(Route::Canonical, Form::Given);
    Some(match c.slash {
        None => Ok(c.off),
        Some(_) => Err(ParseError::NotCanonical),
    })
}

/// Which of the two states [`override_query_or_fragment`] runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum QueryOrFragmentState {
    /// The query state, whose percent-encode set the scan stops at.
    Query(Stop),
    /// The fragment state.
    Fragment,
}

/// The override ladder for the pathname setter: the path start state with
/// a state override over `value`, appended to `out`. A special URL other
/// than `file:` takes the straight-line path writer; anything else, or a
/// value with a tab or newline or that does not fit, the state machine
/// (which reports a lack of room itself).
pub(crate) fn override_path<T: Storage>(
    value: &str,
    scheme_type: SchemeType,
    host_kind: HostKind,
    out: &mut T,
) -> Result<(), ParseError> {
    let start = out.len();
    if scheme_type.is_special() && scheme_type != SchemeType::File {
        let mut w = Output::appending(value, out);
        if write_path(
            &mut w,
            value.as_bytes(),
            0,
            scheme_type,
            StateOverride::Given,
        )
        .is_ok()
        {
            answered(Route::Straight, Form::Given);
            return Ok(());
        }
        out.truncate(start);
    }
    let input = Input::new(value, 0, TabOrNewline::Assumed);
    let w = Output::appending(input.s, out);
    let mut sink = NoValidation;
    let mut machine = StateMachine::for_setter(input, w, &mut sink, scheme_type, host_kind);
    let written = machine.override_path_start();
    answered(Route::StateMachine, Form::Given);
    written
}

/// The override ladder for the search and hash setters: `?` or `#`, then
/// the query or fragment state with a state override over `value`,
/// appended to `out`: the straight-line encoder (which drops tabs and
/// newlines as it goes), or, for a value that does not fit, the state
/// machine, whose capacity error says how much room it needs.
pub(crate) fn override_query_or_fragment<T: Storage>(
    value: &str,
    state: QueryOrFragmentState,
    scheme_type: SchemeType,
    host_kind: HostKind,
    out: &mut T,
) -> Result<(), ParseError> {
    let start = out.len();
    {
        let mut w = Output::appending(value, out);
        let (delimiter, stop) = match state {
            QueryOrFragmentState::Query(stop) => (b'?', stop),
            QueryOrFragmentState::Fragment => (b'#', Stop::Fragment),
        };
        let written = w
            .push_byte(delimiter)
            .and_then(|()| encode_query_or_fragment(&mut w, value.as_bytes(), 0, stop, false));
        if written.is_ok() {
            answered(Route::Straight, Form::Given);
            return Ok(());
        }
    }
    out.truncate(start);
    let input = Input::new(value, 0, TabOrNewline::Assumed);
    let w = Output::appending(input.s, out);
    let mut sink = NoValidation;
    let mut machine = StateMachine::for_setter(input, w, &mut sink, scheme_type, host_kind);
    let written = match state {
        QueryOrFragmentState::Fragment => machine.override_fragment(),
        QueryOrFragmentState::Query(_) => machine.override_query(),
    };
    answered(Route::StateMachine, Form::Given);
    written
}
