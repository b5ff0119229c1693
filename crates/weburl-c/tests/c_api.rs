//! Builds the C test program `tests/c/weburl_test.c` with gcc against the
//! host staticlib (`libweburl_c.a`, which cargo builds next to this test)
//! and the committed header, and runs it: a few dozen WPT urltestdata cases
//! (taken from `data/wpt/urltestdata.json` into a generated `wpt_cases.h`)
//! and the error paths.
//!
//! Needs a C compiler: `$CC`, else `gcc`, else `cc`. Without one the test
//! says so on stderr and passes, unless `CI` is set: CI must run it.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
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

/// `None` when there is none and this is not CI (the test is then skipped,
/// with a notice on stderr, which libtest does not capture when written to
/// the handle).
fn c_compiler() -> Option<String> {
    if let Ok(cc) = std::env::var("CC") {
        return Some(cc);
    }
    for cc in ["gcc", "cc"] {
        if Command::new(cc).arg("--version").output().is_ok() {
            return Some(cc.into());
        }
    }
    let msg = "no C compiler: install gcc (Debian and Ubuntu: `apt install gcc`) or set CC";
    assert!(std::env::var_os("CI").is_none(), "{msg}");
    let _ = writeln!(std::io::stderr(), "c_program_passes: skipped: {msg}");
    None
}

#[test]
#[cfg_attr(miri, ignore = "runs gcc")]
fn c_program_passes() {
    let Some(cc) = c_compiler() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-test");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("wpt_cases.h"),
        wpt_cases::wpt_cases(&manifest_dir().join("../..")),
    )
    .unwrap();
    let exe = dir.join("weburl_test");
    let out = Command::new(&cc)
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-O1",
        ])
        .arg("-I")
        .arg(manifest_dir().join("include"))
        .arg("-I")
        .arg(&dir)
        .arg(manifest_dir().join("tests/c/weburl_test.c"))
        .arg(staticlib())
        .arg("-o")
        .arg(&exe)
        // What a Rust std staticlib needs on Linux hosts.
        .args(["-lpthread", "-ldl", "-lm"])
        .output()
        .expect("run the C compiler");
    assert!(
        out.status.success(),
        "{cc} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run the C test");
    let stdout = String::from_utf8_lossy(&run.stdout);
    print!("{stdout}");
    assert!(
        run.status.success(),
        "C test failed:\n{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
}
