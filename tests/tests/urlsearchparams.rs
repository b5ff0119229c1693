//! URLSearchParams (url.bs §6.2): the cases of web-platform-tests
//! `url/urlsearchparams-{append,constructor,delete,foreach,get,getall,has,
//! set,size,sort,stringifier}.any.js`, as data in
//! `tests/vectors/urlsearchparams.json` (see its comment for the source and
//! what was left out), run against `weburl::UrlSearchParams` and against a
//! `weburl::Url`'s `search_params_mut()`.

use serde_json::Value;
use weburl::{Url, UrlSearchParams};
use weburl_conformance::root;

/// What a test operates on: a standalone list, or a URL's searchParams.
enum Subject {
    Params(UrlSearchParams),
    Url(Url),
}

impl Subject {
    /// The current list (for a URL: its query parsed, which is what the
    /// URL's query object holds).
    fn list(&self) -> UrlSearchParams {
        match self {
            Subject::Params(p) => p.clone(),
            Subject::Url(u) => u.search_params(),
        }
    }

    fn mutate(&mut self, f: impl FnOnce(&mut UrlSearchParams)) {
        match self {
            Subject::Params(p) => f(p),
            Subject::Url(u) => {
                f(&mut u.search_params_mut());
                // Idempotence: the updated href parses to the same URL.
                let again = Url::parse(u.href()).expect("updated href parses");
                assert_eq!(again.href(), u.href());
                assert_eq!(again.search_params(), u.search_params());
            }
        }
    }

    fn url(&self) -> Result<&Url, String> {
        match self {
            Subject::Url(u) => Ok(u),
            Subject::Params(_) => Err("step needs a URL".into()),
        }
    }
}

fn s(v: &Value) -> Result<&str, String> {
    v.as_str()
        .ok_or_else(|| format!("expected a string, got {v}"))
}

fn entries(v: &Value) -> Result<Vec<(String, String)>, String> {
    v.as_array()
        .ok_or("expected pairs")?
        .iter()
        .map(|p| Ok((s(&p[0])?.to_string(), s(&p[1])?.to_string())))
        .collect()
}

fn list_entries(p: &UrlSearchParams) -> Vec<(String, String)> {
    p.iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

fn expect<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: want {want:?}, got {got:?}"))
    }
}

/// Replaces `$name` by the name being iterated.
fn subst<'a>(arg: &'a str, current: &'a str) -> &'a str {
    if arg == "$name" {
        current
    } else {
        arg
    }
}

fn step(subject: &mut Subject, st: &[Value], current: &str) -> Result<(), String> {
    let op = s(&st[0])?;
    let arg = |i: usize| -> Result<&str, String> {
        Ok(subst(s(st.get(i).ok_or("missing argument")?)?, current))
    };
    match (op, st.len()) {
        ("append", 3) => {
            let (n, v) = (arg(1)?.to_string(), arg(2)?.to_string());
            subject.mutate(|p| p.append(n, v));
        }
        ("delete", 2) => {
            let n = arg(1)?.to_string();
            subject.mutate(|p| p.delete(&n));
        }
        ("delete", 3) => {
            let (n, v) = (arg(1)?.to_string(), arg(2)?.to_string());
            subject.mutate(|p| p.delete_pair(&n, &v));
        }
        ("set", 3) => {
            let (n, v) = (arg(1)?.to_string(), arg(2)?.to_string());
            subject.mutate(|p| p.set(n, v));
        }
        ("sort", 1) => subject.mutate(UrlSearchParams::sort),
        ("get", 3) => expect(
            "get",
            subject.list().get(arg(1)?).map(str::to_string),
            st[2].as_str().map(str::to_string),
        )?,
        ("getAll", 3) => {
            let want: Vec<String> = st[2]
                .as_array()
                .ok_or("getAll wants a list")?
                .iter()
                .map(|v| s(v).map(str::to_string))
                .collect::<Result<_, _>>()?;
            let list = subject.list();
            let got: Vec<String> = list
                .get_all(arg(1)?)
                .into_iter()
                .map(str::to_string)
                .collect();
            expect("getAll", got, want)?
        }
        ("has", 3) => expect(
            "has",
            subject.list().has(arg(1)?),
            st[2].as_bool().ok_or("bool")?,
        )?,
        ("has", 4) => expect(
            "has(name, value)",
            subject.list().has_pair(arg(1)?, arg(2)?),
            st[3].as_bool().ok_or("bool")?,
        )?,
        ("size", 2) => {
            let list = subject.list();
            expect("size", list.size() as u64, st[1].as_u64().ok_or("number")?)?;
            expect("len", list.len(), list.size())?;
        }
        ("toString", 2) => expect("toString", subject.list().to_string().as_str(), arg(1)?)?,
        ("entries", 2) => expect("entries", list_entries(&subject.list()), entries(&st[1])?)?,
        ("href", 2) => expect("href", subject.url()?.href(), arg(1)?)?,
        ("search", 2) => expect("search", subject.url()?.search(), arg(1)?)?,
        ("pathname", 2) => expect("pathname", subject.url()?.pathname(), arg(1)?)?,
        ("searchEntries", 2) => {
            let url = subject.url()?;
            let reparsed = UrlSearchParams::parse(url.search());
            expect(
                "entries of new URLSearchParams(url.search)",
                list_entries(&reparsed),
                entries(&st[1])?,
            )?
        }
        ("setSearch", 2) => match subject {
            Subject::Url(u) => {
                u.set_search(arg(1)?).map_err(|e| e.to_string())?;
            }
            Subject::Params(_) => return Err("setSearch needs a URL".into()),
        },
        ("new", 2) => *subject = Subject::Params(UrlSearchParams::parse(arg(1)?)),
        ("reparse", 1) => {
            *subject = Subject::Params(UrlSearchParams::parse(&subject.list().to_string()))
        }
        ("clone", 1) => {
            let copy = subject.list().clone();
            // A copy is independent of the original.
            let mut other = copy.clone();
            other.append("independent", "");
            if copy.has("independent") {
                return Err("clone shares state".into());
            }
            *subject = Subject::Params(copy);
        }
        ("newFromSequences", 2) => {
            let seqs = sequences(&st[1])?;
            let p = UrlSearchParams::try_from_sequences(seqs).map_err(|e| e.to_string())?;
            *subject = Subject::Params(p);
        }
        ("newFromSequencesFails", 2) => {
            if UrlSearchParams::try_from_sequences(sequences(&st[1])?).is_ok() {
                return Err("expected a TypeError (not a pair)".into());
            }
        }
        ("forOf", 3) => for_of(subject, &st[1], entries(&st[2])?)?,
        _ => return Err(format!("unknown step {st:?}")),
    }
    Ok(())
}

fn sequences(v: &Value) -> Result<Vec<Vec<String>>, String> {
    v.as_array()
        .ok_or("sequences")?
        .iter()
        .map(|seq| {
            seq.as_array()
                .ok_or("sequence")?
                .iter()
                .map(|x| s(x).map(str::to_string))
                .collect()
        })
        .collect()
}

/// A `for (const pair of params)` loop whose body may change the list:
/// WebIDL's pair iterator reads index i of the current list each time.
fn for_of(
    subject: &mut Subject,
    actions: &Value,
    want: Vec<(String, String)>,
) -> Result<(), String> {
    let none = Vec::new();
    let each = actions
        .get("each")
        .and_then(Value::as_array)
        .unwrap_or(&none);
    let skip: Vec<&str> = actions
        .get("skip")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut seen = Vec::new();
    let mut i = 0;
    loop {
        let list = subject.list();
        let Some((name, value)) = list.iter().nth(i) else {
            break;
        };
        let (name, value) = (name.to_string(), value.to_string());
        if !skip.contains(&name.as_str()) {
            seen.push((name.clone(), value));
        }
        let when = actions
            .get("when")
            .and_then(|w| w.get(&name))
            .and_then(Value::as_array);
        for st in each.iter().chain(when.unwrap_or(&none)) {
            step(subject, st.as_array().ok_or("step")?, &name)?;
        }
        i += 1;
        if i > 1000 {
            return Err("runaway loop".into());
        }
    }
    expect("pairs seen", seen, want)
}

fn run(test: &Value) -> Result<(), String> {
    let mut subject = if let Some(href) = test.get("url").and_then(Value::as_str) {
        let url = match test.get("base").and_then(Value::as_str) {
            Some(b) => Url::parse_with_base(href, &Url::parse(b).map_err(|e| e.to_string())?),
            None => Url::parse(href),
        };
        Subject::Url(url.map_err(|e| format!("url: {e}"))?)
    } else if let Some(p) = test.get("pairs") {
        Subject::Params(entries(p)?.into_iter().collect())
    } else {
        Subject::Params(UrlSearchParams::parse(s(&test["init"])?))
    };
    for (i, st) in test["steps"].as_array().ok_or("steps")?.iter().enumerate() {
        step(&mut subject, st.as_array().ok_or("step")?, "")
            .map_err(|e| format!("step {} {st}: {e}", i + 1))?;
    }
    Ok(())
}

#[test]
fn urlsearchparams() {
    let path = root().join("tests/vectors/urlsearchparams.json");
    let text = std::fs::read_to_string(&path).expect("tests/vectors/urlsearchparams.json");
    let data: Value = serde_json::from_str(&text).expect("JSON");
    let (mut passed, mut failed) = (0, 0);
    let mut report = String::new();
    for test in data["tests"].as_array().expect("tests") {
        match run(test) {
            Ok(()) => passed += 1,
            Err(e) => {
                failed += 1;
                report.push_str(&format!("{} [{}]: {e}\n", test["name"], test["source"]));
            }
        }
    }
    print!("{report}");
    println!("urlsearchparams: {passed} passed, {failed} failed");
    assert!(passed >= 80, "only {passed} tests");
    assert_eq!(failed, 0, "{report}");
}

#[test]
fn sort_is_by_utf16_code_units_and_stable() {
    // Astral characters (two UTF-16 code units, the first 0xD8xx..0xDBxx)
    // sort before U+E000..U+FFFF, unlike a code point (or UTF-8) order.
    let mut p =
        UrlSearchParams::parse("\u{FFFD}=1&\u{1F600}=2&\u{E000}=3&\u{10000}=4&\u{1F600}=5&a=6");
    p.sort();
    let got: Vec<_> = p.iter().map(|(_, v)| v).collect();
    assert_eq!(got, ["6", "4", "2", "5", "3", "1"]);
    // Through a URL, the query is rewritten in sorted order.
    let mut url = Url::parse(
        "https://example.org/?q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78",
    )
    .unwrap();
    url.search_params_mut().sort();
    assert_eq!(
        url.search(),
        "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
}

#[test]
fn url_query_updates() {
    // The spec's examples (url.bs §6.2 notes).
    let mut url = Url::parse("https://example.com/?a=b ~").unwrap();
    assert_eq!(url.href(), "https://example.com/?a=b%20~");
    url.search_params_mut().sort();
    assert_eq!(url.href(), "https://example.com/?a=b+%7E");
    let url = Url::parse("https://example.com/?a=~&b=%7E").unwrap();
    assert_eq!(url.search(), "?a=~&b=%7E");
    assert_eq!(url.search_params().get("a"), Some("~"));
    assert_eq!(url.search_params().get("b"), Some("~"));
    // Opaque paths keep their trailing spaces (2026: no stripping).
    let mut url = Url::parse("data:space    ?test#f").unwrap();
    url.search_params_mut().delete("test");
    assert_eq!(url.href(), "data:space   %20#f");
    // A non-special URL's query is rewritten as form-urlencoded too.
    let mut url = Url::parse("sc://h/p?a=1#x").unwrap();
    url.search_params_mut().append("b c", "d&e");
    assert_eq!(url.href(), "sc://h/p?a=1&b+c=d%26e#x");
    // Reading only never rewrites.
    let mut url = Url::parse("https://example.com/?a=b,c&&").unwrap();
    {
        let g = url.search_params_mut();
        assert_eq!(g.size(), 1);
    }
    assert_eq!(url.href(), "https://example.com/?a=b,c&&");
}
