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
