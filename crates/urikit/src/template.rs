//! URI Templates (RFC 6570): a template parsed once into a [`Template`],
//! then expanded with [`Vars`] at every level of section 1.2, into a new
//! `String` or a caller's.
//!
//! May use: `grammar`, `pct`, `error`.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use crate::grammar::rfc3986::{hex2_at, hex_val, UNRESERVED};
use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
use crate::grammar::rfc6570::{EXPANDED, LITERAL, UNRESERVED_RESERVED, VARCHAR};
use crate::grammar::Table;
use crate::pct::encode_into;
use crate::{Error, ErrorKind};

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

    /// Appendix A's `sep` as a character.
    const fn separator_char(self) -> char {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ',',
            Operator::Label => '.',
            Operator::Path => '/',
            Operator::PathParam => ';',
            Operator::Query | Operator::QueryContinuation => '&',
        }
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

/// One variable of an expression: its name (byte range in the template)
/// and modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
struct VarSpec {
    name: Range<usize>,
    modifier: Modifier,
}

/// A piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// Literal text (byte range), copied (and percent-encoded where it is
    /// not allowed in a URI, section 3.1).
    Literal(Range<usize>),
    /// An expression: its operator and its variables (a range of
    /// `Template::vars`).
    Expression { op: Operator, vars: Range<usize> },
}

/// A URI Template, parsed: expanded many times without parsing again.
///
/// ```
/// use urikit::template::{Template, Value, Variables};
///
/// let t = Template::parse("https://api.example.com/users/{id}/repos{?page,per_page}")?;
/// let vars = Variables::new().set("id", "octo cat").set("page", "2");
/// assert_eq!(t.expand(&vars)?, "https://api.example.com/users/octo%20cat/repos?page=2");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    text: String,
    parts: Vec<Part>,
    vars: Vec<VarSpec>,
    /// Each literal part as expansion writes it (empty for an expression).
    literals: Vec<String>,
    /// Whether a variable is named more than once: then matching checks
    /// each value it reads against the one read before.
    repeated: bool,
}

/// A variable's value (section 2.3): a string, a list of strings, or an
/// associative array of (name, value) pairs in order. An empty list or
/// array is undefined, as the variable itself would be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string (the empty string is defined).
    String(String),
    /// A list.
    List(Vec<String>),
    /// An associative array, in order.
    Assoc(Vec<(String, String)>),
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

/// Where a template's variables come from.
pub trait Vars {
    /// The value of `name`, or `None` when undefined.
    fn get(&self, name: &str) -> Option<&Value>;
}

impl Vars for BTreeMap<String, Value> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name)
    }
}

#[cfg(feature = "std")]
impl<S: core::hash::BuildHasher> Vars for std::collections::HashMap<String, Value, S> {
    fn get(&self, name: &str) -> Option<&Value> {
        std::collections::HashMap::get(self, name)
    }
}

/// A set of variables, built by chaining or collected from `(name,
/// value)` pairs (a name given twice keeps its last value), kept in name
/// order.
///
/// ```
/// use urikit::template::{Template, Variables};
///
/// let vars = Variables::new()
///     .list("list", ["red", "green", "blue"])
///     .assoc("keys", [("semi", ";"), ("dot", "."), ("comma", ",")]);
/// assert_eq!(Template::parse("{list}")?.expand(&vars)?, "red,green,blue");
/// assert_eq!(Template::parse("{?keys*}")?.expand(&vars)?, "?semi=%3B&dot=.&comma=%2C");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variables(
    /// Sorted by name, each name once: looked up by binary search, and
    /// cheaper to build and drop than a tree for the few variables a
    /// template has.
    Vec<(String, Value)>,
);

impl Variables {
    /// No variables.
    pub fn new() -> Variables {
        Variables::default()
    }

    /// With `name` set to a string.
    #[must_use]
    pub fn set(self, name: &str, value: &str) -> Variables {
        self.value(name, Value::String(value.to_string()))
    }

    /// With `name` set to a list.
    #[must_use]
    pub fn list<I: IntoIterator<Item = S>, S: AsRef<str>>(self, name: &str, items: I) -> Variables {
        let items = items.into_iter().map(|s| s.as_ref().to_string()).collect();
        self.value(name, Value::List(items))
    }

    /// With `name` set to an associative array.
    #[must_use]
    pub fn assoc<I, K, V>(self, name: &str, pairs: I) -> Variables
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let pairs = pairs
            .into_iter()
            .map(|(k, v)| (k.as_ref().to_string(), v.as_ref().to_string()))
            .collect();
        self.value(name, Value::Assoc(pairs))
    }

    /// With `name` set to `value` (names given in order are added at the
    /// end; for many variables in any order, collect them instead).
    #[must_use]
    pub fn value(mut self, name: &str, value: Value) -> Variables {
        match self.find(name) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name.to_string(), value)),
        }
        self
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }

    /// From pairs in any order: sorted once, the last value of a name
    /// kept.
    fn from_pairs(mut pairs: Vec<(String, Value)>) -> Variables {
        // A stable sort keeps equal names in the order given.
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(String, Value)> = Vec::with_capacity(pairs.len());
        for pair in pairs {
            match out.last_mut() {
                Some(last) if last.0 == pair.0 => *last = pair,
                _ => out.push(pair),
            }
        }
        Variables(out)
    }
}

/// Collects `(name, value)` pairs; a name given twice keeps its last
/// value.
///
/// ```
/// use urikit::template::{Value, Variables};
///
/// let vars: Variables = [("b", "2"), ("a", "1"), ("b", "3")]
///     .into_iter()
///     .map(|(n, v)| (n.to_string(), Value::String(v.into())))
///     .collect();
/// assert_eq!(vars.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(vars.get("b"), Some(&Value::String("3".into())));
/// ```
impl FromIterator<(String, Value)> for Variables {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Variables {
        Variables::from_pairs(iter.into_iter().collect())
    }
}

impl Variables {
    /// The value of `name`.
    ///
    /// ```
    /// use urikit::template::{Value, Variables};
    /// let v = Variables::new().set("a", "1");
    /// assert_eq!(v.get("a"), Some(&Value::String("1".into())));
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value> {
        if self.0.len() <= 32 {
            // A few: compared by length first, without a search's
            // unpredictable branches.
            return self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v);
        }
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    /// The variables, by name.
    ///
    /// ```
    /// let v = urikit::template::Variables::new().set("b", "2").set("a", "1");
    /// assert_eq!(v.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many variables there are.
    ///
    /// ```
    /// assert_eq!(urikit::template::Variables::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    ///
    /// ```
    /// assert!(urikit::template::Variables::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Vars for Variables {
    fn get(&self, name: &str) -> Option<&Value> {
        Variables::get(self, name)
    }
}

fn err(kind: ErrorKind, at: usize) -> Error {
    Error::new(kind, at)
}

impl Template {
    /// Parses a template (RFC 6570 section 2).
    ///
    /// # Errors
    ///
    /// [`InvalidTemplate`](ErrorKind::InvalidTemplate) at the first
    /// offending byte: a character no literal may be (section 2.1: a
    /// space, `"`, `'`, `<`, `>`, `\`, `^`, `` ` ``, `|`, `}`, a control
    /// character, a character beyond ASCII that is not `ucschar` or
    /// `iprivate`), a `%` without two hexadecimal digits, a `{` never
    /// closed, an operator reserved for future extensions (`=`, `,`, `!`,
    /// `@`, `|`, section 2.2), an empty or malformed variable name
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
    /// ```
    pub fn parse(text: &str) -> Result<Template, Error> {
        let b = text.as_bytes();
        crate::work::add(b.len());
        let mut parts = Vec::new();
        let mut vars = Vec::new();
        let mut i = 0;
        let mut lit = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'{' {
                if lit < i {
                    parts.push(Part::Literal(lit..i));
                }
                let (part, end) = parse_expression(text, i, &mut vars)?;
                parts.push(part);
                i = end;
                lit = i;
                continue;
            }
            i = literal_end(text, i)?;
        }
        if lit < b.len() {
            parts.push(Part::Literal(lit..b.len()));
        }
        let literals = parts
            .iter()
            .map(|p| {
                let mut s = String::new();
                if let Part::Literal(r) = p {
                    write_literal(&mut s, &text[r.clone()]);
                }
                s
            })
            .collect();
        let mut names: Vec<&str> = vars.iter().map(|v| &text[v.name.clone()]).collect();
        names.sort_unstable();
        let repeated = names.windows(2).any(|w| w[0] == w[1]);
        Ok(Template {
            text: text.to_string(),
            parts,
            vars,
            literals,
            repeated,
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
        let mut seen: Vec<&str> = Vec::new();
        self.vars.iter().filter_map(move |v| {
            let name = &self.text[v.name.clone()];
            if seen.contains(&name) {
                None
            } else {
                seen.push(name);
                Some(name)
            }
        })
    }

    /// The expansion with `vars` (section 3), as a new `String`.
    ///
    /// # Errors
    ///
    /// As [`expand_into`](Self::expand_into).
    ///
    /// ```
    /// use urikit::template::{Template, Variables};
    ///
    /// let vars = Variables::new().set("var", "value").set("hello", "Hello World!");
    /// let t = Template::parse("{+var}{#hello}")?;
    /// assert_eq!(t.expand(&vars)?, "value#Hello%20World!");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn expand(&self, vars: &impl Vars) -> Result<String, Error> {
        let mut out = String::with_capacity(self.text.len() + 16);
        self.expand_into(vars, &mut out)?;
        Ok(out)
    }

    /// Appends the expansion with `vars` to `out` (which keeps what it held
    /// before), allocating nothing but what `out` grows by.
    ///
    /// Every character of a value is percent-encoded unless the operator
    /// lets it through, so the expansion of a template whose literals make
    /// a valid reference is one with any values for `{var}`, `{.var}`,
    /// `{/var}`, `{;var}`, `{?var}` and `{&var}`. `{+var}` and `{#var}`
    /// let reserved characters and `%HH` triplets through as they are
    /// (section 3.2.1): a value with `?` in a path place moves the rest
    /// into the query, as the template's author asked by choosing `+`; and
    /// a value that puts `[` or `]` outside a host, a second `#`, or a `:`
    /// into the first segment of a relative reference gives
    /// text that is not a URI reference, which the caller can check with
    /// [`UriRef::parse`](crate::UriRef::parse). A `%` not followed by two
    /// hexadecimal digits is written `%25` and a space `%20` everywhere.
    ///
    /// # Errors
    ///
    /// [`PrefixOnComposite`](ErrorKind::PrefixOnComposite) for a prefix
    /// modifier on a variable whose value is a list or an associative
    /// array (section 2.4.1 applies it to strings only), at the modifier's
    /// `:` in the template; `out` then holds what was expanded before it.
    ///
    /// ```
    /// use urikit::template::{Template, Variables};
    ///
    /// let t = Template::parse("/search{?q,lang}")?;
    /// let mut out = String::from("https://example.com");
    /// t.expand_into(&Variables::new().set("q", "a&b"), &mut out)?;
    /// assert_eq!(out, "https://example.com/search?q=a%26b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn expand_into(&self, vars: &impl Vars, out: &mut String) -> Result<(), Error> {
        for (part, literal) in self.parts.iter().zip(&self.literals) {
            match part {
                Part::Literal(_) => out.push_str(literal),
                Part::Expression { op, vars: vs, .. } => {
                    self.expand_expression(*op, &self.vars[vs.clone()], vars, out)?;
                }
            }
        }
        Ok(())
    }

    fn expand_expression(
        &self,
        op: Operator,
        specs: &[VarSpec],
        vars: &impl Vars,
        out: &mut String,
    ) -> Result<(), Error> {
        let mut first = true;
        for spec in specs {
            let name = &self.text[spec.name.clone()];
            let Some(value) = vars.get(name).filter(|v| is_defined(v)) else {
                continue;
            };
            out.push_str(if first { op.first() } else { op.separator() });
            first = false;
            match (value, spec.modifier) {
                (Value::String(s), m) => {
                    if op.named() && !write_name(out, op, name, s.is_empty()) {
                        continue;
                    }
                    let s = match m {
                        Modifier::Prefix(n) => prefix(s, usize::from(n)),
                        _ => s,
                    };
                    write_value(out, s, op);
                }
                (_, Modifier::Prefix(_)) => {
                    // The `:` before the length.
                    let at = spec.name.end;
                    return Err(err(ErrorKind::PrefixOnComposite, at));
                }
                (Value::List(items), Modifier::None) => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (k, item) in items.iter().enumerate() {
                        if k > 0 {
                            out.push(',');
                        }
                        write_value(out, item, op);
                    }
                }
                (Value::Assoc(pairs), Modifier::None) => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (k, (key, v)) in pairs.iter().enumerate() {
                        if k > 0 {
                            out.push(',');
                        }
                        write_value(out, key, op);
                        out.push(',');
                        write_value(out, v, op);
                    }
                }
                (Value::List(items), Modifier::Explode) => {
                    for (k, item) in items.iter().enumerate() {
                        if k > 0 {
                            out.push_str(op.separator());
                        }
                        if op.named() && !write_name(out, op, name, item.is_empty()) {
                            continue;
                        }
                        write_value(out, item, op);
                    }
                }
                (Value::Assoc(pairs), Modifier::Explode) => {
                    for (k, (key, v)) in pairs.iter().enumerate() {
                        if k > 0 {
                            out.push_str(op.separator());
                        }
                        write_value(out, key, op);
                        // Section 3.2.1: an empty value writes the name
                        // alone, but for the form styles ("name=").
                        if v.is_empty() {
                            out.push_str(op.if_empty());
                            continue;
                        }
                        out.push('=');
                        write_value(out, v, op);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Matching: a URI reference read back into the values that expand to it.
impl Template {
    /// The variables whose expansion is `uri` (the reverse of
    /// [`expand`](Self::expand)), where the template makes them
    /// recoverable. RFC 6570 section 1.4 notes that matching "only works
    /// well if the template expressions are delimited"; the rules here:
    ///
    /// - Literal text must be there as the template writes it (encoded as
    ///   expansion encodes it).
    /// - An expression ends at the first character its expansion cannot
    ///   hold: for every operator but `+` and `#`, that is anything but
    ///   unreserved characters, `%HH` and the operator's own separators
    ///   (`,`, `=` and `.`, `/`, `;` or `&`). When the next literal could
    ///   be part of the expansion (`{/var}/here`), the expression ends at
    ///   that literal's first occurrence; `{+var}` and `{#var}` always end
    ///   there, or at the end of the text.
    /// - Two expressions without a literal between them are read only
    ///   when the second's first character (`?`, `#`, `;`, `&`, `/`) is
    ///   one the first cannot hold (`{/a}{?b}`); `{a}{b}` or `{/a}{/b}`
    ///   is [`AmbiguousTemplate`](ErrorKind::AmbiguousTemplate).
    /// - `;`, `?` and `&` name their values, so any of their variables
    ///   may be absent; for the other operators values are given to the
    ///   variables left to right, one member each, the last variable
    ///   taking what remains (but under `/`, whose values never hold a
    ///   `/`, only one member), and the variables left over are undefined.
    ///   Under `;`, `name=` with nothing after it is a list with one empty
    ///   member (an empty string is written `name`).
    /// - A `,` inside one variable's value makes it a list (a `,` in a
    ///   value is otherwise encoded); `name=value` members of an exploded
    ///   variable make an associative array. A non-exploded list and
    ///   associative array expand alike, and come back as a list.
    /// - Values are percent-decoded, but for `+` and `#`, whose expansion
    ///   keeps `%HH` as the value had it: their values are returned as
    ///   written.
    /// - A prefix (`{var:3}`) gives only the characters it kept; where the
    ///   same variable is also expanded whole, the whole value is taken
    ///   and the prefix must agree with it.
    /// - For `.`, `+` and `#`, whose values may hold the separators, the
    ///   values read from an expression must expand to the text they were
    ///   read from; where they do not (a `.` in a label: `X{.keys*}` on
    ///   `X.semi=%3B.dot=..comma=%2C`), the template is ambiguous for this
    ///   URI. (A label that spells an unreserved character `%HH`, which
    ///   expansion never writes, is reported so too.)
    /// - Where the template names a variable more than once, the values
    ///   found must expand to the URI again (up to how its escapes are
    ///   spelled), or the template is ambiguous for this URI.
    ///
    /// # Errors
    ///
    /// [`NoMatch`](ErrorKind::NoMatch) at the byte of `uri` where it stops
    /// being an expansion of the template;
    /// [`AmbiguousTemplate`](ErrorKind::AmbiguousTemplate) at the `{` of
    /// an expression whose start cannot be found (see above).
    ///
    /// ```
    /// use urikit::template::{Template, Value};
    ///
    /// let t = Template::parse("https://api.example.com/users/{id}/repos{?page,sort}")?;
    /// let vars = t.match_uri("https://api.example.com/users/octo%20cat/repos?sort=new")?;
    /// assert_eq!(vars.get("id"), Some(&Value::String("octo cat".into())));
    /// assert_eq!(vars.get("sort"), Some(&Value::String("new".into())));
    /// assert_eq!(vars.get("page"), None);
    /// let e = t.match_uri("https://api.example.com/groups/1").unwrap_err();
    /// assert_eq!((e.code(), e.offset()), ("no-match", 24));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Result<Variables, Error> {
        crate::work::add(uri.len());
        let mut failed = BTreeMap::new();
        let mut found = Found {
            values: Vec::with_capacity(self.vars.len()),
            check: self.repeated,
        };
        self.match_from(0, 0, uri, &mut found, &mut failed)?;
        let vars = found.into_variables();
        if self.repeated {
            // A name read in several expressions: each reading agreed
            // with the others where both gave a value, but one that read
            // nothing (`{x}` on an empty text) says nothing about the
            // others. The values must expand to the URI again (up to how
            // it spells its escapes), or the reading was not the one.
            let again = self.expand(&vars).ok();
            if !again.is_some_and(|again| same_text(&again, uri)) {
                return Err(err(ErrorKind::AmbiguousTemplate, 0));
            }
        }
        Ok(vars)
    }

    /// Matches parts `k..` against `uri[p..]`, adding what they hold to
    /// `found`. An expression that could end at several places (before
    /// each occurrence of the literal after it) tries them in order; a
    /// place from which the rest failed is remembered, so that no state is
    /// tried twice.
    fn match_from<'s>(
        &'s self,
        k: usize,
        p: usize,
        uri: &str,
        found: &mut Found<'s>,
        failed: &mut BTreeMap<(usize, usize), Error>,
    ) -> Result<(), Error> {
        if let Some(e) = failed.get(&(k, p)) {
            return Err(*e);
        }
        let result = self.match_part(k, p, uri, found, failed);
        if let Err(e) = result {
            failed.insert((k, p), e);
        }
        result
    }

    fn match_part<'s>(
        &'s self,
        k: usize,
        p: usize,
        uri: &str,
        found: &mut Found<'s>,
        failed: &mut BTreeMap<(usize, usize), Error>,
    ) -> Result<(), Error> {
        match self.parts.get(k) {
            None if p == uri.len() => Ok(()),
            None => Err(err(ErrorKind::NoMatch, p)),
            Some(Part::Literal(_)) => {
                let lit = self.literals[k].as_str();
                match uri.get(p..) {
                    Some(rest) if rest.starts_with(lit) => {
                        self.match_from(k + 1, p + lit.len(), uri, found, failed)
                    }
                    _ => Err(err(ErrorKind::NoMatch, first_difference(uri, p, lit))),
                }
            }
            Some(Part::Expression { op, vars }) => {
                let specs = &self.vars[vars.clone()];
                let mut first_error = None;
                let mut again = String::new();
                for end in self.expression_ends(k, *op, uri, p)? {
                    // The values join those found before; a failure later
                    // on cuts them back off.
                    let before = found.values.len();
                    let attempt = self
                        .read_expression(*op, specs, uri, p, end, found)
                        .and_then(|()| {
                            // Only where a value may hold its operator's
                            // separator can a reading be wrong: "." (an
                            // unreserved character), "+" and "#" (which
                            // keep reserved characters). Elsewhere every
                            // separator is one, and values are encoded.
                            if matches!(
                                op,
                                Operator::Label | Operator::Reserved | Operator::Fragment
                            ) {
                                self.check_expression(
                                    k,
                                    *op,
                                    specs,
                                    &uri[p..end],
                                    found,
                                    &mut again,
                                )
                            } else {
                                Ok(())
                            }
                        })
                        .and_then(|()| self.match_from(k + 1, end, uri, found, failed));
                    match attempt {
                        Ok(()) => return Ok(()),
                        Err(e) => {
                            found.values.truncate(before);
                            first_error.get_or_insert(e);
                        }
                    }
                }
                Err(first_error.unwrap_or(err(ErrorKind::NoMatch, p)))
            }
        }
    }

    /// The values read from an expression (with those found before, which
    /// they agree with), if they expand to the `text` they were read from (for `;`, `?` and `&`, whose members are named,
    /// in any order): a value that holds its operator's separator (a `.`
    /// in a label) cannot be read back.
    fn check_expression(
        &self,
        k: usize,
        op: Operator,
        specs: &[VarSpec],
        text: &str,
        found: &Found<'_>,
        again: &mut String,
    ) -> Result<(), Error> {
        let ambiguous = || err(ErrorKind::AmbiguousTemplate, self.expression_offset(k));
        again.clear();
        self.expand_expression(op, specs, found, again)
            .map_err(|_| ambiguous())?;
        let same = if again.as_str() == text {
            true
        } else if op.named() && again.is_empty() == text.is_empty() {
            // The same members in another order.
            fn members(t: &str, op: Operator) -> core::str::Split<'_, char> {
                t.strip_prefix(op.first())
                    .unwrap_or(t)
                    .split(op.separator_char())
            }
            let count = |t: &str, m: &str| members(t, op).filter(|x| *x == m).count();
            members(again, op).count() == members(text, op).count()
                && members(again, op).all(|m| count(again, m) == count(text, m))
        } else {
            false
        };
        if same {
            Ok(())
        } else {
            Err(ambiguous())
        }
    }

    /// Where the expression at part `k`, starting at byte `p` of `uri`,
    /// may end, in the order to try them (at most 64 places: the last
    /// occurrence of the literal after it, then the first ones).
    fn expression_ends(&self, k: usize, op: Operator, uri: &str, p: usize) -> Result<Ends, Error> {
        let b = uri.as_bytes();
        let holds = |c: u8| holds(op, c);
        // The run the expansion could be.
        let run_end = if op.allows_reserved() {
            b.len()
        } else {
            let mut i = p;
            // The operator's first character.
            if !op.first().is_empty() && b.get(i) == Some(&op.first().as_bytes()[0]) {
                i += 1;
            }
            let sep = op.separator_char() as u8;
            let run = b[i..]
                .iter()
                .position(|&c| !(EXPANDED.allows(c) || c == sep));
            run.map_or(b.len(), |n| i + n)
        };
        match self.parts.get(k + 1) {
            None => Ok(Ends::One(run_end)),
            Some(Part::Literal(_)) => {
                let scratch = self.literals[k + 1].as_str();
                let first = scratch.as_bytes()[0];
                if !op.allows_reserved() && !holds(first) {
                    return Ok(Ends::One(run_end));
                }
                // The literal could be part of the expansion: the
                // expression may end before each of its occurrences.
                // The last occurrence first (the longest expansion, as a
                // path of exploded segments wants), then the others from
                // the first on; at most 64, so that work stays linear.
                let hay = &uri[p..run_end.max(p)];
                let last = hay.rfind(scratch).map(|at| p + at);
                let mut ends: Vec<usize> = last.into_iter().collect();
                ends.extend(
                    hay.match_indices(scratch)
                        .map(|(at, _)| p + at)
                        .filter(|&at| Some(at) != last)
                        .take(63),
                );
                if ends.is_empty() {
                    ends.push(if op.allows_reserved() { p } else { run_end });
                }
                Ok(Ends::Many(ends))
            }
            Some(Part::Expression { op: next, .. }) => {
                let next_first = next.first().as_bytes().first().copied();
                let own_first = op.first().as_bytes().first().copied();
                match next_first {
                    Some(c) if !op.allows_reserved() && !holds(c) && Some(c) != own_first => {
                        Ok(Ends::One(run_end))
                    }
                    _ => {
                        let at = self.expression_offset(k + 1);
                        Err(err(ErrorKind::AmbiguousTemplate, at))
                    }
                }
            }
        }
    }

    /// The byte offset of part `k` (an expression's `{`) in the template.
    fn expression_offset(&self, k: usize) -> usize {
        let mut at = 0;
        for part in &self.parts[..k] {
            at = match part {
                Part::Literal(r) => r.end,
                Part::Expression { vars, .. } => {
                    let last = &self.vars[vars.end - 1];
                    // Past the name, its modifier and the `}`.
                    let mut e = last.name.end;
                    let b = self.text.as_bytes();
                    while b[e] != b'}' {
                        e += 1;
                    }
                    e + 1
                }
            };
        }
        at
    }

    /// Reads the expansion `uri[from..to]` of an expression into `found`.
    fn read_expression<'s>(
        &'s self,
        op: Operator,
        specs: &[VarSpec],
        uri: &str,
        from: usize,
        to: usize,
        found: &mut Found<'s>,
    ) -> Result<(), Error> {
        let text = &uri[from..to];
        if text.is_empty() {
            // Every variable undefined.
            return Ok(());
        }
        let Some(body) = text.strip_prefix(op.first()) else {
            return Err(err(ErrorKind::NoMatch, from));
        };
        let body_at = from + op.first().len();
        // The members, split in one pass, on the stack when they are few.
        let sep = op.separator_char() as u8;
        let mut small = [Member::EMPTY; 16];
        let mut n = 0;
        let mut big = Vec::new();
        let mut push = |m| {
            if n < small.len() {
                small[n] = m;
            } else {
                if big.is_empty() {
                    big.extend_from_slice(&small);
                }
                big.push(m);
            }
            n += 1;
        };
        let b = body.as_bytes();
        let (mut start, mut eq) = (0, None);
        for j in memchr::memchr2_iter(sep, b'=', b) {
            if b[j] == sep {
                push(Member::new(body, start, j, eq, body_at));
                (start, eq) = (j + 1, None);
            } else if eq.is_none() {
                eq = Some(j);
            }
        }
        push(Member::new(body, start, b.len(), eq, body_at));
        let members: &mut [Member<'_>] = if n <= small.len() {
            &mut small[..n]
        } else {
            &mut big
        };
        if op.named() {
            self.read_named(op, specs, members, found)
        } else {
            self.read_unnamed(op, specs, members, &uri[..to], found)
        }
    }

    /// `name=value` members (`;`, `?`, `&`), claimed by name.
    fn read_named<'s>(
        &'s self,
        op: Operator,
        specs: &[VarSpec],
        members: &mut [Member<'_>],
        found: &mut Found<'s>,
    ) -> Result<(), Error> {
        let name_of = |spec: &VarSpec| &self.text[spec.name.clone()];
        // Each member's variable: the first spec of its name. Expansion
        // writes them in order, so the spec after the last one found, or
        // the same again (an exploded list), is tried first.
        let mut last = 0;
        for m in members.iter_mut() {
            let first_of_name = || specs.iter().position(|s| name_of(s) == m.name);
            let hit = if self.repeated {
                // A name may be several specs': the first claims it.
                first_of_name()
            } else {
                [last, last + 1]
                    .into_iter()
                    .filter(|&i| i < specs.len())
                    .find(|&i| name_of(&specs[i]) == m.name)
                    .or_else(first_of_name)
            };
            if let Some(i) = hit {
                m.spec = i;
                last = i;
            }
        }
        for (i, spec) in specs.iter().enumerate() {
            let name = name_of(spec);
            let mut mine = members.iter().filter(|m| m.spec == i);
            let Some(first) = mine.next() else {
                continue;
            };
            let many = mine.next().is_some();
            let prefix = !many && matches!(spec.modifier, Modifier::Prefix(_));
            let value = if many {
                // A name given more than once: a list.
                let list = members
                    .iter()
                    .filter(|m| m.spec == i)
                    .map(|m| decode(op, m.value, m.value_at()))
                    .collect::<Result<_, _>>()?;
                Value::List(list)
            } else if first.has_eq && first.value.is_empty() && op.if_empty().is_empty() {
                // `name=` and nothing after it under `;`, which writes an
                // empty string as `name` alone (section 3.2.7): only a list
                // whose one member is empty is written so (Appendix A
                // writes a list's name with `=`).
                if spec.modifier != Modifier::None {
                    return Err(err(ErrorKind::NoMatch, first.at));
                }
                Value::List(alloc::vec![String::new()])
            } else if spec.modifier != Modifier::Explode && first.value.contains(',') {
                list_of(op, first.value, first.value_at())?
            } else {
                Value::String(decode(op, first.value, first.value_at())?)
            };
            found.set(name, value, prefix, first.at)?;
        }
        // What no name claimed: the pairs of an exploded associative
        // array, if the expression has one.
        if let Some(first) = members.iter().find(|m| m.spec == Member::NONE) {
            let Some(i) = specs.iter().position(|s| s.modifier == Modifier::Explode) else {
                return Err(err(ErrorKind::NoMatch, first.at));
            };
            if members.iter().any(|m| m.spec == i) {
                // Both members named after it and pairs: no value
                // expands so.
                return Err(err(ErrorKind::NoMatch, first.at));
            }
            let pairs = members
                .iter()
                .filter(|m| m.spec == Member::NONE)
                .map(|m| m.pair(op))
                .collect::<Result<_, _>>()?;
            found.set(name_of(&specs[i]), Value::Assoc(pairs), false, first.at)?;
        }
        Ok(())
    }

    /// Unnamed members (``, `+`, `#`, `.`, `/`): values left to right, the
    /// last variable taking what remains of `uri`.
    fn read_unnamed<'s>(
        &'s self,
        op: Operator,
        specs: &[VarSpec],
        members: &[Member<'_>],
        uri: &str,
        found: &mut Found<'s>,
    ) -> Result<(), Error> {
        let mut i = 0;
        for (n, spec) in specs.iter().enumerate() {
            if i >= members.len() {
                break;
            }
            let name = &self.text[spec.name.clone()];
            let later = specs.len() - n - 1;
            if spec.modifier == Modifier::Explode {
                // The members up to those the later variables need.
                let take = members.len().saturating_sub(i + later).max(1);
                let mine = &members[i..i + take];
                i += take;
                let value = if mine.iter().all(|m| m.has_eq) {
                    Value::Assoc(mine.iter().map(|m| m.pair(op)).collect::<Result<_, _>>()?)
                } else if let [m] = mine {
                    Value::String(decode(op, m.text, m.at)?)
                } else {
                    Value::List(
                        mine.iter()
                            .map(|m| decode(op, m.text, m.at))
                            .collect::<Result<_, _>>()?,
                    )
                };
                found.set(name, value, false, mine[0].at)?;
                continue;
            }
            // One member each; the last variable takes what remains (its
            // value may hold the separator). A ',' makes it a list.
            let (item, at) = if later == 0 {
                let at = members[i].at;
                // Unless the separator is one a value's expansion would
                // have encoded (`/` for `{/var}`): then what remains is
                // more than one value, and this reading is not the one.
                let sep = op.separator().as_bytes()[0];
                if members.len() - i > 1
                    && !op.allows_reserved()
                    && sep != b','
                    && !UNRESERVED.allows(sep)
                {
                    return Err(err(ErrorKind::NoMatch, members[i + 1].at));
                }
                i = members.len();
                (&uri[at..], at)
            } else {
                i += 1;
                (members[i - 1].text, members[i - 1].at)
            };
            let value = if !op.allows_reserved() && item.contains(',') {
                list_of(op, item, at)?
            } else {
                Value::String(decode(op, item, at)?)
            };
            found.set(
                name,
                value,
                matches!(spec.modifier, Modifier::Prefix(_)),
                at,
            )?;
        }
        match members.get(i) {
            Some(m) => Err(err(ErrorKind::NoMatch, m.at)),
            None => Ok(()),
        }
    }
}

/// One member of an expression's expansion (the text between its
/// separators), split at its first `=`.
#[derive(Clone, Copy)]
struct Member<'u> {
    text: &'u str,
    /// Before the `=` (all of `text` without one).
    name: &'u str,
    /// After the `=` (empty without one).
    value: &'u str,
    has_eq: bool,
    /// Its byte offset in the URI.
    at: usize,
    /// The index of the variable it belongs to (named operators), or
    /// [`Member::NONE`].
    spec: usize,
}

impl<'u> Member<'u> {
    const NONE: usize = usize::MAX;
    const EMPTY: Member<'static> = Member {
        text: "",
        name: "",
        value: "",
        has_eq: false,
        at: 0,
        spec: Member::NONE,
    };

    /// The member `body[start..end]` (with its first `=` at `eq`) of an
    /// expansion starting at byte `at` of the URI.
    fn new(body: &'u str, start: usize, end: usize, eq: Option<usize>, at: usize) -> Member<'u> {
        let text = &body[start..end];
        let (name, value) = match eq {
            Some(e) => (&body[start..e], &body[e + 1..end]),
            None => (text, ""),
        };
        Member {
            text,
            name,
            value,
            has_eq: eq.is_some(),
            at: at + start,
            spec: Member::NONE,
        }
    }

    fn value_at(&self) -> usize {
        self.at + self.name.len() + 1
    }

    /// The member as an associative array's (name, value) pair.
    fn pair(&self, op: Operator) -> Result<(String, String), Error> {
        Ok((
            decode(op, self.name, self.at)?,
            decode(op, self.value, self.value_at())?,
        ))
    }
}

/// Whether `a` and `b` are the same text up to how escapes are spelled: a
/// `%HH` of an unreserved character or of a byte beyond ASCII is that
/// byte, and the hexadecimal digits' case does not count (RFC 3986
/// section 6.2.2.1 and 6.2.2.2); an escaped delimiter is not the delimiter.
fn same_text(a: &str, b: &str) -> bool {
    fn bytes(s: &str) -> impl Iterator<Item = (u8, bool)> + '_ {
        let b = s.as_bytes();
        let mut i = 0;
        core::iter::from_fn(move || {
            let c = *b.get(i)?;
            if let (b'%', Some(h), Some(l)) = (
                c,
                b.get(i + 1).and_then(|&h| hex_val(h)),
                b.get(i + 2).and_then(|&l| hex_val(l)),
            ) {
                let v = (h << 4) | l;
                i += 3;
                return Some((v, !(v >= 0x80 || UNRESERVED.allows(v))));
            }
            i += 1;
            Some((c, false))
        })
    }
    bytes(a).eq(bytes(b))
}

/// Writes a named operator's `name` and what comes after it (section
/// 3.2.1): `ifemp` for an `empty` value, `=` otherwise. Returns whether
/// the value follows.
#[inline]
fn write_name(out: &mut String, op: Operator, name: &str, empty: bool) -> bool {
    out.push_str(name);
    if empty {
        out.push_str(op.if_empty());
    } else {
        out.push('=');
    }
    !empty
}

/// A value of members separated by `,` (a list not exploded), the first at
/// byte `at` of the URI.
fn list_of(op: Operator, s: &str, at: usize) -> Result<Value, Error> {
    let mut list = Vec::new();
    let mut start = at;
    for item in s.split(',') {
        list.push(decode(op, item, start)?);
        start += item.len() + 1;
    }
    Ok(Value::List(list))
}

/// A value as read back: percent-decoded (as UTF-8), but for `+` and `#`,
/// whose expansion keeps `%HH` as the value had it (section 3.2.3).
fn decode(op: Operator, s: &str, at: usize) -> Result<String, Error> {
    if op.allows_reserved() || !s.as_bytes().contains(&b'%') {
        return Ok(s.to_string());
    }
    crate::pct::PctStr::new(s)
        .and_then(|p| p.decode_utf8())
        .map(|d| d.into_owned())
        .map_err(|e| err(ErrorKind::NoMatch, at + e.offset()))
}

/// Where an expression may end: one place, or several to try in order.
enum Ends {
    One(usize),
    Many(Vec<usize>),
}

impl IntoIterator for Ends {
    type Item = usize;
    type IntoIter = core::iter::Chain<core::option::IntoIter<usize>, alloc::vec::IntoIter<usize>>;
    fn into_iter(self) -> Self::IntoIter {
        match self {
            Ends::One(e) => Some(e).into_iter().chain(Vec::new()),
            Ends::Many(v) => None.into_iter().chain(v),
        }
    }
}

/// Whether an expansion of `op` can hold the byte `c`: unreserved
/// characters, `%` (of `%HH`), and the operator's separators.
#[inline]
fn holds(op: Operator, c: u8) -> bool {
    op.allows_reserved() || EXPANDED.allows(c) || c == op.separator_char() as u8
}

/// The first byte from `p` where `uri` and `lit` differ.
fn first_difference(uri: &str, p: usize, lit: &str) -> usize {
    let rest = uri.as_bytes().get(p..).unwrap_or(&[]);
    p + rest
        .iter()
        .zip(lit.as_bytes())
        .take_while(|(a, b)| a == b)
        .count()
}

/// The values found so far, in the order found; a variable found twice
/// must agree (a prefix with the whole value), and the later entry wins.
/// Kept as a list so that a failed attempt is undone by cutting it back.
struct Found<'t> {
    values: Vec<(&'t str, Value, bool)>,
    /// Whether a name may come twice (the template names a variable more
    /// than once); otherwise each name comes once and needs no check.
    check: bool,
}

impl<'t> Found<'t> {
    fn get(&self, name: &str) -> Option<&(&'t str, Value, bool)> {
        self.values.iter().rev().find(|(n, _, _)| *n == name)
    }

    fn set(&mut self, name: &'t str, value: Value, prefix: bool, at: usize) -> Result<(), Error> {
        let old = if self.check { self.get(name) } else { None };
        let Some((_, old, old_prefix)) = old else {
            self.values.push((name, value, prefix));
            return Ok(());
        };
        let agree = match (old, &value) {
            (Value::String(a), Value::String(b)) => {
                a == b
                    || *old_prefix && b.starts_with(a.as_str())
                    || prefix && a.starts_with(b.as_str())
            }
            (a, b) => a == b,
        };
        if !agree {
            return Err(err(ErrorKind::NoMatch, at));
        }
        if *old_prefix && !prefix {
            self.values.push((name, value, false));
        }
        Ok(())
    }

    fn into_variables(self) -> Variables {
        let mut values = self.values;
        if self.check {
            // Later entries replace earlier ones.
            Variables::from_pairs(
                values
                    .into_iter()
                    .map(|(n, v, _)| (n.to_string(), v))
                    .collect(),
            )
        } else {
            // Each name once: sorted before the names are copied.
            values.sort_unstable_by(|a, b| a.0.cmp(b.0));
            Variables(
                values
                    .into_iter()
                    .map(|(n, v, _)| (n.to_string(), v))
                    .collect(),
            )
        }
    }
}

impl Vars for Found<'_> {
    fn get(&self, name: &str) -> Option<&Value> {
        Found::get(self, name).map(|(_, v, _)| v)
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

/// Section 2.3: "A variable defined as a list value is considered
/// undefined if the list contains zero members. A variable defined as an
/// associative array of (name, value) pairs is considered undefined if the
/// array contains zero members or if all member names in the array are
/// associated with undefined values." (A value here is never undefined.)
fn is_defined(v: &Value) -> bool {
    match v {
        Value::String(_) => true,
        Value::List(l) => !l.is_empty(),
        Value::Assoc(a) => !a.is_empty(),
    }
}

/// The first `n` characters of `s` (section 2.4.1 counts characters, not
/// bytes or escapes).
fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Writes a value: characters outside the operator's set percent-encoded
/// as UTF-8 (section 3.2.1); with `U+R`, `%HH` triplets pass whole.
fn write_value(out: &mut String, s: &str, op: Operator) {
    if !op.allows_reserved() {
        encode_into(out, s, &UNRESERVED, false);
        return;
    }
    let b = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && hex2_at(b, i + 1) {
            encode_into(out, &s[run..i], &UNRESERVED_RESERVED, false);
            out.push_str(&s[i..i + 3]);
            i += 3;
            run = i;
        } else {
            i += 1;
        }
    }
    encode_into(out, &s[run..], &UNRESERVED_RESERVED, false);
}

/// Writes literal text: characters a URI may hold as they are, the others
/// (`ucschar`, `iprivate`) percent-encoded (section 3.1).
fn write_literal(out: &mut String, s: &str) {
    const URI: Table = UNRESERVED_RESERVED.or(Table::new(b"%"));
    encode_into(out, s, &URI, false);
}

/// The end of the literal character at `i` (section 2.1), or the error.
fn literal_end(text: &str, i: usize) -> Result<usize, Error> {
    let b = text.as_bytes();
    let c = b[i];
    if LITERAL.allows(c) {
        return Ok(i + 1);
    }
    if c == b'%' {
        return if hex2_at(b, i + 1) {
            Ok(i + 3)
        } else {
            Err(err(ErrorKind::InvalidTemplate, i))
        };
    }
    if c >= 0x80 {
        if let Some(ch) = text[i..].chars().next() {
            let cp = u32::from(ch);
            if is_ucschar(cp) || is_iprivate(cp) {
                return Ok(i + ch.len_utf8());
            }
        }
    }
    Err(err(ErrorKind::InvalidTemplate, i))
}

/// Parses the expression whose `{` is at `open`; returns it and the
/// offset after its `}`.
fn parse_expression(
    text: &str,
    open: usize,
    vars: &mut Vec<VarSpec>,
) -> Result<(Part, usize), Error> {
    let b = text.as_bytes();
    let mut i = open + 1;
    let op = match b.get(i) {
        Some(&(b'=' | b',' | b'!' | b'@' | b'|')) => {
            // Section 2.2: reserved for future extensions.
            return Err(err(ErrorKind::InvalidTemplate, i));
        }
        Some(&c) => match Operator::of(c) {
            Some(op) => {
                i += 1;
                op
            }
            None => Operator::Simple,
        },
        None => return Err(err(ErrorKind::InvalidTemplate, open)),
    };
    let first = vars.len();
    loop {
        // varname = varchar *( ["."] varchar )
        let start = i;
        let mut dot_ok = false;
        loop {
            match b.get(i) {
                Some(b'%') if hex2_at(b, i + 1) => {
                    i += 3;
                    dot_ok = true;
                }
                Some(&c) if VARCHAR.allows(c) => {
                    i += 1;
                    dot_ok = true;
                }
                Some(b'.')
                    if dot_ok
                        && b.get(i + 1)
                            .is_some_and(|&n| VARCHAR.allows(n) || n == b'%') =>
                {
                    i += 1;
                    dot_ok = false;
                }
                _ => break,
            }
        }
        if i == start {
            return Err(err(ErrorKind::InvalidTemplate, at_or_open(b, i, open)));
        }
        let name = start..i;
        let modifier = match b.get(i) {
            Some(b':') => {
                let digits = i + 1;
                let mut j = digits;
                while j < b.len() && b[j].is_ascii_digit() && j - digits < 4 {
                    j += 1;
                }
                // max-length = %x31-39 0*3DIGIT: 1 to 9999, no leading zero.
                if j == digits || b[digits] == b'0' {
                    return Err(err(ErrorKind::InvalidTemplate, digits.min(b.len())));
                }
                if b.get(j).is_some_and(u8::is_ascii_digit) {
                    return Err(err(ErrorKind::InvalidTemplate, digits));
                }
                let n: u16 = text[digits..j].parse().unwrap_or(0);
                i = j;
                if b.get(i) == Some(&b'*') {
                    // A prefix and an explode on one variable.
                    return Err(err(ErrorKind::InvalidTemplate, i));
                }
                Modifier::Prefix(n)
            }
            Some(b'*') => {
                i += 1;
                Modifier::Explode
            }
            _ => Modifier::None,
        };
        vars.push(VarSpec { name, modifier });
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                let part = Part::Expression {
                    op,
                    vars: first..vars.len(),
                };
                return Ok((part, i + 1));
            }
            None => return Err(err(ErrorKind::InvalidTemplate, open)),
            Some(_) => return Err(err(ErrorKind::InvalidTemplate, i)),
        }
    }
}

/// Where an empty name is reported: at the offending byte, or at the
/// `{` when the template ends inside the expression.
fn at_or_open(b: &[u8], i: usize, open: usize) -> usize {
    if i >= b.len() {
        open
    } else {
        i
    }
}
