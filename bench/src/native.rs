//! Ada called natively, through its C++ API (`native/ada_native.cpp`, built
//! with Ada by `build.rs`): the benchmark's reference column.
//!
//! Each call runs a whole pass in C++, so the FFI boundary is crossed once
//! per pass. This module holds the crate's only `unsafe` code.

use crate::Tally;
use std::ffi::c_char;
use std::ptr::NonNull;

/// The C++ side's `weburl_ada_urls` (a vector of parsed URLs), opaque here.
#[repr(C)]
struct RawUrls {
    _opaque: [u8; 0],
}

extern "C" {
    fn weburl_ada_parse(
        ptrs: *const *const c_char,
        lens: *const usize,
        n: usize,
        href_bytes: *mut usize,
    ) -> usize;
    fn weburl_ada_parse_with_base(
        base_ptrs: *const *const c_char,
        base_lens: *const usize,
        n_bases: usize,
        ptrs: *const *const c_char,
        lens: *const usize,
        per_base: usize,
        href_bytes: *mut usize,
    ) -> usize;
    fn weburl_ada_can_parse(ptrs: *const *const c_char, lens: *const usize, n: usize) -> usize;
    fn weburl_ada_can_parse_with_base(
        base_ptrs: *const *const c_char,
        base_lens: *const usize,
        n_bases: usize,
        ptrs: *const *const c_char,
        lens: *const usize,
        per_base: usize,
    ) -> usize;
    fn weburl_ada_search_params(ptrs: *const *const c_char, lens: *const usize, n: usize) -> usize;
    fn weburl_ada_search_params_sorted(
        ptrs: *const *const c_char,
        lens: *const usize,
        n: usize,
    ) -> usize;
    fn weburl_ada_urls_new(
        ptrs: *const *const c_char,
        lens: *const usize,
        n: usize,
    ) -> *mut RawUrls;
    fn weburl_ada_urls_len(set: *const RawUrls) -> usize;
    fn weburl_ada_urls_set(set: *mut RawUrls, alt: std::os::raw::c_int) -> usize;
    fn weburl_ada_urls_free(set: *mut RawUrls);
    fn weburl_ada_href(
        input: *const c_char,
        input_len: usize,
        base: *const c_char,
        base_len: usize,
        out: *mut c_char,
        cap: usize,
    ) -> usize;
}

/// A set of input strings with the pointer and length arrays the C++ passes
/// read. The strings are never modified after construction, so the pointers
/// stay valid for as long as the set lives.
pub struct Inputs {
    strings: Vec<String>,
    ptrs: Vec<*const c_char>,
    lens: Vec<usize>,
}

impl Inputs {
    /// Takes the strings and records where each one's bytes are.
    pub fn new(strings: Vec<String>) -> Inputs {
        let ptrs = strings.iter().map(|s| s.as_ptr().cast()).collect();
        let lens = strings.iter().map(String::len).collect();
        Inputs {
            strings,
            ptrs,
            lens,
        }
    }

    /// The strings.
    pub fn strings(&self) -> &[String] {
        &self.strings
    }

    /// How many strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
}

/// `ada::parse<ada::url_aggregator>` on each input: (successes, href bytes).
pub fn parse(set: &Inputs) -> Tally {
    let mut bytes = 0;
    // SAFETY: `ptrs` and `lens` both have `set.len()` elements, each pointer
    // addresses that many initialized bytes of a live String (Inputs keeps
    // them unmodified), and `bytes` is a valid place to write.
    let ok =
        unsafe { weburl_ada_parse(set.ptrs.as_ptr(), set.lens.as_ptr(), set.len(), &mut bytes) };
    (ok, bytes)
}

/// For each base, parsed once, `ada::parse` of its `per_base` hrefs
/// (`hrefs[b * per_base..][..per_base]`) against it: (successes, href bytes).
///
/// Panics unless `hrefs.len() == bases.len() * per_base`.
pub fn parse_with_base(bases: &Inputs, hrefs: &Inputs, per_base: usize) -> Tally {
    assert_eq!(Some(hrefs.len()), bases.len().checked_mul(per_base));
    let mut bytes = 0;
    // SAFETY: as in `parse` for both sets; the C++ side reads hrefs
    // [0, bases.len() * per_base), which the assertion keeps in bounds.
    let ok = unsafe {
        weburl_ada_parse_with_base(
            bases.ptrs.as_ptr(),
            bases.lens.as_ptr(),
            bases.len(),
            hrefs.ptrs.as_ptr(),
            hrefs.lens.as_ptr(),
            per_base,
            &mut bytes,
        )
    };
    (ok, bytes)
}

/// How many inputs `ada::can_parse` accepts.
pub fn can_parse(set: &Inputs) -> usize {
    // SAFETY: as in `parse`.
    unsafe { weburl_ada_can_parse(set.ptrs.as_ptr(), set.lens.as_ptr(), set.len()) }
}

/// How many hrefs `ada::can_parse(href, &base)` accepts, the layout of
/// [`parse_with_base`].
///
/// Panics unless `hrefs.len() == bases.len() * per_base`.
pub fn can_parse_with_base(bases: &Inputs, hrefs: &Inputs, per_base: usize) -> usize {
    assert_eq!(Some(hrefs.len()), bases.len().checked_mul(per_base));
    // SAFETY: as in `parse_with_base`.
    unsafe {
        weburl_ada_can_parse_with_base(
            bases.ptrs.as_ptr(),
            bases.lens.as_ptr(),
            bases.len(),
            hrefs.ptrs.as_ptr(),
            hrefs.lens.as_ptr(),
            per_base,
        )
    }
}

/// `ada::url_search_params` of each query: the number of pairs.
pub fn search_params(set: &Inputs) -> usize {
    // SAFETY: as in `parse`.
    unsafe { weburl_ada_search_params(set.ptrs.as_ptr(), set.lens.as_ptr(), set.len()) }
}

/// `ada::url_search_params` of each query, sorted and serialized: the sum
/// of the serializations' lengths.
pub fn search_params_sorted(set: &Inputs) -> usize {
    // SAFETY: as in `parse`.
    unsafe { weburl_ada_search_params_sorted(set.ptrs.as_ptr(), set.lens.as_ptr(), set.len()) }
}

/// The URLs of a set that Ada parses, held by C++ for the setters pass.
pub struct Urls(NonNull<RawUrls>);

impl Urls {
    /// Parses every input, keeping those that parse.
    pub fn new(set: &Inputs) -> Urls {
        // SAFETY: as in `parse`. The C++ side copies what it keeps.
        let raw = unsafe { weburl_ada_urls_new(set.ptrs.as_ptr(), set.lens.as_ptr(), set.len()) };
        Urls(NonNull::new(raw).expect("weburl_ada_urls_new returned null"))
    }

    /// How many URLs.
    pub fn len(&self) -> usize {
        // SAFETY: the pointer came from weburl_ada_urls_new and is freed only
        // by Drop.
        unsafe { weburl_ada_urls_len(self.0.as_ptr()) }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `set_pathname`, `set_search`, `set_hash` and `set_host` on each URL
    /// with the values `crate::work::SETTER_VALUES[alt]`: (URLs, href bytes
    /// after).
    pub fn set_all(&mut self, alt: usize) -> Tally {
        // SAFETY: as in `len`; `&mut self` makes this the only access.
        let bytes =
            unsafe { weburl_ada_urls_set(self.0.as_ptr(), std::os::raw::c_int::from(alt != 0)) };
        (self.len(), bytes)
    }
}

impl Drop for Urls {
    fn drop(&mut self) {
        // SAFETY: the pointer came from weburl_ada_urls_new and is freed once.
        unsafe { weburl_ada_urls_free(self.0.as_ptr()) }
    }
}

/// Ada's href for `input` (against `base`), or None when it does not parse:
/// for reporting disagreements, not timed.
pub fn href(input: &str, base: Option<&str>) -> Option<String> {
    let (base_ptr, base_len) = base.map_or((std::ptr::null(), 0), |b| (b.as_ptr(), b.len()));
    let mut out = vec![0u8; 4 * input.len() + base_len + 64];
    loop {
        // SAFETY: `input` and `base` (when not null) address that many
        // bytes; `out` is writable for `out.len()` bytes.
        let n = unsafe {
            weburl_ada_href(
                input.as_ptr().cast(),
                input.len(),
                base_ptr.cast(),
                base_len,
                out.as_mut_ptr().cast(),
                out.len(),
            )
        };
        if n == usize::MAX {
            return None;
        }
        if n <= out.len() {
            out.truncate(n);
            // Ada's hrefs are ASCII.
            return Some(String::from_utf8_lossy(&out).into_owned());
        }
        out.resize(n, 0);
    }
}
