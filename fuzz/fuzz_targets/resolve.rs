//! Resolution under every dialect that defines it: the target re-parses to
//! the same components (RFC 3986 section 5.2.4's `a:/.//b` trap included),
//! which are those the owned target reports.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{Dialect, Resolver};

fuzz_target!(|data: &[u8]| {
    let Some((base, reference)) = urikit_fuzz::two_refs(data) else {
        return;
    };
    let Ok(resolver) = Resolver::new(base) else {
        return;
    };
    for d in Dialect::ALL.into_iter().filter(|&d| d != Dialect::Rfc1738) {
        for strict in [true, false] {
            let Ok(t) = resolver.dialect(d).strict(strict).resolve(reference) else {
                continue;
            };
            let again = urikit_fuzz::reparse(&t.as_uri_ref());
            assert_eq!(urikit_fuzz::recompose(&again), t.as_str());
            assert!(again.has_scheme(), "{d:?}: {t}");
        }
    }
});
