//! Converting part lists to regular expressions (urlpattern.bs §2.2).
//!
//! The regular expression is what the standard matches with; this crate
//! builds it for patterns with regexp groups (the `regex` feature) and for
//! anyone who wants to see it. Patterns without regexp groups are matched by
//! [`crate::matcher`], which follows the same expression's semantics.

use crate::parser::{
    escape_regexp_string_into, generate_segment_wildcard_regexp, Modifier, Options, Part, PartType,
    FULL_WILDCARD_REGEXP_VALUE,
};
use alloc::string::String;
use alloc::vec::Vec;

/// "generate a regular expression and name list": the ECMAScript regular
/// expression (flags `v`, or `vi` with ignore case) and the group names in
/// capture order.
///
/// ```
/// use weburl_pattern::{generate_a_regular_expression_and_name_list, parse_a_pattern_string, Options};
/// let parts = parse_a_pattern_string("/books/:id", &Options::PATHNAME, |s| Ok(s.into())).unwrap();
/// let (regexp, names) = generate_a_regular_expression_and_name_list(&parts, &Options::PATHNAME);
/// assert_eq!(regexp, "^\\/books(?:\\/([^\\/]+?))$");
/// assert_eq!(names, ["id"]);
/// ```
pub fn generate_a_regular_expression_and_name_list(
    part_list: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut name_list = Vec::new();
    let segment_wildcard = generate_segment_wildcard_regexp(options);
    for part in part_list {
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string_into(&part.value, &mut result);
            } else {
                result.push_str("(?:");
                escape_regexp_string_into(&part.value, &mut result);
                result.push(')');
                result.push_str(part.modifier.as_str());
            }
            continue;
        }
        name_list.push(part.name.clone());
        let regexp_value = match part.ty {
            PartType::SegmentWildcard => segment_wildcard.as_str(),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP_VALUE,
            _ => part.value.as_str(),
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            } else {
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            result.push_str("(?:");
            escape_regexp_string_into(&part.prefix, &mut result);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_regexp_string_into(&part.suffix, &mut result);
            result.push(')');
            result.push_str(part.modifier.as_str());
            continue;
        }
        result.push_str("(?:");
        escape_regexp_string_into(&part.prefix, &mut result);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_regexp_string_into(&part.suffix, &mut result);
        escape_regexp_string_into(&part.prefix, &mut result);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_regexp_string_into(&part.suffix, &mut result);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, name_list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_a_pattern_string;
    use alloc::string::ToString;

    fn regexp(pattern: &str, options: &Options) -> String {
        let parts = parse_a_pattern_string(pattern, options, |s| Ok(s.to_string())).unwrap();
        generate_a_regular_expression_and_name_list(&parts, options).0
    }

    // Expected strings written from the algorithm's templates in
    // urlpattern.bs §2.2, one per branch.
    #[test]
    fn each_template() {
        let p = &Options::PATHNAME;
        assert_eq!(regexp("/a", p), "^\\/a$");
        assert_eq!(regexp("{a}?", p), "^(?:a)?$");
        assert_eq!(regexp(":x", p), "^([^\\/]+?)$");
        assert_eq!(regexp(":x?", p), "^([^\\/]+?)?$");
        assert_eq!(regexp("*+", p), "^((?:.*)+)$");
        assert_eq!(regexp("/:x?", p), "^(?:\\/([^\\/]+?))?$");
        assert_eq!(
            regexp("/:x*", p),
            "^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$"
        );
        assert_eq!(regexp("(\\d+)", &Options::DEFAULT), "^(\\d+)$");
        assert_eq!(regexp(":x", &Options::DEFAULT), "^([^]+?)$");
        assert_eq!(regexp(":x", &Options::HOSTNAME), "^([^\\.]+?)$");
    }
}
