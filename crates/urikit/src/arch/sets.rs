//! The character sets in the form the comparison backends read (SSE2 and
//! the portable one): runs of consecutive byte values, derived at compile
//! time from the sets `grammar` writes once.
//!
//! May use: `grammar`.

use crate::grammar::{rfc3987, Scanned};

/// A set of bytes as at most [`Runs::MAX`] runs of consecutive values
/// (a run may wrap from 0xFF to 0x00, so that the controls below a space
/// and the bytes from DEL up are one): the form a classifier without a
/// byte shuffle tests sixteen bytes against, one subtraction and one
/// unsigned comparison a run. Derived from the set at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    pub(crate) n: usize,
    /// Each run's first byte, and how far its last byte is from it.
    pub(crate) first: [u8; Runs::MAX],
    pub(crate) span: [u8; Runs::MAX],
}

impl Runs {
    /// The most runs a set may take: the refused bytes of the URL Standard's
    /// path scan (`grammar::whatwg::KEPT_PATH_UNDOTTED`) take eleven.
    pub(crate) const MAX: usize = 11;

    /// No run (a placeholder).
    const NONE: Runs = Runs {
        n: 0,
        first: [0; Runs::MAX],
        span: [0; Runs::MAX],
    };

    /// The runs of the bytes in `set`; `None` when they take more than
    /// [`Runs::MAX`] (or `set` holds every byte, which needs no test).
    pub(crate) const fn of(set: &[bool; 256]) -> Option<Runs> {
        // Start after a byte outside the set, so that no run is cut in two.
        let mut out = 0;
        while out < 256 && set[out] {
            out += 1;
        }
        if out == 256 {
            return None;
        }
        let mut runs = Runs {
            n: 0,
            first: [0; Runs::MAX],
            span: [0; Runs::MAX],
        };
        let mut k = 1;
        while k <= 256 {
            let b = (out + k) % 256;
            if set[b] {
                let prev = (b + 255) % 256;
                if set[prev] && k > 1 {
                    runs.span[runs.n - 1] += 1;
                } else {
                    if runs.n == Runs::MAX {
                        return None;
                    }
                    runs.first[runs.n] = b as u8;
                    runs.n += 1;
                }
            }
            k += 1;
        }
        Some(runs)
    }

    /// The runs of the bytes `set` does not hold.
    pub(crate) const fn refused(set: &[bool; 256]) -> Option<Runs> {
        let mut not = [false; 256];
        let mut b = 0;
        while b < 256 {
            not[b] = !set[b];
            b += 1;
        }
        Runs::of(&not)
    }
}

/// The refused bytes of each scanned table, as runs (indexed by
/// [`Scanned`]).
pub(crate) const RUNS: [Runs; Scanned::COUNT] = {
    let mut runs = [Runs::NONE; Scanned::COUNT];
    let mut i = 0;
    while i < Scanned::COUNT {
        runs[i] = match Runs::refused(Scanned::TABLES[i].set()) {
            Some(r) => r,
            None => panic!("a scanned table's refused bytes take too many runs"),
        };
        i += 1;
    }
    runs
};

/// The plain bytes beyond ASCII ([`is_plain_ucs_byte`](rfc3987::is_plain_ucs_byte)),
/// which an IRI component lets through whatever its table says, as runs.
pub(crate) const PLAIN_UCS: Runs = match Runs::of(&rfc3987::PLAIN_UCS) {
    Some(r) => r,
    None => panic!("the plain bytes beyond ASCII take too many runs"),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rfc3986::*;

    /// What a classifier computes per byte: `x - first` (mod 256) at most
    /// `span`, for some run.
    fn contains(r: &Runs, x: u8) -> bool {
        (0..r.n).any(|k| x.wrapping_sub(r.first[k]) <= r.span[k])
    }

    /// The runs of a set hold exactly its bytes, wrapped runs included,
    /// for every table and for sets made to take the most runs.
    #[test]
    fn runs_hold_exactly_their_sets() {
        let mut sets: alloc::vec::Vec<[bool; 256]> = [
            ALPHA, DIGIT, HEXDIG, UNRESERVED, SUB_DELIMS, SCHEME, PCHAR, URI_CHAR, REG_NAME,
            AUTHORITY, PATH, QUERY,
        ]
        .iter()
        .flat_map(|t| {
            let not = t.set().map(|b| !b);
            [*t.set(), not]
        })
        .collect();
        // Ten single bytes, and two runs around the wrap.
        let mut ten = [false; 256];
        for k in 0..10 {
            ten[k * 20 + 5] = true;
        }
        let mut wrap = [false; 256];
        for b in [0xFE, 0xFF, 0, 1, 0x40] {
            wrap[b] = true;
        }
        sets.push(ten);
        sets.push(wrap);
        sets.push(rfc3987::PLAIN_UCS);
        for set in &sets {
            let runs = Runs::of(set).expect("Runs::MAX runs at most");
            for c in 0..=255u8 {
                assert_eq!(contains(&runs, c), set[usize::from(c)], "0x{c:02X}");
            }
        }
        assert_eq!(Runs::of(&wrap).map(|r| r.n), Some(2));
        let mut eleven = ten;
        eleven[250] = true;
        assert_eq!(Runs::of(&eleven).map(|r| r.n), Some(Runs::MAX));
        let mut twelve = eleven;
        twelve[252] = true;
        assert_eq!(Runs::of(&twelve), None);
        assert_eq!(Runs::of(&[true; 256]), None);
        // The scanned tables: their refused bytes, as the classifiers read
        // them.
        for (k, t) in Scanned::TABLES.iter().enumerate() {
            for c in 0..=255u8 {
                assert_eq!(contains(&RUNS[k], c), !t.allows(c), "0x{c:02X}");
            }
        }
    }
}
