//! The Public Suffix List (publicsuffix.org): the public suffix and the
//! registrable domain of a host name, by the ICANN section alone or with
//! the private section too ([`View`]).
//!
//! The list compiled in ([`List::builtin`], its version [`VERSION`]) is
//! read by the build script from `data/public_suffix_list.dat`; a list of
//! one's own is read at run time with [`List::parse`], so that a
//! deployment can pin or update it without a new release.
//!
//! The table is a trie of labels kept in one open-addressing hash table,
//! keyed by the parent node and the label: a name is looked up from its
//! last label leftwards, one probe a label, and the walk ends at the first
//! label no rule goes through (for most names the second). Labels are
//! compared without ASCII case; a rule with labels beyond ASCII is stored
//! in its Unicode form and in its `xn--` form, so a name matches in
//! either.
//!
//! ```
//! use urikit::psl::{List, View};
//! let list = List::builtin();
//! assert_eq!(list.registrable_domain("www.example.co.uk", View::All), Some("example.co.uk"));
//! assert_eq!(list.public_suffix("a.b.github.io", View::All), Some("github.io"));
//! assert_eq!(list.public_suffix("a.b.github.io", View::Icann), Some("io"));
//! assert_eq!(list.registrable_domain("a.b.github.io", View::Icann), Some("github.io"));
//! ```

pub(crate) mod rules;

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use self::rules::{Lookup, Place, Table};
use crate::bytes::Room;

mod builtin {
    use crate::psl::rules::Slot;
    include!(concat!(env!("OUT_DIR"), "/psl_table.rs"));
}

/// The version of the list compiled in: its `// VERSION:` line, the time
/// publicsuffix.org published it (`2026-10-22_08-36-41_UTC`).
///
/// ```
/// assert!(urikit::psl::VERSION.starts_with("20"));
/// ```
pub const VERSION: &str = builtin::VERSION;

/// Which of the list's sections a lookup reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// The ICANN section alone: the suffixes registries delegate (`co.uk`,
    /// `io`), as Common Crawl's `url_host_registry_suffix` and
    /// tldextract's default read them.
    Icann,
    /// Both sections: the private section's suffixes too (`github.io`,
    /// `blogspot.com`), as browsers read the list for cookies and sites.
    All,
}

impl View {
    /// The flag bits of the rules this view reads.
    #[inline(always)]
    const fn mask(self) -> u8 {
        match self {
            View::Icann => rules::ICANN_RULE | rules::ICANN_WILD | rules::ICANN_EXCEPT,
            View::All => 0x3f,
        }
    }

    /// The view's name: `icann` or `all`.
    ///
    /// ```
    /// assert_eq!(urikit::psl::View::Icann.name(), "icann");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            View::Icann => "icann",
            View::All => "all",
        }
    }
}

/// A Public Suffix List, compiled in or read at run time.
#[derive(Clone)]
pub struct List {
    /// The compiled-in table, or one read at run time: one branch a
    /// lookup to tell them apart, rather than one an array.
    table: Option<alloc::sync::Arc<Table>>,
    version: Cow<'static, str>,
    rules: usize,
}

static BUILTIN: List = List {
    table: None,
    version: Cow::Borrowed(builtin::VERSION),
    rules: builtin::RULES,
};

/// The compiled-in table's arrays.
const BUILTIN_LOOKUP: Lookup<'static> = Lookup {
    slots: &builtin::SLOTS,
    filter: &builtin::FILTER,
    pairs: &builtin::PAIRS,
    wild: &builtin::WILD,
    long: &builtin::LONG,
    labels: builtin::LABELS.as_bytes(),
};

impl fmt::Debug for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("List")
            .field("version", &self.version())
            .field("rules", &self.rules)
            .finish()
    }
}

/// Why a list's text was refused: the line (from 1; 0 for the text as a
/// whole) and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    line: usize,
    message: String,
}

impl ListError {
    /// The stable code of the error: `invalid-suffix-list`.
    ///
    /// ```
    /// let e = urikit::psl::List::parse("").unwrap_err();
    /// assert_eq!(e.code(), "invalid-suffix-list");
    /// ```
    pub fn code(&self) -> &'static str {
        "invalid-suffix-list"
    }

    /// The line at fault, counted from 1; 0 when the text as a whole is
    /// (empty, or too long).
    ///
    /// ```
    /// let e = urikit::psl::List::parse("com\n*x.com\n").unwrap_err();
    /// assert_eq!(e.line(), 2);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// What is wrong, as a sentence.
    ///
    /// ```
    /// let e = urikit::psl::List::parse("a..b\n").unwrap_err();
    /// assert!(e.message().contains("empty label"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ListError {}

/// Where a name's public suffix and registrable domain begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The offset of the public suffix.
    pub suffix: usize,
    /// The offset of the registrable domain, `None` when the name is
    /// itself a public suffix.
    pub domain: Option<usize>,
}

impl List {
    /// The list compiled in, version [`VERSION`].
    ///
    /// ```
    /// let list = urikit::psl::List::builtin();
    /// assert_eq!(list.version(), urikit::psl::VERSION);
    /// assert!(list.rules() > 9000);
    /// ```
    pub fn builtin() -> &'static List {
        &BUILTIN
    }

    /// A list read from its text, in the format of publicsuffix.org's
    /// `public_suffix_list.dat`.
    ///
    /// # Errors
    ///
    /// [`ListError`] naming the first line that is not a rule (an empty
    /// label, a misplaced `*`, a one-label exception, a label over 63
    /// octets or that UTS #46 refuses), a text with no rule, or a text over
    /// 64 MiB.
    ///
    /// ```
    /// use urikit::psl::{List, View};
    /// let list = List::parse("// ===BEGIN ICANN DOMAINS===\nexample\n*.zone.example\n!www.zone.example\n")?;
    /// assert_eq!(list.registrable_domain("a.b.zone.example", View::All), Some("a.b.zone.example"));
    /// assert_eq!(list.registrable_domain("a.www.zone.example", View::All), Some("www.zone.example"));
    /// # Ok::<(), urikit::psl::ListError>(())
    /// ```
    pub fn parse(text: &str) -> Result<List, ListError> {
        let table = rules::compile(text, &to_ascii).map_err(|r| ListError {
            line: r.line,
            message: r.why,
        })?;
        Ok(List::from_table(table))
    }

    /// [`parse`](Self::parse) of bytes, which must be UTF-8.
    ///
    /// # Errors
    ///
    /// Those of [`parse`](Self::parse), and the line of the first byte
    /// that is not UTF-8.
    ///
    /// ```
    /// let e = urikit::psl::List::parse_bytes(b"com\nb\xffd\n").unwrap_err();
    /// assert_eq!((e.line(), e.code()), (2, "invalid-suffix-list"));
    /// ```
    pub fn parse_bytes(bytes: &[u8]) -> Result<List, ListError> {
        match core::str::from_utf8(bytes) {
            Ok(text) => List::parse(text),
            Err(e) => {
                let at = e.valid_up_to();
                let line = 1 + bytes[..at].iter().filter(|&&c| c == b'\n').count();
                Err(ListError {
                    line,
                    message: alloc::format!("byte {at} is not UTF-8; the list is UTF-8 text"),
                })
            }
        }
    }

    /// The table's arrays, for a lookup.
    #[inline(always)]
    fn lookup(&self) -> Lookup<'_> {
        match &self.table {
            None => BUILTIN_LOOKUP,
            Some(t) => t.lookup(),
        }
    }

    fn from_table(mut t: Table) -> List {
        let version = core::mem::take(&mut t.version);
        List {
            rules: t.rules,
            table: Some(alloc::sync::Arc::new(t)),
            version: Cow::Owned(version),
        }
    }

    /// The list's version (its `// VERSION:` line), empty when it has
    /// none.
    ///
    /// ```
    /// assert_eq!(urikit::psl::List::parse("com\n").unwrap().version(), "");
    /// ```
    pub fn version(&self) -> &str {
        &self.version
    }

    /// How many rules the list holds.
    ///
    /// ```
    /// assert_eq!(urikit::psl::List::parse("com\nco.uk\n").unwrap().rules(), 2);
    /// ```
    pub fn rules(&self) -> usize {
        self.rules
    }

    /// Where the public suffix and the registrable domain of `name` begin
    /// (publicsuffix.org/list/, "Formal algorithm"): the prevailing rule is
    /// an exception if one matches (its leftmost label removed), else the
    /// matching rule of most labels, else `*` (the last label). Letters
    /// are compared without case; one final dot is allowed and is not part
    /// of the answer's offsets' meaning (`name` is read without it).
    /// `None` for an empty name, an empty label (a leading dot, `..`), or
    /// a name over 253 octets.
    ///
    /// ```
    /// use urikit::psl::{List, Split, View};
    /// let list = List::builtin();
    /// assert_eq!(list.split("www.Example.CO.uk", View::All), Some(Split { suffix: 12, domain: Some(4) }));
    /// assert_eq!(list.split("co.uk", View::All), Some(Split { suffix: 0, domain: None }));
    /// assert_eq!(list.split(".co.uk", View::All), None);
    /// ```
    #[inline]
    pub fn split(&self, name: &str, view: View) -> Option<Split> {
        self.split_bare(bare(name).as_bytes(), view)
    }

    /// [`split`](Self::split) of a name without its final dot
    /// ([`bare`]), the answers' offsets read in it: the callers that
    /// slice the name strip the dot once.
    #[inline(always)]
    fn split_bare(&self, b: &[u8], view: View) -> Option<Split> {
        if b.is_empty() || b.len() > 253 {
            return None;
        }
        if b.len() > 64 {
            if matches!(shape(b), Shape::Empty) {
                return None;
            }
            if b.iter().any(u8::is_ascii_uppercase) {
                return Some(self.split_lowered(b, view));
            }
            return Some(self.walk(&Wide { b }, view));
        }
        if b.len() < 8 && dots(rules::load(b, 0, b.len())) == 0 {
            // A name of one label, shorter than eight octets (`deps`,
            // `test`: 42 % of the datasets' host names, those of a source
            // tree's `file://deps/...` URLs): its own public
            // suffix, as below, known from one word without the copy and
            // its mask (6.8 → 4.5 ns a name on the EPYC of 2026-12-05).
            return Some(Split {
                suffix: 0,
                domain: None,
            });
        }
        // The name is read once: copied in lower case, and its dots found
        // in a mask. Each label's start is the mask's highest bit below
        // its end, and its words are read from the copy. Only the labels
        // the walk reaches are read.
        let n = b.len();
        crate::arch::read_name(b, |room, dots| self.split_narrow(room, n, dots, view))
    }

    /// [`split`](Self::split) of a name of `n` octets (1 to 64) as
    /// [`arch::read_name`](crate::arch::read_name) gives it: its copy in
    /// lower case, and its dots.
    #[inline(always)]
    fn split_narrow(&self, room: &Room, n: usize, dots: u64, view: View) -> Option<Split> {
        if dots & (dots >> 1 | 1 | 1 << (n - 1)) != 0 {
            // A dot first or last, or two in a row.
            return None;
        }
        if dots == 0 {
            // One label: whichever rule matches it (or `*`), the name is
            // its own public suffix, since no rule has fewer than one
            // label and an exception has two or more.
            return Some(Split {
                suffix: 0,
                domain: None,
            });
        }
        Some(match &self.table {
            None => narrow(&BUILTIN_LOOKUP, room, n, dots, view),
            Some(t) => narrow(&t.lookup(), room, n, dots, view),
        })
    }

    /// [`split`](Self::split) of a name `b` longer than 64 octets with
    /// ASCII capitals (no label empty): walked in a lower-case copy, since
    /// the table holds its labels in lower case and compares them exactly.
    #[cold]
    #[inline(never)]
    fn split_lowered(&self, b: &[u8], view: View) -> Split {
        let mut low = [0u8; 253];
        let low = &mut low[..b.len()];
        low.copy_from_slice(b);
        low.make_ascii_lowercase();
        self.walk(&Wide { b: low }, view)
    }

    /// [`walk`] in this list's table: the compiled-in table's walk is a
    /// copy of its own, whose arrays' places and lengths are constants.
    #[inline(always)]
    fn walk(&self, labels: &impl Labels, view: View) -> Split {
        match &self.table {
            None => walk(&BUILTIN_LOOKUP, labels, view),
            Some(t) => walk(&t.lookup(), labels, view),
        }
    }
}

/// [`List::split`] of a name of two labels or more (none empty) of `n`
/// octets (up to 64), read into `room` with its `dots`, in the table `t`:
/// [`quick`]'s answer where it has one, else the walk's.
#[inline(always)]
fn narrow(t: &Lookup<'_>, room: &Room, n: usize, dots: u64, view: View) -> Split {
    match quick(t, room, n, dots) {
        Some(split) => split,
        None => walk(t, &Narrow { buf: room, n, dots }, view),
    }
}

/// The answer of a name of two labels or more, none empty, of `n` octets
/// (up to 64) with `dots`, read into `room` (in lower case, zeros after
/// it), found without the walk for most names: where no rule's last two
/// labels are the name's (no node two labels down is, by
/// [`Table::pairs`]) and no wildcard lies below its last label
/// ([`Table::wild`]), the only rules that can match are of one label, and
/// whichever matches (or the default rule `*`), the public suffix is the
/// last label, in either view, and the registrable domain the last two
/// (publicsuffix.org/list/, "Formal algorithm"). `None` where the filters
/// cannot tell (a node two labels down, a wildcard, one of their false
/// positives, or last two labels longer than [`rules::PAIR_MAX`]): the
/// walk answers. Of the datasets' names of two labels or more (58 % of
/// them), nine in ten are answered here.
///
/// [`Table::pairs`]: rules::Table::pairs
/// [`Table::wild`]: rules::Table::wild
#[inline(always)]
fn quick(t: &Lookup<'_>, room: &Room, n: usize, dots: u64) -> Option<Split> {
    // The last dot, and where the label left of it begins: past the dot
    // before (or 0).
    let last = 63 - dots.leading_zeros() as usize;
    let rest = dots & !(1u64 << last);
    let start = 64 - rest.leading_zeros() as usize;
    if n - start > rules::PAIR_MAX {
        return None;
    }
    // The pair's three words, zeros past the name's end: the room holds
    // zeros after the name, and its 80 octets the 24 from any start of a
    // pair (one longer than sixteen octets begins before the 48th; a
    // shorter one's third word, read past the name, is zeros).
    let words = [
        word_at(room, start),
        word_at(room, start + 8),
        word_at(room, (start + 16).min(room.len() - 8)),
    ];
    let (w, bits) = rules::filter_bit(rules::pair_hash(words), t.pairs.len());
    if t.pairs.get(w)? & bits == bits {
        return None;
    }
    // The last label's first eight octets (zeros past the name's end).
    let (w, bit) = rules::wild_bit(rules::last_hash(word_at(room, last + 1)), t.wild.len());
    if t.wild.get(w)? & bit != 0 {
        return None;
    }
    Some(Split {
        suffix: last + 1,
        domain: Some(start),
    })
}

/// [`List::split`] of a name of one label or more (two or more where it is
/// 64 octets or shorter), none empty, in the table `t`.
#[inline(always)]
fn walk(t: &Lookup<'_>, labels: &impl Labels, view: View) -> Split {
    let b = labels.name();
    let mask = view.mask();
    // The label `b[start..end]`; the public suffix's first label so
    // far (the default rule `*`: the last label). The registrable
    // domain is found after the walk, from where the suffix begins.
    let mut end = b.len();
    let mut label = labels.before(end);
    let mut suffix = label.start;
    // The last label is looked up under the root, where it is most often
    // found (no filter asked first); each next one under the node found.
    let mut found =
        t.find_first::<false>(Place::ROOT, &b[label.start..end], label.first, label.second);
    while let Some((node, flags)) = found {
        let start = label.start;
        let flags = flags & mask;
        if flags & (rules::ICANN_EXCEPT | rules::PRIVATE_EXCEPT) != 0 {
            // The exception's leftmost label removed: the suffix
            // begins right of this label, the domain at it.
            return Split {
                suffix: end + 1,
                domain: Some(start),
            };
        }
        if flags & (rules::ICANN_RULE | rules::PRIVATE_RULE) != 0 {
            suffix = start;
        }
        if start == 0 {
            break;
        }
        end = start - 1;
        label = labels.before(end);
        let start = label.start;
        if flags & (rules::ICANN_WILD | rules::PRIVATE_WILD) != 0 {
            // `*` below the node: the label matches it.
            suffix = start;
        }
        found = t.find_first::<true>(node, &b[start..end], label.first, label.second);
    }
    // The label left of the suffix: most often the last one read.
    let domain = if suffix == end + 1 {
        Some(label.start)
    } else if suffix == 0 {
        None
    } else {
        Some(labels.before(suffix - 1).start)
    };
    Split { suffix, domain }
}

impl List {
    /// The public suffix of `name` as written, without a final dot.
    /// `None` where [`split`](Self::split) is.
    ///
    /// ```
    /// use urikit::psl::{List, View};
    /// assert_eq!(List::builtin().public_suffix("x.kobe.jp", View::Icann), Some("x.kobe.jp"));
    /// assert_eq!(List::builtin().public_suffix("city.kobe.jp", View::Icann), Some("kobe.jp"));
    /// ```
    #[inline]
    pub fn public_suffix<'a>(&self, name: &'a str, view: View) -> Option<&'a str> {
        let name = bare(name);
        let s = self.split_bare(name.as_bytes(), view)?;
        Some(&name[s.suffix..])
    }

    /// The registrable domain of `name` (its public suffix and one label
    /// more) as written, without a final dot; `None` when `name` is itself
    /// a public suffix, and where [`split`](Self::split) is.
    ///
    /// ```
    /// use urikit::psl::{List, View};
    /// assert_eq!(List::builtin().registrable_domain("www.city.kobe.jp", View::All), Some("city.kobe.jp"));
    /// assert_eq!(List::builtin().registrable_domain("c.kobe.jp", View::All), None);
    /// ```
    #[inline]
    pub fn registrable_domain<'a>(&self, name: &'a str, view: View) -> Option<&'a str> {
        let name = bare(name);
        let s = self.split_bare(name.as_bytes(), view)?;
        Some(&name[s.domain?..])
    }
}

impl List {
    /// The rules that match a suffix of `name` of whole labels, shortest
    /// first: where the suffix begins, and the rule's kind, as the list
    /// states it (no implicit `*`). Letters are compared without case.
    /// Other readings of the list than [`List::split`]'s are built on it
    /// (crawler-commons', for Common Crawl's columns).
    ///
    /// ```
    /// use urikit::psl::{List, Rule};
    /// let rules = List::builtin().rules_of_suffixes("www.city.kawasaki.jp");
    /// assert_eq!(rules[0], (18, Rule::Normal, false));
    /// assert_eq!(rules[1], (9, Rule::Wildcard, false));
    /// assert_eq!(rules[2], (4, Rule::Exception, false));
    /// ```
    pub fn rules_of_suffixes(&self, name: &str) -> alloc::vec::Vec<(usize, Rule, bool)> {
        let t = self.lookup();
        let b = name.as_bytes();
        let mut out = alloc::vec::Vec::new();
        let mut node = Place::ROOT;
        let mut end = b.len();
        loop {
            let start = b[..end]
                .iter()
                .rposition(|&c| c == b'.')
                .map_or(0, |d| d + 1);
            let Some((child, flags)) = t.child(node, b, start, end) else {
                break;
            };
            let private =
                flags & (rules::PRIVATE_RULE | rules::PRIVATE_WILD | rules::PRIVATE_EXCEPT) != 0;
            // One rule a name in a list without repeated rules; where a
            // list states several, the exception, then the wildcard.
            let rule = if flags & (rules::ICANN_EXCEPT | rules::PRIVATE_EXCEPT) != 0 {
                Some(Rule::Exception)
            } else if flags & (rules::ICANN_WILD | rules::PRIVATE_WILD) != 0 {
                Some(Rule::Wildcard)
            } else if flags & (rules::ICANN_RULE | rules::PRIVATE_RULE) != 0 {
                Some(Rule::Normal)
            } else {
                None
            };
            if let Some(r) = rule {
                out.push((start, r, private));
            }
            if start == 0 {
                break;
            }
            node = child;
            end = start - 1;
        }
        out
    }
}

/// tldextract's reading of a host's labels ([`List::tldextract_split`]):
/// label indexes into the labels given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TldSplit {
    /// The first label of the public suffix.
    pub suffix: usize,
    /// The first label of the registry (ICANN) suffix.
    pub registry: usize,
    /// Whether the public suffix is a rule of the private section.
    pub private: bool,
}

/// What the walk of [`List::tldextract_split`] finds, in the places its
/// caller gave the labels: where the suffix begins, where the registry
/// suffix does (`None`: it is empty), and whether the suffix is private.
struct TldWalk<P> {
    suffix: P,
    registry: Option<P>,
    private: bool,
}

impl List {
    /// The suffix of `labels` as the `tldextract` package finds it: from
    /// the last label, each label that is a child in the list's tree is
    /// taken, a rule ending there marks the suffix (and, outside the
    /// private section, the registry suffix); a label that is not a child
    /// of a node with a wildcard rule is taken too (its parent, where an
    /// exception names it); there is no implicit `*`. Labels are compared
    /// in lower case; `private` takes the private section's rules.
    /// `None` where no rule matches.
    ///
    /// One reading differs from the package's: a label that is in the tree
    /// only for rules of the other section is treated as a child there
    /// too, unless its parent has a wildcard rule (the package's trees of
    /// each view do not hold it; no rule of today's list tells the two
    /// apart).
    ///
    /// ```
    /// use urikit::psl::{List, TldSplit};
    /// let l = List::builtin();
    /// let s = l.tldextract_split(&["forums", "bbc", "co", "uk"], false).unwrap();
    /// assert_eq!(s, TldSplit { suffix: 2, registry: 2, private: false });
    /// let s = l.tldextract_split(&["a", "blogspot", "com"], true).unwrap();
    /// assert_eq!(s, TldSplit { suffix: 1, registry: 2, private: true });
    /// assert_eq!(l.tldextract_split(&["example", "invalid"], false), None);
    /// ```
    pub fn tldextract_split(&self, labels: &[&str], private: bool) -> Option<TldSplit> {
        let from_last = Listed {
            t: self.lookup(),
            labels: labels.iter().enumerate().rev(),
        };
        let w = tld_walk(private, from_last)?;
        Some(TldSplit {
            suffix: w.suffix,
            registry: w.registry.unwrap_or(labels.len()),
            private: w.private,
        })
    }

    /// The walk of [`tldextract_split`](Self::tldextract_split) over the
    /// labels of `host` (its full stops made dots), answered in the places
    /// where they begin, with where the label before the suffix begins
    /// (`None` where the suffix is the whole host): found from the dots'
    /// mask already read, where the host is read so. A host of ASCII up to
    /// 253 octets is read as
    /// [`split`](Self::split) reads a name (its dots found at once where
    /// it is 64 octets or shorter, each label's words read where it lies,
    /// in a lower-case copy where it has capitals); any other (or one not
    /// known to be ASCII: `ascii` false), a label at a time. Inlined
    /// into `tldextract`, its one caller on the common path: a call of its
    /// own stored its answer and reloaded it, 19 of a column row's 664
    /// instructions.
    #[inline(always)]
    fn tld_walk_host(
        &self,
        host: &str,
        private: bool,
        ascii: bool,
    ) -> Option<(TldWalk<usize>, Option<usize>)> {
        let b = host.as_bytes();
        let n = b.len();
        if n == 0 || n > 253 || !ascii {
            let from_last = Searched {
                t: self.lookup(),
                host,
                end: Some(n),
            };
            let w = tld_walk(private, from_last)?;
            let domain = w
                .suffix
                .checked_sub(1)
                .map(|end| crate::bytes::last_byte(&b[..end], b'.').map_or(0, |d| d + 1));
            return Some((w, domain));
        }
        if n < 8 {
            let w = rules::load(b, 0, n);
            if dots(w) == 0 {
                // One label shorter than eight octets (`deps`, `test`: 42 %
                // of the datasets' hosts), read from one word in lower
                // case, without the copy and its mask: looked up under the
                // root, the walk's first and only step.
                return self.tld_walk_labels(&OneWord::of(w, n), private);
            }
        }
        if n <= 64 {
            // Read as `split` reads a name: copied in lower case, its
            // dots in a mask.
            return crate::arch::read_name(b, |room, dots| {
                self.tld_walk_labels(&Narrow { buf: room, n, dots }, private)
            });
        }
        if b.iter().any(u8::is_ascii_uppercase) {
            return self.tld_walk_lowered(b, private);
        }
        self.tld_walk_labels(&Wide { b }, private)
    }

    /// [`tld_walk_host`](Self::tld_walk_host) of a host `b` of ASCII
    /// longer than 64 octets with capitals, in a lower-case copy. Hosts
    /// are most often written in lower case.
    #[cold]
    #[inline(never)]
    fn tld_walk_lowered(&self, b: &[u8], private: bool) -> Option<(TldWalk<usize>, Option<usize>)> {
        let mut low = [0u8; 253];
        let low = &mut low[..b.len()];
        low.copy_from_slice(b);
        low.make_ascii_lowercase();
        self.tld_walk_labels(&Wide { b: low }, private)
    }

    /// [`tld_walk`] over `labels` (in lower case), in this list's table:
    /// the compiled-in table's is a copy of its own, as for
    /// [`walk`](Self::walk).
    #[inline(always)]
    fn tld_walk_labels(
        &self,
        labels: &impl Labels,
        private: bool,
    ) -> Option<(TldWalk<usize>, Option<usize>)> {
        match &self.table {
            None => tld_walk_labels(&BUILTIN_LOOKUP, labels, private),
            Some(t) => tld_walk_labels(&t.lookup(), labels, private),
        }
    }
}

/// [`tld_walk`] over the labels of a name of ASCII in lower case (any of
/// them empty), in the table `t`, with where the label before the suffix
/// begins (`None` where the suffix is the whole name).
#[inline(always)]
fn tld_walk_labels(
    t: &Lookup<'_>,
    labels: &impl Labels,
    private: bool,
) -> Option<(TldWalk<usize>, Option<usize>)> {
    let end = Some(labels.name().len());
    let w = tld_walk(private, Read { t, labels, end })?;
    // The label that ends at the suffix's dot; an empty one first, before
    // a dot at 0, has no dot before it.
    let domain = w
        .suffix
        .checked_sub(1)
        .map(|end| if end == 0 { 0 } else { labels.start(end) });
    Some((w, domain))
}

/// A node found in the table, and its flags; `None` where there is none.
type Found = Option<(Place, u8)>;

/// A text's labels from the last, each with its place and the child of a
/// node it is: what [`tld_walk`] reads.
trait FromLast {
    /// What the caller counts labels by: an index, or where a label
    /// begins.
    type At: Copy;

    /// The next label leftwards: its place, and the child of `node` it
    /// is; `None` when no label is left.
    fn next(&mut self, node: Place) -> Option<(Self::At, Found)>;

    /// The last label: its place, and the child of the root it is.
    #[inline(always)]
    fn first(&mut self) -> Option<(Self::At, Found)> {
        self.next(Place::ROOT)
    }
}

/// Labels given as a list, with their indexes.
struct Listed<'t, I> {
    t: Lookup<'t>,
    labels: I,
}

impl<'s, I: Iterator<Item = (usize, &'s &'s str)>> FromLast for Listed<'_, I> {
    type At = usize;

    fn next(&mut self, node: Place) -> Option<(usize, Found)> {
        let (at, label) = self.labels.next()?;
        Some((at, child_of(&self.t, node, label)))
    }
}

/// The labels of a host of any text, each searched for, with where it
/// begins.
struct Searched<'t, 'h> {
    t: Lookup<'t>,
    host: &'h str,
    /// Where the next label ends; `None` past the first.
    end: Option<usize>,
}

impl FromLast for Searched<'_, '_> {
    type At = usize;

    fn next(&mut self, node: Place) -> Option<(usize, Found)> {
        let e = self.end?;
        let start = crate::bytes::last_byte(&self.host.as_bytes()[..e], b'.').map_or(0, |d| d + 1);
        self.end = start.checked_sub(1);
        Some((start, child_of(&self.t, node, &self.host[start..e])))
    }
}

/// The labels of a name of ASCII in lower case, read where they lie
/// ([`Labels`]), with where each begins.
struct Read<'t, 'a, L> {
    t: &'t Lookup<'a>,
    labels: &'t L,
    /// Where the next label ends; `None` past the first.
    end: Option<usize>,
}

impl<L: Labels> Read<'_, '_, L> {
    /// The next label leftwards, the child of `node` it is found by
    /// [`Lookup::find_first`]. The filter is asked first of every label
    /// but the last of a host of two labels or more (`LAST`): a label is
    /// most often in no rule, be it the last of a host of one
    /// (`localhost`, `deps`) or one before the last, but the last of a
    /// dotted host is most often a rule (`com`), whose slot is read at
    /// once, as `List::split`'s walk reads it.
    ///
    /// [`Lookup::find_first`]: rules::Lookup::find_first
    #[inline(always)]
    fn step<const LAST: bool>(&mut self, node: Place) -> Option<(usize, Found)> {
        let e = self.end?;
        // An empty label first, before a dot, has no dot before it.
        let start = if e == 0 { 0 } else { self.labels.start(e) };
        self.end = start.checked_sub(1);
        if start == e {
            // In no rule.
            return Some((start, None));
        }
        let l = self.labels.read(start, e);
        let label = &self.labels.name()[start..e];
        let found = if LAST && start > 0 {
            self.t.find_first::<false>(node, label, l.first, l.second)
        } else {
            self.t.find_first::<true>(node, label, l.first, l.second)
        };
        Some((start, found))
    }
}

impl<L: Labels> FromLast for Read<'_, '_, L> {
    type At = usize;

    #[inline(always)]
    fn next(&mut self, node: Place) -> Option<(usize, Found)> {
        self.step::<false>(node)
    }

    #[inline(always)]
    fn first(&mut self) -> Option<(usize, Found)> {
        self.step::<true>(Place::ROOT)
    }
}

/// The node below `node` whose label is `label` (any text), in lower
/// case: ASCII letters lowered in the table's lookup, any other by
/// Unicode's lower case.
fn child_of(t: &Lookup<'_>, node: Place, label: &str) -> Found {
    let lower: Cow<'_, str> = if label.is_ascii() {
        Cow::Borrowed(label)
    } else {
        Cow::Owned(label.to_lowercase())
    };
    let b = lower.as_bytes();
    if b.len() > rules::MAX_LABEL {
        return None;
    }
    t.child(node, b, 0, b.len())
}

/// The walk of [`List::tldextract_split`] over the labels `from_last`
/// gives, answered in their places.
#[inline(always)]
fn tld_walk<F: FromLast>(private: bool, mut from_last: F) -> Option<TldWalk<F::At>> {
    let icann = rules::ICANN_RULE | rules::ICANN_WILD | rules::ICANN_EXCEPT;
    let mask = if private {
        icann | rules::PRIVATE_RULE | rules::PRIVATE_WILD | rules::PRIVATE_EXCEPT
    } else {
        icann
    };
    let rule = rules::ICANN_RULE | rules::PRIVATE_RULE;
    let wild = rules::ICANN_WILD | rules::PRIVATE_WILD;
    let except = rules::ICANN_EXCEPT | rules::PRIVATE_EXCEPT;
    // The flags of the node of the labels taken so far (the root has
    // none), and the place of the last label taken. The root's child is
    // asked by `first`, each next node's by `next`.
    let (mut here, mut taken) = (0u8, None);
    let mut split: Option<(F::At, bool)> = None;
    let mut registry = None;
    let mut step = from_last.first();
    while let Some((at, child)) = step {
        let child_flags = child.map_or(0, |(_, f)| f & mask);
        let explicit = child.is_some()
            && (child_flags & (rule | wild) != 0 || (child_flags == 0 && here & wild == 0));
        if let (true, Some((node, _))) = (explicit, child) {
            taken = Some(at);
            here = child_flags;
            if child_flags & rule != 0 {
                let is_private = child_flags & rules::PRIVATE_RULE != 0;
                if !is_private {
                    registry = Some(at);
                }
                split = Some((at, is_private));
            }
            step = from_last.next(node);
            continue;
        }
        if here & wild != 0 {
            // The root has no flags: a label was taken.
            let exception = child_flags & except != 0;
            return Some(TldWalk {
                suffix: if exception { taken.unwrap_or(at) } else { at },
                registry,
                private: here & rules::PRIVATE_WILD != 0,
            });
        }
        break;
    }
    split.map(|(suffix, private)| TldWalk {
        suffix,
        registry,
        private,
    })
}

/// What `tldextract.extract` answers ([`List::tldextract`]): the host's
/// parts as written (case kept), slices of the text read where its host
/// has no ideographic full stop (which the package reads as a dot).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TldExtract<'a> {
    /// The labels before the domain, joined by dots.
    pub subdomain: Cow<'a, str>,
    /// The label before the suffix; or the whole host where it is an IP
    /// address; or the last label where no rule matches.
    pub domain: Cow<'a, str>,
    /// The public suffix, or empty.
    pub suffix: Cow<'a, str>,
    /// Whether the suffix is a rule of the private section.
    pub is_private: bool,
    /// The registry (ICANN) suffix, or empty.
    pub registry_suffix: Cow<'a, str>,
}

impl TldExtract<'_> {
    /// The parts owned, borrowing nothing.
    ///
    /// ```
    /// let url = String::from("http://a.example.com/");
    /// let e = urikit::psl::List::builtin().tldextract(&url, false, false).into_owned();
    /// drop(url);
    /// assert_eq!(e.domain, "example");
    /// ```
    pub fn into_owned(self) -> TldExtract<'static> {
        TldExtract {
            subdomain: Cow::Owned(self.subdomain.into_owned()),
            domain: Cow::Owned(self.domain.into_owned()),
            suffix: Cow::Owned(self.suffix.into_owned()),
            is_private: self.is_private,
            registry_suffix: Cow::Owned(self.registry_suffix.into_owned()),
        }
    }
}

/// The full stops other than `.` that tldextract reads as one (U+3002,
/// U+FF0E, U+FF61), as UTS #46 maps them.
const FULL_STOPS: [char; 3] = ['\u{3002}', '\u{ff0e}', '\u{ff61}'];

impl List {
    /// `tldextract.extract(url, include_psl_private_domains=private)`: the
    /// host read as the package reads it (the text after a scheme's `//`
    /// up to `/`, `?` or `#`, after the last `@`, before a `:`, white space
    /// and final dots removed; a bracketed IPv6 address as it is), split by
    /// [`List::tldextract_split`]. With `authority`, `url` is already the
    /// authority (`extract_urllib`). The parts are slices of `url` unless
    /// its host holds an ideographic full stop; nothing is allocated for
    /// a host of ASCII.
    ///
    /// ```
    /// let e = urikit::psl::List::builtin().tldextract("http://forums.news.cnn.com/", false, false);
    /// assert_eq!((&*e.subdomain, &*e.domain, &*e.suffix), ("forums.news", "cnn", "com"));
    /// let e = urikit::psl::List::builtin().tldextract("http://127.0.0.1:8080/", false, false);
    /// assert_eq!((&*e.domain, &*e.suffix), ("127.0.0.1", ""));
    /// let e = urikit::psl::List::builtin().tldextract("http://a\u{3002}example\u{ff0e}com", false, false);
    /// assert_eq!((&*e.subdomain, &*e.domain, &*e.suffix), ("a", "example", "com"));
    /// ```
    pub fn tldextract<'a>(&self, url: &'a str, private: bool, authority: bool) -> TldExtract<'a> {
        let host = tldextract_host(if authority { url } else { schemeless(url) }, authority);
        // Read by words: core's test reads the bytes past the last whole
        // word one at a time.
        let ascii = crate::bytes::is_ascii(host.as_bytes());
        if !ascii && host.contains(FULL_STOPS) {
            return self.tld_parts_dotted(host, private);
        }
        self.tld_parts(host, private, ascii)
    }

    /// [`tldextract`](Self::tldextract)'s parts of a host with full stops
    /// other than `.`, made dots in a copy: kept out of line, so that the
    /// common path's parts are inlined into it once.
    #[cold]
    #[inline(never)]
    fn tld_parts_dotted(&self, host: &str, private: bool) -> TldExtract<'static> {
        let dotted: String = host.replace(FULL_STOPS, ".");
        self.tld_parts(&dotted, private, false).into_owned()
    }

    /// [`tldextract`](Self::tldextract)'s parts of the host `host`, its
    /// full stops made dots; `ascii`: whether it is ASCII (false where
    /// unknown).
    #[inline(always)]
    fn tld_parts<'h>(&self, host: &'h str, private: bool, ascii: bool) -> TldExtract<'h> {
        let whole = |domain: &'h str| TldExtract {
            domain: Cow::Borrowed(domain),
            ..TldExtract::default()
        };
        if host.is_empty() {
            // No label (`file:///x`: 5.6 % of the datasets' lines), so in
            // no rule: every part is empty, as the walk would find.
            return whole(host);
        }
        if host.starts_with('[')
            && host.ends_with(']')
            && host.chars().count() >= 4
            && python_ipv6(&host[1..host.len() - 1])
        {
            return whole(host);
        }
        let Some((split, domain)) = self.tld_walk_host(host, private, ascii) else {
            // No rule matches: an IPv4 address is the domain whole, any
            // other host's last label is, after the subdomain. A host
            // without a dot (`localhost`, `deps`: 42 % of the datasets'
            // hosts) is no address of four parts and is its own last
            // label, so the address is asked of dotted hosts alone.
            let Some(d) = crate::bytes::last_byte(host.as_bytes(), b'.') else {
                return whole(host);
            };
            if python_ipv4(host) {
                return whole(host);
            }
            return TldExtract {
                subdomain: Cow::Borrowed(&host[..d]),
                domain: Cow::Borrowed(&host[d + 1..]),
                ..TldExtract::default()
            };
        };
        let suffix = &host[split.suffix..];
        let registry_suffix = match (split.private, split.registry) {
            (false, _) => suffix,
            (true, Some(r)) => &host[r..],
            (true, None) => "",
        };
        // The label before the suffix, and those before it.
        let (subdomain, domain) = match domain {
            None => ("", ""),
            Some(start) => (
                &host[..start.saturating_sub(1)],
                &host[start..split.suffix - 1],
            ),
        };
        TldExtract {
            subdomain: Cow::Borrowed(subdomain),
            domain: Cow::Borrowed(domain),
            suffix: Cow::Borrowed(suffix),
            is_private: split.private,
            registry_suffix: Cow::Borrowed(registry_suffix),
        }
    }
}

/// The bytes tldextract takes for a scheme's: ASCII letters and digits,
/// `+`, `-` and `.`, one table read a byte.
const SCHEME_CHARS: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (c as u8).is_ascii_alphanumeric() || matches!(c as u8, b'+' | b'-' | b'.');
        c += 1;
    }
    t
};

/// tldextract's `_schemeless_url`: the text after `scheme://`.
fn schemeless(url: &str) -> &str {
    // Nearly all texts begin with `https://`, `http://` or `file://`
    // (all but 82 of the datasets' 109,061 lines): known from their first
    // eight bytes as one word, where the scheme's table would read them a
    // byte at a time. A shorter text is read by the table.
    const fn word(s: &[u8; 8]) -> u64 {
        u64::from_le_bytes(*s)
    }
    const SEVEN: u64 = u64::MAX >> 8;
    if let Some(w) = url.as_bytes().first_chunk::<8>() {
        let w = word(w);
        if w == word(b"https://") {
            return &url[8..];
        }
        if w & SEVEN == word(b"http://\0") || w & SEVEN == word(b"file://\0") {
            return &url[7..];
        }
    }
    schemeless_read(url)
}

/// [`schemeless`] of any text, read by the scheme's table.
fn schemeless_read(url: &str) -> &str {
    let b = url.as_bytes();
    let scheme_chars = |c: u8| SCHEME_CHARS[usize::from(c)];
    // Most other texts begin with a scheme and `://`: no `//` can come
    // before.
    let scheme = b.iter().position(|&c| !scheme_chars(c)).unwrap_or(b.len());
    if scheme > 0 && b[scheme..].starts_with(b"://") {
        return &url[scheme + 3..];
    }
    let Some(i) = crate::bytes::first_pair(b, b'/', b'/') else {
        return url;
    };
    if i == 0 {
        return &url[2..];
    }
    if i < 2
        || url.as_bytes()[i - 1] != b':'
        || !url.as_bytes()[..i - 1].iter().all(|&c| scheme_chars(c))
    {
        return url;
    }
    &url[i + 2..]
}

/// tldextract's `_host_from_authority` (after cutting the authority at
/// `/`, `?` and `#` unless `authority` already is one), white space and
/// final dots removed. Every byte looked for is ASCII, so the text is
/// searched as bytes.
fn tldextract_host(text: &str, authority: bool) -> &str {
    let b = text.as_bytes();
    // Most authorities hold no `@`, `:` or `[`: one search finds where the
    // authority ends, or that it holds one of them.
    let plain = if authority || b.first() == Some(&b'[') {
        None
    } else {
        match crate::arch::first_of(b, [b'/', b'?', b'#', b'@', b':']) {
            None => Some(text),
            Some(end) if matches!(b[end], b'/' | b'?' | b'#') => Some(&text[..end]),
            Some(_) => None,
        }
    };
    let host = match plain {
        Some(host) => host,
        None => host_of_authority(text, authority),
    };
    // Most hosts begin and end with a byte that is neither white space
    // nor a dot (nor part of a character beyond ASCII): nothing to trim.
    let kept = |c: &u8| (b'!'..0x80).contains(c);
    if host.as_bytes().first().is_some_and(kept)
        && host
            .as_bytes()
            .last()
            .is_some_and(|c| kept(c) && *c != b'.')
    {
        return host;
    }
    // Python's `str.strip()`: its white space includes U+001C to U+001F.
    let space = |c: char| c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c);
    host.trim_matches(space)
        .trim_end_matches(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
}

/// The host of `text`'s authority (all of `text` where `authority`, else
/// up to `/`, `?` or `#`): after its last `@`, a bracketed literal as it
/// is, else before its first `:`.
fn host_of_authority(text: &str, authority: bool) -> &str {
    let a = if authority {
        text
    } else {
        let end = crate::bytes::first_of(text.as_bytes(), [b'/', b'?', b'#']).unwrap_or(text.len());
        &text[..end]
    };
    let after = crate::bytes::last_byte(a.as_bytes(), b'@').map_or(a, |at| &a[at + 1..]);
    if after.starts_with('[') {
        if let Some(close) = crate::bytes::first_byte(after.as_bytes(), b']') {
            return &after[..=close];
        }
    }
    crate::bytes::first_byte(after.as_bytes(), b':').map_or(after, |at| &after[..at])
}

/// tldextract's `looks_like_ip`: a dotted quad of decimal octets without
/// leading zeros.
fn python_ipv4(s: &str) -> bool {
    let octet = |p: &str| {
        !p.is_empty()
            && p.len() <= 3
            && p.bytes().all(|b| b.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'))
            && p.parse::<u16>().is_ok_and(|v| v <= 255)
    };
    // Most hosts hold a letter: no quad.
    if s.len() > 15 || !s.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
        return false;
    }
    let mut parts = 0;
    s.split('.').all(|p| {
        parts += 1;
        parts <= 4 && octet(p)
    }) && parts == 4
}

/// Python's `ipaddress.IPv6Address`: an IPv6 address, a scope after `%`
/// (not empty, without `%`) allowed.
fn python_ipv6(s: &str) -> bool {
    let (addr, zone_ok) = match s.split_once('%') {
        Some((a, z)) => (a, !z.is_empty() && !z.contains('%')),
        None => (s, true),
    };
    zone_ok && crate::parse::ip::ipv6_text(addr).is_some()
}

/// The kind of a rule of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `example.com`: the name is a public suffix.
    Normal,
    /// `*.example.com`: every name one label below is.
    Wildcard,
    /// `!www.example.com`: an exception to a wildcard.
    Exception,
}

/// A byte's high bit where the byte of `w` is a dot, the other bits clear
/// (exactly: [`crate::bytes::zero_bytes`]).
#[inline(always)]
fn dots(w: u64) -> u64 {
    crate::bytes::zero_bytes(w ^ (crate::bytes::ONES * u64::from(b'.')))
}

/// What [`shape`] finds of a name.
enum Shape {
    /// A label is empty: a dot first or last, or two in a row.
    Empty,
    /// No dot.
    OneLabel,
    /// Two labels or more, none empty.
    Labels,
}

/// The shape of `b` (one octet or more), read eight bytes at a time with
/// a stride of seven, so that every pair of neighbouring bytes lies
/// within one word and two dots in a row are found inside it.
#[inline(always)]
fn shape(b: &[u8]) -> Shape {
    let n = b.len();
    let (mut twice, mut any) = (0u64, 0u64);
    let mut look = |w: u64| {
        let d = dots(w);
        twice |= d & (d >> 8);
        any |= d;
    };
    if n <= 8 {
        look(rules::load(b, 0, n));
    } else if n <= 22 {
        // Most names: three words, at 0, 7 (or before, where the name is
        // shorter) and its last eight bytes, with no loop whose exit
        // mispredicts on the length.
        look(word_at(b, 0));
        look(word_at(b, (n - 8).min(7)));
        look(word_at(b, n - 8));
    } else {
        let mut i = 0;
        while i + 8 < n {
            look(word_at(b, i));
            i += 7;
        }
        look(word_at(b, n - 8));
    }
    if twice != 0 || b[0] == b'.' || b[n - 1] == b'.' {
        Shape::Empty
    } else if any == 0 {
        Shape::OneLabel
    } else {
        Shape::Labels
    }
}

/// The eight bytes of `b` from `at` (which has eight after it), little
/// endian.
#[inline(always)]
fn word_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// A name's labels (no final dot, none empty), found from the right.
trait Labels {
    /// The name.
    fn name(&self) -> &[u8];

    /// Where the label that ends at `end` (one octet or more) begins:
    /// past the last dot before `end`, or 0.
    fn start(&self, end: usize) -> usize;

    /// The label `name()[start..end]` (one octet or more).
    #[inline(always)]
    fn read(&self, start: usize, end: usize) -> Label {
        Label::read(self.name(), start, end)
    }

    /// The label that ends at `end`.
    #[inline(always)]
    fn before(&self, end: usize) -> Label {
        self.read(self.start(end), end)
    }
}

/// A name of 64 octets or fewer, copied in lower case into zeros as its
/// dots are found ([`arch::read_name`](crate::arch::read_name)), its dots
/// in a mask. A label's words are read from the copy, where the sixteen bytes
/// from any place of the name lie: two loads and two masks, with no place
/// clamped to the name's ends and no branch on its length.
struct Narrow<'a> {
    /// The name, then zeros.
    buf: &'a Room,
    /// The name's length (1 to 64).
    n: usize,
    /// Bit `i` set where `buf[i]` is a dot.
    dots: u64,
}

/// The low `k` bytes of a word, for `k` from 0 to 16 (all eight from
/// eight on): `KEEP[k]` keeps a label's first word of `k` octets,
/// `KEEP[k.max(8) - 8]` its second.
const KEEP: [u64; 17] = {
    let mut t = [u64::MAX; 17];
    let mut k = 0;
    while k < 8 {
        t[k] = (1 << (8 * k)) - 1;
        k += 1;
    }
    t
};

impl Labels for Narrow<'_> {
    #[inline(always)]
    fn name(&self) -> &[u8] {
        &self.buf[..self.n]
    }

    #[inline(always)]
    fn start(&self, end: usize) -> usize {
        // The dots before `end` (1 to 64) moved to the top of the word:
        // the zeros above the highest are the label's length, or `end`
        // or more where there is none.
        let below = self.dots << (64 - end);
        end.saturating_sub(below.leading_zeros() as usize)
    }

    // The trait's own `before`, spelled out: with the default method the
    // benchmark's walk was compiled otherwise, with the same instructions
    // counted, and took 1.81 ms where this takes 1.49
    // (`cargo bench --bench psl`).
    #[inline(always)]
    fn before(&self, end: usize) -> Label {
        self.read(self.start(end), end)
    }

    #[inline(always)]
    fn read(&self, start: usize, end: usize) -> Label {
        let len = (end - start).min(16);
        Label {
            start,
            first: word_at(self.buf, start) & KEEP[len],
            second: word_at(self.buf, start + 8) & KEEP[len.max(8) - 8],
        }
    }
}

/// A name of one label shorter than eight octets, held in one word in
/// lower case.
struct OneWord {
    /// The label's bytes in lower case, zeros after them.
    low: [u8; 8],
    /// Its length (1 to 7).
    n: usize,
}

impl OneWord {
    /// The label of `n` octets whose bytes are the word `w` (zeros past
    /// them, no dot), its ASCII capitals lowered.
    #[inline(always)]
    fn of(w: u64, n: usize) -> OneWord {
        // A capital's high bit moved down to 0x20: its lower-case letter.
        let low = w | crate::bytes::capitals(w) >> 2;
        OneWord {
            low: low.to_le_bytes(),
            n,
        }
    }
}

impl Labels for OneWord {
    #[inline(always)]
    fn name(&self) -> &[u8] {
        &self.low[..self.n]
    }

    #[inline(always)]
    fn start(&self, _end: usize) -> usize {
        0
    }

    #[inline(always)]
    fn read(&self, start: usize, end: usize) -> Label {
        // The walk asks for the whole word (`start` 0, `end` the length);
        // any other piece of one to seven octets is cut out of it.
        let len = end - start;
        Label {
            start,
            first: u64::from_le_bytes(self.low) >> (8 * start) & (u64::MAX >> (64 - 8 * len)),
            second: 0,
        }
    }
}

/// A name longer than 64 octets (rare; 253 at most), searched.
struct Wide<'a> {
    b: &'a [u8],
}

impl Labels for Wide<'_> {
    #[inline(always)]
    fn name(&self) -> &[u8] {
        self.b
    }

    #[inline(always)]
    fn start(&self, end: usize) -> usize {
        crate::bytes::last_byte(&self.b[..end], b'.').map_or(0, |d| d + 1)
    }
}

/// A label found by [`Labels::before`].
struct Label {
    /// Where it begins.
    start: usize,
    /// Its first eight bytes as written, little endian, zeros past its
    /// end.
    first: u64,
    /// Its next eight bytes so (0 for a label of eight or fewer).
    second: u64,
}

impl Label {
    /// The label `b[start..end]` (one octet or more).
    #[inline(always)]
    fn read(b: &[u8], start: usize, end: usize) -> Label {
        let n = b.len();
        let len = end - start;
        // The eight bytes from `start`, and the eight that end at `end`,
        // whichever the label's length and place: read in place, or from
        // the name's last (first) eight, the load's place and the shift
        // chosen without a branch.
        let (word, tail) = if n >= 8 {
            let (at, to) = (start.min(n - 8), end.max(8) - 8);
            (
                word_at(b, at) >> (8 * (start - at)),
                word_at(b, to) << (8 * (8 - (end - to))),
            )
        } else {
            let w = rules::load(b, 0, n);
            (w >> (8 * start), w << (8 * (8 - end)))
        };
        let cut = 8 * (8 - len.min(8));
        let first = word << cut >> cut;
        // The next eight: the end of the eight that end with the label
        // where it is sixteen octets or shorter (a label of eight or fewer
        // shifts the whole word out: no branch on the length).
        let second = if len > 16 {
            word_at(b, start + 8)
        } else {
            tail.checked_shr(8 * (16 - len) as u32).unwrap_or(0)
        };
        Label {
            start,
            first,
            second,
        }
    }
}

/// `name` without one final dot: what [`List::split`] reads.
#[inline(always)]
fn bare(name: &str) -> &str {
    name.strip_suffix('.').unwrap_or(name)
}

/// UTS #46 ToASCII of one label of a rule.
fn to_ascii(label: &str) -> Option<String> {
    let ascii = idna::domain_to_ascii(label).ok()?;
    (!ascii.is_empty() && !ascii.contains('.')).then_some(ascii)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Names of labels of every length from 1 to 20 octets, in every
    /// order of three, with capitals, so that each label's start falls
    /// at every place of the words read from the right.
    fn names() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for a in 1..=20 {
            for b in 1..=20 {
                for c in [1, 7, 8, 9, 16, 17] {
                    let label =
                        |n: usize, x: u8| (0..n).map(|k| x + (k % 3) as u8).collect::<Vec<u8>>();
                    let mut name = label(a, b'a');
                    name.push(b'.');
                    name.extend(label(b, b'K'));
                    name.push(b'.');
                    name.extend(label(c, b'q'));
                    out.push(name);
                }
            }
        }
        out
    }

    /// The bytes `name[at..end]`, eight at most, little endian, zeros
    /// past them.
    fn word(name: &[u8], at: usize, end: usize) -> u64 {
        let mut w = [0u8; 8];
        if at < end {
            let n = (end - at).min(8);
            w[..n].copy_from_slice(&name[at..at + n]);
        }
        u64::from_le_bytes(w)
    }

    /// Each label of `name` as `labels` reads it, from the right, against
    /// a byte search and the label's bytes.
    fn labels_read_as_searched(name: &[u8], labels: &impl Labels) {
        let text = core::str::from_utf8(name);
        let mut end = name.len();
        loop {
            let want = name[..end]
                .iter()
                .rposition(|&c| c == b'.')
                .map_or(0, |d| d + 1);
            let label = labels.before(end);
            assert_eq!(label.start, want, "{text:?} {end}");
            assert_eq!(label.first, word(name, want, end), "{text:?} {end}");
            let second = if end - want > 8 {
                word(name, want + 8, end)
            } else {
                0
            };
            assert_eq!(label.second, second, "{text:?} {end}");
            if want == 0 {
                break;
            }
            end = want - 1;
        }
    }

    #[test]
    fn a_label_is_found_from_its_end_as_a_byte_search_finds_it() {
        for name in names() {
            labels_read_as_searched(&name, &Wide { b: &name });
            if name.len() <= 64 {
                // By every face: read in lower case, zeros after it, its
                // dots and labels as searched.
                let low = name.to_ascii_lowercase();
                let dots = name
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c == b'.')
                    .fold(0u64, |m, (i, _)| m | 1 << i);
                let n = name.len();
                for (face, (room, got)) in
                    crate::arch::every_read_name(&name, |room, got| (*room, got))
                {
                    let what = alloc::format!("{face}: {:?}", core::str::from_utf8(&name));
                    assert_eq!(&room[..n], &low[..], "{what}");
                    assert!(room[n..].iter().all(|&c| c == 0), "{what}");
                    assert_eq!(got, dots, "{what}");
                    let narrow = Narrow {
                        buf: &room,
                        n,
                        dots: got,
                    };
                    labels_read_as_searched(&low, &narrow);
                }
            }
            // Past 64 octets, with a label of 63 in front.
            let mut long = alloc::vec![b'z'; 63];
            long.push(b'.');
            long.extend_from_slice(&name);
            labels_read_as_searched(&long, &Wide { b: &long });
        }
    }

    /// A label of one to seven octets read from one word
    /// ([`OneWord`]): in ASCII lower case (the bytes around `A` and `Z`,
    /// and those above 0x7F, kept), and each piece of it read as its
    /// bytes' word; every byte value at every place.
    #[test]
    fn a_one_word_label_is_its_lower_case_bytes() {
        for n in 1..8usize {
            for at in 0..n {
                for c in (0..=255u8).filter(|&c| c != b'.') {
                    let mut name = alloc::vec![b'Q'; n];
                    name[..at].copy_from_slice(&b"a-Z9b_x"[..at]);
                    name[at] = c;
                    let one = OneWord::of(rules::load(&name, 0, n), n);
                    let low = name.to_ascii_lowercase();
                    assert_eq!(one.name(), &low[..], "{name:?}");
                    assert_eq!(one.start(n), 0);
                    for start in 0..n {
                        for end in start + 1..=n {
                            let label = one.read(start, end);
                            assert_eq!(label.start, start);
                            assert_eq!(
                                label.first,
                                word(&low, start, end),
                                "{name:?} {start}..{end}"
                            );
                            assert_eq!(label.second, 0);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn an_empty_label_ends_the_other_readings_walks() {
        // `rules_of_suffixes` and `tldextract_split` read any text; an
        // empty label is in no rule, and has no first word to hash.
        let l = List::builtin();
        let whole = l.rules_of_suffixes("co.uk");
        let empty: Vec<_> = l
            .rules_of_suffixes("a..co.uk")
            .into_iter()
            .map(|(at, r, p)| (at - 3, r, p))
            .collect();
        assert_eq!(empty, whole);
        assert!(l.rules_of_suffixes(".").is_empty());
        assert!(l.rules_of_suffixes("").is_empty());
        let uk = TldSplit {
            suffix: 2,
            registry: 2,
            private: false,
        };
        assert_eq!(l.tldextract_split(&["a", "", "uk"], false), Some(uk));
    }

    #[test]
    fn a_names_shape_is_its_labels() {
        let mut cases = names();
        for n in 1..=40 {
            for place in 0..n {
                for second in [None, Some(place + 1), Some(n - 1)] {
                    let mut name = alloc::vec![b'x'; n];
                    name[place] = b'.';
                    if let Some(s) = second.filter(|&s| s < n) {
                        name[s] = b'.';
                    }
                    cases.push(name);
                }
            }
        }
        for name in cases {
            let labels: Vec<&[u8]> = name.split(|&c| c == b'.').collect();
            let got = match shape(&name) {
                Shape::Empty => 0,
                Shape::OneLabel => 1,
                Shape::Labels => 2,
            };
            let want = if labels.iter().any(|l| l.is_empty()) {
                0
            } else if labels.len() == 1 {
                1
            } else {
                2
            };
            assert_eq!(got, want, "{:?}", core::str::from_utf8(&name));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(100_000))]
        /// tldextract's walk over an ASCII host read as `split` reads a name
        /// (its dots at once, its labels' words where they lie, a lowered
        /// copy where it has capitals) gives what the walk over the same
        /// host searched a label at a time gives: hosts of rules' labels,
        /// capitals, empty labels, labels of 63 and 64 octets, names either
        /// side of 64 and 253 octets, in both views.
        #[test]
        fn tldextract_reads_a_host_as_it_searches_it(
            labels in proptest::collection::vec(proptest::sample::select(alloc::vec![
                "com", "CO", "uk", "www", "", "jp", "kawasaki", "city", "ck", "www", "blogspot",
                "github", "io", "amazonaws", "s3", "compute-1", "xn--p1ai", "a", "B",
                "abcdefghijklmnopq", "x234567890123456789012345678901234567890123456789012345678901234",
                "y23456789012345678901234567890123456789012345678901234567890123",
            ]), 1..12),
            private: bool,
        ) {
            let host = labels.join(".");
            let l = List::builtin();
            let fast = l.tld_walk_host(&host, private, host.is_ascii());
            let searched = tld_walk(private, Searched { t: l.lookup(), host: &host, end: Some(host.len()) });
            let key = |w: Option<TldWalk<usize>>| w.map(|w| (w.suffix, w.registry, w.private));
            // The label before the suffix, as a search for its dot finds it.
            let domain = |w: &TldWalk<usize>| w.suffix.checked_sub(1).map(|end| host[..end].rfind('.').map_or(0, |d| d + 1));
            if let Some((w, d)) = &fast {
                proptest::prop_assert_eq!(*d, domain(w), "{}", host);
            }
            proptest::prop_assert_eq!(key(fast.map(|(w, _)| w)), key(searched), "{}", host);
        }
    }

    /// tldextract reads any text: a host of 10,000 labels, a label of 64
    /// octets, a megabyte with nothing that ends an authority, controls,
    /// a lone `%`, brackets left open and text beyond ASCII give parts
    /// that are pieces of the text (or the dotted host), never a panic.
    /// The schemes known from their first bytes are cut where the
    /// scheme's table cuts them, on every dataset line and on texts that
    /// begin nearly so.
    #[test]
    fn known_schemes_are_cut_as_read() {
        let mut texts: Vec<String> = crate::testing::dataset_lines();
        for t in [
            "http://a",
            "https://",
            "file:///x",
            "HTTP://a",
            "http:/a",
            "https:a",
            "httpx://a",
            "http//a",
            "file:",
            "https:///",
            "http://",
            "//a",
            "a+b://c",
            " http://a",
        ] {
            texts.push(t.into());
        }
        for t in &texts {
            assert_eq!(schemeless(t), schemeless_read(t), "{t:?}");
        }
    }

    #[test]
    fn tldextract_reads_bad_input() {
        let l = List::builtin();
        let many = alloc::vec!["a"; 10_000].join(".") + ".co.uk";
        let url = alloc::format!("http://{many}/");
        let e = l.tldextract(&url, false, false);
        assert_eq!((&*e.domain, &*e.suffix), ("a", "co.uk"));
        assert_eq!(e.subdomain.len(), 2 * 9_999 - 1);
        let long = "x".repeat(64);
        let url = alloc::format!("http://{long}.com/");
        let e = l.tldextract(&url, false, false);
        assert_eq!((&*e.domain, &*e.suffix), (long.as_str(), "com"));
        let huge = "a".repeat(1 << 20);
        let e = l.tldextract(&huge, false, false);
        assert_eq!((e.domain.len(), &*e.suffix), (1 << 20, ""));
        for text in [
            "",
            "%",
            "http://%/",
            "http://[",
            "http://[::1",
            "http://[::1]/",
            "\u{0}\u{1}.com",
            "http://a\u{7f}b.com/",
            "http://\u{e9}x.\u{c9}X/",
            "http://@:/",
            "http://a@b@c.co.uk:x/",
            " .\u{3002}. ",
            "//.",
            "http://.\u{ff61}",
            "xn--p1ai",
            "http://1.2.3.4.5/",
        ] {
            for private in [false, true] {
                let e = l.tldextract(text, private, false);
                for part in [&e.subdomain, &e.domain, &e.suffix, &e.registry_suffix] {
                    assert!(part.len() <= text.len(), "{text:?}");
                }
                let a = l.tldextract(text, private, true);
                assert!(a.domain.len() <= text.len(), "{text:?}");
            }
        }
        let e = l.tldextract("http://[::1]/", false, false);
        assert_eq!((&*e.domain, &*e.suffix), ("[::1]", ""));
    }

    /// Every node of the tree passes the filter ([`rules::filter_bit`]):
    /// each rule's labels, in both forms where it has two, are found from
    /// the root by the filtered lookup, in the table compiled in and in the
    /// same list read at run time. A node the filter refused would be a
    /// rule never matched.
    /// `quick` answers no name whose last two labels are those of a rule
    /// of two labels or more (or of a node on the way to one), nor any
    /// name under a wildcard of one label (`*.ck`): in the table compiled
    /// in and in the list read at run time, in both forms of every rule.
    /// Only those names could have a suffix other than their last label
    /// (publicsuffix.org/list/, "Formal algorithm").
    #[test]
    fn quick_leaves_every_rule_of_two_labels_to_the_walk() {
        let text = include_str!("../../data/public_suffix_list.dat");
        let read = List::parse(text).expect("the builtin list reads");
        let tables = [BUILTIN_LOOKUP, read.lookup()];
        let quick_of = |t: &Lookup<'_>, name: &str| {
            let b = name.as_bytes();
            crate::arch::read_name(b, |room, dots| quick(t, room, b.len(), dots))
        };
        let (mut pairs, mut wild) = (0, 0);
        for line in text.lines() {
            let Some(rule) = line.split_whitespace().next() else {
                continue;
            };
            if rule.starts_with("//") {
                continue;
            }
            let wildcard = rule.starts_with("*.");
            let rule = rule.trim_start_matches('!').trim_start_matches("*.");
            let ascii = to_ascii_name(rule);
            for form in [Some(rule.to_ascii_lowercase()), ascii]
                .into_iter()
                .flatten()
            {
                let labels: alloc::vec::Vec<&str> = form.rsplit('.').collect();
                let mut names = alloc::vec::Vec::new();
                if labels.len() >= 2 {
                    let pair = alloc::format!("{}.{}", labels[1], labels[0]);
                    names.push(alloc::format!("www.{pair}"));
                    names.push(pair.to_ascii_uppercase());
                    pairs += 1;
                }
                if wildcard && labels.len() == 1 {
                    names.push(alloc::format!("a.b.{form}"));
                    wild += 1;
                }
                for name in names.iter().filter(|n| n.len() <= 64) {
                    for t in &tables {
                        assert_eq!(quick_of(t, name), None, "{name:?}");
                    }
                }
            }
        }
        assert!(pairs > 5_000 && wild > 5, "{pairs} {wild}");
        // And it answers the names it should, with the right offsets.
        for t in &tables {
            assert_eq!(
                quick_of(t, "www.Example.com"),
                Some(Split {
                    suffix: 12,
                    domain: Some(4)
                })
            );
            assert_eq!(
                quick_of(t, "example.com"),
                Some(Split {
                    suffix: 8,
                    domain: Some(0)
                })
            );
        }
    }

    #[test]
    fn every_rule_passes_the_filter() {
        let text = include_str!("../../data/public_suffix_list.dat");
        let read = List::parse(text).expect("the builtin list reads");
        let tables = [BUILTIN_LOOKUP, read.lookup()];
        let mut rules = 0;
        for line in text.lines() {
            let Some(rule) = line.split_whitespace().next() else {
                continue;
            };
            if rule.starts_with("//") {
                continue;
            }
            let rule = rule.trim_start_matches('!').trim_start_matches("*.");
            let ascii = to_ascii_name(rule);
            for form in [Some(rule.to_ascii_lowercase()), ascii]
                .into_iter()
                .flatten()
            {
                for t in &tables {
                    let mut node = Place::ROOT;
                    for label in form.rsplit('.') {
                        let b = label.as_bytes();
                        let first = rules::load(b, 0, b.len());
                        let second = if b.len() > 8 {
                            rules::load(b, 8, b.len())
                        } else {
                            0
                        };
                        let found = t.find_first::<true>(node, b, first, second);
                        assert!(found.is_some(), "{label:?} of {form:?}");
                        node = found.map_or(node, |(p, _)| p);
                    }
                }
            }
            rules += 1;
        }
        assert!(rules > 9_000, "{rules}");
    }

    /// A rule's labels in their ASCII form, where one is not ASCII.
    fn to_ascii_name(rule: &str) -> Option<alloc::string::String> {
        if rule.is_ascii() {
            return None;
        }
        let labels: Option<Vec<_>> = rule.split('.').map(to_ascii).collect();
        Some(labels?.join("."))
    }
}
