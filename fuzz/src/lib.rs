//! What the fuzz targets share: reassembling a parse from its components.

use urikit::UriRef;

/// The reference written back from its seven components.
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

/// The input split at its first newline into two strings (a base and a
/// reference, say); `None` for bytes that are not UTF-8.
pub fn two(data: &[u8]) -> Option<(&str, &str)> {
    let s = std::str::from_utf8(data).ok()?;
    Some(s.split_once('\n').unwrap_or((s, "")))
}
