//! The URL types the matching methods take: any of the project's URL
//! records ([`AsUrlRecord`]).

use url_core::{Buffer, Url};

/// A parsed URL record that [`crate::UrlPattern::test_url`],
/// [`crate::UrlPattern::exec_url`] and [`crate::UrlPatternList`] can match
/// without parsing it again: `url_core::Url<S>` here, `weburl::Url` in the
/// weburl crate (feature `pattern`) and `weburl_url::Url` in weburl-url
/// (feature `pattern`).
pub trait AsUrlRecord {
    /// The record's storage.
    type Storage: Buffer;

    /// The url-core record.
    fn as_url_record(&self) -> &Url<Self::Storage>;
}

impl<S: Buffer> AsUrlRecord for Url<S> {
    type Storage = S;

    fn as_url_record(&self) -> &Url<S> {
        self
    }
}

impl<T: AsUrlRecord + ?Sized> AsUrlRecord for &T {
    type Storage = T::Storage;

    fn as_url_record(&self) -> &Url<T::Storage> {
        (**self).as_url_record()
    }
}
