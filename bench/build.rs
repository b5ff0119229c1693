//! Builds Ada for the benchmark's reference columns: Ada's amalgamated
//! `ada.cpp`, as the `ada-url` crate ships it in the cargo registry, plus
//! `native/ada_native.cpp`, which calls Ada through its C++ API.
//!
//! The `ada-url` dependency has its `bundled` feature off (see Cargo.toml),
//! so this is the only copy of Ada in the binary: the native column and the
//! crate column (whose C API functions are in the same `ada.cpp`) run the
//! same machine code, compiled in release builds as Ada's release build
//! compiles it (C++20, -O3, NDEBUG), with its functions aligned to 64 bytes
//! (see `build`) so that its time does not move with weburl's code. Nothing
//! of Ada is copied into this repository; the sources
//! are read where cargo unpacked the crate.

use std::path::{Path, PathBuf};

/// Must match the `ada-url` pin in Cargo.toml.
const ADA_CRATE: &str = "ada-url-4.0.0";
const ADA_VERSION: &str = "4.0.0";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=native/ada_native.cpp");
    println!("cargo:rerun-if-env-changed=WEBURL_ADA_DEPS");
    println!("cargo:rerun-if-env-changed=CARGO_HOME");
    let deps = match find_ada_sources() {
        Ok(dir) => dir,
        Err(msg) => {
            eprintln!(
                "error: weburl-bench needs Ada's amalgamated sources (ada.cpp, ada.h): {msg}"
            );
            std::process::exit(1);
        }
    };
    check_version(&deps.join("ada.h"));
    println!("cargo:rerun-if-changed={}", deps.join("ada.cpp").display());
    println!("cargo:rerun-if-changed={}", deps.join("ada.h").display());

    // Our shim first: the linker resolves its references to Ada from the
    // archive that follows it.
    let mut shim = build(&deps);
    shim.file("native/ada_native.cpp")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true);
    shim.compile("weburl_bench_ada_shim");

    let mut ada = build(&deps);
    ada.file(deps.join("ada.cpp")).warnings(false);
    ada.compile("weburl_bench_ada");
}

/// The flags both translation units share. They must agree on every macro
/// Ada's headers read, since inline functions from ada.h are compiled in both.
fn build(deps: &Path) -> cc::Build {
    let mut b = cc::Build::new();
    b.cpp(true)
        .std("c++20")
        .include(deps)
        .define("NDEBUG", None)
        // As the ada-url crate builds it: the URLPattern API is not used.
        .define("ADA_INCLUDE_URL_PATTERN", "0")
        // Position-independent for the PIE executables rustc links, but not
        // -fPIC (cc's default), which lets GCC assume that every global
        // function can be interposed and so keeps it from inlining across
        // Ada's own functions.
        .pic(false)
        .flag("-fPIE")
        // cc keeps frame pointers whenever the profile has debug info (ours
        // does, for profilers); Ada's release build does not.
        .force_frame_pointer(false)
        // Each of Ada's functions on a 64-byte boundary, so its code keeps
        // the same layout across cache lines whatever the Rust code linked
        // before it weighs: without it, native Ada's time on the same
        // inputs moved by up to 10% between builds that differed only in
        // weburl's code (hosts 353 or 383 ns, mutations 456 or 498), and
        // every ratio with it. With it, 353-357 and 456-467 ns across those
        // builds: the faster of the two states, so no handicap to Ada.
        .flag("-falign-functions=64");
    // Timed builds (release, and `cargo bench`, which inherits it) get
    // Ada's -O3 whatever the profile's opt-level; test and check builds keep
    // the profile's, where Ada only has to agree, not to be fast.
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        b.opt_level(3);
    }
    b
}

/// `$WEBURL_ADA_DEPS` when set; otherwise `deps/` of the unpacked `ada-url`
/// crate under `$CARGO_HOME/registry/src/*/` (default `~/.cargo`).
fn find_ada_sources() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("WEBURL_ADA_DEPS") {
        let dir = PathBuf::from(dir);
        return has_sources(&dir).then_some(dir.clone()).ok_or_else(|| {
            format!(
                "WEBURL_ADA_DEPS={} holds no ada.cpp and ada.h",
                dir.display()
            )
        });
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let registry = cargo_home.join("registry/src");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&registry)
        .map_err(|e| format!("cannot read {}: {e}", registry.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join(ADA_CRATE).join("deps"))
        .filter(|d| has_sources(d))
        .collect();
    // Every registry copy of one crate version is the same file; pick one
    // deterministically.
    found.sort();
    found.into_iter().next().ok_or_else(|| {
        format!(
            "no {}/{ADA_CRATE}/deps/ with ada.cpp and ada.h; run `cargo fetch` so that cargo \
             unpacks the ada-url crate, or point WEBURL_ADA_DEPS at a directory holding \
             Ada {ADA_VERSION}'s ada.cpp and ada.h",
            registry.join("*").display()
        )
    })
}

fn has_sources(dir: &Path) -> bool {
    dir.join("ada.cpp").is_file() && dir.join("ada.h").is_file()
}

/// The header's `ADA_VERSION` must be the version the crate column links, or
/// the two Ada columns would not be the same Ada.
fn check_version(header: &Path) {
    let text = std::fs::read_to_string(header).unwrap_or_default();
    let want = format!("#define ADA_VERSION \"{ADA_VERSION}\"");
    if !text.lines().any(|l| l.trim() == want) {
        eprintln!(
            "error: {} is not Ada {ADA_VERSION} (no `{want}` line)",
            header.display()
        );
        std::process::exit(1);
    }
}
