//! Parts, options and parsing (urlpattern.bs §2.1.3 "Parts", §2.1.4
//! "Options", §2.1.5 "Parsing").

use crate::error::{Error, ErrorKind};
use crate::tokenizer::{is_valid_name_code_point, tokenize, Token, TokenType, TokenizePolicy};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// What a part matches (urlpattern.bs "part/type").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartType {
    /// Fixed text.
    FixedText,
    /// A group with a custom regular expression.
    Regexp,
    /// A group matching code points up to the next delimiter (`:name`).
    SegmentWildcard,
    /// A group greedily matching all code points (`*`).
    FullWildcard,
}

/// A part's modifier (urlpattern.bs "part/modifier").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier.
    None,
    /// `?`
    Optional,
    /// `*`
    ZeroOrMore,
    /// `+`
    OneOrMore,
}

impl Modifier {
    /// "convert a modifier to a string".
    pub const fn as_str(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Optional => "?",
            Modifier::ZeroOrMore => "*",
            Modifier::OneOrMore => "+",
        }
    }
}

/// One piece of a parsed pattern string (urlpattern.bs "part").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    /// The part's type.
    pub ty: PartType,
    /// Fixed text (encoded) for a fixed-text part, the regular expression for
    /// a regexp part, empty for wildcards.
    pub value: String,
    /// The part's modifier.
    pub modifier: Modifier,
    /// The group's name (`"id"` for `:id`, `"0"`, `"1"` … for unnamed
    /// groups); empty for fixed text.
    pub name: String,
    /// Encoded fixed text before the group.
    pub prefix: String,
    /// Encoded fixed text after the group.
    pub suffix: String,
}

/// Settings of a component's pattern syntax (urlpattern.bs "options").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The segment separator (`/` for pathnames, `.` for hostnames), if any.
    pub delimiter_code_point: Option<char>,
    /// The automatic group prefix (`/` for pathnames), if any.
    pub prefix_code_point: Option<char>,
    /// Case-insensitive matching.
    pub ignore_case: bool,
}

impl Options {
    /// "default options": no delimiter, no prefix.
    pub const DEFAULT: Options = Options {
        delimiter_code_point: None,
        prefix_code_point: None,
        ignore_case: false,
    };
    /// "hostname options": delimiter `.`.
    pub const HOSTNAME: Options = Options {
        delimiter_code_point: Some('.'),
        prefix_code_point: None,
        ignore_case: false,
    };
    /// "pathname options": delimiter and prefix `/`.
    pub const PATHNAME: Options = Options {
        delimiter_code_point: Some('/'),
        prefix_code_point: Some('/'),
        ignore_case: false,
    };

    /// A copy with "ignore case" set to `ignore_case`.
    pub const fn with_ignore_case(self, ignore_case: bool) -> Options {
        Options {
            ignore_case,
            ..self
        }
    }

    /// Whether `s` is exactly the prefix code point.
    fn is_prefix_code_point(&self, s: &str) -> bool {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Some(c) == self.prefix_code_point,
            _ => false,
        }
    }
}

/// The standard's pattern parser struct.
struct PatternParser<'a, F> {
    token_list: Vec<Token<'a>>,
    encoding_callback: F,
    segment_wildcard_regexp: String,
    part_list: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
}

/// The "full wildcard regexp value".
pub const FULL_WILDCARD_REGEXP_VALUE: &str = ".*";

/// Runs "parse a pattern string": tokenizes `input` strictly and builds its
/// part list, passing every piece of fixed text through `encoding_callback`.
///
/// ```
/// use weburl_pattern::{parse_a_pattern_string, Options, PartType, Modifier};
/// let parts = parse_a_pattern_string("/books/:id?", &Options::PATHNAME, |s| Ok(s.into())).unwrap();
/// assert_eq!(parts.len(), 2);
/// assert_eq!(parts[0].ty, PartType::FixedText);
/// assert_eq!(parts[0].value, "/books");
/// assert_eq!((parts[1].ty, parts[1].modifier), (PartType::SegmentWildcard, Modifier::Optional));
/// assert_eq!((parts[1].name.as_str(), parts[1].prefix.as_str()), ("id", "/"));
/// ```
pub fn parse_a_pattern_string<F>(
    input: &str,
    options: &Options,
    encoding_callback: F,
) -> Result<Vec<Part>, Error>
where
    F: FnMut(&str) -> Result<String, Error>,
{
    let mut parser = PatternParser {
        token_list: tokenize(input, TokenizePolicy::Strict)?,
        encoding_callback,
        segment_wildcard_regexp: generate_segment_wildcard_regexp(options),
        part_list: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
    };
    while parser.index < parser.token_list.len() {
        let char_token = parser.try_to_consume_a_token(TokenType::Char);
        let mut name_token = parser.try_to_consume_a_token(TokenType::Name);
        let mut regexp_or_wildcard_token =
            parser.try_to_consume_a_regexp_or_wildcard_token(name_token);
        if name_token.is_some() || regexp_or_wildcard_token.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value);
            if !prefix.is_empty() && !options.is_prefix_code_point(prefix) {
                parser.pending_fixed_value.push_str(prefix);
                prefix = "";
            }
            parser.maybe_add_a_part_from_the_pending_fixed_value()?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                prefix,
                name_token,
                regexp_or_wildcard_token,
                "",
                modifier_token,
            )?;
            continue;
        }
        let mut fixed_token = char_token;
        if fixed_token.is_none() {
            fixed_token = parser.try_to_consume_a_token(TokenType::EscapedChar);
        }
        if let Some(fixed_token) = fixed_token {
            parser.pending_fixed_value.push_str(fixed_token.value);
            continue;
        }
        let open_token = parser.try_to_consume_a_token(TokenType::Open);
        if open_token.is_some() {
            let prefix = parser.consume_text();
            name_token = parser.try_to_consume_a_token(TokenType::Name);
            regexp_or_wildcard_token = parser.try_to_consume_a_regexp_or_wildcard_token(name_token);
            let suffix = parser.consume_text();
            parser.consume_a_required_token(TokenType::Close)?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                &prefix,
                name_token,
                regexp_or_wildcard_token,
                &suffix,
                modifier_token,
            )?;
            continue;
        }
        parser.maybe_add_a_part_from_the_pending_fixed_value()?;
        parser.consume_a_required_token(TokenType::End)?;
    }
    Ok(parser.part_list)
}

impl<'a, F> PatternParser<'a, F>
where
    F: FnMut(&str) -> Result<String, Error>,
{
    fn try_to_consume_a_token(&mut self, ty: TokenType) -> Option<Token<'a>> {
        let next_token = *self.token_list.get(self.index)?;
        if next_token.ty != ty {
            return None;
        }
        self.index += 1;
        Some(next_token)
    }

    fn try_to_consume_a_modifier_token(&mut self) -> Option<Token<'a>> {
        self.try_to_consume_a_token(TokenType::OtherModifier)
            .or_else(|| self.try_to_consume_a_token(TokenType::Asterisk))
    }

    fn try_to_consume_a_regexp_or_wildcard_token(
        &mut self,
        name_token: Option<Token<'a>>,
    ) -> Option<Token<'a>> {
        let token = self.try_to_consume_a_token(TokenType::Regexp);
        if name_token.is_none() && token.is_none() {
            return self.try_to_consume_a_token(TokenType::Asterisk);
        }
        token
    }

    fn consume_a_required_token(&mut self, ty: TokenType) -> Result<Token<'a>, Error> {
        self.try_to_consume_a_token(ty).ok_or_else(|| {
            let index = self.token_list.get(self.index).map_or(0, |t| t.index);
            Error::new(ErrorKind::UnexpectedToken { index })
        })
    }

    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        loop {
            let token = self
                .try_to_consume_a_token(TokenType::Char)
                .or_else(|| self.try_to_consume_a_token(TokenType::EscapedChar));
            match token {
                Some(token) => result.push_str(token.value),
                None => break,
            }
        }
        result
    }

    fn maybe_add_a_part_from_the_pending_fixed_value(&mut self) -> Result<(), Error> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded_value = (self.encoding_callback)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.part_list.push(Part {
            ty: PartType::FixedText,
            value: encoded_value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    fn add_a_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token<'a>>,
        regexp_or_wildcard_token: Option<Token<'a>>,
        suffix: &str,
        modifier_token: Option<Token<'a>>,
    ) -> Result<(), Error> {
        let modifier = match modifier_token.map(|t| t.value) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard_token.is_none() && modifier == Modifier::None
        {
            // A "{foo}" grouping: its text joins the pending fixed value.
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_a_part_from_the_pending_fixed_value()?;
        if name_token.is_none() && regexp_or_wildcard_token.is_none() {
            // A "{foo}?" grouping (its suffix is empty: without a group,
            // consume text took all the text as the prefix).
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded_value = (self.encoding_callback)(prefix)?;
            self.part_list.push(Part {
                ty: PartType::FixedText,
                value: encoded_value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        // Go through the regular expression first, so that a regexp token
        // spelling a wildcard's expression ("([^/]+?)", "(.*)") becomes that
        // wildcard.
        let regexp_value = match regexp_or_wildcard_token {
            None => self.segment_wildcard_regexp.as_str(),
            Some(t) if t.ty == TokenType::Asterisk => FULL_WILDCARD_REGEXP_VALUE,
            Some(t) => t.value,
        };
        let (ty, regexp_value) = if regexp_value == self.segment_wildcard_regexp {
            (PartType::SegmentWildcard, String::new())
        } else if regexp_value == FULL_WILDCARD_REGEXP_VALUE {
            (PartType::FullWildcard, String::new())
        } else {
            (PartType::Regexp, regexp_value.to_string())
        };
        let name = if let Some(name_token) = name_token {
            name_token.value.to_string()
        } else {
            let name = self.next_numeric_name.to_string();
            self.next_numeric_name += 1;
            name
        };
        if self.is_a_duplicate_name(&name) {
            return Err(Error::new(ErrorKind::DuplicateName));
        }
        let encoded_prefix = (self.encoding_callback)(prefix)?;
        let encoded_suffix = (self.encoding_callback)(suffix)?;
        self.part_list.push(Part {
            ty,
            value: regexp_value,
            modifier,
            name,
            prefix: encoded_prefix,
            suffix: encoded_suffix,
        });
        Ok(())
    }

    fn is_a_duplicate_name(&self, name: &str) -> bool {
        self.part_list.iter().any(|part| part.name == name)
    }
}

/// Whether `s` starts with a code point that may continue a name (the
/// pattern string generator's grouping test).
pub(crate) fn starts_with_name_code_point(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| is_valid_name_code_point(c, false))
}

// The two §2.2 algorithms parsing needs (to tell a `:name` group from
// one with an explicit regexp), kept here so that parsing does not
// depend on the regular expression generator.

/// "generate a segment wildcard regexp": `[^<delimiter>]+?`.
pub fn generate_segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(d) = options.delimiter_code_point {
        let mut buf = [0u8; 4];
        escape_regexp_string_into(d.encode_utf8(&mut buf), &mut result);
    }
    result.push_str("]+?");
    result
}

/// "escape a regexp string".
pub fn escape_regexp_string(input: &str) -> String {
    let mut result = String::with_capacity(input.len());
    escape_regexp_string_into(input, &mut result);
    result
}

pub(crate) fn escape_regexp_string_into(input: &str, result: &mut String) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            result.push('\\');
        }
        result.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str, options: &Options) -> Result<Vec<Part>, Error> {
        parse_a_pattern_string(input, options, |s| Ok(s.to_string()))
    }

    #[test]
    fn prefix_only_for_the_prefix_code_point() {
        // "/:foo" in a pathname: "/" is the group's prefix.
        let parts = parse("/:foo", &Options::PATHNAME).unwrap();
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].prefix, "/");
        // "a:foo": "a" is fixed text before the group.
        let parts = parse("a:foo", &Options::PATHNAME).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].value, "a");
        assert_eq!(parts[1].prefix, "");
    }

    #[test]
    fn groupings() {
        let parts = parse("{a:foo(bar)b}?", &Options::DEFAULT).unwrap();
        assert_eq!(parts.len(), 1);
        let p = &parts[0];
        assert_eq!(
            (p.ty, p.value.as_str(), p.name.as_str()),
            (PartType::Regexp, "bar", "foo")
        );
        assert_eq!((p.prefix.as_str(), p.suffix.as_str()), ("a", "b"));
        assert_eq!(p.modifier, Modifier::Optional);
        // "{ab}" joins the surrounding text; "{ab}?" is its own part.
        assert_eq!(parse("x{ab}y", &Options::DEFAULT).unwrap()[0].value, "xaby");
        assert_eq!(parse("x{ab}?", &Options::DEFAULT).unwrap().len(), 2);
    }

    #[test]
    fn numeric_names_and_duplicates() {
        // "(a)*" is a group with the zero-or-more modifier; "-*" a full
        // wildcard after fixed text.
        let parts = parse("(a)*-*(b)", &Options::DEFAULT).unwrap();
        let names: Vec<_> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["0", "", "1", "2"]);
        assert_eq!(parts[0].modifier, Modifier::ZeroOrMore);
        assert_eq!(parts[2].ty, PartType::FullWildcard);
        assert_eq!(
            parse(":a/:a", &Options::PATHNAME).unwrap_err().kind(),
            &ErrorKind::DuplicateName
        );
    }

    #[test]
    fn regexp_spelling_a_wildcard_is_that_wildcard() {
        let parts = parse("/([^\\/]+?)", &Options::PATHNAME).unwrap();
        assert_eq!(parts[0].ty, PartType::SegmentWildcard);
        let parts = parse("(.*)", &Options::PATHNAME).unwrap();
        assert_eq!(parts[0].ty, PartType::FullWildcard);
    }

    #[test]
    fn unbalanced_groupings_fail() {
        assert!(parse("{a", &Options::DEFAULT).is_err());
        assert!(parse("a}", &Options::DEFAULT).is_err());
        assert!(parse("?", &Options::DEFAULT).is_err());
        assert!(parse("{:a}{", &Options::DEFAULT).is_err());
    }
}
