//! What is known about particular schemes: for now, their default ports
//! (used by scheme-based normalization, RFC 3986 section 6.2.3).

/// The schemes whose default port we know, with the document that gives it.
const DEFAULT_PORTS: &[(&str, u16)] = &[
    ("http", 80),       // RFC 1738 3.3
    ("https", 443),     // RFC 2818 2.3
    ("ftp", 21),        // RFC 1738 3.2
    ("ws", 80),         // RFC 6455 3
    ("wss", 443),       // RFC 6455 3
    ("gopher", 70),     // RFC 1738 3.4
    ("nntp", 119),      // RFC 1738 3.7
    ("telnet", 23),     // RFC 1738 3.8
    ("wais", 210),      // RFC 1738 3.9
    ("prospero", 1525), // RFC 1738 3.11
];

/// The default port of a scheme (compared without regard to case, RFC 3986
/// section 3.1), or `None` when the scheme has none or is unknown.
///
/// ```
/// use urikit::scheme::default_port;
///
/// assert_eq!(default_port("HTTP"), Some(80));
/// assert_eq!(default_port("prospero"), Some(1525));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    DEFAULT_PORTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}

/// Whether RFC 3986 section 6.2.3 normalizes an empty path to `/` for this
/// scheme when an authority is present: the schemes whose empty path means
/// the root (`http`, `https`, `ftp`, `ws`, `wss`).
///
/// ```
/// assert!(urikit::scheme::empty_path_is_root("HTTPS"));
/// assert!(!urikit::scheme::empty_path_is_root("file"));
/// ```
pub fn empty_path_is_root(scheme: &str) -> bool {
    ["http", "https", "ftp", "ws", "wss"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}
