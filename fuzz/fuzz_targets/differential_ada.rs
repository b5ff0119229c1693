//! url-core against Ada (`ada-url` 4.0.0), which passes the web-platform
//! tests: the same success or failure and the same URL API attributes. Every
//! disagreement is a url-core bug unless `known::ada` explains it (see the
//! reasons there). Input: lossy UTF-8 with an optional base (see `Case`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl_fuzz::{ada_fields, known, ours, Case};

fuzz_target!(|data: &[u8]| {
    let case = Case::from_bytes(data);
    let (input, base) = (&*case.input, case.base.as_deref());
    let a = ours(input, base);
    let b = ada_fields(input, base);
    if a == b {
        return;
    }
    if let Some(reason) = known::ada(input, base, a.as_ref(), b.as_ref()) {
        known::report("ada", reason);
        return;
    }
    let what = match (&a, &b) {
        (Some(a), Some(b)) => format!("attributes {:?} differ", a.diff(b)),
        (Some(_), None) => "url-core parses, Ada fails".into(),
        _ => "url-core fails, Ada parses".into(),
    };
    panic!("{what}\ninput {input:?}\nbase  {base:?}\nours  {a:#?}\nada   {b:#?}");
});
