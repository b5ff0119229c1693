//! weburl's DataFusion functions against datafusion-spark's `parse_url` in
//! one SessionContext, and the CLI's Parquet pipeline on 1, 2 and all
//! cores: medians of several runs, printed side by side.
//!
//! `weburl-integrations-bench [--quick] [--rows N] [--runs N] [--data DIR]`
//! (defaults: 1,000,000 rows, 5 runs, `../shared/data/bench`; `--quick`:
//! 20,000 rows, 1 run, to check that it works). Build with `--release` for
//! figures.

mod alloc;
mod data;

use arrow_array::{Array, ArrayRef, RecordBatch, StringViewArray};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[global_allocator]
static GLOBAL: alloc::Counting = alloc::Counting;

struct Args {
    rows: usize,
    runs: usize,
    data: PathBuf,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        rows: 1_000_000,
        runs: 5,
        data: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bench"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut num = |name: &str| -> Result<usize, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name} needs a positive number"))
        };
        match arg.as_str() {
            "--quick" => {
                a.rows = 20_000;
                a.runs = 1;
            }
            "--rows" => a.rows = num("--rows")?,
            "--runs" => a.runs = num("--runs")?,
            "--data" => a.data = it.next().ok_or("--data needs a directory")?.into(),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("weburl-integrations-bench: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("weburl-integrations-bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("weburl-integrations-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

type Error = Box<dyn std::error::Error>;

/// A one-column table of `urls` in 8192-row `Utf8View` batches (what
/// DataFusion reads Parquet strings as), in one partition.
fn table(urls: &[String]) -> Result<(MemTable, Vec<RecordBatch>), Error> {
    let batches: Vec<RecordBatch> = urls
        .chunks(8192)
        .map(|c| {
            let col: ArrayRef = Arc::new(StringViewArray::from_iter_values(c));
            RecordBatch::try_from_iter([("url", col)])
        })
        .collect::<Result<_, _>>()?;
    let schema = batches.first().ok_or("no rows")?.schema();
    Ok((MemTable::try_new(schema, vec![batches.clone()])?, batches))
}

/// A session (one partition: per-row cost on one core) with `t`, weburl's
/// `url_*` functions and datafusion-spark's `parse_url`.
fn session(table: MemTable, ours_parse_url: bool) -> Result<SessionContext, Error> {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(1));
    ctx.register_table("t", Arc::new(table))?;
    for f in datafusion_spark::function::url::functions() {
        ctx.register_udf(f.as_ref().clone());
    }
    for f in weburl_datafusion::url_functions() {
        ctx.register_udf(f.as_ref().clone());
    }
    if ours_parse_url {
        for f in weburl_datafusion::spark_functions() {
            ctx.register_udf(f.as_ref().clone());
        }
    }
    Ok(ctx)
}

/// One measurement: median seconds and bytes allocated per row over `runs`
/// runs, and the result of the last run.
struct Measured {
    secs: f64,
    bytes_per_row: f64,
    last: Vec<RecordBatch>,
}

async fn measure(
    ctx: &SessionContext,
    sql: &str,
    rows: usize,
    runs: usize,
) -> Result<Measured, Error> {
    let mut secs = Vec::new();
    let mut bytes = Vec::new();
    let mut last = Vec::new();
    for _ in 0..runs {
        drop(std::mem::take(&mut last));
        let df = ctx.sql(sql).await?;
        let a0 = alloc::allocated();
        let t0 = Instant::now();
        last = df.collect().await?;
        secs.push(t0.elapsed().as_secs_f64());
        bytes.push((alloc::allocated() - a0) as f64 / rows as f64);
    }
    Ok(Measured {
        secs: median(&mut secs),
        bytes_per_row: median(&mut bytes),
        last,
    })
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Bytes of string data in `out`'s `Utf8View` columns that lie in buffers
/// other than `input`'s: what was copied.
fn copied_bytes(out: &[RecordBatch], input: &[RecordBatch]) -> usize {
    let shared: HashSet<*const u8> = input
        .iter()
        .flat_map(|b| b.columns().to_vec())
        .filter_map(|c| c.as_any().downcast_ref::<StringViewArray>().cloned())
        .flat_map(|c| {
            c.data_buffers()
                .iter()
                .map(|b| b.as_ptr())
                .collect::<Vec<_>>()
        })
        .collect();
    out.iter()
        .flat_map(|b| b.columns().to_vec())
        .filter_map(|c| c.as_any().downcast_ref::<StringViewArray>().cloned())
        .flat_map(|c| c.data_buffers().to_vec())
        .filter(|b| !shared.contains(&b.as_ptr()))
        .map(|b| b.len())
        .sum()
}

fn ns_per_row(m: &Measured, rows: usize) -> f64 {
    m.secs * 1e9 / rows as f64
}

async fn run(args: &Args) -> Result<(), Error> {
    let pool = data::pool(&args.data)?;
    let urls = data::column(&pool, args.rows, 0x5EED_0F0C_0FFE);
    let canonical_pool = data::canonical(&pool);
    let canonical = data::column(&canonical_pool, args.rows, 0xC0FFEE);
    let rows = args.rows;
    let runs = args.runs;
    let share = canonical_pool.len() as f64 / pool.len() as f64 * 100.0;
    println!(
        "weburl integrations benchmark: {rows} rows drawn (seeded) from {} URLs of {} \
         ({share:.0}% canonical), median of {runs} run(s), one partition",
        pool.len(),
        args.data.display()
    );
    let (t, _) = table(&urls)?;
    let ctx = session(t, false)?;
    let (t, _) = table(&urls)?;
    let ours_ctx = session(t, true)?;

    println!();
    println!("| measurement | weburl | datafusion-spark try_parse_url | speed-up |");
    println!("| --- | --- | --- | --- |");
    let row = |name: &str, ours: &Measured, theirs: &Measured| {
        println!(
            "| {name} | {:.0} ns/row, {:.1} B/row allocated | {:.0} ns/row, {:.1} B/row allocated | {:.1}x |",
            ns_per_row(ours, rows),
            ours.bytes_per_row,
            ns_per_row(theirs, rows),
            theirs.bytes_per_row,
            theirs.secs / ours.secs
        );
    };
    let spark_host = measure(&ctx, "SELECT try_parse_url(url, 'HOST') FROM t", rows, runs).await?;
    let hostname = measure(&ctx, "SELECT url_hostname(url) FROM t", rows, runs).await?;
    row(
        "host: url_hostname(url) vs try_parse_url(url, 'HOST')",
        &hostname,
        &spark_host,
    );
    let host = measure(&ctx, "SELECT url_host(url) FROM t", rows, runs).await?;
    row(
        "host: url_host(url) (with :port) vs the same",
        &host,
        &spark_host,
    );
    let ours_spark = measure(
        &ours_ctx,
        "SELECT try_parse_url(url, 'HOST') FROM t",
        rows,
        runs,
    )
    .await?;
    row(
        "host: weburl's try_parse_url(url, 'HOST') vs the same",
        &ours_spark,
        &spark_host,
    );

    let five = "SELECT try_parse_url(url, 'HOST'), try_parse_url(url, 'PATH'), \
                try_parse_url(url, 'QUERY'), try_parse_url(url, 'REF'), \
                try_parse_url(url, 'PROTOCOL') FROM t";
    let spark_five = measure(&ctx, five, rows, runs).await?;
    let parsed = measure(&ctx, "SELECT url_parse(url) FROM t", rows, runs).await?;
    row(
        "5 parts: url_parse(url) (all 11) vs 5 try_parse_url calls",
        &parsed,
        &spark_five,
    );
    let ours_five = measure(&ours_ctx, five, rows, runs).await?;
    row(
        "5 parts: weburl's 5 try_parse_url calls vs the same",
        &ours_five,
        &spark_five,
    );

    // Zero copy: canonical rows only.
    let (t, input) = table(&canonical)?;
    let cctx = session(t, false)?;
    let m = measure(&cctx, "SELECT url_hostname(url) FROM t", rows, runs).await?;
    let s = measure(&cctx, "SELECT url_parse(url) FROM t", rows, runs).await?;
    println!();
    println!("| canonical rows only | ns/row | B/row allocated | string bytes copied |");
    println!("| --- | --- | --- | --- |");
    for (name, m) in [("url_hostname(url)", &m), ("url_parse(url)", &s)] {
        println!(
            "| {name} | {:.0} | {:.1} | {} |",
            ns_per_row(m, rows),
            m.bytes_per_row,
            copied_bytes(&m.last, &input)
        );
    }

    cli(&urls, runs).await
}

/// `weburl columns`' pipeline (weburl_arrow::files::convert) on 1, 2 and
/// all cores.
async fn cli(urls: &[String], runs: usize) -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let input = dir.path().join("urls.parquet");
    let output = dir.path().join("parsed.parquet");
    let col: ArrayRef = Arc::new(arrow_array::StringArray::from_iter_values(urls));
    let batch = RecordBatch::try_from_iter([("url", col)])?;
    let mut w =
        parquet::arrow::ArrowWriter::try_new(std::fs::File::create(&input)?, batch.schema(), None)?;
    w.write(&batch)?;
    w.close()?;
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads = vec![1, 2, all];
    threads.dedup();
    println!();
    println!("| weburl columns, Parquet in, Parquet out | rows/s |");
    println!("| --- | --- |");
    for n in threads {
        let mut rates = Vec::new();
        for _ in 0..runs {
            let mut job = weburl_arrow::files::Job::new(
                &input,
                weburl_arrow::files::Format::Parquet,
                "url",
                &output,
            );
            job.threads = Some(n);
            let t0 = Instant::now();
            let summary = weburl_arrow::files::convert(&job, &|_| {})?;
            rates.push(summary.rows as f64 / t0.elapsed().as_secs_f64());
        }
        let label = if n == all {
            format!("{n} threads (all cores)")
        } else {
            format!("{n} thread(s)")
        };
        println!("| {label} | {:.0} |", median(&mut rates));
    }
    Ok(())
}
