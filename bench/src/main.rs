//! `weburl-bench [--quick] [--limit N] [--wpt FILE] [--mutations FILE] FILES…`: runs every
//! workload with weburl (owned String, fixed buffer, borrowed-or-fixed),
//! Ada through its C++ API (the reference), Ada through the `ada-url` crate
//! and rust-url, alternating implementations round by round in one process,
//! and prints medians side by side. Run it through `cargo xtask bench`.
//!
//! Workloads: each corpus file parsed whole; a diverse host set (IPv4,
//! IPv6, IDN, `xn--` and ASCII hosts drawn from a seeded random source,
//! shuffled; all of it and each kind alone); a hostile set (long URLs
//! built to make a parser work per byte, drawn and shuffled the same way;
//! all of it and each kind alone); mutations.jsonl (all of it,
//! each tag alone, the inputs that fail, and `can_parse`), keeping the
//! inputs weburl and Ada parse alike; a non-canonical set (random mutations
//! of the first file's web URLs, and WPT inputs, shuffled); relative
//! references against pages of the first file; `can_parse`
//! on the first file, the non-canonical and the relative set; URLSearchParams
//! of the first file's queries (parsing; parsing, sorting and serializing);
//! four setters on the first file's URLs; URLPattern routes (a table of 50
//! regex-free routes and the same with regexp groups: construction, and
//! `test`/`exec` of the first file's URLs), weburl-pattern against the
//! `urlpattern` crate; a router on GitHub's REST API routes
//! (weburl-pattern's `UrlPatternList`, matchit, and `urlpattern` in a loop).
//!
//! Every implementation but rust-url must produce native Ada's tally
//! (successes and output bytes), so none is timed doing less work.
//!
//! `--per-input N --workload NAME` times each input of a parse or
//! `can_parse` workload alone against native Ada (repeated) and prints the
//! N with the highest ratio, and the sums;
//! `--list` prints each workload's name, implementations and size;
//! `--workload NAME` alone times that workload only;
//! `--only IMPL --workload NAME` runs one implementation on one workload
//! (for profilers and `cargo xtask bench --instructions`); `--limit N` caps
//! every workload at N units. The route workloads run alone the same way,
//! unlisted (see `routes::WORKLOADS`).

use std::hint::black_box;
use std::time::Instant;
use weburl_bench::hostile;
use weburl_bench::sets::{self, PER_BASE};
use weburl_bench::{
    native, run_impl, run_untimed, Workload, ADA, IMPLS, RUST_URL, WEBURL, WEBURL_URL,
};

/// The workload that needs no corpus: hosts of every kind, and (below)
/// each kind alone.
const HOSTS: &str = "hosts(diverse)";
/// Long URLs built to make a parser work per byte (and, below, each kind).
const HOSTILE: &str = "hostile";
/// mutations.jsonl: all of it, each tag alone, the inputs that fail, and
/// `can_parse` of all of it.
const MUTATIONS: &str = "mutations";
const MUTATIONS_FAILING: &str = "mutations(failing)";
const CAN_PARSE_MUTATIONS: &str = "can-parse(mutations)";
/// The workloads derived from the first corpus file, in running order.
const NON_CANONICAL: &str = "non-canonical";
const RELATIVE: &str = "relative";
/// `can_parse` on a sample of the first corpus file (each whole file has
/// its own `can-parse(<file>)` workload too).
const CAN_PARSE: &str = "can-parse(corpus)";
const CAN_PARSE_NON_CANONICAL: &str = "can-parse(non-canonical)";
const CAN_PARSE_RELATIVE: &str = "can-parse(relative)";
const SEARCH_PARAMS: &str = "search-params(parse)";
const SEARCH_PARAMS_SORTED: &str = "search-params(sort+serialize)";
const SETTERS: &str = "setters(4 per URL)";
const DERIVED: [&str; 8] = [
    NON_CANONICAL,
    RELATIVE,
    CAN_PARSE,
    CAN_PARSE_NON_CANONICAL,
    CAN_PARSE_RELATIVE,
    SEARCH_PARAMS,
    SEARCH_PARAMS_SORTED,
    SETTERS,
];
/// Default sizes: generated sets, and samples of the first file.
const GENERATED: usize = 20_000;
/// The hostile set: 2,000 URLs of about 1.7 KB (time per round ≈ the
/// diverse hosts' at 20,000).
const HOSTILE_SIZE: usize = 2_000;
const SAMPLE: usize = 10_000;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

struct Options {
    quick: bool,
    limit: usize,
    wpt: std::path::PathBuf,
    mutations: Option<std::path::PathBuf>,
    files: Vec<String>,
    /// `--per-input N`.
    per_input: Option<usize>,
}

/// What the workloads are built from: the corpus files, read once. The
/// limit caps each workload, not the files the derived sets come from.
struct Sources {
    corpora: Vec<(String, Vec<String>)>,
    wpt: Vec<String>,
    /// mutations.jsonl's (tag, input) lines on which weburl and native Ada
    /// agree, and how many they do not.
    mutations: (Vec<(String, String)>, usize),
    /// The diverse host set where weburl and native Ada agree, and how many
    /// they do not.
    hosts: (Vec<(&'static str, String)>, usize),
    /// The hostile set where weburl and native Ada agree, and how many
    /// they do not.
    hostile: (Vec<(&'static str, String)>, usize),
    limit: usize,
}

fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map_or(path.to_string(), |n| n.to_string_lossy().into_owned())
}

impl Sources {
    fn read(opts: &Options) -> Result<Sources, String> {
        let mut corpora = Vec::new();
        for f in &opts.files {
            let urls = sets::read_urls(f.as_ref()).map_err(|e| format!("{f}: {e}"))?;
            corpora.push((file_name(f), urls));
        }
        let wpt = sets::wpt_inputs(&opts.wpt).unwrap_or_else(|e| {
            eprintln!("bench: WPT inputs left out of the non-canonical set: {e}");
            Vec::new()
        });
        let mutations = match &opts.mutations {
            Some(path) => sets::read_mutations(path)?,
            None => Vec::new(),
        };
        let mutations = agreed(mutations, |(_, u)| u);
        let hosts = agreed(sets::diverse_hosts(GENERATED), |(_, u)| u);
        let hostile = agreed(hostile::hostile(HOSTILE_SIZE), |(_, u)| u);
        Ok(Sources {
            corpora,
            wpt,
            mutations,
            hosts,
            hostile,
            limit: opts.limit,
        })
    }

    /// The first corpus file, the source of the derived workloads.
    fn first(&self) -> &[String] {
        self.corpora.first().map_or(&[], |(_, urls)| urls)
    }

    fn cap(&self, n: usize) -> usize {
        n.min(self.limit)
    }

    /// The WPT inputs that parse without a base and on which weburl and
    /// native Ada agree (Ada 4.0.0 predates parts of the current standard,
    /// which WPT tests): (kept, left out).
    fn wpt_agreed(&self) -> (Vec<String>, usize) {
        let parsing: Vec<&String> = self
            .wpt
            .iter()
            .filter(|u| weburl::Url::parse(u).is_ok())
            .collect();
        let kept: Vec<String> = parsing
            .iter()
            .filter(|u| {
                native::href(u, None).as_deref()
                    == weburl::Url::parse(u).ok().as_ref().map(|u| u.href())
            })
            .map(|u| u.to_string())
            .collect();
        let left_out = parsing.len() - kept.len();
        (kept, left_out)
    }

    fn non_canonical(&self) -> Vec<String> {
        sets::non_canonical(self.first(), &self.wpt_agreed().0, self.cap(GENERATED))
    }

    fn relative(&self) -> (Vec<String>, Vec<String>) {
        sets::relative(self.first(), self.cap(GENERATED) / PER_BASE)
    }

    fn sample(&self) -> Vec<String> {
        self.first()
            .iter()
            .take(self.cap(SAMPLE))
            .cloned()
            .collect()
    }

    fn queries(&self) -> Vec<String> {
        let mut q = sets::queries(self.first());
        q.truncate(self.limit);
        q
    }

    /// The tags of mutations.jsonl, most frequent first.
    fn mutation_tags(&self) -> Vec<String> {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for (tag, _) in &self.mutations.0 {
            match counts.iter_mut().find(|(t, _)| t == tag) {
                Some(c) => c.1 += 1,
                None => counts.push((tag.clone(), 1)),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts.into_iter().map(|(t, _)| t).collect()
    }

    fn mutation_inputs(&self, tag: Option<&str>) -> Vec<String> {
        self.mutations
            .0
            .iter()
            .filter(|(t, _)| tag.is_none_or(|want| t == want))
            .map(|(_, u)| u.clone())
            .take(self.limit)
            .collect()
    }

    fn hostile_inputs(&self, kind: Option<&str>) -> Vec<String> {
        of_kind(&self.hostile.0, kind, self.limit)
    }

    fn host_inputs(&self, kind: Option<&str>) -> Vec<String> {
        of_kind(&self.hosts.0, kind, self.limit)
    }

    /// The names of every workload, in running order.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.corpora.iter().map(|(n, _)| n.clone()).collect();
        names.extend(self.corpora.iter().map(|(n, _)| format!("can-parse({n})")));
        names.push(HOSTS.to_string());
        names.extend(sets::HOST_KINDS.iter().map(|k| format!("hosts[{k}]")));
        names.push(HOSTILE.to_string());
        names.extend(
            hostile::HOSTILE_KINDS
                .iter()
                .map(|k| format!("hostile[{k}]")),
        );
        if !self.mutations.0.is_empty() {
            names.push(MUTATIONS.to_string());
            names.push(MUTATIONS_FAILING.to_string());
            names.push(CAN_PARSE_MUTATIONS.to_string());
            names.extend(
                self.mutation_tags()
                    .iter()
                    .map(|t| format!("mutations[{t}]")),
            );
        }
        if !self.first().is_empty() {
            names.extend(DERIVED.iter().map(|n| n.to_string()));
        }
        names
    }

    /// The workload called `name`, or None (or an empty set).
    fn workload(&self, name: &str) -> Option<Workload> {
        if let Some((_, urls)) = self.corpora.iter().find(|(n, _)| n == name) {
            let urls = urls.iter().take(self.limit).cloned().collect();
            return Some(Workload::parse(name, urls));
        }
        if let Some((_, urls)) = self
            .corpora
            .iter()
            .find(|(n, _)| format!("can-parse({n})") == name)
        {
            let urls = urls.iter().take(self.limit).cloned().collect();
            return Some(Workload::can_parse(name, urls));
        }
        let w = match name {
            HOSTS => Workload::parse(name, self.host_inputs(None)),
            HOSTILE => Workload::parse(name, self.hostile_inputs(None)),
            _ if name.starts_with("hostile[") => {
                let kind = name.trim_start_matches("hostile[").trim_end_matches(']');
                Workload::parse(name, self.hostile_inputs(Some(kind)))
            }
            MUTATIONS => Workload::parse(name, self.mutation_inputs(None)),
            MUTATIONS_FAILING => {
                let failing = self
                    .mutation_inputs(None)
                    .into_iter()
                    .filter(|u| weburl::Url::parse(u).is_err())
                    .collect();
                Workload::parse(name, failing)
            }
            CAN_PARSE_MUTATIONS => Workload::can_parse(name, self.mutation_inputs(None)),
            _ if name.starts_with("hosts[") => {
                let kind = name.trim_start_matches("hosts[").trim_end_matches(']');
                Workload::parse(name, self.host_inputs(Some(kind)))
            }
            _ if name.starts_with("mutations[") => {
                let tag = name.trim_start_matches("mutations[").trim_end_matches(']');
                Workload::parse(name, self.mutation_inputs(Some(tag)))
            }
            NON_CANONICAL => Workload::parse(name, self.non_canonical()),
            CAN_PARSE_NON_CANONICAL => Workload::can_parse(name, self.non_canonical()),
            RELATIVE => {
                let (bases, hrefs) = self.relative();
                Workload::parse_with_base(name, bases, hrefs)
            }
            CAN_PARSE_RELATIVE => {
                let (bases, hrefs) = self.relative();
                Workload::can_parse_with_base(name, bases, hrefs)
            }
            CAN_PARSE => Workload::can_parse(name, self.sample()),
            SEARCH_PARAMS => Workload::search_params(name, self.queries()),
            SEARCH_PARAMS_SORTED => Workload::search_params_sorted(name, self.queries()),
            SETTERS => Workload::setters(name, &self.sample()),
            _ => return None,
        };
        (w.units() > 0).then_some(w)
    }
}

/// Checks every implementation against native Ada, then times `rounds`
/// rounds, rotating the order each round so no implementation always runs
/// first (warm caches) or last, and prints one line per weburl storage.
/// Returns false on a disagreement.
fn bench(w: &mut Workload, rounds: usize) -> bool {
    let impls = w.impls();
    let name = w.name().to_string();
    let reference = run_untimed(ADA, w);
    let mut ok = true;
    // Ada is the reference; a second pass of it would also put its
    // setters a value set ahead of the others'.
    for &k in impls.iter().filter(|&&k| k != ADA) {
        let t = run_untimed(k, w);
        if t != reference && k != RUST_URL {
            eprintln!(
                "bench {name}: {} disagrees with Ada: {} / {} vs {} / {}",
                IMPLS[k], t.0, t.1, reference.0, reference.1
            );
            for d in w.differences(5) {
                eprintln!("  {d}");
            }
            ok = false;
        }
    }
    let n = w.units();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); IMPLS.len()];
    for round in 0..rounds {
        for j in 0..impls.len() {
            let k = impls[(j + round) % impls.len()];
            let start = Instant::now();
            black_box(run_impl(k, w));
            samples[k].push(start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    let med: Vec<f64> = samples
        .iter_mut()
        .map(|s| if s.is_empty() { f64::NAN } else { median(s) })
        .collect();
    let (ada, krate, rust) = (med[ADA], med[ADA + 1], med[RUST_URL]);
    for &k in impls.iter().filter(|&&k| k < ADA || k == WEBURL_URL) {
        let imp = IMPLS[k];
        // weburl-url against the weburl it wraps: what migrating costs.
        let over_weburl = if k == WEBURL_URL {
            format!(" {imp}/weburl={:.2}", med[k] / med[WEBURL])
        } else {
            String::new()
        };
        println!(
            "bench {name} {}={n} {imp}={:.1}ns ada={ada:.1}ns ada-crate={krate:.1}ns rust-url={rust:.1}ns {imp}/ada={:.2} {imp}/ada-crate={:.2} {imp}/rust-url={:.2}{over_weburl}",
            w.unit(),
            med[k],
            med[k] / ada,
            med[k] / krate,
            med[k] / rust
        );
    }
    ok
}

/// The items whose input weburl and native Ada parse alike (the same href,
/// or both failing): Ada 4.0.0 predates parts of the current standard, and
/// every implementation must do the same work for the times to compare.
/// Returns them, in their order, and how many were left out.
/// The inputs of a generated set of `kind` (all of them for `None`), at
/// most `limit`.
fn of_kind(set: &[(&'static str, String)], kind: Option<&str>, limit: usize) -> Vec<String> {
    set.iter()
        .filter(|(k, _)| kind.is_none_or(|want| *k == want))
        .map(|(_, u)| u.clone())
        .take(limit)
        .collect()
}

fn agreed<T>(items: Vec<T>, input: impl Fn(&T) -> &String) -> (Vec<T>, usize) {
    let n = items.len();
    let kept: Vec<T> = items
        .into_iter()
        .filter(|item| {
            let u = input(item);
            native::href(u, None) == weburl::Url::parse(u).ok().map(|u| u.href().to_string())
        })
        .collect();
    let left_out = n - kept.len();
    (kept, left_out)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "unknown".into(), |s| s.trim().to_string())
}

/// `--per-input N`: the N inputs of `w` slowest against native Ada.
fn per_input(w: &Workload, n: usize) -> Result<(), String> {
    let mut rows = w
        .per_input(200)
        .ok_or(format!("{}: not a parse or can_parse workload", w.name()))?;
    let (ours, ada): (f64, f64) = rows
        .iter()
        .fold((0.0, 0.0), |(a, b), r| (a + r.weburl_ns, b + r.ada_ns));
    println!(
        "per-input {}: {} inputs, weburl {ours:.0} ns, native Ada {ada:.0} ns in all, {:.3}",
        w.name(),
        rows.len(),
        ours / ada
    );
    let ratio = |r: &weburl_bench::work::PerInput| r.weburl_ns / r.ada_ns;
    rows.sort_by(|a, b| ratio(b).total_cmp(&ratio(a)));
    for r in rows.iter().take(n) {
        println!(
            "{:.2} {:8.1} {:8.1} {:?}",
            ratio(r),
            r.weburl_ns,
            r.ada_ns,
            r.input
        );
    }
    Ok(())
}

fn parse_args() -> Result<(Options, Option<String>, Option<String>, bool), String> {
    let mut opts = Options {
        quick: false,
        limit: usize::MAX,
        wpt: concat!(env!("CARGO_MANIFEST_DIR"), "/../data/wpt/urltestdata.json").into(),
        mutations: None,
        files: Vec::new(),
        per_input: None,
    };
    let (mut only, mut workload, mut list) = (None, None, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--quick" => opts.quick = true,
            "--list" => list = true,
            "--only" => only = Some(value()?),
            "--workload" => workload = Some(value()?),
            "--wpt" => opts.wpt = value()?.into(),
            "--mutations" => opts.mutations = Some(value()?.into()),
            "--limit" => opts.limit = value()?.parse().map_err(|e| format!("--limit: {e}"))?,
            "--per-input" => {
                let n = value()?.parse().map_err(|e| format!("--per-input: {e}"))?;
                opts.per_input = Some(n);
            }
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => opts.files.push(a),
        }
    }
    Ok((opts, only, workload, list))
}

fn main() -> std::process::ExitCode {
    use std::process::ExitCode;
    let (opts, only, workload, list) = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let inputs = match Sources::read(&opts) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    if list {
        // name, implementations, units per pass; tab-separated.
        for name in inputs.names() {
            if let Some(w) = inputs.workload(&name) {
                let impls: Vec<&str> = w.impls().iter().map(|&k| IMPLS[k]).collect();
                println!("{name}\t{}\t{}\t{}", impls.join(","), w.units(), w.unit());
            }
        }
        // The route workloads, with the function a profiler counts (they
        // do not run through `work::run_impl`).
        let urls = inputs.sample().len();
        for (i, name) in weburl_bench::routes::WORKLOADS.iter().enumerate() {
            let (units, unit) = if i == 0 {
                (weburl_bench::routes::ROUTES.len(), "routes")
            } else {
                (urls, "urls")
            };
            println!(
                "{name}\t{}\t{units}\t{unit}\tweburl_bench::routes::pass",
                weburl_bench::routes::IMPLS.join(",")
            );
        }
        println!(
            "{}\t{}\t{}\trequests\tweburl_bench::router::pass",
            weburl_bench::router::WORKLOAD,
            weburl_bench::router::IMPLS.join(","),
            weburl_bench::router::REQUESTS.min(opts.limit)
        );
        return ExitCode::SUCCESS;
    }
    if let Some(n) = opts.per_input {
        let Some(w) = workload.as_deref().and_then(|name| inputs.workload(name)) else {
            eprintln!("bench: --per-input needs --workload NAME (--list shows them)");
            return ExitCode::FAILURE;
        };
        return match per_input(&w, n) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("bench: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if only.is_some() {
        // For profilers: one implementation, one workload, a number of
        // passes after one uncounted pass (the setters' first pass changes
        // the URLs; the timed passes see them changed).
        let (Some(imp), Some(name)) = (only, workload) else {
            eprintln!("bench: --only needs --workload");
            return ExitCode::FAILURE;
        };
        let passes = if opts.quick { 1 } else { 20 };
        if name == weburl_bench::router::WORKLOAD {
            return match weburl_bench::router::profile(&imp, opts.limit, passes) {
                Ok(done) => {
                    println!("{done}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("bench: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        match weburl_bench::routes::profile(&imp, &name, &inputs.sample(), passes) {
            Some(Ok(done)) => {
                println!("{done}");
                return ExitCode::SUCCESS;
            }
            Some(Err(e)) => {
                eprintln!("bench: {e}");
                return ExitCode::FAILURE;
            }
            None => {}
        }
        let Some(k) = IMPLS.iter().position(|i| *i == imp) else {
            eprintln!("bench: --only takes one of {IMPLS:?}");
            return ExitCode::FAILURE;
        };
        let Some(mut w) = inputs.workload(&name) else {
            eprintln!("bench: no workload {name:?}; --list shows them");
            return ExitCode::FAILURE;
        };
        black_box(run_untimed(k, &mut w));
        for _ in 0..passes {
            black_box(run_impl(k, &mut w));
        }
        println!("{imp} {name}: {} {} x {passes}", w.units(), w.unit());
        return ExitCode::SUCCESS;
    }

    println!("bench load average at start: {}", load_average());
    println!(
        "bench {HOSTS}: {} URLs ({} that weburl and Ada parse differently left out)",
        inputs.hosts.0.len(),
        inputs.hosts.1
    );
    println!(
        "bench {HOSTILE}: {} URLs ({} that weburl and Ada parse differently left out)",
        inputs.hostile.0.len(),
        inputs.hostile.1
    );
    if !inputs.mutations.0.is_empty() {
        println!(
            "bench {MUTATIONS}: {} inputs ({} that weburl and Ada parse differently left out)",
            inputs.mutations.0.len(),
            inputs.mutations.1
        );
    }
    let (wpt_kept, wpt_left_out) = inputs.wpt_agreed();
    if !inputs.first().is_empty() {
        println!(
            "bench {NON_CANONICAL}: {} WPT inputs (not the {wpt_left_out} that weburl and Ada parse differently)",
            wpt_kept.len().min(inputs.cap(GENERATED) / 16)
        );
    }
    let rounds = if opts.quick { 5 } else { 21 };
    let mut all_ok = true;
    // `--workload NAME` alone: that workload's line only (while working on
    // it; the full run is the measure).
    for name in inputs.names() {
        if workload.as_ref().is_some_and(|w| *w != name) {
            continue;
        }
        if let Some(mut w) = inputs.workload(&name) {
            all_ok &= bench(&mut w, rounds);
        }
    }
    if !inputs.first().is_empty() && workload.is_none() {
        all_ok &= weburl_bench::routes::bench(&inputs.sample(), rounds);
    }
    if workload
        .as_deref()
        .is_none_or(|w| w == weburl_bench::router::WORKLOAD)
    {
        all_ok &= weburl_bench::router::bench(rounds, opts.limit);
    }
    println!("bench load average at end: {}", load_average());
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
