//! `weburl columns` (feature `parquet`): a Parquet or CSV column of URLs in,
//! the parsed components out as Parquet, on every core, through the
//! weburl-arrow kernel.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use weburl_arrow::files::{convert, Format, Job, Progress};
use weburl_arrow::InvalidRows;

/// Runs the command; usage errors are `Err(message)`.
pub fn run(args: &[String], out: &mut impl Write) -> Result<io::Result<ExitCode>, String> {
    let mut paths = Vec::new();
    let mut column = "url".to_string();
    let mut format = None;
    let mut header = true;
    let mut threads = None;
    let mut batch_rows = 8192;
    let mut invalid = InvalidRows::Null;
    let mut quiet = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| format!("{name} needs {what}"))
        };
        match name {
            "--column" => column = value("a column name")?,
            "--format" => {
                format = Some(match value("parquet or csv")?.as_str() {
                    "parquet" => Format::Parquet,
                    "csv" => Format::Csv,
                    other => return Err(format!("--format is parquet or csv, not {other:?}")),
                })
            }
            "--no-header" => header = false,
            "--threads" => {
                let v = value("a number")?;
                threads = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| format!("--threads needs a positive number, not {v:?}"))?,
                )
            }
            "--batch-rows" => {
                let v = value("a number")?;
                batch_rows = v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--batch-rows needs a positive number, not {v:?}"))?
            }
            "--strict" => invalid = InvalidRows::Error,
            "--quiet" | "-q" => quiet = true,
            a if a.starts_with('-') && a.len() > 1 => {
                return Err(format!("unknown option {a:?} for columns"))
            }
            _ => paths.push(arg.clone()),
        }
    }
    let [input, output] = paths.as_slice() else {
        return Err("columns takes an input file and an output file".to_string());
    };
    let input = Path::new(input);
    let Some(format) = format.or_else(|| Format::from_extension(input)) else {
        return Err(format!(
            "cannot tell the format of {input:?}: name it .parquet or .csv, or give --format"
        ));
    };
    let job = Job {
        csv_header: header,
        batch_rows,
        threads,
        invalid,
        ..Job::new(input, format, &column, Path::new(output))
    };
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        // Drawn only when stderr is a terminal.
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    };
    let started = std::time::Instant::now();
    let result = convert(&job, &|p: Progress| show(&bar, p));
    bar.finish_and_clear();
    Ok(match result {
        Ok(summary) => {
            let secs = started.elapsed().as_secs_f64();
            let rate = if secs > 0.0 {
                summary.rows as f64 / secs
            } else {
                0.0
            };
            if !quiet {
                let _ = writeln!(
                    io::stderr(),
                    "weburl: {} rows ({} null or invalid) in {secs:.2} s, {rate:.0} rows/s on {} threads",
                    summary.rows,
                    summary.invalid,
                    summary.threads
                );
            }
            out.flush().map(|()| ExitCode::SUCCESS)
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "weburl: {e}");
            Ok(ExitCode::FAILURE)
        }
    })
}

fn show(bar: &ProgressBar, p: Progress) {
    if bar.length().is_none() {
        if let Some(total) = p.total {
            bar.set_length(total);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} rows, {per_sec}, {eta} left")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
        } else {
            bar.set_style(
                ProgressStyle::with_template("{spinner} {pos} rows, {per_sec}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
        }
    }
    bar.set_position(p.rows);
}
