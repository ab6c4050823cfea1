//! `nntp` URLs, RFC 1738 section 3.7:
//! `nntp://<host>:<port>/<newsgroup-name>/<article-number>`.

use super::{check_group, expect_scheme, no_query, server, span, Rules, Server};
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// An `nntp` URL (RFC 1738 section 3.7): a newsgroup on a server, and
/// optionally an article number in it.
///
/// ```
/// use urikit::scheme::Nntp;
/// use urikit::UriRef;
///
/// let n = Nntp::new(UriRef::parse("nntp://news.example.com/comp.lang.rust/4711")?)?;
/// assert_eq!((n.host().as_str(), n.port()), ("news.example.com", 119));
/// assert_eq!(n.newsgroup(), "comp.lang.rust");
/// assert_eq!(n.article(), Some(4711));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Nntp<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
    group: (usize, usize),
    article: Option<u64>,
}

impl<'a> Nntp<'a> {
    /// Reads `uri` as an nntp URL: `nntpurl = "nntp://" hostport "/" group
    /// [ "/" digits ]` (section 5). An article number too large for 64 bits
    /// is `invalid-path`.
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`UnexpectedUserinfo`](crate::ErrorKind::UnexpectedUserinfo),
    /// [`InvalidNewsgroup`](crate::ErrorKind::InvalidNewsgroup),
    /// [`UnexpectedQuery`](crate::ErrorKind::UnexpectedQuery)).
    ///
    /// ```
    /// use urikit::{scheme::Nntp, ErrorKind, UriRef};
    /// let err = Nntp::new(UriRef::parse("nntp://h/")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidNewsgroup, 9));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Nntp<'a>, Error> {
        expect_scheme(&uri, &["nntp"])?;
        let server = server(&uri, Rules::hostport(119))?;
        no_query(&uri)?;
        let m = uri.meta();
        let (start, end) = (m.path_start(), m.path_end);
        if start == end {
            return Err(Error::new(ErrorKind::InvalidPath, end));
        }
        let b = uri.as_str().as_bytes();
        let group_start = start + 1;
        let group_end = b[group_start..end]
            .iter()
            .position(|&c| c == b'/')
            .map_or(end, |p| group_start + p);
        check_group(b, group_start, group_end)?;
        let mut article = None;
        if group_end < end {
            let digits = &b[group_end + 1..end];
            let bad = digits.iter().position(|c| !c.is_ascii_digit());
            if digits.is_empty() || bad.is_some() {
                let at = group_end + 1 + bad.unwrap_or(0);
                return Err(Error::new(ErrorKind::InvalidPath, at));
            }
            article = Some(digits.iter().try_fold(0u64, |n, &c| {
                n.checked_mul(10)?.checked_add(u64::from(c - b'0'))
            }));
            if article == Some(None) {
                return Err(Error::new(ErrorKind::InvalidPath, group_end + 1));
            }
        }
        Ok(Nntp {
            uri,
            server,
            group: (group_start, group_end),
            article: article.flatten(),
        })
    }

    super::server_accessors!(Nntp, "nntp", "/alt.test", "119 (RFC 1738 section 3.7)");

    /// The newsgroup name.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("nntp://h/alt.test").unwrap();
    /// assert_eq!(urikit::scheme::Nntp::new(uri).unwrap().newsgroup(), "alt.test");
    /// ```
    pub fn newsgroup(&self) -> PctStr<'a> {
        span(&self.uri, self.group)
    }

    /// The article number, when given.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("nntp://h/alt.test").unwrap();
    /// assert_eq!(urikit::scheme::Nntp::new(uri).unwrap().article(), None);
    /// ```
    pub fn article(&self) -> Option<u64> {
        self.article
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fail(s: &str, offset: usize, kind: ErrorKind) {
        let e = Nntp::new(UriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
    }

    #[test]
    fn nntpurl_of_section_5() {
        fail("nntp://h", 8, ErrorKind::InvalidPath);
        fail("nntp://h/g/", 11, ErrorKind::InvalidPath);
        fail("nntp://h/g/1/2", 12, ErrorKind::InvalidPath);
        fail(
            "nntp://h/g/99999999999999999999",
            11,
            ErrorKind::InvalidPath,
        );
        fail("nntp://h/g?x", 10, ErrorKind::UnexpectedQuery);
        fail("nntp://u@h/g", 7, ErrorKind::UnexpectedUserinfo);
        fail("nntp://h/g%2E", 10, ErrorKind::InvalidNewsgroup);
        fail("nntp:g", 5, ErrorKind::MissingAuthority);
        let n = Nntp::new(UriRef::parse("nntp://h/g/0").unwrap()).unwrap();
        assert_eq!(n.article(), Some(0));
    }
}
