//! Output arrays from their parts.

use crate::Error;
use arrow_array::StringViewArray;
use arrow_buffer::{Buffer, NullBuffer, ScalarBuffer};
use std::sync::Arc;

/// A `Utf8View` array from views this crate made: each inline or pointing
/// at a slice of a `&str` (a row of a string column, or a serialization
/// written whole), so in bounds and UTF-8. Arrow checks both again here.
pub(crate) fn string_views(
    views: ScalarBuffer<u128>,
    buffers: Arc<[Buffer]>,
    nulls: Option<NullBuffer>,
) -> Result<StringViewArray, Error> {
    StringViewArray::try_new(views, buffers, nulls).map_err(Error::Arrow)
}
