//! weburl's file-path conversions: known mappings (RFC 8089's examples,
//! the forms browsers produce for local and UNC files, rust-url's own test
//! cases) and round trips of generated POSIX and Windows paths, both
//! converted on this host whatever its OS.

use weburl::{FilePathError, Url};
use weburl_conformance::Rng;

#[test]
fn posix_paths_map_as_browsers_write_them() {
    for (path, href) in [
        (&b"/"[..], "file:///"),
        (b"/foo/bar", "file:///foo/bar"),
        (b"/foo/bar/", "file:///foo/bar/"),
        (b"/foo/ba\0r", "file:///foo/ba%00r"),
        (b"/foo/ba%00r", "file:///foo/ba%2500r"),
        (b"/foo/ba\\r", "file:///foo/ba%5Cr"),
        (b"/foo/ba\x80r", "file:///foo/ba%80r"),
        (b"/c:/", "file:///c:/"),
        (b"/C|/x", "file:///C%7C/x"),
        (b"/a b/#1?x", "file:///a%20b/%231%3Fx"),
        (b"/caf\xC3\xA9", "file:///caf%C3%A9"),
    ] {
        let url = Url::from_posix_path(path).unwrap();
        assert_eq!(url.href(), href, "{path:?}");
        assert_eq!(url.to_posix_path_bytes().unwrap(), path, "{href}");
    }
    // Repeated slashes collapse; dot segments resolve as the parser does.
    for (path, href) in [
        ("//a///b", "file:///a/b"),
        ("/a/./b/../c", "file:///a/c"),
        ("/a/..", "file:///"),
    ] {
        assert_eq!(Url::from_posix_path(path).unwrap().href(), href, "{path}");
    }
    for path in ["", "relative", "../relative", "./x", "C:\\x"] {
        assert_eq!(
            Url::from_posix_path(path).unwrap_err(),
            FilePathError::NotAbsolute,
            "{path}"
        );
    }
}

#[test]
fn windows_paths_map_as_browsers_write_them() {
    for (path, href) in [
        (r"C:\foo\bar", "file:///C:/foo/bar"),
        (r"C:\", "file:///C:/"),
        (r"c:/x/y/", "file:///c:/x/y/"),
        ("C:\\foo\\ba\0r", "file:///C:/foo/ba%00r"),
        (
            r"C:\Program Files\a%b#c.txt",
            "file:///C:/Program%20Files/a%25b%23c.txt",
        ),
        (r"C:\x\ünï", "file:///C:/x/%C3%BCn%C3%AF"),
        (
            r"\\host\share\path\file.txt",
            "file://host/share/path/file.txt",
        ),
        (r"\\host\share", "file://host/share"),
        (
            r"\\höst\share\path\file.txt",
            "file://xn--hst-sna/share/path/file.txt",
        ),
        (r"\\192.168.0.1\share\f", "file://192.168.0.1/share/f"),
        (r"//host/share/x", "file://host/share/x"),
        (r"\\?\C:\foo\bar", "file:///C:/foo/bar"),
        (r"\\?\C:\a/b", "file:///C:/a%2Fb"),
        (
            r"\\?\UNC\host\share\path\file.txt",
            "file://host/share/path/file.txt",
        ),
        (r"\\?\unc\host\share", "file://host/share"),
    ] {
        let url = Url::from_windows_path(path).unwrap();
        assert_eq!(url.href(), href, "{path}");
    }
    for (path, error) in [
        ("relative", FilePathError::NotAbsolute),
        (r"..\relative", FilePathError::NotAbsolute),
        (r"\drive-relative", FilePathError::NotAbsolute),
        (r"C:drive-relative", FilePathError::NotAbsolute),
        ("C:", FilePathError::NotAbsolute),
        (r"\\ucn\", FilePathError::NotAbsolute),
        (r"\\ucn", FilePathError::NotAbsolute),
        (r"\\.\some\path\file.txt", FilePathError::DevicePath),
        (r"//./COM1", FilePathError::DevicePath),
        (r"\\?\Volume{b75e2c83}\x", FilePathError::DevicePath),
        (r"\\?\GLOBALROOT\Device", FilePathError::DevicePath),
        (r"\\localhost\share\x", FilePathError::InvalidServer),
        (r"\\srv:80\share\x", FilePathError::InvalidServer),
        (r"\\user@srv\share\x", FilePathError::InvalidServer),
        (r"\\a b\share\x", FilePathError::InvalidServer),
    ] {
        assert_eq!(Url::from_windows_path(path).unwrap_err(), error, "{path}");
    }
}

#[test]
fn urls_give_back_their_paths() {
    for (href, windows) in [
        ("file:///C:/foo/bar", Ok(r"C:\foo\bar")),
        ("file:///C%3A/foo/bar", Ok(r"C:\foo\bar")),
        ("file:///C|/foo/bar", Ok(r"C:\foo\bar")),
        ("file:///C:", Ok(r"C:\")),
        ("file:///C:/", Ok(r"C:\")),
        ("file://192.168.0.1/share/f", Ok(r"\\192.168.0.1\share\f")),
        (
            "file://[::1]/share/f",
            Ok(r"\\0--1.ipv6-literal.net\share\f"),
        ),
        ("file:///C:/foo/ba%80r", Err(FilePathError::NotUtf8)),
        ("file:///C:/a%5Cb", Err(FilePathError::EncodedSeparator)),
        ("file:///C:/a%2Fb", Err(FilePathError::EncodedSeparator)),
        ("file:///etc/hosts", Err(FilePathError::NoDriveLetter)),
        (
            "https://example.com/C:/x",
            Err(FilePathError::NotFileScheme),
        ),
    ] {
        let url = Url::parse(href).unwrap();
        assert_eq!(
            url.to_windows_path().as_deref().map_err(|e| *e),
            windows,
            "{href}"
        );
    }
    for (href, posix) in [
        ("file:///etc/hosts", Ok(&b"/etc/hosts"[..])),
        ("file://localhost/etc/hosts", Ok(b"/etc/hosts")),
        ("file:///", Ok(b"/")),
        ("file:///tmp/%FF%00", Ok(b"/tmp/\xFF\0")),
        ("file://server/x", Err(FilePathError::RemoteHost)),
        ("file:///a%2Fb", Err(FilePathError::EncodedSeparator)),
        ("http://localhost/x", Err(FilePathError::NotFileScheme)),
    ] {
        let url = Url::parse(href).unwrap();
        assert_eq!(
            url.to_posix_path_bytes().as_deref().map_err(|e| *e),
            posix,
            "{href}"
        );
    }
    assert_eq!(
        Url::parse("file:///tmp/%FF").unwrap().to_posix_path(),
        Err(FilePathError::NotUtf8)
    );
}

/// Pieces of a file name: every byte the encoding must escape, the URL
/// parser's own special characters, non-ASCII, and plain text.
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "file",
    ".txt",
    " ",
    "%",
    "%20",
    "%2e",
    "#",
    "?",
    "|",
    ":",
    ";",
    "@",
    "[",
    "]",
    "^",
    "`",
    "{",
    "}",
    "<",
    ">",
    "\"",
    "'",
    "~",
    "+",
    "=",
    "&",
    "$",
    ",",
    "!",
    "\t",
    "\u{0}",
    "\u{7f}",
    "\u{e9}",
    "\u{1F600}",
    "\u{fffd}",
    "..",
    ".",
    "-",
    "_",
];

fn name(rng: &mut Rng) -> String {
    loop {
        let n = 1 + rng.below(4);
        let s: String = (0..n).map(|_| *rng.pick(PIECES)).collect();
        // `.` and `..` are directory steps, not names; a URL cannot keep
        // them (the parser resolves them).
        if s != "." && s != ".." {
            return s;
        }
    }
}

#[test]
fn generated_posix_paths_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let mut path: Vec<u8> = Vec::new();
        for _ in 0..1 + rng.below(5) {
            path.push(b'/');
            path.extend_from_slice(name(&mut rng).as_bytes());
            // A byte that is not UTF-8: POSIX names are bytes.
            if rng.below(8) == 0 {
                path.push(0x80 + rng.below(0x80) as u8);
            }
        }
        if rng.below(4) == 0 {
            path.push(b'/');
        }
        let url = Url::from_posix_path(&path).unwrap();
        assert_eq!(Url::parse(url.href()).unwrap(), url, "{path:?}");
        assert_eq!(url.to_posix_path_bytes().unwrap(), path, "{}", url.href());
    }
}

#[test]
fn generated_windows_paths_round_trip() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let servers = [
        "fs1",
        "files.corp.example",
        "10.0.0.7",
        "xn--hst-sna",
        "a-b",
    ];
    for _ in 0..20_000 {
        let unc = rng.below(3) == 0;
        let mut path = if unc {
            format!(
                r"\\{}\{}",
                *rng.pick(&servers),
                name(&mut rng).replace(['/', '\\'], "_")
            )
        } else {
            let drive = char::from(b'A' + rng.below(26) as u8);
            format!("{drive}:")
        };
        for _ in 0..1 + rng.below(4) {
            path.push('\\');
            path.push_str(&name(&mut rng));
        }
        if rng.below(4) == 0 {
            path.push('\\');
        }
        let url = Url::from_windows_path(&path).unwrap();
        assert_eq!(Url::parse(url.href()).unwrap(), url, "{path}");
        assert_eq!(url.to_windows_path().unwrap(), path, "{}", url.href());
        // The verbatim spelling names the same file.
        let verbatim = match path.strip_prefix(r"\\") {
            Some(unc) => format!(r"\\?\UNC\{unc}"),
            None => format!(r"\\?\{path}"),
        };
        assert_eq!(
            Url::from_windows_path(&verbatim).unwrap(),
            url,
            "{verbatim}"
        );
    }
}

#[cfg(unix)]
#[test]
fn native_paths_are_posix_paths_here() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    let path = Path::new(OsStr::from_bytes(b"/srv/ba\x80r/x y"));
    let url = Url::from_file_path(path).unwrap();
    assert_eq!(url.href(), "file:///srv/ba%80r/x%20y");
    assert_eq!(url.to_file_path().unwrap(), path);
    let dir = Url::from_directory_path("/srv/www").unwrap();
    assert_eq!(dir.href(), "file:///srv/www/");
    assert_eq!(
        Url::from_file_path("relative").unwrap_err(),
        FilePathError::NotAbsolute
    );
}
