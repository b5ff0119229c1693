//! Parsing into an owned URL: one allocation of exactly the right size;
//! `can_parse` without one.

use super::Url;
use alloc::string::String;
use alloc::vec::Vec;
use url_core::{ParseError, Parsed, Parser, SliceStorage, StrictParser, ValidationError};

/// Stack bytes `Url::can_parse` parses into before it falls back to a
/// String: more than almost every real URL needs.
pub(super) const STACK_ROOM: usize = 1024;

/// Stack bytes an owned parse builds a non-canonical URL's serialization
/// in. Zeroing them is paid on every such parse, so fewer than `STACK_ROOM`;
/// a longer URL still allocates once, at the bound in [`parse_owned`].
const OWNED_ROOM: usize = 256;

/// Storage for [`Parser::parse_borrowed_or_into`], which asks for it only
/// when the input is not canonical (only then is anything zeroed or
/// allocated): `room` on the stack, or for an input longer than the room a
/// heap buffer of [`heap_len`]. Tried in the room first, such an input
/// would be parsed up to the room's end and then again on the heap (twice
/// the time on long hostile input).
fn lazy_storage<'a>(
    room: &'a mut Option<[u8; OWNED_ROOM]>,
    heap: &'a mut Option<Vec<u8>>,
    input: &str,
    base_len: usize,
) -> impl FnOnce() -> SliceStorage<'a> + 'a {
    let input_len = input.len();
    move || {
        // Moving the references in (rather than reborrowing them) makes
        // this a FnOnce whose result may keep the borrow.
        let (room, heap) = (room, heap);
        if input_len > OWNED_ROOM {
            SliceStorage::new(heap_buffer(heap, heap_len(input_len, base_len)))
        } else {
            SliceStorage::new(room.insert([0u8; OWNED_ROOM]))
        }
    }
}

/// A zeroed heap buffer of `len` bytes in `heap` (out of line: the short
/// inputs' path stays as it was without it).
#[cold]
#[inline(never)]
fn heap_buffer(heap: &mut Option<Vec<u8>>, len: usize) -> &mut [u8] {
    heap.insert(alloc::vec![0u8; len])
}

/// `CapacityError`'s documented bound for a parse: 3 × input + base + 32
/// bytes, which ASCII hosts never outgrow.
fn heap_len(input_len: usize, base_len: usize) -> usize {
    input_len
        .saturating_mul(3)
        .saturating_add(base_len)
        .saturating_add(32)
}

/// An owned parse with one allocation of exactly the right size: a
/// canonical input is copied as it is; anything else is built on the stack
/// and copied once. An input longer than `OWNED_ROOM` is built in a heap
/// buffer of `CapacityError`'s documented bound ([`heap_len`]) and copied
/// once too, and so is a URL that outgrows the room ([`on_the_heap`]).
fn parse_owned<E: url_core::encoding::QueryEncoder>(
    parser: &mut Parser<'_, url_core::validation::NoValidation, E>,
    input: &str,
    base_len: usize,
) -> Result<Url, ParseError> {
    // Most real URLs are canonical: one scan, one allocation, one copy.
    // Anything else is built in `room`, with the input scanned once.
    let (mut room, mut heap) = (None, None);
    match parser.parse_borrowed_or_into(input, lazy_storage(&mut room, &mut heap, input, base_len))
    {
        Ok(Parsed::Borrowed(url)) => exact(&url),
        Ok(Parsed::Stored(url)) => exact(&url),
        Err(ParseError::Capacity(_)) => {
            on_the_heap(input, base_len, |storage| parser.parse_into(input, storage))
        }
        Err(e) => Err(e),
    }
}

/// `parse` into a heap buffer of `CapacityError`'s bound, grown while the
/// URL does not fit (a non-ASCII host can outgrow it), then copied into a
/// String of exactly its length. Through [`SliceStorage`], the storage type
/// of the stack room, so the parser is instantiated for one storage type:
/// with a String here as well, every engine was compiled twice (a wasm32
/// module that parses and reads the host was 161,928 bytes; 117,304 with
/// one).
fn on_the_heap(
    input: &str,
    base_len: usize,
    mut parse: impl for<'a> FnMut(
        SliceStorage<'a>,
    ) -> Result<url_core::Url<SliceStorage<'a>>, ParseError>,
) -> Result<Url, ParseError> {
    let mut len = heap_len(input.len(), base_len);
    loop {
        let mut heap = alloc::vec![0u8; len];
        match parse(SliceStorage::new(&mut heap)) {
            Ok(url) => return exact(&url),
            Err(ParseError::Capacity(c)) => len = c.needed.max(len.saturating_mul(2)),
            Err(e) => return Err(e),
        }
    }
}

/// The URL in a String of exactly its length.
#[inline(never)]
fn exact<B: url_core::Buffer>(url: &url_core::Url<B>) -> Result<Url, ParseError> {
    Ok(Url::from(url.to_owned_string()))
}

/// [`parse_owned`] in strict mode: the same allocation pattern, with the
/// state machine the only engine (it is what reports validation errors).
fn parse_strict_owned(
    mut parser: StrictParser<'_>,
    input: &str,
    base_len: usize,
) -> Result<Url, ParseError> {
    let (mut room, mut heap) = (None, None);
    match parser.parse_borrowed_or_into(input, lazy_storage(&mut room, &mut heap, input, base_len))
    {
        Ok(Parsed::Borrowed(url)) => exact(&url),
        Ok(Parsed::Stored(url)) => exact(&url),
        Err(ParseError::Capacity(_)) => {
            on_the_heap(input, base_len, |storage| parser.parse_into(input, storage))
        }
        Err(e) => Err(e),
    }
}

impl Url {
    /// Parses an absolute URL strictly: as [`Url::parse`], except that an
    /// input for which the standard reports any validation error — one a
    /// browser would repair, such as `http:127.0.0.1/` or
    /// `https://example.com\@evil.com` — is rejected with
    /// [`ParseError::Strict`], naming the first error, its byte position
    /// and (through [`ParseError::component`]) the part of the URL. For
    /// security checks (SSRF filters, allow-lists, redirect targets) that
    /// must not accept what two parsers may read differently. See
    /// [`url_core::strict`] for which errors the standard itself calls
    /// failure; those stay [`ParseError::Invalid`].
    ///
    /// ```
    /// use weburl::{ParseError, Url, ValidationError};
    /// let err = Url::parse_strict("http:127.0.0.1/").unwrap_err();
    /// assert!(matches!(err, ParseError::Strict { error: ValidationError::SpecialSchemeMissingFollowingSolidus, position: 5 }));
    /// assert_eq!(Url::parse("http:127.0.0.1/")?.href(), "http://127.0.0.1/");
    /// assert_eq!(Url::parse_strict("https://example.com/a?b#c")?.hostname(), "example.com");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_strict(input: &str) -> Result<Url, ParseError> {
        parse_strict_owned(Parser::new().strict(), input, 0)
    }

    /// [`Url::parse_strict`] against `base` (which strict mode does not
    /// judge: it was parsed already).
    ///
    /// ```
    /// use weburl::{ParseError, Url};
    /// let base = Url::parse("https://example.com/a/b")?;
    /// assert_eq!(Url::parse_strict_with_base("c?d", &base)?.href(), "https://example.com/a/c?d");
    /// assert!(matches!(Url::parse_strict_with_base("\\\\evil.com", &base), Err(ParseError::Strict { .. })));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_strict_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        let parser = Parser::new().base(base.inner.as_url_ref()).strict();
        parse_strict_owned(parser, input, base.href().len())
    }

    /// Parses an absolute URL.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("HTTP://EXAMPLE.com:80/a/./b/../c?x#y")?;
    /// assert_eq!(url.href(), "http://example.com/a/c?x#y");
    /// assert!(Url::parse("/relative/without/base").is_err());
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parse_owned(&mut Parser::new(), input, 0)
    }

    /// Parses `input` relative to `base` (the URL constructor's two-argument
    /// form).
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.com/a/b?q")?;
    /// let url = Url::parse_with_base("../c#f", &base)?;
    /// assert_eq!(url.href(), "https://example.com/c#f");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        let mut parser = Parser::new().base(base.inner.as_url_ref());
        parse_owned(&mut parser, input, base.href().len())
    }

    /// Parses, collecting every validation error the standard reports, each
    /// with the byte offset into `input` it is about.
    ///
    /// The parse result is the same as [`Url::parse`] /
    /// [`Url::parse_with_base`]; validation errors do not make a URL invalid
    /// unless the result is an error (whose cause is then also in the list).
    ///
    /// ```
    /// use weburl::{Url, ValidationError};
    /// let (url, errors) = Url::parse_with_validation("https://example.org\\a", None);
    /// assert_eq!(url?.href(), "https://example.org/a");
    /// assert_eq!(errors, [(ValidationError::InvalidReverseSolidus, 19)]);
    ///
    /// let (url, errors) = Url::parse_with_validation("https://ex%41mple.org/", None);
    /// assert!(url.is_ok());
    /// assert!(errors.iter().any(|(e, _)| *e == ValidationError::DomainPercentEncoded));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn parse_with_validation(
        input: &str,
        base: Option<&Url>,
    ) -> (Result<Url, ParseError>, Vec<(ValidationError, usize)>) {
        let mut errors = Vec::new();
        let result = Parser::new()
            .with_base(base.map(|b| b.inner.as_url_ref()))
            .validation(|e: ValidationError, pos: usize| errors.push((e, pos)))
            .parse_into(input, String::new())
            .map(Url::from);
        (result, errors)
    }

    /// Whether `input` parses (against `base`, when given, which must itself
    /// parse): the URL API's `URL.canParse(url, base)`.
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::can_parse("https://example.com", None));
    /// assert!(Url::can_parse("/a", Some("https://example.com")));
    /// assert!(!Url::can_parse("/a", None));
    /// assert!(!Url::can_parse("/a", Some("not a URL")));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => can_parse_with(input, Parser::new()),
            Some(base) => Self::can_parse_against(input, base),
        }
    }

    /// [`Url::can_parse`] with a base, out of line: its stack room and
    /// retries would otherwise make every call without a base set up their
    /// frame (a sixth of the instructions of a `can_parse` on a corpus).
    #[inline(never)]
    fn can_parse_against(input: &str, base: &str) -> bool {
        // A canonical base needs no copy; anything else goes to the stack.
        if let Some(b) = url_core::Url::parse_canonical(base) {
            return can_parse_with(input, Parser::new().base(b));
        }
        let mut buf = [0u8; STACK_ROOM];
        match url_core::Url::parse_into(base, SliceStorage::new(&mut buf)) {
            Ok(b) => can_parse_with(input, Parser::new().base(b.as_url_ref())),
            // Longer than the scratch buffer (reported before any later
            // syntax error): parse it again into a String.
            Err(ParseError::Capacity(_)) => match Url::parse(base) {
                Ok(b) => can_parse_with(input, Parser::new().base(b.inner.as_url_ref())),
                Err(_) => false,
            },
            Err(_) => false,
        }
    }

    /// Parses `input` with this URL as the base.
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.com/dir/page.html")?;
    /// assert_eq!(base.join("other.html")?.href(), "https://example.com/dir/other.html");
    /// assert_eq!(base.join("//cdn.example/x")?.href(), "https://cdn.example/x");
    /// assert_eq!(base.join("?q")?.href(), "https://example.com/dir/page.html?q");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_base(input, self)
    }

    /// Parses `input` (against `base`, when given) as a document in
    /// `encoding` would (HTML's "encoding-parse a URL"): the query of a
    /// special URL other than `ws:`/`wss:` is encoded in `encoding`'s output
    /// encoding before percent-encoding, and code points it cannot represent
    /// become `%26%23NNNN%3B`. Everything else is as [`Url::parse`].
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse_with_encoding("https://example.com/?\u{e9}\u{2020}#\u{e9}", None, encoding_rs::WINDOWS_1252)?;
    /// assert_eq!(url.search(), "?%E9%86");
    /// assert_eq!(url.hash(), "#%C3%A9"); // the fragment is always UTF-8
    /// let url = Url::parse_with_encoding("https://example.com/?\u{2020}", None, encoding_rs::BIG5)?;
    /// assert_eq!(url.search(), "?%26%238224%3B");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn parse_with_encoding(
        input: &str,
        base: Option<&Url>,
        encoding: &'static encoding_rs::Encoding,
    ) -> Result<Url, ParseError> {
        let mut parser = Parser::new()
            .with_base(base.map(|b| b.inner.as_url_ref()))
            .encoding(crate::encoding::EncodingRsEncoder::new(encoding));
        parse_owned(&mut parser, input, base.map_or(0, |b| b.href().len()))
    }
}

/// `Url::can_parse` with the base already parsed: the fast path's one scan
/// for a common input (which parses the same against any base), else the
/// state machine up to the path, writing scheme, credentials and host into a
/// stack room, and only into a String when they do not fit.
#[inline(always)]
fn can_parse_with(input: &str, mut parser: Parser<'_>) -> bool {
    match parser.can_parse(input) {
        Ok(()) => true,
        Err(ParseError::Capacity(_)) => can_parse_on_heap(input, parser),
        Err(_) => false,
    }
}

/// [`can_parse_with`] for an input whose check outgrew the stack room.
#[cold]
#[inline(never)]
fn can_parse_on_heap(input: &str, mut parser: Parser<'_>) -> bool {
    parser.can_parse_in(input, String::new).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A URL that outgrows the first heap buffer gets a larger one (here
    /// the buffer starts at 32 bytes: the input given for the bound is
    /// empty).
    #[test]
    fn the_heap_buffer_grows_until_the_url_fits() {
        let long = alloc::format!("https://EXAMPLE.com/{}", "a b/".repeat(100));
        let want = alloc::format!("https://example.com/{}", "a%20b/".repeat(100));
        let mut calls = 0;
        let url = on_the_heap("", 0, |storage| {
            calls += 1;
            Parser::new().parse_into(&long, storage)
        });
        assert_eq!(url.map(|u| String::from(u.href())), Ok(want));
        assert!(calls > 1);
    }
}
