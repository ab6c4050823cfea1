//! `uri encode` and `uri decode`.

use std::io;

use clap::builder::TypedValueParser;
use urikit::pct::{self, Component, PctStr};

use crate::input::each_value;

/// Parses a `--component` value: one of the library's component names.
pub fn component_parser() -> impl clap::builder::TypedValueParser<Value = Component> {
    clap::builder::PossibleValuesParser::new(Component::ALL.map(Component::name))
        .map(|name| Component::from_name(&name).expect("only known names are possible"))
}

/// `uri encode --component C`.
pub fn encode(component: Component, texts: Vec<String>, as_json: bool) -> io::Result<bool> {
    each_value(texts, as_json, None, |s| {
        Ok(pct::encode(s, component).into_owned())
    })
}

/// `uri decode [--component form]`: an invalid `%` or bytes that are not
/// UTF-8 are errors.
pub fn decode(component: Option<Component>, texts: Vec<String>, as_json: bool) -> io::Result<bool> {
    let form = component == Some(Component::Form);
    each_value(texts, as_json, None, |s| {
        let p = PctStr::new(s)?;
        let d = if form {
            p.decode_form_utf8()
        } else {
            p.decode_utf8()
        }?;
        Ok(d.into_owned())
    })
}
