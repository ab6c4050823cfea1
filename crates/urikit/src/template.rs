//! URI Templates (RFC 6570): a template parsed once into a [`Template`],
//! then expanded with [`Vars`] at every level of section 1.2, into a new
//! `String` or a caller's.
//!
//! May use: `grammar`, `pct`, `error`.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use crate::grammar::rfc3986::{hex2_at, UNRESERVED};
use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
use crate::grammar::rfc6570::{LITERAL, UNRESERVED_RESERVED, VARCHAR};
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

/// A small set of variables, built by chaining.
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
pub struct Variables(BTreeMap<String, Value>);

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

    /// With `name` set to `value`.
    #[must_use]
    pub fn value(mut self, name: &str, value: Value) -> Variables {
        self.0.insert(name.to_string(), value);
        self
    }
}

impl Vars for Variables {
    fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
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
        Ok(Template {
            text: text.to_string(),
            parts,
            vars,
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
        for part in &self.parts {
            match part {
                Part::Literal(r) => write_literal(out, &self.text[r.clone()]),
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
                    if op.named() {
                        out.push_str(name);
                        if s.is_empty() {
                            out.push_str(op.if_empty());
                            continue;
                        }
                        out.push('=');
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
                        if op.named() {
                            out.push_str(name);
                            if item.is_empty() {
                                out.push_str(op.if_empty());
                                continue;
                            }
                            out.push('=');
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
