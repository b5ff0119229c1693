//! `URLSearchParams` (url.bs §6.2) and a URL's `searchParams`.

use crate::url::Url;
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;
use url_core::form_urlencoded::{self, Piece, Serializer};

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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

/// The decoded text of a form-urlencoded piece, copying only once.
fn piece_string(piece: Piece<'_>) -> String {
    match piece.as_str() {
        Some(s) => s.to_owned(),
        None => {
            let mut s = String::new();
            // String storage never runs out of room.
            let _ = piece.decode_into(&mut s);
            s
        }
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
        UrlSearchParams { list: Vec::new() }
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
        Self::parse_bytes(init.strip_prefix('?').unwrap_or(init).as_bytes())
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
        UrlSearchParams {
            list: form_urlencoded::parse(input)
                .map(|(n, v)| (piece_string(n), piece_string(v)))
                .collect(),
        }
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
        S: Into<String>,
    {
        let mut list = Vec::new();
        for (index, seq) in init.into_iter().enumerate() {
            let mut items = seq.into_iter();
            match (items.next(), items.next(), items.next()) {
                (Some(n), Some(v), None) => list.push((n.into(), v.into())),
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
        Ok(UrlSearchParams { list })
    }

    /// The URL API's `size`: the number of pairs.
    #[inline]
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// The number of pairs (the same as [`UrlSearchParams::size`]).
    #[inline]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no pairs.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Appends a pair.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::new();
    /// p.append("a", "b");
    /// p.append("a", "b");
    /// assert_eq!(p.to_string(), "a=b&a=b");
    /// ```
    pub fn append(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.list.push((name.into(), value.into()));
    }

    /// Removes every pair named `name`.
    ///
    /// ```
    /// let mut p = weburl::UrlSearchParams::parse("a=1&b=2&a=3");
    /// p.delete("a");
    /// assert_eq!(p.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str) {
        self.list.retain(|(n, _)| n != name);
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
        self.list.retain(|(n, v)| !(n == name && v == value));
    }

    /// The value of the first pair named `name`.
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("a=&a=e");
    /// assert_eq!(p.get("a"), Some(""));
    /// assert_eq!(p.get("e"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
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
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a pair is named `name`.
    ///
    /// ```
    /// let p = weburl::UrlSearchParams::parse("=b&c");
    /// assert!(p.has("") && p.has("c") && !p.has("b"));
    /// ```
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|(n, _)| n == name)
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
        self.list.iter().any(|(n, v)| n == name && v == value)
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
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let value = value.into();
        match self.list.iter().position(|(n, _)| *n == name) {
            Some(first) => {
                self.list[first].1 = value;
                let mut i = 0;
                self.list.retain(|(n, _)| {
                    let keep = i <= first || *n != name;
                    i += 1;
                    keep
                });
            }
            None => self.list.push((name, value)),
        }
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
        self.list.sort_by(|(a, _), (b, _)| utf16_cmp(a, b));
    }

    /// Removes every pair.
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// The pairs in order, as `(name, value)`.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.list.iter(),
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
        self.list.iter().map(|(n, _)| n.as_str())
    }

    /// The values in order (the URL API's `values()`).
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.list.iter().map(|(_, v)| v.as_str())
    }

    /// The pairs in order (the underlying list).
    #[inline]
    pub fn as_slice(&self) -> &[(String, String)] {
        &self.list
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
        let _ = ser.extend_pairs(&self.list);
        ser.finish()
    }

    /// The serialization appended to `out`.
    fn serialize_into(&self, out: String) -> String {
        let mut ser = Serializer::new(out);
        // String storage never runs out of room.
        let _ = ser.extend_pairs(&self.list);
        ser.finish()
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
        f.write_str(&self.serialize_into(String::new()))
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
impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for UrlSearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Self {
        UrlSearchParams {
            list: iter
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }
}

/// Appends each pair.
impl<N: Into<String>, V: Into<String>> Extend<(N, V)> for UrlSearchParams {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        self.list
            .extend(iter.into_iter().map(|(n, v)| (n.into(), v.into())));
    }
}

/// From `(name, value)` pairs, like [`FromIterator`].
impl<N: Into<String>, V: Into<String>, const K: usize> From<[(N, V); K]> for UrlSearchParams {
    fn from(pairs: [(N, V); K]) -> Self {
        pairs.into_iter().collect()
    }
}

/// Iterator over `(name, value)` pairs of a [`UrlSearchParams`].
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    inner: core::slice::Iter<'a, (String, String)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(n, v)| (n.as_str(), v.as_str()))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner
            .next_back()
            .map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The owned pairs.
impl IntoIterator for UrlSearchParams {
    type Item = (String, String);
    type IntoIter = alloc::vec::IntoIter<(String, String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// A URL's `searchParams`, borrowed mutably from the [`Url`]: changes are
/// written to the URL's query when the guard is dropped (or on
/// [`SearchParamsMut::commit`]), as the URL API's update steps do — the
/// list is serialized, and an empty list removes the query.
///
/// The URL's query is rewritten only if the list was borrowed mutably
/// (every `&mut self` method of [`UrlSearchParams`] is one of the URL API's
/// mutating methods); only reading through the guard leaves the URL as it
/// was, byte for byte.
///
/// ```
/// use weburl::Url;
/// let mut url = Url::parse("https://example.com/?a=b ~")?;
/// assert_eq!(url.href(), "https://example.com/?a=b%20~");
/// url.search_params_mut().sort();
/// assert_eq!(url.href(), "https://example.com/?a=b+%7E");
/// {
///     let mut params = url.search_params_mut();
///     params.append("c", "d");
///     params.delete("a");
/// }
/// assert_eq!(url.search(), "?c=d");
/// url.search_params_mut().delete("c");
/// assert_eq!(url.href(), "https://example.com/");
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub struct SearchParamsMut<'u> {
    url: &'u mut Url,
    params: UrlSearchParams,
    dirty: bool,
}

impl<'u> SearchParamsMut<'u> {
    pub(crate) fn new(url: &'u mut Url) -> Self {
        let params = url.search_params();
        SearchParamsMut {
            url,
            params,
            dirty: false,
        }
    }

    /// Writes the list to the URL's query now (the update steps), even if
    /// it was not changed.
    pub fn commit(mut self) {
        self.dirty = true;
        // Drop does the update.
    }

    fn update(&mut self) {
        // The serialization holds only ASCII alphanumerics, `*-._+&=` and
        // `%XX`, which the query state copies unchanged, so the search
        // setter stores it as is; "" (an empty list) removes the query. On
        // String storage the setter cannot fail.
        let serialized = self.params.serialize_into(String::new());
        let _ = self.url.set_search(&serialized);
    }
}

impl Deref for SearchParamsMut<'_> {
    type Target = UrlSearchParams;
    #[inline]
    fn deref(&self) -> &UrlSearchParams {
        &self.params
    }
}

/// Mutable access marks the list as changed.
impl DerefMut for SearchParamsMut<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut UrlSearchParams {
        self.dirty = true;
        &mut self.params
    }
}

impl Drop for SearchParamsMut<'_> {
    fn drop(&mut self) {
        if self.dirty {
            self.update();
        }
    }
}

impl fmt::Debug for SearchParamsMut<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchParamsMut")
            .field("params", &self.params)
            .field("dirty", &self.dirty)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
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

    #[test]
    fn guard_without_mutation_leaves_url() {
        let mut url = Url::parse("https://example.com/?a=b ~").unwrap();
        let g = url.search_params_mut();
        assert_eq!(g.get("a"), Some("b ~"));
        drop(g);
        assert_eq!(url.href(), "https://example.com/?a=b%20~");
        url.search_params_mut().commit();
        assert_eq!(url.href(), "https://example.com/?a=b+%7E");
        assert_eq!(url.search_params().to_string(), "a=b+%7E");
        let _ = "x".to_string();
    }
}
