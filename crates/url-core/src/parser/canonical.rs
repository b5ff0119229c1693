//! The entry points' fast routes around the state machine: over what
//! [`crate::fast::canonical`] recognizes, a canonical input is copied (or
//! borrowed) as is, and a reference the base's serialization resolves is
//! copied from the two; what it declines is tried trimmed, without tabs and
//! newlines, and as a special URL of the common shape
//! ([`super::special`]) before the state machine runs
//! (`Parser::parse_declined`). Also the entry points built on those routes
//! alone or first: [`Parser::parse_borrowed_or_into`],
//! [`Url::parse_canonical`] and [`Url::parse_borrowed`].

use super::special::parse_special;
use super::Parser;
use crate::encoding::QueryEncoder;
use crate::error::ParseError;
use crate::fast::{Canonical, Reference};
use crate::storage::{Buffer, Storage};
use crate::url::{Offsets, Url};
use crate::validation::ValidationSink;

/// The canonical fast path (`fast`) for a parse into storage, once
/// `fast::canonical` has recognized `raw` as `c`: the URL copied (with the
/// '/' a special URL without a path gains). Inlined into the public entry
/// points, so a canonical input never enters the state machine's frame.
#[inline(always)]
pub(super) fn copy_canonical<S: Storage>(
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
    copied.map(|()| c.off).map_err(Into::into)
}

/// The reference fast path (`fast::reference`): the base's kept prefix and
/// the reference's tail, copied.
#[inline]
pub(super) fn copy_reference<S: Storage>(
    r: &Reference<'_, '_>,
    out: &mut S,
) -> Result<Offsets, ParseError> {
    out.reserve(r.head.len() + r.tail.len());
    out.push_str(r.head)?;
    out.push_str(r.tail)?;
    Ok(r.off)
}

/// The canonical fast path for a borrowed parse: `None` when `input` is not
/// a canonical URL of a shape it knows, else the offsets of the URL over
/// `input` or, when the serialization gains a '/',
/// [`ParseError::NotCanonical`].
#[inline(always)]
pub(super) fn borrow_canonical(input: &str) -> Option<Result<Offsets, ParseError>> {
    let c = crate::fast::canonical(input.as_bytes())?;
    Some(match c.slash {
        None => Ok(c.off),
        Some(_) => Err(ParseError::NotCanonical),
    })
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

impl<V: ValidationSink, E: QueryEncoder> Parser<'_, V, E> {
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
    /// ```
    /// use url_core::{Parsed, Parser, SliceStorage};
    /// let mut buf = [0u8; 64];
    /// let mut parser = Parser::new();
    /// match parser.parse_borrowed_or_into("https://example.com/", || SliceStorage::new(&mut buf)) {
    ///     Ok(Parsed::Borrowed(url)) => assert_eq!(url.href(), "https://example.com/"),
    ///     _ => panic!("canonical: borrowed"),
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
        if self.may_take_fast_path() {
            if let Some(c) = &crate::fast::canonical(input.as_bytes()) {
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
            return self.dispatch_declined(input, storage).map(Parsed::Stored);
        }
        let mut storage = storage();
        storage.clear();
        self.parse_full(input, storage).map(Parsed::Stored)
    }
}

impl<V: ValidationSink, E: QueryEncoder> Parser<'_, V, E> {
    /// The fast routes once `fast::canonical` has declined the input as
    /// given, into an empty `storage`: a reference against the base; the
    /// input without leading and trailing C0 controls and spaces (the basic
    /// URL parser's first step), canonical or a reference; a special URL of
    /// the common shape ([`super::special`]); the same without ASCII tabs and
    /// newlines ([`Parser::parse_stripped`]); and else the state machine.
    /// `BASE`: whether the parser has a base; a parse without one (the
    /// entry points know) then links no reference route.
    #[inline(never)]
    fn parse_declined<S: Storage, const BASE: bool>(
        &mut self,
        input: &str,
        mut storage: S,
    ) -> Result<Url<S>, ParseError> {
        let mut raw = input;
        loop {
            if let Some(r) = self.reference::<BASE>(raw) {
                return copy_reference(&r, &mut storage).map(|off| Url { buf: storage, off });
            }
            // A loop rather than a second pass through this function for
            // the trimmed input, which would try the untrimmed routes again.
            let Some(t) = crate::fast::trimmed(raw) else {
                break;
            };
            raw = t;
            if let Some(c) = &crate::fast::canonical(raw.as_bytes()) {
                return copy_canonical(raw, c, &mut storage).map(|off| Url { buf: storage, off });
            }
        }
        if let Some(off) = parse_special(raw, &mut storage) {
            return Ok(Url { buf: storage, off });
        }
        // The state machine from here, not from inside `parse_stripped`,
        // whose stack room would sit under its frames.
        match self.parse_stripped::<S, BASE>(raw, &mut storage) {
            Some(r) => r.map(|off| Url { buf: storage, off }),
            None => self.parse_full(input, storage),
        }
    }

    /// The routes of [`Parser::parse_declined`] again for a trimmed input
    /// `raw` that holds an ASCII tab or newline, with those removed (the
    /// basic URL parser's second step) on the stack: `None` when none
    /// answers or `raw` is longer than the stack room (the state machine
    /// then skips them as it goes).
    #[inline(never)]
    fn parse_stripped<S: Storage, const BASE: bool>(
        &self,
        raw: &str,
        storage: &mut S,
    ) -> Option<Result<Offsets, ParseError>> {
        let mut room = None;
        let stripped = crate::input::without_tab_or_newline(raw, &mut room)?;
        if let Some(c) = &crate::fast::canonical(stripped.as_bytes()) {
            return Some(copy_canonical(stripped, c, storage));
        }
        if let Some(r) = self.reference::<BASE>(stripped) {
            return Some(copy_reference(&r, storage));
        }
        parse_special(stripped, storage).map(Ok)
    }

    /// The reference fast path (`fast::reference`) when the parser has a
    /// base; nothing at all in a parser known to have none.
    #[inline(always)]
    fn reference<'r, const BASE: bool>(
        &'r self,
        raw: &'r str,
    ) -> Option<crate::fast::Reference<'r, 'r>> {
        if !BASE {
            return None;
        }
        self.base
            .as_ref()
            .and_then(|b| crate::fast::reference(raw, b))
    }

    /// [`Parser::parse_declined`] for this parser: with or without the
    /// reference route.
    #[inline(always)]
    pub(super) fn dispatch_declined<S: Storage>(
        &mut self,
        input: &str,
        storage: S,
    ) -> Result<Url<S>, ParseError> {
        if self.base.is_some() {
            self.parse_declined::<S, true>(input, storage)
        } else {
            self.parse_declined::<S, false>(input, storage)
        }
    }
}

impl<'i> Url<&'i str> {
    /// The canonical fast path alone: the URL, borrowing `input`, when
    /// `input` is already its own serialization in the shapes the fast path
    /// knows (most real URLs); `None` otherwise, having spent no more than
    /// that one scan. For callers with another route for everything else —
    /// an owned parse copies the borrowed URL into a String of exactly its
    /// length, and parses anything else into a stack buffer first.
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
        match crate::fast::canonical(input.as_bytes()) {
            Some(c) if c.slash.is_none() => Some(Url {
                buf: input,
                off: c.off,
            }),
            _ => None,
        }
    }

    /// Parses a canonical `input` with zero copies (see [`Parser::parse_borrowed`]).
    pub fn parse_borrowed(input: &'i str) -> Result<Url<&'i str>, ParseError> {
        // The common case without building a Parser, and the fast path not
        // tried twice. Written out rather than through `borrow_canonical`:
        // this is the zero-copy hot path, and the helper's nested result
        // measured 28 instructions per URL more here (kasztp, callgrind).
        match crate::fast::canonical(input.as_bytes()) {
            Some(c) => match c.slash {
                None => Ok(Url {
                    buf: input,
                    off: c.off,
                }),
                Some(_) => Err(ParseError::NotCanonical),
            },
            _ => Parser::new().without_fast_path().parse_borrowed(input),
        }
    }
}
