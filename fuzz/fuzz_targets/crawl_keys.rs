//! Safe Browsing and w3lib (`urikit::safebrowsing`, `urikit::w3lib`): any
//! bytes as a URL. No input panics; a Safe Browsing refusal is one of the
//! client's codes at an offset inside the input, and what it accepts has
//! a host made of suffixes and an escaped path, and its hashes gathered by
//! a `Hasher` are its own, as are those a `Reader` finds in the URL read
//! before; w3lib reads bytes as their
//! text, and refuses only with its codes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::safebrowsing::{Hasher, Reader, Url};
use urikit::w3lib::{canonicalize_url, canonicalize_url_bytes, Options};

fuzz_target!(|data: &[u8]| {
    match Url::parse_bytes(data) {
        Ok(u) => {
            let hosts = u.hosts();
            assert!(hosts.iter().all(|h| u.host().ends_with(h)));
            assert!(u.path().starts_with('/'));
            assert_eq!(u.expressions().len(), hosts.len() * u.paths().len());
            assert!(u
                .path()
                .bytes()
                .all(|b| (0x21..0x7f).contains(&b) && b != b'#'));
            // The hashes gathered (side by side, or sixteen at a time)
            // are the expressions' own, each under its tag, as `hash`
            // gives them one at a time through `sha2`; `Url::hashes`,
            // which gathers them too, gives them in order.
            let mut hasher = Hasher::new();
            let mut got = Vec::new();
            let mut want = Vec::new();
            u.for_each_expression(|e| {
                want.push(urikit::safebrowsing::hash(e));
                hasher.push(e, want.len() - 1, |tag, h| got.push((tag, h)));
            });
            hasher.finish(|tag, h| got.push((tag, h)));
            got.sort();
            assert_eq!(got, want.iter().copied().enumerate().collect::<Vec<_>>());
            assert_eq!(u.hashes(), want);
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
    // Two URLs read by one reader, the input cut at its first newline:
    // the second's expressions are its own, and each said to be the
    // first's is the same text as that one.
    let cut = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (first, second) = (&data[..cut], data.get(cut + 1..).unwrap_or_default());
    let mut reader = Reader::new();
    let mut before = Vec::new();
    if reader.read(first).is_ok() {
        reader.for_each_expression(|e, _| before.push(e.to_owned()));
    }
    let mut got = Vec::new();
    if reader.read(second).is_ok() {
        reader.for_each_expression(|e, found| {
            if let Some(k) = found {
                assert_eq!(before.get(k).map(String::as_str), Some(e), "{data:?}");
            }
            got.push(e.to_owned());
        });
    }
    assert_eq!(
        got,
        Url::parse_bytes(second)
            .map(|u| u.expressions())
            .unwrap_or_default()
    );
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
