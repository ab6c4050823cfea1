//! The RFC 3986 `URI-reference` parser: one pass, sixteen bytes at a time
//! where runs are long, offsets only, no allocation.
//!
//! ```text
//! URI-reference = URI / relative-ref
//! URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//! hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//! relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//! ```
//!
//! Where an error lies: the offset is that of the first byte that cannot
//! continue the reading the input has committed to. Two readings are
//! ambiguous until a later byte decides them, and the parser settles them as
//! a person would read the text:
//! - `userinfo "@" host` versus `host ":" port`: without an `@` in the
//!   authority, the authority is read as `host [":" port]`, so
//!   `http://h:8a/` fails at the `a` with `invalid-port`; with an `@`
//!   further on, the error is where the userinfo stopped being valid.
//! - `scheme ":"` versus `path-noscheme`: a relative reference whose first
//!   segment holds a `:` fails with `invalid-scheme` at the first byte that
//!   cannot be part of a scheme (RFC 3986 section 4.2 asks for `./`).

use crate::error::{Error, ErrorKind};
use crate::host::{ipv4_exact, parse_ip_literal, HostMeta};
use crate::table::{
    hex2_at, Baseline, Classify, Table, ALPHA, AUTHORITY, DIGIT, FRAGMENT, PATH, QUERY, REG_NAME,
    SCHEME, URI_CHAR,
};
use crate::uri::UriRef;

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

/// Where the parts of an authority lie: it starts after `//` at `start` and
/// ends at `end`. The host runs from `host_start` to `host_end`; a userinfo
/// is present when `host_start > start` (it ends at the `@` just before
/// `host_start`). A port is present when `host_end < end` (the byte at
/// `host_end` is then `:`). Plain offsets, no `Option`, keep the parsed
/// reference small and quick to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthMeta {
    pub(crate) start: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) host: HostMeta,
    pub(crate) end: usize,
}

impl AuthMeta {
    /// The offset of the `@` that ends the userinfo, if there is one.
    #[inline]
    pub(crate) fn userinfo_end(&self) -> Option<usize> {
        (self.host_start > self.start).then(|| self.host_start - 1)
    }

    /// The same authority copied to begin at `start`: every offset moves
    /// with it.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline]
    pub(crate) fn moved_to(self, start: usize) -> AuthMeta {
        let at = |x: usize| x - self.start + start;
        AuthMeta {
            start,
            host_start: at(self.host_start),
            host_end: at(self.host_end),
            host: self.host,
            end: at(self.end),
        }
    }
}

impl Meta {
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

/// Scans bytes allowed by `t`, and `%HH` when `t` allows pct-encoded, from
/// `i`; returns the offset of the first byte that is not (an invalid `%`
/// stops the scan at the `%`).
///
/// Tables with [`Lanes`](crate::table::Lanes) are scanned a window of 32
/// or 64 bytes at a time ([`Classify::window`]): a mask of the refused
/// bytes gives the first of them without a branch per byte, and most
/// components end within their first window. Inputs shorter than sixteen
/// bytes are scanned a byte at a time.
#[inline(always)]
pub(crate) fn scan(b: &[u8], i: usize, t: &Table) -> usize {
    scan_in(Baseline, b, i, t)
}

/// [`scan`] with the classifier `k`.
#[inline(always)]
fn scan_in(k: impl Classify, b: &[u8], i: usize, t: &Table) -> usize {
    let end = scan_windows(k, b, i, t);
    crate::work::add(end.saturating_sub(i) + 1);
    end
}

/// [`scan_in`] without the count of work.
#[inline(always)]
fn scan_windows(k: impl Classify, b: &[u8], mut i: usize, t: &Table) -> usize {
    let n = b.len();
    // (No caller starts past the end; if one did, the byte scan stops.)
    if !t.has_lanes() || n < 16 || i > n {
        return scan_bytes(b, i, t);
    }
    loop {
        // The window [i, i + e): most components end within one.
        let e = (n - i).min(k.width());
        let m = k.window(t, b, i);
        if m == 0 {
            // Nothing refused in the window. The next offset does not wait
            // for the classification, only for the branch's prediction.
            i += e;
            if i >= n {
                return n;
            }
            continue;
        }
        i += m.trailing_zeros() as usize;
        if b[i] == b'%' && t.allows_pct() && hex2_at(b, i + 1) {
            i += 3;
            continue;
        }
        return i;
    }
}

/// [`scan`] a byte at a time.
#[inline(always)]
fn scan_bytes(b: &[u8], mut i: usize, t: &Table) -> usize {
    while let Some(&c) = b.get(i) {
        if t.allows(c) {
            i += 1;
        } else if c == b'%' && t.allows_pct() && hex2_at(b, i + 1) {
            i += 3;
        } else {
            break;
        }
    }
    i
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

/// Parses a `URI-reference`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn parse(s: &str) -> Result<Meta, Error> {
    parse_ref(s).map(|u| u.meta())
}

/// Parses a `URI-reference` with the fastest classifier the processor has
/// (see `simd`).
#[inline]
pub(crate) fn parse_ref(s: &str) -> Result<UriRef<'_>, Error> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(k) = crate::simd::Avx2::detect() {
        return k.parse(s);
    }
    parse_in(Baseline, s).map(|meta| UriRef::from_meta(s, meta))
}

/// Parses a `URI-reference`, classifying bytes with `k`.
#[inline(always)]
pub(crate) fn parse_in(k: impl Classify, s: &str) -> Result<Meta, Error> {
    let b = s.as_bytes();
    let mut i = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
    let mut scheme_end = 0;
    // The common schemes in one comparison each, sparing the scheme loop
    // and its hard-to-predict exit.
    if b.starts_with(b"https:") {
        scheme_end = 5;
        i = 6;
    } else if b.starts_with(b"http:") {
        scheme_end = 4;
        i = 5;
    } else if b.first().is_some_and(|&c| ALPHA.allows(c)) {
        let j = scan_in(k, b, 1, &SCHEME);
        if b.get(j) == Some(&b':') {
            scheme_end = j;
            i = j + 1;
        }
    }

    // "//" authority
    let auth = if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
        let a = parse_authority(k, b, i + 2)?;
        i = a.end;
        Some(a)
    } else {
        None
    };

    // path: every path rule is a sequence of pchar and "/". The rules differ
    // only in how they start, which the branches above already decided,
    // except for path-noscheme, checked below.
    i = scan_in(k, b, i, &PATH);
    let path_end = i;
    if scheme_end == 0 && auth.is_none() {
        // Without scheme or authority the path starts at 0.
        check_noscheme(b, path_end)?;
    }

    if b.get(i) == Some(&b'?') {
        i = scan_in(k, b, i + 1, &QUERY);
    }
    let query_end = i;
    if b.get(i) == Some(&b'#') {
        i = scan_in(k, b, i + 1, &FRAGMENT);
    }
    if i < b.len() {
        return Err(unexpected(b, i, ErrorKind::InvalidChar));
    }
    Ok(Meta {
        scheme_end,
        auth,
        path_end,
        query_end,
    })
}

/// `path-noscheme`: in a relative reference, the first segment may not
/// contain `:`, or it would read as a scheme (RFC 3986 sections 3.3 and 4.2).
#[inline]
fn check_noscheme(b: &[u8], path_end: usize) -> Result<(), Error> {
    let first = &b[..path_end];
    let seg_end = first.iter().position(|&c| c == b'/').unwrap_or(first.len());
    if !first[..seg_end].contains(&b':') {
        return Ok(());
    }
    Err(bad_scheme(b))
}

/// The first byte of the would-be scheme before the first `:` that is not a
/// scheme character.
#[cold]
#[inline(never)]
fn bad_scheme(b: &[u8]) -> Error {
    let at = match b.first() {
        Some(&c) if ALPHA.allows(c) => scan(b, 1, &SCHEME),
        _ => 0,
    };
    Error::new(ErrorKind::InvalidScheme, at)
}

/// Parses `authority = [ userinfo "@" ] host [ ":" port ]` from `start` (just
/// after `//`) up to the first `/`, `?`, `#` or the end.
#[inline(always)]
fn parse_authority(k: impl Classify, b: &[u8], start: usize) -> Result<AuthMeta, Error> {
    // A scan of `*( reg-name characters / ":" )` covers both a userinfo and
    // a `host ":" port` without brackets: up to the first `:`, then on.
    let mut stop = scan_in(k, b, start, &REG_NAME);
    let colon = (b.get(stop) == Some(&b':')).then_some(stop);
    if colon.is_some() {
        stop = scan_in(k, b, stop + 1, &AUTHORITY);
    }

    if b.get(stop) == Some(&b'@') {
        // userinfo "@" host [ ":" port ]
        let (host_end, host) = parse_host_in(k, b, stop + 1)?;
        let end = parse_port(b, host_end)?;
        return Ok(AuthMeta {
            start,
            host_start: stop + 1,
            host_end,
            host,
            end,
        });
    }

    let result = if stop == start && b.get(start) == Some(&b'[') {
        parse_ip_literal(b, start)
            .and_then(|(host_end, host)| Ok((host_end, host, parse_port(b, host_end)?)))
    } else {
        // host [":" port], already scanned: check the port's digits.
        let host_end = colon.unwrap_or(stop);
        let end = if colon.is_some() {
            let p = host_end + 1;
            match b[p..stop].iter().position(|&c| !DIGIT.allows(c)) {
                // Everything scanned is a URI character (even a valid `%HH`):
                // in a port, it is out of place.
                Some(k) => Err(Error::new(ErrorKind::InvalidPort, p + k)),
                None => end_of_authority(b, stop, ErrorKind::InvalidPort),
            }
        } else {
            end_of_authority(b, stop, ErrorKind::InvalidHost)
        };
        // Not `map`: a closure here is not always inlined.
        match end {
            Ok(end) => Ok((host_end, reg_name_or_ipv4(&b[start..host_end]), end)),
            Err(e) => Err(e),
        }
    };
    match result {
        Ok((host_end, host, end)) => Ok(AuthMeta {
            start,
            host_start: start,
            host_end,
            host,
            end,
        }),
        Err(e) => Err(userinfo_error(b, stop).unwrap_or(e)),
    }
}

/// When reading the authority as `host [":" port]` failed, an `@` further
/// on shows that the text was meant as a userinfo: the error is then where
/// the userinfo stopped being valid.
#[cold]
#[inline(never)]
fn userinfo_error(b: &[u8], stop: usize) -> Option<Error> {
    let rest = &b[stop..];
    let end = rest
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    crate::work::add(end);
    rest[..end]
        .contains(&b'@')
        .then(|| unexpected(b, stop, ErrorKind::InvalidChar))
}

/// A reg-name host is an IPv4 address when it matches `IPv4address`
/// exactly (RFC 3986 section 3.2.2, first-match-wins).
#[inline(always)]
fn reg_name_or_ipv4(host: &[u8]) -> HostMeta {
    if host.first().is_some_and(|c| c.is_ascii_digit()) && ipv4_exact(host).is_some() {
        HostMeta::Ipv4
    } else {
        HostMeta::RegName
    }
}

/// Parses `host` from `i`; returns where it ends.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn parse_host(b: &[u8], i: usize) -> Result<(usize, HostMeta), Error> {
    parse_host_in(Baseline, b, i)
}

/// [`parse_host`] with the classifier `k`.
#[inline(always)]
fn parse_host_in(k: impl Classify, b: &[u8], i: usize) -> Result<(usize, HostMeta), Error> {
    if b.get(i) == Some(&b'[') {
        return parse_ip_literal(b, i);
    }
    let end = scan_in(k, b, i, &REG_NAME);
    Ok((end, reg_name_or_ipv4(&b[i..end])))
}

/// Parses `[ ":" port ]` after a host ending at `i`, and checks that the
/// authority ends there; returns the end of the authority.
#[inline]
fn parse_port(b: &[u8], i: usize) -> Result<usize, Error> {
    if b.get(i) == Some(&b':') {
        let mut j = i + 1;
        while b.get(j).is_some_and(|&c| DIGIT.allows(c)) {
            j += 1;
        }
        return end_of_authority(b, j, ErrorKind::InvalidPort);
    }
    end_of_authority(b, i, ErrorKind::InvalidHost)
}

/// The authority ends at `/`, `?`, `#` or the end of the input.
#[inline(always)]
fn end_of_authority(b: &[u8], i: usize, kind: ErrorKind) -> Result<usize, Error> {
    match b.get(i) {
        None | Some(b'/' | b'?' | b'#') => Ok(i),
        Some(_) => Err(unexpected(b, i, kind)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_of_the_section_3_example() {
        let s = "foo://example.com:8042/over/there?name=ferret#nose";
        let m = parse(s).unwrap();
        assert_eq!(m.scheme_end, 3);
        let a = m.auth.unwrap();
        assert_eq!(
            (a.start, a.userinfo_end(), a.host_end, a.end),
            (6, None, 17, 22)
        );
        assert_eq!((m.path_start(), m.path_end, m.query_end), (22, 33, 45));
    }

    #[test]
    fn scan_stops_at_bad_percent() {
        assert_eq!(scan(b"ab%4", 0, &PATH), 2);
        assert_eq!(scan(b"ab%41c", 0, &PATH), 6);
        assert_eq!(scan(b"ab%41c", 0, &SCHEME), 2);
    }

    /// Every start, even past the end (no caller does that), on inputs
    /// long enough for windows: the scan stops at the first refused byte.
    #[test]
    fn scan_from_every_start() {
        let b = b"/a/b/c/d/e/f/g/h?q#f and more text past the path";
        for i in 0..b.len() + 3 {
            let want = (i..b.len())
                .find(|&k| !PATH.allows(b[k]))
                .unwrap_or(i.max(b.len()));
            assert_eq!(scan(b, i, &PATH), want, "{i}");
        }
    }
}
