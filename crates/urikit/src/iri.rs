//! IRIs (RFC 3987): the IRI types, which are URI references of the
//! [`Rfc3987`](Dialect::Rfc3987) dialect and share every operation of
//! [`UriRef`] and [`UriRefBuf`], and the two mappings between IRIs and
//! URIs (sections 3.1 and 3.2), which are lossless and normalize nothing.
//!
//! May use: `buf`, `uri`, `pct`, `parse`, `grammar`, `dialect`, `error`,
//! `registry`, `work`.

use alloc::string::String;
use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::buf::UriRefBuf;
use crate::dialect::Dialect;
use crate::error::Error;
use crate::grammar::rfc3986::{hex_val, UNRESERVED};
use crate::grammar::rfc3987::allows_char;
use crate::grammar::Ucs;
use crate::parse::scan::char_at;
use crate::pct::push_escape;
use crate::uri::{Parser, UriRef};

/// An IRI reference (RFC 3987 section 2.2), borrowed: a [`UriRef`] read
/// under the [`Rfc3987`](Dialect::Rfc3987) grammar, which it dereferences
/// to, so that every accessor and operation of URI references (offsets,
/// components, resolution, normalization, relativization) applies.
/// Offsets are byte offsets into the UTF-8 text.
///
/// ```
/// use urikit::IriRef;
///
/// let iri = IriRef::parse("https://例え.テスト/パス?q=値#frag")?;
/// assert_eq!(iri.host().unwrap().as_str(), "例え.テスト");
/// assert_eq!(iri.path(), "/パス");
/// assert_eq!(iri.to_uri().as_str(),
///     "https://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%E3%83%91%E3%82%B9?q=%E5%80%A4#frag");
///
/// // Section 4.1: no bidi formatting characters (U+202E is three bytes at 10).
/// let err = IriRef::parse("http://a/b\u{202E}c").unwrap_err();
/// assert_eq!((err.code(), err.offset()), ("invalid-char", 10));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IriRef<'a>(UriRef<'a>);

impl<'a> IriRef<'a> {
    /// Parses an `IRI-reference` (RFC 3987 section 2.2).
    ///
    /// # Errors
    ///
    /// Those of [`UriRef::parse`]; a character beyond ASCII that section
    /// 2.2 does not allow where it stands (in the scheme, the port or an IP
    /// literal; `iprivate` outside the query; non-characters, C1 controls,
    /// specials; the bidi formatting characters of section 4.1) is
    /// [`InvalidChar`](crate::ErrorKind::InvalidChar) at its first byte.
    ///
    /// ```
    /// let e = urikit::IriRef::parse("http://h/\u{E000}").unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("invalid-char", 9));
    /// assert!(urikit::IriRef::parse("http://h/?\u{E000}").is_ok());
    /// ```
    pub fn parse(s: &'a str) -> Result<IriRef<'a>, Error> {
        UriRef::parse_with(s, Dialect::Rfc3987).map(IriRef)
    }

    /// The IRI as a URI reference view of the [`Rfc3987`](Dialect::Rfc3987)
    /// dialect.
    ///
    /// ```
    /// let iri = urikit::IriRef::parse("a:é")?;
    /// assert_eq!(iri.as_uri_ref().dialect(), urikit::Dialect::Rfc3987);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const fn as_uri_ref(self) -> UriRef<'a> {
        self.0
    }

    /// Maps the IRI to a URI (RFC 3987 section 3.1): every octet of the
    /// UTF-8 form that a URI may not hold, that is every octet beyond
    /// ASCII, is percent-encoded; nothing else changes. The result is an
    /// RFC 3986 reference.
    ///
    /// ```
    /// let iri = urikit::IriRef::parse("http://www.example.org/D\u{FC}rst")?;
    /// assert_eq!(iri.to_uri().as_str(), "http://www.example.org/D%C3%BCrst");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_uri(self) -> UriRefBuf {
        to_uri(self.0)
    }

    /// Maps the IRI to a URI as [`to_uri`](Self::to_uri) does, but writes
    /// a reg-name host of a scheme that uses the DNS
    /// ([`uses_dns`](crate::scheme::uses_dns)) in its ASCII form (UTS #46
    /// ToASCII, [`Host::to_ascii`](crate::Host::to_ascii)) instead of
    /// percent-encoding it, as section 3.1 step 2 permits. Needs the `idna`
    /// feature.
    ///
    /// # Errors
    ///
    /// Those of [`Host::to_ascii`](crate::Host::to_ascii), at the host's offset.
    ///
    /// ```
    /// let iri = urikit::IriRef::parse("https://例え.テスト/パス")?;
    /// assert_eq!(iri.to_uri_idna()?.as_str(), "https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_uri_idna(self) -> Result<UriRefBuf, Error> {
        let (Some(host), Some(a)) = (self.0.host(), self.0.meta().auth) else {
            return Ok(self.to_uri());
        };
        if !self.0.scheme().is_some_and(crate::registry::uses_dns) {
            return Ok(self.to_uri());
        }
        let text = {
            let ascii = host
                .to_ascii()
                .map_err(|e| Error::new(e.kind(), a.host_start + e.offset()))?;
            crate::host::splice(self.0.as_str(), a.host_start, a.host_end, &ascii)
        };
        if text.is_ascii() {
            // Nothing beyond ASCII is left to encode: the text is the URI.
            return UriRefBuf::parse(text);
        }
        let iri = UriRef::parse_with(&text, Dialect::Rfc3987)?;
        Ok(to_uri(iri))
    }

    /// The owned IRI.
    ///
    /// ```
    /// let owned = urikit::IriRef::parse("/é")?.to_buf();
    /// assert_eq!(owned.as_str(), "/é");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_buf(self) -> IriRefBuf {
        IriRefBuf(self.0.to_buf())
    }
}

/// A reference of any dialect as an IRI: the one it is when it is valid
/// under RFC 3987 (every RFC 3986 reference is), with a zone identifier it
/// was read with kept.
///
/// # Errors
///
/// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) at the first byte RFC 3987 does not
/// accept.
///
/// ```
/// use urikit::{Dialect, IriRef, Parser, UriRef};
///
/// let u = Parser::new(Dialect::Rfc3987).zone_ids(true).parse("http://[::1%25lo]/é")?;
/// assert_eq!(IriRef::try_from(u)?.to_uri().as_str(), "http://[::1%25lo]/%C3%A9");
/// assert!(IriRef::try_from(UriRef::parse_with("x://a@b@c/", Dialect::Rfc2396)?).is_err());
/// # Ok::<(), urikit::Error>(())
/// ```
impl<'a> TryFrom<UriRef<'a>> for IriRef<'a> {
    type Error = Error;

    fn try_from(u: UriRef<'a>) -> Result<IriRef<'a>, Error> {
        u.in_dialect(Dialect::Rfc3987).map(IriRef)
    }
}

impl<'a> Deref for IriRef<'a> {
    type Target = UriRef<'a>;

    fn deref(&self) -> &UriRef<'a> {
        &self.0
    }
}

impl fmt::Display for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl fmt::Debug for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IriRef").field(&self.0.as_str()).finish()
    }
}

/// An owned IRI reference: a [`UriRefBuf`] of the
/// [`Rfc3987`](Dialect::Rfc3987) dialect, which it dereferences to. Its
/// setters keep the characters section 2.2 allows in each component and
/// percent-encode the others.
///
/// ```
/// use urikit::IriRefBuf;
///
/// let mut iri = IriRefBuf::parse("http://example.org/")?;
/// iri.set_path("/straße 1")?;
/// assert_eq!(iri.as_str(), "http://example.org/straße%201");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IriRefBuf(UriRefBuf);

impl IriRefBuf {
    /// Parses an owned `IRI-reference`.
    ///
    /// # Errors
    ///
    /// Those of [`IriRef::parse`].
    ///
    /// ```
    /// assert!(urikit::IriRefBuf::parse(String::from("http://münchen.de/")).is_ok());
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<IriRefBuf, Error> {
        UriRefBuf::parse_with(s, Dialect::Rfc3987).map(IriRefBuf)
    }

    /// A view of the IRI.
    ///
    /// ```
    /// let iri = urikit::IriRefBuf::parse("é")?;
    /// assert_eq!(iri.as_iri_ref().path(), "é");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef(self.0.as_uri_ref())
    }

    /// [`IriRef::to_uri`].
    ///
    /// ```
    /// let iri = urikit::IriRefBuf::parse("é")?;
    /// assert_eq!(iri.to_uri().as_str(), "%C3%A9");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        to_uri(self.0.as_uri_ref())
    }

    /// The reference, as a [`UriRefBuf`] of the `rfc3987` dialect.
    ///
    /// ```
    /// let u = urikit::IriRefBuf::parse("é")?.into_uri_ref_buf();
    /// assert_eq!(u.dialect(), urikit::Dialect::Rfc3987);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn into_uri_ref_buf(self) -> UriRefBuf {
        self.0
    }
}

impl Deref for IriRefBuf {
    type Target = UriRefBuf;

    fn deref(&self) -> &UriRefBuf {
        &self.0
    }
}

impl DerefMut for IriRefBuf {
    fn deref_mut(&mut self) -> &mut UriRefBuf {
        &mut self.0
    }
}

impl fmt::Display for IriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl fmt::Debug for IriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IriRefBuf").field(&self.0.as_str()).finish()
    }
}

/// RFC 3987 section 3.1 on an IRI: each octet beyond ASCII written `%HH`.
/// An IRI without one is only copied.
fn to_uri(u: UriRef<'_>) -> UriRefBuf {
    let s = u.as_str();
    crate::work::add(s.len());
    if s.is_ascii() {
        // An ASCII IRI is an RFC 3986 reference with the same components.
        return UriRefBuf::from_parts(crate::out::Text::from(s), u.meta(), Dialect::Rfc3986);
    }
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.bytes() {
        if c < 0x80 {
            out.push(char::from(c));
        } else {
            push_escape(&mut out, c);
        }
    }
    // Each octet became three ASCII bytes where the grammar allowed the
    // character: the result is an RFC 3986 reference with the same
    // structure, read again for its offsets.
    let zones = u.meta().zoned(s);
    UriRefBuf::parse_by(&Parser::default().zone_ids(zones), out).unwrap_or_else(|_| u.to_buf())
}

impl<'a> UriRef<'a> {
    /// Maps the reference to an IRI (RFC 3987 section 3.2): the
    /// percent-encoded octets are decoded where the IRI may hold what they
    /// encode, and kept encoded elsewhere:
    ///
    /// 1. `%25` and the reserved characters stay encoded, and so do ASCII
    ///    characters that a URI may not hold (space, `"`, `<` ...);
    ///    unreserved ASCII characters are decoded (step 2);
    /// 2. octets that are no part of a well-formed UTF-8 sequence stay
    ///    encoded (step 3);
    /// 3. characters that the component may not hold stay encoded (step
    ///    4): anything beyond `ucschar`, `iprivate` outside the query, and
    ///    the bidi formatting characters of section 4.1 (`%E2%80%AE`).
    ///
    /// Host names stay as they are (`xn--` labels too; see `to_iri_display`
    /// with the `idna` feature). The result is an IRI with the same
    /// components; it is equivalent to the input, and its
    /// [`to_uri`](IriRef::to_uri) gives the input back wherever the input
    /// used upper-case hex and encoded only what it had to.
    ///
    /// # Errors
    ///
    /// [`DialectMismatch`](crate::ErrorKind::DialectMismatch) for a reference read under an
    /// older dialect that RFC 3987 does not accept (such as RFC 2396's `x://a@b@c/`): it has
    /// no IRI form. A reference of RFC 3986 or RFC 3987 always has one.
    ///
    /// ```
    /// use urikit::{Dialect, ErrorKind, UriRef};
    ///
    /// let u = UriRef::parse("http://www.example.org/D%C3%BCrst")?;
    /// assert_eq!(u.to_iri()?.as_str(), "http://www.example.org/Dürst");
    /// // Not UTF-8: kept (section 3.2's example).
    /// let u = UriRef::parse("http://www.example.org/D%FCrst")?;
    /// assert_eq!(u.to_iri()?.as_str(), "http://www.example.org/D%FCrst");
    /// // U+202E RIGHT-TO-LEFT OVERRIDE: kept (section 4.1).
    /// let u = UriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae")?;
    /// assert_eq!(u.to_iri()?.as_str(), "http://xn--99zt52a.example.org/%e2%80%ae");
    /// let old = UriRef::parse_with("x://a@b@c/", Dialect::Rfc2396)?;
    /// assert_eq!(old.to_iri().unwrap_err().kind(), ErrorKind::DialectMismatch);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_iri(self) -> Result<IriRefBuf, Error> {
        let s = self.as_str();
        crate::work::add(s.len());
        let u = self.in_dialect(Dialect::Rfc3987)?;
        if !s.contains('%') {
            // Nothing to decode.
            return Ok(IriRefBuf(u.to_buf()));
        }
        let m = u.meta();
        let mut out = String::with_capacity(s.len());
        // Each component with the characters beyond ASCII it may hold; the
        // delimiters between them are copied.
        let mut at = 0;
        let mut component = |out: &mut String, start: usize, end: usize, ucs: Ucs| {
            out.push_str(&s[at..start]);
            decode_for_iri(out, &s[start..end], ucs);
            at = end;
        };
        if let Some(a) = m.auth {
            if let Some(ui_end) = a.userinfo_end(m.auth_start()) {
                component(&mut out, m.auth_start(), ui_end, Ucs::Chars);
            }
            if u.host().is_some_and(|h| h.reg_name().is_some()) {
                component(&mut out, a.host_start, a.host_end, Ucs::Chars);
            }
        }
        component(&mut out, m.path_start(), m.path_end, Ucs::Chars);
        if m.query_end > m.path_end {
            component(&mut out, m.path_end + 1, m.query_end, Ucs::CharsAndPrivate);
        }
        if m.query_end < s.len() {
            component(&mut out, m.query_end + 1, s.len(), Ucs::Chars);
        }
        out.push_str(&s[at..]);
        // Decoding gave each component characters it may hold and no
        // delimiter: read again for the offsets (a decoded reg-name can
        // have become an IPv4 address).
        let p = Parser::new(Dialect::Rfc3987).zone_ids(m.zoned(s));
        Ok(IriRefBuf(
            UriRefBuf::parse_by(&p, out).unwrap_or_else(|_| u.to_buf()),
        ))
    }
}

impl UriRef<'_> {
    /// [`to_iri`](Self::to_iri), and a reg-name host with `xn--` labels
    /// shown in Unicode where that is safe to display
    /// ([`Host::to_unicode_display`](crate::Host::to_unicode_display)).
    /// Needs the `idna` feature.
    ///
    /// # Errors
    ///
    /// Those of [`to_iri`](Self::to_iri).
    ///
    /// ```
    /// let u = urikit::UriRef::parse("http://xn--bcher-kva.example/D%C3%BCrst")?;
    /// assert_eq!(u.to_iri_display()?.as_str(), "http://bücher.example/Dürst");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_iri_display(self) -> Result<IriRefBuf, Error> {
        let iri = self.to_iri()?;
        let (Some(host), Some(a)) = (iri.host(), iri.as_uri_ref().meta().auth) else {
            return Ok(iri);
        };
        let shown = host.to_unicode_display();
        if shown == host.as_str() {
            return Ok(iri);
        }
        let text = crate::host::splice(iri.as_str(), a.host_start, a.host_end, &shown);
        Ok(IriRefBuf::parse(text).unwrap_or(iri))
    }
}

/// Appends `text`, a component that may hold the characters `ucs` allows,
/// with the triplets RFC 3987 section 3.2 decodes decoded.
fn decode_for_iri(out: &mut String, text: &str, ucs: Ucs) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut run = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        out.push_str(&text[run..i]);
        let (decoded, used) = decoded_char(b, i, ucs);
        match decoded {
            Some(c) => out.push(c),
            None => out.push_str(&text[i..i + used]),
        }
        i += used;
        run = i;
    }
    out.push_str(&text[run..]);
}

/// What the triplets from `b[i]` (a `%`) decode to under section 3.2: a
/// character and the bytes of text it replaces, or `None` and the bytes to
/// keep as they are (one triplet).
fn decoded_char(b: &[u8], i: usize, ucs: Ucs) -> (Option<char>, usize) {
    let byte = |k: usize| -> Option<u8> {
        let p = i + 3 * k;
        (b.get(p) == Some(&b'%'))
            .then(|| Some(hex_val(*b.get(p + 1)?)? << 4 | hex_val(*b.get(p + 2)?)?))
            .flatten()
    };
    let Some(first) = byte(0) else {
        return (None, 1);
    };
    if first < 0x80 {
        // Step 2: only the unreserved characters (reserved ones, `%` and
        // what a URI may not hold stay encoded).
        let c = UNRESERVED.allows(first).then_some(char::from(first));
        return (c, 3);
    }
    // Up to four triplets in a row: the longest UTF-8 sequence.
    let mut bytes = [first, 0, 0, 0];
    let mut have = 1;
    while have < 4 {
        match byte(have) {
            Some(v) => bytes[have] = v,
            None => break,
        }
        have += 1;
    }
    // Step 3: a well-formed sequence; step 4: a character the component
    // may hold.
    match char_at(&bytes[..have], 0) {
        Some((c, n)) if allows_char(ucs, c) => (char::from_u32(c), 3 * n),
        _ => (None, 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_keeps_what_section_3_2_keeps() {
        let cases = [
            // Reserved, `%`, and ASCII a URI may not hold.
            ("%2F%3F%23%25%20%22", "%2F%3F%23%25%20%22"),
            // Unreserved ASCII is decoded.
            ("%41%7e%2D", "A~-"),
            // A truncated sequence, a lone continuation byte, an overlong
            // form, a surrogate.
            ("%C3", "%C3"),
            ("%A9", "%A9"),
            ("%C0%AF", "%C0%AF"),
            ("%ED%A0%80", "%ED%A0%80"),
            // Not allowed: a non-character and U+FFFD; allowed: é.
            ("%EF%B7%90%EF%BF%BD%C3%A9", "%EF%B7%90%EF%BF%BDé"),
        ];
        for (input, want) in cases {
            let mut out = String::new();
            decode_for_iri(&mut out, input, Ucs::Chars);
            assert_eq!(out, want, "{input}");
        }
        // iprivate: in a query only.
        let mut out = String::new();
        decode_for_iri(&mut out, "%EE%80%80", Ucs::CharsAndPrivate);
        assert_eq!(out, "\u{E000}");
        out.clear();
        decode_for_iri(&mut out, "%EE%80%80", Ucs::Chars);
        assert_eq!(out, "%EE%80%80");
    }
}
