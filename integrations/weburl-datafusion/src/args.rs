//! Function arguments: columns and scalars of any of the three string
//! types, as the kernels take them.

use arrow_array::{new_null_array, ArrayRef};
use arrow_schema::DataType;
use datafusion_common::{exec_err, Result, ScalarValue};
use datafusion_expr::ColumnarValue;
use weburl_arrow::StrArg;

/// One argument, evaluated.
#[derive(Clone, Copy)]
pub(crate) enum Arg<'a> {
    /// A column.
    Column(&'a ArrayRef),
    /// One value for every row (`None`: NULL).
    Scalar(Option<&'a str>),
}

impl<'a> Arg<'a> {
    pub(crate) fn new(value: &'a ColumnarValue) -> Result<Self> {
        match value {
            ColumnarValue::Array(a) => Ok(Arg::Column(a)),
            ColumnarValue::Scalar(s) => match s {
                ScalarValue::Utf8(v) | ScalarValue::LargeUtf8(v) | ScalarValue::Utf8View(v) => {
                    Ok(Arg::Scalar(v.as_deref()))
                }
                ScalarValue::Null => Ok(Arg::Scalar(None)),
                other => exec_err!("expected a string argument, got {}", other.data_type()),
            },
        }
    }

    /// As a kernel's argument; `None` when it is a NULL scalar (the whole
    /// result is then NULL).
    pub(crate) fn str_arg(&self) -> Option<StrArg<'a>> {
        match *self {
            Arg::Column(a) => Some(StrArg::Column(a.as_ref())),
            Arg::Scalar(s) => s.map(StrArg::Scalar),
        }
    }
}

/// The arguments of one call: `rows` is 1 when they are all scalars (the
/// result is then a scalar too).
pub(crate) struct Call<'a> {
    pub(crate) args: Vec<Arg<'a>>,
    pub(crate) rows: usize,
    pub(crate) scalar: bool,
}

impl<'a> Call<'a> {
    pub(crate) fn new(values: &'a [ColumnarValue], number_rows: usize) -> Result<Self> {
        let scalar = values.iter().all(|v| matches!(v, ColumnarValue::Scalar(_)));
        Ok(Call {
            args: values.iter().map(Arg::new).collect::<Result<_>>()?,
            rows: if scalar { 1 } else { number_rows },
            scalar,
        })
    }

    /// Argument `i` as a column of `self.rows` rows (a scalar repeated).
    pub(crate) fn column(&self, i: usize) -> Result<ArrayRef> {
        match self.args.get(i) {
            Some(Arg::Column(a)) => Ok(ArrayRef::clone(a)),
            Some(Arg::Scalar(s)) => Ok(match s {
                Some(s) => {
                    ScalarValue::Utf8View(Some((*s).to_string())).to_array_of_size(self.rows)?
                }
                None => new_null_array(&DataType::Utf8View, self.rows),
            }),
            None => exec_err!("missing argument {}", i + 1),
        }
    }

    /// Argument `i`, if given.
    pub(crate) fn arg(&self, i: usize) -> Option<&Arg<'a>> {
        self.args.get(i)
    }

    /// The result: a scalar when every argument was one.
    pub(crate) fn finish(&self, out: ArrayRef) -> Result<ColumnarValue> {
        if self.scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                out.as_ref(),
                0,
            )?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }

    /// An all-NULL result of type `t`.
    pub(crate) fn nulls(&self, t: &DataType) -> Result<ColumnarValue> {
        self.finish(new_null_array(t, self.rows))
    }
}

/// The kernels' errors as DataFusion's.
pub(crate) fn kernel_err(e: weburl_arrow::Error) -> datafusion_common::DataFusionError {
    datafusion_common::DataFusionError::Execution(e.to_string())
}
