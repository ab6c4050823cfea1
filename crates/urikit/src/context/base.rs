//! Establishing the base URI of a document (RFC 3986 section 5.1, RFC 2396
//! and 2396bis section 5.1, draft-ietf-url-syntax-00 section 5.1).
//!
//! The documents describe four layers, the innermost defined one winning:
//!
//! 1. a base embedded in the content (5.1.1), such as HTML's `<BASE href>`;
//! 2. the base of the encapsulating entity (5.1.2), such as a MIME message's
//!    `Content-Base` or `Content-Location` header;
//! 3. the URI the document was retrieved from, after redirects (5.1.3);
//! 4. an application default (5.1.4; the 1996 draft makes it "undefined").

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::{Dialect, Error, ErrorKind, Resolver, UriRef, UriRefBuf};

/// The layer of section 5.1 that gave a base URI, innermost first.
///
/// ```
/// use urikit::Layer;
///
/// assert_eq!(Layer::ContentLocation.name(), "content-location");
/// assert_eq!(Layer::ContentLocation.section(), "5.1.2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Layer {
    /// Embedded in the document's content (5.1.1), such as HTML `<BASE href>`.
    Embedded,
    /// The `Content-Base` header of the encapsulating entity (5.1.2).
    ContentBase,
    /// The `Content-Location` header of the encapsulating entity (5.1.2).
    ContentLocation,
    /// The URI used to retrieve the document, the last one after redirects
    /// (5.1.3).
    Retrieval,
    /// The application's default (5.1.4).
    Default,
}

impl Layer {
    /// A stable kebab-case name: `embedded`, `content-base`,
    /// `content-location`, `retrieval` or `default`.
    ///
    /// ```
    /// assert_eq!(urikit::Layer::Embedded.name(), "embedded");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Embedded => "embedded",
            Layer::ContentBase => "content-base",
            Layer::ContentLocation => "content-location",
            Layer::Retrieval => "retrieval",
            Layer::Default => "default",
        }
    }

    /// The subsection of section 5.1 that defines the layer.
    ///
    /// ```
    /// assert_eq!(urikit::Layer::Retrieval.section(), "5.1.3");
    /// ```
    pub const fn section(self) -> &'static str {
        match self {
            Layer::Embedded => "5.1.1",
            Layer::ContentBase | Layer::ContentLocation => "5.1.2",
            Layer::Retrieval => "5.1.3",
            Layer::Default => "5.1.4",
        }
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A base URI that failed: which layer gave it, and what is wrong with it
/// (the offset is into that layer's value, after the whitespace of a header
/// was removed).
///
/// ```
/// use urikit::{BaseBuilder, ErrorKind, Layer};
///
/// let err = BaseBuilder::new().embedded("../x").establish().unwrap_err();
/// assert_eq!(err.layer(), Layer::Embedded);
/// assert_eq!(err.error().kind(), ErrorKind::RelativeBase);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaseError {
    layer: Layer,
    error: Error,
}

impl BaseError {
    /// The layer whose value failed.
    ///
    /// ```
    /// let err = urikit::BaseBuilder::new().retrieved_from("http://[x/").establish().unwrap_err();
    /// assert_eq!(err.layer(), urikit::Layer::Retrieval);
    /// ```
    pub const fn layer(&self) -> Layer {
        self.layer
    }

    /// What is wrong with it: a parse error, or
    /// [`ErrorKind::RelativeBase`] for a relative value with no outer layer
    /// to resolve it against.
    ///
    /// ```
    /// let err = urikit::BaseBuilder::new().default_base("/x").establish().unwrap_err();
    /// assert_eq!(err.error().kind(), urikit::ErrorKind::RelativeBase);
    /// ```
    pub const fn error(&self) -> Error {
        self.error
    }
}

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} base URI (section {}): {}",
            self.layer,
            self.layer.section(),
            self.error
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BaseError {}

/// An established base URI and the layer that gave it.
///
/// ```
/// use urikit::{BaseBuilder, Layer};
///
/// let base = BaseBuilder::new().retrieved_from("http://a/b").establish()?.unwrap();
/// assert_eq!(base.uri().as_str(), "http://a/b");
/// assert_eq!(base.layer(), Layer::Retrieval);
/// # Ok::<(), urikit::BaseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// Absolute, without a fragment, valid under the dialect it was
    /// established with (which it carries).
    uri: UriRefBuf,
    layer: Layer,
}

impl Base {
    /// The base URI: absolute, without a fragment (RFC 3986 section 5.1).
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new().retrieved_from("http://a/b#f").establish()?.unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a/b");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    pub fn uri(&self) -> UriRef<'_> {
        self.uri.as_uri_ref()
    }

    /// The innermost layer that contributed: a relative value is resolved
    /// against the layers outside it, and is still the layer that gave the
    /// base.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new()
    ///     .content_location("sub/")
    ///     .retrieved_from("http://a/b/c")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a/b/sub/");
    /// assert_eq!(base.layer(), urikit::Layer::ContentLocation);
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    pub const fn layer(&self) -> Layer {
        self.layer
    }

    /// A resolver for references in the document, under the dialect the
    /// base was established with.
    ///
    /// ```
    /// use urikit::{BaseBuilder, Dialect, UriRef};
    ///
    /// let base = BaseBuilder::new().retrieved_from("http://a/b/c/d;p?q").establish()?.unwrap();
    /// let target = base.resolver().resolve(UriRef::parse("../x").unwrap()).unwrap();
    /// assert_eq!(target.as_str(), "http://a/b/x");
    /// // RFC 2396 section 5.2 step 6a: `?y` drops the last segment.
    /// let base = BaseBuilder::new()
    ///     .dialect(Dialect::Rfc2396)
    ///     .retrieved_from("http://a/b/c/d;p?q")
    ///     .establish()?
    ///     .unwrap();
    /// let target = base.resolver().resolve(UriRef::parse("?y").unwrap()).unwrap();
    /// assert_eq!(target.as_str(), "http://a/b/c/?y");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    pub fn resolver(&self) -> Resolver<'_> {
        // The URI was checked to have a scheme when it was established, and
        // a resolver takes the dialect of its base.
        match Resolver::new(self.uri()) {
            Ok(r) => r,
            Err(_) => unreachable!("an established base is absolute"),
        }
    }

    /// The base URI, giving up the layer.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new().default_base("a:b").establish()?.unwrap();
    /// assert_eq!(base.into_uri().as_str(), "a:b");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    pub fn into_uri(self) -> UriRefBuf {
        self.uri
    }
}

/// Establishes the base URI of a document from the layers of section 5.1.
///
/// Give it what is known, in any order, then call
/// [`establish`](Self::establish). The rules:
///
/// - The innermost defined layer wins: [embedded](Self::embedded), then the
///   entity's `Content-Base`, then its `Content-Location` ("Content-Base
///   takes precedence over any Content-Location", draft 1996 section 5.1.1),
///   then the [retrieval URI](Self::retrieved_from) after
///   [redirects](Self::redirected_to), then the
///   [default](Self::default_base).
/// - A relative value is resolved against the base the outer layers give
///   ("If the latter is relative, it must be resolved to its absolute form",
///   draft 1996 section 5.1.1). The documents say an HTML BASE and a
///   `Content-Base` must be absolute; a relative one is resolved the same
///   way, as HTML user agents do, rather than rejected. A relative value
///   with nothing outside it is [`ErrorKind::RelativeBase`].
/// - A value that does not parse under the dialect is an error naming its
///   layer, not skipped: a document whose declared base is broken should be
///   noticed.
/// - The fragment of the result is removed (RFC 3986 section 5.1).
/// - With no layer at all, there is no base (5.1.4: "all URL references
///   within that document are assumed to be absolute"): `Ok(None)`.
///
/// ```
/// use urikit::{BaseBuilder, Layer};
///
/// // draft-ietf-url-syntax-00 section 5.1.1: the Content-Base example.
/// let base = BaseBuilder::new()
///     .headers("Content-Type: text/html\r\nContent-Base: http://www.ics.uci.edu/Test/a/b/c\r\n")
///     .retrieved_from("http://example.org/elsewhere")
///     .establish()?
///     .unwrap();
/// assert_eq!(base.uri().as_str(), "http://www.ics.uci.edu/Test/a/b/c");
/// assert_eq!(base.layer(), Layer::ContentBase);
/// # Ok::<(), urikit::BaseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BaseBuilder {
    dialect: Dialect,
    embedded: Option<String>,
    content_base: Option<String>,
    content_location: Option<String>,
    retrieval: Vec<String>,
    default: Option<String>,
}

impl BaseBuilder {
    /// No layers yet, under RFC 3986.
    ///
    /// ```
    /// assert_eq!(urikit::BaseBuilder::new().establish(), Ok(None));
    /// ```
    pub fn new() -> BaseBuilder {
        BaseBuilder::default()
    }

    /// The dialect that parses each layer and resolves relative ones.
    ///
    /// ```
    /// use urikit::{BaseBuilder, Dialect};
    ///
    /// // RFC 2396 section 5.2 step 6a drops the base's last segment for `?y`.
    /// let b = BaseBuilder::new().content_location("?y").retrieved_from("http://a/b/c/d;p?q");
    /// assert_eq!(b.clone().establish()?.unwrap().uri().as_str(), "http://a/b/c/d;p?y");
    /// let b = b.dialect(Dialect::Rfc2396);
    /// assert_eq!(b.establish()?.unwrap().uri().as_str(), "http://a/b/c/?y");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn dialect(mut self, dialect: Dialect) -> BaseBuilder {
        self.dialect = dialect;
        self
    }

    /// The base embedded in the content (5.1.1), such as the `href` of an
    /// HTML `<BASE>` element in the head. Leading and trailing whitespace
    /// is removed, as HTML does for URL attributes.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new()
    ///     .embedded(" http://www.ics.uci.edu/Test/a/b/c ")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.uri().as_str(), "http://www.ics.uci.edu/Test/a/b/c");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn embedded(mut self, href: &str) -> BaseBuilder {
        self.embedded = Some(href.trim_matches(is_space).into());
        self
    }

    /// Reads `Content-Base` and `Content-Location` from a block of RFC 822
    /// (MIME, HTTP) header fields: field names compared without regard to
    /// case, folded lines joined, and all whitespace inside the value
    /// removed ("any whitespace inside the field value (including that used
    /// for line folding) is ignored", draft 1996 section 5.1.1). The block
    /// ends at the first empty line; lines that are not fields (such as an
    /// HTTP status line) are skipped; of repeated fields the first counts.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new()
    ///     .headers("content-LOCATION: http://a.example\r\n  /folded/path\r\n\r\nbody")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a.example/folded/path");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn headers(mut self, block: &str) -> BaseBuilder {
        for (name, value) in header_fields(block) {
            let slot = if name.eq_ignore_ascii_case("content-base") {
                &mut self.content_base
            } else if name.eq_ignore_ascii_case("content-location") {
                &mut self.content_location
            } else {
                continue;
            };
            if slot.is_none() {
                *slot = Some(value);
            }
        }
        self
    }

    /// The value of a `Content-Base` header field (5.1.2); whitespace
    /// inside it is removed.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new()
    ///     .content_base("http://a/b/")
    ///     .content_location("http://c/d")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a/b/");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn content_base(mut self, value: &str) -> BaseBuilder {
        self.content_base = Some(without_whitespace(value));
        self
    }

    /// The value of a `Content-Location` header field (5.1.2); whitespace
    /// inside it is removed.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new().content_location("http://c/d").establish()?.unwrap();
    /// assert_eq!(base.layer(), urikit::Layer::ContentLocation);
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn content_location(mut self, value: &str) -> BaseBuilder {
        self.content_location = Some(without_whitespace(value));
        self
    }

    /// The URI the document was requested with (5.1.3). Call
    /// [`redirected_to`](Self::redirected_to) for each redirect that
    /// followed.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new().retrieved_from("http://a/b").establish()?.unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a/b");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn retrieved_from(mut self, uri: &str) -> BaseBuilder {
        self.retrieval.clear();
        self.retrieval.push(uri.into());
        self
    }

    /// A redirect: the request went on to `location`, which may be relative
    /// to the URI before it. "If the retrieval was the result of a
    /// redirected request, the last URI used ... is the base URI" (5.1.3).
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new()
    ///     .retrieved_from("http://a/old/page")
    ///     .redirected_to("/new/")
    ///     .redirected_to("page?x")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.uri().as_str(), "http://a/new/page?x");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn redirected_to(mut self, location: &str) -> BaseBuilder {
        self.retrieval.push(location.into());
        self
    }

    /// The application's default base (5.1.4), used when no other layer
    /// gives one.
    ///
    /// ```
    /// let base = urikit::BaseBuilder::new().default_base("file:///home/me/").establish()?.unwrap();
    /// assert_eq!(base.layer(), urikit::Layer::Default);
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    #[must_use]
    pub fn default_base(mut self, uri: &str) -> BaseBuilder {
        self.default = Some(uri.into());
        self
    }

    /// The base URI and the layer that gave it; `Ok(None)` when no layer
    /// is defined. See the type's documentation for the rules.
    ///
    /// # Errors
    ///
    /// A [`BaseError`](crate::BaseError) naming the layer whose value is not a URI reference
    /// (its parse error), or a relative value with no outer layer to resolve it against
    /// ([`RelativeBase`](crate::ErrorKind::RelativeBase)).
    ///
    /// ```
    /// use urikit::{BaseBuilder, Layer};
    ///
    /// // RFC 2396 Appendix D: the BASE href wins over where the page came from.
    /// let base = BaseBuilder::new()
    ///     .embedded("http://www.ics.uci.edu/Test/a/b/c")
    ///     .retrieved_from("http://mirror.example/copy.html")
    ///     .establish()?
    ///     .unwrap();
    /// assert_eq!(base.layer(), Layer::Embedded);
    /// let x = base.resolver().resolve(urikit::UriRef::parse("../x").unwrap()).unwrap();
    /// assert_eq!(x.as_str(), "http://www.ics.uci.edu/Test/a/x");
    /// # Ok::<(), urikit::BaseError>(())
    /// ```
    pub fn establish(&self) -> Result<Option<Base>, BaseError> {
        let mut current: Option<Base> = None;
        let entity = match (&self.content_base, &self.content_location) {
            (Some(v), _) => Some((Layer::ContentBase, v)),
            (None, Some(v)) => Some((Layer::ContentLocation, v)),
            (None, None) => None,
        };
        // Outermost first, each resolved against what is outside it.
        let layers = self
            .default
            .iter()
            .map(|v| (Layer::Default, v))
            .chain(self.retrieval.iter().map(|v| (Layer::Retrieval, v)))
            .chain(entity)
            .chain(self.embedded.iter().map(|v| (Layer::Embedded, v)));
        for (layer, value) in layers {
            let fail = |error| BaseError { layer, error };
            let r = UriRef::parse_with(value, self.dialect).map_err(fail)?;
            let uri = if r.has_scheme() {
                r.to_buf()
            } else {
                match &current {
                    Some(outer) => outer.resolver().resolve(r).map_err(fail)?,
                    None => return Err(fail(Error::new(ErrorKind::RelativeBase, 0))),
                }
            };
            let mut uri = uri;
            uri.remove_fragment();
            current = Some(Base { uri, layer });
        }
        Ok(current)
    }
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0C')
}

fn without_whitespace(value: &str) -> String {
    value.chars().filter(|&c| !is_space(c)).collect()
}

/// The fields of an RFC 822 header block, unfolded, whitespace removed from
/// the value, up to the first empty line.
fn header_fields(block: &str) -> impl Iterator<Item = (&str, String)> + '_ {
    let mut lines = block
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .take_while(|l| !l.is_empty())
        .peekable();
    core::iter::from_fn(move || loop {
        let line = lines.next()?;
        let Some((name, first)) = line.split_once(':') else {
            continue;
        };
        let name = name.trim_end_matches([' ', '\t']);
        if name.is_empty() || name.starts_with([' ', '\t']) {
            continue;
        }
        let mut value = without_whitespace(first);
        while let Some(next) = lines.peek() {
            if !next.starts_with([' ', '\t']) {
                break;
            }
            value.extend(next.chars().filter(|&c| !is_space(c)));
            lines.next();
        }
        return Some((name, value));
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn header_fields_unfold_and_stop_at_the_blank_line() {
        let block = "HTTP/1.1 200 OK\r\nA: 1 2\r\n\t3\r\nB:x\n  y\n\nC: after";
        let got: Vec<_> = header_fields(block).collect();
        assert_eq!(got, vec![("A", "123".into()), ("B", "xy".into())]);
    }

    #[test]
    fn a_continuation_line_without_a_field_is_skipped() {
        let got: Vec<_> = header_fields(" orphan: x\r\nA: y").collect();
        assert_eq!(got, vec![("A", "y".into())]);
    }
}
