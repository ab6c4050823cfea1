//! Normalization and equivalence: RFC 3986 section 6.2.2 (syntax-based) and
//! 6.2.3 (scheme-based).
//!
//! One writer, [`Normalizer::write_normal`], makes the normal form: into
//! the caller's `String`, or into a [`Lazy`] copy of the input that stays
//! borrowed until the first byte that differs, which tells `normalize`
//! that the input is normal already and `is_normalized` its answer without
//! allocating.
//!
//! May use: `path`, `registry`, `parse`, `grammar`, `bytes`, `out`, `uri`,
//! `buf` (and what they use).

use alloc::string::String;
use core::hash::{Hash, Hasher};
use core::ops::Range;

use crate::arch::{RefMarks, TextMarks};
use crate::bytes::any_byte;
use crate::grammar::rfc3986::hex_val;
use crate::grammar::Table;
use crate::out::{Lazy, Lower, Out, Text};
use crate::parse::rfc3986::host_type;
use crate::parse::HostType;
use crate::parse::{AuthMeta, Meta};
use crate::path::{
    has_dot_segment, merge_dot_segments_with, remove_dot_segments_with, AboveRoot, Dot,
    SegmentStyle,
};
use crate::registry::{default_port, empty_path_is_root};
use crate::uri::{by_scalars, call_by_scalars, UriRef};
use crate::{Dialect, UriRefBuf};

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

    /// The reference with the Unicode steps (`nfc`, then `idna_hosts`)
    /// applied, when they change it; the other steps then apply to it.
    #[cold]
    #[inline(never)]
    fn unicode_steps(&self, u: UriRef<'_>) -> Option<UriRefBuf> {
        #[cfg_attr(not(any(feature = "nfc", feature = "idna")), allow(unused_variables))]
        let parser = crate::Parser::new(u.dialect()).zone_ids(u.meta().zoned(u.as_str()));
        // The text after each step that changed it, read once.
        #[allow(unused_mut)]
        let mut changed: Option<UriRefBuf> = None;
        #[cfg(feature = "nfc")]
        if self.nfc && !u.as_str().is_ascii() {
            use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
            if is_nfc_quick(u.as_str().chars()) != IsNormalized::Yes {
                crate::work::add(u.as_str().len());
                let composed: String = u.as_str().nfc().collect();
                if composed != u.as_str() {
                    changed = UriRefBuf::parse_by(&parser, composed).ok();
                }
            }
        }
        #[cfg(feature = "idna")]
        if self.idna_hosts {
            let v = changed.as_ref().map_or(u, UriRefBuf::as_uri_ref);
            let mapped = match (v.host(), v.meta().auth) {
                (Some(h), Some(a)) if v.scheme().is_some_and(crate::registry::uses_dns) => {
                    let m = if v.dialect() == Dialect::Rfc3987 {
                        h.to_unicode()
                    } else {
                        h.to_ascii()
                    };
                    m.ok()
                        .filter(|m| m != h.as_str())
                        .map(|m| crate::host::splice(v.as_str(), a.host_start, a.host_end, &m))
                }
                _ => None,
            };
            if let Some(b) = mapped.and_then(|text| UriRefBuf::parse_by(&parser, text).ok()) {
                changed = Some(b);
            }
        }
        changed
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

    /// [`normalize`](Self::normalize) with a Unicode step on: the steps
    /// beyond ASCII, then the others.
    #[cold]
    #[inline(never)]
    fn normalize_unicode(&self, u: UriRef<'_>) -> UriRefBuf {
        let plain = self.ascii_steps();
        match self.unicode_steps(u) {
            Some(pre) => plain.normalize_ascii(pre.as_uri_ref()),
            None => plain.normalize_ascii(u),
        }
    }

    /// [`normalize`](Self::normalize) without the Unicode steps.
    #[inline(always)]
    fn normalize_ascii(&self, u: UriRef<'_>) -> UriRefBuf {
        // Most references are normal already: copied once.
        let plan = self.plan(u);
        let (out, meta) = match plan.head {
            Head::Same if plan.rest == Rest::Same => return u.to_buf(),
            Head::Lower if plan.rest == Rest::Same => {
                // Only letters change: a copy lowered in place.
                let mut out = Text::with_capacity(u.as_str().len());
                push_lowered(u, &mut out);
                (out, u.meta())
            }
            Head::Same | Head::Lower if plan.rest == Rest::Slash => {
                // One byte more (`http://example.com` gains its `/`): a
                // copy, in place when it fits, with no text to compare.
                let mut out = Text::with_capacity(u.as_str().len() + 1);
                let meta = self.write_planned(u, plan, &mut out);
                (out, meta)
            }
            _ => {
                // Otherwise the output stays the input, borrowed, up to
                // the first byte that differs.
                let mut out = Lazy::new(u.as_str());
                let meta = self.write_planned(u, plan, &mut out);
                match out.into_owned() {
                    Some(out) => (Text::from(out), meta),
                    None => return u.to_buf(),
                }
            }
        };
        if u.dialect().is_rfc3986_family() {
            return UriRefBuf::from_parts(out, meta, u.dialect());
        }
        self.normalize_older(u, out.into_string())
    }

    /// The normal form under an older dialect, from `out`, one pass of
    /// [`write_normal`](Self::write_normal) on `u` that changed it.
    /// Decoding can change how the older grammars read an authority
    /// (`h:%38`, one registry-based name under RFC 2396, becomes host `h`
    /// and port `8`), after which another step may apply: the passes go on
    /// until one changes nothing (at most three; the structure changes
    /// once). A result the dialect does not accept (no step should write
    /// one) gives the input back.
    fn normalize_older(&self, u: UriRef<'_>, mut out: String) -> UriRefBuf {
        let d = u.dialect();
        for _ in 0..3 {
            let Ok(next) = UriRefBuf::parse_with(out, d) else {
                return u.to_buf();
            };
            let mut again = Lazy::new(next.as_str());
            self.write_normal(next.as_uri_ref(), &mut again);
            match again.into_owned() {
                None => return next,
                Some(s) => out = s,
            }
        }
        UriRefBuf::parse_with(out, d).unwrap_or_else(|_| u.to_buf())
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

    /// The body of [`normalize_into`](Self::normalize_into).
    #[inline(always)]
    fn normalize_into_body(&self, u: UriRef<'_>, out: &mut String) {
        out.clear();
        if !u.dialect().is_rfc3986_family() || self.unicode() {
            // The older dialects may need another pass (see `normalize`).
            out.push_str(self.normalize(u).as_str());
            return;
        }
        let plan = self.plan(u);
        match (plan.head, plan.rest) {
            // Normal already (most references): one copy.
            (Head::Same, Rest::Same) => out.push_str(u.as_str()),
            (Head::Lower, Rest::Same) => push_lowered(u, out),
            _ => {
                self.write_planned(u, plan, out);
            }
        }
    }

    /// Which parts of `u` the normal form keeps as they are: the
    /// writer's two shortcuts, read by [`normalize`](Self::normalize) too
    /// (a reference that keeps both is its own normal form, copied).
    #[inline(always)]
    fn plan(&self, u: UriRef<'_>) -> Plan {
        // A reference of up to 127 bytes (most) is classified in one pass,
        // and each question below is a test of its masks; a longer one is
        // searched component by component.
        self.plan_with(u, crate::arch::text_marks(u.as_str().as_bytes()))
    }

    /// [`plan`](Self::plan), with the masks of `u`'s text if there are.
    #[inline(always)]
    fn plan_with(&self, u: UriRef<'_>, marks: Option<RefMarks>) -> Plan {
        let (src, m) = (u.as_str(), u.meta());
        let b = src.as_bytes();
        let upper_in = |r: Range<usize>| {
            self.lowercase && any_in(marks, |t| t.upper, b, r, |c| c.is_ascii_uppercase())
        };
        let pct_in = |r: Range<usize>| any_in(marks, |t| t.pct, b, r, |c| c == b'%');
        // Without a `%` anywhere (most references), no component need be
        // searched for one.
        let pct = pct_in(0..b.len());
        // The scheme and authority come out as they are when there is
        // nothing to lower, no `%`, no default port to drop and no IPv6
        // text to rewrite; with only letters to lower, they keep their
        // length and offsets.
        let head = match m.auth {
            None if upper_in(0..m.scheme_end) => Head::Lower,
            None => Head::Same,
            Some(am) => {
                let drop_port = am.host_end < am.end
                    && self.default_port
                    && is_default_port(u.scheme(), &src[am.host_end + 1..am.end]);
                let rewrite_ipv6 = am.host == HostType::Ipv6 && self.ipv6_rfc5952;
                if drop_port || rewrite_ipv6 || pct && pct_in(0..am.end) {
                    Head::Write
                } else if upper_in(0..m.scheme_end) || upper_in(am.host_start..am.host_end) {
                    // (Letters of the userinfo keep their case.)
                    Head::Lower
                } else {
                    Head::Same
                }
            }
        };
        // The path, query and fragment come out as they are without a `%`,
        // without dot segments to remove (a relative path keeps its `..`,
        // see `write_normal`, so it is always written), and unless an
        // empty path becomes `/` (6.2.3). A dot segment begins at the
        // path's start or after a `/` with a `.` next: without either (the
        // masks show it), there is none.
        let path = u.path().as_str();
        let (ps, pe) = (m.path_start(), m.path_end);
        let maybe_dots = |path: &str| match marks {
            Some(t) => {
                (t.any(|t| t.dot, ps..(ps + 1).min(pe))
                    | t.any(|t| (t.slash << 1) & t.dot, ps + 1..pe))
                    && has_dot_segment(path)
            }
            None => has_dot_segment(path),
        };
        let rooted = m.scheme_end > 0 || m.auth.is_some() || path.starts_with('/');
        let rest = if pct {
            Rest::Write
        } else if path.is_empty() && self.slash_root(u) {
            // (An empty path has no dot segment.)
            Rest::Slash
        } else if !self.dot_segments || rooted && !maybe_dots(path) {
            Rest::Same
        } else {
            Rest::Write
        };
        Plan { pct, head, rest }
    }

    /// Whether `u`'s empty path is written `/` (6.2.3).
    fn slash_root(&self, u: UriRef<'_>) -> bool {
        u.meta().auth.is_some()
            && self.slash_empty_path
            && u.scheme().is_some_and(empty_path_is_root)
    }

    /// Writes the normal form of `u` onto `out` and returns where its
    /// components lie under RFC 3986 (for an older dialect, where decoding
    /// can turn a registry-based authority into a server, the caller reads
    /// the result again).
    #[inline(always)]
    fn write_normal(&self, u: UriRef<'_>, out: &mut impl Out) -> Meta {
        self.write_planned(u, self.plan(u), out)
    }

    /// [`write_normal`](Self::write_normal) with its [`Plan`].
    #[inline(always)]
    fn write_planned(&self, u: UriRef<'_>, plan: Plan, out: &mut impl Out) -> Meta {
        let pct = plan.pct;
        let (src, m) = (u.as_str(), u.meta());
        let base = out.len();
        let auth_meta = match plan.head {
            Head::Same => {
                // One write, with the offsets it had.
                out.push_str(&src[..m.path_start()]);
                m.auth.map(|am| am.moved(0, base))
            }
            Head::Lower => write_lowered(u, out),
            Head::Write => self.write_authority(u, out, pct),
        };
        let (scheme_end, auth) = (m.scheme_end, m.auth);
        let path = u.path().as_str();
        let p = out.len();
        let rooted = scheme_end > 0 || auth.is_some() || path.starts_with('/');
        if plan.rest != Rest::Write {
            // The rest in one write, after the `/` of an empty path.
            let slash = plan.rest == Rest::Slash;
            if slash {
                out.push(b'/');
            }
            out.push_str(&src[m.path_start()..]);
            let path_end = p + usize::from(slash) + path.len();
            return Meta {
                scheme_end,
                auth: auth_meta,
                path_end,
                query_end: path_end + (m.query_end - m.path_end),
            };
        }
        let style = self.pct_style(false, u.dialect(), pct);
        if !self.dot_segments {
            style.write(out, path);
        } else if rooted {
            // Section 6.2.2.3 by the algorithm of 5.2.4: these paths are put
            // through remove_dot_segments when resolved, whatever the base.
            if auth.is_some() {
                remove_dots(out, &style, "", path);
            } else {
                // Without an authority, a path that begins with `//` would
                // read back as one: `/.` in front keeps it a path (the
                // rule B step removes it again when resolved).
                let remove =
                    |out: &mut _, dir: &str, path: &str| remove_dots(out, &style, dir, path);
                with_prefix(out, path, "/./", remove, |w| w.starts_with(b"//"));
            }
        } else {
            // A relative path keeps the ".." that climb out of it: the base
            // it will be resolved against is not known yet. It needs `./`
            // in front where it would otherwise read differently: empty
            // (from a path that was not), with a colon in its first segment,
            // or beginning with `/`.
            let merge = |out: &mut _, dir: &str, path: &str| {
                let _ = merge_dot_segments_with(out, dir, path, AboveRoot::Keep, &style);
            };
            with_prefix(out, path, "./", merge, |w| {
                (w.is_empty() && !path.is_empty())
                    || w.split(|&c| c == b'/')
                        .next()
                        .is_some_and(|s| s.contains(&b':'))
                    || w.starts_with(b"/")
            });
        }
        if out.len() == p && self.slash_root(u) {
            out.push(b'/');
        }
        let path_end = out.len();
        if let Some(q) = u.query() {
            out.push(b'?');
            style.write(out, q.as_str());
        }
        let query_end = out.len();
        if let Some(f) = u.fragment() {
            out.push(b'#');
            style.write(out, f.as_str());
        }
        Meta {
            scheme_end,
            auth: auth_meta,
            path_end,
            query_end,
        }
    }

    /// The scheme and authority of `u` in normal form (the part of
    /// [`write_normal`](Self::write_normal) for those that change), with
    /// where the authority lies in `out`.
    #[inline(always)]
    fn write_authority(&self, u: UriRef<'_>, out: &mut impl Out, pct: bool) -> Option<AuthMeta> {
        let style = self.pct_style(false, u.dialect(), pct);
        let host_style = self.pct_style(self.lowercase, u.dialect(), pct);
        let (src, m) = (u.as_str(), u.meta());
        // The scheme, its `:` and the `//` of an authority, in one write
        // (only letters change, and only the scheme has any).
        let head = &src[..m.auth.map_or(m.path_start(), |_| m.auth_start())];
        if self.lowercase {
            out.push_lower(head);
        } else {
            out.push_str(head);
        }
        let am = m.auth?;
        if am.host_start > m.auth_start() {
            // The userinfo with its `@`.
            style.write(out, &src[m.auth_start()..am.host_start]);
        }
        let host_start = out.len();
        let host = &src[am.host_start..am.host_end];
        if am.host == HostType::Ipv6 {
            self.write_ipv6(u, host, out, host_style, style);
        } else {
            host_style.write(out, host);
        }
        let host_end = out.len();
        if am.host_end < am.end
            && !(self.default_port && is_default_port(u.scheme(), &src[am.host_end + 1..am.end]))
        {
            // The port with its `:`.
            out.push_str(&src[am.host_end..am.end]);
        }
        Some(AuthMeta {
            host_start,
            host_end,
            // Decoding a reg-name can make it an IPv4 address; case and
            // the IPv6 text form change no host's type or address.
            // (Under RFC 3986 a decoded reg-name is still one; an older
            // dialect's result is read again by the caller.)
            host: match am.host {
                h if h != HostType::RegName
                    || !pct
                    || !any_byte(host.as_bytes(), |c| c == b'%') =>
                {
                    h
                }
                _ => out
                    .tail(host_start)
                    .get(..host_end - host_start)
                    .and_then(|h| core::str::from_utf8(h).ok())
                    .and_then(|h| host_type(h).ok())
                    .unwrap_or(HostType::RegName),
            },
            end: out.len(),
        })
    }

    /// Whether `u` is already in this normalizer's normal form, found
    /// without allocating (but where a step beyond ASCII, `nfc` or
    /// `idna_hosts`, changes it). True exactly where [`normalize`](Self::normalize)
    /// gives `u` back.
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert!(n.is_normalized(urikit::UriRef::parse("http://a/b?c")?));
    /// assert!(!n.is_normalized(urikit::UriRef::parse("http://a/b/../c")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn is_normalized(&self, u: UriRef<'_>) -> bool {
        if self.unicode() {
            // A step beyond ASCII that changes the text (composing NFC,
            // mapping a host by UTS #46), then the others.
            return self.unicode_steps(u).is_none() && self.ascii_steps().is_normalized(u);
        }
        if !u.dialect().is_rfc3986_family() {
            // An older grammar can refuse a step's result (removing the dot
            // of RFC 2396's opaque `a:%2E` leaves `a:`, which it does not
            // accept), and then the input is its own normal form.
            return self.normalize(u).as_str() == u.as_str();
        }
        let plan = self.plan(u);
        match plan.head {
            Head::Same if plan.rest == Rest::Same => return true,
            // A letter of the scheme or host is lowered.
            Head::Lower => return false,
            // An empty path gains its `/`.
            _ if plan.rest == Rest::Slash => return false,
            _ => {}
        }
        let mut out = Lazy::check(u.as_str());
        self.write_planned(u, plan, &mut out);
        out.is_src()
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

    /// Writes the IPv6 literal `host` of `u`: in the text form of RFC 5952
    /// when asked, else with the case and triplets of `host_style`. A zone
    /// identifier (RFC 6874, read on request) is not part of the address:
    /// its case is kept, and only its triplets are normalized (section
    /// 6.2.2.2).
    #[cold]
    fn write_ipv6(
        &self,
        u: UriRef<'_>,
        host: &str,
        out: &mut impl Out,
        host_style: PctStyle,
        style: PctStyle,
    ) {
        // `]`, or the `%` of the zone through the `]`.
        let (addr, rest) = host.split_at(host.find('%').unwrap_or(host.len() - 1));
        match self
            .ipv6_rfc5952
            .then(|| u.host().and_then(|h| h.ipv6()))
            .flatten()
        {
            Some(ip) => {
                let _ = write!(out, "[{ip}");
            }
            None => host_style.write(out, addr),
        }
        style.write(out, rest);
    }

    /// Percent-normalization by this normalizer's steps under `dialect`;
    /// `lower` for a host.
    fn pct_style(&self, lower: bool, dialect: Dialect, pct: bool) -> PctStyle {
        PctStyle {
            decode: if self.decode_unreserved {
                Some(crate::grammar::decodable(dialect))
            } else {
                None
            },
            uppercase_hex: self.uppercase_hex,
            lower,
            pct,
        }
    }

    fn normal_text<'a>(&self, u: UriRef<'a>) -> NormalText<'a> {
        if !u.dialect().is_rfc3986_family() || self.unicode() {
            let n = self.normalize(u);
            return if n.as_str() == u.as_str() {
                NormalText::Same(u.as_str())
            } else {
                NormalText::Owned(n.into_string())
            };
        }
        let mut out = Lazy::new(u.as_str());
        self.write_normal(u, &mut out);
        match out.into_owned() {
            None => NormalText::Same(u.as_str()),
            Some(s) => NormalText::Owned(s),
        }
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

enum NormalText<'a> {
    Same(&'a str),
    Owned(String),
}

impl NormalText<'_> {
    fn as_str(&self) -> &str {
        match self {
            NormalText::Same(s) => s,
            NormalText::Owned(s) => s,
        }
    }
}

/// Whether a byte of `b[r]` is one the mask that `pick` takes of `marks`
/// marks, or (without marks, for a longer reference) one `is` holds for.
#[inline(always)]
fn any_in(
    marks: Option<RefMarks>,
    pick: impl Fn(&TextMarks) -> u64,
    b: &[u8],
    r: Range<usize>,
    is: impl Fn(u8) -> bool,
) -> bool {
    match marks {
        Some(m) => m.any(pick, r),
        None => any_byte(&b[r], is),
    }
}

/// What [`Head::Lower`] lowers in `u`'s text: the scheme, and the host
/// (empty without an authority). Lowering keeps every offset.
fn lowered(m: Meta) -> [Range<usize>; 2] {
    let end = m.path_start();
    let host = m.auth.map_or(end..end, |am| am.host_start..am.host_end);
    [0..m.scheme_end, host]
}

/// The scheme and authority of `u` by [`Head::Lower`], onto `out`: where
/// the authority lies in `out`, at the offsets it had.
#[inline(always)]
fn write_lowered(u: UriRef<'_>, out: &mut impl Out) -> Option<AuthMeta> {
    let (src, m) = (u.as_str(), u.meta());
    let base = out.len();
    let [scheme, host] = lowered(m);
    out.push_lower(&src[scheme.clone()]);
    out.push_str(&src[scheme.end..host.start]);
    out.push_lower(&src[host.clone()]);
    out.push_str(&src[host.end..m.path_start()]);
    m.auth.map(|am| am.moved(0, base))
}

/// `u` with [`Head::Lower`] applied and the rest as it is, onto `out`.
#[inline(never)]
fn push_lowered(u: UriRef<'_>, out: &mut impl Lower) {
    let (src, at) = (u.as_str(), out.len());
    // One copy, then the scheme and host lowered where they lie: a copy
    // per run was a call of `memcpy` for each, of a few bytes.
    out.push_str(src);
    let [scheme, host] = lowered(u.meta());
    if scheme.end + 3 >= host.start {
        // No userinfo: only `://` (no letter) lies between the two.
        out.lower(at + scheme.start..at + host.end);
    } else {
        for r in [scheme, host] {
            out.lower(at + r.start..at + r.end);
        }
    }
}

/// Writes `path` (after `dir`) with its dot segments removed. Without a
/// directory in front, a dot segment written as such or an escape that
/// decodes to `.` (a segment like `%2E` is one once decoded, 6.2.2.2),
/// the path is written as it is, escapes and case aside, in one piece:
/// every escape of a parsed reference is whole (`%HH`), so writing it
/// whole or by segments is the same.
#[inline(always)]
fn remove_dots(out: &mut impl Out, style: &PctStyle, dir: &str, path: &str) {
    if dir.is_empty() && !has_dot_segment(path) && !style.decodes_a_dot(path.as_bytes()) {
        style.write(out, path);
    } else {
        remove_dot_segments_with(out, dir, path, style);
    }
}

/// Writes `path` by `write(out, dir, rest)` (the path `dir` then `rest`,
/// `dir` empty or ending with `/`), with the first two bytes of `lead`
/// (`./` or `/.`) in front when `needed` says the written path needs them.
/// Where `path` begins with all of `lead`, the prefix is written first,
/// then the path, and the prefix is taken back if not needed: an input
/// already normal is repeated in order, byte for byte, and a [`Lazy`]
/// output stays borrowed.
fn with_prefix<O: Out>(
    out: &mut O,
    path: &str,
    lead: &str,
    write: impl FnOnce(&mut O, &str, &str),
    needed: impl FnOnce(&[u8]) -> bool,
) {
    let p = out.len();
    if let Some(rest) = path.strip_prefix(lead) {
        out.push_str(&path[..2]);
        write(out, lead, rest);
        if !needed(out.tail(p + 2)) {
            out.remove(p, p + 2);
        }
    } else {
        write(out, "", path);
        if needed(out.tail(p)) {
            out.insert_str(p, &lead[..2]);
        }
    }
}

/// Whether `port` is empty or the default of `scheme` (leading zeros
/// allowed: `080` is port 80).
fn is_default_port(scheme: Option<&str>, port: &str) -> bool {
    if port.is_empty() {
        return true;
    }
    let digits = port.trim_start_matches('0');
    match scheme.and_then(default_port) {
        Some(d) => digits.len() <= 5 && digits.parse::<u32>() == Ok(u32::from(d)),
        None => false,
    }
}

/// What [`Normalizer::plan`] found: whether the reference has a `%`, and
/// how its scheme and authority (`head`) and the rest (`rest`) come out
/// of normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    pct: bool,
    head: Head,
    rest: Rest,
}

/// How the path, query and fragment come out of normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rest {
    /// As they are.
    Same,
    /// As they are after a `/` for the empty path (`http://example.com?q`,
    /// section 6.2.3).
    Slash,
    /// Written piece by piece (a `%`, a dot segment, a relative path).
    Write,
}

/// How the scheme and authority come out of normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Head {
    /// As they are.
    Same,
    /// With the letters of the scheme and host in lower case, and nothing
    /// else changed (so every offset stays).
    Lower,
    /// Written piece by piece (a `%`, a default port, IPv6 text).
    Write,
}

/// Percent-normalization of one component: upper-case hex, decoded
/// unreserved characters, and, for a host, lower case.
#[derive(Clone, Copy)]
struct PctStyle {
    /// What may be decoded, if anything: the unreserved characters of the
    /// reference's dialect.
    decode: Option<&'static Table>,
    uppercase_hex: bool,
    lower: bool,
    /// Whether the reference has a `%` at all.
    pct: bool,
}

impl PctStyle {
    /// Whether an escape of `b` decodes to `.` in this style.
    fn decodes_a_dot(&self, b: &[u8]) -> bool {
        if !self.pct || !self.decode.is_some_and(|t| t.allows(b'.')) {
            return false;
        }
        let mut i = 0;
        while let Some(k) = crate::bytes::first_byte(&b[i..], b'%') {
            let j = i + k;
            if j + 2 < b.len() && self.decoded(b, j) == Some(b'.') {
                return true;
            }
            i = j + 1;
        }
        false
    }

    /// What the escape `%HH` at `b[i..i + 3]` becomes: the decoded
    /// unreserved byte, or `None` to keep it as an escape.
    fn decoded(&self, b: &[u8], i: usize) -> Option<u8> {
        let v = hex_val(b[i + 1])? << 4 | hex_val(b[i + 2])?;
        self.decode.filter(|t| t.allows(v)).map(|_| v)
    }
}

impl SegmentStyle for PctStyle {
    fn dot(&self, seg: &[u8]) -> Dot {
        let b = seg;
        let mut dots = 0;
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'.' {
                i += 1;
            } else if b[i] == b'%' && i + 2 < b.len() && self.decoded(b, i) == Some(b'.') {
                i += 3;
            } else {
                return Dot::No;
            }
            dots += 1;
            if dots > 2 {
                return Dot::No;
            }
        }
        match dots {
            1 => Dot::One,
            2 => Dot::Two,
            _ => Dot::No,
        }
    }

    #[inline(always)]
    fn write(&self, out: &mut impl Out, text: &str) {
        crate::work::add(text.len());
        if !self.pct || !any_byte(text.as_bytes(), |c| c == b'%') {
            // Only case can change, all at once.
            if self.lower {
                out.push_lower(text);
            } else {
                out.push_str(text);
            }
        } else {
            self.write_escapes(out, text);
        }
    }
}

impl PctStyle {
    /// [`write`](SegmentStyle::write) for a `text` with a `%`.
    #[inline(never)]
    fn write_escapes(&self, out: &mut impl Out, text: &str) {
        let b = text.as_bytes();
        // Where nothing but escapes changes, from one `%` to the next (a
        // path or query runs long between them).
        let next = |i: usize| crate::bytes::first_byte(&b[i..], b'%').map_or(b.len(), |k| i + k);
        let mut run = 0;
        let mut i = if self.lower { 0 } else { next(0) };
        while i < b.len() {
            let c = b[i];
            if c == b'%' && i + 2 < b.len() {
                out.push_str(&text[run..i]);
                self.write_escape(out, text, i);
                i += 3;
                run = i;
                if !self.lower {
                    i = next(i);
                }
            } else if self.lower && c.is_ascii_uppercase() {
                out.push_str(&text[run..i]);
                out.push(c.to_ascii_lowercase());
                i += 1;
                run = i;
            } else {
                i += 1;
            }
        }
        out.push_str(&text[run..]);
    }

    /// Writes what the escape `%HH` at `text[i..i + 3]` becomes (6.2.2.1,
    /// 6.2.2.2).
    #[inline(always)]
    fn write_escape(&self, out: &mut impl Out, text: &str, i: usize) {
        let b = text.as_bytes();
        match self.decoded(b, i) {
            Some(v) => out.push(if self.lower {
                v.to_ascii_lowercase()
            } else {
                v
            }),
            None if self.uppercase_hex => {
                out.push(b'%');
                out.push(b[i + 1].to_ascii_uppercase());
                out.push(b[i + 2].to_ascii_uppercase());
            }
            None => out.push_str(&text[i..i + 3]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// References of up to about 200 bytes made of what the plan looks
    /// at: capitals, `%`, dots and slashes in every component.
    fn reference() -> impl Strategy<Value = String> {
        let part = prop::sample::select(
            &[
                "a",
                "A",
                "%41",
                "%7e",
                ".",
                "..",
                "/",
                "/.",
                "/..",
                "./",
                "x.y",
                "@",
                ":80",
                ":8",
                "?",
                "#",
                "Q",
                "[::1]",
                "[::A]",
                "//",
                "HTTP:",
                "http:",
                "h:",
                // Long runs, so that references pass 64 and 127 bytes (where
                // the marks take two blocks, and where there are none).
                "abcdefghijklmnop",
                "/ABCDEFGHIJKLMN",
                "%41%42%43%2E%2e",
            ][..],
        );
        prop::collection::vec(part, 0..20).prop_map(|v| v.concat())
    }

    /// References with an authority and an empty path (which 6.2.3 may
    /// write `/`), the rest made of what the plan looks at.
    fn empty_path() -> impl Strategy<Value = String> {
        let scheme = prop::sample::select(&["http:", "HTTP:", "https:", "ws:", "foo:"][..]);
        let part = prop::sample::select(&["a", "A", "%41", "%7e", ".", "/", "?", ":", "@"][..]);
        let host = prop::sample::select(&["a", "A.b", "[::1]", "u@h", "%41", "h:80", "h:", ""][..]);
        let tail = |mark: &'static str| {
            prop::option::of(prop::collection::vec(part.clone(), 0..4))
                .prop_map(move |p| p.map_or(String::new(), |p| [mark, &p.concat()].concat()))
        };
        (scheme, host, tail("?"), tail("#")).prop_map(|(s, h, q, f)| [s, "//", h, &q, &f].concat())
    }

    proptest! {
        /// The plan from the masks is the plan from searching each
        /// component, under every setting that the plan reads.
        #[test]
        fn masks_plan_as_the_searches_do(s in reference(), lower in any::<bool>(), dots in any::<bool>()) {
            let Ok(u) = UriRef::parse(&s) else { return Ok(()) };
            let n = Normalizer { lowercase: lower, dot_segments: dots, ..Normalizer::new() };
            let marks = crate::arch::text_marks(s.as_bytes());
            prop_assert_eq!(n.plan_with(u, marks), n.plan_with(u, None), "{}", s);
        }

        /// The shortcut for an empty path that gains its `/` writes what
        /// the component-by-component writer does, offsets included.
        #[test]
        fn the_slash_shortcut_writes_as_the_writer_does(s in empty_path(), lower in any::<bool>()) {
            let Ok(u) = UriRef::parse(&s) else { return Ok(()) };
            let n = Normalizer { lowercase: lower, ..Normalizer::new() };
            let plan = n.plan(u);
            if plan.rest != Rest::Slash {
                return Ok(());
            }
            let mut long = String::new();
            let meta = n.write_planned(u, Plan { rest: Rest::Write, ..plan }, &mut long);
            let short = n.normalize(u);
            prop_assert_eq!(short.as_str(), long.as_str());
            prop_assert_eq!(short.as_uri_ref().meta(), meta);
        }
    }

    proptest! {
        /// Section 6.2.2.1: the scheme and host are lowered and nothing
        /// else is (a userinfo keeps its case), byte for byte, whether the
        /// two lie together or a userinfo parts them.
        #[test]
        fn lowering_touches_the_scheme_and_host_alone(s in reference()) {
            let Ok(u) = UriRef::parse(&s) else { return Ok(()) };
            let offset = |part: &str| part.as_ptr() as usize - s.as_ptr() as usize;
            let mut want = s.clone().into_bytes();
            if let Some(scheme) = u.scheme() {
                want[..scheme.len()].make_ascii_lowercase();
            }
            if let Some(h) = u.host() {
                let at = offset(h.as_str());
                want[at..at + h.as_str().len()].make_ascii_lowercase();
            }
            // In place and on the heap (the two outputs that lower).
            let mut text = Text::with_capacity(s.len());
            push_lowered(u, &mut text);
            prop_assert_eq!(text.as_str().as_bytes(), &want[..], "{}", s);
            let mut string = String::from("x");
            push_lowered(u, &mut string);
            prop_assert_eq!(&string.as_bytes()[1..], &want[..], "{}", s);
        }
    }

    /// RFC 3986 section 6.2.3: an empty path with an authority is `/`
    /// for http; the query and fragment after it keep their places.
    #[test]
    fn an_empty_path_gains_its_slash_before_the_query() {
        let n = Normalizer::new();
        for (s, want) in [
            ("http://Example.COM?q=1#top", "http://example.com/?q=1#top"),
            ("http://example.com#f", "http://example.com/#f"),
            ("HTTPS://example.com", "https://example.com/"),
            ("http://example.com:80", "http://example.com/"),
            ("http://example.com?%7e", "http://example.com/?~"),
        ] {
            let u = UriRef::parse(s).unwrap();
            let out = n.normalize(u);
            assert_eq!(out.as_str(), want, "{s}");
            let v = out.as_uri_ref();
            assert_eq!(v.path().as_str(), "/", "{s}");
            assert_eq!(v.host().map(|h| h.as_str()), Some("example.com"), "{s}");
            assert_eq!(
                v.query().map(|q| q.as_str()),
                UriRef::parse(want).unwrap().query().map(|q| q.as_str())
            );
            assert_eq!(
                v.fragment().map(|f| f.as_str()),
                UriRef::parse(want).unwrap().fragment().map(|f| f.as_str())
            );
            assert!(!n.is_normalized(u), "{s}");
            assert!(n.is_normalized(v), "{want}");
        }
        // Not for a scheme whose empty path is no root (6.2.3 speaks of
        // http), nor with the step turned off.
        let u = UriRef::parse("foo://example.com?q").unwrap();
        assert_eq!(n.normalize(u).as_str(), "foo://example.com?q");
        let off = Normalizer::new().slash_empty_path(false);
        let u = UriRef::parse("http://example.com?q").unwrap();
        assert_eq!(off.normalize(u).as_str(), "http://example.com?q");
        assert!(off.is_normalized(u));
    }
}
