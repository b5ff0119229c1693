//! Percent-encode sets of the caller's choosing: [`AsciiSet`], a 128-bit
//! mask over ASCII whose constants are the standard's sets (defined once, in
//! the crate's byte classes, which the parser's table is built from too).

pub use crate::byte_class::AsciiSet;

use super::EncodeSet;

/// The C0 control percent-encode set ([`AsciiSet::C0_CONTROL`]) by the name
/// the `percent_encoding` crate gives it.
pub const CONTROLS: &AsciiSet = &AsciiSet::C0_CONTROL;

/// Every byte but the ASCII alphanumerics ([`AsciiSet::NON_ALPHANUMERIC`]),
/// by the name the `percent_encoding` crate gives it.
pub const NON_ALPHANUMERIC: &AsciiSet = &AsciiSet::NON_ALPHANUMERIC;

/// The same set of bytes as the standard's set.
///
/// ```
/// use url_core::percent_encode::{AsciiSet, EncodeSet};
/// assert_eq!(AsciiSet::from(EncodeSet::USERINFO), AsciiSet::USERINFO);
/// ```
impl From<EncodeSet> for AsciiSet {
    fn from(set: EncodeSet) -> AsciiSet {
        let mut out = AsciiSet::EMPTY;
        for b in 0..0x80u8 {
            if set.contains(b) {
                out = out.add(b);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    #[test]
    fn constants_equal_the_standard_sets_on_every_byte() {
        let pairs = [
            (AsciiSet::C0_CONTROL, EncodeSet::C0_CONTROL),
            (AsciiSet::FRAGMENT, EncodeSet::FRAGMENT),
            (AsciiSet::QUERY, EncodeSet::QUERY),
            (AsciiSet::SPECIAL_QUERY, EncodeSet::SPECIAL_QUERY),
            (AsciiSet::PATH, EncodeSet::PATH),
            (AsciiSet::USERINFO, EncodeSet::USERINFO),
            (AsciiSet::COMPONENT, EncodeSet::COMPONENT),
            (AsciiSet::FORM_URLENCODED, EncodeSet::FORM_URLENCODED),
        ];
        for (ascii, standard) in pairs {
            for b in 0..=255u8 {
                assert_eq!(
                    ascii.contains(b),
                    standard.contains(b),
                    "{standard:?} {b:#04x}"
                );
            }
            assert_eq!(AsciiSet::from(standard), ascii);
        }
        assert_eq!(*CONTROLS, AsciiSet::C0_CONTROL);
        for b in 0..=255u8 {
            assert_eq!(NON_ALPHANUMERIC.contains(b), !b.is_ascii_alphanumeric());
            // The spec's notes: the form set is everything but these.
            let form_kept = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
            assert_eq!(AsciiSet::FORM_URLENCODED.contains(b), !form_kept);
        }
    }

    #[test]
    fn add_remove_union_complement() {
        const S: AsciiSet = AsciiSet::EMPTY.add(b'a').add(b'b').remove(b'a');
        assert!(!S.contains(b'a') && S.contains(b'b'));
        assert_eq!(S.add(0xC3), S);
        assert_eq!(S.remove(0xC3), S);
        assert!(S.remove(0xC3).contains(0xC3));
        assert_eq!(
            S.union(AsciiSet::EMPTY.add(b'a')),
            AsciiSet::EMPTY.add_all(b"ab")
        );
        assert_eq!(S.complement().complement(), S);
        assert!(S.complement().contains(b'a') && !S.complement().contains(b'b'));
        assert!(S.complement().contains(0xFF));
        assert_eq!(AsciiSet::EMPTY.add_range(b'z', b'a'), AsciiSet::EMPTY);
        assert_eq!(
            AsciiSet::EMPTY.add_range(0, 0xFF),
            AsciiSet::EMPTY.complement()
        );
        assert_eq!(
            format!("{:?}", AsciiSet::EMPTY.add_all(b" \"#")),
            "AsciiSet(\" \\\"#\")"
        );
    }
}
