//! ECMAScript regular expressions with the `v` flag, as RegExpCreate reads
//! the generated regular expression of a component with regexp groups:
//! parsing with every early error ([`parse`](mod@parse)), and the code point sets of
//! classes, escapes and `\p{…}` properties, folded for `i`. The matcher
//! compiles the result ([`crate::matcher`]).

mod ast;
mod class;
mod parse;
mod property;
mod set;

pub(crate) use ast::{Assertion, Node, Regexp, Repeat};
pub(crate) use parse::parse;
