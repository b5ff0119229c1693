//! Converting part lists to pattern strings (urlpattern.bs §2.3): the
//! normalized pattern a `URLPattern`'s component getters return.

use crate::parser::{
    generate_segment_wildcard_regexp, starts_with_name_code_point, Modifier, Options, Part,
    PartType, FULL_WILDCARD_REGEXP_VALUE,
};
use alloc::string::String;

/// "generate a pattern string".
///
/// ```
/// use weburl_pattern::{generate_a_pattern_string, parse_a_pattern_string, Options};
/// let parts = parse_a_pattern_string("{/books}/(\\d+)", &Options::PATHNAME, |s| Ok(s.into())).unwrap();
/// assert_eq!(generate_a_pattern_string(&parts, &Options::PATHNAME), "/books/(\\d+)");
/// ```
pub fn generate_a_pattern_string(part_list: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in part_list.iter().enumerate() {
        let previous_part = index.checked_sub(1).and_then(|i| part_list.get(i));
        let next_part = part_list.get(index + 1);
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_a_pattern_string_into(&part.value, &mut result);
                continue;
            }
            result.push('{');
            escape_a_pattern_string_into(&part.value, &mut result);
            result.push('}');
            result.push_str(part.modifier.as_str());
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let prefix_is_prefix_code_point = {
            let mut chars = part.prefix.chars();
            matches!((chars.next(), chars.next()), (Some(c), None) if Some(c) == options.prefix_code_point)
        };
        let mut needs_grouping =
            !part.suffix.is_empty() || (!part.prefix.is_empty() && !prefix_is_prefix_code_point);
        if !needs_grouping
            && custom_name
            && part.ty == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(next_part) = next_part {
                if next_part.prefix.is_empty() && next_part.suffix.is_empty() {
                    if next_part.ty == PartType::FixedText {
                        needs_grouping = starts_with_name_code_point(&next_part.value);
                    } else {
                        needs_grouping = next_part.name.starts_with(|c: char| c.is_ascii_digit());
                    }
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(previous_part) = previous_part {
                if previous_part.ty == PartType::FixedText
                    && options.prefix_code_point.is_some()
                    && previous_part.value.chars().last() == options.prefix_code_point
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            result.push('{');
        }
        escape_a_pattern_string_into(&part.prefix, &mut result);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.ty {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&generate_segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                let star = !custom_name
                    && (previous_part.map_or(true, |p| {
                        p.ty == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty());
                if star {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP_VALUE);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.ty == PartType::SegmentWildcard
            && custom_name
            && starts_with_name_code_point(&part.suffix)
        {
            result.push('\\');
        }
        escape_a_pattern_string_into(&part.suffix, &mut result);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
    }
    result
}

/// "escape a pattern string".
///
/// ```
/// assert_eq!(weburl_pattern::escape_a_pattern_string("a:b*"), "a\\:b\\*");
/// ```
pub fn escape_a_pattern_string(input: &str) -> String {
    let mut result = String::with_capacity(input.len());
    escape_a_pattern_string_into(input, &mut result);
    result
}

fn escape_a_pattern_string_into(input: &str, result: &mut String) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            result.push('\\');
        }
        result.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_a_pattern_string;
    use alloc::string::ToString;

    fn roundtrip(pattern: &str, options: &Options) -> String {
        let parts = parse_a_pattern_string(pattern, options, |s| Ok(s.to_string())).unwrap();
        generate_a_pattern_string(&parts, options)
    }

    // Expected values follow the algorithm's grouping rules (urlpattern.bs
    // §2.3); WPT's expected_obj values cover the rest.
    #[test]
    fn grouping_rules() {
        let p = &Options::PATHNAME;
        assert_eq!(roundtrip("/:id", p), "/:id");
        // A name followed by a name code point needs braces.
        assert_eq!(roundtrip("{:id}x", p), "{:id}x");
        // A group right after a fixed "/" without its own prefix.
        assert_eq!(roundtrip("/{:id}", p), "/{:id}");
        assert_eq!(roundtrip("(.*)", p), "*");
        assert_eq!(roundtrip(":a(.*)", p), ":a(.*)");
        assert_eq!(roundtrip(":a*", p), ":a*");
        assert_eq!(roundtrip("/(foo)", p), "/(foo)");
        assert_eq!(roundtrip("{a:b\\c}", &Options::DEFAULT), "{a:b\\c}");
        assert_eq!(roundtrip("([^]+?)", &Options::DEFAULT), "([^]+?)");
    }
}
