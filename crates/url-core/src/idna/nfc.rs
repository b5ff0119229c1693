//! Streaming NFC (UAX #15) over the idna-tables data: canonical
//! decomposition, canonical ordering, canonical composition. UTS #46 §4
//! step 2 (Normalize) and validity criterion 1.
//!
//! The idna-tables normalization data is exact on UTS #46-mapped text (valid
//! code points, mapping targets and what they decompose and compose to),
//! the only text this runs on; a disallowed code point in it is never
//! removed by NFC, so its label fails whatever happens around it.
//!
//! No allocation: the only buffer is one "segment" (a starter and the
//! non-starters after it). Work bound: more than [`MAX_NON_STARTERS`]
//! consecutive non-starters (ccc ≠ 0) is reported as [`Exit::Invalid`] —
//! real text never comes close (UAX #15's Stream-Safe Text Format allows 30),
//! and it keeps sorting linear.

use super::Exit;

/// The longest run of consecutive non-starters accepted.
pub(crate) const MAX_NON_STARTERS: usize = 63;

const SEG: usize = MAX_NON_STARTERS + 1;

// Hangul (Unicode §3.12).
const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Canonical_Combining_Class (no code point below U+0300 has one but 0).
// With the `small` feature the compiler decides (no hint): measured
// smaller on the wasm32 drop-in (`cargo xtask size`).
#[cfg_attr(not(feature = "small"), inline)]
pub(super) fn ccc(c: u32) -> u32 {
    if c < 0x300 {
        0
    } else {
        u32::from(idna_tables::props(c).ccc())
    }
}

/// Canonical composition of a pair, Hangul included.
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn compose(a: u32, b: u32) -> Option<u32> {
    if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
        return Some(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&a)
        && (a - S_BASE) % T_COUNT == 0
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
    {
        return Some(a + (b - T_BASE));
    }
    if b < 0x300 {
        // Every primary composite's second part is at or above U+0300.
        return None;
    }
    idna_tables::compose(a, b)
}

/// Calls `f` with each code point of the full canonical decomposition of `c`.
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn decompose<E>(c: u32, f: &mut impl FnMut(u32) -> Result<(), E>) -> Result<(), E> {
    // Nothing below U+00C0 decomposes (the tables say so too; with the
    // `small` feature they alone answer).
    if c < 0xC0 && !cfg!(feature = "small") {
        return f(c);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&c) {
        let s = c - S_BASE;
        f(L_BASE + s / N_COUNT)?;
        f(V_BASE + (s % N_COUNT) / T_COUNT)?;
        let t = s % T_COUNT;
        if t != 0 {
            f(T_BASE + t)?;
        }
        return Ok(());
    }
    // Most code points have no decomposition: no stack to set up (the
    // expansion below gives the same code points; with the `small` feature
    // it alone runs).
    if !cfg!(feature = "small") {
        let Some((a, b)) = idna_tables::decompose(c) else {
            return f(c);
        };
        if idna_tables::decompose(a).is_none() && (b == 0 || idna_tables::decompose(b).is_none()) {
            f(a)?;
            return if b != 0 { f(b) } else { Ok(()) };
        }
    }
    // Iterative expansion of decomposition steps (no recursion).
    let mut stack = [0u32; 2 * idna_tables::DECOMPOSITION_STACK + 2];
    let mut n: usize = 1;
    stack[0] = c;
    while let Some(&x) = n.checked_sub(1).and_then(|top| stack.get(top)) {
        n -= 1;
        match idna_tables::decompose(x) {
            Some((a, b)) if n + 2 <= stack.len() => {
                for part in [b, a] {
                    if part != 0 {
                        if let Some(slot) = stack.get_mut(n) {
                            *slot = part;
                        }
                        n += 1;
                    }
                }
            }
            _ => f(x)?,
        }
    }
    Ok(())
}

/// The NFC state machine. Entries are `ccc << 24 | code point`.
pub(crate) struct Nfc {
    seg: [u32; SEG],
    len: usize,
    /// `seg` is one starter that passed the quick check and was kept whole:
    /// it is decomposed only if something that could change it follows.
    whole: bool,
}

#[cfg(test)]
std::thread_local! {
    /// Code points this thread sent through decomposition (tests prove the
    /// quick check leaves NFC text alone).
    pub(crate) static SLOW_PATH: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

impl Nfc {
    pub(crate) fn new() -> Self {
        Nfc {
            seg: [0; SEG],
            len: 0,
            whole: false,
        }
    }

    /// Feeds one code point (not yet decomposed).
    #[cfg_attr(not(feature = "small"), inline)]
    pub(crate) fn push(
        &mut self,
        c: u32,
        emit: &mut impl FnMut(u32) -> Result<(), Exit>,
    ) -> Result<(), Exit> {
        let stable = c < 0xC0 || idna_tables::props(c).is_stable_starter();
        self.push_checked(c, stable, emit)
    }

    /// [`Nfc::push`] with the NFC quick check's answer for `c` (a starter
    /// that is its own NFC and composes with nothing before it) known.
    #[cfg_attr(not(feature = "small"), inline)]
    pub(crate) fn push_checked(
        &mut self,
        c: u32,
        stable: bool,
        emit: &mut impl FnMut(u32) -> Result<(), Exit>,
    ) -> Result<(), Exit> {
        // Below U+00C0 (all of ASCII), and wherever the NFC quick check
        // says so: the segment before it is done, and it is kept whole for
        // now. Text already in NFC (most IDNs) takes only this branch.
        if stable {
            if self.len > 1 {
                self.settle();
            }
            for &e in self.seg.get(..self.len).unwrap_or_default() {
                emit(e & 0x1F_FFFF)?;
            }
            self.seg[0] = c;
            self.len = 1;
            self.whole = true;
            return Ok(());
        }
        #[cfg(test)]
        SLOW_PATH.with(|n| n.set(n.get() + 1));
        // Something that may combine with the starter follows: redo the
        // starter the long way (it recomposes to itself).
        let starter = if self.whole {
            self.whole = false;
            self.len = 0;
            Some(self.seg[0])
        } else {
            None
        };
        // One closure for both calls: one instantiation of `decompose`.
        let mut step = |d| self.push_decomposed(d, emit);
        if let Some(starter) = starter {
            decompose(starter, &mut step)?;
        }
        decompose(c, &mut step)
    }

    fn push_decomposed(
        &mut self,
        d: u32,
        emit: &mut impl FnMut(u32) -> Result<(), Exit>,
    ) -> Result<(), Exit> {
        let cc = ccc(d);
        if cc != 0 {
            if self.len == SEG {
                return Err(Exit::Invalid);
            }
            if let Some(slot) = self.seg.get_mut(self.len) {
                *slot = cc << 24 | d;
            }
            self.len += 1;
            return Ok(());
        }
        self.settle();
        // A starter directly after a lone starter may compose with it
        // (Hangul LV/LVT, a few scripts' vowel signs; none below U+0300).
        if d >= 0x300
            && self.len == 1
            && self.seg[0] >> 24 == 0
            && ((V_BASE..V_BASE + V_COUNT).contains(&d)
                || (T_BASE + 1..T_BASE + T_COUNT).contains(&d)
                || idna_tables::is_composing_starter(d))
        {
            if let Some(p) = compose(self.seg[0], d) {
                self.seg[0] = p;
                return Ok(());
            }
        }
        for &e in self.seg.get(..self.len).unwrap_or_default() {
            emit(e & 0x1F_FFFF)?;
        }
        self.seg[0] = d;
        self.len = 1;
        Ok(())
    }

    /// Sorts the non-starters (stable, by ccc) and composes them with the
    /// segment's starter where not blocked.
    fn settle(&mut self) {
        let first = usize::from(self.len > 0 && self.seg.first().is_some_and(|&s| s >> 24 == 0));
        let run = self.seg.get_mut(first..self.len).unwrap_or_default();
        // A stable insertion sort by combining class: segments are short.
        for i in 1..run.len() {
            let Some(&x) = run.get(i) else { break };
            let mut j = i;
            while let Some(&prev) = j.checked_sub(1).and_then(|k| run.get(k)) {
                if prev >> 24 <= x >> 24 {
                    break;
                }
                if let Some(slot) = run.get_mut(j) {
                    *slot = prev;
                }
                j -= 1;
            }
            if let Some(slot) = run.get_mut(j) {
                *slot = x;
            }
        }
        if first == 0 {
            return;
        }
        let Some(&first_entry) = self.seg.first() else {
            return;
        };
        let mut starter = first_entry;
        let mut kept = 1;
        let mut last_cc = 0;
        for j in 1..self.len {
            let Some(&e) = self.seg.get(j) else { break };
            let cc = e >> 24;
            if last_cc != cc {
                if let Some(p) = compose(starter, e & 0x1F_FFFF) {
                    starter = p;
                    continue;
                }
            }
            if let Some(slot) = self.seg.get_mut(kept) {
                *slot = e;
            }
            kept += 1;
            last_cc = cc;
        }
        if let Some(slot) = self.seg.first_mut() {
            *slot = starter;
        }
        self.len = kept;
    }

    /// Flushes what is buffered.
    pub(crate) fn finish(
        &mut self,
        emit: &mut impl FnMut(u32) -> Result<(), Exit>,
    ) -> Result<(), Exit> {
        self.settle();
        for &e in self.seg.get(..self.len).unwrap_or_default() {
            emit(e & 0x1F_FFFF)?;
        }
        self.len = 0;
        self.whole = false;
        Ok(())
    }
}
