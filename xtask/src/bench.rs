//! `cargo xtask bench [--quick] [FILES…]`: builds `weburl-bench` in release
//! mode and runs it over the corpus files (default: the four files in
//! `../shared/data/bench/`, skipped with a message when absent).

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
    if status.success() {
        Ok(())
    } else {
        Err("benchmark failed (see above)".into())
    }
}
