//! IPv6 zone identifiers (RFC 6874 section 2), accepted only on request:
//! the vectors of testdata/zone/, and a zone carried through resolution,
//! normalization, relativization, editing and the IRI mappings.

use serde_json::Value;
use urikit::{Dialect, ErrorKind, Normalizer, Parser, Resolver, UriRef, UriRefBuf};

use crate::vectors::check_all;

/// One side of a vector (`strict` or `zones`) against a parse.
fn expect(got: Result<UriRef<'_>, urikit::Error>, want: &Value) -> Result<(), String> {
    match (got, want.get("error")) {
        (Err(e), Some(code)) => {
            if code.as_str() == Some(e.code()) && want["offset"].as_u64() == Some(e.offset() as u64)
            {
                Ok(())
            } else {
                Err(format!("got {e}"))
            }
        }
        (Ok(u), None) => {
            let h = u.host().ok_or("no host")?;
            let zone = h.zone_id();
            let got = (
                h.as_str(),
                zone.map(|z| z.as_str()),
                zone.map(|z| z.decode_utf8().unwrap().into_owned()),
                h.ipv6().map(|a| a.to_string()),
            );
            let want = (
                want["host"].as_str().ok_or("no host")?,
                want["zone_id"].as_str(),
                want.get("decoded")
                    .and_then(Value::as_str)
                    .map(String::from),
                want["ipv6"].as_str().map(String::from),
            );
            // The text read again with zones accepted has the same parts.
            let again = Parser::new(u.dialect()).zone_ids(true).parse(u.as_str());
            if got == want && again.map(|a| a.to_buf()) == Ok(u.to_buf()) {
                Ok(())
            } else {
                Err(format!("got {got:?}"))
            }
        }
        (got, _) => Err(format!("got {got:?}")),
    }
}

fn check(v: &Value) -> Result<(), String> {
    let input = v["input"].as_str().ok_or("no input")?;
    let dialect =
        Dialect::from_name(v["dialect"].as_str().unwrap_or("rfc3986")).ok_or("dialect")?;
    let strict = Parser::new(dialect);
    expect(strict.parse(input), &v["strict"]).map_err(|e| format!("strict: {e}"))?;
    expect(UriRef::parse_with(input, dialect), &v["strict"])
        .map_err(|e| format!("parse_with: {e}"))?;
    expect(strict.zone_ids(true).parse(input), &v["zones"]).map_err(|e| format!("zones: {e}"))
}

#[test]
fn zone_id_vectors() {
    check_all("zone", 20, check);
}

fn zoned(s: &str) -> UriRef<'_> {
    Parser::default().zone_ids(true).parse(s).unwrap()
}

/// RFC 3986 section 5.2.2: the target takes the base's authority (with its
/// zone) for a reference without one, the reference's own otherwise.
#[test]
fn resolution_carries_the_zone() {
    let r = Resolver::new(zoned("http://[fe80::1%25eth0]/a/b")).unwrap();
    let t = r.resolve(UriRef::parse("../c?q").unwrap()).unwrap();
    assert_eq!(t.as_str(), "http://[fe80::1%25eth0]/c?q");
    assert_eq!(t.host().unwrap().zone_id().unwrap(), "eth0");
    let t = r.resolve(zoned("//[::1%25lo]/x")).unwrap();
    assert_eq!(t.as_str(), "http://[::1%25lo]/x");
    let t = Resolver::new(UriRef::parse("http://a/").unwrap())
        .unwrap()
        .resolve(zoned("//[::1%25Lo]"))
        .unwrap();
    assert_eq!(t.as_str(), "http://[::1%25Lo]");
}

/// Section 6.2.2.1 lowercases the address, not the zone (RFC 6874 section
/// 2: zone identifiers are interpreted by the host, which may distinguish
/// case); section 6.2.2.2 applies to the zone's triplets.
#[test]
fn normalization_keeps_the_zone_case() {
    let n = Normalizer::new();
    let u = zoned("HTTP://[FE80::A%25Eth%2D0]:80/%7e");
    assert_eq!(n.normalize(u).as_str(), "http://[fe80::a%25Eth-0]/~");
    let n = n.ipv6_rfc5952(true).remove_default_port(true);
    let u = zoned("http://[FE80:0:0:0:0:0:0:A%25Eth0]:80/");
    let out = n.normalize(u);
    assert_eq!(out.as_str(), "http://[fe80::a%25Eth0]/");
    assert_eq!(out.host().unwrap().zone_id().unwrap(), "Eth0");
    let mut into = String::new();
    n.normalize_into(u, &mut into);
    assert_eq!(into, out.as_str());
    // Equivalent only when the zones are the same, case included.
    assert!(n.equivalent(u, zoned("http://[fe80::a%25Eth0]/")));
    assert!(!n.equivalent(u, zoned("http://[fe80::a%25eth0]/")));
    assert!(!n.equivalent(u, UriRef::parse("http://[fe80::a]/").unwrap()));
}

#[test]
fn relativization_keeps_the_zone_where_it_must() {
    let base = zoned("http://[fe80::1%25eth0]/a/b");
    let r = Resolver::new(base).unwrap();
    let same = zoned("http://[fe80::1%25eth0]/a/c");
    assert_eq!(r.relativize(same).unwrap().as_str(), "c");
    // Another zone is another authority: a network-path reference.
    let other = zoned("http://[fe80::1%25eth1]/a/c");
    let rel = r.relativize(other).unwrap();
    assert_eq!(rel.as_str(), "//[fe80::1%25eth1]/a/c");
    assert_eq!(
        r.resolve(rel.as_uri_ref()).unwrap().as_str(),
        other.as_str()
    );
}

#[test]
fn edits_keep_the_zone_and_accept_one_only_where_it_is() {
    let p = Parser::default().zone_ids(true);
    let mut u = UriRefBuf::parse_by(&p, "http://[fe80::1%25eth0]/a").unwrap();
    u.set_path("/b c").unwrap();
    u.set_query(Some("q")).unwrap();
    u.set_port(Some(8080)).unwrap();
    assert_eq!(u.as_str(), "http://[fe80::1%25eth0]:8080/b%20c?q");
    u.set_host(Some("fe80::2%25eth1")).unwrap();
    assert_eq!(u.as_str(), "http://[fe80::2%25eth1]:8080/b%20c?q");
    u.set_host_encoded(Some("[::1%25lo]")).unwrap();
    assert_eq!(u.host().unwrap().zone_id().unwrap(), "lo");
    u.set_host(Some("example.com")).unwrap();
    assert_eq!(u.as_str(), "http://example.com:8080/b%20c?q");
    // Without a zone, the reference is strict RFC 3986 again.
    let e = u.set_host_encoded(Some("[::1%25lo]")).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidIpv6, 4));
    let mut strict = UriRefBuf::parse("http://[::1]/").unwrap();
    let e = strict.set_host(Some("::1%25lo")).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidIpv6, 3));
    assert_eq!(strict.as_str(), "http://[::1]/");
}

#[test]
fn the_iri_mappings_and_dialect_changes_keep_the_zone() {
    let iri = Parser::new(Dialect::Rfc3987)
        .zone_ids(true)
        .parse("http://[fe80::1%25eth0]/ü")
        .unwrap();
    let uri = urikit::IriRef::try_from(iri).unwrap().to_uri();
    assert_eq!(uri.as_str(), "http://[fe80::1%25eth0]/%C3%BC");
    let back = uri.as_uri_ref().to_iri().unwrap();
    assert_eq!(back.as_str(), "http://[fe80::1%25eth0]/ü");
    let u = zoned("http://[fe80::1%25eth0]/");
    assert_eq!(
        u.in_dialect(Dialect::Rfc3987).unwrap().dialect(),
        Dialect::Rfc3987
    );
    // An older dialect has no zones.
    let e = u.in_dialect(Dialect::Rfc2396).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DialectMismatch);
}
