//! Path start, path and opaque path states (url.bs §4.4), the scan the path,
//! query and fragment states share, single- and double-dot path segments
//! (§4.1), and the straight-line path writer of special URLs.

use crate::byte_class::{
    class, is_tab_or_newline, BACKSLASH, C0, HASH, NON_ASCII, NOT_URL_UNIT, PATH, PERCENT, QUERY,
    QUESTION, SLASH, TAB_OR_NEWLINE,
};
use crate::error::ParseError;
use crate::input::utf8_len;
use crate::percent_encode::{percent_encoded, push_encoded_text};
use crate::storage::Storage;
use crate::url::SchemeType;
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};
use super::{Halt, StateOverride};
use crate::output::Output;
use crate::simd::find_path;

/// What [`StateMachine::scan`] runs over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum RunOf {
    /// A path segment, a query or a fragment.
    Component,
    /// An opaque path, where a space stops the run too (it is encoded only
    /// before a `?` or `#`).
    OpaquePath,
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    /// Scans from `i`, appending bytes UTF-8 percent-encoded with `set`, until
    /// a byte whose class is in `stop` (returned with its index) or the end.
    /// Reports invalid-URL-unit as the path, query and fragment states do.
    #[inline]
    pub(super) fn scan(
        &mut self,
        mut i: usize,
        set: u32,
        stop: u32,
        run_of: RunOf,
    ) -> Result<(Option<u8>, usize), ParseError> {
        let stop_at_space = run_of == RunOf::OpaquePath;
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
            let class = class(b);
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
                    for &cb in bytes.get(i..i + n).unwrap_or_default() {
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

    /// invalid-URL-unit for the code point at `i` (path, query, fragment
    /// and opaque path states).
    #[inline]
    pub(super) fn check_url_unit(&mut self, i: usize) {
        if self.input.is_invalid_url_unit(i) {
            self.report(ValidationError::InvalidUrlUnit, i);
        }
    }

    /// The path start and path states by the straight-line path writer
    /// (the straight-line route's, on the vector scans), when no validation
    /// errors are wanted: `None` when it does not apply or the input holds
    /// a tab or newline there (the output is then as before, and the states
    /// run code point by code point). Where the scans are byte loops anyway
    /// (thumbv7em, wasm32), the states keep to their own, which is smaller.
    pub(super) fn straight_line_path(
        &mut self,
        i: &mut usize,
    ) -> Result<Option<State>, ParseError> {
        if !crate::simd::VECTOR || V::ENABLED {
            return Ok(None);
        }
        let mark = self.w.len();
        let written = write_path(
            &mut self.w,
            self.input.bytes,
            *i,
            self.scheme_type,
            StateOverride::Absent,
        );
        match written {
            Ok(k) => {
                *i = k + 1;
                Ok(Some(match self.input.bytes.get(k) {
                    Some(b'?') => State::Query,
                    Some(b'#') => State::Fragment,
                    _ => {
                        *i = k;
                        State::Done
                    }
                }))
            }
            Err(Halt::Capacity(e)) => Err(e.into()),
            Err(Halt::TabOrNewline) => {
                self.w.truncate(mark);
                Ok(None)
            }
        }
    }

    pub(super) fn path_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let special = self.special();
        let stop = SLASH
            | if self.overriding() {
                0
            } else {
                QUESTION | HASH
            }
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
                for &b in self.input.bytes.get(ds..de).unwrap_or_default() {
                    if !crate::byte_class::is_tab_or_newline(b) {
                        self.w.push_byte(b)?;
                    }
                }
            }
            let (c, at) = self.scan(*i, PATH, stop, RunOf::Component)?;
            *i = at;
            let is_slash = c == Some(b'/') || (special && c == Some(b'\\'));
            if special && c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, at);
            }
            let seg = self.w.as_bytes().get(seg_start + 1..).unwrap_or_default();
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
    pub(super) fn dot_segment_at(&self, i: usize) -> Option<(bool, usize)> {
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
                Some(b'?') | Some(b'#') if !self.overriding() => break,
                Some(b'\\') if self.special() => break,
                Some(b) if n < seg.len() && matches!(b, b'.' | b'%' | b'2' | b'e' | b'E') => {
                    seg[n] = b;
                    n += 1;
                    j += 1;
                }
                Some(_) => return None,
            }
        }
        let seg = seg.get(..n).unwrap_or_default();
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
    pub(super) fn shorten_path(&mut self, path_start: usize) {
        let path = self.w.as_bytes().get(path_start..).unwrap_or_default();
        if self.is_lone_drive_letter_path(path) {
            return;
        }
        if let Some(k) = path.iter().rposition(|&b| b == b'/') {
            self.w.truncate(path_start + k);
        }
    }

    pub(super) fn opaque_path_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        loop {
            let (c, at) = self.scan(*i, C0, QUESTION | HASH, RunOf::OpaquePath)?;
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

/// Path start and path states from `i` (the end of the authority, or the
/// start of a pathname setter's value) for a URL of `scheme_type` with a
/// host: writes the path and returns the index of the `?`, `#` or end that
/// ends it. Runs between stops are copied; bytes in the path percent-encode
/// set are encoded; a dot segment is dropped, a double-dot one with the
/// segment before it (shorten url's path). A special URL's `\` is written
/// `/`, and its path always starts with one; a non-special URL's `\` is a
/// path byte, and its path is empty when nothing follows the authority. A
/// `file:` URL's first segment, written into an empty path, turns a Windows
/// drive letter's `|` into `:`, and shortening keeps a lone normalized
/// drive letter. With a state override (the pathname setter) `?` and `#`
/// are path bytes, percent-encoded, and end no segment. The straight-line
/// form of those states (the straight-line route, the pathname setter, and
/// the state machine for an input without tab or newline). A tab or
/// newline is skipped, as the basic URL parser removes it, except at the
/// path's start, in a `file:` path, or in a segment whose first other byte
/// is `.` or `%` (removing it could make a dot segment), or the first
/// segment's when `/` or `\\` follows (an authority): there it halts.
pub(crate) fn write_path<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    i: usize,
    scheme_type: SchemeType,
    state_override: StateOverride,
) -> Result<usize, Halt> {
    let overriding = state_override == StateOverride::Given;
    let special = scheme_type.is_special();
    let file = scheme_type == SchemeType::File;
    // What ends a run of text to encode: a segment's end, which the loop
    // below looks at (the next may be a dot segment), or the path's.
    let halt = TAB_OR_NEWLINE | SLASH | BACKSLASH | if overriding { 0 } else { QUESTION | HASH };
    let path_start = w.len();
    // Path start state. A special URL's path always starts with '/': the
    // input's own first slash, or one the serializer adds before an empty
    // first segment. A non-special URL's starts with the input's.
    let mut i = match bytes.get(i) {
        Some(b'/') => i + 1,
        Some(b'\\') if special => i + 1,
        Some(b'?' | b'#') if !overriding => {
            if special {
                w.push_byte(b'/')?;
            }
            return Ok(i);
        }
        None => {
            if special {
                w.push_byte(b'/')?;
            }
            return Ok(i);
        }
        // Removed, it might leave a '/' or '\\' to start the path.
        Some(&b) if is_tab_or_newline(b) => return Err(Halt::TabOrNewline),
        // Path state from the same code point.
        Some(_) => i,
    };
    w.push_byte(b'/')?;
    // Whether the byte at `t` ends a segment.
    let ends = |t: usize| match bytes.get(t) {
        None | Some(b'/') => true,
        Some(b'\\') => special,
        Some(b'?' | b'#') => !overriding,
        Some(_) => false,
    };
    let dot_segment = |k: usize| dot_segment_in(bytes, k, special).filter(|&(_, t)| ends(t));
    // At the top of this loop `i` starts a segment and the output ends in
    // '/'.
    let first_segment = i;
    'segment: loop {
        let segment = i;
        let mut run = i;
        if file && w.len() == path_start + 1 && is_drive_letter_segment(bytes, i, &ends) {
            // A Windows drive letter appended to an empty path: "C|" is
            // written "C:".
            w.push_span(i, i + 1)?;
            w.push_byte(b':')?;
            i += 2;
            run = i;
        } else if let Some((double, t)) = dot_segment(i) {
            if double {
                shorten(w, path_start, file);
            }
            if bytes
                .get(t)
                .is_some_and(|&b| b == b'/' || (special && b == b'\\'))
            {
                i = t + 1;
                continue 'segment;
            }
            // A last dot segment leaves the path ending in '/' (the empty
            // segment the standard appends).
            return Ok(t);
        }
        loop {
            let k = find_path(bytes, i);
            let Some(&b) = bytes.get(k) else {
                w.push_span(run, k)?;
                return Ok(k);
            };
            match b {
                b'?' | b'#' if !overriding => {
                    w.push_span(run, k)?;
                    return Ok(k);
                }
                // Right after a '/' (the only place `find_path` stops at
                // these): perhaps a dot segment.
                b'.' | b'%' => {
                    if dot_segment(k).is_some() {
                        w.push_span(run, k)?;
                        i = k;
                        continue 'segment;
                    }
                    i = k + 1;
                }
                b'\\' if special => {
                    w.push_span(run, k)?;
                    w.push_byte(b'/')?;
                    i = k + 1;
                    continue 'segment;
                }
                // A non-special URL's path byte, not in the set.
                b'\\' => i = k + 1,
                _ if is_tab_or_newline(b) => {
                    // Removed, as the basic URL parser removes it first,
                    // unless that could make the segment a dot segment or
                    // a drive letter, or the first segment's start a
                    // second slash (an authority, without one before the
                    // path): then the route halts (its caller parses the
                    // input without them).
                    // The scan does not stop at '/': the segment starts
                    // after the last one before the tab.
                    let start = bytes
                        .get(segment..k)
                        .unwrap_or_default()
                        .iter()
                        .rposition(|&c| c == b'/' || (special && c == b'\\'))
                        .map_or(segment, |p| segment + p + 1);
                    let first = bytes
                        .get(start..)
                        .unwrap_or_default()
                        .iter()
                        .find(|&&c| !is_tab_or_newline(c));
                    if file
                        || matches!(first, Some(b'.' | b'%'))
                        || (start == first_segment && matches!(first, Some(b'/' | b'\\')))
                    {
                        return Err(Halt::TabOrNewline);
                    }
                    w.push_span(run, k)?;
                    i = k + 1;
                    run = i;
                }
                _ => {
                    w.push_span(run, k)?;
                    // The rest of the run too (a non-ASCII code point is
                    // two to four bytes): what the arms above leave.
                    i = push_encoded_text::<_, false>(w, bytes, k, PATH, halt)?;
                    run = i;
                }
            }
        }
    }
}

/// Whether the segment at `i` is a Windows drive letter (url.bs §4.2): an
/// ASCII alpha and `:` or `|`, then what ends a segment.
#[inline]
fn is_drive_letter_segment(bytes: &[u8], i: usize, ends: &impl Fn(usize) -> bool) -> bool {
    bytes.get(i).is_some_and(u8::is_ascii_alphabetic)
        && matches!(bytes.get(i + 1), Some(b':' | b'|'))
        && ends(i + 2)
}

/// Shorten url's path, on an output path that ends in '/': the last
/// segment goes, unless the path is only "/", or, for a `file:` URL
/// (`file`), only a normalized Windows drive letter.
fn shorten<S: Storage>(w: &mut Output<'_, '_, S>, path_start: usize, file: bool) {
    let end = w.len().saturating_sub(1);
    let path = w.as_bytes().get(path_start..end).unwrap_or_default();
    if file && matches!(path, [b'/', d, b':'] if d.is_ascii_alphabetic()) {
        return;
    }
    if let Some(k) = path.iter().rposition(|&b| b == b'/') {
        w.truncate(path_start + k + 1);
    }
}

// Single-dot and double-dot URL path segments (url.bs §4.1), which the
// path state removes and the canonical recognizer must not meet.

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

/// Whether a single- or double-dot segment of a special URL's path starts
/// at `i` (ended by `/`, `\`, `?`, `#` or the end): `Some((double, end))`,
/// `end` being the index of what ends it.
#[inline]
pub(crate) fn dot_segment_at(input: &[u8], i: usize) -> Option<(bool, usize)> {
    dot_segment_in(input, i, true)
}

/// [`dot_segment_at`] in the path of a URL that is `special` or not (a
/// non-special URL's `\` ends no segment).
#[inline]
pub(crate) fn dot_segment_in(input: &[u8], i: usize, special: bool) -> Option<(bool, usize)> {
    let rest = input.get(i..)?;
    // What ends a segment, at `n`.
    let ends = |n: usize| match rest.get(n) {
        None | Some(b'/' | b'?' | b'#') => true,
        Some(b'\\') => special,
        Some(_) => false,
    };
    // "." or "%2e" (any case) at `n`: its length. A single-dot segment is
    // one, a double-dot segment two (url.bs §4.1), so each byte is read
    // once. Finding the segment's end first, then comparing it with the
    // six spellings, was half the path writer's instructions on a path of
    // dot segments (callgrind).
    let dot = |n: usize| match rest.get(n..).unwrap_or_default() {
        [b'.', ..] => Some(1),
        [b'%', b'2', e, ..] if *e | 0x20 == b'e' => Some(3),
        _ => None,
    };
    let first = dot(0)?;
    if ends(first) {
        return Some((false, i + first));
    }
    let end = first + dot(first)?;
    ends(end).then_some((true, i + end))
}
