//! url-core against rust-url (`url` 2.5.8): the same success or failure and
//! the same URL API attributes (`url::quirks`). rust-url deviates from the
//! current standard in known ways: a disagreement in a category listed in
//! `known::rust_url` is reported on stderr (once per category) and the run
//! goes on; any other disagreement aborts. Input: lossy UTF-8 with an
//! optional base (see `Case`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use url::quirks;
use weburl_fuzz::{ada_fields, known, ours, Case, Fields};

/// rust-url's answer, or `Err` when rust-url panicked: fuzz builds enable
/// debug assertions in every crate, and url 2.5.8 has some that fail (e.g.
/// base `file:///x/C:`, input `..`). libFuzzer's panic hook aborts, so it
/// is silenced around the call.
fn theirs_catching(input: &str, base: Option<&str>) -> Result<Option<Fields>, ()> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(|| theirs(input, base));
    std::panic::set_hook(hook);
    r.map_err(|_| ())
}

fn theirs(input: &str, base: Option<&str>) -> Option<Fields> {
    let base = match base {
        Some(b) => Some(url::Url::parse(b).ok()?),
        None => None,
    };
    let u = url::Url::options()
        .base_url(base.as_ref())
        .parse(input)
        .ok()?;
    Some(Fields {
        href: quirks::href(&u).into(),
        protocol: quirks::protocol(&u).into(),
        username: quirks::username(&u).into(),
        password: quirks::password(&u).into(),
        host: quirks::host(&u).into(),
        hostname: quirks::hostname(&u).into(),
        port: quirks::port(&u).into(),
        pathname: quirks::pathname(&u).into(),
        search: quirks::search(&u).into(),
        hash: quirks::hash(&u).into(),
        origin: quirks::origin(&u),
    })
}

fuzz_target!(|data: &[u8]| {
    let case = Case::from_bytes(data);
    let (input, base) = (&*case.input, case.base.as_deref());
    let a = ours(input, base);
    let Ok(b) = theirs_catching(input, base) else {
        // A rust-url bug; url-core must still give Ada's answer (or differ
        // from it only in a known way).
        let ada = ada_fields(input, base);
        if a == ada || known::ada(input, base, a.as_ref(), ada.as_ref()).is_some() {
            known::report("rust-url", "rust-url panics on one of its debug assertions");
            return;
        }
        panic!("rust-url panicked, and url-core differs from Ada\ninput {input:?}\nbase  {base:?}\nours  {a:#?}\nada   {ada:#?}");
    };
    if a == b {
        return;
    }
    let ada = ada_fields(input, base);
    if let Some(category) = known::rust_url(input, base, a.as_ref(), b.as_ref(), ada.as_ref()) {
        known::report("rust-url", category);
        return;
    }
    // url-core differs from Ada in a known, explained way (the Ada target
    // checks those): whatever rust-url says besides (it may deviate from
    // Ada too, e.g. `^` in a path) tells nothing more about url-core.
    if let Some(reason) = known::ada(input, base, a.as_ref(), ada.as_ref()) {
        known::report("rust-url (url-core differs from Ada)", reason);
        return;
    }
    // Ada passes the web-platform-tests: where url-core and Ada agree, the
    // difference is rust-url's (e.g. it rejects some IDN bases). Report it.
    if a == ada {
        known::report("rust-url", "rust-url deviates where url-core and Ada agree");
        return;
    }
    let what = match (&a, &b) {
        (Some(a), Some(b)) => format!("attributes {:?} differ", a.diff(b)),
        (Some(_), None) => "url-core parses, rust-url fails".into(),
        _ => "url-core fails, rust-url parses".into(),
    };
    // Ada's answer tells a reader at once which side the standard is on.
    let ada = ada.map(|f| f.href);
    panic!(
        "{what}\ninput {input:?}\nbase  {base:?}\nours  {a:#?}\nrust-url {b:#?}\nAda href {ada:?}"
    );
});
