//! The search for values whose expansion is the URI: part by part along
//! the positions the automata allow, the quick greedy walk first, then the
//! full one, within a budget linear in the URI.
//!
//! May use: `template`'s types and automata, and the other files of
//! `matching`.

use alloc::vec;
use alloc::vec::Vec;

use crate::template::automaton::{Automaton, Bits};
use crate::template::captures::Capture;
use crate::template::expand::expand_var;
use crate::template::{Modifier, Operator, Part, Template, VarSpec};
use crate::{Error, ErrorKind};

use super::reader::*;
use super::text::*;

/// What the search knows of a variable.
#[derive(Clone, Copy, Debug)]
pub(super) enum Know<'u> {
    /// Nothing yet.
    Unknown,
    /// Undefined in a place read before.
    Undefined,
    /// Its value, read in a place before; with `Some(n)`, only its first
    /// `n` characters (a prefix read that kept `n`).
    Is(Capture<'u>, Option<u16>),
}

/// A place where a variable was read: its expression (part `k`), its spec
/// there, and its text `at..end` in the URI.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    pub(super) id: usize,
    pub(super) k: usize,
    pub(super) spec: usize,
    pub(super) at: usize,
    pub(super) end: usize,
}

/// The search's state.
pub(super) struct Search<'s, 'u> {
    pub(super) t: &'s Template,
    pub(super) uri: &'u str,
    /// From where the rest of the template can be read, after each part;
    /// without them, the quick guess.
    pub(super) ok: Option<&'s [Bits]>,
    pub(super) know: Vec<Know<'u>>,
    /// Every place a variable was read defined, in order.
    pub(super) places: Vec<Place>,
    /// What `know` held before each change, and how many places there
    /// were, to undo them.
    pub(super) trail: Vec<(usize, Know<'u>, usize)>,
    /// Steps left before the search gives up as ambiguous.
    pub(super) budget: usize,
    /// The furthest byte of the URI a refused reading reached.
    pub(super) furthest: usize,
    /// Where a reading was refused whose text [`readings`] does not list
    /// every value of (an expression's `{`): then an exhausted search
    /// proves nothing.
    pub(super) incomplete: Option<usize>,
    /// Whether the values read expand to the URI again by the form of
    /// what was read alone: each variable named once in the template
    /// (so no two places need agree), and each value read by the quick
    /// guess [`plain`](super::reader) (the full search checks each one).
    pub(super) proven: bool,
    /// Whether every variable is named once in the template: then no
    /// place read before is another of the same variable.
    pub(super) named_once: bool,
}

/// An expression being read at `q`: the ends still to try, and the
/// readings of the current end.
pub(super) struct Frame {
    pub(super) k: usize,
    pub(super) q: usize,
    pub(super) ends: Bits,
    pub(super) below: usize,
    pub(super) reader: Option<Reader>,
    pub(super) trail: usize,
}

impl<'s, 'u> Search<'s, 'u> {
    pub(super) fn new(
        t: &'s Template,
        uri: &'u str,
        ok: Option<&'s [Bits]>,
        budget: usize,
    ) -> Self {
        let named_once = t.vars.len() == t.names.len();
        let quick = ok.is_none();
        Search {
            t,
            uri,
            ok,
            know: vec![Know::Unknown; t.names.len()],
            // A place and a change or two for each variable of the
            // template, made once; none where they are not kept (see
            // `set` and `place`).
            places: Vec::with_capacity(if quick && named_once { 0 } else { t.vars.len() }),
            trail: Vec::with_capacity(if quick { 0 } else { 2 * t.vars.len() }),
            budget,
            furthest: 0,
            incomplete: None,
            proven: named_once,
            named_once,
        }
    }

    pub(super) fn spend(&mut self, units: usize, k: usize) -> Result<(), Error> {
        match self.budget.checked_sub(units) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => {
                let at = match &self.t.parts[k] {
                    Part::Expression { open, .. } => *open,
                    Part::Literal(_) => 0,
                };
                Err(Error::new(ErrorKind::AmbiguousTemplate, at))
            }
        }
    }

    pub(super) fn set(&mut self, id: usize, k: Know<'u>) {
        // The quick guess never goes back: it keeps nothing to undo.
        if self.ok.is_some() {
            self.trail.push((id, self.know[id], self.places.len()));
        }
        self.know[id] = k;
    }

    /// Records that the variable of `spec` (the `i`-th of part `k`) was
    /// read at `at..end`, what is known of it now `know`.
    #[inline]
    pub(super) fn place(
        &mut self,
        k: usize,
        i: usize,
        spec: &VarSpec,
        at: usize,
        end: usize,
        know: Know<'u>,
    ) {
        self.set(spec.id, know);
        // The quick guess asks for the places read before only to compare
        // a variable named again with them.
        if self.ok.is_none() && self.named_once {
            return;
        }
        self.places.push(Place {
            id: spec.id,
            k,
            spec: i,
            at,
            end,
        });
    }

    pub(super) fn undo(&mut self, to: usize) {
        while self.trail.len() > to {
            if let Some((id, k, places)) = self.trail.pop() {
                self.know[id] = k;
                self.places.truncate(places);
            }
        }
    }

    /// Notes that part `k` refused a reading while other values it does
    /// not list might have done.
    pub(super) fn unlisted(&mut self, k: usize) {
        if let Part::Expression { open, .. } = self.t.parts[k] {
            self.incomplete.get_or_insert(open);
        }
    }

    pub(super) fn miss(&mut self, at: usize) {
        self.furthest = self.furthest.max(at);
    }

    /// Steps 2 to 4: the values by variable id.
    pub(super) fn run(&mut self) -> Result<Vec<Option<Capture<'u>>>, Error> {
        let t = self.t;
        let b = self.uri.as_bytes();
        let n = b.len();
        let m = t.parts.len();
        // Which parts' failures can be remembered, and where they failed:
        // worked out when a part first fails (the quick guess never asks).
        let mut independent: Vec<bool> = Vec::new();
        let mut failed: Vec<Option<Bits>> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let (mut k, mut q) = (0, 0);
        let mut descend = true;
        loop {
            if descend {
                // Literals are where they must be.
                while let Some(Part::Literal(_)) = t.parts.get(k) {
                    match literal_at(t.literals[k].as_bytes(), b, q) {
                        Ok(e) => q = e,
                        _ => {
                            descend = false;
                            break;
                        }
                    }
                    k += 1;
                }
                if descend && k == m {
                    if q == n {
                        // In the room `know` had (the search is over).
                        return Ok(core::mem::take(&mut self.know)
                            .into_iter()
                            .map(|k| match k {
                                Know::Is(c, _) => Some(c),
                                _ => None,
                            })
                            .collect());
                    }
                    descend = false;
                }
                if descend
                    && failed
                        .get(k)
                        .is_some_and(|f| f.as_ref().is_some_and(|f| f.get(q)))
                {
                    descend = false;
                }
                if descend {
                    let Some(ok) = self.ok else {
                        // The guess: the last place in the run the
                        // expression can hold where the next part can
                        // begin, read by the quick walk; anything else
                        // gives the guess up. The last part must hold all
                        // that is left: the walk reads only bytes of the
                        // run (`Automaton::run_end`), so it fails where the
                        // run stops short, without the run being found.
                        let run = match t.parts.get(k + 1) {
                            None => n,
                            Some(_) => t.automaton(k).run_end(b, q),
                        };
                        self.spend(run - q + 1, k)?;
                        let fits = |p: usize| match t.parts.get(k + 1) {
                            None => p == n,
                            Some(Part::Literal(_)) => {
                                literal_at(t.literals[k + 1].as_bytes(), b, p).is_ok()
                            }
                            Some(Part::Expression { .. }) => true,
                        };
                        match (q..=run).rev().find(|&p| fits(p)) {
                            Some(r) if self.quick_read(k, q, r)? => {
                                (k, q) = (k + 1, r);
                                continue;
                            }
                            _ => return Err(Error::new(ErrorKind::NoMatch, q)),
                        }
                    };
                    // The ends of a reading from q that the rest accepts.
                    let (mut ends, furthest) = t.automaton(k).forward(b, q, &point(q));
                    self.spend(furthest - q + 1, k)?;
                    for p in q..=furthest {
                        if ends.get(p) && !ok[k + 1].get(p) {
                            ends.set(p, false);
                        }
                    }
                    frames.push(Frame {
                        k,
                        q,
                        ends,
                        below: furthest + 1,
                        reader: None,
                        trail: self.trail.len(),
                    });
                }
            }
            // The top frame's next reading.
            let Some(f) = frames.last_mut() else {
                return Err(match self.incomplete {
                    Some(at) => Error::new(ErrorKind::AmbiguousTemplate, at),
                    None => Error::new(ErrorKind::NoMatch, self.furthest),
                });
            };
            let (fk, fq) = (f.k, f.q);
            if let Some(mut reader) = f.reader.take() {
                let found = self.next_reading(&mut reader)?;
                let r = reader.r;
                let f = frames.last_mut().expect("the frame is still there");
                f.reader = Some(reader);
                if found {
                    (k, q) = (fk + 1, r);
                    descend = true;
                    continue;
                }
                f.reader = None;
            }
            let f = frames.last_mut().expect("the frame is still there");
            let trail = f.trail;
            let next_end = f.ends.last_below(f.below);
            match next_end {
                Some(r) => {
                    f.below = r;
                    self.undo(trail);
                    self.spend(1, fk)?;
                    let reader = Reader::new(t, fk, fq, r, b, self.trail.len());
                    self.spend(reader.cost, fk)?;
                    frames.last_mut().expect("the frame is still there").reader = Some(reader);
                }
                None => {
                    self.undo(trail);
                    frames.pop();
                    if independent.is_empty() {
                        independent = independent_parts(t);
                        failed = (0..m).map(|_| None).collect();
                    }
                    if independent[fk] {
                        failed[fk]
                            .get_or_insert_with(|| Bits::new(0, n))
                            .set(fq, true);
                    }
                }
            }
            descend = false;
        }
    }

    /// The quick walk over the text `q..r` of expression `k`: each
    /// variable defined where text is left (a named one where its name
    /// is), its text the shortest the automaton can end before a `sep`
    /// (the last variable's, all that is left), its first reading taken.
    /// False where that does not read the text; the full search then
    /// decides.
    pub(super) fn quick_read(&mut self, k: usize, q: usize, r: usize) -> Result<bool, Error> {
        let t = self.t;
        let Part::Expression { op, vars, .. } = &t.parts[k] else {
            return Ok(false);
        };
        let (op, specs, auto) = (*op, &t.vars[vars.clone()], t.automaton(k));
        let b = self.uri.as_bytes();
        let defined = |know: &Know<'_>| !matches!(know, Know::Unknown | Know::Undefined);
        if q == r {
            if specs.iter().any(|s| defined(&self.know[s.id])) {
                return Ok(false);
            }
            for s in specs {
                self.set(s.id, Know::Undefined);
            }
            return Ok(true);
        }
        let mut p = q;
        if let Some(f) = auto.first {
            if b[p] != f {
                return Ok(false);
            }
            p += 1;
        }
        let mut started = false;
        for (i, spec) in specs.iter().enumerate() {
            let body = &auto.bodies[i];
            let last = i + 1 == specs.len();
            let at = if started { p + 1 } else { p };
            let sep_ok = !started || (p < r && b[p] == auto.sep);
            let name = t.spec_name(spec);
            let here = sep_ok
                && at <= r
                && (body.name.is_empty() || {
                    let after = at + body.name.len();
                    after <= r
                        && b[at..after] == body.name[..]
                        && (after == r || b[after] == b'=' || b[after] == auto.sep)
                });
            let know = self.know[spec.id];
            if !here || (p == r && started) {
                if defined(&know) {
                    return Ok(false);
                }
                self.set(spec.id, Know::Undefined);
                continue;
            }
            if matches!(know, Know::Undefined) {
                return Ok(false);
            }
            // The shortest end the automaton reaches before a `sep` (or at
            // `r`), not cutting a run of members named after it.
            let mut state = 0u8;
            let mut pos = at + body.name.len();
            let mut end = None;
            let own_runs = has_own_runs(op, spec);
            // The expression's text, and the byte that ends a variable's
            // (none for the last variable: a value beyond a byte).
            let (text, stop) = (&b[..r], if last { 256 } else { u16::from(auto.sep) });
            loop {
                crate::work::add(1);
                // Only a boundary can end the text: asked first, the
                // automaton's state only there.
                let c = text.get(pos).copied();
                if c.is_none_or(|c| u16::from(c) == stop)
                    && body.dfa.accepting(state)
                    && !(own_runs && cuts_own_run(op, spec, name, b, pos, r))
                {
                    end = Some(pos);
                    break;
                }
                let Some(c) = c else {
                    break;
                };
                state = body.dfa.step(state, c);
                if state == crate::template::automaton::DEAD {
                    break;
                }
                pos += 1;
            }
            let Some(e) = end else {
                return Ok(false);
            };
            self.spend(e - at + 1, k)?;
            if self.take(k, i, op, spec, at, e, 0)?.is_none() {
                return Ok(false);
            }
            p = e;
            started = true;
        }
        Ok(p == r && started)
    }

    /// The next reading of the reader's text, with what it found set in
    /// `know`; false when there is none left.
    pub(super) fn next_reading(&mut self, rd: &mut Reader) -> Result<bool, Error> {
        let t = self.t;
        let Part::Expression { op, vars, .. } = &t.parts[rd.k] else {
            return Ok(false);
        };
        let op = *op;
        let specs = &t.vars[vars.clone()];
        let auto = t.automaton(rd.k);
        let b = self.uri.as_bytes();
        let last = specs.len();
        loop {
            self.spend(1, rd.k)?;
            match rd.phase {
                Phase::Empty => {
                    rd.phase = Phase::First;
                    // Every variable undefined, if none is known defined.
                    if rd.q == rd.r
                        && specs
                            .iter()
                            .all(|s| matches!(self.know[s.id], Know::Unknown | Know::Undefined))
                    {
                        for s in specs {
                            if matches!(self.know[s.id], Know::Unknown) {
                                self.set(s.id, Know::Undefined);
                            }
                        }
                        return Ok(true);
                    }
                }
                Phase::First => {
                    self.undo(rd.trail);
                    rd.phase = Phase::Walk;
                    let p = match auto.first {
                        Some(f) if rd.q < rd.r && b[rd.q] == f => rd.q + 1,
                        Some(_) => {
                            rd.phase = Phase::Done;
                            continue;
                        }
                        None => rd.q,
                    };
                    if last > 0 && rd.glue.v0(0, p) {
                        rd.frames.push(VarFrame {
                            i: 0,
                            s: false,
                            p,
                            stage: Stage::Start,
                            trail: self.trail.len(),
                            again: None,
                        });
                    }
                }
                Phase::Walk => {
                    let Some(top) = rd.frames.len().checked_sub(1) else {
                        rd.phase = Phase::Done;
                        continue;
                    };
                    let trail = rd.frames[top].trail;
                    self.undo(trail);
                    match self.next_option(rd, top, op, specs, auto)? {
                        Some((s, p)) => {
                            let i = rd.frames[top].i;
                            if i + 1 == last {
                                if s && p == rd.r {
                                    return Ok(true);
                                }
                            } else {
                                rd.frames.push(VarFrame {
                                    i: i + 1,
                                    s,
                                    p,
                                    stage: Stage::Start,
                                    trail: self.trail.len(),
                                    again: None,
                                });
                            }
                        }
                        None => {
                            rd.frames.pop();
                        }
                    }
                }
                Phase::Done => {
                    self.undo(rd.trail);
                    return Ok(false);
                }
            }
        }
    }

    /// The next way variable `rd.frames[top].i` can be read: defined (the
    /// shortest text first), then undefined. Returns where the next
    /// variable starts and whether one was defined by then.
    pub(super) fn next_option(
        &mut self,
        rd: &mut Reader,
        top: usize,
        op: Operator,
        specs: &[VarSpec],
        auto: &Automaton,
    ) -> Result<Option<(bool, usize)>, Error> {
        let b = self.uri.as_bytes();
        let VarFrame { i, s, p, .. } = rd.frames[top];
        let spec = &specs[i];
        let body = &auto.bodies[i];
        let last = specs.len();
        let r = rd.r;
        // Whether variables i+1.. can be read from `e` with one defined.
        let after = |rd: &Reader, e: usize, defined: bool| {
            if i + 1 == last {
                defined && e == r
            } else if defined {
                rd.glue.v1[i + 1].get(e)
            } else {
                rd.glue.v0(i + 1, e)
            }
        };
        loop {
            self.spend(1, rd.k)?;
            // The other readings of the text taken last.
            if let Some((at, e, alt)) = rd.frames[top].again.take() {
                if let Some(alt) = self.take(rd.k, i, op, spec, at, e, alt)? {
                    rd.frames[top].again = Some((at, e, alt + 1));
                    return Ok(Some((true, e)));
                }
            }
            match rd.frames[top].stage {
                Stage::Start => {
                    rd.frames[top].stage = Stage::Undefined;
                    let know = self.know[spec.id];
                    if matches!(know, Know::Undefined) {
                        continue;
                    }
                    let body_at = if s {
                        if p < r && b[p] == auto.sep {
                            p + 1
                        } else {
                            continue;
                        }
                    } else {
                        p
                    };
                    if !rd.glue.b[i].get(body_at) {
                        continue;
                    }
                    rd.frames[top].stage = Stage::Scan {
                        at: body_at,
                        state: 0,
                        pos: body_at + body.name.len(),
                        second: false,
                        deferred: false,
                    };
                    if let Know::Is(v, kept) = know {
                        // Known from a place before: its expansion here,
                        // where what is known of it is enough. Failing
                        // that, read here: a value read under `+` as
                        // written, or a list read as a string, may be read
                        // better here, and must then expand to the text of
                        // its places before.
                        let enough = match (kept, spec.modifier) {
                            (None, _) => true,
                            (Some(m), Modifier::Prefix(n)) => n <= m,
                            _ => false,
                        };
                        if enough {
                            let name = self.t.spec_name(spec);
                            let mut same = SameText::new(b, body_at, r);
                            self.spend(r - body_at + 1, rd.k)?;
                            let wrote = expand_var(op, spec, name, v.kind_view(), &mut same);
                            match same.end() {
                                Some(e) if wrote.is_ok() && after(rd, e, true) => {
                                    self.place(rd.k, i, spec, body_at, e, know);
                                    return Ok(Some((true, e)));
                                }
                                Some(e) => self.miss(e),
                                None => self.miss(same.at()),
                            }
                        }
                    }
                }
                Stage::Scan {
                    at,
                    state,
                    pos,
                    second,
                    deferred,
                } => {
                    crate::work::add(1);
                    // Past this position next time.
                    let moved = if pos < r {
                        let t = body.dfa.step(state, b[pos]);
                        (t != crate::template::automaton::DEAD).then_some((t, pos + 1))
                    } else {
                        None
                    };
                    let exit = body.dfa.accepting(state) && after(rd, pos, true);
                    // An exploded variable of a named operator keeps the
                    // members named after it: an end that cuts such a run
                    // is tried only after the others.
                    let cut = exit && cuts_own_run(op, spec, self.t.spec_name(spec), b, pos, r);
                    let deferred = deferred || (cut && !second);
                    rd.frames[top].stage = match moved {
                        Some((state, pos)) => Stage::Scan {
                            at,
                            state,
                            pos,
                            second,
                            deferred,
                        },
                        None if deferred && !second => Stage::Scan {
                            at,
                            state: 0,
                            pos: at + body.name.len(),
                            second: true,
                            deferred: false,
                        },
                        None => Stage::Undefined,
                    };
                    if exit && cut == second {
                        if let Some(alt) = self.take(rd.k, i, op, spec, at, pos, 0)? {
                            rd.frames[top].again = Some((at, pos, alt + 1));
                            return Ok(Some((true, pos)));
                        }
                    }
                }
                Stage::Undefined => {
                    rd.frames[top].stage = Stage::Done;
                    match self.know[spec.id] {
                        Know::Unknown if after(rd, p, s) => {
                            self.set(spec.id, Know::Undefined);
                            return Ok(Some((s, p)));
                        }
                        Know::Undefined if after(rd, p, s) => return Ok(Some((s, p))),
                        _ => {}
                    }
                }
                Stage::Done => return Ok(None),
            }
        }
    }

    /// Reads `uri[at..end]` as the value of `spec` (the `i`-th variable
    /// of part `k`), by the first of its readings from number `alt` that
    /// is a value and expands to the text of every place the variable was
    /// read before, and makes it what is known. Returns the number of the
    /// reading taken.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn take(
        &mut self,
        k: usize,
        i: usize,
        op: Operator,
        spec: &VarSpec,
        at: usize,
        end: usize,
        alt: usize,
    ) -> Result<Option<usize>, Error> {
        let t = self.t;
        let name = t.spec_name(spec);
        let b = self.uri.as_bytes();
        // Where every variable is named once, none was read before here.
        let before: usize = if self.named_once {
            0
        } else {
            self.places
                .iter()
                .filter(|p| p.id == spec.id)
                .map(|p| p.end - p.at + 1)
                .sum()
        };
        // Under `+` and `#` a value may hold the separators, and under `.`
        // an exploded one its `.`: more values than `readings` lists.
        let listed =
            !(op.allows_reserved() || op == Operator::Label && spec.modifier == Modifier::Explode);
        'readings: for alt in alt.. {
            self.spend(end - at + 1 + before, k)?;
            // The quick guess checks its whole answer once instead.
            let quick = self.ok.is_none();
            let (c, kept, plain) = match read(op, spec, name, self.uri, at, end, alt, !quick) {
                Ok(Some(x)) => x,
                Ok(None) => return Ok(None),
                Err(e) => {
                    self.miss(e);
                    if !listed {
                        self.unlisted(k);
                    }
                    continue;
                }
            };
            // The places read before must agree (the quick guess's answer
            // is checked whole instead).
            let again = !quick && before > 0;
            for place in self.places.iter().filter(|p| again && p.id == spec.id) {
                let Part::Expression { op, vars, .. } = &t.parts[place.k] else {
                    continue;
                };
                let there = &t.vars[vars.start + place.spec];
                let mut same = SameText::new(b, place.at, place.end);
                let wrote = expand_var(*op, there, t.spec_name(there), c.kind_view(), &mut same);
                if wrote.is_err() || !same.complete() {
                    self.furthest = self.furthest.max(at);
                    if !listed {
                        self.unlisted(k);
                    }
                    continue 'readings;
                }
            }
            self.proven &= plain;
            self.place(k, i, spec, at, end, Know::Is(c, kept));
            return Ok(Some(alt));
        }
        Ok(None)
    }
}

/// Whether a failure of parts `k..` at a position can be remembered, for
/// each `k`: no variable of theirs appears before `k` (a variable's first
/// and last parts do not straddle `k`).
fn independent_parts(t: &Template) -> Vec<bool> {
    let m = t.parts.len();
    let mut span: Vec<Option<(usize, usize)>> = vec![None; t.names.len()];
    for (k, part) in t.parts.iter().enumerate() {
        if let Part::Expression { vars, .. } = part {
            for v in &t.vars[vars.clone()] {
                let e = span[v.id].get_or_insert((k, k));
                e.1 = k;
            }
        }
    }
    let mut crossing = vec![0i64; m + 1];
    for &(first, last) in span.iter().flatten() {
        crossing[first + 1] += 1;
        crossing[last + 1] -= 1;
    }
    let mut open = 0;
    (0..m)
        .map(|k| {
            open += crossing[k];
            open == 0
        })
        .collect()
}

/// Whether a variable's members can be named after it (an exploded
/// variable of a named operator), so that a run of them is its own.
#[inline]
pub(super) fn has_own_runs(op: Operator, spec: &VarSpec) -> bool {
    op.named() && spec.modifier == Modifier::Explode
}

/// Whether ending an exploded variable of a named operator at `e` leaves
/// a member named after it next (`;x=1;x=2` read as `x` = `[1]` and the
/// rest for the next variable).
pub(super) fn cuts_own_run(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    b: &[u8],
    e: usize,
    r: usize,
) -> bool {
    if !has_own_runs(op, spec) || e >= r || b[e] != op.separator_byte() {
        return false;
    }
    let key = e + 1;
    let after = key + name.len();
    after <= r
        && &b[key..after] == name.as_bytes()
        && (after == r || b[after] == b'=' || b[after] == op.separator_byte())
}

/// The single position `q` as bits.
pub(super) fn point(q: usize) -> Bits {
    let mut b = Bits::new(q, q);
    b.set(q, true);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_find_the_last_position_below() {
        let mut b = Bits::new(3, 200);
        for p in [3, 70, 130, 200] {
            b.set(p, true);
        }
        assert_eq!(b.last_below(201), Some(200));
        assert_eq!(b.last_below(200), Some(130));
        assert_eq!(b.last_below(130), Some(70));
        assert_eq!(b.last_below(70), Some(3));
        assert_eq!(b.last_below(3), None);
        assert_eq!(b.last_below(0), None);
    }
}
