//! `uri normalize` and `uri equivalent`.

use std::io::{self, Write};

use serde::Serialize;
use urikit::{Normalizer, UriRef};

use crate::input::each_value_jobs;
use crate::json::{self, ErrorRecord};

/// `uri normalize`: RFC 3986 sections 6.2.2 and 6.2.3.
pub fn normalize(refs: Vec<String>, as_json: bool, jobs: usize) -> io::Result<bool> {
    let n = Normalizer::new();
    each_value_jobs(refs, as_json, None, jobs, |s| {
        Ok(n.normalize(UriRef::parse(s)?).into_string())
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
pub fn equivalent(a: &str, b: &str, as_json: bool) -> io::Result<bool> {
    let parsed = UriRef::parse(a)
        .map_err(|e| (e, "A"))
        .and_then(|x| UriRef::parse(b).map(|y| (x, y)).map_err(|e| (e, "B")));
    let result = parsed.map(|(x, y)| Normalizer::new().equivalent(x, y));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match (&result, as_json) {
        (_, true) => {
            let error = result.as_ref().err().map(|&(e, which)| {
                let mut r = ErrorRecord::from(e);
                r.message = format!("{which}: {}", r.message);
                r
            });
            let record = EquivalentRecord {
                a,
                b,
                ok: result.is_ok(),
                equivalent: result.as_ref().ok().copied(),
                error,
            };
            json::write_line(&mut out, &record)?;
        }
        (Ok(true), false) => writeln!(out, "equivalent")?,
        (Ok(false), false) => writeln!(out, "not equivalent")?,
        (Err((e, which)), false) => eprintln!("error: {which}: {e}"),
    }
    Ok(result.is_ok())
}
