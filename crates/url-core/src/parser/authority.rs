//! Authority, host and port states (url.bs §4.4).

use crate::byte_class::{class, AUTHORITY_END, AUTHORITY_MARK, TAB_OR_NEWLINE, USERINFO};
use crate::error::ParseError;
use crate::host::{self, HostSyntax};
use crate::percent_encode::percent_encoded;
use crate::storage::Storage;
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};
use crate::host::host_end;
use crate::url::format_port;

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    pub(super) fn authority_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        self.w.push_str("//")?;
        let userinfo_start = self.w.len();
        // Find the end of the authority and the last '@' before it.
        let start = *i;
        let mut end = start;
        let mut last_at = None;
        let mut first_colon = None;
        // What the host state will need: the first ':' outside brackets after
        // the last '@'.
        let mut host_colon = None;
        let mut inside_brackets = false;
        while end < input.len() {
            let b = input.bytes[end];
            if class(b) & (AUTHORITY_END | AUTHORITY_MARK) == 0 {
                end += 1;
                continue;
            }
            match b {
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                b'@' => {
                    self.report(ValidationError::InvalidCredentials, end);
                    last_at = Some(end);
                    host_colon = None;
                    inside_brackets = false;
                }
                b':' => {
                    if first_colon.is_none() {
                        first_colon = Some(end);
                    }
                    if !inside_brackets && host_colon.is_none() {
                        host_colon = Some(end);
                    }
                }
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            end += 1;
        }
        let host_from = last_at.map_or(start, |a| a + 1);
        self.host_hint = Some((host_from, host_colon.unwrap_or(end), host_colon.is_some()));
        if let Some(at) = last_at {
            let colon = first_colon.filter(|&c| c < at);
            let user_end = colon.unwrap_or(at);
            self.encode_range(start, user_end, USERINFO)?;
            self.username_end = self.w.len();
            if let Some(colon) = colon {
                self.w.push_byte(b':')?;
                let before = self.w.len();
                self.encode_range(colon + 1, at, USERINFO)?;
                if self.w.len() == before {
                    // Empty password: not serialized.
                    self.w.truncate(before - 1);
                }
            }
            if self.w.len() > userinfo_start {
                self.w.push_byte(b'@')?;
            }
            if input.skip_ws(at + 1) >= end {
                return Err(self.fail(ValidationError::HostMissing, at + 1));
            }
            *i = at + 1;
        } else {
            self.username_end = userinfo_start;
        }
        self.host_start = self.w.len();
        Ok(State::Host)
    }

    /// Appends `input[start..end]` (tab/newline skipped) UTF-8 percent-encoded
    /// with `set`; no delimiters.
    pub(super) fn encode_range(
        &mut self,
        start: usize,
        end: usize,
        set: u32,
    ) -> Result<(), ParseError> {
        let bytes = self.input.bytes;
        let mut run = start;
        for (i, &b) in bytes.iter().enumerate().take(end).skip(start) {
            if class(b) & set != 0 {
                self.w.push_span(run, i)?;
                if class(b) & TAB_OR_NEWLINE == 0 {
                    self.w.push_ascii(&percent_encoded(b))?;
                }
                run = i + 1;
            }
        }
        self.w.push_span(run, end)?;
        Ok(())
    }

    pub(super) fn host_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let start = *i;
        let (j, to_port) = match self.host_hint.take() {
            Some((from, j, to_port)) if from == start => (j, to_port),
            _ => host_end(input.bytes, start, special, true),
        };
        let empty = input.skip_ws(start) >= j;
        if empty && (to_port || special) {
            return Err(self.fail(ValidationError::HostMissing, j));
        }
        self.host_start = self.w.len();
        let need = self.need();
        self.host_kind = host::parse_host(
            &mut self.w,
            &input,
            start,
            j,
            HostSyntax::of(special),
            self.sink,
            need,
        )?;
        self.host_end = self.w.len();
        if to_port {
            *i = j + 1;
            Ok(State::Port)
        } else {
            *i = j;
            Ok(State::PathStart)
        }
    }

    pub(super) fn port_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let special = self.special();
        let mut j = *i;
        let mut value: u32 = 0;
        let mut digits = 0usize;
        loop {
            let (c, at) = input.at(j);
            j = at;
            match c {
                Some(d @ b'0'..=b'9') => {
                    value = (value * 10 + (d - b'0') as u32).min(0x1_0000);
                    digits += 1;
                    j += 1;
                }
                None | Some(b'/') | Some(b'?') | Some(b'#') => break,
                Some(b'\\') if special => break,
                Some(_) => return Err(self.fail(ValidationError::PortInvalid, j)),
            }
        }
        if digits > 0 {
            if value > 0xFFFF {
                return Err(self.fail(ValidationError::PortOutOfRange, *i));
            }
            let port = value as u16;
            if Some(port) != self.scheme_type.default_port() {
                self.port = Some(port);
                let mut text = [0u8; 6];
                let n = format_port(port, &mut text);
                self.w.push_byte(b':')?;
                self.w.push_ascii(text.get(..n).unwrap_or_default())?;
            }
        }
        *i = j;
        Ok(State::PathStart)
    }
}
