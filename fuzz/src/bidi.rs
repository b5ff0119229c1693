//! The Bidi rule (RFC 5893 §2, UTS #46 CheckBidi) judged on a host as
//! written in ASCII, for the allow-list in [`crate::known`]: each `xn--`
//! label is Punycode-decoded first (RFC 3492), so a right-to-left label
//! that arrives as Punycode (`xn--4gbrim`) makes the domain a Bidi domain
//! as surely as the same label written in Arabic does.
//!
//! Written here, apart from url-core's own check, so the allow-list does
//! not take url-core's word for why it rejected a host.

use idna_tables::{props, BidiClass};

/// Punycode-decodes `label` (without its `xn--` prefix), RFC 3492 §6.2.
/// `None` when it is not valid Punycode.
pub fn punycode_decode(label: &str) -> Option<Vec<char>> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    if !label.is_ascii() {
        return None;
    }
    // The basic code points are those before the last delimiter, if any
    // code point precedes it.
    let (basic, extended) = match label.rfind('-') {
        Some(i) if i > 0 => (&label[..i], &label[i + 1..]),
        _ => ("", label),
    };
    let mut out: Vec<char> = basic.chars().collect();
    let digit = |b: u8| -> Option<u32> {
        match b {
            b'a'..=b'z' => Some(u32::from(b - b'a')),
            b'A'..=b'Z' => Some(u32::from(b - b'A')),
            b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
            _ => None,
        }
    };
    let adapt = |mut delta: u32, points: u32, first: bool| -> u32 {
        delta /= if first { DAMP } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    };
    let (mut n, mut i, mut bias) = (0x80u32, 0u32, 72u32);
    let mut bytes = extended.bytes().peekable();
    let mut first = true;
    while bytes.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let d = digit(bytes.next()?)?;
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = if k <= bias {
                T_MIN
            } else if k >= bias + T_MAX {
                T_MAX
            } else {
                k - bias
            };
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = out.len() as u32 + 1;
        bias = adapt(i - old_i, len, first);
        first = false;
        n = n.checked_add(i / len)?;
        i %= len;
        out.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(out)
}

/// The labels of `host` (an ASCII hostname as a URL parser returns it) as
/// code points: `xn--` labels decoded, others as they are. `None` when an
/// `xn--` label is not valid Punycode.
fn labels(host: &str) -> Option<Vec<Vec<char>>> {
    host.split('.')
        .map(|l| match l.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("xn--") => punycode_decode(&l[4..]),
            _ => Some(l.chars().collect()),
        })
        .collect()
}

fn class(c: char) -> BidiClass {
    props(c as u32).bidi()
}

/// Whether `host`, once its `xn--` labels are decoded, has a character
/// from a right-to-left script (Bidi_Class R, AL or AN: a Bidi domain name,
/// RFC 5893 §1.4).
pub fn is_bidi_domain(host: &str) -> bool {
    labels(host).is_some_and(|ls| {
        ls.iter()
            .flatten()
            .any(|&c| matches!(class(c), BidiClass::R | BidiClass::AL | BidiClass::AN))
    })
}

/// Whether `host` is a Bidi domain name one of whose labels breaks RFC
/// 5893 §2's six conditions (UTS #46 CheckBidi checks every label of such a
/// domain, ASCII ones included).
pub fn breaks_bidi_rule(host: &str) -> bool {
    let Some(ls) = labels(host) else {
        return false;
    };
    is_bidi_domain(host) && ls.iter().any(|l| !l.is_empty() && !label_ok(l))
}

/// RFC 5893 §2, conditions 1 to 6, on one non-empty label.
fn label_ok(label: &[char]) -> bool {
    use BidiClass::*;
    let classes: Vec<BidiClass> = label.iter().map(|&c| class(c)).collect();
    // The last character that is not NSM (conditions 3 and 6).
    let last = classes.iter().rev().find(|&&c| c != NSM).copied();
    match classes.first() {
        // 1: the first character is L, R or AL.
        Some(R | AL) => {
            // 2, 3, 4: an RTL label.
            classes
                .iter()
                .all(|c| matches!(c, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM))
                && matches!(last, Some(R | AL | EN | AN))
                && !(classes.contains(&EN) && classes.contains(&AN))
        }
        Some(L) => {
            // 5, 6: an LTR label.
            classes
                .iter()
                .all(|c| matches!(c, L | EN | ES | CS | ET | ON | BN | NSM))
                && matches!(last, Some(L | EN))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_vectors() {
        // RFC 3492 §7.1 (A) Arabic (Egyptian), and well-known labels.
        let s = |l| punycode_decode(l).map(|v| v.into_iter().collect::<String>());
        assert_eq!(
            s("egbpdaj6bu4bxfgehfvwxn").as_deref(),
            Some("\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}")
        );
        assert_eq!(s("bcher-kva").as_deref(), Some("b\u{fc}cher"));
        assert_eq!(s("fa-hia").as_deref(), Some("fa\u{df}"));
        assert_eq!(s("4gbrim").as_deref(), Some("\u{645}\u{648}\u{642}\u{639}"));
        assert_eq!(s("a").as_deref(), Some("\u{80}"));
        assert_eq!(s("99999999999"), None);
    }

    #[test]
    fn bidi_rule() {
        // A right-to-left label alone, and with LTR ASCII labels that keep
        // the rule.
        assert!(is_bidi_domain("xn--4gbrim"));
        assert!(!breaks_bidi_rule("xn--4gbrim"));
        assert!(!breaks_bidi_rule("www.xn--4gbrim.com"));
        // B1 (starts with a digit) and B6 (ends with `=`) in a Bidi domain.
        assert!(breaks_bidi_rule("1.xn--4gbrim"));
        assert!(breaks_bidi_rule("a=.xn--4gbrim"));
        // Not a Bidi domain: nothing to break.
        assert!(!is_bidi_domain("1.example"));
        assert!(!breaks_bidi_rule("1.example"));
        // Invalid Punycode is not judged.
        assert!(!breaks_bidi_rule("xn--99999999999.1.xn--4gbrim"));
    }
}
