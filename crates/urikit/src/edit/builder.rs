//! [`UriRefBuilder`]: a reference made from its components.
//!
//! May use: `edit::assemble`, `pct`, and what it uses.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::pct::{encode, Component};
use crate::{Dialect, Error, ErrorKind, UriRefBuf};

use super::assemble::*;

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
