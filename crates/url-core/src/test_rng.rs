//! The randomized unit tests' source of numbers: xorshift64 from a fixed
//! seed, so every run draws the same cases and a failure repeats.

/// A xorshift64 generator.
pub(crate) struct Xorshift(u64);

impl Xorshift {
    /// Starts from `seed` (not zero).
    pub(crate) fn new(seed: u64) -> Xorshift {
        Xorshift(seed)
    }

    /// The next 64 bits (tests that cut several fields out of one draw).
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next number below `n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
