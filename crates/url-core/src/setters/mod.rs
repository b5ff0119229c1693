//! The URL API's setters (url.bs §6.1), on the one buffer.
//!
//! Each setter runs the basic URL parser with a state override over the new
//! value, writing the new component, then splices it into place and shifts
//! the offsets behind it. Nothing is re-parsed (except by `set_href`, which
//! is a parse). A setter that the standard says does nothing, or that fails,
//! leaves the URL byte-for-byte unchanged.
//!
//! Room: into a `SliceStorage` (or a `String`), the `pathname`, `search`,
//! `hash`, `host` and `hostname` setters build their component in a stack
//! buffer of 256 bytes and splice it in ([`Storage::SPLICE_FROM_STACK`]),
//! so a fixed buffer needs room only for the result. The other setters,
//! other storages (`heapless::String` among them, to keep firmware code
//! small) and a component too long for the stack write the new component
//! after the current serialization: the storage then holds the old URL and
//! the new component side by side, and needs `len + new component` bytes
//! even when the result is shorter.

use crate::byte_class::is_tab_or_newline;
use crate::error::ParseError;
use crate::host::HostKind;
use crate::input::{Input, TabOrNewline};
use crate::output::Output;
use crate::parser::authority::{port_for, port_number, scan_authority, AuthorityScan};
use crate::parser::route;
use crate::parser::scheme::{scan_scheme, write_scheme, SchemeScan};
use crate::percent_encode::{utf8_percent_encode_into, EncodeSet};
use crate::simd::{find, Stop};
use crate::storage::{CapacityError, Storage};
use crate::url::{SchemeType, Url};
use crate::validation::ValidationError;
use core::fmt;
use core::ops::Range;

mod component;
use component::{push_port, HostAndPort, Pathname, QueryOrFragment};

/// Which setter ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setter {
    /// `href`
    Href,
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `host`
    Host,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl Setter {
    /// Every setter, in the URL API's attribute order.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// Looks a setter up by its URL API attribute name (`"pathname"` …).
    ///
    /// ```
    /// assert_eq!(url_core::Setter::from_name("hash"), Some(url_core::Setter::Hash));
    /// ```
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The URL API attribute name.
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }
}

/// What a setter did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetOutcome {
    /// The URL was updated (possibly to the same serialization).
    Changed,
    /// The standard says to do nothing here; the URL is unchanged.
    Ignored(Ignored),
}

impl SetOutcome {
    /// Whether the setter changed the URL.
    pub fn is_changed(self) -> bool {
        self == SetOutcome::Changed
    }
}

/// Why a setter did nothing (the URL API returns without an exception).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ignored {
    /// The URL has an opaque path (host, hostname and pathname setters).
    OpaquePath,
    /// The URL cannot have a username/password/port: its host is null or
    /// empty, or its scheme is `file`.
    CannotHaveCredentialsOrPort,
    /// The value does not begin with a valid scheme.
    InvalidScheme,
    /// The scheme change is not allowed: special ↔ not special, to `file`
    /// with credentials or a port, or from `file` with an empty host.
    SchemeChangeNotAllowed,
    /// The value's host fails to parse; the standard's validation error.
    InvalidHost(ValidationError),
    /// The value's port fails to parse; the standard's validation error.
    InvalidPort(ValidationError),
}

/// A setter failed: the URL is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetError {
    /// Which setter.
    pub setter: Setter,
    /// Why: [`ParseError::Capacity`] when the result does not fit the
    /// storage; [`ParseError::Invalid`] when `set_href`'s value is not a URL.
    pub error: ParseError,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "setting {} failed: {}", self.setter.name(), self.error)
    }
}

impl core::error::Error for SetError {}

type SetResult = Result<SetOutcome, SetError>;

#[inline]
fn shift(x: u32, delta: isize) -> u32 {
    (x as isize + delta) as u32
}

impl<S: Storage> Url<S> {
    fn err(&self, setter: Setter, error: impl Into<ParseError>) -> SetError {
        SetError {
            setter,
            error: error.into(),
        }
    }

    /// Appends `self.buf[range]` to the storage through a stack chunk.
    fn append_own(&mut self, range: Range<usize>) -> Result<(), CapacityError> {
        let mut chunk = [0u8; 64];
        let mut i = range.start;
        while i < range.end {
            let n = (range.end - i).min(chunk.len());
            crate::bytes::copy(
                &mut chunk,
                self.buf.as_bytes().get(i..i + n).unwrap_or_default(),
            );
            self.buf.push_str(
                chunk
                    .get(..n)
                    .and_then(|c| core::str::from_utf8(c).ok())
                    .unwrap_or(""),
            )?;
            i += n;
        }
        Ok(())
    }

    /// Replaces `range` by the scratch text `[scratch..len)`; returns the
    /// length change. Never needs more room than the storage already holds.
    fn splice(&mut self, range: Range<usize>, scratch: usize) -> Result<isize, CapacityError> {
        let new_len = self.buf.len() - scratch;
        let old_len = range.end - range.start;
        self.buf.replace_range(range.clone(), "")?;
        self.buf.move_tail(range.start, scratch - old_len)?;
        Ok(new_len as isize - old_len as isize)
    }

    /// Runs `build` to write a replacement at the end, then splices it in; on
    /// any error the scratch is dropped and the URL is as before. Returns
    /// the length change, the replacement's length and what `build` gave.
    fn replace_with<R>(
        &mut self,
        setter: Setter,
        range: Range<usize>,
        build: impl FnOnce(&mut Self) -> Result<R, ParseError>,
    ) -> Result<(isize, usize, R), SetError> {
        let scratch = self.buf.len();
        let built = match build(self) {
            Ok(r) => r,
            Err(e) => {
                self.buf.truncate(scratch);
                return Err(self.err(setter, e));
            }
        };
        let new_len = self.buf.len() - scratch;
        match self.splice(range, scratch) {
            Ok(delta) => Ok((delta, new_len, built)),
            Err(e) => {
                self.buf.truncate(scratch);
                Err(self.err(setter, e))
            }
        }
    }

    /// "Cannot have a username/password/port" (url.bs §4.2).
    pub fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.off.host_kind, HostKind::None | HostKind::Empty)
            || self.off.scheme_type == SchemeType::File
    }

    /// Runs the setter `setter` with `value`: one dispatch for callers that
    /// choose the attribute at run time (CLIs, FFI, data-driven tests).
    ///
    /// ```
    /// use url_core::{Setter, SliceStorage, Url};
    /// let mut buf = [0u8; 64];
    /// let mut url = Url::parse_into("https://example.com/", SliceStorage::new(&mut buf)).unwrap();
    /// url.set(Setter::Hash, "top").unwrap();
    /// assert_eq!(url.href(), "https://example.com/#top");
    /// ```
    pub fn set(&mut self, setter: Setter, value: &str) -> SetResult {
        match setter {
            Setter::Href => self.set_href(value),
            Setter::Protocol => self.set_protocol(value),
            Setter::Username => self.set_username(value),
            Setter::Password => self.set_password(value),
            Setter::Host => self.set_host(value),
            Setter::Hostname => self.set_hostname(value),
            Setter::Port => self.set_port(value),
            Setter::Pathname => self.set_pathname(value),
            Setter::Search => self.set_search(value),
            Setter::Hash => self.set_hash(value),
        }
    }

    fn run_href_setter(&mut self, value: &str) -> SetResult {
        let old = self.buf.len();
        let parsed = route::append(value, &mut self.buf);
        let off = match parsed {
            Ok(x) => x,
            Err(e) => {
                self.buf.truncate(old);
                return Err(self.err(Setter::Href, e));
            }
        };
        // Cannot fail: it only shrinks.
        if let Err(e) = self.buf.replace_range(0..old, "") {
            self.buf.truncate(old);
            return Err(self.err(Setter::Href, e));
        }
        let d = -(old as isize);
        self.off = crate::url::Offsets {
            scheme_end: shift(off.scheme_end, d),
            username_end: shift(off.username_end, d),
            host_start: shift(off.host_start, d),
            host_end: shift(off.host_end, d),
            path_start: shift(off.path_start, d),
            query_start: off.query_start.map(|q| shift(q, d)),
            fragment_start: off.fragment_start.map(|f| shift(f, d)),
            ..off
        };
        Ok(SetOutcome::Changed)
    }

    fn run_protocol_setter(&mut self, value: &str) -> SetResult {
        let input = Input::new(value, 0, TabOrNewline::Assumed);
        let bytes = input.bytes;
        // Scheme start and scheme states over the value followed by ':'.
        let start = input.skip_ws(0);
        let Ok(scheme) = scan_scheme(bytes, start, SchemeScan::SetterValue) else {
            return Ok(SetOutcome::Ignored(Ignored::InvalidScheme));
        };
        let new_type = scheme.scheme_type;
        let o = self.off;
        if o.scheme_type.is_special() != new_type.is_special()
            || ((self.has_credentials() || o.port.is_some()) && new_type == SchemeType::File)
            || (o.scheme_type == SchemeType::File && o.host_kind == HostKind::Empty)
        {
            return Ok(SetOutcome::Ignored(Ignored::SchemeChangeNotAllowed));
        }
        let (delta, _, ()) =
            self.replace_with(Setter::Protocol, 0..o.scheme_end as usize, |u| {
                let mut w = Output::appending(value, &mut u.buf);
                Ok(write_scheme(&mut w, bytes, start, &scheme)?)
            })?;
        self.shift_all(delta);
        self.off.scheme_type = new_type;
        // "If url's port is url's scheme's default port, set url's port to null."
        // A second splice, but one that only removes bytes, which no storage
        // refuses: the scheme change above cannot be left half done.
        if o.port.is_some() && o.port == new_type.default_port() {
            let range = self.off.host_end as usize..self.off.path_start as usize;
            let (d, _, ()) = self.replace_with(Setter::Protocol, range, |_| Ok(()))?;
            self.off.port = None;
            self.shift_from_path(d);
        }
        Ok(SetOutcome::Changed)
    }

    fn shift_all(&mut self, d: isize) {
        let o = &mut self.off;
        o.scheme_end = shift(o.scheme_end, d);
        o.username_end = shift(o.username_end, d);
        o.host_start = shift(o.host_start, d);
        o.host_end = shift(o.host_end, d);
        self.shift_from_path(d);
    }

    fn shift_from_path(&mut self, d: isize) {
        let o = &mut self.off;
        o.path_start = shift(o.path_start, d);
        self.shift_from_query(d);
    }

    fn shift_from_query(&mut self, d: isize) {
        let o = &mut self.off;
        o.query_start = o.query_start.map(|q| shift(q, d));
        o.fragment_start = o.fragment_start.map(|f| shift(f, d));
    }

    /// Rewrites the userinfo as `username [":" password] "@"` (empty when
    /// both are empty). `None` keeps the current value.
    fn set_userinfo(
        &mut self,
        setter: Setter,
        user: Option<&str>,
        pass: Option<&str>,
    ) -> SetResult {
        if self.cannot_have_credentials_or_port() {
            return Ok(SetOutcome::Ignored(Ignored::CannotHaveCredentialsOrPort));
        }
        let o = self.off;
        let user_start = o.scheme_end as usize + 3;
        let old_user = user_start..o.username_end as usize;
        let old_pass = {
            let p = self.password();
            let end = o.host_start as usize - 1;
            end - p.len()..end
        };
        let mut user_len = 0;
        let (delta, _, ()) = self.replace_with(setter, user_start..o.host_start as usize, |u| {
            let start = u.buf.len();
            match user {
                Some(v) => utf8_percent_encode_into(v, EncodeSet::USERINFO, &mut u.buf)?,
                None => u.append_own(old_user.clone())?,
            }
            user_len = u.buf.len() - start;
            let pass_start = u.buf.len() + 1;
            u.buf.push_str(":")?;
            match pass {
                Some(v) => utf8_percent_encode_into(v, EncodeSet::USERINFO, &mut u.buf)?,
                None => u.append_own(old_pass.clone())?,
            }
            if u.buf.len() == pass_start {
                u.buf.truncate(pass_start - 1);
            }
            if u.buf.len() > start {
                u.buf.push_str("@")?;
            }
            Ok(())
        })?;
        self.off.username_end = (user_start + user_len) as u32;
        self.off.host_start = shift(self.off.host_start, delta);
        self.off.host_end = shift(self.off.host_end, delta);
        self.shift_from_path(delta);
        Ok(SetOutcome::Changed)
    }

    fn run_username_setter(&mut self, value: &str) -> SetResult {
        self.set_userinfo(Setter::Username, Some(value), None)
    }

    fn run_password_setter(&mut self, value: &str) -> SetResult {
        self.set_userinfo(Setter::Password, None, Some(value))
    }

    fn run_host_setter(&mut self, value: &str) -> SetResult {
        self.set_host_inner(Setter::Host, value)
    }

    fn run_hostname_setter(&mut self, value: &str) -> SetResult {
        self.set_host_inner(Setter::Hostname, value)
    }

    fn set_host_inner(&mut self, setter: Setter, value: &str) -> SetResult {
        if self.off.opaque_path {
            return Ok(SetOutcome::Ignored(Ignored::OpaquePath));
        }
        let o = self.off;
        let special = o.scheme_type.is_special();
        let file = o.scheme_type == SchemeType::File;
        if special && !file && o.host_kind != HostKind::None {
            // The common value, a canonical domain, put in place as it is:
            // `Stop::Domain` stops at every byte that ends a host or needs
            // the host parser, so one scan stands for the host state's.
            let bytes = value.as_bytes();
            if !bytes.is_empty()
                && find(bytes, 0, Stop::Domain) == bytes.len()
                && !crate::host::ipv4::ends_in_a_number(bytes)
            {
                let range = o.host_start as usize..o.host_end as usize;
                let delta = self.replace_verbatim(setter, range, value)?;
                self.off.host_end = o.host_start + value.len() as u32;
                self.off.host_kind = HostKind::Domain;
                self.shift_from_path(delta);
                return Ok(SetOutcome::Changed);
            }
        }
        let input = Input::new(value, 0, TabOrNewline::Assumed);
        let bytes = input.bytes;
        // Find the host's end as the host state (or file host state) would.
        let scan = scan_authority(bytes, 0, o.scheme_type, AuthorityScan::HostOnly);
        let (end, to_port) = if file {
            (scan.end, false)
        } else {
            (scan.host_end(), scan.host_colon.is_some())
        };
        let empty = input.skip_ws(0) >= end;
        if to_port {
            if empty {
                return Ok(SetOutcome::Ignored(Ignored::InvalidHost(
                    ValidationError::HostMissing,
                )));
            }
            if setter == Setter::Hostname {
                return Ok(SetOutcome::Ignored(Ignored::InvalidHost(
                    ValidationError::HostMissing,
                )));
            }
        } else if !file {
            if special && empty {
                return Ok(SetOutcome::Ignored(Ignored::InvalidHost(
                    ValidationError::HostMissing,
                )));
            }
            if empty && (self.has_credentials() || o.port.is_some()) {
                return Ok(SetOutcome::Ignored(Ignored::InvalidHost(
                    ValidationError::HostMissing,
                )));
            }
        }
        // Port state with a state override, decided before anything is
        // written so that host and port land in one splice: a value whose port
        // does not parse still sets the host (the standard returns failure
        // after the host is set), and the port keeps its old value.
        let new_port = if to_port {
            self.port_from_digits(value.get(end + 1..).unwrap_or_default())
                .ok()
        } else {
            None
        };
        // A null host gains "//" (and loses a "/." path prefix). A new port
        // replaces the old one, so the range then runs to the path.
        let range = if o.host_kind == HostKind::None {
            o.scheme_end as usize + 1..o.path_start as usize
        } else if new_port.is_some() {
            o.host_start as usize..o.path_start as usize
        } else {
            o.host_start as usize..o.host_end as usize
        };
        let mut component = HostAndPort {
            value,
            end,
            scheme_type: o.scheme_type,
            null_host: o.host_kind == HostKind::None,
            empty_file_host: file && empty,
            port: new_port,
        };
        let (delta, _, (kind, host_offset, host_len)) =
            match self.replace_component(setter, range.clone(), &mut component) {
                Ok(x) => x,
                Err(SetError {
                    error: ParseError::Invalid { error, .. },
                    ..
                }) => return Ok(SetOutcome::Ignored(Ignored::InvalidHost(error))),
                Err(e) => return Err(e),
            };
        let host_start = range.start + host_offset;
        if o.host_kind == HostKind::None {
            self.off.username_end = host_start as u32;
        }
        self.off.host_start = host_start as u32;
        self.off.host_end = (host_start + host_len) as u32;
        self.off.host_kind = kind;
        if let Some(port) = new_port {
            self.off.port = port;
        }
        self.shift_from_path(delta);
        Ok(SetOutcome::Changed)
    }

    fn run_port_setter(&mut self, value: &str) -> SetResult {
        if self.cannot_have_credentials_or_port() {
            return Ok(SetOutcome::Ignored(Ignored::CannotHaveCredentialsOrPort));
        }
        if value.is_empty() {
            return self.write_port(Setter::Port, None);
        }
        self.set_port_digits(Setter::Port, value)
    }

    /// Port state with a state override: leading digits (tab/newline
    /// skipped) up to any other code point.
    fn set_port_digits(&mut self, setter: Setter, value: &str) -> SetResult {
        match self.port_from_digits(value) {
            Ok(port) => self.write_port(setter, port),
            Err(why) => Ok(SetOutcome::Ignored(why)),
        }
    }

    /// The port that port state with a state override sets from `value`'s
    /// leading digits: `None` for the scheme's default port. An error when
    /// there are no digits or the number is past 65535 (the URL keeps its
    /// port).
    fn port_from_digits(&self, value: &str) -> Result<Option<u16>, Ignored> {
        let digits = || {
            value
                .bytes()
                .filter(|&b| !is_tab_or_newline(b))
                .take_while(u8::is_ascii_digit)
        };
        if digits().next().is_none() {
            return Err(Ignored::InvalidPort(ValidationError::PortInvalid));
        }
        port_for(port_number(digits()), self.off.scheme_type).map_err(Ignored::InvalidPort)
    }

    fn write_port(&mut self, setter: Setter, port: Option<u16>) -> SetResult {
        let range = self.off.host_end as usize..self.off.path_start as usize;
        let (delta, _, ()) =
            self.replace_with(setter, range, |u| Ok(push_port(&mut u.buf, port)?))?;
        self.off.port = port;
        self.shift_from_path(delta);
        Ok(SetOutcome::Changed)
    }

    fn run_pathname_setter(&mut self, value: &str) -> SetResult {
        if self.off.opaque_path {
            return Ok(SetOutcome::Ignored(Ignored::OpaquePath));
        }
        let o = self.off;
        let null_host = o.host_kind == HostKind::None;
        // With a null host the range includes a "/." prefix, recomputed below.
        let start = if null_host {
            o.scheme_end as usize + 1
        } else {
            o.path_start as usize
        };
        let mut component = Pathname {
            value,
            scheme_type: o.scheme_type,
            host_kind: o.host_kind,
        };
        let range = start..self.path_end() as usize;
        let (delta, _, prefix) = self.replace_component(Setter::Pathname, range, &mut component)?;
        self.off.path_start = (start + prefix) as u32;
        self.shift_from_query(delta);
        Ok(SetOutcome::Changed)
    }

    fn run_search_setter(&mut self, value: &str) -> SetResult {
        let o = self.off;
        let len = self.buf.len();
        let start = o.query_start.unwrap_or_else(|| self.path_end()) as usize;
        let end = o.fragment_start.map_or(len, |f| f as usize);
        // "a single leading U+003F (?) removed, if any"; empty removes the query.
        let value = (!value.is_empty()).then(|| value.strip_prefix('?').unwrap_or(value));
        let delta = match value {
            Some(value) => {
                let mut component = QueryOrFragment {
                    value,
                    fragment: false,
                    scheme_type: o.scheme_type,
                    host_kind: o.host_kind,
                };
                self.replace_component(Setter::Search, start..end, &mut component)?
                    .0
            }
            None => self.replace_with(Setter::Search, start..end, |_| Ok(()))?.0,
        };
        self.off.query_start = value.map(|_| start as u32);
        self.off.fragment_start = o.fragment_start.map(|f| shift(f, delta));
        Ok(SetOutcome::Changed)
    }

    fn run_hash_setter(&mut self, value: &str) -> SetResult {
        let len = self.buf.len();
        let start = self.off.fragment_start.map_or(len, |f| f as usize);
        let value = (!value.is_empty()).then(|| value.strip_prefix('#').unwrap_or(value));
        let o = self.off;
        match value {
            Some(value) => {
                let mut component = QueryOrFragment {
                    value,
                    fragment: true,
                    scheme_type: o.scheme_type,
                    host_kind: o.host_kind,
                };
                self.replace_component(Setter::Hash, start..len, &mut component)?;
            }
            None => {
                self.replace_with(Setter::Hash, start..len, |_| Ok(()))?;
            }
        }
        self.off.fragment_start = value.map(|_| start as u32);
        Ok(SetOutcome::Changed)
    }
}

/// The public setters: each runs its state override and, in debug builds,
/// checks the URL's invariants on the way out (a setter that left them
/// broken, success or not, fails every test that calls it).
impl<S: Storage> Url<S> {
    /// The `href` setter: parses `value` as a new URL; on failure the URL is
    /// unchanged and the error says why.
    ///
    /// ```
    /// use url_core::{SliceStorage, Url};
    /// let mut buf = [0u8; 64];
    /// let mut url = Url::parse_into("https://a.example/", SliceStorage::new(&mut buf)).unwrap();
    /// assert!(url.set_href("not a url").is_err());
    /// assert_eq!(url.href(), "https://a.example/");
    /// url.set_href("HTTP://b.example/x").unwrap();
    /// assert_eq!(url.href(), "http://b.example/x");
    /// ```
    pub fn set_href(&mut self, value: &str) -> SetResult {
        let result = self.run_href_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `protocol` setter (scheme start state override over `value` + `:`).
    ///
    /// ```
    /// use url_core::{setters::{Ignored, SetOutcome}, Url};
    /// let mut buf = [0u8; 64];
    /// let mut url = Url::parse_into("http://example.com:443/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_protocol("https").unwrap();
    /// assert_eq!(url.href(), "https://example.com/"); // default port dropped
    /// assert_eq!(url.set_protocol("foo"), Ok(SetOutcome::Ignored(Ignored::SchemeChangeNotAllowed)));
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> SetResult {
        let result = self.run_protocol_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `username` setter.
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_username("a b").unwrap();
    /// assert_eq!(url.href(), "https://a%20b@example.com/");
    /// ```
    pub fn set_username(&mut self, value: &str) -> SetResult {
        let result = self.run_username_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `password` setter.
    pub fn set_password(&mut self, value: &str) -> SetResult {
        let result = self.run_password_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `host` setter (host state override: may also set the port).
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/p", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_host("EXAMPLE.org:8443").unwrap();
    /// assert_eq!(url.href(), "https://example.org:8443/p");
    /// ```
    pub fn set_host(&mut self, value: &str) -> SetResult {
        let result = self.run_host_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `hostname` setter (hostname state override: a `:` fails).
    pub fn set_hostname(&mut self, value: &str) -> SetResult {
        let result = self.run_hostname_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `port` setter.
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_port("8080stuff").unwrap();
    /// assert_eq!(url.port(), Some(8080));
    /// url.set_port("").unwrap();
    /// assert_eq!(url.port(), None);
    /// ```
    pub fn set_port(&mut self, value: &str) -> SetResult {
        let result = self.run_port_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `pathname` setter (path start state override).
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/a?b#c", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_pathname("/x y/%/../z").unwrap();
    /// assert_eq!(url.href(), "https://example.com/x%20y/z?b#c");
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> SetResult {
        let result = self.run_pathname_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `search` setter. An empty value removes the query.
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/?a#f", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_search("?b c#d").unwrap();
    /// assert_eq!(url.href(), "https://example.com/?b%20c%23d#f");
    /// url.set_search("").unwrap();
    /// assert_eq!(url.href(), "https://example.com/#f");
    /// ```
    pub fn set_search(&mut self, value: &str) -> SetResult {
        let result = self.run_search_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `hash` setter. An empty value removes the fragment.
    pub fn set_hash(&mut self, value: &str) -> SetResult {
        let result = self.run_hash_setter(value);
        self.debug_check_invariants();
        result
    }

    #[inline]
    fn debug_check_invariants(&self) {
        debug_assert!(
            self.check_invariants().is_ok(),
            "setter broke the URL's invariants: {:?} ({:?})",
            self.check_invariants(),
            self.buf.as_str()
        );
    }
}
