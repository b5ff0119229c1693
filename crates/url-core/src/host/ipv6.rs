//! IPv6 (url.bs §3.5 "IPv6 parser", §3.6 "IPv6 serializer").

use crate::byte_class::is_tab_or_newline;
use crate::validation::ValidationError;

/// A pointer over `bytes` that skips ASCII tab or newline (already "removed"
/// from the input by the basic URL parser).
struct Pointer<'a> {
    bytes: &'a [u8],
    i: usize,
    /// Whether `bytes` holds a tab or newline at all: checked once, so that
    /// an address without one (nearly all) is not probed at every step.
    ws: bool,
}

impl Pointer<'_> {
    #[inline]
    fn settle(&mut self) {
        if self.ws {
            while self.i < self.bytes.len() && is_tab_or_newline(self.bytes[self.i]) {
                self.i += 1;
            }
        }
    }
    #[inline]
    fn c(&mut self) -> Option<u8> {
        self.settle();
        self.bytes.get(self.i).copied()
    }
    /// The index of the current code point (tab/newline skipped).
    #[inline]
    fn at(&mut self) -> usize {
        self.settle();
        self.i
    }
    #[inline]
    fn advance(&mut self) {
        self.settle();
        self.i += 1;
    }
}

#[inline]
fn fail<T>(
    report: &mut impl FnMut(ValidationError, usize),
    e: ValidationError,
    at: usize,
) -> Result<T, (ValidationError, usize)> {
    report(e, at);
    Err((e, at))
}

/// Offset meaning "the whole address" (errors about the host as a whole are
/// reported at the host's start).
pub(crate) const WHOLE: usize = usize::MAX;

/// The IPv6 parser, over the text between the brackets. Errors carry the
/// offset (into `input`) of the code point, or IPv4 part or piece, at fault.
pub(crate) fn parse_ipv6(
    input: &[u8],
    report: &mut impl FnMut(ValidationError, usize),
) -> Result<[u16; 8], (ValidationError, usize)> {
    use ValidationError::*;
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let ws = input.iter().any(|&b| is_tab_or_newline(b));
    let mut p = Pointer {
        bytes: input,
        i: 0,
        ws,
    };

    if p.c() == Some(b':') {
        let mut q = Pointer {
            bytes: input,
            i: p.i,
            ws,
        };
        q.advance();
        if q.c() != Some(b':') {
            return fail(report, Ipv6InvalidCompression, p.at());
        }
        p = q;
        p.advance();
        piece_index += 1;
        compress = Some(piece_index);
    }
    while let Some(c) = p.c() {
        if piece_index == 8 {
            return fail(report, Ipv6TooManyPieces, p.at());
        }
        if c == b':' {
            if compress.is_some() {
                return fail(report, Ipv6MultipleCompression, p.at());
            }
            p.advance();
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u32 = 0;
        let mut length = 0;
        let piece_start = p.at();
        while length < 4 {
            match p.c().and_then(crate::percent_encode::hex_value) {
                Some(d) => {
                    value = value * 0x10 + d as u32;
                    p.advance();
                    length += 1;
                }
                None => break,
            }
        }
        match p.c() {
            Some(b'.') => {
                if length == 0 {
                    return fail(report, Ipv4InIpv6InvalidCodePoint, p.at());
                }
                // "Decrease pointer by length."
                p.i = piece_start;
                if piece_index > 6 {
                    return fail(report, Ipv4InIpv6TooManyPieces, p.at());
                }
                let mut numbers_seen = 0;
                while p.c().is_some() {
                    let mut ipv4_piece: Option<u32> = None;
                    let mut part_start = p.at();
                    if numbers_seen > 0 {
                        if p.c() == Some(b'.') && numbers_seen < 4 {
                            p.advance();
                            part_start = p.at();
                        } else {
                            return fail(report, Ipv4InIpv6InvalidCodePoint, p.at());
                        }
                    }
                    if !p.c().is_some_and(|c| c.is_ascii_digit()) {
                        return fail(report, Ipv4InIpv6InvalidCodePoint, p.at());
                    }
                    while let Some(d @ b'0'..=b'9') = p.c() {
                        let number = (d - b'0') as u32;
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return fail(report, Ipv4InIpv6InvalidCodePoint, p.at()),
                            Some(v) => Some(v * 10 + number),
                        };
                        if ipv4_piece.unwrap_or(0) > 255 {
                            return fail(report, Ipv4InIpv6OutOfRangePart, part_start);
                        }
                        p.advance();
                    }
                    let v = ipv4_piece.unwrap_or(0) as u16;
                    if let Some(slot) = address.get_mut(piece_index) {
                        *slot = slot.wrapping_mul(0x100) + v;
                    }
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return fail(report, Ipv4InIpv6TooFewParts, WHOLE);
                }
                break;
            }
            Some(b':') => {
                p.advance();
                if p.c().is_none() {
                    return fail(report, Ipv6InvalidCodePoint, p.at());
                }
            }
            Some(_) => return fail(report, Ipv6InvalidCodePoint, p.at()),
            None => {}
        }
        if length > 1 && value < (1u32 << (4 * (length - 1))) {
            report(Ipv6PieceLeadingZero, piece_start);
        }
        if let Some(slot) = address.get_mut(piece_index) {
            *slot = value as u16;
        }
        piece_index += 1;
    }
    if let Some(compress) = compress {
        expand_compression(&mut address, compress, piece_index);
    } else if piece_index != 8 {
        return fail(report, Ipv6TooFewPieces, WHOLE);
    }
    Ok(address)
}

/// The IPv6 parser for the common address — hexadecimal pieces and at most
/// one `::`, no IPv4 part, no tab or newline — without validation reports:
/// `None` for anything else (an error or an IPv4 part), which the caller
/// then gives to [`parse_ipv6`]. One pass with no pointer to settle and no
/// report to call: about half the instructions on such addresses.
pub(crate) fn parse_ipv6_plain(input: &[u8]) -> Option<[u16; 8]> {
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut i = 0;
    if input.first() == Some(&b':') {
        if input.get(1) != Some(&b':') {
            return None;
        }
        i = 2;
        piece_index = 1;
        compress = Some(1);
    }
    while let Some(&c) = input.get(i) {
        if piece_index == 8 {
            return None;
        }
        if c == b':' {
            if compress.is_some() {
                return None;
            }
            i += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            match input
                .get(i)
                .and_then(|&d| crate::percent_encode::hex_value(d))
            {
                Some(d) => {
                    value = value << 4 | u16::from(d);
                    i += 1;
                    length += 1;
                }
                None => break,
            }
        }
        match input.get(i) {
            Some(b':') => {
                i += 1;
                if i == input.len() {
                    return None;
                }
            }
            None => {}
            // '.' (an IPv4 part) or an invalid code point.
            Some(_) => return None,
        }
        *address.get_mut(piece_index)? = value;
        piece_index += 1;
    }
    match compress {
        Some(compress) => expand_compression(&mut address, compress, piece_index),
        None if piece_index != 8 => return None,
        None => {}
    }
    Some(address)
}

/// The IPv6 parser's last step for an address with a `::` at piece
/// `compress`: the `piece_index - compress` pieces after it move to the end,
/// and zeros fill their place.
fn expand_compression(address: &mut [u16; 8], compress: usize, piece_index: usize) {
    let mut swaps = piece_index.saturating_sub(compress);
    let mut piece_index = 7;
    while piece_index != 0 && swaps > 0 {
        let other = compress + swaps - 1;
        if piece_index < address.len() && other < address.len() {
            address.swap(piece_index, other);
        }
        piece_index -= 1;
        swaps -= 1;
    }
}

/// The IPv6 serializer (without brackets) into a stack buffer; returns the
/// used length (at most 39).
pub(crate) fn serialize_ipv6(address: &[u16; 8], out: &mut [u8; 40]) -> usize {
    // "Find the IPv6 address compressed piece index": longest run of ≥2 zeros,
    // first one wins on ties.
    let mut compress: Option<usize> = None;
    let mut longest = 1;
    let mut run = 0;
    for (i, &piece) in address.iter().enumerate() {
        if piece == 0 {
            run += 1;
            if run > longest {
                longest = run;
                compress = Some(i + 1 - run);
            }
        } else {
            run = 0;
        }
    }
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // At most 39 bytes; `put` drops nothing in range.
    let mut n = 0;
    let mut put = |b: u8| {
        if let Some(slot) = out.get_mut(n) {
            *slot = b;
        }
        n += 1;
    };
    let mut ignore0 = false;
    for (index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(index) {
            if index == 0 {
                put(b':');
            }
            put(b':');
            ignore0 = true;
            continue;
        }
        let mut started = false;
        for shift in [12, 8, 4, 0] {
            let d = usize::from((piece >> shift) & 0xF);
            if d != 0 || started || shift == 0 {
                put(HEX.get(d).copied().unwrap_or(b'0'));
                started = true;
            }
        }
        if index != 7 {
            put(b':');
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    fn roundtrip(s: &str) -> Result<&'static str, ValidationError> {
        let a = parse_ipv6(s.as_bytes(), &mut |_, _| {}).map_err(|(e, _)| e)?;
        let mut out = [0u8; 40];
        let n = serialize_ipv6(&a, &mut out);
        Ok(Box::leak(
            String::from_utf8(out[..n].to_vec())
                .unwrap()
                .into_boxed_str(),
        ))
    }

    #[test]
    fn forms() {
        assert_eq!(roundtrip("::1"), Ok("::1"));
        assert_eq!(roundtrip("::"), Ok("::"));
        assert_eq!(roundtrip("0:0:0:0:0:0:0:1"), Ok("::1"));
        assert_eq!(roundtrip("1:0:0:2:0:0:0:3"), Ok("1:0:0:2::3"));
        assert_eq!(roundtrip("0:f:0:0:f:f:0:0"), Ok("0:f::f:f:0:0"));
        assert_eq!(roundtrip("::ffff:127.0.0.1"), Ok("::ffff:7f00:1"));
        assert_eq!(roundtrip("1:2:3:4:5:6:7:8"), Ok("1:2:3:4:5:6:7:8"));
        assert_eq!(roundtrip("1::"), Ok("1::"));
        assert_eq!(
            roundtrip(":1"),
            Err(ValidationError::Ipv6InvalidCompression)
        );
        assert_eq!(
            roundtrip("1::1::1"),
            Err(ValidationError::Ipv6MultipleCompression)
        );
        assert_eq!(roundtrip("1:2:3"), Err(ValidationError::Ipv6TooFewPieces));
        assert_eq!(
            roundtrip("1:2:3:4:5:6:7:8:9"),
            Err(ValidationError::Ipv6TooManyPieces)
        );
        assert_eq!(
            roundtrip("1:2:3:"),
            Err(ValidationError::Ipv6InvalidCodePoint)
        );
        assert_eq!(
            roundtrip("ffff::127.00.0.1"),
            Err(ValidationError::Ipv4InIpv6InvalidCodePoint)
        );
        assert_eq!(
            roundtrip("ffff::127.0.0.4000"),
            Err(ValidationError::Ipv4InIpv6OutOfRangePart)
        );
        assert_eq!(
            roundtrip("ffff::127.0.0"),
            Err(ValidationError::Ipv4InIpv6TooFewParts)
        );
        assert_eq!(
            roundtrip("1:1:1:1:1:1:1:127.0.0.1"),
            Err(ValidationError::Ipv4InIpv6TooManyPieces)
        );
        assert_eq!(roundtrip(":\t:1"), Ok("::1"));
    }

    /// The plain parser answers exactly as the full one wherever it answers,
    /// and answers every valid address without an IPv4 part.
    #[test]
    fn plain_agrees_with_the_full_parser() {
        let pieces = [
            "", ":", "::", "0", "1", "ab", "0C1", "ffff", "FfFf", "00000", "12345", "g", "1.2.3.4",
            ".",
        ];
        let mut n = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let s = format!("{a}:{b}{c}:{d}");
                        for t in [
                            s.clone(),
                            format!("1:2:3:4:5:{s}"),
                            format!("::{s}"),
                            format!("{s}::"),
                        ] {
                            let full = parse_ipv6(t.as_bytes(), &mut |_, _| {}).ok();
                            match parse_ipv6_plain(t.as_bytes()) {
                                Some(p) => assert_eq!(Some(p), full, "{t:?}"),
                                None => assert!(full.is_none() || t.contains('.'), "{t:?}"),
                            }
                            n += 1;
                        }
                    }
                }
            }
        }
        assert!(n > 80_000);
    }

    /// The serializer against the standard's steps written plainly (the
    /// longest run of two or more zero pieces, the first of equals, becomes
    /// "::"; pieces in lowercase hex without leading zeros), over addresses
    /// with zero runs everywhere and pieces of every width.
    #[test]
    fn serializer_follows_the_standard() {
        fn reference(a: &[u16; 8]) -> String {
            let (mut best, mut best_len) = (None, 1);
            for start in 0..8 {
                let len = a[start..].iter().take_while(|&&p| p == 0).count();
                if len > best_len {
                    (best, best_len) = (Some(start), len);
                }
            }
            let mut out = String::new();
            let mut i = 0;
            while i < 8 {
                if Some(i) == best {
                    out.push_str(if i == 0 { "::" } else { ":" });
                    i += best_len;
                    continue;
                }
                out.push_str(&format!("{:x}", a[i]));
                if i != 7 {
                    out.push(':');
                }
                i += 1;
            }
            out
        }
        let widths = [
            0u16, 0x1, 0xf, 0x10, 0xab, 0x100, 0xfff, 0x1000, 0xffff, 0x8001,
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            let mut a = [0u16; 8];
            for p in &mut a {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Half the pieces zero, so that runs of every length occur.
                *p = if x & 1 == 0 {
                    0
                } else {
                    widths[(x >> 8) as usize % widths.len()]
                };
            }
            let mut out = [0u8; 40];
            let n = serialize_ipv6(&a, &mut out);
            assert_eq!(
                core::str::from_utf8(&out[..n]).unwrap(),
                reference(&a),
                "{a:x?}"
            );
        }
    }
}
