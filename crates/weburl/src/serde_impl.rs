//! serde support: a URL is its href string.

use crate::origin::Origin;
use crate::url::Url;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// Serializes as the href string.
///
/// ```
/// let url = weburl::Url::parse("HTTPS://example.com/a b")?;
/// assert_eq!(serde_json::to_string(&url).unwrap(), r#""https://example.com/a%20b""#);
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

/// Deserializes a string by parsing it as an absolute URL; a string that is
/// not a URL is a deserialization error naming the input and the reason.
///
/// ```
/// let url: weburl::Url = serde_json::from_str(r#""https://EXAMPLE.com""#).unwrap();
/// assert_eq!(url.href(), "https://example.com/");
/// assert!(serde_json::from_str::<weburl::Url>(r#""not a url""#).is_err());
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
        f.write_str("a URL string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Url, E> {
        Url::parse(v).map_err(|e| E::custom(format_args!("{v:?}: {e}")))
    }
}

/// Serializes as the origin's serialization (`"null"` when opaque).
///
/// ```
/// let origin = weburl::Url::parse("https://example.com:8443/x")?.origin();
/// assert_eq!(serde_json::to_string(&origin).unwrap(), r#""https://example.com:8443""#);
/// # Ok::<(), weburl::ParseError>(())
/// ```
impl Serialize for Origin {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn round_trip() {
        let urls: Vec<Url> = [
            "HTTP://EXAMPLE.com:80/a/./b/../c?x#y",
            "mailto:a@b",
            "file:///C:/x",
        ]
        .iter()
        .map(|s| Url::parse(s).unwrap())
        .collect();
        let json = serde_json::to_string(&urls).unwrap();
        assert_eq!(
            json,
            r#"["http://example.com/a/c?x#y","mailto:a@b","file:///C:/x"]"#
        );
        let back: Vec<Url> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, urls);
    }

    #[test]
    fn invalid_string_is_an_error() {
        let err = serde_json::from_str::<Url>(r#""https://exa mple.com""#).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("exa mple") && msg.contains("invalid URL"),
            "{msg}"
        );
        assert!(serde_json::from_str::<Url>("42").is_err());
    }
}
