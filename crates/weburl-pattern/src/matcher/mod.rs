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
//!
//! Most routes need little of that machinery, and matching them is on a
//! router's hot path (every route tried for every request), so compilation
//! also uses two shortcuts that give the same single possible match:
//!
//! - A wildcard followed only by fixed text up to the end (`/:page.html`,
//!   `/api/*`, `*.example.com`) can only end where that text begins, a
//!   fixed number of code points before the end: [`Inst::Rest`] checks the
//!   text there and the wildcard's class over what lies before, with no
//!   backtracking.
//! - A segment wildcard `[^/]+?` followed by text that starts with the
//!   delimiter (`/:a/:b`) can only end at the next delimiter:
//!   [`Inst::SegToDelimiter`].
//!
//! Matching allocates nothing unless a program backtracks through more
//! positions than its small in-place stack and visited set hold.
// Without the `regex` feature the instructions of regexp groups are
// left out; the state they use (registers, run caches) stays, unused.
#![cfg_attr(not(feature = "regex"), allow(dead_code))]

mod backtrack;
mod parts;
#[cfg(feature = "regex")]
mod regexp;

#[cfg(test)]
use crate::parser::Options;
use alloc::string::String;
use alloc::vec::Vec;
use backtrack::{Backtrack, Job};
use core::ops::Range;

/// The code points a wildcard run may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// `[^<delimiter>]`: anything but the delimiter (anything at all
    /// without one).
    Seg,
    /// `.`: anything but a line terminator.
    Any,
}

/// One instruction of the backtracking program.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Inst {
    /// Fixed text: a byte range of the literal pool.
    Lit(Range<usize>),
    /// One code point other than the delimiter (`[^<delimiter>]`).
    Seg,
    /// One code point other than a line terminator (`.`).
    Any,
    /// `[^<delimiter>]+?` where what follows starts with the delimiter:
    /// one or more code points, up to the next delimiter.
    SegToDelimiter,
    /// The end of the match: a run of `class` code points (at least one
    /// for [`Class::Seg`], which is `+?`; `.*` may be empty), its end
    /// recorded in slot `save`, then the fixed text `tail` (`tail_chars`
    /// code points) up to the end of the input.
    Rest {
        class: Class,
        tail: Range<usize>,
        tail_chars: usize,
        save: usize,
    },
    /// Try the first target, then the second. The third field numbers the
    /// split among the program's splits (its row in the visited set).
    Split(usize, usize, usize),
    /// Continue at the target.
    Jmp(usize),
    /// Record the position in a capture slot.
    Save(usize),
    /// Succeed at the end of the input (`$`).
    Match,
    /// One code point of the program's set `.0` (regexp groups).
    #[cfg(feature = "regex")]
    Set(usize),
    /// Never matches (a lone surrogate: no Rust string holds one).
    #[cfg(feature = "regex")]
    Fail,
    /// A zero-width assertion (regexp groups).
    #[cfg(feature = "regex")]
    Assert(crate::ecmascript::Assertion),
    /// Record the position in register `.0`: the start of an iteration of
    /// a loop whose body can match the empty string.
    #[cfg(feature = "regex")]
    IterStart(usize),
    /// Fail when the position equals register `.0`: ECMAScript rejects an
    /// iteration that matched the empty string (RepeatMatcher's check).
    #[cfg(feature = "regex")]
    IterCheck(usize),
    /// Reset the capture slots in the range: each iteration of a
    /// quantified group starts with its inner groups undefined.
    #[cfg(feature = "regex")]
    Clear(Range<usize>),
    /// `set*` (greedy or lazy) where what follows cannot start with a code
    /// point of the set: only the longest run can be followed, so take it
    /// and continue at `exit` (no backtracking into it). `n` is the loop's
    /// split number: its visited cells mark the run ends already followed,
    /// and the run found last is kept, so that entering the same run again
    /// costs no second scan (both keep matching linear).
    #[cfg(feature = "regex")]
    Run { set: usize, exit: usize, n: usize },
}

/// A set of code points as the matcher tests it: a bitmap for ASCII, the
/// ranges for the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SetMatcher {
    ascii: u128,
    ranges: Vec<(u32, u32)>,
}

impl SetMatcher {
    #[cfg(feature = "regex")]
    fn new(ranges: &[(u32, u32)]) -> SetMatcher {
        let mut ascii = 0u128;
        for &(a, b) in ranges {
            for c in a..=b.min(127) {
                ascii |= 1 << c;
            }
        }
        let ranges = ranges.iter().copied().filter(|&(_, b)| b >= 128).collect();
        SetMatcher { ascii, ranges }
    }

    /// Whether no code point is in both sets.
    #[cfg(feature = "regex")]
    fn is_disjoint(&self, other: &SetMatcher) -> bool {
        self.ascii & other.ascii == 0
            && !self
                .ranges
                .iter()
                .any(|&(a, b)| other.ranges.iter().any(|&(c, d)| a <= d && c <= b))
    }

    #[inline]
    fn contains(&self, c: char) -> bool {
        let c = c as u32;
        if c < 128 {
            return self.ascii & (1 << c) != 0;
        }
        self.ranges
            .binary_search_by(|&(a, b)| {
                if b < c {
                    core::cmp::Ordering::Less
                } else if a > c {
                    core::cmp::Ordering::Greater
                } else {
                    core::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
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
    /// The pattern is `*` alone.
    full_wildcard: bool,
    /// Fixed text every match starts with (the literal pool's first
    /// `prefix` bytes; none with ignore case), and the instruction after it.
    prefix: usize,
    start: usize,
    /// Fixed text every match ends with (empty with ignore case).
    suffix: Range<usize>,
    /// The code point sets of [`Inst::Set`].
    sets: Vec<SetMatcher>,
    /// The number of registers ([`Inst::IterStart`]).
    registers: usize,
    /// For split `n`, the registers of the loops with an empty check that
    /// enclose it (`loop_registers[loops[n].0..loops[n].1]`, innermost
    /// last); empty for the regex-free programs. See [`Program::cell`].
    loops: Vec<(usize, usize)>,
    loop_registers: Vec<usize>,
    /// The most such loops enclosing one split.
    depth: usize,
}

impl Program {
    /// Sets `prefix` and `start` to the fixed text the program begins with
    /// (its leading `Lit`s: no jump reaches back before the first split,
    /// and the `Lit`s of a run are adjacent in the pool), and `suffix` to
    /// the fixed text it must end with: a final [`Inst::Rest`]'s, or a
    /// final `Lit` after the prefix that no jump lands after. A router tries many routes
    /// on each URL and most fail on one of these; checking them first
    /// skips the matcher's setup. Byte comparisons need exact case.
    fn find_fixed_ends(&mut self) {
        let (mut prefix, mut start) = (0, 0);
        for inst in &self.insts {
            match inst {
                Inst::Lit(r) if r.start == prefix => {
                    prefix = r.end;
                    start += 1;
                }
                _ => break,
            }
        }
        (self.prefix, self.start) = (prefix, start);
        let last = self
            .insts
            .iter()
            .enumerate()
            .rev()
            .find(|(_, inst)| !matches!(inst, Inst::Save(_) | Inst::Match));
        let lands_after = |k: usize| {
            self.insts.iter().any(|inst| match inst {
                Inst::Split(a, b, _) => *a > k || *b > k,
                Inst::Jmp(t) => *t > k,
                _ => false,
            })
        };
        match last {
            Some((_, Inst::Rest { tail, .. })) => self.suffix = tail.clone(),
            // Not a `Lit` of the prefix: the two must not overlap.
            Some((k, Inst::Lit(r))) if k >= start && !lands_after(k) => self.suffix = r.clone(),
            _ => {}
        }
    }

    /// Whether the pattern is `*` alone: it matches every string without a
    /// line terminator, which every component of a URL record is (the
    /// parser drops tabs and newlines and percent-encodes other controls
    /// and all non-ASCII code points).
    pub(crate) fn is_full_wildcard(&self) -> bool {
        self.full_wildcard
    }

    /// [`Program::exec`] of `*` alone (`^(.*)$`) with its one capture:
    /// the whole input, unless it has a line terminator.
    pub(crate) fn exec_full_wildcard(input: &str) -> Option<Range<usize>> {
        (!has_line_terminator(input)).then_some(0..input.len())
    }

    /// The number of capture groups.
    pub(crate) fn groups(&self) -> usize {
        self.groups
    }

    /// Whether the program matches the whole of `input`. `slots` (two per
    /// group: start and end byte positions) is filled on success when it
    /// has room for them; pass an empty slice to only test.
    #[inline]
    pub(crate) fn exec(&self, input: &str, slots: &mut [Option<usize>]) -> bool {
        let (bytes, pool) = (input.as_bytes(), self.literals.as_bytes());
        let prefix = pool.get(..self.prefix).unwrap_or_default();
        let suffix = pool.get(self.suffix.clone()).unwrap_or_default();
        let (Some(head), Some(tail)) = (
            bytes.get(..prefix.len()),
            bytes
                .len()
                .checked_sub(suffix.len())
                .and_then(|at| bytes.get(at..)),
        ) else {
            return false;
        };
        if prefix.len() + suffix.len() > bytes.len() || !same(head, prefix) || !same(tail, suffix) {
            return false;
        }
        self.run::<false>(input, slots, prefix.len(), &mut 0)
    }

    /// The number of instructions [`Program::exec`] runs on `input` (after
    /// the fixed ends): the measure of the matcher's work that the
    /// linear-time tests compare between input sizes.
    pub(crate) fn steps(&self, input: &str) -> usize {
        let mut steps = 0;
        let prefix = self.literals.get(..self.prefix).unwrap_or_default().len();
        if input.is_char_boundary(prefix) && prefix <= input.len() {
            self.run::<true>(input, &mut [], prefix, &mut steps);
        }
        steps
    }

    /// [`Program::exec`] from instruction `start` at byte `pos`, after the
    /// fixed prefix.
    fn run<const COUNT: bool>(
        &self,
        input: &str,
        slots: &mut [Option<usize>],
        pos: usize,
        steps: &mut usize,
    ) -> bool {
        slots.fill(None);
        // Made at the first split: a program without one (fixed text,
        // `:name` segments between delimiters, a wildcard before final
        // fixed text) never backtracks, and then never restores a slot.
        let mut backtrack: Option<Backtrack> = None;
        let (mut pc, mut pos) = (self.start, pos);
        loop {
            while let Some(inst) = self.insts.get(pc) {
                if COUNT {
                    *steps += 1;
                }
                match inst {
                    Inst::Lit(range) => match self.match_literal(input, pos, self.literal(range)) {
                        Some(next) => {
                            pos = next;
                            pc += 1;
                        }
                        None => break,
                    },
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
                    Inst::SegToDelimiter => {
                        let run = match (input.get(pos..), self.delimiter) {
                            (Some(rest), Some(d)) => find_char(rest, d),
                            _ => None,
                        };
                        match run {
                            Some(n) if n > 0 => {
                                pos += n;
                                pc += 1;
                            }
                            _ => break,
                        }
                    }
                    Inst::Rest {
                        class,
                        tail,
                        tail_chars,
                        save,
                    } => {
                        let end = self.tail_start(input, pos, self.literal(tail), *tail_chars);
                        let Some(run) = end.and_then(|end| input.get(pos..end)) else {
                            break;
                        };
                        let fits = match class {
                            Class::Seg => {
                                !run.is_empty()
                                    && !self.delimiter.is_some_and(|d| find_char(run, d).is_some())
                            }
                            Class::Any => !has_line_terminator(run),
                        };
                        if !fits {
                            break;
                        }
                        save_position(slots, *save, pos + run.len(), &mut backtrack);
                        pos = input.len();
                        pc += 1;
                    }
                    Inst::Split(first, second, n) => {
                        let b = backtrack.get_or_insert_with(|| {
                            Backtrack::new(self.splits * (self.depth + 1), self.registers, input)
                        });
                        if !b.first_visit(self.cell(*n, pos, input.len(), &b.registers)) {
                            break;
                        }
                        b.stack.push(Job::Explore { pc: *second, pos });
                        pc = *first;
                    }
                    #[cfg(feature = "regex")]
                    Inst::Set(k) => match (next_char(input, pos), self.sets.get(*k)) {
                        (Some((c, next)), Some(set)) if set.contains(c) => {
                            pos = next;
                            pc += 1;
                        }
                        _ => break,
                    },
                    #[cfg(feature = "regex")]
                    Inst::Fail => break,
                    #[cfg(feature = "regex")]
                    Inst::Run { set, exit, n } => {
                        let b = backtrack.get_or_insert_with(|| {
                            Backtrack::new(self.splits * (self.depth + 1), self.registers, input)
                        });
                        let (start, end) = b.run_cache(*n);
                        let end = if (start..=end).contains(&pos) && start < end {
                            end
                        } else {
                            let mut at = pos;
                            if let Some(set) = self.sets.get(*set) {
                                while let Some((c, next)) = next_char(input, at) {
                                    if COUNT {
                                        *steps += 1;
                                    }
                                    if !set.contains(c) {
                                        break;
                                    }
                                    if at == start && start < end {
                                        // The rest of this run is known.
                                        at = end;
                                        break;
                                    }
                                    at = next;
                                }
                            }
                            b.set_run_cache(*n, pos, at);
                            at
                        };
                        if !b.first_visit(self.cell(*n, end, input.len(), &b.registers)) {
                            break;
                        }
                        pos = end;
                        pc = *exit;
                    }
                    #[cfg(feature = "regex")]
                    Inst::Assert(a) => {
                        if !a.holds(input, pos) {
                            break;
                        }
                        pc += 1;
                    }
                    #[cfg(feature = "regex")]
                    Inst::IterStart(r) => {
                        let b = backtrack.get_or_insert_with(|| {
                            Backtrack::new(self.splits * (self.depth + 1), self.registers, input)
                        });
                        b.set_register(*r, pos);
                        pc += 1;
                    }
                    #[cfg(feature = "regex")]
                    Inst::IterCheck(r) => {
                        let start = backtrack.as_ref().and_then(|b| b.registers.get(*r));
                        if start == Some(&pos) {
                            break;
                        }
                        pc += 1;
                    }
                    #[cfg(feature = "regex")]
                    Inst::Clear(range) => {
                        for slot in range.clone() {
                            if slots.get(slot).is_some_and(Option::is_some) {
                                clear_slot(slots, slot, &mut backtrack);
                            }
                        }
                        pc += 1;
                    }
                    Inst::Jmp(target) => pc = *target,
                    Inst::Save(slot) => {
                        save_position(slots, *slot, pos, &mut backtrack);
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
            // This path failed: undo its captures back to the latest
            // alternative and take it.
            let Some(b) = backtrack.as_mut() else {
                return false;
            };
            loop {
                match b.stack.pop() {
                    None => return false,
                    Some(Job::Restore { slot, old }) => {
                        if let Some(s) = slots.get_mut(slot) {
                            *s = old;
                        }
                    }
                    Some(Job::Register { register, old }) => {
                        if let Some(r) = b.registers.get_mut(register) {
                            *r = old;
                        }
                    }
                    Some(Job::Explore { pc: p, pos: q }) => {
                        (pc, pos) = (p, q);
                        break;
                    }
                }
            }
        }
    }

    /// The visited-set cell of split `n` at `pos`. Whether the rest of
    /// the match succeeds from a split depends on the split and the
    /// position, and — inside loops with an empty check — on how many of
    /// the enclosing iterations have matched nothing yet (those are the
    /// innermost ones: an iteration that started later cannot have
    /// consumed more). That count is part of the cell, which keeps the
    /// search linear: splits × (depth + 1) × (input length + 1) cells.
    #[inline]
    fn cell(&self, n: usize, pos: usize, len: usize, registers: &[usize]) -> usize {
        let empty = match self.loops.get(n) {
            Some(&(a, b)) if a < b => self
                .loop_registers
                .get(a..b)
                .unwrap_or_default()
                .iter()
                .filter(|&&r| registers.get(r) == Some(&pos))
                .count(),
            _ => 0,
        };
        (n * (self.depth + 1) + empty) * (len + 1) + pos
    }

    fn literal(&self, range: &Range<usize>) -> &str {
        self.literals.get(range.clone()).unwrap_or_default()
    }

    /// Where the fixed text `lit` (`lit_chars` code points) must start for
    /// it to match up to the end of `input`, if it does, at or after `pos`.
    /// Fixed text matches code point by code point, so that is `lit_chars`
    /// code points before the end; only with ignore case can the byte
    /// lengths differ (ſ for s, K for k).
    fn tail_start(&self, input: &str, pos: usize, lit: &str, lit_chars: usize) -> Option<usize> {
        let rest = input.get(pos..)?;
        if !self.ignore_case {
            return rest.ends_with(lit).then(|| input.len() - lit.len());
        }
        let start = match lit_chars.checked_sub(1) {
            None => input.len(),
            Some(k) => pos + rest.char_indices().rev().nth(k)?.0,
        };
        (self.match_literal(input, start, lit) == Some(input.len())).then_some(start)
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

/// Records `pos` in `slot` (when capturing), keeping the old value to
/// restore if the path fails and an alternative is pending; with none
/// pending, a failure ends the match and the slots no longer matter.
fn save_position(
    slots: &mut [Option<usize>],
    slot: usize,
    pos: usize,
    backtrack: &mut Option<Backtrack>,
) {
    let Some(s) = slots.get_mut(slot) else {
        return;
    };
    if let Some(b) = backtrack.as_mut().filter(|b| !b.stack.is_empty()) {
        b.stack.push(Job::Restore { slot, old: *s });
    }
    *s = Some(pos);
}

/// Undoes a capture (to `None`), as [`save_position`] records one.
fn clear_slot(slots: &mut [Option<usize>], slot: usize, backtrack: &mut Option<Backtrack>) {
    let Some(s) = slots.get_mut(slot) else {
        return;
    };
    if let Some(b) = backtrack.as_mut().filter(|b| !b.stack.is_empty()) {
        b.stack.push(Job::Restore { slot, old: *s });
    }
    *s = None;
}

/// Byte-wise equality of two slices of equal length, inline: route text
/// is short, where a call to `memcmp` costs more than the loop (callgrind).
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// The position of the first `c` in `s`. Not `str::find`: its searcher
/// (memchr) made the wasm route-matching build 2.8 KB larger, and route
/// segments are short (callgrind: 100 instructions per URL fewer too).
fn find_char(s: &str, c: char) -> Option<usize> {
    s.char_indices().find(|&(_, x)| x == c).map(|(i, _)| i)
}

fn next_char(input: &str, pos: usize) -> Option<(char, usize)> {
    match input.as_bytes().get(pos) {
        Some(&b) if b.is_ascii() => Some((char::from(b), pos + 1)),
        _ => {
            let c = input.get(pos..)?.chars().next()?;
            Some((c, pos + c.len_utf8()))
        }
    }
}

/// ECMAScript's LineTerminator: what `.` does not match without the `s` flag.
fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// Whether `s` has a line terminator; a byte scan first (U+2028 and U+2029
/// start with 0xE2), as the inputs are nearly always ASCII without one.
fn has_line_terminator(s: &str) -> bool {
    s.bytes().any(|b| matches!(b, b'\n' | b'\r' | 0xE2)) && s.chars().any(is_line_terminator)
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
mod tests;
