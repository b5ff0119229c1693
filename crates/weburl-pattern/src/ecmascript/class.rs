//! Character classes of `v` mode (ClassSetExpression: unions, `&&`, `--`,
//! nested classes, `\\q{…}` strings) and the class escapes, folded under
//! `i` as MaybeSimpleCaseFolding does; part of [`super::parse`](mod@super::parse).

use super::ast::Node;
use super::parse::{syntax, Parser};
use super::property;
use super::set::CodePointSet;
use crate::error::{Error, RegexFeature};
use alloc::vec::Vec;

/// A class's value: its single code points, and its strings of any other
/// length (from `\q{…}`), already folded under `i`.
#[derive(Clone, Debug, Default)]
pub(super) struct ClassValue {
    pub(super) set: CodePointSet,
    pub(super) strings: Vec<Vec<u32>>,
    /// MayContainStrings (a static semantic: syntactic, not the value's).
    pub(super) may_contain_strings: bool,
}

impl Parser<'_> {
    /// CharacterClassEscape after `\`: `d`, `D`, `s`, `S`, `w`, `W`,
    /// `p{…}`, `P{…}`.
    pub(super) fn class_escape(&mut self) -> Result<ClassValue, Error> {
        let b = self.peek().ok_or_else(syntax)?;
        self.pos += 1;
        let ic = self.flags.ignore_case;
        let (set, negated) = match b {
            b'd' | b'D' => (CodePointSet::from_ranges([(0x30, 0x39)]), b == b'D'),
            b's' | b'S' => (white_space(), b == b'S'),
            b'w' | b'W' => (word_characters(ic), b == b'W'),
            b'p' | b'P' => {
                if !self.eat(b'{') {
                    return Err(syntax());
                }
                let start = self.pos;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'=')
                {
                    self.pos += 1;
                }
                let body = core::str::from_utf8(self.src.get(start..self.pos).unwrap_or_default())
                    .unwrap_or_default();
                if !self.eat(b'}') {
                    return Err(syntax());
                }
                match property::lookup(body)? {
                    property::Property::Set(set) => (set, b == b'P'),
                    property::Property::Strings => {
                        if b == b'P' {
                            return Err(syntax());
                        }
                        self.unsupported
                            .get_or_insert(RegexFeature::PropertyOfStrings);
                        return Ok(ClassValue {
                            may_contain_strings: true,
                            ..ClassValue::default()
                        });
                    }
                }
            }
            _ => return Err(syntax()),
        };
        let set = if ic { set.case_fold_closure() } else { set };
        Ok(ClassValue {
            set: if negated { set.complement() } else { set },
            strings: Vec::new(),
            may_contain_strings: false,
        })
    }

    /// ClassContents and the closing `]`, after `[`.
    pub(super) fn class(&mut self) -> Result<ClassValue, Error> {
        let negated = self.eat(b'^');
        let mut value = if self.peek() == Some(b']') {
            ClassValue::default()
        } else {
            self.class_set_expression()?
        };
        if !self.eat(b']') {
            return Err(syntax());
        }
        if negated {
            if value.may_contain_strings {
                return Err(syntax());
            }
            value.set = value.set.complement();
        }
        Ok(value)
    }

    fn class_set_expression(&mut self) -> Result<ClassValue, Error> {
        let (first, first_is_range) = self.class_union_item()?;
        if !first_is_range
            && self
                .src
                .get(self.pos..)
                .is_some_and(|r| r.starts_with(b"&&"))
        {
            let mut acc = first;
            while self.eat_str("&&") {
                if self.peek() == Some(b'&') {
                    return Err(syntax());
                }
                let operand = self.class_set_operand()?;
                acc.set = acc.set.intersection(&operand.set);
                acc.strings.retain(|s| operand.strings.contains(s));
                acc.may_contain_strings &= operand.may_contain_strings;
            }
            return if self.peek() == Some(b']') {
                Ok(acc)
            } else {
                Err(syntax())
            };
        }
        if !first_is_range
            && self
                .src
                .get(self.pos..)
                .is_some_and(|r| r.starts_with(b"--"))
        {
            let mut acc = first;
            while self.eat_str("--") {
                let operand = self.class_set_operand()?;
                acc.set = acc.set.difference(&operand.set);
                acc.strings.retain(|s| !operand.strings.contains(s));
            }
            return if self.peek() == Some(b']') {
                Ok(acc)
            } else {
                Err(syntax())
            };
        }
        let mut acc = first;
        while self.peek() != Some(b']') {
            if self.peek().is_none() {
                return Err(syntax());
            }
            let (item, _) = self.class_union_item()?;
            acc.set = acc.set.union(&item.set);
            for s in item.strings {
                if !acc.strings.contains(&s) {
                    acc.strings.push(s);
                }
            }
            acc.may_contain_strings |= item.may_contain_strings;
        }
        Ok(acc)
    }

    /// A ClassSetRange or a ClassSetOperand; true for a range.
    fn class_union_item(&mut self) -> Result<(ClassValue, bool), Error> {
        if let Some(a) = self.try_class_set_character()? {
            if self.peek() == Some(b'-') && self.peek_at(1) != Some(b'-') {
                self.pos += 1;
                let b = self.try_class_set_character()?.ok_or_else(syntax)?;
                if a > b {
                    return Err(syntax());
                }
                let set = CodePointSet::from_ranges([(a, b)]);
                return Ok((self.fold_set(set), true));
            }
            return Ok((self.fold_set(CodePointSet::single(a)), false));
        }
        Ok((self.class_set_operand()?, false))
    }

    fn fold_set(&self, set: CodePointSet) -> ClassValue {
        let set = if self.flags.ignore_case {
            set.case_fold_closure()
        } else {
            set
        };
        ClassValue {
            set,
            strings: Vec::new(),
            may_contain_strings: false,
        }
    }

    /// NestedClass, ClassStringDisjunction or ClassSetCharacter.
    fn class_set_operand(&mut self) -> Result<ClassValue, Error> {
        if self.eat(b'[') {
            return self.class();
        }
        if self.peek() == Some(b'\\') {
            match self.peek_at(1) {
                Some(b'q') if self.peek_at(2) == Some(b'{') => {
                    self.pos += 3;
                    return self.class_string_disjunction();
                }
                Some(b'd' | b'D' | b's' | b'S' | b'w' | b'W' | b'p' | b'P') => {
                    self.pos += 1;
                    return self.class_escape();
                }
                _ => {}
            }
        }
        let c = self.try_class_set_character()?.ok_or_else(syntax)?;
        Ok(self.fold_set(CodePointSet::single(c)))
    }

    /// A ClassSetCharacter, or `None` (nothing consumed) when the next
    /// thing is not one (a nested class, `\q{`, a class escape, or a
    /// syntax character).
    fn try_class_set_character(&mut self) -> Result<Option<u32>, Error> {
        let Some(b) = self.peek() else {
            return Err(syntax());
        };
        if b == b'\\' {
            return match self.peek_at(1) {
                Some(b'q' | b'd' | b'D' | b's' | b'S' | b'w' | b'W' | b'p' | b'P') => Ok(None),
                _ => {
                    self.pos += 1;
                    self.character_escape(true).map(Some)
                }
            };
        }
        if matches!(
            b,
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'/' | b'-' | b'|'
        ) {
            return Ok(None);
        }
        // ClassSetReservedDoublePunctuator.
        if self.peek_at(1) == Some(b)
            && matches!(
                b,
                b'&' | b'!'
                    | b'#'
                    | b'$'
                    | b'%'
                    | b'*'
                    | b'+'
                    | b','
                    | b'.'
                    | b':'
                    | b';'
                    | b'<'
                    | b'='
                    | b'>'
                    | b'?'
                    | b'@'
                    | b'^'
                    | b'`'
                    | b'~'
            )
        {
            return Err(syntax());
        }
        self.next_char().ok_or_else(syntax).map(Some)
    }

    /// `\q{…}` after `{`: ClassString alternatives.
    fn class_string_disjunction(&mut self) -> Result<ClassValue, Error> {
        let mut value = ClassValue::default();
        let mut current: Vec<u32> = Vec::new();
        loop {
            match self.peek() {
                Some(b'}') | Some(b'|') => {
                    let end = self.peek() == Some(b'}');
                    self.pos += 1;
                    let s = core::mem::take(&mut current);
                    if s.len() == 1 {
                        let folded = self.fold_set(CodePointSet::single(s[0]));
                        value.set = value.set.union(&folded.set);
                    } else {
                        value.may_contain_strings = true;
                        let s = if self.flags.ignore_case {
                            s.into_iter().map(fold_key).collect()
                        } else {
                            s
                        };
                        if !value.strings.contains(&s) {
                            value.strings.push(s);
                        }
                    }
                    if end {
                        return Ok(value);
                    }
                }
                _ => {
                    let c = self.try_class_set_character()?.ok_or_else(syntax)?;
                    current.push(c);
                }
            }
        }
    }

    /// The node matching a class value: its strings longest first, then
    /// its single code points, then the empty string (CompileAtom for a
    /// class in `v` mode).
    pub(super) fn class_node(&self, value: ClassValue) -> Node {
        if value.strings.is_empty() {
            return Node::Set(value.set);
        }
        let mut strings = value.strings;
        strings.sort_by_key(|s| core::cmp::Reverse(s.len()));
        let mut alternatives: Vec<Node> = Vec::new();
        let mut empty = false;
        for s in strings {
            if s.is_empty() {
                empty = true;
                continue;
            }
            let chars = s.into_iter().map(|c| self.literal(c)).collect();
            alternatives.push(Node::Concat(chars));
        }
        if !value.set.is_empty() {
            alternatives.push(Node::Set(value.set));
        }
        if empty {
            alternatives.push(Node::Empty);
        }
        match alternatives.len() {
            1 => alternatives.pop().unwrap_or(Node::Empty),
            _ => Node::Alt(alternatives),
        }
    }
}

/// A representative of `c`'s simple-case-folding class (its smallest
/// member): equal for two code points exactly when they fold alike.
fn fold_key(c: u32) -> u32 {
    CodePointSet::single(c)
        .case_fold_closure()
        .ranges()
        .first()
        .map_or(c, |r| r.0)
}

/// WhiteSpace and LineTerminator: `\s`.
fn white_space() -> CodePointSet {
    CodePointSet::from_ranges([
        (0x09, 0x0D),
        (0x20, 0x20),
        (0xA0, 0xA0),
        (0x1680, 0x1680),
        (0x2000, 0x200A),
        (0x2028, 0x2029),
        (0x202F, 0x202F),
        (0x205F, 0x205F),
        (0x3000, 0x3000),
        (0xFEFF, 0xFEFF),
    ])
}

/// WordCharacters: `[A-Za-z0-9_]`, and with `i` (Unicode mode) the code
/// points that fold into it, U+017F and U+212A.
pub(crate) fn word_characters(ignore_case: bool) -> CodePointSet {
    let basic = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
    let extra: &[(u32, u32)] = if ignore_case {
        &[(0x17F, 0x17F), (0x212A, 0x212A)]
    } else {
        &[]
    };
    CodePointSet::from_ranges(basic.into_iter().chain(extra.iter().copied()))
}
