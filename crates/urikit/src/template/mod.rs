//! URI Templates (RFC 6570): a template parsed once into a [`Template`],
//! expanded with [`Vars`] at every level of section 1.2 into a new `String`
//! or a caller's, and matched: a URI read back into the values whose
//! expansion it is ([`Template::match_uri`], [`Template::captures`]).
//!
//! The module's files, each a concern: `parse` (the template's syntax,
//! section 2), `vars` (values, section 2.3), `expand` (section 3),
//! `automaton` (what an expression's expansion can look like, as byte
//! automata), `matching` (the search that reads a URI back) and `captures`
//! (what it found, decoded on demand).
//!
//! May use: `grammar`, `pct`, `out`, `error`, `work`.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

mod automaton;
mod captures;
mod expand;
mod matching;
mod parse;
mod vars;

pub use captures::{Capture, Captures, Items, Pairs, ValueKind};
pub use vars::{Value, Variables, Vars};

use crate::Error;
use automaton::Automaton;

/// An expression's operator (section 2.2), with the behaviour Appendix A
/// tabulates for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    /// `{var}`: simple string expansion (section 3.2.2).
    Simple,
    /// `{+var}`: reserved expansion (section 3.2.3).
    Reserved,
    /// `{#var}`: fragment expansion (section 3.2.4).
    Fragment,
    /// `{.var}`: label expansion with dot-prefix (section 3.2.5).
    Label,
    /// `{/var}`: path segment expansion (section 3.2.6).
    Path,
    /// `{;var}`: path-style parameter expansion (section 3.2.7).
    PathParam,
    /// `{?var}`: form-style query expansion (section 3.2.8).
    Query,
    /// `{&var}`: form-style query continuation (section 3.2.9).
    QueryContinuation,
}

impl Operator {
    fn of(c: u8) -> Option<Operator> {
        Some(match c {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParam,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// Appendix A's `first`: what the expansion starts with, if anything
    /// is defined.
    pub const fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// Appendix A's `first` as a byte, if any.
    const fn first_byte(self) -> Option<u8> {
        match self.first().as_bytes() {
            [c] => Some(*c),
            _ => None,
        }
    }

    /// Appendix A's `sep` as a byte.
    const fn separator_byte(self) -> u8 {
        self.separator().as_bytes()[0]
    }

    /// Appendix A's `sep`: between the values of the expression.
    pub const fn separator(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ",",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query | Operator::QueryContinuation => "&",
        }
    }

    /// Appendix A's `named`: values are written `name=value`.
    pub const fn named(self) -> bool {
        matches!(
            self,
            Operator::PathParam | Operator::Query | Operator::QueryContinuation
        )
    }

    /// Appendix A's `ifemp`: what follows the name of an empty value.
    pub const fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Appendix A's `allow`: whether reserved characters and
    /// `pct-encoded` triplets pass unencoded (`U+R`), or only unreserved
    /// ones (`U`).
    pub const fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }
}

/// A variable's modifier (section 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// None: the whole value.
    None,
    /// `:n`, the first `n` characters of a string value (1 to 9999,
    /// section 2.4.1).
    Prefix(u16),
    /// `*`: each member of a composite value separately (section 2.4.2).
    Explode,
}

/// One variable of an expression: its name (byte range in the template),
/// modifier, and the index of its name among the template's distinct
/// names (a name written twice is one variable, section 2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
struct VarSpec {
    name: Range<usize>,
    modifier: Modifier,
    id: usize,
}

/// A piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// Literal text (byte range), copied (and percent-encoded where it is
    /// not allowed in a URI, section 3.1).
    Literal(Range<usize>),
    /// An expression: its operator, its variables (a range of
    /// `Template::vars`) and the offset of its `{`.
    Expression {
        op: Operator,
        vars: Range<usize>,
        open: usize,
    },
}

/// A URI Template, parsed: expanded and matched many times without parsing
/// again.
///
/// ```
/// use urikit::template::{Template, Value, Variables};
///
/// let t = Template::parse("https://api.example.com/users/{id}/repos{?page,per_page}")?;
/// let vars = Variables::new().set("id", "octo cat").set("page", "2");
/// assert_eq!(t.expand(&vars)?, "https://api.example.com/users/octo%20cat/repos?page=2");
/// let found = t.match_uri("https://api.example.com/users/octo%20cat/repos?page=2")?;
/// assert_eq!(found, vars);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone)]
pub struct Template {
    text: String,
    parts: Vec<Part>,
    vars: Vec<VarSpec>,
    /// Each literal part as expansion writes it (empty for an expression).
    literals: Vec<String>,
    /// The distinct names, by id (the byte range of the first spelling).
    names: Vec<Range<usize>>,
    /// The ids in name order.
    by_name: Vec<usize>,
    /// Each expression's automaton (`None` for a literal part).
    automata: Vec<Option<Automaton>>,
}

impl PartialEq for Template {
    fn eq(&self, other: &Template) -> bool {
        self.text == other.text
    }
}

impl Eq for Template {}

impl core::fmt::Debug for Template {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Template").field(&self.text).finish()
    }
}

impl Template {
    /// Parses a template (RFC 6570 section 2).
    ///
    /// # Errors
    ///
    /// [`InvalidTemplate`](crate::ErrorKind::InvalidTemplate) at the first
    /// offending byte: a character no literal may be (section 2.1 as
    /// corrected by erratum 6937: a space, `"`, `<`, `>`, `\`, `^`, `` ` ``,
    /// `|`, `}`, a control character, a character beyond ASCII that is not
    /// `ucschar` or `iprivate`), a `%` without two hexadecimal digits, a `{`
    /// never closed, an operator reserved for future extensions (`=`, `,`,
    /// `!`, `@`, `|`, section 2.2), an empty or malformed variable name
    /// (section 2.3), a prefix outside 1 to 9999 (section 2.4.1), or a
    /// prefix and an explode on one variable.
    ///
    /// ```
    /// use urikit::template::Template;
    ///
    /// let e = Template::parse("/users/{id").unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("invalid-template", 7));
    /// let e = Template::parse("{=x}").unwrap_err();
    /// assert_eq!(e.offset(), 1);
    /// let e = Template::parse("{var:10000}").unwrap_err();
    /// assert_eq!(e.offset(), 5);
    /// // Section 3.2.1's own example, an apostrophe as a literal (erratum 6937).
    /// assert!(Template::parse("'{var}'").is_ok());
    /// ```
    pub fn parse(text: &str) -> Result<Template, Error> {
        let (parts, mut vars) = parse::parts(text)?;
        let literals = parts
            .iter()
            .map(|p| {
                let mut s = String::new();
                if let Part::Literal(r) = p {
                    expand::write_literal(&mut s, &text[r.clone()]);
                }
                s
            })
            .collect();
        // One id per distinct name, in order of first appearance.
        let mut names: Vec<Range<usize>> = Vec::new();
        let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
        for v in &mut vars {
            let name = &text[v.name.clone()];
            v.id = *ids.entry(name).or_insert_with(|| {
                names.push(v.name.clone());
                names.len() - 1
            });
        }
        let by_name: Vec<usize> = ids.into_values().collect();
        let automata = parts
            .iter()
            .map(|p| match p {
                Part::Literal(_) => None,
                Part::Expression { op, vars: vs, .. } => {
                    Some(Automaton::new(*op, &vars[vs.clone()], text))
                }
            })
            .collect();
        Ok(Template {
            text: text.into(),
            parts,
            vars,
            literals,
            names,
            by_name,
            automata,
        })
    }

    /// The template's text.
    ///
    /// ```
    /// assert_eq!(urikit::template::Template::parse("{x}")?.as_str(), "{x}");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The names of the template's variables, in order, each once.
    ///
    /// ```
    /// let t = urikit::template::Template::parse("{a}/{b,a}{?c*}")?;
    /// assert_eq!(t.variables().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(|r| &self.text[r.clone()])
    }

    /// The name of variable `id`.
    fn name(&self, id: usize) -> &str {
        &self.text[self.names[id].clone()]
    }

    /// The name a variable spec is written with.
    fn spec_name(&self, spec: &VarSpec) -> &str {
        &self.text[spec.name.clone()]
    }
}

impl core::str::FromStr for Template {
    type Err = Error;
    fn from_str(s: &str) -> Result<Template, Error> {
        Template::parse(s)
    }
}

impl core::fmt::Display for Template {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text)
    }
}
