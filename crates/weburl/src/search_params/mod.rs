//! `URLSearchParams` (url.bs §6.2) and a URL's `searchParams`.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;
use smallvec::SmallVec;
use url_core::form_urlencoded::{self, Piece, Serializer};

mod guard;
mod iter;
pub use guard::SearchParamsMut;
pub use iter::{IntoIter, Iter};

/// A list of name-value pairs read from and written as
/// `application/x-www-form-urlencoded` (the URL API's `URLSearchParams`).
///
/// Names and values are decoded strings. `Display` is the serialization
/// (`+` for spaces, everything but `*-._` and ASCII alphanumerics
/// percent-encoded), the same as the JavaScript object's `toString()`.
///
/// ```
/// use weburl::UrlSearchParams;
/// let mut params = UrlSearchParams::parse("?q=rust+url&lang=en&q=whatwg");
/// assert_eq!(params.get("q"), Some("rust url"));
/// assert_eq!(params.get_all("q"), ["rust url", "whatwg"]);
/// params.append("page", "2");
/// params.set("q", "€");
/// params.delete("lang");
/// params.sort();
/// assert_eq!(params.to_string(), "page=2&q=%E2%82%AC");
/// assert_eq!(params.size(), 2);
/// for (name, value) in &params {
///     assert!(!name.is_empty() && !value.is_empty());
/// }
/// ```
#[derive(Clone, Default)]
pub struct UrlSearchParams {
    /// Every name and value, decoded, back to back (with dead text left by
    /// `set` and `delete` until [`UrlSearchParams::compact`] runs).
    text: String,
    /// The list, in order: where each pair's name and value are in `text`.
    pairs: SmallVec<[Span; INLINE_PAIRS]>,
    /// Bytes of `text` no pair refers to.
    dead: usize,
}

/// Pairs held without an allocation of their own (most queries have one
/// or two).
const INLINE_PAIRS: usize = 2;

/// A pair in [`UrlSearchParams::text`]: the name is `start..name_end`, the
/// value `value_start..end`.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    name_end: usize,
    value_start: usize,
    end: usize,
}

impl Span {
    /// The live bytes: the name and the value.
    fn len(self) -> usize {
        self.name_end.saturating_sub(self.start) + self.end.saturating_sub(self.value_start)
    }
}

/// A sequence given to [`UrlSearchParams::try_from_sequences`] was not a
/// pair (the constructor's `TypeError`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAPair {
    /// Which sequence (0-based).
    pub index: usize,
    /// How many items it had.
    pub len: usize,
}

impl fmt::Display for NotAPair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "search params sequence {} has {} items, not 2",
            self.index, self.len
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotAPair {}

impl UrlSearchParams {
    /// An empty list.
    ///
    /// ```
    /// assert_eq!(weburl::UrlSearchParams::new().to_string(), "");
    /// ```
    pub fn new() -> Self {
        UrlSearchParams::default()
    }

    /// The constructor with a string: one leading `?` is removed, then the
    /// rest is parsed as `application/x-www-form-urlencoded`.
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    /// let p = UrlSearchParams::parse("?a=b+c&%F0%9F%92%A9&&=x");
    /// let pairs: Vec<_> = p.iter().collect();
    /// assert_eq!(pairs, [("a", "b c"), ("💩", ""), ("", "x")]);
    /// assert_eq!(UrlSearchParams::parse("??a").get("?a"), Some(""));
    /// ```
    pub fn parse(init: &str) -> Self {
        let init = init.strip_prefix('?').unwrap_or(init);
        Self::parse_verbatim(init)
            .unwrap_or_else(|| Self::from_pieces(init.len(), form_urlencoded::parse_str(init)))
    }

    /// The list when nothing in `init` needs decoding (no `+`, no `%`), as
    /// in most queries: the text is a copy of the input, separators left
    /// in as dead bytes, so parsing copies once and decodes nothing.
    fn parse_verbatim(init: &str) -> Option<Self> {
        let mut pairs = SmallVec::new();
        let mut live = 0;
        let mut sequences = form_urlencoded::parse_str(init);
        while let Some(at) = sequences.next_offsets() {
            if at.may_need_decoding {
                return None;
            }
            let span = Span {
                start: at.start,
                name_end: at.name_end,
                value_start: at.value_start,
                end: at.end,
            };
            live += span.len();
            pairs.push(span);
        }
        Some(UrlSearchParams {
            text: init.to_owned(),
            pairs,
            dead: init.len().saturating_sub(live),
        })
    }

    /// The `application/x-www-form-urlencoded` parser over bytes (a form
    /// body, say): no `?` is removed, and invalid UTF-8 becomes U+FFFD.
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    /// let p = UrlSearchParams::parse_bytes(b"?a=%C2x&b=\xff");
    /// assert_eq!(p.get("?a"), Some("\u{FFFD}x"));
    /// assert_eq!(p.get("b"), Some("\u{FFFD}"));
    /// ```
    pub fn parse_bytes(input: &[u8]) -> Self {
        Self::from_pieces(input.len(), form_urlencoded::parse(input))
    }

    /// The list of decoded pieces, in one text buffer sized once: decoding
    /// never lengthens a piece except where invalid UTF-8 becomes U+FFFD.
    fn from_pieces<'a>(len: usize, pieces: impl Iterator<Item = (Piece<'a>, Piece<'a>)>) -> Self {
        let mut params = UrlSearchParams {
            text: String::with_capacity(len),
            pairs: SmallVec::new(),
            dead: 0,
        };
        for (name, value) in pieces {
            let start = params.text.len();
            push_piece(&mut params.text, name);
            let name_end = params.text.len();
            push_piece(&mut params.text, value);
            params.pairs.push(Span {
                start,
                name_end,
                value_start: name_end,
                end: params.text.len(),
            });
        }
        params
    }

    /// The constructor with a sequence of sequences: each must have exactly
    /// two items, or this fails like the constructor's `TypeError`.
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    /// let p = UrlSearchParams::try_from_sequences([vec!["a", "b"], vec!["c", "d"]])?;
    /// assert_eq!(p.to_string(), "a=b&c=d");
    /// assert!(UrlSearchParams::try_from_sequences([vec!["1"]]).is_err());
    /// # Ok::<(), weburl::NotAPair>(())
    /// ```
    pub fn try_from_sequences<I, J, S>(init: I) -> Result<Self, NotAPair>
    where
        I: IntoIterator<Item = J>,
        J: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut params = UrlSearchParams::new();
        for (index, seq) in init.into_iter().enumerate() {
            let mut items = seq.into_iter();
            match (items.next(), items.next(), items.next()) {
                (Some(n), Some(v), None) => params.append(n, v),
                (a, b, c) => {
                    let len = [a.is_some(), b.is_some(), c.is_some()]
                        .iter()
                        .filter(|x| **x)
                        .count()
                        + items.count();
                    return Err(NotAPair { index, len });
                }
            }
        }
        Ok(params)
    }

    /// The URL API's `size`: the number of pairs.
    #[inline]
    pub fn size(&self) -> usize {
        self.pairs.len()
    }

    /// The number of pairs (the same as [`UrlSearchParams::size`]).
    #[inline]
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no pairs.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Writes a pair at the end of the text.
    fn push_text(&mut self, name: &str, value: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        Span {
            start,
            name_end,
            value_start: name_end,
            end: self.text.len(),
        }
    }

    /// Appends a pair.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::new();
    /// p.append("a", "b");
    /// p.append("a", String::from("b"));
    /// assert_eq!(p.to_string(), "a=b&a=b");
    /// ```
    pub fn append(&mut self, name: impl AsRef<str>, value: impl AsRef<str>) {
        let span = self.push_text(name.as_ref(), value.as_ref());
        self.pairs.push(span);
    }

    /// Keeps the pairs `keep` says yes to, in order.
    fn retain(&mut self, mut keep: impl FnMut(usize, &str, &str) -> bool) {
        let text = &self.text;
        let mut dead = 0;
        let mut i = 0;
        self.pairs.retain(|&mut span| {
            let name = text.get(span.start..span.name_end).unwrap_or("");
            let value = text.get(span.value_start..span.end).unwrap_or("");
            let k = keep(i, name, value);
            i += 1;
            if !k {
                dead += span.len();
            }
            k
        });
        self.dead += dead;
        self.compact_if_mostly_dead();
    }

    /// Rewrites the text without dead bytes once they outweigh the live
    /// ones, so a long-lived list edited many times stays in proportion.
    fn compact_if_mostly_dead(&mut self) {
        if self.dead > 64 && self.dead > self.text.len() / 2 {
            self.compact();
        }
    }

    fn compact(&mut self) {
        if self.pairs.is_empty() {
            self.text.clear();
            self.dead = 0;
            return;
        }
        let mut text = String::with_capacity(self.text.len().saturating_sub(self.dead));
        for span in &mut self.pairs {
            // Pairs are in list order, not text order (after a sort).
            let start = text.len();
            text.push_str(self.text.get(span.start..span.name_end).unwrap_or(""));
            let name_end = text.len();
            text.push_str(self.text.get(span.value_start..span.end).unwrap_or(""));
            *span = Span {
                start,
                name_end,
                value_start: name_end,
                end: text.len(),
            };
        }
        self.text = text;
        self.dead = 0;
    }

    /// Removes every pair named `name`.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::parse("a=1&b=2&a=3");
    /// p.delete("a");
    /// assert_eq!(p.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str) {
        self.retain(|_, n, _| n != name);
    }

    /// Removes every pair named `name` whose value is `value` (the
    /// two-argument `delete`).
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::parse("a=b&a=c&a=d");
    /// p.delete_pair("a", "c");
    /// assert_eq!(p.to_string(), "a=b&a=d");
    /// ```
    pub fn delete_pair(&mut self, name: &str, value: &str) {
        self.retain(|_, n, v| !(n == name && v == value));
    }

    /// The value of the first pair named `name`.
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a=&a=e");
    /// assert_eq!(p.get("a"), Some(""));
    /// assert_eq!(p.get("e"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The values of all pairs named `name`, in order (the URL API's
    /// `getAll`).
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a=1&b=2&a=3&a");
    /// assert_eq!(p.get_all("a"), ["1", "3", ""]);
    /// assert!(p.get_all("c").is_empty());
    /// ```
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .collect()
    }

    /// Whether a pair is named `name`.
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("=b&c");
    /// assert!(p.has("") && p.has("c") && !p.has("b"));
    /// ```
    pub fn has(&self, name: &str) -> bool {
        self.iter().any(|(n, _)| n == name)
    }

    /// Whether a pair is named `name` with the value `value` (the
    /// two-argument `has`).
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a=b&a=d&e");
    /// assert!(p.has_pair("a", "d") && p.has_pair("e", ""));
    /// assert!(!p.has_pair("a", "c"));
    /// ```
    pub fn has_pair(&self, name: &str, value: &str) -> bool {
        self.iter().any(|(n, v)| n == name && v == value)
    }

    /// Sets the first pair named `name` to `value` and removes the other
    /// pairs with that name; appends the pair when there is none.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::parse("a=b&c=d&a=e");
    /// p.set("a", "B");
    /// assert_eq!(p.to_string(), "a=B&c=d");
    /// p.set("e", "f");
    /// assert_eq!(p.to_string(), "a=B&c=d&e=f");
    /// ```
    pub fn set(&mut self, name: impl AsRef<str>, value: impl AsRef<str>) {
        let (name, value) = (name.as_ref(), value.as_ref());
        let Some(first) = self.iter().position(|(n, _)| n == name) else {
            return self.append(name, value);
        };
        self.retain(|i, n, _| i <= first || n != name);
        let span = self.push_text(name, value);
        if let Some(slot) = self.pairs.get_mut(first) {
            self.dead += slot.len();
            *slot = span;
        }
        self.compact_if_mostly_dead();
    }

    /// Sorts the pairs by name, comparing UTF-16 code units as JavaScript
    /// does (so U+FFxx sorts after a character outside the BMP); pairs with
    /// equal names keep their order.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::parse("ﬃ&🌈&z=b&a=b&z=a");
    /// p.sort();
    /// let names: Vec<_> = p.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "z", "z", "🌈", "ﬃ"]);
    /// assert_eq!(p.get_all("z"), ["b", "a"]);
    /// ```
    pub fn sort(&mut self) {
        let text = &self.text;
        let name = |s: &Span| text.get(s.start..s.name_end).unwrap_or("");
        self.pairs.sort_by(|a, b| utf16_cmp(name(a), name(b)));
    }

    /// Removes every pair.
    pub fn clear(&mut self) {
        self.pairs.clear();
        self.text.clear();
        self.dead = 0;
    }

    /// The pairs in order, as `(name, value)`.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            inner: self.pairs.iter(),
        }
    }

    /// The names in order (the URL API's `keys()`).
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a=1&b=2&a=3");
    /// assert!(p.keys().eq(["a", "b", "a"]));
    /// assert!(p.values().eq(["1", "2", "3"]));
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.iter().map(|(n, _)| n)
    }

    /// The values in order (the URL API's `values()`).
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.iter().map(|(_, v)| v)
    }

    /// The serialization, with names and values encoded in `encoding`
    /// first (HTML form submission with a legacy charset); code points the
    /// encoding cannot represent are written as `%26%23NNNN%3B`.
    ///
    /// ```
    /// use weburl::UrlSearchParams;
    /// let p = UrlSearchParams::parse("a=é&b=€ ✓");
    /// assert_eq!(p.to_string_with_encoding(encoding_rs::WINDOWS_1252), "a=%E9&b=%80+%26%2310003%3B");
    /// assert_eq!(p.to_string_with_encoding(encoding_rs::UTF_16LE), p.to_string()); // output encoding: UTF-8
    /// ```
    #[cfg(feature = "encoding")]
    pub fn to_string_with_encoding(&self, encoding: &'static encoding_rs::Encoding) -> String {
        let mut ser = Serializer::with_encoding(
            String::new(),
            crate::encoding::EncodingRsEncoder::new(encoding),
        );
        let _ = ser.extend_pairs(self.iter());
        ser.finish()
    }

    /// The serialization (the URL API's `toString()`), the same text as
    /// `Display` writes.
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a = b &a=b&c=d%20");
    /// assert_eq!(p.to_string(), "a+=+b+&a=b&c=d+");
    /// assert_eq!(p.to_string(), format!("{p}"));
    /// ```
    // Inherent so that the String is sized once: `ToString` through
    // `Display` grows it chunk by chunk (the bench's sort+serialize
    // workload: 1,863 → 1,560 instructions per query).
    #[allow(clippy::inherent_to_string_shadow_display)]
    pub fn to_string(&self) -> String {
        self.serialize_into(String::new())
    }

    /// The serialization appended to `out`, which grows once.
    fn serialize_into(&self, mut out: String) -> String {
        // Most bytes stay as they are; `=` and `&` add one per pair.
        out.reserve(self.text.len().saturating_sub(self.dead) + 2 * self.pairs.len());
        let mut ser = Serializer::new(out);
        // String storage never runs out of room.
        let _ = ser.extend_pairs(self.iter());
        ser.finish()
    }

    /// Writes the serialization to `f` chunk by chunk, with no buffer.
    fn write_serialization(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("&")?;
            }
            for chunk in form_urlencoded::byte_serialize(name.as_bytes()) {
                f.write_str(chunk)?;
            }
            f.write_str("=")?;
            for chunk in form_urlencoded::byte_serialize(value.as_bytes()) {
                f.write_str(chunk)?;
            }
        }
        Ok(())
    }
}

/// Appends a piece's decoded text.
fn push_piece(text: &mut String, piece: Piece<'_>) {
    match piece.as_str() {
        Some(s) => text.push_str(s),
        // String storage never runs out of room.
        None => {
            let _ = piece.decode_into(text);
        }
    }
}

/// Orders strings by their UTF-16 code units.
fn utf16_cmp(a: &str, b: &str) -> Ordering {
    // Equal UTF-8 prefixes are equal UTF-16 prefixes: skip them cheaply.
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut cut = common;
    while !a.is_char_boundary(cut) {
        cut -= 1;
    }
    // `a[..cut]` is whole characters and equals `b[..cut]`, so `cut` is a
    // boundary of both; fall back to the whole strings all the same.
    match (a.get(cut..), b.get(cut..)) {
        (Some(x), Some(y)) => x.encode_utf16().cmp(y.encode_utf16()),
        _ => a.encode_utf16().cmp(b.encode_utf16()),
    }
}

/// The serialization (the URL API's `toString()`).
///
/// ```
/// let p = weburl::UrlSearchParams::parse("a = b &a=b&c=d%20");
/// assert_eq!(p.to_string(), "a+=+b+&a=b&c=d+");
/// ```
impl fmt::Display for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_serialization(f)
    }
}

/// Lists are equal when their pairs are, in order (however each was
/// edited).
impl PartialEq for UrlSearchParams {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for UrlSearchParams {}

impl core::hash::Hash for UrlSearchParams {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for pair in self {
            pair.hash(state);
        }
    }
}

/// Shows the pairs, as a list of `(name, value)`.
impl fmt::Debug for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Parses like [`UrlSearchParams::parse`] (never fails).
impl FromStr for UrlSearchParams {
    type Err = core::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(UrlSearchParams::parse(s))
    }
}

/// Parses like [`UrlSearchParams::parse`].
impl From<&str> for UrlSearchParams {
    fn from(s: &str) -> Self {
        UrlSearchParams::parse(s)
    }
}

/// The constructor with pairs (a sequence of pairs, or a record).
///
/// ```
/// use weburl::UrlSearchParams;
/// let p: UrlSearchParams = [("a", "1"), ("b", "2")].into_iter().collect();
/// assert_eq!(p.to_string(), "a=1&b=2");
/// ```
impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for UrlSearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Self {
        let mut params = UrlSearchParams::new();
        params.extend(iter);
        params
    }
}

/// Appends each pair.
impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for UrlSearchParams {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        for (n, v) in iter {
            self.append(n, v);
        }
    }
}

/// From `(name, value)` pairs, like [`FromIterator`].
impl<N: AsRef<str>, V: AsRef<str>, const K: usize> From<[(N, V); K]> for UrlSearchParams {
    fn from(pairs: [(N, V); K]) -> Self {
        pairs.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn utf16_order() {
        assert_eq!(utf16_cmp("\u{1F308}", "\u{FB03}"), Ordering::Less);
        assert_eq!(utf16_cmp("a\u{1F308}", "a\u{1F4A9}"), Ordering::Less);
        assert_eq!(utf16_cmp("é", "e\u{301}"), Ordering::Greater);
        assert_eq!(utf16_cmp("ab", "a"), Ordering::Greater);
        assert_eq!(utf16_cmp("", ""), Ordering::Equal);
        // A shared lead byte of different multi-byte characters.
        assert_eq!(utf16_cmp("\u{FFFD}", "\u{FFFC}"), Ordering::Greater);
    }

    #[test]
    fn set_keeps_first_position() {
        let mut p = UrlSearchParams::parse("a=1&b=2&a=3&c=4&a=5");
        p.set("a", "x");
        assert_eq!(p.to_string(), "a=x&b=2&c=4");
    }

    /// Edits in the shared text (dead bytes, compaction) never show: the
    /// list always equals a plain vector of pairs edited the same way.
    #[test]
    fn edits_match_a_vector_of_pairs() {
        let names = [
            "a",
            "bb",
            "",
            "é",
            "a b",
            "long-name-that-makes-dead-text-add-up",
        ];
        let mut model: Vec<(String, String)> = Vec::new();
        let mut params = UrlSearchParams::parse("a=1&bb=2&a=3");
        for (n, v) in params.iter() {
            model.push((n.into(), v.into()));
        }
        let mut seed = 0x2545_f491_u32;
        let mut compactions = 0;
        for step in 0..4000 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let name = names[(seed >> 8) as usize % names.len()];
            let value = alloc::format!("v{step}");
            let before = params.text.len();
            match seed % 6 {
                0 | 1 => {
                    params.append(name, &value);
                    model.push((name.into(), value));
                }
                2 => {
                    params.set(name, &value);
                    match model.iter().position(|(n, _)| n == name) {
                        Some(first) => {
                            model[first].1 = value;
                            let mut i = 0;
                            model.retain(|(n, _)| {
                                i += 1;
                                i <= first + 1 || n != name
                            });
                        }
                        None => model.push((name.into(), value)),
                    }
                }
                3 => {
                    params.delete(name);
                    model.retain(|(n, _)| n != name);
                }
                4 => {
                    let v = model.first().map(|p| p.1.clone()).unwrap_or_default();
                    params.delete_pair(name, &v);
                    model.retain(|(n, x)| !(n == name && *x == v));
                }
                _ => {
                    params.sort();
                    model.sort_by(|(a, _), (b, _)| utf16_cmp(a, b));
                }
            }
            if params.text.len() < before {
                compactions += 1;
            }
            assert!(params
                .iter()
                .eq(model.iter().map(|(n, v)| (n.as_str(), v.as_str()))));
            assert!(params.dead <= params.text.len());
        }
        assert!(compactions > 0, "the dead text was never reclaimed");
        let owned: Vec<(String, String)> = params.clone().into_iter().collect();
        assert_eq!(owned, model);
    }

    #[test]
    fn equality_ignores_how_a_list_was_built() {
        let mut edited = UrlSearchParams::parse("x=1&a=b&x=2");
        edited.delete("x");
        assert_eq!(edited, UrlSearchParams::parse("a=b"));
        assert_ne!(edited, UrlSearchParams::parse("a=c"));
        assert_ne!(UrlSearchParams::parse("ab="), UrlSearchParams::parse("a=b"));
    }

    #[test]
    fn sequences() {
        assert_eq!(
            UrlSearchParams::try_from_sequences([vec!["1", "2", "3"]]),
            Err(NotAPair { index: 0, len: 3 })
        );
        let empty: [Vec<&str>; 0] = [];
        assert!(UrlSearchParams::try_from_sequences(empty)
            .unwrap()
            .is_empty());
    }
}
