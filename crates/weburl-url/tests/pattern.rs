//! `weburl_url::Url` in URL pattern matching (feature `pattern`).
#![cfg(feature = "pattern")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use weburl::pattern::{UrlPattern, UrlPatternInit};

#[test]
fn weburl_url_urls_match_directly() {
    let init = UrlPatternInit {
        pathname: Some("/books/:id".into()),
        ..Default::default()
    };
    let pattern = UrlPattern::new(init.into(), None, Default::default()).unwrap();
    let url = weburl_url::Url::parse("https://example.com/books/12").unwrap();
    assert!(pattern.test_url(&url));
    assert_eq!(
        pattern.exec_url(&url).unwrap().pathname.groups.get("id"),
        Some(Some("12"))
    );
}
