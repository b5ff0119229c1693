//! Finding the next byte that needs attention, 16 bytes per step.
//!
//! The canonical fast path (`fast`) spends most of its time scanning runs of
//! bytes that need no encoding. A table lookup per byte costs a load and a
//! branch per byte (or per four), and the loop exit mispredicts at every
//! component; a vector unit classifies 16 bytes with a handful of compares
//! and finds the first stop with one mask and `trailing_zeros`, so a typical
//! host or path segment is one step with no data-dependent loop exit.
//! Measured on kasztp.txt (`cargo xtask bench`, same run, ratio to Ada's
//! time, x86_64): fixed buffer 0.65 → 0.46, borrowed 0.59 → 0.40; callgrind
//! 636 → 548 and 537 → 491 instructions per URL.
//!
//! This is the only module of `url-core` with `unsafe` code: the SSE2
//! (x86_64) and NEON (aarch64) intrinsics, in `lanes`. Every other target
//! (thumbv7em, wasm32 …) uses the scalar loops, which are also the reference
//! the tests compare against — exhaustively over byte values and lane
//! positions, natively and under Miri in CI for both x86_64 and aarch64
//! (Miri interprets the NEON code; this machine has no aarch64 CPU to time
//! it on). Besides the scans it holds the crate's one other `unsafe` block,
//! [`copy_bytes`]: a `memcpy` without the length assert that
//! `copy_from_slice` would link into firmware (see its docs), also run
//! under Miri.
#![allow(unsafe_code)]

use crate::percent_encode::{BACKSLASH, CLASS, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

/// The bytes a scan stops at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// A path byte that ends a canonical path or needs encoding: the path
    /// percent-encode set and `\` (`/` is not a stop: see [`find_path`]).
    Path,
    /// The special-query percent-encode set.
    SpecialQuery,
    /// The query percent-encode set.
    Query,
    /// The fragment percent-encode set.
    Fragment,
    /// Not a canonical domain byte: non-ASCII, upper case, or a forbidden
    /// domain code point.
    Domain,
    /// A byte a special URL's authority state looks at: `/`, `\`, `?`, `#`
    /// (the authority's end), `@`, `:`, `[`, `]`, and ASCII tab or newline.
    Authority,
    /// Not a letter-digit-hyphen domain byte (`a`–`z`, `0`–`9`, `-`, `.`):
    /// the canonical fast path's host scan. Almost every real host is
    /// spelled in these, and the set takes a third of `Domain`'s vector
    /// work; a rarer domain byte such as `_` stops it, and the caller then
    /// declines to a route that parses the host.
    Ldh,
    /// [`Stop::Ldh`] with upper-case letters too: a domain the host parser
    /// only has to lowercase.
    LdhAnyCase,
}

impl Stop {
    /// The class bits of `percent_encode::CLASS` this scan stops at (not
    /// used for `Domain`).
    #[inline(always)]
    const fn class_mask(self) -> u16 {
        match self {
            Stop::Path => PATH | BACKSLASH,
            Stop::SpecialQuery => SPECIAL_QUERY,
            Stop::Query => QUERY,
            Stop::Fragment => FRAGMENT,
            Stop::Domain | Stop::Authority | Stop::Ldh | Stop::LdhAnyCase => 0,
        }
    }

    /// Whether the scan stops at `b` (the reference definition).
    #[inline(always)]
    pub(crate) fn stops_at(self, b: u8) -> bool {
        match self {
            Stop::Domain => !DOMAIN_OK[b as usize],
            Stop::Authority => matches!(
                b,
                b'/' | b'\\' | b'?' | b'#' | b'@' | b':' | b'[' | b']' | b'\t' | b'\n' | b'\r'
            ),
            Stop::Ldh => !matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.'),
            Stop::LdhAnyCase => !(b.is_ascii_alphanumeric() || b == b'-' || b == b'.'),
            _ => CLASS[b as usize] & self.class_mask() != 0,
        }
    }
}

/// Bytes allowed in a canonical domain: ASCII, not upper case, not a
/// forbidden domain code point.
static DOMAIN_OK: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = !c.is_ascii_uppercase() && !crate::host::is_forbidden_domain_code_point(c);
        b += 1;
    }
    t
};

/// The first index ≥ `i` whose byte `stop` stops at, or `input.len()`.
#[inline(always)]
pub(crate) fn find(input: &[u8], i: usize, stop: Stop) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        vector::find(input, i, stop)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        find_scalar(input, i, stop)
    }
}

/// [`find`] for [`Stop::Ldh`] from a host's start. The first step covers 32
/// bytes (fewer at the input's end) through two chunks, the second clamped
/// to end at the input's end, so that its outcome does not depend on the
/// host's length or the URL's: most hosts are shorter than 32 bytes but
/// many are longer than 16, and a first step of one chunk left whether it
/// ends the scan to chance.
#[inline(always)]
pub(crate) fn find_host(input: &[u8], i: usize) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        vector::find_host(input, i)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        find_scalar(input, i, Stop::Ldh)
    }
}

/// The first index ≥ `i` in a path where the canonical fast path must look:
/// a [`Stop::Path`] byte, or a `.` or `%` right after a `/` (a possible dot
/// segment, which the caller checks). One scan for the whole path rather
/// than one per segment.
#[inline(always)]
pub(crate) fn find_path(input: &[u8], i: usize) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        vector::find_path(input, i)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        find_path_scalar(input, i)
    }
}

/// [`find_path`] with a cheaper test: the first index ≥ `i` holding a byte
/// outside the common path alphabet (ASCII letters, digits, `-`, `.`, `/`,
/// `_`, `~`), or a `.` right after a `/`. It stops wherever `find_path`
/// does and at some bytes `find_path` passes (`=`, `%`, `+`, `:`, …), which
/// the caller tests with [`Stop::Path`] and steps over: the alphabet takes
/// half the vector work of the path percent-encode set, and 99% of the
/// corpus paths hold nothing else.
#[inline(always)]
pub(crate) fn scan_path(input: &[u8], i: usize) -> usize {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        vector::scan_path(input, i)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        scan_path_scalar(input, i)
    }
}

/// `scan_path` a byte at a time.
#[inline(always)]
fn scan_path_scalar(input: &[u8], i: usize) -> usize {
    (i..input.len())
        .find(|&k| scan_path_stops_at(input, k))
        .unwrap_or(input.len())
}

/// Whether `scan_path` stops at `input[k]` (the reference definition).
#[inline(always)]
fn scan_path_stops_at(input: &[u8], k: usize) -> bool {
    let Some(&b) = input.get(k) else {
        return false;
    };
    let common = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'/' | b'_' | b'~');
    !common || (b == b'.' && k.checked_sub(1).and_then(|p| input.get(p)) == Some(&b'/'))
}

/// Whether `find_path` stops at `input[k]`.
#[inline(always)]
fn path_stops_at(input: &[u8], k: usize) -> bool {
    let Some(&b) = input.get(k) else {
        return false;
    };
    Stop::Path.stops_at(b)
        || (matches!(b, b'.' | b'%') && k.checked_sub(1).and_then(|p| input.get(p)) == Some(&b'/'))
}

/// `find_path` a byte at a time.
#[inline(always)]
fn find_path_scalar(input: &[u8], i: usize) -> usize {
    (i..input.len())
        .find(|&k| path_stops_at(input, k))
        .unwrap_or(input.len())
}

/// `find` by table lookup, four bytes per step.
#[inline(always)]
fn find_scalar(input: &[u8], i: usize, stop: Stop) -> usize {
    let mut i = i.min(input.len());
    let mut rest = input.get(i..).unwrap_or(&[]);
    while let [a, b, c, d, tail @ ..] = rest {
        if stop.stops_at(*a) | stop.stops_at(*b) | stop.stops_at(*c) | stop.stops_at(*d) {
            break;
        }
        rest = tail;
        i += 4;
    }
    for &b in rest {
        if stop.stops_at(b) {
            break;
        }
        i += 1;
    }
    i
}

/// `true` when every byte is ASCII, 16 bytes per step with a vector unit.
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    {
        vector::is_ascii(bytes)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    {
        bytes.is_ascii()
    }
}

/// Copies the first `min(dst.len(), src.len())` bytes of `src` into `dst`:
/// one `memcpy`, and no length assert. `copy_from_slice` asserts equal
/// lengths, and in a size-optimized firmware build that assert stays out of
/// line and linked in (a panic path, which url-core must not have); an
/// element loop has none but costs the fixed-buffer parse of a canonical
/// URL 9% more instructions (kasztp, 456 -> 499 per URL).
#[inline]
pub(crate) fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    // SAFETY: `src` is valid for reads and `dst` for writes of `n` bytes (the
    // shorter length), and a shared and an exclusive borrow never overlap.
    unsafe { core::ptr::copy_nonoverlapping(src.as_ptr(), dst.as_mut_ptr(), n) }
}

/// `bytes` as a `str` when it is ASCII (all this crate ever writes into a
/// storage), checked faster than `core::str::from_utf8` for short strings.
#[inline]
pub(crate) fn ascii_str(bytes: &[u8]) -> Option<&str> {
    if is_ascii(bytes) {
        // SAFETY: every byte is < 0x80 (checked just above), and a sequence
        // of ASCII bytes is valid UTF-8.
        Some(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        None
    }
}

/// `find`, `find_path` and `is_ascii` over 16-byte chunks, in terms of
/// `lanes`: a chunk's per-byte answers as a mask of `LANE_BITS` bits per
/// byte, byte 0 lowest.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
mod vector {
    use super::lanes::{Wide, LANE_BITS, V};
    use super::Stop;

    /// The operations the scans need from a vector unit: 16 bytes in,
    /// per-byte answers (all ones or zero) out.
    pub(super) trait Lanes: Copy {
        /// The 16 bytes of `chunk`.
        fn load(chunk: &[u8; 16]) -> Self;
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
    fn stop_mask(chunk: &[u8; 16], stop: Stop) -> u64 {
        let x = V::load(chunk);
        let outside = x.outside();
        // '"' and '#' (0x22, 0x23); '<' and '>' (0x3C, 0x3E).
        let query = || outside.or(x.eq2(b'#', 1)).or(x.eq2(b'>', 2));
        let m = match stop {
            Stop::Query => query(),
            Stop::SpecialQuery => query().or(x.eq(b'\'')),
            Stop::Fragment => outside.or(x.eq(b'"')).or(x.eq(b'`')).or(x.eq2(b'>', 2)),
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
            // '/' and '?' (0x2F, 0x3F); '\t' and '\r' (0x09, 0x0D).
            Stop::Authority => x
                .eq2(b'?', 0x10)
                .or(x.eq(b'#'))
                .or(x.eq(b'\\'))
                .or(x.eq(b'@'))
                .or(x.eq(b':'))
                .or(x.eq(b'['))
                .or(x.eq(b']'))
                .or(x.eq2(b'\r', 4))
                .or(x.eq(b'\n')),
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
    fn path_masks(chunk: &[u8; 16]) -> (u64, u64, u64) {
        let x = V::load(chunk);
        (
            stop_mask(chunk, Stop::Path),
            x.eq(b'/').mask(),
            x.eq(b'.').or(x.eq(b'%')).mask(),
        )
    }

    /// (Bytes outside the common path alphabet, `/`, `.`) for each byte
    /// of `chunk` ([`super::scan_path`]).
    #[inline(always)]
    fn common_path_masks(chunk: &[u8; 16]) -> (u64, u64, u64) {
        let x = V::load(chunk);
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
        let m = Wide::from(stop_mask(low, Stop::Ldh))
            | Wide::from(stop_mask(high, Stop::Ldh)) << ((second - i) * LANE_BITS as usize);
        if m != 0 {
            return i + (m.trailing_zeros() / LANE_BITS) as usize;
        }
        find(input, second + 16, Stop::Ldh)
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

    /// The byte offset of the first lane set in `m` (≠ 0).
    #[inline(always)]
    fn first(m: u64) -> usize {
        (m.trailing_zeros() / LANE_BITS) as usize
    }

    #[inline(always)]
    pub(super) fn find(input: &[u8], mut i: usize, stop: Stop) -> usize {
        let len = input.len();
        while let Some(chunk) = chunk_at(input, i) {
            let m = stop_mask(chunk, stop);
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
                let m = stop_mask(last, stop) >> (LANE_BITS as usize * (i + 16 - len));
                if m != 0 {
                    i + first(m)
                } else {
                    len
                }
            }
            None => super::find_scalar(input, i, stop),
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
        masks: impl Fn(&[u8; 16]) -> (u64, u64, u64) + Copy,
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
            return scalar(input, i);
        };
        if !WINDOW {
            return path_chunks(input, i, after(i), masks, scalar);
        }
        let i0 = i.min(len);
        let (a, b) = (i0.min(end16), (i0 + 16).min(end16));
        let (Some(at_a), Some(at_b)) = (chunk_at(input, a), chunk_at(input, b)) else {
            return scalar(input, i);
        };
        let ((stop_a, slash_a, dot_a), (stop_b, slash_b, dot_b)) = (masks(at_a), masks(at_b));
        let join = |x: u64, y: u64| {
            (Wide::from(x) | Wide::from(y) << ((b - a) * LANE_BITS as usize))
                >> ((i0 - a) * LANE_BITS as usize)
        };
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

    /// The path scans a chunk at a time from `i`, then the last chunk;
    /// `after_slash`: lane 0 set when the byte before `i` is a `/`.
    #[inline(always)]
    fn path_chunks(
        input: &[u8],
        mut i: usize,
        mut after_slash: u64,
        masks: impl Fn(&[u8; 16]) -> (u64, u64, u64),
        scalar: fn(&[u8], usize) -> usize,
    ) -> usize {
        let len = input.len();
        while let Some(chunk) = chunk_at(input, i) {
            let (stop, slash, dot) = masks(chunk);
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
                let (stop, slash, dot) = masks(last);
                let m =
                    (stop | (dot & (slash << LANE_BITS))) >> (LANE_BITS as usize * (i + 16 - len));
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
}

/// SSE2 (every x86_64 CPU): `movemask` gives one bit per byte.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod lanes {
    use super::vector::Lanes;
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8,
    };

    pub(super) const LANE_BITS: u32 = 1;

    /// Two chunks' masks side by side.
    pub(super) type Wide = u64;

    /// 16 bytes in an SSE2 register.
    #[derive(Clone, Copy)]
    pub(super) struct V(__m128i);

    // SAFETY (every block below): SSE2 is enabled at compile time (this
    // module's cfg), so the intrinsics exist on the running CPU; all but the
    // load work on registers only. The intrinsics are safe to call on newer
    // compilers but `unsafe` on the MSRV, hence `unused_unsafe`.
    #[allow(unused_unsafe)]
    impl Lanes for V {
        #[inline(always)]
        fn load(chunk: &[u8; 16]) -> V {
            // SAFETY: reads the 16 bytes of `chunk`, valid for reads; no
            // alignment needed.
            V(unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) })
        }
        #[inline(always)]
        fn eq(self, c: u8) -> V {
            // SAFETY: see above.
            V(unsafe { _mm_cmpeq_epi8(self.0, _mm_set1_epi8(c as i8)) })
        }
        #[inline(always)]
        fn eq2(self, c: u8, bit: u8) -> V {
            // SAFETY: see above.
            V(unsafe {
                _mm_cmpeq_epi8(
                    _mm_or_si128(self.0, _mm_set1_epi8(bit as i8)),
                    _mm_set1_epi8(c as i8),
                )
            })
        }
        #[inline(always)]
        fn outside(self) -> V {
            // Signed compares only: shifting 0x21 to -128 puts 0x21..=0x7E
            // at -128..=-35.
            // SAFETY: see above.
            V(unsafe {
                _mm_cmpgt_epi8(
                    _mm_add_epi8(self.0, _mm_set1_epi8(0x5F)),
                    _mm_set1_epi8(-35),
                )
            })
        }
        #[inline(always)]
        fn at_to_caret(self) -> V {
            // 0x40..=0x5E shifted to -128..=-98.
            // SAFETY: see above.
            V(unsafe {
                _mm_cmpgt_epi8(
                    _mm_set1_epi8(-97),
                    _mm_add_epi8(self.0, _mm_set1_epi8(0x40)),
                )
            })
        }
        #[inline(always)]
        fn non_ascii(self) -> V {
            // movemask reads the top bits, which are the answer already.
            self
        }
        #[inline(always)]
        fn with_bits(self, bits: u8) -> V {
            // SAFETY: see above.
            V(unsafe { _mm_or_si128(self.0, _mm_set1_epi8(bits as i8)) })
        }
        #[inline(always)]
        fn within(self, lo: u8, hi: u8) -> V {
            // `lo..=hi` shifted to -128..=(-128 + hi - lo), then one signed
            // compare.
            let bound = (hi - lo) as i8 - 127;
            // SAFETY: see above.
            V(unsafe {
                _mm_cmpgt_epi8(
                    _mm_set1_epi8(bound),
                    _mm_add_epi8(self.0, _mm_set1_epi8(0x80u8.wrapping_sub(lo) as i8)),
                )
            })
        }
        #[inline(always)]
        fn or(self, other: V) -> V {
            // SAFETY: see above.
            V(unsafe { _mm_or_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn mask(self) -> u64 {
            // SAFETY: see above.
            unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
        }
    }
}

/// NEON (every aarch64 CPU with the default target features): there is no
/// `movemask`; narrowing each 16-bit pair by 4 gives four bits per byte.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod lanes {
    use super::vector::Lanes;
    use core::arch::aarch64::{
        uint8x16_t, vceqq_u8, vcgtq_u8, vcleq_u8, vcltq_u8, vdupq_n_u8, vget_lane_u64, vld1q_u8,
        vorrq_u8, vreinterpret_u64_u8, vreinterpretq_u16_u8, vshrn_n_u16, vsubq_u8,
    };

    pub(super) const LANE_BITS: u32 = 4;

    /// Two chunks' masks side by side.
    pub(super) type Wide = u128;

    /// 16 bytes in a NEON register.
    #[derive(Clone, Copy)]
    pub(super) struct V(uint8x16_t);

    // SAFETY (every block below): NEON is enabled at compile time (this
    // module's cfg); all but the load work on registers only. The
    // intrinsics are safe to call on newer compilers but `unsafe` on the
    // MSRV, hence `unused_unsafe`.
    #[allow(unused_unsafe)]
    impl Lanes for V {
        #[inline(always)]
        fn load(chunk: &[u8; 16]) -> V {
            // SAFETY: reads the 16 bytes of `chunk`, valid for reads;
            // unaligned loads are allowed.
            V(unsafe { vld1q_u8(chunk.as_ptr()) })
        }
        #[inline(always)]
        fn eq(self, c: u8) -> V {
            // SAFETY: see above.
            V(unsafe { vceqq_u8(self.0, vdupq_n_u8(c)) })
        }
        #[inline(always)]
        fn eq2(self, c: u8, bit: u8) -> V {
            // SAFETY: see above.
            V(unsafe { vceqq_u8(vorrq_u8(self.0, vdupq_n_u8(bit)), vdupq_n_u8(c)) })
        }
        #[inline(always)]
        fn outside(self) -> V {
            // SAFETY: see above.
            V(unsafe {
                vorrq_u8(
                    vcltq_u8(self.0, vdupq_n_u8(0x21)),
                    vcgtq_u8(self.0, vdupq_n_u8(0x7E)),
                )
            })
        }
        #[inline(always)]
        fn at_to_caret(self) -> V {
            // SAFETY: see above.
            V(unsafe { vcleq_u8(vsubq_u8(self.0, vdupq_n_u8(0x40)), vdupq_n_u8(0x1E)) })
        }
        #[inline(always)]
        fn non_ascii(self) -> V {
            // SAFETY: see above.
            V(unsafe { vcgtq_u8(self.0, vdupq_n_u8(0x7F)) })
        }
        #[inline(always)]
        fn with_bits(self, bits: u8) -> V {
            // SAFETY: see above.
            V(unsafe { vorrq_u8(self.0, vdupq_n_u8(bits)) })
        }
        #[inline(always)]
        fn within(self, lo: u8, hi: u8) -> V {
            // SAFETY: see above.
            V(unsafe { vcleq_u8(vsubq_u8(self.0, vdupq_n_u8(lo)), vdupq_n_u8(hi - lo)) })
        }
        #[inline(always)]
        fn or(self, other: V) -> V {
            // SAFETY: see above.
            V(unsafe { vorrq_u8(self.0, other.0) })
        }
        #[inline(always)]
        fn mask(self) -> u64 {
            // SAFETY: see above.
            unsafe {
                vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
                    self.0,
                ))))
            }
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn copy_bytes_copies_the_common_prefix() {
        let src: [u8; 40] = core::array::from_fn(|i| i as u8 + 1);
        for dl in [0usize, 1, 15, 16, 17, 40] {
            for sl in [0usize, 3, 16, 33, 40] {
                let mut dst = [0u8; 40];
                copy_bytes(&mut dst[..dl], &src[..sl]);
                let n = dl.min(sl);
                assert_eq!(dst[..n], src[..n], "{dl} {sl}");
                assert!(dst[n..].iter().all(|&b| b == 0), "{dl} {sl}");
            }
        }
    }
    use super::*;

    const STOPS: [Stop; 8] = [
        Stop::Path,
        Stop::SpecialQuery,
        Stop::Query,
        Stop::Fragment,
        Stop::Domain,
        Stop::Authority,
        Stop::Ldh,
        Stop::LdhAnyCase,
    ];

    /// The sets are the standard's, independently of the tables.
    #[test]
    fn sets_match_the_standard() {
        for b in 0..=255u8 {
            let outside = !(0x21..=0x7E).contains(&b);
            let query = outside || b"\"#<>".contains(&b);
            assert_eq!(Stop::Query.stops_at(b), query, "{b:#x}");
            assert_eq!(
                Stop::SpecialQuery.stops_at(b),
                query || b == b'\'',
                "{b:#x}"
            );
            assert_eq!(
                Stop::Fragment.stops_at(b),
                outside || b"\"<>`".contains(&b),
                "{b:#x}"
            );
            assert_eq!(
                Stop::Path.stops_at(b),
                query || b"?^`{}\\".contains(&b),
                "{b:#x}"
            );
            assert_eq!(
                Stop::Domain.stops_at(b),
                outside || b.is_ascii_uppercase() || b"#%/:<>?@[\\]^|".contains(&b),
                "{b:#x}"
            );
            assert_eq!(
                Stop::Authority.stops_at(b),
                b"/\\?#@:[]\t\n\r".contains(&b),
                "{b:#x}"
            );
            let ldh = b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.';
            assert_eq!(Stop::Ldh.stops_at(b), !ldh, "{b:#x}");
            // The fast path relies on it stopping wherever `Domain` does.
            assert!(!Stop::Domain.stops_at(b) || Stop::Ldh.stops_at(b), "{b:#x}");
            let any_case = ldh || b.is_ascii_uppercase();
            assert_eq!(Stop::LdhAnyCase.stops_at(b), !any_case, "{b:#x}");
        }
    }

    /// Every byte value at every lane, in inputs of every length around the
    /// 16-byte step, from every start: `find` agrees with the per-byte
    /// definition.
    #[test]
    fn find_agrees_with_the_definition() {
        // Miri is slow: the boundaries of each range, every lane still.
        let some = [0x20, 0x21, b'#', b'@', 0x7F, 0x80];
        let all: [u8; 256] = core::array::from_fn(|b| b as u8);
        let values = if cfg!(miri) { &some[..] } else { &all[..] };
        let lens: &[usize] = if cfg!(miri) {
            &[5, 16, 17, 33, 49]
        } else {
            &[0, 1, 5, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65]
        };
        for &stop in &STOPS {
            for &v in values {
                for &len in lens {
                    for pos in 0..len {
                        let mut input = [b'a'; 65];
                        input[pos] = v;
                        let input = &input[..len];
                        // Starts leaving every kind of tail: none, under
                        // one chunk, one or two chunks, more.
                        let starts: &[usize] = &[
                            0,
                            pos,
                            pos.saturating_sub(1),
                            len / 2,
                            len.saturating_sub(15),
                            len.saturating_sub(16),
                            len.saturating_sub(17),
                            len.saturating_sub(32),
                            len.saturating_sub(33),
                            len,
                        ];
                        for &start in starts {
                            let want = (start..len)
                                .find(|&k| stop.stops_at(input[k]))
                                .unwrap_or(len);
                            assert_eq!(
                                find(input, start, stop),
                                want,
                                "{stop:?} {v:#x} len {len} pos {pos} from {start}"
                            );
                            assert_eq!(find_scalar(input, start, stop), want);
                            if stop == Stop::Ldh {
                                assert_eq!(find_host(input, start), want, "{v:#x} {len} {pos}");
                            }
                        }
                    }
                }
            }
            // Past the end: the end (both ways: other targets use the scalar).
            assert_eq!(find(b"abc", 7, stop), 3);
            assert_eq!(find_scalar(b"abc", 7, stop), 3);
        }
    }

    /// `find_path` against its definition: every byte value at every lane,
    /// alone and after a '/', with the '/' on either side of a 16-byte step.
    #[test]
    fn find_path_agrees_with_the_definition() {
        let some = [b'.', b'%', b'/', b'?', 0x80];
        let all: [u8; 256] = core::array::from_fn(|b| b as u8);
        let values = if cfg!(miri) { &some[..] } else { &all[..] };
        let lens: &[usize] = if cfg!(miri) {
            &[5, 17, 33, 49]
        } else {
            &[1, 2, 5, 15, 16, 17, 18, 31, 32, 33, 47, 48, 49, 64, 65]
        };
        for &v in values {
            for &len in lens {
                for pos in 0..len {
                    for slash_before in [false, true] {
                        let mut input = [b'a'; 65];
                        input[pos] = v;
                        if slash_before && pos > 0 {
                            input[pos - 1] = b'/';
                        }
                        let input = &input[..len];
                        for start in [
                            0,
                            pos,
                            pos.saturating_sub(1),
                            len / 2,
                            16.min(len),
                            len.saturating_sub(16),
                            len.saturating_sub(17),
                            len.saturating_sub(32),
                            len.saturating_sub(33),
                            len,
                        ] {
                            let want = (start..len)
                                .find(|&k| path_stops_at(input, k))
                                .unwrap_or(len);
                            assert_eq!(
                                find_path(input, start),
                                want,
                                "{v:#x} len {len} pos {pos} slash {slash_before} from {start}"
                            );
                            assert_eq!(find_path_scalar(input, start), want);
                            let want = (start..len)
                                .find(|&k| scan_path_stops_at(input, k))
                                .unwrap_or(len);
                            assert_eq!(
                                scan_path(input, start),
                                want,
                                "scan_path {v:#x} len {len} pos {pos} slash {slash_before} from {start}"
                            );
                            // It stops wherever `find_path` does.
                            for k in 0..len {
                                assert!(!path_stops_at(input, k) || scan_path_stops_at(input, k));
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(find_path(b"/a/./b", 0), 3);
        assert_eq!(find_path(b"/a", 5), 2);
        assert_eq!(find_path_scalar(b"/a", 5), 2);
        assert_eq!(find_path(b"/a/%2e/b", 2), 3);
        assert_eq!(find_path(b"/a.b/c", 0), 6);
    }

    #[test]
    fn ascii_str_accepts_exactly_ascii() {
        // Every length up to past the four straight-line chunks, and two
        // that take the loop.
        for len in (0usize..=66).chain([100, 129]) {
            let mut v = [b'x'; 129];
            assert_eq!(ascii_str(&v[..len]).map(str::len), Some(len));
            for pos in 0..len {
                v[pos] = 0x80;
                assert_eq!(ascii_str(&v[..len]), None, "len {len} pos {pos}");
                v[pos] = 0x7F;
                assert!(ascii_str(&v[..len]).is_some());
                v[pos] = b'x';
            }
        }
    }
}
