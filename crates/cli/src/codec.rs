//! `uri encode` and `uri decode`.

use std::io::{self, Write};

use clap::builder::TypedValueParser;
use urikit::pct::{self, Component, PctStr};
use urikit::Error;

use crate::input;
use crate::json::{self, ValueRecord};

/// Parses a `--component` value: one of the library's component names.
pub fn component_parser() -> impl clap::builder::TypedValueParser<Value = Component> {
    clap::builder::PossibleValuesParser::new(Component::ALL.map(Component::name))
        .map(|name| Component::from_name(&name).expect("only known names are possible"))
}

/// Runs `f` on each input and prints its result; `Ok(true)` when all succeeded.
fn each(
    texts: Vec<String>,
    as_json: bool,
    f: impl Fn(&str) -> Result<String, Error>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_ok = true;
    input::for_each(texts, |inp| {
        let (text, result) = inp.apply(&f);
        all_ok &= result.is_ok();
        if as_json {
            let record = ValueRecord {
                input: text,
                ok: result.is_ok(),
                result: result.as_deref().ok(),
                error: result.as_ref().err().map(|&e| e.into()),
            };
            return json::write_line(&mut out, &record);
        }
        match &result {
            Ok(r) => writeln!(out, "{r}"),
            Err(e) => {
                out.flush()?;
                eprintln!("error: {text:?}: {e}");
                Ok(())
            }
        }
    })?;
    out.flush()?;
    Ok(all_ok)
}

/// `uri encode --component C`.
pub fn encode(component: Component, texts: Vec<String>, as_json: bool) -> io::Result<bool> {
    each(texts, as_json, |s| {
        Ok(pct::encode(s, component).into_owned())
    })
}

/// `uri decode [--component form]`: an invalid `%` or bytes that are not
/// UTF-8 are errors.
pub fn decode(component: Option<Component>, texts: Vec<String>, as_json: bool) -> io::Result<bool> {
    let form = component == Some(Component::Form);
    each(texts, as_json, |s| {
        let p = PctStr::new(s)?;
        let d = if form {
            p.decode_form_utf8()
        } else {
            p.decode_utf8()
        }?;
        Ok(d.into_owned())
    })
}
