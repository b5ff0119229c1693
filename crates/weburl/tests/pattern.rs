//! `weburl::Url` in URL pattern matching (feature `pattern`): matched as
//! the url-core record it holds, without `.as_url_core()`.
#![cfg(feature = "pattern")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use weburl::pattern::{ComponentName, UrlPattern, UrlPatternInit, UrlPatternList};

#[test]
fn weburl_urls_match_directly() {
    let init = UrlPatternInit {
        pathname: Some("/books/:id".into()),
        ..Default::default()
    };
    let pattern = UrlPattern::new(init.into(), None, Default::default()).unwrap();
    let url = weburl::Url::parse("https://example.com/books/12").unwrap();
    assert!(pattern.test_url(&url));
    let r = pattern.exec_url(&url).unwrap();
    assert_eq!(r.pathname.groups.get("id"), Some(Some("12")));
    let mut list = UrlPatternList::new();
    list.push(pattern, ());
    let found = list.exec_url(&url).unwrap();
    assert_eq!(found.group(ComponentName::Pathname, "id"), Some(Some("12")));
    assert!(list
        .find_url(&weburl::Url::parse("https://example.com/x").unwrap())
        .is_none());
}
