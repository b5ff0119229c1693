//! Parsing a regular expression as RegExpCreate does with the `v` flag
//! (ECMA-262 §22.2.1, "Patterns", with `[UnicodeMode]` and
//! `[UnicodeSetsMode]`), early errors included: any source ECMAScript
//! rejects is [`ErrorKind::Regex`]. Two features that parse are not
//! matched here (see the crate docs): back-references, whose matching no
//! linear-time algorithm is known for, and the properties of strings
//! (`\p{RGI_Emoji}` …), whose data this crate does not carry; both are
//! [`ErrorKind::RegexUnsupported`].

use super::ast::{Assertion, Node, Regexp, Repeat};
use super::set::{CodePointSet, MAX};
use crate::error::{Error, ErrorKind, RegexFeature};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The flags in force at a point of the pattern (`i` from the URL
/// pattern's `ignoreCase`, changed locally by `(?i:…)` modifiers).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
    pub(super) ignore_case: bool,
    pub(super) multiline: bool,
    pub(super) dot_all: bool,
}

pub(super) struct Parser<'a> {
    pub(super) src: &'a [u8],
    pub(super) pos: usize,
    pub(super) flags: Flags,
    pub(super) captures: usize,
    /// Named groups: name and the alternatives enclosing it (disjunction
    /// id, alternative index), for the duplicate-name rule.
    pub(super) names: Vec<(String, Vec<(usize, usize)>)>,
    pub(super) path: Vec<(usize, usize)>,
    pub(super) disjunctions: usize,
    /// Highest `\N` and every `\k<name>` seen, checked once the groups are
    /// all known.
    pub(super) max_backref: usize,
    pub(super) named_backrefs: Vec<String>,
    pub(super) unsupported: Option<RegexFeature>,
}

pub(super) fn syntax() -> Error {
    Error::new(ErrorKind::Regex)
}

/// Parses `source` with flags `v` (and `i` when `ignore_case`).
pub(crate) fn parse(source: &str, ignore_case: bool) -> Result<Regexp, Error> {
    let mut p = Parser {
        src: source.as_bytes(),
        pos: 0,
        flags: Flags {
            ignore_case,
            ..Flags::default()
        },
        captures: 0,
        names: Vec::new(),
        path: Vec::new(),
        disjunctions: 0,
        max_backref: 0,
        named_backrefs: Vec::new(),
        unsupported: None,
    };
    let node = p.disjunction()?;
    if p.pos != p.src.len() {
        // A `)` without its `(`.
        return Err(syntax());
    }
    if p.max_backref > p.captures {
        return Err(syntax());
    }
    for name in &p.named_backrefs {
        if !p.names.iter().any(|(n, _)| n == name) {
            return Err(syntax());
        }
    }
    if p.max_backref > 0 || !p.named_backrefs.is_empty() {
        p.unsupported.get_or_insert(RegexFeature::Backreference);
    }
    if let Some(feature) = p.unsupported {
        return Err(Error::new(ErrorKind::RegexUnsupported(feature)));
    }
    Ok(Regexp {
        node,
        captures: p.captures,
    })
}

impl Parser<'_> {
    pub(super) fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<u8> {
        self.src.get(self.pos + k).copied()
    }

    pub(super) fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(super) fn eat_str(&mut self, s: &str) -> bool {
        if self
            .src
            .get(self.pos..)
            .is_some_and(|r| r.starts_with(s.as_bytes()))
        {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// The code point at the position (the source may be non-ASCII when
    /// called directly; the URL pattern tokenizer makes it ASCII).
    pub(super) fn next_char(&mut self) -> Option<u32> {
        let rest = core::str::from_utf8(self.src.get(self.pos..)?).ok()?;
        let c = rest.chars().next()?;
        self.pos += c.len_utf8();
        Some(c as u32)
    }

    fn disjunction(&mut self) -> Result<Node, Error> {
        let id = self.disjunctions;
        self.disjunctions += 1;
        let mut alternatives = Vec::new();
        loop {
            self.path.push((id, alternatives.len()));
            let alternative = self.alternative();
            self.path.pop();
            alternatives.push(alternative?);
            if !self.eat(b'|') {
                break;
            }
        }
        Ok(if alternatives.len() == 1 {
            alternatives.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(alternatives)
        })
    }

    fn alternative(&mut self) -> Result<Node, Error> {
        let mut terms = Vec::new();
        while let Some(b) = self.peek() {
            if b == b'|' || b == b')' {
                break;
            }
            terms.push(self.term()?);
        }
        Ok(match terms.len() {
            0 => Node::Empty,
            1 => terms.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(terms),
        })
    }

    fn term(&mut self) -> Result<Node, Error> {
        let captures_before = self.captures;
        let atom = match self.peek() {
            Some(b'^') => {
                self.pos += 1;
                return Ok(Node::Assert(Assertion::Start {
                    multiline: self.flags.multiline,
                }));
            }
            Some(b'$') => {
                self.pos += 1;
                return Ok(Node::Assert(Assertion::End {
                    multiline: self.flags.multiline,
                }));
            }
            Some(b'\\') if matches!(self.peek_at(1), Some(b'b' | b'B')) => {
                let negated = self.peek_at(1) == Some(b'B');
                self.pos += 2;
                return Ok(Node::Assert(Assertion::WordBoundary {
                    negated,
                    ignore_case: self.flags.ignore_case,
                }));
            }
            Some(b'(') if self.peek_at(1) == Some(b'?') => {
                let look = match (self.peek_at(2), self.peek_at(3)) {
                    (Some(b'='), _) => Some((false, false, 3)),
                    (Some(b'!'), _) => Some((false, true, 3)),
                    (Some(b'<'), Some(b'=')) => Some((true, false, 4)),
                    (Some(b'<'), Some(b'!')) => Some((true, true, 4)),
                    _ => None,
                };
                match look {
                    // Not quantifiable in Unicode mode: a quantifier after
                    // it has nothing to repeat and fails below as an atom.
                    Some((behind, negated, skip)) => {
                        self.pos += skip;
                        let node = self.disjunction()?;
                        if !self.eat(b')') {
                            return Err(syntax());
                        }
                        // Parsed for its syntax; not matched here.
                        let _ = (node, behind, negated);
                        self.unsupported.get_or_insert(RegexFeature::Lookaround);
                        return Ok(Node::Empty);
                    }
                    None => self.group()?,
                }
            }
            Some(b'(') => self.group()?,
            Some(b'.') => {
                self.pos += 1;
                let set = if self.flags.dot_all {
                    CodePointSet::from_ranges([(0, MAX)])
                } else {
                    CodePointSet::from_ranges([(0, 9), (11, 12), (14, 0x2027), (0x202A, MAX)])
                };
                Node::Set(set)
            }
            Some(b'[') => {
                self.pos += 1;
                let class = self.class()?;
                self.class_node(class)
            }
            Some(b'\\') => {
                self.pos += 1;
                self.atom_escape()?
            }
            // SyntaxCharacters that cannot start an atom in Unicode mode.
            Some(b'*' | b'+' | b'?' | b'{' | b'}' | b']' | b')' | b'|') | None => {
                return Err(syntax())
            }
            Some(_) => {
                let c = self.next_char().ok_or_else(syntax)?;
                self.literal(c)
            }
        };
        self.quantifier(atom, captures_before)
    }

    /// A literal code point under the current flags.
    pub(super) fn literal(&self, c: u32) -> Node {
        if self.flags.ignore_case {
            let set = CodePointSet::single(c).case_fold_closure();
            if set.as_single().is_none() {
                return Node::Set(set);
            }
        }
        Node::Char(c)
    }

    fn quantifier(&mut self, atom: Node, captures_before: usize) -> Result<Node, Error> {
        let (min, max) = match self.peek() {
            Some(b'*') => {
                self.pos += 1;
                (0, None)
            }
            Some(b'+') => {
                self.pos += 1;
                (1, None)
            }
            Some(b'?') => {
                self.pos += 1;
                (0, Some(1))
            }
            Some(b'{') => {
                self.pos += 1;
                let min = self.decimal().ok_or_else(syntax)?;
                let max = if self.eat(b',') {
                    if self.peek() == Some(b'}') {
                        None
                    } else {
                        Some(self.decimal().ok_or_else(syntax)?)
                    }
                } else {
                    Some(min)
                };
                if !self.eat(b'}') || max.is_some_and(|m| m < min) {
                    return Err(syntax());
                }
                (min, max)
            }
            _ => return Ok(atom),
        };
        let greedy = !self.eat(b'?');
        Ok(Node::Repeat(Box::new(Repeat {
            atom,
            min,
            max,
            greedy,
            captures: captures_before..self.captures,
        })))
    }

    /// DecimalDigits, saturating (a count past u32::MAX is no different
    /// in practice: such a repetition is too large to compile anyway).
    fn decimal(&mut self) -> Option<u32> {
        let start = self.pos;
        let mut value: u32 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            self.pos += 1;
        }
        (self.pos > start).then_some(value)
    }

    /// `(…)`, `(?:…)`, `(?<name>…)` and `(?ims-ims:…)`.
    fn group(&mut self) -> Result<Node, Error> {
        self.pos += 1;
        let saved = self.flags;
        let capture = if self.eat(b'?') {
            if self.eat(b'<') {
                let name = self.group_name()?;
                let path = self.path.clone();
                for (other, other_path) in &self.names {
                    if *other == name && might_both_participate(other_path, &path) {
                        return Err(syntax());
                    }
                }
                self.names.push((name, path));
                true
            } else {
                self.modifiers()?;
                false
            }
        } else {
            true
        };
        let index = if capture {
            self.captures += 1;
            Some(self.captures)
        } else {
            None
        };
        let node = self.disjunction();
        self.flags = saved;
        let node = node?;
        if !self.eat(b')') {
            return Err(syntax());
        }
        Ok(match index {
            Some(i) => Node::Capture(i, Box::new(node)),
            None => node,
        })
    }

    /// After `(?`: `:`, or RegularExpressionModifiers (ES2025) then `:`.
    fn modifiers(&mut self) -> Result<(), Error> {
        let mut seen = [false; 3];
        let mut set = |p: &mut Parser<'_>, on: bool| -> Result<usize, Error> {
            let mut n = 0;
            while let Some(f @ (b'i' | b'm' | b's')) = p.peek() {
                let k = match f {
                    b'i' => 0,
                    b'm' => 1,
                    _ => 2,
                };
                if core::mem::replace(&mut seen[k], true) {
                    return Err(syntax());
                }
                match k {
                    0 => p.flags.ignore_case = on,
                    1 => p.flags.multiline = on,
                    _ => p.flags.dot_all = on,
                }
                p.pos += 1;
                n += 1;
            }
            Ok(n)
        };
        let added = set(self, true)?;
        if self.eat(b'-') {
            let removed = set(self, false)?;
            if added + removed == 0 {
                return Err(syntax());
            }
        }
        if self.eat(b':') {
            Ok(())
        } else {
            Err(syntax())
        }
    }

    /// GroupName after `<`, through `>`.
    fn group_name(&mut self) -> Result<String, Error> {
        let mut name = String::new();
        loop {
            if self.eat(b'>') {
                break;
            }
            let c = if self.eat(b'\\') {
                if !self.eat(b'u') {
                    return Err(syntax());
                }
                self.unicode_escape()?
            } else {
                self.next_char().ok_or_else(syntax)?
            };
            let c = char::from_u32(c).ok_or_else(syntax)?;
            let valid = if name.is_empty() {
                c == '$' || c == '_' || unicode_id_start::is_id_start(c)
            } else {
                matches!(c, '$' | '\u{200C}' | '\u{200D}') || unicode_id_start::is_id_continue(c)
            };
            if !valid {
                return Err(syntax());
            }
            name.push(c);
        }
        if name.is_empty() {
            return Err(syntax());
        }
        Ok(name)
    }

    /// After `\` outside a class.
    fn atom_escape(&mut self) -> Result<Node, Error> {
        match self.peek() {
            Some(b'1'..=b'9') => {
                let n = self.decimal().unwrap_or(0);
                self.max_backref = self.max_backref.max(n as usize);
                Ok(Node::Empty)
            }
            Some(b'k') => {
                self.pos += 1;
                if !self.eat(b'<') {
                    return Err(syntax());
                }
                let name = self.group_name()?;
                self.named_backrefs.push(name);
                Ok(Node::Empty)
            }
            Some(b'd' | b'D' | b's' | b'S' | b'w' | b'W' | b'p' | b'P') => {
                let class = self.class_escape()?;
                Ok(self.class_node(class))
            }
            _ => {
                let c = self.character_escape(false)?;
                Ok(self.literal(c))
            }
        }
    }

    /// CharacterEscape after `\` (Unicode mode); `in_class` also allows
    /// the ClassSetReservedPunctuator escapes and `\b`.
    pub(super) fn character_escape(&mut self, in_class: bool) -> Result<u32, Error> {
        let b = self.peek().ok_or_else(syntax)?;
        self.pos += 1;
        Ok(match b {
            b'f' => 0x0C,
            b'n' => 0x0A,
            b'r' => 0x0D,
            b't' => 0x09,
            b'v' => 0x0B,
            b'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    u32::from(l % 32)
                }
                _ => return Err(syntax()),
            },
            b'0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            b'x' => self.hex_digits(2).ok_or_else(syntax)?,
            b'u' => self.unicode_escape()?,
            b'^' | b'$' | b'\\' | b'.' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']' | b'{'
            | b'}' | b'|' | b'/' => u32::from(b),
            b'b' if in_class => 0x08,
            b'&' | b'-' | b'!' | b'#' | b'%' | b',' | b':' | b';' | b'<' | b'=' | b'>' | b'@'
            | b'`' | b'~'
                if in_class =>
            {
                u32::from(b)
            }
            _ => return Err(syntax()),
        })
    }

    pub(super) fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let mut v = 0;
        for _ in 0..n {
            let d = char::from(self.peek()?).to_digit(16)?;
            v = v * 16 + d;
            self.pos += 1;
        }
        Some(v)
    }

    /// RegExpUnicodeEscapeSequence[+UnicodeMode] after `\u`.
    pub(super) fn unicode_escape(&mut self) -> Result<u32, Error> {
        if self.eat(b'{') {
            let start = self.pos;
            let mut v: u32 = 0;
            while let Some(d) = self.peek().and_then(|b| char::from(b).to_digit(16)) {
                v = v.saturating_mul(16).saturating_add(d);
                self.pos += 1;
            }
            if self.pos == start || v > MAX || !self.eat(b'}') {
                return Err(syntax());
            }
            return Ok(v);
        }
        let lead = self.hex_digits(4).ok_or_else(syntax)?;
        if (0xD800..=0xDBFF).contains(&lead)
            && self.peek() == Some(b'\\')
            && self.peek_at(1) == Some(b'u')
        {
            let save = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(trail @ 0xDC00..=0xDFFF) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Ok(lead)
    }
}

/// Whether two groups may both take part in a match: unless some
/// disjunction encloses them in different alternatives (ES2025's
/// duplicate named groups).
fn might_both_participate(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    !a.iter()
        .any(|(d, alt)| b.iter().any(|(e, other)| d == e && alt != other))
}
