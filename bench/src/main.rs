//! `weburl-bench [--quick] [FILES…]`: parses every URL of each corpus file
//! with weburl (owned String, fixed buffer, borrowed-or-fixed), Ada and
//! rust-url, alternating implementations round by round in one process, and
//! prints medians side by side. Run it through `cargo xtask bench`.
//!
//! Every implementation must produce the same hrefs as Ada (the sum of href
//! lengths and the number of successes are compared), so nothing is skipped.

use std::hint::black_box;
use std::time::Instant;
use weburl_bench::{ada, host_heavy, run_impl, rust_url, weburl_fixed, weburl_owned, IMPLS};

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

// ---- the extra sets: hosts, setters, search params ------------------------

fn time_rounds<T>(rounds: usize, n: usize, mut f: impl FnMut(usize) -> T) -> Vec<f64> {
    let mut out = vec![Vec::new(); 3];
    for round in 0..rounds {
        for j in 0..3 {
            let k = (j + round) % 3;
            let start = Instant::now();
            black_box(f(k));
            out[k].push(start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    out.iter_mut().map(|s| median(s)).collect()
}

fn print_line(name: &str, n: usize, m: &[f64]) {
    println!(
        "bench {name} urls={n} weburl={:.1}ns ada={:.1}ns rust-url={:.1}ns weburl/ada={:.2} weburl/rust-url={:.2}",
        m[0],
        m[1],
        m[2],
        m[0] / m[1],
        m[0] / m[2]
    );
}

/// Hosts, setters and URLSearchParams parsing; returns false on a mismatch.
fn bench_extra(rounds: usize, corpus: Option<&[String]>) -> bool {
    let mut ok = true;
    // Hosts: the same hrefs as Ada, all three.
    let hosts = host_heavy(20_000);
    let mut buf = vec![0u8; 1 << 16];
    let (w, a) = (weburl_fixed(&hosts, &mut buf), ada(&hosts));
    if w != a {
        eprintln!("bench hosts: weburl {w:?} vs Ada {a:?}");
        ok = false;
    }
    let m = time_rounds(rounds, hosts.len(), |k| match k {
        0 => weburl_owned(&hosts),
        1 => ada(&hosts),
        _ => rust_url(&hosts),
    });
    print_line("hosts(synthetic)", hosts.len(), &m);

    let Some(corpus) = corpus else { return ok };
    let sample: Vec<&String> = corpus.iter().take(10_000).collect();
    // Setters: pathname, search, hash and host on each URL, parsed beforehand.
    let mut w_urls: Vec<weburl::Url> = sample
        .iter()
        .filter_map(|u| weburl::Url::parse(u).ok())
        .collect();
    let mut a_urls: Vec<ada_url::Url> = sample
        .iter()
        .filter_map(|u| ada_url::Url::parse(u.as_str(), None).ok())
        .collect();
    let mut r_urls: Vec<url::Url> = sample
        .iter()
        .filter_map(|u| url::Url::parse(u).ok())
        .collect();
    let n = w_urls.len();
    let m = time_rounds(rounds, n, |k| {
        let mut total = 0usize;
        match k {
            0 => {
                for u in &mut w_urls {
                    let _ = u.set_pathname("/a/b c");
                    let _ = u.set_search("?q=1");
                    let _ = u.set_hash("#h");
                    let _ = u.set_host("example.org");
                    total += u.href().len();
                }
            }
            1 => {
                for u in &mut a_urls {
                    let _ = u.set_pathname(Some("/a/b c"));
                    u.set_search(Some("?q=1"));
                    u.set_hash(Some("#h"));
                    let _ = u.set_host(Some("example.org"));
                    total += u.href().len();
                }
            }
            _ => {
                for u in &mut r_urls {
                    u.set_path("/a/b c");
                    u.set_query(Some("q=1"));
                    u.set_fragment(Some("h"));
                    let _ = u.set_host(Some("example.org"));
                    total += u.as_str().len();
                }
            }
        }
        total
    });
    let w_total: usize = w_urls.iter().map(|u| u.href().len()).sum();
    let a_total: usize = a_urls.iter().map(|u| u.href().len()).sum();
    if w_total != a_total {
        eprintln!("bench setters: weburl {w_total} href bytes vs Ada {a_total}");
        ok = false;
    }
    print_line("setters(4 per URL)", n, &m);

    // URLSearchParams parsing of the corpus's queries.
    let queries: Vec<&str> = corpus
        .iter()
        .filter_map(|u| u.split_once('?').map(|(_, q)| q))
        .collect();
    if !queries.is_empty() {
        let m = time_rounds(rounds, queries.len(), |k| {
            let mut pairs = 0usize;
            for q in &queries {
                pairs += match k {
                    0 => weburl::UrlSearchParams::parse(q).len(),
                    1 => ada_url::UrlSearchParams::parse(*q).map_or(0, |p| p.len()),
                    _ => url::form_urlencoded::parse(q.as_bytes()).count(),
                };
            }
            pairs
        });
        print_line("search-params(queries)", queries.len(), &m);
    }

    // URL.canParse: validity only, nothing kept.
    let counts: Vec<usize> = (0..3).map(|k| can_parse(k, &sample)).collect();
    if counts[0] != counts[1] {
        eprintln!("bench can-parse: weburl {} vs Ada {}", counts[0], counts[1]);
        ok = false;
    }
    let m = time_rounds(rounds, sample.len(), |k| can_parse(k, &sample));
    print_line("can-parse", sample.len(), &m);
    ok
}

/// How many of `urls` parse, by `can_parse` (weburl, Ada) or a parse whose
/// result is dropped (rust-url has no can_parse).
fn can_parse(k: usize, urls: &[&String]) -> usize {
    urls.iter()
        .filter(|u| match k {
            0 => weburl::Url::can_parse(u, None),
            1 => ada_url::Url::can_parse(u, None),
            _ => url::Url::parse(u).is_ok(),
        })
        .count()
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
    // Extra sets; setters and search params use the first corpus file.
    let corpus: Option<Vec<String>> = files
        .first()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .map(|t| {
            t.lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        });
    all_ok &= bench_extra(rounds, corpus.as_deref());
    if all_ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
