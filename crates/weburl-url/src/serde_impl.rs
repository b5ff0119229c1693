//! serde: a `Url` is its serialization (`Host` derives its own impls).

use crate::url::Url;
use alloc::string::String;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// Serializes as the URL's serialization string.
///
/// ```
/// let url = weburl_url::Url::parse("https://example.com/a b")?;
/// assert_eq!(serde_json::to_string(&url).unwrap(), r#""https://example.com/a%20b""#);
/// # Ok::<(), weburl_url::ParseError>(())
/// ```
impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Deserializes a string by parsing it; the error reads as `url`'s:
/// the parse error, then the input.
///
/// ```
/// let err = serde_json::from_str::<weburl_url::Url>(r#""no base""#).unwrap_err();
/// assert_eq!(err.to_string(), r#"relative URL without a base: "no base" at line 1 column 9"#);
/// ```
impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_str(UrlVisitor)
    }
}

struct UrlVisitor;

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string representing an URL")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Url, E> {
        Url::parse(s).map_err(|e| E::custom(format_args!("{e}: {s:?}")))
    }
}

/// `url`'s `HostInternal`, as its `serialize_internal` writes it: the
/// host's kind, with the address of an IP host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum HostInternal {
    None,
    Domain,
    Ipv4(core::net::Ipv4Addr),
    Ipv6(core::net::Ipv6Addr),
}

/// The fields of `url`'s `Url`, in the order its `serialize_internal`
/// writes them: the serialization, then the offsets and the host.
type Internal = (
    String,
    u32,
    u32,
    u32,
    u32,
    HostInternal,
    Option<u16>,
    u32,
    Option<u32>,
    Option<u32>,
);

impl Url {
    /// The serialization and `url`'s internal offsets, as `url`'s
    /// `serialize_internal` writes them (a tuple of the serialization,
    /// `scheme_end`, `username_end`, `host_start`, `host_end`, the host's
    /// kind, the port, `path_start`, `query_start` and `fragment_start`),
    /// for formats that store a URL without re-parsing it (feature `serde`).
    ///
    /// ```
    /// let url = weburl_url::Url::parse("https://user@example.com:8080/p?q#f")?;
    /// let mut json = Vec::new();
    /// url.serialize_internal(&mut serde_json::Serializer::new(&mut json)).unwrap();
    /// assert_eq!(
    ///     String::from_utf8(json).unwrap(),
    ///     r#"["https://user@example.com:8080/p?q#f",5,12,13,24,"Domain",8080,29,31,33]"#
    /// );
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn serialize_internal<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.internal().serialize(serializer)
    }

    /// Reads what [`Url::serialize_internal`] (or `url`'s) wrote. The
    /// serialization is parsed again, and the offsets must be the ones it
    /// gives (`url` checks them only in debug builds): anything else is an
    /// error, never a URL whose offsets disagree with its text.
    ///
    /// ```
    /// use weburl_url::Url;
    /// let url = Url::parse("http://[::1]:8080/a b")?;
    /// let mut json = Vec::new();
    /// url.serialize_internal(&mut serde_json::Serializer::new(&mut json)).unwrap();
    /// let back = Url::deserialize_internal(&mut serde_json::Deserializer::from_slice(&json)).unwrap();
    /// assert_eq!(back, url);
    /// let forged = br#"["http://h/",4,7,7,9,"Domain",null,9,null,null]"#;
    /// assert!(Url::deserialize_internal(&mut serde_json::Deserializer::from_slice(forged)).is_err());
    /// # Ok::<(), weburl_url::ParseError>(())
    /// ```
    pub fn deserialize_internal<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Url, D::Error> {
        let given: Internal = Deserialize::deserialize(deserializer)?;
        let url = Url::parse(&given.0).map_err(|e| de::Error::custom(format_args!("{e}")))?;
        if url.internal() != given {
            return Err(de::Error::invalid_value(
                de::Unexpected::Other("offsets"),
                &"the offsets of the serialization",
            ));
        }
        Ok(url)
    }

    fn internal(&self) -> Internal {
        let p = crate::parts::Parts::of(&self.inner);
        // Offsets fit in u32: weburl refuses longer URLs.
        let u = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        let host = match self.host() {
            None => HostInternal::None,
            Some(crate::Host::Domain(_)) => HostInternal::Domain,
            Some(crate::Host::Ipv4(a)) => HostInternal::Ipv4(a),
            Some(crate::Host::Ipv6(a)) => HostInternal::Ipv6(a),
        };
        (
            self.as_str().into(),
            u(p.scheme_end),
            u(p.username_end),
            u(p.host_start),
            u(p.host_end),
            host,
            p.port,
            u(p.path_start),
            p.query_start.map(u),
            p.fragment_start.map(u),
        )
    }
}
