//! `parse_url` / `try_parse_url`: Spark's documented examples, and every
//! part of every URL of the bench corpora, WPT and the mutation set against
//! datafusion-spark's `try_parse_url` (the reference: rust-url under Spark's
//! rules), with the differences listed in `spark_differences.txt`.
//!
//! Where rust-url and the URL Standard disagree on the URL itself (one
//! fails, or the serializations differ) the answers differ because the
//! parsers do; WPT decides those (url-core passes it). The comparison is of
//! the inputs both parse alike: what it tests is the Spark layer.

mod common;

use common::{bench_data, column, register, rows, session, strs, write_parquet};
use datafusion::prelude::SessionContext;
use std::collections::BTreeMap;
use weburl_conformance::{read_json_usv, replace_lone_surrogate_escapes, wpt_path};

/// Spark SQL's documentation of `parse_url`.
#[tokio::test]
async fn spark_documented_examples() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.parquet");
    write_parquet(
        &file,
        &[("u", strs(&[Some("http://spark.apache.org/path?query=1")]))],
    );
    let ctx = session("t", &file).await;
    let one = |sql: String| {
        let ctx = ctx.clone();
        async move { column(&ctx, &sql).await }
    };
    for (args, want) in [
        ("'HOST'", "spark.apache.org"),
        ("'QUERY'", "query=1"),
        ("'QUERY', 'query'", "1"),
        ("'PATH'", "/path"),
        ("'PROTOCOL'", "http"),
        ("'FILE'", "/path?query=1"),
        ("'AUTHORITY'", "spark.apache.org"),
        ("'USERINFO'", "NULL"),
        ("'REF'", "NULL"),
        ("'host'", "NULL"),
    ] {
        assert_eq!(
            one(format!("SELECT parse_url(u, {args}) FROM t")).await,
            [want],
            "{args}"
        );
    }
    // Raw values, the first match, a key without '=' is no match.
    assert_eq!(
        one("SELECT parse_url('http://h/p?a=x%20y&a=2&k', 'QUERY', 'a')".into()).await,
        ["x%20y"]
    );
    assert_eq!(
        one("SELECT parse_url('http://h/p?a=x%20y&a=2&k', 'QUERY', 'k')".into()).await,
        ["NULL"]
    );
    // No scheme: a relative reference, split at '?' and '#'.
    assert_eq!(
        one("SELECT parse_url('notaurl?k=v#f', 'FILE')".into()).await,
        ["notaurl?k=v"]
    );
    assert_eq!(
        one("SELECT parse_url('notaurl?k=v#f', 'HOST')".into()).await,
        ["NULL"]
    );
    // An invalid URL: an error for parse_url, NULL for try_parse_url.
    assert_eq!(
        one("SELECT try_parse_url('http://[oops/', 'HOST')".into()).await,
        ["NULL"]
    );
    let err = ctx
        .sql("SELECT parse_url(concat('http://[', u), 'HOST') FROM t")
        .await
        .unwrap()
        .collect()
        .await;
    assert!(err.is_err());
}

const PARTS: [&str; 8] = [
    "HOST",
    "PATH",
    "QUERY",
    "REF",
    "PROTOCOL",
    "FILE",
    "AUTHORITY",
    "USERINFO",
];

/// Every input of the corpora, WPT (without a base) and the mutation set.
fn inputs() -> Vec<String> {
    let mut out = Vec::new();
    let dir = bench_data();
    for name in [
        "kasztp.txt",
        "node_files.txt",
        "userbait.txt",
        "isaacs_files.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()));
        out.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_string));
    }
    let mutations = std::fs::read_to_string(dir.join("mutations.jsonl")).unwrap();
    for line in mutations.lines() {
        let (line, _) = replace_lone_surrogate_escapes(line);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        out.push(v["input"].as_str().unwrap().to_string());
    }
    let (wpt, _) = read_json_usv(&wpt_path("urltestdata.json"));
    for c in wpt.as_array().unwrap() {
        if c.is_object() && c["base"].is_null() {
            out.push(c["input"].as_str().unwrap().to_string());
        }
    }
    out
}

/// `input` -> part -> (ours, datafusion-spark's), for every cell that
/// differs, over `inputs`.
async fn differences(inputs: &[String]) -> BTreeMap<(String, String), (String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("urls.parquet");
    let ids: Vec<Option<String>> = (0..inputs.len()).map(|i| Some(i.to_string())).collect();
    let urls: Vec<Option<String>> = inputs.iter().cloned().map(Some).collect();
    write_parquet(&file, &[("id", ids), ("url", urls)]);
    let ours = session("t", &file).await;
    let reference = SessionContext::new();
    for f in datafusion_spark::function::url::functions() {
        reference.register_udf(f.as_ref().clone());
    }
    register(&reference, "t", &file).await;
    let alike: Vec<bool> = inputs.iter().map(|i| parsers_agree(i)).collect();
    let mut out = BTreeMap::new();
    for part in PARTS
        .iter()
        .map(|p| format!("'{p}'"))
        .chain(["'QUERY', 'q'".to_string(), "'QUERY', 'id'".to_string()])
    {
        let sql =
            format!("SELECT url, try_parse_url(url, {part}) FROM t ORDER BY CAST(id AS BIGINT)");
        let a = rows(&ours, &sql).await;
        let b = rows(&reference, &sql).await;
        assert_eq!(a.len(), b.len());
        for ((x, y), alike) in a.iter().zip(&b).zip(&alike) {
            if *alike && x[1] != y[1] {
                out.insert((x[0].clone(), part.clone()), (x[1].clone(), y[1].clone()));
            }
        }
    }
    out
}

/// Whether url-core and rust-url parse `input` to the same URL, or both
/// fail.
fn parsers_agree(input: &str) -> bool {
    let ours = weburl::Url::parse(input).map(|u| u.href().to_string());
    let theirs = url::Url::parse(input).map(|u| u.as_str().to_string());
    match (ours, theirs) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// Lines `<part>\t<input as JSON string>\t<reason>` (the part as written in
/// SQL); `#` comments.
fn listed() -> BTreeMap<(String, String), String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/spark_differences.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut f = line.splitn(3, '\t');
        let (Some(part), Some(input), Some(reason)) = (f.next(), f.next(), f.next()) else {
            panic!("{}:{}: expected part, input, reason", path.display(), n + 1);
        };
        assert!(!reason.trim().is_empty(), "line {}: no reason", n + 1);
        let (input, _) = replace_lone_surrogate_escapes(input);
        let input: String = serde_json::from_str(&input).unwrap();
        out.insert((input, part.to_string()), reason.to_string());
    }
    out
}

#[tokio::test]
async fn same_answers_as_datafusion_spark_but_the_listed_ones() {
    let inputs = inputs();
    assert!(inputs.len() > 100_000, "{} inputs", inputs.len());
    let alike = inputs.iter().filter(|i| parsers_agree(i)).count();
    eprintln!(
        "{alike} of {} inputs parsed alike by both parsers",
        inputs.len()
    );
    assert!(
        alike * 100 > inputs.len() * 95,
        "{alike} of {}",
        inputs.len()
    );
    let found = differences(&inputs).await;
    let listed = listed();
    let unlisted: Vec<String> = found
        .iter()
        .filter(|(k, _)| !listed.contains_key(*k))
        .map(|((input, part), (ours, theirs))| {
            format!(
                "{part}\t{}\tours {ours:?}, datafusion-spark {theirs:?}",
                serde_json::to_string(input).unwrap()
            )
        })
        .collect();
    let stale: Vec<_> = listed.keys().filter(|k| !found.contains_key(*k)).collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "{} unlisted differences:\n{}\n{} listed but not different: {stale:?}",
        unlisted.len(),
        unlisted.join("\n"),
        stale.len()
    );
}
