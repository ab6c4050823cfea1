//! How text from the input is shown in human output: one rule for every
//! command, the library's ([`urikit::report`]: control characters,
//! bidirectional formatting and line separators escaped, so that the input
//! can neither move the cursor, change colours, reorder what the terminal
//! shows, nor split one entry into several lines), and colour where the
//! terminal takes it. `--json` gives the exact text.
//!
//! Two uses: [`text`] for input echoed in a message (an error's input, a
//! caret line), always escaped; [`data`] for what a user asked for (a
//! decoded value, a component), escaped on a terminal only, and exact in a
//! pipe or a file, so that `uri decode | ...` is the inverse of `uri
//! encode` and `uri get '{host}\t{path}'` writes TSV.

use std::borrow::Cow;
use std::sync::OnceLock;

use anstyle::{AnsiColor, Style};

/// The style of what went wrong: the `error` label and the caret.
/// The lines of an input's error in human output: `error: CODE at byte N:
/// MESSAGE`, then the input with a caret under the byte.
pub fn write_error(
    out: &mut dyn std::io::Write,
    input: &str,
    code: &str,
    offset: usize,
    message: &str,
) -> std::io::Result<()> {
    writeln!(
        out,
        "  {} {code} at byte {offset}: {message}",
        paint("error:", ERROR)
    )?;
    let (line, caret) = caret(input, offset);
    writeln!(out, "  {line}\n  {}", paint(&caret, ERROR))
}

pub const ERROR: Style = AnsiColor::Red.on_default().bold();

/// The style of what is shown on purpose: the sample's expected errors.
pub const NOTE: Style = AnsiColor::Yellow.on_default();

/// The style of what went right: a repaired form.
pub const GOOD: Style = AnsiColor::Green.on_default();

/// Whether human output is coloured: standard output is a terminal and
/// the environment allows it (`NO_COLOR` turns colour off,
/// `CLICOLOR_FORCE` on), by anstream's rules, as clap's own output.
pub fn color() -> bool {
    static COLOR: OnceLock<bool> = OnceLock::new();
    *COLOR.get_or_init(|| {
        anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
    })
}

/// `text` in `style` where output is coloured (text that is already
/// escaped by this module's rule).
pub fn paint(text: &str, style: Style) -> Cow<'_, str> {
    if color() {
        Cow::Owned(format!("{style}{text}{style:#}"))
    } else {
        Cow::Borrowed(text)
    }
}

pub use urikit::report::{caret, escape as text};

/// Whether standard output is a terminal (looked at once).
pub fn terminal() -> bool {
    use std::io::IsTerminal;
    static TERMINAL: OnceLock<bool> = OnceLock::new();
    *TERMINAL.get_or_init(|| std::io::stdout().is_terminal())
}

/// A result a user asked for, as it is written to standard output: by the
/// escaping rule on a terminal, exactly in a pipe or a file.
pub fn data(s: &str) -> Cow<'_, str> {
    if terminal() {
        text(s)
    } else {
        Cow::Borrowed(s)
    }
}

/// The flag that turns on what a [`Hint`](urikit::Hint) names.
pub fn flag(h: urikit::Hint) -> Option<&'static str> {
    match h {
        urikit::Hint::Iri => Some("--dialect rfc3987"),
        urikit::Hint::ZoneIds => Some("--zone-ids"),
        _ => None,
    }
}

/// The library's sentence for an error in `input` (a character not allowed, a
/// malformed template) ([`urikit::report::explain`]), its hint naming the
/// command's flag.
pub fn describe(e: urikit::Error, input: &str, iri: bool) -> String {
    urikit::report::explain(&e, input, iri).render(flag)
}
