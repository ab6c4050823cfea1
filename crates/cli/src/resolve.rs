//! `uri resolve` and `uri relativize`.

use std::io;

use clap::Args;
use urikit::{Dialect, Error, Resolver, UriRef};

use crate::args;
use crate::each::{each_into, Output};
use crate::json::ErrorRecord;

/// The options of `uri resolve`.
#[derive(Args)]
pub struct ResolveArgs {
    /// The base URI (absolute).
    #[arg(long)]
    base: String,
    #[command(flatten)]
    dialect: args::DialectArg,
    /// Treat a reference with the base's scheme as relative (`http:g`).
    #[arg(long)]
    non_strict: bool,
    #[command(flatten)]
    jobs: args::Jobs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// References to resolve; standard input, one per line, when none.
    refs: Vec<String>,
}

/// The options of `uri relativize`.
#[derive(Args)]
pub struct RelativizeArgs {
    /// The base URI (absolute).
    #[arg(long)]
    base: String,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    jobs: args::Jobs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// Target URIs; standard input, one per line, when none.
    targets: Vec<String>,
}

/// `uri resolve --base BASE [--dialect D] [--non-strict]`: every input is
/// resolved against the base. A base that fails is one usage error (status
/// 2); with `--json`, the contract's `invalid-base` or `relative-base`
/// record for every input.
pub fn resolve(a: ResolveArgs) -> io::Result<()> {
    if a.dialect.whatwg() {
        if a.non_strict {
            crate::status::usage_error("--non-strict applies to the IETF dialects, not to whatwg");
        }
        let output = Output {
            base: Some(&a.base),
            jobs: a.jobs.get(),
            ..Output::new(a.json, a.errors)
        };
        return crate::whatwg::resolve(&a.base, a.refs, output);
    }
    let output = Output {
        base: Some(&a.base),
        jobs: a.jobs.get(),
        // An IRI may hold characters that are shown escaped.
        uris: a.dialect.dialect() != urikit::Dialect::Rfc3987,
        ..Output::new(a.json, a.errors)
    };
    against_base(
        &a.base,
        a.dialect,
        !a.non_strict,
        a.refs,
        output,
        |r, u, out| r.resolve_into(u, out),
    )
}

/// `uri relativize --base BASE [--dialect D]`: the shortest reference that
/// resolves against the base to each target.
pub fn relativize(a: RelativizeArgs) -> io::Result<()> {
    let output = Output {
        base: Some(&a.base),
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    against_base(&a.base, a.dialect, true, a.targets, output, |r, u, out| {
        *out = r.relativize(*u)?.into_string();
        Ok(())
    })
}

/// Reads the base and each input with the dialect's grammar and prints
/// `op(resolver, input)`. A bad base is one usage error in human output,
/// and fails every input's record with `--json` (the contract's rule).
fn against_base(
    base: &str,
    dialect: args::DialectArg,
    strict: bool,
    inputs: Vec<String>,
    output: Output<'_>,
    op: impl Fn(&Resolver<'_>, &UriRef<'_>, &mut String) -> Result<(), Error> + Sync,
) -> io::Result<()> {
    let grammar = args::DialectArg {
        name: args::DialectName {
            dialect: grammar_of(dialect.dialect()),
        },
        ..dialect
    }
    .parser();
    let resolver = grammar
        .parse(base)
        .and_then(Resolver::new)
        .map(|r| r.dialect(dialect.dialect()).strict(strict));
    if let (Err(e), false) = (&resolver, output.json) {
        let r = ErrorRecord::for_base(*e);
        crate::status::usage_error(&format!(
            "the base \"{}\": {} at byte {}: {}",
            crate::show::text(base),
            r.code,
            r.offset,
            r.message
        ));
    }
    each_into(inputs, output, |s, out| {
        // Borrowed: the resolver is not copied for each input.
        let resolver = resolver.as_ref().map_err(|e| ErrorRecord::for_base(*e))?;
        let iri = grammar.dialect() == Dialect::Rfc3987;
        // Matched in place: the view is read where the parser wrote it.
        let parsed = grammar.parse(s);
        match &parsed {
            Ok(u) => Ok(op(resolver, u, out)?),
            Err(e) => Err(ErrorRecord::at(*e, s, iri)),
        }
    })
}

/// The grammar that reads base and references: the dialect's own, except
/// for RFC 1738, which has no relative references to read (the resolver then
/// reports `unsupported-dialect` for every input).
fn grammar_of(dialect: Dialect) -> Dialect {
    if dialect == Dialect::Rfc1738 {
        Dialect::Rfc3986
    } else {
        dialect
    }
}
