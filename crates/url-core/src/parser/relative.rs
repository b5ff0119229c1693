//! Relative references: what a URL takes from its base URL, and the relative
//! state (url.bs §4.4).

use crate::error::ParseError;
use crate::host::HostKind;
use crate::storage::Storage;
use crate::url::{SchemeType, Url};
use crate::validation::{ValidationError, ValidationSink};

use super::state_machine::{State, StateMachine};

/// How much of the base's path a relative URL starts from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum BasePath {
    /// All of it (the reference is a query, fragment or nothing).
    Whole,
    /// Without its last segment (the reference is a relative path).
    Shortened,
}

impl<'a, 'e, 'i, 's, S: Storage, V: ValidationSink> StateMachine<'a, 'e, 'i, 's, S, V> {
    /// Appends `base.href()[..upto]` and takes base's offsets below `upto`.
    /// Only called while this URL's output is empty, so offsets carry over
    /// shifted by `origin`.
    pub(super) fn copy_base_prefix(&mut self, upto: usize) -> Result<(), ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        let o = base.off;
        let at = |x: u32| self.origin + x as usize;
        self.w
            .push_str(base.href().get(..upto).unwrap_or_default())?;
        self.scheme_end = at(o.scheme_end);
        self.scheme_type = o.scheme_type;
        if upto > o.scheme_end as usize + 1 && o.host_kind != HostKind::None {
            self.username_end = at(o.username_end);
            self.host_start = at(o.host_start);
            self.host_end = at(o.host_end);
            self.host_kind = o.host_kind;
            if upto >= o.path_start as usize {
                self.port = o.port;
            }
        }
        Ok(())
    }

    /// End of base's authority (its serialization up to the path, without a
    /// `/.` prefix).
    pub(super) fn base_authority_end(base: &Url<&str>) -> usize {
        if base.off.host_kind == HostKind::None {
            base.off.scheme_end as usize + 1
        } else {
            base.off.path_start as usize
        }
    }

    /// "Set url's username … port to base's" when the scheme is already written.
    pub(super) fn copy_base_authority(&mut self) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        let o = base.off;
        let from = o.scheme_end as usize + 1;
        let to = Self::base_authority_end(&base);
        self.w
            .push_str(base.href().get(from..to).unwrap_or_default())?;
        if o.host_kind != HostKind::None {
            // Our scheme may differ in length only if it differs, which it cannot
            // here (relative states copy base's scheme); shift anyway.
            let shift = |x: u32| x as usize - from + self.scheme_end + 1;
            self.username_end = shift(o.username_end);
            self.host_start = shift(o.host_start);
            self.host_end = shift(o.host_end);
            self.host_kind = o.host_kind;
            self.port = o.port;
        }
        Ok(())
    }

    /// Base's path, whole or shortened (url.bs §4.2 "shorten a URL's path").
    pub(super) fn copy_base_path(&mut self, part: BasePath) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        self.set_path_start();
        let shorten = part == BasePath::Shortened;
        let path = base.pathname();
        let path = if shorten && !self.is_lone_drive_letter_path(path.as_bytes()) {
            let slash = path.as_bytes().iter().rposition(|&b| b == b'/');
            slash.and_then(|k| path.get(..k)).unwrap_or("")
        } else {
            path
        };
        self.w.push_str(path)?;
        Ok(())
    }

    /// File URLs keep a lone normalized drive letter when shortening.
    pub(super) fn is_lone_drive_letter_path(&self, path: &[u8]) -> bool {
        self.scheme_type == SchemeType::File
            && path.len() == 3
            && path[0] == b'/'
            && path[1].is_ascii_alphabetic()
            && path[2] == b':'
    }

    pub(super) fn copy_base_query(&mut self) -> Result<(), ParseError> {
        let Some(base) = self.base.copied() else {
            return Ok(());
        };
        if let Some(q) = base.query() {
            self.query_start = Some(self.w.len());
            self.w.push_byte(b'?')?;
            self.w.push_str(q)?;
        }
        Ok(())
    }

    /// The relative and file states' shared tail once base's host is copied:
    /// `?` keeps base's path with a new query, `#` base's path and query, the
    /// end all of base. Another code point is left to the caller (`None`).
    pub(super) fn continue_from_base(
        &mut self,
        c: Option<u8>,
        i: &mut usize,
    ) -> Result<Option<State>, ParseError> {
        Ok(Some(match c {
            Some(b'?') => {
                self.copy_base_path(BasePath::Whole)?;
                *i += 1;
                State::Query
            }
            Some(b'#') => {
                self.copy_base_path(BasePath::Whole)?;
                self.copy_base_query()?;
                *i += 1;
                State::Fragment
            }
            None => {
                self.copy_base_path(BasePath::Whole)?;
                self.copy_base_query()?;
                State::Done
            }
            Some(_) => return Ok(None),
        }))
    }

    pub(super) fn relative_state(
        &mut self,
        c: Option<u8>,
        i: &mut usize,
    ) -> Result<State, ParseError> {
        let base = self.base.copied().ok_or(ParseError::TooLong)?;
        // Scheme from base (already written when the input had the same one).
        if self.w.len() == self.origin {
            self.copy_base_prefix(base.off.scheme_end as usize + 1)?;
        }
        let special = self.special();
        match c {
            Some(b'/') => {
                *i += 1;
                Ok(State::RelativeSlash)
            }
            Some(b'\\') if special => {
                self.report(ValidationError::InvalidReverseSolidus, *i);
                *i += 1;
                Ok(State::RelativeSlash)
            }
            // No authority follows: nothing left can fail, and copying
            // base's authority and path is only wanted for the URL itself.
            _ if self.checks_only() => Ok(State::Path),
            _ => {
                self.copy_base_authority()?;
                if let Some(next) = self.continue_from_base(c, i)? {
                    return Ok(next);
                }
                // "Set url's query to null, shorten url's path."
                self.copy_base_path(BasePath::Shortened)?;
                Ok(State::Path)
            }
        }
    }
}
