//! `cargo xtask reference [--mutated N] [--seed S]`: the URL Standard's
//! reference implementation as a second referee beside WPT.
//!
//! whatwg-url (by the standard's editors) is installed with `npm ci` from
//! `xtask/reference/package-lock.json`, which pins the version and integrity
//! (sha512) of it and of each dependency; the pins of whatwg-url and tr46
//! (its UTS #46 data) are repeated below and checked against the lock and
//! the installed packages. The generated inputs (see `cases`: every code
//! point in a host and in the other components, at least 200,000 seeded
//! mutated URLs, WPT's inputs and the shared mutation corpus, the ten
//! setters, URLSearchParams after `search` and `href`) go through one node
//! process (`xtask/reference/runner.js`) and one weburl process
//! (`tests/examples/reference_runner.rs`) as JSON lines, and every
//! component of every answer is compared.
//!
//! Any disagreement fails the command unless
//! `tests/expectations/reference.txt` lists its input with a reason; a
//! listed input that agrees fails it too, so the list only shrinks.

mod cases;

use std::collections::HashMap;
use std::fs;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;

use serde_json::Value;

/// The reference implementation and its UTS #46 data, as locked.
const PINS: &[(&str, &str, &str)] = &[
    (
        "whatwg-url",
        "17.3.0",
        "sha512-KwOAJrpf+GTgBvcBQJcP38sMF0DsQKdwtG+TxM2pW44P6E5k0hDbWrDmyuJDIF0Uef0aQq0ZoJs+5oI+k8ddhg==",
    ),
    (
        "tr46",
        "7.0.0",
        "sha512-BcDSDW+SIGWVOns1Zm6Yg91q9AEj7eaID0QDY9oIqJD1A8dscNwMcl9Sms2DeuWCNov1X0/oXanHGYQBSLwZsg==",
    ),
];

const EXPECTATIONS: &str = "tests/expectations/reference.txt";
const SHARED_MUTATIONS: &str = "../shared/data/bench/mutations.jsonl";
const DEFAULT_SEED: u64 = 0x5745_4255_524c_0028;
const DEFAULT_MUTATED: usize = 200_000;
/// Disagreements printed in full (all go to target/reference/disagreements.jsonl).
const SHOWN: usize = 25;

const USAGE: &str = "\
usage: cargo xtask reference [--mutated N] [--seed S]

  Installs whatwg-url (xtask/reference/package-lock.json) with `npm ci` under
  target/reference/, builds tests/examples/reference_runner.rs, and compares
  every component of both implementations' answers on the generated inputs.
  --mutated N  seeded mutated URLs (default 200000)
  --seed S     the generator's seed (default fixed)";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut seed = DEFAULT_SEED;
    let mut mutated = DEFAULT_MUTATED;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{what} needs a number\n{USAGE}"))
        };
        match a.as_str() {
            "--seed" => seed = number("--seed")?,
            "--mutated" => mutated = number("--mutated")? as usize,
            _ => return Err(format!("unknown argument {a:?}\n{USAGE}")),
        }
    }
    let root = crate::workspace_root();
    let dir = root.join("target/reference");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let node_modules = install(&root, &dir)?;
    let runner = build_runner(&root)?;

    let extra = extra_inputs(&root)?;
    let categories = cases::all(seed, mutated, extra);
    let inputs = dir.join("inputs.jsonl");
    {
        let file = fs::File::create(&inputs).map_err(|e| format!("{}: {e}", inputs.display()))?;
        let mut w = BufWriter::new(file);
        for line in categories.iter().flat_map(|c| &c.lines) {
            writeln!(w, "{line}").map_err(|e| e.to_string())?;
        }
        w.flush().map_err(|e| e.to_string())?;
    }
    let node_version = output_of(Command::new("node").arg("--version"))?;
    println!(
        "reference: whatwg-url {} (tr46 {}) on node {}, against weburl; {} inputs, seed {seed:#x}",
        PINS[0].1,
        PINS[1].1,
        node_version.trim(),
        categories.iter().map(|c| c.lines.len()).sum::<usize>()
    );

    let mut reference = Command::new("node");
    reference
        .arg(root.join("xtask/reference/runner.js"))
        .arg(&node_modules);
    let ours = spawn_lines(Command::new(&runner), &inputs)?;
    let theirs = spawn_lines(reference, &inputs)?;
    let expected = expectations(&root)?;
    compare(
        &categories,
        ours,
        theirs,
        &expected,
        &dir.join("disagreements.jsonl"),
    )
}

/// Installs the locked packages under `dir` unless the same lock is already
/// installed there, then checks the pins. Returns the node_modules path.
fn install(root: &Path, dir: &Path) -> Result<PathBuf, String> {
    let src = root.join("xtask/reference");
    let lock_text = fs::read_to_string(src.join("package-lock.json"))
        .map_err(|e| format!("xtask/reference/package-lock.json: {e}"))?;
    let lock: Value = serde_json::from_str(&lock_text)
        .map_err(|e| format!("xtask/reference/package-lock.json: {e}"))?;
    for (name, version, integrity) in PINS {
        let entry = &lock["packages"][format!("node_modules/{name}")];
        if entry["version"] != *version || entry["integrity"] != *integrity {
            return Err(format!(
                "xtask/reference/package-lock.json locks {name} {} ({}), pinned {version} \
                 ({integrity}) in xtask/src/reference.rs",
                entry["version"], entry["integrity"]
            ));
        }
    }
    let npm_dir = dir.join("npm");
    let node_modules = npm_dir.join("node_modules");
    let installed_lock = fs::read_to_string(npm_dir.join("package-lock.json")).ok();
    if installed_lock.as_deref() != Some(lock_text.as_str())
        || !node_modules.join("whatwg-url/package.json").exists()
    {
        let _ = fs::remove_dir_all(&npm_dir);
        fs::create_dir_all(&npm_dir).map_err(|e| e.to_string())?;
        for f in ["package.json", "package-lock.json"] {
            fs::copy(src.join(f), npm_dir.join(f)).map_err(|e| format!("{f}: {e}"))?;
        }
        // npm ci installs exactly the lock, checking each tarball's
        // integrity, and fails if package.json and the lock disagree.
        let status = Command::new("npm")
            .args(["ci", "--ignore-scripts", "--no-audit", "--no-fund"])
            .args(["--loglevel=error", "--omit=dev"])
            .current_dir(&npm_dir)
            .status()
            .map_err(|e| format!("cannot run npm (install nodejs and npm): {e}"))?;
        if !status.success() {
            return Err(format!("npm ci failed in {}", npm_dir.display()));
        }
    }
    for (name, version, _) in PINS {
        let manifest = node_modules.join(name).join("package.json");
        let text =
            fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
        let v: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", manifest.display()))?;
        if v["version"] != *version {
            return Err(format!(
                "installed {name} is {}, pinned {version}",
                v["version"]
            ));
        }
    }
    Ok(node_modules)
}

/// Builds weburl's runner (the dev profile: `cargo test` has built its
/// dependencies already) and returns its path.
fn build_runner(root: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "-q",
            "-p",
            "weburl-conformance",
            "--example",
            "reference_runner",
        ])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("cannot build tests/examples/reference_runner.rs".into());
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target.join("debug/examples/reference_runner"))
}

/// WPT urltestdata's inputs (with their bases) and, when `../shared` is
/// beside the checkout, the shared mutation corpus.
fn extra_inputs(root: &Path) -> Result<Vec<(String, Option<String>)>, String> {
    let mut out = Vec::new();
    let wpt = fs::read_to_string(root.join("data/wpt/urltestdata.json"))
        .map_err(|e| format!("data/wpt/urltestdata.json: {e}"))?;
    let wpt: Value = serde_json::from_str(&wpt).map_err(|e| format!("urltestdata.json: {e}"))?;
    for case in wpt.as_array().into_iter().flatten() {
        if let Some(input) = case["input"].as_str() {
            out.push((input.to_string(), case["base"].as_str().map(String::from)));
        }
    }
    let shared = root.join(SHARED_MUTATIONS);
    match fs::read_to_string(&shared) {
        Ok(text) => {
            for line in text.lines() {
                // Lines with lone surrogates do not parse; both sides would
                // see U+FFFD anyway, which other inputs cover.
                if let Some(input) = serde_json::from_str::<Value>(line)
                    .ok()
                    .and_then(|v| v["input"].as_str().map(String::from))
                {
                    out.push((input, None));
                }
            }
        }
        Err(_) => println!("reference: {SHARED_MUTATIONS} not found; its inputs are left out"),
    }
    Ok(out)
}

fn output_of(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {:?} (install nodejs): {e}", cmd.get_program()))?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Answers arrive in batches so that the channel costs nothing per line.
type Batches = mpsc::Receiver<Result<Vec<String>, String>>;

/// Runs `cmd` with `inputs` as stdin, sending its stdout's lines in batches.
fn spawn_lines(mut cmd: Command, inputs: &Path) -> Result<Batches, String> {
    let stdin = fs::File::open(inputs).map_err(|e| format!("{}: {e}", inputs.display()))?;
    let what = format!("{:?}", cmd.get_program());
    let mut child = cmd
        .stdin(stdin)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (tx, rx) = mpsc::sync_channel(64);
    std::thread::spawn(move || {
        let mut batch = Vec::with_capacity(1024);
        for line in BufReader::new(stdout).lines() {
            match line {
                Ok(l) => batch.push(l),
                Err(e) => {
                    let _ = tx.send(Err(format!("{what}: {e}")));
                    return;
                }
            }
            if batch.len() == 1024 && tx.send(Ok(std::mem::take(&mut batch))).is_err() {
                return;
            }
        }
        let _ = tx.send(Ok(batch));
        match child.wait() {
            Ok(s) if s.success() => {}
            Ok(s) => {
                let _ = tx.send(Err(format!("{what} exited with {s}")));
            }
            Err(e) => {
                let _ = tx.send(Err(format!("{what}: {e}")));
            }
        }
    });
    Ok(rx)
}

/// Pulls answers one by one from a batch stream.
struct Answers {
    rx: Batches,
    batch: std::vec::IntoIter<String>,
    who: &'static str,
}

impl Answers {
    fn next(&mut self) -> Result<String, String> {
        loop {
            if let Some(line) = self.batch.next() {
                return Ok(line);
            }
            match self.rx.recv() {
                Ok(Ok(b)) => self.batch = b.into_iter(),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(format!("{} stopped answering early", self.who)),
            }
        }
    }
}

/// `tests/expectations/reference.txt`: JSON lines `{"case": {…}, "reason":
/// …}`, keyed by the case's canonical serialization.
fn expectations(root: &Path) -> Result<HashMap<String, String>, String> {
    let text =
        fs::read_to_string(root.join(EXPECTATIONS)).map_err(|e| format!("{EXPECTATIONS}: {e}"))?;
    let mut map = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: &str| format!("{EXPECTATIONS}:{}: {m}", n + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| err(&e.to_string()))?;
        let reason = v["reason"]
            .as_str()
            .filter(|r| !r.is_empty())
            .ok_or_else(|| err("needs a reason"))?;
        if !v["case"].is_object() {
            return Err(err("needs a \"case\" object"));
        }
        map.insert(v["case"].to_string(), reason.to_string());
    }
    Ok(map)
}

/// The keys whose values differ, as `key: ours | reference` lines.
fn differences(ours: &Value, theirs: &Value) -> Vec<String> {
    match (ours.as_object(), theirs.as_object()) {
        (Some(o), Some(t)) => {
            let mut keys: Vec<&String> = o.keys().chain(t.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter()
                .filter(|k| o.get(*k) != t.get(*k))
                .map(|k| {
                    let show = |v: Option<&Value>| v.map_or("(none)".into(), Value::to_string);
                    format!(
                        "{k}: weburl {} | reference {}",
                        show(o.get(k)),
                        show(t.get(k))
                    )
                })
                .collect()
        }
        _ => vec![format!("weburl {ours} | reference {theirs}")],
    }
}

fn compare(
    categories: &[cases::Category],
    ours: Batches,
    theirs: Batches,
    expected: &HashMap<String, String>,
    report: &Path,
) -> Result<(), String> {
    let mut ours = Answers {
        rx: ours,
        batch: Vec::new().into_iter(),
        who: "weburl's runner",
    };
    let mut theirs = Answers {
        rx: theirs,
        batch: Vec::new().into_iter(),
        who: "the reference runner",
    };
    let mut out =
        BufWriter::new(fs::File::create(report).map_err(|e| format!("{}: {e}", report.display()))?);
    let (mut total, mut total_differ, mut total_listed, mut shown) =
        (0usize, 0usize, 0usize, 0usize);
    let mut seen_listed: HashMap<&str, bool> = HashMap::new();
    for cat in categories {
        let (mut differ, mut listed) = (0usize, 0usize);
        for line in &cat.lines {
            let (o, t) = (ours.next()?, theirs.next()?);
            let key = || {
                serde_json::from_str::<Value>(line)
                    .map(|v| v.to_string())
                    .unwrap_or_default()
            };
            let listed_reason = if expected.is_empty() {
                None
            } else {
                expected.get_key_value(&key())
            };
            let agree = o == t || {
                let (ov, tv): (Value, Value) = (
                    serde_json::from_str(&o).map_err(|e| format!("weburl answered {o:?}: {e}"))?,
                    serde_json::from_str(&t)
                        .map_err(|e| format!("reference answered {t:?}: {e}"))?,
                );
                ov == tv
            };
            if let Some((k, _)) = listed_reason {
                seen_listed.insert(k.as_str(), agree);
            }
            if agree {
                continue;
            }
            let ov: Value = serde_json::from_str(&o).unwrap_or(Value::Null);
            let tv: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
            let record = serde_json::json!({
                "category": cat.name,
                "case": serde_json::from_str::<Value>(line).unwrap_or(Value::Null),
                "weburl": ov,
                "reference": tv,
                "listed": listed_reason.map(|(_, r)| r.as_str()),
            });
            writeln!(out, "{record}").map_err(|e| e.to_string())?;
            if listed_reason.is_some() {
                listed += 1;
                continue;
            }
            differ += 1;
            if shown < SHOWN {
                shown += 1;
                println!("  DIFFER {line}");
                for d in differences(&ov, &tv) {
                    println!("    {d}");
                }
            }
        }
        println!(
            "reference: {}: {} compared, {} agree, {differ} differ{}",
            cat.name,
            cat.lines.len(),
            cat.lines.len() - differ - listed,
            if listed > 0 {
                format!(", {listed} listed in {EXPECTATIONS}")
            } else {
                String::new()
            }
        );
        total += cat.lines.len();
        total_differ += differ;
        total_listed += listed;
    }
    out.flush().map_err(|e| e.to_string())?;
    if ours.next().is_ok() || theirs.next().is_ok() {
        return Err("a runner answered more lines than it was given".into());
    }
    let stale: Vec<&str> = expected
        .keys()
        .map(String::as_str)
        .filter(|k| seen_listed.get(k) != Some(&false))
        .collect();
    println!(
        "reference: {total} inputs compared, {total_differ} disagreements ({total_listed} more \
         listed in {EXPECTATIONS}); details in {}",
        report.display()
    );
    if !stale.is_empty() {
        return Err(format!(
            "{} cases listed in {EXPECTATIONS} agree now or are no longer generated; remove them:\n  {}",
            stale.len(),
            stale.join("\n  ")
        ));
    }
    if total_differ > 0 {
        return Err(format!(
            "{total_differ} disagreements with the reference implementation"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_expectations_parse_with_reasons() {
        let map = expectations(&crate::workspace_root()).unwrap();
        assert!(map.values().all(|r| !r.is_empty()));
        for key in map.keys() {
            let v: Value = serde_json::from_str(key).unwrap();
            assert!(v["op"] == "parse" || v["op"] == "set", "{key}");
        }
    }

    #[test]
    fn differences_name_each_differing_component() {
        let o: Value = serde_json::from_str(r#"{"href":"a","host":"x","port":""}"#).unwrap();
        let t: Value = serde_json::from_str(r#"{"href":"a","host":"y","hash":""}"#).unwrap();
        assert_eq!(
            differences(&o, &t),
            [
                r#"hash: weburl (none) | reference """#,
                r#"host: weburl "x" | reference "y""#,
                r#"port: weburl "" | reference (none)"#,
            ]
        );
        let f: Value = serde_json::from_str(r#"{"failure":true}"#).unwrap();
        assert_eq!(differences(&o, &f).len(), 4);
    }
}
