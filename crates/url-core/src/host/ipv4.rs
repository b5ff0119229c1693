//! IPv4 (url.bs §3.5 "ends in a number checker", "IPv4 parser", "IPv4 number
//! parser"; §3.6 "IPv4 serializer").

use crate::percent_encode::HEX_VALUE;
use crate::validation::ValidationError;

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

/// Whether `input` is an IPv4 address already in its serialization: four
/// decimal parts of 0..=255 without leading zeros (`192.168.0.1`). Such a
/// host parses to itself, so the IPv4 parser need not run.
#[inline]
pub(crate) fn is_serialized_ipv4(input: &[u8]) -> bool {
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
