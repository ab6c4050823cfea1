//! The specifications urikit implements, as a value that selects a grammar
//! and a resolution algorithm.
//!
//! May use: nothing.

/// One of the six URI specifications, or the WHATWG URL Standard. Each
/// IETF dialect is exactly its own document: its grammar for validation
/// and its algorithm for resolving relative references. [`Rfc3986`](Dialect::Rfc3986) is the default;
/// [`Rfc3987`](Dialect::Rfc3987) reads IRIs, RFC 3986 references with
/// characters beyond ASCII.
///
/// | dialect | document | resolution |
/// | --- | --- | --- |
/// | `rfc3986` | RFC 3986 (January 2005) | section 5.2 with `remove_dot_segments` |
/// | `rfc3987` | RFC 3987 (January 2005), IRIs | RFC 3986's (RFC 3987 section 6.5) |
/// | `rfc2396bis` | draft-fielding-uri-rfc2396bis-00 (October 2002) | section 5.2 pseudocode and merge routine |
/// | `rfc2396` | RFC 2396 (August 1998) | section 5.2, steps 1 to 7 |
/// | `url-1996` | draft-ietf-url-syntax-00 (December 1996) | section 5.2, steps 1 to 7 |
/// | `rfc1738` | RFC 1738 (December 1994) | none: RFC 1738 has no relative URLs |
/// | `whatwg` | the WHATWG URL Standard | its basic URL parser, with a base |
///
/// [`Whatwg`](Dialect::Whatwg) is not a grammar but a parser that repairs
/// what it reads and writes its own canonical form: its references are
/// `urikit::whatwg::Url`s (feature `whatwg`), not views of
/// the text, and the functions of the IETF readings ([`UriRef::parse_with`](crate::UriRef::parse_with),
/// resolution, normalization) refuse it with
/// [`UnsupportedDialect`](crate::ErrorKind::UnsupportedDialect).
///
/// ```
/// use urikit::Dialect;
///
/// assert_eq!(Dialect::default(), Dialect::Rfc3986);
/// assert_eq!(Dialect::from_name("url-1996"), Some(Dialect::Url1996));
/// assert_eq!(Dialect::Rfc2396bis.name(), "rfc2396bis");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// RFC 3986 (STD 66), the published form of draft-fielding-uri-rfc2396bis.
    #[default]
    Rfc3986,
    /// RFC 3987, Internationalized Resource Identifiers: RFC 3986's grammar
    /// with `ucschar` in the userinfo, host name, path, query and fragment,
    /// and `iprivate` in the query (section 2.2); RFC 3986's resolution.
    Rfc3987,
    /// draft-fielding-uri-rfc2396bis-00 (October 2002).
    Rfc2396bis,
    /// RFC 2396 (August 1998).
    Rfc2396,
    /// draft-ietf-url-syntax-00 (December 1996), which merged RFC 1738 and
    /// RFC 1808.
    Url1996,
    /// RFC 1738 (December 1994), the generic syntax of its sections 2 and 5.
    Rfc1738,
    /// The WHATWG URL Standard, the reading of browsers (see the type's
    /// documentation and the module `urikit::whatwg`).
    Whatwg,
}

impl Dialect {
    /// Every dialect: the IETF documents newest first, then the WHATWG URL
    /// Standard.
    ///
    /// ```
    /// assert_eq!(urikit::Dialect::ALL.len(), 7);
    /// ```
    pub const ALL: [Dialect; 7] = [
        Dialect::Rfc3986,
        Dialect::Rfc3987,
        Dialect::Rfc2396bis,
        Dialect::Rfc2396,
        Dialect::Url1996,
        Dialect::Rfc1738,
        Dialect::Whatwg,
    ];

    /// The dialects that are grammars (the IETF documents), newest first:
    /// those [`UriRef::parse_with`](crate::UriRef::parse_with) reads.
    ///
    /// ```
    /// assert!(!urikit::Dialect::GRAMMARS.contains(&urikit::Dialect::Whatwg));
    /// ```
    pub const GRAMMARS: [Dialect; 6] = [
        Dialect::Rfc3986,
        Dialect::Rfc3987,
        Dialect::Rfc2396bis,
        Dialect::Rfc2396,
        Dialect::Url1996,
        Dialect::Rfc1738,
    ];

    /// The dialect's stable name (the one every urikit interface takes).
    ///
    /// ```
    /// assert_eq!(urikit::Dialect::Url1996.name(), "url-1996");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Rfc3986 => "rfc3986",
            Dialect::Rfc3987 => "rfc3987",
            Dialect::Rfc2396bis => "rfc2396bis",
            Dialect::Rfc2396 => "rfc2396",
            Dialect::Url1996 => "url-1996",
            Dialect::Rfc1738 => "rfc1738",
            Dialect::Whatwg => "whatwg",
        }
    }

    /// The dialect with this [`name`](Self::name), if any.
    ///
    /// ```
    /// assert_eq!(urikit::Dialect::from_name("rfc2396"), Some(urikit::Dialect::Rfc2396));
    /// assert_eq!(urikit::Dialect::from_name("whatwg"), Some(urikit::Dialect::Whatwg));
    /// assert_eq!(urikit::Dialect::from_name("html"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }

    /// Whether references are read and resolved by RFC 3986's grammar and
    /// algorithm: RFC 3986 itself, and RFC 3987, whose IRIs are RFC 3986
    /// references with more characters allowed.
    ///
    /// ```
    /// assert!(urikit::Dialect::Rfc3987.is_rfc3986_family());
    /// assert!(!urikit::Dialect::Rfc2396.is_rfc3986_family());
    /// ```
    pub const fn is_rfc3986_family(self) -> bool {
        matches!(self, Dialect::Rfc3986 | Dialect::Rfc3987)
    }
}

#[cfg(test)]
mod tests {
    use super::Dialect;

    #[test]
    fn names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(Dialect::from_name(d.name()), Some(d));
        }
    }
}
