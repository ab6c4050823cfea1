//! The RFC 3986 `URI-reference` parser: one pass, many bytes at a time
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

use super::ip::{ipv4_exact, parse_ip_literal};
use super::scan::{scan, scan_in};
use super::{unexpected, AuthMeta, HostType, Meta};
use crate::arch::{Baseline, Classify};
use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::{ALPHA, AUTHORITY, DIGIT, FRAGMENT, PATH, QUERY, REG_NAME, SCHEME};
use crate::grammar::rfc3987::{IAUTHORITY, IFRAGMENT, IPATH, IQUERY, IREG_NAME};
use crate::grammar::Table;

/// What the parser reads besides RFC 3986's grammar: the tables of the
/// components whose characters differ between URIs and IRIs (one parser
/// reads both), and whether an IPv6 literal may carry a zone identifier
/// (RFC 6874, on request only).
pub(crate) struct Sets {
    reg_name: Table,
    authority: Table,
    path: Table,
    query: Table,
    fragment: Table,
    zone_ids: bool,
}

/// RFC 3986's sets.
pub(crate) const URI: Sets = Sets {
    reg_name: REG_NAME,
    authority: AUTHORITY,
    path: PATH,
    query: QUERY,
    fragment: FRAGMENT,
    zone_ids: false,
};

/// RFC 3987's (section 2.2): `ireg-name`, `ipath`, `iquery`, `ifragment`.
pub(crate) const IRI: Sets = Sets {
    reg_name: IREG_NAME,
    authority: IAUTHORITY,
    path: IPATH,
    query: IQUERY,
    fragment: IFRAGMENT,
    zone_ids: false,
};

/// [`URI`] with IPv6 zone identifiers (RFC 6874 section 2).
pub(crate) const URI_ZONES: Sets = Sets {
    zone_ids: true,
    ..URI
};

/// [`IRI`] with IPv6 zone identifiers.
pub(crate) const IRI_ZONES: Sets = Sets {
    zone_ids: true,
    ..IRI
};

/// The sets of an IRI (`iri`) or a URI, with zone identifiers or without.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const fn sets(iri: bool, zones: bool) -> &'static Sets {
    match (iri, zones) {
        (false, false) => &URI,
        (true, false) => &IRI,
        (false, true) => &URI_ZONES,
        (true, true) => &IRI_ZONES,
    }
}

/// Parses a `URI-reference` with the component sets `t` (an
/// `IRI-reference` with [`IRI`]), classifying bytes with `k`.
#[inline(always)]
pub(crate) fn parse_sets(k: impl Classify, b: &[u8], t: &Sets) -> Result<Meta, Error> {
    let mut i = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
    let mut scheme_end = 0;
    // The common schemes from the first word, sparing the scheme loop and
    // its hard-to-predict exit: the fifth byte places the colon without a
    // branch, and one comparison of the differences ORed together decides
    // (two tests joined by `|` are compiled as two branches, the first of
    // which, whether the scheme is `https`, goes either way line to line).
    let head = b.first_chunk::<8>().map_or(0, |w| u64::from_le_bytes(*w));
    let colon_at = 4 + usize::from((head >> 32) as u8 == b's');
    let miss = u64::from(head as u32 ^ u32::from_le_bytes(*b"http"))
        | u64::from((head >> (8 * colon_at)) as u8 ^ b':');
    if miss == 0 {
        scheme_end = colon_at;
        i = colon_at + 1;
    } else if head & 0xFF_FFFF_FFFF == u64::from_le_bytes(*b"file:\0\0\0") {
        // `file:`, the next most common, also without the loop.
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
        let mut a = AuthMeta {
            host_start: 0,
            host_end: 0,
            host: HostType::RegName,
            end: 0,
        };
        parse_authority(k, b, i + 2, t, &mut a)?;
        i = a.end;
        Some(a)
    } else {
        None
    };

    // path: every path rule is a sequence of pchar and "/". The rules differ
    // only in how they start, which the branches above already decided,
    // except for path-noscheme, checked below.
    i = scan_in(k, b, i, &t.path);
    let path_end = i;
    if scheme_end == 0 && auth.is_none() {
        // Without scheme or authority the path starts at 0.
        check_noscheme(b, path_end)?;
    }

    if b.get(i) == Some(&b'?') {
        i = scan_in(k, b, i + 1, &t.query);
    }
    let query_end = i;
    if b.get(i) == Some(&b'#') {
        i = scan_in(k, b, i + 1, &t.fragment);
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
    // One pass to the first `/` or `:`, whichever comes first.
    match b[..path_end].iter().find(|&&c| c == b'/' || c == b':') {
        Some(b':') => Err(bad_scheme(b)),
        _ => Ok(()),
    }
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
/// after `//`) up to the first `/`, `?`, `#` or the end, into `auth`.
///
/// The authority is written through `auth`, not returned in a `Result`:
/// there, the error's kind (a byte) shares its bytes with the host's end,
/// and the compiler kept that offset as a byte and seven bytes, which the
/// parse wrote to the parsed reference in four stores. A caller's read of
/// the host then waited for all four to reach memory, on every row (a
/// failed store forward; `work views-host` took 24.9 ns a row, 23.2 after,
/// `bench/RESULTS.md`, 2026-12-04).
#[inline(always)]
fn parse_authority(
    k: impl Classify,
    b: &[u8],
    start: usize,
    t: &Sets,
    auth: &mut AuthMeta,
) -> Result<(), Error> {
    // A scan of `*( reg-name characters / ":" )` covers both a userinfo and
    // a `host ":" port` without brackets: up to the first `:`, then on.
    let mut stop = scan_in(k, b, start, &t.reg_name);
    let colon = (b.get(stop) == Some(&b':')).then_some(stop);
    if colon.is_some() {
        stop = scan_in(k, b, stop + 1, &t.authority);
    }

    if b.get(stop) == Some(&b'@') {
        // userinfo "@" host [ ":" port ]
        let (host_end, host) = parse_host_in(k, b, stop + 1, t)?;
        let end = parse_port(b, host_end)?;
        *auth = AuthMeta {
            host_start: stop + 1,
            host_end,
            host,
            end,
        };
        return Ok(());
    }

    let result = if stop == start && b.get(start) == Some(&b'[') {
        parse_ip_literal(b, start, t.zone_ids)
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
        Ok((host_end, host, end)) => {
            *auth = AuthMeta {
                host_start: start,
                host_end,
                host,
                end,
            };
            Ok(())
        }
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
fn reg_name_or_ipv4(host: &[u8]) -> HostType {
    if host.first().is_some_and(|c| c.is_ascii_digit()) && ipv4_exact(host).is_some() {
        HostType::Ipv4
    } else {
        HostType::RegName
    }
}

/// `host = IP-literal / IPv4address / reg-name` (section 3.2.2), the whole
/// of `s`: its type, or the error at the first byte that does not fit.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) fn host_type(s: &str) -> Result<HostType, Error> {
    host_type_in(s, &URI)
}

/// [`host_type`] with the component sets `t` (`ihost` with [`IRI`]).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) fn host_type_in(s: &str, t: &Sets) -> Result<HostType, Error> {
    let b = s.as_bytes();
    let (end, host) = parse_host_in(Baseline, b, 0, t)?;
    if end == b.len() {
        Ok(host)
    } else {
        Err(unexpected(b, end, ErrorKind::InvalidHost))
    }
}

/// Parses `host` from `i` with the classifier `k` and the sets `t`;
/// returns where it ends.
#[inline(always)]
fn parse_host_in(
    k: impl Classify,
    b: &[u8],
    i: usize,
    t: &Sets,
) -> Result<(usize, HostType), Error> {
    if b.get(i) == Some(&b'[') {
        return parse_ip_literal(b, i, t.zone_ids);
    }
    let end = scan_in(k, b, i, &t.reg_name);
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
    use crate::parse::parse;
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// One parse with a classifier, for [`crate::arch::every`].
    #[derive(Clone)]
    struct Each(&'static Sets);

    impl crate::arch::Job for Each {
        type Out = Result<Meta, Error>;
        fn run<K: Classify>(self, k: K, b: &[u8]) -> Self::Out {
            parse_sets(k, b, self.0)
        }
    }

    /// Characters that matter to the grammar, and a few that it refuses.
    fn uri_ish() -> impl Strategy<Value = String> {
        let chars: Vec<char> = "aZ09:/?#[]@!$&'()*+,;=-._~%4Fvfe \"<>{}|\\^`\u{7f}\u{e9}"
            .chars()
            .collect();
        proptest::collection::vec(proptest::sample::select(chars), 0..120)
            .prop_map(|v| v.into_iter().collect())
    }

    /// [`uri_ish`] after a scheme and `//` most often, so that the
    /// authority's readings (a userinfo, a port, colons in both) are
    /// reached at every length, the 32 to 64 bytes the parser reads whole
    /// with AVX2 ([`crate::arch::kernel::UriMarks`]) among them.
    fn authority_ish() -> impl Strategy<Value = String> {
        let heads = proptest::sample::select(alloc::vec![
            "http://", "https://", "file://", "//", "s:", "", "x://u:p@"
        ]);
        (heads, uri_ish()).prop_map(|(h, s)| String::from(h) + &s)
    }

    proptest! {
        /// The parser gives the same answer, offsets or error, with every
        /// classifier this processor can run, as a URI and as an IRI.
        #[test]
        fn every_classifier_parses_alike(s in prop_oneof![uri_ish(), authority_ish()]) {
            for sets in [&URI, &IRI] {
                let all = crate::arch::every(s.as_bytes(), Each(sets));
                for (name, got) in &all {
                    prop_assert_eq!(got, &all[0].1, "{}", name);
                }
            }
            prop_assert_eq!(parse(&s), parse_sets(crate::arch::Baseline, s.as_bytes(), &URI));
        }
    }

    /// The word compared for `http:` and `https:` gives the scheme the
    /// scheme rule (section 3.1) gives, whatever the line's length, for
    /// near misses too.
    #[test]
    fn http_https_and_file_as_the_scheme_rule_reads_them() {
        for (s, scheme) in [
            ("http:", Some(4)),
            ("https:", Some(5)),
            ("http:/", Some(4)),
            ("http:x", Some(4)),
            ("https:/", Some(5)),
            ("http://a/b", Some(4)),
            ("https://a/b", Some(5)),
            ("https:x/y/z", Some(5)),
            ("httpx://a", Some(5)),
            ("httpsx:a", Some(6)),
            ("HTTP://a", Some(4)),
            ("Https://a", Some(5)),
            ("http", None),
            ("https", None),
            ("http/x:y", None),
            ("htt:p", Some(3)),
            // `file:`, also taken from the first word from 8 bytes on.
            ("file:", Some(4)),
            ("file:/a", Some(4)),
            ("file:///etc/hosts", Some(4)),
            ("file://host/x", Some(4)),
            ("FILE:///x", Some(4)),
            ("files:///x", Some(5)),
            ("file/x:///y", None),
            ("fil:e:///y", Some(3)),
        ] {
            let m = parse(s).unwrap();
            assert_eq!((m.scheme_end > 0).then_some(m.scheme_end), scheme, "{s}");
        }
        assert!(parse("http:a b").is_err());
        assert!(parse("https:\u{7f}").is_err());
    }

    #[test]
    fn meta_of_the_section_3_example() {
        let s = "foo://example.com:8042/over/there?name=ferret#nose";
        let m = parse(s).unwrap();
        assert_eq!(m.scheme_end, 3);
        let a = m.auth.unwrap();
        assert_eq!(
            (
                m.auth_start(),
                a.userinfo_end(m.auth_start()),
                a.host_end,
                a.end
            ),
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
