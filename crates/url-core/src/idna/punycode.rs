//! Punycode (RFC 3492) with overflow checks, on a bounded code point buffer.

use super::label::{LabelBuf, MAX_LABEL};

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 §6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta.checked_div(num_points).unwrap_or(0);
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

#[inline]
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

#[inline]
fn digit_value(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

#[inline]
fn digit(d: u32) -> u8 {
    if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    }
}

/// `x` divided by `BASE - t`, remainder and quotient (RFC 3492 §6.3's
/// digit loop). `t` is T_MIN or T_MAX for all but one digit of a code
/// point: those two divide by a constant (a multiply), where a division
/// by a variable took the most time of any line on IDN hosts.
#[inline]
fn digit_and_rest(x: u32, t: u32) -> (u32, u32) {
    match t {
        // (With the `small` feature, one division: smaller.)
        T_MIN if !cfg!(feature = "small") => (x % (BASE - T_MIN), x / (BASE - T_MIN)),
        T_MAX if !cfg!(feature = "small") => (x % (BASE - T_MAX), x / (BASE - T_MAX)),
        // T_MIN < t < T_MAX < BASE: never a division by zero.
        _ => {
            let d = (BASE - t).max(1);
            (x % d, x / d)
        }
    }
}

/// Why decoding stopped.
pub(crate) enum DecodeError {
    /// Not valid Punycode (UTS #46 P4).
    Invalid,
    /// Decodes to more than [`MAX_LABEL`] code points (this crate's bound).
    TooLong,
}

/// RFC 3492 §6.2: decodes `input` (ASCII, without the `xn--` prefix) into `out`.
pub(crate) fn decode(input: &[u8], out: &mut LabelBuf) -> Result<(), DecodeError> {
    out.clear();
    // RFC 3492 §6.2: the last delimiter separates the basic code points only
    // when some precede it; a leading '-' with none before it is not consumed
    // and then fails as an invalid digit.
    let (basic, rest) = match input.iter().rposition(|&b| b == b'-') {
        Some(p) if p > 0 => (
            input.get(..p).unwrap_or_default(),
            input.get(p + 1..).unwrap_or_default(),
        ),
        _ => (&[][..], input),
    };
    for &b in basic {
        if !b.is_ascii() {
            return Err(DecodeError::Invalid);
        }
        if !out.push(u32::from(b)) {
            return Err(DecodeError::TooLong);
        }
    }
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut pos = 0;
    while pos < rest.len() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let d = digit_value(*rest.get(pos).ok_or(DecodeError::Invalid)?)
                .ok_or(DecodeError::Invalid)?;
            pos += 1;
            i = d
                .checked_mul(w)
                .and_then(|x| i.checked_add(x))
                .ok_or(DecodeError::Invalid)?;
            let t = threshold(k, bias);
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t).ok_or(DecodeError::Invalid)?;
            k += BASE;
        }
        let len = out.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        // `len` is at least 1 (at most MAX_LABEL + 1).
        n = i
            .checked_div(len)
            .and_then(|q| n.checked_add(q))
            .ok_or(DecodeError::Invalid)?;
        i = i.checked_rem(len).ok_or(DecodeError::Invalid)?;
        if char::from_u32(n).is_none() {
            return Err(DecodeError::Invalid);
        }
        if out.len() == MAX_LABEL {
            return Err(DecodeError::TooLong);
        }
        out.insert(i as usize, n);
        i += 1;
    }
    Ok(())
}

/// RFC 3492 §6.3: encodes `input`, calling `put` with each output byte.
/// Returns `Ok(false)` when `input` is longer than [`MAX_LABEL`] or holds
/// a value above U+10FFFF (the label buffers never do).
pub(crate) fn encode<E>(
    input: &[u32],
    put: &mut impl FnMut(u8) -> Result<(), E>,
) -> Result<bool, E> {
    if input.len() > MAX_LABEL {
        return Ok(false);
    }
    // The basic code points, and the smallest other one.
    let mut basic = 0u32;
    let mut m = u32::MAX;
    for &c in input {
        if c < 0x80 {
            put(c as u8)?;
            basic += 1;
        } else if c < m {
            m = c;
        }
    }
    if basic > 0 {
        put(b'-')?;
    }
    let total = input.len() as u32;
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut h = basic;
    // Overflow (RFC 3492 §6.4) cannot happen here: with at most MAX_LABEL
    // code points below 0x110000, delta stays under 0x10FFFF × 257 + 258
    // < 2^32, so the arithmetic is plain.
    while h < total {
        if m > 0x10FFFF {
            return Ok(false);
        }
        delta += (m - n) * (h + 1);
        n = m;
        // One pass handles every occurrence of `n` and finds the next
        // smallest code point (RFC 3492 scans twice: for the minimum, then
        // for the occurrences).
        // Counting the smaller code points and finding the next one are
        // done without a branch: which code points are smaller than `n`
        // follows the label's letters, and a branch on it mispredicted
        // (callgrind's model: the most of any line on the mutations set).
        m = u32::MAX;
        for &c in input {
            delta += u32::from(c < n);
            m = m.min(if c > n { c } else { u32::MAX });
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    let (r, next) = digit_and_rest(q - t, t);
                    put(digit(t + r))?;
                    q = next;
                    k += BASE;
                }
                put(digit(q))?;
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Ok(true)
}

/// Punycode-decodes the part after `xn--` into `buf`; false unless it
/// decodes to a non-empty label with a non-ASCII code point (UTS #46 §4
/// step 4.1, P4).
pub(super) fn decode_label(puny: &[u8], buf: &mut LabelBuf) -> bool {
    decode(puny, buf).is_ok() && buf.as_slice().iter().any(|&c| c >= 0x80)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    fn encoded(cps: &[u32]) -> Option<String> {
        let mut s = String::new();
        let ok = encode(cps, &mut |b| {
            s.push(char::from(b));
            Ok::<(), ()>(())
        });
        (ok == Ok(true)).then_some(s)
    }

    /// RFC 3492 §6.3 as written (two passes per code point value): the
    /// reference for [`encode`].
    fn reference(input: &[u32]) -> String {
        let mut out: String = input
            .iter()
            .filter(|&&c| c < 0x80)
            .map(|&c| char::from(c as u8))
            .collect();
        let basic = out.len() as u32;
        if basic > 0 {
            out.push('-');
        }
        let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
        while h < input.len() as u32 {
            let m = input.iter().copied().filter(|&c| c >= n).min().unwrap();
            delta += (m - n) * (h + 1);
            n = m;
            for &c in input {
                if c < n {
                    delta += 1;
                }
                if c == n {
                    let mut q = delta;
                    let mut k = BASE;
                    loop {
                        let t = threshold(k, bias);
                        if q < t {
                            break;
                        }
                        out.push(char::from(digit(t + (q - t) % (BASE - t))));
                        q = (q - t) / (BASE - t);
                        k += BASE;
                    }
                    out.push(char::from(digit(q)));
                    bias = adapt(delta, h + 1, h == basic);
                    delta = 0;
                    h += 1;
                }
            }
            delta += 1;
            n += 1;
        }
        out
    }

    /// Sample strings of RFC 3492 §7.1.
    #[test]
    fn rfc_3492_samples() {
        let arabic = [
            0x644, 0x64A, 0x647, 0x645, 0x627, 0x628, 0x62A, 0x643, 0x644, 0x645, 0x648, 0x634,
            0x639, 0x631, 0x628, 0x64A, 0x61F,
        ];
        assert_eq!(encoded(&arabic).as_deref(), Some("egbpdaj6bu4bxfgehfvwxn"));
        let chinese = [
            0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587,
        ];
        assert_eq!(
            encoded(&chinese).as_deref(),
            Some("ihqwcrb4cv8a8dqg056pqjye")
        );
        let mixed = [0x33, 0x5E74, 0x42, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F];
        assert_eq!(encoded(&mixed).as_deref(), Some("3B-ww4c5e180e575a65lsy2b"));
    }

    /// [`encode`] gives what RFC 3492's algorithm gives, and [`decode`]
    /// takes it back, on random labels: ASCII, Latin, CJK and
    /// supplementary code points, repeated or not, up to [`MAX_LABEL`].
    #[test]
    fn encode_matches_the_rfc_and_round_trips() {
        let mut rng = crate::test_rng::Xorshift::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u64| rng.below(n);
        for round in 0..20_000 {
            let len = 1 + next(if round % 100 == 0 {
                MAX_LABEL as u64
            } else {
                12
            }) as usize;
            let pool: Vec<u32> = (0..1 + next(6))
                .map(|_| match next(4) {
                    0 => u32::from(b'a') + next(26) as u32,
                    1 => 0x80 + next(0x200) as u32,
                    2 => 0x3040 + next(0x7000) as u32,
                    _ => 0x10000 + next(0x100000) as u32,
                })
                .collect();
            let cps: Vec<u32> = (0..len)
                .map(|_| pool[next(pool.len() as u64) as usize])
                .collect();
            let text = encoded(&cps).unwrap();
            assert_eq!(text, reference(&cps), "{cps:X?}");
            let mut back = LabelBuf::new();
            if cps.iter().any(|&c| c >= 0x80) {
                assert!(decode(text.as_bytes(), &mut back).is_ok(), "{cps:X?}");
                assert_eq!(back.as_slice(), &cps[..], "{text}");
            }
        }
        assert_eq!(encoded(&[0x11_0000]), None);
        assert_eq!(encoded(&[0xE9, 0x11_0000]), None);
        assert_eq!(encoded(&[0x61; MAX_LABEL + 1]), None);
    }

    /// Whatever [`decode`] accepts, [`encode`] gives back (RFC 3492's
    /// "uniqueness": at most one basic string represents an extended
    /// string, and this decoder takes no other), so ToASCII may write a
    /// valid `xn--` label's Punycode as it came rather than encode what it
    /// decodes to. Every string of up to three characters of the Punycode
    /// alphabet and '-', and random ones up to twenty, most made of a
    /// label's encoding with one character changed.
    #[test]
    fn decoding_accepts_only_what_encoding_gives() {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-";
        let mut accepted = 0;
        let mut check = |text: &[u8]| {
            let mut cps = LabelBuf::new();
            if decode(text, &mut cps).is_ok() {
                let again = encoded(cps.as_slice());
                assert_eq!(again.as_deref().map(str::as_bytes), Some(text), "{text:?}");
                accepted += 1;
            }
        };
        let mut text = Vec::new();
        for len in 0..=3u32 {
            for mut k in 0..ALPHABET.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(ALPHABET[k % ALPHABET.len()]);
                    k /= ALPHABET.len();
                }
                check(&text);
            }
        }
        let mut rng = crate::test_rng::Xorshift::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        for _ in 0..100_000 {
            text.clear();
            if next(4) == 0 {
                for _ in 0..1 + next(20) {
                    text.push(ALPHABET[next(ALPHABET.len())]);
                }
            } else {
                let cps: Vec<u32> = (0..1 + next(8))
                    .map(|_| match next(3) {
                        0 => u32::from(b'a') + next(26) as u32,
                        1 => 0xE0 + next(0x30) as u32,
                        _ => 0x4E00 + next(0x100) as u32,
                    })
                    .collect();
                text.extend_from_slice(encoded(&cps).unwrap().as_bytes());
                if let Some(i) = (!text.is_empty()).then(|| next(text.len())) {
                    text[i] = ALPHABET[next(ALPHABET.len())];
                }
            }
            check(&text);
        }
        assert!(accepted > 50_000, "{accepted}");
    }

    /// Digits of one delta `q` under `bias`: the encoder's loop.
    fn digits(mut q: u32, bias: u32) -> usize {
        let mut n = 1;
        let mut k = BASE;
        loop {
            let t = threshold(k, bias);
            if q < t {
                return n;
            }
            q = (q - t) / (BASE - t);
            n += 1;
            k += BASE;
        }
    }

    /// `crate::sizes::PUNYCODE_DIGITS` holds for every delta a label can
    /// need, under any bias (`adapt` never gives more than 1000 here). The
    /// loop's `q` only shrinks as the input grows smaller, so the count is
    /// monotone in the delta: the largest delta decides.
    #[test]
    fn digits_per_code_point_are_bounded() {
        let max_delta = 0x10FFFF * (MAX_LABEL as u32 + 1) + MAX_LABEL as u32 + 2;
        let worst = (0..=1000).map(|b| digits(max_delta, b)).max().unwrap();
        assert_eq!(worst, crate::sizes::PUNYCODE_DIGITS);
        for q in [0, 1, 25, 26, 1000, 123_456, max_delta] {
            for b in [0, 72, 200] {
                assert!(digits(q, b) <= digits(max_delta, b));
            }
        }
        // The encoder agrees: far-apart code points, each at most 8 digits.
        let cps = [0x10FFFF, 0x80, 0x10FFFE, 0x81];
        assert!(encoded(&cps).unwrap().len() <= 4 * crate::sizes::PUNYCODE_DIGITS);
        let mut sorted = cps;
        sorted.sort_unstable();
        assert!(encoded(&sorted).unwrap().len() <= 4 * crate::sizes::PUNYCODE_DIGITS);
    }

    /// Punycode is one-to-one: a label that decodes encodes back to itself
    /// (lowercased), so an `xn--` label in a host costs what any ASCII does
    /// (`crate::sizes`).
    #[test]
    fn decode_then_encode_gives_the_label_back() {
        let mut rng = crate::test_rng::Xorshift::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| rng.below(n);
        let alphabet = b"abcdefghijklmnopqrstuvwxyz0123456789-ABZ";
        let mut decoded = 0;
        for _ in 0..200_000 {
            let len = 1 + next(10) as usize;
            let label: Vec<u8> = (0..len)
                .map(|_| alphabet[next(alphabet.len() as u64) as usize])
                .collect();
            let mut buf = LabelBuf::new();
            if decode(&label, &mut buf).is_err() || buf.as_slice().iter().all(|&c| c < 0x80) {
                continue;
            }
            decoded += 1;
            let back = encoded(buf.as_slice()).unwrap();
            let lower = label.to_ascii_lowercase();
            let lower: Vec<u8> = match lower.iter().rposition(|&b| b == b'-') {
                // The basic code points keep their case in `buf`; only
                // the digits are case-insensitive.
                Some(p) if p > 0 => [&label[..=p], &lower[p + 1..]].concat(),
                _ => lower,
            };
            assert_eq!(
                back.as_bytes(),
                &lower[..],
                "{:?}",
                String::from_utf8_lossy(&label)
            );
        }
        assert!(decoded > 10_000, "{decoded}");
    }
}
