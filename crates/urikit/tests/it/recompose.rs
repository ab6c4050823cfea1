//! Shared by the property tests and the fuzz targets (fuzz/src/lib.rs
//! includes this file), so both check round trips against one definition.

use urikit::UriRef;

/// The components of a parse, named as in the `uri parse` JSON output
/// (`None` where undefined): two references with equal lists have the same
/// parse.
pub fn components(u: &UriRef<'_>) -> Vec<(&'static str, Option<String>)> {
    let host = u.host();
    let kind = if u.has_scheme() { "uri" } else { "relative" };
    [
        ("kind", Some(kind)),
        ("scheme", u.scheme()),
        ("authority", u.authority().map(|a| a.as_str())),
        ("userinfo", u.userinfo().map(|x| x.as_str())),
        ("host", host.map(|h| h.as_str())),
        ("host_type", host.map(|h| h.host_type().name())),
        ("port", u.port()),
        ("path", Some(u.path().as_str())),
        ("query", u.query().map(|x| x.as_str())),
        ("fragment", u.fragment().map(|x| x.as_str())),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.map(str::to_owned)))
    .collect()
}

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
