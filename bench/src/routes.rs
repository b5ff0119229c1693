//! URLPattern as a router uses it: a table of routes without regexp groups,
//! each URL of a corpus matched against them in order until one matches.
//! weburl-pattern (its regex-free matcher) against `urlpattern` 0.6
//! (Deno's, with the `regex` crate), both starting from the URL string.
//!
//! Three workloads: constructing the table (per route), `test` and `exec`
//! (per URL: parse it once, then try the routes in order). Both
//! implementations must find the same first route for every URL (and the
//! same number of groups for `exec`).

use std::hint::black_box;
use std::time::Instant;

/// Pathname routes of the shapes web servers and frameworks use: fixed
/// pages, `:name` segments, `*` tails, optional and repeated groups, file
/// extensions. None has a regexp group.
pub const ROUTES: [&str; 50] = [
    "/",
    "/index.html",
    "/index.php",
    "/about",
    "/about/",
    "/contact",
    "/contact/",
    "/search",
    "/login",
    "/api/v1/users/:user",
    "/api/v1/users/:user/repos/:repo",
    "/api/v2/*",
    "/blog/:year/:month/:slug",
    "/blog/:slug",
    "/blog/",
    "/news/:id",
    "/news/*",
    "/products/:id",
    "/products/:id/reviews",
    "/category/:name/",
    "/tag/:tag",
    "/users/:user{/}?",
    "/docs/*",
    "/static/*",
    "/assets/*",
    "/images/:file.:ext",
    "/wp-content/*",
    "/wp-admin/*",
    "/en/*",
    "/de/*",
    "/fr/*",
    "/:lang/about",
    "/files/:path+",
    "/archive/:year{/:month}?",
    "/:page.html",
    "/:page.htm",
    "/:page.php",
    "/:page.aspx",
    "/:page.asp",
    "/:page.shtml",
    "/:dir/:page.html",
    "/:dir/:page.php",
    "/:dir/:page.aspx",
    "/:dir/",
    "/:dir/:sub/",
    "/:a/:b/:c/",
    "/:a/:b/:c/:d",
    "/:dir/:page",
    "/:page",
    "/*",
];

/// The same routes with regexp groups constraining their parameters (ids
/// as digits, dates as fixed-width numbers, slugs and extensions as
/// classes and alternatives): matched by weburl-pattern's linear-time
/// engine, by the `regex` crate in urlpattern. (`v`-mode classes need `-`
/// and `/` escaped.)
pub const REGEXP_ROUTES: [&str; 50] = [
    "/",
    "/index.html",
    "/index.php",
    "/about",
    "/about/",
    "/contact",
    "/contact/",
    "/search",
    "/login",
    "/api/v1/users/:user([a-z0-9_\\-]+)",
    "/api/v1/users/:user([a-z0-9_\\-]+)/repos/:repo([a-z0-9._\\-]+)",
    "/api/v2/*",
    "/blog/:year(\\d{4})/:month(\\d{2})/:slug([a-z0-9\\-]+)",
    "/blog/:slug([a-z0-9\\-]+)",
    "/blog/",
    "/news/:id(\\d+)",
    "/news/*",
    "/products/:id(\\d+)",
    "/products/:id(\\d+)/reviews",
    "/category/:name([a-z\\-]+)/",
    "/tag/:tag([a-z0-9\\-]+)",
    "/users/:user([a-z0-9_\\-]+){/}?",
    "/docs/*",
    "/static/*",
    "/assets/*",
    "/images/:file([^\\/.]+).:ext(png|jpe?g|gif|svg|webp)",
    "/wp-content/*",
    "/wp-admin/*",
    "/en/*",
    "/de/*",
    "/fr/*",
    "/:lang([a-z]{2})/about",
    "/files/:path([^\\/]+)+",
    "/archive/:year(\\d{4}){/:month(\\d{2})}?",
    "/:page([A-Za-z0-9_\\-]+).html",
    "/:page([A-Za-z0-9_\\-]+).htm",
    "/:page([A-Za-z0-9_\\-]+).php",
    "/:page([A-Za-z0-9_\\-]+).aspx",
    "/:page([A-Za-z0-9_\\-]+).asp",
    "/:page([A-Za-z0-9_\\-]+).shtml",
    "/:dir([A-Za-z0-9_\\-]+)/:page([A-Za-z0-9_\\-]+).html",
    "/:dir([A-Za-z0-9_\\-]+)/:page([A-Za-z0-9_\\-]+).php",
    "/:dir([A-Za-z0-9_\\-]+)/:page([A-Za-z0-9_\\-]+).aspx",
    "/:dir([A-Za-z0-9_.\\-]+)/",
    "/:dir([A-Za-z0-9_.\\-]+)/:sub([A-Za-z0-9_.\\-]+)/",
    "/:a([^\\/]+)/:b([^\\/]+)/:c([^\\/]+)/",
    "/:a([^\\/]+)/:b([^\\/]+)/:c([^\\/]+)/:d([^\\/]+)",
    "/:dir([A-Za-z0-9_.\\-]+)/:page([A-Za-z0-9_.\\-]+)",
    "/:page([A-Za-z0-9_.\\-]+)",
    "/*",
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn ours(routes: &[&str]) -> Vec<weburl_pattern::UrlPattern> {
    routes
        .iter()
        .map(|r| {
            let init = weburl_pattern::UrlPatternInit {
                pathname: Some((*r).into()),
                ..Default::default()
            };
            weburl_pattern::UrlPattern::new(init.into(), None, Default::default())
                .expect("a valid route")
        })
        .collect()
}

fn theirs(routes: &[&str]) -> Vec<urlpattern::UrlPattern> {
    routes
        .iter()
        .map(|r| {
            let init = urlpattern::UrlPatternInit {
                pathname: Some((*r).into()),
                ..Default::default()
            };
            urlpattern::UrlPattern::parse(init, Default::default()).expect("a valid route")
        })
        .collect()
}

/// The first route each URL matches (`routes.len()` for none), and the
/// number of groups `exec` gave for it, as a tally.
type Tally = (usize, usize);

fn test_ours(table: &[weburl_pattern::UrlPattern], urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        let Ok(url) = url_core::Url::parse_into(u, String::new()) else {
            continue;
        };
        t.0 += table
            .iter()
            .position(|p| p.test_url(&url))
            .unwrap_or(table.len());
    }
    t
}

fn test_theirs(table: &[urlpattern::UrlPattern], urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        let Ok(url) = url::Url::parse(u) else {
            continue;
        };
        t.0 += table
            .iter()
            .position(|p| {
                p.test(urlpattern::UrlPatternMatchInput::Url(url.clone()))
                    .unwrap_or(false)
            })
            .unwrap_or(table.len());
    }
    t
}

fn exec_ours(table: &[weburl_pattern::UrlPattern], urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        let Ok(url) = url_core::Url::parse_into(u, String::new()) else {
            continue;
        };
        let found = table.iter().enumerate().find_map(|(i, p)| {
            let r = p.exec_url(&url)?;
            Some((i, r.pathname.groups.len()))
        });
        let (i, groups) = found.unwrap_or((table.len(), 0));
        t.0 += i;
        t.1 += groups;
    }
    t
}

fn exec_theirs(table: &[urlpattern::UrlPattern], urls: &[String]) -> Tally {
    let mut t = (0, 0);
    for u in urls {
        let Ok(url) = url::Url::parse(u) else {
            continue;
        };
        let found = table.iter().enumerate().find_map(|(i, p)| {
            let input = urlpattern::UrlPatternMatchInput::Url(url.clone());
            let r = p.exec(input).ok()??;
            Some((i, r.pathname.groups.len()))
        });
        let (i, groups) = found.unwrap_or((table.len(), 0));
        t.0 += i;
        t.1 += groups;
    }
    t
}

/// The route workloads, as `--workload` takes them. `--list` leaves them
/// out: `cargo xtask bench --instructions` counts every listed workload
/// inside `weburl_bench::work::run_impl`, which these do not run through;
/// profile them with `--toggle-collect=weburl_bench::routes::pass`.
pub const WORKLOADS: [&str; 5] = [
    "routes(construct)",
    "routes(test, 50 routes)",
    "routes(exec, 50 routes)",
    "routes-regexp(test, 50 routes)",
    "routes-regexp(exec, 50 routes)",
];
/// The implementations of the route workloads, as `--only` takes them.
pub const IMPLS: [&str; 2] = ["weburl-pattern", "urlpattern"];

/// One pass of implementation `imp` (an index of [`IMPLS`]) on route
/// workload `workload` (an index of [`WORKLOADS`]) over `urls`: the
/// function a profiler counts (`--toggle-collect=weburl_bench::routes::pass`).
#[inline(never)]
pub fn pass(
    imp: usize,
    workload: usize,
    mine: &[weburl_pattern::UrlPattern],
    deno: &[urlpattern::UrlPattern],
    urls: &[String],
) -> Tally {
    run(imp, workload, mine, deno, urls)
}

fn run(
    imp: usize,
    workload: usize,
    mine: &[weburl_pattern::UrlPattern],
    deno: &[urlpattern::UrlPattern],
    urls: &[String],
) -> Tally {
    match (imp, workload) {
        (0, 0) => (black_box(ours(black_box(&ROUTES))).len(), 0),
        (_, 0) => (black_box(theirs(black_box(&ROUTES))).len(), 0),
        (0, 1 | 3) => test_ours(mine, urls),
        (_, 1 | 3) => test_theirs(deno, urls),
        (0, _) => exec_ours(mine, urls),
        (_, _) => exec_theirs(deno, urls),
    }
}

/// For profilers (`--only IMPL --workload NAME`): one uncounted pass, then
/// `passes` passes through [`pass`]. `None` when `workload` is not a route
/// workload; otherwise what to print, or why not.
pub fn profile(
    imp: &str,
    workload: &str,
    urls: &[String],
    passes: usize,
) -> Option<Result<String, String>> {
    let w = WORKLOADS.iter().position(|n| *n == workload)?;
    let Some(k) = IMPLS.iter().position(|i| *i == imp) else {
        return Some(Err(format!("{workload} takes --only {IMPLS:?}")));
    };
    let table = if w >= 3 { &REGEXP_ROUTES } else { &ROUTES };
    let (mine, deno) = (ours(table), theirs(table));
    // Not through `pass`: a profiler counts only the passes after it.
    black_box(run(black_box(k), w, &mine, &deno, urls));
    for _ in 0..passes {
        black_box(pass(k, w, &mine, &deno, urls));
    }
    let (units, unit) = if w == 0 {
        (ROUTES.len(), "routes")
    } else {
        (urls.len(), "urls")
    };
    Some(Ok(format!("{imp} {workload}: {units} {unit} x {passes}")))
}

/// Times `f` for `rounds` rounds, alternating with `g`; medians in ns per
/// unit.
fn race(rounds: usize, units: usize, mut f: impl FnMut(), mut g: impl FnMut()) -> (f64, f64) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        for k in 0..2 {
            let start = Instant::now();
            if (k + round) % 2 == 0 {
                f();
                a.push(start.elapsed().as_nanos() as f64 / units as f64);
            } else {
                g();
                b.push(start.elapsed().as_nanos() as f64 / units as f64);
            }
        }
    }
    (median(a), median(b))
}

fn report(name: &str, unit: &str, units: usize, (ours, theirs): (f64, f64)) {
    println!(
        "bench {name} {unit}={units} weburl-pattern={ours:.1}ns urlpattern={theirs:.1}ns weburl-pattern/urlpattern={:.2}",
        ours / theirs
    );
}

/// Runs the three route workloads over `urls`; false when the two
/// implementations disagree.
pub fn bench(urls: &[String], rounds: usize) -> bool {
    let routes = ROUTES;
    let (mine, deno) = (ours(&routes), theirs(&routes));
    let mut ok = true;
    for (name, a, b) in [
        ("test", test_ours(&mine, urls), test_theirs(&deno, urls)),
        ("exec", exec_ours(&mine, urls), exec_theirs(&deno, urls)),
    ] {
        if a != b {
            eprintln!("bench routes({name}): weburl-pattern {a:?} vs urlpattern {b:?}");
            ok = false;
        }
    }
    let n = routes.len();
    let construct = race(
        rounds,
        n,
        || {
            black_box(ours(black_box(&routes)));
        },
        || {
            black_box(theirs(black_box(&routes)));
        },
    );
    report("routes(construct)", "routes", n, construct);
    let test = race(
        rounds,
        urls.len(),
        || {
            black_box(test_ours(&mine, black_box(urls)));
        },
        || {
            black_box(test_theirs(&deno, black_box(urls)));
        },
    );
    report(
        &format!("routes(test, {n} routes)"),
        "urls",
        urls.len(),
        test,
    );
    let exec = race(
        rounds,
        urls.len(),
        || {
            black_box(exec_ours(&mine, black_box(urls)));
        },
        || {
            black_box(exec_theirs(&deno, black_box(urls)));
        },
    );
    report(
        &format!("routes(exec, {n} routes)"),
        "urls",
        urls.len(),
        exec,
    );
    // The same shapes with regexp groups: against urlpattern, and against
    // the regex-free table's time (the cost of the regexp groups).
    let (rmine, rdeno) = (ours(&REGEXP_ROUTES), theirs(&REGEXP_ROUTES));
    for (name, a, b) in [
        ("test", test_ours(&rmine, urls), test_theirs(&rdeno, urls)),
        ("exec", exec_ours(&rmine, urls), exec_theirs(&rdeno, urls)),
    ] {
        if a != b {
            eprintln!("bench routes-regexp({name}): weburl-pattern {a:?} vs urlpattern {b:?}");
            ok = false;
        }
    }
    for (name, free, f, g) in [
        (
            "test",
            test.0,
            test_ours as fn(&[_], &[String]) -> Tally,
            test_theirs as fn(&[_], &[String]) -> Tally,
        ),
        ("exec", exec.0, exec_ours, exec_theirs),
    ] {
        let timed = race(
            rounds,
            urls.len(),
            || {
                black_box(f(&rmine, black_box(urls)));
            },
            || {
                black_box(g(&rdeno, black_box(urls)));
            },
        );
        println!(
            "bench routes-regexp({name}, {n} routes) urls={} weburl-pattern={:.1}ns urlpattern={:.1}ns weburl-pattern/urlpattern={:.2} weburl-pattern/regex-free={:.2}",
            urls.len(),
            timed.0,
            timed.1,
            timed.0 / timed.1,
            timed.0 / free
        );
    }
    ok
}
