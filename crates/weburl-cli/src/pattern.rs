//! `pattern --jsonl`: URLPattern's constructor, `test` and `exec` in batch
//! (format in `USAGE`), one JSON line out per line in.

use serde_json::{Map, Value};
use weburl_pattern::{
    ComponentName, UrlPattern, UrlPatternComponentResult, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

use crate::jsonl::replace_lone_surrogates;

/// A JavaScript argument that cannot be converted: the line is unusable.
pub(crate) struct Unusable(pub(crate) String);

/// Converts a `URLPatternInput` argument (WebIDL's union of USVString and
/// URLPatternInit): a string, or an object whose known members are strings
/// (unknown members are ignored, as a dictionary does). `null` is the empty
/// dictionary, as WebIDL converts it.
pub(crate) fn input_arg(v: &Value) -> Result<UrlPatternInput, Unusable> {
    match v {
        Value::String(s) => Ok(UrlPatternInput::String(s.clone())),
        Value::Null => Ok(UrlPatternInput::Init(UrlPatternInit::default())),
        Value::Object(o) => {
            let mut init = UrlPatternInit::default();
            for (key, value) in o {
                let slot = match key.as_str() {
                    "baseURL" => &mut init.base_url,
                    k => match ComponentName::ALL.into_iter().find(|c| c.name() == k) {
                        Some(c) => init.get_mut(c),
                        None => continue,
                    },
                };
                match value {
                    Value::String(s) => *slot = Some(s.clone()),
                    _ => return Err(Unusable(format!("\"{key}\" must be a string"))),
                }
            }
            Ok(UrlPatternInput::Init(init))
        }
        _ => Err(Unusable(
            "pattern and input arguments must be strings, objects or null".into(),
        )),
    }
}

/// The constructor's arguments after WebIDL overload resolution: a second
/// argument that is a string is the base URL, anything else the options.
/// `Ok(Err(()))` is a conversion `TypeError` (options that are not a
/// dictionary, a non-boolean `ignoreCase`).
type Constructor = (UrlPatternInput, Option<String>, UrlPatternOptions);

/// `new URLPattern(...args)`: `Ok(None)` when the constructor throws.
pub(crate) fn construct(args: &[Value]) -> Result<Option<UrlPattern>, Unusable> {
    Ok(match constructor_args(args)? {
        Err(()) => None,
        Ok((input, base, options)) => UrlPattern::new(input, base.as_deref(), options).ok(),
    })
}

fn constructor_args(args: &[Value]) -> Result<Result<Constructor, ()>, Unusable> {
    let options = |v: &Value| -> Result<UrlPatternOptions, ()> {
        match v {
            Value::Null => Ok(UrlPatternOptions::default()),
            Value::Object(o) => match o.get("ignoreCase") {
                None => Ok(UrlPatternOptions::default()),
                Some(Value::Bool(b)) => Ok(UrlPatternOptions { ignore_case: *b }),
                Some(_) => Err(()),
            },
            _ => Err(()),
        }
    };
    let default = UrlPatternOptions::default();
    Ok(match args {
        [] => Ok((
            UrlPatternInput::Init(UrlPatternInit::default()),
            None,
            default,
        )),
        [input] => Ok((input_arg(input)?, None, default)),
        [input, Value::String(base)] => Ok((input_arg(input)?, Some(base.clone()), default)),
        [input, o] => {
            let input = input_arg(input)?;
            options(o).map(|o| (input, None, o))
        }
        [input, Value::String(base), o] => {
            let input = input_arg(input)?;
            options(o).map(|o| (input, Some(base.clone()), o))
        }
        [_, _, _] => Err(()),
        _ => return Err(Unusable("\"pattern\" has more than 3 arguments".into())),
    })
}

/// The output line (without newline) answering one `pattern --jsonl` line.
pub(crate) fn pattern_jsonl_response(line: &[u8]) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    if line.iter().all(u8::is_ascii_whitespace) {
        return error("blank line");
    }
    let value: Value = match serde_json::from_slice(&replace_lone_surrogates(line)) {
        Ok(v) => v,
        Err(e) => return error(&format!("invalid JSON: {e}")),
    };
    let Some(obj) = value.as_object() else {
        return error("expected a JSON object with \"pattern\" and \"inputs\"");
    };
    match obj.get("op").map(|op| op.as_str()) {
        None | Some(Some("match")) => {}
        Some(Some("compare")) => return compare(obj),
        Some(Some("generate")) => return generate(obj),
        Some(_) => return error("\"op\" must be \"match\", \"compare\" or \"generate\""),
    }
    let array = |key: &str| match obj.get(key) {
        Some(Value::Array(a)) => Ok(a.as_slice()),
        Some(_) => Err(error(&format!("\"{key}\" must be an array"))),
        None => Err(error(&format!("missing \"{key}\""))),
    };
    let (pattern_args, input_args) = match (array("pattern"), array("inputs")) {
        (Ok(p), Ok(i)) => (p, i),
        (Err(e), _) | (_, Err(e)) => return e,
    };
    let (input, base) = match input_args {
        [] => (UrlPatternInput::Init(UrlPatternInit::default()), None),
        [input] => match input_arg(input) {
            Ok(i) => (i, None),
            Err(Unusable(e)) => return error(&e),
        },
        [input, Value::String(base)] => match input_arg(input) {
            Ok(i) => (i, Some(base.as_str())),
            Err(Unusable(e)) => return error(&e),
        },
        _ => return error("\"inputs\" must be [input] or [input, baseURL string]"),
    };
    let pattern = match constructor_args(pattern_args) {
        Err(Unusable(e)) => return error(&e),
        Ok(Err(())) => return CONSTRUCTOR_ERROR.to_string(),
        Ok(Ok((pattern_input, pattern_base, options))) => {
            match UrlPattern::new(pattern_input, pattern_base.as_deref(), options) {
                Ok(p) => p,
                Err(_) => return CONSTRUCTOR_ERROR.to_string(),
            }
        }
    };
    let (Ok(test), Ok(exec)) = (pattern.test(&input, base), pattern.exec(&input, base)) else {
        return INPUT_ERROR.to_string();
    };
    let mut out = Map::new();
    out.insert("test".into(), Value::Bool(test));
    let exec = match exec {
        None => Value::Null,
        Some(result) => {
            let mut e = Map::new();
            let inputs = result.inputs.iter().map(input_json).collect();
            e.insert("inputs".into(), Value::Array(inputs));
            for c in ComponentName::ALL {
                e.insert(c.name().into(), component_result_json(result.get(c)));
            }
            Value::Object(e)
        }
    };
    out.insert("exec".into(), exec);
    let components = ComponentName::ALL
        .into_iter()
        .map(|c| {
            let p = pattern.component(c).pattern_string();
            (c.name().to_string(), Value::from(p))
        })
        .collect();
    out.insert("components".into(), Value::Object(components));
    out.insert(
        "has_regexp_groups".into(),
        Value::Bool(pattern.has_regexp_groups()),
    );
    Value::Object(out).to_string()
}

/// A constructor-arguments array member of a compare or generate line.
fn pattern_member(obj: &Map<String, Value>, key: &str) -> Result<Option<UrlPattern>, String> {
    match obj.get(key) {
        Some(Value::Array(args)) => construct(args).map_err(|Unusable(e)| e),
        Some(_) => Err(format!("\"{key}\" must be an array")),
        None => Err(format!("missing \"{key}\"")),
    }
}

/// The `URLPatternComponent` argument: `Err` for a line without a string,
/// `Ok(None)` for a string that is not a component (a TypeError).
fn component_member(obj: &Map<String, Value>) -> Result<Option<ComponentName>, String> {
    match obj.get("component") {
        Some(Value::String(s)) => Ok(ComponentName::from_name(s)),
        _ => Err("\"component\" must be a string".into()),
    }
}

/// `URLPattern.compareComponent(component, left, right)`.
fn compare(obj: &Map<String, Value>) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    let (left, right, component) = match (
        pattern_member(obj, "left"),
        pattern_member(obj, "right"),
        component_member(obj),
    ) {
        (Ok(l), Ok(r), Ok(c)) => (l, r, c),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return error(&e),
    };
    let (Some(left), Some(right)) = (left, right) else {
        return CONSTRUCTOR_ERROR.to_string();
    };
    let Some(component) = component else {
        return INPUT_ERROR.to_string();
    };
    let order = UrlPattern::compare_component(component, &left, &right) as i8;
    format!("{{\"compare\":{order}}}")
}

/// `pattern.generate(component, groups)`.
fn generate(obj: &Map<String, Value>) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    let (pattern, component) = match (pattern_member(obj, "pattern"), component_member(obj)) {
        (Ok(p), Ok(c)) => (p, c),
        (Err(e), _) | (_, Err(e)) => return error(&e),
    };
    let mut groups = Vec::new();
    match obj.get("groups") {
        Some(Value::Object(o)) => {
            for (k, v) in o {
                match v {
                    Value::String(s) => groups.push((k.as_str(), s.as_str())),
                    _ => return error("\"groups\" values must be strings"),
                }
            }
        }
        _ => return error("\"groups\" must be an object"),
    }
    let Some(pattern) = pattern else {
        return CONSTRUCTOR_ERROR.to_string();
    };
    let Some(component) = component else {
        return INPUT_ERROR.to_string();
    };
    match pattern.generate(component, groups.iter().copied()) {
        Ok(s) => format!("{{\"generate\":{}}}", Value::from(s)),
        Err(_) => INPUT_ERROR.to_string(),
    }
}

pub(crate) fn input_json(input: &UrlPatternInput) -> Value {
    match input {
        UrlPatternInput::String(s) => Value::from(s.as_str()),
        UrlPatternInput::Init(init) => {
            let mut o = Map::new();
            for c in ComponentName::ALL {
                if let Some(v) = init.get(c) {
                    o.insert(c.name().into(), Value::from(v));
                }
            }
            if let Some(b) = &init.base_url {
                o.insert("baseURL".into(), Value::from(b.as_str()));
            }
            Value::Object(o)
        }
    }
}

pub(crate) fn component_result_json(r: &UrlPatternComponentResult) -> Value {
    let groups = r
        .groups
        .iter()
        .map(|(name, value)| {
            let v = value.as_deref().map_or(Value::Null, Value::from);
            (name.clone(), v)
        })
        .collect();
    let mut o = Map::new();
    o.insert("input".into(), Value::from(r.input.as_str()));
    o.insert("groups".into(), Value::Object(groups));
    Value::Object(o)
}

pub(crate) const CONSTRUCTOR_ERROR: &str = "{\"constructor_error\":true}";
pub(crate) const INPUT_ERROR: &str = "{\"input_error\":true}";

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> Value {
        serde_json::from_str(&pattern_jsonl_response(s.as_bytes())).unwrap()
    }

    // Expected values from urlpattern.bs (and the issue's contract).
    #[test]
    fn responses() {
        let v =
            r(r#"{"pattern":[{"pathname":"/books/:id?"}],"inputs":["https://a.example/books"]}"#);
        assert_eq!(v["test"], true);
        assert_eq!(v["exec"]["pathname"]["groups"]["id"], Value::Null);
        assert_eq!(v["exec"]["pathname"]["input"], "/books");
        assert_eq!(v["exec"]["inputs"][0], "https://a.example/books");
        assert_eq!(v["components"]["pathname"], "/books/:id?");
        assert_eq!(v["components"]["hostname"], "*");
        assert_eq!(v["has_regexp_groups"], false);
        let v = r(r#"{"pattern":["/a"],"inputs":[]}"#);
        assert_eq!(v["constructor_error"], true);
        let v = r(r#"{"pattern":[{}],"inputs":[{},"https://a.example"]}"#);
        assert_eq!(v["input_error"], true);
        let v = r(r#"{"pattern":["https://a.example/(\\d+)"],"inputs":["https://a.example/x"]}"#);
        assert_eq!(
            (v["test"].clone(), v["exec"].clone()),
            (Value::Bool(false), Value::Null)
        );
        assert_eq!(v["has_regexp_groups"], true);
        let v = r(
            r#"{"pattern":["/FOO","https://a.example",{"ignoreCase":true}],"inputs":["https://a.example/foo"]}"#,
        );
        assert_eq!(v["test"], true);
    }

    // Expected values from WPT's compare and generate data.
    #[test]
    fn compare_and_generate() {
        let v = r(
            r#"{"op":"compare","component":"pathname","left":[{"pathname":"/foo/a"}],"right":[{"pathname":"/foo/b"}]}"#,
        );
        assert_eq!(v["compare"], -1);
        let v = r(
            r#"{"op":"compare","component":"port","left":[{"port":"9"}],"right":[{"port":"100"}]}"#,
        );
        assert_eq!(v["compare"], 1);
        let v = r(r#"{"op":"compare","component":"nope","left":[{}],"right":[{}]}"#);
        assert_eq!(v["input_error"], true);
        let v = r(
            r#"{"op":"generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{"foo":"🍅"}}"#,
        );
        assert_eq!(v["generate"], "/%F0%9F%8D%85");
        let v = r(
            r#"{"op":"generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{}}"#,
        );
        assert_eq!(v["input_error"], true);
        let v = r(r#"{"op":"generate","pattern":["/x"],"component":"pathname","groups":{}}"#);
        assert_eq!(v["constructor_error"], true);
        assert!(
            r(r#"{"op":"generate","pattern":[{}],"component":"pathname"}"#)
                .get("error")
                .is_some()
        );
        assert!(r(r#"{"op":"other"}"#).get("error").is_some());
    }

    #[test]
    fn unusable_lines() {
        assert!(r("").get("error").is_some());
        assert!(r("[]").get("error").is_some());
        assert!(r(r#"{"pattern":[]}"#).get("error").is_some());
        assert!(r(r#"{"pattern":[1],"inputs":[]}"#).get("error").is_some());
        assert!(r(r#"{"pattern":[],"inputs":[{},{}]}"#)
            .get("error")
            .is_some());
    }
}
