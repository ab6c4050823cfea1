//! RFC 3987 section 2.2: the IRI grammar is RFC 3986's with characters
//! beyond ASCII allowed in some components. The tables here are the RFC
//! 3986 tables of those components, marked with the characters they add;
//! the code point ranges are below, written once.
//!
//! ```text
//! iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
//! iuserinfo   = *( iunreserved / pct-encoded / sub-delims / ":" )
//! ireg-name   = *( iunreserved / pct-encoded / sub-delims )
//! ipchar      = iunreserved / pct-encoded / sub-delims / ":" / "@"
//! iquery      = *( ipchar / iprivate / "/" / "?" )
//! ifragment   = *( ipchar / "/" / "?" )
//! ```
//!
//! The scheme, the port and IP literals stay ASCII.

use super::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME, USERINFO};
use super::{Table, Ucs};

/// `iuserinfo`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const IUSERINFO: Table = USERINFO.or_ucs(Ucs::Chars);
/// `ireg-name`.
pub(crate) const IREG_NAME: Table = REG_NAME.or_ucs(Ucs::Chars);
/// `ireg-name` and `":"`: the authority before its `@` is known.
pub(crate) const IAUTHORITY: Table = AUTHORITY.or_ucs(Ucs::Chars);
/// A path: `ipchar` and `"/"`.
pub(crate) const IPATH: Table = PATH.or_ucs(Ucs::Chars);
/// `iquery`, the only component where `iprivate` is allowed.
pub(crate) const IQUERY: Table = QUERY.or_ucs(Ucs::CharsAndPrivate);
/// `ifragment`.
pub(crate) const IFRAGMENT: Table = FRAGMENT.or_ucs(Ucs::Chars);

/// `ucschar` (section 2.2): the characters beyond ASCII an IRI may hold
/// outside its query, less the bidirectional formatting characters that
/// section 4.1 forbids.
///
/// ```text
/// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///         / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///         / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///         / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///         / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///         / %xD0000-DFFFD / %xE1000-EFFFD
/// ```
///
/// Left out, as the ranges say: C1 controls, surrogates, the private use
/// area (`iprivate`), the non-characters U+FDD0 to U+FDEF and U+xFFFE and
/// U+xFFFF of every plane, the specials U+FFF0 to U+FFFD, and the tags of
/// U+E0000 to U+E0FFF.
#[inline]
pub(crate) const fn is_ucschar(c: u32) -> bool {
    let in_ranges = match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        0x1_0000..=0xD_FFFF => c & 0xFFFF <= 0xFFFD,
        0xE_1000..=0xE_FFFD => true,
        _ => false,
    };
    in_ranges && !is_bidi_format(c)
}

/// `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD` (section 2.2).
#[inline]
pub(crate) const fn is_iprivate(c: u32) -> bool {
    matches!(c, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}

/// The bidirectional formatting characters, which "IRIs MUST NOT contain"
/// (section 4.1): the seven it names, LRM U+200E, RLM U+200F, and LRE,
/// RLE, PDF, LRO, RLO (U+202A to U+202E), and the four isolates U+2066 to
/// U+2069 and ALM U+061C, which Unicode added to the same class
/// (`Bidi_Control`) after RFC 3987 was published and which reorder text
/// the same way.
#[inline]
pub(crate) const fn is_bidi_format(c: u32) -> bool {
    matches!(c, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// The bytes beyond ASCII that need no decoding in a component that
/// allows `ucschar` (in text that is well-formed UTF-8): the continuation
/// bytes, and the lead bytes all of whose characters are `ucschar`: C3 to
/// D7 and D9 to DF (U+00C0 to U+05FF, U+0640 to U+07FF), E0 and E1 (U+0800
/// to U+1FFF), E3 to ED (U+3000 to U+D7FF; surrogates are no characters).
/// The other lead bytes, C2 (C1 controls), D8 (U+061C), E2 (the block of
/// the bidi formatting characters), EE and EF (private use, non-characters
/// and specials) and F0 to F4 (the other planes), start characters that
/// are decoded and checked by [`allows_char`]. A run of these bytes
/// starting at a character's start is a run of `ucschar`, which is what
/// lets the scanner classify IRI text many bytes at a time.
#[inline(always)]
pub(crate) const fn is_plain_ucs_byte(b: u8) -> bool {
    matches!(b, 0x80..=0xBF | 0xC3..=0xD7 | 0xD9..=0xDF | 0xE0 | 0xE1 | 0xE3..=0xED)
}

/// [`is_plain_ucs_byte`] as a set of bytes, for the nibble tables and the
/// runs the classifiers read.
pub(crate) const PLAIN_UCS: [bool; 256] = {
    let mut set = [false; 256];
    let mut b = 0;
    while b < 256 {
        set[b] = is_plain_ucs_byte(b as u8);
        b += 1;
    }
    set
};

/// Whether a component whose table allows `ucs` may hold the character
/// `c` (beyond ASCII) literally.
#[inline]
pub(crate) const fn allows_char(ucs: Ucs, c: u32) -> bool {
    match ucs {
        Ucs::None => false,
        Ucs::Chars => is_ucschar(c),
        Ucs::CharsAndPrivate => is_ucschar(c) || is_iprivate(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each range of section 2.2 at its boundaries, and the characters it
    /// leaves out just outside them.
    #[test]
    fn ucschar_boundaries() {
        let allowed = [
            0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x1_0000, 0x1_FFFD, 0x2_0000, 0xD_FFFD,
            0xE_1000, 0xE_FFFD,
        ];
        for c in allowed {
            assert!(is_ucschar(c), "U+{c:04X}");
        }
        let refused = [
            0x7F, 0x80, 0x9F, 0xD800, 0xDFFF, 0xE000, 0xF8FF, 0xFDD0, 0xFDEF, 0xFFF0, 0xFFFD,
            0xFFFE, 0xFFFF, 0x1_FFFE, 0x1_FFFF, 0xD_FFFE, 0xE_0000, 0xE_0FFF, 0xE_FFFE, 0xF_0000,
            0x10_FFFD, 0x11_0000,
        ];
        for c in refused {
            assert!(!is_ucschar(c), "U+{c:04X}");
        }
    }

    #[test]
    fn iprivate_boundaries() {
        for c in [0xE000, 0xF8FF, 0xF_0000, 0xF_FFFD, 0x10_0000, 0x10_FFFD] {
            assert!(is_iprivate(c) && !is_ucschar(c), "U+{c:04X}");
        }
        for c in [0xDFFF, 0xF900, 0xF_FFFE, 0xF_FFFF, 0x10_FFFE, 0x10_FFFF] {
            assert!(!is_iprivate(c), "U+{c:04X}");
        }
    }

    /// Section 4.1: the bidi formatting characters are inside the ranges
    /// of `ucschar` and still refused.
    #[test]
    fn bidi_formatting_is_refused() {
        for c in [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2069,
        ] {
            assert!(
                !is_ucschar(c) && !allows_char(Ucs::CharsAndPrivate, c),
                "U+{c:04X}"
            );
        }
        // Their neighbours are ordinary characters.
        for c in [0x061B, 0x200D, 0x2010, 0x2029, 0x202F, 0x2065, 0x206A] {
            assert!(is_ucschar(c), "U+{c:04X}");
        }
    }

    #[test]
    fn tables_add_characters_only_where_section_2_2_does() {
        assert_eq!(IQUERY.ucs(), Ucs::CharsAndPrivate);
        for t in [IUSERINFO, IREG_NAME, IAUTHORITY, IPATH, IFRAGMENT] {
            assert_eq!(t.ucs(), Ucs::Chars);
        }
        for t in [
            REG_NAME,
            PATH,
            QUERY,
            FRAGMENT,
            super::super::rfc3986::SCHEME,
        ] {
            assert_eq!(t.ucs(), Ucs::None);
        }
        assert!(IPATH.is_scanned() && IQUERY.is_scanned() && IREG_NAME.is_scanned());
    }
}
