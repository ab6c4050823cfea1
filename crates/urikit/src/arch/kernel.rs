//! What every backend fills in, and nothing that names a processor: the
//! parser's [`Classify`] trait and its windows, and the marks and cursor
//! of the extractor and the normalizer (one bit per byte of a block).
//!
//! May use: `grammar`, `work`.

#[cfg(feature = "alloc")]
use core::ops::Range;

use crate::grammar::{Scanned, Table, Ucs};

/// How the parser classifies sixteen bytes at a time. Each backend has one
/// (`portable::Portable`, and on x86-64 `Sse2`, `Avx2`); the facade
/// ([`arch`](super)) chooses.
pub(crate) trait Classify: Copy {
    /// The classifier for inputs of 32 bytes or more, whose windows may be
    /// wider ([`wide`](Self::wide)); the caller chooses by the input's
    /// length, once, where that length is known to the compiler.
    type Wide: Classify;

    /// A mask of the bytes of `c` that `t` does not allow literally (bit `k`
    /// for `c[k]`). Only for [scanned](Table::is_scanned) tables.
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32;

    /// The classifier for inputs of at least 32 bytes.
    fn wide(self) -> Self::Wide;

    /// How many bytes [`window`](Self::window) looks at: 32, or 64 for
    /// the classifier of long inputs.
    #[inline(always)]
    fn width(self) -> usize {
        32
    }

    /// A mask of the bytes of `b[i..]` that `t` refuses, for the first
    /// [`width`](Self::width) of them (bit `k` for `b[i + k]`; no bit at or
    /// past the end of `b`). `b` holds at least 16 bytes (at least 32 for
    /// a width of 64), and `i <= b.len()`.
    ///
    /// Two chunks, at `i` and `i + 16`, each moved back to end at the end
    /// of `b` where it would pass it (so they may overlap): no branch
    /// decides between whole and partial chunks.
    #[inline(always)]
    fn window(self, t: &Table, b: &[u8], i: usize) -> u64 {
        two_chunks::<16>(
            b,
            i,
            #[inline(always)]
            |c| u64::from(self.refused16(t, c)),
        )
    }

    /// The [`UriMarks`] of all of `b`, where this classifier reads a whole
    /// input at once and `b`'s length suits it (AVX2: 32 to 64 bytes);
    /// `None` elsewhere, and then the parse reads windows.
    #[inline(always)]
    fn uri_marks(self, _b: &[u8]) -> Option<UriMarks> {
        None
    }
}

/// The bytes of an input of at most 64 bytes that each of RFC 3986's
/// scanned tables refuses (bit `k` for byte `k`, none at or past the
/// end), found in one pass before the parse: the parse's scans of the
/// authority, the path, the query and the fragment then shift a mask
/// where each read a window of its own (two chunks placed and classified
/// each time). The four sets are nested, so that two classifications and
/// two byte comparisons give all four ([`UriMarks::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UriMarks {
    reg_name: u64,
    authority: u64,
    path: u64,
    query: u64,
}

/// `AUTHORITY` is `REG_NAME` and `:`; `QUERY` (and `FRAGMENT`) is `PATH`
/// and `?` (RFC 3986 sections 3.2, 3.4 and 3.5; `grammar::rfc3986`), so
/// that [`UriMarks::of`] may derive them. Checked when compiled.
const _: () = {
    use crate::grammar::rfc3986::{AUTHORITY, FRAGMENT, PATH, QUERY, REG_NAME};
    const fn is_with(t: &Table, of: &Table, extra: u8) -> bool {
        let mut c = 0;
        while c < 256 {
            if t.set()[c] != (of.set()[c] || c == extra as usize) {
                return false;
            }
            c += 1;
        }
        t.allows_pct() == of.allows_pct()
    }
    assert!(is_with(&AUTHORITY, &REG_NAME, b':'));
    assert!(is_with(&QUERY, &PATH, b'?'));
    assert!(is_with(&FRAGMENT, &PATH, b'?'));
};

impl UriMarks {
    /// The marks from the bytes `reg_name` and `path` refuse (the
    /// `REG_NAME` and `PATH` tables) and the places of `:` and `?`. Only
    /// AVX2 makes them: a portable build has none.
    #[cfg_attr(any(urikit_portable, not(target_arch = "x86_64")), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn of(reg_name: u64, path: u64, colons: u64, questions: u64) -> UriMarks {
        UriMarks {
            reg_name,
            authority: reg_name & !colons,
            path,
            query: path & !questions,
        }
    }

    /// The mask of the bytes `t` refuses, if `t` is one of RFC 3986's
    /// four (an IRI's tables have the same names, and other bytes).
    #[inline(always)]
    fn of_table(&self, t: &Table) -> Option<u64> {
        if t.ucs() != Ucs::None {
            return None;
        }
        match t.scan()? {
            Scanned::RegName => Some(self.reg_name),
            Scanned::Authority => Some(self.authority),
            Scanned::Path => Some(self.path),
            Scanned::Query => Some(self.query),
            _ => None,
        }
    }
}

/// A classifier with the [`UriMarks`] of its input: windows of RFC 3986's
/// tables are the marks shifted, any other table's are `K`'s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Marked<K> {
    k: K,
    marks: UriMarks,
}

impl<K: Classify> Marked<K> {
    /// `k` with the marks of the input it will read, and only that input
    /// (`k.wide()` where the input has 32 bytes or more).
    #[inline(always)]
    pub(crate) fn new(k: K, marks: UriMarks) -> Marked<K> {
        Marked { k, marks }
    }
}

impl<K: Classify> Classify for Marked<K> {
    type Wide = Marked<K>;

    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        self.k.refused16(t, c)
    }

    #[inline(always)]
    fn wide(self) -> Marked<K> {
        self
    }

    /// `K`'s: a mask of the marks covers all of the input, and more than
    /// any window, so that a window of `K`'s own is never taken as wider
    /// than it is.
    #[inline(always)]
    fn width(self) -> usize {
        self.k.width()
    }

    #[inline(always)]
    fn window(self, t: &Table, b: &[u8], i: usize) -> u64 {
        match self.marks.of_table(t) {
            // `i` is at most the input's length, 64 at most.
            Some(m) => m.checked_shr(i as u32).unwrap_or(0),
            None => self.k.window(t, b, i),
        }
    }
}

/// Work on a text done with a classifier chosen for the processor (the
/// parser's parse of one input): [`arch::run`](super::run) calls
/// [`run`](Self::run) with the best [`Classify`] there is, inside code
/// compiled for it, so that the backend never calls up into the layer
/// that asks. The text is passed on apart (in registers, as the parser's
/// argument was), the job holds the rest.
pub(crate) trait Job {
    type Out;
    /// Does the work on `s` with the classifier `k`. Implementations are
    /// `#[inline(always)]`, so that they are compiled into the backend's
    /// entry with its processor features.
    fn run<K: Classify>(self, k: K, b: &[u8]) -> Self::Out;
}

/// A window of `2 * W` bytes from `i`: the masks `refused` gives for the
/// chunks at `i` and `i + W`, each moved back to end at the end of `b`
/// where it would pass it (so they may overlap), joined so that bit `k`
/// stands for `b[i + k]` (no bit at or past the end of `b`). `b` holds at
/// least `W` bytes, and `i <= b.len()`.
#[inline(always)]
pub(crate) fn two_chunks<const W: usize>(
    b: &[u8],
    i: usize,
    refused: impl Fn(&[u8; W]) -> u64,
) -> u64 {
    let last = b.len() - W;
    /// The mask of the chunk at `p` (a place `b` holds a chunk at).
    #[inline(always)]
    fn chunk_at<const W: usize>(b: &[u8], p: usize, refused: &impl Fn(&[u8; W]) -> u64) -> u64 {
        match b.get(p..).and_then(|r| r.first_chunk::<W>()) {
            Some(c) => refused(c),
            None => 0,
        }
    }
    let at = |p: usize| chunk_at(b, p, &refused);
    let (x, y) = (i.min(last), (i + W).min(last));
    // The second chunk starts y - i bytes into the window, or, near the end
    // of `b`, i - y bytes before it: one of the shifts is by 0.
    (at(x) >> (i - x)) | ((at(y) << y.saturating_sub(i)) >> i.saturating_sub(y))
}

/// What the extractor needs of 64 bytes: where its candidates are (the
/// `x` bytes, `:`, that a byte a URI may hold follows: see
/// [`candidates`]), where the bytes equal to a third value
/// are (line breaks), and how many of those there are. Bit `k` of a mask
/// stands for byte `k`.
#[cfg(feature = "alloc")]
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
#[cfg(feature = "alloc")]
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

#[cfg(feature = "alloc")]
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
    /// the marks of the block at an offset. The plain walk the scans are
    /// checked against.
    #[cfg(test)]
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
#[cfg(feature = "alloc")]
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
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn candidates(x: u64, stop: u64, next_stops: bool) -> u64 {
    x & !(stop >> 1 | u64::from(next_stops) << 63)
}

/// The operations on blocks of 64 bytes that a backend supplies, so that
/// the extractor's scan is written once ([`generic`](super::generic)), as
/// memchr's `arch/generic` asks its vectors for loads, comparisons and
/// masks. A backend's value proves its processor features; its methods
/// are `#[inline(always)]` and the generic functions are inlined into the
/// backend's entry, compiled with those features.
#[cfg(feature = "alloc")]
pub(crate) trait Block64: Copy {
    /// 64 bytes in registers.
    type V: Copy;
    /// A lane or a bit per byte of a block.
    type M: Copy;
    /// Bytes counted over blocks (line breaks), in lanes that
    /// [`drain`](Self::drain) sums.
    type Tally: Copy;
    /// The most blocks a tally may take before it is drained.
    const TALLY_BLOCKS: usize;

    fn load(self, c: &[u8; 64]) -> Self::V;
    /// The bytes equal to `x`.
    fn eq(self, v: Self::V, x: u8) -> Self::M;
    fn or(self, a: Self::M, b: Self::M) -> Self::M;
    fn any(self, m: Self::M) -> bool;
    /// Bit `k` for byte `k`.
    fn bits(self, m: Self::M) -> u64;
    /// How many bytes are marked.
    fn count(self, m: Self::M) -> u32;
    /// The bits of the bytes outside URIs ([`outside_uris`]), at least of
    /// those after an `x` byte (`xs`: their bits; `c`: the block's bytes).
    fn stops(self, v: Self::V, c: &[u8; 64], xs: u64) -> u64;
    /// The bits of the bytes beyond ASCII.
    fn high(self, v: Self::V) -> u64;
    /// Blocks ORed together (so that one test tells whether any held a
    /// byte beyond ASCII).
    fn or_v(self, a: Self::V, b: Self::V) -> Self::V;
    fn zero(self) -> Self::V;
    fn tally(self) -> Self::Tally;
    fn add(self, t: Self::Tally, m: Self::M) -> Self::Tally;
    fn drain(self, t: Self::Tally) -> usize;
}

/// The mask operations of a [`Block64`] whose masks are already a bit a
/// byte (`type M = u64`, `type Tally = usize`): the portable blocks and
/// AVX-512's.
#[cfg(feature = "alloc")]
macro_rules! bit_masks {
    () => {
        #[inline(always)]
        fn or(self, a: u64, b: u64) -> u64 {
            a | b
        }

        #[inline(always)]
        fn any(self, m: u64) -> bool {
            m != 0
        }

        #[inline(always)]
        fn bits(self, m: u64) -> u64 {
            m
        }

        #[inline(always)]
        fn count(self, m: u64) -> u32 {
            m.count_ones()
        }

        #[inline(always)]
        fn tally(self) -> usize {
            0
        }

        #[inline(always)]
        fn add(self, t: usize, m: u64) -> usize {
            t + m.count_ones() as usize
        }

        #[inline(always)]
        fn drain(self, t: usize) -> usize {
            t
        }
    };
}
#[cfg(feature = "alloc")]
pub(crate) use bit_masks;

/// Whether `c` is an ASCII byte that no URI holds (controls, space, `"`,
/// `<`, `>`, `\\`, `^`, `` ` ``, `{`, `|`, `}`, DEL: the complement of RFC
/// 3986's characters below 0x80): a colon that one follows is no
/// scheme's.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) const fn outside_uris(c: u8) -> bool {
    c < 0x80 && !crate::grammar::rfc3986::URI_CHAR.allows(c)
}

/// The bytes of the block `c` that follow an `x` byte and that `stops`
/// takes (bit `k` for `c[k]`): a loop over the few `x` bytes, for the
/// classifiers without a byte shuffle.
#[cfg(feature = "alloc")]
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
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TextMarks {
    pub(crate) pct: u64,
    pub(crate) upper: u64,
    pub(crate) slash: u64,
    pub(crate) dot: u64,
}

#[cfg(feature = "alloc")]
impl TextMarks {
    /// Adds the masks of a window of the text (`%`, capitals, `/`, `.`)
    /// that begins at byte `at` (overlapping windows agree).
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
#[cfg(feature = "alloc")]
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
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RefMarks {
    pub(crate) head: TextMarks,
    pub(crate) tail: TextMarks,
    pub(crate) off: usize,
}

#[cfg(feature = "alloc")]
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
