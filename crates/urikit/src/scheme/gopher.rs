//! `gopher` URLs, RFC 1738 section 3.4:
//! `gopher://<host>:<port>/<gophertype><selector>%09<search>%09<gopher+_string>`.

use super::{
    encoded_at, encoded_seq_at, expect_scheme, find_encoded, server, span, url_path, EncodedSplit,
    Rules, Server,
};
use crate::error::Error;
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

/// A `gopher` URL (RFC 1738 section 3.4).
///
/// The gopher-path has no reserved characters (3.4.1): `/`, `?` and `;`
/// are part of the selector. It splits at the first two encoded tabs
/// (`%09`) into selector, search and Gopher+ string.
///
/// ```
/// use urikit::scheme::{Gopher, GopherPlus};
/// use urikit::UriRef;
///
/// let g = Gopher::new(UriRef::parse("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles")?)?;
/// assert_eq!(g.gopher_type(), "0");
/// assert_eq!(g.selector(), "0/Weather/California/Los%20Angeles");
/// assert_eq!(g.port(), 70);
///
/// // An empty gopher-path means type 1 and the empty selector (3.4.1).
/// let g = Gopher::new(UriRef::parse("gopher://h")?)?;
/// assert_eq!((g.gopher_type().as_str(), g.selector().as_str()), ("1", ""));
///
/// let g = Gopher::new(UriRef::parse("gopher://h/7sel%09query%09!+ABSTRACT%20+SMELL")?)?;
/// assert_eq!(g.search().unwrap(), "query");
/// let Some(GopherPlus::ItemAttributes(names)) = g.gopher_plus() else { panic!() };
/// assert_eq!(names.map(|n| n.as_str()).collect::<Vec<_>>(), ["+ABSTRACT", "+SMELL"]);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Gopher<'a> {
    uri: UriRef<'a>,
    server: Server<'a>,
    gtype: PctStr<'a>,
    selector: PctStr<'a>,
    search: Option<PctStr<'a>>,
    plus: Option<PctStr<'a>>,
}

impl<'a> Gopher<'a> {
    /// Reads `uri` as a gopher URL: `gopherurl = "gopher://" hostport [ "/"
    /// [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`
    /// (section 5).
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`UnexpectedUserinfo`](crate::ErrorKind::UnexpectedUserinfo),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort)).
    ///
    /// ```
    /// use urikit::{scheme::Gopher, ErrorKind, UriRef};
    /// let err = Gopher::new(UriRef::parse("gopher://u@h/")?).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::UnexpectedUserinfo);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Gopher<'a>, Error> {
        expect_scheme(&uri, &["gopher"])?;
        let server = server(&uri, Rules::hostport(70))?;
        let path = url_path(&uri)?.map_or("", |p| span(&uri, p).as_str());
        let (gtype, rest) = match path.as_bytes().first() {
            None => ("1", ""),
            Some(b'%') => path.split_at(3),
            Some(_) => path.split_at(1),
        };
        let mut parts = path_parts(rest);
        Ok(Gopher {
            uri,
            server,
            gtype: PctStr::new_unchecked(gtype),
            selector: parts.next().unwrap_or(PctStr::new_unchecked("")),
            search: parts.next(),
            plus: parts.next(),
        })
    }

    super::server_accessors!(Gopher, "gopher", "/1", "70 (RFC 1738 section 3.4.1)");

    /// The one-character Gopher type, as written (`%HH` possibly); `1` when
    /// the gopher-path is empty.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("gopher://h/%3Fx").unwrap();
    /// assert_eq!(urikit::scheme::Gopher::new(uri).unwrap().gopher_type(), "%3F");
    /// ```
    pub fn gopher_type(&self) -> PctStr<'a> {
        self.gtype
    }

    /// The selector, as written; possibly empty (the server's top level).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("gopher://h/11/a?b").unwrap();
    /// assert_eq!(urikit::scheme::Gopher::new(uri).unwrap().selector(), "1/a?b");
    /// ```
    pub fn selector(&self) -> PctStr<'a> {
        self.selector
    }

    /// The search string after the first `%09`, as written (3.4.2).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("gopher://h/7s%09").unwrap();
    /// assert_eq!(urikit::scheme::Gopher::new(uri).unwrap().search().unwrap(), "");
    /// ```
    pub fn search(&self) -> Option<PctStr<'a>> {
        self.search
    }

    /// The Gopher+ string after the second `%09`, as written (3.4.3).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("gopher://h/0s%09%09+").unwrap();
    /// assert_eq!(urikit::scheme::Gopher::new(uri).unwrap().gopher_plus_str().unwrap(), "+");
    /// ```
    pub fn gopher_plus_str(&self) -> Option<PctStr<'a>> {
        self.plus
    }

    /// The Gopher+ string, recognised as one of the forms of sections 3.4.4
    /// to 3.4.9.
    ///
    /// ```
    /// use urikit::scheme::{Gopher, GopherPlus};
    /// let uri = urikit::UriRef::parse("gopher://h/0s%09%09+application/postscript%20Es_ES").unwrap();
    /// let Some(GopherPlus::AlternateView { view, language }) = Gopher::new(uri).unwrap().gopher_plus()
    /// else { panic!() };
    /// assert_eq!((view.as_str(), language.unwrap().as_str()), ("application/postscript", "Es_ES"));
    /// ```
    pub fn gopher_plus(&self) -> Option<GopherPlus<'a>> {
        self.plus.map(GopherPlus::parse)
    }

    /// The line a client sends to the server (3.4.1 to 3.4.9): the decoded
    /// selector, then a tab and the search string when there is one, then a
    /// tab and the Gopher+ string, and CR LF (unless the Gopher+ string, an
    /// ASK block, already ends with it). An empty search before a Gopher+
    /// string is left out, as in the example of 3.4.9.
    ///
    /// Decoding is what the specifications warn about: an encoded CR or LF
    /// in the selector would end the request early. Check
    /// [`warnings`](crate::scheme::warnings) first.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("gopher://h/7find%09rfc%201738").unwrap();
    /// let g = urikit::scheme::Gopher::new(uri).unwrap();
    /// assert_eq!(g.request(), b"find\trfc 1738\r\n");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn request(&self) -> alloc::vec::Vec<u8> {
        let mut line = self.selector.decode().into_owned();
        let search = self.search.filter(|s| !s.is_empty() || self.plus.is_none());
        if let Some(s) = search {
            line.push(b'\t');
            line.extend_from_slice(&s.decode());
        }
        if let Some(p) = self.plus {
            line.push(b'\t');
            line.extend_from_slice(&p.decode());
        }
        if !line.ends_with(b"\r\n") || self.plus.is_none() {
            line.extend_from_slice(b"\r\n");
        }
        line
    }

    /// The byte ranges, in the URI, of the two `%09` that separate the
    /// selector, search and Gopher+ string: tabs the scheme defines, not
    /// control characters smuggled into a field.
    pub(crate) fn separators(&self) -> impl Iterator<Item = usize> + '_ {
        let after = |p: PctStr<'_>| self.uri.offset_of(p.as_str()).unwrap_or(0) + p.len();
        [
            self.search.map(|_| after(self.selector)),
            self.plus.and(self.search).map(after),
        ]
        .into_iter()
        .flatten()
    }
}

/// Splits the gopher-path after the type at its first two `%09`.
fn path_parts(rest: &str) -> impl Iterator<Item = PctStr<'_>> {
    let first = find_encoded(rest, b'\t');
    let (selector, after) = match first {
        Some(i) => (&rest[..i], Some(&rest[i + 3..])),
        None => (rest, None),
    };
    let (search, plus) = match after.map(|a| (a, find_encoded(a, b'\t'))) {
        Some((a, Some(i))) => (Some(&a[..i]), Some(&a[i + 3..])),
        Some((a, None)) => (Some(a), None),
        None => (None, None),
    };
    [Some(selector), search, plus]
        .into_iter()
        .flatten()
        .map(PctStr::new_unchecked)
}

/// The forms of a Gopher+ string (RFC 1738 sections 3.4.4 to 3.4.9). Each
/// part is as written in the URL.
#[derive(Clone, Debug)]
pub enum GopherPlus<'a> {
    /// `+`: the item's default view (3.4.4).
    DefaultView,
    /// `?`: an item with a `+ASK` form, which the client fetches, has the
    /// user fill in, and sends back (3.4.4, 3.4.5).
    Ask,
    /// `!` or `!<attribute names>`: the item's attributes, all of them when
    /// no name is given; several names are separated by `%20` (3.4.6,
    /// 3.4.7).
    ItemAttributes(EncodedSplit<'a>),
    /// `$` or `$<attribute names>`: the attributes of every item in the
    /// directory (3.4.6, 3.4.7).
    DirectoryAttributes(EncodedSplit<'a>),
    /// `+<view name>%20<language name>`: an alternate view (3.4.8).
    AlternateView {
        /// The view, such as `application/postscript`.
        view: PctStr<'a>,
        /// The language, such as `Es_ES`, when given.
        language: Option<PctStr<'a>>,
    },
    /// `+%091%0D%0A+-1%0D%0A<value>%0D%0A...%0D%0A.%0D%0A`: a filled-in ASK
    /// block, one value per line (3.4.9).
    AskData(EncodedSplit<'a>),
    /// Any other Gopher+ string.
    Other(PctStr<'a>),
}

impl<'a> GopherPlus<'a> {
    fn parse(s: PctStr<'a>) -> GopherPlus<'a> {
        let t = s.as_str();
        let b = t.as_bytes();
        // The first character, which may be written encoded.
        let (first, rest) = match b.first() {
            None => return GopherPlus::Other(s),
            Some(b'%') => (s.decoded_bytes().next(), &t[3..]),
            Some(&c) => (Some(c), &t[1..]),
        };
        let names = |rest: &'a str| EncodedSplit::new(rest, b" ");
        match first {
            Some(b'+') if rest.is_empty() => GopherPlus::DefaultView,
            Some(b'?') if rest.is_empty() => GopherPlus::Ask,
            Some(b'!') => GopherPlus::ItemAttributes(names(rest)),
            Some(b'$') => GopherPlus::DirectoryAttributes(names(rest)),
            Some(b'+') => match ask_values(rest) {
                Some(values) => GopherPlus::AskData(values),
                None => match find_encoded(rest, b' ') {
                    Some(i) => GopherPlus::AlternateView {
                        view: PctStr::new_unchecked(&rest[..i]),
                        language: Some(PctStr::new_unchecked(&rest[i + 3..])),
                    },
                    None => GopherPlus::AlternateView {
                        view: PctStr::new_unchecked(rest),
                        language: None,
                    },
                },
            },
            _ => GopherPlus::Other(s),
        }
    }
}

/// The values of an ASK block, `%091%0D%0A+-1%0D%0A` then one line per
/// value, each ending in `%0D%0A`, and a last line `.` (3.4.9); `rest`
/// follows the leading `+`.
fn ask_values(rest: &str) -> Option<EncodedSplit<'_>> {
    const CRLF: &[u8] = b"\r\n";
    let b = rest.as_bytes();
    let head_ok = encoded_at(b, 0, b'\t')
        && b.get(3) == Some(&b'1')
        && encoded_seq_at(b, 4, CRLF)
        && b.get(10..13) == Some(&b"+-1"[..])
        && encoded_seq_at(b, 13, CRLF);
    let body = rest.get(19..)?;
    let n = body.len();
    // The body ends with "." CR LF, itself at the start of a line.
    let tail_ok = n >= 7
        && body.as_bytes()[n - 7] == b'.'
        && encoded_seq_at(body.as_bytes(), n - 6, CRLF)
        && (n == 7 || (n >= 13 && encoded_seq_at(body.as_bytes(), n - 13, CRLF)));
    if !(head_ok && tail_ok) {
        return None;
    }
    Some(EncodedSplit::new(&body[..n.saturating_sub(13)], CRLF))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::{String, Vec};

    fn gopher(s: &str) -> Gopher<'_> {
        Gopher::new(UriRef::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn path_splits_at_the_first_two_tabs() {
        let g = gopher("gopher://h/0a%09b%09c%09d");
        assert_eq!(g.selector(), "a");
        assert_eq!(g.search().unwrap(), "b");
        assert_eq!(g.gopher_plus_str().unwrap(), "c%09d");
        assert_eq!(g.separators().collect::<Vec<_>>(), [13, 17]);
        let g = gopher("gopher://h/");
        assert_eq!((g.gopher_type().as_str(), g.search()), ("1", None));
        assert_eq!(g.request(), b"\r\n");
    }

    #[test]
    fn gopher_plus_forms_of_3_4_4_to_3_4_9() {
        fn plus(s: &str) -> GopherPlus<'_> {
            gopher(s).gopher_plus().unwrap()
        }
        assert!(matches!(
            plus("gopher://h/0s%09%09+"),
            GopherPlus::DefaultView
        ));
        assert!(matches!(plus("gopher://h/0s%09%09?"), GopherPlus::Ask));
        let GopherPlus::ItemAttributes(all) = plus("gopher://h/0s%09%09!") else {
            panic!()
        };
        assert_eq!(all.count(), 0);
        let GopherPlus::DirectoryAttributes(n) = plus("gopher://h/0s%09%09$+VIEWS") else {
            panic!()
        };
        assert_eq!(n.map(|p| p.as_str()).collect::<Vec<_>>(), ["+VIEWS"]);
        let ask = "gopher://h/0s%09%09+%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A";
        let GopherPlus::AskData(values) = plus(ask) else {
            panic!()
        };
        let values: Vec<String> = values
            .map(|v| String::from_utf8(v.decode().into_owned()).unwrap())
            .collect();
        assert_eq!(values, ["one", "two"]);
        let empty = "gopher://h/0s%09%09+%091%0D%0A+-1%0D%0A.%0D%0A";
        let GopherPlus::AskData(values) = plus(empty) else {
            panic!()
        };
        assert_eq!(values.count(), 0);
        assert_eq!(
            gopher(ask).request(),
            b"s\t+\t1\r\n+-1\r\none\r\ntwo\r\n.\r\n"
        );
        assert!(matches!(plus("gopher://h/0s%09%09x"), GopherPlus::Other(_)));
    }
}
