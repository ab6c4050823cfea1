//! Inputs: the positional arguments, or standard input one per line.

use std::io::{self, BufRead};

use urikit::{Error, ErrorKind};

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
