//! The scheme views and warnings never panic, whatever the URI.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::scheme::{warnings, View};
use urikit::UriRef;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for scheme in [
        "",
        "ftp:",
        "http:",
        "gopher:",
        "mailto:",
        "news:",
        "nntp:",
        "telnet:",
        "wais:",
        "file:",
        "prospero:",
    ] {
        let text = format!("{scheme}{s}");
        let Ok(u) = UriRef::parse(&text) else {
            continue;
        };
        let _ = format!("{:?}", View::new(u));
        let _ = warnings(&u).count();
    }
});
