//! Finding the next byte that needs attention, 16 bytes per step; and
//! the bytes of a short text in several sets at once ([`in_sets`], for
//! the IPv4 parser).
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

use crate::byte_class::{
    class, AUTHORITY_END, AUTHORITY_MARK, BACKSLASH, BRACKETED_MARK, C0, FORBIDDEN_DOMAIN,
    FRAGMENT, HASH, LDH, NON_ASCII, PATH, QUERY, QUESTION, SPECIAL_QUERY, TAB_OR_NEWLINE, UPPER,
};

/// `$vector` where the scans run on a vector unit (SSE2 on x86_64, NEON on
/// aarch64), `$scalar` everywhere else: one place for the target test
/// every scan's entry point makes.
macro_rules! vector_or_scalar {
    ($vector:expr, $scalar:expr) => {{
        #[cfg(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        ))]
        let answer = $vector;
        #[cfg(not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )))]
        let answer = $scalar;
        answer
    }};
}

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
    /// [`Stop::Authority`] inside brackets, where only `@` and `]` of the
    /// four marks matter: an IPv6 address's colons do not stop it.
    BracketedAuthority,
    /// A byte the opaque path state looks at: the C0 control
    /// percent-encode set (tab and newline in it), `?` and `#`. Not a space,
    /// which is kept unless `?` or `#` follows it: a run of spaces is not a
    /// stop per byte.
    OpaquePath,
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
    /// Every stop, in the order declared: `ALL[stop as usize]` is `stop`
    /// (for code instantiated once per stop, through a `u8` parameter).
    #[cfg_attr(
        not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )),
        allow(dead_code)
    )]
    pub(crate) const ALL: [Stop; 10] = [
        Stop::Path,
        Stop::SpecialQuery,
        Stop::Query,
        Stop::Fragment,
        Stop::Domain,
        Stop::Authority,
        Stop::BracketedAuthority,
        Stop::OpaquePath,
        Stop::Ldh,
        Stop::LdhAnyCase,
    ];

    /// The byte classes (`byte_class::CLASS` bits) this scan stops at.
    #[inline(always)]
    pub(crate) const fn class_mask(self) -> u32 {
        match self {
            Stop::Path => PATH | BACKSLASH,
            Stop::SpecialQuery => SPECIAL_QUERY,
            Stop::Query => QUERY,
            Stop::Fragment => FRAGMENT,
            Stop::OpaquePath => C0 | QUESTION | HASH,
            Stop::Domain => NON_ASCII | UPPER | FORBIDDEN_DOMAIN,
            Stop::Authority => AUTHORITY_END | AUTHORITY_MARK | TAB_OR_NEWLINE,
            Stop::BracketedAuthority => AUTHORITY_END | BRACKETED_MARK | TAB_OR_NEWLINE,
            // Everything but the classes that pass: `stops_at` inverts.
            Stop::Ldh => LDH,
            Stop::LdhAnyCase => LDH | UPPER,
        }
    }

    /// Whether the scan stops at `b` (the reference definition).
    #[inline(always)]
    pub(crate) fn stops_at(self, b: u8) -> bool {
        let hit = class(b) & self.class_mask() != 0;
        match self {
            Stop::Ldh | Stop::LdhAnyCase => !hit,
            _ => hit,
        }
    }
}

/// Whether the scans run 16 bytes per step here (SSE2 or NEON): elsewhere
/// they are byte loops, and a caller that would scan ahead only to skip
/// its own byte loop does better without.
pub(crate) const VECTOR: bool = cfg!(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
));

/// The first index ≥ `i` whose byte `stop` stops at, or `input.len()`.
/// One out-of-line copy with the `small` feature (size over speed).
#[cfg_attr(not(feature = "small"), inline(always))]
#[cfg_attr(feature = "small", inline(never))]
pub(crate) fn find(input: &[u8], i: usize, stop: Stop) -> usize {
    vector_or_scalar!(vector::find(input, i, stop), find_scalar(input, i, stop))
}

/// [`find`] for [`Stop::Ldh`] from a host's start. The first step covers 32
/// bytes (fewer at the input's end) through two chunks, the second clamped
/// to end at the input's end, so that its outcome does not depend on the
/// host's length or the URL's: most hosts are shorter than 32 bytes but
/// many are longer than 16, and a first step of one chunk left whether it
/// ends the scan to chance.
#[inline(always)]
pub(crate) fn find_host(input: &[u8], i: usize) -> usize {
    vector_or_scalar!(
        vector::find_host(input, i),
        find_scalar(input, i, Stop::Ldh)
    )
}

/// The first index ≥ `i` in a path where the canonical fast path must look:
/// a [`Stop::Path`] byte, or a `.` or `%` right after a `/` (a possible dot
/// segment, which the caller checks). One scan for the whole path rather
/// than one per segment.
#[inline(always)]
pub(crate) fn find_path(input: &[u8], i: usize) -> usize {
    vector_or_scalar!(vector::find_path(input, i), find_path_scalar(input, i))
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
    vector_or_scalar!(vector::scan_path(input, i), scan_path_scalar(input, i))
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

/// `find` by table lookup, four bytes per step (on targets without a
/// vector unit; the tests hold the vector scans to it).
#[cfg_attr(
    any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ),
    allow(dead_code)
)]
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

/// Where the last `c` in `bytes` is. With a vector unit the last 32 bytes
/// are one step, so where the byte sits (a base URL's last path segment,
/// for the reference resolver) does not decide when a loop exits.
#[inline]
pub(crate) fn last_index_of(bytes: &[u8], c: u8) -> Option<usize> {
    vector_or_scalar!(
        vector::last_index_of(bytes, c),
        bytes.iter().rposition(|&b| b == c)
    )
}

/// `true` when every byte is ASCII, 16 bytes per step with a vector unit.
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    vector_or_scalar!(vector::is_ascii(bytes), bytes.is_ascii())
}

/// Whether `bytes` holds an ASCII tab or newline, 16 bytes per step with
/// a vector unit (`input::contains_tab_or_newline`'s word loop is the
/// faster one elsewhere).
#[inline]
pub(crate) fn contains_tab_or_newline(bytes: &[u8]) -> bool {
    vector_or_scalar!(
        vector::contains_tab_or_newline(bytes),
        bytes
            .iter()
            .copied()
            .any(crate::byte_class::is_tab_or_newline)
    )
}

/// A range of byte values `lo..=hi` (`hi - lo` < 127), of either case
/// when `any_case` (the byte with bit 0x20 set is in the range: for
/// ranges of lower-case letters).
#[derive(Clone, Copy)]
#[cfg_attr(
    not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )),
    allow(dead_code)
)]
pub(crate) struct ByteSet {
    pub lo: u8,
    pub hi: u8,
    pub any_case: bool,
}

impl ByteSet {
    /// Whether `b` is in the set (the reference definition).
    #[cfg(test)]
    fn contains(self, b: u8) -> bool {
        let b = if self.any_case { b | 0x20 } else { b };
        (self.lo..=self.hi).contains(&b)
    }
}

/// For a text of at most 16 bytes, on a vector unit: the text as a number
/// (byte 0 lowest, zeros past its end) and, for each of `sets`, a mask of
/// the bytes in it, one bit per byte (byte 0 lowest). A short text's
/// classes in one step, for the IPv4 parser to read its parts from bit
/// masks rather than a loop whose exits mispredict at every part. `None`
/// for a longer text, and without a vector unit (where the callers' byte
/// loops are the smaller code).
#[inline(always)]
pub(crate) fn in_sets<const N: usize>(text: &[u8], sets: [ByteSet; N]) -> Option<(u128, [u32; N])> {
    vector_or_scalar!(vector::in_sets(text, sets), {
        let _ = (text, sets);
        None
    })
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

#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
mod vector;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[path = "sse2.rs"]
mod lanes;

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[path = "neon.rs"]
mod lanes;

#[cfg(test)]
mod tests;
