//! URLSearchParams over a caller's buffer (url.bs §6.2; see
//! [`crate::search_params`]): the list is its serialization,
//! `buf[0..len)`, which `weburl_set_search` puts in a URL.

use super::{bytes, bytes_mut, overlaps};
use crate::search_params as sp;
use crate::{Failure, WeburlStatus};
use core::ffi::c_char;

/// A status for a result of the safe layer.
fn status<T>(r: &Result<T, Failure>) -> WeburlStatus {
    match r {
        Ok(_) => WeburlStatus::Ok,
        Err(f) => f.status,
    }
}

/// An optional argument: NULL is absent (whatever `len`), else `len`
/// readable bytes.
///
/// # Safety
/// When not NULL, `ptr` is readable for `len` bytes, unchanged for `'a`.
unsafe fn optional<'a>(ptr: *const c_char, len: usize) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.
    unsafe { bytes(ptr, len) }
}

/// URLSearchParams' constructor with a string: parses `init[0..init_len)`
/// (UTF-8; one leading `?` is skipped) as `application/x-www-form-urlencoded`
/// and writes the list's serialization into `buf[0..capacity)`; `*len`
/// receives its length. Pass a URL's `weburl_search` to read its query.
///
/// Returns `WEBURL_STATUS_OK`, `CAPACITY` (`*len` is then the length
/// needed; nothing is written), `INVALID_UTF8`, `NULL_ARGUMENT`, `OVERLAP`.
///
/// # Safety
/// `init` readable for `init_len` bytes; `buf` writable for `capacity`
/// bytes and not otherwise accessed; `len` writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_parse(
    init: *const c_char,
    init_len: usize,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> WeburlStatus {
    if buf.is_null() || len.is_null() {
        return WeburlStatus::NullArgument;
    }
    if overlaps(init, init_len, buf, capacity) {
        return WeburlStatus::Overlap;
    }
    // SAFETY: readable (contract), disjoint from `buf` (checked).
    let Some(init) = (unsafe { bytes(init, init_len) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, writable for `capacity` bytes, only accessed here.
    let Some(out) = (unsafe { bytes_mut(buf, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    let r = sp::parse_into(init, out);
    let n = match &r {
        Ok(n) => *n,
        Err(f) => f.error.needed,
    };
    // SAFETY: non-NULL and writable (contract).
    unsafe { len.write(n) };
    status(&r)
}

/// The number of name-value pairs in the list `list[0..len)` (0 for NULL).
///
/// # Safety
/// `list` readable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_size(list: *const c_char, len: usize) -> usize {
    // SAFETY: readable for `len` bytes (contract).
    unsafe { bytes(list, len) }.map_or(0, sp::size)
}

/// Whether the list has a pair named `name` (and, when `value` is not
/// NULL, with that value): `WEBURL_STATUS_OK` or `NOT_FOUND`; also
/// `INVALID_UTF8`, `NULL_ARGUMENT`.
///
/// # Safety
/// Each pointer readable for its length (`value` may be NULL).
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_has(
    list: *const c_char,
    len: usize,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> WeburlStatus {
    // SAFETY: each readable for its length (contract).
    let (Some(list), Some(name)) = (unsafe { bytes(list, len) }, unsafe {
        bytes(name, name_len)
    }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: NULL or readable for `value_len` bytes (contract).
    let value = unsafe { optional(value, value_len) };
    match sp::has(list, name, value) {
        Ok(true) => WeburlStatus::Ok,
        Ok(false) => WeburlStatus::NotFound,
        Err(f) => f.status,
    }
}

/// The first value of `name`, decoded (UTF-8), into `out[0..capacity)`;
/// `*out_len` receives its length. `WEBURL_STATUS_OK`, `NOT_FOUND`,
/// `CAPACITY` (`*out_len` is the length needed; nothing is written),
/// `INVALID_UTF8`, `NULL_ARGUMENT`, `OVERLAP`.
///
/// # Safety
/// `list` and `name` readable for their lengths; `out` writable for
/// `capacity` bytes and not otherwise accessed; `out_len` writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_get(
    list: *const c_char,
    len: usize,
    name: *const c_char,
    name_len: usize,
    out: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> WeburlStatus {
    if out.is_null() || out_len.is_null() {
        return WeburlStatus::NullArgument;
    }
    if overlaps(list, len, out, capacity) || overlaps(name, name_len, out, capacity) {
        return WeburlStatus::Overlap;
    }
    // SAFETY: each readable for its length (contract), disjoint from `out`.
    let (Some(list), Some(name)) = (unsafe { bytes(list, len) }, unsafe {
        bytes(name, name_len)
    }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, writable, only accessed here.
    let Some(dst) = (unsafe { bytes_mut(out, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    let r = sp::get(list, name, dst);
    let n = match &r {
        Ok(n) => *n,
        Err(f) => f.error.needed,
    };
    // SAFETY: non-NULL and writable (contract).
    unsafe { out_len.write(n) };
    status(&r)
}

/// The pair at `index` (0 is the first), its name and value decoded (UTF-8)
/// into `name_out` and `value_out`; `*name_len` and `*value_len` receive
/// their lengths. `WEBURL_STATUS_OK`, `NOT_FOUND` (past the end),
/// `CAPACITY` (either does not fit: both lengths are the lengths needed;
/// nothing is written), `NULL_ARGUMENT`, `OVERLAP`.
///
/// # Safety
/// `list` readable for `len` bytes; each output writable for its capacity,
/// disjoint from the others and not otherwise accessed; the length
/// pointers writable.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_entry(
    list: *const c_char,
    len: usize,
    index: usize,
    name_out: *mut c_char,
    name_capacity: usize,
    name_len: *mut usize,
    value_out: *mut c_char,
    value_capacity: usize,
    value_len: *mut usize,
) -> WeburlStatus {
    if name_out.is_null() || value_out.is_null() || name_len.is_null() || value_len.is_null() {
        return WeburlStatus::NullArgument;
    }
    if overlaps(list, len, name_out, name_capacity)
        || overlaps(list, len, value_out, value_capacity)
        || overlaps(name_out, name_capacity, value_out, value_capacity)
    {
        return WeburlStatus::Overlap;
    }
    // SAFETY: readable (contract), disjoint from the outputs (checked).
    let Some(list) = (unsafe { bytes(list, len) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, writable, disjoint (checked), only accessed here.
    let (Some(n_out), Some(v_out)) = (unsafe { bytes_mut(name_out, name_capacity) }, unsafe {
        bytes_mut(value_out, value_capacity)
    }) else {
        return WeburlStatus::NullArgument;
    };
    let (st, lengths) = match sp::entry(list, index, n_out, v_out) {
        Ok(lengths) => (WeburlStatus::Ok, lengths),
        Err(f) => (f.status, sp::entry_lengths(list, index).unwrap_or((0, 0))),
    };
    // SAFETY: non-NULL and writable (contract).
    unsafe {
        name_len.write(lengths.0);
        value_len.write(lengths.1);
    }
    st
}

/// Shared body of the functions that change a list in place.
///
/// # Safety
/// `buf` writable for `capacity` bytes and not otherwise accessed; `len`
/// readable and writable; `name` and `value` readable for their lengths
/// (`value` may be NULL).
// The C functions' own arguments, and the call to make.
#[allow(clippy::too_many_arguments)]
unsafe fn change(
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
    call: impl FnOnce(&mut [u8], usize, &[u8], Option<&[u8]>) -> Result<usize, Failure>,
) -> WeburlStatus {
    if buf.is_null() || len.is_null() {
        return WeburlStatus::NullArgument;
    }
    if overlaps(name, name_len, buf, capacity) || overlaps(value, value_len, buf, capacity) {
        return WeburlStatus::Overlap;
    }
    // SAFETY: readable (contract), outside `buf` (checked).
    let Some(name) = (unsafe { bytes(name, name_len) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: NULL or readable (contract), outside `buf` (checked).
    let value = unsafe { optional(value, value_len) };
    // SAFETY: non-NULL, writable for `capacity` bytes, only accessed here.
    let Some(list) = (unsafe { bytes_mut(buf, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, readable (contract).
    let old = unsafe { len.read() }.min(capacity);
    match call(list, old, name, value) {
        Ok(n) => {
            // SAFETY: non-NULL, writable (contract).
            unsafe { len.write(n) };
            WeburlStatus::Ok
        }
        Err(f) => f.status,
    }
}

/// `append(name, value)` on the list `buf[0..*len)`: `*len` receives the
/// new length. `WEBURL_STATUS_OK`, `CAPACITY` (the list unchanged),
/// `INVALID_UTF8`, `NULL_ARGUMENT`, `OVERLAP` (`name` or `value` inside
/// `buf`).
///
/// # Safety
/// `buf` writable for `capacity` bytes and not otherwise accessed, `*len`
/// at most `capacity`; `name` and `value` readable for their lengths.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_append(
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe {
        change(
            buf,
            capacity,
            len,
            name,
            name_len,
            value,
            value_len,
            |b, l, n, v| sp::append(b, l, n, v.unwrap_or_default()),
        )
    }
}

/// `set(name, value)`: the first pair named `name` gets `value` and the
/// others are removed; without one, the pair is appended. Statuses as for
/// `weburl_search_params_append`.
///
/// # Safety
/// As for `weburl_search_params_append`.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_set(
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe {
        change(
            buf,
            capacity,
            len,
            name,
            name_len,
            value,
            value_len,
            |b, l, n, v| sp::set(b, l, n, v.unwrap_or_default()),
        )
    }
}

/// `delete(name, value)`: removes every pair named `name` (with that value,
/// when `value` is not NULL); `*len` receives the new length and the bytes
/// vacated are cleared. `WEBURL_STATUS_OK`, `INVALID_UTF8`,
/// `NULL_ARGUMENT`, `OVERLAP`.
///
/// # Safety
/// As for `weburl_search_params_append` (`value` may be NULL).
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_delete(
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
    name: *const c_char,
    name_len: usize,
    value: *const c_char,
    value_len: usize,
) -> WeburlStatus {
    // SAFETY: the same contract, forwarded.
    unsafe {
        change(
            buf,
            capacity,
            len,
            name,
            name_len,
            value,
            value_len,
            sp::delete,
        )
    }
}

/// `sort()`: the pairs in a stable order of their names (compared as
/// UTF-16 code units, as the URL Standard says), in place; `*len` receives
/// the new length (empty sequences such as `&&` are dropped).
/// `WEBURL_STATUS_OK` or `NULL_ARGUMENT`.
///
/// # Safety
/// `buf` writable for `capacity` bytes and not otherwise accessed, `*len`
/// at most `capacity`.
#[no_mangle]
pub unsafe extern "C" fn weburl_search_params_sort(
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> WeburlStatus {
    if buf.is_null() || len.is_null() {
        return WeburlStatus::NullArgument;
    }
    // SAFETY: non-NULL, writable for `capacity` bytes, only accessed here.
    let Some(list) = (unsafe { bytes_mut(buf, capacity) }) else {
        return WeburlStatus::NullArgument;
    };
    // SAFETY: non-NULL, readable and writable (contract).
    unsafe { len.write(sp::sort(list, len.read().min(capacity))) };
    WeburlStatus::Ok
}
