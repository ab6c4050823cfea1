//! A row's bytes asked for before the loop reaches it: a hint to the
//! processor, in a file of its own for the `unsafe` it takes (argued
//! below).
//!
//! A kernel reads its column's rows in order, but does enough work on
//! each (a parse) that this machine's own prefetchers did not keep the
//! bytes coming: parsing the datasets' lines took 19 ns a line when they
//! fit in the caches (6 MB) and 35 ns when they did not (62 MB), against
//! 17 to 18 ns for both with each row asking for the bytes 512 further on
//! (`bench/RESULTS.md`, 2026-12-02, afternoon).

/// How far past the row being read its column's bytes are asked for:
/// about nine of the datasets' rows (57 bytes on average). 128 to 2,048
/// gave the same times.
pub(crate) const DISTANCE: usize = 512;

/// Asks the processor to bring the cache line that holds `p` into its
/// caches. A hint: no value the program reads changes, and `p` need not
/// point into anything (it is never dereferenced), so a row near a
/// column's end may ask past it.
///
/// On x86-64, `PREFETCHT0`; elsewhere, nothing.
#[inline(always)]
pub(crate) fn ahead(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is `unsafe` for its `#[target_feature(enable
    // = "sse")]` alone, and SSE is part of every x86-64 processor (the
    // target's baseline). The instruction is a hint that does not affect
    // the program's behaviour and raises no exception for any address
    // (Intel SDM, PREFETCHh), so any `p` is sound.
    #[allow(unsafe_code)]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
