//! Two-level lookup tables (tries) and their Rust source.

use super::*;

pub(super) struct Trie {
    /// Bytes per value: 1 (u8) or 2 (u16).
    pub(super) width: usize,
    pub(super) shift1: u32,
    pub(super) shift2: u32,
    /// Level-1 entries `gap.0..gap.1` (the longest run of one block,
    /// `gap.2`) are not stored.
    pub(super) gap: (usize, usize, u16),
    pub(super) l1: Vec<u16>,
    pub(super) l2: Vec<u16>,
    pub(super) values: Vec<u16>,
}

impl Trie {
    pub(super) fn bytes(&self) -> usize {
        width(&self.l1) * self.l1.len()
            + width(&self.l2) * self.l2.len()
            + self.width * self.values.len()
    }

    pub(super) fn get(&self, cp: u32) -> u16 {
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

pub(super) fn build_trie(values: &[u16], shift1: u32, shift2: u32) -> Trie {
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

pub(super) fn width(v: &[u16]) -> usize {
    if v.iter().all(|&x| x <= 0xFF) {
        1
    } else {
        2
    }
}

/// The smallest trie over a few block-size choices (deterministic).
pub(super) fn best_trie(values: &[u16]) -> Trie {
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

pub(super) fn emit_trie(w: &mut String, name: &str, t: &Trie) {
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
