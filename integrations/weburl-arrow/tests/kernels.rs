//! The single-component kernels, with expected values worked out by hand
//! from the URL Standard (and its §5.1 for query values).

use arrow_array::cast::AsArray;
use arrow_array::{Array, Int32Array, LargeStringArray, StringArray, StringViewArray};
use arrow_data::ByteView;
use weburl_arrow::{
    component, host, join, normalize, parse, port, query_param, registrable_domain, Component,
    Error, InvalidRows, Options, StrArg,
};

fn values(col: &StringViewArray) -> Vec<Option<&str>> {
    col.iter().collect()
}

#[test]
fn host_is_the_url_api_host() {
    let urls = StringViewArray::from(vec![
        Some("https://Example.COM:8080/"),
        Some("https://example.com:443/"),
        Some("mailto:x@y"),
        Some("http://[::1]/"),
        Some("http://0x7f.1/"),
        None,
        Some("http://exa mple/"),
    ]);
    let out = host(&urls, &Options::default()).unwrap();
    assert_eq!(
        values(&out),
        [
            Some("example.com:8080"),
            Some("example.com"),
            Some(""),
            Some("[::1]"),
            Some("127.0.0.1"),
            None,
            None
        ]
    );
}

#[test]
fn registrable_domain_from_the_public_suffix_list() {
    let urls = StringArray::from(vec![
        "https://www.example.com/",
        "https://a.b.example.co.uk/",
        "https://whatwg.github.io/",
        "https://co.uk/",
        "https://192.168.0.1/",
        "https://localhost/",
        "https://www.city.kobe.jp/",
        "file:///x",
    ]);
    let out = registrable_domain(&urls, &Options::default()).unwrap();
    assert_eq!(
        values(&out),
        [
            Some("example.com"),
            Some("example.co.uk"),
            Some("whatwg.github.io"),
            None,
            None,
            None,
            Some("city.kobe.jp"),
            None
        ]
    );
    // A slice of the host: for this canonical row, a view into the input.
    let v = ByteView::from(out.views()[1]);
    assert_eq!(v.buffer_index, 0);
    assert_eq!(out.data_buffers()[0].as_ptr(), urls.values().as_ptr());
}

#[test]
fn query_param_is_urlsearchparams_get() {
    let urls = StringArray::from(vec![
        Some("https://e.com/?a=1&b=2&a=3"),
        Some("https://e.com/?a+b=c%20d&x"),
        Some("https://e.com/?x=%E2%82%AC"),
        Some("https://e.com/?b=1"),
        Some("https://e.com/"),
        Some("https://e.com/?a=#a=frag"),
        None,
    ]);
    let names = StringArray::from(vec!["a", "a b", "x", "a", "a", "a", "a"]);
    let out = query_param(&urls, StrArg::Column(&names), &Options::default()).unwrap();
    assert_eq!(
        values(&out),
        [
            Some("1"),
            Some("c d"),
            Some("\u{20ac}"),
            None,
            None,
            Some(""),
            None
        ]
    );
    let x = query_param(&urls, StrArg::Scalar("x"), &Options::default()).unwrap();
    assert_eq!(x.value(1), "", "a name without '=' has the empty value");
}

#[test]
fn join_resolves_against_the_base() {
    let refs = LargeStringArray::from(vec![
        Some("../c?d"),
        Some("//other.example/x"),
        Some("#frag"),
        Some("https://absolute.example/"),
        Some("http://[oops/"),
        None,
    ]);
    let base = "https://example.com/a/b?q#f";
    let out = join(StrArg::Scalar(base), &refs, InvalidRows::Null).unwrap();
    assert_eq!(
        values(&out),
        [
            Some("https://example.com/c?d"),
            Some("https://other.example/x"),
            Some("https://example.com/a/b?q#frag"),
            Some("https://absolute.example/"),
            None,
            None
        ]
    );
    // A base column, with an invalid base and a null base.
    let bases = StringArray::from(vec![
        Some("https://one.example/dir/"),
        Some("not a base"),
        None,
    ]);
    let refs = StringArray::from(vec!["x", "x", "x"]);
    let out = join(StrArg::Column(&bases), &refs, InvalidRows::Null).unwrap();
    assert_eq!(
        values(&out),
        [Some("https://one.example/dir/x"), None, None]
    );
    match join(StrArg::Column(&bases), &refs, InvalidRows::Error) {
        Err(Error::InvalidBase { row: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn normalize_serializes() {
    let urls = StringArray::from(vec![
        "HTTP://EXAMPLE.COM:80/%7Efoo/./bar",
        "  https://a.b/  ",
    ]);
    let out = normalize(&urls, &Options::default()).unwrap();
    assert_eq!(
        values(&out),
        [Some("http://example.com/%7Efoo/bar"), Some("https://a.b/")]
    );
}

#[test]
fn port_is_a_number_or_null() {
    let urls = StringArray::from(vec![
        Some("https://e.com:8443/"),
        Some("http://e.com:80/"),
        Some("ftp://e.com:21/"),
        Some("foo://e.com:21/"),
        Some("https://e.com:99999/"),
        None,
    ]);
    let out = port(&urls, &Options::default()).unwrap();
    let got: Vec<Option<u16>> = out.iter().collect();
    assert_eq!(got, [Some(8443), None, None, Some(21), None, None]);
    assert!(port(&urls, &Options::default().with_invalid(InvalidRows::Error)).is_err());
}

#[test]
fn query_and_fragment_distinguish_null_from_empty() {
    let urls = StringArray::from(vec![
        "https://e.com/?#",
        "https://e.com/",
        "https://e.com/?q#h",
    ]);
    let q = component(&urls, Component::Query, &Options::default()).unwrap();
    let f = component(&urls, Component::Fragment, &Options::default()).unwrap();
    assert_eq!(values(&q), [Some(""), None, Some("q")]);
    assert_eq!(values(&f), [Some(""), None, Some("h")]);
    let s = parse(&urls, &Options::default()).unwrap();
    let search = s.column_by_name("search").unwrap().as_string_view();
    assert_eq!(search.value(0), "", "search is empty for an empty query");
}

#[test]
fn blob_origin_is_its_inner_origin() {
    let urls = StringArray::from(vec![
        "blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f",
        "data:text/plain,hello",
    ]);
    let s = parse(&urls, &Options::default()).unwrap();
    let origin = s.column_by_name("origin").unwrap().as_string_view();
    assert_eq!(origin.value(0), "https://whatwg.org");
    assert_eq!(origin.value(1), "null");
    // "https://whatwg.org" is the start of the path: a view, no new buffer.
    assert_eq!(origin.data_buffers().len(), 1);
}

#[test]
fn argument_errors() {
    let ints = Int32Array::from(vec![1, 2]);
    assert!(matches!(
        host(&ints, &Options::default()),
        Err(Error::UnsupportedType(_))
    ));
    let urls = StringArray::from(vec!["a:", "b:"]);
    let bases = StringArray::from(vec!["https://e.com/"]);
    assert!(matches!(
        parse(&urls, &Options::default().with_base(StrArg::Column(&bases))),
        Err(Error::LengthMismatch {
            expected: 2,
            found: 1
        })
    ));
    let names = StringArray::from(vec!["x"]);
    assert!(matches!(
        query_param(&urls, StrArg::Column(&names), &Options::default()),
        Err(Error::LengthMismatch { .. })
    ));
}

#[test]
fn empty_and_all_null_columns() {
    let empty = StringArray::from(Vec::<&str>::new());
    let s = parse(&empty, &Options::default()).unwrap();
    assert_eq!(s.len(), 0);
    let nulls = StringArray::from(vec![None::<&str>; 3]);
    let s = parse(&nulls, &Options::default()).unwrap();
    assert_eq!(s.null_count(), 3);
    assert_eq!(s.column(0).null_count(), 3);
}
