//! Every input a fuzz target (fuzz/fuzz_targets) reported, with the
//! property it exercised; docs/robustness.md says what each one was.

use urikit::{Resolver, UriRef, UriRefBuf};

/// relativize, first run: a target with dot segments under another scheme.
/// Resolution removes dot segments (RFC 3986 section 5.2.2), so nothing
/// resolves to `g:a/./b/../c`, not even itself (it gives `g:a/c`): the
/// contract's `unreachable-target`, at the first dot segment.
#[test]
fn relativize_of_an_unreachable_target_is_an_error() {
    let r = Resolver::new(UriRef::parse("http://a/b/c/d").unwrap()).unwrap();
    let t = UriRef::parse("g:a/./b/../c").unwrap();
    let err = r.relativize(t).unwrap_err();
    assert_eq!((err.code(), err.offset()), ("unreachable-target", 4));
    assert_eq!(r.resolve(t).unwrap().as_str(), "g:a/c");
}

/// relativize, second run: a base written with a dot segment. A
/// same-document reference resolves to the base as written (the contract's
/// same-document rule), dot segment and all, while the target itself
/// resolves without it: `#s` is the answer, though the target does not
/// resolve to itself.
#[test]
fn relativize_against_a_base_with_a_dot_segment() {
    let r = Resolver::new(UriRef::parse("http:./g").unwrap()).unwrap();
    let t = UriRef::parse("http:./g#s").unwrap();
    let rel = r.relativize(t).unwrap();
    assert_eq!(rel.as_str(), "#s");
    assert_eq!(r.resolve(rel.as_uri_ref()).unwrap().as_str(), "http:./g#s");
    assert_eq!(r.resolve(t).unwrap().as_str(), "http:g#s");
}

/// edit, first run: the target split its input inside a multi-byte
/// character (a bug of the target). The edit it meant, a segment of
/// non-ASCII text, encodes and reads back.
#[test]
fn editing_with_non_ascii_text() {
    let mut u = UriRefBuf::parse("http://h/p?q#f".to_owned()).unwrap();
    u.push_segment("ä").unwrap();
    u.set_host(Some("ä")).unwrap();
    assert_eq!(u.as_str(), "http://%C3%A4/p/%C3%A4?q#f");
}
