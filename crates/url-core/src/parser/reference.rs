//! The fast path for a reference resolved against a base: the shapes a
//! crawler meets all day (`/path`, `dir/page`, `./x`, `../x`, `?query`,
//! `#fragment`, the empty string, and `//host/path`) against a special,
//! non-file base, when the reference's path, query and fragment (and, for
//! `//`, its host and port) are already canonical. Then the serialization
//! is a prefix of the base's (for `//`, its scheme and `:`) followed by a
//! suffix of the reference, and nothing else runs. Anything else (a scheme,
//! backslashes, tab/newline, leading C0 control or space, dot segments
//! other than leading `./` and `../`, bytes that would be percent-encoded)
//! goes on down the ladder (`parser::route`). Agreement with the state
//! machine is tested on every WPT input against bases of every kind, and
//! fuzzed.

use super::canonical::{canonical_path_end, is_dot_segment_at, scheme_relative};
use super::scheme::{scan_scheme, SchemeScan};
use crate::byte_class::is_c0_control_or_space;
use crate::simd::{find, last_index_of, Stop};
use crate::url::{Offsets, SchemeType, Url};

/// A resolved reference: the URL is `head` then `tail`.
pub(crate) struct Reference<'b, 'i> {
    /// The kept prefix of the base's serialization.
    pub head: &'b str,
    /// The part of the reference after its leading `./` and `../`.
    pub tail: &'i str,
    /// The result's offsets.
    pub off: Offsets,
}

/// Where the reference's own part starts (the relative state's branches).
enum Start {
    /// The path: after base's directory (`relative`), or replacing base's
    /// path (`/`).
    Path,
    /// `?`: base's path, the reference's query.
    Query,
    /// `#`: base's path and query, the reference's fragment.
    Fragment,
}

/// `input` resolved against `base`, if it is one of this module's shapes.
#[inline]
pub(crate) fn reference<'b, 'i>(input: &'i str, base: &Url<&'b str>) -> Option<Reference<'b, 'i>> {
    let b = base.off;
    if !b.scheme_type.is_special() || b.scheme_type == SchemeType::File || b.opaque_path {
        return None;
    }
    let href: &'b str = base.buf;
    let bytes = input.as_bytes();
    let fragment_start = b.fragment_start.map_or(href.len(), |f| f as usize);
    let path_end = b.query_start.map_or(fragment_start, |q| q as usize);
    let path_start = b.path_start as usize;
    let (keep, from, start) = match bytes.first() {
        // Base without its fragment.
        None => {
            let head = href.get(..fragment_start)?;
            let mut off = b;
            off.fragment_start = None;
            return Some(Reference {
                head,
                tail: "",
                off,
            });
        }
        Some(b'#') => (fragment_start, 0, Start::Fragment),
        Some(b'?') => (path_end, 0, Start::Query),
        Some(b'/') => match bytes.get(1) {
            // "//" starts an authority: the base's scheme, then the
            // reference as it stands when that is canonical.
            Some(b'/') => {
                let off = scheme_relative(bytes, b.scheme_end, b.scheme_type)?;
                return Some(Reference {
                    head: href.get(..b.scheme_end as usize + 1)?,
                    tail: input,
                    off,
                });
            }
            // '\\' is a slash in a special URL: an authority too.
            Some(b'\\') => return None,
            _ => (path_start, 0, Start::Path),
        },
        Some(&c) => {
            if is_c0_control_or_space(c) || c == b'\\' || has_scheme(bytes) {
                return None;
            }
            // Base's path without its last segment, then one segment fewer
            // per leading "../" (never past the root).
            let path = href.as_bytes().get(path_start..path_end)?;
            let mut dir = last_index_of(path, b'/')? + 1;
            let mut from = 0;
            loop {
                let rest = bytes.get(from..)?;
                if rest.starts_with(b"./") {
                    from += 2;
                } else if rest.starts_with(b"../") {
                    from += 3;
                    dir = last_index_of(path.get(..dir.saturating_sub(1))?, b'/')
                        .map_or(dir, |p| p + 1);
                } else {
                    break;
                }
            }
            // The first segment has no '/' before it in the reference.
            if is_dot_segment_at(bytes, from) {
                return None;
            }
            (path_start + dir, from, Start::Path)
        }
    };
    let mut off = b;
    let mut i = from;
    let at = |i: usize| u32::try_from(keep + i - from).ok();
    if let Start::Path = start {
        off.query_start = None;
        off.fragment_start = None;
        i = canonical_path_end(bytes, i)?;
    }
    if !matches!(start, Start::Fragment) && bytes.get(i) == Some(&b'?') {
        off.query_start = Some(at(i)?);
        off.fragment_start = None;
        i = find(bytes, i + 1, Stop::SpecialQuery);
    }
    if bytes.get(i) == Some(&b'#') {
        off.fragment_start = Some(at(i)?);
        i = find(bytes, i + 1, Stop::Fragment);
    }
    if i != bytes.len() {
        return None;
    }
    at(i)?;
    Some(Reference {
        head: href.get(..keep)?,
        tail: input.get(from..)?,
        off,
    })
}

/// Whether `input` starts with a scheme (the scheme state's scan reaches a
/// `:`, any tab or newline inside skipped, as the parser removes them).
fn has_scheme(input: &[u8]) -> bool {
    scan_scheme(input, 0, SchemeScan::Input).is_ok()
}
