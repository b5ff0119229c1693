//! Four-level lookup tables (tries) and their Rust source.

use super::*;

pub(super) struct Trie {
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
    /// The four levels, with the suffix of their generated names.
    fn levels(&self) -> [(&'static str, &[u16]); 4] {
        [
            ("L1", &self.l1),
            ("L2", &self.l2),
            ("L3", &self.l3),
            ("VALUES", &self.values),
        ]
    }

    /// Bytes as stored: each level as `u8` or `u16` (see [`width`]), or
    /// bit-packed when `packed` (see [`pack`]).
    pub(super) fn bytes(&self, packed: bool) -> usize {
        self.levels()
            .iter()
            .map(|(_, v)| {
                if packed {
                    packed_len(v)
                } else {
                    width(v) * v.len()
                }
            })
            .sum()
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
        shifts,
        gap,
        l1,
        l2,
        l3,
        values: out_values,
    }
}

/// The fewest bits that hold every value of `v` (at least 1).
pub(super) fn bits(v: &[u16]) -> u32 {
    (16 - v.iter().max().copied().unwrap_or(0).leading_zeros()).max(1)
}

/// `v` at [`bits`] bits per value, little-endian from bit 0 of byte 0, plus
/// three zero bytes so that a reader can always load four bytes: value `i`
/// is `(u32 at byte i*bits/8) >> (i*bits % 8)`, masked (bits ≤ 16, and a
/// value starts at most 7 bits into its first byte).
pub(super) fn pack(v: &[u16]) -> (u32, Vec<u8>) {
    let b = bits(v);
    let mut out = vec![0u8; packed_len(v)];
    for (i, &x) in v.iter().enumerate() {
        let bit = i * b as usize;
        let word = u32::from(x) << (bit % 8);
        for (k, byte) in word.to_le_bytes().iter().enumerate() {
            out[bit / 8 + k] |= byte;
        }
    }
    (b, out)
}

/// The length of [`pack`]'s bytes for `v`, without packing it.
pub(super) fn packed_len(v: &[u16]) -> usize {
    (v.len() * bits(v) as usize).div_ceil(8) + 3
}

/// Bytes per value: 1 (`u8`) or 2 (`u16`).
pub(super) fn width(v: &[u16]) -> usize {
    if v.iter().all(|&x| x <= 0xFF) {
        1
    } else {
        2
    }
}

/// The smallest trie over a few block sizes (deterministic: the first
/// smallest in this order), in bytes as stored (`Trie::bytes`). The ranges hold the best of a wider
/// search (level-1 shifts 7–12, any smaller level-2 and level-3 ones) for
/// both tables and both layouts, each well inside.
pub(super) fn best_trie(values: &[u16], packed: bool) -> Trie {
    let mut best: Option<(usize, Trie)> = None;
    for s1 in 8..=11 {
        for s2 in 4..=7 {
            for s3 in 2..=4 {
                let t = build_trie(values, (s1, s2, s3));
                let c = t.bytes(packed);
                if best.as_ref().is_none_or(|b| c < b.0) {
                    best = Some((c, t));
                }
            }
        }
    }
    let (_, b) = best.expect("at least one trie");
    for cp in 0..=MAX_CP {
        assert_eq!(b.get(cp), values[cp as usize]);
    }
    if std::env::var_os("GEN_IDNA_STATS").is_some() {
        let levels = b
            .levels()
            .map(|(name, v)| format!("{name} {}x{} ({} bits)", v.len(), width(v), bits(v)));
        eprintln!(
            "trie (packed: {packed}) {:?}: gap {:?} {}",
            b.shifts,
            b.gap,
            levels.join(", ")
        );
    }
    b
}

// ---------------------------------------------------------------------------
// Generation

/// Emits `t`'s layout and levels for builds with the `packed` feature
/// when `packed`, else for those without it.
pub(super) fn emit_trie(w: &mut String, name: &str, t: &Trie, packed: bool) {
    emit_layout(w, name, t, cfg(packed));
    for (level, v) in t.levels() {
        emit_level(w, &format!("{name}_{level}"), v, packed);
    }
}

/// The attribute that keeps an item to builds with (`packed`) or without
/// the `packed` feature.
fn cfg(packed: bool) -> &'static str {
    if packed {
        "#[cfg(feature = \"packed\")]\n"
    } else {
        "#[cfg(not(feature = \"packed\"))]\n"
    }
}

/// Emits `v` as a static named `name` for builds with the `packed` feature
/// (a `crate::Packed`, see [`pack`]) when `packed`, else for those without
/// it (an array of `u8` or `u16`).
pub(super) fn emit_level(w: &mut String, name: &str, v: &[u16], packed: bool) {
    w.push_str(cfg(packed));
    if !packed {
        let ty = if width(v) == 1 { "u8" } else { "u16" };
        emit_array(w, name, ty, v, |x| x.to_string());
        return;
    }
    let (b, bytes) = pack(v);
    write!(
        w,
        "pub(crate) static {name}: crate::Packed<{}> = crate::Packed {{ bits: {b}, bytes: [",
        bytes.len()
    )
    .unwrap();
    for (i, x) in bytes.iter().enumerate() {
        if i > 0 {
            w.push_str(", ");
        }
        write!(w, "{x}").unwrap();
    }
    w.push_str("] };\n\n");
}

fn emit_layout(w: &mut String, name: &str, t: &Trie, attr: &str) {
    writeln!(
        w,
        "{attr}pub(crate) const {name}_GAP: (usize, usize, u32) = ({}, {}, {});",
        t.gap.0, t.gap.1, t.gap.2
    )
    .unwrap();
    let (s1, s2, s3) = t.shifts;
    writeln!(
        w,
        "{attr}pub(crate) const {name}_SHIFTS: (u32, u32, u32) = ({s1}, {s2}, {s3});"
    )
    .unwrap();
}
