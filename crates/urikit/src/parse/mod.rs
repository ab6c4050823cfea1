//! Text to offsets: the parsers. A reference is read once, and the result
//! is a [`Meta`], where its components lie, with no allocation and no view
//! type (the views are `uri`'s).
//!
//! - [`rfc3986`]: the one-pass parser of RFC 3986's `URI-reference`.
//! - [`older`]: the validator of the older grammars.
//! - [`scan`]: the classifiers and windows that read runs of allowed bytes
//!   many at a time; [`simd`], its child, the AVX2 classifier, and the
//!   library's only `unsafe` code.
//! - [`ip`]: IP literals and IPv4 addresses.
//!
//! May use: `error`, `dialect`, `grammar`, `bytes`, `work`.

pub(crate) mod ip;
pub(crate) mod older;
pub(crate) mod rfc3986;
pub(crate) mod scan;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod simd;

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
/// processor has (AVX2 where it is there, see [`simd`]).
#[inline]
pub(crate) fn parse(s: &str) -> Result<Meta, Error> {
    parse_as(s, |meta| meta)
}

/// [`parse`], then `make(meta)`, called where the parse ends (inside the
/// code compiled for AVX2), so that the caller's value is built in place
/// rather than copied out of a returned `Meta`: the views layer passes its
/// constructor (a copy cost 35 instructions a URL).
#[inline(always)]
pub(crate) fn parse_as<R>(s: &str, make: impl FnOnce(Meta) -> R) -> Result<R, Error> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_no_avx2)))]
    if let Some(k) = simd::Avx2::detect() {
        return k.parse(s, make);
    }
    rfc3986::parse_in(scan::Baseline, s).map(make)
}

/// The [`RefMarks`](crate::bytes::RefMarks) of a reference of at most
/// 127 bytes (`None` beyond), with AVX2 where the processor has it (four
/// windows) and SSE2 otherwise (four a block) on x86-64.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn text_marks(b: &[u8]) -> Option<crate::bytes::RefMarks> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
    return match simd::Avx2::detect() {
        Some(k) => k.text_marks(b),
        None => crate::bytes::RefMarks::of(b, simd::sse2_text_marks),
    };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))))]
    return crate::bytes::RefMarks::of(b, crate::bytes::text_marks_portable);
}

/// The offset of the first byte `x` of `b` that a byte `y` follows (the
/// search for `/.` that finds dot segments): with SSE2 on x86-64 from 17
/// bytes, where it takes about half the instructions of the portable
/// search in [`crate::bytes::first_pair`].
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
    return simd::sse2_first_pair(b, x, y);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))))]
    return crate::bytes::first_pair(b, x, y);
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
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_no_avx2)))]
    if simd::Avx2::detect().is_some() {
        return "avx2";
    }
    if cfg!(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(urikit_portable)
    )) {
        "sse2"
    } else {
        "portable"
    }
}

/// Parses a reference under the grammar of `dialect`.
pub(crate) fn parse_with(s: &str, dialect: Dialect) -> Result<Meta, Error> {
    match crate::grammar::grammar(dialect) {
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
            scan::Baseline,
            s,
            rfc3986::sets(dialect == Dialect::Rfc3987, true),
        ),
        _ => parse_with(s, dialect),
    }
}

/// Parses an RFC 3987 `IRI-reference`: RFC 3986's parser, with the
/// components' sets of section 2.2.
#[inline]
pub(crate) fn parse_iri(s: &str) -> Result<Meta, Error> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_no_avx2)))]
    if let Some(k) = simd::Avx2::detect() {
        return k.parse_iri(s);
    }
    rfc3986::parse_sets(scan::Baseline, s, &rfc3986::IRI)
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
