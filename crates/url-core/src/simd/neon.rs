//! NEON (every aarch64 CPU with the default target features): there is no
//! `movemask`; narrowing each 16-bit pair by 4 gives four bits per byte.

use super::vector::Lanes;
use core::arch::aarch64::{
    uint8x16_t, vceqq_u8, vcgtq_u8, vcleq_u8, vcltq_u8, vcombine_u8, vcreate_u8, vdupq_n_u8,
    vget_lane_u64, vld1q_u8, vorrq_u8, vreinterpret_u64_u8, vreinterpretq_u16_u8, vshrn_n_u16,
    vsubq_u8,
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
    fn from_words(lo: u64, hi: u64) -> V {
        // SAFETY: see above.
        V(unsafe { vcombine_u8(vcreate_u8(lo), vcreate_u8(hi)) })
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
