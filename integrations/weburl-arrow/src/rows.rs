//! The row loop every kernel shares: each row parsed once (against its
//! base, if any), borrowed from the input when it is its own serialization.

use crate::source::{RowAt, Strings};
use crate::{Error, Failure, InvalidRows, Options, StrArg};
use url_core::{ParseError, Parsed, Parser, Url};

/// A non-null row, parsed.
pub(crate) struct Row<'s> {
    /// The row's text.
    pub(crate) input: &'s str,
    /// Where the row's bytes lie.
    pub(crate) at: RowAt,
    /// The URL (borrowing `input` when it is canonical), or why not.
    pub(crate) url: Result<Url<&'s str>, Failure>,
}

/// The base of every row, when there is one.
enum Base<'a> {
    None,
    /// Parsed once.
    Scalar(Result<Url<String>, ParseError>),
    Column(Strings<'a>),
}

/// A URL column with its options, ready to be walked.
pub(crate) struct Rows<'a> {
    pub(crate) urls: Strings<'a>,
    base: Base<'a>,
    pub(crate) invalid: InvalidRows,
}

impl<'a> Rows<'a> {
    pub(crate) fn new(urls: Strings<'a>, options: &Options<'a>) -> Result<Self, Error> {
        let base = match options.base {
            None => Base::None,
            Some(StrArg::Scalar(s)) => Base::Scalar(Url::parse_into(s, String::new())),
            Some(StrArg::Column(c)) => {
                let col = Strings::new(c)?;
                check_len(urls.len(), col.len())?;
                Base::Column(col)
            }
        };
        Ok(Rows {
            urls,
            base,
            invalid: options.invalid,
        })
    }

    /// Calls `f` with each row in order: `None` for a null row (a null URL,
    /// or a null base in a base column).
    pub(crate) fn for_each<F>(&self, mut f: F) -> Result<(), Error>
    where
        F: for<'s> FnMut(usize, Option<Row<'s>>) -> Result<(), Error>,
    {
        // A serialization that is not the input is parsed into `scratch`,
        // whose allocation goes from row to row.
        let mut scratch = String::new();
        let mut base_scratch = String::new();
        for i in 0..self.urls.len() {
            let Some((input, at)) = self.urls.row(i) else {
                f(i, None)?;
                continue;
            };
            let mut base_holder: Option<Url<String>> = None;
            let base: Option<Result<Url<&str>, ParseError>> = match &self.base {
                Base::None => None,
                Base::Scalar(b) => Some(b.as_ref().map(Url::as_url_ref).map_err(|e| *e)),
                Base::Column(col) => {
                    let Some(text) = col.text(i) else {
                        f(i, None)?;
                        continue;
                    };
                    Some(
                        match Parser::new()
                            .parse_borrowed_or_into(text, || std::mem::take(&mut base_scratch))
                        {
                            Ok(Parsed::Borrowed(u)) => Ok(u),
                            Ok(Parsed::Stored(u)) => Ok(base_holder.insert(u).as_url_ref()),
                            Err(e) => Err(e),
                        },
                    )
                }
            };
            let mut holder: Option<Url<String>> = None;
            let parsed = match base {
                None => Ok(
                    Parser::new().parse_borrowed_or_into(input, || std::mem::take(&mut scratch))
                ),
                Some(Ok(b)) => Ok(Parser::new()
                    .base(b)
                    .parse_borrowed_or_into(input, || std::mem::take(&mut scratch))),
                Some(Err(e)) => Err(Failure::Base(e)),
            };
            let url = match parsed {
                Ok(Ok(Parsed::Borrowed(u))) => Ok(u),
                Ok(Ok(Parsed::Stored(u))) => Ok(holder.insert(u).as_url_ref()),
                Ok(Err(e)) => Err(Failure::Url(e)),
                Err(failure) => Err(failure),
            };
            f(i, Some(Row { input, at, url }))?;
            if let Some(u) = holder {
                scratch = u.into_storage();
            }
            if let Some(u) = base_holder {
                base_scratch = u.into_storage();
            }
        }
        Ok(())
    }
}

/// An argument column must have a row for every URL.
pub(crate) fn check_len(expected: usize, found: usize) -> Result<(), Error> {
    if expected == found {
        Ok(())
    } else {
        Err(Error::LengthMismatch { expected, found })
    }
}

impl InvalidRows {
    /// What an invalid row becomes: `Ok` (a null) or the error.
    pub(crate) fn apply(self, row: usize, failure: Failure) -> Result<(), Error> {
        match self {
            InvalidRows::Null => Ok(()),
            InvalidRows::Error => Err(match failure {
                Failure::Url(error) => Error::InvalidUrl { row, error },
                Failure::Base(error) => Error::InvalidBase { row, error },
            }),
        }
    }
}
