//! Runs rust-url 2.5.8's test suite (fetched into data/rust-url by
//! `cargo xtask fetch-data`) against weburl-url and holds it to
//! `expectations.txt`:
//!
//! - `tests/unit.rs` through libtest, every listed `unit` test skipped, must
//!   pass; each listed test, run alone, must still fail (a fixed one must
//!   leave the list);
//! - `tests/wpt.rs` must pass; it reads its expected failures from
//!   `expected_failures.txt` beside it, which must hold exactly the listed
//!   `wpt` names.
//!
//! The two suites are test targets of `rust-url-tests/`, a package that
//! depends on weburl-url under the name `url` (feature `fetched`, since
//! their files are not committed). That package is its own workspace, so
//! that `cargo fmt` here never looks for the fetched files; this runs its
//! targets with a nested `cargo test` in this build's target directory,
//! which cargo allows: it holds the build lock only while compiling.
//!
//! When the files have not been fetched this says so and passes, unless
//! `CI` is set (CI must run the suite).

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn main() {
    let here = &Path::new(env!("CARGO_MANIFEST_DIR")).join("rust-url-tests");
    let data = here.join("../../../data/rust-url/2.5.8/tests");
    let fetched = [
        "unit.rs",
        "wpt.rs",
        "urltestdata.json",
        "setters_tests.json",
    ]
    .iter()
    .all(|f| data.join(f).is_file());
    if !fetched {
        let msg = "rust-url 2.5.8's tests are not fetched: run `cargo xtask fetch-data`";
        if std::env::var_os("CI").is_some() {
            fail(msg);
        }
        println!("skipped: {msg}");
        return;
    }

    let expectations = read(&here.join("expectations.txt"));
    let (unit, wpt, blocked) = parse_expectations(&expectations);
    let failures = read(&data.join("expected_failures.txt"));
    let listed: BTreeSet<&str> = failures.lines().collect();
    if listed != wpt {
        let extra: Vec<_> = listed.difference(&wpt).collect();
        let missing: Vec<_> = wpt.difference(&listed).collect();
        fail(&format!(
            "data/rust-url/2.5.8/tests/expected_failures.txt and expectations.txt disagree:\n  \
             only in expected_failures.txt: {extra:?}\n  only in expectations.txt: {missing:?}"
        ));
    }

    if !blocked.is_empty() {
        check_blocked(here, &blocked);
    } else {
        run_unit(here, &unit);
    }
    run_wpt(here, &wpt);
}

/// unit.rs must fail to compile for exactly the `blocked` methods.
fn check_blocked(here: &Path, blocked: &BTreeSet<&str>) {
    let out = cargo(here, "rust_url_unit", &["--no-run"], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        fail("rust-url's unit.rs compiles: remove the `blocked` lines of expectations.txt");
    }
    let mut missing = BTreeSet::new();
    let mut other_errors = Vec::new();
    for line in stderr.lines().filter(|l| l.starts_with("error[")) {
        let name = line.split('`').nth(1).filter(|_| {
            line.contains("no function or associated item named")
                || line.contains("no method named")
        });
        match name {
            Some(name) => {
                missing.insert(name.to_string());
            }
            None => other_errors.push(line.to_string()),
        }
    }
    let blocked: BTreeSet<String> = blocked.iter().map(|s| s.to_string()).collect();
    if !other_errors.is_empty() || missing != blocked {
        fail(&format!(
            "unit.rs does not compile for other reasons than the blocked methods {blocked:?}: \
             missing {missing:?}, other errors {other_errors:?}\n{}",
            show(&out)
        ));
    }
    println!("rust-url unit.rs: not compiled yet, blocked on {blocked:?} (expectations.txt)");
}

fn run_unit(here: &Path, unit: &BTreeSet<&str>) {
    // unit.rs without the expected failures: everything passes.
    let mut args = vec!["--exact".to_string()];
    for name in unit {
        args.push("--skip".into());
        args.push(name.to_string());
    }
    let out = cargo_test(here, "rust_url_unit", &args);
    if !out.status.success() {
        fail(&format!("rust-url's unit tests failed\n{}", show(&out)));
    }
    let passed = count(&out, " passed;");
    // Each expected failure, alone, still fails.
    for name in unit {
        let out = cargo_test(here, "rust_url_unit", &["--exact".into(), name.to_string()]);
        if out.status.success() || count(&out, " failed;") != 1 {
            fail(&format!(
                "{name} is listed as failing but does not fail (remove it from expectations.txt)\n{}",
                show(&out)
            ));
        }
    }
    println!(
        "rust-url unit.rs: {passed} passed, {} expected failure(s)",
        unit.len()
    );
}

fn run_wpt(here: &Path, wpt: &BTreeSet<&str>) {
    let out = cargo_test(here, "rust_url_wpt", &[]);
    if !out.status.success() {
        fail(&format!("rust-url's wpt.rs failed\n{}", show(&out)));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let ok = text.lines().filter(|l| l.ends_with(" ... ✅")).count();
    let expected = text
        .lines()
        .filter(|l| l.ends_with("(expected fail)"))
        .count();
    println!("rust-url wpt.rs: {ok} passed, {expected} expected failure(s)");
    if expected != wpt.len() {
        fail(&format!(
            "wpt.rs ran {expected} of the {} listed failures",
            wpt.len()
        ));
    }
}

/// The `unit`, `wpt` and `blocked` names of expectations.txt (`#` lines
/// are reasons).
fn parse_expectations(text: &str) -> (BTreeSet<&str>, BTreeSet<&str>, BTreeSet<&str>) {
    let (mut unit, mut wpt, mut blocked) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once(' ') {
            Some(("unit", name)) => unit.insert(name),
            Some(("wpt", name)) => wpt.insert(name),
            Some(("blocked", name)) => blocked.insert(name),
            _ => fail(&format!("expectations.txt: cannot read {line:?}")),
        };
    }
    (unit, wpt, blocked)
}

/// `cargo test -p <this package> --features fetched --test <target> -- <args>`.
fn cargo_test(here: &Path, target: &str, args: &[String]) -> Output {
    cargo(here, target, &[], args)
}

/// `cargo test … --test <target> <cargo_args> -- <test_args>`.
fn cargo(here: &Path, target: &str, cargo_args: &[&str], test_args: &[String]) -> Output {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.arg("test")
        .arg("--manifest-path")
        .arg(here.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir())
        .args(["--features", "fetched", "--test", target])
        .args(cargo_args);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    cmd.arg("--").args(test_args);
    cmd.output()
        .unwrap_or_else(|e| fail(&format!("cannot run cargo: {e}")))
}

/// This build's target directory: the test binary is
/// `<target>/<profile>/deps/<name>`, so the nested build shares its
/// compiled dependencies.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe()
        .unwrap_or_else(|e| fail(&format!("cannot locate the test binary: {e}")));
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| fail(&format!("no target directory above {}", exe.display())))
}

/// The number before `what` on libtest's summary line, e.g. " passed;".
fn count(out: &Output, what: &str) -> usize {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("test result:"))
        .filter_map(|l| {
            let before = &l[..l.find(what)?];
            before.rsplit(' ').next()?.parse::<usize>().ok()
        })
        .sum()
}

fn show(out: &Output) -> String {
    format!(
        "--- stdout\n{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn read(path: &PathBuf) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())))
}

fn fail(msg: &str) -> ! {
    eprintln!("{msg}");
    std::process::exit(1)
}
