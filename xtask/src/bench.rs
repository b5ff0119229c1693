//! `cargo xtask bench [--quick] [--instructions] [FILES…]`: builds
//! `weburl-bench` (profile `release-lto`) and runs it over the corpus files (default:
//! the four files in `../shared/data/bench/`, skipped with a message when
//! absent), then, with `--instructions`, counts instructions per URL for
//! every workload and implementation under callgrind (valgrind), which
//! unlike time does not depend on machine load.

use std::process::Command;

/// The Cargo profile the benchmark is built with (the workspace's
/// Cargo.toml: release with fat LTO and one codegen unit).
const PROFILE: &str = "release-lto";

const DEFAULT_FILES: [&str; 4] = [
    "kasztp.txt",
    "userbait.txt",
    "node_files.txt",
    "isaacs_files.txt",
];

pub fn run(args: &[String]) -> Result<(), String> {
    let root = crate::workspace_root();
    let quick = args.iter().any(|a| a == "--quick");
    let mut files: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .collect();
    if files.is_empty() {
        let dir = root.join("../shared/data/bench");
        for f in DEFAULT_FILES {
            let p = dir.join(f);
            if p.exists() {
                files.push(p.to_string_lossy().into_owned());
            } else {
                println!("bench: {} not found, skipped", p.display());
            }
        }
    }
    if files.is_empty() {
        println!("bench: no corpus files, nothing to do");
        return Ok(());
    }
    let mutations = root.join("../shared/data/bench/mutations.jsonl");
    let mutations_args: Vec<String> = if mutations.exists() {
        vec![
            "--mutations".into(),
            mutations.to_string_lossy().into_owned(),
        ]
    } else {
        println!(
            "bench: {} not found, its workloads skipped",
            mutations.display()
        );
        Vec::new()
    };
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args([
            "run",
            "--quiet",
            "--profile",
            PROFILE,
            "-p",
            "weburl-bench",
            "--",
        ])
        .args(quick.then_some("--quick"))
        .args(&mutations_args)
        .args(&files)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("benchmark failed (see above)".into());
    }
    if args.iter().any(|a| a == "--instructions") {
        let mut all = mutations_args.clone();
        all.extend(files.iter().cloned());
        instructions(&root, &all)?;
    }
    Ok(())
}

/// Instructions per unit (URL, href, query or route) for every workload and
/// implementation that `weburl-bench --list` reports, each workload capped at
/// 5,000 units, counted by callgrind only inside the timed function (one
/// pass, after an uncounted one; the function is `work::run_impl`, or the
/// one `--list` names).
fn instructions(root: &std::path::Path, files: &[String]) -> Result<(), String> {
    const LIMIT: &str = "5000";
    let bin = root.join("target").join(PROFILE).join("weburl-bench");
    let tmp = root.join("target/bench-instructions");
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    let list = Command::new(&bin)
        .args(["--list", "--limit", LIMIT])
        .args(files)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    if !list.status.success() {
        return Err(format!(
            "weburl-bench --list failed: {}",
            String::from_utf8_lossy(&list.stderr)
        ));
    }
    for entry in String::from_utf8_lossy(&list.stdout).lines() {
        let fields: Vec<&str> = entry.split('\t').collect();
        // A fifth field names the function to count in, when it is not the
        // parse workloads' `run_impl` (the URLPattern route workloads).
        let (name, impls, units, unit, toggle) = match fields[..] {
            [name, impls, units, unit] => {
                (name, impls, units, unit, "weburl_bench::work::run_impl")
            }
            [name, impls, units, unit, toggle] => (name, impls, units, unit, toggle),
            _ => return Err(format!("unexpected --list line {entry:?}")),
        };
        let units: f64 = units
            .parse()
            .map_err(|e| format!("--list line {entry:?}: {e}"))?;
        let mut line = format!("instructions {name} {unit}={units}");
        let mut counts = Vec::new();
        for imp in impls.split(',') {
            let out = Command::new("valgrind")
                .arg("--tool=callgrind")
                .arg(format!("--toggle-collect={toggle}"))
                .arg(format!(
                    "--callgrind-out-file={}",
                    tmp.join("callgrind.out").display()
                ))
                .arg(&bin)
                .args([
                    "--only",
                    imp,
                    "--workload",
                    name,
                    "--quick",
                    "--limit",
                    LIMIT,
                ])
                .args(files)
                .output()
                .map_err(|e| format!("cannot run valgrind (apt-get install valgrind): {e}"))?;
            let stderr = String::from_utf8_lossy(&out.stderr);
            let total: u64 = stderr
                .lines()
                .find_map(|l| l.split("Collected :").nth(1))
                .and_then(|n| n.trim().parse().ok())
                .filter(|_| out.status.success())
                .ok_or_else(|| format!("no callgrind total for {imp} on {name}: {stderr}"))?;
            let per_unit = total as f64 / units;
            counts.push((imp, per_unit));
            line.push_str(&format!(" {imp}={per_unit:.0}"));
        }
        let ada = counts.iter().find(|(i, _)| *i == "ada").map(|c| c.1);
        if let Some(ada) = ada {
            for (imp, n) in &counts {
                if imp.starts_with("weburl") || *imp == "ada-crate" {
                    line.push_str(&format!(" {imp}/ada={:.2}", n / ada));
                }
            }
        }
        let theirs = counts.iter().find(|(i, _)| *i == "urlpattern").map(|c| c.1);
        let ours = counts
            .iter()
            .find(|(i, _)| *i == "weburl-pattern")
            .map(|c| c.1);
        if let (Some(ours), Some(theirs)) = (ours, theirs) {
            line.push_str(&format!(" weburl-pattern/urlpattern={:.4}", ours / theirs));
        }
        let matchit = counts.iter().find(|(i, _)| *i == "matchit").map(|c| c.1);
        if let (Some(ours), Some(matchit)) = (ours, matchit) {
            line.push_str(&format!(" weburl-pattern/matchit={:.2}", ours / matchit));
        }
        println!("{line}");
    }
    Ok(())
}
