//! `wais` URLs, RFC 1738 section 3.9: `wais://<host>:<port>/<database>`,
//! `.../<database>?<search>` or `.../<database>/<wtype>/<wpath>`.

use super::{check, expect_scheme, server, span, Rules, Server, SEARCH, UCHAR};
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// A `wais` URL (RFC 1738 section 3.9), in one of its three forms: a
/// database that can be searched, a search in it, or one document with its
/// WAIS type and (opaque) document id.
///
/// ```
/// use urikit::scheme::Wais;
/// use urikit::UriRef;
///
/// let w = Wais::new(UriRef::parse("wais://quake.think.com/directory-of-servers?rfc")?)?;
/// assert_eq!((w.database().as_str(), w.search().unwrap().as_str()), ("directory-of-servers", "rfc"));
/// assert_eq!(w.wtype(), None);
///
/// let w = Wais::new(UriRef::parse("wais://h:8000/db/TEXT/0%2C12")?)?;
/// assert_eq!(w.port(), 8000);
/// assert_eq!((w.wtype().unwrap().as_str(), w.wpath().unwrap().as_str()), ("TEXT", "0%2C12"));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Wais<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
    database: (usize, usize),
    doc: Option<((usize, usize), (usize, usize))>,
}

impl<'a> Wais<'a> {
    /// Reads `uri` as a wais URL: `waisdatabase | waisindex | waisdoc`,
    /// where `database`, `wtype` and `wpath` are `*uchar` (section 5).
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`UnexpectedUserinfo`](crate::ErrorKind::UnexpectedUserinfo),
    /// [`InvalidPath`](crate::ErrorKind::InvalidPath),
    /// [`UnexpectedQuery`](crate::ErrorKind::UnexpectedQuery)).
    ///
    /// ```
    /// use urikit::{scheme::Wais, ErrorKind, UriRef};
    /// let err = Wais::new(UriRef::parse("wais://h/db/t/p/q")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidChar, 15));
    /// let err = Wais::new(UriRef::parse("wais://h/db/t/p?x")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnexpectedQuery, 15));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Wais<'a>, Error> {
        expect_scheme(&uri, &["wais"])?;
        let server = server(&uri, Rules::hostport(210))?;
        let m = uri.meta();
        let (start, end) = (m.path_start(), m.path_end);
        if start == end {
            return Err(Error::new(ErrorKind::InvalidPath, end));
        }
        let b = uri.as_str().as_bytes();
        let slash = |from: usize| {
            b[from..end]
                .iter()
                .position(|&c| c == b'/')
                .map_or(end, |p| from + p)
        };
        let db_end = slash(start + 1);
        check(b, start + 1, db_end, &UCHAR, ErrorKind::InvalidChar)?;
        let mut doc = None;
        if db_end < end {
            let wtype_end = slash(db_end + 1);
            if wtype_end == end {
                return Err(Error::new(ErrorKind::InvalidPath, end));
            }
            check(b, db_end + 1, wtype_end, &UCHAR, ErrorKind::InvalidChar)?;
            check(b, wtype_end + 1, end, &UCHAR, ErrorKind::InvalidChar)?;
            if uri.query().is_some() {
                return Err(Error::new(ErrorKind::UnexpectedQuery, end));
            }
            doc = Some(((db_end + 1, wtype_end), (wtype_end + 1, end)));
        }
        if uri.query().is_some() {
            check(b, end + 1, m.query_end, &SEARCH, ErrorKind::InvalidChar)?;
        }
        Ok(Wais {
            uri,
            server,
            database: (start + 1, db_end),
            doc,
        })
    }

    super::server_accessors!(Wais, "wais", "/db", "210 (RFC 1738 section 3.9)");

    /// The database name, as written (possibly empty).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("wais://h/").unwrap();
    /// assert_eq!(urikit::scheme::Wais::new(uri).unwrap().database(), "");
    /// ```
    pub fn database(&self) -> PctStr<'a> {
        span(&self.uri, self.database)
    }

    /// The search, as written, for the `database?search` form.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("wais://h/db?a+b").unwrap();
    /// assert_eq!(urikit::scheme::Wais::new(uri).unwrap().search().unwrap(), "a+b");
    /// ```
    pub fn search(&self) -> Option<PctStr<'a>> {
        self.uri.query()
    }

    /// The WAIS object type, for the `database/wtype/wpath` form.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("wais://h/db/T/P").unwrap();
    /// assert_eq!(urikit::scheme::Wais::new(uri).unwrap().wtype().unwrap(), "T");
    /// ```
    pub fn wtype(&self) -> Option<PctStr<'a>> {
        self.doc.map(|(t, _)| span(&self.uri, t))
    }

    /// The WAIS document id, as written (opaque: only the server that gave
    /// it can take it apart), for the `database/wtype/wpath` form.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("wais://h/db/T/P").unwrap();
    /// assert_eq!(urikit::scheme::Wais::new(uri).unwrap().wpath().unwrap(), "P");
    /// ```
    pub fn wpath(&self) -> Option<PctStr<'a>> {
        self.doc.map(|(_, p)| span(&self.uri, p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_forms_only() {
        for (s, offset, kind) in [
            ("wais://h", 8, ErrorKind::InvalidPath),
            ("wais://h/db/t", 13, ErrorKind::InvalidPath),
            ("wais://h/d;b", 10, ErrorKind::InvalidChar),
            ("wais://h/db?a/b", 13, ErrorKind::InvalidChar),
            ("wais://u@h/db", 7, ErrorKind::UnexpectedUserinfo),
        ] {
            let e = Wais::new(UriRef::parse(s).unwrap()).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
        }
        let w = Wais::new(UriRef::parse("wais://h/db/t/").unwrap()).unwrap();
        assert_eq!(w.wpath().unwrap(), "");
    }
}
