//! What the module does with a request: url-core calls into fixed buffers,
//! answered as records (see the crate docs). `tests/tests/wasm_runtime.rs`
//! computes the same records natively and requires them to be identical, so
//! any change here must be made there too.

use crate::io::{Fault, Records};
use url_core::{idna as uts46, Buffer, Setter, SliceStorage, Url};

/// Room for one URL (or one domain's IDNA work). The WPT URLs are under
/// 1 KiB; a larger one would be a capacity error, which the test would see
/// as a difference from native.
const STORE: usize = 8 * 1024;

/// The URL API attributes, in the order of WPT's files.
fn components<S: Buffer>(url: &Url<S>) -> [&str; 10] {
    [
        url.href(),
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port_str(),
        url.pathname(),
        url.search(),
        url.hash(),
    ]
}

/// Records: `"base-error"` and the error's `Display` when the base fails to
/// parse; `"error"` and the `Display` of the `ParseError` when the input
/// does; otherwise `"url"`, then [`url_records`].
pub fn parse(input: &str, base: Option<&str>, out: &mut Records) -> Result<(), Fault> {
    let mut base_buf = [0u8; STORE];
    let mut buf = [0u8; STORE];
    let parsed = match base {
        None => Url::parse_into(input, SliceStorage::new(&mut buf)),
        Some(base) => match Url::parse_into(base, SliceStorage::new(&mut base_buf)) {
            Ok(base) => Url::parse_into_with_base(input, &base, SliceStorage::new(&mut buf)),
            Err(e) => {
                out.push("base-error")?;
                return out.push_fmt(format_args!("{e}"));
            }
        },
    };
    match parsed {
        Ok(url) => {
            out.push("url")?;
            url_records(&url, true, out)
        }
        Err(e) => {
            out.push("error")?;
            out.push_fmt(format_args!("{e}"))
        }
    }
}

/// Records: `"href-error"` and the `Display` of the `ParseError` when `href`
/// does not parse; otherwise the setter's outcome (`"ok"`, or `"ignored: "`
/// or `"error: "` and the `Display` of the `SetError`), then
/// [`url_records`] of the URL after it.
pub fn set(href: &str, setter: &str, value: &str, out: &mut Records) -> Result<(), Fault> {
    let setter = Setter::from_name(setter).ok_or(Fault::UnknownOperation)?;
    let mut buf = [0u8; STORE];
    let mut url = match Url::parse_into(href, SliceStorage::new(&mut buf)) {
        Ok(url) => url,
        Err(e) => {
            out.push("href-error")?;
            return out.push_fmt(format_args!("{e}"));
        }
    };
    // The same parse again, kept to prove that a setter that did nothing
    // left the URL byte-for-byte as it was.
    let mut before_buf = [0u8; STORE];
    let before = Url::parse_into(href, SliceStorage::new(&mut before_buf));
    let outcome = url.set(setter, value);
    let changed = outcome.is_ok();
    match outcome {
        Ok(()) => out.push("ok")?,
        Err(e) if e.is_ignored() => out.push_fmt(format_args!("ignored: {e}"))?,
        Err(e) => out.push_fmt(format_args!("error: {e}"))?,
    }
    let unchanged = match &before {
        Ok(before) => changed || before.href() == url.href(),
        Err(_) => false,
    };
    url_records(&url, unchanged, out)
}

/// Records: the ten URL API attributes (`href` … `hash`), the origin's
/// serialization, and a check: `"ok"`, or the first problem among the
/// representation invariants, `unchanged` (false: a setter that did nothing
/// changed the URL) and idempotence (the href re-parses to the same
/// attributes).
fn url_records<S: Buffer>(url: &Url<S>, unchanged: bool, out: &mut Records) -> Result<(), Fault> {
    let parts = components(url);
    for part in parts {
        out.push(part)?;
    }
    out.push_fmt(format_args!("{}", url.origin()))?;
    if let Err(e) = url.check_invariants() {
        return out.push_fmt(format_args!("invariant violated: {e}"));
    }
    if !unchanged {
        return out.push("did nothing but changed the URL");
    }
    let mut buf = [0u8; STORE];
    match Url::parse_into(url.href(), SliceStorage::new(&mut buf)) {
        Err(e) => out.push_fmt(format_args!("href does not re-parse: {e}")),
        Ok(again) if components(&again) != parts => out.push("not idempotent"),
        Ok(_) => out.push("ok"),
    }
}

/// Records: `"ok"` and the result, or `"error"` and the `Display` of the
/// `IdnaError`. `op`: 0 `to_ascii(domain, false)` (the URL Standard's
/// flags), 1 `to_ascii(domain, true)` (every flag on), 2 `to_unicode`, 3
/// `domain_to_ascii(domain, false)`.
pub fn idna(op: i32, domain: &str, out: &mut Records) -> Result<(), Fault> {
    let mut buf = [0u8; STORE];
    let mut store = SliceStorage::new(&mut buf);
    let result = match op {
        0 => uts46::to_ascii(domain, false, &mut store),
        1 => uts46::to_ascii(domain, true, &mut store),
        2 => uts46::to_unicode(domain, &mut store),
        3 => uts46::domain_to_ascii(domain, false, &mut store),
        _ => return Err(Fault::UnknownOperation),
    };
    match result {
        Ok(()) => {
            out.push("ok")?;
            out.push(store.as_str())
        }
        Err(e) => {
            out.push("error")?;
            out.push_fmt(format_args!("{e}"))
        }
    }
}
