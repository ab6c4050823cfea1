//! AVX-512 with its byte instructions, where the processor has them: the
//! extractor's scan from block to block, 64 bytes to a register and
//! comparisons into mask registers. Kept because it measured faster than
//! AVX2 there (extraction, interleaved runs of both texts); valgrind hides
//! AVX-512, so `bench/cachegrind.sh` counts the AVX2 path.
//!
//! Why it is sound: AVX-512 code runs only through an [`Avx512`] value,
//! made only when the processor has AVX512F, AVX512BW, AVX512VBMI and
//! POPCNT; its functions enable exactly those. The only intrinsics that
//! touch memory, `_mm_loadu_si128` and `_mm512_loadu_si512`, read a
//! `&[u8; 16]` or a `&[u8; 64]`, valid and initialized, with no alignment
//! required. Nothing here writes memory.
//!
//! May use: `arch::kernel`, `grammar`.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512,
    _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8, _mm512_setzero_si512,
    _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_test_epi8_mask, _mm_loadu_si128,
};

use super::nibbles::Nibbles;
use crate::arch::generic;
use crate::arch::kernel::{Block64, Cursor};

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
}

impl Block64 for Avx512 {
    type V = __m512i;
    type M = u64;
    type Tally = usize;
    const TALLY_BLOCKS: usize = usize::MAX;

    #[inline(always)]
    fn load(self, c: &[u8; 64]) -> __m512i {
        // SAFETY: `self` exists, so the processor has AVX512F; the load
        // reads the 64 bytes `c` refers to, with no alignment required.
        unsafe { _mm512_loadu_si512(c.as_ptr().cast()) }
    }

    #[inline(always)]
    fn eq(self, v: __m512i, x: u8) -> u64 {
        // SAFETY: `self` exists, so the processor has AVX512BW.
        unsafe { _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(x as i8)) }
    }

    crate::arch::kernel::bit_masks!();

    #[inline(always)]
    fn stops(self, v: __m512i, _: &[u8; 64], _: u64) -> u64 {
        // The ASCII bytes no URI holds, by their four-bit halves (the
        // shuffle looks up within each 16-byte quarter: all get the
        // tables).
        let n = &Nibbles::NOT_URI_ASCII;
        // SAFETY: `self` exists, so the processor has AVX512F and
        // AVX512BW; the loads read two `[u8; 16]`.
        unsafe {
            let [lo, hi] =
                [n.lo, n.hi].map(|t| _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())));
            let nibble = _mm512_set1_epi8(0x0F);
            let l = _mm512_shuffle_epi8(lo, _mm512_and_si512(v, nibble));
            let h = _mm512_shuffle_epi8(hi, _mm512_and_si512(_mm512_srli_epi16::<4>(v), nibble));
            _mm512_test_epi8_mask(l, h)
        }
    }

    #[inline(always)]
    fn high(self, v: __m512i) -> u64 {
        // SAFETY: `self` exists, so the processor has AVX512BW.
        unsafe { _mm512_movepi8_mask(v) }
    }

    #[inline(always)]
    fn or_v(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: `self` exists, so the processor has AVX512F.
        unsafe { _mm512_or_si512(a, b) }
    }

    #[inline(always)]
    fn zero(self) -> __m512i {
        // SAFETY: `self` exists, so the processor has AVX512F.
        unsafe { _mm512_setzero_si512() }
    }
}

impl Avx512 {
    /// The generic scan ([`generic::advance`]) compiled for AVX-512.
    #[inline]
    pub(crate) fn scan<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
        unsafe fn scan<const LINES: bool>(k: Avx512, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
            generic::advance::<Avx512, LINES>(k, c, b, x, z);
        }
        // SAFETY: `self` exists, so the processor has AVX512F, AVX512BW,
        // AVX512VBMI and POPCNT.
        unsafe { scan::<LINES>(self, c, b, x, z) }
    }
}
