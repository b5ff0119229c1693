//! url-core's canonical fast path must give exactly what the full state
//! machine gives: checked on every WPT input and on every URL of the
//! benchmark corpora (../shared/data/bench, when present).

use weburl_conformance::{fast_path_difference, read_json_usv, root, wpt_path};

#[test]
fn fast_path_agrees_on_wpt_inputs() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let mut n = 0;
    for case in data.as_array().unwrap().iter().filter(|v| v.is_object()) {
        let input = case["input"].as_str().unwrap();
        let base = case["base"].as_str();
        if let Some(d) = fast_path_difference(input, base) {
            panic!("{input:?} (base {base:?}): {d}");
        }
        // The href of each success must take the fast path to itself.
        if let Some(href) = case["href"].as_str() {
            assert_eq!(fast_path_difference(href, None), None, "{href:?}");
        }
        n += 1;
    }
    println!("fast-path wpt: {n} passed, 0 failed");
}

#[test]
fn fast_path_agrees_on_benchmark_corpora() {
    let dir = root().join("../shared/data/bench");
    let mut n = 0;
    let mut files = 0;
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "node_files.txt",
        "isaacs_files.txt",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            assert!(std::env::var_os("CI").is_none(), "{name} missing in CI");
            continue;
        };
        files += 1;
        for line in text.lines() {
            if let Some(d) = fast_path_difference(line, None) {
                panic!("{name}: {line:?}: {d}");
            }
            n += 1;
        }
    }
    println!("fast-path corpora: {n} passed, 0 failed ({files} files)");
}
