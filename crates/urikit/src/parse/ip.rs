//! IP literals and IPv4 addresses (RFC 3986 section 3.2.2):
//!
//! ```text
//! IP-literal  = "[" ( IPv6address / IPvFuture ) "]"
//! IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//! IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//! ```
//!
//! and, only where the caller opts in, the IPv6 zone identifiers of
//! RFC 6874 section 2 (obsoleted by RFC 9844; RFC 3986 has none):
//!
//! ```text
//! IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
//! IPv6addrz  = IPv6address "%25" ZoneID
//! ZoneID     = 1*( unreserved / pct-encoded )
//! ```
//!
//! A host that matches `IPv4address` is an IPv4 address; anything else that
//! matches `reg-name`, including `256.1.1.1` and `1.2.3`, is a registered
//! name ("first-match-wins", section 3.2.2).

use super::HostType;
use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::{hex_val, DIGIT, HEXDIG, IPVFUTURE, UNRESERVED};

/// The four numbers of a host typed IPv4: `1*digit "." 1*digit "." 1*digit
/// "." 1*digit`, each at most 255. This covers RFC 3986's `IPv4address` and
/// the `hostnumber` of the older grammars, whose numbers may have leading
/// zeros (`grammar::hostnumber`).
pub(crate) fn dotted_decimal(b: &[u8]) -> Option<[u8; 4]> {
    let mut parts = b.split(|&c| c == b'.');
    let mut out = [0u8; 4];
    for slot in &mut out {
        let p = parts.next().filter(|p| !p.is_empty())?;
        let v = p.iter().try_fold(0u8, |v, &c| {
            if !DIGIT.allows(c) {
                return None;
            }
            v.checked_mul(10)?.checked_add(c - b'0')
        })?;
        *slot = v;
    }
    parts.next().is_none().then_some(out)
}

/// Matches `IPv4address` against the whole of `b`:
/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`.
#[inline]
pub(crate) fn ipv4_exact(b: &[u8]) -> Option<[u8; 4]> {
    match parse_ipv4(b, 0) {
        Ok((end, addr)) if end == b.len() => Some(addr),
        _ => None,
    }
}

/// Parses an `IPv4address` starting at `i`; returns where it ends. Errors:
/// an octet above 255 or with a leading zero is reported at the octet's first
/// digit; a missing digit or `.` at the offending byte.
fn parse_ipv4(b: &[u8], mut i: usize) -> Result<(usize, [u8; 4]), Error> {
    let mut out = [0u8; 4];
    for (n, slot) in out.iter_mut().enumerate() {
        if n > 0 {
            if b.get(i) != Some(&b'.') {
                return Err(Error::new(ErrorKind::InvalidIpv4, i));
            }
            i += 1;
        }
        let start = i;
        let mut v: u32 = 0;
        while let Some(&c) = b.get(i) {
            if !DIGIT.allows(c) || i - start == 3 {
                break;
            }
            v = v * 10 + u32::from(c - b'0');
            i += 1;
        }
        let digits = i - start;
        if digits == 0 {
            return Err(Error::new(ErrorKind::InvalidIpv4, i));
        }
        if v > 255 || (digits > 1 && b[start] == b'0') || b.get(i).is_some_and(|&c| DIGIT.allows(c))
        {
            return Err(Error::new(ErrorKind::InvalidIpv4, start));
        }
        *slot = v as u8;
    }
    Ok((i, out))
}

/// Parses an `IP-literal` whose `[` is at `open`, with an IPv6 zone
/// identifier allowed when `zones` is set; returns the offset just after
/// `]` and what the literal is.
pub(crate) fn parse_ip_literal(
    b: &[u8],
    open: usize,
    zones: bool,
) -> Result<(usize, HostType), Error> {
    let i = open + 1;
    match b.get(i) {
        // ABNF strings are case-insensitive (RFC 5234 section 2.3): "v" or "V".
        Some(b'v' | b'V') => parse_ipvfuture(b, i + 1).map(|end| (end, HostType::IpvFuture)),
        _ => parse_ipv6(b, i, zones).map(|(end, _)| (end, HostType::Ipv6)),
    }
}

/// `"%25" ZoneID "]"` from the `%` at `i` (RFC 6874 section 2); returns
/// the offset of the `]`. A `%` not followed by `25` is reported at the
/// `%` (the zone's own `%` must be encoded, section 2 says), anything else
/// at the first byte that cannot continue the zone.
#[cold]
fn parse_zone(b: &[u8], i: usize) -> Result<usize, Error> {
    let err = |at| Err(Error::new(ErrorKind::InvalidIpv6, at));
    if b.get(i + 1..i + 3) != Some(b"25") {
        return err(i);
    }
    let start = i + 3;
    let mut j = start;
    loop {
        match b.get(j) {
            Some(&c) if UNRESERVED.allows(c) => j += 1,
            Some(b'%') => match b.get(j + 1..j + 3) {
                Some(&[h, l]) if HEXDIG.allows(h) && HEXDIG.allows(l) => j += 3,
                _ => return Err(Error::new(ErrorKind::InvalidPercentEncoding, j)),
            },
            _ => break,
        }
    }
    if j == start || b.get(j) != Some(&b']') {
        return err(j);
    }
    Ok(j)
}

/// `IPvFuture` after its `v`, through the closing `]`.
fn parse_ipvfuture(b: &[u8], mut i: usize) -> Result<usize, Error> {
    let err = |at| Err(Error::new(ErrorKind::InvalidIpvFuture, at));
    let start = i;
    while b.get(i).is_some_and(|&c| HEXDIG.allows(c)) {
        i += 1;
    }
    if i == start || b.get(i) != Some(&b'.') {
        return err(i);
    }
    i += 1;
    let start = i;
    while b.get(i).is_some_and(|&c| IPVFUTURE.allows(c)) {
        i += 1;
    }
    if i == start || b.get(i) != Some(&b']') {
        return err(i);
    }
    Ok(i + 1)
}

/// The pieces of `s` read whole as an `IPv6address`, without brackets or
/// a zone (the crawl keys' readings of a host); `None` where it is not one.
#[cfg(any(feature = "psl", feature = "safebrowsing", feature = "w3lib"))]
pub(crate) fn ipv6_text(s: &str) -> Option<[u16; 8]> {
    if !s.contains(':') || s.contains(']') {
        return None;
    }
    // The parser reads through the closing bracket.
    let mut b = alloc::vec::Vec::with_capacity(s.len() + 1);
    b.extend_from_slice(s.as_bytes());
    b.push(b']');
    parse_ipv6(&b, 0, false).ok().map(|(_, pieces)| pieces)
}

/// `IPv6address` (all nine forms of RFC 3986 section 3.2.2) through the
/// closing `]`, and with `zones` an `IPv6addrz` (its zone identifier is
/// read and left out of the address). Without `::` there are exactly
/// eight 16-bit pieces; with it, at most seven, and `::` stands for one or
/// more zero pieces. A dotted IPv4 address (`ls32`) may only fill the last
/// two pieces.
pub(crate) fn parse_ipv6(b: &[u8], mut i: usize, zones: bool) -> Result<(usize, [u16; 8]), Error> {
    let err = |at| Err(Error::new(ErrorKind::InvalidIpv6, at));
    // Where the address may end: at `]`, or at the `%` of a zone.
    let close = |i: usize| match b.get(i) {
        Some(b']') => true,
        Some(b'%') => zones,
        _ => false,
    };
    let mut pieces = [0u16; 8];
    let mut n = 0usize;
    let mut gap: Option<usize> = None;
    // Whether the last token read was `::`, which (unlike a single `:`) may
    // end the address.
    let mut after_gap = false;

    if b.get(i) == Some(&b':') {
        if b.get(i + 1) != Some(&b':') {
            return err(i + 1);
        }
        gap = Some(0);
        after_gap = true;
        i += 2;
    }
    loop {
        if after_gap && close(i) {
            break;
        }
        // At most 8 pieces without `::`, 7 with it.
        let max = if gap.is_some() { 7 } else { 8 };
        if n == max {
            return err(i);
        }
        let start = i;
        let mut v: u32 = 0;
        while let Some(d) = b.get(i).and_then(|&c| hex_val(c)) {
            if i - start == 4 {
                return err(i);
            }
            v = v << 4 | u32::from(d);
            i += 1;
        }
        if i == start {
            return err(i);
        }
        if b.get(i) == Some(&b'.') {
            // ls32 as IPv4address: only decimal digits may begin it, and it
            // needs room for two pieces at the very end.
            let decimal = b[start..i].iter().all(|&c| DIGIT.allows(c));
            if !decimal || n + 2 > max || (gap.is_none() && n != 6) {
                return err(i);
            }
            let (end, [w, x, y, z]) = parse_ipv4(b, start)?;
            pieces[n] = u16::from_be_bytes([w, x]);
            pieces[n + 1] = u16::from_be_bytes([y, z]);
            n += 2;
            i = end;
            if !close(i) {
                return err(i);
            }
            break;
        }
        pieces[n] = v as u16;
        n += 1;
        after_gap = false;
        match b.get(i) {
            _ if close(i) => break,
            // All pieces are there: nothing but `]` may follow.
            _ if n == max => return err(i),
            Some(b':') if b.get(i + 1) == Some(&b':') => {
                if gap.is_some() {
                    return err(i + 1);
                }
                gap = Some(n);
                after_gap = true;
                i += 2;
            }
            Some(b':') => i += 1,
            _ => return err(i),
        }
    }
    // Here b[i] is `]`, or the `%` of a zone.
    match gap {
        None if n != 8 => return err(i),
        Some(g) => {
            let tail = n - g;
            pieces.copy_within(g..n, 8 - tail);
            pieces[g..8 - tail].fill(0);
        }
        None => {}
    }
    if b[i] == b'%' {
        i = parse_zone(b, i)?;
    }
    Ok((i + 1, pieces))
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::net::Ipv6Addr;

    fn v6(s: &str) -> Result<Ipv6Addr, (ErrorKind, usize)> {
        let b = s.as_bytes();
        match parse_ip_literal(b, 0, false) {
            Ok((end, HostType::Ipv6)) if end == b.len() => Ok(Ipv6Addr::from(
                parse_ipv6(b, 1, false).expect("typed IPv6").1,
            )),
            Ok(other) => panic!("{s}: unexpected {other:?}"),
            Err(e) => Err((e.kind(), e.offset())),
        }
    }

    #[test]
    fn ipv6_nine_forms_agree_with_std() {
        // One example of each alternative of the IPv6address rule, in order.
        for s in [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::2:3:4:5:6:1.2.3.4",
            "1::3:4:5:6:7:8",
            "::3:4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "1:2::4:5:6:7",
            "1:2:3::5:6:7:8",
            "1:2:3:4::6:7:8",
            "1:2:3:4:5::7:8",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6::8",
            "1:2:3:4:5:6:7::",
            "::",
            "::1",
            "::ffff:1.2.3.4",
            "fe80::",
            "ABCD:ef01::0",
            "0:0:0:0:0:0:0:0",
        ] {
            let expected: Ipv6Addr = s.parse().unwrap();
            assert_eq!(v6(&std::format!("[{s}]")), Ok(expected), "{s}");
        }
    }

    #[test]
    fn ipv6_errors_point_at_the_offending_byte() {
        use ErrorKind::{InvalidIpv4 as V4, InvalidIpv6 as V6};
        for (s, kind, at) in [
            ("[1::2::3]", V6, 6),
            ("[1:2:3:4:5:6:7:8:9]", V6, 16),
            ("[1:2:3:4:5:6:7::8]", V6, 16),
            ("[::1.2.3]", V4, 8),
            ("[::256.1.1.1]", V4, 3),
            ("[::01.1.1.1]", V4, 3),
            ("[12345::]", V6, 5),
            ("[:1::]", V6, 2),
            ("[1:]", V6, 3),
            ("[1]", V6, 2),
            ("[]", V6, 1),
            ("[::1", V6, 4),
            ("[1.2.3.4]", V6, 2),
            ("[::a.b.c.d]", V6, 4),
            ("[1:2:3:4:5:6:7:1.2.3.4]", V6, 16),
            ("[::1.2.3.4:5]", V6, 10),
            ("[::g]", V6, 3),
            ("[:::]", V6, 3),
            ("[1::2:]", V6, 6),
        ] {
            assert_eq!(v6(s), Err((kind, at)), "{s}");
        }
    }

    #[test]
    fn ipvfuture() {
        for s in ["[v1.x]", "[V1F.a:b]", "[v7.!$&'()*+,;=-._~:]"] {
            assert!(
                matches!(parse_ip_literal(s.as_bytes(), 0, false), Ok((e, HostType::IpvFuture)) if e == s.len()),
                "{s}"
            );
        }
        for (s, at) in [
            ("[v]", 2),
            ("[v.x]", 2),
            ("[v1]", 3),
            ("[v1.]", 4),
            ("[v1.x", 5),
            ("[v1.%41]", 4),
        ] {
            let e = parse_ip_literal(s.as_bytes(), 0, false).unwrap_err();
            assert_eq!(
                (e.kind(), e.offset()),
                (ErrorKind::InvalidIpvFuture, at),
                "{s}"
            );
        }
    }

    #[test]
    fn ipv4_dec_octet() {
        assert_eq!(ipv4_exact(b"0.0.0.0"), Some([0, 0, 0, 0]));
        assert_eq!(ipv4_exact(b"255.255.255.255"), Some([255; 4]));
        assert_eq!(ipv4_exact(b"192.168.1.10"), Some([192, 168, 1, 10]));
        for s in [
            "256.1.1.1",
            "1.2.3",
            "1.2.3.4.5",
            "01.2.3.4",
            "1..2.3",
            "1.2.3.4.",
            "a.b.c.d",
            "1.2.3.1000",
            "",
        ] {
            assert_eq!(ipv4_exact(s.as_bytes()), None, "{s}");
        }
    }
}
