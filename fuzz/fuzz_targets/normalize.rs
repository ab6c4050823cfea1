//! Normalization is idempotent, keeps equivalence, and its output parses.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::UriRef;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(u) = UriRef::parse(s) else { return };
    let n = u.normalize();
    let again = UriRef::parse(n.as_str()).expect("a normal form parses");
    assert_eq!(
        again.normalize().as_str(),
        n.as_str(),
        "not idempotent: {s}"
    );
    assert!(u.equivalent(again), "not equivalent to its input: {s}");
});
