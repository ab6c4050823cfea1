//! Relativization: `resolve(b, relativize(b, t)) == t`, on hand-picked
//! cases, on pairs of URLs from the shared datasets, and on generated ones.

use proptest::prelude::*;
use urikit::{Dialect, Resolver, UriRef};

/// Checks the round trip and returns the relative reference.
fn round_trip(res: &Resolver<'_>, target: &str) -> String {
    let t = UriRef::parse(target).unwrap();
    let rel = res.relativize(t).unwrap();
    let back = res.resolve(rel.as_uri_ref()).unwrap();
    // Every shorter answer resolves to the target; the target itself comes
    // back when nothing does, and then resolves to itself unless nothing at
    // all can (a path with dot segments, or a same-scheme target read
    // non-strictly).
    if rel.as_str() != target || res.resolve(t).unwrap().as_str() == target {
        assert_eq!(back.as_str(), target, "{} via {rel}", res.base());
    }
    assert!(rel.as_str().len() <= target.len());
    rel.into_string()
}

#[test]
fn hand_picked() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    let r = Resolver::new(base).unwrap();
    for (target, want) in [
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q#", "#"),
        ("http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/d;p?", "?"),
        ("http://a/b/c/g?y#s", "g?y#s"),
        ("http://a/", "/"),
        ("http://a/b/", ".."),
        ("http://a/g", "/g"),
        ("http://a", "//a"),
        ("http://a/b/c/d:e", "./d:e"),
        ("http://a/b/c//x", ".//x"),
        ("http://a//x", "/.//x"),
        ("http://g", "//g"),
        ("http:g", "http:g"),
        ("ftp://a/b/c/d;p?q", "ftp://a/b/c/d;p?q"),
        ("http://a/b/../c", "http://a/b/../c"),
    ] {
        assert_eq!(round_trip(&r, target), want, "{target}");
    }
    // Bases without an authority.
    for (base, target, want) in [
        ("mailto:x", "mailto:y", "y"),
        ("mailto:x", "mailto:x?subject=a", "?subject=a"),
        ("urn:a:b", "urn:a:c", "./a:c"),
        ("a:b/c", "a:b/d", "d"),
        ("a:/b/c", "a:/d", "/d"),
    ] {
        let r = Resolver::new(UriRef::parse(base).unwrap()).unwrap();
        assert_eq!(round_trip(&r, target), want, "{base} -> {target}");
    }
}

#[test]
fn every_dialect_round_trips() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    for d in [Dialect::Rfc2396bis, Dialect::Rfc2396, Dialect::Url1996] {
        let r = Resolver::new(base).unwrap().dialect(d);
        for t in [
            "http://a/b/c/g",
            "http://a/x?y",
            "http://a/b/c/d;p?z#f",
            "http://a/b/c/d;p?q",
        ] {
            round_trip(&r, t);
        }
    }
    let r = Resolver::new(base).unwrap().dialect(Dialect::Rfc1738);
    let err = r
        .relativize(UriRef::parse("http://a/").unwrap())
        .unwrap_err();
    assert_eq!(err.code(), "unsupported-dialect");
}

/// Pairs of neighbouring lines of each shared dataset (when the datasets
/// are there: they live outside the repository).
#[test]
fn dataset_pairs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: {} not found", dir.display());
        return;
    };
    let mut pairs = 0;
    for e in entries {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let urls: Vec<&str> = text
            .lines()
            .filter(|l| UriRef::parse_absolute(l).is_ok())
            .take(3000)
            .collect();
        for w in urls.windows(2) {
            let r = Resolver::new(UriRef::parse(w[0]).unwrap()).unwrap();
            round_trip(&r, w[1]);
            round_trip(&r, w[0]);
            pairs += 1;
        }
    }
    assert!(pairs > 1000, "only {pairs} pairs");
}

fn segment() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just(""),
        Just("a"),
        Just("b"),
        Just("a:b"),
        Just("."),
        Just(".."),
        Just("%2E")
    ]
}

prop_compose! {
    fn uri()(
        scheme in prop_oneof![Just("http"), Just("a")],
        authority in prop::option::of(prop_oneof![Just(""), Just("h"), Just("g")]),
        abs in any::<bool>(),
        segs in prop::collection::vec(segment(), 0..5),
        query in prop::option::of(prop_oneof![Just(""), Just("q"), Just("y")]),
        fragment in prop::option::of(prop_oneof![Just(""), Just("s")]),
    ) -> String {
        let mut s = format!("{scheme}:");
        if let Some(a) = authority { s += "//"; s += a; }
        if abs || authority.is_some() { s += "/"; }
        s += &segs.join("/");
        if let Some(q) = query { s += "?"; s += q; }
        if let Some(f) = fragment { s += "#"; s += f; }
        s
    }
}

proptest! {
    #[test]
    fn resolve_inverts_relativize(b in uri(), t in uri()) {
        let (Ok(base), Ok(_)) = (UriRef::parse(&b), UriRef::parse(&t)) else { return Ok(()) };
        for d in [Dialect::Rfc3986, Dialect::Rfc2396bis, Dialect::Rfc2396, Dialect::Url1996] {
            for strict in [true, false] {
                round_trip(&Resolver::new(base).unwrap().dialect(d).strict(strict), &t);
            }
        }
    }
}

/// Another authority under the same scheme: the network-path reference
/// (RFC 3986 section 4.2), whose components lie where a parse puts them;
/// a dot segment in the target's path, which resolution would remove,
/// leaves the target as it is (section 5.2.2).
#[test]
fn other_authority_is_a_network_path() {
    let res = Resolver::new(UriRef::parse("http://a/b/c").unwrap()).unwrap();
    for (target, want) in [
        ("http://x.example:8/p?q#f", "//x.example:8/p?q#f"),
        ("http://u@x/", "//u@x/"),
        ("http://x", "//x"),
        ("http://[::1]/p", "//[::1]/p"),
        ("http://x/./p", "http://x/./p"),
        ("https://x/p", "https://x/p"),
        ("HTTP://x/p", "HTTP://x/p"),
    ] {
        let got = res.relativize(UriRef::parse(target).unwrap()).unwrap();
        assert_eq!(got.as_str(), want, "{target}");
        let reparsed = UriRef::parse(got.as_str()).unwrap();
        assert_eq!(
            format!("{:?}", got.as_uri_ref()),
            format!("{reparsed:?}"),
            "{target}"
        );
        assert_eq!(round_trip(&res, target), want, "{target}");
    }
}
