//! `query_pairs_mut` and its `UrlQuery` target.

use crate::url::Url;
use alloc::string::String;
use form_urlencoded::{Serializer, Target};

impl Url {
    /// Edits the query as `application/x-www-form-urlencoded` pairs. The URL
    /// gets a query at once (`?` when there was none), and the pairs are
    /// written to it when the serializer finishes or is dropped.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://example.net?lang=fr#nav")?;
    /// url.query_pairs_mut().append_pair("foo", "bar & baz");
    /// assert_eq!(url.as_str(), "https://example.net/?lang=fr&foo=bar+%26+baz#nav");
    /// url.query_pairs_mut().clear().append_pair("saisons", "\u{c9}t\u{e9}+hiver");
    /// assert_eq!(url.query(), Some("saisons=%C3%89t%C3%A9%2Bhiver"));
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> Serializer<'_, UrlQuery<'_>> {
        let query = String::from(self.query().unwrap_or(""));
        Serializer::new(UrlQuery {
            url: Some(self),
            query,
        })
    }
}

/// The target of [`Url::query_pairs_mut`]'s serializer: the query being
/// built, written to the URL when finished or dropped.
#[derive(Debug)]
pub struct UrlQuery<'a> {
    /// `None` once the query has been written.
    url: Option<&'a mut Url>,
    query: String,
}

impl<'a> Target for UrlQuery<'a> {
    fn as_mut_string(&mut self) -> &mut String {
        &mut self.query
    }

    fn finish(mut self) -> &'a mut Url {
        let url = self.url.take();
        let query = core::mem::take(&mut self.query);
        match url {
            Some(url) => {
                url.set_query(Some(&query));
                url
            }
            // `url` is only taken here or in `drop`, and `finish` consumes
            // `self`, so it is still there.
            None => unreachable!("UrlQuery finished twice"),
        }
    }

    type Finished = &'a mut Url;
}

/// Writes the query to the URL if the serializer was not finished.
impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        if let Some(url) = self.url.take() {
            url.set_query(Some(&self.query));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    #[test]
    fn an_untouched_serializer_leaves_an_empty_query() {
        let mut url = Url::parse("http://h/#f").unwrap();
        drop(url.query_pairs_mut());
        assert_eq!(url.as_str(), "http://h/?#f");
    }

    #[test]
    fn finish_returns_the_url() {
        let mut url = Url::parse("http://h/??x").unwrap();
        let url = url.query_pairs_mut().append_key_only("k").finish();
        assert_eq!(url.as_str(), "http://h/??x&k");
    }
}
