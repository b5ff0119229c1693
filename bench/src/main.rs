//! `weburl-bench [--quick] [FILES…]`: parses every URL of each corpus file
//! with weburl (owned String, fixed buffer, borrowed-or-fixed), Ada and
//! rust-url, alternating implementations round by round in one process, and
//! prints medians side by side. Run it through `cargo xtask bench`.
//!
//! Every implementation must produce the same hrefs as Ada (the sum of href
//! lengths and the number of successes are compared), so nothing is skipped.

use std::hint::black_box;
use std::time::Instant;

/// Result of one pass: (successes, sum of href lengths).
type Tally = (usize, usize);

fn weburl_owned(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = weburl::Url::parse(u) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

fn weburl_fixed(urls: &[String], buf: &mut [u8]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = url_core::Url::parse_into(u, url_core::SliceStorage::new(buf)) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

/// Zero-copy when the input is canonical, else the reused fixed buffer.
fn weburl_borrowed(urls: &[String], buf: &mut [u8]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        match url_core::Url::parse_borrowed(u) {
            Ok(url) => {
                t.0 += 1;
                t.1 += black_box(url.href()).len();
            }
            Err(url_core::ParseError::NotCanonical) => {
                if let Ok(url) = url_core::Url::parse_into(u, url_core::SliceStorage::new(buf)) {
                    t.0 += 1;
                    t.1 += black_box(url.href()).len();
                }
            }
            Err(_) => {}
        }
    }
    t
}

fn ada(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = ada_url::Url::parse(u.as_str(), None) {
            t.0 += 1;
            t.1 += black_box(url.href()).len();
        }
    }
    t
}

fn rust_url(urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        if let Ok(url) = url::Url::parse(u) {
            t.0 += 1;
            t.1 += black_box(url.as_str()).len();
        }
    }
    t
}

const IMPLS: [&str; 5] = [
    "weburl",
    "weburl-fixed",
    "weburl-borrowed",
    "ada",
    "rust-url",
];

fn run_impl(k: usize, urls: &[String], buf: &mut [u8]) -> Tally {
    match k {
        0 => weburl_owned(urls),
        1 => weburl_fixed(urls, buf),
        2 => weburl_borrowed(urls, buf),
        3 => ada(urls),
        _ => rust_url(urls),
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn bench_file(path: &str, rounds: usize) -> Result<bool, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let urls: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let name = std::path::Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned());
    let mut buf = vec![0u8; 1 << 16];
    // Correctness first: every implementation against Ada.
    let reference = ada(&urls);
    let mut ok = true;
    for (k, imp) in IMPLS.iter().enumerate() {
        let t = run_impl(k, &urls, &mut buf);
        if t != reference && *imp != "rust-url" {
            eprintln!(
                "bench {name}: {imp} disagrees with Ada: {} URLs / {} href bytes vs {} / {}",
                t.0, t.1, reference.0, reference.1
            );
            ok = false;
        }
    }
    // Timing: rotate the order each round so no implementation always runs
    // first (warm caches) or last.
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); IMPLS.len()];
    for round in 0..rounds {
        for j in 0..IMPLS.len() {
            let k = (j + round) % IMPLS.len();
            let start = Instant::now();
            black_box(run_impl(k, &urls, &mut buf));
            let ns = start.elapsed().as_nanos() as f64 / urls.len() as f64;
            samples[k].push(ns);
        }
    }
    let med: Vec<f64> = samples.iter_mut().map(|s| median(s)).collect();
    let (ada_ns, rust_ns) = (med[3], med[4]);
    for (k, imp) in IMPLS.iter().enumerate().take(3) {
        println!(
            "bench {name} urls={} {imp}={:.1}ns ada={ada_ns:.1}ns rust-url={rust_ns:.1}ns {imp}/ada={:.2} {imp}/rust-url={:.2}",
            urls.len(),
            med[k],
            med[k] / ada_ns,
            med[k] / rust_ns
        );
    }
    Ok(ok)
}

fn main() -> std::process::ExitCode {
    let mut quick = false;
    let mut only = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            // For profilers: run one implementation for a number of passes.
            "--only" => only = args.next(),
            _ => files.push(a),
        }
    }
    if let Some(imp) = only {
        let Some(k) = IMPLS.iter().position(|i| *i == imp) else {
            eprintln!("bench: --only takes one of {IMPLS:?}");
            return std::process::ExitCode::FAILURE;
        };
        let mut buf = vec![0u8; 1 << 16];
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            let urls: Vec<String> = text
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect();
            let passes = if quick { 1 } else { 20 };
            for _ in 0..passes {
                black_box(run_impl(k, &urls, &mut buf));
            }
            println!("{imp} {f}: {} URLs x {passes}", urls.len());
        }
        return std::process::ExitCode::SUCCESS;
    }
    let rounds = if quick { 5 } else { 21 };
    let mut all_ok = true;
    for f in &files {
        match bench_file(f, rounds) {
            Ok(ok) => all_ok &= ok,
            Err(e) => {
                eprintln!("bench: {e}");
                all_ok = false;
            }
        }
    }
    if all_ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
