//! Building a setter's new component and splicing it in.
//!
//! In a storage that opts in ([`Storage::SPLICE_FROM_STACK`]: `String`
//! and `SliceStorage`) a component is written once into a stack buffer and
//! then put in place with one `replace_range`: the URL's bytes after it
//! move once, and a fixed buffer needs room only for the result. A
//! component too long for the stack, or any component in another storage,
//! is written after the URL and rotated into place (`Url::replace_with`),
//! which then needs room for the URL and the component side by side.
//! Either way a failure leaves the URL unchanged.
//!
//! The pathname, search and hash components of a value without tab or
//! newline are written by the straight-line parser's path and
//! percent-encoding loops (`parser::straight`, with a state override);
//! anything else by the state machine with a state override, as the
//! standard writes the setters.

use super::{SetError, Setter};
use crate::error::ParseError;
use crate::host::HostKind;
use crate::host::{self, HostSyntax};
use crate::input::{Input, TabOrNewline};
use crate::output::{Need, Output};
use crate::parser::route::{self, QueryOrFragmentState};
use crate::simd::{find, find_path, Stop};
use crate::sizes::{href_len_bound, BYTES_PER_INPUT_BYTE};
use crate::storage::{Buffer, CapacityError, SliceStorage, Storage};
use crate::url::{format_port, path_needs_dot_prefix, SchemeType, Url};
use crate::validation::NoValidation;
use core::ops::Range;

/// Stack bytes a new component is built in: more than almost every
/// setter's value needs.
pub(super) const ROOM: usize = 256;

/// A setter's new component, written into any storage.
pub(super) trait NewComponent {
    /// What the setter needs to know afterwards besides the length.
    type Out;
    /// Appends the component to `out`.
    fn write<T: Storage>(&mut self, out: &mut T) -> Result<Self::Out, ParseError>;
    /// The most [`NewComponent::write`] can have appended at any point
    /// (a bound from the value's length).
    fn most(&self) -> usize;
    /// The component when it is a delimiter (`?`, `#` or none) and then the
    /// value exactly as given (nothing to encode, lowercase or resolve):
    /// then, where the old component starts with the same delimiter, only
    /// what follows it is replaced, and nothing is built.
    fn verbatim(&self) -> Option<(&'static str, &str, Self::Out)> {
        None
    }
}

impl<S: Storage> Url<S> {
    /// Replaces `range` by `component`: built on the stack and spliced in
    /// with one `replace_range` when it fits there, else built after the
    /// URL ([`Url::replace_with`]). Returns the length change, the
    /// component's length and its `Out`.
    pub(super) fn replace_component<C: NewComponent>(
        &mut self,
        setter: Setter,
        range: Range<usize>,
        component: &mut C,
    ) -> Result<(isize, usize, C::Out), SetError> {
        if let Some((delimiter, text, out)) = component.verbatim() {
            let old = self.buf.as_bytes().get(range.clone()).unwrap_or_default();
            if old.starts_with(delimiter.as_bytes()) {
                let inner = range.start + delimiter.len()..range.end;
                let delta = self.replace_verbatim(setter, inner, text)?;
                return Ok((delta, delimiter.len() + text.len(), out));
            }
        }
        let most = component.most();
        if !S::SPLICE_FROM_STACK {
            return self.replace_with(setter, range, most, |u| component.write(&mut u.buf));
        }
        let mut room = [0u8; ROOM];
        let mut stack = SliceStorage::new(&mut room);
        match component.write(&mut stack) {
            Ok(out) => {
                let new = stack.as_str();
                let delta = new.len() as isize - (range.end - range.start) as isize;
                self.buf
                    .replace_range(range, new)
                    .map_err(|e| self.err(setter, e))?;
                return Ok((delta, new.len(), out));
            }
            // Too long for the stack: built after the URL below.
            Err(ParseError::Capacity(_)) => {}
            Err(e) => return Err(self.err(setter, e)),
        }
        self.replace_with(setter, range, most, |u| component.write(&mut u.buf))
    }
}

impl<S: Storage> Url<S> {
    /// Puts `text`, which the setter would write unchanged, in place of
    /// `range`; returns the length change.
    pub(super) fn replace_verbatim(
        &mut self,
        setter: Setter,
        range: Range<usize>,
        text: &str,
    ) -> Result<isize, SetError> {
        let delta = text.len() as isize - (range.end - range.start) as isize;
        self.buf
            .replace_range(range, text)
            .map_err(|e| self.err(setter, e))?;
        Ok(delta)
    }
}

/// Appends `":" port` (nothing for `None`).
pub(super) fn push_port<T: Storage>(out: &mut T, port: Option<u16>) -> Result<(), CapacityError> {
    if let Some(p) = port {
        let mut digits = [0u8; 6];
        let n = format_port(p, &mut digits);
        out.push_ascii(b":")?;
        out.push_ascii(digits.get(..n).unwrap_or_default())?;
    }
    Ok(())
}

/// The path a `pathname` setter writes (path start state with a state
/// override). `Out`: the length of a `/.` prefix it gained (a null host).
pub(super) struct Pathname<'v> {
    pub value: &'v str,
    pub scheme_type: SchemeType,
    pub host_kind: HostKind,
}

impl NewComponent for Pathname<'_> {
    type Out = usize;
    fn write<T: Storage>(&mut self, out: &mut T) -> Result<usize, ParseError> {
        let path_start = out.len();
        route::override_path(self.value, self.scheme_type, self.host_kind, out)?;
        // A null host and a path starting with an empty segment: the
        // serializer's "/." prefix keeps it from reading as a host.
        let path = out.as_bytes().get(path_start..).unwrap_or_default();
        if path_needs_dot_prefix(self.host_kind, false, path) {
            out.replace_range(path_start..path_start, "/.")?;
            return Ok(2);
        }
        Ok(0)
    }

    fn most(&self) -> usize {
        // Every byte percent-encoded, a '/' in front and the "/." prefix.
        BYTES_PER_INPUT_BYTE * self.value.len() + 3
    }

    fn verbatim(&self) -> Option<(&'static str, &str, usize)> {
        // A special URL's path that the path state copies as it is: from
        // '/', with no byte to encode, no '\\' and no possible dot segment
        // (`find_path` stops at a '.' or '%' after a '/').
        let bytes = self.value.as_bytes();
        (self.scheme_type.is_special()
            && self.scheme_type != SchemeType::File
            && bytes.first() == Some(&b'/')
            && find_path(bytes, 0) == bytes.len())
        .then_some(("", self.value, 0))
    }
}

/// What the `search` and `hash` setters write: `?` or `#` and the value
/// (its own leading `?` or `#` already removed), percent-encoded as the
/// query or fragment state with a state override does.
pub(super) struct QueryOrFragment<'v> {
    pub value: &'v str,
    pub fragment: bool,
    pub scheme_type: SchemeType,
    pub host_kind: HostKind,
}

impl NewComponent for QueryOrFragment<'_> {
    type Out = ();
    fn write<T: Storage>(&mut self, out: &mut T) -> Result<(), ParseError> {
        let state = if self.fragment {
            QueryOrFragmentState::Fragment
        } else {
            QueryOrFragmentState::Query(self.stop())
        };
        route::override_query_or_fragment(self.value, state, self.scheme_type, self.host_kind, out)
    }

    fn most(&self) -> usize {
        1 + BYTES_PER_INPUT_BYTE * self.value.len()
    }

    fn verbatim(&self) -> Option<(&'static str, &str, ())> {
        let bytes = self.value.as_bytes();
        (find(bytes, 0, self.stop()) == bytes.len()).then_some((
            if self.fragment { "#" } else { "?" },
            self.value,
            (),
        ))
    }
}

impl QueryOrFragment<'_> {
    /// The scan that finds what the state encodes (and, being C0 controls,
    /// tabs and newlines).
    fn stop(&self) -> Stop {
        if self.fragment {
            Stop::Fragment
        } else if self.scheme_type.is_special() {
            Stop::SpecialQuery
        } else {
            Stop::Query
        }
    }
}

/// What the `host` and `hostname` setters write in place of the host (and,
/// with a new port, the port): `//` first for a URL whose host was null,
/// then the host parser's output over `value[..end]`, then the port.
/// `Out`: the host's kind, its offset in the component and its length.
pub(super) struct HostAndPort<'v> {
    pub value: &'v str,
    /// Where the host ends in `value`.
    pub end: usize,
    pub scheme_type: SchemeType,
    /// The URL's host was null: the authority gains `//`.
    pub null_host: bool,
    /// `file:` with an empty value: the empty host.
    pub empty_file_host: bool,
    pub port: Option<Option<u16>>,
}

impl NewComponent for HostAndPort<'_> {
    type Out = (HostKind, usize, usize);
    fn write<T: Storage>(&mut self, out: &mut T) -> Result<Self::Out, ParseError> {
        let start = out.len();
        if self.null_host {
            out.push_str("//")?;
        }
        let host_offset = out.len() - start;
        if self.empty_file_host {
            return Ok((HostKind::Empty, host_offset, 0));
        }
        let special = self.scheme_type.is_special();
        let file = self.scheme_type == SchemeType::File;
        let host_start = out.len();
        let input = Input::new(self.value, 0, TabOrNewline::Assumed);
        let mut kind = {
            let mut w = Output::appending(input.s, out);
            host::parse_host(
                &mut w,
                &input,
                0,
                self.end,
                HostSyntax::of(special),
                &mut NoValidation,
                Need::Serialization,
            )?
        };
        if file && out.as_bytes().get(host_start..) == Some(&b"localhost"[..]) {
            out.truncate(host_start);
            kind = HostKind::Empty;
        }
        let host_len = out.len() - host_start;
        if let Some(port) = self.port {
            push_port(out, port)?;
        }
        Ok((kind, host_offset, host_len))
    }

    fn most(&self) -> usize {
        // The host parser's most, as in a parse (which also covers "//"
        // and a port).
        href_len_bound(self.value, 0)
    }
}
