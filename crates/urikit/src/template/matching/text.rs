//! Text compared up to how its escapes are spelled (RFC 3986 section
//! 6.2.2: `%7E` and `~` are one), and UTF-8 checked a byte at a time.
//!
//! May use: `grammar`, `out`.

use crate::grammar::rfc3986::{hex_val, UNRESERVED};
use crate::out::Push;

/// UTF-8 checked a byte at a time (the decoded bytes of a value, which
/// are never gathered): how many continuation bytes are due, their range,
/// and where the sequence began.
#[derive(Default)]
pub(super) struct Utf8 {
    pub(super) need: u8,
    pub(super) lo: u8,
    pub(super) hi: u8,
    pub(super) start: usize,
}

impl Utf8 {
    /// Takes byte `b` (from offset `at`); false where the text stops being
    /// UTF-8 (RFC 3629 section 4's ranges).
    pub(super) fn feed(&mut self, b: u8, at: usize) -> bool {
        if self.need > 0 {
            if b < self.lo || b > self.hi {
                return false;
            }
            self.need -= 1;
            (self.lo, self.hi) = (0x80, 0xBF);
            return true;
        }
        self.start = at;
        let (need, lo, hi) = match b {
            0x00..=0x7F => return true,
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xE1..=0xEF => (2, 0x80, 0xBF),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => return false,
        };
        (self.need, self.lo, self.hi) = (need, lo, hi);
        true
    }
}

/// One unit of text at `i`: the byte a `%HH` triplet stands for, or the
/// byte itself; whether it is an escaped delimiter (which is not the
/// delimiter: RFC 3986 sections 2.2 and 6.2.2.2, while an escaped
/// unreserved character or a byte beyond ASCII is the same as itself);
/// and its length.
#[inline]
pub(super) fn unit(b: &[u8], i: usize) -> (u8, bool, usize) {
    let c = b[i];
    if c == b'%' {
        if let (Some(h), Some(l)) = (
            b.get(i + 1).and_then(|&h| hex_val(h)),
            b.get(i + 2).and_then(|&l| hex_val(l)),
        ) {
            let v = (h << 4) | l;
            return (v, !(v >= 0x80 || UNRESERVED.allows(v)), 3);
        }
    }
    (c, false, 1)
}

/// Whether `v` is unreserved characters alone (RFC 3986 section 2.3).
pub(super) fn only_unreserved(v: &[u8]) -> bool {
    v.iter().all(|&c| unreserved(c))
}

/// Whether byte `c` is an unreserved character (RFC 3986 section 2.3).
#[inline]
pub(super) fn unreserved(c: u8) -> bool {
    UNRESERVED.allows(c)
}

/// Whether the literal `lit` (as expansion writes it) is at `p` in `b`,
/// unit by unit: the end of it, or the first byte that differs.
pub(super) fn literal_at(lit: &[u8], b: &[u8], p: usize) -> Result<usize, usize> {
    let mut same = SameText::new(b, p, b.len());
    same.compare(lit);
    same.end().ok_or(same.at())
}

/// A sink that compares what expansion writes with `b[pos..end]`, unit by
/// unit, instead of keeping it. Expansion writes each `%HH` whole.
pub(super) struct SameText<'u> {
    pub(super) b: &'u [u8],
    pub(super) pos: usize,
    pub(super) end: usize,
    pub(super) failed: bool,
}

impl<'u> SameText<'u> {
    pub(super) fn new(b: &'u [u8], pos: usize, end: usize) -> SameText<'u> {
        SameText {
            b,
            pos,
            end,
            failed: false,
        }
    }

    pub(super) fn compare(&mut self, s: &[u8]) {
        crate::work::add(s.len());
        // Most text is the URI's bytes as they are: the same units, unless
        // it ends inside what the URI continues as a `%HH` (`%4` before
        // `%41`), which the walk below refuses.
        if !self.failed {
            if let Some(rest) = self.b.get(self.pos..self.end) {
                let cut = s.len() >= 2 && s[s.len() - 2] == b'%' || s.last() == Some(&b'%');
                if !cut && rest.starts_with(s) {
                    self.pos += s.len();
                    return;
                }
            }
        }
        let mut i = 0;
        while i < s.len() && !self.failed {
            if self.pos >= self.end {
                self.failed = true;
                break;
            }
            // Most bytes are themselves on both sides.
            let c = s[i];
            if c == self.b[self.pos] && c != b'%' {
                i += 1;
                self.pos += 1;
                continue;
            }
            let (v, esc, len) = unit(s, i);
            let (w, wesc, wlen) = unit(self.b, self.pos);
            if (v, esc) != (w, wesc) || self.pos + wlen > self.end {
                self.failed = true;
                break;
            }
            self.pos += wlen;
            i += len;
        }
    }

    /// Where the text written ends in `b`, if it was all there.
    pub(super) fn end(&self) -> Option<usize> {
        (!self.failed).then_some(self.pos)
    }

    /// The byte of `b` where it stopped.
    pub(super) fn at(&self) -> usize {
        self.pos
    }

    /// Whether the text written is all of `b[..end]`.
    pub(super) fn complete(&self) -> bool {
        !self.failed && self.pos == self.end
    }
}

impl Push for SameText<'_> {
    fn push_str(&mut self, s: &str) {
        self.compare(s.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_equal_up_to_how_escapes_are_spelled() {
        let same = |a: &str, b: &str| literal_at(a.as_bytes(), b.as_bytes(), 0) == Ok(b.len());
        assert!(same("%7E", "~"));
        assert!(same("%7e", "%7E"));
        assert!(same("%C3%A9", "é"));
        assert!(!same("%2F", "/"));
        assert!(!same("/", "%2F"));
        assert!(same("a%2Fb", "a%2fb"));
        assert_eq!(literal_at(b"abc", b"abx", 0), Err(2));
        assert_eq!(literal_at(b"abc", b"ab", 0), Err(2));
        // Text that stops inside what the URI continues as a triplet is
        // not the same: `%4` is not the first unit of `%41` (`A`).
        assert_eq!(literal_at(b"a%4", b"a%41", 0), Err(1));
        assert_eq!(literal_at(b"a%", b"a%41", 0), Err(1));
        assert_eq!(literal_at(b"a%41", b"a%41", 0), Ok(4));
        assert_eq!(literal_at(b"a%zz", b"a%zz", 0), Ok(4));
    }
}
