//! `cargo xtask bench [--quick] [--instructions] [FILES…]`: builds
//! `weburl-bench` in release mode and runs it over the corpus files (default:
//! the four files in `../shared/data/bench/`, skipped with a message when
//! absent). `--instructions` also counts instructions per URL under
//! callgrind (valgrind), which unlike time does not depend on machine load.

use std::process::Command;

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
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args(["run", "--quiet", "--release", "-p", "weburl-bench", "--"])
        .args(quick.then_some("--quick"))
        .args(&files)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("benchmark failed (see above)".into());
    }
    if args.iter().any(|a| a == "--instructions") {
        instructions(&root, &files)?;
    }
    Ok(())
}

const IMPLS: [&str; 5] = [
    "weburl",
    "weburl-fixed",
    "weburl-borrowed",
    "ada",
    "rust-url",
];

/// Instructions per URL for each implementation over the first 5,000 URLs of
/// each file, counted by callgrind only inside the timed function.
fn instructions(root: &std::path::Path, files: &[String]) -> Result<(), String> {
    let bin = root.join("target/release/weburl-bench");
    let tmp = root.join("target/bench-instructions");
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        let sample: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(5000).collect();
        let name = std::path::Path::new(f)
            .file_name()
            .map_or(f.clone(), |n| n.to_string_lossy().into_owned());
        let sample_path = tmp.join(&name);
        std::fs::write(&sample_path, sample.join("\n")).map_err(|e| e.to_string())?;
        let mut line = format!("instructions {name} urls={}", sample.len());
        let mut counts = Vec::new();
        for imp in IMPLS {
            let out = Command::new("valgrind")
                .args([
                    "--tool=callgrind",
                    "--toggle-collect=weburl_bench::run_impl",
                ])
                .arg(format!(
                    "--callgrind-out-file={}",
                    tmp.join("callgrind.out").display()
                ))
                .arg(&bin)
                .args(["--only", imp, "--quick"])
                .arg(&sample_path)
                .output()
                .map_err(|e| format!("cannot run valgrind (apt-get install valgrind): {e}"))?;
            let stderr = String::from_utf8_lossy(&out.stderr);
            let total: u64 = stderr
                .lines()
                .find_map(|l| l.split("Collected :").nth(1))
                .and_then(|n| n.trim().parse().ok())
                .ok_or_else(|| format!("no callgrind total for {imp}: {stderr}"))?;
            let per_url = total as f64 / sample.len() as f64;
            counts.push(per_url);
            line.push_str(&format!(" {imp}={per_url:.0}"));
        }
        line.push_str(&format!(
            " weburl-fixed/ada={:.2} weburl-borrowed/ada={:.2}",
            counts[1] / counts[3],
            counts[2] / counts[3]
        ));
        println!("{line}");
    }
    Ok(())
}
