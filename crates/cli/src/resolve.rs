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
    let resolver = UriRef::parse(base)
        .and_then(Resolver::new)
        .map(|r| r.dialect(dialect).strict(strict));
    each_value(refs, as_json, Some(base), |s| {
        let resolver = resolver.map_err(ErrorRecord::for_base)?;
        let r = UriRef::parse(s)?;
        Ok(resolver.resolve(r)?.into_string())
    })
}
