//! The older dialects' grammars: the vectors of testdata/grammar/, and the
//! Appendix C references of each document under its own grammar.

use serde_json::Value;
use urikit::{Dialect, UriRef};

use crate::vectors::{check_all, records};

fn check(v: &Value) -> Result<(), String> {
    let d = Dialect::from_name(v["dialect"].as_str().ok_or("no dialect")?).ok_or("dialect")?;
    let input = v["input"].as_str().ok_or("no input")?;
    match (UriRef::parse_with(input, d), v.get("error")) {
        (Ok(u), None) => match v.get("host_type") {
            Some(t) if u.host().map(|h| h.host_type().name()) != t.as_str() => {
                Err(format!("host type {:?}", u.host().map(|h| h.host_type())))
            }
            _ => Ok(()),
        },
        (Ok(_), Some(code)) => Err(format!("valid, expected {code}")),
        (Err(e), None) => Err(format!("{e}")),
        (Err(e), Some(code)) => {
            if e.code() == code && v["offset"].as_u64() == Some(e.offset() as u64) {
                Ok(())
            } else {
                Err(format!("{e}"))
            }
        }
    }
}

#[test]
fn grammar_vectors() {
    check_all("grammar", 40, check);
}

/// Every base and reference of each document's Appendix C is valid under
/// that document's grammar, and splits into the same components as under
/// RFC 3986.
#[test]
fn appendix_c_references_are_valid_in_their_dialect() {
    for (at, v) in records("resolve") {
        let d = Dialect::from_name(v["dialect"].as_str().unwrap()).unwrap();
        if d == Dialect::Rfc1738 || v.get("error").is_some() {
            continue;
        }
        for key in ["base", "ref"] {
            let s = v[key].as_str().unwrap();
            let u = UriRef::parse_with(s, d).unwrap_or_else(|e| panic!("{at}: {key} {s:?}: {e}"));
            let r = UriRef::parse(s).unwrap();
            assert_eq!(format!("{u:?}"), format!("{r:?}"), "{at}");
        }
    }
}

/// Any input: no panic, an offset within the input, and a valid reference
/// re-assembles from its components.
#[test]
fn hostile_inputs_in_every_dialect() {
    for s in [
        "",
        ":",
        "//",
        "///",
        "//@",
        "//:",
        "//[",
        "//[]",
        "a:",
        "%",
        "%%",
        "?#",
        "//a:99999999999999999999/",
        "//a@@b",
        "//%zz",
        "\u{e9}",
        "a:\u{0}",
        "//[v]",
        "//[::]:",
        "//a.-b/",
        "//a.b-/",
        "//.",
        "//a..b",
    ] {
        for d in Dialect::ALL {
            match UriRef::parse_with(s, d) {
                Ok(u) => assert_eq!(u.as_str(), s),
                Err(e) => assert!(e.offset() <= s.len(), "{d:?} {s:?}"),
            }
        }
    }
}

/// RFC 2396 section 3.2.2 (`IPv4address = 1*digit "." 1*digit "." 1*digit
/// "." 1*digit`) and RFC 1738 section 3.1 (`hostnumber`) allow leading
/// zeros, which RFC 3986's `dec-octet` does not: the address is still the
/// numbers' value, and a number above 255 leaves a name, not an address.
#[test]
fn hostnumbers_with_leading_zeros_keep_their_value() {
    use std::net::Ipv4Addr;
    for d in [Dialect::Rfc2396, Dialect::Url1996, Dialect::Rfc1738] {
        let u = UriRef::parse_with("http://010.001.0.0200/", d).unwrap();
        let h = u.host().unwrap();
        assert_eq!(h.ipv4(), Some(Ipv4Addr::new(10, 1, 0, 200)), "{d:?}");
        let u = UriRef::parse_with("http://256.1.1.1/", d).unwrap();
        assert_eq!(u.host().unwrap().ipv4(), None, "{d:?}");
    }
    // Under RFC 3986 the same text is a reg-name (section 3.2.2).
    let u = UriRef::parse("http://010.001.0.0200/").unwrap();
    assert_eq!(u.host().unwrap().ipv4(), None);
    let u = UriRef::parse("http://10.1.0.200/").unwrap();
    assert_eq!(u.host().unwrap().ipv4(), Some(Ipv4Addr::new(10, 1, 0, 200)));
}
