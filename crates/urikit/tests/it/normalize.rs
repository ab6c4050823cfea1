//! Normalization and equivalence: the vectors of testdata/normalize/ and
//! testdata/equivalent/, and the properties of RFC 3986 section 6.

use proptest::prelude::*;
use serde_json::Value;
use urikit::{Normalized, Normalizer, UriRef};

use crate::recompose::components;
use crate::vectors::records;

fn normalizer(v: &Value) -> Normalizer {
    let mut n = Normalizer::new();
    for opt in v
        .get("options")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match opt.as_str() {
            Some("ipv6_rfc5952") => n = n.ipv6_rfc5952(true),
            other => panic!("unknown option {other:?}"),
        }
    }
    n
}

#[test]
fn normalize_vectors() {
    let all = records("normalize");
    assert!(all.len() > 40, "only {} vectors", all.len());
    let mut failures = Vec::new();
    for (at, v) in &all {
        let input = v["input"].as_str().unwrap();
        let want = v["result"].as_str().unwrap();
        let n = normalizer(v);
        let u = UriRef::parse(input).unwrap();
        let got = n.normalize(u);
        if got.as_str() != want {
            failures.push(format!("{at}: {input:?}: got {got}, expected {want}"));
        }
        if n.is_normalized(u) != (input == want) {
            failures.push(format!("{at}: is_normalized({input:?}) is wrong"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn equivalent_vectors() {
    let all = records("equivalent");
    assert!(all.len() >= 10);
    for (at, v) in &all {
        let a = UriRef::parse(v["a"].as_str().unwrap()).unwrap();
        let b = UriRef::parse(v["b"].as_str().unwrap()).unwrap();
        let want = v["equivalent"].as_bool().unwrap();
        assert_eq!(a.equivalent(b), want, "{at}");
        assert_eq!(b.equivalent(a), want, "{at} (swapped)");
        assert_eq!(Normalized(a) == Normalized(b), want, "{at}");
    }
}

/// Comparing references that are already normal allocates nothing.
#[test]
fn equivalence_of_normal_references_does_not_allocate() {
    let a = UriRef::parse("http://example.com/a/b?c#d").unwrap();
    let b = UriRef::parse("http://example.com/a/b?c#e").unwrap();
    let n = Normalizer::new();
    let (allocs, eq) = crate::alloc_count::allocations(|| n.equivalent(a, b));
    assert!(!eq);
    assert_eq!(allocs, 0);
}

fn piece() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just(""),
        Just("a"),
        Just("B"),
        Just("."),
        Just(".."),
        Just("%2E"),
        Just("%2e"),
        Just("%7e"),
        Just("%7E"),
        Just("%2F"),
        Just("%c3%A9"),
        Just("x:y"),
        Just("/"),
        Just("//"),
    ]
}

prop_compose! {
    fn reference()(
        scheme in prop::option::of(prop_oneof![Just("http"), Just("HTTP"), Just("a"), Just("foo")]),
        authority in prop::option::of(prop_oneof![
            Just(""), Just("H"), Just("u@h:80"), Just("U%7e@%41b:"), Just("[::A]:0443"), Just("h:8080"),
            // A reg-name that decodes to an IPv4 address, then a port.
            Just("1.2%2E3.4:5"),
        ]),
        path in prop::collection::vec(piece(), 0..7),
        query in prop::option::of(prop_oneof![Just(""), Just("%7e"), Just("/./")]),
        fragment in prop::option::of(prop_oneof![Just(""), Just("F%2f")]),
    ) -> String {
        let mut s = String::new();
        if let Some(x) = scheme { s += x; s += ":"; }
        if let Some(a) = authority { s += "//"; s += a; }
        s += &path.concat();
        if let Some(q) = query { s += "?"; s += q; }
        if let Some(f) = fragment { s += "#"; s += f; }
        s
    }
}

fn all_option_sets() -> Vec<Normalizer> {
    (0..128u32)
        .map(|m| {
            Normalizer::new()
                .lowercase(m & 1 != 0)
                .uppercase_hex(m & 2 != 0)
                .decode_unreserved(m & 4 != 0)
                .remove_dot_segments(m & 8 != 0)
                .remove_default_port(m & 16 != 0)
                .slash_empty_path(m & 32 != 0)
                .ipv6_rfc5952(m & 64 != 0)
        })
        .collect()
}

proptest! {
    /// For every combination of steps: the result parses, normalizing it
    /// again changes nothing (idempotence), `is_normalized` says exactly
    /// whether normalization changes the input, and the result has the
    /// same kind of components (RFC 3986 section 6.2.2: normalization must
    /// not change what the reference identifies).
    #[test]
    fn normalization_properties(s in reference()) {
        let Ok(u) = UriRef::parse(&s) else { return Ok(()) };
        for n in all_option_sets() {
            let once = n.normalize(u);
            // normalize() falls back to the input if its output did not
            // parse: make sure that never happens.
            let mut raw = String::new();
            n.normalize_into(u, &mut raw);
            prop_assert_eq!(raw.as_str(), once.as_str());
            let again = UriRef::parse(once.as_str()).unwrap();
            let twice = n.normalize(again);
            prop_assert_eq!(twice.as_str(), once.as_str(), "idempotent");
            // normalize() returns a normal input as it is, so the writer,
            // which always runs every step, is the judge of is_normalized.
            prop_assert_eq!(n.is_normalized(u), raw.as_str() == s, "is_normalized {:?}", n);
            prop_assert!(n.is_normalized(again));
            let mut raw_again = String::new();
            n.normalize_into(again, &mut raw_again);
            prop_assert_eq!(raw_again.as_str(), once.as_str(), "idempotent when written");
            // The owned result's offsets are computed as it is written.
            prop_assert_eq!(components(&once.as_uri_ref()), components(&again));
            prop_assert_eq!(again.has_scheme(), u.has_scheme());
            prop_assert_eq!(again.authority().is_some(), u.authority().is_some());
            prop_assert_eq!(again.query().is_some(), u.query().is_some());
            prop_assert_eq!(again.fragment().is_some(), u.fragment().is_some());
            prop_assert_eq!(again.userinfo().map(|x| x.decode()), u.userinfo().map(|x| x.decode()));
            prop_assert_eq!(again.fragment().map(|x| x.decode()), u.fragment().map(|x| x.decode()));
        }
    }

    /// Normalization keeps meaning for relative references too: resolving
    /// the normal form against a base gives a target equivalent to the
    /// target of the original.
    ///
    /// Except where a segment is a dot-segment only once decoded (`%2E`):
    /// RFC 3986 section 2.3 makes `%2E` equivalent to `.`, which
    /// normalization follows, but section 5.2.4 removes only literal dot
    /// segments, so resolution treats `%2E` as a name. The two sections
    /// disagree there; `encoded_dot_segments_are_where_the_sections_disagree`
    /// pins both answers.
    #[test]
    fn normalizing_a_reference_keeps_its_target(s in reference(), base in prop_oneof![Just("http://h/x/y"), Just("a:/x/y/"), Just("foo://h")]) {
        let Ok(u) = UriRef::parse(&s) else { return Ok(()) };
        if has_encoded_dot_segment(u) {
            return Ok(());
        }
        let base = UriRef::parse(base).unwrap();
        let n = u.normalize();
        let t1 = u.resolve_against(base).unwrap();
        let t2 = n.as_uri_ref().resolve_against(base).unwrap();
        prop_assert!(t1.as_uri_ref().equivalent(t2.as_uri_ref()), "{} vs {} via {}", t1, t2, n);
    }
}

/// Whether a path segment decodes to `.` or `..` without being written so.
fn has_encoded_dot_segment(u: UriRef<'_>) -> bool {
    u.path()
        .split('/')
        .any(|seg| seg.has_escapes() && matches!(&seg.decode()[..], b"." | b".."))
}

#[test]
fn encoded_dot_segments_are_where_the_sections_disagree() {
    let base = UriRef::parse("http://h/x/y").unwrap();
    let r = UriRef::parse("%2E/..").unwrap();
    // RFC 3986 5.2.4: "%2E" is an ordinary segment, which ".." removes.
    assert_eq!(r.resolve_against(base).unwrap().as_str(), "http://h/x/");
    // RFC 3986 2.3 and 6.2.2.2: "%2E" is ".", so "%2E/.." is "./..".
    assert_eq!(r.normalize().as_str(), "..");
    assert!(has_encoded_dot_segment(r));
    assert!(!has_encoded_dot_segment(UriRef::parse("a%2E/.").unwrap()));
}

/// RFC 3986 section 6.2.2.1: scheme and host are case-insensitive and
/// normalize to lower case, while percent-encoded octets keep theirs unless
/// hexadecimal normalization is on, and the userinfo keeps its case. The
/// shortcut for references whose only change is case must agree.
#[test]
fn case_only_changes_lower_scheme_and_host_but_nothing_else() {
    let n = Normalizer::new();
    for (input, want) in [
        (
            "HTTP://WWW.EXAMPLE.COM/A?B#C",
            "http://www.example.com/A?B#C",
        ),
        ("HtTpS://Example.Com", "https://example.com/"),
        ("HTTP://User@HOST/", "http://User@host/"),
        ("HTTP://h/", "http://h/"),
        ("http://H/", "http://h/"),
        ("HTTP://[V1.AB]/", "http://[v1.ab]/"),
        ("X:/A", "x:/A"),
        ("http://User@host/", "http://User@host/"),
        ("HTTP://USER@host:8080/P/", "http://USER@host:8080/P/"),
        ("http://USER@HOST:8080", "http://USER@host:8080/"),
        ("HTTP://[FE80::A]/", "http://[fe80::a]/"),
        ("Mailto:A@B", "mailto:A@B"),
    ] {
        let u = UriRef::parse(input).unwrap();
        let got = n.normalize(u);
        assert_eq!(got.as_str(), want, "{input}");
        assert_eq!(n.is_normalized(u), input == want, "{input}");
        let mut into = String::from("left over");
        n.normalize_into(u, &mut into);
        assert_eq!(into, want, "{input}");
        // With lower-casing off, only the other steps apply.
        let kept = Normalizer::new().lowercase(false).normalize(u);
        assert_eq!(
            kept.as_str().to_ascii_lowercase(),
            want.to_ascii_lowercase(),
            "{input}"
        );
        assert_eq!(
            &kept.as_str()[..u.scheme().unwrap().len()],
            u.scheme().unwrap()
        );
        let again = UriRef::parse(got.as_str()).unwrap();
        assert_eq!(
            format!("{:?}", got.as_uri_ref()),
            format!("{again:?}"),
            "{input}"
        );
    }
    // Escapes in a host: only the hexadecimal step may change their case.
    let keep = Normalizer::new()
        .uppercase_hex(false)
        .decode_unreserved(false);
    let got = keep.normalize(UriRef::parse("HTTP://%7E/").unwrap());
    assert_eq!(got.as_str(), "http://%7E/");
    let got = keep.normalize(UriRef::parse("HTTP://%7e/").unwrap());
    assert_eq!(got.as_str(), "http://%7e/");
}

/// Issue 44, item 6 (the fault hunt of 2026-11-27): `is_normalized` ignored
/// the steps beyond ASCII. With `nfc`, `e` and a combining acute accent
/// become `é` (RFC 3987 section 5.3.2.2); with `idna_hosts`, a fullwidth
/// host maps to ASCII (UTS #46, RFC 3987 section 5.3.3): neither input is
/// normal.
#[test]
fn is_normalized_sees_the_unicode_steps() {
    use urikit::Dialect;
    let nfc = Normalizer::new().nfc(true);
    let u = UriRef::parse_with("http://h/e\u{301}", Dialect::Rfc3987).unwrap();
    assert_eq!(nfc.normalize(u).as_str(), "http://h/\u{e9}");
    assert!(!nfc.is_normalized(u));
    let idna = Normalizer::new().idna_hosts(true);
    let u = UriRef::parse_with(
        "http://\u{ff25}\u{ff38}\u{ff21}\u{ff2d}\u{ff30}\u{ff2c}\u{ff25}.com/",
        Dialect::Rfc3987,
    )
    .unwrap();
    assert_eq!(idna.normalize(u).as_str(), "http://example.com/");
    assert!(!idna.is_normalized(u));
    let n = idna.normalize(u);
    assert!(idna.is_normalized(n.as_uri_ref()));
}

/// The Unicode pieces the property below builds IRIs from: composed and
/// decomposed letters, fullwidth and mixed-case hosts, `xn--` labels, and
/// characters UTS #46 maps or removes.
fn iri() -> impl Strategy<Value = String> {
    let host = prop::sample::select(vec![
        "example.com",
        "EXAMPLE.com",
        "\u{ff25}\u{ff38}.com",
        "b\u{fc}cher.de",
        "bu\u{308}cher.de",
        "xn--bcher-kva.de",
        "xn--80ak6aa92e.com",
        "faß.de",
        "\u{3b1}\u{3b2}.gr",
        "a\u{ad}b.org",
        "[::1]",
        "127.0.0.1",
        "h",
    ]);
    let seg = prop::sample::select(vec![
        "",
        "a",
        "e\u{301}",
        "\u{e9}",
        "%C3%A9",
        "%7e",
        "A",
        "\u{fb01}",
        "..",
        ".",
        "x%2Fy",
        "\u{1e0a}\u{323}",
    ]);
    let scheme = prop::sample::select(vec!["http", "HTTPS", "ftp", "foo", "mailto"]);
    (
        scheme,
        host,
        prop::collection::vec(seg, 0..4),
        any::<bool>(),
    )
        .prop_map(|(s, h, segs, q)| {
            let mut out = format!("{s}://{h}/{}", segs.join("/"));
            if q {
                out.push_str("?q=e\u{301}");
            }
            out
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// With the steps beyond ASCII on, alone or together: `is_normalized`
    /// is true exactly where `normalize` gives the input back, and
    /// normalization is idempotent.
    #[test]
    fn unicode_steps_agree_with_is_normalized(s in iri(), steps in 1u8..4) {
        use urikit::Dialect;
        let n = Normalizer::new().nfc(steps & 1 != 0).idna_hosts(steps & 2 != 0);
        for d in [Dialect::Rfc3987, Dialect::Rfc3986] {
            let Ok(u) = UriRef::parse_with(&s, d) else { continue };
            let once = n.normalize(u);
            prop_assert_eq!(n.is_normalized(u), once.as_str() == s, "{:?} {}", d, s);
            let twice = n.normalize(once.as_uri_ref());
            prop_assert_eq!(twice.as_str(), once.as_str(), "idempotent: {}", s);
            prop_assert!(n.is_normalized(once.as_uri_ref()), "{}", once);
        }
    }
}
