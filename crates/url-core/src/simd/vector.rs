//! `find`, `find_path` and `is_ascii` over 16-byte chunks, in terms of
//! `lanes`: a chunk's per-byte answers as a mask of `LANE_BITS` bits per
//! byte, byte 0 lowest.

use super::lanes::{Wide, LANE_BITS, V};
use super::Stop;
use crate::byte_class::is_tab_or_newline;

/// The operations the scans need from a vector unit: 16 bytes in,
/// per-byte answers (all ones or zero) out.
pub(super) trait Lanes: Copy {
    /// The 16 bytes of `chunk`.
    fn load(chunk: &[u8; 16]) -> Self;
    /// Bytes 0..8 from `lo` and 8..16 from `hi`, little-endian: a chunk
    /// made in registers, which a load of bytes just stored one word at a
    /// time is not (the load waits for the stores).
    fn from_words(lo: u64, hi: u64) -> Self;
    /// Bytes equal to `c`.
    fn eq(self, c: u8) -> Self;
    /// Bytes equal to `c` or to `c` without `bit`: two bytes one bit
    /// apart in one compare (`x | bit == c`).
    fn eq2(self, c: u8, bit: u8) -> Self;
    /// Bytes outside 0x21..=0x7E: C0 controls, space, DEL, non-ASCII.
    fn outside(self) -> Self;
    /// Bytes in 0x40..=0x5E: '@', 'A'..='Z', '[', '\\', ']', '^'.
    fn at_to_caret(self) -> Self;
    /// Bytes ≥ 0x80.
    fn non_ascii(self) -> Self;
    /// Bytes in `lo..=hi` (`hi - lo` < 127).
    fn within(self, lo: u8, hi: u8) -> Self;
    /// Every byte with the bits of `bits` set.
    fn with_bits(self, bits: u8) -> Self;
    /// Either answer.
    fn or(self, other: Self) -> Self;
    /// `LANE_BITS` bits per byte, byte 0 lowest.
    fn mask(self) -> u64;
}

/// Whether `stop` stops at each byte of `chunk` (the sets of
/// [`Stop::stops_at`], with bytes one bit apart paired).
#[inline(always)]
fn stop_mask(x: V, stop: Stop) -> u64 {
    let outside = x.outside();
    // '"' and '#' (0x22, 0x23); '<' and '>' (0x3C, 0x3E).
    let query = || outside.or(x.eq2(b'#', 1)).or(x.eq2(b'>', 2));
    // '/' and '?' (0x2F, 0x3F); '\t' and '\r' (0x09, 0x0D): the
    // authority's end, tab or newline, and the marks that matter inside
    // brackets.
    let bracketed_authority = || {
        x.eq2(b'?', 0x10)
            .or(x.eq(b'#'))
            .or(x.eq(b'\\'))
            .or(x.eq(b'@'))
            .or(x.eq(b']'))
            .or(x.eq2(b'\r', 4))
            .or(x.eq(b'\n'))
    };
    let m = match stop {
        Stop::Query => query(),
        Stop::SpecialQuery => query().or(x.eq(b'\'')),
        Stop::Fragment => outside.or(x.eq(b'"')).or(x.eq(b'`')).or(x.eq2(b'>', 2)),
        // `outside` without the space (0x20), which it holds.
        Stop::OpaquePath => {
            return outside.or(x.eq(b'?')).or(x.eq(b'#')).mask() & !x.eq(b' ').mask();
        }
        // '\\' and '^' (0x5C, 0x5E); '{' with DEL (0x7B, 0x7F) and '}'
        // with DEL (0x7D, 0x7F), DEL being a stop anyway.
        Stop::Path => query()
            .or(x.eq(b'?'))
            .or(x.eq2(b'^', 2))
            .or(x.eq(b'`'))
            .or(x.eq2(0x7F, 4))
            .or(x.eq2(0x7F, 2)),
        // '/' and '?' (0x2F, 0x3F); '<' and '>' (0x3C, 0x3E).
        Stop::Domain => outside
            .or(x.at_to_caret())
            .or(x.eq(b'#'))
            .or(x.eq(b'%'))
            .or(x.eq2(b'?', 0x10))
            .or(x.eq(b':'))
            .or(x.eq(b'|'))
            .or(x.eq2(b'>', 2)),
        Stop::Authority => bracketed_authority().or(x.eq(b':')).or(x.eq(b'[')),
        Stop::BracketedAuthority => bracketed_authority(),
        // The complement of the allowed ranges: all lanes' bits flipped.
        Stop::Ldh => {
            let ok = x
                .within(b'a', b'z')
                .or(x.within(b'0', b'9'))
                .or(x.within(b'-', b'.'));
            return ok.mask() ^ ALL_LANES;
        }
        Stop::LdhAnyCase => {
            let ok = x
                .with_bits(0x20)
                .within(b'a', b'z')
                .or(x.within(b'0', b'9'))
                .or(x.within(b'-', b'.'));
            return ok.mask() ^ ALL_LANES;
        }
    };
    m.mask()
}

/// (Path stops, `/`, `.` or `%`) for each byte of `chunk`.
#[inline(always)]
fn path_masks(x: V) -> (u64, u64, u64) {
    (
        stop_mask(x, Stop::Path),
        x.eq(b'/').mask(),
        x.eq(b'.').or(x.eq(b'%')).mask(),
    )
}

/// (Bytes outside the common path alphabet, `/`, `.`) for each byte
/// of `chunk` ([`super::scan_path`]).
#[inline(always)]
fn common_path_masks(x: V) -> (u64, u64, u64) {
    // Letters of either case; '-', '.', '/' and the digits (0x2D..=0x39).
    let common = x
        .with_bits(0x20)
        .within(b'a', b'z')
        .or(x.within(b'-', b'9'))
        .or(x.eq(b'_'))
        .or(x.eq(b'~'));
    (
        common.mask() ^ ALL_LANES,
        x.eq(b'/').mask(),
        x.eq(b'.').mask(),
    )
}

/// All bits of lane 0.
const LANE0: u64 = (1 << LANE_BITS) - 1;

#[inline(always)]
pub(super) fn find_host(input: &[u8], i: usize) -> usize {
    let len = input.len();
    // The second chunk starts 16 bytes on, or earlier to end at the
    // input's end; then it overlaps the first, whose answers for the
    // shared bytes are the same.
    let second = (i + 16).min(len.saturating_sub(16));
    let (Some(low), Some(high)) = (chunk_at(input, i), chunk_at(input, second)) else {
        return find(input, i, Stop::Ldh);
    };
    let m = two_chunks(
        stop_mask(V::load(low), Stop::Ldh),
        stop_mask(V::load(high), Stop::Ldh),
        second - i,
    );
    if m != 0 {
        return i + (m.trailing_zeros() / LANE_BITS) as usize;
    }
    find(input, second + 16, Stop::Ldh)
}

/// The masks of two chunks, the second `apart` bytes (at most 16) after the
/// first, as one mask of the bytes they cover: the first step of the scans
/// that look at 32 bytes at once, the second chunk clamped to end at the
/// input's end (overlapping lanes answer alike).
#[inline(always)]
fn two_chunks(first: u64, second: u64, apart: usize) -> Wide {
    Wide::from(first) | Wide::from(second) << (apart * LANE_BITS as usize)
}

/// All bits of all 16 lanes.
const ALL_LANES: u64 = u64::MAX >> (64 - 16 * LANE_BITS);

/// The 16 bytes at `i`, if there are that many.
#[inline(always)]
fn chunk_at(input: &[u8], i: usize) -> Option<&[u8; 16]> {
    input.get(i..i.checked_add(16)?)?.try_into().ok()
}

/// The input's last 16 bytes, if it has that many.
#[inline(always)]
fn last_chunk(input: &[u8]) -> Option<&[u8; 16]> {
    input.get(input.len().checked_sub(16)?..)?.try_into().ok()
}

/// For a text of at most 16 bytes: the text as a number (byte 0 lowest,
/// zeros past its end) and, for each of `sets`, one bit per byte (byte 0
/// lowest) for the bytes in it ([`super::in_sets`]).
#[inline(always)]
pub(super) fn in_sets<const N: usize>(
    text: &[u8],
    sets: [super::ByteSet; N],
) -> Option<(u128, [u32; N])> {
    let len = text.len();
    let (lo, hi) = match text.get(..16) {
        Some(all) if len == 16 => {
            let word = |r: Option<&[u8]>| {
                r.and_then(|r| <[u8; 8]>::try_from(r).ok())
                    .map_or(0, u64::from_le_bytes)
            };
            (word(all.get(..8)), word(all.get(8..)))
        }
        Some(_) => return None,
        None => short_words(text),
    };
    let x = V::from_words(lo, hi);
    let lanes = ((1u32 << len) - 1) & 0xFFFF;
    let masks = sets.map(|set| {
        let y = if set.any_case { x.with_bits(0x20) } else { x };
        one_bit_per_byte(y.within(set.lo, set.hi).mask()) & lanes
    });
    Some((u128::from(lo) | u128::from(hi) << 64, masks))
}

/// A chunk's mask with one bit per byte (NEON's has four).
#[inline(always)]
fn one_bit_per_byte(m: u64) -> u32 {
    if LANE_BITS == 1 {
        return m as u32;
    }
    // Bit 0 of each nibble, gathered two, four, eight and sixteen at a time.
    let mut m = m & 0x1111_1111_1111_1111;
    m = (m | m >> 3) & 0x0303_0303_0303_0303;
    m = (m | m >> 6) & 0x000F_000F_000F_000F;
    m = (m | m >> 12) & 0x0000_00FF_0000_00FF;
    m = (m | m >> 24) & 0xFFFF;
    m as u32
}

/// An input of fewer than 16 bytes as a chunk (zeros after it), and the
/// mask of its lanes: one vector step for a short input (a relative
/// reference, a host, a segment) instead of a byte loop, whose exit at a
/// varying length mispredicts about once per scan. The chunk is put
/// together in registers from (overlapping) words of the input: built in
/// memory a word at a time and loaded, it made the load wait for the
/// stores (`can_parse` on node_files: 12.3 -> 18.7 ns).
#[inline(always)]
fn short(input: &[u8]) -> (V, u64) {
    let len = input.len();
    let (lo, hi) = short_words(input);
    let lanes = (1u64 << (len.min(15) * LANE_BITS as usize)) - 1;
    (V::from_words(lo, hi), lanes)
}

/// The bytes of an input of fewer than 16 bytes as two words (zeros
/// after it), from overlapping word loads ([`short`]).
#[inline(always)]
fn short_words(input: &[u8]) -> (u64, u64) {
    let len = input.len();
    let word = |at: usize| {
        input
            .get(at..at + 8)
            .and_then(|s| <[u8; 8]>::try_from(s).ok())
            .map_or(0, u64::from_le_bytes)
    };
    let half = |at: usize| {
        input
            .get(at..at + 4)
            .and_then(|s| <[u8; 4]>::try_from(s).ok())
            .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
    };
    let byte = |at: usize| u64::from(input.get(at).copied().unwrap_or(0)) << (8 * at);
    // Each tail word shifted right past the bytes the head already has.
    let (lo, hi) = match len {
        9.. => (word(0), word(len - 8) >> (8 * (16 - len))),
        8 => (word(0), 0),
        4.. => (half(0) | (half(len - 4) >> (8 * (8 - len))) << 32, 0),
        1.. => (byte(0) | byte(len / 2) | byte(len - 1), 0),
        0 => (0, 0),
    };
    (lo, hi)
}

#[inline(always)]
pub(super) fn last_index_of(input: &[u8], c: u8) -> Option<usize> {
    let len = input.len();
    // Two chunks ending at the input's end (overlapping when it is shorter
    // than 32 bytes), or one built in registers when shorter than 16.
    let start = len.saturating_sub(32);
    let m = match (chunk_at(input, start), last_chunk(input)) {
        (Some(lo), Some(hi)) => two_chunks(
            V::load(lo).eq(c).mask(),
            V::load(hi).eq(c).mask(),
            len - 16 - start,
        ),
        _ => {
            let (chunk, lanes) = short(input);
            Wide::from(chunk.eq(c).mask() & lanes)
        }
    };
    if m != 0 {
        let top = Wide::BITS - 1 - m.leading_zeros();
        return Some(start + (top / LANE_BITS) as usize);
    }
    input.get(..start)?.iter().rposition(|&b| b == c)
}

/// The byte offset of the first lane set in `m` (≠ 0).
#[inline(always)]
fn first(m: u64) -> usize {
    (m.trailing_zeros() / LANE_BITS) as usize
}

#[inline(always)]
pub(super) fn find(input: &[u8], mut i: usize, stop: Stop) -> usize {
    let len = input.len();
    while let Some(chunk) = chunk_at(input, i) {
        let m = stop_mask(V::load(chunk), stop);
        if m != 0 {
            return i + first(m);
        }
        i += 16;
    }
    if i >= len {
        return len;
    }
    // Fewer than 16 bytes left: classify the input's last 16 bytes
    // and ignore those before `i` (already seen), rather than loop
    // per byte.
    match last_chunk(input) {
        Some(last) => {
            let m = stop_mask(V::load(last), stop) >> (LANE_BITS as usize * (i + 16 - len));
            if m != 0 {
                i + first(m)
            } else {
                len
            }
        }
        None => find_in_short(input, i, stop),
    }
}

/// [`find`] in an input of fewer than 16 bytes, out of line: inlined, it
/// made the canonical recognizer (which calls `find` for queries and
/// fragments) 509 bytes longer and 15 instructions slower per URL. One
/// copy per stop (the callers' stops are constants): through one copy for
/// all, the stop's masks were chosen by an indirect jump, which
/// mispredicted on inputs of mixed shapes (`can_parse` of the mutations,
/// a fiftieth of its mispredictions in callgrind's model).
#[inline(always)]
fn find_in_short(input: &[u8], i: usize, stop: Stop) -> usize {
    macro_rules! each {
        ($($s:ident),*) => {
            match stop {
                $(Stop::$s => find_in_short_for::<{ Stop::$s as u8 }>(input, i),)*
            }
        };
    }
    each!(
        Path,
        SpecialQuery,
        Query,
        Fragment,
        Domain,
        Authority,
        BracketedAuthority,
        OpaquePath,
        Ldh,
        LdhAnyCase
    )
}

/// [`find_in_short`] for the stop `Stop::ALL[STOP]`.
#[inline(never)]
fn find_in_short_for<const STOP: u8>(input: &[u8], i: usize) -> usize {
    let stop = const { Stop::ALL[STOP as usize] };
    let (chunk, lanes) = short(input);
    let m = (stop_mask(chunk, stop) & lanes) >> (LANE_BITS as usize * i);
    if m != 0 {
        i + first(m)
    } else {
        input.len()
    }
}

#[inline(always)]
pub(super) fn find_path(input: &[u8], i: usize) -> usize {
    path_scan::<false>(input, i, path_masks, super::find_path_scalar)
}

#[inline(always)]
pub(super) fn scan_path(input: &[u8], i: usize) -> usize {
    path_scan::<true>(input, i, common_path_masks, super::scan_path_scalar)
}

/// `find_path` and `scan_path`, given their masks (stops, `/`, bytes
/// that stop right after a `/`) and their scalar loop for inputs
/// shorter than a chunk. `WINDOW`: the first step is two chunks (see
/// below), for the canonical path's one scan to its end; the parsers
/// that call `find_path` once per segment or byte to encode pay for
/// the second chunk on every call (hosts set: +125 instructions per
/// URL), and keep the single-chunk steps.
#[inline(always)]
fn path_scan<const WINDOW: bool>(
    input: &[u8],
    i: usize,
    masks: impl Fn(V) -> (u64, u64, u64) + Copy,
    scalar: fn(&[u8], usize) -> usize,
) -> usize {
    let len = input.len();
    // Lane 0 of `after_slash`: the byte before the chunk is a '/'.
    let after = |k: usize| {
        if k > 0 && input.get(k - 1) == Some(&b'/') {
            LANE0
        } else {
            0
        }
    };
    // The first step: up to 32 bytes through two chunks clamped to end
    // at the input's end (as in `find_host`), lined up from `i`.
    let Some(end16) = len.checked_sub(16) else {
        return path_scan_short(input, i, masks);
    };
    if !WINDOW {
        return path_chunks(input, i, after(i), masks, scalar);
    }
    let i0 = i.min(len);
    let (a, b) = (i0.min(end16), (i0 + 16).min(end16));
    let (Some(at_a), Some(at_b)) = (chunk_at(input, a), chunk_at(input, b)) else {
        return scalar(input, i);
    };
    let ((stop_a, slash_a, dot_a), (stop_b, slash_b, dot_b)) =
        (masks(V::load(at_a)), masks(V::load(at_b)));
    let join = |x: u64, y: u64| two_chunks(x, y, b - a) >> ((i0 - a) * LANE_BITS as usize);
    let slash = join(slash_a, slash_b);
    let m = join(stop_a, stop_b)
        | (join(dot_a, dot_b) & ((slash << LANE_BITS) | Wide::from(after(i0))));
    if m != 0 {
        return i0 + (m.trailing_zeros() / LANE_BITS) as usize;
    }
    let i = b + 16;
    if i >= len {
        return len;
    }
    path_chunks(input, i, after(i), masks, scalar)
}

/// [`path_scan`] in an input of fewer than 16 bytes, in one chunk (a '/'
/// before `i` is in it); out of line, as [`find_in_short`].
#[inline(never)]
fn path_scan_short(input: &[u8], i: usize, masks: impl Fn(V) -> (u64, u64, u64)) -> usize {
    let len = input.len();
    let (chunk, lanes) = short(input);
    let (stop, slash, dot) = masks(chunk);
    let m = ((stop | (dot & (slash << LANE_BITS))) & lanes) >> (i.min(len) * LANE_BITS as usize);
    if m != 0 {
        i + first(m)
    } else {
        len
    }
}

/// The path scans a chunk at a time from `i`, then the last chunk;
/// `after_slash`: lane 0 set when the byte before `i` is a `/`.
#[inline(always)]
fn path_chunks(
    input: &[u8],
    mut i: usize,
    mut after_slash: u64,
    masks: impl Fn(V) -> (u64, u64, u64),
    scalar: fn(&[u8], usize) -> usize,
) -> usize {
    let len = input.len();
    while let Some(chunk) = chunk_at(input, i) {
        let (stop, slash, dot) = masks(V::load(chunk));
        let m = stop | (dot & ((slash << LANE_BITS) | after_slash));
        if m != 0 {
            return i + first(m);
        }
        after_slash = slash >> (LANE_BITS * 15);
        i += 16;
    }
    if i >= len {
        return len;
    }
    match last_chunk(input) {
        // The byte before `i` is inside this last chunk
        // (i > len - 16), so the shifted slash mask covers it.
        Some(last) => {
            let (stop, slash, dot) = masks(V::load(last));
            let m = (stop | (dot & (slash << LANE_BITS))) >> (LANE_BITS as usize * (i + 16 - len));
            if m != 0 {
                i + first(m)
            } else {
                len
            }
        }
        None => scalar(input, i),
    }
}

/// Without an early exit or a per-byte tail: the answer is almost
/// always yes (URLs are ASCII), and for a URL's length (usually 16 to
/// 64 bytes) four overlapping chunks cover it with no branch on the
/// length, whose every other value would otherwise mispredict a loop
/// exit (the byte tail cost a fixed-buffer `href()` ~1.5 mispredicts,
/// callgrind's model, kasztp).
#[inline]
pub(super) fn is_ascii(bytes: &[u8]) -> bool {
    let Some(last) = last_chunk(bytes) else {
        return short_is_ascii(bytes);
    };
    let len = bytes.len();
    // `len - 16` is where `last` starts; positions are capped there.
    let at = |p: usize| chunk_at(bytes, p.min(len - 16)).map_or(V::load(last), V::load);
    let mut seen = V::load(last).or(at(0)).or(at(16)).or(at(32));
    let mut i = 48;
    while i + 16 < len {
        seen = seen.or(at(i));
        i += 16;
    }
    seen.non_ascii().mask() == 0
}

/// Whether `bytes` holds an ASCII tab or newline: [`is_ascii`]'s
/// overlapping chunks, with one range test per chunk (three compares cost
/// every input that reaches the scan more than the rare second look).
#[inline]
pub(super) fn contains_tab_or_newline(bytes: &[u8]) -> bool {
    // 0x09..=0x0D: tab, newline and carriage return, and two bytes that
    // are neither (vertical tab, form feed), which `exact` rules out.
    let hits = |x: V| x.within(b'\t', b'\r');
    let exact = || bytes.iter().copied().any(is_tab_or_newline);
    let Some(last) = last_chunk(bytes) else {
        // Zeros past a short input's end are none of the three.
        return hits(short(bytes).0).mask() != 0 && exact();
    };
    let len = bytes.len();
    let at = |p: usize| chunk_at(bytes, p.min(len - 16)).map_or(V::load(last), V::load);
    let mut seen = hits(V::load(last))
        .or(hits(at(0)))
        .or(hits(at(16)))
        .or(hits(at(32)));
    let mut i = 48;
    while i + 16 < len {
        seen = seen.or(hits(at(i)));
        i += 16;
    }
    seen.mask() != 0 && exact()
}

/// [`is_ascii`] for fewer than 16 bytes: two overlapping words.
#[inline(always)]
fn short_is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |r: Option<&[u8]>| {
        r.and_then(|r| <[u8; 8]>::try_from(r).ok())
            .map_or(0, u64::from_le_bytes)
    };
    let len = bytes.len();
    if len >= 8 {
        (word(bytes.get(..8)) | word(bytes.get(len - 8..))) & HIGH == 0
    } else {
        bytes.iter().fold(0, |seen, &b| seen | b) < 0x80
    }
}
