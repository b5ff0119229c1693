//! Hosts (url.bs §3): the host parser and serializer, writing the serialized
//! host straight into the URL's buffer.

pub(crate) mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;

use crate::byte_class::is_tab_or_newline;
use crate::byte_class::{class, C0, FORBIDDEN_HOST, TAB_OR_NEWLINE};
use crate::error::ParseError;
use crate::input::Input;
use crate::output::{Need, Output};
use crate::percent_encode::{percent_encoded, push_encoded_text};
use crate::storage::Storage;
use crate::validation::{ValidationError, ValidationSink};

/// What kind of host a URL has (url.bs §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// The host is null (`mailto:x`, `sc:/path`).
    None,
    /// The empty host (`file:///x`, `sc://`).
    Empty,
    /// A domain (ASCII, possibly punycode).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address (serialized in brackets).
    Ipv6,
    /// An opaque host of a non-special URL.
    Opaque,
}

pub(crate) fn invalid(error: ValidationError, position: usize) -> ParseError {
    ParseError::Invalid { error, position }
}

/// What the host parser parses a host that is not an IPv6 address as
/// (url.bs §3.5, its isOpaque): a domain for a special URL, an opaque host
/// otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HostSyntax {
    /// A special URL's host: a domain, or an IPv4 address.
    Domain,
    /// A non-special URL's host: an opaque host.
    Opaque,
}

impl HostSyntax {
    /// The syntax of a host of a URL that is special or not.
    #[inline]
    pub(crate) fn of(special: bool) -> HostSyntax {
        if special {
            HostSyntax::Domain
        } else {
            HostSyntax::Opaque
        }
    }
}

/// The host parser (url.bs §3.5) over `input.bytes[start..end]` (tab/newline
/// skipped), appending the serialized host to `w` (only as much as tells
/// success, failure and the kind when `need` is [`Need::Validity`]).
pub(crate) fn parse_host<S: Storage, V: ValidationSink>(
    w: &mut Output<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
    syntax: HostSyntax,
    sink: &mut V,
    need: Need,
) -> Result<HostKind, ParseError> {
    let pos = input.pos(start);
    let raw = input.bytes.get(start..end).unwrap_or_default();
    let first = input.peek(start).filter(|_| input.skip_ws(start) < end);
    if first == Some(b'[') {
        // Last non-tab/newline byte must be ']'.
        let last = raw.iter().rposition(|&b| !is_tab_or_newline(b));
        let last_i = last.map(|l| start + l);
        if last_i.and_then(|l| input.bytes.get(l)) != Some(&b']')
            || last_i == Some(input.skip_ws(start))
        {
            sink.report(ValidationError::Ipv6Unclosed, pos);
            return Err(invalid(ValidationError::Ipv6Unclosed, pos));
        }
        let inner_start = input.skip_ws(start) + 1;
        let inner = input
            .bytes
            .get(inner_start..last_i.unwrap_or(inner_start))
            .unwrap_or_default();
        // Offsets into `inner` map straight to the input (tab/newline
        // included); errors about the whole address go to the host's start.
        let at = |k: usize| {
            if k == ipv6::WHOLE {
                pos
            } else {
                input.pos(inner_start + k)
            }
        };
        let addr = ipv6::parse_ipv6(inner, input.has_ws, &mut |e, k| sink.report(e, at(k)))
            .map_err(|(e, k)| invalid(e, at(k)))?;
        // canParse needs nothing written: the address is valid.
        if need == Need::Validity {
            return Ok(HostKind::Ipv6);
        }
        // "[", the address and "]", written with one call.
        let mut text = [0u8; 42];
        let n = ipv6::serialize_bracketed(&addr, &mut text);
        w.push_ascii(text.get(..n).unwrap_or_default())?;
        return Ok(HostKind::Ipv6);
    }
    match syntax {
        HostSyntax::Opaque => parse_opaque_host(w, input, start, end, sink),
        HostSyntax::Domain => domain::parse_domain_host(w, input, start, end, sink, need),
    }
}

/// The opaque-host parser (url.bs §3.5).
fn parse_opaque_host<S: Storage, V: ValidationSink>(
    w: &mut Output<'_, '_, S>,
    input: &Input<'_>,
    start: usize,
    end: usize,
    sink: &mut V,
) -> Result<HostKind, ParseError> {
    let bytes = input.bytes;
    // Forbidden code points first: they fail, whatever else is wrong.
    for (i, &b) in bytes.get(start..end).unwrap_or_default().iter().enumerate() {
        if class(b) & (FORBIDDEN_HOST | TAB_OR_NEWLINE) == FORBIDDEN_HOST {
            let p = input.pos(start + i);
            sink.report(ValidationError::HostInvalidCodePoint, p);
            return Err(invalid(ValidationError::HostInvalidCodePoint, p));
        }
    }
    if V::ENABLED {
        input.report_invalid_url_units(start, end, sink);
    }
    let mut run = start;
    let mut i = start;
    let mut empty = true;
    while let Some(&b) = bytes.get(i).filter(|_| i < end) {
        if class(b) & C0 != 0 {
            w.push_span(run, i)?;
            if !is_tab_or_newline(b) {
                empty = false;
                // Non-ASCII is in the set: a host in another script is
                // runs of it (a byte at a time with the `small` feature:
                // smaller).
                if !cfg!(feature = "small") {
                    let host = bytes.get(..end).unwrap_or_default();
                    i = push_encoded_text::<_, false>(w, host, i, C0, TAB_OR_NEWLINE)?;
                    run = i;
                    continue;
                }
                w.push_ascii(&percent_encoded(b))?;
            }
            run = i + 1;
        } else {
            empty = false;
        }
        i += 1;
    }
    w.push_span(run, end)?;
    Ok(if empty {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

#[cfg(test)]
mod tests {
    use crate::{SliceStorage, Url};
    use std::format;
    use std::string::{String, ToString};

    /// url.bs opaque-host parser: the host UTF-8 percent-encoded with the
    /// C0 control percent-encode set (C0 controls, DEL and every non-ASCII
    /// code point), anything else kept; tab and newline were removed from
    /// the input before, and a host of nothing else is empty. Runs to
    /// encode longer than a block of sixteen bytes, between kept bytes.
    #[test]
    fn opaque_hosts_encode_the_c0_control_set() {
        let e9 = "%C3%A9";
        for (host, want) in [
            ("\u{e9}", e9.to_string()),
            ("a\u{e9}b", format!("a{e9}b")),
            ("\u{e9}\t\u{e9}", format!("{e9}{e9}")),
            ("\u{1}a\u{7f}~", "%01a%7F~".to_string()),
            ("\u{e9}\n", e9.to_string()),
            (&"\u{e9}".repeat(20), e9.repeat(20)),
            (
                &format!("{}x{}", "\u{e9}".repeat(9), "\u{20ac}".repeat(7)),
                format!("{}x{}", e9.repeat(9), "%E2%82%AC".repeat(7)),
            ),
            ("\t", String::new()),
        ] {
            let input = format!("sc://{host}/p");
            let mut buf = [0u8; 512];
            let url = Url::parse_into(&input, SliceStorage::new(&mut buf));
            let url = url.unwrap_or_else(|e| panic!("{input:?}: {e:?}"));
            assert_eq!(url.hostname(), want, "{input:?}");
            assert_eq!(url.href(), format!("sc://{want}/p"), "{input:?}");
        }
    }
}
