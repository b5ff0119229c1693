//! The regex-free matcher against what ECMAScript gives for the generated
//! regular expressions (RegExpBuiltinExec on urlpattern.bs §2.2's output),
//! worked out by hand.

use super::*;
use crate::parser::parse_a_pattern_string;
use alloc::string::ToString;

fn run(pattern: &str, options: &Options, input: &str) -> Option<Vec<Option<String>>> {
    let parts = parse_a_pattern_string(pattern, options, |s| Ok(s.to_string())).unwrap();
    let program = Program::compile(&parts, options).unwrap();
    let mut slots = alloc::vec![None; program.groups() * 2];
    let tested = program.exec(input, &mut []);
    if !program.exec(input, &mut slots) {
        assert!(!tested, "test and exec disagree on {input:?}");
        return None;
    }
    assert!(tested, "test and exec disagree on {input:?}");
    Some(
        slots
            .chunks(2)
            .map(|c| match c {
                [Some(a), Some(b)] => Some(input[*a..*b].to_string()),
                _ => None,
            })
            .collect(),
    )
}

fn caps(v: &[Option<&str>]) -> Option<Vec<Option<String>>> {
    Some(v.iter().map(|s| s.map(|s| s.to_string())).collect())
}

// Expected captures are what ECMAScript gives for the generated
// expression (RegExpBuiltinExec on urlpattern.bs §2.2's output).
#[test]
fn segments_are_lazy_and_stop_at_the_delimiter() {
    let p = &Options::PATHNAME;
    assert_eq!(run("/:a/:b", p, "/x/y"), caps(&[Some("x"), Some("y")]));
    assert_eq!(run("/:a", p, "/x/y"), None);
    // ^([^\/]+?)([^\/]+?)$ on "abc": the first group is lazy.
    assert_eq!(run(":a:b", p, "abc"), caps(&[Some("a"), Some("bc")]));
}

#[test]
fn full_wildcards_are_greedy() {
    let p = &Options::PATHNAME;
    // ^(.*)(.*)$ : the first takes everything.
    assert_eq!(run("(.*)(.*)", p, "abc"), caps(&[Some("abc"), Some("")]));
    assert_eq!(run("/*", p, "/a/b"), caps(&[Some("a/b")]));
    assert_eq!(run("*", p, "a\nb"), None);
}

#[test]
fn optional_groups_are_undefined_when_skipped() {
    let p = &Options::PATHNAME;
    assert_eq!(run("/a/:b?", p, "/a"), caps(&[None]));
    // ^(.*)?$ on "": the empty iteration is rejected.
    assert_eq!(run("*?", p, ""), caps(&[None]));
    // ^((?:.*)*)$ on "": the group takes part, empty.
    assert_eq!(run("**", p, ""), caps(&[Some("")]));
}

#[test]
fn repeats_with_prefixes() {
    let p = &Options::PATHNAME;
    assert_eq!(run("/:a+", p, "/x/y/z"), caps(&[Some("x/y/z")]));
    assert_eq!(run("/:a*", p, ""), caps(&[None]));
    assert_eq!(run("/:a*", p, "/"), None);
    assert_eq!(
        run("{a:b-}+", &Options::DEFAULT, "a1-a2-"),
        caps(&[Some("1-a2")])
    );
}

#[test]
fn fixed_text_modifiers_and_case() {
    let p = &Options::PATHNAME;
    assert_eq!(run("/a{b}*c", p, "/abbbc"), caps(&[]));
    assert_eq!(run("/a{b}+c", p, "/ac"), None);
    let i = &Options::PATHNAME.with_ignore_case(true);
    assert_eq!(run("/FOO", i, "/foo"), caps(&[]));
    assert_eq!(run("/s", i, "/\u{17F}"), caps(&[]));
    assert_eq!(run("/k", i, "/\u{212A}"), caps(&[]));
    assert_eq!(run("/s", p, "/S"), None);
}

#[test]
fn no_exponential_backtracking() {
    let input = "a".repeat(5000) + "!";
    assert_eq!(run("{:x}+{:y}+{:z}+b", &Options::DEFAULT, &input), None);
}

fn splits(pattern: &str, options: &Options) -> usize {
    let parts = parse_a_pattern_string(pattern, options, |s| Ok(s.to_string())).unwrap();
    Program::compile(&parts, options).unwrap().splits
}

// The shortcuts give the one match the regular expression can give.
#[test]
fn wildcards_before_final_text() {
    let p = &Options::PATHNAME;
    // ^\/([^\/]+?)\.html$ on "/a.b.html": the only end is before ".html".
    assert_eq!(run("/:page.html", p, "/a.b.html"), caps(&[Some("a.b")]));
    assert_eq!(run("/:page.html", p, "/.html"), None);
    assert_eq!(run("/:page.html", p, "/a/b.html"), None);
    assert_eq!(run("/api/*", p, "/api/"), caps(&[Some("")]));
    assert_eq!(run("/api/*", p, "/api/a\nb"), None);
    assert_eq!(run("/api/*", p, "/api/a\u{2028}"), None);
    let h = &Options::HOSTNAME;
    assert_eq!(
        run("*.example.com", h, "a.b.example.com"),
        caps(&[Some("a.b")])
    );
    assert_eq!(run(":sub.example.com", h, "a.b.example.com"), None);
    // With ignore case the final text may take other byte lengths.
    let i = &Options::PATHNAME.with_ignore_case(true);
    assert_eq!(run("/:p.S", i, "/x.\u{17F}"), caps(&[Some("x")]));
    assert_eq!(
        run("/:p.k", i, "/\u{212A}.\u{212A}"),
        caps(&[Some("\u{212A}")])
    );
    assert_eq!(run("/:p.s", i, "/.s"), None);
    for pattern in ["/:page.html", "/api/*", "/:a/:b/:c/:d", "/:dir/"] {
        assert_eq!(splits(pattern, p), 0, "{pattern}");
    }
}

#[test]
fn segments_before_the_delimiter() {
    let p = &Options::PATHNAME;
    assert_eq!(
        run("/:a/:b/:c", p, "/x/y/z"),
        caps(&[Some("x"), Some("y"), Some("z")])
    );
    assert_eq!(run("/:a/:b", p, "//y"), None);
    assert_eq!(run("/:a/:b", p, "/x"), None);
    assert_eq!(run("/:a{/x}+", p, "/a/x/x"), caps(&[Some("a")]));
    // Followed by `.`, not the delimiter: lazy, backtracking.
    assert_eq!(run("/:a.:b", p, "/x.y.z"), caps(&[Some("x"), Some("y.z")]));
    assert_ne!(splits("/:a.:b", p), 0);
    // An optional part may be skipped: no shortcut.
    assert_eq!(run("/:a{/:b}?", p, "/x"), caps(&[Some("x"), None]));
}
