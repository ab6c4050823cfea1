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

use super::chunk;
use super::nibbles::Nibbles;
use crate::arch::kernel::{candidates, outside_uris, padded, Cursor, Marks};

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

    /// [`Avx2::advance`](super::avx2::Avx2::advance) 64 bytes to a register, comparisons into mask
    /// registers. Two blocks a step while neither holds an `x` at all (a
    /// comparison a block); a pair that does has its blocks' [`Marks`]
    /// worked out (the bytes after its colons looked up by their four-bit
    /// halves), and a block without a candidate is passed over in
    /// the same call. Line breaks are counted from each block's mask with
    /// POPCNT, off the vector units (summing them per byte lane took 9%
    /// more time over text without candidates), and where the last one is
    /// is left to be found (`Cursor::unplaced`), as bytes beyond ASCII are
    /// noted by the end of the blocks passed over. Without `LINES`,
    /// neither (see [`Avx2::advance`](super::avx2::Avx2::advance)).
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
                let candidates =
                    candidates(_mm512_cmpeq_epi8_mask(v, vx), stop(v), outside_uris(next));
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
                let w = padded(b, at);
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
