//! The writer of the normal form (RFC 3986 sections 6.2.2 and 6.2.3): a
//! plan read from the reference's marks (what needs doing, if anything),
//! then one pass that writes the scheme and authority, the path with its
//! dot-segments removed, the query and the fragment, each component's
//! percent-encodings normalized. Into the caller's `String`, or into a
//! [`Lazy`] copy that stays borrowed while the input is normal already.
//!
//! May use: `path`, `registry`, `parse`, `grammar`, `arch`, `bytes`, `out`,
//! `uri`, `buf`, and the normalizer.

use alloc::string::String;
use core::ops::Range;

use super::Normalizer;
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
use crate::uri::UriRef;
use crate::{Dialect, UriRefBuf};

impl Normalizer {
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

    /// [`normalize`](Self::normalize) without the Unicode steps.
    #[inline(always)]
    pub(super) fn normalize_ascii(&self, u: UriRef<'_>) -> UriRefBuf {
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
    pub(super) fn normalize_older(&self, u: UriRef<'_>, mut out: String) -> UriRefBuf {
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

    /// The body of [`normalize_into`](Self::normalize_into).
    #[inline(always)]
    pub(super) fn normalize_into_body(&self, u: UriRef<'_>, out: &mut String) {
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
    pub(super) fn plan(&self, u: UriRef<'_>) -> Plan {
        // A reference of up to 127 bytes (most) is classified in one pass,
        // and each question below is a test of its masks; a longer one is
        // searched component by component.
        self.plan_with(u, crate::arch::text_marks(u.as_str().as_bytes()))
    }

    /// [`plan`](Self::plan), with the masks of `u`'s text if there are.
    #[inline(always)]
    pub(super) fn plan_with(&self, u: UriRef<'_>, marks: Option<RefMarks>) -> Plan {
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
    pub(super) fn slash_root(&self, u: UriRef<'_>) -> bool {
        u.meta().auth.is_some()
            && self.slash_empty_path
            && u.scheme().is_some_and(empty_path_is_root)
    }

    /// Writes the normal form of `u` onto `out` and returns where its
    /// components lie under RFC 3986 (for an older dialect, where decoding
    /// can turn a registry-based authority into a server, the caller reads
    /// the result again).
    #[inline(always)]
    pub(super) fn write_normal(&self, u: UriRef<'_>, out: &mut impl Out) -> Meta {
        self.write_planned(u, self.plan(u), out)
    }

    /// [`write_normal`](Self::write_normal) with its [`Plan`].
    #[inline(always)]
    pub(super) fn write_planned(&self, u: UriRef<'_>, plan: Plan, out: &mut impl Out) -> Meta {
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
    pub(super) fn write_authority(
        &self,
        u: UriRef<'_>,
        out: &mut impl Out,
        pct: bool,
    ) -> Option<AuthMeta> {
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

    /// Writes the IPv6 literal `host` of `u`: in the text form of RFC 5952
    /// when asked, else with the case and triplets of `host_style`. A zone
    /// identifier (RFC 6874, read on request) is not part of the address:
    /// its case is kept, and only its triplets are normalized (section
    /// 6.2.2.2).
    #[cold]
    pub(super) fn write_ipv6(
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
    pub(super) fn pct_style(&self, lower: bool, dialect: Dialect, pct: bool) -> PctStyle {
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

    pub(super) fn normal_text<'a>(&self, u: UriRef<'a>) -> NormalText<'a> {
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

pub(super) enum NormalText<'a> {
    Same(&'a str),
    Owned(String),
}

impl NormalText<'_> {
    pub(super) fn as_str(&self) -> &str {
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
pub(super) struct Plan {
    pct: bool,
    head: Head,
    rest: Rest,
}

/// How the path, query and fragment come out of normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rest {
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
pub(super) enum Head {
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
pub(super) struct PctStyle {
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
    pub(super) fn decodes_a_dot(&self, b: &[u8]) -> bool {
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
    pub(super) fn decoded(&self, b: &[u8], i: usize) -> Option<u8> {
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
    pub(super) fn write_escapes(&self, out: &mut impl Out, text: &str) {
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
    pub(super) fn write_escape(&self, out: &mut impl Out, text: &str, i: usize) {
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
    pub(super) fn reference() -> impl Strategy<Value = String> {
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
    pub(super) fn empty_path() -> impl Strategy<Value = String> {
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
    pub(super) fn an_empty_path_gains_its_slash_before_the_query() {
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
