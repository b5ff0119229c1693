//! `Position` and slicing a URL between component boundaries.

use crate::parts::Parts;
use crate::url::Url;
use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

/// A boundary between components of a URL's serialization, for slicing:
/// `&url[Position::BeforeHost..Position::AfterPort]`.
///
/// The end of a component and the start of the next are the same position
/// or are separated by a delimiter (`:`, `//`, `@`, `?`, `#`); the first `/`
/// of a path belongs to the path. An absent component is an empty range
/// where it would be.
///
/// ```
/// use weburl_url::{Position, Url};
/// let url = Url::parse("https://user:pw@example.com:8080/p?q#f")?;
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[..Position::AfterPath], "https://user:pw@example.com:8080/p");
/// assert_eq!(&url[Position::BeforeQuery..], "q#f");
/// assert_eq!(&url[Position::BeforePassword..Position::AfterPassword], "pw");
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub enum Position {
    /// Start of the URL.
    BeforeScheme,
    /// End of the scheme (before `:`).
    AfterScheme,
    /// Start of the username (after `://`, or after `:` without authority).
    BeforeUsername,
    /// End of the username.
    AfterUsername,
    /// Start of the password (after `:`), or the end of the username.
    BeforePassword,
    /// End of the password (before `@`), or the end of the username.
    AfterPassword,
    /// Start of the host.
    BeforeHost,
    /// End of the host.
    AfterHost,
    /// Start of the port (after `:`), or the end of the host.
    BeforePort,
    /// End of the port, or the end of the host.
    AfterPort,
    /// Start of the path.
    BeforePath,
    /// End of the path.
    AfterPath,
    /// Start of the query (after `?`), or the end of the path.
    BeforeQuery,
    /// End of the query.
    AfterQuery,
    /// Start of the fragment (after `#`), or the end of the query.
    BeforeFragment,
    /// End of the URL.
    AfterFragment,
}

impl Parts {
    /// The byte offset of `position`.
    pub(crate) fn index(&self, position: Position) -> usize {
        let no_password = self.username_end;
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => self.scheme_end,
            Position::BeforeUsername => self.username_start,
            Position::AfterUsername => self.username_end,
            Position::BeforePassword => self.password.map_or(no_password, |(start, _)| start),
            Position::AfterPassword => self.password.map_or(no_password, |(_, end)| end),
            Position::BeforeHost => self.host_start,
            Position::AfterHost => self.host_end,
            Position::BeforePort => match self.port {
                Some(_) => self.host_end + 1,
                None => self.host_end,
            },
            Position::AfterPort => match self.port {
                // The path starts right after the port digits.
                Some(_) => self.path_start,
                None => self.host_end,
            },
            Position::BeforePath => self.path_start,
            Position::AfterPath => self.path_end(),
            Position::BeforeQuery => match self.query_start {
                Some(q) => q + 1,
                None => self.fragment_start.unwrap_or(self.len),
            },
            Position::AfterQuery => self.fragment_start.unwrap_or(self.len),
            Position::BeforeFragment => self.fragment_start.map_or(self.len, |f| f + 1),
            Position::AfterFragment => self.len,
        }
    }
}

/// The whole serialization.
impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}

/// The serialization from `range.start` on.
impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        let start = Parts::of(&self.inner).index(range.start);
        self.as_str().get(start..).unwrap_or("")
    }
}

/// The serialization up to `range.end`.
impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        let end = Parts::of(&self.inner).index(range.end);
        self.as_str().get(..end).unwrap_or("")
    }
}

/// The serialization between the two positions; empty when `start` is
/// after `end` (where `url` would panic).
impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        let parts = Parts::of(&self.inner);
        let (start, end) = (parts.index(range.start), parts.index(range.end));
        self.as_str().get(start..end).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::Position::*;
    use super::*;

    #[test]
    fn every_position_on_a_full_url() {
        let url = Url::parse("https://u:p@h.example:81/a/b?q=1#f").unwrap();
        let cases = [
            (BeforeScheme, AfterScheme, "https"),
            (BeforeUsername, AfterUsername, "u"),
            (BeforePassword, AfterPassword, "p"),
            (BeforeHost, AfterHost, "h.example"),
            (BeforePort, AfterPort, "81"),
            (BeforePath, AfterPath, "/a/b"),
            (BeforeQuery, AfterQuery, "q=1"),
            (BeforeFragment, AfterFragment, "f"),
            (AfterScheme, BeforeUsername, "://"),
            (AfterPassword, BeforeHost, "@"),
            (AfterPath, BeforeQuery, "?"),
        ];
        for (a, b, want) in cases {
            assert_eq!(&url[a..b], want, "{a:?}..{b:?}");
        }
    }

    #[test]
    fn absent_components_are_empty() {
        let url = Url::parse("mailto:a@b.example").unwrap();
        assert_eq!(&url[BeforeHost..AfterPort], "");
        assert_eq!(&url[BeforePath..AfterPath], "a@b.example");
        assert_eq!(&url[BeforeQuery..], "");
        let url = Url::parse("https://user@h.example/").unwrap();
        assert_eq!(&url[BeforePassword..AfterPassword], "");
        assert_eq!(&url[BeforeUsername..AfterUsername], "user");
        // Reversed range: empty, not a panic.
        assert_eq!(&url[AfterPath..BeforeScheme], "");
    }
}
