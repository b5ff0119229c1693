//! File paths to `file:` URLs and back, for POSIX and Windows paths on
//! every host OS.
//!
//! The URL Standard has no algorithm for this; the mapping is the one
//! browsers and RFC 8089 use: `/a/b` ⇄ `file:///a/b`, `C:\a\b` ⇄
//! `file:///C:/a/b`, `\\server\share\a` ⇄ `file://server/share/a`. Each path
//! component is percent-encoded so that decoding gives back its exact bytes
//! (`%` itself, `?`, `#`, `\` and `|` included), then the string is parsed,
//! so the result is what [`Url::parse`] would give for its href.

use super::Url;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use url_core::percent_encode::percent_decode;
use url_core::HostKind;

/// Why a path could not become a `file:` URL, or a URL a path.
///
/// ```
/// use weburl::{FilePathError, Url};
/// assert_eq!(Url::from_posix_path("relative/x").unwrap_err(), FilePathError::NotAbsolute);
/// assert_eq!(Url::from_windows_path(r"\\.\COM1").unwrap_err(), FilePathError::DevicePath);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathError {
    /// The path is relative: no leading `/` (POSIX), or no drive letter and
    /// root (`C:\`) or UNC server and share (`\\server\share`) on Windows.
    /// `C:x` (drive-relative) and `\x` (root-relative) are relative too.
    NotAbsolute,
    /// A Windows device path (`\\.\…`, or `\\?\` followed by anything but a
    /// drive letter or `UNC\`), which names no file a URL can address.
    DevicePath,
    /// A UNC server name that is not a valid URL host, or `localhost`,
    /// which a `file:` URL cannot keep (the URL parser empties it).
    InvalidServer,
    /// The URL's scheme is not `file`.
    NotFileScheme,
    /// The URL names a file on another host (`file://server/…`); a POSIX
    /// path has no way to say that.
    RemoteHost,
    /// A `file:` URL without a host whose first segment is not a drive
    /// letter has no Windows path (`file:///etc/x`).
    NoDriveLetter,
    /// A percent-encoded path separator (`%2F`, or `%5C` for Windows)
    /// inside a segment: decoding it would change the path's structure.
    EncodedSeparator,
    /// The decoded path is not UTF-8 (a Windows path, or a POSIX path asked
    /// for as a `String`).
    NotUtf8,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilePathError::NotAbsolute => "the path is not absolute",
            FilePathError::DevicePath => "a Windows device path has no file: URL",
            FilePathError::InvalidServer => "the UNC server name is not a usable URL host",
            FilePathError::NotFileScheme => "the URL is not a file: URL",
            FilePathError::RemoteHost => "the file: URL names another host",
            FilePathError::NoDriveLetter => "the file: URL has no drive letter or host",
            FilePathError::EncodedSeparator => "a path segment holds an encoded separator",
            FilePathError::NotUtf8 => "the decoded path is not UTF-8",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FilePathError {}

/// Bytes a path component keeps as they are; everything else becomes `%XX`.
/// `%` must be escaped for decoding to be exact, `?` and `#` would end the
/// path, `/` and `\` would split the component, and `|` after a letter
/// would read as a drive letter (`C|` becomes `C:`).
fn keeps(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@[]".contains(&b)
}

fn push_component(out: &mut String, component: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in component {
        if keeps(b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
}

/// Appends `/component` for each non-empty component of `rest` (split at
/// any byte `is_separator` accepts), and a final `/` when `rest` ends in a
/// separator. `.` and `..` go through as they are: the URL parser resolves
/// them lexically, as Windows does and as a URL must.
fn push_components(out: &mut String, rest: &[u8], is_separator: impl Fn(u8) -> bool) {
    for component in rest.split(|&b| is_separator(b)).filter(|c| !c.is_empty()) {
        out.push('/');
        push_component(out, component);
    }
    if rest.last().is_some_and(|&b| is_separator(b)) && !out.ends_with('/') {
        out.push('/');
    }
}

fn is_drive_letter(bytes: &[u8]) -> bool {
    matches!(bytes, [letter, b':'] if letter.is_ascii_alphabetic())
}

impl Url {
    /// The `file:` URL of an absolute POSIX path, given as bytes (a POSIX
    /// path need not be UTF-8). Repeated slashes collapse; a trailing slash
    /// stays (the URL of a directory); `.` and `..` are resolved lexically,
    /// as the URL parser resolves them, so canonicalize the path first if
    /// symbolic links matter. Available on every OS.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::from_posix_path("/home/me/a b#1.txt")?;
    /// assert_eq!(url.href(), "file:///home/me/a%20b%231.txt");
    /// assert_eq!(url.to_posix_path()?, "/home/me/a b#1.txt");
    /// assert_eq!(Url::from_posix_path(b"/x/\xFF")?.href(), "file:///x/%FF");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_posix_path(path: impl AsRef<[u8]>) -> Result<Url, FilePathError> {
        let path = path.as_ref();
        let Some(rest) = path.strip_prefix(b"/") else {
            return Err(FilePathError::NotAbsolute);
        };
        let mut href = String::with_capacity(8 + path.len() * 3 / 2);
        href.push_str("file://");
        push_components(&mut href, rest, |b| b == b'/');
        if href.len() == "file://".len() {
            href.push('/');
        }
        // Every byte outside `keeps` is escaped, so the only way to fail is
        // a bug here; report it rather than panic.
        Url::parse(&href).map_err(|_| FilePathError::NotAbsolute)
    }

    /// The `file:` URL of an absolute Windows path: `C:\dir\file`,
    /// `\\server\share\file` (UNC), or either in the verbatim form
    /// (`\\?\C:\…`, `\\?\UNC\server\share\…`). `/` separates components
    /// as `\` does, except in verbatim paths. Device paths (`\\.\…`) and
    /// relative forms (`dir\file`, `C:file`, `\file`) are refused.
    /// Available on every OS.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::from_windows_path(r"C:\Users\me\a%b.txt")?.href(), "file:///C:/Users/me/a%25b.txt");
    /// assert_eq!(Url::from_windows_path(r"\\files\share\q1.xlsx")?.href(), "file://files/share/q1.xlsx");
    /// assert_eq!(Url::from_windows_path(r"\\?\UNC\files\share\x")?.href(), "file://files/share/x");
    /// # Ok::<(), weburl::FilePathError>(())
    /// ```
    pub fn from_windows_path(path: &str) -> Result<Url, FilePathError> {
        let bytes = path.as_bytes();
        let sep = |b: u8| b == b'\\' || b == b'/';
        let (verbatim, rest) = match bytes {
            [b'\\', b'\\', b'?', b'\\', rest @ ..] => (true, rest),
            [a, b, b'.' | b'?', c, ..] if sep(*a) && sep(*b) && sep(*c) => {
                return Err(FilePathError::DevicePath)
            }
            _ => (false, bytes),
        };
        let is_separator = |b: u8| b == b'\\' || (!verbatim && b == b'/');
        let mut href = String::with_capacity(8 + path.len() * 3 / 2);
        href.push_str("file://");
        let unc = if verbatim {
            match rest {
                [u, n, c, b'\\', unc @ ..] if [*u, *n, *c].eq_ignore_ascii_case(b"UNC") => {
                    Some(unc)
                }
                [_, b':', ..] => None,
                _ => return Err(FilePathError::DevicePath),
            }
        } else {
            match rest {
                [a, b, unc @ ..] if sep(*a) && sep(*b) => Some(unc),
                _ => None,
            }
        };
        match unc {
            Some(unc) => {
                let mut parts = unc.splitn(3, |&b| is_separator(b));
                let server = parts.next().unwrap_or_default();
                let share = parts.next().unwrap_or_default();
                if server.is_empty() || share.is_empty() {
                    return Err(FilePathError::NotAbsolute);
                }
                // The server becomes the URL's host: nothing in it may end
                // the host early or be read as credentials or a port.
                if server.iter().any(|&b| b"@:?#%[]<>^| \t\r\n".contains(&b)) {
                    return Err(FilePathError::InvalidServer);
                }
                // server is a slice of a &str cut at ASCII separators.
                href.push_str(core::str::from_utf8(server).map_err(|_| FilePathError::NotUtf8)?);
                href.push('/');
                push_component(&mut href, share);
                match parts.next() {
                    // `\\server\share\`: the share's directory.
                    Some([]) => href.push('/'),
                    Some(tail) => push_components(&mut href, tail, is_separator),
                    None => {}
                }
                let url = Url::parse(&href).map_err(|_| FilePathError::InvalidServer)?;
                if url.host_kind() == HostKind::Empty {
                    return Err(FilePathError::InvalidServer);
                }
                Ok(url)
            }
            None => {
                let (drive, tail) = match rest {
                    [d, b':', tail @ ..] if d.is_ascii_alphabetic() => (*d, tail),
                    _ => return Err(FilePathError::NotAbsolute),
                };
                if !tail.first().is_some_and(|&b| is_separator(b)) {
                    return Err(FilePathError::NotAbsolute);
                }
                href.push('/');
                href.push(char::from(drive));
                href.push(':');
                push_components(&mut href, tail, is_separator);
                Url::parse(&href).map_err(|_| FilePathError::NotAbsolute)
            }
        }
    }

    /// The decoded segments of a `file:` URL's path, each checked for an
    /// encoded `/` (and `\` when `backslash_too`).
    fn file_segments(&self, backslash_too: bool) -> Result<Vec<Vec<u8>>, FilePathError> {
        if self.scheme() != "file" {
            return Err(FilePathError::NotFileScheme);
        }
        let path = self.pathname();
        let path = path.strip_prefix('/').unwrap_or(path);
        path.split('/')
            .map(|segment| {
                let bytes: Vec<u8> = percent_decode(segment.as_bytes()).collect();
                if bytes.contains(&b'/') || (backslash_too && bytes.contains(&b'\\')) {
                    Err(FilePathError::EncodedSeparator)
                } else {
                    Ok(bytes)
                }
            })
            .collect()
    }

    /// The POSIX path of a `file:` URL without a host, as bytes
    /// (percent-decoding may give any bytes).
    ///
    /// ```
    /// use weburl::{FilePathError, Url};
    /// assert_eq!(Url::parse("file:///tmp/%FF")?.to_posix_path_bytes()?, b"/tmp/\xFF");
    /// assert_eq!(Url::parse("file://host/x")?.to_posix_path_bytes(), Err(FilePathError::RemoteHost));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_posix_path_bytes(&self) -> Result<Vec<u8>, FilePathError> {
        let segments = self.file_segments(false)?;
        if self.host_kind() != HostKind::Empty {
            return Err(FilePathError::RemoteHost);
        }
        let mut out = Vec::with_capacity(self.pathname().len());
        for segment in segments {
            out.push(b'/');
            out.extend_from_slice(&segment);
        }
        Ok(out)
    }

    /// The POSIX path of a `file:` URL without a host, when it is UTF-8.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("file:///home/me/a%20b")?.to_posix_path()?, "/home/me/a b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_posix_path(&self) -> Result<String, FilePathError> {
        String::from_utf8(self.to_posix_path_bytes()?).map_err(|_| FilePathError::NotUtf8)
    }

    /// The Windows path of a `file:` URL: `file:///C:/a` gives `C:\a`,
    /// `file://server/share/a` gives `\\server\share\a`. An IPv6 host
    /// becomes its UNC spelling (`[::1]` gives `0--1.ipv6-literal.net`).
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("file:///C:/Users/me/a%20b")?.to_windows_path()?, r"C:\Users\me\a b");
    /// assert_eq!(Url::parse("file://srv/share/x")?.to_windows_path()?, r"\\srv\share\x");
    /// assert_eq!(Url::parse("file:///C:")?.to_windows_path()?, r"C:\");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        let segments = self.file_segments(true)?;
        let mut out = String::with_capacity(self.href().len());
        let mut segments = segments.into_iter();
        match self.host_kind() {
            HostKind::Empty | HostKind::None => {
                let drive = segments.next().unwrap_or_default();
                let drive = match drive.as_slice() {
                    [d, b'|'] => [*d, b':'],
                    d if is_drive_letter(d) => [d[0], b':'],
                    _ => return Err(FilePathError::NoDriveLetter),
                };
                out.push(char::from(drive[0]));
                out.push(':');
            }
            HostKind::Ipv6 => {
                out.push_str(r"\\");
                let address = self
                    .hostname()
                    .trim_start_matches('[')
                    .trim_end_matches(']');
                // `::1` is `0--1`: a label must not start or end with `-`.
                if address.starts_with(':') {
                    out.push('0');
                }
                out.extend(address.chars().map(|c| if c == ':' { '-' } else { c }));
                if address.ends_with(':') {
                    out.push('0');
                }
                out.push_str(".ipv6-literal.net");
            }
            _ => {
                out.push_str(r"\\");
                out.push_str(self.hostname());
            }
        }
        let mut any = false;
        for segment in segments {
            any = true;
            out.push('\\');
            out.push_str(core::str::from_utf8(&segment).map_err(|_| FilePathError::NotUtf8)?);
        }
        if !any {
            out.push('\\');
        }
        Ok(out)
    }
}

#[cfg(feature = "std")]
impl Url {
    /// The `file:` URL of an absolute path of this OS: a POSIX path on
    /// Unix ([`Url::from_posix_path`], any bytes), a Windows path on
    /// Windows ([`Url::from_windows_path`]).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl::Url;
    /// let url = Url::from_file_path("/srv/www/index.html")?;
    /// assert_eq!(url.href(), "file:///srv/www/index.html");
    /// assert_eq!(url.to_file_path()?, std::path::Path::new("/srv/www/index.html"));
    /// # }
    /// # Ok::<(), weburl::FilePathError>(())
    /// ```
    pub fn from_file_path(path: impl AsRef<std::path::Path>) -> Result<Url, FilePathError> {
        native::from_path(path.as_ref())
    }

    /// As [`Url::from_file_path`], with a trailing `/`: the URL of a
    /// directory, against which [`Url::join`] resolves names inside it.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl::Url;
    /// let dir = Url::from_directory_path("/srv/www")?;
    /// assert_eq!(dir.join("index.html").unwrap().href(), "file:///srv/www/index.html");
    /// # }
    /// # Ok::<(), weburl::FilePathError>(())
    /// ```
    pub fn from_directory_path(path: impl AsRef<std::path::Path>) -> Result<Url, FilePathError> {
        let mut url = native::from_path(path.as_ref())?;
        if !url.pathname().ends_with('/') {
            let mut pathname = String::with_capacity(url.pathname().len() + 1);
            pathname.push_str(url.pathname());
            pathname.push('/');
            // A file: URL's path takes any string.
            let _ = url.set_pathname(&pathname);
        }
        Ok(url)
    }

    /// The path of this OS that a `file:` URL names
    /// ([`Url::to_posix_path_bytes`] on Unix, [`Url::to_windows_path`] on
    /// Windows).
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FilePathError> {
        native::to_path(self)
    }
}

#[cfg(all(feature = "std", unix))]
mod native {
    use super::{FilePathError, Url};
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    use std::path::{Path, PathBuf};

    pub(super) fn from_path(path: &Path) -> Result<Url, FilePathError> {
        Url::from_posix_path(path.as_os_str().as_bytes())
    }

    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        Ok(PathBuf::from(OsString::from_vec(
            url.to_posix_path_bytes()?,
        )))
    }
}

#[cfg(all(feature = "std", windows))]
mod native {
    use super::{FilePathError, Url};
    use std::path::{Path, PathBuf};

    pub(super) fn from_path(path: &Path) -> Result<Url, FilePathError> {
        Url::from_windows_path(path.to_str().ok_or(FilePathError::NotUtf8)?)
    }

    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        Ok(PathBuf::from(url.to_windows_path()?))
    }
}

#[cfg(all(feature = "std", not(any(unix, windows))))]
mod native {
    use super::{FilePathError, Url};
    use std::path::{Path, PathBuf};

    pub(super) fn from_path(path: &Path) -> Result<Url, FilePathError> {
        Url::from_posix_path(path.to_str().ok_or(FilePathError::NotUtf8)?)
    }

    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        Ok(PathBuf::from(url.to_posix_path()?))
    }
}
