//! Runs the built `weburl` binary.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn weburl(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weburl");
    // Write then close stdin, so the binary sees EOF.
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for weburl")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn jsonl_acceptance_case() {
    let o = weburl(
        &["parse", "--jsonl"],
        "{\"input\":\"HTTP://EXAMPLE.com:80/a/./b/../c?x#y\",\"base\":null}\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"href":"http://example.com/a/c?x#y","origin":"http://example.com","#,
            r#""protocol":"http:","username":"","password":"","host":"example.com","#,
            r##""hostname":"example.com","port":"","pathname":"/a/c","search":"?x","hash":"#y"}"##,
            "\n"
        )
    );
}

#[test]
fn jsonl_one_line_per_input_line_in_order() {
    let input = concat!(
        "{\"input\":\"http://[::1\",\"base\":null}\n", // URL failure
        "this is not JSON\n",                          // bad line
        "{\"input\":\"../b?q\",\"base\":\"https://h.example:8080/a/c\"}\n",
        "{\"input\":\"x\",\"base\":\"not a base\"}\n", // base failure
        "{\"base\":null}\n",                           // no input
        "\n",                                          // blank: error, not skipped
        "{\"input\":\"mailto:x@y\"}",                  // no base key, no final newline
    );
    let o = weburl(&["parse", "--jsonl"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], r#"{"failure":true}"#);
    assert!(lines[1].starts_with(r#"{"error":"#), "{}", lines[1]);
    let v: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(v["href"], "https://h.example:8080/b?q");
    assert_eq!(v["port"], "8080");
    assert_eq!(v["origin"], "https://h.example:8080");
    assert_eq!(lines[3], r#"{"failure":true}"#);
    assert!(lines[4].contains("input"), "{}", lines[4]);
    assert_eq!(lines[5], r#"{"error":"blank line"}"#);
    let v: serde_json::Value = serde_json::from_str(lines[6]).unwrap();
    assert_eq!(v["origin"], "null");
    assert_eq!(v["pathname"], "x@y");
}

#[test]
fn parse_prints_aligned_components() {
    let o = weburl(
        &["parse", "--base", "https://example.com/dir/", "page?x#y"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("href:     https://example.com/dir/page?x#y\n"),
        "{out}"
    );
    assert!(out.contains("\npathname: /dir/page\n"), "{out}");
    assert!(out.contains("\nport:\n"), "{out}");
    assert!(out.contains("\nhash:     #y\n"), "{out}");
}

#[test]
fn parse_failure_names_input_and_reason() {
    let o = weburl(
        &["parse", "https://ok.example/", "https://example.org:99999/"],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("href:     https://ok.example/\n"));
    let err = stderr(&o);
    assert!(err.contains("\"https://example.org:99999/\""), "{err}");
    assert!(err.contains("port-out-of-range"), "{err}");

    let o = weburl(&["parse", "--base", "nope", "a"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("invalid base"), "{}", stderr(&o));
}

/// Issue 29's acceptance: `--strict` rejects what a browser repairs,
/// naming the validation error (url.bs §4.4: `http:` not followed by `//`
/// is reported at the byte after the colon), and accepts a clean URL.
#[test]
fn strict_rejects_repaired_input_naming_the_error() {
    let o = weburl(&["parse", "--strict", "http:127.0.0.1/"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(
        err.contains("special-scheme-missing-following-solidus") && err.contains("byte 5"),
        "{err}"
    );
    // Without --strict the same input parses, as browsers repair it.
    let o = weburl(&["parse", "http:127.0.0.1/"], "");
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("href:     http://127.0.0.1/\n"));

    let o = weburl(&["parse", "--strict", "https://example.com/a?b#c"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("href:     https://example.com/a?b#c\n"));

    // Against a base: the backslash that makes `\\evil.com` an authority.
    let o = weburl(
        &[
            "parse",
            "--strict",
            "--base",
            "https://example.com/",
            "\\\\evil.com/",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("invalid-reverse-solidus"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn strict_jsonl_names_the_error() {
    let input = concat!(
        "{\"input\":\"http:127.0.0.1/\"}\n",
        "{\"input\":\"http://[::1\"}\n",
        "{\"input\":\"https://example.com/a?b#c\"}\n",
        "{\"input\":\"?q\",\"base\":\"https://h/p\"}\n",
        "{\"input\":\"https://u@h/\"}\n",
    );
    let o = weburl(&["parse", "--strict", "--jsonl"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 5);
    let v = &lines[0];
    assert_eq!(v["failure"], true);
    assert_eq!(
        v["validation_error"],
        "special-scheme-missing-following-solidus"
    );
    assert_eq!(v["position"], 5);
    assert_eq!(v["component"], "scheme");
    assert_eq!(v["strict_only"], true);
    // A failure in either mode (url.bs: IPv6-unclosed, at the `[`).
    assert_eq!(lines[1]["validation_error"], "IPv6-unclosed");
    assert_eq!(lines[1]["strict_only"], false);
    assert_eq!(lines[2]["href"], "https://example.com/a?b#c");
    assert_eq!(lines[3]["href"], "https://h/p?q");
    // invalid-credentials is reported at the `@`.
    assert_eq!(lines[4]["validation_error"], "invalid-credentials");
    assert_eq!(lines[4]["position"], 9);
    assert_eq!(lines[4]["component"], "credentials");
}

#[test]
fn check_lists_errors_with_carets() {
    let o = weburl(&["check", "https://example.org\\a"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        concat!(
            "https://example.org\\a\n",
            "                   ^ invalid-reverse-solidus (byte 19)\n",
            "1 validation error(s); href: https://example.org/a\n",
        )
    );

    let o = weburl(&["check", "https://example.org/a"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));

    let o = weburl(&["check", "http://[::1"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("^ IPv6-unclosed"), "{}", stdout(&o));
    assert!(stderr(&o).contains("cannot parse"), "{}", stderr(&o));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["frobnicate"][..],
        &[],
        &["parse"],
        &["parse", "--nope", "x"],
        &["check"],
    ] {
        let o = weburl(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("USAGE"), "{args:?}");
    }
    let o = weburl(&["--help"], "");
    assert!(o.status.success());
    assert!(stdout(&o).contains("weburl parse --jsonl"));
}

#[cfg(unix)]
#[test]
fn non_utf8_argument_is_a_usage_error_not_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let o = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .arg("parse")
        .arg(OsStr::from_bytes(b"http://\xff/"))
        .output()
        .expect("run weburl");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
}

#[test]
fn set_jsonl_acceptance_case() {
    let o = weburl(
        &["set", "--jsonl"],
        "{\"href\":\"https://example.com/a?b#c\",\"setter\":\"pathname\",\"value\":\"/x y/%\"}\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"href":"https://example.com/x%20y/%?b#c","origin":"https://example.com","#,
            r#""protocol":"https:","username":"","password":"","host":"example.com","#,
            r##""hostname":"example.com","port":"","pathname":"/x%20y/%","search":"?b","hash":"#c"}"##,
            "\n"
        )
    );
}

#[test]
fn set_jsonl_one_line_per_input_line_in_order() {
    let input = concat!(
        "{\"href\":\"http://[::1\",\"setter\":\"hash\",\"value\":\"x\"}\n", // href failure
        "not JSON\n",
        "{\"href\":\"http://example.com/\",\"setter\":\"port\",\"value\":\"8080\"}\r\n",
        "{\"href\":\"http://example.com/\",\"setter\":\"origin\",\"value\":\"x\"}\n", // unknown setter
        "{\"href\":\"mailto:x@y\",\"setter\":\"pathname\",\"value\":\"z\"}\n",        // ignored
        "\n",
        "{\"href\":\"https://a.example/?q\",\"setter\":\"search\",\"value\":\"\"}", // no newline
    );
    let o = weburl(&["set", "--jsonl"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], r#"{"failure":true}"#);
    assert!(lines[1].starts_with(r#"{"error":"#), "{}", lines[1]);
    let v: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(v["href"], "http://example.com:8080/");
    assert_eq!(v["port"], "8080");
    assert!(lines[3].contains("unknown setter"), "{}", lines[3]);
    let v: serde_json::Value = serde_json::from_str(lines[4]).unwrap();
    assert_eq!(v["href"], "mailto:x@y");
    assert_eq!(lines[5], r#"{"error":"blank line"}"#);
    let v: serde_json::Value = serde_json::from_str(lines[6]).unwrap();
    assert_eq!(v["href"], "https://a.example/");
    assert_eq!(v["search"], "");
    // Same keys, same order as parse --jsonl.
    let keys: Vec<&str> = lines[2]
        .trim_matches(|c| c == '{' || c == '}')
        .split(",\"")
        .map(|kv| kv.trim_start_matches('"').split('"').next().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
            "pathname", "search", "hash"
        ]
    );
}

#[test]
fn set_with_operands_prints_components() {
    let o = weburl(&["set", "https://example.com/a", "hash", "-x y"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("href:     https://example.com/a#-x%20y\n"),
        "{out}"
    );
    let o = weburl(&["set", "https://example.com/", "nope", "x"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = weburl(&["set", "https://example.com/"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = weburl(&["--help"], "");
    assert!(stdout(&o).contains("weburl set --jsonl"));
}

#[test]
fn check_json_lists_errors_and_validity() {
    let o = weburl(&["check", "--json", "https://u@example.org\\x"], "");
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["input"], "https://u@example.org\\x");
    assert_eq!(v["href"], "https://u@example.org/x");
    assert_eq!(v["failure"], serde_json::Value::Null);
    assert_eq!(v["valid"], false);
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0]["type"], "invalid-credentials");
    assert_eq!(errors[0]["position"], 9);
    assert_eq!(errors[0]["component"], "credentials");
    assert_eq!(errors[1]["type"], "invalid-reverse-solidus");
    assert_eq!(errors[1]["position"], 21);

    let o = weburl(&["check", "--json", "https://example.org:99999/"], "");
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["href"], serde_json::Value::Null);
    assert_eq!(v["failure"]["type"], "port-out-of-range");
    assert_eq!(v["failure"]["position"], 20);

    let o = weburl(
        &[
            "check",
            "--json",
            "--base",
            "https://example.org/a/",
            "../b?c#d",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["base"], "https://example.org/a/");
    assert_eq!(v["errors"].as_array().unwrap().len(), 0);
}

#[test]
fn display_renders_for_trust_decisions() {
    let o = weburl(
        &["display", "https://examplecorp.com@attacker.example/"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "https://attacker.example/\n");

    let o = weburl(&["display", "https://xn--pple-43d.com/caf%C3%A9"], "");
    assert_eq!(stdout(&o), "https://xn--pple-43d.com/café\n");

    let o = weburl(
        &[
            "display",
            "--max",
            "21",
            "https://examplecorp.com.evil.com/",
        ],
        "",
    );
    assert_eq!(stdout(&o), "https://…com.evil.com\n");
    let o = weburl(
        &["display", "--max=21", "https://examplecorp.com.evil.com/"],
        "",
    );
    assert_eq!(stdout(&o), "https://…com.evil.com\n");

    let o = weburl(
        &[
            "display",
            "--host-only",
            "https://xn--bcher-kva.example/x?y",
        ],
        "",
    );
    assert_eq!(stdout(&o), "https://bücher.example\n");

    let o = weburl(&["display", "http://[::1"], "");
    assert_eq!(o.status.code(), Some(1));
    for bad in [
        &["display"][..],
        &["display", "--max", "x", "u:"],
        &["display", "--max"],
    ] {
        assert_eq!(weburl(bad, "").status.code(), Some(2), "{bad:?}");
    }
}

/// Runs the binary with its stdout a pipe whose reading end is already
/// closed, so its first write fails with EPIPE however fast it runs.
fn weburl_into_closed_pipe(args: &[&str], stdin: &str) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weburl");
    // The binary may stop before reading stdin: a failed write is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("wait for weburl")
}

fn assert_no_panic(o: &Output, what: &str) {
    let err = stderr(o);
    assert!(
        !err.contains("panicked") && o.status.code() != Some(101),
        "{what}: status {:?}, stderr {err}",
        o.status
    );
}

/// The caret line of an error past column 65,535 used a width argument,
/// which panics ("Formatting argument out of range").
#[test]
fn check_error_past_column_65535() {
    let url = format!("http://a/{}%", "x".repeat(65_527));
    let o = weburl(&["check", &url], "");
    assert_no_panic(&o, "check");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let caret = out.lines().nth(1).expect("a caret line");
    assert_eq!(caret.find('^'), Some(url.len() - 1), "caret under the '%'");
    assert!(
        caret.ends_with("invalid-URL-unit (byte 65536)"),
        "{caret:.80}"
    );
}

/// Every command, given arguments near the kernel's 128 KiB limit for one
/// argument, answers as it would for a short one.
#[test]
fn huge_arguments() {
    let long_path = format!("http://a/{}", "p".repeat(120_000));
    let long_host = format!("http://{}.example/", "h".repeat(120_000));
    let value = "v".repeat(120_000);
    for (args, status) in [
        (vec!["parse", &long_path], 0),
        (vec!["parse", &long_host], 0),
        (vec!["parse", "--base", &long_path, "x"], 0),
        (vec!["check", &long_path], 0),
        // A 120,000-letter label fails the DNS length check that
        // validation runs (domain-to-ASCII error), yet the URL parses.
        (vec!["check", "--json", &long_host], 1),
        (vec!["display", &long_path], 0),
        (vec!["display", "--max", "40", &long_host], 0),
        (vec!["set", "http://a/", "hash", &value], 0),
        (vec!["set", "http://a/", "host", &value], 0),
        (vec!["set", &long_path, "pathname", &value], 0),
        (vec!["parse", &value], 1),
        (vec!["bogus", &value], 2),
    ] {
        let o = weburl(&args, "");
        assert_no_panic(&o, args[0]);
        assert_eq!(
            o.status.code(),
            Some(status),
            "{:?}: {}",
            args[0],
            stderr(&o)
        );
    }
}

/// `| head -c 0` and friends: every command stops quietly with 141.
#[test]
fn closed_stdout_exits_141_without_a_message() {
    let big = format!("http://a/{}", "x".repeat(100_000));
    let jsonl = "{\"input\":\"http://a/\"}\n".repeat(10_000);
    let set_jsonl = "{\"href\":\"http://a/\",\"setter\":\"hash\",\"value\":\"x\"}\n".repeat(10_000);
    for (args, stdin) in [
        (vec!["parse", "http://a/"], ""),
        (vec!["parse", &big], ""),
        (vec!["parse", "--jsonl"], jsonl.as_str()),
        (vec!["set", "--jsonl"], set_jsonl.as_str()),
        (vec!["set", "http://a/", "hash", &big], ""),
        (vec!["check", "http://a/%"], ""),
        (vec!["check", "--json", "http://a/%"], ""),
        (vec!["display", &big], ""),
        (vec!["display", "--help"], ""),
        (vec!["--help"], ""),
        (vec!["--version"], ""),
    ] {
        let o = weburl_into_closed_pipe(&args, stdin);
        assert_no_panic(&o, args[0]);
        assert_eq!(o.status.code(), Some(141), "{args:.40?}");
        assert_eq!(stderr(&o), "", "{args:.40?}: quiet");
    }
}

/// A closed stderr is no reason to panic either: the status still says
/// what happened.
#[test]
fn closed_stderr_keeps_the_status() {
    for (args, status) in [
        (vec!["parse", "not a url"], 1),
        (vec!["bogus"], 2),
        (vec!["set", "http://a/", "port", "x"], 0),
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_weburl"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(writer)
            .output()
            .expect("run weburl");
        assert_eq!(o.status.code(), Some(status), "{args:?}");
    }
}

#[test]
fn pattern_jsonl_one_line_per_line() {
    let o = weburl(
        &["pattern", "--jsonl"],
        concat!(
            r#"{"pattern":[{"pathname":"/books/:id"}],"inputs":["https://example.com/books/7"]}"#,
            "\n\n",
            r#"{"pattern":["relative"],"inputs":[]}"#,
            "\n",
            r#"{"pattern":[{"pathname":"/a"}],"inputs":[{"pathname":"/a"},"https://example.com"]}"#,
            "\n",
        ),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["test"], true);
    assert_eq!(lines[0]["exec"]["pathname"]["groups"]["id"], "7");
    assert_eq!(lines[0]["components"]["pathname"], "/books/:id");
    assert!(lines[1].get("error").is_some());
    // A relative constructor string without a base URL throws.
    assert_eq!(lines[2]["constructor_error"], true);
    // A URLPatternInit input with a base URL string throws.
    assert_eq!(lines[3]["input_error"], true);
}

#[test]
fn route_answers_one_line_per_line() {
    let dir = std::env::temp_dir().join(format!("weburl-route-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let routes = dir.join("routes.jsonl");
    std::fs::write(
        &routes,
        "[{\"pathname\":\"/books/:id(\\\\d+)\"}]\n[{\"pathname\":\"/books/*\"}]\n",
    )
    .unwrap();
    let file = routes.to_str().unwrap();
    let o = weburl(
        &["route", "--all", file],
        "\"https://example.com/books/12\"\n\"https://example.com/books/x\"\n\n\"https://example.com/\"\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["route"], 0);
    assert_eq!(lines[0]["exec"]["pathname"]["groups"]["id"], "12");
    assert_eq!(lines[0]["routes"], serde_json::json!([0, 1]));
    assert_eq!(lines[1]["route"], 1);
    assert!(lines[2].get("error").is_some());
    assert_eq!(lines[3]["route"], serde_json::Value::Null);
    std::fs::write(&routes, "[\"no-base\"]\n").unwrap();
    let o = weburl(&["route", file], "");
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Without the `parquet` feature, `columns` says what it needs.
#[cfg(not(feature = "parquet"))]
#[test]
fn columns_without_the_feature_says_so() {
    let o = weburl(&["columns", "in.parquet", "out.parquet"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--features parquet"), "{}", stderr(&o));
}
