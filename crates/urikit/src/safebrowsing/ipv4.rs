//! The IPv4 forms that the Go client reads (`parseIPAddress`): what a
//! resolver reads, in octal, hex and decimal, in one to four parts.

use core::net::Ipv4Addr;

/// Whether `s` is made only of digits, dots and `0x` with hex digits
/// (`^(?i)((?:0x[0-9a-f]+|[0-9.])+)$`): a run of the four states of that
/// expression's automaton, so that `0x10x5` (`0x1` and `0x5`) passes.
fn possible(s: &[u8]) -> bool {
    // Between tokens; after a `0` that may begin `0x`; after `0x`; in the
    // hex digits of a token (where a token may also end).
    const BETWEEN: u8 = 1;
    const ZERO: u8 = 2;
    const X: u8 = 4;
    const HEX: u8 = 8;
    let mut states = BETWEEN;
    for &c in s {
        let mut next = 0;
        if states & (BETWEEN | HEX) != 0 {
            if c.is_ascii_digit() || c == b'.' {
                next |= BETWEEN;
            }
            if c == b'0' {
                next |= ZERO;
            }
        }
        if states & ZERO != 0 && (c == b'x' || c == b'X') {
            next |= X;
        }
        if states & (X | HEX) != 0 && c.is_ascii_hexdigit() {
            next |= HEX;
        }
        states = next;
        if states == 0 {
            return false;
        }
    }
    !s.is_empty() && states & (BETWEEN | HEX) != 0
}

/// Go's `strconv.ParseUint(s, 0, 32)` on a part that [`possible`] let
/// through: `0x` hex, a leading `0` octal, else decimal.
fn number(s: &[u8]) -> Option<u32> {
    let (digits, radix) = match s {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (s, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for &c in digits {
        let d = char::from(c).to_digit(radix)?;
        v = v.checked_mul(radix)?.checked_add(d)?;
    }
    Some(v)
}

/// The address `host` names if the client reads it as an IPv4 address
/// (written as its dotted quad by `Ipv4Addr`'s `Display`). Each part but
/// the last gives one byte (its low byte, unchecked: `276` is `20`); the
/// last gives the remaining bytes.
pub(super) fn canonical(host: &str) -> Option<Ipv4Addr> {
    let mut host = host.as_bytes();
    // The Windows resolver's reading of a dotted quad and a space.
    if host.len() <= 15 {
        if let Some(quad) = quad_then_space(host) {
            host = quad;
        }
    }
    if !possible(host) {
        return None;
    }
    let parts = host.split(|&b| b == b'.').count();
    if parts > 4 {
        return None;
    }
    let mut out = [0; 4];
    let mut at = 0;
    for (i, part) in host.split(|&b| b == b'.').enumerate() {
        let v = number(part)?;
        let bytes = if i + 1 == parts { 5 - parts } else { 1 };
        for k in (0..bytes).rev() {
            out[at] = (v >> (8 * k)) as u8;
            at += 1;
        }
    }
    Some(Ipv4Addr::from(out))
}

/// The dotted quad (parts of one to three digits) that `s` begins with,
/// if a space follows it.
fn quad_then_space(s: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    for part in 0..4 {
        let start = i;
        while i < s.len() && s[i].is_ascii_digit() && i - start < 3 {
            i += 1;
        }
        if i == start {
            return None;
        }
        let want = if part < 3 { b'.' } else { b' ' };
        if s.get(i) != Some(&want) {
            return None;
        }
        if part < 3 {
            i += 1;
        }
    }
    Some(&s[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expression_of_possible_addresses() {
        for yes in [
            "1",
            "0x1",
            "0X1A.0xff",
            "0x10x5",
            "00x1",
            "1.2.3.00x0",
            "...",
            "0",
        ] {
            assert!(possible(yes.as_bytes()), "{yes}");
        }
        for no in ["", "0x", "x1", "1a", "0xg", "0x1.a", "1 2", "0b1"] {
            assert!(!possible(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn go_parse_uint_base_zero() {
        assert_eq!(number(b"0x10"), Some(16));
        assert_eq!(number(b"010"), Some(8));
        assert_eq!(number(b"0"), Some(0));
        assert_eq!(number(b"08"), None);
        assert_eq!(number(b"0x"), None);
        assert_eq!(number(b""), None);
        assert_eq!(number(b"4294967295"), Some(u32::MAX));
        assert_eq!(number(b"4294967296"), None);
        assert_eq!(number(b"0x100000000"), None);
    }

    #[test]
    fn the_trailing_space_of_a_quad() {
        assert_eq!(
            quad_then_space(b"10.192.95.89 xy"),
            Some(&b"10.192.95.89"[..])
        );
        assert_eq!(quad_then_space(b"10.192.95.89"), None);
        assert_eq!(quad_then_space(b"1000.1.1.1 x"), None);
    }
}
