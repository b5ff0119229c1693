//! `application/x-www-form-urlencoded` (url.bs §5), with the API of the
//! `form_urlencoded` crate that `url` re-exports: [`parse`],
//! [`byte_serialize`], [`Serializer`] and its [`Target`] trait.
//!
//! Parsing and serializing are url-core's; this module gives them
//! `form_urlencoded`'s types (`Cow` pairs, a `String` target). These types
//! are this crate's own: a `Target` implemented for the separate
//! `form_urlencoded` crate does not serve here.
//!
//! ```
//! use weburl_url::form_urlencoded;
//! let body = form_urlencoded::Serializer::new(String::new())
//!     .append_pair("q", "café & crème")
//!     .append_key_only("flag")
//!     .finish();
//! assert_eq!(body, "q=caf%C3%A9+%26+cr%C3%A8me&flag");
//! let pairs: Vec<(String, String)> = form_urlencoded::parse(body.as_bytes()).into_owned().collect();
//! assert_eq!(pairs, [("q".into(), "café & crème".into()), ("flag".into(), "".into())]);
//! ```

use alloc::borrow::{Borrow, Cow};
use alloc::string::String;
use core::iter::FusedIterator;
use weburl::url_core::form_urlencoded as core_form;

/// Parses `input` (a query or a form body) into decoded name/value pairs:
/// split on `&` (empty sequences skipped), name and value split at the
/// first `=`, `+` as a space, `%XX` decoded, invalid UTF-8 as U+FFFD.
///
/// ```
/// use weburl_url::form_urlencoded::parse;
/// let pairs: Vec<_> = parse(b"a=1&&b=x+y%21&c").collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y!".into()), ("c".into(), "".into())]);
/// ```
#[inline]
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { input }
}

/// Iterator over the pairs of [`parse`]. A name or value is borrowed from
/// the input when decoding leaves it as it is.
#[derive(Copy, Clone)]
pub struct Parse<'a> {
    /// What is left to parse.
    input: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let at = core_form::parse(self.input).next_offsets()?;
        let input = self.input;
        self.input = input.get(at.end + 1..).unwrap_or_default();
        let piece = |start: usize, end: usize| decode(input.get(start..end).unwrap_or_default());
        Some((piece(at.start, at.name_end), piece(at.value_start, at.end)))
    }
}

impl FusedIterator for Parse<'_> {}

/// One name or value, decoded; borrowed when decoding changes nothing.
fn decode(raw: &[u8]) -> Cow<'_, str> {
    let piece = core_form::Piece::new(raw);
    match piece.as_str() {
        Some(text) => Cow::Borrowed(text),
        None => {
            let mut out = String::with_capacity(raw.len());
            // A String grows as needed: the only error, capacity, cannot
            // happen.
            let _ = piece.decode_into(&mut out);
            Cow::Owned(out)
        }
    }
}

impl<'a> Parse<'a> {
    /// The same pairs as owned `String`s.
    pub fn into_owned(self) -> ParseIntoOwned<'a> {
        ParseIntoOwned { inner: self }
    }
}

/// Iterator over [`parse`]'s pairs as `(String, String)`.
pub struct ParseIntoOwned<'a> {
    inner: Parse<'a>,
}

impl Iterator for ParseIntoOwned<'_> {
    type Item = (String, String);

    fn next(&mut self) -> Option<(String, String)> {
        self.inner
            .next()
            .map(|(name, value)| (name.into_owned(), value.into_owned()))
    }
}

/// The form-urlencoded serialization of `input` (one name or value), in
/// pieces: space as `+`, everything but ASCII alphanumerics and `*-._`
/// as `%XX`.
///
/// ```
/// use weburl_url::form_urlencoded::byte_serialize;
/// assert_eq!(byte_serialize("a b&é~".as_bytes()).collect::<String>(), "a+b%26%C3%A9%7E");
/// ```
#[inline]
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize {
        inner: core_form::byte_serialize(input),
    }
}

/// Iterator over the pieces of [`byte_serialize`].
#[derive(Debug)]
pub struct ByteSerialize<'a> {
    inner: core_form::ByteSerialize<'a>,
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

/// A function that encodes text into a legacy encoding's bytes (HTML's
/// document encoding), used instead of UTF-8 when set.
pub type EncodingOverride<'a> = Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>>;

/// Where a [`Serializer`] writes: a `String` it can append to, and what
/// [`Serializer::finish`] gives back.
pub trait Target {
    /// The string the pairs are appended to.
    fn as_mut_string(&mut self) -> &mut String;
    /// Consumes the target when the serializer finishes.
    fn finish(self) -> Self::Finished;
    /// What [`Serializer::finish`] returns.
    type Finished;
}

/// Appends to an owned `String`, which `finish` returns.
impl Target for String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    fn finish(self) -> Self {
        self
    }
    type Finished = Self;
}

/// Appends to a borrowed `String`.
impl Target for &mut String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    fn finish(self) -> Self {
        self
    }
    type Finished = Self;
}

/// Builds `application/x-www-form-urlencoded` text: `name=value` pairs
/// joined by `&`, appended to a [`Target`] after `start_position`.
///
/// ```
/// use weburl_url::form_urlencoded::Serializer;
/// let mut query = String::from("?");
/// Serializer::for_suffix(&mut query, 1).append_pair("a", "1").append_pair("b", "2 3");
/// assert_eq!(query, "?a=1&b=2+3");
/// ```
pub struct Serializer<'a, T: Target> {
    /// `None` once finished.
    target: Option<T>,
    start_position: usize,
    encoding: EncodingOverride<'a>,
}

impl<'a, T: Target> Serializer<'a, T> {
    /// A serializer appending to `target`, which may already hold pairs
    /// (a `&` is added before the next one).
    pub fn new(target: T) -> Self {
        Self::for_suffix(target, 0)
    }

    /// A serializer for the text after `start_position` of `target`'s
    /// string (a prefix such as `?` stays). A `start_position` past the end
    /// is taken as the end (where `form_urlencoded` panics).
    pub fn for_suffix(mut target: T, start_position: usize) -> Self {
        let len = target.as_mut_string().len();
        Serializer {
            target: Some(target),
            start_position: start_position.min(len),
            encoding: None,
        }
    }

    /// Removes every pair (the text after `start_position`).
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        if let Some(s) = self.string() {
            s.truncate(start);
        }
        self
    }

    /// Encodes names and values with `new` instead of UTF-8.
    pub fn encoding_override(&mut self, new: EncodingOverride<'a>) -> &mut Self {
        self.encoding = new;
        self
    }

    /// Appends `name=value`.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.append(name, Some(value));
        self
    }

    /// Appends `name` without `=`.
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.append(name, None);
        self
    }

    /// Appends each `(name, value)`.
    pub fn extend_pairs<I, K, V>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in iter {
            let (name, value) = pair.borrow();
            self.append(name.as_ref(), Some(value.as_ref()));
        }
        self
    }

    /// Appends each name without `=`.
    pub fn extend_keys_only<I, K>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        for name in iter {
            self.append(name.borrow().as_ref(), None);
        }
        self
    }

    /// Finishes, giving back what the target gives (the `String` for a
    /// `String` target). Appending after `finish` does nothing.
    ///
    /// # Panics
    ///
    /// When called a second time: the target was already given back and
    /// there is nothing left to return (as with `form_urlencoded`).
    // `url`'s signature, kept for the drop-in: it has no error to return, and
    // a second call panics there too.
    #[allow(clippy::panic)]
    pub fn finish(&mut self) -> T::Finished {
        match self.target.take() {
            Some(target) => target.finish(),
            None => panic!("form_urlencoded::Serializer finished twice"),
        }
    }

    fn string(&mut self) -> Option<&mut String> {
        self.target.as_mut().map(Target::as_mut_string)
    }

    fn append(&mut self, name: &str, value: Option<&str>) {
        let start = self.start_position;
        let encoding = self.encoding;
        let Some(out) = self.string() else {
            return;
        };
        if out.len() > start {
            out.push('&');
        }
        push_encoded(out, name, encoding);
        if let Some(value) = value {
            out.push('=');
            push_encoded(out, value, encoding);
        }
    }
}

fn push_encoded(out: &mut String, text: &str, encoding: EncodingOverride<'_>) {
    match encoding {
        Some(encode) => out.extend(byte_serialize(&encode(text))),
        None => out.extend(byte_serialize(text.as_bytes())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn parse_borrows_what_needs_no_decoding() {
        let pairs: Vec<_> = parse(b"a=1&b=%41+x&&=v&k").collect();
        assert!(matches!(pairs[0].0, Cow::Borrowed("a")));
        assert!(matches!(pairs[1].1, Cow::Owned(ref s) if s == "A x"));
        assert_eq!(pairs[2], (Cow::from(""), Cow::from("v")));
        assert_eq!(pairs[3], (Cow::from("k"), Cow::from("")));
        assert_eq!(pairs.len(), 4);
        // Invalid UTF-8 becomes U+FFFD; a lone % stays.
        let pairs: Vec<_> = parse(b"%FF=100%").collect();
        assert_eq!(pairs, [(Cow::from("\u{FFFD}"), Cow::from("100%"))]);
    }

    #[test]
    fn serializer_joins_and_encodes() {
        let mut s = Serializer::new(String::from("x=1"));
        s.append_pair("a b", "c&d").append_key_only("*-._");
        assert_eq!(s.finish(), "x=1&a+b=c%26d&*-._");
        let mut target = String::from("?");
        let mut s = Serializer::for_suffix(&mut target, 9);
        s.append_pair("a", "b");
        s.clear().extend_keys_only::<_, &str>(["k"]);
        assert_eq!(s.finish(), "?k");
    }

    #[test]
    fn appending_after_finish_does_nothing() {
        let mut s = Serializer::new(String::new());
        s.append_pair("a", "b");
        assert_eq!(s.finish(), "a=b");
        s.append_pair("c", "d").clear();
    }
}
