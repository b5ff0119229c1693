//! Shared pieces of the fuzz targets: how raw fuzzer bytes become a
//! (base, input) pair, a full snapshot of a URL's getters, and the checks
//! every successful parse must pass. See README.md for what each target
//! asserts.

pub mod bidi;
pub mod joiners;
pub mod known;
pub mod setter_values;

use std::borrow::Cow;
use url_core::{Buffer, HostKind, ParseError, Parser, SchemeType, Url};

/// Bases a case can select by index (mode byte, see [`Case::from_bytes`]):
/// one of each shape the relative-URL states branch on, so the fuzzer does not
/// have to discover a valid base before it can explore relative inputs.
pub const BASES: &[&str] = &[
    "http://example.org/foo/bar",
    "https://user:pass@example.com:8080/a/b/c?q#f",
    "file:///C:/dir/file",
    "file://host/share/x",
    "sc://h/p/q",
    "sc:/p/q",
    "sc:opaque path",
    "mailto:user@example.org",
    "about:blank",
    "http://[::1]:8080/x/",
    "http://192.168.0.1/",
    "web+demo:/.//not-a-host/",
    "blob:https://example.org/uuid",
    "ws://example.com/",
    "data:text/plain,x",
    "non-spec:/",
];

/// One parse to run: an input and an optional base.
///
/// Inputs are **lossy UTF-8**: invalid byte sequences become U+FFFD, which is
/// what a browser's USVString conversion does to lone surrogates, so every
/// fuzzer input reaches the parser. The byte 0xFF (never valid UTF-8)
/// separates a fuzzed base from the input.
#[derive(Debug)]
pub struct Case<'a> {
    pub base: Option<Cow<'a, str>>,
    pub input: Cow<'a, str>,
}

impl<'a> Case<'a> {
    /// Layout: `mode` byte, then the rest.
    ///
    /// - `mode % 4 == 0`: no base; the rest is the input.
    /// - `mode % 4 == 1`: base `BASES[(mode / 4) % BASES.len()]`; the rest is
    ///   the input.
    /// - `mode % 4 >= 2`: the rest is `base 0xFF input` (no 0xFF: no base).
    ///
    /// `cargo xtask fuzz-seed` writes seeds in this layout (mode 0 or 2).
    pub fn from_bytes(data: &'a [u8]) -> Case<'a> {
        let Some((&mode, rest)) = data.split_first() else {
            return Case {
                base: None,
                input: Cow::Borrowed(""),
            };
        };
        match mode % 4 {
            0 => Case {
                base: None,
                input: String::from_utf8_lossy(rest),
            },
            1 => Case {
                base: Some(Cow::Borrowed(BASES[(mode as usize / 4) % BASES.len()])),
                input: String::from_utf8_lossy(rest),
            },
            _ => match rest.iter().position(|&b| b == 0xFF) {
                Some(i) => Case {
                    base: Some(String::from_utf8_lossy(&rest[..i])),
                    input: String::from_utf8_lossy(&rest[i + 1..]),
                },
                None => Case {
                    base: None,
                    input: String::from_utf8_lossy(rest),
                },
            },
        }
    }

    /// The base parsed with url-core (`None` when there is no base or it
    /// fails: a case with an unparsable base is not interesting).
    pub fn parsed_base(&self) -> Option<Result<Url<String>, ParseError>> {
        self.base
            .as_deref()
            .map(|b| Url::parse_into(b, String::new()))
    }
}

/// Every getter of a URL, owned, for comparing two URLs field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub href: String,
    pub protocol: String,
    pub username: String,
    pub password: String,
    pub host: String,
    pub hostname: String,
    pub port: Option<u16>,
    pub port_str: String,
    pub pathname: String,
    pub query: Option<String>,
    pub search: String,
    pub fragment: Option<String>,
    pub hash: String,
    pub host_kind: HostKind,
    pub scheme_type: SchemeType,
    pub opaque_path: bool,
    pub origin: String,
}

impl Snapshot {
    pub fn of<S: Buffer>(u: &Url<S>) -> Snapshot {
        Snapshot {
            href: u.href().into(),
            protocol: u.protocol().into(),
            username: u.username().into(),
            password: u.password().into(),
            host: u.host().into(),
            hostname: u.hostname().into(),
            port: u.port(),
            port_str: u.port_str().into(),
            pathname: u.pathname().into(),
            query: u.query().map(Into::into),
            search: u.search().into(),
            fragment: u.fragment().map(Into::into),
            hash: u.hash().into(),
            host_kind: u.host_kind(),
            scheme_type: u.scheme_type(),
            opaque_path: u.has_opaque_path(),
            origin: u.origin().to_string(),
        }
    }
}

/// A parse result reduced to something comparable: the snapshot or the error.
pub fn outcome<S: Buffer>(r: &Result<Url<S>, ParseError>) -> Result<Snapshot, ParseError> {
    match r {
        Ok(u) => Ok(Snapshot::of(u)),
        Err(e) => Err(*e),
    }
}

/// Panics unless `u` satisfies url-core's representation invariants and its
/// getters are consistent with its href and with each other.
pub fn check_url<S: Buffer>(u: &Url<S>) {
    if let Err(why) = u.check_invariants() {
        panic!("invariant violated: {why}: {:?}", u.href());
    }
    let href = u.href();
    // Rebuild the serialization from the getters (url.bs §4.5 URL serializer).
    let mut rebuilt = String::from(u.protocol());
    if u.host_kind() != HostKind::None {
        rebuilt.push_str("//");
        if u.has_credentials() {
            rebuilt.push_str(u.username());
            if !u.password().is_empty() {
                rebuilt.push(':');
                rebuilt.push_str(u.password());
            }
            rebuilt.push('@');
        }
        rebuilt.push_str(u.host());
    } else if !u.has_opaque_path() && u.pathname().starts_with("//") {
        rebuilt.push_str("/.");
    }
    rebuilt.push_str(u.pathname());
    if let Some(q) = u.query() {
        rebuilt.push('?');
        rebuilt.push_str(q);
    }
    if let Some(f) = u.fragment() {
        rebuilt.push('#');
        rebuilt.push_str(f);
    }
    assert_eq!(rebuilt, href, "getters do not rebuild href");

    assert_eq!(u.protocol(), format!("{}:", u.scheme()));
    assert_eq!(u.scheme_type(), SchemeType::of(u.scheme().as_bytes()));
    match u.port() {
        Some(p) => {
            assert_eq!(u.port_str(), p.to_string(), "port text");
            assert_eq!(u.host(), format!("{}:{p}", u.hostname()), "host with port");
        }
        None => {
            assert_eq!(u.port_str(), "");
            assert_eq!(u.host(), u.hostname(), "host without port");
        }
    }
    assert_eq!(
        u.search(),
        match u.query() {
            Some(q) if !q.is_empty() => format!("?{q}"),
            _ => String::new(),
        }
    );
    assert_eq!(
        u.hash(),
        match u.fragment() {
            Some(f) if !f.is_empty() => format!("#{f}"),
            _ => String::new(),
        }
    );
    let hostname = u.hostname();
    match u.host_kind() {
        HostKind::Ipv4 => {
            let a: std::net::Ipv4Addr = hostname
                .parse()
                .unwrap_or_else(|_| panic!("IPv4 host {hostname:?} is not dotted decimal"));
            assert_eq!(a.to_string(), hostname, "IPv4 host not canonical");
        }
        HostKind::Ipv6 => {
            let inner = &hostname[1..hostname.len() - 1];
            assert!(
                inner.parse::<std::net::Ipv6Addr>().is_ok(),
                "IPv6 host {hostname:?} does not parse"
            );
            assert!(!inner.bytes().any(|c| c.is_ascii_uppercase()));
        }
        HostKind::Domain => {
            // url.bs §3.5: a domain that ends in a number is an IPv4 address.
            let last = hostname
                .strip_suffix('.')
                .unwrap_or(hostname)
                .rsplit('.')
                .next()
                .unwrap_or("");
            let hex = last
                .strip_prefix("0x")
                .or_else(|| last.strip_prefix("0X"))
                .is_some_and(|h| h.bytes().all(|c| c.is_ascii_hexdigit()));
            let decimal = !last.is_empty() && last.bytes().all(|c| c.is_ascii_digit());
            assert!(!(hex || decimal), "domain {hostname:?} ends in a number");
        }
        HostKind::None | HostKind::Empty | HostKind::Opaque => {}
    }
    // Special URLs other than file have a non-empty host.
    if u.is_special() && u.scheme_type() != SchemeType::File {
        assert!(!hostname.is_empty(), "special URL with empty host");
    }
    // Every percent-encode set contains the C0 controls and DEL, and the
    // parser strips tabs and newlines: none can appear raw.
    assert!(
        !href.bytes().any(|c| c < b' ' || c == 0x7F),
        "href contains a C0 control or DEL"
    );
}

/// Parses `input` against `base` into a `String`.
pub fn parse_string(
    input: &str,
    base: Option<&Url<String>>,
) -> Result<Url<String>, url_core::ParseError> {
    Parser::new()
        .with_base(base.map(Url::as_url_ref))
        .parse_into(input, String::new())
}

/// The URL API's string attributes (url.bs §6.1): what the differential
/// targets compare between implementations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    pub href: String,
    pub protocol: String,
    pub username: String,
    pub password: String,
    pub host: String,
    pub hostname: String,
    pub port: String,
    pub pathname: String,
    pub search: String,
    pub hash: String,
    pub origin: String,
}

impl Fields {
    pub fn of<S: Buffer>(u: &Url<S>) -> Fields {
        Fields {
            href: u.href().into(),
            protocol: u.protocol().into(),
            username: u.username().into(),
            password: u.password().into(),
            host: u.host().into(),
            hostname: u.hostname().into(),
            port: u.port_str().into(),
            pathname: u.pathname().into(),
            search: u.search().into(),
            hash: u.hash().into(),
            origin: u.origin().to_string(),
        }
    }

    /// Names of the attributes that differ.
    pub fn diff(&self, other: &Fields) -> Vec<&'static str> {
        let pairs = [
            ("href", &self.href, &other.href),
            ("protocol", &self.protocol, &other.protocol),
            ("username", &self.username, &other.username),
            ("password", &self.password, &other.password),
            ("host", &self.host, &other.host),
            ("hostname", &self.hostname, &other.hostname),
            ("port", &self.port, &other.port),
            ("pathname", &self.pathname, &other.pathname),
            ("search", &self.search, &other.search),
            ("hash", &self.hash, &other.hash),
            ("origin", &self.origin, &other.origin),
        ];
        pairs
            .iter()
            .filter(|(_, a, b)| a != b)
            .map(|(n, _, _)| *n)
            .collect()
    }
}

/// Our answer for `input` against the unparsed `base`, as the URL API gives
/// it: a failing base makes the whole parse fail.
pub fn ours(input: &str, base: Option<&str>) -> Option<Fields> {
    let base = match base {
        Some(b) => Some(Url::parse_into(b, String::new()).ok()?),
        None => None,
    };
    parse_string(input, base.as_ref())
        .ok()
        .map(|u| Fields::of(&u))
}

/// Ada's (`ada-url` 4.0.0) answer for `input` against `base`.
pub fn ada_fields(input: &str, base: Option<&str>) -> Option<Fields> {
    let u = ada_url::Url::parse(input, base).ok()?;
    Some(Fields {
        href: u.href().into(),
        protocol: u.protocol().into(),
        username: u.username().into(),
        password: u.password().into(),
        host: u.host().into(),
        hostname: u.hostname().into(),
        port: u.port().into(),
        pathname: u.pathname().into(),
        search: u.search().into(),
        hash: u.hash().into(),
        origin: u.origin(),
    })
}
