//! AVX2, where the processor has it (checked at run time with `std`, at
//! compile time without): the parser's classifier (two nibble lookups of
//! sixteen-entry tables with `vpshufb`, see [`Nibbles`]), and for the
//! extractor and the normalizer, the marks of a block, the scan from block
//! to block, and counts of bytes, 32 bytes to a register; and SHA-256's
//! compression of eight one-block messages at once, one to a 32-bit lane
//! (Safe Browsing's hashes, where the processor has neither the SHA
//! extensions nor AVX-512).
//!
//! Why it is sound:
//! - AVX2 code runs only through an [`Avx2`] value, which only
//!   [`Avx2::detect`] makes, and only when the processor has AVX2. Every
//!   function marked `#[target_feature(enable = "avx2")]` is called
//!   through such a value.
//! - The only intrinsics that read memory, the unaligned loads
//!   `_mm_loadu_si128` and `_mm256_loadu_si256`, read the bytes of a
//!   `&[u8; 16]` or a `&[u8; 32]` (or the chunks of that size of a longer
//!   array), which are valid and initialized, with no alignment required.
//!   The only one that writes, `_mm256_storeu_si256` (Safe Browsing's
//!   hashes, eight at once), writes the 32 bytes of a `&mut [u8; 32]`.
//!
//! May use: `arch::kernel`, `arch::x86_64::sse2`, `arch::x86_64`'s
//! constants, `grammar`, `work`.
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
    _mm256_add_epi64, _mm256_add_epi8, _mm256_castsi256_si128, _mm256_cmpgt_epi8,
    _mm256_extracti128_si256, _mm256_or_si256, _mm256_sad_epu8, _mm256_sub_epi8,
    _mm256_testz_si256, _mm_add_epi64, _mm_cvtsi128_si64, _mm_unpackhi_epi64,
};

#[cfg(feature = "alloc")]
use super::chunk;
use super::nibbles::Nibbles;
use crate::arch::kernel::{two_chunks, Classify, Job, UriMarks};
use crate::grammar::{Scanned, Table, Ucs};
#[cfg(feature = "alloc")]
use {
    crate::arch::generic,
    crate::arch::kernel::Block64,
    crate::arch::kernel::{Cursor, Marks, RefMarks},
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

    /// [`arch::byte_marks`](crate::arch::byte_marks) of 32 to 64 bytes:
    /// two chunks of 32, at `b`'s start and ending where it ends (a byte
    /// read twice sets its bit twice), each compared with every byte of
    /// `xs`. The SSE2 face takes three or four chunks of sixteen there,
    /// where most URLs' text after `://` lies (56 % of the datasets'
    /// lines).
    #[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
    #[inline]
    pub(crate) fn byte_marks<const N: usize>(self, b: &[u8], xs: [u8; N]) -> [u64; N] {
        #[target_feature(enable = "avx2")]
        fn marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
            let n = b.len();
            debug_assert!((32..=64).contains(&n));
            let mut m = [0u64; N];
            let mut add = |at: usize| {
                let c = chunk::<32>(&b[at..], 0);
                // SAFETY: AVX2 is enabled for this function, which runs
                // only through an `Avx2`; the load reads the 32 bytes of
                // `c`, with no alignment required.
                let v = unsafe { _mm256_loadu_si256(c.as_ptr().cast::<__m256i>()) };
                for (mark, &x) in m.iter_mut().zip(&xs) {
                    let bits =
                        _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(x as i8)));
                    *mark |= u64::from(bits as u32) << at;
                }
            };
            add(0);
            add(n - 32);
            m
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { marks(b, xs) }
    }

    /// Runs `job` with the code compiled for AVX2: `job.run` is inlined
    /// into a function that enables AVX2, so that every
    /// [`Classify::refused16`] it calls is AVX2 code.
    #[inline(always)]
    pub(crate) fn run<J: Job>(self, b: &[u8], job: J) -> J::Out {
        #[target_feature(enable = "avx2")]
        unsafe fn run<J: Job>(k: Avx2, b: &[u8], job: J) -> J::Out {
            job.run(k, b)
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { run(self, b, job) }
    }
}

impl Classify for Avx2 {
    type Wide = Avx2Long;

    #[inline(always)]
    fn wide(self) -> Avx2Long {
        Avx2Long(self)
    }

    /// Two chunks of 32, at the start and ending at the end (a byte read
    /// twice sets its bit twice), each classified by `REG_NAME` and `PATH`
    /// and compared with `:` and `?` ([`avx2_uri_marks32`]).
    #[inline(always)]
    fn uri_marks(self, b: &[u8]) -> Option<UriMarks> {
        let n = b.len();
        if !(32..=64).contains(&n) {
            return None;
        }
        let (head, tail) = (b.first_chunk::<32>()?, b[n - 32..].first_chunk::<32>()?);
        // SAFETY: `self` exists, so the processor has AVX2.
        let (h, t) = unsafe { (avx2_uri_marks32(head), avx2_uri_marks32(tail)) };
        let join = |k: usize| u64::from(h[k]) | u64::from(t[k]) << (n - 32);
        Some(UriMarks::of(join(0), join(1), join(2), join(3)))
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

/// The bytes of `c` that `REG_NAME` refuses, that `PATH` refuses, and
/// its `:` and its `?`: what [`UriMarks::of`] is made of. The two
/// lookups share the load and the nibbles.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_uri_marks32(c: &[u8; 32]) -> [u32; 4] {
    // SAFETY: the caller has AVX2; the load reads a `[u8; 32]`.
    unsafe {
        let x = _mm256_loadu_si256(c.as_ptr().cast::<__m256i>());
        let refused = |n: &Nibbles| !(_mm256_movemask_epi8(avx2_allowed(n, x)) as u32);
        let at =
            |y: u8| _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(y as i8))) as u32;
        [
            refused(&Nibbles::TABLES[Scanned::RegName as usize]),
            refused(&Nibbles::TABLES[Scanned::Path as usize]),
            at(b':'),
            at(b'?'),
        ]
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
    /// Whether a byte of `b` (sixteen bytes or more) is one `n` refuses:
    /// 32 bytes to a shuffle, the last 32 (or, under 32 bytes, the last
    /// sixteen) ending where `b` does, so that a byte may be looked at
    /// twice and none is missed.
    #[cfg(feature = "w3lib")]
    #[inline]
    pub(crate) fn any_refused(self, b: &[u8], n: &Nibbles) -> bool {
        #[target_feature(enable = "avx2")]
        unsafe fn any(b: &[u8], n: &Nibbles) -> bool {
            let len = b.len();
            let last = |w: usize| len.saturating_sub(w);
            if len < 32 {
                let (Some(first), Some(end)) =
                    (b.first_chunk::<16>(), b[last(16)..].first_chunk::<16>())
                else {
                    return b
                        .iter()
                        .any(|&c| n.lo[usize::from(c & 15)] & n.hi[usize::from(c >> 4)] != 0);
                };
                // SAFETY: the caller has AVX2; each call reads its 16 bytes.
                return unsafe { avx2_refused16(n, first) | avx2_refused16(n, end) } != 0;
            }
            let mut at = 0;
            loop {
                let at_most = at.min(last(32));
                let Some(c) = b[at_most..].first_chunk::<32>() else {
                    return false;
                };
                // SAFETY: the caller has AVX2; the call reads its 32 bytes.
                if unsafe { avx2_refused32(n, c) } != 0 {
                    return true;
                }
                if at_most + 32 >= len {
                    return false;
                }
                at += 32;
            }
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { any(b, n) }
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

#[cfg(feature = "alloc")]
impl Block64 for Avx2 {
    type V = [__m256i; 2];
    type M = [__m256i; 2];
    type Tally = [__m256i; 2];
    // Each block adds at most one to a lane of each half.
    const TALLY_BLOCKS: usize = 255;

    #[inline(always)]
    fn load(self, c: &[u8; 64]) -> Self::V {
        // SAFETY: `self` exists, so the processor has AVX2; the loads read
        // the two halves of a `[u8; 64]`.
        [0, 1].map(|k| unsafe { _mm256_loadu_si256(chunk::<32>(c, k).as_ptr().cast::<__m256i>()) })
    }

    #[inline(always)]
    fn eq(self, v: Self::V, x: u8) -> Self::M {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let x = _mm256_set1_epi8(x as i8);
            v.map(|h| _mm256_cmpeq_epi8(h, x))
        }
    }

    #[inline(always)]
    fn or(self, a: Self::M, b: Self::M) -> Self::M {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { [_mm256_or_si256(a[0], b[0]), _mm256_or_si256(a[1], b[1])] }
    }

    #[inline(always)]
    fn any(self, m: Self::M) -> bool {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let both = _mm256_or_si256(m[0], m[1]);
            _mm256_testz_si256(both, both) == 0
        }
    }

    #[inline(always)]
    fn bits(self, m: Self::M) -> u64 {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { halves(_mm256_movemask_epi8(m[0]), _mm256_movemask_epi8(m[1])) }
    }

    #[inline(always)]
    fn count(self, m: Self::M) -> u32 {
        // Each hit is -1: 0 - m0 - m1 holds 0 to 2 per byte, and the sums
        // of four groups of eight bytes add up the rest (POPCNT is a
        // feature of its own).
        let t = self.add(self.tally(), m);
        self.drain(t) as u32
    }

    #[inline(always)]
    fn stops(self, v: Self::V, _: &[u8; 64], _: u64) -> u64 {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let allowed = v.map(|h| avx2_allowed(&Nibbles::NOT_URI_ASCII, h));
            !halves(
                _mm256_movemask_epi8(allowed[0]),
                _mm256_movemask_epi8(allowed[1]),
            )
        }
    }

    #[inline(always)]
    fn high(self, v: Self::V) -> u64 {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { halves(_mm256_movemask_epi8(v[0]), _mm256_movemask_epi8(v[1])) }
    }

    #[inline(always)]
    fn or_v(self, a: Self::V, b: Self::V) -> Self::V {
        self.or(a, b)
    }

    #[inline(always)]
    fn zero(self) -> Self::V {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { [_mm256_setzero_si256(); 2] }
    }

    #[inline(always)]
    fn tally(self) -> Self::Tally {
        self.zero()
    }

    #[inline(always)]
    fn add(self, t: Self::Tally, m: Self::M) -> Self::Tally {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { [_mm256_sub_epi8(t[0], m[0]), _mm256_sub_epi8(t[1], m[1])] }
    }

    #[inline(always)]
    fn drain(self, t: Self::Tally) -> usize {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let zero = _mm256_setzero_si256();
            let s = _mm256_add_epi64(_mm256_sad_epu8(t[0], zero), _mm256_sad_epu8(t[1], zero));
            let p = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
            _mm_cvtsi128_si64(_mm_add_epi64(p, _mm_unpackhi_epi64(p, p))) as usize
        }
    }
}

/// Two 32-bit masks (`movemask`s of two halves) as one of 64 bits.
#[cfg(feature = "alloc")]
#[inline(always)]
fn halves(lo: i32, hi: i32) -> u64 {
    u64::from(lo as u32) | u64::from(hi as u32) << 32
}

#[cfg(feature = "alloc")]
impl Avx2 {
    /// The extractor's [`Marks`] of a block, by the generic scan's
    /// operations, compiled for AVX2.
    #[inline]
    pub(crate) fn block_marks(self, c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
        #[target_feature(enable = "avx2")]
        unsafe fn marks(k: Avx2, c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
            generic::marks(k, c, next, x, z)
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { marks(self, c, next, x, z) }
    }

    /// The generic scan ([`generic::advance`]) compiled for AVX2.
    #[inline]
    pub(crate) fn scan<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
        #[target_feature(enable = "avx2")]
        unsafe fn scan<const LINES: bool>(k: Avx2, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
            generic::advance::<Avx2, LINES>(k, c, b, x, z);
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { scan::<LINES>(self, c, b, x, z) }
    }
}

#[cfg(feature = "safebrowsing")]
impl Avx2 {
    /// SHA-256's compression (FIPS 180-4, section 6.2.2) of eight messages
    /// of `B` blocks each (padded, one or two blocks: Safe Browsing's
    /// expressions) from the same state `h`, each message's final state
    /// written to `out` as its hash's bytes (big endian): a message to a
    /// 32-bit lane, as `avx512.rs` does sixteen. AVX2 has neither a
    /// rotation nor three-input logic, so a rotation is two shifts and an
    /// or. The blocks' words are put into lanes, and the states taken out
    /// of them, by 8 × 8 transpositions of unpacks rather than gathers,
    /// which are slow on the older processors that take this path (those
    /// with AVX2 and neither the SHA extensions nor AVX-512). The 64
    /// rounds are four passes of sixteen written out, so that the
    /// schedule's sixteen words are named by constants.
    #[inline]
    pub(crate) fn sha256_x8<const B: usize>(
        self,
        h: &[u32; 8],
        messages: [&[[u8; 64]; B]; 8],
        out: &mut [[u8; 32]; 8],
    ) {
        use core::arch::x86_64::{
            _mm256_add_epi32, _mm256_andnot_si256, _mm256_or_si256, _mm256_permute2x128_si256,
            _mm256_set1_epi32, _mm256_setr_epi8, _mm256_slli_epi32, _mm256_srli_epi32,
            _mm256_storeu_si256, _mm256_unpackhi_epi32, _mm256_unpackhi_epi64,
            _mm256_unpacklo_epi32, _mm256_unpacklo_epi64, _mm256_xor_si256,
        };

        use super::SHA256_K;

        #[target_feature(enable = "avx2")]
        fn compress<const B: usize>(
            h: &[u32; 8],
            messages: [&[[u8; 64]; B]; 8],
            out: &mut [[u8; 32]; 8],
        ) {
            // Each 32-bit word's bytes reversed: the message's words and
            // the hash are big endian.
            let swap = _mm256_setr_epi8(
                3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 11,
                10, 9, 8, 15, 14, 13, 12,
            );
            let add = |x: __m256i, y: __m256i| _mm256_add_epi32(x, y);
            let xor = |x: __m256i, y: __m256i| _mm256_xor_si256(x, y);
            // A rotation right by `$n` (section 3.2: ROTR).
            macro_rules! ror {
                ($x:expr, $n:literal) => {{
                    let x = $x;
                    _mm256_or_si256(
                        _mm256_srli_epi32::<$n>(x),
                        _mm256_slli_epi32::<{ 32 - $n }>(x),
                    )
                }};
            }
            let mut state = h.map(|x| _mm256_set1_epi32(x as i32));
            // Block `b` of each message, one message to a lane.
            #[allow(clippy::needless_range_loop)]
            for b in 0..B {
                // The schedule's first sixteen words: each message's block
                // read as two rows of eight words, the rows transposed so
                // that a register holds one word of every message.
                let rows = |half: usize| -> [__m256i; 8] {
                    core::array::from_fn(|i| {
                        let row: &[u8; 32] = match messages[i][b][32 * half..].first_chunk::<32>() {
                            Some(row) => row,
                            None => unreachable!("two rows of 32 bytes in a block of 64"),
                        };
                        // SAFETY: 32 bytes of a `[u8; 64]`.
                        let words = unsafe { _mm256_loadu_si256(row.as_ptr().cast()) };
                        _mm256_shuffle_epi8(words, swap)
                    })
                };
                let [w0, w1, w2, w3, w4, w5, w6, w7] = transpose(rows(0));
                let [w8, w9, w10, w11, w12, w13, w14, w15] = transpose(rows(1));
                let mut w = [
                    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15,
                ];
                let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = state;
                // Round `16 * $pass + $j`, its schedule's word made first
                // from pass 1 on.
                macro_rules! round {
                    ($pass:expr, $j:literal, $schedule:literal) => {{
                        if $schedule {
                            // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) +
                            // W[t-16] (step 1; σ of section 4.1.2), in the
                            // place of W[t-16].
                            let w15 = w[($j + 1) % 16];
                            let w2 = w[($j + 14) % 16];
                            let s0 = xor(
                                xor(ror!(w15, 7), ror!(w15, 18)),
                                _mm256_srli_epi32::<3>(w15),
                            );
                            let s1 =
                                xor(xor(ror!(w2, 17), ror!(w2, 19)), _mm256_srli_epi32::<10>(w2));
                            w[$j] = add(add(w[$j], s0), add(w[($j + 9) % 16], s1));
                        }
                        // Step 3: T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t],
                        // T2 = Σ0(a) + Maj(a, b, c).
                        let k = SHA256_K[(16 * $pass + $j) % 64];
                        let s1 = xor(xor(ror!(e, 6), ror!(e, 11)), ror!(e, 25));
                        let ch = xor(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g));
                        let kw = add(w[$j], _mm256_set1_epi32(k as i32));
                        let t1 = add(add(hh, s1), add(ch, kw));
                        let s0 = xor(xor(ror!(a, 2), ror!(a, 13)), ror!(a, 22));
                        let maj = _mm256_or_si256(
                            _mm256_and_si256(a, b),
                            _mm256_and_si256(c, _mm256_or_si256(a, b)),
                        );
                        let t2 = add(s0, maj);
                        (hh, g, f, e) = (g, f, e, add(d, t1));
                        (d, c, b, a) = (c, b, a, add(t1, t2));
                    }};
                }
                macro_rules! pass {
                    ($pass:expr, $schedule:literal) => {{
                        round!($pass, 0, $schedule);
                        round!($pass, 1, $schedule);
                        round!($pass, 2, $schedule);
                        round!($pass, 3, $schedule);
                        round!($pass, 4, $schedule);
                        round!($pass, 5, $schedule);
                        round!($pass, 6, $schedule);
                        round!($pass, 7, $schedule);
                        round!($pass, 8, $schedule);
                        round!($pass, 9, $schedule);
                        round!($pass, 10, $schedule);
                        round!($pass, 11, $schedule);
                        round!($pass, 12, $schedule);
                        round!($pass, 13, $schedule);
                        round!($pass, 14, $schedule);
                        round!($pass, 15, $schedule);
                    }};
                }
                pass!(0, false);
                for p in 1..4 {
                    pass!(p, true);
                }
                // Step 4.
                for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
                    *s = add(*s, v);
                }
            }
            // Each message's eight words back in a row.
            for (to, words) in out.iter_mut().zip(transpose(state)) {
                let bytes = _mm256_shuffle_epi8(words, swap);
                // SAFETY: 32 bytes written into a `[u8; 32]`.
                unsafe { _mm256_storeu_si256(to.as_mut_ptr().cast(), bytes) };
            }
        }
        /// The 8 × 8 words of `r` transposed: word `j` of row `i` becomes
        /// word `i` of row `j`. Pairs of rows interleaved by words, then
        /// by pairs of words, then the 128-bit halves exchanged.
        #[target_feature(enable = "avx2")]
        fn transpose(r: [__m256i; 8]) -> [__m256i; 8] {
            let [r0, r1, r2, r3, r4, r5, r6, r7] = r;
            // Words 0, 1 (low half) and 4, 5 (high) of two rows, by turns;
            // then 2, 3 and 6, 7.
            let (t0, t1) = (_mm256_unpacklo_epi32(r0, r1), _mm256_unpackhi_epi32(r0, r1));
            let (t2, t3) = (_mm256_unpacklo_epi32(r2, r3), _mm256_unpackhi_epi32(r2, r3));
            let (t4, t5) = (_mm256_unpacklo_epi32(r4, r5), _mm256_unpackhi_epi32(r4, r5));
            let (t6, t7) = (_mm256_unpacklo_epi32(r6, r7), _mm256_unpackhi_epi32(r6, r7));
            // Word `k` (low half) and `k + 4` (high) of rows 0 to 3
            // (`u0` to `u3`) and of rows 4 to 7 (`u4` to `u7`).
            let (u0, u1) = (_mm256_unpacklo_epi64(t0, t2), _mm256_unpackhi_epi64(t0, t2));
            let (u2, u3) = (_mm256_unpacklo_epi64(t1, t3), _mm256_unpackhi_epi64(t1, t3));
            let (u4, u5) = (_mm256_unpacklo_epi64(t4, t6), _mm256_unpackhi_epi64(t4, t6));
            let (u6, u7) = (_mm256_unpacklo_epi64(t5, t7), _mm256_unpackhi_epi64(t5, t7));
            let low = |x, y| _mm256_permute2x128_si256::<0x20>(x, y);
            let high = |x, y| _mm256_permute2x128_si256::<0x31>(x, y);
            [
                low(u0, u4),
                low(u1, u5),
                low(u2, u6),
                low(u3, u7),
                high(u0, u4),
                high(u1, u5),
                high(u2, u6),
                high(u3, u7),
            ]
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { compress(h, messages, out) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::kernel::Marked;
    use crate::grammar::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME, SCHEME};
    use crate::grammar::rfc3987::{IPATH, IREG_NAME};
    use proptest::prelude::*;

    /// Every window of a marked input against the table's own byte test:
    /// bit `j` is set exactly where `t` refuses `b[i + j]`, for as many
    /// bytes as the window shows (all of them to the end for RFC 3986's
    /// tables, read from the marks; the first 64 for any other table,
    /// read by `Avx2Long`'s windows).
    fn windows_are_the_tables(b: &[u8]) -> Result<(), TestCaseError> {
        let Some(k) = Avx2::detect() else {
            return Ok(());
        };
        let n = b.len();
        let marks = k.uri_marks(b);
        prop_assert_eq!(marks.is_some(), (32..=64).contains(&n));
        let Some(m) = marks else {
            return Ok(());
        };
        let marked = Marked::new(k.wide(), m);
        for t in [
            &REG_NAME, &AUTHORITY, &PATH, &QUERY, &FRAGMENT, &SCHEME, &IREG_NAME, &IPATH,
        ] {
            if !t.is_scanned() {
                continue;
            }
            for i in 0..=n {
                let got = marked.window(t, b, i);
                let want = (i..n.min(i + 64))
                    .filter(|&j| !t.allows(b[j]))
                    .fold(0u64, |w, j| w | 1 << (j - i));
                // An IRI table refuses a byte beyond ASCII that its
                // scanner then reads as part of a character.
                let beyond = (i..n.min(i + 64))
                    .filter(|&j| b[j] >= 0x80)
                    .fold(0u64, |w, j| w | 1 << (j - i));
                if t.ucs() == Ucs::None {
                    prop_assert_eq!(got, want, "{:?} from {}", b, i);
                } else {
                    prop_assert_eq!(got & !beyond, want & !beyond, "{:?} from {}", b, i);
                }
            }
        }
        Ok(())
    }

    /// Each byte value at the places where the two chunks meet or end,
    /// at the lengths around the marks' bounds.
    #[test]
    fn marks_are_the_tables_for_every_byte() {
        for n in [31, 32, 33, 47, 63, 64, 65] {
            for v in 0..=255u8 {
                for k in [0, 1, 31, 32, n / 2, n - 1] {
                    let mut b = alloc::vec![b'a'; n];
                    b[k.min(n - 1)] = v;
                    windows_are_the_tables(&b).unwrap();
                }
            }
        }
    }

    proptest! {
        /// Inputs of the bytes that matter to the four tables.
        #[test]
        fn marks_are_the_tables(b in proptest::collection::vec(
            proptest::sample::select(b"aZ09:/?#[]@!$&'()*+,;=-._~%4F \"<>{}|\\^`\x7f\xc3\xa9".to_vec()),
            28..70,
        )) {
            windows_are_the_tables(&b)?;
        }
    }
}
