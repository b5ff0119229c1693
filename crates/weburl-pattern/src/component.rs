//! Components (urlpattern.bs §1.3 "The URL pattern struct", §1.5
//! "Internals"): compiling a pattern string, and matching one component of
//! a URL.

use crate::canonicalize::EncodingCallback;
use crate::error::Error;
use crate::matcher::Program;
use crate::parser::{parse_a_pattern_string, Options, Part, PartType};
use crate::pattern_string::generate_a_pattern_string;
use crate::regexp::generate_a_regular_expression_and_name_list;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// One compiled component of a URL pattern.
#[derive(Clone, Debug)]
pub struct Component {
    pattern_string: String,
    regular_expression: String,
    group_name_list: Vec<String>,
    has_regexp_groups: bool,
    ignore_case: bool,
    matcher: Matcher,
    part_list: Vec<Part>,
    encoding_callback: EncodingCallback,
    delimiter: Option<char>,
}

/// How a component matches.
#[derive(Clone, Debug)]
enum Matcher {
    /// No regexp parts: the program compiled from the part list.
    Program(Program),
    /// Regexp parts: the program compiled from the generated regular
    /// expression.
    #[cfg(feature = "regex")]
    Regex(Program),
}

/// Capture ranges of a component match (byte ranges of the input): one per
/// group, `None` for a group that took no part in the match.
pub type Captures = Vec<Option<Range<usize>>>;

/// "compile a component".
///
/// The regular expression is built for every component (it is the
/// standard's definition of matching, and [`Component::regular_expression`]
/// shows it), but it is parsed and compiled only when the part list has a
/// regexp part; any other component is compiled from its part list (the
/// standard's note on compiling a component allows matching the part list
/// directly). Both run on the same linear-time matcher.
pub fn compile_a_component(
    input: &str,
    encoding_callback: EncodingCallback,
    options: &Options,
) -> Result<Component, Error> {
    let part_list = parse_a_pattern_string(input, options, |s| encoding_callback.run(s))?;
    let (regular_expression, name_list) =
        generate_a_regular_expression_and_name_list(&part_list, options);
    let has_regexp_groups = part_list.iter().any(|p| p.ty == PartType::Regexp);
    let matcher = match Program::compile(&part_list, options) {
        Some(program) => Matcher::Program(program),
        None => regex_matcher(&regular_expression, options.ignore_case)?,
    };
    let pattern_string = generate_a_pattern_string(&part_list, options);
    Ok(Component {
        pattern_string,
        regular_expression,
        group_name_list: name_list,
        has_regexp_groups,
        ignore_case: options.ignore_case,
        matcher,
        part_list,
        encoding_callback,
        delimiter: options.delimiter_code_point,
    })
}

/// RegExpCreate(regular expression, "v" or "vi"), compiled for the
/// matcher.
#[cfg(feature = "regex")]
fn regex_matcher(regular_expression: &str, ignore_case: bool) -> Result<Matcher, Error> {
    let regexp = crate::ecmascript::parse(regular_expression, ignore_case)?;
    Program::compile_regexp(&regexp).map(Matcher::Regex)
}

#[cfg(not(feature = "regex"))]
fn regex_matcher(_regular_expression: &str, _ignore_case: bool) -> Result<Matcher, Error> {
    Err(Error::new(crate::error::ErrorKind::RegexUnavailable))
}

impl Component {
    /// The normalized pattern string (the `URLPattern` getters' value).
    pub fn pattern_string(&self) -> &str {
        &self.pattern_string
    }

    /// The generated ECMAScript regular expression (flags `v`, or `vi` with
    /// [`Component::ignore_case`]).
    pub fn regular_expression(&self) -> &str {
        &self.regular_expression
    }

    /// The part list the pattern string parsed to.
    pub fn part_list(&self) -> &[Part] {
        &self.part_list
    }

    /// The encoding callback the component was compiled with.
    pub fn encoding_callback(&self) -> EncodingCallback {
        self.encoding_callback
    }

    /// The options' delimiter code point (`/` for pathnames of special
    /// URLs, `.` for hostnames).
    pub fn delimiter_code_point(&self) -> Option<char> {
        self.delimiter
    }

    /// Whether matching ignores case.
    pub fn ignore_case(&self) -> bool {
        self.ignore_case
    }

    /// The group names, in capture order.
    pub fn group_name_list(&self) -> &[String] {
        &self.group_name_list
    }

    /// Whether the pattern has a regexp group.
    pub fn has_regexp_groups(&self) -> bool {
        self.has_regexp_groups
    }

    /// Whether this component is matched by the program compiled from its
    /// part list, without parsing a regular expression (no regexp group).
    pub fn is_regex_free(&self) -> bool {
        matches!(self.matcher, Matcher::Program(_))
    }

    /// Whether the component matches the whole of `input`, in time linear
    /// in its length. Allocates nothing unless the match backtracks
    /// through more alternatives than fit in place.
    pub fn test(&self, input: &str) -> bool {
        self.program().exec(input, &mut [])
    }

    /// How many matcher instructions [`Component::test`] runs on `input`:
    /// a load-independent measure of matching work, for tests that check
    /// it grows linearly with the input. Not a stable interface.
    #[doc(hidden)]
    pub fn match_steps(&self, input: &str) -> usize {
        self.program().steps(input)
    }

    /// The capture slots [`Component::exec_slots`] needs: two per group
    /// of the program (groups inside regexp groups included).
    pub(crate) fn slot_count(&self) -> usize {
        self.program().groups() * 2
    }

    /// Matches `input`, filling `slots` (start and end of each group, in
    /// byte positions; [`Component::slot_count`] of them).
    pub(crate) fn exec_slots(&self, input: &str, slots: &mut [Option<usize>]) -> bool {
        self.program().exec(input, slots)
    }

    fn program(&self) -> &Program {
        match &self.matcher {
            Matcher::Program(program) => program,
            #[cfg(feature = "regex")]
            Matcher::Regex(program) => program,
        }
    }

    /// Whether the pattern is `*` alone, which matches every component of
    /// every URL record (none has a line terminator): a parsed URL need not
    /// be checked against it.
    pub(crate) fn matches_every_url_component(&self) -> bool {
        matches!(&self.matcher, Matcher::Program(p) if p.is_full_wildcard())
    }

    /// RegExpBuiltinExec: matches `input`, filling `captures` (one per
    /// group name) on success.
    pub(crate) fn exec(&self, input: &str, captures: &mut Captures) -> bool {
        captures.clear();
        match &self.matcher {
            // Most components of most patterns: no slots, no program.
            Matcher::Program(program) if program.is_full_wildcard() => {
                match Program::exec_full_wildcard(input) {
                    Some(all) => captures.push(Some(all)),
                    None => return false,
                }
                true
            }
            _ => {
                let program = self.program();
                // Slots in place for up to eight groups (routes have a few).
                let n = program.groups() * 2;
                let (mut inline, mut heap) = ([None; 16], Vec::new());
                let slots = match inline.get_mut(..n) {
                    Some(slots) => slots,
                    None => {
                        heap.resize(n, None);
                        &mut heap[..]
                    }
                };
                if !program.exec(input, slots) {
                    return false;
                }
                // Groups inside a regexp group ((?<x>…)) are numbered
                // too; the result has the first, one per group name.
                let named = slots.chunks(2).take(self.group_name_list.len());
                captures.extend(named.map(|pair| match pair {
                    [Some(start), Some(end)] => Some(*start..*end),
                    _ => None,
                }));
                true
            }
        }
    }

    /// [RegExpBuiltinExec] on `input`: one capture range per group name
    /// (`None` for a group that took no part), or `None` without a match.
    ///
    /// [RegExpBuiltinExec]: https://tc39.es/ecma262/#sec-regexpbuiltinexec
    pub fn captures(&self, input: &str) -> Option<Captures> {
        let mut captures = Vec::new();
        self.exec(input, &mut captures).then_some(captures)
    }

    /// "protocol component matches a special scheme".
    pub fn matches_a_special_scheme(&self) -> bool {
        ["ftp", "file", "http", "https", "ws", "wss"]
            .into_iter()
            .any(|scheme| self.test(scheme))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regex_free_components() {
        let c = compile_a_component("/books/:id", EncodingCallback::Pathname, &Options::PATHNAME)
            .unwrap();
        assert!(c.is_regex_free());
        assert_eq!(c.group_name_list(), ["id"]);
        let mut caps = Vec::new();
        assert!(c.exec("/books/12", &mut caps));
        assert_eq!(caps, [Some(7..9)]);
        assert!(!c.test("/books/12/x"));
    }

    #[test]
    fn special_scheme() {
        let c =
            compile_a_component("http{s}?", EncodingCallback::Protocol, &Options::DEFAULT).unwrap();
        assert!(c.matches_a_special_scheme());
        let c = compile_a_component("data", EncodingCallback::Protocol, &Options::DEFAULT).unwrap();
        assert!(!c.matches_a_special_scheme());
    }

    #[cfg(not(feature = "regex"))]
    #[test]
    fn regexp_groups_need_the_feature() {
        let e =
            compile_a_component("(\\d+)", EncodingCallback::Port, &Options::DEFAULT).unwrap_err();
        assert_eq!(e.kind(), &crate::error::ErrorKind::RegexUnavailable);
    }
}
