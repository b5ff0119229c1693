//! Worst-case stack use on thumbv7em from `-Z emit-stack-sizes` and the
//! call graph of the linked firmware.

use super::*;

/// The result of [`measure`].
pub struct Report {
    /// Worst-case bytes of stack below the caller of the entry point.
    pub bytes: u64,
    /// Human-readable report (the deepest path).
    pub text: String,
}

/// Per-function frame sizes and call edges, from the ELF and
/// `llvm-objdump -d`.
struct Graph {
    /// Function start address (Thumb bit cleared) → name.
    names: BTreeMap<u64, String>,
    /// Function start → frame bytes.
    frames: BTreeMap<u64, u64>,
    /// Function start → direct callees; `true` when it has indirect calls.
    calls: BTreeMap<u64, (Vec<u64>, bool)>,
    /// Functions never called directly (possible indirect targets).
    roots: Vec<u64>,
    /// Functions whose frame is estimated from their prologue.
    estimated: Vec<u64>,
}

/// Builds the firmware probe with IDNA on nightly with
/// `-Z emit-stack-sizes` and returns the deepest call path's stack.
pub fn measure(probe: &Path, base: &Path) -> Result<Report, String> {
    let target_dir = base.join("target-stack");
    let lib = build_probe(
        probe,
        &target_dir,
        ARM,
        "staticlib",
        &["idna"],
        &["-Zemit-stack-sizes"],
    )?;
    let elf = link_firmware_keep_stack_sizes(&lib, &base.join("firmware-stack.elf"))?;
    let graph = graph(&elf)?;
    let entry = graph
        .names
        .iter()
        .find(|(_, n)| n.as_str() == EXPORT)
        .map(|(a, _)| *a)
        .ok_or("entry point not found")?;
    worst_path(&graph, entry)
}

fn link_firmware_keep_stack_sizes(lib: &Path, out: &Path) -> Result<PathBuf, String> {
    // `.stack_sizes` is SHF_LINK_ORDER'd to each function: gc-sections
    // keeps exactly the entries of the kept functions.
    link_firmware(lib, out)
}

fn graph(elf: &Path) -> Result<Graph, String> {
    let bytes = read(elf)?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{}: {e}", elf.display()))?;
    let mut names = BTreeMap::new();
    for s in file.symbols() {
        if s.kind() == object::SymbolKind::Text && s.size() > 0 {
            if let Ok(n) = s.name() {
                names.insert(s.address() & !1, n.to_string());
            }
        }
    }
    let mut frames = BTreeMap::new();
    let mut found = false;
    for s in file.sections() {
        if s.name().unwrap_or("") != ".stack_sizes" {
            continue;
        }
        found = true;
        let d = s.data().map_err(|e| e.to_string())?;
        let mut i = 0;
        while i + 4 <= d.len() {
            let addr = u32::from_le_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]) as u64;
            i += 4;
            let (mut v, mut shift) = (0u64, 0);
            while i < d.len() {
                let b = d[i];
                i += 1;
                v |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            frames.insert(addr & !1, v);
        }
    }
    if !found {
        return Err("no .stack_sizes section (nightly -Z emit-stack-sizes)".into());
    }
    let out = Command::new(objdump()?)
        .args(["-d", "-C", "--no-show-raw-insn"])
        .arg(elf)
        .output()
        .map_err(|e| format!("cannot run llvm-objdump: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut calls: BTreeMap<u64, (Vec<u64>, bool)> = BTreeMap::new();
    let mut estimates: BTreeMap<u64, u64> = BTreeMap::new();
    let mut current: Option<u64> = None;
    for line in text.lines() {
        // "0000abcd <name>:" starts a function (name demangled by -C).
        if let Some(head) = line.strip_suffix(">:") {
            if let Some((addr, name)) = head.split_once(" <") {
                // `$t`/`$d`/`$a` are ARM mapping symbols (code/data
                // switches inside a function), not functions.
                if name.starts_with('$') {
                    continue;
                }
                current = u64::from_str_radix(addr.trim(), 16).ok().map(|a| a & !1);
                if let Some(a) = current {
                    names.insert(a, name.to_string());
                }
            }
            continue;
        }
        let Some(f) = current else { continue };
        // "   30660:      \tbl\t0x306e6 <callee> @ imm = #130"
        let Some((_, insn)) = line.split_once(':') else {
            continue;
        };
        let insn = insn.trim();
        let mut parts = insn.split_whitespace();
        let op = parts.next().unwrap_or("");
        let arg = parts.next().unwrap_or("");
        // Frame estimate for code built without .stack_sizes (the
        // precompiled compiler_builtins): pushes and `sub sp, #n`.
        let est = estimates.entry(f).or_insert(0u64);
        match op {
            "push" | "push.w" | "vpush" | "vpush.w" => {
                let regs = insn.matches(',').count() as u64 + 1;
                *est += regs * if op.starts_with('v') { 8 } else { 4 };
            }
            "sub" | "sub.w" | "subw" if arg == "sp," => {
                if let Some(n) = insn.rsplit('#').next().and_then(|n| n.parse::<u64>().ok()) {
                    *est += n;
                }
            }
            _ => {}
        }
        let entry = calls.entry(f).or_default();
        match op {
            // bl/blx to an address: a call. b/b.w to the start of
            // another function: a tail call (its frame replaces this
            // one; counted on top of it, conservatively).
            "bl" | "blx" | "b.w" | "b" => {
                if let Ok(t) = u64::from_str_radix(arg.trim_start_matches("0x"), 16) {
                    let t = t & !1;
                    if op.starts_with("bl") || (t != f && frames_or_names(&frames, &names, t)) {
                        entry.0.push(t);
                    }
                } else if op == "blx" {
                    entry.1 = true;
                }
            }
            _ => {}
        }
    }
    // Indirect calls (a `dyn` vtable: url-core's QueryEncoder) may reach
    // any function whose address is taken, i.e. that is never called
    // directly: add those as callees, conservatively.
    let called: std::collections::BTreeSet<u64> =
        calls.values().flat_map(|c| c.0.iter().copied()).collect();
    let roots: Vec<u64> = names
        .iter()
        .filter(|(a, n)| !called.contains(a) && n.as_str() != EXPORT)
        .map(|(a, _)| *a)
        .collect();
    for v in calls.values_mut() {
        v.0.sort_unstable();
        v.0.dedup();
    }
    let mut estimated = Vec::new();
    for (a, e) in estimates {
        if let std::collections::btree_map::Entry::Vacant(v) = frames.entry(a) {
            v.insert(e);
            estimated.push(a);
        }
    }
    Ok(Graph {
        names,
        frames,
        calls,
        roots,
        estimated,
    })
}

/// Whether `addr` is the start of a function.
fn frames_or_names(frames: &BTreeMap<u64, u64>, names: &BTreeMap<u64, String>, addr: u64) -> bool {
    frames.contains_key(&addr) || names.contains_key(&addr)
}

pub(super) fn objdump() -> Result<PathBuf, String> {
    for name in ["llvm-objdump", "rust-objdump"] {
        if Command::new(name).arg("--version").output().is_ok() {
            return Ok(PathBuf::from(name));
        }
    }
    // rustup's llvm-tools component.
    let lld = rust_lld()?;
    let p = lld.with_file_name("llvm-objdump");
    if p.exists() {
        Ok(p)
    } else {
        Err("llvm-objdump not found (apt install llvm, or rustup component add llvm-tools)".into())
    }
}

/// Direct callees, plus every possible indirect target when `f` makes
/// indirect calls.
fn callees_of(g: &Graph, f: u64) -> Vec<u64> {
    let Some((direct, indirect)) = g.calls.get(&f) else {
        return Vec::new();
    };
    let mut v = direct.clone();
    if *indirect {
        v.extend(g.roots.iter().copied().filter(|&r| r != f));
    }
    v
}

fn worst_path(g: &Graph, entry: u64) -> Result<Report, String> {
    // Iterative DFS with memoization; a cycle (recursion) is reported.
    let mut memo: BTreeMap<u64, (u64, Option<u64>)> = BTreeMap::new();
    let mut on_stack: BTreeMap<u64, bool> = BTreeMap::new();
    let mut indirect = Vec::new();
    let mut unknown = Vec::new();
    let mut cycles = Vec::new();
    let mut work: Vec<(u64, usize)> = vec![(entry, 0)];
    on_stack.insert(entry, true);
    while let Some(&mut (f, ref mut next)) = work.last_mut() {
        let callees = callees_of(g, f);
        if *next < callees.len() {
            let c = callees[*next];
            *next += 1;
            if memo.contains_key(&c) {
                continue;
            }
            let direct = g.calls.get(&f).is_some_and(|d| d.0.contains(&c));
            if on_stack.get(&c) == Some(&true) && !direct {
                // A possible indirect call back up the stack: not a
                // call the code makes (the vtables hold leaf methods).
                continue;
            }
            if on_stack.get(&c) == Some(&true) {
                // A back edge: recursion. core's panic paths have one
                // (slice_error_fail ↔ slice_error_fail_rt, a panic while
                // formatting a panic); they diverge, so the edge is not
                // followed. Recursion in url-core itself is an error.
                let name = g.names.get(&c).map(String::as_str).unwrap_or("?");
                if name.contains("url_core") || name.contains("idna_tables") {
                    return Err(format!("recursion through {name}: stack is unbounded"));
                }
                cycles.push(c);
                continue;
            }
            on_stack.insert(c, true);
            work.push((c, 0));
            continue;
        }
        work.pop();
        on_stack.insert(f, false);
        if g.calls.get(&f).is_some_and(|c| c.1) {
            indirect.push(f);
        }
        let own = match g.frames.get(&f) {
            Some(&b) => b,
            None => {
                unknown.push(f);
                0
            }
        };
        let (deepest, via) = callees
            .iter()
            .map(|c| (memo.get(c).map(|m| m.0).unwrap_or(0), Some(*c)))
            .max()
            .unwrap_or((0, None));
        memo.insert(f, (own + deepest, via));
    }
    let total = memo.get(&entry).map(|m| m.0).unwrap_or(0);
    let mut text = format!(
        "stack: worst case of {EXPORT} on thumbv7em (IDNA) = {total} bytes (budget {BUDGET_STACK})\n  deepest path:\n"
    );
    let mut at = Some(entry);
    while let Some(f) = at {
        let name = g.names.get(&f).map(String::as_str).unwrap_or("?");
        let _ = writeln!(
            text,
            "    {:>6}  {}",
            g.frames.get(&f).copied().unwrap_or(0),
            demangle_short(name)
        );
        at = memo.get(&f).and_then(|m| m.1);
    }
    let name_list = |v: &[u64]| {
        v.iter()
            .map(|a| demangle_short(g.names.get(a).map(String::as_str).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !indirect.is_empty() {
        let _ = writeln!(
            text,
            "  indirect calls in: {}\n    followed to every function not called directly: {}",
            name_list(&indirect),
            name_list(&g.roots)
        );
    }
    if !g.estimated.is_empty() {
        let _ = writeln!(
            text,
            "  frames estimated from the prologue (no .stack_sizes): {}",
            name_list(&g.estimated)
        );
    }
    if !cycles.is_empty() {
        cycles.sort_unstable();
        cycles.dedup();
        let _ = writeln!(
            text,
            "  recursion outside url-core (back edge not followed): {}",
            name_list(&cycles)
        );
    }
    if !unknown.is_empty() {
        let _ = writeln!(
            text,
            "  no frame size for (counted as 0): {}",
            name_list(&unknown)
        );
    }
    Ok(Report { bytes: total, text })
}

/// A readable name for a legacy-mangled Rust symbol (no dependency on
/// a demangler: path segments joined by `::`, hash dropped).
fn demangle_short(name: &str) -> String {
    let Some(rest) = name.strip_prefix("_ZN") else {
        return name.to_string();
    };
    let b = rest.as_bytes();
    let mut i = 0;
    let mut parts = Vec::new();
    while i < b.len() && b[i].is_ascii_digit() {
        let mut n = 0usize;
        while i < b.len() && b[i].is_ascii_digit() {
            n = n * 10 + usize::from(b[i] - b'0');
            i += 1;
        }
        let Some(seg) = rest.get(i..i + n) else { break };
        i += n;
        if !(seg.len() == 17 && seg.starts_with('h')) {
            parts.push(
                seg.replace("$LT$", "<")
                    .replace("$GT$", ">")
                    .replace("$u20$", " ")
                    .replace("..", "::"),
            );
        }
    }
    parts.join("::")
}
