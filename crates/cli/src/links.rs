//! `uri links` (the links of HTML documents, resolved) and `uri base` (the
//! base URI of a document, section 5.1).

use std::io::{self, Write};

use clap::Args;
use urikit::html::HtmlDocument;
use urikit::{Base, BaseBuilder, BaseError, Error, Resolver};

use crate::input::{self, read_text};
use crate::json::{self, BaseRecord, ErrorRecord, LinkRecord};
use crate::{args, show, status};

/// The options of `uri links`.
#[derive(Args)]
pub struct LinksArgs {
    /// The URI the documents were retrieved from (section 5.1.3): the base
    /// when a document has no BASE element in its head.
    #[arg(long)]
    base: Option<String>,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    json: args::Json,
    /// HTML files (`-` is standard input); standard input when none.
    files: Vec<String>,
}

/// Prints every link of every document, resolved; a link (or a
/// document's base) that is not a valid URI reference makes the exit
/// status 1, and a file that cannot be read is reported by name and the
/// others read.
pub fn links(args: LinksArgs) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let sources = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files
    };
    let dialect = args.dialect.dialect();
    let parser = args.dialect.parser();
    // A base that is no absolute URI is the command's mistake, said once.
    if let Some(b) = &args.base {
        let why = match parser.parse(b) {
            Err(e) => Some(format!("{e}")),
            Ok(u) if !u.has_scheme() => Some("it has no scheme".to_owned()),
            Ok(_) => None,
        };
        if let Some(why) = why {
            status::usage_error(&format!(
                "--base \"{}\": {why}; the base must be an absolute URI such as \
                 'http://host/' (RFC 3986 section 5.1)",
                show::text(b)
            ));
        }
    }
    let mut target = String::new();
    for source in &sources {
        let text = match read_text(source) {
            Ok(t) => t,
            Err(e) => {
                out.flush()?;
                eprintln!("error: {e}");
                status::unreadable();
                continue;
            }
        };
        let doc = HtmlDocument::parse(&text);
        let shown = show::text(input::name(source));
        let mut layers = BaseBuilder::new().dialect(dialect);
        if let Some(href) = doc.base_href() {
            layers = layers.embedded(href);
        }
        if let Some(b) = &args.base {
            layers = layers.retrieved_from(b);
        }
        let base = layers.establish();
        if let Err(e) = &base {
            status::invalid();
            out.flush()?;
            eprintln!("error: {shown}: {e}; relative links cannot be resolved");
        }
        for link in doc.links() {
            let result = resolve_link(link.value(), &base, &parser, &mut target);
            status::record(result.is_ok());
            let resolved = !matches!(result, Ok(false));
            if args.json.json {
                let (ok, error) = match result {
                    Ok(_) => (true, None),
                    Err(e) => (false, Some(e)),
                };
                let record = LinkRecord {
                    file: input::name(source),
                    line: link.line(),
                    element: link.element(),
                    attribute: link.attribute(),
                    input: link.value(),
                    ok,
                    result: ok.then_some(target.as_str()),
                    resolved: ok && resolved,
                    error,
                };
                json::write_line(&mut out, &record)?;
                continue;
            }
            let place = format!(
                "{shown}:{}: {} {}",
                link.line(),
                link.element(),
                link.attribute()
            );
            match result {
                Ok(true) => writeln!(out, "{place} {}", show::text(&target))?,
                Ok(false) => writeln!(
                    out,
                    "{place} {} (relative, unresolved: no base URI)",
                    show::text(&target)
                )?,
                Err(e) => writeln!(
                    out,
                    "{place} error: \"{}\": {} at byte {}: {}",
                    show::text(link.value()),
                    e.code,
                    e.offset,
                    e.message
                )?,
            }
        }
    }
    out.flush()
}

/// Resolves one link value into `target`: `true` when it is resolved,
/// `false` for a relative link of a document without a base URI, which
/// is given as it is (RFC 3986 section 5.1.4: without a base, relative
/// references cannot be resolved).
fn resolve_link(
    value: &str,
    base: &Result<Option<Base>, BaseError>,
    parser: &urikit::Parser,
    target: &mut String,
) -> Result<bool, ErrorRecord> {
    let dialect = parser.dialect();
    let r = parser
        .parse(value)
        .map_err(|e| ErrorRecord::at(e, value, dialect == urikit::Dialect::Rfc3987))?;
    let resolver = match base {
        Ok(Some(b)) => b.resolver(),
        // With a scheme the reference is its own target (RFC 3986 section
        // 5.2.2: the base is not used), so it needs no base.
        _ if r.has_scheme() => Resolver::new(r)?,
        Ok(None) => {
            target.clear();
            target.push_str(value);
            return Ok(false);
        }
        Err(e) => {
            let mut record = ErrorRecord::for_base(e.error());
            record.message = format!("{}: {}", e.layer(), record.message);
            return Err(record);
        }
    };
    resolver.dialect(dialect).resolve_into(r, target)?;
    Ok(true)
}

/// The options of `uri base`.
#[derive(Args)]
pub struct BaseArgs {
    /// An HTML document whose head may hold a BASE element (5.1.1); `-` is
    /// standard input.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// A file of header fields (MIME, HTTP) of the encapsulating entity:
    /// Content-Base and Content-Location (5.1.2); `-` is standard input.
    #[arg(long, value_name = "FILE")]
    headers: Option<String>,
    /// One header field, such as 'Content-Location: /a/'; repeatable, and
    /// read after --headers.
    #[arg(short = 'H', long = "header", value_name = "FIELD")]
    header: Vec<String>,
    /// The URI the document was requested with (5.1.3).
    #[arg(long, value_name = "URI")]
    retrieval: Option<String>,
    /// A redirect that followed the request, possibly relative to the URI
    /// before it; repeatable, in order. The last one is the retrieval URI.
    #[arg(long, value_name = "URI", requires = "retrieval")]
    redirect: Vec<String>,
    /// The application's default base (5.1.4).
    #[arg(long, value_name = "URI")]
    default: Option<String>,
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    json: args::Json,
}

/// Prints the base URI and the layer that gave it; a layer whose value is
/// not usable makes the exit status 1.
pub fn base(args: BaseArgs) -> io::Result<()> {
    let mut layers = BaseBuilder::new().dialect(args.dialect.dialect());
    if let Some(file) = &args.html {
        if let Some(href) = HtmlDocument::parse(&read_text(file)?).base_href() {
            layers = layers.embedded(href);
        }
    }
    let mut block = match &args.headers {
        Some(file) => read_text(file)?,
        None => String::new(),
    };
    // A blank line would end the block before the --header fields.
    while block.ends_with(['\n', '\r']) {
        block.pop();
    }
    for field in &args.header {
        if !is_header_field(field) {
            status::usage_error(&format!(
                "--header {field:?}: a header field is written 'Name: value' (a name of letters, \
                 digits and !#$%&'*+-.^_`|~, then ':')"
            ));
        }
        block.push('\n');
        block.push_str(field);
    }
    layers = layers.headers(block.trim_start_matches(['\n', '\r']));
    if let Some(r) = &args.retrieval {
        layers = layers.retrieved_from(r);
        for location in &args.redirect {
            layers = layers.redirected_to(location);
        }
    }
    if let Some(d) = &args.default {
        layers = layers.default_base(d);
    }
    let result = layers.establish();
    let record = match &result {
        Ok(Some(b)) => BaseRecord {
            ok: true,
            base: Some(b.uri().as_str()),
            layer: Some(b.layer().name()),
            error: None,
        },
        Ok(None) => BaseRecord {
            ok: true,
            base: None,
            layer: None,
            error: None,
        },
        Err(e) => BaseRecord {
            ok: false,
            base: None,
            layer: Some(e.layer().name()),
            error: Some(base_error(e)),
        },
    };
    status::record(record.ok);
    let mut out = io::stdout().lock();
    if args.json.json {
        json::write_line(&mut out, &record)?;
    } else {
        match &result {
            Ok(Some(b)) => writeln!(
                out,
                "{}\t{} (section {})",
                b.uri(),
                b.layer(),
                b.layer().section()
            )?,
            Ok(None) => writeln!(
                out,
                "no base URI (section 5.1.4): references must be absolute"
            )?,
            Err(e) => eprintln!("error: {e}"),
        }
    }
    Ok(())
}

/// The record of a layer that failed: its own error code (a layer is not
/// the `--base` of `uri resolve`, so `invalid-base` would hide the reason).
fn base_error(e: &BaseError) -> ErrorRecord {
    let inner: Error = e.error();
    ErrorRecord {
        code: inner.code(),
        offset: inner.offset(),
        message: format!(
            "the {} base URI: {}",
            e.layer(),
            crate::json::message(inner.kind())
        ),
    }
}

/// Whether `field` is a header field, `field-name ":" field-value` (RFC
/// 9110 section 5: the name is a `token`), as `--header` takes it.
fn is_header_field(field: &str) -> bool {
    let tchar = |c: u8| c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c);
    field
        .split_once(':')
        .is_some_and(|(name, _)| !name.is_empty() && name.bytes().all(tchar))
}
