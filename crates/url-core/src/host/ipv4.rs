//! IPv4 (url.bs §3.5 "ends in a number checker", "IPv4 parser", "IPv4 number
//! parser"; §3.6 "IPv4 serializer").

use crate::percent_encode::HEX_VALUE;
use crate::simd::{self, ByteSet};
use crate::validation::ValidationError;

/// `lo..=hi`, as a [`ByteSet`].
const fn set(lo: u8, hi: u8) -> ByteSet {
    ByteSet {
        lo,
        hi,
        any_case: false,
    }
}

const DOT: ByteSet = set(b'.', b'.');
const DIGIT: ByteSet = set(b'0', b'9');
/// `x` and `X`.
const X: ByteSet = ByteSet {
    lo: b'x',
    hi: b'x',
    any_case: true,
};
/// `a`–`f` and `A`–`F`.
const HEX_LETTER: ByteSet = ByteSet {
    lo: b'a',
    hi: b'f',
    any_case: true,
};

/// Byte `i` of a text held as a number ([`simd::in_sets`]), 0 past it.
#[inline(always)]
fn byte_at(text: u128, i: usize) -> u8 {
    text.checked_shr(8 * i as u32).unwrap_or(0) as u8
}

/// The "ends in a number" checker, on an ASCII domain (either case): every
/// caller's one. A numeric last part ends in a digit, a hex digit or the
/// `x` of a bare "0x", so most domains ("com", "org", "net" …) are answered
/// by one byte, inlined into the hot paths; the rest of the check is not.
#[inline(always)]
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    // The last part, ignoring one trailing empty part.
    let body = input.strip_suffix(b".").unwrap_or(input);
    body.last()
        .is_some_and(|&b| b.is_ascii_hexdigit() || b | 0x20 == b'x')
        && last_part_is_a_number(body)
}

/// [`ends_in_a_number`] past its first test, on the domain without its
/// trailing empty part.
fn last_part_is_a_number(body: &[u8]) -> bool {
    if let Some((text, [dots, digits, hex])) = simd::in_sets(body, [DOT, DIGIT, HEX_LETTER]) {
        // The last part's bytes: those after the last '.'.
        let after_dot = match dots {
            0 => 0,
            d => 32 - d.leading_zeros(),
        };
        let all = (1u32 << body.len()) - 1;
        let last = all & !((1u32 << after_dot) - 1);
        let first_digit = digits >> after_dot & 1 != 0;
        // All digits, or "0x"/"0X" and hex digits.
        let prefix = byte_at(text, after_dot as usize) == b'0'
            && byte_at(text, after_dot as usize + 1) | 0x20 == b'x';
        let hex_digits = last & !(0b11 << after_dot) & !(digits | hex) == 0;
        return first_digit && (last & !digits == 0 || (prefix && hex_digits));
    }
    let last_start = body.iter().rposition(|&b| b == b'.').map_or(0, |p| p + 1);
    let last = body.get(last_start..).unwrap_or_default();
    // "de", "cc", "be" … end here.
    if !last.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    if last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // "0x"/"0X" followed by zero or more hex digits parses as an IPv4 number.
    match last {
        [b'0', x, hex @ ..] if (x | 0x20) == b'x' => hex.iter().all(u8::is_ascii_hexdigit),
        _ => false,
    }
}

/// The IPv4 number parser: (value, validation error flag). Values stop
/// growing once they reach [`NUMBER_CAP`] (out of range for every part, so
/// the outcome is the same as with unbounded integers).
fn parse_ipv4_number(input: &[u8]) -> Option<(u64, bool)> {
    // A part never holds a '.': the number runs to the end.
    let part = number_at(input, 0);
    part.numeric.then_some((part.value, part.radix != 10))
}

/// An IPv4 part as the IPv4 number parser reads it.
struct Part {
    /// Its value (held at [`NUMBER_CAP`]); meaningless when not `numeric`.
    value: u64,
    /// 16 after "0x" or "0X", 8 after another leading "0", else 10.
    radix: u64,
    /// Whether the IPv4 number parser returns a number (not failure).
    numeric: bool,
    /// Where it ends: the next '.', or the end of `body`.
    end: usize,
}

/// The IPv4 number parser on the part of `body` at `i` (up to the next
/// '.' or the end), in one pass over its bytes.
#[inline(always)]
fn number_at(body: &[u8], i: usize) -> Part {
    let (radix, mut j) = match (body.get(i), body.get(i + 1)) {
        (Some(b'0'), Some(&x)) if x | 0x20 == b'x' => (16, i + 2),
        (Some(b'0'), Some(&b)) if b != b'.' => (8, i + 1),
        _ => (10, i),
    };
    // An empty part is not a number; "0x" alone, or a lone "0", is zero.
    let mut numeric = j > i || body.get(j).is_some_and(|&b| b != b'.');
    let mut value: u64 = 0;
    while let Some(&b) = body.get(j) {
        if b == b'.' {
            break;
        }
        // A hex digit's value is below the radix exactly when the byte is
        // a digit of that radix. (`small` links no table.)
        let d = if cfg!(feature = "small") {
            crate::percent_encode::hex_value(b).map_or(0xFF, u64::from)
        } else {
            u64::from(HEX_VALUE.get(usize::from(b)).copied().unwrap_or(0xFF))
        };
        numeric &= d < radix;
        // Held at the cap, with no overflow (2^40 · 16 + 15 fits).
        value = (value * radix + (d & 0xF)).min(NUMBER_CAP);
        j += 1;
    }
    Part {
        value,
        radix,
        numeric,
        end: j,
    }
}

/// Above every value an IPv4 part may have (2^32), far below overflow.
const NUMBER_CAP: u64 = 1 << 40;

/// The IPv4 parser. Reports validation errors through `report` with the
/// offset (into `input`) of the part at fault, or 0 for errors about the
/// whole address; a failure carries the same pair.
pub(crate) fn parse_ipv4(
    input: &[u8],
    report: &mut impl FnMut(ValidationError, usize),
) -> Result<u32, (ValidationError, usize)> {
    let mut input = input;
    if input.last() == Some(&b'.') {
        report(ValidationError::Ipv4EmptyPart, input.len() - 1);
        if input.len() > 1 {
            input = input.split_last().map_or(input, |(_, rest)| rest);
        }
    }
    let count = 1 + input.iter().filter(|&&b| b == b'.').count();
    if count < 4 {
        report(ValidationError::Ipv4TooFewParts, 0);
    }
    if count > 4 {
        report(ValidationError::Ipv4TooManyParts, 0);
        return Err((ValidationError::Ipv4TooManyParts, 0));
    }
    let mut numbers = [0u64; 4];
    let mut starts = [0usize; 4];
    let mut at = 0;
    // At most four parts (checked above): the zips cover them all.
    for ((part, start), number) in input
        .split(|&b| b == b'.')
        .zip(starts.iter_mut())
        .zip(numbers.iter_mut())
    {
        *start = at;
        match parse_ipv4_number(part) {
            None => {
                report(ValidationError::Ipv4NonNumericPart, at);
                return Err((ValidationError::Ipv4NonNumericPart, at));
            }
            Some((n, flag)) => {
                if flag {
                    report(ValidationError::Ipv4NonDecimalPart, at);
                }
                *number = n;
            }
        }
        at += part.len() + 1;
    }
    if let Some(k) = numbers.iter().take(count).position(|&n| n > 255) {
        report(
            ValidationError::Ipv4OutOfRangePart,
            starts.get(k).copied().unwrap_or(0),
        );
    }
    address(&numbers, &starts, count)
}

/// The IPv4 parser's last steps, on the first `count` (1 to 4) numbers,
/// which start at `starts`: every number but the last at most 255, the last
/// below 256^(5 − count), then the address.
fn address(
    numbers: &[u64; 4],
    starts: &[usize; 4],
    count: usize,
) -> Result<u32, (ValidationError, usize)> {
    let numbers = numbers.get(..count).unwrap_or_default();
    let start_of = |k: usize| starts.get(k).copied().unwrap_or(0);
    let (last, init) = match numbers.split_last() {
        Some(x) => x,
        None => return Err((ValidationError::Ipv4NonNumericPart, 0)),
    };
    if let Some(k) = init.iter().position(|&n| n > 255) {
        return Err((ValidationError::Ipv4OutOfRangePart, start_of(k)));
    }
    if *last >= 256u64.pow(5 - count as u32) {
        return Err((ValidationError::Ipv4OutOfRangePart, start_of(count - 1)));
    }
    let mut ipv4 = *last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    Ok(ipv4 as u32)
}

/// The IPv4 parser without validation reports, in one pass over the bytes
/// (the parser above counts the parts first, then parses each): the
/// address, and whether `input` is already its serialization (then the
/// caller copies it and need not serialize). The same answers and failure
/// positions as [`parse_ipv4`].
pub(crate) fn parse_ipv4_quiet(input: &[u8]) -> Result<(u32, bool), (ValidationError, usize)> {
    if cfg!(feature = "small") {
        // One parser linked, not two.
        return parse_ipv4(input, &mut |_, _| {}).map(|a| (a, is_serialized_ipv4(input)));
    }
    if let Some(answer) = parse_by_sets(input) {
        return answer;
    }
    // One trailing empty part is dropped (then not the serialization).
    let body = match input {
        [rest @ .., b'.'] if !rest.is_empty() => rest,
        _ => input,
    };
    let mut numbers = [0u64; 4];
    let mut starts = [0usize; 4];
    let mut count = 0;
    let mut non_numeric = None;
    let mut serialized = body.len() == input.len();
    let mut i = 0;
    loop {
        let Part {
            value,
            radix,
            numeric,
            end,
        } = number_at(body, i);
        if let (Some(n), Some(s)) = (numbers.get_mut(count), starts.get_mut(count)) {
            (*n, *s) = (value, i);
        }
        if !numeric && non_numeric.is_none() {
            non_numeric = Some(i);
        }
        // Decimal without a leading zero (a leading "0" before a digit is
        // octal), at most three digits, at most 255.
        serialized &= numeric && radix == 10 && end - i <= 3 && value <= 255;
        count += 1;
        if end >= body.len() {
            break;
        }
        i = end + 1;
    }
    if count > 4 {
        return Err((ValidationError::Ipv4TooManyParts, 0));
    }
    if let Some(at) = non_numeric {
        return Err((ValidationError::Ipv4NonNumericPart, at));
    }
    address(&numbers, &starts, count).map(|a| (a, serialized && count == 4))
}

/// [`parse_ipv4_quiet`] from byte masks ([`simd::in_sets`]), for a host
/// whose parts, each up to the next '.', are none of them empty, and
/// whose bytes are digits, hex letters, 'x' or 'X' and dots, at most 16
/// of them (without one trailing dot): `None` for any other, which the
/// byte loop answers. Each part's end and radix come from the masks, and
/// its digits are read eight at a time as one number, so that no loop
/// exits at a part's end or a digit's (on hosts of every notation those
/// exits mispredicted about twice per host, callgrind's model).
#[inline(always)]
fn parse_by_sets(input: &[u8]) -> Option<Result<(u32, bool), (ValidationError, usize)>> {
    // One trailing empty part is dropped (then not the serialization).
    let body = match input {
        [rest @ .., b'.'] if !rest.is_empty() => rest,
        _ => input,
    };
    let (text, [dots, digits, hex, x, eight_nine]) =
        simd::in_sets(body, [DOT, DIGIT, HEX_LETTER, X, set(b'8', b'9')])?;
    let n = body.len();
    let all = (1u32 << n) - 1;
    let starts = (1 | dots << 1) & all;
    // An empty part: a '.' where a part starts, or at the end.
    let empty = starts & dots != 0 || dots >> n.saturating_sub(1) != 0;
    if n == 0 || (dots | digits | hex | x) != all || empty {
        return None;
    }
    let count = dots.count_ones() as usize + 1;
    if count > 4 {
        return Some(Err((ValidationError::Ipv4TooManyParts, 0)));
    }
    // Each byte's value as a digit: '0'–'9' 0–9, hex letters 10–15 (the
    // letter's low bits, plus 9 for bit 6).
    const LOW_NIBBLES: u128 = u128::MAX / 0xFF * 0x0F;
    const ONES: u128 = u128::MAX / 0xFF;
    let values = (text & LOW_NIBBLES) + (text >> 6 & ONES) * 9;
    let mut numbers = [0u64; 4];
    let mut part_starts = [0usize; 4];
    let mut non_numeric = None;
    let mut serialized = n == input.len() && count == 4;
    // Each part's end: its '.', or the end.
    let mut ends = dots | 1 << n;
    let mut s = 0;
    for k in 0..count {
        let e = ends.trailing_zeros() as usize;
        ends &= ends.wrapping_sub(1);
        // "0x" or "0X" before hex digits; another leading "0", octal.
        let leading_zero = byte_at(text, s) == b'0' && e - s >= 2;
        let (radix, first, allowed) = match x >> (s + 1) & 1 {
            1 if leading_zero => (&HEX, s + 2, digits | hex),
            _ if leading_zero => (&OCTAL, s + 1, digits & !eight_nine),
            _ => (&DECIMAL, s, digits),
        };
        let part = all & !((1u32 << first) - 1) & ((1u32 << e) - 1);
        if part & !allowed != 0 && non_numeric.is_none() {
            non_numeric = Some(s);
        }
        // (Past 15 only for a part of no digits, whose value is 0 anyway.)
        let digits_value = values.wrapping_shr(8 * first as u32);
        let value = number(digits_value, e - first, radix).min(NUMBER_CAP);
        if let (Some(v), Some(at)) = (numbers.get_mut(k), part_starts.get_mut(k)) {
            (*v, *at) = (value, s);
        }
        serialized &= radix.base == 10 && e - s <= 3 && value <= 255;
        s = e + 1;
    }
    if let Some(at) = non_numeric {
        return Some(Err((ValidationError::Ipv4NonNumericPart, at)));
    }
    Some(address(&numbers, &part_starts, count).map(|a| (a, serialized)))
}

/// A radix and its powers, for [`eight_digits`].
struct Radix {
    base: u64,
    squared: u64,
    fourth: u64,
    eighth: u64,
}

const DECIMAL: Radix = radix(10);
const OCTAL: Radix = radix(8);
const HEX: Radix = radix(16);

const fn radix(base: u64) -> Radix {
    let squared = base * base;
    Radix {
        base,
        squared,
        fourth: squared * squared,
        eighth: squared * squared * squared * squared,
    }
}

/// The number whose `k` (at most 16) digits, in base `radix`, are the low
/// bytes of `values` (first the most significant): two numbers of eight
/// digits at most, each read in three steps.
#[inline(always)]
fn number(values: u128, k: usize, radix: &Radix) -> u64 {
    let low = values as u64;
    if k <= 8 {
        return eight_digits(low, k, radix);
    }
    let head = eight_digits(low, k - 8, radix);
    let tail = eight_digits(values.wrapping_shr(8 * (k - 8) as u32) as u64, 8, radix);
    // (No overflow for a number of the notation: 10^16, 8^15, 16^14 fit.)
    head.saturating_mul(radix.eighth).saturating_add(tail)
}

/// The number whose `k` (at most 8) digits are the low bytes of `w`: the
/// digits moved to the top (the bytes below them zero), then each pair of
/// neighbouring digits, pairs and fours combined, as 16-, 32- and 64-bit
/// lanes. Each step's lanes hold less than `radix`^2, ^4 and ^8 (16^8 =
/// 2^32 at most), so none carries into the next.
#[inline(always)]
fn eight_digits(w: u64, k: usize, radix: &Radix) -> u64 {
    // In two shifts of at most 32 bits: all of `w` shifted out for k = 0.
    let half = 4 * (8 - k.min(8)) as u32;
    let w = w << half << half;
    let w = (w & 0x00FF_00FF_00FF_00FF) * radix.base + (w >> 8 & 0x00FF_00FF_00FF_00FF);
    let w = (w & 0x0000_FFFF_0000_FFFF) * radix.squared + (w >> 16 & 0x0000_FFFF_0000_FFFF);
    (w & 0xFFFF_FFFF) * radix.fourth + (w >> 32)
}

/// Whether `input` is an IPv4 address already in its serialization: four
/// decimal parts of 0..=255 without leading zeros (`192.168.0.1`). Such a
/// host parses to itself, so the IPv4 parser need not run.
#[inline]
pub(crate) fn is_serialized_ipv4(input: &[u8]) -> bool {
    if let Some((_, [dots, digits, zero, two, three_up, five, six_up])) = simd::in_sets(
        input,
        [
            DOT,
            DIGIT,
            set(b'0', b'0'),
            set(b'2', b'2'),
            set(b'3', b'9'),
            set(b'5', b'5'),
            set(b'6', b'9'),
        ],
    ) {
        let all = (1u32 << input.len()) - 1;
        // Where parts start: the first byte, and each after a '.'.
        let starts = (1 | dots << 1) & all;
        // Three digits from a part's start (a fourth is not allowed).
        let three = starts & digits >> 1 & digits >> 2;
        let over_255 = three & (three_up | two & (six_up >> 1 | five >> 1 & six_up >> 2));
        return input.len() >= 7
            && (dots | digits) == all
            && dots.count_ones() == 3
            && starts & !digits == 0
            && dots >> input.len().saturating_sub(1) == 0
            && digits & digits >> 1 & digits >> 2 & digits >> 3 == 0
            && starts & zero & digits >> 1 == 0
            && over_255 == 0;
    }
    let mut parts = 0;
    let mut value: u32 = 0;
    let mut digits = 0;
    for &b in input {
        match b {
            b'0'..=b'9' => {
                // A leading zero, or a fourth digit, is not canonical.
                if (digits == 1 && value == 0) || digits == 3 {
                    return false;
                }
                value = value * 10 + u32::from(b - b'0');
                digits += 1;
            }
            b'.' if digits > 0 && value <= 255 && parts < 3 => {
                parts += 1;
                value = 0;
                digits = 0;
            }
            _ => return false,
        }
    }
    parts == 3 && digits > 0 && value <= 255
}

/// The IPv4 serializer into a stack buffer; returns the used length.
/// Each octet's digits go out as one word, shifted past its leading
/// zeros, without a branch on its value.
pub(crate) fn serialize_ipv4(addr: u32, out: &mut [u8; 15]) -> usize {
    // Room past the 15 bytes: each octet writes a whole word (its digits,
    // then bytes the next octet or nothing overwrites).
    let mut room = [0u8; 20];
    let mut n = 0;
    for &o in &addr.to_be_bytes() {
        let digits =
            u32::from_le_bytes([b'0' + o / 100, b'0' + (o / 10) % 10, b'0' + o % 10, b'.']);
        // Leading zeros: two below 10, one below 100.
        let zeros = 2 - usize::from(o >= 10) - usize::from(o >= 100);
        let word = (digits >> (8 * zeros)).to_le_bytes();
        if let Some(slot) = room.get_mut(n..n + 4) {
            slot.copy_from_slice(&word);
        }
        n += 4 - zeros;
    }
    if let Some(used) = room.get(..15) {
        out.copy_from_slice(used);
    }
    // Without the last octet's '.'.
    n - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    fn p(s: &str) -> Result<u32, ValidationError> {
        parse_ipv4(s.as_bytes(), &mut |_, _| {}).map_err(|(e, _)| e)
    }

    /// The one-pass parser against the two-pass one and the serialization
    /// check, over hosts built from parts of every notation, valid and not.
    #[test]
    fn quiet_parser_agrees() {
        let parts = [
            "",
            "0",
            "00",
            "01",
            "08",
            "0x",
            "0X",
            "0x1f",
            "0xG",
            "1",
            "9",
            "10",
            "99",
            "100",
            "255",
            "256",
            "0377",
            "0400",
            "4294967295",
            "4294967296",
            "65535",
            "16777216",
            "1a",
            "a",
            "x",
            "0x100000000",
            "999999999999999",
        ];
        let mut n = 0;
        let mut rng = crate::test_rng::Xorshift::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let x = rng.next_u64();
            let count = 1 + (x % 6) as usize;
            let mut host = String::new();
            for k in 0..count {
                if k > 0 {
                    host.push('.');
                }
                host.push_str(parts[(x >> (8 + 5 * k)) as usize % parts.len()]);
            }
            if x >> 60 == 0 {
                host.push('.');
            }
            let full = parse_ipv4(host.as_bytes(), &mut |_, _| {});
            let quiet = parse_ipv4_quiet(host.as_bytes());
            assert_eq!(quiet.map(|(a, _)| a), full, "{host:?}");
            if let Ok((_, serialized)) = quiet {
                assert_eq!(serialized, is_serialized_ipv4(host.as_bytes()), "{host:?}");
            }
            n += 1;
        }
        for host in [
            "1.2.3.4",
            "0.0.0.0",
            "255.255.255.255",
            "1.2.3.4.",
            "01.2.3.4",
            "1.2.3",
            ".",
        ] {
            assert_eq!(
                parse_ipv4_quiet(host.as_bytes()).map(|(a, _)| a),
                parse_ipv4(host.as_bytes(), &mut |_, _| {}),
                "{host:?}"
            );
        }
        assert_eq!(parse_ipv4_quiet(b"192.168.0.1"), Ok((0xC0A8_0001, true)));
        assert_eq!(parse_ipv4_quiet(b"0xC0.168.0.1"), Ok((0xC0A8_0001, false)));
        assert!(n == 200_000);
    }

    #[test]
    fn every_octet_serializes_in_decimal() {
        for o in 0..=255u8 {
            let mut t = [0u8; 15];
            let n = serialize_ipv4(u32::from_be_bytes([o, 0, 255, o]), &mut t);
            let expected = std::format!("{o}.0.255.{o}");
            assert_eq!(&t[..n], expected.as_bytes());
        }
    }

    #[test]
    fn serialized_ipv4_is_what_the_parser_writes() {
        for s in [
            "0.0.0.0",
            "1.2.3.4",
            "255.255.255.255",
            "192.168.0.1",
            "10.0.0.10",
            "1.2.3.04",
            "1.2.3.256",
            "1.2.3",
            "1.2.3.4.",
            "1.2.3.4.5",
            "0x1.2.3.4",
            "01.2.3.4",
            "1..3.4",
            ".1.2.3",
            "1.2.3.",
            "1000.2.3.4",
            "1.2.3.a",
            "",
            "00.0.0.0",
            "0.0.0.00",
        ] {
            let canonical = p(s).map(|a| {
                let mut t = [0u8; 15];
                let n = serialize_ipv4(a, &mut t);
                t[..n] == *s.as_bytes()
            });
            assert_eq!(
                is_serialized_ipv4(s.as_bytes()),
                canonical == Ok(true),
                "{s:?}"
            );
        }
    }

    /// [`is_serialized_ipv4`] against parse-then-serialize on random
    /// strings of digits and dots (and a few other bytes), and on every
    /// address's serialization with one part spelled otherwise.
    #[test]
    fn serialized_ipv4_agrees_with_the_parser_at_random() {
        let mut rng = crate::test_rng::Xorshift::new(0x1234_5678_9abc_def1);
        let mut next = |n: u64| rng.below(n);
        let alphabet = b"0123456789012345678901234567890123456789....x";
        let (mut yes, mut no) = (0, 0);
        for round in 0..300_000 {
            let s: std::string::String = if round % 2 == 0 {
                let len = next(18) as usize;
                (0..len)
                    .map(|_| char::from(alphabet[next(alphabet.len() as u64) as usize]))
                    .collect()
            } else {
                let parts: std::vec::Vec<std::string::String> = (0..4)
                    .map(|_| match next(8) {
                        0 => std::format!("0{}", next(300)),
                        1 => std::format!("{}", 250 + next(10)),
                        _ => std::format!("{}", next(256)),
                    })
                    .collect();
                parts.join(".")
            };
            let canonical = p(&s).map(|a| {
                let mut t = [0u8; 15];
                let n = serialize_ipv4(a, &mut t);
                t[..n] == *s.as_bytes()
            }) == Ok(true);
            assert_eq!(is_serialized_ipv4(s.as_bytes()), canonical, "{s:?}");
            if canonical {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 50_000 && no > 50_000, "{yes} canonical, {no} not");
    }

    /// The checker against url.bs's definition, written out here (the last
    /// part, without one trailing empty part, is ASCII digits only, or
    /// "0x"/"0X" and hex digits), on random hosts of digits, hex letters,
    /// 'x', dots and other letters, of every length up to 24 (the masks
    /// take up to 16 bytes, the loop the rest).
    #[test]
    fn ends_in_a_number_agrees_with_the_definition() {
        fn definition(host: &str) -> bool {
            let mut parts: Vec<&str> = host.split('.').collect();
            if parts.last() == Some(&"") && parts.len() > 1 {
                parts.pop();
            }
            let last = parts.last().copied().unwrap_or("");
            if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
                return true;
            }
            let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
            hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
        }
        let alphabet = b"0123456789.....aAfFgxXz-";
        let mut rng = crate::test_rng::Xorshift::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300_000 {
            let x = rng.next_u64();
            let len = (x % 25) as usize;
            let host: String = (0..len)
                .map(|k| {
                    let r = rng.next_u64() >> (k % 8);
                    char::from(alphabet[r as usize % alphabet.len()])
                })
                .collect();
            assert_eq!(
                ends_in_a_number(host.as_bytes()),
                definition(&host),
                "{host:?}"
            );
        }
    }

    #[test]
    fn ends_in_a_number_cases() {
        assert!(ends_in_a_number(b"1.2.3.4"));
        assert!(ends_in_a_number(b"a.09"));
        assert!(ends_in_a_number(b"a.0x"));
        assert!(ends_in_a_number(b"a.1."));
        assert!(!ends_in_a_number(b"a.0xg"));
        assert!(!ends_in_a_number(b"example.com"));
        assert!(!ends_in_a_number(b"."));
        assert!(!ends_in_a_number(b"a.."));
    }

    #[test]
    fn parse_forms() {
        assert_eq!(p("127.0.0.1"), Ok(0x7F00_0001));
        assert_eq!(p("0x7f.1"), Ok(0x7F00_0001));
        assert_eq!(p("017700000001"), Ok(0x7F00_0001));
        assert_eq!(p("4294967295"), Ok(u32::MAX));
        assert_eq!(p("4294967296"), Err(ValidationError::Ipv4OutOfRangePart));
        assert_eq!(p("1.2.3.4.5"), Err(ValidationError::Ipv4TooManyParts));
        assert_eq!(p("1.256.3.4"), Err(ValidationError::Ipv4OutOfRangePart));
        assert_eq!(p("09.1"), Err(ValidationError::Ipv4NonNumericPart));
        assert_eq!(p("0x.0x.0"), Ok(0));
        assert_eq!(p("1.2.3.4."), Ok(0x0102_0304));
    }

    #[test]
    fn serialize() {
        let mut b = [0; 15];
        let n = serialize_ipv4(0x7F00_0001, &mut b);
        assert_eq!(&b[..n], b"127.0.0.1");
        let n = serialize_ipv4(u32::MAX, &mut b);
        assert_eq!(&b[..n], b"255.255.255.255");
    }
}
