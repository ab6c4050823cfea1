//! `uri`: the command-line front end of urikit.
//!
//! Its machine-readable face (`--json`, exit status, error codes) follows
//! the project's CLI contract; see the README for every flag.

mod batch;
mod check;
mod codec;
mod edit;
mod extract;
mod input;
mod inspect;
mod json;
mod links;
mod normalize;
mod parse;
mod resolve;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
use urikit::Dialect;

/// Parse, validate, resolve, encode and decode URI references (RFC 3986 and its predecessors).
#[derive(Parser)]
#[command(name = "uri", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse each URI reference and print its components.
    Parse {
        /// The specification whose grammar applies.
        #[arg(long, value_parser = dialect_parser(), default_value = "rfc3986")]
        dialect: Dialect,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// References to parse; standard input, one per line, when none.
        refs: Vec<String>,
    },
    /// Validate every line of files (or standard input, or the embedded sample) and summarize.
    Check(check::Args),
    /// Resolve each reference against a base URI.
    Resolve {
        /// The base URI (absolute).
        #[arg(long)]
        base: String,
        /// The specification whose resolution algorithm applies.
        #[arg(long, value_parser = dialect_parser(), default_value = "rfc3986")]
        dialect: Dialect,
        /// Treat a reference with the base's scheme as relative (`http:g`).
        #[arg(long)]
        non_strict: bool,
        /// Threads to work with (0: every core); the output stays in input order.
        #[arg(long, default_value_t = 1, value_name = "N")]
        jobs: usize,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// References to resolve; standard input, one per line, when none.
        refs: Vec<String>,
    },
    /// The shortest reference that resolves against a base to each target.
    Relativize {
        /// The base URI (absolute).
        #[arg(long)]
        base: String,
        /// The specification whose resolution algorithm the result is for.
        #[arg(long, value_parser = dialect_parser(), default_value = "rfc3986")]
        dialect: Dialect,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Target URIs; standard input, one per line, when none.
        targets: Vec<String>,
    },
    /// Normalize each reference (RFC 3986 sections 6.2.2 and 6.2.3).
    Normalize {
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Threads to work with (0: every core); the output stays in input order.
        #[arg(long, default_value_t = 1, value_name = "N")]
        jobs: usize,
        /// References to normalize; standard input, one per line, when none.
        refs: Vec<String>,
    },
    /// Whether two references are equal after normalization.
    Equivalent {
        /// One JSON object (JSON Lines).
        #[arg(long)]
        json: bool,
        /// The first reference.
        a: String,
        /// The second reference.
        b: String,
    },
    /// The scheme-specific view of each URI (RFC 1738 section 3), with security warnings.
    Inspect {
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// URIs to inspect; standard input, one per line, when none.
        uris: Vec<String>,
    },
    /// Find URIs in plain text (Appendix E: <URL:...>, <...>, quotes, bare URIs).
    Extract {
        /// Also find abbreviated URIs beginning with www. or ftp. (Appendix F).
        #[arg(long)]
        abbreviated: bool,
        /// One JSON object per URI found (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Text files (`-` is standard input); standard input when none.
        files: Vec<String>,
    },
    /// Every link of HTML documents (a, area, link, img, script, iframe, form), resolved.
    Links(links::LinksArgs),
    /// The base URI of a document and the layer that gave it (section 5.1).
    Base(links::BaseArgs),
    /// Edit components of each URI reference (set, clear, append to the path, edit query parameters).
    Set(edit::SetArgs),
    /// Print components of each URI reference through a template such as '{scheme}://{host}{path}'.
    Get {
        /// The template: {component} as written, {:component} decoded, {query:KEY} a parameter's value, {{ and }} braces.
        template: String,
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// URI references; standard input, one per line, when none.
        uris: Vec<String>,
    },
    /// Complete abbreviated URIs typed by a person (Appendix F heuristics).
    Guess {
        /// One JSON object per input (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Texts to complete; standard input, one per line, when none.
        texts: Vec<String>,
    },
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

/// Parses a `--dialect` value: one of the library's dialect names.
fn dialect_parser() -> impl TypedValueParser<Value = Dialect> {
    clap::builder::PossibleValuesParser::new(Dialect::ALL.map(Dialect::name))
        .map(|name| Dialect::from_name(&name).expect("only known names are possible"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse {
            dialect,
            json,
            refs,
        } => parse::run(dialect, refs, json),
        Command::Check(args) => check::run(args),
        Command::Relativize {
            base,
            dialect,
            json,
            targets,
        } => resolve::relativize(&base, dialect, targets, json),
        Command::Normalize { json, jobs, refs } => {
            normalize::normalize(refs, json, batch::jobs(jobs))
        }
        Command::Equivalent { json, a, b } => normalize::equivalent(&a, &b, json),
        Command::Resolve {
            base,
            dialect,
            non_strict,
            jobs,
            json,
            refs,
        } => resolve::resolve(&base, dialect, !non_strict, refs, json, batch::jobs(jobs)),
        Command::Inspect { json, uris } => inspect::run(uris, json),
        Command::Extract {
            abbreviated,
            json,
            files,
        } => extract::run(files, abbreviated, json),
        Command::Links(args) => links::links(args),
        Command::Set(args) => edit::set(args),
        Command::Get {
            template,
            json,
            uris,
        } => edit::get(&template, uris, json),
        Command::Base(args) => links::base(args),
        Command::Guess { json, texts } => input::each_value(texts, json, None, |t| {
            urikit::guess(t).ok_or_else(|| json::ErrorRecord {
                code: "not-host-like",
                offset: 0,
                message: "no guess: the text does not look like an abbreviated URI (a host name, \
                          host:port, user@domain)"
                    .to_owned(),
            })
        }),
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
