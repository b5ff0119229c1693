//! UTS #46 CheckJoiners (RFC 5892 Appendix A, the CONTEXTJ rules), and the
//! validity criterion that a label must not begin with a combining mark,
//! judged on a host as written in ASCII, for the allow-list in [`crate::known`]: each
//! `xn--` label is Punycode-decoded first ([`crate::bidi::punycode_decode`]).
//! Written here, apart from url-core's own check, so the allow-list does
//! not take url-core's word for why it rejected a host.

use idna_tables::{props, JoiningType};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
/// Canonical_Combining_Class=Virama.
const VIRAMA: u8 = 9;

fn is_virama(c: char) -> bool {
    props(c as u32).ccc() == VIRAMA
}

fn joining(c: char) -> JoiningType {
    props(c as u32).joining_type()
}

/// RFC 5892 Appendix A.1 and A.2 for the joiner at `label[i]`.
fn joiner_ok(label: &[char], i: usize) -> bool {
    use JoiningType::*;
    // Both: allowed right after a virama.
    if i > 0 && is_virama(label[i - 1]) {
        return true;
    }
    if label[i] == ZWJ {
        return false;
    }
    // ZWNJ: (Joining_Type:{L,D})(Joining_Type:T)* before it and
    // (Joining_Type:T)*(Joining_Type:{R,D}) after it.
    let before = label[..i]
        .iter()
        .rev()
        .find(|&&c| joining(c) != Transparent);
    let after = label[i + 1..].iter().find(|&&c| joining(c) != Transparent);
    matches!(before.map(|&c| joining(c)), Some(LeftJoining | DualJoining))
        && matches!(after.map(|&c| joining(c)), Some(RightJoining | DualJoining))
}

/// Whether some label of `host` (an ASCII hostname as a URL parser returns
/// it), once decoded, holds a ZERO WIDTH JOINER or NON-JOINER outside the
/// contexts RFC 5892 Appendix A allows.
pub fn breaks_contextj(host: &str) -> bool {
    host.split('.').any(|l| {
        let label: Vec<char> = match l.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("xn--") => {
                match crate::bidi::punycode_decode(&l[4..]) {
                    Some(cps) => cps,
                    None => return false,
                }
            }
            _ => l.chars().collect(),
        };
        (0..label.len()).any(|i| matches!(label[i], ZWNJ | ZWJ) && !joiner_ok(&label, i))
    })
}

/// The labels of `host`, `xn--` ones decoded; `None` for a label that is
/// not valid Punycode (not judged).
fn decoded_labels(host: &str) -> impl Iterator<Item = Option<Vec<char>>> + '_ {
    host.split('.').map(|l| match l.get(..4) {
        Some(p) if p.eq_ignore_ascii_case("xn--") => crate::bidi::punycode_decode(&l[4..]),
        _ => Some(l.chars().collect()),
    })
}

/// Whether some label of `host`, once decoded, begins with a combining
/// mark (General_Category=Mark; UTS #46 §4.1 validity criteria).
pub fn begins_with_a_mark(host: &str) -> bool {
    decoded_labels(host).any(|l| {
        l.and_then(|l| l.first().copied())
            .is_some_and(|c| props(c as u32).is_mark())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(label: &str) -> String {
        let mut out = String::new();
        url_core::idna::to_ascii(label, false, &mut out).ok();
        out
    }

    #[test]
    fn contextj() {
        // क्‍ष: one ZWJ after the virama U+094D is allowed; a second ZWJ
        // follows a ZWJ, not a virama (issue 29's fuzz run).
        assert!(!breaks_contextj("\u{915}\u{94d}\u{200d}\u{937}"));
        assert!(breaks_contextj("\u{915}\u{94d}\u{200d}\u{200d}\u{937}"));
        // ZWNJ between two dual-joining Arabic letters (A.1's regex).
        assert!(!breaks_contextj("\u{628}\u{200c}\u{628}"));
        // ZWNJ or ZWJ between Latin letters.
        assert!(breaks_contextj("a\u{200c}b"));
        assert!(breaks_contextj("a\u{200d}b"));
        // Punycode: a label that keeps the rule, as the standard encodes it.
        let ok = encoded("\u{915}\u{94d}\u{200d}\u{937}");
        assert!(ok.starts_with("xn--"), "{ok}");
        assert!(!breaks_contextj(&ok));
    }

    #[test]
    fn leading_mark() {
        // xn--ejea-j-efMgfd decodes to U+08CF (a combining mark) first
        // (issue 29's third run; checked with Python's punycode codec).
        assert!(begins_with_a_mark("xn--fdk449j.xn--ejea-j-efMgfd"));
        assert!(begins_with_a_mark("\u{301}a"));
        assert!(!begins_with_a_mark("a\u{301}.example"));
    }
}
