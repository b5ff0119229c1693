//! Building `Utf8View` output: views into the input's buffers where a
//! value is a slice of its row, and bytes written once into new buffers
//! where it is not.

use crate::source::{offset_in, RowAt, Strings};
use crate::Error;
use arrow_array::builder::make_view;
use arrow_array::StringViewArray;
use arrow_buffer::{Buffer, NullBuffer, NullBufferBuilder, ScalarBuffer};
use std::sync::Arc;

/// New bytes go into buffers of about this size (one value longer than it
/// gets a buffer of its own).
const BLOCK: usize = 8 << 20;

/// Longest value an inline view holds.
const INLINE: usize = 12;

/// The bytes an output writes: a value that is not a slice of its input row
/// (a serialization that differs from the input, an origin put together, a
/// decoded query value). Shared by every field of one output.
pub(crate) struct NewData {
    /// Index the first new buffer has among the output's data buffers.
    first: u32,
    done: Vec<Buffer>,
    current: Vec<u8>,
}

impl NewData {
    /// Writes after the `shared` buffers of the input.
    pub(crate) fn new(shared: usize) -> Result<Self, Error> {
        Ok(NewData {
            first: u32::try_from(shared).map_err(|_| Error::TooLarge { row: 0 })?,
            done: Vec::new(),
            current: Vec::new(),
        })
    }

    /// Appends `bytes`; gives their buffer and offset.
    pub(crate) fn push(&mut self, row: usize, bytes: &[u8]) -> Result<(u32, u32), Error> {
        if bytes.len() > u32::MAX as usize {
            return Err(Error::TooLarge { row });
        }
        if !self.current.is_empty() && self.current.len() + bytes.len() > BLOCK {
            let full = std::mem::take(&mut self.current);
            self.done.push(Buffer::from_vec(full));
        }
        if self.current.capacity() == 0 {
            self.current.reserve(bytes.len().max(BLOCK / 64));
        }
        let offset = self.current.len() as u32;
        self.current.extend_from_slice(bytes);
        let index = u32::try_from(self.done.len())
            .ok()
            .and_then(|k| self.first.checked_add(k))
            .ok_or(Error::TooLarge { row })?;
        Ok((index, offset))
    }

    /// The new buffers, in index order.
    pub(crate) fn finish(mut self) -> Vec<Buffer> {
        if !self.current.is_empty() {
            self.done.push(Buffer::from_vec(self.current));
        }
        self.done
    }
}

/// Where a parsed row's serialization lies: a value that is a slice of it
/// is a view at `at` plus its offset in `href`.
#[derive(Clone, Copy)]
pub(crate) struct Located<'s> {
    pub(crate) href: &'s str,
    pub(crate) at: RowAt,
}

/// One output column's views and validity.
pub(crate) struct Views {
    views: Vec<u128>,
    nulls: NullBufferBuilder,
}

impl Views {
    pub(crate) fn with_capacity(rows: usize) -> Self {
        Views {
            views: Vec::with_capacity(rows),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    #[inline]
    pub(crate) fn push_null(&mut self) {
        self.views.push(0);
        self.nulls.append_null();
    }

    /// Appends `value`: inline when short, else a view into the input (or
    /// the new buffer) when it is a slice of `within`, else a copy in `new`.
    #[inline]
    pub(crate) fn push(
        &mut self,
        row: usize,
        value: &str,
        within: &[Located<'_>],
        input: &Strings<'_>,
        new: &mut NewData,
    ) -> Result<(), Error> {
        self.nulls.append_non_null();
        let bytes = value.as_bytes();
        if bytes.len() <= INLINE {
            self.views.push(make_view(bytes, 0, 0));
            return Ok(());
        }
        for l in within {
            if let Some(delta) = offset_in(l.href, value) {
                if let Some((buffer, offset)) = input.locate(l.at, delta, bytes.len()) {
                    self.views.push(make_view(bytes, buffer, offset));
                    return Ok(());
                }
            }
        }
        let (buffer, offset) = new.push(row, bytes)?;
        self.views.push(make_view(bytes, buffer, offset));
        Ok(())
    }

    /// Appends `value` or a null.
    #[inline]
    pub(crate) fn push_opt(
        &mut self,
        row: usize,
        value: Option<&str>,
        within: &[Located<'_>],
        input: &Strings<'_>,
        new: &mut NewData,
    ) -> Result<(), Error> {
        match value {
            Some(v) => self.push(row, v, within, input, new),
            None => {
                self.push_null();
                Ok(())
            }
        }
    }

    /// The array over `buffers` (the input's shared buffers, then the new
    /// ones).
    pub(crate) fn finish(mut self, buffers: Arc<[Buffer]>) -> Result<StringViewArray, Error> {
        let nulls: Option<NullBuffer> = self.nulls.finish();
        crate::assemble::string_views(ScalarBuffer::from(self.views), buffers, nulls)
    }
}
