//! The Public Suffix List's text and the table it compiles to. This file
//! has no `crate::` path: the build script includes it too, so that the
//! list compiled in and a list read at run time are read by the same
//! code (docs/design.md, "Public Suffix List").
//!
//! The format (publicsuffix.org/list/, "Formal algorithm" and the list's
//! own header): one rule a line, up to the first white space; lines that
//! begin with `//` are comments; `!` begins an exception rule, `*` as the
//! leftmost label is a wildcard. The comments
//! `// ===BEGIN ICANN DOMAINS===` and `// ===BEGIN PRIVATE DOMAINS===`
//! open the two sections, `// ===END ... ===` closes them; a rule outside
//! both belongs to the ICANN section (a list of one's own with no section
//! lines is read as registry rules).

use alloc::string::String;
use alloc::vec::Vec;

/// A rule of the ICANN section: `name`.
pub const ICANN_RULE: u8 = 1;
/// A wildcard of the ICANN section: `*.name`.
pub const ICANN_WILD: u8 = 2;
/// An exception of the ICANN section: `!name`.
pub const ICANN_EXCEPT: u8 = 4;
/// The same three of the private section.
pub const PRIVATE_RULE: u8 = 8;
/// `*.name` in the private section.
pub const PRIVATE_WILD: u8 = 16;
/// `!name` in the private section.
pub const PRIVATE_EXCEPT: u8 = 32;

/// The longest label of a DNS name, in octets (RFC 1034 section 3.1).
pub const MAX_LABEL: usize = 63;
/// The largest list text read at run time (the list itself is about
/// 300 kB); a larger file is refused before anything is built.
pub const MAX_TEXT: usize = 64 << 20;

/// The slot of the root's place, which no label has: a label under the
/// root has it as its parent.
pub const ROOT: u32 = (1 << 26) - 1;
/// The most labels a list's tree may hold, so that the slots (a third
/// more or beyond, a power of two) are numbered below [`ROOT`].
pub const MAX_NODES: usize = 1 << 24;
/// The hash of the root, from which every label's hash is chained.
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// One slot of the table: a label (a node of the tree of rules) or none.
/// Sixteen bytes, so that a probe reads one slot and compares the label
/// and its parent without another load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    /// The label's first eight bytes in lower case, little endian, zeros
    /// past its end; 0 in an empty slot (a label has one octet or more,
    /// and no rule's label holds a NUL).
    pub word: u64,
    /// The parent's slot ([`ROOT`] under the root) shifted six bits left,
    /// and the label's length in octets (at most [`MAX_LABEL`]) in them.
    pub up: u32,
    /// The `ICANN_*` and `PRIVATE_*` bits of the rules that end at the
    /// label in the low eight bits; above them, for a label longer than
    /// eight octets, its index in [`Table::long`] (0 for a shorter one).
    pub down: u32,
}

impl Slot {
    /// The `ICANN_*` and `PRIVATE_*` bits.
    #[inline(always)]
    pub fn flags(&self) -> u8 {
        self.down as u8
    }
}

/// A node found in the table: its slot, and the hash its children's
/// hashes are chained from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The node's slot, or [`ROOT`].
    pub slot: u32,
    /// The node's hash.
    pub hash: u64,
}

impl Place {
    /// The root of the tree.
    pub const ROOT: Place = Place {
        slot: ROOT,
        hash: SEED,
    };
}

/// The hash of a label (one octet or more, as stored: in lower case) under
/// the node whose hash is `parent`. Every word of the label is hashed:
/// labels that share their length and first eight bytes under one parent
/// (`customer-000001`, `customer-000002`, as a list of one's own may hold
/// by the thousand) must not share a probe chain.
#[inline(always)]
pub fn hash(parent: u64, label: &[u8]) -> u64 {
    let word = |k| load(label, k, label.len());
    let second = if label.len() > 8 { word(8) } else { 0 };
    step(parent, label.len(), word(0), second, word)
}

/// The hash of a label of `len` octets (at least one) under the node
/// whose hash is `parent`, whose first eight bytes are `first`, whose
/// next eight are `second` (0 for a label of eight or fewer) and whose
/// bytes from `k` are `word(k)`, `k` a multiple of eight from 16 below
/// `len`: what [`hash`] and [`Lookup::find_first`] both compute.
///
/// The label is hashed on its own, and its parent's hash, rotated, is
/// mixed in last: the hashes of a name's labels follow from the name
/// alone, and each label's costly part (two products, which do not wait
/// for each other) is computed while the label to its right is looked up,
/// not after. A child's hash is chained from its parent's hash and not
/// from where the parent lies in the table for the same reason. The
/// second word is hashed whatever the length, so that the hash of a
/// label of nine to sixteen octets, most of the names' second-level
/// labels, takes no branch of its own.
#[inline(always)]
fn step(parent: u64, len: usize, first: u64, second: u64, word: impl Fn(usize) -> u64) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    const L: u64 = 0xC2B2_AE3D_27D4_EB4F;
    let mut h = (first ^ (len as u64) << 58).wrapping_mul(K) ^ second.wrapping_mul(L);
    let mut k = 16;
    while k < len {
        h = (h.rotate_left(23) ^ word(k)).wrapping_mul(K);
        k += 8;
    }
    (h ^ h >> 29) ^ parent.rotate_left(17)
}

/// The longest pair of a name's last two labels (`example.com`, with the
/// dot between them) that [`pair_hash`] hashes: three words, which 96 %
/// of the datasets' names of two labels or more keep to.
pub const PAIR_MAX: usize = 24;

/// The hash of a name's last two labels as one text (`example.com`, at
/// most [`PAIR_MAX`] octets, in lower case), given as its three words,
/// little endian, zeros past its end. [`Table::pairs`] holds the hashes
/// of the table's nodes two labels down: a name whose last two labels
/// have a clear bit there is answered without the walk (`psl::quick`).
/// Three products that do not wait for each other; the bits the filter
/// takes (26 and up) are the products' well-mixed high ones.
#[inline(always)]
pub fn pair_hash(w: [u64; 3]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    const L: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const M: u64 = 0x1656_67B1_9E37_79F9;
    let h = w[0].wrapping_mul(K) ^ w[1].wrapping_mul(L) ^ w[2].wrapping_mul(M);
    h ^ h >> 31
}

/// The hash of a last label's first eight octets (zeros past its end),
/// for [`Table::wild`].
#[inline(always)]
pub fn last_hash(first: u64) -> u64 {
    first.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The bytes of `buf[at..end]` (`at` below `end`), at most eight, little
/// endian, zeros past `end`: one load where `buf` has eight bytes from
/// `at`, or its last eight shifted; never a call to copy a slice.
#[inline(always)]
pub fn load(buf: &[u8], at: usize, end: usize) -> u64 {
    let raw = if let Some(w) = buf.get(at..at + 8) {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        u64::from_le_bytes(a)
    } else if buf.len() >= 8 {
        let mut a = [0u8; 8];
        a.copy_from_slice(&buf[buf.len() - 8..]);
        u64::from_le_bytes(a) >> ((8 - (buf.len() - at)) * 8)
    } else {
        short(buf) >> (8 * at)
    };
    let n = (end - at).min(8);
    raw & (u64::MAX >> (64 - 8 * n))
}

/// A buffer of fewer than eight bytes as one little-endian word, zeros
/// after it: two overlapping loads of four, two or one bytes (no loop
/// over the bytes).
#[inline(always)]
fn short(buf: &[u8]) -> u64 {
    let n = buf.len();
    if n >= 4 {
        let lo = u64::from(u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]));
        let hi = u64::from(u32::from_le_bytes([
            buf[n - 4],
            buf[n - 3],
            buf[n - 2],
            buf[n - 1],
        ]));
        lo | hi << (8 * (n - 4))
    } else if n >= 2 {
        let lo = u64::from(u16::from_le_bytes([buf[0], buf[1]]));
        let hi = u64::from(u16::from_le_bytes([buf[n - 2], buf[n - 1]]));
        lo | hi << (8 * (n - 2))
    } else {
        buf.first().map_or(0, |&c| u64::from(c))
    }
}

/// Why a line of a list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The line, counted from 1 (0: the text as a whole).
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// The table a list compiles to, as the build script writes it out and
/// as a list read at run time holds it: the tree of the rules' labels
/// (the root's children are the last labels of rules) in one
/// open-addressing hash table keyed by the parent and the label.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// A power of two of them, a third more than the labels or beyond
    /// (three quarters full at most), linear probing; a node is known by
    /// its slot.
    pub slots: Vec<Slot>,
    /// Two bits of one word a hash ([`filter_bit`]; a power of two of
    /// words, eight bits or more a node), set for every node's: a label
    /// with either bit clear is in no slot, so most misses are answered
    /// from this small array and not the slots.
    pub filter: Vec<u64>,
    /// The two bits ([`filter_bit`]) of [`pair_hash`] set for each node
    /// two labels down whose text with its parent's (`co.uk`) has at most
    /// [`PAIR_MAX`] octets: a name whose last two labels have either bit
    /// clear has no rule of two labels or more that ends with them.
    pub pairs: Vec<u64>,
    /// The bit ([`wild_bit`]) of [`last_hash`] set for each label under
    /// the root with a wildcard below it (`*.ck`), in either section.
    pub wild: Vec<u64>,
    /// Where each label longer than eight octets lies in
    /// [`labels`](Self::labels) ([`Slot::down`]'s index; the first is
    /// unused).
    pub long: Vec<u32>,
    /// The text of the labels longer than eight octets, lower case, and
    /// eight NULs after them, so that every one is read in whole words.
    pub labels: String,
    /// The list's `// VERSION:` line, or empty.
    pub version: String,
    /// How many rules the list holds (each counted once, in whichever
    /// forms it is stored).
    pub rules: usize,
}

impl Table {
    /// The table's arrays, for lookups.
    #[inline(always)]
    pub fn lookup(&self) -> Lookup<'_> {
        Lookup {
            slots: &self.slots,
            filter: &self.filter,
            pairs: &self.pairs,
            wild: &self.wild,
            long: &self.long,
            labels: self.labels.as_bytes(),
        }
    }
}

/// A table's arrays, borrowed for lookups.
#[derive(Clone, Copy)]
pub struct Lookup<'a> {
    /// [`Table::slots`].
    pub slots: &'a [Slot],
    /// [`Table::filter`].
    pub filter: &'a [u64],
    /// [`Table::pairs`].
    pub pairs: &'a [u64],
    /// [`Table::wild`].
    pub wild: &'a [u64],
    /// [`Table::long`].
    pub long: &'a [u32],
    /// [`Table::labels`].
    pub labels: &'a [u8],
}

/// The word of [`Table::filter`] (`words` long) a hash falls in, and the
/// two bits of it the hash sets: from bits of the hash above the slot
/// index's (26 and up; the word's index from 38). Two bits of one word
/// cost the walk no second load, and let fewer misses through to the
/// slots than one bit did (about one in thirty against one in twelve, by
/// the usual estimate at the builtin list's 11.6 bits a node): 18.2 →
/// 17.2 ns a name over the datasets' hosts (`cargo bench --bench psl`,
/// 2026-12-05).
#[inline(always)]
pub fn filter_bit(h: u64, words: usize) -> (usize, u64) {
    let w = (h >> 38) as usize & (words - 1);
    (w, 1u64 << (h >> 32 & 63) | 1u64 << (h >> 26 & 63))
}

/// The word of [`Table::wild`] (`words` long) a hash falls in, and the
/// one bit of it the hash sets: a few labels have a wildcard below them,
/// so that one bit of a thousand or more lets few others through, for
/// fewer instructions than [`filter_bit`]'s two.
#[inline(always)]
pub fn wild_bit(h: u64, words: usize) -> (usize, u64) {
    ((h >> 32) as usize & (words - 1), 1u64 << (h >> 58))
}

impl Lookup<'_> {
    /// The node below `parent` whose label is `name[start..end]`
    /// (compared without ASCII case; the stored labels are lower case),
    /// and its flags.
    #[inline(always)]
    pub fn child(
        &self,
        parent: Place,
        name: &[u8],
        start: usize,
        end: usize,
    ) -> Option<(Place, u8)> {
        let len = end - start;
        if len == 0 || len > MAX_LABEL {
            // No rule has an empty label (and an empty label has no
            // word), nor one over 63 octets.
            return None;
        }
        let mut low = [0u8; MAX_LABEL];
        let low = &mut low[..len];
        low.copy_from_slice(&name[start..end]);
        low.make_ascii_lowercase();
        let word = |k| load(low, k, len);
        let second = if len > 8 { word(8) } else { 0 };
        self.find_first::<true>(parent, low, word(0), second)
    }

    /// The node below `parent`, and its flags, whose label is `label` (one
    /// to 63 octets, in lower case), whose first eight bytes (zeros past
    /// its end) are `first` and whose next eight are `second` (so; 0 for a
    /// label of eight or fewer). With `FILTER`, the filter is asked first:
    /// for a label that is most often not found (the walk asks it of every
    /// label but a name's last, which is most often found).
    #[inline(always)]
    pub fn find_first<const FILTER: bool>(
        &self,
        parent: Place,
        label: &[u8],
        first: u64,
        second: u64,
    ) -> Option<(Place, u8)> {
        let len = label.len();
        // An empty label (in no rule) is answered by the callers: `child`,
        // and `List::split`, which reads no name with one.
        debug_assert!(len > 0);
        if len > MAX_LABEL {
            // In no rule; and its length would not fit beside the parent.
            return None;
        }
        let h = step(parent.hash, len, first, second, |k| load(label, k, len));
        if FILTER {
            let (w, bits) = filter_bit(h, self.filter.len());
            if self.filter.get(w)? & bits != bits {
                return None;
            }
        }
        let up = parent.slot << 6 | len as u32;
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = h as usize & mask;
        loop {
            let s = self.slots.get(i)?;
            // `up` is not 0 (`len` is not), so an empty slot never matches.
            if s.up == up && s.word == first && (len <= 8 || self.rest_is(s, label)) {
                return Some((
                    Place {
                        slot: i as u32,
                        hash: h,
                    },
                    s.flags(),
                ));
            }
            if s.word == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether the label of `s` is `label` (more than eight octets) from
    /// its ninth octet on.
    #[inline(never)]
    fn rest_is(&self, s: &Slot, label: &[u8]) -> bool {
        let Some(&at) = self.long.get((s.down >> 8) as usize) else {
            return false;
        };
        let (at, len) = (at as usize, label.len());
        let mut k = 8;
        while k < len {
            if load(label, k, len) != load(self.labels, at + k, at + len) {
                return false;
            }
            k += 8;
        }
        true
    }
}

/// The list's text read into a [`Table`]. `to_ascii` gives a label that is
/// not ASCII its ASCII form (UTS #46 ToASCII), so that each such rule is
/// found in both forms; `None` from it refuses the line.
///
/// # Errors
///
/// The first line that is not a rule the format allows: an empty label, a
/// `*` that is not the whole leftmost label, an exception of one label, a
/// label longer than 63 octets, a character a host cannot hold; and a text
/// with no rule at all, or longer than [`MAX_TEXT`].
pub fn compile(text: &str, to_ascii: &dyn Fn(&str) -> Option<String>) -> Result<Table, Refusal> {
    if text.len() > MAX_TEXT {
        return Err(Refusal {
            line: 0,
            why: alloc::format!(
                "the list is {} bytes long; at most {MAX_TEXT} are read",
                text.len()
            ),
        });
    }
    let mut b = Builder::default();
    b.nodes.push(Built {
        parent: 0,
        label: String::new(),
        flags: 0,
        depth: 0,
    });
    let mut private = false;
    for (k, line) in text.lines().enumerate() {
        let line_no = k + 1;
        let line = line.trim_start_matches('\u{feff}');
        if let Some(comment) = line.strip_prefix("//") {
            let c = comment.trim();
            if c.starts_with("===BEGIN PRIVATE DOMAINS===") {
                private = true;
            } else if c.starts_with("===END PRIVATE DOMAINS===")
                || c.starts_with("===BEGIN ICANN DOMAINS===")
            {
                private = false;
            } else if let Some(v) = c.strip_prefix("VERSION:") {
                if b.table.version.is_empty() {
                    b.table.version = String::from(v.trim());
                }
            }
            continue;
        }
        let Some(rule) = line.split_whitespace().next() else {
            continue;
        };
        b.rule(rule, private, to_ascii)
            .map_err(|why| Refusal { line: line_no, why })?;
    }
    if b.table.rules == 0 {
        return Err(Refusal {
            line: 0,
            why: String::from("the list holds no rule (every line is empty or a comment)"),
        });
    }
    b.fill_slots();
    Ok(b.table)
}

/// A node of the tree while it is built.
struct Built {
    parent: u32,
    label: String,
    flags: u8,
    depth: u32,
}

#[derive(Default)]
struct Builder {
    table: Table,
    /// The nodes; the first is the root.
    nodes: Vec<Built>,
    /// The nodes by (parent, label), while building.
    index: alloc::collections::BTreeMap<(u32, String), u32>,
}

impl Builder {
    fn rule(
        &mut self,
        rule: &str,
        private: bool,
        to_ascii: &dyn Fn(&str) -> Option<String>,
    ) -> Result<(), String> {
        let (kind, name) = if let Some(n) = rule.strip_prefix('!') {
            (ICANN_EXCEPT, n)
        } else if let Some(n) = rule.strip_prefix("*.") {
            (ICANN_WILD, n)
        } else {
            (ICANN_RULE, rule)
        };
        if rule == "*" {
            // The default rule, which the lookup applies anyway.
            self.table.rules += 1;
            return Ok(());
        }
        let labels: Vec<&str> = name.split('.').collect();
        if labels.iter().any(|l| l.is_empty()) {
            return Err(alloc::format!("the rule {rule:?} has an empty label"));
        }
        if labels.iter().any(|l| l.contains('*')) {
            return Err(alloc::format!(
                "the rule {rule:?} has a '*' that is not its whole leftmost label"
            ));
        }
        if kind == ICANN_EXCEPT && labels.len() < 2 {
            return Err(alloc::format!(
                "the exception {rule:?} has one label; an exception names a name below a wildcard"
            ));
        }
        let flag = if private { kind << 3 } else { kind };
        let mut forms: Vec<Vec<String>> = Vec::new();
        let unicode: Vec<String> = labels.iter().map(|l| lower_label(l)).collect();
        if let Some(bad) = unicode.iter().find(|l| l.bytes().any(forbidden)) {
            return Err(alloc::format!(
                "the label {bad:?} of the rule {rule:?} holds a character a host name cannot hold"
            ));
        }
        if unicode.iter().any(|l| !l.is_ascii()) {
            let mut ascii = Vec::with_capacity(unicode.len());
            for l in &unicode {
                if l.is_ascii() {
                    ascii.push(l.clone());
                } else {
                    ascii.push(to_ascii(l).ok_or_else(|| {
                        alloc::format!(
                            "the label {l:?} of the rule {rule:?} has no ASCII form (UTS #46)"
                        )
                    })?);
                }
            }
            forms.push(ascii);
        }
        forms.push(unicode);
        for form in &forms {
            if let Some(long) = form.iter().find(|l| l.len() > MAX_LABEL) {
                return Err(alloc::format!(
                    "the label {long:?} of the rule {rule:?} is {} octets long; a DNS label has at most {MAX_LABEL}",
                    long.len()
                ));
            }
        }
        for form in forms {
            let mut node = 0u32;
            for label in form.iter().rev() {
                node = self.node(node, label)?;
            }
            self.nodes[node as usize].flags |= flag;
        }
        self.table.rules += 1;
        Ok(())
    }

    fn node(&mut self, parent: u32, label: &str) -> Result<u32, String> {
        if let Some(&n) = self.index.get(&(parent, String::from(label))) {
            return Ok(n);
        }
        let n = self.nodes.len();
        if n > MAX_NODES {
            return Err(alloc::format!(
                "the list has more than {MAX_NODES} labels in its tree"
            ));
        }
        let depth = self.nodes[parent as usize].depth + 1;
        self.nodes.push(Built {
            parent,
            label: String::from(label),
            flags: 0,
            depth,
        });
        self.index.insert((parent, String::from(label)), n as u32);
        Ok(n as u32)
    }

    /// The nodes into their slots (a third more or beyond, a power of two,
    /// linear probing: the compiled-in list's fill 16 k slots to 0.69,
    /// which the walk reads as fast as 32 k slots, at half the size), the
    /// labels under the root first, then theirs, and so on: a name's last
    /// labels, looked up most often, lie at their own slot more often than
    /// not.
    fn fill_slots(&mut self) {
        let count = self.nodes.len() - 1;
        let size = (count * 4 / 3 + 1).next_power_of_two().max(2);
        let mask = size - 1;
        let mut slots = alloc::vec![Slot::default(); size];
        let words = (count * 8).next_power_of_two().max(64) / 64;
        let mut filter = alloc::vec![0u64; words];
        let mut long = alloc::vec![0u32];
        let mut labels = String::new();
        // Each node's slot and hash, the root's first.
        let mut placed = alloc::vec![Place::ROOT; self.nodes.len()];
        let mut order: Vec<usize> = (1..self.nodes.len()).collect();
        order.sort_by_key(|&n| self.nodes[n].depth);
        for n in order {
            let node = &self.nodes[n];
            let parent = placed[node.parent as usize];
            let text = node.label.as_bytes();
            let h = hash(parent.hash, text);
            let (w, bits) = filter_bit(h, words);
            filter[w] |= bits;
            let mut i = h as usize & mask;
            while slots[i].word != 0 {
                i = (i + 1) & mask;
            }
            let mut down = u32::from(node.flags);
            if text.len() > 8 {
                // At most MAX_NODES labels, so the index fits in 24 bits.
                down |= (long.len() as u32) << 8;
                long.push(labels.len() as u32);
                labels.push_str(&node.label);
            }
            slots[i] = Slot {
                word: load(text, 0, text.len()),
                // At most MAX_LABEL octets, checked when it was read.
                up: parent.slot << 6 | text.len() as u32,
                down,
            };
            placed[n] = Place {
                slot: i as u32,
                hash: h,
            };
        }
        // Eight bytes past the last label, so that every label is read
        // with whole eight-byte loads.
        labels.push_str("\0\0\0\0\0\0\0\0");
        self.fill_pairs();
        self.table.slots = slots;
        self.table.filter = filter;
        self.table.long = long;
        self.table.labels = labels;
    }

    /// [`Table::pairs`] and [`Table::wild`]: sixteen bits or more a pair
    /// (two bits of one word each: about one miss in 70 let through, by
    /// the usual estimate), 64 or more a wildcard label (one bit each, a
    /// thousand at least).
    fn fill_pairs(&mut self) {
        let words = |count: usize, bits: usize| (count * bits).next_power_of_two().max(64) / 64;
        let nodes = &self.nodes;
        let depth = |d: u32| nodes.iter().filter(move |n| n.depth == d);
        let pairs: Vec<String> = depth(2)
            .map(|n| alloc::format!("{}.{}", n.label, nodes[n.parent as usize].label))
            .filter(|p| p.len() <= PAIR_MAX)
            .collect();
        let wild: Vec<&str> = depth(1)
            .filter(|n| n.flags & (ICANN_WILD | PRIVATE_WILD) != 0)
            .map(|n| n.label.as_str())
            .collect();
        let mut pair_words = alloc::vec![0; words(pairs.len(), 16)];
        for p in &pairs {
            let b = p.as_bytes();
            let word = |k: usize| if k < b.len() { load(b, k, b.len()) } else { 0 };
            let (w, bits) = filter_bit(pair_hash([word(0), word(8), word(16)]), pair_words.len());
            pair_words[w] |= bits;
        }
        let mut wild_words = alloc::vec![0; words(wild.len(), 64).max(16)];
        for l in &wild {
            let (w, bit) = wild_bit(last_hash(load(l.as_bytes(), 0, l.len())), wild_words.len());
            wild_words[w] |= bit;
        }
        self.table.pairs = pair_words;
        self.table.wild = wild_words;
    }
}

/// ASCII letters lowered; the list is written in lower case, but a list of
/// one's own may not be.
fn lower_label(label: &str) -> String {
    let mut s = String::from(label);
    s.make_ascii_lowercase();
    s
}

/// Bytes no label of a host name holds: controls, space and the
/// delimiters of a URL's authority (RFC 3986 section 3.2.2's reg-name
/// allows none of them unencoded).
fn forbidden(c: u8) -> bool {
    c <= b' '
        || matches!(
            c,
            b'/' | b'\\' | b'?' | b'#' | b'@' | b':' | b'[' | b']' | 0x7f
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_reads_any_window_of_any_buffer() {
        let buf: Vec<u8> = (1..=20).collect();
        for len in 0..=buf.len() {
            let b = &buf[..len];
            for at in 0..len {
                for end in at + 1..=len {
                    let mut want = [0u8; 8];
                    let n = (end - at).min(8);
                    want[..n].copy_from_slice(&b[at..at + n]);
                    assert_eq!(
                        load(b, at, end),
                        u64::from_le_bytes(want),
                        "{len} {at} {end}"
                    );
                }
            }
        }
    }
}
