//! Searches of byte strings that the transforms run on every reference
//! (whether a path holds a `%` or a `/.`, where its last `/` is), written
//! on words and sixteen-byte chunks so that short inputs cost no call. A
//! leaf: it knows nothing of URIs, nor of processors (`arch` chooses where
//! a vector search pays).
//!
//! May use: `work`.

/// Sixteen bytes that include every byte of `b` (1 to 16 bytes long), read
/// without copying into a padded buffer (a `memset` and a `memcpy` call):
/// from 8 bytes on, the first eight and the last eight; from 4, the first
/// four and the last four, twice; below, the first, middle and last byte,
/// repeated. Bytes may appear twice.
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
#[inline(always)]
pub(crate) fn any_byte(b: &[u8], pred: impl Fn(u8) -> bool) -> bool {
    any_chunk(
        b,
        #[inline(always)]
        |c| c.iter().fold(false, |a, &x| a | pred(x)),
    )
}

/// Whether any byte of `b` is below `below` or one of `equal`, sixteen
/// bytes at a time: one comparison of the sixteen per byte value, so that
/// each is one vector instruction.
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

pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
pub(crate) const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The high bit of each byte of `t` that is zero, exactly: the low seven
/// bits are added without a carry out of the byte, so no byte borrows from
/// its neighbour.
#[inline(always)]
pub(crate) const fn zero_bytes(t: u64) -> u64 {
    !(((t & LOW7) + LOW7) | t) & !LOW7
}

/// Whether every byte of `b` is below 0x80: its words' high bits joined,
/// the words at every eighth byte and the last eight (overlapping them),
/// or two overlapping halves of a shorter `b`, with no loop over its
/// bytes (core's `is_ascii` reads the bytes past its last whole word one
/// at a time: 30 instructions of a 15-byte host).
#[cfg(any(feature = "psl", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) fn is_ascii(b: &[u8]) -> bool {
    let word = |c: &[u8; 8]| u64::from_le_bytes(*c);
    let high = match b.last_chunk::<8>() {
        Some(last) => {
            let (words, _) = b.as_chunks::<8>();
            words.iter().fold(word(last), |h, w| h | word(w))
        }
        None => match b.len() {
            n @ 4.. => word4(b, 0).unwrap_or(0) | word4(b, n - 4).unwrap_or(0),
            n @ 2.. => u64::from(b[0] | b[1] | b[n - 2] | b[n - 1]),
            _ => b.first().map_or(0, |&c| u64::from(c)),
        },
    };
    high & !LOW7 == 0
}

/// The high bits of the low `bytes` bytes of a word (`bytes` from 1 to 8).
#[inline(always)]
const fn low_bytes(bytes: usize) -> u64 {
    !LOW7 >> (8 * (8 - bytes))
}

/// The 64-bit word of `b` at `at`, if `b` has eight bytes there.
#[inline(always)]
fn word8(b: &[u8], at: usize) -> Option<u64> {
    let w = b.get(at..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*w))
}

/// The 32-bit word of `b` at `at`, widened, if `b` has four bytes there.
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
#[inline(always)]
pub(crate) fn first_byte(b: &[u8], x: u8) -> Option<usize> {
    first_of(b, [x])
}

/// The offset of the first byte of `b` that is one of `xs`, searched as
/// [`first_byte`] searches: the first 32 bytes a word at a time, the rest
/// with memchr's vector search (one to three of them; more, a byte at a
/// time). Adds the bytes
/// it read to the work count.
#[inline(always)]
pub(crate) fn first_of<const N: usize>(b: &[u8], xs: [u8; N]) -> Option<usize> {
    let hits_in = |w: u64| {
        xs.iter()
            .fold(0, |hits, &x| hits | zero_bytes(w ^ (ONES * u64::from(x))))
    };
    let mut i = 0;
    while i < 32 {
        let Some(w) = word8(b, i) else {
            // Fewer than eight bytes left.
            let hit = b[i..].iter().position(|c| xs.contains(c)).map(|k| i + k);
            crate::work::add(hit.map_or(b.len(), |h| h + 1));
            return hit;
        };
        let hits = hits_in(w);
        if hits != 0 {
            let hit = i + hits.trailing_zeros() as usize / 8;
            crate::work::add(hit + 1);
            return Some(hit);
        }
        i += 8;
    }
    let rest = &b[32..];
    let hit = match xs.as_slice() {
        [x] => memchr::memchr(*x, rest),
        [x, y] => memchr::memchr2(*x, *y, rest),
        [x, y, z] => memchr::memchr3(*x, *y, *z, rest),
        _ => rest.iter().position(|c| xs.contains(c)),
    }
    .map(|k| 32 + k);
    crate::work::add(hit.map_or(b.len(), |h| h + 1));
    hit
}

/// The high bit of each byte of `w` that is an ASCII capital, the other
/// bits clear.
#[cfg(any(
    feature = "psl",
    feature = "surt",
    feature = "w3lib",
    feature = "safebrowsing"
))]
#[inline(always)]
pub(crate) const fn capitals(w: u64) -> u64 {
    let seven = w & LOW7;
    // High bit where the low seven bits are at least `A`, and where they
    // are beyond `Z`; a byte with its own high bit set is no capital.
    let from_a = seven + ONES * (0x80 - b'A' as u64);
    let past_z = seven + ONES * (0x80 - b'Z' as u64 - 1);
    from_a & !past_z & !w & !LOW7
}

/// Whether `b` has an ASCII capital: eight bytes a word ([`capitals`],
/// the last word ending where `b` does), four to seven as two words of
/// four, fewer one by one. Its words are read from `b` in registers; the
/// sixteen-byte chunk of a short input that [`any_byte`] gathers was
/// stored in two halves and read back whole, which the processor cannot
/// forward (w3lib's one reading spent 6 % of its time so).
#[cfg(any(feature = "w3lib", feature = "safebrowsing"))]
#[inline]
pub(crate) fn has_capital(b: &[u8]) -> bool {
    let n = b.len();
    let caps = if n >= 8 {
        let mut caps = capitals(word8(b, n - 8).unwrap_or(0));
        let mut at = 0;
        while let Some(w) = word8(b, at).filter(|_| at + 8 < n) {
            caps |= capitals(w);
            at += 8;
        }
        caps
    } else if n >= 4 {
        capitals(word4(b, 0).unwrap_or(0) | word4(b, n - 4).unwrap_or(0) << 32)
    } else {
        return b.iter().any(u8::is_ascii_uppercase);
    };
    caps != 0
}

/// `b`'s ASCII capitals made small letters, sixteen bytes at a time (a
/// comparison and an `or` a vector; the last sixteen overlap the ones
/// before, which lowering twice leaves as they are), eight to fifteen as
/// two overlapping words, fewer a byte at a time. `[u8]`'s own
/// `make_ascii_lowercase` goes a byte at a time.
#[cfg(any(feature = "surt", feature = "psl"))]
#[inline]
pub(crate) fn make_lower(b: &mut [u8]) {
    #[inline(always)]
    fn lower16(c: &mut [u8; 16]) {
        for x in c {
            *x |= u8::from(x.wrapping_sub(b'A') < 26) << 5;
        }
    }
    let n = b.len();
    if n >= 16 {
        let mut i = 0;
        while let Some(c) = b.get_mut(i..).and_then(|r| r.first_chunk_mut::<16>()) {
            lower16(c);
            i += 16;
        }
        if i != n {
            if let Some(c) = b.last_chunk_mut::<16>() {
                lower16(c);
            }
        }
    } else if n >= 8 {
        for at in [0, n - 8] {
            if let Some(c) = b.get_mut(at..).and_then(|r| r.first_chunk_mut::<8>()) {
                let w = u64::from_le_bytes(*c);
                *c = (w | capitals(w) >> 2).to_le_bytes();
            }
        }
    } else {
        b.make_ascii_lowercase();
    }
}

/// The 64 lower-case hex digits of 32 bytes, four bytes at a time: their
/// eight nibbles spread one to a byte of a word, in the order of the
/// digits when the word is stored little end first, and made digits in it
/// (`0` plus the nibble, and 39 more from 10 on, to reach `a`).
#[cfg(feature = "safebrowsing")]
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
pub(crate) fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
    const LOW: u64 = 0x000f_000f_000f_000f;
    let mut out = [0; 64];
    for (to, from) in out.chunks_exact_mut(8).zip(hash.chunks_exact(4)) {
        // Byte k of the four in the low byte of 16-bit lane k.
        let x = u64::from(u32::from_le_bytes([from[0], from[1], from[2], from[3]]));
        let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
        let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
        // Each lane's high nibble first, then its low one.
        let n = (x >> 4) & LOW | (x & LOW) << 8;
        let letters = ((n + 6 * ONES) >> 4) & ONES;
        let digits = n + u64::from(b'0') * ONES + (letters << 5) + (letters << 3) - letters;
        to.copy_from_slice(&digits.to_le_bytes());
    }
    out
}

/// The length of [`dots_capitals`]' copy of a name: 64 bytes, and sixteen
/// more, so that two words read from any place in the name lie within it.
#[cfg(feature = "psl")]
pub(crate) const PADDED: usize = 80;

/// The room a name is copied into for the suffix list's walk: its bytes,
/// then zeros, [`PADDED`] in all.
#[cfg(feature = "psl")]
pub(crate) type Room = [u8; PADDED];

/// The dots of a host name of 1 to 64 bytes (bit `k` set where `b[k]` is
/// `.`), and whether it holds an ASCII capital: a word at every eighth
/// byte and the last eight, each word's dots gathered to a byte of bits
/// by one product. Each word read is written to `copy` where it lies, so
/// that `copy[..n]` is `b` (below eight bytes, a word with zeros after
/// the name: a zero after it stays a zero).
#[cfg(feature = "psl")]
#[inline(always)]
pub(crate) fn dots_capitals(b: &[u8], copy: &mut Room) -> (u64, bool) {
    let n = b.len();
    debug_assert!((1..=64).contains(&n));
    let dots = ONES * u64::from(b'.');
    // Byte `k`'s high bit to bit `k` of the top byte: no two partial
    // products meet, so no carry disturbs another.
    let bits = |w: u64| (zero_bytes(w ^ dots) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let mut put = |p: usize, w: u64| {
        if let Some(to) = copy.get_mut(p..).and_then(<[u8]>::first_chunk_mut::<8>) {
            *to = w.to_le_bytes();
        }
    };
    let Some(last) = n.checked_sub(8) else {
        // Fewer than eight: two overlapping loads, the bytes past `n` are
        // zeros (neither a dot nor a capital).
        let w = if n >= 4 {
            word4(b, 0).unwrap_or(0) | word4(b, n - 4).unwrap_or(0) << (8 * (n - 4))
        } else {
            b.iter().rev().fold(0, |w, &c| w << 8 | u64::from(c))
        };
        put(0, w);
        return (bits(w) & ((1 << n) - 1), capitals(w) != 0);
    };
    let (mut m, mut caps) = (0, 0);
    let mut at = |p: usize| {
        let w = word8(b, p).unwrap_or(0);
        put(p, w);
        m |= bits(w) << p;
        caps |= capitals(w);
    };
    at(0);
    at(last);
    let mut i = 8;
    while i < last {
        at(i);
        i += 8;
    }
    (m, caps != 0)
}

/// A name's copy (`arch::read_name`) in lower case; its zeros stay
/// zeros. Out of line: names are most often written in lower case.
#[cfg(feature = "psl")]
#[cold]
#[inline(never)]
pub(crate) fn lower_room(room: &mut Room) {
    make_lower(room);
}

/// The bits of a mask of [`byte_marks`] below bit `k` (`k` at most 64):
/// the marks of the bytes before place `k`.
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
#[inline(always)]
pub(crate) const fn bits_below(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1 << k) - 1
    }
}

/// Where each byte of `xs` lies in `b` (at most 64 bytes), a word at a
/// time: bit `k` of the `j`-th mask is set where `b[k]` is `xs[j]`. Words
/// at every eighth byte, the last ending where `b` does (a byte read twice
/// sets its bit twice); fewer than eight bytes as one word padded with
/// zeros, whose bits past `b` are cleared.
#[cfg(any(feature = "surt", feature = "w3lib", feature = "safebrowsing"))]
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(urikit_portable)),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn byte_marks<const N: usize>(b: &[u8], xs: [u8; N]) -> [u64; N] {
    let n = b.len();
    debug_assert!(n <= 64);
    // Byte `k`'s high bit to bit `k` of the top byte, as in `dots_capitals`.
    let bits = |w: u64, x: u8| {
        (zero_bytes(w ^ (ONES * u64::from(x))) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
    };
    let mut m = [0u64; N];
    let Some(last) = n.checked_sub(8) else {
        let w = if n >= 4 {
            word4(b, 0).unwrap_or(0) | word4(b, n - 4).unwrap_or(0) << (8 * (n - 4))
        } else {
            b.iter().rev().fold(0, |w, &c| w << 8 | u64::from(c))
        };
        for (mark, &x) in m.iter_mut().zip(&xs) {
            *mark = bits(w, x) & ((1 << n) - 1);
        }
        return m;
    };
    let mut at = |p: usize| {
        let w = word8(b, p).unwrap_or(0);
        for (mark, &x) in m.iter_mut().zip(&xs) {
            *mark |= bits(w, x) << p;
        }
    };
    let mut i = 0;
    while i < last {
        at(i);
        i += 8;
    }
    at(last);
    m
}

/// How many line breaks `b` holds, each of LF, CR LF and a lone CR
/// counted once, where `b` follows a byte that is not CR (HTML's input
/// preprocessing, and most line-counting conventions). Short inputs a word
/// at a time (byte by byte where a word holds a CR), long ones with
/// memchr's vector search for either byte.
#[cfg(feature = "html")]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value at every place of texts of 0 to 40 bytes of ASCII
    /// (and of bytes above 0x7F): [`is_ascii`] answers as core's byte
    /// test, whichever word or half the byte falls in.
    #[cfg(any(feature = "psl", feature = "safebrowsing"))]
    #[test]
    fn is_ascii_reads_every_byte() {
        for n in 0..=40usize {
            for fill in [b'a', 0x7F, 0xC3] {
                let v = alloc::vec![fill; n];
                assert_eq!(is_ascii(&v), v.is_ascii(), "{fill:#x} of {n}");
                for at in 0..n {
                    for c in 0..=255u8 {
                        let mut v = v.clone();
                        v[at] = c;
                        assert_eq!(is_ascii(&v), v.is_ascii(), "{c:#x} at {at} of {n}");
                    }
                }
            }
        }
    }

    /// Every byte value lowered at every place of texts of 0 to 40
    /// bytes, as `make_ascii_lowercase` lowers it.
    #[cfg(feature = "surt")]
    #[test]
    fn make_lower_lowers_as_the_byte_loop() {
        for n in 0..=40usize {
            for c in 0..=255u8 {
                for at in 0..n {
                    let mut v: alloc::vec::Vec<u8> =
                        (0..n).map(|k| b"aZ@[`{0\xff"[k % 8]).collect();
                    v[at] = c;
                    let mut want = v.clone();
                    want.make_ascii_lowercase();
                    make_lower(&mut v);
                    assert_eq!(v, want, "{c:#x} at {at} of {n}");
                }
            }
        }
    }

    /// Every byte value at every place of texts of 0 to 40 bytes, among
    /// bytes that are no capitals and among capitals: this face and the
    /// processor's ([`crate::arch::has_capital`], SSE2 from sixteen bytes
    /// on x86-64).
    #[cfg(feature = "w3lib")]
    #[test]
    fn has_capital_is_the_byte_loop() {
        for n in 0..=40usize {
            for fill in [b'a', b'Z', b'@', b'[', 0xC3] {
                for at in 0..n {
                    for c in 0..=255u8 {
                        let mut v = alloc::vec![fill; n];
                        v[at] = c;
                        let want = v.iter().any(u8::is_ascii_uppercase);
                        assert_eq!(has_capital(&v), want, "{v:?}");
                        assert_eq!(crate::arch::has_capital(&v), want, "{v:?}");
                    }
                }
            }
            assert!(!has_capital(&alloc::vec![b'a'; n]));
            assert!(!crate::arch::has_capital(&alloc::vec![b'a'; n]));
        }
    }

    #[cfg(feature = "psl")]
    #[test]
    fn capitals_are_the_capitals_of_every_byte_in_every_place() {
        for c in 0..=255u8 {
            for place in 0..8 {
                let mut b = [b'x'; 8];
                b[place] = c;
                let want = if c.is_ascii_uppercase() {
                    0x80 << (8 * place)
                } else {
                    0
                };
                assert_eq!(capitals(u64::from_le_bytes(b)), want, "{c:#x} at {place}");
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
    fn first_of_finds_the_first_of_any_anywhere() {
        // Every length to 80, each byte of the set at every place, a later
        // one of the set after it, against the obvious search; with one,
        // two, three and five bytes to look for (the vector search of the
        // rest, and the byte loop past three).
        let set = [b'/', b'?', b'#', b'@', b':'];
        for n in 0..80 {
            for at in 0..=n {
                for &x in &set {
                    let mut b = alloc::vec![b'a'; n];
                    if at < n {
                        b[at] = x;
                        if at + 5 < n {
                            b[at + 5] = b'/';
                        }
                    }
                    let want = |xs: &[u8]| b.iter().position(|c| xs.contains(c));
                    assert_eq!(first_of(&b, [x]), want(&[x]), "{n} {at}");
                    assert_eq!(first_of(&b, [b'?', x]), want(&[b'?', x]), "{n} {at}");
                    assert_eq!(
                        first_of(&b, [b'/', b'?', b'#']),
                        want(&set[..3]),
                        "{n} {at}"
                    );
                    assert_eq!(first_of(&b, set), want(&set), "{n} {at}");
                }
            }
        }
        assert_eq!(first_of("\u{a2}\u{af}#".as_bytes(), [b'/', b'#']), Some(4));
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
}
