//! `cargo xtask url-compat`: real crates from crates.io that depend on
//! `url` 2.x, built and tested — their own test suites — with rust-url
//! replaced by weburl-url through `[patch.crates-io]` (issue 15).
//!
//! For each pinned crate: `cargo fetch` downloads the `.crate` (the
//! registry index checksums it), it is unpacked into
//! `target/url-compat/<name>-<version>/`, its `Cargo.toml` gets
//!
//! ```toml
//! [workspace]
//! [patch.crates-io]
//! url = { path = "<repo>/crates/weburl-url/url-shim" }
//! ```
//!
//! (the shim is weburl-url under the package name `url`), `cargo update -p
//! url` moves a shipped `Cargo.lock` onto the patch, `cargo tree -i url`
//! must show the shim, and `cargo test --no-fail-fast` (with the crate's
//! own feature choice, below) must pass. Per crate it prints the version
//! and the passed, failed and ignored counts summed over the test binaries
//! and doctests. Needs the network the first time (crates.io), like
//! `fetch-data`; the tests themselves run offline (the tests the crates
//! mark `#[ignore]` because they need the network stay ignored).

use std::fs;
use std::path::Path;
use std::process::Command;

/// One pinned crate and how its own test suite is run.
struct Compat {
    name: &'static str,
    version: &'static str,
    /// Extra `cargo test` arguments (feature choices).
    test_args: &'static [&'static str],
}

/// The crates, pinned: lsp-types (the LSP ecosystem; `Url` in every
/// message, serde), ammonia (an HTML sanitizer that parses and joins every
/// link it keeps), oauth2 and openidconnect (parse, join, `query_pairs_mut`,
/// serde; their tests use a mock HTTP client), cookie_store (`host_str`,
/// `domain`, `cannot_be_a_base`, RFC 6265 domain and path matching),
/// pep508_rs (join, file paths, `set_fragment`) and git-url-parse (setters,
/// credentials).
const CRATES: &[Compat] = &[
    Compat {
        name: "lsp-types",
        version: "0.94.1",
        test_args: &[],
    },
    Compat {
        name: "ammonia",
        version: "4.1.1",
        test_args: &[],
    },
    // Without its default `reqwest` feature (an HTTP client its unit tests
    // do not need: they bring a mock), so its examples and doctests, which
    // are built on reqwest, are left out (`--lib --tests`). 5.0.0 is the
    // newest release on crates.io (issue 29 named a 5.1.0 that is not
    // there).
    Compat {
        name: "oauth2",
        version: "5.0.0",
        test_args: &["--no-default-features", "--lib", "--tests"],
    },
    Compat {
        name: "openidconnect",
        version: "4.0.1",
        test_args: &[],
    },
    Compat {
        name: "cookie_store",
        version: "0.22.0",
        test_args: &[],
    },
    // With its relative-path and working-directory extensions, whose tests
    // are the ones that go through `from_file_path` and `to_file_path`.
    Compat {
        name: "pep508_rs",
        version: "0.9.2",
        test_args: &["--features", "non-pep508-extensions"],
    },
    Compat {
        name: "git-url-parse",
        version: "0.6.0",
        test_args: &[],
    },
];

const USAGE: &str = "usage: cargo xtask url-compat [CRATE…]
  build and test each pinned crate (default: all of lsp-types 0.94.1, ammonia 4.1.1,
  oauth2 5.0.0, openidconnect 4.0.1, cookie_store 0.22.0, pep508_rs 0.9.2,
  git-url-parse 0.6.0) with url replaced by weburl-url via [patch.crates-io]";

pub fn run(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let chosen: Vec<&Compat> = CRATES
        .iter()
        .filter(|c| args.is_empty() || args.iter().any(|a| a == c.name))
        .collect();
    if chosen.is_empty() {
        let names: Vec<&str> = CRATES.iter().map(|c| c.name).collect();
        return Err(format!("no such crate in {names:?}\n{USAGE}"));
    }
    let root = crate::workspace_root();
    let dir = root.join("target").join("url-compat");
    let shim = root.join("crates").join("weburl-url").join("url-shim");
    fetch(&dir, &chosen)?;
    let cache = crate::fetch_data::cargo_home()?
        .join("registry")
        .join("cache");
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for c in chosen {
        let (name, version) = (c.name, c.version);
        let archive = crate::fetch_data::find_crate(&cache, name, version)?;
        let src = dir.join(format!("{name}-{version}"));
        if src.exists() {
            fs::remove_dir_all(&src).map_err(|e| format!("remove {}: {e}", src.display()))?;
        }
        unpack(&archive, &dir)?;
        patch_manifest(&src.join("Cargo.toml"), &shim)?;
        let manifest = src.join("Cargo.toml");
        cargo(&dir, &manifest, &["update", "-p", "url"])?;
        let mut tree = cargo_output(&dir, &manifest, &["tree", "-i", "url", "-e", "normal,dev"])?;
        // A shipped Cargo.lock can keep a registry `url` that `update -p`
        // will not move past (oauth2's 2.5.0 went to 2.5.4): move it
        // explicitly to the shim's version.
        if let Some(locked) = tree
            .lines()
            .next()
            .filter(|l| !l.contains("url-shim"))
            .and_then(|l| l.strip_prefix("url v"))
        {
            let spec = format!("url@{}", locked.trim());
            cargo(
                &dir,
                &manifest,
                &["update", "-p", &spec, "--precise", "2.5.8"],
            )?;
            tree = cargo_output(&dir, &manifest, &["tree", "-i", "url", "-e", "normal,dev"])?;
        }
        if !tree.lines().next().is_some_and(|l| l.contains("url-shim")) {
            return Err(format!("{name}: url is not the patched shim:\n{tree}"));
        }
        println!(
            "== {name} {version}: url is {}",
            tree.lines().next().unwrap_or("")
        );
        let mut test = vec!["test", "--no-fail-fast"];
        test.extend_from_slice(c.test_args);
        let (ok, out) = cargo_run(&dir, &manifest, &test)?;
        let counts = Counts::sum(&out);
        if !ok || counts.failed > 0 || counts.passed == 0 {
            failures.push(format!("{name} {version}"));
        }
        report.push(format!(
            "{name} {version}{}: {} passed, {} failed, {} ignored ({} test binaries and doctests)",
            if c.test_args.is_empty() {
                String::new()
            } else {
                format!(" ({})", c.test_args.join(" "))
            },
            counts.passed,
            counts.failed,
            counts.ignored,
            counts.suites
        ));
    }
    let summary = report
        .iter()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n");
    if !failures.is_empty() {
        return Err(format!(
            "url-compat: own tests fail with weburl-url as url: {}\n{summary}",
            failures.join(", ")
        ));
    }
    println!("url-compat: every crate's own tests pass with weburl-url as url\n{summary}");
    Ok(())
}

/// Test counts summed over every `test result:` line of a `cargo test` run.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    passed: u64,
    failed: u64,
    ignored: u64,
    /// How many `test result:` lines (test binaries and doctest runs).
    suites: u64,
}

impl Counts {
    /// Sums lines like `test result: ok. 24 passed; 0 failed; 1 ignored; …`.
    fn sum(out: &str) -> Counts {
        let mut c = Counts::default();
        for line in out.lines() {
            let Some(rest) = line.trim_start().strip_prefix("test result:") else {
                continue;
            };
            c.suites += 1;
            for part in rest.split(';') {
                let mut words = part.split_whitespace().rev();
                let (Some(what), Some(n)) = (words.next(), words.next()) else {
                    continue;
                };
                let Ok(n) = n.parse::<u64>() else { continue };
                match what {
                    "passed" => c.passed += n,
                    "failed" => c.failed += n,
                    "ignored" => c.ignored += n,
                    _ => {}
                }
            }
        }
        c
    }
}

/// `cargo fetch` on a throwaway manifest depending on each pinned crate.
fn fetch(dir: &Path, crates: &[&Compat]) -> Result<(), String> {
    let fetch_dir = dir.join("fetch");
    fs::create_dir_all(fetch_dir.join("src"))
        .map_err(|e| format!("create {}: {e}", fetch_dir.display()))?;
    let mut manifest = String::from(
        "# Generated by `cargo xtask url-compat`; safe to delete.\n\
         [package]\nname = \"weburl-url-compat-fetch\"\nversion = \"0.0.0\"\n\
         edition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\n",
    );
    for c in crates {
        manifest.push_str(&format!("{} = \"={}\"\n", c.name, c.version));
    }
    write(&fetch_dir.join("Cargo.toml"), &manifest)?;
    write(&fetch_dir.join("src").join("lib.rs"), "")?;
    cargo(dir, &fetch_dir.join("Cargo.toml"), &["fetch"])
}

/// Unpacks a `.crate` (gzip'd tar of `name-version/…`) into `dir`.
fn unpack(archive: &Path, dir: &Path) -> Result<(), String> {
    let file = fs::File::open(archive).map_err(|e| format!("open {}: {e}", archive.display()))?;
    tar::Archive::new(flate2::read::GzDecoder::new(file))
        .unpack(dir)
        .map_err(|e| format!("unpack {}: {e}", archive.display()))
}

/// Makes the crate its own workspace and patches `url` to the shim.
fn patch_manifest(manifest: &Path, shim: &Path) -> Result<(), String> {
    let mut text =
        fs::read_to_string(manifest).map_err(|e| format!("read {}: {e}", manifest.display()))?;
    let shim = shim.display().to_string().replace('\\', "/");
    text.push_str(&format!(
        "\n# Added by `cargo xtask url-compat`.\n[workspace]\n\n\
         [patch.crates-io]\nurl = {{ path = \"{shim}\" }}\n"
    ));
    write(manifest, &text)
}

fn cargo_command(dir: &Path, manifest: &Path, args: &[&str]) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(args)
        .arg("--manifest-path")
        .arg(manifest)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        // A crate that declares an old rust-version (oauth2: 1.65) would
        // otherwise keep a `url` older than the shim's 2.5.8, and the patch
        // would go unused.
        .env("CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS", "allow");
    cmd
}

fn cargo(dir: &Path, manifest: &Path, args: &[&str]) -> Result<(), String> {
    println!(
        "running cargo {} --manifest-path {}",
        args.join(" "),
        manifest.display()
    );
    let status = cargo_command(dir, manifest, args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed ({status})", args.join(" ")))
    }
}

/// Runs cargo, printing and returning its stdout; an error on failure.
fn cargo_output(dir: &Path, manifest: &Path, args: &[&str]) -> Result<String, String> {
    println!(
        "running cargo {} --manifest-path {}",
        args.join(" "),
        manifest.display()
    );
    let out = cargo_command(dir, manifest, args)
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{stdout}");
    if out.status.success() {
        Ok(stdout)
    } else {
        Err(format!(
            "cargo {} failed ({}):\n{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Runs cargo, printing its stdout and returning whether it succeeded and
/// the stdout (a failing test run still has counts to report).
fn cargo_run(dir: &Path, manifest: &Path, args: &[&str]) -> Result<(bool, String), String> {
    println!(
        "running cargo {} --manifest-path {}",
        args.join(" "),
        manifest.display()
    );
    let out = cargo_command(dir, manifest, args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{stdout}");
    Ok((out.status.success(), stdout))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::Counts;

    #[test]
    fn sums_every_result_line() {
        let out = "running 2 tests\n\
            test result: ok. 24 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\
            \n   Doc-tests x\n\
            test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.2s\n";
        assert_eq!(
            Counts::sum(out),
            Counts {
                passed: 27,
                failed: 2,
                ignored: 1,
                suites: 2
            }
        );
        assert_eq!(Counts::sum("no tests here"), Counts::default());
    }
}
