//! The input sets: corpus files, and sets generated from them and from the
//! WPT inputs. Every generated set is a pure function of its inputs and its
//! size (no random source), so runs and machines see the same URLs.

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

/// A deterministic host-heavy set: IPv4 in every notation, IPv6 (with embedded
/// IPv4), IDNs and upper-case ASCII domains.
pub fn host_heavy(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| match i % 8 {
            0 => format!("http://192.168.{}.{}/", i % 256, (i / 256) % 256),
            1 => format!("http://0x7f.0.{}.1/", i % 256),
            2 => format!("http://3232235{:03}/", i % 1000),
            3 => format!("http://[2001:db8::{:x}]/", i),
            4 => format!("http://[::ffff:10.0.{}.{}]/", i % 256, (i / 7) % 256),
            5 => format!("https://b\u{fc}cher{i}.example/"),
            6 => format!("https://\u{4f8b}\u{3048}{i}.\u{30c6}\u{30b9}\u{30c8}/"),
            _ => format!("https://WWW.Example{i}.COM/"),
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

/// Variant `i` of seed `p`, of kind `i % KINDS`; `(i / KINDS)` picks among
/// a kind's sub-variants. Every kind yields a URL whose href differs from the
/// input (so a parser must do more than copy it), or, for a few, an invalid
/// one.
fn mutate(p: &Parts, i: usize) -> String {
    let (s, h, path, q, f) = (&p.scheme, &p.host, &p.path, &p.search, &p.hash);
    let v = i / KINDS;
    match i % KINDS {
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
/// `corpus` (seed `i % seeds`, mutation `i`), with one input in 16 taken from
/// `wpt` instead while it lasts. Empty when the corpus has no usable seed.
pub fn non_canonical(corpus: &[String], wpt: &[String], n: usize) -> Vec<String> {
    let seeds = web_pages(corpus);
    if seeds.is_empty() {
        return Vec::new();
    }
    let mut wpt = wpt.iter();
    (0..n)
        .map(|i| match (i % 16 == 15).then(|| wpt.next()).flatten() {
            Some(w) => w.clone(),
            None => mutate(&seeds[i % seeds.len()], i),
        })
        .collect()
}

/// How many hrefs [`relative`] makes per base.
pub const PER_BASE: usize = 8;

/// `n_bases` pages (the canonical http(s) URLs of `corpus`, in turn) and,
/// for page `b`, the `PER_BASE` hrefs `hrefs[b * PER_BASE..][..PER_BASE]`:
/// an absolute path, `../x`, a query, a fragment, a scheme-relative URL,
/// `./x`, another page's absolute URL, and a bare path segment.
pub fn relative(corpus: &[String], n_bases: usize) -> (Vec<String>, Vec<String>) {
    let pages: Vec<String> = web_pages(corpus)
        .into_iter()
        .map(|p| format!("{}://{}{}{}{}", p.scheme, p.host, p.path, p.search, p.hash))
        .collect();
    if pages.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut bases = Vec::with_capacity(n_bases);
    let mut hrefs = Vec::with_capacity(n_bases * PER_BASE);
    for b in 0..n_bases {
        bases.push(pages[b % pages.len()].clone());
        for j in 0..PER_BASE {
            let i = b * PER_BASE + j;
            let mut h = String::new();
            let _ = match j {
                0 => write!(h, "/p{i}/index.html"),
                1 => write!(h, "../x{i}.png"),
                2 => write!(h, "?q={i}&lang=en"),
                3 => write!(h, "#f{i}"),
                4 => write!(h, "//cdn{}.example.com/p/{i}.js", i % 64),
                5 => write!(h, "./x/{i}.css"),
                6 => write!(h, "{}", pages[(b + 1 + j * 7) % pages.len()]),
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
        let (bases, hrefs) = relative(&corpus(), 3);
        assert_eq!(hrefs.len(), 3 * PER_BASE);
        let base = weburl::Url::parse(&bases[0]).unwrap();
        let href = |j: usize| base.join(&hrefs[j]).unwrap().href().to_string();
        assert_eq!(href(0), "https://example.com/p0/index.html");
        assert_eq!(href(1), "https://example.com/x1.png");
        assert_eq!(href(2), "https://example.com/a/b?q=2&lang=en");
        assert_eq!(href(3), "https://example.com/a/b?x=1#f3");
        assert_eq!(href(4), "https://cdn4.example.com/p/4.js");
        assert_eq!(href(5), "https://example.com/a/x/5.css");
        assert_eq!(href(6), "http://www.example.org/");
        assert_eq!(href(7), "https://example.com/a/img/7.jpg");
    }
}
