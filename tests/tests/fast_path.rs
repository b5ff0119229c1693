//! url-core's canonical fast path must give exactly what the full state
//! machine gives: checked on every WPT input and on every URL of the
//! benchmark corpora (../shared/data/bench, when present).

use weburl_conformance::{fast_path_difference, mutation_inputs, read_json_usv, root, wpt_path};

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

/// mutations.jsonl (../shared/data/bench): 10,248 inputs made by mutating
/// the WPT inputs, a third of which fail, so every engine's answer, errors
/// and their positions included, must be the state machine's.
#[test]
fn fast_path_agrees_on_mutations() {
    let Some(inputs) = mutation_inputs() else {
        return;
    };
    let bases = [
        None,
        Some("https://example.com/a/b?q#f"),
        Some("file:///C:/x/y"),
        Some("sc://h/p"),
    ];
    let mut n = 0;
    for input in &inputs {
        for base in bases {
            if let Some(d) = fast_path_difference(input, base) {
                panic!("{input:?} (base {base:?}): {d}");
            }
            n += 1;
        }
    }
    println!("fast-path mutations: {n} passed, 0 failed");
}

/// The basic URL parser removes every ASCII tab and newline first, and the
/// state machine skips them as it goes; the other engines run on the input
/// without them and report a failure at its place in the input as given.
/// Every mutation and WPT input with a tab, a newline or a run of them put
/// at many places (every place in a short input), failures included, must
/// give the state machine's answer, errors at the same byte.
#[test]
fn fast_path_agrees_with_tabs_and_newlines_anywhere() {
    let mut inputs: Vec<String> = Vec::new();
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    for case in data.as_array().unwrap().iter().filter(|v| v.is_object()) {
        inputs.push(case["input"].as_str().unwrap().to_string());
    }
    inputs.extend(mutation_inputs().unwrap_or_default());
    let runs = ["\t", "\n", "\r", "\t\n", "\r\n\t"];
    let bases = [None, Some("https://example.com/a/b?q#f")];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let (mut n, mut failing) = (0, 0);
    for input in &inputs {
        let places: Vec<usize> = (0..=input.len())
            .filter(|&k| input.is_char_boundary(k))
            .collect();
        // Every place in a short input, else 12 drawn at random.
        let picks: Vec<usize> = if places.len() <= 24 {
            places.clone()
        } else {
            (0..12)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    places[(x % places.len() as u64) as usize]
                })
                .collect()
        };
        for (j, &k) in picks.iter().enumerate() {
            let run = runs[(j + input.len()) % runs.len()];
            let with = format!("{}{run}{}", &input[..k], &input[k..]);
            for base in bases {
                if let Some(d) = fast_path_difference(&with, base) {
                    panic!("{with:?} (base {base:?}): {d}");
                }
                if base.is_none() && url_core::Url::parse_into(&with, String::new()).is_err() {
                    failing += 1;
                }
                n += 1;
            }
        }
    }
    assert!(failing > 1000, "only {failing} failing inputs");
    println!("fast-path tabs and newlines: {n} passed ({failing} failing), 0 failed");
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
                    format!("file://{piece}/p"),
                    format!("file:///C|/{piece}/q"),
                    format!("sc://{piece}/p"),
                    format!("sc://h/{piece}/q"),
                    format!("sc://h/x?{piece}#f"),
                    format!("HTTP:{piece}"),
                    format!("mailto:{piece}"),
                    format!("sc:{piece} ?q#f"),
                    format!("sc:/x/{piece}/q?r"),
                    format!("sc:/{piece}"),
                    format!("file:{piece}/q?r"),
                    format!("FILE:\\{piece}#f"),
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

/// URLs whose host is not canonical take the straight-line route
/// (url-core's `parser/straight/`): every kind of host —
/// upper case, IPv4 in every notation, IPv6, percent-encoding, IDNs, invalid
/// ones — with and without port, path, query and fragment must give the
/// full parser's answer, borrowed too.
#[test]
fn fast_path_agrees_on_hosts() {
    let hosts = [
        "EXAMPLE.com",
        "Example.COM.",
        "192.168.0.1",
        "0x7f.0.0.1",
        "3232235777",
        "0300.0250.0.1",
        "1.2.3",
        "1.2.3.4.",
        "1.2.3.09",
        "256.0.0.1",
        "4294967296",
        "0x",
        "1..2",
        "foo.1",
        "foo.0x1",
        "a.b.c.4",
        "[2001:db8::1]",
        "[2001:DB8:0:0:0:0:0:1]",
        "[::ffff:10.0.0.1]",
        "[::1",
        "[::1]x",
        "[1:2:3:4:5:6:7:8:9]",
        "[]",
        "b\u{fc}cher.example",
        "B\u{dc}CHER.example",
        "\u{4f8b}\u{3048}.\u{30c6}\u{30b9}\u{30c8}",
        "xn--bcher-kva.example",
        "xn--a.example",
        "%41.com",
        "%zz.com",
        "%e4%bd%a0.com",
        "%ff.com",
        "a%2ecom",
        "\u{ff21}.com",
        "\u{3002}a",
        "a\u{ad}b.com",
        "\u{1f600}.com",
        "a<b",
        "a^b",
        "a|b",
        "\u{7f}",
        "ex%00ample",
        "\u{200d}.com",
        "ß.de",
        "faß.de",
        "-a.com",
        "a-.com",
        "xn--ls8h.la",
        "0",
        "0x0.0",
        "[0::]",
        "%5B::1%5D",
    ];
    let tails = [
        "",
        "/",
        "/p?q#f",
        ":8080/p",
        ":80/",
        ":443",
        "?q",
        "#f",
        ":/",
        ":0x/",
        "/%7e",
        // A path to encode or resolve, a tab or newline after the host, a
        // backslash: the ladder resumes after a canonical host.
        "/a b",
        "/a/../b?q",
        ":81/p#f g",
        "/a\tb",
        "?q\n",
        "\\p",
    ];
    let mut n = 0;
    for scheme in ["http", "https", "ws", "ftp", "file", "foo"] {
        for host in hosts {
            for tail in tails {
                let input = format!("{scheme}://{host}{tail}");
                if let Some(d) = fast_path_difference(&input, None) {
                    panic!("{input:?}: {d}");
                }
                n += 1;
            }
        }
    }
    println!("fast-path hosts: {n} passed, 0 failed");
}

/// Ports the serialization drops (the scheme's default however spelled,
/// or an empty one) are handled by the fast routes too: around every kind
/// of host, with and without a path, query or fragment, and with leading or
/// trailing C0 controls and spaces, the answer must be the full parser's,
/// borrowed too.
#[test]
fn fast_path_agrees_on_dropped_ports() {
    let hosts = [
        "example.com",
        "EXAMPLE.com",
        "1.2.3.4",
        "0x7f.1",
        "[::1]",
        "b\u{fc}cher.example",
    ];
    let ports = [
        "", ":", ":80", ":080", ":0080", ":00080", ":000080", ":443", ":0443", ":00443", ":21",
        ":8080", ":08080", ":65535", ":65536", ":0", ":00", ":1x", ":80x", "::80", ":7Cst",
        ":8080X", ":0X", ":80A",
    ];
    let tails = ["", "/", "/p", "?q", "#f", "/p?q#f", "\\p", "/./p"];
    let wrappers = [
        ("", ""),
        (" ", ""),
        ("", "\u{1f}"),
        (" \u{1}", "  "),
        ("\u{0}", "\t"),
    ];
    let mut n = 0;
    for scheme in ["http", "https", "ws", "wss", "ftp", "file", "foo"] {
        for host in hosts {
            for port in ports {
                for tail in tails {
                    for (pre, post) in wrappers {
                        let input = format!("{pre}{scheme}://{host}{port}{tail}{post}");
                        if let Some(d) = fast_path_difference(&input, None) {
                            panic!("{input:?}: {d}");
                        }
                        n += 1;
                    }
                }
            }
        }
    }
    println!("fast-path dropped ports: {n} passed, 0 failed");
}

/// IP hosts: valid and invalid IPv6 addresses (with bytes that end the
/// authority, make credentials or hide in a tab), which the straight-line
/// route takes from the address the recognizer read, and IPv4 addresses in
/// every notation and out of range, and with a trailing dot (the route
/// copies the host without it); every kind of port and of byte after
/// the host, trailing C0 controls and spaces. The answer, errors and their
/// positions included, must be the state machine's.
#[test]
fn fast_path_agrees_on_ip_hosts() {
    let hosts = [
        "[::1]",
        "[1:2:3:4:5:6:7:8]",
        "[0:0:0:0:0:0:0:1]",
        "[FFFF::0001]",
        "[::ffff:1.2.3.4]",
        "[1::2::3]",
        "[1:2:3:4:5:6:7:8:9]",
        "[:1]",
        "[1:]",
        "[::1.2.3]",
        "[::256.1.1.1]",
        "[g::1]",
        "[::1%25eth0]",
        "[a@b]",
        "[::1/]",
        "[::1?]",
        "[[::1]",
        "[[::1]]",
        "[::1]a]",
        "[[1::2]:3]",
        "[::\t1]",
        "[]",
        "1.2.3.4",
        "1.2.3.4.",
        "0.0.0.0.",
        "255.255.255.255.",
        "1.2.3.4..",
        "01.2.3.4.",
        "1.2.3.256.",
        "1.2.3.",
        "0x7f.1",
        "0X7F.1",
        "3232235777",
        "0300.0250.1.1",
        "0x7f.0.0.0x1",
        "1.2.3.256",
        "1.2.3.4.5",
        "4294967296",
        "0x",
        "a.0x1",
        "1.2.3.08",
        "1.2.3.09.",
        "1.2.3.4x",
        "1.2.3.4%2e",
        "ex.1\t.2",
    ];
    let tails = [
        "", "/", "/p", "?q", "#f", "\\p", ":", ":80", ":0443", ":8080/p", ":99999", ":99999/",
        ":8\t0/", ":80@x/", "@x/", "x/", "]/", ":1:2/", ":/",
        // A ']' too many: the host parser's text holds it (or, with an
        // '@' later, another host starts after it).
        "]", "]]/", "]:80/", "]:8x/", "]:99999", "]@x/", "]:80@x/", "]x/", "]\t]/", "]?q]",
        // Brackets again: the host state's flag does not nest.
        "[/", "[]:80/", "]x]:80/", "[x]/", "\\]/",
    ];
    let wrappers = [("", ""), ("", " "), ("", "\u{1f}"), ("", "\t"), (" ", "")];
    let mut n = 0;
    for scheme in ["http", "https", "wss", "file", "sc"] {
        for host in hosts {
            for tail in tails {
                for (pre, post) in wrappers {
                    let input = format!("{pre}{scheme}://{host}{tail}{post}");
                    if let Some(d) = fast_path_difference(&input, None) {
                        panic!("{input:?}: {d}");
                    }
                    n += 1;
                }
            }
        }
    }
    println!("fast-path IP hosts: {n} passed, 0 failed");
}

/// The reference fast path (a relative reference against a special base,
/// resolved by copying) must give the full parser's URL for every WPT input
/// and a set of crawler-shaped and tricky references, against bases with
/// every kind of path, query, fragment and credentials.
#[test]
fn fast_path_agrees_on_references() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let mut refs: Vec<String> = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str().map(String::from))
        .collect();
    for r in [
        "",
        "?",
        "#",
        "/",
        ".",
        "..",
        "./",
        "../",
        "./a",
        "../a",
        "../../../../a",
        "a/./b",
        "a/../b",
        "./../a/",
        ".././a",
        "..%2f",
        ".%2e/x",
        "%2e%2E/x",
        "%2e/x",
        ".x/..y/...",
        "a?b#c",
        "?q=1&r#f",
        "#f?g",
        "/p/index.html",
        "//cdn.example.com/p.js",
        // Scheme-relative: the reference resolver when canonical as it
        // stands, else the straight-line route, against special bases.
        "//h",
        "//h?x",
        "//h#x",
        "//h/",
        "//h/a?b#c",
        "//h:443/",
        "//h:80/",
        "//h:21/",
        "//h:8080/a",
        "//h:0/",
        "//h:08/",
        "//h:/",
        "//1.2.3.4/",
        "//1.2.3/",
        "//1.2.3.4.5/",
        "//h.1/",
        "//h/./a",
        "//h/a b",
        "//h/a?b c",
        "//h/a ",
        "//h/%41",
        "//h./",
        "//-h-/",
        "//h_h/",
        "//h/\u{e9}",
        "//h/C|/x",
        "//localhost/",
        "//EXAMPLE.com:80/a/../b?c d#e",
        "\\\\/h\\x",
        "///h",
        "//u:p@h:21",
        "//0x7f.1",
        "//[::1]:8080",
        "//h:99999/",
        "//h:8a/",
        "//@/",
        "//u@:80/",
        "//a b/",
        "//h\tx/",
        "//\u{e9}.example/",
        "//xn--a/",
        "\\x",
        "/\\x",
        "a\\b",
        "img/1.jpg?x y",
        "a#b c",
        "a b",
        "é",
        "a\tb",
        " a",
        "a ",
        "x:y",
        "x1+-.:y",
        "ht\ttp:x",
        "C:/x",
        "C|/x",
        "/C:/x",
        "a?#",
        "?#",
        "./?x",
        "../#y",
        "a/..",
        "a/.",
    ] {
        refs.push(r.to_string());
    }
    let bases = [
        "https://h/",
        "https://h",
        "https://h/a",
        "https://h/a/b",
        "https://h/a/b/",
        "https://h/a/b?q=1#f",
        "https://h/a/b#f",
        "http://u:p@h:8080/a/b/c?q",
        "ws://h/x/y",
        "ftp://h/a/../b/./c",
        "http://[::1]/a/b",
        "http://1.2.3.4/a/b?",
        "https://h/a%2fb/c",
        "file:///C:/a/b",
        "file://host/a/b",
        "sc://h/a/b",
        "sc:/a/b",
        "sc:opaque",
    ];
    let mut n = 0;
    for base in bases {
        for r in &refs {
            if let Some(d) = fast_path_difference(r, Some(base)) {
                panic!("{r:?} (base {base:?}): {d}");
            }
            n += 1;
        }
    }
    println!("fast-path references: {n} passed, 0 failed");
}

/// Runs of bytes to percent-encode (non-ASCII text, spaces, C0 controls,
/// colons in credentials), which the straight-line writers encode a run
/// at a time, sixteen bytes per append: seeded random components over
/// alphabets dense in such bytes, of every length across those chunks,
/// in each place they are encoded, against the full parser and the
/// per-code-point states. Also the authority scan past a first ':' (it no
/// longer stops at later colons or brackets), the opaque path scan,
/// which does not stop at a space, and tabs and newlines removed in place
/// in a path.
#[test]
fn fast_path_agrees_on_runs_to_encode() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let pieces: &[&str] = &[
        "a",
        "a",
        "b",
        "/",
        " ",
        " ",
        "\u{e9}",
        "\u{20ac}",
        "\u{1f600}",
        "\u{1}",
        "\u{7f}",
        ":",
        ":",
        "@",
        "[",
        "]",
        "?",
        "#",
        "%",
        "%41",
        "\"",
        "<",
        "`",
        "{",
        "'",
        "^",
        "|",
        "\\",
        ".",
        "..",
        "%2e",
        "\t",
        "\n",
    ];
    let mut n = 0;
    for _ in 0..20_000 {
        let len = next(60);
        let text: String = (0..len).map(|_| pieces[next(pieces.len())]).collect();
        let cases = [
            format!("https://example.com/{text}"),
            format!("https://example.com/p?{text}#f"),
            format!("https://example.com/p#{text}"),
            format!("https://{text}@example.com/p"),
            format!("https://u:{text}@example.com/p"),
            format!("sc://{text}@h/p"),
            format!("sc://h/{text}?q"),
            format!("sc:{text}"),
            format!("sc:x{text} ?q"),
            format!("mailto:{text} #f"),
            format!("file:///{text}"),
        ];
        for input in &cases {
            if let Some(d) = fast_path_difference(input, None) {
                panic!("{input:?}: {d}");
            }
            n += 1;
        }
    }
    println!("fast-path runs to encode: {n} passed, 0 failed");
}

/// Hosts of fullwidth forms of ASCII and ideographic full stops, which
/// ToASCII maps to ASCII (the mutations' fullwidth IPv4 addresses): the
/// host parser writes the mapping itself unless a label maps to `xn--`.
/// Against the per-code-point parse (a validation sink), whose hosts go
/// through the general IDNA path, and `can_parse`.
#[test]
fn fast_path_agrees_on_fullwidth_hosts() {
    use weburl_conformance::Rng;
    let mut rng = Rng(0x6675_6c6c_7769_6474);
    let pieces: &[&str] = &[
        "\u{ff11}",
        "\u{ff19}",
        "\u{ff10}",
        "\u{ff58}",
        "\u{ff38}",
        "\u{ff41}",
        "\u{ff26}",
        "\u{ff47}",
        "\u{ff0e}",
        "\u{3002}",
        "\u{ff61}",
        ".",
        "1",
        "0x",
        "a",
        "Z",
        "\u{ff4e}",
        "\u{ff0d}",
        "-",
        "\u{ff0f}",
        "\u{ff05}",
        "\u{ff20}",
        "\u{ff1a}",
        "\u{ff3f}",
        "\u{ff5e}",
        "\u{ff01}",
        "\u{ff40}",
        "\u{fc}",
        "\u{3000}",
        "\u{ff5f}",
        "\u{ff00}",
        "\u{df}",
        "xn--",
        "\u{ff58}\u{ff4e}\u{ff0d}\u{ff0d}",
        "\u{ff38}\u{ff2e}--",
        "xn--ls8h",
        "\u{ff58}\u{ff4e}\u{ff0d}\u{ff0d}\u{ff4c}\u{ff53}\u{ff18}\u{ff48}",
    ];
    let mut n = 0;
    for _ in 0..20_000 {
        let host = rng.text(pieces, 10);
        for input in [
            format!("http://{host}/p"),
            format!("ws://{host}:81/"),
            format!("file://{host}/x"),
        ] {
            if let Some(d) = fast_path_difference(&input, None) {
                panic!("{input:?}: {d}");
            }
            let want = url_core::Parser::new()
                .without_fast_path()
                .parse_into(&input, String::new())
                .map(|_| ());
            assert_eq!(url_core::Parser::new().can_parse(&input), want, "{input:?}");
            n += 1;
        }
    }
    println!("fast-path fullwidth hosts: {n} passed, 0 failed");
}
