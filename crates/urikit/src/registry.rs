//! The schemes we know: the ten of RFC 1738 section 3, `https`, `ws` and
//! `wss`, and the names RFC 1738 section 4 asks IANA to reserve. Every
//! per-scheme fact (default port, hierarchy, an empty path meaning the
//! root) is here, below the transforms that read them; the scheme views
//! (`scheme`) re-export it.
//!
//! May use: nothing.

/// What is known about one scheme.
///
/// ```
/// let ftp = urikit::scheme::lookup("FTP").unwrap();
/// assert_eq!(ftp.name(), "ftp");
/// assert_eq!(ftp.default_port(), Some(21));
/// assert!(ftp.is_hierarchical());
/// assert!(ftp.is_defined());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeInfo {
    name: &'static str,
    default_port: Option<u16>,
    hierarchical: bool,
    defined: bool,
    empty_path_is_root: bool,
    dns: bool,
    reference: &'static str,
}

impl SchemeInfo {
    const fn defined(
        name: &'static str,
        default_port: Option<u16>,
        hierarchical: bool,
        reference: &'static str,
    ) -> SchemeInfo {
        SchemeInfo {
            name,
            default_port,
            hierarchical,
            defined: true,
            empty_path_is_root: false,
            dns: false,
            reference,
        }
    }

    /// The same scheme, for which an empty path with an authority is the
    /// root path `/` (RFC 3986 section 6.2.3).
    const fn empty_path_is_root(self) -> SchemeInfo {
        SchemeInfo {
            empty_path_is_root: true,
            ..self
        }
    }

    /// The same scheme, whose reg-name hosts are domain names looked up
    /// in the DNS.
    const fn dns(self) -> SchemeInfo {
        SchemeInfo { dns: true, ..self }
    }

    const fn reserved(name: &'static str, hierarchical: bool) -> SchemeInfo {
        SchemeInfo {
            name,
            default_port: None,
            hierarchical,
            defined: false,
            empty_path_is_root: false,
            dns: false,
            reference: "RFC 1738 section 4 (name reserved, no syntax defined)",
        }
    }

    /// The scheme name, in lower case.
    ///
    /// ```
    /// assert_eq!(urikit::scheme::lookup("Gopher").unwrap().name(), "gopher");
    /// ```
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The port a URI of this scheme means when it gives none.
    ///
    /// ```
    /// assert_eq!(urikit::scheme::lookup("wais").unwrap().default_port(), Some(210));
    /// assert_eq!(urikit::scheme::lookup("mailto").unwrap().default_port(), None);
    /// ```
    pub const fn default_port(&self) -> Option<u16> {
        self.default_port
    }

    /// Whether `/` in the scheme's paths separates levels of a hierarchy, so
    /// that relative references make sense (RFC 1738 section 2.3, RFC 2396
    /// section 3). Gopher selectors and Prospero names carry no hierarchy
    /// (RFC 1738 sections 3.4.1 and 3.11).
    ///
    /// ```
    /// assert!(urikit::scheme::lookup("http").unwrap().is_hierarchical());
    /// assert!(!urikit::scheme::lookup("prospero").unwrap().is_hierarchical());
    /// ```
    pub const fn is_hierarchical(&self) -> bool {
        self.hierarchical
    }

    /// Whether an empty path with an authority means the root path `/`, so
    /// that RFC 3986 section 6.2.3 normalizes `http://a` to `http://a/`.
    ///
    /// ```
    /// assert!(urikit::scheme::lookup("http").unwrap().has_root_empty_path());
    /// assert!(!urikit::scheme::lookup("file").unwrap().has_root_empty_path());
    /// ```
    pub const fn has_root_empty_path(&self) -> bool {
        self.empty_path_is_root
    }

    /// Whether the scheme's reg-name hosts are domain names resolved through
    /// the DNS, so that an internationalized name may be written in its
    /// ASCII form (RFC 3987 section 3.1, step 2): the schemes of RFC 1738's
    /// common Internet syntax (section 3.1: "the fully qualified domain name
    /// of a network host"), `https`, `ws` and `wss`; not `file`, whose host
    /// names a machine by whatever name the system knows it.
    ///
    /// ```
    /// assert!(urikit::scheme::lookup("https").unwrap().uses_dns());
    /// assert!(!urikit::scheme::lookup("file").unwrap().uses_dns());
    /// ```
    pub const fn uses_dns(&self) -> bool {
        self.dns
    }

    /// Whether a document defines the scheme's syntax (`false` for the names
    /// RFC 1738 section 4 only reserves).
    ///
    /// ```
    /// assert!(!urikit::scheme::lookup("afs").unwrap().is_defined());
    /// ```
    pub const fn is_defined(&self) -> bool {
        self.defined
    }

    /// The document and section that define the scheme.
    ///
    /// ```
    /// assert_eq!(urikit::scheme::lookup("news").unwrap().reference(), "RFC 1738 section 3.6");
    /// ```
    pub const fn reference(&self) -> &'static str {
        self.reference
    }
}

/// Every scheme in the registry.
pub const KNOWN: &[SchemeInfo] = &[
    SchemeInfo::defined("ftp", Some(21), true, "RFC 1738 section 3.2")
        .empty_path_is_root()
        .dns(),
    SchemeInfo::defined("http", Some(80), true, "RFC 1738 section 3.3")
        .empty_path_is_root()
        .dns(),
    SchemeInfo::defined("https", Some(443), true, "RFC 2818 section 2.4")
        .empty_path_is_root()
        .dns(),
    SchemeInfo::defined("gopher", Some(70), false, "RFC 1738 section 3.4").dns(),
    SchemeInfo::defined("mailto", None, false, "RFC 1738 section 3.5"),
    SchemeInfo::defined("news", None, false, "RFC 1738 section 3.6"),
    SchemeInfo::defined("nntp", Some(119), true, "RFC 1738 section 3.7").dns(),
    SchemeInfo::defined("telnet", Some(23), false, "RFC 1738 section 3.8").dns(),
    SchemeInfo::defined("wais", Some(210), false, "RFC 1738 section 3.9").dns(),
    SchemeInfo::defined("file", None, true, "RFC 1738 section 3.10"),
    SchemeInfo::defined("prospero", Some(1525), false, "RFC 1738 section 3.11").dns(),
    SchemeInfo::defined("ws", Some(80), true, "RFC 6455 section 3")
        .empty_path_is_root()
        .dns(),
    SchemeInfo::defined("wss", Some(443), true, "RFC 6455 section 3")
        .empty_path_is_root()
        .dns(),
    SchemeInfo::reserved("afs", true),
    SchemeInfo::reserved("mid", false),
    SchemeInfo::reserved("cid", false),
    SchemeInfo::reserved("nfs", true),
    SchemeInfo::reserved("tn3270", false),
    SchemeInfo::reserved("mailserver", false),
    SchemeInfo::reserved("z39.50", false),
];

/// What the registry knows about a scheme (compared without regard to case,
/// RFC 3986 section 3.1), or `None` for a scheme it does not know. An
/// unknown scheme is not an error.
///
/// ```
/// use urikit::scheme::lookup;
///
/// assert_eq!(lookup("TN3270").unwrap().name(), "tn3270");
/// assert!(lookup("x-my-scheme").is_none());
/// ```
pub fn lookup(scheme: &str) -> Option<&'static SchemeInfo> {
    KNOWN.iter().find(|s| s.name.eq_ignore_ascii_case(scheme))
}

/// The default port of a scheme, or `None` when it has none or is unknown.
///
/// ```
/// use urikit::scheme::default_port;
///
/// assert_eq!(default_port("HTTP"), Some(80));
/// assert_eq!(default_port("prospero"), Some(1525));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    lookup(scheme).and_then(SchemeInfo::default_port)
}

/// Whether the scheme name is in the space RFC 1738 section 4 keeps for
/// experiments: it begins with `x-` (in any case).
///
/// ```
/// assert!(urikit::scheme::is_experimental("X-Test"));
/// assert!(!urikit::scheme::is_experimental("xmpp"));
/// ```
pub fn is_experimental(scheme: &str) -> bool {
    scheme
        .get(..2)
        .is_some_and(|p| p.eq_ignore_ascii_case("x-"))
}

/// Whether RFC 3986 section 6.2.3 normalizes an empty path to `/` for this
/// scheme when an authority is present: the schemes whose empty path means
/// the root (`http`, `https`, `ftp`, `ws`, `wss`; see
/// [`SchemeInfo::has_root_empty_path`]).
///
/// ```
/// assert!(urikit::scheme::empty_path_is_root("HTTPS"));
/// assert!(!urikit::scheme::empty_path_is_root("file"));
/// ```
pub fn empty_path_is_root(scheme: &str) -> bool {
    lookup(scheme).is_some_and(SchemeInfo::has_root_empty_path)
}

/// Whether a scheme's reg-name hosts are DNS names (see
/// [`SchemeInfo::uses_dns`]); `false` for a scheme the registry does not
/// know.
///
/// ```
/// assert!(urikit::scheme::uses_dns("HTTP"));
/// assert!(!urikit::scheme::uses_dns("urn"));
/// ```
pub fn uses_dns(scheme: &str) -> bool {
    lookup(scheme).is_some_and(SchemeInfo::uses_dns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lower_case_distinct_and_valid_schemes() {
        for (i, s) in KNOWN.iter().enumerate() {
            assert!(s
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b)));
            assert!(s.name.as_bytes()[0].is_ascii_lowercase());
            assert!(KNOWN[i + 1..].iter().all(|t| t.name != s.name));
            assert_eq!(lookup(&s.name.to_ascii_uppercase()), Some(s));
        }
    }

    #[test]
    fn rfc1738_section_3_ports() {
        // Each section of RFC 1738 section 3 names the port used when
        // ":<port>" is omitted.
        for (name, port) in [
            ("ftp", 21),
            ("http", 80),
            ("gopher", 70),
            ("nntp", 119),
            ("telnet", 23),
            ("wais", 210),
            ("prospero", 1525),
        ] {
            assert_eq!(default_port(name), Some(port), "{name}");
        }
        for name in ["mailto", "news", "file", "afs", "z39.50", "unknown"] {
            assert_eq!(default_port(name), None, "{name}");
        }
    }

    #[test]
    fn section_4_reserved_names_are_known_but_undefined() {
        for name in ["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"] {
            assert!(!lookup(name).unwrap().is_defined(), "{name}");
        }
        assert!(!is_experimental("x"));
        assert!(!is_experimental("é-"));
        assert!(is_experimental("x-"));
    }
}
