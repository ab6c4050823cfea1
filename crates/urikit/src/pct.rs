//! Percent-encoding (RFC 3986 section 2.1): a string type whose `%HH`
//! triplets are known to be valid, lazy decoding, and encoding of arbitrary
//! text for each component.
//!
//! ```
//! use urikit::pct::{encode, Component, PctStr};
//!
//! let q = encode("a b&c=d", Component::Query);
//! assert_eq!(q, "a%20b&c=d");
//! let s = PctStr::new(&q).unwrap();
//! assert_eq!(s.decode_utf8().unwrap(), "a b&c=d");
//! ```
//!
//! May use: `grammar`, `out`, `error`, `work`.

use core::fmt;

use crate::error::{Error, ErrorKind};
#[cfg(feature = "alloc")]
use crate::grammar::rfc3986 as table;
use crate::grammar::rfc3986::{hex2_at, hex_val};
#[cfg(feature = "alloc")]
use crate::grammar::rfc3987;
#[cfg(feature = "alloc")]
use crate::grammar::{Table, Ucs};

#[cfg(feature = "alloc")]
use crate::out::Push;
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

/// A string slice in which every `%` begins a valid `%HH` triplet: a
/// component exactly as written in a URI.
///
/// Components returned by [`UriRef`](crate::UriRef) accessors are `PctStr`s;
/// decoding them is explicit and lazy.
///
/// ```
/// use urikit::UriRef;
///
/// let uri = UriRef::parse("http://h/caf%C3%A9?q=1").unwrap();
/// let path = uri.path();
/// assert_eq!(path.as_str(), "/caf%C3%A9");
/// assert_eq!(path.decode_utf8().unwrap(), "/café");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PctStr<'a> {
    s: &'a str,
}

impl<'a> PctStr<'a> {
    /// Checks that every `%` in `s` begins a `%HH` triplet.
    ///
    /// No other byte is checked: this is the percent-encoding guarantee only,
    /// not a component's grammar.
    ///
    /// # Errors
    ///
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at a `%` not
    /// followed by two hexadecimal digits.
    ///
    /// ```
    /// use urikit::{pct::PctStr, ErrorKind};
    ///
    /// assert!(PctStr::new("100%25").is_ok());
    /// let err = PctStr::new("100%").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidPercentEncoding, 3));
    /// ```
    pub fn new(s: &'a str) -> Result<PctStr<'a>, Error> {
        let b = s.as_bytes();
        crate::work::add(b.len());
        let mut i = 0;
        while let Some(p) = b[i..].iter().position(|&c| c == b'%') {
            let at = i + p;
            if !hex2_at(b, at + 1) {
                return Err(Error::new(ErrorKind::InvalidPercentEncoding, at));
            }
            i = at + 3;
        }
        Ok(PctStr { s })
    }

    /// Wraps text that the caller has already validated.
    #[inline]
    pub(crate) const fn new_unchecked(s: &'a str) -> PctStr<'a> {
        PctStr { s }
    }

    /// The text as written, still percent-encoded.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("a%20b").unwrap();
    /// assert_eq!(s.as_str(), "a%20b");
    /// ```
    #[inline]
    pub const fn as_str(self) -> &'a str {
        self.s
    }

    /// The length of the encoded text in bytes.
    ///
    /// ```
    /// assert_eq!(urikit::pct::PctStr::new("%41").unwrap().len(), 3);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.s.len()
    }

    /// Whether the text is empty.
    ///
    /// ```
    /// assert!(urikit::pct::PctStr::new("").unwrap().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.s.is_empty()
    }

    /// Whether the text contains any `%HH` triplet (if not, decoding returns
    /// it unchanged and without allocating).
    ///
    /// ```
    /// assert!(urikit::pct::PctStr::new("%41").unwrap().has_escapes());
    /// ```
    #[inline]
    pub fn has_escapes(self) -> bool {
        self.s.as_bytes().contains(&b'%')
    }

    /// An iterator over the decoded bytes, without allocating.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("a%2Fb").unwrap();
    /// assert_eq!(s.decoded_bytes().collect::<Vec<u8>>(), b"a/b");
    /// ```
    pub fn decoded_bytes(self) -> DecodedBytes<'a> {
        DecodedBytes::new(self.s.as_bytes(), false)
    }

    /// [`decoded_bytes`](Self::decoded_bytes), reading `+` as a space when
    /// `form` (`application/x-www-form-urlencoded`).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn decoded_bytes_as(self, form: bool) -> DecodedBytes<'a> {
        DecodedBytes::new(self.s.as_bytes(), form)
    }

    /// The decoded text, with bytes that are not UTF-8 read as U+FFFD (as
    /// HTML form decoding does), `+` a space when `form`.
    #[cfg(feature = "alloc")]
    pub(crate) fn decode_lossy(self, form: bool) -> Cow<'a, str> {
        match decode_bytes(self.s, form) {
            // Borrowed bytes are the text itself, which is a `str`.
            Cow::Borrowed(_) => Cow::Borrowed(self.s),
            Cow::Owned(b) => Cow::Owned(match String::from_utf8(b) {
                Ok(s) => s,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            }),
        }
    }

    /// The decoded bytes: borrowed when there is nothing to decode.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let s = urikit::pct::PctStr::new("plain").unwrap();
    /// assert!(matches!(s.decode(), Cow::Borrowed(b"plain")));
    /// assert_eq!(urikit::pct::PctStr::new("%FF").unwrap().decode(), &[0xFF][..]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode(self) -> Cow<'a, [u8]> {
        decode_bytes(self.s, false)
    }

    /// The decoded text, or an `invalid-utf8` error whose offset is that of
    /// the encoded byte (or `%` triplet) where the invalid sequence starts.
    ///
    /// # Errors
    ///
    /// [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8) when the decoded bytes are not UTF-8, at
    /// the encoded byte where the first bad sequence begins.
    ///
    /// ```
    /// use urikit::{pct::PctStr, ErrorKind};
    ///
    /// assert_eq!(PctStr::new("%E2%82%AC").unwrap().decode_utf8().unwrap(), "€");
    /// let err = PctStr::new("ok%FF").unwrap().decode_utf8().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidUtf8, 2));
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_utf8(self) -> Result<Cow<'a, str>, Error> {
        utf8(self.s, decode_bytes(self.s, false), false)
    }

    /// The decoded bytes of `application/x-www-form-urlencoded` text: `+`
    /// stands for a space, then `%HH` is decoded.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("a+b%2B").unwrap();
    /// assert_eq!(s.decode_form(), &b"a b+"[..]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_form(self) -> Cow<'a, [u8]> {
        decode_bytes(self.s, true)
    }

    /// The decoded text of `application/x-www-form-urlencoded` text.
    ///
    /// # Errors
    ///
    /// [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8) when the decoded bytes are not UTF-8, at
    /// the encoded byte where the first bad sequence begins.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("caf%C3%A9+au+lait").unwrap();
    /// assert_eq!(s.decode_form_utf8().unwrap(), "café au lait");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_form_utf8(self) -> Result<Cow<'a, str>, Error> {
        utf8(self.s, decode_bytes(self.s, true), true)
    }

    /// Splits on a delimiter byte. Splitting encoded text is safe: a `%HH`
    /// triplet never contains a delimiter, and an encoded delimiter (`%2F`)
    /// is data, not a separator.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("a/b%2Fc").unwrap();
    /// let parts: Vec<&str> = s.split('/').map(|p| p.as_str()).collect();
    /// assert_eq!(parts, ["a", "b%2Fc"]);
    /// ```
    pub fn split(self, delim: char) -> impl Iterator<Item = PctStr<'a>> + Clone {
        self.s.split(delim).map(PctStr::new_unchecked)
    }

    /// Splits at the first occurrence of a delimiter.
    ///
    /// ```
    /// let s = urikit::pct::PctStr::new("k=v=w").unwrap();
    /// let (k, v) = s.split_once('=').unwrap();
    /// assert_eq!((k.as_str(), v.as_str()), ("k", "v=w"));
    /// ```
    pub fn split_once(self, delim: char) -> Option<(PctStr<'a>, PctStr<'a>)> {
        self.s
            .split_once(delim)
            .map(|(a, b)| (PctStr::new_unchecked(a), PctStr::new_unchecked(b)))
    }
}

impl fmt::Display for PctStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}

impl fmt::Debug for PctStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.s, f)
    }
}

impl PartialEq<str> for PctStr<'_> {
    fn eq(&self, other: &str) -> bool {
        self.s == other
    }
}

impl PartialEq<&str> for PctStr<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.s == *other
    }
}

impl AsRef<str> for PctStr<'_> {
    fn as_ref(&self) -> &str {
        self.s
    }
}

/// The decoded bytes of a [`PctStr`], one at a time (see
/// [`PctStr::decoded_bytes`]).
#[derive(Clone, Debug)]
pub struct DecodedBytes<'a> {
    b: &'a [u8],
    i: usize,
    plus_is_space: bool,
}

impl Iterator for DecodedBytes<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let c = *self.b.get(self.i)?;
        if c == b'%' {
            if let (Some(h), Some(l)) = (
                self.b.get(self.i + 1).and_then(|&h| hex_val(h)),
                self.b.get(self.i + 2).and_then(|&l| hex_val(l)),
            ) {
                self.i += 3;
                return Some(h << 4 | l);
            }
        }
        self.i += 1;
        Some(if self.plus_is_space && c == b'+' {
            b' '
        } else {
            c
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.b.len() - self.i;
        (rest.div_ceil(3), Some(rest))
    }
}

/// Decodes validated text; `%` triplets are known to be valid.
#[cfg(feature = "alloc")]
fn decode_bytes(s: &str, plus_is_space: bool) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    crate::work::add(b.len());
    let first = b
        .iter()
        .position(|&c| c == b'%' || (plus_is_space && c == b'+'));
    let Some(first) = first else {
        return Cow::Borrowed(b);
    };
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..first]);
    out.extend(DecodedBytes::new(&b[first..], plus_is_space));
    Cow::Owned(out)
}

/// Turns decoded bytes into text, mapping a UTF-8 error back to the offset of
/// the encoded input where the invalid sequence starts.
#[cfg(feature = "alloc")]
fn utf8<'a>(encoded: &'a str, bytes: Cow<'a, [u8]>, plus: bool) -> Result<Cow<'a, str>, Error> {
    match bytes {
        // Borrowed bytes are the input itself, which is a `str`.
        Cow::Borrowed(_) => Ok(Cow::Borrowed(encoded)),
        Cow::Owned(v) => String::from_utf8(v).map(Cow::Owned).map_err(|e| {
            let bad = e.utf8_error().valid_up_to();
            let offset = DecodedBytes::new(encoded.as_bytes(), plus).encoded_offset_of(bad);
            Error::new(ErrorKind::InvalidUtf8, offset)
        }),
    }
}

impl<'a> DecodedBytes<'a> {
    fn new(b: &'a [u8], plus_is_space: bool) -> DecodedBytes<'a> {
        DecodedBytes {
            b,
            i: 0,
            plus_is_space,
        }
    }

    /// The offset in the encoded text at which decoded byte `n` begins.
    #[cfg(feature = "alloc")]
    fn encoded_offset_of(mut self, n: usize) -> usize {
        for _ in 0..n {
            self.next();
        }
        self.i
    }
}

/// Decodes percent-encoded text after checking that every `%` begins a
/// `%HH` triplet.
///
/// # Errors
///
/// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding) at a `%` not followed
/// by two hexadecimal digits.
///
/// ```
/// assert_eq!(urikit::pct::decode("a%20b").unwrap(), &b"a b"[..]);
/// assert!(urikit::pct::decode("%zz").is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn decode(s: &str) -> Result<Cow<'_, [u8]>, Error> {
    PctStr::new(s).map(PctStr::decode)
}

/// The component whose encode set [`encode`] uses.
///
/// Each set leaves alone exactly the characters that the component's ABNF in
/// RFC 3986 Appendix A allows literally, and encodes everything else
/// (including `%` itself), so the result is always valid for the component
/// and decodes back to the input.
///
/// ```
/// use urikit::pct::{encode, Component};
///
/// assert_eq!(encode("a/b", Component::Path), "a/b");
/// assert_eq!(encode("a/b", Component::Segment), "a%2Fb");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `userinfo`: unreserved, sub-delims and `:` stay (section 3.2.1).
    Userinfo,
    /// `reg-name`: unreserved and sub-delims stay (section 3.2.2).
    Host,
    /// A whole path: `pchar` and `/` stay (section 3.3).
    Path,
    /// One path segment: `pchar` stays, `/` is encoded (section 3.3).
    Segment,
    /// `query`: `pchar`, `/` and `?` stay (section 3.4).
    Query,
    /// `fragment`: `pchar`, `/` and `?` stay (section 3.5).
    Fragment,
    /// `application/x-www-form-urlencoded`: space becomes `+`; only ALPHA,
    /// DIGIT and `*-._` stay (the HTML form encoding, as WHATWG URL's
    /// application/x-www-form-urlencoded serializer).
    Form,
}

impl Component {
    /// Every component, in the order of the variants.
    ///
    /// ```
    /// use urikit::pct::Component;
    /// assert!(Component::ALL.iter().all(|&c| Component::from_name(c.name()) == Some(c)));
    /// ```
    pub const ALL: [Component; 7] = [
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Segment,
        Component::Query,
        Component::Fragment,
        Component::Form,
    ];

    /// The component's stable name.
    ///
    /// ```
    /// assert_eq!(urikit::pct::Component::Form.name(), "form");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Path => "path",
            Component::Segment => "segment",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::Form => "form",
        }
    }

    /// The component with this [`name`](Self::name).
    ///
    /// ```
    /// use urikit::pct::Component;
    /// assert_eq!(Component::from_name("segment"), Some(Component::Segment));
    /// assert_eq!(Component::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The characters the component holds literally: its encode set's
    /// complement, and the grammar an encoded value is checked against.
    #[cfg(feature = "alloc")]
    pub(crate) const fn keep(self) -> &'static Table {
        const FORM: Table = table::ALPHA.or(table::DIGIT).or(Table::new(b"*-._"));
        const SEGMENT: Table = table::PCHAR;
        match self {
            Component::Userinfo => &table::USERINFO,
            Component::Host => &table::REG_NAME,
            Component::Path => &table::PATH,
            Component::Segment => &SEGMENT,
            Component::Query => &table::QUERY,
            Component::Fragment => &table::FRAGMENT,
            Component::Form => &FORM,
        }
    }

    /// [`keep`](Self::keep) for an IRI (RFC 3987 section 2.2): the same
    /// bytes, and the characters beyond ASCII the component may hold
    /// (`iprivate` in the query only; none in a form value, which is
    /// ASCII by its own convention).
    #[cfg(feature = "alloc")]
    pub(crate) const fn keep_iri(self) -> &'static Table {
        const ISEGMENT: Table = table::PCHAR.or_ucs(Ucs::Chars);
        match self {
            Component::Userinfo => &rfc3987::IUSERINFO,
            Component::Host => &rfc3987::IREG_NAME,
            Component::Path => &rfc3987::IPATH,
            Component::Segment => &ISEGMENT,
            Component::Query => &rfc3987::IQUERY,
            Component::Fragment => &rfc3987::IFRAGMENT,
            Component::Form => self.keep(),
        }
    }
}

/// Percent-encodes text for a component; borrowed when nothing needs
/// encoding. Bytes of multi-byte UTF-8 characters are each encoded as `%HH`
/// with upper-case hex digits (RFC 3986 section 2.1 and 2.5).
///
/// ```
/// use std::borrow::Cow;
/// use urikit::pct::{encode, Component};
///
/// assert!(matches!(encode("plain", Component::Path), Cow::Borrowed("plain")));
/// assert_eq!(encode("50% é", Component::Fragment), "50%25%20%C3%A9");
/// assert_eq!(encode("a b+c", Component::Form), "a+b%2Bc");
/// ```
#[cfg(feature = "alloc")]
pub fn encode(text: &str, component: Component) -> Cow<'_, str> {
    encode_with(text, component.keep(), component == Component::Form)
}

/// Percent-encodes text for a component of an IRI (RFC 3987 section 2.2):
/// like [`encode`], but the characters beyond ASCII that the component may
/// hold (`ucschar`, and `iprivate` in a query) stay as they are. A form
/// value is encoded as by [`encode`].
///
/// ```
/// use urikit::pct::{encode_iri, Component};
///
/// assert_eq!(encode_iri("straße 1", Component::Path), "straße%201");
/// // U+E000 is `iprivate`: allowed in a query only.
/// assert_eq!(encode_iri("\u{E000}", Component::Query), "\u{E000}");
/// assert_eq!(encode_iri("\u{E000}", Component::Path), "%EE%80%80");
/// // Bidi formatting characters are never allowed (section 4.1).
/// assert_eq!(encode_iri("a\u{202E}", Component::Fragment), "a%E2%80%AE");
/// ```
#[cfg(feature = "alloc")]
pub fn encode_iri(text: &str, component: Component) -> Cow<'_, str> {
    encode_with(text, component.keep_iri(), component == Component::Form)
}

/// [`encode`] with the set `keep`.
#[cfg(feature = "alloc")]
fn encode_with<'a>(text: &'a str, keep: &Table, form: bool) -> Cow<'a, str> {
    let b = text.as_bytes();
    crate::work::add(b.len());
    if b.iter().all(|&c| keep.allows(c)) || (keep.ucs() != Ucs::None && kept_whole(text, keep)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(b.len() + b.len() / 2 + 2);
    encode_into(&mut out, text, keep, form);
    Cow::Owned(out)
}

/// Whether `keep` allows every character of `text`, ASCII or not.
#[cfg(feature = "alloc")]
fn kept_whole(text: &str, keep: &Table) -> bool {
    text.chars().all(|c| match u8::try_from(c) {
        Ok(b) if b.is_ascii() => keep.allows(b),
        _ => rfc3987::allows_char(keep.ucs(), u32::from(c)),
    })
}

/// Appends `text` to `out` with every byte that `keep` does not allow
/// written `%HH`, and a space as `+` when `form` (the
/// `application/x-www-form-urlencoded` convention).
#[cfg(feature = "alloc")]
pub(crate) fn encode_into<W: Push + ?Sized>(out: &mut W, text: &str, keep: &Table, form: bool) {
    let b = text.as_bytes();
    let mut run = 0;
    // The end of the last character beyond ASCII that `keep` allows.
    let mut kept_to = 0;
    for (i, &c) in b.iter().enumerate() {
        if keep.allows(c) || i < kept_to {
            continue;
        }
        if c >= 0x80 && keep.ucs() != Ucs::None {
            if let Some(ch) = text.get(i..).and_then(|t| t.chars().next()) {
                if rfc3987::allows_char(keep.ucs(), u32::from(ch)) {
                    kept_to = i + ch.len_utf8();
                    continue;
                }
            }
        }
        // The bytes a table keeps are ASCII, so a run of them lies between
        // character boundaries; an empty run may not (inside `é`).
        if run < i {
            out.push_str(&text[run..i]);
        }
        if form && c == b' ' {
            out.push_str("+");
        } else {
            push_escape(out, c);
        }
        run = i + 1;
    }
    out.push_str(&text[run..]);
}

/// Appends `%HH` for one byte, with upper-case hex digits (RFC 3986 section 2.1).
#[cfg(feature = "alloc")]
pub(crate) fn push_escape<W: Push + ?Sized>(out: &mut W, c: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let t = [b'%', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]];
    // Whole, so that a sink never sees a triplet cut in two.
    out.push_str(core::str::from_utf8(&t).unwrap_or("%"));
}

/// `bytes` percent-decoded again and again until no `%HH` is left, as the
/// crawl canonicalizations do it (`%2525` and `%25%32%35` are both `%`),
/// into `out`, with a tag per output byte in `tags`.
///
/// One pass, not a pass per level: a `%HH` never overlaps another (a hex
/// digit is not `%`), so decoding in any order reaches the same end, and
/// decoding at the tail of the output as each byte arrives reaches it in
/// linear time, where repeated passes take a time quadratic in the depth.
/// Every `%HH` present after pass *k* is decoded by pass *k* + 1 (none
/// overlaps another), so a decoded byte's pass is one more than the latest
/// of its three: `tag(i)` tags the input's byte `i` and `join(pct, hi, lo)`
/// the byte decoded from three tagged ones, which lets a caller count the
/// passes or trace a byte to the input. `()` tags cost nothing.
///
/// `out` may already hold bytes without a `%` (a caller's copied prefix);
/// `tags` then holds the tags of what this call appends.
#[cfg(any(feature = "surt", feature = "safebrowsing"))]
pub(crate) fn unescape_repeatedly_tagged<T: Copy>(
    bytes: &[u8],
    out: &mut Vec<u8>,
    tags: &mut Vec<T>,
    tag: impl Fn(usize) -> T,
    join: impl Fn(T, T, T) -> T,
) {
    let base = out.len();
    debug_assert!(!out.contains(&b'%'));
    for (i, &b) in bytes.iter().enumerate() {
        out.push(b);
        tags.push(tag(i));
        // A decoded byte may complete a `%HH` that ends with it.
        while let [.., b'%', h, l] = out[..] {
            let (Some(h), Some(l)) = (hex_val(h), hex_val(l)) else {
                break;
            };
            let n = out.len() - 3;
            let k = n - base;
            let t = join(tags[k], tags[k + 1], tags[k + 2]);
            out.truncate(n);
            tags.truncate(k);
            out.push(h << 4 | l);
            tags.push(t);
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;

    #[test]
    fn new_rejects_every_malformed_triplet_at_the_percent() {
        for (s, at) in [
            ("%", 0),
            ("a%", 1),
            ("%4", 0),
            ("%G1", 0),
            ("%1G", 0),
            ("ok%41%", 5),
        ] {
            let e = PctStr::new(s).unwrap_err();
            assert_eq!(
                (e.kind(), e.offset()),
                (ErrorKind::InvalidPercentEncoding, at),
                "{s}"
            );
        }
    }

    #[test]
    fn decode_is_borrowed_without_escapes() {
        assert!(matches!(
            PctStr::new("abc").unwrap().decode(),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            PctStr::new("a+b").unwrap().decode(),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            PctStr::new("a+b").unwrap().decode_form(),
            Cow::Owned(_)
        ));
    }

    #[test]
    fn decode_handles_mixed_case_hex() {
        assert_eq!(
            PctStr::new("%2f%2F%aA").unwrap().decode(),
            &[b'/', b'/', 0xAA][..]
        );
    }

    #[test]
    fn utf8_error_offset_points_into_the_encoded_text() {
        // "é" then a lone continuation byte.
        let e = PctStr::new("%C3%A9x%A9")
            .unwrap()
            .decode_utf8()
            .unwrap_err();
        assert_eq!(e.offset(), 7);
        let e = PctStr::new("a+%C3")
            .unwrap()
            .decode_form_utf8()
            .unwrap_err();
        assert_eq!(e.offset(), 2);
    }

    #[test]
    fn push_escape_uses_upper_case() {
        let mut s = "".to_owned();
        push_escape(&mut s, 0xab);
        assert_eq!(s, "%AB");
    }

    #[test]
    fn encode_sets_follow_the_abnf() {
        assert_eq!(encode("u:p@h", Component::Userinfo), "u:p%40h");
        assert_eq!(encode("a:b", Component::Host), "a%3Ab");
        assert_eq!(encode("[::1]", Component::Host), "%5B%3A%3A1%5D");
        assert_eq!(encode("a?b#c", Component::Path), "a%3Fb%23c");
        assert_eq!(encode("a?b#c", Component::Query), "a?b%23c");
        assert_eq!(encode("a~b*c", Component::Form), "a%7Eb*c");
    }
}
