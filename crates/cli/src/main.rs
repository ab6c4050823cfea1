//! `uri`: the command-line front end of urikit.
//!
//! Its machine-readable face (`--json`, exit status, error codes) follows
//! the project's CLI contract; see the README for every flag.

mod check;
mod codec;
mod input;
mod json;
mod parse;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Parse, validate, encode and decode URI references (RFC 3986).
#[derive(Parser)]
#[command(name = "uri", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The specification whose grammar applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Dialect {
    /// RFC 3986, the published form of draft-fielding-uri-rfc2396bis (default).
    Rfc3986,
    /// draft-fielding-uri-rfc2396bis-00 (October 2002).
    Rfc2396bis,
    /// RFC 2396 (August 1998).
    Rfc2396,
    /// draft-ietf-url-syntax-00 (December 1996).
    #[value(name = "url-1996")]
    Url1996,
    /// RFC 1738 (December 1994).
    Rfc1738,
}

#[derive(Subcommand)]
enum Command {
    /// Parse each URI reference and print its components.
    Parse {
        /// The specification whose grammar applies.
        #[arg(long, value_enum, default_value = "rfc3986")]
        dialect: Dialect,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// References to parse; standard input, one per line, when none.
        refs: Vec<String>,
    },
    /// Validate every line of files (or standard input, or the embedded sample) and summarize.
    Check(check::Args),
    /// Percent-encode text for a component.
    Encode {
        /// The component whose encode set applies.
        #[arg(long, value_parser = codec::component_parser())]
        component: urikit::pct::Component,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Texts to encode; standard input, one per line, when none.
        texts: Vec<String>,
    },
    /// Decode percent-encoded text.
    Decode {
        /// `form` also decodes `+` as a space (application/x-www-form-urlencoded).
        #[arg(long, value_parser = codec::component_parser())]
        component: Option<urikit::pct::Component>,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Texts to decode; standard input, one per line, when none.
        texts: Vec<String>,
    },
}

/// Only RFC 3986 is implemented so far: the other dialects are a usage
/// error rather than a silent fallback to another grammar.
fn require_rfc3986(d: Dialect) -> Result<(), ExitCode> {
    if d == Dialect::Rfc3986 {
        return Ok(());
    }
    let name = d
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default();
    eprintln!("error: the {name} dialect is not implemented yet; only rfc3986 is available");
    Err(ExitCode::from(2))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse {
            dialect,
            json,
            refs,
        } => {
            if let Err(code) = require_rfc3986(dialect) {
                return code;
            }
            parse::run(refs, json)
        }
        Command::Check(args) => check::run(args),
        Command::Encode {
            component,
            json,
            texts,
        } => codec::encode(component, texts, json),
        Command::Decode {
            component,
            json,
            texts,
        } => codec::decode(component, texts, json),
    };
    match result {
        Ok(all_ok) => ExitCode::from(if all_ok { 0 } else { 1 }),
        // A closed output pipe (`uri check big.txt | head`) ends quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(2)
        }
    }
}
