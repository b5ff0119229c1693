//! Sets of code points (`u32`, surrogates included: a pattern may name a
//! lone surrogate with `\uD800`, which no Rust string holds) as sorted,
//! disjoint, non-adjacent inclusive ranges; the class algebra of `v` mode
//! (union, intersection, subtraction, complement) and simple case folding.

use alloc::vec::Vec;

/// The largest code point.
pub(crate) const MAX: u32 = 0x10FFFF;

/// A set of code points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct CodePointSet {
    ranges: Vec<(u32, u32)>,
}

impl CodePointSet {
    /// The empty set.
    pub(crate) fn new() -> CodePointSet {
        CodePointSet { ranges: Vec::new() }
    }

    /// The set of `ranges` (in any order, overlapping or not).
    pub(crate) fn from_ranges(ranges: impl IntoIterator<Item = (u32, u32)>) -> CodePointSet {
        let mut set = CodePointSet {
            ranges: ranges.into_iter().filter(|(a, b)| a <= b).collect(),
        };
        set.normalize();
        set
    }

    /// One code point.
    pub(crate) fn single(c: u32) -> CodePointSet {
        CodePointSet {
            ranges: alloc::vec![(c, c)],
        }
    }

    /// The ranges, sorted, disjoint and non-adjacent.
    pub(crate) fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The only code point, if the set has exactly one.
    pub(crate) fn as_single(&self) -> Option<u32> {
        match self.ranges.as_slice() {
            [(a, b)] if a == b => Some(*a),
            _ => None,
        }
    }

    #[cfg(test)]
    pub(crate) fn contains(&self, c: u32) -> bool {
        self.ranges
            .binary_search_by(|&(a, b)| {
                if b < c {
                    core::cmp::Ordering::Less
                } else if a > c {
                    core::cmp::Ordering::Greater
                } else {
                    core::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    fn normalize(&mut self) {
        self.ranges.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(self.ranges.len());
        for &(a, b) in &self.ranges {
            match out.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => out.push((a, b)),
            }
        }
        self.ranges = out;
    }

    pub(crate) fn union(&self, other: &CodePointSet) -> CodePointSet {
        CodePointSet::from_ranges(self.ranges.iter().chain(&other.ranges).copied())
    }

    /// Every code point not in the set.
    pub(crate) fn complement(&self) -> CodePointSet {
        let mut out = Vec::with_capacity(self.ranges.len() + 1);
        let mut next = 0u32;
        for &(a, b) in &self.ranges {
            if a > next {
                out.push((next, a - 1));
            }
            next = b.saturating_add(1);
        }
        if next <= MAX && self.ranges.last().map_or(true, |&(_, b)| b < MAX) {
            out.push((next, MAX));
        }
        CodePointSet { ranges: out }
    }

    pub(crate) fn intersection(&self, other: &CodePointSet) -> CodePointSet {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while let (Some(&(a1, b1)), Some(&(a2, b2))) = (self.ranges.get(i), other.ranges.get(j)) {
            let (a, b) = (a1.max(a2), b1.min(b2));
            if a <= b {
                out.push((a, b));
            }
            if b1 < b2 {
                i += 1;
            } else {
                j += 1;
            }
        }
        CodePointSet { ranges: out }
    }

    pub(crate) fn difference(&self, other: &CodePointSet) -> CodePointSet {
        self.intersection(&other.complement())
    }

    /// The set closed under simple case folding: every code point whose
    /// simple case folding equals that of a member (ECMAScript's
    /// Canonicalize in Unicode mode compares simple case foldings, so a
    /// closed set matches exactly the code points a `vi` pattern's set
    /// matches).
    pub(crate) fn case_fold_closure(&self) -> CodePointSet {
        let chars = self.ranges.iter().filter_map(|&(a, b)| {
            // Surrogates have no case; char ranges cannot hold them.
            let a = char::from_u32(a).or_else(|| char::from_u32(0xE000.min(b)))?;
            let b = char::from_u32(b).or_else(|| char::from_u32(0xD7FF))?;
            (a <= b).then(|| regex_syntax::hir::ClassUnicodeRange::new(a, b))
        });
        let mut class = regex_syntax::hir::ClassUnicode::new(chars);
        class.case_fold_simple();
        let folded = class
            .ranges()
            .iter()
            .map(|r| (r.start() as u32, r.end() as u32));
        self.union(&CodePointSet::from_ranges(folded))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algebra() {
        let a = CodePointSet::from_ranges([(b'a' as u32, b'z' as u32), (5, 3)]);
        let b = CodePointSet::from_ranges([(b'x' as u32, b'}' as u32)]);
        assert_eq!(a.union(&b).ranges(), [(b'a' as u32, b'}' as u32)]);
        assert_eq!(a.intersection(&b).ranges(), [(b'x' as u32, b'z' as u32)]);
        assert_eq!(a.difference(&b).ranges(), [(b'a' as u32, b'w' as u32)]);
        assert_eq!(
            a.complement().ranges(),
            [(0, b'a' as u32 - 1), (b'z' as u32 + 1, MAX)]
        );
        assert!(CodePointSet::new().complement().contains(MAX));
        assert!(CodePointSet::from_ranges([(0, MAX)])
            .complement()
            .is_empty());
    }

    // Unicode's CaseFolding.txt: U+017F folds to "s", U+212A to "k".
    #[test]
    fn folding() {
        let s = CodePointSet::single('s' as u32).case_fold_closure();
        assert_eq!(
            s.ranges(),
            [
                ('S' as u32, 'S' as u32),
                ('s' as u32, 's' as u32),
                (0x17F, 0x17F)
            ]
        );
        let k = CodePointSet::single(0x212A).case_fold_closure();
        assert!(k.contains('k' as u32) && k.contains('K' as u32));
    }
}
