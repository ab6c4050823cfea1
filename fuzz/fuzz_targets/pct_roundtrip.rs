//! decode(encode(text)) is the text, for every component, and the encoded
//! form is valid percent-encoding.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::pct::{decode, encode, Component, PctStr};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for c in Component::ALL {
        let e = encode(s, c);
        let p = PctStr::new(&e).expect("encoded text is valid");
        let back = if c == Component::Form {
            p.decode_form()
        } else {
            decode(&e).unwrap()
        };
        assert_eq!(&*back, s.as_bytes(), "{c:?}");
    }
});
