//! The commands under `--dialect whatwg` (the URL Standard's reading:
//! `parse` with `--base`, `resolve`, `normalize`, `equivalent`, `set
//! --attr`), and `uri compare`, the two readings side by side. The
//! library's `urikit::whatwg` does the reading; this writes the records
//! of docs/cli.md ("The WHATWG dialect").

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;
use urikit::whatwg::{compare, Report, Url, ValidationError};
use urikit::{Dialect, Part};

use crate::each::{each_value, Output};
use crate::json::{self, ErrorRecord, ParseRecord};
use crate::{args, input, show, status};

/// The contract's error record of a validation error.
pub fn error_record(e: &ValidationError) -> ErrorRecord {
    ErrorRecord {
        code: e.code(),
        offset: e.offset(),
        message: e.message().to_owned(),
    }
}

/// The record of `uri parse --dialect whatwg`: the getters of the URL
/// Standard's `URL` class, and the validation errors met.
#[derive(Serialize)]
pub struct UrlRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<&'a str>,
    pub ok: bool,
    pub kind: Option<&'static str>,
    pub href: Option<&'a str>,
    pub origin: Option<String>,
    pub protocol: Option<&'a str>,
    pub username: Option<&'a str>,
    pub password: Option<&'a str>,
    pub host: Option<&'a str>,
    pub hostname: Option<&'a str>,
    pub port: Option<&'a str>,
    pub pathname: Option<&'a str>,
    pub search: Option<&'a str>,
    pub hash: Option<&'a str>,
    pub validation_errors: Vec<ErrorRecord>,
    pub error: Option<ErrorRecord>,
}

impl<'a> UrlRecord<'a> {
    /// The record of a parse of `input` (`None`: left out, as `uri compare`
    /// does).
    pub fn new(input: Option<&'a str>, r: &'a Report) -> UrlRecord<'a> {
        let validation_errors = r.errors.iter().map(error_record).collect();
        match &r.result {
            Ok(u) => UrlRecord {
                input,
                ok: true,
                kind: Some("url"),
                href: Some(u.href()),
                origin: Some(u.origin()),
                protocol: Some(u.protocol()),
                username: Some(u.username()),
                password: Some(u.password()),
                host: Some(u.host()),
                hostname: Some(u.hostname()),
                port: Some(u.port()),
                pathname: Some(u.pathname()),
                search: Some(u.search()),
                hash: Some(u.hash()),
                validation_errors,
                error: None,
            },
            Err(e) => UrlRecord {
                input,
                ok: false,
                kind: None,
                href: None,
                origin: None,
                protocol: None,
                username: None,
                password: None,
                host: None,
                hostname: None,
                port: None,
                pathname: None,
                search: None,
                hash: None,
                validation_errors,
                error: Some(error_record(e)),
            },
        }
    }
}

/// The base of `--base` under the URL Standard; a base that fails is a
/// usage error (status 2), as a bad base is for every command.
fn base_url(base: Option<&str>) -> Option<Url> {
    let base = base?;
    match Url::parse(base) {
        Ok(u) => Some(u),
        Err(e) => status::usage_error(&format!(
            "the base \"{}\": invalid-base: {} at byte {}: {}",
            show::text(base),
            e.code(),
            e.offset(),
            e.message()
        )),
    }
}

/// `uri parse --dialect whatwg [--base BASE]`.
pub fn parse(
    refs: Vec<String>,
    base: Option<&str>,
    json: bool,
    errors: args::Errors,
) -> io::Result<()> {
    let base = base_url(base);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    input::batches(refs, |lines| {
        for line in lines.lines() {
            let (text, bad) = line.read();
            let report = match bad {
                // Text that is not UTF-8: the record of the library's error.
                Some(e) => {
                    status::record(false);
                    let r = ParseRecord::new(&text, Err(e), false, false);
                    json::write_line(&mut out, &r)?;
                    continue;
                }
                None => Url::parse_reporting(&text, base.as_ref()),
            };
            let ok = report.result.is_ok();
            status::record(ok);
            let record = UrlRecord::new(Some(&text), &report);
            let mut err = io::stderr().lock();
            match errors.route(ok, &mut out, &mut err) {
                None => {}
                Some(mut to) if json => json::write_line(&mut to, &record)?,
                Some(mut to) => write_human(&mut to, &text, &record)?,
            }
        }
        out.flush()
    })?;
    out.flush()
}

fn write_human(out: &mut impl Write, input: &str, r: &UrlRecord<'_>) -> io::Result<()> {
    writeln!(out, "{}", show::text(input))?;
    if let Some(e) = &r.error {
        show::write_error(out, input, e.code, e.offset, &e.message)?;
    } else {
        let attrs = [
            ("href", r.href),
            ("origin", r.origin.as_deref()),
            ("protocol", r.protocol),
            ("username", r.username),
            ("password", r.password),
            ("host", r.host),
            ("hostname", r.hostname),
            ("port", r.port),
            ("pathname", r.pathname),
            ("search", r.search),
            ("hash", r.hash),
        ];
        for (name, v) in attrs {
            let v = v.unwrap_or("");
            let shown = if v.is_empty() {
                "(empty)".into()
            } else {
                show::text(v)
            };
            writeln!(out, "  {name:<9} {shown}")?;
        }
    }
    for e in r
        .validation_errors
        .iter()
        .filter(|e| Some(e.code) != r.error.as_ref().map(|f| f.code))
    {
        writeln!(
            out,
            "  {} {} at byte {}: {}",
            show::paint("repaired:", show::NOTE),
            e.code,
            e.offset,
            e.message
        )?;
    }
    Ok(())
}

/// `uri resolve --dialect whatwg --base BASE`: the `href` of each input
/// parsed against the base.
pub fn resolve(base: &str, refs: Vec<String>, output: Output<'_>) -> io::Result<()> {
    // With --json a base that fails is every record's `invalid-base`, as
    // under the IETF dialects; in human output one usage error.
    if output.json {
        if let Err(e) = Url::parse(base) {
            let record = ErrorRecord {
                code: urikit::ErrorKind::InvalidBase.code(),
                offset: e.offset(),
                message: format!(
                    "the base is not a URL: {} at byte {}: {}",
                    e.code(),
                    e.offset(),
                    e.message()
                ),
            };
            return each_value(refs, output, |_| {
                Err(ErrorRecord {
                    message: record.message.clone(),
                    ..record
                })
            });
        }
    }
    let base = base_url(Some(base)).expect("a base was given");
    each_value(refs, output, |s| {
        Url::parse_with_base(s, &base)
            .map(|u| u.href().to_owned())
            .map_err(|e| error_record(&e))
    })
}

/// `uri normalize --dialect whatwg`: the `href` (the standard's canonical
/// form).
pub fn normalize(refs: Vec<String>, output: Output<'_>) -> io::Result<()> {
    each_value(refs, output, |s| {
        Url::parse(s)
            .map(|u| u.href().to_owned())
            .map_err(|e| error_record(&e))
    })
}

/// `uri equivalent --dialect whatwg`: whether the two `href`s are equal
/// (fragments included), or the error of the first that fails, with which.
pub fn equivalent(a: &str, b: &str) -> Result<bool, (ErrorRecord, &'static str)> {
    let x = Url::parse(a).map_err(|e| (error_record(&e), "A"))?;
    let y = Url::parse(b).map_err(|e| (error_record(&e), "B"))?;
    Ok(x.href() == y.href())
}

/// `uri set --dialect whatwg --attr NAME=VALUE ...`: each setter in the
/// order given; the `href`, or with `--json` the record of `parse`.
pub fn set(attrs: &[(String, String)], urls: Vec<String>, output: Output<'_>) -> io::Result<()> {
    for (name, _) in attrs {
        if name == "origin" || Url::parse("a:b").unwrap().get(name).is_none() {
            status::usage_error(&format!(
                "--attr {name}: the attributes that can be set are href, protocol, username, \
                 password, host, hostname, port, pathname, search and hash"
            ));
        }
    }
    let json = output.json;
    let output = Output {
        json: false,
        ..output
    };
    each_value(urls, output, |s| {
        let mut report = Url::parse_reporting(s, None);
        if let Ok(u) = &mut report.result {
            for (name, value) in attrs {
                if let Err(Some(e)) = u.set(name, value) {
                    return Err(error_record(&e));
                }
            }
        }
        if json {
            let record = UrlRecord::new(Some(s), &report);
            return Ok(serde_json::to_string(&record).expect("a record serializes"));
        }
        report
            .result
            .map(|u| u.href().to_owned())
            .map_err(|e| error_record(&e))
    })
}

/// Reads `NAME=VALUE`.
pub fn attr(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("{s:?} is not NAME=VALUE"))
}

/// The options of `uri compare`.
#[derive(Args)]
pub struct CompareArgs {
    /// The base both readings resolve each input against.
    #[arg(long)]
    base: Option<String>,
    #[command(flatten)]
    json: args::Json,
    /// Inputs; standard input, one per line, when none.
    refs: Vec<String>,
}

#[derive(Serialize)]
struct CompareRecord<'a> {
    input: &'a str,
    rfc3986: serde_json::Value,
    whatwg: UrlRecord<'a>,
    differences: Vec<&'static str>,
    error: Option<ErrorRecord>,
}

/// `uri compare`: the RFC 3986 (or RFC 3987) reading and the URL
/// Standard's of each input, and what they disagree on.
pub fn compare_cmd(a: CompareArgs) -> io::Result<()> {
    if let Some(b) = a.base.as_deref() {
        base_url(Some(b));
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    input::batches(a.refs, |lines| {
        for line in lines.lines() {
            let (text, _) = line.read();
            let c = compare(&text, a.base.as_deref());
            let both_fail = c.rfc.is_err() && c.whatwg.result.is_err();
            status::record(!both_fail);
            let iri = c.dialect == Dialect::Rfc3987;
            let rfc_text = c
                .rfc
                .as_ref()
                .map(|u| u.as_str().to_owned())
                .unwrap_or_default();
            let rfc_record = ParseRecord::new(
                if c.rfc.is_ok() { &rfc_text } else { &text },
                c.rfc.as_ref().map(|u| u.as_uri_ref()).map_err(|e| *e),
                false,
                iri,
            );
            let differences: Vec<&'static str> = c.differences.iter().map(|d| d.name()).collect();
            if a.json.json {
                let mut rfc = serde_json::to_value(&rfc_record).expect("a record serializes");
                if let Some(o) = rfc.as_object_mut() {
                    o.shift_remove("input");
                }
                let record = CompareRecord {
                    input: &text,
                    rfc3986: rfc,
                    whatwg: UrlRecord::new(None, &c.whatwg),
                    differences,
                    error: None,
                };
                json::write_line(&mut out, &record)?;
                continue;
            }
            writeln!(out, "{}", show::text(&text))?;
            let name = c.dialect.name();
            match (&c.rfc, &rfc_record.error) {
                (Ok(u), _) => writeln!(out, "  {name:<8} {}", show::text(u.as_str()))?,
                (Err(_), Some(e)) => writeln!(
                    out,
                    "  {name:<8} {} {} at byte {}: {}",
                    show::paint("error:", show::ERROR),
                    e.code,
                    e.offset,
                    e.message
                )?,
                (Err(_), None) => {}
            }
            match &c.whatwg.result {
                Ok(u) => writeln!(out, "  {:<8} {}", "whatwg", show::text(u.href()))?,
                Err(e) => writeln!(
                    out,
                    "  {:<8} {} {} at byte {}: {}",
                    "whatwg",
                    show::paint("error:", show::ERROR),
                    e.code(),
                    e.offset(),
                    e.message()
                )?,
            }
            if both_fail {
                writeln!(out, "  both readings fail")?;
            } else if differences.is_empty() {
                writeln!(out, "  the readings agree")?;
            } else {
                let parts: Vec<String> = c
                    .differences
                    .iter()
                    .map(|d| match d {
                        urikit::whatwg::Difference::Part(p) => describe(*p, &c),
                        urikit::whatwg::Difference::Validity => "validity".to_owned(),
                    })
                    .collect();
                writeln!(
                    out,
                    "  {} {}",
                    show::paint("differ:", show::NOTE),
                    parts.join("; ")
                )?;
            }
        }
        out.flush()
    })?;
    out.flush()
}

/// `host: 0x7f.1 / 127.0.0.1`: a differing component, as each reading
/// has it (the RFC reading normalized, as it was compared).
fn describe(p: Part, c: &urikit::whatwg::Comparison) -> String {
    let shown = |v: Option<String>| v.map_or("(undefined)".into(), |v| show::text(&v).into_owned());
    format!(
        "{}: {} / {}",
        p.name(),
        shown(c.rfc_part(p)),
        shown(c.whatwg_part(p))
    )
}
