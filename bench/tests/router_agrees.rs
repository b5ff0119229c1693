//! The router workload's three routers find the same route for every
//! request (the bench checks this too; here it runs in `cargo test`).

use weburl_bench::router::{requests, Routers, ROUTES_FILE};

#[test]
fn three_routers_agree() {
    let text = std::fs::read_to_string(ROUTES_FILE).expect("cargo xtask fetch-data");
    let r = Routers::new(&text);
    assert!(r.len() > 600, "{}", r.len());
    let reqs = requests(&r.paths, 3_000);
    let mut disagreements = Vec::new();
    for path in &reqs {
        let (a, b) = (r.find_weburl_pattern(path), r.find_matchit(path));
        if a != b {
            disagreements.push(format!("{path}: weburl-pattern {a:?}, matchit {b:?}"));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {}:\n{}",
        disagreements.len(),
        reqs.len(),
        disagreements[..disagreements.len().min(10)].join("\n")
    );
}
