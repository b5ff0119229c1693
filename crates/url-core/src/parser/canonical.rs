//! The entry points' fast routes around the state machine, over what
//! [`crate::fast::canonical`] recognizes: a canonical input is copied (or
//! borrowed) as is; one that is canonical except for its host gets the host
//! parser's output in place of the host, and nothing else runs. Also the
//! entry points built on those routes alone or first:
//! [`Parser::parse_borrowed_or_into`], [`Url::parse_canonical`] and
//! [`Url::parse_borrowed`].

use super::Parser;
use crate::encoding::QueryEncoder;
use crate::error::ParseError;
use crate::fast::{Canonical, Reference};
use crate::host::parse_host;
use crate::input::Input;
use crate::storage::{Buffer, Storage};
use crate::url::{Offsets, Url};
use crate::validation::{NoValidation, ValidationSink};
use crate::writer::Writer;

/// The canonical fast path (`fast`) for a parse into storage, once
/// `fast::canonical` has recognized `raw` as `c` without `host_parse`: the
/// URL copied (with the '/' a special URL without a path gains). Inlined into
/// the public entry points, so a canonical input never enters the state
/// machine's frame.
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
/// [`ParseError::NotCanonical`]. A host the fast path cannot vouch for
/// (`host_parse`) is left to the full parser, which knows whether the host
/// parser's output equals it.
#[inline(always)]
pub(super) fn borrow_canonical(input: &str) -> Option<Result<Offsets, ParseError>> {
    let c = crate::fast::canonical(input.as_bytes())?;
    if c.host_parse {
        return None;
    }
    Some(match c.slash {
        None => Ok(c.off),
        Some(_) => Err(ParseError::NotCanonical),
    })
}

/// `raw` with its host replaced by the host parser's output (url.bs host
/// state, step 2.4 onwards, for a special URL): the scheme, port, path,
/// query and fragment are already canonical, so they are copied. `None`
/// (with `out` cleared) when the host parser fails or the storage is too
/// small: the full parser then decides, with its own errors.
#[inline(never)]
pub(super) fn copy_with_host<S: Storage>(raw: &str, c: &Canonical, out: &mut S) -> Option<Offsets> {
    let mut off = c.off;
    let (host_start, host_end) = (off.host_start as usize, off.host_end as usize);
    // A port the serialization drops: its ':' and digits are not copied.
    let port_cut = match raw.as_bytes().get(host_end..) {
        Some([b':', digits @ ..]) if off.port.is_none() => {
            1 + digits.iter().take_while(|b| b.is_ascii_digit()).count()
        }
        _ => 0,
    };
    // `fast` checked there is no tab, newline or leading/trailing C0 control
    // or space: the input is its own trimmed form.
    let input = Input {
        s: raw,
        bytes: raw.as_bytes(),
        has_ws: false,
        offset: 0,
    };
    // Straight into the storage: the host's output usually differs from
    // its input, and borrowing until it does costs a comparison and a copy.
    out.reserve(raw.len());
    let mut w = Writer::appending(raw, out);
    let mut write = || -> Result<_, ParseError> {
        w.push_span(0, host_start)?;
        let kind = parse_host(
            &mut w,
            &input,
            host_start,
            host_end,
            false,
            &mut NoValidation,
            false,
        )?;
        let new_host_end = w.len();
        let after_port = host_end + port_cut;
        match c.slash {
            None => w.push_span(after_port, raw.len())?,
            Some(k) => {
                w.push_span(after_port, k)?;
                w.push_byte(b'/')?;
                w.push_span(k, raw.len())?;
            }
        }
        Ok((kind, new_host_end))
    };
    let written = write();
    let finished = written.and_then(|r| Ok(w.finish(false).map(|_| r)?));
    // A host that grew could take the URL past what u32 offsets address;
    // the full parser reports that.
    let Some((kind, new_host_end)) = finished.ok().filter(|_| out.len() <= u32::MAX as usize)
    else {
        out.clear();
        return None;
    };
    // Everything after the host moves by the host's change in length, less
    // a dropped port (the offsets of a `slash` URL already count the '/').
    let moved = |x: u32| (x as usize + new_host_end - host_end - port_cut) as u32;
    off.host_end = new_host_end as u32;
    off.path_start = moved(off.path_start);
    off.query_start = off.query_start.map(moved);
    off.fragment_start = off.fragment_start.map(moved);
    off.host_kind = kind;
    Some(off)
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
            let found = crate::fast::canonical(input.as_bytes());
            if let Some(c) = &found {
                if !c.host_parse && c.slash.is_none() {
                    return Ok(Parsed::Borrowed(Url {
                        buf: input,
                        off: c.off,
                    }));
                }
                let mut storage = storage();
                storage.clear();
                if !c.host_parse {
                    let off = copy_canonical(input, c, &mut storage)?;
                    return Ok(Parsed::Stored(Url { buf: storage, off }));
                }
                if let Some(off) = copy_with_host(input, c, &mut storage) {
                    return Ok(Parsed::Stored(Url { buf: storage, off }));
                }
                return self.parse_full(input, storage).map(Parsed::Stored);
            }
            if let Some(r) = self
                .base
                .as_ref()
                .and_then(|b| crate::fast::reference(input, b))
            {
                let mut storage = storage();
                storage.clear();
                let off = copy_reference(&r, &mut storage)?;
                return Ok(Parsed::Stored(Url { buf: storage, off }));
            }
        }
        let mut storage = storage();
        storage.clear();
        self.parse_full(input, storage).map(Parsed::Stored)
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
            Some(c) if c.slash.is_none() && !c.host_parse => Some(Url {
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
            Some(c) if !c.host_parse => match c.slash {
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
