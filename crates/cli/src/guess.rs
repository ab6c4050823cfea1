//! `uri guess`: abbreviated URIs typed by a person (Appendix F), and `uri
//! repair`: near-URIs made valid, every change reported.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use crate::each::{each_value, Output};
use crate::json::{self, ErrorRecord};
use crate::{args, input, show, status};

/// The options of `uri guess`.
#[derive(Args)]
pub struct GuessArgs {
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// Texts to complete; standard input, one per line, when none.
    texts: Vec<String>,
}

/// Completes each text into an absolute URI, or says there is no guess.
pub fn run(a: GuessArgs) -> io::Result<()> {
    each_value(a.texts, Output::new(a.json, a.errors), |t| {
        urikit::guess(t).ok_or_else(|| ErrorRecord {
            code: "not-host-like",
            offset: 0,
            message: "no guess: the text does not look like an abbreviated URI (a host name, \
                      host:port, user@domain)"
                .to_owned(),
        })
    })
}

/// The options of `uri repair`.
#[derive(Args)]
pub struct RepairArgs {
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// Texts to repair; standard input, one per line, when none.
    texts: Vec<String>,
}

/// `{"offset", "from", "to"}`: one change of a repair.
#[derive(Serialize)]
struct ChangeRecord<'a> {
    offset: usize,
    from: &'a str,
    to: std::borrow::Cow<'a, str>,
}

/// `{"input", "ok", "result", "changes", "error"}`.
#[derive(Serialize)]
struct RepairRecord<'a> {
    input: &'a str,
    ok: bool,
    result: Option<&'a str>,
    changes: ChangesJson<'a>,
    error: Option<ErrorRecord>,
}

/// The changes of a repair as a JSON list, each written as it is read
/// from the input (a line of millions of changes is never held).
struct ChangesJson<'a>(urikit::Changes<'a>);

impl Serialize for ChangesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        for c in self.0.clone() {
            seq.serialize_element(&ChangeRecord {
                offset: c.offset,
                from: c.from,
                to: c.to(),
            })?;
        }
        seq.end()
    }
}

/// `uri repair`: each text made a valid RFC 3986 reference where it can
/// be, with every change reported (`urikit::repair`).
pub fn repair(a: RepairArgs) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    input::batches(a.texts, |lines| {
        for line in lines.lines() {
            let (text, bad) = line.read();
            let repaired = urikit::repair(&text);
            let result = match bad {
                Some(e) => Err(ErrorRecord::from(e)),
                None => repaired
                    .result
                    .as_ref()
                    .map_err(|&e| ErrorRecord::at(e, &text, false)),
            };
            status::record(result.is_ok());
            let mut err = io::stderr().lock();
            let Some(mut to) = a.errors.errors.route(result.is_ok(), &mut out, &mut err) else {
                continue;
            };
            if a.json.json {
                let (result, error) = match result {
                    Ok(u) => (Some(u.as_str()), None),
                    Err(e) => (None, Some(e)),
                };
                let record = RepairRecord {
                    input: &text,
                    ok: error.is_none(),
                    result,
                    changes: ChangesJson(repaired.changes()),
                    error,
                };
                json::write_line(&mut to, &record)?;
                continue;
            }
            match result {
                Ok(u) => writeln!(to, "{}", show::data(u.as_str()))?,
                Err(e) => crate::each::write_error(&mut to, &text, &e)?,
            }
            for c in repaired.changes() {
                let to_text = c.to();
                let shown = if c.is_removal() {
                    "(removed)"
                } else {
                    &to_text
                };
                writeln!(
                    to,
                    "  byte {}: '{}' -> {shown}",
                    c.offset,
                    show::text(c.from)
                )?;
            }
        }
        out.flush()
    })?;
    out.flush()
}
