//! Query and fragment states (url.bs §4.4), with the query's legacy encodings.

use crate::byte_class::{
    class, is_tab_or_newline, FRAGMENT, HASH, QUERY, SPECIAL_QUERY, TAB_OR_NEWLINE,
};
use crate::encoding::Encoded;
use crate::error::ParseError;
use crate::input::utf8_len;
use crate::percent_encode::{percent_encoded, push_encoded_text};
use crate::storage::{CapacityError, Storage};
use crate::url::SchemeType;
use crate::validation::ValidationSink;

use super::path::RunOf;
use super::state_machine::{State, StateMachine};
use crate::output::Output;
use crate::simd::{find, Stop};

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    pub(super) fn query_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        self.query_start = Some(self.w.len());
        self.w.push_byte(b'?')?;
        let set = if self.special() { SPECIAL_QUERY } else { QUERY };
        let stop = if self.overriding() { 0 } else { HASH };
        // "If encoding is not UTF-8 and url is not special or is ws/wss, set
        // encoding to UTF-8."
        let legacy = self.enc.is_some()
            && self.special()
            && !matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss);
        let (c, at) = if legacy {
            self.encode_query(*i, set, stop)?
        } else if let Some(end) = self.straight_line(
            *i,
            if self.special() {
                Stop::SpecialQuery
            } else {
                Stop::Query
            },
            stop != 0,
        )? {
            (self.input.bytes.get(end).copied(), end)
        } else {
            self.scan(*i, set, stop, RunOf::Component)?
        };
        if c == Some(b'#') {
            *i = at + 1;
            Ok(State::Fragment)
        } else {
            *i = at;
            Ok(State::Done)
        }
    }

    /// The query with a legacy encoding: "percent-encode after encoding" on
    /// the whole query (stateful encoders need it in one go).
    pub(super) fn encode_query(
        &mut self,
        start: usize,
        set: u32,
        stop: u32,
    ) -> Result<(Option<u8>, usize), ParseError> {
        let input = self.input;
        let bytes = input.bytes;
        let end = if stop & HASH != 0 {
            bytes
                .get(start..)
                .unwrap_or_default()
                .iter()
                .position(|&b| b == b'#')
                .map_or(bytes.len(), |k| start + k)
        } else {
            bytes.len()
        };
        if V::ENABLED {
            let mut j = start;
            while let Some(&b) = bytes.get(j).filter(|_| j < end) {
                if !crate::byte_class::is_tab_or_newline(b) {
                    self.check_url_unit(j);
                }
                j += utf8_len(b);
            }
        }
        let Some(enc) = self.enc.take() else {
            return self.scan(start, set, stop, RunOf::Component);
        };
        let w = &mut self.w;
        let mut result: Result<(), CapacityError> = Ok(());
        let mut emit = |piece: Encoded<'_>| {
            if result.is_err() {
                return;
            }
            result = match piece {
                Encoded::Bytes(bs) => bs.iter().try_for_each(|&b| {
                    if b >= 0x80 || class(b) & set != 0 {
                        w.push_ascii(&percent_encoded(b))
                    } else {
                        w.push_byte(b)
                    }
                }),
                Encoded::Unmappable(c) => {
                    let mut digits = [0u8; 7];
                    let mut n = 0;
                    let mut v = c as u32;
                    // At most seven digits (U+10FFFF is 1114111).
                    for slot in digits.iter_mut().rev() {
                        *slot = b'0' + (v % 10) as u8;
                        n += 1;
                        v /= 10;
                        if v == 0 {
                            break;
                        }
                    }
                    w.push_str("%26%23")
                        .and_then(|_| {
                            w.push_ascii(digits.get(digits.len() - n..).unwrap_or_default())
                        })
                        .and_then(|_| w.push_str("%3B"))
                }
            };
        };
        // Chunks between skipped tab/newline bytes; a final empty call ends it.
        let mut run = start;
        for (j, &b) in bytes.iter().enumerate().take(end).skip(start) {
            if crate::byte_class::is_tab_or_newline(b) {
                if j > run {
                    enc.encode(input.s.get(run..j).unwrap_or_default(), false, &mut emit);
                }
                run = j + 1;
            }
        }
        if end > run {
            enc.encode(input.s.get(run..end).unwrap_or_default(), false, &mut emit);
        }
        enc.encode("", true, &mut emit);
        self.enc = Some(enc);
        result?;
        Ok((bytes.get(end).copied(), end))
    }

    pub(super) fn fragment_state(&mut self, i: usize) -> Result<(), ParseError> {
        self.fragment_start = Some(self.w.len());
        self.w.push_byte(b'#')?;
        if self.straight_line(i, Stop::Fragment, false)?.is_none() {
            self.scan(i, FRAGMENT, 0, RunOf::Component)?;
        }
        Ok(())
    }

    /// The query or fragment state's encoding from `i` by the straight-line
    /// encoder (the straight-line route's, 16 bytes per step), when no
    /// validation errors are wanted: the index of what ended it (tabs and
    /// newlines skipped), or `None` when the state is to run code point by
    /// code point (the output then as before). Where the scans are byte
    /// loops anyway (thumbv7em, wasm32), the state keeps to its own, which
    /// is smaller.
    fn straight_line(
        &mut self,
        i: usize,
        stop: Stop,
        ends_at_hash: bool,
    ) -> Result<Option<usize>, ParseError> {
        if !crate::simd::VECTOR || V::ENABLED {
            return Ok(None);
        }
        encode_query_or_fragment(&mut self.w, self.input.bytes, i, stop, ends_at_hash)
            .map(Some)
            .map_err(ParseError::from)
    }
}

/// The query or fragment state's work from `i`, after the `?` or `#`: the
/// bytes percent-encoded with `stop`'s set up to the fragment's `#` when
/// `ends_at_hash` (the `#` is in the query percent-encode sets; not with a
/// state override, nor for the fragment) or the end, whose index is
/// returned. The
/// straight-line form of those states, 16 bytes per step (the straight-line
/// route, the search and hash setters, and the state machine when no
/// validation errors are wanted). A tab or newline is skipped, as the basic
/// URL parser removes them: in these states no other byte depends on its
/// neighbours, so removing one changes nothing else.
pub(crate) fn encode_query_or_fragment<S: Storage>(
    w: &mut Output<'_, '_, S>,
    bytes: &[u8],
    i: usize,
    stop: Stop,
    ends_at_hash: bool,
) -> Result<usize, CapacityError> {
    let mut i = i;
    let mut run = i;
    let halt = if ends_at_hash { HASH } else { 0 };
    let runs_halt = halt | TAB_OR_NEWLINE;
    loop {
        let k = find(bytes, i, stop);
        let Some(&b) = bytes.get(k) else {
            w.push_span(run, k)?;
            return Ok(k);
        };
        w.push_span(run, k)?;
        if b == b'#' && ends_at_hash {
            return Ok(k);
        }
        // The bytes to encode come in runs (a non-ASCII code point is two
        // to four), and in text the next run is often a word away; so do
        // tabs and newlines to remove, in hostile input.
        i = if is_tab_or_newline(b) && !crate::simd::VECTOR {
            // Where scans are byte loops (thumbv7em, wasm32), smaller.
            k + 1
        } else if is_tab_or_newline(b) {
            push_encoded_text::<_, true>(w, bytes, k, stop.class_mask(), halt)?
        } else {
            push_encoded_text::<_, false>(w, bytes, k, stop.class_mask(), runs_halt)?
        };
        run = i;
    }
}
