//! The `URLPattern` class and the URL pattern's high-level operations
//! (urlpattern.bs §1.2 "The URLPattern class", §1.4 "High-level
//! operations").

use crate::canonicalize::EncodingCallback;
use crate::component::{compile_a_component, Captures, Component};
use crate::constructor_string::parse_a_constructor_string;
use crate::error::{ComponentName, Error, ErrorKind};
use crate::init::{process_a_urlpattern_init, InitType, UrlPatternInit};
use crate::parser::Options;
use crate::url_record::AsUrlRecord;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use url_core::{Buffer, SchemeType, Url};

/// A `URLPatternInput`: a URL (or constructor) string, or a
/// `URLPatternInit` dictionary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UrlPatternInput {
    /// A string.
    String(String),
    /// A dictionary.
    Init(UrlPatternInit),
}

impl From<&str> for UrlPatternInput {
    fn from(s: &str) -> Self {
        UrlPatternInput::String(s.to_string())
    }
}

impl From<String> for UrlPatternInput {
    fn from(s: String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl From<UrlPatternInit> for UrlPatternInput {
    fn from(init: UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// `URLPatternOptions` (with the `serde` feature, as the JavaScript
/// dictionary: `{"ignoreCase": true}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match pathname, search and hash case-insensitively.
    #[cfg_attr(feature = "serde", serde(rename = "ignoreCase"))]
    pub ignore_case: bool,
}

/// A `URLPatternComponentResult`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// Each group's name and value, in capture order; `None` (JavaScript's
    /// `undefined`) for a group that took no part in the match.
    pub groups: Groups,
}

/// The `groups` record of a component result: names and values in capture
/// order, looked up by name with [`Groups::get`] (a slice otherwise).
///
/// ```
/// use weburl_pattern::{ComponentName, UrlPattern};
/// let p = UrlPattern::new("https://example.com/books/:id".into(), None, Default::default())?;
/// let r = p.exec(&"https://example.com/books/12".into(), None)?.unwrap();
/// assert_eq!(r.pathname.groups.get("id"), Some(Some("12")));
/// assert_eq!(r.pathname.groups.len(), 1);
/// # Ok::<(), weburl_pattern::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Groups(Vec<(String, Option<String>)>);

impl Groups {
    /// The value of the group named `name`: `None` when there is no such
    /// group, `Some(None)` when it took no part in the match.
    pub fn get(&self, name: &str) -> Option<Option<&str>> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_deref())
    }
}

impl core::ops::Deref for Groups {
    type Target = [(String, Option<String>)];

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl FromIterator<(String, Option<String>)> for Groups {
    fn from_iter<I: IntoIterator<Item = (String, Option<String>)>>(iter: I) -> Self {
        Groups(iter.into_iter().collect())
    }
}

impl From<Vec<(String, Option<String>)>> for Groups {
    fn from(v: Vec<(String, Option<String>)>) -> Self {
        Groups(v)
    }
}

impl UrlPatternComponentResult {
    /// The value of the group named `name` ([`Groups::get`]).
    pub fn group(&self, name: &str) -> Option<Option<&str>> {
        self.groups.get(name)
    }
}

/// A `URLPatternResult`: what [`UrlPattern::exec`] returns on a match.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlPatternResult {
    /// The `exec` arguments: the input, then the base URL string if given.
    pub inputs: Vec<UrlPatternInput>,
    /// `protocol`
    pub protocol: UrlPatternComponentResult,
    /// `username`
    pub username: UrlPatternComponentResult,
    /// `password`
    pub password: UrlPatternComponentResult,
    /// `hostname`
    pub hostname: UrlPatternComponentResult,
    /// `port`
    pub port: UrlPatternComponentResult,
    /// `pathname`
    pub pathname: UrlPatternComponentResult,
    /// `search`
    pub search: UrlPatternComponentResult,
    /// `hash`
    pub hash: UrlPatternComponentResult,
}

impl UrlPatternResult {
    /// The result for `component`.
    pub fn get(&self, component: ComponentName) -> &UrlPatternComponentResult {
        match component {
            ComponentName::Protocol => &self.protocol,
            ComponentName::Username => &self.username,
            ComponentName::Password => &self.password,
            ComponentName::Hostname => &self.hostname,
            ComponentName::Port => &self.port,
            ComponentName::Pathname => &self.pathname,
            ComponentName::Search => &self.search,
            ComponentName::Hash => &self.hash,
        }
    }
}

/// A URL pattern (the `URLPattern` class and its associated URL pattern).
///
/// ```
/// use weburl_pattern::{UrlPattern, UrlPatternOptions};
/// let pattern = UrlPattern::new("https://*.example.com/books/:id".into(), None, UrlPatternOptions::default())?;
/// assert!(pattern.test(&"https://shop.example.com/books/12".into(), None)?);
/// let result = pattern.exec(&"https://shop.example.com/books/12".into(), None)?.unwrap();
/// assert_eq!(result.pathname.group("id"), Some(Some("12")));
/// assert_eq!(result.hostname.group("0"), Some(Some("shop")));
/// assert!(!pattern.has_regexp_groups());
/// # Ok::<(), weburl_pattern::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct UrlPattern {
    /// In [`ComponentName::ALL`] order.
    components: [Component; 8],
    /// Bit `i` set when a URL record's component `i` must be checked
    /// against `components[i]`: every component but `*` alone, which
    /// matches all of them (see [`Component::matches_every_url_component`]).
    /// Routes usually constrain one or two components of eight.
    url_checks: u8,
}

/// Component values of one input, in [`ComponentName::ALL`] order.
pub(crate) type Values<'a> = [&'a str; 8];

impl UrlPattern {
    /// The constructor: [create] a URL pattern from `input`, a `base_url`
    /// (only with a string input) and `options`.
    ///
    /// [create]: https://urlpattern.spec.whatwg.org/#url-pattern-create
    pub fn new(
        input: UrlPatternInput,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, Error> {
        let init = match input {
            UrlPatternInput::String(s) => {
                let mut init = parse_a_constructor_string(&s)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(Error::new(ErrorKind::MissingBaseUrl));
                }
                if let Some(base_url) = base_url {
                    init.base_url = Some(base_url.to_string());
                }
                init
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::new(ErrorKind::BaseUrlWithInit));
                }
                init
            }
        };
        let mut processed_init =
            process_a_urlpattern_init(&init, InitType::Pattern, &UrlPatternInit::default())?;
        for name in ComponentName::ALL {
            processed_init
                .get_mut(name)
                .get_or_insert_with(|| "*".to_string());
        }
        if let (Some(protocol), Some(port)) = (&processed_init.protocol, &processed_init.port) {
            let default_port = SchemeType::of(protocol.as_bytes()).default_port();
            if default_port.is_some_and(|d| port.parse::<u16>() == Ok(d) && is_canonical_u16(port))
            {
                processed_init.port = Some(String::new());
            }
        }
        let get = |name| processed_init.get(name).unwrap_or("*");
        let protocol = compile_a_component(
            get(ComponentName::Protocol),
            EncodingCallback::Protocol,
            &Options::DEFAULT,
        )?;
        let username = compile_a_component(
            get(ComponentName::Username),
            EncodingCallback::Username,
            &Options::DEFAULT,
        )?;
        let password = compile_a_component(
            get(ComponentName::Password),
            EncodingCallback::Password,
            &Options::DEFAULT,
        )?;
        let hostname_pattern = get(ComponentName::Hostname);
        let hostname_callback = if hostname_pattern_is_an_ipv6_address(hostname_pattern) {
            EncodingCallback::Ipv6Hostname
        } else {
            EncodingCallback::Hostname
        };
        let hostname =
            compile_a_component(hostname_pattern, hostname_callback, &Options::HOSTNAME)?;
        let port = compile_a_component(
            get(ComponentName::Port),
            EncodingCallback::Port,
            &Options::DEFAULT,
        )?;
        let compile_options = Options::DEFAULT.with_ignore_case(options.ignore_case);
        let pathname = if protocol.matches_a_special_scheme() {
            let path_compile_options = Options::PATHNAME.with_ignore_case(options.ignore_case);
            compile_a_component(
                get(ComponentName::Pathname),
                EncodingCallback::Pathname,
                &path_compile_options,
            )?
        } else {
            compile_a_component(
                get(ComponentName::Pathname),
                EncodingCallback::OpaquePathname,
                &compile_options,
            )?
        };
        let search = compile_a_component(
            get(ComponentName::Search),
            EncodingCallback::Search,
            &compile_options,
        )?;
        let hash = compile_a_component(
            get(ComponentName::Hash),
            EncodingCallback::Hash,
            &compile_options,
        )?;
        let components = [
            protocol, username, password, hostname, port, pathname, search, hash,
        ];
        let url_checks = components
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.matches_every_url_component())
            .fold(0, |mask, (i, _)| mask | 1 << i);
        Ok(UrlPattern {
            components,
            url_checks,
        })
    }

    /// The compiled component `name`.
    pub fn component(&self, name: ComponentName) -> &Component {
        let [protocol, username, password, hostname, port, pathname, search, hash] =
            &self.components;
        match name {
            ComponentName::Protocol => protocol,
            ComponentName::Username => username,
            ComponentName::Password => password,
            ComponentName::Hostname => hostname,
            ComponentName::Port => port,
            ComponentName::Pathname => pathname,
            ComponentName::Search => search,
            ComponentName::Hash => hash,
        }
    }

    /// The `protocol` getter: the normalized pattern string.
    pub fn protocol(&self) -> &str {
        self.component(ComponentName::Protocol).pattern_string()
    }

    /// The `username` getter.
    pub fn username(&self) -> &str {
        self.component(ComponentName::Username).pattern_string()
    }

    /// The `password` getter.
    pub fn password(&self) -> &str {
        self.component(ComponentName::Password).pattern_string()
    }

    /// The `hostname` getter.
    pub fn hostname(&self) -> &str {
        self.component(ComponentName::Hostname).pattern_string()
    }

    /// The `port` getter.
    pub fn port(&self) -> &str {
        self.component(ComponentName::Port).pattern_string()
    }

    /// The `pathname` getter.
    pub fn pathname(&self) -> &str {
        self.component(ComponentName::Pathname).pattern_string()
    }

    /// The `search` getter.
    pub fn search(&self) -> &str {
        self.component(ComponentName::Search).pattern_string()
    }

    /// The `hash` getter.
    pub fn hash(&self) -> &str {
        self.component(ComponentName::Hash).pattern_string()
    }

    /// `hasRegExpGroups`.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(Component::has_regexp_groups)
    }

    /// `test(input, baseURL)`. An error only for a `URLPatternInit` input
    /// with a base URL string (the standard's `TypeError`); an input that
    /// does not parse is `false`.
    pub fn test(&self, input: &UrlPatternInput, base_url: Option<&str>) -> Result<bool, Error> {
        if let (UrlPatternInput::String(s), None) = (input, base_url) {
            // A URL record: only the constrained components need a look.
            // (Parsing borrowed when canonical saved the copy but linked
            // url-core's canonical-input checker: 4.8 KB more in wasm.)
            return Ok(Url::parse_into(s, String::new()).is_ok_and(|url| self.test_url(&url)));
        }
        let matched = with_values(input, base_url, |values| self.matches(&values))?;
        Ok(matched == Some(true))
    }

    /// `test` on a parsed URL (the standard's match accepts a URL record).
    /// Allocates nothing for a regex-free pattern, and checks only the
    /// components the pattern constrains.
    ///
    /// A router parses each request's URL once and tries its routes in
    /// order:
    ///
    /// ```
    /// use weburl_pattern::{UrlPattern, UrlPatternInit};
    /// let route = |pathname: &str| {
    ///     let init = UrlPatternInit { pathname: Some(pathname.into()), ..Default::default() };
    ///     UrlPattern::new(init.into(), None, Default::default())
    /// };
    /// let routes = [route("/books/:id")?, route("/*")?];
    /// let url = url_core::Url::parse_borrowed("https://example.com/books/12").unwrap();
    /// assert_eq!(routes.iter().position(|r| r.test_url(&url)), Some(0));
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn test_url<U: AsUrlRecord + ?Sized>(&self, url: &U) -> bool {
        let url = url.as_url_record();
        let mut checks = self.url_checks;
        while checks != 0 {
            let i = checks.trailing_zeros() as usize;
            checks &= checks - 1;
            match self.components.get(i) {
                Some(component) if component.test(url_component(url, i)) => {}
                _ => return false,
            }
        }
        true
    }

    /// Whether every component that is not `*` alone matches its value:
    /// the standard's match for values without a line terminator (URL
    /// record components, canonical pathnames), which `*` always matches.
    pub(crate) fn matches_constrained(&self, values: &Values<'_>) -> bool {
        let mut checks = self.url_checks;
        while checks != 0 {
            let i = checks.trailing_zeros() as usize;
            checks &= checks - 1;
            match (self.components.get(i), values.get(i)) {
                (Some(component), Some(value)) if component.test(value) => {}
                _ => return false,
            }
        }
        true
    }

    /// Whether `component` is not `*` alone (the others match every value
    /// without a line terminator).
    pub(crate) fn constrains(&self, component: ComponentName) -> bool {
        self.url_checks & (1 << component as u8) != 0
    }

    /// Whether every component matches its value (the standard's match,
    /// without the groups).
    pub(crate) fn matches(&self, values: &Values<'_>) -> bool {
        self.components
            .iter()
            .zip(values)
            .all(|(component, value)| component.test(value))
    }

    /// `exec(input, baseURL)`: the match result, or `None`.
    pub fn exec(
        &self,
        input: &UrlPatternInput,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        self.exec_with(input, base_url, true, |component, value, captures| {
            Ok(component.exec(value, captures))
        })
    }

    /// `exec` through `exec` per component; with `test_first`, every
    /// component is tested before any result is built, so a pattern that
    /// does not match allocates nothing for its result.
    fn exec_with(
        &self,
        input: &UrlPatternInput,
        base_url: Option<&str>,
        test_first: bool,
        mut exec: impl FnMut(&Component, &str, &mut Captures) -> Result<bool, Error>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        let results = with_values(input, base_url, |values| {
            if test_first && !self.matches(&values) {
                return Ok(None);
            }
            let mut results: Vec<UrlPatternComponentResult> = Vec::with_capacity(8);
            let mut captures = Vec::new();
            for (component, value) in self.components.iter().zip(values) {
                if !exec(component, value, &mut captures)? {
                    return Ok(None);
                }
                results.push(create_a_component_match_result(component, value, &captures));
            }
            Ok(Some(results))
        })?;
        let Some(Some(results)) = results.transpose()? else {
            return Ok(None);
        };
        let mut inputs = Vec::with_capacity(2);
        inputs.push(input.clone());
        if let (UrlPatternInput::String(_), Some(base_url)) = (input, base_url) {
            inputs.push(UrlPatternInput::String(base_url.to_string()));
        }
        Ok(Some(assemble(inputs, results)))
    }

    /// `exec` on a parsed URL (the standard's match accepts a URL record):
    /// as [`UrlPattern::exec`] with the URL's href as the input, without
    /// parsing it again — a router parses a request's URL once and tries
    /// its routes on it.
    ///
    /// ```
    /// use weburl_pattern::{UrlPattern, UrlPatternInit};
    /// use url_core::Url;
    /// let init = UrlPatternInit { pathname: Some("/books/:id".into()), ..Default::default() };
    /// let route = UrlPattern::new(init.into(), None, Default::default())?;
    /// let url = Url::parse_into("https://example.com/books/12", String::new()).unwrap();
    /// let found = route.exec_url(&url).unwrap();
    /// assert_eq!(found.pathname.group("id"), Some(Some("12")));
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn exec_url<U: AsUrlRecord + ?Sized>(&self, url: &U) -> Option<UrlPatternResult> {
        let url = url.as_url_record();
        if !self.test_url(url) {
            return None;
        }
        let mut results = Vec::with_capacity(8);
        let mut captures = Vec::new();
        for (component, value) in self.components.iter().zip(url_values(url)) {
            if !component.exec(value, &mut captures) {
                return None;
            }
            results.push(create_a_component_match_result(component, value, &captures));
        }
        let inputs = vec![UrlPatternInput::String(url.href().to_string())];
        Some(assemble(inputs, results))
    }
}

/// The result of a match from its inputs and the eight component results.
fn assemble(
    inputs: Vec<UrlPatternInput>,
    results: Vec<UrlPatternComponentResult>,
) -> UrlPatternResult {
    let mut it = results.into_iter();
    let mut next = || it.next().unwrap_or_default();
    UrlPatternResult {
        inputs,
        protocol: next(),
        username: next(),
        password: next(),
        hostname: next(),
        port: next(),
        pathname: next(),
        search: next(),
        hash: next(),
    }
}

/// Digits only, without leading zeros: the default-port test compares with
/// the port's decimal serialization.
fn is_canonical_u16(port: &str) -> bool {
    !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && (port == "0" || !port.starts_with('0'))
}

/// "hostname pattern is an IPv6 address".
fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    let mut chars = input.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some('['), Some(_)) | (Some('{') | Some('\\'), Some('['))
    )
}

/// "create a component match result".
fn create_a_component_match_result(
    component: &Component,
    input: &str,
    captures: &Captures,
) -> UrlPatternComponentResult {
    let groups = component
        .group_name_list()
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let value = captures
                .get(i)
                .cloned()
                .flatten()
                .and_then(|r| input.get(r))
                .map(str::to_string);
            (name.clone(), value)
        })
        .collect();
    UrlPatternComponentResult {
        input: input.to_string(),
        groups,
    }
}

/// Component `i` (in [`ComponentName::ALL`] order) of a URL record. Not
/// inlined: inlined into [`UrlPattern::test_url`], all eight getters were
/// computed on every call (callgrind: 70 instructions a route), where a
/// route usually checks one component.
#[inline(never)]
fn url_component<S: Buffer>(url: &Url<S>, i: usize) -> &str {
    match i {
        0 => url.scheme(),
        1 => url.username(),
        2 => url.password(),
        3 => url.hostname(),
        4 => url.port_str(),
        5 => url.pathname(),
        6 => url.query().unwrap_or_default(),
        _ => url.fragment().unwrap_or_default(),
    }
}

/// The component values of a URL record (the standard's match, for a URL).
pub(crate) fn url_values<S: Buffer>(url: &Url<S>) -> Values<'_> {
    [
        url.scheme(),
        url.username(),
        url.password(),
        url.hostname(),
        url.port_str(),
        url.pathname(),
        url.query().unwrap_or_default(),
        url.fragment().unwrap_or_default(),
    ]
}

/// The first half of the standard's match: the component values of `input`
/// (with `base_url`), handed to `f`. `Ok(None)` when the input does not
/// parse or process (the standard's "return null").
fn with_values<R>(
    input: &UrlPatternInput,
    base_url: Option<&str>,
    f: impl FnOnce(Values<'_>) -> R,
) -> Result<Option<R>, Error> {
    match input {
        UrlPatternInput::Init(init) => {
            if base_url.is_some() {
                return Err(Error::new(ErrorKind::BaseUrlWithInit));
            }
            let empty = Some(String::new());
            let defaults = UrlPatternInit {
                protocol: empty.clone(),
                username: empty.clone(),
                password: empty.clone(),
                hostname: empty.clone(),
                port: empty.clone(),
                pathname: empty.clone(),
                search: empty.clone(),
                hash: empty,
                base_url: None,
            };
            let Ok(apply_result) = process_a_urlpattern_init(init, InitType::Url, &defaults) else {
                return Ok(None);
            };
            let values = ComponentName::ALL.map(|name| apply_result.get(name).unwrap_or_default());
            Ok(Some(f(values)))
        }
        UrlPatternInput::String(s) => {
            let base = match base_url {
                Some(b) => match Url::parse_into(b, String::new()) {
                    Ok(base) => Some(base),
                    Err(_) => return Ok(None),
                },
                None => None,
            };
            Ok(match &base {
                Some(base) => Url::parse_into_with_base(s, base, String::new())
                    .ok()
                    .map(|url| f(url_values(&url))),
                None => Url::parse_into(s, String::new())
                    .ok()
                    .map(|url| f(url_values(&url))),
            })
        }
    }
}
