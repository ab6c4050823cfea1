//! `uri parse`.

use std::io::{self, Write};

use clap::Args;
use urikit::{Dialect, Part};

use crate::json::{self, ParseRecord};
use crate::{args, input, show, status};

/// The options of `uri parse`.
#[derive(Args)]
pub struct ParseArgs {
    #[command(flatten)]
    dialect: args::DialectArg,
    #[command(flatten)]
    require: args::RequireArgs,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// With --dialect whatwg: the base URL each input is parsed against.
    #[arg(long, value_name = "BASE")]
    base: Option<String>,
    /// References to parse; standard input, one per line, when none.
    refs: Vec<String>,
}

/// Parses each input and prints its components or its error.
pub fn run(a: ParseArgs) -> io::Result<()> {
    if a.dialect.whatwg() {
        return crate::whatwg::parse(a.refs, a.base.as_deref(), a.json.json, a.errors.errors);
    }
    if a.base.is_some() {
        status::usage_error(
            "--base applies to --dialect whatwg; under the IETF dialects `uri resolve --base` \
             resolves references",
        );
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let parser = a.dialect.parser();
    let schemes = a.require.scheme_list();
    let require = a.require.get(&schemes);
    input::batches(a.refs, |lines| {
        for line in lines.lines() {
            let (text, bad) = line.read();
            let result = match bad {
                None => parser
                    .parse(&text)
                    .and_then(|u| require.check(&u).map(|()| u)),
                Some(e) => Err(e),
            };
            status::record(result.is_ok());
            let ok = result.is_ok();
            let iri = parser.dialect() == Dialect::Rfc3987;
            let record = ParseRecord::new(&text, result, parser.accepts_zone_ids(), iri);
            let mut err = io::stderr().lock();
            match a.errors.errors.route(ok, &mut out, &mut err) {
                None => {}
                Some(mut to) if a.json.json => json::write_line(&mut to, &record)?,
                Some(mut to) => write_human(&mut to, &record)?,
            }
        }
        // Each batch's answers go out before the next is waited for.
        out.flush()
    })?;
    out.flush()
}

fn write_human(out: &mut impl Write, r: &ParseRecord<'_>) -> io::Result<()> {
    writeln!(out, "{}", show::text(r.input))?;
    if let Some(e) = &r.error {
        show::write_error(out, r.input, e.code, e.offset, &e.message)?;
        return Ok(());
    }
    fn shown(v: Option<&str>) -> std::borrow::Cow<'_, str> {
        match v {
            None => "(undefined)".into(),
            Some("") => "(empty)".into(),
            Some(s) => show::text(s),
        }
    }
    writeln!(out, "  {:<10} {}", "kind", shown(r.kind))?;
    for part in Part::ALL {
        writeln!(out, "  {:<10} {}", part.name(), shown(r.part(part)))?;
        if part == Part::Host {
            writeln!(out, "  {:<10} {}", "host type", shown(r.host_type))?;
            // The zone is shown only when zone identifiers were asked for.
            if let Some(zone) = &r.zone_id {
                writeln!(out, "  {:<10} {}", "zone id", shown(zone.as_deref()))?;
            }
        }
    }
    Ok(())
}
