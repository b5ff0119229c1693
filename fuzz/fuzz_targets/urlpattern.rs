//! URLPattern (crates/weburl-pattern): construction and matching never
//! panic and answer in time linear in the input (every input is timed:
//! past [`limit`] fails, as a hostile regexp group would under a
//! backtracking engine); `test` agrees with `exec`; and for patterns
//! without regexp groups, on short inputs, the matcher gives exactly what
//! the standard's generated regular expressions give under regress (a
//! backtracking ECMAScript engine, the oracle here), captures included.
//! (Regexp groups are compared with regress in
//! crates/weburl-pattern/tests/regexp.rs.)
//!
//! Input (lossy UTF-8): a mode byte, then `pattern 0xFF input`. Mode bit 0
//! is ignoreCase; bits 1–2 say what the pattern is: a constructor string
//! (with base URL `https://example.com/base/`), or the pathname, hostname or
//! search of a URLPatternInit. The input is matched as a URL string (against
//! the same base) and as the URLPatternInit member the pattern fills. Mode
//! bits 3, 4 and 5 all set repeat the input to about 2,000 bytes (hostile
//! inputs are long and repetitive: `fuzz/regressions/urlpattern/hostile-*`
//! are the issue's).
//!
//! The oracle is skipped where regress would take too long: over a
//! component of `n` code points, a nested quantifier can cost it 2^n steps
//! and `g` wildcards C(n+g, g).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};
use weburl_pattern::{
    process_a_urlpattern_init, ComponentName, InitType, UrlPattern, UrlPatternComponentResult,
    UrlPatternInit, UrlPatternInput, UrlPatternOptions,
};

const BASE: &str = "https://example.com/base/";
/// The time an input may take: linear matching is O(pattern × input), so
/// a second plus a microsecond per (pattern byte, input byte) pair — far
/// above what any input takes with sanitizers, far below what backtracking
/// takes on a hostile one (exponential, or quadratic in the input).
fn limit(pattern: usize, input: usize) -> Duration {
    Duration::from_secs(1) + Duration::from_micros((pattern.max(1) * input.max(1)) as u64)
}

/// The eight component values of `input` (the standard's match), or
/// `None` when it does not parse or process.
fn values(input: &UrlPatternInput, base: Option<&str>) -> Option<[String; 8]> {
    match input {
        UrlPatternInput::String(s) => {
            let url = match base {
                Some(base) => {
                    let base = url_core::Url::parse_into(base, String::new()).ok()?;
                    url_core::Url::parse_into_with_base(s, &base, String::new()).ok()?
                }
                None => url_core::Url::parse_into(s, String::new()).ok()?,
            };
            Some(
                [
                    url.scheme(),
                    url.username(),
                    url.password(),
                    url.hostname(),
                    url.port_str(),
                    url.pathname(),
                    url.query().unwrap_or(""),
                    url.fragment().unwrap_or(""),
                ]
                .map(String::from),
            )
        }
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
            let c = process_a_urlpattern_init(init, InitType::Url, &defaults).ok()?;
            Some(ComponentName::ALL.map(|n| c.get(n).unwrap_or_default().to_string()))
        }
    }
}

/// Whether regress stays fast on components of at most `n` code points:
/// 2^n steps for a nested quantifier, C(n+g, g) for `g` groups.
fn cheap_for_backtracking(p: &UrlPattern, n: usize) -> bool {
    if n > 16 {
        return false;
    }
    let g = ComponentName::ALL
        .iter()
        .map(|&c| p.component(c).group_name_list().len())
        .max()
        .unwrap_or(0);
    let mut steps = 1.0f64;
    for i in 1..=g {
        steps *= (n + i) as f64 / i as f64;
    }
    steps <= 65_536.0
}

/// `exec` by the generated regular expressions under regress.
fn oracle(p: &UrlPattern, values: [String; 8]) -> Option<Vec<UrlPatternComponentResult>> {
    let mut out = Vec::new();
    for (c, value) in ComponentName::ALL.into_iter().zip(values) {
        let component = p.component(c);
        // `*` alone is `^(.*)$`: the whole value (no component value has a
        // line terminator). Saves compiling seven regexes an input.
        if component.pattern_string() == "*" {
            let groups = [("0".to_string(), Some(value.clone()))]
                .into_iter()
                .collect();
            out.push(UrlPatternComponentResult {
                input: value,
                groups,
            });
            continue;
        }
        let flags = regress::Flags {
            icase: component.ignore_case(),
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        // A source regress rejects (it lacks ES2025's modifiers and
        // duplicate group names) has no oracle.
        let regex = regress::Regex::with_flags(component.regular_expression(), flags).ok()?;
        let m = regex.find(&value)?;
        let groups = component
            .group_name_list()
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), m.group(i + 1).map(|r| value[r].to_string())))
            .collect();
        out.push(UrlPatternComponentResult {
            input: value,
            groups,
        });
    }
    Some(out)
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (pattern, input) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let pattern = String::from_utf8_lossy(pattern);
    let mut input = String::from_utf8_lossy(input).into_owned();
    // Long repetitive inputs for an eighth of the modes, about 2,000 bytes
    // (more would slow the smoke run's 40,000 inputs, not find more).
    if mode & 56 == 56 {
        input = input.repeat((2_000 / input.len().max(1)).clamp(1, 2_000));
    }
    let options = UrlPatternOptions {
        ignore_case: mode & 1 != 0,
    };
    let member = |value: &str| {
        let mut init = UrlPatternInit::default();
        match (mode >> 1) & 3 {
            1 => init.pathname = Some(value.into()),
            2 => init.hostname = Some(value.into()),
            _ => init.search = Some(value.into()),
        }
        init
    };
    let started = Instant::now();
    let (constructed, base) = if (mode >> 1) & 3 == 0 {
        (
            UrlPattern::new(pattern.as_ref().into(), Some(BASE), options),
            Some(BASE),
        )
    } else {
        (
            UrlPattern::new(member(&pattern).into(), None, options),
            None,
        )
    };
    let Ok(p) = constructed else {
        return;
    };
    let inputs = [
        (UrlPatternInput::String(input.clone()), base),
        (UrlPatternInput::Init(member(&input)), None),
    ];
    let mut compare = Vec::new();
    for (input, base) in inputs.iter().map(|(i, b)| (i, *b)) {
        let exec = p.exec(input, base).expect("no base URL with an init input");
        let test = p.test(input, base).expect("no base URL with an init input");
        assert_eq!(test, exec.is_some(), "test vs exec");
        compare.push((exec, values(input, base)));
    }
    // Only the crate's work is timed, not the oracle's.
    let elapsed = started.elapsed();
    let allowed = limit(pattern.len(), input.len());
    assert!(
        elapsed < allowed,
        "{elapsed:?} for one input (allowed {allowed:?}): not linear?"
    );
    // regress loops forever on some nested quantifiers of groups that
    // match the empty string, so patterns with regexp groups are compared
    // with it in tests/regexp.rs (generated to avoid them), not here.
    if p.has_regexp_groups() {
        return;
    }
    for (exec, values) in compare {
        let Some(values) = values else {
            continue;
        };
        let longest = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
        if !cheap_for_backtracking(&p, longest) {
            continue;
        }
        let by_regex = oracle(&p, values);
        let ours: Option<Vec<_>> = exec.map(|r| {
            ComponentName::ALL
                .iter()
                .map(|&c| r.get(c).clone())
                .collect()
        });
        assert_eq!(ours, by_regex, "matcher vs the regular expressions");
    }
});
