//! Abbreviated URIs (RFC 2396 and 2396bis Appendix F): completing what a
//! person typed, by heuristics.

use alloc::string::String;

use crate::grammar::rfc3986::{ALPHA, DIGIT};
use crate::UriRef;

/// Completes an abbreviated URI reference typed by a person, such as
/// `www.w3.org/Addressing/`, into an absolute URI, or `None` when the text
/// does not look like one.
///
/// These are heuristics, as Appendix F says ("there is no standard set of
/// heuristics for disambiguating abbreviated URL references"), and they are
/// only for text a person typed **where no base URI exists**: where a base
/// exists, such text is a relative reference and must be resolved against
/// it instead (a `guess` there would be wrong).
///
/// The rules, in order:
/// 1. Text that is already an absolute URI, with `//` after its scheme or a
///    scheme the [registry](crate::scheme::lookup) knows, is returned as it
///    is.
/// 2. `local@domain` (no `/`, `:`, `?` or `#`, a host-like domain) becomes a
///    `mailto:` URI.
/// 3. `host[:port][/path][?query][#fragment]`, where the host is
///    `localhost`, a dotted IPv4 address, a bracketed IPv6 address, or a
///    domain name of at least two labels whose last is at least two
///    letters, but not a file name (two labels, the last a common file
///    extension such as `txt`, `md`, `pdf`, `zip` or `py`, many of which
///    are also top-level domains): `ftp://` is put in front when the host begins with `ftp.`,
///    `http://` otherwise ("most hostnames beginning with "www" are likely
///    to have a URL prefix of "http://"").
/// 4. Anything else (whitespace, a single word, `user:password@host`, a
///    relative path, characters outside URIs) gives `None` rather than a
///    wrong guess.
///
/// ```
/// use urikit::guess;
///
/// assert_eq!(guess("www.w3.org/Addressing/").as_deref(), Some("http://www.w3.org/Addressing/"));
/// assert_eq!(guess("ftp.example.org/pub").as_deref(), Some("ftp://ftp.example.org/pub"));
/// assert_eq!(guess("user@example.org").as_deref(), Some("mailto:user@example.org"));
/// assert_eq!(guess("example.com").as_deref(), Some("http://example.com"));
/// assert_eq!(guess("localhost:8080/x").as_deref(), Some("http://localhost:8080/x"));
/// assert_eq!(guess("https://example.com/").as_deref(), Some("https://example.com/"));
/// assert_eq!(guess("hello"), None);
/// assert_eq!(guess("../relative/path"), None);
/// assert_eq!(guess("two words.com"), None);
/// assert_eq!(guess("file.txt"), None);
/// assert_eq!(guess("README.md"), None);
/// assert_eq!(guess("docs.example.md").as_deref(), Some("http://docs.example.md"));
/// ```
pub fn guess(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() || t.bytes().any(|c| c.is_ascii_whitespace() || c >= 0x80) {
        return None;
    }
    if let Ok(uri) = UriRef::parse(t) {
        if let Some(scheme) = uri.scheme() {
            let slashes = t[scheme.len() + 1..].starts_with("//");
            if slashes || crate::scheme::lookup(scheme).is_some() {
                return Some(t.into());
            }
        }
    }
    let end = t.find(['/', '?', '#']).unwrap_or(t.len());
    let (authority, _) = t.split_at(end);
    let out = if let Some((local, domain)) = authority.split_once('@') {
        if end < t.len() || local.is_empty() || local.contains(':') || !domain_like(domain) {
            return None;
        }
        let mut s = String::from("mailto:");
        s.push_str(t);
        s
    } else {
        let host = if authority.starts_with('[') {
            let close = authority.find(']')?;
            let (host, port) = authority.split_at(close + 1);
            port_ok(port).then_some(host)?
        } else {
            let (host, port) = match authority.split_once(':') {
                Some((h, p)) => (h, &authority[h.len()..][..p.len() + 1]),
                None => (authority, ""),
            };
            let host_ok = host.eq_ignore_ascii_case("localhost")
                || crate::parse::ip::ipv4_exact(host.as_bytes()).is_some()
                || domain_like(host) && !file_like(host);
            (host_ok && port_ok(port)).then_some(host)?
        };
        let ftp = host
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("ftp."));
        let mut s = String::from(if ftp { "ftp://" } else { "http://" });
        s.push_str(t);
        s
    };
    let valid = UriRef::parse(&out).is_ok();
    valid.then_some(out)
}

/// `""` or `:` and one to five digits.
fn port_ok(port: &str) -> bool {
    match port.strip_prefix(':') {
        None => port.is_empty(),
        Some(d) => (1..=5).contains(&d.len()) && d.parse::<u16>().is_ok(),
    }
}

/// The extensions of file names that people write beside URLs; a name of
/// two labels ending in one (`file.txt`, `setup.py`) is taken for a file,
/// not a host, though some (`md`, `py`, `rs`, `sh`, `zip`, `mov`) are
/// top-level domains too.
const FILE_EXTENSIONS: &[&str] = &[
    "7z", "avi", "bak", "bin", "bz2", "cfg", "class", "conf", "cpp", "css", "csv", "deb", "dll",
    "dmg", "doc", "docx", "exe", "gif", "go", "gz", "hpp", "htm", "html", "ico", "ini", "iso",
    "jar", "java", "jpeg", "jpg", "js", "json", "lock", "log", "md", "mkv", "mov", "mp3", "mp4",
    "pdf", "php", "pkg", "pl", "png", "ppt", "pptx", "py", "rar", "rb", "rpm", "rs", "sh", "so",
    "svg", "swp", "tar", "tgz", "tmp", "toml", "ts", "txt", "wav", "webp", "xls", "xlsx", "xml",
    "xz", "yaml", "yml", "zip",
];

/// Whether `host` (a [`domain_like`] name) reads as a file name: two
/// labels, the last a [file extension](FILE_EXTENSIONS).
fn file_like(host: &str) -> bool {
    match host.split_once('.') {
        Some((_, ext)) if !ext.contains('.') => {
            FILE_EXTENSIONS.iter().any(|e| e.eq_ignore_ascii_case(ext))
        }
        _ => false,
    }
}

/// A domain name of two labels or more, each of letters, digits and `-`
/// (not at either end), the last one of two letters or more.
fn domain_like(s: &str) -> bool {
    let s = s.strip_suffix('.').unwrap_or(s);
    let labels: alloc::vec::Vec<&str> = s.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes()
                    .all(|c| ALPHA.allows(c) || DIGIT.allows(c) || c == b'-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|c| ALPHA.allows(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_f_forms() {
        let g = |s: &str| guess(s);
        assert_eq!(g(" www.w3.org ").as_deref(), Some("http://www.w3.org"));
        assert_eq!(g("WWW.W3.ORG/x").as_deref(), Some("http://WWW.W3.ORG/x"));
        assert_eq!(
            g("FTP.example.org").as_deref(),
            Some("ftp://FTP.example.org")
        );
        assert_eq!(
            g("192.0.2.1:8080").as_deref(),
            Some("http://192.0.2.1:8080")
        );
        assert_eq!(g("[::1]:80/").as_deref(), Some("http://[::1]:80/"));
        assert_eq!(
            g("example.com?q=1").as_deref(),
            Some("http://example.com?q=1")
        );
        assert_eq!(g("mailto:a@b.c").as_deref(), Some("mailto:a@b.c"));
        for no in [
            "",
            "word",
            "a.b",
            "example.c0m",
            "-a.com",
            "a..com",
            "u:p@h.com",
            "host:99999",
            "host.com:x",
            "a@b",
            "a@b.com/x",
            "/abs/path",
            "[::1",
            "exa mple.com",
            "café.fr",
            "example.com:8080:9",
        ] {
            assert_eq!(g(no), None, "{no:?}");
        }
    }
}
