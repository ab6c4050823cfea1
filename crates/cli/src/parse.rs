//! `uri parse`.

use std::io::{self, Write};

use urikit::{Dialect, UriRef};

use crate::input;
use crate::json::{self, ParseRecord};

/// Parses each input; `Ok(true)` when all were valid.
pub fn run(dialect: Dialect, refs: Vec<String>, as_json: bool) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    input::for_each(refs, |inp| {
        let (text, result) = inp.apply(|s| UriRef::parse_with(s, dialect));
        all_ok &= result.is_ok();
        let record = ParseRecord::new(text, result);
        if as_json {
            json::write_line(&mut out, &record)
        } else {
            write_human(&mut out, &record)
        }
    })?;
    out.flush()?;
    Ok(all_ok)
}

fn write_human(out: &mut impl Write, r: &ParseRecord<'_>) -> io::Result<()> {
    writeln!(out, "{}", r.input)?;
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
    let show = |v: Option<&str>| match v {
        None => "(undefined)".to_owned(),
        Some("") => "(empty)".to_owned(),
        Some(s) => s.to_owned(),
    };
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
        writeln!(out, "  {name:<10} {}", show(value))?;
    }
    Ok(())
}

/// The input as one printable line and a caret line under byte `offset`.
/// Control characters show as `·`; a long input is cut to a window around
/// the offset.
pub fn caret(input: &str, offset: usize) -> (String, String) {
    const BEFORE: usize = 50;
    const AFTER: usize = 30;
    let offset = offset.min(input.len());
    let offset = (0..=offset)
        .rev()
        .find(|&i| input.is_char_boundary(i))
        .unwrap_or(0);
    let before: Vec<char> = input[..offset].chars().collect();
    let skip = before.len().saturating_sub(BEFORE);
    let mut line = String::new();
    if skip > 0 {
        line.push('…');
    }
    let shown = |c: char| if c.is_control() { '·' } else { c };
    line.extend(before[skip..].iter().map(|&c| shown(c)));
    let col = line.chars().count();
    let mut rest = input[offset..].chars();
    line.extend(rest.by_ref().take(AFTER).map(shown));
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
        assert_eq!(caret("a\tb", 1).0, "a·b");
        assert_eq!(caret("", 0), (String::new(), "^".into()));
        let long = "x".repeat(200);
        let (line, mark) = caret(&long, 150);
        assert!(line.starts_with('…') && line.ends_with('…'));
        assert_eq!(mark.len(), 52);
    }
}
