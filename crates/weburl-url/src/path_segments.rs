//! `PathSegmentsMut`: editing a URL's path segment by segment.

use crate::parts::Parts;
use crate::url::Url;
use alloc::string::String;
use weburl::url_core::percent_encode::EncodeSet;

impl Url {
    /// Edits the path segment by segment; `Err(())` when the path is opaque.
    /// The URL is updated when the returned value is dropped.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://github.com/?q")?;
    /// url.path_segments_mut().unwrap().extend(&["servo", "rust-url", "a b/c"]);
    /// assert_eq!(url.as_str(), "https://github.com/servo/rust-url/a%20b%2Fc?q");
    /// assert!(Url::parse("mailto:x@y")?.path_segments_mut().is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let path = String::from(self.path());
        let special = self.is_special();
        Ok(PathSegmentsMut {
            url: self,
            path,
            special,
        })
    }
}

/// Edits a URL's path segment by segment, from [`Url::path_segments_mut`].
///
/// The segments are kept here while they are edited and written to the URL
/// (and parsed, as a path) when this is dropped.
///
/// ```
/// use weburl_url::Url;
/// let mut url = Url::parse("https://github.com/servo/rust-url/")?;
/// url.path_segments_mut().unwrap().pop_if_empty().push("pulls");
/// assert_eq!(url.as_str(), "https://github.com/servo/rust-url/pulls");
/// url.path_segments_mut().unwrap().clear().push("logout");
/// assert_eq!(url.as_str(), "https://github.com/logout");
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The path as serialized: empty, or `/` and the segments.
    path: String,
    special: bool,
}

impl PathSegmentsMut<'_> {
    /// Removes every segment, leaving the path `/` (or empty, when it was
    /// empty).
    pub fn clear(&mut self) -> &mut Self {
        self.path.truncate(1);
        self
    }

    /// Removes the last segment if it is empty (a trailing `/`), unless it
    /// is the only one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.path.pop();
        }
        self
    }

    /// Removes the last segment; with only one, leaves the path `/`.
    pub fn pop(&mut self) -> &mut Self {
        if self.path.len() > 1 {
            let last_slash = self.path[1..].rfind('/').map_or(0, |i| i + 1);
            self.path.truncate(last_slash.max(1));
        }
        self
    }

    /// Appends one segment; see [`PathSegmentsMut::extend`].
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends segments, each percent-encoded as the path parser would,
    /// and also `%` and `/` (and `\` for special URLs), so that each stays
    /// exactly one segment. A `/` goes between the existing path and the
    /// first new segment unless the path is `/` (a trailing slash therefore
    /// gives an empty segment; see [`PathSegmentsMut::pop_if_empty`]).
    /// Segments `.` and `..` are skipped, since parsing would resolve them.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://github.com/servo")?;
    /// url.path_segments_mut().unwrap().extend(&["..", "rust-url", ".", "100%"]);
    /// assert_eq!(url.as_str(), "https://github.com/servo/rust-url/100%25");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for segment in segments {
            let segment = segment.as_ref();
            if matches!(segment, "." | "..") {
                continue;
            }
            if self.path.len() != 1 {
                self.path.push('/');
            }
            push_segment(&mut self.path, segment, self.special);
        }
        self
    }
}

/// Appends `segment` percent-encoded with the path percent-encode set plus
/// `%`, `/` and, for special URLs, `\`. Tabs and newlines are dropped, as
/// the URL parser drops them.
fn push_segment(out: &mut String, segment: &str, special: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut utf8 = [0u8; 4];
    for c in segment.chars() {
        if matches!(c, '\t' | '\n' | '\r') {
            continue;
        }
        if c.is_ascii()
            && !EncodeSet::PATH.contains(c as u8)
            && c != '%'
            && c != '/'
            && !(special && c == '\\')
        {
            out.push(c);
            continue;
        }
        for &b in c.encode_utf8(&mut utf8).as_bytes() {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xF)]));
        }
    }
}

/// Writes the edited path into the URL.
impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        let p = Parts::of(&self.url.inner);
        let s = self.url.as_str();
        let authority_end = p.index(crate::Position::AfterPort);
        let mut next = String::with_capacity(s.len() + self.path.len());
        next.push_str(&s[..authority_end]);
        if !p.has_authority && self.path.starts_with("//") {
            // Without a host, `//` would read as an authority.
            next.push_str("/.");
        }
        next.push_str(&self.path);
        next.push_str(&s[p.path_end()..]);
        self.url.reparse(&next);
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    #[test]
    fn segments_are_encoded_to_stay_segments() {
        let mut url = Url::parse("http://h/").unwrap();
        url.path_segments_mut()
            .unwrap()
            .extend(["a/b", "c\\d", "e?f#g", "\u{e9}^", "t\tab"]);
        assert_eq!(url.path(), "/a%2Fb/c%5Cd/e%3Ff%23g/%C3%A9%5E/tab");
        let mut url = Url::parse("sc://h").unwrap();
        url.path_segments_mut().unwrap().push("c\\d");
        assert_eq!(url.as_str(), "sc://h/c\\d");
    }

    #[test]
    fn pop_and_clear_at_the_edges() {
        let mut url = Url::parse("http://h/a/b/?q#f").unwrap();
        url.path_segments_mut().unwrap().pop().pop();
        assert_eq!(url.as_str(), "http://h/a?q#f");
        url.path_segments_mut().unwrap().pop().pop().pop_if_empty();
        assert_eq!(url.as_str(), "http://h/?q#f");
        let mut url = Url::parse("m://").unwrap();
        url.path_segments_mut()
            .unwrap()
            .pop_if_empty()
            .pop()
            .clear();
        assert_eq!(url.as_str(), "m://");
    }

    #[test]
    fn empty_first_segment_without_a_host() {
        let mut url = Url::parse("m:/.//x").unwrap();
        url.path_segments_mut().unwrap().push("y");
        assert_eq!(url.as_str(), "m:/.//x/y");
        assert_eq!(url.path(), "//x/y");
        // Only the first segment after `/` is never preceded by another `/`.
        let mut url = Url::parse("m:/x").unwrap();
        url.path_segments_mut().unwrap().clear().extend(["", "y"]);
        assert_eq!(url.as_str(), "m:/y");
    }
}
