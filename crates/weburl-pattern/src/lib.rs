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
//! # Matching in linear time
//!
//! The standard defines matching with an ECMAScript regular expression per
//! component. Here every component is matched by one small backtracking
//! program with a visited set (each instruction and input position is
//! explored once), so matching takes time linear in the input for every
//! pattern the constructor accepts — a hostile URL cannot make a router
//! backtrack exponentially, as a browser's engine would on
//! `/:x([a-z]*[a-z]*[a-z]*)0`.
//!
//! - A component without a regexp group — fixed text, `:name` segments,
//!   `*` wildcards, `{…}` groups, the `?`, `*`, `+` modifiers; most real
//!   routes — is compiled from its part list, without any regular
//!   expression ([`Component::is_regex_free`]). This needs no feature.
//! - A component with regexp groups such as `:id(\d+)` (feature `regex`,
//!   default) has its generated expression parsed as RegExpCreate does
//!   with the `v` flag (`vi` with `ignoreCase`) — every early error, so the
//!   constructor throws where the standard does — and compiled to the same
//!   kind of program, keeping ECMAScript's match and captures exactly
//!   (alternative order, greedy and lazy quantifiers, the empty check of
//!   quantified groups, groups reset per iteration, simple case folding,
//!   `\p{…}` from Unicode 16 tables). Three features of the syntax are
//!   refused at construction with [`ErrorKind::RegexUnsupported`] rather
//!   than matched in more than linear time: back-references, lookaround,
//!   and the properties of strings (`\p{RGI_Emoji}`). No WPT case uses
//!   them. Without the feature, a pattern with a regexp group is
//!   [`ErrorKind::RegexUnavailable`]: a route table for firmware or WASM
//!   without the parser and Unicode tables linked.
//!
//! # Many routes: [`UrlPatternList`]
//!
//! A router's table, matched in insertion order as the standard's match
//! defines, but through a trie of the routes' pathname segments so that
//! only the routes that can match are tried; [`UrlPatternList::exec_url`]
//! borrows its groups from the URL. [`UrlPattern::compare_component`]
//! orders routes most specific first and [`UrlPattern::generate`] builds a
//! component from group values (the WPT-tested `compareComponent` and
//! `generate()`). Any URL type of the project matches directly
//! ([`AsUrlRecord`]).
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
//! pattern has no regexp group pass. `urlpattern-compare-test-data.json`
//! (25) and `urlpattern-generate-test-data.json` (19) pass too
//! (`tests/wpt_compare_generate.rs`).
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
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

/// The crate README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
