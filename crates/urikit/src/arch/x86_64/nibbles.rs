//! The character sets in the form a byte shuffle (`pshufb`) looks up
//! sixteen bytes at once, for the AVX2 and AVX-512 backends: derived at
//! compile time from the sets `grammar` writes once.
//!
//! May use: `grammar`.

use crate::grammar::{rfc3987, Scanned};

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
    pub(crate) const fn of(set: &[bool; 256]) -> Nibbles {
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
    pub(crate) const NOT_PLAIN_UCS: Nibbles = Nibbles::of(&rfc3987::PLAIN_UCS);

    /// The refused bytes of each scanned table (indexed by [`Scanned`]).
    pub(crate) const TABLES: [Nibbles; Scanned::COUNT] = {
        let mut n = [Nibbles::NONE; Scanned::COUNT];
        let mut i = 0;
        while i < Scanned::COUNT {
            n[i] = Nibbles::of(Scanned::TABLES[i].set());
            i += 1;
        }
        n
    };

    /// The ASCII bytes no URI holds ([`URI_CHAR`](crate::grammar::rfc3986::URI_CHAR)'s
    /// complement below 0x80: controls, space, `"`, `<`, `>`, `\\`, `^`,
    /// `` ` ``, `{`, `|`, `}`, DEL): a colon that one of these follows is
    /// no scheme's, and the extractor's marks leave it out.
    #[cfg(feature = "alloc")]
    pub(crate) const NOT_URI_ASCII: Nibbles = Nibbles::of(&{
        let mut set = *crate::grammar::rfc3986::URI_CHAR.set();
        let mut b = 0x80;
        while b < 256 {
            set[b] = true;
            b += 1;
        }
        set
    });

    /// Tables that refuse every byte (a placeholder).
    const NONE: Nibbles = Nibbles {
        lo: [1; 16],
        hi: [1; 16],
    };

    /// Whether the tables refuse `x` (what the shuffle computes per byte).
    #[cfg(test)]
    pub(crate) const fn refuses(&self, x: u8) -> bool {
        self.lo[(x & 15) as usize] & self.hi[(x >> 4) as usize] != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rfc3986::*;

    /// The nibble form works for any set with at most eight distinct rows,
    /// not only for the ones the parser scans.
    #[test]
    fn nibbles_reproduce_every_table() {
        for t in [
            ALPHA, DIGIT, HEXDIG, UNRESERVED, SUB_DELIMS, SCHEME, PCHAR, URI_CHAR,
        ] {
            let n = Nibbles::of(t.set());
            for c in 0..=255u8 {
                assert_eq!(n.refuses(c), !t.allows(c), "0x{c:02X}");
            }
        }
        for (k, t) in Scanned::TABLES.iter().enumerate() {
            for c in 0..=255u8 {
                assert_eq!(Nibbles::TABLES[k].refuses(c), !t.allows(c), "0x{c:02X}");
            }
        }
    }

    /// The extractor's nibble tables refuse exactly the ASCII bytes
    /// outside every URI (RFC 3986 Appendix A): the controls, space, DEL
    /// and the nine printable characters neither reserved nor unreserved.
    #[cfg(feature = "alloc")]
    #[test]
    fn not_uri_ascii_is_the_bytes_outside_uris() {
        let outside = b"\"<>\\^`{|}";
        for c in 0..=255u8 {
            let want = c < 0x21 || c == 0x7F || outside.contains(&c);
            assert_eq!(Nibbles::NOT_URI_ASCII.refuses(c), want, "0x{c:02X}");
            assert_eq!(crate::arch::kernel::outside_uris(c), want, "0x{c:02X}");
        }
    }
}
