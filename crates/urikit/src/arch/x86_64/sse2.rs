//! SSE2, which every x86-64 processor has (the module is compiled only
//! where it is enabled at compile time): the parser's classifier, the
//! extractor's marks of a block, the normalizer's marks of a short
//! reference, the search for `/.`, a host name's dots and capitals and a
//! hash's hex digits, sixteen bytes to a register.
//!
//! Why it is sound: SSE2 is enabled at compile time, so its intrinsics
//! always exist; the only intrinsic that touches memory,
//! `_mm_loadu_si128`, reads the sixteen bytes of a `&[u8; 16]` (valid and
//! initialized, no alignment required). Nothing here writes memory.
//!
//! May use: `arch::kernel`, `arch::portable`, `grammar`, `work`.
#![allow(unsafe_code)]

#[cfg(feature = "psl")]
use core::arch::x86_64::_mm_set_epi64x;
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
};
#[cfg(feature = "alloc")]
use core::arch::x86_64::{
    _mm_add_epi64, _mm_and_si128, _mm_cvtsi128_si64, _mm_sad_epu8, _mm_sub_epi8, _mm_unpackhi_epi64,
};
#[cfg(feature = "safebrowsing")]
use core::arch::x86_64::{_mm_srli_epi16, _mm_unpackhi_epi8, _mm_unpacklo_epi8};

use crate::arch::kernel::Classify;
use crate::arch::sets::{Runs, PLAIN_UCS, RUNS};
use crate::grammar::{Table, Ucs};
#[cfg(feature = "alloc")]
use {
    super::chunk,
    crate::arch::kernel::{outside_uris, stops_after, Block64, TextMarks},
};

/// The SSE2 classifier: each of the table's [`Runs`] is one or two
/// comparisons of sixteen bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2;

impl Classify for Sse2 {
    type Wide = Sse2;

    #[inline(always)]
    fn wide(self) -> Sse2 {
        self
    }

    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        let Some(id) = t.scan() else {
            return 0xFFFF;
        };
        let runs = &RUNS[id as usize];
        // SAFETY: SSE2 is enabled at compile time; the load reads the
        // sixteen bytes `c` refers to.
        unsafe {
            let x = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
            let refused = in_runs(runs, x);
            // An IRI component lets the plain bytes beyond ASCII through
            // (the table's test is known when this is inlined).
            let m = _mm_movemask_epi8(refused) as u32;
            if t.ucs() == Ucs::None {
                m
            } else {
                m & !(_mm_movemask_epi8(in_runs(&PLAIN_UCS, x)) as u32)
            }
        }
    }
}

/// The bytes of `x` in one of `runs`, as 0xFF (the others 0): a run of one
/// byte is one equality; a longer one, from `first` over `span` more, is
/// one addition that moves `first` to -128 and one signed comparison.
#[inline(always)]
fn in_runs(runs: &Runs, x: __m128i) -> __m128i {
    // SAFETY: SSE2 is enabled at compile time; nothing here touches
    // memory.
    unsafe {
        let set = |b: u8| _mm_set1_epi8(b as i8);
        let mut hit = _mm_setzero_si128();
        for k in 0..runs.n {
            let (first, span) = (runs.first[k], runs.span[k]);
            let m = if span == 0 {
                _mm_cmpeq_epi8(x, set(first))
            } else {
                // x - first (mod 256) <= span, as signed bytes: the sum is
                // (x - first) - 128, below span - 127.
                let t = _mm_add_epi8(x, set(0x80u8.wrapping_sub(first)));
                _mm_cmpgt_epi8(set(span.wrapping_sub(127)), t)
            };
            hit = _mm_or_si128(hit, m);
        }
        hit
    }
}

/// Whether a byte of `b` (sixteen bytes or more) is in one of `runs`:
/// sixteen bytes to a compare of each run, the last sixteen ending where
/// `b` does.
#[cfg(feature = "w3lib")]
#[inline]
pub(crate) fn any_in_runs(b: &[u8], runs: &Runs) -> bool {
    let n = b.len();
    let mut at = 0;
    loop {
        let at_most = at.min(n.saturating_sub(16));
        let Some(c) = b[at_most..].first_chunk::<16>() else {
            return false;
        };
        // SAFETY: SSE2 is enabled at compile time; the load reads the
        // sixteen bytes of `c`.
        let hit = unsafe {
            let x = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
            _mm_movemask_epi8(in_runs(runs, x))
        };
        if hit != 0 {
            return true;
        }
        if at_most + 16 >= n {
            return false;
        }
        at += 16;
    }
}

/// The masks of [`TextMarks`] (`%`, capitals, `/`, `.`) of sixteen bytes.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn text_classes(c: &[u8; 16]) -> [u64; 4] {
    // SAFETY: SSE2 is enabled at compile time, and the load reads the
    // sixteen bytes `c` refers to.
    unsafe {
        let v = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
        let eq = |x: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(x as i8));
        // Signed: bytes beyond ASCII are below `A`.
        let capital = _mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8((b'A' - 1) as i8)),
            _mm_cmpgt_epi8(_mm_set1_epi8((b'Z' + 1) as i8), v),
        );
        [eq(b'%'), capital, eq(b'/'), eq(b'.')].map(|x| u64::from(_mm_movemask_epi8(x) as u16))
    }
}

/// [`TextMarks`] of `b` (at most 64 bytes): four sixteen-byte chunks, each
/// moved back to end at the end of `b` where it would pass it, their masks
/// shifted to the chunk's place (overlaps agree). Shorter than sixteen
/// bytes, the portable form.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn text_marks(b: &[u8]) -> Option<TextMarks> {
    let n = b.len();
    if n < 16 {
        return crate::arch::portable::text_marks(b);
    }
    if n > 64 {
        return None;
    }
    let mut m = TextMarks::default();
    for k in 0..4 {
        let at = (16 * k).min(n - 16);
        m.add(at, text_classes(chunk::<16>(&b[at..], 0)));
    }
    Some(m)
}

/// The dots of a host name of 1 to 64 bytes (bit `k` set where `b[k]` is
/// `.`), and whether it holds an ASCII capital: from eight bytes, sixteen
/// to a compare (up to 32, four words two to a register, with no branch
/// on the length, which varies from name to name across 16; beyond,
/// chunks of sixteen, the last one ending where `b` does); fewer than
/// eight a word at a time. Each word or chunk read is stored to `copy`
/// where it lies.
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn dots_capitals(b: &[u8], copy: &mut crate::bytes::Room) -> (u64, bool) {
    let n = b.len();
    debug_assert!((1..=64).contains(&n));
    if n < 8 {
        return crate::bytes::dots_capitals(b, copy);
    }
    // SAFETY (each block below): SSE2 is enabled at compile time, and the
    // one load reads the sixteen bytes of the chunk it is given.
    // SAFETY: SSE2 is enabled at compile time; no memory is touched.
    let dots = unsafe { _mm_set1_epi8(b'.' as i8) };
    // The dots' bits, and a lane of ones for each capital.
    let marks = |v: __m128i| {
        (
            // SAFETY: as above.
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, dots)) },
            capitals16(v),
        )
    };
    let capital = |c: __m128i| unsafe { _mm_movemask_epi8(c) != 0 };
    if n <= 32 {
        // Four words at places clamped to the last eight (a byte read
        // twice sets its bit twice), two to a register: no branch on
        // where between 8 and 32 the length lies.
        let mut word = |at: usize| {
            let w = *chunk::<8>(&b[at..], 0);
            if let Some(to) = copy.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<8>) {
                *to = w;
            }
            i64::from_le_bytes(w)
        };
        let (p1, p2, p3) = (8.min(n - 8), 16.min(n - 8), n - 8);
        let (x, cx) = marks(unsafe { _mm_set_epi64x(word(p1), word(0)) });
        let (y, cy) = marks(unsafe { _mm_set_epi64x(word(p3), word(p2)) });
        let (x, y) = (x as u64, y as u64);
        let m = (x & 0xff) | (x >> 8) << p1 | (y & 0xff) << p2 | (y >> 8) << p3;
        return (m, capital(unsafe { _mm_or_si128(cx, cy) }));
    }
    let mut at = |p: usize| {
        let c = chunk::<16>(&b[p..], 0);
        if let Some(to) = copy.get_mut(p..).and_then(<[u8]>::first_chunk_mut::<16>) {
            *to = *c;
        }
        let (m, caps) = marks(unsafe { _mm_loadu_si128(c.as_ptr().cast::<__m128i>()) });
        (u64::from(m as u16) << p, caps)
    };
    let ((m0, c0), (m1, c1)) = (at(0), at(n - 16));
    let (mut m, mut caps) = (m0 | m1, unsafe { _mm_or_si128(c0, c1) });
    let mut p = 16;
    while p + 16 < n {
        let (mp, cp) = at(p);
        m |= mp;
        caps = unsafe { _mm_or_si128(caps, cp) };
        p += 16;
    }
    (m, capital(caps))
}

/// The SSE2 face of [`arch::read_name`](crate::arch::read_name): the name
/// copied into zeros as [`dots_capitals`] reads it, and lowered where it
/// has capitals.
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn read_name<R>(b: &[u8], f: impl FnOnce(&crate::bytes::Room, u64) -> R) -> R {
    let mut room = [0u8; crate::bytes::PADDED];
    let (dots, capital) = dots_capitals(b, &mut room);
    if capital {
        crate::bytes::lower_room(&mut room);
    }
    f(&room, dots)
}

/// The offset of the first byte of `b` that is one of `xs`: from sixteen
/// bytes, chunks of sixteen (the last one ending where `b` does; none of
/// its bytes before the chunk that came before holds one), each compared
/// with every byte of `xs` and the comparisons joined into one mask;
/// shorter texts a word at a time ([`crate::bytes::first_of`]). Adds the
/// bytes it read to the work count.
#[cfg(any(feature = "psl", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn first_of<const N: usize>(b: &[u8], xs: [u8; N]) -> Option<usize> {
    let n = b.len();
    if n < 16 {
        return crate::bytes::first_of(b, xs);
    }
    let hits = |at: usize| {
        let c = chunk::<16>(&b[at..], 0);
        // SAFETY: SSE2 is enabled at compile time, and the one load reads
        // the sixteen bytes of `c`.
        unsafe {
            let v = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
            let m = xs.iter().fold(_mm_setzero_si128(), |m, &x| {
                _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(x as i8)))
            });
            _mm_movemask_epi8(m) as u32
        }
    };
    let mut at = 0;
    let hit = loop {
        let from = at.min(n - 16);
        let h = hits(from);
        if h != 0 {
            break Some(from + h.trailing_zeros() as usize);
        }
        if from == n - 16 {
            break None;
        }
        at += 16;
    };
    crate::work::add(hit.map_or(n, |h| h + 1));
    hit
}

/// A lane of ones for each ASCII capital of `v`: each byte moved so that
/// `A` to `Z` are the 26 lowest signed bytes, and compared with the 27th.
#[cfg(any(feature = "psl", feature = "w3lib"))]
#[inline(always)]
fn capitals16(v: __m128i) -> __m128i {
    // SAFETY: SSE2 is enabled at compile time; no memory is touched.
    unsafe {
        _mm_cmpgt_epi8(
            _mm_set1_epi8((0x80u8 + 26) as i8),
            _mm_add_epi8(v, _mm_set1_epi8((0x80u8.wrapping_sub(b'A')) as i8)),
        )
    }
}

/// Whether `b` has an ASCII capital: from sixteen bytes, chunks of
/// sixteen (the last one ending where `b` does), a comparison and a mask
/// each ([`capitals16`]); shorter texts a word at a time.
#[cfg(feature = "w3lib")]
#[inline(always)]
pub(crate) fn has_capital(b: &[u8]) -> bool {
    let n = b.len();
    if n < 16 {
        return crate::bytes::has_capital(b);
    }
    let caps = |at: usize| {
        let c = chunk::<16>(&b[at..], 0);
        // SAFETY: SSE2 is enabled at compile time, and the one load reads
        // the sixteen bytes of `c`.
        unsafe { _mm_movemask_epi8(capitals16(_mm_loadu_si128(c.as_ptr().cast::<__m128i>()))) }
    };
    let mut m = caps(0) | caps(n - 16);
    let mut at = 16;
    while at + 16 < n {
        m |= caps(at);
        at += 16;
    }
    m != 0
}

/// Where each byte of `xs` lies in `b` (at most 64 bytes): from sixteen
/// bytes, chunks of sixteen, the last one ending where `b` does (a byte
/// read twice sets its bit twice), each compared with every byte of `xs`;
/// shorter texts a word at a time.
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn byte_marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
    let n = b.len();
    debug_assert!(n <= 64);
    if n < 16 {
        return crate::bytes::byte_marks(b, xs);
    }
    let mut m = [0u64; N];
    let mut add = |at: usize| {
        let c = chunk::<16>(&b[at..], 0);
        // SAFETY: SSE2 is enabled at compile time, and the one load reads
        // the sixteen bytes of `c`.
        let v = unsafe { _mm_loadu_si128(c.as_ptr().cast::<__m128i>()) };
        for (mark, &x) in m.iter_mut().zip(&xs) {
            // SAFETY: as above; no memory is touched.
            let bits = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(x as i8))) };
            *mark |= u64::from(bits as u16) << at;
        }
    };
    let mut at = 0;
    while at + 16 < n {
        add(at);
        at += 16;
    }
    add(n - 16);
    m
}

/// The 64 lower-case hex digits of 32 bytes, sixteen bytes to a register:
/// each byte's two nibbles apart, interleaved high first, and made digits
/// by one comparison (`0` plus the nibble, and 39 more above 9, to reach
/// `a`); the digits leave the registers eight at a time as numbers.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
    let mut out = [0; 64];
    for (k, to) in out.chunks_exact_mut(32).enumerate() {
        let half = super::chunk::<16>(hash, k);
        // SAFETY: SSE2 is enabled at compile time, and the one load reads
        // the sixteen bytes of `half`.
        let words = unsafe {
            let x = _mm_loadu_si128(half.as_ptr().cast::<__m128i>());
            let low = _mm_set1_epi8(0x0f);
            let high = _mm_and_si128(_mm_srli_epi16::<4>(x), low);
            let low = _mm_and_si128(x, low);
            let digits = |n: __m128i| {
                let letter = _mm_cmpgt_epi8(n, _mm_set1_epi8(9));
                _mm_add_epi8(
                    _mm_add_epi8(n, _mm_set1_epi8(b'0' as i8)),
                    _mm_and_si128(letter, _mm_set1_epi8(39)),
                )
            };
            let (a, b) = (
                digits(_mm_unpacklo_epi8(high, low)),
                digits(_mm_unpackhi_epi8(high, low)),
            );
            [
                _mm_cvtsi128_si64(a),
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)),
                _mm_cvtsi128_si64(b),
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(b, b)),
            ]
        };
        for (to, w) in to.chunks_exact_mut(8).zip(words) {
            to.copy_from_slice(&w.to_le_bytes());
        }
    }
    out
}

/// The offset of the first byte `x` of `b` that a byte `y` follows,
/// sixteen pairs to a comparison and the place of a hit read from its
/// mask. The windows begin at 0, 16, 32, ..., and the last ends at the
/// end of `b` (the pairs it shares with the window before held none, so
/// its first is the first). Shorter than 17 bytes, the word search of
/// `bytes`.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    let n = b.len();
    if n < 17 {
        return crate::bytes::first_pair(b, x, y);
    }
    // Bit `k`: byte `at + k` is `x` and byte `at + k + 1` is `y`.
    let mask = |at: usize| {
        let (p, q) = (chunk::<16>(&b[at..], 0), chunk::<16>(&b[at + 1..], 0));
        // SAFETY: SSE2 is enabled at compile time, and the loads read the
        // sixteen bytes `p` and `q` refer to.
        unsafe {
            let eq = |c: &[u8; 16], v: u8| {
                _mm_cmpeq_epi8(
                    _mm_loadu_si128(c.as_ptr().cast::<__m128i>()),
                    _mm_set1_epi8(v as i8),
                )
            };
            _mm_movemask_epi8(_mm_and_si128(eq(p, x), eq(q, y))) as u32
        }
    };
    let mut at = 0;
    while at + 17 <= n {
        let m = mask(at);
        if m != 0 {
            crate::work::add(at + 17);
            return Some(at + m.trailing_zeros() as usize);
        }
        at += 16;
    }
    crate::work::add(n);
    let m = mask(n - 17);
    (m != 0).then(|| n - 17 + m.trailing_zeros() as usize)
}

#[cfg(feature = "alloc")]
impl Block64 for Sse2 {
    type V = [__m128i; 4];
    type M = [__m128i; 4];
    type Tally = [__m128i; 4];
    // Each block adds at most one to a lane of each quarter.
    const TALLY_BLOCKS: usize = 255;

    #[inline(always)]
    fn load(self, c: &[u8; 64]) -> Self::V {
        // SAFETY: SSE2 is enabled at compile time; the loads read the four
        // quarters of a `[u8; 64]`.
        [0, 1, 2, 3]
            .map(|k| unsafe { _mm_loadu_si128(chunk::<16>(c, k).as_ptr().cast::<__m128i>()) })
    }

    #[inline(always)]
    fn eq(self, v: Self::V, x: u8) -> Self::M {
        // SAFETY: SSE2 is enabled at compile time.
        unsafe {
            let x = _mm_set1_epi8(x as i8);
            v.map(|q| _mm_cmpeq_epi8(q, x))
        }
    }

    #[inline(always)]
    fn or(self, a: Self::M, b: Self::M) -> Self::M {
        // SAFETY: SSE2 is enabled at compile time.
        [0, 1, 2, 3].map(|k| unsafe { _mm_or_si128(a[k], b[k]) })
    }

    #[inline(always)]
    fn any(self, m: Self::M) -> bool {
        // SAFETY: SSE2 is enabled at compile time.
        unsafe {
            let all = _mm_or_si128(_mm_or_si128(m[0], m[1]), _mm_or_si128(m[2], m[3]));
            _mm_movemask_epi8(all) != 0
        }
    }

    #[inline(always)]
    fn bits(self, m: Self::M) -> u64 {
        // SAFETY: SSE2 is enabled at compile time. Sixteen bits each: the
        // `i32`s are never negative.
        (0..4).fold(0, |b, k| {
            b | u64::from(unsafe { _mm_movemask_epi8(m[k]) } as u16) << (16 * k)
        })
    }

    #[inline(always)]
    fn count(self, m: Self::M) -> u32 {
        self.bits(m).count_ones()
    }

    #[inline(always)]
    fn stops(self, _: Self::V, c: &[u8; 64], xs: u64) -> u64 {
        stops_after(c, xs, outside_uris)
    }

    #[inline(always)]
    fn high(self, v: Self::V) -> u64 {
        self.bits(v)
    }

    #[inline(always)]
    fn or_v(self, a: Self::V, b: Self::V) -> Self::V {
        self.or(a, b)
    }

    #[inline(always)]
    fn zero(self) -> Self::V {
        // SAFETY: SSE2 is enabled at compile time.
        unsafe { [_mm_setzero_si128(); 4] }
    }

    #[inline(always)]
    fn tally(self) -> Self::Tally {
        self.zero()
    }

    #[inline(always)]
    fn add(self, t: Self::Tally, m: Self::M) -> Self::Tally {
        // SAFETY: SSE2 is enabled at compile time.
        [0, 1, 2, 3].map(|k| unsafe { _mm_sub_epi8(t[k], m[k]) })
    }

    #[inline(always)]
    fn drain(self, t: Self::Tally) -> usize {
        // SAFETY: SSE2 is enabled at compile time.
        unsafe {
            let zero = _mm_setzero_si128();
            let s = t
                .iter()
                .fold(zero, |s, &q| _mm_add_epi64(s, _mm_sad_epu8(q, zero)));
            (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s))) as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The text marks are the portable ones, at every length to 64 and
    /// beyond, for every byte value at every place.
    #[test]
    fn text_marks_are_the_portable_ones() {
        for n in 0..=70usize {
            for k in 0..n.max(1) {
                for v in [b'%', b'/', b'.', b'A', b'Z', b'@', b'[', 0x80, 0xC1, 0xFF] {
                    let mut b = alloc::vec![b'x'; n];
                    if let Some(c) = b.get_mut(k) {
                        *c = v;
                    }
                    let want = crate::arch::portable::text_marks(&b);
                    assert_eq!(text_marks(&b), want, "{n} {k} {v:#x}");
                }
            }
        }
    }

    /// The pair search finds the first pair a byte loop finds, at every
    /// length to 80 (each window, the last one's overlap), with a pair or
    /// half of one at every place and a second pair after it, for `/.`,
    /// equal bytes and bytes beyond ASCII.
    #[test]
    fn first_pair_is_the_byte_loop() {
        let naive = |v: &[u8], x: u8, y: u8| v.windows(2).position(|w| w == [x, y]);
        for (x, y) in [(b'/', b'.'), (b'/', b'/'), (0, 0), (0xFF, 0x80)] {
            for n in 0..=80usize {
                for at in 0..n {
                    for second in [None, Some(at + 2), Some(n.saturating_sub(2))] {
                        for half in [false, true] {
                            let mut v = alloc::vec![b'a'; n];
                            v[at] = x;
                            if at + 1 < n && !half {
                                v[at + 1] = y;
                            }
                            if let Some(j) = second.filter(|&j| j > at + 1 && j + 1 < n) {
                                (v[j], v[j + 1]) = (x, y);
                            }
                            let want = naive(&v, x, y);
                            assert_eq!(first_pair(&v, x, y), want, "{x} {y} {n} {at}");
                            assert_eq!(crate::bytes::first_pair(&v, x, y), want);
                        }
                    }
                }
            }
        }
    }

    /// Texts of `n` bytes with `x` nowhere, everywhere, at each place, and
    /// at each place with `second` at another.
    #[cfg(any(feature = "psl", feature = "surt", feature = "w3lib"))]
    fn placed(n: usize, x: u8, second: u8) -> alloc::vec::Vec<alloc::vec::Vec<u8>> {
        let mut cases = alloc::vec![alloc::vec![b'q'; n], alloc::vec![x; n]];
        for at in 0..n {
            let mut v = alloc::vec![b'q'; n];
            v[at] = x;
            cases.push(v.clone());
            v[n - 1 - at / 2] = second;
            cases.push(v);
        }
        cases
    }

    /// The first of five bytes is a byte loop's, at every length from 0
    /// to 70, with each looked-for byte (and a byte next to one) at one
    /// place, at two and everywhere, and with none.
    #[cfg(any(feature = "psl", feature = "safebrowsing"))]
    #[test]
    fn first_of_is_a_byte_loop() {
        const XS: [u8; 5] = [b'/', b'?', b'#', b'@', b':'];
        for n in 0..=70usize {
            for x in XS.iter().copied().chain([b'.', b'0', b';']) {
                for v in placed(n, x, b'#') {
                    let want = v.iter().position(|c| XS.contains(c));
                    assert_eq!(first_of(&v, XS), want, "{v:?}");
                    assert_eq!(crate::arch::first_of(&v, XS), want, "{v:?}");
                }
            }
        }
    }

    /// Bit `k` set where `v[k]` is `x`, a byte at a time.
    #[cfg(any(feature = "psl", feature = "surt", feature = "w3lib"))]
    fn marks_of(v: &[u8], x: u8) -> u64 {
        v.iter()
            .enumerate()
            .filter(|&(_, &c)| c == x)
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// The dots and capitals are a byte loop's, both faces, at every
    /// length from 1 to 64 with a dot, a capital or a byte next to one
    /// (`-`, `@`, `[`, a small letter, a byte beyond ASCII) at one place,
    /// at two, and everywhere; and each copies the name to its room's
    /// start, leaving the zeros after it zeros.
    #[cfg(feature = "psl")]
    #[test]
    fn dots_capitals_are_a_byte_loop() {
        use crate::bytes::PADDED;
        for n in 1..=64usize {
            for x in [
                b'.', b'A', b'Z', b'-', b'/', b'@', b'[', b'a', b'z', 0xC1, 0xDA, 0,
            ] {
                for v in placed(n, x, b'.') {
                    let dots = marks_of(&v, b'.');
                    let want = (dots, v.iter().any(u8::is_ascii_uppercase));
                    // Whatever the room held where the name goes; zeros
                    // after it, which stay zeros.
                    let mut copied = [0; PADDED];
                    copied[..n].copy_from_slice(&v);
                    let mut room = [0; PADDED];
                    room[..n].fill(0xEE);
                    let mut copy = room;
                    assert_eq!(dots_capitals(&v, &mut copy), want, "{v:?}");
                    assert_eq!(copy, copied, "{v:?}");
                    let mut copy = room;
                    assert_eq!(crate::bytes::dots_capitals(&v, &mut copy), want, "{v:?}");
                    assert_eq!(copy, copied, "{v:?}");
                }
            }
        }
    }

    /// The marks of every face (SSE2, AVX2 from 32 bytes where the
    /// processor has it, the portable word at a time) are a byte loop's,
    /// at every length from 0 to 64, with each byte looked for (and NUL, which the short texts'
    /// padding holds) at one place, at two and everywhere.
    #[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
    #[test]
    fn byte_marks_are_a_byte_loop() {
        const XS: [u8; 4] = [b'/', b'.', 0, 0xFF];
        for n in 0..=crate::arch::MARKS_MAX {
            for x in XS.iter().copied().chain([b'a']) {
                for v in placed(n, x, b'/') {
                    let want = XS.map(|x| marks_of(&v, x));
                    assert_eq!(byte_marks(&v, XS), want, "{v:?}");
                    assert_eq!(crate::bytes::byte_marks(&v, XS), want, "{v:?}");
                    // The face the facade chooses (AVX2 from 32 bytes where
                    // the processor has it), and the AVX2 face itself.
                    assert_eq!(crate::arch::byte_marks(&v, XS), want, "{v:?}");
                    if let Some(k) = super::super::avx2::Avx2::detect().filter(|_| n >= 32) {
                        assert_eq!(k.byte_marks(&v, XS), want, "{v:?}");
                    }
                }
            }
        }
    }

    /// The digits of both faces (SSE2 and the portable word at a time)
    /// against a table read per nibble, for every byte in every place of
    /// the 32.
    #[cfg(feature = "safebrowsing")]
    #[test]
    fn hex_digits_are_each_nibbles_digit() {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for b in 0..=255u8 {
            for at in 0..32 {
                let mut hash = [0x5a; 32];
                hash[at] = b;
                hash[31 - at] ^= 0xa5;
                let want: alloc::vec::Vec<u8> = hash
                    .iter()
                    .flat_map(|&b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
                    .collect();
                assert_eq!(hex_digits(&hash)[..], want[..], "{b:#04x} at {at}");
                assert_eq!(
                    crate::bytes::hex_digits(&hash)[..],
                    want[..],
                    "{b:#04x} at {at}"
                );
            }
        }
    }

    proptest! {
        /// On bytes drawn from few values, so that pairs and near misses
        /// are common.
        #[test]
        fn first_pair_agrees_on_random_bytes(
            v in proptest::collection::vec(prop::sample::select(alloc::vec![b'/', b'.', b'a', 0xFF]), 0..200),
        ) {
            let want = v.windows(2).position(|w| w == b"/.");
            prop_assert_eq!(first_pair(&v, b'/', b'.'), want);
        }
    }
}
