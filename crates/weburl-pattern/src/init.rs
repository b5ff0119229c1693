//! `URLPatternInit` and its processing (urlpattern.bs §3.2 "URLPatternInit
//! processing").

use crate::canonicalize::{
    canonicalize_a_hash, canonicalize_a_hostname, canonicalize_a_password, canonicalize_a_pathname,
    canonicalize_a_port, canonicalize_a_protocol, canonicalize_a_search, canonicalize_a_username,
    canonicalize_an_opaque_pathname,
};
use crate::error::{ComponentName, Error, ErrorKind};
use crate::pattern_string::escape_a_pattern_string;
use alloc::string::{String, ToString};
use url_core::{SchemeType, Url};

/// The `URLPatternInit` dictionary: each member a pattern string (when
/// constructing) or a URL component (when matching); `None` for a member
/// that is not present.
///
/// With the `serde` feature it (de)serializes as the JavaScript
/// dictionary: members named as in WebIDL (`baseURL`), absent ones left
/// out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct UrlPatternInit {
    /// `protocol`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub protocol: Option<String>,
    /// `username`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub username: Option<String>,
    /// `password`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub password: Option<String>,
    /// `hostname`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub hostname: Option<String>,
    /// `port`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub port: Option<String>,
    /// `pathname`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub pathname: Option<String>,
    /// `search`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub search: Option<String>,
    /// `hash`
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub hash: Option<String>,
    /// `baseURL`
    #[cfg_attr(
        feature = "serde",
        serde(rename = "baseURL", skip_serializing_if = "Option::is_none")
    )]
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The member for `component`.
    pub fn get(&self, component: ComponentName) -> Option<&str> {
        match component {
            ComponentName::Protocol => self.protocol.as_deref(),
            ComponentName::Username => self.username.as_deref(),
            ComponentName::Password => self.password.as_deref(),
            ComponentName::Hostname => self.hostname.as_deref(),
            ComponentName::Port => self.port.as_deref(),
            ComponentName::Pathname => self.pathname.as_deref(),
            ComponentName::Search => self.search.as_deref(),
            ComponentName::Hash => self.hash.as_deref(),
        }
    }

    /// The member for `component`, to set.
    pub fn get_mut(&mut self, component: ComponentName) -> &mut Option<String> {
        match component {
            ComponentName::Protocol => &mut self.protocol,
            ComponentName::Username => &mut self.username,
            ComponentName::Password => &mut self.password,
            ComponentName::Hostname => &mut self.hostname,
            ComponentName::Port => &mut self.port,
            ComponentName::Pathname => &mut self.pathname,
            ComponentName::Search => &mut self.search,
            ComponentName::Hash => &mut self.hash,
        }
    }
}

/// The `type` argument of "process a URLPatternInit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitType {
    /// `"pattern"`: members are pattern strings.
    Pattern,
    /// `"url"`: members are URL components, canonicalized here.
    Url,
}

/// "process a URLPatternInit". `defaults` is the result the standard starts
/// from (its protocol … hash arguments: all null for `"pattern"`, all empty
/// for `"url"`).
pub fn process_a_urlpattern_init(
    init: &UrlPatternInit,
    ty: InitType,
    defaults: &UrlPatternInit,
) -> Result<UrlPatternInit, Error> {
    let mut result = defaults.clone();
    result.base_url = None;
    let mut base_url: Option<Url<String>> = None;
    if let Some(base) = &init.base_url {
        let url = Url::parse_into(base, String::new())
            .map_err(|_| Error::new(ErrorKind::InvalidBaseUrl))?;
        let has = |c: ComponentName| init.get(c).is_some();
        use ComponentName::*;
        if !has(Protocol) {
            result.protocol = Some(process_a_base_url_string(url.scheme(), ty));
        }
        if ty != InitType::Pattern && ![Protocol, Hostname, Port, Username].into_iter().any(has) {
            result.username = Some(process_a_base_url_string(url.username(), ty));
        }
        if ty != InitType::Pattern
            && ![Protocol, Hostname, Port, Username, Password]
                .into_iter()
                .any(has)
        {
            result.password = Some(process_a_base_url_string(url.password(), ty));
        }
        if !has(Protocol) && !has(Hostname) {
            // hostname() is the host's serialization, empty for a null host.
            result.hostname = Some(process_a_base_url_string(url.hostname(), ty));
        }
        if ![Protocol, Hostname, Port].into_iter().any(has) {
            result.port = Some(url.port_str().to_string());
        }
        if ![Protocol, Hostname, Port, Pathname].into_iter().any(has) {
            result.pathname = Some(process_a_base_url_string(url.pathname(), ty));
        }
        if ![Protocol, Hostname, Port, Pathname, Search]
            .into_iter()
            .any(has)
        {
            let base_query = url.query().unwrap_or_default();
            result.search = Some(process_a_base_url_string(base_query, ty));
        }
        if ![Protocol, Hostname, Port, Pathname, Search, Hash]
            .into_iter()
            .any(has)
        {
            let base_fragment = url.fragment().unwrap_or_default();
            result.hash = Some(process_a_base_url_string(base_fragment, ty));
        }
        base_url = Some(url);
    }
    if let Some(protocol) = &init.protocol {
        result.protocol = Some(process_protocol_for_init(protocol, ty)?);
    }
    if let Some(username) = &init.username {
        result.username = Some(process_username_for_init(username, ty)?);
    }
    if let Some(password) = &init.password {
        result.password = Some(process_password_for_init(password, ty)?);
    }
    if let Some(hostname) = &init.hostname {
        result.hostname = Some(process_hostname_for_init(hostname, ty)?);
    }
    let result_protocol_string = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        result.port = Some(process_port_for_init(port, &result_protocol_string, ty)?);
    }
    if let Some(pathname) = &init.pathname {
        let mut pathname = pathname.clone();
        if let Some(base_url) = &base_url {
            if !base_url.has_opaque_path() && !is_an_absolute_pathname(&pathname, ty) {
                let base_url_path = process_a_base_url_string(base_url.pathname(), ty);
                if let Some(slash_index) = base_url_path.rfind('/') {
                    let mut new_pathname = base_url_path
                        .get(..=slash_index)
                        .unwrap_or_default()
                        .to_string();
                    new_pathname.push_str(&pathname);
                    pathname = new_pathname;
                }
            }
        }
        result.pathname = Some(process_pathname_for_init(
            &pathname,
            &result_protocol_string,
            ty,
        )?);
    }
    if let Some(search) = &init.search {
        result.search = Some(process_search_for_init(search, ty)?);
    }
    if let Some(hash) = &init.hash {
        result.hash = Some(process_hash_for_init(hash, ty)?);
    }
    Ok(result)
}

/// "process a base URL string".
pub fn process_a_base_url_string(input: &str, ty: InitType) -> String {
    if ty != InitType::Pattern {
        return input.to_string();
    }
    escape_a_pattern_string(input)
}

/// "is an absolute pathname".
pub fn is_an_absolute_pathname(input: &str, ty: InitType) -> bool {
    let mut chars = input.chars();
    let (first, second) = (chars.next(), chars.next());
    match first {
        None => false,
        Some('/') => true,
        _ if ty == InitType::Url => false,
        Some('\\') | Some('{') => second == Some('/'),
        _ => false,
    }
}

/// "process protocol for init".
pub fn process_protocol_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    let stripped_value = value.strip_suffix(':').unwrap_or(value);
    if ty == InitType::Pattern {
        return Ok(stripped_value.to_string());
    }
    canonicalize_a_protocol(stripped_value)
}

/// "process username for init".
pub fn process_username_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    if ty == InitType::Pattern {
        return Ok(value.to_string());
    }
    canonicalize_a_username(value)
}

/// "process password for init".
pub fn process_password_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    if ty == InitType::Pattern {
        return Ok(value.to_string());
    }
    canonicalize_a_password(value)
}

/// "process hostname for init".
pub fn process_hostname_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    if ty == InitType::Pattern {
        return Ok(value.to_string());
    }
    canonicalize_a_hostname(value)
}

/// "process port for init".
pub fn process_port_for_init(
    port_value: &str,
    protocol_value: &str,
    ty: InitType,
) -> Result<String, Error> {
    if ty == InitType::Pattern {
        return Ok(port_value.to_string());
    }
    canonicalize_a_port(port_value, Some(protocol_value))
}

/// "process pathname for init".
pub fn process_pathname_for_init(
    pathname_value: &str,
    protocol_value: &str,
    ty: InitType,
) -> Result<String, Error> {
    if ty == InitType::Pattern {
        return Ok(pathname_value.to_string());
    }
    // An empty protocol (none given) counts as special: the most common
    // canonicalization.
    if protocol_value.is_empty() || SchemeType::of(protocol_value.as_bytes()).is_special() {
        return canonicalize_a_pathname(pathname_value);
    }
    canonicalize_an_opaque_pathname(pathname_value)
}

/// "process search for init".
pub fn process_search_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    let stripped_value = value.strip_prefix('?').unwrap_or(value);
    if ty == InitType::Pattern {
        return Ok(stripped_value.to_string());
    }
    canonicalize_a_search(stripped_value)
}

/// "process hash for init".
pub fn process_hash_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    let stripped_value = value.strip_prefix('#').unwrap_or(value);
    if ty == InitType::Pattern {
        return Ok(stripped_value.to_string());
    }
    canonicalize_a_hash(stripped_value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    // urlpattern.bs's note: a component of the init at least as specific as
    // one of the base URL stops inheritance; username and password are not
    // inherited for patterns.
    #[test]
    fn base_url_inheritance() {
        let init = UrlPatternInit {
            pathname: s("c"),
            base_url: s("https://u:p@example.com:8080/a/b?q#f"),
            ..Default::default()
        };
        let r = process_a_urlpattern_init(&init, InitType::Pattern, &UrlPatternInit::default())
            .unwrap();
        assert_eq!(r.protocol, s("https"));
        assert_eq!(r.username, None);
        assert_eq!(r.hostname, s("example.com"));
        assert_eq!(r.port, s("8080"));
        assert_eq!(r.pathname, s("/a/c"));
        assert_eq!(r.search, None);
        assert_eq!(r.hash, None);
    }

    #[test]
    fn absolute_pathnames() {
        assert!(is_an_absolute_pathname("/a", InitType::Url));
        assert!(!is_an_absolute_pathname("\\/a", InitType::Url));
        assert!(is_an_absolute_pathname("\\/a", InitType::Pattern));
        assert!(is_an_absolute_pathname("{/a", InitType::Pattern));
        assert!(!is_an_absolute_pathname("", InitType::Pattern));
    }
}
