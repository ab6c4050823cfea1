//! Shared by the property tests and the fuzz targets (fuzz/src/lib.rs
//! includes this file), so both check round trips against one definition.

use urikit::UriRef;

/// RFC 3986 section 5.3: recomposition of the components.
pub fn recompose(u: &UriRef<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = u.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(a) = u.authority() {
        s.push_str("//");
        if let Some(ui) = a.userinfo() {
            s.push_str(ui.as_str());
            s.push('@');
        }
        s.push_str(a.host().as_str());
        if let Some(p) = a.port() {
            s.push(':');
            s.push_str(p);
        }
    }
    s.push_str(u.path().as_str());
    if let Some(q) = u.query() {
        s.push('?');
        s.push_str(q.as_str());
    }
    if let Some(f) = u.fragment() {
        s.push('#');
        s.push_str(f.as_str());
    }
    s
}
