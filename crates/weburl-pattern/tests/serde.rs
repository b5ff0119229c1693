//! `UrlPatternInit` and `UrlPatternOptions` as JSON (feature `serde`): the
//! JavaScript dictionaries' member names, round-tripped.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};

#[test]
fn init_and_options_round_trip() {
    let json = r#"{"pathname":"/books/:id","baseURL":"https://example.com"}"#;
    let init: UrlPatternInit = serde_json::from_str(json).unwrap();
    assert_eq!(init.pathname.as_deref(), Some("/books/:id"));
    assert_eq!(init.base_url.as_deref(), Some("https://example.com"));
    assert_eq!(init.protocol, None);
    assert_eq!(serde_json::to_string(&init).unwrap(), json);
    let options: UrlPatternOptions = serde_json::from_str(r#"{"ignoreCase":true}"#).unwrap();
    assert!(options.ignore_case);
    assert_eq!(
        serde_json::to_string(&options).unwrap(),
        r#"{"ignoreCase":true}"#
    );
    let back: UrlPatternOptions =
        serde_json::from_str(&serde_json::to_string(&options).unwrap()).unwrap();
    assert_eq!(back, options);
    assert!(serde_json::from_str::<UrlPatternInit>(r#"{"path":"/"}"#).is_err());
    let pattern = UrlPattern::new(init.into(), None, options).unwrap();
    assert!(pattern
        .test(&"https://example.com/BOOKS/1".into(), None)
        .unwrap());
}
