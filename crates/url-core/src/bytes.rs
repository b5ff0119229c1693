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

#[cfg(test)]
mod tests {
    use super::*;

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
