//! Repairing near-URIs, explicitly: every change is reported.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::grammar::rfc3986::{hex2_at, URI_CHAR};
use crate::{Error, UriRefBuf};

/// One change [`repair`] made: the text `from`, at byte `offset` of the
/// input, was removed or percent-encoded ([`to`](Self::to) says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Change<'a> {
    /// The byte offset in the input.
    pub offset: usize,
    /// The text that was there.
    pub from: &'a str,
    /// Whether it was removed (else encoded).
    removed: bool,
}

impl<'a> Change<'a> {
    /// What `from` became: nothing where it was removed, else each of its
    /// bytes as `%HH` (RFC 3986 section 2.1, upper-case digits).
    ///
    /// ```
    /// let r = urikit::repair("a b");
    /// let c = r.changes().next().unwrap();
    /// assert_eq!((c.offset, c.from, c.to().as_ref()), (1, " ", "%20"));
    /// ```
    pub fn to(&self) -> Cow<'a, str> {
        if self.removed {
            return Cow::Borrowed("");
        }
        let mut out = String::with_capacity(3 * self.from.len());
        for &b in self.from.as_bytes() {
            crate::pct::push_escape(&mut out, b);
        }
        Cow::Owned(out)
    }

    /// Whether `from` was removed (white space or a delimiter around the
    /// URI), not encoded.
    ///
    /// ```
    /// let r = urikit::repair(" <a> ");
    /// assert!(r.changes().all(|c| c.is_removal()));
    /// ```
    pub fn is_removal(&self) -> bool {
        self.removed
    }

    /// How many bytes it takes in the repaired text.
    fn written_len(&self) -> usize {
        if self.removed {
            0
        } else {
            3 * self.from.len()
        }
    }
}

/// What [`repair`] made of a text: the RFC 3986 reference, or the error
/// that remains (its offset is into the input), and every change, in the
/// order of the input, read again from the input when asked (so that a
/// line of millions of changes costs no memory for them).
#[derive(Clone, Debug)]
pub struct Repaired<'a> {
    /// The valid reference, or why none could be made.
    pub result: Result<UriRefBuf, Error>,
    text: &'a str,
    /// What was removed before the URI (outer white space, an opening
    /// delimiter, inner white space), as spans of the input.
    lead: [(usize, usize); 3],
    /// What was removed after it, in the order of the input.
    trail: [(usize, usize); 3],
    /// The URI's text in the input.
    start: usize,
    end: usize,
}

impl<'a> Repaired<'a> {
    /// The changes made, whether or not the result is valid, in the order
    /// of the input.
    ///
    /// ```
    /// let r = urikit::repair("<http://h/a b>");
    /// let changes: Vec<_> = r.changes().map(|c| (c.offset, c.from)).collect();
    /// assert_eq!(changes, [(0, "<"), (11, " "), (13, ">")]);
    /// ```
    pub fn changes(&self) -> Changes<'a> {
        Changes {
            text: self.text,
            lead: self.lead,
            trail: self.trail,
            at: self.start,
            end: self.end,
            stage: 0,
        }
    }
}

/// The changes of a [`Repaired`], read from the input as they are asked
/// for.
#[derive(Clone, Debug)]
pub struct Changes<'a> {
    text: &'a str,
    lead: [(usize, usize); 3],
    trail: [(usize, usize); 3],
    /// Where the scan of the URI's text is.
    at: usize,
    end: usize,
    /// 0 to 2: the leading removals; 3: the URI's text; 4 to 6: the
    /// trailing removals; 7: done.
    stage: usize,
}

impl<'a> Iterator for Changes<'a> {
    type Item = Change<'a>;

    fn next(&mut self) -> Option<Change<'a>> {
        let removal = |(s, e): (usize, usize), text: &'a str| {
            (s < e).then(|| Change {
                offset: s,
                from: &text[s..e],
                removed: true,
            })
        };
        loop {
            match self.stage {
                0..=2 => {
                    self.stage += 1;
                    if let Some(c) = removal(self.lead[self.stage - 1], self.text) {
                        return Some(c);
                    }
                }
                3 => match encoded_run(self.text, self.at, self.end) {
                    Some((s, e)) => {
                        self.at = e;
                        return Some(Change {
                            offset: s,
                            from: &self.text[s..e],
                            removed: false,
                        });
                    }
                    None => self.stage = 4,
                },
                4..=6 => {
                    self.stage += 1;
                    if let Some(c) = removal(self.trail[self.stage - 5], self.text) {
                        return Some(c);
                    }
                }
                _ => return None,
            }
        }
    }
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
/// assert_eq!(r.result.as_ref().unwrap().as_str(), "http://example.com/a%20b%7Cc?q=100%25");
/// let changes: Vec<_> = r.changes().map(|c| (c.offset, c.from, c.to())).collect();
/// assert_eq!(
///     changes,
///     [(0, " ", "".into()), (1, "\"", "".into()), (22, " ", "%20".into()), (24, "|", "%7C".into()),
///      (32, "%", "%25".into()), (33, "\"", "".into()), (34, " ", "".into())]
/// );
/// let bad = repair("http://h:8a/");
/// assert_eq!(bad.result.unwrap_err().code(), "invalid-port");
/// ```
pub fn repair(text: &str) -> Repaired<'_> {
    crate::work::add(text.len());
    let mut lead = [(0, 0); 3];
    let mut trail = [(0, 0); 3];
    let (mut start, mut end) = (0, text.len());
    (lead[0], trail[2]) = trim(text, &mut start, &mut end);
    let inner = &text[start..end];
    let pair = [("\"", "\""), ("<URL:", ">"), ("<url:", ">"), ("<", ">")]
        .into_iter()
        .find(|(open, close)| {
            inner.len() >= open.len() + close.len()
                && inner.starts_with(open)
                && inner.ends_with(close)
        });
    if let Some((open, close)) = pair {
        lead[1] = (start, start + open.len());
        trail[1] = (end - close.len(), end);
        start += open.len();
        end -= close.len();
        (lead[2], trail[0]) = trim(text, &mut start, &mut end);
    }
    let changes = Changes {
        text,
        lead,
        trail,
        at: start,
        end,
        stage: 0,
    };
    let mut out = String::with_capacity(end - start);
    let mut at = start;
    while let Some((s, e)) = encoded_run(text, at, end) {
        out.push_str(&text[at..s]);
        for &byte in &text.as_bytes()[s..e] {
            crate::pct::push_escape(&mut out, byte);
        }
        at = e;
    }
    out.push_str(&text[at..end]);
    let result = UriRefBuf::parse(out)
        .map_err(|e| Error::new(e.kind(), input_offset(changes, start, e.offset())));
    Repaired {
        result,
        text,
        lead,
        trail,
        start,
        end,
    }
}

/// The next run of characters from byte `at` (up to `end`) that must be
/// percent-encoded, as a span of `text`: characters no component may hold,
/// and a `%` that starts no `%HH` within `end`.
fn encoded_run(text: &str, at: usize, end: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let kept = |i: usize| {
        let c = b[i];
        if c == b'%' {
            i + 3 <= end && hex2_at(b, i + 1)
        } else {
            c < 0x80 && URI_CHAR.allows(c)
        }
    };
    let s = (at..end).find(|&i| !kept(i))?;
    let mut e = s;
    while e < end && !kept(e) {
        e += text[e..].chars().next().map_or(1, char::len_utf8);
    }
    Some((s, e.min(end)))
}

/// The offset in the input of byte `at` of the repaired text, which
/// starts at the input's byte `start`: each encoded run before it moved
/// it by the difference of its lengths, and a byte inside a run's
/// encoding is that run's.
fn input_offset(changes: Changes<'_>, start: usize, at: usize) -> usize {
    // `out` and `input` walk together; `out` counts repaired bytes.
    let (mut out, mut input) = (0, start);
    for c in changes.filter(|c| c.offset >= start && !c.removed) {
        let plain = c.offset - input;
        if at < out + plain {
            return input + (at - out);
        }
        out += plain;
        if at < out + c.written_len() {
            return c.offset;
        }
        out += c.written_len();
        input = c.offset + c.from.len();
    }
    input + (at - out)
}

/// Removes the white space at both ends of `text[start..end]`: the spans
/// removed before and after.
fn trim(text: &str, start: &mut usize, end: &mut usize) -> ((usize, usize), (usize, usize)) {
    let inner = &text[*start..*end];
    let lead = inner.len() - inner.trim_start().len();
    let before = (*start, *start + lead);
    *start += lead;
    let inner = &text[*start..*end];
    let tail = inner.len() - inner.trim_end().len();
    let after = (*end - tail, *end);
    *end -= tail;
    (before, after)
}
