//! The escaping steps of the Internet Archive's canonicalization: percent
//! decoding repeated until nothing decodes, and the one escape pass that
//! follows it.

use alloc::vec::Vec;

/// `bytes` percent-decoded again and again until no `%XX` is left
/// (`unescapeRepeatedly`: `%2525` and `%25%32%35` are both `%`), in one
/// pass ([`crate::pct::unescape_repeatedly_tagged`]). `None` where there
/// is no `%`.
pub(crate) fn unescape_repeatedly(bytes: &[u8]) -> Option<Vec<u8>> {
    let first = memchr::memchr(b'%', bytes)?;
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut tags = Vec::new();
    crate::pct::unescape_repeatedly_tagged(
        &bytes[first..],
        &mut out,
        &mut tags,
        |_| (),
        |_, _, _| (),
    );
    Some(out)
}

/// Whether `escape_once` leaves `b` as it is: printable ASCII but `#` and
/// `%` (`escapeOnce`, Python's `quote` with every other printable
/// character safe).
const fn kept(b: u8) -> bool {
    b >= 0x21 && b < 0x7f && b != b'#' && b != b'%'
}

/// A byte that [`escape_once`] escapes.
pub(crate) const ESCAPED: u8 = 1;
/// An ASCII capital letter.
pub(crate) const UPPER: u8 = 2;

/// The classes of each byte.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if !kept(c) {
            t[b] |= ESCAPED;
        }
        if c.is_ascii_uppercase() {
            t[b] |= UPPER;
        }
        b += 1;
    }
    t
};

/// The classes of the bytes of `s`, together: one pass (without an early
/// exit, which costs more than it saves on the short pieces of a URL)
/// answers whether any step that follows has work to do.
pub(crate) fn classes(s: &[u8]) -> u8 {
    s.iter().fold(0, |a, &b| a | CLASS[usize::from(b)])
}

/// `s` in ASCII lower case; `None` where it holds no capital.
pub(crate) fn lower(s: &[u8]) -> Option<Vec<u8>> {
    (classes(s) & UPPER != 0).then(|| s.to_ascii_lowercase())
}

/// `bytes` with every byte outside printable ASCII, and `#` and `%`,
/// percent-encoded in upper-case hex (`escapeOnce`); `None` where every
/// byte is kept.
#[cfg(test)]
pub(crate) fn escape_once(bytes: &[u8]) -> Option<Vec<u8>> {
    (classes(bytes) & ESCAPED != 0).then(|| escape_all(bytes))
}

/// [`escape_once`] of bytes known to hold one to escape.
pub(crate) fn escape_all(bytes: &[u8]) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let first = bytes.iter().position(|&b| !kept(b)).unwrap_or(bytes.len());
    let mut out = Vec::with_capacity(bytes.len() + 8);
    out.extend_from_slice(&bytes[..first]);
    let bytes = &bytes[first..];
    for &b in bytes {
        if kept(b) {
            out.push(b);
        } else {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases of webarchive-commons' `GoogleURLCanonicalizerTest`
    /// `testUnescapeRepeatedly`, as the `surt` package keeps them.
    #[test]
    fn unescapes_to_the_end() {
        for (input, want) in [
            ("%!A%21%21%25", "%!A!!%"),
            ("%", "%"),
            ("%2", "%2"),
            ("%25", "%"),
            ("%25%", "%%"),
            ("%2525", "%"),
            ("%252525", "%"),
            ("%25%32%35", "%"),
            ("%%%25%32%35asd%%", "%%%asd%%"),
        ] {
            let got = unescape_repeatedly(input.as_bytes()).unwrap();
            assert_eq!(got, want.as_bytes(), "{input}");
        }
    }

    #[test]
    fn escapes_outside_printable_ascii() {
        assert_eq!(
            escape_once(b"a b#%~\x7f\xff").unwrap(),
            b"a%20b%23%25~%7F%FF"
        );
        assert_eq!(escape_once(b"a/b?c"), None);
        assert_eq!(unescape_repeatedly(b"abc"), None);
    }
}
