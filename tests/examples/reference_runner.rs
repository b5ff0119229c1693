//! weburl's side of `cargo xtask reference`: answers one JSON line per
//! input line on stdin, exactly as `xtask/reference/runner.js` answers for
//! the URL Standard's reference implementation (the format is described
//! there), so that the xtask can compare the two outputs line by line.
//!
//! Invalid input lines end the run with an error: the xtask generates them,
//! so a malformed one is its bug, not a case to compare.

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::{json, Value};
use weburl::{Setter, Url};

/// The URL's attributes in runner.js's order (and JSON.stringify's
/// spelling, so that equal answers are equal lines); `threw` for `set` only.
fn describe(url: &Url, threw: Option<bool>) -> String {
    let mut out = String::with_capacity(2 * url.href().len() + 200);
    let origin = url.origin().to_string();
    for (name, value) in [
        ("href", url.href()),
        ("origin", &origin),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("host", url.host()),
        ("hostname", url.hostname()),
        ("port", url.port_str()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash()),
    ] {
        out.push(if out.is_empty() { '{' } else { ',' });
        out.push_str(&format!("\"{name}\":{}", Value::from(value)));
    }
    if let Some(threw) = threw {
        out.push_str(&format!(",\"threw\":{threw}"));
    }
    let params = url.search_params();
    let entries: Vec<Value> = params.iter().map(|(k, v)| json!([k, v])).collect();
    out.push_str(&format!(
        ",\"searchParams\":{},\"params\":{}}}",
        Value::from(entries),
        Value::from(params.to_string())
    ));
    out
}

fn answer(line: &str) -> Result<String, String> {
    let case: Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
    let text = |key: &str| {
        case.get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("no string {key:?}: {line}"))
    };
    let failure = String::from("{\"failure\":true}");
    match text("op")? {
        "parse" => {
            let input = text("input")?;
            let parsed = match case.get("base") {
                Some(Value::Null) => Url::parse(input),
                Some(Value::String(base)) => match Url::parse(base) {
                    Ok(base) => Url::parse_with_base(input, &base),
                    Err(_) => return Ok(failure),
                },
                _ => return Err(format!("\"base\" must be a string or null: {line}")),
            };
            Ok(parsed.map_or(failure, |url| describe(&url, None)))
        }
        "set" => {
            let setter = Setter::from_name(text("setter")?)
                .ok_or_else(|| format!("unknown setter: {line}"))?;
            let Ok(mut url) = Url::parse(text("href")?) else {
                return Ok(failure);
            };
            // The URL API throws only where the standard does (href's
            // TypeError). A value the standard ignores is an error here too,
            // with the URL unchanged, and nothing is thrown; any other error
            // from another setter shows up as a disagreement, as it should.
            let threw = url
                .set(setter, text("value")?)
                .is_err_and(|e| e.ignored().is_none());
            Ok(describe(&url, Some(threw)))
        }
        _ => Err(format!("unknown operation: {line}")),
    }
}

fn main() -> Result<(), String> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        let line = line.map_err(|e| e.to_string())?;
        let value = answer(&line)?;
        writeln!(out, "{value}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}
