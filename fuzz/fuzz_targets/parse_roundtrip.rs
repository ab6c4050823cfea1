//! Every dialect: a reference that parses is its components put back
//! together, and error offsets stay inside the input.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{Dialect, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for d in Dialect::ALL {
        match UriRef::parse_with(s, d) {
            Ok(u) => assert_eq!(urikit_fuzz::recompose(&u), s, "{d:?}"),
            Err(e) => assert!(e.offset() <= s.len()),
        }
    }
});
