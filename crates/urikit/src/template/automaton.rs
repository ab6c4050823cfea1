//! What an expression's expansion can look like, as automata over bytes
//! (RFC 6570 section 3.2.1 and Appendix A, read backwards).
//!
//! An expression's expansion is `first`, then the defined variables'
//! expansions joined by `sep`, or nothing when none is defined. Each
//! variable's expansion is a regular language over bytes: a value is
//! unreserved characters and `%HH` triplets (with `+` and `#`, reserved
//! characters too); a list joins values with `,`; an exploded variable
//! joins members with `sep`, each a value or a `key=value` pair; the named
//! operators (`;`, `?`, `&`) write `name=` first. A [`Body`] is the small
//! deterministic automaton of one variable's expansion; an [`Automaton`]
//! is an expression's bodies with the `first` and `sep` that glue them.
//!
//! The languages are what expansion can write, widened only where a
//! deterministic automaton cannot follow (an exploded variable under `.`,
//! whose members and values both hold `.`): matching checks every reading
//! by expanding it again (or by a proof from the text read, which does not
//! rest on these languages), so a wider language costs a reading that is
//! refused, never a wrong answer. A byte beyond ASCII stands where a value
//! has one, for an IRI that spells `%C3%A9` as `é`.
//!
//! On top of the automata, two passes over a URI's bytes: [`feasible`]
//! (backwards: from which positions the expression can be read up to a
//! position the rest accepts), and [`Automaton::forward`] (from given
//! starts, where a reading can end).
//!
//! May use: `grammar`, and the types of `template`.

use alloc::vec;
use alloc::vec::Vec;

use super::{Modifier, Operator, VarSpec};
use crate::grammar::rfc3986::UNRESERVED;
use crate::grammar::rfc6570::RESERVED;

/// The byte classes the automata read. A fact of RFC 3986's character
/// sets (`unreserved`, `reserved`, `HEXDIG`), split where expansion treats
/// bytes apart: each separator and `=` on its own.
mod class {
    pub(super) const OTHER: u8 = 0;
    pub(super) const HEX: u8 = 1;
    pub(super) const UNRES: u8 = 2;
    pub(super) const DOT: u8 = 3;
    pub(super) const PCT: u8 = 4;
    pub(super) const COMMA: u8 = 5;
    pub(super) const EQ: u8 = 6;
    pub(super) const SLASH: u8 = 7;
    pub(super) const SEMI: u8 = 8;
    pub(super) const AMP: u8 = 9;
    pub(super) const QUEST: u8 = 10;
    pub(super) const HASH: u8 = 11;
    pub(super) const RES: u8 = 12;
    pub(super) const HIGH: u8 = 13;
    pub(super) const N: usize = 14;
}

/// Each byte's class.
const CLASS: [u8; 256] = {
    let mut t = [class::OTHER; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'.' => class::DOT,
            b'%' => class::PCT,
            b',' => class::COMMA,
            b'=' => class::EQ,
            b'/' => class::SLASH,
            b';' => class::SEMI,
            b'&' => class::AMP,
            b'?' => class::QUEST,
            b'#' => class::HASH,
            _ if b.is_ascii_hexdigit() => class::HEX,
            _ if UNRESERVED.allows(b) => class::UNRES,
            _ if RESERVED.allows(b) => class::RES,
            _ if b >= 0x80 => class::HIGH,
            _ => class::OTHER,
        };
        c += 1;
    }
    t
};

/// A set of classes.
type Set = u16;

const fn bit(c: u8) -> Set {
    1 << c
}

/// What a value's expansion writes as it is (section 3.2.1's `U`), and a
/// byte beyond ASCII (an IRI's spelling of an escape).
const VAL: Set = bit(class::HEX) | bit(class::UNRES) | bit(class::DOT) | bit(class::HIGH);
/// `U+R`: with the reserved characters, for `+` and `#`.
const VAL_R: Set = VAL
    | bit(class::COMMA)
    | bit(class::EQ)
    | bit(class::SLASH)
    | bit(class::SEMI)
    | bit(class::AMP)
    | bit(class::QUEST)
    | bit(class::HASH)
    | bit(class::RES);

/// No state.
pub(super) const DEAD: u8 = u8::MAX;

/// A deterministic automaton; state 0 is the start.
#[derive(Clone, Debug)]
pub(super) struct Dfa {
    next: Vec<[u8; class::N]>,
    accepting: Vec<bool>,
    /// The accepting states as bits (an automaton has at most 32).
    accepting_mask: u32,
}

impl Dfa {
    /// The state after `state` reads `b` ([`DEAD`] when it cannot).
    #[inline]
    pub(super) fn step(&self, state: u8, b: u8) -> u8 {
        match self.next.get(usize::from(state)) {
            Some(row) => row[usize::from(CLASS[usize::from(b)])],
            None => DEAD,
        }
    }

    /// Whether a reading may stop in `state`.
    #[inline]
    pub(super) fn accepting(&self, state: u8) -> bool {
        self.accepting
            .get(usize::from(state))
            .copied()
            .unwrap_or(false)
    }

    fn len(&self) -> usize {
        self.next.len()
    }
}

/// Builds a [`Dfa`] state by state.
struct Builder(Dfa);

impl Builder {
    fn new() -> Builder {
        Builder(Dfa {
            next: Vec::new(),
            accepting: Vec::new(),
            accepting_mask: 0,
        })
    }

    fn state(&mut self, accepting: bool) -> u8 {
        let id = self.0.next.len();
        debug_assert!(id < 32, "a variable's automaton has at most 32 states");
        self.0.next.push([DEAD; class::N]);
        self.0.accepting.push(accepting);
        if accepting {
            self.0.accepting_mask |= 1 << id;
        }
        id as u8
    }

    /// `from` reads any byte of `set` into `to`.
    fn on(&mut self, from: u8, set: Set, to: u8) {
        for c in 0..class::N {
            if set & (1 << c) != 0 {
                self.0.next[usize::from(from)][c] = to;
            }
        }
    }

    /// `from` reads a `%HH` triplet into `to`.
    fn pct(&mut self, from: u8, to: u8) {
        let a = self.state(false);
        let b = self.state(false);
        self.on(from, bit(class::PCT), a);
        self.on(a, bit(class::HEX), b);
        self.on(b, bit(class::HEX), to);
    }

    /// A value of `set` characters and triplets, empty or not.
    fn run(&mut self, set: Set) -> u8 {
        let s = self.state(true);
        self.on(s, set, s);
        self.pct(s, s);
        s
    }

    /// Members joined by `sep`, each `key` or `key=value`, the value
    /// non-empty unless `empty_value`; `key` alone only if `bare_key`.
    fn members(&mut self, sep: Set, bare_key: bool, empty_value: bool) {
        let key = self.state(bare_key);
        self.on(key, VAL, key);
        self.pct(key, key);
        if bare_key {
            self.on(key, sep, key);
        }
        let value = if empty_value {
            let v = self.state(true);
            self.on(key, bit(class::EQ), v);
            v
        } else {
            let eq = self.state(false);
            let v = self.state(true);
            self.on(key, bit(class::EQ), eq);
            self.on(eq, VAL, v);
            self.pct(eq, v);
            v
        };
        self.on(value, VAL, value);
        self.pct(value, value);
        self.on(value, sep, key);
    }
}

/// One variable's expansion: for the named operators' variables that are
/// not exploded, `name` (as the template writes it) and then the
/// automaton of what follows it.
#[derive(Clone, Debug)]
pub(super) struct Body {
    pub(super) name: Vec<u8>,
    pub(super) dfa: Dfa,
}

impl Body {
    fn new(op: Operator, modifier: Modifier, name: &str) -> Body {
        let mut b = Builder::new();
        let sep = bit(CLASS[usize::from(op.separator_byte())]);
        let semicolon = op == Operator::PathParam;
        let mut named = false;
        if op.allows_reserved() {
            // Every value, list or pair is `U+R` and triplets.
            b.run(VAL_R);
        } else if !op.named() {
            match modifier {
                // A string, or a list joined by ','.
                Modifier::None => {
                    b.run(VAL | bit(class::COMMA));
                }
                Modifier::Prefix(_) => {
                    b.run(VAL);
                }
                // Under '.', members and values both hold '.'.
                Modifier::Explode if op == Operator::Label => {
                    b.run(VAL | bit(class::EQ));
                }
                // Items, or pairs whose empty value writes the key alone.
                Modifier::Explode => b.members(sep, true, false),
            }
        } else {
            match modifier {
                Modifier::None | Modifier::Prefix(_) => {
                    named = true;
                    // After the name: ';' writes an empty string as the
                    // name alone (`ifemp` ""), '?' and '&' as "name=".
                    let after = b.state(semicolon);
                    let list = if modifier == Modifier::None {
                        bit(class::COMMA)
                    } else {
                        0
                    };
                    if semicolon && modifier != Modifier::None {
                        // A prefix of a string: "name=" only before a value.
                        let eq = b.state(false);
                        b.on(after, bit(class::EQ), eq);
                        let v = b.run(VAL);
                        b.on(eq, VAL, v);
                        b.pct(eq, v);
                    } else {
                        // ';' writes a list with one empty member "name=".
                        let v = b.run(VAL | list);
                        b.on(after, bit(class::EQ), v);
                    }
                }
                // `key=value` members (a list's key is its name); ';'
                // writes an empty value as the key alone.
                Modifier::Explode => b.members(sep, semicolon, !semicolon),
            }
        }
        Body {
            name: if named {
                name.as_bytes().to_vec()
            } else {
                Vec::new()
            },
            dfa: b.0,
        }
    }
}

/// An expression's automaton: its `first` byte (if any), its `sep`, each
/// variable's [`Body`], and every byte its expansion can hold.
#[derive(Clone, Debug)]
pub(super) struct Automaton {
    pub(super) first: Option<u8>,
    pub(super) sep: u8,
    pub(super) bodies: Vec<Body>,
    holds: [u64; 4],
}

/// A set of positions `from..=to` as bits.
#[derive(Clone, Debug, Default)]
pub(super) struct Bits {
    from: usize,
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    /// No positions of `from..=to`.
    pub(super) fn new(from: usize, to: usize) -> Bits {
        let len = to - from + 1;
        Bits {
            from,
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// Whether `p` is in the set (false outside `from..=to`).
    #[inline]
    pub(super) fn get(&self, p: usize) -> bool {
        match p.checked_sub(self.from) {
            Some(i) if i < self.len => self.words[i / 64] & (1 << (i % 64)) != 0,
            _ => false,
        }
    }

    /// Puts `p` (from `from` on; the set grows past `to` as needed) in
    /// the set, or takes it out.
    #[inline]
    pub(super) fn set(&mut self, p: usize, on: bool) {
        let i = p - self.from;
        if i >= self.len {
            self.len = i + 1;
            self.words.resize(self.len.div_ceil(64), 0);
        }
        if on {
            self.words[i / 64] |= 1 << (i % 64);
        } else {
            self.words[i / 64] &= !(1 << (i % 64));
        }
    }

    /// The largest position in the set below `below`, if any.
    pub(super) fn last_below(&self, below: usize) -> Option<usize> {
        let end = below.checked_sub(self.from)?.min(self.len);
        let mut w = end / 64;
        let mut mask = if end % 64 == 0 {
            0
        } else {
            u64::MAX >> (64 - end % 64)
        };
        loop {
            let bits = self.words.get(w).copied().unwrap_or(0) & mask;
            if bits != 0 {
                return Some(self.from + w * 64 + 63 - bits.leading_zeros() as usize);
            }
            if w == 0 {
                return None;
            }
            w -= 1;
            mask = u64::MAX;
        }
    }
}

/// The positions where each variable's glue holds, kept by
/// [`Automaton::feasible`] for the walk that reads a fixed text: `b[i]`,
/// variable `i`'s expansion can start here and be read to a place where
/// the rest holds; `v1[i]`, variables `i..` can be read from here after
/// one was defined before them (a `sep` comes first).
#[derive(Default)]
pub(super) struct Glue {
    pub(super) b: Vec<Bits>,
    pub(super) v1: Vec<Bits>,
}

impl Glue {
    /// Whether variables `i..` can be read from `p` with none defined
    /// before them: one of them starts here, the ones before it undefined.
    pub(super) fn v0(&self, i: usize, p: usize) -> bool {
        self.b[i..].iter().any(|b| b.get(p))
    }
}

impl Automaton {
    /// The automaton of the expression with operator `op` and variables
    /// `specs` of the template `text`.
    pub(super) fn new(op: Operator, specs: &[VarSpec], text: &str) -> Automaton {
        let bodies: Vec<Body> = specs
            .iter()
            .map(|s| Body::new(op, s.modifier, &text[s.name.clone()]))
            .collect();
        let mut holds = [0u64; 4];
        let mut add = |c: u8| holds[usize::from(c / 64)] |= 1 << (c % 64);
        add(op.separator_byte());
        if let Some(f) = op.first_byte() {
            add(f);
        }
        for body in &bodies {
            body.name.iter().for_each(|&c| add(c));
            for c in 0..=255u8 {
                if body
                    .dfa
                    .next
                    .iter()
                    .any(|row| row[usize::from(CLASS[usize::from(c)])] != DEAD)
                {
                    add(c);
                }
            }
        }
        Automaton {
            first: op.first_byte(),
            sep: op.separator_byte(),
            bodies,
            holds,
        }
    }

    /// The end of the run of bytes from `q` that the expansion can hold:
    /// no reading from `q` ends beyond it.
    pub(super) fn run_end(&self, b: &[u8], q: usize) -> usize {
        let holds = |c: u8| self.holds[usize::from(c / 64)] & (1 << (c % 64)) != 0;
        let run = b[q..]
            .iter()
            .position(|&c| !holds(c))
            .unwrap_or(b.len() - q);
        crate::work::add(run + 1);
        q + run
    }

    /// The positions `p` of `from..=to` from which the expression can be
    /// read up to a position `e` (`p <= e <= to`) with `after(e)`: RFC
    /// 6570's expansion read backwards, each variable defined or not. No
    /// byte at or beyond `to` is read. With `glue`, the glue bits of every
    /// variable are kept instead (and the positions returned are none).
    pub(super) fn feasible(
        &self,
        b: &[u8],
        from: usize,
        to: usize,
        after: &dyn Fn(usize) -> bool,
        mut glue: Option<&mut Glue>,
    ) -> Bits {
        crate::work::add((to - from + 1) * (1 + self.bodies.len()));
        let k = self.bodies.len();
        let keep_out = glue.is_none();
        let mut out = Bits::new(from, if keep_out { to } else { from });
        // Each body's live states, as bits, at p + 1 and at p.
        let mut next_live = vec![0u32; k];
        let mut live = vec![0u32; k];
        let mut next_b = vec![false; k];
        let mut cur_b = vec![false; k];
        let mut next_v0 = false;
        // A named body's start after its name, kept for the name's length.
        let mut after_name: Vec<Option<Bits>> = self
            .bodies
            .iter()
            .map(|body| (!body.name.is_empty()).then(|| Bits::new(from, to)))
            .collect();
        if let Some(g) = glue.as_deref_mut() {
            *g = Glue {
                b: (0..k).map(|_| Bits::new(from, to)).collect(),
                v1: (0..k).map(|_| Bits::new(from, to)).collect(),
            };
        }
        let mut v0 = vec![false; k + 1];
        let mut v1 = vec![false; k + 1];
        for p in (from..=to).rev() {
            let byte = if p < to { Some(b[p]) } else { None };
            let class = byte.map(|c| usize::from(CLASS[usize::from(c)]));
            v1[k] = after(p);
            v0[k] = false;
            for i in (0..k).rev() {
                let body = &self.bodies[i];
                let dfa = &body.dfa;
                let mut mask = if v1[i + 1] { dfa.accepting_mask } else { 0 };
                let ahead = next_live[i];
                if let (Some(c), true) = (class, ahead != 0) {
                    for (d, row) in dfa.next.iter().enumerate() {
                        let t = row[c];
                        if t != DEAD && ahead & (1 << t) != 0 {
                            mask |= 1 << d;
                        }
                    }
                }
                live[i] = mask;
                let start = mask & 1 != 0;
                let here = match &mut after_name[i] {
                    None => start,
                    Some(bits) => {
                        bits.set(p, start);
                        let n = body.name.len();
                        p + n <= to
                            && b[p] == body.name[0]
                            && b[p..p + n] == body.name[..]
                            && bits.get(p + n)
                    }
                };
                cur_b[i] = here;
                v0[i] = here || v0[i + 1];
                v1[i] = (byte == Some(self.sep) && next_b[i]) || v1[i + 1];
                if let Some(g) = glue.as_deref_mut() {
                    g.b[i].set(p, here);
                    g.v1[i].set(p, v1[i]);
                }
            }
            let read = match self.first {
                Some(f) => byte == Some(f) && next_v0,
                None => v0[0],
            };
            if keep_out {
                out.set(p, after(p) || read);
            }
            next_v0 = v0[0];
            core::mem::swap(&mut live, &mut next_live);
            core::mem::swap(&mut cur_b, &mut next_b);
        }
        out
    }

    /// Reading forwards from each start in `starts` (positions from
    /// `from` on): the positions where a reading of the expression can end
    /// (a start itself among them, every variable undefined), and the
    /// furthest position any reading was alive at.
    pub(super) fn forward(&self, b: &[u8], from: usize, starts: &Bits) -> (Bits, usize) {
        let k = self.bodies.len();
        let n = b.len();
        let mut ends = Bits::new(from, from);
        // What is live at the position being read: `first`, the
        // operator's first byte is due; `at_v0`, variable 0 comes next
        // with none defined before; per body, `enter` (it starts here),
        // `sep` (a `sep` before it is due), how much of its name is read,
        // and its DFA states.
        let mut first = false;
        let mut at_v0 = false;
        let mut enter = vec![false; k];
        let mut sep = vec![false; k];
        let mut name: Vec<Vec<bool>> = self
            .bodies
            .iter()
            .map(|b| vec![false; b.name.len()])
            .collect();
        let mut dfa: Vec<Vec<bool>> = self
            .bodies
            .iter()
            .map(|b| vec![false; b.dfa.len()])
            .collect();
        let mut scratch: Vec<bool> = Vec::new();
        let mut v0 = vec![false; k + 1];
        let mut v1 = vec![false; k + 1];
        let mut furthest = from;
        let last_start = starts.last_below(n + 1).unwrap_or(from);
        let mut p = from;
        loop {
            crate::work::add(1 + k);
            if starts.get(p) {
                // Every variable undefined: the empty expansion.
                ends.set(p, true);
                match self.first {
                    Some(_) => first = true,
                    None => at_v0 = true,
                }
            }
            // The glue, in variable order.
            v0.iter_mut().for_each(|x| *x = false);
            v1.iter_mut().for_each(|x| *x = false);
            v0[0] = core::mem::take(&mut at_v0);
            let mut alive = first;
            for i in 0..k {
                if v0[i] {
                    enter[i] = true;
                    v0[i + 1] = true;
                }
                if v1[i] {
                    sep[i] = true;
                    v1[i + 1] = true;
                }
                let body = &self.bodies[i];
                if core::mem::take(&mut enter[i]) {
                    match name[i].first_mut() {
                        Some(x) => *x = true,
                        None => dfa[i][0] = true,
                    }
                }
                for (d, &on) in dfa[i].iter().enumerate() {
                    if on {
                        alive = true;
                        if body.dfa.accepting(d as u8) {
                            v1[i + 1] = true;
                        }
                    }
                }
                alive |= sep[i] || name[i].iter().any(|&x| x);
            }
            if v1[k] {
                ends.set(p, true);
            }
            if alive || ends.get(p) {
                furthest = p;
            } else if p >= last_start {
                break;
            }
            if p == n {
                break;
            }
            // Read the byte at `p`.
            let c = b[p];
            at_v0 = core::mem::take(&mut first) && Some(c) == self.first;
            for i in 0..k {
                let body = &self.bodies[i];
                scratch.clear();
                scratch.resize(body.dfa.len(), false);
                for (d, &on) in dfa[i].iter().enumerate() {
                    if on {
                        let t = body.dfa.step(d as u8, c);
                        if t != DEAD {
                            scratch[usize::from(t)] = true;
                        }
                    }
                }
                core::mem::swap(&mut dfa[i], &mut scratch);
                let len = body.name.len();
                for j in (0..len).rev() {
                    let on = core::mem::take(&mut name[i][j]) && body.name[j] == c;
                    if on {
                        if j + 1 == len {
                            dfa[i][0] = true;
                        } else {
                            name[i][j + 1] = true;
                        }
                    }
                }
                if core::mem::take(&mut sep[i]) && c == self.sep {
                    enter[i] = true;
                }
            }
            p += 1;
        }
        (ends, furthest)
    }
}
