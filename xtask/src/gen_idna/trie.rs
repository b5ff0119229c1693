//! Four-level lookup tables (tries) and their Rust source.

use super::*;

pub(super) struct Trie {
    /// Bytes per value: 1 (u8) or 2 (u16).
    pub(super) width: usize,
    /// A code point's level-1 index is `cp >> shift1`, its level-2 index
    /// within a block `cp >> shift2` (masked), its level-3 one
    /// `cp >> shift3` (masked), its level-4 one `cp` (masked).
    pub(super) shifts: (u32, u32, u32),
    /// Level-1 entries `gap.0..gap.1` (the longest run of one block,
    /// `gap.2`) are not stored.
    pub(super) gap: (usize, usize, u16),
    pub(super) l1: Vec<u16>,
    pub(super) l2: Vec<u16>,
    pub(super) l3: Vec<u16>,
    pub(super) values: Vec<u16>,
}

impl Trie {
    pub(super) fn bytes(&self) -> usize {
        width(&self.l1) * self.l1.len()
            + width(&self.l2) * self.l2.len()
            + width(&self.l3) * self.l3.len()
            + self.width * self.values.len()
    }

    pub(super) fn get(&self, cp: u32) -> u16 {
        let (s1, s2, s3) = self.shifts;
        let i = (cp >> s1) as usize;
        let i1 = if i < self.gap.0 {
            self.l1[i]
        } else if i < self.gap.1 {
            self.gap.2
        } else {
            self.l1[i - (self.gap.1 - self.gap.0)]
        } as usize;
        let i2 = self.l2[(i1 << (s1 - s2)) + ((cp >> s2) as usize & ((1 << (s1 - s2)) - 1))];
        let i3 =
            self.l3[((i2 as usize) << (s2 - s3)) + ((cp >> s3) as usize & ((1 << (s2 - s3)) - 1))];
        self.values[i3 as usize + (cp as usize & ((1 << s3) - 1))]
    }
}

/// Deduplicates the blocks of `ids` (`1 << shift` entries each): the
/// distinct blocks, and each block's index among them.
fn dedup_blocks(ids: &[u16], shift: u32) -> (Vec<u16>, Vec<u16>) {
    let per = 1usize << shift;
    let mut seen: HashMap<&[u16], u16> = HashMap::new();
    let mut blocks = Vec::new();
    let mut index = Vec::new();
    for chunk in ids.chunks(per) {
        let next = u16::try_from(blocks.len() / per).expect("block indices fit in u16");
        let id = *seen.entry(chunk).or_insert_with(|| {
            blocks.extend_from_slice(chunk);
            next
        });
        index.push(id);
    }
    (blocks, index)
}

pub(super) fn build_trie(values: &[u16], shifts: (u32, u32, u32)) -> Trie {
    let (s1, s2, s3) = shifts;
    let block = 1usize << s3;
    // Level-4 blocks may overlap (a block is stored only when it is not
    // already a substring of the values; one that starts with the values'
    // tail shares it): level 3 holds offsets into the values.
    let mut blocks: HashMap<&[u16], u16> = HashMap::new();
    let mut out_values: Vec<u16> = Vec::new();
    let mut offsets = Vec::new();
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
                let id = u16::try_from(at).expect("level-4 offsets fit in u16");
                blocks.insert(chunk, id);
                id
            }
        };
        offsets.push(id);
    }
    // Levels 3 and 2: deduplicated blocks, indexed by the level above.
    let (l3, l2_ids) = dedup_blocks(&offsets, s2 - s3);
    let (l2, mut l1) = dedup_blocks(&l2_ids, s1 - s2);
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
    Trie {
        width: width(&out_values),
        shifts,
        gap,
        l1,
        l2,
        l3,
        values: out_values,
    }
}

pub(super) fn width(v: &[u16]) -> usize {
    if v.iter().all(|&x| x <= 0xFF) {
        1
    } else {
        2
    }
}

/// The smallest trie over a few block sizes (deterministic: the first
/// smallest in this order). The ranges hold the best of a wider search
/// (level-1 shifts 8–13, any smaller level-2 and level-3 ones) for both
/// tables, each well inside.
pub(super) fn best_trie(values: &[u16]) -> Trie {
    let mut best: Option<Trie> = None;
    for s1 in 8..=11 {
        for s2 in 5..=7 {
            for s3 in 2..=4 {
                let t = build_trie(values, (s1, s2, s3));
                if best.as_ref().is_none_or(|b| t.bytes() < b.bytes()) {
                    best = Some(t);
                }
            }
        }
    }
    let b = best.expect("at least one trie");
    for cp in 0..=MAX_CP {
        assert_eq!(b.get(cp), values[cp as usize]);
    }
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        eprintln!(
            "trie {:?}: gap {:?} l1 {}x{} l2 {}x{} l3 {}x{} values {}x{}",
            b.shifts,
            b.gap,
            b.l1.len(),
            width(&b.l1),
            b.l2.len(),
            width(&b.l2),
            b.l3.len(),
            width(&b.l3),
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
    let (s1, s2, s3) = t.shifts;
    writeln!(
        w,
        "pub(crate) const {name}_SHIFTS: (u32, u32, u32) = ({s1}, {s2}, {s3});"
    )
    .unwrap();
    let ty = |v: &[u16]| if width(v) == 1 { "u8" } else { "u16" };
    for (level, v) in [("L1", &t.l1), ("L2", &t.l2), ("L3", &t.l3)] {
        emit_array(w, &format!("{name}_{level}"), ty(v), v, |x| x.to_string());
    }
    let ty = if t.width == 1 { "u8" } else { "u16" };
    emit_array(w, &format!("{name}_VALUES"), ty, &t.values, |x| {
        x.to_string()
    });
}
