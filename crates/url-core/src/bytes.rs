//! Copying and moving within slices with no panic path: the standard
//! library's `copy_from_slice`, `copy_within` and `rotate_right` assert their
//! lengths, and in a size-optimized firmware build they stay out of line
//! with those asserts linked in, whatever the caller proved. These loops
//! have nothing to assert (the optimizer still turns them into `memcpy` and
//! `memmove` where it can); a length mismatch copies the common prefix.

/// Copies `src` into the start of `dst` (as many bytes as both hold).
#[inline]
pub(crate) fn copy(dst: &mut [u8], src: &[u8]) {
    crate::simd::copy_bytes(dst, src);
}

// With the `small` feature the compiler decides (no hint): measured
// smaller on the wasm32 drop-in (`cargo xtask size`).
/// Moves `s[by..]` to the start of `s` (the end keeps its old values).
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn shift_left<T: Copy>(s: &mut [T], by: usize) {
    for i in by..s.len() {
        if let (Some(&v), Some(d)) = (s.get(i), i.checked_sub(by)) {
            if let Some(slot) = s.get_mut(d) {
                *slot = v;
            }
        }
    }
}

/// Moves `s[..len - by]` to the end of `s` (the start keeps its old values).
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn shift_right<T: Copy>(s: &mut [T], by: usize) {
    for i in (by..s.len()).rev() {
        if let Some(&v) = i.checked_sub(by).and_then(|k| s.get(k)) {
            if let Some(slot) = s.get_mut(i) {
                *slot = v;
            }
        }
    }
}

/// Rotates `s` right by `k` (`k <= s.len()`; otherwise nothing happens), by
/// three reversals.
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn rotate_right<T>(s: &mut [T], k: usize) {
    if k > s.len() {
        return;
    }
    reverse(s);
    if let Some((a, b)) = s.split_at_mut_checked(k) {
        reverse(a);
        reverse(b);
    }
}

/// Reverses `s` (the standard library's `reverse` keeps an assert in
/// size-optimized builds): the front half swapped with the back half
/// read backwards.
#[inline]
pub(crate) fn reverse<T>(s: &mut [T]) {
    let half = s.len() / 2;
    if let Some((front, back)) = s.split_at_mut_checked(half) {
        for (x, y) in front.iter_mut().zip(back.iter_mut().rev()) {
            core::mem::swap(x, y);
        }
    }
}

/// `src` ASCII-lowercased into the start of the stack chunk `dst` (as
/// many bytes as both hold; bytes other than `A`–`Z`, UTF-8 included,
/// stay as they are): eight bytes per step, and the last step
/// overlapping the one before rather than a byte loop, which a host's
/// varying length would exit mispredicted.
#[inline]
pub(crate) fn lowercase_ascii(dst: &mut [u8; 64], src: &[u8]) {
    // Text under eight bytes has no word to step by. (Where scans are
    // byte loops, wasm32 and thumbv7em, the callers keep a byte loop: this
    // function linked in cost the wasm32 drop-in 627 bytes.)
    if src.len() < 8 {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = s.to_ascii_lowercase();
        }
        return;
    }
    let n = src.len().min(dst.len());
    let mut word_at = |i: usize| {
        let s = src.get(i..i + 8).and_then(|s| <[u8; 8]>::try_from(s).ok());
        let d = dst
            .get_mut(i..i + 8)
            .and_then(|d| <&mut [u8; 8]>::try_from(d).ok());
        if let (Some(s), Some(d)) = (s, d) {
            *d = lowercase_word(u64::from_le_bytes(s)).to_le_bytes();
        }
    };
    let mut i = 0;
    while i + 8 < n {
        word_at(i);
        i += 8;
    }
    word_at(n - 8);
}

/// The eight bytes of `x` with `A`–`Z` lowercased: bit 7 of each byte is
/// set by the two additions exactly when its low seven bits are at least
/// `A`, and above `Z`, with no carry between bytes; a byte of 0x80 or more
/// is left alone.
#[inline(always)]
fn lowercase_word(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    let low7 = x & !HIGH;
    let at_least_a = low7 + ONES * u64::from(0x80 - b'A');
    let above_z = low7 + ONES * u64::from(0x7F - b'Z');
    let upper = at_least_a & !above_z & !x & HIGH;
    x | upper >> 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Every byte value at every place, in inputs of every length around
    /// the word steps, against the standard library.
    #[test]
    fn lowercase_ascii_matches_the_standard_library() {
        for len in 0..=25usize {
            for pos in 0..len.max(1) {
                for v in 0..=255u8 {
                    let mut src: Vec<u8> = (0..len).map(|i| b'A' + (i as u8 * 7) % 58).collect();
                    if let Some(b) = src.get_mut(pos) {
                        *b = v;
                    }
                    let mut dst = [0xEEu8; 64];
                    lowercase_ascii(&mut dst, &src);
                    assert_eq!(
                        &dst[..len],
                        &src.to_ascii_lowercase()[..],
                        "{len} {pos} {v:#x}"
                    );
                    assert!(dst[len..].iter().all(|&b| b == 0xEE), "{len} {pos} {v:#x}");
                }
            }
        }
    }

    #[test]
    fn moves_match_the_standard_library() {
        for len in 0..12usize {
            let base: [u32; 12] = core::array::from_fn(|i| i as u32 * 7 + 1);
            for k in 0..=len {
                let mut a = base;
                let mut b = base;
                a[..len].rotate_right(k);
                rotate_right(&mut b[..len], k);
                assert_eq!(a, b, "rotate {len} {k}");

                let mut a = base;
                let mut b = base;
                a[..len].copy_within(k.., 0);
                shift_left(&mut b[..len], k);
                assert_eq!(a, b, "left {len} {k}");

                let mut a = base;
                let mut b = base;
                a[..len].copy_within(..len - k, k);
                shift_right(&mut b[..len], k);
                assert_eq!(a, b, "right {len} {k}");
            }
            let bytes: [u8; 12] = core::array::from_fn(|i| i as u8 + 1);
            let mut a = [0u8; 12];
            copy(&mut a[..len], &bytes[..len]);
            assert_eq!(a[..len], bytes[..len]);
        }
        // Out of range: nothing happens.
        let mut s = [1, 2, 3];
        rotate_right(&mut s, 4);
        assert_eq!(s, [1, 2, 3]);
    }
}
