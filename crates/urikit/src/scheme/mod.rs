//! What particular schemes mean: the scheme-specific syntax and semantics of
//! RFC 1738 section 3, a registry of known schemes, and the security
//! warnings of the specifications.
//!
//! Each scheme of RFC 1738 has a typed view, built from a [`UriRef`] that
//! has already been parsed (nothing is parsed twice): the view checks the
//! scheme's own rules from the BNF of RFC 1738 section 5 and fails with a
//! precise [`Error`] (kind and byte offset) when a URI is valid generic
//! syntax but not valid for its scheme. [`View::new`] picks the view by
//! scheme name.
//!
//! | scheme | view | section |
//! | --- | --- | --- |
//! | `ftp` | [`Ftp`], with the FTP commands it stands for | 3.2 |
//! | `http`, `https` | [`Http`] | 3.3 (and 2396bis 3.2.2) |
//! | `gopher` | [`Gopher`], with Gopher+ forms and the request line | 3.4 |
//! | `mailto` | [`Mailto`] | 3.5 |
//! | `news` | [`News`] | 3.6 |
//! | `nntp` | [`Nntp`] | 3.7 |
//! | `telnet` | [`Telnet`] | 3.8 |
//! | `wais` | [`Wais`] | 3.9 |
//! | `file` | [`File`], with local path conversion | 3.10 |
//! | `prospero` | [`Prospero`] | 3.11 |
//!
//! ```
//! use urikit::scheme::{FtpCommand, View};
//! use urikit::UriRef;
//!
//! let uri = UriRef::parse("ftp://myname@host.dom/%2Fetc/motd")?;
//! let View::Ftp(ftp) = View::new(uri)? else { unreachable!() };
//! let commands: Vec<String> = ftp.commands().map(|c| c.to_string()).collect();
//! assert_eq!(commands, ["USER myname", "PASS <ask the user>", "CWD /etc", "RETR motd"]);
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! How the views read RFC 1738 against the later documents:
//! - Characters: RFC 1738 writes `~` as `national` (must be encoded); RFC
//!   2396 section 2.3 made it unreserved, and the views accept it. Every
//!   other rule is RFC 1738's: where a scheme's BNF leaves out a reserved
//!   character (`;` in an FTP segment, `/` in a WAIS database), it is
//!   `invalid-char` at its offset, to be percent-encoded.
//! - RFC 1738 has no query component: for the schemes whose url-path takes
//!   `?` as an ordinary character (ftp, gopher, file, prospero, the
//!   message-id of news, mailto), the query that RFC 3986 splits off is
//!   read back as part of the path. `http` and `wais` give `?` its meaning
//!   of a search part.
//! - A fragment is not part of a URL (RFC 1738 section 2.2, on `#`); the
//!   views ignore it.
//! - Hosts follow RFC 1738 section 3.1: a domain name whose labels are
//!   letters, digits and `-` and whose last label starts with a letter, or
//!   four dot-separated numbers; IP literals in brackets (RFC 2732) are
//!   accepted too. `http` and `https` follow 2396bis section 3.2.2 instead
//!   (dotted IPv4 with octets up to 255, labels of at most 63 characters).
//!   So `my_host` or an encoded host is `invalid-host`. A port is one or more digits (`port = digits`);
//!   only `http` and `https` accept an empty port, as 2396bis does.
//!
//! May use: `registry`, `parse`, `grammar`, `pct`, `host`, `uri`, `buf`.

/// The `uri`, `host` and `port` accessors of a view over the common Internet
/// scheme syntax (RFC 1738 section 3.1), each with a runnable example:
/// `(Type, "scheme", "/path", "the default port and where it is given")`.
macro_rules! server_accessors {
    ($ty:ident, $scheme:literal, $path:literal, $default:literal) => {
        /// The URI this view reads.
        ///
        #[doc = concat!(
            "```\nlet uri = urikit::UriRef::parse(\"", $scheme, "://h.dom", $path, "\").unwrap();\n",
            "assert_eq!(urikit::scheme::", stringify!($ty), "::new(uri).unwrap().uri(), uri);\n```"
        )]
        pub fn uri(&self) -> UriRef<'a> {
            self.uri
        }

        /// The host, as written (an IP literal keeps its brackets).
        ///
        #[doc = concat!(
            "```\nlet uri = urikit::UriRef::parse(\"", $scheme, "://[::1]", $path, "\").unwrap();\n",
            "assert_eq!(urikit::scheme::", stringify!($ty), "::new(uri).unwrap().host().as_str(), \"[::1]\");\n```"
        )]
        pub fn host(&self) -> Host<'a> {
            self.server.host
        }

        #[doc = concat!("The port: as written, or ", $default, ".")]
        ///
        #[doc = concat!(
            "```\nlet uri = urikit::UriRef::parse(\"", $scheme, "://h.dom:99", $path, "\").unwrap();\n",
            "assert_eq!(urikit::scheme::", stringify!($ty), "::new(uri).unwrap().port(), 99);\n```"
        )]
        pub fn port(&self) -> u16 {
            self.server.port
        }
    };
}
pub(crate) use server_accessors;

/// The `user` and `password` accessors of a view whose scheme has a `login`
/// (RFC 1738 section 3.1): absent and empty are kept apart.
macro_rules! login_accessors {
    ($ty:ident, $scheme:literal) => {
        /// The user name, as written, or `None` when the URL has none.
        ///
        #[doc = concat!(
            "```\nlet v = |s| urikit::scheme::", stringify!($ty), "::new(urikit::UriRef::parse(s).unwrap()).unwrap();\n",
            "assert_eq!(v(\"", $scheme, "://a%40b@h/\").user().unwrap().decode(), &b\"a@b\"[..]);\n",
            "assert_eq!(v(\"", $scheme, "://@h/\").user().unwrap(), \"\");\n",
            "assert_eq!(v(\"", $scheme, "://h/\").user(), None);\n```"
        )]
        pub fn user(&self) -> Option<PctStr<'a>> {
            self.server.user
        }

        /// The password, as written, or `None` when the URL has none.
        ///
        #[doc = concat!(
            "```\nlet v = |s| urikit::scheme::", stringify!($ty), "::new(urikit::UriRef::parse(s).unwrap()).unwrap();\n",
            "assert_eq!(v(\"", $scheme, "://u:p@h/\").password().unwrap(), \"p\");\n",
            "assert_eq!(v(\"", $scheme, "://u:@h/\").password().unwrap(), \"\");\n",
            "assert_eq!(v(\"", $scheme, "://u@h/\").password(), None);\n```"
        )]
        pub fn password(&self) -> Option<PctStr<'a>> {
            self.server.password
        }
    };
}
pub(crate) use login_accessors;

mod file;
mod ftp;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;
mod warning;

use core::fmt;

use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::{ALPHA, DIGIT};
use crate::grammar::Hosts;
use crate::grammar::Table;
use crate::host::Host;
use crate::parse::older::{check, hostname_or_number};
use crate::parse::HostType;
use crate::pct::PctStr;
use crate::UriRef;

pub use crate::registry::{
    default_port, empty_path_is_root, is_experimental, lookup, uses_dns, SchemeInfo, KNOWN,
};
#[cfg(feature = "std")]
pub use file::from_path;
pub use file::File;
#[cfg(feature = "alloc")]
pub use file::{from_unix_path, from_windows_path};
pub use ftp::{Ftp, FtpCommand, FtpPassword, Typecode};
pub use gopher::{Gopher, GopherPlus};
pub use http::Http;
pub use mailto::Mailto;
pub use news::News;
pub use nntp::Nntp;
pub use prospero::Prospero;
pub use telnet::Telnet;
pub use wais::Wais;
pub use warning::{warnings, Warning, WarningKind, Warnings};

/// The scheme-specific view of a URI, chosen by its scheme.
///
/// ```
/// use urikit::scheme::View;
/// use urikit::{ErrorKind, UriRef};
///
/// let view = View::new(UriRef::parse("news:comp.infosystems.www.misc")?)?;
/// let View::News(news) = view else { unreachable!() };
/// assert_eq!(news.newsgroup().unwrap(), "comp.infosystems.www.misc");
///
/// // Valid generic syntax, but not a valid nntp URL (RFC 1738 section 5).
/// let err = View::new(UriRef::parse("nntp://host/group/12x")?).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPath, 20));
///
/// // Unknown schemes are not errors.
/// assert!(matches!(View::new(UriRef::parse("urn:isbn:0")?)?, View::Other(_)));
/// # Ok::<(), urikit::Error>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug)]
pub enum View<'a> {
    /// `ftp` (RFC 1738 section 3.2).
    Ftp(Ftp<'a>),
    /// `http` and `https` (RFC 1738 section 3.3).
    Http(Http<'a>),
    /// `gopher` (RFC 1738 section 3.4).
    Gopher(Gopher<'a>),
    /// `mailto` (RFC 1738 section 3.5).
    Mailto(Mailto<'a>),
    /// `news` (RFC 1738 section 3.6).
    News(News<'a>),
    /// `nntp` (RFC 1738 section 3.7).
    Nntp(Nntp<'a>),
    /// `telnet` (RFC 1738 section 3.8).
    Telnet(Telnet<'a>),
    /// `wais` (RFC 1738 section 3.9).
    Wais(Wais<'a>),
    /// `file` (RFC 1738 section 3.10).
    File(File<'a>),
    /// `prospero` (RFC 1738 section 3.11).
    Prospero(Prospero<'a>),
    /// Any other scheme: only the generic syntax applies.
    Other(UriRef<'a>),
}

impl<'a> View<'a> {
    /// The view of `uri` for its scheme; a relative reference is
    /// `missing-scheme`.
    ///
    /// # Errors
    ///
    /// [`MissingScheme`](crate::ErrorKind::MissingScheme) for a reference without a scheme;
    /// otherwise the error of the view of its scheme (see each view's `new`).
    ///
    /// ```
    /// use urikit::scheme::View;
    /// use urikit::UriRef;
    ///
    /// let view = View::new(UriRef::parse("GOPHER://h/0a")?)?;
    /// assert!(matches!(view, View::Gopher(_)));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<View<'a>, Error> {
        let scheme = uri
            .scheme()
            .ok_or(Error::new(ErrorKind::MissingScheme, 0))?;
        let is = |name: &str| scheme.eq_ignore_ascii_case(name);
        Ok(if is("ftp") {
            View::Ftp(Ftp::new(uri)?)
        } else if is("http") || is("https") {
            View::Http(Http::new(uri)?)
        } else if is("gopher") {
            View::Gopher(Gopher::new(uri)?)
        } else if is("mailto") {
            View::Mailto(Mailto::new(uri)?)
        } else if is("news") {
            View::News(News::new(uri)?)
        } else if is("nntp") {
            View::Nntp(Nntp::new(uri)?)
        } else if is("telnet") {
            View::Telnet(Telnet::new(uri)?)
        } else if is("wais") {
            View::Wais(Wais::new(uri)?)
        } else if is("file") {
            View::File(File::new(uri)?)
        } else if is("prospero") {
            View::Prospero(Prospero::new(uri)?)
        } else {
            View::Other(uri)
        })
    }

    /// The URI the view reads.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("x-a:b").unwrap();
    /// assert_eq!(urikit::scheme::View::new(uri).unwrap().uri(), uri);
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        match self {
            View::Ftp(v) => v.uri(),
            View::Http(v) => v.uri(),
            View::Gopher(v) => v.uri(),
            View::Mailto(v) => v.uri(),
            View::News(v) => v.uri(),
            View::Nntp(v) => v.uri(),
            View::Telnet(v) => v.uri(),
            View::Wais(v) => v.uri(),
            View::File(v) => v.uri(),
            View::Prospero(v) => v.uri(),
            View::Other(u) => *u,
        }
    }
}

/// `uchar = unreserved | escape` (RFC 1738 section 5), with `~`, which
/// RFC 2396 section 2.3 moved from `national` to `unreserved`.
const UCHAR: Table = ALPHA.or(DIGIT).or(Table::new(b"$-_.+!*'(),~")).or_pct();

/// `user` and `password`: `*[ uchar | ";" | "?" | "&" | "=" ]`.
const USER: Table = UCHAR.or(Table::new(b";?&="));

/// `fsegment` (ftp, file) and `psegment` (prospero):
/// `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`, with `/` between segments.
const FPATH: Table = UCHAR.or(Table::new(b"?:@&=/"));

/// `hsegment` and `search` of http, and the `search` of wais:
/// `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
const SEARCH: Table = UCHAR.or(Table::new(b";:@&="));

/// Fails with `unexpected-scheme` unless the URI's scheme is one of `names`.
fn expect_scheme(uri: &UriRef<'_>, names: &[&str]) -> Result<(), Error> {
    match uri.scheme() {
        Some(s) if names.iter().any(|n| s.eq_ignore_ascii_case(n)) => Ok(()),
        Some(_) => Err(Error::new(ErrorKind::UnexpectedScheme, 0)),
        None => Err(Error::new(ErrorKind::MissingScheme, 0)),
    }
}

/// `uri[start..end]`, which the parser has already checked.
fn span<'a>(uri: &UriRef<'a>, (start, end): (usize, usize)) -> PctStr<'a> {
    PctStr::new_unchecked(&uri.as_str()[start..end])
}

/// The host, port and (with `login`) user and password of the common
/// Internet scheme syntax, RFC 1738 section 3.1:
/// `//<user>:<password>@<host>:<port>/<url-path>`.
#[derive(Clone, Copy, Debug)]
struct Server<'a> {
    user: Option<PctStr<'a>>,
    password: Option<PctStr<'a>>,
    host: Host<'a>,
    port: u16,
}

/// What a scheme's authority may hold.
#[derive(Clone, Copy)]
struct Rules {
    /// `login` (user and password) rather than `hostport`.
    login: bool,
    /// Whether the host may be empty (`file`).
    empty_host: bool,
    /// Whether `:` may stand without digits (http after 2396bis).
    empty_port: bool,
    /// The default port, or `None` when the scheme takes no port at all.
    port: Option<u16>,
    /// The host rule: RFC 1738's own (`Classic`) or 2396bis's (`Bis`).
    hosts: Hosts,
}

impl Rules {
    /// `hostport` (section 5): a host that is required, an optional port of
    /// at least one digit, no user or password.
    const fn hostport(default_port: u16) -> Rules {
        Rules {
            login: false,
            empty_host: false,
            empty_port: false,
            port: Some(default_port),
            hosts: Hosts::Classic,
        }
    }

    /// `login` (section 5): `hostport` with an optional user and password.
    const fn login(default_port: u16) -> Rules {
        Rules {
            login: true,
            ..Rules::hostport(default_port)
        }
    }
}

fn server<'a>(uri: &UriRef<'a>, r: Rules) -> Result<Server<'a>, Error> {
    let m = uri.meta();
    let a = m
        .auth
        .ok_or(Error::new(ErrorKind::MissingAuthority, m.path_start()))?;
    let b = uri.as_str().as_bytes();
    let (mut user, mut password) = (None, None);
    let start = m.auth_start();
    let host_start = match a.userinfo_end(start) {
        Some(_) if !r.login => return Err(Error::new(ErrorKind::UnexpectedUserinfo, start)),
        Some(at) => {
            // "Within the user and password field, any ":", "@", or "/" must
            // be encoded" (3.1).
            let colon = b[start..at].iter().position(|&c| c == b':');
            let user_end = colon.map_or(at, |c| start + c);
            check(b, start, user_end, &USER, ErrorKind::InvalidChar)?;
            user = Some(span(uri, (start, user_end)));
            if colon.is_some() {
                check(b, user_end + 1, at, &USER, ErrorKind::InvalidChar)?;
                password = Some(span(uri, (user_end + 1, at)));
            }
            at + 1
        }
        None => start,
    };
    let host = Host::new(&uri.as_str()[host_start..a.host_end], a.host);
    if host.host_type() == HostType::RegName {
        if host.as_str().is_empty() {
            if !r.empty_host {
                return Err(Error::new(ErrorKind::MissingHost, host_start));
            }
        } else {
            hostname_or_number(r.hosts, b, host_start, a.host_end)?;
        }
    }
    let port = match (uri.port(), r.port) {
        (None, default) => default.unwrap_or(0),
        (Some(_), None) => return Err(Error::new(ErrorKind::UnexpectedPort, a.host_end)),
        (Some(""), Some(default)) if r.empty_port => default,
        (Some(""), Some(_)) => return Err(Error::new(ErrorKind::InvalidPort, a.host_end + 1)),
        (Some(_), Some(_)) => uri.port_u16()?.unwrap_or(0),
    };
    Ok(Server {
        user,
        password,
        host,
        port,
    })
}

/// The url-path of RFC 1738 section 3.1, for a scheme in whose url-path `?`
/// is an ordinary character: from after the `/` that follows the host (or
/// port) up to the end of the query. `None` when no `/` follows.
fn url_path(uri: &UriRef<'_>) -> Result<Option<(usize, usize)>, Error> {
    let m = uri.meta();
    let start = m.path_start();
    if start == m.path_end {
        if uri.query().is_some() {
            return Err(Error::new(ErrorKind::InvalidPath, m.path_end));
        }
        return Ok(None);
    }
    Ok(Some((start + 1, m.query_end)))
}

/// Fails with `unexpected-query` when the URI has a query.
fn no_query(uri: &UriRef<'_>) -> Result<(), Error> {
    match uri.query() {
        Some(_) => Err(Error::new(ErrorKind::UnexpectedQuery, uri.meta().path_end)),
        None => Ok(()),
    }
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]` (RFC 1738
/// section 5, for news and nntp).
fn check_group(b: &[u8], start: usize, end: usize) -> Result<(), Error> {
    const GROUP_REST: Table = ALPHA.or(DIGIT).or(Table::new(b"-.+_"));
    if start == end || !ALPHA.allows(b[start]) {
        return Err(Error::new(ErrorKind::InvalidNewsgroup, start));
    }
    match b[start + 1..end]
        .iter()
        .position(|&c| !GROUP_REST.allows(c))
    {
        Some(p) => Err(Error::new(ErrorKind::InvalidNewsgroup, start + 1 + p)),
        None => Ok(()),
    }
}

/// Whether `s[i..]` begins with the percent-encoding of `byte` (`%HH`, hex
/// digits in either case).
fn encoded_at(s: &[u8], i: usize, byte: u8) -> bool {
    match s.get(i..i + 3) {
        Some([b'%', h, l]) => {
            crate::grammar::rfc3986::hex_val(*h) == Some(byte >> 4)
                && crate::grammar::rfc3986::hex_val(*l) == Some(byte & 0xF)
        }
        _ => false,
    }
}

/// Whether `s[i..]` begins with the percent-encodings of the bytes of `seq`.
fn encoded_seq_at(s: &[u8], i: usize, seq: &[u8]) -> bool {
    seq.iter()
        .enumerate()
        .all(|(k, &c)| encoded_at(s, i + 3 * k, c))
}

/// The offset of the first percent-encoded `byte` in `s`.
fn find_encoded(s: &str, byte: u8) -> Option<usize> {
    find_encoded_seq(s, &[byte])
}

/// The offset of the first percent-encoding of the bytes of `seq` in `s`.
fn find_encoded_seq(s: &str, seq: &[u8]) -> Option<usize> {
    let b = s.as_bytes();
    (0..b.len()).find(|&i| encoded_seq_at(b, i, seq))
}

/// Splits encoded text at each percent-encoding of a separator (such as
/// `%20` between Gopher+ attribute names, or `%0D%0A` between the lines of
/// an ASK block). Empty text has no parts.
///
/// ```
/// use urikit::scheme::{Gopher, GopherPlus};
/// let uri = urikit::UriRef::parse("gopher://h/0s%09%09!+A%20+B").unwrap();
/// let Some(GopherPlus::ItemAttributes(names)) = Gopher::new(uri).unwrap().gopher_plus()
/// else { panic!() };
/// assert_eq!(names.map(|n| n.as_str()).collect::<Vec<_>>(), ["+A", "+B"]);
/// ```
#[derive(Clone, Debug)]
pub struct EncodedSplit<'a> {
    rest: Option<&'a str>,
    sep: &'static [u8],
}

impl<'a> EncodedSplit<'a> {
    fn new(s: &'a str, sep: &'static [u8]) -> EncodedSplit<'a> {
        EncodedSplit {
            rest: (!s.is_empty()).then_some(s),
            sep,
        }
    }
}

impl<'a> Iterator for EncodedSplit<'a> {
    type Item = PctStr<'a>;

    fn next(&mut self) -> Option<PctStr<'a>> {
        let rest = self.rest?;
        match find_encoded_seq(rest, self.sep) {
            Some(i) => {
                self.rest = Some(&rest[i + 3 * self.sep.len()..]);
                Some(PctStr::new_unchecked(&rest[..i]))
            }
            None => {
                self.rest = None;
                Some(PctStr::new_unchecked(rest))
            }
        }
    }
}

/// Writes the decoded text of `s`, showing control characters and bytes
/// that are not UTF-8 as `\xHH`, so that the text stays one line.
/// Without `alloc`, the text is shown as written.
fn write_decoded(f: &mut fmt::Formatter<'_>, s: PctStr<'_>) -> fmt::Result {
    #[cfg(feature = "alloc")]
    {
        for chunk in s.decode().utf8_chunks() {
            for c in chunk.valid().chars() {
                if c.is_control() {
                    write!(f, "\\x{:02X}", u32::from(c))?;
                } else {
                    fmt::Write::write_char(f, c)?;
                }
            }
            for b in chunk.invalid() {
                write!(f, "\\x{b:02X}")?;
            }
        }
        Ok(())
    }
    #[cfg(not(feature = "alloc"))]
    f.write_str(s.as_str())
}

/// A reader of the fields of a [`View`], called by [`View::visit`] in a
/// fixed order for each scheme: the fields of RFC 1738 section 3 (and, for
/// `http`, RFC 2396bis) by their names in `uri inspect`'s contract. Each
/// method gets the field's name and its value; `uri` is the URI read, for
/// offsets into it.
pub trait Fields {
    /// What a reader may fail with; it stops the visit.
    type Err;
    /// A decoded value.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn text(&mut self, name: &str, uri: UriRef<'_>, v: PctStr<'_>) -> Result<(), Self::Err>;
    /// A decoded value, or `null`.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn opt_text(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        v: Option<PctStr<'_>>,
    ) -> Result<(), Self::Err>;
    /// A value as written, or `null`.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn raw(&mut self, name: &str, v: Option<&str>) -> Result<(), Self::Err>;
    /// A number, or `null`.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn number(&mut self, name: &str, v: Option<u64>) -> Result<(), Self::Err>;
    /// A boolean.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn flag(&mut self, name: &str, v: bool) -> Result<(), Self::Err>;
    /// A list of decoded values.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn list<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> Result<(), Self::Err>;
    /// A list of decoded `[name, value]` pairs.
    ///
    /// # Errors
    ///
    /// Whatever the reader fails with; the visit stops there.
    fn pairs<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> Result<(), Self::Err>;
}

impl View<'_> {
    /// Calls `f` with each field of the view, in the order of `uri
    /// inspect`'s contract (none for [`View::Other`]).
    ///
    /// # Errors
    ///
    /// The first error `f` returns.
    ///
    /// ```
    /// use urikit::pct::PctStr;
    /// use urikit::scheme::{Fields, View};
    /// use urikit::UriRef;
    ///
    /// struct Names(Vec<String>);
    /// impl Fields for Names {
    ///     type Err = ();
    ///     fn text(&mut self, n: &str, _: UriRef<'_>, _: PctStr<'_>) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn opt_text(&mut self, n: &str, _: UriRef<'_>, _: Option<PctStr<'_>>) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn raw(&mut self, n: &str, _: Option<&str>) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn number(&mut self, n: &str, _: Option<u64>) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn flag(&mut self, n: &str, _: bool) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn list<'p>(
    ///         &mut self, n: &str, _: UriRef<'_>, _: &mut dyn Iterator<Item = PctStr<'p>>,
    ///     ) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    ///     fn pairs<'p>(
    ///         &mut self, n: &str, _: UriRef<'_>,
    ///         _: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ///     ) -> Result<(), ()> {
    ///         Ok(self.0.push(n.into()))
    ///     }
    /// }
    ///
    /// let view = View::new(UriRef::parse("ftp://h/a/b;type=i")?)?;
    /// let mut names = Names(Vec::new());
    /// view.visit(&mut names).unwrap();
    /// assert_eq!(names.0, ["user", "password", "host", "port", "cwd", "name", "typecode"]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn visit<F: Fields>(&self, f: &mut F) -> Result<(), F::Err> {
        let view = self;
        let uri = view.uri();
        fn host<'h>(h: crate::Host<'h>) -> &'h str {
            h.as_str()
        }
        let port = |p: u16| Some(u64::from(p));
        match view {
            View::Ftp(v) => {
                f.opt_text("user", uri, v.user())?;
                f.opt_text("password", uri, v.password())?;
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.list("cwd", uri, &mut v.cwd())?;
                f.opt_text("name", uri, v.name())?;
                let code = v.typecode().map(|t| t.as_char());
                let mut buf = [0; 4];
                f.raw("typecode", code.map(|c| &*c.encode_utf8(&mut buf)))
            }
            View::Http(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.raw("path", Some(v.path().as_str()))?;
                f.raw("search", v.search().map(|s| s.as_str()))
            }
            View::Gopher(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.text("gopher_type", uri, v.gopher_type())?;
                f.text("selector", uri, v.selector())?;
                f.opt_text("search", uri, v.search())?;
                f.opt_text("gopher_plus", uri, v.gopher_plus_str())
            }
            View::Mailto(v) => f.list("addresses", uri, &mut v.addresses()),
            View::News(v) => {
                f.opt_text("newsgroup", uri, v.newsgroup())?;
                f.opt_text("message_id", uri, v.message_id())?;
                f.flag("all_groups", v.is_all_groups())
            }
            View::Nntp(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.text("newsgroup", uri, v.newsgroup())?;
                f.number("article", v.article())
            }
            View::Telnet(v) => {
                f.opt_text("user", uri, v.user())?;
                f.opt_text("password", uri, v.password())?;
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))
            }
            View::Wais(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.text("database", uri, v.database())?;
                f.opt_text("search", uri, v.search())?;
                f.opt_text("wtype", uri, v.wtype())?;
                f.opt_text("wpath", uri, v.wpath())
            }
            View::File(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.text("path", uri, v.path())
            }
            View::Prospero(v) => {
                f.raw("host", Some(host(v.host())))?;
                f.number("port", port(v.port()))?;
                f.text("hsoname", uri, v.hsoname())?;
                f.pairs("fields", uri, &mut v.fields())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::Vec;

    #[test]
    fn uchar_is_rfc1738_unreserved_and_escape_plus_tilde() {
        // RFC 1738 section 5: unreserved = alpha | digit | safe | extra.
        for c in 0..=255u8 {
            let expected = c.is_ascii_alphanumeric() || b"$-_.+!*'(),~".contains(&c);
            assert_eq!(UCHAR.allows(c), expected, "{c:#x}");
        }
        assert!(UCHAR.allows_pct());
    }

    #[test]
    fn encoded_split_splits_only_at_the_encoded_byte() {
        let parts: Vec<&str> = EncodedSplit::new("a%09b%0Ac%09", b"\t")
            .map(|p| p.as_str())
            .collect();
        assert_eq!(parts, ["a", "b%0Ac", ""]);
        let lines: Vec<&str> = EncodedSplit::new("a%0d%0Ab%0D", b"\r\n")
            .map(|p| p.as_str())
            .collect();
        assert_eq!(lines, ["a", "b%0D"]);
        assert_eq!(EncodedSplit::new("", b" ").count(), 0);
        assert!(encoded_at(b"%2f", 0, b'/'));
        assert!(!encoded_at(b"%2", 0, b'/'));
    }
}
