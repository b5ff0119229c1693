//! UTS #46 §4 Processing with ToASCII / ToUnicode (§4.2, §4.3) in one pass
//! over the domain: each code point is mapped (step 1) and normalized
//! (step 2); the normalized text is broken into labels at FULL STOP
//! (step 3) as it comes out of NFC, and each label is validated and
//! converted (step 4; ToASCII step 3 Punycode-encodes it) the moment it
//! ends. A label's code points are kept in one stack buffer: the mapped text
//! is never written out, encoded as UTF-8, and decoded again.
//!
//! This module runs the steps in order; [`super::converter`] does steps 3
//! and 4. ToASCII first tries [`super::fast`], which hands labels to the
//! same [`Converter`] when every code point is already in its final form,
//! and declines at the first label that is not: this module goes on from
//! there.

use super::converter::Converter;
use super::mapping::{char_at, mapping};
use super::{nfc, Exit, IdnaError};
use crate::storage::Storage;
use idna_tables::Mapping;

/// Runs UTS #46 processing (§4) and ToASCII/ToUnicode on `out[start..]`.
/// When `ok`, the region is replaced by the result; otherwise (and on
/// capacity errors) `out` is truncated to `start`.
///
/// Peak storage: the input plus the result, which is written after it —
/// unless the result fits the 128-byte stack chunk (most domains), which
/// then replaces the input with no move.
pub(super) fn process<S: Storage>(
    out: &mut S,
    start: usize,
    conversion: Conversion,
) -> Result<Outcome, IdnaError> {
    let end = out.len();
    match process_inner(out, start, end, conversion) {
        Ok(outcome) => Ok(outcome),
        // `Decline` never comes out of `process_inner`.
        Err(Exit::Invalid | Exit::Decline) => {
            out.truncate(start);
            Ok(Outcome {
                ok: false,
                strict_ok: false,
            })
        }
        Err(Exit::Capacity(e)) => {
            out.truncate(start);
            Err(IdnaError::Capacity(e))
        }
    }
}

#[cfg(test)]
std::thread_local! {
    /// Set by tests comparing the fast path with the general one: the
    /// general path only.
    pub(super) static GENERAL_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Maps and normalizes `out[start..end]`, handing the result to a
/// [`Converter`] that appends the converted domain after it.
fn process_inner<S: Storage>(
    out: &mut S,
    start: usize,
    end: usize,
    conversion: Conversion,
) -> Result<Outcome, Exit> {
    // With the `small` feature the general path alone runs (the same
    // answers; the fast front is not linked).
    let fast = !cfg!(feature = "small") && conversion != Conversion::Unicode;
    #[cfg(test)]
    let fast = fast && !GENERAL_ONLY.with(|g| g.get());
    let mut conv = Converter::new(conversion, fast);
    let mut p = start;
    if fast {
        let mut resume = None;
        match (
            super::fast::process(out, start, end, &mut conv, &mut resume),
            resume,
        ) {
            // At the label where the fast front stopped (see
            // `fast::hand_over`).
            (Err(Exit::Decline), Some(at)) => p = at,
            (Err(Exit::Decline), None) => {
                // Start over, without what was written after the input.
                out.truncate(end);
                conv.restart();
            }
            (done, _) => return done,
        }
    }
    let mut nfc = nfc::Nfc::new();
    while p < end {
        let &lead = out.as_bytes().get(p).ok_or(Exit::Invalid)?;
        if lead < 0x80 && !cfg!(feature = "small") {
            // A run of ASCII: each byte is its own NFC starter, mapped to
            // lower case (every other ASCII code point is valid), so all but
            // the last go straight on; the last stays in NFC's segment, where
            // a combining mark after it may join it. With the `small`
            // feature the loop's general step below takes ASCII as well.
            let mut piece = [0u8; 64];
            let run = out.as_bytes().get(p..end).unwrap_or(&[]);
            let n = run
                .iter()
                .take(piece.len())
                .take_while(|&&b| b < 0x80)
                .count();
            for (d, s) in piece.iter_mut().zip(run.get(..n).unwrap_or_default()) {
                *d = s.to_ascii_lowercase();
            }
            p += n;
            nfc.finish(&mut |d| conv.push(out, d))?;
            let Some((&last, init)) = piece.get(..n).unwrap_or_default().split_last() else {
                return Err(Exit::Invalid); // not reached: the lead byte is ASCII
            };
            for &b in init {
                conv.push(out, u32::from(b))?;
            }
            nfc.push_checked(u32::from(last), true, &mut |d| conv.push(out, d))?;
            continue;
        }
        let (c, next) = char_at(out.as_bytes(), p).ok_or(Exit::Invalid)?;
        p = next;
        let mut emit = |d: u32| conv.push(out, d);
        // With the `small` feature every emitter NFC gets is this one
        // `dyn` type, so NFC's code is instantiated once.
        #[cfg(feature = "small")]
        let mut emit: &mut dyn FnMut(u32) -> Result<(), Exit> = &mut emit;
        match mapping(c) {
            Mapping::Valid => {
                let stable = idna_tables::props(c).is_stable_starter();
                nfc.push_checked(c, stable, &mut emit)?
            }
            // A disallowed code point fails ToASCII wherever it is (see
            // `fast::declined_at`): no need to finish the labels before it.
            // ToUnicode goes on: its output keeps the code point, and
            // criterion 7 rejects the label.
            Mapping::Disallowed if conversion != Conversion::Unicode => return Err(Exit::Invalid),
            // `Decomposed`: NFC redoes the mapping.
            Mapping::Disallowed | Mapping::Decomposed => nfc.push(c, &mut emit)?,
            Mapping::Ignored => {}
            Mapping::Char(m) => nfc.push(m as u32, &mut emit)?,
            Mapping::Str(s) => {
                for m in s.chars() {
                    nfc.push(m as u32, &mut emit)?;
                }
            }
        }
    }
    let mut emit = |d: u32| conv.push(out, d);
    #[cfg(feature = "small")]
    let mut emit: &mut dyn FnMut(u32) -> Result<(), Exit> = &mut emit;
    nfc.finish(&mut emit)?;
    conv.finish(out, start, end)
}

/// Which conversion processing ends in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Conversion {
    /// ToASCII: labels are Punycode-encoded.
    Ascii,
    /// ToASCII's validity only (canParse): a converted label is written as
    /// "xn--" and its ASCII, without the encoded rest.
    AsciiValidity,
    /// ToUnicode: `xn--` labels are decoded.
    Unicode,
}

/// What processing found.
#[derive(Clone, Copy)]
pub(super) struct Outcome {
    /// No error with the URL Standard's non-strict flags.
    pub ok: bool,
    /// No error with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength too
    /// (ToASCII only).
    pub strict_ok: bool,
}
