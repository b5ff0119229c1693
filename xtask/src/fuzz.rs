//! `cargo xtask fuzz-seed` and `cargo xtask fuzz [--smoke]`.
//!
//! fuzz-seed turns the conformance data (data/wpt/*.json) and a sample of the
//! benchmark corpora (../shared/data/bench/*.txt, when present), plus every
//! WPT-mutation input of ../shared/data/bench/mutations.jsonl (absolute and
//! against two bases), into seed corpora under `fuzz/corpus/<target>/`, in each target's input layout (see
//! fuzz/src/lib.rs `Case`). They are generated, not committed.
//!
//! fuzz builds every target with `cargo +nightly fuzz build` (into
//! fuzz/target) and runs each binary in turn on its corpus and on the
//! committed reproducers in `fuzz/regressions/<target>/`; any crash, leak or timeout fails the command and the
//! reproducer path is printed. `--smoke` is the CI budget (20,000 inputs from
//! a fixed seed per target, at most 120 s each);
//! otherwise `--time SECS` (default 1200) per target, in libFuzzer's fork
//! mode (`-fork=1`: a child process does the fuzzing and is restarted after
//! an out-of-memory or timeout report, so an hour-long run is not ended by
//! one slow input; a crash still stops it). `--keep-going` adds
//! `-ignore_crashes=1`, so a long run of a differential target collects
//! every disagreement it finds instead of stopping at the first (each one is
//! still a reproducer and a failure).
//! Target names after the options restrict the run.

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use serde_json::Value;
use sha2::{Digest, Sha256};

// SETTER_VALUES: the values the setters target builds its own from.
include!("../../fuzz/src/setter_values.rs");

/// URLs with one-letter components, for the setters seeds.
const SHORT_URLS: &[&str] = &[
    "http://h/p",
    "sc:///p",
    "sc://h/p",
    "sc:/p",
    "http://u:p@h:1/p?q#f",
];

/// Bases the mutation inputs (../shared/data/bench/mutations.jsonl) are
/// also resolved against.
const MUTATION_BASES: &[&str] = &["https://user:pass@example.org:8080/a/b?q#f", "sc://h/p/q"];

/// Host values with a port (the host setter writes both).
const HOST_PORTS: &[&str] = &[
    "example.com:8080",
    "h:80",
    "h:443",
    "[::1]:65535",
    "h:65536",
    "h:x",
];

/// Every target in fuzz/Cargo.toml (checked against `cargo fuzz list`).
const TARGETS: &[&str] = &[
    "parse",
    "idempotence",
    "setters",
    "storage_agree",
    "fast_path",
    "differential_ada",
    "differential_rust_url",
    "idna",
    "form_urlencoded",
    "urlpattern",
];

/// Targets whose input is a `Case`: mode byte, then `[base 0xFF] input`.
const CASE_TARGETS: &[&str] = &[
    "parse",
    "idempotence",
    "fast_path",
    "differential_ada",
    "differential_rust_url",
];

/// A smoke run's time cap, far above what its inputs take (the slowest
/// target, setters, runs 400 inputs/s on CI's 2.1 GHz machines: 50 s), so
/// the run count, not the clock, ends it and every machine runs the same
/// inputs.
const SMOKE_SECONDS: u64 = 120;
/// Inputs per target in a smoke run (with `-seed=1`): deterministic. A
/// smoke run is a change's quick check (the fuzzing is the long runs):
/// 40,000 took the ten targets 290 s of a CI run over its 45 minutes.
const SMOKE_RUNS: u64 = 20_000;
const DEFAULT_SECONDS: u64 = 1200;
/// Lines taken from each benchmark corpus file (evenly spaced).
const BENCH_SAMPLE: usize = 400;

fn fuzz_dir() -> PathBuf {
    crate::workspace_root().join("fuzz")
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = DEFAULT_SECONDS;
    let mut keep_going = false;
    let mut selected = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--smoke" => seconds = SMOKE_SECONDS,
            "--keep-going" => keep_going = true,
            "--time" => {
                seconds = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--time needs a number of seconds")?
            }
            t if TARGETS.contains(&t) => selected.push(t),
            other => return Err(format!("unknown argument {other:?} (targets: {TARGETS:?})")),
        }
    }
    if selected.is_empty() {
        selected = TARGETS.to_vec();
    }
    let dir = fuzz_dir();

    // Every target must exist and build; `cargo fuzz list` is the truth.
    let listed = cargo_fuzz(&dir, &["list"])?;
    let listed: BTreeSet<&str> = listed.lines().map(str::trim).collect();
    for t in TARGETS {
        if !listed.contains(t) {
            return Err(format!("`cargo fuzz list` does not list {t}"));
        }
    }
    eprintln!("fuzz: building {} targets (nightly)", TARGETS.len());
    let status = nightly_cargo(&dir)
        .args(["fuzz", "build", "--debug-assertions"])
        .status()
        .map_err(|e| {
            format!(
                "cannot run cargo +nightly fuzz (install: cargo install cargo-fuzz --locked): {e}"
            )
        })?;
    if !status.success() {
        return Err("cargo +nightly fuzz build failed".into());
    }

    if selected
        .iter()
        .any(|t| !dir.join("corpus").join(t).is_dir())
    {
        seed(&[])?;
    }

    let logs = dir.join("target").join("fuzz-logs");
    fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let dict = dir.join("dict").join("url.dict");
    let mut failed = Vec::new();
    for t in &selected {
        let started = Instant::now();
        let log = logs.join(format!("{t}.log"));
        let (ok, summary, artifacts) = run_target(&dir, t, seconds, keep_going, &dict, &log)?;
        eprintln!(
            "fuzz {t}: {} in {:.0}s — {summary}",
            if ok { "ok" } else { "FAILED" },
            started.elapsed().as_secs_f64()
        );
        if !ok {
            for a in &artifacts {
                eprintln!("  reproducer: {}", a.display());
                eprintln!(
                    "  reproduce:  cd fuzz && cargo +nightly fuzz run --debug-assertions {t} {}",
                    a.strip_prefix(&dir).unwrap_or(a).display()
                );
            }
            eprintln!("  log: {}", log.display());
            failed.push(*t);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("targets failed: {}", failed.join(", ")))
    }
}

/// `cargo +nightly` in `dir`, building into fuzz/target whatever the
/// caller's CARGO_TARGET_DIR (sanitizer builds must not mix with others, and
/// the binaries are then run from a known place).
fn nightly_cargo(dir: &Path) -> Command {
    let mut c = Command::new("cargo");
    c.arg(crate::nightly())
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"));
    c
}

/// The host triple, which cargo-fuzz builds for.
fn host_triple() -> Result<String, String> {
    let out = Command::new("rustc")
        .args([crate::nightly().as_str(), "-vV"])
        .output()
        .map_err(|e| format!("cannot run rustc +nightly: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .ok_or_else(|| "rustc +nightly -vV printed no host".into())
}

/// `cargo +nightly fuzz <args>` in `dir`, returning stdout.
fn cargo_fuzz(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = nightly_cargo(dir)
        .arg("fuzz")
        .args(args)
        .output()
        .map_err(|e| format!("cannot run cargo +nightly fuzz: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo +nightly fuzz {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs one target for `seconds`; returns (success, libFuzzer's last status
/// line, reproducer paths). libFuzzer's output goes to `log`.
fn run_target(
    dir: &Path,
    target: &str,
    seconds: u64,
    keep_going: bool,
    dict: &Path,
    log: &Path,
) -> Result<(bool, String, Vec<PathBuf>), String> {
    // The binary `cargo fuzz build` made, run directly: `cargo fuzz run`
    // re-resolves the build for each target, costing seconds of the budget.
    let bin = dir
        .join("target")
        .join(host_triple()?)
        .join("release")
        .join(target);
    let artifacts = dir.join("artifacts").join(target);
    fs::create_dir_all(&artifacts).map_err(|e| format!("{}: {e}", artifacts.display()))?;
    let started = std::time::SystemTime::now();
    // Committed reproducers (fuzz/regressions/<target>/, one named file per
    // finding) are a second corpus directory: libFuzzer runs every file in
    // it first, so each run, smoke included, replays them all.
    let regressions = dir.join("regressions").join(target);
    let mut child = Command::new(&bin)
        .arg(dir.join("corpus").join(target))
        .args(regressions.is_dir().then_some(&regressions))
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg(format!("-max_total_time={seconds}"))
        // Smoke runs are CI's: a fixed seed and run count make them the same
        // on every machine, so CI cannot turn red by chance; long runs explore.
        .args(if seconds == SMOKE_SECONDS {
            vec!["-seed=1".to_string(), format!("-runs={SMOKE_RUNS}")]
        } else {
            Vec::new()
        })
        .args(match (seconds == SMOKE_SECONDS, keep_going) {
            (true, false) => Vec::new(),
            (false, false) => vec!["-fork=1"],
            (_, true) => vec!["-fork=1", "-ignore_crashes=1"],
        })
        .arg("-rss_limit_mb=2048")
        .arg("-timeout=20")
        .arg("-print_final_stats=1")
        .arg(format!("-dict={}", dict.display()))
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let stderr = child.stderr.take().expect("piped");
    let mut text = String::new();
    let mut summary = String::new();
    let mut found = Vec::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.map_err(|e| e.to_string())?;
        // "#123456 DONE   cov: …" / "#… pulse …": keep the latest status.
        // In fork mode the parent's lines ("#123456: cov: … oom/timeout/
        // crash: …") count every job's executions; a child's, printed
        // when it crashes, only its own: the parent's win.
        let parent = line.contains("oom/timeout/crash:");
        if line.starts_with('#')
            && line.contains("cov:")
            && (parent || !summary.contains("oom/timeout/crash:"))
        {
            summary = line.clone();
        }
        // "Test unit written to <artifact_prefix>crash-…"
        if let Some(p) = line.split("Test unit written to ").nth(1) {
            found.push(PathBuf::from(p.trim()));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    // Fork mode's children write reproducers without telling the parent's
    // log: whatever appeared in the artifact directory during the run.
    if let Ok(entries) = fs::read_dir(&artifacts) {
        for e in entries.flatten() {
            let new = e
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|m| m >= started);
            if new && !found.contains(&e.path()) {
                found.push(e.path());
            }
        }
    }
    fs::write(log, &text).map_err(|e| format!("{}: {e}", log.display()))?;
    if !status.success() {
        // The panic message and the stack are what a reader needs first.
        let tail: Vec<&str> = text.lines().rev().take(40).collect();
        for l in tail.iter().rev() {
            eprintln!("  | {l}");
        }
    }
    Ok((status.success(), summary, found))
}

/// One seed file per distinct content, named by its hash (like libFuzzer).
struct Corpus {
    dir: PathBuf,
    names: BTreeSet<String>,
}

impl Corpus {
    fn new(target: &str) -> Result<Corpus, String> {
        let dir = fuzz_dir().join("corpus").join(target);
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Corpus {
            dir,
            names: BTreeSet::new(),
        })
    }

    fn add(&mut self, bytes: &[u8]) -> Result<(), String> {
        let name: String = Sha256::digest(bytes)[..10]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if self.names.insert(name.clone()) {
            let path = self.dir.join(&name);
            fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// A `Case` for the fuzz crate: mode 0 (no base) or mode 2 (base, 0xFF, input).
fn case_bytes(input: &str, base: Option<&str>) -> Vec<u8> {
    let mut v = Vec::with_capacity(input.len() + 2);
    match base {
        None => v.push(0),
        Some(b) => {
            v.push(2);
            v.extend_from_slice(b.as_bytes());
            v.push(0xFF);
        }
    }
    v.extend_from_slice(input.as_bytes());
    v
}

/// Reads a WPT JSON file, replacing escaped lone surrogates by U+FFFD first
/// (`&str` cannot hold them; the URL API's USVString conversion does the same).
fn read_wpt(name: &str) -> Result<Value, String> {
    let path = crate::workspace_root().join("data/wpt").join(name);
    let text = fs::read_to_string(&path)
        .map_err(|e| format!("{}: {e} (run `cargo xtask fetch-data`)", path.display()))?;
    serde_json::from_str(&replace_lone_surrogates(&text))
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn u_escape(b: &[u8], i: usize) -> Option<u16> {
    if b.get(i..i + 2)? != b"\\u" {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(b.get(i + 2..i + 6)?).ok()?, 16).ok()
}

fn replace_lone_surrogates(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(u) = u_escape(b, i) else {
            i += 2; // some other escape: skip the escaped character
            continue;
        };
        let high = (0xD800..0xDC00).contains(&u);
        let paired = high && u_escape(b, i + 6).is_some_and(|l| (0xDC00..0xE000).contains(&l));
        if paired {
            i += 12;
        } else if (0xD800..0xE000).contains(&u) {
            out.push_str(&text[copied..i]);
            out.push_str("\\uFFFD");
            i += 6;
            copied = i;
        } else {
            i += 6;
        }
    }
    out.push_str(&text[copied..]);
    out
}

fn strings<'a>(v: &'a Value, key: &'a str) -> impl Iterator<Item = &'a str> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(move |c| c.get(key).and_then(Value::as_str))
}

pub fn seed(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!("fuzz-seed takes no arguments (got {a:?})"));
    }
    let urltestdata = read_wpt("urltestdata.json")?;
    let js_only = read_wpt("urltestdata-javascript-only.json")?;
    let setters = read_wpt("setters_tests.json")?;
    let toascii = read_wpt("toascii.json")?;
    let idna_v2 = read_wpt("IdnaTestV2.json")?;

    // (input, base) pairs: WPT cases, their expected hrefs, setter URLs and a
    // sample of real-world URLs.
    let mut cases: Vec<(String, Option<String>)> = Vec::new();
    for data in [&urltestdata, &js_only] {
        for c in data.as_array().into_iter().flatten() {
            let Some(input) = c.get("input").and_then(Value::as_str) else {
                continue;
            };
            let base = c.get("base").and_then(Value::as_str);
            cases.push((input.into(), base.map(Into::into)));
            if let Some(href) = c.get("href").and_then(Value::as_str) {
                cases.push((href.into(), None));
            }
        }
    }
    let mut setter_cases: Vec<(String, String, String)> = Vec::new();
    if let Some(obj) = setters.as_object() {
        for (setter, tests) in obj {
            for t in tests.as_array().into_iter().flatten() {
                let href = t.get("href").and_then(Value::as_str).unwrap_or_default();
                let value = t
                    .get("new_value")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                cases.push((href.into(), None));
                setter_cases.push((setter.clone(), href.into(), value.into()));
            }
        }
    }
    let bench = crate::workspace_root().join("../shared/data/bench");
    // The WPT-mutation workload (shared/data/README.md): every input as an
    // absolute URL and as a reference against a special and a non-special
    // base, the shapes a crawler or proxy resolves.
    if let Ok(text) = fs::read_to_string(bench.join("mutations.jsonl")) {
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if let Some(input) = v.get("input").and_then(Value::as_str) {
                cases.push((input.into(), None));
                for base in MUTATION_BASES {
                    cases.push((input.into(), Some((*base).into())));
                }
            }
        }
    }
    let mut bench_files = 0;
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        let Ok(text) = fs::read_to_string(bench.join(name)) else {
            continue;
        };
        bench_files += 1;
        let lines: Vec<&str> = text.lines().collect();
        let step = (lines.len() / BENCH_SAMPLE).max(1);
        cases.extend(lines.iter().step_by(step).map(|l| (l.to_string(), None)));
    }

    let mut total = 0;
    for t in CASE_TARGETS {
        let mut c = Corpus::new(t)?;
        for (input, base) in &cases {
            c.add(&case_bytes(input, base.as_deref()))?;
        }
        total += c.names.len();
    }
    // storage_agree: a capacity knob byte in front of the case.
    let mut c = Corpus::new("storage_agree")?;
    for (i, (input, base)) in cases.iter().enumerate() {
        let mut v = vec![(i % 48) as u8];
        v.extend(case_bytes(input, base.as_deref()));
        c.add(&v)?;
    }
    total += c.names.len();

    // setters: `0xFE lo hi` runs WPT setters case `lo hi` (little-endian,
    // modulo their number; the target reads the same file), so every case is
    // a seed in the target's exact layout. The URL and value bytes beside
    // them give the mutator realistic material for the `arbitrary` layout.
    let mut c = Corpus::new("setters")?;
    for (i, (setter, href, value)) in setter_cases.iter().enumerate() {
        let [lo, hi] = (i as u16).to_le_bytes();
        c.add(&[0xFE, lo, hi])?;
        c.add(format!("{href}{setter}{value}").as_bytes())?;
    }
    // `0xFD s href 0xFF value`: every setter with every setter value on URLs
    // whose components are short, where a value outgrows what it replaces
    // (the WPT URLs have long hosts, so they never reach those capacities).
    for href in SHORT_URLS {
        for s in 0..10u8 {
            for value in SETTER_VALUES.iter().chain(HOST_PORTS) {
                let mut v = vec![0xFD, s];
                v.extend_from_slice(href.as_bytes());
                v.push(0xFF);
                v.extend_from_slice(value.as_bytes());
                c.add(&v)?;
            }
        }
    }
    total += c.names.len();

    // idna: flags byte (beStrict in bit 0) in front of a domain.
    let mut c = Corpus::new("idna")?;
    let mut domains: Vec<&str> = Vec::new();
    for data in [&toascii, &idna_v2] {
        domains.extend(strings(data, "input"));
        domains.extend(strings(data, "output"));
    }
    domains.extend(strings(&urltestdata, "hostname"));
    for (i, d) in domains.iter().enumerate() {
        let mut v = vec![(i % 256) as u8];
        v.extend_from_slice(d.as_bytes());
        c.add(&v)?;
    }
    total += c.names.len();

    // form_urlencoded: queries from WPT hrefs and the benchmark sample.
    let mut c = Corpus::new("form_urlencoded")?;
    for (input, _) in &cases {
        if let Some((_, q)) = input.split_once('?') {
            c.add(q.split('#').next().unwrap_or("").as_bytes())?;
        }
    }
    for s in [
        "a=1&b=2",
        "a+b=c%20d&&=&e",
        "%zz=%C3%A9&x",
        "%FF%FE=\u{FFFD}",
    ] {
        c.add(s.as_bytes())?;
    }
    total += c.names.len();

    // urlpattern: each WPT URLPattern case's pattern (a constructor string,
    // or an init's pathname, hostname or search) with its first input, in
    // the target's `mode pattern 0xFF input` layout.
    let urlpattern = read_wpt("urlpatterntestdata.json")?;
    let mut c = Corpus::new("urlpattern")?;
    for case in urlpattern.as_array().into_iter().flatten() {
        let pattern = case.get("pattern").and_then(|p| p.get(0));
        let input = case.get("inputs").and_then(|i| i.get(0));
        // A constructor string for mode 0, an init member for the others.
        let text = |v: Option<&Value>, key: &str| -> Option<String> {
            match (v?, key) {
                (Value::String(s), "") => Some(s.clone()),
                (Value::Object(o), k) if !k.is_empty() => {
                    o.get(k).and_then(Value::as_str).map(Into::into)
                }
                _ => None,
            }
        };
        for (mode, key) in [(0u8, ""), (2, "pathname"), (4, "hostname"), (6, "search")] {
            let Some(p) = text(pattern, key) else {
                continue;
            };
            let mut v = vec![mode];
            v.extend_from_slice(p.as_bytes());
            v.push(0xFF);
            v.extend_from_slice(text(input, key).unwrap_or_default().as_bytes());
            c.add(&v)?;
        }
    }
    total += c.names.len();

    eprintln!(
        "fuzz-seed: {total} seeds for {} targets in {} ({bench_files} benchmark files sampled)",
        TARGETS.len(),
        fuzz_dir().join("corpus").display()
    );
    Ok(())
}
