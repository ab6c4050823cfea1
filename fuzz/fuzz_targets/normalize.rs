//! Normalization is idempotent, keeps equivalence, and its output parses to
//! the components the owned result reports. `normalize` returns a normal
//! input as it is, so `normalize_into`, which always runs every step, is
//! the judge of `is_normalized`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{Normalizer, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(u) = UriRef::parse(s) else { return };
    let n = u.normalize();
    let again = urikit_fuzz::reparse(&n.as_uri_ref());
    assert_eq!(
        again.normalize().as_str(),
        n.as_str(),
        "not idempotent: {s}"
    );
    assert!(u.equivalent(again), "not equivalent to its input: {s}");
    let mut written = String::new();
    Normalizer::new().normalize_into(u, &mut written);
    assert_eq!(
        written,
        n.as_str(),
        "normalize and normalize_into differ: {s}"
    );
    assert_eq!(
        Normalizer::new().is_normalized(u),
        written == s,
        "is_normalized is wrong: {s}"
    );
});
