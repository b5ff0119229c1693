//! The kernels against every case of WPT `urltestdata.json`: each case a
//! row, its base a row of the base column, in all three string types. The
//! expected values are WPT's.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use std::sync::Arc;
use weburl_arrow::{can_parse, components, parse, Component, Error, InvalidRows, Options, StrArg};
use weburl_conformance::{read_json_usv, wpt_path};

struct Case {
    input: String,
    base: Option<String>,
    expected: Option<serde_json::Value>,
}

fn cases() -> Vec<Case> {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    data.as_array()
        .expect("array")
        .iter()
        .filter(|c| c.is_object())
        .map(|c| Case {
            input: c["input"].as_str().expect("input").to_string(),
            base: c["base"].as_str().map(str::to_string),
            expected: c.get("failure").is_none().then(|| c.clone()),
        })
        .collect()
}

/// The same strings as Utf8, LargeUtf8 and Utf8View columns.
fn columns(values: Vec<Option<&str>>) -> [ArrayRef; 3] {
    [
        Arc::new(StringArray::from(values.clone())),
        Arc::new(LargeStringArray::from(values.clone())),
        Arc::new(StringViewArray::from(values)),
    ]
}

#[test]
fn struct_fields_are_wpt_getters() {
    let cases = cases();
    assert!(
        cases.len() > 800,
        "urltestdata.json has {} cases",
        cases.len()
    );
    let inputs = columns(cases.iter().map(|c| Some(c.input.as_str())).collect());
    let bases = columns(cases.iter().map(|c| c.base.as_deref()).collect());
    for (urls, base) in inputs.iter().zip(&bases) {
        // With a base column: a null base means "no base" in WPT, but a
        // null row here, so those cases run again with no base at all.
        let with_base = parse(
            urls.as_ref(),
            &Options::default().with_base(StrArg::Column(base.as_ref())),
        )
        .unwrap();
        let without = parse(urls.as_ref(), &Options::default()).unwrap();
        let mut checked = 0;
        for (i, case) in cases.iter().enumerate() {
            let out = if case.base.is_some() {
                &with_base
            } else {
                &without
            };
            match &case.expected {
                None => assert!(out.is_null(i), "{:?} should fail", case.input),
                Some(expected) => {
                    assert!(out.is_valid(i), "{:?} should parse", case.input);
                    for field in Component::STRUCT_FIELDS {
                        let Some(want) = expected[field.name()].as_str() else {
                            // Some cases give no origin.
                            assert_eq!(field, Component::Origin);
                            continue;
                        };
                        let col = out.column_by_name(field.name()).unwrap().as_string_view();
                        assert_eq!(col.value(i), want, "{} of {:?}", field.name(), case.input);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 5000, "{checked} values checked");
    }
}

#[test]
fn can_parse_is_wpt_failure() {
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.base.is_none()).collect();
    let [urls, ..] = columns(cases.iter().map(|c| Some(c.input.as_str())).collect());
    let ok = can_parse(urls.as_ref(), &Options::default()).unwrap();
    for (i, case) in cases.iter().enumerate() {
        assert_eq!(ok.value(i), case.expected.is_some(), "{:?}", case.input);
    }
}

#[test]
fn invalid_rows_error_names_the_first() {
    let cases = cases();
    let first_failure = cases
        .iter()
        .position(|c| c.expected.is_none() && c.base.is_none())
        .unwrap();
    let inputs: Vec<Option<&str>> = cases[..=first_failure]
        .iter()
        .map(|c| c.base.is_none().then_some(c.input.as_str()))
        .collect();
    let [urls, ..] = columns(inputs);
    let err = components(
        urls.as_ref(),
        &[Component::Href],
        &Options::default().with_invalid(InvalidRows::Error),
    )
    .unwrap_err();
    match err {
        Error::InvalidUrl { row, .. } => assert_eq!(row, first_failure),
        other => panic!("{other:?}"),
    }
}
