//! The grammars as data: character sets and the facts that describe each
//! document's syntax, written once and read by the parsers (`parse`), the
//! encoders (`pct`) and the transforms. Nothing here reads text.
//!
//! - [`Table`]: a set of bytes, plus whether `pct-encoded` is allowed; the
//!   tables the parser scans many bytes at a time are named ([`Scanned`]),
//!   and each classifier of `arch` derives its own form of their sets
//!   from them at compile time. The set is written once.
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
    /// Which scanned table this is (`None`: scanned a byte at a time).
    scan: Option<Scanned>,
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

/// The tables the parser scans long stretches of, many bytes at a time:
/// each backend of `arch` derives its form of their sets from them at
/// compile time (comparisons, or nibble tables for a byte shuffle), and a
/// table says which it is ([`Table::scan`]). An IRI table has its URI
/// table's bytes and the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scanned {
    /// `reg-name`.
    RegName,
    /// `reg-name` and `:` (the authority before its `@` is known).
    Authority,
    /// A path: `pchar` and `/`.
    Path,
    /// `query` and `fragment`.
    Query,
    /// A domain the URL Standard's host parser keeps as it is.
    WhatwgHost,
    /// A special URL's path bytes that its parser keeps.
    WhatwgPath,
    /// A special URL's query bytes that its parser keeps.
    WhatwgQuery,
    /// A fragment's bytes that its parser keeps.
    WhatwgFragment,
}

impl Scanned {
    /// How many there are.
    pub(crate) const COUNT: usize = 8;

    /// The table of each, in the order of the variants.
    pub(crate) const TABLES: [&'static Table; Scanned::COUNT] = [
        &rfc3986::REG_NAME,
        &rfc3986::AUTHORITY,
        &rfc3986::PATH,
        &rfc3986::QUERY,
        &whatwg::KEPT_HOST,
        &whatwg::KEPT_PATH_UNDOTTED,
        &whatwg::KEPT_QUERY,
        &whatwg::KEPT_FRAGMENT,
    ];
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
            scan: None,
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
            scan: None,
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
            scan: None,
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
            scan: None,
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

    /// The same table, scanned many bytes at a time as `id` (whose
    /// [`TABLES`](Scanned::TABLES) entry it must be; the tests check).
    pub(crate) const fn scanned(self, id: Scanned) -> Table {
        Table {
            scan: Some(id),
            ..self
        }
    }

    /// Which scanned table this is, if it is one.
    #[inline(always)]
    pub(crate) const fn scan(&self) -> Option<Scanned> {
        self.scan
    }

    /// Whether the table is [scanned](Self::scanned) many bytes at a time.
    #[inline(always)]
    pub(crate) const fn is_scanned(&self) -> bool {
        self.scan.is_some()
    }

    /// The set: whether each byte is allowed literally.
    #[inline(always)]
    pub(crate) const fn set(&self) -> &[bool; 256] {
        &self.set
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
}

pub(crate) mod rfc1738;
pub(crate) mod rfc2396;
pub(crate) mod rfc2396bis;
pub(crate) mod rfc3986;
pub(crate) mod rfc3987;
#[cfg(feature = "alloc")]
pub(crate) mod rfc6570;
pub(crate) mod url1996;
pub(crate) mod whatwg;

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
        Dialect::Rfc3986 | Dialect::Rfc3987 | Dialect::Whatwg => None,
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
        Dialect::Rfc3986 | Dialect::Rfc3987 | Dialect::Whatwg => &UNRESERVED,
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

    /// Each scanned table is its name's entry, the IRI tables too.
    #[test]
    fn scanned_tables_are_their_names() {
        use super::rfc3987::{IAUTHORITY, IPATH, IQUERY, IREG_NAME};
        for (t, i) in [
            (&REG_NAME, &IREG_NAME),
            (&AUTHORITY, &IAUTHORITY),
            (&PATH, &IPATH),
            (&QUERY, &IQUERY),
        ] {
            let id = t.scan().expect("scanned");
            assert_eq!(i.scan(), Some(id));
            assert_eq!(Scanned::TABLES[id as usize].set, t.set);
            assert_eq!(i.set, t.set);
        }
    }
}
