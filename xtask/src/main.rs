//! `cargo xtask <command>`: project automation (data fetching, table
//! generation, checks). Each command lives in its own module.

mod fetch_data;
mod gen_idna;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r),
        None => ("help", &[][..]),
    };
    let result = match cmd {
        "fetch-data" => fetch_data::run(rest),
        "gen-idna" => gen_idna::run(rest),
        _ => {
            eprintln!("usage: cargo xtask <fetch-data [--check] | gen-idna [--check]>");
            return if cmd == "help" { ExitCode::SUCCESS } else { ExitCode::FAILURE };
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

/// The workspace root (xtask lives one level below it).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent directory")
        .to_path_buf()
}
