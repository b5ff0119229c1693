//! `cargo xtask <command>`: project automation (data fetching, table
//! generation, checks). Each command lives in its own module.

mod bench;
mod check_nostd;
mod codegen;
mod fetch_data;
mod firmware;
mod fuzz;
mod gen_header;
mod gen_idna;
mod gen_psl;
mod reference;
mod size;
mod url_compat;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>
  fetch-data [--check]   test and Unicode data from crates.io and PyPI packages (sha256-pinned)
  gen-idna [--check] [--unicode X.Y.Z]
                         generate crates/idna-tables from data/unicode (Unicode 18.0.0)
  gen-header [--check]   the C header of weburl-c (cbindgen)
  gen-psl [--check]      generate crates/psl-tables (and script data) from data/
  fuzz [--smoke | --time SECS] [--keep-going] [TARGET…]
                         build and run the cargo-fuzz targets (long runs in fork mode)
  fuzz-seed              seed corpora from data/wpt and ../shared/data/bench
  bench [--quick] [FILES…]  weburl vs Ada vs rust-url, side by side
  check-nostd            build the no_std/no-alloc check program for thumbv7em and wasm32
  size                   size budget for firmware and wasm builds
  reference [--mutated N] [--seed S]
                         every component vs whatwg-url (the reference implementation) on generated inputs
  firmware               the WPT suites and the C test on an emulated Cortex-M4F (QEMU)
  url-compat [CRATE…]    real crates' tests with url replaced by weburl-url ([patch.crates-io])";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r),
        None => ("help", &[][..]),
    };
    let result = match cmd {
        "fetch-data" => fetch_data::run(rest),
        "gen-idna" => gen_idna::run(rest),
        "gen-header" => gen_header::run(rest),
        "gen-psl" => gen_psl::run(rest),
        "fuzz" => fuzz::run(rest),
        "fuzz-seed" => fuzz::seed(rest),
        "bench" => bench::run(rest),
        "check-nostd" => check_nostd::run(rest),
        "size" => size::run(rest),
        "reference" => reference::run(rest),
        "firmware" => firmware::run(rest),
        "url-compat" => url_compat::run(rest),
        _ => {
            eprintln!("{USAGE}");
            return if cmd == "help" || cmd == "--help" {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {cmd}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The nightly toolchain for `-Z` flags, Miri and cargo-fuzz: `+nightly`, or
/// `$WEBURL_NIGHTLY` (CI pins a date whose nightly has every component and
/// target the project needs).
pub fn nightly() -> String {
    let name = std::env::var("WEBURL_NIGHTLY").unwrap_or_else(|_| "nightly".into());
    format!("+{name}")
}

/// The workspace root (xtask lives one level below it).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent directory")
        .to_path_buf()
}
