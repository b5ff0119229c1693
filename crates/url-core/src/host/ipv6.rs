//! IPv6 (url.bs §3.5 "IPv6 parser", §3.6 "IPv6 serializer").

use crate::byte_class::is_tab_or_newline;
use crate::validation::ValidationError;

/// A pointer over `bytes` that skips ASCII tab or newline (already "removed"
/// from the input by the basic URL parser) when `WS`: an address without
/// one (nearly all) gets the instantiation where skipping compiles away.
struct Pointer<'a, const WS: bool> {
    bytes: &'a [u8],
    i: usize,
}

impl<const WS: bool> Pointer<'_, WS> {
    #[inline]
    fn settle(&mut self) {
        if WS {
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

/// Where the IPv6 parser's error offset `k` (into the text between the
/// brackets, or [`WHOLE`]) falls in the bracketed host `[…]`: one past the
/// '[', or the '[' itself for an error about the whole address.
#[inline]
pub(crate) fn offset_in_brackets(k: usize) -> usize {
    if k == WHOLE {
        0
    } else {
        1 + k
    }
}

/// The IPv6 parser, over the text between the brackets. Errors carry the
/// offset (into `input`) of the code point, or IPv4 part or piece, at fault.
/// `ws`: whether `input` may hold an ASCII tab or newline (the caller's
/// input knows); only then is it looked for.
///
/// One pass for every form, IPv4 part and failure included: an earlier
/// split into a quick parser for plain addresses and this one for the rest
/// parsed an IPv4 part or an error twice.
pub(crate) fn parse_ipv6(
    input: &[u8],
    ws: bool,
    report: &mut impl FnMut(ValidationError, usize),
) -> Result<[u16; 8], (ValidationError, usize)> {
    // With `small`, one instantiation (the one that skips).
    if cfg!(feature = "small") || (ws && input.iter().any(|&b| is_tab_or_newline(b))) {
        parse::<true>(input, report)
    } else {
        parse::<false>(input, report)
    }
}

fn parse<const WS: bool>(
    input: &[u8],
    report: &mut impl FnMut(ValidationError, usize),
) -> Result<[u16; 8], (ValidationError, usize)> {
    use ValidationError::*;
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = Pointer::<WS> { bytes: input, i: 0 };

    if p.c() == Some(b':') {
        let mut q = Pointer::<WS> {
            bytes: input,
            i: p.i,
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
        if !WS && !cfg!(feature = "small") {
            // Up to four hex digits with no branch per digit: a piece's
            // length varies from address to address, so a digit loop's exit
            // is mispredicted about once a piece.
            (value, length) = hex_piece(input, p.i);
            p.i += length;
        } else {
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
    finish(address, piece_index, compress, report)
}

/// The value and length of the run of at most four hex digits at `i`: the
/// four bytes from `i` as one word, each byte classified and turned into
/// its digit's value at once (no byte carries into the next), rather
/// than a table lookup per byte.
#[inline(always)]
fn hex_piece(input: &[u8], i: usize) -> (u32, usize) {
    const ONES: u32 = 0x0101_0101;
    const HIGH: u32 = ONES * 0x80;
    // Past the input's end, zero bytes: not digits.
    let word = match input.get(i..i + 4) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => {
            let mut w = [0u8; 4];
            for (k, slot) in w.iter_mut().enumerate() {
                *slot = input.get(i + k).copied().unwrap_or(0);
            }
            u32::from_le_bytes(w)
        }
    };
    let low7 = word & !HIGH;
    // Bit 7 of a byte set when its low seven bits are at least `c` (the
    // sum stays under 0x100).
    let at_least = |x: u32, c: u8| x + ONES * u32::from(0x80 - c);
    let ascii = !word & HIGH;
    let digit = at_least(low7, b'0') & !at_least(low7, b'9' + 1) & ascii;
    // 'A'..='F' and 'a'..='f' alike once bit 5 is set; no other byte is
    // 'a'..='f' with it set.
    let folded = low7 | (ONES * 0x20);
    let letter = at_least(folded, b'a') & !at_least(folded, b'f' + 1) & ascii;
    let length = (!(digit | letter) & HIGH).trailing_zeros() as usize / 8;
    // A digit's value is its low nibble; a letter's, its low nibble + 9.
    let nibbles = (word & (ONES * 0x0F)) + (letter >> 7) * 9;
    // The first byte's nibble most significant: four nibbles packed.
    let t = nibbles.swap_bytes();
    let t = (t | t >> 4) & 0x00FF_00FF;
    let all = (t | t >> 8) & 0xFFFF;
    // Only the first `length` digits: the rest shift out (`length` 0
    // gives 0).
    let value = u32::try_from(u64::from(all) >> (4 * (4 - length.min(4)))).unwrap_or(0);
    (value, length)
}

/// The IPv6 parser's last steps: the compression expanded, or too few
/// pieces without one.
#[inline]
fn finish(
    mut address: [u16; 8],
    piece_index: usize,
    compress: Option<usize>,
    report: &mut impl FnMut(ValidationError, usize),
) -> Result<[u16; 8], (ValidationError, usize)> {
    match compress {
        Some(compress) => {
            expand_compression(&mut address, compress, piece_index);
            Ok(address)
        }
        None if piece_index != 8 => fail(report, ValidationError::Ipv6TooFewPieces, WHOLE),
        None => Ok(address),
    }
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

/// "Find the IPv6 address compressed piece index" for the address whose
/// zero pieces are the bits of `zeros` (bit `i`: piece `i` is 0): where
/// the first of the longest runs of two or more zero pieces starts, and
/// its length (0 where there is none). Bit `i` of `runs` after `k`
/// rounds says pieces `i..=i+k` are all zero; its last nonzero value
/// marks where the longest runs start.
const fn compressed_run(zeros: u8) -> (usize, usize) {
    let (mut runs, mut starts, mut longest) = (zeros as u32, 0u32, 0usize);
    while runs != 0 {
        starts = runs;
        runs &= runs >> 1;
        longest += 1;
    }
    if longest >= 2 {
        (starts.trailing_zeros() as usize, longest)
    } else {
        (0, 0)
    }
}

/// [`compressed_run`] for every set of zero pieces, the index in the low
/// nibble and the length in the high one: looked up, not searched for (the
/// search loop's exit, at every run length, mispredicted about once an
/// address; alternating runs of the IPv6 host set, 0.68 → 0.67 of Ada's
/// time, 8 of 9 lower). Vector builds only: elsewhere its 256 bytes cost
/// more than the loop.
const COMPRESSED: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut zeros = 0;
    while zeros < 256 {
        let (compress, longest) = compressed_run(zeros as u8);
        table[zeros] = (compress | longest << 4) as u8;
        zeros += 1;
    }
    table
};

/// The IPv6 serializer (without brackets) into a stack buffer; returns the
/// used length (at most 39).
pub(crate) fn serialize_ipv6(address: &[u16; 8], out: &mut [u8; 40]) -> usize {
    let mut zeros = 0u8;
    for (i, &piece) in address.iter().enumerate() {
        zeros |= u8::from(piece == 0) << i;
    }
    let (compress, longest) = if crate::simd::VECTOR {
        let runs = COMPRESSED[usize::from(zeros)];
        (usize::from(runs & 0xF), usize::from(runs >> 4))
    } else {
        compressed_run(zeros)
    };
    let compress = if longest == 0 { usize::MAX } else { compress };
    let mut n = 0;
    let mut index = 0;
    while index < 8 {
        if index == compress {
            // "::" at the start; else the piece before wrote the first ':'.
            if let Some(slot) = out.get_mut(n..n + 2) {
                slot.copy_from_slice(b"::");
            }
            n += if index == 0 { 2 } else { 1 };
            index += longest;
            continue;
        }
        let piece = address.get(index).copied().unwrap_or(0);
        // Digits without leading zeros (at least one), written as four from
        // the piece shifted to the top (the rest is overwritten or unused):
        // no branch per digit. At most 35 bytes precede a piece.
        let digits = (16 - (piece | 1).leading_zeros() as usize).div_ceil(4);
        let v = u32::from(piece) << (4 * (4 - digits));
        if let Some(slot) = out.get_mut(n..n + 4) {
            slot.copy_from_slice(&hex_digits(v).to_le_bytes());
        }
        n += digits;
        if index != 7 {
            if let Some(slot) = out.get_mut(n) {
                *slot = b':';
            }
            n += 1;
        }
        index += 1;
    }
    n
}

/// "[", the IPv6 serializer's text for `address` and "]" in `text`, for
/// one write; returns the length used (at most 41).
#[inline(always)]
pub(crate) fn serialize_bracketed(address: &[u16; 8], text: &mut [u8; 42]) -> usize {
    let n = match text
        .get_mut(1..41)
        .and_then(|t| <&mut [u8; 40]>::try_from(t).ok())
    {
        Some(t) => serialize_ipv6(address, t),
        None => 0,
    };
    text[0] = b'[';
    if let Some(close) = text.get_mut(n + 1) {
        *close = b']';
    }
    n + 2
}

/// The four lowercase hex digits of the 16-bit `v`, most significant
/// first, as the bytes of a little-endian word: each nibble moves to a
/// byte of its own, then '0' is added, and 'a' − '0' − 10 more to the
/// bytes of 10 and above, all four at once.
#[inline]
fn hex_digits(v: u32) -> u32 {
    // Byte 0: v's high byte; byte 2: its low byte.
    let t = (v >> 8 & 0xFF) | (v & 0xFF) << 16;
    // A nibble per byte, the high nibble of each pair first.
    let nibbles = (t & 0x00F0_00F0) >> 4 | (t & 0x000F_000F) << 8;
    // Bit 4 of a byte of (nibble + 6) is set exactly for 10..=15; no
    // byte carries into the next (15 + 6 < 256).
    let letters = ((nibbles + 0x0606_0606) >> 4) & 0x0101_0101;
    nibbles + 0x3030_3030 + letters * (b'a' - b'0' - 10) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    fn roundtrip(s: &str) -> Result<&'static str, ValidationError> {
        let a = parse_ipv6(s.as_bytes(), true, &mut |_, _| {}).map_err(|(e, _)| e)?;
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

    /// Both instantiations answer alike: the one that skips tabs and
    /// newlines, given the address with a tab, a newline or a carriage
    /// return inserted anywhere, answers as the other on the address
    /// (the same address, or the same error); over addresses of every form.
    #[test]
    fn skipping_tabs_and_newlines_changes_nothing() {
        let pieces = [
            "",
            ":",
            "::",
            "0",
            "1",
            "ab",
            "0C1",
            "ffff",
            "FfFf",
            "00000",
            "12345",
            "g",
            "1.2.3.4",
            ".",
            "1.2",
            "1.2.3.4.5",
            "01.2.3.4",
            "256.1.1.1",
        ];
        let mut n = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}:{b}:{c}");
                    for t in [
                        s.clone(),
                        format!("1:2:3:4:5:{s}"),
                        format!("::{s}"),
                        format!("{s}::"),
                    ] {
                        let plain =
                            parse::<false>(t.as_bytes(), &mut |_, _| {}).map_err(|(e, _)| e);
                        let mut errors = Vec::new();
                        let skipped = parse::<true>(t.as_bytes(), &mut |e, _| errors.push(e));
                        assert_eq!(plain, skipped.map_err(|(e, _)| e), "{t:?}");
                        for at in 0..=t.len() {
                            let ws = ["\t", "\n", "\r"][at % 3];
                            let u = format!("{}{ws}{}", &t[..at], &t[at..]);
                            let got = parse::<true>(u.as_bytes(), &mut |_, _| {});
                            assert_eq!(plain, got.map_err(|(e, _)| e), "{u:?}");
                            n += 1;
                        }
                    }
                }
            }
        }
        assert!(n > 50_000, "{n}");
    }

    /// `hex_piece` against a digit-by-digit reading of the standard's
    /// loop, on every byte value at each of the four places (the other
    /// places hex digits, or bytes one bit from a digit) and at every
    /// distance from the input's end.
    #[test]
    fn hex_piece_reads_what_the_standard_reads() {
        let reference = |input: &[u8], i: usize| {
            let (mut value, mut length) = (0u32, 0usize);
            while length < 4 {
                match input
                    .get(i + length)
                    .and_then(|&b| (b as char).to_digit(16))
                {
                    Some(d) => {
                        value = value * 16 + d;
                        length += 1;
                    }
                    None => break,
                }
            }
            (value, length)
        };
        let fillers: [&[u8; 5]; 3] = [b"f0A9a", b"FfFf0", b"GgG/@"];
        for filler in fillers {
            for place in 0..5 {
                for b in 0..=255u8 {
                    let mut input = *filler;
                    input[place] = b;
                    for end in 0..=5 {
                        for i in 0..2 {
                            let got = hex_piece(&input[..end], i);
                            assert_eq!(
                                got,
                                reference(&input[..end], i),
                                "{input:?}[..{end}] at {i}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn hex_digits_of_every_piece() {
        for v in 0..=u16::MAX {
            let word = hex_digits(u32::from(v)).to_le_bytes();
            assert_eq!(core::str::from_utf8(&word), Ok(&*format!("{v:04x}")));
        }
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
        let mut rng = crate::test_rng::Xorshift::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let mut a = [0u16; 8];
            for p in &mut a {
                let x = rng.next_u64();
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
