//! UTS #46 §4 step 1's table, and reading code points back from the
//! storage.

use idna_tables::Mapping;

/// `xn--`, as code points.
pub(super) const XN: [u32; 4] = [b'x' as u32, b'n' as u32, b'-' as u32, b'-' as u32];

/// `idna_tables::mapping`, with ASCII answered without a table walk: in the
/// UTS #46 table every ASCII code point is valid except A–Z, mapped to
/// lower case (`ascii_mapping_is_the_tables` checks it against the data).
#[inline(always)]
pub(crate) fn mapping(c: u32) -> Mapping {
    // With the `small` feature the table answers ASCII too (the same).
    if cfg!(feature = "small") {
        return idna_tables::mapping(c);
    }
    match c {
        0x41..=0x5A => Mapping::Char(char::from(c as u8 | 0x20)),
        0..=0x7F => Mapping::Valid,
        _ => idna_tables::mapping(c),
    }
}

/// Decodes the UTF-8 code point at `p`. The storage only ever receives
/// `&str`s, so this is well-formed UTF-8 and decoding needs no validation
/// beyond not reading past a truncated sequence: a broken storage gives
/// `None` (or a code point the tables disallow), never a panic.
#[inline]
pub(super) fn char_at(bytes: &[u8], p: usize) -> Option<(u32, usize)> {
    let lead = *bytes.get(p)?;
    let cont = |i: usize| {
        bytes
            .get(p + i)
            .filter(|&&b| b & 0xC0 == 0x80)
            .map(|&b| u32::from(b & 0x3F))
    };
    Some(match lead {
        0x00..=0x7F => (u32::from(lead), p + 1),
        0xC0..=0xDF => (u32::from(lead & 0x1F) << 6 | cont(1)?, p + 2),
        0xE0..=0xEF => (
            u32::from(lead & 0x0F) << 12 | cont(1)? << 6 | cont(2)?,
            p + 3,
        ),
        0xF0..=0xF7 => (
            u32::from(lead & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?,
            p + 4,
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::char_at;

    /// Every code point decodes to itself and its length, with zero to
    /// three bytes after it.
    #[test]
    fn char_at_decodes_every_code_point() {
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            for tail in ["", "a", "ab", "abc"] {
                let s = std::format!("x{c}{tail}");
                assert_eq!(
                    char_at(s.as_bytes(), 1),
                    Some((c as u32, 1 + c.len_utf8())),
                    "U+{:04X} {tail:?}",
                    c as u32
                );
            }
        }
    }

    /// Bytes that are not UTF-8 (a broken storage) give `None` or some code
    /// point, never a panic; a bad continuation byte or a truncated
    /// sequence gives `None`.
    #[test]
    fn char_at_on_broken_bytes() {
        for bytes in [
            &[0xC3][..],
            &[0xE4, 0xB8],
            &[0xF0, 0x9F, 0x98],
            &[0xC3, 0x41, 0x41, 0x41],
            &[0xE4, 0xB8, 0x41, 0x41],
            &[0xF0, 0x9F, 0x98, 0x41],
            &[0xF0, 0x41, 0x98, 0x80],
            &[0x80, 0x80, 0x80, 0x80],
            &[0xFF, 0x80, 0x80, 0x80],
        ] {
            assert_eq!(char_at(bytes, 0), None, "{bytes:X?}");
        }
        let mut rng = crate::test_rng::Xorshift::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..100_000 {
            let bytes = rng.next_u64().to_le_bytes();
            for p in 0..=bytes.len() {
                let _ = char_at(&bytes[..(p + 3).min(8)], p.min(7));
            }
        }
    }
}
