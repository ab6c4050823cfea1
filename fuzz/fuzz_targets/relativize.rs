//! Relativization is the inverse of resolution: resolving the reference it
//! gives against the base yields the target. A target that no resolution
//! can produce (one with dot segments, such as `g:a/./b/../c`, since
//! resolution always removes them) may have no such reference: the
//! contract then gives the target itself. So the result either resolves to
//! the target or is the target. (Both halves were found by this target;
//! see docs/robustness.md.) The reference parses to the components it
//! reports.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{Resolver, UriRef};

fuzz_target!(|data: &[u8]| {
    let Some((b, t)) = urikit_fuzz::two(data) else {
        return;
    };
    let (Ok(base), Ok(target)) = (UriRef::parse(b), UriRef::parse(t)) else {
        return;
    };
    let Ok(r) = Resolver::new(base) else { return };
    if let Ok(rel) = r.relativize(target) {
        let back = r.resolve(rel.as_uri_ref()).expect("the reference resolves");
        assert!(
            back.as_str() == t || rel.as_str() == t,
            "relativize gave {rel}, which resolves to {back}"
        );
        // The reference's offsets are computed from the target's.
        let fresh = UriRef::parse(rel.as_str()).expect("the reference parses");
        assert_eq!(
            urikit_fuzz::components(&rel.as_uri_ref()),
            urikit_fuzz::components(&fresh)
        );
    }
});
