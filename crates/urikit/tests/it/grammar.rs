//! The older dialects' grammars: the vectors of testdata/grammar/, and the
//! Appendix C references of each document under its own grammar.

use urikit::{Dialect, UriRef};

use crate::vectors::records;

#[test]
fn grammar_vectors() {
    let all = records("grammar");
    assert!(all.len() > 40);
    let mut failures = Vec::new();
    for (at, v) in &all {
        let d = Dialect::from_name(v["dialect"].as_str().unwrap()).unwrap();
        let input = v["input"].as_str().unwrap();
        let got = UriRef::parse_with(input, d);
        let why = match (got, v.get("error")) {
            (Ok(u), None) => match v.get("host_type") {
                Some(t) if u.host().map(|h| h.host_type().name()) != t.as_str() => {
                    Some(format!("host type {:?}", u.host().map(|h| h.host_type())))
                }
                _ => None,
            },
            (Ok(_), Some(code)) => Some(format!("valid, expected {code}")),
            (Err(e), None) => Some(format!("{e}")),
            (Err(e), Some(code)) => (e.code() != code
                || v["offset"].as_u64() != Some(e.offset() as u64))
            .then(|| format!("{e}")),
        };
        if let Some(why) = why {
            failures.push(format!("{at}: {input:?}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
