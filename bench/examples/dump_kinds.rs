// Temporary: writes the non-canonical set split by mutation kind.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let corpus = weburl_bench::sets::read_urls(args[1].as_ref()).unwrap();
    let wpt = weburl_bench::sets::wpt_inputs(args[2].as_ref()).unwrap();
    let out = std::path::Path::new(&args[3]);
    let set = weburl_bench::sets::non_canonical(&corpus, &wpt, 20_000);
    let mut files: Vec<String> = vec![String::new(); 13];
    for (i, u) in set.iter().enumerate() {
        let k = if i % 16 == 15 && i / 16 < wpt.len() {
            12
        } else {
            i % 12
        };
        if u.contains('\n') && k != 9 {
            continue;
        }
        if k == 9 {
            continue;
        } // newline breaks line files
        files[k].push_str(u);
        files[k].push('\n');
    }
    for (k, f) in files.iter().enumerate() {
        std::fs::write(out.join(format!("k{k:02}.txt")), f).unwrap();
    }
}
