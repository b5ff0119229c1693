//! `cargo xtask gen-idna [--check] [--unicode X.Y.Z]`: writes
//! `crates/idna-tables/src/` from the UTS #46 mapping in
//! `data/unicode/X.Y.Z/uts46data.py` (fetched from PyPI by `cargo xtask
//! fetch-data`, see `data/README.md`) plus per-code-point properties
//! enumerated through `unicode-normalization` (canonical decompositions,
//! compositions, combining classes, General_Category=Mark) and
//! `icu_properties` (Bidi_Class, Joining_Type).
//!
//! The Unicode version is a parameter: [`DEFAULT_UNICODE`] unless
//! `--unicode X.Y.Z` says otherwise, and the generator fails unless every
//! source is of that version (see `sources::check_versions`: the crates are
//! pinned with `=` in xtask/Cargo.toml for that reason) and the mapping file
//! matches its fetch-data pin. It also cross-checks the mapping against the
//! older `data/unicode/IdnaMappingTable.txt` (16.0.0): every code point whose
//! status differs must be one that table disallows, i.e. one assigned since
//! (see `sources::cross_check`). Moving to a newer Unicode is: add the new
//! `uts46data.py` to fetch-data, bump the crates, change [`DEFAULT_UNICODE`],
//! run this command.
//!
//! `--check` regenerates in memory and fails when the committed files
//! differ. The output goes through `rustfmt`, so the committed files are
//! rustfmt-clean; generation is deterministic.

mod sources;

use crate::codegen::{emit_array, rustfmt};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

use icu_properties::props::{BidiClass, EnumeratedProperty, JoiningType, NamedEnumeratedProperty};
use icu_properties::{CodePointMapData, PropertyNamesShort};
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;

const MAX_CP: u32 = 0x10FFFF;

/// The Unicode version of the generated tables unless `--unicode X.Y.Z` says
/// otherwise. Every source must be of that version.
pub(crate) const DEFAULT_UNICODE: &str = "17.0.0";

/// The older mapping table the new one is cross-checked against.
const BASELINE: &str = "data/unicode/IdnaMappingTable.txt";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut check = false;
    let mut unicode = DEFAULT_UNICODE.to_string();
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--check" => check = true,
            "--unicode" => match args.next() {
                Some(v) if sources::is_version(v) => unicode = v.clone(),
                v => return Err(format!("--unicode needs a version X.Y.Z, got {v:?}")),
            },
            other => {
                return Err(format!(
                    "unknown argument {other:?} (expected --check or --unicode X.Y.Z)"
                ))
            }
        }
    }
    let root = crate::workspace_root();
    let path = format!("data/unicode/{unicode}/uts46data.py");
    let (origin, pin) = crate::fetch_data::provenance(&path).ok_or_else(|| {
        format!(
            "{path} is not a file `cargo xtask fetch-data` fetches: add it, with its pin, \
             to FILES in xtask/src/fetch_data.rs"
        )
    })?;
    let read = |rel: &str| {
        std::fs::read_to_string(root.join(rel)).map_err(|e| format!("cannot read {rel}: {e}"))
    };
    let mut table = sources::parse_uts46_data(&read(&path)?, &path)?;
    if table.sha256 != pin {
        return Err(format!(
            "{path}: sha256 {}, pinned {pin}: run `cargo xtask fetch-data`",
            table.sha256
        ));
    }
    table.path = path;
    table.origin = origin;
    let versions = sources::check_versions(&unicode, &table)?;
    println!("gen-idna: Unicode {unicode}: {}", versions.join("; "));
    let base = parse_mapping_table(&read(BASELINE)?)?;
    println!("gen-idna: {}", sources::cross_check(&table, &base)?);
    let files = generate(table)?;
    let out_dir = root.join("crates/idna-tables/src");
    let outputs: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|(name, content)| (out_dir.join(name), content))
        .collect();
    crate::codegen::write_or_check(&outputs, check, "IDNA tables", "gen-idna")?;
    if check {
        println!("idna-tables are up to date");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The UTS #46 mapping: `uts46data.py` (see `sources`), and the older
// IdnaMappingTable.txt it is cross-checked against.

#[derive(Clone, PartialEq, Eq, Debug)]
enum Status {
    Valid,
    Disallowed,
    Ignored,
    Mapped(Vec<char>),
}

struct MappingTable {
    /// UTS #46 (= Unicode) version.
    version: String,
    /// sha256 of the file.
    sha256: String,
    /// The file, relative to the workspace root.
    path: String,
    /// Where fetch-data takes it from.
    origin: String,
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
        path: String::from("IdnaMappingTable.txt"),
        origin: String::new(),
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
    /// Level-1 entries `gap.0..gap.1` (the longest run of one block,
    /// `gap.2`) are not stored.
    gap: (usize, usize, u16),
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
        let i = (cp >> self.shift1) as usize;
        let i1 = if i < self.gap.0 {
            self.l1[i]
        } else if i < self.gap.1 {
            self.gap.2
        } else {
            self.l1[i - (self.gap.1 - self.gap.0)]
        } as usize;
        let i2 = self.l2[i1 * per_l2 + ((cp >> self.shift2) as usize & (per_l2 - 1))] as usize;
        self.values[i2 + (cp as usize & ((1 << self.shift2) - 1))]
    }
}

fn build_trie(values: &[u16], shift1: u32, shift2: u32) -> Trie {
    let block = 1usize << shift2;
    // Level-3 blocks may overlap (a block is stored only when it is not
    // already a substring of the values; one that starts with the values'
    // tail shares it): level 2 holds offsets into the values.
    let mut blocks: HashMap<&[u16], u16> = HashMap::new();
    let mut out_values: Vec<u16> = Vec::new();
    let mut block_ids = Vec::new();
    for chunk in values.chunks(block) {
        let id = match blocks.get(chunk) {
            Some(&id) => id,
            None => {
                let at = match out_values.windows(block).position(|w| w == chunk) {
                    Some(at) => at,
                    None => {
                        let shared = (1..block)
                            .rev()
                            .find(|&k| out_values.ends_with(&chunk[..k]))
                            .unwrap_or(0);
                        out_values.extend_from_slice(&chunk[shared..]);
                        out_values.len() - block
                    }
                };
                let id = u16::try_from(at).expect("level-3 offsets fit in u16");
                blocks.insert(chunk, id);
                id
            }
        };
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
    // The longest run of equal level-1 entries is left out.
    let mut gap = (0, 0, 0);
    let mut i = 0;
    while i < l1.len() {
        let j = i + l1[i..].iter().take_while(|&&x| x == l1[i]).count();
        if j - i > gap.1 - gap.0 {
            gap = (i, j, l1[i]);
        }
        i = j;
    }
    l1.drain(gap.0..gap.1);
    let t = Trie {
        width: width(&out_values),
        shift1,
        shift2,
        gap,
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
        for shift2 in [2, 3, 4, 5, 6] {
            let t = build_trie(values, shift1, shift2);
            if best.as_ref().is_none_or(|b| t.bytes() < b.bytes()) {
                best = Some(t);
            }
        }
    }
    let b = best.expect("at least one trie");
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        eprintln!(
            "trie {}/{}: gap {:?} l1 {} l2 {} values {}x{}",
            b.shift1,
            b.shift2,
            b.gap,
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

/// Joining_Type short names (UCD PropertyValueAliases.txt), in the order of
/// the index stored in the property records.
const JOINING_NAMES: [&str; 6] = ["U", "C", "D", "L", "R", "T"];

/// The index of `c`'s value of the property `P` (icu_properties) in
/// `names`, by its short name; panics on a value not there.
fn short_name_index<P>(c: char, names: &[&str]) -> u32
where
    P: EnumeratedProperty + NamedEnumeratedProperty + std::fmt::Debug,
{
    let value = CodePointMapData::<P>::new().get(c);
    let name = PropertyNamesShort::<P>::new().get(value);
    match name.and_then(|n| names.iter().position(|&x| x == n)) {
        Some(i) => i as u32,
        None => panic!(
            "U+{:04X}: {} {value:?} (short name {name:?}) is not among {names:?}",
            c as u32,
            std::any::type_name::<P>()
        ),
    }
}

/// The index of `c`'s Bidi_Class in [`BIDI_NAMES`].
fn bidi_index(c: char) -> u32 {
    short_name_index::<BidiClass>(c, &BIDI_NAMES)
}

/// The index of `c`'s Joining_Type in [`JOINING_NAMES`].
fn joining_index(c: char) -> u32 {
    short_name_index::<JoiningType>(c, &JOINING_NAMES)
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

/// The NFC domain (see `generate`): closed under decomposition steps and
/// under composition of pairs in it.
fn nfc_domain(table: &MappingTable, map_values: &[u16], steps: &[Step]) -> Vec<bool> {
    let mut d = vec![false; MAX_CP as usize + 1];
    for (cp, st) in table.status.iter().enumerate() {
        match st {
            Status::Valid => d[cp] = true,
            Status::Mapped(m) => {
                for &c in m {
                    d[c as usize] = true;
                }
                // Mapped to its own decomposition: the code point itself goes
                // through NFC.
                if map_values[cp] == 3 {
                    d[cp] = true;
                }
            }
            Status::Disallowed | Status::Ignored => {}
        }
    }
    for s in steps {
        if matches!(table.status[s.cp as usize], Status::Disallowed) {
            d[s.cp as usize] = true;
        }
        if s.composes {
            for x in [s.a, s.b] {
                if matches!(table.status[x as usize], Status::Disallowed) {
                    d[x as usize] = true;
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for s in steps {
            if d[s.cp as usize] {
                for x in [s.a, s.b] {
                    if x != 0 && !d[x as usize] {
                        d[x as usize] = true;
                        changed = true;
                    }
                }
            }
            if s.composes && d[s.a as usize] && d[s.b as usize] && !d[s.cp as usize] {
                d[s.cp as usize] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        let n = d.iter().filter(|&&x| x).count();
        let dis = d
            .iter()
            .zip(&table.status)
            .filter(|(&x, st)| x && matches!(st, Status::Disallowed))
            .count();
        eprintln!("NFC domain: {n} code points, {dis} of them disallowed");
    }
    d
}

fn generate(table: MappingTable) -> Result<Vec<(&'static str, String)>, String> {
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
    // 4..0x4000 mapped to the code point v, 0x4000..0x8000 mapped to
    // cp + (v - 0x6000), 0x8000..0x9000 string index (ids are grouped by
    // byte length, so a string's place follows from its id: no offset
    // table), 0x9000.. mapped to the code point v - 0x5000 (U+4000..U+AFFF:
    // CJK ideographs, Yi).
    // First pass: string ids in order of first occurrence.
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
                } else if m.len() == 1 && (4..0x4000).contains(&(m[0] as u32)) {
                    m[0] as u16
                } else if m.len() == 1 && (0x4000..0xB000).contains(&(m[0] as u32)) {
                    (m[0] as u32 + 0x5000) as u16
                } else {
                    let s: String = m.iter().collect();
                    let next = map_strings.len();
                    let id = *map_ids.entry(s.clone()).or_insert_with(|| {
                        map_strings.push(s);
                        next as u16
                    });
                    if id >= 0x1000 {
                        return Err("too many distinct mapping strings".into());
                    }
                    0x8000 | id
                }
            }
        };
    }
    // Renumber the strings by (byte length, first occurrence); each group of
    // one length is stored as consecutive fixed-size records.
    let mut order: Vec<usize> = (0..map_strings.len()).collect();
    order.sort_by_key(|&i| (map_strings[i].len(), i));
    let mut new_id = vec![0u16; map_strings.len()];
    let mut map_data = String::new();
    let mut map_groups: Vec<[u16; 3]> = Vec::new();
    for (n, &i) in order.iter().enumerate() {
        new_id[i] = n as u16;
        let len = map_strings[i].len();
        if map_groups.last().is_none_or(|g| usize::from(g[2]) != len) {
            map_groups.push([
                n as u16,
                u16::try_from(map_data.len()).map_err(|_| "mapping data over 64 KiB")?,
                len as u16,
            ]);
        }
        map_data.push_str(&map_strings[i]);
    }
    for v in map_values.iter_mut() {
        if (0x8000..0x9000).contains(v) {
            *v = 0x8000 | new_id[usize::from(*v & 0xFFF)];
        }
    }
    let map_trie = best_trie(&map_values);

    // --- The code points NFC can meet (the "NFC domain"). UTS #46 only
    // normalizes mapped text: valid code points, `Decomposed` ones, mapping
    // targets and disallowed code points (which fail the label after NFC).
    // Decomposition and composition data are kept for the closure of the
    // first three under decomposition and under composition of pairs in the
    // set; every disallowed code point that some decomposition or
    // composition could remove is added too. Any other disallowed code point
    // survives NFC — with these tables as with the full data — so the label
    // containing it fails either way.
    let in_domain = nfc_domain(&table, &map_values, &steps);
    let steps: Vec<Step> = steps
        .into_iter()
        .filter(|s| in_domain[s.cp as usize])
        .map(|mut s| {
            s.composes &= in_domain[s.a as usize] && (s.b == 0 || in_domain[s.b as usize]);
            s
        })
        .collect();

    // --- Canonical decomposition / composition.
    // Runs of at least 16 consecutive code points with singleton
    // decompositions (CJK compatibility ideographs) as dense arrays: per run
    // [start, end, index of its first target]; targets as their low 16 bits
    // plus one bit per target for the one plane above the BMP they reach.
    let mut single_runs: Vec<[u32; 3]> = Vec::new();
    let mut single_targets: Vec<u32> = Vec::new();
    {
        let singles: Vec<(u32, u32)> = steps
            .iter()
            .filter(|s| s.b == 0)
            .map(|s| (s.cp, s.a))
            .collect();
        let mut i = 0;
        while i < singles.len() {
            let mut j = i + 1;
            while j < singles.len() && singles[j].0 == singles[j - 1].0 + 1 {
                j += 1;
            }
            if j - i >= 16 {
                single_runs.push([
                    singles[i].0,
                    singles[j - 1].0 + 1,
                    single_targets.len() as u32,
                ]);
                single_targets.extend(singles[i..j].iter().map(|x| x.1));
            }
            i = j;
        }
    }
    let in_run = |cp: u32| single_runs.iter().any(|r| (r[0]..r[1]).contains(&cp));
    let steps: Vec<Step> = steps.into_iter().filter(|s| !in_run(s.cp)).collect();
    let single_plane = single_targets
        .iter()
        .map(|&t| t >> 16)
        .find(|&p| p != 0)
        .unwrap_or(0);
    if single_targets
        .iter()
        .any(|&t| t >> 16 != 0 && t >> 16 != single_plane)
    {
        return Err("singleton decompositions reach two planes above the BMP".into());
    }
    let single_low: Vec<u16> = single_targets.iter().map(|&t| t as u16).collect();
    let mut single_high = vec![0u8; single_targets.len().div_ceil(8)];
    for (i, &t) in single_targets.iter().enumerate() {
        if t >> 16 != 0 {
            single_high[i / 8] |= 1 << (i % 8);
        }
    }

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
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        let single = steps.iter().filter(|s| s.b == 0).count();
        let single_sip = steps.iter().filter(|s| s.b == 0 && s.cp > 0xFFFF).count();
        let comp = steps.iter().filter(|s| s.composes).count();
        eprintln!(
            "decompositions: {} ({n16} BMP), {single} singletons ({single_sip} outside the BMP), {comp} compose",
            steps.len()
        );
    }
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
    // Trailing zero bytes need not be stored (a missing byte reads as 0).
    while decomp_blocks.last() == Some(&0) {
        decomp_blocks.pop();
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
    // Each field is exact where it can matter and otherwise repeats the
    // previous code point's value (so that trie blocks deduplicate):
    // Canonical_Combining_Class on the NFC domain; Bidi_Class and
    // Joining_Type on valid code points (the label checks run on mapped,
    // normalized labels and fail on any other status first); the mark flag
    // on every code point that is not disallowed or ignored (the label check
    // reads it on valid ones; `url_core::render` on mapped ones too).
    // The NFC quick-check bit (a starter with NFC_QC=Yes: ccc 0, its own
    // NFC, and no composition with a preceding character) is exact on the
    // NFC domain; elsewhere (disallowed code points NFC cannot remove, which
    // fail their label whatever NFC does) it repeats like the rest.
    let composes_backward: std::collections::HashSet<u32> =
        second_starters.iter().copied().collect();
    let (mut ccc, mut bidi, mut jt, mut mark, mut stable) = (0u32, 9u32, 0u32, 0u32, 1u32);
    for cp in 0..=MAX_CP {
        let st = &table.status[cp as usize];
        let valid = matches!(st, Status::Valid);
        if let Some(c) = char::from_u32(cp) {
            if in_domain[cp as usize] {
                ccc = u32::from(unicode_normalization::char::canonical_combining_class(c));
                // Hangul vowel and trailing jamo compose with what precedes.
                let jamo_vt = (0x1161..0x1176).contains(&cp) || (0x11A8..0x11C3).contains(&cp);
                let own_nfc = std::iter::once(c).nfc().eq(std::iter::once(c));
                stable =
                    u32::from(ccc == 0 && own_nfc && !jamo_vt && !composes_backward.contains(&cp));
            }
            if valid {
                bidi = bidi_index(c);
                jt = joining_index(c);
            }
            if !matches!(st, Status::Disallowed | Status::Ignored) {
                mark = u32::from(unicode_normalization::char::is_combining_mark(c));
            }
        }
        let p = ccc | bidi << 8 | jt << 13 | mark << 16 | stable << 17;
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
        ("mapping strings", map_data.len() + 6 * map_groups.len()),
        ("property trie", prop_trie.bytes()),
        ("property records", 4 * props.len()),
        (
            "canonical decompositions",
            2 * canon16.len() + 8 * canon.len(),
        ),
        (
            "singleton decomposition runs",
            12 * single_runs.len() + 2 * single_low.len() + single_high.len(),
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
        "// {} (UTS #46 {}, sha256 {}),",
        table.path, table.version, table.sha256
    )
    .unwrap();
    // icu_properties has no version constant: `run` proved it is Unicode
    // `table.version` (sources::check_versions).
    writeln!(
        w,
        "// unicode-normalization (Unicode {}) and icu_properties (Unicode {}).",
        fmt_version3(unicode_normalization::UNICODE_VERSION),
        table.version
    )
    .unwrap();
    writeln!(w, "// Do not edit by hand.\n").unwrap();
    writeln!(w, "/// The UTS #46 version of the mapping table.").unwrap();
    writeln!(w, "pub const IDNA_VERSION: &str = {:?};", table.version).unwrap();
    writeln!(
        w,
        "/// sha256 of the mapping file the tables were generated from ({}).",
        table.path
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
        "/// Unicode version of the Bidi_Class data (from icu_properties)."
    )
    .unwrap();
    writeln!(
        w,
        "pub const BIDI_UNICODE_VERSION: &str = {:?};",
        table.version
    )
    .unwrap();
    writeln!(
        w,
        "/// Unicode version of the Joining_Type data (from icu_properties)."
    )
    .unwrap();
    writeln!(
        w,
        "pub const JOINING_TYPE_UNICODE_VERSION: &str = {:?};",
        table.version
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
    emit_array(w, "MAP_GROUPS", "[u16; 3]", &map_groups, |x| {
        format!("{x:?}")
    });
    writeln!(w, "pub(crate) static MAP_DATA: &str = {map_data:?};\n").unwrap();
    emit_trie(w, "PROP", &prop_trie);
    emit_array(w, "PROPS", "u32", &props, |x| format!("{x:#x}"));
    emit_array(w, "CANON16", "u16", &canon16, |x| format!("{x:#x}"));
    writeln!(
        w,
        "pub(crate) const SINGLE_PLANE: u32 = {:#x};",
        single_plane << 16
    )
    .unwrap();
    emit_array(w, "SINGLE_RUNS", "[u32; 3]", &single_runs, |x| {
        format!("[{:#x}, {:#x}, {}]", x[0], x[1], x[2])
    });
    emit_array(w, "SINGLE_LOW", "u16", &single_low, |x| format!("{x:#x}"));
    emit_array(w, "SINGLE_HIGH", "u8", &single_high, |x| {
        format!("{x:#04x}")
    });
    emit_array(w, "CANON", "u64", &canon, |x| format!("{x:#x}"));
    emit_array(w, "COMPOSE", "u16", &compose, |x| x.to_string());
    emit_array(w, "DECOMP_BLOCKS", "u8", &decomp_blocks, |x| {
        format!("{x:#04x}")
    });
    emit_array(w, "SECOND_STARTERS", "u32", &second_starters, |x| {
        format!("{x:#x}")
    });

    let tables = rustfmt(&t)?;
    let domain_disallowed = in_domain
        .iter()
        .zip(&table.status)
        .filter(|(&x, st)| x && matches!(st, Status::Disallowed))
        .count();
    let lib = rustfmt(&lib_rs(&table, &sizes, total, domain_disallowed))?;
    Ok(vec![("tables.rs", tables), ("lib.rs", lib)])
}

fn fmt_version3<T: std::fmt::Display>(v: (T, T, T)) -> String {
    format!("{}.{}.{}", v.0, v.1, v.2)
}

fn emit_trie(w: &mut String, name: &str, t: &Trie) {
    writeln!(
        w,
        "pub(crate) const {name}_GAP: (usize, usize, u32) = ({}, {}, {});",
        t.gap.0, t.gap.1, t.gap.2
    )
    .unwrap();
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

fn lib_rs(
    table: &MappingTable,
    sizes: &[(&str, usize)],
    total: usize,
    domain_disallowed: usize,
) -> String {
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
        .replace("{PATH}", &table.path)
        .replace("{ORIGIN}", &table.origin)
        .replace(
            "{NORM}",
            &fmt_version3(unicode_normalization::UNICODE_VERSION),
        )
        .replace("{SCRIPT}", &fmt_version3(unicode_script::UNICODE_VERSION))
        .replace("{SIZES}", &size_lines)
        .replace("{DOMAIN_DISALLOWED}", &domain_disallowed.to_string())
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
//! - `{PATH}`, UTS #46 version {VERSION} (from {ORIGIN};
//!   sha256 `{SHA}`): status and mapping of every code point;
//! - `unicode-normalization` (Unicode {NORM}): canonical decompositions,
//!   compositions, Canonical_Combining_Class, General_Category=Mark;
//! - `icu_properties` (ICU4X compiled data, Unicode {VERSION}): Bidi_Class
//!   and Joining_Type.
//!
//! Those crates are only used by the generator, which fails unless every
//! source is Unicode {VERSION}. `icu_properties` names no version: the
//! generator checks that its Script is Unknown on exactly the code points
//! where that of `unicode-script` (Unicode {SCRIPT}) is, i.e. that both
//! assign the same code points.
//!
//! Deviation code points are reported as [`Mapping::Valid`]: the URL Standard
//! only uses non-transitional processing, which keeps them.
//!
//! # Domain of the data
//!
//! UTS #46 normalizes only *mapped* text, and checks Bidi_Class,
//! Joining_Type, virama and marks only on labels whose code points are all
//! valid, so the data is exact only where it can matter:
//!
//! - [`decompose`], [`compose`], [`is_composing_starter`],
//!   [`Props::ccc`] and [`Props::is_stable_starter`] on the *NFC domain*: valid and deviation code points,
//!   those [`Mapping::Decomposed`], every mapping target, closed under
//!   decomposition and under composition of two of its members, plus any
//!   disallowed code point that some decomposition or composition could
//!   remove ({DOMAIN_DISALLOWED} in UTS #46 {VERSION}). Any other disallowed code point
//!   survives NFC — with the full Unicode data as with these tables — so its
//!   label fails either way. NFC of text outside the domain may differ from
//!   UAX #15.
//! - [`Props::bidi`] and [`Props::joining_type`] on valid code points;
//! - [`Props::is_mark`] on every code point that is not disallowed or ignored.
//!
//! Elsewhere a field repeats the previous code point's value, so that trie
//! blocks deduplicate.
//!
//! # Size
//!
//! {TOTAL} bytes ({KIB} KiB) of tables:
//!
//! | table | bytes |
//! |---|---|
{SIZES}//!
//! Encodings: three-level tries (deduplicated blocks; level-3 blocks may
//! overlap, level 2 holding their offsets; the longest run of identical
//! level-1 entries is not stored) of 16-bit values for the mapping
//! status and for an index into distinct property records; a
//! single-code-point mapping is stored in the trie value as a delta within
//! ±8191 or as the target itself below U+B000, others as UTF-8 strings
//! grouped by byte length (a string's place follows from its index: no
//! offset table); runs of consecutive singleton decompositions (CJK
//! compatibility ideographs) as dense arrays of targets (low 16 bits plus a
//! plane bit); other canonical decompositions as one step per code point
//! (`cp → a [b]`: three `u16` in the BMP, a packed `u64` elsewhere), sorted
//! for binary search, with a second index sorted by pair for composition.
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
    gap: (usize, usize, u32),
    cp: u32,
) -> u32 {
    let per_l2 = 1usize << (shift1 - shift2);
    // Level-1 entries gap.0..gap.1 are all gap.2 and not stored.
    let i = (cp >> shift1) as usize;
    let i1 = if i < gap.0 {
        l1.get(i).map_or(0, |&x| x.into())
    } else if i < gap.1 {
        gap.2
    } else {
        l1.get(i - (gap.1 - gap.0)).map_or(0, |&x| x.into())
    } as usize;
    let i2: u32 = l2[i1 * per_l2 + ((cp >> shift2) as usize & (per_l2 - 1))].into();
    // Level 2 holds offsets of (possibly overlapping) level-3 blocks.
    values[i2 as usize + (cp as usize & ((1 << shift2) - 1))].into()
}

/// The UTS #46 mapping of `cp` (any value; above U+10FFFF reads as disallowed).
///
/// ```
/// use idna_tables::{mapping, Mapping};
/// assert_eq!(mapping(0x3002), Mapping::Char('.'));
/// assert_eq!(mapping(0x33A1), Mapping::Str("m2"));
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
        tables::MAP_GAP,
        cp,
    );
    match v {
        0 => Mapping::Valid,
        1 => Mapping::Disallowed,
        2 => Mapping::Ignored,
        3 => Mapping::Decomposed,
        4..=0x3FFF => char::from_u32(v).map_or(Mapping::Disallowed, Mapping::Char),
        0x4000..=0x7FFF => {
            let target = (i64::from(cp) + i64::from(v) - 0x6000) as u32;
            char::from_u32(target).map_or(Mapping::Disallowed, Mapping::Char)
        }
        0x9000.. => char::from_u32(v - 0x5000).map_or(Mapping::Disallowed, Mapping::Char),
        _ => {
            // Strings are grouped by byte length: [first id, offset, length].
            let i = v & 0xFFF;
            let [first, offset, len] = tables::MAP_GROUPS
                .iter()
                .rev()
                .find(|g| u32::from(g[0]) <= i)
                .copied()
                .unwrap_or([0; 3]);
            let len = usize::from(len);
            let s = usize::from(offset) + (i - u32::from(first)) as usize * len;
            Mapping::Str(tables::MAP_DATA.get(s..s + len).unwrap_or(""))
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

    /// NFC quick check: a starter (ccc 0) with NFC_QC=Yes — its own NFC,
    /// composing with no preceding character — so NFC leaves everything
    /// before it as it is, and leaves it too unless a character that
    /// composes backward follows. Exact on the NFC domain (see the crate
    /// docs).
    #[inline]
    pub fn is_stable_starter(self) -> bool {
        self.0 & (1 << 17) != 0
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
        tables::PROP_GAP,
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
/// canonical decomposition. Exact on the NFC domain (see the crate docs).
///
/// ```
/// // U+1E09 = U+00E7 U+0301, and U+00E7 = c U+0327.
/// assert_eq!(idna_tables::decompose(0x1E09), Some((0x00E7, 0x0301)));
/// assert_eq!(idna_tables::decompose(0xF900), Some((0x8C48, 0)));
/// assert_eq!(idna_tables::decompose('a' as u32), None);
/// ```
pub fn decompose(cp: u32) -> Option<(u32, u32)> {
    // Runs of singletons: [start, end, index of the first target].
    for &[start, end, first] in &tables::SINGLE_RUNS {
        if (start..end).contains(&cp) {
            let i = (first + (cp - start)) as usize;
            let low = tables::SINGLE_LOW.get(i).map_or(0, |&t| u32::from(t));
            let high = tables::SINGLE_HIGH.get(i / 8).map_or(0, |&b| u32::from(b >> (i % 8)) & 1);
            return Some((low | (high * tables::SINGLE_PLANE), 0));
        }
    }
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
