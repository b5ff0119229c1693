//! The builder's last step: parse what was written, and hold the result to
//! the parts given.
//!
//! The serialization is parsed into a storage that holds nothing of its
//! own: its contents are always a prefix of the serialization itself, and
//! a write that would make them anything else is refused and its position
//! kept. So the check needs no second buffer (no allocation, no room in a
//! fixed one), and a failure names the part where it happened.

use super::{BuildError, BuildErrorKind, Builder, UrlPart};
use crate::error::ParseError;
use crate::host::HostKind;
use crate::parser::route;
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::Offsets;

/// A storage whose contents must be `expected[..len]`.
struct Mirror<'e> {
    expected: &'e str,
    len: usize,
    /// Where the first refused write would have differed from `expected`.
    diverged: Option<usize>,
}

impl Mirror<'_> {
    /// Refuses a write that would differ at `at`.
    fn refuse(&mut self, at: usize) -> Result<(), CapacityError> {
        self.diverged.get_or_insert(at);
        Err(CapacityError {
            capacity: self.len,
            needed: at + 1,
        })
    }
}

/// How many leading bytes `a` and `b` share.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl Buffer for Mirror<'_> {
    fn as_str(&self) -> &str {
        self.expected.get(..self.len).unwrap_or_default()
    }
}

impl Storage for Mirror<'_> {
    fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        let rest = self.expected.as_bytes().get(self.len..).unwrap_or_default();
        if rest.starts_with(s.as_bytes()) {
            self.len += s.len();
            return Ok(());
        }
        self.refuse(self.len + common_prefix(rest, s.as_bytes()))
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn replace_range(
        &mut self,
        range: core::ops::Range<usize>,
        with: &str,
    ) -> Result<(), CapacityError> {
        // The result, `expected[..start] + with + expected[end..len]`, must
        // be `expected[..new_len]`: compare the two pieces after `start`.
        let (start, end) = (range.start, range.end);
        if start > end || end > self.len {
            return Ok(());
        }
        let new_len = self.len - (end - start) + with.len();
        let e = self.expected.as_bytes();
        let placed = e.get(start..start + with.len()).unwrap_or_default();
        if placed != with.as_bytes() {
            return self.refuse(start + common_prefix(placed, with.as_bytes()));
        }
        let moved = e.get(end..self.len).unwrap_or_default();
        let there = e.get(start + with.len()..new_len).unwrap_or_default();
        if moved != there || there.len() != end.abs_diff(self.len) {
            return self.refuse(start + with.len() + common_prefix(moved, there));
        }
        self.len = new_len;
        Ok(())
    }
}

impl<S: Storage> Builder<S> {
    /// The offsets the parser must find, from what was written.
    fn offsets(&self) -> Option<Offsets> {
        let at = |i: usize| u32::try_from(i).ok();
        Some(Offsets {
            scheme_end: at(self.scheme_end)?,
            username_end: at(self.username_end)?,
            host_start: at(self.host_start)?,
            host_end: at(self.host_end)?,
            path_start: at(self.path_start)?,
            query_start: match self.query_start {
                Some(q) => Some(at(q)?),
                None => None,
            },
            fragment_start: match self.fragment_start {
                Some(f) => Some(at(f)?),
                None => None,
            },
            port: self.port,
            scheme_type: self.scheme_type,
            host_kind: self.host_kind,
            opaque_path: self.opaque_path,
        })
    }

    /// Parses the serialization; its offsets when it is the URL the parts
    /// describe.
    pub(super) fn check(&mut self) -> Result<Offsets, BuildError> {
        let Some(want) = self.offsets() else {
            return Err(BuildError {
                part: self.part_at(u32::MAX as usize),
                kind: BuildErrorKind::TooLong,
            });
        };
        if !self.dot_prefix {
            return self.parse_back(want).map(|()| want);
        }
        // The serializer's "/." before a path starting with an empty
        // segment: the parser reads "." as a single-dot segment and writes
        // "/." back at the end, so its output is not a prefix of the
        // serialization while it parses. With "/x" instead, the path after
        // it parses exactly as after "/." (each segment on its own: no
        // dot segment follows, and a non-special URL has no drive
        // letters), and the parser writes no "/.": check that URL, then
        // put the "." back. Same length, so neither replacement can fail
        // for want of room.
        let dot = self.scheme_end + 2;
        let probe = Offsets {
            path_start: want.path_start.saturating_sub(2),
            ..want
        };
        let swapped = self.buf.replace_range(dot..dot + 1, "x").is_ok();
        let checked = self.parse_back(probe);
        let restored = self.buf.replace_range(dot..dot + 1, ".").is_ok();
        if !(swapped && restored) {
            return Err(BuildError {
                part: UrlPart::PathSegment(0),
                kind: BuildErrorKind::NotPreserved,
            });
        }
        checked.map(|()| want)
    }

    /// Parses the serialization into a [`Mirror`] of itself: fine when it
    /// parses to itself with the offsets `want`.
    fn parse_back(&self, want: Offsets) -> Result<(), BuildError> {
        let href = self.buf.as_str();
        let mut mirror = Mirror {
            expected: href,
            len: 0,
            diverged: None,
        };
        let parsed = route::state_machine_into(href, &mut mirror);
        let part = match parsed {
            Ok(off) if mirror.len == href.len() => {
                if off == want {
                    return Ok(());
                }
                self.differing_part(&off, &want)
            }
            // Cut short (a trailing part dropped or trimmed).
            Ok(_) => self.part_at(mirror.len),
            Err(ParseError::Capacity(_)) => self.part_at(mirror.diverged.unwrap_or(0)),
            Err(ParseError::Invalid { position, .. }) => self.part_at(position),
            Err(ParseError::TooLong) => {
                return Err(BuildError {
                    part: self.part_at(u32::MAX as usize),
                    kind: BuildErrorKind::TooLong,
                })
            }
            Err(_) => self.part_at(0),
        };
        Err(BuildError {
            part,
            kind: BuildErrorKind::NotPreserved,
        })
    }

    /// The first part whose offsets the parser saw elsewhere.
    fn differing_part(&self, got: &Offsets, want: &Offsets) -> UrlPart {
        if got.scheme_end != want.scheme_end || got.scheme_type != want.scheme_type {
            UrlPart::Scheme
        } else if got.host_kind != want.host_kind {
            UrlPart::Host
        } else if got.username_end != want.username_end {
            UrlPart::Username
        } else if got.host_start != want.host_start {
            UrlPart::Password
        } else if got.host_end != want.host_end {
            UrlPart::Host
        } else if got.port != want.port {
            UrlPart::Port
        } else if got.path_start != want.path_start || got.opaque_path != want.opaque_path {
            self.path_part(want.path_start as usize)
        } else if got.query_start != want.query_start {
            UrlPart::Query
        } else {
            UrlPart::Fragment
        }
    }

    /// The part that was written at byte `pos`.
    fn part_at(&self, pos: usize) -> UrlPart {
        let len = self.buf.len();
        if pos <= self.scheme_end {
            return UrlPart::Scheme;
        }
        if self.host_kind != HostKind::None && pos < self.path_start {
            return if pos < self.scheme_end + 3 || (pos >= self.host_start && pos < self.host_end) {
                UrlPart::Host
            } else if pos < self.username_end {
                UrlPart::Username
            } else if pos < self.host_start {
                UrlPart::Password
            } else {
                UrlPart::Port
            };
        }
        let query = self.query_start.unwrap_or(len);
        let fragment = self.fragment_start.unwrap_or(len);
        if pos < query.min(fragment) || pos >= len {
            self.path_part(pos)
        } else if pos < fragment {
            UrlPart::Query
        } else {
            UrlPart::Fragment
        }
    }

    /// The path part around byte `pos`: the opaque path, or the segment
    /// that the `/`s before `pos` put it in.
    fn path_part(&self, pos: usize) -> UrlPart {
        if self.opaque_path {
            return UrlPart::OpaquePath;
        }
        let before = self
            .buf
            .as_bytes()
            .get(self.path_start..pos.min(self.buf.len()))
            .unwrap_or_default();
        let slashes = before.iter().filter(|&&b| b == b'/').count();
        UrlPart::PathSegment(slashes.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SliceStorage;

    /// A builder whose storage holds `href` as if written part by part,
    /// with one path segment starting at `path_start`: the parser must
    /// disagree wherever `href` is not what the parts say.
    fn tampered(buf: &mut [u8], scheme: &str, host: Option<&str>, path: &str) -> BuildError {
        let mut b = Builder::new(scheme, SliceStorage::new(buf));
        if let Some(h) = host {
            b.host(h);
        }
        b.path_segment("x");
        // Replace the segment just written by raw, unencoded text.
        let start = b.path_start;
        let end = b.buf.len();
        b.buf.replace_range(start..end, path).unwrap();
        b.finish().unwrap_err()
    }

    #[test]
    fn the_check_finds_what_the_parser_changes() {
        let mut buf = [0u8; 64];
        // A dot segment the parser applies.
        let e = tampered(&mut buf, "http", Some("h"), "/%2e");
        assert_eq!(
            (e.part, e.kind),
            (UrlPart::PathSegment(0), BuildErrorKind::NotPreserved)
        );
        // A drive letter the parser normalizes.
        let e = tampered(&mut buf, "file", None, "/C|");
        assert_eq!(
            (e.part, e.kind),
            (UrlPart::PathSegment(0), BuildErrorKind::NotPreserved)
        );
        // A path that reads as a host without the serializer's "/.".
        let e = tampered(&mut buf, "sc", None, "//x");
        assert_eq!(e.kind, BuildErrorKind::NotPreserved);
        // A "#" that starts a fragment.
        let e = tampered(&mut buf, "sc", Some("h"), "/a#b");
        assert_eq!(e.kind, BuildErrorKind::NotPreserved);
        // Untampered, the same builders succeed.
        let mut b = Builder::new("sc", SliceStorage::new(&mut buf));
        b.path_segment("").path_segment("x");
        assert_eq!(b.finish().unwrap().href(), "sc:/.//x");
    }

    #[test]
    fn mirror_accepts_only_prefixes_of_the_expected_text() {
        let mut m = Mirror {
            expected: "abcdef",
            len: 0,
            diverged: None,
        };
        m.push_str("abc").unwrap();
        m.truncate(1);
        m.push_str("bcd").unwrap();
        assert_eq!(m.as_str(), "abcd");
        // Replacing "b" in "ab" by "bc" gives "abc": a prefix again.
        m.truncate(1);
        m.push_str("b").unwrap();
        m.replace_range(1..2, "bc").unwrap();
        assert_eq!(m.as_str(), "abc");
        m.replace_range(0..1, "a").unwrap();
        assert!(m.push_str("dx").is_err());
        assert_eq!(m.diverged, Some(4));
        assert!(m.replace_range(1..1, "z").is_err());
        assert_eq!(m.as_str(), "abc");
    }
}
