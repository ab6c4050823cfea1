//! What a person means by "a URL", beyond the grammar: RFC 3986 calls
//! `www.example.com`, `example.com/path`, `http//example.com` and
//! `https:/example.com` valid references (relative ones, or an absolute
//! URI without a host), while someone validating a list of web addresses
//! wants none of them. [`Requirements`] says what else a reference must
//! have, each with an error code of its own.
//!
//! May use: `uri`, `error`.

use crate::{Error, ErrorKind, UriRef};

/// Requirements a valid reference must meet besides its grammar: a
/// scheme (an absolute URI, RFC 3986 section 4.3), a host (section 3.2.2,
/// not empty), a scheme from a set. [`Requirements::WEB`] is what people
/// mean by a web URL.
///
/// ```
/// use urikit::{Requirements, UriRef};
///
/// let web = Requirements::WEB;
/// assert!(web.check(&UriRef::parse("https://example.com/a")?).is_ok());
/// for (text, code) in [
///     ("www.example.com", "missing-scheme"),
///     ("http//example.com", "missing-scheme"),
///     ("https:/example.com", "missing-authority"),
///     ("https://", "missing-host"),
///     ("ftp://example.com/", "scheme-not-allowed"),
/// ] {
///     assert_eq!(web.check(&UriRef::parse(text)?).unwrap_err().code(), code, "{text}");
/// }
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Requirements<'a> {
    absolute: bool,
    host: bool,
    schemes: Option<&'a [&'a str]>,
}

impl<'a> Requirements<'a> {
    /// Nothing beyond the grammar.
    ///
    /// ```
    /// let any = urikit::Requirements::NONE;
    /// assert!(any.check(&urikit::UriRef::parse("a/b")?).is_ok());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const NONE: Requirements<'static> = Requirements {
        absolute: false,
        host: false,
        schemes: None,
    };

    /// A web URL: absolute, `http` or `https`, with a host.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("http:example.com")?;
    /// assert_eq!(urikit::Requirements::WEB.check(&u).unwrap_err().code(), "missing-authority");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const WEB: Requirements<'static> = Requirements {
        absolute: true,
        host: true,
        schemes: Some(&["http", "https"]),
    };

    /// With a scheme required (an absolute URI) or not.
    ///
    /// ```
    /// let r = urikit::Requirements::NONE.absolute(true);
    /// assert!(r.check(&urikit::UriRef::parse("//h/p")?).is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn absolute(mut self, on: bool) -> Self {
        self.absolute = on;
        self
    }

    /// With a non-empty host required or not.
    ///
    /// ```
    /// let r = urikit::Requirements::NONE.host(true);
    /// assert!(r.check(&urikit::UriRef::parse("file:///etc")?).is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn host(mut self, on: bool) -> Self {
        self.host = on;
        self
    }

    /// With the scheme required to be one of `schemes` (compared without
    /// case, RFC 3986 section 3.1); a scheme is then required too.
    ///
    /// ```
    /// let r = urikit::Requirements::NONE.schemes(&["ftp"]);
    /// assert!(r.check(&urikit::UriRef::parse("FTP://h/")?).is_ok());
    /// assert!(r.check(&urikit::UriRef::parse("http://h/")?).is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn schemes(mut self, schemes: &'a [&'a str]) -> Requirements<'a> {
        self.schemes = Some(schemes);
        self
    }

    /// Whether nothing is required.
    ///
    /// ```
    /// assert!(urikit::Requirements::NONE.is_none());
    /// assert!(!urikit::Requirements::WEB.is_none());
    /// ```
    pub const fn is_none(&self) -> bool {
        !self.absolute && !self.host && self.schemes.is_none()
    }

    /// The schemes allowed, if a set is required.
    ///
    /// ```
    /// assert_eq!(urikit::Requirements::WEB.allowed_schemes(), Some(&["http", "https"][..]));
    /// ```
    pub const fn allowed_schemes(&self) -> Option<&'a [&'a str]> {
        self.schemes
    }

    /// Whether `u` meets the requirements.
    ///
    /// # Errors
    ///
    /// [`MissingScheme`](ErrorKind::MissingScheme) at byte 0 for a
    /// relative reference where a scheme is required;
    /// [`SchemeNotAllowed`](ErrorKind::SchemeNotAllowed) at byte 0 for a
    /// scheme outside the set; where a host is required,
    /// [`MissingAuthority`](ErrorKind::MissingAuthority) when there is no
    /// `//` authority (at the byte after the scheme's `:`) and
    /// [`MissingHost`](ErrorKind::MissingHost) when its host is empty (at
    /// the host).
    ///
    /// ```
    /// use urikit::{Requirements, UriRef};
    /// let e = Requirements::WEB.check(&UriRef::parse("https:/example.com")?).unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("missing-authority", 6));
    /// let e = Requirements::WEB.check(&UriRef::parse("https://:80/")?).unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("missing-host", 8));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn check(&self, u: &UriRef<'_>) -> Result<(), Error> {
        let scheme = u.scheme();
        if (self.absolute || self.schemes.is_some()) && scheme.is_none() {
            return Err(Error::new(ErrorKind::MissingScheme, 0));
        }
        if let (Some(set), Some(s)) = (self.schemes, scheme) {
            if !set.iter().any(|x| x.eq_ignore_ascii_case(s)) {
                return Err(Error::new(ErrorKind::SchemeNotAllowed, 0));
            }
        }
        if self.host {
            let at = scheme.map_or(0, |s| s.len() + 1);
            match u.meta().auth {
                None => return Err(Error::new(ErrorKind::MissingAuthority, at)),
                Some(a) if a.host_start == a.host_end => {
                    return Err(Error::new(ErrorKind::MissingHost, a.host_start));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
