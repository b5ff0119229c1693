//! `GROUP BY url_registrable_domain(url)` on an in-process Ballista cluster
//! (a scheduler and two executors, each with weburl's functions) over a
//! Parquet file split into several partitions, against single-process
//! DataFusion's answer.

use arrow_array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use parquet::arrow::ArrowWriter;
use parquet::file::properties::WriterProperties;
use std::path::Path;
use std::sync::Arc;

const QUERY: &str = "SELECT url_registrable_domain(url) AS domain, count(*) AS n, \
     count(DISTINCT url_host(url)) AS hosts FROM visits \
     GROUP BY domain ORDER BY n DESC, domain NULLS LAST";

/// Enough real URLs (the bench corpora beside the checkout) for several row
/// groups, written 1,000 rows to a row group.
fn write_visits(path: &Path) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bench");
    let mut urls: Vec<String> = Vec::new();
    for name in ["kasztp.txt", "userbait.txt"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        urls.extend(text.lines().take(6_000).map(str::to_string));
    }
    let batch = RecordBatch::try_from_iter([(
        "url",
        Arc::new(StringArray::from(urls.clone())) as ArrayRef,
    )])
    .unwrap();
    let props = WriterProperties::builder()
        .set_max_row_group_row_count(Some(1_000))
        .build();
    let mut w = ArrowWriter::try_new(
        std::fs::File::create(path).unwrap(),
        batch.schema(),
        Some(props),
    )
    .unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    urls.len()
}

/// Four partitions, and a file of any size split between them.
fn config() -> SessionConfig {
    SessionConfig::new()
        .with_target_partitions(4)
        .with_repartition_file_scans(true)
        .with_repartition_file_min_size(1)
}

async fn rows(ctx: &SessionContext, sql: &str) -> Vec<Vec<String>> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let options = FormatOptions::default().with_null("NULL");
    let mut out = Vec::new();
    for b in &batches {
        let f: Vec<_> = b
            .columns()
            .iter()
            .map(|c| ArrayFormatter::try_new(c.as_ref(), &options).unwrap())
            .collect();
        for r in 0..b.num_rows() {
            out.push(f.iter().map(|f| f.value(r).to_string()).collect());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn group_by_registrable_domain_on_a_cluster_is_datafusions_answer() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("visits.parquet");
    let total = write_visits(&file);
    let path = file.to_str().unwrap();

    // Single process.
    let mut local = SessionContext::new_with_config(config());
    weburl_datafusion::register_all(&mut local).unwrap();
    local
        .register_parquet("visits", path, ParquetReadOptions::default())
        .await
        .unwrap();
    // The scan is split: several partitions, each a range of the file.
    let plan = rows(&local, &format!("EXPLAIN {QUERY}")).await;
    let plan = plan
        .iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(plan.contains("file_groups={4 groups"), "{plan}");
    let want = rows(&local, QUERY).await;

    // The cluster.
    let cluster = weburl_ballista::start_local_cluster(config(), 2, 2)
        .await
        .unwrap();
    cluster
        .register_parquet("visits", path, ParquetReadOptions::default())
        .await
        .unwrap();
    let got = rows(&cluster, QUERY).await;

    assert_eq!(got, want);
    // Not a trivial answer: many domains, every row counted once.
    assert!(want.len() > 1_000, "{} groups", want.len());
    let counted: usize = want.iter().map(|r| r[1].parse::<usize>().unwrap()).sum();
    assert_eq!(counted, total);
    assert!(want.iter().any(|r| r[0] == "NULL"), "IP hosts have none");
}

/// The check above can fail: executors without weburl's functions cannot
/// run the plan the scheduler sends them (the functions are looked up by
/// name on each executor).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn executors_without_the_functions_fail() {
    use ballista::prelude::SessionConfigExt;
    use datafusion::execution::SessionStateBuilder;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("visits.parquet");
    write_visits(&file);
    let with = weburl_ballista::session_state(config()).unwrap();
    let without = SessionStateBuilder::new()
        .with_config(config().upgrade_for_ballista())
        .with_default_features()
        .build();
    let addr = ballista_scheduler::standalone::new_standalone_scheduler_from_state(&with)
        .await
        .unwrap();
    let scheduler =
        ballista_core::serde::protobuf::scheduler_grpc_client::SchedulerGrpcClient::connect(
            format!("http://localhost:{}", addr.port()),
        )
        .await
        .unwrap();
    ballista_executor::new_standalone_executor_from_state(scheduler, 2, &without)
        .await
        .unwrap();
    let ctx = weburl_ballista::connect_remote(&format!("df://localhost:{}", addr.port()), config())
        .await
        .unwrap();
    ctx.register_parquet(
        "visits",
        file.to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    let err = ctx.sql(QUERY).await.unwrap().collect().await.unwrap_err();
    assert!(
        err.to_string()
            .contains("scalar function url_registrable_domain"),
        "{err}"
    );
}
