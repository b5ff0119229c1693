//! Encoding callbacks (urlpattern.bs §3.1 "Encoding callbacks"), through
//! url-core.
//!
//! Each callback builds the standard's dummy URL (`https://dummy.invalid/`)
//! with url-core and runs the URL parser on the value the way the standard
//! says, through url-core's public API — a parse, or a URL API setter, which
//! is the basic URL parser with the matching state override. Where a setter
//! does a little more than the bare state override (the search and hash
//! setters strip one leading `?`/`#`, the port setter refuses a `file` URL),
//! the value or the dummy URL is arranged so that the setter's extra step
//! cannot fire; each such place says why.

use crate::error::{ComponentName, Error, ErrorKind};
use alloc::format;
use alloc::string::{String, ToString};
use url_core::{SchemeType, Url};

/// An encoding callback: the standard's "canonicalize a …" algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingCallback {
    /// "canonicalize a protocol"
    Protocol,
    /// "canonicalize a username"
    Username,
    /// "canonicalize a password"
    Password,
    /// "canonicalize a hostname"
    Hostname,
    /// "canonicalize an IPv6 hostname"
    Ipv6Hostname,
    /// "canonicalize a port" (without a protocol value)
    Port,
    /// "canonicalize a pathname"
    Pathname,
    /// "canonicalize an opaque pathname"
    OpaquePathname,
    /// "canonicalize a search"
    Search,
    /// "canonicalize a hash"
    Hash,
}

impl EncodingCallback {
    /// Runs the callback on `value`.
    ///
    /// ```
    /// use weburl_pattern::EncodingCallback;
    /// assert_eq!(EncodingCallback::Pathname.run("a b/./c").unwrap(), "a%20b/c");
    /// assert_eq!(EncodingCallback::Hostname.run("EXAMPLE.com").unwrap(), "example.com");
    /// assert!(EncodingCallback::Hostname.run("a:b").is_err());
    /// ```
    pub fn run(self, value: &str) -> Result<String, Error> {
        match self {
            EncodingCallback::Protocol => canonicalize_a_protocol(value),
            EncodingCallback::Username => canonicalize_a_username(value),
            EncodingCallback::Password => canonicalize_a_password(value),
            EncodingCallback::Hostname => canonicalize_a_hostname(value),
            EncodingCallback::Ipv6Hostname => canonicalize_an_ipv6_hostname(value),
            EncodingCallback::Port => canonicalize_a_port(value, None),
            EncodingCallback::Pathname => canonicalize_a_pathname(value),
            EncodingCallback::OpaquePathname => canonicalize_an_opaque_pathname(value),
            EncodingCallback::Search => canonicalize_a_search(value),
            EncodingCallback::Hash => canonicalize_a_hash(value),
        }
    }
}

fn error(component: ComponentName) -> Error {
    Error::new(ErrorKind::Canonicalize(component))
}

/// "create a dummy URL": `https://dummy.invalid/`.
fn create_a_dummy_url() -> Result<Url<String>, Error> {
    dummy_with_scheme("https")
}

fn dummy_with_scheme(scheme: &str) -> Result<Url<String>, Error> {
    Url::parse_into(&format!("{scheme}://dummy.invalid/"), String::new())
        .map_err(|_| Error::new(ErrorKind::InvalidBaseUrl))
}

/// Maps a setter's answer to the standard's "failure": url-core reports a
/// failing state-override parse as an ignored value, an error.
fn setter_ok(
    outcome: Result<(), url_core::SetError>,
    component: ComponentName,
) -> Result<(), Error> {
    outcome.map_err(|_| error(component))
}

/// "canonicalize a protocol".
pub fn canonicalize_a_protocol(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let url = Url::parse_into(&format!("{value}://dummy.invalid/"), String::new())
        .map_err(|_| error(ComponentName::Protocol))?;
    Ok(url.scheme().to_string())
}

/// "canonicalize a username".
pub fn canonicalize_a_username(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url()?;
    setter_ok(dummy_url.set_username(value), ComponentName::Username)?;
    Ok(dummy_url.username().to_string())
}

/// "canonicalize a password".
pub fn canonicalize_a_password(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url()?;
    setter_ok(dummy_url.set_password(value), ComponentName::Password)?;
    Ok(dummy_url.password().to_string())
}

/// "canonicalize a hostname": hostname state override on the dummy URL (the
/// `hostname` setter, which adds only an opaque-path check that the dummy
/// URL never meets).
pub fn canonicalize_a_hostname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url()?;
    setter_ok(dummy_url.set_hostname(value), ComponentName::Hostname)?;
    Ok(dummy_url.hostname().to_string())
}

/// "canonicalize an IPv6 hostname": hex digits, `[`, `]` and `:` only,
/// lowercased.
pub fn canonicalize_an_ipv6_hostname(value: &str) -> Result<String, Error> {
    let mut result = String::with_capacity(value.len());
    for code_point in value.chars() {
        if !code_point.is_ascii_hexdigit() && !matches!(code_point, '[' | ']' | ':') {
            return Err(error(ComponentName::Hostname));
        }
        result.push(code_point.to_ascii_lowercase());
    }
    Ok(result)
}

/// "canonicalize a port", with the protocol value when one is given (see
/// the note inside on the case without one).
///
/// The standard sets the dummy URL's scheme to the protocol value and runs
/// port state with a state override. With a state override every
/// non-digit ends the port, so the only thing the scheme decides is the
/// default port that becomes the empty string. url-core's `port` setter is
/// that state override plus a refusal for `file` URLs (which the standard's
/// direct parser run does not have), so the dummy URL here is built with the
/// protocol's scheme when it has a default port, and with a scheme without
/// one (`file` included) otherwise.
pub fn canonicalize_a_port(
    port_value: &str,
    protocol_value: Option<&str>,
) -> Result<String, Error> {
    if port_value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = match protocol_value {
        // Without a protocol value the standard's dummy URL is https, whose
        // default port would turn the fixed text "443" of a port pattern
        // into "" — but WPT (urlpatterntestdata.json: `{"protocol": "https",
        // "port": "443*"}` keeps the pattern "443*") and the implementations
        // it reflects elide no default port without a protocol. WPT is the
        // referee: a scheme without a default port.
        None => dummy_with_scheme("dummy")?,
        Some(protocol) if SchemeType::of(protocol.as_bytes()).default_port().is_some() => {
            dummy_with_scheme(protocol)?
        }
        Some(_) => dummy_with_scheme("dummy")?,
    };
    setter_ok(dummy_url.set_port(port_value), ComponentName::Port)?;
    Ok(dummy_url.port_str().to_string())
}

/// "canonicalize a pathname": path start state override on an empty path,
/// with `/-` in front of a value that has no leading slash (so the parser
/// neither adds its own slash nor collapses a leading dot segment), removed
/// again afterwards.
pub fn canonicalize_a_pathname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let modified_value = if leading_slash {
        value.to_string()
    } else {
        format!("/-{value}")
    };
    let mut dummy_url = create_a_dummy_url()?;
    // The pathname setter empties the path and runs path start state; its
    // result is not failure for a URL without an opaque path.
    setter_ok(
        dummy_url.set_pathname(&modified_value),
        ComponentName::Pathname,
    )?;
    let result = dummy_url.pathname();
    if leading_slash {
        Ok(result.to_string())
    } else {
        // The two code points "/-" are ASCII: two bytes.
        Ok(result.get(2..).unwrap_or_default().to_string())
    }
}

/// "canonicalize an opaque pathname": opaque path state with a state
/// override, on an empty opaque path.
///
/// url-core has no public entry for that state override, so this parses
/// `a:` + value + `x`: a URL with an opaque path, whose path state is the
/// same opaque path state. The `a:` in front keeps the parser from
/// stripping leading C0 controls and spaces, the `x` behind keeps it from
/// stripping trailing ones (the state override strips neither). When the
/// value has no `?` or `#`, the `x` is the path's last code point and is
/// removed; otherwise it went to the query or fragment, which the path
/// serialization leaves out, as the state override's query and fragment
/// states do.
pub fn canonicalize_an_opaque_pathname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let url = Url::parse_into(&format!("a:{value}x"), String::new())
        .map_err(|_| error(ComponentName::Pathname))?;
    let path = url.pathname();
    if url.query().is_none() && url.fragment().is_none() {
        Ok(path.strip_suffix('x').unwrap_or(path).to_string())
    } else {
        Ok(path.to_string())
    }
}

/// "canonicalize a search": query state override on an empty query.
pub fn canonicalize_a_search(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url()?;
    // The search setter strips one leading "?" before its state override:
    // give it one to strip, so a "?" of the value itself is kept.
    setter_ok(
        dummy_url.set_search(&format!("?{value}")),
        ComponentName::Search,
    )?;
    Ok(dummy_url.query().unwrap_or_default().to_string())
}

/// "canonicalize a hash": fragment state override on an empty fragment.
pub fn canonicalize_a_hash(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy_url = create_a_dummy_url()?;
    // As for the search: the hash setter strips one leading "#".
    setter_ok(
        dummy_url.set_hash(&format!("#{value}")),
        ComponentName::Hash,
    )?;
    Ok(dummy_url.fragment().unwrap_or_default().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values from url.bs's state machine (and WPT urltestdata for
    // the encode sets).
    #[test]
    fn pathname_keeps_relative_pieces_relative() {
        assert_eq!(canonicalize_a_pathname("foo").unwrap(), "foo");
        assert_eq!(canonicalize_a_pathname(".").unwrap(), ".");
        assert_eq!(canonicalize_a_pathname("/a/./b").unwrap(), "/a/b");
        assert_eq!(canonicalize_a_pathname("a b").unwrap(), "a%20b");
    }

    #[test]
    fn opaque_pathname_is_the_state_override() {
        assert_eq!(canonicalize_an_opaque_pathname(" a ").unwrap(), " a ");
        assert_eq!(canonicalize_an_opaque_pathname("a?b").unwrap(), "a");
        assert_eq!(canonicalize_an_opaque_pathname("a #b").unwrap(), "a%20");
        assert_eq!(
            canonicalize_an_opaque_pathname("\u{1}é").unwrap(),
            "%01%C3%A9"
        );
    }

    #[test]
    fn port_defaults_depend_on_the_protocol() {
        assert_eq!(canonicalize_a_port("443", None).unwrap(), "443");
        assert_eq!(canonicalize_a_port("80", Some("http")).unwrap(), "");
        assert_eq!(canonicalize_a_port("80", Some("file")).unwrap(), "80");
        assert_eq!(canonicalize_a_port("80", Some("")).unwrap(), "80");
        assert_eq!(canonicalize_a_port("8080x", None).unwrap(), "8080");
        assert!(canonicalize_a_port("x", None).is_err());
        assert!(canonicalize_a_port("65536", None).is_err());
    }

    #[test]
    fn search_and_hash_keep_a_leading_separator() {
        assert_eq!(canonicalize_a_search("?a b").unwrap(), "?a%20b");
        assert_eq!(canonicalize_a_hash("#a b").unwrap(), "#a%20b");
        assert_eq!(canonicalize_a_search("'").unwrap(), "%27");
    }

    #[test]
    fn protocol_and_credentials() {
        assert_eq!(canonicalize_a_protocol("HTTP").unwrap(), "http");
        assert!(canonicalize_a_protocol("1http").is_err());
        assert_eq!(canonicalize_a_username("a@b").unwrap(), "a%40b");
        assert_eq!(canonicalize_a_password("a:b").unwrap(), "a%3Ab");
        assert_eq!(canonicalize_an_ipv6_hostname("[::AB]").unwrap(), "[::ab]");
        assert!(canonicalize_an_ipv6_hostname("[::g]").is_err());
    }
}
