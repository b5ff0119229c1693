//! The allow-list's own regression tests: each input once stopped a
//! `differential_ada` run.

use super::*;

/// The input of a kept reproducer in `regressions/differential_ada/`.
fn regression_input(name: &str) -> String {
    regression_case(name).0
}

/// The input and base of a kept reproducer in `regressions/differential_ada/`.
fn regression_case(name: &str) -> (String, Option<String>) {
    let path = format!(
        "{}/regressions/differential_ada/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).expect("regression file");
    let case = crate::Case::from_bytes(&bytes);
    (case.input.into_owned(), case.base.map(|b| b.into_owned()))
}

/// The differential_ada reproducers of the reliability review (issue
/// 12), each in a known category; the same files are replayed from
/// fuzz/regressions/differential_ada by every fuzz run.
fn category(input: &str, base: Option<&str>) -> Option<&'static str> {
    let ours = crate::ours(input, base);
    let theirs = crate::ada_fields(input, base);
    assert_ne!(ours, theirs, "{input:?} no longer differs");
    ada(input, base, ours.as_ref(), theirs.as_ref())
}

#[test]
fn tab_inside_a_percent_escape() {
    // The right-to-left U+FC90 once the tab is removed.
    assert!(category("http://%ef%b\t2%90.0x4.com/", None).is_some());
}

#[test]
fn percent_encoded_right_to_left_character() {
    assert!(category("http://%ef%b2%90.0x4.com/", None).is_some());
}

/// Issue 29: the right-to-left label arrives as Punycode (`xn--4gbrim`
/// is U+0645 U+0648 U+0642 U+0639), so the domain is a Bidi domain
/// and the left-to-right label `ωè=` breaks RFC 5893 (B6: it ends with
/// `=`, Bidi_Class ON). url-core and whatwg-url 17.3.0 reject it; Ada
/// 4.0.0 accepts it.
#[test]
fn right_to_left_label_as_punycode() {
    assert_eq!(
        category("https://\u{3a9}\u{c8}=.xn--4gbrim/", None),
        Some("Bidi domain with a left-to-right label that breaks RFC 5893")
    );
    // The same with the Punycode label upper-cased and a tab inside it.
    assert!(category("https://\u{3a9}\u{c8}=.XN--4g\tbrim/", None).is_some());
}

/// Issue 29's hour-long run: a seed from mutations.jsonl with two ZWJs
/// after a virama (whatwg-url 17.3.0: failure, as url-core).
#[test]
fn zwj_not_after_a_virama() {
    assert_eq!(
        category(
            "file://xn--wgv71a119e.\u{915}\u{94d}\u{200d}\u{200d}\u{937}/test.txt?a=b&c=d",
            None
        ),
        Some("ZWJ or ZWNJ outside RFC 5892 Appendix A's contexts")
    );
}

/// Issue 29's hour-long run stopped here: the base has an `xn---` label
/// (whatwg-url 17.3.0 rejects the base, as url-core does).
#[test]
fn base_with_an_xn_label_whose_punycode_starts_with_a_hyphen() {
    assert_eq!(
        category(
            "x",
            Some("ws:/8\u{e7}.xn---knx1enal8c7f./%..\u{47d}\u{2bf}%25")
        ),
        Some("base URL: a host that breaks an IDNA rule Ada does not check")
    );
}

/// Issue 29's second hour-long run stopped here: the same CheckJoiners
/// case as the inner URL of a blob: URL (origin null for url-core and
/// whatwg-url, a tuple origin for Ada).
#[test]
fn blob_inner_host_with_a_zwj_not_after_a_virama() {
    assert_eq!(
        category("blob:http:DDD\u{94d}\u{200d}\u{200d}\u{937}/t", None),
        Some("blob: inner host breaks an IDNA rule Ada does not check")
    );
    assert_eq!(origin_host("http://xn--a.b:8080"), "xn--a.b");
    assert_eq!(origin_host("https://[::1]"), "[::1]");
}

/// Issue 29's third hour-long run stopped here (whatwg-url 17.3.0:
/// failure, as url-core).
#[test]
fn label_that_begins_with_a_combining_mark() {
    assert_eq!(
        category("ws://\u{30c8}\u{5b57}.xn--ejea-j-efMgfd/|", None),
        Some("a label that begins with a combining mark")
    );
}

/// The third implementation agrees on each shape the runs found, and
/// accepts a valid Bidi domain and an IPv6 host (not excused).
#[test]
fn idna_crate_as_a_second_opinion() {
    assert!(uts46_rejects("xn--fdk449j.xn--ejea-j-efmgfd"));
    assert!(uts46_rejects("xn--8-vfa.xn---knx1enal8c7f"));
    assert!(!uts46_rejects("www.xn--4gbrim.com"));
    assert!(!uts46_rejects("[::1]"));
}

/// The narrowing that came with it: a Bidi domain whose labels all keep
/// the rule is not excused, so a url-core failure on it would stop the
/// fuzzer. (Both parse it, so there is nothing to excuse.)
#[test]
fn arabic_extended_b_in_a_right_to_left_label() {
    // Issue 29's fifth hour-long run, and the shortest form of it.
    for input in [
        "ws://\u{e7}AAAAAACAAAA3&AAA\u{df}AAA6AAAA.xn--lsbbbbbbbbbbbbbbjbbbbbbbbA000blob:000000000/",
        "ws://\u{87d}\u{7ca}/",
        "ws://\u{870}\u{7ca}/",
    ] {
        assert!(crate::ours(input, None).is_some(), "{input:?}");
        assert_eq!(
            category(input, None),
            Some("a host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects"),
            "{input:?}"
        );
    }
}

/// U+209D, assigned in Unicode 18 and mapped to `w` (issue 29's
/// hour-long run): url-core and whatwg-url 17.3.0 give `ws://wlcptg.f/`.
#[test]
fn code_point_newer_than_ada_data() {
    let input = "ws:/\u{209d}lcptg.f/Blfhvm/";
    assert_eq!(
        crate::ours(input, None).map(|f| f.href),
        Some("ws://wlcptg.f/Blfhvm/".to_string())
    );
    assert_eq!(
        category(input, None),
        Some("a code point UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects")
    );
    // Not excused: a code point Ada accepts, or one UTS #46 disallows.
    assert!(!newer_than_ada('\u{e9}'));
    assert!(!newer_than_ada('\u{2028}'));
}

/// The same host held by the base URL (issue 29's hour-long run, and
/// its shortest form): Ada rejects the base, so the absolute input
/// too. Ada rejects `ws://ト字.xn--0x7f/` (the xn-- label decodes to
/// U+190EA, which Unicode 18 assigned) though it accepts
/// `ws://xn--fdk449j.xn--0x7f/`, its own serialization of it;
/// whatwg-url 17.3.0 accepts both, as url-core does.
#[test]
fn base_with_a_host_ada_data_predates() {
    for (input, base) in [
        (
            "\0\0javascript:\u{1}1a1p",
            "ws://\u{30c8}\u{5b57}.xn--0x7f.1-sfMg\n00p://=\0OO\n%8 ~t001/xn",
        ),
        ("javascript:x", "ws://\u{30c8}\u{5b57}.xn--0x7f/"),
    ] {
        assert!(crate::ours(input, Some(base)).is_some(), "{input:?}");
        assert_eq!(
            category(input, Some(base)),
            Some("base URL: a host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects"),
            "{input:?}"
        );
    }
}

/// The same host as a blob: URL's inner host (the hour-long run of the
/// second session, and its shortest form), and U+209D there (the third
/// session's, and its shortest form): Ada rejects the inner URL (origin
/// null); url-core, like whatwg-url 17.3.0, gives its origin.
#[test]
fn blob_inner_host_ada_data_predates() {
    let long = "blob:h\tt\nt\rp://\u{30c8}\u{5b57}.xn--0x7fcOOOOOOaaaaaaaa/h\to\nXX";
    let third = regression_input("blob-inner-host-newer-code-point-u209d");
    for input in [
        "blob:http://\u{30c8}\u{5b57}.xn--0x7f/",
        long,
        "blob:http://a\u{209d}b/",
        &third,
    ] {
        let ours = crate::ours(input, None).expect("parses");
        assert_ne!(ours.origin, "null", "{input:?}");
        assert_eq!(
            crate::ada_fields(input, None).map(|a| a.origin),
            Some("null".to_string()),
            "{input:?}"
        );
        assert_eq!(
            category(input, None),
            Some("blob: inner host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects"),
            "{input:?}"
        );
    }
}

/// url-core's bound of 63 consecutive combining characters, here in a
/// base URL's xn-- label (the hour-long run of the second session) and
/// in the input's own host. Ada and whatwg-url 17.3.0 accept both.
#[test]
fn combining_run_over_url_core_bound() {
    let label = "xn--ejea-j-sfMgndaaaaaaaaaaaaaaaaaaaaaaaaaaaUaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaOaaaaaaaaaaaaaaaaa";
    let base = format!("ws://\u{30c8}\u{5b57}.{label}");
    assert!(url_core::Url::parse_into(base.as_str(), String::new()).is_err());
    // A relative input gets the base's host (judged on Ada's answer);
    // an absolute one fails only because the base does.
    assert_eq!(
        category("x", Some(&base)),
        Some("a label with more than 63 consecutive combining characters (url-core's bound)")
    );
    assert_eq!(
        category("javascript:x", Some(&base)),
        Some("base URL: a label with more than 63 consecutive combining characters (url-core's bound)")
    );
    let input = format!("ws://\u{e9}.{label}/");
    assert_eq!(
        category(&input, None),
        Some("a label with more than 63 consecutive combining characters (url-core's bound)")
    );
    // 63 marks pass, 64 do not: the bound itself.
    let marks = |n: usize| format!("ws://\u{e9}.e{}/", "\u{8d2}".repeat(n));
    assert!(crate::ours(&marks(63), None).is_some());
    assert!(crate::ours(&marks(64), None).is_none());
    assert!(!has_long_combining_run("xn--e-ej-dtla"));
}

/// A blob: URL whose inner URL has long credentials and a long written
/// host (the second session's hour-long run stopped on one at 2,610 s):
/// url-core's origin is opaque, Ada's and whatwg-url's `http://a.com`.
#[test]
fn blob_inner_url_over_origin_room() {
    // url-core's origin is opaque, and the rule excuses it.
    let over_room = |input: &str| {
        assert_eq!(
            crate::ours(input, None).map(|o| o.origin),
            Some("null".to_string()),
            "{input:?}"
        );
        assert_eq!(
            category(input, None),
            Some("blob: inner URL over url-core's origin parse room (long credentials and written host)"),
            "{input:?}"
        );
    };
    let input = format!(
        "blob:http://{}@{}a.com/",
        "u".repeat(1100),
        "%E2%80%8B".repeat(60)
    );
    over_room(&input);
    assert_eq!(
        crate::ada_fields(&input, None).map(|a| a.origin),
        Some("http://a.com".to_string())
    );
    // Credentials shorter than the buffer: the host's forms still do
    // not fit beside them (the run's second stop, at 676 s).
    over_room(&format!(
        "blob:http://{}@{}{}a.com/",
        "u".repeat(500),
        "%E2%80%8B".repeat(60),
        "b".repeat(200)
    ));
    // Without the credentials url-core has room, and agrees.
    let short = format!("blob:http://{}a.com/", "%E2%80%8B".repeat(60));
    assert_eq!(crate::ours(&short, None), crate::ada_fields(&short, None));
    // The bound counts the authority's delimiter, which url-core keeps:
    // "http://" and a written host of 312 bytes and '/' are 320 bytes,
    // over the 319 that credentials are dropped within; 311 fit (the
    // third session's second hour-long run, whose input is kept too).
    let written = |n: usize| {
        format!(
            "blob:http://{}@{}{}.com/",
            "u".repeat(1100),
            "%E2%80%8B".repeat(30),
            "a".repeat(n - 274)
        )
    };
    over_room(&written(312));
    assert_eq!(
        crate::ours(&written(311), None),
        crate::ada_fields(&written(311), None)
    );
    over_room(&regression_input("blob-inner-url-over-origin-room-3"));
}

/// A precomposed character and a following mark of a lower combining
/// class (the third session's third hour-long run, and its shortest
/// forms): Ada leaves them unordered; url-core, like whatwg-url 17.3.0,
/// gives their NFC (`xn--nka27c` for U+01EB U+0302).
#[test]
fn ada_host_not_in_nfc() {
    let run = regression_input("ada-nfc-without-reordering");
    for input in [
        "http://\u{f4}\u{328}/",
        "file://\u{ea}v\u{f4}\u{328}\u{e9}\u{e8}.xn2na5/x",
        &run,
    ] {
        let ours = crate::ours(input, None).expect("parses");
        let ada = crate::ada_fields(input, None).expect("Ada parses");
        assert_ne!(ours.hostname, ada.hostname, "{input:?}");
        assert_eq!(
            category(input, None),
            Some("Ada's host is not in NFC (a precomposed character's marks not reordered); its NFC is url-core's"),
            "{input:?}"
        );
    }
    assert_eq!(
        crate::ours("http://\u{f4}\u{328}/", None).map(|o| o.hostname),
        Some("xn--nka27c".to_string())
    );
    // Not excused: a host whose NFC is not url-core's.
    assert!(!nfc_of_adas_host_is_ours("xn--nka27c", "xn--nka27c"));
    assert!(!nfc_of_adas_host_is_ours("xn--v-8facc5cy8t", "example"));
}

#[test]
fn blob_inner_host_not_in_nfc_at_ada() {
    let run = regression_input("blob-ada-nfc-without-reordering");
    for input in [
        "blob:http://\u{f4}\u{328}/x",
        "blob:https://a\u{ea}v\u{f4}\u{328}\u{e9}:8080/",
        &run,
    ] {
        let ours = crate::ours(input, None).expect("parses");
        let ada = crate::ada_fields(input, None).expect("Ada parses");
        assert_eq!(ours.diff(&ada), ["origin"], "{input:?}");
        assert_eq!(
            category(input, None),
            Some("blob: Ada's inner host is not in NFC (a precomposed character's marks not reordered); its NFC is url-core's"),
            "{input:?}"
        );
    }
    // whatwg-url 17.3.0 gives the inner URL's host `xn--nka27c` (ǫ U+0302).
    assert_eq!(
        crate::ours("blob:http://\u{f4}\u{328}/x", None).map(|o| o.origin),
        Some("http://xn--nka27c".to_string())
    );
}

#[test]
fn base_with_an_xn_label_over_the_label_bound() {
    let (run, run_base) = regression_case("base-xn-label-over-label-bound");
    assert!(run_base.is_some(), "the kept run has a base");
    assert_eq!(
        category(&run, run_base.as_deref()),
        Some("base URL: non-ASCII label over url-core's 256-code-point label bound")
    );
    // A non-ASCII label beside an xn-- label that decodes to 300 code
    // points: url-core's general IDNA path holds a label in 256 and fails;
    // Ada (and whatwg-url 17.3.0) accept.
    let long = idna::punycode::encode_str(&"\u{e9}".repeat(300)).expect("encodes");
    assert!(long.len() + 4 > 256, "{}", long.len());
    let base = format!("https://\u{df}.xn--{long}/p");
    let input = "//h/x";
    assert!(crate::ours(input, Some(&base)).is_none());
    assert!(crate::ada_fields(input, Some(&base)).is_some());
    assert_eq!(
        category(input, Some(&base)),
        Some("base URL: non-ASCII label over url-core's 256-code-point label bound")
    );
    // Not excused: a base whose labels fit, which url-core parses.
    let short = idna::punycode::encode_str(&"\u{e9}".repeat(200)).expect("encodes");
    let base = format!("https://\u{df}.xn--{short}/p");
    assert!(url_core::Url::parse_into(&base, String::new()).is_ok());
    assert_eq!(
        crate::ours(input, Some(&base)),
        crate::ada_fields(input, Some(&base))
    );
}

#[test]
fn a_bidi_domain_that_keeps_the_rule_parses() {
    let input = "https://www.xn--4gbrim.com/";
    assert!(crate::ours(input, None).is_some());
    assert_eq!(crate::ours(input, None), crate::ada_fields(input, None));
    assert!(!bidi::breaks_bidi_rule("www.xn--4gbrim.com"));
}

/// Three reproducers (the files stay in fuzz/regressions/differential_ada
/// as plain replays) held U+FD90, reserved in Unicode 16, which Ada 4.0.0
/// already accepted: Unicode 17 assigned it. Since idna-tables is UTS #46
/// 17.0.0, url-core accepts it too and they no longer differ.
#[test]
fn u_fd90_reproducers_agree_since_unicode_17() {
    for (input, base) in [
        ("http://%ef%b\t6%90zp/", None),
        ("blob:http://%ef%b6%90zp/", None),
        ("x", Some("http://%ef%b6%90zp/")),
    ] {
        let ours = crate::ours(input, base);
        assert!(ours.is_some(), "{input:?}");
        assert_eq!(ours, crate::ada_fields(input, base), "{input:?}");
    }
}
