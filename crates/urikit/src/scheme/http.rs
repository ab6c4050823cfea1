//! `http` and `https` URLs, RFC 1738 section 3.3:
//! `http://<host>:<port>/<path>?<searchpart>`, with the host rules of
//! 2396bis section 3.2.2.

use super::{check, expect_scheme, server, Hosts, Rules, Server, SEARCH};
use crate::error::{Error, ErrorKind};
use crate::grammar::Table;
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// An `http` or `https` URL (RFC 1738 section 3.3; `https` has the same
/// syntax with port 443, RFC 2818 section 2.4).
///
/// - "No user name or password is allowed" (3.3): userinfo is
///   `unexpected-userinfo` (RFC 7230 section 2.7.1 later says the same).
/// - The host may not be empty (2396bis section 3.2.2: "the http URI scheme
///   does not allow host to be omitted"); it may be an IPv6 literal.
/// - `port = *DIGIT` (2396bis): `http://h:/` means the default port.
/// - The path and the search part are the generic ones; a search part
///   without a path (`http://h?q`) is allowed, as 2396bis allows it.
///
/// ```
/// use urikit::scheme::Http;
/// use urikit::{ErrorKind, UriRef};
///
/// let h = Http::new(UriRef::parse("https://[::1]/a/b?x=1")?)?;
/// assert_eq!((h.host().as_str(), h.port()), ("[::1]", 443));
/// assert_eq!((h.path().as_str(), h.search().unwrap().as_str()), ("/a/b", "x=1"));
///
/// let err = Http::new(UriRef::parse("http://user:pw@host/")?).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnexpectedUserinfo, 7));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Http<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
}

impl<'a> Http<'a> {
    /// Reads `uri` as an `http` or `https` URL.
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`MissingHost`](crate::ErrorKind::MissingHost),
    /// [`UnexpectedUserinfo`](crate::ErrorKind::UnexpectedUserinfo),
    /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange)).
    ///
    /// ```
    /// use urikit::{scheme::Http, ErrorKind, UriRef};
    /// let err = Http::new(UriRef::parse("http:///path")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::MissingHost, 7));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Http<'a>, Error> {
        expect_scheme(&uri, &["http", "https"])?;
        let https = uri
            .scheme()
            .is_some_and(|s| s.eq_ignore_ascii_case("https"));
        let server = server(
            &uri,
            Rules {
                login: false,
                empty_host: false,
                empty_port: true,
                port: Some(if https { 443 } else { 80 }),
                hosts: Hosts::Bis,
            },
        )?;
        // hpath = hsegment *[ "/" hsegment ] (section 5).
        let m = uri.meta();
        let path_table = SEARCH.or(Table::new(b"/"));
        check(
            uri.as_str().as_bytes(),
            m.path_start(),
            m.path_end,
            &path_table,
            ErrorKind::InvalidChar,
        )?;
        Ok(Http { uri, server })
    }

    super::server_accessors!(
        Http,
        "http",
        "/",
        "80 for `http` and 443 for `https` (RFC 2818 section 2.4)"
    );

    /// The path, as written (the HTTP selector, with its leading `/`).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://h/%7Eu/").unwrap();
    /// assert_eq!(urikit::scheme::Http::new(uri).unwrap().path(), "/%7Eu/");
    /// ```
    pub fn path(&self) -> PctStr<'a> {
        self.uri.path()
    }

    /// The search part, as written, or `None` when there is no `?`.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://h/?").unwrap();
    /// assert_eq!(urikit::scheme::Http::new(uri).unwrap().search().unwrap(), "");
    /// ```
    pub fn search(&self) -> Option<PctStr<'a>> {
        self.uri.query()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fail(s: &str, offset: usize, kind: ErrorKind) {
        let e = Http::new(UriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
    }

    #[test]
    fn section_3_3_rules() {
        let h = Http::new(UriRef::parse("HTTP://h.example:8080").unwrap()).unwrap();
        assert_eq!((h.port(), h.path().as_str(), h.search()), (8080, "", None));
        fail("http:/a", 5, ErrorKind::MissingAuthority);
        fail("http://@h/", 7, ErrorKind::UnexpectedUserinfo);
        fail("http://h:99999/", 9, ErrorKind::PortOutOfRange);
        fail("http://h%41/", 8, ErrorKind::InvalidHost);
        fail("http://-h/", 7, ErrorKind::InvalidHost);
        fail("http://a.b-/", 9, ErrorKind::InvalidHost);
        fail("ftp://h/", 0, ErrorKind::UnexpectedScheme);
    }
}
