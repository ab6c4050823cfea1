//! `telnet` URLs, RFC 1738 section 3.8:
//! `telnet://<user>:<password>@<host>:<port>/`.

use super::{expect_scheme, no_query, server, Rules, Server};
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
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort),
    /// [`InvalidPath`](crate::ErrorKind::InvalidPath),
    /// [`UnexpectedQuery`](crate::ErrorKind::UnexpectedQuery)).
    ///
    /// ```
    /// assert!(urikit::scheme::Telnet::new(urikit::UriRef::parse("telnet://h")?).is_ok());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Telnet<'a>, Error> {
        expect_scheme(&uri, &["telnet"])?;
        let server = server(&uri, Rules::login(23))?;
        let m = uri.meta();
        if m.path_end > m.path_start() + 1 {
            return Err(Error::new(ErrorKind::InvalidPath, m.path_start() + 1));
        }
        no_query(&uri)?;
        Ok(Telnet { uri, server })
    }

    super::server_accessors!(Telnet, "telnet", "/", "23 (RFC 1738 section 3.8)");
    super::login_accessors!(Telnet, "telnet");
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
