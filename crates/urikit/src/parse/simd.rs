//! The library's `unsafe` code, all of it: the x86-64 classifiers the
//! parser runs on 16 or 32 bytes at a time ([`Classify`]), the entry to
//! the parser compiled for AVX2, the marks the extractor finds its
//! candidates and line breaks with, 64 bytes at a time (with AVX-512 where
//! the processor has it), the normalizer's
//! masks of a short reference, and the search for `/.` (dot segments).
//!
//! Why: written portably (comparisons the compiler vectorizes, and a
//! multiplication to gather one bit per byte) a chunk costs about 45
//! instructions. With SSE2 intrinsics (signed comparisons and `pmovmskb`) it
//! costs about 25, and with AVX2's byte shuffle (`vpshufb`, two lookups of
//! sixteen-entry tables, see [`Nibbles`]) about 10. `bench/cachegrind.sh`
//! counts the difference per URL; `docs/design.md` gives the figures.
//!
//! Why it is sound:
//! - The module is compiled only where SSE2 is enabled at compile time
//!   (every x86-64 target), so the SSE2 intrinsics always exist.
//! - AVX2 code runs only through an [`Avx2`] value, which only
//!   [`Avx2::detect`] makes, and only when the processor has AVX2 (checked
//!   at run time with `std`, at compile time without it). Every function
//!   marked `#[target_feature(enable = "avx2")]` is called through such a
//!   value.
//! - AVX-512 code (the extractor's scan from block to block, [`Avx512`])
//!   runs the same way only through an [`Avx512`] value, made only when
//!   the processor has AVX512F, AVX512BW, AVX512VBMI and POPCNT; its
//!   functions enable exactly those. It is kept because it measured faster than AVX2
//!   (extraction, interleaved runs of both texts); valgrind hides AVX-512,
//!   so `cachegrind.sh` counts the AVX2 path.
//! - The only intrinsics that touch memory, the unaligned loads
//!   `_mm_loadu_si128`, `_mm256_loadu_si256` and `_mm512_loadu_si512`,
//!   read the bytes of a `&[u8; 16]`, a `&[u8; 32]` or a `&[u8; 64]` (or
//!   the chunks of that size of a longer array), which are valid and
//!   initialized, with no alignment required. Nothing here writes memory.
//!
//! The tests in `scan.rs` prove every classifier equal to its table over
//! every byte in every lane, and the property tests parse with each.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_broadcastsi128_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_sub_epi8, _mm256_testz_si256, _mm_add_epi64, _mm_add_epi8,
    _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si64,
    _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
    _mm_shuffle_epi8, _mm_srli_epi16, _mm_unpackhi_epi64,
};
use core::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512,
    _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8, _mm512_setzero_si512,
    _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_test_epi8_mask,
};

use super::rfc3986::{parse_in, parse_sets, IRI};
use super::scan::{two_chunks, Classify};
use super::Meta;
use crate::bytes::{chunk, Cursor, Marks, RefMarks, TextMarks};
use crate::error::Error;
use crate::grammar::rfc3986::outside_uris;
use crate::grammar::{Lanes, Nibbles, Table, Ucs};

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

    /// Parses `s` with the parser compiled for AVX2 (every
    /// [`Classify::refused16`] inlined as AVX2 code).
    #[inline(always)]
    pub(crate) fn parse<R>(self, s: &str, make: impl FnOnce(Meta) -> R) -> Result<R, Error> {
        #[target_feature(enable = "avx2")]
        unsafe fn parse<R>(k: Avx2, s: &str, make: impl FnOnce(Meta) -> R) -> Result<R, Error> {
            // One branch per input chooses the window, none per scan.
            let meta = if s.len() >= 32 {
                parse_in(Avx2Long(k), s)
            } else {
                parse_in(k, s)
            };
            meta.map(make)
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { parse(self, s, make) }
    }

    /// Parses the IRI `s` with the parser compiled for AVX2 and RFC
    /// 3987's sets.
    #[inline]
    pub(crate) fn parse_iri(self, s: &str) -> Result<Meta, Error> {
        #[target_feature(enable = "avx2")]
        unsafe fn parse(k: Avx2, s: &str) -> Result<Meta, Error> {
            if s.len() >= 32 {
                parse_sets(Avx2Long(k), s, &IRI)
            } else {
                parse_sets(k, s, &IRI)
            }
        }
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe { parse(self, s) }
    }
}

impl Classify for Avx2 {
    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        // SAFETY: `self` exists, so the processor has AVX2.
        unsafe {
            let r = avx2_refused16(t.nibbles(), c);
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
struct Avx2Long(Avx2);

impl Classify for Avx2Long {
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
        two_chunks::<32>(b, i, |c| {
            // SAFETY: `self` exists, so the processor has AVX2.
            u64::from(unsafe {
                let r = avx2_refused32(t.nibbles(), c);
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

/// A mask of the bytes of `c` refused by the tables with `lanes` (bit `k`
/// for `c[k]`): the same set as `table::refused_lane`.
#[cfg_attr(urikit_portable, allow(dead_code))]
#[inline(always)]
pub(crate) fn sse2_refused16(lanes: Lanes, c: &[u8; 16]) -> u32 {
    // SAFETY: see the module's documentation: SSE2 is enabled at compile
    // time, and the load reads the sixteen bytes `c` refers to.
    unsafe {
        let x = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
        let set = |b: u8| _mm_set1_epi8(b as i8);
        let eq = |b: u8| _mm_cmpeq_epi8(x, set(b));
        // Signed, 0x00-0x20 and 0x80-0xFF are the bytes below 0x21:
        // controls, space and non-ASCII.
        let low = _mm_cmpgt_epi8(set(0x21), x);
        // 0x7B-0x7F (`{` `|` `}` `~` DEL) but `~`, which is unreserved.
        let high = _mm_andnot_si128(eq(b'~'), _mm_cmpgt_epi8(x, set(0x7A)));
        // `"` and `#` (0x22, 0x23) are the bytes that `| 1` makes 0x23;
        // `<` and `>` (0x3C, 0x3E) those that `| 2` makes 0x3E.
        let quote_hash = _mm_cmpeq_epi8(_mm_or_si128(x, set(1)), set(0x23));
        let angles = _mm_cmpeq_epi8(_mm_or_si128(x, set(2)), set(0x3E));
        // `[` `\` `]` `^` (0x5B-0x5E) plus 0x25 are 0x80-0x83, the four
        // smallest signed bytes.
        let brackets = _mm_cmpgt_epi8(set(0x84), _mm_add_epi8(x, set(0x25)));
        let any = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(low, high), _mm_or_si128(quote_hash, angles)),
            _mm_or_si128(_mm_or_si128(brackets, eq(b'`')), eq(b'%')),
        );
        // `/` and `?` (0x2F, 0x3F) are the bytes that `| 0x10` makes 0x3F.
        let slash_question = || _mm_cmpeq_epi8(_mm_or_si128(x, set(0x10)), set(0x3F));
        let refused = match lanes {
            Lanes::Query => any,
            Lanes::Path => _mm_or_si128(any, eq(b'?')),
            Lanes::Authority => _mm_or_si128(any, _mm_or_si128(slash_question(), eq(b'@'))),
            Lanes::RegName => _mm_or_si128(
                any,
                _mm_or_si128(slash_question(), _mm_or_si128(eq(b'@'), eq(b':'))),
            ),
            Lanes::None => set(0xFF),
        };
        // Sixteen bits: the `i32` is never negative.
        _mm_movemask_epi8(refused) as u32
    }
}

/// A mask of the bytes of `c` that are plain bytes beyond ASCII
/// (`grammar::rfc3987::is_plain_ucs_byte`): 0x80 to 0xEF but C0 to C2,
/// D8, E2, EE and EF, by signed comparisons.
#[cfg_attr(urikit_portable, allow(dead_code))]
#[inline(always)]
pub(crate) fn sse2_plain_ucs16(c: &[u8; 16]) -> u32 {
    // SAFETY: see the module's documentation: SSE2 is enabled at compile
    // time, and the load reads the sixteen bytes `c` refers to.
    unsafe {
        let x = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
        let set = |b: u8| _mm_set1_epi8(b as i8);
        let eq = |b: u8| _mm_cmpeq_epi8(x, set(b));
        // Signed, 0x80 to 0xED are the bytes below -0x12 (0xEE).
        let range = _mm_cmpgt_epi8(set(0xEE), x);
        // C0 to C2 are the bytes that `| 3` makes C3 (C3 itself is plain).
        let c0_c2 = _mm_andnot_si128(eq(0xC3), _mm_cmpeq_epi8(_mm_or_si128(x, set(3)), set(0xC3)));
        let other = _mm_or_si128(_mm_or_si128(eq(0xD8), eq(0xE2)), c0_c2);
        _mm_movemask_epi8(_mm_andnot_si128(other, range)) as u32
    }
}

/// The extractor's [`Marks`] of 64 bytes (`next`: the byte after them, 0
/// past the text's end), sixteen bytes per comparison.
#[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
#[inline(always)]
pub(crate) fn sse2_marks64(c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
    let sixteen = |k: usize| {
        let chunk = chunk::<16>(c, k);
        // SAFETY: see the module's documentation: SSE2 is enabled at
        // compile time, and the load reads the sixteen bytes `chunk`
        // refers to.
        let masks = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let eq = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
            [eq(x), eq(z), v].map(|m| _mm_movemask_epi8(m))
        };
        // Sixteen bits each, at the chunk's place: the `i32`s are never
        // negative.
        masks.map(|m| u64::from(m as u16) << (16 * k))
    };
    let [a, b, d, e] = [0, 1, 2, 3].map(sixteen);
    let m = |i: usize| a[i] | b[i] | d[i] | e[i];
    Marks {
        candidates: crate::bytes::candidates(
            m(0),
            crate::bytes::stops_after(c, m(0), outside_uris),
            outside_uris(next),
        ),
        third: m(1),
        thirds: m(1).count_ones(),
        high: m(2),
    }
}

/// The masks of [`TextMarks`] (`%`, capitals, `/`, `.`) of sixteen bytes.
#[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
#[inline(always)]
fn sse2_text_classes(c: &[u8; 16]) -> [u64; 4] {
    // SAFETY: see the module's documentation: SSE2 is enabled at compile
    // time, and the load reads the sixteen bytes `c` refers to.
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

/// [`TextMarks`] of `b` (at most 64 bytes) with SSE2: four sixteen-byte
/// chunks, each moved back to end at the end of `b` where it would pass
/// it, their masks shifted to the chunk's place (overlaps agree). Shorter
/// than sixteen bytes, the portable form.
#[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
#[inline]
pub(crate) fn sse2_text_marks(b: &[u8]) -> Option<TextMarks> {
    let n = b.len();
    if n < 16 {
        return crate::bytes::text_marks_portable(b);
    }
    if n > 64 {
        return None;
    }
    let mut m = TextMarks::default();
    for k in 0..4 {
        let at = (16 * k).min(n - 16);
        m.add(at, sse2_text_classes(chunk::<16>(&b[at..], 0)));
    }
    Some(m)
}

/// [`first_pair`](crate::bytes::first_pair) with SSE2: the offset of the
/// first byte `x` of `b` that a byte `y` follows, sixteen pairs to a
/// comparison and the place of a hit read from its mask. The windows begin
/// at 0, 16, 32, ..., and the last ends at the end of `b` (the pairs it
/// shares with the window before held none, so its first is the first).
/// Shorter than 17 bytes, the word search of `bytes`.
#[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
#[inline(always)]
pub(crate) fn sse2_first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    let n = b.len();
    if n < 17 {
        return crate::bytes::first_pair(b, x, y);
    }
    // Bit `k`: byte `at + k` is `x` and byte `at + k + 1` is `y`.
    let mask = |at: usize| {
        let (p, q) = (chunk::<16>(&b[at..], 0), chunk::<16>(&b[at + 1..], 0));
        // SAFETY: see the module's documentation: SSE2 is enabled at
        // compile time, and the loads read the sixteen bytes `p` and `q`
        // refer to.
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

impl Avx2 {
    /// [`RefMarks`] of `b` (at most 127 bytes) with AVX2: windows of 32
    /// bytes, each moved back to end at the end of its block where it
    /// would pass it (overlaps agree), two for each block (one block up to
    /// 64 bytes); from 16 to 31 bytes, two windows of 16; shorter, the
    /// portable form.
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
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
                    m.head.add(at, sse2_text_classes(chunk::<16>(&b[at..], 0)));
                }
                m.tail = m.head;
            }
            m
        }
        match b.len() {
            // SAFETY: `self` exists, so the processor has AVX2.
            16..=RefMarks::MAX => Some(unsafe { marks(b) }),
            _ => RefMarks::of(b, sse2_text_marks),
        }
    }

    /// The extractor's [`Marks`] of 64 bytes (`next`: the byte after
    /// them, 0 past the text's end), 32 bytes per comparison; the third
    /// value is counted with a sum of absolute differences (POPCNT is a
    /// feature of its own).
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
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
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
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
                let last = crate::bytes::padded(b, to);
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
        let candidates =
            crate::bytes::candidates(both(v.map(|v| eq(v, x))), stop, outside_uris(next));
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
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
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

/// Proof that the processor has AVX-512 with its byte instructions
/// (AVX512BW), VBMI and POPCNT: the only way to run the code compiled for
/// them. The scan uses no VBMI instruction now, but it was measured only
/// on processors that have it (Ice Lake and later, Zen 4); those with
/// AVX512BW but not VBMI, as Skylake's, take the AVX2 scan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512 {
    _private: (),
}

impl Avx512 {
    /// An `Avx512` if the processor has AVX512F, AVX512BW, AVX512VBMI and
    /// POPCNT. With `std` this asks the processor; without it, only a build
    /// for such targets has one.
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
    #[inline]
    pub(crate) fn detect() -> Option<Avx512> {
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("popcnt");
        #[cfg(not(feature = "std"))]
        let has = cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi",
            target_feature = "popcnt"
        ));
        has.then_some(Avx512 { _private: () })
    }

    /// [`Avx2::advance`] 64 bytes to a register, comparisons into mask
    /// registers. Two blocks a step while neither holds an `x` at all (a
    /// comparison a block); a pair that does has its blocks' [`Marks`]
    /// worked out (the bytes after its colons looked up by their four-bit
    /// halves), and a block without a candidate is passed over in
    /// the same call. Line breaks are counted from each block's mask with
    /// POPCNT, off the vector units (summing them per byte lane took 9%
    /// more time over text without candidates), and where the last one is
    /// is left to be found (`Cursor::unplaced`), as bytes beyond ASCII are
    /// noted by the end of the blocks passed over. Without `LINES`,
    /// neither (see [`Avx2::advance`]).
    #[cfg_attr(any(not(feature = "alloc"), urikit_portable), allow(dead_code))]
    #[inline]
    pub(crate) fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
        unsafe fn advance<const LINES: bool>(c: &mut Cursor, b: &[u8], x: u8, z: u8) {
            let [vx, vz] = [x, z].map(|v| _mm512_set1_epi8(v as i8));
            let zero = _mm512_setzero_si512();
            // SAFETY: the caller has AVX512F; the load reads the 64 bytes
            // `w` refers to, with no alignment required.
            let load = |w: &[u8; 64]| unsafe { _mm512_loadu_si512(w.as_ptr().cast()) };
            // The ASCII bytes no URI holds, by their four-bit halves (the
            // shuffle looks up within each 16-byte quarter: all get the
            // tables).
            let n = &Nibbles::NOT_URI_ASCII;
            // SAFETY: the loads read two `[u8; 16]`.
            let [lo, hi] = [n.lo, n.hi]
                .map(|t| unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) });
            let nibble = _mm512_set1_epi8(0x0F);
            let stop = |v: __m512i| {
                let l = _mm512_shuffle_epi8(lo, _mm512_and_si512(v, nibble));
                let h =
                    _mm512_shuffle_epi8(hi, _mm512_and_si512(_mm512_srli_epi16::<4>(v), nibble));
                _mm512_test_epi8_mask(l, h)
            };
            // The marks of the block whose bytes are `v` and after which
            // comes `next`.
            let marks = |v: __m512i, next: u8| {
                let candidates = crate::bytes::candidates(
                    _mm512_cmpeq_epi8_mask(v, vx),
                    stop(v),
                    outside_uris(next),
                );
                if !LINES {
                    return Marks {
                        candidates,
                        ..Marks::default()
                    };
                }
                let third = _mm512_cmpeq_epi8_mask(v, vz);
                Marks {
                    candidates,
                    third,
                    thirds: third.count_ones(),
                    high: _mm512_movepi8_mask(v),
                }
            };
            c.leave();
            let from = c.block + 64;
            let mut at = from;
            // Line breaks: each block's mask counted (POPCNT), off the
            // vector units.
            let mut lines = 0;
            let mut high = zero;
            // Two blocks a step while neither holds an `x`; a pair
            // that does has its blocks' candidates worked out, and a block
            // without any (its colons all followed by bytes no URI holds)
            // is passed over, the steps going on after it.
            let found = 'scan: loop {
                let Some(w) = b.get(at..).and_then(|r| r.first_chunk::<129>()) else {
                    break None;
                };
                let v = [load(chunk::<64>(w, 0)), load(chunk::<64>(&w[64..], 0))];
                let hit = |v: __m512i| _mm512_cmpeq_epi8_mask(v, vx);
                if hit(v[0]) | hit(v[1]) != 0 {
                    for (k, next) in [(0, w[64]), (1, w[128])] {
                        let m = marks(v[k], next);
                        if m.candidates != 0 {
                            break 'scan Some(m);
                        }
                        if LINES {
                            lines += m.thirds as usize;
                            high = _mm512_or_si512(high, v[k]);
                        }
                        at += 64;
                    }
                } else {
                    if LINES {
                        let breaks =
                            |v: __m512i| _mm512_cmpeq_epi8_mask(v, vz).count_ones() as usize;
                        lines += breaks(v[0]) + breaks(v[1]);
                        high = _mm512_or_si512(high, _mm512_or_si512(v[0], v[1]));
                    }
                    at += 128;
                }
            };
            c.lines += lines;
            if lines > 0 {
                c.unplaced = Some((from, at));
            }
            if _mm512_movepi8_mask(high) != 0 {
                c.ascii_from = c.ascii_from.max(at);
            }
            if let Some(m) = found {
                c.enter(at, m);
                return;
            }
            // The last blocks, fewer than 129 bytes: a block at a time,
            // its bytes after the text's end taken as zeros, up to the
            // first that is not whole.
            let block = |at: usize| {
                let w = crate::bytes::padded(b, at);
                marks(load(&w), b.get(at + 64).copied().unwrap_or(0))
            };
            c.enter(at, block(at));
            // As with AVX2, a whole last block is passed over for the empty
            // one after it.
            while c.triggers == 0 && c.block + 64 <= b.len() {
                c.step(block);
            }
        }
        // SAFETY: `self` exists, so the processor has AVX512F, AVX512BW,
        // AVX512VBMI and POPCNT.
        unsafe { advance::<LINES>(c, b, x, z) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME};
    use crate::parse::scan::Baseline;
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// What [`Classify::window`] must return, byte by byte.
    fn window_by_bytes(t: &Table, b: &[u8], i: usize, width: usize) -> u64 {
        b[i..]
            .iter()
            .take(width)
            .enumerate()
            .filter(|&(_, &c)| !t.allows(c))
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Every window of every classifier, at every offset of inputs of 16 to
    /// 100 bytes, with one refused byte moved through them.
    #[test]
    fn windows_agree_with_the_tables_at_every_offset() {
        let Some(k) = Avx2::detect() else { return };
        for t in [&REG_NAME, &AUTHORITY, &PATH, &QUERY, &FRAGMENT] {
            for n in 16..100 {
                for bad in 0..=n {
                    let mut b = alloc::vec![b'a'; n];
                    if bad < n {
                        b[bad] = b' ';
                    }
                    for i in 0..=n {
                        let want32 = window_by_bytes(t, &b, i, 32);
                        assert_eq!(Baseline.window(t, &b, i), want32, "{n} {bad} {i}");
                        assert_eq!(k.window(t, &b, i), want32, "{n} {bad} {i}");
                        // Below 32 bytes the long classifier falls back.
                        let want64 = window_by_bytes(t, &b, i, if n >= 32 { 64 } else { 32 });
                        assert_eq!(Avx2Long(k).window(t, &b, i), want64, "{n} {bad} {i}");
                    }
                }
            }
        }
    }

    /// The extractor's masks agree with the portable ones on blocks of
    /// every byte value in every position, after a colon and after the
    /// block.
    #[test]
    fn sse2_marks_agree_with_the_portable_ones() {
        let avx2 = Avx2::detect();
        for k in 0..64 {
            for v in 0..=255u8 {
                for next in [0, b' ', b'a', v] {
                    let mut c = [b'a'; 64];
                    c[k] = v;
                    c[63 - k] = v.wrapping_add(1);
                    c[(k + 1) % 64] = b':';
                    // A colon before every byte value (the last one's is
                    // `next`).
                    c[(k + 63) % 64] = b':';
                    c[63] = if k % 2 == 0 { b':' } else { c[63] };
                    let want = crate::bytes::marks64_portable(&c, next, [b':', v], outside_uris);
                    assert_eq!(sse2_marks64(&c, next, b':', v), want, "{k} {v:#x}");
                    if let Some(avx2) = avx2 {
                        assert_eq!(avx2.marks64(&c, next, b':', v), want, "{k} {v:#x}");
                    }
                }
            }
        }
    }

    /// The vector scans this processor has, each with the lines counted
    /// and without (`false`).
    fn vector_ways() -> Vec<(&'static str, Advance, bool)> {
        /// `Avx2::advance` or `Avx512::advance` (by `WIDE`) over the
        /// extractor's bytes.
        fn way<const WIDE: bool, const LINES: bool>(c: &mut Cursor, b: &[u8]) {
            match WIDE {
                true => Avx512::detect()
                    .unwrap()
                    .advance::<LINES>(c, b, b':', b'\n'),
                false => Avx2::detect().unwrap().advance::<LINES>(c, b, b':', b'\n'),
            }
        }
        let mut ways: Vec<(&str, Advance, bool)> = Vec::new();
        if Avx2::detect().is_some() {
            ways.push(("avx2", way::<false, true>, true));
            ways.push(("avx2", way::<false, false>, false));
        }
        if Avx512::detect().is_some() {
            ways.push(("avx512", way::<true, true>, true));
            ways.push(("avx512", way::<true, false>, false));
        }
        ways
    }

    type Advance = fn(&mut Cursor, &[u8]);

    /// The cursor moves from its block to the first later block with a
    /// candidate, or to the first that is not whole, and counts the line
    /// breaks before it, across more blocks than one byte lane can count;
    /// a colon that an ASCII byte no URI holds (a space, a line break,
    /// `"`) or the end follows is no candidate. It stops where the
    /// portable way, a block at a time, stops, knowing the same (without
    /// the lines counted, only where it stops and the candidates there).
    #[test]
    fn advance_stops_at_candidates_and_counts_breaks() {
        for (_, k, lines) in vector_ways() {
            advance_agrees(k, lines);
        }
    }

    /// Every byte value after a colon, inside a block and across the end
    /// of one: the cursor stops at the colon's block exactly when the
    /// byte is no ASCII byte that URIs never hold (`outside_uris`), and
    /// otherwise goes on to the next candidate, with every classifier.
    #[test]
    fn advance_reads_every_byte_after_a_colon() {
        let mut ways: Vec<(&str, Advance)> = Vec::new();
        ways.push(("blocks", |c, b| {
            c.advance_by_blocks(b.len(), |at| {
                let next = b.get(at + 64).copied().unwrap_or(0);
                crate::bytes::marks64_portable(
                    &crate::bytes::padded(b, at),
                    next,
                    [b':', b'\n'],
                    outside_uris,
                )
            })
        }));
        for (name, advance, _) in vector_ways() {
            ways.push((name, advance));
        }
        for (name, advance) in ways {
            for colon in [100, 127, 191, 255] {
                for v in 0..=255u8 {
                    let mut b = [b'a'; 64 * 6];
                    b[colon] = b':';
                    b[colon + 1] = v;
                    // A candidate later, which the scan reaches after a
                    // colon that is none.
                    b[300] = b':';
                    let mut c = Cursor::new(crate::bytes::marks64_portable(
                        chunk::<64>(&b, 0),
                        b[64],
                        [b':', b'\n'],
                        outside_uris,
                    ));
                    advance(&mut c, &b);
                    let stop = match outside_uris(v) {
                        true => 256,
                        false => colon / 64 * 64,
                    };
                    let case = (name, colon, v);
                    assert_eq!((c.block, c.triggers != 0), (stop, true), "{case:?}");
                }
            }
        }
    }

    fn advance_agrees(advance: fn(&mut Cursor, &[u8]), lines: bool) {
        for blocks in [1usize, 2, 3, 4, 127, 128, 129, 255, 256, 257, 300, 600] {
            for tail in [0usize, 1, 63] {
                for hit in [None, Some(64), Some(blocks * 64 - 1)] {
                    for (candidate, after) in [
                        (b':', b'a'),
                        (b'<', b' '),
                        (b':', b' '),
                        (b':', b'"'),
                        (b':', 0xC3),
                    ] {
                        for ends_word in [None, Some(65), Some(blocks * 64 / 2)] {
                            let mut b: Vec<u8> = (0..blocks * 64 + tail)
                                .map(|i| if i % 3 == 0 { b'\n' } else { b'a' })
                                .collect();
                            // A colon that ends a word, and one at the end.
                            if let Some(w) = ends_word.filter(|&w| w + 1 < b.len()) {
                                b[w] = b':';
                                b[w + 1] = b' ';
                            }
                            if tail == 0 && hit.is_none() {
                                *b.last_mut().unwrap() = b':';
                            }
                            let mut real = None;
                            if let Some(h) = hit.filter(|&h| (64..b.len()).contains(&h)) {
                                b[h] = candidate;
                                if let Some(c) = b.get_mut(h + 1) {
                                    *c = after;
                                }
                                let next = b.get(h + 1).copied().unwrap_or(0);
                                if candidate == b':' && !outside_uris(next) {
                                    real = Some(h);
                                }
                            }
                            let stop = match real.filter(|&h| h < blocks * 64) {
                                Some(h) => h / 64 * 64,
                                None => blocks * 64,
                            };
                            let case = (blocks, tail, hit, candidate, after, ends_word);
                            // The extractor moves on from a block that is
                            // not the last.
                            if b.len() <= 64 {
                                continue;
                            }
                            let marks_in = |b: &[u8], at: usize| {
                                let mut c = [0; 64];
                                let rest = &b[at.min(b.len())..];
                                let n = rest.len().min(64);
                                c[..n].copy_from_slice(&rest[..n]);
                                let next = b.get(at + 64).copied().unwrap_or(0);
                                crate::bytes::marks64_portable(
                                    &c,
                                    next,
                                    [b':', b'\n'],
                                    outside_uris,
                                )
                            };
                            let marks = |at: usize| marks_in(&b, at);
                            let mut want = Cursor::new(marks(0));
                            want.advance_by_blocks(b.len(), marks);
                            let mut got = Cursor::new(marks(0));
                            advance(&mut got, &b);
                            assert_eq!(got.block, stop, "{case:?}");
                            if !lines {
                                let (w, g) = (&want, &got);
                                if real.is_some() || tail > 0 {
                                    assert_eq!(
                                        (w.block, w.marks.candidates, w.triggers),
                                        (g.block, g.marks.candidates, g.triggers),
                                        "{case:?}"
                                    );
                                } else {
                                    assert_eq!((g.triggers, w.triggers), (0, 0), "{case:?}");
                                }
                                continue;
                            }
                            let breaks = b[..stop].iter().filter(|&&c| c == b'\n').count();
                            assert_eq!(got.lines, breaks, "{case:?}");
                            if real.is_some() || tail > 0 {
                                assert_eq!(
                                    (want.block, want.marks, want.triggers, want.lines),
                                    (got.block, got.marks, got.triggers, got.lines),
                                    "{case:?}"
                                );
                            } else {
                                // Both at the end: the portable way stops
                                // in the last block, this one after it.
                                assert_eq!((got.triggers, want.triggers), (0, 0), "{case:?}");
                                assert_eq!(want.block + 64, got.block, "{case:?}");
                                assert_eq!(want.lines + want.marks.thirds as usize, got.lines);
                                continue;
                            }
                            // The last line break before the block is
                            // placed, or its blocks are named.
                            let last = b[..stop].iter().rposition(|&c| c == b'\n');
                            assert_eq!(want.line_start, last.map_or(0, |p| p + 1), "{case:?}");
                            match got.unplaced {
                                Some((from, to)) => {
                                    assert!(from <= last.unwrap() && last.unwrap() < to);
                                    assert!(got.line_start <= from, "{case:?}");
                                }
                                None => assert_eq!(got.line_start, want.line_start),
                            }
                            assert_eq!(got.ascii_from, 0, "{case:?}");
                            // A byte beyond ASCII before the block moves
                            // where the text is ASCII from past it.
                            let mut c = b.clone();
                            c[stop - 1] = 0xC3;
                            let mut high = Cursor::new(marks_in(&c, 0));
                            advance(&mut high, &c);
                            assert!(high.ascii_from >= stop, "{case:?}");
                        }
                    }
                }
            }
        }
    }

    /// Characters that matter to the grammar, and a few that it refuses.
    fn uri_ish() -> impl Strategy<Value = String> {
        let chars: Vec<char> = "aZ09:/?#[]@!$&'()*+,;=-._~%4Fvfe \"<>{}|\\^`\u{7f}\u{e9}"
            .chars()
            .collect();
        proptest::collection::vec(proptest::sample::select(chars), 0..120)
            .prop_map(|v| v.into_iter().collect())
    }

    proptest! {
        /// The parser gives the same answer, offsets or error, with every
        /// classifier.
        #[test]
        fn every_classifier_parses_alike(s in uri_ish()) {
            let base = parse_in(Baseline, &s);
            if let Some(k) = Avx2::detect() {
                prop_assert_eq!(parse_in(k, &s), base);
                prop_assert_eq!(parse_in(Avx2Long(k), &s), base);
                prop_assert_eq!(k.parse(&s, |m| m), base);
            }
        }
    }

    /// Counting gives the obvious counts, across more steps than one byte
    /// lane holds and with every length of tail.
    #[test]
    fn count_counts_characters_and_bytes() {
        let Some(k) = Avx2::detect() else { return };
        for len in [0usize, 1, 63, 64, 65, 127, 128, 4031, 4032, 4033, 9000] {
            let s: String = (0..len)
                .map(|i| ["a", "\n", "é", "€", "𝄞"][i % 7 % 5])
                .collect::<String>();
            let b = &s.as_bytes()[..len.min(s.len())];
            let whole = &b[..b.len() / 64 * 64];
            let chars = whole.iter().filter(|&&c| (c as i8) >= -64).count();
            let lfs = whole.iter().filter(|&&c| c == b'\n').count();
            assert_eq!(k.count(b, -64, false), chars, "{len}");
            assert_eq!(k.count(b, b'\n' as i8, true), lfs, "{len}");
        }
    }

    /// The SSE2 and AVX2 masks are the portable ones, at every length to
    /// 127 and beyond, for every byte value at every place.
    #[test]
    fn sse2_text_marks_are_the_portable_ones() {
        for n in 0..=132usize {
            for k in 0..n.max(1) {
                for v in [b'%', b'/', b'.', b'A', b'Z', b'@', b'[', 0x80, 0xC1, 0xFF] {
                    let mut b = alloc::vec![b'x'; n];
                    if let Some(c) = b.get_mut(k) {
                        *c = v;
                    }
                    let want = crate::bytes::text_marks_portable(&b);
                    assert_eq!(sse2_text_marks(&b), want, "{n} {k} {v:#x}");
                    if let Some(avx2) = Avx2::detect() {
                        let want = RefMarks::of(&b, crate::bytes::text_marks_portable);
                        assert_eq!(avx2.text_marks(&b), want, "{n} {k} {v:#x}");
                    }
                }
            }
        }
    }

    /// The SSE2 pair search finds the first pair a byte loop finds, at
    /// every length to 80 (each window, the last one's overlap), with a
    /// pair or half of one at every place and a second pair after it, for
    /// `/.`, equal bytes and bytes beyond ASCII.
    #[test]
    fn sse2_first_pair_is_the_byte_loop() {
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
                            assert_eq!(sse2_first_pair(&v, x, y), want, "{x} {y} {n} {at}");
                            assert_eq!(crate::bytes::first_pair(&v, x, y), want);
                        }
                    }
                }
            }
        }
    }

    proptest! {
        /// On bytes drawn from few values, so that pairs and near misses
        /// are common.
        #[test]
        fn sse2_first_pair_agrees_on_random_bytes(
            v in proptest::collection::vec(prop::sample::select(alloc::vec![b'/', b'.', b'a', 0xFF]), 0..200),
        ) {
            let want = v.windows(2).position(|w| w == b"/.");
            prop_assert_eq!(sse2_first_pair(&v, b'/', b'.'), want);
        }
    }
}
