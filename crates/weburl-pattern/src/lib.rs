//! The WHATWG URL Pattern Standard.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod canonicalize;
mod component;
mod constructor_string;
mod error;
mod init;
mod matcher;
mod parser;
mod pattern_string;
#[cfg(feature = "regex")]
mod regex;
mod regexp;
mod tokenizer;
mod url_pattern;

pub use canonicalize::EncodingCallback;
#[cfg(feature = "regex")]
pub use component::ComponentRegex;
pub use component::{compile_a_component, Captures, Component};
pub use constructor_string::parse_a_constructor_string;
pub use error::{ComponentName, Error, ErrorKind};
pub use init::{process_a_urlpattern_init, InitType, UrlPatternInit};
pub use parser::{parse_a_pattern_string, Modifier, Options, Part, PartType};
pub use pattern_string::{escape_a_pattern_string, generate_a_pattern_string};
pub use regexp::{escape_regexp_string, generate_a_regular_expression_and_name_list};
pub use tokenizer::{tokenize, Token, TokenType, TokenizePolicy};
pub use url_pattern::{
    UrlPattern, UrlPatternComponentResult, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};
