//! `route [--all] ROUTES`: a route table (one URLPattern per line of the
//! ROUTES file) matched against JSON lines of inputs (format in `USAGE`).

use serde_json::{Map, Value};
use weburl_pattern::{ComponentName, UrlPatternInput, UrlPatternList};

use crate::jsonl::replace_lone_surrogates;
use crate::pattern::{component_result_json, construct, input_arg, Unusable, INPUT_ERROR};

/// Reads the ROUTES file: one JSON array of constructor arguments a line
/// (blank lines and lines starting with `#` skipped). The error names the
/// line that does not give a pattern.
pub(crate) fn read_routes(text: &str) -> Result<UrlPatternList<usize>, String> {
    let mut list = UrlPatternList::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |msg: &str| format!("line {}: {msg}", n + 1);
        let args: Value = serde_json::from_slice(&replace_lone_surrogates(line.as_bytes()))
            .map_err(|e| at(&format!("invalid JSON: {e}")))?;
        let Value::Array(args) = args else {
            return Err(at("expected an array of URLPattern constructor arguments"));
        };
        match construct(&args) {
            Ok(Some(p)) => list.push(p, n + 1),
            Ok(None) => return Err(at("the URLPattern constructor throws")),
            Err(Unusable(e)) => return Err(at(&e)),
        }
    }
    Ok(list)
}

/// The output line answering one input line.
pub(crate) fn route_response(list: &UrlPatternList<usize>, all: bool, line: &[u8]) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    if line.iter().all(u8::is_ascii_whitespace) {
        return error("blank line");
    }
    let value: Value = match serde_json::from_slice(&replace_lone_surrogates(line)) {
        Ok(v) => v,
        Err(e) => return error(&format!("invalid JSON: {e}")),
    };
    let (input, base) = match &value {
        Value::Array(a) => match a.as_slice() {
            [input] => (input, None),
            [input, Value::String(b)] => (input, Some(b.as_str())),
            _ => return error("an array must be [input] or [input, baseURL string]"),
        },
        other => (other, None),
    };
    let input = match input_arg(input) {
        Ok(i) => i,
        Err(Unusable(e)) => return error(&e),
    };
    // A URL string without a base: parsed once, matched through the list.
    if let (UrlPatternInput::String(s), None) = (&input, base) {
        let Ok(url) = url_core::Url::parse_into(s, String::new()) else {
            return route_json(None, all.then(Vec::new));
        };
        let every = all.then(|| list.matches_url(&url).map(|(i, _)| i).collect());
        let found = list.exec_url(&url).map(|m| {
            let mut e = Map::new();
            for c in ComponentName::ALL {
                let groups = m
                    .groups(c)
                    .map(|(n, v)| (n.to_string(), v.map_or(Value::Null, Value::from)))
                    .collect();
                let mut o = Map::new();
                o.insert("input".into(), Value::from(m.input(c)));
                o.insert("groups".into(), Value::Object(groups));
                e.insert(c.name().into(), Value::Object(o));
            }
            (m.index(), Value::Object(e))
        });
        return route_json(found, every);
    }
    // Otherwise each route in turn, as URLPattern's exec does.
    let mut found = None;
    let mut every = Vec::new();
    for (i, (pattern, _)) in list.iter().enumerate() {
        let exec = match pattern.exec(&input, base) {
            Ok(r) => r,
            Err(_) => return INPUT_ERROR.to_string(),
        };
        if let Some(r) = exec {
            if found.is_none() {
                let mut e = Map::new();
                for c in ComponentName::ALL {
                    e.insert(c.name().into(), component_result_json(r.get(c)));
                }
                found = Some((i, Value::Object(e)));
            }
            every.push(i);
            if !all {
                break;
            }
        }
    }
    route_json(found, all.then_some(every))
}

fn route_json(found: Option<(usize, Value)>, every: Option<Vec<usize>>) -> String {
    let mut out = Map::new();
    match found {
        Some((i, exec)) => {
            out.insert("route".into(), Value::from(i));
            out.insert("exec".into(), exec);
        }
        None => {
            out.insert("route".into(), Value::Null);
        }
    }
    if let Some(every) = every {
        out.insert("routes".into(), Value::from(every));
    }
    Value::Object(out).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTES: &str = "# a comment\n[{\"pathname\":\"/repos/:owner/:repo\"}]\n\n[{\"pathname\":\"/repos/:owner/:repo/issues/:n(\\\\d+)\"}]\n[{\"pathname\":\"/*\"}]\n";

    fn r(all: bool, line: &str) -> Value {
        let list = read_routes(ROUTES).unwrap();
        serde_json::from_str(&route_response(&list, all, line.as_bytes())).unwrap()
    }

    // Expected: the first route in file order whose pattern matches
    // (urlpattern.bs's match, route by route).
    #[test]
    fn responses() {
        let v = r(false, r#""https://api.example/repos/ann/x/issues/7""#);
        assert_eq!(v["route"], 1);
        assert_eq!(v["exec"]["pathname"]["groups"]["n"], "7");
        assert!(v.get("routes").is_none());
        let v = r(true, r#""https://api.example/repos/ann/x/issues/x""#);
        assert_eq!(v["route"], 2);
        assert_eq!(v["routes"], serde_json::json!([2]));
        let v = r(true, r#""https://api.example/repos/ann/x""#);
        assert_eq!(v["routes"], serde_json::json!([0, 2]));
        let v = r(false, r#"{"pathname":"/repos/a/b"}"#);
        assert_eq!(v["route"], 0);
        assert_eq!(v["exec"]["pathname"]["groups"]["owner"], "a");
        let v = r(false, r#"["b", "https://x.example/repos/a/"]"#);
        assert_eq!(v["route"], 0);
        assert_eq!(r(false, r#""not a url""#)["route"], Value::Null);
        assert_eq!(
            r(false, r#"[{"pathname":"/a"}, "https://x.example"]"#)["input_error"],
            true
        );
        assert!(r(false, "").get("error").is_some());
        assert!(r(false, "3").get("error").is_some());
    }

    #[test]
    fn bad_routes_files() {
        assert!(read_routes("[\"relative\"]")
            .unwrap_err()
            .starts_with("line 1:"));
        assert!(read_routes("\n{}").unwrap_err().starts_with("line 2:"));
    }
}
