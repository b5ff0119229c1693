//! What the firmware measures about url-core on the target: instructions
//! (SysTick under QEMU's `-icount`) and peak stack (a painted stack's
//! high-water mark). The crate's only `unsafe` is here: painting and reading
//! memory below the stack pointer has no safe interface.

use cortex_m::peripheral::{syst::SystClkSource, SYST};

/// SysTick is 24 bits wide.
const SYST_MASK: u32 = 0x00FF_FFFF;

/// `asm::delay`'s argument for the calibration loop.
const CALIBRATION_LOOP: u32 = 4_000_000;

/// The instructions the calibration loop executes: two per iteration.
pub const CALIBRATION_INSTRUCTIONS: u32 = 2 * (1 + CALIBRATION_LOOP / 2);

/// The paint: a word that no frame is likely to hold.
const PAINT: u32 = 0xC0DE_5EA1;

/// Bytes below the painting function's stack pointer left unpainted (its
/// own spills).
const MARGIN: usize = 64;

extern "C" {
    /// cortex-m-rt's end of `.bss`/`.uninit` (where a heap would start): the
    /// lowest address the stack can grow to.
    static __sheap: u32;
}

/// SysTick, counting core clock ticks. Under `qemu-system-arm -icount` the
/// virtual clock, and so SysTick, advances a fixed time per guest
/// instruction; [`Meter::calibrate`] measures how many instructions one tick
/// is, and `cargo xtask firmware` converts with that.
pub struct Meter {
    _syst: SYST,
}

impl Meter {
    /// Takes the core peripherals and starts SysTick free-running (no
    /// interrupt). `None` if they were taken before.
    pub fn start() -> Option<Meter> {
        let mut syst = cortex_m::Peripherals::take()?.SYST;
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(SYST_MASK);
        syst.clear_current();
        syst.enable_counter();
        Some(Meter { _syst: syst })
    }

    /// Ticks for a loop of exactly [`CALIBRATION_INSTRUCTIONS`] instructions
    /// (`cortex_m::asm::delay(n)` runs `1 + n / 2` iterations of `subs;
    /// bne`).
    pub fn calibrate(&self) -> u32 {
        let start = self.now();
        cortex_m::asm::delay(CALIBRATION_LOOP);
        self.since(start)
    }

    /// The counter now (it counts down).
    pub fn now(&self) -> u32 {
        SYST::get_current()
    }

    /// Ticks since `start`, a value of [`Meter::now`]; right while less than
    /// 2^24 ticks (about 670 million instructions) have passed.
    pub fn since(&self, start: u32) -> u32 {
        start.wrapping_sub(SYST::get_current()) & SYST_MASK
    }
}

/// The stack pointer.
#[inline(always)]
pub fn stack_pointer() -> usize {
    cortex_m::register::msp::read() as usize
}

/// The lowest address the stack may reach.
fn stack_floor() -> usize {
    core::ptr::addr_of!(__sheap) as usize
}

/// The window below a measured call that is painted: more than url-core
/// needs (a run that reaches its bottom fails, see [`Painted::peak`]).
const WINDOW: usize = 16 * 1024;

/// A painted window of free stack below a caller's stack pointer.
pub struct Painted {
    top: usize,
    bottom: usize,
}

/// Paints the free stack from `WINDOW` bytes below `sp` (the caller's stack
/// pointer, read before the call) up to a little below this function's own
/// frame.
#[inline(never)]
pub fn paint_below(sp: usize) -> Painted {
    let bottom = sp.saturating_sub(WINDOW).max(stack_floor()) & !3;
    let end = stack_pointer().saturating_sub(MARGIN);
    let mut p = bottom;
    while p + 4 <= end {
        // SAFETY: [bottom, own sp - MARGIN) is RAM that belongs to no live
        // frame (the stack grows down and nothing lives below the stack
        // pointer: no interrupt is enabled) and to no static (statics end at
        // the floor, and bottom is at or above it). p is word aligned.
        unsafe { (p as *mut u32).write_volatile(PAINT) };
        p += 4;
    }
    Painted { top: sp, bottom }
}

impl Painted {
    /// Bytes of stack used below the caller's stack pointer since
    /// [`paint_below`]: down to the lowest word that lost its paint. `None`
    /// when even the bottom word was written (the window was too small).
    #[inline(never)]
    pub fn peak(&self) -> Option<usize> {
        let end = stack_pointer();
        let mut p = self.bottom;
        while p + 4 <= end {
            // SAFETY: as in `paint_below`: aligned RAM between the window's
            // bottom and the stack pointer, read only.
            if unsafe { (p as *const u32).read_volatile() } != PAINT {
                break;
            }
            p += 4;
        }
        if p == self.bottom {
            None
        } else {
            Some(self.top - p)
        }
    }
}
