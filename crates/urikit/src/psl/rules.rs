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

/// One label of the table: its parent's index (0 is the root), where its
/// text lies in the label pool, and the rules that end at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// [`hash`] of the parent and the label.
    pub hash: u32,
    /// The parent node's index.
    pub parent: u32,
    /// The label's offset in the pool.
    pub at: u32,
    /// The label's length in octets.
    pub len: u8,
    /// `ICANN_*` and `PRIVATE_*` bits.
    pub flags: u8,
}

/// The hash of a label under its parent, folding ASCII letters to lower
/// case (the bit 0x20 of every byte, so that `COM` and `com` hash alike;
/// bytes that only the fold makes equal are told apart when the label is
/// compared).
#[inline(always)]
pub fn hash(parent: u32, label: &[u8]) -> u32 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (u64::from(parent) ^ (label.len() as u64) << 32).wrapping_mul(K);
    let mut chunks = label.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let w = u64::from_le_bytes(w) | 0x2020_2020_2020_2020;
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        let w = u64::from_le_bytes(w) | 0x2020_2020_2020_2020;
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    (h >> 32) as u32
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
    /// The labels' text, lower case.
    pub labels: String,
    /// The list's `// VERSION:` line, or empty.
    pub version: String,
    /// How many rules the list holds (each counted once, in whichever
    /// forms it is stored).
    pub rules: usize,
}

impl Table {
    /// The node below `parent` whose label is `label` (compared without
    /// ASCII case).
    #[inline(always)]
    pub fn child(
        nodes: &[Node],
        slots: &[u32],
        labels: &str,
        parent: u32,
        label: &[u8],
    ) -> Option<u32> {
        let h = hash(parent, label);
        let mask = slots.len().wrapping_sub(1);
        let mut i = h as usize & mask;
        loop {
            let n = *slots.get(i)?;
            if n == 0 {
                return None;
            }
            let node = &nodes[n as usize];
            if node.hash == h && node.parent == parent && usize::from(node.len) == label.len() {
                let at = node.at as usize;
                let text = &labels.as_bytes()[at..at + label.len()];
                if text.eq_ignore_ascii_case(label) {
                    return Some(n);
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
        hash: 0,
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
        let unicode: Vec<String> = labels.iter().map(|l| lower(l)).collect();
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
            hash: hash(parent, label.as_bytes()),
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
        for (n, node) in self.table.nodes.iter().enumerate().skip(1) {
            let mut i = node.hash as usize & mask;
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = n as u32;
        }
        self.table.slots = slots;
    }
}

/// ASCII letters lowered; the list is written in lower case, but a list of
/// one's own may not be.
fn lower(label: &str) -> String {
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
