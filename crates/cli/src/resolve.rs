//! `uri resolve` and `uri relativize`.

use std::io;

use urikit::{Dialect, Error, Resolver, UriRef, UriRefBuf};

use crate::input::each_value_jobs;
use crate::json::ErrorRecord;

/// `uri resolve --base BASE [--dialect D] [--non-strict]`: every input is
/// resolved against the base; an invalid base is an error for every input.
pub fn resolve(
    base: &str,
    dialect: Dialect,
    strict: bool,
    refs: Vec<String>,
    as_json: bool,
    jobs: usize,
) -> io::Result<bool> {
    against_base(base, dialect, strict, refs, as_json, jobs, |r, u| {
        r.resolve(u)
    })
}

/// `uri relativize --base BASE [--dialect D]`: the shortest reference that
/// resolves against the base to each target.
pub fn relativize(
    base: &str,
    dialect: Dialect,
    targets: Vec<String>,
    as_json: bool,
) -> io::Result<bool> {
    against_base(base, dialect, true, targets, as_json, 1, |r, u| {
        r.relativize(u)
    })
}

/// Reads the base and each input with the dialect's grammar and prints
/// `op(resolver, input)`; a bad base fails every input.
fn against_base(
    base: &str,
    dialect: Dialect,
    strict: bool,
    inputs: Vec<String>,
    as_json: bool,
    jobs: usize,
    op: impl Fn(&Resolver<'_>, UriRef<'_>) -> Result<UriRefBuf, Error> + Sync,
) -> io::Result<bool> {
    let grammar = grammar_of(dialect);
    let resolver = UriRef::parse_with(base, grammar)
        .and_then(Resolver::new)
        .map(|r| r.dialect(dialect).strict(strict));
    each_value_jobs(inputs, as_json, Some(base), jobs, |s| {
        let resolver = resolver.map_err(ErrorRecord::for_base)?;
        let u = UriRef::parse_with(s, grammar)?;
        Ok(op(&resolver, u)?.into_string())
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
