//! `URLPattern.compareComponent()` and `generate()`: two additions to the
//! standard that browsers ship and WPT tests
//! (`urlpattern-compare-test-data.json`, `urlpattern-generate-test-data.json`)
//! but that urlpattern.bs (2026-03) does not define yet. What they do here
//! is what that data requires, and matches Chromium's behaviour:
//!
//! - **compareComponent** orders two patterns' part lists for one
//!   component, part by part: by type (fixed text > regexp > segment
//!   wildcard > full wildcard), then modifier (none > `+` > `?` > `*`),
//!   then prefix, value and suffix as strings (all ASCII: encoded); a list
//!   that runs out compares as an empty fixed-text part. Greater means more
//!   specific, so sorting routes by it, descending, tries `/foo/bar` before
//!   `/foo/:x` before `/foo/*`. Group names do not count.
//! - **generate** builds a component string from a pattern and group
//!   values (reverse routing). Only fixed text and `:name` segments without
//!   a modifier can be generated; each value goes through the component's
//!   encoding callback and must then be one segment (non-empty, without the
//!   delimiter). Anything else is a [`GenerateError`].

use crate::component::Component;
use crate::error::{ComponentName, Error, ErrorKind, GenerateError};
use crate::parser::{Modifier, Part, PartType};
use crate::url_pattern::UrlPattern;
use alloc::string::String;
use core::cmp::Ordering;

fn type_rank(t: PartType) -> u8 {
    match t {
        PartType::FullWildcard => 0,
        PartType::SegmentWildcard => 1,
        PartType::Regexp => 2,
        PartType::FixedText => 3,
    }
}

fn modifier_rank(m: Modifier) -> u8 {
    match m {
        Modifier::ZeroOrMore => 0,
        Modifier::Optional => 1,
        Modifier::OneOrMore => 2,
        Modifier::None => 3,
    }
}

fn compare_parts(a: &Part, b: &Part) -> Ordering {
    (type_rank(a.ty), modifier_rank(a.modifier))
        .cmp(&(type_rank(b.ty), modifier_rank(b.modifier)))
        .then_with(|| a.prefix.as_bytes().cmp(b.prefix.as_bytes()))
        .then_with(|| a.value.as_bytes().cmp(b.value.as_bytes()))
        .then_with(|| a.suffix.as_bytes().cmp(b.suffix.as_bytes()))
}

/// Compares two components' part lists (see the module docs).
pub fn compare_part_lists(left: &[Part], right: &[Part]) -> Ordering {
    let empty = Part {
        ty: PartType::FixedText,
        value: String::new(),
        modifier: Modifier::None,
        name: String::new(),
        prefix: String::new(),
        suffix: String::new(),
    };
    for i in 0..left.len().max(right.len()) {
        let a = left.get(i).unwrap_or(&empty);
        let b = right.get(i).unwrap_or(&empty);
        match compare_parts(a, b) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

impl UrlPattern {
    /// `URLPattern.compareComponent(component, left, right)`: how specific
    /// `left`'s `component` is compared to `right`'s (see the module docs);
    /// the standard's -1, 0, 1 as an [`Ordering`].
    ///
    /// ```
    /// use weburl_pattern::{ComponentName, UrlPattern, UrlPatternInit};
    /// let p = |s: &str| UrlPattern::new(UrlPatternInit { pathname: Some(s.into()), ..Default::default() }.into(), None, Default::default());
    /// let mut routes = [p("/foo/*")?, p("/foo/bar")?, p("/foo/:x")?];
    /// routes.sort_by(|a, b| UrlPattern::compare_component(ComponentName::Pathname, b, a));
    /// assert_eq!(routes.map(|r| r.pathname().to_string()), ["/foo/bar", "/foo/:x", "/foo/*"]);
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn compare_component(
        component: ComponentName,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> Ordering {
        compare_part_lists(
            left.component(component).part_list(),
            right.component(component).part_list(),
        )
    }

    /// `generate(component, groups)`: the `component` string this pattern
    /// gives with `groups` (name, value) filling its `:name` segments;
    /// extra groups are ignored.
    ///
    /// ```
    /// use weburl_pattern::{ComponentName, UrlPattern};
    /// let p = UrlPattern::new("https://:sub.example.com/users/:id".into(), None, Default::default())?;
    /// assert_eq!(p.generate(ComponentName::Pathname, [("id", "ann b")])?, "/users/ann%20b");
    /// assert_eq!(p.generate(ComponentName::Hostname, [("sub", "shop")])?, "shop.example.com");
    /// assert!(p.generate(ComponentName::Pathname, [("id", "a/b")]).is_err());
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn generate<'g>(
        &self,
        component: ComponentName,
        groups: impl IntoIterator<Item = (&'g str, &'g str)> + Clone,
    ) -> Result<String, Error> {
        generate(self.component(component), groups)
    }
}

fn fail(e: GenerateError) -> Error {
    Error::new(ErrorKind::Generate(e))
}

/// [`UrlPattern::generate`] for one compiled component.
pub fn generate<'g>(
    component: &Component,
    groups: impl IntoIterator<Item = (&'g str, &'g str)> + Clone,
) -> Result<String, Error> {
    let mut out = String::new();
    for part in component.part_list() {
        if part.modifier != Modifier::None {
            return Err(fail(GenerateError::UnsupportedPart));
        }
        match part.ty {
            PartType::FixedText => out.push_str(&part.value),
            PartType::SegmentWildcard => {
                let value = groups
                    .clone()
                    .into_iter()
                    .find(|(name, _)| *name == part.name)
                    .map(|(_, v)| v)
                    .ok_or(fail(GenerateError::MissingGroup))?;
                let encoded = component
                    .encoding_callback()
                    .run(value)
                    .map_err(|_| fail(GenerateError::InvalidValue))?;
                let crosses = component
                    .delimiter_code_point()
                    .is_some_and(|d| encoded.contains(d));
                if encoded.is_empty() || crosses {
                    return Err(fail(GenerateError::InvalidValue));
                }
                out.push_str(&part.prefix);
                out.push_str(&encoded);
                out.push_str(&part.suffix);
            }
            PartType::Regexp | PartType::FullWildcard => {
                return Err(fail(GenerateError::UnsupportedPart))
            }
        }
    }
    Ok(out)
}
