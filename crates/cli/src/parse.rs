//! `uri parse`.

use std::io::{self, Write};

use clap::Args;
use urikit::UriRef;

use crate::json::{self, ParseRecord};
use crate::{args, input, show, status};

/// The options of `uri parse`.
#[derive(Args)]
pub struct ParseArgs {
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    json: args::Json,
    /// References to parse; standard input, one per line, when none.
    refs: Vec<String>,
}

/// Parses each input and prints its components or its error.
pub fn run(a: ParseArgs) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    input::batches(a.refs, |lines| {
        for raw in lines {
            let (text, bad) = input::line_text(raw);
            let result = match bad {
                None => UriRef::parse_with(&text, a.dialect.dialect),
                Some(e) => Err(e),
            };
            status::record(result.is_ok());
            let record = ParseRecord::new(&text, result);
            if a.json.json {
                json::write_line(&mut out, &record)?;
            } else {
                write_human(&mut out, &record)?;
            }
        }
        Ok(())
    })?;
    out.flush()
}

fn write_human(out: &mut impl Write, r: &ParseRecord<'_>) -> io::Result<()> {
    writeln!(out, "{}", show::text(r.input))?;
    if let Some(e) = &r.error {
        writeln!(
            out,
            "  error: {} at byte {}: {}",
            e.code, e.offset, e.message
        )?;
        let (line, caret) = caret(r.input, e.offset);
        writeln!(out, "  {line}\n  {caret}")?;
        return Ok(());
    }
    fn shown(v: Option<&str>) -> std::borrow::Cow<'_, str> {
        match v {
            None => "(undefined)".into(),
            Some("") => "(empty)".into(),
            Some(s) => show::text(s),
        }
    }
    for (name, value) in [
        ("kind", r.kind),
        ("scheme", r.scheme),
        ("authority", r.authority),
        ("userinfo", r.userinfo),
        ("host", r.host),
        ("host type", r.host_type),
        ("port", r.port),
        ("path", r.path),
        ("query", r.query),
        ("fragment", r.fragment),
    ] {
        writeln!(out, "  {name:<10} {}", shown(value))?;
    }
    Ok(())
}

/// The input as one printable line (by the escaping rule of [`show`]) and
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
        line.push_str(&show::text(c.encode_utf8(&mut [0; 4])));
        col += show::width(c);
    }
    let mut rest = input[offset..].chars();
    for c in rest.by_ref().take(AFTER) {
        line.push_str(&show::text(c.encode_utf8(&mut [0; 4])));
    }
    if rest.next().is_some() {
        line.push('…');
    }
    (line, format!("{}^", " ".repeat(col)))
}

#[cfg(test)]
mod tests {
    use super::caret;

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
}
