//! Building and editing (RFC 3986 sections 3 and 4.2): builder round trips
//! for every combination of components, each structural error, in-place
//! edits, and random edit sequences that must always leave a reference
//! whose parse gives the same components.

use proptest::prelude::*;
use urikit::{ErrorKind, QueryParams, UriRef, UriRefBuf, UriRefBuilder};

use crate::vectors::components;

/// The components of an edited reference (offsets computed by the edit)
/// must equal those of a fresh parse of its text.
fn assert_consistent(u: &UriRefBuf) {
    let fresh = UriRef::parse(u.as_str()).expect("an edited reference parses");
    assert_eq!(
        components(&u.as_uri_ref()),
        components(&fresh),
        "{}",
        u.as_str()
    );
}

/// The structural rule RFC 3986 states for each combination, written from
/// the text of sections 3 (authority and path) and 4.2 (first segment).
fn expected_error(
    scheme: bool,
    host: bool,
    userinfo_or_port: bool,
    path: &str,
) -> Option<ErrorKind> {
    if userinfo_or_port && !host {
        return Some(ErrorKind::HostRequired);
    }
    if host && !path.is_empty() && !path.starts_with('/') {
        return Some(ErrorKind::RelativePathWithAuthority);
    }
    if !host && path.starts_with("//") {
        return Some(ErrorKind::AmbiguousPath);
    }
    if !host && !scheme && path.split('/').next().unwrap().contains(':') {
        return Some(ErrorKind::ColonInFirstSegment);
    }
    None
}

#[test]
fn builder_round_trips_every_combination() {
    let paths = ["", "/p/q", "p", "//p", "a:b/c", "/a:b"];
    let mut built = 0;
    for mask in 0u8..64 {
        for path in paths {
            let on = |bit: u8| mask & (1 << bit) != 0;
            let mut b = UriRefBuilder::new().path_encoded(path);
            if on(0) {
                b = b.scheme("s");
            }
            if on(1) {
                b = b.userinfo("u:p");
            }
            if on(2) {
                b = b.host("h.example");
            }
            if on(3) {
                b = b.port(8080);
            }
            if on(4) {
                b = b.query("q=1");
            }
            if on(5) {
                b = b.fragment("f");
            }
            let want = expected_error(on(0), on(2), on(1) || on(3), path);
            match (b.build(), want) {
                (Ok(u), None) => {
                    assert_consistent(&u);
                    let v = u.as_uri_ref();
                    assert_eq!(v.scheme(), on(0).then_some("s"));
                    assert_eq!(v.userinfo().map(|x| x.as_str()), on(1).then_some("u:p"));
                    assert_eq!(v.host().map(|h| h.as_str()), on(2).then_some("h.example"));
                    assert_eq!(v.port(), on(3).then_some("8080"));
                    assert_eq!(v.path().as_str(), path);
                    assert_eq!(v.query().map(|x| x.as_str()), on(4).then_some("q=1"));
                    assert_eq!(v.fragment().map(|x| x.as_str()), on(5).then_some("f"));
                    built += 1;
                }
                (Err(e), Some(kind)) => assert_eq!(e.kind(), kind, "mask {mask:b} path {path}"),
                (got, want) => panic!("mask {mask:b} path {path}: got {got:?}, expected {want:?}"),
            }
        }
    }
    assert!(built > 100, "only {built} combinations built");
}

#[test]
fn structural_errors_have_their_kind() {
    let cases: [(UriRefBuilder, ErrorKind); 7] = [
        (UriRefBuilder::new().port(1), ErrorKind::HostRequired),
        (UriRefBuilder::new().userinfo("u"), ErrorKind::HostRequired),
        (
            UriRefBuilder::new().host("h").path("x"),
            ErrorKind::RelativePathWithAuthority,
        ),
        (
            UriRefBuilder::new().scheme("s").path("//x"),
            ErrorKind::AmbiguousPath,
        ),
        (
            UriRefBuilder::new().path("a:b"),
            ErrorKind::ColonInFirstSegment,
        ),
        (
            UriRefBuilder::new().scheme("").path("x"),
            ErrorKind::InvalidScheme,
        ),
        (
            UriRefBuilder::new().host("h").port_str("-1"),
            ErrorKind::InvalidPort,
        ),
    ];
    for (b, kind) in cases {
        assert_eq!(b.build().unwrap_err().kind(), kind, "{b:?}");
    }
}

#[test]
fn setters_encode_and_encoded_setters_check() {
    let u = UriRefBuilder::new()
        .scheme("http")
        .userinfo("a b@c")
        .host("Ex ample")
        .path("/ü/?#")
        .query("x=#")
        .fragment("#")
        .build()
        .unwrap();
    assert_eq!(
        u.as_str(),
        "http://a%20b%40c@Ex%20ample/%C3%BC/%3F%23?x=%23#%23"
    );
    let e = UriRefBuilder::new()
        .path_encoded("/a b")
        .build()
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidChar, 2));
    let e = UriRefBuilder::new()
        .host_encoded("[::1")
        .build()
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidIpv6);
    let e = UriRefBuilder::new()
        .host("1:2:3:4:5:6:7:8:9")
        .build()
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidIpv6);
}

#[test]
fn editing_an_ipv6_host_an_empty_port_and_the_query() {
    let mut u = UriRefBuf::parse("http://h:80/a%2Fb/c?").unwrap();
    u.set_host(Some("2001:db8::1")).unwrap();
    assert_eq!(u.as_str(), "http://[2001:db8::1]:80/a%2Fb/c?");
    u.set_port_str(Some("")).unwrap();
    assert_eq!(u.port(), Some(""));
    assert_eq!(u.as_str(), "http://[2001:db8::1]:/a%2Fb/c?");
    // An empty query is not an absent one (section 3.4).
    assert_eq!(u.query().map(|q| q.as_str()), Some(""));
    u.set_query(None).unwrap();
    assert_eq!(u.as_str(), "http://[2001:db8::1]:/a%2Fb/c");
    // The encoded slash stays one segment.
    assert_eq!(u.segments(), ["a%2Fb", "c"]);
    u.push_segment("d/e").unwrap();
    assert_eq!(u.as_str(), "http://[2001:db8::1]:/a%2Fb/c/d%2Fe");
    let mut segs = u.segments();
    assert_eq!(segs.remove(0), "a%2Fb");
    u.set_segments(&segs).unwrap();
    assert_eq!(u.as_str(), "http://[2001:db8::1]:/c/d%2Fe");
    assert_eq!(u.pop_segment().unwrap().as_deref(), Some("d%2Fe"));
    assert_eq!(u.as_str(), "http://[2001:db8::1]:/c");
    assert_consistent(&u);
}

#[test]
fn a_failed_edit_leaves_the_reference_as_it_was() {
    let mut u = UriRefBuf::parse("a:b:c").unwrap();
    // Without its scheme, `b:c` would read as scheme `b` (section 4.2).
    assert_eq!(
        u.set_scheme(None).unwrap_err().kind(),
        ErrorKind::ColonInFirstSegment
    );
    assert_eq!(
        u.set_path_encoded("//x").unwrap_err().kind(),
        ErrorKind::AmbiguousPath
    );
    assert_eq!(
        u.set_port(Some(1)).unwrap_err().kind(),
        ErrorKind::HostRequired
    );
    assert_eq!(u.as_str(), "a:b:c");
    assert_consistent(&u);
}

#[test]
fn append_path_is_not_resolution() {
    let mut u = UriRefBuf::parse("http://h/api/v1").unwrap();
    u.append_path("users").unwrap();
    assert_eq!(u.as_str(), "http://h/api/v1/users");
    let mut u = UriRefBuf::parse("http://h").unwrap();
    u.append_path("x").unwrap();
    assert_eq!(u.as_str(), "http://h/x");
    let mut u = UriRefBuf::parse("rel/").unwrap();
    u.append_path("/x/").unwrap();
    assert_eq!(u.as_str(), "rel/x/");
    let mut u = UriRefBuf::parse("").unwrap();
    u.append_path("x").unwrap();
    assert_eq!(u.as_str(), "x");
}

#[test]
fn query_params_keep_flags_apart_from_empty_values() {
    let mut u = UriRefBuf::parse("/s?flag&empty=&k=a+b").unwrap();
    let p = u.query_params();
    assert_eq!(p.get("flag").unwrap().value(), None);
    assert_eq!(p.get("empty").unwrap().value().as_deref(), Some(""));
    assert_eq!(p.get("k").unwrap().value().as_deref(), Some("a+b"));
    let mut form = p.clone().form(true);
    assert_eq!(form.get("k").unwrap().value().as_deref(), Some("a b"));
    form.set("k", "c d+e");
    u.set_query_params(&form).unwrap();
    assert_eq!(u.as_str(), "/s?flag&empty=&k=c+d%2Be");
    u.set_query_params(&QueryParams::new()).unwrap();
    assert_eq!(u.as_str(), "/s");
}

#[derive(Debug, Clone)]
enum Op {
    Scheme(Option<String>),
    Userinfo(Option<String>),
    Host(Option<String>),
    Port(Option<u16>),
    Path(String),
    PathEncoded(String),
    Query(Option<String>),
    Fragment(Option<String>),
    Push(String),
    Pop,
    Append(String),
    Param(String, String),
}

fn text() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "", "a", "a:b", "/", "//", "x/y", "::1", "[v1.x]", "%2F", "a b", "é", "?", "#", "@", ".",
        "..", "1.2.3.4", "q=1&r", "+",
    ])
    .prop_map(String::from)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        prop::option::of(prop::sample::select(vec!["http", "a", "x+y", "1bad"]))
            .prop_map(|s| Op::Scheme(s.map(String::from))),
        prop::option::of(text()).prop_map(Op::Userinfo),
        prop::option::of(text()).prop_map(Op::Host),
        prop::option::of(any::<u16>()).prop_map(Op::Port),
        text().prop_map(Op::Path),
        text().prop_map(Op::PathEncoded),
        prop::option::of(text()).prop_map(Op::Query),
        prop::option::of(text()).prop_map(Op::Fragment),
        text().prop_map(Op::Push),
        Just(Op::Pop),
        text().prop_map(Op::Append),
        (text(), text()).prop_map(|(k, v)| Op::Param(k, v)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Whatever the sequence, every edit either fails and changes nothing,
    /// or leaves a reference whose fresh parse has the same components.
    #[test]
    fn random_edit_sequences_keep_the_reference_valid(ops in prop::collection::vec(op(), 1..12)) {
        let mut u = UriRefBuf::parse("http://h/p?q#f").unwrap();
        for op in ops {
            let before = u.clone();
            let ok = match &op {
                Op::Scheme(s) => u.set_scheme(s.as_deref()).is_ok(),
                Op::Userinfo(s) => u.set_userinfo(s.as_deref()).is_ok(),
                Op::Host(s) => u.set_host(s.as_deref()).is_ok(),
                Op::Port(p) => u.set_port(*p).is_ok(),
                Op::Path(s) => u.set_path(s).is_ok(),
                Op::PathEncoded(s) => u.set_path_encoded(s).is_ok(),
                Op::Query(s) => u.set_query(s.as_deref()).is_ok(),
                Op::Fragment(s) => u.set_fragment(s.as_deref()).is_ok(),
                Op::Push(s) => u.push_segment(s).is_ok(),
                Op::Pop => u.pop_segment().is_ok(),
                Op::Append(s) => u.append_path(s).is_ok(),
                Op::Param(k, v) => {
                    let mut p = u.query_params();
                    p.append(k, v);
                    u.set_query_params(&p).is_ok()
                }
            };
            if !ok {
                prop_assert_eq!(&u, &before, "{:?} failed but changed the reference", op);
            }
            let fresh = UriRef::parse(u.as_str()).expect("an edited reference parses");
            prop_assert_eq!(components(&u.as_uri_ref()), components(&fresh), "after {:?}: {}", op, u.as_str());
        }
    }

    /// Plain text set into a component reads back decoded as it was given.
    #[test]
    fn plain_setters_round_trip(s in "\\PC{0,12}") {
        let mut u = UriRefBuf::parse("http://h/").unwrap();
        u.set_query(Some(&s)).unwrap();
        prop_assert_eq!(u.query().unwrap().decode_utf8().unwrap(), s.as_str());
        u.set_fragment(Some(&s)).unwrap();
        prop_assert_eq!(u.fragment().unwrap().decode_utf8().unwrap(), s.as_str());
        u.set_userinfo(Some(&s)).unwrap();
        prop_assert_eq!(u.userinfo().unwrap().decode_utf8().unwrap(), s.as_str());
        u.push_segment(&s).unwrap();
        let last = u.path_segments().next_back().unwrap();
        prop_assert_eq!(last.decode_utf8().unwrap(), s.as_str());
        let mut p = QueryParams::new();
        p.append(&s, &s);
        let q = p.to_string();
        let back = QueryParams::parse(&q).unwrap();
        let only = back.iter().next();
        if !s.is_empty() {
            let only = only.unwrap();
            prop_assert_eq!(only.key(), s.as_str());
            prop_assert_eq!(only.value().unwrap(), s.as_str());
        }
    }
}

#[derive(Debug, Clone)]
enum ParamOp {
    Append(String, String),
    Flag(String),
    Set(String, String),
    Remove(String),
    Sort,
}

fn param_op() -> impl Strategy<Value = ParamOp> {
    let t = || {
        prop::sample::select(vec!["", "a", "b", "a b", "+", "=", "&", "%", "é", "k=v"])
            .prop_map(String::from)
    };
    prop_oneof![
        (t(), t()).prop_map(|(k, v)| ParamOp::Append(k, v)),
        t().prop_map(ParamOp::Flag),
        (t(), t()).prop_map(|(k, v)| ParamOp::Set(k, v)),
        t().prop_map(ParamOp::Remove),
        Just(ParamOp::Sort),
    ]
}

proptest! {
    /// Whatever the operations, the parameters read back from their text
    /// are the same parameters (the fault hunt's `append_flag("")` wrote
    /// `a=1&`, which read back one parameter short), in both space
    /// conventions.
    #[test]
    fn query_params_read_back_as_written(
        start in prop::sample::select(vec!["", "a=1", "a&&b=2&", "x=%41&x"]),
        ops in prop::collection::vec(param_op(), 0..10),
        form in any::<bool>(),
    ) {
        let mut p = QueryParams::parse(start).unwrap().form(form);
        for op in &ops {
            match op {
                ParamOp::Append(k, v) => p.append(k, v),
                ParamOp::Flag(k) => p.append_flag(k),
                ParamOp::Set(k, v) => p.set(k, v),
                ParamOp::Remove(k) => { p.remove(k); }
                ParamOp::Sort => p.sort_by_key(),
            }
            let back = QueryParams::parse(&p.to_string()).unwrap().form(form);
            prop_assert_eq!(&back, &p, "after {:?}", op);
            prop_assert_eq!(back.iter().count(), p.len());
        }
    }
}

/// `append_flag("")` adds nothing: an empty piece is not a parameter.
#[test]
fn an_empty_flag_is_not_a_parameter() {
    let mut p = QueryParams::parse("a=1").unwrap();
    p.append_flag("");
    assert_eq!((p.to_string().as_str(), p.len()), ("a=1", 1));
    p.append("", "");
    assert_eq!((p.to_string().as_str(), p.len()), ("a=1&=", 2));
    assert_eq!(QueryParams::parse("a=1&=").unwrap().len(), 2);
}
