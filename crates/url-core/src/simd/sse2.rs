//! SSE2 (every x86_64 CPU): `movemask` gives one bit per byte.

use super::vector::Lanes;
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x,
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
    fn from_words(lo: u64, hi: u64) -> V {
        // SAFETY: see above.
        V(unsafe { _mm_set_epi64x(hi as i64, lo as i64) })
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
