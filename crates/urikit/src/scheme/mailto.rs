//! `mailto` URLs, RFC 1738 section 3.5: `mailto:<rfc822-addr-spec>`.

use super::{expect_scheme, span};
use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::hex_val;
use crate::pct::PctStr;
use crate::UriRef;

/// A `mailto` URL (RFC 1738 section 3.5): the encoding of an RFC 822
/// `addr-spec`.
///
/// RFC 1738 gives one address. Later practice (RFC 2368 section 2, RFC 6068
/// section 2) writes several separated by commas, and we accept such a
/// list. That practice also adds header fields after `?`; they are not
/// addresses, and are left to [`headers`](Self::headers).
///
/// Each address must be an `addr-spec` (RFC 822 section 6.1):
/// `local-part "@" domain`, where the local part is dot-separated atoms or
/// quoted strings and the domain dot-separated atoms or domain literals
/// (`[...]`). Whitespace and comments, which RFC 822 allows between tokens,
/// are not accepted; nor are bytes above 0x7F.
///
/// ```
/// use urikit::scheme::Mailto;
/// use urikit::{ErrorKind, UriRef};
///
/// let m = Mailto::new(UriRef::parse("mailto:mduerst@ifi.unizh.ch")?)?;
/// assert_eq!(m.addresses().map(|a| a.as_str()).collect::<Vec<_>>(), ["mduerst@ifi.unizh.ch"]);
///
/// let m = Mailto::new(UriRef::parse("mailto:a@example.org,%22b%2Cc%22@example.org")?)?;
/// assert_eq!(m.addresses().count(), 2);
///
/// let err = Mailto::new(UriRef::parse("mailto:no-at-sign")?).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidAddress, 17));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mailto<'a> {
    uri: UriRef<'a>,
}

impl<'a> Mailto<'a> {
    /// Reads `uri` as a mailto URL: `mailtourl = "mailto:" encoded822addr`,
    /// `encoded822addr = 1*xchar` (section 5).
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`UnexpectedAuthority`](crate::ErrorKind::UnexpectedAuthority),
    /// [`InvalidAddress`](crate::ErrorKind::InvalidAddress)).
    ///
    /// ```
    /// use urikit::{scheme::Mailto, ErrorKind, UriRef};
    /// let err = Mailto::new(UriRef::parse("mailto:")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidAddress, 7));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<Mailto<'a>, Error> {
        expect_scheme(&uri, &["mailto"])?;
        if uri.meta().auth.is_some() {
            return Err(Error::new(
                ErrorKind::UnexpectedAuthority,
                uri.meta().auth_start() - 2,
            ));
        }
        let m = Mailto { uri };
        let (start, end) = m.list();
        let b = uri.as_str().as_bytes();
        let mut from = start;
        loop {
            let to = address_end(b, from, end);
            addr_spec(b, from, to)?;
            if to == end {
                break;
            }
            from = to + 1;
        }
        Ok(m)
    }

    /// The URI this view reads.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("mailto:a@b").unwrap();
    /// assert_eq!(urikit::scheme::Mailto::new(uri).unwrap().uri(), uri);
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// The addresses, as written (decode each to get the `addr-spec`).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("mailto:a%40b@c.d").unwrap();
    /// let m = urikit::scheme::Mailto::new(uri);
    /// // "%40" decodes to "@": the local part is then "a@b", which RFC 822
    /// // allows only inside a quoted string.
    /// assert!(m.is_err());
    /// ```
    pub fn addresses(&self) -> impl Iterator<Item = PctStr<'a>> + Clone {
        let (start, end) = self.list();
        let uri = self.uri;
        let b = uri.as_str().as_bytes();
        let mut from = Some(start);
        core::iter::from_fn(move || {
            let f = from?;
            let to = address_end(b, f, end);
            from = (to < end).then_some(to + 1);
            Some(span(&uri, (f, to)))
        })
    }

    /// The header fields after `?` (RFC 6068 section 2), as written.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("mailto:a@b?subject=hi").unwrap();
    /// assert_eq!(urikit::scheme::Mailto::new(uri).unwrap().headers().unwrap(), "subject=hi");
    /// ```
    pub fn headers(&self) -> Option<PctStr<'a>> {
        self.uri.query()
    }

    fn list(&self) -> (usize, usize) {
        let m = self.uri.meta();
        (m.path_start(), m.path_end)
    }
}

/// The decoded byte at `i` and the offset after it.
fn decoded_at(b: &[u8], i: usize) -> (u8, usize) {
    if b[i] == b'%' {
        let (h, l) = (hex_val(b[i + 1]), hex_val(b[i + 2]));
        (h.unwrap_or(0) << 4 | l.unwrap_or(0), i + 3)
    } else {
        (b[i], i + 1)
    }
}

/// Where the address starting at `from` ends: at the first `,` outside a
/// quoted string or domain literal, or at `end`.
fn address_end(b: &[u8], from: usize, end: usize) -> usize {
    let (mut quoted, mut literal, mut escaped) = (false, false, false);
    let mut i = from;
    while i < end {
        let (c, next) = decoded_at(b, i);
        match c {
            _ if escaped => escaped = false,
            b'\\' if quoted || literal => escaped = true,
            b'"' if !literal => quoted = !quoted,
            b'[' if !quoted => literal = true,
            b']' if !quoted => literal = false,
            b',' if !quoted && !literal => return i,
            _ => {}
        }
        i = next;
    }
    end
}

/// `specials` of RFC 822 section 3.3.
const SPECIALS: &[u8] = b"()<>@,;:\\\".[]";

/// `atom = 1*<any CHAR except specials, SPACE and CTLs>` (RFC 822 3.3).
fn is_atext(c: u8) -> bool {
    c > b' ' && c < 0x7F && !SPECIALS.contains(&c)
}

/// Checks `addr-spec = local-part "@" domain` (RFC 822 section 6.1) over
/// the decoded bytes of `b[start..end]`.
fn addr_spec(b: &[u8], start: usize, end: usize) -> Result<(), Error> {
    let bad = |i: usize| Error::new(ErrorKind::InvalidAddress, i);
    let mut i = start;
    // local-part = word *("." word); domain = sub-domain *("." sub-domain).
    for part in [b'@', 0] {
        loop {
            if i == end {
                return Err(bad(i));
            }
            let (c, next) = decoded_at(b, i);
            let delim = match (part, c) {
                (b'@', b'"') => b'"',
                (0, b'[') => b']',
                _ => 0,
            };
            i = if delim != 0 {
                delimited(b, next, end, delim).ok_or(bad(i))?
            } else {
                atom(b, i, end).ok_or(bad(i))?
            };
            if i == end {
                return if part == 0 { Ok(()) } else { Err(bad(i)) };
            }
            let (c, next) = decoded_at(b, i);
            match c {
                b'.' => i = next,
                b'@' if part == b'@' => {
                    i = next;
                    break;
                }
                _ => return Err(bad(i)),
            }
        }
    }
    Err(bad(i))
}

/// The end of an atom starting at `i`, if one does.
fn atom(b: &[u8], mut i: usize, end: usize) -> Option<usize> {
    let start = i;
    while i < end {
        let (c, next) = decoded_at(b, i);
        if !is_atext(c) {
            break;
        }
        i = next;
    }
    (i > start).then_some(i)
}

/// The end of a quoted string or domain literal whose opening delimiter
/// ends at `i`: text of `CHAR`s other than CR, `\` and the delimiter (and
/// `[` in a literal), or quoted pairs, then the closing `close`.
fn delimited(b: &[u8], mut i: usize, end: usize, close: u8) -> Option<usize> {
    while i < end {
        let (c, next) = decoded_at(b, i);
        match c {
            _ if c == close => return Some(next),
            b'\\' if next < end => {
                let (q, after) = decoded_at(b, next);
                if q >= 0x80 {
                    return None;
                }
                i = after;
            }
            b'[' if close == b']' => return None,
            b'\r' | b'\\' | 0x80..=0xFF => return None,
            _ => i = next,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::{String, ToOwned, Vec};

    fn ok(s: &str) -> Vec<String> {
        let m = Mailto::new(UriRef::parse(s).unwrap()).unwrap();
        m.addresses().map(|a| a.as_str().to_owned()).collect()
    }

    fn fail(s: &str, offset: usize, kind: ErrorKind) {
        let e = Mailto::new(UriRef::parse(s).unwrap()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
    }

    #[test]
    fn addr_spec_of_rfc822_section_6_1() {
        assert_eq!(ok("mailto:a.b@c.d"), ["a.b@c.d"]);
        assert_eq!(ok("mailto:%22a%20b%22@c"), ["%22a%20b%22@c"]);
        assert_eq!(ok("mailto:a@%5B1.2.3.4%5D"), ["a@%5B1.2.3.4%5D"]);
        assert_eq!(ok("mailto:a@b,c@d?x=y"), ["a@b", "c@d"]);
        assert_eq!(ok("mailto:%22x%5C%22y%22@z"), ["%22x%5C%22y%22@z"]);
        // The "%" must be encoded (3.5); encoded, it is an atom character.
        assert_eq!(ok("mailto:a%25b@c"), ["a%25b@c"]);
        fail("mailto:a@", 9, ErrorKind::InvalidAddress);
        fail("mailto:@b", 7, ErrorKind::InvalidAddress);
        fail("mailto:a..b@c", 9, ErrorKind::InvalidAddress);
        fail("mailto:a@b.", 11, ErrorKind::InvalidAddress);
        fail("mailto:a@b@c", 10, ErrorKind::InvalidAddress);
        fail("mailto:a%20b@c", 8, ErrorKind::InvalidAddress);
        fail("mailto:a@b,", 11, ErrorKind::InvalidAddress);
        fail("mailto:a@b,,c@d", 11, ErrorKind::InvalidAddress);
        fail("mailto:%22a@b", 7, ErrorKind::InvalidAddress);
        fail("mailto:caf%C3%A9@b", 10, ErrorKind::InvalidAddress);
        fail("mailto://a@b", 7, ErrorKind::UnexpectedAuthority);
    }
}
