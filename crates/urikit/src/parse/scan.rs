//! Scanning runs of bytes that a table allows, many bytes at a time: the
//! [`Classify`] trait, the windows of 32 or 64 bytes, and the baseline
//! classifier every target has (AVX2 is in [`simd`](super::simd)).

use crate::grammar::rfc3986::hex2_at;
use crate::grammar::rfc3987::{allows_char, is_plain_ucs_byte};
use crate::grammar::{Lanes, Table, Ucs};

/// How the parser classifies sixteen bytes at a time: [`Baseline`] on every
/// target, and on x86-64 processors that have it, AVX2 (`simd::Avx2`).
pub(crate) trait Classify: Copy {
    /// A mask of the bytes of `c` that `t` does not allow literally (bit `k`
    /// for `c[k]`). Only for tables with lanes.
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32;

    /// How many bytes [`window`](Self::window) looks at: 32, or 64 for
    /// the classifier of long inputs.
    #[inline(always)]
    fn width(self) -> usize {
        32
    }

    /// A mask of the bytes of `b[i..]` that `t` refuses, for the first
    /// [`width`](Self::width) of them (bit `k` for `b[i + k]`; no bit at or
    /// past the end of `b`). `b` holds at least 16 bytes (at least 32 for
    /// a width of 64), and `i <= b.len()`.
    ///
    /// Two chunks, at `i` and `i + 16`, each moved back to end at the end
    /// of `b` where it would pass it (so they may overlap): no branch
    /// decides between whole and partial chunks.
    #[inline(always)]
    fn window(self, t: &Table, b: &[u8], i: usize) -> u64 {
        two_chunks::<16>(b, i, |c| u64::from(self.refused16(t, c)))
    }
}

/// A window of `2 * W` bytes from `i`: the masks `refused` gives for the
/// chunks at `i` and `i + W`, each moved back to end at the end of `b`
/// where it would pass it (so they may overlap), joined so that bit `k`
/// stands for `b[i + k]` (no bit at or past the end of `b`). `b` holds at
/// least `W` bytes, and `i <= b.len()`.
#[inline(always)]
pub(crate) fn two_chunks<const W: usize>(
    b: &[u8],
    i: usize,
    refused: impl Fn(&[u8; W]) -> u64,
) -> u64 {
    let last = b.len() - W;
    let at = |p: usize| {
        b.get(p..)
            .and_then(|r| r.first_chunk::<W>())
            .map_or(0, &refused)
    };
    let (x, y) = (i.min(last), (i + W).min(last));
    // The second chunk starts y - i bytes into the window, or, near the end
    // of `b`, i - y bytes before it: one of the shifts is by 0.
    (at(x) >> (i - x)) | ((at(y) << y.saturating_sub(i)) >> i.saturating_sub(y))
}

/// The classifier every target has: SSE2 intrinsics on x86-64 (the `simd`
/// module), elsewhere comparisons the compiler vectorizes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Baseline;

impl Classify for Baseline {
    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
        return {
            let r = crate::parse::simd::sse2_refused16(t.lanes(), c);
            // An IRI component lets the plain bytes beyond ASCII through
            // (the table's test is known when this is inlined).
            if t.ucs() == Ucs::None {
                r
            } else {
                r & !crate::parse::simd::sse2_plain_ucs16(c)
            }
        };
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))))]
        return portable_refused16(t, c);
    }
}

/// [`Classify::refused16`] without intrinsics, IRI components included.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
#[inline(always)]
fn portable_refused16(t: &Table, c: &[u8; 16]) -> u32 {
    let r = refused16_portable(t.lanes(), c);
    if t.ucs() == Ucs::None {
        r
    } else {
        r & !plain_ucs16_portable(c)
    }
}

/// A mask of the bytes of `c` that are [plain](is_plain_ucs_byte) bytes
/// beyond ASCII, without intrinsics.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn plain_ucs16_portable(c: &[u8; 16]) -> u32 {
    let mut f = [0u8; 16];
    for k in 0..16 {
        f[k] = u8::from(is_plain_ucs_byte(c[k]));
    }
    gather_bits(&f)
}

/// Sixteen bytes of 0 or 1 as sixteen bits: byte `j` of a word lands on
/// bit `56 + j` of the word times `MAGIC`.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
#[inline(always)]
fn gather_bits(f: &[u8; 16]) -> u32 {
    const MAGIC: u64 = 0x0102_0408_1020_4080;
    let [lo, hi] = [&f[..8], &f[8..]].map(|h| {
        let x = u64::from_le_bytes(h.try_into().unwrap_or_default());
        (x.wrapping_mul(MAGIC) >> 56) as u32
    });
    lo | hi << 8
}

/// [`Classify::refused16`] without intrinsics: each lane is a few comparisons,
/// which compile to SSE2 or NEON instructions, and the 0-or-1 bytes are
/// gathered into bits by a multiplication.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
#[inline(always)]
fn refused16_portable(lanes: Lanes, c: &[u8; 16]) -> u32 {
    let mut f = [0u8; 16];
    for k in 0..16 {
        f[k] = u8::from(refused_lane(lanes, c[k]));
    }
    gather_bits(&f)
}

/// Whether `x` is refused by the tables that have `lanes`. Every test is
/// computed (`|`, not `||`) so that sixteen lanes run in step.
#[inline(always)]
const fn refused_lane(lanes: Lanes, x: u8) -> bool {
    // Refused by every component: controls, space, DEL and non-ASCII, and
    // `"` `#` `%` (which only starts a triplet) `<` `>` `[` `\` `]` `^` `` ` ``
    // `{` `|` `}`.
    let any = (x.wrapping_sub(0x21) >= 0x5E)
        | (x.wrapping_sub(b'"') < 2)
        | (x == b'%')
        | (x == b'<')
        | (x == b'>')
        | (x.wrapping_sub(b'[') < 4)
        | (x == b'`')
        | (x.wrapping_sub(b'{') < 3);
    match lanes {
        Lanes::Query => any,
        Lanes::Path => any | (x == b'?'),
        Lanes::Authority => any | (x == b'/') | (x == b'?') | (x == b'@'),
        Lanes::RegName => any | (x == b'/') | (x == b'?') | (x == b'@') | (x == b':'),
        Lanes::None => true,
    }
}

/// Scans bytes allowed by `t`, and `%HH` when `t` allows pct-encoded, from
/// `i`; returns the offset of the first byte that is not (an invalid `%`
/// stops the scan at the `%`).
///
/// Tables with [`Lanes`] are scanned a window of 32
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
    if !t.has_lanes() || n < 16 || i > n {
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

    type Refused16 = fn(&Table, &[u8; 16]) -> u32;

    /// Every classifier this machine can run, by name: the baseline, the
    /// portable form (which x86-64 does not otherwise use), and AVX2 where
    /// the processor has it.
    fn classifiers() -> alloc::vec::Vec<(&'static str, Refused16)> {
        #[allow(unused_mut)]
        let mut v: alloc::vec::Vec<(&'static str, Refused16)> = alloc::vec![
            ("baseline", |t, c| Baseline.refused16(t, c)),
            ("portable", portable_refused16),
        ];
        #[cfg(target_arch = "x86_64")]
        if crate::parse::simd::Avx2::detect().is_some() {
            v.push(("avx2", |t, c| {
                crate::parse::simd::Avx2::detect().map_or(0, |k| k.refused16(t, c))
            }));
        }
        v
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
            for (how, refused16) in classifiers() {
                for c in 0..=255u8 {
                    for k in 0..16 {
                        let mut chunk = [b'a'; 16];
                        chunk[k] = c;
                        let want = if t.allows(c) || is_plain_ucs_byte(c) {
                            0
                        } else {
                            1 << k
                        };
                        assert_eq!(
                            refused16(t, &chunk),
                            want,
                            "{how} {name}: 0x{c:02X} in lane {k}"
                        );
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
                #[cfg(target_arch = "x86_64")]
                if let Some(k) = crate::parse::simd::Avx2::detect() {
                    assert_eq!(
                        scan_in(k, text.as_bytes(), 0, &IPATH),
                        want,
                        "avx2 {bad:?} after {len}"
                    );
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
            assert!(t.has_lanes(), "{name}");
            for c in 0..=255u8 {
                assert_eq!(t.nibbles().refuses(c), !t.allows(c), "{name}: 0x{c:02X}");
            }
            for (how, refused16) in classifiers() {
                for c in 0..=255u8 {
                    for k in 0..16 {
                        // `a` is allowed by every one of these tables.
                        let mut chunk = [b'a'; 16];
                        chunk[k] = c;
                        let want = if t.allows(c) { 0 } else { 1 << k };
                        assert_eq!(
                            refused16(t, &chunk),
                            want,
                            "{how} {name}: 0x{c:02X} in lane {k}"
                        );
                    }
                }
                assert_eq!(refused16(t, &[0; 16]), 0xFFFF, "{how} {name}");
            }
        }
    }
}
