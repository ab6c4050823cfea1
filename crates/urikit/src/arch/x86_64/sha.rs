//! The processor's SHA extensions, where it has them: SHA-256's
//! compression of up to four messages' blocks at once, their rounds
//! interleaved (Safe Browsing's hashes of lookup expressions).
//!
//! `SHA256RNDS2` does two rounds of one message and waits for the two
//! before it, about four cycles on Zen 4: one message at a time leaves
//! the unit idle most of the time. Four messages' rounds side by side
//! keep it busy: 20.4 ns a block on Zen 4, against 44 for one message
//! alone and 24 for AVX-512's sixteen lanes (`avx512.rs`), measured in one
//! run on the same blocks.
//!
//! Why it is sound: this code runs only through a [`ShaNi`] value, made
//! only when the processor has the SHA extensions, SSSE3 and SSE4.1,
//! which its function enables, and no others. The one intrinsic that
//! reads memory, `_mm_loadu_si128`, reads sixteen bytes of a `&[u8; 64]`
//! at offsets 0, 16, 32 and 48, or a `&[u32; 4]`; the one that writes,
//! `_mm_storeu_si128`, writes each half of a `&mut [u32; 8]`. None needs
//! alignment.
//!
//! May use: nothing of the crate but `arch::x86_64`'s constants.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_alignr_epi8, _mm_blend_epi16, _mm_loadu_si128, _mm_set_epi64x,
    _mm_sha256msg1_epu32, _mm_sha256msg2_epu32, _mm_sha256rnds2_epu32, _mm_shuffle_epi32,
    _mm_shuffle_epi8, _mm_storeu_si128,
};

use super::SHA256_K;

/// Proof that the processor has the SHA extensions, SSSE3 and SSE4.1:
/// the only way to run the code compiled for them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShaNi {
    _private: (),
}

impl ShaNi {
    /// A `ShaNi` if the processor has the SHA extensions, SSSE3 and
    /// SSE4.1 (every processor with the first has the others). With
    /// `std` this asks the processor; without it, only a build for such
    /// targets has one.
    #[inline]
    pub(crate) fn detect() -> Option<ShaNi> {
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!("sha")
            && std::is_x86_feature_detected!("ssse3")
            && std::is_x86_feature_detected!("sse4.1");
        #[cfg(not(feature = "std"))]
        let has = cfg!(all(
            target_feature = "sha",
            target_feature = "ssse3",
            target_feature = "sse4.1"
        ));
        has.then_some(ShaNi { _private: () })
    }

    /// SHA-256's compression (FIPS 180-4, section 6.2.2) of `blocks[i]`
    /// into `states[i]`, for `N` messages (one to four) side by side.
    #[inline]
    pub(crate) fn compress<const N: usize>(
        self,
        states: &mut [[u32; 8]; N],
        blocks: [&[u8; 64]; N],
    ) {
        // SAFETY: `self` exists, so the processor has SHA, SSSE3 and
        // SSE4.1.
        unsafe { compress(states, blocks) }
    }
}

/// [`ShaNi::compress`]. The instructions keep a state as two registers,
/// `ABEF` and `CDGH` (Intel's names: the words a, b, e, f from the
/// highest lane down, and c, d, g, h); a group of four rounds takes the
/// schedule's next four words, `W[t..t + 4]` (section 6.2.2, step 1)
/// made from the four before by `SHA256MSG1` and `SHA256MSG2`.
#[target_feature(enable = "sha,ssse3,sse4.1")]
fn compress<const N: usize>(states: &mut [[u32; 8]; N], blocks: [&[u8; 64]; N]) {
    // Each 32-bit word's bytes reversed: the message's words are big
    // endian.
    let swap = _mm_set_epi64x(0x0c0d_0e0f_0809_0a0b, 0x0405_0607_0001_0203);
    #[inline(always)]
    fn halves(s: &[u32; 8]) -> [&[u32; 4]; 2] {
        match (s.first_chunk::<4>(), s.last_chunk::<4>()) {
            (Some(lo), Some(hi)) => [lo, hi],
            _ => unreachable!("eight words are two halves of four"),
        }
    }
    let start: [(__m128i, __m128i); N] = core::array::from_fn(|i| {
        let [lo, hi] = halves(&states[i]);
        // SAFETY: sixteen bytes of each `[u32; 4]`.
        let (dcba, hgfe) = unsafe {
            (
                _mm_loadu_si128(lo.as_ptr().cast()),
                _mm_loadu_si128(hi.as_ptr().cast()),
            )
        };
        let cdab = _mm_shuffle_epi32::<0xB1>(dcba);
        let efgh = _mm_shuffle_epi32::<0x1B>(hgfe);
        (
            _mm_alignr_epi8::<8>(cdab, efgh),
            _mm_blend_epi16::<0xF0>(efgh, cdab),
        )
    });
    let (mut abef, mut cdgh) = (start.map(|s| s.0), start.map(|s| s.1));
    // `w[i][j]` holds the schedule's words `4g..4g + 4` of message `i`
    // once group `g` (`g % 4 == j`) has begun, those of group `g - 4`
    // before. Each group is written out with its `j` a literal, so that
    // the words stay in registers (with `g % 4` the compiler kept them in
    // memory: 24 ns a block against 20.4).
    let mut w = [[abef[0]; 4]; N];
    macro_rules! group {
        ($g:expr, $j:literal, $first:literal) => {{
            let g: usize = $g;
            let k: &[u32; 4] = match SHA256_K[4 * g..].first_chunk::<4>() {
                Some(k) => k,
                None => unreachable!("four constants from 4g, g below 16"),
            };
            // SAFETY: sixteen bytes of a `[u32; 4]`.
            let k = unsafe { _mm_loadu_si128(k.as_ptr().cast()) };
            for i in 0..N {
                let w = &mut w[i];
                w[$j] = if $first {
                    // SAFETY: sixteen bytes of a block's 64, from 16g < 64.
                    let raw = unsafe { _mm_loadu_si128(blocks[i][16 * g..].as_ptr().cast()) };
                    _mm_shuffle_epi8(raw, swap)
                } else {
                    // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]:
                    // MSG1 adds σ0 to the words of group g - 4, the words
                    // t - 7 are those of groups g - 2 and g - 1 shifted
                    // one word, and MSG2 adds σ1 of the words just made.
                    let x = _mm_sha256msg1_epu32(w[$j], w[($j + 1) % 4]);
                    let x =
                        _mm_add_epi32(x, _mm_alignr_epi8::<4>(w[($j + 3) % 4], w[($j + 2) % 4]));
                    _mm_sha256msg2_epu32(x, w[($j + 3) % 4])
                };
                let m = _mm_add_epi32(w[$j], k);
                cdgh[i] = _mm_sha256rnds2_epu32(cdgh[i], abef[i], m);
                abef[i] = _mm_sha256rnds2_epu32(abef[i], cdgh[i], _mm_shuffle_epi32::<0x0E>(m));
            }
        }};
    }
    group!(0, 0, true);
    group!(1, 1, true);
    group!(2, 2, true);
    group!(3, 3, true);
    let mut g = 4;
    while g < 16 {
        group!(g, 0, false);
        group!(g + 1, 1, false);
        group!(g + 2, 2, false);
        group!(g + 3, 3, false);
        g += 4;
    }
    for i in 0..N {
        let abef = _mm_add_epi32(abef[i], start[i].0);
        let cdgh = _mm_add_epi32(cdgh[i], start[i].1);
        let feba = _mm_shuffle_epi32::<0x1B>(abef);
        let dchg = _mm_shuffle_epi32::<0xB1>(cdgh);
        let dcba = _mm_blend_epi16::<0xF0>(feba, dchg);
        let hgfe = _mm_alignr_epi8::<8>(dchg, feba);
        let (lo, hi) = states[i].split_at_mut(4);
        // SAFETY: sixteen bytes into each half of a `[u32; 8]`.
        unsafe {
            _mm_storeu_si128(lo.as_mut_ptr().cast(), dcba);
            _mm_storeu_si128(hi.as_mut_ptr().cast(), hgfe);
        }
    }
}
