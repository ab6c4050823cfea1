//! `uri encode` and `uri decode`.

use std::io;

use clap::builder::TypedValueParser;
use clap::Args;
use urikit::pct::{self, Component, PctStr};

use crate::args;
use crate::each::{each_value, Output};

/// The options of `uri encode`.
#[derive(Args)]
pub struct EncodeArgs {
    /// The component whose encode set applies.
    #[arg(long, value_parser = component_parser())]
    component: Component,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// Texts to encode; standard input, one per line, when none.
    texts: Vec<String>,
}

/// The options of `uri decode`.
#[derive(Args)]
pub struct DecodeArgs {
    /// `form` also decodes `+` as a space (application/x-www-form-urlencoded).
    #[arg(long, value_parser = component_parser())]
    component: Option<Component>,
    #[command(flatten)]
    json: args::Json,
    #[command(flatten)]
    errors: args::ErrorsArg,
    /// Texts to decode; standard input, one per line, when none.
    texts: Vec<String>,
}

/// Parses a `--component` value: one of the library's component names.
fn component_parser() -> impl TypedValueParser<Value = Component> {
    clap::builder::PossibleValuesParser::new(Component::ALL.map(Component::name))
        .map(|name| Component::from_name(&name).expect("only known names are possible"))
}

/// `uri encode --component C`.
pub fn encode(a: EncodeArgs) -> io::Result<()> {
    each_value(a.texts, Output::new(a.json, a.errors), |s| {
        Ok(pct::encode(s, a.component).into_owned())
    })
}

/// `uri decode [--component form]`: an invalid `%` or bytes that are not
/// UTF-8 are errors. The decoded text is written exactly to a pipe or a
/// file (the inverse of `uri encode`), and by the escaping rule on a
/// terminal (a decoded `%0A` as `\n`).
pub fn decode(a: DecodeArgs) -> io::Result<()> {
    let form = a.component == Some(Component::Form);
    each_value(a.texts, Output::new(a.json, a.errors), |s| {
        let p = PctStr::new(s)?;
        let d = if form {
            p.decode_form_utf8()
        } else {
            p.decode_utf8()
        }?;
        Ok(d.into_owned())
    })
}
