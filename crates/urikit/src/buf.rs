//! The owned twin of [`UriRef`]: [`UriRefBuf`].
//!
//! May use: `uri` and what it uses.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::dialect::Dialect;
use crate::error::Error;
use crate::host::Host;
use crate::iter::{QueryPairs, Segments};
use crate::out::{Out, Text};
use crate::parse::{self, Meta};
use crate::pct::PctStr;
use crate::uri::{Authority, UriRef};

/// An owned, parsed URI reference: its text plus the same offsets as
/// [`UriRef`]. [`as_uri_ref`](Self::as_uri_ref) gives the borrowed view;
/// the common accessors are also here.
///
/// Text of up to 96 bytes is held in place, without a heap allocation
/// (most URLs are shorter), so that making an owned reference of one (a
/// resolution's target, a normal form, a copy) costs no call to the
/// allocator; longer text, or a `String` handed to
/// [`parse`](Self::parse), is kept on the heap.
///
/// ```
/// use urikit::UriRefBuf;
///
/// let uri: UriRefBuf = "https://example.com/a?b#c".parse()?;
/// assert_eq!(uri.host().unwrap().as_str(), "example.com");
/// assert_eq!(uri.as_uri_ref().fragment().unwrap(), "c");
/// assert_eq!(uri.to_string(), "https://example.com/a?b#c");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone)]
pub struct UriRefBuf {
    s: Text,
    meta: Meta,
    dialect: Dialect,
}

macro_rules! forward {
    ($($(#[$doc:meta])* fn $name:ident(&self) -> $ret:ty;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(&self) -> $ret {
            self.as_uri_ref().$name()
        }
    )*};
}

impl UriRefBuf {
    /// Parses a `URI-reference`, taking ownership of the text.
    ///
    /// # Errors
    ///
    /// Those of [`UriRef::parse`]: the first byte RFC 3986 does not accept, as an
    /// [`Error`](crate::Error) with its kind ([`InvalidChar`](crate::ErrorKind::InvalidChar),
    /// [`InvalidScheme`](crate::ErrorKind::InvalidScheme),
    /// [`InvalidHost`](crate::ErrorKind::InvalidHost),
    /// [`InvalidPort`](crate::ErrorKind::InvalidPort),
    /// [`InvalidPercentEncoding`](crate::ErrorKind::InvalidPercentEncoding), ...) and its byte
    /// offset in `s`.
    ///
    /// ```
    /// let uri = urikit::UriRefBuf::parse("../x").unwrap();
    /// assert_eq!(uri.path(), "../x");
    /// // A `String` is kept, not copied.
    /// let uri = urikit::UriRefBuf::parse(String::from("../x")).unwrap();
    /// # assert_eq!(uri.path(), "../x");
    /// ```
    pub fn parse(s: impl Into<String>) -> Result<UriRefBuf, Error> {
        let s = s.into();
        let meta = parse::parse(&s)?;
        Ok(UriRefBuf {
            s: Text::from(s),
            meta,
            dialect: Dialect::Rfc3986,
        })
    }

    /// Parses a URI reference under the grammar of `dialect` (see
    /// [`UriRef::parse_with`]), taking ownership of the text.
    ///
    /// # Errors
    ///
    /// Those of [`UriRef::parse_with`] under `dialect`.
    ///
    /// ```
    /// use urikit::{Dialect, UriRefBuf};
    ///
    /// let u = UriRefBuf::parse_with("x://a@b@c/", Dialect::Rfc2396)?;
    /// assert_eq!(u.dialect(), Dialect::Rfc2396);
    /// assert!(UriRefBuf::parse_with("x://a@b@c/", Dialect::Rfc3986).is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn parse_with(s: impl Into<String>, dialect: Dialect) -> Result<UriRefBuf, Error> {
        UriRefBuf::parse_by(&crate::Parser::new(dialect), s)
    }

    /// Parses a URI reference with `parser` (its dialect, and zone
    /// identifiers if it reads them), taking ownership of the text.
    ///
    /// # Errors
    ///
    /// Those of [`Parser::parse`](crate::Parser::parse).
    ///
    /// ```
    /// use urikit::{Parser, UriRefBuf};
    ///
    /// let p = Parser::default().zone_ids(true);
    /// let mut u = UriRefBuf::parse_by(&p, "http://[fe80::a%25Eth0]/a")?;
    /// u.set_path("/b")?;
    /// assert_eq!(u.as_str(), "http://[fe80::a%25Eth0]/b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn parse_by(parser: &crate::Parser, s: impl Into<String>) -> Result<UriRefBuf, Error> {
        let s = s.into();
        let u = parser.parse(&s)?;
        let (meta, dialect) = (u.meta(), u.dialect());
        Ok(UriRefBuf {
            s: Text::from(s),
            meta,
            dialect,
        })
    }

    /// The reference `s` of `dialect` with offsets computed by the caller,
    /// who builds `s` from components and knows where each one lies; debug
    /// builds check them (and that `s` is valid under `dialect`) against a
    /// parse.
    #[inline]
    pub(crate) fn from_parts(s: impl Into<Text>, meta: Meta, dialect: Dialect) -> UriRefBuf {
        let s = s.into();
        debug_assert_eq!(
            parse::parse_with_zones(s.as_str(), dialect, meta.zoned(s.as_str())),
            Ok(meta),
            "offsets of {:?} under {dialect:?}",
            s.as_str()
        );
        UriRefBuf { s, meta, dialect }
    }

    /// The dialect whose grammar the reference is valid under; see
    /// [`UriRef::dialect`].
    ///
    /// ```
    /// assert_eq!(urikit::UriRefBuf::parse("a:b")?.dialect(), urikit::Dialect::Rfc3986);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Removes the fragment, if any: valid under every dialect, with the
    /// same offsets (they end where the fragment begins).
    pub(crate) fn remove_fragment(&mut self) {
        let end = self.meta.query_end;
        Out::truncate(&mut self.s, end);
    }

    /// The borrowed view.
    ///
    /// ```
    /// let uri = urikit::UriRefBuf::parse("a:b").unwrap();
    /// let view: urikit::UriRef<'_> = uri.as_uri_ref();
    /// assert_eq!(view.scheme(), Some("a"));
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(self.s.as_str(), self.meta, self.dialect)
    }

    /// The whole reference as written.
    ///
    /// ```
    /// assert_eq!(urikit::UriRefBuf::parse("a:b").unwrap().as_str(), "a:b");
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.s.as_str()
    }

    /// The text, giving up the offsets.
    ///
    /// ```
    /// let s: String = urikit::UriRefBuf::parse("a:b").unwrap().into_string();
    /// assert_eq!(s, "a:b");
    /// ```
    pub fn into_string(self) -> String {
        self.s.into_string()
    }

    forward! {
        /// The scheme; see [`UriRef::scheme`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("a:b").unwrap().scheme(), Some("a"));
        /// ```
        fn scheme(&self) -> Option<&str>;
        /// Whether there is a scheme; see [`UriRef::has_scheme`].
        ///
        /// ```
        /// assert!(!urikit::UriRefBuf::parse("b").unwrap().has_scheme());
        /// ```
        fn has_scheme(&self) -> bool;
        /// The authority; see [`UriRef::authority`].
        ///
        /// ```
        /// assert!(urikit::UriRefBuf::parse("//h").unwrap().authority().is_some());
        /// ```
        fn authority(&self) -> Option<Authority<'_>>;
        /// The userinfo; see [`UriRef::userinfo`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("//u@h").unwrap().userinfo().unwrap(), "u");
        /// ```
        fn userinfo(&self) -> Option<PctStr<'_>>;
        /// The host; see [`UriRef::host`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("//h").unwrap().host().unwrap().as_str(), "h");
        /// ```
        fn host(&self) -> Option<Host<'_>>;
        /// The port as written; see [`UriRef::port`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("//h:1").unwrap().port(), Some("1"));
        /// ```
        fn port(&self) -> Option<&str>;
        /// The port as a number; see [`UriRef::port_u16`].
        ///
        /// # Errors
        ///
        /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange) for a port beyond 65535, at its
        /// first digit.
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("//h:1").unwrap().port_u16(), Ok(Some(1)));
        /// ```
        fn port_u16(&self) -> Result<Option<u16>, Error>;
        /// The port, or the scheme's default; see [`UriRef::port_or_default`].
        ///
        /// # Errors
        ///
        /// [`PortOutOfRange`](crate::ErrorKind::PortOutOfRange) for a port beyond 65535, at its
        /// first digit.
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("https://h/").unwrap().port_or_default(), Ok(Some(443)));
        /// ```
        fn port_or_default(&self) -> Result<Option<u16>, Error>;
        /// The path; see [`UriRef::path`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("/p").unwrap().path(), "/p");
        /// ```
        fn path(&self) -> PctStr<'_>;
        /// The query; see [`UriRef::query`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("?q").unwrap().query().unwrap(), "q");
        /// ```
        fn query(&self) -> Option<PctStr<'_>>;
        /// The fragment; see [`UriRef::fragment`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("#f").unwrap().fragment().unwrap(), "f");
        /// ```
        fn fragment(&self) -> Option<PctStr<'_>>;
        /// The path segments; see [`UriRef::path_segments`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("/a/b").unwrap().path_segments().count(), 2);
        /// ```
        fn path_segments(&self) -> Segments<'_>;
        /// The query pairs; see [`UriRef::query_pairs`].
        ///
        /// ```
        /// assert_eq!(urikit::UriRefBuf::parse("?a&b").unwrap().query_pairs().count(), 2);
        /// ```
        fn query_pairs(&self) -> QueryPairs<'_>;
    }
}

impl UriRef<'_> {
    /// An owned copy.
    ///
    /// ```
    /// let owned = urikit::UriRef::parse("a:b").unwrap().to_buf();
    /// assert_eq!(owned.as_str(), "a:b");
    /// ```
    #[inline]
    pub fn to_buf(&self) -> UriRefBuf {
        UriRefBuf::from_parts(Text::from(self.as_str()), self.meta(), self.dialect())
    }
}

impl FromStr for UriRefBuf {
    type Err = Error;
    fn from_str(s: &str) -> Result<UriRefBuf, Error> {
        UriRef::parse(s).map(|u| u.to_buf())
    }
}

impl TryFrom<&str> for UriRefBuf {
    type Error = Error;
    fn try_from(s: &str) -> Result<UriRefBuf, Error> {
        s.parse()
    }
}

impl TryFrom<String> for UriRefBuf {
    type Error = Error;
    fn try_from(s: String) -> Result<UriRefBuf, Error> {
        UriRefBuf::parse(s)
    }
}

impl From<UriRef<'_>> for UriRefBuf {
    fn from(u: UriRef<'_>) -> UriRefBuf {
        u.to_buf()
    }
}

impl From<UriRefBuf> for String {
    fn from(u: UriRefBuf) -> String {
        u.into_string()
    }
}

impl fmt::Display for UriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for UriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_uri_ref(), f)
    }
}

impl AsRef<str> for UriRefBuf {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for UriRefBuf {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for UriRefBuf {}

impl PartialEq<str> for UriRefBuf {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for UriRefBuf {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<UriRef<'_>> for UriRefBuf {
    fn eq(&self, other: &UriRef<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<UriRefBuf> for UriRef<'_> {
    fn eq(&self, other: &UriRefBuf) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialOrd for UriRefBuf {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for UriRefBuf {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for UriRefBuf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;
    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};

    impl Serialize for UriRefBuf {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.as_str())
        }
    }

    impl Serialize for UriRef<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.as_str())
        }
    }

    impl<'de> Deserialize<'de> for UriRefBuf {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UriRefBuf, D::Error> {
            struct V;
            impl Visitor<'_> for V {
                type Value = UriRefBuf;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a URI reference (RFC 3986)")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<UriRefBuf, E> {
                    v.parse().map_err(E::custom)
                }
                fn visit_string<E: de::Error>(self, v: String) -> Result<UriRefBuf, E> {
                    UriRefBuf::parse(v).map_err(E::custom)
                }
            }
            d.deserialize_string(V)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn owned_and_borrowed_agree() {
        let s = "http://u@[::1]:8080/p?q#f";
        let b: UriRefBuf = s.parse().unwrap();
        let v = UriRef::parse(s).unwrap();
        assert_eq!(b, v);
        assert_eq!(v, b);
        assert_eq!(b.authority(), v.authority());
        assert_eq!(UriRefBuf::from(v), b);
        assert_eq!(String::from(b.clone()), s);
        assert_eq!(UriRefBuf::try_from(s.to_string()).unwrap(), b);
    }

    /// Text in place (a copy of a view) and on the heap (a `String`
    /// given) compare, order and hash as the same text, on both sides of
    /// the in-place limit.
    #[test]
    fn in_place_and_heap_text_are_the_same_reference() {
        use core::hash::BuildHasher;
        let h = std::collections::hash_map::RandomState::new();
        for n in [1, 60, 95, 96, 97, 200] {
            let s = alloc::format!("http://h/{}", "a".repeat(n));
            let copy = UriRef::parse(&s).unwrap().to_buf();
            let kept = UriRefBuf::parse(s.clone()).unwrap();
            assert_eq!(
                matches!(copy.s, Text::Inline(_)),
                s.len() <= crate::out::INLINE
            );
            assert!(matches!(kept.s, Text::Heap(_)));
            assert_eq!(copy, kept);
            assert_eq!(copy.cmp(&kept), Ordering::Equal);
            assert_eq!(h.hash_one(&copy), h.hash_one(&kept));
            assert_eq!(copy.path().as_str(), kept.path().as_str());
            assert_eq!(copy.into_string(), s);
        }
    }

    #[test]
    fn errors_pass_through() {
        assert!("http://a b".parse::<UriRefBuf>().is_err());
        assert!(UriRefBuf::try_from("%").is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip() {
        let b: UriRefBuf = "http://h/a?b".parse().unwrap();
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, "\"http://h/a?b\"");
        let back: UriRefBuf = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        assert!(serde_json::from_str::<UriRefBuf>("\"a b\"").is_err());
    }
}
