//! The parser's output: copy-on-divergence over a [`Storage`].
//!
//! While everything written so far equals a prefix of the (trimmed) input, the
//! output stores nothing and only counts (`pending`). At the first byte that
//! differs it copies that prefix into the storage once and appends from then
//! on. Canonical inputs — most real URLs — therefore cost one copy at the end
//! (or none, for a borrowed URL), from the same single-pass parser.

use crate::storage::{CapacityError, Storage};

/// What [`Output::finish`] does with an output still equal to its input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Finish {
    /// Copy it into the storage.
    Copy,
    /// Leave it borrowed: the caller takes the input's span.
    KeepBorrowed,
}

/// What a caller needs written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Need {
    /// The serialization.
    Serialization,
    /// Only what tells whether the input is valid (canParse): an IDN
    /// label's Punycode is left out.
    Validity,
}

pub(crate) struct Output<'i, 's, S: Storage> {
    input: &'i str,
    /// While `borrowing`: the output is `input[..pending]`.
    pending: usize,
    borrowing: bool,
    out: &'s mut S,
}

impl<'i, 's, S: Storage> Output<'i, 's, S> {
    /// `out` must be empty.
    #[inline]
    pub fn new(input: &'i str, out: &'s mut S) -> Self {
        Output {
            input,
            pending: 0,
            borrowing: true,
            out,
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        if self.borrowing {
            self.pending
        } else {
            self.out.len()
        }
    }

    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        if self.borrowing {
            self.input
                .as_bytes()
                .get(..self.pending)
                .unwrap_or_default()
        } else {
            self.out.as_bytes()
        }
    }

    /// An output appending after what `out` already holds (setters), with no
    /// borrowing: positions are absolute in `out`.
    #[inline]
    pub fn appending(input: &'i str, out: &'s mut S) -> Self {
        Output {
            input,
            pending: 0,
            borrowing: false,
            out,
        }
    }

    /// Switches to appending into the storage.
    #[cold]
    #[inline(never)]
    pub fn materialize(&mut self) -> Result<(), CapacityError> {
        if self.borrowing {
            self.out.reserve(self.input.len() + 16);
            self.out
                .push_str(self.input.get(..self.pending).unwrap_or_default())?;
            self.borrowing = false;
        }
        Ok(())
    }

    // The four writers below keep their `#[inline]` hint except with the
    // `small` feature: without it each is one shared copy rather than a
    // copy per codegen unit plus inlined ones (3 KB of a wasm32 parse).

    /// Appends `input[start..end]` (which must be ASCII, or the input's own bytes
    /// while borrowing).
    #[cfg_attr(not(feature = "small"), inline)]
    pub fn push_span(&mut self, start: usize, end: usize) -> Result<(), CapacityError> {
        if start == end {
            return Ok(());
        }
        if self.borrowing {
            if start == self.pending {
                self.pending = end;
                return Ok(());
            }
            self.materialize()?;
        }
        match self.input.get(start..end) {
            Some(s) => self.out.push_str(s),
            // Spans come from the parser's own scan of the input; one
            // outside it would be a bug, reported rather than a panic.
            None => Err(CapacityError {
                capacity: self.out.len(),
                needed: end,
            }),
        }
    }

    /// Appends an ASCII string.
    #[cfg_attr(not(feature = "small"), inline)]
    pub fn push_str(&mut self, s: &str) -> Result<(), CapacityError> {
        if self.borrowing {
            if self
                .input
                .as_bytes()
                .get(self.pending..)
                .is_some_and(|rest| rest.starts_with(s.as_bytes()))
            {
                self.pending += s.len();
                return Ok(());
            }
            self.materialize()?;
        }
        self.out.push_str(s)
    }

    /// Appends one ASCII byte.
    #[cfg_attr(not(feature = "small"), inline)]
    pub fn push_byte(&mut self, b: u8) -> Result<(), CapacityError> {
        if self.borrowing {
            if self.input.as_bytes().get(self.pending) == Some(&b) {
                self.pending += 1;
                return Ok(());
            }
            self.materialize()?;
        }
        self.out.push_ascii(&[b])
    }

    /// Appends ASCII bytes (every call site passes ASCII).
    #[cfg_attr(not(feature = "small"), inline)]
    pub fn push_ascii(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
        if self.borrowing {
            if self
                .input
                .as_bytes()
                .get(self.pending..)
                .is_some_and(|rest| rest.starts_with(bytes))
            {
                self.pending += bytes.len();
                return Ok(());
            }
            self.materialize()?;
        }
        self.out.push_ascii(bytes)
    }

    /// Appends ASCII bytes lowercased, through a stack chunk.
    pub fn push_ascii_lowercase(&mut self, bytes: &[u8]) -> Result<(), CapacityError> {
        let mut chunk = [0u8; 64];
        for part in bytes.chunks(64) {
            if crate::simd::VECTOR {
                crate::bytes::lowercase_ascii(&mut chunk, part);
            } else {
                // Elsewhere the byte loop, which links smaller there.
                for (d, s) in chunk.iter_mut().zip(part) {
                    *d = s.to_ascii_lowercase();
                }
            }
            self.push_ascii(chunk.get(..part.len()).unwrap_or_default())?;
        }
        Ok(())
    }

    #[inline]
    pub fn truncate(&mut self, len: usize) {
        if self.borrowing {
            if len < self.pending {
                self.pending = len;
            }
        } else {
            self.out.truncate(len);
        }
    }

    /// Inserts `s` at `at` (rare: the `/.` path prefix).
    pub fn insert(&mut self, at: usize, s: &str) -> Result<(), CapacityError> {
        self.materialize()?;
        self.out.replace_range(at..at, s)
    }

    /// The storage, after [`Self::materialize`].
    #[cfg(feature = "idna")]
    #[inline]
    pub fn storage(&mut self) -> &mut S {
        self.out
    }

    /// Ends writing: copies a still-borrowed output into the storage,
    /// unless told to keep it borrowed. Returns the borrowed length if
    /// nothing was copied.
    pub fn finish(mut self, finish: Finish) -> Result<Option<usize>, CapacityError> {
        if self.borrowing {
            if finish == Finish::KeepBorrowed {
                return Ok(Some(self.pending));
            }
            self.out.reserve(self.pending);
            self.out
                .push_str(self.input.get(..self.pending).unwrap_or_default())?;
            self.borrowing = false;
        }
        Ok(None)
    }
}
