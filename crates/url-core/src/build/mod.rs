//! Building a URL from its parts, into any [`Storage`].
//!
//! Parts are given *decoded* — as text, not as they appear in a URL — and
//! each is percent-encoded with the set that keeps it one part:
//!
//! | part | written as | encoded with |
//! | --- | --- | --- |
//! | scheme | lowercased | (must be a scheme) |
//! | username, password | as is | the userinfo set and `%` |
//! | host | the host parser's output (IDNA, IPv4, `[IPv6]`; opaque for non-special schemes) | (the host parser's own) |
//! | port | decimal, omitted when the scheme's default | |
//! | path segment | `/` + segment | the path set, `/` and `%` (and `\` for special schemes) |
//! | opaque path | as is | C0 controls, space, `#`, `?`, `%`, and a leading `/` |
//! | query text | `?` + text | the (special-)query set and `%` |
//! | query pair | `name=value`, `&` between pairs | application/x-www-form-urlencoded (url.bs §5.2) |
//! | fragment | `#` + text | the fragment set and `%` |
//!
//! So `"a/b"` as a path segment is `a%2Fb`, one segment, and `"50%"` is
//! `50%25`: decoding what the URL's getters return gives back each part.
//! The host is the exception: it is what the host parser makes of the text
//! (lowercased, IDNA, `%XX` decoded in domains, `localhost` the empty host
//! of a `file:` URL).
//!
//! Some parts cannot be had: a `.` or `..` path segment (the parser
//! applies dot segments, and `%2e` is one too), a port or credentials
//! without a host, and the rest listed in [`BuildErrorKind`]. A special URL
//! always has a path: with no segment given it is `/`. A non-special URL
//! with neither a host nor path segments has the empty opaque path (`sc:`).
//!
//! Finally the serialization is parsed, and the build succeeds only if
//! it parses to itself with every part where it was written: what the
//! builder returns is exactly what parsing its href gives.

mod check;
mod error;

pub use error::{BuildError, BuildErrorKind, UrlPart};

use crate::byte_class::is_tab_or_newline;
use crate::form_urlencoded;
use crate::host::{self, HostKind, HostSyntax};
use crate::input::{Input, TabOrNewline};
use crate::output::{Need, Output};
use crate::percent_encode::{utf8_percent_encode_into, AsciiSet};
use crate::storage::{CapacityError, Storage};
use crate::url::{format_port, SchemeType, Url};
use crate::validation::{NoValidation, ValidationError};
use crate::ParseError;
use core::net::IpAddr;

/// Username and password: the userinfo set, and `%` because the text is
/// given decoded.
const USERINFO: AsciiSet = AsciiSet::USERINFO.add(b'%');
/// A path segment of a non-special URL: `/` would end it, `%` is text.
const SEGMENT: AsciiSet = AsciiSet::PATH.add_all(b"/%");
/// A path segment of a special URL, where `\` ends a segment too.
const SPECIAL_SEGMENT: AsciiSet = SEGMENT.add(b'\\');
/// The opaque path state keeps everything but C0 controls and non-ASCII
/// (it percent-encodes those) and `?` and `#` (they end it); a space
/// becomes `%20` before `?` or `#` and is trimmed at the end of a URL, so
/// it is encoded too; `%` is text.
const OPAQUE_PATH: AsciiSet = AsciiSet::C0_CONTROL.add_all(b" #?%");
const QUERY: AsciiSet = AsciiSet::QUERY.add(b'%');
const SPECIAL_QUERY: AsciiSet = AsciiSet::SPECIAL_QUERY.add(b'%');
const FRAGMENT: AsciiSet = AsciiSet::FRAGMENT.add(b'%');

/// Where the builder is: the last part written, in serialization order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Scheme,
    Username,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    Done,
}

/// Builds a URL from its parts, writing into a [`Storage`]: no allocation
/// (see the [module docs](self) for how each part is encoded).
///
/// Parts are written as they are given, so they must come in the order
/// they have in a URL: username, password, host (or [`ip`](Self::ip)),
/// port, path segments (or an opaque path), query text, query pairs,
/// fragment; each may be left out. A part given out of order, or twice,
/// is [`BuildErrorKind::OutOfOrder`] (`weburl::UrlBuilder` takes parts in
/// any order). Path segments and query pairs may be given any number of
/// times.
///
/// Methods chain on `&mut self`, and the first failure is kept: later
/// parts are ignored and [`finish`](Self::finish) returns it.
///
/// ```
/// use url_core::{build::Builder, SliceStorage};
/// let mut buf = [0u8; 128];
/// let mut b = Builder::new("https", SliceStorage::new(&mut buf));
/// b.username("me")
///     .host("EXAMPLE.com")
///     .port(443)
///     .path_segments(["docs", "a/b", "50%"])
///     .query_pair("q", "x y&z")
///     .fragment("top");
/// let url = b.finish()?;
/// assert_eq!(url.href(), "https://me@example.com/docs/a%2Fb/50%25?q=x+y%26z#top");
/// # Ok::<(), url_core::build::BuildError>(())
/// ```
pub struct Builder<S: Storage> {
    buf: S,
    error: Option<BuildError>,
    stage: Stage,
    scheme_type: SchemeType,
    scheme_end: usize,
    /// `//` is written: the URL has a host (or will have one).
    authority: bool,
    username_end: usize,
    /// The first non-empty credential written, to blame when the URL
    /// turns out to have no host.
    credentials: Option<UrlPart>,
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
    port: Option<u16>,
    path_start: usize,
    segments: usize,
    first_segment_empty: bool,
    /// The serializer's "/." is written before the path.
    dot_prefix: bool,
    opaque_path: bool,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
}

impl<S: Storage> Builder<S> {
    /// Starts a URL with `scheme` (ASCII letters are lowercased) in
    /// `storage`, which is cleared first.
    ///
    /// ```
    /// use url_core::build::{BuildErrorKind, Builder, UrlPart};
    /// let mut buf = [0u8; 64];
    /// let mut b = Builder::new("1http", url_core::SliceStorage::new(&mut buf));
    /// b.host("example.com");
    /// let err = b.finish().unwrap_err();
    /// assert_eq!((err.part, err.kind), (UrlPart::Scheme, BuildErrorKind::InvalidScheme));
    /// ```
    pub fn new(scheme: &str, mut storage: S) -> Self {
        storage.clear();
        let mut b = Builder {
            buf: storage,
            error: None,
            stage: Stage::Scheme,
            scheme_type: SchemeType::NotSpecial,
            scheme_end: 0,
            authority: false,
            username_end: 0,
            credentials: None,
            host_start: 0,
            host_end: 0,
            host_kind: HostKind::None,
            port: None,
            path_start: 0,
            segments: 0,
            first_segment_empty: false,
            dot_prefix: false,
            opaque_path: false,
            query_start: None,
            fragment_start: None,
        };
        b.write_scheme(scheme);
        b
    }

    fn write_scheme(&mut self, scheme: &str) {
        // Scheme start and scheme states: an ASCII alpha, then ASCII
        // alphanumerics, `+`, `-` and `.`.
        let bytes = scheme.as_bytes();
        let valid = bytes.first().is_some_and(u8::is_ascii_alphabetic)
            && bytes
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return self.fail(UrlPart::Scheme, BuildErrorKind::InvalidScheme);
        }
        self.buf.reserve(scheme.len() + 1);
        for &b in bytes {
            let lower = [b.to_ascii_lowercase()];
            self.push_ascii(UrlPart::Scheme, &lower);
        }
        self.push(UrlPart::Scheme, ":");
        self.scheme_end = scheme.len();
        self.scheme_type =
            SchemeType::of(self.buf.as_bytes().get(..scheme.len()).unwrap_or_default());
        self.host_start = self.scheme_end + 1;
        self.host_end = self.host_start;
        self.username_end = self.host_start;
    }

    /// The username (decoded text; empty means none).
    pub fn username(&mut self, username: &str) -> &mut Self {
        if self.enter(Stage::Username, UrlPart::Username) && !username.is_empty() {
            self.write_credential(UrlPart::Username, username);
            self.username_end = self.buf.len();
        }
        self
    }

    /// The password (decoded text; empty means none).
    pub fn password(&mut self, password: &str) -> &mut Self {
        if self.enter(Stage::Password, UrlPart::Password) && !password.is_empty() {
            self.write_credential(UrlPart::Password, password);
        }
        self
    }

    fn write_credential(&mut self, part: UrlPart, text: &str) {
        if self.scheme_type == SchemeType::File {
            return self.fail(part, BuildErrorKind::FileScheme);
        }
        self.start_authority(part);
        if part == UrlPart::Password {
            self.push(part, ":");
        }
        self.encode(part, text, USERINFO);
        self.credentials.get_or_insert(part);
    }

    /// Writes `//` once.
    fn start_authority(&mut self, part: UrlPart) {
        if !self.authority {
            self.authority = true;
            self.push(part, "//");
            self.username_end = self.buf.len();
        }
    }

    /// The host, as the host parser takes it (url.bs §3.5): a domain
    /// (lowercased, IDNA; `%XX` decoded), an IPv4 address in any of its
    /// notations, `[` an IPv6 address `]`, or for a non-special scheme an
    /// opaque host. The empty string is the empty host (`file:`, and
    /// non-special schemes: `sc://`); for `file:`, `localhost` is too.
    ///
    /// A host the host parser fails on is
    /// [`BuildErrorKind::InvalidHost`] with the standard's validation
    /// error. ASCII tab and newline are forbidden host code points here
    /// (the URL parser would have removed them from a whole URL).
    ///
    /// ```
    /// use url_core::build::Builder;
    /// let mut buf = [0u8; 64];
    /// let mut b = Builder::new("http", url_core::SliceStorage::new(&mut buf));
    /// b.host("0x7F.1");
    /// assert_eq!(b.finish()?.href(), "http://127.0.0.1/");
    /// # Ok::<(), url_core::build::BuildError>(())
    /// ```
    pub fn host(&mut self, host: &str) -> &mut Self {
        if self.enter(Stage::Host, UrlPart::Host) {
            self.write_host(host);
        }
        self
    }

    /// The host as an IP address: for special schemes an IPv4 or IPv6
    /// host; for non-special schemes an IPv6 host, or an IPv4 address as
    /// an opaque host (the standard parses IPv4 only in special URLs).
    ///
    /// ```
    /// use core::net::{IpAddr, Ipv6Addr};
    /// use url_core::build::Builder;
    /// let mut buf = [0u8; 64];
    /// let mut b = Builder::new("ws", url_core::SliceStorage::new(&mut buf));
    /// b.ip(IpAddr::V6(Ipv6Addr::LOCALHOST)).port(8080);
    /// assert_eq!(b.finish()?.href(), "ws://[::1]:8080/");
    /// # Ok::<(), url_core::build::BuildError>(())
    /// ```
    pub fn ip(&mut self, address: IpAddr) -> &mut Self {
        if !self.enter(Stage::Host, UrlPart::Host) {
            return self;
        }
        // The text the host parser gives back unchanged.
        let mut text = [0u8; 41];
        let n = match address {
            IpAddr::V4(a) => {
                let mut out = [0u8; 15];
                let n = host::ipv4::serialize_ipv4(u32::from(a), &mut out);
                crate::bytes::copy(&mut text, out.get(..n).unwrap_or_default());
                n
            }
            IpAddr::V6(a) => {
                let mut out = [0u8; 40];
                let n = host::ipv6::serialize_ipv6(&a.segments(), &mut out);
                text[0] = b'[';
                if let Some(dst) = text.get_mut(1..) {
                    crate::bytes::copy(dst, out.get(..n).unwrap_or_default());
                }
                if let Some(slot) = text.get_mut(n + 1) {
                    *slot = b']';
                }
                n + 2
            }
        };
        let text = text
            .get(..n)
            .and_then(|t| core::str::from_utf8(t).ok())
            .unwrap_or_default();
        self.write_host(text);
        self
    }

    fn write_host(&mut self, host: &str) {
        let special = self.scheme_type.is_special();
        let file = self.scheme_type == SchemeType::File;
        if host.is_empty() && special && !file {
            return self.fail(
                UrlPart::Host,
                BuildErrorKind::InvalidHost(ValidationError::HostMissing),
            );
        }
        if host.bytes().any(is_tab_or_newline) {
            // What the host parser reports for a forbidden code point in
            // each kind of host.
            let error = if host.starts_with('[') {
                ValidationError::Ipv6InvalidCodePoint
            } else if special {
                ValidationError::DomainToAscii
            } else {
                ValidationError::HostInvalidCodePoint
            };
            return self.fail(UrlPart::Host, BuildErrorKind::InvalidHost(error));
        }
        self.start_authority(UrlPart::Host);
        if self.credentials.is_some() {
            self.push(UrlPart::Host, "@");
        }
        self.host_start = self.buf.len();
        let mut kind = HostKind::Empty;
        if !host.is_empty() && self.error.is_none() {
            let input = Input::new(host, 0, TabOrNewline::Found);
            let mut w = Output::appending(input.s, &mut self.buf);
            let parsed = host::parse_host(
                &mut w,
                &input,
                0,
                input.len(),
                HostSyntax::of(special),
                &mut NoValidation,
                Need::Serialization,
            );
            match parsed {
                Ok(k) => kind = k,
                Err(e) => return self.fail(UrlPart::Host, parse_error_kind(e)),
            }
            // The file host state: "localhost" is the empty host.
            if file && self.buf.as_bytes().get(self.host_start..) == Some(&b"localhost"[..]) {
                self.buf.truncate(self.host_start);
                kind = HostKind::Empty;
            }
        }
        self.host_end = self.buf.len();
        self.host_kind = kind;
        if kind == HostKind::Empty {
            if let Some(part) = self.credentials {
                self.fail(part, BuildErrorKind::NoHost);
            }
        }
    }

    /// The port. The scheme's default port is no port (`https` and 443),
    /// as the standard serializes it.
    pub fn port(&mut self, port: u16) -> &mut Self {
        if !self.enter(Stage::Port, UrlPart::Port) {
            return self;
        }
        if self.scheme_type == SchemeType::File {
            self.fail(UrlPart::Port, BuildErrorKind::FileScheme);
        } else if matches!(self.host_kind, HostKind::None | HostKind::Empty) {
            self.fail(UrlPart::Port, BuildErrorKind::NoHost);
        } else if Some(port) != self.scheme_type.default_port() {
            let mut digits = [0u8; 6];
            let n = format_port(port, &mut digits);
            self.push(UrlPart::Port, ":");
            self.push_ascii(UrlPart::Port, digits.get(..n).unwrap_or_default());
            self.port = Some(port);
        }
        self
    }

    /// Appends a path segment (decoded text): `/` and `%` in it are
    /// encoded, so it stays one segment and decodes back. `.` and `..` are
    /// [`BuildErrorKind::DotSegment`].
    ///
    /// ```
    /// use url_core::build::Builder;
    /// let mut buf = [0u8; 64];
    /// let mut b = Builder::new("sc", url_core::SliceStorage::new(&mut buf));
    /// b.path_segment("").path_segment("a/b");
    /// // Without a host, a path starting with an empty segment gets the
    /// // serializer's "/." so that it does not read as a host.
    /// assert_eq!(b.finish()?.href(), "sc:/.//a%2Fb");
    /// # Ok::<(), url_core::build::BuildError>(())
    /// ```
    pub fn path_segment(&mut self, segment: &str) -> &mut Self {
        let part = UrlPart::PathSegment(self.segments);
        if !self.enter(Stage::Path, part) {
            return self;
        }
        if self.opaque_path {
            self.fail(part, BuildErrorKind::OpaquePath);
            return self;
        }
        if matches!(segment, "." | "..") {
            self.fail(part, BuildErrorKind::DotSegment);
            return self;
        }
        // The serializer's "/." (url.bs §4.5): without a host, a path that
        // starts with an empty segment would otherwise start with "//".
        if self.segments == 1 && self.first_segment_empty && !self.authority {
            if let Err(e) = self
                .buf
                .replace_range(self.path_start..self.path_start, "/.")
            {
                self.fail(part, BuildErrorKind::Capacity(e));
                return self;
            }
            self.path_start += 2;
            self.dot_prefix = true;
        }
        self.push(part, "/");
        let special = self.scheme_type.is_special();
        let mut set = if special { SPECIAL_SEGMENT } else { SEGMENT };
        // The path state turns a first segment like "C|" of a file: URL
        // into "C:" (a Windows drive letter quirk); an encoded `|` is not a
        // drive letter, so the segment stays as given.
        if self.scheme_type == SchemeType::File
            && self.segments == 0
            && matches!(segment.as_bytes(), [a, b'|'] if a.is_ascii_alphabetic())
        {
            set = set.add(b'|');
        }
        self.encode(part, segment, set);
        if self.segments == 0 {
            self.first_segment_empty = segment.is_empty();
        }
        self.segments += 1;
        self
    }

    /// Appends every segment of `segments`, as [`path_segment`](Self::path_segment).
    pub fn path_segments<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for s in segments {
            self.path_segment(s.as_ref());
        }
        self
    }

    /// The opaque path (decoded text), for a URL with a non-special scheme
    /// and no host: `mailto:`, `urn:`, `data:` … C0 controls, space, `#`,
    /// `?`, `%` and a leading `/` are encoded.
    ///
    /// ```
    /// use url_core::build::Builder;
    /// let mut buf = [0u8; 64];
    /// let mut b = Builder::new("mailto", url_core::SliceStorage::new(&mut buf));
    /// b.opaque_path("someone@example.com").query("subject=Hi there");
    /// assert_eq!(b.finish()?.href(), "mailto:someone@example.com?subject=Hi%20there");
    /// # Ok::<(), url_core::build::BuildError>(())
    /// ```
    pub fn opaque_path(&mut self, path: &str) -> &mut Self {
        if !self.enter(Stage::Path, UrlPart::OpaquePath) {
            return self;
        }
        if self.scheme_type.is_special() || self.authority || self.segments > 0 || self.opaque_path
        {
            self.fail(UrlPart::OpaquePath, BuildErrorKind::OpaquePath);
            return self;
        }
        self.opaque_path = true;
        // A leading "/" would make the path a hierarchical one.
        let rest = match path.strip_prefix('/') {
            Some(rest) => {
                self.push(UrlPart::OpaquePath, "%2F");
                rest
            }
            None => path,
        };
        self.encode(UrlPart::OpaquePath, rest, OPAQUE_PATH);
        self
    }

    /// The query as text (decoded): encoded with the query set (the
    /// special-query set for special schemes) and `%`, so `&`, `=` and
    /// `+` stay as given. Before any [`query_pair`](Self::query_pair); the
    /// pairs then follow it after `&`.
    pub fn query(&mut self, text: &str) -> &mut Self {
        if !self.enter(Stage::Query, UrlPart::Query) {
            return self;
        }
        if self.query_start.is_some() {
            self.fail(UrlPart::Query, BuildErrorKind::OutOfOrder);
            return self;
        }
        self.query_start = Some(self.buf.len());
        self.push(UrlPart::Query, "?");
        let set = if self.scheme_type.is_special() {
            SPECIAL_QUERY
        } else {
            QUERY
        };
        self.encode(UrlPart::Query, text, set);
        self
    }

    /// Appends a `name=value` pair to the query, serialized as
    /// application/x-www-form-urlencoded (url.bs §5.2: space as `+`,
    /// everything but ASCII alphanumerics and `*-._` percent-encoded), the
    /// way `URLSearchParams` writes it.
    pub fn query_pair(&mut self, name: &str, value: &str) -> &mut Self {
        if !self.enter(Stage::Query, UrlPart::Query) {
            return self;
        }
        match self.query_start {
            None => {
                self.query_start = Some(self.buf.len());
                self.push(UrlPart::Query, "?");
            }
            Some(q) if self.buf.len() > q + 1 => self.push(UrlPart::Query, "&"),
            Some(_) => {}
        }
        if self.error.is_none() {
            let written = form_urlencoded::encode_into(name, &mut self.buf)
                .and_then(|()| self.buf.push_str("="))
                .and_then(|()| form_urlencoded::encode_into(value, &mut self.buf));
            if let Err(e) = written {
                self.fail(UrlPart::Query, BuildErrorKind::Capacity(e));
            }
        }
        self
    }

    /// Appends every pair of `pairs`, as [`query_pair`](Self::query_pair).
    pub fn query_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for (k, v) in pairs {
            self.query_pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// The fragment (decoded text): encoded with the fragment set and `%`.
    pub fn fragment(&mut self, fragment: &str) -> &mut Self {
        if self.enter(Stage::Fragment, UrlPart::Fragment) {
            self.fragment_start = Some(self.buf.len());
            self.push(UrlPart::Fragment, "#");
            self.encode(UrlPart::Fragment, fragment, FRAGMENT);
        }
        self
    }

    /// The first failure so far, if any.
    pub fn error(&self) -> Option<BuildError> {
        self.error
    }

    /// Ends the URL and checks it: the serialization must parse to itself,
    /// with every part where it was written.
    pub fn finish(mut self) -> Result<Url<S>, BuildError> {
        self.advance(Stage::Done);
        if let Some(e) = self.error {
            return Err(e);
        }
        let off = self.check()?;
        Ok(Url { buf: self.buf, off })
    }

    /// Moves to `stage` if parts may still be given there, finishing the
    /// authority and the path on the way; false (and the error kept) if
    /// not.
    fn enter(&mut self, stage: Stage, part: UrlPart) -> bool {
        if self.error.is_some() {
            return false;
        }
        let repeats = matches!(stage, Stage::Path | Stage::Query);
        if self.stage > stage || (self.stage == stage && !repeats) {
            self.fail(part, BuildErrorKind::OutOfOrder);
            return false;
        }
        self.advance(stage);
        self.error.is_none()
    }

    fn advance(&mut self, stage: Stage) {
        if self.error.is_some() {
            return;
        }
        if self.stage < Stage::Path && stage >= Stage::Path {
            self.end_authority();
            self.path_start = self.buf.len();
        }
        if self.stage <= Stage::Path && stage > Stage::Path {
            self.end_path();
        }
        self.stage = stage;
    }

    /// No more authority parts: a special URL needs a host (`file:` gets
    /// the empty one), and credentials need a non-empty host.
    fn end_authority(&mut self) {
        if self.host_kind != HostKind::None {
            return;
        }
        match self.scheme_type {
            SchemeType::File => {
                self.start_authority(UrlPart::Host);
                self.host_start = self.buf.len();
                self.host_end = self.host_start;
                self.host_kind = HostKind::Empty;
            }
            t if t.is_special() => self.fail(
                UrlPart::Host,
                BuildErrorKind::InvalidHost(ValidationError::HostMissing),
            ),
            _ => {
                if let Some(part) = self.credentials {
                    self.fail(part, BuildErrorKind::NoHost);
                }
            }
        }
    }

    /// No more path segments: a special URL's path is at least `/`; a
    /// non-special URL without a host or segments has the empty opaque
    /// path.
    fn end_path(&mut self) {
        if self.segments > 0 || self.opaque_path {
            return;
        }
        if self.scheme_type.is_special() {
            self.push(UrlPart::PathSegment(0), "/");
            self.segments = 1;
        } else if !self.authority {
            self.opaque_path = true;
        }
    }

    fn fail(&mut self, part: UrlPart, kind: BuildErrorKind) {
        if self.error.is_none() {
            self.error = Some(BuildError { part, kind });
        }
    }

    fn capacity(&mut self, part: UrlPart, result: Result<(), CapacityError>) {
        if let Err(e) = result {
            self.fail(part, BuildErrorKind::Capacity(e));
        }
    }

    fn push(&mut self, part: UrlPart, s: &str) {
        if self.error.is_none() {
            let r = self.buf.push_str(s);
            self.capacity(part, r);
        }
    }

    fn push_ascii(&mut self, part: UrlPart, bytes: &[u8]) {
        if self.error.is_none() {
            let r = self.buf.push_ascii(bytes);
            self.capacity(part, r);
        }
    }

    fn encode(&mut self, part: UrlPart, text: &str, set: AsciiSet) {
        if self.error.is_none() {
            let r = utf8_percent_encode_into(text, set, &mut self.buf);
            self.capacity(part, r);
        }
    }
}

/// The kind for a host parser failure.
fn parse_error_kind(e: ParseError) -> BuildErrorKind {
    match e {
        ParseError::Invalid { error, .. } | ParseError::Strict { error, .. } => {
            BuildErrorKind::InvalidHost(error)
        }
        ParseError::Capacity(c) => BuildErrorKind::Capacity(c),
        ParseError::IdnaUnavailable { .. } => BuildErrorKind::IdnaUnavailable,
        ParseError::TooLong => BuildErrorKind::TooLong,
        ParseError::NotCanonical => BuildErrorKind::NotPreserved,
    }
}

impl<S: Storage> core::fmt::Debug for Builder<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Builder")
            .field("written", &self.buf.as_str())
            .field("error", &self.error)
            .finish()
    }
}
