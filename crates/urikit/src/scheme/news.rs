//! `news` URLs, RFC 1738 section 3.6: `news:<newsgroup-name>` or
//! `news:<message-id>`.

use super::{check, check_group, expect_scheme, span, Hosts, FPATH};
use crate::error::{Error, ErrorKind};
use crate::grammar::Table;
use crate::parse::older::hostname_or_number;
use crate::pct::PctStr;
use crate::UriRef;

/// A `news` URL (RFC 1738 section 3.6): a newsgroup, `*` for all groups,
/// or a message-id `<unique>@<full_domain_name>` (without the angle
/// brackets of RFC 1036 section 2.1.5). The two are told apart by the `@`,
/// which only a message-id has.
///
/// ```
/// use urikit::scheme::News;
/// use urikit::UriRef;
///
/// let n = News::new(UriRef::parse("news:comp.infosystems.www.misc")?)?;
/// assert_eq!(n.newsgroup().unwrap(), "comp.infosystems.www.misc");
/// assert_eq!(n.message_id(), None);
///
/// let n = News::new(UriRef::parse("news:12345@news.example.com")?)?;
/// assert_eq!(n.message_id().unwrap(), "12345@news.example.com");
///
/// assert!(News::new(UriRef::parse("news:*")?)?.is_all_groups());
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct News<'a> {
    uri: UriRef<'a>,
    article: bool,
}

impl<'a> News<'a> {
    /// Reads `uri` as a news URL: `newsurl = "news:" grouppart`, `grouppart
    /// = "*" | group | article`, `article = 1*[ uchar | ";" | "/" | "?" |
    /// ":" | "&" | "=" ] "@" host` (section 5).
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`UnexpectedAuthority`](crate::ErrorKind::UnexpectedAuthority),
    /// [`InvalidNewsgroup`](crate::ErrorKind::InvalidNewsgroup),
    /// [`InvalidPath`](crate::ErrorKind::InvalidPath),
    /// [`MissingHost`](crate::ErrorKind::MissingHost)).
    ///
    /// ```
    /// use urikit::{scheme::News, ErrorKind, UriRef};
    /// let err = News::new(UriRef::parse("news:1st.group")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidNewsgroup, 5));
    /// let err = News::new(UriRef::parse("news://server/group")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnexpectedAuthority, 5));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<News<'a>, Error> {
        expect_scheme(&uri, &["news"])?;
        let m = uri.meta();
        if m.auth.is_some() {
            return Err(Error::new(
                ErrorKind::UnexpectedAuthority,
                m.auth_start() - 2,
            ));
        }
        let (start, end) = (m.path_start(), m.query_end);
        let b = uri.as_str().as_bytes();
        if start == end {
            return Err(Error::new(ErrorKind::InvalidPath, start));
        }
        let at = b[start..end].iter().position(|&c| c == b'@');
        let article = at.is_some();
        match at {
            Some(p) => {
                let at = start + p;
                if p == 0 {
                    return Err(Error::new(ErrorKind::InvalidPath, at));
                }
                const ARTICLE: Table = FPATH.or(Table::new(b";"));
                check(b, start, at, &ARTICLE, ErrorKind::InvalidChar)?;
                if at + 1 == end {
                    return Err(Error::new(ErrorKind::MissingHost, end));
                }
                hostname_or_number(Hosts::Classic, b, at + 1, end)?;
            }
            None if &b[start..end] == b"*" => {}
            None => check_group(b, start, end)?,
        }
        Ok(News { uri, article })
    }

    /// The URI this view reads.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("news:a").unwrap();
    /// assert_eq!(urikit::scheme::News::new(uri).unwrap().uri(), uri);
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// The newsgroup name (`*` for all groups), or `None` for a message-id.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("news:*").unwrap();
    /// assert_eq!(urikit::scheme::News::new(uri).unwrap().newsgroup().unwrap(), "*");
    /// ```
    pub fn newsgroup(&self) -> Option<PctStr<'a>> {
        (!self.article).then(|| self.text())
    }

    /// The message-id, as written, or `None` for a newsgroup.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("news:a%2Fb@c.d").unwrap();
    /// assert_eq!(urikit::scheme::News::new(uri).unwrap().message_id().unwrap(), "a%2Fb@c.d");
    /// ```
    pub fn message_id(&self) -> Option<PctStr<'a>> {
        self.article.then(|| self.text())
    }

    /// Whether the URL is `news:*`, "all available newsgroups" (3.6).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("news:comp.lang").unwrap();
    /// assert!(!urikit::scheme::News::new(uri).unwrap().is_all_groups());
    /// ```
    pub fn is_all_groups(&self) -> bool {
        self.newsgroup().is_some_and(|g| g == "*")
    }

    fn text(&self) -> PctStr<'a> {
        let m = self.uri.meta();
        span(&self.uri, (m.path_start(), m.query_end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fail(s: &str, offset: usize, kind: ErrorKind) {
        let e = News::new(UriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
    }

    #[test]
    fn grouppart_of_section_5() {
        let n = News::new(UriRef::parse("news:a/b?c@h.dom").unwrap()).unwrap();
        assert_eq!(n.message_id().unwrap(), "a/b?c@h.dom");
        let n = News::new(UriRef::parse("news:alt.fan+x_y-z").unwrap()).unwrap();
        assert_eq!(n.newsgroup().unwrap(), "alt.fan+x_y-z");
        fail("news:", 5, ErrorKind::InvalidPath);
        fail("news:@h", 5, ErrorKind::InvalidPath);
        fail("news:x@", 7, ErrorKind::MissingHost);
        fail("news:x@h_1", 8, ErrorKind::InvalidHost);
        fail("news:x@y@h", 8, ErrorKind::InvalidHost);
        fail("news:comp%2Elang", 9, ErrorKind::InvalidNewsgroup);
        fail("news:comp?x", 9, ErrorKind::InvalidNewsgroup);
        fail("news:**", 5, ErrorKind::InvalidNewsgroup);
    }
}
