//! The extractor's scan, written once over the block operations each
//! backend supplies ([`Block64`]): the marks of a block, and the walk from
//! the cursor's block to the next one with a candidate, counting the line
//! breaks and noting the bytes beyond ASCII of the blocks passed over.
//!
//! Two blocks a step while neither holds an `x` byte: one comparison a
//! block and, counting lines, one more and a tally. A pair that holds one
//! has its blocks' candidates worked out (the bytes after each `x`
//! looked up), and a block without any (its colons all followed by bytes
//! no URI holds: "Note: ", `":"`) is passed over in the same call.
//!
//! May use: `arch::kernel`.

use super::kernel::{candidates, outside_uris, padded, Block64, Cursor, Marks};

/// The [`Marks`] of the block `v` (whose bytes are `c`; `next`: the byte
/// after it, 0 past the text's end), whose `x` bytes are `xs`; without
/// `LINES`, only its candidates.
#[inline(always)]
fn marks_of<K: Block64, const LINES: bool>(
    k: K,
    v: K::V,
    c: &[u8; 64],
    xs: u64,
    next: u8,
    z: u8,
) -> Marks {
    let candidates = candidates(xs, k.stops(v, c, xs), outside_uris(next));
    if !LINES {
        return Marks {
            candidates,
            ..Marks::default()
        };
    }
    let zs = k.eq(v, z);
    Marks {
        candidates,
        third: k.bits(zs),
        thirds: k.count(zs),
        high: k.high(v),
    }
}

/// The [`Marks`] of the 64 bytes `c` (`next`: the byte after them, 0 past
/// the text's end): its candidates `x`, and its bytes `z`.
#[inline(always)]
pub(crate) fn marks<K: Block64>(k: K, c: &[u8; 64], next: u8, x: u8, z: u8) -> Marks {
    let v = k.load(c);
    let xs = k.bits(k.eq(v, x));
    marks_of::<K, true>(k, v, c, xs, next, z)
}

/// Moves the cursor from its block to the next one with a candidate, or to
/// the text's last block (its bytes after the text's end taken as zeros),
/// counting in the line breaks (`z`) and the bytes beyond ASCII of the
/// blocks between. Without `LINES`, neither is counted or noted: the
/// cursor stops at the same block with the same candidates.
#[inline(always)]
pub(crate) fn advance<K: Block64, const LINES: bool>(k: K, c: &mut Cursor, b: &[u8], x: u8, z: u8) {
    c.leave();
    let from = c.block + 64;
    let mut at = from;
    let (mut tally, mut held, mut lines) = (k.tally(), 0, 0);
    let mut high = k.zero();
    let found = 'scan: loop {
        // A pair of blocks and the byte after them.
        let Some(w) = b.get(at..).and_then(|r| r.first_chunk::<129>()) else {
            break None;
        };
        let blocks = [block(w, 0), block(w, 64)];
        let v = blocks.map(|c| k.load(c));
        let hits = [k.eq(v[0], x), k.eq(v[1], x)];
        if k.any(k.or(hits[0], hits[1])) {
            for j in 0..2 {
                let xs = k.bits(hits[j]);
                let m = marks_of::<K, LINES>(k, v[j], blocks[j], xs, w[64 + 64 * j], z);
                if m.candidates != 0 {
                    break 'scan Some(m);
                }
                if LINES {
                    lines += m.thirds as usize;
                    high = k.or_v(high, v[j]);
                }
                at += 64;
            }
        } else {
            if LINES {
                tally = k.add(k.add(tally, k.eq(v[0], z)), k.eq(v[1], z));
                high = k.or_v(high, k.or_v(v[0], v[1]));
                held += 2;
            }
            at += 128;
        }
        if LINES && held + 2 > K::TALLY_BLOCKS {
            lines += k.drain(tally);
            (tally, held) = (k.tally(), 0);
        }
    };
    if LINES {
        lines += k.drain(tally);
        c.lines += lines;
        if lines > 0 {
            c.unplaced = Some((from, at));
        }
        if k.high(high) != 0 {
            c.ascii_from = c.ascii_from.max(at);
        }
    }
    if let Some(m) = found {
        c.enter(at, m);
        return;
    }
    // The last blocks, fewer than 129 bytes: a block at a time, its bytes
    // after the text's end taken as zeros, up to the first that is not
    // whole (a whole last block is passed over for the empty one after it).
    let last = |at: usize| {
        let c = padded(b, at);
        let v = k.load(&c);
        let xs = k.bits(k.eq(v, x));
        marks_of::<K, true>(k, v, &c, xs, b.get(at + 64).copied().unwrap_or(0), z)
    };
    c.enter(at, last(at));
    while c.triggers == 0 && c.block + 64 <= b.len() {
        c.step(last);
    }
}

/// The block of `w` at `at` (0 or 64).
#[inline(always)]
fn block(w: &[u8; 129], at: usize) -> &[u8; 64] {
    match w[at..].first_chunk::<64>() {
        Some(c) => c,
        None => unreachable!("129 bytes hold two blocks"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::kernel::{outside_uris, padded, Cursor, Marks};
    use super::super::portable::Portable;
    use alloc::vec::Vec;

    /// A scan of the extractor's bytes (colons and line feeds).
    pub(crate) type Advance = fn(&mut Cursor, &[u8]);

    /// The portable marks of a block (the reference): its colons and
    /// line feeds.
    fn portable_marks(c: &[u8; 64], next: u8) -> Marks {
        super::marks(Portable, c, next, b':', b'\n')
    }

    /// The 64 bytes of `b` at `at`.
    fn chunk64(b: &[u8], at: usize) -> &[u8; 64] {
        b[at..].first_chunk::<64>().unwrap()
    }

    /// The plain walk and the portable scan, with the lines and without.
    #[test]
    fn the_portable_scan_agrees_with_the_plain_walk() {
        fn walk(c: &mut Cursor, b: &[u8]) {
            c.advance_by_blocks(b.len(), |at| {
                let next = b.get(at + 64).copied().unwrap_or(0);
                portable_marks(&padded(b, at), next)
            })
        }
        reads_every_byte_after_a_colon("walk", walk);
        let scan: Advance = |c, b| super::advance::<Portable, true>(Portable, c, b, b':', b'\n');
        let fast: Advance = |c, b| super::advance::<Portable, false>(Portable, c, b, b':', b'\n');
        reads_every_byte_after_a_colon("portable", scan);
        advance_agrees("portable", scan, true);
        advance_agrees("portable", fast, false);
    }

    /// Every byte value after a colon, inside a block and across the end
    /// of one: the cursor stops at the colon's block exactly when the
    /// byte is no ASCII byte that URIs never hold (`outside_uris`), and
    /// otherwise goes on to the next candidate.
    pub(crate) fn reads_every_byte_after_a_colon(name: &str, advance: Advance) {
        {
            for colon in [100, 127, 191, 255] {
                for v in 0..=255u8 {
                    let mut b = [b'a'; 64 * 6];
                    b[colon] = b':';
                    b[colon + 1] = v;
                    // A candidate later, which the scan reaches after a
                    // colon that is none.
                    b[300] = b':';
                    let mut c = Cursor::new(portable_marks(chunk64(&b, 0), b[64]));
                    advance(&mut c, &b);
                    let stop = match outside_uris(v) {
                        true => 256,
                        false => colon / 64 * 64,
                    };
                    let case = (name, colon, v);
                    assert_eq!((c.block, c.triggers != 0), (stop, true), "{case:?}");
                }
            }
        }
    }

    /// The cursor moves from its block to the first later block with a
    /// candidate, or to the first that is not whole, and counts the line
    /// breaks before it, across more blocks than one byte lane can count;
    /// a colon that an ASCII byte no URI holds (a space, a line break,
    /// `"`) or the end follows is no candidate. It stops where the plain
    /// walk, a block at a time, stops, knowing the same (without the lines
    /// counted, only where it stops and the candidates there).
    pub(crate) fn advance_agrees(name: &str, advance: Advance, lines: bool) {
        for blocks in [1usize, 2, 3, 4, 127, 128, 129, 255, 256, 257, 300, 600] {
            for tail in [0usize, 1, 63] {
                for hit in [None, Some(64), Some(blocks * 64 - 1)] {
                    for (candidate, after) in [
                        (b':', b'a'),
                        (b'<', b' '),
                        (b':', b' '),
                        (b':', b'"'),
                        (b':', 0xC3),
                    ] {
                        for ends_word in [None, Some(65), Some(blocks * 64 / 2)] {
                            let mut b: Vec<u8> = (0..blocks * 64 + tail)
                                .map(|i| if i % 3 == 0 { b'\n' } else { b'a' })
                                .collect();
                            // A colon that ends a word, and one at the end.
                            if let Some(w) = ends_word.filter(|&w| w + 1 < b.len()) {
                                b[w] = b':';
                                b[w + 1] = b' ';
                            }
                            if tail == 0 && hit.is_none() {
                                *b.last_mut().unwrap() = b':';
                            }
                            let mut real = None;
                            if let Some(h) = hit.filter(|&h| (64..b.len()).contains(&h)) {
                                b[h] = candidate;
                                if let Some(c) = b.get_mut(h + 1) {
                                    *c = after;
                                }
                                let next = b.get(h + 1).copied().unwrap_or(0);
                                if candidate == b':' && !outside_uris(next) {
                                    real = Some(h);
                                }
                            }
                            let stop = match real.filter(|&h| h < blocks * 64) {
                                Some(h) => h / 64 * 64,
                                None => blocks * 64,
                            };
                            let case = (name, blocks, tail, hit, candidate, after, ends_word);
                            // The extractor moves on from a block that is
                            // not the last.
                            if b.len() <= 64 {
                                continue;
                            }
                            let marks_in = |b: &[u8], at: usize| {
                                let mut c = [0; 64];
                                let rest = &b[at.min(b.len())..];
                                let n = rest.len().min(64);
                                c[..n].copy_from_slice(&rest[..n]);
                                let next = b.get(at + 64).copied().unwrap_or(0);
                                portable_marks(&c, next)
                            };
                            let marks = |at: usize| marks_in(&b, at);
                            let mut want = Cursor::new(marks(0));
                            want.advance_by_blocks(b.len(), marks);
                            let mut got = Cursor::new(marks(0));
                            advance(&mut got, &b);
                            assert_eq!(got.block, stop, "{case:?}");
                            if !lines {
                                let (w, g) = (&want, &got);
                                if real.is_some() || tail > 0 {
                                    assert_eq!(
                                        (w.block, w.marks.candidates, w.triggers),
                                        (g.block, g.marks.candidates, g.triggers),
                                        "{case:?}"
                                    );
                                } else {
                                    assert_eq!((g.triggers, w.triggers), (0, 0), "{case:?}");
                                }
                                continue;
                            }
                            let breaks = b[..stop].iter().filter(|&&c| c == b'\n').count();
                            assert_eq!(got.lines, breaks, "{case:?}");
                            if real.is_some() || tail > 0 {
                                assert_eq!(
                                    (want.block, want.marks, want.triggers, want.lines),
                                    (got.block, got.marks, got.triggers, got.lines),
                                    "{case:?}"
                                );
                            } else {
                                // Both at the end: the portable way stops
                                // in the last block, this one after it.
                                assert_eq!((got.triggers, want.triggers), (0, 0), "{case:?}");
                                assert_eq!(want.block + 64, got.block, "{case:?}");
                                assert_eq!(want.lines + want.marks.thirds as usize, got.lines);
                                continue;
                            }
                            // The last line break before the block is
                            // placed, or its blocks are named.
                            let last = b[..stop].iter().rposition(|&c| c == b'\n');
                            assert_eq!(want.line_start, last.map_or(0, |p| p + 1), "{case:?}");
                            match got.unplaced {
                                Some((from, to)) => {
                                    assert!(from <= last.unwrap() && last.unwrap() < to);
                                    assert!(got.line_start <= from, "{case:?}");
                                }
                                None => assert_eq!(got.line_start, want.line_start),
                            }
                            assert_eq!(got.ascii_from, 0, "{case:?}");
                            // A byte beyond ASCII before the block moves
                            // where the text is ASCII from past it.
                            let mut c = b.clone();
                            c[stop - 1] = 0xC3;
                            let mut high = Cursor::new(marks_in(&c, 0));
                            advance(&mut high, &c);
                            assert!(high.ascii_from >= stop, "{case:?}");
                        }
                    }
                }
            }
        }
    }
}
