//! `parse --jsonl` and `set --jsonl`: the machine interfaces conformance
//! tools rely on (formats in `USAGE`), one JSON line out per line in.

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::Value;
use weburl::{ParseError, Setter, Url};

use crate::{component_name, components, parse_against};

/// Reads stdin line by line, writing `respond(line)` and a newline for each.
pub(crate) fn run_jsonl(
    mut respond: impl FnMut(&[u8]) -> String,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut stdin = io::stdin().lock();
    let mut out = BufWriter::new(out);
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let mut bytes = line.as_slice();
        if let Some(rest) = bytes.strip_suffix(b"\n") {
            bytes = rest;
        }
        if let Some(rest) = bytes.strip_suffix(b"\r") {
            bytes = rest;
        }
        out.write_all(respond(bytes).as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// The output line (without newline) answering one input line.
pub(crate) fn jsonl_response(line: &[u8]) -> String {
    parse_response(line, false)
}

/// `parse --strict --jsonl`: as [`jsonl_response`], with the input parsed
/// strictly and failures naming their validation error (see `USAGE`).
pub(crate) fn strict_jsonl_response(line: &[u8]) -> String {
    parse_response(line, true)
}

fn parse_response(line: &[u8], strict: bool) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    if line.iter().all(u8::is_ascii_whitespace) {
        return error("blank line");
    }
    let value: Value = match serde_json::from_slice(&replace_lone_surrogates(line)) {
        Ok(v) => v,
        Err(e) => return error(&format!("invalid JSON: {e}")),
    };
    let Some(obj) = value.as_object() else {
        return error("expected a JSON object with \"input\"");
    };
    let input = match obj.get("input") {
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return error("\"input\" must be a string"),
        None => return error("missing \"input\""),
    };
    let base = match obj.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => match Url::parse(s) {
            Ok(b) => Some(b),
            Err(_) => return FAILURE.to_string(),
        },
        Some(_) => return error("\"base\" must be a string or null"),
    };
    match parse_against(input, base.as_ref(), strict) {
        Ok(url) => components_json(&url),
        Err(e) if strict => strict_failure_json(&e),
        Err(_) => FAILURE.to_string(),
    }
}

/// A failure under `--strict`: the validation error that rejected the
/// input, and whether only strict mode rejects it.
fn strict_failure_json(e: &ParseError) -> String {
    let (error, position, strict_only) = match *e {
        ParseError::Invalid { error, position } => (error, position, false),
        ParseError::Strict { error, position } => (error, position, true),
        _ => return FAILURE.to_string(),
    };
    serde_json::json!({
        "failure": true,
        "validation_error": error.name(),
        "position": position,
        "component": component_name(error),
        "strict_only": strict_only,
    })
    .to_string()
}

/// The 11 components as one compact JSON object.
fn components_json(url: &Url) -> String {
    let origin = url.origin().to_string();
    let mut s = String::with_capacity(2 * url.href().len() + 160);
    s.push('{');
    for (i, (name, value)) in components(url, &origin).into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        // Value's Display is compact JSON with correct string escaping.
        s.push_str(&format!("\"{name}\":{}", Value::from(value)));
    }
    s.push('}');
    s
}

/// The output line (without newline) answering one `set --jsonl` line.
pub(crate) fn set_jsonl_response(line: &[u8]) -> String {
    let error = |msg: &str| format!("{{\"error\":{}}}", Value::from(msg));
    if line.iter().all(u8::is_ascii_whitespace) {
        return error("blank line");
    }
    let value: Value = match serde_json::from_slice(&replace_lone_surrogates(line)) {
        Ok(v) => v,
        Err(e) => return error(&format!("invalid JSON: {e}")),
    };
    let Some(obj) = value.as_object() else {
        return error("expected a JSON object with \"href\", \"setter\" and \"value\"");
    };
    let field = |key: &str| match obj.get(key) {
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(_) => Err(error(&format!("\"{key}\" must be a string"))),
        None => Err(error(&format!("missing \"{key}\""))),
    };
    let (href, setter, new_value) = match (field("href"), field("setter"), field("value")) {
        (Ok(h), Ok(s), Ok(v)) => (h, s, v),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return e,
    };
    let Some(setter) = Setter::from_name(setter) else {
        return error(&format!(
            "unknown setter {setter:?} (expected href, protocol, username, password, host, \
             hostname, port, pathname, search or hash)"
        ));
    };
    let Ok(mut url) = Url::parse(href) else {
        return FAILURE.to_string();
    };
    // An ignored setter or a failed href setter leaves the URL unchanged,
    // as in the URL API (where a failed href setter throws).
    let _ = url.set(setter, new_value);
    components_json(&url)
}

const FAILURE: &str = "{\"failure\":true}";

/// Rewrites `\uXXXX` escapes of unpaired UTF-16 surrogates to `\uFFFD`.
///
/// JSON produced from JavaScript strings (WPT's data, browsers' output) may
/// contain lone surrogates; serde_json rejects them, but the URL API first
/// converts its argument to a USVString, replacing each with U+FFFD. Only
/// escapes inside strings are touched; everything else is copied, so
/// malformed JSON is still reported by serde_json.
pub(crate) fn replace_lone_surrogates(line: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    // Fast path: no `\u` escape, nothing to do.
    if !line.windows(2).any(|w| w == b"\\u") {
        return line.into();
    }
    let hex4 = |at: usize| -> Option<u16> {
        let digits = line.get(at..at + 4)?;
        let s = std::str::from_utf8(digits).ok()?;
        u16::from_str_radix(s, 16).ok()
    };
    let escape_at = |at: usize| -> Option<u16> {
        if line.get(at..at + 2)? == b"\\u" {
            hex4(at + 2)
        } else {
            None
        }
    };
    let mut out = Vec::with_capacity(line.len());
    let mut in_string = false;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        if !in_string {
            in_string = b == b'"';
            out.push(b);
            i += 1;
            continue;
        }
        match b {
            b'"' => {
                in_string = false;
                out.push(b);
                i += 1;
            }
            b'\\' => match escape_at(i) {
                Some(0xD800..=0xDBFF) => {
                    if matches!(escape_at(i + 6), Some(0xDC00..=0xDFFF)) {
                        out.extend_from_slice(&line[i..i + 12]);
                        i += 12;
                    } else {
                        out.extend_from_slice(b"\\uFFFD");
                        i += 6;
                    }
                }
                Some(0xDC00..=0xDFFF) => {
                    out.extend_from_slice(b"\\uFFFD");
                    i += 6;
                }
                _ => {
                    // Any other escape is two bytes as far as string
                    // boundaries go (`\"` must not end the string).
                    let end = (i + 2).min(line.len());
                    out.extend_from_slice(&line[i..end]);
                    i = end;
                }
            },
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surrogates() {
        let r = |s: &str| {
            String::from_utf8(replace_lone_surrogates(s.as_bytes()).into_owned()).unwrap()
        };
        assert_eq!(r(r#"{"input":"a\ud800b"}"#), r#"{"input":"a\uFFFDb"}"#);
        assert_eq!(r(r#"{"input":"\udc00"}"#), r#"{"input":"\uFFFD"}"#);
        assert_eq!(
            r(r#"{"input":"\ud83d\ude00"}"#),
            r#"{"input":"\ud83d\ude00"}"#
        );
        assert_eq!(r(r#"{"input":"\\ud800"}"#), r#"{"input":"\\ud800"}"#);
        assert_eq!(r(r#"{"input":"\"\ud800"}"#), r#"{"input":"\"\uFFFD"}"#);
        // Truncated escapes are left for serde_json to reject.
        assert_eq!(r(r#"{"input":"\ud8"#), r#"{"input":"\ud8"#);
        assert_eq!(r("\"\\"), "\"\\");
    }

    #[test]
    fn responses() {
        assert_eq!(jsonl_response(b""), r#"{"error":"blank line"}"#);
        assert_eq!(jsonl_response(br#"{"input":"a","base":null}"#), FAILURE);
        assert_eq!(jsonl_response(br#"{"input":"a","base":"b"}"#), FAILURE);
        assert!(jsonl_response(br#"{"input":1}"#).starts_with(r#"{"error":"#));
        assert!(jsonl_response(b"[1]").starts_with(r#"{"error":"#));
        assert!(jsonl_response(b"\xff").starts_with(r#"{"error":"#));
        let ok = jsonl_response(br#"{"input":"http://example.com/\ud800"}"#);
        assert!(ok.contains(r#""pathname":"/%EF%BF%BD""#), "{ok}");
    }

    #[test]
    fn set_responses() {
        let r = |s: &str| set_jsonl_response(s.as_bytes());
        let ok = r(r#"{"href":"https://example.com/a?b#c","setter":"pathname","value":"/x y/%"}"#);
        assert!(ok.contains(r#""pathname":"/x%20y/%""#), "{ok}");
        assert!(
            ok.starts_with(r#"{"href":"https://example.com/x%20y/%?b#c","#),
            "{ok}"
        );
        assert_eq!(r(r#"{"href":"nope","setter":"hash","value":""}"#), FAILURE);
        assert!(r(r#"{"href":"a:b","setter":"nope","value":""}"#).contains("unknown setter"));
        assert!(r(r#"{"href":"a:b","setter":"hash"}"#).contains(r#"missing \"value\""#));
        assert!(r(r#"{"href":"a:b","setter":"hash","value":1}"#).starts_with(r#"{"error":"#));
        assert!(r("").starts_with(r#"{"error":"#));
        // A failed href setter leaves the URL as it was.
        let same = r(r#"{"href":"https://a.example/","setter":"href","value":"::"}"#);
        assert!(
            same.starts_with(r#"{"href":"https://a.example/","#),
            "{same}"
        );
    }
}
