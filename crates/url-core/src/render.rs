//! URL rendering for a person making a trust decision (url.bs §4.8).
//!
//! [`render`] writes a display form of a URL into a caller's storage (no
//! allocator):
//!
//! - **No credentials**: username and password are never shown
//!   (`https://examplecorp.com@attacker.example/` shows `attacker.example`).
//! - **Host through domain to Unicode**, label by label, but a label stays in
//!   its ASCII (Punycode) form when its Unicode form could fool a user:
//!   when ToUnicode fails, when the label is not *highly restrictive* in the
//!   sense of UTS #39 §5.2 (one script, or Latin with Han + Bopomofo, Han +
//!   Hiragana + Katakana, or Han + Hangul — computed from augmented
//!   Script_Extensions, Common and Inherited ignored; data in
//!   `script-tables`), or when it contains an invisible, bidi-control or
//!   spoof-prone code point ([`is_safe_to_show`]). A mixed Cyrillic/Latin
//!   label like `xn--80ak6aa92e` stays as it is.
//! - **Percent-decoding where safe**: in path, query and fragment, a run of
//!   percent-encoded bytes that is UTF-8 for a non-ASCII code point that is
//!   safe to show ([`is_safe_to_show`]) becomes that code point; everything
//!   else — every ASCII byte (`%2F` must not become a `/`, `%20` would be
//!   invisible), invalid UTF-8, unsafe code points — stays encoded. A
//!   decoded combining mark is only shown after a decoded character, so it
//!   cannot attach to the URL's own punctuation.
//! - **Elision** to a maximum width in characters: first the end of path,
//!   query and fragment is replaced by `…`, then the path entirely, then the
//!   host's lowest-level labels are replaced by a leading `…` — but the
//!   registrable domain (or, without one, the whole host) is always shown,
//!   even when that is wider than asked (url.bs: `examplecorp.com.evil.com`
//!   is elided as `…com.evil.com`, never `examplecorp.com…`).
//!
//! What is not done here: confusable (skeleton) detection across whole
//! scripts (UTS #39 §4; e.g. an all-Cyrillic label that looks Latin), and
//! bidi layout — url.bs asks for a left-to-right embedding, which is the
//! displaying surface's job.
//!
//! ```
//! use url_core::render::{render, RenderOptions};
//! use url_core::{SliceStorage, Url, Buffer};
//! let url = Url::parse_borrowed("https://examplecorp.com@attacker.example/")?;
//! let mut buf = [0u8; 128];
//! let mut out = SliceStorage::new(&mut buf);
//! render(&url, &RenderOptions::default(), &mut out)?;
//! assert_eq!(out.as_str(), "https://attacker.example/");
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use crate::host::HostKind;
use crate::idna::{to_unicode, IdnaError};
use crate::public_suffix::registrable_domain;
use crate::storage::{Buffer, CapacityError, Storage};
use crate::url::Url;
use idna_tables::Mapping;
use script_tables::{script_set, Script, ScriptSet};

/// The character that replaces elided text.
pub const ELLIPSIS: char = '…';

/// How to render.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RenderOptions {
    /// The widest result wanted, in characters (Unicode scalar values).
    /// `None`: no elision. The registrable domain is shown even when wider.
    pub max_width: Option<usize>,
    /// Render only scheme, host and port (url.bs §4.8 advises it when the
    /// URL contains bidirectional text, or where host and path could be
    /// confused).
    pub host_only: bool,
}

impl RenderOptions {
    /// Options with a maximum width.
    ///
    /// ```
    /// let o = url_core::render::RenderOptions::with_max_width(40);
    /// assert_eq!(o.max_width, Some(40));
    /// ```
    pub fn with_max_width(max_width: usize) -> Self {
        RenderOptions {
            max_width: Some(max_width),
            host_only: false,
        }
    }
}

/// What [`render`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rendered {
    /// Width of the result in characters.
    pub width: usize,
    /// Host labels kept in their ASCII form because their Unicode form is
    /// unsafe to show.
    pub ascii_labels: usize,
    /// Whether anything was elided.
    pub elided: bool,
    /// Whether the result is wider than `max_width` (the registrable
    /// domain alone is wider).
    pub over_width: bool,
}

/// Appends the display form of `url` (see the module docs) to `out`.
///
/// On error (`out` too small for the result plus, while the host is
/// decoded, a second copy of it) `out` is left as it was.
///
/// ```
/// use url_core::render::{render, RenderOptions};
/// use url_core::{Buffer, SliceStorage, Storage, Url};
/// let mut buf = [0u8; 256];
/// let mut out = SliceStorage::new(&mut buf);
///
/// let url = Url::parse_borrowed("https://xn--bcher-kva.example/%C3%A9t%C3%A9?q=%2F")?;
/// render(&url, &RenderOptions::default(), &mut out)?;
/// assert_eq!(out.as_str(), "https://bücher.example/été?q=%2F");
///
/// out.clear();
/// let url = Url::parse_borrowed("https://examplecorp.com.evil.com/login")?;
/// let done = render(&url, &RenderOptions::with_max_width(22), &mut out)?;
/// assert_eq!(out.as_str(), "https://…com.evil.com");
/// assert!(done.elided);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub fn render<B: Buffer, S: Storage>(
    url: &Url<B>,
    options: &RenderOptions,
    out: &mut S,
) -> Result<Rendered, CapacityError> {
    let start = out.len();
    let result = render_inner(url, options, out, start);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn render_inner<B: Buffer, S: Storage>(
    url: &Url<B>,
    options: &RenderOptions,
    out: &mut S,
    start: usize,
) -> Result<Rendered, CapacityError> {
    let mut info = Rendered::default();
    out.push_str(url.scheme())?;
    out.push_str(":")?;
    let kind = url.host_kind();
    if kind != HostKind::None {
        out.push_str("//")?;
    }
    let host_start = out.len();
    if kind == HostKind::Domain {
        info.ascii_labels = render_host(url.hostname(), out)?;
    } else {
        out.push_str(url.hostname())?;
    }
    let host_end = out.len();
    if url.port().is_some() {
        out.push_str(":")?;
        out.push_str(url.port_str())?;
    }
    let tail_start = out.len();
    if !options.host_only {
        let path = url.pathname();
        if kind == HostKind::None && !url.has_opaque_path() && path.starts_with("//") {
            // As the serializer does: without "/." the path would read as a host.
            out.push_str("/.")?;
        }
        decode_component(path, out)?;
        decode_component(url.search(), out)?;
        decode_component(url.hash(), out)?;
    }
    if let Some(max) = options.max_width {
        elide(
            url, out, start, host_start, host_end, tail_start, max, &mut info,
        )?;
    }
    info.width = out.as_str().get(start..).map_or(0, |s| s.chars().count());
    info.over_width = options.max_width.is_some_and(|m| info.width > m);
    Ok(info)
}

#[allow(clippy::too_many_arguments)]
fn elide<B: Buffer, S: Storage>(
    url: &Url<B>,
    out: &mut S,
    start: usize,
    host_start: usize,
    host_end: usize,
    tail_start: usize,
    max: usize,
    info: &mut Rendered,
) -> Result<(), CapacityError> {
    let width = |out: &S| out.as_str().get(start..).map_or(0, |s| s.chars().count());
    let mut w = width(out);
    if w <= max {
        return Ok(());
    }
    // 1. The end of path, query and fragment.
    let tail_chars = out
        .as_str()
        .get(tail_start..)
        .map_or(0, |s| s.chars().count());
    let excess = w - max;
    if tail_chars > excess {
        // Keep tail_chars - excess - 1 characters (maybe none), then "…".
        let keep = tail_chars - excess - 1;
        let cut = out
            .as_str()
            .get(tail_start..)
            .and_then(|s| s.char_indices().nth(keep))
            .map_or(out.len(), |(i, _)| tail_start + i);
        out.truncate(cut);
        push_char(out, ELLIPSIS)?;
        info.elided = true;
        return Ok(());
    }
    if tail_chars > 0 {
        out.truncate(tail_start);
        info.elided = true;
        w = width(out);
        if w <= max {
            return Ok(());
        }
    }
    // 2. Host labels, lowest level first, down to the registrable domain.
    if url.host_kind() != HostKind::Domain {
        return Ok(());
    }
    let hostname = url.hostname();
    let Some(keep) = registrable_domain(hostname) else {
        return Ok(());
    };
    let keep_labels = keep.trim_end_matches('.').split('.').count();
    let host = match out.as_str().get(host_start..host_end) {
        Some(h) => h,
        None => return Ok(()),
    };
    let total_labels = host.trim_end_matches('.').split('.').count();
    if total_labels <= keep_labels {
        return Ok(());
    }
    // Drop whole labels (with their dots) from the left until the result
    // fits, counting the "…" that replaces them; never into `keep`.
    let need = w - max;
    let droppable = total_labels - keep_labels;
    let mut cut = 0;
    let mut dropped = 0;
    for (i, c) in host.char_indices() {
        if c != '.' {
            continue;
        }
        dropped += 1;
        cut = i + 1;
        if dropped == droppable || host[..cut].chars().count() > need {
            break;
        }
    }
    if cut == 0 {
        return Ok(());
    }
    let mut e = [0u8; 4];
    out.replace_range(host_start..host_start + cut, ELLIPSIS.encode_utf8(&mut e))?;
    info.elided = true;
    Ok(())
}

fn push_char<S: Storage>(out: &mut S, c: char) -> Result<(), CapacityError> {
    let mut b = [0u8; 4];
    out.push_str(c.encode_utf8(&mut b))
}

/// Appends a domain's display form: each `xn--` label in Unicode when its
/// Unicode form is safe to show ([`is_label_safe_to_show`]), else as it is.
/// Returns how many labels were kept in ASCII for being unsafe (or the
/// label count when ToUnicode fails for the domain: then it is all ASCII).
///
/// `host` is a serialized domain (ASCII). While working, `out` needs room
/// for the Unicode form and the result at once; on error it is unchanged.
///
/// ```
/// use url_core::{render::render_host, Buffer, SliceStorage, Storage};
/// let mut buf = [0u8; 128];
/// let mut out = SliceStorage::new(&mut buf);
/// assert_eq!(render_host("www.xn--bcher-kva.example", &mut out)?, 0);
/// assert_eq!(out.as_str(), "www.bücher.example");
/// out.clear();
/// // "аpple" with a Cyrillic "а" (U+0430) among Latin letters: kept.
/// assert_eq!(render_host("xn--pple-43d.com", &mut out)?, 1);
/// assert_eq!(out.as_str(), "xn--pple-43d.com");
/// # Ok::<(), url_core::CapacityError>(())
/// ```
pub fn render_host<S: Storage>(host: &str, out: &mut S) -> Result<usize, CapacityError> {
    let base = out.len();
    let r = render_host_inner(host, out, base);
    if r.is_err() {
        out.truncate(base);
    }
    r
}

fn is_ace(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
}

fn render_host_inner<S: Storage>(
    host: &str,
    out: &mut S,
    base: usize,
) -> Result<usize, CapacityError> {
    let labels = host.split('.').count();
    if !host.split('.').any(is_ace) {
        out.push_str(host)?;
        return Ok(0);
    }
    match to_unicode(host, out) {
        Ok(()) => {}
        Err(IdnaError::Capacity(e)) => return Err(e),
        Err(_) => {
            out.push_str(host)?;
            return Ok(host.split('.').filter(|l| is_ace(l)).count().max(1));
        }
    }
    let uni_end = out.len();
    let same_count = out
        .as_str()
        .get(base..uni_end)
        .is_some_and(|u| u.split('.').count() == labels);
    if !same_count {
        out.truncate(base);
        out.push_str(host)?;
        return Ok(labels);
    }
    let mut kept_ascii = 0;
    let mut u_pos = base;
    for (n, label) in host.split('.').enumerate() {
        let u_end = out
            .as_str()
            .get(u_pos..uni_end)
            .and_then(|s| s.find('.'))
            .map_or(uni_end, |i| u_pos + i);
        if n > 0 {
            out.push_str(".")?;
        }
        let unicode = out.as_str().get(u_pos..u_end).unwrap_or("");
        if is_ace(label) && is_label_safe_to_show(unicode) {
            copy_range(out, u_pos, u_end)?;
        } else {
            if is_ace(label) {
                kept_ascii += 1;
            }
            out.push_str(label)?;
        }
        u_pos = u_end + 1;
    }
    out.replace_range(base..uni_end, "")?;
    Ok(kept_ascii)
}

/// Appends `out[from..to]` to `out` (char boundaries).
fn copy_range<S: Storage>(out: &mut S, mut from: usize, to: usize) -> Result<(), CapacityError> {
    let mut chunk = [0u8; 64];
    while from < to {
        let s = out.as_str();
        let mut end = (from + chunk.len()).min(to);
        while end > from && !s.is_char_boundary(end) {
            end -= 1;
        }
        if end == from {
            return Ok(());
        }
        let n = end - from;
        chunk[..n].copy_from_slice(&s.as_bytes()[from..end]);
        let text = core::str::from_utf8(&chunk[..n]).unwrap_or("");
        out.push_str(text)?;
        from = end;
    }
    Ok(())
}

/// Whether a (Unicode) domain label may be shown as Unicode: every code
/// point is safe to show ([`is_safe_to_show`], ASCII included) and the label
/// is highly restrictive ([`is_highly_restrictive`]).
///
/// ```
/// use url_core::render::is_label_safe_to_show;
/// assert!(is_label_safe_to_show("bücher"));
/// assert!(is_label_safe_to_show("пример"));      // one script
/// assert!(!is_label_safe_to_show("раypal"));     // Cyrillic р, а + Latin
/// assert!(is_label_safe_to_show("東京tokyo"));   // Latin + Han
/// ```
pub fn is_label_safe_to_show(label: &str) -> bool {
    !label.is_empty()
        && label.chars().all(|c| c.is_ascii() || is_safe_to_show(c))
        && is_highly_restrictive(label)
}

/// UTS #39 §5.2 *Highly Restrictive* (without the identifier-profile
/// condition, which IDNA's own validity takes the place of): the augmented
/// script sets of all code points (Common and Inherited ignored) have a
/// common script, or every code point is covered by one of Latin + Han +
/// Bopomofo, Latin + Han + Hiragana + Katakana, Latin + Han + Hangul.
///
/// ```
/// use url_core::render::is_highly_restrictive;
/// assert!(is_highly_restrictive("example"));
/// assert!(is_highly_restrictive("ひらがなカタカナ漢字abc"));
/// assert!(is_highly_restrictive("한국어漢字abc"));
/// assert!(!is_highly_restrictive("한국어ひらがな")); // Hangul + Hiragana
/// assert!(!is_highly_restrictive("eхample"));       // Cyrillic х
/// assert!(!is_highly_restrictive("αβc"));           // Greek + Latin
/// ```
pub fn is_highly_restrictive(s: &str) -> bool {
    let mut resolved = ScriptSet::ALL;
    for c in s.chars() {
        resolved = resolved.intersection(script_set(c));
    }
    if !resolved.is_empty() {
        return true;
    }
    [Script::HANB, Script::JPAN, Script::KORE].iter().any(|&x| {
        let allowed = ScriptSet::of(&[Script::LATN, x]);
        s.chars()
            .all(|c| !script_set(c).intersection(allowed).is_empty())
    })
}

/// Whether a non-ASCII code point may be shown decoded (in a path, query
/// or fragment) or in a host label: not invisible (controls, format
/// characters, spaces, fillers, variation selectors, tags), not a bidi
/// control, not a private-use, unassigned or noncharacter code point (all
/// of these are disallowed or ignored by UTS #46, whose table this uses),
/// and not spoof-prone in a URL: look-alikes of `/`, `.`, `?`, `#`, `@`,
/// `:`, `%` (a list, plus every code point UTS #46 maps to text containing
/// URL syntax, e.g. U+3002 `。` → `.`), and the lock and key symbols
/// (url.bs §4.8 names U+1F512 🔒).
///
/// ```
/// use url_core::render::is_safe_to_show;
/// assert!(is_safe_to_show('é'));
/// assert!(is_safe_to_show('漢'));
/// assert!(!is_safe_to_show('\u{202E}')); // RIGHT-TO-LEFT OVERRIDE
/// assert!(!is_safe_to_show('\u{200B}')); // ZERO WIDTH SPACE
/// assert!(!is_safe_to_show('\u{00A0}')); // NO-BREAK SPACE
/// assert!(!is_safe_to_show('\u{2215}')); // DIVISION SLASH
/// assert!(!is_safe_to_show('🔒'));
/// ```
pub fn is_safe_to_show(c: char) -> bool {
    let cp = c as u32;
    if cp < 0xA0 {
        // ASCII is the URL's own syntax and C1 controls are invisible.
        return false;
    }
    let delimiter = |t: &str| t.contains(['/', '.', '?', '#', '@', ':', '%', '\\', '&', '=']);
    match idna_tables::mapping(cp) {
        Mapping::Disallowed | Mapping::Ignored => return false,
        // Compatibility forms of URL syntax (U+FF0F → "/", U+3002 → ".").
        Mapping::Char(m) if delimiter(m.encode_utf8(&mut [0u8; 4])) => return false,
        Mapping::Str(m) if delimiter(m) => return false,
        _ => {}
    }
    !matches!(cp,
        // Invisible or blank.
        0x00A0 | 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x1680 | 0x17B4 | 0x17B5
        | 0x180B..=0x180F | 0x2000..=0x200F | 0x2028..=0x202F | 0x205F..=0x206F
        | 0x2800 | 0x3000 | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFF
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF
        // Look-alikes of URL syntax: / . ? # @ : %
        | 0x0337 | 0x0338 | 0x2044 | 0x2215 | 0x2571 | 0x29F8 | 0x3033 | 0xFF0F
        | 0x2024 | 0x2027 | 0x3002 | 0xFE52 | 0xFF0E | 0xFF61 | 0x06D4 | 0x0701 | 0x0702
        | 0xFE56 | 0xFF1F | 0x037E | 0xFE5F | 0xFF03 | 0xFE6B | 0xFF20
        | 0x0589 | 0x05C3 | 0x2236 | 0xA789 | 0xFE13 | 0xFE55 | 0xFF1A | 0x02D0 | 0x02F8
        | 0x066A | 0x2052 | 0xFE6A | 0xFF05
        // Lock and key symbols.
        | 0x1F50F..=0x1F513
    )
}

/// Appends a path, query or fragment (with its `?`/`#`), percent-decoding
/// the runs that are UTF-8 for code points safe to show (module docs).
fn decode_component<S: Storage>(s: &str, out: &mut S) -> Result<(), CapacityError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    // Whether the last thing written was a decoded character (a decoded
    // combining mark may only follow one).
    let mut after_decoded = false;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            after_decoded = false;
            continue;
        }
        let Some(first) = hex_byte(b, i) else {
            i += 1;
            after_decoded = false;
            continue;
        };
        let len = match first {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut bytes = [first, 0, 0, 0];
        let mut ok = len > 0;
        for (k, slot) in bytes.iter_mut().enumerate().take(len).skip(1) {
            match hex_byte(b, i + 3 * k) {
                Some(x) => *slot = x,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        let decoded = if ok {
            core::str::from_utf8(&bytes[..len])
                .ok()
                .and_then(|t| t.chars().next())
        } else {
            None
        };
        match decoded {
            Some(c) if is_safe_to_show(c) && (after_decoded || !is_mark(c)) => {
                out.push_str(s.get(copied..i).unwrap_or(""))?;
                push_char(out, c)?;
                i += 3 * len;
                copied = i;
                after_decoded = true;
            }
            _ => {
                i += 3;
                after_decoded = false;
            }
        }
    }
    out.push_str(s.get(copied..).unwrap_or(""))
}

fn is_mark(c: char) -> bool {
    idna_tables::props(c as u32).is_mark()
}

fn hex_byte(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let h = (*b.get(i + 1)? as char).to_digit(16)?;
    let l = (*b.get(i + 2)? as char).to_digit(16)?;
    Some((h * 16 + l) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SliceStorage;

    fn show(input: &str, max: Option<usize>) -> (std::string::String, Rendered) {
        let mut ubuf = [0u8; 512];
        let url = Url::parse_into(input, SliceStorage::new(&mut ubuf)).unwrap();
        let mut buf = [0u8; 1024];
        let mut out = SliceStorage::new(&mut buf);
        let r = render(
            &url,
            &RenderOptions {
                max_width: max,
                host_only: false,
            },
            &mut out,
        )
        .unwrap();
        (std::string::String::from(out.as_str()), r)
    }

    #[test]
    fn decoding() {
        assert_eq!(
            show("https://a.example/%E2%80%AE", None).0,
            "https://a.example/%E2%80%AE"
        );
        assert_eq!(
            show("https://a.example/%CC%81", None).0,
            "https://a.example/%CC%81"
        );
        assert_eq!(
            show("https://a.example/e%CC%81", None).0,
            "https://a.example/e%CC%81"
        );
        assert_eq!(
            show("https://a.example/%C3%A9%CC%81", None).0,
            "https://a.example/é\u{301}"
        );
        assert_eq!(
            show("https://a.example/%C3", None).0,
            "https://a.example/%C3"
        );
        assert_eq!(
            show("https://a.example/%FF%C3%A9", None).0,
            "https://a.example/%FFé"
        );
        assert_eq!(
            show("https://a.example/%F0%9F%94%92", None).0,
            "https://a.example/%F0%9F%94%92"
        );
    }

    #[test]
    fn small_storage_is_an_error_and_leaves_out_unchanged() {
        let url = Url::parse_borrowed("https://xn--bcher-kva.example/%C3%A9").unwrap();
        for n in 0..40 {
            let mut buf = [0u8; 64];
            let mut out = SliceStorage::new(&mut buf[..n]);
            if render(&url, &RenderOptions::default(), &mut out).is_err() {
                assert_eq!(out.as_str(), "");
            }
        }
    }
}
