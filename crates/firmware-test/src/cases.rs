//! Reads the case file `cargo xtask firmware` writes (its `encode_*`
//! functions are the other half of this format).
//!
//! The file is `WBFW1\n`, then suites until a 0 byte. A suite is a tag byte
//! (`U` urltestdata, `S` setters_tests, `A` toascii, `I` IdnaTestV2), a
//! little-endian `u32` case count, and the cases. A string is a
//! little-endian `u16` byte length and that much UTF-8; length `0xFFFF`
//! means absent (JSON `null` or a missing key).
//!
//! - `U`: input, base, href (absent: the case expects failure), protocol,
//!   username, password, host, hostname, port, pathname, search, hash,
//!   origin (absent when the case has none).
//! - `S`: setter name, href, new value, a `u8` count of expected fields,
//!   and that many (field name, value) pairs.
//! - `A` and `I`: input, output (absent: the host must fail to parse).

/// The file is not what `cargo xtask firmware` writes.
#[derive(Debug, Clone, Copy)]
pub struct Corrupt;

/// A cursor over the case file.
pub struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// A reader after the magic line.
    pub fn new(file: &'a [u8]) -> Result<Self, Corrupt> {
        match file.strip_prefix(b"WBFW1\n") {
            Some(rest) => Ok(Reader { rest }),
            None => Err(Corrupt),
        }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], Corrupt> {
        if n > self.rest.len() {
            return Err(Corrupt);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    /// One byte.
    pub fn u8(&mut self) -> Result<u8, Corrupt> {
        self.take(1)?.first().copied().ok_or(Corrupt)
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self) -> Result<u32, Corrupt> {
        let b = self.take(4)?;
        let mut le = [0u8; 4];
        le.copy_from_slice(b);
        Ok(u32::from_le_bytes(le))
    }

    /// A string, or `None` when absent.
    pub fn opt_str(&mut self) -> Result<Option<&'a str>, Corrupt> {
        let mut le = [0u8; 2];
        le.copy_from_slice(self.take(2)?);
        let len = u16::from_le_bytes(le);
        if len == u16::MAX {
            return Ok(None);
        }
        let bytes = self.take(usize::from(len))?;
        core::str::from_utf8(bytes).map(Some).map_err(|_| Corrupt)
    }

    /// A string that must be present.
    pub fn str(&mut self) -> Result<&'a str, Corrupt> {
        self.opt_str()?.ok_or(Corrupt)
    }
}
