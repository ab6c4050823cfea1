//! AVX2, where the processor has it (checked at run time with `std`, at
//! compile time without): the parser's classifier (two nibble lookups of
//! sixteen-entry tables with `vpshufb`, see [`Nibbles`]), and for the
//! extractor and the normalizer, the marks of a block, the scan from block
//! to block, and counts of bytes, 32 bytes to a register.
//!
//! Why it is sound:
//! - AVX2 code runs only through an [`Avx2`] value, which only
//!   [`Avx2::detect`] makes, and only when the processor has AVX2. Every
//!   function marked `#[target_feature(enable = "avx2")]` is called
//!   through such a value.
//! - The only intrinsics that touch memory, the unaligned loads
//!   `_mm_loadu_si128` and `_mm256_loadu_si256`, read the bytes of a
//!   `&[u8; 16]` or a `&[u8; 32]` (or the chunks of that size of a longer
//!   array), which are valid and initialized, with no alignment required.
//!   Nothing here writes memory.
//!
//! May use: `arch::kernel`, `arch::x86_64::sse2`, `grammar`, `work`.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
};
// The extractor's and the normalizer's.
#[cfg(feature = "alloc")]
use core::arch::x86_64::{
    _mm256_add_epi8, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpgt_epi8,
    _mm256_extracti128_si256, _mm256_min_epu8, _mm256_or_si256, _mm256_sad_epu8, _mm256_sub_epi8,
    _mm256_testz_si256, _mm_add_epi64, _mm_cvtsi128_si64, _mm_unpackhi_epi64,
};

use super::nibbles::Nibbles;
use crate::arch::kernel::{two_chunks, Classify, Job};
use crate::grammar::{Table, Ucs};
#[cfg(feature = "alloc")]
use {
    super::chunk,
    crate::arch::kernel::{candidates, outside_uris, padded, Cursor, Marks, RefMarks},
};

/// Proof that the processor has AVX2: the only way to run the code compiled
/// for it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _private: (),
}

impl Avx2 {
    /// An `Avx2` if the processor has AVX2. With `std` this asks the
    /// processor (the answer is cached by `std`); without it, only a build
    /// for AVX2 targets (`-C target-feature=+avx2`) has one.
    #[inline]
    pub(crate) fn detect() -> Option<Avx2> {
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!("avx2");
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = "avx2");
        has.then_some(Avx2 { _private: () })
    }

    /// Runs `job` with the code compiled for AVX2: `job.run` is inlined
    /// into a function that enables AVX2, so that every
    /// [`Classify::refused16`] it calls is AVX2 code.
    #[inline(always)]
    pub(crate) fn run<J: Job>(self, s: &str, job: J) -> J::Out {
        #[target_feature(enable = "avx2")]
        unsafe fn run<J: Job>(k: Avx2, s: &str, job: J) -> J::Out {
            job.run(k, s)
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { run(self, s, job) }
    }
}

impl Classify for Avx2 {
    type Wide = Avx2Long;

    #[inline(always)]
    fn wide(self) -> Avx2Long {
        Avx2Long(self)
    }

    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        let Some(id) = t.scan() else {
            return 0xFFFF;
        };
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let r = avx2_refused16(&Nibbles::TABLES[id as usize], c);
            // An IRI component: refused by the table and not a plain byte
            // beyond ASCII (the table's test is known when inlined).
            if t.ucs() == Ucs::None {
                r
            } else {
                r & avx2_refused16(&Nibbles::NOT_PLAIN_UCS, c)
            }
        }
    }
}

/// [`Avx2`] for inputs of at least 32 bytes: windows of 64 bytes, two
/// 32-byte chunks each, so that most components, even most paths, end
/// within the first window (the loop's exit branch is the one most often
/// mispredicted).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Long(pub(crate) Avx2);

impl Classify for Avx2Long {
    type Wide = Avx2Long;

    #[inline(always)]
    fn wide(self) -> Avx2Long {
        self
    }

    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        self.0.refused16(t, c)
    }

    #[inline(always)]
    fn width(self) -> usize {
        64
    }

    /// Two 32-byte chunks, at `i` and `i + 32`, each moved back to end at
    /// the end of `b` where it would pass it.
    #[inline(always)]
    fn window(self, t: &Table, b: &[u8], i: usize) -> u64 {
        // Chosen only for inputs of 32 bytes or more; a shorter one is
        // still classified right, by 16-byte chunks (covering all of it).
        if b.len() < 32 {
            return self.0.window(t, b, i);
        }
        let Some(id) = t.scan() else {
            return u64::MAX;
        };
        two_chunks::<32>(b, i, |c| {
            // SAFETY: `self` exists, so the processor has AVX2.
            u64::from(unsafe {
                let r = avx2_refused32(&Nibbles::TABLES[id as usize], c);
                if t.ucs() == Ucs::None {
                    r
                } else {
                    r & avx2_refused32(&Nibbles::NOT_PLAIN_UCS, c)
                }
            })
        })
    }
}

/// [`avx2_refused16`] on 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_refused32(n: &Nibbles, c: &[u8; 32]) -> u32 {
    // SAFETY: the caller has AVX2; the loads read a `[u8; 32]` and two
    // `[u8; 16]`.
    unsafe {
        let x = _mm256_loadu_si256(c.as_ptr().cast::<__m256i>());
        !(_mm256_movemask_epi8(avx2_allowed(n, x)) as u32)
    }
}

/// The bytes of `x` that `n` allows, as 0xFF (and those it refuses as 0):
/// each byte's low and high four bits look up the two tables with one
/// shuffle each, and the byte is refused when the entries share a bit.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_allowed(n: &Nibbles, x: __m256i) -> __m256i {
    // SAFETY: the caller has AVX2; the loads read two `[u8; 16]`.
    unsafe {
        // The shuffle looks up within each 16-byte half: both get the table.
        let lo = _mm256_broadcastsi128_si256(_mm_loadu_si128(n.lo.as_ptr().cast::<__m128i>()));
        let hi = _mm256_broadcastsi128_si256(_mm_loadu_si128(n.hi.as_ptr().cast::<__m128i>()));
        let nibble = _mm256_set1_epi8(0x0F);
        let l = _mm256_shuffle_epi8(lo, _mm256_and_si256(x, nibble));
        let h = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble));
        _mm256_cmpeq_epi8(_mm256_and_si256(l, h), _mm256_setzero_si256())
    }
}

/// The bytes of `c` that `n` refuses: each byte's low and high four bits
/// look up the two tables with one shuffle each, and the byte is refused
/// when the entries share a bit.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_refused16(n: &Nibbles, c: &[u8; 16]) -> u32 {
    // SAFETY: the caller has AVX2; the loads read three `[u8; 16]`.
    unsafe {
        let x = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
        let lo = _mm_loadu_si128(n.lo.as_ptr().cast::<__m128i>());
        let hi = _mm_loadu_si128(n.hi.as_ptr().cast::<__m128i>());
        let nibble = _mm_set1_epi8(0x0F);
        let l = _mm_shuffle_epi8(lo, _mm_and_si128(x, nibble));
        let h = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16::<4>(x), nibble));
        let allowed = _mm_cmpeq_epi8(_mm_and_si128(l, h), _mm_setzero_si128());
        // Sixteen bits: the `i32` is never negative.
        _mm_movemask_epi8(allowed) as u32 ^ 0xFFFF
    }
}

impl Avx2 {
    /// [`RefMarks`] of `b` (at most 127 bytes) with AVX2: windows of 32
    /// bytes, each moved back to end at the end of its block where it
    /// would pass it (overlaps agree), two for each block (one block up to
    /// 64 bytes); from 16 to 31 bytes, two windows of 16; shorter, the
    /// portable form.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn text_marks(self, b: &[u8]) -> Option<RefMarks> {
        #[target_feature(enable = "avx2")]
        unsafe fn marks(b: &[u8]) -> RefMarks {
            let n = b.len();
            let classes = |at: usize| {
                let c = chunk::<32>(&b[at..], 0);
                // SAFETY: the caller has AVX2; the load reads the 32 bytes
                // `c` refers to.
                unsafe {
                    let v = _mm256_loadu_si256(c.as_ptr().cast::<__m256i>());
                    let eq = |x: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(x as i8));
                    // Signed: bytes beyond ASCII are below `A`.
                    let capital = _mm256_and_si256(
                        _mm256_cmpgt_epi8(v, _mm256_set1_epi8((b'A' - 1) as i8)),
                        _mm256_cmpgt_epi8(_mm256_set1_epi8((b'Z' + 1) as i8), v),
                    );
                    [eq(b'%'), capital, eq(b'/'), eq(b'.')]
                        .map(|x| u64::from(_mm256_movemask_epi8(x) as u32))
                }
            };
            let mut m = RefMarks::default();
            if n > 64 {
                m.off = n - 64;
                for at in [0, 32] {
                    m.head.add(at, classes(at));
                }
                for at in [m.off, n - 32] {
                    m.tail.add(at - m.off, classes(at));
                }
            } else if n >= 32 {
                for at in [0, n - 32] {
                    m.head.add(at, classes(at));
                }
                m.tail = m.head;
            } else {
                for at in [0, n - 16] {
                    m.head
                        .add(at, super::sse2::text_classes(chunk::<16>(&b[at..], 0)));
                }
                m.tail = m.head;
            }
            m
        }
        match b.len() {
            // SAFETY: `self` exists, so the processor has AVX2.
            16..=RefMarks::MAX => Some(unsafe { marks(b) }),
            _ => RefMarks::of(b, super::sse2::text_marks),
        }
    }

    /// The extractor's [`Marks`] of 64 bytes (`next`: the byte after
    /// them, 0 past the text's end), 32 bytes per comparison; the third
    /// value is counted with a sum of absolute differences (POPCNT is a
    /// feature of its own).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn marks64(self, c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
        #[target_feature(enable = "avx2")]
        unsafe fn marks(c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
            let [lo, hi] = [chunk::<32>(c, 0), chunk::<32>(c, 1)];
            // SAFETY: the caller has AVX2; the loads read two `[u8; 32]`.
            unsafe {
                let v = [lo, hi].map(|h| _mm256_loadu_si256(h.as_ptr().cast::<__m256i>()));
                marks_of::<true>(v, next, x, z)
            }
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { marks(c, next, x, z) }
    }

    /// Moves the extractor's cursor from its block to the next one with a
    /// candidate (see [`Marks`]), or to the text's last block (its bytes
    /// after the text's end taken as zeros), counting in the line breaks
    /// and bytes beyond ASCII of the blocks between; the candidates are
    /// those of `x`, and line breaks `z`. One call of the extractor,
    /// however many blocks it passes.
    ///
    /// Blocks are passed over two at a time while they hold no `x` that
    /// a byte above a space follows, their `z` summed per byte
    /// lane; only where there is one are a block's candidates worked out,
    /// and a block without any (its colons all followed by bytes no URI
    /// holds, [`outside_uris`]) is passed over too, the steps of two going
    /// on after it.
    ///
    /// Without `LINES` the `z` bytes and those beyond ASCII are neither
    /// counted nor noted, in the steps or in the marks: the cursor stops
    /// at the same block with the same candidates, and its count of lines
    /// and where its text is ASCII from say nothing. The steps then look
    /// only for an `x`, without the second load: extraction without lines
    /// took 9% less time over the specifications (where over a third of
    /// the pairs of blocks with a colon hold only colons before white
    /// space), and 35% less over text without candidates.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
        /// The whole blocks of `b` from `at` without a candidate passed
        /// over, up to a pair that may hold one: the offset of the first
        /// block with one (and its [`Marks`]), or of the block after that
        /// pair (where at least 129 bytes are left: to be called again),
        /// or of the first that is not whole; how many `z` the blocks
        /// passed over hold, and whether they hold a byte beyond ASCII.
        #[target_feature(enable = "avx2")]
        #[inline]
        unsafe fn skip<const LINES: bool>(
            b: &[u8],
            mut at: usize,
            x: u8,
            z: u8,
        ) -> (usize, usize, bool, Option<Marks>) {
            // SAFETY: the caller has AVX2; the loads read the two halves of
            // a `[u8; 64]`.
            unsafe {
                let [vx, vz] = [x, z].map(|b| _mm256_set1_epi8(b as i8));
                let zero = _mm256_setzero_si256();
                let eq = _mm256_cmpeq_epi8;
                let load = |c: &[u8; 64], k| {
                    _mm256_loadu_si256(chunk::<32>(c, k).as_ptr().cast::<__m256i>())
                };
                let hits = |v: __m256i| eq(v, vx);
                // The byte after the block at `at`, 0 past the end.
                let next = |at: usize| b.get(at + 64).copied().unwrap_or(0);
                // Each `z` adds -1 to its byte lane, at most four times a
                // pair of blocks (twice a block): the lanes are summed
                // before they could hold more than 255.
                let mut acc = zero;
                let mut held = 0;
                // The bytes passed over, ORed: a top bit is a byte beyond
                // ASCII.
                let mut high = zero;
                let mut total = 0u64;
                let sum = |acc: __m256i| {
                    let s = _mm256_sad_epu8(_mm256_sub_epi8(zero, acc), zero);
                    let p =
                        _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
                    _mm_cvtsi128_si64(_mm_add_epi64(p, _mm_unpackhi_epi64(p, p))) as u64
                };
                let space = _mm256_set1_epi8(b' ' as i8);
                let load_at = |c: &[u8; 129], k: usize| {
                    let h: &[u8; 32] = chunk::<32>(&c[k..], 0);
                    _mm256_loadu_si256(h.as_ptr().cast::<__m256i>())
                };
                let mut found = None;
                // Two blocks a step while neither holds an `x` that a
                // byte above a space follows (read by a second
                // load, one byte on). The loop only finds the pair; its
                // vectors are loaded again after it, so that it keeps
                // its sums in registers.
                while let Some(c) = b.get(at..).and_then(|r| r.first_chunk::<129>()) {
                    let v = [0, 32, 64, 96].map(|k| load_at(c, k));
                    let h = if LINES {
                        let after = [1, 33, 65, 97].map(|k| load_at(c, k));
                        [0, 1, 2, 3].map(|k| {
                            let n = after[k];
                            let blank = eq(_mm256_min_epu8(n, space), n);
                            _mm256_andnot_si256(blank, eq(v[k], vx))
                        })
                    } else {
                        v.map(hits)
                    };
                    let any =
                        _mm256_or_si256(_mm256_or_si256(h[0], h[1]), _mm256_or_si256(h[2], h[3]));
                    if _mm256_testz_si256(any, any) == 0 {
                        break;
                    }
                    if LINES {
                        high = _mm256_or_si256(
                            high,
                            _mm256_or_si256(
                                _mm256_or_si256(v[0], v[1]),
                                _mm256_or_si256(v[2], v[3]),
                            ),
                        );
                        let lines = _mm256_add_epi8(
                            _mm256_add_epi8(eq(v[0], vz), eq(v[1], vz)),
                            _mm256_add_epi8(eq(v[2], vz), eq(v[3], vz)),
                        );
                        acc = _mm256_add_epi8(acc, lines);
                        held += 4;
                        if held > 251 {
                            total += sum(acc);
                            (acc, held) = (zero, 0);
                        }
                    }
                    at += 128;
                }
                // The pair found, or the whole blocks left (at most
                // two), a block at a time: a block whose colons are all
                // followed by bytes no URI holds has no candidate and
                // is passed over, and after such a pair the caller calls
                // again.
                let mut left = 2;
                while let Some(c) = b.get(at..).and_then(|r| r.first_chunk::<64>()) {
                    let v = [load(c, 0), load(c, 1)];
                    let h = _mm256_or_si256(hits(v[0]), hits(v[1]));
                    if _mm256_testz_si256(h, h) == 0 {
                        let m = marks_of::<LINES>(v, next(at), x, z);
                        if m.candidates != 0 {
                            found = Some(m);
                            break;
                        }
                    }
                    if LINES {
                        acc = _mm256_add_epi8(acc, _mm256_add_epi8(eq(v[0], vz), eq(v[1], vz)));
                        high = _mm256_or_si256(high, _mm256_or_si256(v[0], v[1]));
                        held += 2;
                        if held > 251 {
                            total += sum(acc);
                            (acc, held) = (zero, 0);
                        }
                    }
                    at += 64;
                    left -= 1;
                    if left == 0 && b.len() - at >= 129 {
                        break;
                    }
                }
                let high = _mm256_movemask_epi8(high) != 0;
                (at, (total + sum(acc)) as usize, high, found)
            }
        }
        #[target_feature(enable = "avx2")]
        unsafe fn advance<const LINES: bool>(c: &mut Cursor, b: &[u8], x: u8, z: u8) {
            c.leave();
            let from = c.block + 64;
            // `skip` comes back after a pair of blocks without a candidate
            // (its colons all followed by bytes no URI holds), and is
            // called again: in one loop with the marks' tables, the steps
            // of two lost their constants to them at every step.
            let (mut to, mut n, mut high) = (from, 0, false);
            let found = loop {
                // SAFETY: the caller has AVX2.
                let (at, lines, h, found) = unsafe { skip::<LINES>(b, to, x, z) };
                (to, n, high) = (at, n + lines, high | h);
                // Without a candidate, `skip` stops early only where whole
                // pairs are left.
                if found.is_some() || b.len() - to < 129 {
                    break found;
                }
            };
            c.lines += n;
            if n > 0 {
                c.unplaced = Some((from, to));
            }
            if high {
                c.ascii_from = c.ascii_from.max(to);
            }
            // The block `skip` found holds a candidate; without one, the
            // first block that is not whole (or none).
            let marks = found.unwrap_or_else(|| {
                let last = padded(b, to);
                let [lo, hi] = [chunk::<32>(&last, 0), chunk::<32>(&last, 1)];
                // SAFETY: the caller has AVX2; the loads read two
                // `[u8; 32]`.
                let v =
                    unsafe { [lo, hi].map(|h| _mm256_loadu_si256(h.as_ptr().cast::<__m256i>())) };
                // SAFETY: the caller has AVX2.
                unsafe { marks_of::<LINES>(v, 0, x, z) }
            });
            c.enter(to, marks);
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { advance::<LINES>(c, b, x, z) }
    }
}

/// The [`Marks`] of 64 bytes in two registers (`next`: the byte after
/// them, 0 past the text's end): the candidates, the bytes equal to `z`
/// and their number (a sum of absolute differences: POPCNT is a feature of
/// its own), and those beyond ASCII (without `LINES`, neither of the
/// last two: see [`Avx2::advance`]).
///
/// # Safety
///
/// The processor has AVX2 (the callers hold an [`Avx2`]).
#[cfg(feature = "alloc")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn marks_of<const LINES: bool>(v: [__m256i; 2], next: u8, x: u8, z: u8) -> Marks {
    // SAFETY: the caller has AVX2; nothing here touches memory. (Compilers
    // since 1.87 call these intrinsics safe here; older ones need the block.)
    #[allow(unused_unsafe)]
    unsafe {
        let eq = |v: __m256i, b: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8));
        let mask = |m: __m256i| u64::from(_mm256_movemask_epi8(m) as u32);
        let both = |m: [__m256i; 2]| mask(m[0]) | mask(m[1]) << 32;
        // The ASCII bytes no URI holds, looked up by their four-bit halves.
        let stop = !both(v.map(|v| avx2_allowed(&Nibbles::NOT_URI_ASCII, v)));
        let candidates = candidates(both(v.map(|v| eq(v, x))), stop, outside_uris(next));
        if !LINES {
            return Marks {
                candidates,
                ..Marks::default()
            };
        }
        let [t0, t1] = v.map(|v| eq(v, z));
        // Each hit is -1: 0 - t0 - t1 holds 0 to 2 per byte, and the sums
        // of four groups of eight bytes add up the rest.
        let zero = _mm256_setzero_si256();
        let sums = _mm256_sad_epu8(_mm256_sub_epi8(_mm256_sub_epi8(zero, t0), t1), zero);
        let pairs = _mm_add_epi64(
            _mm256_castsi256_si128(sums),
            _mm256_extracti128_si256::<1>(sums),
        );
        let thirds = _mm_cvtsi128_si64(_mm_add_epi64(pairs, _mm_unpackhi_epi64(pairs, pairs)));
        Marks {
            candidates,
            third: mask(t0) | mask(t1) << 32,
            // At most 64.
            thirds: thirds as u32,
            high: mask(v[0]) | mask(v[1]) << 32,
        }
    }
}

impl Avx2 {
    /// How many bytes of the whole 64-byte chunks of `b` are at least
    /// `min` as signed bytes (with `min` = -64: every byte but UTF-8
    /// continuation bytes, so the characters) or, with `eq`, equal `min`:
    /// 64 bytes a step, the comparisons summed per byte lane and the lanes
    /// summed with `vpsadbw`. The bytes after the last whole chunk are the
    /// caller's to count.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn count(self, b: &[u8], min: i8, eq: bool) -> usize {
        #[target_feature(enable = "avx2")]
        unsafe fn count(b: &[u8], min: i8, eq: bool) -> usize {
            // SAFETY: the caller has AVX2; the loads read the two halves of
            // a `[u8; 64]`.
            unsafe {
                let zero = _mm256_setzero_si256();
                let (v, below) = (_mm256_set1_epi8(min), _mm256_set1_epi8(min.wrapping_sub(1)));
                let hit = |x: __m256i| {
                    if eq {
                        _mm256_cmpeq_epi8(x, v)
                    } else {
                        // x > min - 1, for min above -128 (the callers').
                        _mm256_cmpgt_epi8(x, below)
                    }
                };
                let sum = |acc: __m256i| {
                    let s = _mm256_sad_epu8(_mm256_sub_epi8(zero, acc), zero);
                    let p =
                        _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
                    _mm_cvtsi128_si64(_mm_add_epi64(p, _mm_unpackhi_epi64(p, p))) as usize
                };
                let mut chunks = b.chunks_exact(64);
                let (mut acc, mut steps, mut total) = (zero, 0, 0);
                for c in &mut chunks {
                    let c = chunk::<64>(c, 0);
                    let lo = _mm256_loadu_si256(chunk::<32>(c, 0).as_ptr().cast::<__m256i>());
                    let hi = _mm256_loadu_si256(chunk::<32>(c, 1).as_ptr().cast::<__m256i>());
                    // Each hit adds -1 to its lane, at most twice a step.
                    acc = _mm256_add_epi8(acc, _mm256_add_epi8(hit(lo), hit(hi)));
                    steps += 1;
                    if steps == 63 {
                        total += sum(acc);
                        (acc, steps) = (zero, 0);
                    }
                }
                total + sum(acc)
            }
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { count(b, min, eq) }
    }
}
