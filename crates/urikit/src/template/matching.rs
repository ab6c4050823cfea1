//! Matching: a URI read back into values whose expansion it is.
//!
//! The contract ([`Template::match_uri`]): the values returned expand to
//! the URI again, up to how its escapes are spelled; where no values do,
//! `no-match`; where the search for them would take more than a budget
//! linear in the URI, `ambiguous-template`. Never a wrong answer: every
//! reading is checked by expanding it again before it is returned.
//!
//! How the search goes:
//!
//! 1. Each expression's expansion is a regular language ([`Automaton`]).
//!    Backwards over the URI, part by part, the positions from which the
//!    rest of the template can be read: `ok[k]` for part `k` (bits, one
//!    per byte). Linear in the URI for a fixed template.
//! 2. Forwards along those positions: each literal is where it must be;
//!    each expression takes the longest text the rest accepts (as a
//!    regular expression's greedy group would), and within it each
//!    variable the shortest, defined before undefined, so that `{x,y}` on
//!    `1024,768` gives `x=1024` and `y=768`, and `{path}.{ext}` on
//!    `a.tar.gz` gives `ext=gz`.
//! 3. Each variable's text is read ([`read`]): decoded to UTF-8, a prefix
//!    no longer than its length, and expanded again to the same text. A
//!    variable named twice must agree: its later places are the earlier
//!    value expanded, compared with the URI.
//! 4. A reading refused in step 3 makes the search try the next one
//!    (shorter texts, other splits), within the budget. A failed part at a
//!    position is remembered where nothing read before can change it.
//!
//! May use: `grammar`, `out`, `pct`, `error`, `work`, and the types of
//! `template`.

use alloc::vec;
use alloc::vec::Vec;

use super::automaton::{Automaton, Bits, Glue};
use super::captures::{Capture, Captures, Shape};
use super::expand::expand_var;
use super::{Modifier, Operator, Part, Template, VarSpec, Variables};
use crate::grammar::rfc3986::{hex_val, UNRESERVED};
use crate::out::Push;
use crate::{Error, ErrorKind};

impl Template {
    /// The variables whose expansion is `uri`, decoded and owned: the
    /// reverse of [`expand`](Self::expand). See [`captures`](Self::captures)
    /// for the rules; this is its answer as [`Variables`].
    ///
    /// # Errors
    ///
    /// As [`captures`](Self::captures).
    ///
    /// ```
    /// use urikit::template::{Template, Value};
    ///
    /// let t = Template::parse("https://api.example.com/users/{id}/repos{?page,sort}")?;
    /// let vars = t.match_uri("https://api.example.com/users/octo%20cat/repos?sort=new")?;
    /// assert_eq!(vars.get("id"), Some(&Value::String("octo cat".into())));
    /// assert_eq!(vars.get("sort"), Some(&Value::String("new".into())));
    /// assert_eq!(vars.get("page"), None);
    /// assert_eq!(t.expand(&vars)?, "https://api.example.com/users/octo%20cat/repos?sort=new");
    /// let e = t.match_uri("https://api.example.com/groups/1").unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("no-match", 24));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Result<Variables, Error> {
        self.captures(uri).map(|c| c.to_variables())
    }

    /// The values whose expansion is `uri` (RFC 6570 section 1.4's
    /// "variable matching"), each as the URI writes it and decoded when
    /// asked: expanding them gives `uri` again, up to how its escapes are
    /// spelled (`%7e` or `~`, `%C3%A9` or `é`; RFC 3986 section 6.2.2).
    ///
    /// Where several sets of values expand to `uri`, the one returned is
    /// chosen so: each expression takes the longest text the rest of the
    /// template accepts (`{path}.{ext}` on `a.tar.gz` gives `ext=gz`);
    /// within an expression, each variable takes the shortest text the
    /// variables after it accept, and is defined where it can be (`{x,y}`
    /// on `1024,768` gives both; `{a}{b}` on `xy` gives `a=xy`). A
    /// variable that takes no text is undefined, not empty.
    ///
    /// Values are percent-decoded, but for `+` and `#`, whose expansion
    /// keeps `%HH` as the value had it (section 3.2.3): theirs come back as
    /// written. A `,` in the text of a variable that is not exploded makes
    /// it a list; `key=value` members of an exploded one make an
    /// associative array, and `name=value` members named after the
    /// variable a list. A list and an associative array that is not
    /// exploded expand alike (`a,1,b,2`); such a value comes back as a
    /// list. A variable named twice has one value (section 2.3).
    ///
    /// Time and memory are linear in the URI for a given template (bits
    /// per byte for each expression, and a budget on retries).
    ///
    /// # Errors
    ///
    /// [`NoMatch`](ErrorKind::NoMatch) when no values expand to `uri`, at
    /// the furthest byte of `uri` any reading reached;
    /// [`AmbiguousTemplate`](ErrorKind::AmbiguousTemplate), at the `{` of
    /// the expression in the template, when the readings to try exceed the
    /// budget (expressions that can hold the text around them, or a
    /// variable named twice whose places disagree in many ways).
    ///
    /// ```
    /// use urikit::template::{Template, Value};
    ///
    /// let t = Template::parse("/files/{name}.json?download=1")?;
    /// let found = t.captures("/files/report.json?download=1")?;
    /// assert_eq!(found.get("name").unwrap().as_str(), "report");
    /// let t = Template::parse("{a}-{b}-{a}")?;
    /// let found = t.captures("1-2-3-1-2")?.to_variables();
    /// assert_eq!(found.get("a"), Some(&Value::String("1-2".into())));
    /// assert_eq!(t.expand(&found)?, "1-2-3-1-2");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn captures<'t, 'u>(&'t self, uri: &'u str) -> Result<Captures<'t, 'u>, Error> {
        let b = uri.as_bytes();
        let n = b.len();
        let m = self.parts.len();
        crate::work::add(n);
        // Most URIs are read by the first guess at each expression's end
        // (the last place the next literal fits): tried first, with a small
        // budget, and checked like every answer.
        let quick = Search::new(self, uri, None, 4 * (n + 64) * (m + 4)).run();
        let values = match quick {
            Ok(values) if self.expands_to(&values, b) => values,
            _ => {
                let values = self.search(uri)?;
                // Checked once more as a whole: the values expand to the
                // URI.
                if !self.expands_to(&values, b) {
                    let at = self.first_expression_offset();
                    return Err(Error::new(ErrorKind::AmbiguousTemplate, at));
                }
                values
            }
        };
        Ok(Captures::new(self, values))
    }

    /// Whether `values` expand to all of `b`, up to how escapes are
    /// spelled.
    fn expands_to(&self, values: &[Option<Capture<'_>>], b: &[u8]) -> bool {
        let mut same = SameText::new(b, 0, b.len());
        self.expand_to(values, &mut same).is_ok() && same.complete()
    }

    /// Steps 1 to 4: the values by variable id.
    fn search<'u>(&self, uri: &'u str) -> Result<Vec<Option<Capture<'u>>>, Error> {
        let b = uri.as_bytes();
        let n = b.len();
        let m = self.parts.len();
        // Step 1: from where the rest can be read.
        let mut ok: Vec<Bits> = (0..=m).map(|_| Bits::default()).collect();
        let mut end = Bits::new(n, n);
        end.set(n, true);
        ok[m] = end;
        for k in (0..m).rev() {
            let (head, tail) = ok.split_at_mut(k + 1);
            let next = &mut tail[0];
            head[k] = match &self.parts[k] {
                Part::Literal(_) => {
                    let lit = self.literals[k].as_bytes();
                    let mut bits = Bits::new(0, n);
                    for p in 0..=n {
                        if literal_at(lit, b, p).is_ok_and(|e| next.get(e)) {
                            bits.set(p, true);
                        }
                    }
                    bits
                }
                Part::Expression { .. } => {
                    self.automaton(k).feasible(b, 0, n, &|p| next.get(p), None)
                }
            };
            // The search reads only the positions after each expression.
            if matches!(self.parts[k], Part::Literal(_)) && k + 1 < m {
                *next = Bits::default();
            }
        }
        if !ok[0].get(0) {
            return Err(Error::new(ErrorKind::NoMatch, self.no_match_at(b)));
        }
        // Steps 2 to 4.
        Search::new(self, uri, Some(&ok), 16 * (n + 64) * (m + 4)).run()
    }

    fn automaton(&self, k: usize) -> &Automaton {
        self.automata[k]
            .as_ref()
            .expect("an expression part has an automaton")
    }

    fn first_expression_offset(&self) -> usize {
        self.parts
            .iter()
            .find_map(|p| match p {
                Part::Expression { open, .. } => Some(*open),
                Part::Literal(_) => None,
            })
            .unwrap_or(0)
    }

    /// Where a URI that no reading fits stops fitting: forwards through
    /// the parts from every position a reading can be at, the furthest
    /// byte any reached.
    fn no_match_at(&self, b: &[u8]) -> usize {
        let n = b.len();
        let mut reach = Bits::new(0, n);
        reach.set(0, true);
        let mut furthest = 0;
        for (k, part) in self.parts.iter().enumerate() {
            let next = match part {
                Part::Literal(_) => {
                    let lit = self.literals[k].as_bytes();
                    let mut next = Bits::new(0, n);
                    let mut below = n + 1;
                    while let Some(p) = reach.last_below(below) {
                        below = p;
                        match literal_at(lit, b, p) {
                            Ok(e) => next.set(e, true),
                            Err(at) => furthest = furthest.max(at),
                        }
                    }
                    next
                }
                Part::Expression { .. } => {
                    let (ends, at) = self.automaton(k).forward(b, 0, &reach);
                    furthest = furthest.max(at);
                    ends
                }
            };
            reach = next;
            if let Some(p) = reach.last_below(n + 1) {
                furthest = furthest.max(p);
            }
        }
        furthest
    }
}

/// What the search knows of a variable.
#[derive(Clone, Copy, Debug)]
enum Know<'u> {
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
struct Place {
    id: usize,
    k: usize,
    spec: usize,
    at: usize,
    end: usize,
}

/// The search's state.
struct Search<'s, 'u> {
    t: &'s Template,
    uri: &'u str,
    /// From where the rest of the template can be read, after each part;
    /// without them, the quick guess.
    ok: Option<&'s [Bits]>,
    know: Vec<Know<'u>>,
    /// Every place a variable was read defined, in order.
    places: Vec<Place>,
    /// What `know` held before each change, and how many places there
    /// were, to undo them.
    trail: Vec<(usize, Know<'u>, usize)>,
    /// Steps left before the search gives up as ambiguous.
    budget: usize,
    /// The furthest byte of the URI a refused reading reached.
    furthest: usize,
    /// Where a reading was refused whose text [`readings`] does not list
    /// every value of (an expression's `{`): then an exhausted search
    /// proves nothing.
    incomplete: Option<usize>,
}

/// An expression being read at `q`: the ends still to try, and the
/// readings of the current end.
struct Frame {
    k: usize,
    q: usize,
    ends: Bits,
    below: usize,
    reader: Option<Reader>,
    trail: usize,
}

impl<'s, 'u> Search<'s, 'u> {
    fn new(t: &'s Template, uri: &'u str, ok: Option<&'s [Bits]>, budget: usize) -> Self {
        Search {
            t,
            uri,
            ok,
            know: vec![Know::Unknown; t.names.len()],
            places: Vec::new(),
            trail: Vec::new(),
            budget,
            furthest: 0,
            incomplete: None,
        }
    }

    fn spend(&mut self, units: usize, k: usize) -> Result<(), Error> {
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

    fn set(&mut self, id: usize, k: Know<'u>) {
        self.trail.push((id, self.know[id], self.places.len()));
        self.know[id] = k;
    }

    /// Records that the variable of `spec` (the `i`-th of part `k`) was
    /// read at `at..end`, what is known of it now `know`.
    fn place(&mut self, k: usize, i: usize, spec: &VarSpec, at: usize, end: usize, know: Know<'u>) {
        self.set(spec.id, know);
        self.places.push(Place {
            id: spec.id,
            k,
            spec: i,
            at,
            end,
        });
    }

    fn undo(&mut self, to: usize) {
        while self.trail.len() > to {
            if let Some((id, k, places)) = self.trail.pop() {
                self.know[id] = k;
                self.places.truncate(places);
            }
        }
    }

    /// Notes that part `k` refused a reading while other values it does
    /// not list might have done.
    fn unlisted(&mut self, k: usize) {
        if let Part::Expression { open, .. } = self.t.parts[k] {
            self.incomplete.get_or_insert(open);
        }
    }

    fn miss(&mut self, at: usize) {
        self.furthest = self.furthest.max(at);
    }

    /// Steps 2 to 4: the values by variable id.
    fn run(&mut self) -> Result<Vec<Option<Capture<'u>>>, Error> {
        let t = self.t;
        let b = self.uri.as_bytes();
        let n = b.len();
        let m = t.parts.len();
        // Whether a failure of parts k.. at a position can be remembered:
        // no variable of theirs appears before k (a variable's first and
        // last parts do not straddle k).
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
        let independent: Vec<bool> = (0..m)
            .map(|k| {
                open += crossing[k];
                open == 0
            })
            .collect();
        let mut failed: Vec<Option<Bits>> = (0..m).map(|_| None).collect();
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
                        return Ok(self
                            .know
                            .iter()
                            .map(|k| match k {
                                Know::Is(c, _) => Some(*c),
                                _ => None,
                            })
                            .collect());
                    }
                    descend = false;
                }
                if descend && failed[k].as_ref().is_some_and(|f| f.get(q)) {
                    descend = false;
                }
                if descend {
                    let Some(ok) = self.ok else {
                        // The guess: the last place in the run the
                        // expression can hold where the next part can
                        // begin, read by the quick walk; anything else
                        // gives the guess up.
                        let run = t.automaton(k).run_end(b, q);
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
    fn quick_read(&mut self, k: usize, q: usize, r: usize) -> Result<bool, Error> {
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
            loop {
                crate::work::add(1);
                if body.dfa.accepting(state) {
                    let boundary = pos == r || (!last && b[pos] == auto.sep);
                    if boundary && !cuts_own_run(op, spec, name, b, pos, r) {
                        end = Some(pos);
                        break;
                    }
                }
                if pos == r {
                    break;
                }
                state = body.dfa.step(state, b[pos]);
                if state == super::automaton::DEAD {
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
    fn next_reading(&mut self, rd: &mut Reader) -> Result<bool, Error> {
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
    fn next_option(
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
                        (t != super::automaton::DEAD).then_some((t, pos + 1))
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
    fn take(
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
        let before: usize = self
            .places
            .iter()
            .filter(|p| p.id == spec.id)
            .map(|p| p.end - p.at + 1)
            .sum();
        // Under `+` and `#` a value may hold the separators, and under `.`
        // an exploded one its `.`: more values than `readings` lists.
        let listed =
            !(op.allows_reserved() || op == Operator::Label && spec.modifier == Modifier::Explode);
        'readings: for alt in alt.. {
            self.spend(end - at + 1 + before, k)?;
            // The quick guess checks its whole answer once instead.
            let quick = self.ok.is_none();
            let (c, kept) = match read(op, spec, name, self.uri, at, end, alt, !quick) {
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
            for place in self.places.iter().filter(|p| !quick && p.id == spec.id) {
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
            self.place(k, i, spec, at, end, Know::Is(c, kept));
            return Ok(Some(alt));
        }
        Ok(None)
    }
}

/// Whether ending an exploded variable of a named operator at `e` leaves
/// a member named after it next (`;x=1;x=2` read as `x` = `[1]` and the
/// rest for the next variable).
fn cuts_own_run(op: Operator, spec: &VarSpec, name: &str, b: &[u8], e: usize, r: usize) -> bool {
    if !op.named() || spec.modifier != Modifier::Explode || e >= r || b[e] != op.separator_byte() {
        return false;
    }
    let key = e + 1;
    let after = key + name.len();
    after <= r
        && &b[key..after] == name.as_bytes()
        && (after == r || b[after] == b'=' || b[after] == op.separator_byte())
}

/// The single position `q` as bits.
fn point(q: usize) -> Bits {
    let mut b = Bits::new(q, q);
    b.set(q, true);
    b
}

/// Where the reading of a fixed text is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The empty reading (every variable undefined) is next.
    Empty,
    /// The operator's first character, then the variables.
    First,
    /// Walking the variables.
    Walk,
    /// No reading left.
    Done,
}

/// The readings of one expression's text `q..r`: a walk over its
/// variables, each frame a variable with the options it has left.
struct Reader {
    k: usize,
    q: usize,
    r: usize,
    glue: Glue,
    phase: Phase,
    frames: Vec<VarFrame>,
    trail: usize,
    /// The bytes examined to build it.
    cost: usize,
}

impl Reader {
    fn new(t: &Template, k: usize, q: usize, r: usize, b: &[u8], trail: usize) -> Reader {
        let mut glue = Glue::default();
        let auto = t.automaton(k);
        auto.feasible(b, q, r, &|p| p == r, Some(&mut glue));
        Reader {
            k,
            q,
            r,
            glue,
            phase: Phase::Empty,
            frames: Vec::new(),
            trail,
            cost: (r - q + 1) * (1 + auto.bodies.len()),
        }
    }
}

/// A variable of the walk: where it starts, whether one was defined
/// before it, which options it has tried, and the text it took last (its
/// start, end, and the number of the next reading to try).
#[derive(Clone, Copy)]
struct VarFrame {
    i: usize,
    s: bool,
    p: usize,
    stage: Stage,
    trail: usize,
    again: Option<(usize, usize, usize)>,
}

#[derive(Clone, Copy)]
enum Stage {
    /// Nothing tried.
    Start,
    /// Scanning the body from `at`: its automaton in `state` at `pos`;
    /// in the `second` pass, the ends `deferred` in the first.
    Scan {
        at: usize,
        state: u8,
        pos: usize,
        second: bool,
        deferred: bool,
    },
    /// Undefined is next.
    Undefined,
    /// Nothing left.
    Done,
}

/// The readings of `text` (at byte `at`), the text of `spec`'s expansion
/// after its `sep`, as a value: where it begins and how it holds the value,
/// the likeliest first. A text may be more than one value's expansion: a
/// list not exploded and an associative array (`a,1,b,2`), a string and
/// members under `+` and `#` (`a,b` or `k=v`), a list and pairs under the
/// named operators (`x=1&x=2`). Which one is the value shows only where
/// the variable is read again, elsewhere.
fn readings<'u>(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    text: &'u str,
    at: usize,
) -> [Option<(&'u str, usize, Shape)>; 3] {
    let sep = op.separator_byte();
    let has = |c: u8| memchr::memchr(c, text.as_bytes()).is_some();
    let even_pairs = |v: &str| v.bytes().filter(|&c| c == b',').count() % 2 == 1;
    let whole = |shape| Some((text, at, shape));
    if op.allows_reserved() {
        return match spec.modifier {
            Modifier::Prefix(_) => [whole(Shape::Str), None, None],
            Modifier::None => [
                whole(Shape::Str),
                has(b',').then_some((text, at, Shape::List)),
                (has(b',') && even_pairs(text)).then_some((text, at, Shape::CommaPairs)),
            ],
            Modifier::Explode => [
                whole(Shape::Str),
                has(sep).then_some((text, at, Shape::Members)),
                has(b'=').then_some((text, at, Shape::Pairs)),
            ],
        };
    }
    if op.named() && (spec.modifier != Modifier::Explode || one_named(text, name, sep)) {
        // `name`, `name=` or `name=value` (an exploded variable's one
        // member named after it is that too: a string, or one pair).
        let rest = text.get(name.len()..).unwrap_or("");
        let (v, v_at) = match rest.strip_prefix('=') {
            Some(v) => (v, at + name.len() + 1),
            None => (rest, at + name.len()),
        };
        if spec.modifier == Modifier::Explode {
            return [Some((v, v_at, Shape::Str)), whole(Shape::Pairs), None];
        }
        let list = spec.modifier == Modifier::None
            && (v.contains(',') || (op == Operator::PathParam && rest == "="));
        if !list {
            return [Some((v, v_at, Shape::Str)), None, None];
        }
        return [
            Some((v, v_at, Shape::List)),
            even_pairs(v).then_some((v, v_at, Shape::CommaPairs)),
            None,
        ];
    }
    match spec.modifier {
        Modifier::None if has(b',') => [
            whole(Shape::List),
            even_pairs(text).then_some((text, at, Shape::CommaPairs)),
            None,
        ],
        Modifier::None | Modifier::Prefix(_) => [whole(Shape::Str), None, None],
        Modifier::Explode if op.named() => {
            let all_named = text
                .split(char::from(sep))
                .all(|m| m.split_once('=').map_or(m, |(k, _)| k) == name);
            if all_named {
                [whole(Shape::Members), whole(Shape::Pairs), None]
            } else {
                [whole(Shape::Pairs), None, None]
            }
        }
        Modifier::Explode if has(b'=') => [whole(Shape::Pairs), None, None],
        // One member: a string, which expands as a list of one does and
        // also where a prefix takes it. Without `=`, members are also the
        // keys of pairs whose values are empty (section 3.2.1).
        Modifier::Explode if !has(sep) => [whole(Shape::Str), whole(Shape::Pairs), None],
        // Under `.` a string may hold the `.` that joins members.
        Modifier::Explode if sep == b'.' => [
            whole(Shape::Members),
            whole(Shape::Str),
            whole(Shape::Pairs),
        ],
        Modifier::Explode => [whole(Shape::Members), whole(Shape::Pairs), None],
    }
}

#[allow(clippy::too_many_arguments)]
/// Reads `uri[at..end]`, the text of `spec`'s expansion (after its `sep`),
/// as a value by its reading number `alt` (see [`readings`]): the capture
/// and, for a prefix that kept its whole length `n`, `Some(n)` (the value
/// may go on); `Ok(None)` when there is no such reading; or the byte where
/// it fails to be one. The value must decode to UTF-8, keep no more
/// characters than its prefix allows, and expand to the same text again.
fn read<'u>(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    uri: &'u str,
    at: usize,
    end: usize,
    alt: usize,
    check: bool,
) -> Result<Option<(Capture<'u>, Option<u16>)>, usize> {
    let text = match uri.get(at..end) {
        Some(t) => t,
        None => return Err(at),
    };
    crate::work::add(text.len());
    let Some(Some((value, value_at, shape))) = readings(op, spec, name, text, at).get(alt).copied()
    else {
        return Ok(None);
    };
    let c = Capture::new(value, value_at, op, shape);
    // Decodes to UTF-8 (a valid whole splits into valid members at the
    // ASCII separators).
    let mut chars = 0usize;
    if !op.allows_reserved() {
        let vb = value.as_bytes();
        let mut utf8 = Utf8::default();
        let mut i = 0;
        while i < vb.len() {
            let (v, _, len) = unit(vb, i);
            if v & 0xC0 != 0x80 {
                if let Modifier::Prefix(n) = spec.modifier {
                    if chars == usize::from(n) {
                        return Err(value_at + i);
                    }
                }
                chars += 1;
            }
            if !utf8.feed(v, i) {
                return Err(value_at + utf8.start);
            }
            i += len;
        }
        if utf8.need > 0 {
            return Err(value_at + utf8.start);
        }
    } else {
        chars = super::captures::reserved_value(value).chars().count();
        if let Modifier::Prefix(n) = spec.modifier {
            if chars > usize::from(n) {
                return Err(value_at);
            }
        }
    }
    // And expands to the same text again (unless the caller checks the
    // whole answer so, and only that).
    if !check {
        return Ok(Some((c, kept_of(spec, chars))));
    }
    let mut same = SameText::new(uri.as_bytes(), at, end);
    if expand_var(op, spec, name, c.kind_view(), &mut same).is_err() {
        return Err(at);
    }
    match same.end() {
        Some(e) if e == end => {}
        Some(e) => return Err(e),
        None => return Err(same.at()),
    }
    Ok(Some((c, kept_of(spec, chars))))
}

/// For a prefix that kept its whole length (`chars` characters), the
/// length: the value may go on beyond what was read.
fn kept_of(spec: &VarSpec, chars: usize) -> Option<u16> {
    match spec.modifier {
        Modifier::Prefix(n) if chars == usize::from(n) => Some(n),
        _ => None,
    }
}

/// Whether `text` is one member named `name` (`name`, or `name=` and a
/// value), under a named operator whose separator is `sep`.
fn one_named(text: &str, name: &str, sep: u8) -> bool {
    memchr::memchr(sep, text.as_bytes()).is_none()
        && text
            .strip_prefix(name)
            .is_some_and(|r| r.is_empty() || r.starts_with('='))
}

/// UTF-8 checked a byte at a time (the decoded bytes of a value, which
/// are never gathered): how many continuation bytes are due, their range,
/// and where the sequence began.
#[derive(Default)]
struct Utf8 {
    need: u8,
    lo: u8,
    hi: u8,
    start: usize,
}

impl Utf8 {
    /// Takes byte `b` (from offset `at`); false where the text stops being
    /// UTF-8 (RFC 3629 section 4's ranges).
    fn feed(&mut self, b: u8, at: usize) -> bool {
        if self.need > 0 {
            if b < self.lo || b > self.hi {
                return false;
            }
            self.need -= 1;
            (self.lo, self.hi) = (0x80, 0xBF);
            return true;
        }
        self.start = at;
        let (need, lo, hi) = match b {
            0x00..=0x7F => return true,
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xE1..=0xEF => (2, 0x80, 0xBF),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => return false,
        };
        (self.need, self.lo, self.hi) = (need, lo, hi);
        true
    }
}

/// One unit of text at `i`: the byte a `%HH` triplet stands for, or the
/// byte itself; whether it is an escaped delimiter (which is not the
/// delimiter: RFC 3986 sections 2.2 and 6.2.2.2, while an escaped
/// unreserved character or a byte beyond ASCII is the same as itself);
/// and its length.
#[inline]
fn unit(b: &[u8], i: usize) -> (u8, bool, usize) {
    let c = b[i];
    if c == b'%' {
        if let (Some(h), Some(l)) = (
            b.get(i + 1).and_then(|&h| hex_val(h)),
            b.get(i + 2).and_then(|&l| hex_val(l)),
        ) {
            let v = (h << 4) | l;
            return (v, !(v >= 0x80 || UNRESERVED.allows(v)), 3);
        }
    }
    (c, false, 1)
}

/// Whether the literal `lit` (as expansion writes it) is at `p` in `b`,
/// unit by unit: the end of it, or the first byte that differs.
fn literal_at(lit: &[u8], b: &[u8], p: usize) -> Result<usize, usize> {
    let mut same = SameText::new(b, p, b.len());
    same.compare(lit);
    same.end().ok_or(same.at())
}

/// A sink that compares what expansion writes with `b[pos..end]`, unit by
/// unit, instead of keeping it. Expansion writes each `%HH` whole.
struct SameText<'u> {
    b: &'u [u8],
    pos: usize,
    end: usize,
    failed: bool,
}

impl<'u> SameText<'u> {
    fn new(b: &'u [u8], pos: usize, end: usize) -> SameText<'u> {
        SameText {
            b,
            pos,
            end,
            failed: false,
        }
    }

    fn compare(&mut self, s: &[u8]) {
        crate::work::add(s.len());
        let mut i = 0;
        while i < s.len() && !self.failed {
            if self.pos >= self.end {
                self.failed = true;
                break;
            }
            // Most bytes are themselves on both sides.
            let c = s[i];
            if c == self.b[self.pos] && c != b'%' {
                i += 1;
                self.pos += 1;
                continue;
            }
            let (v, esc, len) = unit(s, i);
            let (w, wesc, wlen) = unit(self.b, self.pos);
            if (v, esc) != (w, wesc) || self.pos + wlen > self.end {
                self.failed = true;
                break;
            }
            self.pos += wlen;
            i += len;
        }
    }

    /// Where the text written ends in `b`, if it was all there.
    fn end(&self) -> Option<usize> {
        (!self.failed).then_some(self.pos)
    }

    /// The byte of `b` where it stopped.
    fn at(&self) -> usize {
        self.pos
    }

    /// Whether the text written is all of `b[..end]`.
    fn complete(&self) -> bool {
        !self.failed && self.pos == self.end
    }
}

impl Push for SameText<'_> {
    fn push_str(&mut self, s: &str) {
        self.compare(s.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_equal_up_to_how_escapes_are_spelled() {
        let same = |a: &str, b: &str| literal_at(a.as_bytes(), b.as_bytes(), 0) == Ok(b.len());
        assert!(same("%7E", "~"));
        assert!(same("%7e", "%7E"));
        assert!(same("%C3%A9", "é"));
        assert!(!same("%2F", "/"));
        assert!(!same("/", "%2F"));
        assert!(same("a%2Fb", "a%2fb"));
        assert_eq!(literal_at(b"abc", b"abx", 0), Err(2));
        assert_eq!(literal_at(b"abc", b"ab", 0), Err(2));
    }

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
