//! Query and fragment states (url.bs §4.4), with the query's legacy encodings.

use crate::byte_class::{class, FRAGMENT, HASH, QUERY, SPECIAL_QUERY};
use crate::encoding::Encoded;
use crate::error::ParseError;
use crate::input::utf8_len;
use crate::percent_encode::percent_encoded;
use crate::storage::{CapacityError, Storage};
use crate::url::SchemeType;
use crate::validation::ValidationSink;

use super::state_machine::{State, StateMachine};

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
        } else {
            self.scan(*i, set, stop, false)?
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
            while j < end {
                if !crate::byte_class::is_tab_or_newline(bytes[j]) {
                    self.check_url_unit(j);
                }
                j += utf8_len(bytes[j]);
            }
        }
        let Some(enc) = self.enc.take() else {
            return self.scan(start, set, stop, false);
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
        self.scan(i, FRAGMENT, 0, false)?;
        Ok(())
    }
}
