//! AVX-512 with its byte instructions, where the processor has them: the
//! extractor's scan from block to block, 64 bytes to a register and
//! comparisons into mask registers. Kept because it measured faster than
//! AVX2 there (extraction, interleaved runs of both texts); valgrind hides
//! AVX-512, so `bench/cachegrind.sh` counts the AVX2 path.
//!
//! And SHA-256's compression of sixteen one-block messages at once, one
//! to a 32-bit lane (Safe Browsing's hashes of lookup expressions), for
//! processors with AVX-512 and without the SHA extensions, whose four
//! messages side by side (`sha.rs`) are faster where they are there.
//!
//! Why it is sound: AVX-512 code runs only through an [`Avx512`] value,
//! made only when the processor has AVX512F, AVX512BW, AVX512VBMI and
//! POPCNT; its functions enable exactly those. The intrinsics that
//! read memory, `_mm_loadu_si128` and `_mm512_loadu_si512`, read a
//! `&[u8; 16]` or a `&[u8; 64]`, valid and initialized, with no alignment
//! required; `_mm512_i32gather_epi32` reads sixteen 4-byte words of a
//! `&[[u8; 64]; 16]` at indexes below 256, so within its 1,024 bytes. The
//! one intrinsic that writes, `_mm512_storeu_si512`, writes 64 bytes into
//! a `&mut [u32; 16]`.
//!
//! May use: `arch::kernel`, `grammar`.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512,
    _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8, _mm512_setzero_si512,
    _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_test_epi8_mask, _mm_loadu_si128,
};
#[cfg(feature = "safebrowsing")]
use core::arch::x86_64::{
    _mm512_add_epi32, _mm512_i32gather_epi32, _mm512_ror_epi32, _mm512_set1_epi32,
    _mm512_setr_epi32, _mm512_srli_epi32, _mm512_storeu_si512, _mm512_ternarylogic_epi32,
    _mm_setr_epi8,
};

use super::nibbles::Nibbles;
#[cfg(feature = "safebrowsing")]
use super::SHA256_K;
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

#[cfg(feature = "safebrowsing")]
impl Avx512 {
    /// SHA-256's compression (FIPS 180-4, section 6.2.2) of one block of
    /// each of sixteen messages from the same state `h`, each message's
    /// new state written to `out` as its hash's bytes (big endian): a
    /// message to a 32-bit lane, the schedule's words gathered from the
    /// blocks, and the functions of section 4.1.2 as rotations and
    /// three-input logic. 23.8 ns a block on Zen 4, against 44 for a lone
    /// message by the processor's SHA instructions and 20.4 for four of
    /// them side by side.
    #[inline]
    pub(crate) fn sha256_x16(
        self,
        h: &[u32; 8],
        blocks: &[[u8; 64]; 16],
        out: &mut [[u8; 32]; 16],
    ) {
        // Lane `i` of a register is message `i`'s word; `0x96` is the
        // exclusive or of three, `0xCA` `Ch` (the first chooses between
        // the other two), `0xE8` `Maj`.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
        fn compress(h: &[u32; 8], blocks: &[[u8; 64]; 16], out: &mut [[u8; 32]; 16]) {
            // Each 32-bit word's bytes reversed: the message's words and
            // the hash are big endian.
            let swap = _mm512_broadcast_i32x4(_mm_setr_epi8(
                3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
            ));
            let xor3 = |a, b, c| _mm512_ternarylogic_epi32::<0x96>(a, b, c);
            let base = blocks.as_ptr().cast::<i32>();
            let lanes = _mm512_setr_epi32(
                0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
            );
            let mut w = [_mm512_setzero_si512(); 16];
            for (t, w) in w.iter_mut().enumerate() {
                let at = _mm512_add_epi32(lanes, _mm512_set1_epi32(t as i32));
                // SAFETY: the indexes are below 256: sixteen words of
                // four bytes within `blocks`' 1,024 (the module's
                // reasons).
                let words = unsafe { _mm512_i32gather_epi32::<4>(at, base) };
                *w = _mm512_shuffle_epi8(words, swap);
            }
            let init = h.map(|x| _mm512_set1_epi32(x as i32));
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = init;
            for (t, &k) in SHA256_K.iter().enumerate() {
                if t >= 16 {
                    let w15 = w[(t + 1) % 16];
                    let w2 = w[(t + 14) % 16];
                    let s0 = xor3(
                        _mm512_ror_epi32::<7>(w15),
                        _mm512_ror_epi32::<18>(w15),
                        _mm512_srli_epi32::<3>(w15),
                    );
                    let s1 = xor3(
                        _mm512_ror_epi32::<17>(w2),
                        _mm512_ror_epi32::<19>(w2),
                        _mm512_srli_epi32::<10>(w2),
                    );
                    w[t % 16] = _mm512_add_epi32(
                        _mm512_add_epi32(w[t % 16], s0),
                        _mm512_add_epi32(w[(t + 9) % 16], s1),
                    );
                }
                let s1 = xor3(
                    _mm512_ror_epi32::<6>(e),
                    _mm512_ror_epi32::<11>(e),
                    _mm512_ror_epi32::<25>(e),
                );
                let ch = _mm512_ternarylogic_epi32::<0xCA>(e, f, g);
                let kw = _mm512_add_epi32(w[t % 16], _mm512_set1_epi32(k as i32));
                let t1 = _mm512_add_epi32(_mm512_add_epi32(hh, s1), _mm512_add_epi32(ch, kw));
                let s0 = xor3(
                    _mm512_ror_epi32::<2>(a),
                    _mm512_ror_epi32::<13>(a),
                    _mm512_ror_epi32::<22>(a),
                );
                let t2 = _mm512_add_epi32(s0, _mm512_ternarylogic_epi32::<0xE8>(a, b, c));
                (hh, g, f, e) = (g, f, e, _mm512_add_epi32(d, t1));
                (d, c, b, a) = (c, b, a, _mm512_add_epi32(t1, t2));
            }
            let mut words = [[0u32; 16]; 8];
            for ((to, v), h) in words.iter_mut().zip([a, b, c, d, e, f, g, hh]).zip(init) {
                let v = _mm512_shuffle_epi8(_mm512_add_epi32(v, h), swap);
                // SAFETY: 64 bytes written into a `[u32; 16]`.
                unsafe { _mm512_storeu_si512(to.as_mut_ptr().cast(), v) };
            }
            for (lane, hash) in out.iter_mut().enumerate() {
                for (to, word) in hash.chunks_exact_mut(4).zip(&words) {
                    to.copy_from_slice(&word[lane].to_ne_bytes());
                }
            }
        }
        // SAFETY: `self` exists, so the processor has AVX512F, AVX512BW,
        // AVX512VBMI and POPCNT.
        unsafe { compress(h, blocks, out) }
    }
}
