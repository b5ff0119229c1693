//! The two buffers the host shares with the module, without `unsafe`.
//!
//! The host writes requests into [`INPUT`] and reads answers from [`OUTPUT`]
//! directly in linear memory, between calls. Rust must therefore not assume
//! that these statics keep their values: a plain `static [u8; N]` would let
//! the compiler fold reads to the initial zeros, and a `static mut` needs
//! `unsafe` at every use. Arrays of `AtomicU8` are interior-mutable (the
//! compiler must read memory every time) and safe to use; on wasm32 without
//! the `atomics` target feature their relaxed loads and stores are plain
//! byte loads and stores. They are zero-initialized, so they take no room in
//! the module's data section: only the code is in the reported size.

use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Bytes of the input buffer: the longest WPT case is under 1 KiB.
pub const INPUT_CAP: usize = 16 * 1024;
/// Bytes of the output buffer: every component twice over and more.
pub const OUTPUT_CAP: usize = 32 * 1024;

/// Requests, written by the host.
static INPUT: [AtomicU8; INPUT_CAP] = [const { AtomicU8::new(0) }; INPUT_CAP];
/// Answers, read by the host.
static OUTPUT: [AtomicU8; OUTPUT_CAP] = [const { AtomicU8::new(0) }; OUTPUT_CAP];

/// Why a request got no answer (the return value of an export, negative so
/// that it cannot be taken for an output length).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Fault {
    /// A length is negative or the strings do not fit the input buffer.
    BadLength = -1,
    /// A string of the request is not UTF-8.
    NotUtf8 = -2,
    /// The answer does not fit the output buffer.
    OutputFull = -3,
    /// No such setter name or `idna` operation.
    UnknownOperation = -4,
}

/// Address of [`INPUT`] in linear memory (wasm32 addresses are 32-bit).
pub fn input_address() -> u32 {
    INPUT.as_ptr() as usize as u32
}

/// Address of [`OUTPUT`] in linear memory.
pub fn output_address() -> u32 {
    OUTPUT.as_ptr() as usize as u32
}

/// A request copied out of [`INPUT`], so that url-core reads ordinary
/// `&str`s.
pub struct Request {
    bytes: [u8; INPUT_CAP],
}

impl Request {
    /// Copies the strings whose lengths are `lens` (back to back from the
    /// start of the input buffer).
    pub fn read(lens: &[i32]) -> Result<Request, Fault> {
        let mut total = 0usize;
        for &len in lens {
            let len = usize::try_from(len).map_err(|_| Fault::BadLength)?;
            total = total.checked_add(len).ok_or(Fault::BadLength)?;
        }
        if total > INPUT_CAP {
            return Err(Fault::BadLength);
        }
        let mut bytes = [0u8; INPUT_CAP];
        for (b, cell) in bytes.iter_mut().zip(&INPUT).take(total) {
            *b = cell.load(Relaxed);
        }
        Ok(Request { bytes })
    }

    /// The strings, split by `lens` (already checked by [`Request::read`]).
    pub fn strings<const N: usize>(&self, lens: &[i32; N]) -> Result<[&str; N], Fault> {
        let mut out = [""; N];
        let mut start = 0usize;
        for (slot, &len) in out.iter_mut().zip(lens) {
            let len = usize::try_from(len).map_err(|_| Fault::BadLength)?;
            let end = start.checked_add(len).ok_or(Fault::BadLength)?;
            let bytes = self.bytes.get(start..end).ok_or(Fault::BadLength)?;
            *slot = core::str::from_utf8(bytes).map_err(|_| Fault::NotUtf8)?;
            start = end;
        }
        Ok(out)
    }
}

/// The answer being written to [`OUTPUT`]: length-prefixed records.
pub struct Records {
    len: usize,
}

impl Records {
    /// An empty answer.
    pub fn new() -> Records {
        Records { len: 0 }
    }

    /// Bytes written so far (at most [`OUTPUT_CAP`], which fits an `i32`).
    pub fn len(&self) -> i32 {
        i32::try_from(self.len).unwrap_or(Fault::OutputFull as i32)
    }

    /// Appends one record.
    pub fn push(&mut self, s: &str) -> Result<(), Fault> {
        let len = u32::try_from(s.len()).map_err(|_| Fault::OutputFull)?;
        self.raw(&len.to_le_bytes())?;
        self.raw(s.as_bytes())
    }

    /// Appends one record holding `args` formatted (a `Display` or `Debug`
    /// of url-core's, whose length is only known once written).
    pub fn push_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Fault> {
        let at = self.len;
        self.raw(&[0; 4])?;
        fmt::write(self, args).map_err(|_| Fault::OutputFull)?;
        let body = self.len.checked_sub(at + 4).ok_or(Fault::OutputFull)?;
        let body = u32::try_from(body).map_err(|_| Fault::OutputFull)?;
        self.patch(at, &body.to_le_bytes())
    }

    /// Appends bytes (no length prefix).
    fn raw(&mut self, bytes: &[u8]) -> Result<(), Fault> {
        let end = self.len.checked_add(bytes.len()).ok_or(Fault::OutputFull)?;
        self.patch(self.len, bytes)?;
        self.len = end;
        Ok(())
    }

    /// Writes bytes at `at` of the output buffer.
    fn patch(&mut self, at: usize, bytes: &[u8]) -> Result<(), Fault> {
        let end = at.checked_add(bytes.len()).ok_or(Fault::OutputFull)?;
        let cells = OUTPUT.get(at..end).ok_or(Fault::OutputFull)?;
        for (cell, &b) in cells.iter().zip(bytes) {
            cell.store(b, Relaxed);
        }
        Ok(())
    }
}

impl fmt::Write for Records {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.raw(s.as_bytes()).map_err(|_| fmt::Error)
    }
}
