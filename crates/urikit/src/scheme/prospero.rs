//! `prospero` URLs, RFC 1738 section 3.11:
//! `prospero://<host>:<port>/<hsoname>;<field>=<value>`.

use super::{check, expect_scheme, server, span, url_path, Rules, Server, FPATH, UCHAR};
use crate::error::{Error, ErrorKind};
use crate::grammar::Table;
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// `fieldname` and `fieldvalue`: `*[ uchar | "?" | ":" | "@" | "&" ]`.
const FIELD: Table = UCHAR.or(Table::new(b"?:@&"));

/// A `prospero` URL (RFC 1738 section 3.11): a host-specific object name
/// (hsoname), opaque to everyone but the server (its slashes carry no
/// hierarchy), followed by `;field=value` pairs.
///
/// ```
/// use urikit::scheme::Prospero;
/// use urikit::UriRef;
///
/// // "<URL:prospero://host.dom//pros/name> designates a <hsoname> of
/// // "/pros/name"" (3.11).
/// let p = Prospero::new(UriRef::parse("prospero://host.dom//pros/name")?)?;
/// assert_eq!((p.hsoname().as_str(), p.port()), ("/pros/name", 1525));
///
/// let p = Prospero::new(UriRef::parse("prospero://h/n;OBJECT-VERSION=2;x=")?)?;
/// let fields: Vec<_> = p.fields().map(|(k, v)| (k.as_str(), v.as_str())).collect();
/// assert_eq!(fields, [("OBJECT-VERSION", "2"), ("x", "")]);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Prospero<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
    hsoname: (usize, usize),
    fields_end: usize,
}

impl<'a> Prospero<'a> {
    /// Reads `uri` as a prospero URL: `prosperourl = "prospero://" hostport
    /// "/" ppath *[ fieldspec ]`, `fieldspec = ";" fieldname "=" fieldvalue`
    /// (section 5).
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort),
    /// [`InvalidPath`](crate::ErrorKind::InvalidPath),
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar)).
    ///
    /// ```
    /// use urikit::{scheme::Prospero, ErrorKind, UriRef};
    /// let err = Prospero::new(UriRef::parse("prospero://h/n;novalue")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPath, 22));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Prospero<'a>, Error> {
        expect_scheme(&uri, &["prospero"])?;
        let server = server(&uri, Rules::hostport(1525))?;
        let (start, end) =
            url_path(&uri)?.ok_or(Error::new(ErrorKind::InvalidPath, uri.meta().path_end))?;
        let b = uri.as_str().as_bytes();
        let semi = |from: usize| {
            b[from..end]
                .iter()
                .position(|&c| c == b';')
                .map_or(end, |p| from + p)
        };
        let name_end = semi(start);
        check(b, start, name_end, &FPATH, ErrorKind::InvalidChar)?;
        let mut field = name_end;
        while field < end {
            let field_end = semi(field + 1);
            let eq = b[field + 1..field_end]
                .iter()
                .position(|&c| c == b'=')
                .map(|p| field + 1 + p)
                .ok_or(Error::new(ErrorKind::InvalidPath, field_end))?;
            check(b, field + 1, eq, &FIELD, ErrorKind::InvalidChar)?;
            check(b, eq + 1, field_end, &FIELD, ErrorKind::InvalidChar)?;
            field = field_end;
        }
        Ok(Prospero {
            uri,
            server,
            hsoname: (start, name_end),
            fields_end: end,
        })
    }

    super::server_accessors!(
        Prospero,
        "prospero",
        "/name",
        "1525 (RFC 1738 section 3.11)"
    );

    /// The host-specific object name, as written.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("prospero://h/a/b%3Bc").unwrap();
    /// assert_eq!(urikit::scheme::Prospero::new(uri).unwrap().hsoname(), "a/b%3Bc");
    /// ```
    pub fn hsoname(&self) -> PctStr<'a> {
        span(&self.uri, self.hsoname)
    }

    /// The `;field=value` pairs, as written, in order.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("prospero://h/n").unwrap();
    /// assert_eq!(urikit::scheme::Prospero::new(uri).unwrap().fields().count(), 0);
    /// ```
    pub fn fields(&self) -> impl Iterator<Item = (PctStr<'a>, PctStr<'a>)> + Clone {
        let text = &self.uri.as_str()[self.hsoname.1..self.fields_end];
        text.split(';').skip(1).map(|f| {
            let (k, v) = f.split_once('=').unwrap_or((f, ""));
            (PctStr::new_unchecked(k), PctStr::new_unchecked(v))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::Vec;

    #[test]
    fn fieldspecs() {
        for (s, offset, kind) in [
            ("prospero://h", 12, ErrorKind::InvalidPath),
            ("prospero://h/n;a=b=c", 18, ErrorKind::InvalidChar),
            ("prospero://h/n;a/b=c", 16, ErrorKind::InvalidChar),
            ("prospero://h/n;", 15, ErrorKind::InvalidPath),
            ("prospero://h:/n", 13, ErrorKind::InvalidPort),
        ] {
            let e = Prospero::new(UriRef::parse(s).unwrap()).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
        }
        // "?" is a psegment and field character (section 5).
        let p = Prospero::new(UriRef::parse("prospero://h/a?b;k=v?w").unwrap()).unwrap();
        assert_eq!(p.hsoname(), "a?b");
        assert_eq!(p.fields().collect::<Vec<_>>()[0].1, "v?w");
    }
}
