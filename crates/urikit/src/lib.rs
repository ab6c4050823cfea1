//! urikit: Uniform Resource Identifiers, strictly by the specifications.
//!
//! This crate parses and validates URI references exactly as RFC 3986
//! (STD 66) defines them, with precise errors and without allocating, and
//! percent-encodes and decodes their components.
//!
//! # Terminology
//!
//! A *URI reference* (RFC 3986 section 4.1) is either a *URI* (it has a
//! scheme, such as `http:`) or a *relative reference* (such as `../a?b`),
//! either with an optional fragment. Its components:
//!
//! ```text
//!   foo://user@example.com:8042/over/there?name=ferret#nose
//!   \_/   \__/ \_________/ \__/\_________/ \_________/ \__/
//!    |     |        |        |      |           |       |
//! scheme userinfo  host    port   path        query  fragment
//!       \_____________________/
//!              authority
//! ```
//!
//! A component is *undefined* when its delimiter is absent and *empty* when
//! the delimiter is there with nothing after it. The two stay apart
//! everywhere: `http://h/p` has no query (`None`), `http://h/p?` has an
//! empty one (`Some("")`).
//!
//! # Parsing
//!
//! [`UriRef::parse`] checks the whole input against the RFC 3986 Appendix A
//! grammar and records where each component lies. [`UriRef`] is a small
//! `Copy` view of the input; [`UriRefBuf`] is its owned twin.
//!
//! ```
//! use std::net::Ipv6Addr;
//! use urikit::{HostType, UriRef};
//!
//! let uri = UriRef::parse("http://[2001:db8::7]:8080/c=GB?objectClass?one#x")?;
//! let host = uri.host().unwrap();
//! assert_eq!(host.host_type(), HostType::Ipv6);
//! assert_eq!(host.ipv6(), Some("2001:db8::7".parse::<Ipv6Addr>().unwrap()));
//! assert_eq!(uri.port_u16()?, Some(8080));
//! assert_eq!(uri.path(), "/c=GB");
//! assert_eq!(uri.query().unwrap(), "objectClass?one");
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # Errors
//!
//! Every failure is an [`Error`]: an [`ErrorKind`] with a stable kebab-case
//! code and the byte offset of the first offending byte.
//!
//! ```
//! use urikit::{ErrorKind, UriRef};
//!
//! let err = UriRef::parse("http://[1::2::3]/").unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::InvalidIpv6);
//! assert_eq!(err.code(), "invalid-ipv6");
//! assert_eq!(err.offset(), 13); // where a second "::" begins to be wrong
//! ```
//!
//! # Percent-encoding
//!
//! Components come back as written, as a [`PctStr`](pct::PctStr), whose
//! every `%` is known to start a valid `%HH`. Decoding is explicit and lazy:
//! it borrows when there is nothing to decode. [`pct::encode`] encodes any
//! text for a given component.
//!
//! ```
//! use urikit::{pct, UriRef};
//!
//! let uri = UriRef::parse("/search?q=caf%C3%A9+cr%C3%A8me")?;
//! let (k, v) = uri.query_pairs().next().unwrap();
//! assert_eq!(k, "q");
//! assert_eq!(v.unwrap().decode_form_utf8()?, "café crème");
//! assert_eq!(pct::encode("café crème", pct::Component::Form), "caf%C3%A9+cr%C3%A8me");
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # Resolution, normalization, relativization
//!
//! A [`Resolver`] resolves references against a base checked once, with the
//! algorithm of the chosen [`Dialect`]; [`Normalizer`] applies RFC 3986
//! section 6.2.2 and 6.2.3, step by step; relativization is the inverse of
//! resolution.
//!
//! ```
//! use urikit::{Dialect, Normalizer, Resolver, UriRef};
//!
//! let r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q")?)?;
//! assert_eq!(r.resolve(UriRef::parse("../g")?)?.as_str(), "http://a/b/g");
//! // The 1996 draft merges the query into the path before removing dots.
//! let old = r.dialect(Dialect::Url1996);
//! assert_eq!(old.resolve(UriRef::parse("g?y/./x")?)?.as_str(), "http://a/b/c/g?y/x");
//! assert_eq!(r.relativize(UriRef::parse("http://a/b/c/g?y")?)?.as_str(), "g?y");
//!
//! let n = Normalizer::new();
//! assert_eq!(n.normalize(UriRef::parse("HTTP://a:80/%7e/./x")?).as_str(), "http://a/~/x");
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # Schemes
//!
//! [`scheme::View`] reads a parsed URI by its scheme's own rules, for the
//! ten schemes of RFC 1738 section 3 (ftp with the FTP commands it stands
//! for, http and https, gopher and Gopher+, mailto, news, nntp, telnet,
//! wais, file with local-path conversion, prospero), with a precise error
//! when a URI is valid generic syntax but not valid for its scheme.
//! [`scheme::lookup`] is the registry of known schemes (default port,
//! hierarchy), and [`scheme::warnings`] gives the security cautions of the
//! specifications as data.
//!
//! ```
//! use urikit::scheme::{self, View};
//! use urikit::UriRef;
//!
//! let uri = UriRef::parse("nntp://news.example.com:25/comp.lang.rust/7")?;
//! let View::Nntp(n) = View::new(uri)? else { unreachable!() };
//! assert_eq!((n.newsgroup().as_str(), n.article()), ("comp.lang.rust", Some(7)));
//! let w = scheme::warnings(&uri).next().unwrap();
//! assert_eq!(w.code(), "non-default-port");
//! assert!(w.to_string().contains("smtp"));
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # URIs in text
//!
//! An [`Extractor`] finds URIs in plain text as Appendix E of the
//! specifications recommends (`<URL:...>`, `<...>`, quotes, bare URIs,
//! whitespace removed inside brackets, trailing punctuation left out), with
//! line and column; [`guess`] completes abbreviated URIs typed by a person
//! (Appendix F) where no base URI exists.
//!
//! ```
//! let m = urikit::Extractor::new().extract("See <URL:http://a.example/\n  b>.").next().unwrap();
//! assert_eq!((m.as_str(), m.line(), m.column()), ("http://a.example/b", 1, 10));
//! assert_eq!(urikit::guess("ftp.example.org/pub").as_deref(), Some("ftp://ftp.example.org/pub"));
//! ```
//!
//! # Building and editing
//!
//! [`UriRefBuilder`] assembles a reference from components, and
//! [`UriRefBuf`]'s setters (`set_host`, `set_path`, `push_segment`,
//! `append_path`, `set_query_params`, ...) edit one in place. Plain setters
//! percent-encode; `_encoded` setters check. Every result keeps the
//! structural rules of RFC 3986 section 3, or the edit fails and changes
//! nothing. [`QueryParams`] is the query as an ordered multimap.
//!
//! ```
//! use urikit::{UriRefBuilder, UriRefBuf};
//!
//! let uri = UriRefBuilder::new().scheme("http").host("::1").path("/a b").build()?;
//! assert_eq!(uri.as_str(), "http://[::1]/a%20b");
//! let mut u = UriRefBuf::parse("http://h/api?x")?;
//! u.append_path("v1/users")?;
//! u.set_port(Some(8080))?;
//! assert_eq!(u.as_str(), "http://h:8080/api/v1/users?x");
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # Coming from `url`
//!
//! The `url` crate implements the WHATWG URL Standard: parsing normalizes
//! (case, dot segments, percent-encoding) and a value is always an absolute
//! URL. urikit reads RFC 3986 references, relative ones too, exactly as
//! written, and normalizes when asked ([`UriRef::normalize`]). Its names:
//!
//! | `url` | urikit |
//! | --- | --- |
//! | `Url::parse(s)` | [`UriRef::parse`] (borrows, allocates nothing), [`UriRefBuf::parse`] (owns) |
//! | `base.join(r)` | [`UriRef::resolve_against`], or [`Resolver::resolve`] for many references against one base |
//! | `host_str()` | `host().map(\|h\| h.as_str())` ([`UriRef::host`]: the host as written, with its [`HostType`]) |
//! | `port()` | [`UriRef::port_u16`] (and [`UriRef::port`], the digits as written) |
//! | `port_or_known_default()` | [`UriRef::port_or_default`] |
//! | `path_segments()` | [`UriRef::path_segments`] |
//! | `query_pairs()` | [`UriRef::query_pairs`] |
//! | `query_pairs_mut()` | [`UriRefBuf::query_params`], edited, then [`UriRefBuf::set_query_params`] |
//! | `set_path(p)` | [`UriRefBuf::set_path`] (encodes), `set_path_encoded` (checks) |
//! | `make_relative(t)` | [`UriRef::relative_to`] |
//!
//! ```
//! use urikit::{UriRef, UriRefBuf};
//!
//! let base = UriRef::parse("https://example.com/a/b")?;
//! let u = UriRef::parse("../c?x=1")?.resolve_against(base)?;
//! assert_eq!(u.as_str(), "https://example.com/c?x=1");
//! assert_eq!(u.host().map(|h| h.as_str()), Some("example.com"));
//! assert_eq!(u.port_or_default()?, Some(443));
//! let mut q = u.query_params();
//! q.append("y", "2 3");
//! let mut u: UriRefBuf = u;
//! u.set_query_params(&q)?;
//! assert_eq!(u.as_str(), "https://example.com/c?x=1&y=2%203");
//! # Ok::<(), urikit::Error>(())
//! ```
//!
//! # The base URI of a document
//!
//! [`BaseBuilder`] establishes a document's base from the layers of section
//! 5.1 (embedded in the content, the encapsulating entity's `Content-Base`
//! or `Content-Location`, the retrieval URI after redirects, a default) and
//! says which [`Layer`] gave it. With the `html` feature,
//! `html::HtmlDocument` finds an HTML document's `<BASE href>` and its links.
//!
//! ```
//! use urikit::{BaseBuilder, Layer, UriRef};
//!
//! let base = BaseBuilder::new()
//!     .headers("Content-Location: /docs/\r\n")
//!     .retrieved_from("http://example.org/index.html")
//!     .establish()?
//!     .expect("a layer is defined");
//! assert_eq!((base.uri().as_str(), base.layer()), ("http://example.org/docs/", Layer::ContentLocation));
//! let link = base.resolver().resolve(UriRef::parse("../img/a.png").unwrap()).unwrap();
//! assert_eq!(link.as_str(), "http://example.org/img/a.png");
//! # Ok::<(), urikit::BaseError>(())
//! ```
//!
//! # Specifications
//!
//! The default grammar and algorithms are RFC 3986's, the published form of
//! draft-fielding-uri-rfc2396bis. The older documents are dialects
//! ([`Dialect`]): draft-fielding-uri-rfc2396bis-00, RFC 2396,
//! draft-ietf-url-syntax-00 and RFC 1738, each with its own grammar
//! ([`UriRef::parse_with`]) and resolution algorithm. Doc comments and tests
//! cite the section each rule comes from.
//!
//! # Features
//!
//! - `std` (default): implies `alloc`; nothing else yet.
//! - `alloc`: owned types ([`UriRefBuf`]), decoding to `Cow`, encoding.
//! - `serde`: `Serialize`/`Deserialize` for [`UriRefBuf`] (as a string).
//! - `html`: `html::HtmlDocument`, the links and embedded base of an HTML
//!   document, read by the HTML standard's tokenization (implies `std`;
//!   character references are decoded with the `htmlize` crate's table).
//! - `idna`, `whatwg`, `nfc`: internationalized host names (UTS #46), the
//!   WHATWG URL Standard as a dialect (`urikit::whatwg`), NFC for IRIs.
//! - `psl`: the Public Suffix List (`urikit::psl`): the list of
//!   publicsuffix.org compiled in (its version `psl::VERSION`) and lists read at run
//!   time, by the ICANN section alone or with the private section
//!   (implies `alloc`; the `xn--` form of its rules by the `idna` crate).
//!
//! Without default features the crate is `no_std` and parsing needs only
//! `core`.
//!
//! The only `unsafe` code is in the private `arch` layer, its x86-64
//! backends: the byte classifier the parser scans with (SSE2, and AVX2 when
//! `std` detects it or the build targets it), and the extractor's and the
//! normalizer's scans (AVX2, AVX-512), each file saying why it is sound;
//! and `arch::text`, which slices a parsed reference's text at its
//! components' offsets without the character-boundary checks that cost a
//! reader a third of its instructions (bounds are still checked), and reads
//! bytes RFC 3986's parse accepted (all ASCII) as text without a second
//! UTF-8 pass ([`Parser::parse_bytes`]).
//! On other targets (or with `--cfg urikit_portable`) the same work is
//! portable code; every backend reads the character sets `grammar` writes
//! once.
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::missing_errors_doc)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

// Each module imports only the layers below its own: docs/design.md draws
// them, and tests/it/layers.rs checks them in order.
mod arch;
#[cfg(feature = "alloc")]
mod buf;
#[cfg(feature = "alloc")]
mod bytes;
#[cfg(any(feature = "surt", feature = "safebrowsing", feature = "w3lib"))]
pub mod canonical;
#[cfg(feature = "ccindex")]
pub mod ccindex;
#[cfg(feature = "alloc")]
mod context;
mod dialect;
#[cfg(feature = "alloc")]
mod edit;
mod error;
mod grammar;
mod host;
#[cfg(any(feature = "surt", feature = "w3lib"))]
mod idna2003;
#[cfg(feature = "alloc")]
mod iri;
mod iter;
pub mod javanet;
#[cfg(feature = "alloc")]
mod normalize;
#[cfg(feature = "alloc")]
mod out;
mod parse;
mod part;
#[cfg(feature = "alloc")]
mod path;
pub mod pct;
#[cfg(feature = "psl")]
pub mod psl;
mod registry;
#[cfg(feature = "alloc")]
mod relativize;
mod require;
#[cfg(feature = "alloc")]
mod resolve;
#[cfg(feature = "safebrowsing")]
pub mod safebrowsing;
pub mod scheme;
#[cfg(feature = "surt")]
pub mod surt;
#[cfg(feature = "alloc")]
pub mod template;
mod uri;
#[cfg(feature = "w3lib")]
pub mod w3lib;
#[cfg(feature = "whatwg")]
pub mod whatwg;
mod work;

#[cfg(feature = "alloc")]
pub use buf::UriRefBuf;
#[cfg(feature = "html")]
pub use context::html;
#[cfg(feature = "alloc")]
pub use context::report;
#[cfg(feature = "alloc")]
pub use context::{
    guess, repair, Base, BaseBuilder, BaseError, Change, Changes, Extractor, Found, Layer, Match,
    Matches, Repaired, Uris,
};
pub use dialect::Dialect;
#[cfg(feature = "alloc")]
pub use edit::{clean, Param, QueryParams, UriRefBuilder, TRACKING_PARAMS};
pub use error::{Error, ErrorKind, Hint};
pub use host::Host;
#[cfg(feature = "alloc")]
pub use iri::{IriRef, IriRefBuf};
pub use iter::{QueryPairs, Segments};
#[cfg(feature = "alloc")]
pub use normalize::{NormalizationStep, Normalized, Normalizer};
pub use parse::{classifier, HostType};
pub use part::Part;
pub use require::Requirements;

/// The cargo features this build of the library has, for version
/// strings and bug reports.
///
/// ```
/// # #[cfg(feature = "std")]
/// assert!(urikit::FEATURES.contains(&"std"));
/// ```
pub const FEATURES: &[&str] = &[
    #[cfg(feature = "std")]
    "std",
    #[cfg(feature = "alloc")]
    "alloc",
    #[cfg(feature = "serde")]
    "serde",
    #[cfg(feature = "html")]
    "html",
    #[cfg(feature = "idna")]
    "idna",
    #[cfg(feature = "nfc")]
    "nfc",
    #[cfg(feature = "psl")]
    "psl",
];
#[cfg(feature = "alloc")]
pub use resolve::{AboveRoot, Resolver};
pub use uri::{Authority, Parser, UriRef};
#[doc(hidden)]
#[cfg(feature = "count-work")]
pub use work::count_work;

/// The README's examples, compiled and run as doctests.
#[cfg(all(doctest, feature = "html"))]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

/// What the unit tests of several modules share.
#[cfg(test)]
pub(crate) mod testing {
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::strategy::Strategy;
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every line of the shared datasets (`../shared/data/urls/*.txt`),
    /// none where they are not there.
    pub(crate) fn dataset_lines() -> Vec<String> {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/urls");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        for e in entries {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "txt") {
                let text = std::fs::read_to_string(&path).unwrap();
                lines.extend(text.lines().filter(|l| !l.is_empty()).map(String::from));
            }
        }
        lines
    }

    /// Runs `test` on `cases` values of `strategy` and returns how many of
    /// them it answered `true` for (a fast path taken, say), so that a
    /// property cannot hold by never being tried.
    pub(crate) fn count_taken<S: Strategy>(
        cases: u32,
        strategy: S,
        test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
    ) -> usize {
        let taken = AtomicUsize::new(0);
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&strategy, |v| {
                if test(v)? {
                    taken.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            })
            .unwrap();
        taken.load(Ordering::Relaxed)
    }
}
