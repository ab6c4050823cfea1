//! Every URI the extractor finds parses, and its span lies in the text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{Extractor, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for abbreviated in [false, true] {
        for m in Extractor::new().abbreviated(abbreviated).extract(s) {
            assert!(UriRef::parse(m.as_str()).is_ok(), "{:?}", m.as_str());
            assert!(m.span().end <= s.len());
        }
    }
});
