//! `uri resolve` and `uri relativize`.

use std::io;

use urikit::{Dialect, Resolver, UriRef};

use crate::input::each_value;
use crate::json::ErrorRecord;

/// `uri resolve --base BASE [--dialect D] [--non-strict]`: every input is
/// resolved against the base; an invalid base is an error for every input.
pub fn resolve(
    base: &str,
    dialect: Dialect,
    strict: bool,
    refs: Vec<String>,
    as_json: bool,
) -> io::Result<bool> {
    let grammar = grammar_of(dialect);
    let resolver = UriRef::parse_with(base, grammar)
        .and_then(Resolver::new)
        .map(|r| r.dialect(dialect).strict(strict));
    each_value(refs, as_json, Some(base), |s| {
        let resolver = resolver.map_err(ErrorRecord::for_base)?;
        let r = UriRef::parse_with(s, grammar)?;
        Ok(resolver.resolve(r)?.into_string())
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
    let grammar = grammar_of(dialect);
    let resolver = UriRef::parse_with(base, grammar)
        .and_then(Resolver::new)
        .map(|r| r.dialect(dialect));
    each_value(targets, as_json, Some(base), |s| {
        let resolver = resolver.map_err(ErrorRecord::for_base)?;
        let t = UriRef::parse_with(s, grammar)?;
        Ok(resolver.relativize(t)?.into_string())
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
