//! A C ABI over url-core for firmware written in C: no allocator, no global
//! state, every byte in buffers the caller owns.
//!
//! The C header is `include/weburl.h`, generated from this crate by
//! `cargo xtask gen-header` (cbindgen); `cargo xtask gen-header --check` fails
//! when it is out of date.
//!
//! ```c
//! char buf[256];
//! weburl_url url;
//! const char *in = "HTTPS://Example.COM/a/../b?q#f";
//! if (weburl_parse(in, strlen(in), NULL, buf, sizeof buf, &url) == WEBURL_STATUS_OK) {
//!     weburl_str host = weburl_hostname(&url);   /* "example.com" */
//!     printf("%.*s\n", (int)host.len, host.ptr);
//!     weburl_set_pathname(&url, "/x y", 4);      /* "https://example.com/x%20y?q#f" */
//! }
//! ```
//!
//! - [`weburl_parse`](ffi::weburl_parse) parses `input` (optionally against a
//!   base [`WeburlUrl`]) into the caller's buffer and fills a [`WeburlUrl`]:
//!   the buffer, its capacity, the component offsets ([`WeburlComponents`])
//!   and a check value over them and the serialization.
//! - The getters (`weburl_href`, `weburl_hostname`, …) return a [`WeburlStr`]
//!   (pointer and length into the caller's buffer; not NUL-terminated).
//! - The setters (`weburl_set_pathname`, …) follow the URL Standard's API on
//!   the caller's buffer; on any failure the URL is left unchanged. They
//!   need room in the buffer for the result only.
//! - A record whose buffer no longer holds its URL — a copy of a record
//!   whose original a setter has since changed, a buffer the caller wrote
//!   over — is detected by its check value: getters return an empty string
//!   and setters `WEBURL_STATUS_INVALID_URL`.
//! - The rest of what Ada's C API offers, over caller buffers:
//!   [`weburl_can_parse`](ffi::weburl_can_parse),
//!   [`weburl_origin`](ffi::weburl_origin), URLSearchParams
//!   (`weburl_search_params_*`, over a list's serialization in a buffer),
//!   [`weburl_domain_to_ascii`](ffi::weburl_domain_to_ascii) and
//!   [`weburl_domain_to_unicode`](ffi::weburl_domain_to_unicode) (the URL
//!   Standard's domain to ASCII and to Unicode),
//!   [`weburl_version`](ffi::weburl_version).
//! - Sizes: the header's `WEBURL_MAX_HREF_LEN(input_len, base_len)` is a
//!   buffer size with which `weburl_parse` never fails for lack of room
//!   (`WEBURL_MAX_HREF_LEN_ASCII_HOST` when the host is ASCII without `%`:
//!   3 bytes per input byte), and `error.needed` after
//!   `WEBURL_STATUS_CAPACITY` is a size with which the same call succeeds.
//!
//! Every call returns a [`WeburlStatus`]; failures fill [`WeburlError`].
//!
//! # Which crate?
//!
//! - [`weburl`](https://docs.rs/weburl): owned URLs for code with an
//!   allocator: the URL API's getters and setters (a value the standard
//!   ignores is an error), `UrlSearchParams`, a builder, file paths, serde;
//!   features `pattern` (URLPattern) and `encoding`.
//! - [`weburl-url`](https://docs.rs/weburl-url): a drop-in for the `url`
//!   crate (rust-url 2.5.8's API, signature for signature): for code written
//!   against `url`.
//! - [`url-core`](https://docs.rs/url-core): `no_std`, no allocator: URLs in
//!   a buffer the caller gives (`SliceStorage`, `heapless::String`), zero-copy
//!   parsing, and `sizes` for buffer sizes; for firmware and kernels. The
//!   others are built on it.
//! - **`weburl-c`** (this crate): the C ABI (`include/weburl.h` and a static
//!   library) over caller buffers, for C programs and other languages' FFI
//!   (`crates/weburl-c` in the repository).
//! - [`weburl-pattern`](https://docs.rs/weburl-pattern): URLPattern (the
//!   WHATWG URL Pattern Standard), for routing; also `weburl::pattern`.
//! - `idna-tables`, `psl-tables`, `script-tables`: url-core's generated
//!   Unicode and Public Suffix List data; not used directly.
//!
//! All `unsafe` code (turning C pointers into slices) is in the [`ffi`]
//! module; everything else is safe Rust over url-core.
//!
//! Feature `idna` (default): non-ASCII domains; without it they give
//! [`WeburlStatus::IdnaUnavailable`]. On bare-metal targets
//! (`target_os = "none"`) the crate defines the panic handler the staticlib
//! needs; Rust firmware uses url-core directly.
//!
//! Linking: `libweburl_c.a` holds every function of the library and its
//! tables; a C program links only what it calls when its functions and the
//! library's sections are kept apart and unused ones dropped: compile with
//! `-ffunction-sections -fdata-sections` and link with
//! `-Wl,--gc-sections` (the Rust side is already built one function per
//! section). On x86-64 Linux the C test program (`tests/c/weburl_test.c`,
//! release staticlib) has 1.64 MB of text without it and 0.95 MB with it;
//! docs/embedded.md has the bare-metal figures.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_code)]

// Hosted builds (tests, the host staticlib) take the panic runtime from std;
// the library code itself only uses `core`.
#[cfg(not(target_os = "none"))]
extern crate std;

mod domains;
pub mod ffi;
mod more;
pub mod search_params;
mod storage;
pub use domains::{domain_to_ascii, domain_to_unicode};
pub use more::{can_parse, origin};
use storage::{reattach, shadow, Reattach};

use core::ffi::c_char;
use url_core::{Buffer, CapacityError, HostKind, ParseError, Parser, Url};

/// A panic cannot happen on any input (url-core never panics), but a
/// bare-metal staticlib needs a handler: stop. (So a Rust firmware, which
/// has its own, uses url-core directly rather than this crate.)
#[cfg(all(target_os = "none", not(test)))]
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// The result of every call (an `int32_t` in C, whatever the compiler's
/// enum size).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeburlStatus {
    /// Success.
    Ok = 0,
    /// A setter that the URL Standard says does nothing here (for example
    /// `weburl_set_port` on a `file:` URL): the URL is unchanged.
    Ignored = 1,
    /// The input is not a URL (the standard's failure); `error.validation_error`
    /// names the standard's validation error and `error.position` its byte
    /// offset in the input.
    Invalid = 2,
    /// The buffer is too small; `error.needed` (or the call's `*out_len`)
    /// is a size with which the same call succeeds: the exact length when
    /// it was known, else a bound (see `WEBURL_MAX_HREF_LEN`). Nothing was
    /// truncated: for a setter the URL is unchanged.
    Capacity = 3,
    /// The input (or setter value) is not UTF-8; `error.position` is the
    /// offset of the first invalid byte.
    InvalidUtf8 = 4,
    /// A pointer that must not be NULL is NULL.
    NullArgument = 5,
    /// The input or output is longer than 4 GiB.
    TooLong = 6,
    /// A non-ASCII domain, and the library was built without the `idna`
    /// feature.
    IdnaUnavailable = 7,
    /// The `weburl_url` does not hold a URL produced by `weburl_parse`: its
    /// buffer no longer holds its URL (written over, or changed through a
    /// copy of the record), or it was never initialized.
    InvalidUrl = 8,
    /// Memory overlaps that must not: the output buffer and the input, the
    /// base URL's buffer or the `weburl_url` record; a setter's value and
    /// the URL's buffer.
    Overlap = 9,
    /// Strict parsing only (`WEBURL_PARSE_STRICT`): the standard parses the
    /// input, but reports a validation error a browser would repair (such
    /// as `http:127.0.0.1/`); `error.validation_error` names the first one
    /// and `error.position` its byte offset, as for `INVALID`.
    Strict = 10,
    /// `weburl_search_params_get` and `_entry`: no such name (or index).
    NotFound = 11,
}

/// `weburl_parse_with_flags` flag: strict parsing. The first validation
/// error the URL Standard reports rejects the input (`WEBURL_STATUS_STRICT`),
/// not only the ones it calls failure (`WEBURL_STATUS_INVALID`). For
/// security checks (SSRF filters, allow-lists) that must refuse what two
/// parsers may repair differently.
pub const WEBURL_PARSE_STRICT: u32 = 1;

/// A string in a caller's buffer (or a static string): `len` bytes at `ptr`,
/// not NUL-terminated. `ptr` is never NULL.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WeburlStr {
    /// The first byte.
    pub ptr: *const c_char,
    /// The length in bytes.
    pub len: usize,
}

impl WeburlStr {
    /// A string borrowed from Rust (static or the caller's buffer).
    pub fn of(s: &str) -> WeburlStr {
        WeburlStr {
            ptr: s.as_ptr().cast(),
            len: s.len(),
        }
    }
}

/// A component: bytes `offset .. offset + len` of the serialization.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeburlSpan {
    /// Start in the buffer.
    pub offset: u32,
    /// Length in bytes.
    pub len: u32,
}

/// The host is null (`mailto:x`).
pub const WEBURL_HOST_NONE: u32 = 0;
/// The empty host (`file:///x`).
pub const WEBURL_HOST_EMPTY: u32 = 1;
/// A domain.
pub const WEBURL_HOST_DOMAIN: u32 = 2;
/// An IPv4 address.
pub const WEBURL_HOST_IPV4: u32 = 3;
/// An IPv6 address (serialized in brackets).
pub const WEBURL_HOST_IPV6: u32 = 4;
/// An opaque host (non-special URLs).
pub const WEBURL_HOST_OPAQUE: u32 = 5;

/// Flag: the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
pub const WEBURL_FLAG_SPECIAL: u32 = 1;
/// Flag: the path is opaque (`mailto:x`).
pub const WEBURL_FLAG_OPAQUE_PATH: u32 = 2;
/// Flag: the query is not null (it may be empty: `http://h/?`).
pub const WEBURL_FLAG_HAS_QUERY: u32 = 4;
/// Flag: the fragment is not null (it may be empty: `http://h/#`).
pub const WEBURL_FLAG_HAS_FRAGMENT: u32 = 8;
/// Flag: the URL has a username or a password.
pub const WEBURL_FLAG_HAS_CREDENTIALS: u32 = 16;

/// Where each getter's string lies in the buffer (the URL API's
/// attributes, url.bs §6.1).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeburlComponents {
    /// The whole serialization (`offset` is 0).
    pub href: WeburlSpan,
    /// `protocol`: the scheme and `:`.
    pub protocol: WeburlSpan,
    /// `username`.
    pub username: WeburlSpan,
    /// `password`.
    pub password: WeburlSpan,
    /// `host`: host and `:port`.
    pub host: WeburlSpan,
    /// `hostname`.
    pub hostname: WeburlSpan,
    /// `port` in decimal (empty when null or the default).
    pub port: WeburlSpan,
    /// `pathname`.
    pub pathname: WeburlSpan,
    /// `search`: `?` and the query (empty when null or empty).
    pub search: WeburlSpan,
    /// `hash`: `#` and the fragment (empty when null or empty).
    pub hash: WeburlSpan,
    /// The port number, or -1 when null (or the scheme's default).
    pub port_number: i32,
    /// One of the `WEBURL_HOST_*` constants.
    pub host_kind: u32,
    /// `WEBURL_FLAG_*` bits.
    pub flags: u32,
}

/// Details of the last failure (zeroed on success).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WeburlError {
    /// Byte offset in the input where the failure was detected (statuses
    /// `INVALID`, `INVALID_UTF8`, `IDNA_UNAVAILABLE`); else 0.
    pub position: usize,
    /// Status `CAPACITY`: a buffer size with which the same call succeeds
    /// (the exact length when it was known, else a bound); else 0.
    pub needed: usize,
    /// Status `INVALID` (and a setter's ignored host or port): the URL
    /// Standard's name of the validation error, e.g.
    /// `"port-out-of-range"` (static, not NUL-terminated); else empty.
    pub validation_error: WeburlStr,
}

impl WeburlError {
    /// No error.
    pub fn none() -> WeburlError {
        WeburlError {
            position: 0,
            needed: 0,
            validation_error: WeburlStr::of(""),
        }
    }
}

/// A parsed URL in the caller's buffer. Produced by `weburl_parse`; pass it
/// to the getters and setters. The buffer must stay untouched between
/// calls: the library keeps a NUL after the serialization when the buffer
/// has room for one, and `check` and that NUL tell when the buffer no
/// longer holds the record's URL (getters then return an empty string,
/// setters `WEBURL_STATUS_INVALID_URL`). A copy of a record goes stale when
/// a setter changes the original.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WeburlUrl {
    /// The caller's buffer; the serialization is its first
    /// `components.href.len` bytes (ASCII), followed by a NUL when the
    /// buffer has room for one.
    pub buf: *mut c_char,
    /// The buffer's size in bytes.
    pub capacity: usize,
    /// Where the components are.
    pub components: WeburlComponents,
    /// A check value over the serialization and `components`, set by every
    /// call that fills the record (never 0). `weburl_refresh` with `check`
    /// set to 0 reads a serialization the caller put in the buffer.
    pub check: u32,
    /// Details when the last call on this URL failed.
    pub error: WeburlError,
}

/// The check value of a record holding `href` with `c` (FNV-1a over the
/// bytes and the offsets; never 0).
pub fn check_value(href: &[u8], c: &WeburlComponents) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut eat = |b: u8| {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    };
    for &b in href {
        eat(b);
    }
    let spans = [
        c.href, c.protocol, c.username, c.password, c.host, c.hostname, c.port, c.pathname,
        c.search, c.hash,
    ];
    let words = spans.iter().flat_map(|s| [s.offset, s.len]).chain([
        c.port_number as u32,
        c.host_kind,
        c.flags,
    ]);
    for w in words {
        for b in w.to_le_bytes() {
            eat(b);
        }
    }
    h.max(1)
}

/// A failure of the safe layer: the status and its details.
#[derive(Clone, Copy, Debug)]
pub struct Failure {
    /// The status to return.
    pub status: WeburlStatus,
    /// The details.
    pub error: WeburlError,
}

impl Failure {
    /// A failure with no details.
    pub fn bare(status: WeburlStatus) -> Failure {
        Failure {
            status,
            error: WeburlError::none(),
        }
    }

    fn capacity(needed: usize) -> Failure {
        Failure {
            status: WeburlStatus::Capacity,
            error: WeburlError {
                needed,
                ..WeburlError::none()
            },
        }
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Failure {
        match e {
            ParseError::Invalid { error, position } => Failure {
                status: WeburlStatus::Invalid,
                error: WeburlError {
                    position,
                    needed: 0,
                    validation_error: WeburlStr::of(error.name()),
                },
            },
            ParseError::Strict { error, position } => Failure {
                status: WeburlStatus::Strict,
                error: WeburlError {
                    position,
                    needed: 0,
                    validation_error: WeburlStr::of(error.name()),
                },
            },
            ParseError::Capacity(c) => Failure::capacity(c.needed),
            ParseError::IdnaUnavailable { position } => Failure {
                status: WeburlStatus::IdnaUnavailable,
                error: WeburlError {
                    position,
                    ..WeburlError::none()
                },
            },
            ParseError::TooLong => Failure::bare(WeburlStatus::TooLong),
            // Only the borrowed parse reports it; treat like any other
            // storage problem.
            _ => Failure::bare(WeburlStatus::InvalidUrl),
        }
    }
}

impl From<CapacityError> for Failure {
    fn from(e: CapacityError) -> Failure {
        Failure::capacity(e.needed)
    }
}

/// Checks that `bytes` is UTF-8.
pub fn utf8(bytes: &[u8]) -> Result<&str, Failure> {
    core::str::from_utf8(bytes).map_err(|e| Failure {
        status: WeburlStatus::InvalidUtf8,
        error: WeburlError {
            position: e.valid_up_to(),
            ..WeburlError::none()
        },
    })
}

/// The span of `part` inside `href` (a sub-slice of it, or an empty string
/// that is not, which maps to an empty span at `at_empty`).
fn span(href: &str, part: &str, at_empty: usize) -> WeburlSpan {
    let base = href.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    let offset = if p >= base && p + part.len() <= base + href.len() {
        p - base
    } else {
        at_empty
    };
    WeburlSpan {
        offset: offset as u32,
        len: part.len() as u32,
    }
}

/// The component offsets of a parsed URL.
pub fn components<S: Buffer>(url: &Url<S>) -> WeburlComponents {
    let href = url.href();
    let path = span(href, url.pathname(), 0);
    let after_path = (path.offset + path.len) as usize;
    let host = span(href, url.host(), path.offset as usize);
    let host_kind = match url.host_kind() {
        HostKind::None => WEBURL_HOST_NONE,
        HostKind::Empty => WEBURL_HOST_EMPTY,
        HostKind::Domain => WEBURL_HOST_DOMAIN,
        HostKind::Ipv4 => WEBURL_HOST_IPV4,
        HostKind::Ipv6 => WEBURL_HOST_IPV6,
        HostKind::Opaque => WEBURL_HOST_OPAQUE,
        // HostKind may gain kinds; report them as domains.
        #[allow(unreachable_patterns)]
        _ => WEBURL_HOST_DOMAIN,
    };
    let mut flags = 0;
    for (on, bit) in [
        (url.is_special(), WEBURL_FLAG_SPECIAL),
        (url.has_opaque_path(), WEBURL_FLAG_OPAQUE_PATH),
        (url.query().is_some(), WEBURL_FLAG_HAS_QUERY),
        (url.fragment().is_some(), WEBURL_FLAG_HAS_FRAGMENT),
        (url.has_credentials(), WEBURL_FLAG_HAS_CREDENTIALS),
    ] {
        if on {
            flags |= bit;
        }
    }
    WeburlComponents {
        href: WeburlSpan {
            offset: 0,
            len: href.len() as u32,
        },
        protocol: span(href, url.protocol(), 0),
        username: span(href, url.username(), host.offset as usize),
        password: span(href, url.password(), host.offset as usize),
        host,
        hostname: span(href, url.hostname(), host.offset as usize),
        port: span(href, url.port_str(), (host.offset + host.len) as usize),
        pathname: path,
        search: span(href, url.search(), after_path),
        hash: span(href, url.hash(), href.len()),
        port_number: url.port().map_or(-1, i32::from),
        host_kind,
        flags,
    }
}

/// Checks that the serialization fits u32 offsets (the parser guarantees
/// it; the check keeps the C side's spans exact).
fn fits_u32(len: usize) -> Result<(), Failure> {
    if len > u32::MAX as usize {
        Err(Failure::bare(WeburlStatus::TooLong))
    } else {
        Ok(())
    }
}

/// `weburl_parse` over slices: parses `input` against `base` (a
/// serialization previously produced by this library) into `buf`. Returns
/// the components; the serialization is `buf[..href.len]`.
pub fn parse(
    input: &[u8],
    base: Option<&[u8]>,
    buf: &mut [u8],
) -> Result<WeburlComponents, Failure> {
    parse_with_flags(input, base, buf, 0)
}

/// `weburl_parse_with_flags` over slices: [`parse`] with `flags`, the
/// `WEBURL_PARSE_*` bits.
pub fn parse_with_flags(
    input: &[u8],
    base: Option<&[u8]>,
    buf: &mut [u8],
    flags: u32,
) -> Result<WeburlComponents, Failure> {
    let input = utf8(input)?;
    let strict = flags & WEBURL_PARSE_STRICT != 0;
    let Some(b) = base else {
        return parse_with(input, None, buf, strict);
    };
    if let Ok(base) = shadow(b) {
        return parse_with(input, Some(base.as_url_ref()), buf, strict);
    }
    // A base the shadow parse cannot follow (a `/.` path prefix, which the
    // parser inserts last): parse a copy of it at the end of `buf`.
    let text = utf8(b).map_err(|_| Failure::bare(WeburlStatus::InvalidUrl))?;
    let Some(split) = buf.len().checked_sub(b.len()) else {
        return Err(Failure::capacity(b.len()));
    };
    let (head, tail) = buf.split_at_mut(split);
    let base = match Parser::new().parse_into(text, Reattach::attached(tail)) {
        Ok(u) if u.href().as_bytes() == b => u,
        _ => return Err(Failure::bare(WeburlStatus::InvalidUrl)),
    };
    parse_with(input, Some(base.as_url_ref()), head, strict).map_err(|mut f| {
        if f.status == WeburlStatus::Capacity {
            f.error.needed += b.len();
        }
        f
    })
}

fn parse_with(
    input: &str,
    base: Option<Url<&str>>,
    buf: &mut [u8],
    strict: bool,
) -> Result<WeburlComponents, Failure> {
    // The same storage type as the setters: one instantiation of the parser
    // (two with the strict one).
    let c = {
        let mut parser = Parser::new().with_base(base);
        let storage = Reattach::attached(buf);
        let url = if strict {
            parser.strict().parse_into(input, storage)?
        } else {
            parser.parse_into(input, storage)?
        };
        fits_u32(url.href().len())?;
        components(&url)
    };
    terminate(buf, c.href.len as usize);
    Ok(c)
}

/// `weburl_refresh` over slices: the components of the serialization
/// `buf[..len]` (which this library produced).
pub fn refresh(buf: &mut [u8], len: usize) -> Result<WeburlComponents, Failure> {
    Ok(components(&reattach(buf, len)?))
}

/// Which setter (the URL API's attributes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attr {
    /// `href`
    Href,
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `host`
    Host,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl From<Attr> for url_core::Setter {
    fn from(attr: Attr) -> Self {
        use url_core::Setter as S;
        match attr {
            Attr::Href => S::Href,
            Attr::Protocol => S::Protocol,
            Attr::Username => S::Username,
            Attr::Password => S::Password,
            Attr::Host => S::Host,
            Attr::Hostname => S::Hostname,
            Attr::Port => S::Port,
            Attr::Pathname => S::Pathname,
            Attr::Search => S::Search,
            Attr::Hash => S::Hash,
        }
    }
}

/// A setter over slices: `buf[..len]` holds a URL this library produced;
/// sets `attr` to `value` in place. Returns the new components and whether
/// the standard said to ignore the value (then the URL is unchanged). On
/// failure the buffer still holds the old URL.
pub fn set(
    buf: &mut [u8],
    len: usize,
    attr: Attr,
    value: &[u8],
) -> Result<(WeburlComponents, Option<WeburlError>), Failure> {
    let value = utf8(value)?;
    let (ignored, components) = {
        let mut url = reattach(buf, len)?;
        let ignored = set_on(&mut url, attr, value)?;
        fits_u32(url.href().len())?;
        (ignored, components(&url))
    };
    // Clear what a shorter URL left behind, so a copy of the old record
    // cannot read it as part of a URL, and end a longer one with a NUL.
    let new_len = components.href.len as usize;
    if let Some(vacated) = buf.get_mut(new_len..len) {
        vacated.fill(0);
    }
    terminate(buf, new_len);
    Ok((components, ignored))
}

/// Puts a NUL after the serialization `buf[..len]` when there is room: a
/// record checks for it, so that a copy of a record whose URL has since
/// grown in the same buffer reads as stale (and C code may print the
/// buffer as a string).
pub fn terminate(buf: &mut [u8], len: usize) {
    if let Some(end) = buf.get_mut(len) {
        *end = 0;
    }
}

/// Runs the setter; `Some` with the details when the standard ignored the
/// value.
fn set_on(
    url: &mut Url<Reattach<'_>>,
    attr: Attr,
    value: &str,
) -> Result<Option<WeburlError>, Failure> {
    let result = url.set(attr.into(), value);
    let ignored = match result {
        Ok(()) => None,
        Err(e) => match (e.ignored(), e.parse_error()) {
            (Some(why), _) => Some(ignored_details(why)),
            (None, Some(error)) => return Err(error.into()),
            // SetErrorKind may gain kinds: report the URL as it is.
            (None, None) => Some(WeburlError::none()),
        },
    };
    Ok(ignored)
}

fn ignored_details(why: url_core::Ignored) -> WeburlError {
    let mut e = WeburlError::none();
    match why {
        url_core::Ignored::InvalidHost(v) | url_core::Ignored::InvalidPort(v) => {
            e.validation_error = WeburlStr::of(v.name());
        }
        _ => {}
    }
    e
}
