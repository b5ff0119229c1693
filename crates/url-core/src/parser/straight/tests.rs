//! The straight-line route against url.bs, by hand-derived hrefs and
//! errors; the suites in `tests/` compare it with the state machine.

use super::{parse_straight, Answer};
use crate::error::ParseError;
use crate::storage::{Buffer, SliceStorage};
use crate::url::SchemeType;
use crate::validation::ValidationError::{self, *};

/// What this route answers against a base of scheme `base`: the href,
/// the error (kind and position), or `None` where it declines.
fn route_with(
    input: &str,
    base: Option<SchemeType>,
) -> Option<Result<std::string::String, (ValidationError, usize)>> {
    let mut buf = [0u8; 256];
    let mut out = SliceStorage::new(&mut buf);
    match parse_straight::<_, false>(input, Some(0), base, &mut out) {
        Answer::Parsed(_) => Some(Ok(out.as_str().into())),
        Answer::Failed(ParseError::Invalid { error, position }, _) => Some(Err((error, position))),
        Answer::Failed(e, _) => panic!("{input:?}: {e:?}"),
        Answer::Declined => None,
    }
}

fn route(input: &str) -> Option<Result<std::string::String, (ValidationError, usize)>> {
    route_with(input, None)
}

#[test]
fn answers_the_common_special_shapes() {
    for (input, href) in [
        ("HTTPS://EXAMPLE.com/", "https://example.com/"),
        ("http://0x7f.1/p?q#f", "http://127.0.0.1/p?q#f"),
        ("http://[::1]:8080/", "http://[::1]:8080/"),
        ("https://EXAMPLE.com:443/", "https://example.com/"),
        ("wss://h:0443", "wss://h/"),
        ("wss://h:0444", "wss://h:444/"),
        (
            "HTTP:\\\\Example.COM\\a\\.\\b\\..\\c d?e f'#g h`",
            "http://example.com/a/c%20d?e%20f%27#g%20h%60",
        ),
        ("https://u:p w@h/", "https://u:p%20w@h/"),
        ("https://u:@h/", "https://u@h/"),
        ("https://:@h/", "https://h/"),
        ("ws://h/%2e%2E/x/..", "ws://h/"),
        ("ftp://h/./a/%2e/b/.", "ftp://h/a/b/"),
        ("http:////h", "http://h/"),
        // Without a base of the same scheme, any slashes (or none)
        // start the authority (special authority slashes state).
        ("http:h/p", "http://h/p"),
        ("http:\\h", "http://h/"),
        (
            "http://h/\u{e9}?\u{e9}#\u{e9}",
            "http://h/%C3%A9?%C3%A9#%C3%A9",
        ),
    ] {
        assert_eq!(route(input), Some(Ok(href.into())), "{input:?}");
    }
}

/// url.bs: a non-special URL's `\` is a path byte, its host opaque and
/// possibly empty, its path empty after a bare authority, and its query
/// encoded with the query percent-encode set (not `'`); a file URL's
/// host has no port, `localhost` is the empty host, and a drive
/// letter's `|` becomes `:` in the first segment, which `..` keeps.
#[test]
fn answers_non_special_and_file_authorities() {
    for (input, href) in [
        ("SC://H/a\\b/../c?d'e#f", "sc://H/c?d'e#f"),
        ("sc://h/a/../b/./c", "sc://h/b/c"),
        ("sc://u:p@h:8080", "sc://u:p@h:8080"),
        ("sc://h:0021/", "sc://h:21/"),
        ("sc://", "sc://"),
        ("sc:///x", "sc:///x"),
        ("sc://h?q", "sc://h?q"),
        ("sc://%41b/", "sc://%41b/"),
        ("sc://[::1]/", "sc://[::1]/"),
        ("file://LocalHost/x", "file:///x"),
        ("file:\\\\h\\a\\..\\b", "file://h/b"),
        ("file:///C|/a/../..", "file:///C:/"),
        ("file:///./c|", "file:///c:"),
        ("file:////C|", "file:////C|"),
        ("file://h/a/C|/", "file://h/a/C|/"),
        ("file://", "file:///"),
    ] {
        assert_eq!(route(input), Some(Ok(href.into())), "{input:?}");
    }
}

#[test]
fn answers_failures_as_the_standard_reports_them() {
    // url.bs: the port state fails at a non-digit (port-invalid, at that
    // code point) or past 65535 (port-out-of-range, at the port); the
    // authority state fails with credentials and nothing after them,
    // and the host state on an empty host (host-missing) of a special
    // URL or before a port; the host parser on a forbidden code point
    // or an unclosed IPv6 address, at the host's start; the no scheme
    // state without a base, at the first code point.
    for (input, error, position) in [
        ("http://h:99999/", PortOutOfRange, 9),
        ("http://h:8a/", PortInvalid, 10),
        ("https://@/", HostMissing, 9),
        ("https://u@:80/", HostMissing, 10),
        ("http://:80/", HostMissing, 7),
        ("http://a b/", DomainToAscii, 7),
        ("http://[::1/", Ipv6Unclosed, 7),
        ("sc://:1/", HostMissing, 5),
        ("sc://u@/", HostMissing, 7),
        ("sc://a b/", HostInvalidCodePoint, 6),
        ("file://a:b/", DomainToAscii, 7),
        ("/x", MissingSchemeNonRelativeUrl, 0),
        ("1http://h/", MissingSchemeNonRelativeUrl, 0),
    ] {
        assert_eq!(route(input), Some(Err((error, position))), "{input:?}");
    }
}

#[test]
fn leaves_everything_else_to_the_state_machine() {
    // In a path, where removing it could make a dot segment, a drive
    // letter or an authority.
    for input in [
        "http://h\tx/",
        "ht\ttp://h/",
        "http://h/.\t./x",
        "http://h/a/\n%2e/x",
        "sc:/\t/h/p",
        "http://h\t/p",
        "file:///C\t|/x",
        "sc://h/x\t/..\r",
    ] {
        assert_eq!(route(input), None, "{input:?}");
    }
    // In the query and fragment no byte depends on its neighbours: a
    // tab or newline there is removed in place (url.bs removes them all
    // before parsing), and the route answers; so it does in a path
    // segment that cannot become a dot segment.
    for (input, href) in [
        ("http://h/\n", "http://h/"),
        ("http://h/a\tb/\t/c.\n./d", "http://h/ab//c../d"),
        ("sc://h/x\t/y\r", "sc://h/x/y"),
        ("http://h?\r", "http://h/?"),
        ("http://h/p?a\tb c#d\ne f", "http://h/p?ab%20c#de%20f"),
        ("sc://h/?\n%2\t0#\t", "sc://h/?%20#"),
    ] {
        assert_eq!(route(input), Some(Ok(href.into())), "{input:?}");
    }
    // Against a base of the same scheme: relative references.
    for input in ["http:/h", "http:h", "https:\\h"] {
        let base = if input.starts_with("https") {
            SchemeType::Https
        } else {
            SchemeType::Http
        };
        assert_eq!(route_with(input, Some(base)), None, "{input:?}");
    }
    // With any base, an input without a scheme may be relative.
    assert_eq!(route_with("/x", Some(SchemeType::Http)), None);
    // A scheme-relative input against a `file` or non-special base:
    // the file host state, or an opaque host.
    for base in [SchemeType::File, SchemeType::NotSpecial] {
        assert_eq!(route_with("//h/x", Some(base)), None, "{base:?}");
    }
    // A tab or newline in one: the state machine.
    assert_eq!(route_with("//h\tx/", Some(SchemeType::Http)), None);
    for input in ["foo:a\tb", "foo:/\t/a", "foo:a \t?x"] {
        assert_eq!(route(input), None, "{input:?}");
    }
    // In the query or fragment it is removed in place, and in a path
    // segment that cannot become a dot segment.
    for (input, href) in [
        ("foo:a?\r", "foo:a?"),
        ("foo:/a#\t", "foo:/a#"),
        ("foo:/a\nb", "foo:/ab"),
    ] {
        assert_eq!(route(input), Some(Ok(href.into())), "{input:?}");
    }
}

/// url.bs: a non-special scheme not followed by `/` starts an opaque
/// path, which encodes only the C0 control percent-encode set (C0
/// controls, DEL and non-ASCII) and keeps a space, except one before
/// `?` or `#`, which it encodes; `\` is a path byte there. Followed by
/// one `/`, the path or authority state starts a path, with dot
/// segments and the path percent-encode set, and a path that starts
/// with an empty segment is serialized after `/.`. The host is null.
#[test]
fn answers_non_special_urls_without_an_authority() {
    for (input, href) in [
        ("mailto:x", "mailto:x"),
        ("MAILTO:X@Y", "mailto:X@Y"),
        ("foo:", "foo:"),
        ("sc:\\\\h", "sc:\\\\h"),
        ("foo:bar baz", "foo:bar baz"),
        ("foo:bar ?q", "foo:bar%20?q"),
        ("foo:x #y", "foo:x%20#y"),
        ("foo:a  b", "foo:a  b"),
        (
            "foo:a\u{7f}\u{e9}<\"`{}^|\u{1}x",
            "foo:a%7F%C3%A9<\"`{}^|%01x",
        ),
        ("foo:x?a b'#c d", "foo:x?a%20b'#c%20d"),
        // The space after text to encode, before `?` or `#`.
        ("foo:\u{e9} ?q", "foo:%C3%A9%20?q"),
        ("foo:\u{1}a\u{1} #f", "foo:%01a%01%20#f"),
        ("foo:\u{e9} x ?q", "foo:%C3%A9 x%20?q"),
        ("foo:#?", "foo:#?"),
        ("sc:/x", "sc:/x"),
        ("foo:/", "foo:/"),
        ("foo:/?q", "foo:/?q"),
        ("SC:/a/./b/../c d", "sc:/a/c%20d"),
        ("sc:/a\\b", "sc:/a\\b"),
        ("sc:/.//p", "sc:/.//p"),
        ("sc:/..//p?q", "sc:/.//p?q"),
        ("sc:/a/..//b#f", "sc:/.//b#f"),
    ] {
        let want = crate::simd::VECTOR.then(|| Ok(href.into()));
        assert_eq!(route(input), want, "{input:?}");
    }
}

/// url.bs: the file host state takes a buffer that is a Windows drive
/// letter for the path state, with the empty host: the drive letter is
/// the first segment, `|` written `:`, and `..` keeps it; whatever the
/// base.
#[test]
fn answers_a_drive_letter_host_as_the_path() {
    for (input, href) in [
        ("file://C:/x", "file:///C:/x"),
        ("file://c|", "file:///c:"),
        ("file:\\\\a|#f", "file:///a:#f"),
        ("file://b:/../..", "file:///b:/"),
        ("file://C:\\x\\..\\..", "file:///C:/"),
        ("file://a:?q", "file:///a:?q"),
        ("FILE://Z|/x y", "file:///Z:/x%20y"),
    ] {
        let want = crate::simd::VECTOR.then(|| Ok(href.into()));
        assert_eq!(route(input), want, "{input:?}");
        assert_eq!(route_with(input, Some(SchemeType::File)), want, "{input:?}");
    }
}

/// url.bs: `file:` without two slashes after it and without a `file`
/// base is the empty host and a path (file state, file slash state,
/// path state), in which `\\` is `/` and a first segment that is a
/// Windows drive letter is written with `:`; against a `file` base the
/// base's host and path may carry over, which this route leaves alone.
#[test]
fn answers_file_urls_without_a_host() {
    for (input, href) in [
        ("file:", "file:///"),
        ("FILE:x", "file:///x"),
        ("file:/x", "file:///x"),
        ("file:\\x\\y", "file:///x/y"),
        ("file:c|/a/../..", "file:///c:/"),
        ("file:/C|\\", "file:///C:/"),
        ("file:C||/m/", "file:///C||/m/"),
        ("file:.//p", "file:////p"),
        ("file:/a b?c d'#e f", "file:///a%20b?c%20d%27#e%20f"),
        ("file:?q", "file:///?q"),
        ("file:#f", "file:///#f"),
    ] {
        let want = crate::simd::VECTOR.then(|| Ok(href.into()));
        assert_eq!(route(input), want, "{input:?}");
        assert_eq!(
            route_with(input, Some(SchemeType::Https)),
            want,
            "{input:?}"
        );
        assert_eq!(route_with(input, Some(SchemeType::File)), None, "{input:?}");
    }
}

/// url.bs: against a special base other than `file`, `//` or `\\`
/// leads through the relative slash state to special authority ignore
/// slashes (which skips any more `/` and `\`): the base's scheme, then
/// the input's authority, path, query and fragment as for an absolute
/// URL; a failure in the authority, host or port at its place in the
/// input.
#[test]
fn answers_scheme_relative_input_against_a_special_base() {
    use SchemeType::*;
    for (input, base, href) in [
        (
            "//cdn.example.com/p/1.js",
            Https,
            "https://cdn.example.com/p/1.js",
        ),
        (
            "//EXAMPLE.com:80/a/../b?c d#e",
            Http,
            "http://example.com/b?c%20d#e",
        ),
        ("\\\\/h\\x", Ws, "ws://h/x"),
        ("//u:p@h:21", Ftp, "ftp://u:p@h/"),
        ("///h", Wss, "wss://h/"),
        ("//0x7f.1", Http, "http://127.0.0.1/"),
    ] {
        // Without vector scans the state machine keeps them (size).
        let want = crate::simd::VECTOR.then(|| Ok(href.into()));
        assert_eq!(route_with(input, Some(base)), want, "{input:?}");
    }
    for (input, error, position) in [
        ("//h:99999/", PortOutOfRange, 4),
        ("//@/", HostMissing, 3),
        ("//a b/", DomainToAscii, 2),
    ] {
        let want = crate::simd::VECTOR.then_some(Err((error, position)));
        assert_eq!(route_with(input, Some(Https)), want, "{input:?}");
    }
}
