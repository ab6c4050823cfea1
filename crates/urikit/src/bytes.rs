//! Searches of byte strings that the transforms run on every reference
//! (whether a path holds a `%` or a `/.`, where its last `/` is), written
//! on words and sixteen-byte chunks so that short inputs cost no call, and
//! the [`Marks`] the extractor classifies 64 bytes of text into (portably
//! here; with SSE2 and AVX2 in `parse::simd`). A leaf: it knows nothing of
//! URIs.
//!
//! May use: `work`.

use core::ops::Range;

/// Sixteen bytes that include every byte of `b` (1 to 16 bytes long), read
/// without copying into a padded buffer (a `memset` and a `memcpy` call):
/// from 8 bytes on, the first eight and the last eight; from 4, the first
/// four and the last four, twice; below, the first, middle and last byte,
/// repeated. Bytes may appear twice.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn gather16(b: &[u8]) -> Option<[u8; 16]> {
    let n = b.len();
    let mut c = [0; 16];
    if let (Some(first), Some(last)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        c[..8].copy_from_slice(first);
        c[8..].copy_from_slice(last);
    } else if let (Some(first), Some(last)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        c[..4].copy_from_slice(first);
        c[4..8].copy_from_slice(last);
        c[8..12].copy_from_slice(first);
        c[12..].copy_from_slice(last);
    } else {
        let (&x, &z) = (b.first()?, b.last()?);
        let y = b[n / 2];
        c = [x, y, z, x, y, z, x, y, z, x, y, z, x, y, z, x];
    }
    Some(c)
}

/// Whether `a` and `b` are the same bytes, with no call to `memcmp` (the
/// components compared are mostly short, and often differ in length): up
/// to sixteen bytes as two overlapping words of each (64- or 32-bit, as in
/// [`last_byte`]), longer ones sixteen bytes at a time.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    crate::work::add(n);
    match n {
        0..=3 => a == b,
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => {
            // Sixteen bytes at a time, then the last sixteen.
            let mut i = 0;
            while let (Some(x), Some(y)) = (
                a.get(i..).and_then(|r| r.first_chunk::<16>()),
                b.get(i..).and_then(|r| r.first_chunk::<16>()),
            ) {
                if x != y {
                    return false;
                }
                i += 16;
            }
            a.last_chunk::<16>() == b.last_chunk::<16>()
        }
    }
}

/// The length of the longest common prefix of `a` and `b`, eight bytes at
/// a time: the first differing byte of two words is where the lowest set
/// bit of their difference lies (the words are read little-endian).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while let (Some(x), Some(y)) = (word8(a, i), word8(b, i)) {
        let d = x ^ y;
        if d != 0 {
            crate::work::add(i + 8);
            return i + d.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    crate::work::add(i);
    i
}

/// Whether any byte of `b` satisfies `pred`, sixteen bytes at a time. The
/// predicate should be one branch-free comparison, or a few joined with
/// `|` and `&` that the compiler keeps apart; several equalities joined
/// are folded into a bit test that vectorizes into byte shuffles (four
/// times as long): [`any_below_or`] is written for those.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn any_byte(b: &[u8], pred: impl Fn(u8) -> bool) -> bool {
    any_chunk(b, |c| c.iter().fold(false, |a, &x| a | pred(x)))
}

/// Whether any byte of `b` is below `below` or one of `equal`, sixteen
/// bytes at a time: one comparison of the sixteen per byte value, so that
/// each is one vector instruction.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn any_below_or<const N: usize>(b: &[u8], below: u8, equal: [u8; N]) -> bool {
    #[inline(always)]
    fn any16<const N: usize>(c: &[u8; 16], below: u8, equal: [u8; N]) -> bool {
        let mut any = c.iter().fold(false, |a, &x| a | (x < below));
        for k in equal {
            any |= c.iter().fold(false, |a, &x| a | (x == k));
        }
        any
    }
    any_chunk(
        b,
        #[inline(always)]
        |c| any16(c, below, equal),
    )
}

/// Whether `any16` holds for a chunk of sixteen bytes of `b`, where the
/// chunks together cover every byte (the last may overlap the one before;
/// inputs shorter than sixteen bytes go through [`gather16`]).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn any_chunk(b: &[u8], any16: impl Fn(&[u8; 16]) -> bool) -> bool {
    crate::work::add(b.len());
    let n = b.len();
    if n < 16 {
        return gather16(b).is_some_and(|c| any16(&c));
    }
    // Sixteen bytes at a time, then the last sixteen, which cover the
    // remainder (some twice). A plain loop: the iterator adapters are not
    // always inlined, and a call costs more than a short input's search.
    let mut i = 0;
    while let Some(c) = b.get(i..).and_then(|r| r.first_chunk::<16>()) {
        if any16(c) {
            return true;
        }
        i += 16;
    }
    i != n && b[n - 16..].first_chunk::<16>().is_some_and(any16)
}

/// The offset of the first byte `x` of `b` that a byte `y` follows,
/// sixteen pairs at a time; the place of a hit is then found among its
/// sixteen. What is read is counted, so that a caller resuming after each
/// hit stays linear.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn first_pair(b: &[u8], x: u8, y: u8) -> Option<usize> {
    let any16 = |p: &[u8; 16], n: &[u8; 16]| {
        p.iter()
            .zip(n)
            .fold(false, |a, (&p, &n)| a | ((p == x) & (n == y)))
    };
    let pairs = |w: &[u8]| match (
        w.first_chunk::<16>(),
        w.get(1..).and_then(|r| r.first_chunk::<16>()),
    ) {
        (Some(p), Some(n)) => any16(p, n),
        _ => false,
    };
    // The first pair in `w` (17 bytes or fewer), known to hold one.
    let place = |w: &[u8]| w.windows(2).position(|w| w[0] == x && w[1] == y);
    let n = b.len();
    match n {
        0 | 1 => None,
        // Short inputs as words: each byte beside the next within a word.
        2..=16 => {
            crate::work::add(n);
            if any_pair_short(b, x, y) {
                place(b)
            } else {
                None
            }
        }
        // Two windows of sixteen pairs, at the start and at the end, hold
        // every pair: no loop, whose exit mispredicts on the length.
        17..=33 => {
            crate::work::add(n);
            if pairs(b) {
                place(&b[..17])
            } else if pairs(&b[n - 17..]) {
                place(&b[n - 17..]).map(|k| n - 17 + k)
            } else {
                None
            }
        }
        _ => {
            // Pairs starting at 0, 16, 32, ..., then the last sixteen pairs
            // (a plain loop, as in `any_byte`).
            let mut i = 0;
            while i + 17 <= n {
                if pairs(&b[i..]) {
                    crate::work::add(i + 17);
                    return place(&b[i..i + 17]).map(|k| i + k);
                }
                i += 16;
            }
            crate::work::add(n);
            if pairs(&b[n - 17..]) {
                place(&b[n - 17..]).map(|k| n - 17 + k)
            } else {
                None
            }
        }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The high bit of each byte of `t` that is zero, exactly: the low seven
/// bits are added without a carry out of the byte, so no byte borrows from
/// its neighbour.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) const fn zero_bytes(t: u64) -> u64 {
    !(((t & LOW7) + LOW7) | t) & !LOW7
}

/// The high bits of the low `bytes` bytes of a word (`bytes` from 1 to 8).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
const fn low_bytes(bytes: usize) -> u64 {
    !LOW7 >> (8 * (8 - bytes))
}

/// The 64-bit word of `b` at `at`, if `b` has eight bytes there.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn word8(b: &[u8], at: usize) -> Option<u64> {
    let w = b.get(at..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*w))
}

/// The 32-bit word of `b` at `at`, widened, if `b` has four bytes there.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn word4(b: &[u8], at: usize) -> Option<u64> {
    let w = b.get(at..)?.first_chunk::<4>()?;
    Some(u64::from(u32::from_le_bytes(*w)))
}

/// Whether [`first_pair`] finds a pair in 2 to 16 bytes, on words (no
/// loop, no copy): in a word `w`, the pairs are its bytes beside those of
/// `w >> 8`, and a pair matches where both differ from `x` and `y` in no
/// bit. The word's top byte has no partner within it and is left out;
/// words at the start and the end (64-bit, or 32-bit below 8 bytes) hold
/// every pair, with one in the middle at sixteen bytes.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn any_pair_short(b: &[u8], x: u8, y: u8) -> bool {
    let (xs, ys) = (ONES * u64::from(x), ONES * u64::from(y));
    let pairs = |w: Option<u64>, bytes: usize| {
        w.is_some_and(|w| zero_bytes((w ^ xs) | ((w >> 8) ^ ys)) & low_bytes(bytes - 1) != 0)
    };
    match b.len() {
        // Two words overlap, and share a pair, up to fifteen bytes; at
        // sixteen, the pair across their border needs a third.
        16 => [0, 4, 8].iter().any(|&at| pairs(word8(b, at), 8)),
        n @ 8..=15 => pairs(word8(b, 0), 8) || pairs(word8(b, n - 8), 8),
        n @ 4..=7 => pairs(word4(b, 0), 4) || pairs(word4(b, n - 4), 4),
        _ => b.windows(2).any(|w| w[0] == x && w[1] == y),
    }
}

/// The offset of the last byte `x` of `b`. Up to sixteen bytes, two
/// overlapping words (64- or 32-bit) are searched at once, with no loop and
/// no call; longer inputs go to memchr's vector search (a base's last
/// segment is often long).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn last_byte(b: &[u8], x: u8) -> Option<usize> {
    let n = b.len();
    crate::work::add(n);
    // The last hit in the word at `at`, `bytes` wide.
    let last = |w: Option<u64>, at: usize, bytes: usize| {
        let hits = zero_bytes(w? ^ (ONES * u64::from(x))) & low_bytes(bytes);
        (hits != 0).then(|| at + (63 - hits.leading_zeros() as usize) / 8)
    };
    match n {
        17.. => memchr::memrchr(x, b),
        8..=16 => last(word8(b, n - 8), n - 8, 8).or_else(|| last(word8(b, 0), 0, 8)),
        4..=7 => last(word4(b, n - 4), n - 4, 4).or_else(|| last(word4(b, 0), 0, 4)),
        _ => b.iter().rposition(|&c| c == x),
    }
}

/// The offset of the first byte `x` of `b`. The first 32 bytes are
/// searched a word at a time, with no call (the values and names of HTML
/// tags are mostly short); the rest with memchr's vector search. Adds the
/// bytes it read to the work count.
#[cfg_attr(not(feature = "html"), allow(dead_code))]
#[inline(always)]
pub(crate) fn first_byte(b: &[u8], x: u8) -> Option<usize> {
    let pattern = ONES * u64::from(x);
    let mut i = 0;
    while i < 32 {
        let Some(w) = word8(b, i) else {
            // Fewer than eight bytes left.
            let hit = b[i..].iter().position(|&c| c == x).map(|k| i + k);
            crate::work::add(hit.map_or(b.len(), |h| h + 1));
            return hit;
        };
        let hits = zero_bytes(w ^ pattern);
        if hits != 0 {
            let hit = i + hits.trailing_zeros() as usize / 8;
            crate::work::add(hit + 1);
            return Some(hit);
        }
        i += 8;
    }
    let hit = memchr::memchr(x, &b[32..]).map(|k| 32 + k);
    crate::work::add(hit.map_or(b.len(), |h| h + 1));
    hit
}

/// How many line breaks `b` holds, each of LF, CR LF and a lone CR
/// counted once, where `b` follows a byte that is not CR (HTML's input
/// preprocessing, and most line-counting conventions). Short inputs a word
/// at a time (byte by byte where a word holds a CR), long ones with
/// memchr's vector search for either byte.
#[cfg_attr(not(feature = "html"), allow(dead_code))]
pub(crate) fn line_breaks(b: &[u8]) -> u64 {
    crate::work::add(b.len());
    let mut n = 0u64;
    if b.len() >= 64 {
        for k in memchr::memchr2_iter(b'\n', b'\r', b) {
            n += u64::from(b[k] == b'\r' || k == 0 || b[k - 1] != b'\r');
        }
        return n;
    }
    let (lf, cr) = (ONES * u64::from(b'\n'), ONES * u64::from(b'\r'));
    let mut i = 0;
    // Whether the byte before `i` is a CR (whose LF is not a second break).
    let mut after_cr = false;
    while let Some(w) = word8(b, i) {
        let lfs = zero_bytes(w ^ lf);
        if zero_bytes(w ^ cr) == 0 {
            n += u64::from(lfs.count_ones()) - u64::from(after_cr && lfs & 0x80 != 0);
            after_cr = false;
        } else {
            for &c in &b[i..i + 8] {
                n += u64::from(c == b'\r' || (c == b'\n' && !after_cr));
                after_cr = c == b'\r';
            }
        }
        i += 8;
    }
    for &c in &b[i..] {
        n += u64::from(c == b'\r' || (c == b'\n' && !after_cr));
        after_cr = c == b'\r';
    }
    n
}

/// The `k`-th chunk of `N` bytes of `c`, which has it (for constant `k`
/// and an array `c`, the check compiles away).
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn chunk<const N: usize>(c: &[u8], k: usize) -> &[u8; N] {
    match c.get(k * N..).and_then(<[u8]>::first_chunk::<N>) {
        Some(x) => x,
        None => unreachable!("the caller's bytes hold chunk {k} of {N}"),
    }
}

/// What the extractor needs of 64 bytes: where its candidates are (the
/// `x` bytes, `:`, that a byte a URI may hold follows: see
/// [`candidates`]), where the bytes equal to a third value
/// are (line breaks), and how many of those there are. Bit `k` of a mask
/// stands for byte `k`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Marks {
    pub(crate) candidates: u64,
    pub(crate) third: u64,
    pub(crate) thirds: u32,
    /// The bytes beyond ASCII (top bit set), so that columns in ASCII text
    /// are counted in bytes.
    pub(crate) high: u64,
}

/// The extractor's place among the 64-byte blocks of its text: the block
/// it is in, with its marks and the candidates not yet taken, and what the
/// blocks before it tell (line breaks, where the last line begins, where
/// the text is ASCII from).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cursor {
    /// The block's offset (a multiple of 64) and its marks.
    pub(crate) block: usize,
    pub(crate) marks: Marks,
    /// The candidates in the block not yet taken (bit `k` for byte
    /// `block + k`).
    pub(crate) triggers: u64,
    /// The line breaks before the block.
    pub(crate) lines: usize,
    /// Where the line the block begins in begins (after the last line
    /// break before the block), unless `unplaced` holds blocks passed over
    /// with a line break in them that was not looked for: then it is the
    /// last of those, found when a match needs it.
    pub(crate) line_start: usize,
    pub(crate) unplaced: Option<(usize, usize)>,
    /// From here to the block the text is ASCII (as far as blocks tell).
    pub(crate) ascii_from: usize,
}

#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
impl Cursor {
    /// At the text's first block, whose marks are `marks`.
    pub(crate) fn new(marks: Marks) -> Cursor {
        Cursor {
            marks,
            triggers: marks.candidates,
            ..Cursor::default()
        }
    }

    /// Counts the line breaks of the block the scan leaves, and notes where
    /// its last one and its last byte beyond ASCII are.
    #[inline(always)]
    pub(crate) fn leave(&mut self) {
        let end = self.block + 64;
        self.lines += self.marks.thirds as usize;
        if self.marks.third != 0 {
            self.line_start = end - self.marks.third.leading_zeros() as usize;
            self.unplaced = None;
        }
        if self.marks.high != 0 {
            self.ascii_from = end - self.marks.high.leading_zeros() as usize;
        }
    }

    /// Enters the block at `block`, whose marks are `marks`.
    #[inline(always)]
    pub(crate) fn enter(&mut self, block: usize, marks: Marks) {
        (self.block, self.marks, self.triggers) = (block, marks, marks.candidates);
    }

    /// Leaves the block for the one after it, whose marks `marks_at`
    /// gives (from its offset).
    #[inline(always)]
    pub(crate) fn step(&mut self, marks_at: impl FnOnce(usize) -> Marks) {
        self.leave();
        let at = self.block + 64;
        self.enter(at, marks_at(at));
    }

    /// Leaves the block for the next one with a candidate, or the text's
    /// last block (of `len` bytes), one block at a time: `marks_at` gives
    /// the marks of the block at an offset.
    #[inline(always)]
    pub(crate) fn advance_by_blocks(&mut self, len: usize, marks_at: impl Fn(usize) -> Marks) {
        loop {
            self.step(&marks_at);
            if self.triggers != 0 || self.block + 64 >= len {
                return;
            }
        }
    }
}

/// The 64 bytes of `b` from `at`, those past its end taken as zeros (which
/// none of the extractor's masks marks): the text's last block.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn padded(b: &[u8], at: usize) -> [u8; 64] {
    let rest = b.get(at..).unwrap_or_default();
    let k = rest.len().min(64);
    let mut c = [0; 64];
    c[..k].copy_from_slice(&rest[..k]);
    c
}

/// The candidates of a block of 64 bytes, from the masks of its `x` bytes
/// and its bytes that end a word before a colon (`stop`: the grammar's
/// ASCII bytes outside every URI, at least those after an `x`), and
/// whether the byte after the block is such a byte (`next_stops`, true
/// past the text's end): every `x` but those a `stop` byte or the text's
/// end follows. (A colon so followed is no scheme's, since a
/// URI needs a character after it: "Note: ", `":"`; the extractor would
/// drop it at once, and most colons of mail and prose are such.)
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn candidates(x: u64, stop: u64, next_stops: bool) -> u64 {
    x & !(stop >> 1 | u64::from(next_stops) << 63)
}

/// The bytes of the block `c` that follow an `x` byte and that `stops`
/// takes (bit `k` for `c[k]`): a loop over the few `x` bytes, for the
/// classifiers without a byte shuffle.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn stops_after(c: &[u8; 64], x: u64, stops: impl Fn(u8) -> bool) -> u64 {
    let mut stop = 0;
    let mut rest = x & !(1 << 63);
    while rest != 0 {
        let k = rest.trailing_zeros() as usize + 1;
        stop |= u64::from(stops(c[k])) << k;
        rest &= rest - 1;
    }
    stop
}

/// Where the bytes the normalizer looks for lie in a reference of at most
/// 64 bytes, one bit per byte: `%`, ASCII capitals, `/` and `.`. The
/// normalizer decides from these masks, and the component offsets it
/// has, that a reference is normal already (no percent-encoding, no
/// capital in the scheme or host, no dot segment), with no search per
/// component.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TextMarks {
    pub(crate) pct: u64,
    pub(crate) upper: u64,
    pub(crate) slash: u64,
    pub(crate) dot: u64,
}

impl TextMarks {
    /// Adds the masks of a window of the text (`%`, capitals, `/`, `.`)
    /// that begins at byte `at` (overlapping windows agree).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn add(&mut self, at: usize, [pct, upper, slash, dot]: [u64; 4]) {
        self.pct |= pct << at;
        self.upper |= upper << at;
        self.slash |= slash << at;
        self.dot |= dot << at;
    }
}

/// The bits of the bytes `r` of a block of 64 bytes: those from `r.start`
/// on less those from `r.end` on (a range past the block keeps its part
/// in the block), with no branch on the range's width (lines of every
/// length come one after the other).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn bits(r: Range<usize>) -> u64 {
    let from = |k: usize| if k < 64 { u64::MAX << k } else { 0 };
    from(r.start) & !from(r.end)
}

/// The [`TextMarks`] of a reference of up to 127 bytes: of its first 64
/// bytes (`head`) and of its last 64 (`tail`, which begin at `off`).
/// Together they hold every byte and every two neighbours (a pair that
/// passes the head's end, at 63 and 64, lies in the tail, which begins at
/// 63 at the latest); for a reference of up to 64 bytes both are its
/// marks, and a question is one test of the head (`off` is 0).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RefMarks {
    pub(crate) head: TextMarks,
    pub(crate) tail: TextMarks,
    pub(crate) off: usize,
}

#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
impl RefMarks {
    /// The longest reference that has them.
    pub(crate) const MAX: usize = 127;

    /// The marks of `b`, from those of blocks of up to 64 bytes that
    /// `block` gives (`None`: `b` is longer than [`RefMarks::MAX`]).
    #[inline(always)]
    pub(crate) fn of(b: &[u8], block: impl Fn(&[u8]) -> Option<TextMarks>) -> Option<RefMarks> {
        let n = b.len();
        if n > RefMarks::MAX {
            return None;
        }
        let off = n.saturating_sub(64);
        let head = block(b.get(..64).unwrap_or(b))?;
        let tail = if off == 0 { head } else { block(&b[off..])? };
        Some(RefMarks { head, tail, off })
    }

    /// Whether a byte of `r` is marked in the mask that `pick` takes of a
    /// block's marks (one of them, or one made of them, such as the dots
    /// that a slash comes before: a pair within a block).
    #[inline(always)]
    pub(crate) fn any(&self, pick: impl Fn(&TextMarks) -> u64, r: Range<usize>) -> bool {
        let head = pick(&self.head) & bits(r.clone());
        if self.off == 0 {
            // At most 64 bytes: the head is the whole.
            return head != 0;
        }
        let shifted = r.start.saturating_sub(self.off)..r.end.saturating_sub(self.off);
        head | pick(&self.tail) & bits(shifted) != 0
    }
}

/// [`TextMarks`] of `b` (at most 64 bytes) without intrinsics: the bytes
/// copied into a block of zeros (which none of the masks marks), then
/// classified a word at a time.
#[cfg_attr(
    any(
        not(feature = "alloc"),
        all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))
    ),
    allow(dead_code)
)]
pub(crate) fn text_marks_portable(b: &[u8]) -> Option<TextMarks> {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |hits: u64| ((hits >> 7).wrapping_mul(GATHER) >> 56) & 0xFF;
    let mut c = [0u8; 64];
    c.get_mut(..b.len())?.copy_from_slice(b);
    let mut m = TextMarks::default();
    for (j, w) in c.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(w.try_into().unwrap_or_default());
        let eq = |x: u8| gather(zero_bytes(w ^ (ONES * u64::from(x))));
        // Capitals: low seven bits from `A` to `Z`, top bit clear (no
        // carry leaves a byte).
        let h = w & LOW7;
        let capital = (h + ONES * u64::from(0x80 - b'A'))
            & !(h + ONES * u64::from(0x80 - b'Z' - 1))
            & !w
            & !LOW7;
        m.add(8 * j, [eq(b'%'), gather(capital), eq(b'/'), eq(b'.')]);
    }
    Some(m)
}

/// [`Marks`] without intrinsics (`next`: the byte after the block, 0 past
/// the text's end): each word's bytes equal to a value are found with
/// [`zero_bytes`], and their high bits are gathered into a byte by a
/// multiplication (bit `8j + 7` of the word lands on bit `56 + j` of the
/// product, and no two partial products meet).
#[cfg_attr(
    any(
        not(feature = "alloc"),
        all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable))
    ),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn marks64_portable(
    c: &[u8; 64],
    next: u8,
    [x, z]: [u8; 2],
    stops: impl Fn(u8) -> bool,
) -> Marks {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |hits: u64| ((hits >> 7).wrapping_mul(GATHER) >> 56) & 0xFF;
    let (xs, zs) = (ONES * u64::from(x), ONES * u64::from(z));
    let mut xm = 0;
    let mut m = Marks::default();
    for (j, w) in c.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(w.try_into().unwrap_or_default());
        xm |= gather(zero_bytes(w ^ xs)) << (8 * j);
        m.third |= gather(zero_bytes(w ^ zs)) << (8 * j);
        m.high |= gather(w & !LOW7) << (8 * j);
    }
    m.candidates = candidates(xm, stops_after(c, xm, &stops), stops(next));
    m.thirds = m.third.count_ones();
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks mark exactly the bytes equal to the values, in every
    /// position, whatever the other bytes are (a byte just above or below
    /// a value, or a space, 0x00 and 0xFF beside it), and the colons that
    /// a byte the predicate stops at, or the end, follows are no
    /// candidates.
    #[test]
    fn marks64_portable_marks_exactly_the_bytes() {
        // A stand-in for the grammar's bytes outside URIs (this layer is
        // below the grammar): what the marks do with whatever they are given.
        let stops = |c: u8| c <= b' ' || c == b'"' || c == b'|';
        let fill = [
            0u8, 0x20, 0x21, 0x22, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x09, 0x0A, 0x0B, 0x7C, 0x80,
            0xA0, 0xFF,
        ];
        for k in 0..64 {
            for &f in &fill {
                for &v in &[b':', b'<', b'\n', b'a', b' ', 0xFF] {
                    for next in [0u8, b' ', b'!', b'"', b'a', 0x80] {
                        let mut c = [f; 64];
                        c[k] = v;
                        if k > 0 {
                            c[k - 1] = b':';
                        }
                        let want = |p: &dyn Fn(usize, u8) -> bool| {
                            c.iter()
                                .enumerate()
                                .filter(|&(i, &b)| p(i, b))
                                .fold(0u64, |m, (i, _)| m | 1 << i)
                        };
                        let after = |i: usize| c.get(i + 1).copied().unwrap_or(next);
                        let got = marks64_portable(&c, next, [b':', b'\n'], stops);
                        let third = want(&|_, b| b == b'\n');
                        assert_eq!(
                            got.candidates,
                            want(&|i, b| b == b':' && !stops(after(i))),
                            "{k} {f:#x} {v:#x} {next:#x}"
                        );
                        assert_eq!(
                            (got.third, got.thirds),
                            (third, third.count_ones()),
                            "{k} {f:#x}"
                        );
                        assert_eq!(got.high, want(&|_, b| b >= 0x80), "{k} {f:#x}");
                    }
                }
            }
        }
    }

    /// Every byte value at every place of every length up to 39: found
    /// when it is below the bound or one of the bytes asked for, and not
    /// otherwise.
    #[test]
    fn any_below_or_looks_at_every_byte() {
        let want = |x: u8| x < 0x20 || [0x7F, 0xC2, 0xD8, 0xE2].contains(&x);
        for n in 0..40 {
            let mut v = alloc::vec![b'a'; n];
            assert!(!any_below_or(&v, 0x20, [0x7F, 0xC2, 0xD8, 0xE2]), "{n}");
            for at in 0..n {
                for x in 0..=255u8 {
                    v[at] = x;
                    let got = any_below_or(&v, 0x20, [0x7F, 0xC2, 0xD8, 0xE2]);
                    assert_eq!(got, want(x), "{n} {at} {x:#x}");
                }
                v[at] = b'a';
            }
        }
    }

    #[test]
    fn any_byte_looks_at_every_byte() {
        for n in 0..40 {
            let mut v = alloc::vec![b'a'; n];
            assert!(!any_byte(&v, |c| c == b'%'), "{n}");
            for at in 0..n {
                v[at] = b'%';
                assert!(any_byte(&v, |c| c == b'%'), "{n} {at}");
                v[at] = b'a';
            }
        }
    }

    /// Equal inputs are the same; a difference at any one place, or
    /// another length, is not.
    #[test]
    fn same_compares_every_byte() {
        for n in 0..50 {
            let a: alloc::vec::Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            let mut b = a.clone();
            assert!(same(&a, &b), "{n}");
            for at in 0..n {
                b[at] ^= 0x20;
                assert!(!same(&a, &b), "{n} {at}");
                b[at] = a[at];
            }
            assert!(!same(&a, &a[..n.saturating_sub(1)]) || n == 0, "{n}");
            b.push(b'a');
            assert!(!same(&a, &b), "{n}");
        }
    }

    /// The common prefix ends at the first difference, wherever it is,
    /// or at the end of the shorter input.
    #[test]
    fn common_prefix_stops_at_the_first_difference() {
        for n in 0..40 {
            let a: alloc::vec::Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert_eq!(common_prefix(&a, &a), n);
            for m in 0..n {
                assert_eq!(common_prefix(&a, &a[..m]), m, "{n} {m}");
                assert_eq!(common_prefix(&a[..m], &a), m, "{n} {m}");
                let mut b = a.clone();
                b[m] ^= 0x80;
                // A later difference does not hide this one.
                if m + 3 < n {
                    b[m + 3] ^= 0x01;
                }
                assert_eq!(common_prefix(&a, &b), m, "{n} {m}");
            }
        }
    }

    #[test]
    fn last_byte_finds_the_last_one() {
        for n in 0..40 {
            for x in [b'/', 0] {
                let mut v = alloc::vec![b'a'; n];
                assert_eq!(last_byte(&v, x), None, "{n}");
                for at in 0..n {
                    v[at] = x;
                    assert_eq!(last_byte(&v, x), Some(at), "{n} {at}");
                    // An earlier one does not hide it, nor a later one it.
                    if at > 0 {
                        v[0] = x;
                        assert_eq!(last_byte(&v, x), Some(at), "{n} {at}");
                        v[0] = b'a';
                    }
                    v[at] = b'a';
                }
                // Bytes next to `x` (borrows between bytes) are not hits.
                let near: alloc::vec::Vec<u8> =
                    (0..n).map(|i| x.wrapping_add(1 + (i % 3) as u8)).collect();
                assert_eq!(last_byte(&near, x), None, "{n}");
            }
        }
    }

    #[test]
    fn first_pair_agrees_with_a_byte_loop_for_zero_bytes_too() {
        let naive = |v: &[u8], x: u8, y: u8| v.windows(2).position(|w| w == [x, y]);
        for (x, y) in [(b'/', b'.'), (0, 0), (b'.', 0), (0, b'.')] {
            for n in 0..20 {
                for at in 0..n {
                    for put in [x, y] {
                        let mut v = alloc::vec![b'a'; n];
                        v[at] = put;
                        if at + 1 < n {
                            v[at + 1] = if put == x { y } else { b'a' };
                        }
                        assert_eq!(first_pair(&v, x, y), naive(&v, x, y), "{x} {y} {n} {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn first_pair_looks_at_every_pair() {
        for n in 0..40 {
            let mut v = alloc::vec![b'a'; n];
            assert_eq!(first_pair(&v, b'/', b'.'), None, "{n}");
            for at in 0..n.saturating_sub(1) {
                v[at] = b'/';
                assert_eq!(first_pair(&v, b'/', b'.'), None, "{n} {at}");
                v[at + 1] = b'.';
                assert_eq!(first_pair(&v, b'/', b'.'), Some(at), "{n} {at}");
                // A later pair does not hide this one.
                if at + 3 < n {
                    v[at + 2] = b'/';
                    v[at + 3] = b'.';
                    assert_eq!(first_pair(&v, b'/', b'.'), Some(at), "{n} {at}");
                    v[at + 2] = b'a';
                    v[at + 3] = b'a';
                }
                v[at] = b'.';
                v[at + 1] = b'/';
                assert_eq!(first_pair(&v, b'/', b'.'), None, "{n} {at}");
                v[at] = b'a';
                v[at + 1] = b'a';
            }
        }
    }

    #[test]
    fn first_byte_finds_the_first_anywhere() {
        // Every length to 80, the byte at every place (and twice, and
        // nowhere), against the obvious search.
        for n in 0..80 {
            for at in 0..=n {
                let mut b = alloc::vec![b'a'; n];
                if at < n {
                    b[at] = b'"';
                    if at + 3 < n {
                        b[at + 3] = b'"';
                    }
                }
                assert_eq!(
                    first_byte(&b, b'"'),
                    b.iter().position(|&c| c == b'"'),
                    "{n} {at}"
                );
            }
        }
        // Bytes with the high bit, which a careless word search confuses.
        assert_eq!(first_byte("\u{a2}\u{e9}\"".as_bytes(), b'"'), Some(4));
    }

    #[test]
    fn line_breaks_count_lf_cr_lf_and_cr_once() {
        let naive = |b: &[u8]| {
            let mut n = 0;
            for (k, &c) in b.iter().enumerate() {
                if c == b'\r' || (c == b'\n' && (k == 0 || b[k - 1] != b'\r')) {
                    n += 1;
                }
            }
            n
        };
        // Every string of these four bytes up to length 7, at every offset
        // from a word boundary (CR LF split across words among them), and
        // long enough for the vector search.
        let alphabet = [b'\n', b'\r', b'a', 0xE9];
        for len in 0..=7u32 {
            for code in 0..4usize.pow(len) {
                let mut s: alloc::vec::Vec<u8> = (0..len)
                    .map(|k| alphabet[code / 4usize.pow(k) % 4])
                    .collect();
                for pad in [0, 1, 2, 3, 4, 5, 6, 7, 60, 61] {
                    let mut b = alloc::vec![b'x'; pad];
                    b.extend_from_slice(&s);
                    assert_eq!(line_breaks(&b), naive(&b), "{b:?}");
                }
                s.clear();
            }
        }
    }

    /// The two blocks of a reference's marks answer for every byte and
    /// every pair of neighbours, at every length to the longest, in every
    /// range: a `%` at one place, a `/` and a `.` after it at another
    /// (among them the pair across the first block's end, bytes 63 and 64).
    #[test]
    fn ref_marks_answer_for_every_byte_and_pair() {
        for n in 0..=RefMarks::MAX + 2 {
            for k in 0..n.saturating_sub(1) {
                let mut b = alloc::vec![b'x'; n];
                b[k] = b'/';
                b[k + 1] = b'.';
                if n - 1 - k > k + 1 {
                    b[n - 1 - k] = b'%';
                }
                let Some(m) = RefMarks::of(&b, text_marks_portable) else {
                    assert!(n > RefMarks::MAX);
                    continue;
                };
                for start in 0..=n {
                    for end in [start, start + 1, start + 2, k + 1, k + 2, n, n - k] {
                        let r = start..end.clamp(start, n);
                        let pct = b[r.clone()].contains(&b'%');
                        assert_eq!(m.any(|t| t.pct, r.clone()), pct, "{n} {k} {r:?}");
                        let pair = r.contains(&(k + 1));
                        let got = m.any(|t| (t.slash << 1) & t.dot, r.clone());
                        assert_eq!(got, pair, "{n} {k} {r:?}");
                    }
                }
            }
        }
    }

    /// The masks mark exactly the bytes they name, at every length to 64
    /// (and there is none beyond), for every byte value at every place.
    #[test]
    fn text_marks_mark_exactly_the_bytes() {
        for n in 0..=65usize {
            for k in 0..n {
                for v in [
                    b'%', b'/', b'.', b'A', b'M', b'Z', b'@', b'[', b'a', 0xC1, 0xDA, 0,
                ] {
                    let mut b = alloc::vec![b'x'; n];
                    b[k] = v;
                    let want = |p: &dyn Fn(u8) -> bool| {
                        b.iter()
                            .enumerate()
                            .filter(|&(_, &c)| p(c))
                            .fold(0u64, |m, (i, _)| m | 1 << i)
                    };
                    let got = text_marks_portable(&b);
                    if n > 64 {
                        assert_eq!(got, None);
                        continue;
                    }
                    let want = TextMarks {
                        pct: want(&|c| c == b'%'),
                        upper: want(&|c| c.is_ascii_uppercase()),
                        slash: want(&|c| c == b'/'),
                        dot: want(&|c| c == b'.'),
                    };
                    assert_eq!(got, Some(want), "{n} {k} {v:#x}");
                }
            }
        }
    }
}
