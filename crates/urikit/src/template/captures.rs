//! What matching found: each variable's value as the URI writes it,
//! decoded only when asked, so that a value of millions of members costs
//! no more than the text it lies in.
//!
//! May use: `pct`, and the types of `template`.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::expand::{Kind, Source};
use super::{Operator, Template, Value, VarSpec, Variables};

/// How a capture's text holds its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// The whole text is one string.
    Str,
    /// Members joined by `,` (a list that is not exploded).
    List,
    /// Members joined by the operator's `sep` (an exploded list); for the
    /// named operators each is `name=value` (or `name` alone for an empty
    /// value under `;`), and the value is the member.
    Members,
    /// `key=value` members joined by `sep` (an exploded associative array;
    /// a key alone has an empty value).
    Pairs,
    /// Keys and values joined by `,` (an associative array not exploded).
    CommaPairs,
}

/// What kind of value a variable has (RFC 6570 section 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// A string.
    String,
    /// A list of strings.
    List,
    /// An associative array of (name, value) pairs.
    Assoc,
}

/// One variable's value as a URI writes it, read by
/// [`Template::captures`]; its members are decoded when asked for.
///
/// ```
/// use urikit::template::{Template, ValueKind};
///
/// let t = Template::parse("/files{/path*}{?tag}")?;
/// let found = t.captures("/files/a%20b/c?tag=x,y")?;
/// let path = found.get("path").unwrap();
/// assert_eq!((path.kind(), path.as_str(), path.offset()), (ValueKind::List, "a%20b/c", 7));
/// assert_eq!(path.items().collect::<Vec<_>>(), ["a b", "c"]);
/// assert_eq!(found.get("tag").unwrap().items().collect::<Vec<_>>(), ["x", "y"]);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture<'u> {
    text: &'u str,
    at: usize,
    op: Operator,
    shape: Shape,
}

impl<'u> Capture<'u> {
    pub(super) fn new(text: &'u str, at: usize, op: Operator, shape: Shape) -> Capture<'u> {
        Capture {
            text,
            at,
            op,
            shape,
        }
    }

    /// The value's text in the URI, still percent-encoded (for a named
    /// operator, what follows `name=`; for an exploded one, every member).
    pub fn as_str(&self) -> &'u str {
        self.text
    }

    /// The byte offset of [`as_str`](Self::as_str) in the URI.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Whether the value is a string, a list or an associative array. A
    /// list that is not exploded and an associative array expand alike
    /// (`a,1,b,2`); such a value comes back as a list.
    pub fn kind(&self) -> ValueKind {
        match self.shape {
            Shape::Str => ValueKind::String,
            Shape::List | Shape::Members => ValueKind::List,
            Shape::Pairs | Shape::CommaPairs => ValueKind::Assoc,
        }
    }

    /// The string, or the list's members, decoded (an associative array
    /// gives its values). With `+` and `#`, whose expansion keeps
    /// reserved characters and `%HH` triplets as the value had them
    /// (section 3.2.3), an escape of a reserved or unreserved character
    /// stays as written; the others are decoded.
    pub fn items(&self) -> Items<'u> {
        let sep = match self.shape {
            Shape::Str => None,
            Shape::List | Shape::CommaPairs => Some(b','),
            Shape::Members | Shape::Pairs => Some(self.op.separator_byte()),
        };
        Items {
            rest: Some(self.text),
            sep,
            after_eq: match self.shape {
                Shape::Members => self.op.named(),
                Shape::Pairs => true,
                _ => false,
            },
            reserved: self.op.allows_reserved(),
        }
    }

    /// The associative array's pairs, decoded (empty for a string or a
    /// list).
    pub fn pairs(&self) -> Pairs<'u> {
        let comma = self.shape == Shape::CommaPairs;
        Pairs {
            rest: (self.shape == Shape::Pairs || comma).then_some(self.text),
            sep: if comma {
                b','
            } else {
                self.op.separator_byte()
            },
            comma,
            reserved: self.op.allows_reserved(),
        }
    }

    /// The value, decoded and owned.
    pub fn to_value(&self) -> Value {
        match self.kind() {
            ValueKind::String => {
                Value::String(self.items().next().unwrap_or_default().into_owned())
            }
            ValueKind::List => Value::List(self.items().map(Cow::into_owned).collect()),
            ValueKind::Assoc => Value::Assoc(
                self.pairs()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect(),
            ),
        }
    }

    /// The value as expansion reads it.
    pub(super) fn kind_view(&self) -> Kind<'u, Items<'u>, Pairs<'u>> {
        match self.kind() {
            ValueKind::String => Kind::Str(self.items().next().unwrap_or_default()),
            ValueKind::List => Kind::List(self.items()),
            ValueKind::Assoc => Kind::Assoc(self.pairs()),
        }
    }
}

/// A value's text decoded: every escape, or with `+` and `#` (`reserved`)
/// only those that expansion writes for a character of the value, so that
/// the value expands to the same text again.
fn decoded(s: &str, reserved: bool) -> Cow<'_, str> {
    if !s.as_bytes().contains(&b'%') {
        return Cow::Borrowed(s);
    }
    if reserved {
        return reserved_value(s);
    }
    match crate::pct::PctStr::new(s).map(|p| p.decode()) {
        Ok(Cow::Owned(bytes)) => match String::from_utf8(bytes) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
        _ => Cow::Borrowed(s),
    }
}

/// The value a `+` or `#` expansion `s` was written from (section 3.2.3):
/// a reserved or unreserved character, or a `%HH` triplet, is written as
/// the value had it, and may come back so; every other character was
/// percent-encoded as UTF-8 and comes back decoded (`%20` is a space,
/// `%C3%A9` is `é`, `%25` before what is no `HH` is `%`). An escape of a
/// reserved or unreserved character, `%25HH`, or an escape that is no
/// UTF-8, stays as written.
pub(super) fn reserved_value(s: &str) -> Cow<'_, str> {
    use crate::grammar::rfc6570::UNRESERVED_RESERVED;
    let b = s.as_bytes();
    let hex = |i: usize| -> Option<u8> {
        let h = crate::grammar::rfc3986::hex_val(*b.get(i + 1)?)?;
        let l = crate::grammar::rfc3986::hex_val(*b.get(i + 2)?)?;
        (b[i] == b'%').then_some((h << 4) | l)
    };
    let mut out = String::new();
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let Some(v) = hex(i) else {
            i += 1;
            continue;
        };
        // The character this escape begins, if it and the escapes after
        // it are one that expansion would have written so.
        let width = match v {
            0x00..=0x7F => 1,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut bytes = [0u8; 4];
        let mut ok = width > 0;
        for (k, slot) in bytes.iter_mut().enumerate().take(width) {
            match hex(i + 3 * k) {
                Some(x) => *slot = x,
                None => ok = false,
            }
        }
        // A `%` of the value was written `%25` where no two hexadecimal
        // digits follow it (else it passed as a triplet's).
        let lone_pct = |at: usize| {
            !(b.get(at).is_some_and(u8::is_ascii_hexdigit)
                && b.get(at + 1).is_some_and(u8::is_ascii_hexdigit))
        };
        let ch = ok
            .then(|| core::str::from_utf8(&bytes[..width]).ok())
            .flatten()
            .and_then(|t| t.chars().next())
            .filter(|&c| match c {
                '%' => lone_pct(i + 3),
                _ => !(c.is_ascii() && UNRESERVED_RESERVED.allows(c as u8)),
            });
        match ch {
            Some(c) => {
                out.push_str(&s[run..i]);
                out.push(c);
                i += 3 * width;
                run = i;
            }
            None => i += 3,
        }
    }
    if run == 0 {
        return Cow::Borrowed(s);
    }
    out.push_str(&s[run..]);
    Cow::Owned(out)
}

/// The members of a [`Capture`], decoded.
#[derive(Clone, Debug)]
pub struct Items<'u> {
    rest: Option<&'u str>,
    sep: Option<u8>,
    after_eq: bool,
    reserved: bool,
}

impl<'u> Iterator for Items<'u> {
    type Item = Cow<'u, str>;

    fn next(&mut self) -> Option<Cow<'u, str>> {
        let (member, rest) = split(self.rest?, self.sep);
        self.rest = rest;
        let member = if self.after_eq {
            member.split_once('=').map_or("", |(_, v)| v)
        } else {
            member
        };
        Some(decoded(member, self.reserved))
    }
}

/// The pairs of a [`Capture`], decoded.
#[derive(Clone, Debug)]
pub struct Pairs<'u> {
    rest: Option<&'u str>,
    sep: u8,
    /// Keys and values alike joined by `,`.
    comma: bool,
    reserved: bool,
}

impl<'u> Iterator for Pairs<'u> {
    type Item = (Cow<'u, str>, Cow<'u, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        if self.comma {
            let (k, rest) = split(rest, Some(b','));
            let (v, rest) = match rest {
                Some(r) => split(r, Some(b',')),
                None => ("", None),
            };
            self.rest = rest;
            return Some((decoded(k, self.reserved), decoded(v, self.reserved)));
        }
        let b = rest.as_bytes();
        let eq = memchr::memchr(b'=', b);
        let sep = memchr::memchr(self.sep, b);
        let (member, rest) = match (eq, sep) {
            // Under '.' a value may hold '.' (an unreserved character), so
            // a value runs on to the '.' before the next key (its keys
            // hold none): `dot=..comma=%2C` is `dot` = `.` and `comma`.
            (Some(e), Some(s)) if self.sep == b'.' && s > e => {
                let end = match memchr::memchr(b'=', &b[e + 1..]) {
                    Some(next) => memchr::memrchr(b'.', &b[..e + 1 + next]).filter(|&d| d > e),
                    None => None,
                };
                match end {
                    Some(d) => (&rest[..d], Some(&rest[d + 1..])),
                    None => (rest, None),
                }
            }
            _ => split(rest, Some(self.sep)),
        };
        self.rest = rest;
        let (k, v) = member.split_once('=').unwrap_or((member, ""));
        Some((decoded(k, self.reserved), decoded(v, self.reserved)))
    }
}

/// `s` up to the first `sep` and what follows it (`None` at the end).
fn split(s: &str, sep: Option<u8>) -> (&str, Option<&str>) {
    match sep.and_then(|c| memchr::memchr(c, s.as_bytes())) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    }
}

/// The variables matching read from a URI (by
/// [`Template::captures`]), each as the URI writes it.
#[derive(Clone, Debug)]
pub struct Captures<'t, 'u> {
    template: &'t Template,
    /// By the template's variable ids.
    values: Vec<Option<Capture<'u>>>,
}

impl<'t, 'u> Captures<'t, 'u> {
    pub(super) fn new(template: &'t Template, values: Vec<Option<Capture<'u>>>) -> Self {
        Captures { template, values }
    }

    /// The value of `name`, or `None` where the variable is undefined.
    ///
    /// ```
    /// let t = urikit::template::Template::parse("{/a}{?b}")?;
    /// let found = t.captures("/x")?;
    /// assert_eq!(found.get("a").map(|c| c.as_str()), Some("x"));
    /// assert!(found.get("b").is_none());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&Capture<'u>> {
        let t = self.template;
        let at = t
            .by_name
            .binary_search_by(|&id| t.name(id).cmp(name))
            .ok()?;
        self.values[t.by_name[at]].as_ref()
    }

    /// The defined variables in name order.
    ///
    /// ```
    /// let t = urikit::template::Template::parse("{b}-{a}")?;
    /// let names: Vec<&str> = t.captures("1-2")?.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&'t str, &Capture<'u>)> + '_ {
        let t = self.template;
        t.by_name
            .iter()
            .filter_map(move |&id| Some((t.name(id), self.values[id].as_ref()?)))
    }

    /// How many variables are defined.
    ///
    /// ```
    /// let t = urikit::template::Template::parse("{a}{?b}")?;
    /// assert_eq!(t.captures("x")?.len(), 1);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.values.iter().flatten().count()
    }

    /// Whether none is.
    ///
    /// ```
    /// let t = urikit::template::Template::parse("{a}")?;
    /// assert!(t.captures("")?.is_empty());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values, decoded and owned.
    ///
    /// ```
    /// use urikit::template::{Template, Variables};
    /// let t = Template::parse("{/list*}")?;
    /// let want = Variables::new().list("list", ["a", "b"]);
    /// assert_eq!(t.captures("/a/b")?.to_variables(), want);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_variables(&self) -> Variables {
        // In name order already, and counted: room made once.
        let mut pairs = Vec::with_capacity(self.len());
        pairs.extend(self.iter().map(|(n, c)| (n.into(), c.to_value())));
        pairs.into_iter().collect()
    }
}

impl<'u> Source<'u> for [Option<Capture<'u>>] {
    type Items = Items<'u>;
    type Pairs = Pairs<'u>;

    fn value(&self, spec: &VarSpec, _: &str) -> Option<Kind<'u, Items<'u>, Pairs<'u>>> {
        Some(self.get(spec.id)?.as_ref()?.kind_view())
    }
}
