//! The line and column of each match, counted once over the text: from
//! the blocks' marks where they tell, else a word (or with the processor's
//! vector count, 64 bytes) at a time.
//!
//! May use: `arch`, `bytes`, and the extractor's types.

use crate::work;

use super::Matches;

pub(super) const ONES: u64 = 0x0101_0101_0101_0101;
pub(super) const TOPS: u64 = 0x8080_8080_8080_8080;

impl<'t> Matches<'t> {
    /// The line and column (in characters, from 1) of byte `at` (at or
    /// after the previous match's): the line from the current block's
    /// marks where `at` is in it, the column counting only the bytes since
    /// the previous match, so that the whole scan counts each byte a
    /// bounded number of times.
    pub(super) fn position(&mut self, at: usize) -> (usize, usize) {
        let b = self.scan.text.as_bytes();
        let scan = &mut self.scan;
        let at = at.max(self.counted);
        // The block's line breaks before `at`, where `at` is in the block.
        let below = match at.checked_sub(scan.at.block) {
            Some(k @ 0..64) => Some(scan.at.marks.third & ((1u64 << k) - 1)),
            _ => None,
        };
        self.line_breaks = match below {
            Some(m) => scan.at.lines + m.count_ones() as usize,
            // Before the block (a scheme begun in an earlier one, or an
            // abbreviated URI found before the next `:`) or past it (white
            // space after a `<`): the breaks since the previous match.
            None => self.line_breaks + scan.classify.count_breaks(b, self.counted, at),
        };
        // The last line break before `at`: the block's last one before it,
        // else the one the blocks before left (placed now if the scan
        // passed it over), else searched for back to the previous match.
        let last = match below {
            Some(m) if m != 0 => Some(scan.at.block + 63 - m.leading_zeros() as usize),
            Some(_) => {
                if let Some((from, to)) = scan.at.unplaced.take() {
                    let p = memchr::memrchr(b'\n', &b[from..to]).map_or(from, |p| from + p);
                    work::add(to - p);
                    scan.at.line_start = p + 1;
                }
                scan.at.line_start.checked_sub(1)
            }
            None => memchr::memrchr(b'\n', &b[self.counted..at]).map(|p| self.counted + p),
        }
        .filter(|&p| p >= self.counted);
        work::add(at - self.counted);
        // Characters from `from` to `at`: bytes, where `at` is in the block,
        // the text before the block is ASCII from `from` on, and the
        // block's marks show no byte beyond ASCII before `at`.
        let chars = |from: usize| match at.checked_sub(scan.at.block) {
            Some(k @ 0..64)
                if from >= scan.at.ascii_from
                    && scan.at.marks.high
                        & ((1u64 << k) - (1u64 << from.saturating_sub(scan.at.block)))
                        == 0 =>
            {
                at - from
            }
            _ => scan.classify.count_chars(b, from, at),
        };
        match last {
            Some(p) => self.column = chars(p + 1),
            None => self.column += chars(self.counted),
        }
        self.counted = at;
        (self.line_breaks + 1, self.column + 1)
    }
}

/// The characters of UTF-8 text: its bytes other than continuation bytes
/// (`10xxxxxx`). Long texts 64 bytes at a time (in vector registers),
/// what is left eight at a time: a continuation byte is one whose top bit
/// is set and whose next bit is not.
pub(super) fn count_chars(b: &[u8], from: usize, to: usize) -> usize {
    let long = from + (to - from) / 64 * 64;
    let continuation = count_words(b, long, to, |w| w & !(w << 1) & TOPS);
    count_bytes(&b[from..long], |c| u8::from((c as i8) >= -0x40)) + (to - long) - continuation
}

/// The bytes of `b[from..to]` (a few words' worth) whose top bit `mark`
/// sets in a word: eight bytes at a time, the bits summed by a
/// multiplication (at most 8, so the top byte holds the sum); the last
/// bytes as the word of `b` that ends with them, the bytes before masked
/// off (or one at a time, at the very start of the text). `mark` must
/// mark a byte by the byte alone. One pass with `mark` inlined (two
/// passes through a `dyn` callback, the second only after a mark, took 85
/// thousand more instructions a pass over the specifications' text).
#[inline(always)]
pub(super) fn count_words(b: &[u8], from: usize, to: usize, mark: impl Fn(u64) -> u64) -> usize {
    let word = |at: usize| {
        let w = &b[at..at + 8];
        u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]])
    };
    let sum = |bits: u64| (((bits & TOPS) >> 7).wrapping_mul(ONES) >> 56) as usize;
    let mut n = 0;
    let mut i = from;
    while i + 8 <= to {
        n += sum(mark(word(i)));
        i += 8;
    }
    n + match to - i {
        0 => 0,
        rest if to >= 8 => sum(mark(word(to - 8)) & (!0 << (8 * (8 - rest)))),
        _ => b[i..to]
            .iter()
            .map(|&c| sum(mark(u64::from(c)) & 0x80))
            .sum(),
    }
}

/// The bytes of `s` that `is` (0 or 1, branch-free) counts, 64 at a time
/// into a byte-sized sum, which the compiler keeps in vector registers
/// (a line can be the whole text).
#[inline(always)]
pub(super) fn count_bytes(s: &[u8], is: impl Fn(u8) -> u8) -> usize {
    let mut chunks = s.chunks_exact(64);
    let mut n = 0;
    for c in &mut chunks {
        // At most 64: the sum fits a byte.
        n += usize::from(c.iter().fold(0u8, |a, &x| a.wrapping_add(is(x))));
    }
    n + chunks
        .remainder()
        .iter()
        .map(|&x| usize::from(is(x)))
        .sum::<usize>()
}
