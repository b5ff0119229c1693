//! UTS #46 §4 Processing with ToASCII / ToUnicode (§4.2, §4.3) in one pass
//! over the domain: each code point is mapped (step 1) and normalized
//! (step 2); the normalized text is broken into labels at FULL STOP
//! (step 3) as it comes out of NFC, and each label is validated and
//! converted (step 4; ToASCII step 3 Punycode-encodes it) the moment it
//! ends. A label's code points are kept in one stack buffer: the mapped text
//! is never written out, encoded as UTF-8, and decoded again.
//!
//! ToASCII first tries [`super::fast`], which hands labels to the same
//! [`Converter`] when every code point is already in its final form, and
//! declines (this module then starts over) at the first one that is not.

use super::label::{self, Bidi, LabelBuf, MAX_LABEL};
use super::{nfc, punycode, IdnaError, Stop};
use crate::storage::{CapacityError, Storage};
use idna_tables::Mapping;

/// Runs UTS #46 processing (§4) and ToASCII/ToUnicode on `out[start..]`.
/// When `ok`, the region is replaced by the result; otherwise (and on
/// capacity errors) `out` is truncated to `start`.
///
/// Peak storage: the input plus the result, which is written after it —
/// unless the result fits the 128-byte stack chunk (most domains), which
/// then replaces the input with no move.
pub(super) fn process<S: Storage>(
    out: &mut S,
    start: usize,
    mode: Mode,
) -> Result<Outcome, IdnaError> {
    let end = out.len();
    match process_inner(out, start, end, mode) {
        Ok(outcome) => Ok(outcome),
        // `Decline` never comes out of `process_inner`.
        Err(Stop::Invalid | Stop::Decline) => {
            out.truncate(start);
            Ok(Outcome {
                ok: false,
                strict_ok: false,
            })
        }
        Err(Stop::Capacity(e)) => {
            out.truncate(start);
            Err(IdnaError::Capacity(e))
        }
    }
}

#[cfg(test)]
std::thread_local! {
    /// Set by tests comparing the fast path with the general one: the
    /// general path only.
    pub(super) static GENERAL_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Maps and normalizes `out[start..end]`, handing the result to a
/// [`Converter`] that appends the converted domain after it.
fn process_inner<S: Storage>(
    out: &mut S,
    start: usize,
    end: usize,
    mode: Mode,
) -> Result<Outcome, Stop> {
    let fast = mode != Mode::Unicode;
    #[cfg(test)]
    let fast = fast && !GENERAL_ONLY.with(|g| g.get());
    let mut conv = Converter::new(mode, fast);
    if fast {
        match super::fast::process(out, start, end, &mut conv) {
            Err(Stop::Decline) => {
                // Start over, without what was written after the input.
                out.truncate(end);
                conv.restart();
            }
            done => return done,
        }
    }
    let mut nfc = nfc::Nfc::new();
    let mut p = start;
    while p < end {
        let &lead = out.as_bytes().get(p).ok_or(Stop::Invalid)?;
        if lead < 0x80 {
            // A run of ASCII: each byte is its own NFC starter, mapped to
            // lower case (every other ASCII code point is valid), so all but
            // the last go straight on; the last stays in NFC's segment, where
            // a combining mark after it may join it.
            let mut piece = [0u8; 64];
            let run = out.as_bytes().get(p..end).unwrap_or(&[]);
            let n = run
                .iter()
                .take(piece.len())
                .take_while(|&&b| b < 0x80)
                .count();
            for (d, s) in piece.iter_mut().zip(run.get(..n).unwrap_or_default()) {
                *d = s.to_ascii_lowercase();
            }
            p += n;
            nfc.finish(&mut |d| conv.push(out, d))?;
            let Some((&last, init)) = piece.get(..n).unwrap_or_default().split_last() else {
                return Err(Stop::Invalid); // not reached: the lead byte is ASCII
            };
            for &b in init {
                conv.push(out, u32::from(b))?;
            }
            nfc.push_checked(u32::from(last), true, &mut |d| conv.push(out, d))?;
            continue;
        }
        let (c, next) = char_at(out.as_bytes(), p).ok_or(Stop::Invalid)?;
        p = next;
        let mut emit = |d: u32| conv.push(out, d);
        match mapping(c) {
            Mapping::Valid => {
                let stable = idna_tables::props(c).is_stable_starter();
                nfc.push_checked(c, stable, &mut emit)?
            }
            // Disallowed code points stay; criterion 7 rejects them.
            // `Decomposed`: NFC redoes the mapping.
            Mapping::Disallowed | Mapping::Decomposed => nfc.push(c, &mut emit)?,
            Mapping::Ignored => {}
            Mapping::Char(m) => nfc.push(m as u32, &mut emit)?,
            Mapping::Str(s) => {
                for m in s.chars() {
                    nfc.push(m as u32, &mut emit)?;
                }
            }
        }
    }
    nfc.finish(&mut |d| conv.push(out, d))?;
    conv.finish(out, start, end)
}

/// Steps 3 and 4 on the normalized text as it arrives: collects a label,
/// then validates and converts it at its end.
pub(super) struct Converter {
    mode: Mode,
    /// Fed by [`super::fast`]: every code point is ASCII or valid as it is,
    /// and none is R, AL, AN, ZWNJ or ZWJ; see there.
    pub(super) fast: bool,
    /// The current label (while it fits).
    pub(super) buf: LabelBuf,
    /// The current label is all ASCII so far.
    pub(super) ascii: bool,
    /// The current label is ASCII and longer than [`MAX_LABEL`]: it is
    /// checked and written as it arrives (nothing bounds an ASCII label).
    long: Option<AsciiLabel>,
    /// At least one label was converted (a FULL STOP goes before the next).
    labels: bool,
    bidi: Bidi,
    dns: DnsLength,
    strict_ok: bool,
    chunk: Chunk,
}

impl Converter {
    pub(super) fn new(mode: Mode, fast: bool) -> Self {
        Converter {
            mode,
            fast,
            buf: LabelBuf::new(),
            ascii: true,
            long: None,
            labels: false,
            bidi: Bidi::new(),
            dns: DnsLength::new(),
            strict_ok: true,
            chunk: Chunk::new(),
        }
    }

    /// Back to the state of `new(mode, false)`, in place (a second
    /// converter would be a second kilobyte of stack).
    fn restart(&mut self) {
        self.fast = false;
        self.buf.clear();
        self.ascii = true;
        self.long = None;
        self.labels = false;
        self.bidi = Bidi::new();
        self.dns = DnsLength::new();
        self.strict_ok = true;
        self.chunk.clear();
    }

    /// One code point of the normalized text.
    #[inline]
    fn push<S: Storage>(&mut self, out: &mut S, d: u32) -> Result<(), Stop> {
        if d == u32::from(b'.') {
            return self.end_label(out);
        }
        if let Some(long) = &mut self.long {
            // A label with a non-ASCII code point is at most MAX_LABEL long.
            let b = u8::try_from(d)
                .ok()
                .filter(u8::is_ascii)
                .ok_or(Stop::Invalid)?;
            long.push(b, &mut self.bidi);
            return self.chunk.put_byte(out, b).map_err(Stop::Capacity);
        }
        self.ascii &= d < 0x80;
        if self.buf.push(d) {
            Ok(())
        } else {
            self.go_long(out, d)
        }
    }

    /// The label outgrew [`MAX_LABEL`]: fine for an ASCII label that is not
    /// `xn--` (whose Punycode would decode to more than MAX_LABEL).
    #[cold]
    fn go_long<S: Storage>(&mut self, out: &mut S, d: u32) -> Result<(), Stop> {
        if !self.ascii || d >= 0x80 || self.buf.as_slice().starts_with(&XN) {
            return Err(Stop::Invalid);
        }
        self.separate(out)?;
        let mut long = AsciiLabel::new();
        for &c in self.buf.as_slice().iter().chain([&d]) {
            let b = c as u8;
            long.push(b, &mut self.bidi);
            self.chunk.put_byte(out, b)?;
        }
        self.long = Some(long);
        self.buf.clear();
        Ok(())
    }

    /// The FULL STOP before every label but the first.
    #[inline]
    fn separate<S: Storage>(&mut self, out: &mut S) -> Result<(), CapacityError> {
        if self.labels {
            self.chunk.put_byte(out, b'.')?;
        }
        self.labels = true;
        Ok(())
    }

    /// Step 4 (and ToASCII step 3) on the label just ended.
    pub(super) fn end_label<S: Storage>(&mut self, out: &mut S) -> Result<(), Stop> {
        let written = if let Some(long) = self.long.take() {
            self.bidi.end_label();
            let v = long.finish();
            if !v.ok {
                return Err(Stop::Invalid);
            }
            self.strict_ok &= v.strict_ok;
            long.len()
        } else {
            self.separate(out)?;
            let written = self.convert(out)?;
            self.buf.clear();
            self.ascii = true;
            written
        };
        self.dns.label(written);
        Ok(())
    }

    /// Validates and writes the label in `buf`; returns the bytes written
    /// (ToASCII; 0 for ToUnicode, which has no DNS length check).
    fn convert<S: Storage>(&mut self, out: &mut S) -> Result<usize, Stop> {
        let is_xn = self.buf.as_slice().starts_with(&XN);
        if self.fast {
            // Only CheckHyphens and UseSTD3ASCIIRules are left to check
            // (see `super::fast`); an `xn--` label has Punycode to decode,
            // whose Bidi_Class the fast path cannot vouch for.
            if is_xn {
                return Err(Stop::Decline);
            }
            let cps = self.buf.as_slice();
            self.strict_ok &= cps.iter().all(|&c| label::std3_ok(c)) && label::hyphens_of(cps);
        } else if !self.ascii || is_xn {
            if is_xn {
                // Step 4.1: `xn--` labels must be ASCII and valid Punycode
                // decoding to a non-empty, non-ASCII label (P4).
                if !self.ascii {
                    return Err(Stop::Invalid);
                }
                let mut puny = [0u8; MAX_LABEL];
                let cps = self.buf.as_slice().get(XN.len()..).unwrap_or(&[]);
                for (d, &c) in puny.iter_mut().zip(cps) {
                    *d = c as u8;
                }
                let n = cps.len();
                if !decode_label(puny.get(..n).unwrap_or_default(), &mut self.buf) {
                    return Err(Stop::Invalid);
                }
                self.ascii = false;
            }
            let v = label::check(self.buf.as_slice(), is_xn, &mut self.bidi);
            if !v.ok {
                return Err(Stop::Invalid);
            }
            self.strict_ok &= v.strict_ok;
        } else {
            // An ASCII label: checked here, written below.
            let mut a = AsciiLabel::new();
            for &c in self.buf.as_slice() {
                a.push(c as u8, &mut self.bidi);
            }
            self.bidi.end_label();
            let v = a.finish();
            if !v.ok {
                return Err(Stop::Invalid);
            }
            self.strict_ok &= v.strict_ok;
        }
        if self.ascii {
            for &c in self.buf.as_slice() {
                self.chunk.put_byte(out, c as u8)?;
            }
            return Ok(self.buf.len());
        }
        self.encode(out)
    }

    /// Writes the valid non-ASCII label in `buf` in its final form; returns
    /// the bytes written (see [`Converter::convert`]).
    fn encode<S: Storage>(&mut self, out: &mut S) -> Result<usize, Stop> {
        if self.mode == Mode::Unicode {
            for &c in self.buf.as_slice() {
                self.chunk.put_char(out, c)?;
            }
            return Ok(0);
        }
        // ToASCII step 3.
        self.chunk.put_ascii(out, b"xn--")?;
        if self.mode == Mode::Check {
            // Encoding cannot fail for a label the buffer holds (see
            // `punycode::encode`). What the host parser reads afterwards
            // (forbidden code points; a label starting "xn--" is never a
            // number) is the Punycode's basic part, the label's ASCII as it
            // is: written; the encoded rest is letters and digits: left out.
            let mut n = XN.len();
            let mut basic = false;
            for &c in self.buf.as_slice() {
                if let Ok(b) = u8::try_from(c) {
                    if b.is_ascii() {
                        self.chunk.put_byte(out, b)?;
                        n += 1;
                        basic = true;
                    }
                }
            }
            if basic {
                self.chunk.put_byte(out, b'-')?;
                n += 1;
            }
            return Ok(n);
        }
        let mut n = XN.len();
        let chunk = &mut self.chunk;
        let mut put = |b: u8| {
            n += 1;
            chunk.put_byte(out, b)
        };
        if !punycode::encode(self.buf.as_slice(), &mut put)? {
            return Err(Stop::Invalid);
        }
        Ok(n)
    }

    /// Ends the last label, decides the outcome and puts the result in
    /// place of the input (`out[start..end]`).
    fn finish<S: Storage>(
        &mut self,
        out: &mut S,
        start: usize,
        end: usize,
    ) -> Result<Outcome, Stop> {
        self.end_label(out)?;
        self.complete(out, start, end)
    }

    /// [`Converter::finish`] once the last label has ended.
    pub(super) fn complete<S: Storage>(
        &mut self,
        out: &mut S,
        start: usize,
        end: usize,
    ) -> Result<Outcome, Stop> {
        // CheckBidi: in a Bidi domain name every label satisfies RFC 5893.
        if !self.bidi.ok() {
            return Err(Stop::Invalid);
        }
        if self.chunk.spilled {
            self.chunk.flush(out)?;
            out.replace_range(start..end, "")?;
        } else {
            // The whole result is in the chunk: no move needed.
            out.truncate(start);
            self.chunk.flush(out)?;
        }
        Ok(Outcome {
            ok: true,
            strict_ok: self.strict_ok && (self.mode == Mode::Unicode || self.dns.ok()),
        })
    }
}

/// `xn--`, as code points.
pub(super) const XN: [u32; 4] = [b'x' as u32, b'n' as u32, b'-' as u32, b'-' as u32];

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// ToASCII: labels are Punycode-encoded.
    Ascii,
    /// ToASCII's validity only (canParse): a converted label is written as
    /// "xn--" and its ASCII, without the encoded rest.
    Check,
    /// ToUnicode: `xn--` labels are decoded.
    Unicode,
}

#[derive(Clone, Copy)]
pub(super) struct Outcome {
    /// No error with the URL Standard's non-strict flags.
    pub ok: bool,
    /// No error with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength too
    /// (ToASCII only).
    pub strict_ok: bool,
}

/// `idna_tables::mapping`, with ASCII answered without a table walk: in the
/// UTS #46 table every ASCII code point is valid except A–Z, mapped to
/// lower case (`ascii_mapping_is_the_tables` checks it against the data).
#[inline(always)]
pub(crate) fn mapping(c: u32) -> Mapping {
    match c {
        0x41..=0x5A => Mapping::Char(char::from(c as u8 | 0x20)),
        0..=0x7F => Mapping::Valid,
        _ => idna_tables::mapping(c),
    }
}

/// Decodes the UTF-8 code point at `p`. The storage only ever receives
/// `&str`s, so this is well-formed UTF-8 and decoding needs no validation
/// beyond not reading past a truncated sequence: a broken storage gives
/// `None` (or a code point the tables disallow), never a panic.
#[inline]
pub(super) fn char_at(bytes: &[u8], p: usize) -> Option<(u32, usize)> {
    let lead = *bytes.get(p)?;
    let cont = |i: usize| {
        bytes
            .get(p + i)
            .filter(|&&b| b & 0xC0 == 0x80)
            .map(|&b| u32::from(b & 0x3F))
    };
    Some(match lead {
        0x00..=0x7F => (u32::from(lead), p + 1),
        0xC0..=0xDF => (u32::from(lead & 0x1F) << 6 | cont(1)?, p + 2),
        0xE0..=0xEF => (
            u32::from(lead & 0x0F) << 12 | cont(1)? << 6 | cont(2)?,
            p + 3,
        ),
        0xF0..=0xF7 => (
            u32::from(lead & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?,
            p + 4,
        ),
        _ => return None,
    })
}

/// Punycode-decodes the part after `xn--` into `buf`; false unless it
/// decodes to a non-empty label with a non-ASCII code point (UTS #46 §4
/// step 4.1, P4).
pub(super) fn decode_label(puny: &[u8], buf: &mut LabelBuf) -> bool {
    punycode::decode(puny, buf).is_ok() && buf.as_slice().iter().any(|&c| c >= 0x80)
}

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
        let std3 = label::std3_ok(u32::from(b));
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
        let hyphens = self.len == 0
            || label::hyphens_ok(u32::from(f), u32::from(l), (u32::from(c3), u32::from(c4)));
        label::Verdict {
            ok: self.ok,
            strict_ok: self.ok && self.std3 && hyphens,
        }
    }
}

/// ToASCII step 4, VerifyDnsLength: the domain is 1–253 octets and every
/// label 1–63. Since UTS #46 15.0 the empty root label (a trailing dot) is
/// disallowed too (IdnaTestV2.txt: A4_2).
pub(super) struct DnsLength {
    ok: bool,
    total: usize,
    labels: usize,
}

impl DnsLength {
    pub(super) fn new() -> Self {
        DnsLength {
            ok: true,
            total: 0,
            labels: 0,
        }
    }

    pub(super) fn label(&mut self, len: usize) {
        if len == 0 || len > 63 {
            self.ok = false;
        }
        self.total += len + usize::from(self.labels > 0);
        self.labels += 1;
    }

    pub(super) fn ok(&self) -> bool {
        self.ok && (1..=253).contains(&self.total)
    }
}

/// Collects output in a stack buffer and appends it to the storage in pieces.
pub(super) struct Chunk {
    buf: [u8; 128],
    len: usize,
    /// Only ASCII is buffered (so no UTF-8 validation is needed to flush).
    ascii: bool,
    /// Something was flushed to the storage.
    spilled: bool,
}

impl Chunk {
    pub(super) fn new() -> Self {
        Chunk {
            buf: [0; 128],
            len: 0,
            ascii: true,
            spilled: false,
        }
    }

    #[inline]
    fn put_byte<S: Storage>(&mut self, out: &mut S, b: u8) -> Result<(), CapacityError> {
        // One bounds check while there is room (most domains never flush).
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
            return Ok(());
        }
        self.flush_then_put(out, b)
    }

    #[cold]
    fn flush_then_put<S: Storage>(&mut self, out: &mut S, b: u8) -> Result<(), CapacityError> {
        self.flush(out)?;
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
        Ok(())
    }

    /// Appends ASCII bytes.
    #[inline]
    fn put_ascii<S: Storage>(&mut self, out: &mut S, bytes: &[u8]) -> Result<(), CapacityError> {
        if self.len + bytes.len() > self.buf.len() {
            self.flush(out)?;
            if bytes.len() > self.buf.len() {
                self.spilled = true;
                return out.push_ascii(bytes);
            }
        }
        if let Some(dst) = self.buf.get_mut(self.len..) {
            crate::bytes::copy(dst, bytes);
        }
        self.len += bytes.len();
        Ok(())
    }

    #[inline]
    pub(super) fn put_char<S: Storage>(
        &mut self,
        out: &mut S,
        c: u32,
    ) -> Result<(), CapacityError> {
        if c < 0x80 {
            return self.put_byte(out, c as u8);
        }
        if self.len + 4 > self.buf.len() {
            self.flush(out)?;
        }
        let ch = char::from_u32(c).unwrap_or('\u{FFFD}');
        // Four bytes of room were made above; `encode_utf8` would panic
        // without them, so write the bytes through a char-sized array.
        let mut utf8 = [0u8; 4];
        let text = ch.encode_utf8(&mut utf8).as_bytes();
        if let Some(dst) = self.buf.get_mut(self.len..) {
            crate::bytes::copy(dst, text);
        }
        self.len += text.len();
        self.ascii = false;
        Ok(())
    }

    /// Drops what is buffered, as if nothing had been put.
    fn clear(&mut self) {
        self.len = 0;
        self.ascii = true;
        self.spilled = false;
    }

    pub(super) fn flush<S: Storage>(&mut self, out: &mut S) -> Result<(), CapacityError> {
        if self.len > 0 {
            let bytes = self.buf.get(..self.len).unwrap_or_default();
            if self.ascii {
                out.push_ascii(bytes)?;
            } else {
                // Only whole characters are ever buffered.
                out.push_str(core::str::from_utf8(bytes).unwrap_or(""))?;
            }
            self.len = 0;
            self.ascii = true;
            self.spilled = true;
        }
        Ok(())
    }
}
