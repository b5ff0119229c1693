//! Test helpers: files written into a temp dir, a session with the
//! functions, and queries collected as strings.

#![allow(dead_code)]

use arrow_array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};
use parquet::arrow::ArrowWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A Parquet file of string columns (`None` is NULL).
pub fn write_parquet(path: &Path, columns: &[(&str, Vec<Option<String>>)]) {
    let batch = RecordBatch::try_from_iter(columns.iter().map(|(name, values)| {
        (
            *name,
            Arc::new(StringArray::from(values.clone())) as ArrayRef,
        )
    }))
    .unwrap();
    let mut w =
        ArrowWriter::try_new(std::fs::File::create(path).unwrap(), batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

/// A CSV file with a header; values are quoted, `None` is an empty field.
pub fn write_csv(path: &Path, columns: &[(&str, Vec<Option<String>>)]) {
    let mut text = columns
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(",");
    text.push('\n');
    let rows = columns.first().map_or(0, |(_, v)| v.len());
    for r in 0..rows {
        let line: Vec<String> = columns
            .iter()
            .map(|(_, v)| match &v[r] {
                Some(s) => format!("\"{}\"", s.replace('"', "\"\"")),
                None => String::new(),
            })
            .collect();
        text.push_str(&line.join(","));
        text.push('\n');
    }
    std::fs::write(path, text).unwrap();
}

/// A session with weburl's functions and `table` registered from `file`
/// (Parquet or CSV by extension).
pub async fn session(table: &str, file: &Path) -> SessionContext {
    let mut ctx = SessionContext::new();
    weburl_datafusion::register_all(&mut ctx).unwrap();
    register(&ctx, table, file).await;
    ctx
}

/// Registers `file` as `table`.
pub async fn register(ctx: &SessionContext, table: &str, file: &Path) {
    let path = file.to_str().unwrap();
    if path.ends_with(".csv") {
        ctx.register_csv(table, path, CsvReadOptions::new())
            .await
            .unwrap();
    } else {
        ctx.register_parquet(table, path, ParquetReadOptions::default())
            .await
            .unwrap();
    }
}

/// Every row of `sql`'s result, each column formatted (NULL as "NULL").
pub async fn rows(ctx: &SessionContext, sql: &str) -> Vec<Vec<String>> {
    let batches = ctx
        .sql(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    let options = FormatOptions::default().with_null("NULL");
    let mut out = Vec::new();
    for b in &batches {
        let formatters: Vec<_> = b
            .columns()
            .iter()
            .map(|c| ArrayFormatter::try_new(c.as_ref(), &options).unwrap())
            .collect();
        for r in 0..b.num_rows() {
            out.push(formatters.iter().map(|f| f.value(r).to_string()).collect());
        }
    }
    out
}

/// The first column of `sql`'s result.
pub async fn column(ctx: &SessionContext, sql: &str) -> Vec<String> {
    rows(ctx, sql)
        .await
        .into_iter()
        .map(|mut r| r.swap_remove(0))
        .collect()
}

/// `../shared/data/bench` beside the checkout (not committed).
pub fn bench_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bench")
}

/// Owned optional strings.
pub fn strs(v: &[Option<&str>]) -> Vec<Option<String>> {
    v.iter().map(|s| s.map(str::to_string)).collect()
}
