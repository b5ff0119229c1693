//! Per-code-point properties: Bidi_Class, Joining_Type, canonical
//! decompositions and compositions, and the NFC quick-check domain.

use super::*;

pub(super) const BIDI_NAMES: [&str; 23] = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO",
    "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
];

/// Joining_Type short names (UCD PropertyValueAliases.txt), in the order of
/// the index stored in the property records.
pub(super) const JOINING_NAMES: [&str; 6] = ["U", "C", "D", "L", "R", "T"];

/// The index of `c`'s value of the property `P` (icu_properties) in
/// `names`, by its short name; panics on a value not there.
pub(super) fn short_name_index<P>(c: char, names: &[&str]) -> u32
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
pub(super) fn bidi_index(c: char) -> u32 {
    short_name_index::<BidiClass>(c, &BIDI_NAMES)
}

/// The index of `c`'s Joining_Type in [`JOINING_NAMES`].
pub(super) fn joining_index(c: char) -> u32 {
    short_name_index::<JoiningType>(c, &JOINING_NAMES)
}

pub(super) fn is_hangul_syllable(cp: u32) -> bool {
    (0xAC00..0xAC00 + 11172).contains(&cp)
}

pub(super) fn full_decomposition(c: char) -> Vec<char> {
    let mut v = Vec::new();
    unicode_normalization::char::decompose_canonical(c, |d| v.push(d));
    v
}

/// One canonical decomposition step: `cp` → `a` (+ `b` when not 0). Full
/// decompositions are reached by expanding `a` and `b` again.
pub(super) struct Step {
    pub(super) cp: u32,
    pub(super) a: u32,
    pub(super) b: u32,
    pub(super) composes: bool,
}

pub(super) fn canonical_steps() -> Result<(Vec<Step>, usize), String> {
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
pub(super) fn nfc_domain(table: &MappingTable, map_values: &[u16], steps: &[Step]) -> Vec<bool> {
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
