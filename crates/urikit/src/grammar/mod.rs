//! The grammars as data: character sets and the facts that describe each
//! document's syntax, written once and read by the parsers (`parse`), the
//! encoders (`pct`) and the transforms. Nothing here reads text.
//!
//! - [`Table`]: a set of bytes, plus whether `pct-encoded` is allowed, with
//!   the forms the scanner classifies sixteen or thirty-two bytes at a time
//!   derived from it at compile time.
//! - [`rfc3986`]: RFC 3986 Appendix A (the default grammar).
//! - One file per older document (2396bis, RFC 2396, the 1996 draft, RFC
//!   1738), each a [`Grammar`]: its tables and the places where it
//!   disagrees with the others, each with its section.
//!
//! May use: `dialect`, `error` (nothing else).

/// A set of bytes, plus whether `pct-encoded` triplets are allowed, and
/// the same set as arithmetic on sixteen bytes at once, for the tables the
/// parser scans long runs with.
#[derive(Clone, Copy)]
pub(crate) struct Table {
    set: [bool; 256],
    pct: bool,
    ucs: Ucs,
    lanes: Lanes,
    nibbles: Nibbles,
}

/// Which characters beyond ASCII a table allows (RFC 3987 section 2.2):
/// none (every URI table), `ucschar`, or `ucschar` and `iprivate` (the
/// IRI query). The set of bytes says nothing of them: a character beyond
/// ASCII is checked whole, by the scanner, against [`rfc3987`]'s ranges.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Ucs {
    /// No character beyond ASCII.
    None,
    /// `ucschar`.
    Chars,
    /// `ucschar / iprivate`.
    CharsAndPrivate,
}

impl Ucs {
    /// What either allows (the union's).
    const fn wider(a: Ucs, b: Ucs) -> Ucs {
        if (a as u8) < (b as u8) {
            b
        } else {
            a
        }
    }

    /// What both allow (the intersection's).
    const fn narrower(a: Ucs, b: Ucs) -> Ucs {
        if (a as u8) < (b as u8) {
            a
        } else {
            b
        }
    }
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

    /// The bytes that are not [plain](rfc3987::is_plain_ucs_byte) bytes
    /// beyond ASCII: a window of an IRI component refuses what its table
    /// refuses and this.
    // Read only by the AVX2 windows (parse::simd).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) const NOT_PLAIN_UCS: Nibbles = Nibbles::of(&rfc3987::PLAIN_UCS);

    /// The ASCII bytes no URI holds ([`URI_CHAR`](rfc3986::URI_CHAR)'s
    /// complement below 0x80: controls, space, `"`, `<`, `>`, `\\`, `^`,
    /// `` ` ``, `{`, `|`, `}`, DEL): a colon that one of these follows is
    /// no scheme's, and the extractor's marks leave it out.
    // Read only by the extractor's AVX2 and AVX-512 marks (parse::simd).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) const NOT_URI_ASCII: Nibbles = Nibbles::of(&{
        let mut set = rfc3986::URI_CHAR.set;
        let mut b = 0x80;
        while b < 256 {
            set[b] = true;
            b += 1;
        }
        set
    });

    /// Tables that refuse every byte, for tables scanned a byte at a time.
    const NONE: Nibbles = Nibbles {
        lo: [1; 16],
        hi: [1; 16],
    };

    /// Whether the tables refuse `x` (what the shuffle computes per byte).
    #[cfg(test)]
    pub(crate) fn refuses(&self, x: u8) -> bool {
        self.lo[usize::from(x & 15)] & self.hi[usize::from(x >> 4)] != 0
    }
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
            ucs: Ucs::None,
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
            ucs: Ucs::None,
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
            ucs: Ucs::wider(self.ucs, other.ucs),
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The intersection of two tables: the bytes both allow (and
    /// `pct-encoded` when both allow it).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
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
            ucs: Ucs::narrower(self.ucs, other.ucs),
            lanes: Lanes::None,
            nibbles: Nibbles::NONE,
        }
    }

    /// The same table, also allowing `pct-encoded`.
    pub(crate) const fn or_pct(self) -> Table {
        Table { pct: true, ..self }
    }

    /// The same table (the same bytes, scanned the same way), also
    /// allowing the characters beyond ASCII that `ucs` names.
    pub(crate) const fn or_ucs(self, ucs: Ucs) -> Table {
        Table { ucs, ..self }
    }

    /// The same table, scanned sixteen bytes at a time with `lanes`, which
    /// must describe the same set (the tests check).
    pub(crate) const fn with_lanes(self, lanes: Lanes) -> Table {
        Table {
            lanes,
            nibbles: Nibbles::of(&self.set),
            ..self
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

    /// Which characters beyond ASCII are allowed.
    #[inline(always)]
    pub(crate) const fn ucs(&self) -> Ucs {
        self.ucs
    }

    /// The arithmetic form of the set, if it has one.
    #[inline(always)]
    pub(crate) const fn lanes(&self) -> Lanes {
        self.lanes
    }
}

/// A table's set written as comparisons, which the compiler turns into
/// vector instructions (no lookups, which it cannot): see
/// `parse::scan::Classify::refused16`. Each is proven equal to its table over all 256
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

pub(crate) mod rfc1738;
pub(crate) mod rfc2396;
pub(crate) mod rfc2396bis;
pub(crate) mod rfc3986;
pub(crate) mod rfc3987;
#[cfg(feature = "alloc")]
pub(crate) mod rfc6570;
pub(crate) mod url1996;

use crate::dialect::Dialect;
use rfc3986::UNRESERVED;

/// How the user information of an authority is written.
#[derive(Clone, Copy)]
pub(crate) enum Userinfo {
    /// `userinfo` as one run of characters (RFC 2396, 2396bis).
    Combined(Table),
    /// `user [ ":" password ]`, each made of these characters (RFC 1738 and
    /// the 1996 draft).
    UserPassword(Table),
}

/// How hosts are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hosts {
    /// `hostname | hostnumber`: labels of letters, digits and `-`, the last
    /// starting with a letter; or four `1*digit` (RFC 1738 section 5, the
    /// 1996 draft Appendix A).
    Classic,
    /// As `Classic`, with a trailing `.` allowed (RFC 2396 section 3.2.2).
    ClassicTrailingDot,
    /// `IPv6reference / IPv4address / hostname` with `dec-octet` and labels
    /// of at most 63 characters (2396bis section 3.2.2).
    Bis,
}

/// One document's grammar, as the shared validator needs it.
pub(crate) struct Grammar {
    /// The first character of a scheme, then the others.
    pub(crate) scheme_first: Table,
    pub(crate) scheme_rest: Table,
    /// Whether relative references exist in this document.
    pub(crate) relative: bool,
    /// Characters of path segments (with `;` parameters), `/` included.
    pub(crate) path: Table,
    /// Characters of a path after `scheme:` that does not begin with `/`
    /// (an opaque part), and of the query that follows it.
    pub(crate) opaque: Table,
    /// Whether `scheme:` may be followed by nothing (or only a query).
    pub(crate) empty_after_scheme: bool,
    /// Whether the first segment of a relative path may hold a `:`.
    pub(crate) colon_in_first_segment: bool,
    /// Whether a relative reference's query may follow its authority
    /// directly (`//h?q`), with no path between.
    pub(crate) query_after_authority: bool,
    pub(crate) query: Table,
    pub(crate) fragment: Table,
    pub(crate) userinfo: Userinfo,
    pub(crate) hosts: Hosts,
    /// `reg_name`, the other reading of an authority, if the document has it.
    pub(crate) reg_name: Option<Table>,
    /// Whether a `:` must be followed by at least one digit.
    pub(crate) port_needs_digits: bool,
    /// The unreserved characters: those that mean the same encoded or not
    /// (each document's section 2.3), which normalization may decode.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) unreserved: Table,
}

/// The grammar of a dialect other than RFC 3986 and RFC 3987 (whose
/// grammar is RFC 3986's with other sets).
pub(crate) fn grammar(d: Dialect) -> Option<&'static Grammar> {
    match d {
        Dialect::Rfc3986 | Dialect::Rfc3987 => None,
        Dialect::Rfc2396bis => Some(&rfc2396bis::GRAMMAR),
        Dialect::Rfc2396 => Some(&rfc2396::GRAMMAR),
        Dialect::Url1996 => Some(&url1996::GRAMMAR),
        Dialect::Rfc1738 => Some(&rfc1738::GRAMMAR),
    }
}

/// The characters normalization may decode under `d`: those unreserved in
/// RFC 3986 (section 2.3) and in `d`'s own document, so that decoding one
/// changes its meaning under neither and the result stays valid under `d`
/// (RFC 1738 calls `~` unsafe, so `%7E` stays encoded there).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) fn decodable(d: Dialect) -> &'static Table {
    const BIS: Table = rfc2396bis::GRAMMAR.unreserved.and(UNRESERVED);
    const R2396: Table = rfc2396::GRAMMAR.unreserved.and(UNRESERVED);
    const URL1996: Table = url1996::GRAMMAR.unreserved.and(UNRESERVED);
    const R1738: Table = rfc1738::GRAMMAR.unreserved.and(UNRESERVED);
    match d {
        // Only ASCII is decoded: a percent-encoded `ucschar` is left to the
        // mapping of RFC 3987 section 3.2, which decides what may be shown.
        Dialect::Rfc3986 | Dialect::Rfc3987 => &UNRESERVED,
        Dialect::Rfc2396bis => &BIS,
        Dialect::Rfc2396 => &R2396,
        Dialect::Url1996 => &URL1996,
        Dialect::Rfc1738 => &R1738,
    }
}

#[cfg(test)]
mod tests {
    use super::rfc3986::*;
    use super::*;

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

    /// The extractor's nibble tables refuse exactly the ASCII bytes
    /// outside every URI (RFC 3986 Appendix A): the controls, space, DEL
    /// and the nine printable characters neither reserved nor unreserved.
    #[test]
    fn not_uri_ascii_is_the_bytes_outside_uris() {
        let outside = b"\"<>\\^`{|}";
        for c in 0..=255u8 {
            let want = c < 0x21 || c == 0x7F || outside.contains(&c);
            assert_eq!(Nibbles::NOT_URI_ASCII.refuses(c), want, "0x{c:02X}");
            assert_eq!(rfc3986::outside_uris(c), want, "0x{c:02X}");
        }
    }
}
