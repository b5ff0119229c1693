//! Per-label validity (UTS #46 §4.1), CONTEXTJ (RFC 5892 appendix A) and
//! the Bidi rule (RFC 5893 §2).

use super::ascii_label::{hyphens_ok, std3_ok};
use idna_tables::{props, BidiClass, JoiningType, Mapping};

/// The longest label, in code points, that is decoded from or encoded to
/// Punycode. The URL Standard sets VerifyDnsLength to false, so UTS #46 has
/// no limit; DNS allows 63 octets, and no test case comes close to this.
/// It bounds the (quadratic) Punycode work and the stack buffer (1 KiB).
pub(crate) const MAX_LABEL: usize = 256;

/// One label's code points.
pub(crate) struct LabelBuf {
    cps: [u32; MAX_LABEL],
    len: usize,
}

impl LabelBuf {
    pub(crate) fn new() -> Self {
        LabelBuf {
            cps: [0; MAX_LABEL],
            len: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn as_slice(&self) -> &[u32] {
        self.cps.get(..self.len).unwrap_or_default()
    }

    /// Appends; `false` when full.
    // This module's `#[inline]` hints are dropped with the `small`
    // feature: fewer copies of the label checks.
    #[cfg_attr(not(feature = "small"), inline)]
    pub(crate) fn push(&mut self, c: u32) -> bool {
        match self.cps.get_mut(self.len) {
            Some(slot) => {
                *slot = c;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Inserts at `i` (≤ len); the caller checked there is room.
    pub(crate) fn insert(&mut self, i: usize, c: u32) {
        if self.len < MAX_LABEL && i <= self.len {
            if let Some(s) = self.cps.get_mut(i..=self.len) {
                crate::bytes::shift_right(s, 1);
            }
            if let Some(slot) = self.cps.get_mut(i) {
                *slot = c;
            }
            self.len += 1;
        }
    }
}

/// What is known about a label after the checks.
#[derive(Clone, Copy)]
pub(crate) struct Verdict {
    /// Valid with the URL Standard's non-strict flags.
    pub ok: bool,
    /// Also valid with CheckHyphens and UseSTD3ASCIIRules.
    pub strict_ok: bool,
}

/// The RFC 5893 Bidi rule, evaluated one code point at a time, plus whether
/// the domain is a "Bidi domain name" (contains R, AL or AN).
#[derive(Clone, Copy)]
pub(crate) struct Bidi {
    /// Some label contains an R, AL or AN code point.
    pub domain_is_bidi: bool,
    /// Every label finished so far satisfies rules 1–6.
    pub all_labels_ok: bool,
    // Current label:
    started: bool,
    rtl: bool,
    label_ok: bool,
    has_en: bool,
    has_an: bool,
    last: BidiClass,
}

impl Bidi {
    pub(crate) fn new() -> Self {
        Bidi {
            domain_is_bidi: false,
            all_labels_ok: true,
            started: false,
            rtl: false,
            label_ok: true,
            has_en: false,
            has_an: false,
            last: BidiClass::L,
        }
    }

    #[cfg_attr(not(feature = "small"), inline)]
    pub(crate) fn push(&mut self, c: u32) {
        let class = match u8::try_from(c) {
            Ok(b) if b.is_ascii() => ascii_bidi_class(b),
            _ => props(c).bidi(),
        };
        self.push_class(class);
    }

    /// [`Bidi::push`] for a code point whose Bidi_Class is known.
    #[cfg_attr(not(feature = "small"), inline)]
    pub(crate) fn push_class(&mut self, class: BidiClass) {
        use BidiClass::*;
        if matches!(class, R | AL | AN) {
            self.domain_is_bidi = true;
        }
        if !self.started {
            self.started = true;
            match class {
                // Rule 1: the first character must be L, R or AL.
                L => self.rtl = false,
                R | AL => self.rtl = true,
                _ => self.label_ok = false,
            }
        } else if self.rtl {
            // Rule 2.
            if !matches!(class, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM) {
                self.label_ok = false;
            }
        } else if !matches!(class, L | EN | ES | CS | ET | ON | BN | NSM) {
            // Rule 5.
            self.label_ok = false;
        }
        match class {
            EN => self.has_en = true,
            AN => self.has_an = true,
            _ => {}
        }
        if class != NSM {
            self.last = class;
        }
    }

    /// Ends the current label.
    pub(crate) fn end_label(&mut self) {
        use BidiClass::*;
        if self.started {
            let ok = if self.rtl {
                // Rules 3 and 4.
                matches!(self.last, R | AL | EN | AN) && !(self.has_en && self.has_an)
            } else {
                // Rule 6.
                matches!(self.last, L | EN)
            };
            self.all_labels_ok &= ok && self.label_ok;
        }
        let (domain_is_bidi, all_labels_ok) = (self.domain_is_bidi, self.all_labels_ok);
        *self = Bidi::new();
        self.domain_is_bidi = domain_is_bidi;
        self.all_labels_ok = all_labels_ok;
    }

    /// CheckBidi's outcome for the whole domain.
    pub(crate) fn ok(&self) -> bool {
        !self.domain_is_bidi || self.all_labels_ok
    }
}

/// Bidi_Class of an ASCII code point (UnicodeData.txt; unchanged since
/// Unicode 1.1), without a table read: ASCII labels are most labels.
#[cfg_attr(not(feature = "small"), inline)]
pub(crate) fn ascii_bidi_class(b: u8) -> BidiClass {
    use BidiClass::*;
    match b {
        b'a'..=b'z' | b'A'..=b'Z' => L,
        b'0'..=b'9' => EN,
        b'+' | b'-' => ES,
        b'#' | b'$' | b'%' => ET,
        b',' | b'.' | b'/' | b':' => CS,
        b'\t' | 0x0B | 0x1F => S,
        b'\n' | b'\r' | 0x1C..=0x1E => B,
        0x0C | b' ' => WS,
        0x00..=0x08 | 0x0E..=0x1B | 0x7F => BN,
        _ => ON,
    }
}

/// Where a label's code points come from, which decides what criteria 1, 5
/// and 7 must look at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// Decoded from Punycode: anything, in any form.
    Decoded,
    /// ToASCII's Map and Normalize: every code point is valid and no FULL
    /// STOP is left (Map fails at a disallowed one, Normalize makes only
    /// valid ones from valid ones: `crate::idna::tests::
    /// normalize_keeps_mapped_text_valid` checks it on the tables).
    Mapped,
    /// ToUnicode's Map and Normalize, which keep a disallowed code point.
    MappedKeepingDisallowed,
}

/// The validity criteria that need the whole label (non-ASCII labels and
/// decoded Punycode): 1 (NFC, only when decoded), 2–4 (hyphens), 5 (no
/// FULL STOP), 6 (no leading mark), 7 (status; see [`Source`]), 8 (STD3),
/// CONTEXTJ. Feeds `bidi` too (and ends the label there).
///
/// idna-tables' Bidi_Class, Joining_Type, combining class and mark are exact
/// only on valid code points; they are read here before the status of every
/// code point is known, but any other status sets `ok` to false, and the
/// domain then fails whatever they said (CheckBidi's state included: the
/// whole domain fails with the label).
pub(crate) fn check(cps: &[u32], source: Source, bidi: &mut Bidi) -> Verdict {
    let decoded = source == Source::Decoded;
    let mut ok = true;
    let mut std3 = true;
    for (i, &c) in cps.iter().enumerate() {
        bidi.push_class(props(c).bidi());
        if source != Source::Mapped
            && (c == u32::from(b'.') || !matches!(super::mapping::mapping(c), Mapping::Valid))
        {
            ok = false;
        }
        std3 &= std3_ok(c);
        match c {
            0x200C => ok &= zwnj_ok(cps, i),
            0x200D => ok &= virama_before(cps, i),
            _ => {}
        }
    }
    bidi.end_label();
    if let Some(&first) = cps.first() {
        if props(first).is_mark() {
            ok = false;
        }
    }
    let x = u32::from(b'x');
    let n = u32::from(b'n');
    let h = u32::from(b'-');
    // Criterion 4 (CheckHyphens false): no `xn--` prefix. With CheckHyphens
    // true, criterion 2 rejects the same labels.
    if cps.starts_with(&[x, n, h, h]) {
        ok = false;
    }
    if decoded && ok && !is_nfc(cps) {
        ok = false;
    }
    Verdict {
        ok,
        strict_ok: ok && std3 && hyphens_of(cps),
    }
}

/// CheckHyphens on a whole label.
pub(crate) fn hyphens_of(cps: &[u32]) -> bool {
    match (cps.first(), cps.last()) {
        (Some(&f), Some(&l)) => hyphens_ok(
            f,
            l,
            (
                cps.get(2).copied().unwrap_or(0),
                cps.get(3).copied().unwrap_or(0),
            ),
        ),
        _ => true,
    }
}

/// Whether a label of normalized, mapped text that holds `before` and then
/// `c` fails validation whatever comes after `c` (a check
/// [`check`] repeats once the label has ended): `c` is a mark starting the
/// label (criterion 6), a ZERO WIDTH JOINER without a virama before it, or
/// a ZERO WIDTH NON-JOINER with neither a virama nor a left- or
/// dual-joining code point (transparent ones skipped) before it
/// (CheckJoiners). Exact on valid code points, the only ones mapped text
/// holds in ToASCII.
#[inline]
pub(crate) fn fails_at(before: &[u32], c: u32) -> bool {
    match c {
        0x200D => !virama_before(before, before.len()),
        0x200C => !virama_before(before, before.len()) && !joins_to_the_left(before, before.len()),
        _ => before.is_empty() && props(c).is_mark(),
    }
}

/// RFC 5892 A.2 (and the first rule of A.1): the code point before `i` has
/// Canonical_Combining_Class Virama.
fn virama_before(cps: &[u32], i: usize) -> bool {
    i.checked_sub(1)
        .and_then(|k| cps.get(k))
        .is_some_and(|&c| props(c).ccc() == 9)
}

/// RFC 5892 A.1, ZERO WIDTH NON-JOINER.
fn zwnj_ok(cps: &[u32], i: usize) -> bool {
    if virama_before(cps, i) {
        return true;
    }
    use JoiningType::*;
    // … and (Joining_Type:T)*(Joining_Type:{R,D}) after.
    let after = cps
        .get(i + 1..)
        .unwrap_or_default()
        .iter()
        .map(|&c| props(c).joining_type())
        .find(|&t| t != Transparent);
    joins_to_the_left(cps, i) && matches!(after, Some(RightJoining | DualJoining))
}

/// RFC 5892 A.1's context before `cps[i]`: (Joining_Type:{L,D})
/// (Joining_Type:T)*.
fn joins_to_the_left(cps: &[u32], i: usize) -> bool {
    use JoiningType::*;
    let before = cps
        .get(..i)
        .unwrap_or_default()
        .iter()
        .rev()
        .map(|&c| props(c).joining_type())
        .find(|&t| t != Transparent);
    matches!(before, Some(LeftJoining | DualJoining))
}

/// Criterion 1: the label is in NFC.
fn is_nfc(cps: &[u32]) -> bool {
    let mut nfc = super::nfc::Nfc::new();
    let mut at = 0;
    let mut cmp = |c: u32| {
        if cps.get(at) == Some(&c) {
            at += 1;
            Ok(())
        } else {
            Err(super::Exit::Invalid)
        }
    };
    // One type for every caller's emitter with the `small` feature: NFC's
    // code is then instantiated once (see `super::process`).
    #[cfg(feature = "small")]
    let mut cmp: &mut dyn FnMut(u32) -> Result<(), super::Exit> = &mut cmp;
    for &c in cps {
        if nfc.push(c, &mut cmp).is_err() {
            return false;
        }
    }
    nfc.finish(&mut cmp).is_ok() && at == cps.len()
}

#[cfg(test)]
mod tests {
    use super::{check, fails_at, Bidi, Source};
    use std::vec::Vec;

    /// What `fails_at` says against RFC 5892's CONTEXTJ rules and UTS #46
    /// criterion 6 (the expected values are theirs), and that a label it
    /// fails is failed by `check` whatever follows.
    #[test]
    fn a_label_failing_at_a_code_point_fails_whatever_follows() {
        let a = u32::from(b'a');
        let cases: &[(&[u32], u32, bool)] = &[
            (&[], 0x0301, true),                // a mark starts the label
            (&[a], 0x0301, false),              // a mark after a letter
            (&[], 0x0915, false),               // DEVANAGARI KA
            (&[0x0915], 0x200D, true),          // ZWJ after a letter
            (&[], 0x200D, true),                // ZWJ first
            (&[0x0915, 0x094D], 0x200D, false), // ZWJ after a virama
            (&[0x0915, 0x094D], 0x200C, false), // ZWNJ after a virama
            (&[0x0628], 0x200C, false),         // ZWNJ after BEH (dual-joining)
            (&[0x0628, 0x064E], 0x200C, false), // … with a transparent FATHA between
            (&[a], 0x200C, true),               // ZWNJ after a non-joining letter
            (&[0x0627], 0x200C, true),          // … after ALEF (right-joining)
            (&[], 0x200C, true),                // ZWNJ first
        ];
        let tails: &[&[u32]] = &[&[], &[a], &[0x0628], &[0x0915, 0x094D]];
        for &(before, c, fails) in cases {
            assert_eq!(fails_at(before, c), fails, "{before:x?} then {c:x}");
            for tail in tails.iter().filter(|_| fails) {
                let label: Vec<u32> = before.iter().chain([&c]).chain(*tail).copied().collect();
                let v = check(&label, Source::Mapped, &mut Bidi::new());
                assert!(!v.ok, "{label:x?}");
            }
        }
    }
}
