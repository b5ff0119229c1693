//! `weburl columns` (feature `parquet`): files in, Parquet out.
#![cfg(feature = "parquet")]
// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use weburl_arrow::arrow_array::cast::AsArray;
use weburl_arrow::arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use weburl_arrow::files::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use weburl_arrow::files::parquet::arrow::ArrowWriter;
use weburl_arrow::files::parquet::file::properties::WriterProperties;

fn weburl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .output()
        .expect("run weburl")
}

/// Every batch of a Parquet file, concatenated per column: (input column,
/// href, hostname) with NULL as `None`.
fn read(path: &Path) -> Vec<(Option<String>, Option<String>, Option<String>)> {
    let reader = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(path).unwrap())
        .unwrap()
        .build()
        .unwrap();
    let mut out = Vec::new();
    for batch in reader {
        let batch = batch.unwrap();
        let input = batch.column(0);
        let parsed = batch.column_by_name("parsed").unwrap().as_struct();
        let text = |a: &ArrayRef, i: usize| -> Option<String> {
            if a.is_null(i) {
                return None;
            }
            Some(match a.as_string_opt::<i32>() {
                Some(s) => s.value(i).to_string(),
                None => a.as_string_view().value(i).to_string(),
            })
        };
        for i in 0..batch.num_rows() {
            out.push((
                text(input, i),
                text(parsed.column_by_name("href").unwrap(), i),
                text(parsed.column_by_name("hostname").unwrap(), i),
            ));
        }
    }
    out
}

/// A fresh directory under the system's temp dir, removed on drop.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("weburl-columns-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

#[test]
fn csv_to_parquet_on_several_threads() {
    let dir = TempDir::new("csv");
    let input = dir.path().join("in.csv");
    let output = dir.path().join("out.parquet");
    std::fs::write(
        &input,
        "id,link\n1,https://EXAMPLE.com/a/../b\n2,not a url\n3,\n4,https://x.example:8080/p?q\n5,mailto:a@b\n",
    )
    .unwrap();
    let o = weburl(&[
        "columns",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--column",
        "link",
        "--threads",
        "3",
        "--batch-rows=2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("5 rows (2 null or invalid)"));
    assert_eq!(
        read(&output),
        [
            (
                some("https://EXAMPLE.com/a/../b"),
                some("https://example.com/b"),
                some("example.com")
            ),
            (some("not a url"), None, None),
            (None, None, None),
            (
                some("https://x.example:8080/p?q"),
                some("https://x.example:8080/p?q"),
                some("x.example")
            ),
            (some("mailto:a@b"), some("mailto:a@b"), some("")),
        ]
    );
}

#[test]
fn parquet_to_parquet_keeps_row_order() {
    let dir = TempDir::new("pq");
    let input = dir.path().join("in.parquet");
    let output = dir.path().join("out.parquet");
    let urls: Vec<String> = (0..5000)
        .map(|i| format!("https://host{}.example/{i}", i % 7))
        .collect();
    let batch = RecordBatch::try_from_iter([(
        "url",
        Arc::new(StringArray::from(urls.clone())) as ArrayRef,
    )])
    .unwrap();
    let props = WriterProperties::builder()
        .set_max_row_group_row_count(Some(700))
        .build();
    let mut w = ArrowWriter::try_new(
        std::fs::File::create(&input).unwrap(),
        batch.schema(),
        Some(props),
    )
    .unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    let o = weburl(&[
        "columns",
        "-q",
        "--batch-rows",
        "300",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty());
    let rows = read(&output);
    assert_eq!(rows.len(), urls.len());
    for (i, (input, href, host)) in rows.iter().enumerate() {
        assert_eq!(input.as_deref(), Some(urls[i].as_str()));
        assert_eq!(href.as_deref(), Some(urls[i].as_str()));
        assert_eq!(
            host.as_deref(),
            Some(format!("host{}.example", i % 7).as_str())
        );
    }
}

#[test]
fn strict_and_usage_errors() {
    let dir = TempDir::new("strict");
    let input = dir.path().join("in.csv");
    std::fs::write(&input, "url\nhttps://ok.example/\nhttp://[bad/\n").unwrap();
    let out = dir.path().join("out.parquet");
    let (i, o) = (input.to_str().unwrap(), out.to_str().unwrap());
    let strict = weburl(&["columns", "--strict", i, o]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&strict.stderr).contains("row 1"));
    assert_eq!(weburl(&["columns", i]).status.code(), Some(2));
    assert_eq!(
        weburl(&["columns", "--threads", "0", i, o]).status.code(),
        Some(2)
    );
    assert_eq!(weburl(&["columns", "in.txt", o]).status.code(), Some(2));
    let missing = weburl(&["columns", "--column", "nope", i, o]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no column named \"nope\""));
    let absent = dir.path().join("absent.parquet");
    assert_eq!(
        weburl(&["columns", absent.to_str().unwrap(), o])
            .status
            .code(),
        Some(1)
    );
}
