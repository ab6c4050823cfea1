//! `uri extract`: URIs found in plain text (Appendix E).

use std::io::{self, Write};

use urikit::Extractor;

use crate::input;
use crate::json::{self, ExtractRecord};

/// Prints every URI found in the files (standard input without files, or
/// for `-`). Always `Ok(true)`: finding nothing is not a failure.
pub fn run(files: Vec<String>, abbreviated: bool, as_json: bool) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let sources = if files.is_empty() {
        vec!["-".to_owned()]
    } else {
        files
    };
    let x = Extractor::new().abbreviated(abbreviated);
    for source in &sources {
        // Bytes that are not UTF-8 cannot be part of a URI: they are read
        // as replacement characters, which end any URI around them.
        let text = input::read_text(source)?;
        for m in x.extract(&text) {
            if as_json {
                let record = ExtractRecord {
                    uri: m.as_str(),
                    line: m.line(),
                    column: m.column(),
                };
                json::write_line(&mut out, &record)?;
            } else if sources.len() > 1 {
                writeln!(out, "{source}:{}:{}: {}", m.line(), m.column(), m.as_str())?;
            } else {
                writeln!(out, "{}", m.as_str())?;
            }
        }
    }
    out.flush()?;
    Ok(true)
}
