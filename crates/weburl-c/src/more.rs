//! `can_parse` and the origin, over the caller's buffers.

use crate::storage::{shadow, Reattach};
use crate::{utf8, Failure, WeburlStatus};
use url_core::{Origin, Parser, Url};

/// Stack room for what the check ladder writes (scheme, credentials, host)
/// and for a base whose serialization the shadow parse cannot follow.
const ROOM: usize = 256;

/// `weburl_can_parse` over slices: `Ok(())` when `input` parses against
/// `base` (a serialization this library produced), else why not: the same
/// answer as `weburl_parse` into a large enough buffer. Nothing is written
/// to the caller's memory; a scheme, credentials and host longer than 256
/// bytes together give [`WeburlStatus::Capacity`] (then parse into a
/// buffer to know).
pub fn can_parse(input: &[u8], base: Option<&[u8]>) -> Result<(), Failure> {
    let input = utf8(input)?;
    let Some(b) = base else {
        return check_against(input, None);
    };
    if let Ok(base) = shadow(b) {
        return check_against(input, Some(base.as_url_ref()));
    }
    // A `/.` path prefix, which the shadow parse cannot follow: a parse of
    // the serialization into stack room.
    let text = utf8(b).map_err(|_| Failure::bare(WeburlStatus::InvalidUrl))?;
    let mut base_room = [0u8; ROOM];
    match Parser::new().parse_into(text, Reattach::attached(&mut base_room)) {
        Ok(u) if u.href().as_bytes() == b => check_against(input, Some(u.as_url_ref())),
        Err(url_core::ParseError::Capacity(c)) => Err(c.into()),
        _ => Err(Failure::bare(WeburlStatus::InvalidUrl)),
    }
}

fn check_against(input: &str, base: Option<Url<&str>>) -> Result<(), Failure> {
    let mut room = [0u8; ROOM];
    Parser::new()
        .with_base(base)
        .can_parse_in(input, || Reattach::attached(&mut room))
        .map_err(Failure::from)
}

/// `weburl_origin` over slices: the serialization of the origin of the URL
/// `href` (a serialization this library produced) into `out` —
/// `scheme://host[:port]`, or `null` for an opaque origin; returns its
/// length. [`WeburlStatus::Capacity`] gives the exact length needed.
pub fn origin(href: &[u8], out: &mut [u8]) -> Result<usize, Failure> {
    // A URL the shadow parse cannot follow has a null host and a path that
    // starts with "//": not special, and a `blob:` URL with that path has
    // no scheme to take an origin from. Its origin is opaque.
    match shadow(href) {
        Ok(url) => write_origin(&url.origin(), out),
        Err(_) => write_origin(&Origin::Opaque, out),
    }
}

fn write_origin(origin: &Origin<'_>, out: &mut [u8]) -> Result<usize, Failure> {
    let mut digits = [0u8; 5];
    let parts: [&[u8]; 5] = match origin {
        Origin::Tuple { scheme, host, port } => {
            let port: &[u8] = match port {
                Some(p) => decimal(*p, &mut digits),
                None => b"",
            };
            let colon: &[u8] = if port.is_empty() { b"" } else { b":" };
            [
                scheme.as_bytes(),
                b"://",
                host.as_str().as_bytes(),
                colon,
                port,
            ]
        }
        _ => [b"null", b"", b"", b"", b""],
    };
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let Some(dst) = out.get_mut(..len) else {
        return Err(Failure::from(url_core::CapacityError {
            capacity: out.len(),
            needed: len,
        }));
    };
    let mut at = 0;
    for part in parts {
        for &b in part {
            if let Some(d) = dst.get_mut(at) {
                *d = b;
            }
            at += 1;
        }
    }
    Ok(len)
}

/// `n` in decimal, in `buf`.
fn decimal(mut n: u16, buf: &mut [u8; 5]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        if let Some(d) = buf.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    buf.get(i..).unwrap_or_default()
}
