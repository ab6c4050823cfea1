//! Normalization and equivalence: RFC 3986 section 6.2.2 (syntax-based) and
//! 6.2.3 (scheme-based).
//!
//! May use: `path`, `registry`, `parse`, `grammar`, `bytes`, `uri`,
//! `buf` (and what they use).

use alloc::string::String;
use core::fmt::Write as _;
use core::hash::{Hash, Hasher};

use crate::bytes::any_byte;
use crate::grammar::rfc3986::hex_val;
use crate::grammar::Table;
use crate::parse::rfc3986::host_type;
use crate::parse::HostType;
use crate::parse::{AuthMeta, Meta};
use crate::path::{
    has_dot_segment, keep_path_a_path, merge_dot_segments_with, remove_dot_segments_with,
    AboveRoot, Dot, SegmentStyle,
};
use crate::registry::{default_port, empty_path_is_root};
use crate::uri::UriRef;
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

    /// The normalized form of `u`.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(urikit::Normalizer::new().normalize(u).as_str(), "example://a/b/c/%7Bfoo%7D");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn normalize(&self, u: UriRef<'_>) -> UriRefBuf {
        // Most references are normal already, or only need the case of
        // their scheme and host lowered: then the text keeps its length and
        // every offset stays as it is.
        match self.verdict(u) {
            Verdict::Normal => return u.to_buf(),
            Verdict::CaseOnly { host } => {
                let mut out = String::from(u.as_str());
                let m = u.meta();
                out[..m.scheme_end].make_ascii_lowercase();
                if let Some(a) = m.auth.filter(|_| host) {
                    out[a.host_start..a.host_end].make_ascii_lowercase();
                }
                return UriRefBuf::from_parts(out, m, u.dialect());
            }
            Verdict::Rewrite => {}
        }
        let mut out = String::with_capacity(u.as_str().len() + 1);
        let meta = self.write_normal(u, &mut out);
        if u.dialect() == Dialect::Rfc3986 {
            return UriRefBuf::from_parts(out, meta, Dialect::Rfc3986);
        }
        self.normalize_older(u, out)
    }

    /// The normal form under an older dialect, from `out`, one pass of
    /// [`write_normal`](Self::write_normal) on `u`. Decoding can change how
    /// the older grammars read an authority (`h:%38`, one registry-based
    /// name under RFC 2396, becomes host `h` and port `8`), after which
    /// another step may apply: the passes go on until one changes nothing
    /// (at most three; the structure changes once). A result the dialect
    /// does not accept (no step should write one) gives the input back.
    fn normalize_older(&self, u: UriRef<'_>, mut out: String) -> UriRefBuf {
        let d = u.dialect();
        for _ in 0..3 {
            let Ok(next) = UriRefBuf::parse_with(out, d) else {
                return u.to_buf();
            };
            if self.verdict(next.as_uri_ref()) == Verdict::Normal {
                return next;
            }
            let mut again = String::with_capacity(next.as_str().len() + 1);
            self.write_normal(next.as_uri_ref(), &mut again);
            out = again;
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
    pub fn normalize_into(&self, u: UriRef<'_>, out: &mut String) {
        out.clear();
        if u.dialect() != Dialect::Rfc3986 {
            // The older dialects may need another pass (see `normalize`).
            out.push_str(self.normalize(u).as_str());
            return;
        }
        // Every step, always (unlike `normalize`, which checks first): the
        // two are compared by the property tests and the fuzz target.
        self.write_normal(u, out);
    }

    /// Writes the normal form of `u` onto `out` and returns where its
    /// components lie under RFC 3986 (for an older dialect, where decoding
    /// can turn a registry-based authority into a server, the caller reads
    /// the result again).
    fn write_normal(&self, u: UriRef<'_>, out: &mut String) -> Meta {
        let style = self.pct_style(false, u.dialect());
        let host_style = self.pct_style(self.lowercase, u.dialect());
        let scheme = u.scheme();
        if let Some(s) = scheme {
            if self.lowercase {
                let at = out.len();
                out.push_str(s);
                out[at..].make_ascii_lowercase();
            } else {
                out.push_str(s);
            }
            out.push(':');
        }
        let scheme_end = out.len().saturating_sub(1);
        let auth = u.authority();
        let mut auth_meta = None;
        if let Some(a) = auth {
            out.push_str("//");
            let start = out.len();
            if let Some(ui) = a.userinfo() {
                style.write(out, ui.as_str());
                out.push('@');
            }
            let host_start = out.len();
            let host = a.host();
            match host.host_type() {
                HostType::Ipv6 if self.ipv6_rfc5952 => {
                    if let Some(ip) = host.ipv6() {
                        let _ = write!(out, "[{ip}]");
                    }
                }
                _ => host_style.write(out, host.as_str()),
            }
            let host_end = out.len();
            if let Some(port) = a.port() {
                if !(self.default_port && is_default_port(scheme, port)) {
                    out.push(':');
                    out.push_str(port);
                }
            }
            auth_meta = Some(AuthMeta {
                start,
                host_start,
                host_end,
                // Decoding a reg-name can make it an IPv4 address; case and
                // the IPv6 text form change no host's type or address.
                // (Under RFC 3986 a decoded reg-name is still one; an older
                // dialect's result is read again by the caller.)
                host: match u.meta().auth {
                    Some(a) if !any_byte(host.as_str().as_bytes(), |c| c == b'%') => a.host,
                    _ => host_type(&out[host_start..host_end]).unwrap_or(HostType::RegName),
                },
                end: out.len(),
            });
        }
        let path = u.path().as_str();
        let p = out.len();
        if !self.dot_segments {
            style.write(out, path);
        } else if scheme.is_some() || auth.is_some() || path.starts_with('/') {
            // Section 6.2.2.3 by the algorithm of 5.2.4: these paths are put
            // through remove_dot_segments when resolved, whatever the base.
            // Without a '%' (no `%2E`) and a literal dot segment, it leaves
            // the path as it is.
            if !any_byte(path.as_bytes(), |c| c == b'%') && !has_dot_segment(path) {
                style.write(out, path);
            } else {
                remove_dot_segments_with(out, "", path, &style);
            }
        } else {
            // A relative path keeps the ".." that climb out of it: the base
            // it will be resolved against is not known yet.
            let _ = merge_dot_segments_with(out, "", path, AboveRoot::Keep, &style);
            let written = &out[p..];
            let first = written.split('/').next().unwrap_or("");
            if (written.is_empty() && !path.is_empty())
                || first.contains(':')
                || written.starts_with('/')
            {
                out.insert_str(p, "./");
            }
        }
        if auth.is_some()
            && out.len() == p
            && self.slash_empty_path
            && scheme.is_some_and(empty_path_is_root)
        {
            out.push('/');
        }
        keep_path_a_path(out, p, auth.is_some());
        let path_end = out.len();
        if let Some(q) = u.query() {
            out.push('?');
            style.write(out, q.as_str());
        }
        let query_end = out.len();
        if let Some(f) = u.fragment() {
            out.push('#');
            style.write(out, f.as_str());
        }
        Meta {
            scheme_end,
            auth: auth_meta,
            path_end,
            query_end,
        }
    }

    /// Whether `u` is already in this normalizer's normal form, found
    /// without allocating.
    ///
    /// ```
    /// let n = urikit::Normalizer::new();
    /// assert!(n.is_normalized(urikit::UriRef::parse("http://a/b?c")?));
    /// assert!(!n.is_normalized(urikit::UriRef::parse("http://a/b/../c")?));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn is_normalized(&self, u: UriRef<'_>) -> bool {
        if u.dialect() != Dialect::Rfc3986 {
            // An older grammar can refuse a step's result (removing the dot
            // of RFC 2396's opaque `a:%2E` leaves `a:`, which it does not
            // accept), and then the input is its own normal form.
            return self.normalize(u).as_str() == u.as_str();
        }
        self.verdict(u) == Verdict::Normal
    }

    /// What normalizing `u` would change, found without allocating.
    fn verdict(&self, u: UriRef<'_>) -> Verdict {
        let style = self.pct_style(false, u.dialect());
        let scheme = u.scheme();
        let upper = |s: &str| any_byte(s.as_bytes(), |c| c.is_ascii_uppercase());
        // Whether the scheme, or the host (then without `%`), has
        // upper-case letters to lower.
        let scheme_case = self.lowercase && scheme.is_some_and(upper);
        let mut host_case = false;
        // Without `%` anywhere, percent-normalization changes nothing, and
        // only the case of a host can change (one pass over the input).
        let pct = any_byte(u.as_str().as_bytes(), |c| c == b'%');
        let not_normal = |text: &str| pct && !style.is_normal(text);
        let auth = u.authority();
        if let Some(a) = auth {
            if a.userinfo().is_some_and(|ui| not_normal(ui.as_str())) {
                return Verdict::Rewrite;
            }
            let host = a.host();
            match host.host_type() {
                // The address is decoded only when its canonical form is
                // asked for.
                HostType::Ipv6 if self.ipv6_rfc5952 => {
                    let mut buf = FixedBuf::default();
                    let canonical = host.ipv6().is_some_and(|ip| {
                        write!(buf, "[{ip}]").is_ok() && buf.as_str() == host.as_str()
                    });
                    if !canonical {
                        return Verdict::Rewrite;
                    }
                }
                _ if !pct || !any_byte(host.as_str().as_bytes(), |c| c == b'%') => {
                    host_case = self.lowercase && upper(host.as_str());
                }
                _ if !self
                    .pct_style(self.lowercase, u.dialect())
                    .is_normal(host.as_str()) =>
                {
                    return Verdict::Rewrite;
                }
                _ => {}
            }
            if self.default_port && a.port().is_some_and(|p| is_default_port(scheme, p)) {
                return Verdict::Rewrite;
            }
        }
        let path = u.path().as_str();
        if not_normal(path)
            || u.query().is_some_and(|q| not_normal(q.as_str()))
            || u.fragment().is_some_and(|f| not_normal(f.as_str()))
        {
            return Verdict::Rewrite;
        }
        if auth.is_some()
            && path.is_empty()
            && self.slash_empty_path
            && scheme.is_some_and(empty_path_is_root)
        {
            return Verdict::Rewrite;
        }
        if self.dot_segments && !dot_structure_is_normal(path, scheme.is_some(), auth.is_some()) {
            return Verdict::Rewrite;
        }
        if scheme_case || host_case {
            Verdict::CaseOnly { host: host_case }
        } else {
            Verdict::Normal
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

    /// Percent-normalization by this normalizer's steps under `dialect`;
    /// `lower` for a host.
    fn pct_style(&self, lower: bool, dialect: Dialect) -> PctStyle {
        PctStyle {
            n: *self,
            lower,
            unreserved: crate::grammar::decodable(dialect),
        }
    }

    fn normal_text<'a>(&self, u: UriRef<'a>) -> NormalText<'a> {
        if self.is_normalized(u) {
            NormalText::Same(u.as_str())
        } else {
            let mut s = String::new();
            self.normalize_into(u, &mut s);
            NormalText::Owned(s)
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

/// Whether removing dot segments leaves `path` (already percent-normal) as
/// it is; the mirror of the path steps of `normalize_into`.
fn dot_structure_is_normal(path: &str, has_scheme: bool, has_authority: bool) -> bool {
    if has_scheme || has_authority || path.starts_with('/') {
        // remove_dot_segments changes a path exactly when it has a dot
        // segment; "/." before "//" is how a path without authority that
        // begins with "//" is written.
        let rest = match path.strip_prefix("/.") {
            Some(r) if !has_authority && r.starts_with("//") => r,
            _ => path,
        };
        return !has_dot_segment(rest);
    }
    // A relative path: leading ".." segments, then no dot segment at all;
    // "./" only where the path needs it.
    let (dot_prefix, rest) = match path.strip_prefix("./") {
        Some(r) => (true, r),
        None => (false, path),
    };
    let mut segs = rest.split('/').skip_while(|s| *s == "..");
    if segs.any(|s| s == "." || s == "..") {
        return false;
    }
    let needs_prefix = (rest.is_empty() && dot_prefix)
        || rest.split('/').next().is_some_and(|s| s.contains(':'))
        || rest.starts_with('/');
    dot_prefix == needs_prefix
}

/// What normalizing a reference changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    /// Nothing: it is normal.
    Normal,
    /// Only the case of letters in the scheme, and in the host when `host`
    /// (which then holds no `%`): every offset stays.
    CaseOnly { host: bool },
    /// Anything else: the normal form is written anew.
    Rewrite,
}

/// Percent-normalization of one component: upper-case hex, decoded
/// unreserved characters, and, for a host, lower case.
#[derive(Clone, Copy)]
struct PctStyle {
    n: Normalizer,
    lower: bool,
    /// What may be decoded: the unreserved characters of the reference's
    /// dialect.
    unreserved: &'static Table,
}

impl PctStyle {
    /// What the escape `%HH` at `b[i..i + 3]` becomes: the decoded
    /// unreserved byte, or `None` to keep it as an escape.
    fn decoded(&self, b: &[u8], i: usize) -> Option<u8> {
        let v = hex_val(b[i + 1])? << 4 | hex_val(b[i + 2])?;
        (self.n.decode_unreserved && self.unreserved.allows(v)).then_some(v)
    }

    fn is_normal(&self, text: &str) -> bool {
        let b = text.as_bytes();
        crate::work::add(b.len());
        let lower = self.lower;
        if !any_byte(b, |c| (c == b'%') | (lower & c.is_ascii_uppercase())) {
            // Only percent-encodings change, and the case of a host.
            return true;
        }
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' && i + 2 < b.len() {
                if self.decoded(b, i).is_some()
                    || self.n.uppercase_hex
                        && (b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase())
                {
                    return false;
                }
                i += 3;
            } else {
                if self.lower && c.is_ascii_uppercase() {
                    return false;
                }
                i += 1;
            }
        }
        true
    }
}

impl SegmentStyle for PctStyle {
    fn dot(&self, seg: &str) -> Dot {
        let b = seg.as_bytes();
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

    fn write(&self, out: &mut String, text: &str) {
        let b = text.as_bytes();
        crate::work::add(b.len());
        if !any_byte(b, |c| c == b'%') {
            // Only case can change: lower-cased in place, all at once.
            let at = out.len();
            out.push_str(text);
            if self.lower {
                out[at..].make_ascii_lowercase();
            }
            return;
        }
        let mut run = 0;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'%' && i + 2 < b.len() {
                out.push_str(&text[run..i]);
                match self.decoded(b, i) {
                    Some(v) => out.push(char::from(if self.lower {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    })),
                    None if self.n.uppercase_hex => {
                        out.push('%');
                        out.push(char::from(b[i + 1].to_ascii_uppercase()));
                        out.push(char::from(b[i + 2].to_ascii_uppercase()));
                    }
                    None => out.push_str(&text[i..i + 3]),
                }
                i += 3;
                run = i;
            } else if self.lower && c.is_ascii_uppercase() {
                out.push_str(&text[run..i]);
                out.push(char::from(c.to_ascii_lowercase()));
                i += 1;
                run = i;
            } else {
                i += 1;
            }
        }
        out.push_str(&text[run..]);
    }
}

/// A small stack buffer for formatting an IPv6 address (at most 47 bytes
/// with its brackets).
struct FixedBuf {
    buf: [u8; 48],
    len: usize,
}

impl Default for FixedBuf {
    fn default() -> FixedBuf {
        FixedBuf {
            buf: [0; 48],
            len: 0,
        }
    }
}

impl FixedBuf {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl core::fmt::Write for FixedBuf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(core::fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
