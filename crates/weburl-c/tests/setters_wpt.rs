//! Every case of WPT `setters_tests.json` through the C ABI's setter layer
//! (`weburl_c::set`, which runs url-core's setters on the caller's buffer
//! through the crate's own storage type): the href and every component the
//! case expects.

// A test: a panic is how it reports a failure (the workspace lints deny
// these in library code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use weburl_c::{parse, set, Attr, WeburlComponents, WeburlSpan, WeburlStatus};

fn part(buf: &[u8], s: WeburlSpan) -> &str {
    std::str::from_utf8(&buf[s.offset as usize..(s.offset + s.len) as usize]).unwrap()
}

fn field<'a>(buf: &'a [u8], c: &WeburlComponents, name: &str) -> Option<&'a str> {
    let s = match name {
        "href" => c.href,
        "protocol" => c.protocol,
        "username" => c.username,
        "password" => c.password,
        "host" => c.host,
        "hostname" => c.hostname,
        "port" => c.port,
        "pathname" => c.pathname,
        "search" => c.search,
        "hash" => c.hash,
        _ => return None,
    };
    Some(part(buf, s))
}

#[test]
#[cfg_attr(miri, ignore = "reads the WPT data file")]
fn wpt_setters() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/wpt/setters_tests.json"
    );
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut ran, mut failures) = (0, Vec::new());
    for (name, cases) in data.as_object().unwrap() {
        let attr = match name.as_str() {
            "href" => Attr::Href,
            "protocol" => Attr::Protocol,
            "username" => Attr::Username,
            "password" => Attr::Password,
            "host" => Attr::Host,
            "hostname" => Attr::Hostname,
            "port" => Attr::Port,
            "pathname" => Attr::Pathname,
            "search" => Attr::Search,
            "hash" => Attr::Hash,
            _ => continue,
        };
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let mut buf = vec![0u8; 4096];
            let Ok(c) = parse(href.as_bytes(), None, &mut buf) else {
                failures.push(format!("{href:?} does not parse"));
                continue;
            };
            ran += 1;
            let (c, why) = match set(&mut buf, c.href.len as usize, attr, value.as_bytes()) {
                Ok((c, ignored)) => (c, ignored.map(|_| WeburlStatus::Ignored)),
                Err(f) if attr == Attr::Href && f.status == WeburlStatus::Invalid => {
                    // The href setter throws; the case's expectation is the old URL.
                    (c, Some(f.status))
                }
                Err(f) => {
                    failures.push(format!("{name} {href:?} <- {value:?}: {:?}", f.status));
                    continue;
                }
            };
            let _ = why;
            for (k, want) in case["expected"].as_object().unwrap() {
                let got = field(&buf, &c, k);
                if got.is_some() && got != want.as_str() {
                    failures.push(format!(
                        "{name} {href:?} <- {value:?}: {k} = {got:?}, want {want}"
                    ));
                }
            }
        }
    }
    assert!(ran > 200, "only {ran} cases");
    assert!(
        failures.is_empty(),
        "{} of {ran} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
