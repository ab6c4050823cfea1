//! Defects found from outside the code (the review of the core), one test
//! each, with the rule it breaks.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use urikit::UriRef;

fn hash_of(x: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// An `Authority` is `[ userinfo "@" ] host [ ":" port ]` (RFC 3986
/// section 3.2) and nothing else: equal text is an equal authority, whatever
/// the reference around it, and equal values hash alike.
#[test]
fn an_authority_is_its_text() {
    let a = UriRef::parse("http://h/x").unwrap().authority().unwrap();
    let b = UriRef::parse("http://h/y").unwrap().authority().unwrap();
    let c = UriRef::parse("//h").unwrap().authority().unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(hash_of(a), hash_of(b));
    assert_eq!(hash_of(a), hash_of(c));
    let d = UriRef::parse("http://h:1/x").unwrap().authority().unwrap();
    assert_ne!(a, d);
    // The parts are read from the authority alone.
    let e = UriRef::parse("ftp://u:p@[::1]:21/f")
        .unwrap()
        .authority()
        .unwrap();
    assert_eq!(e.as_str(), "u:p@[::1]:21");
    assert_eq!(e.userinfo().unwrap().as_str(), "u:p");
    assert_eq!(e.host().as_str(), "[::1]");
    assert_eq!(e.port(), Some("21"));
}

/// An error's offset is into the text the caller gave: the port of
/// `http://h:65536/` starts at byte 9 of the reference.
#[test]
fn a_port_error_points_into_the_reference() {
    let u = UriRef::parse("http://h:65536/").unwrap();
    let e = u.authority().unwrap().port_u16().unwrap_err();
    assert_eq!(e.offset(), 9);
    assert_eq!(u.port_u16().unwrap_err().offset(), 9);
}

/// A structural error's offset is into the text the caller gave: the plain
/// path (not its encoding), or the reference an edit of another component
/// leaves invalid (RFC 3986 section 4.2: a relative path's first segment
/// holds no `:`).
#[test]
fn structural_errors_point_into_the_callers_text() {
    use urikit::{ErrorKind, UriRefBuf, UriRefBuilder};
    // "a b:c" is encoded "a%20b:c": the ':' is byte 3 of what was given.
    let e = UriRefBuilder::new().path("a b:c").build().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 3));
    let e = UriRefBuilder::new()
        .path_encoded("a%20b:c")
        .build()
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 5));
    // "é" is two bytes, each written %HH.
    let e = UriRefBuilder::new().segment("é:y").build().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 2));
    let mut u = UriRefBuf::parse("/p").unwrap();
    let e = u.set_path("a b:c").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 3));
    // Removing the scheme of a:b:c leaves the path b:c, whose ':' is byte 3
    // of the reference.
    let mut u = UriRefBuf::parse("a:b:c").unwrap();
    let e = u.set_scheme(None).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 3));
    assert_eq!(u.as_str(), "a:b:c");
    // The first segment of the empty path "?q".
    let mut u = UriRefBuf::parse("?q").unwrap();
    let e = u.push_segment("a b:c").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ColonInFirstSegment, 3));
}

/// A userinfo or a port without a host is `host-required` (RFC 3986
/// section 3.2: they are parts of an authority), not a scheme's
/// `missing-host`.
#[test]
fn a_userinfo_without_a_host_is_host_required() {
    use urikit::{ErrorKind, UriRefBuf, UriRefBuilder};
    let e = UriRefBuilder::new().userinfo("u").build().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::HostRequired);
    assert_eq!(e.code(), "host-required");
    let mut u = UriRefBuf::parse("/p").unwrap();
    assert_eq!(
        u.set_port(Some(80)).unwrap_err().kind(),
        ErrorKind::HostRequired
    );
}

/// A `..` that climbs above the root, rejected, is named at its byte in
/// the reference given (RFC 2396 section 5.2 step 6g leaves the choice to
/// the implementation; `AboveRoot::Reject` takes it), and `resolve_into`
/// leaves no half-written target behind.
#[test]
fn a_rejected_climb_points_into_the_reference() {
    use urikit::{AboveRoot, Dialect, ErrorKind, Resolver};
    let r = Resolver::new(UriRef::parse("http://a/b/c").unwrap())
        .unwrap()
        .dialect(Dialect::Rfc2396)
        .above_root(AboveRoot::Reject);
    let reference = UriRef::parse("x/../../../g").unwrap();
    let e = r.resolve(reference).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::PathAboveRoot);
    assert_eq!(&reference.as_str()[e.offset()..], "../g");
    let mut out = String::from("old");
    assert!(r.resolve_into(reference, &mut out).is_err());
    assert_eq!(out, "");
}
