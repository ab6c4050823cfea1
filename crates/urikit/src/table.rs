//! Character classes of RFC 3986 Appendix A as 256-entry tables built at
//! compile time.
//!
//! Each table is written the way the ABNF reads: a list of the literal
//! characters a rule names, combined with `or`. A table may also allow
//! `pct-encoded` (`"%" HEXDIG HEXDIG`), which the scanner checks separately
//! because it spans three bytes.
//!
//! Every table is checked over all 256 byte values against predicates written
//! straight from the ABNF, in the tests at the bottom of this file.

/// A set of bytes, plus whether `pct-encoded` triplets are allowed, and
/// the same set as arithmetic on sixteen bytes at once, for the tables the
/// parser scans long runs with.
#[derive(Clone, Copy)]
pub(crate) struct Table {
    set: [bool; 256],
    pct: bool,
    lanes: Lanes,
    nibbles: Nibbles,
}

/// A set of bytes as two sixteen-entry tables, one indexed by a byte's low
/// four bits and one by its high four: the byte is refused when the two
/// entries share a bit. That is the form a byte shuffle (`pshufb`) looks up
/// sixteen bytes at once with. Each bit stands for the high nibbles whose
/// refused low nibbles are the same, so a set needs at most eight distinct
/// such rows ([`Nibbles::of`] fails to compile otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Nibbles {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
}

impl Nibbles {
    /// The nibble tables of the bytes `set` does not allow.
    const fn of(set: &[bool; 256]) -> Nibbles {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        // rows[k]: the refused low nibbles of the k-th distinct row.
        let mut rows = [0u16; 8];
        let mut used = 0;
        let mut h = 0;
        while h < 16 {
            let mut row = 0u16;
            let mut l = 0;
            while l < 16 {
                if !set[h * 16 + l] {
                    row |= 1 << l;
                }
                l += 1;
            }
            if row != 0 {
                let mut k = 0;
                while k < used && rows[k] != row {
                    k += 1;
                }
                if k == used {
                    assert!(used < 8, "more than eight distinct rows");
                    rows[k] = row;
                    used += 1;
                    let mut l = 0;
                    while l < 16 {
                        if row & (1 << l) != 0 {
                            lo[l] |= 1 << k;
                        }
                        l += 1;
                    }
                }
                hi[h] |= 1 << k;
            }
            h += 1;
        }
        Nibbles { lo, hi }
    }

    /// Tables that refuse every byte, for tables scanned a byte at a time.
    const NONE: Nibbles = Nibbles {
        lo: [1; 16],
        hi: [1; 16],
    };

    /// Whether the tables refuse `x` (what the shuffle computes per byte).
    #[cfg(test)]
    fn refuses(&self, x: u8) -> bool {
        self.lo[usize::from(x & 15)] & self.hi[usize::from(x >> 4)] != 0
    }
}

/// How the parser classifies sixteen bytes at a time: [`Baseline`] on every
/// target, and on x86-64 processors that have it, AVX2 (`simd::Avx2`).
pub(crate) trait Classify: Copy {
    /// A mask of the bytes of `c` that `t` does not allow literally (bit `k`
    /// for `c[k]`). Only for tables with lanes.
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32;

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
        two_chunks::<16>(b, i, |c| u64::from(self.refused16(t, c)))
    }
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
    let at = |p: usize| {
        b.get(p..)
            .and_then(|r| r.first_chunk::<W>())
            .map_or(0, &refused)
    };
    let (x, y) = (i.min(last), (i + W).min(last));
    // The second chunk starts y - i bytes into the window, or, near the end
    // of `b`, i - y bytes before it: one of the shifts is by 0.
    (at(x) >> (i - x)) | ((at(y) << y.saturating_sub(i)) >> i.saturating_sub(y))
}

/// The classifier every target has: SSE2 intrinsics on x86-64 (the `simd`
/// module), elsewhere comparisons the compiler vectorizes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Baseline;

impl Classify for Baseline {
    #[inline(always)]
    fn refused16(self, t: &Table, c: &[u8; 16]) -> u32 {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        return crate::simd::sse2_refused16(t.lanes, c);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        return refused16_portable(t.lanes, c);
    }
}

/// A table's set written as comparisons, which the compiler turns into
/// vector instructions (no lookups, which it cannot): see
/// [`Classify::refused16`]. Each is proven equal to its table over all 256
/// bytes in the tests below.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Lanes {
    /// No arithmetic form: the table is scanned a byte at a time.
    None,
    /// `query` and `fragment`.
    Query,
    /// A path: `pchar` and `/`.
    Path,
    /// `reg-name` and `:` (the authority before its `@` is known).
    Authority,
    /// `reg-name`.
    RegName,
}

impl Table {
    /// The set of the given literal bytes.
    pub(crate) const fn new(chars: &[u8]) -> Table {
        let mut set = [false; 256];
        let mut i = 0;
        while i < chars.len() {
            set[chars[i] as usize] = true;
            i += 1;
        }
        Table {
            set,
            pct: false,
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The inclusive range `lo..=hi`, as ABNF's `%xLO-HI`.
    pub(crate) const fn range(lo: u8, hi: u8) -> Table {
        let mut set = [false; 256];
        let mut c = lo as usize;
        while c <= hi as usize {
            set[c] = true;
            c += 1;
        }
        Table {
            set,
            pct: false,
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The union of two tables (ABNF alternation `/`).
    pub(crate) const fn or(self, other: Table) -> Table {
        let mut set = self.set;
        let mut i = 0;
        while i < 256 {
            set[i] = set[i] || other.set[i];
            i += 1;
        }
        Table {
            set,
            pct: self.pct || other.pct,
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The intersection of two tables: the bytes both allow (and
    /// `pct-encoded` when both allow it).
    pub(crate) const fn and(self, other: Table) -> Table {
        let mut set = self.set;
        let mut i = 0;
        while i < 256 {
            set[i] = set[i] && other.set[i];
            i += 1;
        }
        Table {
            set,
            pct: self.pct && other.pct,
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The same table, also allowing `pct-encoded`.
    pub(crate) const fn or_pct(self) -> Table {
        Table {
            set: self.set,
            pct: true,
            lanes: self.lanes,
            nibbles: self.nibbles,
        }
    }

    /// The same table, scanned sixteen bytes at a time with `lanes`, which
    /// must describe the same set (the tests check).
    pub(crate) const fn with_lanes(self, lanes: Lanes) -> Table {
        Table {
            set: self.set,
            pct: self.pct,
            lanes,
            nibbles: Nibbles::of(&self.set),
        }
    }

    /// Whether [`Classify::refused16`] can be used.
    #[inline(always)]
    pub(crate) fn has_lanes(&self) -> bool {
        self.lanes != Lanes::None
    }

    /// The nibble form of the set, for [`Classify`] implementations that
    /// look bytes up with a shuffle.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) const fn nibbles(&self) -> &Nibbles {
        &self.nibbles
    }

    /// Whether the byte is allowed literally.
    #[inline(always)]
    pub(crate) const fn allows(&self, b: u8) -> bool {
        self.set[b as usize]
    }

    /// Whether `pct-encoded` is allowed.
    #[inline(always)]
    pub(crate) const fn allows_pct(&self) -> bool {
        self.pct
    }
}

// RFC 3986 section 2 and Appendix A, and RFC 5234 Appendix B.1 for the core
// rules ALPHA, DIGIT and HEXDIG.

/// `ALPHA = %x41-5A / %x61-7A`
pub(crate) const ALPHA: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));
/// `DIGIT = %x30-39`
pub(crate) const DIGIT: Table = Table::range(b'0', b'9');
/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (ABNF strings are
/// case-insensitive, RFC 5234 section 2.3, so lower case is included).
pub(crate) const HEXDIG: Table = DIGIT.or(Table::new(b"ABCDEFabcdef"));
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(crate) const UNRESERVED: Table = ALPHA.or(DIGIT).or(Table::new(b"-._~"));
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
pub(crate) const GEN_DELIMS: Table = Table::new(b":/?#[]@");
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(crate) const SUB_DELIMS: Table = Table::new(b"!$&'()*+,;=");
/// Every byte that may appear literally somewhere in a URI:
/// `reserved / unreserved` plus `%`.
pub(crate) const URI_CHAR: Table = UNRESERVED
    .or(GEN_DELIMS)
    .or(SUB_DELIMS)
    .or(Table::new(b"%"));

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the bytes after the first.
pub(crate) const SCHEME: Table = ALPHA.or(DIGIT).or(Table::new(b"+-."));
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (the parser
/// scans userinfo and `host ":" port` together, so only encoding uses it).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const USERINFO: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":")).or_pct();
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub(crate) const REG_NAME: Table = UNRESERVED
    .or(SUB_DELIMS)
    .or_pct()
    .with_lanes(Lanes::RegName);
/// What the parser scans an authority with before it knows whether it holds
/// a userinfo: `reg-name` and `":"`, which together cover `userinfo` and
/// `host ":" port` without brackets.
pub(crate) const AUTHORITY: Table = REG_NAME.or(Table::new(b":")).with_lanes(Lanes::Authority);
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub(crate) const PCHAR: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":@")).or_pct();
/// A path: `pchar` and the `"/"` between segments.
pub(crate) const PATH: Table = PCHAR.or(Table::new(b"/")).with_lanes(Lanes::Path);
/// `query = *( pchar / "/" / "?" )`
pub(crate) const QUERY: Table = PCHAR.or(Table::new(b"/?")).with_lanes(Lanes::Query);
/// `fragment = *( pchar / "/" / "?" )`
pub(crate) const FRAGMENT: Table = QUERY;
/// A query parameter's key or value as `QueryParams` writes it: the
/// `query` characters except `&` and `=`, which delimit the pairs, and `+`,
/// which a form reads as a space (the pairs are the HTML form convention,
/// not RFC 3986's: section 3.4 gives the query no structure).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const QUERY_PARAM: Table = UNRESERVED.or(Table::new(b"!$'()*,;:@/?")).or_pct();
/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
pub(crate) const IPVFUTURE: Table = UNRESERVED.or(SUB_DELIMS).or(Table::new(b":"));

/// [`Classify::refused16`] without intrinsics: each lane is a few comparisons,
/// which compile to SSE2 or NEON instructions, and the 0-or-1 bytes are
/// gathered into bits by a multiplication.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn refused16_portable(lanes: Lanes, c: &[u8; 16]) -> u32 {
    let mut f = [0u8; 16];
    for k in 0..16 {
        f[k] = u8::from(refused_lane(lanes, c[k]));
    }
    // Byte j of x (0 or 1) lands on bit 56 + j of x * MAGIC.
    const MAGIC: u64 = 0x0102_0408_1020_4080;
    let [lo, hi] = [&f[..8], &f[8..]].map(|h| {
        let x = u64::from_le_bytes(h.try_into().unwrap_or_default());
        (x.wrapping_mul(MAGIC) >> 56) as u32
    });
    lo | hi << 8
}

/// Whether `x` is refused by the tables that have `lanes`. Every test is
/// computed (`|`, not `||`) so that sixteen lanes run in step.
#[inline(always)]
const fn refused_lane(lanes: Lanes, x: u8) -> bool {
    // Refused by every component: controls, space, DEL and non-ASCII, and
    // `"` `#` `%` (which only starts a triplet) `<` `>` `[` `\` `]` `^` `` ` ``
    // `{` `|` `}`.
    let any = (x.wrapping_sub(0x21) >= 0x5E)
        | (x.wrapping_sub(b'"') < 2)
        | (x == b'%')
        | (x == b'<')
        | (x == b'>')
        | (x.wrapping_sub(b'[') < 4)
        | (x == b'`')
        | (x.wrapping_sub(b'{') < 3);
    match lanes {
        Lanes::Query => any,
        Lanes::Path => any | (x == b'?'),
        Lanes::Authority => any | (x == b'/') | (x == b'?') | (x == b'@'),
        Lanes::RegName => any | (x == b'/') | (x == b'?') | (x == b'@') | (x == b':'),
        Lanes::None => true,
    }
}

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

/// Whether any byte of `b` satisfies `pred`, sixteen bytes at a time. The
/// predicate should be branch-free arithmetic (comparisons joined with `|`
/// and `&`), which the compiler turns into vector instructions. Inputs
/// shorter than sixteen bytes go through [`gather16`].
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn any_byte(b: &[u8], pred: impl Fn(u8) -> bool) -> bool {
    crate::work::add(b.len());
    let any16 = |c: &[u8; 16]| c.iter().fold(false, |a, &x| a | pred(x));
    let n = b.len();
    if n < 16 {
        return gather16(b).is_some_and(|c| any16(&c));
    }
    let mut chunks = b.chunks_exact(16);
    // The last sixteen bytes cover the remainder (some twice).
    let last = b[n - 16..].first_chunk::<16>().is_some_and(any16);
    chunks.any(|c| c.first_chunk::<16>().is_some_and(any16)) || last
}

/// Whether some byte of `b` is `y` and the byte before it is `x`, sixteen
/// pairs at a time.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn any_pair(b: &[u8], x: u8, y: u8) -> bool {
    crate::work::add(b.len());
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
    match b.len() {
        0 | 1 => false,
        // Short inputs as words: each byte beside the next within a word.
        2..=16 => any_pair_short(b, x, y),
        n => {
            // Pairs starting at 0, 16, 32, ..., then the last sixteen pairs.
            (0..n - 16).step_by(16).any(|i| pairs(&b[i..])) || pairs(&b[n - 17..])
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
const fn zero_bytes(t: u64) -> u64 {
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

/// [`any_pair`] for 2 to 16 bytes, on words (no loop, no copy): in a word
/// `w`, the pairs are its bytes beside those of `w >> 8`, and a pair
/// matches where both differ from `x` and `y` in no bit. The word's top
/// byte has no partner within it and is left out; words at the start, the
/// middle and the end (or, below 8 bytes, 32-bit words at the start and
/// the end) hold every pair.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
fn any_pair_short(b: &[u8], x: u8, y: u8) -> bool {
    let (xs, ys) = (ONES * u64::from(x), ONES * u64::from(y));
    let pairs = |w: Option<u64>, bytes: usize| {
        w.is_some_and(|w| zero_bytes((w ^ xs) | ((w >> 8) ^ ys)) & low_bytes(bytes - 1) != 0)
    };
    match b.len() {
        n @ 8..=16 => [0, (n - 8) / 2, n - 8]
            .iter()
            .any(|&at| pairs(word8(b, at), 8)),
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

/// Decodes one hexadecimal digit.
#[inline(always)]
pub(crate) const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Whether `b[i]` and `b[i + 1]` are both `HEXDIG`.
#[inline(always)]
pub(crate) fn hex2_at(b: &[u8], i: usize) -> bool {
    matches!(b.get(i..i + 2), Some(&[h, l]) if HEXDIG.allows(h) && HEXDIG.allows(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Predicates written from the ABNF, independently of the tables above.
    fn alpha(c: u8) -> bool {
        c.is_ascii_uppercase() || c.is_ascii_lowercase()
    }
    fn digit(c: u8) -> bool {
        (0x30..=0x39).contains(&c)
    }
    fn unreserved(c: u8) -> bool {
        alpha(c) || digit(c) || b"-._~".contains(&c)
    }
    fn sub_delims(c: u8) -> bool {
        matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        )
    }
    fn gen_delims(c: u8) -> bool {
        matches!(c, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
    }
    fn pchar(c: u8) -> bool {
        unreserved(c) || sub_delims(c) || c == b':' || c == b'@'
    }

    fn check(name: &str, t: &Table, pct: bool, oracle: fn(u8) -> bool) {
        for c in 0..=255u8 {
            assert_eq!(
                t.allows(c),
                oracle(c),
                "table {name} disagrees with the ABNF at byte 0x{c:02X}"
            );
        }
        assert_eq!(t.allows_pct(), pct, "table {name}: pct-encoded allowed");
        // `%` itself is never allowed literally: it only starts pct-encoded.
        assert!(!t.allows(b'%'), "table {name} allows a literal %");
    }

    #[test]
    fn every_table_matches_the_abnf_over_all_256_bytes() {
        check("ALPHA", &ALPHA, false, alpha);
        check("DIGIT", &DIGIT, false, digit);
        check("HEXDIG", &HEXDIG, false, |c| c.is_ascii_hexdigit());
        check("unreserved", &UNRESERVED, false, unreserved);
        check("gen-delims", &GEN_DELIMS, false, gen_delims);
        check("sub-delims", &SUB_DELIMS, false, sub_delims);
        check("scheme", &SCHEME, false, |c| {
            alpha(c) || digit(c) || c == b'+' || c == b'-' || c == b'.'
        });
        check("userinfo", &USERINFO, true, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("reg-name", &REG_NAME, true, |c| {
            unreserved(c) || sub_delims(c)
        });
        check("pchar", &PCHAR, true, pchar);
        check("authority scan", &AUTHORITY, true, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("path", &PATH, true, |c| pchar(c) || c == b'/');
        check("query", &QUERY, true, |c| {
            pchar(c) || c == b'/' || c == b'?'
        });
        check("fragment", &FRAGMENT, true, |c| {
            pchar(c) || c == b'/' || c == b'?'
        });
        check("IPvFuture", &IPVFUTURE, false, |c| {
            unreserved(c) || sub_delims(c) || c == b':'
        });
        check("query parameter", &QUERY_PARAM, true, |c| {
            (pchar(c) || c == b'/' || c == b'?') && !matches!(c, b'&' | b'=' | b'+')
        });
    }

    #[test]
    fn uri_char_is_reserved_unreserved_and_percent() {
        for c in 0..=255u8 {
            let expected = unreserved(c) || gen_delims(c) || sub_delims(c) || c == b'%';
            assert_eq!(URI_CHAR.allows(c), expected, "byte 0x{c:02X}");
        }
    }

    #[test]
    fn hex_val_decodes_every_hexdig_and_nothing_else() {
        for c in 0..=255u8 {
            let expected = (c as char).to_digit(16).map(|d| d as u8);
            assert_eq!(hex_val(c), expected, "byte 0x{c:02X}");
        }
    }

    type Refused16 = fn(&Table, &[u8; 16]) -> u32;

    /// Every classifier this machine can run, by name: the baseline, the
    /// portable form (which x86-64 does not otherwise use), and AVX2 where
    /// the processor has it.
    fn classifiers() -> alloc::vec::Vec<(&'static str, Refused16)> {
        #[allow(unused_mut)]
        let mut v: alloc::vec::Vec<(&'static str, Refused16)> = alloc::vec![
            ("baseline", |t, c| Baseline.refused16(t, c)),
            ("portable", |t, c| refused16_portable(t.lanes, c)),
        ];
        #[cfg(target_arch = "x86_64")]
        if crate::simd::Avx2::detect().is_some() {
            v.push(("avx2", |t, c| {
                crate::simd::Avx2::detect().map_or(0, |k| k.refused16(t, c))
            }));
        }
        v
    }

    #[test]
    fn lanes_agree_with_their_tables_over_all_256_bytes_in_every_lane() {
        for (name, t) in [
            ("reg-name", &REG_NAME),
            ("authority scan", &AUTHORITY),
            ("path", &PATH),
            ("query", &QUERY),
            ("fragment", &FRAGMENT),
        ] {
            assert!(t.has_lanes(), "{name}");
            for c in 0..=255u8 {
                assert_eq!(t.nibbles().refuses(c), !t.allows(c), "{name}: 0x{c:02X}");
            }
            for (how, refused16) in classifiers() {
                for c in 0..=255u8 {
                    for k in 0..16 {
                        // `a` is allowed by every one of these tables.
                        let mut chunk = [b'a'; 16];
                        chunk[k] = c;
                        let want = if t.allows(c) { 0 } else { 1 << k };
                        assert_eq!(
                            refused16(t, &chunk),
                            want,
                            "{how} {name}: 0x{c:02X} in lane {k}"
                        );
                    }
                }
                assert_eq!(refused16(t, &[0; 16]), 0xFFFF, "{how} {name}");
            }
        }
    }

    /// The nibble form works for any set with at most eight distinct rows,
    /// not only for the ones the parser scans.
    #[test]
    fn nibbles_reproduce_every_table() {
        for t in [
            ALPHA, DIGIT, HEXDIG, UNRESERVED, SUB_DELIMS, SCHEME, PCHAR, URI_CHAR,
        ] {
            let n = Nibbles::of(&t.set);
            for c in 0..=255u8 {
                assert_eq!(n.refuses(c), !t.allows(c), "0x{c:02X}");
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
    fn any_pair_agrees_with_a_byte_loop_for_zero_bytes_too() {
        let naive = |v: &[u8], x: u8, y: u8| v.windows(2).any(|w| w == [x, y]);
        for (x, y) in [(b'/', b'.'), (0, 0), (b'.', 0), (0, b'.')] {
            for n in 0..20 {
                for at in 0..n {
                    for put in [x, y] {
                        let mut v = alloc::vec![b'a'; n];
                        v[at] = put;
                        if at + 1 < n {
                            v[at + 1] = if put == x { y } else { b'a' };
                        }
                        assert_eq!(any_pair(&v, x, y), naive(&v, x, y), "{x} {y} {n} {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn any_pair_looks_at_every_pair() {
        for n in 0..40 {
            let mut v = alloc::vec![b'a'; n];
            assert!(!any_pair(&v, b'/', b'.'), "{n}");
            for at in 0..n.saturating_sub(1) {
                v[at] = b'/';
                assert!(!any_pair(&v, b'/', b'.'), "{n} {at}");
                v[at + 1] = b'.';
                assert!(any_pair(&v, b'/', b'.'), "{n} {at}");
                v[at] = b'.';
                v[at + 1] = b'/';
                assert!(!any_pair(&v, b'/', b'.'), "{n} {at}");
                v[at] = b'a';
                v[at + 1] = b'a';
            }
        }
    }

    #[test]
    fn hex2_at_needs_two_hex_digits() {
        assert!(hex2_at(b"%41", 1));
        assert!(hex2_at(b"%aF", 1));
        assert!(!hex2_at(b"%4", 1));
        assert!(!hex2_at(b"%G1", 1));
        assert!(!hex2_at(b"%", 1));
    }
}
