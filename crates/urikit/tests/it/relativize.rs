//! Relativization: `resolve(b, relativize(b, t)) == t`, on hand-picked
//! cases, on pairs of URLs from the shared datasets, and on generated ones.

use proptest::prelude::*;
use urikit::{Dialect, ErrorKind, Resolver, UriRef};

/// Checks the round trip (the contract: the answer resolves to the target,
/// whatever it is; a target that nothing reaches is `unreachable-target`)
/// and returns the relative reference, or the error's code.
fn round_trip(res: &Resolver<'_>, target: &str) -> String {
    let t = UriRef::parse_with(target, res.resolves_under()).unwrap();
    match res.relativize(t) {
        Ok(rel) => {
            let back = res.resolve(rel.as_uri_ref()).unwrap();
            assert_eq!(back.as_str(), target, "{} via {rel}", res.base());
            assert!(rel.as_str().len() <= target.len());
            assert_eq!(rel.dialect(), res.resolves_under());
            rel.into_string()
        }
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::UnreachableTarget, "{target}");
            // Not even the target itself reaches the target (or it cannot
            // be resolved at all: a relative path against an opaque base).
            assert!(
                res.resolve(t).map_or(true, |x| x.as_str() != target),
                "{target}"
            );
            e.code().to_owned()
        }
    }
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
        ("http://a/b/../c", "unreachable-target"),
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
        for d in [Dialect::Rfc3986, Dialect::Rfc2396bis, Dialect::Rfc2396, Dialect::Url1996] {
            let (Ok(base), Ok(_)) = (UriRef::parse_with(&b, d), UriRef::parse_with(&t, d)) else {
                continue;
            };
            for strict in [true, false] {
                round_trip(&Resolver::new(base).unwrap().strict(strict), &t);
            }
        }
    }
}

/// Another authority under the same scheme: the network-path reference
/// (RFC 3986 section 4.2), whose components lie where a parse puts them.
#[test]
fn other_authority_is_a_network_path() {
    let res = Resolver::new(UriRef::parse("http://a/b/c").unwrap()).unwrap();
    for (target, want) in [
        ("http://x.example:8/p?q#f", "//x.example:8/p?q#f"),
        ("http://u@x/", "//u@x/"),
        ("http://x", "//x"),
        ("http://[::1]/p", "//[::1]/p"),
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

/// A dot segment in the target's path, which resolution would remove
/// (section 5.2.2), makes a target that nothing reaches: the contract's
/// `unreachable-target`, at the first such segment.
#[test]
fn unreachable_targets_are_errors_at_their_first_dot_segment() {
    let res = Resolver::new(UriRef::parse("http://a/b/c").unwrap()).unwrap();
    for (target, at) in [
        ("http://x/./p", 9),
        ("http://a/../g", 9),
        ("g:a/./b/../c", 4),
        ("http:/.//x/..", 11),
    ] {
        let err = res.relativize(UriRef::parse(target).unwrap()).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (ErrorKind::UnreachableTarget, at),
            "{target}"
        );
    }
    // Under RFC 2396 an absolute reference is taken as it is (section 5.2
    // step 3): the target reaches itself.
    let old = res.dialect(Dialect::Rfc2396);
    assert_eq!(
        old.relativize(UriRef::parse("g:a/./b").unwrap())
            .unwrap()
            .as_str(),
        "g:a/./b"
    );
}

/// The fault hunt's cases of a longer answer than needed: a base whose
/// path has dot segments or `//`, and a target whose path begins with `//`
/// (written `/.//`).
#[test]
fn shortest_when_the_paths_hold_dots_and_double_slashes() {
    for (base, target, want) in [
        ("http:/..//.", "http:/.//%41", "%41"),
        ("HTTP:/.//./x?q", "HTTP:/.//#", ".#"),
        ("http:b/.././%2E", "http:/b#f", "b#f"),
        ("http:a/.././", "http:/b/a/b", "b/a/b"),
    ] {
        let res = Resolver::new(UriRef::parse(base).unwrap()).unwrap();
        assert_eq!(round_trip(&res, target), want, "{base} -> {target}");
    }
}

/// Every reference no longer than `max` whose resolution against `res`
/// could be `target`: the target's scheme and authority or not, its query
/// or not, its fragment, and every path over the characters of the
/// target's path and `.` and `/` (nothing else survives resolution).
fn shortest_by_search(res: &Resolver<'_>, target: &str, max: usize) -> Option<String> {
    let t = UriRef::parse(target).unwrap();
    let fragment = t.fragment().map(|f| format!("#{f}")).unwrap_or_default();
    let mut queries = vec![String::new()];
    queries.extend(t.query().map(|q| format!("?{q}")));
    let scheme = t.scheme().unwrap();
    let mut heads = vec![String::new(), format!("{scheme}:")];
    if let Some(a) = t.authority() {
        heads.push(format!("//{a}"));
        heads.push(format!("{scheme}://{a}"));
    }
    let mut alphabet: Vec<char> = t.path().as_str().chars().chain(['.', '/']).collect();
    alphabet.sort();
    alphabet.dedup();
    let mut paths = vec![String::new()];
    let mut level = vec![String::new()];
    for _ in 0..max {
        level = level
            .iter()
            .flat_map(|p| alphabet.iter().map(move |&c| format!("{p}{c}")))
            .collect();
        paths.extend(level.iter().cloned());
    }
    let mut best: Option<String> = None;
    let mut out = String::new();
    for p in &paths {
        for h in &heads {
            for q in &queries {
                let cand = format!("{h}{p}{q}{fragment}");
                if cand.len() > max || best.as_ref().is_some_and(|b| b.len() <= cand.len()) {
                    continue;
                }
                let Ok(r) = UriRef::parse(&cand) else {
                    continue;
                };
                if res.resolve_into(r, &mut out).is_ok() && out == target {
                    best = Some(cand);
                }
            }
        }
    }
    best
}

fn small_path(segs: Vec<&'static str>, absolute: bool) -> String {
    let mut s = String::new();
    for (i, seg) in segs.iter().enumerate() {
        if i > 0 || absolute {
            s.push('/');
        }
        s.push_str(seg);
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Under RFC 3986, strict or not, no reference shorter than the answer
    /// resolves to the target: every shorter one is tried. (The targets'
    /// paths use few characters so that the search stays small.)
    #[test]
    fn no_shorter_reference_resolves_to_the_target(
        base_auth in any::<bool>(),
        base_abs in any::<bool>(),
        base_segs in prop::collection::vec(prop_oneof![
            Just("a"), Just(""), Just("."), Just(".."), Just("%2E"), Just("a:b")
        ], 0..4),
        base_query in any::<bool>(),
        target_auth in any::<bool>(),
        target_abs in any::<bool>(),
        target_segs in prop::collection::vec(prop_oneof![Just("a"), Just(""), Just("%41")], 0..3),
        target_query in prop::option::of(prop_oneof![Just("q"), Just("y")]),
        target_fragment in any::<bool>(),
        strict in any::<bool>(),
    ) {
        let mut b = String::from("http:");
        if base_auth { b += "//h"; }
        b += &small_path(base_segs, base_abs || base_auth);
        if base_query { b += "?q"; }
        let mut t = String::from("http:");
        if target_auth { t += "//h"; }
        t += &small_path(target_segs, target_abs || target_auth);
        if let Some(q) = target_query { t += "?"; t += q; }
        if target_fragment { t += "#f"; }
        let (Ok(base), Ok(tu)) = (UriRef::parse(&b), UriRef::parse(&t)) else { return Ok(()) };
        let res = Resolver::new(base).unwrap().strict(strict);
        let answer = res.relativize(tu).map(|r| r.into_string());
        let Some(limit) = answer.as_ref().map_or(Some(t.len()), |a| a.len().checked_sub(1)) else {
            return Ok(());
        };
        let shorter = shortest_by_search(&res, &t, limit.min(7));
        prop_assert!(
            shorter.is_none(),
            "{} -> {}: answer {:?}, but {:?} resolves to it", b, t, answer, shorter
        );
    }
}
