//! Text to offsets: the parsers. A reference is read once, and the result
//! is a [`Meta`], where its components lie, with no allocation and no view
//! type (the views are `uri`'s).
//!
//! - [`rfc3986`]: the one-pass parser of RFC 3986's `URI-reference`.
//! - [`older`]: the validator of the older grammars.
//! - [`scan`]: runs of allowed bytes read many at a time, with the
//!   classifier [`arch`](crate::arch) chooses for the processor.
//! - [`ip`]: IP literals and IPv4 addresses.
//!
//! May use: `error`, `dialect`, `grammar`, `arch`, `work`.

pub(crate) mod ip;
pub(crate) mod older;
pub(crate) mod rfc3986;
pub(crate) mod scan;

use crate::arch::{Classify, Job, Marked};
use crate::dialect::Dialect;
use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::URI_CHAR;

/// Where the components of a parsed reference lie.
///
/// ```text
///   foo://user@example.com:8042/over/there?name=ferret#nose
///   \_/   \__/ \_________/ \__/\_________/ \_________/ \__/
///    |     |        |        |      |           |       |
/// scheme userinfo  host    port   path        query  fragment
///       \_____________________/
///              authority
/// ```
///
/// `scheme_end` is the offset of the scheme's `:` (0 when there is no
/// scheme, since a scheme is never empty). `path_end` is where `?` or `#` or
/// the end is; a query is present when the byte there is `?`, and it ends at
/// `query_end`, where a fragment is present when the byte there is `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub(crate) scheme_end: usize,
    pub(crate) auth: Option<AuthMeta>,
    pub(crate) path_end: usize,
    pub(crate) query_end: usize,
}

/// Where the parts of an authority lie: it starts after `//` (at
/// [`Meta::auth_start`], which the scheme's end tells) and ends at `end`.
/// The host runs from `host_start` to `host_end`; a userinfo is present
/// when `host_start` is past the start (it ends at the `@` just before
/// `host_start`). A port is present when `host_end < end` (the byte at
/// `host_end` is then `:`). Plain offsets, no `Option`, keep the parsed
/// reference small and quick to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthMeta {
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) host: HostType,
    pub(crate) end: usize,
}

impl AuthMeta {
    /// The offset of the `@` that ends the userinfo, if there is one, for
    /// an authority that starts at `start`.
    #[inline]
    pub(crate) fn userinfo_end(&self, start: usize) -> Option<usize> {
        (self.host_start > start).then(|| self.host_start - 1)
    }

    /// The same authority, starting at `from`, copied to begin at `to`:
    /// every offset moves with it.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline]
    pub(crate) fn moved(self, from: usize, to: usize) -> AuthMeta {
        let at = |x: usize| x - from + to;
        AuthMeta {
            host_start: at(self.host_start),
            host_end: at(self.host_end),
            host: self.host,
            end: at(self.end),
        }
    }
}

impl Meta {
    /// Where an authority starts: after `scheme "://"`, or after the `//`
    /// of a reference without a scheme (a scheme is never empty).
    #[inline]
    pub(crate) const fn auth_start(&self) -> usize {
        if self.scheme_end > 0 {
            self.scheme_end + 3
        } else {
            2
        }
    }

    /// Whether the reference `s`, which these offsets are of, has an IPv6
    /// zone identifier (RFC 6874): it was then read with zones accepted,
    /// and whatever reads its text again must accept them too. Only a
    /// zone puts a `%` in an IPv6 literal.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline]
    pub(crate) fn zoned(&self, s: &str) -> bool {
        self.auth.is_some_and(|a| {
            a.host == HostType::Ipv6 && s.as_bytes()[a.host_start..a.host_end].contains(&b'%')
        })
    }

    /// Where the path starts.
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        match self.auth {
            Some(a) => a.end,
            None if self.scheme_end > 0 => self.scheme_end + 1,
            None => 0,
        }
    }
}

/// The kind of a host: which rule of RFC 3986 section 3.2.2 its text
/// matches.
///
/// ```
/// use urikit::{HostType, UriRef};
/// let uri = UriRef::parse("http://[v7.x]/").unwrap();
/// assert_eq!(uri.host().unwrap().host_type(), HostType::IpvFuture);
/// assert_eq!(HostType::IpvFuture.name(), "ipvfuture");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostType {
    /// A registered name, possibly empty (`reg-name`).
    RegName,
    /// A dotted-decimal IPv4 address (`IPv4address`).
    Ipv4,
    /// An IPv6 address in brackets (`IPv6address`).
    Ipv6,
    /// A future IP literal in brackets (`IPvFuture`).
    IpvFuture,
}

impl HostType {
    /// The type's stable name: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    ///
    /// ```
    /// assert_eq!(urikit::HostType::RegName.name(), "reg-name");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostType::RegName => "reg-name",
            HostType::Ipv4 => "ipv4",
            HostType::Ipv6 => "ipv6",
            HostType::IpvFuture => "ipvfuture",
        }
    }
}

/// Parses an RFC 3986 `URI-reference` with the fastest classifier the
/// processor has (AVX2 where it is there, see [`arch`](crate::arch)).
#[inline]
pub(crate) fn parse(s: &str) -> Result<Meta, Error> {
    parse_as(s, |meta| meta)
}

/// One parse, handed to [`arch::run`](crate::arch::run) to be done with
/// the best classifier, inside the code compiled for it; `make` is called
/// on the offsets there. The component sets are a constant of the type
/// (`IRI`), so that the classifier's tables are constants where it runs.
struct Parse<F, const IRI: bool> {
    make: F,
}

impl<R, F: FnOnce(Meta) -> R, const IRI: bool> Job for Parse<F, IRI> {
    type Out = Result<R, Error>;

    #[inline(always)]
    fn run<K: Classify>(self, k: K, b: &[u8]) -> Result<R, Error> {
        let sets = if IRI { &rfc3986::IRI } else { &rfc3986::URI };
        // One branch per input chooses the window, none per scan.
        let meta = if b.len() >= 32 {
            // A URI of 32 to 64 bytes, with AVX2: marked whole at once.
            let marks = if IRI { None } else { k.uri_marks(b) };
            match marks {
                Some(m) => rfc3986::parse_sets(Marked::new(k.wide(), m), b, sets),
                None => rfc3986::parse_sets(k.wide(), b, sets),
            }
        } else {
            rfc3986::parse_sets(k, b, sets)
        };
        meta.map(self.make)
    }
}

/// [`parse`], then `make(meta)`, called where the parse ends (inside the
/// code compiled for AVX2), so that the caller's value is built in place
/// rather than copied out of a returned `Meta`: the views layer passes its
/// constructor (a copy cost 35 instructions a URL).
#[inline(always)]
pub(crate) fn parse_as<R>(s: &str, make: impl FnOnce(Meta) -> R) -> Result<R, Error> {
    crate::arch::run(s.as_bytes(), Parse::<_, false> { make })
}

/// [`parse_as`] over bytes that may not be UTF-8, checked in the same pass:
/// every byte RFC 3986's grammar accepts is ASCII, so the classifier that
/// refuses whatever the grammar has no place for refuses every byte above
/// 0x7F (an `invalid-char` at the first one the parse reaches, as in a
/// `str`). The text `make` is given is `b`, read as the ASCII it then is
/// ([`accepted`](crate::arch::text::accepted)).
#[inline(always)]
pub(crate) fn parse_bytes_as<'a, R>(
    b: &'a [u8],
    make: impl FnOnce(&'a str, Meta) -> R,
) -> Result<R, Error> {
    let make = |meta| make(crate::arch::text::accepted(b), meta);
    crate::arch::run(b, Parse::<_, false> { make })
}

/// The byte classifier the parser uses on this processor: `"avx2"` (chosen
/// at run time where the processor has it), `"sse2"` (every x86-64), or
/// `"portable"` (comparisons the compiler vectorizes, on other targets).
/// Every classifier gives the same results; this says which speed to
/// expect.
///
/// ```
/// assert!(["avx2", "sse2", "portable"].contains(&urikit::classifier()));
/// ```
pub fn classifier() -> &'static str {
    crate::arch::name()
}

/// Parses a reference under the grammar of `dialect`.
pub(crate) fn parse_with(s: &str, dialect: Dialect) -> Result<Meta, Error> {
    match crate::grammar::grammar(dialect) {
        None if dialect == Dialect::Whatwg => Err(Error::new(ErrorKind::UnsupportedDialect, 0)),
        None if dialect == Dialect::Rfc3987 => parse_iri(s),
        None => parse(s),
        Some(g) => older::parse(g, s),
    }
}

/// [`parse_with`], with IPv6 zone identifiers (RFC 6874) accepted when
/// `zones` is set and `dialect` is of the RFC 3986 family, which RFC 6874
/// extends; the older grammars have no zones and ignore it.
pub(crate) fn parse_with_zones(s: &str, dialect: Dialect, zones: bool) -> Result<Meta, Error> {
    match dialect {
        Dialect::Rfc3986 | Dialect::Rfc3987 if zones => rfc3986::parse_sets(
            crate::arch::Baseline,
            s.as_bytes(),
            rfc3986::sets(dialect == Dialect::Rfc3987, true),
        ),
        _ => parse_with(s, dialect),
    }
}

/// Parses an RFC 3987 `IRI-reference`: RFC 3986's parser, with the
/// components' sets of section 2.2.
#[inline]
pub(crate) fn parse_iri(s: &str) -> Result<Meta, Error> {
    crate::arch::run(s.as_bytes(), Parse::<_, true> { make: |meta| meta })
}

/// The error for byte `b[i]`, which the grammar has no place for at `i`.
/// The input's bytes outside the URI character set are always
/// `invalid-char`; `%` starts an invalid triplet; brackets are outside a
/// host; other URI characters get `kind`.
#[cold]
#[inline(never)]
pub(crate) fn unexpected(b: &[u8], i: usize, kind: ErrorKind) -> Error {
    let k = match b.get(i) {
        None => kind,
        Some(b'%') => ErrorKind::InvalidPercentEncoding,
        Some(b'[' | b']') => ErrorKind::UnexpectedBracket,
        Some(&c) if !URI_CHAR.allows(c) => ErrorKind::InvalidChar,
        Some(_) => kind,
    };
    Error::new(k, i)
}
