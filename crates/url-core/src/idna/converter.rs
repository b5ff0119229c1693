//! UTS #46 §4 steps 3 and 4 on the normalized text as it comes out of NFC:
//! each label is collected, then validated and converted (ToASCII step 3
//! Punycode-encodes it) the moment it ends.

use super::ascii_label::std3_ok;
use super::ascii_label::{AsciiLabel, DnsLength};
use super::chunk::Chunk;
use super::label::{self, Bidi, LabelBuf, Source, MAX_LABEL};
use super::mapping::XN;
use super::process::{Conversion, Outcome};
use super::punycode::{self, decode_label};
use super::Exit;
use crate::storage::{CapacityError, Storage};
use idna_tables::Mapping;

/// Steps 3 and 4 on the normalized text as it arrives: collects a label,
/// then validates and converts it at its end.
pub(super) struct Converter {
    conversion: Conversion,
    /// Fed by [`super::fast`]: every code point is ASCII or valid as it is,
    /// and the text is NFC; a label with a joiner or a non-starter is
    /// [`Converter::checked`]; see there.
    pub(super) fast: bool,
    /// Fed by the fast front, the domain is a Bidi domain name (it met an
    /// R, AL or AN code point): each label is fed to CheckBidi as it ends,
    /// the labels before that point already were ([`Converter::start_bidi`]).
    fast_bidi: bool,
    /// Where the labels the fast front converted before the general path
    /// took over are (`out[replay]`), while CheckBidi has not had them: it
    /// needs them only once the domain is a Bidi domain name, and most
    /// domains never are.
    replay: Option<core::ops::Range<usize>>,
    /// The current label (while it fits).
    pub(super) buf: LabelBuf,
    /// The current label is all ASCII so far.
    pub(super) ascii: bool,
    /// Fed by the fast front, the current label holds a joiner or a
    /// non-starter: it gets the general path's checks at its end.
    pub(super) checked: bool,
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
    pub(super) fn new(conversion: Conversion, fast: bool) -> Self {
        Converter {
            conversion,
            fast,
            fast_bidi: false,
            replay: None,
            buf: LabelBuf::new(),
            ascii: true,
            checked: false,
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
    pub(super) fn restart(&mut self) {
        self.fast = false;
        self.fast_bidi = false;
        self.replay = None;
        self.buf.clear();
        self.ascii = true;
        self.checked = false;
        self.long = None;
        self.labels = false;
        self.bidi = Bidi::new();
        self.dns = DnsLength::new();
        self.strict_ok = true;
        self.chunk.clear();
    }

    /// Leaves the fast front for the general path at a label's start, the
    /// labels before it (`out[done]`: their text, each ended by its FULL
    /// STOP) converted by the fast front: their Bidi_Class is fed to
    /// CheckBidi if the domain turns out a Bidi domain name
    /// ([`Converter::replay_if_bidi`]), as the general path's checks would
    /// have (the rule holds label by label, in any order), and the label
    /// begun is dropped (the general path reads it again).
    pub(super) fn take_over(&mut self, done: core::ops::Range<usize>) {
        self.fast = false;
        self.buf.clear();
        self.ascii = true;
        self.checked = false;
        // (With `fast_bidi`, CheckBidi has had them already.)
        if !self.fast_bidi {
            self.replay = Some(done);
        }
        self.fast_bidi = false;
    }

    /// Feeds CheckBidi the labels [`Converter::take_over`] left, once the
    /// domain is a Bidi domain name; between labels.
    fn replay_if_bidi<S: Storage>(&mut self, out: &S) {
        // (With the `small` feature there is no fast front.)
        if !cfg!(feature = "small") && self.bidi.domain_is_bidi {
            if let Some(done) = self.replay.take() {
                self.replay_bidi(out.as_bytes().get(done).unwrap_or_default());
            }
        }
    }

    /// The fast front met an R, AL or AN code point in the label it is
    /// collecting: the domain is a Bidi domain name, so CheckBidi needs
    /// every label. Those before (`done`, as for [`Converter::take_over`])
    /// are fed now, this one and the rest as they end.
    pub(super) fn start_bidi(&mut self, done: &[u8]) {
        if !self.fast_bidi {
            self.fast_bidi = true;
            self.replay_bidi(done);
        }
    }

    /// Feeds CheckBidi the labels the fast front converted (`done`: their
    /// text, each ended by its FULL STOP).
    fn replay_bidi(&mut self, done: &[u8]) {
        let mut i = 0;
        while let Some(&b) = done.get(i) {
            if b < 0x80 {
                // (Upper case has the Bidi_Class of lower case.)
                if b == b'.' {
                    self.bidi.end_label();
                } else {
                    self.bidi.push(u32::from(b));
                }
                i += 1;
                continue;
            }
            let Some((c, next)) = super::mapping::char_at(done, i) else {
                break;
            };
            // The fast front took what Map makes of each code point: one
            // in its final form, a FULL STOP (the label ends), or nothing.
            match super::mapping::mapping(c) {
                Mapping::Char('.') => self.bidi.end_label(),
                Mapping::Char(m) => self.bidi.push(m as u32),
                Mapping::Ignored => {}
                _ => self.bidi.push(c),
            }
            i = next;
        }
    }

    /// One code point of the normalized text. Out of line on the
    /// size-first targets, where its callers' closures otherwise get a
    /// copy each.
    #[cfg_attr(
        any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        ),
        inline(always)
    )]
    #[cfg_attr(
        not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )),
        inline(never)
    )]
    pub(super) fn push<S: Storage>(&mut self, out: &mut S, d: u32) -> Result<(), Exit> {
        if d == u32::from(b'.') {
            return self.end_label(out);
        }
        if let Some(long) = &mut self.long {
            // A label with a non-ASCII code point is at most MAX_LABEL long.
            let b = u8::try_from(d)
                .ok()
                .filter(u8::is_ascii)
                .ok_or(Exit::Invalid)?;
            long.push(b, &mut self.bidi);
            return self.chunk.put_byte(out, b).map_err(Exit::Capacity);
        }
        // A label that fails whatever follows fails ToASCII now, before
        // the rest of it (and the labels after it) is mapped and
        // normalized: Ada fails such domains at the code point, and so
        // does the fast front at a disallowed one. ToUnicode goes on (its
        // output keeps the label). No mark or joiner is below U+0300.
        // Where scans are vector ones (servers): the byte-loop targets
        // keep the size, and the label's end gives the same answer.
        if crate::simd::VECTOR
            && d >= 0x300
            && self.conversion != Conversion::Unicode
            && label::fails_at(self.buf.as_slice(), d)
        {
            return Err(Exit::Invalid);
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
    fn go_long<S: Storage>(&mut self, out: &mut S, d: u32) -> Result<(), Exit> {
        if !self.ascii || d >= 0x80 || self.buf.as_slice().starts_with(&XN) {
            return Err(Exit::Invalid);
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
    pub(super) fn end_label<S: Storage>(&mut self, out: &mut S) -> Result<(), Exit> {
        let written = if let Some(long) = self.long.take() {
            self.bidi.end_label();
            let v = long.finish();
            if !v.ok {
                return Err(Exit::Invalid);
            }
            self.strict_ok &= v.strict_ok;
            long.len()
        } else {
            let is_xn = self.buf.as_slice().starts_with(&XN);
            self.separate(out)?;
            let written = self.convert(out, is_xn)?;
            self.buf.clear();
            self.ascii = true;
            self.checked = false;
            written
        };
        self.dns.label(written);
        self.replay_if_bidi(out);
        // CheckBidi fails the domain once it is a Bidi domain name with a
        // label that breaks the rule, whatever the labels after it hold.
        if !self.bidi.ok() {
            return Err(Exit::Invalid);
        }
        Ok(())
    }

    /// [`Converter::end_label`] for the fast front, the labels before this
    /// one at `out[done]`. An `xn--` label is decoded and checked as the
    /// general path checks it, CheckBidi included: if it makes the domain a
    /// Bidi domain name, the labels before it are fed to CheckBidi
    /// ([`Converter::replay_if_bidi`]), and the labels after it as they end.
    /// (Should a later label start that, the replay reads this one as its
    /// ASCII, which passes the rule whatever the domain: an `xn--` label
    /// that decodes is 'x', 'n', '-', letters and digits, ending in one of
    /// those; and its decoded code points have had their say.)
    pub(super) fn end_fast_label<S: Storage>(
        &mut self,
        out: &mut S,
        done: core::ops::Range<usize>,
    ) -> Result<(), Exit> {
        if self.fast_bidi || !self.buf.as_slice().starts_with(&XN) {
            return self.end_label(out);
        }
        self.replay = Some(done);
        let r = self.end_label(out);
        // Taken: the domain is a Bidi domain name now.
        self.fast_bidi = self.replay.take().is_none();
        r
    }

    /// Validates and writes the label in `buf`; returns the bytes written
    /// (ToASCII; 0 for ToUnicode, which has no DNS length check).
    fn convert<S: Storage>(&mut self, out: &mut S, is_xn: bool) -> Result<usize, Exit> {
        // Never fed by the fast front with the `small` feature. An `xn--`
        // label has Punycode to decode, whose code points the fast front
        // has not seen: checked below as the general path's are (see
        // `end_fast_label`).
        if !cfg!(feature = "small") && self.fast && !is_xn {
            if self.checked {
                // A joiner or a non-starter: the general checks (the text
                // is NFC and valid). Fed to CheckBidi here even before the
                // domain is a Bidi domain name: a replay then would feed
                // this label again, to the same verdict.
                self.check_label(Source::Mapped)?;
            } else {
                // Only CheckHyphens and UseSTD3ASCIIRules are left to check
                // (see `super::fast`), and CheckBidi in a Bidi domain name.
                let cps = self.buf.as_slice();
                self.strict_ok &= cps.iter().all(|&c| std3_ok(c)) && label::hyphens_of(cps);
                if self.fast_bidi {
                    for &c in cps {
                        self.bidi.push(c);
                    }
                    self.bidi.end_label();
                }
            }
        } else if !self.ascii || is_xn {
            if is_xn {
                // Step 4.1: `xn--` labels must be ASCII and valid Punycode
                // decoding to a non-empty, non-ASCII label (P4).
                if !self.ascii {
                    return Err(Exit::Invalid);
                }
                let mut puny = [0u8; MAX_LABEL];
                let cps = self.buf.as_slice().get(XN.len()..).unwrap_or(&[]);
                for (d, &c) in puny.iter_mut().zip(cps) {
                    *d = c as u8;
                }
                let n = cps.len();
                let puny = puny.get(..n).unwrap_or_default();
                if !decode_label(puny, &mut self.buf) {
                    return Err(Exit::Invalid);
                }
                self.ascii = false;
                if self.conversion == Conversion::Ascii {
                    // ToASCII step 3 encodes the decoded label again, which
                    // gives back the Punycode it came from (in lower case,
                    // as here): RFC 3492's encoding is unique, and its
                    // decoder accepts no other (`decoding_accepts_only_
                    // what_encoding_gives` checks it). So, once the label
                    // is valid, that Punycode is written as it is.
                    self.check_label(Source::Decoded)?;
                    self.chunk.put_ascii(out, b"xn--")?;
                    self.chunk.put_ascii(out, puny)?;
                    return Ok(XN.len() + puny.len());
                }
            }
            let source = if is_xn {
                Source::Decoded
            } else if self.conversion == Conversion::Unicode {
                Source::MappedKeepingDisallowed
            } else {
                Source::Mapped
            };
            self.check_label(source)?;
        } else {
            // An ASCII label: checked here, written below.
            let mut a = AsciiLabel::new();
            for &c in self.buf.as_slice() {
                a.push(c as u8, &mut self.bidi);
            }
            self.bidi.end_label();
            let v = a.finish();
            if !v.ok {
                return Err(Exit::Invalid);
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

    /// Step 4's validity criteria on the non-ASCII label in `buf`.
    fn check_label(&mut self, source: Source) -> Result<(), Exit> {
        let v = label::check(self.buf.as_slice(), source, &mut self.bidi);
        if !v.ok {
            return Err(Exit::Invalid);
        }
        self.strict_ok &= v.strict_ok;
        Ok(())
    }

    /// Writes the valid non-ASCII label in `buf` in its final form; returns
    /// the bytes written (see [`Converter::convert`]).
    fn encode<S: Storage>(&mut self, out: &mut S) -> Result<usize, Exit> {
        if self.conversion == Conversion::Unicode {
            for &c in self.buf.as_slice() {
                self.chunk.put_char(out, c)?;
            }
            return Ok(0);
        }
        // ToASCII step 3.
        self.chunk.put_ascii(out, b"xn--")?;
        if self.conversion == Conversion::AsciiValidity {
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
            return Err(Exit::Invalid);
        }
        Ok(n)
    }

    /// Ends the last label, decides the outcome and puts the result in
    /// place of the input (`out[start..end]`).
    pub(super) fn finish<S: Storage>(
        &mut self,
        out: &mut S,
        start: usize,
        end: usize,
    ) -> Result<Outcome, Exit> {
        self.end_label(out)?;
        self.complete(out, start, end)
    }

    /// [`Converter::finish`] once the last label has ended.
    pub(super) fn complete<S: Storage>(
        &mut self,
        out: &mut S,
        start: usize,
        end: usize,
    ) -> Result<Outcome, Exit> {
        // CheckBidi: in a Bidi domain name every label satisfies RFC 5893.
        self.replay_if_bidi(out);
        if !self.bidi.ok() {
            return Err(Exit::Invalid);
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
            strict_ok: self.strict_ok && (self.conversion == Conversion::Unicode || self.dns.ok()),
        })
    }
}
