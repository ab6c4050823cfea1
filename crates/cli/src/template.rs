//! `uri template expand`: RFC 6570 URI Templates.

use std::ffi::OsString;
use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::Value as Json;
use urikit::template::{Capture, Captures, Template, Value, ValueKind, Variables};
use urikit::{Error, ErrorKind};

use crate::json::{self, ErrorRecord};
use crate::{args, each, input, show, status};

/// `uri template`'s subcommands.
#[derive(Subcommand)]
pub enum TemplateCommand {
    /// Expand a URI Template (RFC 6570, all four levels) with variables.
    #[command(
        after_help = "Examples:\n  uri template expand 'https://api.example.com/users/{id}/repos{?page}' --var id=octocat --var page=2\n  uri template expand '{/path*}{?q}' --var path=a --var path=b --var 'q=x y'\n  uri template expand 'https://example.com/{+base}{?keys*}' --vars vars.json --json"
    )]
    Expand(ExpandArgs),
    /// The variables a URI was expanded from, where the template makes them recoverable.
    #[command(
        after_help = "Examples:\n  uri template match 'https://api.example.com/users/{id}/repos{?page}' https://api.example.com/users/octocat/repos?page=2\n  uri template match --json '/search{?q,lang}' < paths.txt"
    )]
    Match(MatchArgs),
}

/// The options of `uri template match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The template.
    template: String,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// URIs to match; standard input, one per line, when none.
    uris: Vec<String>,
}

/// `{"template", "input", "ok", "vars", "error"}`.
#[derive(Serialize)]
struct MatchRecord<'a> {
    template: &'a str,
    input: &'a str,
    ok: bool,
    vars: Option<VarsJson<'a>>,
    error: Option<ErrorRecord>,
}

/// The variables matching found, written as a JSON object straight from
/// the URI (decoded member by member), so that a value of millions of
/// members is never held twice.
struct VarsJson<'a>(&'a Captures<'a, 'a>);

impl Serialize for VarsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, c) in self.0.iter() {
            map.serialize_entry(name, &CaptureJson(c))?;
        }
        map.end()
    }
}

/// A variable's value as JSON: a string, a list, or an object in order.
struct CaptureJson<'a>(&'a Capture<'a>);

impl Serialize for CaptureJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.kind() {
            ValueKind::String => s.serialize_str(&self.0.items().next().unwrap_or_default()),
            ValueKind::List => {
                let mut seq = s.serialize_seq(None)?;
                for item in self.0.items() {
                    seq.serialize_element(&item)?;
                }
                seq.end()
            }
            ValueKind::Assoc => {
                let mut map = s.serialize_map(None)?;
                for (k, v) in self.0.pairs() {
                    map.serialize_entry(&k, &v)?;
                }
                map.end()
            }
        }
    }
}

/// The options of `uri template expand`.
#[derive(Args)]
pub struct ExpandArgs {
    /// The template.
    template: OsString,
    /// A variable's string value; the same NAME again makes a list.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    vars: Vec<String>,
    /// A JSON object of variables: strings, lists of strings, or objects of strings
    /// (associative arrays, in order). --var values are added to it.
    #[arg(long = "vars", value_name = "FILE.json")]
    file: Option<String>,
    #[command(flatten)]
    json: args::Json,
}

/// `{"template", "ok", "result", "error"}`.
#[derive(Serialize)]
struct ExpandRecord<'a> {
    template: &'a str,
    ok: bool,
    result: Option<&'a str>,
    error: Option<ErrorRecord>,
}

/// Runs a `uri template` subcommand.
pub fn run(c: TemplateCommand) -> io::Result<()> {
    match c {
        TemplateCommand::Expand(a) => expand(a),
        TemplateCommand::Match(a) => match_uris(a),
    }
}

/// `uri template match`: a malformed template is a usage error (status 2),
/// since no input can match it; each URI gets its variables or `no-match`
/// (or `ambiguous-template`) in place.
fn match_uris(a: MatchArgs) -> io::Result<()> {
    let template = Template::parse(&a.template).unwrap_or_else(|e| {
        let r = ErrorRecord::at(e, &a.template, false);
        status::usage_error(&format!(
            "the template \"{}\": {} at byte {}: {}",
            show::text(&a.template),
            r.code,
            r.offset,
            r.message
        ))
    });
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    input::batches(a.uris, |lines| {
        for line in lines.lines() {
            let (text, bad) = line.read();
            let result = match bad {
                None => template.captures(&text),
                Some(e) => Err(e),
            };
            status::record(result.is_ok());
            let mut err = io::stderr().lock();
            let Some(mut to) = a.errors.errors.route(result.is_ok(), &mut out, &mut err) else {
                continue;
            };
            if a.json.json {
                let record = MatchRecord {
                    template: &a.template,
                    input: &text,
                    ok: result.is_ok(),
                    vars: result.as_ref().ok().map(VarsJson),
                    error: result
                        .as_ref()
                        .err()
                        .map(|&e| ErrorRecord::at(e, &text, false)),
                };
                json::write_line(&mut to, &record)?;
                continue;
            }
            match &result {
                Ok(vars) => {
                    writeln!(to, "{}", show::text(&text))?;
                    for (name, c) in vars.iter() {
                        let json = serde_json::to_string(&CaptureJson(c)).unwrap_or_default();
                        writeln!(to, "  {name} = {}", show::data(&json))?;
                    }
                }
                Err(e) if e.kind() == ErrorKind::AmbiguousTemplate => {
                    // The offset is into the template: said so, with the
                    // template under the caret.
                    let r = ErrorRecord::at(*e, &text, false);
                    writeln!(
                        to,
                        "{} \"{}\": {} at byte {} of the template: {}",
                        show::paint("error:", show::ERROR),
                        show::text(&text),
                        r.code,
                        r.offset,
                        r.message
                    )?;
                    let (line, caret) = show::caret(&a.template, e.offset());
                    writeln!(to, "  {line}\n  {}", show::paint(&caret, show::ERROR))?;
                }
                Err(e) => {
                    each::write_error(&mut to, &text, &ErrorRecord::at(*e, &text, false))?;
                    let (line, caret) = show::caret(&text, e.offset());
                    writeln!(to, "  {line}\n  {}", show::paint(&caret, show::ERROR))?;
                }
            }
        }
        out.flush()
    })?;
    out.flush()
}

fn expand(a: ExpandArgs) -> io::Result<()> {
    let vars = variables(&a);
    let (text, result) = match a.template.into_string() {
        Ok(t) => {
            let r = Template::parse(&t).and_then(|t| t.expand(&vars));
            (t, r)
        }
        Err(raw) => {
            // Shown with U+FFFD where the bytes are not UTF-8.
            let bytes = raw.as_encoded_bytes();
            let at = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |_| 0);
            let shown = String::from_utf8_lossy(bytes).into_owned();
            (shown, Err(Error::new(ErrorKind::InvalidUtf8, at)))
        }
    };
    status::record(result.is_ok());
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if a.json.json {
        let record = ExpandRecord {
            template: &text,
            ok: result.is_ok(),
            result: result.as_deref().ok(),
            error: result
                .as_ref()
                .err()
                .map(|&e| ErrorRecord::at(e, &text, false)),
        };
        json::write_line(&mut out, &record)?;
    } else {
        match &result {
            Ok(s) => writeln!(out, "{}", show::text(s))?,
            Err(e) => {
                each::write_error(&mut out, &text, &ErrorRecord::at(*e, &text, false))?;
                let (line, caret) = show::caret(&text, e.offset());
                writeln!(out, "  {line}\n  {}", show::paint(&caret, show::ERROR))?;
            }
        }
    }
    out.flush()
}

/// The variables of `--vars` and `--var`; a usage error (status 2) for a
/// file that cannot be read or is not such an object, or a `--var`
/// without `=`.
fn variables(a: &ExpandArgs) -> Variables {
    let mut vars = Variables::new();
    if let Some(path) = &a.file {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| status::usage_error(&format!("--vars {path}: {e}")));
        let json: Json = serde_json::from_str(&text)
            .unwrap_or_else(|e| status::usage_error(&format!("--vars {path}: not JSON: {e}")));
        let Json::Object(map) = json else {
            status::usage_error(&format!(
                "--vars {path}: the file must hold a JSON object of variables"
            ));
        };
        for (name, v) in map {
            let value = value_of(&v).unwrap_or_else(|| {
                status::usage_error(&format!(
                    "--vars {path}: the value of {name:?} must be a string, a list of strings \
                     or an object of strings (RFC 6570 section 2.3)"
                ))
            });
            vars = vars.value(&name, value);
        }
    }
    // Repeated names make lists, in the order given.
    let mut lists: Vec<(String, Vec<String>)> = Vec::new();
    for nv in &a.vars {
        let Some((name, value)) = nv.split_once('=') else {
            status::usage_error(&format!("--var {nv:?}: write NAME=VALUE"));
        };
        match lists.iter_mut().find(|(n, _)| n == name) {
            Some((_, l)) => l.push(value.to_owned()),
            None => lists.push((name.to_owned(), vec![value.to_owned()])),
        }
    }
    for (name, mut values) in lists {
        let value = if values.len() == 1 {
            Value::String(values.remove(0))
        } else {
            Value::List(values)
        };
        vars = vars.value(&name, value);
    }
    vars
}

fn value_of(v: &Json) -> Option<Value> {
    Some(match v {
        Json::String(s) => Value::String(s.clone()),
        Json::Array(items) => Value::List(
            items
                .iter()
                .map(|i| i.as_str().map(str::to_owned))
                .collect::<Option<_>>()?,
        ),
        Json::Object(pairs) => Value::Assoc(
            pairs
                .iter()
                .map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}
