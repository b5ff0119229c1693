//! `url`'s setters on top of weburl's.
//!
//! Where `url`'s setter is the URL API's (a fragment, a query, a path, a
//! port, a hostname, credentials, a scheme), it runs weburl's — the
//! standard's state-override parse, in place. The rest (`set_host(None)`,
//! a path on a URL with an opaque path) builds the new serialization and
//! parses it; a URL record serialized per the standard parses back to
//! the same record, so that is exact. A setter that fails leaves the URL
//! as it was.

use crate::error::ParseError;
use crate::host::Host;
use crate::parts::Parts;
use crate::url::Url;
use alloc::format;
use alloc::string::String;
use core::net::IpAddr;
use weburl::{Ignored, SchemeType};

impl Url {
    /// Sets the fragment (without `#`), or removes it with `None`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://example.com/data.csv")?;
    /// url.set_fragment(Some("cell=4,1-6,2"));
    /// assert_eq!(url.as_str(), "https://example.com/data.csv#cell=4,1-6,2");
    /// url.set_fragment(Some(""));
    /// assert_eq!(url.as_str(), "https://example.com/data.csv#");
    /// url.set_fragment(None);
    /// assert_eq!(url.as_str(), "https://example.com/data.csv");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        // The URL API's hash setter takes "" as "remove" and drops one
        // leading '#'; a '#' in front keeps both `Some("")` and a fragment
        // that itself starts with '#'.
        let _ = match fragment {
            None => self.inner.set_hash(""),
            Some(f) if f.is_empty() || f.starts_with('#') => self.inner.set_hash(&format!("#{f}")),
            Some(f) => self.inner.set_hash(f),
        };
    }

    /// Sets the query (without `?`), or removes it with `None`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://example.com/products#top")?;
    /// url.set_query(Some("page=2 3"));
    /// assert_eq!(url.as_str(), "https://example.com/products?page=2%203#top");
    /// url.set_query(Some(""));
    /// assert_eq!(url.as_str(), "https://example.com/products?#top");
    /// url.set_query(None);
    /// assert_eq!(url.as_str(), "https://example.com/products#top");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) {
        let _ = match query {
            None => self.inner.set_search(""),
            Some(q) if q.is_empty() || q.starts_with('?') => {
                self.inner.set_search(&format!("?{q}"))
            }
            Some(q) => self.inner.set_search(q),
        };
    }

    /// Sets the path, percent-encoding what needs it (an existing `%XX` is
    /// kept). On a URL with an opaque path the text becomes the opaque path,
    /// with a leading `/`, `?` and `#` percent-encoded so that it stays one.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://example.com/api?x")?;
    /// url.set_path("data/some report.csv");
    /// assert_eq!(url.as_str(), "https://example.com/data/some%20report.csv?x");
    /// let mut url = Url::parse("mailto:rms@example.net")?;
    /// url.set_path("/foo");
    /// assert_eq!(url.path(), "%2Ffoo");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn set_path(&mut self, path: &str) {
        if !self.cannot_be_a_base() {
            let _ = self.inner.set_pathname(path);
            return;
        }
        let p = Parts::of(&self.inner);
        let s = self.as_str();
        let mut next = String::with_capacity(s.len() + path.len() * 3);
        next.push_str(&s[..p.path_start]);
        let mut rest = path;
        if let Some(after) = path.strip_prefix('/') {
            next.push_str("%2F");
            rest = after;
        }
        for c in rest.chars() {
            match c {
                // Removed by the parser anyway; `url` drops them too.
                '\t' | '\n' | '\r' => {}
                '?' => next.push_str("%3F"),
                '#' => next.push_str("%23"),
                c => next.push(c),
            }
        }
        next.push_str(&s[p.path_end()..]);
        self.reparse(&next);
    }

    /// Sets the port; `None` (or the scheme's default port) removes it.
    /// `Err(())` when the URL cannot have a port: no host, an empty host,
    /// or `file:`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("ssh://example.net:2048/")?;
    /// url.set_port(Some(4096)).unwrap();
    /// assert_eq!(url.as_str(), "ssh://example.net:4096/");
    /// let mut url = Url::parse("https://example.org/")?;
    /// url.set_port(Some(443)).unwrap();
    /// assert_eq!(url.port(), None);
    /// assert!(Url::parse("mailto:rms@example.net")?.set_port(Some(80)).is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        if !self.can_have_credentials_or_port() {
            return Err(());
        }
        let outcome = match port {
            Some(port) => self.inner.set_port(&format!("{port}")),
            None => self.inner.set_port(""),
        };
        changed(outcome)
    }

    /// Sets the host (a port after `:` in `host` is ignored), or with `None`
    /// removes it together with any credentials and port. A special URL
    /// (other than `file:`) must keep a non-empty host.
    ///
    /// ```
    /// use weburl_url::{ParseError, Url};
    /// let mut url = Url::parse("https://example.net/x")?;
    /// url.set_host(Some("rust-lang.org"))?;
    /// assert_eq!(url.as_str(), "https://rust-lang.org/x");
    /// assert_eq!(url.set_host(None), Err(ParseError::EmptyHost));
    /// let mut url = Url::parse("foo://user@example.net:8/x")?;
    /// url.set_host(None)?;
    /// assert_eq!(url.as_str(), "foo:/x");
    /// let mut url = Url::parse("mailto:rms@example.net")?;
    /// assert_eq!(url.set_host(Some("x")), Err(ParseError::SetHostOnCannotBeABaseUrl));
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        if self.cannot_be_a_base() {
            return Err(ParseError::SetHostOnCannotBeABaseUrl);
        }
        let scheme = self.inner.scheme_type();
        let special_not_file = scheme.is_special() && scheme != SchemeType::File;
        let Some(host) = host else {
            if !self.has_host() {
                return Ok(());
            }
            if special_not_file {
                return Err(ParseError::EmptyHost);
            }
            if scheme == SchemeType::File {
                // `file:` keeps its `//` with an empty host.
                return changed(self.inner.set_hostname("")).map_err(|()| ParseError::EmptyHost);
            }
            self.remove_authority();
            return Ok(());
        };
        if host.is_empty() && special_not_file {
            return Err(ParseError::EmptyHost);
        }
        let bracketed = host.starts_with('[') && host.ends_with(']');
        let host = match host.find(':') {
            Some(0) if !bracketed => return Err(ParseError::InvalidDomainCharacter),
            Some(colon) if !bracketed => &host[..colon],
            _ => host,
        };
        // The host parser gives `url`'s error for a bad host; the hostname
        // setter then applies it (and, for `file:`, turns `localhost` into
        // the empty host as the standard does).
        if scheme.is_special() {
            Host::parse(host)?;
        } else {
            Host::parse_opaque(host)?;
        }
        match self.inner.set_hostname(host) {
            Ok(()) => Ok(()),
            Err(e) => match e.ignored() {
                Some(Ignored::InvalidHost(e)) => Err(ParseError::from_core(
                    weburl::ParseError::Invalid {
                        error: e,
                        position: 0,
                    },
                    false,
                )),
                // An empty host where credentials or a port need one.
                Some(_) => Err(ParseError::EmptyHost),
                None => Err(ParseError::Overflow),
            },
        }
    }

    /// Sets the host to an IP address. `Err(())` when the path is opaque.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("http://example.com:8080/x")?;
    /// url.set_ip_host("::1".parse().unwrap()).unwrap();
    /// assert_eq!(url.as_str(), "http://[::1]:8080/x");
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let host = match address {
            IpAddr::V4(a) => Host::<String>::Ipv4(a),
            IpAddr::V6(a) => Host::Ipv6(a),
        };
        changed(self.inner.set_hostname(&format!("{host}")))
    }

    /// Sets the password (`None` or `""` removes it). `Err(())` when the URL
    /// cannot have credentials: no host, an empty host, or `file:`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("ftp://user@example.com/")?;
    /// url.set_password(Some("se cret")).unwrap();
    /// assert_eq!(url.as_str(), "ftp://user:se%20cret@example.com/");
    /// url.set_password(None).unwrap();
    /// assert_eq!(url.as_str(), "ftp://user@example.com/");
    /// assert!(Url::parse("file:///x")?.set_password(Some("p")).is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        if !self.can_have_credentials_or_port() {
            return Err(());
        }
        changed(self.inner.set_password(password.unwrap_or("")))
    }

    /// Sets the username (`""` removes it). `Err(())` when the URL cannot
    /// have credentials: no host, an empty host, or `file:`.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("ftp://:pw@example.com/")?;
    /// url.set_username("us er").unwrap();
    /// assert_eq!(url.as_str(), "ftp://us%20er:pw@example.com/");
    /// assert!(Url::parse("mailto:x@y")?.set_username("u").is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        if !self.can_have_credentials_or_port() {
            return Err(());
        }
        changed(self.inner.set_username(username))
    }

    /// Sets the scheme: `scheme` is a scheme (ASCII letter, then letters,
    /// digits, `+`, `-`, `.`), optionally followed by `:` and nothing else.
    /// `Err(())` for an invalid scheme, a change between a special and a
    /// non-special scheme, a change to `file` (from a URL with an
    /// authority), or to a special scheme from a URL without a host.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let mut url = Url::parse("https://example.net:80/")?;
    /// url.set_scheme("http").unwrap();
    /// assert_eq!(url.as_str(), "http://example.net/");
    /// assert!(url.set_scheme("foo").is_err());
    /// assert!(url.set_scheme("file").is_err());
    /// assert!(url.set_scheme("h^ttp").is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        let name = scheme.strip_suffix(':').unwrap_or(scheme);
        let mut lower = String::with_capacity(name.len());
        for c in name.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')) {
            let ok = if lower.is_empty() {
                c.is_ascii_alphabetic()
            } else {
                c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
            };
            if !ok {
                return Err(());
            }
            lower.push(c.to_ascii_lowercase());
        }
        if lower.is_empty() {
            return Err(());
        }
        let new = SchemeType::of(lower.as_bytes());
        let old = self.inner.scheme_type();
        if new.is_special() != old.is_special()
            || (new == SchemeType::File && self.has_authority())
            || (new.is_special() && !self.has_host())
        {
            return Err(());
        }
        changed(self.inner.set_protocol(&lower))
    }

    /// `url`'s test for credentials and ports: a host, not empty, and not
    /// `file:` (the standard's "cannot have a username/password/port").
    fn can_have_credentials_or_port(&self) -> bool {
        self.has_host()
            && self.host() != Some(Host::Domain(""))
            && self.inner.scheme_type() != SchemeType::File
    }

    /// Drops `//`, credentials, host and port of a non-special URL; a path
    /// that would then read as an authority gets the standard's `/.`.
    fn remove_authority(&mut self) {
        let p = Parts::of(&self.inner);
        let s = self.as_str();
        let path = &s[p.path_start..p.path_end()];
        let mut next = String::with_capacity(s.len());
        next.push_str(&s[..=p.scheme_end]);
        if path.is_empty() {
            // `url` keeps the URL hierarchical: `foo://h` becomes `foo:/`.
            next.push('/');
        } else if path.starts_with("//") {
            next.push_str("/.");
        }
        next.push_str(path);
        next.push_str(&s[p.path_end()..]);
        self.reparse(&next);
    }

    /// Replaces the URL by `serialization` parsed; keeps it as it is if
    /// that fails (which a serialization built from valid parts does not).
    pub(crate) fn reparse(&mut self, serialization: &str) -> bool {
        match weburl::Url::parse(serialization) {
            Ok(inner) => {
                self.inner = inner;
                true
            }
            Err(_) => false,
        }
    }
}

/// `Ok(())` when weburl's setter changed the URL, `Err(())` when the
/// standard says to do nothing (or, impossible on a `String`, it failed).
fn changed(outcome: Result<(), weburl::SetError>) -> Result<(), ()> {
    outcome.map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn fragment_and_query_edge_values() {
        let mut u = url("http://h/p");
        u.set_fragment(Some("#x"));
        assert_eq!(u.as_str(), "http://h/p##x");
        u.set_query(Some("?y"));
        assert_eq!(u.as_str(), "http://h/p??y##x");
        u.set_query(None);
        u.set_fragment(None);
        assert_eq!(u.as_str(), "http://h/p");
    }

    #[test]
    fn opaque_path_stays_one() {
        let mut u = url("mailto:x?q#f");
        u.set_path("a?b#c\td");
        assert_eq!(u.as_str(), "mailto:a%3Fb%23cd?q#f");
        assert_eq!(u.path(), "a%3Fb%23cd");
        u.set_path("");
        assert_eq!(u.as_str(), "mailto:?q#f");
    }

    #[test]
    fn removing_a_host_keeps_the_path_a_path() {
        let mut u = url("foo://h//x?q");
        u.set_host(None).unwrap();
        assert_eq!(u.as_str(), "foo:/.//x?q");
        assert_eq!(u.path(), "//x");
        let mut u = url("file://server/share");
        u.set_host(None).unwrap();
        assert_eq!(u.as_str(), "file:///share");
        let mut u = url("foo:/x");
        assert_eq!(u.set_host(None), Ok(()));
        assert_eq!(u.as_str(), "foo:/x");
    }

    #[test]
    fn set_host_checks_before_it_changes() {
        let mut u = url("http://a.example:81/");
        assert_eq!(
            u.set_host(Some(":80")),
            Err(ParseError::InvalidDomainCharacter)
        );
        assert!(u.set_host(Some("a b")).is_err());
        assert!(u.set_host(Some("a/b")).is_err());
        assert_eq!(
            u.set_host(Some("[::1")),
            Err(ParseError::InvalidIpv6Address)
        );
        assert_eq!(u.as_str(), "http://a.example:81/");
        u.set_host(Some("B.example:99")).unwrap();
        assert_eq!(u.as_str(), "http://b.example:81/");
        u.set_host(Some("[::1]")).unwrap();
        assert_eq!(u.as_str(), "http://[::1]:81/");
        let mut u = url("file://h/x");
        u.set_host(Some("localhost")).unwrap();
        assert_eq!(u.as_str(), "file:///x");
        let mut u = url("sc://u@h/x");
        assert_eq!(u.set_host(Some("")), Err(ParseError::EmptyHost));
        assert_eq!(u.as_str(), "sc://u@h/x");
    }

    #[test]
    fn scheme_rules() {
        let mut u = url("file:///x");
        assert!(u.set_scheme("file").is_err());
        assert!(u.set_scheme("http").is_err());
        let mut u = url("foo://h/");
        assert!(u.set_scheme("Bar:").is_ok());
        assert_eq!(u.as_str(), "bar://h/");
        assert!(u.set_scheme("bar:x").is_err());
        assert!(u.set_scheme("").is_err());
        assert!(u.set_scheme("1a").is_err());
    }
}
