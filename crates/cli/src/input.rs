//! Inputs: the positional arguments, or standard input one per line.

use std::borrow::Cow;
use std::io::{self, BufRead, Read, Write};

use urikit::{Error, ErrorKind};

use crate::batch;
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

/// Reads one line into `buf` without its `\n` or `\r\n`; returns the
/// bytes read, line end included (0 at the end of the input).
pub fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<usize> {
    buf.clear();
    let n = r.read_until(b'\n', buf)?;
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    Ok(n)
}

/// A raw line as text: itself when it is UTF-8; otherwise with replacement
/// characters (for display) and the `invalid-utf8` error at its first bad
/// byte.
pub fn line_text(raw: &[u8]) -> (Cow<'_, str>, Option<Error>) {
    match std::str::from_utf8(raw) {
        Ok(s) => (Cow::Borrowed(s), None),
        Err(e) => (
            String::from_utf8_lossy(raw),
            Some(Error::new(ErrorKind::InvalidUtf8, e.valid_up_to())),
        ),
    }
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
    while read_line(&mut lock, &mut buf)? > 0 {
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
    f: impl Fn(&str) -> Result<String, ErrorRecord> + Sync,
) -> io::Result<bool> {
    each_value_jobs(texts, as_json, base, 1, f)
}

/// [`each_value`] on `jobs` threads: standard input is read in batches of
/// lines, each batch split between the jobs, and the output written in
/// input order, so memory stays flat however long the input is.
pub fn each_value_jobs(
    texts: Vec<String>,
    as_json: bool,
    base: Option<&str>,
    jobs: usize,
    f: impl Fn(&str) -> Result<String, ErrorRecord> + Sync,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    let mut run = |batch: &[Vec<u8>], out: &mut io::BufWriter<io::StdoutLock<'_>>| {
        let parts = batch::ordered(jobs, batch, |chunk, _| {
            let (mut o, mut e, mut ok) = (Vec::new(), Vec::new(), true);
            for raw in chunk {
                // Writing into a Vec cannot fail.
                ok &= value_line(raw, as_json, base, &f, &mut o, &mut e).unwrap_or(false);
            }
            (o, e, ok)
        });
        for (o, e, ok) in parts {
            out.write_all(&o)?;
            if !e.is_empty() {
                out.flush()?;
                io::stderr().write_all(&e)?;
            }
            all_ok &= ok;
        }
        io::Result::Ok(())
    };
    if !texts.is_empty() {
        let batch: Vec<Vec<u8>> = texts.into_iter().map(String::into_bytes).collect();
        run(&batch, &mut out)?;
    } else {
        let stdin = io::stdin();
        let mut lock = stdin.lock();
        let mut batch = Vec::new();
        while batch::read_batch(&mut lock, &mut batch)? > 0 {
            run(&batch, &mut out)?;
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// One input of [`each_value`]: its record or result into `out`, its error
/// (in human output) into `err`. `Ok(true)` when it succeeded.
fn value_line(
    raw: &[u8],
    as_json: bool,
    base: Option<&str>,
    f: &impl Fn(&str) -> Result<String, ErrorRecord>,
    out: &mut Vec<u8>,
    err: &mut Vec<u8>,
) -> io::Result<bool> {
    let (text, bad) = line_text(raw);
    let result = match bad {
        None => f(&text),
        Some(e) => Err(e.into()),
    };
    let ok = result.is_ok();
    if as_json {
        let (result, error) = match result {
            Ok(r) => (Some(r), None),
            Err(e) => (None, Some(e)),
        };
        let record = ValueRecord {
            base,
            input: &text,
            ok,
            result: result.as_deref(),
            error,
        };
        json::write_line(out, &record)?;
        return Ok(ok);
    }
    match &result {
        Ok(r) => writeln!(out, "{r}")?,
        Err(e) => writeln!(
            err,
            "error: {text:?}: {} at byte {}: {}",
            e.code, e.offset, e.message
        )?,
    }
    Ok(ok)
}
