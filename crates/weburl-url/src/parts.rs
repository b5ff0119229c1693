//! Component offsets of a URL's serialization, as `url` names them.
//!
//! weburl keeps its offsets private and gives slices; `Position` slicing,
//! `authority()` and `quirks::internal_components` need byte offsets, so
//! they are recomputed here from the getters' lengths (the serialization is
//! `scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."]
//! path ["?" query] ["#" fragment]`).

/// Byte offsets into `Url::as_str()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts {
    /// The `:` after the scheme.
    pub scheme_end: usize,
    /// Whether the URL has `//` and a host.
    pub has_authority: bool,
    /// Start of the username (after `://`, or after `:` without authority).
    pub username_start: usize,
    /// End of the username.
    pub username_end: usize,
    /// The password, without `:` and `@`, when there is one.
    pub password: Option<(usize, usize)>,
    /// Start of the host (after `@` when there are credentials).
    pub host_start: usize,
    /// End of the host.
    pub host_end: usize,
    /// The port, when not null.
    pub port: Option<u16>,
    /// Start of the path (after `/.` when the URL has one).
    pub path_start: usize,
    /// The `?`, when there is a query.
    pub query_start: Option<usize>,
    /// The `#`, when there is a fragment.
    pub fragment_start: Option<usize>,
    /// Length of the serialization.
    pub len: usize,
}

impl Parts {
    /// The offsets of `url`.
    pub fn of(url: &weburl::Url) -> Parts {
        let len = url.as_str().len();
        let scheme_end = url.scheme().len();
        let fragment_start = url.fragment().map(|f| len - f.len() - 1);
        let query_end = fragment_start.unwrap_or(len);
        let query_start = url.query().map(|q| query_end - q.len() - 1);
        let path_end = query_start.unwrap_or(query_end);
        let path_start = path_end - url.pathname().len();
        let has_authority = url.host_kind() != weburl::HostKind::None;
        let (username_start, username_end, password, host_start, host_end) = if has_authority {
            let username_start = scheme_end + 3;
            let username_end = username_start + url.username().len();
            let password_len = url.password().len();
            let (password, host_start) = if password_len > 0 {
                let start = username_end + 1;
                (
                    Some((start, start + password_len)),
                    start + password_len + 1,
                )
            } else if username_end > username_start {
                (None, username_end + 1)
            } else {
                (None, username_end)
            };
            let host_end = host_start + url.hostname().len();
            (username_start, username_end, password, host_start, host_end)
        } else {
            let at = scheme_end + 1;
            (at, at, None, at, at)
        };
        Parts {
            scheme_end,
            has_authority,
            username_start,
            username_end,
            password,
            host_start,
            host_end,
            port: url.port(),
            path_start,
            query_start,
            fragment_start,
            len,
        }
    }

    /// End of the path: the `?`, else the `#`, else the end.
    pub fn path_end(&self) -> usize {
        self.query_start.or(self.fragment_start).unwrap_or(self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> (Parts, weburl::Url) {
        let url = weburl::Url::parse(s).unwrap();
        (Parts::of(&url), url)
    }

    #[test]
    fn offsets_frame_each_component() {
        let (p, url) = parts("https://us:pw@example.com:8443/a/b?q=1#frag");
        let s = url.as_str();
        assert_eq!(&s[..p.scheme_end], "https");
        assert_eq!(&s[p.username_start..p.username_end], "us");
        let (a, b) = p.password.unwrap();
        assert_eq!(&s[a..b], "pw");
        assert_eq!(&s[p.host_start..p.host_end], "example.com");
        assert_eq!(&s[p.host_end..p.path_start], ":8443");
        assert_eq!(&s[p.path_start..p.path_end()], "/a/b");
        assert_eq!(p.query_start, Some(s.find('?').unwrap()));
        assert_eq!(p.fragment_start, Some(s.find('#').unwrap()));
    }

    #[test]
    fn offsets_without_authority_skip_the_dot_prefix() {
        let (p, url) = parts("web+demo:/.//not-a-host/");
        assert!(!p.has_authority);
        assert_eq!(&url.as_str()[p.path_start..], "//not-a-host/");
        assert_eq!(p.host_start, "web+demo:".len());
        let (p, url) = parts("https://user@example.com/");
        assert_eq!(&url.as_str()[p.host_start..p.host_end], "example.com");
        assert_eq!(p.password, None);
        let (p, url) = parts("file:///tmp/x?#");
        assert_eq!(p.host_start, p.host_end);
        assert_eq!(&url.as_str()[p.path_start..p.path_end()], "/tmp/x");
        assert_eq!(p.query_start.map(|q| q + 1), p.fragment_start);
    }
}
