//! The keys of crawlers and web archives: `uri surt` (the Internet
//! Archive's SURT, `urikit::surt`), `uri canonical --profile NAME` (a
//! canonical URL by the rules of one tool of the field) and `uri
//! safebrowsing` (Safe Browsing's lookup expressions and their hashes).

use std::io;

use clap::Args;
use serde::Serialize;
use urikit::canonical::Profile;
use urikit::safebrowsing::Url;
use urikit::surt::{Canonicalizer, Options};

use crate::each::{each_value, write_error, Output};
use crate::json::{self, ErrorRecord};
use crate::{args, input, show, status};

/// `uri surt`'s switches, each one of the `surt` package's options.
#[derive(Args)]
pub struct SurtArgs {
    /// Write the scheme before the key: `http://(org,archive)/` (with_scheme).
    #[arg(long)]
    scheme: bool,
    /// A comma after the host's last label: `org,archive,)/` (trailing_comma).
    #[arg(long)]
    trailing_comma: bool,
    /// Keep a dotted IPv4 address as it is instead of reversing it (reverse_ipaddr off).
    #[arg(long)]
    keep_ip: bool,
    /// Keep a leading `www.` (or `www2.`...) of the host (host_massage off).
    #[arg(long)]
    keep_www: bool,
    /// The canonicalization before the key: default (Google's steps, then the Internet
    /// Archive's), google, ia, identity, ordinary or aggressive (webarchive-commons' rule
    /// sets).
    #[arg(long, value_name = "NAME", default_value = "default", value_parser = canonicalizer)]
    canonicalizer: Canonicalizer,
    /// Set any other option of the surt package by its name (query_lowercase=false,
    /// path_strip_empty=true, ...). Repeatable.
    #[arg(long = "option", value_name = "NAME=BOOL", value_parser = option)]
    options: Vec<String>,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URLs; standard input, one per line, when none.
    urls: Vec<String>,
}

fn canonicalizer(name: &str) -> Result<Canonicalizer, String> {
    Canonicalizer::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Canonicalizer::ALL.iter().map(|c| c.name()).collect();
        format!("no canonicalizer {name:?}; one of {}", names.join(", "))
    })
}

fn option(text: &str) -> Result<String, String> {
    Options::default().apply(text)?;
    Ok(text.to_owned())
}

/// `uri surt`: the SURT key of each URL.
pub fn surt(a: SurtArgs) -> io::Result<()> {
    let mut o = Options {
        canonicalizer: a.canonicalizer,
        with_scheme: a.scheme,
        trailing_comma: a.trailing_comma,
        reverse_ipaddr: !a.keep_ip,
        host_massage: !a.keep_www,
        ..Options::default()
    };
    for list in &a.options {
        // Each list was checked when the arguments were read.
        let _ = o.apply(list);
    }
    let output = Output {
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    each_value(a.urls, output, |s| {
        urikit::surt::surt(s, &o).map_err(|e| ErrorRecord::at(e, s, true))
    })
}

fn profile(name: &str) -> Result<Profile, String> {
    Profile::from_name(name)
        .ok_or_else(|| format!("no profile {name:?}; one of {}", Profile::names()))
}

fn separator(text: &str) -> Result<String, String> {
    if text.is_empty() {
        return Err("the query separator must not be empty".into());
    }
    Ok(text.to_owned())
}

/// `uri canonical`'s arguments.
#[derive(Args)]
pub struct CanonicalArgs {
    /// Whose canonical form: ia (the Internet Archive's: Google's steps, then the
    /// Archive's), ia-basic (Google's steps alone, webarchive-commons'
    /// BasicURLCanonicalizer), ia-ordinary or ia-aggressive (its Ordinary and Aggressive
    /// canonicalizers), safebrowsing (Google Safe Browsing's canonical URL), w3lib (Scrapy's,
    /// w3lib's canonicalize_url).
    #[arg(long, value_name = "NAME", value_parser = profile)]
    profile: Profile,
    /// w3lib: keep the fragment (keep_fragments).
    #[arg(long)]
    keep_fragments: bool,
    /// w3lib: drop query pairs whose value is empty or missing (keep_blank_values off).
    #[arg(long)]
    drop_blank_values: bool,
    /// w3lib: what separates the query's pairs (query_separator; `;` for the legacy form).
    #[arg(long, value_name = "SEP", default_value = "&", value_parser = separator)]
    query_separator: String,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    #[command(flatten)]
    jobs: args::Jobs,
    /// URLs; standard input, one per line, when none.
    urls: Vec<String>,
}

/// `uri canonical`: each URL in the canonical form of a profile.
pub fn canonical(a: CanonicalArgs) -> io::Result<()> {
    let output = Output {
        jobs: a.jobs.get(),
        ..Output::new(a.json, a.errors)
    };
    let p = a.profile;
    let w3lib = urikit::w3lib::Options {
        keep_blank_values: !a.drop_blank_values,
        keep_fragments: a.keep_fragments,
        query_separator: a.query_separator.into(),
    };
    if p != Profile::W3lib && w3lib != urikit::w3lib::Options::default() {
        status::usage_error(
            "--keep-fragments, --drop-blank-values and --query-separator are options of \
             --profile w3lib",
        );
    }
    each_value(a.urls, output, |s| {
        let url = if p == Profile::W3lib {
            urikit::w3lib::canonicalize_url(s, &w3lib)
        } else {
            p.canonicalize(s)
        };
        url.map_err(|e| ErrorRecord::at(e, s, true))
    })
}

/// Writes one input's JSON record where `--errors` sends it: standard
/// output, or for a failed input standard error or nowhere.
fn write_record(
    out: &mut impl io::Write,
    errors: args::Errors,
    ok: bool,
    record: &impl Serialize,
) -> io::Result<()> {
    match (ok, errors) {
        (false, args::Errors::Stderr) => json::write_line(&mut io::stderr().lock(), record),
        (false, args::Errors::Skip) => Ok(()),
        _ => json::write_line(out, record),
    }
}

/// Writes a failed input's human entry where `--errors` sends it.
fn write_failure(
    out: &mut impl io::Write,
    errors: args::Errors,
    input: &str,
    e: &ErrorRecord,
) -> io::Result<()> {
    match errors {
        args::Errors::Inline => write_error(out, input, e),
        args::Errors::Stderr => write_error(&mut io::stderr().lock(), input, e),
        args::Errors::Skip => Ok(()),
    }
}

/// `uri safebrowsing`'s arguments.
#[derive(Args)]
pub struct SafeBrowsingArgs {
    /// The bytes of each SHA-256 hash to print, 4 (the usual prefix) to 32 (the full hash).
    #[arg(long, value_name = "BYTES", default_value_t = 4, value_parser = clap::value_parser!(u8).range(4..=32))]
    prefix: u8,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// URLs; standard input, one per line (its bytes as they are), when none.
    urls: Vec<String>,
}

/// One lookup expression and its hash (prefix) in hex.
#[derive(Serialize)]
struct Expression {
    expression: String,
    hash: String,
}

/// The record of `uri safebrowsing`.
#[derive(Serialize)]
struct SafeBrowsingRecord<'a> {
    input: &'a str,
    ok: bool,
    result: Option<String>,
    expressions: Option<Vec<Expression>>,
    error: Option<ErrorRecord>,
}

/// `uri safebrowsing`: the lookup expressions of each URL, each with its
/// SHA-256 hash prefix, after Safe Browsing's canonicalization.
pub fn safebrowsing(a: SafeBrowsingArgs) -> io::Result<()> {
    use std::io::Write;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let bytes = usize::from(a.prefix);
    input::batches(a.urls, |batch| {
        for line in batch.lines() {
            let raw = line.raw();
            let input = String::from_utf8_lossy(raw);
            let url = Url::parse_bytes(raw);
            status::record(url.is_ok());
            let expressions = url.as_ref().ok().map(|u| {
                u.expressions()
                    .into_iter()
                    .map(|e| {
                        let mut hash = urikit::safebrowsing::hash_hex(&e);
                        hash.truncate(2 * bytes);
                        Expression {
                            expression: e,
                            hash,
                        }
                    })
                    .collect::<Vec<_>>()
            });
            let error = url
                .as_ref()
                .err()
                .map(|&e| ErrorRecord::at(e, &input, true));
            if a.json.json {
                let record = SafeBrowsingRecord {
                    input: &input,
                    ok: url.is_ok(),
                    result: url.as_ref().ok().map(|u| u.to_string()),
                    expressions,
                    error,
                };
                write_record(&mut out, a.errors.errors, record.ok, &record)?;
                continue;
            }
            match (expressions, error) {
                (Some(list), _) => {
                    for e in list {
                        writeln!(out, "{} {}", e.hash, show::data(&e.expression))?;
                    }
                }
                (None, Some(e)) => write_failure(&mut out, a.errors.errors, &input, &e)?,
                (None, None) => {}
            }
        }
        out.flush()
    })?;
    out.flush()
}

/// `uri columns`'s arguments.
#[derive(Args)]
pub struct ColumnsArgs {
    /// Print the columns' names first (human output).
    #[arg(long)]
    header: bool,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// URLs; standard input, one per line, when none.
    urls: Vec<String>,
}

/// The record of `uri columns`.
#[derive(Serialize)]
struct ColumnsRecord<'a> {
    input: &'a str,
    ok: bool,
    result: Option<serde_json::Map<String, serde_json::Value>>,
    error: Option<ErrorRecord>,
}

/// `uri columns`: Common Crawl's 16 URL columns of each URL, a line of
/// tab-separated values (`\N` for NULL) or a JSON record each.
pub fn columns(a: ColumnsArgs) -> io::Result<()> {
    use std::io::Write;
    use urikit::ccindex::{columns, NAMES};
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if a.header && !a.json.json {
        writeln!(out, "{}", NAMES.join("\t"))?;
    }
    input::batches(a.urls, |batch| {
        for line in batch.lines() {
            let (text, bad) = line.read();
            let got = match bad {
                Some(e) => Err(ErrorRecord::from(e)),
                None => columns(&text).map_err(|e| ErrorRecord::at(e, &text, true)),
            };
            status::record(got.is_ok());
            let values = |c: &urikit::ccindex::Columns| -> Vec<(&'static str, serde_json::Value)> {
                NAMES
                    .iter()
                    .map(|&n| {
                        let v = if n == "url_port" {
                            c.port.map_or(serde_json::Value::Null, |p| p.into())
                        } else {
                            c.text(n)
                                .flatten()
                                .map_or(serde_json::Value::Null, |s| s.into())
                        };
                        (n, v)
                    })
                    .collect()
            };
            if a.json.json {
                let (ok, result, error) = match got {
                    Ok(c) => {
                        let fields = values(&c).into_iter().map(|(k, v)| (k.to_string(), v));
                        (true, Some(fields.collect()), None)
                    }
                    Err(e) => (false, None, Some(e)),
                };
                let record = ColumnsRecord {
                    input: &text,
                    ok,
                    result,
                    error,
                };
                write_record(&mut out, a.errors.errors, ok, &record)?;
                continue;
            }
            match got {
                Ok(c) => {
                    let cells: Vec<String> = values(&c)
                        .into_iter()
                        .map(|(_, v)| match v {
                            serde_json::Value::Null => String::from("\\N"),
                            serde_json::Value::String(s) => show::data(&s).replace('\t', "\\t"),
                            other => other.to_string(),
                        })
                        .collect();
                    writeln!(out, "{}", cells.join("\t"))?;
                }
                Err(e) => write_failure(&mut out, a.errors.errors, &text, &e)?,
            }
        }
        out.flush()
    })?;
    out.flush()
}
