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

#[cfg(test)]
mod tests {
    use super::*;

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
