//! `url`'s file-path conversions, `socket_addrs` and `make_relative`, over
//! weburl's (which convert POSIX and Windows paths on every OS).

use crate::url::Url;
use alloc::string::String;

impl Url {
    /// A relative reference from this URL to `url`, such that
    /// `self.join(&rel)` is `url`; `None` for a different scheme, host or
    /// port, an opaque path, or (unlike `url`, whose answer would join to
    /// a different URL) different credentials. See
    /// [`weburl::Url::make_relative`].
    ///
    /// ```
    /// # extern crate weburl_url as url;
    /// use url::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// let url = Url::parse("https://example.net/a/c/d.html")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c/d.html"));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        self.inner.make_relative(&url.inner)
    }
}

#[cfg(feature = "std")]
impl Url {
    /// The `file:` URL of an absolute path of this OS (`Err(())` for a
    /// relative path, a Windows device path or an unusable UNC server).
    /// A trailing separator is kept (`url` drops it): the URL of a
    /// directory, as [`Url::from_directory_path`] gives.
    ///
    /// ```
    /// # extern crate weburl_url as url;
    /// # #[cfg(unix)] {
    /// use url::Url;
    /// assert_eq!(Url::from_file_path("/tmp/a b").unwrap().as_str(), "file:///tmp/a%20b");
    /// assert!(Url::from_file_path("relative").is_err());
    /// # }
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<std::path::Path>>(path: P) -> Result<Url, ()> {
        weburl::Url::from_file_path(path)
            .map(Url::from)
            .map_err(|_| ())
    }

    /// The `file:` URL of a directory: [`Url::from_file_path`] with a
    /// trailing `/`.
    ///
    /// ```
    /// # extern crate weburl_url as url;
    /// # #[cfg(unix)] {
    /// use url::Url;
    /// assert_eq!(Url::from_directory_path("/tmp/d").unwrap().as_str(), "file:///tmp/d/");
    /// # }
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<std::path::Path>>(path: P) -> Result<Url, ()> {
        weburl::Url::from_directory_path(path)
            .map(Url::from)
            .map_err(|_| ())
    }

    /// The path of this OS a URL names. As `url`, any URL with a
    /// hierarchical path and no host (or `localhost`) converts, not only
    /// `file:` ones.
    ///
    /// ```
    /// # extern crate weburl_url as url;
    /// # #[cfg(unix)] {
    /// use url::Url;
    /// let url = Url::parse("file:///tmp/a%20b").unwrap();
    /// assert_eq!(url.to_file_path(), Ok("/tmp/a b".into()));
    /// # }
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, ()> {
        if self.scheme() == "file" {
            return self.inner.to_file_path().map_err(|_| ());
        }
        if self.cannot_be_a_base() || !matches!(self.host_str(), None | Some("localhost")) {
            return Err(());
        }
        let mut href = String::from("file://");
        href.push_str(self.path());
        let file = weburl::Url::parse(&href).map_err(|_| ())?;
        file.to_file_path().map_err(|_| ())
    }

    /// The socket addresses of the URL's host and port (the URL's port,
    /// its scheme's default, or `default_port_number()`); a domain is
    /// resolved by the system. See [`weburl::Url::socket_addrs`].
    ///
    /// ```
    /// # extern crate weburl_url as url;
    /// use url::Url;
    /// let url = Url::parse("redis://127.0.0.1/0").unwrap();
    /// assert_eq!(url.socket_addrs(|| Some(6379)).unwrap(), ["127.0.0.1:6379".parse().unwrap()]);
    /// ```
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<std::vec::Vec<std::net::SocketAddr>> {
        self.inner.socket_addrs(default_port_number)
    }
}
