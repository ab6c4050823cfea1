//! urikit's WHATWG reading against ada's (the `ada-url` crate), which
//! passes the same web-platform tests: validity and every getter agree,
//! for an input and, after a newline, a base. A disagreement is a finding
//! for docs/robustness.md: the standard's text decides who is right.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::whatwg::Url;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (input, base) = match text.split_once('\n') {
        Some((i, b)) => (i, Some(b)),
        None => (text, None),
    };
    let ours = match base {
        None => Url::parse(input),
        Some(b) => Url::parse(b).and_then(|b| Url::parse_with_base(input, &b)),
    };
    let theirs = ada_url::Url::parse(input, base);
    match (&ours, &theirs) {
        (Ok(o), Ok(t)) => {
            assert_eq!(o.href(), t.href(), "{input:?} against {base:?}");
            assert_eq!(o.origin(), t.origin(), "{input:?} against {base:?}");
            assert_eq!(o.host(), t.host(), "{input:?} against {base:?}");
            assert_eq!(o.pathname(), t.pathname(), "{input:?} against {base:?}");
        }
        (Err(_), Err(_)) => {}
        _ => panic!("{input:?} against {base:?}: urikit {ours:?}, ada {:?}", theirs.as_ref().map(|t| t.href())),
    }
});
