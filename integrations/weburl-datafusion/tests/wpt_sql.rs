//! WPT `urltestdata.json` as a Parquet file: `url_parse(input, base)` and
//! `url_can_parse` in SQL against WPT's expected values, stored in the same
//! file.

mod common;

use common::{column, session, write_parquet};
use weburl_conformance::{read_json_usv, wpt_path};

#[tokio::test]
async fn url_parse_in_sql_is_wpt() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let cases: Vec<&serde_json::Value> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object())
        .collect();
    let text = |c: &serde_json::Value, k: &str| c[k].as_str().map(str::to_string);
    let fields = [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
        "search", "hash", "origin",
    ];
    let mut columns: Vec<(&str, Vec<Option<String>>)> = vec![
        ("input", cases.iter().map(|c| text(c, "input")).collect()),
        ("base", cases.iter().map(|c| text(c, "base")).collect()),
        (
            "failure",
            cases
                .iter()
                .map(|c| Some(c.get("failure").is_some().to_string()))
                .collect(),
        ),
    ];
    for f in fields {
        columns.push((f, cases.iter().map(|c| text(c, f)).collect()));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wpt.parquet");
    write_parquet(&file, &columns);
    let ctx = session("wpt", &file).await;
    // A NULL base is no base in WPT, a NULL result here: those rows take
    // the one-argument form.
    let parsed = "CASE WHEN base IS NULL THEN url_parse(input) ELSE url_parse(input, base) END";
    let total = column(&ctx, "SELECT count(*) FROM wpt").await;
    assert!(total[0].parse::<usize>().unwrap() > 800);
    // Failures are NULL, successes are not.
    let wrong = column(
        &ctx,
        &format!("SELECT input FROM wpt WHERE ({parsed}) IS NULL <> (failure = 'true')"),
    )
    .await;
    assert!(wrong.is_empty(), "{wrong:?}");
    for f in fields {
        // WPT leaves some origins out.
        let sql = format!(
            "SELECT input, ({parsed})['{f}'] FROM wpt \
             WHERE failure = 'false' AND {f} IS NOT NULL AND ({parsed})['{f}'] <> {f}"
        );
        let wrong = column(&ctx, &sql).await;
        assert!(wrong.is_empty(), "{f}: {wrong:?}");
    }
    let checked = column(
        &ctx,
        "SELECT count(*) FROM wpt WHERE failure = 'false' AND origin IS NOT NULL",
    )
    .await;
    assert!(checked[0].parse::<usize>().unwrap() > 300);
    let can =
        "CASE WHEN base IS NULL THEN url_can_parse(input) ELSE url_can_parse(input, base) END";
    let wrong = column(
        &ctx,
        &format!("SELECT input FROM wpt WHERE {can} = (failure = 'true')"),
    )
    .await;
    assert!(wrong.is_empty(), "{wrong:?}");
}
