//! Inputs: the positional arguments, or standard input one per line.

use std::io::{self, BufRead, Read, Write};

use urikit::{Error, ErrorKind};

use crate::json::{self, ErrorRecord, ValueRecord};

/// One input: its text, or why it is not text.
pub enum Input {
    Text(String),
    /// A line that is not UTF-8: the text with replacement characters (for
    /// display) and the offset of the first invalid byte.
    NotUtf8(String, usize),
}

impl Input {
    /// The input's text (for display) and the result of `f` on it; a line
    /// that is not UTF-8 fails with `invalid-utf8` at its first bad byte.
    pub fn apply<'a, T>(
        &'a self,
        f: impl FnOnce(&'a str) -> Result<T, Error>,
    ) -> (&'a str, Result<T, Error>) {
        match self {
            Input::Text(s) => (s, f(s)),
            Input::NotUtf8(s, at) => (s, Err(Error::new(ErrorKind::InvalidUtf8, *at))),
        }
    }

    /// An input from a raw line.
    pub fn from_bytes(bytes: Vec<u8>) -> Input {
        match String::from_utf8(bytes) {
            Ok(s) => Input::Text(s),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                Input::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned(), at)
            }
        }
    }
}

/// The whole text of a file, or of standard input for `-`. Bytes that are
/// not UTF-8 are read as replacement characters (which no URI contains).
/// An unreadable file is an error naming the file.
pub fn read_text(source: &str) -> io::Result<String> {
    let mut bytes = Vec::new();
    if source == "-" {
        io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(source)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| io::Error::new(e.kind(), format!("{source}: {e}")))?;
    }
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Reads one line into `buf` without its `\n` or `\r\n`; `false` at the end.
pub fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.clear();
    if r.read_until(b'\n', buf)? == 0 {
        return Ok(false);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    Ok(true)
}

/// Calls `f` on each input: the arguments, or else each line of standard input.
pub fn for_each(args: Vec<String>, mut f: impl FnMut(Input) -> io::Result<()>) -> io::Result<()> {
    if !args.is_empty() {
        for a in args {
            f(Input::Text(a))?;
        }
        return Ok(());
    }
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    while read_line(&mut lock, &mut buf)? {
        f(Input::from_bytes(std::mem::take(&mut buf)))?;
    }
    Ok(())
}

/// Runs `f` on each input and prints its result, one per line, or the
/// contract's `{"base"?, "input", "ok", "result", "error"}` records with
/// `--json`; errors go to standard error in human output. `base` is printed
/// in each record when given. `Ok(true)` when every input succeeded.
pub fn each_value(
    texts: Vec<String>,
    as_json: bool,
    base: Option<&str>,
    f: impl Fn(&str) -> Result<String, ErrorRecord>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    for_each(texts, |inp| {
        let (text, result) = match &inp {
            Input::Text(s) => (s.as_str(), f(s)),
            Input::NotUtf8(s, at) => (
                s.as_str(),
                Err(Error::new(ErrorKind::InvalidUtf8, *at).into()),
            ),
        };
        all_ok &= result.is_ok();
        if as_json {
            let (result, error) = match result {
                Ok(r) => (Some(r), None),
                Err(e) => (None, Some(e)),
            };
            let record = ValueRecord {
                base,
                input: text,
                ok: error.is_none(),
                result: result.as_deref(),
                error,
            };
            return json::write_line(&mut out, &record);
        }
        match &result {
            Ok(r) => writeln!(out, "{r}"),
            Err(e) => {
                out.flush()?;
                eprintln!(
                    "error: {text:?}: {} at byte {}: {}",
                    e.code, e.offset, e.message
                );
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(all_ok)
}
