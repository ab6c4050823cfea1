//! The readings of one expression's text: the variables' values it can
//! hold, in the order the search tries them (RFC 6570 section 3.2's
//! expansions read backwards).
//!
//! May use: `template`'s types, and `matching::text`.

use alloc::vec::Vec;

use crate::template::automaton::Glue;
use crate::template::captures::{Capture, Shape};
use crate::template::expand::expand_var;
use crate::template::{Modifier, Operator, Template, VarSpec};

use super::text::*;

/// Where the reading of a fixed text is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
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
pub(super) struct Reader {
    pub(super) k: usize,
    pub(super) q: usize,
    pub(super) r: usize,
    pub(super) glue: Glue,
    pub(super) phase: Phase,
    pub(super) frames: Vec<VarFrame>,
    pub(super) trail: usize,
    /// The bytes examined to build it.
    pub(super) cost: usize,
}

impl Reader {
    pub(super) fn new(
        t: &Template,
        k: usize,
        q: usize,
        r: usize,
        b: &[u8],
        trail: usize,
    ) -> Reader {
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
pub(super) struct VarFrame {
    pub(super) i: usize,
    pub(super) s: bool,
    pub(super) p: usize,
    pub(super) stage: Stage,
    pub(super) trail: usize,
    pub(super) again: Option<(usize, usize, usize)>,
}

#[derive(Clone, Copy)]
pub(super) enum Stage {
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
pub(super) fn readings<'u>(
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
/// characters than its prefix allows, and expand to the same text again:
/// checked here when `check`; otherwise the third of the answer says
/// whether the text's form alone proves it ([`plain`]).
pub(super) fn read<'u>(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    uri: &'u str,
    at: usize,
    end: usize,
    alt: usize,
    check: bool,
) -> Result<Option<(Capture<'u>, Option<u16>, bool)>, usize> {
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
    let vb = value.as_bytes();
    // Whether expansion without `U+R` writes the value back as it stands,
    // unit for unit: unreserved characters, bytes beyond ASCII (an IRI's
    // spelling of an escape) and `%HH` triplets (section 3.2.1 encodes
    // every other character; RFC 3986 section 6.2.2 makes an escape of an
    // unreserved character and the character one unit).
    let mut written = only_unreserved(vb);
    if written || vb.iter().all(|&c| c < 0x80 && c != b'%') {
        // ASCII with no escape: UTF-8, a character a byte; a prefix too
        // long fails where the walks below say (the character after it,
        // or with `+` and `#` the value's start).
        chars = vb.len();
        if let Modifier::Prefix(n) = spec.modifier {
            if chars > usize::from(n) {
                let past = if op.allows_reserved() { 0 } else { n.into() };
                return Err(value_at + past);
            }
        }
    } else if !op.allows_reserved() {
        let mut utf8 = Utf8::default();
        let mut i = 0;
        written = true;
        while i < vb.len() {
            let (v, _, len) = unit(vb, i);
            written &= len == 3 || v >= 0x80 || unreserved(v);
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
        chars = crate::template::captures::reserved_value(value)
            .chars()
            .count();
        if let Modifier::Prefix(n) = spec.modifier {
            if chars > usize::from(n) {
                return Err(value_at);
            }
        }
    }
    // And expands to the same text again (unless the caller checks the
    // whole answer so, and only that).
    if !check {
        let plain = plain(op, spec, name, text, value, shape, written);
        return Ok(Some((c, kept_of(spec, chars), plain)));
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
    Ok(Some((c, kept_of(spec, chars), true)))
}

/// Whether the string `value`, read from `text` (the variable's whole
/// expansion after its `sep`) and known to decode to UTF-8 within its
/// prefix, expands to `text` again by their form alone: an operator
/// without `U+R`, a string that is not exploded, `text` the value itself
/// or, under a named operator, `name=` and the value (`name` and `ifemp`
/// for an empty one: section 3.2.1, Appendix A), and a value that
/// expansion writes back unit for unit (`written`, which the caller
/// found).
fn plain(
    op: Operator,
    spec: &VarSpec,
    name: &str,
    text: &str,
    value: &str,
    shape: Shape,
    written: bool,
) -> bool {
    if op.allows_reserved() || spec.modifier == Modifier::Explode || shape != Shape::Str {
        return false;
    }
    // `value` is the slice of `text` that `readings` took: the same bytes
    // where it starts at the same place with what is left's length.
    let (t, name) = (text.as_bytes(), name.as_bytes());
    let value_at = if op.named() {
        // `name=`, or `name` and `ifemp` for an empty value: `ifemp` is
        // `=` or nothing (Appendix A).
        let eq = !value.is_empty() || op.if_empty() == "=";
        let named = t.starts_with(name) && (!eq || t.get(name.len()) == Some(&b'='));
        named.then_some(name.len() + usize::from(eq))
    } else {
        Some(0)
    };
    value_at.is_some_and(|v| {
        t.len() - v == value.len() && core::ptr::eq(t[v..].as_ptr(), value.as_ptr())
    }) && written
}

/// For a prefix that kept its whole length (`chars` characters), the
/// length: the value may go on beyond what was read.
pub(super) fn kept_of(spec: &VarSpec, chars: usize) -> Option<u16> {
    match spec.modifier {
        Modifier::Prefix(n) if chars == usize::from(n) => Some(n),
        _ => None,
    }
}

/// Whether `text` is one member named `name` (`name`, or `name=` and a
/// value), under a named operator whose separator is `sep`.
pub(super) fn one_named(text: &str, name: &str, sep: u8) -> bool {
    memchr::memchr(sep, text.as_bytes()).is_none()
        && text
            .strip_prefix(name)
            .is_some_and(|r| r.is_empty() || r.starts_with('='))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::captures::ValueKind;
    use crate::template::Part;

    /// Whether `read` proves by its form that the one variable of
    /// `template` expands to all of `text` again, read as a string from
    /// the start (the value `text[value_from..]`).
    fn plain_of(template: &str, text: &str, value_from: usize) -> bool {
        let t = Template::parse(template).unwrap();
        let Part::Expression { op, .. } = t.parts[0] else {
            panic!("{template} begins with an expression");
        };
        let spec = &t.vars[0];
        let name = t.spec_name(spec);
        let read = read(op, spec, name, text, 0, text.len(), 0, false);
        match read {
            Ok(Some((c, _, plain))) if c.kind() == ValueKind::String => {
                assert_eq!(c.as_str(), &text[value_from..], "{template} on {text}");
                plain
            }
            // Not read as a string, or not UTF-8: not proven either.
            _ => false,
        }
    }

    #[test]
    fn plain_is_the_form_expansion_writes() {
        // Section 3.2.2: unreserved characters, escapes, bytes beyond
        // ASCII (an IRI's spelling of an escape) are written back as such.
        assert!(plain_of("{x}", "a-b.c_d~9", 0));
        assert!(plain_of("{x}", "a%20b%2fc%C3%A9", 0));
        assert!(plain_of("{x}", "café", 0));
        assert!(plain_of("{x:3}", "ab", 0));
        // Anything else is encoded by expansion, so not its own text.
        for text in ["a b", "a/b", "a,b", "a%2", "a%zz", "a=b", "a'b"] {
            assert!(!plain_of("{x}", text, 0), "{text}");
        }
        // Section 3.2.8 and 3.2.7: `name=value`; an empty value is
        // `name=` under `?` and `&`, `name` alone under `;`.
        assert!(plain_of("{?x}", "x=1", 2));
        assert!(plain_of("{&x}", "x=", 2));
        assert!(plain_of("{;x}", "x", 1));
        assert!(plain_of("{;x}", "x=1", 2));
        assert!(!plain_of("{?x}", "x", 1));
        assert!(!plain_of("{;x}", "x=", 2));
        assert!(!plain_of("{?x}", "xyz", 1));
        assert!(!plain_of("{?x}", "y=1", 2));
        // Not proven by form: `U+R` operators, an exploded variable.
        assert!(!plain_of("{+x}", "a", 0));
        assert!(!plain_of("{#x}", "a", 0));
        assert!(!plain_of("{x*}", "a", 0));
    }
}
