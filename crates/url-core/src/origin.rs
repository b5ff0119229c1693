//! Origin (url.bs §4.7).

use crate::storage::{Buffer, SliceStorage};
use crate::url::{SchemeType, Url};
use core::fmt;

/// The origin of a URL: a tuple (scheme, host, port) or an opaque origin.
///
/// An opaque origin is "a new opaque origin" each time (url.bs §4.7): without
/// global state (url-core builds for targets without atomics) it cannot carry
/// an identity, so an opaque origin is never same-origin with anything, itself
/// included, and serializes as `"null"`. This is why `Origin` implements
/// `PartialEq` but not `Eq`.
///
/// ```
/// use url_core::Url;
/// let url = Url::parse_borrowed("https://example.com:8443/x").unwrap();
/// assert_eq!(url.origin().to_string(), "https://example.com:8443");
/// let blob = Url::parse_borrowed("blob:https://whatwg.org/d0360e2f").unwrap();
/// assert_eq!(blob.origin().to_string(), "https://whatwg.org");
/// assert_eq!(Url::parse_borrowed("data:,x").unwrap().origin().to_string(), "null");
/// ```
// The inline host is deliberate: no allocator, and blob origins need a copy.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Origin<'a> {
    /// An opaque origin.
    Opaque,
    /// A tuple origin.
    Tuple {
        /// The scheme (a special scheme other than `file`).
        scheme: &'static str,
        /// The serialized host.
        host: OriginHost<'a>,
        /// The port, if not the scheme's default.
        port: Option<u16>,
    },
}

/// An origin's host: borrowed from the URL, or (for `blob:` URLs whose inner
/// URL is not canonical) held inline.
///
/// Bounds (no allocator; the standard sets none): a `blob:` URL whose inner
/// URL is not canonical has that URL parsed again on the stack, and its
/// origin is opaque when the inner URL's host serializes to more than
/// [`OriginHost::INLINE_CAPACITY`] bytes, or when the inner URL has
/// credentials, its scheme and authority without them (`scheme://`, what
/// follows the last `@`, and the byte that ends the authority) are over 319
/// bytes as written (a host written percent-encoded, or with code points
/// IDNA removes), and with them they need more than the 1,020-byte stack buffer
/// the parse gets (the userinfo, and the host in up to two forms at once).
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum OriginHost<'a> {
    /// A slice of the URL's serialization.
    Borrowed(&'a str),
    /// A copy (at most [`OriginHost::INLINE_CAPACITY`] bytes).
    Inline {
        /// Bytes; only `..len` are used.
        bytes: [u8; OriginHost::INLINE_CAPACITY],
        /// Used length.
        len: u8,
    },
}

impl OriginHost<'_> {
    /// The most bytes an inline host holds.
    pub const INLINE_CAPACITY: usize = 255;

    /// The serialized host.
    pub fn as_str(&self) -> &str {
        match self {
            OriginHost::Borrowed(s) => s,
            OriginHost::Inline { bytes, len } => {
                let used = bytes.get(..usize::from(*len)).unwrap_or_default();
                core::str::from_utf8(used).unwrap_or("")
            }
        }
    }
}

impl fmt::Debug for OriginHost<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for OriginHost<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Origin<'_> {
    /// Whether this is an opaque origin.
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque)
    }

    /// Same origin (HTML): tuple origins with equal scheme, host and port.
    /// Opaque origins are never same-origin here (see the type docs).
    pub fn same_origin(&self, other: &Origin<'_>) -> bool {
        match (self, other) {
            (
                Origin::Tuple {
                    scheme: s1,
                    host: h1,
                    port: p1,
                },
                Origin::Tuple {
                    scheme: s2,
                    host: h2,
                    port: p2,
                },
            ) => s1 == s2 && h1.as_str() == h2.as_str() && p1 == p2,
            _ => false,
        }
    }
}

impl Origin<'_> {
    /// Same origin-domain (HTML). An origin's domain is set only through
    /// `document.domain`, never for an origin derived from a URL, so for
    /// these origins it is null and same origin-domain equals same origin;
    /// opaque origins are never same origin-domain here (see the type docs).
    ///
    /// ```
    /// use url_core::{SliceStorage, Url};
    /// let a = Url::parse_borrowed("https://example.com/a").unwrap();
    /// let mut buf = [0u8; 64];
    /// let b = Url::parse_into("https://EXAMPLE.com:443/b", SliceStorage::new(&mut buf)).unwrap();
    /// assert!(a.origin().same_origin_domain(&b.origin()));
    /// ```
    pub fn same_origin_domain(&self, other: &Origin<'_>) -> bool {
        self.same_origin(other)
    }
}

impl PartialEq for Origin<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.same_origin(other)
    }
}

impl fmt::Display for Origin<'_> {
    /// The serialization of an origin (HTML): `scheme://host[:port]` or `null`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{}", host.as_str())?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl<S: Buffer> Url<S> {
    /// The URL's origin (url.bs §4.7).
    pub fn origin(&self) -> Origin<'_> {
        match self.scheme_type() {
            SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss
            | SchemeType::Ftp => Origin::Tuple {
                scheme: self.scheme_type().special_name(),
                host: OriginHost::Borrowed(self.hostname()),
                port: self.port(),
            },
            SchemeType::File => Origin::Opaque,
            SchemeType::NotSpecial if self.scheme() == "blob" => blob_origin(self.pathname()),
            SchemeType::NotSpecial => Origin::Opaque,
        }
    }
}

/// "blob": the origin of the URL parsed from the path, if http(s).
fn blob_origin(path: &str) -> Origin<'_> {
    // Only scheme, host and port matter: cut the path URL after its authority
    // so that a long path cannot exceed the stack buffer below.
    let head = authority_prefix(path);
    if let Ok(inner) = Url::parse_borrowed(head) {
        // `inner` borrows `head`, a slice of `path`: its host outlives it.
        let host: &str = inner.into_storage();
        let host = host
            .get(inner.off.host_start as usize..inner.off.host_end as usize)
            .unwrap_or_default();
        return http_origin(&inner, OriginHost::Borrowed(host));
    }
    // Credentials do not change an origin but can be long: parse the inner
    // URL without them ("scheme://" + what follows the last '@').
    let mut composed = [0u8; OriginHost::INLINE_CAPACITY + 64];
    let head = without_credentials(head, &mut composed).unwrap_or(head);
    // Room for IDNA's scratch too (it holds two forms of the host at once).
    let mut buf = [0u8; 4 * OriginHost::INLINE_CAPACITY];
    match Url::parse_into(head, SliceStorage::new(&mut buf)) {
        Ok(inner) => {
            let h = inner.hostname().as_bytes();
            if h.len() > OriginHost::INLINE_CAPACITY {
                // Documented limitation: see `OriginHost`.
                return Origin::Opaque;
            }
            let mut bytes = [0u8; OriginHost::INLINE_CAPACITY];
            crate::bytes::copy(&mut bytes, h);
            http_origin(
                &inner,
                OriginHost::Inline {
                    bytes,
                    len: h.len() as u8,
                },
            )
        }
        Err(_) => Origin::Opaque,
    }
}

/// `head` (a URL cut after its authority) rewritten as `scheme://host[:port]`
/// in `buf` when its authority has credentials and the rest fits.
fn without_credentials<'b>(head: &str, buf: &'b mut [u8]) -> Option<&'b str> {
    // Byte searches rather than `str::find` / `rfind`, whose word-at-a-time
    // memchr keeps slice-index panics linked into firmware.
    let bytes = head.as_bytes();
    let colon = bytes.iter().position(|&b| b == b':')?;
    let at = bytes.get(colon..)?.iter().rposition(|&b| b == b'@')? + colon;
    let (scheme, rest) = (head.get(..=colon)?, head.get(at + 1..)?);
    let len = scheme.len() + 2 + rest.len();
    let dst = buf.get_mut(..len)?;
    let (a, rest_dst) = dst.split_at_mut_checked(scheme.len())?;
    let (b, c) = rest_dst.split_at_mut_checked(2)?;
    crate::bytes::copy(a, scheme.as_bytes());
    crate::bytes::copy(b, b"//");
    crate::bytes::copy(c, rest.as_bytes());
    core::str::from_utf8(dst).ok()
}

fn http_origin<'h, B: Buffer>(inner: &Url<B>, host: OriginHost<'h>) -> Origin<'h> {
    match inner.scheme_type() {
        SchemeType::Http | SchemeType::Https => Origin::Tuple {
            scheme: inner.scheme_type().special_name(),
            host,
            port: inner.port(),
        },
        _ => Origin::Opaque,
    }
}

/// `path` up to the end of the authority of the URL it spells, if it has a
/// scheme; else all of it.
fn authority_prefix(path: &str) -> &str {
    let b = path.as_bytes();
    let Some(colon) = b.iter().position(|&c| c == b':') else {
        return path;
    };
    let mut i = colon + 1;
    while b
        .get(i)
        .is_some_and(|c| matches!(c, b'/' | b'\\' | b'\t' | b'\n' | b'\r'))
    {
        i += 1;
    }
    while b
        .get(i)
        .is_some_and(|c| !matches!(c, b'/' | b'\\' | b'?' | b'#'))
    {
        i += 1;
    }
    // Keep the delimiter: cut right after the authority, trailing spaces there
    // would be trimmed and could turn an invalid port valid ("https:h: /").
    path.get(..(i + 1).min(b.len())).unwrap_or(path)
}
