//! A `#![no_std]` `#![no_main]` program with its own panic handler and no
//! global allocator that uses url-core the way firmware does: parse into a
//! fixed buffer (with and without a base, an IPv6 host, a non-ASCII domain),
//! read every getter, run every setter, form-urlencoded parsing and
//! serializing, the domain parser (IDNA), and the heapless storage.
//!
//! It only has to *build*: for `thumbv7em-none-eabihf` there is no `std` at
//! all, and a dependency that needs `alloc` fails to link for want of a global
//! allocator; for `wasm32-unknown-unknown` (which has a `std`) a dependency
//! that pulls `std` in brings a second `panic_impl` and the build fails.
//! `cargo xtask check-nostd` builds it for both targets, with and without the
//! `idna` feature, and also checks the linked symbols.
#![no_std]
#![no_main]
#![deny(missing_docs)]

use core::hint::black_box;
use url_core::{HostKind, Parser, SliceStorage, Url};

/// The firmware has nowhere to report a panic: stop.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// Folds a string into a checksum so that nothing is optimized away.
fn mix(acc: u32, s: &str) -> u32 {
    s.bytes().fold(acc.rotate_left(5) ^ s.len() as u32, |a, b| {
        a.wrapping_mul(31).wrapping_add(u32::from(b))
    })
}

/// Every getter of a URL, folded.
fn getters<S: url_core::Buffer>(acc: u32, url: &Url<S>) -> u32 {
    let mut acc = acc;
    for part in [
        url.href(),
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port_str(),
        url.pathname(),
        url.search(),
        url.hash(),
    ] {
        acc = mix(acc, part);
    }
    if let url_core::Origin::Tuple { scheme, host, .. } = url.origin() {
        acc = mix(mix(acc, scheme), host.as_str());
    }
    acc ^ u32::from(url.port().unwrap_or(0)) ^ (url.host_kind() == HostKind::Ipv6) as u32
}

/// What the firmware does with URLs; returns a checksum (0 never).
fn exercise() -> u32 {
    let mut acc = 1u32;

    // Parse into a caller's buffer.
    let mut buf = [0u8; 256];
    let input = black_box("HTTPS://user:pw@Example.COM:8443/a/./b/../c?x=1 2#frag");
    match Url::parse_into(input, SliceStorage::new(&mut buf)) {
        Ok(url) => acc = getters(acc, &url),
        Err(_) => acc ^= 0x11,
    }

    // Relative to a base; an IPv6 host; a non-ASCII domain (IDNA, or a typed
    // error without it).
    let mut base_buf = [0u8; 128];
    if let Ok(base) = Url::parse_into(
        black_box("http://[::1]:8080/dir/page?q"),
        SliceStorage::new(&mut base_buf),
    ) {
        let mut out = [0u8; 128];
        if let Ok(url) = Parser::new()
            .base(base.as_url_ref())
            .parse_into(black_box("../other#x"), SliceStorage::new(&mut out))
        {
            acc = getters(acc, &url);
        }
    }
    let mut idn = [0u8; 128];
    match Url::parse_into(
        black_box("https://b\u{fc}cher.example/\u{e9}t\u{e9}"),
        SliceStorage::new(&mut idn),
    ) {
        Ok(url) => acc = getters(acc, &url),
        Err(e) => acc ^= e.is_storage_error() as u32 + 7,
    }

    // Setters on the fixed buffer.
    let mut sbuf = [0u8; 256];
    if let Ok(mut url) = Url::parse_into(
        black_box("http://h.example/p"),
        SliceStorage::new(&mut sbuf),
    ) {
        let _ = url.set_protocol(black_box("https"));
        let _ = url.set_username(black_box("me"));
        let _ = url.set_password(black_box("secret"));
        let _ = url.set_hostname(black_box("other.example"));
        let _ = url.set_host(black_box("other.example:99"));
        let _ = url.set_port(black_box("8080"));
        let _ = url.set_pathname(black_box("/a b/c"));
        let _ = url.set_search(black_box("?k=v"));
        let _ = url.set_hash(black_box("#h"));
        let _ = url.set_href(black_box("wss://x.example/y"));
        acc = getters(acc, &url);
    }

    // application/x-www-form-urlencoded: parse, decode, serialize.
    let mut scratch = [0u8; 64];
    for (name, value) in url_core::form_urlencoded::parse(black_box(b"a=1&b+c=%C3%A9&=x")) {
        let mut store = SliceStorage::new(&mut scratch);
        if name.decode_into(&mut store).is_ok() && value.decode_into(&mut store).is_ok() {
            acc = mix(acc, url_core::Buffer::as_str(&store));
        }
    }
    let mut form = [0u8; 64];
    let mut ser = url_core::form_urlencoded::Serializer::new(SliceStorage::new(&mut form));
    if ser
        .append_pair(black_box("k y"), black_box("v\u{e9}"))
        .is_ok()
    {
        acc = mix(acc, url_core::Buffer::as_str(&ser.finish()));
    }

    // The domain parser on its own (IDNA).
    #[cfg(feature = "idna")]
    {
        let mut dom = [0u8; 128];
        let mut out = SliceStorage::new(&mut dom);
        if url_core::idna::domain_to_ascii(black_box("B\u{fc}cher.Example"), false, &mut out)
            .is_ok()
        {
            acc = mix(acc, url_core::Buffer::as_str(&out));
        }
    }

    // Borrowed (zero-copy) parse and the heapless storage.
    if let Ok(url) = Url::parse_borrowed(black_box("https://example.org/a?b#c")) {
        acc = getters(acc, &url);
    }
    let hs: heapless::String<96> = heapless::String::new();
    if let Ok(url) = Url::parse_into(black_box("ftp://EXAMPLE.net:21/x/../y"), hs) {
        acc = getters(acc, &url);
    }
    acc | 1
}

// Canaries for `cargo xtask check-nostd --self-test`: each must make the
// build fail, proving the check would catch std or alloc sneaking in.
#[cfg(feature = "canary-alloc")]
extern crate alloc;
#[cfg(feature = "canary-std")]
extern crate std;

/// What a dependency that needs an allocator would do (canary only).
#[cfg(feature = "canary-alloc")]
fn sneak(acc: u32) -> u32 {
    let v: alloc::vec::Vec<u32> = alloc::vec![acc; black_box(3)];
    v.iter().sum()
}
/// What a dependency that needs std would do (canary only).
#[cfg(all(feature = "canary-std", not(feature = "canary-alloc")))]
fn sneak(acc: u32) -> u32 {
    std::hint::black_box(acc)
}
#[cfg(not(any(feature = "canary-alloc", feature = "canary-std")))]
fn sneak(acc: u32) -> u32 {
    acc
}

/// Entry point on the microcontroller (the reset handler a linker script
/// would point at).
#[cfg(target_os = "none")]
#[no_mangle]
pub extern "C" fn _start() -> ! {
    let sum = sneak(exercise());
    black_box(sum);
    loop {
        core::hint::spin_loop();
    }
}

/// Entry point exported to the WASM host.
#[cfg(target_family = "wasm")]
#[no_mangle]
pub extern "C" fn run() -> u32 {
    sneak(exercise())
}
