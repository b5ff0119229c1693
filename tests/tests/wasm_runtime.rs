//! The web-platform-tests inside a real WebAssembly engine (issue 16 §2).
//!
//! Builds `crates/wasm-harness` — url-core as a `wasm32-unknown-unknown`
//! module with no allocator and no imports, release profile as deployed —
//! loads it in wasmi, and sends every case of `urltestdata.json` (and
//! `urltestdata-javascript-only.json`), `setters_tests.json`, `toascii.json`
//! and `IdnaTestV2.json` through it. Every answer must be
//!
//! 1. identical, record for record, to the same call made natively here
//!    (the records are every URL attribute, the origin, the error's text,
//!    the setter's outcome, and a check of the representation invariants and
//!    idempotence run inside the module — see `crates/wasm-harness/src/ops.rs`,
//!    which [`native`] mirrors), and
//! 2. what WPT expects, judged as the native runners judge it
//!    (`urltestdata.rs`, `setters.rs`, `idna.rs`), with their expected
//!    failures from `tests/expectations/`.
//!
//! The toascii and IdnaTestV2 inputs also go through url-core's UTS #46
//! entry points (`to_ascii` with and without every flag, `to_unicode`,
//! `domain_to_ascii`) in the module, which must agree with native too.
//!
//! The build needs the wasm32-unknown-unknown target, which rustup installs
//! from `rust-toolchain.toml` (or `rustup target add wasm32-unknown-unknown`
//! by hand, where rustup's auto-install is off). Without the target these
//! tests say so on stderr and pass, unless `CI` is set: CI must run them.
//! A build that fails for any other reason fails them everywhere.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Once, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;
use wasmi::{Config, Engine, Linker, Memory, Module, Store, TypedFunc};
use weburl_conformance::{read_expectations, read_json_usv, root, wpt_path, FIELDS};

// ---------------------------------------------------------------------------
// Building and loading the module.

/// The built module: its bytes, and how long the build took.
struct Built {
    wasm: Vec<u8>,
    build_time: Duration,
}

/// Why there is no module.
enum BuildError {
    /// The toolchain has no standard library for wasm32-unknown-unknown.
    TargetMissing(String),
    /// Anything else: always a failure.
    Failed(String),
}

/// Builds the harness once per test binary (the tests of this file share
/// it). `None` when the target is not installed and this is not CI: the
/// tests then pass without running, after one notice on stderr (written to
/// the handle, which libtest does not capture, so that it is seen).
fn module() -> Option<&'static Built> {
    static BUILT: OnceLock<Result<Built, BuildError>> = OnceLock::new();
    static NOTICE: Once = Once::new();
    match BUILT.get_or_init(build) {
        Ok(b) => Some(b),
        Err(BuildError::TargetMissing(msg)) if std::env::var_os("CI").is_none() => {
            NOTICE.call_once(|| {
                let _ = writeln!(std::io::stderr(), "wasm_runtime: skipped: {msg}");
            });
            None
        }
        Err(BuildError::TargetMissing(msg) | BuildError::Failed(msg)) => panic!("{msg}"),
    }
}

/// The module, once a [`Harness`] exists.
fn built() -> &'static Built {
    module().expect("Harness::new built the module")
}

/// `cargo build --release --target wasm32-unknown-unknown` of the harness,
/// in its own target directory beside this test's (`target/wasm-harness`):
/// the outer `cargo test` holds the lock on its own.
fn build() -> Result<Built, BuildError> {
    let manifest = root().join("crates/wasm-harness/Cargo.toml");
    // <target>/debug/deps/wasm_runtime-… → <target>/wasm-harness.
    let target_dir = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join("wasm-harness")))
        .unwrap_or_else(|| root().join("target/wasm-harness"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let start = Instant::now();
    let output = Command::new(cargo)
        .args(["build", "--release", "--target", "wasm32-unknown-unknown"])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target_dir)
        // The module is built as deployed (its own Cargo.toml's profile),
        // not with whatever flags the host build was given.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .map_err(|e| {
            BuildError::Failed(format!("cannot run cargo to build the wasm harness: {e}"))
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        // rustc's note on E0463 when the target's core is not there.
        if stderr.contains("target may not be installed") {
            return Err(BuildError::TargetMissing(
                "the wasm32-unknown-unknown target is not installed; rustup installs it from \
                 rust-toolchain.toml (unless RUSTUP_AUTO_INSTALL=0), or run \
                 `rustup target add wasm32-unknown-unknown`"
                    .into(),
            ));
        }
        return Err(BuildError::Failed(format!(
            "building crates/wasm-harness for wasm32-unknown-unknown failed ({}):\n{stderr}",
            output.status,
        )));
    }
    let path: PathBuf = target_dir.join("wasm32-unknown-unknown/release/wasm_harness.wasm");
    let wasm =
        std::fs::read(&path).map_err(|e| BuildError::Failed(format!("{}: {e}", path.display())))?;
    Ok(Built {
        wasm,
        build_time: start.elapsed(),
    })
}

/// Fuel per call: far more than any case takes, so that a module that
/// loops forever fails its case instead of hanging the test.
const FUEL_PER_CALL: u64 = 1 << 32;

/// One instance of the module in wasmi, with its exports.
struct Harness {
    store: Store<()>,
    memory: Memory,
    input: usize,
    input_cap: usize,
    output: usize,
    output_cap: usize,
    parse_fn: TypedFunc<(i32, i32), i32>,
    set_fn: TypedFunc<(i32, i32, i32), i32>,
    idna_fn: TypedFunc<(i32, i32), i32>,
    fuel_used: u64,
}

/// The module's records, or why there are none (a trap, a fault code, a
/// malformed answer).
type Answer = Result<Vec<String>, String>;

impl Harness {
    /// `None` when the tests are skipped (see [`module`]).
    fn new() -> Option<Harness> {
        let built = module()?;
        let mut config = Config::default();
        config.consume_fuel(true);
        let engine = Engine::new(&config);
        let module = Module::new(&engine, &built.wasm).expect("a valid WebAssembly module");
        let imports: Vec<String> = module
            .imports()
            .map(|i| format!("{}::{}", i.module(), i.name()))
            .collect();
        assert!(imports.is_empty(), "the module imports {imports:?}");
        let mut store = Store::new(&engine, ());
        let instance = Linker::<()>::new(&engine)
            .instantiate_and_start(&mut store, &module)
            .expect("instantiate");
        let memory = instance
            .get_memory(&store, "memory")
            .expect("exported memory");
        let get = |store: &mut Store<()>, name: &str| -> usize {
            let f = instance
                .get_typed_func::<(), u32>(&*store, name)
                .unwrap_or_else(|e| panic!("export {name}: {e}"));
            store.set_fuel(FUEL_PER_CALL).expect("fuel");
            f.call(&mut *store, ()).expect("call") as usize
        };
        let (input, input_cap) = (
            get(&mut store, "input_ptr"),
            get(&mut store, "input_capacity"),
        );
        let (output, output_cap) = (
            get(&mut store, "output_ptr"),
            get(&mut store, "output_capacity"),
        );
        Some(Harness {
            parse_fn: instance.get_typed_func(&store, "parse").expect("parse"),
            set_fn: instance.get_typed_func(&store, "set").expect("set"),
            idna_fn: instance.get_typed_func(&store, "idna").expect("idna"),
            store,
            memory,
            input,
            input_cap,
            output,
            output_cap,
            fuel_used: 0,
        })
    }

    /// Writes the strings back to back into the input buffer; their lengths.
    fn request<const N: usize>(&mut self, strings: [&str; N]) -> Result<[i32; N], String> {
        let total: usize = strings.iter().map(|s| s.len()).sum();
        if total > self.input_cap {
            return Err(format!("request of {total} bytes exceeds the input buffer"));
        }
        let mut at = self.input;
        for s in strings {
            self.memory
                .write(&mut self.store, at, s.as_bytes())
                .map_err(|e| format!("writing the request: {e}"))?;
            at += s.len();
        }
        self.store
            .set_fuel(FUEL_PER_CALL)
            .map_err(|e| e.to_string())?;
        Ok(strings.map(|s| s.len() as i32))
    }

    /// Decodes the records of a call's output.
    fn answer(&mut self, returned: Result<i32, wasmi::Error>) -> Answer {
        let fuel_left = self.store.get_fuel().map_err(|e| e.to_string())?;
        self.fuel_used += FUEL_PER_CALL - fuel_left;
        let len = returned.map_err(|e| format!("trap: {e}"))?;
        let len = usize::try_from(len).map_err(|_| format!("fault {len}"))?;
        if len > self.output_cap {
            return Err(format!("output length {len} exceeds the buffer"));
        }
        let mut bytes = vec![0; len];
        self.memory
            .read(&self.store, self.output, &mut bytes)
            .map_err(|e| format!("reading the answer: {e}"))?;
        let mut records = Vec::new();
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            let (head, tail) = rest
                .split_first_chunk::<4>()
                .ok_or("truncated record length")?;
            let n = u32::from_le_bytes(*head) as usize;
            let body = tail.get(..n).ok_or("truncated record")?;
            records.push(String::from_utf8(body.to_vec()).map_err(|e| e.to_string())?);
            rest = &tail[n..];
        }
        Ok(records)
    }

    fn parse(&mut self, input: &str, base: Option<&str>) -> Answer {
        let [input_len, base_len] = self.request([input, base.unwrap_or("")])?;
        let base_len = if base.is_some() { base_len } else { -1 };
        let r = self.parse_fn.call(&mut self.store, (input_len, base_len));
        self.answer(r)
    }

    fn set(&mut self, href: &str, setter: &str, value: &str) -> Answer {
        let lens = self.request([href, setter, value])?;
        let r = self
            .set_fn
            .call(&mut self.store, (lens[0], lens[1], lens[2]));
        self.answer(r)
    }

    fn idna(&mut self, op: i32, domain: &str) -> Answer {
        let [len] = self.request([domain])?;
        let r = self.idna_fn.call(&mut self.store, (op, len));
        self.answer(r)
    }
}

// ---------------------------------------------------------------------------
// The same records, computed natively.

/// `crates/wasm-harness/src/ops.rs`, natively (String storage): the records
/// the module must give.
mod native {
    use url_core::{idna, Buffer, Setter, Url};

    fn components<S: Buffer>(url: &Url<S>) -> [String; 10] {
        [
            url.href(),
            url.protocol(),
            url.username(),
            url.password(),
            url.host(),
            url.hostname(),
            url.port_str(),
            url.pathname(),
            url.search(),
            url.hash(),
        ]
        .map(str::to_string)
    }

    pub fn parse(input: &str, base: Option<&str>) -> Vec<String> {
        let parsed = match base {
            None => Url::parse_into(input, String::new()),
            Some(base) => match Url::parse_into(base, String::new()) {
                Ok(base) => Url::parse_into_with_base(input, &base, String::new()),
                Err(e) => return vec!["base-error".into(), e.to_string()],
            },
        };
        match parsed {
            Ok(url) => {
                let mut out = vec!["url".to_string()];
                url_records(&url, true, &mut out);
                out
            }
            Err(e) => vec!["error".into(), e.to_string()],
        }
    }

    pub fn set(href: &str, setter: &str, value: &str) -> Vec<String> {
        let setter = Setter::from_name(setter).expect("WPT names known setters");
        let mut url = match Url::parse_into(href, String::new()) {
            Ok(url) => url,
            Err(e) => return vec!["href-error".into(), e.to_string()],
        };
        let before = url.href().to_string();
        let outcome = url.set(setter, value);
        let changed = outcome.is_ok();
        let mut out = vec![match outcome {
            Ok(()) => "ok".to_string(),
            Err(e) if e.is_ignored() => format!("ignored: {e}"),
            Err(e) => format!("error: {e}"),
        }];
        url_records(&url, changed || before == url.href(), &mut out);
        out
    }

    fn url_records<S: Buffer>(url: &Url<S>, unchanged: bool, out: &mut Vec<String>) {
        let parts = components(url);
        out.extend(parts.iter().cloned());
        out.push(url.origin().to_string());
        out.push(if let Err(e) = url.check_invariants() {
            format!("invariant violated: {e}")
        } else if !unchanged {
            "did nothing but changed the URL".into()
        } else {
            match Url::parse_into(url.href(), String::new()) {
                Err(e) => format!("href does not re-parse: {e}"),
                Ok(again) if components(&again) != parts => "not idempotent".into(),
                Ok(_) => "ok".into(),
            }
        });
    }

    pub fn idna(op: i32, domain: &str) -> Vec<String> {
        let mut out = String::new();
        let result = match op {
            0 => idna::to_ascii(domain, false, &mut out),
            1 => idna::to_ascii(domain, true, &mut out),
            2 => idna::to_unicode(domain, &mut out),
            3 => idna::domain_to_ascii(domain, false, &mut out),
            _ => unreachable!("ops 0..=3"),
        };
        match result {
            Ok(()) => vec!["ok".into(), out],
            Err(e) => vec!["error".into(), e.to_string()],
        }
    }
}

// ---------------------------------------------------------------------------
// Bookkeeping and the report.

/// One suite's results.
struct Suite {
    name: &'static str,
    start: Instant,
    passed: usize,
    expected_failures: usize,
    /// WPT mismatches not listed as expected, and listed cases that pass.
    failures: Vec<String>,
    /// Calls whose answer in the module differs from native.
    differences: Vec<String>,
    /// Calls compared with native.
    compared: usize,
    /// The harness's fuel counter when the suite started.
    fuel_start: u64,
}

impl Suite {
    fn new(name: &'static str, harness: &Harness) -> Suite {
        Suite {
            fuel_start: harness.fuel_used,
            name,
            start: Instant::now(),
            passed: 0,
            expected_failures: 0,
            failures: Vec::new(),
            differences: Vec::new(),
            compared: 0,
        }
    }

    /// Compares the module's answer with native; returns the records when
    /// they are identical.
    fn compare(&mut self, what: &str, wasm: Answer, native: Vec<String>) -> Option<Vec<String>> {
        self.compared += 1;
        match wasm {
            Ok(records) if records == native => Some(records),
            other => {
                self.differences.push(format!(
                    "{what}:\n    wasm:   {other:?}\n    native: {native:?}"
                ));
                None
            }
        }
    }

    /// Records a case's WPT verdict against its expectation (`listed`).
    fn record(&mut self, what: &str, listed: Option<&String>, problems: Vec<String>) {
        match (problems.is_empty(), listed) {
            (true, None) => self.passed += 1,
            (false, Some(_)) => self.expected_failures += 1,
            (true, Some(reason)) => self.failures.push(format!(
                "{what} passes but is listed as an expected failure ({reason}): remove it"
            )),
            (false, None) => self
                .failures
                .push(format!("{what}:\n    {}", problems.join("\n    "))),
        }
    }

    /// Prints the report line (and the details) and fails on any failure
    /// or difference.
    fn finish(self, harness: &Harness) {
        let total = self.passed + self.expected_failures + self.failures.len();
        for f in self.failures.iter().take(20) {
            println!("FAIL {f}");
        }
        for d in self.differences.iter().take(20) {
            println!("DIFFERS {d}");
        }
        let identical = if self.differences.is_empty() {
            format!("identical to native in all {} calls", self.compared)
        } else {
            format!(
                "{} of {} calls DIFFER from native",
                self.differences.len(),
                self.compared
            )
        };
        println!(
            "wasm32 (wasmi): {} {}/{total} passed, {} expected-failure, {} failed; {identical}; \
             module {} bytes (built in {:.1} s); {} fuel; {:.2} s",
            self.name,
            self.passed,
            self.expected_failures,
            self.failures.len(),
            thousands(built().wasm.len() as u64),
            built().build_time.as_secs_f64(),
            thousands(harness.fuel_used - self.fuel_start),
            self.start.elapsed().as_secs_f64(),
        );
        assert!(total > 0, "{}: no cases", self.name);
        assert!(
            self.failures.is_empty() && self.differences.is_empty(),
            "{}: {} WPT failures, {} differences from native (details above)",
            self.name,
            self.failures.len(),
            self.differences.len()
        );
    }
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The objects of a WPT JSON array (strings in it are comments).
fn cases(name: &str) -> Vec<Value> {
    let (data, _) = read_json_usv(&wpt_path(name));
    data.as_array()
        .unwrap_or_else(|| panic!("{name} is not an array"))
        .iter()
        .filter(|v| v.is_object())
        .cloned()
        .collect()
}

// ---------------------------------------------------------------------------
// urltestdata

/// As `urltestdata.rs`'s `check_case`, on the module's records.
fn urltestdata_problems(case: &Value, records: &[String]) -> Vec<String> {
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        return match records.first().map(String::as_str) {
            Some("error" | "base-error") => vec![],
            _ => vec![format!("expected failure, got {records:?}")],
        };
    }
    if records.first().map(String::as_str) != Some("url") {
        return vec![format!("expected {:?}, got {records:?}", case["href"])];
    }
    let mut problems = Vec::new();
    for (i, field) in FIELDS.iter().enumerate() {
        let want = case[field].as_str().unwrap_or_default();
        if records[1 + i] != want {
            problems.push(format!("{field}: want {want:?}, got {:?}", records[1 + i]));
        }
    }
    if let Some(want) = case.get("origin").and_then(Value::as_str) {
        if records[11] != want {
            problems.push(format!("origin: want {want:?}, got {:?}", records[11]));
        }
    }
    if records[12] != "ok" {
        problems.push(records[12].clone());
    }
    problems
}

fn run_urltestdata(harness: &mut Harness, file: &'static str) -> Suite {
    let expectations = read_expectations(&root().join("tests/expectations/urltestdata.txt"));
    let mut suite = Suite::new(file, harness);
    for case in cases(&format!("{file}.json")) {
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let what = format!("{input:?} (base {base:?})");
        let wasm = harness.parse(input, base);
        let Some(records) = suite.compare(&what, wasm, native::parse(input, base)) else {
            continue;
        };
        let listed = expectations.get(&(input.to_string(), base.map(str::to_string)));
        suite.record(&what, listed, urltestdata_problems(&case, &records));
    }
    suite
}

#[test]
fn urltestdata() {
    let Some(mut harness) = Harness::new() else {
        return;
    };
    let suites = [
        run_urltestdata(&mut harness, "urltestdata"),
        run_urltestdata(&mut harness, "urltestdata-javascript-only"),
    ];
    assert!(suites[0].passed + suites[0].expected_failures > 800);
    for suite in suites {
        suite.finish(&harness);
    }
}

// ---------------------------------------------------------------------------
// setters_tests

/// As `setters.rs`'s `check`, on the module's records.
fn setter_problems(expected: &Value, records: &[String]) -> Vec<String> {
    if records.first().map(String::as_str) == Some("href-error") {
        return vec![format!("href does not parse: {records:?}")];
    }
    if records[0].starts_with("error") {
        return vec![format!("setter failed: {}", records[0])];
    }
    let mut problems = Vec::new();
    for (field, want) in expected.as_object().expect("expected object") {
        let i = FIELDS
            .iter()
            .position(|f| f == field)
            .unwrap_or_else(|| panic!("unknown attribute {field}"));
        if Some(records[1 + i].as_str()) != want.as_str() {
            problems.push(format!("{field}: want {want}, got {:?}", records[1 + i]));
        }
    }
    if records[12] != "ok" {
        problems.push(records[12].clone());
    }
    problems
}

#[test]
fn setters_tests() {
    let Some(mut harness) = Harness::new() else {
        return;
    };
    let (data, _) = read_json_usv(&wpt_path("setters_tests.json"));
    let expectations = read_expectations(&root().join("tests/expectations/setters.txt"));
    let mut suite = Suite::new("setters_tests", &harness);
    for (setter, cases) in data.as_object().expect("object") {
        let (Some(cases), false) = (cases.as_array(), setter == "comment") else {
            continue;
        };
        for case in cases {
            let href = case["href"].as_str().expect("href");
            let value = case["new_value"].as_str().expect("new_value");
            let what = format!("{setter} on {href:?} with {value:?}");
            let wasm = harness.set(href, setter, value);
            let Some(records) = suite.compare(&what, wasm, native::set(href, setter, value)) else {
                continue;
            };
            let listed = expectations.get(&(format!("{setter} {href} {value}"), None));
            suite.record(&what, listed, setter_problems(&case["expected"], &records));
        }
    }
    assert!(suite.passed + suite.expected_failures > 250);
    suite.finish(&harness);
}

// ---------------------------------------------------------------------------
// toascii.json and IdnaTestV2.json

/// `tests/expectations/idna.txt` entries for `file` (JSON lines `{"file",
/// "input", "reason"}`; `idna.rs` reads the same file).
fn idna_expectations(file: &str) -> std::collections::HashMap<String, String> {
    let path = root().join("tests/expectations/idna.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: {e}: {line}", path.display()));
            (v["file"] == file).then(|| {
                let input = v["input"].as_str().expect("input").to_string();
                (input, v["reason"].as_str().expect("reason").to_string())
            })
        })
        .collect()
}

/// As `idna.rs`'s `check_via_url`: `new URL("https://" + input + "/x")`.
fn via_url_problems(output: Option<&str>, records: &[String]) -> Vec<String> {
    let host = |i: usize| records.get(i).map(String::as_str);
    match (records.first().map(String::as_str), output) {
        (Some("error"), None) => vec![],
        (_, None) => vec![format!("expected failure, got {records:?}")],
        (Some("url"), Some(o))
            if host(1) == Some(&format!("https://{o}/x"))
                && host(5) == Some(o)
                && host(6) == Some(o)
                && host(8) == Some("/x")
                && host(12) == Some("ok") =>
        {
            vec![]
        }
        (_, Some(o)) => vec![format!("expected {o:?}, got {records:?}")],
    }
}

fn run_idna_file(file: &'static str) {
    let Some(mut harness) = Harness::new() else {
        return;
    };
    let expectations = idna_expectations(&format!("{file}.json"));
    let mut suite = Suite::new(file, &harness);
    for case in cases(&format!("{file}.json")) {
        let input = case["input"].as_str().expect("input");
        // The UTS #46 entry points, on every input: agreement with native.
        for op in 0..=3 {
            let what = format!("idna op {op} on {input:?}");
            let wasm = harness.idna(op, input);
            suite.compare(&what, wasm, native::idna(op, input));
        }
        if input.is_empty() {
            // As the WPT harness: "https:///x" does not test the empty host.
            continue;
        }
        // As WPT's encodeHostEndingCodePoints: these would end the host.
        let mut encoded = String::new();
        for c in input.chars() {
            match c {
                ':' => encoded.push_str("%3A"),
                '/' => encoded.push_str("%2F"),
                '?' => encoded.push_str("%3F"),
                '#' => encoded.push_str("%23"),
                '\\' => encoded.push_str("%5C"),
                c => encoded.push(c),
            }
        }
        let url = format!("https://{encoded}/x");
        let what = format!("{input:?} as {url:?}");
        let wasm = harness.parse(&url, None);
        let Some(records) = suite.compare(&what, wasm, native::parse(&url, None)) else {
            continue;
        };
        let problems = via_url_problems(case["output"].as_str(), &records);
        suite.record(&what, expectations.get(input), problems);
    }
    suite.finish(&harness);
}

#[test]
fn toascii() {
    run_idna_file("toascii");
}

#[test]
fn idna_test_v2() {
    run_idna_file("IdnaTestV2");
}
