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

mod mapping;
mod props;
mod sources;
mod template;
mod trie;

use mapping::*;
use props::*;
use template::*;
use trie::*;

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
pub(crate) const DEFAULT_UNICODE: &str = "18.0.0";

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
    let map_trie = best_trie(&map_values, false);
    let map_packed = best_trie(&map_values, true);

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
    // url-core's ToASCII fails a domain at its first disallowed code point
    // (idna/fast.rs, `declined_at`), before normalizing what precedes it:
    // right only while no disallowed code point takes part in a
    // decomposition or composition, where NFC could turn it into something
    // else.
    if let Some(cp) = (0..in_domain.len())
        .find(|&cp| in_domain[cp] && matches!(table.status[cp], Status::Disallowed))
    {
        return Err(format!(
            "disallowed U+{cp:04X} decomposes or composes: url-core's early rejection of disallowed code points (idna/fast.rs) no longer holds"
        ));
    }
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
    let prop_trie = best_trie(&prop_values, false);
    let prop_packed = best_trie(&prop_values, true);

    // (table, bytes, bytes with the `packed` feature)
    let same = |name, n| (name, n, n);
    let sizes = [
        (
            "mapping trie",
            map_trie.bytes(false),
            map_packed.bytes(true),
        ),
        same("mapping strings", map_data.len() + 6 * map_groups.len()),
        (
            "property trie",
            prop_trie.bytes(false),
            prop_packed.bytes(true),
        ),
        same("property records", 4 * props.len()),
        same(
            "canonical decompositions",
            2 * canon16.len() + 8 * canon.len(),
        ),
        same(
            "singleton decomposition runs",
            12 * single_runs.len() + 2 * single_low.len() + single_high.len(),
        ),
        ("composition index", 2 * compose.len(), packed_len(&compose)),
        same("decomposition block bitmap", decomp_blocks.len()),
        same("composing starters", 4 * second_starters.len()),
    ];
    let total: usize = sizes.iter().map(|s| s.1).sum();
    let total_packed: usize = sizes.iter().map(|s| s.2).sum();

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
    writeln!(
        w,
        "/// Total bytes of all tables below, as this build stores them."
    )
    .unwrap();
    writeln!(
        w,
        "#[cfg(not(feature = \"packed\"))]\npub const TABLE_BYTES: usize = {total};"
    )
    .unwrap();
    writeln!(
        w,
        "/// Total bytes of all tables below, as this build stores them."
    )
    .unwrap();
    writeln!(
        w,
        "#[cfg(feature = \"packed\")]\npub const TABLE_BYTES: usize = {total_packed};"
    )
    .unwrap();
    writeln!(w, "/// Deepest stack [`crate::decompose`] needs.").unwrap();
    writeln!(
        w,
        "pub(crate) const DECOMPOSITION_STACK: usize = {max_stack};\n"
    )
    .unwrap();

    // What the crate's test reads back through each trie (see `digest`).
    writeln!(
        w,
        "#[cfg(test)]\npub(crate) const MAP_DIGEST: u64 = {:#x};",
        digest(&map_values)
    )
    .unwrap();
    writeln!(
        w,
        "#[cfg(test)]\npub(crate) const PROP_DIGEST: u64 = {:#x};\n",
        digest(&prop_values)
    )
    .unwrap();
    // compose(a, b) of every decomposition step's pair, in step order
    // (0: none), through the same digest.
    let composed: Vec<u32> = steps
        .iter()
        .map(|s| if s.composes { s.cp } else { 0 })
        .collect();
    writeln!(
        w,
        "#[cfg(test)]\npub(crate) const COMPOSE_DIGEST: u64 = {:#x};\n",
        digest32(&composed)
    )
    .unwrap();
    emit_trie(w, "MAP", &map_trie, false);
    emit_trie(w, "MAP", &map_packed, true);
    emit_array(w, "MAP_GROUPS", "[u16; 3]", &map_groups, |x| {
        format!("{x:?}")
    });
    writeln!(w, "pub(crate) static MAP_DATA: &str = {map_data:?};\n").unwrap();
    emit_trie(w, "PROP", &prop_trie, false);
    emit_trie(w, "PROP", &prop_packed, true);
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
    writeln!(
        w,
        "pub(crate) const COMPOSE_LEN: usize = {};",
        compose.len()
    )
    .unwrap();
    emit_level(w, "COMPOSE", &compose, false);
    emit_level(w, "COMPOSE", &compose, true);
    emit_array(w, "DECOMP_BLOCKS", "u8", &decomp_blocks, |x| {
        format!("{x:#04x}")
    });
    emit_array(w, "SECOND_STARTERS", "u32", &second_starters, |x| {
        format!("{x:#x}")
    });

    let tables = rustfmt(&t)?;
    let lib = rustfmt(&lib_rs(&table, &sizes, total, total_packed))?;
    Ok(vec![("tables.rs", tables), ("lib.rs", lib)])
}

/// FNV-1a over `values` as little-endian `u32`s: the generated crate's
/// test computes the same over its trie lookups of every code point.
fn digest(values: &[u16]) -> u64 {
    digest32(&values.iter().map(|&v| u32::from(v)).collect::<Vec<_>>())
}

fn digest32(values: &[u32]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &v in values {
        for b in v.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

fn fmt_version3<T: std::fmt::Display>(v: (T, T, T)) -> String {
    format!("{}.{}.{}", v.0, v.1, v.2)
}
