//! Builds the C test program `tests/c/weburl_test.c` with gcc against the
//! host staticlib (`libweburl_c.a`, which cargo builds next to this test)
//! and the committed header, and runs it: a few dozen WPT urltestdata cases
//! (taken from `data/wpt/urltestdata.json` into a generated `wpt_cases.h`),
//! the error paths, stale records and the calls beyond parsing. And
//! `tests/c/c89_test.c`, built as strict C89 (`-std=c89 -pedantic -Werror`):
//! the header is C89.
//!
//! Needs a C compiler: `$CC`, else `gcc`, else `cc`. Without one the tests
//! say so on stderr and pass, unless `CI` is set: CI must run them.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
fn c_compiler(test: &str) -> Option<String> {
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
    let _ = writeln!(std::io::stderr(), "{test}: skipped: {msg}");
    None
}

/// Compiles `source` with `cc` (and `flags`) against the header, `include`
/// and the staticlib, as strictly as the C test program, and runs it.
fn compile_and_run(cc: &str, source: &Path, flags: &[&str], include: &Path, exe: &Path) -> Output {
    let out = Command::new(cc)
        .args(flags)
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-O1"])
        .arg("-I")
        .arg(manifest_dir().join("include"))
        .arg("-I")
        .arg(include)
        .arg(source)
        .arg(staticlib())
        .arg("-o")
        .arg(exe)
        // What a Rust std staticlib needs on Linux hosts.
        .args(["-lpthread", "-ldl", "-lm"])
        .output()
        .expect("run the C compiler");
    assert!(
        out.status.success(),
        "{cc} failed on {}:\n{}{}",
        source.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Command::new(exe).output().expect("run the C program")
}

/// Builds and runs `tests/c/<source>`; returns its output, panics when it
/// fails.
fn build_and_run(cc: &str, source: &str, flags: &[&str], include: &Path) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-test");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(source.trim_end_matches(".c"));
    let path = manifest_dir().join("tests/c").join(source);
    let run = compile_and_run(cc, &path, flags, include, &exe);
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
    let Some(cc) = c_compiler("c_program_passes") else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-test");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("wpt_cases.h"),
        wpt_cases::wpt_cases(&manifest_dir().join("../..")),
    )
    .unwrap();
    let out = build_and_run(&cc, "weburl_test.c", &["-std=c99"], &dir);
    assert!(out.contains(" checks, 0 failures"), "{out}");
}

/// The header compiles as strict C89, and a C89 program's calls work.
#[test]
#[cfg_attr(miri, ignore = "runs gcc")]
fn c89_program_passes() {
    let Some(cc) = c_compiler("c89_program_passes") else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = build_and_run(&cc, "c89_test.c", &["-std=c89"], &dir);
    assert!(
        out.contains("c89: ") && out.contains(" checks, 0 failures"),
        "{out}"
    );
}

/// README.md's C example (its first C code block), compiled and run: it
/// must print what its comments say, which the standard gives (host lower
/// case, `..` removed, a space in a path percent-encoded).
#[test]
#[cfg_attr(miri, ignore = "runs gcc")]
fn readme_example_runs() {
    let Some(cc) = c_compiler("readme_example_runs") else {
        return;
    };
    let readme = std::fs::read_to_string(manifest_dir().join("README.md")).unwrap();
    let (_, after) = readme
        .split_once("```c\n")
        .expect("README.md has a C block");
    let (program, _) = after.split_once("```").expect("the C block ends");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("weburl-c-readme");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("readme.c");
    std::fs::write(&source, program).unwrap();
    let run = compile_and_run(&cc, &source, &["-std=c99"], &dir, &dir.join("readme"));
    assert!(
        run.status.success(),
        "README example exited with {}",
        run.status
    );
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "example.com\nhttps://example.com/x%20y?q#f\n"
    );
}
