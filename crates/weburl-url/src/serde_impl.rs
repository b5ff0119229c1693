//! serde: a `Url` is its serialization (`Host` derives its own impls).

use crate::url::Url;
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
