//! `parse_url(url, part[, key])` and `try_parse_url`, as Spark's and
//! datafusion-spark's, over the WHATWG parse.
//!
//! Parts (case-sensitive, as in Spark): `HOST`, `PATH`, `QUERY` (with `key`:
//! that parameter's raw value), `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`,
//! `USERINFO`; any other part is NULL. A string without a scheme and without
//! `://` is taken as a relative reference (Spark's `java.net.URI` does):
//! `PATH`, `QUERY`, `REF` and `FILE` split it at the first `?` and `#`, the
//! other parts are NULL. Any other string that is not a URL is an error for
//! `parse_url` (Spark with ANSI mode, its default since 4.0) and NULL for
//! `try_parse_url`. README.md (integrations) lists where the answers differ
//! from Spark's.

use crate::args::{kernel_err, Arg, Call};
use crate::functions::strings;
use arrow_schema::DataType;
use datafusion_common::Result;
use datafusion_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature};
use std::sync::Arc;
use url_core::{HostKind, ParseError, Url, ValidationError};
use weburl_arrow::{Failure, InvalidRows, Options, Pick, Picked, StringColumn};

/// `parse_url` (invalid URLs an error) or `try_parse_url` (NULL).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ParseUrl {
    name: &'static str,
    invalid: InvalidRows,
    signature: Signature,
}

impl ParseUrl {
    /// `parse_url`: an invalid URL is an error.
    pub fn new() -> Self {
        ParseUrl {
            name: "parse_url",
            invalid: InvalidRows::Error,
            signature: strings(&[2, 3]),
        }
    }

    /// `try_parse_url`: an invalid URL is NULL.
    pub fn try_new() -> Self {
        ParseUrl {
            name: "try_parse_url",
            invalid: InvalidRows::Null,
            signature: strings(&[2, 3]),
        }
    }
}

impl Default for ParseUrl {
    fn default() -> Self {
        Self::new()
    }
}

impl ScalarUDFImpl for ParseUrl {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let call = Call::new(&args.args, args.number_rows)?;
        let urls = call.column(0)?;
        let part = match call.arg(1) {
            Some(Arg::Scalar(None)) | None => return call.nulls(&DataType::Utf8View),
            Some(Arg::Scalar(Some(p))) => Side::Scalar(p),
            Some(Arg::Column(c)) => {
                Side::Column(StringColumn::new(c.as_ref()).map_err(kernel_err)?)
            }
        };
        let key = match call.arg(2) {
            None => None,
            Some(Arg::Scalar(None)) => return call.nulls(&DataType::Utf8View),
            Some(Arg::Scalar(Some(k))) => Some(Side::Scalar(k)),
            Some(Arg::Column(c)) => Some(Side::Column(
                StringColumn::new(c.as_ref()).map_err(kernel_err)?,
            )),
        };
        let mut picker = SparkPart { part, key };
        let options = Options::default().with_invalid(self.invalid);
        let out = weburl_arrow::pick(urls.as_ref(), &options, &mut picker).map_err(kernel_err)?;
        call.finish(Arc::new(out))
    }
}

/// A part or key argument: one value, or a column.
enum Side<'a> {
    Scalar(&'a str),
    Column(StringColumn<'a>),
}

impl<'a> Side<'a> {
    fn get(&self, row: usize) -> Option<&'a str> {
        match self {
            Side::Scalar(s) => Some(s),
            Side::Column(c) => c.text(row),
        }
    }
}

struct SparkPart<'a> {
    part: Side<'a>,
    key: Option<Side<'a>>,
}

impl Pick for SparkPart<'_> {
    fn pick<'s>(
        &mut self,
        row: usize,
        input: &'s str,
        url: Result<&'s Url<&'s str>, Failure>,
        _owned: &mut String,
    ) -> Result<Picked<'s>, Failure> {
        let Some(part) = self.part.get(row) else {
            return Ok(Picked::Null);
        };
        // A key argument that is NULL makes the row NULL (Spark).
        let key = match &self.key {
            None => None,
            Some(k) => match k.get(row) {
                Some(k) => Some(k),
                None => return Ok(Picked::Null),
            },
        };
        let value = match url {
            Ok(url) => of_url(url, input, part, key),
            Err(Failure::Url(ParseError::Invalid {
                error: ValidationError::MissingSchemeNonRelativeUrl,
                ..
            })) if !input.contains("://") => of_reference(input, part, key),
            Err(failure) => return Err(failure),
        };
        Ok(value.map_or(Picked::Null, Picked::Value))
    }
}

/// A part of a URL.
fn of_url<'s>(
    url: &'s Url<&'s str>,
    input: &str,
    part: &str,
    key: Option<&str>,
) -> Option<&'s str> {
    let href = url.href();
    match part {
        "HOST" => match url.host_kind() {
            HostKind::None | HostKind::Empty => None,
            _ => Some(url.hostname()),
        },
        "PATH" => Some(path(url, input)),
        "QUERY" => match key {
            None => url.query(),
            Some(key) => raw_param(url.query()?, key),
        },
        "REF" => url.fragment(),
        "PROTOCOL" => Some(url.scheme()),
        "FILE" => {
            // Path and "?query": one run of the serialization.
            let path = path(url, input);
            let start = offset(href, path)?;
            let end = match url.query() {
                Some(q) => offset(href, q)? + q.len(),
                None => start + path.len(),
            };
            let start = if path.is_empty() {
                // The path given as "" though the URL's is "/": from '?'.
                url.query()
                    .and_then(|q| offset(href, q))
                    .map_or(end, |q| q - 1)
            } else {
                start
            };
            href.get(start..end)
        }
        "AUTHORITY" => {
            if url.host_kind() == HostKind::None {
                return Some("");
            }
            // From after "scheme://" to the path: credentials, host, port.
            let start = url.protocol().len() + 2;
            let end = offset(href, url.pathname())?;
            href.get(start..end)
        }
        "USERINFO" => {
            let user = url.username();
            if user.is_empty() {
                return None;
            }
            let password = url.password();
            let start = offset(href, user)?;
            let end = if password.is_empty() {
                start + user.len()
            } else {
                offset(href, password)? + password.len()
            };
            href.get(start..end)
        }
        _ => None,
    }
}

/// The path as Spark gives it: empty, not "/", for an input with an
/// authority and nothing after it but a query or fragment.
fn path<'s>(url: &'s Url<&'s str>, input: &str) -> &'s str {
    let path = url.pathname();
    if path == "/" && authority_ends_the_input_path(input) {
        path.get(..0).unwrap_or("")
    } else {
        path
    }
}

/// Whether, after the input's first "://", the authority is not followed
/// by a '/' (the input has no path of its own).
fn authority_ends_the_input_path(input: &str) -> bool {
    let Some(at) = input.find("://") else {
        return false;
    };
    let rest = input.get(at + 3..).unwrap_or("");
    match rest.bytes().find(|b| matches!(b, b'/' | b'?' | b'#')) {
        Some(b) => b != b'/',
        None => true,
    }
}

/// A part of a string without a scheme, as a relative reference.
fn of_reference<'s>(input: &'s str, part: &str, key: Option<&str>) -> Option<&'s str> {
    let (before_hash, fragment) = match input.split_once('#') {
        Some((b, f)) => (b, Some(f)),
        None => (input, None),
    };
    let (path, query) = match before_hash.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (before_hash, None),
    };
    match part {
        "PATH" => Some(path),
        "QUERY" => match key {
            None => query,
            Some(key) => raw_param(query?, key),
        },
        "REF" => fragment,
        "FILE" => Some(before_hash),
        _ => None,
    }
}

/// The raw (not decoded) value of the first `key=value` pair in `query`, as
/// Spark's `(&|^)key=([^&]*)` finds it: a pair without `=` is no match.
fn raw_param<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| *name == key)
        .map(|(_, value)| value)
}

/// Where `part` (a slice of `whole`) starts in it.
fn offset(whole: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (start + part.len() <= whole.len()).then_some(start)
}
