//! The `url_*` functions: one `ScalarUDFImpl` whose `function` says which.

use crate::args::{kernel_err, Call};
use arrow_array::{ArrayRef, StringViewArray};
use arrow_schema::DataType;
use datafusion_common::types::logical_string;
use datafusion_common::{exec_err, Result};
use datafusion_expr::{
    Coercion, ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature,
    TypeSignatureClass, Volatility,
};
use std::sync::Arc;
use weburl_arrow::{Component, InvalidRows, Options, StrArg};

/// Which function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrlFunction {
    /// `url_parse(url[, base])`: the struct of the URL API's getters (href,
    /// protocol, username, password, host, hostname, port, pathname, search,
    /// hash, origin), each `Utf8View`.
    Parse,
    /// `url_host(url)`: host and `:port` (the URL API's `host`); `''` when
    /// the URL has no host.
    Host,
    /// `url_hostname(url)`: the host (the URL API's `hostname`).
    Hostname,
    /// `url_port(url)`: the port as `UInt16`; NULL when the URL's port is
    /// null (none, or the scheme's default).
    Port,
    /// `url_path(url)`: the path (the URL API's `pathname`).
    Path,
    /// `url_query(url)`: the query without `?`; NULL when there is none.
    Query,
    /// `url_fragment(url)`: the fragment without `#`; NULL when none.
    Fragment,
    /// `url_query_param(url, name)`: the first value of query parameter
    /// `name`, decoded as `URLSearchParams.get` does; NULL when absent.
    QueryParam,
    /// `url_join(base, url)`: `url` resolved against `base`, serialized.
    Join,
    /// `url_can_parse(url[, base])`: whether it parses (`URL.canParse`).
    CanParse,
    /// `url_normalize(url)`: the serialization (the URL API's `href`).
    Normalize,
    /// `url_registrable_domain(url)`: the host's registrable domain, from
    /// the compiled-in public suffix list; NULL when none.
    RegistrableDomain,
    /// `url_origin(url)`: the origin's serialization (`null` when opaque).
    Origin,
}

impl UrlFunction {
    /// Every function.
    pub const ALL: [UrlFunction; 13] = [
        UrlFunction::Parse,
        UrlFunction::Host,
        UrlFunction::Hostname,
        UrlFunction::Port,
        UrlFunction::Path,
        UrlFunction::Query,
        UrlFunction::Fragment,
        UrlFunction::QueryParam,
        UrlFunction::Join,
        UrlFunction::CanParse,
        UrlFunction::Normalize,
        UrlFunction::RegistrableDomain,
        UrlFunction::Origin,
    ];

    /// The SQL name.
    pub fn name(self) -> &'static str {
        match self {
            UrlFunction::Parse => "url_parse",
            UrlFunction::Host => "url_host",
            UrlFunction::Hostname => "url_hostname",
            UrlFunction::Port => "url_port",
            UrlFunction::Path => "url_path",
            UrlFunction::Query => "url_query",
            UrlFunction::Fragment => "url_fragment",
            UrlFunction::QueryParam => "url_query_param",
            UrlFunction::Join => "url_join",
            UrlFunction::CanParse => "url_can_parse",
            UrlFunction::Normalize => "url_normalize",
            UrlFunction::RegistrableDomain => "url_registrable_domain",
            UrlFunction::Origin => "url_origin",
        }
    }

    /// The numbers of arguments it takes.
    fn arities(self) -> &'static [usize] {
        match self {
            UrlFunction::Parse | UrlFunction::CanParse => &[1, 2],
            UrlFunction::QueryParam | UrlFunction::Join => &[2],
            _ => &[1],
        }
    }

    /// The component a one-column function extracts.
    fn component(self) -> Option<Component> {
        Some(match self {
            UrlFunction::Host => Component::Host,
            UrlFunction::Hostname => Component::Hostname,
            UrlFunction::Path => Component::Pathname,
            UrlFunction::Query => Component::Query,
            UrlFunction::Fragment => Component::Fragment,
            UrlFunction::Normalize | UrlFunction::Join => Component::Href,
            UrlFunction::RegistrableDomain => Component::RegistrableDomain,
            UrlFunction::Origin => Component::Origin,
            UrlFunction::Parse
            | UrlFunction::Port
            | UrlFunction::QueryParam
            | UrlFunction::CanParse => return None,
        })
    }

    /// The result type.
    pub fn return_type(self) -> DataType {
        match self {
            UrlFunction::Parse => DataType::Struct(weburl_arrow::struct_fields()),
            UrlFunction::Port => DataType::UInt16,
            UrlFunction::CanParse => DataType::Boolean,
            _ => DataType::Utf8View,
        }
    }
}

/// Signature taking `n` arguments of any string type each (`Utf8`,
/// `LargeUtf8`, `Utf8View`), none cast to another.
pub(crate) fn strings(arities: &[usize]) -> Signature {
    let string = || Coercion::new_exact(TypeSignatureClass::Native(logical_string()));
    Signature::one_of(
        arities
            .iter()
            .map(|&n| TypeSignature::Coercible((0..n).map(|_| string()).collect()))
            .collect(),
        Volatility::Immutable,
    )
}

/// A `url_*` function, as DataFusion calls it. Invalid URLs are NULL unless
/// made with [`InvalidRows::Error`].
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlUdf {
    function: UrlFunction,
    invalid: InvalidRows,
    signature: Signature,
}

impl UrlUdf {
    /// `function`, with invalid URLs as NULL.
    pub fn new(function: UrlFunction) -> Self {
        Self::with_invalid(function, InvalidRows::Null)
    }

    /// `function`, with invalid URLs as `invalid` says.
    pub fn with_invalid(function: UrlFunction, invalid: InvalidRows) -> Self {
        UrlUdf {
            function,
            invalid,
            signature: strings(function.arities()),
        }
    }

    /// Which function this is.
    pub fn function(&self) -> UrlFunction {
        self.function
    }
}

impl ScalarUDFImpl for UrlUdf {
    fn name(&self) -> &str {
        self.function.name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(self.function.return_type())
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let call = Call::new(&args.args, args.number_rows)?;
        let f = self.function;
        // url_join(base, url): the URL is the second argument.
        let (url_at, other_at) = match f {
            UrlFunction::Join => (1, 0),
            _ => (0, 1),
        };
        let urls = call.column(url_at)?;
        let other = match call.arg(other_at) {
            Some(arg) if f.arities().iter().any(|&n| n > 1) => match arg.str_arg() {
                Some(s) => Some(s),
                None => return call.nulls(&f.return_type()),
            },
            Some(_) => return exec_err!("{} takes one argument", f.name()),
            None => None,
        };
        let mut options = Options::default().with_invalid(self.invalid);
        if matches!(
            f,
            UrlFunction::Parse | UrlFunction::CanParse | UrlFunction::Join
        ) {
            options.base = other;
        }
        let urls = urls.as_ref();
        let out: ArrayRef = match f {
            UrlFunction::Parse => {
                Arc::new(weburl_arrow::parse(urls, &options).map_err(kernel_err)?)
            }
            UrlFunction::Port => Arc::new(weburl_arrow::port(urls, &options).map_err(kernel_err)?),
            UrlFunction::CanParse => {
                Arc::new(weburl_arrow::can_parse(urls, &options).map_err(kernel_err)?)
            }
            UrlFunction::QueryParam => {
                let name = other.unwrap_or(StrArg::Scalar(""));
                Arc::new(weburl_arrow::query_param(urls, name, &options).map_err(kernel_err)?)
            }
            _ => match f.component() {
                Some(c) => {
                    let col: StringViewArray =
                        weburl_arrow::component(urls, c, &options).map_err(kernel_err)?;
                    Arc::new(col)
                }
                None => return exec_err!("{}: no kernel", f.name()),
            },
        };
        call.finish(out)
    }
}
