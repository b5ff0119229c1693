//! How many bytes a parse can need: bounds that always suffice.
//!
//! The parser writes in one pass into its storage, so what it needs is the
//! most the storage ever holds while it runs, which can exceed the final
//! URL. Per input byte that is:
//!
//! - **3** anywhere: a byte is copied, or percent-encoded as `%XX` (a
//!   non-ASCII byte, a C0 control, a byte of an encode set); ASCII tab and
//!   newline are dropped.
//! - **[`IDN_BYTES_PER_HOST_BYTE`]** for a byte of a host that goes through
//!   UTS #46 (a non-ASCII byte, or a `%` whose `%XX` decodes to one): the
//!   percent-decoded host stays in the storage while its ASCII form is
//!   written after it (1), and one byte of UTF-8 becomes at most
//!   [`IDN_OUTPUT_PER_UTF8_BYTE`] bytes of `xn--` labels.
//!
//! plus, once per URL, [`SLACK`] bytes: the `//` and `/` a special URL
//! gains (`http:h` → `http://h/`), the `///` of `file:` URLs, the `/.` in
//! front of a path that starts with `//` when the host is null, an IPv4
//! host written longer than it was given (`1` → `0.0.0.1`), an IPv6
//! address whose serialization adds a `0` group, and a port.
//! Against a base, the base's href counts once more: a relative reference
//! keeps a prefix of it.
//!
//! [`max_href_len`] is the bound from lengths alone, for sizing a buffer
//! at compile time; its IDN factor makes it 44 bytes per input byte.
//! [`max_href_len_ascii_host`] is the bound when the input's host (if it
//! has one) is ASCII without `%`: 3 per byte. [`href_len_bound`] reads the
//! input and charges the IDN factor only to its non-ASCII bytes and `%`s;
//! it is what [`CapacityError::needed`](crate::CapacityError::needed)
//! reports when a parse runs out of room before it knows the URL's final
//! length.
//!
//! ```
//! use url_core::{href_len_bound, max_href_len, max_href_len_ascii_host, SliceStorage, Url};
//! const ROOM: usize = max_href_len_ascii_host(64, 0);
//! let mut buf = [0u8; ROOM];
//! let input = "HTTP://example.com/a b/../c?q=1#f";
//! assert!(input.len() <= 64);
//! let url = Url::parse_into(input, SliceStorage::new(&mut buf))?;
//! assert_eq!(url.href(), "http://example.com/c?q=1#f");
//! assert!(href_len_bound(input, 0) <= max_href_len(input.len(), 0));
//! # Ok::<(), url_core::ParseError>(())
//! ```
//!
//! Where [`IDN_OUTPUT_PER_UTF8_BYTE`] comes from: a code point of `u`
//! UTF-8 bytes maps (UTS #46) and normalizes (NFC) to at most as many code
//! points as the full canonical decomposition of its mapping has (NFC
//! composes, it never adds: composition only merges a starter with what
//! follows it). In a label's Punycode, an ASCII code point costs one byte
//! and any other at most [`PUNYCODE_DIGITS`] digits (the largest delta a
//! label of at most 256 code points can need, under any bias); a label
//! with any non-ASCII code point adds `xn--` and a `-` (5 bytes), charged
//! once per label that the code point's mapping can start. The largest
//! ratio over every code point of the tables, (digits + ASCII + labels)
//! per UTF-8 byte, is 42⅔ (U+FDFA ARABIC LIGATURE SALLALLAHOU ALAYHE
//! WASALLAM, 3 bytes, maps to 18 code points); a unit test recomputes it
//! from the tables. Real labels need far less (Punycode deltas between
//! nearby code points take one or two digits): 42 × U+3307 (126 bytes)
//! become 226. An `xn--` label already in the input is written back as
//! it was (Punycode is one-to-one), so it costs what any ASCII does.

/// Digits that Punycode needs at most for one code point of a label of at
/// most 256 code points (every delta stays below 0x10FFFF × 257 + 258:
/// eight base-36 digits under any bias).
pub const PUNYCODE_DIGITS: usize = 8;

/// Bytes of a domain's ASCII form (`xn--` labels) per UTF-8 byte of its
/// Unicode form, at most (see the module docs).
pub const IDN_OUTPUT_PER_UTF8_BYTE: usize = 43;

/// Bytes the storage may hold per input byte of a host that goes through
/// UTS #46: the decoded byte, and its share of the ASCII form written
/// after it.
pub const IDN_BYTES_PER_HOST_BYTE: usize = 1 + IDN_OUTPUT_PER_UTF8_BYTE;

/// Bytes the storage may hold per input byte outside such a host (`%XX`).
pub const BYTES_PER_INPUT_BYTE: usize = 3;

/// Bytes added once per URL whatever its length (see the module docs).
pub const SLACK: usize = 32;

/// Storage that always suffices to parse any input of `input_len` bytes
/// against a base whose href is `base_len` bytes (0 without a base): the
/// most the parser ever holds in its storage, so a parse into this much
/// room never fails with [`ParseError::Capacity`](crate::ParseError::Capacity).
/// Saturates at `usize::MAX`.
///
/// It assumes every byte may be part of an internationalized host (44
/// bytes per input byte); when the host is known to be ASCII without `%`,
/// [`max_href_len_ascii_host`] is 3 per byte.
///
/// ```
/// assert_eq!(url_core::max_href_len(10, 0), 10 * 44 + 32);
/// ```
pub const fn max_href_len(input_len: usize, base_len: usize) -> usize {
    input_len
        .saturating_mul(IDN_BYTES_PER_HOST_BYTE)
        .saturating_add(base_len)
        .saturating_add(SLACK)
}

/// [`max_href_len`] for an input whose host, if it has one, holds no
/// non-ASCII byte and no `%` (a relative reference without an authority
/// takes the base's host, which is already ASCII): `3 × input_len +
/// base_len + 32`, saturating.
///
/// ```
/// assert_eq!(url_core::max_href_len_ascii_host(78, 0), 266);
/// ```
pub const fn max_href_len_ascii_host(input_len: usize, base_len: usize) -> usize {
    input_len
        .saturating_mul(BYTES_PER_INPUT_BYTE)
        .saturating_add(base_len)
        .saturating_add(SLACK)
}

/// Storage that always suffices to parse `input` against a base whose href
/// is `base_len` bytes: [`max_href_len`] with the IDN factor charged only
/// to the bytes that can reach UTS #46 (non-ASCII bytes and `%`), so for
/// most inputs `3 × input.len() + base_len + 32`. Saturates at
/// `usize::MAX`.
///
/// ```
/// use url_core::href_len_bound;
/// assert_eq!(href_len_bound("https://example.com/", 0), 20 * 3 + 32);
/// assert_eq!(href_len_bound("https://bü.example/", 0), 18 * 3 + 2 * 44 + 32);
/// ```
pub const fn href_len_bound(input: &str, base_len: usize) -> usize {
    let mut idn = 0usize;
    let mut rest = input.as_bytes();
    while let [b, tail @ ..] = rest {
        if *b >= 0x80 || *b == b'%' {
            idn += 1;
        }
        rest = tail;
    }
    (input.len() - idn)
        .saturating_mul(BYTES_PER_INPUT_BYTE)
        .saturating_add(idn.saturating_mul(IDN_BYTES_PER_HOST_BYTE))
        .saturating_add(base_len)
        .saturating_add(SLACK)
}

/// Storage that always suffices for [`idna::domain_to_ascii`](crate::idna)
/// (and `to_ascii`) of a domain of `len` bytes appended to an empty
/// storage: the domain and its ASCII form side by side.
///
/// ```
/// assert_eq!(url_core::max_domain_to_ascii_len(10), 440);
/// ```
pub const fn max_domain_to_ascii_len(len: usize) -> usize {
    len.saturating_mul(IDN_BYTES_PER_HOST_BYTE)
}

/// Bytes of a domain's Unicode form per byte of the domain given, at most:
/// 4 for an `xn--` label (each encoded code point takes a digit at least),
/// 11 for a mapping (U+FDFA: 3 bytes map to 33); a unit test recomputes
/// it from the tables.
pub const UNICODE_OUTPUT_PER_BYTE: usize = 11;

/// Storage that always suffices for
/// [`idna::domain_to_unicode`](crate::idna) (and `to_unicode`) of a domain
/// of `len` bytes appended to an empty storage: the domain and its Unicode
/// form side by side.
///
/// ```
/// assert_eq!(url_core::max_domain_to_unicode_len(10), 120);
/// ```
pub const fn max_domain_to_unicode_len(len: usize) -> usize {
    len.saturating_mul(1 + UNICODE_OUTPUT_PER_BYTE)
}
