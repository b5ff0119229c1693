//! From a URL to the addresses a client connects to.

use super::Url;

impl Url {
    /// The port, or the scheme's default port when the URL has none
    /// (url.bs §4.2: 80 for `http`/`ws`, 443 for `https`/`wss`, 21 for
    /// `ftp`).
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/")?.port_or_known_default(), Some(443));
    /// assert_eq!(Url::parse("http://example.com:8080/")?.port_or_known_default(), Some(8080));
    /// assert_eq!(Url::parse("redis://cache/0")?.port_or_known_default(), None);
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port().or_else(|| self.scheme_type().default_port())
    }
}

#[cfg(feature = "std")]
impl Url {
    /// The socket addresses of the URL's host and port: an IP address
    /// host as it is, a domain through the system resolver
    /// ([`std::net::ToSocketAddrs`]). The port is the URL's, else the
    /// scheme's default, else `default_port()` (for schemes the standard
    /// does not know, such as `redis` or `postgres`).
    ///
    /// Errors are `io::ErrorKind::InvalidInput` for a URL without a host or
    /// without any port, and the resolver's own otherwise.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://[::1]/")?;
    /// assert_eq!(url.socket_addrs(|| None)?, ["[::1]:443".parse()?]);
    /// let url = Url::parse("redis://127.0.0.1/0")?;
    /// assert_eq!(url.socket_addrs(|| Some(6379))?, ["127.0.0.1:6379".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn socket_addrs(
        &self,
        default_port: impl FnOnce() -> Option<u16>,
    ) -> std::io::Result<std::vec::Vec<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
        use url_core::HostKind;
        let invalid = |what: &str| Error::new(ErrorKind::InvalidInput, what);
        let port = self
            .port_or_known_default()
            .or_else(default_port)
            .ok_or_else(|| invalid("the URL has no port and its scheme no default port"))?;
        let hostname = self.hostname();
        let ip = match self.host_kind() {
            HostKind::Ipv4 => hostname.parse::<IpAddr>().ok(),
            HostKind::Ipv6 => hostname
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .and_then(|h| h.parse::<IpAddr>().ok()),
            HostKind::Domain | HostKind::Opaque => {
                return Ok((hostname, port).to_socket_addrs()?.collect());
            }
            HostKind::None | HostKind::Empty => {
                return Err(invalid("the URL has no host"));
            }
        };
        // The parser serialized these addresses itself.
        let ip = ip.ok_or_else(|| invalid("the URL's IP address does not parse"))?;
        Ok(std::vec![SocketAddr::new(ip, port)])
    }
}
