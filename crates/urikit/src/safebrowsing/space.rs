//! White space as Go's `strings.TrimSpace` trims it: Unicode's White_Space
//! property (`unicode.IsSpace`), read from bytes that need not be UTF-8.

/// The white space characters beyond ASCII, in UTF-8: U+0085, U+00A0,
/// U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
fn wide(c: &[u8]) -> bool {
    matches!(
        c,
        [0xC2, 0x85 | 0xA0]
            | [0xE1, 0x9A, 0x80]
            | [0xE2, 0x80, 0x80..=0x8A | 0xA8 | 0xA9 | 0xAF]
            | [0xE2, 0x81, 0x9F]
            | [0xE3, 0x80, 0x80]
    )
}

/// The length of the white space character that `b` begins with, or 0.
fn at_start(b: &[u8]) -> usize {
    match b.first() {
        Some(b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ') => 1,
        Some(0xC2) if b.len() >= 2 && wide(&b[..2]) => 2,
        Some(0xE1..=0xE3) if b.len() >= 3 && wide(&b[..3]) => 3,
        _ => 0,
    }
}

/// The length of the white space character that `b` ends with, or 0. Its
/// first byte is a lead byte, so no longer character can end with it.
fn at_end(b: &[u8]) -> usize {
    match b.last() {
        Some(b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ') => 1,
        // A wide character ends in a continuation byte.
        Some(c) if c.is_ascii() => 0,
        Some(_) if b.len() >= 2 && wide(&b[b.len() - 2..]) => 2,
        Some(_) if b.len() >= 3 && wide(&b[b.len() - 3..]) => 3,
        _ => 0,
    }
}

/// The bounds of `b` without white space at either end.
pub(super) fn trim(b: &[u8]) -> (usize, usize) {
    let (mut start, mut end) = (0, b.len());
    loop {
        let n = at_start(&b[start..end]);
        if n == 0 {
            break;
        }
        start += n;
    }
    loop {
        let n = at_end(&b[start..end]);
        if n == 0 {
            break;
        }
        end -= n;
    }
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every White_Space character of Unicode, and their neighbours.
    #[test]
    fn trims_unicode_white_space() {
        let spaces = "\t\n\u{b}\u{c}\r \u{85}\u{a0}\u{1680}\u{2000}\u{2005}\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}";
        let text = alloc::format!("{spaces}a{spaces}b{spaces}");
        let (s, e) = trim(text.as_bytes());
        assert_eq!(&text[s..e], alloc::format!("a{spaces}b"));
        for kept in ["\u{200b}", "\u{180e}", "\u{feff}", "\u{1c}", "\u{2060}"] {
            assert_eq!(trim(kept.as_bytes()), (0, kept.len()), "{kept:?}");
        }
        // Not UTF-8: kept, as Go keeps what decodes to U+FFFD.
        assert_eq!(trim(b"\xa0 x \x85"), (0, 5));
        assert_eq!(trim(b""), (0, 0));
    }
}
