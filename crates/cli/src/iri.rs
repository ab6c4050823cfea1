//! `uri to-uri` and `uri to-iri`: the mappings of RFC 3987 sections 3.1
//! and 3.2.

use std::io;

use clap::Args;
use urikit::{Dialect, IriRef};

use crate::args;
use crate::each::{each_value, Output};
use crate::json::ErrorRecord;

/// The options of `uri to-uri`.
#[derive(Args)]
pub struct ToUriArgs {
    #[command(flatten)]
    zones: args::ZoneIds,
    /// Write a reg-name host of a scheme that uses the DNS in its ASCII
    /// form (UTS #46 ToASCII, `xn--` labels) instead of percent-encoding it.
    #[arg(long)]
    idna: bool,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// IRI references; standard input, one per line, when none.
    iris: Vec<String>,
}

/// The options of `uri to-iri`.
#[derive(Args)]
pub struct ToIriArgs {
    #[command(flatten)]
    zones: args::ZoneIds,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// URI references; standard input, one per line, when none.
    uris: Vec<String>,
}

/// `uri to-uri [--idna]`: each IRI reference as a URI reference.
pub fn to_uri(a: ToUriArgs) -> io::Result<()> {
    each_value(a.iris, Output::new(a.json, a.errors), |s| {
        let parsed = a.zones.parser(Dialect::Rfc3987).parse(s);
        let iri = IriRef::try_from(parsed.map_err(|e| ErrorRecord::at(e, s, true))?)?;
        let uri = if a.idna {
            iri.to_uri_idna()?
        } else {
            iri.to_uri()
        };
        Ok(uri.into_string())
    })
}

/// `uri to-iri`: each URI reference as an IRI reference, with `xn--`
/// hosts in Unicode where that is safe to show.
pub fn to_iri(a: ToIriArgs) -> io::Result<()> {
    each_value(a.uris, Output::new(a.json, a.errors), |s| {
        Ok(a.zones
            .parser(Dialect::Rfc3986)
            .parse(s)
            .map_err(|e| ErrorRecord::at(e, s, false))?
            .to_iri_display()?
            .to_string())
    })
}
