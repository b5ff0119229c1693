//! Regexp groups: the generated expression, compiled by an ECMAScript
//! engine (regress) with the `v` flag.
//!
//! The standard creates the expression with RegExpCreate, which throws on
//! any syntax error; the engine must be as strict as ECMAScript's `v` mode.
//! regress is, with two arrangements: its Unicode-mode escape rules need
//! the `u` flag alongside `v` (see [`EcmaRegex::new`]), and one static
//! semantics rule of `v` mode it does not check is checked here: a negated
//! class must not contain strings ([`check_negated_classes`]).

use crate::component::Captures;
use crate::error::{Error, ErrorKind};

/// A compiled ECMAScript regular expression (flags `v` or `vi`).
#[derive(Clone, Debug)]
pub(crate) struct EcmaRegex(regress::Regex);

impl EcmaRegex {
    /// RegExpCreate(source, "v" or "vi").
    pub(crate) fn new(source: &str, ignore_case: bool) -> Result<EcmaRegex, Error> {
        // regress parses `v`-flag syntax with `unicode_sets`, but applies
        // the Unicode-mode restrictions (no identity escapes like `\m` or
        // `\H`, no lone `{`, `}`, `]`, no `\2` without a second group, no
        // incomplete `\x`/`\u`/`\c` escapes, no quantified lookarounds …)
        // only with `unicode` set as well. ECMAScript's `v` mode has them
        // all, so both flags are set; `v`-mode class syntax stays on.
        let flags = regress::Flags {
            icase: ignore_case,
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        let regex =
            regress::Regex::with_flags(source, flags).map_err(|_| Error::new(ErrorKind::Regex))?;
        check_negated_classes(source)?;
        Ok(EcmaRegex(regex))
    }

    /// RegExpBuiltinExec on the whole input (the expression is anchored
    /// with `^…$`): the first `groups` captures.
    pub(crate) fn exec(&self, input: &str, groups: usize, captures: &mut Captures) -> bool {
        let Some(m) = self.0.find(input) else {
            return false;
        };
        captures.extend((1..=groups).map(|i| m.group(i)));
        true
    }
}

/// The binary properties of strings that `\p{…}` accepts in `v` mode.
const PROPERTIES_OF_STRINGS: [&str; 7] = [
    "Basic_Emoji",
    "Emoji_Keycap_Sequence",
    "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence",
    "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence",
    "RGI_Emoji",
];

/// How a class's operands combine.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClassOp {
    Union,
    Intersection,
    Subtraction,
}

/// An open character class while scanning.
struct Class {
    negated: bool,
    op: ClassOp,
    /// MayContainStrings of the first operand, of any operand, of all.
    first: Option<bool>,
    any: bool,
    all: bool,
}

impl Class {
    fn operand(&mut self, may_contain_strings: bool) {
        self.first.get_or_insert(may_contain_strings);
        self.any |= may_contain_strings;
        self.all &= may_contain_strings;
    }

    /// MayContainStrings of the class's contents (ECMAScript's static
    /// semantics: a union if any operand may, an intersection if all do, a
    /// subtraction if its first operand does).
    fn may_contain_strings(&self) -> bool {
        match self.op {
            ClassOp::Union => self.any,
            ClassOp::Intersection => self.all,
            ClassOp::Subtraction => self.first.unwrap_or(false),
        }
    }
}

/// ECMAScript's early error for `v` mode that regress does not raise: "It is
/// a Syntax Error if MayContainStrings of the ClassContents is true" for a
/// negated class `[^…]`, where `\q{…}` with an alternative that is not one
/// code point, or a property of strings, may contain strings. Runs on a
/// source regress already accepted (so otherwise well formed; the pattern
/// tokenizer makes it ASCII).
fn check_negated_classes(source: &str) -> Result<(), Error> {
    let bytes = source.as_bytes();
    let mut classes: alloc::vec::Vec<Class> = alloc::vec::Vec::new();
    let mut i = 0;
    let at = |i: usize| bytes.get(i).copied();
    while let Some(b) = at(i) {
        i += 1;
        if b == b'[' {
            let negated = at(i) == Some(b'^');
            if negated {
                i += 1;
            }
            classes.push(Class {
                negated,
                op: ClassOp::Union,
                first: None,
                any: false,
                all: true,
            });
            continue;
        }
        let Some(class) = classes.last_mut() else {
            // Outside classes only escapes matter: skip the escaped byte.
            if b == b'\\' {
                i += 1;
            }
            continue;
        };
        match b {
            b']' => {
                let class = classes.pop();
                let strings = class.as_ref().is_some_and(Class::may_contain_strings);
                if class.is_some_and(|c| c.negated) {
                    if strings {
                        return Err(Error::new(ErrorKind::Regex));
                    }
                    if let Some(parent) = classes.last_mut() {
                        parent.operand(false);
                    }
                } else if let Some(parent) = classes.last_mut() {
                    parent.operand(strings);
                }
            }
            b'&' if at(i) == Some(b'&') => {
                i += 1;
                class.op = ClassOp::Intersection;
            }
            b'-' if at(i) == Some(b'-') => {
                i += 1;
                class.op = ClassOp::Subtraction;
            }
            b'\\' => {
                let escaped = at(i);
                i += 1;
                let strings = match escaped {
                    Some(b'q') if at(i) == Some(b'{') => {
                        let (end, strings) = class_string_disjunction(bytes, i + 1);
                        i = end;
                        strings
                    }
                    Some(b'p') if at(i) == Some(b'{') => {
                        let end = bytes
                            .get(i..)
                            .and_then(|rest| rest.iter().position(|&c| c == b'}'))
                            .map_or(bytes.len(), |p| i + p + 1);
                        let name = source.get(i + 1..end.saturating_sub(1)).unwrap_or_default();
                        i = end;
                        PROPERTIES_OF_STRINGS.contains(&name)
                    }
                    _ => false,
                };
                class.operand(strings);
            }
            _ => class.operand(false),
        }
    }
    Ok(())
}

/// Scans `\q{…}` from just after its `{`: the position after the closing
/// `}`, and whether an alternative is not exactly one code point (an escape
/// counts as one).
fn class_string_disjunction(bytes: &[u8], mut i: usize) -> (usize, bool) {
    let mut length = 0usize;
    let mut strings = false;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'}' => break,
            b'|' => {
                strings |= length != 1;
                length = 0;
            }
            b'\\' => {
                // One code point: \u{…} runs to its "}", \uXXXX, \xXX, \cX
                // and the rest are fixed lengths; counting the escape as one
                // is what matters, so skip to its end.
                match bytes.get(i) {
                    Some(b'u') if bytes.get(i + 1) == Some(&b'{') => {
                        while let Some(&c) = bytes.get(i) {
                            i += 1;
                            if c == b'}' {
                                break;
                            }
                        }
                    }
                    Some(b'u') => i += 5,
                    Some(b'x') => i += 3,
                    Some(b'c') => i += 2,
                    _ => i += 1,
                }
                length += 1;
            }
            _ => length += 1,
        }
    }
    strings |= length != 1;
    (i, strings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(source: &str) -> bool {
        EcmaRegex::new(source, false).is_ok()
    }

    // ECMAScript v-mode syntax (ECMA-262 §22.2.1 and its early errors).
    #[test]
    fn unicode_mode_escapes() {
        assert!(!ok("^(\\m)$"));
        assert!(!ok("^(\\H)$"));
        assert!(ok("^(\\d+)$"));
        assert!(!ok("^(a)\\2$"));
        assert!(!ok("^{$"));
        assert!(!ok("^[(]$"));
        assert!(ok("^[\\(]$"));
    }

    #[test]
    fn negated_classes_contain_no_strings() {
        assert!(!ok("^[^\\q{ab}]$"));
        assert!(!ok("^[^\\q{a|bc}]$"));
        assert!(!ok("^[^\\q{}]$"));
        assert!(!ok("^[^[\\q{ab}]]$"));
        assert!(!ok("^[^[\\q{ab}]--a]$"));
        assert!(ok("^[^\\q{a|\\u0062}]$"));
        assert!(ok("^[^[\\q{ab}]&&a]$"));
        assert!(ok("^[\\q{ab}]$"));
        assert!(ok("^[^a-z]$"));
        assert!(!ok("^[^\\p{RGI_Emoji}]$"));
        assert!(ok("^[\\p{RGI_Emoji}]$"));
    }
}
