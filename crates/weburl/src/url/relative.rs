//! The shortest relative reference from one URL to another.
//!
//! The URL Standard resolves references but has no inverse; this one is
//! checked against the standard's own resolution: a reference is only
//! returned when [`Url::join`] turns it back into exactly the target.

use super::Url;
use alloc::string::String;
use alloc::vec::Vec;

impl Url {
    /// A relative reference `r` such that `self.join(r)` is `url`, or
    /// `None` when there is none: different scheme, credentials, host or
    /// port, or an opaque path on either side. The reference is the
    /// shortest of its shape: `""` for the same URL without a fragment,
    /// `?q` or `#f` when only those differ, otherwise a path relative to
    /// this URL's directory (`../x/y`), or an absolute path (`/x/y`) when
    /// `..` cannot get there (a `file:` drive letter).
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.com/docs/guide/intro.html")?;
    /// let to = |s| base.make_relative(&Url::parse(s).unwrap());
    /// assert_eq!(to("https://example.com/docs/guide/setup.html").as_deref(), Some("setup.html"));
    /// assert_eq!(to("https://example.com/docs/api/").as_deref(), Some("../api/"));
    /// assert_eq!(to("https://example.com/docs/guide/intro.html#install").as_deref(), Some("#install"));
    /// assert_eq!(to("https://example.org/"), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || url.has_opaque_path()
            || self.scheme() != url.scheme()
            || self.username() != url.username()
            || self.password() != url.password()
            || self.host() != url.host()
        {
            return None;
        }
        let relative = relative_path(self, url);
        if self.join(&relative).is_ok_and(|joined| joined == *url) {
            return Some(relative);
        }
        // `..` cannot climb above a file: drive letter, and a relative
        // reference cannot add an empty host (`a:/x` to `a:///y`); a path
        // from the root, or from the authority, can get there.
        let mut absolute = String::with_capacity(url.href().len() + 2);
        if url.pathname().starts_with("//") {
            // Else the path's empty first segment would read as a host.
            absolute.push_str("/.");
        }
        absolute.push_str(url.pathname());
        push_query_and_fragment(&mut absolute, url);
        if self.join(&absolute).is_ok_and(|joined| joined == *url) {
            return Some(absolute);
        }
        let authority = url.href().get(url.scheme().len() + 1..)?;
        authority
            .starts_with("//")
            .then(|| String::from(authority))
            .filter(|network| self.join(network).is_ok_and(|joined| joined == *url))
    }
}

/// The reference through this URL's directory: `../` for each of its
/// directories the target does not share, then the target's own.
fn relative_path(base: &Url, url: &Url) -> String {
    let (base_dirs, base_last) = split_last(base.pathname());
    let (dirs, last) = split_last(url.pathname());
    let mut out = String::new();
    if base_dirs == dirs && base_last == last {
        // The same path: the query and fragment say the rest. A target
        // without a query needs its path spelled out, since an empty or
        // `#f` reference keeps the base's query.
        if url.query().is_none() && base.query().is_some() {
            push_last(&mut out, last);
        }
    } else {
        let base_dirs: Vec<&str> = segments(base_dirs).collect();
        let dirs: Vec<&str> = segments(dirs).collect();
        let shared = base_dirs
            .iter()
            .zip(&dirs)
            .take_while(|(a, b)| a == b)
            .count();
        for _ in shared..base_dirs.len() {
            out.push_str("../");
        }
        for dir in dirs.get(shared..).unwrap_or_default() {
            out.push_str(dir);
            out.push('/');
        }
        if out.is_empty() {
            push_last(&mut out, last);
        } else {
            out.push_str(last);
        }
        // A first segment holding `:` would read as a scheme, and a
        // leading `/` as a path from the root (or `//` as a host).
        let first = out.split('/').next().unwrap_or_default();
        if first.contains(':') || out.starts_with('/') {
            out.insert_str(0, "./");
        }
    }
    if !out.is_empty() || url.query() != base.query() {
        if let Some(query) = url.query() {
            out.push('?');
            out.push_str(query);
        }
    }
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// A last segment as a reference on its own: `./` for an empty one, and
/// `./` before one that would read as a scheme.
fn push_last(out: &mut String, last: &str) {
    if last.is_empty() || last.contains(':') {
        out.push_str("./");
    }
    out.push_str(last);
}

/// `/a/b/c` → (`a/b`, `c`); `/c` → (none, `c`); `/a/` → (`a`, ``);
/// `//c` → (``, `c`): one empty directory.
fn split_last(pathname: &str) -> (Option<&str>, &str) {
    let path = pathname.strip_prefix('/').unwrap_or(pathname);
    match path.rfind('/') {
        Some(i) => (Some(&path[..i]), &path[i + 1..]),
        None => (None, path),
    }
}

/// The directory segments from `split_last`.
fn segments(dirs: Option<&str>) -> impl Iterator<Item = &str> {
    dirs.into_iter().flat_map(|d| d.split('/'))
}

fn push_query_and_fragment(out: &mut String, url: &Url) {
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
}
