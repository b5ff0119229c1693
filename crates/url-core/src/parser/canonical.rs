//! The entry points' fast routes around the state machine, over what
//! [`crate::fast::canonical`] recognizes: a canonical input is copied (or
//! borrowed) as is; one that is canonical except for its host gets the host
//! parser's output in place of the host, and nothing else runs.

use crate::error::ParseError;
use crate::fast::Canonical;
use crate::host::parse_host;
use crate::input::Input;
use crate::storage::Storage;
use crate::url::Offsets;
use crate::validation::NoValidation;
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
            out.push_str(&raw[..k])
                .and_then(|()| out.push_str("/"))
                .and_then(|()| out.push_str(&raw[k..]))
        }
    };
    copied.map(|()| c.off).map_err(Into::into)
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
    // `fast` checked there is no tab, newline or leading/trailing C0 control
    // or space: the input is its own trimmed form.
    let input = Input {
        s: raw,
        bytes: raw.as_bytes(),
        has_ws: false,
        offset: 0,
    };
    let mut w = Writer::new(raw, out);
    let mut write = || -> Result<_, ParseError> {
        w.push_span(0, host_start)?;
        let kind = parse_host(
            &mut w,
            &input,
            host_start,
            host_end,
            false,
            &mut NoValidation,
        )?;
        let new_host_end = w.len();
        match c.slash {
            None => w.push_span(host_end, raw.len())?,
            Some(k) => {
                w.push_span(host_end, k)?;
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
    // Everything after the host moves by the host's change in length (the
    // offsets of a `slash` URL already count the '/').
    let moved = |x: u32| (x as usize + new_host_end - host_end) as u32;
    off.host_end = new_host_end as u32;
    off.path_start = moved(off.path_start);
    off.query_start = off.query_start.map(moved);
    off.fragment_start = off.fragment_start.map(moved);
    off.host_kind = kind;
    Some(off)
}
