//! The one place the library uses `unsafe`: SSE2 intrinsics for
//! [`Table::refused16`](crate::table::Table::refused16), the classifier the
//! parser runs on sixteen bytes at a time.
//!
//! Why: the portable form (comparisons the compiler vectorizes, and a
//! multiplication to gather one bit per byte) costs about 45 instructions per
//! sixteen bytes; written with SSE2's signed comparisons and `pmovmskb` it
//! costs about 25. `bench/cachegrind.sh` counts the difference per URL
//! (`docs/design.md`, "Parsing sixteen bytes at a time").
//!
//! Why it is sound: the module is compiled only where SSE2 is enabled at
//! compile time (every x86-64 target has it), so every intrinsic called here
//! is supported by the processor the code runs on. The only intrinsic that
//! touches memory, `_mm_loadu_si128`, reads sixteen bytes through a
//! `&[u8; 16]`, which are valid and initialized, with no alignment required.
//! Nothing here writes memory. The tests in `table.rs` prove the result
//! equal to the portable form, and to each table, over every byte in every
//! lane.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
};

use crate::table::Lanes;

/// A mask of the bytes of `c` refused by the tables with `lanes` (bit `k`
/// for `c[k]`): the same set as `table::refused_lane`.
#[inline(always)]
pub(crate) fn refused16(lanes: Lanes, c: &[u8; 16]) -> u32 {
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
