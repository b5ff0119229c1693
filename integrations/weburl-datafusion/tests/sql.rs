//! The functions in SQL over Parquet and CSV files, in a SessionContext.
//! Expected values worked out by hand from the URL Standard.

mod common;

use common::{column, register, rows, session, strs, write_csv, write_parquet};

/// (url, base, name) rows of the test table.
fn table() -> Vec<(&'static str, Vec<Option<String>>)> {
    vec![
        (
            "url",
            strs(&[
                Some("https://user:pw@www.Example.co.uk:8443/a/./b/../c?utm_source=news+letter&x=1#frag"),
                Some("http://example.com"),
                Some("mailto:someone@example.org"),
                Some("../x?q=1"),
                Some("not a url"),
                None,
            ]),
        ),
        (
            "base",
            strs(&[
                Some("https://ignored.example/"),
                Some("https://ignored.example/"),
                Some("https://ignored.example/"),
                Some("https://example.org/dir/sub/page"),
                Some("https://example.org/"),
                Some("https://example.org/"),
            ]),
        ),
        (
            "name",
            strs(&[
                Some("utm_source"),
                Some("x"),
                Some("x"),
                Some("q"),
                Some("x"),
                Some("x"),
            ]),
        ),
    ]
}

const N: &str = "NULL";

/// The one-argument functions' expected values per row.
fn expected() -> Vec<(&'static str, [&'static str; 6])> {
    vec![
        (
            "url_normalize(url)",
            [
                "https://user:pw@www.example.co.uk:8443/a/c?utm_source=news+letter&x=1#frag",
                "http://example.com/",
                "mailto:someone@example.org",
                N,
                N,
                N,
            ],
        ),
        (
            "url_host(url)",
            ["www.example.co.uk:8443", "example.com", "", N, N, N],
        ),
        (
            "url_hostname(url)",
            ["www.example.co.uk", "example.com", "", N, N, N],
        ),
        ("url_port(url)", ["8443", N, N, N, N, N]),
        (
            "url_path(url)",
            ["/a/c", "/", "someone@example.org", N, N, N],
        ),
        (
            "url_query(url)",
            ["utm_source=news+letter&x=1", N, N, N, N, N],
        ),
        ("url_fragment(url)", ["frag", N, N, N, N, N]),
        (
            "url_origin(url)",
            [
                "https://www.example.co.uk:8443",
                "http://example.com",
                "null",
                N,
                N,
                N,
            ],
        ),
        (
            "url_registrable_domain(url)",
            ["example.co.uk", "example.com", N, N, N, N],
        ),
        (
            "url_can_parse(url)",
            ["true", "true", "true", "false", "false", N],
        ),
        ("url_query_param(url, name)", ["news letter", N, N, N, N, N]),
        (
            "url_join(base, url)",
            [
                "https://user:pw@www.example.co.uk:8443/a/c?utm_source=news+letter&x=1#frag",
                "http://example.com/",
                "mailto:someone@example.org",
                "https://example.org/dir/x?q=1",
                "https://example.org/not%20a%20url",
                N,
            ],
        ),
        (
            "url_can_parse(url, base)",
            ["true", "true", "true", "true", "true", N],
        ),
        (
            "url_parse(url, base)['href']",
            [
                "https://user:pw@www.example.co.uk:8443/a/c?utm_source=news+letter&x=1#frag",
                "http://example.com/",
                "mailto:someone@example.org",
                "https://example.org/dir/x?q=1",
                "https://example.org/not%20a%20url",
                N,
            ],
        ),
        (
            "url_parse(url)['search']",
            ["?utm_source=news+letter&x=1", "", "", N, N, N],
        ),
        ("url_parse(url)['password']", ["pw", "", "", N, N, N]),
        (
            "url_parse(url)['protocol']",
            ["https:", "http:", "mailto:", N, N, N],
        ),
    ]
}

async fn check_all(ctx: &datafusion::prelude::SessionContext, cast: &str) {
    let c = |col: &str| format!("arrow_cast({col}, '{cast}')");
    for (expr, want) in expected() {
        let expr = expr
            .replace("(url,", &format!("({},", c("url")))
            .replace("(url)", &format!("({})", c("url")))
            .replace(" url)", &format!(" {})", c("url")))
            .replace("(base,", &format!("({},", c("base")))
            .replace(" base)", &format!(" {})", c("base")))
            .replace(" name)", &format!(" {})", c("name")));
        let sql = format!("SELECT {expr} FROM t");
        let got = column(ctx, &sql).await;
        assert_eq!(got, want, "{sql}");
    }
}

#[tokio::test]
async fn over_parquet_in_every_string_type() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("urls.parquet");
    write_parquet(&file, &table());
    let ctx = session("t", &file).await;
    for cast in ["Utf8", "LargeUtf8", "Utf8View"] {
        check_all(&ctx, cast).await;
    }
}

#[tokio::test]
async fn over_csv() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("urls.csv");
    write_csv(&file, &table());
    let ctx = session("t", &file).await;
    check_all(&ctx, "Utf8").await;
}

#[tokio::test]
async fn scalar_and_mixed_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("urls.parquet");
    write_parquet(&file, &table());
    let ctx = session("t", &file).await;
    let one = |sql: &'static str| {
        let ctx = ctx.clone();
        async move { column(&ctx, sql).await }
    };
    assert_eq!(
        one("SELECT url_host('https://A.example:81/')").await,
        ["a.example:81"]
    );
    assert_eq!(one("SELECT url_port('https://a.example:443/')").await, [N]);
    assert_eq!(
        one("SELECT url_parse('https://a.example/p?q#h')['hash']").await,
        ["#h"]
    );
    assert_eq!(
        one("SELECT url_join('https://e.example/a/b', '../c')").await,
        ["https://e.example/c"]
    );
    assert_eq!(one("SELECT url_host(NULL)").await, [N]);
    // A scalar base for a column of URLs, and a column of names for one URL.
    assert_eq!(
        one("SELECT url_join('https://s.example/d/', url) FROM t WHERE name = 'q'").await,
        ["https://s.example/x?q=1"]
    );
    assert_eq!(
        one("SELECT url_query_param('https://e.example/?x=1&q=2', name) FROM t WHERE name IN ('q', 'utm_source') ORDER BY name").await,
        ["2", N]
    );
    assert_eq!(
        one("SELECT url_query_param(url, NULL) FROM t WHERE name = 'q'").await,
        [N]
    );
}

#[tokio::test]
async fn group_by_registrable_domain() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("visits.parquet");
    let urls = strs(&[
        Some("https://www.example.com/a"),
        Some("https://shop.example.com/b"),
        Some("https://EXAMPLE.com/c"),
        Some("https://news.example.co.uk/"),
        Some("https://example.co.uk/x"),
        Some("https://alice.github.io/"),
        Some("https://bob.github.io/"),
        Some("http://10.0.0.1/"),
    ]);
    write_parquet(&file, &[("url", urls)]);
    let ctx = session("visits", &file).await;
    let got = rows(
        &ctx,
        "SELECT url_registrable_domain(url) AS d, count(*) AS n FROM visits \
         GROUP BY d ORDER BY d NULLS LAST",
    )
    .await;
    let want: Vec<Vec<String>> = [
        ("alice.github.io", "1"),
        ("bob.github.io", "1"),
        ("example.co.uk", "2"),
        ("example.com", "3"),
        (N, "1"),
    ]
    .iter()
    .map(|(d, n)| vec![d.to_string(), n.to_string()])
    .collect();
    assert_eq!(got, want);
}

#[tokio::test]
async fn a_csv_and_a_parquet_file_in_one_query() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("a.csv");
    let pq = dir.path().join("b.parquet");
    write_csv(&csv, &[("url", strs(&[Some("https://one.example/x")]))]);
    write_parquet(&pq, &[("url", strs(&[Some("HTTPS://ONE.EXAMPLE/y")]))]);
    let ctx = session("a", &csv).await;
    register(&ctx, "b", &pq).await;
    let got = column(
        &ctx,
        "SELECT url_path(b.url) FROM a JOIN b ON url_hostname(a.url) = url_hostname(b.url)",
    )
    .await;
    assert_eq!(got, ["/y"]);
}

#[tokio::test]
async fn strict_functions_error_on_invalid_urls() {
    use datafusion::logical_expr::ScalarUDF;
    use weburl_datafusion::{InvalidRows, UrlFunction, UrlUdf};
    let ctx = datafusion::prelude::SessionContext::new();
    ctx.register_udf(ScalarUDF::new_from_impl(UrlUdf::with_invalid(
        UrlFunction::Host,
        InvalidRows::Error,
    )));
    let ok = column(&ctx, "SELECT url_host('https://x.example/')").await;
    assert_eq!(ok, ["x.example"]);
    let err = ctx
        .sql("SELECT url_host('https://x example/')")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(err.to_string().contains("invalid URL"), "{err}");
}
