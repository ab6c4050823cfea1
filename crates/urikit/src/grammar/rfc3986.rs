//! RFC 3986 Appendix A as character sets: each rule a 256-entry table
//! built at compile time from the literal characters the ABNF names,
//! combined with `or` as the ABNF combines alternatives. A table may also
//! allow `pct-encoded` (`"%" HEXDIG HEXDIG`), which the scanner checks
//! separately because it spans three bytes.
//!
//! Every table is checked over all 256 byte values against predicates
//! written straight from the ABNF, in the tests at the bottom of this file.

use super::{Scanned, Table};

// RFC 3986 section 2 and Appendix A, and RFC 5234 Appendix B.1 for the core
// rules ALPHA, DIGIT and HEXDIG.

/// `ALPHA = %x41-5A / %x61-7A`
pub(crate) const ALPHA: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));
/// `DIGIT = %x30-39`
pub(crate) const DIGIT: Table = Table::range(b'0', b'9');
/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (ABNF strings are
/// case-insensitive, RFC 5234 section 2.3, so lower case is included).
pub(crate) const HEXDIG: Table = DIGIT.or(Table::new(b"ABCDEFabcdef"));
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(crate) const UNRESERVED: Table = ALPHA.or(DIGIT).or(Table::new(b"-._~"));
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
pub(crate) const GEN_DELIMS: Table = Table::new(b":/?#[]@");
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(crate) const SUB_DELIMS: Table = Table::new(b"!$&'()*+,;=");
/// Every byte that may appear literally somewhere in a URI:
/// `reserved / unreserved` plus `%`.
pub(crate) const URI_CHAR: Table = UNRESERVED
    .or(GEN_DELIMS)
    .or(SUB_DELIMS)
    .or(Table::new(b"%"));

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the bytes after the first.
pub(crate) const SCHEME: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (the parser
/// scans userinfo and `host ":" port` together, so only encoding uses it).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const USERINFO: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":")).or_pct();
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub(crate) const REG_NAME: Table = UNRESERVED.or(SUB_DELIMS).or_pct().scanned(Scanned::RegName);
/// What the parser scans an authority with before it knows whether it holds
/// a userinfo: `reg-name` and `":"`, which together cover `userinfo` and
/// `host ":" port` without brackets.
pub(crate) const AUTHORITY: Table = REG_NAME.or(Table::new(b":")).scanned(Scanned::Authority);
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub(crate) const PCHAR: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":@")).or_pct();
/// A path: `pchar` and the `"/"` between segments.
pub(crate) const PATH: Table = PCHAR.or(Table::new(b"/")).scanned(Scanned::Path);
/// `query = *( pchar / "/" / "?" )`
pub(crate) const QUERY: Table = PCHAR.or(Table::new(b"/?")).scanned(Scanned::Query);
/// `fragment = *( pchar / "/" / "?" )`
pub(crate) const FRAGMENT: Table = QUERY;
/// A query parameter's key or value as `QueryParams` writes it: the
/// `query` characters except `&` and `=`, which delimit the pairs, and `+`,
/// which a form reads as a space (the pairs are the HTML form convention,
/// not RFC 3986's: section 3.4 gives the query no structure).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const QUERY_PARAM: Table = UNRESERVED.or(Table::new(b"!$'()*,;:@/?")).or_pct();
/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
pub(crate) const IPVFUTURE: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":"));

/// Decodes one hexadecimal digit.
#[inline(always)]
pub(crate) const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Whether `b[i]` and `b[i + 1]` are both `HEXDIG`.
#[inline(always)]
pub(crate) fn hex2_at(b: &[u8], i: usize) -> bool {
    matches!(b.get(i..i + 2), Some(&[h, l]) if HEXDIG.allows(h) && HEXDIG.allows(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Predicates written from the ABNF, independently of the tables above.
    fn alpha(c: u8) -> bool {
        c.is_ascii_uppercase() || c.is_ascii_lowercase()
    }
    fn digit(c: u8) -> bool {
        (0x30..=0x39).contains(&c)
    }
    fn unreserved(c: u8) -> bool {
        alpha(c) || digit(c) || b"-._~".contains(&c)
    }
    fn sub_delims(c: u8) -> bool {
        matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        )
    }
    fn gen_delims(c: u8) -> bool {
        matches!(c, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
    }
    fn pchar(c: u8) -> bool {
        unreserved(c) || sub_delims(c) || c == b':' || c == b'@'
    }

    fn check(name: &str, t: &Table, pct: bool, oracle: fn(u8) -> bool) {
        for c in 0..=255u8 {
            assert_eq!(
                t.allows(c),
                oracle(c),
                "table {name} disagrees with the ABNF at byte 0x{c:02X}"
            );
        }
        assert_eq!(t.allows_pct(), pct, "table {name}: pct-encoded allowed");
        // `%` itself is never allowed literally: it only starts pct-encoded.
        assert!(!t.allows(b'%'), "table {name} allows a literal %");
    }

    #[test]
    fn every_table_matches_the_abnf_over_all_256_bytes() {
        check("ALPHA", &ALPHA, false, alpha);
        check("DIGIT", &DIGIT, false, digit);
        check("HEXDIG", &HEXDIG, false, |c| c.is_ascii_hexdigit());
        check("unreserved", &UNRESERVED, false, unreserved);
        check("gen-delims", &GEN_DELIMS, false, gen_delims);
        check("sub-delims", &SUB_DELIMS, false, sub_delims);
        check("scheme", &SCHEME, false, |c| {
            alpha(c) || digit(c) || c == b'+' || c == b'-' || c == b'.'
        });
        check("userinfo", &USERINFO, true, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("reg-name", &REG_NAME, true, |c| {
            unreserved(c) || sub_delims(c)
        });
        check("pchar", &PCHAR, true, pchar);
        check("authority scan", &AUTHORITY, true, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("path", &PATH, true, |c| pchar(c) || c == b'/');
        check("query", &QUERY, true, |c| {
            pchar(c) || c == b'/' || c == b'?'
        });
        check("fragment", &FRAGMENT, true, |c| {
            pchar(c) || c == b'/' || c == b'?'
        });
        check("IPvFuture", &IPVFUTURE, false, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("query parameter", &QUERY_PARAM, true, |c| {
            (pchar(c) || c == b'/' || c == b'?') && !matches!(c, b'&' | b'=' | b'+')
        });
    }

    #[test]
    fn uri_char_is_reserved_unreserved_and_percent() {
        for c in 0..=255u8 {
            let expected = unreserved(c) || gen_delims(c) || sub_delims(c) || c == b'%';
            assert_eq!(URI_CHAR.allows(c), expected, "byte 0x{c:02X}");
        }
    }

    #[test]
    fn hex_val_decodes_every_hexdig_and_nothing_else() {
        for c in 0..=255u8 {
            let expected = (c as char).to_digit(16).map(|d| d as u8);
            assert_eq!(hex_val(c), expected, "byte 0x{c:02X}");
        }
    }

    #[test]
    fn hex2_at_needs_two_hex_digits() {
        assert!(hex2_at(b"%41", 1));
        assert!(hex2_at(b"%aF", 1));
        assert!(!hex2_at(b"%4", 1));
        assert!(!hex2_at(b"%G1", 1));
        assert!(!hex2_at(b"%", 1));
    }
}
