//! Compiling a part list without regexp parts (urlpattern.bs §2.2's
//! templates for fixed text, `:name`, `*` and the modifiers) into the
//! backtracking program; see the module docs of [`super`].

use super::{Class, Inst, Program};
use crate::parser::{Modifier, Options, Part, PartType};
use alloc::string::String;
use alloc::vec::Vec;

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
        let full_wildcard = matches!(part_list, [part] if part.ty == PartType::FullWildcard
            && part.modifier == Modifier::None
            && part.prefix.is_empty()
            && part.suffix.is_empty());
        let mut p = Program {
            insts: Vec::new(),
            literals: String::new(),
            groups: 0,
            splits: 0,
            delimiter: options.delimiter_code_point,
            ignore_case: options.ignore_case,
            full_wildcard,
            prefix: 0,
            start: 0,
            suffix: 0..0,
            sets: Vec::new(),
            registers: 0,
            loops: Vec::new(),
            loop_registers: Vec::new(),
            depth: 0,
        };
        for (i, part) in part_list.iter().enumerate() {
            let rest = part_list.get(i + 1..).unwrap_or_default();
            if p.rest(part, rest) {
                break;
            }
            p.part(part, rest.first())?;
        }
        if p.insts.last() != Some(&Inst::Match) {
            p.insts.push(Inst::Match);
        }
        if !p.ignore_case {
            p.find_fixed_ends();
        }
        Some(p)
    }

    /// Compiles `part` and the fixed text after it as one [`Inst::Rest`]
    /// when `part` is a wildcard without a modifier and `rest` is fixed
    /// text only; false (nothing emitted) otherwise.
    fn rest(&mut self, part: &Part, rest: &[Part]) -> bool {
        let class = match part.ty {
            PartType::SegmentWildcard => Class::Seg,
            PartType::FullWildcard => Class::Any,
            _ => return false,
        };
        let fixed = |r: &Part| r.ty == PartType::FixedText && r.modifier == Modifier::None;
        if part.modifier != Modifier::None || !rest.iter().all(fixed) {
            return false;
        }
        let slot = self.new_group();
        self.atom(Atom::Lit(&part.prefix));
        self.insts.push(Inst::Save(slot));
        let start = self.literals.len();
        self.literals.push_str(&part.suffix);
        for r in rest {
            self.literals.push_str(&r.value);
        }
        let tail_chars = self
            .literals
            .get(start..)
            .unwrap_or_default()
            .chars()
            .count();
        self.insts.push(Inst::Rest {
            class,
            tail: start..self.literals.len(),
            tail_chars,
            save: slot + 1,
        });
        true
    }

    fn part(&mut self, part: &Part, next: Option<&Part>) -> Option<()> {
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
        let slot = self.new_group();
        let to_delimiter =
            m == Modifier::None && matches!(r, Atom::Seg) && self.delimiter_follows(part, next);
        let (prefix, suffix) = (Atom::Lit(&part.prefix), Atom::Lit(&part.suffix));
        if part.prefix.is_empty() && part.suffix.is_empty() {
            match m {
                // (R)
                Modifier::None if to_delimiter => {
                    self.group(slot, |p| p.insts.push(Inst::SegToDelimiter))
                }
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
                    if to_delimiter {
                        p.group(slot, |p| p.insts.push(Inst::SegToDelimiter));
                    } else {
                        p.group(slot, |p| p.wildcard(r));
                    }
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

    /// Whether every match of what follows `part`'s wildcard starts with
    /// the delimiter: its suffix, or else the next part when that cannot
    /// be skipped (no modifier, or `+`). Only the delimiter itself folds
    /// to the delimiter (`/`, `.`), so this holds with ignore case too.
    fn delimiter_follows(&self, part: &Part, next: Option<&Part>) -> bool {
        let Some(d) = self.delimiter else {
            return false;
        };
        if !part.suffix.is_empty() {
            return part.suffix.starts_with(d);
        }
        match next {
            Some(n) if matches!(n.modifier, Modifier::None | Modifier::OneOrMore) => match n.ty {
                PartType::FixedText => n.value.starts_with(d),
                _ => n.prefix.starts_with(d),
            },
            _ => false,
        }
    }

    fn new_group(&mut self) -> usize {
        self.groups += 1;
        (self.groups - 1) * 2
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
}
