//! The parsed form of an ECMAScript regular expression: what the matcher
//! compiles. Classes, escapes and case-insensitive literals are already
//! code point sets here (with the flags in force where they appear).

use super::set::CodePointSet;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// A node of the pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    /// Matches the empty string.
    Empty,
    /// One code point, exactly.
    Char(u32),
    /// One code point of the set.
    Set(CodePointSet),
    /// The terms in order.
    Concat(Vec<Node>),
    /// The alternatives, tried in order.
    Alt(Vec<Node>),
    /// A capturing group, numbered from 1 in the order of its `(`.
    Capture(usize, Box<Node>),
    /// A quantified atom.
    Repeat(Box<Repeat>),
    /// `^`, `$`, `\b`, `\B`.
    Assert(Assertion),
}

/// `atom{min,max}` (greedy unless lazy).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Repeat {
    pub(crate) atom: Node,
    pub(crate) min: u32,
    /// `None`: no upper bound.
    pub(crate) max: Option<u32>,
    pub(crate) greedy: bool,
    /// The capture groups inside the atom (numbers `first..first+count`),
    /// which each iteration resets (RepeatMatcher step 4).
    pub(crate) captures: core::ops::Range<usize>,
}

/// A zero-width assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Assertion {
    /// `^`: the start of the input (or of a line, with `multiline`).
    Start { multiline: bool },
    /// `$`: the end of the input (or of a line, with `multiline`).
    End { multiline: bool },
    /// `\b` (or `\B` when negated); `ignore_case` widens the word
    /// characters as IsWordChar does in `vi` mode (ſ, K).
    WordBoundary { negated: bool, ignore_case: bool },
}

/// A parsed regular expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Regexp {
    pub(crate) node: Node,
    /// The number of capture groups.
    pub(crate) captures: usize,
}

impl Assertion {
    /// Whether the assertion holds at byte `pos` of `input`.
    pub(crate) fn holds(&self, input: &str, pos: usize) -> bool {
        let before = || input.get(..pos).and_then(|s| s.chars().next_back());
        let after = || input.get(pos..).and_then(|s| s.chars().next());
        let line_terminator =
            |c: Option<char>| matches!(c, Some('\n' | '\r' | '\u{2028}' | '\u{2029}'));
        match *self {
            Assertion::Start { multiline } => pos == 0 || multiline && line_terminator(before()),
            Assertion::End { multiline } => {
                pos == input.len() || multiline && line_terminator(after())
            }
            Assertion::WordBoundary {
                negated,
                ignore_case,
            } => {
                let word = |c: Option<char>| {
                    c.is_some_and(|c| {
                        c.is_ascii_alphanumeric()
                            || c == '_'
                            || ignore_case && matches!(c, '\u{17F}' | '\u{212A}')
                    })
                };
                (word(before()) != word(after())) != negated
            }
        }
    }
}
