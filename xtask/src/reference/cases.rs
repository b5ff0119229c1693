//! The inputs `cargo xtask reference` gives both implementations: every code
//! point in a host and in the other components, and seeded sets of mutated
//! URLs, setter calls and query strings. Everything is deterministic (one
//! seed, a fixed order), so a disagreement's input is the same on every run.

use serde_json::json;

/// One block of consecutive input lines.
pub(super) struct Category {
    pub(super) name: &'static str,
    pub(super) lines: Vec<String>,
}

/// SplitMix64: small, seeded, and good enough to pick among pools.
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Self {
        Rng(seed)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a>(&mut self, pool: &[&'a str]) -> &'a str {
        pool[self.below(pool.len())]
    }
}

fn parse(input: &str, base: Option<&str>) -> String {
    json!({"op": "parse", "input": input, "base": base}).to_string()
}

fn set(href: &str, setter: &str, value: &str) -> String {
    json!({"op": "set", "href": href, "setter": setter, "value": value}).to_string()
}

/// Every scalar value from U+0080 up (surrogates aside), one by one.
fn non_ascii() -> impl Iterator<Item = char> {
    (0x80..=0x10_FFFF).filter_map(char::from_u32)
}

pub(super) const SETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// All categories, in order. `extra` are further parse inputs (WPT's,
/// the shared mutation corpus) with their bases.
pub(super) fn all(
    seed: u64,
    mutated: usize,
    extra: Vec<(String, Option<String>)>,
) -> Vec<Category> {
    let mut rng = Rng::new(seed);
    let mut out = vec![
        Category {
            name: "code point as a host character (http://a<cp>b.example/)",
            lines: non_ascii()
                .map(|c| parse(&format!("http://a{c}b.example/"), None))
                .collect(),
        },
        Category {
            name: "code point in userinfo, path, query and fragment",
            lines: non_ascii()
                .map(|c| parse(&format!("http://u{c}:p{c}@h.example/p{c}?q{c}#f{c}"), None))
                .collect(),
        },
        Category {
            name: "ASCII code point in every component, every setter",
            lines: ascii_cases(),
        },
    ];
    let mut lines = Vec::with_capacity(mutated);
    while lines.len() < mutated {
        lines.push(mutated_case(&mut rng));
    }
    out.push(Category {
        name: "seeded mutated URLs",
        lines,
    });
    out.push(Category {
        name: "WPT urltestdata and the shared mutation corpus",
        lines: extra
            .iter()
            .map(|(input, base)| parse(input, base.as_deref()))
            .collect(),
    });
    let lines = (0..100_000)
        .map(|i| {
            let setter = SETTERS[i % SETTERS.len()];
            let href = absolute_url(&mut rng);
            let value = setter_value(&mut rng, setter);
            set(&href, setter, &value)
        })
        .collect();
    out.push(Category {
        name: "setters on seeded hrefs and values",
        lines,
    });
    let lines = (0..40_000)
        .map(|i| {
            let href = absolute_url(&mut rng);
            if i % 2 == 0 {
                set(&href, "search", &query_text(&mut rng, 12))
            } else {
                let mut url = absolute_url(&mut rng);
                if let Some(at) = url.find(['?', '#']) {
                    url.truncate(at);
                }
                url.push('?');
                url.push_str(&query_text(&mut rng, 12));
                set(&href, "href", &url)
            }
        })
        .collect();
    out.push(Category {
        name: "URLSearchParams after search and href assignment",
        lines,
    });
    out
}

/// Each ASCII character in each component, under special, non-special and
/// opaque-path schemes, and as each setter's value.
fn ascii_cases() -> Vec<String> {
    let mut lines = Vec::new();
    for b in 0u8..0x80 {
        let c = b as char;
        for scheme in ["http", "foo", "file", "ws"] {
            lines.push(parse(
                &format!("{scheme}://u{c}:p{c}@h.example/p{c}?q{c}#f{c}"),
                None,
            ));
            lines.push(parse(&format!("{scheme}://a{c}b/"), None));
        }
        lines.push(parse(&format!("mailto:a{c}b?q{c}#f{c}"), None));
        lines.push(parse(
            &format!("p{c}?q{c}#f{c}"),
            Some("http://h.example/d/f"),
        ));
        for setter in SETTERS {
            for href in [
                "http://u:p@h.example:8/p?q#f",
                "foo://h/p?q#f",
                "file:///C:/p",
            ] {
                lines.push(set(href, setter, &format!("a{c}b")));
            }
        }
    }
    lines
}

const SCHEMES: &[&str] = &[
    "http",
    "https",
    "ws",
    "wss",
    "ftp",
    "file",
    "foo",
    "sc",
    "mailto",
    "javascript",
    "data",
    "blob",
    "about",
    "HTTP",
    "hTtPs",
    "FILE",
    "Ws",
    "a+b-c.d",
    "git+ssh",
    "x",
    "urn",
    "1http",
    "ht tp",
    "h\tttp",
    "non-spec",
];
const SEPARATORS: &[&str] = &[
    "://", "://", "://", "://", ":", ":/", ":\\\\", ":\\", "://\\", ":///", "://///", ":\\/",
    ":/\\", ": //", "://\t", ":/\n/",
];
const USERINFO: &[&str] = &[
    "user", "u%41", "a b", "x:y", "@", "%", "é", "[", "]", "^", "|", "", ":", "%40", "u\u{0}",
    "😀", "%zz", "\\", ";", "=",
];
const LABELS: &[&str] = &[
    "example",
    "com",
    "EXAMPLE",
    "a",
    "xn--nxasmq6b",
    "xn--a",
    "xn--",
    "xn--ls8h",
    "bücher",
    "Ｅｘａｍｐｌｅ",
    "ß",
    "ς",
    "faß",
    "日本",
    "中国",
    "مثال",
    "עברית",
    "a\u{200D}b",
    "a\u{200C}b",
    "0",
    "09",
    "0x1f",
    "1",
    "255",
    "a-",
    "-a",
    "a_b",
    "%41",
    "%2e",
    "%00",
    "%zz",
    "ab%C3%A9",
    "\u{AD}",
    "ǅ",
    "İ",
    "ﬀ",
    "\u{FF0E}",
    "\u{3002}",
    "ab--c",
    "xn--zca",
    "1a",
    "0x",
    "٣",
    "\u{0301}a",
    "a\u{0301}",
    "ⓐ",
    "ㄱ",
    "\u{1F600}",
    "www",
    "localhost",
    "LOCALHOST",
];
const FORBIDDEN: &[&str] = &[
    " ", "#", "%", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|", "\u{0}", "\t", "\u{7F}",
    "\u{1F}", "*", "'", "\"", "{", "}", "`", "!", "$", "&", "(", ")", "+", ",", ";", "=", "~",
];
const IPV6: &[&str] = &[
    "::",
    "::1",
    "1:2:3:4:5:6:7:8",
    "1::8",
    "::ffff:1.2.3.4",
    "1:2:3:4:5:6:1.2.3.4",
    "0:0:0:0:0:0:0:0",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "::1.2.3",
    "fe80::1%25eth0",
    ":1",
    "1:",
    "A:B:C::",
    "::0:0:1",
    "1:0:0:2:0:0:0:3",
    "0::0:0:0:0:0:0:1",
    "::127.0.0.1",
    "::1.2.3.4.5",
    "1:2:3:4:5:6:7::",
    "ffff::FFFF",
    "::ffff:256.1.1.1",
    "1.2.3.4",
    "::0x1.2.3.4",
    "v1.x",
    "12345::",
    "::%31",
];
const PORTS: &[&str] = &[
    "",
    "0",
    "80",
    "443",
    "21",
    "8080",
    "65535",
    "65536",
    "00080",
    "99999999999",
    "1a",
    "-1",
    " 1",
    "８０",
    "81",
    "0443",
    "22",
    "1\t0",
];
const SEGMENTS: &[&str] = &[
    ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2E", "a", "b", "c d", "%", "%zz", "%41", "é",
    "\\", "|", "C:", "c|", "C|", "x:", "?", "#", "", "\u{FFFD}", "'", "\"", "<>", "`", "{}", "^",
    "\t", "\n", "..\\..", "a/b", "%2f", "%5C", "😀", "~", "[", "]", "@", ";", "=", "&",
];
const QUERY: &[&str] = &[
    "&", "=", "+", "%", "%2", "%26", "%3D", "%20", " ", "\t", "\n", "\r", "a", "b", "é", "😀", "?",
    "#", "%zz", "%C3%A9", "%FF", "\u{FFFD}", "'", "\"", "<", ">", "`", "a=b", "&&", "==", "%2B",
    "~", "*", "\u{0}", "\u{7F}", "{", "}", "^", "|", "\\", "/", ":", "@",
];
const WHITESPACE: &[&str] = &[" ", "\t", "\n", "\u{0}", "\u{1F}", "\r\n", "\u{C}", "  "];
/// Characters a byte mutation inserts.
const INSERTS: &[&str] = &[
    "/", "\\", ".", ":", "@", "?", "#", "%", "[", "]", "\t", "\n", " ", "%2e", "%2F", "%00", "%",
    "é", "\u{200B}", "\u{FF0E}", "0", "x", "\u{0}", "|", "^", "'", "\u{301}", "ß", "ＡＢ", "😀",
];
const BASES: &[&str] = &[
    "http://example.org/foo/bar",
    "https://u:p@h.example:8443/a/b/c?q#f",
    "file:///C:/dir/file",
    "file://host/share/x",
    "file:///",
    "foo://h/a/b",
    "sc:/a/b",
    "sc:opaque",
    "mailto:x@y",
    "about:blank",
    "data:,x",
    "http://[::1]/",
    "http://1.2.3.4:81/x/",
    "non-spec:/.//p",
    "blob:https://a.example/uuid",
];

/// A host of any kind: domain (ASCII, IDNA, punycode, numbers),
/// IPv4 in every notation, IPv6, forbidden code points, random Unicode.
fn host(rng: &mut Rng) -> String {
    match rng.below(10) {
        0..=3 => {
            let n = 1 + rng.below(4);
            let mut labels: Vec<String> = (0..n).map(|_| rng.pick(LABELS).to_string()).collect();
            if rng.chance(20) {
                labels.push(String::new());
            }
            let mut h = labels.join(if rng.chance(90) { "." } else { "\u{3002}" });
            if rng.chance(15) {
                h = h.to_uppercase();
            }
            h
        }
        4..=5 => {
            let n = 1 + rng.below(5);
            let parts: Vec<String> = (0..n)
                .map(|_| {
                    let v = match rng.below(4) {
                        0 => rng.below(256) as u64,
                        1 => rng.below(300) as u64,
                        2 => rng.next() % (1 << 33),
                        _ => rng.below(10) as u64,
                    };
                    match rng.below(5) {
                        0 => format!("0x{v:x}"),
                        1 => format!("0X{v:X}"),
                        2 => format!("0{v:o}"),
                        _ => v.to_string(),
                    }
                })
                .collect();
            let mut h = parts.join(".");
            if rng.chance(15) {
                h.push('.');
            }
            if rng.chance(10) {
                h.push_str(rng.pick(&["a", "..", "%2e", "0x", "09"]));
            }
            h
        }
        6 => {
            let body = rng.pick(IPV6);
            match rng.below(10) {
                0 => format!("[{body}"),
                1 => body.to_string(),
                _ => format!("[{body}]"),
            }
        }
        7 => format!("a{}b", rng.pick(FORBIDDEN)),
        8 => String::new(),
        _ => (0..1 + rng.below(6)).map(|_| random_char(rng)).collect(),
    }
}

/// A code point from ranges where hosts and paths behave differently:
/// Latin-1, combining marks, Greek, Cyrillic, Hebrew, Arabic, Indic, CJK,
/// Hangul, fullwidth forms, specials, emoji, or anywhere.
fn random_char(rng: &mut Rng) -> char {
    const RANGES: &[(u32, u32)] = &[
        (0x80, 0x100),
        (0x300, 0x370),
        (0x370, 0x400),
        (0x400, 0x460),
        (0x590, 0x600),
        (0x600, 0x700),
        (0x900, 0x980),
        (0x2000, 0x2070),
        (0x3000, 0x3040),
        (0x4E00, 0x4F00),
        (0xAC00, 0xAD00),
        (0xFE00, 0xFE10),
        (0xFF00, 0xFFF0),
        (0xFFF0, 0x10000),
        (0x1F300, 0x1F700),
        (0x0, 0x11_0000),
    ];
    let (lo, hi) = RANGES[rng.below(RANGES.len())];
    loop {
        let cp = lo + (rng.next() % u64::from(hi - lo)) as u32;
        if let Some(c) = char::from_u32(cp) {
            return c;
        }
    }
}

fn path(rng: &mut Rng) -> String {
    let mut p = String::new();
    for _ in 0..rng.below(6) {
        p.push_str(if rng.chance(85) { "/" } else { "\\" });
        if rng.chance(10) {
            p.push(random_char(rng));
        } else {
            p.push_str(rng.pick(SEGMENTS));
        }
    }
    p
}

fn query_text(rng: &mut Rng, max: usize) -> String {
    let mut q = String::new();
    for _ in 0..rng.below(max + 1) {
        if rng.chance(8) {
            q.push(random_char(rng));
        } else {
            q.push_str(rng.pick(QUERY));
        }
    }
    q
}

/// A URL built from parts: scheme, separator, userinfo, host, port, path,
/// query, fragment; mostly well-formed, sometimes not.
fn absolute_url(rng: &mut Rng) -> String {
    let scheme = if rng.chance(60) {
        rng.pick(&["http", "https", "file", "foo", "ws"])
    } else {
        rng.pick(SCHEMES)
    };
    let mut u = String::from(scheme);
    u.push_str(if rng.chance(70) {
        "://"
    } else {
        rng.pick(SEPARATORS)
    });
    if rng.chance(25) {
        u.push_str(rng.pick(USERINFO));
        if rng.chance(50) {
            u.push(':');
            u.push_str(rng.pick(USERINFO));
        }
        u.push('@');
    }
    u.push_str(&host(rng));
    if rng.chance(30) {
        u.push(':');
        u.push_str(rng.pick(PORTS));
    }
    u.push_str(&path(rng));
    if rng.chance(40) {
        u.push('?');
        u.push_str(&query_text(rng, 6));
    }
    if rng.chance(30) {
        u.push('#');
        u.push_str(&query_text(rng, 4));
    }
    u
}

/// Replaces, inserts, deletes, re-cases or percent-encodes characters.
fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<String> = s.chars().map(String::from).collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 => chars.insert(at, rng.pick(INSERTS).to_string()),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => {
                let c = &chars[at];
                chars[at] = if c.to_lowercase() == *c {
                    c.to_uppercase()
                } else {
                    c.to_lowercase()
                };
            }
            3 if at < chars.len() => {
                chars[at] = chars[at].bytes().map(|b| format!("%{b:02X}")).collect();
            }
            _ if at < chars.len() => chars[at] = rng.pick(INSERTS).to_string(),
            _ => chars.push(rng.pick(INSERTS).to_string()),
        }
    }
    chars.concat()
}

/// A relative reference of any shape, to resolve against a base.
fn relative(rng: &mut Rng) -> String {
    match rng.below(14) {
        0 => String::new(),
        1 => format!("//{}{}", host(rng), path(rng)),
        2 => path(rng),
        3 => format!("?{}", query_text(rng, 5)),
        4 => format!("#{}", query_text(rng, 3)),
        5 => rng
            .pick(&["a/../b", "..", "./x", ".", "../../..", "%2e%2e/x", "a/./b/"])
            .to_string(),
        6 => rng
            .pick(&[
                "\\\\x\\y", "C:/x", "C|\\x", "c:", "/C:/x", "//C:/x", "///x", "/..//x",
            ])
            .to_string(),
        7 => format!("{}:{}", rng.pick(SCHEMES), path(rng)),
        8 => format!("{}{}", rng.pick(SEGMENTS), path(rng)),
        9 => format!("\\{}", path(rng)),
        10 => format!(
            "{}?{}",
            path(rng).trim_start_matches('/'),
            query_text(rng, 3)
        ),
        11 => format!("//{}:{}", host(rng), rng.pick(PORTS)),
        _ => absolute_url(rng),
    }
}

fn mutated_case(rng: &mut Rng) -> String {
    let based = rng.chance(35);
    let mut input = if based {
        relative(rng)
    } else {
        absolute_url(rng)
    };
    if rng.chance(35) {
        input = mutate(rng, &input);
    }
    if rng.chance(10) {
        input = format!("{}{input}{}", rng.pick(WHITESPACE), rng.pick(WHITESPACE));
    }
    if !based {
        return parse(&input, None);
    }
    let base = if rng.chance(60) {
        rng.pick(BASES).to_string()
    } else {
        absolute_url(rng)
    };
    parse(&input, Some(&base))
}

/// A value for `setter`, shaped for it (and sometimes not).
fn setter_value(rng: &mut Rng, setter: &str) -> String {
    let v = match setter {
        "href" => {
            if rng.chance(80) {
                absolute_url(rng)
            } else {
                relative(rng)
            }
        }
        "protocol" => format!(
            "{}{}",
            rng.pick(SCHEMES),
            rng.pick(&["", ":", "://x", ":foo", " ", "\t", "1", "+", "?"])
        ),
        "username" | "password" => (0..rng.below(4)).map(|_| rng.pick(USERINFO)).collect(),
        "host" | "hostname" => {
            let mut h = host(rng);
            if rng.chance(30) {
                h.push(':');
                h.push_str(rng.pick(PORTS));
            }
            if rng.chance(20) {
                h.push_str(rng.pick(&["/x", "?q", "#f", "\\y", "@z", ":"]));
            }
            h
        }
        "port" => format!(
            "{}{}",
            rng.pick(PORTS),
            rng.pick(&["", "", "abc", "/x", "?", "#", ":1", "\t", " "])
        ),
        "pathname" => {
            let p = path(rng);
            if rng.chance(30) {
                p.trim_start_matches(['/', '\\']).to_string()
            } else {
                p
            }
        }
        "search" => format!("{}{}", rng.pick(&["", "?", "??", "#"]), query_text(rng, 8)),
        _ => format!("{}{}", rng.pick(&["", "#", "##", "?"]), query_text(rng, 6)),
    };
    if rng.chance(15) {
        mutate(rng, &v)
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_non_ascii_scalar_value_once() {
        // U+0080..U+10FFFF less the 2,048 surrogates.
        assert_eq!(non_ascii().count(), 0x10_FFFF - 0x80 + 1 - 2048);
    }

    #[test]
    fn seeded_and_varied() {
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..2000)
                .map(|_| mutated_case(&mut rng))
                .collect::<Vec<_>>()
        };
        let a = run(1);
        assert_eq!(a, run(1));
        assert_ne!(a, run(2));
        let distinct: std::collections::HashSet<&String> = a.iter().collect();
        assert!(distinct.len() > 1900, "{}", distinct.len());
        // Every line is an operation both runners understand.
        for line in &a {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["op"], "parse");
            assert!(v["input"].is_string());
        }
        let based = a.iter().filter(|l| !l.contains("\"base\":null")).count();
        assert!((400..1000).contains(&based), "{based}");
    }

    #[test]
    fn setter_values_for_every_setter() {
        let mut rng = Rng::new(7);
        for setter in SETTERS {
            let values: std::collections::HashSet<String> =
                (0..200).map(|_| setter_value(&mut rng, setter)).collect();
            assert!(values.len() > 50, "{setter}: {}", values.len());
        }
    }
}
