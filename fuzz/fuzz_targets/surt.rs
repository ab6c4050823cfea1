//! SURT keys (`urikit::surt`): any bytes as a URL, under every
//! canonicalizer and with the key's form switches taken from the first
//! byte. No input panics; a key is ASCII (every other byte is escaped)
//! unless the canonicalizer keeps the input's bytes or the input is a
//! `filedesc` line; a refusal is one of the three codes the reference
//! refuses with, at an offset inside the input; and the default
//! canonical URL is ASCII.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::surt::{canonicalize, surt_bytes, Canonicalizer, Options};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, url)) = data.split_first() else {
        return;
    };
    for &c in Canonicalizer::ALL {
        let o = Options {
            canonicalizer: c,
            with_scheme: flags & 1 != 0,
            trailing_comma: flags & 2 != 0,
            reverse_ipaddr: flags & 4 != 0,
            host_massage: flags & 8 != 0,
            ..Options::default()
        };
        let mut out = Vec::new();
        match surt_bytes(url, &o, &mut out) {
            Ok(()) => {
                if c == Canonicalizer::Default || c == Canonicalizer::Google {
                    assert!(out.is_ascii() || url.starts_with(b"filedesc"), "{url:?}");
                }
            }
            Err(e) => {
                assert!(out.is_empty());
                assert!(matches!(
                    e.code(),
                    "invalid-port" | "port-out-of-range" | "empty-input"
                ));
                assert!(e.offset() <= url.len());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(url) {
        let o = Options::default();
        if let Ok(c) = canonicalize(text, &o) {
            assert!(c.is_ascii(), "{text:?}");
        }
    }
});
