//! `cargo xtask gen-idna [--check]`: writes `crates/idna-tables/src/` from
//! `data/unicode/IdnaMappingTable.txt` plus per-code-point properties
//! enumerated through `unicode-normalization` (canonical decompositions,
//! compositions, combining classes, General_Category=Mark), `unicode-bidi`
//! (Bidi_Class) and `unicode-joining-type` (Joining_Type).
//!
//! Any version of IdnaMappingTable.txt is accepted (the `# Version:` header
//! line is copied into the output), so moving to a newer Unicode is: replace
//! the file, run this command. `--check` regenerates in memory and fails when
//! the committed files differ. The output goes through `rustfmt`, so the
//! committed files are rustfmt-clean; generation is deterministic.
//!
//! `IDNA_MAPPING_TABLE=<path>` overrides the input path (for trying a new
//! table before committing it).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use sha2::{Digest, Sha256};
use unicode_bidi::BidiClass;
use unicode_joining_type::JoiningType;

const MAX_CP: u32 = 0x10FFFF;

pub fn run(args: &[String]) -> Result<(), String> {
    let mut check = false;
    for a in args {
        match a.as_str() {
            "--check" => check = true,
            other => return Err(format!("unknown argument {other:?} (expected --check)")),
        }
    }
    let root = crate::workspace_root();
    let input = std::env::var_os("IDNA_MAPPING_TABLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("data/unicode/IdnaMappingTable.txt"));
    let text = std::fs::read_to_string(&input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let files = generate(&text)?;
    let out_dir = root.join("crates/idna-tables/src");
    let mut stale = Vec::new();
    for (name, content) in &files {
        let path = out_dir.join(name);
        if check {
            let current = std::fs::read_to_string(&path).unwrap_or_default();
            if &current != content {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::write(&path, content)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        return Err(format!(
            "generated IDNA tables are stale, run `cargo xtask gen-idna`: {}",
            stale.join(", ")
        ));
    }
    if check {
        println!("idna-tables are up to date");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// IdnaMappingTable.txt

#[derive(Clone, PartialEq, Eq, Debug)]
enum Status {
    Valid,
    Disallowed,
    Ignored,
    Mapped(Vec<char>),
}

struct MappingTable {
    version: String,
    sha256: String,
    status: Vec<Status>,
}

fn parse_cp(s: &str) -> Result<u32, String> {
    u32::from_str_radix(s.trim(), 16).map_err(|e| format!("bad code point {s:?}: {e}"))
}

fn parse_mapping_table(text: &str) -> Result<MappingTable, String> {
    let sha256 = format!("{:x}", Sha256::digest(text.as_bytes()));
    let mut version = None;
    let mut status: Vec<Option<Status>> = vec![None; MAX_CP as usize + 1];
    for (n, raw) in text.lines().enumerate() {
        if let Some(v) = raw.strip_prefix("# Version:") {
            version = Some(v.trim().to_string());
        }
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let err = |m: &str| format!("IdnaMappingTable.txt:{}: {m}", n + 1);
        let (lo, hi) = match fields[0].split_once("..") {
            Some((a, b)) => (parse_cp(a)?, parse_cp(b)?),
            None => (parse_cp(fields[0])?, parse_cp(fields[0])?),
        };
        let mapping = || -> Result<Vec<char>, String> {
            fields
                .get(2)
                .copied()
                .unwrap_or("")
                .split_whitespace()
                .map(|h| {
                    parse_cp(h).and_then(|c| char::from_u32(c).ok_or_else(|| err("bad mapping")))
                })
                .collect()
        };
        // Deviation: non-transitional processing (the only kind the URL
        // Standard uses) keeps the code point and treats it as valid (UTS #46
        // §4 step 1, §4.1 criterion 7). Older tables' STD3 statuses: the
        // STD3 rules are applied on the mapped result since UTS #46 v16
        // (§4.1 criterion 8), so they behave as valid/mapped here.
        let st = match *fields.get(1).ok_or_else(|| err("missing status"))? {
            "valid" | "deviation" | "disallowed_STD3_valid" => Status::Valid,
            "disallowed" => Status::Disallowed,
            "ignored" => Status::Ignored,
            "mapped" | "disallowed_STD3_mapped" => {
                let m = mapping()?;
                if m.is_empty() {
                    Status::Ignored
                } else {
                    Status::Mapped(m)
                }
            }
            other => return Err(err(&format!("unknown status {other:?}"))),
        };
        for cp in lo..=hi {
            status[cp as usize] = Some(st.clone());
        }
    }
    let status = status
        .into_iter()
        .enumerate()
        .map(|(cp, s)| s.ok_or_else(|| format!("U+{cp:04X} missing from the mapping table")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MappingTable {
        version: version.ok_or("no `# Version:` line in the mapping table")?,
        sha256,
        status,
    })
}

// ---------------------------------------------------------------------------
// Three-level trie of u16 values.

struct Trie {
    /// Bytes per value: 1 (u8) or 2 (u16).
    width: usize,
    shift1: u32,
    shift2: u32,
    l1: Vec<u16>,
    l2: Vec<u16>,
    values: Vec<u16>,
}

impl Trie {
    fn bytes(&self) -> usize {
        width(&self.l1) * self.l1.len()
            + width(&self.l2) * self.l2.len()
            + self.width * self.values.len()
    }

    fn get(&self, cp: u32) -> u16 {
        let per_l2 = 1usize << (self.shift1 - self.shift2);
        let i1 = self.l1[(cp >> self.shift1) as usize] as usize;
        let i2 = self.l2[i1 * per_l2 + ((cp >> self.shift2) as usize & (per_l2 - 1))] as usize;
        self.values[(i2 << self.shift2) + (cp as usize & ((1 << self.shift2) - 1))]
    }
}

fn build_trie(values: &[u16], shift1: u32, shift2: u32) -> Trie {
    let block = 1usize << shift2;
    let mut blocks: HashMap<&[u16], u16> = HashMap::new();
    let mut out_values = Vec::new();
    let mut block_ids = Vec::new();
    for chunk in values.chunks(block) {
        let next = (out_values.len() / block) as u16;
        let id = *blocks.entry(chunk).or_insert_with(|| {
            out_values.extend_from_slice(chunk);
            next
        });
        block_ids.push(id);
    }
    let per_l2 = 1usize << (shift1 - shift2);
    let mut l2_blocks: HashMap<&[u16], u16> = HashMap::new();
    let mut l2 = Vec::new();
    let mut l1 = Vec::new();
    for chunk in block_ids.chunks(per_l2) {
        let next = (l2.len() / per_l2) as u16;
        let id = *l2_blocks.entry(chunk).or_insert_with(|| {
            l2.extend_from_slice(chunk);
            next
        });
        l1.push(id);
    }
    let t = Trie {
        width: width(&out_values),
        shift1,
        shift2,
        l1,
        l2,
        values: out_values,
    };
    for cp in 0..=MAX_CP {
        assert_eq!(t.get(cp), values[cp as usize]);
    }
    t
}

fn width(v: &[u16]) -> usize {
    if v.iter().all(|&x| x <= 0xFF) {
        1
    } else {
        2
    }
}

/// The smallest trie over a few block-size choices (deterministic).
fn best_trie(values: &[u16]) -> Trie {
    let mut best: Option<Trie> = None;
    for shift1 in [8, 9, 10, 11, 12, 13] {
        for shift2 in [3, 4, 5, 6] {
            let t = build_trie(values, shift1, shift2);
            if best.as_ref().is_none_or(|b| t.bytes() < b.bytes()) {
                best = Some(t);
            }
        }
    }
    let b = best.expect("at least one trie");
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        eprintln!(
            "trie {}/{}: l1 {} l2 {} values {}x{}",
            b.shift1,
            b.shift2,
            b.l1.len(),
            b.l2.len(),
            b.values.len(),
            b.width
        );
    }
    b
}

// ---------------------------------------------------------------------------
// Generation

const BIDI_NAMES: [&str; 23] = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO",
    "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
];

fn bidi_index(c: char) -> u32 {
    use BidiClass::*;
    match unicode_bidi::bidi_class(c) {
        L => 0,
        R => 1,
        AL => 2,
        EN => 3,
        ES => 4,
        ET => 5,
        AN => 6,
        CS => 7,
        NSM => 8,
        BN => 9,
        B => 10,
        S => 11,
        WS => 12,
        ON => 13,
        LRE => 14,
        LRO => 15,
        RLE => 16,
        RLO => 17,
        PDF => 18,
        LRI => 19,
        RLI => 20,
        FSI => 21,
        PDI => 22,
    }
}

fn joining_index(c: char) -> u32 {
    match unicode_joining_type::get_joining_type(c) {
        JoiningType::NonJoining => 0,
        JoiningType::JoinCausing => 1,
        JoiningType::DualJoining => 2,
        JoiningType::LeftJoining => 3,
        JoiningType::RightJoining => 4,
        JoiningType::Transparent => 5,
        other => panic!("unknown joining type {other:?}"),
    }
}

fn is_hangul_syllable(cp: u32) -> bool {
    (0xAC00..0xAC00 + 11172).contains(&cp)
}

fn full_decomposition(c: char) -> Vec<char> {
    let mut v = Vec::new();
    unicode_normalization::char::decompose_canonical(c, |d| v.push(d));
    v
}

/// One canonical decomposition step: `cp` → `a` (+ `b` when not 0). Full
/// decompositions are reached by expanding `a` and `b` again.
struct Step {
    cp: u32,
    a: u32,
    b: u32,
    composes: bool,
}

fn canonical_steps() -> Result<(Vec<Step>, usize), String> {
    let chars = || (0..=MAX_CP).filter_map(char::from_u32);
    let mut full: BTreeMap<u32, Vec<char>> = BTreeMap::new();
    let mut by_full: HashMap<Vec<char>, Vec<u32>> = HashMap::new();
    for c in chars() {
        if is_hangul_syllable(c as u32) {
            continue;
        }
        let f = full_decomposition(c);
        if f != [c] {
            by_full.entry(f.clone()).or_default().push(c as u32);
            full.insert(c as u32, f);
        }
    }
    // Characters whose full decomposition is `seq` (or the character itself).
    let named = |seq: &[char]| -> Vec<u32> {
        let mut v = by_full.get(seq).cloned().unwrap_or_default();
        if seq.len() == 1 && !full.contains_key(&(seq[0] as u32)) {
            v.insert(0, seq[0] as u32);
        }
        v
    };
    let mut steps = Vec::new();
    for (&cp, f) in &full {
        let c = char::from_u32(cp).expect("scalar");
        let mut found = None;
        // Primary composite: some split (a, b) composes back to c.
        'split: for k in 1..f.len() {
            for &a in &named(&f[..k]) {
                for &b in &named(&f[k..]) {
                    let (ca, cb) = (char::from_u32(a).unwrap(), char::from_u32(b).unwrap());
                    if unicode_normalization::char::compose(ca, cb) == Some(c) {
                        found = Some(Step {
                            cp,
                            a,
                            b,
                            composes: true,
                        });
                        break 'split;
                    }
                }
            }
        }
        let step = match found {
            Some(s) => s,
            None if f.len() == 1 => Step {
                cp,
                a: f[0] as u32,
                b: 0,
                composes: false,
            },
            None if f.len() == 2 => Step {
                cp,
                a: f[0] as u32,
                b: f[1] as u32,
                composes: false,
            },
            None => {
                // Excluded composite of 3+ code points: split off the last.
                let a = named(&f[..f.len() - 1])
                    .into_iter()
                    .find(|&a| a != cp)
                    .ok_or_else(|| format!("cannot split the decomposition of U+{cp:04X}"))?;
                Step {
                    cp,
                    a,
                    b: f[f.len() - 1] as u32,
                    composes: false,
                }
            }
        };
        steps.push(step);
    }
    // Verify: expanding the steps gives the full decomposition; record depth.
    let index: HashMap<u32, (u32, u32)> = steps.iter().map(|s| (s.cp, (s.a, s.b))).collect();
    let mut max_stack = 0;
    for (&cp, f) in &full {
        let mut stack = vec![cp];
        let mut out = Vec::new();
        while let Some(x) = stack.pop() {
            match index.get(&x) {
                Some(&(a, b)) => {
                    if b != 0 {
                        stack.push(b);
                    }
                    stack.push(a);
                    max_stack = max_stack.max(stack.len());
                }
                None => out.push(char::from_u32(x).unwrap()),
            }
            if out.len() > 8 {
                return Err(format!("decomposition of U+{cp:04X} does not terminate"));
            }
        }
        if &out != f {
            return Err(format!("decomposition steps of U+{cp:04X} are wrong"));
        }
    }
    Ok((steps, max_stack))
}

fn generate(mapping_text: &str) -> Result<Vec<(&'static str, String)>, String> {
    let table = parse_mapping_table(mapping_text)?;

    // Canonical decompositions (used by the mapping encoding too).
    let (steps, max_stack) = canonical_steps()?;
    let canonical_full: HashMap<u32, Vec<char>> = steps
        .iter()
        .map(|s| {
            (
                s.cp,
                full_decomposition(char::from_u32(s.cp).expect("scalar")),
            )
        })
        .collect();

    // --- UTS #46 mapping: value per code point. 0 valid, 1 disallowed,
    // 2 ignored, 3 mapped to its own full canonical decomposition (CJK
    // compatibility ideographs and others: NFC redoes the mapping),
    // 0x4000..0x8000 mapped to cp + (v - 0x6000), 0x8000.. string index.
    let mut map_strings: Vec<String> = Vec::new();
    let mut map_ids: HashMap<String, u16> = HashMap::new();
    let mut map_values = vec![0u16; MAX_CP as usize + 1];
    for (cp, st) in table.status.iter().enumerate() {
        map_values[cp] = match st {
            Status::Valid => 0,
            Status::Disallowed => 1,
            Status::Ignored => 2,
            Status::Mapped(m)
                if *m != [char::from_u32(cp as u32).unwrap_or('\0')]
                    && canonical_full.get(&(cp as u32)) == Some(m) =>
            {
                3
            }
            Status::Mapped(m) => {
                let delta = m[0] as i64 - cp as i64;
                if m.len() == 1 && (-0x2000..0x2000).contains(&delta) {
                    (0x6000 + delta) as u16
                } else {
                    let s: String = m.iter().collect();
                    let next = map_strings.len();
                    let id = *map_ids.entry(s.clone()).or_insert_with(|| {
                        map_strings.push(s);
                        next as u16
                    });
                    if id >= 0x8000 {
                        return Err("too many distinct mappings".into());
                    }
                    0x8000 | id
                }
            }
        };
    }
    let mut map_data = String::new();
    let mut map_offsets = vec![0u16];
    for s in &map_strings {
        map_data.push_str(s);
        map_offsets.push(u16::try_from(map_data.len()).map_err(|_| "mapping data over 64 KiB")?);
    }
    let map_trie = best_trie(&map_values);

    // --- Canonical decomposition / composition.
    // BMP-only steps as three u16 (composes flag in a separate bit set via
    // the composition index), the rest as packed u64.
    let is_bmp = |s: &Step| s.cp <= 0xFFFF && s.a <= 0xFFFF && s.b <= 0xFFFF;
    let steps: Vec<Step> = {
        let (mut bmp, rest): (Vec<Step>, Vec<Step>) = steps.into_iter().partition(is_bmp);
        bmp.extend(rest);
        bmp
    };
    let n16 = steps.iter().take_while(|s| is_bmp(s)).count();
    let canon16: Vec<u16> = steps[..n16]
        .iter()
        .flat_map(|s| [s.cp as u16, s.a as u16, s.b as u16])
        .collect();
    let canon: Vec<u64> = steps[n16..]
        .iter()
        .map(|s| {
            (u64::from(s.composes) << 63)
                | (u64::from(s.cp) << 42)
                | (u64::from(s.a) << 21)
                | u64::from(s.b)
        })
        .collect();
    let mut compose: Vec<u16> = (0..steps.len())
        .filter(|&i| steps[i].composes)
        .map(|i| i as u16)
        .collect();
    compose.sort_by_key(|&i| (steps[i as usize].a, steps[i as usize].b));

    // Fast rejects: 256-code-point blocks holding a decomposition, and the
    // starters (ccc 0) that are second in a primary composite.
    let mut decomp_blocks = vec![0u8; (MAX_CP as usize + 1) / 256 / 8];
    for s in &steps {
        let block = (s.cp >> 8) as usize;
        decomp_blocks[block / 8] |= 1 << (block % 8);
    }
    let mut second_starters: Vec<u32> = steps
        .iter()
        .filter(|s| s.composes)
        .map(|s| s.b)
        .filter(|&b| {
            char::from_u32(b)
                .is_some_and(|c| unicode_normalization::char::canonical_combining_class(c) == 0)
        })
        .collect();
    second_starters.sort_unstable();
    second_starters.dedup();

    // --- Per-code-point properties.
    let mut props: Vec<u32> = Vec::new();
    let mut prop_ids: HashMap<u32, u16> = HashMap::new();
    let mut prop_values = vec![0u16; MAX_CP as usize + 1];
    for cp in 0..=MAX_CP {
        let p = match char::from_u32(cp) {
            None => 9 << 8, // surrogates: BN-like, never seen in a &str
            Some(c) => {
                u32::from(unicode_normalization::char::canonical_combining_class(c))
                    | bidi_index(c) << 8
                    | joining_index(c) << 13
                    | u32::from(unicode_normalization::char::is_combining_mark(c)) << 16
            }
        };
        let next = props.len();
        let id = *prop_ids.entry(p).or_insert_with(|| {
            props.push(p);
            next as u16
        });
        prop_values[cp as usize] = id;
    }
    let prop_trie = best_trie(&prop_values);

    let sizes = [
        ("mapping trie", map_trie.bytes()),
        ("mapping strings", map_data.len() + 2 * map_offsets.len()),
        ("property trie", prop_trie.bytes()),
        ("property records", 4 * props.len()),
        (
            "canonical decompositions",
            2 * canon16.len() + 8 * canon.len(),
        ),
        ("composition index", 2 * compose.len()),
        ("decomposition block bitmap", decomp_blocks.len()),
        ("composing starters", 4 * second_starters.len()),
    ];
    let total: usize = sizes.iter().map(|s| s.1).sum();

    let mut t = String::new();
    let w = &mut t;
    writeln!(w, "// @generated by `cargo xtask gen-idna` from").unwrap();
    writeln!(
        w,
        "// data/unicode/IdnaMappingTable.txt (UTS #46 {}, sha256 {}),",
        table.version, table.sha256
    )
    .unwrap();
    writeln!(
        w,
        "// unicode-normalization (Unicode {}), unicode-bidi (Unicode {}) and",
        fmt_version3(unicode_normalization::UNICODE_VERSION),
        fmt_version3(unicode_bidi::UNICODE_VERSION)
    )
    .unwrap();
    writeln!(
        w,
        "// unicode-joining-type (Unicode {}). Do not edit by hand.\n",
        fmt_version3(unicode_joining_type::UNICODE_VERSION)
    )
    .unwrap();
    writeln!(w, "/// The UTS #46 version of the mapping table.").unwrap();
    writeln!(w, "pub const IDNA_VERSION: &str = {:?};", table.version).unwrap();
    writeln!(
        w,
        "/// sha256 of the IdnaMappingTable.txt the tables were generated from."
    )
    .unwrap();
    writeln!(
        w,
        "pub const IDNA_MAPPING_TABLE_SHA256: &str = {:?};",
        table.sha256
    )
    .unwrap();
    writeln!(
        w,
        "/// Unicode version of the normalization data (from unicode-normalization)."
    )
    .unwrap();
    writeln!(
        w,
        "pub const NORMALIZATION_UNICODE_VERSION: &str = {:?};",
        fmt_version3(unicode_normalization::UNICODE_VERSION)
    )
    .unwrap();
    writeln!(
        w,
        "/// Unicode version of the Bidi_Class data (from unicode-bidi)."
    )
    .unwrap();
    writeln!(
        w,
        "pub const BIDI_UNICODE_VERSION: &str = {:?};",
        fmt_version3(unicode_bidi::UNICODE_VERSION)
    )
    .unwrap();
    writeln!(
        w,
        "/// Unicode version of the Joining_Type data (from unicode-joining-type)."
    )
    .unwrap();
    writeln!(
        w,
        "pub const JOINING_TYPE_UNICODE_VERSION: &str = {:?};",
        fmt_version3(unicode_joining_type::UNICODE_VERSION)
    )
    .unwrap();
    writeln!(w, "/// Total bytes of all tables below.").unwrap();
    writeln!(w, "pub const TABLE_BYTES: usize = {total};").unwrap();
    writeln!(w, "/// Deepest stack [`crate::decompose`] needs.").unwrap();
    writeln!(
        w,
        "pub(crate) const DECOMPOSITION_STACK: usize = {max_stack};\n"
    )
    .unwrap();

    emit_trie(w, "MAP", &map_trie);
    emit_array(w, "MAP_OFFSETS", "u16", &map_offsets, |x| x.to_string());
    writeln!(w, "pub(crate) static MAP_DATA: &str = {map_data:?};\n").unwrap();
    emit_trie(w, "PROP", &prop_trie);
    emit_array(w, "PROPS", "u32", &props, |x| format!("{x:#x}"));
    emit_array(w, "CANON16", "u16", &canon16, |x| format!("{x:#x}"));
    emit_array(w, "CANON", "u64", &canon, |x| format!("{x:#x}"));
    emit_array(w, "COMPOSE", "u16", &compose, |x| x.to_string());
    emit_array(w, "DECOMP_BLOCKS", "u8", &decomp_blocks, |x| {
        format!("{x:#04x}")
    });
    emit_array(w, "SECOND_STARTERS", "u32", &second_starters, |x| {
        format!("{x:#x}")
    });

    let tables = rustfmt(&t)?;
    let lib = rustfmt(&lib_rs(&table, &sizes, total))?;
    Ok(vec![("tables.rs", tables), ("lib.rs", lib)])
}

fn fmt_version3<T: std::fmt::Display>(v: (T, T, T)) -> String {
    format!("{}.{}.{}", v.0, v.1, v.2)
}

fn emit_trie(w: &mut String, name: &str, t: &Trie) {
    writeln!(w, "pub(crate) const {name}_SHIFT1: u32 = {};", t.shift1).unwrap();
    writeln!(w, "pub(crate) const {name}_SHIFT2: u32 = {};", t.shift2).unwrap();
    let ty = |v: &[u16]| if width(v) == 1 { "u8" } else { "u16" };
    emit_array(w, &format!("{name}_L1"), ty(&t.l1), &t.l1, |x| {
        x.to_string()
    });
    emit_array(w, &format!("{name}_L2"), ty(&t.l2), &t.l2, |x| {
        x.to_string()
    });
    let ty = if t.width == 1 { "u8" } else { "u16" };
    emit_array(w, &format!("{name}_VALUES"), ty, &t.values, |x| {
        x.to_string()
    });
}

fn emit_array<T>(w: &mut String, name: &str, ty: &str, v: &[T], f: impl Fn(&T) -> String) {
    write!(w, "pub(crate) static {name}: [{ty}; {}] = [", v.len()).unwrap();
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            w.push_str(", ");
        }
        w.push_str(&f(x));
    }
    w.push_str("];\n\n");
}

fn rustfmt(src: &str) -> Result<String, String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
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

fn lib_rs(table: &MappingTable, sizes: &[(&str, usize)], total: usize) -> String {
    let mut size_lines = String::new();
    for (name, n) in sizes {
        writeln!(size_lines, "//! | {name} | {n} |").unwrap();
    }
    let bidi_variants: String = BIDI_NAMES
        .iter()
        .map(|n| format!("    /// Bidi_Class={n}.\n    {n},\n"))
        .collect();
    let bidi_match: String = BIDI_NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| format!("        {i} => BidiClass::{n},\n"))
        .collect();
    LIB_TEMPLATE
        .replace("{VERSION}", &table.version)
        .replace("{SHA}", &table.sha256)
        .replace(
            "{NORM}",
            &fmt_version3(unicode_normalization::UNICODE_VERSION),
        )
        .replace("{BIDI}", &fmt_version3(unicode_bidi::UNICODE_VERSION))
        .replace("{JT}", &fmt_version3(unicode_joining_type::UNICODE_VERSION))
        .replace("{SIZES}", &size_lines)
        .replace("{TOTAL}", &total.to_string())
        .replace("{KIB}", &format!("{:.1}", total as f64 / 1024.0))
        .replace("{BIDI_VARIANTS}", &bidi_variants)
        .replace("{BIDI_MATCH}", &bidi_match)
}

const LIB_TEMPLATE: &str = r#"// @generated by `cargo xtask gen-idna`. Do not edit by hand: edit
// xtask/src/gen_idna.rs (LIB_TEMPLATE) and regenerate.

//! UTS #46 (Unicode IDNA Compatibility Processing) data for `url-core`.
//!
//! Everything in this crate — this file included — is generated by
//! `cargo xtask gen-idna` and never edited by hand; `cargo xtask gen-idna
//! --check` fails when it is stale. Sources:
//!
//! - `data/unicode/IdnaMappingTable.txt`, UTS #46 version {VERSION}
//!   (sha256 `{SHA}`): status and mapping of every code point;
//! - `unicode-normalization` (Unicode {NORM}): canonical decompositions,
//!   compositions, Canonical_Combining_Class, General_Category=Mark;
//! - `unicode-bidi` (Unicode {BIDI}): Bidi_Class;
//! - `unicode-joining-type` (Unicode {JT}): Joining_Type.
//!
//! Those crates are only used by the generator. The normalization data may
//! be from a newer Unicode than the mapping table: code points assigned after
//! UTS #46 {VERSION} are `disallowed` by the mapping table, so any domain
//! containing them fails whatever their normalization is, and Unicode's
//! stability policy keeps compositions of older characters unchanged.
//!
//! Deviation code points are reported as [`Mapping::Valid`]: the URL Standard
//! only uses non-transitional processing, which keeps them.
//!
//! # Size
//!
//! {TOTAL} bytes ({KIB} KiB) of tables:
//!
//! | table | bytes |
//! |---|---|
{SIZES}//!
//! Encodings: three-level tries (deduplicated blocks) of 16-bit values for
//! the mapping status and for an index into distinct property records;
//! single-code-point mappings within ±8191 are stored as a delta in the trie
//! value, longer ones as shared UTF-8 strings; canonical decompositions as
//! one `u64` step per code point (`cp → a [b]`), sorted for binary search,
//! with a second index sorted by pair for composition.
//!
//! ```
//! use idna_tables::{mapping, Mapping};
//! assert_eq!(mapping('A' as u32), Mapping::Char('a'));
//! assert_eq!(mapping('\u{FB00}' as u32), Mapping::Str("ff"));
//! assert_eq!(mapping('a' as u32), Mapping::Valid);
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod tables;

pub use tables::{
    BIDI_UNICODE_VERSION, IDNA_MAPPING_TABLE_SHA256, IDNA_VERSION, JOINING_TYPE_UNICODE_VERSION,
    NORMALIZATION_UNICODE_VERSION, TABLE_BYTES,
};

/// The deepest stack [`decompose`] needs (generation-time check).
pub const DECOMPOSITION_STACK: usize = tables::DECOMPOSITION_STACK;

/// A code point's UTS #46 status (IdnaMappingTable.txt, non-transitional).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// `valid` (or `deviation`): kept as is.
    Valid,
    /// `disallowed`: kept, and makes the label invalid.
    Disallowed,
    /// `ignored`: removed.
    Ignored,
    /// `mapped` to one code point.
    Char(char),
    /// `mapped` to its own full canonical decomposition (see [`decompose`]),
    /// e.g. CJK compatibility ideographs: since NFC follows the mapping,
    /// keeping the code point gives the same result.
    Decomposed,
    /// `mapped` to a string (UTF-8; one or more code points).
    Str(&'static str),
}

#[inline]
fn trie<A: Copy + Into<u32>, B: Copy + Into<u32>, T: Copy + Into<u32>>(
    l1: &[A],
    l2: &[B],
    values: &[T],
    shift1: u32,
    shift2: u32,
    cp: u32,
) -> u32 {
    let per_l2 = 1usize << (shift1 - shift2);
    let i1 = l1.get((cp >> shift1) as usize).map_or(0, |&x| x.into()) as usize;
    let i2: u32 = l2[i1 * per_l2 + ((cp >> shift2) as usize & (per_l2 - 1))].into();
    let i2 = i2 as usize;
    values[(i2 << shift2) + (cp as usize & ((1 << shift2) - 1))].into()
}

/// The UTS #46 mapping of `cp` (any value; above U+10FFFF reads as disallowed).
///
/// ```
/// use idna_tables::{mapping, Mapping};
/// assert_eq!(mapping(0x3002), Mapping::Str("."));
/// assert_eq!(mapping(0x00AD), Mapping::Ignored);
/// assert_eq!(mapping(0xFFFD), Mapping::Disallowed);
/// ```
pub fn mapping(cp: u32) -> Mapping {
    if cp > 0x10FFFF {
        return Mapping::Disallowed;
    }
    let v = trie(
        &tables::MAP_L1,
        &tables::MAP_L2,
        &tables::MAP_VALUES,
        tables::MAP_SHIFT1,
        tables::MAP_SHIFT2,
        cp,
    );
    match v {
        0 => Mapping::Valid,
        1 => Mapping::Disallowed,
        2 => Mapping::Ignored,
        3 => Mapping::Decomposed,
        0x4000..=0x7FFF => {
            let target = (i64::from(cp) + i64::from(v) - 0x6000) as u32;
            char::from_u32(target).map_or(Mapping::Disallowed, Mapping::Char)
        }
        _ => {
            let i = (v & 0x7FFF) as usize;
            let (s, e) = (tables::MAP_OFFSETS[i], tables::MAP_OFFSETS[i + 1]);
            Mapping::Str(tables::MAP_DATA.get(usize::from(s)..usize::from(e)).unwrap_or(""))
        }
    }
}

/// Bidi_Class values (UAX #9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)]
pub enum BidiClass {
{BIDI_VARIANTS}}

/// Joining_Type values (Unicode ArabicShaping.txt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoiningType {
    /// U: non-joining.
    NonJoining,
    /// C: join-causing.
    JoinCausing,
    /// D: dual-joining.
    DualJoining,
    /// L: left-joining.
    LeftJoining,
    /// R: right-joining.
    RightJoining,
    /// T: transparent.
    Transparent,
}

/// Per-code-point properties for normalization and validity checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Props(u32);

impl Props {
    /// Canonical_Combining_Class.
    #[inline]
    pub fn ccc(self) -> u8 {
        self.0 as u8
    }

    /// Bidi_Class.
    #[inline]
    pub fn bidi(self) -> BidiClass {
        match (self.0 >> 8) & 0x1F {
{BIDI_MATCH}        _ => BidiClass::BN,
        }
    }

    /// Joining_Type.
    #[inline]
    pub fn joining_type(self) -> JoiningType {
        match (self.0 >> 13) & 7 {
            1 => JoiningType::JoinCausing,
            2 => JoiningType::DualJoining,
            3 => JoiningType::LeftJoining,
            4 => JoiningType::RightJoining,
            5 => JoiningType::Transparent,
            _ => JoiningType::NonJoining,
        }
    }

    /// General_Category is a Mark (Mn, Mc, Me).
    #[inline]
    pub fn is_mark(self) -> bool {
        self.0 & (1 << 16) != 0
    }
}

/// The properties of `cp`.
///
/// ```
/// use idna_tables::{props, BidiClass, JoiningType};
/// assert_eq!(props(0x05D0).bidi(), BidiClass::R);
/// assert_eq!(props(0x094D).ccc(), 9); // virama
/// assert_eq!(props(0x0628).joining_type(), JoiningType::DualJoining);
/// assert!(props(0x0301).is_mark());
/// ```
pub fn props(cp: u32) -> Props {
    if cp > 0x10FFFF {
        return Props(9 << 8);
    }
    let i = trie(
        &tables::PROP_L1,
        &tables::PROP_L2,
        &tables::PROP_VALUES,
        tables::PROP_SHIFT1,
        tables::PROP_SHIFT2,
        cp,
    );
    Props(tables::PROPS[i as usize])
}

#[inline]
fn step(entry: u64) -> (u32, u32, u32) {
    (
        ((entry >> 42) & 0x1F_FFFF) as u32,
        ((entry >> 21) & 0x1F_FFFF) as u32,
        (entry & 0x1F_FFFF) as u32,
    )
}

/// Entries of CANON16 (a function: Rust 1.81 cannot read a static in a const).
#[inline]
fn n16() -> usize {
    tables::CANON16.len() / 3
}

/// Decomposition step `i` of the virtual concatenation CANON16 ++ CANON.
#[inline]
fn entry(i: usize) -> (u32, u32, u32) {
    match tables::CANON16.get(3 * i..3 * i + 3) {
        Some(e) => (u32::from(e[0]), u32::from(e[1]), u32::from(e[2])),
        None => tables::CANON.get(i - n16()).map_or((0, 0, 0), |&e| step(e)),
    }
}

/// Binary search of `key` over entries `lo..hi` (sorted by `key_of`).
#[inline]
fn search<K: Ord>(mut lo: usize, mut hi: usize, key: K, key_of: impl Fn(usize) -> K) -> Option<usize> {
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match key_of(mid).cmp(&key) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}

/// One canonical decomposition step of `cp` (not Hangul syllables): `(a, b)`
/// with `b == 0` for a singleton. Expanding `a` and `b` again gives the full
/// canonical decomposition.
///
/// ```
/// // U+1E08 = U+00C7 U+0301, and U+00C7 = C U+0327.
/// assert_eq!(idna_tables::decompose(0x1E08), Some((0x00C7, 0x0301)));
/// assert_eq!(idna_tables::decompose(0x0340), Some((0x0300, 0)));
/// assert_eq!(idna_tables::decompose('a' as u32), None);
/// ```
pub fn decompose(cp: u32) -> Option<(u32, u32)> {
    let block = (cp >> 8) as usize;
    if tables::DECOMP_BLOCKS.get(block / 8).map_or(true, |&b| b & (1 << (block % 8)) == 0) {
        return None;
    }
    let total = n16() + tables::CANON.len();
    let i = search(0, n16(), cp, |i| entry(i).0).or_else(|| search(n16(), total, cp, |i| entry(i).0))?;
    let (_, a, b) = entry(i);
    Some((a, b))
}

/// Whether `b` is a starter (Canonical_Combining_Class 0) that is the second
/// code point of some primary composite (Hangul jamo excluded): the only
/// starters that can compose with a preceding starter.
///
/// ```
/// assert!(idna_tables::is_composing_starter(0x0BBE)); // TAMIL VOWEL SIGN AA
/// assert!(!idna_tables::is_composing_starter('a' as u32));
/// ```
pub fn is_composing_starter(b: u32) -> bool {
    tables::SECOND_STARTERS.binary_search(&b).is_ok()
}

/// The primary composite of `a` followed by `b` (not Hangul syllables).
///
/// ```
/// assert_eq!(idna_tables::compose('e' as u32, 0x0301), Some(0x00E9));
/// assert_eq!(idna_tables::compose('e' as u32, 'f' as u32), None);
/// ```
pub fn compose(a: u32, b: u32) -> Option<u32> {
    let at = |i: usize| {
        let (_, x, y) = entry(usize::from(tables::COMPOSE[i]));
        (x, y)
    };
    let i = search(0, tables::COMPOSE.len(), (a, b), at)?;
    Some(entry(usize::from(tables::COMPOSE[i])).0)
}
"#;
