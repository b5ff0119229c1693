//! The URL record as one serialized buffer plus offsets (url.bs §4.1), and
//! the getters of the URL API (§6.1) as slices of that buffer.

use crate::host::HostKind;
use crate::storage::Buffer;
use core::fmt;
use core::hash::{Hash, Hasher};

/// A special scheme (url.bs §4.2), or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeType {
    /// `http`
    Http,
    /// `https`
    Https,
    /// `ws`
    Ws,
    /// `wss`
    Wss,
    /// `ftp`
    Ftp,
    /// `file`
    File,
    /// Any scheme that is not special.
    NotSpecial,
}

impl SchemeType {
    /// Classifies an (ASCII-lowercase) scheme.
    // Inlined into the straight-line route's scheme scan where the scans
    // are vectors (out of line there since the route took every URL with an
    // authority: 11 more instructions per URL on hosts(diverse)); left to
    // the compiler on the size-first targets.
    #[cfg_attr(
        any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        ),
        inline(always)
    )]
    #[cfg_attr(
        not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )),
        inline
    )]
    pub fn of(scheme: &[u8]) -> SchemeType {
        match scheme {
            b"http" => SchemeType::Http,
            b"https" => SchemeType::Https,
            b"ws" => SchemeType::Ws,
            b"wss" => SchemeType::Wss,
            b"ftp" => SchemeType::Ftp,
            b"file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    /// A special scheme's name, the inverse of [`SchemeType::of`] (empty
    /// for `NotSpecial`, whose name only the URL holds).
    pub(crate) fn special_name(self) -> &'static str {
        match self {
            SchemeType::Http => "http",
            SchemeType::Https => "https",
            SchemeType::Ws => "ws",
            SchemeType::Wss => "wss",
            SchemeType::Ftp => "ftp",
            SchemeType::File => "file",
            SchemeType::NotSpecial => "",
        }
    }

    /// Whether the scheme is special.
    #[inline]
    pub fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    /// The scheme's default port (url.bs §4.2).
    #[inline]
    pub fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

/// Component offsets into the serialization.
///
/// Layout: `scheme ":" ["//" [username [":" password] "@"] host [":" port]]
/// ["/."] path ["?" query] ["#" fragment]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    /// Index of the `:` ending the scheme.
    pub scheme_end: u32,
    /// End of the username (start is `scheme_end + 3` when there is a host).
    pub username_end: u32,
    /// Start of the host (after `@` when there are credentials).
    pub host_start: u32,
    /// End of the host.
    pub host_end: u32,
    /// Start of the path (after a `/.` prefix, if any).
    pub path_start: u32,
    /// Index of `?`, if there is a query.
    pub query_start: Option<u32>,
    /// Index of `#`, if there is a fragment.
    pub fragment_start: Option<u32>,
    /// The port, when not null.
    pub port: Option<u16>,
    pub scheme_type: SchemeType,
    pub host_kind: HostKind,
    pub opaque_path: bool,
}

/// A parsed URL: the serialization in storage `S` plus component offsets.
///
/// `S` is where the bytes live: [`crate::SliceStorage`], `heapless::String<N>`,
/// `String`, or `&str` for a URL borrowed from its input. Every getter is a
/// slice of that one buffer: no allocation, no copy.
///
/// ```
/// use url_core::{SliceStorage, Url};
/// let mut buf = [0u8; 128];
/// let url = Url::parse_into("https://user:pw@EXAMPLE.com:8080/a/./b/../c?x#y", SliceStorage::new(&mut buf)).unwrap();
/// assert_eq!(url.protocol(), "https:");
/// assert_eq!(url.username(), "user");
/// assert_eq!(url.host(), "example.com:8080");
/// assert_eq!(url.pathname(), "/a/c");
/// assert_eq!(url.search(), "?x");
/// assert_eq!(url.hash(), "#y");
/// ```
#[derive(Clone, Copy)]
pub struct Url<S> {
    pub(crate) buf: S,
    pub(crate) off: Offsets,
}

impl<S: Buffer> Url<S> {
    #[inline]
    fn s(&self, start: u32, end: u32) -> &str {
        self.buf.slice(start as usize..end as usize)
    }

    #[inline]
    fn len(&self) -> u32 {
        self.buf.as_bytes().len() as u32
    }

    /// The serialization (the URL API's `href`).
    #[inline]
    pub fn href(&self) -> &str {
        self.buf.as_str()
    }

    /// The serialization, for `Display`-like use.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.buf.as_str()
    }

    /// The scheme, without `:`.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.s(0, self.off.scheme_end)
    }

    /// The URL API's `protocol`: the scheme followed by `:`.
    #[inline]
    pub fn protocol(&self) -> &str {
        self.s(0, self.off.scheme_end + 1)
    }

    /// The scheme's classification.
    #[inline]
    pub fn scheme_type(&self) -> SchemeType {
        self.off.scheme_type
    }

    /// Whether the scheme is special (url.bs §4.2).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.off.scheme_type.is_special()
    }

    /// The username (percent-encoded), or `""`.
    #[inline]
    pub fn username(&self) -> &str {
        if self.off.host_kind == HostKind::None {
            return "";
        }
        self.s(self.off.scheme_end + 3, self.off.username_end)
    }

    /// The password (percent-encoded), or `""`.
    #[inline]
    pub fn password(&self) -> &str {
        let o = &self.off;
        if o.host_kind != HostKind::None
            && o.username_end < o.host_start
            && self.buf.as_bytes().get(o.username_end as usize) == Some(&b':')
        {
            self.s(o.username_end + 1, o.host_start - 1)
        } else {
            ""
        }
    }

    /// Whether the URL includes credentials (url.bs §4.2).
    #[inline]
    pub fn has_credentials(&self) -> bool {
        self.off.host_kind != HostKind::None && self.off.host_start > self.off.scheme_end + 3
    }

    /// The URL API's `host`: host and `:port`, or `""` when the host is null.
    #[inline]
    pub fn host(&self) -> &str {
        if self.off.host_kind == HostKind::None {
            return "";
        }
        let end = if self.off.port.is_some() {
            self.off.path_start
        } else {
            self.off.host_end
        };
        self.s(self.off.host_start, end)
    }

    /// The URL API's `hostname`: the serialized host, or `""` when null.
    #[inline]
    pub fn hostname(&self) -> &str {
        self.s(self.off.host_start, self.off.host_end)
    }

    /// The kind of host.
    #[inline]
    pub fn host_kind(&self) -> HostKind {
        self.off.host_kind
    }

    /// The port, when it is not null (default ports are null).
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.off.port
    }

    /// The URL API's `port`: the port in decimal, or `""`.
    #[inline]
    pub fn port_str(&self) -> &str {
        if self.off.port.is_some() {
            self.s(self.off.host_end + 1, self.off.path_start)
        } else {
            ""
        }
    }

    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        self.off
            .query_start
            .or(self.off.fragment_start)
            .unwrap_or_else(|| self.len())
    }

    /// The URL API's `pathname` (the URL path serializer's output).
    #[inline]
    pub fn pathname(&self) -> &str {
        self.s(self.off.path_start, self.path_end())
    }

    /// Whether the path is opaque (`mailto:`, `data:`, `javascript:` …).
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.off.opaque_path
    }

    /// The query without `?`, or `None` when it is null.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        let q = self.off.query_start?;
        let end = self.off.fragment_start.unwrap_or_else(|| self.len());
        Some(self.s(q + 1, end))
    }

    /// The URL API's `search`: `"?"` + query, or `""` when null or empty.
    #[inline]
    pub fn search(&self) -> &str {
        match self.off.query_start {
            Some(q) => {
                let end = self.off.fragment_start.unwrap_or_else(|| self.len());
                if end - q <= 1 {
                    ""
                } else {
                    self.s(q, end)
                }
            }
            None => "",
        }
    }

    /// The fragment without `#`, or `None` when it is null.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        let f = self.off.fragment_start?;
        Some(self.s(f + 1, self.len()))
    }

    /// The URL API's `hash`: `"#"` + fragment, or `""` when null or empty.
    #[inline]
    pub fn hash(&self) -> &str {
        match self.off.fragment_start {
            Some(f) if self.len() - f > 1 => self.s(f, self.len()),
            _ => "",
        }
    }

    /// The serialization with exclude fragment set (url.bs §4.5).
    #[inline]
    pub fn href_without_fragment(&self) -> &str {
        let end = self.off.fragment_start.unwrap_or_else(|| self.len());
        self.s(0, end)
    }

    /// URL equivalence (url.bs §4.6), optionally excluding fragments.
    ///
    /// ```
    /// use url_core::Url;
    /// let a = Url::parse_borrowed("https://example.com/#a").unwrap();
    /// let b = Url::parse_borrowed("https://example.com/#b").unwrap();
    /// assert!(!a.equals(&b, false));
    /// assert!(a.equals(&b, true));
    /// ```
    pub fn equals<T: Buffer>(&self, other: &Url<T>, exclude_fragments: bool) -> bool {
        if exclude_fragments {
            self.href_without_fragment() == other.href_without_fragment()
        } else {
            self.href() == other.href()
        }
    }

    /// A `Url<&str>` view of this URL (for use as a base, or to copy offsets).
    #[inline]
    pub fn as_url_ref(&self) -> Url<&str> {
        Url {
            buf: self.buf.as_str(),
            off: self.off,
        }
    }

    /// The storage holding the serialization.
    #[inline]
    pub fn storage(&self) -> &S {
        &self.buf
    }

    /// Gives the storage back.
    #[inline]
    pub fn into_storage(self) -> S {
        self.buf
    }

    /// The URL with its serialization copied into a `String` of exactly its
    /// length: one allocation, and no code to grow a buffer (which
    /// [`Url::to_storage`] into a `String` links).
    ///
    /// ```
    /// use url_core::Url;
    /// let url = Url::parse_borrowed("https://example.com/a")?;
    /// let owned = url.to_owned_string();
    /// assert_eq!(owned.storage().capacity(), owned.href().len());
    /// assert_eq!(owned.pathname(), "/a");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_owned_string(&self) -> Url<alloc::string::String> {
        Url {
            buf: alloc::string::String::from(self.href()),
            off: self.off,
        }
    }

    /// Moves the serialization into another storage (e.g. borrowed → owned).
    #[inline]
    pub fn to_storage<T: crate::Storage>(
        &self,
        mut storage: T,
    ) -> Result<Url<T>, crate::CapacityError> {
        storage.clear();
        storage.push_str(self.href())?;
        Ok(Url {
            buf: storage,
            off: self.off,
        })
    }

    /// Checks the representation invariants: offsets ordered and inside the
    /// buffer, separators where the layout says, getters consistent with the
    /// href. For tests and fuzzers; returns a description of the first
    /// violation.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let b = self.buf.as_bytes();
        let o = &self.off;
        let len = b.len() as u32;
        if !b.is_ascii() {
            return Err("serialization is not ASCII");
        }
        if b.get(o.scheme_end as usize) != Some(&b':') {
            return Err("no ':' at scheme_end");
        }
        let scheme = &b[..o.scheme_end as usize];
        if scheme.is_empty()
            || !scheme[0].is_ascii_lowercase()
            || !scheme
                .iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || b"+-.".contains(c))
        {
            return Err("scheme is not lowercase alnum/+/-/.");
        }
        if SchemeType::of(scheme) != o.scheme_type {
            return Err("scheme_type mismatch");
        }
        let fs = o.fragment_start.unwrap_or(len);
        let qs = o.query_start.unwrap_or(fs);
        if !(o.scheme_end < o.username_end.max(o.scheme_end + 1)
            && o.username_end <= o.host_start
            && o.host_start <= o.host_end
            && o.host_end <= o.path_start
            && o.path_start <= len
            && o.path_start <= qs
            && qs <= fs
            && fs <= len)
        {
            return Err("offsets out of order");
        }
        if let Some(q) = o.query_start {
            if b[q as usize] != b'?' || q < o.path_start {
                return Err("query_start does not point at '?'");
            }
        }
        if let Some(f) = o.fragment_start {
            if b[f as usize] != b'#' {
                return Err("fragment_start does not point at '#'");
            }
        }
        if o.host_kind == HostKind::None {
            if o.port.is_some() {
                return Err("port without host");
            }
            let after = o.scheme_end + 1;
            if o.username_end != after || o.host_start != after || o.host_end != after {
                return Err("null host but authority offsets set");
            }
            let dot =
                o.path_start == after + 2 && &b[after as usize..o.path_start as usize] == b"/.";
            if o.path_start != after && !dot {
                return Err("unexpected bytes between scheme and path");
            }
            if dot != (!o.opaque_path && b[o.path_start as usize..].starts_with(b"//")) {
                return Err("'/.' prefix mismatch");
            }
        } else {
            if &b[o.scheme_end as usize + 1..o.scheme_end as usize + 3] != b"//" {
                return Err("host without '//'");
            }
            if self.has_credentials() {
                if b[o.host_start as usize - 1] != b'@' {
                    return Err("credentials not followed by '@'");
                }
                if self.username().is_empty() && self.password().is_empty() {
                    return Err("empty credentials serialized");
                }
            } else if o.username_end != o.scheme_end + 3 {
                return Err("username_end without credentials");
            }
            let host = &b[o.host_start as usize..o.host_end as usize];
            let kind_ok = match o.host_kind {
                HostKind::Empty => host.is_empty(),
                HostKind::Ipv6 => host.first() == Some(&b'[') && host.last() == Some(&b']'),
                HostKind::Ipv4 => {
                    !host.is_empty() && host.iter().all(|c| c.is_ascii_digit() || *c == b'.')
                }
                HostKind::Domain => {
                    !host.is_empty()
                        && !host.iter().any(|c| {
                            c.is_ascii_uppercase()
                                || crate::byte_class::is_forbidden_domain_code_point(*c)
                        })
                }
                HostKind::Opaque => !host.is_empty(),
                HostKind::None => false,
            };
            if !kind_ok {
                return Err("host text does not match host kind");
            }
            match o.port {
                Some(p) => {
                    let text = &b[o.host_end as usize..o.path_start as usize];
                    let mut digits = [0u8; 6];
                    let n = format_port(p, &mut digits);
                    if text.first() != Some(&b':') || text[1..] != digits[..n] {
                        return Err("port text mismatch");
                    }
                    if o.scheme_type.default_port() == Some(p) {
                        return Err("default port not elided");
                    }
                }
                None => {
                    if o.host_end != o.path_start {
                        return Err("bytes between host and path");
                    }
                }
            }
        }
        let path = &b[o.path_start as usize..qs.min(fs) as usize];
        if !o.opaque_path && !path.is_empty() && path[0] != b'/' {
            return Err("non-opaque path does not start with '/'");
        }
        if o.scheme_type.is_special() && (o.opaque_path || path.first() != Some(&b'/')) {
            return Err("special URL without '/' path");
        }
        if o.opaque_path && o.host_kind != HostKind::None {
            return Err("opaque path with a host");
        }
        Ok(())
    }
}

impl<S: Buffer> fmt::Display for Url<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl<S: Buffer> fmt::Debug for Url<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("host_kind", &self.off.host_kind)
            .field("opaque_path", &self.off.opaque_path)
            .finish()
    }
}

impl<S: Buffer, T: Buffer> PartialEq<Url<T>> for Url<S> {
    fn eq(&self, other: &Url<T>) -> bool {
        self.href() == other.href()
    }
}

impl<S: Buffer> Eq for Url<S> {}

impl<S: Buffer> Hash for Url<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.href().hash(state)
    }
}

impl<S: Buffer> PartialOrd for Url<S> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<S: Buffer> Ord for Url<S> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.href().cmp(other.href())
    }
}

impl<S: Buffer> AsRef<str> for Url<S> {
    fn as_ref(&self) -> &str {
        self.href()
    }
}

/// Whether the URL serializer writes `/.` before the path (url.bs §4.5,
/// step 3): the host is null, the path is not opaque, and it starts with an
/// empty segment (`//`), which read back would be a host.
#[inline]
pub(crate) fn path_needs_dot_prefix(host_kind: HostKind, opaque_path: bool, path: &[u8]) -> bool {
    host_kind == HostKind::None && !opaque_path && path.starts_with(b"//")
}

/// Formats a port in decimal; returns the length.
pub(crate) fn format_port(port: u16, out: &mut [u8; 6]) -> usize {
    // Digits are written right to left, then copied to the front.
    let mut digits = [0u8; 5];
    let mut v = port;
    let mut n = 0;
    for slot in digits.iter_mut().rev() {
        *slot = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let used = digits.get(digits.len() - n..).unwrap_or_default();
    for (o, &d) in out.iter_mut().zip(used) {
        *o = d;
    }
    n
}
