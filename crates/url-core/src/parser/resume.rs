//! The straight-line route resumed where the canonical recognizer stopped
//! (vector builds only): after a scheme, host and port it found canonical,
//! a domain that is canonical but for its case, a port that is not (or an
//! IPv4 host but for its trailing dot), or an IPv4 address in another
//! notation or an IPv6 address it read, so
//! that the scheme and authority are not scanned and parsed a second time;
//! a URL canonical but for its domain's case copied with the host
//! lowercased; and the failures the recognizer read enough to be sure of.

use super::canonical::{self, Authority, Canonical, Recognized};
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
use super::straight::{ipv4_failure, ipv6_failure};
use super::straight::{resume, resume_after_ipv4, resume_after_ipv6, Answer, Prefix};
use super::trace::{answered, Form, Route};
use crate::byte_class::is_c0_control_or_space;
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
use crate::error::ParseError;
use crate::input;
use crate::output::Output;
use crate::storage::Storage;
use crate::url::Offsets;

/// [`resumed`] from what the recognizer found canonical up to the path,
/// if anything: its [`Authority`]; for a domain with upper case, what
/// [`canonical::upper_case_domain`] finds (the whole URL, copied by
/// [`copied_lowercase`], or an [`Authority`]); one whose port is to be
/// written; or, for an IPv6 host, the address it read.
#[inline(always)]
pub(super) fn resumed_after<S: Storage>(
    input: &str,
    form: Form,
    recognized: &Recognized,
    storage: &mut S,
) -> Option<Offsets> {
    let lowered;
    let (a, prefix) = match recognized {
        Recognized::Authority(a) => (a, Prefix::AsIs),
        // (Only vector builds get these, and link what follows.)
        Recognized::UpperCase(u) if crate::simd::VECTOR => {
            lowered = canonical::upper_case_domain(input.as_bytes(), u);
            match &lowered {
                Recognized::Authority(a) => (a, Prefix::LowerHost),
                Recognized::LowerCase(c) => return copied_lowercase(input, form, c, storage),
                _ => return None,
            }
        }
        Recognized::Port(a) if crate::simd::VECTOR => {
            return resumed_with_port(input, form, a, storage)
        }
        Recognized::Ipv6(h) if crate::simd::VECTOR => {
            let failed = h.address.is_err();
            return resumed_after_address(input, form, failed, |raw| {
                resume_after_ipv6(raw, h, storage)
            });
        }
        Recognized::Ipv4(h) if crate::simd::VECTOR => {
            let failed = h.address.is_err();
            return resumed_after_address(input, form, failed, |raw| {
                resume_after_ipv4(raw, h, storage)
            });
        }
        _ => return None,
    };
    resumed(input, form, a, prefix, storage)
}

/// [`Recognized::LowerCase`]: the input copied with its host lowercased
/// (and the '/' an empty path gains), the recognizer's offsets as they
/// are. Through [`resumed`] the route wrote the path, query and fragment
/// it had read and found canonical again: 50 against 18 ns for the same
/// URL in lower case. `None` (the storage cleared) when out of room: the
/// ladder's other routes report it.
#[inline(never)]
fn copied_lowercase<S: Storage>(
    input: &str,
    form: Form,
    c: &Canonical,
    storage: &mut S,
) -> Option<Offsets> {
    let (start, end) = (c.off.host_start as usize, c.off.host_end as usize);
    let len = input.len();
    storage.reserve(len + 1);
    let mut w = Output::appending(input, storage);
    let host = input.as_bytes().get(start..end).unwrap_or_default();
    let mut copy = || {
        w.push_span(0, start)?;
        w.push_ascii_lowercase(host)?;
        match c.slash {
            None => w.push_span(end, len),
            Some(k) => {
                w.push_span(end, k)?;
                w.push_ascii(b"/")?;
                w.push_span(k, len)
            }
        }
    };
    if copy().is_err() {
        storage.clear();
        return None;
    }
    answered(Route::Straight, form);
    Some(c.off)
}

/// [`resumed`] for [`Recognized::Ipv6`] and [`Recognized::Ipv4`]: the
/// straight-line route from the address the recognizer read, on the input
/// without trailing C0 control or space (a tab or newline can only come
/// after the address and port). A `failed` address: [`failure_after`]
/// tells. Out of line, as the next one.
#[inline(never)]
fn resumed_after_address(
    input: &str,
    form: Form,
    failed: bool,
    resume: impl FnMut(&str) -> Answer,
) -> Option<Offsets> {
    if failed {
        return None;
    }
    let (raw, trimmed) = trailing_trimmed(input)?;
    let form = if form == Form::Given { trimmed } else { form };
    given_then_stripped(raw, form, resume)
}

/// The failure of an input [`resumed_after`] declined, when the recognizer
/// read enough to tell it: an IPv6 address that fails, or a port past
/// 65535 after one or after a canonical host (else the ladder parsed the
/// scheme and host again: 1.7 times Ada's time on such inputs). Asked by
/// the ladder on its way to the other engines, not in [`resumed_after`]:
/// a failure in its answer made it larger, and the owned parse of every
/// relative reference 10% slower.
///
/// Vector builds only, like the recognizer's answers it reads.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(always)]
pub(super) fn failure_after(input: &str, recognized: &Recognized) -> Option<ParseError> {
    match recognized {
        Recognized::Ipv6(h) => failure_of(input, |raw| ipv6_failure(raw, h)),
        Recognized::Ipv4(h) => failure_of(input, |raw| ipv4_failure(raw, h)),
        Recognized::Fails(e) => {
            answered(Route::Straight, Form::Given);
            Some(*e)
        }
        _ => None,
    }
}

#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(never)]
fn failure_of(input: &str, failure: impl FnOnce(&str) -> Option<ParseError>) -> Option<ParseError> {
    let (raw, form) = trailing_trimmed(input)?;
    let e = failure(raw)?;
    answered(Route::Straight, form);
    Some(e)
}

/// `input` without trailing C0 control or space, and its form: the
/// recognizer's canonical scheme leaves none leading, so offsets into the
/// input hold (`None` otherwise).
fn trailing_trimmed(input: &str) -> Option<(&str, Form)> {
    match input::trimmed(input) {
        Some(t) if t.as_ptr() == input.as_ptr() => Some((t, Form::Trimmed)),
        Some(_) => None,
        None => Some((input, Form::Given)),
    }
}

/// [`resumed`] for [`Recognized::Port`], out of line: as another arm of
/// the ladder's inlined match it cost every parse a few instructions
/// (relative references +1.5%).
#[inline(never)]
fn resumed_with_port<S: Storage>(
    input: &str,
    form: Form,
    a: &Authority,
    storage: &mut S,
) -> Option<Offsets> {
    resumed(input, form, a, Prefix::Port, storage)
}

/// The straight-line route from where the canonical recognizer found the
/// input's scheme, host and port canonical (`a`) but not what follows,
/// into the empty `storage`: the prefix copied, the path, query and
/// fragment written, and no second pass over the scheme and authority.
/// Not for an input that ends in C0 control or space (which the state
/// machine trims, and the route would write); the route itself declines
/// at a tab or newline. Where scans are vector ones, like the route's
/// other vector-only arms.
#[inline(always)]
fn resumed<S: Storage>(
    input: &str,
    form: Form,
    a: &Authority,
    prefix: Prefix,
    storage: &mut S,
) -> Option<Offsets> {
    let trailing_space = input
        .as_bytes()
        .last()
        .is_some_and(|&b| is_c0_control_or_space(b));
    if !crate::simd::VECTOR || trailing_space {
        return None;
    }
    // A tab or newline can only come after the canonical prefix (whose
    // scans stop at one).
    given_then_stripped(input, form, |raw| resume(raw, a, prefix, storage))
}

/// A resumption on `raw` (the input in `form`), then, when it declines,
/// on `raw` without its tabs and newlines, as the basic URL parser's
/// second step leaves it: the recognized prefix holds none, so its
/// offsets hold in both. Rather than the ladder, which would parse the
/// scheme and authority again on the input as given, only to decline at
/// the tab, and then on the input stripped.
#[inline(always)]
fn given_then_stripped(
    raw: &str,
    form: Form,
    mut resume: impl FnMut(&str) -> Answer,
) -> Option<Offsets> {
    if let Answer::Parsed(off) = resume(raw) {
        answered(Route::Straight, form);
        return Some(off);
    }
    let mut room = None;
    let stripped = input::without_tab_or_newline(raw, &mut room)?;
    match resume(stripped) {
        Answer::Parsed(off) => {
            answered(Route::Straight, Form::Stripped);
            Some(off)
        }
        _ => None,
    }
}
