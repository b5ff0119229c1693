//! WHATWG URL functions for DataFusion SQL, over the weburl-arrow kernels:
//! each row parsed once, and a canonical URL's components returned as
//! `Utf8View` views into the input column's own buffers.
//!
//! | function | returns |
//! | --- | --- |
//! | `url_parse(url[, base])` | struct of the URL API's getters: `href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `origin` |
//! | `url_host(url)`, `url_hostname(url)`, `url_path(url)`, `url_origin(url)`, `url_normalize(url)` | the URL API's `host`, `hostname`, `pathname`, `origin`, `href` |
//! | `url_port(url)` | `UInt16`; NULL when the port is null (none, or the default) |
//! | `url_query(url)`, `url_fragment(url)` | without `?` / `#`; NULL when there is none |
//! | `url_query_param(url, name)` | first value of `name`, decoded (`URLSearchParams.get`) |
//! | `url_join(base, url)` | `url` resolved against `base` |
//! | `url_can_parse(url[, base])` | `Boolean` (`URL.canParse`) |
//! | `url_registrable_domain(url)` | from the compiled-in public suffix list; NULL when none |
//! | `parse_url(url, part[, key])`, `try_parse_url(...)` | Spark's (see [`ParseUrl`]) |
//!
//! Arguments may be `Utf8`, `LargeUtf8` or `Utf8View`, columns or scalars.
//! A NULL argument gives NULL; a string that is not a URL gives NULL from
//! the `url_*` functions (or an error, with
//! [`UrlUdf::with_invalid`]`(_, InvalidRows::Error)`) and from
//! `try_parse_url`, an error from `parse_url`.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! use datafusion::prelude::SessionContext;
//! let mut ctx = SessionContext::new();
//! weburl_datafusion::register_all(&mut ctx)?;
//! let df = ctx.sql("SELECT url_registrable_domain('https://a.b.example.co.uk/x') AS d").await?;
//! let batches = df.collect().await?;
//! let d = arrow_array::cast::AsArray::as_string_view(batches[0].column(0));
//! assert_eq!(d.value(0), "example.co.uk");
//! # Ok(()) }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod args;
mod functions;
mod spark;

use datafusion_common::Result;
use datafusion_expr::registry::FunctionRegistry;
use datafusion_expr::ScalarUDF;
use std::sync::Arc;

pub use functions::{UrlFunction, UrlUdf};
pub use spark::ParseUrl;
pub use weburl_arrow::InvalidRows;

/// The `url_*` functions (invalid URLs NULL).
pub fn url_functions() -> Vec<Arc<ScalarUDF>> {
    UrlFunction::ALL
        .iter()
        .map(|&f| Arc::new(ScalarUDF::new_from_impl(UrlUdf::new(f))))
        .collect()
}

/// The Spark-compatible `parse_url` and `try_parse_url`.
pub fn spark_functions() -> Vec<Arc<ScalarUDF>> {
    vec![
        Arc::new(ScalarUDF::new_from_impl(ParseUrl::new())),
        Arc::new(ScalarUDF::new_from_impl(ParseUrl::try_new())),
    ]
}

/// Every function: [`url_functions`] and [`spark_functions`].
pub fn all_functions() -> Vec<Arc<ScalarUDF>> {
    let mut all = url_functions();
    all.extend(spark_functions());
    all
}

/// Registers [`all_functions`] (replacing functions of the same names, such
/// as datafusion-spark's `parse_url`).
pub fn register_all(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for f in all_functions() {
        registry.register_udf(f)?;
    }
    Ok(())
}
