//! Safe Browsing and w3lib (`urikit::safebrowsing`, `urikit::w3lib`): any
//! bytes as a URL. No input panics; a Safe Browsing refusal is one of the
//! client's codes at an offset inside the input, and what it accepts has
//! a host made of suffixes and an escaped path, and its hashes gathered by
//! a `Hasher` are its own; w3lib reads bytes as their
//! text, and refuses only with its codes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::safebrowsing::{Hasher, Url};
use urikit::w3lib::{canonicalize_url, canonicalize_url_bytes, Options};

fuzz_target!(|data: &[u8]| {
    match Url::parse_bytes(data) {
        Ok(u) => {
            let hosts = u.hosts();
            assert!(hosts.iter().all(|h| u.host().ends_with(h)));
            assert!(u.path().starts_with('/'));
            assert_eq!(u.expressions().len(), hosts.len() * u.paths().len());
            assert!(u.path().bytes().all(|b| (0x21..0x7f).contains(&b) && b != b'#'));
            // The hashes gathered sixteen at a time are the URL's own,
            // each under its tag.
            let mut hasher = Hasher::new();
            let mut got = Vec::new();
            let mut n = 0;
            u.for_each_expression(|e| {
                hasher.push(e, n, |tag, h| got.push((tag, h)));
                n += 1;
            });
            hasher.finish(|tag, h| got.push((tag, h)));
            got.sort();
            let want: Vec<(usize, [u8; 32])> = u.hashes().into_iter().enumerate().collect();
            assert_eq!(got, want);
        }
        Err(e) => {
            assert!(matches!(
                e.code(),
                "missing-host"
                    | "missing-authority"
                    | "unexpected-bracket"
                    | "invalid-idna"
                    | "escape-too-deep"
            ));
            assert!(e.offset() <= data.len(), "{data:?}");
        }
    }
    let o = Options::default();
    let got = canonicalize_url_bytes(data, &o);
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(got, canonicalize_url(text, &o));
    }
    if let Err(e) = got {
        assert!(matches!(
            e.code(),
            "invalid-port"
                | "port-out-of-range"
                | "unexpected-bracket"
                | "invalid-ipv6"
                | "invalid-ipvfuture"
                | "invalid-host"
        ));
    }
});
