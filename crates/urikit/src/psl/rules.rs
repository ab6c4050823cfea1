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

/// One label of the table: its first eight bytes, its parent's index (0
/// is the root), where its whole text lies in the label pool, and the
/// rules that end at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The label's first eight bytes in lower case, little endian, zeros
    /// past its end: a label of eight bytes or fewer is compared with
    /// one comparison, without reading the pool.
    pub word: u64,
    /// The parent node's index.
    pub parent: u32,
    /// The label's offset in the pool.
    pub at: u32,
    /// The label's length in octets.
    pub len: u8,
    /// `ICANN_*` and `PRIVATE_*` bits.
    pub flags: u8,
}

/// The hash of a label (one octet or more) under its parent, ASCII
/// letters compared without case (its words lowered by [`lower`] first,
/// so that `COM` and `com` hash alike). Every word of the label is hashed:
/// labels that share their length and first eight bytes under one parent
/// (`customer-000001`, `customer-000002`, as a list of one's own may hold
/// by the thousand) must not share a probe chain.
#[inline(always)]
pub fn hash(parent: u32, label: &[u8]) -> u32 {
    let word = |k| lower(load(label, k, label.len()));
    hash_words(parent, label.len(), word(0), word)
}

/// The hash of a label of `len` octets (at least one) under `parent`
/// whose first eight bytes are `first` and whose bytes from `k` are
/// `word(k)`, `k` a multiple of eight below `len`: what [`hash`] and
/// [`Lookup::find_first`] both compute.
#[inline(always)]
fn hash_words(parent: u32, len: usize, first: u64, word: impl Fn(usize) -> u64) -> u32 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (u64::from(parent) ^ (len as u64) << 32).wrapping_mul(K);
    h = (h.rotate_left(23) ^ first).wrapping_mul(K);
    let mut k = 8;
    while k < len {
        h = (h.rotate_left(23) ^ word(k)).wrapping_mul(K);
        k += 8;
    }
    (h >> 32) as u32
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

/// ASCII capitals of eight bytes lowered, the others as they are.
#[inline(always)]
pub fn lower(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let seven = w & (ONES * 0x7f);
    // High bit where the low seven bits are at least `A`, and where they
    // are beyond `Z`; a byte with its own high bit set is no capital.
    let from_a = seven + ONES * (0x80 - u64::from(b'A'));
    let past_z = seven + ONES * (0x80 - u64::from(b'Z') - 1);
    let upper = from_a & !past_z & !w & (ONES * 0x80);
    w | (upper >> 2)
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
/// as a list read at run time holds it.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The nodes; the first is the root.
    pub nodes: Vec<Node>,
    /// Open addressing, a power of two long: a node's index, 0 for none.
    pub slots: Vec<u32>,
    /// A bit a hash (a power of two of them, eight or more a node), set
    /// for every node's: a label whose bit is clear is in no slot, so most
    /// misses are answered from this small array and not the slots.
    pub filter: Vec<u64>,
    /// The labels' text, lower case.
    pub labels: String,
    /// The list's `// VERSION:` line, or empty.
    pub version: String,
    /// How many rules the list holds (each counted once, in whichever
    /// forms it is stored).
    pub rules: usize,
}

/// A table's arrays, borrowed for lookups.
#[derive(Clone, Copy)]
pub struct Lookup<'a> {
    /// [`Table::nodes`].
    pub nodes: &'a [Node],
    /// [`Table::slots`].
    pub slots: &'a [u32],
    /// [`Table::filter`].
    pub filter: &'a [u64],
    /// [`Table::labels`].
    pub labels: &'a [u8],
}

/// The bit of [`Table::filter`] a hash sets: bits other than the slot
/// index's low ones.
#[inline(always)]
pub fn filter_bit(h: u32, words: usize) -> (usize, u64) {
    let bit = h.rotate_right(15) as usize & (words * 64 - 1);
    (bit / 64, 1u64 << (bit % 64))
}

impl Lookup<'_> {
    /// The node below `parent` whose label is `name[start..end]`
    /// (compared without ASCII case; the stored labels are lower case).
    #[inline(always)]
    pub fn child(&self, parent: u32, name: &[u8], start: usize, end: usize) -> Option<u32> {
        self.find(parent, end - start, |k| lower(load(name, start + k, end)))
    }

    /// The node below `parent` whose label is `len` octets long and whose
    /// lower-case bytes from `k` are `word(k)` (eight at most, little
    /// endian, zeros past the label's end), `k` a multiple of eight below
    /// `len`.
    #[inline(always)]
    pub fn find(&self, parent: u32, len: usize, word: impl Fn(usize) -> u64) -> Option<u32> {
        if len == 0 {
            // No rule has an empty label (and an empty label has no word).
            return None;
        }
        self.find_first(parent, len, word(0), word).map(|(n, _)| n)
    }

    /// The node below `parent`, and its flags, whose label is `len` octets
    /// long (one or more), whose first eight bytes (lowered, zeros past its
    /// end) are `first` and whose bytes from `k` are `rest(k)` (lowered,
    /// eight at most, zeros past the label's end; `k` a multiple of eight
    /// from 8 below `len`, asked only of a label longer than eight).
    #[inline(always)]
    pub fn find_first(
        &self,
        parent: u32,
        len: usize,
        first: u64,
        rest: impl Fn(usize) -> u64,
    ) -> Option<(u32, u8)> {
        // An empty label (in no rule) is answered by the callers: `find`,
        // and `List::split`, which reads no name with one.
        debug_assert!(len > 0);
        let h = hash_words(parent, len, first, &rest);
        let (w, bit) = filter_bit(h, self.filter.len());
        if self.filter.get(w)? & bit == 0 {
            return None;
        }
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = h as usize & mask;
        loop {
            let n = *self.slots.get(i)?;
            if n == 0 {
                return None;
            }
            let node = self.nodes.get(n as usize)?;
            if node.word == first && node.parent == parent && usize::from(node.len) == len {
                let at = node.at as usize;
                let mut k = 8;
                while k < len && rest(k) == load(self.labels, at + k, at + len) {
                    k += 8;
                }
                if k >= len {
                    return Some((n, node.flags));
                }
            }
            i = (i + 1) & mask;
        }
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
    b.table.nodes.push(Node {
        word: 0,
        parent: 0,
        at: 0,
        len: 0,
        flags: 0,
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

#[derive(Default)]
struct Builder {
    table: Table,
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
            self.table.nodes[node as usize].flags |= flag;
        }
        self.table.rules += 1;
        Ok(())
    }

    fn node(&mut self, parent: u32, label: &str) -> Result<u32, String> {
        if let Some(&n) = self.index.get(&(parent, String::from(label))) {
            return Ok(n);
        }
        let n = u32::try_from(self.table.nodes.len())
            .map_err(|_| String::from("the list has too many labels"))?;
        let at = u32::try_from(self.table.labels.len())
            .map_err(|_| String::from("the list's labels are too long"))?;
        self.table.labels.push_str(label);
        self.table.nodes.push(Node {
            word: load(label.as_bytes(), 0, label.len()),
            parent,
            at,
            // At most MAX_LABEL, checked above.
            len: label.len() as u8,
            flags: 0,
        });
        self.index.insert((parent, String::from(label)), n);
        Ok(n)
    }

    /// Twice as many slots as nodes or more, a power of two, linear
    /// probing.
    fn fill_slots(&mut self) {
        let size = (self.table.nodes.len() * 2).next_power_of_two().max(2);
        let mask = size - 1;
        let mut slots = alloc::vec![0u32; size];
        let words = (self.table.nodes.len() * 8).next_power_of_two().max(64) / 64;
        let mut filter = alloc::vec![0u64; words];
        for (n, node) in self.table.nodes.iter().enumerate().skip(1) {
            let at = node.at as usize;
            let h = hash(
                node.parent,
                &self.table.labels.as_bytes()[at..at + usize::from(node.len)],
            );
            let (word, bit) = filter_bit(h, words);
            filter[word] |= bit;
            let mut i = h as usize & mask;
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = n as u32;
        }
        self.table.slots = slots;
        self.table.filter = filter;
        // Eight bytes past the last label, so that every label is read
        // with whole eight-byte loads.
        self.table.labels.push_str("\0\0\0\0\0\0\0\0");
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
    fn lower_is_ascii_lowercase_for_every_byte_in_every_place() {
        for c in 0..=255u8 {
            for place in 0..8 {
                let mut b = [b'x'; 8];
                b[place] = c;
                let mut want = b;
                want.make_ascii_lowercase();
                assert_eq!(
                    lower(u64::from_le_bytes(b)),
                    u64::from_le_bytes(want),
                    "{c:#x} at {place}"
                );
            }
        }
    }

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
