//! Builds the C test program `tests/c/weburl_test.c` with gcc against the
//! host staticlib (`libweburl_c.a`, which cargo builds next to this test)
//! and the committed header, and runs it: a few dozen WPT urltestdata cases
//! (taken from `data/wpt/urltestdata.json` into a generated `wpt_cases.h`),
//! the error paths, stale records and the calls beyond parsing. And
//! `tests/c/c89_test.c`, built as strict C89 (`-std=c89 -pedantic -Werror`):
//! the header is C89.
//!
//! Needs a C compiler: `$CC`, else `gcc`, else `cc`.

use std::path::PathBuf;
use std::process::Command;

#[path = "c/wpt_cases.rs"]
mod wpt_cases;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The host staticlib. Cargo builds `libweburl_c.a` for this test too,
/// but under a hashed name in `deps/` that the test cannot tell from other
/// feature sets' builds; so ask cargo: `cargo build -p weburl-c --lib` (with
/// this test's weburl-c features) in the same target directory, and take the
/// artifact path from its JSON messages. Usually fresh: no rebuild.
fn staticlib() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(manifest_dir()).args([
        "build",
        "--quiet",
        "--lib",
        "--package",
        "weburl-c",
        "--message-format=json",
    ]);
    if cfg!(feature = "idna") {
        cmd.args(["--features", "idna"]);
    }
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    // This test runs from target/<profile>/deps/: build into the same target
    // directory (`CARGO_TARGET_DIR` is inherited when set).
    if std::env::var_os("CARGO_TARGET_DIR").is_none() {
        let exe = std::env::current_exe().expect("test executable path");
        if let Some(target) = exe.ancestors().nth(3) {
            cmd.arg("--target-dir").arg(target);
        }
    }
    let out = cmd.output().expect("run cargo build");
    assert!(
        out.status.success(),
        "cargo build -p weburl-c failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-artifact" || msg["target"]["name"] != "weburl_c" {
            continue;
        }
        let files = msg["filenames"].as_array().into_iter().flatten();
        if let Some(a) = files.filter_map(|f| f.as_str()).find(|f| f.ends_with(".a")) {
            return PathBuf::from(a);
        }
    }
    panic!("cargo build reported no libweburl_c.a");
}

fn c_compiler() -> String {
    if let Ok(cc) = std::env::var("CC") {
        return cc;
    }
    for cc in ["gcc", "cc"] {
        if Command::new(cc).arg("--version").output().is_ok() {
            return cc.into();
        }
    }
    panic!("no C compiler: install gcc or set CC");
}

/// Compiles `source` (with `flags`) against the header and the staticlib,
/// runs it, and returns its output; panics when either fails.
fn build_and_run(source: &str, flags: &[&str], include: &std::path::Path) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-test");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(source.trim_end_matches(".c"));
    let cc = c_compiler();
    let out = Command::new(&cc)
        .args(flags)
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-O1"])
        .arg("-I")
        .arg(manifest_dir().join("include"))
        .arg("-I")
        .arg(include)
        .arg(manifest_dir().join("tests/c").join(source))
        .arg(staticlib())
        .arg("-o")
        .arg(&exe)
        // What a Rust std staticlib needs on Linux hosts.
        .args(["-lpthread", "-ldl", "-lm"])
        .output()
        .expect("run the C compiler");
    assert!(
        out.status.success(),
        "{cc} failed on {source}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run the C test");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    print!("{stdout}");
    assert!(
        run.status.success(),
        "{source} failed:\n{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    stdout
}

#[test]
#[cfg_attr(miri, ignore = "runs gcc")]
fn c_program_passes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-test");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("wpt_cases.h"),
        wpt_cases::wpt_cases(&manifest_dir().join("../..")),
    )
    .unwrap();
    let out = build_and_run("weburl_test.c", &["-std=c99"], &dir);
    assert!(out.contains(" checks, 0 failures"), "{out}");
}

/// The header compiles as strict C89, and a C89 program's calls work.
#[test]
#[cfg_attr(miri, ignore = "runs gcc")]
fn c89_program_passes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = build_and_run("c89_test.c", &["-std=c89"], &dir);
    assert!(
        out.contains("c89: ") && out.contains(" checks, 0 failures"),
        "{out}"
    );
}
