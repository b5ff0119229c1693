//! Scheme start, scheme and no scheme states (url.bs §4.4).

use crate::error::ParseError;
use crate::storage::Storage;
use crate::url::SchemeType;
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    /// Scheme state, entered at an ASCII alpha. Scans the whole scheme.
    pub(super) fn scheme_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let start = *i;
        let mut j = start;
        // Scheme code points are alphanumerics, +, - and .; upper case and
        // skipped tab/newline make the output differ from the input.
        let mut differs = false;
        loop {
            match input.bytes.get(j) {
                Some(&b)
                    if b.is_ascii_lowercase()
                        || b.is_ascii_digit()
                        || matches!(b, b'+' | b'-' | b'.') =>
                {
                    j += 1
                }
                Some(&b) if b.is_ascii_uppercase() || crate::byte_class::is_tab_or_newline(b) => {
                    differs = true;
                    j += 1;
                }
                Some(b':') => break,
                _ => {
                    // Not a scheme: start over in the no scheme state.
                    *i = 0;
                    return Ok(State::NoScheme);
                }
            }
        }
        let colon = j;
        if !differs {
            self.w.push_span(start, colon)?;
        } else {
            for &b in input.bytes.get(start..colon).unwrap_or_default() {
                if !crate::byte_class::is_tab_or_newline(b) {
                    self.w.push_byte(b.to_ascii_lowercase())?;
                }
            }
        }
        self.scheme_end = self.w.len();
        self.scheme_type = SchemeType::of(self.w.as_bytes().get(self.origin..).unwrap_or_default());
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
