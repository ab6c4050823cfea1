//! The URL Standard's percent-encode sets and the code-point classes its
//! parser tests (section 1.3, "Percent-encoded bytes"; section 4.1, "URL
//! code points"; section 3.1, "forbidden host code points").
//!
//! May use: `grammar::whatwg` (the sets).

use alloc::string::String;

/// A percent-encode set: the ASCII bytes it holds, as bits; every code
/// point beyond U+007E is in every set (they all contain the C0 control
/// percent-encode set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EncodeSet(u128);

use crate::grammar::whatwg as sets;

impl EncodeSet {
    /// The C0 control percent-encode set.
    pub(crate) const C0_CONTROL: EncodeSet = EncodeSet(sets::C0_CONTROL);
    /// The fragment percent-encode set.
    pub(crate) const FRAGMENT: EncodeSet = EncodeSet(sets::FRAGMENT);
    /// The query percent-encode set.
    pub(crate) const QUERY: EncodeSet = EncodeSet(sets::QUERY);
    /// The special-query percent-encode set.
    pub(crate) const SPECIAL_QUERY: EncodeSet = EncodeSet(sets::SPECIAL_QUERY);
    /// The path percent-encode set.
    pub(crate) const PATH: EncodeSet = EncodeSet(sets::PATH);
    /// The userinfo percent-encode set.
    pub(crate) const USERINFO: EncodeSet = EncodeSet(sets::USERINFO);
    /// The component percent-encode set (the form set is made from it).
    #[allow(dead_code)]
    pub(crate) const COMPONENT: EncodeSet = EncodeSet(sets::COMPONENT);
    /// The application/x-www-form-urlencoded percent-encode set.
    pub(crate) const FORM: EncodeSet = EncodeSet(sets::FORM);

    /// Whether `c` is in the set.
    #[inline]
    pub(crate) const fn contains(self, c: char) -> bool {
        let c = c as u32;
        c > 0x7E || self.0 & (1 << c) != 0
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%HH` for the byte `b` (upper-case hex digits, as the
/// standard's percent-encode writes them).
#[inline]
pub(crate) fn push_byte(out: &mut String, b: u8) {
    out.push('%');
    out.push(HEX[usize::from(b >> 4)] as char);
    out.push(HEX[usize::from(b & 15)] as char);
}

/// UTF-8 percent-encodes the code point `c` with `set` onto `out`.
#[inline]
pub(crate) fn push(out: &mut String, c: char, set: EncodeSet) {
    if set.contains(c) {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            push_byte(out, b);
        }
    } else {
        out.push(c);
    }
}

/// UTF-8 percent-encodes every code point of `s` with `set`.
pub(crate) fn encode(s: &str, set: EncodeSet) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push(&mut out, c, set);
    }
    out
}

/// The value of an ASCII hex digit.
#[inline]
pub(crate) const fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `bytes` (section 1.3: a `%` that two hex digits do not
/// follow stays as it is).
pub(crate) fn decode(bytes: &[u8]) -> alloc::vec::Vec<u8> {
    let mut out = alloc::vec::Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex_value(bytes[i + 1]), hex_value(bytes[i + 2])) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

/// A URL code point (section 4.1): ASCII alphanumerics, `!$&'()*+,-./:;=?@_~`,
/// and U+00A0 to U+10FFFD but surrogates and noncharacters.
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        _ => {
            let u = c as u32;
            (0xA0..=0x10FFFD).contains(&u)
                && !(0xFDD0..=0xFDEF).contains(&u)
                && (u & 0xFFFE) != 0xFFFE
        }
    }
}

/// A forbidden host code point (section 3.1).
pub(crate) const fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// A forbidden domain code point: a forbidden host code point, a C0
/// control, `%` or DEL (section 3.1).
pub(crate) const fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || (c as u32) <= 0x1F || c == '%' || c == '\u{7F}'
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 1.3's sets, each one the one before it and more.
    #[test]
    fn sets_as_the_standard_lists_them() {
        let s = EncodeSet::PATH;
        assert!(s.contains(' ') && s.contains('?') && s.contains('^') && s.contains('é'));
        assert!(!s.contains('/') && !s.contains('%') && !s.contains('\''));
        assert!(EncodeSet::SPECIAL_QUERY.contains('\'') && !EncodeSet::QUERY.contains('\''));
        assert!(EncodeSet::FRAGMENT.contains('`') && !EncodeSet::QUERY.contains('`'));
        assert!(EncodeSet::USERINFO.contains('|') && EncodeSet::USERINFO.contains(':'));
        assert!(!EncodeSet::FORM.contains('*') && EncodeSet::FORM.contains('~'));
        assert!(EncodeSet::C0_CONTROL.contains('\u{7F}') && !EncodeSet::C0_CONTROL.contains(' '));
        assert_eq!(encode("a b/é", EncodeSet::USERINFO), "a%20b%2F%C3%A9");
    }

    #[test]
    fn decoding_keeps_a_lone_percent() {
        assert_eq!(decode(b"%41%4"), b"A%4");
        assert_eq!(decode(b"%zz%"), b"%zz%");
        assert_eq!(decode(b"%e2%98%83"), "☃".as_bytes());
    }
}
