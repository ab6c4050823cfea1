//! The URI reference types: the borrowed [`UriRef`] view and the
//! [`Authority`] view.
//!
//! May use: `parse`, `part`, `pct`, `host`, `iter`, `dialect`, `error`, `arch`.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Range;

use crate::arch::text::slice;
use crate::dialect::Dialect;
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::iter::{QueryPairs, Segments};
use crate::parse::{self, AuthMeta, Meta};
use crate::part::Part;
use crate::pct::PctStr;

/// How to read references: the dialect, and what it may be extended with
/// on request. [`UriRef::parse_with`] is `Parser::new(dialect).parse`.
///
/// The one extension is IPv6 zone identifiers (RFC 6874 section 2,
/// `[fe80::1%25eth0]`), for the RFC 3986 family (`rfc3986`, `rfc3987`):
/// RFC 3986 has no zones and RFC 9844 (2025) obsoleted RFC 6874, so
/// without [`zone_ids`](Self::zone_ids) such a host is
/// [`InvalidIpv6`](crate::ErrorKind::InvalidIpv6) at its `%`. A reference
/// read with a zone keeps it through resolution, normalization (the
/// zone's case is kept), relativization and editing, and whatever reads
/// its text again accepts it.
///
/// ```
/// use urikit::{Dialect, ErrorKind, Parser};
///
/// let strict = Parser::new(Dialect::Rfc3986);
/// let err = strict.parse("http://[fe80::1%25eth0]/").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidIpv6, 15));
///
/// let zones = strict.zone_ids(true);
/// let u = zones.parse("http://[fe80::1%25eth0]:8080/")?;
/// assert_eq!(u.host().unwrap().as_str(), "[fe80::1%25eth0]");
/// assert_eq!(u.host().unwrap().zone_id().unwrap(), "eth0");
/// // The zone's own `%` must be written `%25` (RFC 6874 section 2).
/// let err = zones.parse("http://[fe80::1%eth0]/").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidIpv6, 15));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Parser {
    dialect: Dialect,
    zone_ids: bool,
}

impl Parser {
    /// A parser of `dialect`'s grammar, with no extension.
    ///
    /// ```
    /// let p = urikit::Parser::new(urikit::Dialect::Rfc2396);
    /// assert_eq!(p.dialect(), urikit::Dialect::Rfc2396);
    /// ```
    pub const fn new(dialect: Dialect) -> Parser {
        Parser {
            dialect,
            zone_ids: false,
        }
    }

    /// Whether IPv6 literals may carry a zone identifier (RFC 6874
    /// section 2). The older dialects' grammars have no zones, and for
    /// them this changes nothing.
    ///
    /// ```
    /// let p = urikit::Parser::default().zone_ids(true);
    /// assert!(p.accepts_zone_ids());
    /// assert!(p.parse("//[::1%25lo]").is_ok());
    /// ```
    pub const fn zone_ids(mut self, on: bool) -> Parser {
        self.zone_ids = on;
        self
    }

    /// The dialect read.
    ///
    /// ```
    /// assert_eq!(urikit::Parser::default().dialect(), urikit::Dialect::Rfc3986);
    /// ```
    pub const fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether zone identifiers are read: asked for, and the dialect is of
    /// the RFC 3986 family.
    ///
    /// ```
    /// use urikit::{Dialect, Parser};
    /// assert!(!Parser::new(Dialect::Rfc2396).zone_ids(true).accepts_zone_ids());
    /// ```
    pub const fn accepts_zone_ids(&self) -> bool {
        self.zone_ids && self.dialect.is_rfc3986_family()
    }

    /// Parses a URI reference.
    ///
    /// # Errors
    ///
    /// Those of [`UriRef::parse_with`] under the dialect; with zone
    /// identifiers, an invalid one is [`InvalidIpv6`](crate::ErrorKind::InvalidIpv6) at a
    /// `%` not followed by `25` or at the first byte after `%25` that cannot continue the
    /// zone (an empty zone included), and
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at a bad triplet.
    ///
    /// ```
    /// let p = urikit::Parser::default().zone_ids(true);
    /// assert_eq!(p.parse("//[::1%25]").unwrap_err().offset(), 9);
    /// ```
    pub fn parse<'a>(&self, s: &'a str) -> Result<UriRef<'a>, Error> {
        if self.dialect == Dialect::Rfc3986 && !self.zone_ids {
            // The view built where the parse ends, as `UriRef::parse` does.
            return UriRef::parse(s);
        }
        parse::parse_with_zones(s, self.dialect, self.zone_ids)
            .map(|meta| UriRef::from_parts(s, meta, self.dialect))
    }

    /// Parses a URI reference from bytes that may not be UTF-8 (a column
    /// of an engine that does not promise it, a line of a file): the same
    /// answer as [`parse`](Self::parse) wherever `b` is UTF-8, an error
    /// wherever it is not.
    ///
    /// Under RFC 3986 (without zone identifiers) the bytes are checked in
    /// the parse's own pass: every byte the grammar accepts is ASCII
    /// (section 2), so the byte classifier refuses any byte above 0x7F
    /// like any other byte the grammar has no place for, and no pass of
    /// its own is spent on UTF-8. Under the other dialects the bytes are
    /// checked first, then parsed.
    ///
    /// # Errors
    ///
    /// Those of [`parse`](Self::parse); for bytes that are not UTF-8,
    /// under RFC 3986 the grammar's first error (a byte above 0x7F is
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) at its offset, as in a
    /// `str`), under the other dialects
    /// [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8) at the first byte
    /// that does not continue a character.
    ///
    /// ```
    /// use urikit::{Dialect, ErrorKind, Parser};
    ///
    /// let p = Parser::default();
    /// assert_eq!(p.parse_bytes(b"http://a/b?c").unwrap().host().unwrap().as_str(), "a");
    /// let e = p.parse_bytes(b"http://a/\xff").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidChar, 9));
    /// let e = Parser::new(Dialect::Rfc3987).parse_bytes(b"http://a/\xff").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 9));
    /// ```
    #[inline]
    pub fn parse_bytes<'a>(&self, b: &'a [u8]) -> Result<UriRef<'a>, Error> {
        if self.dialect == Dialect::Rfc3986 && !self.zone_ids {
            return parse::parse_bytes_as(b, |s, meta| {
                UriRef::from_parts(s, meta, Dialect::Rfc3986)
            });
        }
        match core::str::from_utf8(b) {
            Ok(s) => self.parse(s),
            Err(e) => Err(Error::new(ErrorKind::InvalidUtf8, e.valid_up_to())),
        }
    }
}

/// A parsed URI reference (RFC 3986 section 4.1): an absolute URI or a
/// relative reference, with an optional fragment. It is the input string plus
/// the offsets of its components, so it is `Copy` and its accessors only
/// slice.
///
/// ```text
///   foo://user@example.com:8042/over/there?name=ferret#nose
///   \_/   \__/ \_________/ \__/\_________/ \_________/ \__/
///    |     |        |        |      |           |       |
/// scheme userinfo  host    port   path        query  fragment
///       \_____________________/
///              authority
/// ```
///
/// A component that is absent (its delimiter is not there) is `None`; one
/// that is present but empty is `Some("")`. The path is always present,
/// possibly empty.
///
/// Equality, ordering and hashing compare the exact text: `HTTP://a` and
/// `http://a` are different references (see RFC 3986 section 6 for
/// equivalence).
///
/// ```
/// use urikit::UriRef;
///
/// let uri = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), Some("foo"));
/// assert_eq!(uri.authority().unwrap().as_str(), "user@example.com:8042");
/// assert_eq!(uri.userinfo().unwrap(), "user");
/// assert_eq!(uri.host().unwrap().as_str(), "example.com");
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query().unwrap(), "name=ferret");
/// assert_eq!(uri.fragment().unwrap(), "nose");
///
/// let empty_query = UriRef::parse("/p?")?;
/// assert_eq!(empty_query.query().unwrap(), "");
/// assert_eq!(UriRef::parse("/p")?.query(), None);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    s: &'a str,
    meta: Meta,
    dialect: Dialect,
}

impl<'a> UriRef<'a> {
    /// Parses a `URI-reference` (RFC 3986 section 4.1), without allocating.
    ///
    /// The empty string is a valid (same-document) relative reference.
    ///
    /// # Errors
    ///
    /// The first byte RFC 3986 does not accept, as an [`Error`](crate::Error) with its kind
    /// ([`InvalidChar`](crate::ErrorKind::InvalidChar),
    /// [`InvalidScheme`](crate::ErrorKind::InvalidScheme),
    /// [`InvalidHost`](crate::ErrorKind::InvalidHost),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort),
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding), ...) and its byte
    /// offset in `s`.
    ///
    /// ```
    /// use urikit::{ErrorKind, UriRef};
    ///
    /// assert!(UriRef::parse("../a/b?c").is_ok());
    /// let err = UriRef::parse("http://example.com:80a/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPort, 21));
    /// ```
    pub fn parse(s: &'a str) -> Result<UriRef<'a>, Error> {
        parse::parse_as(s, |meta| UriRef::from_parts(s, meta, Dialect::Rfc3986))
    }

    /// The reference `s` of `dialect` with the offsets `meta`, which must
    /// be those of `s` read under `dialect`.
    #[inline(always)]
    pub(crate) const fn from_parts(s: &'a str, meta: Meta, dialect: Dialect) -> UriRef<'a> {
        UriRef { s, meta, dialect }
    }

    /// Parses a URI reference under the grammar of `dialect`: each
    /// document's collected BNF (RFC 3986 Appendix A, 2396bis Appendix A,
    /// RFC 2396 Appendix A, draft-ietf-url-syntax-00 Appendix A, RFC 1738
    /// section 5), with the rules where they disagree written down in the
    /// library's `grammar` modules. RFC 1738 has no relative references.
    ///
    /// # Errors
    ///
    /// The first byte `dialect`'s grammar does not accept, with its kind and byte offset in
    /// `s`; [`MissingScheme`](crate::ErrorKind::MissingScheme) for a relative reference under
    /// RFC 1738, which has none.
    ///
    /// ```
    /// use urikit::{Dialect, ErrorKind, UriRef};
    ///
    /// // "~" became unreserved after RFC 1738, which calls it unsafe.
    /// let err = UriRef::parse_with("http://a/~u", Dialect::Rfc1738).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidChar, 9));
    /// // RFC 2396 has registry-based authorities; RFC 3986 has none.
    /// assert!(UriRef::parse_with("x://a@b@c/", Dialect::Rfc2396).is_ok());
    /// assert!(UriRef::parse_with("x://a@b@c/", Dialect::Rfc3986).is_err());
    /// // A scheme starts with a letter since RFC 2396.
    /// assert!(UriRef::parse_with("3com:x", Dialect::Url1996).is_ok());
    /// assert!(UriRef::parse_with("3com:x", Dialect::Rfc2396).is_err());
    /// ```
    pub fn parse_with(s: &'a str, dialect: Dialect) -> Result<UriRef<'a>, Error> {
        Parser::new(dialect).parse(s)
    }

    /// The dialect whose grammar this reference was checked against: it is
    /// valid under that one (and perhaps under others too). Owned values
    /// made from it keep it, and every operation says which dialect its
    /// result is valid under.
    ///
    /// ```
    /// use urikit::{Dialect, UriRef};
    ///
    /// assert_eq!(UriRef::parse("a:b")?.dialect(), Dialect::Rfc3986);
    /// let old = UriRef::parse_with("http://u@h@x/p", Dialect::Rfc2396)?;
    /// assert_eq!(old.dialect(), Dialect::Rfc2396);
    /// assert_eq!(old.to_buf().dialect(), Dialect::Rfc2396);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub const fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The same text read under `dialect`'s grammar: itself when it was
    /// read under that dialect already, or else a
    /// [`DialectMismatch`](ErrorKind::DialectMismatch) error at the first
    /// byte that `dialect` does not accept.
    ///
    /// # Errors
    ///
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) at the first byte `dialect` does
    /// not accept.
    ///
    /// ```
    /// use urikit::{Dialect, ErrorKind, UriRef};
    ///
    /// let u = UriRef::parse_with("http://u@h@x/p", Dialect::Rfc2396)?;
    /// let err = u.in_dialect(Dialect::Rfc3986).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::DialectMismatch, 10));
    /// let v = UriRef::parse("http://h/p")?.in_dialect(Dialect::Rfc2396)?;
    /// assert_eq!(v.dialect(), Dialect::Rfc2396);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn in_dialect(self, dialect: Dialect) -> Result<UriRef<'a>, Error> {
        if self.dialect == dialect {
            return Ok(self);
        }
        self.read_again(dialect)
    }

    /// [`in_dialect`](Self::in_dialect) for another dialect than the view's.
    #[cold]
    #[inline(never)]
    fn read_again(self, dialect: Dialect) -> Result<UriRef<'a>, Error> {
        // The IRI grammar differs from RFC 3986's only beyond ASCII, where
        // RFC 3986 allows nothing: the components lie where they lie.
        let same = match (self.dialect, dialect) {
            (Dialect::Rfc3986, Dialect::Rfc3987) => true,
            (Dialect::Rfc3987, Dialect::Rfc3986) => self.s.is_ascii(),
            _ => false,
        };
        if same {
            return Ok(UriRef { dialect, ..self });
        }
        // A zone identifier was accepted on request; it stays accepted.
        parse::parse_with_zones(self.s, dialect, self.meta.zoned(self.s))
            .map(|meta| UriRef::from_parts(self.s, meta, dialect))
            .map_err(|e| Error::new(ErrorKind::DialectMismatch, e.offset()))
    }

    /// Parses an absolute URI with optional fragment (RFC 3986 section 3,
    /// `URI`): like [`parse`](Self::parse), but a scheme is required.
    ///
    /// # Errors
    ///
    /// [`EmptyInput`](crate::ErrorKind::EmptyInput) for an empty `s`,
    /// [`MissingScheme`](crate::ErrorKind::MissingScheme) for a relative reference, else those
    /// of [`parse`](Self::parse).
    ///
    /// ```
    /// use urikit::{ErrorKind, UriRef};
    ///
    /// assert!(UriRef::parse_absolute("urn:isbn:0451450523").is_ok());
    /// assert_eq!(UriRef::parse_absolute("").unwrap_err().kind(), ErrorKind::EmptyInput);
    /// assert_eq!(UriRef::parse_absolute("/a").unwrap_err().kind(), ErrorKind::MissingScheme);
    /// ```
    pub fn parse_absolute(s: &'a str) -> Result<UriRef<'a>, Error> {
        if s.is_empty() {
            return Err(Error::new(ErrorKind::EmptyInput, 0));
        }
        let uri = UriRef::parse(s)?;
        if uri.meta.scheme_end == 0 {
            return Err(Error::new(ErrorKind::MissingScheme, 0));
        }
        Ok(uri)
    }

    /// The whole reference as written.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("a:b").unwrap().as_str(), "a:b");
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &'a str {
        self.s
    }

    /// The text of `part`, as written, or `None` where it is undefined
    /// (the path is always defined): the accessor of that part, by name,
    /// for code that takes parts as data (a command's `{host}`, a column
    /// function's argument).
    ///
    /// ```
    /// use urikit::{Part, UriRef};
    ///
    /// let u = UriRef::parse("http://u@h:8/p?q")?;
    /// let parts: Vec<_> = Part::ALL.into_iter().map(|p| u.get(p)).collect();
    /// assert_eq!(parts, [Some("http"), Some("u@h:8"), Some("u"), Some("h"), Some("8"), Some("/p"), Some("q"), None]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn get(&self, part: Part) -> Option<&'a str> {
        Some(match part {
            Part::Scheme => self.scheme()?,
            Part::Authority => self.authority()?.as_str(),
            Part::Userinfo => self.userinfo()?.as_str(),
            Part::Host => self.host()?.as_str(),
            Part::Port => self.port()?,
            Part::Path => self.path().as_str(),
            Part::Query => self.query()?.as_str(),
            Part::Fragment => self.fragment()?.as_str(),
        })
    }

    /// Where `part` lies in the text, as a byte range, or `None` where it
    /// is undefined (the path is always defined, and an empty part has an
    /// empty range at its place).
    ///
    /// ```
    /// use urikit::{Part, UriRef};
    ///
    /// let u = UriRef::parse("http://h:/p?")?;
    /// assert_eq!(u.span(Part::Port), Some(9..9));
    /// assert_eq!(u.span(Part::Query), Some(12..12));
    /// assert_eq!(u.span(Part::Fragment), None);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn span(&self, part: Part) -> Option<Range<usize>> {
        let piece = self.get(part)?;
        let start = self.offset_of(piece)?;
        Some(start..start + piece.len())
    }

    /// Where `piece`, a slice of this reference's text (a component, a
    /// segment, a field of a scheme's view), begins in it; `None` for text
    /// from elsewhere.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("http://h/a/b")?;
    /// let second = u.path_segments().nth(1).unwrap();
    /// assert_eq!(u.offset_of(second.as_str()), Some(11));
    /// assert_eq!(u.offset_of("b"), None);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn offset_of(&self, piece: &str) -> Option<usize> {
        let (base, at) = (self.s.as_ptr() as usize, piece.as_ptr() as usize);
        let off = at.checked_sub(base)?;
        (off + piece.len() <= self.s.len()).then_some(off)
    }

    /// `piece` (a part of this reference, such as a field of its scheme's
    /// view) decoded to UTF-8, an error's offset counted in this
    /// reference's text.
    ///
    /// # Errors
    ///
    /// [`InvalidUtf8`](ErrorKind::InvalidUtf8) where the decoded bytes are
    /// not UTF-8, at the offset of the escape that starts the bad sequence.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("ftp://h/a%FFb")?;
    /// let e = u.decode_part(u.path()).unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("invalid-utf8", 9));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_part<'p>(&self, piece: PctStr<'p>) -> Result<alloc::borrow::Cow<'p, str>, Error> {
        piece.decode_utf8().map_err(|e| {
            let at = self.offset_of(piece.as_str()).unwrap_or(0);
            Error::new(e.kind(), at + e.offset())
        })
    }

    /// The scheme, as written (its case is kept), or `None` for a relative
    /// reference.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("HTTP://a").unwrap().scheme(), Some("HTTP"));
    /// assert_eq!(urikit::UriRef::parse("//a").unwrap().scheme(), None);
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        (self.meta.scheme_end > 0).then(|| slice(self.s, 0, self.meta.scheme_end))
    }

    /// Whether this is an absolute URI (it has a scheme), as opposed to a
    /// relative reference.
    ///
    /// ```
    /// assert!(urikit::UriRef::parse("mailto:x@y").unwrap().has_scheme());
    /// assert!(!urikit::UriRef::parse("x@y").unwrap().has_scheme());
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.meta.scheme_end > 0
    }

    /// The authority, if there is one (the reference has `//`).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("file:///etc/hosts").unwrap();
    /// assert_eq!(uri.authority().unwrap().as_str(), "");
    /// assert!(urikit::UriRef::parse("mailto:a@b").unwrap().authority().is_none());
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        let start = self.meta.auth_start();
        self.meta.auth.map(|a| Authority {
            s: slice(self.s, start, a.end),
            a: a.moved(start, 0),
            at: start,
        })
    }

    /// The userinfo, if there is an authority with one.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("ftp://@host/").unwrap();
    /// assert_eq!(uri.userinfo().unwrap(), ""); // empty, not absent
    /// ```
    #[inline]
    pub fn userinfo(&self) -> Option<PctStr<'a>> {
        self.authority().and_then(|a| a.userinfo())
    }

    /// The host, if there is an authority.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://[::1]:80/").unwrap();
    /// assert_eq!(uri.host().unwrap().as_str(), "[::1]");
    /// ```
    #[inline]
    pub fn host(&self) -> Option<Host<'a>> {
        // Straight from the offsets: going through `authority()` would
        // slice the authority and move its offsets only to slice again.
        self.meta
            .auth
            .map(|a| Host::new(slice(self.s, a.host_start, a.host_end), a.host))
    }

    /// The port as written (any number of digits, possibly empty), if there
    /// is one.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("http://h:/").unwrap().port(), Some(""));
    /// assert_eq!(urikit::UriRef::parse("http://h/").unwrap().port(), None);
    /// ```
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.authority().and_then(|a| a.port())
    }

    /// The port as a number: `Ok(None)` when there is no port or it is
    /// empty, and a `port-out-of-range` error when it does not fit in 16
    /// bits.
    ///
    /// # Errors
    ///
    /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange) for a port beyond 65535, at its
    /// first digit.
    ///
    /// ```
    /// use urikit::{ErrorKind, UriRef};
    ///
    /// assert_eq!(UriRef::parse("http://h:0080/").unwrap().port_u16(), Ok(Some(80)));
    /// let err = UriRef::parse("http://h:65536/").unwrap().port_u16().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::PortOutOfRange, 9));
    /// ```
    pub fn port_u16(&self) -> Result<Option<u16>, Error> {
        self.authority().map_or(Ok(None), |a| a.port_u16())
    }

    /// The port as a number, or else the default port of the scheme (RFC
    /// 3986 section 3.2.3: an absent or empty port is the default; the
    /// defaults are [`scheme::default_port`](crate::scheme::default_port)'s).
    /// `Ok(None)` when there is neither.
    ///
    /// # Errors
    ///
    /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange) for a port beyond 65535, at its
    /// first digit.
    ///
    /// ```
    /// use urikit::UriRef;
    ///
    /// assert_eq!(UriRef::parse("http://h/")?.port_or_default(), Ok(Some(80)));
    /// assert_eq!(UriRef::parse("http://h:/")?.port_or_default(), Ok(Some(80)));
    /// assert_eq!(UriRef::parse("http://h:8080/")?.port_or_default(), Ok(Some(8080)));
    /// assert_eq!(UriRef::parse("foo://h/")?.port_or_default(), Ok(None));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn port_or_default(&self) -> Result<Option<u16>, Error> {
        match self.port_u16()? {
            Some(p) => Ok(Some(p)),
            None => Ok(self.scheme().and_then(crate::registry::default_port)),
        }
    }

    /// The path, as written. Never absent; possibly empty.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("http://h?q").unwrap().path(), "");
    /// ```
    #[inline]
    pub fn path(&self) -> PctStr<'a> {
        PctStr::new_unchecked(slice(self.s, self.meta.path_start(), self.meta.path_end))
    }

    /// The query, as written, if there is one.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("?a=1#f").unwrap().query().unwrap(), "a=1");
    /// ```
    #[inline]
    pub fn query(&self) -> Option<PctStr<'a>> {
        let m = &self.meta;
        (self.s.as_bytes().get(m.path_end) == Some(&b'?'))
            .then(|| PctStr::new_unchecked(slice(self.s, m.path_end + 1, m.query_end)))
    }

    /// The fragment, as written, if there is one.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("#").unwrap().fragment().unwrap(), "");
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<PctStr<'a>> {
        let m = &self.meta;
        (m.query_end < self.s.len())
            .then(|| PctStr::new_unchecked(slice(self.s, m.query_end + 1, self.s.len())))
    }

    /// The segments of the path, still encoded. The `/` that begins an
    /// absolute path does not start an empty segment: `/a/b` and `a/b` both
    /// give `a`, `b`; `/` gives one empty segment; the empty path gives none.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://h/a/b%2Fc/").unwrap();
    /// let segs: Vec<&str> = uri.path_segments().map(|s| s.as_str()).collect();
    /// assert_eq!(segs, ["a", "b%2Fc", ""]);
    /// ```
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::new(self.path())
    }

    /// The `&`-separated pairs of the query, still encoded (none without a
    /// query). See [`QueryPairs`].
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("/s?q=a+b&flag&e=").unwrap();
    /// let pairs: Vec<(String, Option<String>)> = uri
    ///     .query_pairs()
    ///     .map(|(k, v)| (k.to_string(), v.map(|v| v.decode_form_utf8().unwrap().into_owned())))
    ///     .collect();
    /// assert_eq!(pairs, [
    ///     ("q".to_string(), Some("a b".to_string())),
    ///     ("flag".to_string(), None),
    ///     ("e".to_string(), Some(String::new())),
    /// ]);
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'a> {
        QueryPairs::new(self.query())
    }

    pub(crate) fn meta(&self) -> Meta {
        self.meta
    }

    /// The reference as [`Scalars`], for a call that is not inlined.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn scalars(&self) -> Scalars<'a> {
        let a = self.meta.auth;
        (
            self.s,
            self.meta.scheme_end,
            a.map(|a| a.host),
            a.map_or(0, |a| a.host_start),
            a.map_or(0, |a| a.host_end),
            a.map_or(0, |a| a.end),
            self.meta.path_end,
            self.meta.query_end,
            self.dialect,
        )
    }

    /// The reference of [`scalars`](Self::scalars), whole again.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[allow(clippy::too_many_arguments, reason = "the scalars of `Scalars`")]
    #[inline(always)]
    pub(crate) fn from_scalars(
        s: &'a str,
        scheme_end: usize,
        host: Option<parse::HostType>,
        host_start: usize,
        host_end: usize,
        auth_end: usize,
        path_end: usize,
        query_end: usize,
        dialect: Dialect,
    ) -> UriRef<'a> {
        let auth = host.map(|host| AuthMeta {
            host_start,
            host_end,
            host,
            end: auth_end,
        });
        let meta = Meta {
            scheme_end,
            auth,
            path_end,
            query_end,
        };
        UriRef { s, meta, dialect }
    }
}

/// A [`UriRef`]'s fields, each a scalar: the text, the scheme's end, the
/// host's type (`None`: no authority), the host's start and end and the
/// authority's end, the path's and the query's ends, the dialect.
///
/// A transform whose body is not inlined takes these as arguments of its
/// own ([`by_scalars!`] declares such a body, [`call_by_scalars!`] calls
/// it) rather than the view: a view passed whole goes by a copy that the
/// caller makes with 16-byte loads, and right after `UriRef::parse` those
/// wait for the parser's narrower stores of the same fields to reach the
/// cache (no store forwards to a load wider than itself). One field at a
/// time each load is forwarded. See "The transforms take the reference as
/// scalars" in `docs/design.md`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) type Scalars<'a> = (
    &'a str,
    usize,
    Option<parse::HostType>,
    usize,
    usize,
    usize,
    usize,
    usize,
    Dialect,
);

/// Declares a method, not inlined, that takes a [`UriRef`] as its
/// [`Scalars`] (after the arguments listed before the `;`) and runs its
/// body with the reference put together again under the name after it.
#[cfg_attr(not(feature = "alloc"), allow(unused_macros))]
macro_rules! by_scalars {
    (
        $(#[$doc:meta])*
        fn $name:ident(&$self:ident $(, $arg:ident: $ty:ty)*; $u:ident) -> $ret:ty $body:block
    ) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments, reason = "the scalars of `Scalars`")]
        #[inline(never)]
        fn $name(
            &$self,
            $($arg: $ty,)*
            s: &str,
            scheme_end: usize,
            host: Option<crate::parse::HostType>,
            host_start: usize,
            host_end: usize,
            auth_end: usize,
            path_end: usize,
            query_end: usize,
            dialect: crate::Dialect,
        ) -> $ret {
            let $u = crate::uri::UriRef::from_scalars(
                s, scheme_end, host, host_start, host_end, auth_end, path_end, query_end, dialect,
            );
            $body
        }
    };
}

/// Calls a method that [`by_scalars!`] declared, with the arguments listed
/// before the `;` and the reference after it as its [`Scalars`].
#[cfg_attr(not(feature = "alloc"), allow(unused_macros))]
macro_rules! call_by_scalars {
    ($recv:ident.$name:ident($($arg:expr),*; $u:expr)) => {{
        let (s, se, host, hs, he, ae, pe, qe, d) = $u.scalars();
        $recv.$name($($arg,)* s, se, host, hs, he, ae, pe, qe, d)
    }};
}

#[cfg_attr(not(feature = "alloc"), allow(unused_imports))]
pub(crate) use {by_scalars, call_by_scalars};

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}

impl fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .field("dialect", &self.dialect)
            .finish()
    }
}

impl PartialEq for UriRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
    }
}
impl Eq for UriRef<'_> {}

impl PartialEq<str> for UriRef<'_> {
    fn eq(&self, other: &str) -> bool {
        self.s == other
    }
}

impl PartialEq<&str> for UriRef<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.s == *other
    }
}

impl PartialOrd for UriRef<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for UriRef<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.s.cmp(other.s)
    }
}

impl Hash for UriRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.s.hash(state)
    }
}

impl AsRef<str> for UriRef<'_> {
    fn as_ref(&self) -> &str {
        self.s
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<UriRef<'a>, Error> {
        UriRef::parse(s)
    }
}

/// The authority of a reference (RFC 3986 section 3.2):
/// `[ userinfo "@" ] host [ ":" port ]`.
///
/// ```
/// let uri = urikit::UriRef::parse("//u:p@h:1").unwrap();
/// let a = uri.authority().unwrap();
/// assert_eq!((a.userinfo().unwrap().as_str(), a.host().as_str(), a.port()), ("u:p", "h", Some("1")));
/// ```
///
/// Two authorities are equal when their text is (what [`as_str`](Self::as_str)
/// shows), whatever the rest of their references:
///
/// ```
/// use urikit::UriRef;
/// let (a, b) = (UriRef::parse("http://h/x")?, UriRef::parse("ftp://h/y")?);
/// assert_eq!(a.authority(), b.authority());
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Authority<'a> {
    /// The authority's text.
    s: &'a str,
    /// Its parts, from 0.
    a: AuthMeta,
    /// Where it starts in its reference, for error offsets.
    at: usize,
}

impl PartialEq for Authority<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
    }
}

impl Eq for Authority<'_> {}

impl core::hash::Hash for Authority<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

impl<'a> Authority<'a> {
    /// The authority as written.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://[::1]:8080/x").unwrap();
    /// assert_eq!(uri.authority().unwrap().as_str(), "[::1]:8080");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The userinfo, if an `@` is present.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("//user%40x:pw@h").unwrap();
    /// assert_eq!(uri.authority().unwrap().userinfo().unwrap(), "user%40x:pw");
    /// ```
    pub fn userinfo(&self) -> Option<PctStr<'a>> {
        self.a
            .userinfo_end(0)
            .map(|e| PctStr::new_unchecked(slice(self.s, 0, e)))
    }

    /// The host, possibly empty.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("//:80").unwrap().authority().unwrap().host().as_str(), "");
    /// ```
    pub fn host(&self) -> Host<'a> {
        Host::new(
            slice(self.s, self.a.host_start, self.a.host_end),
            self.a.host,
        )
    }

    /// The port as written, if a `:` follows the host.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("//h:99999").unwrap().authority().unwrap().port(), Some("99999"));
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        (self.a.host_end < self.a.end).then(|| slice(self.s, self.a.host_end + 1, self.a.end))
    }

    /// The port as a number; see [`UriRef::port_u16`].
    ///
    /// # Errors
    ///
    /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange) for a port
    /// beyond 65535, at its first digit in the reference the authority
    /// belongs to.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("//h:").unwrap().authority().unwrap().port_u16(), Ok(None));
    /// ```
    pub fn port_u16(&self) -> Result<Option<u16>, Error> {
        let Some(p) = self.port() else {
            return Ok(None);
        };
        if p.is_empty() {
            return Ok(None);
        }
        let mut v: u32 = 0;
        for c in p.bytes() {
            v = v * 10 + u32::from(c - b'0');
            if v > u32::from(u16::MAX) {
                return Err(Error::new(
                    ErrorKind::PortOutOfRange,
                    self.at + self.a.host_end + 1,
                ));
            }
        }
        Ok(Some(v as u16))
    }
}

impl fmt::Debug for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("port", &self.port())
            .finish()
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference taken apart into its scalars and put together again is
    /// the same view, with and without an authority, with every kind of
    /// host, a userinfo and a port, in every dialect that reads it.
    #[test]
    fn scalars_put_together_again_are_the_reference() {
        let refs = [
            "",
            "a:b",
            "/p?q#f",
            "http://u@h:8/p?q#f",
            "//h",
            "http://192.0.2.1/",
            "http://[2001:db8::1]:80/",
            "http://[v7.x]/",
            "file:///etc",
            "../x;y?z",
        ];
        let mut seen = 0;
        for d in Dialect::GRAMMARS {
            for r in refs {
                let Ok(u) = UriRef::parse_with(r, d) else {
                    continue;
                };
                let (s, se, host, hs, he, ae, pe, qe, dialect) = u.scalars();
                let again = UriRef::from_scalars(s, se, host, hs, he, ae, pe, qe, dialect);
                assert_eq!(again.meta(), u.meta(), "{r:?} under {d:?}");
                assert_eq!((again.as_str(), again.dialect()), (r, d));
                seen += 1;
            }
        }
        assert!(seen > 40, "only {seen} references read");
    }
}
