//! The setters' public methods, with the room each takes.

use super::SetResult;
#[allow(unused_imports)] // for the docs' links
use super::{Ignored, SetErrorKind};
#[allow(unused_imports)] // for the docs' links
use crate::sizes::href_len_bound;
use crate::storage::Storage;
use crate::url::Url;

/// The public setters: each runs its state override and, in debug builds,
/// checks the URL's invariants on the way out (a setter that left them
/// broken, success or not, fails every test that calls it).
///
/// "Room" in their docs is what the storage must hold for the call to
/// succeed; `len` is the URL's length before the call, `result` after it.
impl<S: Storage> Url<S> {
    /// The `href` setter: parses `value` as a new URL; on failure the URL is
    /// unchanged and the error ([`SetErrorKind::Parse`]) says why.
    ///
    /// Room: into a `SliceStorage` or `String`, `max(len, result)` when
    /// parsing `value` takes at most 256 bytes (the new URL's length; more
    /// only while a non-ASCII host is mapped or `..` segments are removed);
    /// otherwise, and in other storages,
    /// `len` plus what the parse of `value` holds at most
    /// ([`href_len_bound`]`(value, 0)`; the new URL is parsed after the old
    /// one).
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
    /// A scheme the standard does not allow here is
    /// [`Ignored::SchemeChangeNotAllowed`] or [`Ignored::InvalidScheme`].
    ///
    /// Room: `max(len, result)` in every storage (a scheme over 256 bytes:
    /// `len` plus the scheme's length).
    ///
    /// ```
    /// use url_core::{Ignored, SliceStorage, Url};
    /// let mut buf = [0u8; 64];
    /// let mut url = Url::parse_into("http://example.com:443/", SliceStorage::new(&mut buf)).unwrap();
    /// url.set_protocol("https").unwrap();
    /// assert_eq!(url.href(), "https://example.com/"); // default port dropped
    /// let err = url.set_protocol("foo").unwrap_err();
    /// assert_eq!(err.ignored(), Some(Ignored::SchemeChangeNotAllowed));
    /// assert_eq!(url.href(), "https://example.com/");
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> SetResult {
        let result = self.run_protocol_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `username` setter; [`Ignored::CannotHaveCredentialsOrPort`]
    /// when the URL has no host (or an empty one) or is `file:`.
    ///
    /// Room: into a `SliceStorage` or `String`, `max(len, result)` when the
    /// new userinfo (`username:password@`) is at most 256 bytes; otherwise,
    /// and in other storages, `len` plus the new userinfo's length.
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

    /// The `password` setter; ignored as the `username` setter is.
    ///
    /// Room: as for [`Url::set_username`].
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://u@example.com/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_password("p:w").unwrap();
    /// assert_eq!(url.href(), "https://u:p%3Aw@example.com/");
    /// let mut buf = [0u8; 64];
    /// let mut file = url_core::Url::parse_into("file:///x", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// assert!(file.set_password("p").unwrap_err().is_ignored());
    /// ```
    pub fn set_password(&mut self, value: &str) -> SetResult {
        let result = self.run_password_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `host` setter (host state override: may also set the port).
    /// A host that does not parse is [`Ignored::InvalidHost`]; a valid
    /// host followed by a port that does not parse sets the host and keeps
    /// the port, as the standard does (`Ok`).
    ///
    /// Room: into a `SliceStorage` or `String`, `max(len, result)` when
    /// writing the new host and port takes at most 256 bytes (their length;
    /// more only while a non-ASCII host is mapped); otherwise, and in other
    /// storages, `len` plus what writing the host holds at most
    /// ([`href_len_bound`]`(value, 0)`: a non-ASCII host is mapped after its
    /// decoded form).
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/p", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_host("EXAMPLE.org:8443").unwrap();
    /// assert_eq!(url.href(), "https://example.org:8443/p");
    /// assert!(url.set_host("exa mple.org").unwrap_err().is_ignored());
    /// ```
    pub fn set_host(&mut self, value: &str) -> SetResult {
        let result = self.run_host_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `hostname` setter (hostname state override: a value with a port
    /// is [`Ignored::InvalidHost`]).
    ///
    /// Room: as for [`Url::set_host`].
    ///
    /// ```
    /// use url_core::{Ignored, ValidationError};
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com:8080/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_hostname("0x7f.1").unwrap();
    /// assert_eq!(url.href(), "https://127.0.0.1:8080/");
    /// let err = url.set_hostname("exa mple").unwrap_err();
    /// assert_eq!(err.ignored(), Some(Ignored::InvalidHost(ValidationError::DomainToAscii)));
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> SetResult {
        let result = self.run_hostname_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `port` setter: the value's leading digits (the rest is dropped,
    /// as the standard's port state does); `""` removes the port. No digits
    /// or a number past 65535 is [`Ignored::InvalidPort`].
    ///
    /// Room: `max(len, result)` in every storage.
    ///
    /// ```
    /// use url_core::{Ignored, ValidationError};
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_port("8080stuff").unwrap(); // sets 8080: the standard stops at "s"
    /// assert_eq!(url.port(), Some(8080));
    /// let err = url.set_port("99999").unwrap_err();
    /// assert_eq!(err.ignored(), Some(Ignored::InvalidPort(ValidationError::PortOutOfRange)));
    /// assert_eq!(url.port(), Some(8080));
    /// url.set_port("").unwrap();
    /// assert_eq!(url.port(), None);
    /// ```
    pub fn set_port(&mut self, value: &str) -> SetResult {
        let result = self.run_port_setter(value);
        self.debug_check_invariants();
        result
    }

    /// The `pathname` setter (path start state override);
    /// [`Ignored::OpaquePath`] on a URL with an opaque path.
    ///
    /// Room: into a `SliceStorage` or `String`, `max(len, result)` when
    /// writing the new path takes at most 256 bytes (its length; more only
    /// while `..` segments are removed); otherwise, and in other storages,
    /// `len` plus what writing the path holds at most (3 bytes per byte of
    /// `value`, plus 3).
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
    /// Room: into a `SliceStorage` or `String`, `max(len, result)` when the
    /// new query is at most 256 bytes; otherwise, and in other storages,
    /// `len` plus the new query's length (`?` included).
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
    ///
    /// Room: as for [`Url::set_search`] (the fragment, `#` included).
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let mut url = url_core::Url::parse_into("https://example.com/", url_core::SliceStorage::new(&mut buf)).unwrap();
    /// url.set_hash("#top bar").unwrap();
    /// assert_eq!(url.href(), "https://example.com/#top%20bar");
    /// ```
    pub fn set_hash(&mut self, value: &str) -> SetResult {
        let result = self.run_hash_setter(value);
        self.debug_check_invariants();
        result
    }
}
