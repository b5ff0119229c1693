//! The raw-pointer helpers the FFI tests share: a blank record, a
//! `WeburlStr` read back, `weburl_parse` and a setter call, as C makes them.

use core::ffi::c_char;
use core::ptr;
use weburl_c::ffi::weburl_parse;
use weburl_c::{WeburlError, WeburlStatus, WeburlStr, WeburlUrl};

/// A record no call has filled.
pub fn blank() -> WeburlUrl {
    WeburlUrl {
        buf: ptr::null_mut(),
        capacity: 0,
        components: Default::default(),
        check: 0,
        error: WeburlError::none(),
    }
}

/// The string a getter returned (never a NULL pointer).
pub fn s(w: WeburlStr) -> String {
    assert!(!w.ptr.is_null());
    // SAFETY: the library returns a pointer to `len` readable bytes.
    let bytes = unsafe { core::slice::from_raw_parts(w.ptr.cast::<u8>(), w.len) };
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `weburl_parse` of `input` against `base` into `buf`.
pub fn parse(input: &str, base: Option<&WeburlUrl>, buf: &mut [u8]) -> (WeburlStatus, WeburlUrl) {
    let mut out = blank();
    let base = base.map_or(ptr::null(), |b| b as *const WeburlUrl);
    // SAFETY: valid pointers and lengths, disjoint buffers.
    let st = unsafe {
        weburl_parse(
            input.as_ptr().cast(),
            input.len(),
            base,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut out,
        )
    };
    (st, out)
}

/// A setter of the C ABI (`weburl_set_pathname` …).
pub type Setter = unsafe extern "C" fn(*mut WeburlUrl, *const c_char, usize) -> WeburlStatus;

/// Calls setter `f` with `value` (which lies outside the URL's buffer).
pub fn set(url: &mut WeburlUrl, f: Setter, value: &str) -> WeburlStatus {
    // SAFETY: a record filled by the library, its buffer alive; `value`
    // readable and outside that buffer.
    unsafe { f(url, value.as_ptr().cast(), value.len()) }
}
