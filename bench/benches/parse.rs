//! Criterion benches: each corpus file of `../shared/data/bench/` (or the
//! files named by `WEBURL_BENCH_FILES`, separated by `:`) parsed whole by
//! weburl (owned, fixed buffer, borrowed), Ada (native C++ API and the
//! ada-url crate) and rust-url, one Criterion group per file so their reports
//! sit side by side; plus the host-heavy set.
//! `cargo bench -p weburl-bench`. Every implementation is first checked to
//! produce Ada's hrefs, so none is timed doing less work.
//!
//! `cargo xtask bench` is the one-process, alternating-rounds comparison
//! whose ratios the project reports; these give Criterion's statistics and
//! change detection between runs.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use std::time::Duration;
use weburl_bench::{diverse_hosts, read_urls, run_impl, Workload, ADA, IMPLS, RUST_URL};

fn corpus_files() -> Vec<PathBuf> {
    if let Ok(list) = std::env::var("WEBURL_BENCH_FILES") {
        return list.split(':').map(PathBuf::from).collect();
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench");
    [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ]
    .iter()
    .map(|f| dir.join(f))
    .collect()
}

fn bench_set(c: &mut Criterion, name: &str, urls: Vec<String>) {
    let mut w = Workload::parse(name, urls);
    let reference = run_impl(ADA, &mut w);
    for (k, imp) in IMPLS.iter().enumerate() {
        let t = run_impl(k, &mut w);
        // rust-url has known deviations; the others must match Ada exactly.
        assert!(
            k == RUST_URL || t == reference,
            "{name}: {imp} gives {t:?}, Ada {reference:?}"
        );
    }
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(w.units() as u64));
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (k, imp) in IMPLS.iter().enumerate() {
        group.bench_function(*imp, |b| b.iter(|| run_impl(k, &mut w)));
    }
    group.finish();
}

fn corpora(c: &mut Criterion) {
    for path in corpus_files() {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match read_urls(&path) {
            Ok(urls) => bench_set(c, &name, urls),
            Err(e) => eprintln!("bench: {} skipped ({e})", path.display()),
        }
    }
    bench_set(
        c,
        "hosts(diverse)",
        diverse_hosts(20_000).into_iter().map(|(_, u)| u).collect(),
    );
}

criterion_group!(benches, corpora);
criterion_main!(benches);
