//! Normalization and equivalence: RFC 3986 section 6.2.2 (syntax-based) and
//! 6.2.3 (scheme-based).
//!
//! This file is the normalizer's settings and its table of steps
//! ([`Normalizer::STEPS`]), and the calls that take a reference in; the
//! Unicode steps of RFC 3987 section 5.3 are in `unicode`, applied first;
//! one writer (`writer`) makes the normal form: into the caller's
//! `String`, or into a lazy copy of the input that stays borrowed until the
//! first byte that differs, which tells `normalize` that the input is
//! normal already and `is_normalized` its answer without allocating.
//!
//! May use: `uri`, `buf` (and what they use); its files as their own
//! documentation says.

mod unicode;
mod writer;

use alloc::string::String;
use core::hash::{Hash, Hasher};

use crate::uri::{by_scalars, call_by_scalars, UriRef};
use crate::UriRefBuf;

/// Normalizes URI references; each step can be turned on or off with a
/// chained `const` setter. The default, [`Normalizer::new`], does every step
/// of RFC 3986 sections 6.2.2 and 6.2.3 and leaves IPv6 text alone:
///
/// | step | section | default |
/// | --- | --- | --- |
/// | [`lowercase`](Self::lowercase): scheme and host to lower case | 6.2.2.1 | on |
/// | [`uppercase_hex`](Self::uppercase_hex): `%3a` to `%3A` | 6.2.2.1 | on |
/// | [`decode_unreserved`](Self::decode_unreserved): `%7E` to `~` | 6.2.2.2 | on |
/// | [`remove_dot_segments`](Self::remove_dot_segments) | 6.2.2.3 | on |
/// | [`remove_default_port`](Self::remove_default_port): `:80` for `http`, or an empty port | 6.2.3 | on |
/// | [`slash_empty_path`](Self::slash_empty_path): `http://a` to `http://a/` | 6.2.3 | on |
/// | [`ipv6_rfc5952`](Self::ipv6_rfc5952): `[2001:DB8:0:0::1]` to `[2001:db8::1]` | RFC 5952 4 | off |
/// | `idna_hosts` (feature `idna`): a DNS host by UTS #46, `xn--` in a URI, Unicode in an IRI | RFC 3987 5.3.3 | off |
/// | `nfc` (feature `nfc`): an IRI's text in Unicode Normalization Form C | RFC 3987 5.3.2.2 | off |
///
/// Together they make the comparison ladder of RFC 3987 section 5.3 for
/// IRIs (the `rfc3987` dialect): simple string comparison is `==` on the
/// text; syntax-based normalization is the default steps (5.3.2.1, 5.3.2.3,
/// 5.3.2.4) with NFC (5.3.2.2) only where asked for, as that section says
/// an IRI should already be in NFC; scheme-based normalization (5.3.3) is
/// the default port and empty path steps, and the IDNA host step, whose
/// UTS #46 mapping folds case beyond ASCII.
///
/// Normalization keeps meaning: it never decodes a reserved character (so
/// `%2F` stays), never changes the case of what percent-encodings encode or
/// of the userinfo, path, query and fragment, and never writes a string that
/// parses back differently. It is idempotent.
///
/// In a relative reference with a relative path, leading `..` segments stay
/// (they climb from a base not known yet), and a `./` is kept or added where
/// the path would otherwise read differently: `./a:b`, `./` for a path that
/// becomes empty, `.//a`.
///
/// ```
/// use urikit::{Normalizer, UriRef};
///
/// let u = UriRef::parse("HTTP://Example.COM:80/a/./b/../%7euser")?;
/// assert_eq!(Normalizer::new().normalize(u).as_str(), "http://example.com/a/~user");
/// let keep_port = Normalizer::new().remove_default_port(false);
/// assert_eq!(keep_port.normalize(u).as_str(), "http://example.com:80/a/~user");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Normalizer {
    lowercase: bool,
    uppercase_hex: bool,
    decode_unreserved: bool,
    dot_segments: bool,
    default_port: bool,
    slash_empty_path: bool,
    ipv6_rfc5952: bool,
    idna_hosts: bool,
    nfc: bool,
}

impl Default for Normalizer {
    fn default() -> Normalizer {
        Normalizer::new()
    }
}

impl Normalizer {
    /// Every step of RFC 3986 sections 6.2.2 and 6.2.3; IPv6 text kept.
    ///
    /// ```
    /// const N: urikit::Normalizer = urikit::Normalizer::new();
    /// let u = urikit::UriRef::parse("http://a")?;
    /// assert_eq!(N.normalize(u).as_str(), "http://a/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const fn new() -> Normalizer {
        Normalizer {
            lowercase: true,
            uppercase_hex: true,
            decode_unreserved: true,
            dot_segments: true,
            default_port: true,
            slash_empty_path: true,
            ipv6_rfc5952: false,
            idna_hosts: false,
            nfc: false,
        }
    }

    /// Scheme and host to lower case (6.2.2.1). The hexadecimal digits of
    /// percent-encodings are [`uppercase_hex`](Self::uppercase_hex)'s
    /// business, and the userinfo keeps its case.
    ///
    /// ```
    /// let n = urikit::Normalizer::new().lowercase(false);
    /// assert_eq!(n.normalize(urikit::UriRef::parse("HTTP://A/")?).as_str(), "HTTP://A/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn lowercase(mut self, on: bool) -> Normalizer {
        self.lowercase = on;
        self
    }

    /// Upper-case hexadecimal digits in percent-encodings (6.2.2.1).
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::UriRef::parse("/%c3%a9")?).as_str(), "/%C3%A9");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn uppercase_hex(mut self, on: bool) -> Normalizer {
        self.uppercase_hex = on;
        self
    }

    /// Decode percent-encoded unreserved characters (6.2.2.2). Reserved
    /// characters stay encoded: `%2F` is not `/`.
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::UriRef::parse("/%41%2F%7e")?).as_str(), "/A%2F~");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn decode_unreserved(mut self, on: bool) -> Normalizer {
        self.decode_unreserved = on;
        self
    }

    /// Remove dot segments (6.2.2.3), after decoding, so `%2E` counts as
    /// `.` once [`decode_unreserved`](Self::decode_unreserved) is on.
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::UriRef::parse("a:/b/%2E%2E/c")?).as_str(), "a:/c");
    /// assert_eq!(n.normalize(urikit::UriRef::parse("../a/./b/../c")?).as_str(), "../a/c");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn remove_dot_segments(mut self, on: bool) -> Normalizer {
        self.dot_segments = on;
        self
    }

    /// Remove a port that is empty or the scheme's default (6.2.3; the
    /// defaults are [`scheme::default_port`](crate::scheme::default_port)'s).
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::UriRef::parse("https://a:443/")?).as_str(), "https://a/");
    /// assert_eq!(n.normalize(urikit::UriRef::parse("x://a:/")?).as_str(), "x://a/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn remove_default_port(mut self, on: bool) -> Normalizer {
        self.default_port = on;
        self
    }

    /// Write an empty path as `/` when there is an authority, for the
    /// schemes where that is the same resource (6.2.3; see
    /// [`scheme::empty_path_is_root`](crate::scheme::empty_path_is_root)).
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert_eq!(n.normalize(urikit::UriRef::parse("http://a?q")?).as_str(), "http://a/?q");
    /// assert_eq!(n.normalize(urikit::UriRef::parse("foo://a")?).as_str(), "foo://a");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn slash_empty_path(mut self, on: bool) -> Normalizer {
        self.slash_empty_path = on;
        self
    }

    /// Write IPv6 hosts in the canonical text form of RFC 5952 section 4
    /// (lower case, no leading zeros, the longest run of zero groups as
    /// `::`, IPv4-mapped addresses in dotted form). Off by default, since
    /// it rewrites the host's text.
    ///
    /// ```
    /// let n = urikit::Normalizer::new().ipv6_rfc5952(true);
    /// let u = urikit::UriRef::parse("http://[2001:DB8:0:0:0:0:0:1]/")?;
    /// assert_eq!(n.normalize(u).as_str(), "http://[2001:db8::1]/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub const fn ipv6_rfc5952(mut self, on: bool) -> Normalizer {
        self.ipv6_rfc5952 = on;
        self
    }

    /// The host of a scheme that uses the DNS ([`uses_dns`](crate::scheme::uses_dns)) put
    /// through UTS #46 (RFC 3987 section 5.3.3, RFC 3986 section 3.2.2): in an IRI (the
    /// `rfc3987` dialect) its Unicode form ([`Host::to_unicode`](crate::Host::to_unicode),
    /// `xn--` labels decoded), in a URI its ASCII form
    /// ([`Host::to_ascii`](crate::Host::to_ascii), percent-encoded UTF-8 to `xn--`); the
    /// mapping folds case beyond ASCII. A name UTS #46 refuses is left as it is. Needs the
    /// `idna` feature.
    ///
    /// ```
    /// use urikit::{IriRef, Normalizer, UriRef};
    ///
    /// let n = Normalizer::new().idna_hosts(true);
    /// let iri = IriRef::parse("http://XN--MNCHEN-3YA.de/")?;
    /// assert_eq!(n.normalize(*iri).as_str(), "http://münchen.de/");
    /// assert!(n.equivalent(*iri, *IriRef::parse("http://MÜNCHEN.DE")?));
    /// let uri = UriRef::parse("http://M%C3%9CNCHEN.de/")?;
    /// assert_eq!(n.normalize(uri).as_str(), "http://xn--mnchen-3ya.de/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    #[must_use]
    pub const fn idna_hosts(mut self, on: bool) -> Normalizer {
        self.idna_hosts = on;
        self
    }

    /// An IRI's text in Unicode Normalization Form C (RFC 3987 section
    /// 5.3.2.2: for IRIs that may not have been created in NFC). Only the
    /// characters beyond ASCII change; percent-encoded octets are left
    /// alone, and a URI (ASCII only) does not change. Needs the `nfc`
    /// feature.
    ///
    /// ```
    /// use urikit::{IriRef, Normalizer};
    ///
    /// // "e" and U+0301 COMBINING ACUTE ACCENT compose to "é".
    /// let decomposed = IriRef::parse("http://example.org/re\u{301}sume\u{301}")?;
    /// let n = Normalizer::new().nfc(true);
    /// assert_eq!(n.normalize(*decomposed).as_str(), "http://example.org/résumé");
    /// assert!(!Normalizer::new().equivalent(*decomposed, *IriRef::parse("http://example.org/résumé")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "nfc")]
    #[must_use]
    pub const fn nfc(mut self, on: bool) -> Normalizer {
        self.nfc = on;
        self
    }

    /// Every step, in the order the table above lists them (the order a
    /// person reads them in; the normal form does not depend on it), each
    /// with its name, the section that asks for it, what it does, whether
    /// [`Normalizer::new`] takes it, and how to turn it on or off. The
    /// command's flags, the Python keywords and the web page's list are
    /// read from here. The Unicode steps are listed with their features.
    ///
    /// ```
    /// use urikit::{Normalizer, UriRef};
    ///
    /// let names: Vec<_> = Normalizer::STEPS.iter().map(|s| s.name).collect();
    /// assert_eq!(names[..7], ["lowercase", "uppercase-hex", "decode-unreserved", "remove-dot-segments", "remove-default-port", "slash-empty-path", "ipv6"]);
    /// let ipv6 = Normalizer::step("ipv6").unwrap();
    /// assert!(!ipv6.default);
    /// let n = ipv6.set(Normalizer::new(), true);
    /// assert_eq!(n.normalize(UriRef::parse("http://[0:0::1]/")?).as_str(), "http://[::1]/");
    /// assert!(ipv6.is_on(&n));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub const STEPS: &'static [NormalizationStep] = &[
        NormalizationStep {
            name: "lowercase",
            section: "RFC 3986 6.2.2.1",
            does: "scheme and host in lower case",
            default: true,
            set: |n, on| n.lowercase(on),
            get: |n| n.lowercase,
        },
        NormalizationStep {
            name: "uppercase-hex",
            section: "RFC 3986 6.2.2.1",
            does: "percent-encodings' hexadecimal digits in upper case",
            default: true,
            set: |n, on| n.uppercase_hex(on),
            get: |n| n.uppercase_hex,
        },
        NormalizationStep {
            name: "decode-unreserved",
            section: "RFC 3986 6.2.2.2",
            does: "percent-encoded unreserved characters decoded",
            default: true,
            set: |n, on| n.decode_unreserved(on),
            get: |n| n.decode_unreserved,
        },
        NormalizationStep {
            name: "remove-dot-segments",
            section: "RFC 3986 6.2.2.3",
            does: "dot-segments removed",
            default: true,
            set: |n, on| n.remove_dot_segments(on),
            get: |n| n.dot_segments,
        },
        NormalizationStep {
            name: "remove-default-port",
            section: "RFC 3986 6.2.3",
            does: "an empty port or the scheme's default removed",
            default: true,
            set: |n, on| n.remove_default_port(on),
            get: |n| n.default_port,
        },
        NormalizationStep {
            name: "slash-empty-path",
            section: "RFC 3986 6.2.3",
            does: "an empty path written \"/\" where the scheme's root is \"/\"",
            default: true,
            set: |n, on| n.slash_empty_path(on),
            get: |n| n.slash_empty_path,
        },
        NormalizationStep {
            name: "ipv6",
            section: "RFC 5952 4",
            does: "an IPv6 address in its canonical text (lower case, zeros compressed), so that \
                   [::1] and [0:0::1] compare equal",
            default: false,
            set: |n, on| n.ipv6_rfc5952(on),
            get: |n| n.ipv6_rfc5952,
        },
        #[cfg(feature = "nfc")]
        NormalizationStep {
            name: "nfc",
            section: "RFC 3987 5.3.2.2",
            does: "an IRI's text in Unicode Normalization Form C",
            default: false,
            set: |n, on| n.nfc(on),
            get: |n| n.nfc,
        },
        #[cfg(feature = "idna")]
        NormalizationStep {
            name: "idna",
            section: "RFC 3987 5.3.3",
            does: "the host of a scheme that uses the DNS mapped by UTS #46 (Unicode in an IRI, \
                   xn-- in a URI)",
            default: false,
            set: |n, on| n.idna_hosts(on),
            get: |n| n.idna_hosts,
        },
    ];

    /// The step named `name` ([`NormalizationStep::name`]).
    ///
    /// ```
    /// assert_eq!(urikit::Normalizer::step("lowercase").unwrap().section, "RFC 3986 6.2.2.1");
    /// assert!(urikit::Normalizer::step("ipv4").is_none());
    /// ```
    pub fn step(name: &str) -> Option<&'static NormalizationStep> {
        Normalizer::STEPS.iter().find(|s| s.name == name)
    }

    /// Whether a step beyond ASCII (`nfc`, `idna_hosts`) is on.
    const fn unicode(&self) -> bool {
        self.idna_hosts || self.nfc
    }

    /// This normalizer without the Unicode steps.
    const fn ascii_steps(&self) -> Normalizer {
        Normalizer {
            idna_hosts: false,
            nfc: false,
            ..*self
        }
    }

    /// The normalized form of `u`.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(urikit::Normalizer::new().normalize(u).as_str(), "example://a/b/c/%7Bfoo%7D");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline(always)]
    pub fn normalize(&self, u: UriRef<'_>) -> UriRefBuf {
        if self.unicode() {
            return self.normalize_unicode(u);
        }
        call_by_scalars!(self.normalize_scalars(; u))
    }

    by_scalars! {
        /// [`normalize`](Self::normalize) without the Unicode steps, of the
        /// reference taken as its [`Scalars`](crate::uri::Scalars) (see
        /// there for why).
        fn normalize_scalars(&self; u) -> UriRefBuf {
            self.normalize_ascii(u)
        }
    }

    /// Like [`normalize`](Self::normalize), into `out` (cleared first).
    ///
    /// ```
    /// let mut out = String::new();
    /// urikit::Normalizer::new().normalize_into(urikit::UriRef::parse("A:B")?, &mut out);
    /// assert_eq!(out, "a:B");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[inline(always)]
    pub fn normalize_into(&self, u: UriRef<'_>, out: &mut String) {
        call_by_scalars!(self.normalize_scalars_into(out; u));
    }

    by_scalars! {
        /// [`normalize_into`](Self::normalize_into) of the reference taken
        /// as its [`Scalars`](crate::uri::Scalars).
        fn normalize_scalars_into(&self, out: &mut String; u) -> () {
            self.normalize_into_body(u, out);
        }
    }

    /// Whether `a` and `b` have the same normal form (RFC 3986 section
    /// 6.1); allocates only for inputs that are not normal already.
    ///
    /// ```
    /// use urikit::{Normalizer, UriRef};
    /// let n = Normalizer::new();
    /// let a = UriRef::parse("http://example.com/~smith/")?;
    /// let b = UriRef::parse("HTTP://EXAMPLE.com:80/%7Esmith/")?;
    /// assert!(n.equivalent(a, b));
    /// assert!(!n.equivalent(a, UriRef::parse("http://example.com/~Smith/")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn equivalent(&self, a: UriRef<'_>, b: UriRef<'_>) -> bool {
        self.normal_text(a).as_str() == self.normal_text(b).as_str()
    }
}

impl<'a> UriRef<'a> {
    /// The normal form of this reference under the default [`Normalizer`]
    /// (RFC 3986 sections 6.2.2 and 6.2.3).
    ///
    /// ```
    /// let u = urikit::UriRef::parse("HTTP://Example.COM:80/a/./b/../%7euser")?;
    /// assert_eq!(u.normalize().as_str(), "http://example.com/a/~user");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn normalize(&self) -> UriRefBuf {
        Normalizer::new().normalize(*self)
    }

    /// Whether this reference and `other` are equivalent under the default
    /// [`Normalizer`] (RFC 3986 section 6.1: equal after normalization).
    ///
    /// ```
    /// use urikit::UriRef;
    /// let a = UriRef::parse("http://a/%7Ex")?;
    /// assert!(a.equivalent(UriRef::parse("HTTP://A:80/~x")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn equivalent(&self, other: UriRef<'_>) -> bool {
        Normalizer::new().equivalent(*self, other)
    }
}

/// One step of normalization ([`Normalizer::STEPS`]): its name (as the
/// command's flags and the Python keywords spell it), the section that
/// asks for it, what it does, whether [`Normalizer::new`] takes it, and
/// the setting that turns it on or off.
#[derive(Clone, Copy, Debug)]
pub struct NormalizationStep {
    /// A short name in kebab case: `lowercase`, `ipv6`, `nfc`, ...
    pub name: &'static str,
    /// The document and section, `RFC 3986 6.2.2.1`.
    pub section: &'static str,
    /// What it does, for a person.
    pub does: &'static str,
    /// Whether [`Normalizer::new`] takes this step.
    pub default: bool,
    set: fn(Normalizer, bool) -> Normalizer,
    get: fn(&Normalizer) -> bool,
}

impl NormalizationStep {
    /// `n` with this step turned on or off.
    ///
    /// ```
    /// let step = urikit::Normalizer::step("lowercase").unwrap();
    /// let n = step.set(urikit::Normalizer::new(), false);
    /// assert_eq!(n.normalize(urikit::UriRef::parse("HTTP://A/")?).as_str(), "HTTP://A/");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn set(&self, n: Normalizer, on: bool) -> Normalizer {
        (self.set)(n, on)
    }

    /// Whether `n` takes this step.
    ///
    /// ```
    /// let step = urikit::Normalizer::step("ipv6").unwrap();
    /// assert!(!step.is_on(&urikit::Normalizer::new()));
    /// ```
    pub fn is_on(&self, n: &Normalizer) -> bool {
        (self.get)(n)
    }
}

/// A URI reference compared, ordered by and hashed by its normal form under
/// the default [`Normalizer`], so that equivalent references are one key in
/// a map. Comparing and hashing references that are already normal
/// allocates nothing.
///
/// ```
/// use std::collections::HashSet;
/// use urikit::{Normalized, UriRef};
///
/// let mut seen = HashSet::new();
/// assert!(seen.insert(Normalized(UriRef::parse("http://a/b")?)));
/// assert!(!seen.insert(Normalized(UriRef::parse("HTTP://a:80/./b")?)));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Normalized<'a>(pub UriRef<'a>);

impl PartialEq for Normalized<'_> {
    fn eq(&self, other: &Self) -> bool {
        Normalizer::new().equivalent(self.0, other.0)
    }
}

impl Eq for Normalized<'_> {}

impl Hash for Normalized<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Normalizer::new().normal_text(self.0).as_str().hash(state);
    }
}
