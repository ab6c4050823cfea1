//! Repairing near-URIs, explicitly: every change is reported.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::grammar::rfc3986::{hex2_at, URI_CHAR};
use crate::{Error, UriRefBuf};

/// One change [`repair`] made: the text `from`, at byte `offset` of the
/// input, became `to` (empty when it was removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change<'a> {
    /// The byte offset in the input.
    pub offset: usize,
    /// The text that was there.
    pub from: &'a str,
    /// What it became.
    pub to: String,
}

/// What [`repair`] made of a text: the RFC 3986 reference, or the error
/// that remains (its offset is into the input), and every change, in the
/// order of the input.
#[derive(Clone, Debug)]
pub struct Repaired<'a> {
    /// The valid reference, or why none could be made.
    pub result: Result<UriRefBuf, Error>,
    /// The changes made, whether or not the result is valid.
    pub changes: Vec<Change<'a>>,
}

/// Turns a near-URI into a valid RFC 3986 URI reference, and says how:
/// surrounding white space (Unicode's, U+00A0 included) is removed, then
/// one pair of surrounding delimiters, `"..."` or `<...>` (with `URL:`
/// inside angle brackets, RFC 3986 Appendix C); every character that no
/// component may hold is percent-encoded as UTF-8 (space, `"`, `<`, `>`,
/// `\`, `^`, `` ` ``, `{`, `|`, `}`, controls, characters beyond ASCII),
/// and so is a `%` that starts no `%HH` (a run of adjacent characters
/// encoded is one change, so the changes of a long line beyond ASCII stay
/// few). Nothing else is touched: a text
/// whose structure is wrong (a bad port, an IP literal, a bracket outside
/// a host) stays invalid, with its error.
///
/// ```
/// use urikit::repair;
///
/// let r = repair(" \"http://example.com/a b|c?q=100%\" ");
/// assert_eq!(r.result.unwrap().as_str(), "http://example.com/a%20b%7Cc?q=100%25");
/// let changes: Vec<_> = r.changes.iter().map(|c| (c.offset, c.from, c.to.as_str())).collect();
/// assert_eq!(
///     changes,
///     [(0, " ", ""), (1, "\"", ""), (22, " ", "%20"), (24, "|", "%7C"), (32, "%", "%25"), (33, "\"", ""), (34, " ", "")]
/// );
/// let bad = repair("http://h:8a/");
/// assert_eq!(bad.result.unwrap_err().code(), "invalid-port");
/// ```
pub fn repair(text: &str) -> Repaired<'_> {
    crate::work::add(text.len());
    let mut changes = Vec::new();
    let mut trailing = Vec::new();
    let (mut start, mut end) = (0, text.len());
    trim(text, &mut start, &mut end, &mut changes, &mut trailing);
    let inner = &text[start..end];
    let pair = [("\"", "\""), ("<URL:", ">"), ("<url:", ">"), ("<", ">")]
        .into_iter()
        .find(|(open, close)| {
            inner.len() >= open.len() + close.len()
                && inner.starts_with(open)
                && inner.ends_with(close)
        });
    if let Some((open, close)) = pair {
        changes.push(Change {
            offset: start,
            from: &text[start..start + open.len()],
            to: String::new(),
        });
        trailing.push(Change {
            offset: end - close.len(),
            from: &text[end - close.len()..end],
            to: String::new(),
        });
        start += open.len();
        end -= close.len();
        trim(text, &mut start, &mut end, &mut changes, &mut trailing);
    }
    let mut out = String::with_capacity(end - start);
    let b = text.as_bytes();
    let mut i = start;
    while i < end {
        let c = b[i];
        let n = text[i..].chars().next().map_or(1, char::len_utf8);
        let bad_pct = c == b'%' && !(i + 3 <= end && hex2_at(b, i + 1));
        if (c < 0x80 && URI_CHAR.allows(c) && c != b'%') || (c == b'%' && !bad_pct) {
            out.push(char::from(c));
            i += 1;
            continue;
        }
        let mut to = String::new();
        for &byte in &b[i..i + n] {
            let _ = write!(to, "%{byte:02X}");
        }
        out.push_str(&to);
        // A run of characters encoded is one change.
        match changes.last_mut() {
            Some(last) if !last.to.is_empty() && last.offset + last.from.len() == i => {
                last.from = &text[last.offset..i + n];
                last.to.push_str(&to);
            }
            _ => changes.push(Change {
                offset: i,
                from: &text[i..i + n],
                to,
            }),
        }
        i += n;
    }
    trailing.reverse();
    changes.extend(trailing);
    let result = UriRefBuf::parse(out)
        .map_err(|e| Error::new(e.kind(), input_offset(&changes, start, e.offset())));
    Repaired { result, changes }
}

/// The offset in the input of byte `at` of the repaired text, which
/// starts at the input's byte `start`: each change before it moved it by
/// the difference of its lengths, and a byte inside a change's `to` is
/// that change's.
fn input_offset(changes: &[Change<'_>], start: usize, at: usize) -> usize {
    // `out` and `input` walk together; `out` counts repaired bytes.
    let (mut out, mut input) = (0, start);
    for c in changes
        .iter()
        .filter(|c| c.offset >= start && !c.to.is_empty())
    {
        let plain = c.offset - input;
        if at < out + plain {
            return input + (at - out);
        }
        out += plain;
        if at < out + c.to.len() {
            return c.offset;
        }
        out += c.to.len();
        input = c.offset + c.from.len();
    }
    input + (at - out)
}

/// Removes the white space at both ends of `text[start..end]`, each a
/// change (the leading ones in `changes`, the trailing ones in `trailing`,
/// which the caller reverses and appends).
fn trim<'a>(
    text: &'a str,
    start: &mut usize,
    end: &mut usize,
    changes: &mut Vec<Change<'a>>,
    trailing: &mut Vec<Change<'a>>,
) {
    let inner = &text[*start..*end];
    let lead = inner.len() - inner.trim_start().len();
    if lead > 0 {
        changes.push(Change {
            offset: *start,
            from: &text[*start..*start + lead],
            to: String::new(),
        });
        *start += lead;
    }
    let inner = &text[*start..*end];
    let tail = inner.len() - inner.trim_end().len();
    if tail > 0 {
        trailing.push(Change {
            offset: *end - tail,
            from: &text[*end - tail..*end],
            to: String::new(),
        });
        *end -= tail;
    }
}
