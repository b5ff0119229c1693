//! The UTS #46 mapping table: `uts46data.py` (see `sources`) and the older
//! IdnaMappingTable.txt it is cross-checked against.

use super::*;

#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Status {
    Valid,
    Disallowed,
    Ignored,
    Mapped(Vec<char>),
}

pub(super) struct MappingTable {
    /// UTS #46 (= Unicode) version.
    pub(super) version: String,
    /// sha256 of the file.
    pub(super) sha256: String,
    /// The file, relative to the workspace root.
    pub(super) path: String,
    /// Where fetch-data takes it from.
    pub(super) origin: String,
    pub(super) status: Vec<Status>,
}

pub(super) fn parse_cp(s: &str) -> Result<u32, String> {
    u32::from_str_radix(s.trim(), 16).map_err(|e| format!("bad code point {s:?}: {e}"))
}

pub(super) fn parse_mapping_table(text: &str) -> Result<MappingTable, String> {
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
