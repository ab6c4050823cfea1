//! Scanning runs of bytes that a table allows, many bytes at a time, with
//! a classifier of [`arch`](crate::arch) (its windows of 32 or 64 bytes).

use crate::arch::{Baseline, Classify};
use crate::grammar::rfc3986::hex2_at;
use crate::grammar::rfc3987::{allows_char, is_plain_ucs_byte};
use crate::grammar::{Table, Ucs};

/// Scans bytes allowed by `t`, and `%HH` when `t` allows pct-encoded, from
/// `i`; returns the offset of the first byte that is not (an invalid `%`
/// stops the scan at the `%`).
///
/// [Scanned](Table::is_scanned) tables are read a window of 32
/// or 64 bytes at a time ([`Classify::window`]): a mask of the refused
/// bytes gives the first of them without a branch per byte, and most
/// components end within their first window. Inputs shorter than sixteen
/// bytes are scanned a byte at a time.
#[inline(always)]
pub(crate) fn scan(b: &[u8], i: usize, t: &Table) -> usize {
    scan_in(Baseline, b, i, t)
}

/// [`scan`] with the classifier `k`.
#[inline(always)]
pub(crate) fn scan_in(k: impl Classify, b: &[u8], i: usize, t: &Table) -> usize {
    let end = scan_windows(k, b, i, t);
    crate::work::add(end.saturating_sub(i) + 1);
    end
}

/// [`scan_in`] without the count of work.
#[inline(always)]
fn scan_windows(k: impl Classify, b: &[u8], mut i: usize, t: &Table) -> usize {
    let n = b.len();
    // (No caller starts past the end; if one did, the byte scan stops.)
    if !t.is_scanned() || n < 16 || i > n {
        return scan_bytes(b, i, t);
    }
    loop {
        // The window [i, i + e): most components end within one.
        let e = (n - i).min(k.width());
        let m = k.window(t, b, i);
        if m == 0 {
            // Nothing refused in the window. The next offset does not wait
            // for the classification, only for the branch's prediction.
            i += e;
            if i >= n {
                return n;
            }
            continue;
        }
        i += m.trailing_zeros() as usize;
        if b[i] == b'%' && t.allows_pct() && hex2_at(b, i + 1) {
            i += 3;
            continue;
        }
        if t.ucs() != Ucs::None && b[i] >= 0x80 {
            let j = ucs_run(b, i, t.ucs());
            if j > i {
                i = j;
                if i >= n {
                    return n;
                }
                continue;
            }
        }
        return i;
    }
}

/// [`scan`] a byte at a time.
#[inline(always)]
fn scan_bytes(b: &[u8], mut i: usize, t: &Table) -> usize {
    while let Some(&c) = b.get(i) {
        if t.allows(c) {
            i += 1;
        } else if c == b'%' && t.allows_pct() && hex2_at(b, i + 1) {
            i += 3;
        } else if t.ucs() != Ucs::None && c >= 0x80 && ucs_run(b, i, t.ucs()) > i {
            i = ucs_run(b, i, t.ucs());
        } else {
            break;
        }
    }
    i
}

/// The end of the run of characters beyond ASCII from `b[i]` that `ucs`
/// allows (RFC 3987 section 2.2). `b` comes from a `str`, so a character
/// starts at every place the scanner stops, and a
/// [plain](is_plain_ucs_byte) lead byte alone tells a `ucschar`; the
/// others are decoded and checked one by one.
#[inline(always)]
fn ucs_run(b: &[u8], mut i: usize, ucs: Ucs) -> usize {
    while let Some(&c) = b.get(i) {
        let n = match c {
            0x00..=0x7F => break,
            // A plain lead byte: two bytes below E0, three from it.
            c if is_plain_ucs_byte(c) => 2 + usize::from(c >= 0xE0),
            _ => match ucs_len(b, i, ucs) {
                Some(n) => n,
                None => break,
            },
        };
        // (A slice cut inside a character would end here.)
        if i + n > b.len() {
            break;
        }
        i += n;
    }
    i
}

/// The length of the character that starts at `b[i]` (not ASCII) if
/// `ucs` allows it (RFC 3987 section 2.2), or `None`. `b` comes from a
/// `str`, so a character starts at every place the scanner stops.
#[cold]
#[inline(never)]
fn ucs_len(b: &[u8], i: usize, ucs: Ucs) -> Option<usize> {
    let (c, n) = char_at(b, i)?;
    allows_char(ucs, c).then_some(n)
}

/// The code point that starts at `b[i]` and its length in bytes, if a
/// well-formed UTF-8 sequence starts there.
#[inline]
pub(crate) fn char_at(b: &[u8], i: usize) -> Option<(u32, usize)> {
    let n = match *b.get(i)? {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let s = core::str::from_utf8(b.get(i..i + n)?).ok()?;
    s.chars().next().map(|c| (u32::from(c), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME};

    /// Sixteen bytes classified against a table.
    #[derive(Clone)]
    struct Refused<'a> {
        t: &'a Table,
        c: [u8; 16],
    }

    impl crate::arch::Job for Refused<'_> {
        type Out = u32;
        fn run<K: Classify>(self, k: K, _: &[u8]) -> u32 {
            k.refused16(self.t, &self.c)
        }
    }

    /// What every classifier this machine can run says of `c` under `t`.
    fn refused16(t: &Table, c: [u8; 16]) -> alloc::vec::Vec<(&'static str, u32)> {
        crate::arch::every(b"", Refused { t, c })
    }

    /// A scan of a text from its start, with a classifier.
    #[derive(Clone)]
    struct Scan<'a>(&'a Table);

    impl crate::arch::Job for Scan<'_> {
        type Out = usize;
        fn run<K: Classify>(self, k: K, b: &[u8]) -> usize {
            scan_in(k, b, 0, self.0)
        }
    }

    /// The IRI tables (RFC 3987 section 2.2): every classifier lets
    /// through exactly what the table allows and the plain bytes beyond
    /// ASCII, over every byte in every lane.
    #[test]
    fn iri_lanes_let_the_plain_bytes_beyond_ascii_through() {
        use crate::grammar::rfc3987::{IFRAGMENT, IPATH, IQUERY, IREG_NAME};
        assert_eq!(
            (0..=255u8).filter(|&c| is_plain_ucs_byte(c)).count(),
            64 + 21 + 7 + 2 + 11,
            "the continuation bytes and the plain lead bytes"
        );
        for (name, t) in [
            ("ireg-name", &IREG_NAME),
            ("ipath", &IPATH),
            ("iquery", &IQUERY),
            ("ifragment", &IFRAGMENT),
        ] {
            for c in 0..=255u8 {
                for k in 0..16 {
                    let mut chunk = [b'a'; 16];
                    chunk[k] = c;
                    let want = if t.allows(c) || is_plain_ucs_byte(c) {
                        0
                    } else {
                        1 << k
                    };
                    for (how, got) in refused16(t, chunk) {
                        assert_eq!(got, want, "{how} {name}: 0x{c:02X} in lane {k}");
                    }
                }
            }
        }
    }

    /// The scanner on IRI text: each character beyond ASCII that section
    /// 2.2 allows is one the scan goes over, whatever its lead byte, and
    /// each it refuses stops the scan at its first byte.
    #[test]
    fn iri_scans_stop_exactly_at_refused_characters() {
        use crate::grammar::rfc3987::{is_ucschar, IPATH};
        let samples = [
            'a',
            'é',
            '\u{a0}',
            '\u{85}',
            '\u{61b}',
            '\u{61c}',
            '\u{200d}',
            '\u{200e}',
            '\u{202e}',
            '\u{2066}',
            'ア',
            '한',
            '\u{d7ff}',
            '\u{e000}',
            '\u{f900}',
            '\u{fdd0}',
            '\u{fffd}',
            '\u{10000}',
            '\u{1fffe}',
            '\u{e0001}',
        ];
        for &bad in &samples {
            for len in [1, 15, 16, 17, 40, 70] {
                let mut text = "ü".repeat(len);
                let at = text.len();
                text.push(bad);
                text.push_str("xyz");
                let allowed = u32::from(bad) < 0x80 || is_ucschar(u32::from(bad));
                let want = if allowed { text.len() } else { at };
                assert_eq!(
                    scan(text.as_bytes(), 0, &IPATH),
                    want,
                    "{bad:?} after {len}"
                );
                for (name, got) in crate::arch::every(text.as_bytes(), Scan(&IPATH)) {
                    assert_eq!(got, want, "{name} {bad:?} after {len}");
                }
            }
        }
    }

    #[test]
    fn lanes_agree_with_their_tables_over_all_256_bytes_in_every_lane() {
        for (name, t) in [
            ("reg-name", &REG_NAME),
            ("authority scan", &AUTHORITY),
            ("path", &PATH),
            ("query", &QUERY),
            ("fragment", &FRAGMENT),
        ] {
            assert!(t.is_scanned(), "{name}");
            for c in 0..=255u8 {
                for k in 0..16 {
                    // `a` is allowed by every one of these tables.
                    let mut chunk = [b'a'; 16];
                    chunk[k] = c;
                    let want = if t.allows(c) { 0 } else { 1 << k };
                    for (how, got) in refused16(t, chunk) {
                        assert_eq!(got, want, "{how} {name}: 0x{c:02X} in lane {k}");
                    }
                }
            }
            for (how, got) in refused16(t, [0; 16]) {
                assert_eq!(got, 0xFFFF, "{how} {name}");
            }
        }
    }
}
