//! Regex-free matching of part lists without regexp parts.
//!
//! The standard matches a component with the ECMAScript regular expression
//! that "generate a regular expression and name list" builds (flags `v`, or
//! `vi`). For a part list without regexp parts that expression only ever
//! uses escaped fixed text, `[^<delimiter>]+?`, `.*`, groups, and the `?`,
//! `*`, `+` quantifiers in the shapes of urlpattern.bs §2.2. This module
//! compiles those shapes into a small backtracking program with the same
//! priorities as ECMAScript's backtracking semantics, so the first match it
//! finds — and so every capture — is the one the regular expression gives.
//!
//! Two ECMAScript details shape the compilation:
//!
//! - A quantified group whose iteration matched the empty string is
//!   rejected once the minimum count is reached (RepeatMatcher's empty
//!   check). Only `.*` can match empty among the atoms here, so the shapes
//!   that quantify it are rewritten to equivalent ones without that case:
//!   `(.*)?` gives the same first match as `(.+)?` (the empty iteration fails,
//!   then the group is skipped, so the capture is undefined), and
//!   `((?:.*)*)`, `((?:.*)+)` give the same as `(.*)`. Likewise
//!   `((?:[^/]+?)*)` tries its end positions from the longest down, as
//!   `([^/]*)` does, and `((?:[^/]+?)+)` as `([^/]+)`. Every loop left
//!   consumes at least one code point per iteration.
//! - Without back-references, whether the rest of the match succeeds from an
//!   instruction and position does not depend on how it was reached; so a
//!   depth-first search that skips a (split, position) pair it has already
//!   explored finds the same first match in time linear in the program size
//!   times the input length (never exponential backtracking).
//!
//! With ignore case, ECMAScript compares code points after simple case
//! folding. The fixed text here is ASCII (the encoding callbacks
//! percent-encode or punycode everything else), and the only non-ASCII code
//! points that fold to ASCII are U+017F (ſ, to `s`) and U+212A (Kelvin sign,
//! to `k`). The delimiters `/` and `.` have no case variants.

use crate::parser::{Modifier, Options, Part, PartType};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

/// One instruction of the backtracking program.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Inst {
    /// Fixed text: a byte range of the literal pool.
    Lit(Range<usize>),
    /// One code point other than the delimiter (`[^<delimiter>]`).
    Seg,
    /// One code point other than a line terminator (`.`).
    Any,
    /// Try the first target, then the second. The third field numbers the
    /// split among the program's splits (its row in the visited set).
    Split(usize, usize, usize),
    /// Continue at the target.
    Jmp(usize),
    /// Record the position in a capture slot.
    Save(usize),
    /// Succeed at the end of the input (`$`).
    Match,
}

/// A compiled part list: matches as its generated regular expression does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Program {
    insts: Vec<Inst>,
    literals: String,
    groups: usize,
    splits: usize,
    delimiter: Option<char>,
    ignore_case: bool,
}

/// What a quantified piece compiles from.
#[derive(Clone, Copy)]
enum Atom<'a> {
    Lit(&'a str),
    Seg,
    Any,
}

impl Program {
    /// Compiles `part_list`; `None` when it has a regexp part.
    pub(crate) fn compile(part_list: &[Part], options: &Options) -> Option<Program> {
        let mut p = Program {
            insts: Vec::new(),
            literals: String::new(),
            groups: 0,
            splits: 0,
            delimiter: options.delimiter_code_point,
            ignore_case: options.ignore_case,
        };
        for part in part_list {
            p.part(part)?;
        }
        p.insts.push(Inst::Match);
        Some(p)
    }

    fn part(&mut self, part: &Part) -> Option<()> {
        let m = part.modifier;
        let r = match part.ty {
            PartType::FixedText => {
                let v = Atom::Lit(&part.value);
                match m {
                    Modifier::None => self.atom(v),
                    Modifier::Optional => self.optional(|p| p.atom(v)),
                    Modifier::ZeroOrMore => self.star(true, |p| p.atom(v)),
                    Modifier::OneOrMore => {
                        self.atom(v);
                        self.star(true, |p| p.atom(v));
                    }
                }
                return Some(());
            }
            PartType::Regexp => return None,
            PartType::SegmentWildcard => Atom::Seg,
            PartType::FullWildcard => Atom::Any,
        };
        let slot = self.groups * 2;
        self.groups += 1;
        let (prefix, suffix) = (Atom::Lit(&part.prefix), Atom::Lit(&part.suffix));
        if part.prefix.is_empty() && part.suffix.is_empty() {
            match m {
                // (R)
                Modifier::None => self.group(slot, |p| p.wildcard(r)),
                // (R)? — for `.*`, as (.+)?: an empty iteration is rejected.
                Modifier::Optional => self.optional(|p| {
                    p.group(slot, |p| match r {
                        Atom::Any => p.plus(r, true),
                        _ => p.wildcard(r),
                    })
                }),
                // ((?:R)*), ((?:R)+) — see the module docs.
                Modifier::ZeroOrMore | Modifier::OneOrMore => self.group(slot, |p| match r {
                    Atom::Seg if m == Modifier::OneOrMore => p.plus(r, true),
                    _ => p.star(true, |p| p.atom(r)),
                }),
            }
            return Some(());
        }
        match m {
            // (?:P(R)S) and (?:P(R)S)?
            Modifier::None | Modifier::Optional => {
                let body = |p: &mut Program| {
                    p.atom(prefix);
                    p.group(slot, |p| p.wildcard(r));
                    p.atom(suffix);
                };
                if m == Modifier::None {
                    body(self);
                } else {
                    self.optional(body);
                }
            }
            // (?:P((?:R)(?:SP(?:R))*)S) and the same with `?`.
            Modifier::ZeroOrMore | Modifier::OneOrMore => {
                let body = |p: &mut Program| {
                    p.atom(prefix);
                    p.group(slot, |p| {
                        p.wildcard(r);
                        p.star(true, |p| {
                            p.atom(suffix);
                            p.atom(prefix);
                            p.wildcard(r);
                        });
                    });
                    p.atom(suffix);
                };
                if m == Modifier::ZeroOrMore {
                    self.optional(body);
                } else {
                    body(self);
                }
            }
        }
        Some(())
    }

    fn atom(&mut self, atom: Atom<'_>) {
        match atom {
            Atom::Lit("") => {}
            Atom::Lit(s) => {
                let start = self.literals.len();
                self.literals.push_str(s);
                self.insts.push(Inst::Lit(start..self.literals.len()));
            }
            Atom::Seg => self.insts.push(Inst::Seg),
            Atom::Any => self.insts.push(Inst::Any),
        }
    }

    /// The wildcard's own expression: `[^d]+?` (lazy) or `.*` (greedy).
    fn wildcard(&mut self, r: Atom<'_>) {
        match r {
            Atom::Seg => self.plus(r, false),
            _ => self.star(true, |p| p.atom(r)),
        }
    }

    /// `atom+` (greedy or lazy).
    fn plus(&mut self, atom: Atom<'_>, greedy: bool) {
        self.atom(atom);
        self.star(greedy, |p| p.atom(atom));
    }

    /// `(body)` as capture `slot / 2 + 1`.
    fn group(&mut self, slot: usize, body: impl FnOnce(&mut Program)) {
        self.insts.push(Inst::Save(slot));
        body(self);
        self.insts.push(Inst::Save(slot + 1));
    }

    /// `(?:body)?`, greedy. An iteration that consumes nothing changes
    /// nothing either, so the empty check does not matter here.
    fn optional(&mut self, body: impl FnOnce(&mut Program)) {
        let split = self.insts.len();
        let n = self.new_split();
        body(self);
        let end = self.insts.len();
        if let Some(i) = self.insts.get_mut(split) {
            *i = Inst::Split(split + 1, end, n);
        }
    }

    /// `(?:body)*`, greedy or lazy; `body` always consumes.
    fn star(&mut self, greedy: bool, body: impl FnOnce(&mut Program)) {
        let split = self.insts.len();
        let n = self.new_split();
        body(self);
        self.insts.push(Inst::Jmp(split));
        let end = self.insts.len();
        if let Some(i) = self.insts.get_mut(split) {
            *i = if greedy {
                Inst::Split(split + 1, end, n)
            } else {
                Inst::Split(end, split + 1, n)
            };
        }
    }

    /// Pushes a placeholder split and returns its number.
    fn new_split(&mut self) -> usize {
        self.insts.push(Inst::Split(0, 0, 0));
        self.splits += 1;
        self.splits - 1
    }

    /// Matches the whole of `input`; on success, fills `slots` (two per
    /// group: start and end byte positions) and returns true.
    pub(crate) fn exec(&self, input: &str, slots: &mut Vec<Option<usize>>) -> bool {
        slots.clear();
        slots.resize(self.groups * 2, None);
        // The visited set has a row per split only: two paths can only meet
        // at the same (instruction, position) after a split, and a path
        // without splits is followed once. A program without splits (fixed
        // text only) allocates nothing here.
        let width = input.len() + 1;
        let Some(cells) = self.splits.checked_mul(width) else {
            return false;
        };
        let mut visited = vec![0u64; cells.div_ceil(64)];
        let mut stack = vec![Job::Explore { pc: 0, pos: 0 }];
        while let Some(job) = stack.pop() {
            let (mut pc, mut pos) = match job {
                Job::Restore { slot, old } => {
                    if let Some(s) = slots.get_mut(slot) {
                        *s = old;
                    }
                    continue;
                }
                Job::Explore { pc, pos } => (pc, pos),
            };
            while let Some(inst) = self.insts.get(pc) {
                match inst {
                    Inst::Lit(range) => {
                        let lit = self.literals.get(range.clone()).unwrap_or_default();
                        match self.match_literal(input, pos, lit) {
                            Some(next) => pos = next,
                            None => break,
                        }
                        pc += 1;
                    }
                    Inst::Seg => match next_char(input, pos) {
                        Some((c, next)) if Some(c) != self.delimiter => {
                            pos = next;
                            pc += 1;
                        }
                        _ => break,
                    },
                    Inst::Any => match next_char(input, pos) {
                        Some((c, next)) if !is_line_terminator(c) => {
                            pos = next;
                            pc += 1;
                        }
                        _ => break,
                    },
                    Inst::Split(first, second, n) => {
                        let cell = n * width + pos;
                        let Some(word) = visited.get_mut(cell / 64) else {
                            break;
                        };
                        let bit = 1u64 << (cell % 64);
                        if *word & bit != 0 {
                            break;
                        }
                        *word |= bit;
                        stack.push(Job::Explore { pc: *second, pos });
                        pc = *first;
                    }
                    Inst::Jmp(target) => pc = *target,
                    Inst::Save(slot) => {
                        if let Some(s) = slots.get_mut(*slot) {
                            stack.push(Job::Restore {
                                slot: *slot,
                                old: *s,
                            });
                            *s = Some(pos);
                        }
                        pc += 1;
                    }
                    Inst::Match => {
                        if pos == input.len() {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        false
    }

    /// The position after `lit` at `pos`, comparing as the `v` (or `vi`)
    /// flag does.
    fn match_literal(&self, input: &str, pos: usize, lit: &str) -> Option<usize> {
        let rest = input.get(pos..)?;
        if !self.ignore_case {
            return rest.starts_with(lit).then(|| pos + lit.len());
        }
        let mut chars = rest.char_indices();
        for l in lit.chars() {
            let (_, c) = chars.next()?;
            if simple_fold(c) != simple_fold(l) {
                return None;
            }
        }
        Some(chars.next().map_or(input.len(), |(i, _)| pos + i))
    }
}

enum Job {
    Explore { pc: usize, pos: usize },
    Restore { slot: usize, old: Option<usize> },
}

fn next_char(input: &str, pos: usize) -> Option<(char, usize)> {
    let c = input.get(pos..)?.chars().next()?;
    Some((c, pos + c.len_utf8()))
}

/// ECMAScript's LineTerminator: what `.` does not match without the `s` flag.
fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// Simple case folding, exact for every code point that folds to or from
/// ASCII (see the module docs); other code points are left as they are,
/// which is exact for comparisons with ASCII fixed text.
fn simple_fold(c: char) -> char {
    match c {
        '\u{017F}' => 's',
        '\u{212A}' => 'k',
        _ => c.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_a_pattern_string;
    use alloc::string::ToString;

    fn run(pattern: &str, options: &Options, input: &str) -> Option<Vec<Option<String>>> {
        let parts = parse_a_pattern_string(pattern, options, |s| Ok(s.to_string())).unwrap();
        let program = Program::compile(&parts, options).unwrap();
        let mut slots = Vec::new();
        if !program.exec(input, &mut slots) {
            return None;
        }
        Some(
            slots
                .chunks(2)
                .map(|c| match c {
                    [Some(a), Some(b)] => Some(input[*a..*b].to_string()),
                    _ => None,
                })
                .collect(),
        )
    }

    fn caps(v: &[Option<&str>]) -> Option<Vec<Option<String>>> {
        Some(v.iter().map(|s| s.map(|s| s.to_string())).collect())
    }

    // Expected captures are what ECMAScript gives for the generated
    // expression (RegExpBuiltinExec on urlpattern.bs §2.2's output).
    #[test]
    fn segments_are_lazy_and_stop_at_the_delimiter() {
        let p = &Options::PATHNAME;
        assert_eq!(run("/:a/:b", p, "/x/y"), caps(&[Some("x"), Some("y")]));
        assert_eq!(run("/:a", p, "/x/y"), None);
        // ^([^\/]+?)([^\/]+?)$ on "abc": the first group is lazy.
        assert_eq!(run(":a:b", p, "abc"), caps(&[Some("a"), Some("bc")]));
    }

    #[test]
    fn full_wildcards_are_greedy() {
        let p = &Options::PATHNAME;
        // ^(.*)(.*)$ : the first takes everything.
        assert_eq!(run("(.*)(.*)", p, "abc"), caps(&[Some("abc"), Some("")]));
        assert_eq!(run("/*", p, "/a/b"), caps(&[Some("a/b")]));
        assert_eq!(run("*", p, "a\nb"), None);
    }

    #[test]
    fn optional_groups_are_undefined_when_skipped() {
        let p = &Options::PATHNAME;
        assert_eq!(run("/a/:b?", p, "/a"), caps(&[None]));
        // ^(.*)?$ on "": the empty iteration is rejected.
        assert_eq!(run("*?", p, ""), caps(&[None]));
        // ^((?:.*)*)$ on "": the group takes part, empty.
        assert_eq!(run("**", p, ""), caps(&[Some("")]));
    }

    #[test]
    fn repeats_with_prefixes() {
        let p = &Options::PATHNAME;
        assert_eq!(run("/:a+", p, "/x/y/z"), caps(&[Some("x/y/z")]));
        assert_eq!(run("/:a*", p, ""), caps(&[None]));
        assert_eq!(run("/:a*", p, "/"), None);
        assert_eq!(
            run("{a:b-}+", &Options::DEFAULT, "a1-a2-"),
            caps(&[Some("1-a2")])
        );
    }

    #[test]
    fn fixed_text_modifiers_and_case() {
        let p = &Options::PATHNAME;
        assert_eq!(run("/a{b}*c", p, "/abbbc"), caps(&[]));
        assert_eq!(run("/a{b}+c", p, "/ac"), None);
        let i = &Options::PATHNAME.with_ignore_case(true);
        assert_eq!(run("/FOO", i, "/foo"), caps(&[]));
        assert_eq!(run("/s", i, "/\u{17F}"), caps(&[]));
        assert_eq!(run("/k", i, "/\u{212A}"), caps(&[]));
        assert_eq!(run("/s", p, "/S"), None);
    }

    #[test]
    fn no_exponential_backtracking() {
        let input = "a".repeat(5000) + "!";
        assert_eq!(run("{:x}+{:y}+{:z}+b", &Options::DEFAULT, &input), None);
    }
}
