//! File, file slash and file host states (url.bs §4.4).

use crate::error::ParseError;
use crate::host::HostKind;
use crate::host::{self, HostSyntax};
use crate::storage::Storage;
use crate::url::SchemeType;
use crate::validation::{ValidationError, ValidationSink};

use super::authority::{scan_authority, AuthorityScan};
use super::relative::BasePath;
use super::state_machine::{State, StateMachine};

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    pub(super) fn ensure_file_scheme(&mut self) -> Result<(), ParseError> {
        if self.w.len() == self.origin {
            self.w.push_str("file:")?;
            self.scheme_end = self.origin + 4;
            self.scheme_type = SchemeType::File;
        }
        Ok(())
    }

    /// Writes `//` and an empty host.
    pub(super) fn empty_host(&mut self) -> Result<(), ParseError> {
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        self.host_end = self.w.len();
        self.host_kind = HostKind::Empty;
        Ok(())
    }

    pub(super) fn base_is_file(&self) -> bool {
        self.base
            .is_some_and(|b| b.scheme_type() == SchemeType::File)
    }

    /// "Set url's host to base's host": `//` + base's host (file URLs have no
    /// credentials or port).
    pub(super) fn copy_base_file_host(&mut self) -> Result<(), ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        self.w.push_str(base.hostname())?;
        self.host_end = self.w.len();
        self.host_kind = match base.host_kind() {
            HostKind::None => HostKind::Empty,
            k => k,
        };
        Ok(())
    }

    pub(super) fn file_state(&mut self, c: Option<u8>, i: &mut usize) -> Result<State, ParseError> {
        self.ensure_file_scheme()?;
        if matches!(c, Some(b'/') | Some(b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, *i);
            }
            *i += 1;
            return Ok(State::FileSlash);
        }
        if self.base_is_file() {
            self.copy_base_file_host()?;
            if let Some(next) = self.continue_from_base(c, i)? {
                return Ok(next);
            }
            if !self.input.starts_with_windows_drive_letter(*i) {
                self.copy_base_path(BasePath::Shortened)?;
            } else {
                self.report(ValidationError::FileInvalidWindowsDriveLetter, *i);
                self.set_path_start();
            }
            Ok(State::Path)
        } else {
            self.empty_host()?;
            self.set_path_start();
            Ok(State::Path)
        }
    }

    pub(super) fn file_slash_state(
        &mut self,
        c: Option<u8>,
        i: &mut usize,
    ) -> Result<State, ParseError> {
        if matches!(c, Some(b'/') | Some(b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, *i);
            }
            *i += 1;
            return Ok(State::FileHost);
        }
        if self.base_is_file() {
            self.copy_base_file_host()?;
            self.set_path_start();
            let base = self.base.copied().ok_or(ParseError::TooLong)?;
            let bp = base.pathname().as_bytes();
            let first_is_drive = bp.len() >= 3
                && bp[0] == b'/'
                && bp[1].is_ascii_alphabetic()
                && bp[2] == b':'
                && (bp.len() == 3 || bp[3] == b'/');
            if !self.input.starts_with_windows_drive_letter(*i) && first_is_drive {
                self.w
                    .push_str(base.pathname().get(..3).unwrap_or_default())?;
            }
        } else {
            self.empty_host()?;
            self.set_path_start();
        }
        Ok(State::Path)
    }

    pub(super) fn file_host_state(&mut self, i: &mut usize) -> Result<State, ParseError> {
        let input = self.input;
        let start = *i;
        let j = scan_authority(
            input.bytes,
            start,
            SchemeType::File,
            AuthorityScan::HostOnly,
        )
        .end;
        *i = j;
        // Is the buffer (tab/newline removed) exactly a Windows drive letter?
        let (a, ai) = input.at(start);
        let is_drive = ai < j && a.is_some_and(|a| a.is_ascii_alphabetic()) && {
            let (b, bi) = input.at(ai + 1);
            bi < j && matches!(b, Some(b':') | Some(b'|')) && input.skip_ws(bi + 1) >= j
        };
        if is_drive {
            self.report(ValidationError::FileInvalidWindowsDriveLetterHost, start);
            self.empty_host()?;
            self.set_path_start();
            self.drive_letter = Some((start, j));
            return Ok(State::Path);
        }
        if input.skip_ws(start) >= j {
            self.empty_host()?;
            return Ok(State::PathStart);
        }
        self.w.push_str("//")?;
        self.username_end = self.w.len();
        self.host_start = self.w.len();
        let need = self.need();
        self.host_kind = host::parse_host(
            &mut self.w,
            &input,
            start,
            j,
            HostSyntax::Domain,
            self.sink,
            need,
        )?;
        if self.w.as_bytes().get(self.host_start..) == Some(&b"localhost"[..]) {
            self.w.truncate(self.host_start);
            self.host_kind = HostKind::Empty;
        }
        self.host_end = self.w.len();
        Ok(State::PathStart)
    }
}
