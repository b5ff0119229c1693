//! The front of ToASCII for the domains most IDNs are: every code point
//! ASCII, or valid and already in its final form.
//!
//! The general front ([`mod@super::process`]) maps and normalizes each code
//! point, and the converter then reads the Bidi and joining data of every
//! code point of a non-ASCII label and checks it for NFC. Here each
//! non-ASCII code point costs at most two table reads (status and
//! properties; none for the letters of the commonest scripts) and goes to
//! the converter as it is; the converter, told so
//! ([`Converter::fast`]), checks only what is left and writes the labels as
//! usual. A domain with anything else is declined ([`Exit::Decline`]) at the
//! first code point, or `xn--` label, that needs more, and the general path
//! takes over from the start of that label (`hand_over`): the labels before
//! it stay converted.
//!
//! A non-ASCII code point is taken when it is valid (Map leaves it), a
//! starter that the NFC quick check calls stable (a run of such starters and
//! ASCII is in NFC: Normalize leaves the text, and criterion 1 holds) and
//! not a mark at the start of a label (criterion 6). ASCII is only
//! lowercased (its only mapping) and is always valid, FULL STOP aside,
//! which separates labels. A code point that Map changes is taken as what
//! it maps to when that is one code point taken as above (an upper-case
//! letter, a fullwidth form of ASCII: [`mapped_to_ascii`]) or a FULL STOP
//! (U+3002, U+FF0E, U+FF61: the label ends), and dropped when Map drops it
//! (soft hyphen, variation selectors, …; see [`Take`]). A joiner (ZWNJ,
//! ZWJ), or a non-starter that NFC would leave where it is
//! ([`mark_in_order`]), is taken too, and its label then gets the general
//! path's checks at its end (`Converter::checked`: CheckJoiners among
//! them). Until an R, AL or AN code point comes, the domain is not a "Bidi
//! domain name" and CheckBidi holds whatever its labels are; from the first
//! one on, the converter feeds it every label ([`Converter::start_bidi`]).
//! So of the validity criteria only CheckHyphens and UseSTD3ASCIIRules
//! remain for the other labels (they decide `strict_ok`), with CheckBidi
//! in a Bidi domain name; an `xn--` label (Punycode to decode, or invalid)
//! the converter checks whole, as the general path's
//! ([`Converter::end_fast_label`]).

use super::converter::Converter;
use super::mapping::{char_at, mapping};
use super::process::Outcome;
use super::Exit;
use crate::storage::Storage;
use idna_tables::{BidiClass, Mapping};

/// ToASCII (or its check-only form) of `out[start..end]` through `conv`,
/// which puts the result in place of the input. On [`Exit::Decline`] the
/// general path goes on from `resume`, with `conv` as it is; with no
/// `resume`, the caller drops what `conv` wrote after `end` and starts
/// over.
pub(super) fn process<S: Storage>(
    out: &mut S,
    start: usize,
    end: usize,
    conv: &mut Converter,
    resume: &mut Option<usize>,
) -> Result<Outcome, Exit> {
    let mut p = start;
    loop {
        // One label, into the converter's buffer.
        let input = out.as_bytes().get(p..end).ok_or(Exit::Decline)?;
        let mut i = 0;
        // The bytes of the FULL STOP (or what maps to one) ending the label.
        let mut stop = 1;
        while let Some(&b) = input.get(i) {
            let c = if b < 0x80 {
                if b == b'.' {
                    break;
                }
                i += 1;
                u32::from(b.to_ascii_lowercase())
            } else {
                let (c, next) = char_at(input, i).ok_or(Exit::Decline)?;
                match take(c, conv.buf.as_slice()) {
                    Take::Char(d) => {
                        i = next;
                        conv.ascii &= d < 0x80;
                        d
                    }
                    Take::Checked(d) => {
                        i = next;
                        conv.ascii = false;
                        conv.checked = true;
                        d
                    }
                    Take::Rtl(d) => {
                        conv.start_bidi(out.as_bytes().get(start..p).unwrap_or_default());
                        i = next;
                        conv.ascii = false;
                        d
                    }
                    Take::Stop => {
                        stop = next - i;
                        break;
                    }
                    Take::Skip => {
                        i = next;
                        continue;
                    }
                    Take::Fail => return Err(Exit::Invalid),
                    Take::Decline => {
                        return Err(match declined_at(input, i) {
                            Exit::Decline => hand_over(start, p, conv, resume),
                            e => e,
                        })
                    }
                }
            };
            // A longer label is left to the general path, which bounds
            // non-ASCII labels but not ASCII ones.
            if !conv.buf.push(c) {
                return Err(hand_over(start, p, conv, resume));
            }
        }
        conv.end_fast_label(out, start..p)?;
        p += i + stop;
        if p > end {
            return conv.complete(out, start, end);
        }
    }
}

/// The general path takes over at the label starting at `p`, the labels
/// before it converted and written: processing them again (as a start over
/// from `start` would) cost more than the fast front saved on domains that
/// decline in a later label, which is most that decline (mixed case, a
/// mapped code point). They are read again only for their Bidi_Class, and
/// only if a later label makes the domain a Bidi domain name (unless the
/// fast front fed CheckBidi already: `Converter::take_over`). The labels
/// split alike either way: the fast front ends a label at every code point
/// that maps to a FULL STOP (ASCII's, U+3002, U+FF0E, U+FF61), and NFC
/// composes nothing across one. Only where scans are vector ones
/// (servers): the byte-loop targets keep the size (wasm32's budget) and
/// start over.
#[cold]
fn hand_over(start: usize, p: usize, conv: &mut Converter, resume: &mut Option<usize>) -> Exit {
    if crate::simd::VECTOR {
        conv.take_over(start..p);
        *resume = Some(p);
    }
    Exit::Decline
}

/// Why the fast front stops at `input[i]`: a disallowed code point fails
/// the domain ([`Exit::Invalid`]) without handing it to the general path;
/// anything else is [`Exit::Decline`].
///
/// A disallowed code point fails ToASCII wherever it is: Map keeps it,
/// Normalize cannot remove it (no disallowed code point decomposes or
/// composes: the tables' generator fails otherwise), and the label it ends
/// up in then fails criterion 7, or step 4.1 in an `xn--` label. Only the
/// code point at hand is looked up: looking ahead for one made the valid
/// domains the general path takes 3–5% slower (`hosts[idn]`), for the few
/// invalid ones whose disallowed code point comes after a label that
/// declines.
#[cold]
fn declined_at(input: &[u8], i: usize) -> Exit {
    match char_at(input, i) {
        Some((c, _)) if mapping(c) == Mapping::Disallowed => Exit::Invalid,
        _ => Exit::Decline,
    }
}

/// The ASCII that UTS #46 maps the non-ASCII `c` to, for the fullwidth
/// forms of ASCII (U+FF01 to U+FF5E: their counterpart, lower case for a
/// letter) and the other FULL STOPs (U+3002, U+FF61); `None` for any other
/// code point (`fullwidth_forms_map_to_ascii` checks it against the
/// tables). Such ASCII is as final as the input's own: an NFC starter
/// that is neither R, AL nor AN, after which a mark is taken only where
/// NFC would leave it, as after ASCII. Japanese and
/// Chinese input methods type these, and a FULL STOP among them used to
/// send every label after it down the general path.
#[inline]
fn mapped_to_ascii(c: u32) -> Option<u8> {
    match c {
        0xFF01..=0xFF5E => u8::try_from(c - 0xFEE0)
            .ok()
            .map(|b| b.to_ascii_lowercase()),
        0x3002 | 0xFF61 => Some(b'.'),
        _ => None,
    }
}

/// What the fast front does with a non-ASCII code point: what Map makes of
/// it, when that is in its final form (see the module docs).
enum Take {
    /// The code point the label holds: `c` itself, or what Map maps it to.
    Char(u32),
    /// The same, and its Bidi_Class is R, AL or AN: the domain is a Bidi
    /// domain name, and CheckBidi must see every label.
    Rtl(u32),
    /// A joiner (ZWNJ, ZWJ), or a non-starter that NFC leaves where it is
    /// ([`mark_in_order`]): the label gets the general path's checks at its
    /// end (CheckJoiners, CheckBidi), its text being NFC already.
    Checked(u32),
    /// Map makes it a FULL STOP: the label ends.
    Stop,
    /// Map removes it (`ignored`): what the label holds around it is
    /// judged as if it were not there (the checks read the label's code
    /// points so far, which leave it out), as NFC sees the mapped text.
    Skip,
    /// Left to the general path (or, if disallowed, failed: see
    /// [`declined_at`]).
    Decline,
    /// Fails the label whatever follows (`label::fails_at`), so ToASCII.
    Fail,
}

/// [`Take`] for the non-ASCII `c`, after `before` in its label.
#[inline]
fn take(c: u32, before: &[u32]) -> Take {
    if common(c) {
        return Take::Char(c);
    }
    match mapped_to_ascii(c) {
        Some(b'.') => Take::Stop,
        Some(a) => Take::Char(u32::from(a)),
        None => take_from_tables(c, before),
    }
}

/// [`take`] from the tables: a valid code point in its final form, or one
/// that maps to a single such code point (an upper-case letter, a
/// compatibility form).
fn take_from_tables(c: u32, before: &[u32]) -> Take {
    let first = before.is_empty();
    match mapping(c) {
        // A joiner out of context, a mark first: the general path would
        // stop there too.
        Mapping::Valid if super::label::fails_at(before, c) => Take::Fail,
        Mapping::Valid if c == 0x200C || c == 0x200D => Take::Checked(c),
        Mapping::Valid => match stays(c, first) {
            Stays::No => mark_in_order(c, before),
            s => s.take(c),
        },
        Mapping::Char(m) => {
            let m = m as u32;
            if m == u32::from(b'.') {
                Take::Stop
            } else if m < 0x80 {
                Take::Char(m)
            } else {
                final_form(m, first).take(m)
            }
        }
        Mapping::Ignored => Take::Skip,
        _ => Take::Decline,
    }
}

/// [`Take::Checked`] for the valid `m` when it is a non-starter that NFC
/// leaves after `before` as it is, else [`Take::Decline`]: `m` has no
/// decomposition; canonical ordering moves nothing (the code point before
/// is a mark of no higher combining class, or a starter with no
/// decomposition, which could hide marks of a higher one); and `m` does
/// not compose with the last starter (the only one it could compose with:
/// the starters the fast front takes compose with nothing before them, so
/// the last is where composition would start). (A mark first in its label
/// does not get here: it fails criterion 6, `label::fails_at`.)
fn mark_in_order(m: u32, before: &[u32]) -> Take {
    use super::nfc::ccc;
    let class = ccc(m);
    let Some(&last) = before.last() else {
        return Take::Decline;
    };
    let Some(at) = before.iter().rposition(|&c| ccc(c) == 0) else {
        return Take::Decline;
    };
    let starter = before.get(at).copied().unwrap_or(0);
    // NFC's work bound: a longer run of non-starters fails the label on
    // the general path (`nfc::MAX_NON_STARTERS`), and so here.
    if before.len() - at > super::nfc::MAX_NON_STARTERS {
        return Take::Decline;
    }
    let last_class = ccc(last);
    let in_order = if last_class == 0 {
        last < 0xC0 || idna_tables::decompose(last).is_none()
    } else {
        last_class <= class
    };
    if class == 0
        || !in_order
        || idna_tables::decompose(m).is_some()
        || idna_tables::compose(starter, m).is_some()
    {
        return Take::Decline;
    }
    Take::Checked(m)
}

/// Whether the non-ASCII `c` goes through UTS #46 processing unchanged and
/// with no effect on CheckJoiners (see the module docs).
#[inline]
fn final_form(c: u32, first: bool) -> Stays {
    if common(c) {
        Stays::Yes
    } else {
        final_form_in_tables(c, first)
    }
}

/// The letters of the scripts most IDNs are written in, for which the
/// tables say yes (`common_letters_are_in_final_form` checks it): Latin-1
/// lower case (U+00DF–U+00FF, with U+00F7 ÷, valid too), Greek and
/// Cyrillic lower case, hiragana, katakana, CJK ideographs (Extension A and
/// the main block) and Hangul syllables. A few comparisons instead of two
/// table reads.
#[inline]
fn common(c: u32) -> bool {
    matches!(
        c,
        0xDF..=0xFF
            | 0x3B1..=0x3C9
            | 0x430..=0x45F
            | 0x3041..=0x3096
            | 0x30A1..=0x30FA
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xAC00..=0xD7A3
    )
}

/// [`final_form`] from the tables.
fn final_form_in_tables(c: u32, first: bool) -> Stays {
    if c != 0x200C && c != 0x200D && mapping(c) == Mapping::Valid {
        stays(c, first)
    } else {
        Stays::No
    }
}

/// Whether a valid code point is left as it is by Normalize (a stable
/// starter) and by the validity criteria the converter skips for the fast
/// front (a mark first in its label), and whether it makes the domain a
/// Bidi domain name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stays {
    Yes,
    /// And it is R, AL or AN.
    Rtl,
    No,
}

impl Stays {
    fn take(self, c: u32) -> Take {
        match self {
            Stays::Yes => Take::Char(c),
            Stays::Rtl => Take::Rtl(c),
            Stays::No => Take::Decline,
        }
    }
}

/// [`Stays`] for the valid `c`.
fn stays(c: u32, first: bool) -> Stays {
    let props = idna_tables::props(c);
    if !props.is_stable_starter() || (first && props.is_mark()) {
        Stays::No
    } else if matches!(props.bidi(), BidiClass::R | BidiClass::AL | BidiClass::AN) {
        Stays::Rtl
    } else {
        Stays::Yes
    }
}

#[cfg(test)]
mod tests {
    use super::super::process::{process, Conversion, GENERAL_ONLY};
    use crate::{Buffer, SliceStorage, Storage};
    use std::string::String;
    use std::vec::Vec;

    /// ToASCII (or its check-only form) of `domain`, by the fast path where
    /// it takes the domain, or by the general path only.
    fn run(domain: &str, mode: Conversion, general_only: bool) -> (bool, bool, String) {
        GENERAL_ONLY.with(|g| g.set(general_only));
        let mut buf = [0u8; 2048];
        let mut out = SliceStorage::new(&mut buf);
        out.push_str("prefix/").unwrap();
        out.push_str(domain).unwrap();
        let r = process(&mut out, 7, mode).unwrap();
        GENERAL_ONLY.with(|g| g.set(false));
        (r.ok, r.strict_ok, String::from(out.as_str()))
    }

    /// Pieces of labels: ASCII of every kind UTS #46 tells apart, code
    /// points the fast path takes, and ones it must leave to the general
    /// path (mapped, ignored, disallowed, not NFC, marks, joiners, RTL,
    /// Arabic-Indic digits, other FULL STOPs).
    const PIECES: &[&str] = &[
        "a",
        "Z",
        "0",
        "-",
        "--",
        "_",
        "xn--",
        "XN--",
        "xn--bcher-kva",
        "xn--4db",
        "xn--1-zhc",
        "xn--9ca",
        "xn--ls8h",
        "xn--a",
        "ab",
        "\u{fc}",
        "\u{dc}",
        "\u{df}",
        "\u{3c2}",
        "\u{4f8b}",
        "\u{3048}",
        "\u{30c6}",
        "\u{ac00}",
        "\u{1100}",
        "\u{1161}",
        "\u{3b1}",
        "\u{43f}",
        "\u{5d0}",
        "\u{627}",
        "\u{663}",
        "\u{6f3}",
        "\u{200c}",
        "\u{200d}",
        "\u{301}",
        "\u{94d}",
        "\u{915}",
        "\u{93e}",
        "\u{e31}",
        "\u{bbe}",
        "\u{b95}",
        "\u{ff21}",
        "\u{ff41}",
        "\u{ff10}",
        "\u{ff01}",
        "\u{ff0f}",
        "\u{ff20}",
        "\u{ff3f}",
        "\u{ff5e}",
        "\u{ff5f}",
        "\u{ff58}\u{ff4e}--",
        "\u{3002}",
        "\u{ff0e}",
        "\u{ff61}",
        "\u{ad}",
        "\u{fe0f}",
        "\u{200b}",
        "\u{c9}",
        "\u{391}",
        "\u{41f}",
        "\u{130}",
        "\u{212a}",
        "\u{2126}",
        "\u{1e9e}",
        "\u{1d400}",
        "\u{24b6}",
        "\u{fb21}",
        "\u{5b0}",
        "\u{316}",
        "\u{323}",
        "\u{308}",
        "\u{344}",
        "\u{93c}",
        "\u{3099}",
        "\u{304b}",
        "\u{f71}\u{f72}",
        "\u{e9}\u{316}",
        "a\u{316}\u{301}",
        "a\u{301}\u{316}",
        "\u{915}\u{94d}\u{200d}\u{937}",
        "\u{644}\u{200c}\u{627}",
        "\u{660}",
        "\u{5d0}1",
        "\u{644}\u{627}",
        "\u{2f800}",
        "\u{1f101}",
        "\u{e0100}\u{301}",
        "\u{fffd}",
        "\u{f900}",
        "\u{1f600}",
        "\u{2460}",
        "\u{fb01}",
        "\u{e9}",
        "e\u{301}",
        "\u{10ffff}",
        "\u{e0100}",
        "\u{323b0}",
        ".",
        "..",
    ];

    fn check(domain: &str) {
        for mode in [Conversion::Ascii, Conversion::AsciiValidity] {
            assert_eq!(
                run(domain, mode, false),
                run(domain, mode, true),
                "{domain:?} ({})",
                if mode == Conversion::Ascii {
                    "ToASCII"
                } else {
                    "check only"
                }
            );
        }
    }

    /// The fast path answers exactly as the general path: the outcome
    /// (valid, strictly valid) and the text, on every one- and two-piece
    /// label and pseudo-random domains of up to three labels of up to four
    /// pieces.
    #[test]
    fn fast_path_is_the_general_path() {
        for a in PIECES {
            check(a);
            for b in PIECES {
                check(&std::format!("{a}{b}"));
                check(&std::format!("{a}.{b}"));
            }
        }
        let mut rng = crate::test_rng::Xorshift::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        for _ in 0..30_000 {
            let labels: Vec<String> = (0..1 + next(3))
                .map(|_| {
                    (0..1 + next(4))
                        .map(|_| PIECES[next(PIECES.len())])
                        .collect()
                })
                .collect();
            check(&labels.join("."));
        }
    }

    /// Where the fast front hands a domain over at a later label, the
    /// labels it converted still count for CheckBidi: a right-to-left
    /// label makes the domain a Bidi domain name, and then a label before
    /// it that starts with a digit fails RFC 5893 rule 1. Answers from
    /// the reference implementation (whatwg-url).
    #[test]
    fn labels_before_the_hand_over_count_for_check_bidi() {
        for (domain, want) in [
            ("a1.b\u{fc}cher.\u{5d0}", Some("a1.xn--bcher-kva.xn--4db")),
            ("1a.b\u{fc}cher.\u{5d0}", None),
            ("b\u{fc}cher.1a.\u{5d0}", None),
            ("B\u{fc}cher.a1.\u{5d0}", Some("xn--bcher-kva.a1.xn--4db")),
            ("b\u{fc}cher.Ab.\u{5d0}x", None),
            // The same labels in fullwidth forms and ideographic FULL
            // STOPs, which UTS #46 maps to the above.
            (
                "\u{ff41}\u{ff11}\u{ff0e}b\u{fc}cher\u{3002}\u{5d0}",
                Some("a1.xn--bcher-kva.xn--4db"),
            ),
            ("\u{ff11}a\u{ff61}b\u{fc}cher.\u{5d0}", None),
            ("b\u{fc}cher\u{3002}\u{ff11}\u{ff41}\u{ff0e}\u{5d0}", None),
            // An ignored code point is not there for CheckBidi: the first
            // label is empty, not one that starts with a BN.
            ("\u{ad}.\u{5d0}", Some(".xn--4db")),
            ("x\u{fe0f}.\u{5d0}", Some("x.xn--4db")),
            // Mapped code points count as what they map to: CIRCLED DIGIT
            // ONE is a '1' (EN), which may not start a label here.
            ("B\u{dc}CHER.a1.\u{5d0}", Some("xn--bcher-kva.a1.xn--4db")),
            ("\u{2460}a.b\u{fc}cher.\u{5d0}", None),
            (
                "a\u{2460}.b\u{fc}cher.\u{5d0}",
                Some("a1.xn--bcher-kva.xn--4db"),
            ),
            ("\u{212a}\u{c9}.\u{5d0}", Some("xn--k-bga.xn--4db")),
            ("\u{391}\u{392}.\u{5d0}", Some("xn--mxac.xn--4db")),
            // Labels after the first right-to-left code point.
            ("\u{5d0}.1a", None),
            ("\u{5d0}.a1", Some("xn--4db.a1")),
            ("a\u{5d0}.com", None),
            ("\u{5d0}1", Some("xn--1-zhc")),
            ("\u{644}\u{627}.\u{661}\u{662}", None),
            ("\u{628}\u{661}\u{6f1}.com", None),
            ("\u{5d0}\u{3002}b\u{fc}cher", Some("xn--4db.xn--bcher-kva")),
            ("x.\u{5d0}\u{5b0}.com", Some("x.xn--7cb7d.com")),
            // The general path takes over before the right-to-left label.
            ("1a.e\u{301}.\u{5d0}", None),
            ("a1.e\u{301}.\u{5d0}", Some("a1.xn--9ca.xn--4db")),
            ("1a.xn--4db.b\u{fc}cher", None),
        ] {
            for general_only in [false, true] {
                let (ok, _, text) = run(domain, Conversion::Ascii, general_only);
                let got = ok.then(|| String::from(text.trim_start_matches("prefix/")));
                assert_eq!(
                    got.as_deref(),
                    want,
                    "{domain:?} general only: {general_only}"
                );
            }
        }
    }

    /// `common` is what the tables say.
    #[test]
    fn common_letters_are_in_final_form() {
        for c in (0..0x11_0000).filter(|&c| super::common(c)) {
            assert_eq!(
                super::final_form_in_tables(c, true),
                super::Stays::Yes,
                "U+{c:04X}"
            );
        }
    }

    /// `mapped_to_ascii` is what the tables say.
    #[test]
    fn fullwidth_forms_map_to_ascii() {
        use idna_tables::{mapping, Mapping};
        let mut mapped = 0;
        for c in 0x80..0x11_0000u32 {
            let want = match mapping(c) {
                Mapping::Char(m) if m.is_ascii() => Some(m as u8),
                _ => None,
            };
            match super::mapped_to_ascii(c) {
                Some(a) => {
                    assert_eq!(Some(a), want, "U+{c:04X}");
                    mapped += 1;
                }
                // Others may map to ASCII (the tables answer for them),
                // but none to a FULL STOP.
                None => assert_ne!(want, Some(b'.'), "U+{c:04X}"),
            }
        }
        assert_eq!(mapped, 0x5E + 2);
    }

    /// Labels and domains past the fast path's bounds.
    #[test]
    fn long_labels_leave_the_fast_path() {
        let ascii = "a".repeat(300);
        let wide = "\u{fc}".repeat(100);
        for domain in [
            ascii.clone(),
            std::format!("{ascii}.b\u{fc}cher"),
            std::format!("b\u{fc}cher.{ascii}"),
            wide.clone(),
            std::format!("{wide}{wide}{wide}"),
            std::format!("{wide}.{wide}.{wide}.{wide}"),
            std::format!("{}.example", "a".repeat(63)),
            std::format!("{}.example", "a".repeat(64)),
            "a.".repeat(126) + "b",
            // NFC's bound on a run of non-starters, at and past it.
            std::format!("\u{e9}.e{}", "\u{8d2}".repeat(63)),
            std::format!("\u{e9}.e{}", "\u{8d2}".repeat(64)),
            std::format!("e{}.b\u{fc}cher", "\u{316}".repeat(64)),
            "a.".repeat(127),
            std::format!("{}.b\u{fc}cher", "a.".repeat(120)),
        ] {
            check(&domain);
        }
    }

    /// A disallowed code point fails ToASCII wherever it is, which lets
    /// both fronts stop at it: ToUnicode, which processes every label to
    /// the end, must agree that the domain is invalid. Every disallowed
    /// code point below U+30000 (every assigned one) and a sample above,
    /// after a label the fast path takes, after one only the general path
    /// takes (U+FF21 is mapped), inside an `xn--` label and first.
    #[test]
    fn a_disallowed_code_point_fails_wherever_it_is() {
        use idna_tables::{mapping, Mapping};
        let mut checked = 0;
        for cp in (0x80..0x11_0000u32).filter(|&cp| cp < 0x3_0000 || cp % 97 == 0) {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if mapping(cp) != Mapping::Disallowed {
                continue;
            }
            for domain in [
                std::format!("b\u{fc}cher.x{c}y"),
                std::format!("\u{ff21}.{c}"),
                std::format!("xn--a{c}.com"),
                std::format!("{c}\u{ff21}"),
            ] {
                for mode in [Conversion::Ascii, Conversion::AsciiValidity] {
                    assert!(!run(&domain, mode, false).0, "{domain:?}");
                }
                assert!(!run(&domain, Conversion::Unicode, true).0, "{domain:?}");
            }
            checked += 1;
        }
        assert!(checked > 50_000, "{checked}");
    }
}
