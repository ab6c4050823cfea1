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
use urikit::Resolver;

fuzz_target!(|data: &[u8]| {
    let Some((base, target)) = urikit_fuzz::two_refs(data) else {
        return;
    };
    let t = target.as_str();
    let Ok(r) = Resolver::new(base) else { return };
    if let Ok(rel) = r.relativize(target) {
        let back = r.resolve(rel.as_uri_ref()).expect("the reference resolves");
        assert!(
            back.as_str() == t || rel.as_str() == t,
            "relativize gave {rel}, which resolves to {back}"
        );
        // The reference's offsets are computed from the target's.
        urikit_fuzz::reparse(&rel.as_uri_ref());
    }
});
