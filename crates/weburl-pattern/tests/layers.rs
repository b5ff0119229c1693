//! The crate's modules import one way: each `crate::module` path in a
//! module's code names a module below it in `LAYERS` (lowest first). An
//! upward import, a cycle between two modules, or a module missing from the
//! list fails this test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// Lowest first: a module may use only those before it.
const LAYERS: &[&str] = &[
    "error",
    "url_record",
    "tokenizer",
    "parser",
    "pattern_string",
    "regexp",
    "canonicalize",
    "init",
    "ecmascript",
    "matcher",
    "component",
    "constructor_string",
    "url_pattern",
    "compare_generate",
    "router",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `crate::name` module names in `code`, outside comments.
fn imports(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or_default();
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
            rest = after;
        }
    }
    out
}

#[test]
fn modules_import_downward_only() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut problems = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" {
            continue;
        }
        let Some(rank) = LAYERS.iter().position(|m| *m == module) else {
            problems.push(format!("{module} is not in LAYERS"));
            continue;
        };
        let code = std::fs::read_to_string(&file).unwrap();
        for name in imports(&code) {
            if name == module {
                continue;
            }
            match LAYERS.iter().position(|m| *m == name) {
                Some(r) if r < rank => {}
                Some(_) => problems.push(format!(
                    "{} imports {name}, which is not below {module}",
                    relative.display()
                )),
                None => problems.push(format!(
                    "{} imports unknown crate::{name}",
                    relative.display()
                )),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_sees_an_upward_import() {
    assert_eq!(
        imports("use crate::router::X; // crate::matcher"),
        ["router"]
    );
    assert_eq!(
        imports("let x = crate::parser::a(crate::error::E);"),
        ["parser", "error"]
    );
}
