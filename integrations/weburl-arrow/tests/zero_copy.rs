//! The zero-copy claim: for canonical rows, the output views point into the
//! input column's own buffers (the same allocations), and no new buffer is
//! made; other rows are written once.

use arrow_array::cast::AsArray;
use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
use arrow_data::ByteView;
use weburl_arrow::{component, components, parse, Component, Options};

/// Canonical URLs (each is its own serialization, by the URL Standard's
/// serializer: lowercase scheme and host, no default port, a path), none
/// with credentials (whose origin is not a slice of the href).
const CANONICAL: [&str; 8] = [
    "https://www.example.com/search/results?q=arrow+views&page=2#top",
    "http://example.org:8080/a/very/long/path/segment/index.html",
    "https://sub.domain.example.co.uk/",
    "mailto:someone.with.a.long.name@example.com",
    "file:///usr/share/doc/readme.txt",
    "https://[2001:db8::1]:8443/ipv6/path?x=y",
    "ws://chat.example.net/socket?token=abcdefghijklmnop",
    "https://xn--nxasmq6b.example/unicode",
];

/// Every non-inline view of `col` points into buffer `buffer` inside the
/// row's bytes `[start, end)` of that buffer, at a copy of its value.
fn assert_views_in_rows(
    col: &StringViewArray,
    buffer: u32,
    row_range: impl Fn(usize) -> (usize, usize),
) -> usize {
    let mut long = 0;
    for (i, view) in col.views().iter().enumerate() {
        let v = ByteView::from(*view);
        if v.length <= 12 || col.is_null(i) {
            continue;
        }
        long += 1;
        assert_eq!(v.buffer_index, buffer, "row {i}");
        let (start, end) = row_range(i);
        let at = v.offset as usize;
        assert!(
            at >= start && at + v.length as usize <= end,
            "row {i}: view at {at}..{} outside the row's {start}..{end}",
            at + v.length as usize
        );
    }
    long
}

#[test]
fn utf8_canonical_rows_are_views_into_the_input_buffer() {
    let urls = StringArray::from(CANONICAL.to_vec());
    let parsed = parse(&urls, &Options::default()).unwrap();
    let offsets = urls.value_offsets();
    let mut long = 0;
    for (field, col) in Component::STRUCT_FIELDS.iter().zip(parsed.columns()) {
        let col = col.as_string_view();
        // The one data buffer is the input's values buffer itself.
        assert_eq!(col.data_buffers().len(), 1, "{}", field.name());
        assert_eq!(col.data_buffers()[0].as_ptr(), urls.values().as_ptr());
        assert_eq!(col.data_buffers()[0].len(), urls.values().len());
        long += assert_views_in_rows(col, 0, |i| (offsets[i] as usize, offsets[i + 1] as usize));
    }
    // href of every row at least, and the long paths, hosts and origins.
    assert!(long >= 20, "{long} long views");
    let href = parsed.column(0).as_string_view();
    for (i, want) in CANONICAL.iter().enumerate() {
        assert_eq!(href.value(i), *want);
        let v = ByteView::from(href.views()[i]);
        assert_eq!(v.offset as i32, offsets[i], "href {i} is the row itself");
    }
}

#[test]
fn large_utf8_canonical_rows_are_views_into_the_input_buffer() {
    let urls = LargeStringArray::from(CANONICAL.to_vec());
    let parsed = parse(&urls, &Options::default()).unwrap();
    let offsets = urls.value_offsets();
    for col in parsed.columns() {
        let col = col.as_string_view();
        assert_eq!(col.data_buffers().len(), 1);
        assert_eq!(col.data_buffers()[0].as_ptr(), urls.values().as_ptr());
        assert_views_in_rows(col, 0, |i| (offsets[i] as usize, offsets[i + 1] as usize));
    }
}

#[test]
fn utf8view_canonical_rows_share_the_input_buffers() {
    let urls = StringViewArray::from(CANONICAL.to_vec());
    assert!(!urls.data_buffers().is_empty());
    let parsed = parse(&urls, &Options::default()).unwrap();
    for col in parsed.columns() {
        let col = col.as_string_view();
        assert_eq!(col.data_buffers().len(), urls.data_buffers().len());
        for (out, input) in col.data_buffers().iter().zip(urls.data_buffers()) {
            assert_eq!(out.as_ptr(), input.as_ptr());
        }
        assert_views_in_rows(col, 0, |i| {
            let v = ByteView::from(urls.views()[i]);
            (v.offset as usize, (v.offset + v.length) as usize)
        });
    }
}

#[test]
fn a_sliced_column_keeps_its_offsets() {
    let all = StringArray::from(CANONICAL.to_vec());
    let urls = all.slice(2, 4);
    let host = component(&urls, Component::Hostname, &Options::default()).unwrap();
    assert_eq!(host.value(0), "sub.domain.example.co.uk");
    assert_eq!(host.data_buffers()[0].as_ptr(), all.values().as_ptr());
    let offsets = all.value_offsets();
    assert_views_in_rows(&host, 0, |i| {
        (offsets[i + 2] as usize, offsets[i + 3] as usize)
    });
}

#[test]
fn other_rows_are_written_once() {
    // Not canonical: upper case, a dot segment, a default port. The
    // serialization is the URL Standard's: "https://example.com/b?x".
    let urls = StringArray::from(vec![
        "https://www.example.com/canonical/path",
        "HTTPS://EXAMPLE.COM:443/a/../b?x",
    ]);
    let parsed = parse(&urls, &Options::default()).unwrap();
    let want = "https://example.com/b?x";
    for (field, col) in Component::STRUCT_FIELDS.iter().zip(parsed.columns()) {
        let col = col.as_string_view();
        // The input's buffer, then one new buffer holding the href once.
        assert_eq!(col.data_buffers().len(), 2, "{}", field.name());
        assert_eq!(col.data_buffers()[0].as_ptr(), urls.values().as_ptr());
        assert_eq!(col.data_buffers()[1].as_slice(), want.as_bytes());
        // Row 0 points into the input, row 1 into the new buffer.
        assert_views_in_rows(&col.slice(0, 1), 0, |_| {
            (0, urls.value_offsets()[1] as usize)
        });
        assert_views_in_rows(&col.slice(1, 1), 1, |_| (0, want.len()));
    }
    assert_eq!(parsed.column(0).as_string_view().value(1), want);
    assert_eq!(
        parsed.column(10).as_string_view().value(1),
        "https://example.com"
    );
}

#[test]
fn one_component_of_a_non_canonical_row_writes_only_that() {
    let urls = StringArray::from(vec!["HTTP://WWW.EXAMPLE.COM./x"]);
    let cols = components(&urls, &[Component::Hostname], &Options::default()).unwrap();
    // "www.example.com." by the host parser (lowercased, the dot kept).
    assert_eq!(cols[0].value(0), "www.example.com.");
    assert_eq!(cols[0].data_buffers()[1].as_slice(), b"www.example.com.");
}

#[test]
fn an_origin_put_together_is_written() {
    // With credentials the origin is not a slice of the href.
    let urls = StringArray::from(vec!["https://user:secret@example.com:8443/p"]);
    let parsed = parse(&urls, &Options::default()).unwrap();
    let origin = parsed.column_by_name("origin").unwrap().as_string_view();
    assert_eq!(origin.value(0), "https://example.com:8443");
    assert_eq!(origin.data_buffers().len(), 2);
    assert_eq!(
        origin.data_buffers()[1].as_slice(),
        b"https://example.com:8443"
    );
    // Everything else is still a view into the input.
    let href = parsed.column(0).as_string_view();
    assert_eq!(ByteView::from(href.views()[0]).buffer_index, 0);
}
