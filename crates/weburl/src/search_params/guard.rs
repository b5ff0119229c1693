//! A URL's `searchParams` as a guard that writes changes back.

use super::UrlSearchParams;
use crate::url::Url;
use alloc::string::String;
use core::fmt;
use core::ops::{Deref, DerefMut};

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
    }
}
