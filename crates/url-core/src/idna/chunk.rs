//! The converter's output buffer.

use crate::storage::{CapacityError, Storage};

/// Collects output in a stack buffer and appends it to the storage in pieces.
pub(super) struct Chunk {
    buf: [u8; 128],
    len: usize,
    /// Only ASCII is buffered (so no UTF-8 validation is needed to flush).
    ascii: bool,
    /// Something was flushed to the storage.
    pub(super) spilled: bool,
}

impl Chunk {
    pub(super) fn new() -> Self {
        Chunk {
            buf: [0; 128],
            len: 0,
            ascii: true,
            spilled: false,
        }
    }

    // With the `small` feature the compiler decides (no hint): measured
    // smaller on the wasm32 drop-in (`cargo xtask size`).
    #[cfg_attr(not(feature = "small"), inline)]
    pub(super) fn put_byte<S: Storage>(&mut self, out: &mut S, b: u8) -> Result<(), CapacityError> {
        // One bounds check while there is room (most domains never flush).
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
            return Ok(());
        }
        self.flush_then_put(out, b)
    }

    #[cold]
    fn flush_then_put<S: Storage>(&mut self, out: &mut S, b: u8) -> Result<(), CapacityError> {
        self.flush(out)?;
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
        Ok(())
    }

    /// Appends ASCII bytes.
    #[cfg_attr(not(feature = "small"), inline)]
    pub(super) fn put_ascii<S: Storage>(
        &mut self,
        out: &mut S,
        bytes: &[u8],
    ) -> Result<(), CapacityError> {
        if self.len + bytes.len() > self.buf.len() {
            self.flush(out)?;
            if bytes.len() > self.buf.len() {
                self.spilled = true;
                return out.push_ascii(bytes);
            }
        }
        if let Some(dst) = self.buf.get_mut(self.len..) {
            crate::bytes::copy(dst, bytes);
        }
        self.len += bytes.len();
        Ok(())
    }

    #[cfg_attr(not(feature = "small"), inline)]
    pub(super) fn put_char<S: Storage>(
        &mut self,
        out: &mut S,
        c: u32,
    ) -> Result<(), CapacityError> {
        if c < 0x80 {
            return self.put_byte(out, c as u8);
        }
        if self.len + 4 > self.buf.len() {
            self.flush(out)?;
        }
        let ch = char::from_u32(c).unwrap_or('\u{FFFD}');
        // Four bytes of room were made above; `encode_utf8` would panic
        // without them, so write the bytes through a char-sized array.
        let mut utf8 = [0u8; 4];
        let text = ch.encode_utf8(&mut utf8).as_bytes();
        if let Some(dst) = self.buf.get_mut(self.len..) {
            crate::bytes::copy(dst, text);
        }
        self.len += text.len();
        self.ascii = false;
        Ok(())
    }

    /// Drops what is buffered, as if nothing had been put.
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.ascii = true;
        self.spilled = false;
    }

    pub(super) fn flush<S: Storage>(&mut self, out: &mut S) -> Result<(), CapacityError> {
        if self.len > 0 {
            let bytes = self.buf.get(..self.len).unwrap_or_default();
            if self.ascii {
                out.push_ascii(bytes)?;
            } else {
                // Only whole characters are ever buffered.
                out.push_str(core::str::from_utf8(bytes).unwrap_or(""))?;
            }
            self.len = 0;
            self.ascii = true;
            self.spilled = true;
        }
        Ok(())
    }
}
