//! Matching: a URI read back into values whose expansion it is.
//!
//! The contract ([`Template::match_uri`]): the values returned expand to
//! the URI again, up to how its escapes are spelled; where no values do,
//! `no-match`; where the search for them would take more than a budget
//! linear in the URI, `ambiguous-template`. Never a wrong answer: every
//! reading is checked by expanding it again before it is returned, unless
//! its form proves that check passes (below).
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
//! Before steps 1 to 4, a quick guess: each expression ends at the last
//! place in its run where the next literal fits, each variable at the
//! first `sep` its automaton allows. Its answer is expanded again and
//! compared with the URI, but where the form of what it read proves the
//! comparison would pass: every variable named once in the template, and
//! each defined one a string under an operator without `U+R` whose text
//! is the value (after `name=`, or `name` and `ifemp` for an empty value)
//! made of unreserved characters, bytes beyond ASCII and `%HH` triplets.
//! Literals, `first` and `sep` were compared where they stand, and such a
//! value, decoded to UTF-8, expands unit for unit to its own text
//! (`reader::plain`). Debug builds (every test run) compare all the same.
//!
//! May use: `grammar`, `out`, `pct`, `error`, `work`, and the types of
//! `template`.

//!
//! The files: this one, the calls and the checks around the search;
//! `search`, the walk over the parts with its budget; `reader`, the
//! readings of one expression's text; `text`, the comparisons of text up to
//! how escapes are spelled.

mod reader;
mod search;
mod text;

use alloc::string::String;
use alloc::vec::Vec;

use super::automaton::{Automaton, Bits};
use super::captures::{Capture, Captures};
use super::expand::{FromVars, Source};
use super::{Part, Template, Variables};

use crate::{Error, ErrorKind};

use search::Search;
use text::*;

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
        crate::work::add(uri.len());
        // As `captures`, but the quick guess's values are decoded once:
        // into the answer, which is then the one checked.
        if let Ok((values, proven)) = self.quick_guess(uri) {
            let vars = Captures::new(self, values).to_variables();
            // The proof is checked in every test run (debug builds).
            debug_assert!(!proven || self.expands_to(&FromVars(&vars), uri), "{uri}");
            if proven || self.expands_to(&FromVars(&vars), uri) {
                return Ok(vars);
            }
        }
        let values = self.searched(uri)?;
        Ok(Captures::new(self, values).to_variables())
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
        crate::work::add(uri.len());
        let values = match self.quick_guess(uri) {
            Ok((values, proven)) if proven || self.expands_to(&values[..], uri) => {
                debug_assert!(!proven || self.expands_to(&values[..], uri), "{uri}");
                values
            }
            _ => self.searched(uri)?,
        };
        Ok(Captures::new(self, values))
    }

    /// Most URIs are read by the first guess at each expression's end (the
    /// last place the next literal fits): tried first, with a small
    /// budget. Its values are checked only where the form of what was read
    /// does not prove them (the flag: see `Search::proven`).
    fn quick_guess<'u>(&self, uri: &'u str) -> Result<(Vec<Option<Capture<'u>>>, bool), Error> {
        let (n, m) = (uri.len(), self.parts.len());
        let mut search = Search::new(self, uri, None, 4 * (n + 64) * (m + 4));
        let values = search.run()?;
        Ok((values, search.proven))
    }

    /// The full search's values, checked once more as a whole: they expand
    /// to the URI.
    fn searched<'u>(&self, uri: &'u str) -> Result<Vec<Option<Capture<'u>>>, Error> {
        let values = self.search(uri)?;
        if !self.expands_to(&values[..], uri) {
            let at = self.first_expression_offset();
            return Err(Error::new(ErrorKind::AmbiguousTemplate, at));
        }
        Ok(values)
    }

    /// Whether the values of `src` expand to all of `uri`, up to how
    /// escapes are spelled. Expanded whole, then compared: most expansions
    /// are the URI byte for byte. The others are compared unit by unit,
    /// which is the comparison piece by piece as expansion writes them,
    /// since every `%` it writes begins a whole `%HH` within one piece.
    fn expands_to<'a, S: Source<'a> + ?Sized>(&self, src: &S, uri: &str) -> bool {
        let mut again = String::with_capacity(uri.len());
        self.expand_to(src, &mut again).is_ok()
            && (again == uri || literal_at(again.as_bytes(), uri.as_bytes(), 0) == Ok(uri.len()))
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
