//! Building and editing URI references component by component, keeping the
//! structural rules of RFC 3986 sections 3 and 4.2.
//!
//! Every component setter comes in two forms: the plain one takes text and
//! percent-encodes what the component cannot hold; the `_encoded` one takes
//! text already encoded and checks it against the component's grammar.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::grammar::rfc3986::{ALPHA, DIGIT, SCHEME};
use crate::grammar::Table;
use crate::parse::ip::parse_ip_literal;
use crate::parse::rfc3986::{host_type_in, sets};
use crate::parse::scan::scan;
use crate::parse::HostType;
use crate::parse::{unexpected, AuthMeta, Meta};
use crate::pct::{encode, encode_iri, Component};
use crate::{Dialect, Error, ErrorKind, UriRef, UriRefBuf};

/// The seven components of a reference to be written (section 5.3's
/// recomposition), each as written; `None` is undefined. An authority is
/// present exactly when `host` is. The result is a reference of `dialect`:
/// RFC 3986, or RFC 3987 for an IRI.
#[derive(Clone, Copy, Default)]
pub(crate) struct Components<'a> {
    pub(crate) dialect: Dialect,
    /// Whether the host may carry an IPv6 zone identifier (RFC 6874):
    /// only when the reference edited already has one.
    pub(crate) zones: bool,
    pub(crate) scheme: Option<&'a str>,
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: Option<&'a str>,
    pub(crate) port: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    pub(crate) fn of(u: UriRef<'a>) -> Components<'a> {
        let auth = u.authority();
        Components {
            dialect: u.dialect(),
            zones: u.meta().zoned(u.as_str()),
            scheme: u.scheme(),
            userinfo: auth.and_then(|a| a.userinfo()).map(|x| x.as_str()),
            host: auth.map(|a| a.host().as_str()),
            port: auth.and_then(|a| a.port()),
            path: u.path().as_str(),
            query: u.query().map(|x| x.as_str()),
            fragment: u.fragment().map(|x| x.as_str()),
        }
    }

    /// The structural rules between components (each component is already
    /// valid on its own).
    fn check(&self) -> Result<(), Error> {
        let path = self.path.as_bytes();
        match self.host {
            None if self.userinfo.is_some() || self.port.is_some() => {
                Err(Error::new(ErrorKind::HostRequired, 0))
            }
            // RFC 3986 section 3.3: "If a URI contains an authority
            // component, then the path component must either be empty or
            // begin with a slash".
            Some(_) if !path.is_empty() && path[0] != b'/' => {
                Err(Error::new(ErrorKind::RelativePathWithAuthority, 0))
            }
            // "If a URI does not contain an authority component, then the
            // path cannot begin with two slash characters".
            None if path.starts_with(b"//") => Err(Error::new(ErrorKind::AmbiguousPath, 0)),
            // Section 4.2: path-noscheme.
            None if self.scheme.is_none() => {
                let first = path.split(|&c| c == b'/').next().unwrap_or_default();
                match first.iter().position(|&c| c == b':') {
                    Some(at) => Err(Error::new(ErrorKind::ColonInFirstSegment, at)),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// Writes the reference and computes its offsets from the components'
    /// lengths, without parsing it again.
    fn assemble(&self) -> UriRefBuf {
        let len = [
            self.scheme,
            self.userinfo,
            self.host,
            self.port,
            self.query,
            self.fragment,
        ]
        .iter()
        .map(|c| c.map_or(0, |s| s.len() + 3))
        .sum::<usize>()
            + self.path.len();
        crate::work::add(len);
        let mut s = String::with_capacity(len);
        let mut scheme_end = 0;
        if let Some(scheme) = self.scheme {
            s.push_str(scheme);
            scheme_end = s.len();
            s.push(':');
        }
        let auth = self.host.map(|host| {
            s.push_str("//");
            if let Some(u) = self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            let host_start = s.len();
            s.push_str(host);
            let host_end = s.len();
            if let Some(port) = self.port {
                s.push(':');
                s.push_str(port);
            }
            AuthMeta {
                host_start,
                host_end,
                host: host_type_in(host, sets(self.dialect == Dialect::Rfc3987, self.zones))
                    .unwrap_or(HostType::RegName),
                end: s.len(),
            }
        });
        s.push_str(self.path);
        let path_end = s.len();
        if let Some(q) = self.query {
            s.push('?');
            s.push_str(q);
        }
        let query_end = s.len();
        if let Some(f) = self.fragment {
            s.push('#');
            s.push_str(f);
        }
        UriRefBuf::from_parts(
            s,
            Meta {
                scheme_end,
                auth,
                path_end,
                query_end,
            },
            self.dialect,
        )
    }

    fn build(&self) -> Result<UriRefBuf, Error> {
        self.check()?;
        Ok(self.assemble())
    }
}

/// What a value set by an edit may hold beyond RFC 3986: the characters
/// of an IRI (RFC 3987 section 2.2) in an IRI, and an IPv6 zone identifier
/// (RFC 6874) in the host of a reference that already has one (a zone is
/// accepted only on request, when the reference is read).
#[derive(Clone, Copy, Default)]
struct Mode {
    iri: bool,
    zones: bool,
}

/// Checks `s` against a component's table (`%HH` included); the error is at
/// the first byte that does not fit.
fn check_table(s: &str, table: &Table) -> Result<(), Error> {
    let b = s.as_bytes();
    match scan(b, 0, table) {
        end if end == b.len() => Ok(()),
        at => Err(unexpected(b, at, ErrorKind::InvalidChar)),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (section 3.1).
fn check_scheme(s: &str) -> Result<(), Error> {
    let b = s.as_bytes();
    if !b.first().is_some_and(|&c| ALPHA.allows(c)) {
        return Err(Error::new(ErrorKind::InvalidScheme, 0));
    }
    match scan(b, 1, &SCHEME) {
        end if end == b.len() => Ok(()),
        at => Err(Error::new(ErrorKind::InvalidScheme, at)),
    }
}

/// `port = *DIGIT` (section 3.2.3).
fn check_port(s: &str) -> Result<(), Error> {
    match s.bytes().position(|c| !DIGIT.allows(c)) {
        None => Ok(()),
        Some(at) => Err(Error::new(ErrorKind::InvalidPort, at)),
    }
}

/// A host given as plain text: an IP literal in brackets as it is, an IPv6
/// address without brackets bracketed, anything else a reg-name with what
/// it cannot hold percent-encoded.
fn plain_host(text: &str, mode: Mode) -> Result<Cow<'_, str>, Error> {
    if text.contains(':') && !text.starts_with('[') {
        let bracketed = alloc::format!("[{text}]");
        // Offsets in the error count from the caller's text.
        return match parse_ip_literal(bracketed.as_bytes(), 0, mode.zones) {
            Ok((end, _)) if end == bracketed.len() => Ok(Cow::Owned(bracketed)),
            Ok((end, _)) => Err(Error::new(ErrorKind::InvalidIpv6, end.saturating_sub(1))),
            Err(e) => Err(Error::new(e.kind(), e.offset().saturating_sub(1))),
        };
    }
    if text.starts_with('[') {
        return host_type_in(text, sets(false, mode.zones)).map(|_| Cow::Borrowed(text));
    }
    Ok(encode_for(text, Component::Host, mode.iri))
}

/// Percent-encodes `text` for `component` of a URI, or of an IRI, where
/// the characters RFC 3987 allows stay.
fn encode_for(text: &str, component: Component, iri: bool) -> Cow<'_, str> {
    if iri {
        encode_iri(text, component)
    } else {
        encode(text, component)
    }
}

/// The offset in a plain text of the byte at `at` in its encoding (each
/// `%HH` there stands for one byte of the text: a plain `%` is encoded
/// too).
fn plain_offset(encoded: &str, at: usize) -> usize {
    let b = &encoded.as_bytes()[..at.min(encoded.len())];
    at - 2 * b.iter().filter(|&&c| c == b'%').count()
}

/// The encoded form of a value for `component` of a URI (of an IRI when
/// `iri`): checked against the component's grammar when `encoded`, else
/// percent-encoded by its set.
fn value(
    component: Component,
    text: &str,
    encoded: bool,
    mode: Mode,
) -> Result<Cow<'_, str>, Error> {
    match component {
        Component::Host if encoded => {
            host_type_in(text, sets(mode.iri, mode.zones)).map(|_| Cow::Borrowed(text))
        }
        Component::Host => plain_host(text, mode),
        c if encoded && mode.iri => check_table(text, c.keep_iri()).map(|()| Cow::Borrowed(text)),
        c if encoded => check_table(text, c.keep()).map(|()| Cow::Borrowed(text)),
        c => Ok(encode_for(text, c, mode.iri)),
    }
}

/// Assembles a URI reference from components.
///
/// Setters come in pairs: `path("a b")` percent-encodes (`a%20b`), while
/// `path_encoded("a%20b")` takes encoded text and checks it. A setter's
/// error (kind, and offset into the value given) is kept and returned by
/// [`build`](Self::build), which also checks the rules between components
/// (RFC 3986 section 3):
///
/// - a userinfo or port needs a host ([`ErrorKind::HostRequired`]);
/// - with a host the path must be empty or begin with `/`
///   ([`ErrorKind::RelativePathWithAuthority`]);
/// - without a host the path cannot begin with `//`
///   ([`ErrorKind::AmbiguousPath`]);
/// - without scheme or host, the first segment cannot contain `:`
///   ([`ErrorKind::ColonInFirstSegment`]), unless
///   [`dot_prefix`](Self::dot_prefix) lets the builder write `./` first.
///
/// ```
/// use urikit::{ErrorKind, UriRefBuilder};
///
/// let uri = UriRefBuilder::new()
///     .scheme("http")
///     .host("2001:db8::1")
///     .port(8080)
///     .path("/a b/c")
///     .query("q=1")
///     .build()?;
/// assert_eq!(uri.as_str(), "http://[2001:db8::1]:8080/a%20b/c?q=1");
///
/// let err = UriRefBuilder::new().host("example.com").path("relative").build().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::RelativePathWithAuthority);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct UriRefBuilder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    dot_prefix: bool,
    /// Whether part of the path was given encoded (else every `%HH` in it
    /// stands for one byte the caller gave, and an error's offset is
    /// mapped back to that text).
    path_given_encoded: bool,
    error: Option<Error>,
}

impl UriRefBuilder {
    /// An empty builder: building it gives the empty relative reference.
    ///
    /// ```
    /// assert_eq!(urikit::UriRefBuilder::new().build()?.as_str(), "");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new() -> UriRefBuilder {
        UriRefBuilder::default()
    }

    fn keep(mut self, r: Result<Cow<'_, str>, Error>, f: impl FnOnce(&mut Self, String)) -> Self {
        match r {
            Ok(v) => f(&mut self, v.into_owned()),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// The scheme (section 3.1); it is never encoded, so it is checked.
    ///
    /// ```
    /// let e = urikit::UriRefBuilder::new().scheme("1http").build().unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::InvalidScheme);
    /// ```
    #[must_use]
    pub fn scheme(self, scheme: &str) -> Self {
        self.keep(check_scheme(scheme).map(|()| scheme.into()), |b, v| {
            b.scheme = Some(v)
        })
    }

    /// The userinfo, percent-encoding what it cannot hold (section 3.2.1).
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().userinfo("a@b").host("h").build()?;
    /// assert_eq!(u.as_str(), "//a%40b@h");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn userinfo(self, text: &str) -> Self {
        self.keep(
            value(Component::Userinfo, text, false, Mode::default()),
            |b, v| b.userinfo = Some(v),
        )
    }

    /// The userinfo, already encoded.
    ///
    /// ```
    /// let e = urikit::UriRefBuilder::new().userinfo_encoded("a@b").host("h").build().unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (urikit::ErrorKind::InvalidChar, 1));
    /// ```
    #[must_use]
    pub fn userinfo_encoded(self, text: &str) -> Self {
        self.keep(
            value(Component::Userinfo, text, true, Mode::default()),
            |b, v| b.userinfo = Some(v),
        )
    }

    /// The host (section 3.2.2): an IPv6 address is bracketed for you, text
    /// in brackets must be an IP literal, and a reg-name has what it cannot
    /// hold percent-encoded. An empty host is allowed (`file:///`).
    ///
    /// ```
    /// use urikit::UriRefBuilder;
    ///
    /// assert_eq!(UriRefBuilder::new().host("::1").build()?.as_str(), "//[::1]");
    /// assert_eq!(UriRefBuilder::new().host("ex ample").build()?.as_str(), "//ex%20ample");
    /// let e = UriRefBuilder::new().host("1::2::3").build().unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::InvalidIpv6);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn host(self, text: &str) -> Self {
        self.keep(
            value(Component::Host, text, false, Mode::default()),
            |b, v| b.host = Some(v),
        )
    }

    /// The host, already encoded: an IP literal in brackets, an IPv4
    /// address, or a reg-name.
    ///
    /// ```
    /// let e = urikit::UriRefBuilder::new().host_encoded("a b").build().unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (urikit::ErrorKind::InvalidChar, 1));
    /// ```
    #[must_use]
    pub fn host_encoded(self, text: &str) -> Self {
        self.keep(
            value(Component::Host, text, true, Mode::default()),
            |b, v| b.host = Some(v),
        )
    }

    /// The port as a number.
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().host("h").port(21).build()?;
    /// assert_eq!(u.as_str(), "//h:21");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(alloc::format!("{port}"));
        self
    }

    /// The port as written: digits only, possibly none (`http://h:/` has an
    /// empty port, section 3.2.3).
    ///
    /// ```
    /// use urikit::UriRefBuilder;
    ///
    /// assert_eq!(UriRefBuilder::new().host("h").port_str("").build()?.as_str(), "//h:");
    /// let e = UriRefBuilder::new().host("h").port_str("8o").build().unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (urikit::ErrorKind::InvalidPort, 1));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn port_str(self, port: &str) -> Self {
        self.keep(check_port(port).map(|()| port.into()), |b, v| {
            b.port = Some(v)
        })
    }

    /// The path, percent-encoding what it cannot hold (`/` stays a
    /// separator; section 3.3).
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().path("/a b/ü").build()?;
    /// assert_eq!(u.as_str(), "/a%20b/%C3%BC");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn path(self, text: &str) -> Self {
        self.keep(
            value(Component::Path, text, false, Mode::default()),
            |b, v| {
                b.path = v;
                b.path_given_encoded = false;
            },
        )
    }

    /// The path, already encoded.
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().path_encoded("/a%2Fb").build()?;
    /// assert_eq!(u.path_segments().count(), 1);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn path_encoded(self, text: &str) -> Self {
        self.keep(
            value(Component::Path, text, true, Mode::default()),
            |b, v| {
                b.path = v;
                b.path_given_encoded = true;
            },
        )
    }

    /// Appends one path segment, encoding `/` inside it as `%2F`, after a
    /// `/` (the first segment of a path without a leading `/` gets none).
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().scheme("http").host("h").segment("a/b").segment("c").build()?;
    /// assert_eq!(u.as_str(), "http://h/a%2Fb/c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn segment(mut self, text: &str) -> Self {
        if !self.path.is_empty() || self.host.is_some() {
            self.path.push('/');
        }
        self.path.push_str(&encode(text, Component::Segment));
        self
    }

    /// The query, percent-encoding what it cannot hold (section 3.4).
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().path("/s").query("q=a b#c").build()?;
    /// assert_eq!(u.as_str(), "/s?q=a%20b%23c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn query(self, text: &str) -> Self {
        self.keep(
            value(Component::Query, text, false, Mode::default()),
            |b, v| b.query = Some(v),
        )
    }

    /// The query, already encoded.
    ///
    /// ```
    /// let e = urikit::UriRefBuilder::new().query_encoded("a#b").build().unwrap_err();
    /// assert_eq!(e.offset(), 1);
    /// ```
    #[must_use]
    pub fn query_encoded(self, text: &str) -> Self {
        self.keep(
            value(Component::Query, text, true, Mode::default()),
            |b, v| b.query = Some(v),
        )
    }

    /// The query from [`QueryParams`](crate::QueryParams), whose text is already encoded (so
    /// nothing is encoded twice, as `query(&params.to_string())` would);
    /// no parameters, no query.
    ///
    /// ```
    /// use urikit::{QueryParams, UriRefBuilder};
    ///
    /// let mut p = QueryParams::new();
    /// p.append("q", "a&b c");
    /// let u = UriRefBuilder::new().path("/s").query_params(&p).build()?;
    /// assert_eq!(u.as_str(), "/s?q=a%26b%20c");
    /// assert_eq!(u.query_params().get("q").unwrap().value().unwrap(), "a&b c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn query_params(mut self, params: &crate::QueryParams) -> Self {
        self.query = (!params.is_empty()).then(|| params.as_str().into());
        self
    }

    /// The fragment, percent-encoding what it cannot hold (section 3.5).
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().fragment("sec 2").build()?;
    /// assert_eq!(u.as_str(), "#sec%202");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn fragment(self, text: &str) -> Self {
        self.keep(
            value(Component::Fragment, text, false, Mode::default()),
            |b, v| b.fragment = Some(v),
        )
    }

    /// The fragment, already encoded.
    ///
    /// ```
    /// let u = urikit::UriRefBuilder::new().fragment_encoded("a%20b").build()?;
    /// assert_eq!(u.fragment().unwrap(), "a%20b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn fragment_encoded(self, text: &str) -> Self {
        self.keep(
            value(Component::Fragment, text, true, Mode::default()),
            |b, v| b.fragment = Some(v),
        )
    }

    /// Lets [`build`](Self::build) write `./` before a relative path whose
    /// first segment holds `:` (RFC 3986 section 4.2), instead of failing.
    ///
    /// ```
    /// use urikit::UriRefBuilder;
    ///
    /// let e = UriRefBuilder::new().path("a:b").build().unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::ColonInFirstSegment);
    /// assert_eq!(UriRefBuilder::new().path("a:b").dot_prefix(true).build()?.as_str(), "./a:b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn dot_prefix(mut self, yes: bool) -> Self {
        self.dot_prefix = yes;
        self
    }

    /// The reference, or the first error: a setter's, then a structural
    /// one.
    ///
    /// # Errors
    ///
    /// The first setter's error, its offset into the value given; then the rules between
    /// components (RFC 3986 section 3): [`HostRequired`](crate::ErrorKind::HostRequired) for a
    /// userinfo or port without a host;
    /// [`RelativePathWithAuthority`](crate::ErrorKind::RelativePathWithAuthority) when a host
    /// is followed by a path that does not begin with `/`;
    /// [`AmbiguousPath`](crate::ErrorKind::AmbiguousPath) for a path beginning with `//`
    /// without a host; [`ColonInFirstSegment`](crate::ErrorKind::ColonInFirstSegment) (unless
    /// [`dot_prefix`](Self::dot_prefix)) when a relative reference's first segment holds a `:`,
    /// at that `:` in the path given (its plain text, or the segments joined by `/`).
    ///
    /// ```
    /// let e = urikit::UriRefBuilder::new().path("//x").build().unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::AmbiguousPath);
    /// ```
    pub fn build(&self) -> Result<UriRefBuf, Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut parts = Components {
            dialect: Dialect::Rfc3986,
            zones: false,
            scheme: self.scheme.as_deref(),
            userinfo: self.userinfo.as_deref(),
            host: self.host.as_deref(),
            port: self.port.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        };
        let dotted;
        if self.dot_prefix
            && matches!(parts.check(), Err(e) if e.kind() == ErrorKind::ColonInFirstSegment)
        {
            dotted = alloc::format!("./{}", self.path);
            parts.path = &dotted;
        }
        parts.build().map_err(|e| match e.kind() {
            // Errors in the path: at the byte of the text the caller gave
            // (the plain path, or its segments joined by `/`).
            ErrorKind::ColonInFirstSegment if !self.path_given_encoded => {
                Error::new(e.kind(), plain_offset(&self.path, e.offset()))
            }
            _ => e,
        })
    }
}

/// The edit of one component.
enum Edit<'n> {
    Scheme(Option<&'n str>),
    Userinfo(Option<&'n str>),
    Host(Option<&'n str>),
    Port(Option<&'n str>),
    Path(&'n str),
    Query(Option<&'n str>),
    Fragment(Option<&'n str>),
}

/// Editing in place. Each setter checks its value and the structural rules
/// of RFC 3986 section 3 (see [`UriRefBuilder`]); on error the reference is
/// left as it was. The new text is written in one pass and its offsets are
/// computed from the components' lengths: the reference is not parsed again.
///
/// Editing follows RFC 3986, and its results are RFC 3986 references: a
/// reference read under another dialect can be edited when it is also a
/// valid RFC 3986 reference, and the setters fail with
/// [`ErrorKind::DialectMismatch`] (at the first byte RFC 3986 does not
/// accept) when it is not.
///
/// ```
/// use urikit::{Dialect, ErrorKind, UriRefBuf};
///
/// let mut old = UriRefBuf::parse_with("http://u@h@x/p", Dialect::Rfc2396)?;
/// let err = old.set_port(Some(80)).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::DialectMismatch, 10));
/// assert_eq!(old.as_str(), "http://u@h@x/p");
/// let mut ok = UriRefBuf::parse_with("http://h/p", Dialect::Rfc2396)?;
/// ok.set_port(Some(8080))?;
/// assert_eq!((ok.as_str(), ok.dialect()), ("http://h:8080/p", Dialect::Rfc3986));
/// # Ok::<(), urikit::Error>(())
/// ```
impl UriRefBuf {
    /// Whether edits write an IRI (RFC 3987), keeping characters beyond
    /// ASCII where section 2.2 allows them.
    fn is_iri(&self) -> bool {
        self.dialect() == Dialect::Rfc3987
    }

    /// What values set by edits may hold (see [`Mode`]).
    fn mode(&self) -> Mode {
        Mode {
            iri: self.is_iri(),
            zones: self.as_uri_ref().meta().zoned(self.as_str()),
        }
    }

    fn edit(&mut self, edit: Edit<'_>) -> Result<(), Error> {
        // An IRI stays one; a reference of any other dialect becomes an
        // RFC 3986 reference, if it is one.
        let d = if self.is_iri() {
            Dialect::Rfc3987
        } else {
            Dialect::Rfc3986
        };
        let mut p = Components::of(self.as_uri_ref().in_dialect(d)?);
        // An edit of another component can leave the path as it is but no
        // longer valid: the error then points at the path in this reference.
        let other_component = !matches!(edit, Edit::Path(_));
        let path_start = self.as_uri_ref().meta().path_start();
        match edit {
            Edit::Scheme(v) => p.scheme = v,
            Edit::Userinfo(v) => p.userinfo = v,
            Edit::Host(None) => {
                p.userinfo = None;
                p.host = None;
                p.port = None;
            }
            Edit::Host(v) => p.host = v,
            Edit::Port(v) => p.port = v,
            Edit::Path(v) => p.path = v,
            Edit::Query(v) => p.query = v,
            Edit::Fragment(v) => p.fragment = v,
        }
        let new = p.build().map_err(|e| match e.kind() {
            ErrorKind::ColonInFirstSegment
            | ErrorKind::AmbiguousPath
            | ErrorKind::RelativePathWithAuthority
                if other_component =>
            {
                Error::new(e.kind(), path_start + e.offset())
            }
            // Where the authority, which the host begins, would go.
            ErrorKind::HostRequired => Error::new(e.kind(), path_start),
            _ => e,
        })?;
        *self = new;
        Ok(())
    }

    /// Sets or removes the scheme. Removing it from `a:b/c` would leave a
    /// first segment with `:` only if the path had one
    /// ([`ErrorKind::ColonInFirstSegment`]).
    ///
    /// # Errors
    ///
    /// [`InvalidScheme`](crate::ErrorKind::InvalidScheme) at the first byte that is no scheme
    /// character (section 3.1); [`ColonInFirstSegment`](crate::ErrorKind::ColonInFirstSegment)
    /// when removing the scheme leaves a first segment with a `:`, at that `:` in the
    /// reference; and, as for every edit,
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under
    /// another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("//h/p")?;
    /// u.set_scheme(Some("https"))?;
    /// assert_eq!(u.as_str(), "https://h/p");
    /// u.set_scheme(None)?;
    /// assert_eq!(u.as_str(), "//h/p");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), Error> {
        if let Some(s) = scheme {
            check_scheme(s)?;
        }
        self.edit(Edit::Scheme(scheme))
    }

    /// Sets or removes the userinfo, percent-encoding it; a userinfo needs a
    /// host.
    ///
    /// # Errors
    ///
    /// [`HostRequired`](crate::ErrorKind::HostRequired) when the reference has no host (at its
    /// path, where the authority would begin); and, as
    /// for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference
    /// read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/")?;
    /// u.set_userinfo(Some("me:pa ss"))?;
    /// assert_eq!(u.as_str(), "http://me:pa%20ss@h/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_userinfo(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Userinfo, t, false, self.mode()))
            .transpose()?;
        self.edit(Edit::Userinfo(v.as_deref()))
    }

    /// Sets or removes the userinfo, already encoded.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) or
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the component cannot hold (section 3.2.1);
    /// [`HostRequired`](crate::ErrorKind::HostRequired) when the reference has no host (at its
    /// path, where the authority would begin); and, as
    /// for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference
    /// read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/")?;
    /// assert!(u.set_userinfo_encoded(Some("a@b")).is_err());
    /// assert_eq!(u.as_str(), "http://h/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_userinfo_encoded(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Userinfo, t, true, self.mode()))
            .transpose()?;
        self.edit(Edit::Userinfo(v.as_deref()))
    }

    /// Sets the host (an IPv6 address is bracketed, a reg-name encoded), or
    /// removes the whole authority with `None`.
    ///
    /// # Errors
    ///
    /// [`InvalidIpv6`](crate::ErrorKind::InvalidIpv6),
    /// [`InvalidIpvFuture`](crate::ErrorKind::InvalidIpvFuture) for text that is bracketed, or
    /// holds a `:`, and is no valid IP literal (section 3.2.2); when the authority is removed,
    /// [`AmbiguousPath`](crate::ErrorKind::AmbiguousPath) if the path begins with `//`; and, as
    /// for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference
    /// read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://u@h:1/p")?;
    /// u.set_host(Some("fe80::1"))?;
    /// assert_eq!(u.as_str(), "http://u@[fe80::1]:1/p");
    /// u.set_host(None)?;
    /// assert_eq!(u.as_str(), "http:/p");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_host(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Host, t, false, self.mode()))
            .transpose()?;
        self.edit(Edit::Host(v.as_deref()))
    }

    /// Sets the host from a name in Unicode, mapped to its ASCII form for
    /// the DNS by UTS #46 (ToASCII, `xn--` labels; RFC 3987 section 3.1 step
    /// 2) instead of percent-encoded as [`set_host`](Self::set_host) writes
    /// it; an IP address as `set_host` takes it. Needs the `idna` feature.
    ///
    /// # Errors
    ///
    /// [`InvalidIdna`](crate::ErrorKind::InvalidIdna) for a name UTS #46
    /// refuses, [`EmptyLabel`](crate::ErrorKind::EmptyLabel) for one it maps
    /// to nothing (offset 0, into `text`); and those of
    /// [`set_host_encoded`](Self::set_host_encoded).
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://example.com/")?;
    /// u.set_host_idna("München.de")?;
    /// assert_eq!(u.as_str(), "http://xn--mnchen-3ya.de/");
    /// u.set_host_idna("::1")?;
    /// assert_eq!(u.as_str(), "http://[::1]/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn set_host_idna(&mut self, text: &str) -> Result<(), Error> {
        // An IP address (a ':' or brackets, or an IPv4 address) is no name.
        if text.contains([':', '[']) || crate::parse::ip::ipv4_exact(text.as_bytes()).is_some() {
            return self.set_host(Some(text));
        }
        let ascii = crate::host::name_to_ascii(text.as_bytes())?;
        self.set_host_encoded(Some(&ascii))
    }

    /// Sets the host, already encoded, or removes the authority.
    ///
    /// # Errors
    ///
    /// [`InvalidHost`](crate::ErrorKind::InvalidHost),
    /// [`InvalidIpv6`](crate::ErrorKind::InvalidIpv6),
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the host grammar (section 3.2.2) does not accept; when the authority is removed,
    /// [`AmbiguousPath`](crate::ErrorKind::AmbiguousPath) if the path begins with `//`; and, as
    /// for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference
    /// read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/")?;
    /// u.set_host_encoded(Some("[v1.x]"))?;
    /// assert_eq!(u.as_str(), "http://[v1.x]/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_host_encoded(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Host, t, true, self.mode()))
            .transpose()?;
        self.edit(Edit::Host(v.as_deref()))
    }

    /// Sets or removes the port.
    ///
    /// # Errors
    ///
    /// [`HostRequired`](crate::ErrorKind::HostRequired) when the reference has no host (at its
    /// path, where the authority would begin); and, as
    /// for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference
    /// read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h:80/")?;
    /// u.set_port(Some(8080))?;
    /// assert_eq!(u.as_str(), "http://h:8080/");
    /// u.set_port(None)?;
    /// assert_eq!(u.as_str(), "http://h/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), Error> {
        let text = port.map(|p| alloc::format!("{p}"));
        self.edit(Edit::Port(text.as_deref()))
    }

    /// Sets or removes the port as written: digits, possibly none.
    ///
    /// # Errors
    ///
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort) at the first byte that is not a digit
    /// (section 3.2.3); [`HostRequired`](crate::ErrorKind::HostRequired) when the reference has
    /// no host; and, as for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch)
    /// for a reference read under another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/")?;
    /// u.set_port_str(Some(""))?;
    /// assert_eq!(u.as_str(), "http://h:/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_port_str(&mut self, port: Option<&str>) -> Result<(), Error> {
        if let Some(p) = port {
            check_port(p)?;
        }
        self.edit(Edit::Port(port))
    }

    /// Sets the path, percent-encoding it (`/` stays a separator).
    ///
    /// # Errors
    ///
    /// [`RelativePathWithAuthority`](crate::ErrorKind::RelativePathWithAuthority) when the
    /// reference has an authority and the path does not begin with `/`;
    /// [`AmbiguousPath`](crate::ErrorKind::AmbiguousPath) when it has none and the path begins
    /// with `//`; [`ColonInFirstSegment`](crate::ErrorKind::ColonInFirstSegment) when a
    /// relative reference's first segment holds a `:`, at that `:` in the path given (section
    /// 3.3 and 4.2); and, as for every edit,
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under
    /// another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/old?q")?;
    /// u.set_path("/new path")?;
    /// assert_eq!(u.as_str(), "http://h/new%20path?q");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_path(&mut self, text: &str) -> Result<(), Error> {
        let v = value(Component::Path, text, false, self.mode())?;
        self.edit(Edit::Path(&v)).map_err(|e| match e.kind() {
            ErrorKind::ColonInFirstSegment => Error::new(e.kind(), plain_offset(&v, e.offset())),
            _ => e,
        })
    }

    /// Sets the path, already encoded.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) or
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the component cannot hold (section 3.3);
    /// [`RelativePathWithAuthority`](crate::ErrorKind::RelativePathWithAuthority) when the
    /// reference has an authority and the path does not begin with `/`;
    /// [`AmbiguousPath`](crate::ErrorKind::AmbiguousPath) when it has none and the path begins
    /// with `//`; [`ColonInFirstSegment`](crate::ErrorKind::ColonInFirstSegment) when a
    /// relative reference's first segment holds a `:`, at that `:` in the path given (section
    /// 3.3 and 4.2); and, as for every edit,
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under
    /// another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/")?;
    /// let e = u.set_path_encoded("no-slash").unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::RelativePathWithAuthority);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_path_encoded(&mut self, text: &str) -> Result<(), Error> {
        let v = value(Component::Path, text, true, self.mode())?;
        self.edit(Edit::Path(&v))
    }

    /// Sets or removes the query, percent-encoding it. `Some("")` is an
    /// empty query (`?` with nothing after it), unlike `None`.
    ///
    /// # Errors
    ///
    /// Only, as for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a
    /// reference read under another dialect that RFC 3986 does not accept: every text can be
    /// encoded.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("/p")?;
    /// u.set_query(Some(""))?;
    /// assert_eq!(u.as_str(), "/p?");
    /// u.set_query(None)?;
    /// assert_eq!(u.as_str(), "/p");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_query(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Query, t, false, self.mode()))
            .transpose()?;
        self.edit(Edit::Query(v.as_deref()))
    }

    /// Sets or removes the query, already encoded.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) or
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the component cannot hold (section 3.4); and, as for every edit,
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under
    /// another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("/p")?;
    /// u.set_query_encoded(Some("a=%20"))?;
    /// assert_eq!(u.query().unwrap(), "a=%20");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_query_encoded(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Query, t, true, self.mode()))
            .transpose()?;
        self.edit(Edit::Query(v.as_deref()))
    }

    /// Sets or removes the fragment, percent-encoding it.
    ///
    /// # Errors
    ///
    /// Only, as for every edit, [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a
    /// reference read under another dialect that RFC 3986 does not accept: every text can be
    /// encoded.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("/p#a")?;
    /// u.set_fragment(Some("b c"))?;
    /// assert_eq!(u.as_str(), "/p#b%20c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_fragment(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Fragment, t, false, self.mode()))
            .transpose()?;
        self.edit(Edit::Fragment(v.as_deref()))
    }

    /// Sets or removes the fragment, already encoded.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) or
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the component cannot hold (section 3.5); and, as for every edit,
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under
    /// another dialect that RFC 3986 does not accept.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("/p")?;
    /// assert!(u.set_fragment_encoded(Some("%zz")).is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_fragment_encoded(&mut self, text: Option<&str>) -> Result<(), Error> {
        let v = text
            .map(|t| value(Component::Fragment, t, true, self.mode()))
            .transpose()?;
        self.edit(Edit::Fragment(v.as_deref()))
    }

    /// The path's segments, still encoded, as a list to edit and give back
    /// to [`set_segments`](Self::set_segments) (to read them, see
    /// [`path_segments`](UriRef::path_segments), which allocates nothing).
    ///
    /// ```
    /// let u = urikit::UriRefBuf::parse("http://h/a/b%2Fc")?;
    /// assert_eq!(u.segments(), ["a", "b%2Fc"]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn segments(&self) -> Vec<String> {
        self.path_segments().map(|s| s.as_str().into()).collect()
    }

    /// Replaces the path with these encoded segments, joined by `/`, with a
    /// leading `/` when the path was absolute or there is an authority.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](ErrorKind::InvalidChar) for a `/` inside a segment
    /// (write it `%2F`), the offset into that segment; else those of
    /// [`set_path_encoded`](Self::set_path_encoded), offsets into the joined
    /// path.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/a/b")?;
    /// let mut segs = u.segments();
    /// segs.insert(1, "x".into());
    /// segs.pop();
    /// u.set_segments(&segs)?;
    /// assert_eq!(u.as_str(), "http://h/a/x");
    /// let err = u.set_segments(["a/b"]).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (urikit::ErrorKind::InvalidChar, 1));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_segments<S: AsRef<str>>(
        &mut self,
        segments: impl IntoIterator<Item = S>,
    ) -> Result<(), Error> {
        let absolute = self.path().as_str().starts_with('/') || self.authority().is_some();
        let mut path = String::new();
        for (i, s) in segments.into_iter().enumerate() {
            let s = s.as_ref();
            if let Some(at) = s.find('/') {
                return Err(Error::new(ErrorKind::InvalidChar, at));
            }
            if i > 0 || absolute {
                path.push('/');
            }
            path.push_str(s);
        }
        self.set_path_encoded(&path)
    }

    /// Appends a segment given as plain text (a `/` in it is encoded as
    /// `%2F`). A trailing empty segment (a path ending in `/`) is replaced,
    /// so `/a/` becomes `/a/b`, not `/a//b`.
    ///
    /// # Errors
    ///
    /// [`ColonInFirstSegment`](ErrorKind::ColonInFirstSegment) when the
    /// segment becomes the first of a relative path and holds a `:`, at
    /// the `:` in `text`.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/dir/")?;
    /// u.push_segment("a/b")?;
    /// assert_eq!(u.as_str(), "http://h/dir/a%2Fb");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn push_segment(&mut self, text: &str) -> Result<(), Error> {
        let old = self.path().as_str();
        let seg = encode(text, Component::Segment);
        let mut path = String::with_capacity(old.len() + seg.len() + 1);
        path.push_str(old);
        if old.is_empty() && self.authority().is_some() || !old.is_empty() && !old.ends_with('/') {
            path.push('/');
        }
        let at = path.len();
        path.push_str(&seg);
        self.set_path_encoded(&path).map_err(|e| {
            // Only the new segment can be the cause: point into `text`.
            Error::new(e.kind(), plain_offset(&seg, e.offset().saturating_sub(at)))
        })
    }

    /// Removes the last segment and returns it, still encoded; `None` when
    /// the path has no segment (empty, or `/`).
    ///
    /// # Errors
    ///
    /// None for a reference that follows RFC 3986; a reference read under
    /// another dialect that RFC 3986 does not accept is refused with
    /// [`DialectMismatch`](ErrorKind::DialectMismatch), as every edit is.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/a/b")?;
    /// assert_eq!(u.pop_segment()?.as_deref(), Some("b"));
    /// assert_eq!(u.as_str(), "http://h/a");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn pop_segment(&mut self) -> Result<Option<String>, Error> {
        let old = self.path().as_str();
        if old.is_empty() || old == "/" {
            return Ok(None);
        }
        let (rest, last) = match old.rfind('/') {
            Some(i) => (&old[..i], &old[i + 1..]),
            None => ("", old),
        };
        let last = String::from(last);
        let rest = String::from(rest);
        self.set_path_encoded(&rest)?;
        Ok(Some(last))
    }

    /// Joins `path` (already encoded) onto the end of the path with exactly
    /// one `/` between them. This is not reference resolution: the last
    /// segment is kept (`/api/v1` + `users` is `/api/v1/users`, where
    /// resolving `users` would give `/api/users`), and a leading `/` in
    /// `path` does not replace the path.
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) or
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at the first byte
    /// the component cannot hold (section 3.3), in `path`; then those of
    /// [`set_path_encoded`](Self::set_path_encoded), offsets into the joined path.
    ///
    /// ```
    /// let mut u = urikit::UriRefBuf::parse("http://h/api/v1?x")?;
    /// u.append_path("users/42")?;
    /// assert_eq!(u.as_str(), "http://h/api/v1/users/42?x");
    /// u.append_path("/detail")?;
    /// assert_eq!(u.as_str(), "http://h/api/v1/users/42/detail?x");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn append_path(&mut self, path: &str) -> Result<(), Error> {
        check_table(path, Component::Path.keep())?;
        let old = self.path().as_str();
        let head = old.strip_suffix('/').unwrap_or(old);
        let tail = path.strip_prefix('/').unwrap_or(path);
        let mut joined = String::with_capacity(head.len() + tail.len() + 1);
        joined.push_str(head);
        if !(head.is_empty() && self.authority().is_none() && !old.starts_with('/')) {
            joined.push('/');
        }
        joined.push_str(tail);
        self.set_path_encoded(&joined)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembled_offsets_equal_a_fresh_parse() {
        let cases = [
            "http://u@[::1]:80/p?q#f",
            "a:b",
            "//h",
            "?q",
            "#f",
            "",
            "file:///x",
            "s://@:/",
        ];
        for c in cases {
            let u = UriRefBuf::parse(c).unwrap();
            let again = Components::of(u.as_uri_ref()).assemble();
            assert_eq!(again.as_str(), c);
            assert_eq!(again.as_uri_ref().meta(), u.as_uri_ref().meta(), "{c}");
        }
    }
}
