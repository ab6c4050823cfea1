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
            assert_eq!(u.dialect(), d);
            let parts = |u: UriRef<'_>| {
                format!(
                    "{:?}",
                    (u.scheme(), u.authority(), u.path(), u.query(), u.fragment())
                )
            };
            assert_eq!(parts(u), parts(r), "{at}");
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
        for d in Dialect::GRAMMARS {
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

/// A reference valid only under an older dialect (an RFC 2396
/// registry-based authority) stays a reference of that dialect in every
/// owned value made from it, and operations that work in another dialect
/// refuse it with an error instead of building an invalid value (the fault
/// hunt's `http://u@h@x/p`, which tripped an assertion in debug builds and
/// came out as an invalid RFC 3986 reference in release builds).
#[test]
fn values_stay_valid_in_the_dialect_they_claim() {
    use urikit::{BaseBuilder, ErrorKind, Normalizer, Resolver, UriRefBuf};
    let old = UriRef::parse_with("http://u@h@x/p", Dialect::Rfc2396).unwrap();
    let buf = old.to_buf();
    assert_eq!(buf.dialect(), Dialect::Rfc2396);
    assert!(UriRef::parse_with(buf.as_str(), Dialect::Rfc2396).is_ok());

    // Resolution: under RFC 2396 (the base's own dialect, by default) it
    // works and the target is an RFC 2396 reference; under RFC 3986 the
    // base is refused where RFC 3986 stops reading it.
    let r = Resolver::new(old).unwrap();
    let t = r.resolve(UriRef::parse("z?q").unwrap()).unwrap();
    assert_eq!(
        (t.as_str(), t.dialect()),
        ("http://u@h@x/z?q", Dialect::Rfc2396)
    );
    let err = r
        .dialect(Dialect::Rfc3986)
        .resolve(UriRef::parse("z").unwrap())
        .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidBase, 10));
    // A reference read under RFC 2396 given to an RFC 3986 resolver.
    let r3986 = Resolver::new(UriRef::parse("http://a/").unwrap()).unwrap();
    let err = r3986
        .resolve(UriRef::parse_with("//u@h@x/p", Dialect::Rfc2396).unwrap())
        .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::DialectMismatch, 5));

    // The base of a document keeps its dialect.
    let base = BaseBuilder::new()
        .dialect(Dialect::Rfc2396)
        .retrieved_from("http://u@h@x/p#f")
        .establish()
        .unwrap()
        .unwrap();
    assert_eq!(
        (base.uri().as_str(), base.uri().dialect()),
        ("http://u@h@x/p", Dialect::Rfc2396)
    );

    // Editing follows RFC 3986: refused, and the value is unchanged.
    let mut edited = buf.clone();
    let err = edited.set_port(Some(80)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::DialectMismatch, 10));
    assert_eq!(edited, buf);
    let err = edited.push_segment("z").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DialectMismatch);

    // Normalization keeps the dialect, and decodes only what is unreserved
    // in both RFC 3986 and the dialect: RFC 1738 calls `~` unsafe.
    let n = Normalizer::new().normalize(old);
    assert_eq!(
        (n.as_str(), n.dialect()),
        ("http://u@h@x/p", Dialect::Rfc2396)
    );
    let u1738 = UriRef::parse_with("HTTP://H/%7Ea%41", Dialect::Rfc1738).unwrap();
    let n = Normalizer::new().normalize(u1738);
    assert_eq!(
        (n.as_str(), n.dialect()),
        ("http://h/%7EaA", Dialect::Rfc1738)
    );
    let u2396 = UriRefBuf::parse_with("http://h/%7Ea", Dialect::Rfc2396).unwrap();
    assert_eq!(
        Normalizer::new().normalize(u2396.as_uri_ref()).as_str(),
        "http://h/~a"
    );
}

/// RFC 2396 `opaque_part = uric_no_slash *uric`, and a `uric_no_slash`
/// may be `?`: an opaque part may begin with `?` (Appendix A).
#[test]
fn an_rfc_2396_opaque_part_may_begin_with_a_question_mark() {
    let u = UriRef::parse_with("mailto:?subject=x", Dialect::Rfc2396).unwrap();
    assert_eq!(
        (u.path().as_str(), u.query().map(|q| q.as_str())),
        ("", Some("subject=x"))
    );
    assert!(UriRef::parse_with("mailto:", Dialect::Rfc2396).is_err());
    assert!(UriRef::parse_with("mailto:#f", Dialect::Rfc2396).is_err());
}
