//! The module map in `src/lib.rs` puts every top-level module in a layer;
//! a module may import only from layers below its own. This test reads the
//! map and every `crate::` (and crate-reaching `super::`) path in `src/`,
//! outside comments and test modules, and fails on an import that points up
//! or sideways, and on a module the map leaves out.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Layer of each top-level module, from the table in lib.rs's docs.
fn layers(lib: &str) -> BTreeMap<String, u32> {
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(row) = line.strip_prefix("//! | ") else {
            continue;
        };
        let mut cells = row.split(" | ");
        let (Some(layer), Some(modules)) = (cells.next(), cells.next()) else {
            continue;
        };
        let Ok(layer) = layer.trim().parse::<u32>() else {
            continue;
        };
        for name in modules.split(", ") {
            let name = name.trim().trim_matches(|c| matches!(c, '[' | ']' | '`'));
            assert!(
                map.insert(name.to_string(), layer).is_none(),
                "{name} is in the module map twice"
            );
        }
    }
    map
}

/// The modules lib.rs declares.
fn declared(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))?;
            rest.strip_suffix(';').map(str::to_string)
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without comments and without its `#[cfg(test)]`
/// test module (which, by this crate's habit, ends the file), or `None`
/// for a file that is a test module.
fn code(path: &Path, text: &str) -> Option<String> {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return None;
    }
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(k) => &text[..k],
        None => text,
    };
    Some(
        text.lines()
            .map(|l| match l.find("//") {
                Some(k) => &l[..k],
                None => l,
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The module path of a file under `src/` (`["parser", "route"]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The top-level modules a file's code names: `crate::x`, and `super::`
/// chains that climb to the crate root.
fn targets(code: &str, module: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for (k, _) in code.match_indices("crate::") {
        // `url_core::crate::` does not occur; `$crate::` in macros would.
        if k > 0 && (bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_') {
            continue;
        }
        let name: String = code[k + 7..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        found.push(name);
    }
    for (k, _) in code.match_indices("super::") {
        if k > 0 && bytes[k - 1] == b':' {
            continue; // counted from the chain's start
        }
        let mut rest = &code[k..];
        let mut depth = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            depth += 1;
            rest = r;
        }
        // A file at depth d (its module path's length) reaches the crate
        // root after d `super::`s.
        if depth == module.len() {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn imports_point_down_the_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let layers = layers(&lib);
    for module in declared(&lib) {
        assert!(
            layers.contains_key(&module),
            "module {module} is not in lib.rs's module map"
        );
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut violations = Vec::new();
    let mut checked = 0;
    for file in &files {
        let module = module_path(&src, file);
        let Some(top) = module.first() else { continue };
        if top == "lib" {
            continue;
        }
        let text = fs::read_to_string(file).unwrap();
        let Some(code) = code(file, &text) else {
            continue;
        };
        let own = layers[top.as_str()];
        for target in targets(&code, &module) {
            let Some(&theirs) = layers.get(target.as_str()) else {
                continue; // a crate-root item (a re-export), not a module
            };
            checked += 1;
            if target != *top && theirs >= own {
                violations.push(format!(
                    "{} (layer {own}) uses crate::{target} (layer {theirs})",
                    file.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    println!(
        "{checked} module references checked in {} files",
        files.len()
    );
    assert!(checked > 100, "the scan found almost nothing: {checked}");
    assert!(
        violations.is_empty(),
        "imports that point up or sideways:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_check_catches_an_upward_import() {
    // The same scan over a made-up file: `host` (layer 8) naming `parser`
    // (layer 12) must be found, and a comment naming it must not.
    let code = code(
        Path::new("src/host/x.rs"),
        "use crate::parser::route;\n// crate::setters in a comment\nfn f() { super::super::url::x(); }\n",
    )
    .unwrap();
    let module = vec!["host".to_string(), "x".to_string()];
    assert_eq!(targets(&code, &module), ["parser", "url"]);
}
