//! `ftp` URLs, RFC 1738 section 3.2:
//! `ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<cwdN>/<name>;type=<typecode>`.

use core::fmt;

use super::{check, expect_scheme, server, span, url_path, write_decoded, Rules, Server, FPATH};
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// The FTP transfer type of `;type=<typecode>` (RFC 1738 section 3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typecode {
    /// `a`: ASCII text (`TYPE A`).
    Ascii,
    /// `i`: image, binary (`TYPE I`).
    Image,
    /// `d`: a directory listing (`NLST`).
    Directory,
}

impl Typecode {
    /// The code as RFC 1738 writes it, in lower case.
    ///
    /// ```
    /// assert_eq!(urikit::scheme::Typecode::Image.as_char(), 'i');
    /// ```
    pub const fn as_char(self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }

    fn from_byte(b: u8) -> Option<Typecode> {
        match b.to_ascii_lowercase() {
            b'a' => Some(Typecode::Ascii),
            b'i' => Some(Typecode::Image),
            b'd' => Some(Typecode::Directory),
            _ => None,
        }
    }
}

/// An `ftp` URL (RFC 1738 section 3.2).
///
/// A user or password that is empty is kept apart from one that is absent
/// (section 3.1): `ftp://@host.com/` has an empty user and no password,
/// `ftp://foo:@host.com/` an empty password.
///
/// ```
/// use urikit::scheme::{Ftp, Typecode};
/// use urikit::UriRef;
///
/// let ftp = Ftp::new(UriRef::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt;type=A")?)?;
/// assert_eq!(ftp.host().as_str(), "ftp.is.co.za");
/// assert_eq!(ftp.port(), 21);
/// assert_eq!(ftp.cwd().map(|s| s.as_str()).collect::<Vec<_>>(), ["rfc"]);
/// assert_eq!(ftp.name().unwrap(), "rfc1808.txt");
/// assert_eq!(ftp.typecode(), Some(Typecode::Ascii));
///
/// assert_eq!(Ftp::new(UriRef::parse("ftp://@host.com/")?)?.user().unwrap(), "");
/// assert_eq!(Ftp::new(UriRef::parse("ftp://host.com/")?)?.user(), None);
/// assert_eq!(Ftp::new(UriRef::parse("ftp://foo:@host.com/")?)?.password().unwrap(), "");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ftp<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
    /// `fpath` without the `;type=` part, when the URL has a url-path.
    fpath: Option<(usize, usize)>,
    typecode: Option<Typecode>,
}

impl<'a> Ftp<'a> {
    /// Reads `uri` as an FTP URL: `ftpurl = "ftp://" login [ "/" fpath
    /// [ ";type=" ftptype ]]` (section 5). The typecode is accepted in
    /// either case, as is the word `type`.
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`MissingHost`](crate::ErrorKind::MissingHost),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort),
    /// [`InvalidTypecode`](crate::ErrorKind::InvalidTypecode),
    /// [`InvalidPath`](crate::ErrorKind::InvalidPath)).
    ///
    /// ```
    /// use urikit::{scheme::Ftp, ErrorKind, UriRef};
    ///
    /// let err = Ftp::new(UriRef::parse("ftp://h/a;type=x")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidTypecode, 15));
    /// // ";" is reserved inside a segment and must be encoded (3.2.2).
    /// let err = Ftp::new(UriRef::parse("ftp://h/a;b/c")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidChar, 9));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Ftp<'a>, Error> {
        expect_scheme(&uri, &["ftp"])?;
        let server = server(&uri, Rules::login(21))?;
        let mut fpath = url_path(&uri)?;
        let mut typecode = None;
        if let Some((start, end)) = fpath {
            let b = uri.as_str().as_bytes();
            let semi = b[start..end].iter().position(|&c| c == b';');
            let path_end = semi.map_or(end, |p| start + p);
            if path_end < end {
                let code = path_end + 6;
                let keyword = b.get(path_end + 1..code);
                if !keyword.is_some_and(|k| k.eq_ignore_ascii_case(b"type=")) {
                    return Err(Error::new(ErrorKind::InvalidChar, path_end));
                }
                typecode = match b.get(code..end) {
                    Some(&[c]) => Typecode::from_byte(c),
                    _ => None,
                };
                if typecode.is_none() {
                    return Err(Error::new(ErrorKind::InvalidTypecode, code));
                }
            }
            check(b, start, path_end, &FPATH, ErrorKind::InvalidChar)?;
            fpath = Some((start, path_end));
        }
        Ok(Ftp {
            uri,
            server,
            fpath,
            typecode,
        })
    }

    super::server_accessors!(Ftp, "ftp", "/", "21 (RFC 1738 section 3.2)");
    super::login_accessors!(Ftp, "ftp");

    /// The directories `<cwd1>` to `<cwdN>`, as written: every segment of
    /// the url-path but the last. A `/` inside one is written `%2F`.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("ftp://h//etc/motd").unwrap();
    /// let ftp = urikit::scheme::Ftp::new(uri).unwrap();
    /// assert_eq!(ftp.cwd().map(|s| s.as_str()).collect::<Vec<_>>(), ["", "etc"]);
    /// ```
    pub fn cwd(&self) -> impl Iterator<Item = PctStr<'a>> + Clone {
        let dirs = self
            .fpath_str()
            .and_then(|p| p.rsplit_once('/'))
            .map(|(dirs, _)| dirs);
        dirs.into_iter()
            .flat_map(|d| d.split('/'))
            .map(PctStr::new_unchecked)
    }

    /// The `<name>`, as written: the last segment of the url-path, without
    /// `;type=`. `None` when the URL has no url-path (`ftp://host`), empty
    /// when it ends with `/`.
    ///
    /// ```
    /// let ftp = |s| urikit::scheme::Ftp::new(urikit::UriRef::parse(s).unwrap()).unwrap();
    /// assert_eq!(ftp("ftp://h").name(), None);
    /// assert_eq!(ftp("ftp://h/pub/").name().unwrap(), "");
    /// ```
    pub fn name(&self) -> Option<PctStr<'a>> {
        self.fpath_str()
            .map(|p| PctStr::new_unchecked(p.rsplit_once('/').map_or(p, |(_, name)| name)))
    }

    /// The `;type=` code, if given (section 3.2.3: when it is absent, the
    /// client guesses).
    ///
    /// ```
    /// use urikit::scheme::{Ftp, Typecode};
    /// let uri = urikit::UriRef::parse("ftp://h/pub;TYPE=D").unwrap();
    /// assert_eq!(Ftp::new(uri).unwrap().typecode(), Some(Typecode::Directory));
    /// ```
    pub fn typecode(&self) -> Option<Typecode> {
        self.typecode
    }

    /// The FTP commands the URL stands for (section 3.2.1 and 3.2.2): `USER`
    /// and `PASS` (the anonymous convention when the URL gives no user), one
    /// `CWD` per directory (an empty `CWD` for an empty segment), then
    /// `TYPE` when a typecode `a` or `i` is given, and `RETR <name>`; or
    /// `NLST <name>` for typecode `d`. RFC 1738 does not say what an empty
    /// name means; we take it as the directory itself and end with `NLST`
    /// without argument.
    ///
    /// The arguments are the percent-encoded segments, decoded only when the
    /// command is written: check [`warnings`](crate::scheme::warnings) for
    /// encoded CR or LF before sending them.
    ///
    /// ```
    /// let lines = |s| {
    ///     let uri = urikit::UriRef::parse(s).unwrap();
    ///     let ftp = urikit::scheme::Ftp::new(uri).unwrap();
    ///     ftp.commands().map(|c| c.to_string()).collect::<Vec<_>>()
    /// };
    /// // The three examples of RFC 1738 section 3.2.2.
    /// assert_eq!(lines("ftp://myname@host.dom/%2Fetc/motd")[2..], ["CWD /etc", "RETR motd"]);
    /// assert_eq!(lines("ftp://myname@host.dom/etc/motd")[2..], ["CWD etc", "RETR motd"]);
    /// assert_eq!(
    ///     lines("ftp://myname@host.dom//etc/motd")[2..],
    ///     ["CWD", "CWD etc", "RETR motd"]
    /// );
    /// assert_eq!(
    ///     lines("ftp://h/pub;type=i"),
    ///     ["USER anonymous", "PASS <your e-mail address>", "TYPE I", "RETR pub"]
    /// );
    /// ```
    pub fn commands(&self) -> impl Iterator<Item = FtpCommand<'a>> + Clone {
        let user = FtpCommand::User(self.user());
        let pass = FtpCommand::Pass(match (self.user(), self.password()) {
            (_, Some(p)) => FtpPassword::Given(p),
            (Some(_), None) => FtpPassword::AskUser,
            (None, None) => FtpPassword::Anonymous,
        });
        let name = self.name().unwrap_or(PctStr::new_unchecked(""));
        let typ = match self.typecode {
            Some(Typecode::Ascii) => Some(FtpCommand::Type(Typecode::Ascii)),
            Some(Typecode::Image) => Some(FtpCommand::Type(Typecode::Image)),
            _ => None,
        };
        let last = if self.typecode == Some(Typecode::Directory) || name.is_empty() {
            FtpCommand::Nlst(name)
        } else {
            FtpCommand::Retr(name)
        };
        [user, pass]
            .into_iter()
            .chain(self.cwd().map(FtpCommand::Cwd))
            .chain(typ)
            .chain(core::iter::once(last))
    }

    fn fpath_str(&self) -> Option<&'a str> {
        self.fpath.map(|p| span(&self.uri, p).as_str())
    }
}

/// The password to send with `PASS` (RFC 1738 section 3.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FtpPassword<'a> {
    /// The URL's password, as written.
    Given(PctStr<'a>),
    /// The URL gives a user but no password: if the server asks for one,
    /// the program asks its user.
    AskUser,
    /// The URL gives no user: anonymous FTP, whose password is the end
    /// user's e-mail address.
    Anonymous,
}

/// One command of the sequence an `ftp` URL stands for. Its `Display` is
/// the command line, with the argument decoded (control characters shown
/// as `\xHH`).
///
/// ```
/// use urikit::{pct::PctStr, scheme::FtpCommand};
///
/// let cwd = FtpCommand::Cwd(PctStr::new("a%2Fb").unwrap());
/// assert_eq!(cwd.to_string(), "CWD a/b");
/// assert_eq!(cwd.verb(), "CWD");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FtpCommand<'a> {
    /// `USER`: the URL's user, or `anonymous` when it has none.
    User(Option<PctStr<'a>>),
    /// `PASS`, sent if the server asks for a password.
    Pass(FtpPassword<'a>),
    /// `CWD <dir>`; an empty directory is a `CWD` without argument.
    Cwd(PctStr<'a>),
    /// `TYPE A` or `TYPE I`.
    Type(Typecode),
    /// `RETR <name>`: fetch the file.
    Retr(PctStr<'a>),
    /// `NLST [<name>]`: list the directory.
    Nlst(PctStr<'a>),
}

impl FtpCommand<'_> {
    /// The command word.
    ///
    /// ```
    /// use urikit::scheme::{FtpCommand, Typecode};
    /// assert_eq!(FtpCommand::Type(Typecode::Ascii).verb(), "TYPE");
    /// ```
    pub const fn verb(&self) -> &'static str {
        match self {
            FtpCommand::User(_) => "USER",
            FtpCommand::Pass(_) => "PASS",
            FtpCommand::Cwd(_) => "CWD",
            FtpCommand::Type(_) => "TYPE",
            FtpCommand::Retr(_) => "RETR",
            FtpCommand::Nlst(_) => "NLST",
        }
    }
}

impl fmt::Display for FtpCommand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.verb())?;
        let arg = match *self {
            FtpCommand::User(None) => return f.write_str(" anonymous"),
            FtpCommand::Pass(FtpPassword::AskUser) => return f.write_str(" <ask the user>"),
            FtpCommand::Pass(FtpPassword::Anonymous) => {
                return f.write_str(" <your e-mail address>")
            }
            FtpCommand::Type(Typecode::Ascii) => return f.write_str(" A"),
            FtpCommand::Type(_) => return f.write_str(" I"),
            FtpCommand::User(Some(a)) | FtpCommand::Pass(FtpPassword::Given(a)) => a,
            FtpCommand::Cwd(a) | FtpCommand::Retr(a) | FtpCommand::Nlst(a) => a,
        };
        if !arg.is_empty() {
            f.write_str(" ")?;
            write_decoded(f, arg)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::{ToString, Vec};

    fn ftp(s: &str) -> Result<Ftp<'_>, Error> {
        Ftp::new(UriRef::parse(s).unwrap())
    }

    fn fail(s: &str, offset: usize, kind: ErrorKind) {
        let e = ftp(s).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
    }

    #[test]
    fn login_rules_of_section_3_1() {
        let f = ftp("ftp://u:p@h:99/").unwrap();
        assert_eq!(
            (f.user().unwrap().as_str(), f.password().unwrap().as_str()),
            ("u", "p")
        );
        assert_eq!(f.port(), 99);
        // ":" inside the password must be encoded.
        fail("ftp://u:p:q@h/", 9, ErrorKind::InvalidChar);
        // port = digits: a ":" without digits is not a port.
        fail("ftp://h:/", 8, ErrorKind::InvalidPort);
        fail("ftp://h:65536/", 8, ErrorKind::PortOutOfRange);
        fail("ftp:/pub", 4, ErrorKind::MissingAuthority);
        fail("ftp:///pub", 6, ErrorKind::MissingHost);
        fail("ftp://my_host/", 8, ErrorKind::InvalidHost);
        fail("ftp://a.1b/", 8, ErrorKind::InvalidHost);
        // The rightmost label never starts with a digit (3.1).
        fail("ftp://1.2.3/", 10, ErrorKind::InvalidHost);
        assert!(ftp("ftp://999.1.1.1/").is_ok());
        fail("http://h/", 0, ErrorKind::UnexpectedScheme);
    }

    #[test]
    fn fpath_and_typecode() {
        let f = ftp("ftp://h/a/b/c;type=d").unwrap();
        assert_eq!(f.cwd().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(f.name().unwrap(), "c");
        assert_eq!(f.typecode(), Some(Typecode::Directory));
        // "?" is an ordinary fsegment character (section 5).
        let f = ftp("ftp://h/a?b/c").unwrap();
        assert_eq!(f.cwd().collect::<Vec<_>>(), ["a?b"]);
        assert_eq!(f.name().unwrap(), "c");
        let f = ftp("ftp://h/").unwrap();
        assert_eq!(f.cwd().count(), 0);
        assert_eq!(f.name().unwrap(), "");
        fail("ftp://h/a;type=", 15, ErrorKind::InvalidTypecode);
        fail("ftp://h/a;type=ai", 15, ErrorKind::InvalidTypecode);
        fail("ftp://h/a;typ=a", 9, ErrorKind::InvalidChar);
        fail("ftp://h/a;type=a;type=i", 15, ErrorKind::InvalidTypecode);
        fail("ftp://h?x", 7, ErrorKind::InvalidPath);
    }

    #[test]
    fn commands_end_with_nlst_for_directories() {
        let f = ftp("ftp://u@h/pub/").unwrap();
        let c: Vec<_> = f.commands().collect();
        assert_eq!(c[1], FtpCommand::Pass(FtpPassword::AskUser));
        assert_eq!(c[2], FtpCommand::Cwd(PctStr::new("pub").unwrap()));
        assert_eq!(c[3], FtpCommand::Nlst(PctStr::new("").unwrap()));
        assert_eq!(c[3].to_string(), "NLST");
        let f = ftp("ftp://u:s%3Bt@h/a%0D%0ADELE%20x").unwrap();
        let lines: Vec<_> = f.commands().map(|c| c.to_string()).collect();
        assert_eq!(lines, ["USER u", "PASS s;t", "RETR a\\x0D\\x0ADELE x"]);
    }
}
