//! Text between offsets the parser found, without the check that they are
//! character boundaries: the accessors of a parsed reference slice its
//! text at the offsets of its components on every call, and the two
//! checks of a `str` slice (reading the bytes at both ends) took 38 of the
//! 81 instructions of reading a URL's host, path and query after parsing
//! it (`bench/cachegrind.sh`, job `parse-read`, kasztp.txt).
//!
//! Why it is sound: every offset a [`Meta`](crate::parse::Meta) holds is
//! the end of the text, its start, or the place of an ASCII byte the
//! grammar delimits with (`:`, `/`, `?`, `#`, `@`, `[`, `]`) or right after
//! one; an ASCII byte is a whole character in UTF-8, so each such offset is
//! a character boundary, and a slice between two of them is UTF-8. The
//! offsets are still bounds-checked (a wrong one panics, it cannot read
//! outside the text), and debug builds, which the tests run, check the
//! boundaries too.
//!
//! May use: nothing.
#![allow(unsafe_code)]

/// `s[from..to]`, where `from` and `to` are offsets of a parsed
/// reference's components in `s` (see the module's documentation).
#[inline(always)]
pub(crate) fn slice(s: &str, from: usize, to: usize) -> &str {
    debug_assert!(
        s.is_char_boundary(from) && s.is_char_boundary(to),
        "{from}..{to} of {s:?}"
    );
    let bytes = &s.as_bytes()[from..to];
    // SAFETY: `bytes` lies between two character boundaries of a `str`
    // (the module's documentation says why), so it is UTF-8.
    unsafe { core::str::from_utf8_unchecked(bytes) }
}

/// The bytes `b` as text, where the RFC 3986 parser with its URI sets
/// (not the IRI ones) has accepted all of `b` ([`parse_bytes_as`]).
///
/// Why it is sound: the parser accepts a byte only where one of the
/// grammar's character sets or delimiters has a place for it, and every
/// one of them is ASCII (RFC 3986 section 2; `grammar` writes the sets,
/// and `tests/it/props.rs` holds the parse of bytes to it over generated
/// input with bytes above 0x7F); a byte above 0x7F ends every scan and is
/// refused. ASCII is UTF-8. Debug builds, which the tests run, check that
/// `b` is ASCII.
///
/// [`parse_bytes_as`]: crate::parse::parse_bytes_as
#[inline(always)]
pub(crate) fn accepted(b: &[u8]) -> &str {
    debug_assert!(b.is_ascii(), "{b:?}");
    // SAFETY: `b` is ASCII (see above), so it is UTF-8.
    unsafe { core::str::from_utf8_unchecked(b) }
}

/// `b` as text where every byte of it is ASCII, checked here eight bytes
/// to a word (the standard library's check of UTF-8 took 132 instructions
/// of a 56-byte line, 8 % of Safe Browsing's reading of a URL; `[u8]`'s
/// own `is_ascii`, which aligns its reads first, 36 more than this);
/// `None` where a byte is not.
///
/// Why it is sound: the check above the conversion
/// ([`crate::bytes::is_ascii`]) reads every byte of `b` (the words at
/// every eighth byte, the last eight overlapping them, or two overlapping
/// halves of a shorter `b`), and ASCII is UTF-8.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn ascii(b: &[u8]) -> Option<&str> {
    if !crate::bytes::is_ascii(b) {
        return None;
    }
    // SAFETY: every byte of `b` is below 0x80 (checked just above), so
    // `b` is ASCII, which is UTF-8.
    Some(unsafe { core::str::from_utf8_unchecked(b) })
}

#[cfg(test)]
mod tests {
    /// Text of every length to 40, and the same with a byte above 0x7F
    /// at each place: text where all is ASCII, `None` where one is not.
    #[cfg(feature = "safebrowsing")]
    #[test]
    fn ascii_is_checked_at_every_byte() {
        for n in 0..=40 {
            let plain: alloc::vec::Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert_eq!(super::ascii(&plain), core::str::from_utf8(&plain).ok());
            for at in 0..n {
                for high in [0x80, 0xC3, 0xFF] {
                    let mut b = plain.clone();
                    b[at] = high;
                    assert_eq!(super::ascii(&b), None, "{b:?}");
                }
            }
        }
    }
}
