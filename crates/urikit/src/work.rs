//! Counting the bytes the library examines, so that tests can prove an
//! operation linear by comparing the count on an input of size n with the
//! count at 8n: deterministic, unlike the clock.
//!
//! The count exists only with the `count-work` feature, which the
//! project's own tests turn on; without it [`add`] is nothing and compiles
//! away. Each loop that reads the input a byte (or a window) at a time adds
//! what it read: the parser's scans, the older grammars' checks, the
//! extractor's searches and runs, the transforms' segment and
//! percent-encoding passes.
//!
//! May use: nothing.

/// Adds `n` bytes examined to this thread's count.
#[inline(always)]
pub(crate) fn add(n: usize) {
    #[cfg(feature = "count-work")]
    UNITS.with(|c| c.set(c.get().wrapping_add(n as u64)));
    #[cfg(not(feature = "count-work"))]
    let _ = n;
}

#[cfg(feature = "count-work")]
std::thread_local! {
    static UNITS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

/// The bytes examined on this thread by `f` (only with the `count-work`
/// feature, for tests).
///
/// ```
/// # #[cfg(feature = "count-work")] {
/// let path = "/x".repeat(50);
/// let (n, _) = urikit::count_work(|| urikit::UriRef::parse(&path));
/// assert!(n >= 100);
/// # }
/// ```
#[cfg(feature = "count-work")]
pub fn count_work<R>(f: impl FnOnce() -> R) -> (u64, R) {
    let before = UNITS.with(core::cell::Cell::get);
    let r = f();
    (UNITS.with(core::cell::Cell::get) - before, r)
}
