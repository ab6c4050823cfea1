//! The commands that turn each input into one result (`normalize`,
//! `resolve`, `relativize`, `set`, `get`, `guess`, `encode`, `decode`):
//! results in input order, on several threads, with the contract's records.

use std::io::{self, Write};

use crate::json::{self, ErrorRecord, ValueRecord};
use crate::{args, batch, input, show, status};

/// How the results are printed.
#[derive(Clone, Copy)]
pub struct Output<'a> {
    /// The contract's records instead of the bare results.
    pub json: bool,
    /// The base, printed in each record (resolve and relativize).
    pub base: Option<&'a str>,
    /// Threads to work with.
    pub jobs: usize,
    /// The results are URIs of a dialect of ASCII (what `normalize` and
    /// `resolve` give outside RFC 3987): printable ASCII without a
    /// backslash, which the escaping rule of [`show`] leaves as they are,
    /// so they are written without that check (a tenth of the time of
    /// `uri normalize` went to it).
    pub uris: bool,
    /// Whether results are escaped on a terminal ([`show::data`]); false
    /// for a command that escapes the parts of its result that come from
    /// the input itself (`uri get`, whose template is the user's own).
    pub escape: bool,
    /// Where a failed input's error goes.
    pub errors: args::Errors,
}

impl Output<'static> {
    /// Results one at a time, escaped on a terminal, errors in place.
    pub fn new(json: crate::args::Json, errors: crate::args::ErrorsArg) -> Output<'static> {
        Output {
            json: json.json,
            base: None,
            jobs: 1,
            uris: false,
            escape: true,
            errors: errors.errors,
        }
    }
}

/// Runs `f` on each input (the arguments, or each line of standard input)
/// and prints its result, one per line, or the contract's `{"base"?,
/// "input", "ok", "result", "error"}` records with `--json`. In human
/// output results are written as [`show::data`] writes them (escaped on a
/// terminal only), and an error takes its input's place (`error: "input":
/// code at byte N: message`), or goes to standard error or nowhere as
/// `--errors` says. Each batch is written as soon as it is done.
pub fn each_value(
    args: Vec<String>,
    output: Output<'_>,
    f: impl Fn(&str) -> Result<String, ErrorRecord> + Sync,
) -> io::Result<()> {
    each_into(args, output, |s, out| {
        *out = f(s)?;
        Ok(())
    })
}

/// [`each_value`] for a command that writes each result into a buffer
/// (cleared for it, and kept from one input to the next), so that a long
/// run allocates nothing per input.
pub fn each_into(
    args: Vec<String>,
    output: Output<'_>,
    f: impl Fn(&str, &mut String) -> Result<(), ErrorRecord> + Sync,
) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut buf = String::new();
    // Each job's output and result buffer, kept from batch to batch.
    let mut parts: Vec<(Vec<u8>, String)> = Vec::new();
    input::batches(args, |batch| {
        let spans = batch.spans();
        if output.jobs <= 1 || spans.len() < 2 {
            for line in batch.lines() {
                value_line(line, output, &f, &mut buf, &mut out)?;
            }
            // Each batch's answers go out before the next is waited for.
            return out.flush();
        }
        batch::ordered_in(output.jobs, spans, &mut parts, |chunk, _, (o, buf)| {
            for &span in chunk {
                // Writing into a Vec cannot fail.
                let _ = value_line(batch.line(span), output, &f, buf, o);
            }
        });
        for (o, buf) in &mut parts {
            out.write_all(o)?;
            o.clear();
            // Not the memory of one long line for the rest of the run.
            if input::oversized(o.capacity()) {
                o.shrink_to(input::BATCH_BYTES);
            }
            if input::oversized(buf.capacity()) {
                buf.shrink_to(0);
            }
        }
        out.flush()
    })?;
    out.flush()
}

/// One input of [`each_into`]: its record, result or error into `out`,
/// the result written in `buf` first.
fn value_line(
    line: input::Line<'_>,
    output: Output<'_>,
    f: &impl Fn(&str, &mut String) -> Result<(), ErrorRecord>,
    buf: &mut String,
    out: &mut impl Write,
) -> io::Result<()> {
    let (text, bad) = line.read();
    buf.clear();
    let result = match bad {
        None => f(&text, buf).map(|()| buf.as_str()),
        Some(e) => Err(e.into()),
    };
    status::record(result.is_ok());
    if output.json {
        let ok = result.is_ok();
        let (result, error) = match result {
            Ok(r) => (Some(r), None),
            Err(e) => (None, Some(e)),
        };
        let record = ValueRecord {
            base: output.base,
            input: &text,
            ok,
            result,
            error,
        };
        return match (ok, output.errors) {
            (false, args::Errors::Stderr) => json::write_line(&mut io::stderr().lock(), &record),
            (false, args::Errors::Skip) => Ok(()),
            _ => json::write_line(out, &record),
        };
    }
    match &result {
        Ok(r) => {
            // Two writes, not the formatting machinery: this is the line
            // every successful input of a long run takes.
            if output.uris || !output.escape {
                out.write_all(r.as_bytes())?;
            } else {
                out.write_all(show::data(r).as_bytes())?;
            }
            out.write_all(b"\n")
        }
        Err(e) => match output.errors {
            args::Errors::Inline => write_error(out, &text, e),
            args::Errors::Stderr => write_error(&mut io::stderr().lock(), &text, e),
            args::Errors::Skip => Ok(()),
        },
    }
}

/// The human entry of an input that failed, in its place:
/// `error: "input": code at byte N: message`.
pub fn write_error(out: &mut impl Write, input: &str, e: &ErrorRecord) -> io::Result<()> {
    writeln!(
        out,
        "{} \"{}\": {} at byte {}: {}",
        show::paint("error:", show::ERROR),
        show::text(input),
        e.code,
        e.offset,
        e.message
    )
}
