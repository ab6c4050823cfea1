//! The setters of [`UriRefBuf`]: a component changed in place, checked as
//! a whole reference, written in one pass with its offsets computed.
//!
//! May use: `edit::assemble`, `edit::query` (what `set_query_params`
//! writes), and what they use.

use alloc::string::String;
use alloc::vec::Vec;

use crate::pct::{encode, Component};
use crate::{Dialect, Error, ErrorKind, UriRefBuf};

use super::assemble::*;

/// The edit of one component.
pub(crate) enum Edit<'n> {
    Scheme(Option<&'n str>),
    Userinfo(Option<&'n str>),
    Host(Option<&'n str>),
    Port(Option<&'n str>),
    Path(&'n str),
    Query(Option<&'n str>),
    Fragment(Option<&'n str>),
}

/// Editing in place. Each setter checks its value and the structural rules
/// of RFC 3986 section 3 (see [`UriRefBuilder`](crate::UriRefBuilder)); on error the reference is
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
    /// [`path_segments`](crate::UriRef::path_segments), which allocates nothing).
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
