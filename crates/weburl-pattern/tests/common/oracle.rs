//! The standard's definition of a match, as the differential tests' oracle:
//! each component's generated regular expression run by regress, a
//! backtracking ECMAScript engine, with the flags RegExpCreate gets (`v`,
//! or `vi`; regress applies `v` mode's Unicode-mode escape rules only with
//! `u` set too). Only for short inputs: it backtracks.

use url_core::Url;
use weburl_pattern::{
    process_a_urlpattern_init, Component, ComponentName, InitType, UrlPattern,
    UrlPatternComponentResult, UrlPatternInit, UrlPatternInput,
};

/// Capture ranges of a component match, `None` for an undefined group.
pub type Captures = Vec<Option<std::ops::Range<usize>>>;

/// RegExpCreate(component's regular expression, "v" or "vi").
pub fn regex(component: &Component) -> Option<regress::Regex> {
    let flags = regress::Flags {
        icase: component.ignore_case(),
        unicode: true,
        unicode_sets: true,
        ..regress::Flags::default()
    };
    regress::Regex::with_flags(component.regular_expression(), flags).ok()
}

/// RegExpBuiltinExec: the first `groups` captures, or `None`.
pub fn captures(regex: &regress::Regex, groups: usize, input: &str) -> Option<Captures> {
    let m = regex.find(input)?;
    Some((1..=groups).map(|i| m.group(i)).collect())
}

/// The eight component values of `input`, as the standard's match
/// computes them; `None` when the input does not parse or process.
pub fn values(input: &UrlPatternInput, base: Option<&str>) -> Option<[String; 8]> {
    match input {
        UrlPatternInput::Init(init) => {
            let e = Some(String::new());
            let defaults = UrlPatternInit {
                protocol: e.clone(),
                username: e.clone(),
                password: e.clone(),
                hostname: e.clone(),
                port: e.clone(),
                pathname: e.clone(),
                search: e.clone(),
                hash: e,
                base_url: None,
            };
            let r = process_a_urlpattern_init(init, InitType::Url, &defaults).ok()?;
            Some(ComponentName::ALL.map(|c| r.get(c).unwrap_or_default().to_string()))
        }
        UrlPatternInput::String(s) => {
            let url = match base {
                Some(b) => {
                    let b = Url::parse_into(b, String::new()).ok()?;
                    Url::parse_into_with_base(s, &b, String::new()).ok()?
                }
                None => Url::parse_into(s, String::new()).ok()?,
            };
            Some([
                url.scheme().to_string(),
                url.username().to_string(),
                url.password().to_string(),
                url.hostname().to_string(),
                url.port_str().to_string(),
                url.pathname().to_string(),
                url.query().unwrap_or_default().to_string(),
                url.fragment().unwrap_or_default().to_string(),
            ])
        }
    }
}

/// `exec` by the regular expressions: the eight component results, or
/// `None` without a match.
pub fn exec(
    pattern: &UrlPattern,
    input: &UrlPatternInput,
    base: Option<&str>,
) -> Option<Vec<UrlPatternComponentResult>> {
    let values = values(input, base)?;
    let mut out = Vec::new();
    for (c, value) in ComponentName::ALL.into_iter().zip(values) {
        let component = pattern.component(c);
        let names = component.group_name_list();
        let regex = regex(component).expect("the oracle compiles what the crate compiled");
        let caps = captures(&regex, names.len(), &value)?;
        let groups = names
            .iter()
            .zip(caps)
            .map(|(n, r)| (n.clone(), r.map(|r| value[r].to_string())))
            .collect();
        out.push(UrlPatternComponentResult {
            input: value,
            groups,
        });
    }
    Some(out)
}

/// The eight component results of a crate `exec` result.
pub fn components(r: &weburl_pattern::UrlPatternResult) -> Vec<UrlPatternComponentResult> {
    ComponentName::ALL
        .iter()
        .map(|&c| r.get(c).clone())
        .collect()
}
