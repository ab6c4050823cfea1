//! Resolution: the vectors of testdata/resolve/ (each document's Appendix C
//! and our own cases), the re-parse property, and linear behaviour on long
//! inputs.

use proptest::prelude::*;
use serde_json::Value;
use urikit::{AboveRoot, Dialect, Resolver, UriRef};

use crate::vectors::{check_all, records};

fn resolver<'a>(v: &Value, base: UriRef<'a>) -> Result<Resolver<'a>, String> {
    let dialect =
        Dialect::from_name(v["dialect"].as_str().ok_or("no dialect")?).ok_or("unknown dialect")?;
    let above = match v.get("above_root").and_then(Value::as_str) {
        None | Some("keep") => AboveRoot::Keep,
        Some("discard") => AboveRoot::Discard,
        Some("reject") => AboveRoot::Reject,
        Some(other) => return Err(format!("unknown above_root {other}")),
    };
    let strict = v.get("strict").and_then(Value::as_bool).unwrap_or(true);
    Resolver::new(base)
        .map(|r| r.dialect(dialect).strict(strict).above_root(above))
        .map_err(|e| format!("base: {e}"))
}

fn check(v: &Value) -> Result<(), String> {
    // Base and reference are read by the dialect's own grammar (RFC 1738,
    // which has no relative references, by RFC 3986's).
    let d = Dialect::from_name(v["dialect"].as_str().ok_or("no dialect")?).ok_or("dialect")?;
    let d = if d == Dialect::Rfc1738 {
        Dialect::Rfc3986
    } else {
        d
    };
    let base =
        UriRef::parse_with(v["base"].as_str().ok_or("no base")?, d).map_err(|e| e.to_string())?;
    let r = UriRef::parse_with(v["ref"].as_str().ok_or("no ref")?, d).map_err(|e| e.to_string())?;
    let got = resolver(v, base).and_then(|res| res.resolve(r).map_err(|e| format!("{e}")));
    if let Some(code) = v.get("error") {
        let base_err = Resolver::new(base).err();
        let err = match (base_err, resolver(v, base).map(|res| res.resolve(r))) {
            (Some(e), _) | (None, Ok(Err(e))) => e,
            (None, Ok(Ok(t))) => return Err(format!("resolved to {t}, expected {code}")),
            (None, Err(why)) => return Err(why),
        };
        let offset = v["offset"].as_u64().ok_or("error without offset")? as usize;
        return if err.code() == code && err.offset() == offset {
            Ok(())
        } else {
            Err(format!("got {err}, expected {code} at {offset}"))
        };
    }
    let want = v["result"].as_str().ok_or("no result")?;
    let got = got?;
    if got.as_str() != want {
        return Err(format!("got {got}, expected {want}"));
    }
    Ok(())
}

#[test]
fn resolve_vectors() {
    check_all("resolve", 200, check);
}

/// Every Appendix C row of every document is there (22 normal rows, then
/// the abnormal ones), so a lost line cannot go unnoticed.
#[test]
fn each_table_is_complete() {
    let all = records("resolve");
    for (file, rows) in [
        ("url-1996", 22 + 21),
        ("rfc2396", 22 + 20),
        ("rfc2396bis", 22 + 20),
        ("rfc3986", 22 + 20),
    ] {
        let n = all
            .iter()
            .filter(|(at, v)| {
                at.starts_with(&format!("{file}.jsonl:")) && v.get("strict").is_none()
            })
            .count();
        assert_eq!(n, rows, "{file}");
    }
}

#[test]
fn rfc1738_resolves_nothing() {
    let r = Resolver::new(UriRef::parse("http://a/b").unwrap())
        .unwrap()
        .dialect(Dialect::Rfc1738);
    let err = r.resolve(UriRef::parse("c").unwrap()).unwrap_err();
    assert_eq!(err.code(), "unsupported-dialect");
}

/// Resolution is linear: 100,000 `../` segments and a 1 MB path (issue:
/// "no repeated string replacement"). These finish in milliseconds when the
/// algorithm is linear and would take minutes if it were quadratic.
/// RFC 3986 section 5.2.2: an absolute reference's target is the reference
/// with its dot segments removed. With none to remove, it is the reference
/// as written (the resolver copies it whole), with the same components;
/// with some, they go; and the non-strict reading of `http:g` still
/// merges with the base.
#[test]
fn an_absolute_reference_without_dot_segments_is_its_own_target() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    let r = Resolver::new(base).unwrap();
    let parts = |u: &UriRef<'_>| {
        (
            u.scheme().map(|s| s.to_string()),
            u.authority().map(|a| a.to_string()),
            u.path().to_string(),
            u.query().map(|q| q.to_string()),
            u.fragment().map(|f| f.to_string()),
        )
    };
    for s in [
        "g:h",
        "x:",
        "x:a/b?c#",
        "mailto:a@b.example",
        "http://x",
        "http://u@[::1]:80/p/q.x/.y/..z?x=/./#/../f",
        "urn:a:b/.c",
    ] {
        let parsed = UriRef::parse(s);
        // Lent, as from a loop over parse results.
        let u = parsed.as_ref().unwrap();
        let t = r.resolve(u).unwrap();
        assert_eq!(t.as_str(), s);
        assert_eq!(parts(&t.as_uri_ref()), parts(u), "{s}");
    }
    for (s, want) in [
        ("http://x/a/./b/../c?q#f", "http://x/a/c?q#f"),
        ("g:/..", "g:/"),
        ("x:.", "x:"),
    ] {
        let t = r.resolve(UriRef::parse(s).unwrap()).unwrap();
        assert_eq!(t.as_str(), want);
    }
    let loose = r.strict(false).resolve(UriRef::parse("http:g").unwrap());
    assert_eq!(loose.unwrap().as_str(), "http://a/b/c/g");
}

#[test]
fn long_inputs() {
    let base = UriRef::parse("http://a/b/c/d").unwrap();
    let dots = "../".repeat(100_000) + "g";
    let r = UriRef::parse(&dots).unwrap();
    for d in [
        Dialect::Rfc3986,
        Dialect::Rfc2396bis,
        Dialect::Rfc2396,
        Dialect::Url1996,
    ] {
        let t = Resolver::new(base).unwrap().dialect(d).resolve(r).unwrap();
        match d {
            Dialect::Rfc3986 => assert_eq!(t.as_str(), "http://a/g"),
            _ => assert_eq!(t.path().len(), 1 + 3 * (100_000 - 2) + 1, "{d:?}"),
        }
    }
    let long = "seg/".repeat(256 * 1024);
    let r = UriRef::parse(&long).unwrap();
    for d in [Dialect::Rfc3986, Dialect::Rfc2396, Dialect::Url1996] {
        let t = Resolver::new(base).unwrap().dialect(d).resolve(r).unwrap();
        assert_eq!(t.path().len(), "/b/c/".len() + long.len());
    }
    let up = "a/".repeat(200_000) + &"../".repeat(200_000) + "z";
    let t = UriRef::parse(&up).unwrap().resolve_against(base).unwrap();
    assert_eq!(t.as_str(), "http://a/b/c/z");
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(".".to_owned()),
        Just("..".to_owned()),
        Just("%2E".to_owned()),
        Just("a".to_owned()),
        Just("b:c".to_owned()),
        Just("g;x".to_owned()),
    ]
}

fn path() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment(), 0..6)).prop_map(|(abs, segs)| {
        let p = segs.join("/");
        if abs {
            format!("/{p}")
        } else {
            p
        }
    })
}

prop_compose! {
    fn reference()(
        scheme in prop::option::of(prop_oneof![Just("http"), Just("a")]),
        authority in prop::option::of(prop_oneof![Just(""), Just("h"), Just("u@h:1")]),
        path in path(),
        query in prop::option::of(prop_oneof![Just(""), Just("y"), Just("/./x")]),
        fragment in prop::option::of(prop_oneof![Just(""), Just("s")]),
    ) -> String {
        let mut s = String::new();
        if let Some(x) = scheme { s += x; s += ":"; }
        if let Some(a) = authority { s += "//"; s += a; }
        s += &path;
        if let Some(q) = query { s += "?"; s += q; }
        if let Some(f) = fragment { s += "#"; s += f; }
        s
    }
}

proptest! {
    /// The result of every dialect's algorithm parses, and parsing it gives
    /// back the string (rfc3986-notes.md: never a string that re-parses
    /// differently). With an authority in the base or the reference the
    /// result has one; without, it has none.
    #[test]
    fn results_reparse(b in reference(), r in reference()) {
        for d in [Dialect::Rfc3986, Dialect::Rfc2396bis, Dialect::Rfc2396, Dialect::Url1996] {
            let (Ok(base), Ok(rr)) = (UriRef::parse_with(&b, d), UriRef::parse_with(&r, d)) else {
                continue;
            };
            if !base.has_scheme() {
                continue;
            }
            for strict in [true, false] {
                let res = Resolver::new(base).unwrap().strict(strict);
                let t = match res.resolve(rr) {
                    Ok(t) => t,
                    // RFC 2396 section 5: no relative path against an
                    // opaque base.
                    Err(e) if e.kind() == urikit::ErrorKind::OpaqueBase => {
                        prop_assert_ne!(d, Dialect::Rfc3986);
                        let path = base.path().as_str();
                        let empty_ok = d == Dialect::Rfc2396 || !path.is_empty();
                        prop_assert!(base.authority().is_none() && empty_ok && !path.starts_with('/'));
                        continue;
                    }
                    Err(e) => panic!("{e}"),
                };
                // The target is a reference of the dialect, and reads back so.
                prop_assert_eq!(t.dialect(), d);
                let again = UriRef::parse_with(t.as_str(), d).unwrap();
                prop_assert_eq!(again.as_str(), t.as_str());
                prop_assert!(again.has_scheme());
                let want_auth = if rr.has_scheme() && (strict || rr.scheme() != base.scheme()) {
                    rr.authority().is_some()
                } else {
                    rr.authority().is_some() || base.authority().is_some()
                };
                prop_assert_eq!(again.authority().is_some(), want_auth, "{:?} {}", d, t);
                prop_assert_eq!(again.fragment().map(|f| f.as_str()), rr.fragment().map(|f| f.as_str()));
            }
        }
    }
}

/// RFC 3986 section 5.2.4's `remove_dot_segments`, transcribed step by
/// step: an input buffer rewritten from the front, rules A to E.
fn remove_dot_segments_by_the_text(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    while !input.is_empty() {
        if let Some(r) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = r.to_owned(); // A
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/"); // B
        } else if input == "/." {
            input = "/".to_owned(); // B
        } else if input.starts_with("/../") || input == "/.." {
            // C
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            input.clear(); // D
        } else {
            // E: the first segment, with its leading "/" if any.
            let end = input[1..].find('/').map_or(input.len(), |k| k + 1);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    output
}

/// RFC 3986 sections 5.2.1 to 5.3, transcribed: the five components of the
/// base and the reference, the transform of 5.2.2 (strict), the merge of
/// 5.2.3 and the recomposition of 5.3.
fn resolve_by_the_text(base: UriRef<'_>, r: UriRef<'_>) -> String {
    let parts = |u: UriRef<'_>| {
        (
            u.scheme().map(str::to_owned),
            u.authority().map(|a| a.as_str().to_owned()),
            u.path().as_str().to_owned(),
            u.query().map(|q| q.as_str().to_owned()),
            u.fragment().map(|f| f.as_str().to_owned()),
        )
    };
    let (b_scheme, b_auth, b_path, b_query, _) = parts(base);
    let (r_scheme, r_auth, r_path, r_query, r_frag) = parts(r);
    let (scheme, auth, path, query);
    if r_scheme.is_some() {
        (scheme, auth, path, query) = (
            r_scheme,
            r_auth,
            remove_dot_segments_by_the_text(&r_path),
            r_query,
        );
    } else if r_auth.is_some() {
        (scheme, auth, path, query) = (
            b_scheme,
            r_auth,
            remove_dot_segments_by_the_text(&r_path),
            r_query,
        );
    } else if r_path.is_empty() {
        (scheme, auth, path) = (b_scheme, b_auth, b_path);
        query = r_query.or(b_query);
    } else if r_path.starts_with('/') {
        (scheme, auth, path, query) = (
            b_scheme,
            b_auth,
            remove_dot_segments_by_the_text(&r_path),
            r_query,
        );
    } else {
        // 5.2.3: merge.
        let merged = if b_auth.is_some() && b_path.is_empty() {
            format!("/{r_path}")
        } else {
            let dir = b_path.rfind('/').map_or("", |k| &b_path[..=k]);
            format!("{dir}{r_path}")
        };
        (scheme, auth, path, query) = (
            b_scheme,
            b_auth,
            remove_dot_segments_by_the_text(&merged),
            r_query,
        );
    }
    let mut t = String::new();
    if let Some(s) = scheme {
        t += &s;
        t += ":";
    }
    if let Some(a) = &auth {
        t += "//";
        t += a;
    }
    // Without an authority a path beginning with "//" would read back as
    // one: urikit writes "/." in front (Resolver::resolve's documentation).
    if auth.is_none() && path.starts_with("//") {
        t += "/.";
    }
    t += &path;
    if let Some(q) = query {
        t += "?";
        t += &q;
    }
    if let Some(f) = r_frag {
        t += "#";
        t += &f;
    }
    t
}

#[test]
fn the_transcription_gives_section_5_4() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    for (r, want) in [
        ("g", "http://a/b/c/g"),
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("", "http://a/b/c/d;p?q"),
        ("..", "http://a/b/"),
        ("./g/.", "http://a/b/c/g/"),
    ] {
        assert_eq!(
            resolve_by_the_text(base, UriRef::parse(r).unwrap()),
            want,
            "{r}"
        );
    }
}

proptest! {
    /// RFC 3986 resolution gives what section 5.2, followed to the letter,
    /// gives, with the base's directory found once (`Resolver::new`) or per
    /// reference (`resolve_against`).
    #[test]
    fn rfc3986_resolution_follows_the_text(b in reference(), r in reference(), dir in path()) {
        let (Ok(base), Ok(rr)) = (UriRef::parse(&b), UriRef::parse(&r)) else {
            return Ok(());
        };
        if !base.has_scheme() {
            return Ok(());
        }
        let want = resolve_by_the_text(base, rr);
        prop_assert_eq!(Resolver::new(base).unwrap().resolve(rr).unwrap().into_string(), want.as_str());
        prop_assert_eq!(rr.resolve_against(base).unwrap().into_string(), want.as_str());
        // A base whose directory holds dot segments too.
        let b2 = format!("http://h{}{dir}/x", if dir.starts_with('/') { "" } else { "/" });
        if let Ok(base2) = UriRef::parse(&b2) {
            let want = resolve_by_the_text(base2, rr);
            prop_assert_eq!(Resolver::new(base2).unwrap().resolve(rr).unwrap().into_string(), want);
        }
    }
}

/// Resolution allocates nothing beyond its output string: into a buffer
/// with room, nothing at all (issue: "no allocation beyond the one output
/// string"); normalization likewise.
#[test]
fn resolve_and_normalize_into_a_buffer_do_not_allocate() {
    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    let refs: Vec<UriRef<'_>> = ["../g", "g?y/./x", "//h/./p", "?y", "#s", "a/b/../../../c"]
        .iter()
        .map(|r| UriRef::parse(r).unwrap())
        .collect();
    let mut out = String::with_capacity(256);
    for d in [
        Dialect::Rfc3986,
        Dialect::Rfc2396bis,
        Dialect::Rfc2396,
        Dialect::Url1996,
    ] {
        let res = Resolver::new(base).unwrap().dialect(d);
        let (n, ()) = crate::alloc_count::allocations(|| {
            for r in &refs {
                res.resolve_into(*r, &mut out).unwrap();
            }
        });
        assert_eq!(n, 0, "{d:?}");
    }
    let n = urikit::Normalizer::new();
    let u = UriRef::parse("HTTP://Example.COM:80/a/./b/../%7euser?%7e#%7e").unwrap();
    let (count, ()) = crate::alloc_count::allocations(|| n.normalize_into(u, &mut out));
    assert_eq!(count, 0);
    assert_eq!(out, "http://example.com/a/~user?~#~");
}
