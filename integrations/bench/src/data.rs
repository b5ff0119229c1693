//! The input column: URLs drawn from ../shared/data/bench's corpora and
//! mutation set by a seeded generator (the same column every run), and a
//! canonical-only column for the zero-copy figure.

use std::path::Path;

/// SplitMix64: a seeded source of draws (no periodic pattern in the rows).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every URL of the corpora (`*.txt`) and every input of `mutations.jsonl`.
pub fn pool(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    for path in names {
        let text =
            || std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()));
        match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => out.extend(
                text()?
                    .lines()
                    .filter(|l| !l.is_empty())
                    .map(str::to_string),
            ),
            Some("jsonl") => {
                for line in text()?.lines() {
                    // Lone surrogate escapes cannot be a &str: such lines
                    // are left out.
                    let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                        continue;
                    };
                    if let Some(s) = v["input"].as_str() {
                        out.push(s.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    if out.is_empty() {
        return Err(format!("no URLs in {}", dir.display()));
    }
    Ok(out)
}

/// `rows` URLs drawn from `pool` with replacement, seeded.
pub fn column(pool: &[String], rows: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..rows)
        .map(|_| pool[rng.below(pool.len())].clone())
        .collect()
}

/// The canonical URLs of `pool` (each its own serialization).
pub fn canonical(pool: &[String]) -> Vec<String> {
    pool.iter()
        .filter(|u| weburl_arrow::url_core::Url::parse_canonical(u).is_some())
        .cloned()
        .collect()
}
