//! The x86-64 backends: SSE2 (every x86-64 processor), AVX2, AVX-512 and
//! the SHA extensions (where the processor has them, detected by the
//! facade). With `arch::text`, the library's `unsafe` code is in these
//! four files and nowhere else, each with the reasons it is sound.
//!
//! May use: `arch::kernel`, `arch::portable`, `grammar`, `bytes`, `work`.

pub(crate) mod avx2;
#[cfg(feature = "alloc")]
pub(crate) mod avx512;
mod nibbles;
#[cfg(feature = "safebrowsing")]
pub(crate) mod sha;
pub(crate) mod sse2;

#[cfg(feature = "alloc")]
use super::generic;
#[cfg(test)]
use super::kernel::Classify;
use super::kernel::Job;
#[cfg(feature = "alloc")]
use super::kernel::{Cursor, Marks, RefMarks};
use avx2::Avx2;

pub(crate) use sse2::Sse2 as Baseline;

/// The `k`-th chunk of `N` bytes of `c`, which has it (for constant `k`
/// and an array `c`, the check compiles away).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn chunk<const N: usize>(c: &[u8], k: usize) -> &[u8; N] {
    match c.get(k * N..).and_then(<[u8]>::first_chunk::<N>) {
        Some(x) => x,
        None => unreachable!("the caller's bytes hold chunk {k} of {N}"),
    }
}

/// AVX2, where the processor has it and the build does not turn it off
/// (`--cfg urikit_no_avx2`, so that SSE2 can be measured on a processor
/// that has AVX2). Every face that may take AVX2 asks here; only the
/// tests (and their helper [`every`]) ask the processor, to run each way
/// it has.
#[inline(always)]
fn avx2() -> Option<Avx2> {
    Avx2::detect().filter(|_| !cfg!(urikit_no_avx2))
}

/// The x86-64 face of [`arch::run`](super::run).
#[inline(always)]
pub(crate) fn run<J: Job>(b: &[u8], job: J) -> J::Out {
    match avx2() {
        Some(k) => k.run(b, job),
        None => job.run(Baseline, b),
    }
}

/// Runs `job` with every classifier this processor has, each named: the
/// portable one, SSE2, and AVX2 where it is there: with both windows,
/// and with the marks of a whole input.
#[cfg(test)]
pub(crate) fn every<J: Job + Clone>(b: &[u8], job: J) -> alloc::vec::Vec<(&'static str, J::Out)> {
    let mut v = alloc::vec![
        ("portable", job.clone().run(super::portable::Portable, b)),
        ("sse2", job.clone().run(Baseline, b)),
    ];
    if let Some(k) = Avx2::detect() {
        v.push(("avx2", k.run(b, job.clone())));
        v.push(("avx2 (windows of 64)", k.run(b, Wide(job.clone()))));
        v.push(("avx2 (marked whole)", k.run(b, WithMarks(job))));
    }
    v
}

/// A job run with its classifier's [`UriMarks`](super::kernel::UriMarks)
/// where it has them for `b` (as the parser runs a URI of 32 to 64 bytes).
#[cfg(test)]
#[derive(Clone)]
struct WithMarks<J>(J);

#[cfg(test)]
impl<J: Job> Job for WithMarks<J> {
    type Out = J::Out;
    fn run<K: Classify>(self, k: K, b: &[u8]) -> J::Out {
        match k.uri_marks(b) {
            Some(m) => self.0.run(super::kernel::Marked::new(k.wide(), m), b),
            None => self.0.run(k, b),
        }
    }
}

/// A job run with its classifier's [`wide`](Classify::wide) form.
#[cfg(test)]
#[derive(Clone)]
struct Wide<J>(J);

#[cfg(test)]
impl<J: Job> Job for Wide<J> {
    type Out = J::Out;
    fn run<K: Classify>(self, k: K, b: &[u8]) -> J::Out {
        self.0.run(k.wide(), b)
    }
}

/// The x86-64 face of [`arch::name`](super::name).
pub(crate) fn name() -> &'static str {
    if avx2().is_some() {
        "avx2"
    } else {
        "sse2"
    }
}

/// The x86-64 face of [`arch::text_marks`](super::text_marks).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn text_marks(b: &[u8]) -> Option<RefMarks> {
    match avx2() {
        Some(k) => k.text_marks(b),
        None => RefMarks::of(b, sse2::text_marks),
    }
}

/// The x86-64 face of [`arch::ByteSet`](super::ByteSet): the table,
/// and its refused bytes as nibble tables (AVX2's byte shuffle) and as
/// runs (SSE2's comparisons), all made at compile time.
#[cfg(feature = "w3lib")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct ByteSet {
    table: [bool; 256],
    nibbles: nibbles::Nibbles,
    runs: super::sets::Runs,
}

#[cfg(feature = "w3lib")]
impl ByteSet {
    /// The forms of `set` (its refused bytes must take at most eight
    /// distinct rows of sixteen, and at most `Runs::MAX` runs: the build
    /// fails otherwise).
    pub(crate) const fn of(set: &[bool; 256]) -> ByteSet {
        ByteSet {
            table: *set,
            nibbles: nibbles::Nibbles::of(set),
            runs: match super::sets::Runs::refused(set) {
                Some(r) => r,
                None => panic!("the set's refused bytes take too many runs"),
            },
        }
    }
}

/// The x86-64 face of [`arch::any_outside`](super::any_outside).
#[cfg(feature = "w3lib")]
#[inline]
pub(crate) fn any_outside(b: &[u8], s: &ByteSet) -> bool {
    if b.len() < 16 {
        return b.iter().any(|&c| !s.table[usize::from(c)]);
    }
    match avx2() {
        Some(k) => k.any_refused(b, &s.nibbles),
        None => sse2::any_in_runs(b, &s.runs),
    }
}

/// The x86-64 face of [`arch::first_pair`](super::first_pair).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    sse2::first_pair(b, x, y)
}

/// The x86-64 face of [`arch::hex_digits`](super::hex_digits).
#[cfg(feature = "safebrowsing")]
#[inline(always)]
pub(crate) fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
    sse2::hex_digits(hash)
}

/// SHA-256's round constants (FIPS 180-4, section 4.2.2).
#[cfg(feature = "safebrowsing")]
pub(crate) const SHA256_K: [u32; 64] = [
    0x428a_2f98,
    0x7137_4491,
    0xb5c0_fbcf,
    0xe9b5_dba5,
    0x3956_c25b,
    0x59f1_11f1,
    0x923f_82a4,
    0xab1c_5ed5,
    0xd807_aa98,
    0x1283_5b01,
    0x2431_85be,
    0x550c_7dc3,
    0x72be_5d74,
    0x80de_b1fe,
    0x9bdc_06a7,
    0xc19b_f174,
    0xe49b_69c1,
    0xefbe_4786,
    0x0fc1_9dc6,
    0x240c_a1cc,
    0x2de9_2c6f,
    0x4a74_84aa,
    0x5cb0_a9dc,
    0x76f9_88da,
    0x983e_5152,
    0xa831_c66d,
    0xb003_27c8,
    0xbf59_7fc7,
    0xc6e0_0bf3,
    0xd5a7_9147,
    0x06ca_6351,
    0x1429_2967,
    0x27b7_0a85,
    0x2e1b_2138,
    0x4d2c_6dfc,
    0x5338_0d13,
    0x650a_7354,
    0x766a_0abb,
    0x81c2_c92e,
    0x9272_2c85,
    0xa2bf_e8a1,
    0xa81a_664b,
    0xc24b_8b70,
    0xc76c_51a3,
    0xd192_e819,
    0xd699_0624,
    0xf40e_3585,
    0x106a_a070,
    0x19a4_c116,
    0x1e37_6c08,
    0x2748_774c,
    0x34b0_bcb5,
    0x391c_0cb3,
    0x4ed8_aa4a,
    0x5b9c_ca4f,
    0x682e_6ff3,
    0x748f_82ee,
    0x78a5_636f,
    0x84c8_7814,
    0x8cc7_0208,
    0x90be_fffa,
    0xa450_6ceb,
    0xbef9_a3f7,
    0xc671_78f2,
];

/// The x86-64 face of [`arch::sha256_x16`](super::sha256_x16): AVX-512
/// where the processor has it.
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_x16(h: &[u32; 8], blocks: &[[u8; 64]; 16], out: &mut [[u8; 32]; 16]) -> bool {
    match avx512::Avx512::detect() {
        Some(k) => {
            k.sha256_x16(h, blocks, out);
            true
        }
        None => false,
    }
}

/// The x86-64 face of [`arch::sha256_x8`](super::sha256_x8): AVX2 where
/// the processor has it (unless built with `--cfg urikit_no_avx2`).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_x8<const B: usize>(
    h: &[u32; 8],
    messages: [&[[u8; 64]; B]; 8],
    out: &mut [[u8; 32]; 8],
) -> bool {
    match avx2() {
        Some(k) => {
            k.sha256_x8(h, messages, out);
            true
        }
        None => false,
    }
}

/// The x86-64 face of [`arch::sha256_lanes`](super::sha256_lanes).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_lanes() -> usize {
    if avx512::Avx512::detect().is_some() {
        16
    } else if avx2().is_some() {
        8
    } else {
        1
    }
}

/// The x86-64 face of [`arch::has_sha_ni`](super::has_sha_ni): never
/// with `--cfg urikit_no_sha` (to measure the other ways on a processor
/// that has the extensions).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn has_sha_ni() -> bool {
    sha_ni().is_some()
}

/// The SHA extensions, where the processor has them and the build does
/// not turn them off (`--cfg urikit_no_sha`): what
/// [`has_sha_ni`] and [`sha256_side_by_side`] both ask.
#[cfg(feature = "safebrowsing")]
#[inline(always)]
fn sha_ni() -> Option<sha::ShaNi> {
    sha::ShaNi::detect().filter(|_| !cfg!(urikit_no_sha))
}

/// The x86-64 face of
/// [`arch::sha256_side_by_side`](super::sha256_side_by_side).
#[cfg(feature = "safebrowsing")]
#[inline]
pub(crate) fn sha256_side_by_side<const N: usize>(
    states: &mut [[u32; 8]; N],
    blocks: [&[u8; 64]; N],
) -> bool {
    match sha_ni() {
        Some(k) => {
            k.compress(states, blocks);
            true
        }
        None => false,
    }
}

/// The x86-64 face of [`arch::first_of`](super::first_of).
#[cfg(any(feature = "psl", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn first_of<const N: usize>(b: &[u8], xs: [u8; N]) -> Option<usize> {
    sse2::first_of(b, xs)
}

/// The x86-64 face of [`arch::has_capital`](super::has_capital).
#[cfg(feature = "w3lib")]
#[inline(always)]
pub(crate) fn has_capital(b: &[u8]) -> bool {
    sse2::has_capital(b)
}

/// The x86-64 face of [`arch::byte_marks`](super::byte_marks).
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn byte_marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
    if b.len() >= 32 {
        if let Some(k) = avx2() {
            return k.byte_marks(b, xs);
        }
    }
    sse2::byte_marks(b, xs)
}

/// The x86-64 face of [`arch::read_name`](super::read_name): SSE2. (An
/// AVX-512 face, one masked load of the name and the walk compiled with
/// BMI2 and LZCNT in a function of its own, measured slower: 1.9 ms for
/// the datasets' names against 1.5.)
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn read_name<R>(b: &[u8], f: impl FnOnce(&crate::bytes::Room, u64) -> R) -> R {
    sse2::read_name(b, f)
}

/// [`read_name`] by every face this processor has, each named.
#[cfg(all(test, feature = "psl"))]
pub(crate) fn every_read_name<R>(
    b: &[u8],
    f: impl Fn(&crate::bytes::Room, u64) -> R,
) -> alloc::vec::Vec<(&'static str, R)> {
    alloc::vec![
        ("portable", crate::arch::portable::read_name(b, &f)),
        ("sse2", sse2::read_name(b, &f)),
    ]
}

/// The extractor's blocks on x86-64: AVX-512 for the scan from block to
/// block where the processor has it, AVX2 for that and for the marks of
/// a block and the counts, SSE2 otherwise.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks {
    avx2: Option<Avx2>,
    avx512: Option<avx512::Avx512>,
}

#[cfg(feature = "alloc")]
impl Blocks {
    pub(crate) fn new() -> Blocks {
        Blocks {
            avx2: avx2(),
            avx512: avx512::Avx512::detect(),
        }
    }

    /// The marks of the 64 bytes of `b` from `at` (a multiple of 64, at
    /// most the text's length; the last block padded with zeros): its
    /// candidates `x` and its bytes `z`.
    #[inline]
    pub(crate) fn marks_at(self, b: &[u8], at: usize, x: u8, z: u8) -> Marks {
        let next = b.get(at + 64).copied().unwrap_or(0);
        let marks = |c: &[u8; 64]| match self.avx2 {
            Some(k) => k.block_marks(c, next, x, z),
            None => generic::marks(Baseline, c, next, x, z),
        };
        match b.get(at..).and_then(|r| r.first_chunk::<64>()) {
            Some(c) => marks(c),
            None => marks(&super::kernel::padded(b, at)),
        }
    }

    /// Moves `c` from its block to the next one that holds a candidate,
    /// or to the text's last block, counting in what the blocks between
    /// hold (the generic scan, compiled for AVX-512, AVX2 or SSE2).
    /// Without `LINES` the count of line breaks and the notes of bytes
    /// beyond ASCII may be left out.
    #[inline]
    pub(crate) fn advance<const LINES: bool>(self, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
        match (self.avx512, self.avx2) {
            (Some(k), _) => k.scan::<LINES>(c, b, x, z),
            (None, Some(k)) => k.scan::<LINES>(c, b, x, z),
            (None, None) => generic::advance::<Baseline, LINES>(Baseline, c, b, x, z),
        }
    }

    /// How many bytes of the whole 64-byte chunks of `b` are at least
    /// `min` as signed bytes or, with `eq`, equal it: with AVX2, `None`
    /// without it (the caller counts).
    #[inline]
    pub(crate) fn count(self, b: &[u8], min: i8, eq: bool) -> Option<usize> {
        self.avx2.map(|k| k.count(b, min, eq))
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::avx2::{Avx2, Avx2Long};
    use super::avx512::Avx512;
    use super::sse2::Sse2;
    use crate::arch::kernel::{Classify, Cursor, RefMarks};
    use crate::arch::portable::{self, Portable};
    use crate::grammar::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME};
    use crate::grammar::Table;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// What [`Classify::window`] must return, byte by byte.
    fn window_by_bytes(t: &Table, b: &[u8], i: usize, width: usize) -> u64 {
        b[i..]
            .iter()
            .take(width)
            .enumerate()
            .filter(|&(_, &c)| !t.allows(c))
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Each face's test of a set (AVX2's shuffle, SSE2's runs, the table)
    /// against the table, at every length to 80, with every byte value at
    /// every place (and at two: the first and the last).
    #[cfg(feature = "w3lib")]
    #[test]
    fn any_outside_is_the_table_in_every_face() {
        // Letters, digits and `-._~/`, as a host or path might be.
        let mut set = [false; 256];
        for c in 0..=255u8 {
            set[usize::from(c)] = c.is_ascii_alphanumeric() || b"-._~/".contains(&c);
        }
        let s = super::ByteSet::of(&set);
        let avx2 = Avx2::detect();
        for n in 0..=80 {
            for at in 0..n {
                for v in 0..=255u8 {
                    let mut b = alloc::vec![b'a'; n];
                    b[at] = v;
                    if at + 1 == n {
                        b[0] = v;
                    }
                    let want = !set[usize::from(v)];
                    assert_eq!(super::any_outside(&b, &s), want, "{n} {at} {v:#x}");
                    if n >= 16 {
                        assert_eq!(
                            super::sse2::any_in_runs(&b, &s.runs),
                            want,
                            "{n} {at} {v:#x}"
                        );
                        if let Some(k) = avx2 {
                            assert_eq!(k.any_refused(&b, &s.nibbles), want, "{n} {at} {v:#x}");
                        }
                    }
                }
            }
            assert!(!super::any_outside(&alloc::vec![b'a'; n], &s), "{n}");
        }
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
                        assert_eq!(Portable.window(t, &b, i), want32, "{n} {bad} {i}");
                        assert_eq!(Sse2.window(t, &b, i), want32, "{n} {bad} {i}");
                        assert_eq!(k.window(t, &b, i), want32, "{n} {bad} {i}");
                        // Below 32 bytes the long classifier falls back.
                        let want64 = window_by_bytes(t, &b, i, if n >= 32 { 64 } else { 32 });
                        assert_eq!(Avx2Long(k).window(t, &b, i), want64, "{n} {bad} {i}");
                    }
                }
            }
        }
    }

    /// The extractor's SSE2 and AVX2 marks agree with the portable ones on
    /// blocks of every byte value in every position, after a colon and
    /// after the block.
    #[test]
    fn marks_agree_with_the_portable_ones() {
        let Some(avx2) = Avx2::detect() else { return };
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
                    let want = crate::arch::generic::marks(Portable, &c, next, b':', v);
                    assert_eq!(avx2.block_marks(&c, next, b':', v), want, "{k} {v:#x}");
                    let sse2 = crate::arch::generic::marks(Sse2, &c, next, b':', v);
                    assert_eq!(sse2, want, "{k} {v:#x}");
                }
            }
        }
    }

    /// The vector scans this processor has, each with the lines counted
    /// and without (`false`).
    fn vector_ways() -> Vec<(&'static str, Advance, bool)> {
        /// The generic scan over the extractor's bytes with SSE2, AVX2,
        /// AVX-512 or the portable blocks (`WAY` 0 to 3).
        fn way<const WAY: u8, const LINES: bool>(c: &mut Cursor, b: &[u8]) {
            match WAY {
                0 => crate::arch::generic::advance::<Sse2, LINES>(Sse2, c, b, b':', b'\n'),
                1 => Avx2::detect().unwrap().scan::<LINES>(c, b, b':', b'\n'),
                2 => Avx512::detect().unwrap().scan::<LINES>(c, b, b':', b'\n'),
                _ => crate::arch::generic::advance::<Portable, LINES>(Portable, c, b, b':', b'\n'),
            }
        }
        let mut ways: Vec<(&str, Advance, bool)> = alloc::vec![
            ("sse2", way::<0, true>, true),
            ("sse2", way::<0, false>, false),
            ("portable", way::<3, true>, true),
            ("portable", way::<3, false>, false),
        ];
        if Avx2::detect().is_some() {
            ways.push(("avx2", way::<1, true>, true));
            ways.push(("avx2", way::<1, false>, false));
        }
        if Avx512::detect().is_some() {
            ways.push(("avx512", way::<2, true>, true));
            ways.push(("avx512", way::<2, false>, false));
        }
        ways
    }

    use crate::arch::generic::tests::Advance;

    /// The generic scan with each vector backend this processor has, held
    /// to what the plain walk a block at a time finds
    /// (`generic::tests`).
    #[test]
    fn advance_stops_at_candidates_and_counts_breaks() {
        for (name, k, lines) in vector_ways() {
            crate::arch::generic::tests::advance_agrees(name, k, lines);
        }
    }

    /// Every byte value after a colon, with every vector backend.
    #[test]
    fn advance_reads_every_byte_after_a_colon() {
        for (name, advance, _) in vector_ways() {
            crate::arch::generic::tests::reads_every_byte_after_a_colon(name, advance);
        }
    }

    /// The AVX2 text marks are the portable ones, at every length to 127
    /// and beyond, for every byte value at every place.
    #[test]
    fn avx2_text_marks_are_the_portable_ones() {
        let Some(avx2) = Avx2::detect() else { return };
        for n in 0..=132usize {
            for k in 0..n.max(1) {
                for v in [b'%', b'/', b'.', b'A', b'Z', b'@', b'[', 0x80, 0xC1, 0xFF] {
                    let mut b = alloc::vec![b'x'; n];
                    if let Some(c) = b.get_mut(k) {
                        *c = v;
                    }
                    let want = RefMarks::of(&b, portable::text_marks);
                    assert_eq!(avx2.text_marks(&b), want, "{n} {k} {v:#x}");
                }
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
}
