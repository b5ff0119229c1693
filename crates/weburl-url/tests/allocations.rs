//! Heap allocations of the compat layer, counted by a global allocator:
//! `Url::parse` and `join` allocate exactly what weburl's parse does (one
//! String), and the getters nothing.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use weburl_url::{Position, Url};

struct Counting;

thread_local! {
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

// SAFETY: forwards to the system allocator; only adds a thread-local count.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    COUNT.with(|c| c.set(Some(0)));
    let out = f();
    let n = COUNT.with(|c| c.replace(None)).unwrap_or(0);
    (n, out)
}

const INPUTS: &[&str] = &[
    "https://example.com/",
    "https://www.example.com:8443/a/b/c.html?q=1&r=2#frag",
    "file:///usr/lib/node_modules/x.js",
    "mailto:someone@example.com",
    "HTTPS://EXAMPLE.COM/a/../b",
    "http://example.com:80/%7Efoo/./bar?x y#z",
    "https://user:pass@[::1]:8080/",
    "http://0x7f.1/",
];

#[test]
fn parse_allocates_as_weburl_does() {
    for input in INPUTS {
        let (weburl, _) = allocations(|| weburl::Url::parse(input).unwrap());
        let (compat, _) = allocations(|| Url::parse(input).unwrap());
        assert_eq!(compat, weburl, "{input}");
        assert_eq!(compat, 1, "{input}");
        let base = weburl::Url::parse("https://example.org/dir/page").unwrap();
        let compat_base = Url::parse("https://example.org/dir/page").unwrap();
        let (weburl, _) = allocations(|| base.join(input).unwrap());
        let (compat, _) = allocations(|| compat_base.join(input).unwrap());
        assert_eq!(compat, weburl, "join {input}");
        let (options, _) = allocations(|| {
            Url::options()
                .base_url(Some(&compat_base))
                .parse(input)
                .unwrap()
        });
        assert_eq!(options, weburl, "options {input}");
    }
}

#[test]
fn getters_do_not_allocate() {
    for input in INPUTS {
        let url = Url::parse(input).unwrap();
        let (n, _) = allocations(|| {
            (
                url.scheme().len(),
                url.authority().len(),
                url.username().len() + url.password().map_or(0, str::len),
                url.host_str().map(str::len),
                url.host().is_some(),
                url.domain().is_some(),
                url.port_or_known_default(),
                url.path_segments().map(Iterator::count),
                url.query().map(str::len),
                url.fragment().map(str::len),
                url[Position::BeforeHost..Position::AfterPort].len(),
            )
        });
        assert_eq!(n, 0, "{input}");
    }
    // Pairs that need no decoding are borrowed.
    let url = Url::parse("https://example.com/?q=1&r=two").unwrap();
    let (n, pairs) = allocations(|| {
        url.query_pairs()
            .map(|(k, v)| k.len() + v.len())
            .sum::<usize>()
    });
    assert_eq!((n, pairs), (0, 6));
}
