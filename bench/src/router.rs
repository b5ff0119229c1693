//! A router on a real API's route table: GitHub's REST API paths
//! (`data/bench/github-rest-endpoints.js`, Octokit's list; 681 distinct
//! paths), both as github.com serves them and under `/api/v3`, where
//! GitHub Enterprise Server serves the same API (so one router in front of
//! both holds about 1,300 routes), matched with request paths drawn from
//! those routes (parameters filled with random tokens) plus 20% misses,
//! seeded and shuffled.
//!
//! Three routers answer each request with the route it matches:
//! weburl-pattern's `UrlPatternList::find_pathname` (URLPattern's match on
//! a `{pathname}` init, route by route in insertion order, through its
//! trie), `urlpattern` 0.6 looping over the same routes with
//! `test({pathname})`, and matchit (the radix tree under axum) on the same
//! paths. The URLPattern routes are sorted by `compareComponent`, most
//! specific first, which gives matchit's priority (fixed segments before
//! parameters), so all three must find the same route for every request.

use std::hint::black_box;
use std::time::Instant;
use weburl_pattern::{ComponentName, UrlPattern, UrlPatternInit, UrlPatternList};

/// The route table file, from `cargo xtask fetch-data`.
pub const ROUTES_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../data/bench/github-rest-endpoints.js"
);

/// The workload, as `--workload` takes it.
pub const WORKLOAD: &str = "router(github+ghes, test)";
/// The implementations, as `--only` takes them.
pub const IMPLS: [&str; 3] = ["weburl-pattern", "matchit", "urlpattern"];
/// Requests per pass.
pub const REQUESTS: usize = 10_000;

/// The distinct paths of the file's `"METHOD /path"` strings, in order,
/// with `{param}` segments.
pub fn paths(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in text.split('"') {
        let Some((method, path)) = piece.split_once(' ') else {
            continue;
        };
        let is_method =
            ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].contains(&method);
        // URI-template query parts (`{?per_page,before}`) are not paths.
        let path = path.split("{?").next().unwrap_or(path);
        if is_method && path.starts_with('/') && !out.iter().any(|p| p == path) {
            out.push(path.to_string());
        }
    }
    out
}

/// `{param}` as URLPattern's `:param`.
fn pattern_of(path: &str) -> String {
    path.replace('{', ":").replace('}', "")
}

/// xorshift64*: reproducible requests without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn token(&mut self) -> String {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-_";
        (0..1 + self.below(12))
            .map(|_| ALPHABET[self.below(ALPHABET.len())] as char)
            .collect()
    }
}

/// Request paths: a random route with random parameter values, and one in
/// five a miss (a fixed segment changed, or a segment added).
pub fn requests(paths: &[String], n: usize) -> Vec<String> {
    let mut rng = Rng(0x005E_ED0F_2026);
    (0..n)
        .map(|_| {
            let route = &paths[rng.below(paths.len())];
            let mut segments: Vec<String> = route
                .split('/')
                .map(|s| {
                    if s.starts_with('{') {
                        rng.token()
                    } else {
                        s.to_string()
                    }
                })
                .collect();
            if rng.below(5) == 0 {
                let fixed: Vec<usize> = (1..segments.len())
                    .filter(|&i| !route.split('/').nth(i).unwrap_or("").starts_with('{'))
                    .collect();
                if fixed.is_empty() || rng.below(2) == 0 {
                    segments.push(rng.token());
                } else {
                    let i = fixed[rng.below(fixed.len())];
                    segments[i] = format!("{}q", segments[i]);
                }
            }
            segments.join("/")
        })
        .collect()
}

/// The three routers on the same routes; each value is the route's path.
pub struct Routers {
    /// The paths, by value.
    pub paths: Vec<String>,
    mine: UrlPatternList<usize>,
    deno: Vec<(urlpattern::UrlPattern, usize)>,
    matchit: matchit::Router<usize>,
}

impl Routers {
    /// Builds the three from the file; routes that are no URL pattern
    /// (a repeated parameter name) or that matchit rejects (conflicting
    /// parameter names) are left out of all three.
    pub fn new(text: &str) -> Routers {
        let mut all = paths(text);
        let enterprise: Vec<String> = all.iter().map(|p| format!("/api/v3{p}")).collect();
        all.extend(enterprise);
        // A path that repeats a parameter name is no URL pattern (and no
        // matchit route): left out.
        let mut patterns: Vec<(UrlPattern, usize)> = all
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let init = UrlPatternInit {
                    pathname: Some(pattern_of(p)),
                    ..Default::default()
                };
                Some((
                    UrlPattern::new(init.into(), None, Default::default()).ok()?,
                    i,
                ))
            })
            .collect();
        patterns
            .sort_by(|(a, _), (b, _)| UrlPattern::compare_component(ComponentName::Pathname, b, a));
        let mut matchit = matchit::Router::new();
        let mut mine = UrlPatternList::new();
        let mut deno = Vec::new();
        for (pattern, i) in patterns {
            if matchit.insert(all[i].clone(), i).is_err() {
                continue;
            }
            let init = urlpattern::UrlPatternInit {
                pathname: Some(pattern_of(&all[i])),
                ..Default::default()
            };
            deno.push((
                urlpattern::UrlPattern::parse(init, Default::default()).expect("a valid route"),
                i,
            ));
            mine.push(pattern, i);
        }
        Routers {
            paths: all,
            mine,
            deno,
            matchit,
        }
    }

    /// The number of routes in the table.
    pub fn len(&self) -> usize {
        self.mine.len()
    }

    /// The route weburl-pattern finds for `path` (its path's index).
    pub fn find_weburl_pattern(&self, path: &str) -> Option<usize> {
        self.mine.find_pathname(path).map(|(_, &v)| v)
    }

    /// The route matchit finds for `path`.
    pub fn find_matchit(&self, path: &str) -> Option<usize> {
        self.matchit.at(path).ok().map(|m| *m.value)
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.mine.is_empty()
    }
}

/// (requests matched, sum of the matched routes' values + 1).
type Tally = (usize, usize);

fn add(t: &mut Tally, found: Option<usize>) {
    if let Some(v) = found {
        t.0 += 1;
        t.1 += v + 1;
    }
}

/// One pass of implementation `imp` (an index of [`IMPLS`]) over
/// `requests`: the function a profiler counts
/// (`--toggle-collect=weburl_bench::router::pass`).
#[inline(never)]
pub fn pass(imp: usize, r: &Routers, requests: &[String]) -> Tally {
    let mut t = (0, 0);
    match imp {
        0 => {
            for path in requests {
                add(&mut t, r.mine.find_pathname(path).map(|(_, &v)| v));
            }
        }
        1 => {
            for path in requests {
                add(&mut t, r.matchit.at(path).ok().map(|m| *m.value));
            }
        }
        _ => {
            for path in requests {
                let found = r.deno.iter().find(|(p, _)| {
                    let init = urlpattern::UrlPatternInit {
                        pathname: Some(path.clone()),
                        ..Default::default()
                    };
                    p.test(urlpattern::UrlPatternMatchInput::Init(init))
                        .unwrap_or(false)
                });
                add(&mut t, found.map(|(_, v)| *v));
            }
        }
    }
    t
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// For profilers: one uncounted pass, then `passes` through [`pass`].
pub fn profile(imp: &str, limit: usize, passes: usize) -> Result<String, String> {
    let k = IMPLS
        .iter()
        .position(|i| *i == imp)
        .ok_or_else(|| format!("{WORKLOAD} takes --only {IMPLS:?}"))?;
    let text = std::fs::read_to_string(ROUTES_FILE).map_err(|e| format!("{ROUTES_FILE}: {e}"))?;
    let r = Routers::new(&text);
    let reqs = requests(&r.paths, REQUESTS.min(limit));
    black_box(pass(k, &r, &reqs));
    for _ in 0..passes {
        black_box(pass(k, &r, &reqs));
    }
    Ok(format!(
        "{imp} {WORKLOAD}: {} requests x {passes}",
        reqs.len()
    ))
}

/// Times the three routers, alternating round by round; false when they
/// disagree.
pub fn bench(rounds: usize, limit: usize) -> bool {
    let text = match std::fs::read_to_string(ROUTES_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bench {WORKLOAD}: {ROUTES_FILE}: {e} (cargo xtask fetch-data)");
            return false;
        }
    };
    let r = Routers::new(&text);
    let reqs = requests(&r.paths, REQUESTS.min(limit));
    let tallies: Vec<Tally> = (0..IMPLS.len()).map(|k| pass(k, &r, &reqs)).collect();
    let mut ok = true;
    for (k, t) in tallies.iter().enumerate().skip(1) {
        if *t != tallies[0] {
            eprintln!(
                "bench {WORKLOAD}: {} {t:?} vs weburl-pattern {:?}",
                IMPLS[k], tallies[0]
            );
            ok = false;
        }
    }
    let mut samples = vec![Vec::new(); IMPLS.len()];
    // urlpattern's loop is ~1,000× slower: fewer rounds keep the run short.
    for round in 0..rounds {
        for j in 0..IMPLS.len() {
            let k = (j + round) % IMPLS.len();
            if k == 2 && round >= rounds.min(5) {
                continue;
            }
            let start = Instant::now();
            black_box(pass(k, &r, black_box(&reqs)));
            samples[k].push(start.elapsed().as_nanos() as f64 / reqs.len() as f64);
        }
    }
    let m: Vec<f64> = samples.into_iter().map(median).collect();
    println!(
        "bench {WORKLOAD} routes={} paths={} requests={} matched={} weburl-pattern={:.1}ns matchit={:.1}ns urlpattern={:.1}ns weburl-pattern/matchit={:.2} weburl-pattern/urlpattern={:.4}",
        r.len(),
        r.paths.len(),
        reqs.len(),
        tallies[0].0,
        m[0],
        m[1],
        m[2],
        m[0] / m[1],
        m[0] / m[2]
    );
    ok
}
