//! IRIs (RFC 3987): the mapping vectors of testdata/iri/, the round trip of
//! sections 3.1 and 3.2 as a property, IRIs through the URI operations,
//! and a differential test against iri-string on generated IRIs.

use proptest::prelude::*;
use serde_json::Value;
use urikit::{Dialect, IriRef, Normalizer, Resolver, UriRef};

use crate::vectors::check_all;

fn check(v: &Value) -> Result<(), String> {
    let input = v["input"].as_str().ok_or("no input")?;
    let got = match v["op"].as_str().ok_or("no op")? {
        "to_uri" => IriRef::parse(input).map(|i| i.to_uri().into_string()),
        "to_uri_idna" => {
            IriRef::parse(input).and_then(|i| i.to_uri_idna().map(|u| u.into_string()))
        }
        "to_iri" => UriRef::parse(input).and_then(|u| u.to_iri_display().map(|i| i.to_string())),
        "compare" => return compare(input, v["other"].as_str().ok_or("no other")?, v),
        op => return Err(format!("unknown op {op}")),
    };
    match (got, v.get("result"), v.get("error")) {
        (Ok(s), Some(want), None) if want.as_str() == Some(s.as_str()) => Ok(()),
        (Err(e), None, Some(code))
            if code.as_str() == Some(e.code())
                && v["offset"].as_u64() == Some(e.offset() as u64) =>
        {
            Ok(())
        }
        (got, _, _) => Err(format!("got {got:?}")),
    }
}

/// The first rung of RFC 3987 section 5.3's ladder at which `a` and `b`
/// compare equal.
fn rung(a: IriRef<'_>, b: IriRef<'_>) -> &'static str {
    let syntax = Normalizer::new()
        .remove_default_port(false)
        .slash_empty_path(false);
    let syntax_nfc = syntax.nfc(true);
    let scheme = Normalizer::new().nfc(true).idna_hosts(true);
    if a.as_str() == b.as_str() {
        "string"
    } else if syntax.equivalent(*a, *b) {
        "syntax"
    } else if syntax_nfc.equivalent(*a, *b) {
        "syntax-nfc"
    } else if scheme.equivalent(*a, *b) {
        "scheme"
    } else {
        "different"
    }
}

fn compare(a: &str, b: &str, v: &Value) -> Result<(), String> {
    let (a, b) = (IriRef::parse(a), IriRef::parse(b));
    let (a, b) = (a.map_err(|e| e.to_string())?, b.map_err(|e| e.to_string())?);
    let got = rung(a, b);
    // Equivalence is symmetric at every rung.
    if got != rung(b, a) {
        return Err(format!("{got} one way, {} the other", rung(b, a)));
    }
    match v["rung"].as_str() {
        Some(want) if want == got => Ok(()),
        _ => Err(format!("got rung {got}")),
    }
}

#[test]
fn mapping_vectors() {
    check_all("iri", 15, check);
}

/// IRIs of every shape: ASCII and `ucschar` (several scripts, all four
/// UTF-8 lengths), `iprivate` in the query, and escapes that section 3.2
/// keeps encoded (reserved, `%25`, a space) so that the round trip is
/// exact.
fn iri() -> impl Strategy<Value = String> {
    let chars = "[a-zA-Z0-9._~!$&'()*+,;=:@-]|é|ß|例|テ|д|ع|\u{10000}|%2F|%25|%20|%3F";
    let part = move |n: usize| proptest::collection::vec(chars, 0..n).prop_map(|v| v.concat());
    (
        prop::option::of("[a-z][a-z0-9+.-]{0,5}"),
        prop::option::of((
            part(4),
            "(é|a|ü|[0-9]){0,3}[a-zé]",
            prop::option::of("[0-9]{1,4}"),
        )),
        proptest::collection::vec(part(5), 0..4),
        prop::option::of((part(5), prop::option::of("\u{E000}|\u{F8FF}"))),
        prop::option::of(part(5)),
    )
        .prop_map(|(scheme, auth, segs, query, frag)| {
            let mut s = String::new();
            if let Some(sc) = &scheme {
                s.push_str(sc);
                s.push(':');
            }
            if let Some((ui, host, port)) = &auth {
                s.push_str("//");
                if !ui.is_empty() {
                    s.push_str(ui);
                    s.push('@');
                }
                s.push_str(host);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(p);
                }
            }
            let path = segs.join("/");
            let rooted = auth.is_some() || (scheme.is_none() && path.contains(':'));
            if rooted && !path.is_empty() {
                s.push('/');
            }
            s.push_str(&path);
            if let Some((q, private)) = query {
                s.push('?');
                s.push_str(&q);
                s.push_str(private.as_deref().unwrap_or(""));
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

proptest! {
    /// Section 3.1 then 3.2 gives the IRI back when its escapes are ones
    /// 3.2 keeps (the generator's), and `to_uri` gives an RFC 3986
    /// reference with the same components, encoded.
    #[test]
    fn to_iri_undoes_to_uri(s in iri()) {
        let Ok(iri) = IriRef::parse(&s) else { return Ok(()) };
        let uri = iri.to_uri();
        prop_assert!(uri.as_str().is_ascii());
        prop_assert_eq!(uri.dialect(), Dialect::Rfc3986);
        let back = uri.as_uri_ref().to_iri().unwrap();
        prop_assert_eq!(back.as_str(), s.as_str());
        prop_assert_eq!(uri.scheme(), iri.scheme());
        prop_assert_eq!(uri.query().is_some(), iri.query().is_some());
        prop_assert_eq!(uri.fragment().is_some(), iri.fragment().is_some());
    }

    /// The URI operations on IRIs: results are IRIs of the same dialect
    /// (every owned value is checked against a parse under its dialect in
    /// debug builds), and resolving the relativized reference gives the
    /// target back.
    #[test]
    fn iris_go_through_every_operation(a in iri(), b in iri()) {
        let (Ok(a), Ok(b)) = (IriRef::parse(&a), IriRef::parse(&b)) else { return Ok(()) };
        let n = Normalizer::new().normalize(*a);
        prop_assert_eq!(n.dialect(), Dialect::Rfc3987);
        prop_assert!(Normalizer::new().is_normalized(n.as_uri_ref()));
        if a.scheme().is_some() {
            let r = Resolver::new(*a).unwrap();
            if let Ok(t) = r.resolve(*b) {
                prop_assert_eq!(t.dialect(), Dialect::Rfc3987);
                if let Ok(rel) = r.relativize(t.as_uri_ref()) {
                    let again = r.resolve(rel.as_uri_ref()).unwrap();
                    prop_assert_eq!(again.as_str(), t.as_str());
                }
            }
        }
    }

    /// Accept/reject and the components agree with iri-string's RFC 3987
    /// parser, for IRIs without bidi formatting characters (which iri-string
    /// does not check, section 4.1).
    #[test]
    fn agrees_with_iri_string(s in iri()) {
        let ours = IriRef::parse(&s);
        let theirs = iri_string::types::IriReferenceStr::new(&s);
        prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?} {:?}", ours, theirs);
        if let (Ok(o), Ok(t)) = (ours, theirs) {
            prop_assert_eq!(o.scheme(), t.scheme_str());
            prop_assert_eq!(o.authority().map(|a| a.as_str()), t.authority_str());
            prop_assert_eq!(o.path().as_str(), t.path_str());
            prop_assert_eq!(o.query().map(|q| q.as_str()), t.query().map(|q| q.as_str()));
            prop_assert_eq!(o.fragment().map(|f| f.as_str()), t.fragment().map(|f| f.as_str()));
        }
    }
}

/// Single characters at every place, against iri-string: the ucschar and
/// iprivate boundaries and a sample of each plane.
#[test]
fn boundary_characters_agree_with_iri_string() {
    let mut cps: Vec<u32> = vec![
        0x80, 0x9F, 0xA0, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF,
        0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF, 0xE0000, 0xE0FFF, 0xE1000, 0xEFFFD, 0xEFFFE, 0xF0000,
        0xFFFFD, 0xFFFFE, 0x100000, 0x10FFFD, 0x10FFFF,
    ];
    for plane in 1..=16u32 {
        cps.extend([plane << 16, (plane << 16) | 0xFFFD, (plane << 16) | 0xFFFE]);
    }
    for cp in cps {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        for shape in [
            "http://{}/",
            "http://h/{}",
            "http://h/?{}",
            "http://h/#{}",
            "//{}@h",
        ] {
            let s = shape.replace("{}", &c.to_string());
            let ours = IriRef::parse(&s).is_ok();
            let theirs = iri_string::types::IriReferenceStr::new(&s).is_ok();
            assert_eq!(ours, theirs, "U+{cp:04X} in {shape}");
        }
    }
}

/// Our use of the `idna` crate: mixed case, `xn--` in and out, and labels
/// it refuses, each a clear error and never a panic.
#[test]
fn hosts_through_idna() {
    fn host(s: &str) -> UriRef<'_> {
        UriRef::parse_with(s, Dialect::Rfc3987).unwrap()
    }
    let ascii = |s: &str| host(s).host().unwrap().to_ascii().map(|h| h.into_owned());
    let unicode = |s: &str| host(s).host().unwrap().to_unicode().map(|h| h.into_owned());
    assert_eq!(ascii("http://MÜNCHEN.de/").unwrap(), "xn--mnchen-3ya.de");
    assert_eq!(
        ascii("http://xn--MNCHEN-3ya.DE/").unwrap(),
        "xn--mnchen-3ya.de"
    );
    assert_eq!(ascii("http://example.com/").unwrap(), "example.com");
    assert_eq!(ascii("http://[::1]/").unwrap(), "[::1]");
    assert_eq!(
        ascii("http://m%C3%BCnchen.de/").unwrap(),
        "xn--mnchen-3ya.de"
    );
    assert_eq!(unicode("http://xn--mnchen-3ya.DE/").unwrap(), "münchen.de");
    assert_eq!(unicode("http://münchen.de/").unwrap(), "münchen.de");
    for bad in [
        "http://xn--a-ecp.de/",
        "http://xn--/",
        "http://a%2Fb/",
        "http://%FF/",
    ] {
        let e = ascii(bad).unwrap_err();
        assert!(
            matches!(e.code(), "invalid-idna" | "invalid-utf8"),
            "{bad}: {e}"
        );
        assert_eq!(e.offset(), 0);
        assert!(unicode(bad).is_err(), "{bad}");
        // Display never fails: what cannot be shown stays as written.
        assert_eq!(
            host(bad).host().unwrap().to_unicode_display(),
            host(bad).host().unwrap().as_str()
        );
    }
    // The error of a whole IRI points at its host.
    let e = IriRef::parse("http://u@xn--a-ecp.de/")
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    assert_eq!((e.code(), e.offset()), ("invalid-idna", 9));
}

/// The IRI setters keep what section 2.2 allows in each component.
#[test]
fn iri_edits_keep_unicode() {
    let mut iri = urikit::IriRefBuf::parse("http://h/").unwrap();
    iri.set_host(Some("例え.テスト")).unwrap();
    iri.set_query(Some("a=\u{E000} b")).unwrap();
    iri.set_fragment(Some("\u{E000}")).unwrap();
    assert_eq!(iri.as_str(), "http://例え.テスト/?a=\u{E000}%20b#%EE%80%80");
    assert_eq!(iri.dialect(), Dialect::Rfc3987);
    // An RFC 3986 reference edited stays ASCII.
    let mut uri = urikit::UriRefBuf::parse("http://h/").unwrap();
    uri.set_path("/é").unwrap();
    assert_eq!(uri.as_str(), "http://h/%C3%A9");
}

/// A long line of non-ASCII text is read in time linear in its length.
#[test]
fn long_non_ascii_lines_parse_linearly() {
    let unit = "例え/ü?";
    let (small, large) = (unit.repeat(1000), unit.repeat(8000));
    let work =
        |s: &str| urikit::count_work(|| IriRef::parse(&format!("http://h/{s}")).map(|_| ())).0;
    let (a, b) = (work(&small), work(&large));
    assert!(b <= 9 * a, "{a} vs {b}");
}

/// The generator is worth its properties: most of what it makes is an IRI.
#[test]
fn the_generator_makes_mostly_valid_iris() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = iri();
    let valid = (0..400)
        .filter(|_| {
            let s = strategy.new_tree(&mut runner).unwrap().current();
            IriRef::parse(&s).is_ok() && !s.is_ascii()
        })
        .count();
    assert!(valid > 200, "{valid} of 400");
}

/// Issue 44, item 7 (the fault hunt of 2026-11-27): a host that UTS #46
/// maps to nothing (a soft hyphen, a variation selector, a zero-width
/// space, a combining grapheme joiner, a word joiner), or a label it maps
/// to nothing, is `empty-label`, as the URL Standard's domain-to-ASCII
/// refuses an empty result; a label empty as written (`a..b`) is kept.
#[test]
fn idna_never_empties_a_host() {
    use urikit::{ErrorKind, IriRef, Normalizer};
    for c in ['\u{AD}', '\u{FE0F}', '\u{200B}', '\u{34F}', '\u{2060}'] {
        for host in [format!("{c}"), format!("a.{c}.b"), format!("{c}.b")] {
            let text = format!("http://{host}/p");
            let iri = IriRef::parse(&text).unwrap();
            let h = iri.host().unwrap();
            assert_eq!(
                h.to_ascii().unwrap_err().kind(),
                ErrorKind::EmptyLabel,
                "{text:?}"
            );
            assert_eq!(
                h.to_unicode().unwrap_err().kind(),
                ErrorKind::EmptyLabel,
                "{text:?}"
            );
            assert_eq!(
                iri.to_uri_idna().unwrap_err().kind(),
                ErrorKind::EmptyLabel,
                "{text:?}"
            );
            // Normalization leaves a host UTS #46 refuses as it is.
            let n = Normalizer::new().idna_hosts(true);
            assert!(
                !n.equivalent(*iri, *IriRef::parse("http:///p").unwrap()),
                "{text:?}"
            );
        }
    }
    let iri = IriRef::parse("http://a..b/").unwrap();
    assert_eq!(iri.host().unwrap().to_ascii().unwrap(), "a..b");
    let iri = IriRef::parse("http://a.b./").unwrap();
    assert_eq!(iri.host().unwrap().to_ascii().unwrap(), "a.b.");
    let iri = IriRef::parse("http://a\u{3002}b/").unwrap();
    assert_eq!(iri.host().unwrap().to_ascii().unwrap(), "a.b");
}

/// Issue 44, item 8 (the fault hunt of 2026-11-27): a whole-script
/// confusable is shown as Punycode, as Chromium's IDN spoof checker shows
/// it: every letter of the all-Cyrillic `аррӏе` looks Latin (its UTS #39
/// skeleton is `apple`). Names that look like nothing in ASCII are shown in
/// Unicode, and so is a confusable under a top-level label of its script.
#[test]
fn whole_script_confusables_stay_punycode() {
    let shown = |u: &str| {
        UriRef::parse(u)
            .unwrap()
            .host()
            .unwrap()
            .to_unicode_display()
            .into_owned()
    };
    // аррӏе.com and ѕсоре.com (Cyrillic) look like ASCII.
    for puny in ["xn--80ak6aa92e.com", "xn--e1argc3h.com"] {
        assert_eq!(shown(&format!("http://{puny}/")), puny);
    }
    // `ЕВАУ` lowered by UTS #46 is `евау`, whose `в` looks like no Latin
    // letter (as in Chromium): shown.
    assert_eq!(shown("http://xn--80adi2d.com/"), "евау.com");
    // Names in their own script, and Latin with diacritics, are shown.
    assert_eq!(shown("http://xn--bcher-kva.example/"), "bücher.example");
    assert_eq!(shown("http://xn--e1afmkfd.xn--p1ai/"), "пример.рф");
    assert_eq!(
        shown("http://xn--hxajbheg2az3al.xn--jxalpdlp/"),
        "παράδειγμα.δοκιμή"
    );
    // аррӏе under .рф, the Cyrillic top-level label: shown.
    assert_eq!(shown("http://xn--80ak6aa92e.xn--p1ai/"), "аррӏе.рф");
    // And through to-iri (RFC 3987 section 3.2 with the display rule).
    let iri = UriRef::parse("http://xn--80ak6aa92e.com/")
        .unwrap()
        .to_iri()
        .unwrap();
    assert_eq!(iri.as_str(), "http://xn--80ak6aa92e.com/");
}
