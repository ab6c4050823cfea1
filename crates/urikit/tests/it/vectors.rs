//! The one runner for the conformance vectors in testdata/parse/ (format in
//! testdata/README.md). It runs every vector, reports every failure, and
//! keeps a list of expected failures in which an unexpected pass also fails.

use std::path::{Path, PathBuf};

use serde_json::Value;
use urikit::UriRef;

use crate::naive;

/// Vectors known to fail, each with the reason. An entry whose vector
/// passes is itself a failure, so the list cannot go stale.
const EXPECTED_FAILURES: &[(&str, &str)] = &[];

const COMPONENTS: [&str; 10] = [
    "kind",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_type",
    "port",
    "path",
    "query",
    "fragment",
];

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Every record of every `.jsonl` file under `dir`, with `file:line`.
pub fn records(dir: &str) -> Vec<(String, Value)> {
    let dir = testdata().join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{name}:{}: not JSON: {e}", n + 1));
            out.push((format!("{name}:{}", n + 1), v));
        }
    }
    out
}

/// Runs `check` on every record under `dir` (there must be more than
/// `min`), and fails listing every record that failed, with why.
pub fn check_all(dir: &str, min: usize, check: impl Fn(&Value) -> Result<(), String>) {
    let all = records(dir);
    assert!(all.len() > min, "only {} vectors found in {dir}", all.len());
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(at, v)| check(v).err().map(|why| format!("{at}: {v}: {why}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

fn opt_str(v: Option<impl AsRef<str>>) -> Value {
    v.map_or(Value::Null, |s| Value::String(s.as_ref().to_owned()))
}

/// The components of a parse as the `uri parse` JSON output has them.
pub fn components(u: &UriRef<'_>) -> serde_json::Map<String, Value> {
    crate::recompose::components(u)
        .into_iter()
        .map(|(k, v)| (k.to_owned(), opt_str(v.as_deref())))
        .collect()
}

/// Checks one vector; `Err` says how it failed.
fn check(v: &Value) -> Result<(), String> {
    let input = v["input"].as_str().ok_or("no input")?;
    let parsed = UriRef::parse(input);

    if let Some(groups) = v.get("groups") {
        let got: Vec<Value> = naive::appendix_b(input)
            .iter()
            .map(|g| opt_str(*g))
            .collect();
        if &Value::Array(got.clone()) != groups {
            return Err(format!("Appendix B groups {got:?}"));
        }
        // For a valid reference the groups are its components (RFC 3986 Appendix B).
        let u = parsed.map_err(|e| format!("parse error {e}"))?;
        let c = components(&u);
        for (i, key) in [
            (1, "scheme"),
            (3, "authority"),
            (4, "path"),
            (6, "query"),
            (8, "fragment"),
        ] {
            if c[key] != got[i] {
                return Err(format!("{key}: parser {} vs group {}", c[key], got[i]));
            }
        }
        return Ok(());
    }

    if let Some(code) = v.get("error") {
        let offset = v["offset"].as_u64().ok_or("error vector without offset")? as usize;
        return match parsed {
            Ok(u) => Err(format!("parsed, expected {code}: {:?}", components(&u))),
            Err(e) if e.code() == code && e.offset() == offset => Ok(()),
            Err(e) => Err(format!(
                "got {} at {}, expected {code} at {offset}",
                e.code(),
                e.offset()
            )),
        };
    }

    let u = parsed.map_err(|e| format!("parse error: {e}"))?;
    let got = components(&u);
    if v.get("valid") == Some(&Value::Bool(true)) {
        return Ok(());
    }
    let full = v.get("kind").is_some();
    for key in COMPONENTS {
        match v.get(key) {
            Some(want) if got[key] != *want => {
                return Err(format!("{key}: got {}, expected {want}", got[key]))
            }
            None if full => return Err(format!("full vector lacks {key}")),
            _ => {}
        }
    }
    if let Some(addr) = v.get("address") {
        let h = u.host().ok_or("no host")?;
        let got = match (h.ipv4(), h.ipv6()) {
            (Some(a), _) => a.to_string(),
            (_, Some(a)) => a.to_string(),
            _ => return Err("no IP address".into()),
        };
        if got != *addr {
            return Err(format!("address {got}, expected {addr}"));
        }
    }
    if !full && v.get("host_type").is_none() {
        return Err("vector checks nothing".into());
    }
    Ok(())
}

#[test]
fn parse_vectors() {
    let all = records("parse");
    assert!(all.len() > 150, "only {} vectors found", all.len());
    let mut failures = Vec::new();
    for (at, v) in &all {
        let input = v["input"].as_str().unwrap_or_default();
        let expected = EXPECTED_FAILURES.iter().find(|(i, _)| *i == input);
        match (check(v), expected) {
            (Ok(()), None) | (Err(_), Some(_)) => {}
            (Err(why), None) => failures.push(format!("{at}: {input:?}: {why}")),
            (Ok(()), Some((_, reason))) => failures.push(format!(
                "{at}: {input:?} passes but is listed as an expected failure ({reason})"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn every_error_offset_is_within_the_input() {
    for (at, v) in records("parse") {
        let input = v["input"].as_str().unwrap();
        if let Err(e) = UriRef::parse(input) {
            assert!(e.offset() <= input.len(), "{at}");
        }
    }
}

#[test]
fn the_naive_oracle_agrees_with_every_vector() {
    let g = naive::grammar();
    for (at, v) in records("parse") {
        let input = v["input"].as_str().unwrap();
        let valid = v.get("error").is_none();
        assert_eq!(g.accepts(input), valid, "{at}: {input:?}");
    }
}
