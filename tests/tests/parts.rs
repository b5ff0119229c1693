//! url-core's typed parts (`host_parsed`, `authority`) against the
//! components WPT urltestdata.json expects for every URL that parses.

use std::net::{Ipv4Addr, Ipv6Addr};
use weburl::{Host, HostKind, Url};
use weburl_conformance::{read_json_usv, wpt_path};

#[test]
fn typed_parts_match_wpt_components() {
    let (data, _) = read_json_usv(&wpt_path("urltestdata.json"));
    let (mut checked, mut addresses) = (0, 0);
    for case in data.as_array().unwrap().iter().filter(|v| v.is_object()) {
        let Some(href) = case.get("href").and_then(|h| h.as_str()) else {
            continue;
        };
        let field = |k: &str| case[k].as_str().unwrap();
        let url = Url::parse(href).unwrap();
        let hostname = field("hostname");
        let has_authority = href[field("protocol").len()..].starts_with("//");
        match url.host_parsed() {
            None => assert!(!has_authority, "{href}"),
            Some(Host::Empty) => assert!(has_authority && hostname.is_empty(), "{href}"),
            Some(Host::Domain(d)) | Some(Host::Opaque(d)) => assert_eq!(d, hostname, "{href}"),
            Some(Host::Ipv4(a)) => {
                assert_eq!(Ok(a), hostname.parse::<Ipv4Addr>(), "{href}");
                addresses += 1;
            }
            Some(Host::Ipv6(a)) => {
                let inner = hostname.trim_start_matches('[').trim_end_matches(']');
                assert_eq!(Ok(a), inner.parse::<Ipv6Addr>(), "{href}");
                addresses += 1;
            }
        }
        if url.host_kind() == HostKind::Domain {
            assert!(matches!(url.host_parsed(), Some(Host::Domain(_))), "{href}");
        }
        let (user, pass) = (field("username"), field("password"));
        let mut authority = String::new();
        if has_authority {
            authority.push_str(user);
            if !pass.is_empty() {
                authority.push(':');
                authority.push_str(pass);
            }
            if !user.is_empty() || !pass.is_empty() {
                authority.push('@');
            }
            authority.push_str(field("host"));
        }
        assert_eq!(url.authority(), authority, "{href}");
        checked += 1;
    }
    assert!(
        checked > 600 && addresses > 25,
        "{checked} URLs, {addresses} addresses"
    );
    println!("typed parts: {checked} URLs ({addresses} IP addresses) match WPT");
}
