//! `uri normalize` and `uri equivalent`.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;
use urikit::Normalizer;

use crate::each::{each_into, each_value, Output};
use crate::json::{self, ErrorRecord};
use crate::{args, show, status};

/// The options of `uri normalize`.
#[derive(Args)]
pub struct NormalizeArgs {
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    unicode: Steps,
    #[command(flatten)]
    require: args::RequireArgs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// References to normalize; standard input, one per line, when none.
    refs: Vec<String>,
}

/// The options of `uri equivalent`.
#[derive(Args)]
pub struct EquivalentArgs {
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    unicode: Steps,
    #[command(flatten)]
    json: args::Json,
    /// Print nothing; exit 0 when A and B are equivalent, 1 when they are
    /// not, 2 when either is invalid (for `if uri equivalent --status A B`).
    #[arg(long, conflicts_with = "json")]
    status: bool,
    /// The first reference.
    a: String,
    /// The second reference.
    b: String,
}

/// The normalization steps that are off unless asked for (the IPv6 text
/// form of RFC 5952, the steps RFC 3987 section 5.3 adds for IRIs), one
/// flag each, named and described as the library's table has them
/// ([`Normalizer::STEPS`]): `--ipv6`, `--nfc`, `--idna`.
#[derive(Clone, Debug, Default)]
struct Steps {
    on: Vec<&'static urikit::NormalizationStep>,
}

/// The steps that are off by default: each is a flag.
fn optional_steps() -> impl Iterator<Item = &'static urikit::NormalizationStep> {
    Normalizer::STEPS.iter().filter(|s| !s.default)
}

impl clap::FromArgMatches for Steps {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Steps, clap::Error> {
        let on = optional_steps().filter(|s| m.get_flag(s.name)).collect();
        Ok(Steps { on })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Steps::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for Steps {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        optional_steps().fold(cmd, |cmd, s| {
            cmd.arg(
                clap::Arg::new(s.name)
                    .long(s.name)
                    .action(clap::ArgAction::SetTrue)
                    .help(format!("Also: {} ({})", s.does, s.section)),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Steps::augment_args(cmd)
    }
}

impl Steps {
    fn normalizer(&self) -> Normalizer {
        self.on
            .iter()
            .fold(Normalizer::new(), |n, step| step.set(n, true))
    }
}

/// `uri normalize`: RFC 3986 sections 6.2.2 and 6.2.3.
pub fn normalize(a: NormalizeArgs) -> io::Result<()> {
    let n = a.unicode.normalizer();
    if a.dialect.whatwg() {
        let schemes = a.require.scheme_list();
        if n != Normalizer::new() || a.require.get(&schemes) != urikit::Requirements::default() {
            status::usage_error(
                "under --dialect whatwg the result is the URL Standard's canonical form: the \
                 optional steps and --require-* apply to the IETF dialects",
            );
        }
        let output = Output {
            jobs: a.jobs.get(),
            ..Output::new(a.json, a.errors)
        };
        return crate::whatwg::normalize(a.refs, output);
    }
    let parser = a.dialect.parser();
    let iri = parser.dialect() == urikit::Dialect::Rfc3987;
    let output = Output {
        jobs: a.jobs.get(),
        // An IRI may hold characters that are shown escaped.
        uris: !iri,
        ..Output::new(a.json, a.errors)
    };
    let schemes = a.require.scheme_list();
    let require = a.require.get(&schemes);
    each_into(a.refs, output, |s, out| {
        let u = parser.parse(s).map_err(|e| ErrorRecord::at(e, s, iri))?;
        args::meets(&require, &u)?;
        n.normalize_into(u, out);
        Ok(())
    })
}

/// `{"a", "b", "ok", "equivalent", "error"}`.
#[derive(Serialize)]
struct EquivalentRecord<'a> {
    a: &'a str,
    b: &'a str,
    ok: bool,
    equivalent: Option<bool>,
    error: Option<ErrorRecord>,
}

/// `uri equivalent A B`: exit 0 whether or not they are equivalent, 1 when
/// either is invalid (the error names which).
pub fn equivalent(args: EquivalentArgs) -> io::Result<()> {
    let (a, b) = (args.a.as_str(), args.b.as_str());
    let whatwg = args.dialect.whatwg();
    let iri = args.dialect.dialect() == urikit::Dialect::Rfc3987;
    // The verdict, or the error record of the first input that fails
    // (with the offset into it) and which it was.
    let result: Result<bool, (ErrorRecord, &str)> = if whatwg {
        crate::whatwg::equivalent(a, b)
    } else {
        let parser = args.dialect.parser();
        let at = |e, which: &'static str| {
            let text = if which == "A" { a } else { b };
            (ErrorRecord::at(e, text, iri), which)
        };
        let parsed = parser
            .parse(a)
            .map_err(|e| at(e, "A"))
            .and_then(|x| parser.parse(b).map(|y| (x, y)).map_err(|e| at(e, "B")));
        let n = args.unicode.normalizer();
        parsed.map(|(x, y)| n.equivalent(x, y))
    };
    if args.status {
        let code = match &result {
            Ok(true) => 0,
            Ok(false) => 1,
            Err((r, which)) => {
                let text = if *which == "A" { a } else { b };
                eprintln!(
                    "error: {which} \"{}\": {} at byte {}: {}",
                    show::text(text),
                    r.code,
                    r.offset,
                    r.message
                );
                2
            }
        };
        std::process::exit(code);
    }
    status::record(result.is_ok());
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match (result, args.json.json) {
        (result, true) => {
            let equivalent = result.as_ref().ok().copied();
            let ok = result.is_ok();
            let error = result.err().map(|(mut r, which)| {
                r.message = format!("{which}: {}", r.message);
                r
            });
            let record = EquivalentRecord {
                a,
                b,
                ok,
                equivalent,
                error,
            };
            json::write_line(&mut out, &record)?;
        }
        (Ok(true), false) => writeln!(out, "equivalent")?,
        (Ok(false), false) => writeln!(out, "not equivalent")?,
        (Err((r, which)), false) => {
            let text = if which == "A" { a } else { b };
            writeln!(
                out,
                "error: {which} \"{}\": {} at byte {}: {}",
                show::text(text),
                r.code,
                r.offset,
                r.message
            )?;
        }
    }
    Ok(())
}

/// The options of `uri clean`.
#[derive(Args)]
pub struct CleanArgs {
    /// Drop the query parameters whose decoded key matches this glob instead of the tracking
    /// parameters of the list (`utm_*`, `fbclid`, `gclid`, ... see the README). Repeatable.
    #[arg(long, value_name = "GLOB")]
    drop: Vec<String>,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    require: args::RequireArgs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// References to clean; standard input, one per line, when none.
    refs: Vec<String>,
}

/// `uri clean`: the key for de-duplication (`urikit::clean`): normalized,
/// tracking parameters dropped, query sorted, fragment dropped.
pub fn clean(a: CleanArgs) -> io::Result<()> {
    let parser = a.dialect.parser();
    let iri = parser.dialect() == urikit::Dialect::Rfc3987;
    let drop: Vec<&str> = if a.drop.is_empty() {
        urikit::TRACKING_PARAMS.to_vec()
    } else {
        a.drop.iter().map(String::as_str).collect()
    };
    let output = Output {
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    let schemes = a.require.scheme_list();
    let require = a.require.get(&schemes);
    each_value(a.refs, output, |s| {
        let u = parser.parse(s).map_err(|e| ErrorRecord::at(e, s, iri))?;
        args::meets(&require, &u)?;
        Ok(urikit::clean(u, &drop)?.into_string())
    })
}
