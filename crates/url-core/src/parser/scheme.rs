//! Scheme start, scheme and no scheme states (url.bs §4.4), and the one
//! scan of a scheme that every engine and the protocol setter share.

use crate::byte_class::{class, is_tab_or_newline, SCHEME, TAB_OR_NEWLINE, UPPER};
use crate::error::ParseError;
use crate::output::Output;
use crate::storage::{CapacityError, Storage};
use crate::url::SchemeType;
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};

/// A scheme at the start of an input: the scheme start and scheme states
/// run to the `:` that ends it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scheme {
    /// Index of the `:`.
    pub colon: usize,
    /// The scheme, lowercased and without tab or newline, classified.
    pub scheme_type: SchemeType,
    /// The scheme holds an ASCII upper-case letter.
    pub upper: bool,
    /// The scheme holds an ASCII tab or newline (which the parser removes).
    pub tab_or_newline: bool,
}

impl Scheme {
    /// The scheme's bytes are its serialization: lower case, nothing
    /// removed.
    #[inline(always)]
    pub fn is_canonical(&self) -> bool {
        !self.upper && !self.tab_or_newline
    }
}

/// Which schemes a scan accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SchemeScan {
    /// Only a scheme that is its own serialization: lower case, no tab or
    /// newline (the canonical recognizer, which declines anything else at
    /// once).
    Canonical,
    /// Any scheme the scheme state accepts, ended by a `:` in the input.
    Input,
    /// As [`SchemeScan::Input`], the input's end counting as the `:`: the
    /// protocol setter parses its value followed by a `:`.
    SetterValue,
}

shared_step! {
/// The scheme start and scheme states over `bytes` from `start` (the first
/// code point, after any tab or newline): the scheme up to its `:`, ASCII
/// tab or newline inside it skipped; otherwise the index of the byte that
/// is no scheme code point (or `bytes.len()`, the input ending first).
pub(crate) fn scan_scheme(bytes: &[u8], start: usize, scan: SchemeScan) -> Result<Scheme, usize> {
    let rest = bytes.get(start..).unwrap_or_default();
    // The schemes of most URLs, recognized by their bytes at once.
    if let Some((known, scheme_type)) = known_colon(rest) {
        return Ok(Scheme {
            colon: start + known,
            scheme_type,
            upper: false,
            tab_or_newline: false,
        });
    }
    // Scheme start state: an ASCII alpha (lower case, for a scheme that
    // is its own serialization).
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return Err(start);
    }
    // The class bits that continue the scheme, and those that must be
    // absent (upper case or a tab or newline, in a canonical scheme).
    let (continues, absent) = match scan {
        SchemeScan::Canonical => (SCHEME, UPPER | TAB_OR_NEWLINE),
        _ => (SCHEME | TAB_OR_NEWLINE, 0),
    };
    let mut seen = 0;
    let mut i = start;
    loop {
        let Some(&b) = bytes.get(i) else {
            if scan == SchemeScan::SetterValue {
                break;
            }
            return Err(i);
        };
        let c = class(b);
        if c & continues == 0 || c & absent != 0 {
            if b != b':' {
                return Err(i);
            }
            break;
        }
        seen |= c;
        i += 1;
    }
    let scheme = bytes.get(start..i).unwrap_or_default();
    // A canonical scan stopped at both, so it need not track them.
    let canonical = scan == SchemeScan::Canonical;
    let upper = !canonical && seen & UPPER != 0;
    let tab_or_newline = !canonical && seen & TAB_OR_NEWLINE != 0;
    Ok(Scheme {
        colon: i,
        scheme_type: if upper || tab_or_newline {
            scheme_type_any_case(scheme)
        } else {
            SchemeType::of(scheme)
        },
        upper,
        tab_or_newline,
    })
}
}

/// [`scan_scheme`] with [`SchemeScan::Canonical`] from the input's start,
/// as the canonical recognizer wants it: the `:`'s index and the scheme's
/// type. The schemes of most URLs are answered without building a
/// [`Scheme`].
#[inline(always)]
pub(crate) fn canonical_scheme(bytes: &[u8]) -> Option<(usize, SchemeType)> {
    // scan_scheme tries the known schemes first.
    scan_scheme(bytes, 0, SchemeScan::Canonical)
        .ok()
        .map(|s| (s.colon, s.scheme_type))
}

/// Appends the scheme found at `bytes[start..]`, lowercased and without tab
/// or newline (the scheme state's buffer).
#[inline]
pub(crate) fn write_scheme<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    start: usize,
    scheme: &Scheme,
) -> Result<(), CapacityError> {
    let text = bytes.get(start..scheme.colon).unwrap_or_default();
    if scheme.is_canonical() {
        w.push_span(start, scheme.colon)
    } else if !scheme.tab_or_newline {
        w.push_ascii_lowercase(text)
    } else {
        text.iter()
            .filter(|&&b| !is_tab_or_newline(b))
            .try_for_each(|&b| w.push_byte(b.to_ascii_lowercase()))
    }
}

/// Where the `:` after `http`, `https` or `file` is, with the scheme's type,
/// if `input` starts with one of them. http and https are told apart by a
/// select on the fifth byte rather than a branch: they come mixed in no
/// pattern a predictor can learn (0.45 mispredicts per URL on userbait.txt,
/// callgrind's model).
#[inline(always)]
pub(super) fn known_colon(input: &[u8]) -> Option<(usize, SchemeType)> {
    let head = input.get(..6)?;
    if head.get(..4) == Some(&b"http"[..]) {
        let s = head.get(4) == Some(&b's');
        let colon = 4 + usize::from(s);
        let scheme_type = if s {
            SchemeType::Https
        } else {
            SchemeType::Http
        };
        return (head.get(colon) == Some(&b':')).then_some((colon, scheme_type));
    }
    (head.get(..5) == Some(&b"file:"[..])).then_some((4, SchemeType::File))
}

/// The type of a scheme that may hold upper case or tab and newline.
fn scheme_type_any_case(scheme: &[u8]) -> SchemeType {
    // Special schemes are at most five letters. Every scheme code point
    // has bit 0x20 set once lowercased (digits, '+', '-' and '.' already do).
    let mut lower = [0u8; 5];
    let mut n = 0;
    for &b in scheme {
        if is_tab_or_newline(b) {
            continue;
        }
        let Some(slot) = lower.get_mut(n) else {
            return SchemeType::NotSpecial;
        };
        *slot = b | 0x20;
        n += 1;
    }
    SchemeType::of(lower.get(..n).unwrap_or_default())
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    /// Scheme state, entered at an ASCII alpha. Scans the whole scheme.
    pub(super) fn scheme_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let start = *i;
        let Ok(scheme) = scan_scheme(self.input.bytes, start, SchemeScan::Input) else {
            // Not a scheme: start over in the no scheme state.
            *i = 0;
            return Ok(State::NoScheme);
        };
        let colon = scheme.colon;
        write_scheme(&mut self.w, self.input.bytes, start, &scheme)?;
        self.scheme_end = self.w.len();
        self.scheme_type = scheme.scheme_type;
        self.w.push_byte(b':')?;
        *i = colon + 1;
        let after = colon;
        Ok(if self.scheme_type == SchemeType::File {
            if self.input.remaining2(after) != (Some(b'/'), Some(b'/')) {
                self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, *i);
            }
            State::File
        } else if self.special()
            && self
                .base
                .is_some_and(|b| b.scheme_type() == self.scheme_type)
        {
            State::SpecialRelativeOrAuthority
        } else if self.special() {
            State::SpecialAuthoritySlashes
        } else if self.input.peek_after(after) == Some(b'/') {
            let (_, slash) = self.input.at(*i);
            *i = slash + 1;
            State::PathOrAuthority
        } else {
            self.opaque_path = true;
            self.set_path_start();
            State::OpaquePath
        })
    }

    pub(super) fn no_scheme_state(
        &mut self,
        c: Option<u8>,
        i: &mut usize,
    ) -> Result<State, ParseError> {
        let Some(base) = self.base else {
            return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, *i));
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, *i));
            }
            // Scheme, path and query from base; fragment state.
            self.copy_base_prefix(base.href_without_fragment().len())?;
            self.opaque_path = true;
            self.path_start = Some(self.origin + base.off.path_start as usize);
            self.query_start = base.off.query_start.map(|q| self.origin + q as usize);
            *i += 1;
            return Ok(State::Fragment);
        }
        if base.scheme_type() != SchemeType::File {
            Ok(State::Relative)
        } else {
            Ok(State::File)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Xorshift;
    use std::vec::Vec;

    /// The scheme start and scheme states byte by byte, as url.bs words
    /// them (plus the canonical scan's stops): the colon's index, the
    /// scheme lowercased without tab or newline, upper case and tab or
    /// newline seen; else where the scan stopped.
    fn definition(
        bytes: &[u8],
        start: usize,
        scan: SchemeScan,
    ) -> Result<(usize, Vec<u8>, bool, bool), usize> {
        if !bytes.get(start).is_some_and(u8::is_ascii_alphabetic) {
            return Err(start);
        }
        let canonical = scan == SchemeScan::Canonical;
        let (mut lower, mut upper, mut tab) = (Vec::new(), false, false);
        for (i, &b) in bytes.iter().enumerate().skip(start) {
            match b {
                b'A'..=b'Z' if canonical => return Err(i),
                b'\t' | b'\n' | b'\r' if canonical => return Err(i),
                b'\t' | b'\n' | b'\r' => tab = true,
                b if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') => {
                    upper |= b.is_ascii_uppercase();
                    lower.push(b.to_ascii_lowercase());
                }
                b':' => return Ok((i, lower, upper, tab)),
                _ => return Err(i),
            }
        }
        if scan == SchemeScan::SetterValue {
            Ok((bytes.len(), lower, upper, tab))
        } else {
            Err(bytes.len())
        }
    }

    /// Random inputs of scheme code points with a stop (':', a tab, a
    /// newline, upper case, a byte no scheme holds) anywhere, some led by
    /// a scheme the known-scheme test answers, from several starts, in
    /// every scan.
    #[test]
    fn scan_scheme_agrees_with_the_definition() {
        let alphabet = b"abzAZ09+-.:\t\n\r/@%\x00\x80\xc3hHttpsfile";
        let mut rng = Xorshift::new(0x5c4e_3e5a_11ce_0001);
        for round in 0..40_000 {
            let len = rng.below(40) as usize;
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.below(4) == 0 {
                        alphabet[rng.below(alphabet.len() as u64) as usize]
                    } else {
                        b'a' + rng.below(26) as u8
                    }
                })
                .collect();
            if round % 3 == 0 && len > 0 {
                // A colon somewhere makes most inputs schemes.
                let at = rng.below(len as u64) as usize;
                bytes[at] = b':';
            }
            if round % 7 == 0 {
                let known: &[u8] =
                    [&b"http:"[..], b"https:", b"file:", b"HTTP:"][rng.below(4) as usize];
                bytes.splice(0..0, known.iter().copied());
            }
            let starts = [
                0,
                1.min(bytes.len()),
                rng.below(bytes.len() as u64 + 1) as usize,
            ];
            for start in starts {
                for scan in [
                    SchemeScan::Canonical,
                    SchemeScan::Input,
                    SchemeScan::SetterValue,
                ] {
                    let want = definition(&bytes, start, scan);
                    let got = scan_scheme(&bytes, start, scan);
                    match (&want, &got) {
                        (Ok((colon, lower, upper, tab)), Ok(s)) => {
                            assert_eq!(s.colon, *colon, "{bytes:?} {start} {scan:?}");
                            assert_eq!(s.scheme_type, SchemeType::of(lower), "{bytes:?}");
                            if scan != SchemeScan::Canonical {
                                assert_eq!(
                                    (s.upper, s.tab_or_newline),
                                    (*upper, *tab),
                                    "{bytes:?}"
                                );
                            }
                        }
                        (Err(w), Err(g)) => assert_eq!(w, g, "{bytes:?} {start} {scan:?}"),
                        _ => panic!("{bytes:?} {start} {scan:?}: {want:?} against {got:?}"),
                    }
                }
            }
        }
    }
}
