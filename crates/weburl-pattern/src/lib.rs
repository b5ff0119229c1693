//! The [WHATWG URL Pattern Standard](https://urlpattern.spec.whatwg.org/)
//! (`urlpattern.bs`, 2026-03) on weburl's `url-core`: `#![no_std]` with
//! `alloc`.
//!
//! ```
//! use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
//!
//! // From a constructor string …
//! let books = UrlPattern::new("https://example.com/books/:id".into(), None, UrlPatternOptions::default())?;
//! assert!(books.test(&"https://example.com/books/12".into(), None)?);
//! assert!(!books.test(&"https://example.com:8443/books/12".into(), None)?); // the default port only
//!
//! // … or from a URLPatternInit; components left out match anything.
//! let init = UrlPatternInit { pathname: Some("/api/:version/*".into()), ..Default::default() };
//! let api = UrlPattern::new(init.into(), None, UrlPatternOptions::default())?;
//! let result = api.exec(&"http://localhost:8080/api/v2/users/7".into(), None)?.unwrap();
//! assert_eq!(result.pathname.group("version"), Some(Some("v2")));
//! assert_eq!(result.pathname.group("0"), Some(Some("users/7")));
//! assert_eq!(api.hostname(), "*");
//! # Ok::<(), weburl_pattern::Error>(())
//! ```
//!
//! # Matching without a regex engine
//!
//! The standard defines matching with an ECMAScript regular expression per
//! component. A component whose pattern has no regexp group — fixed text,
//! `:name` segments, `*` wildcards, `{…}` groups, the `?`, `*`, `+`
//! modifiers; most real routes — is matched here by a small backtracking
//! matcher that follows that expression's semantics exactly (same match,
//! same captures, an undefined group as `None`), in time linear in pattern
//! size × input length, and never builds a regex
//! ([`Component::is_regex_free`]). Only patterns with regexp groups such as
//! `:id(\d+)` need an engine: the `regex` feature (default) compiles them
//! with [regress](https://docs.rs/regress) in `v` mode (`vi` with
//! `ignoreCase`), with the syntax checks `v` mode requires. Without the
//! feature such a pattern is [`ErrorKind::RegexUnavailable`] at
//! construction, and everything else works the same — a route table for
//! firmware or WASM without a regex engine linked.
//!
//! # Canonicalization
//!
//! The standard's encoding callbacks ("canonicalize a hostname", "… a
//! pathname" …) run url-core's parser and URL API setters on the dummy URL
//! the standard describes; there is no second URL implementation.
//!
//! # The standard's algorithms
//!
//! Each is public under its name in the standard: [`tokenize`],
//! [`parse_a_pattern_string`], [`generate_a_regular_expression_and_name_list`],
//! [`generate_a_pattern_string`], [`parse_a_constructor_string`],
//! [`process_a_urlpattern_init`], [`compile_a_component`] and the
//! [`EncodingCallback`]s. Modules follow the standard's sections.
//!
//! Conformance: WPT `urlpatterntestdata.json` (369 cases), all passing
//! (`tests/wpt.rs`); without the `regex` feature, all 344 cases whose
//! pattern has no regexp group pass.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod canonicalize;
mod compare_generate;
mod component;
mod constructor_string;
#[cfg(feature = "regex")]
mod ecmascript;
mod error;
mod init;
mod matcher;
mod parser;
mod pattern_string;
mod regexp;
mod router;
mod tokenizer;
mod url_pattern;
mod url_record;

pub use canonicalize::EncodingCallback;
pub use compare_generate::{compare_part_lists, generate};
pub use component::{compile_a_component, Captures, Component};
pub use constructor_string::parse_a_constructor_string;
pub use error::{ComponentName, Error, ErrorKind, GenerateError, RegexFeature};
pub use init::{process_a_urlpattern_init, InitType, UrlPatternInit};
pub use parser::{escape_regexp_string, parse_a_pattern_string, Modifier, Options, Part, PartType};
pub use pattern_string::{escape_a_pattern_string, generate_a_pattern_string};
pub use regexp::generate_a_regular_expression_and_name_list;
pub use router::{RouteMatch, UrlPatternList};
pub use tokenizer::{tokenize, Token, TokenType, TokenizePolicy};
pub use url_pattern::{
    Groups, UrlPattern, UrlPatternComponentResult, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};
pub use url_record::AsUrlRecord;
