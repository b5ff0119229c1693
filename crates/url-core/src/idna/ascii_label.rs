//! ASCII labels under UTS #46: the STD3 and hyphen rules, DNS length, and
//! the strict check of an ASCII domain that needs no tables (these three
//! work without the `idna` feature); and, with it, the byte-at-a-time
//! validity of a long ASCII label.

#[cfg(feature = "idna")]
use super::label::{self, Bidi};
#[cfg(feature = "idna")]
use super::mapping::mapping;
#[cfg(feature = "idna")]
use idna_tables::Mapping;

/// UseSTD3ASCIIRules (UTS #46 §4.1 criterion 8, strict only): an ASCII
/// code point must be a lowercase letter, a digit or U+002D.
#[inline]
pub(crate) fn std3_ok(c: u32) -> bool {
    match u8::try_from(c) {
        Ok(b) if b.is_ascii() => b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-',
        _ => true,
    }
}

/// CheckHyphens (criteria 2 and 3) for a label given its first, last, third
/// and fourth code points.
#[inline]
pub(crate) fn hyphens_ok(first: u32, last: u32, third_fourth: (u32, u32)) -> bool {
    let h = u32::from(b'-');
    first != h && last != h && third_fourth != (h, h)
}

/// UTS #46 ToASCII validity with the URL Standard's strict flags
/// (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength) for an ASCII, lowercase
/// domain whose labels do not start with `xn--` (those need the IDNA tables).
pub(crate) fn ascii_labels_strictly_valid(domain: &[u8]) -> bool {
    let mut dns = DnsLength::new();
    for label in domain.split(|&b| b == b'.') {
        let hyphens = match (label.first(), label.last()) {
            (Some(&f), Some(&l)) => hyphens_ok(
                u32::from(f),
                u32::from(l),
                (
                    label.get(2).map_or(0, |&b| u32::from(b)),
                    label.get(3).map_or(0, |&b| u32::from(b)),
                ),
            ),
            _ => true,
        };
        // UseSTD3ASCIIRules: only [a-z0-9-] (every such byte is valid).
        if !hyphens || !label.iter().all(|&b| std3_ok(u32::from(b))) {
            return false;
        }
        // VerifyDnsLength, with UTS #46's empty-root-label rule: a
        // trailing dot fails (IdnaTestV2.txt's A4_2 cases).
        dns.label(label.len());
    }
    dns.ok()
}

/// ToASCII step 4, VerifyDnsLength: the domain is 1–253 octets and every
/// label 1–63. Since UTS #46 15.0 the empty root label (a trailing dot) is
/// disallowed too (IdnaTestV2.txt: A4_2).
pub(crate) struct DnsLength {
    ok: bool,
    total: usize,
    labels: usize,
}

impl DnsLength {
    pub(crate) fn new() -> Self {
        DnsLength {
            ok: true,
            total: 0,
            labels: 0,
        }
    }

    pub(crate) fn label(&mut self, len: usize) {
        if len == 0 || len > 63 {
            self.ok = false;
        }
        self.total += len + usize::from(self.labels > 0);
        self.labels += 1;
    }

    pub(crate) fn ok(&self) -> bool {
        self.ok && (1..=253).contains(&self.total)
    }
}

#[cfg(feature = "idna")]
/// Validity of an ASCII label that does not start with `xn--`, checked a
/// byte at a time (so a label of any length needs no buffer).
pub(super) struct AsciiLabel {
    ok: bool,
    std3: bool,
    /// Bytes pushed.
    len: usize,
    /// First, last, third and fourth bytes (0 where the label is shorter),
    /// for CheckHyphens.
    edges: [u8; 4],
}

#[cfg(feature = "idna")]
impl AsciiLabel {
    pub(super) fn new() -> Self {
        AsciiLabel {
            ok: true,
            std3: true,
            len: 0,
            edges: [0; 4],
        }
    }

    #[inline]
    pub(super) fn push(&mut self, b: u8, bidi: &mut Bidi) {
        bidi.push(u32::from(b));
        // Criteria 5 and 7. Lower-case letters, digits and '-' (STD3's
        // ASCII) are valid in every version of the mapping table; the other
        // ASCII code points are valid since UTS #46 v16 but not before, so
        // only those read the table.
        let std3 = std3_ok(u32::from(b));
        if b == b'.' || !(std3 || matches!(mapping(u32::from(b)), Mapping::Valid)) {
            self.ok = false;
        }
        self.std3 &= std3;
        match self.len {
            0 => self.edges[0] = b,
            2 => self.edges[2] = b,
            3 => self.edges[3] = b,
            _ => {}
        }
        self.edges[1] = b;
        self.len += 1;
    }

    /// The bytes pushed.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn finish(&self) -> label::Verdict {
        let [f, l, c3, c4] = self.edges;
        let hyphens =
            self.len == 0 || hyphens_ok(u32::from(f), u32::from(l), (u32::from(c3), u32::from(c4)));
        label::Verdict {
            ok: self.ok,
            strict_ok: self.ok && self.std3 && hyphens,
        }
    }
}
