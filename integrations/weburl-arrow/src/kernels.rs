//! The kernels.

use crate::rows::{check_len, Rows};
use crate::source::{RowAt, Strings};
use crate::views::{Located, NewData, Views};
use crate::{Component, Error, Failure, Options, StrArg};
use arrow_array::{Array, ArrayRef, BooleanArray, StringViewArray, StructArray, UInt16Array};
use arrow_buffer::Buffer;
use arrow_schema::{DataType, Field, Fields};
use std::fmt::Write as _;
use std::sync::Arc;
use url_core::{form_urlencoded, SchemeType, Url};

/// The fields of [`parse`]'s struct: [`Component::STRUCT_FIELDS`] by name,
/// each a nullable `Utf8View` (null exactly where the row is).
pub fn struct_fields() -> Fields {
    Component::STRUCT_FIELDS
        .iter()
        .map(|c| Field::new(c.name(), DataType::Utf8View, true))
        .collect()
}

/// Parses every row once into the URL API's eleven getters: a
/// `StructArray` of `Utf8View` columns ([`struct_fields`]). A null or
/// invalid row (see [`Options::invalid`]) is a null struct, every field
/// null too.
///
/// ```
/// use arrow_array::{cast::AsArray, StringViewArray};
/// use weburl_arrow::{parse, Options, StrArg};
/// let urls = StringViewArray::from(vec!["../c?d", "//other.example/"]);
/// let opts = Options::default().with_base(StrArg::Scalar("https://u:p@example.com/a/b"));
/// let s = parse(&urls, &opts)?;
/// let origin = s.column_by_name("origin").unwrap().as_string_view();
/// assert_eq!(origin.value(0), "https://example.com");
/// assert_eq!(s.column_by_name("href").unwrap().as_string_view().value(0), "https://u:p@example.com/c?d");
/// assert_eq!(s.column_by_name("host").unwrap().as_string_view().value(1), "other.example");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn parse(urls: &dyn Array, options: &Options<'_>) -> Result<StructArray, Error> {
    let columns = components(urls, &Component::STRUCT_FIELDS, options)?;
    // Every field is null exactly where the row is: href's nulls are the
    // struct's.
    let nulls = columns.first().and_then(|c| c.nulls().cloned());
    let arrays: Vec<ArrayRef> = columns
        .into_iter()
        .map(|c| Arc::new(c) as ArrayRef)
        .collect();
    StructArray::try_new(struct_fields(), arrays, nulls).map_err(Error::Arrow)
}

/// The `parts` of every row, one `Utf8View` column each, in order; each row
/// parsed once for all of them. With more than one part (or `Href`), a
/// non-canonical row's serialization is written once and every part is a
/// view into it; otherwise only the part is written.
pub fn components(
    urls: &dyn Array,
    parts: &[Component],
    options: &Options<'_>,
) -> Result<Vec<StringViewArray>, Error> {
    let input = Strings::new(urls)?;
    let rows = Rows::new(input, options)?;
    let shared = input.shared_buffers();
    let mut new = NewData::new(shared.len())?;
    let mut outs: Vec<Views> = parts
        .iter()
        .map(|_| Views::with_capacity(input.len()))
        .collect();
    let write_href = parts.len() > 1 || parts.contains(&Component::Href);
    let mut scratch = String::new();
    rows.for_each(|i, row| {
        let Some(row) = row else {
            outs.iter_mut().for_each(Views::push_null);
            return Ok(());
        };
        let url = match row.url {
            Ok(url) => url,
            Err(failure) => {
                rows.invalid.apply(i, failure)?;
                outs.iter_mut().for_each(Views::push_null);
                return Ok(());
            }
        };
        let href = url.href();
        // Borrowed, or parsed into storage by a route other than the fast
        // path's (it declines some canonical shapes, IPv6 hosts and
        // credentials among them) but the same bytes: either way the
        // components are slices of the input row.
        let here = if href == row.input {
            Located { href, at: row.at }
        } else if write_href && href.len() > 12 {
            let (buffer, offset) = new.push(i, href.as_bytes())?;
            Located {
                href,
                at: RowAt::Buffer { buffer, offset },
            }
        } else {
            // Parts are written one by one.
            Located {
                href: "",
                at: RowAt::Inline,
            }
        };
        for (part, out) in parts.iter().zip(outs.iter_mut()) {
            let value = value_of(&url, *part, &mut scratch);
            out.push_opt(i, value, std::slice::from_ref(&here), &input, &mut new)?;
        }
        Ok(())
    })?;
    let buffers: Arc<[Buffer]> = shared.into_iter().chain(new.finish()).collect();
    outs.into_iter()
        .map(|o| o.finish(Arc::clone(&buffers)))
        .collect()
}

/// One component of every row; see [`components`].
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use weburl_arrow::{component, Component, Options};
/// let urls = StringArray::from(vec!["https://example.com/?q", "https://example.com/", "mailto:x"]);
/// let q = component(&urls, Component::Query, &Options::default())?;
/// assert_eq!(q.value(0), "q");
/// assert!(q.is_null(1) && q.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn component(
    urls: &dyn Array,
    part: Component,
    options: &Options<'_>,
) -> Result<StringViewArray, Error> {
    let mut out = components(urls, &[part], options)?;
    out.pop().ok_or(Error::LengthMismatch {
        expected: 1,
        found: 0,
    })
}

/// The URL API's `host` (host and `:port`) of every row.
pub fn host(urls: &dyn Array, options: &Options<'_>) -> Result<StringViewArray, Error> {
    component(urls, Component::Host, options)
}

/// The registrable domain of every row's host (null when the host is not a
/// domain, or is a public suffix): a slice of the host, so a view into the
/// input for canonical rows.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use weburl_arrow::{registrable_domain, Options};
/// let urls = StringArray::from(vec!["https://a.b.example.co.uk/", "http://127.0.0.1/", "https://github.io/"]);
/// let d = registrable_domain(&urls, &Options::default())?;
/// assert_eq!(d.value(0), "example.co.uk");
/// assert!(d.is_null(1) && d.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn registrable_domain(
    urls: &dyn Array,
    options: &Options<'_>,
) -> Result<StringViewArray, Error> {
    component(urls, Component::RegistrableDomain, options)
}

/// Every row's serialization (`href`): the input itself, shared, for a
/// canonical row.
pub fn normalize(urls: &dyn Array, options: &Options<'_>) -> Result<StringViewArray, Error> {
    component(urls, Component::Href, options)
}

/// Each row of `urls` parsed against `base` (the URL constructor with two
/// arguments), serialized.
///
/// ```
/// use arrow_array::StringArray;
/// use weburl_arrow::{join, InvalidRows, StrArg};
/// let refs = StringArray::from(vec!["../c", "?q", "https://other.example/"]);
/// let out = join(StrArg::Scalar("https://example.com/a/b"), &refs, InvalidRows::Null)?;
/// assert_eq!(out.value(0), "https://example.com/c");
/// assert_eq!(out.value(1), "https://example.com/a/b?q");
/// assert_eq!(out.value(2), "https://other.example/");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn join(
    base: StrArg<'_>,
    urls: &dyn Array,
    invalid: crate::InvalidRows,
) -> Result<StringViewArray, Error> {
    let options = Options {
        base: Some(base),
        invalid,
    };
    component(urls, Component::Href, &options)
}

/// Whether each row parses (the URL API's `URL.canParse`); null for a null
/// row. [`Options::invalid`] is not consulted: `false` is the answer.
///
/// ```
/// use arrow_array::StringArray;
/// use weburl_arrow::{can_parse, Options};
/// let urls = StringArray::from(vec!["https://example.com/", "https://exa mple.com/", "/x"]);
/// let ok = can_parse(&urls, &Options::default())?;
/// assert_eq!(ok.iter().collect::<Vec<_>>(), [Some(true), Some(false), Some(false)]);
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn can_parse(urls: &dyn Array, options: &Options<'_>) -> Result<BooleanArray, Error> {
    let input = Strings::new(urls)?;
    let rows = Rows::new(input, options)?;
    let mut out: Vec<Option<bool>> = Vec::with_capacity(input.len());
    rows.for_each(|_, row| {
        out.push(row.map(|r| r.url.is_ok()));
        Ok(())
    })?;
    Ok(BooleanArray::from(out))
}

/// The port of each row as a number: null when the URL's port is null (no
/// port, or the scheme's default), when the row is null or invalid.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use weburl_arrow::{port, Options};
/// let urls = StringArray::from(vec!["https://example.com:8443/", "https://example.com:443/"]);
/// let p = port(&urls, &Options::default())?;
/// assert_eq!(p.value(0), 8443);
/// assert!(p.is_null(1));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn port(urls: &dyn Array, options: &Options<'_>) -> Result<UInt16Array, Error> {
    let input = Strings::new(urls)?;
    let rows = Rows::new(input, options)?;
    let mut out: Vec<Option<u16>> = Vec::with_capacity(input.len());
    rows.for_each(|i, row| {
        let port = match row.map(|r| r.url) {
            None => None,
            Some(Ok(url)) => url.port(),
            Some(Err(failure)) => {
                rows.invalid.apply(i, failure)?;
                None
            }
        };
        out.push(port);
        Ok(())
    })?;
    Ok(UInt16Array::from(out))
}

/// The value of the first query parameter named `name` in each row, as
/// `URLSearchParams.get` gives it (url.bs §5.1: `+` is a space, percent-
/// decoded, UTF-8): null when there is none. A value that needs no
/// decoding is a view into the input for canonical rows.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use weburl_arrow::{query_param, Options, StrArg};
/// let urls = StringArray::from(vec!["https://e.com/?a=1&utm_source=news+letter", "https://e.com/?a=2"]);
/// let v = query_param(&urls, StrArg::Scalar("utm_source"), &Options::default())?;
/// assert_eq!(v.value(0), "news letter");
/// assert!(v.is_null(1));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn query_param(
    urls: &dyn Array,
    name: StrArg<'_>,
    options: &Options<'_>,
) -> Result<StringViewArray, Error> {
    let names = match name {
        StrArg::Scalar(s) => Names::Scalar(s),
        StrArg::Column(c) => {
            let col = Strings::new(c)?;
            check_len(urls.len(), col.len())?;
            Names::Column(col)
        }
    };
    pick(urls, options, &mut QueryParam { names })
}

enum Names<'a> {
    Scalar(&'a str),
    Column(Strings<'a>),
}

struct QueryParam<'a> {
    names: Names<'a>,
}

impl Pick for QueryParam<'_> {
    fn pick<'s>(
        &mut self,
        row: usize,
        _input: &'s str,
        url: Result<&'s Url<&'s str>, Failure>,
        owned: &mut String,
    ) -> Result<Picked<'s>, Failure> {
        let url = url?;
        let name = match &self.names {
            Names::Scalar(s) => Some(*s),
            Names::Column(c) => c.text(row),
        };
        let (Some(name), Some(query)) = (name, url.query()) else {
            return Ok(Picked::Null);
        };
        let Some((_, value)) = form_urlencoded::parse_str(query).find(|(n, _)| *n == name) else {
            return Ok(Picked::Null);
        };
        if let Some(verbatim) = value.as_str() {
            return Ok(Picked::Value(verbatim));
        }
        owned.clear();
        // `Display` writes the decoded text; a String never refuses it.
        let _ = write!(owned, "{value}");
        Ok(Picked::Owned)
    }
}

/// What [`Pick::pick`] chose for a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked<'s> {
    /// A null.
    Null,
    /// This text: a view into the input when it is a slice of the row's
    /// input (a canonical URL's components are), else copied.
    Value(&'s str),
    /// The text the picker wrote into `owned`, copied.
    Owned,
}

/// A per-row choice of output from the parsed URL, for [`pick`].
pub trait Pick {
    /// The output for row `row`, whose text is `input` and whose parse is
    /// `url` (or why it failed). An `Err` is an invalid row, which becomes
    /// a null or an error as [`Options::invalid`] says.
    fn pick<'s>(
        &mut self,
        row: usize,
        input: &'s str,
        url: Result<&'s Url<&'s str>, Failure>,
        owned: &mut String,
    ) -> Result<Picked<'s>, Failure>;
}

/// One `Utf8View` column of whatever `picker` chooses from each parsed row
/// (nulls stay null and are not shown to it): for components of your own,
/// with the zero-copy rule of [`components`] for canonical rows.
///
/// ```
/// use arrow_array::StringArray;
/// use weburl_arrow::{pick, Failure, Options, Pick, Picked};
/// use weburl_arrow::url_core::Url;
/// /// The last path segment.
/// struct Leaf;
/// impl Pick for Leaf {
///     fn pick<'s>(&mut self, _: usize, _: &'s str, url: Result<&'s Url<&'s str>, Failure>, _: &mut String)
///         -> Result<Picked<'s>, Failure> {
///         let path = url?.pathname();
///         Ok(Picked::Value(path.rsplit('/').next().unwrap_or(path)))
///     }
/// }
/// let urls = StringArray::from(vec!["https://example.com/a/report.pdf"]);
/// assert_eq!(pick(&urls, &Options::default(), &mut Leaf)?.value(0), "report.pdf");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn pick(
    urls: &dyn Array,
    options: &Options<'_>,
    picker: &mut impl Pick,
) -> Result<StringViewArray, Error> {
    let input = Strings::new(urls)?;
    let rows = Rows::new(input, options)?;
    let shared = input.shared_buffers();
    let mut new = NewData::new(shared.len())?;
    let mut out = Views::with_capacity(input.len());
    let mut owned = String::new();
    rows.for_each(|i, row| {
        let Some(row) = row else {
            out.push_null();
            return Ok(());
        };
        let url = row.url;
        // The input, and the serialization when it is the same bytes (see
        // `components`): a value sliced from either is a view into the row.
        let href = match &url {
            Ok(u) if u.href() == row.input => u.href(),
            _ => "",
        };
        let here = [
            Located {
                href: row.input,
                at: row.at,
            },
            Located { href, at: row.at },
        ];
        let picked = picker.pick(i, row.input, url.as_ref().map_err(|f| *f), &mut owned);
        match picked {
            Ok(Picked::Null) => out.push_null(),
            Ok(Picked::Value(v)) => out.push(i, v, &here, &input, &mut new)?,
            Ok(Picked::Owned) => out.push(i, &owned, &[], &input, &mut new)?,
            Err(failure) => {
                rows.invalid.apply(i, failure)?;
                out.push_null();
            }
        }
        Ok(())
    })?;
    let buffers: Arc<[Buffer]> = shared.into_iter().chain(new.finish()).collect();
    out.finish(buffers)
}

/// A component of `url`; a slice of its href except for some origins,
/// which are written into `scratch`.
fn value_of<'u>(url: &'u Url<&str>, part: Component, scratch: &'u mut String) -> Option<&'u str> {
    Some(match part {
        Component::Href => url.href(),
        Component::Protocol => url.protocol(),
        Component::Username => url.username(),
        Component::Password => url.password(),
        Component::Host => url.host(),
        Component::Hostname => url.hostname(),
        Component::Port => url.port_str(),
        Component::Pathname => url.pathname(),
        Component::Search => url.search(),
        Component::Hash => url.hash(),
        Component::Origin => return Some(origin(url, scratch)),
        Component::Query => return url.query(),
        Component::Fragment => return url.fragment(),
        Component::RegistrableDomain => return url.registrable_domain(),
    })
}

/// The origin's serialization: for a special URL without credentials it is
/// the href up to the path (`scheme://host[:port]`, the port there only
/// when not the default), and for a `blob:` URL often the start of its
/// path; otherwise it is put together in `scratch`.
fn origin<'u>(url: &'u Url<&str>, scratch: &'u mut String) -> &'u str {
    let href = url.href();
    if matches!(
        url.scheme_type(),
        SchemeType::Http | SchemeType::Https | SchemeType::Ws | SchemeType::Wss | SchemeType::Ftp
    ) && !url.has_credentials()
    {
        if let Some(end) = crate::source::offset_in(href, url.pathname()) {
            if let Some(head) = href.get(..end) {
                return head;
            }
        }
    }
    scratch.clear();
    let _ = write!(scratch, "{}", url.origin());
    let path = url.pathname();
    match path.get(..scratch.len()) {
        Some(head) if head == scratch.as_str() => head,
        _ => scratch.as_str(),
    }
}
