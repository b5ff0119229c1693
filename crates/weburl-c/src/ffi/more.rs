//! `can_parse`, the origin, the domain functions, the version and the
//! status names.

use super::{bytes, bytes_mut, href_of, overlaps};
use crate::{WeburlStatus, WeburlUrl};
use core::ffi::c_char;

/// Whether `input[0..input_len)` parses against the optional `base` (NULL
/// for none): `WEBURL_STATUS_OK` exactly when `weburl_parse` into a large
/// enough buffer would succeed, else the status it would give (`INVALID`,
/// `INVALID_UTF8`, `IDNA_UNAVAILABLE`, `TOO_LONG`), or `NULL_ARGUMENT`,
/// `INVALID_URL` (`base` is stale or not a URL). Nothing is written; it
/// works in 256 bytes of stack, and answers `CAPACITY` when the input's
/// scheme, credentials and host together need more (parse it to know).
///
/// # Safety
/// `input` readable for `input_len` bytes; `base` NULL or a record filled
/// by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_can_parse(
    input: *const c_char,
    input_len: usize,
    base: *const WeburlUrl,
) -> WeburlStatus {
    // SAFETY: readable for `input_len` bytes (contract).
    let Some(input) = (unsafe { bytes(input, input_len) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: NULL or a valid record (contract).
    let base = match unsafe { base.as_ref() } {
        // SAFETY: a record filled by this library (contract).
        Some(b) => match unsafe { href_of(b) } {
            Some(h) => Some(h),
            None => return WeburlStatus::InvalidUrl,
        },
        None => None,
    };
    match crate::can_parse(input, base) {
        Ok(()) => WeburlStatus::Ok,
        Err(f) => f.status,
    }
}

/// The serialization of `url`'s origin (url.bs §4.7; HTML's "serialization
/// of an origin"): `scheme://host[:port]`, or `null` for an opaque origin,
/// into `buf[0..capacity)`; `*out_len` receives its length (not
/// NUL-terminated).
///
/// Returns `WEBURL_STATUS_OK`, `CAPACITY` (`*out_len` is then the length
/// needed; nothing is written), `NULL_ARGUMENT`, `OVERLAP` (`buf` inside
/// the URL's buffer) or `INVALID_URL` (stale record).
///
/// # Safety
/// `url` a record filled by this library whose buffer is alive; `buf`
/// writable for `capacity` bytes and not otherwise accessed; `out_len`
/// writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_origin(
    url: *const WeburlUrl,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> WeburlStatus {
    if out_len.is_null() || buf.is_null() {
        return WeburlStatus::NullArgument;
    }
    // SAFETY: NULL or a valid record (contract).
    let Some(rec) = (unsafe { url.as_ref() }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: the record's buffer is alive (contract).
    let Some(href) = (unsafe { href_of(rec) }) else {
        return WeburlStatus::InvalidUrl;
    };
    if overlaps(href.as_ptr().cast(), href.len(), buf, capacity) {
        return WeburlStatus::Overlap;
    }
    // SAFETY: non-NULL, writable for `capacity` bytes, disjoint from the
    // URL's serialization (checked), only accessed here.
    let Some(out) = (unsafe { bytes_mut(buf, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    let (status, n) = match crate::origin(href, out) {
        Ok(n) => (WeburlStatus::Ok, n),
        Err(f) => (f.status, f.error.needed),
    };
    // SAFETY: non-NULL and writable (contract).
    unsafe { out_len.write(n) };
    status
}

/// The URL Standard's *domain to ASCII* (url.bs §3.3) of
/// `domain[0..len)` into `buf[0..capacity)`; `*out_len` receives the length.
///
/// Returns `WEBURL_STATUS_OK`, `INVALID` (not a valid domain), `CAPACITY`
/// (`*out_len` is then a size that suffices: `WEBURL_MAX_DOMAIN_TO_ASCII_LEN(len)`
/// or less; with IDNA the buffer is also the work area, holding the domain
/// and its ASCII form side by side), `INVALID_UTF8`, `NULL_ARGUMENT`,
/// `OVERLAP`, or `IDNA_UNAVAILABLE`: without the `idna` feature only an
/// ASCII domain with `be_strict` false is answered.
///
/// # Safety
/// `domain` readable for `len` bytes; `buf` writable for `capacity` bytes and
/// not otherwise accessed; `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_domain_to_ascii(
    domain: *const c_char,
    len: usize,
    be_strict: bool,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe {
        domain_call(domain, len, buf, capacity, out_len, |d, out| {
            crate::domain_to_ascii(d, be_strict, out)
        })
    }
}

/// The URL Standard's *domain to Unicode* (url.bs §3.3) of
/// `domain[0..len)` into `buf[0..capacity)` — the domain itself when UTS #46
/// records an error; `*out_len` receives the length (UTF-8, not
/// NUL-terminated).
///
/// Returns `WEBURL_STATUS_OK`, `CAPACITY` (`*out_len` is then a size that
/// suffices: `WEBURL_MAX_DOMAIN_TO_UNICODE_LEN(len)` or less; the buffer is
/// also the work area), `INVALID_UTF8`, `NULL_ARGUMENT`, `OVERLAP`, or
/// `IDNA_UNAVAILABLE`: without the `idna` feature only an ASCII domain
/// without `xn--` labels is answered (lowercased).
///
/// # Safety
/// As for `weburl_domain_to_ascii`.
#[no_mangle]
pub unsafe extern "C" fn weburl_domain_to_unicode(
    domain: *const c_char,
    len: usize,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe {
        domain_call(
            domain,
            len,
            buf,
            capacity,
            out_len,
            crate::domain_to_unicode,
        )
    }
}

/// Shared body of the domain functions.
///
/// # Safety
/// As for `weburl_domain_to_ascii`.
unsafe fn domain_call(
    domain: *const c_char,
    len: usize,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
    call: impl FnOnce(&[u8], &mut [u8]) -> Result<usize, crate::Failure>,
) -> WeburlStatus {
    if out_len.is_null() || buf.is_null() {
        return WeburlStatus::NullArgument;
    }
    if overlaps(domain, len, buf, capacity) {
        return WeburlStatus::Overlap;
    }
    // SAFETY: readable for `len` bytes (contract), disjoint from `buf`.
    let Some(domain) = (unsafe { bytes(domain, len) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, writable for `capacity` bytes, only accessed here.
    let Some(out) = (unsafe { bytes_mut(buf, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    let (status, n) = match call(domain, out) {
        Ok(n) => (WeburlStatus::Ok, n),
        Err(f) => (f.status, f.error.needed),
    };
    // SAFETY: non-NULL and writable (contract).
    unsafe { out_len.write(n) };
    status
}

/// The library's version, e.g. `"0.1.0"` (a static NUL-terminated
/// string; the header's `WEBURL_VERSION` is the version it was generated
/// for).
#[no_mangle]
pub extern "C" fn weburl_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The name of a status, e.g. `"WEBURL_STATUS_CAPACITY"` (a static
/// NUL-terminated string, for messages); `"WEBURL_STATUS_UNKNOWN"` for a
/// value that is not a status.
#[no_mangle]
pub extern "C" fn weburl_status_name(status: i32) -> *const c_char {
    const NAMES: [&[u8]; 12] = [
        b"WEBURL_STATUS_OK\0",
        b"WEBURL_STATUS_IGNORED\0",
        b"WEBURL_STATUS_INVALID\0",
        b"WEBURL_STATUS_CAPACITY\0",
        b"WEBURL_STATUS_INVALID_UTF8\0",
        b"WEBURL_STATUS_NULL_ARGUMENT\0",
        b"WEBURL_STATUS_TOO_LONG\0",
        b"WEBURL_STATUS_IDNA_UNAVAILABLE\0",
        b"WEBURL_STATUS_INVALID_URL\0",
        b"WEBURL_STATUS_OVERLAP\0",
        b"WEBURL_STATUS_STRICT\0",
        b"WEBURL_STATUS_NOT_FOUND\0",
    ];
    let s: &'static [u8] = usize::try_from(status)
        .ok()
        .and_then(|i| NAMES.get(i).copied())
        .unwrap_or(b"WEBURL_STATUS_UNKNOWN\0");
    s.as_ptr().cast()
}
