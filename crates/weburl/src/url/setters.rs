//! The URL API's setters on an owned URL.

use super::Url;
use url_core::SetError;

impl Url {
    /// The URL API's `href` setter: parses `value` as a new URL; on failure
    /// (the API's `TypeError`) the URL is unchanged and the error says why.
    ///
    /// Every setter returns `Ok(())` when it set the URL and a [`SetError`]
    /// when it did not, the URL then unchanged: also when the URL Standard
    /// says to ignore the value ([`SetError::ignored`] tells that case
    /// apart), so that `?` stops on it.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://a.example/")?;
    /// assert!(url.set_href("not a url").is_err());
    /// url.set_href("HTTP://B.example/x")?;
    /// assert_eq!(url.href(), "http://b.example/x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_href(value)
    }

    /// The URL API's `protocol` setter. A scheme change the standard does
    /// not allow (special ↔ not special, …) is an error whose
    /// [`SetError::ignored`] says why, with the URL unchanged.
    ///
    /// ```
    /// # use weburl::{Url, Ignored};
    /// let mut url = Url::parse("http://example.com:443/")?;
    /// url.set_protocol("https:")?;
    /// assert_eq!(url.href(), "https://example.com/");
    /// let err = url.set_protocol("foo").unwrap_err();
    /// assert_eq!(err.ignored(), Some(Ignored::SchemeChangeNotAllowed));
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_protocol(value)
    }

    /// The URL API's `username` setter (ignored when the URL cannot have
    /// credentials: no host, an empty host, or `file:`).
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/")?;
    /// url.set_username("us er")?;
    /// assert_eq!(url.href(), "https://us%20er@example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_username(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_username(value)
    }

    /// The URL API's `password` setter.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://u@example.com/")?;
    /// url.set_password("p:w")?;
    /// assert_eq!(url.href(), "https://u:p%3Aw@example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_password(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_password(value)
    }

    /// The URL API's `host` setter (host and optional port).
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/p")?;
    /// url.set_host("EXAMPLE.org:8080")?;
    /// assert_eq!(url.href(), "https://example.org:8080/p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_host(value)
    }

    /// The URL API's `hostname` setter (the port is kept). A host that does
    /// not parse is an ignored value.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com:8080/")?;
    /// url.set_hostname("0x7f.1")?;
    /// assert_eq!(url.href(), "https://127.0.0.1:8080/");
    /// assert!(url.set_hostname("exa mple").is_err());
    /// assert_eq!(url.href(), "https://127.0.0.1:8080/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_hostname(value)
    }

    /// The URL API's `port` setter; `""` removes the port, a scheme's
    /// default port becomes null. The value's leading digits are the port
    /// (`"8080stuff"` sets 8080, as the standard's port state stops at the
    /// first non-digit); no digits, or a number past 65535, is an ignored
    /// value.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/")?;
    /// url.set_port("8443")?;
    /// assert_eq!(url.port(), Some(8443));
    /// assert!(url.set_port("99999").unwrap_err().is_ignored());
    /// assert_eq!(url.port(), Some(8443));
    /// url.set_port("443")?;
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_port(value)
    }

    /// The URL API's `pathname` setter (ignored for opaque paths).
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/a?b#c")?;
    /// url.set_pathname("/x y/%")?;
    /// assert_eq!(url.href(), "https://example.com/x%20y/%?b#c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_pathname(value)
    }

    /// The URL API's `search` setter; `""` removes the query.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/?a#f")?;
    /// url.set_search("b c")?;
    /// assert_eq!(url.href(), "https://example.com/?b%20c#f");
    /// url.set_search("")?;
    /// assert_eq!(url.href(), "https://example.com/#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_search(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_search(value)
    }

    /// The URL API's `hash` setter; `""` removes the fragment.
    ///
    /// ```
    /// # use weburl::Url;
    /// let mut url = Url::parse("https://example.com/")?;
    /// url.set_hash("#top bar")?;
    /// assert_eq!(url.href(), "https://example.com/#top%20bar");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetError> {
        self.inner.set_hash(value)
    }

    /// Runs the setter named by `setter` (the same as calling the matching
    /// `set_*` method).
    ///
    /// ```
    /// # use weburl::{Setter, Url};
    /// let mut url = Url::parse("https://example.com/")?;
    /// url.set(Setter::Pathname, "/a b")?;
    /// assert_eq!(url.pathname(), "/a%20b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(&mut self, setter: url_core::Setter, value: &str) -> Result<(), SetError> {
        self.inner.set(setter, value)
    }
}
