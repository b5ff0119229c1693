//! `cargo xtask check-nostd [--self-test]`: proves that url-core works in a
//! `#![no_std]` `#![no_main]` program with no global allocator.
//!
//! Builds `crates/nostd-check` (its own workspace) for `thumbv7em-none-eabihf`
//! and `wasm32-unknown-unknown`, with and without the `idna` feature. The
//! program has its own panic handler and no `#[global_allocator]`, so:
//! - a dependency that needs `alloc` fails the build ("no global memory
//!   allocator found");
//! - a dependency that needs `std` fails it too (thumbv7em has no `std`; on
//!   wasm32 `std`'s `panic_impl` clashes with the program's).
//!
//! Then the linked binaries are checked for allocator symbols, belt and
//! braces. `--self-test` also builds the two canary features of
//! nostd-check (`canary-alloc`, `canary-std`) and fails unless each of them
//! breaks the build, proving the check can fail.
//!
//! Needs `rustup target add thumbv7em-none-eabihf wasm32-unknown-unknown`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The bare-metal targets the check builds for.
pub const TARGETS: [&str; 2] = ["thumbv7em-none-eabihf", "wasm32-unknown-unknown"];

/// Symbols that only exist when an allocator is linked in.
const FORBIDDEN_SYMBOLS: [&str; 4] = [
    "__rust_alloc",
    "__rdl_alloc",
    "__rg_alloc",
    "__rust_alloc_error_handler",
];

/// Whether a (mangled) symbol is in the `std` crate: the path segment
/// `3std` followed by the next segment's length, in legacy (`_ZN3std2io…`)
/// and v0 (`…_3std2io…`) mangling.
fn is_std_symbol(name: &str) -> bool {
    name.match_indices("3std").any(|(i, _)| {
        let before = name[..i].chars().next_back();
        let after = name[i + 4..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && after.is_some_and(|c| c.is_ascii_digit())
    })
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut self_test = false;
    for a in args {
        match a.as_str() {
            "--self-test" => self_test = true,
            other => return Err(format!("unknown argument {other:?} (expected --self-test)")),
        }
    }
    let root = crate::workspace_root();
    let manifest = root.join("crates/nostd-check/Cargo.toml");
    let target_dir = target_base(&root).join("nostd-check");

    for target in TARGETS {
        for features in [&["idna"][..], &[][..]] {
            let what = format!("{target}, features [{}]", features.join(","));
            build(&manifest, &target_dir, target, features)
                .map_err(|e| format!("no_std build failed ({what}): {e}"))?;
            let bin = binary_path(&target_dir, target);
            check_symbols(&bin).map_err(|e| format!("{what}: {e}"))?;
            println!("ok: nostd-check builds and links without std or alloc ({what})");
        }
    }

    // The C ABI crate as a firmware staticlib: built for thumbv7em with its
    // panic handler, linked with every export kept, checked the same way.
    let lib = build_weburl_c(&root, &target_base(&root))?;
    let elf = target_base(&root).join("weburl-c-firmware.elf");
    let exports = weburl_c_exports(&root)?;
    let exports: Vec<&str> = exports.iter().map(String::as_str).collect();
    crate::size::link_firmware_keeping(&lib, &elf, &exports)
        .map_err(|e| format!("weburl-c staticlib: {e}"))?;
    check_symbols(&elf).map_err(|e| format!("weburl-c staticlib: {e}"))?;
    let (text, rodata, _) = crate::size::elf_sections(&elf)?;
    println!(
        "ok: weburl-c staticlib for {} links without std or alloc \
         (all exports kept: text {text} + rodata {rodata} bytes)",
        TARGETS[0]
    );

    if self_test {
        for target in TARGETS {
            for canary in ["canary-alloc", "canary-std"] {
                if build_quiet(&manifest, &target_dir, target, &[canary]).is_ok() {
                    return Err(format!(
                        "self-test: the {canary} build for {target} succeeded, \
                         so the check would not catch it"
                    ));
                }
                println!("ok: {canary} on {target} fails as it must");
            }
        }
    }
    Ok(())
}

/// `$CARGO_TARGET_DIR`, else the workspace's `target/`.
pub fn target_base(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) if !d.is_empty() => {
            let d = PathBuf::from(d);
            if d.is_absolute() {
                d
            } else {
                root.join(d)
            }
        }
        _ => root.join("target"),
    }
}

fn build(
    manifest: &Path,
    target_dir: &Path,
    target: &str,
    features: &[&str],
) -> Result<(), String> {
    let mut cmd = Command::new(cargo());
    cmd.args(["build", "--quiet", "--release", "--no-default-features"])
        .arg("--manifest-path")
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .args(["--target", target]);
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo build exited with {status}"))
    }
}

/// `cargo build -p weburl-c --release --target thumbv7em-none-eabihf`;
/// returns the staticlib.
pub(crate) fn build_weburl_c(root: &Path, target_dir: &Path) -> Result<PathBuf, String> {
    let status = Command::new(cargo())
        .current_dir(root)
        .args(["build", "--quiet", "--release", "-p", "weburl-c", "--lib"])
        .args(["--target", TARGETS[0]])
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("weburl-c does not build for {}", TARGETS[0]));
    }
    Ok(target_dir
        .join(TARGETS[0])
        .join("release")
        .join("libweburl_c.a"))
}

/// The `extern "C"` functions of weburl-c, read from its committed header.
pub fn weburl_c_exports(root: &Path) -> Result<Vec<String>, String> {
    let header = root.join("crates/weburl-c/include/weburl.h");
    let text =
        std::fs::read_to_string(&header).map_err(|e| format!("{}: {e}", header.display()))?;
    let mut v: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('/') && !l.starts_with('#'))
        .filter_map(|l| {
            let before_paren = l.split_once('(')?.0;
            let name = before_paren.rsplit([' ', '*']).next()?;
            name.starts_with("weburl_").then(|| name.to_string())
        })
        .collect();
    v.sort();
    v.dedup();
    if v.is_empty() {
        return Err(format!("no functions found in {}", header.display()));
    }
    // weburl_parse first: it is the entry point of the test link.
    v.sort_by_key(|n| n != "weburl_parse");
    Ok(v)
}

/// [`build`] with the compiler's messages hidden (the canaries' errors are
/// expected).
fn build_quiet(
    manifest: &Path,
    target_dir: &Path,
    target: &str,
    features: &[&str],
) -> Result<(), String> {
    let mut cmd = Command::new(cargo());
    cmd.args(["build", "--quiet", "--release", "--no-default-features"])
        .arg("--manifest-path")
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .args(["--target", target])
        .arg("--features")
        .arg(features.join(","))
        .stderr(std::process::Stdio::null());
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("cargo build exited with {s}")),
        Err(e) => Err(format!("cannot run cargo: {e}")),
    }
}

fn binary_path(target_dir: &Path, target: &str) -> PathBuf {
    let name = if target.starts_with("wasm32") {
        "nostd-check.wasm"
    } else {
        "nostd-check"
    };
    target_dir.join(target).join("release").join(name)
}

fn check_symbols(bin: &Path) -> Result<(), String> {
    let names = crate::size::symbol_names(bin)?;
    if names.is_empty() {
        return Err(format!("{}: no symbols to check", bin.display()));
    }
    for forbidden in FORBIDDEN_SYMBOLS {
        if let Some(s) = names.iter().find(|n| n.contains(forbidden)) {
            return Err(format!(
                "{} links {s}: an allocator crept in",
                bin.display()
            ));
        }
    }
    if let Some(s) = names.iter().find(|n| is_std_symbol(n)) {
        return Err(format!("{} links {s}: std crept in", bin.display()));
    }
    Ok(())
}

/// The cargo that runs xtask (so `cargo +toolchain xtask` is honoured).
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}
