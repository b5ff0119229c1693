//! Shared by the table generators (gen-idna, gen-psl): emitting arrays,
//! formatting generated source with rustfmt, and writing or checking the
//! generated files.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub fn emit_array<T>(w: &mut String, name: &str, ty: &str, v: &[T], f: impl Fn(&T) -> String) {
    write!(w, "pub(crate) static {name}: [{ty}; {}] = [", v.len()).unwrap();
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            w.push_str(", ");
        }
        w.push_str(&f(x));
    }
    w.push_str("];\n\n");
}

pub fn rustfmt(src: &str) -> Result<String, String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("rustfmt: no stdin")?;
    let input = src.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt failed: {e}"))?;
    writer
        .join()
        .map_err(|_| "rustfmt writer panicked".to_string())?
        .map_err(|e| format!("cannot write to rustfmt: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustfmt failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt output: {e}"))
}

/// Writes the generated `outputs`, or with `check` compares them with the
/// files on disk and fails naming the stale ones. `what` names the tables in
/// messages and `command` is the xtask command that regenerates them.
pub fn write_or_check(
    outputs: &[(PathBuf, String)],
    check: bool,
    what: &str,
    command: &str,
) -> Result<(), String> {
    let mut stale = Vec::new();
    for (path, content) in outputs {
        if check {
            let current = std::fs::read_to_string(path).unwrap_or_default();
            if &current != content {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::write(path, content)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        return Err(format!(
            "generated {what} are stale, run `cargo xtask {command}`: {}",
            stale.join(", ")
        ));
    }
    Ok(())
}
