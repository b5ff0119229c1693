//! The C ABI called from Rust through its raw-pointer interface, the way C
//! calls it: these are the tests Miri runs
//! (`cargo +nightly miri test -p weburl-c`) to check the `unsafe` layer.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use core::ffi::c_char;
use core::ptr;
use weburl_c::ffi::*;

mod common;
use common::{blank, parse, s, set};
use weburl_c::{WeburlStatus, WeburlStr, WeburlUrl, WEBURL_FLAG_HAS_QUERY, WEBURL_HOST_IPV6};

type Getter = unsafe extern "C" fn(*const WeburlUrl) -> WeburlStr;

fn get(url: &WeburlUrl, g: Getter) -> String {
    // SAFETY: a record filled by weburl_parse, buffer alive.
    s(unsafe { g(url) })
}

#[test]
fn parse_and_getters() {
    let mut buf = [0u8; 128];
    let (st, url) = parse(
        "HTTPS://user:pw@Example.COM:8443/a/./b/../c?x y#f",
        None,
        &mut buf,
    );
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(
        get(&url, weburl_href),
        "https://user:pw@example.com:8443/a/c?x%20y#f"
    );
    assert_eq!(get(&url, weburl_protocol), "https:");
    assert_eq!(get(&url, weburl_username), "user");
    assert_eq!(get(&url, weburl_password), "pw");
    assert_eq!(get(&url, weburl_host), "example.com:8443");
    assert_eq!(get(&url, weburl_hostname), "example.com");
    assert_eq!(get(&url, weburl_port), "8443");
    assert_eq!(get(&url, weburl_pathname), "/a/c");
    assert_eq!(get(&url, weburl_search), "?x%20y");
    assert_eq!(get(&url, weburl_hash), "#f");
    assert_eq!(url.components.port_number, 8443);
    assert_ne!(url.components.flags & WEBURL_FLAG_HAS_QUERY, 0);
}

#[test]
fn base_and_ipv6() {
    let mut bbuf = [0u8; 64];
    let (st, base) = parse("http://[0:0::1]:8080/dir/page?q", None, &mut bbuf);
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(base.components.host_kind, WEBURL_HOST_IPV6);
    let mut buf = [0u8; 64];
    let (st, url) = parse("../x?y#z", Some(&base), &mut buf);
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "http://[::1]:8080/x?y#z");
}

#[test]
fn parse_in_place_over_the_base_record() {
    // `out` may be the base record itself (a new buffer).
    let mut bbuf = [0u8; 64];
    let (_, mut url) = parse("https://a.example/dir/", None, &mut bbuf);
    let mut buf = [0u8; 64];
    let input = "sub";
    let p: *mut WeburlUrl = &mut url;
    // SAFETY: `p` is valid; buffers are disjoint.
    let st = unsafe {
        weburl_parse(
            input.as_ptr().cast(),
            input.len(),
            p,
            buf.as_mut_ptr().cast(),
            buf.len(),
            p,
        )
    };
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "https://a.example/dir/sub");
}

fn parse_flags(
    input: &str,
    base: Option<&WeburlUrl>,
    buf: &mut [u8],
    flags: u32,
) -> (WeburlStatus, WeburlUrl) {
    let mut out = blank();
    let base = base.map_or(ptr::null(), |b| b as *const WeburlUrl);
    // SAFETY: valid pointers and lengths, disjoint buffers.
    let st = unsafe {
        weburl_parse_with_flags(
            input.as_ptr().cast(),
            input.len(),
            base,
            buf.as_mut_ptr().cast(),
            buf.len(),
            flags,
            &mut out,
        )
    };
    (st, out)
}

/// Issue 29: the strict flag rejects what a browser repairs, naming the
/// first validation error (url.bs: `http:` not followed by `//` is
/// reported at the byte after the colon; `\` in a special URL at the
/// backslash), and still parses a clean URL.
#[test]
fn strict_flag() {
    let mut buf = [0u8; 64];
    let (st, url) = parse_flags(
        "http:127.0.0.1/",
        None,
        &mut buf,
        weburl_c::WEBURL_PARSE_STRICT,
    );
    assert_eq!(st, WeburlStatus::Strict);
    assert_eq!(
        s(url.error.validation_error),
        "special-scheme-missing-following-solidus"
    );
    assert_eq!(url.error.position, 5);
    // SAFETY: a static NUL-terminated string.
    let name = unsafe { core::ffi::CStr::from_ptr(weburl_status_name(st as i32)) };
    assert_eq!(name.to_str(), Ok("WEBURL_STATUS_STRICT"));
    // The same input without the flag: repaired, as browsers do.
    let (st, url) = parse_flags("http:127.0.0.1/", None, &mut buf, 0);
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(s(get_href(&url)), "http://127.0.0.1/");

    let mut bbuf = [0u8; 64];
    let (_, base) = parse("https://example.com/a/", None, &mut bbuf);
    let (st, url) = parse_flags(
        "\\\\evil.com/",
        Some(&base),
        &mut buf,
        weburl_c::WEBURL_PARSE_STRICT,
    );
    assert_eq!(st, WeburlStatus::Strict);
    assert_eq!(s(url.error.validation_error), "invalid-reverse-solidus");
    assert_eq!(url.error.position, 0);

    // A failure stays INVALID.
    let (st, url) = parse_flags(
        "http://h:99999/",
        None,
        &mut buf,
        weburl_c::WEBURL_PARSE_STRICT,
    );
    assert_eq!(st, WeburlStatus::Invalid);
    assert_eq!(s(url.error.validation_error), "port-out-of-range");

    let (st, url) = parse_flags(
        "https://example.com/a?b#c",
        None,
        &mut buf,
        weburl_c::WEBURL_PARSE_STRICT,
    );
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(s(get_href(&url)), "https://example.com/a?b#c");
}

fn get_href(url: &WeburlUrl) -> WeburlStr {
    // SAFETY: a record filled by weburl_parse, buffer alive.
    unsafe { weburl_href(url) }
}

#[test]
fn errors() {
    let mut buf = [0u8; 64];
    // Not a URL without a base.
    let (st, url) = parse("/relative", None, &mut buf);
    assert_eq!(st, WeburlStatus::Invalid);
    assert_eq!(
        s(url.error.validation_error),
        "missing-scheme-non-relative-URL"
    );
    // Port out of range.
    let (st, url) = parse("http://h:99999/", None, &mut buf);
    assert_eq!(st, WeburlStatus::Invalid);
    assert_eq!(s(url.error.validation_error), "port-out-of-range");
    assert_eq!(url.error.position, 9);
    // Too small.
    let mut small = [0u8; 8];
    let (st, url) = parse("https://example.com/", None, &mut small);
    assert_eq!(st, WeburlStatus::Capacity);
    assert!(url.error.needed > 8);
    // Invalid UTF-8.
    let bad = [b'h', b't', 0xff];
    let mut out = blank();
    // SAFETY: valid pointers.
    let st = unsafe {
        weburl_parse(
            bad.as_ptr().cast(),
            3,
            ptr::null(),
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut out,
        )
    };
    assert_eq!(st, WeburlStatus::InvalidUtf8);
    assert_eq!(out.error.position, 2);
    // NULL buffer, NULL out, NULL input with a length.
    // SAFETY: NULLs are checked by the library.
    unsafe {
        assert_eq!(
            weburl_parse(
                bad.as_ptr().cast(),
                3,
                ptr::null(),
                ptr::null_mut(),
                9,
                &mut out
            ),
            WeburlStatus::NullArgument
        );
        assert_eq!(
            weburl_parse(
                bad.as_ptr().cast(),
                3,
                ptr::null(),
                buf.as_mut_ptr().cast(),
                9,
                ptr::null_mut()
            ),
            WeburlStatus::NullArgument
        );
        assert_eq!(
            weburl_parse(
                ptr::null(),
                3,
                ptr::null(),
                buf.as_mut_ptr().cast(),
                9,
                &mut out
            ),
            WeburlStatus::NullArgument
        );
        // A NULL input of length 0 is the empty string: not a URL.
        assert_eq!(
            weburl_parse(
                ptr::null(),
                0,
                ptr::null(),
                buf.as_mut_ptr().cast(),
                9,
                &mut out
            ),
            WeburlStatus::Invalid
        );
    }
    // Input inside the output buffer.
    buf[..10].copy_from_slice(b"http://h/x");
    let p = buf.as_mut_ptr();
    // SAFETY: valid pointers; the library rejects the overlap before
    // making slices.
    let st = unsafe {
        weburl_parse(
            p.cast_const().cast(),
            10,
            ptr::null(),
            p.cast(),
            64,
            &mut out,
        )
    };
    assert_eq!(st, WeburlStatus::Overlap);
    // Getters on NULL.
    // SAFETY: NULL is allowed.
    assert_eq!(s(unsafe { weburl_href(ptr::null()) }), "");
}

#[test]
fn setters() {
    let mut buf = [0u8; 96];
    let (_, mut url) = parse("http://h.example/p?q#f", None, &mut buf);
    assert_eq!(set(&mut url, weburl_set_pathname, "/a b"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "http://h.example/a%20b?q#f");
    assert_eq!(set(&mut url, weburl_set_search, ""), WeburlStatus::Ok);
    assert_eq!(set(&mut url, weburl_set_hash, "x"), WeburlStatus::Ok);
    assert_eq!(
        set(&mut url, weburl_set_host, "other.example:81"),
        WeburlStatus::Ok
    );
    assert_eq!(set(&mut url, weburl_set_username, "me"), WeburlStatus::Ok);
    assert_eq!(set(&mut url, weburl_set_password, "pw"), WeburlStatus::Ok);
    assert_eq!(
        set(&mut url, weburl_set_protocol, "https"),
        WeburlStatus::Ok
    );
    assert_eq!(
        get(&url, weburl_href),
        "https://me:pw@other.example:81/a%20b#x"
    );
    assert_eq!(set(&mut url, weburl_set_port, "443"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_host), "other.example");
    assert_eq!(set(&mut url, weburl_set_hostname, "h"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "https://me:pw@h/a%20b#x");
    // Ignored: a port on file:, an invalid port.
    assert_eq!(set(&mut url, weburl_set_port, "x"), WeburlStatus::Ignored);
    assert_eq!(
        set(&mut url, weburl_set_href, "file:///tmp"),
        WeburlStatus::Ok
    );
    assert_eq!(set(&mut url, weburl_set_port, "8"), WeburlStatus::Ignored);
    assert_eq!(get(&url, weburl_href), "file:///tmp");
    // set_href failure leaves the URL.
    assert_eq!(
        set(&mut url, weburl_set_href, "nope"),
        WeburlStatus::Invalid
    );
    assert_eq!(get(&url, weburl_href), "file:///tmp");
}

#[test]
fn setter_capacity_leaves_the_url() {
    let mut buf = [0u8; 24];
    let (_, mut url) = parse("http://h/p", None, &mut buf);
    assert_eq!(
        set(
            &mut url,
            weburl_set_pathname,
            "/a-long-path-that-does-not-fit"
        ),
        WeburlStatus::Capacity
    );
    assert_eq!(get(&url, weburl_href), "http://h/p");
    assert!(url.error.needed > 24);
}

#[test]
fn setter_on_a_modified_buffer() {
    let mut buf = [0u8; 32];
    let (_, mut url) = parse("http://h/p", None, &mut buf);
    // The caller scribbles over the buffer: detected, not undefined.
    // SAFETY: `url.buf` is our buffer, alive.
    unsafe { *url.buf = b'H' as c_char };
    assert_eq!(
        set(&mut url, weburl_set_hash, "x"),
        WeburlStatus::InvalidUrl
    );
    // SAFETY: as above.
    unsafe { *url.buf = b'h' as c_char };
    assert_eq!(weburl_refresh_checked(&mut url), WeburlStatus::Ok);
    assert_eq!(set(&mut url, weburl_set_hash, "x"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "http://h/p#x");
}

fn weburl_refresh_checked(url: &mut WeburlUrl) -> WeburlStatus {
    // SAFETY: a valid record.
    unsafe { weburl_refresh(url) }
}

#[test]
fn domain_to_ascii() {
    // IDNA works in the output buffer: room for the input, its mapped and
    // normalized forms and the result.
    let mut buf = [0u8; 128];
    let mut n = 0usize;
    let d = "EXAMPLE.Com";
    // SAFETY: valid pointers.
    let st = unsafe {
        weburl_domain_to_ascii(
            d.as_ptr().cast(),
            d.len(),
            false,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut n,
        )
    };
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(&buf[..n], b"example.com");
    let d = "a b";
    // SAFETY: valid pointers.
    let st = unsafe {
        weburl_domain_to_ascii(
            d.as_ptr().cast(),
            d.len(),
            false,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut n,
        )
    };
    assert_eq!(st, WeburlStatus::Invalid);
    let d = "b\u{fc}cher.example";
    // SAFETY: valid pointers.
    let st = unsafe {
        weburl_domain_to_ascii(
            d.as_ptr().cast(),
            d.len(),
            false,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut n,
        )
    };
    if cfg!(feature = "idna") {
        assert_eq!(st, WeburlStatus::Ok);
        assert_eq!(&buf[..n], b"xn--bcher-kva.example");
    } else {
        assert_eq!(st, WeburlStatus::IdnaUnavailable);
    }
    let mut tiny = [0u8; 3];
    let d = "example.com";
    // SAFETY: valid pointers.
    let st = unsafe {
        weburl_domain_to_ascii(
            d.as_ptr().cast(),
            d.len(),
            false,
            tiny.as_mut_ptr().cast(),
            3,
            &mut n,
        )
    };
    assert_eq!(st, WeburlStatus::Capacity);
}

#[test]
fn status_names() {
    for (st, name) in [
        (WeburlStatus::Ok, "WEBURL_STATUS_OK"),
        (WeburlStatus::Overlap, "WEBURL_STATUS_OVERLAP"),
    ] {
        let p = weburl_status_name(st as i32);
        // SAFETY: a static NUL-terminated string.
        let c = unsafe { core::ffi::CStr::from_ptr(p) };
        assert_eq!(c.to_str().unwrap(), name);
    }
    // SAFETY: as above.
    let c = unsafe { core::ffi::CStr::from_ptr(weburl_status_name(77)) };
    assert_eq!(c.to_str().unwrap(), "WEBURL_STATUS_UNKNOWN");
}

#[test]
fn dot_prefixed_path_as_base_and_for_setters() {
    // The serializer's "/." prefix (null host, path starting with "//"):
    // the parser inserts it last, so recovering such a URL takes the
    // fallback through the buffer's spare room.
    let mut bbuf = [0u8; 64];
    let (st, base) = parse("non-spec:/.//p", None, &mut bbuf);
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(get(&base, weburl_pathname), "//p");
    let mut buf = [0u8; 64];
    let (st, url) = parse("?q", Some(&base), &mut buf);
    assert_eq!(st, WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "non-spec:/.//p?q");
    let mut url = url;
    assert_eq!(set(&mut url, weburl_set_hash, "h"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "non-spec:/.//p?q#h");
    assert_eq!(set(&mut url, weburl_set_pathname, "/x"), WeburlStatus::Ok);
    assert_eq!(get(&url, weburl_href), "non-spec:/x?q#h");
    // Without the spare room for the fallback: a capacity error, unchanged.
    let mut tight = [0u8; 20];
    let (_, mut t) = parse("non-spec:/.//p", None, &mut tight);
    assert_eq!(set(&mut t, weburl_set_hash, "h"), WeburlStatus::Capacity);
    assert_eq!(get(&t, weburl_href), "non-spec:/.//p");
}
