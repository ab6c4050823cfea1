//! The host parser and serializer of the URL Standard (section 3.5,
//! "Host parsing"; section 3.6, "Host serializing"): domains through
//! UTS #46 (the `idna` crate, with the standard's flags), IPv4 addresses
//! in every form browsers accept, IPv6 addresses, and opaque hosts.
//!
//! May use: `whatwg::encode`, `whatwg::error`.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write;

use super::encode::{self, is_forbidden_domain, is_forbidden_host, is_url_code_point, EncodeSet};
use super::error::{Sink, ValidationError, ValidationErrorKind as K};

/// A host as the standard's URL record holds it (section 3.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain, ASCII and lower-case (`example.com`).
    Domain(String),
    /// An IPv4 address, as a number.
    Ipv4(u32),
    /// An IPv6 address, eight pieces.
    Ipv6([u16; 8]),
    /// The host of a URL whose scheme is not special, as written
    /// (percent-encoded with the C0 control set).
    Opaque(String),
    /// The empty host (`file:///x`, `foo://`).
    Empty,
}

impl Host {
    /// The host serializer (section 3.6).
    ///
    /// ```
    /// use urikit::whatwg::Host;
    /// assert_eq!(Host::Ipv4(0x7F000001).to_string(), "127.0.0.1");
    /// assert_eq!(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1]).to_string(), "[::1]");
    /// ```
    pub fn serialize_into(&self, out: &mut String) {
        match self {
            Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
            Host::Empty => {}
            Host::Ipv4(n) => {
                let _ = write!(
                    out,
                    "{}.{}.{}.{}",
                    n >> 24,
                    (n >> 16) & 255,
                    (n >> 8) & 255,
                    n & 255
                );
            }
            Host::Ipv6(pieces) => {
                out.push('[');
                ipv6_serialize(pieces, out);
                out.push(']');
            }
        }
    }
}

impl core::fmt::Display for Host {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut s = String::new();
        self.serialize_into(&mut s);
        f.write_str(&s)
    }
}

/// The host parser (section 3.5): `input` is the host's text, met at byte
/// `at` of the input; `opaque` when the URL is not special.
pub(crate) fn parse_host(
    input: &str,
    opaque: bool,
    at: usize,
    sink: &mut Sink,
) -> Result<Host, ValidationError> {
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            return Err(sink.fail(K::Ipv6Unclosed, at));
        };
        return ipv6_parse(inner, at + 1, sink).map(Host::Ipv6);
    }
    if opaque {
        return opaque_host(input, at, sink);
    }
    let bytes = input.as_bytes();
    if bytes.windows(3).any(|w| {
        w[0] == b'%' && encode::hex_value(w[1]).is_some() && encode::hex_value(w[2]).is_some()
    }) {
        sink.report(K::DomainPercentEncoded, at);
    }
    let decoded = if bytes.contains(&b'%') {
        let d = encode::decode(bytes);
        Cow::Owned(String::from_utf8_lossy(&d).into_owned())
    } else {
        Cow::Borrowed(input)
    };
    let ascii = domain_to_ascii(&decoded, at, sink)?;
    if ends_in_a_number(&ascii) {
        return ipv4_parse(&ascii, at, sink).map(Host::Ipv4);
    }
    Ok(Host::Domain(ascii))
}

/// Whether `s` is a domain that UTS #46 ToASCII with the strict flags
/// (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength) passes unchanged,
/// decided without it for the common case: lower-case letters, digits
/// and hyphens in labels of 1 to 63 bytes, none starting or ending with a
/// hyphen or with `--` at its third byte, 253 bytes at most (a final dot
/// aside). `None` when the quick reading cannot tell.
fn strict_quick(s: &str) -> Option<bool> {
    let t = s.strip_suffix('.').unwrap_or(s);
    if t.is_empty() || t.len() > 253 {
        return None;
    }
    for label in t.split('.') {
        let b = label.as_bytes();
        if b.is_empty() || b.len() > 63 {
            return None;
        }
        if !b
            .iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        {
            return None;
        }
        if b[0] == b'-' || b[b.len() - 1] == b'-' || (b.len() >= 4 && &b[2..4] == b"--") {
            return None;
        }
    }
    Some(true)
}

/// The domain parser of section 3.3 ("IDNA") with beStrict false: the
/// `domain-to-ASCII` validation error when the strict reading fails; an
/// ASCII domain lower-cased, any other through UTS #46 ToASCII with the
/// standard's flags; failure on an empty result or a forbidden domain
/// code point.
fn domain_to_ascii(domain: &str, at: usize, sink: &mut Sink) -> Result<String, ValidationError> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let uts46 = Uts46::new();
    let strict_ok = strict_quick(domain).unwrap_or_else(|| {
        uts46
            .to_ascii(
                domain.as_bytes(),
                AsciiDenyList::STD3,
                Hyphens::Check,
                DnsLength::Verify,
            )
            .is_ok()
    });
    if !strict_ok {
        sink.report(K::DomainToAscii, at);
    }
    let result = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        match uts46.to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        ) {
            Ok(r) => r.into_owned(),
            Err(_) => return Err(fail_domain(sink, at, strict_ok)),
        }
    };
    if result.is_empty() || result.chars().any(is_forbidden_domain) {
        return Err(fail_domain(sink, at, strict_ok));
    }
    Ok(result)
}

/// The failure of the domain parser: the `domain-to-ASCII` error the
/// strict reading reported (reported here when it did not).
fn fail_domain(sink: &mut Sink, at: usize, reported: bool) -> ValidationError {
    if reported {
        sink.report(K::DomainToAscii, at);
    }
    ValidationError {
        kind: K::DomainToAscii,
        offset: at,
    }
}

/// The ends-in-a-number checker (section 3.5).
fn ends_in_a_number(s: &str) -> bool {
    let mut parts: alloc::vec::Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    ipv4_number(last).is_some()
}

/// The IPv4 number parser (section 3.5): the value (saturated beyond
/// `u64`, which no address reaches) and whether it was written in hex or
/// octal.
fn ipv4_number(s: &str) -> Option<(u64, bool)> {
    if s.is_empty() {
        return None;
    }
    let b = s.as_bytes();
    let (digits, radix, flagged) = if b.len() >= 2 && (b[..2] == *b"0x" || b[..2] == *b"0X") {
        (&b[2..], 16, true)
    } else if b.len() >= 2 && b[0] == b'0' {
        (&b[1..], 8, true)
    } else {
        (b, 10, false)
    };
    if digits.is_empty() {
        return Some((0, true));
    }
    let mut n: u64 = 0;
    for &d in digits {
        let v = encode::hex_value(d).filter(|&v| u32::from(v) < radix)?;
        n = n
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(v));
    }
    Some((n, flagged))
}

/// The IPv4 parser (section 3.5).
fn ipv4_parse(s: &str, at: usize, sink: &mut Sink) -> Result<u32, ValidationError> {
    let mut parts: alloc::vec::Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        sink.report(K::Ipv4EmptyPart, at);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    if parts.len() > 4 {
        return Err(sink.fail(K::Ipv4TooManyParts, at));
    }
    if parts.len() < 4 {
        sink.report(K::Ipv4TooFewParts, at);
    }
    let mut numbers = [0u64; 4];
    for (i, part) in parts.iter().enumerate() {
        let Some((n, flagged)) = ipv4_number(part) else {
            return Err(sink.fail(K::Ipv4NonNumericPart, at));
        };
        if flagged {
            sink.report(K::Ipv4NonDecimalPart, at);
        }
        numbers[i] = n;
    }
    let numbers = &numbers[..parts.len()];
    if numbers.iter().any(|&n| n > 255) {
        sink.report(K::Ipv4OutOfRangePart, at);
    }
    let (&last, init) = numbers.split_last().expect("one part at least");
    if init.iter().any(|&n| n > 255) {
        return Err(ValidationError {
            kind: K::Ipv4OutOfRangePart,
            offset: at,
        });
    }
    if last >= 1u64 << (8 * (5 - numbers.len())) {
        return Err(ValidationError {
            kind: K::Ipv4OutOfRangePart,
            offset: at,
        });
    }
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    Ok(ipv4 as u32)
}

/// The IPv6 parser (section 3.5); `at` is the byte offset of `input`.
pub(crate) fn ipv6_parse(
    input: &str,
    at: usize,
    sink: &mut Sink,
) -> Result<[u16; 8], ValidationError> {
    let b = input.as_bytes();
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let c = |p: usize| b.get(p).copied();
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return Err(sink.fail(K::Ipv6InvalidCompression, at + p));
        }
        p += 2;
        piece += 1;
        compress = Some(piece);
    }
    while c(p).is_some() {
        if piece == 8 {
            return Err(sink.fail(K::Ipv6TooManyPieces, at + p));
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return Err(sink.fail(K::Ipv6MultipleCompression, at + p));
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let (mut value, mut length) = (0u32, 0usize);
        while length < 4 {
            match c(p).and_then(encode::hex_value) {
                Some(v) => {
                    value = value * 16 + u32::from(v);
                    p += 1;
                    length += 1;
                }
                None => break,
            }
        }
        if c(p) == Some(b'.') {
            if length == 0 {
                return Err(sink.fail(K::Ipv4InIpv6InvalidCodePoint, at + p));
            }
            p -= length;
            if piece > 6 {
                return Err(sink.fail(K::Ipv4InIpv6TooManyPieces, at + p));
            }
            let mut seen = 0;
            while c(p).is_some() {
                let mut v4: Option<u32> = None;
                if seen > 0 {
                    if c(p) == Some(b'.') && seen < 4 {
                        p += 1;
                    } else {
                        return Err(sink.fail(K::Ipv4InIpv6InvalidCodePoint, at + p));
                    }
                }
                if !c(p).is_some_and(|d| d.is_ascii_digit()) {
                    return Err(sink.fail(K::Ipv4InIpv6InvalidCodePoint, at + p));
                }
                while let Some(d) = c(p).filter(u8::is_ascii_digit) {
                    let n = u32::from(d - b'0');
                    v4 = match v4 {
                        None => Some(n),
                        Some(0) => return Err(sink.fail(K::Ipv4InIpv6InvalidCodePoint, at + p)),
                        Some(v) => Some(v * 10 + n),
                    };
                    if v4 > Some(255) {
                        return Err(sink.fail(K::Ipv4InIpv6OutOfRangePart, at + p));
                    }
                    p += 1;
                }
                address[piece] = address[piece].wrapping_mul(0x100) + v4.unwrap_or(0) as u16;
                seen += 1;
                if seen == 2 || seen == 4 {
                    piece += 1;
                }
            }
            if seen != 4 {
                return Err(sink.fail(K::Ipv4InIpv6TooFewParts, at + p));
            }
            break;
        } else if c(p) == Some(b':') {
            p += 1;
            if c(p).is_none() {
                return Err(sink.fail(K::Ipv6InvalidCodePoint, at + p));
            }
        } else if c(p).is_some() {
            return Err(sink.fail(K::Ipv6InvalidCodePoint, at + p));
        }
        if length > 1 && value < 1 << (4 * (length - 1)) {
            sink.report(K::Ipv6PieceLeadingZero, at + p - length);
        }
        address[piece] = value as u16;
        piece += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece - compress;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, compress + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        return Err(sink.fail(K::Ipv6TooFewPieces, at + b.len()));
    }
    Ok(address)
}

/// The IPv6 serializer (section 3.6), with the compression of the first
/// longest run of two or more zero pieces (RFC 5952).
fn ipv6_serialize(a: &[u16; 8], out: &mut String) {
    let (mut longest, mut longest_len) = (None, 1);
    let (mut found, mut found_len) = (None, 0);
    for (i, &p) in a.iter().enumerate() {
        if p != 0 {
            if found_len > longest_len {
                (longest, longest_len) = (found, found_len);
            }
            (found, found_len) = (None, 0);
        } else {
            found = found.or(Some(i));
            found_len += 1;
        }
    }
    if found_len > longest_len {
        longest = found;
    }
    let mut ignore0 = false;
    for (i, &p) in a.iter().enumerate() {
        if ignore0 && p == 0 {
            continue;
        }
        ignore0 = false;
        if longest == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        let _ = write!(out, "{p:x}");
        if i != 7 {
            out.push(':');
        }
    }
}

/// The opaque-host parser (section 3.5).
fn opaque_host(input: &str, at: usize, sink: &mut Sink) -> Result<Host, ValidationError> {
    if let Some(i) = input.find(is_forbidden_host) {
        return Err(sink.fail(K::HostInvalidCodePoint, at + i));
    }
    let b = input.as_bytes();
    for (i, c) in input.char_indices() {
        if c == '%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                sink.report(K::InvalidUrlUnit, at + i);
            }
        } else if !is_url_code_point(c) {
            sink.report(K::InvalidUrlUnit, at + i);
        }
    }
    if input.is_empty() {
        return Ok(Host::Empty);
    }
    Ok(Host::Opaque(encode::encode(input, EncodeSet::C0_CONTROL)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn host(s: &str, opaque: bool) -> Result<String, &'static str> {
        let mut sink = Sink::default();
        parse_host(s, opaque, 0, &mut sink)
            .map(|h| h.to_string())
            .map_err(|e| e.code())
    }

    /// Section 3.5's IPv4 parser: one to four parts, hex and octal.
    #[test]
    fn ipv4_in_every_form() {
        assert_eq!(host("0x7f.1", false).unwrap(), "127.0.0.1");
        assert_eq!(host("0300.0250.0.1", false).unwrap(), "192.168.0.1");
        assert_eq!(host("4294967295", false).unwrap(), "255.255.255.255");
        assert_eq!(host("4294967296", false), Err("IPv4-out-of-range-part"));
        assert_eq!(host("1.2.3.4.5", false), Err("IPv4-too-many-parts"));
        assert_eq!(host("1.2.3.09", false), Err("IPv4-non-numeric-part"));
        // "0x" is a number (zero), so the host ends in one and is read as
        // an address, whose first part is not a number.
        assert_eq!(host("0x", false).unwrap(), "0.0.0.0");
        assert_eq!(host("foo.0x", false), Err("IPv4-non-numeric-part"));
        assert_eq!(host("foo.0xg", false).unwrap(), "foo.0xg");
        assert_eq!(host("1.2.3.4.", false).unwrap(), "1.2.3.4");
    }

    /// Section 3.6's serializer compresses the first longest run.
    #[test]
    fn ipv6_compression() {
        assert_eq!(host("[0:f:0:0:f:f:0:0]", false).unwrap(), "[0:f::f:f:0:0]");
        assert_eq!(host("[1:0::]", false).unwrap(), "[1::]");
        assert_eq!(host("[::127.0.0.1]", false).unwrap(), "[::7f00:1]");
        assert_eq!(host("[::1", false), Err("IPv6-unclosed"));
        assert_eq!(host("[:1]", false), Err("IPv6-invalid-compression"));
    }

    #[test]
    fn domains_and_opaque_hosts() {
        assert_eq!(host("EXAMPLE.com", false).unwrap(), "example.com");
        assert_eq!(host("bücher.de", false).unwrap(), "xn--bcher-kva.de");
        assert_eq!(host("exa%41mple", false).unwrap(), "exaample");
        assert_eq!(host("a b", false), Err("domain-to-ASCII"));
        assert_eq!(host("a b", true), Err("host-invalid-code-point"));
        assert_eq!(host("Ex%20é", true).unwrap(), "Ex%20%C3%A9");
    }
}
