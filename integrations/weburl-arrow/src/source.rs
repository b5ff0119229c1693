//! The input columns: `Utf8`, `LargeUtf8` and `Utf8View` read as rows of
//! text, each with where its bytes lie, so that an output view can point at
//! a slice of a row without copying it.

use crate::Error;
use arrow_array::cast::AsArray;
use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_data::ByteView;
use arrow_schema::DataType;

/// A view's offset and length are `u32`: a `LargeUtf8` values buffer longer
/// than that is shared as overlapping windows, one every `WINDOW_STRIDE`
/// bytes, each up to `u32::MAX` bytes long. A slice shorter than
/// `u32::MAX - WINDOW_STRIDE` bytes then lies whole in the window where it
/// starts.
const WINDOW_STRIDE: usize = 1 << 31;

/// Where a row's bytes lie.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RowAt {
    /// At this byte of the values buffer (`Utf8`, `LargeUtf8`).
    Values(usize),
    /// At `offset` in the output's data buffer `buffer`.
    Buffer {
        /// Index into the output's data buffers.
        buffer: u32,
        /// Byte offset in that buffer.
        offset: u32,
    },
    /// Nowhere an output view can point: a short `Utf8View` row is inline
    /// in its view (and so is any slice of it).
    Inline,
}

/// A string column, read row by row.
#[derive(Clone, Copy)]
pub(crate) enum Strings<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// The column, when it is one of the three string types.
    pub(crate) fn new(array: &'a dyn Array) -> Result<Self, Error> {
        match array.data_type() {
            DataType::Utf8 => Ok(Strings::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Ok(Strings::Large(array.as_string::<i64>())),
            DataType::Utf8View => Ok(Strings::View(array.as_string_view())),
            other => Err(Error::UnsupportedType(other.clone())),
        }
    }

    /// Number of rows.
    pub(crate) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::Large(a) => a.len(),
            Strings::View(a) => a.len(),
        }
    }

    /// Row `i`'s text, or `None` when it is null (or out of range).
    #[inline]
    pub(crate) fn text(&self, i: usize) -> Option<&'a str> {
        if i >= self.len() {
            return None;
        }
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// Row `i`'s text and where its bytes lie, or `None` when it is null.
    #[inline]
    pub(crate) fn row(&self, i: usize) -> Option<(&'a str, RowAt)> {
        let text = self.text(i)?;
        let at = match self {
            Strings::Utf8(a) => a
                .value_offsets()
                .get(i)
                .and_then(|&o| usize::try_from(o).ok())
                .map_or(RowAt::Inline, RowAt::Values),
            Strings::Large(a) => a
                .value_offsets()
                .get(i)
                .and_then(|&o| usize::try_from(o).ok())
                .map_or(RowAt::Inline, RowAt::Values),
            Strings::View(a) => match a.views().get(i) {
                Some(&v) if text.len() > 12 => {
                    let v = ByteView::from(v);
                    RowAt::Buffer {
                        buffer: v.buffer_index,
                        offset: v.offset,
                    }
                }
                _ => RowAt::Inline,
            },
        };
        Some((text, at))
    }

    /// The buffers output views into this column point at; they come first
    /// in every output array's data buffers, so a `RowAt::Buffer` index of
    /// a `Utf8View` input is an output index too.
    pub(crate) fn shared_buffers(&self) -> Vec<Buffer> {
        match self {
            Strings::Utf8(a) => vec![a.values().clone()],
            Strings::Large(a) => windows(a.values()),
            Strings::View(a) => a.data_buffers().to_vec(),
        }
    }

    /// The output buffer and offset of the `len` bytes at `delta` bytes into
    /// a row at `at`, when an output view can point there.
    #[inline]
    pub(crate) fn locate(&self, at: RowAt, delta: usize, len: usize) -> Option<(u32, u32)> {
        match at {
            RowAt::Values(start) => {
                let pos = start.checked_add(delta)?;
                let total = match self {
                    Strings::Utf8(a) => a.values().len(),
                    Strings::Large(a) => a.values().len(),
                    Strings::View(_) => return None,
                };
                if total <= u32::MAX as usize {
                    return Some((0, u32::try_from(pos).ok()?));
                }
                let window = pos / WINDOW_STRIDE;
                let offset = pos - window * WINDOW_STRIDE;
                // Inside the window: it is `u32::MAX` bytes long unless it is
                // the last, and then the slice ends before `total` anyway.
                if offset.checked_add(len)? > u32::MAX as usize {
                    return None;
                }
                Some((u32::try_from(window).ok()?, u32::try_from(offset).ok()?))
            }
            RowAt::Buffer { buffer, offset } => {
                let offset = offset.checked_add(u32::try_from(delta).ok()?)?;
                offset.checked_add(u32::try_from(len).ok()?)?;
                Some((buffer, offset))
            }
            RowAt::Inline => None,
        }
    }
}

/// A `LargeUtf8` values buffer as the buffers views can address: itself
/// when short enough, else overlapping windows (see [`WINDOW_STRIDE`]).
fn windows(values: &Buffer) -> Vec<Buffer> {
    let total = values.len();
    if total <= u32::MAX as usize {
        return vec![values.clone()];
    }
    (0..total.div_ceil(WINDOW_STRIDE))
        .map(|k| {
            let start = k * WINDOW_STRIDE;
            values.slice_with_length(start, (total - start).min(u32::MAX as usize))
        })
        .collect()
}

/// Where `part` starts in `whole`, when it is a slice of it.
#[inline]
pub(crate) fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (start.checked_add(part.len())? <= whole.len()).then_some(start)
}
