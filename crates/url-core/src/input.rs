//! The parser's view of its input after the first two steps of the basic URL
//! parser: leading/trailing C0 control or space trimmed, and ASCII tab or
//! newline *skipped on the fly* (no allocator, so they cannot be removed).

use crate::byte_class::{
    class, is_c0_control_or_space, is_tab_or_newline, is_url_code_point_non_ascii, NOT_URL_UNIT,
};
use crate::validation::{ValidationError, ValidationSink};

/// What [`Input::new`] finds out about ASCII tab or newline in its input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TabOrNewline {
    /// Nothing: they may occur, and are skipped where met.
    Assumed,
    /// Whether they occur, up front (to report them as validation errors).
    Found,
}

#[derive(Clone, Copy)]
pub(crate) struct Input<'i> {
    /// The trimmed input.
    pub s: &'i str,
    pub bytes: &'i [u8],
    /// Whether `s` may contain ASCII tab or newline; `false` only when known
    /// not to (then skipping is free).
    pub has_ws: bool,
    /// Offset of `s` in the caller's input, for validation error positions.
    pub offset: usize,
}

impl<'i> Input<'i> {
    /// The parser's input `s`, at `offset` in the caller's.
    pub fn new(s: &'i str, offset: usize, tabs: TabOrNewline) -> Self {
        let bytes = s.as_bytes();
        let has_ws = tabs == TabOrNewline::Assumed || contains_tab_or_newline(bytes);
        Input {
            s,
            bytes,
            has_ws,
            offset,
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    // With the `small` feature these readers are out of line: one call is
    // shorter than a copy inlined at each of the state machine's call sites.

    /// First index ≥ `i` that is not an ASCII tab or newline.
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    pub fn skip_ws(&self, mut i: usize) -> usize {
        if self.has_ws {
            while i < self.bytes.len() && is_tab_or_newline(self.bytes[i]) {
                i += 1;
            }
        }
        i
    }

    /// The byte of the code point at `i` (after skipping tab/newline), and its index.
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    pub fn at(&self, i: usize) -> (Option<u8>, usize) {
        let i = self.skip_ws(i);
        (self.bytes.get(i).copied(), i)
    }

    /// The byte at or after `i`, skipping tab/newline.
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    pub fn peek(&self, i: usize) -> Option<u8> {
        self.at(i).0
    }

    /// The code point after the one at `i` ("remaining"'s first code point).
    /// `i` must index a code point's first byte.
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    pub fn peek_after(&self, i: usize) -> Option<u8> {
        let next = i + utf8_len(self.bytes.get(i).copied().unwrap_or(0));
        self.peek(next)
    }

    /// The first two code points of remaining after `i`.
    #[cfg_attr(not(feature = "small"), inline)]
    #[cfg_attr(feature = "small", inline(never))]
    pub fn remaining2(&self, i: usize) -> (Option<u8>, Option<u8>) {
        let next = i + utf8_len(self.bytes.get(i).copied().unwrap_or(0));
        let (a, ai) = self.at(next);
        let b = match a {
            Some(a) => self.peek(ai + utf8_len(a)),
            None => None,
        };
        (a, b)
    }

    /// Caller-visible position of index `i`.
    #[inline]
    pub fn pos(&self, i: usize) -> usize {
        self.offset + i
    }

    /// Whether the code point at `i` is an invalid URL unit (url.bs §1.1
    /// invalid-URL-unit): not a URL code point, and not a `%` followed by
    /// two ASCII hex digits (tab/newline skipped). Tab and newline are not:
    /// they are removed.
    pub fn is_invalid_url_unit(&self, i: usize) -> bool {
        let Some(&b) = self.bytes.get(i) else {
            return false;
        };
        if b == b'%' {
            let (h, hi) = self.at(i + 1);
            let l = self.peek(hi + 1);
            !(h.is_some_and(|h| h.is_ascii_hexdigit()) && l.is_some_and(|l| l.is_ascii_hexdigit()))
        } else if b < 0x80 {
            class(b) & NOT_URL_UNIT != 0 && !is_tab_or_newline(b)
        } else {
            self.s
                .get(i..)
                .and_then(|s| s.chars().next())
                .is_some_and(|c| !is_url_code_point_non_ascii(c))
        }
    }

    /// Reports invalid-URL-unit for every code point of `[start..end)` that
    /// is one (the opaque-host parser's check).
    pub fn report_invalid_url_units<V: ValidationSink>(
        &self,
        start: usize,
        end: usize,
        sink: &mut V,
    ) {
        let mut i = start;
        while i < end {
            if self.is_invalid_url_unit(i) {
                sink.report(ValidationError::InvalidUrlUnit, self.pos(i));
            }
            i += utf8_len(self.bytes.get(i).copied().unwrap_or(0));
        }
    }

    /// Whether `[i..end)` (tab/newline skipped) starts with a Windows drive
    /// letter (url.bs §4.2): two code points alpha + `:`/`|`, then end or
    /// `/`, `\`, `?`, `#`.
    pub fn starts_with_windows_drive_letter(&self, i: usize) -> bool {
        let (a, ai) = self.at(i);
        let Some(a) = a else { return false };
        if !a.is_ascii_alphabetic() {
            return false;
        }
        let (b, bi) = self.at(ai + 1);
        if !matches!(b, Some(b':') | Some(b'|')) {
            return false;
        }
        matches!(
            self.peek(bi + 1),
            None | Some(b'/') | Some(b'\\') | Some(b'?') | Some(b'#')
        )
    }
}

/// Where `bytes` starts and ends once its leading and trailing C0 control
/// or space are removed (url.bs §4.4, basic URL parser step 1): what
/// remains is `bytes[lead..trail]`.
#[inline]
pub(crate) fn c0_space_trim(bytes: &[u8]) -> (usize, usize) {
    let lead = bytes
        .iter()
        .position(|&b| !is_c0_control_or_space(b))
        .unwrap_or(bytes.len());
    let trail = bytes
        .get(lead..)
        .unwrap_or_default()
        .iter()
        .rposition(|&b| !is_c0_control_or_space(b))
        .map_or(lead, |p| lead + p + 1);
    (lead, trail)
}

/// `input` without its leading and trailing C0 control or space, when it
/// has some: the fast engines recognize nothing that starts or ends with
/// one, so the route ladder tries them again on this.
#[inline(always)]
pub(crate) fn trimmed(input: &str) -> Option<&str> {
    let b = input.as_bytes();
    if b.first().is_some_and(|&c| is_c0_control_or_space(c))
        || b.last().is_some_and(|&c| is_c0_control_or_space(c))
    {
        Some(trim_c0_space(input))
    } else {
        None
    }
}

#[inline(never)]
fn trim_c0_space(input: &str) -> &str {
    let (lead, trail) = c0_space_trim(input.as_bytes());
    // Only ASCII bytes are removed, so both ends are `char` boundaries.
    input.get(lead..trail).unwrap_or_default()
}

/// An eight-byte chunk, and whether it may hold an ASCII tab or newline:
/// whether it has a byte below 0x0E, by one subtraction and two ANDs on the
/// word (exact for thresholds up to 0x80). Nearly every word of a URL has
/// none, and then cannot hold one.
#[inline(always)]
fn word_may_hold_tab_or_newline(chunk: &[u8]) -> ([u8; 8], bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut w = [0u8; 8];
    crate::bytes::copy(&mut w, chunk);
    let x = u64::from_le_bytes(w);
    (w, x.wrapping_sub(ONES * 0x0E) & !x & HIGH != 0)
}

/// Whether `bytes` holds an ASCII tab or newline: 16 bytes per step on a
/// vector unit, else eight.
#[inline]
pub(crate) fn contains_tab_or_newline(bytes: &[u8]) -> bool {
    if crate::simd::VECTOR {
        return crate::simd::contains_tab_or_newline(bytes);
    }
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        if word_may_hold_tab_or_newline(c).1 && c.iter().copied().any(is_tab_or_newline) {
            return true;
        }
    }
    chunks.remainder().iter().copied().any(is_tab_or_newline)
}

/// The longest input [`without_tab_or_newline`] takes.
pub(crate) const STRIP_ROOM: usize = 256;

/// `s` without its ASCII tabs and newlines, written into `room` (made
/// only then), when it has some and is at most [`STRIP_ROOM`] bytes long.
/// Removing ASCII bytes from UTF-8 leaves UTF-8.
///
/// Eight bytes at a time: a word with no byte below 0x0E is copied whole;
/// one with a tab or newline byte by byte, each byte written and the end
/// moved past it only when it stays (no branch per byte).
pub(crate) fn without_tab_or_newline<'r>(
    s: &str,
    room: &'r mut Option<[u8; STRIP_ROOM]>,
) -> Option<&'r str> {
    let bytes = s.as_bytes();
    if bytes.len() > STRIP_ROOM || !contains_tab_or_newline(bytes) {
        return None;
    }
    let room = room.insert([0u8; STRIP_ROOM]);
    let mut n = 0;
    let keep = |room: &mut [u8; STRIP_ROOM], n: &mut usize, b: u8| {
        if let Some(slot) = room.get_mut(*n) {
            *slot = b;
        }
        *n += usize::from(!is_tab_or_newline(b));
    };
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let (w, may_hold) = word_may_hold_tab_or_newline(c);
        if !may_hold {
            // `n` trails the input's index, so the word fits.
            if let Some(dst) = room.get_mut(n..n + 8) {
                dst.copy_from_slice(&w);
            }
            n += 8;
        } else {
            for &b in c {
                keep(room, &mut n, b);
            }
        }
    }
    for &b in chunks.remainder() {
        keep(room, &mut n, b);
    }
    let kept = room.get(..n)?;
    crate::simd::ascii_str(kept).or_else(|| core::str::from_utf8(kept).ok())
}

/// Where the byte at `p` of `raw` without its ASCII tabs and newlines (as
/// [`without_tab_or_newline`] leaves it; `p` may be its length) was in
/// `raw`, for an error position found there. The state machine reports an
/// error at a code point, where the byte is, or at the boundary after the
/// code point before it; the two differ only when a tab or newline lies
/// between, so then `None` (and the state machine reports it).
/// `at_byte`: the error is one the state machine always reports at the
/// code point's byte (a host's or port's, once the tabs before it were
/// skipped), so the two readings need not agree.
pub(crate) fn position_before_stripping(raw: &[u8], p: usize, at_byte: bool) -> Option<usize> {
    let mut kept = 0;
    let mut after_removed = false;
    for (k, &b) in raw.iter().enumerate() {
        let removed = is_tab_or_newline(b);
        if !removed {
            if kept == p {
                return (at_byte || !after_removed).then_some(k);
            }
            kept += 1;
        }
        after_removed = removed;
    }
    (kept == p && !after_removed).then_some(raw.len())
}

/// Length of the UTF-8 sequence starting with `b` (1 for ASCII and for
/// continuation bytes, which callers never pass).
#[cfg_attr(not(feature = "small"), inline)]
#[cfg_attr(feature = "small", inline(never))]
pub(crate) fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0xBF => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    /// Each kept byte maps to its own index, and the end to the end,
    /// except right after a removed byte.
    #[test]
    fn positions_before_stripping() {
        let raw = "ab\tc\n\rd\u{e9}e\t".as_bytes();
        // (At the boundary, at the byte): the two differ right after a
        // removed byte (`c` at 3, `d` at 6); past a trailing one, neither.
        let want = [
            (Some(0), Some(0)),
            (Some(1), Some(1)),
            (None, Some(3)),
            (None, Some(6)),
            (Some(7), Some(7)),
            (Some(8), Some(8)),
            (Some(9), Some(9)),
            (None, None),
        ];
        for (p, &(boundary, byte)) in want.iter().enumerate() {
            assert_eq!(position_before_stripping(raw, p, false), boundary, "{p}");
            assert_eq!(position_before_stripping(raw, p, true), byte, "{p}");
        }
        assert_eq!(position_before_stripping(b"a\tb", 3, false), None);
        assert_eq!(position_before_stripping(b"a\tb", 2, false), Some(3));
        assert_eq!(position_before_stripping(b"a\tb", 1, true), Some(2));
        assert_eq!(position_before_stripping(b"", 0, false), Some(0));
    }

    /// Against the definition (every other code point, in order), over
    /// inputs of every length up to the room and one past it, with tabs,
    /// newlines and carriage returns at every alignment, non-ASCII code
    /// points among them, and bytes just above and below 0x0E.
    #[test]
    fn without_tab_or_newline_removes_exactly_those() {
        let alphabet = [
            "a", "\t", "\n", "\r", "é", "\u{b}", "\u{e}", "\u{c}", "/", "字",
        ];
        let mut rng = crate::test_rng::Xorshift::new(0x9e37_79b9_7f4a_7c15);
        for len in 0..=STRIP_ROOM + 1 {
            for _ in 0..8 {
                let mut s = String::new();
                while s.len() < len {
                    let x = rng.next_u64();
                    // Mostly plain bytes, so that whole words occur.
                    let k = if x % 4 == 0 {
                        (x >> 8) as usize % alphabet.len()
                    } else {
                        0
                    };
                    s.push_str(alphabet[k]);
                }
                let expected: String = s
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect();
                let mut room = None;
                let got = without_tab_or_newline(&s, &mut room);
                if s.len() > STRIP_ROOM || s == expected {
                    assert_eq!(got, None, "{s:?}");
                } else {
                    assert_eq!(got, Some(expected.as_str()), "{s:?}");
                }
                assert_eq!(
                    contains_tab_or_newline(s.as_bytes()),
                    s.contains(['\t', '\n', '\r']),
                    "{s:?}"
                );
            }
        }
    }
}
