//! Compiling a parsed ECMAScript regular expression (a component's
//! generated regular expression when it has regexp groups) into the same
//! backtracking program as the regex-free part lists, whose visited set
//! keeps matching linear in the input.
//!
//! ECMAScript's semantics kept exactly (ECMA-262 §22.2.2, "Pattern
//! Semantics"): alternatives and quantifiers are tried in its order, so the
//! first match found is its match and its captures; each iteration of a
//! quantified group resets the groups inside it; and an iteration of a
//! quantifier past its minimum that matches the empty string fails
//! ([`Inst::IterCheck`]). The program's size is bounded: a counted
//! repetition is written out, and a pattern past [`MAX_INSTRUCTIONS`] is
//! [`RegexFeature::TooLarge`].

use super::{Inst, Program, SetMatcher};
use crate::ecmascript::{Node, Regexp, Repeat};
use crate::error::{Error, ErrorKind, RegexFeature};
use alloc::string::String;
use alloc::vec::Vec;

/// The most instructions a compiled regular expression may have. The
/// visited set has up to one bit per split and input position, so this
/// also bounds matching memory (a 4,000-byte component against the largest
/// program: at most a few megabytes).
pub(crate) const MAX_INSTRUCTIONS: usize = 10_000;

struct Compiler {
    p: Program,
    /// Whether the last instruction is a [`Inst::Lit`] that the next
    /// character may extend: not when a construct (whose jumps land after
    /// it) ended in between.
    lit_open: bool,
    /// Registers of the enclosing loops with an empty check, innermost
    /// last.
    loops: Vec<usize>,
}

fn too_large() -> Error {
    Error::new(ErrorKind::RegexUnsupported(RegexFeature::TooLarge))
}

impl Program {
    /// Compiles a regular expression parsed from a component's generated
    /// `^…$` expression; matching starts at position 0 (the leading `^`)
    /// and must end at the end of the input (the trailing `$`).
    pub(crate) fn compile_regexp(regexp: &Regexp) -> Result<Program, Error> {
        let mut c = Compiler {
            p: Program {
                insts: Vec::new(),
                literals: String::new(),
                groups: regexp.captures,
                splits: 0,
                delimiter: None,
                ignore_case: false,
                full_wildcard: false,
                prefix: 0,
                start: 0,
                suffix: 0..0,
                sets: Vec::new(),
                registers: 0,
                loops: Vec::new(),
                loop_registers: Vec::new(),
                depth: 0,
            },
            loops: Vec::new(),
            lit_open: false,
        };
        for n in strip_anchors(&regexp.node)? {
            c.node(n)?;
        }
        c.push(Inst::Match)?;
        let mut p = c.p;
        p.possessive_runs();
        p.find_fixed_ends();
        Ok(p)
    }
}

/// The top-level terms between the leading `^` and the trailing `$` (not
/// multiline) that "generate a regular expression and name list" always
/// writes: matching starts at 0, and [`Inst::Match`] needs the end.
fn strip_anchors(node: &Node) -> Result<&[Node], Error> {
    use crate::ecmascript::Assertion;
    match node {
        Node::Concat(terms) => match terms.as_slice() {
            [Node::Assert(Assertion::Start { multiline: false }), rest @ .., Node::Assert(Assertion::End { multiline: false })] => {
                Ok(rest)
            }
            _ => Err(Error::new(ErrorKind::Regex)),
        },
        _ => Err(Error::new(ErrorKind::Regex)),
    }
}

impl Program {
    /// Turns each loop `split; set; jmp split` (a `set*` or the loop of a
    /// `set+`) whose continuation cannot start with a code point of the set
    /// into an [`Inst::Run`]: whichever the loop's priority, every shorter
    /// run leaves a code point of the set that the continuation fails on,
    /// so the longest run is the only one that can match — the same first
    /// match, without a split and a visited bit per code point.
    fn possessive_runs(&mut self) {
        for head in 0..self.insts.len() {
            let (Some(Inst::Split(a, b, n)), Some(Inst::Set(k)), Some(Inst::Jmp(back))) = (
                self.insts.get(head),
                self.insts.get(head + 1),
                self.insts.get(head + 2),
            ) else {
                continue;
            };
            let exit = head + 3;
            let loop_shape =
                *back == head && ((*a == head + 1 && *b == exit) || (*a == exit && *b == head + 1));
            if loop_shape && self.continuation_avoids(*k, exit) {
                let (set, n) = (*k, *n);
                if let Some(inst) = self.insts.get_mut(head) {
                    *inst = Inst::Run { set, exit, n };
                }
            }
        }
    }

    /// Whether what runs from `pc` cannot start with a code point of set
    /// `k` (conservatively: a literal or a set first, or the end).
    fn continuation_avoids(&self, k: usize, mut pc: usize) -> bool {
        let Some(set) = self.sets.get(k) else {
            return false;
        };
        loop {
            match self.insts.get(pc) {
                Some(Inst::Save(_)) => pc += 1,
                // Needs the end of the input, where a shorter run is not.
                Some(Inst::Match) => return true,
                Some(Inst::Lit(r)) => {
                    let first = self.literals.get(r.clone()).and_then(|l| l.chars().next());
                    return first.is_some_and(|c| !set.contains(c));
                }
                Some(Inst::Set(other)) => {
                    return self.sets.get(*other).is_some_and(|o| o.is_disjoint(set));
                }
                _ => return false,
            }
        }
    }
}

/// Whether `node` can match the empty string.
fn can_be_empty(node: &Node) -> bool {
    match node {
        Node::Empty | Node::Assert(_) => true,
        Node::Char(_) | Node::Set(_) => false,
        Node::Concat(v) => v.iter().all(can_be_empty),
        Node::Alt(v) => v.iter().any(can_be_empty),
        Node::Capture(_, n) => can_be_empty(n),
        Node::Repeat(r) => r.min == 0 || can_be_empty(&r.atom),
    }
}

impl Compiler {
    fn push(&mut self, inst: Inst) -> Result<usize, Error> {
        if self.p.insts.len() >= MAX_INSTRUCTIONS {
            return Err(too_large());
        }
        self.p.insts.push(inst);
        self.lit_open = false;
        Ok(self.p.insts.len() - 1)
    }

    /// A split placeholder (patched later), recording the loops that
    /// enclose it for its visited cells.
    fn split(&mut self) -> Result<usize, Error> {
        let at = self.push(Inst::Split(0, 0, self.p.splits))?;
        let start = self.p.loop_registers.len();
        self.p.loop_registers.extend_from_slice(&self.loops);
        self.p.loops.push((start, self.p.loop_registers.len()));
        self.p.depth = self.p.depth.max(self.loops.len());
        self.p.splits += 1;
        Ok(at)
    }

    fn patch(&mut self, at: usize, first: usize, second: usize) {
        if let Some(Inst::Split(a, b, _)) = self.p.insts.get_mut(at) {
            (*a, *b) = (first, second);
        }
    }

    fn node(&mut self, node: &Node) -> Result<(), Error> {
        match node {
            Node::Empty => {}
            Node::Char(c) => match char::from_u32(*c) {
                Some(ch) => {
                    let start = self.p.literals.len();
                    self.p.literals.push(ch);
                    let end = self.p.literals.len();
                    // Adjacent characters share one literal.
                    match self.p.insts.last_mut() {
                        Some(Inst::Lit(r)) if self.lit_open && r.end == start => r.end = end,
                        _ => {
                            self.push(Inst::Lit(start..end))?;
                            self.lit_open = true;
                        }
                    }
                }
                None => {
                    self.push(Inst::Fail)?;
                }
            },
            Node::Set(set) => {
                let matcher = SetMatcher::new(set.ranges());
                let k = match self.p.sets.iter().position(|s| *s == matcher) {
                    Some(k) => k,
                    None => {
                        self.p.sets.push(matcher);
                        self.p.sets.len() - 1
                    }
                };
                self.push(Inst::Set(k))?;
            }
            Node::Concat(terms) => {
                for t in terms {
                    self.node(t)?;
                }
            }
            Node::Alt(alternatives) => {
                let mut jumps = Vec::new();
                let count = alternatives.len();
                for (i, a) in alternatives.iter().enumerate() {
                    if i + 1 == count {
                        self.node(a)?;
                        break;
                    }
                    let split = self.split()?;
                    self.node(a)?;
                    jumps.push(self.push(Inst::Jmp(0))?);
                    let next = self.p.insts.len();
                    self.patch(split, split + 1, next);
                }
                let end = self.p.insts.len();
                for j in jumps {
                    if let Some(Inst::Jmp(t)) = self.p.insts.get_mut(j) {
                        *t = end;
                    }
                }
                self.lit_open = false;
            }
            Node::Capture(i, inner) => {
                let slot = (i - 1) * 2;
                self.push(Inst::Save(slot))?;
                self.node(inner)?;
                self.push(Inst::Save(slot + 1))?;
            }
            Node::Assert(a) => {
                self.push(Inst::Assert(*a))?;
            }
            Node::Repeat(r) => {
                self.repeat(r)?;
                self.lit_open = false;
            }
        }
        Ok(())
    }

    /// One iteration of `r`'s atom: its inner groups reset first, and
    /// with `checked`, an empty iteration rejected.
    fn iteration(&mut self, r: &Repeat, checked: bool) -> Result<(), Error> {
        let register = if checked {
            let reg = self.p.registers;
            self.p.registers += 1;
            self.push(Inst::IterStart(reg))?;
            self.loops.push(reg);
            Some(reg)
        } else {
            None
        };
        if !r.captures.is_empty() {
            // Groups `start + 1 ..= end`, two slots each from slot 0 for group 1.
            let slots = r.captures.start * 2..r.captures.end * 2;
            self.push(Inst::Clear(slots))?;
        }
        let result = self.node(&r.atom);
        if let Some(reg) = register {
            self.loops.pop();
            result?;
            self.push(Inst::IterCheck(reg))?;
            return Ok(());
        }
        result
    }

    fn repeat(&mut self, r: &Repeat) -> Result<(), Error> {
        let limit = MAX_INSTRUCTIONS as u32;
        if r.min > limit || r.max.is_some_and(|m| m > limit) {
            return Err(too_large());
        }
        let checked = can_be_empty(&r.atom);
        for _ in 0..r.min {
            self.iteration(r, false)?;
        }
        match r.max {
            None => {
                // L: split(body, exit); body; jmp L
                let head = self.split()?;
                self.iteration(r, checked)?;
                self.push(Inst::Jmp(head))?;
                let exit = self.p.insts.len();
                if r.greedy {
                    self.patch(head, head + 1, exit);
                } else {
                    self.patch(head, exit, head + 1);
                }
            }
            Some(max) => {
                // (?:X(?:X(?:X)?)?)? for the optional iterations.
                let mut splits = Vec::new();
                for _ in r.min..max {
                    splits.push(self.split()?);
                    self.iteration(r, checked)?;
                }
                let exit = self.p.insts.len();
                for s in splits {
                    if r.greedy {
                        self.patch(s, s + 1, exit);
                    } else {
                        self.patch(s, exit, s + 1);
                    }
                }
            }
        }
        Ok(())
    }
}
