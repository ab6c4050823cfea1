//! The validator of the older grammars (2396bis, RFC 2396, the 1996 draft,
//! RFC 1738), whose descriptions are in `grammar`. RFC 3986 has its own
//! one-pass parser (`rfc3986`); the older grammars are validated here,
//! after the reference is split into its components by the regular
//! expression that each of these documents gives in its Appendix B:
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//! ```
//!
//! A reference valid under an older grammar is typed as the document
//! allows (an RFC 2396 `IPv4address` of four `1*digit` is typed IPv4 only
//! when each number fits in an octet; a `reg_name` authority is one
//! registered-name host).

use super::ip::parse_ip_literal;
use super::{AuthMeta, HostType, Meta};
use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::{hex2_at, ALPHA, DIGIT};
use crate::grammar::{Grammar, Hosts, Table, Userinfo};

/// Checks `b[start..end]` against `t`; the error names the first byte that
/// does not belong, with `kind` for characters that are URI characters
/// elsewhere.
pub(crate) fn check(
    b: &[u8],
    start: usize,
    end: usize,
    t: &Table,
    kind: ErrorKind,
) -> Result<(), Error> {
    crate::work::add(end.saturating_sub(start));
    let mut i = start;
    while i < end {
        let c = b[i];
        if t.allows(c) {
            i += 1;
        } else if c == b'%' && t.allows_pct() {
            if !hex2_at(&b[..end], i + 1) {
                return Err(Error::new(ErrorKind::InvalidPercentEncoding, i));
            }
            i += 3;
        } else {
            return Err(Error::new(char_kind(c, kind), i));
        }
    }
    Ok(())
}

/// `invalid-char` for bytes no document allows anywhere, `kind` otherwise.
fn char_kind(c: u8, kind: ErrorKind) -> ErrorKind {
    const ANYWHERE: Table = ALPHA.or(DIGIT).or(Table::new(b"-._~!$&'()*+,;=:/?#@%"));
    match c {
        b'%' => ErrorKind::InvalidPercentEncoding,
        b'[' | b']' => ErrorKind::UnexpectedBracket,
        _ if ANYWHERE.allows(c) => kind,
        _ => ErrorKind::InvalidChar,
    }
}

fn find(b: &[u8], from: usize, stops: &[u8]) -> usize {
    let at = b[from..]
        .iter()
        .position(|c| stops.contains(c))
        .map_or(b.len(), |p| from + p);
    crate::work::add(at - from + 1);
    at
}

/// Validates `s` under `g` and records where its components are.
pub(crate) fn parse(g: &Grammar, s: &str) -> Result<Meta, Error> {
    let b = s.as_bytes();
    // $2: the scheme.
    let first_delim = find(b, 0, b":/?#");
    let mut scheme_end = 0;
    let mut i = 0;
    if first_delim > 0 && b.get(first_delim) == Some(&b':') {
        if !g.scheme_first.allows(b[0]) {
            return Err(Error::new(char_kind(b[0], ErrorKind::InvalidScheme), 0));
        }
        check(b, 1, first_delim, &g.scheme_rest, ErrorKind::InvalidScheme)?;
        scheme_end = first_delim;
        i = first_delim + 1;
    } else if !g.relative {
        return Err(Error::new(ErrorKind::MissingScheme, 0));
    }
    // $4: the authority.
    let mut auth = None;
    if b[i..].starts_with(b"//") {
        let start = i + 2;
        let end = find(b, start, b"/?#");
        auth = Some(authority(g, b, start, end)?);
        i = end;
    }
    // $5: the path.
    let path_start = i;
    let path_end = find(b, i, b"?#");
    let path_is_opaque = scheme_end > 0 && auth.is_none() && b.get(path_start) != Some(&b'/');
    if path_is_opaque {
        // RFC 2396's `opaque_part = uric_no_slash *uric` may begin with
        // `?` (a `uric_no_slash`), which the Appendix B split reads as the
        // query: `mailto:?y` has an opaque part.
        if path_end == path_start && !g.empty_after_scheme && b.get(path_end) != Some(&b'?') {
            return Err(Error::new(ErrorKind::MissingPath, path_start));
        }
        check(b, path_start, path_end, &g.opaque, ErrorKind::InvalidChar)?;
    } else {
        if scheme_end == 0 && auth.is_none() && !g.colon_in_first_segment {
            let first_end = find(b, path_start, b"/?#");
            if let Some(p) = b[path_start..first_end].iter().position(|&c| c == b':') {
                return Err(Error::new(ErrorKind::InvalidScheme, path_start + p));
            }
        }
        check(b, path_start, path_end, &g.path, ErrorKind::InvalidChar)?;
    }
    // $7: the query.
    let mut query_end = path_end;
    if b.get(path_end) == Some(&b'?') {
        if scheme_end == 0 && auth.is_some() && path_end == path_start && !g.query_after_authority {
            return Err(Error::new(ErrorKind::QueryAfterAuthority, path_end));
        }
        query_end = find(b, path_end + 1, b"#");
        let t = if path_is_opaque { &g.opaque } else { &g.query };
        check(b, path_end + 1, query_end, t, ErrorKind::InvalidChar)?;
    }
    // $9: the fragment.
    if b.get(query_end) == Some(&b'#') {
        check(
            b,
            query_end + 1,
            b.len(),
            &g.fragment,
            ErrorKind::InvalidChar,
        )?;
    }
    Ok(Meta {
        scheme_end,
        auth,
        path_end,
        query_end,
    })
}

/// `server` (`[ userinfo "@" ] hostport`, possibly empty), or else, where
/// the document has it, `reg_name`.
fn authority(g: &Grammar, b: &[u8], start: usize, end: usize) -> Result<AuthMeta, Error> {
    match server(g, b, start, end) {
        Ok(a) => Ok(a),
        Err(e) => match g.reg_name {
            Some(t) if end > start && check(b, start, end, &t, ErrorKind::InvalidHost).is_ok() => {
                Ok(AuthMeta {
                    host_start: start,
                    host_end: end,
                    host: HostType::RegName,
                    end,
                })
            }
            _ => Err(e),
        },
    }
}

fn server(g: &Grammar, b: &[u8], start: usize, end: usize) -> Result<AuthMeta, Error> {
    let at = b[start..end]
        .iter()
        .position(|&c| c == b'@')
        .map(|p| start + p);
    let host_start = match at {
        Some(at) => {
            match g.userinfo {
                Userinfo::Combined(t) => check(b, start, at, &t, ErrorKind::InvalidHost)?,
                Userinfo::UserPassword(t) => {
                    let colon = find(&b[..at], start, b":");
                    check(b, start, colon, &t, ErrorKind::InvalidHost)?;
                    if colon < at {
                        check(b, colon + 1, at, &t, ErrorKind::InvalidHost)?;
                    }
                }
            }
            at + 1
        }
        None => start,
    };
    // The host, then ":" port.
    let (host_end, host) = if b.get(host_start) == Some(&b'[') && g.hosts == Hosts::Bis {
        let (close, meta) = parse_ip_literal(&b[..end], host_start, false)?;
        if meta == HostType::IpvFuture {
            // 2396bis has IPv6 references only; IPvFuture came with RFC 3986.
            return Err(Error::new(ErrorKind::InvalidIpv6, host_start + 1));
        }
        (close, meta)
    } else {
        let host_end = find(&b[..end], host_start, b":");
        (
            host_end,
            hostname_or_number(g.hosts, b, host_start, host_end)?,
        )
    };
    if host_end < end {
        if b[host_end] != b':' {
            return Err(Error::new(
                char_kind(b[host_end], ErrorKind::InvalidHost),
                host_end,
            ));
        }
        if g.port_needs_digits && host_end + 1 == end {
            return Err(Error::new(ErrorKind::InvalidPort, end));
        }
        check(b, host_end + 1, end, &DIGIT, ErrorKind::InvalidPort)?;
    }
    Ok(AuthMeta {
        host_start: at.map_or(start, |at| at + 1),
        host_end,
        host,
        end,
    })
}

/// `hostname | hostnumber` (or, for 2396bis, `IPv4address | hostname`);
/// an empty host is allowed (`file:///`).
pub(crate) fn hostname_or_number(
    h: Hosts,
    b: &[u8],
    start: usize,
    end: usize,
) -> Result<HostType, Error> {
    let text = &b[start..end];
    if text.is_empty() {
        return Ok(HostType::RegName);
    }
    if h == Hosts::Bis {
        if crate::parse::ip::ipv4_exact(text).is_some() {
            return Ok(HostType::Ipv4);
        }
    } else if let Some(a) = hostnumber(text) {
        return Ok(a);
    }
    // Labels of letters, digits and "-", not beginning or ending with "-".
    let trailing_dot = h != Hosts::Classic;
    let body = match text.strip_suffix(b".") {
        Some(t) if trailing_dot => t,
        _ => text,
    };
    let mut label_start = start;
    let mut last_label_start = start;
    for (k, part) in body.split(|&c| c == b'.').enumerate() {
        let at = if k == 0 { start } else { label_start };
        let bad = part
            .iter()
            .position(|&c| !(ALPHA.allows(c) || DIGIT.allows(c) || c == b'-'));
        if let Some(p) = bad {
            // A well-formed "%41" is still no hostname character.
            let kind = match part[p] {
                b'%' if hex2_at(b, at + p + 1) => ErrorKind::InvalidHost,
                c => char_kind(c, ErrorKind::InvalidHost),
            };
            return Err(Error::new(kind, at + p));
        }
        if part.is_empty() || part[0] == b'-' || part[part.len() - 1] == b'-' {
            return Err(Error::new(ErrorKind::InvalidHost, at));
        }
        if h == Hosts::Bis && part.len() > 63 {
            return Err(Error::new(ErrorKind::InvalidHost, at + 63));
        }
        last_label_start = at;
        label_start = at + part.len() + 1;
    }
    // The last label (toplabel) begins with a letter; 2396bis lets a name
    // end with a domainlabel ("qualified" is optional), but only a toplabel
    // may be followed by the trailing ".".
    let top_is_alpha = ALPHA.allows(b[last_label_start]);
    let ends_with_dot = body.len() < text.len();
    if (h != Hosts::Bis || ends_with_dot) && !top_is_alpha {
        return Err(Error::new(ErrorKind::InvalidHost, last_label_start));
    }
    Ok(HostType::RegName)
}

/// `hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit`; typed as an
/// IPv4 address when every number fits in an octet, else a name.
fn hostnumber(text: &[u8]) -> Option<HostType> {
    let mut parts = text.split(|&c| c == b'.');
    let shape = parts
        .by_ref()
        .take(4)
        .filter(|p| !p.is_empty() && p.iter().all(|&c| DIGIT.allows(c)))
        .count()
        == 4;
    if !shape || parts.next().is_some() {
        return None;
    }
    Some(match crate::parse::ip::dotted_decimal(text) {
        Some(_) => HostType::Ipv4,
        None => HostType::RegName,
    })
}
