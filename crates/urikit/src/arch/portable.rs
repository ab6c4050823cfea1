//! The backend every target has, in plain Rust: comparisons the compiler
//! vectorizes where it can (SSE2, NEON) and words of eight bytes, with no
//! intrinsic. Other targets use it for everything; x86-64 uses it where a
//! text is too short for a vector, and its tests use it as the reference
//! the vector backends are checked against.
//!
//! May use: `arch::kernel`, `grammar`, `bytes`.

use super::kernel::Classify;
use super::sets::{Runs, PLAIN_UCS, RUNS};
use crate::grammar::{Table, Ucs};
#[cfg(feature = "alloc")]
use {
    super::kernel::{outside_uris, stops_after, Block64, TextMarks},
    crate::bytes::{zero_bytes, LOW7, ONES},
};

/// The portable classifier: each byte compared against the table's
/// [`Runs`] (and, in an IRI component, those of the plain bytes beyond
/// ASCII), sixteen lanes in step, which the compiler vectorizes; the
/// answers gathered into bits by a multiplication.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Classify for Portable {
    type Wide = Portable;

    #[inline(always)]
    fn wide(self) -> Portable {
        self
    }

    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        let Some(id) = t.scan() else {
            return 0xFFFF;
        };
        let runs = &RUNS[id as usize];
        let mut f = [0u8; 16];
        // The table's test is known when this is inlined.
        if t.ucs() == Ucs::None {
            for k in 0..16 {
                f[k] = u8::from(in_runs(runs, c[k]));
            }
        } else {
            for k in 0..16 {
                f[k] = u8::from(in_runs(runs, c[k]) & !in_runs(&PLAIN_UCS, c[k]));
            }
        }
        gather_bits(&f)
    }
}

/// Whether `x` is in one of `runs`: `x - first` (mod 256) at most the
/// run's span. Every test is computed (`|`, not `||`) so that sixteen
/// lanes run in step.
#[inline(always)]
fn in_runs(runs: &Runs, x: u8) -> bool {
    let mut hit = false;
    for k in 0..runs.n {
        hit |= x.wrapping_sub(runs.first[k]) <= runs.span[k];
    }
    hit
}

/// Sixteen bytes of 0 or 1 as sixteen bits: byte `j` of a word lands on
/// bit `56 + j` of the word times `MAGIC`.
#[inline(always)]
fn gather_bits(f: &[u8; 16]) -> u32 {
    const MAGIC: u64 = 0x0102_0408_1020_4080;
    let [lo, hi] = [&f[..8], &f[8..]].map(|h| {
        let x = u64::from_le_bytes(h.try_into().unwrap_or_default());
        (x.wrapping_mul(MAGIC) >> 56) as u32
    });
    lo | hi << 8
}

/// [`TextMarks`] of `b` (at most 64 bytes): the bytes copied into a block
/// of zeros (which none of the masks marks), then classified a word at a
/// time.
#[cfg(feature = "alloc")]
pub(crate) fn text_marks(b: &[u8]) -> Option<TextMarks> {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |hits: u64| ((hits >> 7).wrapping_mul(GATHER) >> 56) & 0xFF;
    let mut c = [0u8; 64];
    c.get_mut(..b.len())?.copy_from_slice(b);
    let mut m = TextMarks::default();
    for (j, w) in c.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(w.try_into().unwrap_or_default());
        let eq = |x: u8| gather(zero_bytes(w ^ (ONES * u64::from(x))));
        // Capitals: low seven bits from `A` to `Z`, top bit clear (no
        // carry leaves a byte).
        let h = w & LOW7;
        let capital = (h + ONES * u64::from(0x80 - b'A'))
            & !(h + ONES * u64::from(0x80 - b'Z' - 1))
            & !w
            & !LOW7;
        m.add(8 * j, [eq(b'%'), gather(capital), eq(b'/'), eq(b'.')]);
    }
    Some(m)
}

/// The portable blocks: eight words, each byte compared with
/// [`zero_bytes`] and the high bits gathered into a byte by a
/// multiplication (bit `8j + 7` of a word lands on bit `56 + j` of the
/// product, and no two partial products meet).
#[cfg(feature = "alloc")]
impl Block64 for Portable {
    type V = [u64; 8];
    type M = u64;
    type Tally = usize;
    const TALLY_BLOCKS: usize = usize::MAX;

    #[inline(always)]
    fn load(self, c: &[u8; 64]) -> [u64; 8] {
        core::array::from_fn(|j| {
            let w = c[8 * j..].first_chunk::<8>().copied().unwrap_or_default();
            u64::from_le_bytes(w)
        })
    }

    #[inline(always)]
    fn eq(self, v: [u64; 8], x: u8) -> u64 {
        let xs = ONES * u64::from(x);
        (0..8).fold(0, |m, j| m | gather(zero_bytes(v[j] ^ xs)) << (8 * j))
    }

    crate::arch::kernel::bit_masks!();

    #[inline(always)]
    fn stops(self, _: [u64; 8], c: &[u8; 64], xs: u64) -> u64 {
        stops_after(c, xs, outside_uris)
    }

    #[inline(always)]
    fn high(self, v: [u64; 8]) -> u64 {
        (0..8).fold(0, |m, j| m | gather(v[j] & !LOW7) << (8 * j))
    }

    #[inline(always)]
    fn or_v(self, a: [u64; 8], b: [u64; 8]) -> [u64; 8] {
        core::array::from_fn(|j| a[j] | b[j])
    }

    #[inline(always)]
    fn zero(self) -> [u64; 8] {
        [0; 8]
    }
}

/// The high bits of a word's bytes as the low eight bits.
#[cfg(feature = "alloc")]
#[inline(always)]
fn gather(hits: u64) -> u64 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    ((hits >> 7).wrapping_mul(GATHER) >> 56) & 0xFF
}

/// The portable reading of a host name of 1 to 64 bytes for the Public
/// Suffix List's walk (`arch::read_name`): copied into zeros as
/// [`crate::bytes::dots_capitals`] reads it, lowered where it has
/// capitals, and given to `f` with its dots.
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn read_name<R>(b: &[u8], f: impl FnOnce(&crate::bytes::Room, u64) -> R) -> R {
    let mut room = [0u8; crate::bytes::PADDED];
    let (dots, capital) = crate::bytes::dots_capitals(b, &mut room);
    if capital {
        crate::bytes::lower_room(&mut room);
    }
    f(&room, dots)
}

#[cfg(test)]
mod tests {
    use super::super::kernel::RefMarks;
    use super::*;

    /// The marks of the portable blocks (the reference the vector
    /// backends are checked against) mark exactly the bytes equal to the
    /// values, in every position, whatever the other bytes are (a byte
    /// just above or below a value, or a space, 0x00 and 0xFF beside it),
    /// and the colons that a byte outside URIs, or the end, follows are
    /// no candidates.
    #[test]
    fn marks_mark_exactly_the_bytes() {
        let stops = outside_uris;
        let fill = [
            0u8, 0x20, 0x21, 0x22, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x09, 0x0A, 0x0B, 0x7C, 0x80,
            0xA0, 0xFF,
        ];
        for k in 0..64 {
            for &f in &fill {
                for &v in &[b':', b'<', b'\n', b'a', b' ', 0xFF] {
                    for next in [0u8, b' ', b'!', b'"', b'a', 0x80] {
                        let mut c = [f; 64];
                        c[k] = v;
                        if k > 0 {
                            c[k - 1] = b':';
                        }
                        let want = |p: &dyn Fn(usize, u8) -> bool| {
                            c.iter()
                                .enumerate()
                                .filter(|&(i, &b)| p(i, b))
                                .fold(0u64, |m, (i, _)| m | 1 << i)
                        };
                        let after = |i: usize| c.get(i + 1).copied().unwrap_or(next);
                        let got = crate::arch::generic::marks(Portable, &c, next, b':', b'\n');
                        let third = want(&|_, b| b == b'\n');
                        assert_eq!(
                            got.candidates,
                            want(&|i, b| b == b':' && !stops(after(i))),
                            "{k} {f:#x} {v:#x} {next:#x}"
                        );
                        assert_eq!(
                            (got.third, got.thirds),
                            (third, third.count_ones()),
                            "{k} {f:#x}"
                        );
                        assert_eq!(got.high, want(&|_, b| b >= 0x80), "{k} {f:#x}");
                    }
                }
            }
        }
    }

    /// The two blocks of a reference's marks answer for every byte and
    /// every pair of neighbours, at every length to the longest, in every
    /// range: a `%` at one place, a `/` and a `.` after it at another
    /// (among them the pair across the first block's end, bytes 63 and 64).
    #[test]
    fn ref_marks_answer_for_every_byte_and_pair() {
        for n in 0..=RefMarks::MAX + 2 {
            for k in 0..n.saturating_sub(1) {
                let mut b = alloc::vec![b'x'; n];
                b[k] = b'/';
                b[k + 1] = b'.';
                if n - 1 - k > k + 1 {
                    b[n - 1 - k] = b'%';
                }
                let Some(m) = RefMarks::of(&b, text_marks) else {
                    assert!(n > RefMarks::MAX);
                    continue;
                };
                for start in 0..=n {
                    for end in [start, start + 1, start + 2, k + 1, k + 2, n, n - k] {
                        let r = start..end.clamp(start, n);
                        let pct = b[r.clone()].contains(&b'%');
                        assert_eq!(m.any(|t| t.pct, r.clone()), pct, "{n} {k} {r:?}");
                        let pair = r.contains(&(k + 1));
                        let got = m.any(|t| (t.slash << 1) & t.dot, r.clone());
                        assert_eq!(got, pair, "{n} {k} {r:?}");
                    }
                }
            }
        }
    }

    /// The masks mark exactly the bytes they name, at every length to 64
    /// (and there is none beyond), for every byte value at every place.
    #[test]
    fn text_marks_mark_exactly_the_bytes() {
        for n in 0..=65usize {
            for k in 0..n {
                for v in [
                    b'%', b'/', b'.', b'A', b'M', b'Z', b'@', b'[', b'a', 0xC1, 0xDA, 0,
                ] {
                    let mut b = alloc::vec![b'x'; n];
                    b[k] = v;
                    let want = |p: &dyn Fn(u8) -> bool| {
                        b.iter()
                            .enumerate()
                            .filter(|&(_, &c)| p(c))
                            .fold(0u64, |m, (i, _)| m | 1 << i)
                    };
                    let got = text_marks(&b);
                    if n > 64 {
                        assert_eq!(got, None);
                        continue;
                    }
                    let want = TextMarks {
                        pct: want(&|c| c == b'%'),
                        upper: want(&|c| c.is_ascii_uppercase()),
                        slash: want(&|c| c == b'/'),
                        dot: want(&|c| c == b'.'),
                    };
                    assert_eq!(got, Some(want), "{n} {k} {v:#x}");
                }
            }
        }
    }
}
