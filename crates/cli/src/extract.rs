//! `uri extract`: URIs found in plain text (Appendix E).

use std::io::{self, Write};

use clap::Args;
use urikit::{Dialect, Extractor};

use crate::json::{self, ExtractRecord};
use crate::{args, input, show, status};

/// The options of `uri extract`.
#[derive(Args)]
pub struct ExtractArgs {
    /// Also find abbreviated URIs beginning with www. or ftp. (Appendix F).
    #[arg(long)]
    abbreviated: bool,
    /// The specification the URIs found must be valid under; `rfc3987`
    /// finds IRIs (characters beyond ASCII).
    #[command(flatten)]
    dialect: args::DialectName,
    #[command(flatten)]
    json: args::Json,
    /// Text files (`-` is standard input); standard input when none.
    files: Vec<String>,
}

/// Whether `f` was made by removing white space from inside one line of
/// `text` (`<http://x/a b>`): a URI broken across lines and joined is what
/// the specifications' delimiters are for, and needs no note.
fn within_a_line(text: &str, f: &urikit::Found<'_>) -> bool {
    f.removed() && text.get(f.span()).is_some_and(|t| !t.contains('\n'))
}

/// Prints every URI found in the files (standard input without files, or
/// for `-`), reading each in chunks of about a megabyte cut where no URI
/// crosses (see `input::text_chunks`), so memory does not grow with the
/// file. Finding nothing is not a failure; a file that cannot be read is
/// reported by name, and the others are read.
pub fn run(a: ExtractArgs) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let sources = if a.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        a.files
    };
    let dialect = a.dialect.dialect;
    let x = Extractor::new().abbreviated(a.abbreviated).dialect(dialect);
    // Outside the IRI dialect, the IRIs a chunk beyond ASCII holds, to
    // suggest that dialect in the human output when some were passed over.
    let iris = Extractor::new()
        .abbreviated(a.abbreviated)
        .dialect(Dialect::Rfc3987);
    let mut missed = 0usize;
    // Where a URI was made by removing white space inside `<...>`
    // (Appendix C), a note on standard error (human output) or a warning in
    // the record.
    const REMOVED: &str = "white space inside the delimiters removed (RFC 3986 Appendix C)";
    for source in &sources {
        let read = input::open_raw(source).and_then(|r| {
            // Standard input may be `tail -f`: each line answered as it comes.
            input::text_stream(r, input::may_wait(source), |text, first_line| {
                let mut found = 0usize;
                // Lines and columns only where they are printed: the scan
                // without them is faster.
                let result = if a.json.json || sources.len() > 1 {
                    x.extract(text).try_for_each(|m| {
                        found += 1;
                        let line = first_line + m.line() - 1;
                        if a.json.json {
                            let record = ExtractRecord {
                                file: (sources.len() > 1).then(|| input::name(source)),
                                uri: m.as_str(),
                                line,
                                column: m.column(),
                                warning: within_a_line(text, m.found()).then_some(REMOVED),
                            };
                            json::write_line(&mut out, &record)
                        } else {
                            let name = show::text(input::name(source));
                            if within_a_line(text, m.found()) {
                                eprintln!(
                                    "note: {name}:{line}: {}: {REMOVED}",
                                    show::text(m.as_str())
                                );
                            }
                            writeln!(
                                out,
                                "{name}:{line}:{}: {}",
                                m.column(),
                                show::data(m.as_str())
                            )
                        }
                    })
                } else {
                    x.uris(text).try_for_each(|f| {
                        found += 1;
                        if within_a_line(text, &f) {
                            eprintln!("note: {}: {REMOVED}", show::text(f.as_str()));
                        }
                        writeln!(out, "{}", show::data(f.as_str()))
                    })
                };
                if !a.json.json && dialect != Dialect::Rfc3987 && !text.is_ascii() {
                    missed += iris.uris(text).count().saturating_sub(found);
                }
                // Each chunk's answers go out at once (a stream's line is one).
                result.and_then(|()| out.flush())
            })
        });
        match read {
            Err(e) if input::is_read_error(&e) => {
                out.flush()?;
                eprintln!("error: {e}");
                status::unreadable();
            }
            other => other?,
        }
    }
    out.flush()?;
    if missed > 0 {
        eprintln!(
            "hint: {missed} IRI{} with characters beyond ASCII not extracted under {}; try \
             --dialect rfc3987",
            if missed == 1 { "" } else { "s" },
            dialect.name()
        );
    }
    Ok(())
}
