//! Call sites into core's panic machinery in a linked firmware image: the
//! places where a parse could still panic (bounds checks, `unwrap`, slice
//! and `str` indexing, `copy_from_slice` length checks) that the optimizer
//! could not prove unreachable. Reported by `cargo xtask size`; the goal
//! (issue 16) is zero.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Whether `symbol` (mangled or demangled) is one of core's panic entry
/// points.
fn is_panic_entry(symbol: &str) -> bool {
    symbol.contains("panicking")
        || symbol.contains("panic_bounds_check")
        || symbol.contains("unwrap_failed")
        || symbol.contains("expect_failed")
        || symbol.contains("slice_error_fail")
        || symbol.contains("len_mismatch_fail")
        || (symbol.contains("slice") && symbol.contains("index") && symbol.contains("fail"))
}

/// A readable name for a panic entry point.
fn short_name(symbol: &str) -> &'static str {
    if symbol.contains("panic_bounds_check") {
        "panic_bounds_check"
    } else if symbol.contains("slice_error_fail") {
        "str slicing"
    } else if symbol.contains("len_mismatch_fail") {
        "copy_from_slice length"
    } else if symbol.contains("unwrap_failed") || symbol.contains("expect_failed") {
        "unwrap/expect"
    } else if symbol.contains("index") {
        "slice indexing"
    } else {
        "panic / panic_fmt"
    }
}

/// Direct calls and branches into panic entry points from functions that
/// are not themselves part of the panic machinery, by kind, and in total.
pub fn count(objdump: &Path, elf: &Path) -> Result<(usize, BTreeMap<&'static str, usize>), String> {
    let out = Command::new(objdump)
        .args(["-d", "--no-show-raw-insn"])
        .arg(elf)
        .output()
        .map_err(|e| format!("cannot run llvm-objdump: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "llvm-objdump {}: {}",
            elf.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut in_panic_machinery = false;
    let mut by_kind = BTreeMap::new();
    let mut total = 0;
    for line in text.lines() {
        // "00020a42 <symbol>:" starts a function.
        if let Some(name) = line.strip_suffix(">:").and_then(|l| l.split_once(" <")) {
            // ARM mapping symbols ($t, $d) mark code and data inside a
            // function, not a new one.
            if !name.1.starts_with('$') {
                in_panic_machinery = is_panic_entry(name.1);
            }
            continue;
        }
        if in_panic_machinery {
            continue;
        }
        // "   20a3e:  \tbl\t0x20a48 <symbol> @ imm = #6": any branch.
        let mut fields = line.split('\t').map(str::trim).filter(|f| !f.is_empty());
        let (Some(_addr), Some(mnemonic), Some(operand)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if !mnemonic.starts_with('b') {
            continue;
        }
        let Some(target) = operand
            .split_once('<')
            .and_then(|(_, t)| t.split(['>', '+']).next())
        else {
            continue;
        };
        if is_panic_entry(target) {
            total += 1;
            *by_kind.entry(short_name(target)).or_insert(0) += 1;
        }
    }
    Ok((total, by_kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_entry_points() {
        for s in [
            "_RNvNtCs7ldSeZOOJos_4core9panicking18panic_bounds_check",
            "_RNvNtNtCs7ldSeZOOJos_4core5slice5index16slice_index_fail",
            "_RNvNtCs7ldSeZOOJos_4core3str16slice_error_fail",
            "_RNvNtCs7ldSeZOOJos_4core6option13unwrap_failed",
            "_RNvNvNtCs7ldSeZOOJos_4core5slice20copy_from_slice_impl17len_mismatch_fail",
        ] {
            assert!(is_panic_entry(s), "{s}");
        }
        for s in [
            "memcpy",
            "_ZN8url_core6parser11basic_parse",
            "__aeabi_memclr4",
        ] {
            assert!(!is_panic_entry(s), "{s}");
        }
    }
}
