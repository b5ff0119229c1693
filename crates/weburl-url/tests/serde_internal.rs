//! `Url::serialize_internal` and `deserialize_internal` (feature `serde`)
//! against rust-url 2.5.8's own: for every WPT input and a sample of the
//! bench corpora that both crates parse to the same serialization, the same
//! JSON, and each side reads what the other wrote.

use rust_url as ru;
use weburl_url as wu;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn inputs() -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(root().join("data/wpt/urltestdata.json")).unwrap();
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut out: Vec<(String, Option<String>)> = cases
        .iter()
        .filter_map(|c| {
            let input = c.get("input")?.as_str()?.to_string();
            let base = c.get("base").and_then(|b| b.as_str()).map(String::from);
            Some((input, base))
        })
        .collect();
    let dir = root().join("../shared/data/bench");
    for name in ["kasztp.txt", "userbait.txt", "node_files.txt"] {
        if let Ok(text) = std::fs::read_to_string(dir.join(name)) {
            out.extend(text.lines().step_by(50).map(|l| (l.to_string(), None)));
        }
    }
    out
}

fn json_of(write: impl FnOnce(&mut serde_json::Serializer<&mut Vec<u8>>)) -> String {
    let mut out = Vec::new();
    write(&mut serde_json::Serializer::new(&mut out));
    String::from_utf8(out).unwrap()
}

#[test]
fn serialize_internal_matches_rust_url() {
    let (mut compared, mut problems) = (0, Vec::new());
    for (input, base) in inputs() {
        let (r, w) = match &base {
            None => (ru::Url::parse(&input), wu::Url::parse(&input)),
            Some(b) => (
                ru::Url::parse(b).and_then(|b| b.join(&input)),
                wu::Url::parse(b).and_then(|b| b.join(&input)),
            ),
        };
        let (Ok(r), Ok(w)) = (r, w) else { continue };
        if r.as_str() != w.as_str() {
            continue; // DIFFERENCES.md: weburl-url follows the standard
        }
        compared += 1;
        let theirs = json_of(|s| r.serialize_internal(s).unwrap());
        let ours = json_of(|s| w.serialize_internal(s).unwrap());
        if theirs != ours {
            problems.push(format!("{input:?}: rust-url {theirs}, weburl-url {ours}"));
            continue;
        }
        let read = wu::Url::deserialize_internal(&mut serde_json::Deserializer::from_str(&theirs));
        if read.as_ref().ok() != Some(&w) {
            problems.push(format!("{input:?}: reading rust-url's gives {read:?}"));
        }
        let back = ru::Url::deserialize_internal(&mut serde_json::Deserializer::from_str(&ours));
        if back.as_ref().map(|u| u.as_str()).ok() != Some(r.as_str()) {
            problems.push(format!("{input:?}: rust-url reading ours gives {back:?}"));
        }
    }
    println!("serialize_internal: {compared} URLs compared with rust-url");
    assert!(compared > 500, "only {compared}");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems[..problems.len().min(20)].join("\n")
    );
}

/// Offsets that do not match the serialization are refused; so is a
/// serialization that is not a URL.
#[test]
fn deserialize_internal_checks_what_it_reads() {
    let read =
        |json: &str| wu::Url::deserialize_internal(&mut serde_json::Deserializer::from_str(json));
    assert!(read(r#"["http://h/",4,7,7,8,"Domain",null,8,null,null]"#).is_ok());
    assert!(read(r#"["http://h/",4,7,7,8,"None",null,8,null,null]"#).is_err());
    assert!(read(r#"["http://h/",4,7,7,8,"Domain",80,8,null,null]"#).is_err());
    assert!(read(r#"["http://h/",4,7,7,8,"Domain",null,8,9,null]"#).is_err());
    assert!(read(r#"["not a url",4,7,7,8,"Domain",null,8,null,null]"#).is_err());
    assert!(read(r#"["http://1.2.3.4/",4,7,7,14,{"Ipv4":"1.2.3.4"},null,14,null,null]"#).is_ok());
}
