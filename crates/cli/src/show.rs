//! How text from the input is shown in human output: one rule for every
//! command. Control characters (C0, DEL, C1), the bidirectional formatting
//! characters and the line and paragraph separators are written as escapes
//! (`\n`, `\t`, `\r`, `\e`, `\u{202E}`), and a backslash as `\\`, so that
//! the input can neither move the cursor, change colours, reorder what the
//! terminal shows, nor split one entry into several lines. `--json` gives
//! the exact text.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is written as an escape.
fn escaped(c: char) -> bool {
    c.is_control()
        || c == '\\'
        || matches!(c, '\u{2028}' | '\u{2029}')
        // Bidirectional formatting (RFC 3987 section 4.1 lists them).
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `s` as it is shown: borrowed when nothing needs an escape.
pub fn text(s: &str) -> Cow<'_, str> {
    if !s.chars().any(escaped) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            '\\' => out.push_str("\\\\"),
            c if escaped(c) => {
                let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// How many characters `c` takes once shown (for carets under the text).
pub fn width(c: char) -> usize {
    if !escaped(c) {
        1
    } else {
        match c {
            '\n' | '\t' | '\r' | '\x1b' | '\\' => 2,
            c => format!("\\u{{{:X}}}", u32::from(c)).len(),
        }
    }
}

/// The input as one printable line (by the escaping rule of this module) and
/// a caret line under byte `offset`; a long input is cut to a window
/// around the offset.
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
        line.push_str(&text(c.encode_utf8(&mut [0; 4])));
        col += width(c);
    }
    let mut rest = input[offset..].chars();
    for c in rest.by_ref().take(AFTER) {
        line.push_str(&text(c.encode_utf8(&mut [0; 4])));
    }
    if rest.next().is_some() {
        line.push('…');
    }
    (line, format!("{}^", " ".repeat(col)))
}

/// A hint for an error at a character beyond ASCII, which only the IRI
/// dialect (RFC 3987) allows: `None` for any other error.
pub fn iri_hint(input: &str, code: &str, offset: usize) -> Option<&'static str> {
    (code == "invalid-char" && input.as_bytes().get(offset).is_some_and(|&c| c >= 0x80))
        .then_some("characters beyond ASCII are allowed in IRIs: try --dialect rfc3987")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(text("http://a/b"), "http://a/b");
        assert_eq!(text("http://a/\x1b[31mx"), "http://a/\\e[31mx");
        assert_eq!(text("a\nb\tc\rd"), "a\\nb\\tc\\rd");
        assert_eq!(text("a\\b"), "a\\\\b");
        assert_eq!(
            text("\u{202E}abc\u{7f}\u{85}"),
            "\\u{202E}abc\\u{7F}\\u{85}"
        );
        assert_eq!(text("é"), "é");
        for c in ['\n', '\u{202E}', 'a', '\u{7f}'] {
            assert_eq!(width(c), text(&c.to_string()).chars().count(), "{c:?}");
        }
    }
}
