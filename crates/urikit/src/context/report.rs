//! Errors explained to a person: the input shown on one line with a caret
//! under the offending character, and a sentence that names the character,
//! the component it stands in and what to do. The `uri` command, the Python
//! package and the web page all speak through this module, so that an
//! error reads the same everywhere.
//!
//! The escaping rule: control characters (C0, DEL, C1), the bidirectional
//! formatting characters and the line and paragraph separators are written
//! as escapes (`\n`, `\t`, `\r`, `\e`, `\u{202E}`), so that the input can
//! neither move a terminal's cursor, change colours, reorder what is shown
//! (RFC 3987 section 4.1), nor split one entry into several lines. Nothing
//! else is touched: a backslash is itself (`C:\Users` reads as written), so
//! a message that names a character is plain text wherever it is stored.
//!
//! May use: everything below it (`error`, `dialect`, `bytes`).

use alloc::borrow::{Cow, ToOwned};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::bytes::any_below_or;
use crate::{Error, ErrorKind, Hint};

/// A sentence for a person about an error, and the [`Hint`] that ends it
/// (a setting that would have accepted the input). [`describe`] is its
/// text in the library's words; a face renders the hint its own way with
/// [`render`](Self::render).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The sentence without the hint's clause.
    pub sentence: String,
    /// The hint, if any.
    pub hint: Option<Hint>,
}

impl Explanation {
    /// The whole sentence, the hint's setting named by `setting` (`None`:
    /// in the library's words).
    ///
    /// ```
    /// use urikit::{report, Hint, UriRef};
    ///
    /// let input = "http://h/é";
    /// let e = UriRef::parse(input).unwrap_err();
    /// let x = report::explain(&e, input, false);
    /// assert_eq!(x.hint, Some(Hint::Iri));
    /// let flag = |h: Hint| (h == Hint::Iri).then_some("--dialect rfc3987");
    /// assert!(x.render(flag).ends_with("read the text as an IRI (RFC 3987) with --dialect rfc3987"));
    /// ```
    pub fn render<'s>(&self, setting: impl Fn(Hint) -> Option<&'s str>) -> String {
        match self.hint {
            Some(h) => format!("{}{}", self.sentence, h.clause(setting(h))),
            None => self.sentence.clone(),
        }
    }
}

impl core::fmt::Display for Explanation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.render(|_| None))
    }
}

/// The sentence for text that is not UTF-8, `byte` its first bad byte
/// (the offset is the error's).
///
/// ```
/// assert_eq!(
///     urikit::report::not_utf8(0xFF),
///     "byte 0xFF does not begin a UTF-8 character; the text must be UTF-8"
/// );
/// ```
pub fn not_utf8(byte: u8) -> String {
    format!("byte 0x{byte:02X} does not begin a UTF-8 character; the text must be UTF-8")
}

/// The sentence for `error`, found in `input` read by a dialect that is
/// the IRI one when `iri`: for a character that is not allowed, the
/// character (escaped) with its code point, the component it stands in and
/// what to do; otherwise the kind's own sentence ([`ErrorKind::message`]).
///
/// ```
/// use urikit::{report, UriRef};
///
/// let input = "http://h/a b";
/// let e = UriRef::parse(input).unwrap_err();
/// assert_eq!(
///     report::describe(&e, input, false),
///     "' ' (U+0020) is not allowed in a path; percent-encode it as %20"
/// );
/// let e = UriRef::parse("http://h:8a/").unwrap_err();
/// assert_eq!(report::describe(&e, "http://h:8a/", false), e.kind().message());
/// ```
pub fn describe(error: &Error, input: &str, iri: bool) -> String {
    explain(error, input, iri).to_string()
}

/// [`describe`]'s sentence and its hint apart, for a face that names the
/// hint's setting itself.
///
/// ```
/// use urikit::{report, Hint, UriRef};
///
/// let e = UriRef::parse("http://[fe80::1%25eth0]/").unwrap_err();
/// let x = report::explain(&e, "http://[fe80::1%25eth0]/", false);
/// assert_eq!(x.hint, Some(Hint::ZoneIds));
/// assert!(x.render(|_| Some("zone_ids=True")).ends_with("is read only with zone_ids=True"));
/// ```
pub fn explain(error: &Error, input: &str, iri: bool) -> Explanation {
    let plain = |sentence: String| Explanation {
        sentence,
        hint: None,
    };
    let at = error.offset();
    let c = input.get(at..).and_then(|r| r.chars().next());
    match error.kind() {
        // White space before or after the text is no part of a URI
        // (RFC 3986 Appendix C), wherever the grammar met it.
        ErrorKind::InvalidChar | ErrorKind::InvalidScheme
            if c.is_some_and(char::is_whitespace)
                && (input[..at].trim().is_empty() || input[at..].trim().is_empty()) =>
        {
            return plain(format!(
                "the text {} with white space ('{}'), which is no part of a URI reference; \
                 remove it (uri repair does)",
                if input[..at].trim().is_empty() {
                    "begins"
                } else {
                    "ends"
                },
                escape(c.unwrap_or(' ').encode_utf8(&mut [0; 4])),
            ));
        }
        ErrorKind::InvalidChar => {
            if let Some(x) = char_not_allowed(input, at, iri) {
                return x;
            }
        }
        // A relative path whose first segment holds a ':' reads as a
        // scheme (RFC 3986 section 4.2).
        ErrorKind::InvalidScheme if !input.contains("://") => {
            return plain(format!(
                "{}; a relative path whose first segment contains ':' needs a './' prefix",
                error.kind().message()
            ));
        }
        ErrorKind::InvalidHost => {
            if let Some(c) = c {
                return plain(if c == '@' {
                    "a second '@': only one '@' may separate the userinfo from the host".to_owned()
                } else {
                    format!(
                        "'{}' (U+{:04X}) is not allowed in a host here; a host name is labels of \
                         letters, digits and '-', separated by '.'",
                        escape(c.encode_utf8(&mut [0; 4])),
                        u32::from(c)
                    )
                });
            }
        }
        ErrorKind::InvalidTemplate => {
            if let Some(m) = template_error(input, error.offset()) {
                return plain(m);
            }
        }
        _ => {}
    }
    Explanation {
        sentence: error.kind().sentence().to_string(),
        hint: error.kind().hint(),
    }
}

/// The sentence for an `invalid-template` error at byte `at` of the
/// template `input` (RFC 6570 section 2), by what stands there.
fn template_error(input: &str, at: usize) -> Option<String> {
    let b = input.as_bytes();
    // Inside an expression: from the last `{` before `at` that no `}`
    // closes.
    let open = b[..at.min(b.len())].iter().rposition(|&c| c == b'{');
    let inside = open.is_some_and(|o| !b[o..at.min(b.len())].contains(&b'}'));
    let c = input.get(at..).and_then(|r| r.chars().next());
    let shown = |c: char| escape(c.encode_utf8(&mut [0; 4])).into_owned();
    Some(match (inside, c) {
        (_, Some('{')) if !input[at + 1..].contains('}') => {
            "this '{' begins an expression that is never closed by '}' (RFC 6570 section 2.2)"
                .to_owned()
        }
        (true, Some(c @ ('=' | ',' | '!' | '@' | '|'))) if open == Some(at - 1) => format!(
            "the operator '{c}' is reserved for future extensions (RFC 6570 section 2.2); the \
             operators are + # . / ; ? &"
        ),
        (true, Some('}')) => "a variable name is missing here (RFC 6570 section 2.3)".to_owned(),
        (true, Some(c)) if at > 0 && b[at - 1] == b':' || c.is_ascii_digit() => {
            "a prefix is ':' and a length of 1 to 9999 without a leading zero, and it cannot be \
             combined with '*' (RFC 6570 section 2.4)"
                .to_owned()
        }
        (true, Some('*')) => {
            "a variable has one modifier, a prefix (':n') or '*', not both (RFC 6570 section 2.4)"
                .to_owned()
        }
        (true, Some(c)) => format!(
            "'{}' (U+{:04X}) cannot stand in an expression here: a variable name holds letters, \
             digits, '_', '.' between them and %HH, and variables are separated by ',' \
             (RFC 6570 section 2.3)",
            shown(c),
            u32::from(c)
        ),
        (false, Some('%')) => {
            "'%' outside an expression begins %HH, two hexadecimal digits; write a '%' as %25"
                .to_owned()
        }
        (false, Some(c)) => {
            let encoded: String = c
                .encode_utf8(&mut [0; 4])
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            format!(
                "'{}' (U+{:04X}) is not allowed in a template's literal text (RFC 6570 section \
                 2.1); percent-encode it as {encoded}",
                shown(c),
                u32::from(c)
            )
        }
        (_, None) => return None,
    })
}

/// Whether `c` is written as an escape.
fn escaped(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}')
        // Bidirectional formatting, the set the IRI parser refuses (RFC
        // 3987 section 4.1; one fact, in grammar::rfc3987).
        || crate::grammar::rfc3987::is_bidi_format(u32::from(c))
}

/// The bytes that can begin the UTF-8 of an [`escaped`] character, besides
/// those below 0x20 (the test `escape_filter_misses_no_escaped_character`
/// checks every character): 0x7F, and the lead bytes 0xC2 (U+0080 to
/// U+009F), 0xD8 (U+061C, the Arabic letter mark) and 0xE2 (U+200E to
/// U+2069).
const MAY_START_ESCAPED: [u8; 4] = [0x7F, 0xC2, 0xD8, 0xE2];

/// `s` as it is shown to a person, by this module's escaping rule:
/// borrowed when nothing needs an escape.
///
/// ```
/// assert_eq!(urikit::report::escape("a\nb\u{202E}"), "a\\nb\\u{202E}");
/// assert_eq!(urikit::report::escape("http://é/"), "http://é/");
/// ```
pub fn escape(s: &str) -> Cow<'_, str> {
    // Most text has no byte that can begin an escaped character, found a
    // chunk at a time.
    if !any_below_or(s.as_bytes(), 0x20, MAY_START_ESCAPED) || !s.chars().any(escaped) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            c if escaped(c) => {
                let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// How many characters `c` takes once shown (for carets under the text).
fn width(c: char) -> usize {
    if !escaped(c) {
        1
    } else {
        match c {
            '\n' | '\t' | '\r' | '\x1b' => 2,
            c => format!("\\u{{{:X}}}", u32::from(c)).len(),
        }
    }
}

/// The input as one printable line (by the escaping rule of this module) and
/// a caret line under byte `offset`; a long input is cut to a window
/// around the offset, so that a long line costs no more than a short one.
///
/// ```
/// let (line, mark) = urikit::report::caret("http://h:8a/", 10);
/// assert_eq!(line, "http://h:8a/");
/// assert_eq!(mark, "          ^");
/// ```
pub fn caret(input: &str, offset: usize) -> (String, String) {
    const BEFORE: usize = 50;
    const AFTER: usize = 30;
    let offset = offset.min(input.len());
    let offset = (0..=offset)
        .rev()
        .find(|&i| input.is_char_boundary(i))
        .unwrap_or(0);
    // Only the window is looked at: a long line costs no more than a short
    // one.
    let before: Vec<char> = input[..offset].chars().rev().take(BEFORE + 1).collect();
    let mut line = String::new();
    let skip = before.len() > BEFORE;
    if skip {
        line.push('…');
    }
    let mut col = usize::from(skip);
    for &c in before.iter().take(BEFORE).rev() {
        line.push_str(&escape(c.encode_utf8(&mut [0; 4])));
        col += width(c);
    }
    let mut rest = input[offset..].chars();
    for c in rest.by_ref().take(AFTER) {
        line.push_str(&escape(c.encode_utf8(&mut [0; 4])));
    }
    if rest.next().is_some() {
        line.push('…');
    }
    (line, format!("{}^", " ".repeat(col)))
}

/// The sentence for a character that is not allowed at byte `offset` of
/// `input`: the character (shown by this module's rule) with its code
/// point, the component it stands in, and what to do, such as `'"'
/// (U+0022) is not allowed in a path; percent-encode it as %22`. A
/// character beyond ASCII suggests the IRI dialect when `iri` is false
/// (the dialect is not RFC 3987). `None` past the end.
fn char_not_allowed(input: &str, offset: usize, iri: bool) -> Option<Explanation> {
    let c = input.get(offset..)?.chars().next()?;
    let mut utf8 = [0; 4];
    let encoded: String = c
        .encode_utf8(&mut utf8)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    let shown = escape(c.encode_utf8(&mut [0; 4])).into_owned();
    let place = component_at(input, offset);
    let what = match place {
        "a scheme" => "a scheme holds only letters, digits, '+', '-' and '.'".to_owned(),
        "a port" => "a port holds only digits".to_owned(),
        _ => format!("percent-encode it as {encoded}"),
    };
    let sentence = format!(
        "'{shown}' (U+{:04X}) is not allowed in {place}; {what}",
        u32::from(c)
    );
    // The IRI dialect is the answer only for what RFC 3987 allows there
    // (section 2.2: `ucschar`, and `iprivate` in the query alone).
    let cp = u32::from(c);
    let iri_allows = crate::grammar::rfc3987::is_ucschar(cp)
        || (place == "a query" && crate::grammar::rfc3987::is_iprivate(cp));
    let hint = (!c.is_ascii() && !iri && iri_allows).then_some(Hint::Iri);
    Some(Explanation { sentence, hint })
}

/// The component of `input` that byte `at` falls in, by the split of RFC
/// 3986 Appendix B (which reads any text): `a scheme`, `the userinfo`, `a
/// host`, `a port`, `a path`, `a query` or `a fragment`.
fn component_at(input: &str, at: usize) -> &'static str {
    let b = input.as_bytes();
    let stop = |from: usize, set: &[u8]| {
        b[from..]
            .iter()
            .position(|c| set.contains(c))
            .map_or(b.len(), |p| from + p)
    };
    let mut i = 0;
    let colon = stop(0, b":/?#");
    if colon > 0 && b.get(colon) == Some(&b':') {
        if at < colon {
            return "a scheme";
        }
        i = colon + 1;
    }
    if b[i..].starts_with(b"//") {
        let end = stop(i + 2, b"/?#");
        if at < end {
            let auth = &b[i + 2..end];
            let host_start = auth
                .iter()
                .rposition(|&c| c == b'@')
                .map_or(i + 2, |p| i + 2 + p + 1);
            if at < host_start {
                return "the userinfo";
            }
            let port = b[host_start..end].iter().rposition(|&c| c == b':');
            let close = b[host_start..end].iter().rposition(|&c| c == b']');
            return match (port, close) {
                (Some(p), Some(c)) if p > c && at > host_start + p => "a port",
                (Some(p), None) if at > host_start + p => "a port",
                _ => "a host",
            };
        }
        i = end;
    }
    let path_end = stop(i, b"?#");
    if at < path_end {
        return "a path";
    }
    let query_end = stop(path_end, b"#");
    if b.get(path_end) == Some(&b'?') && at < query_end {
        return "a query";
    }
    "a fragment"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte filter of `escape` is sound: every escaped character's
    /// UTF-8 begins with a byte it looks for, so text without those bytes
    /// needs no escape. Checked over every Unicode scalar value.
    #[test]
    fn escape_filter_misses_no_escaped_character() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if escaped(c) {
                let lead = c.encode_utf8(&mut buf).as_bytes()[0];
                let filtered = lead < 0x20 || MAY_START_ESCAPED.contains(&lead);
                assert!(filtered, "{:X}", u32::from(c));
            }
        }
        // And text with such a byte but nothing escaped is still borrowed.
        for s in ["http://\u{e9}/", "a\u{2010}b", "\u{a0}"] {
            assert!(matches!(escape(s), Cow::Borrowed(_)), "{s}");
        }
        assert_eq!(escape("a\u{85}\u{2069}"), "a\\u{85}\\u{2069}");
    }

    #[test]
    fn components_by_the_appendix_b_split() {
        let at = |s: &str, c: char| component_at(s, s.find(c).unwrap());
        assert_eq!(at("ht^tp://h/", '^'), "a scheme");
        assert_eq!(at("http://u^@h:1/", '^'), "the userinfo");
        assert_eq!(at("http://u@h^:1/", '^'), "a host");
        assert_eq!(at("http://h:1^/", '^'), "a port");
        assert_eq!(at("http://[::1^]/", '^'), "a host");
        assert_eq!(at("http://[::1]:8^/", '^'), "a port");
        assert_eq!(at("//h/p^", '^'), "a path");
        assert_eq!(at("a^b", '^'), "a path");
        assert_eq!(at("/p?q^#f", '^'), "a query");
        assert_eq!(at("/p?q#f^", '^'), "a fragment");
        assert_eq!(at("/p#f?^", '^'), "a fragment");
        assert_eq!(char_not_allowed("/p", 2, false), None);
    }

    #[test]
    fn template_errors_name_what_is_wrong() {
        let say = |t: &str| {
            let e = crate::template::Template::parse(t).unwrap_err();
            describe(&e, t, false)
        };
        assert!(say("/users/{id").contains("never closed"));
        assert!(say("{=x}").contains("reserved for future extensions"));
        assert!(say("{}").contains("variable name is missing"));
        assert!(say("{var:0}").contains("1 to 9999"));
        assert!(say("{var:3*}").contains("not both"));
        assert!(say("{a b}").contains("cannot stand in an expression"));
        assert!(say("100%").contains("%25"));
        assert!(say("a b").contains("percent-encode it as %20"));
    }

    #[test]
    fn caret_sits_under_the_offending_character() {
        assert_eq!(
            caret("http://h:8a/", 10),
            ("http://h:8a/".into(), "          ^".into())
        );
        assert_eq!(caret("é b", 3).1, "  ^");
        assert_eq!(caret("a\tb", 2), ("a\\tb".into(), "   ^".into()));
        assert_eq!(caret("", 0), (String::new(), "^".into()));
        let long = "x".repeat(200);
        let (line, mark) = caret(&long, 150);
        assert!(line.starts_with('…') && line.ends_with('…'));
        assert_eq!(mark.len(), 52);
    }

    #[test]
    fn controls_escape_sequences_and_bidi_are_escaped() {
        assert_eq!(escape("http://a/b"), "http://a/b");
        assert_eq!(escape("http://a/\x1b[31mx"), "http://a/\\e[31mx");
        assert_eq!(escape("a\nb\tc\rd"), "a\\nb\\tc\\rd");
        // Issue 45, item 7: a backslash is itself.
        assert_eq!(escape("a\\b"), "a\\b");
        assert_eq!(
            escape("\u{202E}abc\u{7f}\u{85}"),
            "\\u{202E}abc\\u{7F}\\u{85}"
        );
        assert_eq!(escape("é"), "é");
        // Issue 44, item 12: U+061C, which the IRI parser refuses as bidi
        // formatting, is escaped too.
        assert_eq!(escape("a\u{61C}b"), "a\\u{61C}b");
        for c in ['\n', '\u{202E}', 'a', '\u{7f}', '\u{61c}'] {
            assert_eq!(width(c), escape(&c.to_string()).chars().count(), "{c:?}");
        }
    }
}
