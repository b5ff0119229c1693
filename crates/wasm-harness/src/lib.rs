//! url-core as a `wasm32-unknown-unknown` module, so that the
//! web-platform-tests can run inside a real WebAssembly engine
//! (`tests/tests/wasm_runtime.rs` builds this crate, loads the module in
//! wasmi and compares every answer with the same call made natively).
//!
//! The module is what a WASM deployment looks like: `#![no_std]`, no global
//! allocator, no imports at all (not even WASI), url-core with only the
//! `idna` feature, built with the size profile of `cargo xtask size`.
//!
//! # ABI
//!
//! Two static buffers live in linear memory; their addresses and sizes are
//! exported ([`input_ptr`], [`input_capacity`], [`output_ptr`],
//! [`output_capacity`]). The host writes a request's strings back to back
//! into the input buffer (UTF-8) and calls one of:
//!
//! - [`parse`]`(input_len, base_len)`: the input, then the base (`base_len`
//!   negative: no base);
//! - [`set`]`(href_len, setter_len, value_len)`: parse the href, run the
//!   setter named by the second string (`"pathname"` …) with the value;
//! - [`idna`]`(op, len)`: UTS #46 on a domain (`op` 0: ToASCII, 1: ToASCII
//!   with every flag on, 2: ToUnicode, 3: the URL Standard's domain to
//!   ASCII).
//!
//! Each returns the number of bytes it wrote to the output buffer, or a
//! negative [`Fault`] when the request itself is unusable. The output is a
//! list of records, each a little-endian `u32` byte length and that many
//! bytes of UTF-8; what the records hold is documented on the functions of
//! `ops`. Every answer of url-core, success or error, is records: a fault
//! is never a parse result.
#![no_std]
#![deny(missing_docs)]
// The exports need `#[no_mangle]`, which this lint counts as unsafe code;
// `exports` allows it and nothing else does. There is no `unsafe` block.
#![deny(unsafe_code)]

mod io;
mod ops;

pub use exports::{idna, input_capacity, input_ptr, output_capacity, output_ptr, parse, set};
pub use io::Fault;

/// A panic is a bug this module exists to find: trap, and the host reports
/// which case did it.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    loop {
        core::hint::spin_loop();
    }
}

/// The exported functions: argument checking and dispatch only.
// `#[no_mangle]` is how a cdylib names its exports. The `unsafe_code` lint
// flags it because two `#[no_mangle]` items of one name anywhere in a link
// are undefined behaviour; these names are unique in this one-crate module.
#[allow(unsafe_code)]
mod exports {
    use crate::io::{self, Fault, Records};
    use crate::ops;

    /// Address of the input buffer in linear memory.
    #[no_mangle]
    pub extern "C" fn input_ptr() -> u32 {
        io::input_address()
    }

    /// Size of the input buffer in bytes.
    #[no_mangle]
    pub extern "C" fn input_capacity() -> u32 {
        io::INPUT_CAP as u32
    }

    /// Address of the output buffer in linear memory.
    #[no_mangle]
    pub extern "C" fn output_ptr() -> u32 {
        io::output_address()
    }

    /// Size of the output buffer in bytes.
    #[no_mangle]
    pub extern "C" fn output_capacity() -> u32 {
        io::OUTPUT_CAP as u32
    }

    /// Parses the first string of the input buffer, against the second as
    /// base when `base_len` is not negative. See `ops::parse` for the
    /// records.
    #[no_mangle]
    pub extern "C" fn parse(input_len: i32, base_len: i32) -> i32 {
        let has_base = base_len >= 0;
        answer(&[input_len, base_len.max(0)], |[input, base], out| {
            ops::parse(input, has_base.then_some(base), out)
        })
    }

    /// Runs a setter. See `ops::set` for the records.
    #[no_mangle]
    pub extern "C" fn set(href_len: i32, setter_len: i32, value_len: i32) -> i32 {
        answer(
            &[href_len, setter_len, value_len],
            |[href, setter, value], out| ops::set(href, setter, value, out),
        )
    }

    /// UTS #46 on the domain in the input buffer. See `ops::idna`.
    #[no_mangle]
    pub extern "C" fn idna(op: i32, len: i32) -> i32 {
        answer(&[len], |[domain], out| ops::idna(op, domain, out))
    }

    /// Reads the request's strings, runs `f`, and returns the output length
    /// or the fault.
    fn answer<const N: usize>(
        lens: &[i32; N],
        f: impl FnOnce([&str; N], &mut Records) -> Result<(), Fault>,
    ) -> i32 {
        let request = match io::Request::read(lens) {
            Ok(r) => r,
            Err(fault) => return fault as i32,
        };
        let mut out = Records::new();
        match request.strings(lens).and_then(|s| f(s, &mut out)) {
            Ok(()) => out.len(),
            Err(fault) => fault as i32,
        }
    }
}
