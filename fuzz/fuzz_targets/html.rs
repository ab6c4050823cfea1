//! The HTML scan never panics; a base it finds establishes or fails with
//! an error, and links resolve or fail.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::html::HtmlDocument;
use urikit::{BaseUri, UriRef};

fuzz_target!(|data: &[u8]| {
    let html = String::from_utf8_lossy(data);
    let doc = HtmlDocument::parse(&html);
    let mut b = BaseUri::new().retrieved_from("http://example.org/dir/page.html");
    if let Some(href) = doc.base_href() {
        b = b.embedded(href);
    }
    if let Ok(Some(base)) = b.establish() {
        for l in doc.links() {
            if let Ok(r) = UriRef::parse(l.value()) {
                let t = base
                    .resolver()
                    .resolve(r)
                    .expect("resolves against an absolute base");
                assert!(t.has_scheme());
            }
        }
    }
});
