//! The URL API's setters (url.bs §6.1), on the one buffer.
//!
//! Each setter runs the basic URL parser with a state override over the new
//! value, writing the new component, then splices it into place and shifts
//! the offsets behind it. Nothing is re-parsed (except by `set_href`, which
//! is a parse).
//!
//! Every setter returns `Result<(), SetError>`. A value the standard says to
//! ignore is an error too ([`SetErrorKind::Ignored`]), so `?` and `unwrap`
//! stop on it; [`SetError::ignored`] tells it apart for callers that carry
//! on, as the URL API does. On any error the URL is byte for byte unchanged.
//!
//! Room: the `port` and `protocol` setters build their component on the
//! stack in every storage, and into a [`SliceStorage`] or a `String` so do
//! the others ([`Storage::SPLICE_FROM_STACK`], a stack buffer of 256
//! bytes): a fixed buffer then needs room only for the result (the longer
//! of the old URL and the new one). A component too long for the stack, and
//! every component but those two in other storages (`heapless::String`,
//! whose code stays smaller this way), is written after the URL and then
//! rotated into place: the storage holds the old URL and the new component
//! side by side. Each setter's docs give its figure. When the room runs
//! out, [`CapacityError::needed`] is a size with which the same call
//! succeeds: the result's length when the component was built, else the
//! URL's length plus a bound on what the value can become.

use crate::byte_class::is_tab_or_newline;
use crate::error::ParseError;
use crate::host::HostKind;
use crate::input::{Input, TabOrNewline};
use crate::output::Output;
use crate::parser::authority::{port_for, port_number, scan_authority, AuthorityScan};
use crate::parser::scheme::{scan_scheme, write_scheme, Scheme, SchemeScan};
use crate::parser::{route, Parser};
use crate::percent_encode::{utf8_percent_encode_into, EncodeSet};
use crate::simd::{find, Stop};
use crate::sizes::{href_len_bound, BYTES_PER_INPUT_BYTE};
use crate::storage::{Buffer, CapacityError, SliceStorage, Storage};
use crate::url::{format_port, SchemeType, Url};
use crate::validation::ValidationError;
use core::ops::Range;

mod api;
mod component;
mod error;
use component::{HostAndPort, Pathname, QueryOrFragment, ROOM};
pub use error::{Ignored, SetError, SetErrorKind, Setter};

type SetResult = Result<(), SetError>;

#[inline]
fn shift(x: u32, delta: isize) -> u32 {
    (x as isize + delta) as u32
}

impl<S: Storage> Url<S> {
    fn err(&self, setter: Setter, error: impl Into<ParseError>) -> SetError {
        SetError::new(setter, error.into())
    }

    fn ignored(setter: Setter, why: Ignored) -> SetError {
        SetError {
            setter,
            kind: SetErrorKind::Ignored(why),
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
    /// any error the scratch is dropped and the URL is as before. `most` is
    /// the most `build` can write (so a capacity error can say how much room
    /// the call needs). Returns the length change, the replacement's length
    /// and what `build` gave.
    fn replace_with<R>(
        &mut self,
        setter: Setter,
        range: Range<usize>,
        most: usize,
        build: impl FnOnce(&mut Self) -> Result<R, ParseError>,
    ) -> Result<(isize, usize, R), SetError> {
        let scratch = self.buf.len();
        let built = match build(self) {
            Ok(r) => r,
            Err(e) => {
                self.buf.truncate(scratch);
                return Err(self.err(setter, with_needed(e, scratch.saturating_add(most))));
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
        if S::SPLICE_FROM_STACK {
            // A new URL that fits the stack replaces the old one in one
            // splice: the storage needs room for the result only.
            let mut room = [0u8; ROOM];
            match Parser::new().parse_into(value, SliceStorage::new(&mut room)) {
                Ok(new) => {
                    let len = self.buf.len();
                    self.buf
                        .replace_range(0..len, new.href())
                        .map_err(|e| self.err(Setter::Href, e))?;
                    self.off = new.off;
                    return Ok(());
                }
                // Longer than the stack: parsed after the old URL below.
                Err(ParseError::Capacity(_)) => {}
                Err(e) => return Err(self.err(Setter::Href, e)),
            }
        }
        let old = self.buf.len();
        let off = match route::append(value, &mut self.buf) {
            Ok(x) => x,
            Err(e) => {
                self.buf.truncate(old);
                let e = with_needed(e, old.saturating_add(href_len_bound(value, 0)));
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
        Ok(())
    }

    fn run_protocol_setter(&mut self, value: &str) -> SetResult {
        let input = Input::new(value, 0, TabOrNewline::Assumed);
        let bytes = input.bytes;
        // Scheme start and scheme states over the value followed by ':'.
        let start = input.skip_ws(0);
        let Ok(scheme) = scan_scheme(bytes, start, SchemeScan::SetterValue) else {
            return Err(Self::ignored(Setter::Protocol, Ignored::InvalidScheme));
        };
        let new_type = scheme.scheme_type;
        let o = self.off;
        if o.scheme_type.is_special() != new_type.is_special()
            || ((self.has_credentials() || o.port.is_some()) && new_type == SchemeType::File)
            || (o.scheme_type == SchemeType::File && o.host_kind == HostKind::Empty)
        {
            return Err(Self::ignored(
                Setter::Protocol,
                Ignored::SchemeChangeNotAllowed,
            ));
        }
        let range = 0..o.scheme_end as usize;
        // "If url's port is url's scheme's default port, set url's port to null."
        let drop_port = o.port.is_some() && o.port == new_type.default_port();
        let port = o.host_end as usize..o.path_start as usize;
        let mut room = [0u8; ROOM];
        let Some(text) = scheme_text(bytes, start, &scheme, &mut room) else {
            // A scheme too long for the stack: written after the URL.
            let (delta, _, ()) = self.replace_with(Setter::Protocol, range, value.len(), |u| {
                let mut w = Output::appending(value, &mut u.buf);
                Ok(write_scheme(&mut w, bytes, start, &scheme)?)
            })?;
            self.shift_all(delta);
            self.off.scheme_type = new_type;
            if drop_port {
                // Only removes bytes, which no storage refuses: the scheme
                // change above cannot be left half done.
                let d = self.replace_verbatim(Setter::Protocol, port, "")?;
                self.off.port = None;
                self.shift_from_path(d);
            }
            return Ok(());
        };
        // The port goes first, so the URL never holds the new scheme and the
        // old port at once: room for the longer of the old and new URL. A
        // scheme that then does not fit puts the port back (the storage held
        // it a moment ago).
        let mut kept = [0u8; 6];
        let (kept, d_port) = if drop_port {
            let old = self.buf.as_bytes().get(port.clone()).unwrap_or_default();
            let n = old.len().min(kept.len());
            crate::bytes::copy(&mut kept, old);
            let kept = kept
                .get(..n)
                .and_then(|k| core::str::from_utf8(k).ok())
                .unwrap_or_default();
            (
                kept,
                self.replace_verbatim(Setter::Protocol, port.clone(), "")?,
            )
        } else {
            ("", 0)
        };
        let d_scheme = match self.replace_verbatim(Setter::Protocol, range, text) {
            Ok(d) => d,
            Err(e) => {
                if drop_port {
                    let _ = self.buf.replace_range(port.start..port.start, kept);
                }
                return Err(e);
            }
        };
        if drop_port {
            self.off.port = None;
        }
        self.shift_from_path(d_port);
        self.shift_all(d_scheme);
        self.off.scheme_type = new_type;
        Ok(())
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
            return Err(Self::ignored(setter, Ignored::CannotHaveCredentialsOrPort));
        }
        let o = self.off;
        let user_start = o.scheme_end as usize + 3;
        let range = user_start..o.host_start as usize;
        let old_user = user_start..o.username_end as usize;
        let old_pass = {
            let p = self.password();
            let end = o.host_start as usize - 1;
            end - p.len()..end
        };
        let (delta, user_len) = if S::SPLICE_FROM_STACK {
            let mut room = [0u8; ROOM];
            let mut stack = SliceStorage::new(&mut room);
            let href = self.buf.as_str();
            let user_part = Part::of(user, href.get(old_user.clone()));
            let pass_part = Part::of(pass, href.get(old_pass.clone()));
            match write_userinfo(&mut stack, user_part, pass_part) {
                Ok(user_len) => {
                    let text = stack.as_str();
                    (
                        self.replace_verbatim(setter, range.clone(), text)?,
                        user_len,
                    )
                }
                // Too long for the stack: built after the URL below.
                Err(_) => self.userinfo_after_url(setter, range, user, pass, old_user, old_pass)?,
            }
        } else {
            self.userinfo_after_url(setter, range, user, pass, old_user, old_pass)?
        };
        self.off.username_end = (user_start + user_len) as u32;
        self.off.host_start = shift(self.off.host_start, delta);
        self.off.host_end = shift(self.off.host_end, delta);
        self.shift_from_path(delta);
        Ok(())
    }

    /// [`Url::set_userinfo`]'s component written after the URL (the old
    /// username or password copied from the URL itself) and rotated into
    /// place. Returns the length change and the new username's length.
    fn userinfo_after_url(
        &mut self,
        setter: Setter,
        range: Range<usize>,
        user: Option<&str>,
        pass: Option<&str>,
        old_user: Range<usize>,
        old_pass: Range<usize>,
    ) -> Result<(isize, usize), SetError> {
        let value = user.or(pass).unwrap_or_default();
        let most = BYTES_PER_INPUT_BYTE * value.len() + (range.end - range.start) + 2;
        let mut user_len = 0;
        let (delta, _, ()) = self.replace_with(setter, range, most, |u| {
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
        Ok((delta, user_len))
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
            return Err(Self::ignored(setter, Ignored::OpaquePath));
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
                return Ok(());
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
        let missing = Ignored::InvalidHost(ValidationError::HostMissing);
        if to_port {
            if empty || setter == Setter::Hostname {
                return Err(Self::ignored(setter, missing));
            }
        } else if !file && empty && (special || self.has_credentials() || o.port.is_some()) {
            return Err(Self::ignored(setter, missing));
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
                    kind: SetErrorKind::Parse(ParseError::Invalid { error, .. }),
                    ..
                }) => return Err(Self::ignored(setter, Ignored::InvalidHost(error))),
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
        Ok(())
    }

    fn run_port_setter(&mut self, value: &str) -> SetResult {
        if self.cannot_have_credentials_or_port() {
            return Err(Self::ignored(
                Setter::Port,
                Ignored::CannotHaveCredentialsOrPort,
            ));
        }
        if value.is_empty() {
            return self.write_port(Setter::Port, None);
        }
        // Port state with a state override: leading digits (tab/newline
        // skipped) up to any other code point.
        match self.port_from_digits(value) {
            Ok(port) => self.write_port(Setter::Port, port),
            Err(why) => Err(Self::ignored(Setter::Port, why)),
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

    /// Puts `":" port` (nothing for `None`) in place of the current port,
    /// built on the stack in every storage: room for the result only.
    fn write_port(&mut self, setter: Setter, port: Option<u16>) -> SetResult {
        let range = self.off.host_end as usize..self.off.path_start as usize;
        let mut text = [0u8; 7];
        let n = match port {
            Some(p) => {
                let mut digits = [0u8; 6];
                let n = format_port(p, &mut digits);
                text[0] = b':';
                crate::bytes::copy(&mut text[1..], digits.get(..n).unwrap_or_default());
                n + 1
            }
            None => 0,
        };
        let text = text
            .get(..n)
            .and_then(|t| core::str::from_utf8(t).ok())
            .unwrap_or_default();
        let delta = self.replace_verbatim(setter, range, text)?;
        self.off.port = port;
        self.shift_from_path(delta);
        Ok(())
    }

    fn run_pathname_setter(&mut self, value: &str) -> SetResult {
        if self.off.opaque_path {
            return Err(Self::ignored(Setter::Pathname, Ignored::OpaquePath));
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
        Ok(())
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
            None => self.replace_verbatim(Setter::Search, start..end, "")?,
        };
        self.off.query_start = value.map(|_| start as u32);
        self.off.fragment_start = o.fragment_start.map(|f| shift(f, delta));
        Ok(())
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
                self.replace_verbatim(Setter::Hash, start..len, "")?;
            }
        }
        self.off.fragment_start = value.map(|_| start as u32);
        Ok(())
    }
}

/// `e` with `needed` at least `needed` when it is a capacity error.
fn with_needed(e: ParseError, needed: usize) -> ParseError {
    match e {
        ParseError::Capacity(c) => ParseError::Capacity(CapacityError {
            needed: c.needed.max(needed),
            ..c
        }),
        e => e,
    }
}

/// The scheme at `bytes[start..scheme.colon]` as the scheme state writes
/// it (lowercased, without tab or newline), in `room`; `None` when longer.
fn scheme_text<'r>(
    bytes: &[u8],
    start: usize,
    scheme: &Scheme,
    room: &'r mut [u8; ROOM],
) -> Option<&'r str> {
    let mut n = 0;
    for &b in bytes.get(start..scheme.colon).unwrap_or_default() {
        if !is_tab_or_newline(b) {
            *room.get_mut(n)? = b.to_ascii_lowercase();
            n += 1;
        }
    }
    // Scheme code points are ASCII.
    room.get(..n).and_then(|t| core::str::from_utf8(t).ok())
}

/// A username or password in a rewritten userinfo: the setter's new value
/// (percent-encoded as it is written) or the URL's current one.
#[derive(Clone, Copy)]
enum Part<'a> {
    New(&'a str),
    Old(&'a str),
}

impl<'a> Part<'a> {
    fn of(new: Option<&'a str>, old: Option<&'a str>) -> Part<'a> {
        match new {
            Some(v) => Part::New(v),
            None => Part::Old(old.unwrap_or_default()),
        }
    }

    fn write<T: Storage>(self, out: &mut T) -> Result<(), CapacityError> {
        match self {
            Part::New(v) => utf8_percent_encode_into(v, EncodeSet::USERINFO, out),
            Part::Old(v) => out.push_str(v),
        }
    }
}

/// Writes `username [":" password] "@"` (nothing when both are empty);
/// returns the username's length.
fn write_userinfo<T: Storage>(
    out: &mut T,
    user: Part<'_>,
    pass: Part<'_>,
) -> Result<usize, CapacityError> {
    let start = out.len();
    user.write(out)?;
    let user_len = out.len() - start;
    let pass_start = out.len() + 1;
    out.push_str(":")?;
    pass.write(out)?;
    if out.len() == pass_start {
        out.truncate(pass_start - 1);
    }
    if out.len() > start {
        out.push_str("@")?;
    }
    Ok(user_len)
}

impl<S: Storage> Url<S> {
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
