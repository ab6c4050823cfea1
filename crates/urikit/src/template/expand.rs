//! Expansion (RFC 6570 section 3), written once over any source of values
//! and any sink of text: the variables a caller gives ([`Vars`]) or the
//! ones matching read from a URI, into a `String` or into a sink that
//! compares what would be written with a URI (matching's check).
//!
//! May use: `grammar`, `pct`, `out`, `error`, and the types of `template`.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{Modifier, Operator, Part, Template, Value, VarSpec, Vars};
use crate::grammar::rfc3986::{hex2_at, UNRESERVED};
use crate::grammar::rfc6570::UNRESERVED_RESERVED;
use crate::grammar::Table;
use crate::out::Push;
use crate::pct::encode_into;
use crate::{Error, ErrorKind};

/// A defined value as expansion reads it: a string, or the members of a
/// list, or the pairs of an associative array, in order.
pub(super) enum Kind<'a, I, P> {
    /// A string.
    Str(Cow<'a, str>),
    /// A list's members (at least one).
    List(I),
    /// An associative array's pairs (at least one).
    Assoc(P),
}

/// Where expansion finds the value of each variable: values that live
/// for `'a`.
pub(super) trait Source<'a> {
    /// A list's members.
    type Items: Iterator<Item = Cow<'a, str>>;
    /// An associative array's pairs.
    type Pairs: Iterator<Item = (Cow<'a, str>, Cow<'a, str>)>;
    /// The value of `spec`'s variable (named `name`), or `None` where it
    /// is undefined (section 2.3: an empty list or associative array is
    /// undefined too).
    fn value(&self, spec: &VarSpec, name: &str) -> Option<Kind<'a, Self::Items, Self::Pairs>>;
}

/// A caller's [`Vars`] as a [`Source`].
pub(super) struct FromVars<'v, V: ?Sized>(pub(super) &'v V);

type StrItems<'a> = core::iter::Map<core::slice::Iter<'a, String>, fn(&'a String) -> Cow<'a, str>>;
type CowPair<'a> = (Cow<'a, str>, Cow<'a, str>);
type StrPairs<'a> = core::iter::Map<
    core::slice::Iter<'a, (String, String)>,
    fn(&'a (String, String)) -> CowPair<'a>,
>;

impl<'v, V: Vars + ?Sized> Source<'v> for FromVars<'v, V> {
    type Items = StrItems<'v>;
    type Pairs = StrPairs<'v>;

    fn value(&self, _: &VarSpec, name: &str) -> Option<Kind<'v, StrItems<'v>, StrPairs<'v>>> {
        let borrow: fn(&'v String) -> Cow<'v, str> = |s| Cow::Borrowed(s);
        let pair: fn(&'v (String, String)) -> CowPair<'v> =
            |(k, v)| (Cow::Borrowed(k), Cow::Borrowed(v));
        Some(match self.0.get(name)? {
            Value::String(s) => Kind::Str(Cow::Borrowed(s)),
            Value::List(l) if !l.is_empty() => Kind::List(l.iter().map(borrow)),
            Value::Assoc(a) if !a.is_empty() => Kind::Assoc(a.iter().map(pair)),
            _ => return None,
        })
    }
}

impl Template {
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
        self.expand_to(&FromVars(vars), out)
    }

    /// The expansion with the values of `src`, written to `out`.
    pub(super) fn expand_to<'a, S: Source<'a> + ?Sized, O: Push + ?Sized>(
        &self,
        src: &S,
        out: &mut O,
    ) -> Result<(), Error> {
        for (part, literal) in self.parts.iter().zip(&self.literals) {
            match part {
                Part::Literal(_) => out.push_str(literal),
                Part::Expression { op, vars, .. } => {
                    self.expand_expression(*op, &self.vars[vars.clone()], src, out)?;
                }
            }
        }
        Ok(())
    }

    fn expand_expression<'a, S: Source<'a> + ?Sized, O: Push + ?Sized>(
        &self,
        op: Operator,
        specs: &[VarSpec],
        src: &S,
        out: &mut O,
    ) -> Result<(), Error> {
        let mut first = true;
        for spec in specs {
            let name = self.spec_name(spec);
            let Some(value) = src.value(spec, name) else {
                continue;
            };
            out.push_str(if first { op.first() } else { op.separator() });
            first = false;
            expand_var(op, spec, name, value, out)?;
        }
        Ok(())
    }
}

/// Writes one defined variable of an expression, after the `first` or
/// `sep` that precedes it (Appendix A's loop body).
pub(super) fn expand_var<'v, I, P, O>(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    value: Kind<'v, I, P>,
    out: &mut O,
) -> Result<(), Error>
where
    I: Iterator<Item = Cow<'v, str>>,
    P: Iterator<Item = (Cow<'v, str>, Cow<'v, str>)>,
    O: Push + ?Sized,
{
    match (value, spec.modifier) {
        (Kind::Str(s), m) => {
            if op.named() && !write_name(out, op, name, s.is_empty()) {
                return Ok(());
            }
            let s = match m {
                Modifier::Prefix(n) => prefix(&s, usize::from(n)),
                _ => &s,
            };
            write_value(out, s, op);
        }
        (_, Modifier::Prefix(_)) => {
            // The `:` before the length.
            return Err(Error::new(ErrorKind::PrefixOnComposite, spec.name.end));
        }
        (Kind::List(items), Modifier::None) => {
            if op.named() {
                out.push_str(name);
                out.push_str("=");
            }
            for (k, item) in items.enumerate() {
                if k > 0 {
                    out.push_str(",");
                }
                write_value(out, &item, op);
            }
        }
        (Kind::Assoc(pairs), Modifier::None) => {
            if op.named() {
                out.push_str(name);
                out.push_str("=");
            }
            for (k, (key, v)) in pairs.enumerate() {
                if k > 0 {
                    out.push_str(",");
                }
                write_value(out, &key, op);
                out.push_str(",");
                write_value(out, &v, op);
            }
        }
        (Kind::List(items), Modifier::Explode) => {
            for (k, item) in items.enumerate() {
                if k > 0 {
                    out.push_str(op.separator());
                }
                if op.named() && !write_name(out, op, name, item.is_empty()) {
                    continue;
                }
                write_value(out, &item, op);
            }
        }
        (Kind::Assoc(pairs), Modifier::Explode) => {
            for (k, (key, v)) in pairs.enumerate() {
                if k > 0 {
                    out.push_str(op.separator());
                }
                write_value(out, &key, op);
                // Section 3.2.1: an empty value writes the name alone, but
                // for the form styles ("name=").
                if v.is_empty() {
                    out.push_str(op.if_empty());
                    continue;
                }
                out.push_str("=");
                write_value(out, &v, op);
            }
        }
    }
    Ok(())
}

/// Writes a named operator's `name` and what comes after it (section
/// 3.2.1): `ifemp` for an `empty` value, `=` otherwise. Returns whether
/// the value follows.
#[inline]
fn write_name<O: Push + ?Sized>(out: &mut O, op: Operator, name: &str, empty: bool) -> bool {
    out.push_str(name);
    if empty {
        out.push_str(op.if_empty());
    } else {
        out.push_str("=");
    }
    !empty
}

/// The first `n` characters of `s` (section 2.4.1 counts characters, not
/// bytes or escapes).
pub(super) fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Writes a value: characters outside the operator's set percent-encoded
/// as UTF-8 (section 3.2.1); with `U+R`, `%HH` triplets pass whole.
fn write_value<O: Push + ?Sized>(out: &mut O, s: &str, op: Operator) {
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
pub(super) fn write_literal(out: &mut String, s: &str) {
    const URI: Table = UNRESERVED_RESERVED.or(Table::new(b"%"));
    encode_into(out, s, &URI, false);
}
