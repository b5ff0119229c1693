//! The `extern "C"` functions: the only `unsafe` code of this crate.
//!
//! Each function checks its pointers for NULL and its buffers for overlap,
//! turns them into slices (the `unsafe` blocks, each with its SAFETY
//! argument), and calls the safe layer in the crate root. The contract every
//! caller must keep, stated once here and in the header:
//!
//! - a `(pointer, length)` pair names `length` readable bytes (writable for
//!   the output buffer) that nothing else writes during the call;
//! - a `weburl_url` passed to a getter or setter was filled by
//!   `weburl_parse` (or a setter), and its buffer is still alive;
//! - nothing is retained after a call returns, and nothing is allocated.
//!
//! The URL's functions are here; [`more`] has `can_parse`, the origin, the
//! domain functions, the version and the status names, and
//! [`search_params`] URLSearchParams.
#![allow(unsafe_code)]

use crate::{
    check_value, parse_with_flags, set, Attr, Failure, WeburlComponents, WeburlError, WeburlStatus,
    WeburlStr, WeburlUrl,
};
use core::ffi::c_char;

pub mod more;
pub mod search_params;
pub use more::*;
pub use search_params::*;

/// Whether the byte ranges `[a, a + alen)` and `[b, b + blen)` overlap.
fn overlaps(a: *const c_char, alen: usize, b: *const c_char, blen: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    alen != 0 && blen != 0 && a < b.saturating_add(blen) && b < a.saturating_add(alen)
}

/// A read-only slice from C, or `None` for a NULL pointer with a nonzero
/// length. A NULL pointer with length 0 is the empty slice.
///
/// # Safety
/// When not NULL, `ptr` must be valid for reads of `len` bytes that are not
/// written for the lifetime `'a`.
unsafe fn bytes<'a>(ptr: *const c_char, len: usize) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return (len == 0).then_some(&[][..]);
    }
    // SAFETY: not NULL, and the caller guarantees `len` readable bytes that
    // stay unchanged for 'a; u8 and c_char have the same layout.
    Some(unsafe { core::slice::from_raw_parts(ptr.cast::<u8>(), len) })
}

/// A writable slice from C (`None` for NULL).
///
/// # Safety
/// When not NULL, `ptr` must be valid for reads and writes of `len` bytes,
/// not accessed through any other pointer for the lifetime `'a`.
unsafe fn bytes_mut<'a>(ptr: *mut c_char, len: usize) -> Option<&'a mut [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: not NULL, and the caller guarantees `len` bytes exclusively
    // ours for 'a; u8 and c_char have the same layout.
    Some(unsafe { core::slice::from_raw_parts_mut(ptr.cast::<u8>(), len) })
}

/// The serialization of a URL filled by this library, or `None` when the
/// record is inconsistent (NULL buffer, length over capacity) or stale: the
/// buffer no longer holds its URL (the check value does not match, or the
/// NUL the library keeps after the URL when there is room is gone).
///
/// # Safety
/// `url.buf` must be valid for `url.capacity` bytes (the contract of the
/// getters).
unsafe fn href_of(url: &WeburlUrl) -> Option<&[u8]> {
    // SAFETY: the same contract, forwarded.
    let href = unsafe { ended(url) }?;
    (check_value(href, &url.components) == url.check).then_some(href)
}

/// The record's first `components.href.len` bytes when they are followed
/// by a NUL or fill the buffer, else `None`: a longer URL written over
/// this one (through a copy of the record) can leave its bytes and check
/// value as they were, but not the NUL after them.
///
/// # Safety
/// As for [`href_of`].
unsafe fn ended(url: &WeburlUrl) -> Option<&[u8]> {
    let len = url.components.href.len as usize;
    if url.buf.is_null() || len > url.capacity {
        return None;
    }
    // SAFETY: `buf` holds `capacity >= len` bytes (caller's contract), and
    // one more when `len < capacity`.
    let with_end = unsafe { bytes(url.buf, (len + 1).min(url.capacity)) }?;
    let (href, end) = with_end.split_at_checked(len)?;
    end.first().map_or(true, |&b| b == 0).then_some(href)
}

/// A record for `components` in `buf`, with its check value.
///
/// # Safety
/// `buf` must be valid for reads of `capacity` bytes, of which the first
/// `components.href.len` hold the serialization.
unsafe fn record(buf: *mut c_char, capacity: usize, components: WeburlComponents) -> WeburlUrl {
    let len = (components.href.len as usize).min(capacity);
    // SAFETY: the caller's contract.
    let href = unsafe { bytes(buf, len) }.unwrap_or_default();
    WeburlUrl {
        buf,
        capacity,
        check: check_value(href, &components),
        components,
        error: WeburlError::none(),
    }
}

/// Records a failure in `out` (when not NULL) and returns its status.
///
/// # Safety
/// `out` is NULL or valid for writes of a `WeburlUrl`.
unsafe fn fail_into(out: *mut WeburlUrl, f: Failure) -> WeburlStatus {
    // SAFETY: caller's contract; `as_mut` checks for NULL.
    if let Some(out) = unsafe { out.as_mut() } {
        out.error = f.error;
    }
    f.status
}

/// Parses `input[0..input_len)` — UTF-8, not necessarily NUL-terminated —
/// against the optional `base` (NULL for none) into the caller's
/// `buf[0..capacity)`, and fills `*out` (buffer, capacity, component
/// offsets, check value). No allocation: the buffer holds the
/// serialization, and a NUL after it when there is room.
///
/// Returns `WEBURL_STATUS_OK`, or: `INVALID` (not a URL; `out->error` names
/// the validation error and its position), `CAPACITY` (buffer too small;
/// `out->error.needed` is a size with which the call succeeds: the URL's
/// length when the input is already its serialization, else a bound from
/// the input; `WEBURL_MAX_HREF_LEN(input_len, base_len)` is never too
/// small), `INVALID_UTF8`, `NULL_ARGUMENT` (`buf` or `out` NULL,
/// or `input` NULL with a nonzero length), `OVERLAP` (`buf` overlaps the
/// input, the base's buffer or `*out`), `INVALID_URL` (`base` does not hold a parsed
/// URL), `IDNA_UNAVAILABLE`, `TOO_LONG`. On failure `out->buf`,
/// `out->capacity` and `out->components` are left as they were.
///
/// # Safety
/// `input` must be readable for `input_len` bytes; `buf` writable for
/// `capacity` bytes and not otherwise accessed during the call; `base` NULL
/// or a URL filled by this library whose buffer is alive; `out` writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_parse(
    input: *const c_char,
    input_len: usize,
    base: *const WeburlUrl,
    buf: *mut c_char,
    capacity: usize,
    out: *mut WeburlUrl,
) -> WeburlStatus {
    // SAFETY: the same contract, passed on.
    unsafe { weburl_parse_with_flags(input, input_len, base, buf, capacity, 0, out) }
}

/// `weburl_parse` with `flags`: `WEBURL_PARSE_STRICT` (strict parsing:
/// any validation error the standard reports rejects the input, as
/// `WEBURL_STATUS_STRICT` naming the first one in `out->error`), or 0 for
/// `weburl_parse`'s behaviour. Other bits are reserved: pass 0.
///
/// # Safety
/// As for `weburl_parse`.
#[no_mangle]
pub unsafe extern "C" fn weburl_parse_with_flags(
    input: *const c_char,
    input_len: usize,
    base: *const WeburlUrl,
    buf: *mut c_char,
    capacity: usize,
    flags: u32,
    out: *mut WeburlUrl,
) -> WeburlStatus {
    if out.is_null() || buf.is_null() {
        // SAFETY: `out` is NULL or writable (contract).
        return unsafe { fail_into(out, Failure::bare(WeburlStatus::NullArgument)) };
    }
    // SAFETY: `base` is NULL or a valid record (contract).
    let base_rec = unsafe { base.as_ref() };
    let base_href = match base_rec {
        // SAFETY: a record filled by this library (contract).
        Some(b) => match unsafe { href_of(b) } {
            Some(h) => Some(h),
            // SAFETY: `out` is writable (checked non-NULL; contract).
            None => return unsafe { fail_into(out, Failure::bare(WeburlStatus::InvalidUrl)) },
        },
        None => None,
    };
    let record_size = core::mem::size_of::<WeburlUrl>();
    if overlaps(input, input_len, buf, capacity)
        || overlaps(out.cast_const().cast(), record_size, buf, capacity)
        || base_href.is_some_and(|h| overlaps(h.as_ptr().cast(), h.len(), buf, capacity))
    {
        // SAFETY: `out` is non-NULL (checked first) and writable (contract).
        return unsafe { fail_into(out, Failure::bare(WeburlStatus::Overlap)) };
    }
    // SAFETY: `input` is readable for `input_len` bytes (contract) and does
    // not overlap `buf` (checked), so nothing writes it during the call.
    let Some(input) = (unsafe { bytes(input, input_len) }) else {
        // SAFETY: `out` is non-NULL (checked first) and writable (contract).
        return unsafe { fail_into(out, Failure::bare(WeburlStatus::NullArgument)) };
    };
    // SAFETY: `buf` is non-NULL, writable for `capacity` bytes, and overlaps
    // neither the input nor the base (checked), so this is the only access.
    let Some(out_buf) = (unsafe { bytes_mut(buf, capacity) }) else {
        // SAFETY: `out` is non-NULL (checked first) and writable (contract).
        return unsafe { fail_into(out, Failure::bare(WeburlStatus::NullArgument)) };
    };
    match parse_with_flags(input, base_href, out_buf, flags) {
        Ok(c) => {
            // SAFETY: `buf` holds `capacity` bytes, the serialization first
            // (just written); `out` is non-NULL and writable (contract). It
            // may be the same record as `base`: the base's bytes are no
            // longer used.
            unsafe { out.write(record(buf, capacity, c)) };
            WeburlStatus::Ok
        }
        // SAFETY: `out` is non-NULL (checked first) and writable (contract).
        Err(f) => unsafe { fail_into(out, f) },
    }
}

/// Shared body of the getters.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
unsafe fn get(
    url: *const WeburlUrl,
    pick: fn(&WeburlComponents) -> crate::WeburlSpan,
) -> WeburlStr {
    // SAFETY: NULL or a valid record (contract).
    let Some(url) = (unsafe { url.as_ref() }) else {
        return WeburlStr::of("");
    };
    // SAFETY: the record's buffer is alive (contract).
    let Some(href) = (unsafe { href_of(url) }) else {
        return WeburlStr::of("");
    };
    let s = pick(&url.components);
    let (start, end) = (s.offset as usize, s.offset as usize + s.len as usize);
    match href.get(start..end) {
        Some(part) => WeburlStr {
            ptr: part.as_ptr().cast(),
            len: part.len(),
        },
        None => WeburlStr::of(""),
    }
}

/// The serialization (`href`).
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_href(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.href) }
}

/// `protocol`: the scheme and `:`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_protocol(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.protocol) }
}

/// `username`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_username(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.username) }
}

/// `password`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_password(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.password) }
}

/// `host`: the host and `:port`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_host(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.host) }
}

/// `hostname`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_hostname(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.hostname) }
}

/// `port` in decimal (empty when null or the scheme's default).
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_port(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.port) }
}

/// `pathname`.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_pathname(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.pathname) }
}

/// `search`: `?` and the query, or empty.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_search(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.search) }
}

/// `hash`: `#` and the fragment, or empty.
///
/// A pointer into the URL's buffer and a length (not NUL-terminated); an
/// empty string when `url` is NULL, inconsistent, or stale (its buffer no
/// longer holds its URL). Valid until the buffer changes.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive.
#[no_mangle]
pub unsafe extern "C" fn weburl_hash(url: *const WeburlUrl) -> WeburlStr {
    // SAFETY: the same contract, forwarded.
    unsafe { get(url, |c| c.hash) }
}

/// Shared body of the setters.
///
/// # Safety
/// `url` is NULL or a record filled by this library whose buffer is alive
/// and not otherwise accessed; `value` is readable for `len` bytes.
unsafe fn set_attr(
    url: *mut WeburlUrl,
    attr: Attr,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: NULL or a valid, exclusively ours record (contract).
    let Some(rec) = (unsafe { url.as_mut() }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: the record's buffer is alive (contract); the slice is dropped
    // before the buffer is borrowed mutably below.
    if unsafe { href_of(rec) }.is_none() {
        rec.error = WeburlError::none();
        return WeburlStatus::InvalidUrl;
    }
    if overlaps(value, len, rec.buf, rec.capacity) {
        rec.error = WeburlError::none();
        return WeburlStatus::Overlap;
    }
    // SAFETY: readable for `len` bytes (contract), outside the URL's buffer
    // (checked), so unchanged during the call.
    let Some(value) = (unsafe { bytes(value, len) }) else {
        rec.error = WeburlError::none();
        return WeburlStatus::NullArgument;
    };
    // SAFETY: the record's buffer is alive, `capacity` bytes long and not
    // accessed otherwise during the call (contract; disjoint from `value`).
    let Some(buf) = (unsafe { bytes_mut(rec.buf, rec.capacity) }) else {
        return WeburlStatus::InvalidUrl;
    };
    match set(buf, rec.components.href.len as usize, attr, value) {
        Ok((c, why)) => {
            let href = buf.get(..c.href.len as usize).unwrap_or_default();
            rec.check = check_value(href, &c);
            rec.components = c;
            rec.error = why.unwrap_or(WeburlError::none());
            if why.is_some() {
                WeburlStatus::Ignored
            } else {
                WeburlStatus::Ok
            }
        }
        Err(f) => {
            rec.error = f.error;
            f.status
        }
    }
}

/// Sets `href`: parses `value` as a new URL (`WEBURL_STATUS_INVALID` when
/// it is not one).
///
/// All setters: `value[0..len)` is UTF-8; the URL is updated in its buffer
/// as the URL Standard's setter does. They return `WEBURL_STATUS_OK`,
/// `WEBURL_STATUS_IGNORED` (the standard says to do nothing: unchanged;
/// `url->error.validation_error` names why for a host or port), or an error
/// with the URL unchanged: `CAPACITY` (`url->error.needed` is a buffer size
/// with which the call succeeds), `INVALID_UTF8`, `NULL_ARGUMENT`,
/// `OVERLAP` (`value` inside the URL's buffer), `INVALID_URL` (the buffer
/// no longer holds the URL: written over, or changed through a copy of
/// this record).
///
/// Room: the buffer needs to hold the longer of the old and the new URL,
/// nothing more, when the new component (or, for `href`, the new URL) is
/// at most 256 bytes; a longer one is written after the URL first, and
/// the buffer then needs the old URL's length plus the new component's.
/// A URL with no host whose path starts with `//` (`web+demo:/.//x`) also
/// needs as many spare bytes as it is long (see `weburl_refresh`). A
/// setter that shortens the URL clears the bytes it vacates, and every
/// setter leaves a NUL after the URL when there is room.
///
/// # Safety
/// All setters: `url` is NULL or a record filled by this library whose
/// buffer is alive and not otherwise accessed during the call; `value` is
/// readable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_href(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Href, value, len) }
}

/// Sets `protocol`. Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_protocol(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Protocol, value, len) }
}

/// Sets `username`. Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_username(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Username, value, len) }
}

/// Sets `password`. Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_password(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Password, value, len) }
}

/// Sets `host` (host and optional `:port`). Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_host(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Host, value, len) }
}

/// Sets `hostname`. Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_hostname(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Hostname, value, len) }
}

/// Sets `port` (an empty value removes it). Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_port(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Port, value, len) }
}

/// Sets `pathname`. Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_pathname(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Pathname, value, len) }
}

/// Sets `search` (an empty value removes the query). Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_search(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Search, value, len) }
}

/// Sets `hash` (an empty value removes the fragment). Statuses as for
/// `weburl_set_href`.
///
/// # Safety
/// As for `weburl_set_href`.
#[no_mangle]
pub unsafe extern "C" fn weburl_set_hash(
    url: *mut WeburlUrl,
    value: *const c_char,
    len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe { set_attr(url, Attr::Hash, value, len) }
}

/// Recomputes `url->components` from its buffer, after the caller moved or
/// copied the serialization into another buffer and updated `buf` and
/// `capacity` (the check value, over the bytes and offsets, still matches),
/// or put a serialization this library produced there itself (then set
/// `url->check` to 0 and `components.href.len` to its length). Either way
/// the serialization must be followed by a NUL, or fill the buffer: the
/// library keeps one there (copy it along, or clear the buffer first).
///
/// Returns `WEBURL_STATUS_OK`, or `INVALID_URL` when the record is stale
/// (`check` is not 0 and does not match: the buffer no longer holds the
/// record's URL), the NUL is missing, or the first
/// `url->components.href.len` bytes are not a serialization this library
/// produced; `NULL_ARGUMENT`, or `CAPACITY` for
/// a URL with no host whose path needs the serializer's `/.` prefix
/// (`web+demo:/.//x`): reading it back takes as many spare bytes after it
/// as it is long, and so do the setters on it (they return `CAPACITY` with
/// the URL unchanged).
///
/// # Safety
/// `url` is NULL or points to a record whose `buf` is valid for reads and
/// writes of `capacity` bytes and not otherwise accessed during the call.
#[no_mangle]
pub unsafe extern "C" fn weburl_refresh(url: *mut WeburlUrl) -> WeburlStatus {
    // SAFETY: NULL or a valid record (contract).
    let Some(rec) = (unsafe { url.as_mut() }) else {
        return WeburlStatus::NullArgument;
    };
    let len = rec.components.href.len as usize;
    let current = if rec.check == 0 {
        // SAFETY: the buffer is alive and `capacity` bytes long (contract);
        // the slice is dropped before the buffer is borrowed mutably below.
        unsafe { ended(rec) }.is_some()
    } else {
        // SAFETY: as above.
        unsafe { href_of(rec) }.is_some()
    };
    if !current {
        return WeburlStatus::InvalidUrl;
    }
    // SAFETY: the buffer is alive, `capacity` bytes long and not accessed
    // otherwise during the call (contract).
    let Some(buf) = (unsafe { bytes_mut(rec.buf, rec.capacity) }) else {
        return WeburlStatus::InvalidUrl;
    };
    match crate::refresh(buf, len) {
        Ok(c) => {
            let href = buf.get(..len).unwrap_or_default();
            rec.check = check_value(href, &c);
            rec.components = c;
            rec.error = WeburlError::none();
            WeburlStatus::Ok
        }
        Err(f) => f.status,
    }
}
