//! Stale records, and the calls an Ada user reaches for (issue 31, points 4
//! and 5), through the raw-pointer interface as C calls it (Miri runs these
//! too). Expected values are the URL Standard's, by hand.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use core::ffi::c_char;
use core::ptr;
use weburl_c::ffi::*;

mod common;
use common::{blank, parse, s, set};
use weburl_c::{WeburlStatus, WeburlUrl};

fn href(url: &WeburlUrl) -> String {
    // SAFETY: a record whose buffer is alive.
    s(unsafe { weburl_href(url) })
}

fn pathname(url: &WeburlUrl) -> String {
    // SAFETY: a record whose buffer is alive.
    s(unsafe { weburl_pathname(url) })
}

fn refresh(url: &mut WeburlUrl) -> WeburlStatus {
    // SAFETY: a record whose buffer is alive.
    unsafe { weburl_refresh(url) }
}

/// What the buffer holds (its first `len` bytes).
fn bytes_of(url: &WeburlUrl, len: usize) -> Vec<u8> {
    // SAFETY: the record's buffer holds `capacity >= len` bytes.
    unsafe { core::slice::from_raw_parts(url.buf.cast::<u8>(), len) }.to_vec()
}

/// Issue 31's reproducer: `b = a`, then a setter on `a` shortens the URL.
/// `b` used to read `https://example.com/x?q/c?q` (leftovers of the old URL)
/// and `weburl_set_hash(&b, …)` wrote a URL nobody parsed.
#[test]
fn a_copy_goes_stale_when_the_original_shrinks() {
    let mut buf = [0u8; 64];
    let (st, mut a) = parse("https://example.com/a/b/c?q", None, &mut buf);
    assert_eq!(st, WeburlStatus::Ok);
    let mut b = a;
    assert_eq!(set(&mut a, weburl_set_pathname, "/x"), WeburlStatus::Ok);
    assert_eq!(href(&a), "https://example.com/x?q");
    // The vacated bytes are cleared.
    assert_eq!(&bytes_of(&a, 27)[23..], &[0, 0, 0, 0]);
    for getter in [weburl_href, weburl_pathname, weburl_search, weburl_hostname] {
        // SAFETY: the record's buffer is alive.
        assert_eq!(s(unsafe { getter(&b) }), "");
    }
    assert_eq!(set(&mut b, weburl_set_hash, "h"), WeburlStatus::InvalidUrl);
    assert_eq!(refresh(&mut b), WeburlStatus::InvalidUrl);
    // The original is untouched by all that.
    assert_eq!(href(&a), "https://example.com/x?q");
    assert_eq!(set(&mut a, weburl_set_hash, "h"), WeburlStatus::Ok);
    assert_eq!(href(&a), "https://example.com/x?q#h");
}

#[test]
fn a_copy_goes_stale_when_the_original_grows_or_changes_in_place() {
    let mut buf = [0u8; 64];
    let (_, mut a) = parse("https://example.com/ab", None, &mut buf);
    let mut b = a;
    assert_eq!(
        set(&mut a, weburl_set_pathname, "/abcdef"),
        WeburlStatus::Ok
    );
    // `b`'s bytes are still its URL, but a longer one follows them: the
    // NUL a record keeps after its URL (room permitting) is gone.
    assert_eq!(href(&b), "");
    assert_eq!(
        set(&mut b, weburl_set_search, "q"),
        WeburlStatus::InvalidUrl
    );
    assert_eq!(refresh(&mut b), WeburlStatus::InvalidUrl);
    assert_eq!(href(&a), "https://example.com/abcdef");

    // The same length: only the bytes differ.
    let mut c = a;
    assert_eq!(
        set(&mut a, weburl_set_pathname, "/fedcba"),
        WeburlStatus::Ok
    );
    assert_eq!(href(&c), "");
    assert_eq!(set(&mut c, weburl_set_hash, "x"), WeburlStatus::InvalidUrl);
    assert_eq!(href(&a), "https://example.com/fedcba");

    // A copy taken after the change is current; a failed setter (no room)
    // and an ignored value leave copies current.
    let d = a;
    let long = "x".repeat(80);
    assert_eq!(set(&mut a, weburl_set_hash, &long), WeburlStatus::Capacity);
    assert_eq!(set(&mut a, weburl_set_port, "99999"), WeburlStatus::Ignored);
    assert_eq!(href(&d), "https://example.com/fedcba");
    assert_eq!(pathname(&d), "/fedcba");
}

#[test]
fn refresh_after_a_move_and_of_bytes_put_there() {
    let mut buf = [0u8; 64];
    let (_, a) = parse("https://example.com/p?q#f", None, &mut buf);
    // Moved: the bytes copied to another buffer, the record pointed there.
    let len = a.components.href.len as usize;
    let mut other = [0u8; 48];
    other[..len].copy_from_slice(&bytes_of(&a, len));
    let mut moved = a;
    moved.buf = other.as_mut_ptr().cast();
    moved.capacity = other.len();
    assert_eq!(refresh(&mut moved), WeburlStatus::Ok);
    assert_eq!(href(&moved), "https://example.com/p?q#f");
    assert_eq!(set(&mut moved, weburl_set_hash, ""), WeburlStatus::Ok);
    assert_eq!(href(&moved), "https://example.com/p?q");

    // A serialization the caller put there (say, kept in flash): check 0.
    let mut flash = [0u8; 32];
    flash[..10].copy_from_slice(b"http://h/p");
    let mut rec = blank();
    rec.buf = flash.as_mut_ptr().cast();
    rec.capacity = flash.len();
    rec.components.href.len = 10;
    assert_eq!(href(&rec), ""); // not yet a record
    assert_eq!(refresh(&mut rec), WeburlStatus::Ok);
    assert_ne!(rec.check, 0);
    assert_eq!(pathname(&rec), "/p");
    // Bytes that are no serialization are refused, check 0 or not.
    // SAFETY: `rec.buf` is `flash`, 32 bytes, alive.
    unsafe { ptr::copy_nonoverlapping(b"HTTP://h/p".as_ptr(), rec.buf.cast::<u8>(), 10) };
    rec.check = 0;
    assert_eq!(refresh(&mut rec), WeburlStatus::InvalidUrl);
}

#[test]
fn a_buffer_written_over_reads_empty() {
    let mut buf = [0u8; 32];
    let (_, mut url) = parse("http://h/p", None, &mut buf);
    // SAFETY: `url.buf` is our buffer, alive.
    unsafe { *url.buf.add(9) = b'q' as c_char };
    assert_eq!(href(&url), "");
    assert_eq!(pathname(&url), "");
    assert_eq!(
        set(&mut url, weburl_set_hash, "x"),
        WeburlStatus::InvalidUrl
    );
    // As a base: refused.
    let mut out = [0u8; 32];
    assert_eq!(parse("x", Some(&url), &mut out).0, WeburlStatus::InvalidUrl);
}

fn can_parse(input: &str, base: Option<&WeburlUrl>) -> WeburlStatus {
    let base = base.map_or(ptr::null(), |b| b as *const WeburlUrl);
    // SAFETY: valid pointers.
    unsafe { weburl_can_parse(input.as_ptr().cast(), input.len(), base) }
}

#[test]
fn can_parse_answers_as_parse_does() {
    assert_eq!(can_parse("https://example.com/", None), WeburlStatus::Ok);
    assert_eq!(
        can_parse("HTTPS://EXAMPLE.com/a/../b", None),
        WeburlStatus::Ok
    );
    assert_eq!(
        can_parse("https://exa mple.com/", None),
        WeburlStatus::Invalid
    );
    assert_eq!(can_parse("https://h:99999/", None), WeburlStatus::Invalid);
    assert_eq!(can_parse("/relative", None), WeburlStatus::Invalid);
    let mut bbuf = [0u8; 64];
    let (_, base) = parse("https://example.com/a/b", None, &mut bbuf);
    assert_eq!(can_parse("/relative", Some(&base)), WeburlStatus::Ok);
    assert_eq!(can_parse("//exa mple", Some(&base)), WeburlStatus::Invalid);
    // A base whose path needs the `/.` prefix.
    let mut dbuf = [0u8; 64];
    let (_, dot) = parse("web+demo:/.//x/y", None, &mut dbuf);
    assert_eq!(can_parse("z", Some(&dot)), WeburlStatus::Ok);
    // A stale base.
    let mut stale = base;
    stale.check ^= 1;
    assert_eq!(can_parse("x", Some(&stale)), WeburlStatus::InvalidUrl);
    // SAFETY: NULL input with a nonzero length is refused.
    let st = unsafe { weburl_can_parse(ptr::null(), 3, ptr::null()) };
    assert_eq!(st, WeburlStatus::NullArgument);
}

fn origin(url: &WeburlUrl, capacity: usize) -> (WeburlStatus, String, usize) {
    let mut out = vec![0u8; capacity];
    let mut n = 0;
    // SAFETY: valid pointers, disjoint buffers.
    let st = unsafe { weburl_origin(url, out.as_mut_ptr().cast(), capacity, &mut n) };
    let text = if st == WeburlStatus::Ok {
        String::from_utf8(out[..n].to_vec()).unwrap()
    } else {
        String::new()
    };
    (st, text, n)
}

#[test]
fn origins() {
    for (input, want) in [
        (
            "https://user:pw@EXAMPLE.com:8443/p?q",
            "https://example.com:8443",
        ),
        ("http://example.com:80/", "http://example.com"),
        ("ws://[::1]:1/", "ws://[::1]:1"),
        ("blob:https://a.example:1/uuid", "https://a.example:1"),
        ("blob:ftp://a.example/uuid", "null"),
        ("file:///etc/hosts", "null"),
        ("mailto:x@example.com", "null"),
        ("web+demo:/.//x", "null"),
    ] {
        let mut buf = [0u8; 64];
        let (st, url) = parse(input, None, &mut buf);
        assert_eq!(st, WeburlStatus::Ok, "{input}");
        assert_eq!(
            origin(&url, 64),
            (WeburlStatus::Ok, want.into(), want.len())
        );
        // Too small by one: CAPACITY with the exact length.
        let (st, _, n) = origin(&url, want.len() - 1);
        assert_eq!((st, n), (WeburlStatus::Capacity, want.len()), "{input}");
    }
}

fn domain(f: DomainFn, d: &str, capacity: usize) -> (WeburlStatus, String, usize) {
    let mut out = vec![0u8; capacity];
    let mut n = 0;
    // SAFETY: valid pointers, disjoint buffers.
    let st = unsafe {
        f(
            d.as_ptr().cast(),
            d.len(),
            out.as_mut_ptr().cast(),
            capacity,
            &mut n,
        )
    };
    let text = if st == WeburlStatus::Ok {
        String::from_utf8(out[..n].to_vec()).unwrap()
    } else {
        String::new()
    };
    (st, text, n)
}

type DomainFn =
    unsafe extern "C" fn(*const c_char, usize, *mut c_char, usize, *mut usize) -> WeburlStatus;

#[test]
fn domain_to_unicode() {
    let (st, text, _) = domain(weburl_domain_to_unicode, "EXAMPLE.com", 64);
    assert_eq!((st, text.as_str()), (WeburlStatus::Ok, "example.com"));
    let (st, text, _) = domain(weburl_domain_to_unicode, "xn--bcher-kva.example", 64);
    if cfg!(feature = "idna") {
        assert_eq!(
            (st, text.as_str()),
            (WeburlStatus::Ok, "b\u{fc}cher.example")
        );
        // Invalid Punycode: the domain itself (url.bs "domain to Unicode").
        let (st, text, _) = domain(weburl_domain_to_unicode, "xn--a.example", 64);
        assert_eq!((st, text.as_str()), (WeburlStatus::Ok, "xn--a.example"));
        // No room: CAPACITY with a size that suffices.
        let d = "xn--bcher-kva.example";
        let (st, _, n) = domain(weburl_domain_to_unicode, d, 8);
        assert_eq!(st, WeburlStatus::Capacity);
        assert!(n <= d.len() * 12, "{n}");
        let (st, text, _) = domain(weburl_domain_to_unicode, d, n);
        assert_eq!(
            (st, text.as_str()),
            (WeburlStatus::Ok, "b\u{fc}cher.example")
        );
    } else {
        assert_eq!(st, WeburlStatus::IdnaUnavailable);
    }
}

#[test]
fn version_and_status_names() {
    // SAFETY: a static NUL-terminated string.
    let v = unsafe { core::ffi::CStr::from_ptr(weburl_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    // SAFETY: as above.
    let c = unsafe { core::ffi::CStr::from_ptr(weburl_status_name(10)) };
    assert_eq!(c.to_str().unwrap(), "WEBURL_STATUS_STRICT");
    assert_eq!(WeburlStatus::Strict as i32, 10);
    // SAFETY: as above.
    let c = unsafe { core::ffi::CStr::from_ptr(weburl_status_name(11)) };
    assert_eq!(c.to_str().unwrap(), "WEBURL_STATUS_NOT_FOUND");
    assert_eq!(WeburlStatus::NotFound as i32, 11);
    // SAFETY: as above.
    let c = unsafe { core::ffi::CStr::from_ptr(weburl_status_name(12)) };
    assert_eq!(c.to_str().unwrap(), "WEBURL_STATUS_UNKNOWN");
}

/// A list's serialization in a caller buffer.
struct List {
    buf: Vec<u8>,
    len: usize,
}

impl List {
    fn parse(init: &str, capacity: usize) -> (WeburlStatus, List) {
        let mut l = List {
            buf: vec![0; capacity],
            len: 0,
        };
        // SAFETY: valid pointers, disjoint buffers.
        let st = unsafe {
            weburl_search_params_parse(
                init.as_ptr().cast(),
                init.len(),
                l.buf.as_mut_ptr().cast(),
                capacity,
                &mut l.len,
            )
        };
        (st, l)
    }

    fn text(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap()
    }

    fn get(&self, name: &str) -> (WeburlStatus, String) {
        let mut out = [0u8; 64];
        let mut n = 0;
        // SAFETY: valid pointers, disjoint buffers.
        let st = unsafe {
            weburl_search_params_get(
                self.buf.as_ptr().cast(),
                self.len,
                name.as_ptr().cast(),
                name.len(),
                out.as_mut_ptr().cast(),
                out.len(),
                &mut n,
            )
        };
        let v = if st == WeburlStatus::Ok {
            String::from_utf8(out[..n].to_vec()).unwrap()
        } else {
            String::new()
        };
        (st, v)
    }

    fn has(&self, name: &str, value: Option<&str>) -> WeburlStatus {
        let (v, vl) = value.map_or((ptr::null(), 0), |v| (v.as_ptr(), v.len()));
        // SAFETY: valid pointers.
        unsafe {
            weburl_search_params_has(
                self.buf.as_ptr().cast(),
                self.len,
                name.as_ptr().cast(),
                name.len(),
                v.cast(),
                vl,
            )
        }
    }

    fn size(&self) -> usize {
        // SAFETY: valid pointer.
        unsafe { weburl_search_params_size(self.buf.as_ptr().cast(), self.len) }
    }

    fn entry(&self, index: usize) -> (WeburlStatus, String, String) {
        let (mut name, mut value) = ([0u8; 32], [0u8; 32]);
        let (mut nl, mut vl) = (0, 0);
        // SAFETY: valid, disjoint pointers.
        let st = unsafe {
            weburl_search_params_entry(
                self.buf.as_ptr().cast(),
                self.len,
                index,
                name.as_mut_ptr().cast(),
                name.len(),
                &mut nl,
                value.as_mut_ptr().cast(),
                value.len(),
                &mut vl,
            )
        };
        if st != WeburlStatus::Ok {
            return (st, String::new(), String::new());
        }
        let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
        (st, text(&name[..nl]), text(&value[..vl]))
    }

    fn change(&mut self, f: ChangeFn, name: &str, value: Option<&str>) -> WeburlStatus {
        let (v, vl) = value.map_or((ptr::null(), 0), |v| (v.as_ptr(), v.len()));
        // SAFETY: valid pointers; name and value outside the buffer.
        unsafe {
            f(
                self.buf.as_mut_ptr().cast(),
                self.buf.len(),
                &mut self.len,
                name.as_ptr().cast(),
                name.len(),
                v.cast(),
                vl,
            )
        }
    }

    fn sort(&mut self) -> WeburlStatus {
        // SAFETY: valid pointers.
        unsafe {
            weburl_search_params_sort(self.buf.as_mut_ptr().cast(), self.buf.len(), &mut self.len)
        }
    }
}

type ChangeFn = unsafe extern "C" fn(
    *mut c_char,
    usize,
    *mut usize,
    *const c_char,
    usize,
    *const c_char,
    usize,
) -> WeburlStatus;

#[test]
fn search_params_read() {
    let (st, l) = List::parse("?a=1&b=2&&a=3&c d=e+f%zz&=&g", 64);
    assert_eq!(st, WeburlStatus::Ok);
    // url.bs §5: the list serialized again (space as '+', '%' as %25).
    assert_eq!(l.text(), "a=1&b=2&a=3&c+d=e+f%25zz&=&g=");
    assert_eq!(l.size(), 6);
    assert_eq!(l.get("a"), (WeburlStatus::Ok, "1".into()));
    assert_eq!(l.get("c d"), (WeburlStatus::Ok, "e f%zz".into()));
    assert_eq!(l.get("g"), (WeburlStatus::Ok, "".into()));
    assert_eq!(l.get("z"), (WeburlStatus::NotFound, "".into()));
    assert_eq!(l.has("a", None), WeburlStatus::Ok);
    assert_eq!(l.has("a", Some("3")), WeburlStatus::Ok);
    assert_eq!(l.has("a", Some("2")), WeburlStatus::NotFound);
    assert_eq!(l.has("", None), WeburlStatus::Ok);
    assert_eq!(
        l.entry(3),
        (WeburlStatus::Ok, "c d".into(), "e f%zz".into())
    );
    assert_eq!(l.entry(6).0, WeburlStatus::NotFound);
    // No room: the exact length, nothing written.
    let (st, small) = List::parse("a b=c", 4);
    assert_eq!((st, small.len), (WeburlStatus::Capacity, 5));
    assert_eq!(small.buf, [0, 0, 0, 0]);
    // A URL's search, as given by weburl_search.
    let mut buf = [0u8; 64];
    let (_, url) = parse("https://h/?x=%F0%9F%8C%88&y", None, &mut buf);
    // SAFETY: a current record.
    let search = s(unsafe { weburl_search(&url) });
    let (_, l) = List::parse(&search, 64);
    assert_eq!(l.get("x"), (WeburlStatus::Ok, "\u{1F308}".into()));
}

#[test]
fn search_params_change_and_go_back_into_the_url() {
    let (_, mut l) = List::parse("a=1&b=2&a=3", 40);
    assert_eq!(
        l.change(weburl_search_params_append, "c d", Some("1&2")),
        WeburlStatus::Ok
    );
    assert_eq!(l.text(), "a=1&b=2&a=3&c+d=1%262");
    assert_eq!(
        l.change(weburl_search_params_set, "a", Some("x y")),
        WeburlStatus::Ok
    );
    assert_eq!(l.text(), "a=x+y&b=2&c+d=1%262");
    assert_eq!(
        l.change(weburl_search_params_set, "new", Some("v")),
        WeburlStatus::Ok
    );
    assert_eq!(l.text(), "a=x+y&b=2&c+d=1%262&new=v");
    assert_eq!(
        l.change(weburl_search_params_delete, "b", None),
        WeburlStatus::Ok
    );
    assert_eq!(l.text(), "a=x+y&c+d=1%262&new=v");
    // Too long for the buffer: CAPACITY, the list unchanged.
    let before = l.text().to_string();
    assert_eq!(
        l.change(
            weburl_search_params_append,
            "long",
            Some("0123456789abcdef")
        ),
        WeburlStatus::Capacity
    );
    assert_eq!(
        l.change(
            weburl_search_params_set,
            "a",
            Some("0123456789abcdef0123456789")
        ),
        WeburlStatus::Capacity
    );
    assert_eq!(l.text(), before);
    // Delete with a value removes only that pair.
    let (_, mut l) = List::parse("a=1&a=2&a=1", 40);
    l.change(weburl_search_params_delete, "a", Some("1"));
    assert_eq!(l.text(), "a=2");
    l.change(weburl_search_params_delete, "a", None);
    assert_eq!((l.text(), l.size()), ("", 0));
    l.change(weburl_search_params_append, "k", Some(""));
    assert_eq!(l.text(), "k=");

    // The URL's query set from the list: URLSearchParams' update steps.
    let (_, mut l) = List::parse("q=a+b&lang=en", 40);
    l.change(weburl_search_params_set, "page", Some("2"));
    let mut buf = [0u8; 64];
    let (_, mut url) = parse("https://example.com/s?old#top", None, &mut buf);
    let list = l.text().to_string();
    assert_eq!(set(&mut url, weburl_set_search, &list), WeburlStatus::Ok);
    assert_eq!(href(&url), "https://example.com/s?q=a+b&lang=en&page=2#top");
}

/// url.bs §6.2 `sort()`: stable, by UTF-16 code units (WPT
/// urlsearchparams-sort.any.js).
#[test]
fn search_params_sort() {
    for (init, want) in [
        ("z=b&a=b&z=a&a=a", "a=b&a=a&z=b&z=a"),
        ("\u{FB03}&\u{1F308}", "%F0%9F%8C%88=&%EF%AC%83="),
        ("\u{E9}&e\u{FFFF}&e\u{301}", "e%CC%81=&e%EF%BF%BF=&%C3%A9="),
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            "a=a&a=b&a=c&a=d&a=e&a=f&a=g&z=z&z=y&z=x&z=w&z=v&z=u&z=t",
        ),
        ("bbb&bb&aaa&aa=x&aa=y", "aa=x&aa=y&aaa=&bb=&bbb="),
        ("z=z&=f&=t&=x", "=f&=t&=x&z=z"),
        ("", ""),
        ("&&a=1&&", "a=1"),
    ] {
        let (_, mut l) = List::parse(init, 128);
        assert_eq!(l.sort(), WeburlStatus::Ok);
        assert_eq!(l.text(), want, "{init:?}");
    }
    // A list written by hand with empty sequences: dropped as it sorts.
    let mut l = List {
        buf: b"b=1&&a=2&".to_vec(),
        len: 9,
    };
    l.sort();
    assert_eq!(l.text(), "a=2&b=1");
}
