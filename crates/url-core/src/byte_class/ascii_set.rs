//! Sets of ASCII bytes as 128-bit masks that `const` code builds: the
//! percent-encode sets (url.bs §1.3) are defined here once, and the byte-class
//! table and the public percent-encoding API both read them.

use core::fmt;

/// A percent-encode set of ASCII bytes, plus every non-ASCII byte.
///
/// One bit per ASCII byte, so a set is a `Copy` value of 16 bytes that
/// `const` code can build and change: start from one of the standard's sets
/// (the associated constants) or
/// from [`AsciiSet::EMPTY`], then [`add`](AsciiSet::add),
/// [`remove`](AsciiSet::remove), [`union`](AsciiSet::union) or
/// [`complement`](AsciiSet::complement). Bytes ≥ 0x80 are always in the
/// set, whatever is added or removed: the standard's sets all contain them,
/// and an encoder that left one out would split a UTF-8 sequence.
///
/// ```
/// use url_core::percent_encode::{utf8_percent_encode, AsciiSet};
///
/// // The component set without `,`: encodes a list item but keeps commas.
/// const ITEM: &AsciiSet = &AsciiSet::COMPONENT.remove(b',');
/// assert_eq!(utf8_percent_encode("a,b c", ITEM).to_string(), "a,b%20c");
/// assert!(ITEM.contains(0xE9)); // non-ASCII: always
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    /// Bit `b` set: ASCII byte `b` is in the set.
    mask: u128,
}

impl AsciiSet {
    /// No ASCII byte (non-ASCII bytes are still encoded).
    pub const EMPTY: AsciiSet = AsciiSet { mask: 0 };

    /// The C0 control percent-encode set (url.bs §1.3): U+0000 to U+001F
    /// and U+007F (and every non-ASCII byte, as in every set).
    pub const C0_CONTROL: AsciiSet = AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

    /// The fragment percent-encode set: C0 controls and
    /// `` ␠ " < > ` ``.
    pub const FRAGMENT: AsciiSet = AsciiSet::C0_CONTROL.add_all(b" \"<>`");

    /// The query percent-encode set: C0 controls and `␠ " # < >`.
    pub const QUERY: AsciiSet = AsciiSet::C0_CONTROL.add_all(b" \"#<>");

    /// The special-query percent-encode set: the query set and `'`.
    pub const SPECIAL_QUERY: AsciiSet = AsciiSet::QUERY.add(b'\'');

    /// The path percent-encode set: the query set and `` ? ^ ` { } ``.
    pub const PATH: AsciiSet = AsciiSet::QUERY.add_all(b"?^`{}");

    /// The userinfo percent-encode set: the path set and
    /// `/ : ; = @ [ \ ] |`.
    pub const USERINFO: AsciiSet = AsciiSet::PATH.add_all(b"/:;=@[\\]|");

    /// The component percent-encode set (what `encodeURIComponent`
    /// encodes): the userinfo set and `$ % & + ,`.
    pub const COMPONENT: AsciiSet = AsciiSet::USERINFO.add_all(b"$%&+,");

    /// The application/x-www-form-urlencoded percent-encode set: the
    /// component set and `! ' ( ) ~` — every byte but the ASCII
    /// alphanumerics and `* - . _`.
    pub const FORM_URLENCODED: AsciiSet = AsciiSet::COMPONENT.add_all(b"!'()~");

    /// Every byte but the ASCII alphanumerics (not one of the standard's
    /// sets; the strictest useful one).
    pub const NON_ALPHANUMERIC: AsciiSet = AsciiSet::EMPTY
        .add_range(b'0', b'9')
        .add_range(b'A', b'Z')
        .add_range(b'a', b'z')
        .complement();

    /// Whether `byte` is in the set (bytes ≥ 0x80 always are).
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// assert!(AsciiSet::PATH.contains(b'^'));
    /// assert!(!AsciiSet::QUERY.contains(b'^'));
    /// assert!(AsciiSet::EMPTY.contains(0x80));
    /// ```
    #[inline]
    pub const fn contains(self, byte: u8) -> bool {
        byte >= 0x80 || self.mask & (1 << byte) != 0
    }

    /// Whether `byte` is an ASCII byte in the set: for the sets of code
    /// points the standard names that hold no non-ASCII code point.
    #[inline]
    pub(crate) const fn contains_ascii(self, byte: u8) -> bool {
        byte < 0x80 && self.mask & (1 << byte) != 0
    }

    /// The set with `byte` added (bytes ≥ 0x80 are in every set already).
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const SET: AsciiSet = AsciiSet::EMPTY.add(b' ');
    /// assert!(SET.contains(b' ') && !SET.contains(b'a'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn add(self, byte: u8) -> AsciiSet {
        if byte >= 0x80 {
            return self;
        }
        AsciiSet {
            mask: self.mask | 1 << byte,
        }
    }

    /// The set with every byte of `bytes` added.
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const SET: AsciiSet = AsciiSet::EMPTY.add_all(b"&=+");
    /// assert!(SET.contains(b'=') && !SET.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn add_all(self, bytes: &[u8]) -> AsciiSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.add(bytes[i]);
            i += 1;
        }
        set
    }

    /// The set with the bytes `first..=last` added (nothing when
    /// `first > last`).
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const DIGITS: AsciiSet = AsciiSet::EMPTY.add_range(b'0', b'9');
    /// assert!(DIGITS.contains(b'7') && !DIGITS.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn add_range(self, first: u8, last: u8) -> AsciiSet {
        let mut set = self;
        let mut b = first;
        while b <= last && b < 0x80 {
            set = set.add(b);
            b += 1;
        }
        set
    }

    /// The set without `byte`. Bytes ≥ 0x80 cannot be removed: the set is
    /// returned unchanged.
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const SET: AsciiSet = AsciiSet::PATH.remove(b'^');
    /// assert!(!SET.contains(b'^'));
    /// assert!(SET.remove(0xFF).contains(0xFF));
    /// ```
    #[inline]
    #[must_use]
    pub const fn remove(self, byte: u8) -> AsciiSet {
        if byte >= 0x80 {
            return self;
        }
        AsciiSet {
            mask: self.mask & !(1 << byte),
        }
    }

    /// The bytes in either set.
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const SET: AsciiSet = AsciiSet::FRAGMENT.union(AsciiSet::QUERY);
    /// assert!(SET.contains(b'`') && SET.contains(b'#'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet {
            mask: self.mask | other.mask,
        }
    }

    /// The ASCII bytes not in the set (non-ASCII bytes stay in it).
    ///
    /// ```
    /// use url_core::percent_encode::AsciiSet;
    /// const NOT_DIGITS: AsciiSet = AsciiSet::EMPTY.add_range(b'0', b'9').complement();
    /// assert!(!NOT_DIGITS.contains(b'5') && NOT_DIGITS.contains(b'x'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn complement(self) -> AsciiSet {
        AsciiSet { mask: !self.mask }
    }
}

/// Lists the ASCII bytes in the set, escaped: `AsciiSet(" \"#<>")`.
impl fmt::Debug for AsciiSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AsciiSet(\"")?;
        for b in (0..0x80u8).filter(|&b| self.contains(b)) {
            for e in b.escape_ascii() {
                fmt::Write::write_char(f, char::from(e))?;
            }
        }
        f.write_str("\")")
    }
}
