//! The input sets: corpus files, mutations.jsonl, and sets generated from
//! the corpora and the WPT inputs. Every generated set draws its shapes from
//! a seeded random source and is shuffled: a pure function of its inputs and
//! size (runs and machines see the same URLs), with no cycle of shapes for a
//! branch predictor to learn.

use crate::rng::Rng;
use std::fmt::Write as _;

/// The non-empty lines of a corpus file.
pub fn read_urls(path: &std::path::Path) -> std::io::Result<Vec<String>> {
    Ok(std::fs::read_to_string(path)?
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect())
}

/// The `input`s of a urltestdata.json file (WPT) that are not expected to
/// fail. Some need the entry's base; callers keep those that parse alone.
pub fn wpt_inputs(path: &std::path::Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let cases = json.as_array().ok_or("not a JSON array")?;
    Ok(cases
        .iter()
        .filter(|c| c.get("failure").is_none())
        .filter_map(|c| c.get("input")?.as_str().map(str::to_string))
        .collect())
}

/// The kinds of host [`diverse_hosts`] draws, in its output's tags.
pub const HOST_KINDS: [&str; 5] = ["ipv4", "ipv6", "idn", "xn-label", "ascii"];

/// `n` URLs with hosts of every kind, drawn from a seeded random source and
/// shuffled, each with its kind (one of [`HOST_KINDS`]): IPv4 in every
/// notation the IPv4 parser reads (decimal, octal, hex, fewer parts, one
/// number, a trailing dot) and some it rejects; IPv6 in every form
/// (compressed anywhere, leading zeros, upper case, IPv4 inside) and some
/// invalid; IDN labels in many scripts, valid and invalid (mapped, joiners,
/// right-to-left mixes, disallowed code points, full-width dots); `xn--`
/// labels, valid and invalid Punycode; and ASCII domains in mixed case.
pub fn diverse_hosts(n: usize) -> Vec<(&'static str, String)> {
    let mut rng = Rng::new(0x6865_7374_735f_3237);
    let mut out: Vec<(&'static str, String)> = (0..n)
        .map(|_| {
            let kind = *rng.pick(&HOST_KINDS);
            let host = match kind {
                "ipv4" => ipv4_host(&mut rng),
                "ipv6" => ipv6_host(&mut rng),
                "idn" => idn_host(&mut rng),
                "xn-label" => xn_host(&mut rng),
                _ => ascii_host(&mut rng),
            };
            let scheme = *rng.pick(&["http", "https", "https", "ws", "wss", "ftp"]);
            let path = match rng.below(4) {
                0 => String::new(),
                1 => "/".to_string(),
                2 => format!("/p{}", rng.below(1000)),
                _ => format!("/a/b{}?q={}", rng.below(100), rng.below(100)),
            };
            (kind, format!("{scheme}://{host}{path}"))
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

fn ipv4_host(rng: &mut Rng) -> String {
    let part = |rng: &mut Rng| rng.below(256);
    let (a, b, c, d) = (part(rng), part(rng), part(rng), part(rng));
    let number = (a << 24) | (b << 16) | (c << 8) | d;
    let spell = |rng: &mut Rng, v: usize| match rng.below(4) {
        0 => format!("0x{v:x}"),
        1 => format!("0X{v:X}"),
        2 if v > 0 => format!("0{v:o}"),
        _ => v.to_string(),
    };
    match rng.below(10) {
        0 | 1 => format!("{a}.{b}.{c}.{d}"),
        2 => {
            let parts: Vec<String> = [a, b, c, d].iter().map(|&v| spell(rng, v)).collect();
            parts.join(".")
        }
        3 => number.to_string(),
        4 => format!("0x{number:x}"),
        5 => format!("{}.{}", spell(rng, a), spell(rng, number & 0xFF_FFFF)),
        6 => format!("{a}.{b}.{}", spell(rng, number & 0xFFFF)),
        7 => format!("{a}.{b}.{c}.{d}."),
        // Rejected: a part out of range, five parts, a bad digit.
        8 => format!("{a}.{b}.{c}.{}", 256 + d),
        _ => match rng.below(3) {
            0 => format!("{a}.{b}.{c}.{d}.{}", part(rng)),
            1 => format!("0x{a:x}g.{b}.{c}.{d}"),
            _ => format!("{a}.{b}.09.{d}"),
        },
    }
}

fn ipv6_host(rng: &mut Rng) -> String {
    let mut pieces: Vec<String> = (0..8)
        .map(|_| {
            let v = if rng.chance(1, 3) {
                0
            } else {
                rng.below(0x10000)
            };
            match rng.below(4) {
                0 => format!("{v:X}"),
                1 => format!("{v:04x}"),
                _ => format!("{v:x}"),
            }
        })
        .collect();
    let body = match rng.below(8) {
        0 => pieces.join(":"),
        1 | 2 => {
            // Compression at a random run.
            let start = rng.below(8);
            let len = 1 + rng.below(8 - start);
            let head = pieces[..start].join(":");
            let tail = pieces[start + len..].join(":");
            format!("{head}::{tail}")
        }
        3 => format!(
            "::ffff:{}.{}.{}.{}",
            rng.below(256),
            rng.below(256),
            rng.below(256),
            rng.below(256)
        ),
        4 => format!(
            "{}::{}.{}.{}.{}",
            pieces[0],
            rng.below(256),
            rng.below(256),
            rng.below(256),
            rng.below(256)
        ),
        5 => ["::1", "::", "fe80::1", "2001:db8::"][rng.below(4)].to_string(),
        6 => {
            pieces.truncate(2 + rng.below(5));
            format!("{}::{}", pieces[0], pieces[1..].join(":"))
        }
        // Rejected: nine pieces, two compressions, a bad code point.
        _ => match rng.below(3) {
            0 => format!("{}:1", pieces.join(":")),
            1 => format!("{}::{}::{}", pieces[0], pieces[1], pieces[2]),
            _ => format!("{}:{}:g::1", pieces[0], pieces[1]),
        },
    };
    format!("[{body}]")
}

/// Code point ranges of scripts an IDN label is drawn from.
pub(crate) const SCRIPTS: [(u32, u32); 12] = [
    (0x00E0, 0x00FF), // Latin-1 letters
    (0x0100, 0x017F), // Latin Extended-A
    (0x03B1, 0x03C9), // Greek
    (0x0430, 0x044F), // Cyrillic
    (0x05D0, 0x05EA), // Hebrew (right to left)
    (0x0627, 0x064A), // Arabic (right to left)
    (0x0905, 0x0939), // Devanagari
    (0x0E01, 0x0E2E), // Thai
    (0x3041, 0x3093), // Hiragana
    (0x4E00, 0x4FFF), // CJK ideographs
    (0xAC00, 0xAD00), // Hangul syllables
    (0xFF21, 0xFF3A), // full-width Latin (mapped)
];

fn idn_label(rng: &mut Rng) -> String {
    let (lo, hi) = *rng.pick(&SCRIPTS);
    let len = 2 + rng.below(7);
    let mut label: String = (0..len)
        .filter_map(|_| char::from_u32(lo + rng.below((hi - lo + 1) as usize) as u32))
        .collect();
    // Sometimes mixed with ASCII, upper case, or made invalid.
    match rng.below(12) {
        0 => label.push_str("-app"),
        1 => label = format!("SHOP{label}"),
        2 => {
            // ZWJ out of context: invalid.
            let mut chars: Vec<char> = label.chars().collect();
            chars.insert(1, '\u{200D}');
            label = chars.into_iter().collect();
        }
        3 => label.push('\u{E000}'), // private use: disallowed
        4 => label = format!("\u{301}{label}"), // leading combining mark
        5 => label = format!("a{label}"), // left to right before RTL: maybe invalid
        _ => {}
    }
    label
}

fn idn_host(rng: &mut Rng) -> String {
    let labels = 1 + rng.below(2);
    let mut host: Vec<String> = (0..labels).map(|_| idn_label(rng)).collect();
    host.push(
        rng.pick(&[
            "com",
            "org",
            "example",
            "\u{30c6}\u{30b9}\u{30c8}",
            "xn--p1ai",
        ])
        .to_string(),
    );
    let dot = *rng.pick(&[".", ".", ".", "\u{3002}", "\u{ff0e}"]);
    host.join(dot)
}

fn xn_host(rng: &mut Rng) -> String {
    let label = match rng.below(5) {
        // The Punycode of a drawn label (valid, or invalid after mapping).
        0..=2 => {
            let mut buf = [0u8; 512];
            let mut out = url_core::SliceStorage::new(&mut buf);
            match url_core::idna::domain_to_ascii(&idn_label(rng), false, &mut out) {
                Ok(()) => url_core::Buffer::as_str(&out).to_string(),
                Err(_) => "xn--bcher-kva".to_string(),
            }
        }
        // Upper case, and Punycode that does not decode or decodes to ASCII.
        3 => "XN--BCHER-KVA".to_string(),
        _ => rng
            .pick(&["xn--a", "xn--zz-", "xn--", "xn--ls8h", "xn--abc-"])
            .to_string(),
    };
    format!("{label}.{}", rng.pick(&["com", "example", "net"]))
}

fn ascii_host(rng: &mut Rng) -> String {
    let words = ["www", "cdn", "api", "shop", "mail", "static", "a1", "x-y"];
    let mut host: Vec<String> = (0..1 + rng.below(3))
        .map(|_| {
            let w = rng.pick(&words).to_string();
            if rng.chance(1, 2) {
                w.to_ascii_uppercase()
            } else {
                w
            }
        })
        .collect();
    host.push(rng.pick(&["com", "ORG", "Example", "net"]).to_string());
    host.join(".")
}

/// The lines of a mutations.jsonl file: `(tag, input)`.
pub fn read_mutations(path: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value =
                serde_json::from_str(l).map_err(|e| format!("{}: {e}", path.display()))?;
            let tag = v.get("tag").and_then(|t| t.as_str()).unwrap_or("untagged");
            let input = v
                .get("input")
                .and_then(|t| t.as_str())
                .ok_or_else(|| format!("{}: a line without input", path.display()))?;
            Ok((tag.to_string(), input.to_string()))
        })
        .collect()
}

/// An http(s) URL taken apart, for building variants of it.
struct Parts {
    scheme: String,
    host: String,
    path: String,
    /// `?…` or empty.
    search: String,
    /// `#…` or empty.
    hash: String,
}

/// The corpus URLs usable as seeds and pages: http(s), already canonical
/// (their href is the input), with a domain host and no credentials or port.
fn web_pages(corpus: &[String]) -> Vec<Parts> {
    corpus
        .iter()
        .filter_map(|u| {
            let url = weburl::Url::parse(u).ok()?;
            let web = matches!(url.scheme(), "http" | "https");
            let plain = !url.has_credentials() && url.port().is_none();
            let domain = !url.hostname().is_empty()
                && !url.hostname().starts_with('[')
                && !url
                    .hostname()
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.');
            (web && plain && domain && url.href() == u.as_str()).then(|| Parts {
                scheme: url.scheme().to_string(),
                host: url.hostname().to_string(),
                path: url.pathname().to_string(),
                search: url.search().to_string(),
                hash: url.hash().to_string(),
            })
        })
        .collect()
}

/// How many mutation kinds [`mutate`] knows.
const KINDS: usize = 12;

/// A variant of seed `p` of mutation kind `kind` (below `KINDS`); `v` picks
/// among a kind's sub-variants and `i` numbers it. Every kind yields a URL
/// whose href differs from the input (so a parser must do more than copy
/// it), or, for a few, an invalid one.
fn mutate(p: &Parts, kind: usize, v: usize, i: usize) -> String {
    let (s, h, path, q, f) = (&p.scheme, &p.host, &p.path, &p.search, &p.hash);
    match kind {
        // Upper-case scheme and host.
        0 => format!(
            "{}://{}{path}{q}{f}",
            s.to_ascii_uppercase(),
            h.to_ascii_uppercase()
        ),
        // Backslashes for slashes (special URLs only), before the query.
        1 => format!("{s}:\\\\{h}{}{q}{f}", path.replace('/', "\\")),
        // Code points the path and query percent-encode sets encode.
        2 => {
            let extra = ["/a b", "/caf\u{e9}", "/\"q\"<x>", "/{x}^`"][v % 4];
            let query = if q.is_empty() {
                format!("?s=a b'\u{e9}{i}")
            } else {
                format!("{q}&s=a b'\u{e9}{i}")
            };
            format!("{s}://{h}{path}{extra}{query}{f}")
        }
        // Dot segments, plain and percent-encoded.
        3 => {
            let dots = ["/./x/../", "/%2e/y/%2E%2e/", "/a/b/../../", "/.//./"][v % 4];
            let rest = path.strip_prefix('/').unwrap_or(path);
            format!("{s}://{h}{}{rest}{q}{f}", dots)
        }
        // The scheme's default port, spelled several ways.
        4 => {
            let port = if s == "http" { "80" } else { "443" };
            let spelled = match v % 3 {
                0 => format!(":{port}"),
                1 => format!(":0{port}"),
                _ => ":".to_string(),
            };
            format!("{s}://{h}{spelled}{path}{q}{f}")
        }
        // IPv4 hosts in hex, octal, and fewer than four parts.
        5 => {
            let (a, b, c, d) = (1 + (i * 37) % 223, (i * 11) % 256, (i / 7) % 256, i % 256);
            let host = match v % 4 {
                0 => format!("0x{a:x}.0x{b:X}.0x{c:x}.0x{d:x}"),
                1 => format!("0{a:o}.0{b:o}.{c}.0{d:o}"),
                2 => format!("{}", (a << 24) | (b << 16) | (c << 8) | d),
                _ => format!("{a}.0x{:x}", (b << 16) | (c << 8) | d),
            };
            format!("{s}://{host}{path}{q}{f}")
        }
        // IPv6 hosts, uncompressed or upper-case or with IPv4 inside.
        6 => {
            let host = match v % 3 {
                0 => format!("[2001:DB8:{:X}:0:0:0:0:1]", i % 65536),
                1 => format!(
                    "[::FFFF:{}.{}.{}.{}]",
                    10 + i % 200,
                    (i / 3) % 256,
                    i % 256,
                    1
                ),
                _ => format!("[fe80:0000:0000:0000:{:x}:0:0:0]", i % 65536),
            };
            format!("{s}://{host}{path}{q}{f}")
        }
        // IDN hosts: a non-ASCII or mapped label before the domain.
        7 => {
            let label = [
                "b\u{fc}cher",
                "M\u{dc}NCHEN",
                "\u{4f8b}\u{3048}",
                "\u{fb01}le",
                "fa\u{df}",
                "\u{43f}\u{440}\u{438}\u{43c}\u{435}\u{440}",
                "\u{ff26}\u{ff35}\u{ff2c}\u{ff2c}",
                "caf\u{e9}",
            ][v % 8];
            let dot = if v % 5 == 4 { "\u{3002}" } else { "." };
            format!("{s}://{label}{dot}{h}{path}{q}{f}")
        }
        // Credentials needing percent-encoding.
        8 => {
            let cred = match v % 4 {
                0 => format!("user{i}:pa ss@"),
                1 => format!("user{i}:p@ss@"),
                2 => format!("us\u{e9}r{i}@"),
                _ => format!("u{i}:@"),
            };
            format!("{s}://{cred}{h}{path}{q}{f}")
        }
        // Tabs and newlines inside (removed before parsing).
        9 => {
            let url = format!("{s}://{h}{path}{q}{f}");
            let mut out = String::with_capacity(url.len() + 2);
            let (x, y) = (i % url.len(), (i * 7 + 3) % url.len());
            for (k, ch) in url.char_indices() {
                if k == x {
                    out.push('\t');
                }
                if k == y {
                    out.push('\n');
                }
                out.push(ch);
            }
            out
        }
        // Leading and trailing C0 controls and spaces (trimmed).
        10 => format!(" \u{1}{s}://{h}{path}{q}{f}\u{1f} "),
        // Several at once.
        _ => format!(
            "{}:\\\\{}:{}\\.{}{q}{f}",
            s.to_ascii_uppercase(),
            h.to_ascii_uppercase(),
            if s == "http" { 80 } else { 443 },
            path
        ),
    }
}

/// `n` non-canonical URLs: mutations of the canonical http(s) URLs of
/// `corpus` (seed, kind and variant drawn at random), with one input in 16
/// taken from `wpt` instead while it lasts, shuffled. Empty when the corpus
/// has no usable seed.
pub fn non_canonical(corpus: &[String], wpt: &[String], n: usize) -> Vec<String> {
    let seeds = web_pages(corpus);
    if seeds.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(0x6e6f_6e63_616e_6f6e);
    let mut wpt = wpt.iter();
    let mut set: Vec<String> = (0..n)
        .map(|i| match rng.chance(1, 16).then(|| wpt.next()).flatten() {
            Some(w) => w.clone(),
            None => {
                let seed = rng.pick(&seeds);
                mutate(seed, rng.below(KINDS), rng.below(1 << 16), i)
            }
        })
        .collect();
    rng.shuffle(&mut set);
    set
}

/// How many hrefs [`relative`] makes per base.
pub const PER_BASE: usize = 8;

/// `n_bases` pages (the canonical http(s) URLs of `corpus`, drawn at random)
/// and, for page `b`, the `PER_BASE` hrefs `hrefs[b * PER_BASE..][..PER_BASE]`,
/// each of a kind drawn at random: an absolute path, `../x`, a query, a
/// fragment, a scheme-relative URL, `./x`, another page's absolute URL, or
/// a bare path segment.
pub fn relative(corpus: &[String], n_bases: usize) -> (Vec<String>, Vec<String>) {
    let pages: Vec<String> = web_pages(corpus)
        .into_iter()
        .map(|p| format!("{}://{}{}{}{}", p.scheme, p.host, p.path, p.search, p.hash))
        .collect();
    if pages.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut rng = Rng::new(0x7265_6c61_7469_7665);
    let mut bases = Vec::with_capacity(n_bases);
    let mut hrefs = Vec::with_capacity(n_bases * PER_BASE);
    for b in 0..n_bases {
        bases.push(rng.pick(&pages).clone());
        for j in 0..PER_BASE {
            let i = b * PER_BASE + j;
            let mut h = String::new();
            let _ = match rng.below(PER_BASE) {
                0 => write!(h, "/p{i}/index.html"),
                1 => write!(h, "../x{i}.png"),
                2 => write!(h, "?q={i}&lang=en"),
                3 => write!(h, "#f{i}"),
                4 => write!(h, "//cdn{}.example.com/p/{i}.js", i % 64),
                5 => write!(h, "./x/{i}.css"),
                6 => write!(h, "{}", rng.pick(&pages)),
                _ => write!(h, "img/{i}.jpg"),
            };
            hrefs.push(h);
        }
    }
    (bases, hrefs)
}

/// The part after the first `?` of each URL that has one.
pub fn queries(corpus: &[String]) -> Vec<String> {
    corpus
        .iter()
        .filter_map(|u| u.split_once('?').map(|(_, q)| q.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> Vec<String> {
        [
            "https://example.com/a/b?x=1#top",
            "http://www.example.org/",
            "https://1.2.3.4/",
            "mailto:a@example.com",
        ]
        .map(String::from)
        .to_vec()
    }

    #[test]
    fn generated_sets_are_a_function_of_their_inputs() {
        let wpt = vec!["HTTP://EXAMPLE.NET".to_string()];
        assert_eq!(
            non_canonical(&corpus(), &wpt, 500),
            non_canonical(&corpus(), &wpt, 500)
        );
        assert_eq!(relative(&corpus(), 50), relative(&corpus(), 50));
    }

    #[test]
    fn mutations_are_not_canonical() {
        let set = non_canonical(&corpus(), &[], 4 * KINDS * 8);
        for u in &set {
            if let Ok(url) = weburl::Url::parse(u) {
                assert_ne!(url.href(), u, "canonical: {u:?}");
            }
        }
        // Only the two web pages are seeds.
        assert!(set
            .iter()
            .all(|u| !u.contains("1.2.3.4") && !u.contains("mailto")));
    }

    #[test]
    fn relative_hrefs_resolve_against_their_page() {
        let (bases, hrefs) = relative(&corpus(), 40);
        assert_eq!(hrefs.len(), 40 * PER_BASE);
        for (i, h) in hrefs.iter().enumerate() {
            let base = weburl::Url::parse(&bases[i / PER_BASE]).unwrap();
            assert!(base.join(h).is_ok(), "{h:?} against {base}");
        }
        // Every kind occurs; none follows a fixed position.
        for needle in ["/p", "../x", "?q=", "#f", "//cdn", "./x/", "img/"] {
            assert!(hrefs.iter().any(|h| h.starts_with(needle)), "{needle}");
        }
        let kind = |h: &String| h.chars().next();
        assert!((0..PER_BASE).any(|j| kind(&hrefs[j]) != kind(&hrefs[PER_BASE + j])));
    }

    #[test]
    fn diverse_hosts_cover_every_kind_in_no_order() {
        let set = diverse_hosts(2000);
        for kind in HOST_KINDS {
            let n = set.iter().filter(|(k, _)| *k == kind).count();
            assert!((250..550).contains(&n), "{kind}: {n}");
        }
        // Valid and invalid of each kind.
        for kind in HOST_KINDS {
            let ok = set
                .iter()
                .filter(|(k, u)| *k == kind && weburl::Url::parse(u).is_ok())
                .count();
            let all = set.iter().filter(|(k, _)| *k == kind).count();
            // An ASCII host never fails on its labels (url.bs: ToASCII only
            // decides validation errors), xn-- labels included.
            let all_valid = matches!(kind, "ascii" | "xn-label");
            assert!(
                ok > 0 && (ok < all || all_valid),
                "{kind}: {ok} of {all} parse"
            );
        }
        // No period: the kind sequence differs from itself shifted by 5.
        let kinds: Vec<&str> = set.iter().map(|(k, _)| *k).collect();
        assert!(kinds.windows(6).filter(|w| w[0] == w[5]).count() < kinds.len() / 2);
    }
}
