//! Known, explained disagreements with the differential oracles. Each entry
//! is a predicate over the case and both answers, with the reason it is not a
//! url-core bug. Keep these narrow: a broad predicate hides real bugs.

use crate::Fields;
use crate::{bidi, joiners};
use std::collections::HashSet;
use std::sync::Mutex;

/// Prints `category` the first time `oracle` disagrees in it, so a run's log
/// shows which known deviations it met without flooding.
pub fn report(oracle: &str, category: &'static str) {
    static SEEN: Mutex<Option<HashSet<(String, &'static str)>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen
        .get_or_insert_with(HashSet::new)
        .insert((oracle.to_string(), category))
    {
        eprintln!("known {oracle} difference: {category}");
    }
}

/// Why url-core and Ada 4.0.0 may disagree on this case, if they may.
pub fn ada(
    input: &str,
    base: Option<&str>,
    ours: Option<&Fields>,
    ada: Option<&Fields>,
) -> Option<&'static str> {
    // Read the case as the parser does: leading/trailing C0 controls and
    // spaces stripped, tabs and newlines removed (so `%b\t6` is `%b6`), then
    // percent-decoded (so `%ef%b2%90` is the right-to-left U+FC90). The host
    // may come from the base URL (a relative input keeps it).
    let input_text = decoded(input);
    let base_text = base.map(decoded);
    // Right-to-left also when the label arrives as Punycode
    // (`https://ΩÈ=.xn--4gbrim/`): each xn-- label is judged decoded.
    let rtl = has_rtl_decoded(&input_text)
        || base_text.as_deref().is_some_and(has_rtl_decoded)
        || ada.is_some_and(|a| bidi::is_bidi_domain(&a.hostname));
    let only_origin_differs = matches!((ours, ada), (Some(o), Some(a)) if o.diff(a) == ["origin"]);
    match (ours, ada) {
        // UTS #46 CheckBidi: in a Bidi domain name (one with a
        // right-to-left label) *every* label must satisfy RFC 5893, so an
        // ASCII label must start with a letter (rule B1) and end with a
        // letter or digit (B6): IdnaTestV2 has `ᢡߞ.11.ق𑍦` and `0.ⴇتجم` as
        // errors. Ada 4.0.0 only checks the right-to-left labels and
        // accepts `http://1.א/`, `http://}x.א/`; url-core fails them.
        (None, Some(a)) if rtl && has_non_bidi_ascii_label(&a.hostname) => {
            Some("Bidi domain with an ASCII label that breaks RFC 5893 B1/B6")
        }
        // The same rule for non-ASCII left-to-right labels (`http:ا15..Λ52e2-+)`,
        // `https://ΩÈ=.xn--4gbrim/`): url-core checks every label of a Bidi
        // domain name, as IdnaTestV2.txt (which url-core passes in full)
        // expects; Ada checks only RTL labels. Judged on Ada's host with its
        // xn-- labels decoded, by the rule itself (`bidi`).
        (None, Some(a)) if bidi::breaks_bidi_rule(&a.hostname) => {
            Some("Bidi domain with a left-to-right label that breaks RFC 5893")
        }
        // The same, one level up: the base URL has such a host, so url-core
        // rejects the base (and so the whole parse) where Ada accepts it.
        (None, Some(_)) if base.is_some_and(base_is_bidi_rejected) => {
            Some("base URL: Bidi domain with an ASCII label that breaks RFC 5893 B1/B6")
        }
        // url-core's documented bound: a non-ASCII label (or the decoded form
        // of an xn-- label) longer than 256 code points fails (bounded stack,
        // no allocator; Punycode work is quadratic in label length). The
        // standard sets no limit (VerifyDnsLength is false), so Ada accepts.
        (None, Some(a))
            if has_long_idn_label(input) || a.hostname.split('.').any(|l| l.len() > 256) =>
        {
            Some("non-ASCII label over url-core's 256-code-point label bound")
        }
        // The same bound in the base URL: url-core rejects the base.
        (None, Some(_)) if base.is_some_and(has_long_idn_label) => {
            Some("base URL: non-ASCII label over url-core's 256-code-point label bound")
        }
        // url-core's other documented IDNA bound: more than 63 consecutive
        // combining characters (ccc ≠ 0) in a label fail (bounded NFC
        // buffer; UAX #15's stream-safe limit is 30). Ada and whatwg-url
        // set none. Judged on Ada's host with its xn-- labels decoded.
        (None, Some(a)) if has_long_combining_run(&a.hostname) => {
            Some("a label with more than 63 consecutive combining characters (url-core's bound)")
        }
        // The same bound in the base URL (issue 29's hour-long run, second
        // session: `ws://ト字.xn--ejea-j-sfMgnd…`, 'e', 'j' and 99 Arabic
        // marks below): url-core rejects the base, so the whole parse.
        (None, Some(_))
            if base.is_some_and(|b| {
                url_core::Url::parse_into(b, String::new()).is_err()
                    && crate::ada_fields(b, None).is_some_and(|a| has_long_combining_run(&a.hostname))
            }) =>
        {
            Some("base URL: a label with more than 63 consecutive combining characters (url-core's bound)")
        }
        // And in a blob: URL's inner host: only the origin differs.
        (Some(o), Some(a))
            if only_origin_differs
                && o.origin == "null"
                && a.protocol == "blob:"
                && has_long_combining_run(origin_host(&a.origin)) =>
        {
            Some("blob: inner host with more than 63 consecutive combining characters (url-core's bound)")
        }
        // UTS #46 CheckJoiners (RFC 5892 Appendix A): a ZERO WIDTH JOINER
        // only right after a virama; `क्\u{200d}\u{200d}ष` (issue 29's run,
        // from a mutation seed) has a second one after the first. url-core
        // and whatwg-url 17.3.0 reject it; Ada 4.0.0 accepts.
        (None, Some(a)) if joiners::breaks_contextj(&a.hostname) => {
            Some("ZWJ or ZWNJ outside RFC 5892 Appendix A's contexts")
        }
        // UTS #46 validity: a label must not begin with a combining mark;
        // `ト字.xn--ejea-j-efMgfd` (issue 29's third run) decodes to
        // U+08CF first. url-core and whatwg-url 17.3.0 reject; Ada accepts.
        (None, Some(a)) if joiners::begins_with_a_mark(&a.hostname) => {
            Some("a label that begins with a combining mark")
        }
        // The IDNA rules above, in the base URL: url-core rejects the
        // base (and so the whole parse), Ada accepts it (issue 29's run:
        // `ws:/8ç.xn---knx1enal8c7f./` as a base).
        (None, Some(_)) if base.is_some_and(base_breaks_an_idna_rule) => {
            Some("base URL: a host that breaks an IDNA rule Ada does not check")
        }
        // Any other UTS #46 validity criterion on a decoded xn-- label that
        // Ada does not check: excused when idna 1.1 rejects the host too.
        (None, Some(a)) if uts46_rejects(&a.hostname) => {
            Some("an xn-- label UTS #46 rejects (idna 1.1 too) that Ada accepts")
        }
        // RFC 3492 §6.2: in `xn---abc` the leading '-' of the Punycode part
        // has no code points before it, so it is not a delimiter and the label
        // is invalid (url-core, rust-url); Ada 4.0.0 decodes it as one.
        (None, Some(_)) if has_xn_leading_delimiter(input) => {
            Some("xn-- label whose Punycode starts with '-' (RFC 3492 §6.2)")
        }
        (Some(o), Some(a))
            if o.origin == "null" && a.origin != "null" && has_xn_leading_delimiter(input) =>
        {
            Some("blob: inner host with an xn-- label whose Punycode starts with '-'")
        }
        // The Bidi rule above, inside a blob: URL's inner URL: url-core
        // rejects the inner URL (origin null), Ada gives its tuple origin.
        // (Ada's protocol, not the input's prefix: "\0Blob:" and "b\nlob:"
        // are blob: URLs too.)
        (Some(o), Some(a))
            if o.origin == "null"
                && rtl
                && a.protocol == "blob:"
                && has_non_bidi_ascii_label(a.origin.rsplit("//").next().unwrap_or("")) =>
        {
            Some("blob: inner URL is a Bidi domain with an ASCII label that breaks RFC 5893")
        }
        // And for a left-to-right label (`xn--ls8h`, U+1F4A9, ends with an
        // ON character: B6) of a Bidi inner host.
        (Some(o), Some(a))
            if o.origin == "null"
                && rtl
                && a.protocol == "blob:"
                && a.origin
                    .rsplit("//")
                    .next()
                    .unwrap_or("")
                    .split('.')
                    .any(|l| l.starts_with("xn--"))
                && rejects_host_of(&a.origin) =>
        {
            Some("blob: inner URL is a Bidi domain with a left-to-right label that breaks RFC 5893")
        }
        // Any of those IDNA rules in a blob: URL's inner host (issue 29's
        // second run: `blob:http:DDD्\u{200d}\u{200d}ष/…`, CheckJoiners):
        // url-core rejects the inner URL, so only the origin differs.
        (Some(o), Some(a))
            if only_origin_differs
                && o.origin == "null"
                && a.protocol == "blob:"
                && breaks_an_idna_rule(origin_host(&a.origin)) =>
        {
            Some("blob: inner host breaks an IDNA rule Ada does not check")
        }
        // url-core's documented origin bound: a blob: URL whose inner URL
        // is not canonical gets its host copied inline, at most 255 bytes
        // (OriginHost::INLINE_CAPACITY); beyond that the origin is opaque.
        (Some(o), Some(a))
            if o.origin == "null" && a.protocol == "blob:" && a.origin.len() > 255 =>
        {
            Some("blob: origin host over url-core's 255-byte inline bound")
        }
        // The same bound's other half: a blob: URL's inner URL, when not
        // canonical, is parsed again into a stack buffer, its credentials
        // dropped first only when the rest fits in 319 bytes; long
        // credentials and a long written host (percent-encoded, or code
        // points IDNA removes) together leave it opaque (the hour-long run
        // of the second session, 2,610 s in).
        (Some(o), Some(a))
            if only_origin_differs
                && o.origin == "null"
                && a.protocol == "blob:"
                && blob_inner_over_origin_room(&a.pathname) =>
        {
            Some("blob: inner URL over url-core's origin parse room (long credentials and written host)")
        }
        // IDNA data: a code point url-core's UTS #46 table marks disallowed
        // that Ada 4.0.0 accepts. With idna-tables at 16.0.0 these were the
        // code points Unicode 17 assigned, e.g. U+FD90
        // (`http://%ef%b6%90x.com`); at 17.0.0, Ada's version, no code
        // point as a one-label host falls here any more. U+FFFD is excluded:
        // everyone rejects it.
        (None, Some(a))
            if a.hostname.split('.').any(|l| l.starts_with("xn--"))
                && has_disallowed(&input_text) =>
        {
            Some("domain with a code point the UTS #46 table disallows")
        }
        // The same code point in a blob: URL's inner host: url-core rejects
        // the inner URL, so only the origin differs (null vs Ada's tuple),
        // and url-core's ToASCII rejects the host Ada put in that origin.
        (Some(o), Some(a))
            if only_origin_differs
                && o.origin == "null"
                && a.protocol == "blob:"
                && has_disallowed(&input_text)
                && rejects_host_of(&a.origin) =>
        {
            Some("blob: inner host with a code point the UTS #46 table disallows")
        }
        // The same code point held by the base URL: url-core rejects the
        // base (so the whole parse), Ada accepts it.
        (None, Some(_))
            if base.is_some_and(|b| {
                base_text.as_deref().is_some_and(has_disallowed)
                    && url_core::Url::parse_into(b, String::new()).is_err()
                    && crate::ada_fields(b, None).is_some()
            }) =>
        {
            Some("base URL: domain with a code point the UTS #46 table disallows")
        }
        // The other way round: Ada 4.0.0 rejects a host that url-core and
        // idna 1.1 (ICU4X 2.4, Unicode 18) both accept, as whatwg-url
        // 17.3.0 does: Ada's IDNA data is older. Code points Unicode 18
        // assigned, and letters of Arabic Extended-B (U+0870..U+089F) in a
        // right-to-left label, which Ada's Bidi data does not count as
        // right-to-left (issue 29's fifth run: `ws://ࡽߊ/` fails in Ada).
        (Some(o), None) if uts46_accepts(&o.hostname) => {
            Some("a host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects")
        }
        // A code point that UTS #46 maps (or keeps) and Ada 4.0.0's data
        // rejects: `ws:/\u{209d}lcptg.f/` (U+209D, which Unicode 18
        // assigned and maps to `w`; issue 29's hour-long run). Judged one
        // code point at a time, by both oracles: Ada rejects it as a host
        // character, idna 1.1 accepts it (whatwg-url 17.3.0 does too).
        (Some(_), None)
            if input_text
                .chars()
                .chain(base_text.as_deref().unwrap_or_default().chars())
                .any(newer_than_ada) =>
        {
            Some("a code point UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects")
        }
        // The same host in the base URL: Ada rejects the base, so the whole
        // parse, even for an absolute input (`\0\0javascript:…` against
        // `ws://ト字.xn--0x7f…`, U+190EA: issue 29's hour-long run).
        (Some(_), None)
            if base.is_some_and(|b| {
                crate::ada_fields(b, None).is_none()
                    && crate::ours(b, None).is_some_and(|o| uts46_accepts(&o.hostname))
            }) =>
        {
            Some("base URL: a host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects")
        }
        // The same host inside a blob: URL: Ada rejects the inner URL, so
        // its origin is null, where url-core gives the inner URL's tuple
        // origin (`blob:http://ト字.xn--0x7f/`, U+190EA; issue 29's
        // hour-long run, second session). Or a code point of the inner
        // host that Unicode 18 assigned, which UTS #46 maps to ASCII
        // (`blob:http://a\u{209d}b/`, U+209D to `w`; the third session's
        // hour-long run): no xn-- label is left to judge, so the code point
        // is judged as above.
        (Some(o), Some(a))
            if only_origin_differs
                && a.origin == "null"
                && o.protocol == "blob:"
                && (uts46_accepts(origin_host(&o.origin))
                    || decoded(&o.pathname).chars().any(newer_than_ada))
                && crate::ada_fields(o.pathname.as_str(), None).is_none() =>
        {
            Some("blob: inner host UTS #46 accepts (idna 1.1 too) that Ada 4.0.0's older data rejects")
        }
        // Ada 4.0.0's NFC does not reorder a precomposed character's marks
        // with a following mark of a lower combining class:
        // `file://êvô\u{328}éè.xn2na5/` (ô, then U+0328 COMBINING OGONEK,
        // class 202 below ô's circumflex's 230) gives Ada `ô\u{328}`, which
        // is not in NFC; url-core and whatwg-url 17.3.0 give `ǫ\u{302}`
        // (the third session's third hour-long run, 2,656 s in). Judged by
        // unicode-normalization on Ada's host, xn-- labels decoded: not in
        // NFC, and its NFC is url-core's host; the hrefs differ in the host
        // alone.
        (Some(o), Some(a))
            if o.hostname != a.hostname
                && a.href.replacen(&a.hostname, &o.hostname, 1) == o.href
                && nfc_of_adas_host_is_ours(&a.hostname, &o.hostname) =>
        {
            Some("Ada's host is not in NFC (a precomposed character's marks not reordered); its NFC is url-core's")
        }
        _ => None,
    }
}

/// Whether `ada` (a host as Ada serializes it), its xn-- labels decoded, is
/// not in NFC and normalizes to `ours` decoded the same way.
fn nfc_of_adas_host_is_ours(ada: &str, ours: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    // Punycode alone: UTS #46 ToUnicode would flag the label and replace
    // part of it.
    let decode = |host: &str| -> Option<String> {
        let labels: Option<Vec<String>> = host
            .split('.')
            .map(|l| match l.strip_prefix("xn--") {
                Some(p) => idna::punycode::decode_to_string(p),
                None => Some(l.to_string()),
            })
            .collect();
        labels.map(|l| l.join("."))
    };
    let (Some(ada), Some(ours)) = (decode(ada), decode(ours)) else {
        return false;
    };
    !unicode_normalization::is_nfc(&ada) && ada.nfc().collect::<String>() == ours
}

/// Whether `host` (url-core's serialization) holds an `xn--` label and
/// idna 1.1's UTS #46 accepts it as the URL Standard asks.
fn uts46_accepts(host: &str) -> bool {
    host.split('.').any(|l| l.starts_with("xn--"))
        && idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).is_ok()
}

/// Whether `host` (ASCII, as Ada gives it) breaks an IDNA rule url-core
/// and the standard apply and Ada 4.0.0 does not: the Bidi rule on every
/// label of a Bidi domain, CheckJoiners, or RFC 3492 §6.2 (`xn---`). Each
/// is judged here independently of url-core.
fn breaks_an_idna_rule(host: &str) -> bool {
    bidi::breaks_bidi_rule(host)
        || joiners::breaks_contextj(host)
        || joiners::begins_with_a_mark(host)
        || has_xn_leading_delimiter(host)
        || uts46_rejects(host)
}

/// Whether `host` has an `xn--` label and idna 1.1 (rust-url's UTS #46,
/// with the URL Standard's flags and forbidden code points) rejects it: a
/// third implementation's word that the Punycode label is invalid, for the
/// validity criteria Ada 4.0.0 does not check on decoded labels and that
/// have no rule of their own here.
fn uts46_rejects(host: &str) -> bool {
    host.split('.').any(|l| l.starts_with("xn--"))
        && idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).is_err()
}

/// Whether `c` is a host code point Ada 4.0.0 rejects and idna 1.1 and
/// url-core accept (`http://a<c>b.example/`): data newer than Ada's.
fn newer_than_ada(c: char) -> bool {
    if c.is_ascii() || c == '\u{FFFD}' {
        return false;
    }
    let host = format!("a{c}b.example");
    let url = format!("http://{host}/");
    crate::ada_fields(&url, None).is_none()
        && crate::ours(&url, None).is_some()
        && idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).is_ok()
}

/// Whether url-core rejects `base` while Ada parses it into a host that
/// breaks one of those rules: the rules above, one level up.
fn base_breaks_an_idna_rule(base: &str) -> bool {
    url_core::Url::parse_into(base, String::new()).is_err()
        && crate::ada_fields(base, None).is_some_and(|a| breaks_an_idna_rule(&a.hostname))
}

/// The host of a serialized tuple origin (`scheme://host[:port]`).
fn origin_host(origin: &str) -> &str {
    let host = origin.rsplit("//").next().unwrap_or("");
    match host.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h,
        _ => host,
    }
}

/// Whether UTS #46 ToASCII (url-core's *domain parser ToASCII*, which unlike
/// the URL parser has no ASCII shortcut) rejects the host of Ada's tuple
/// origin `origin`: the host Ada accepted in its Unicode form.
fn rejects_host_of(origin: &str) -> bool {
    let host = origin.rsplit("//").next().unwrap_or("");
    let host = host.rsplit_once(':').map_or(host, |(h, _)| h);
    url_core::idna::to_ascii(host, false, &mut String::new()).is_err()
}

/// Whether `s` (percent-decoded, any case) has an `xn---` label start.
fn has_xn_leading_delimiter(s: &str) -> bool {
    decoded(s).to_ascii_lowercase().contains("xn---")
}

/// Whether some dot-separated part of `s` (percent-decoded) holds a
/// non-ASCII character and more than 256 characters (a label over
/// url-core's bound).
fn has_long_idn_label(s: &str) -> bool {
    decoded(s)
        .split(['.', '/', '?', '#', '@', ':'])
        .any(|l| !l.is_ascii() && l.chars().count() > 256)
}

/// Whether a label of `host` (ASCII, as Ada serializes it), its xn--
/// labels decoded, holds more than 63 consecutive combining characters
/// (canonical combining class ≠ 0): url-core's `MAX_NON_STARTERS`.
fn has_long_combining_run(host: &str) -> bool {
    let (unicode, _) = idna::domain_to_unicode(host);
    let mut run = 0;
    unicode.chars().any(|c| {
        if unicode_normalization::char::canonical_combining_class(c) == 0 {
            run = 0;
        } else {
            run += 1;
        }
        run > 63
    })
}

/// Whether `inner` (a blob: URL's path) is one url-core's `blob_origin`
/// (origin.rs) has no room for: it has credentials, its scheme and
/// authority without them are over 319 bytes as written (so they are kept),
/// and parsing its scheme and authority into the 1,020-byte stack buffer
/// runs out of room (the userinfo, and the host in up to two forms at once)
/// though the parse itself succeeds.
fn blob_inner_over_origin_room(inner: &str) -> bool {
    let Some(colon) = inner.find(':') else {
        return false;
    };
    let rest = inner[colon + 1..].trim_start_matches(['/', '\\']);
    let end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    // url-core cuts the inner URL after its authority's delimiter, which it
    // keeps, and rewrites it as scheme "//" and what follows the last '@':
    // that must be over 319 bytes. (Without the delimiter, the third
    // session's second hour-long run met an inner URL of 320 bytes that way,
    // 319 here.)
    let cut = (end + 1).min(rest.len());
    let Some((_, after_at)) = rest[..cut].rsplit_once('@') else {
        return false;
    };
    if colon + 3 + after_at.len() <= 319 {
        return false;
    }
    let head = &inner[..inner.len() - rest.len() + cut];
    let mut buf = [0u8; 1020];
    matches!(
        url_core::Url::parse_into(head, url_core::SliceStorage::new(&mut buf)),
        Err(url_core::ParseError::Capacity(_))
    ) && url_core::Url::parse_into(head, String::new()).is_ok()
}

/// Whether url-core rejects `base` for one of the Bidi reasons above (an
/// ASCII or a left-to-right label of a Bidi domain) while Ada parses it.
fn base_is_bidi_rejected(base: &str) -> bool {
    has_rtl(&decoded(base))
        && url_core::Url::parse_into(base, String::new()).is_err()
        && crate::ada_fields(base, None).is_some_and(|a| {
            has_non_bidi_ascii_label(&a.hostname)
                || a.hostname.split('.').any(|l| l.starts_with("xn--"))
        })
}

/// Whether `s` has a character from a right-to-left script block (Hebrew,
/// Arabic, Syriac, Thaana, NKo, … and their presentation forms).
fn has_rtl(s: &str) -> bool {
    s.chars().any(|c| {
        matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF
            | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
    })
}

/// [`has_rtl`] on `s` and on the Punycode-decoded form of every `xn--`
/// label in it (a label being a run of ASCII letters, digits and `-`).
fn has_rtl_decoded(s: &str) -> bool {
    has_rtl(s)
        || s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|t| t.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
            .filter_map(|t| bidi::punycode_decode(&t[4..]))
            .any(|cps| has_rtl(&cps.into_iter().collect::<String>()))
}

/// Whether some ASCII (not `xn--`) label of `host` fails B1 or B6 when the
/// domain is a Bidi domain name.
fn has_non_bidi_ascii_label(host: &str) -> bool {
    host.split('.').any(|l| {
        let b = l.as_bytes();
        !l.starts_with("xn--")
            && !b.is_empty()
            && (!b[0].is_ascii_alphabetic() || !b[b.len() - 1].is_ascii_alphanumeric())
    })
}

/// The known-deviation category of a url-core / rust-url 2.5.8 disagreement,
/// if it is one. Every category also requires Ada 4.0.0 (WPT-passing) to
/// agree with url-core, so a shared url-core/Ada bug that rust-url gets right
/// still aborts. `ada` is Ada's answer for the same case.
pub fn rust_url(
    input: &str,
    base: Option<&str>,
    ours: Option<&Fields>,
    theirs: Option<&Fields>,
    ada: Option<&Fields>,
) -> Option<&'static str> {
    if ours != ada {
        return None;
    }
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let base_special = base.is_some_and(|b| {
        let b: String = b
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let b = b.trim_matches(|c: char| c <= ' ').to_ascii_lowercase();
        ["http:", "https:", "ws:", "wss:", "ftp:"]
            .iter()
            .any(|s| b.starts_with(s))
    });
    match (ours, theirs) {
        (Some(o), Some(t)) => {
            let only = |names: &[&str]| o.diff(t).iter().all(|n| names.contains(n));
            if only(&["origin"]) && o.protocol == "blob:" && o.origin == "null" {
                // url.bs (2024): a blob: URL has a tuple origin only when its
                // inner URL is http(s); rust-url also uses ws/wss/ftp.
                return Some("blob: origin of a non-http(s) inner URL");
            }
            if !is_special(&o.protocol) && input.contains('\\') && o.pathname.contains('\\') {
                // url.bs: `\` is a path separator only in special URLs;
                // rust-url treats it as `/` for non-special ones too.
                return Some("`\\` in a non-special URL is a slash");
            }
            // Each check below looks at the attribute its deviation changes,
            // so two deviations in one URL (a dropped host and a `^`) pass.
            if !only(&["href", "host", "hostname", "pathname"]) {
                return None;
            }
            if o.pathname.replace("%5E", "^") == t.pathname {
                // url.bs (2025): `^` joined the path percent-encode set.
                return Some("`^` in a path is percent-encoded (url.bs 2025)");
            }
            let opaque_tail = o.pathname.strip_suffix("%20").unwrap_or(&o.pathname);
            if !o.pathname.starts_with('/') && opaque_tail.trim_end() == t.pathname.trim_end() {
                // url.bs (2025): opaque paths round-trip; spaces before a
                // query or fragment are encoded instead of stripped.
                return Some("opaque path spaces are encoded, not stripped (url.bs 2025)");
            }
            if o.protocol == "file:" && o.hostname != t.hostname && is_drive_path(&o.pathname) {
                // url.bs: a file: host is kept before a drive-letter path
                // (`file://host/C:/`); rust-url drops it.
                return Some("file: host before a Windows drive letter is dropped");
            }
            let file = o.protocol == "file:";
            let kept_drive = t
                .pathname
                .split('/')
                .enumerate()
                .any(|(i, seg)| is_drive_segment(seg) && !(file && i == 1));
            let dots = |s: &str| s.contains('.') || s.to_ascii_lowercase().contains("%2e");
            if kept_drive && (dots(input) || base.is_some_and(dots)) {
                // url.bs: `..` protects a drive letter only as the first
                // segment of a file: path; rust-url keeps a `C:` segment
                // anywhere (and in any scheme).
                return Some("`..` does not remove a drive-letter segment");
            }
            if o.protocol == "file:"
                && t.pathname.split('/').any(is_drive_segment)
                && !o.pathname.split('/').any(is_drive_segment)
            {
                // rust-url splits `a:2.2` into a drive letter and a segment.
                return Some("file: segment starting with `X:` taken for a drive letter");
            }
            if o.protocol == "file:" && o.pathname.replace(':', "|") == t.pathname.replace(':', "|")
            {
                // url.bs: the first segment `C|` of a file: path becomes `C:`.
                return Some("file: `C|` drive letter is not normalized to `C:`");
            }
            if o.protocol == "file:"
                && only(&["href", "pathname"])
                && (has_drive_like(input) || base.is_some_and(has_drive_like))
            {
                // rust-url's other file: drive-letter quirks when resolving
                // against or next to a `C:`-like segment (`b/a//` against
                // `file:/b/a///C:` gives `/b/a///C:b/a//`).
                return Some("file: drive-letter quirk in path resolution");
            }
            if o.protocol == "file:" && o.pathname.starts_with("//") {
                // url.bs keeps empty path segments in file: URLs
                // (`file:////p` has path `//p`); rust-url collapses them.
                return Some("file: path starting with an empty segment is collapsed");
            }
            None
        }
        (Some(o), None) => {
            // The input as the parser reads it (tabs, newlines removed,
            // percent-decoded): `x\tn--` and `%78n--` are xn-- labels too.
            let xn = |s: &str| decoded(s).to_ascii_lowercase().contains("xn--");
            if o.hostname.split('.').any(|l| l.starts_with("xn--"))
                && (xn(input) || base.is_some_and(xn))
            {
                // url.bs (2025): an ASCII domain is only lowercased and checked
                // for forbidden code points; ToASCII only reports validation
                // errors. rust-url fails on invalid Punycode (`xn--`, `xn--a`).
                return Some("ASCII xn-- label that is not valid Punycode");
            }
            if let Some(b) = base {
                if b.to_ascii_lowercase().contains("xn--")
                    && url::Url::parse(b).is_err()
                    && url_core::Url::parse_into(b, String::new()).is_ok()
                {
                    // The same, in the base: rust-url rejects the base.
                    return Some("ASCII xn-- label that is not valid Punycode");
                }
            }
            if base_special && trimmed.starts_with("///") {
                // rust-url fails on a scheme-relative input with three or
                // more slashes against a special base (url.bs: they are all
                // skipped, `///x` → `http://x/`).
                return Some("special-relative input with 3+ slashes");
            }
            if !is_special(&o.protocol) && input.contains('\\') {
                return Some("`\\` in a non-special URL is a slash");
            }
            None
        }
        (None, Some(t)) => {
            // The base counts too: a base url.bs rejects fails the whole parse.
            let base_backslash = base.is_some_and(|b| b.contains('\\') && !is_special_base(b));
            if base_backslash || (!is_special(&t.protocol) && input.contains('\\')) {
                // The same `\`-as-slash deviation, where it makes rust-url
                // accept a host or port that url.bs rejects.
                return Some("`\\` in a non-special URL is a slash");
            }
            if !is_special(&t.protocol)
                && t.hostname.is_empty()
                && (input.contains('@') || base.is_some_and(|b| b.contains('@')))
            {
                // url.bs: credentials followed by an empty host are a failure
                // (host-missing, `sc://@`, `sc://a@/`); rust-url accepts.
                return Some("credentials with an empty host in a non-special URL");
            }
            None
        }
        _ => None,
    }
}

fn is_special(protocol: &str) -> bool {
    ["http:", "https:", "ws:", "wss:", "ftp:", "file:"].contains(&protocol)
}

/// A path segment that is a Windows drive letter (`C:` or `C|`).
fn is_drive_segment(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// `/C:` or `/C:/…` (a normalized Windows drive letter as the first segment).
fn is_drive_path(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() >= 3
        && b[0] == b'/'
        && b[1].is_ascii_alphabetic()
        && b[2] == b':'
        && (b.len() == 3 || b[3] == b'/')
}

/// Whether `s` has a letter followed by `:` or `|` at the start of a path
/// segment (a Windows drive letter, normalized or not).
fn has_drive_like(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1)).any(|i| {
        (i == 0 || matches!(b[i - 1], b'/' | b'\\'))
            && b[i].is_ascii_alphabetic()
            && matches!(b[i + 1], b':' | b'|')
    })
}

/// Whether `base` starts with a special scheme.
fn is_special_base(base: &str) -> bool {
    let b = base
        .trim_start_matches(|c: char| c <= ' ')
        .to_ascii_lowercase();
    ["http:", "https:", "ws:", "wss:", "ftp:", "file:"]
        .iter()
        .any(|s| b.starts_with(s))
}

/// `s` as the basic URL parser reads it (url.bs §4.4, the steps before the
/// state machine: leading and trailing C0 control or space stripped, every
/// ASCII tab or newline removed), then percent-decoded: what the URL *is*,
/// whatever surface shape the fuzzer gave it.
fn decoded(s: &str) -> String {
    let trimmed = s.trim_matches(|c: char| c <= ' ');
    let clean: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    percent_decode(&clean)
}

/// `s` with every `%XX` decoded, as lossy UTF-8.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if let (b'%', Some(h), Some(l)) = (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `s` has a non-ASCII code point other than U+FFFD that UTS #46
/// disallows (idna-tables: 18.0.0).
fn has_disallowed(s: &str) -> bool {
    s.chars().any(|c| {
        !c.is_ascii()
            && c != '\u{FFFD}'
            && idna_tables::mapping(c as u32) == idna_tables::Mapping::Disallowed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input of a kept reproducer in `regressions/differential_ada/`.
    fn regression_input(name: &str) -> String {
        let path = format!(
            "{}/regressions/differential_ada/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(&path).expect("regression file");
        crate::Case::from_bytes(&bytes).input.into_owned()
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
}
