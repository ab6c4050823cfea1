//! `telnet` URLs, RFC 1738 section 3.8:
//! `telnet://<user>:<password>@<host>:<port>/`.

use super::{expect_scheme, no_query, server, Hosts, Rules, Server};
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// A `telnet` URL (RFC 1738 section 3.8): an interactive service. The user
/// and password are advisory only; the path is empty or a single `/`.
///
/// ```
/// use urikit::scheme::Telnet;
/// use urikit::{ErrorKind, UriRef};
///
/// let t = Telnet::new(UriRef::parse("telnet://guest@melvyl.ucop.edu/")?)?;
/// assert_eq!(t.user().unwrap(), "guest");
/// assert_eq!((t.host().as_str(), t.port()), ("melvyl.ucop.edu", 23));
///
/// let err = Telnet::new(UriRef::parse("telnet://h/x")?).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPath, 11));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Telnet<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
}

impl<'a> Telnet<'a> {
    /// Reads `uri` as a telnet URL: `telneturl = "telnet://" login [ "/" ]`
    /// (section 5).
    ///
    /// ```
    /// assert!(urikit::scheme::Telnet::new(urikit::UriRef::parse("telnet://h")?).is_ok());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Telnet<'a>, Error> {
        expect_scheme(&uri, &["telnet"])?;
        let server = server(
            &uri,
            Rules {
                login: true,
                empty_host: false,
                empty_port: false,
                port: Some(23),
                hosts: Hosts::Classic,
            },
        )?;
        let m = uri.meta();
        if m.path_end > m.path_start() + 1 {
            return Err(Error::new(ErrorKind::InvalidPath, m.path_start() + 1));
        }
        no_query(&uri)?;
        Ok(Telnet { uri, server })
    }

    /// The URI this view reads.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("telnet://h/").unwrap();
    /// assert_eq!(urikit::scheme::Telnet::new(uri).unwrap().uri(), uri);
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// The suggested user name, as written.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("telnet://h/").unwrap();
    /// assert_eq!(urikit::scheme::Telnet::new(uri).unwrap().user(), None);
    /// ```
    pub fn user(&self) -> Option<PctStr<'a>> {
        self.server.user
    }

    /// The suggested password, as written.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("telnet://u:p@h/").unwrap();
    /// assert_eq!(urikit::scheme::Telnet::new(uri).unwrap().password().unwrap(), "p");
    /// ```
    pub fn password(&self) -> Option<PctStr<'a>> {
        self.server.password
    }

    /// The host.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("telnet://192.0.2.1").unwrap();
    /// assert_eq!(urikit::scheme::Telnet::new(uri).unwrap().host().as_str(), "192.0.2.1");
    /// ```
    pub fn host(&self) -> Host<'a> {
        self.server.host
    }

    /// The port: as written, or 23 (section 3.8).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("telnet://h:2323").unwrap();
    /// assert_eq!(urikit::scheme::Telnet::new(uri).unwrap().port(), 2323);
    /// ```
    pub fn port(&self) -> u16 {
        self.server.port
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_trailing_slash() {
        for (s, offset, kind) in [
            ("telnet://h//", 11, ErrorKind::InvalidPath),
            ("telnet://h/?x", 11, ErrorKind::UnexpectedQuery),
            ("telnet://h?x", 10, ErrorKind::UnexpectedQuery),
            ("telnet://h:", 11, ErrorKind::InvalidPort),
            ("telnet:h", 7, ErrorKind::MissingAuthority),
        ] {
            let e = Telnet::new(UriRef::parse(s).unwrap()).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
        }
    }
}
