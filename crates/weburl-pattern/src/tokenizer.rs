//! Tokens and tokenizing (urlpattern.bs §2.1.1 "Tokens", §2.1.2 "Tokenizing").
//!
//! The standard indexes a pattern string by code points; this module keeps
//! the code points in a list (as the standard's tokenizer does) and gives each
//! token's index and value as byte positions into the original `&str`, so the
//! constructor string parser can slice the input without re-counting.

use crate::error::{Error, ErrorKind};
use alloc::vec::Vec;

/// A token's type (urlpattern.bs "token/type").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenType {
    /// `{`
    Open,
    /// `}`
    Close,
    /// `(<regular expression>)`; the value is the expression without the
    /// parentheses.
    Regexp,
    /// `:<name>`; the value is the name without the colon.
    Name,
    /// A code point without syntactic meaning.
    Char,
    /// `\<char>`; the value is the escaped code point.
    EscapedChar,
    /// `?` or `+`.
    OtherModifier,
    /// `*`: a full wildcard or the zero-or-more modifier.
    Asterisk,
    /// The end of the pattern string.
    End,
    /// A code point that is invalid where it stands (lenient policy only).
    InvalidChar,
}

/// A lexical token of a pattern string (urlpattern.bs "token").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's type.
    pub ty: TokenType,
    /// Byte position in the pattern string of the token's first code point.
    pub index: usize,
    /// The code points the token stands for (see [`TokenType`] for what each
    /// type keeps).
    pub value: &'a str,
}

/// Whether tokenizing errors throw or become `invalid-char` tokens
/// (urlpattern.bs "tokenize policy").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenizePolicy {
    /// A tokenizing error is an error.
    Strict,
    /// A tokenizing error adds an `invalid-char` token (the constructor
    /// string parser's policy).
    Lenient,
}

/// The standard's tokenizer struct: input as code points, positions in code
/// points.
struct Tokenizer<'a> {
    input: &'a str,
    /// The input's code points.
    chars: Vec<char>,
    /// Byte offset of each code point, plus the input's length at the end.
    offsets: Vec<usize>,
    policy: TokenizePolicy,
    token_list: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
    code_point: char,
}

/// Runs "tokenize" on `input` with `policy`.
///
/// ```
/// use weburl_pattern::{tokenize, TokenType, TokenizePolicy};
/// let tokens = tokenize("/:id(\\d+)?", TokenizePolicy::Strict).unwrap();
/// let types: Vec<_> = tokens.iter().map(|t| t.ty).collect();
/// assert_eq!(types, [TokenType::Char, TokenType::Name, TokenType::Regexp,
///                    TokenType::OtherModifier, TokenType::End]);
/// assert_eq!(tokens[1].value, "id");
/// assert_eq!(tokens[2].value, "\\d+");
/// ```
pub fn tokenize(input: &str, policy: TokenizePolicy) -> Result<Vec<Token<'_>>, Error> {
    let mut chars = Vec::with_capacity(input.len());
    let mut offsets = Vec::with_capacity(input.len() + 1);
    for (i, c) in input.char_indices() {
        chars.push(c);
        offsets.push(i);
    }
    offsets.push(input.len());
    let mut t = Tokenizer {
        input,
        chars,
        offsets,
        policy,
        token_list: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    t.run()?;
    Ok(t.token_list)
}

impl<'a> Tokenizer<'a> {
    fn len(&self) -> usize {
        self.chars.len()
    }

    fn run(&mut self) -> Result<(), Error> {
        while self.index < self.len() {
            self.seek_and_get_next_code_point(self.index);
            match self.code_point {
                '*' => {
                    self.add_token_with_default_position_and_length(TokenType::Asterisk);
                    continue;
                }
                '+' | '?' => {
                    self.add_token_with_default_position_and_length(TokenType::OtherModifier);
                    continue;
                }
                '\\' => {
                    if self.index + 1 == self.len() {
                        self.process_tokenizing_error(self.next_index, self.index)?;
                        continue;
                    }
                    let escaped_index = self.next_index;
                    self.get_next_code_point();
                    self.add_token_with_default_length(
                        TokenType::EscapedChar,
                        self.next_index,
                        escaped_index,
                    );
                    continue;
                }
                '{' => {
                    self.add_token_with_default_position_and_length(TokenType::Open);
                    continue;
                }
                '}' => {
                    self.add_token_with_default_position_and_length(TokenType::Close);
                    continue;
                }
                ':' => {
                    self.name()?;
                    continue;
                }
                '(' => {
                    self.regexp()?;
                    continue;
                }
                _ => {}
            }
            self.add_token_with_default_position_and_length(TokenType::Char);
        }
        self.add_token_with_default_length(TokenType::End, self.index, self.index);
        Ok(())
    }

    /// The `:` branch: a name token, or an error when no name follows.
    fn name(&mut self) -> Result<(), Error> {
        let mut name_position = self.next_index;
        let name_start = name_position;
        while name_position < self.len() {
            self.seek_and_get_next_code_point(name_position);
            let first_code_point = name_position == name_start;
            if !is_valid_name_code_point(self.code_point, first_code_point) {
                break;
            }
            name_position = self.next_index;
        }
        if name_position <= name_start {
            return self.process_tokenizing_error(name_start, self.index);
        }
        self.add_token_with_default_length(TokenType::Name, name_position, name_start);
        Ok(())
    }

    /// The `(` branch: a balanced, ASCII-only regexp whose groups are all
    /// `(?…)`, or an error.
    fn regexp(&mut self) -> Result<(), Error> {
        let mut depth = 1usize;
        let mut regexp_position = self.next_index;
        let regexp_start = regexp_position;
        while regexp_position < self.len() {
            self.seek_and_get_next_code_point(regexp_position);
            if !self.code_point.is_ascii() {
                return self.process_tokenizing_error(regexp_start, self.index);
            }
            if regexp_position == regexp_start && self.code_point == '?' {
                return self.process_tokenizing_error(regexp_start, self.index);
            }
            if self.code_point == '\\' {
                if regexp_position + 1 == self.len() {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                self.get_next_code_point();
                if !self.code_point.is_ascii() {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                regexp_position = self.next_index;
                continue;
            }
            if self.code_point == ')' {
                depth -= 1;
                if depth == 0 {
                    regexp_position = self.next_index;
                    break;
                }
            } else if self.code_point == '(' {
                depth += 1;
                if regexp_position + 1 == self.len() {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                let temporary_position = self.next_index;
                self.get_next_code_point();
                if self.code_point != '?' {
                    return self.process_tokenizing_error(regexp_start, self.index);
                }
                self.next_index = temporary_position;
            }
            regexp_position = self.next_index;
        }
        if depth != 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        // regexp_position is past the closing ')': the length leaves it out.
        let regexp_length = regexp_position.saturating_sub(regexp_start + 1);
        if regexp_length == 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        self.add_token(
            TokenType::Regexp,
            regexp_position,
            regexp_start,
            regexp_length,
        );
        Ok(())
    }

    fn get_next_code_point(&mut self) {
        // Callers only read at positions below the length; a miss reads as
        // U+0000, which no branch treats specially.
        self.code_point = self.chars.get(self.next_index).copied().unwrap_or('\0');
        self.next_index += 1;
    }

    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    fn byte(&self, code_point_index: usize) -> usize {
        self.offsets
            .get(code_point_index)
            .copied()
            .unwrap_or(self.input.len())
    }

    fn add_token(
        &mut self,
        ty: TokenType,
        next_position: usize,
        value_position: usize,
        value_length: usize,
    ) {
        let start = self.byte(value_position);
        let end = self.byte(value_position + value_length);
        self.token_list.push(Token {
            ty,
            index: self.byte(self.index),
            value: self.input.get(start..end).unwrap_or_default(),
        });
        self.index = next_position;
    }

    fn add_token_with_default_length(
        &mut self,
        ty: TokenType,
        next_position: usize,
        value_position: usize,
    ) {
        let computed_length = next_position.saturating_sub(value_position);
        self.add_token(ty, next_position, value_position, computed_length);
    }

    fn add_token_with_default_position_and_length(&mut self, ty: TokenType) {
        self.add_token_with_default_length(ty, self.next_index, self.index);
    }

    fn process_tokenizing_error(
        &mut self,
        next_position: usize,
        value_position: usize,
    ) -> Result<(), Error> {
        if self.policy == TokenizePolicy::Strict {
            return Err(Error::new(ErrorKind::Tokenize {
                index: self.byte(value_position),
            }));
        }
        self.add_token_with_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }
}

/// "is a valid name code point": ECMAScript's IdentifierStart (`first`) or
/// IdentifierPart — ID_Start plus `$` and `_`; ID_Continue plus `$`, ZWNJ
/// and ZWJ (ID_Continue already has `_`).
pub fn is_valid_name_code_point(code_point: char, first: bool) -> bool {
    if first {
        code_point == '$' || code_point == '_' || unicode_id_start::is_id_start(code_point)
    } else {
        code_point == '$'
            || code_point == '\u{200C}'
            || code_point == '\u{200D}'
            || unicode_id_start::is_id_continue(code_point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(input: &str, policy: TokenizePolicy) -> Vec<(TokenType, &str, usize)> {
        tokenize(input, policy)
            .unwrap()
            .into_iter()
            .map(|t| (t.ty, t.value, t.index))
            .collect()
    }

    #[test]
    fn spec_token_kinds() {
        use TokenType::*;
        assert_eq!(
            types("{a\\*}*+:b(c)", TokenizePolicy::Strict),
            [
                (Open, "{", 0),
                (Char, "a", 1),
                (EscapedChar, "*", 2),
                (Close, "}", 4),
                (Asterisk, "*", 5),
                (OtherModifier, "+", 6),
                (Name, "b", 7),
                (Regexp, "c", 9),
                (End, "", 12),
            ]
        );
    }

    #[test]
    fn regexp_groups_must_be_non_capturing() {
        assert!(tokenize("((a))", TokenizePolicy::Strict).is_err());
        assert!(tokenize("((?:a))", TokenizePolicy::Strict).is_ok());
        assert!(tokenize("(?a)", TokenizePolicy::Strict).is_err());
        assert!(tokenize("()", TokenizePolicy::Strict).is_err());
        assert!(tokenize("(a", TokenizePolicy::Strict).is_err());
        assert!(tokenize("(é)", TokenizePolicy::Strict).is_err());
        assert!(tokenize("\\", TokenizePolicy::Strict).is_err());
        assert!(tokenize(":", TokenizePolicy::Strict).is_err());
    }

    #[test]
    fn lenient_errors_become_invalid_chars() {
        use TokenType::*;
        assert_eq!(
            types(":(é)", TokenizePolicy::Lenient),
            [
                (InvalidChar, ":", 0),
                (InvalidChar, "(", 1),
                (Char, "é", 2),
                (Char, ")", 4),
                (End, "", 5),
            ]
        );
    }

    #[test]
    fn names_follow_identifier_rules() {
        // U+00E9 is ID_Start; a digit may continue but not start a name.
        assert_eq!(
            tokenize(":café", TokenizePolicy::Strict).unwrap()[0].value,
            "café"
        );
        assert!(tokenize(":1", TokenizePolicy::Strict).is_err());
        assert_eq!(
            tokenize(":a1$_", TokenizePolicy::Strict).unwrap()[0].value,
            "a1$_"
        );
    }
}
