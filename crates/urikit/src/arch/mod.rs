//! The processor. Everything that depends on which processor runs the
//! code is here, below the parser, and nothing here calls up into it:
//!
//! - [`kernel`]: what every backend fills in ([`Classify`], the
//!   extractor's [`Marks`] and [`Cursor`], the normalizer's [`RefMarks`])
//!   and the [`Job`] a layer above hands down to be run with the best
//!   classifier.
//! - [`portable`]: plain Rust, for every target.
//! - `x86_64`: SSE2 (every x86-64 processor), AVX2 and AVX-512 (detected
//!   at run time); with [`text`], the library's only `unsafe` code.
//! - [`text`]: a parsed reference's text sliced at its components'
//!   offsets without the character-boundary checks.
//! - This facade: the only place that names a target (`cfg(target_arch)`
//!   chooses the x86-64 face or the portable one, and lets the portable
//!   backend be test-only on x86-64), detecting the processor's features
//!   where a choice is made (`std` caches the answer).
//!
//! Every backend reads the character sets from `grammar`, where each is
//! written once: as [`Runs`](crate::grammar::Runs) (comparisons) and
//! [`Nibbles`](crate::grammar::Nibbles) (a byte shuffle), both derived
//! from the set at compile time.
//!
//! May use: `grammar`, `bytes`, `work`.

#[cfg(feature = "alloc")]
pub(crate) mod generic;
pub(crate) mod kernel;
// On x86-64 the portable backend serves short texts and the tests.
/// The x86-64 face: SSE2 always, AVX2 and AVX-512 where detected.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)))]
#[path = "x86_64/mod.rs"]
mod face;
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
pub(crate) mod portable;
pub(crate) mod sets;
pub(crate) mod text;

pub(crate) use kernel::{Classify, Job, Marked};
#[cfg(feature = "alloc")]
pub(crate) use kernel::{Cursor, Marks, RefMarks, TextMarks};

/// The classifier every processor of this target has: SSE2 on x86-64, the
/// portable one elsewhere (or with `--cfg urikit_portable`).
pub(crate) use face::Baseline;

/// Runs `job` with the fastest classifier this processor has (AVX2 where
/// it is there, unless built with `--cfg urikit_no_avx2`), compiled for
/// it.
#[inline(always)]
pub(crate) fn run<J: Job>(b: &[u8], job: J) -> J::Out {
    face::run(b, job)
}

/// Runs `job` with every classifier this processor can run, each named,
/// so that tests check each against the tables.
#[cfg(test)]
pub(crate) fn every<J: Job + Clone>(b: &[u8], job: J) -> alloc::vec::Vec<(&'static str, J::Out)> {
    face::every(b, job)
}

/// The byte classifier the parser uses on this processor: `"avx2"`,
/// `"sse2"` or `"portable"`.
pub(crate) fn name() -> &'static str {
    face::name()
}

/// The [`RefMarks`] of a reference of at most 127 bytes (`None` beyond):
/// with AVX2 where the processor has it (four windows), with SSE2 (four a
/// block) on other x86-64 processors.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn text_marks(b: &[u8]) -> Option<RefMarks> {
    face::text_marks(b)
}

/// The offset of the first byte `x` of `b` that a byte `y` follows (the
/// search for `/.` that finds dot segments): with SSE2 on x86-64 from 17
/// bytes, where it takes about half the instructions of the word search.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    face::first_pair(b, x, y)
}

/// A host name of 1 to 64 bytes as the Public Suffix List's walk reads
/// it: `f` is given a copy of it in lower case followed by zeros (the
/// sixteen bytes from any place of the name lie within it, so that its
/// labels are read in whole words with no bound to keep to), and its dots
/// (bit `k` set where `b[k]` is `.`): with SSE2 on x86-64 from eight
/// bytes, sixteen to a compare.
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn read_name<R>(b: &[u8], f: impl FnOnce(&crate::bytes::Room, u64) -> R) -> R {
    face::read_name(b, f)
}

/// [`read_name`] by every face this processor has, each named.
#[cfg(all(test, feature = "psl"))]
pub(crate) fn every_read_name<R>(
    b: &[u8],
    f: impl Fn(&crate::bytes::Room, u64) -> R,
) -> alloc::vec::Vec<(&'static str, R)> {
    face::every_read_name(b, f)
}

/// Where each byte of `xs` lies in `b` (at most [`MARKS_MAX`] bytes): bit
/// `k` of the `j`-th mask is set where `b[k]` is `xs[j]`. The SURT key's
/// one reading takes a netloc's ends, its host's dots and its path's odd
/// segments from these masks, with no search per component: on x86-64,
/// with AVX2 from 32 bytes where the processor has it (two chunks of 32),
/// with SSE2 from sixteen (sixteen to a compare).
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn byte_marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
    face::byte_marks(b, xs)
}

/// A set of bytes named above the grammar (w3lib's bare bytes), made at
/// compile time into the forms this target's classifiers read (on
/// x86-64: nibble tables for AVX2's byte shuffle, runs for SSE2's
/// comparisons), for [`any_outside`].
#[cfg(feature = "w3lib")]
pub(crate) use face::ByteSet;

/// Whether a byte of `b` is outside the set `s`: with AVX2 where the
/// processor has it, 32 bytes to a shuffle; with SSE2 sixteen bytes to
/// the runs' comparisons; under sixteen bytes, the table a byte.
#[cfg(feature = "w3lib")]
#[inline]
pub(crate) fn any_outside(b: &[u8], s: &ByteSet) -> bool {
    face::any_outside(b, s)
}

/// The offset of the first byte of `b` that is one of `xs`: with SSE2 on
/// x86-64 from sixteen bytes, a chunk of sixteen compared with each of
/// `xs` to one mask (tldextract's search for where an authority ends,
/// five bytes at once); shorter texts a word at a time
/// ([`bytes::first_of`](crate::bytes::first_of)).
#[cfg(any(feature = "psl", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn first_of<const N: usize>(b: &[u8], xs: [u8; N]) -> Option<usize> {
    face::first_of(b, xs)
}

/// Whether `b` has an ASCII capital: with SSE2 on x86-64 from sixteen
/// bytes (a chunk at each end, and those between), a comparison and a
/// mask a chunk; shorter texts a word at a time
/// ([`bytes::has_capital`](crate::bytes::has_capital)).
#[cfg(feature = "w3lib")]
#[inline(always)]
pub(crate) fn has_capital(b: &[u8]) -> bool {
    face::has_capital(b)
}

/// The longest text [`byte_marks`] reads: a mask's width.
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
pub(crate) const MARKS_MAX: usize = 64;

/// The 64 lower-case hex digits of 32 bytes (a SHA-256 hash): with SSE2
/// on x86-64, sixteen bytes to a register; elsewhere a word at a time.
#[cfg(feature = "safebrowsing")]
#[inline(always)]
pub(crate) fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
    face::hex_digits(hash)
}

/// SHA-256's compression of one block of each of sixteen messages from the
/// state `h`, each new state written to `out` as a hash's 32 bytes (big
/// endian): with AVX-512 where the processor has it, `true`; `false`, and
/// nothing written, where it has not (the caller compresses the messages
/// one at a time).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_x16(h: &[u32; 8], blocks: &[[u8; 64]; 16], out: &mut [[u8; 32]; 16]) -> bool {
    face::sha256_x16(h, blocks, out)
}

/// SHA-256's compression of eight messages of `B` whole blocks each (one
/// or two) from the state `h`, each final state written to `out` as a
/// hash's 32 bytes (big endian), as [`sha256_x16`] does sixteen
/// one-block messages: with AVX2 where the processor has it, `true`;
/// `false`, and nothing written, where it has not.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_x8<const B: usize>(
    h: &[u32; 8],
    messages: [&[[u8; 64]; B]; 8],
    out: &mut [[u8; 32]; 8],
) -> bool {
    face::sha256_x8(h, messages, out)
}

/// How many one-block messages the processor compresses at once without
/// the SHA extensions: 16 with AVX-512 ([`sha256_x16`]), 8 with AVX2
/// ([`sha256_x8`]), else 1.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_lanes() -> usize {
    face::sha256_lanes()
}

/// Whether the processor has the SHA extensions, which
/// [`sha256_side_by_side`] uses.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn has_sha_ni() -> bool {
    face::has_sha_ni()
}

/// SHA-256's compression of one block of each of `N` messages (one to
/// four) into its state, their rounds side by side, with the processor's
/// SHA extensions where it has them: `true`; `false`, and nothing
/// changed, where it has not (see [`has_sha_ni`]).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_side_by_side<const N: usize>(
    states: &mut [[u32; 8]; N],
    blocks: [&[u8; 64]; N],
) -> bool {
    face::sha256_side_by_side(states, blocks)
}

/// How the extractor reads its text, 64 bytes to a block: chosen once per
/// text (AVX-512 for the scan from block to block where the processor has
/// it, AVX2, else SSE2 or the portable marks a block at a time).
#[cfg(feature = "alloc")]
pub(crate) use face::Blocks;

/// The portable face: the portable backend for everything.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))))]
mod face {
    use crate::arch::kernel::Job;
    #[cfg(feature = "alloc")]
    use crate::arch::kernel::{padded, Cursor, Marks, RefMarks};
    use crate::arch::portable::Portable;
    #[cfg(feature = "alloc")]
    use crate::arch::{generic, portable};

    pub(crate) use crate::arch::portable::Portable as Baseline;

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn sha256_x16(_: &[u32; 8], _: &[[u8; 64]; 16], _: &mut [[u8; 32]; 16]) -> bool {
        false
    }

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn sha256_x8<const B: usize>(
        _: &[u32; 8],
        _: [&[[u8; 64]; B]; 8],
        _: &mut [[u8; 32]; 8],
    ) -> bool {
        false
    }

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn sha256_lanes() -> usize {
        1
    }

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn has_sha_ni() -> bool {
        false
    }

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn sha256_side_by_side<const N: usize>(
        _: &mut [[u32; 8]; N],
        _: [&[u8; 64]; N],
    ) -> bool {
        false
    }

    #[inline(always)]
    pub(crate) fn run<J: Job>(b: &[u8], job: J) -> J::Out {
        job.run(Portable, b)
    }

    pub(crate) fn name() -> &'static str {
        "portable"
    }

    #[cfg(test)]
    pub(crate) fn every<J: Job + Clone>(
        b: &[u8],
        job: J,
    ) -> alloc::vec::Vec<(&'static str, J::Out)> {
        alloc::vec![("portable", job.run(Portable, b))]
    }

    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn text_marks(b: &[u8]) -> Option<RefMarks> {
        RefMarks::of(b, portable::text_marks)
    }

    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
        crate::bytes::first_pair(b, x, y)
    }

    #[cfg(feature = "psl")]
    #[inline(always)]
    pub(crate) fn read_name<R>(b: &[u8], f: impl FnOnce(&crate::bytes::Room, u64) -> R) -> R {
        crate::arch::portable::read_name(b, f)
    }

    #[cfg(all(test, feature = "psl"))]
    pub(crate) fn every_read_name<R>(
        b: &[u8],
        f: impl Fn(&crate::bytes::Room, u64) -> R,
    ) -> alloc::vec::Vec<(&'static str, R)> {
        alloc::vec![("portable", crate::arch::portable::read_name(b, f))]
    }

    #[cfg(feature = "safebrowsing")]
    #[inline(always)]
    pub(crate) fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
        crate::bytes::hex_digits(hash)
    }

    #[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
    #[inline(always)]
    pub(crate) fn byte_marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
        crate::bytes::byte_marks(b, xs)
    }

    #[cfg(feature = "w3lib")]
    #[inline(always)]
    pub(crate) fn has_capital(b: &[u8]) -> bool {
        crate::bytes::has_capital(b)
    }

    #[cfg(any(feature = "psl", feature = "safebrowsing"))]
    #[inline(always)]
    pub(crate) fn first_of<const N: usize>(b: &[u8], xs: [u8; N]) -> Option<usize> {
        crate::bytes::first_of(b, xs)
    }

    /// The portable face's set: its table.
    #[cfg(feature = "w3lib")]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct ByteSet([bool; 256]);

    #[cfg(feature = "w3lib")]
    impl ByteSet {
        pub(crate) const fn of(set: &[bool; 256]) -> ByteSet {
            ByteSet(*set)
        }
    }

    #[cfg(feature = "w3lib")]
    #[inline]
    pub(crate) fn any_outside(b: &[u8], s: &ByteSet) -> bool {
        b.iter().any(|&c| !s.0[usize::from(c)])
    }

    /// The portable marks, a block at a time.
    #[cfg(feature = "alloc")]
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Blocks;

    #[cfg(feature = "alloc")]
    impl Blocks {
        pub(crate) fn new() -> Blocks {
            Blocks
        }

        /// The marks of the 64 bytes of `b` from `at` (a multiple of 64, at
        /// most the text's length; the last block padded with zeros): its
        /// candidates `x` and its bytes `z`.
        #[inline]
        pub(crate) fn marks_at(self, b: &[u8], at: usize, x: u8, z: u8) -> Marks {
            let next = b.get(at + 64).copied().unwrap_or(0);
            match b.get(at..).and_then(|r| r.first_chunk::<64>()) {
                Some(c) => generic::marks(Portable, c, next, x, z),
                None => generic::marks(Portable, &padded(b, at), next, x, z),
            }
        }

        /// Moves `c` from its block to the next one that holds a
        /// candidate, or to the text's last block (the generic scan).
        #[inline]
        pub(crate) fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
            generic::advance::<Portable, LINES>(Portable, c, b, x, z);
        }

        /// No vector count here: the caller counts.
        #[inline]
        pub(crate) fn count(self, _: &[u8], _: i8, _: bool) -> Option<usize> {
            None
        }
    }
}
