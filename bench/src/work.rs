//! The workloads: each holds its prepared inputs (and, for the setters, each
//! implementation's parsed URLs), and [`run_impl`] runs one pass of one
//! implementation over it, returning a [`Tally`] that must match native
//! Ada's for every implementation but rust-url.

use crate::native::{self, Inputs};
use crate::sets::PER_BASE;
use crate::Tally;
use std::hint::black_box;
use std::time::Instant;

/// The implementations, by index: three weburl storages, Ada (native C++
/// API), Ada through the `ada-url` crate, rust-url, and weburl-url (the
/// `url`-compatible API over weburl, parse workloads only).
pub const IMPLS: [&str; 7] = [
    "weburl",
    "weburl-fixed",
    "weburl-borrowed",
    "ada",
    "ada-crate",
    "rust-url",
    "weburl-url",
];
/// `weburl::Url`, a String per URL.
pub const WEBURL: usize = 0;
/// url-core into one reused fixed buffer (`SliceStorage`).
pub const WEBURL_FIXED: usize = 1;
/// url-core borrowing the input when it is canonical, else the fixed buffer.
pub const WEBURL_BORROWED: usize = 2;
/// Ada through its C++ API (`native/ada_native.cpp`): the reference.
pub const ADA: usize = 3;
/// Ada through the `ada-url` crate's C API.
pub const ADA_CRATE: usize = 4;
/// rust-url (`url` 2.5.8).
pub const RUST_URL: usize = 5;
/// `weburl_url::Url`: rust-url's API over weburl (a migration's cost).
pub const WEBURL_URL: usize = 6;

const ALL: &[usize] = &[
    WEBURL,
    WEBURL_FIXED,
    WEBURL_BORROWED,
    ADA,
    ADA_CRATE,
    RUST_URL,
    WEBURL_URL,
];
/// Workloads where weburl has one API (no storage choice).
const ONE_WEBURL: &[usize] = &[WEBURL, ADA, ADA_CRATE, RUST_URL];

/// Fixed-buffer size: larger than any benchmarked href.
const BUF: usize = 1 << 16;

enum Work {
    /// Parse each URL.
    Parse(Inputs),
    /// For each base (parsed once), parse its `PER_BASE` hrefs against it.
    ParseWithBase { bases: Inputs, hrefs: Inputs },
    /// `can_parse` of each URL.
    CanParse(Inputs),
    /// `can_parse(href, base)`, the base a string as in `URL.canParse`.
    CanParseWithBase { bases: Inputs, hrefs: Inputs },
    /// URLSearchParams parsing of each query: the number of pairs.
    SearchParams(Inputs),
    /// URLSearchParams parsing, sort and serialization of each query.
    SearchParamsSorted(Inputs),
    /// Four setters on URLs parsed beforehand.
    Setters(Box<Setters>),
}

/// One input timed alone ([`Workload::per_input`]).
pub struct PerInput {
    /// The input.
    pub input: String,
    /// weburl's time (fixed buffer, or `can_parse`), ns.
    pub weburl_ns: f64,
    /// Native Ada's time, ns.
    pub ada_ns: f64,
}

/// Each implementation's own parsed URLs for the setters pass.
struct Setters {
    weburl: Vec<weburl::Url>,
    ada: native::Urls,
    ada_crate: Vec<ada_url::Url>,
    rust_url: Vec<url::Url>,
    /// Passes run so far, per implementation: the setters alternate
    /// between the two value sets, so every pass changes every URL.
    passes: [usize; IMPLS.len()],
}

/// The setters' values (pathname, search, hash, host), alternating pass by
/// pass; the second set is longer, so the bytes after each component move.
/// Ada's native pass has the same values (`native/ada_native.cpp`).
pub const SETTER_VALUES: [[&str; 4]; 2] = [
    ["/a/b c", "?q=1", "#h", "example.org"],
    [
        "/docs/x y/z",
        "?page=2&lang=en",
        "#section-2",
        "www.example.net",
    ],
];

/// A named workload with its inputs, ready to run any implementation.
pub struct Workload {
    name: String,
    work: Work,
    buf: Vec<u8>,
    base_buf: Vec<u8>,
}

impl Workload {
    fn new(name: &str, work: Work) -> Workload {
        Workload {
            name: name.to_string(),
            work,
            buf: vec![0; BUF],
            base_buf: vec![0; BUF],
        }
    }

    /// Parsing each URL of `urls`.
    pub fn parse(name: &str, urls: Vec<String>) -> Workload {
        Workload::new(name, Work::Parse(Inputs::new(urls)))
    }

    /// For each base, parsed once, parsing its [`PER_BASE`] hrefs
    /// (`hrefs[b * PER_BASE..][..PER_BASE]`) against it.
    ///
    /// Panics unless `hrefs.len() == bases.len() * PER_BASE`.
    pub fn parse_with_base(name: &str, bases: Vec<String>, hrefs: Vec<String>) -> Workload {
        assert_eq!(hrefs.len(), bases.len() * PER_BASE);
        let (bases, hrefs) = (Inputs::new(bases), Inputs::new(hrefs));
        Workload::new(name, Work::ParseWithBase { bases, hrefs })
    }

    /// `can_parse` of each URL.
    pub fn can_parse(name: &str, urls: Vec<String>) -> Workload {
        Workload::new(name, Work::CanParse(Inputs::new(urls)))
    }

    /// `can_parse(href, base)` in the layout of [`Workload::parse_with_base`].
    pub fn can_parse_with_base(name: &str, bases: Vec<String>, hrefs: Vec<String>) -> Workload {
        assert_eq!(hrefs.len(), bases.len() * PER_BASE);
        let (bases, hrefs) = (Inputs::new(bases), Inputs::new(hrefs));
        Workload::new(name, Work::CanParseWithBase { bases, hrefs })
    }

    /// URLSearchParams parsing of each query (tally: pairs).
    pub fn search_params(name: &str, queries: Vec<String>) -> Workload {
        Workload::new(name, Work::SearchParams(Inputs::new(queries)))
    }

    /// URLSearchParams parsing, `sort()` and serialization of each query
    /// (tally: serialized bytes).
    pub fn search_params_sorted(name: &str, queries: Vec<String>) -> Workload {
        Workload::new(name, Work::SearchParamsSorted(Inputs::new(queries)))
    }

    /// `pathname`, `search`, `hash` and `host` setters on each URL of `urls`
    /// that parses, each implementation's URLs parsed beforehand (not timed).
    /// Passes alternate between the two sets of [`SETTER_VALUES`], so each
    /// one changes every URL.
    pub fn setters(name: &str, urls: &[String]) -> Workload {
        let setters = Setters {
            weburl: urls
                .iter()
                .filter_map(|u| weburl::Url::parse(u).ok())
                .collect(),
            ada: native::Urls::new(&Inputs::new(urls.to_vec())),
            ada_crate: urls
                .iter()
                .filter_map(|u| ada_url::Url::parse(u.as_str(), None).ok())
                .collect(),
            rust_url: urls
                .iter()
                .filter_map(|u| url::Url::parse(u).ok())
                .collect(),
            passes: [0; IMPLS.len()],
        };
        Workload::new(name, Work::Setters(Box::new(setters)))
    }

    /// The workload's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What one pass handles: URLs, hrefs or queries.
    pub fn unit(&self) -> &'static str {
        match self.work {
            Work::ParseWithBase { .. } | Work::CanParseWithBase { .. } => "hrefs",
            Work::SearchParams(_) | Work::SearchParamsSorted(_) => "queries",
            _ => "urls",
        }
    }

    /// How many units one pass handles (times are per unit). For setters,
    /// the URLs Ada parsed.
    pub fn units(&self) -> usize {
        match &self.work {
            Work::Parse(s) | Work::CanParse(s) | Work::SearchParams(s) => s.len(),
            Work::SearchParamsSorted(s) => s.len(),
            Work::ParseWithBase { hrefs, .. } | Work::CanParseWithBase { hrefs, .. } => hrefs.len(),
            Work::Setters(s) => s.ada.len(),
        }
    }

    /// The implementations (indices into [`IMPLS`]) this workload runs: all
    /// three weburl storages for parsing, one weburl API otherwise.
    pub fn impls(&self) -> &'static [usize] {
        match self.work {
            Work::Parse(_) | Work::ParseWithBase { .. } => ALL,
            _ => ONE_WEBURL,
        }
    }

    /// Each input of a parse or `can_parse` workload timed alone against
    /// native Ada: `reps` copies of it in a row, fixed buffer (or
    /// `can_parse`) and Ada alternating, the best of three rounds each.
    /// The averages of a shuffled set hide a kind of input that is slow
    /// everywhere it occurs; this finds it (the repetition lets the branch
    /// predictor learn the input, so the ratios are not the set's).
    /// `None` for other workloads.
    pub fn per_input(&self, reps: usize) -> Option<Vec<PerInput>> {
        let (set, check) = match &self.work {
            Work::Parse(s) => (s, false),
            Work::CanParse(s) => (s, true),
            _ => return None,
        };
        let mut buf = vec![0u8; BUF];
        let time = |k: usize, copies: &Inputs, buf: &mut [u8]| {
            let start = Instant::now();
            if check {
                black_box(can_parse(k, copies));
            } else {
                black_box(parse(k, copies, buf));
            }
            start.elapsed().as_secs_f64() * 1e9 / reps.max(1) as f64
        };
        let rows = set
            .strings()
            .iter()
            .map(|input| {
                let copies = Inputs::new(vec![input.clone(); reps.max(1)]);
                let (mut weburl, mut ada) = (f64::MAX, f64::MAX);
                for _ in 0..3 {
                    weburl = weburl.min(time(WEBURL_FIXED, &copies, &mut buf));
                    ada = ada.min(time(ADA, &copies, &mut buf));
                }
                PerInput {
                    input: input.clone(),
                    weburl_ns: weburl,
                    ada_ns: ada,
                }
            })
            .collect();
        Some(rows)
    }

    /// Up to `max` inputs where weburl's href differs from native Ada's, as
    /// `input => weburl | ada` lines (parse workloads only), for reporting a
    /// tally mismatch.
    pub fn differences(&self, max: usize) -> Vec<String> {
        let pairs: Vec<(&str, Option<&str>)> = match &self.work {
            Work::Parse(s) => s.strings().iter().map(|u| (u.as_str(), None)).collect(),
            Work::ParseWithBase { bases, hrefs } => hrefs
                .strings()
                .iter()
                .enumerate()
                .map(|(i, h)| (h.as_str(), Some(bases.strings()[i / PER_BASE].as_str())))
                .collect(),
            _ => return Vec::new(),
        };
        pairs
            .into_iter()
            .filter_map(|(input, base)| {
                let ours = match base {
                    None => weburl::Url::parse(input),
                    Some(b) => weburl::Url::parse(b).and_then(|b| b.join(input)),
                }
                .ok()
                .map(|u| u.href().to_string());
                let ada = native::href(input, base);
                (ours != ada)
                    .then(|| format!("{input:?} (base {base:?}) => weburl {ours:?} | ada {ada:?}"))
            })
            .take(max)
            .collect()
    }
}

/// One pass of implementation `k` (of [`IMPLS`]) over `w`. Not inlined:
/// `cargo xtask bench --instructions` counts inside it (callgrind toggle).
#[inline(never)]
pub fn run_impl(k: usize, w: &mut Workload) -> Tally {
    run(k, w)
}

/// [`run_impl`] under another name, for passes callgrind must not count
/// (checks, and the setters' first pass). `black_box` keeps the two bodies
/// different, so that LLVM cannot merge them into one function.
#[inline(never)]
pub fn run_untimed(k: usize, w: &mut Workload) -> Tally {
    run(black_box(k), w)
}

fn run(k: usize, w: &mut Workload) -> Tally {
    let (buf, base_buf) = (&mut w.buf[..], &mut w.base_buf[..]);
    match &mut w.work {
        Work::Parse(set) => parse(k, set, buf),
        Work::ParseWithBase { bases, hrefs } => parse_with_base(k, bases, hrefs, buf, base_buf),
        Work::CanParse(set) => (can_parse(k, set), 0),
        Work::CanParseWithBase { bases, hrefs } => (can_parse_with_base(k, bases, hrefs), 0),
        Work::SearchParams(set) => (set.len(), search_params(k, set)),
        Work::SearchParamsSorted(set) => (set.len(), search_params_sorted(k, set)),
        Work::Setters(s) => setters(k, s),
    }
}

fn parse(k: usize, set: &Inputs, buf: &mut [u8]) -> Tally {
    let urls = set.strings();
    let mut t = (0, 0);
    let mut count = |href: &str| {
        t.0 += 1;
        t.1 += black_box(href).len();
    };
    match k {
        WEBURL => {
            for u in urls {
                if let Ok(url) = weburl::Url::parse(u) {
                    count(url.href());
                }
            }
        }
        WEBURL_FIXED => {
            for u in urls {
                if let Ok(url) = url_core::Url::parse_into(u, url_core::SliceStorage::new(buf)) {
                    count(url.href());
                }
            }
        }
        WEBURL_BORROWED => {
            // Borrowed when canonical, else into the fixed buffer: one scan
            // of the input decides, and nothing is parsed twice.
            let mut parser = url_core::Parser::new();
            for u in urls {
                let buf = &mut *buf;
                match parser.parse_borrowed_or_into(u, || url_core::SliceStorage::new(buf)) {
                    Ok(url_core::Parsed::Borrowed(url)) => count(url.href()),
                    Ok(url_core::Parsed::Stored(url)) => count(url.href()),
                    Err(_) => {}
                }
            }
        }
        ADA => return native::parse(set),
        ADA_CRATE => {
            for u in urls {
                if let Ok(url) = ada_url::Url::parse(u.as_str(), None) {
                    count(url.href());
                }
            }
        }
        WEBURL_URL => {
            for u in urls {
                if let Ok(url) = weburl_url::Url::parse(u) {
                    count(url.as_str());
                }
            }
        }
        _ => {
            for u in urls {
                if let Ok(url) = url::Url::parse(u) {
                    count(url.as_str());
                }
            }
        }
    }
    t
}

/// Each page's hrefs against it. Every implementation but the crate parses
/// the page once; the crate's API takes the base as a string, so Ada
/// re-parses it for every href there.
fn parse_with_base(
    k: usize,
    bases: &Inputs,
    hrefs: &Inputs,
    buf: &mut [u8],
    base_buf: &mut [u8],
) -> Tally {
    if k == ADA {
        return native::parse_with_base(bases, hrefs, PER_BASE);
    }
    let mut t = (0, 0);
    let mut count = |href: &str| {
        t.0 += 1;
        t.1 += black_box(href).len();
    };
    let groups = bases.strings().iter().zip(hrefs.strings().chunks(PER_BASE));
    for (page, links) in groups {
        match k {
            WEBURL => {
                let Ok(base) = weburl::Url::parse(page) else {
                    continue;
                };
                for h in links {
                    if let Ok(url) = weburl::Url::parse_with_base(h, &base) {
                        count(url.href());
                    }
                }
            }
            WEBURL_FIXED => {
                let storage = url_core::SliceStorage::new(base_buf);
                let Ok(base) = url_core::Url::parse_into(page, storage) else {
                    continue;
                };
                for h in links {
                    let storage = url_core::SliceStorage::new(buf);
                    if let Ok(url) = url_core::Url::parse_into_with_base(h, &base, storage) {
                        count(url.href());
                    }
                }
            }
            WEBURL_BORROWED => {
                // The page borrowed when canonical; a resolved href is never
                // a slice of its input, so it goes to the fixed buffer.
                let copy;
                let base_buf = &mut *base_buf;
                let mut parser = url_core::Parser::new();
                let base = match parser
                    .parse_borrowed_or_into(page, || url_core::SliceStorage::new(base_buf))
                {
                    Ok(url_core::Parsed::Borrowed(base)) => base,
                    Ok(url_core::Parsed::Stored(base)) => {
                        copy = base;
                        copy.as_url_ref()
                    }
                    Err(_) => continue,
                };
                for h in links {
                    let storage = url_core::SliceStorage::new(buf);
                    if let Ok(url) = url_core::Url::parse_into_with_base(h, &base, storage) {
                        count(url.href());
                    }
                }
            }
            ADA_CRATE => {
                for h in links {
                    if let Ok(url) = ada_url::Url::parse(h.as_str(), Some(page)) {
                        count(url.href());
                    }
                }
            }
            WEBURL_URL => {
                let Ok(base) = weburl_url::Url::parse(page) else {
                    continue;
                };
                for h in links {
                    if let Ok(url) = base.join(h) {
                        count(url.as_str());
                    }
                }
            }
            _ => {
                let Ok(base) = url::Url::parse(page) else {
                    continue;
                };
                for h in links {
                    if let Ok(url) = base.join(h) {
                        count(url.as_str());
                    }
                }
            }
        }
    }
    t
}

/// How many URLs parse, by `can_parse` (weburl, Ada) or by a parse whose
/// result is dropped (rust-url has no `can_parse`).
fn can_parse(k: usize, set: &Inputs) -> usize {
    let urls = set.strings();
    match k {
        ADA => native::can_parse(set),
        ADA_CRATE => urls
            .iter()
            .filter(|u| ada_url::Url::can_parse(u, None))
            .count(),
        RUST_URL => urls.iter().filter(|u| url::Url::parse(u).is_ok()).count(),
        _ => urls
            .iter()
            .filter(|u| weburl::Url::can_parse(u, None))
            .count(),
    }
}

/// `can_parse(href, base)` with the base a string, as `URL.canParse` takes
/// it (rust-url: parse the base, then join).
fn can_parse_with_base(k: usize, bases: &Inputs, hrefs: &Inputs) -> usize {
    if k == ADA {
        return native::can_parse_with_base(bases, hrefs, PER_BASE);
    }
    let groups = bases.strings().iter().zip(hrefs.strings().chunks(PER_BASE));
    let mut n = 0;
    for (page, links) in groups {
        n += links
            .iter()
            .filter(|h| match k {
                ADA_CRATE => ada_url::Url::can_parse(h, Some(page)),
                RUST_URL => url::Url::parse(page).and_then(|b| b.join(h)).is_ok(),
                _ => weburl::Url::can_parse(h, Some(page)),
            })
            .count();
    }
    n
}

/// The number of name-value pairs of all queries.
fn search_params(k: usize, set: &Inputs) -> usize {
    if k == ADA {
        return native::search_params(set);
    }
    let mut pairs = 0;
    for q in set.strings() {
        pairs += match k {
            ADA_CRATE => ada_url::UrlSearchParams::parse(q.as_str()).map_or(0, |p| p.len()),
            RUST_URL => url::form_urlencoded::parse(q.as_bytes()).count(),
            _ => weburl::UrlSearchParams::parse(q).len(),
        };
    }
    pairs
}

/// The serialized bytes of all queries after parsing and `sort()`.
/// rust-url has no URLSearchParams: a stable sort of the decoded pairs by
/// name (UTF-8 order, not the standard's UTF-16), then its serializer.
fn search_params_sorted(k: usize, set: &Inputs) -> usize {
    if k == ADA {
        return native::search_params_sorted(set);
    }
    let mut bytes = 0;
    for q in set.strings() {
        bytes += match k {
            ADA_CRATE => ada_url::UrlSearchParams::parse(q.as_str()).map_or(0, |mut p| {
                p.sort();
                p.to_string().len()
            }),
            RUST_URL => {
                let mut pairs: Vec<_> = url::form_urlencoded::parse(q.as_bytes()).collect();
                pairs.sort_by(|a, b| a.0.cmp(&b.0));
                url::form_urlencoded::Serializer::new(String::new())
                    .extend_pairs(pairs)
                    .finish()
                    .len()
            }
            _ => {
                let mut p = weburl::UrlSearchParams::parse(q);
                p.sort();
                p.to_string().len()
            }
        };
    }
    bytes
}

/// `pathname`, `search`, `hash`, then `host` on each URL, with this
/// implementation's next set of [`SETTER_VALUES`]: (URLs, href bytes after).
fn setters(k: usize, s: &mut Setters) -> Tally {
    let alt = s.passes.get(k).map_or(0, |p| p % 2);
    if let Some(p) = s.passes.get_mut(k) {
        *p += 1;
    }
    let [path, search, hash, host] = SETTER_VALUES[alt];
    let mut total = 0;
    match k {
        ADA => s.ada.set_all(alt),
        ADA_CRATE => {
            for u in &mut s.ada_crate {
                let _ = u.set_pathname(Some(path));
                u.set_search(Some(search));
                u.set_hash(Some(hash));
                let _ = u.set_host(Some(host));
                total += u.href().len();
            }
            (s.ada_crate.len(), total)
        }
        RUST_URL => {
            for u in &mut s.rust_url {
                u.set_path(path);
                u.set_query(search.strip_prefix('?'));
                u.set_fragment(hash.strip_prefix('#'));
                let _ = u.set_host(Some(host));
                total += u.as_str().len();
            }
            (s.rust_url.len(), total)
        }
        _ => {
            for u in &mut s.weburl {
                let _ = u.set_pathname(path);
                let _ = u.set_search(search);
                let _ = u.set_hash(hash);
                let _ = u.set_host(host);
                total += u.href().len();
            }
            (s.weburl.len(), total)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls() -> Vec<String> {
        [
            "https://example.com/a/b?x=1#top",
            "HTTP://EXAMPLE.org:80/./a/../b",
            "http://[::FFFF:1.2.3.4]/",
            "https://b\u{fc}cher.example/",
            "not a url",
            "file:///C:/x/../y",
        ]
        .map(String::from)
        .to_vec()
    }

    /// Every implementation but rust-url agrees with native Ada on every
    /// workload kind.
    fn agree(mut w: Workload) {
        let reference = run_untimed(ADA, &mut w);
        assert!(reference.0 > 0, "{}: nothing counted", w.name());
        for &k in w.impls().iter().filter(|&&k| k != ADA) {
            let t = run_untimed(k, &mut w);
            if k != RUST_URL {
                assert_eq!(t, reference, "{} {}", w.name(), IMPLS[k]);
            }
        }
        assert!(w.differences(10).is_empty());
    }

    #[test]
    fn implementations_agree_with_native_ada() {
        let (bases, hrefs) = crate::sets::relative(&urls(), 4);
        agree(Workload::parse("parse", urls()));
        agree(Workload::can_parse("can-parse", urls()));
        agree(Workload::parse_with_base(
            "relative",
            bases.clone(),
            hrefs.clone(),
        ));
        agree(Workload::can_parse_with_base(
            "can-parse-base",
            bases,
            hrefs,
        ));
        let queries = vec!["a=1&b=2".to_string(), "z=%20&a=\u{e9}&a".to_string()];
        agree(Workload::search_params("sp", queries.clone()));
        agree(Workload::search_params_sorted("sp-sorted", queries));
        agree(Workload::setters("setters", &urls()));
    }

    /// One row per input, in the set's order, each timed (a parse takes
    /// some time); none for a workload that is not a parse or can_parse.
    #[test]
    fn per_input_times_each_input() {
        for w in [
            Workload::parse("parse", urls()),
            Workload::can_parse("can-parse", urls()),
        ] {
            let rows = w.per_input(3).expect("a parse workload");
            let inputs: Vec<&str> = rows.iter().map(|r| r.input.as_str()).collect();
            assert_eq!(inputs, urls(), "{}", w.name());
            assert!(rows.iter().all(|r| r.weburl_ns > 0.0 && r.ada_ns > 0.0));
        }
        let queries = vec!["a=1".to_string()];
        assert!(Workload::search_params("sp", queries)
            .per_input(3)
            .is_none());
    }

    #[test]
    fn native_href_matches_the_crate() {
        for u in urls() {
            let krate = ada_url::Url::parse(u.as_str(), None).ok();
            assert_eq!(
                native::href(&u, None).as_deref(),
                krate.as_ref().map(|u| u.href())
            );
        }
        assert_eq!(
            native::href("../c", Some("https://example.com/a/b")).as_deref(),
            Some("https://example.com/c")
        );
    }
}
