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

/// The fast path scans 16 bytes per step (SSE2 on x86_64) and looks at the
/// input's last 16 bytes for a short tail: every byte value that matters,
/// at every position of every component, in URLs whose lengths straddle
/// those steps, must still give the full parser's answer.
#[test]
fn fast_path_agrees_across_scan_steps() {
    let specials: &[&str] = &[
        ".", "..", "%2e", "%2E.", "/", "\\", "?", "#", "%", " ", "\t", "\u{7f}", "\0", "A", "Z",
        "@", "[", "]", "^", "|", ":", "<", ">", "\"", "'", "`", "{", "}", "\u{e9}", "xn--", "0x",
        "1",
    ];
    let mut n = 0;
    for special in specials {
        for len in [0usize, 1, 7, 14, 15, 16, 17, 31, 32, 33] {
            let run = "a".repeat(len);
            for pos in 0..=len {
                let (before, after) = run.split_at(pos);
                let piece = format!("{before}{special}{after}");
                let cases = [
                    format!("https://{piece}.example/p"),
                    format!("https://example.com/{piece}/q"),
                    format!("https://example.com/x/{piece}"),
                    format!("https://example.com/x?{piece}#f"),
                    format!("https://example.com/x#{piece}"),
                    format!("file:///{piece}"),
                    format!("mailto:{piece}"),
                ];
                for input in &cases {
                    if let Some(d) = fast_path_difference(input, None) {
                        panic!("{input:?}: {d}");
                    }
                    n += 1;
                }
            }
        }
    }
    println!("fast-path scan steps: {n} passed, 0 failed");
}
