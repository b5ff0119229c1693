//! Files at scale (feature `files`): a Parquet or CSV column of URLs in,
//! Parquet out, parsed by [`crate::parse`] on every core.
//!
//! The input is read in batches, in order, by one thread; each chunk of
//! batches (a few per worker) is parsed in parallel on a rayon pool, and the
//! results are written in input order. The output has two columns: the
//! input column as it was, and `parsed`, the struct of
//! [`crate::struct_fields`].
//!
//! ```no_run
//! use weburl_arrow::files::{convert, Format, Job};
//! let job = Job::new("urls.parquet".as_ref(), Format::Parquet, "url", "parsed.parquet".as_ref());
//! let summary = convert(&job, &|p| eprintln!("{} of {:?} rows", p.rows, p.total))?;
//! println!("{} rows, {} invalid", summary.rows, summary.invalid);
//! # Ok::<(), weburl_arrow::files::FilesError>(())
//! ```

use crate::{parse, InvalidRows, Options};
use arrow_array::{Array, ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
/// The Parquet crate these files are read and written with.
pub use parquet;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::{ArrowWriter, ProjectionMask};
use parquet::basic::Compression;
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use rayon::prelude::*;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

/// The input file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Apache Parquet.
    Parquet,
    /// CSV; every column is read as text.
    Csv,
}

impl Format {
    /// The format a file name's extension names (`.parquet`/`.pq`, `.csv`).
    pub fn from_extension(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "parquet" | "pq" => Some(Format::Parquet),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// One conversion.
#[derive(Clone, Debug)]
pub struct Job<'a> {
    /// The file to read.
    pub input: &'a Path,
    /// Its format.
    pub format: Format,
    /// The column holding the URLs (for a CSV file without a header:
    /// `column_1`, `column_2`, ...).
    pub column: &'a str,
    /// The Parquet file to write (replaced if it exists).
    pub output: &'a Path,
    /// Whether a CSV file's first line names its columns.
    pub csv_header: bool,
    /// Rows per batch.
    pub batch_rows: usize,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
    /// What rows that are not URLs become.
    pub invalid: InvalidRows,
}

impl<'a> Job<'a> {
    /// A job with the defaults: CSV header, 8192-row batches, every core,
    /// invalid rows null.
    pub fn new(input: &'a Path, format: Format, column: &'a str, output: &'a Path) -> Self {
        Job {
            input,
            format,
            column,
            output,
            csv_header: true,
            batch_rows: 8192,
            threads: None,
            invalid: InvalidRows::Null,
        }
    }
}

/// How far a conversion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Rows written so far.
    pub rows: u64,
    /// Rows in the input, when known (a Parquet file says; a CSV file
    /// does not).
    pub total: Option<u64>,
}

/// What a conversion did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rows read and written.
    pub rows: u64,
    /// Rows that were null or not URLs (null `parsed`).
    pub invalid: u64,
    /// Worker threads used.
    pub threads: usize,
}

/// Why a conversion failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum FilesError {
    /// Reading or writing a file.
    Io(std::io::Error),
    /// The Parquet reader or writer.
    Parquet(ParquetError),
    /// Arrow (the CSV reader, a batch).
    Arrow(ArrowError),
    /// The kernel (an invalid URL with [`InvalidRows::Error`]; the row is
    /// counted from the start of the file).
    Kernel(crate::Error),
    /// The input has no column of that name.
    NoColumn(String),
    /// The worker pool could not start.
    Pool(String),
}

impl fmt::Display for FilesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilesError::Io(e) => write!(f, "{e}"),
            FilesError::Parquet(e) => write!(f, "{e}"),
            FilesError::Arrow(e) => write!(f, "{e}"),
            FilesError::Kernel(e) => write!(f, "{e}"),
            FilesError::NoColumn(c) => write!(f, "no column named {c:?}"),
            FilesError::Pool(e) => write!(f, "thread pool: {e}"),
        }
    }
}

impl std::error::Error for FilesError {}

impl From<std::io::Error> for FilesError {
    fn from(e: std::io::Error) -> Self {
        FilesError::Io(e)
    }
}
impl From<ParquetError> for FilesError {
    fn from(e: ParquetError) -> Self {
        FilesError::Parquet(e)
    }
}
impl From<ArrowError> for FilesError {
    fn from(e: ArrowError) -> Self {
        FilesError::Arrow(e)
    }
}

/// Reads `job.input`, parses its URL column and writes `job.output`;
/// `progress` is called after each chunk is written.
pub fn convert(job: &Job<'_>, progress: &(dyn Fn(Progress) + Sync)) -> Result<Summary, FilesError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = job.threads {
        builder = builder.num_threads(n.max(1));
    }
    let pool = builder
        .build()
        .map_err(|e| FilesError::Pool(e.to_string()))?;
    let threads = pool.current_num_threads();
    let (reader, total) = open(job)?;
    let url_schema = reader.schema();
    let url_field = url_schema
        .fields()
        .first()
        .cloned()
        .ok_or_else(|| FilesError::NoColumn(job.column.to_string()))?;
    let out_schema: SchemaRef = Arc::new(Schema::new(vec![
        Arc::unwrap_or_clone(url_field),
        Field::new("parsed", DataType::Struct(crate::struct_fields()), true),
    ]));
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .build();
    let mut writer = ArrowWriter::try_new(
        File::create(job.output)?,
        Arc::clone(&out_schema),
        Some(props),
    )?;
    let mut summary = Summary {
        threads,
        ..Summary::default()
    };
    // A few batches per worker, so that an uneven batch does not idle the
    // rest, and memory stays bounded by the chunk.
    let chunk = threads * 4;
    let mut batches = reader;
    loop {
        let mut inputs = Vec::with_capacity(chunk);
        for batch in batches.by_ref().take(chunk) {
            inputs.push(batch?);
        }
        if inputs.is_empty() {
            break;
        }
        let first_row = summary.rows;
        let invalid = job.invalid;
        let outputs: Vec<Result<(RecordBatch, u64), FilesError>> = pool.install(|| {
            inputs
                .par_iter()
                .map(|batch| parse_batch(batch, invalid, &out_schema))
                .collect()
        });
        for (out, input) in outputs.into_iter().zip(&inputs) {
            let (out, nulls) = out.map_err(|e| offset_row(e, first_row, &inputs, input))?;
            writer.write(&out)?;
            summary.rows += out.num_rows() as u64;
            summary.invalid += nulls;
        }
        progress(Progress {
            rows: summary.rows,
            total,
        });
    }
    writer.close()?;
    Ok(summary)
}

/// One batch: its URL column and the parsed struct; and how many rows are
/// null in the struct.
fn parse_batch(
    batch: &RecordBatch,
    invalid: InvalidRows,
    schema: &SchemaRef,
) -> Result<(RecordBatch, u64), FilesError> {
    let urls: &ArrayRef = batch
        .columns()
        .first()
        .ok_or_else(|| FilesError::NoColumn(String::new()))?;
    let parsed = parse(urls.as_ref(), &Options::default().with_invalid(invalid))
        .map_err(FilesError::Kernel)?;
    let nulls = parsed.null_count() as u64;
    let out = RecordBatch::try_new(Arc::clone(schema), vec![Arc::clone(urls), Arc::new(parsed)])?;
    Ok((out, nulls))
}

/// A kernel error's row counted from the start of the file, not the batch.
fn offset_row(
    e: FilesError,
    first_row: u64,
    inputs: &[RecordBatch],
    failed: &RecordBatch,
) -> FilesError {
    let before: usize = inputs
        .iter()
        .take_while(|b| !std::ptr::eq(*b, failed))
        .map(RecordBatch::num_rows)
        .sum();
    let shift = |row: usize| row + before + first_row as usize;
    match e {
        FilesError::Kernel(crate::Error::InvalidUrl { row, error }) => {
            FilesError::Kernel(crate::Error::InvalidUrl {
                row: shift(row),
                error,
            })
        }
        other => other,
    }
}

/// A reader of the URL column alone, as batches, and the number of rows
/// when the file says.
type Opened = (Box<dyn RecordBatchReader + Send>, Option<u64>);

fn open(job: &Job<'_>) -> Result<Opened, FilesError> {
    let batch_rows = job.batch_rows.max(1);
    match job.format {
        Format::Parquet => {
            let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(job.input)?)?;
            let index = builder
                .schema()
                .index_of(job.column)
                .map_err(|_| FilesError::NoColumn(job.column.to_string()))?;
            let mask = ProjectionMask::roots(builder.parquet_schema(), [index]);
            let total = u64::try_from(builder.metadata().file_metadata().num_rows()).ok();
            let reader = builder
                .with_projection(mask)
                .with_batch_size(batch_rows)
                .build()?;
            Ok((Box::new(reader), total))
        }
        Format::Csv => {
            let mut file = File::open(job.input)?;
            let format = arrow_csv::reader::Format::default().with_header(job.csv_header);
            let (inferred, _) = format.infer_schema(BufReader::new(&mut file), Some(1))?;
            file.seek(SeekFrom::Start(0))?;
            // Every column as text: inference must not turn a URL column
            // that starts with numbers-like rows into integers.
            let schema: SchemaRef = Arc::new(Schema::new(
                inferred
                    .fields()
                    .iter()
                    .map(|f| Field::new(f.name(), DataType::Utf8, true))
                    .collect::<Vec<_>>(),
            ));
            let index = schema
                .index_of(job.column)
                .map_err(|_| FilesError::NoColumn(job.column.to_string()))?;
            let reader = arrow_csv::ReaderBuilder::new(schema)
                .with_header(job.csv_header)
                .with_batch_size(batch_rows)
                .with_projection(vec![index])
                .build(BufReader::new(file))?;
            Ok((Box::new(reader), None))
        }
    }
}
