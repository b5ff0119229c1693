//! The Ada 4.0.0 allow-list: each entry a disagreement between url-core
//! and Ada that is Ada's (older Unicode data, NFC, UTS #46 rules it does not
//! apply) or a documented url-core bound, never a url-core bug.

use super::{decoded, has_disallowed};
use crate::Fields;
use crate::{bidi, joiners};

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
        // The same bound in the base URL: url-core rejects the base. Judged,
        // as above, on the base's text or on Ada's serialization of its host
        // (this session's second hour-long run, 328 s in: a base host
        // `Aß….xn--lsbb…` whose xn-- label is 339 bytes, N'Ko decoding to
        // 333 code points; whatwg-url 17.3.0 accepts it too).
        (None, Some(_))
            if base.is_some_and(|b| {
                has_long_idn_label(b)
                    || base_rejected_where(b, |host| host.split('.').any(|l| l.len() > 256))
            }) =>
        {
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
            if base.is_some_and(|b| base_rejected_where(b, has_long_combining_run)) =>
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
                    && base_rejected_where(b, |_| true)
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
        // The same in a blob: URL's inner host, where only the origin shows
        // it (this session's hour-long run, 1,529 s in:
        // `blob:http://…êvHô\u{328}éǨ…#…`); judged on the origins' hosts,
        // their schemes and ports equal.
        (Some(o), Some(a))
            if only_origin_differs
                && a.protocol == "blob:"
                && a.origin.replacen(origin_host(&a.origin), origin_host(&o.origin), 1) == o.origin
                && nfc_of_adas_host_is_ours(origin_host(&a.origin), origin_host(&o.origin)) =>
        {
            Some("blob: Ada's inner host is not in NFC (a precomposed character's marks not reordered); its NFC is url-core's")
        }
        _ => None,
    }
}

/// Whether `ada` (a host as Ada serializes it), its xn-- labels decoded, is
/// not in NFC and normalizes to `ours` decoded the same way: label by
/// label, the labels that differ (an identical label is no evidence, and
/// `unicode-normalization`'s data may be older than both: this session's
/// differential run met `xn--3x7edddddddxaaaafklhexaa…`, Gurung Khema,
/// beside the reordered label, which it normalizes differently).
fn nfc_of_adas_host_is_ours(ada: &str, ours: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    // Punycode alone: UTS #46 ToUnicode would flag the label and replace
    // part of it.
    let decode = |label: &str| -> Option<String> {
        match label.strip_prefix("xn--") {
            Some(p) => idna::punycode::decode_to_string(p),
            None => Some(label.to_string()),
        }
    };
    let (ada, ours): (Vec<&str>, Vec<&str>) = (ada.split('.').collect(), ours.split('.').collect());
    if ada.len() != ours.len() {
        return false;
    }
    let mut differing = 0;
    for (a, o) in ada.iter().zip(&ours).filter(|(a, o)| a != o) {
        let (Some(a), Some(o)) = (decode(a), decode(o)) else {
            return false;
        };
        if unicode_normalization::is_nfc(&a) || a.nfc().collect::<String>() != o {
            return false;
        }
        differing += 1;
    }
    differing > 0
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
    base_rejected_where(base, breaks_an_idna_rule)
}

/// Whether url-core rejects `base` while Ada parses it into a host (as Ada
/// serializes it) for which `host` holds: the base-URL arms' common test.
fn base_rejected_where(base: &str, host: impl Fn(&str) -> bool) -> bool {
    url_core::Url::parse_into(base, String::new()).is_err()
        && crate::ada_fields(base, None).is_some_and(|a| host(&a.hostname))
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
        && base_rejected_where(base, |host| {
            has_non_bidi_ascii_label(host) || host.split('.').any(|l| l.starts_with("xn--"))
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

#[cfg(test)]
mod tests;
