//! The components of a URI reference by name: the one list the command,
//! the Python package, the web page and the engines read their names
//! from, in the order RFC 3986 section 3 writes them.
//!
//! May use: nothing.

/// A component of a URI reference (RFC 3986 section 3), or the authority
/// that holds three of them.
///
/// ```text
///   foo://user@example.com:8042/over/there?name=ferret#nose
///   \_/   \__________________/\_________/ \_________/ \__/
///    |             |              |            |        |
/// scheme       authority         path        query   fragment
///         \__/ \_________/ \__/
///       userinfo   host    port
/// ```
///
/// ```
/// use urikit::{Part, UriRef};
///
/// let u = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(u.get(Part::Host), Some("example.com"));
/// assert_eq!(u.span(Part::Query), Some(39..50));
/// assert_eq!(Part::from_name("userinfo"), Some(Part::Userinfo));
/// assert_eq!(Part::ALL.map(Part::name).join(" "), "scheme authority userinfo host port path query fragment");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// `scheme` (section 3.1).
    Scheme,
    /// `authority` (section 3.2): userinfo, host and port.
    Authority,
    /// `userinfo` (section 3.2.1).
    Userinfo,
    /// `host` (section 3.2.2), an IP literal with its brackets.
    Host,
    /// `port` (section 3.2.3).
    Port,
    /// `path` (section 3.3), defined (possibly empty) in every reference.
    Path,
    /// `query` (section 3.4).
    Query,
    /// `fragment` (section 3.5).
    Fragment,
}

impl Part {
    /// Every part, in the order of the text.
    pub const ALL: [Part; 8] = [
        Part::Scheme,
        Part::Authority,
        Part::Userinfo,
        Part::Host,
        Part::Port,
        Part::Path,
        Part::Query,
        Part::Fragment,
    ];

    /// The components alone (the authority left out, whose three parts
    /// are here), as a reference is taken apart into them.
    pub const COMPONENTS: [Part; 7] = [
        Part::Scheme,
        Part::Userinfo,
        Part::Host,
        Part::Port,
        Part::Path,
        Part::Query,
        Part::Fragment,
    ];

    /// The name RFC 3986 gives it, in lower case: `scheme`, `authority`,
    /// `userinfo`, `host`, `port`, `path`, `query`, `fragment`.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Authority => "authority",
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }

    /// The part with the name `name` ([`name`](Self::name)).
    ///
    /// ```
    /// assert_eq!(urikit::Part::from_name("port"), Some(urikit::Part::Port));
    /// assert_eq!(urikit::Part::from_name("Port"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl core::fmt::Display for Part {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name reads back as its part, and the components are the parts
    /// but the authority.
    #[test]
    fn names_read_back() {
        for p in Part::ALL {
            assert_eq!(Part::from_name(p.name()), Some(p));
        }
        assert_eq!(
            Part::COMPONENTS.to_vec(),
            Part::ALL
                .into_iter()
                .filter(|&p| p != Part::Authority)
                .collect::<alloc::vec::Vec<_>>()
        );
    }
}
