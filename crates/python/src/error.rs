//! `urikit.ParseError`, and the text a Python caller hands over.
//!
//! Python indexes strings by code point, the library by byte: every error
//! carries both offsets, and its message shows the input with a caret under
//! the offending character, as the `uri` command prints it
//! ([`urikit::report`]).

use std::borrow::Cow;

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urikit::{report, Error};

create_exception!(
    urikit,
    ParseError,
    PyValueError,
    "A text that is not what was asked for (a URI reference in the dialect, a \
base, a component): `.code` (stable, kebab-case), `.offset` (code points), \
`.byte_offset` (bytes of the UTF-8 text), `.input` and `.message`."
);

/// The text of a `str` or `bytes` argument named `what`.
///
/// A `str` holding a lone surrogate (which UTF-8 cannot encode) and `bytes`
/// that are not UTF-8 are `ParseError`s at the offending code point; any
/// other type is a `TypeError`.
pub fn text<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return match s.to_str() {
            Ok(t) => Ok(Cow::Borrowed(t)),
            Err(_) => Err(surrogate_error(s)),
        };
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        return match std::str::from_utf8(bytes) {
            Ok(t) => Ok(Cow::Borrowed(t)),
            Err(e) => {
                let good = &bytes[..e.valid_up_to()];
                // The prefix is UTF-8 by the error's own account.
                let prefix = std::str::from_utf8(good).unwrap_or_default();
                let shown = String::from_utf8_lossy(bytes);
                Err(new_error(
                    obj.py(),
                    "invalid-utf8",
                    prefix.chars().count(),
                    e.valid_up_to(),
                    &shown,
                    &report::not_utf8(bytes[e.valid_up_to()]),
                ))
            }
        };
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be str or bytes, not {}",
        obj.get_type().name()?
    )))
}

fn surrogate_error(s: &Bound<'_, PyString>) -> PyErr {
    // The string as 'surrogatepass' writes it: a surrogate is three bytes
    // ED A0..BF xx, everything before the first one is UTF-8.
    let encoded = s
        .call_method1("encode", ("utf-8", "surrogatepass"))
        .and_then(|b| b.extract::<Vec<u8>>());
    let Ok(bytes) = encoded else {
        return PyValueError::new_err("the str cannot be encoded as UTF-8");
    };
    let at = bytes
        .windows(2)
        .position(|w| w[0] == 0xED && w[1] >= 0xA0)
        .unwrap_or(0);
    let code = bytes.get(at..at + 3).map_or(0xD800, |b| {
        (u32::from(b[0] & 0x0F) << 12) | (u32::from(b[1] & 0x3F) << 6) | u32::from(b[2] & 0x3F)
    });
    let offset = bytes[..at].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let shown = String::from_utf8_lossy(&bytes);
    new_error(
        s.py(),
        "invalid-char",
        offset,
        at,
        &shown,
        &format!(
            "U+{code:04X} is a lone surrogate, not a character, and cannot be written \
             in UTF-8 (was the str decoded with 'surrogateescape'?)"
        ),
    )
}

/// The `ParseError` for `e`, found in `input` (read in the IRI dialect when
/// `iri`).
pub fn parse_error(py: Python<'_>, e: Error, input: &str, iri: bool) -> PyErr {
    let at = floor_boundary(input, e.offset());
    new_error(
        py,
        e.code(),
        input[..at].chars().count(),
        e.offset(),
        input,
        &message(e, input, iri),
    )
}

/// The keyword argument that turns on what a [`urikit::Hint`] names.
fn keyword(h: urikit::Hint) -> Option<&'static str> {
    match h {
        urikit::Hint::Iri => Some("dialect='rfc3987'"),
        urikit::Hint::ZoneIds => Some("zone_ids=True"),
        _ => None,
    }
}

/// The sentence for `e`, its hint naming Python's keyword argument.
pub fn message(e: Error, input: &str, iri: bool) -> String {
    report::explain(&e, input, iri).render(keyword)
}

fn floor_boundary(s: &str, at: usize) -> usize {
    let at = at.min(s.len());
    (0..=at).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0)
}

/// A `ParseError` with its attributes, its `str()` the code, the offsets,
/// the sentence and the input with a caret.
pub fn new_error(
    py: Python<'_>,
    code: &str,
    offset: usize,
    byte_offset: usize,
    input: &str,
    message: &str,
) -> PyErr {
    let (line, caret) = report::caret(input, byte_offset);
    let shown = format!("{code} at offset {offset}: {message}\n  {line}\n  {caret}");
    let err = ParseError::new_err(shown);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("code", code)?;
        value.setattr("offset", offset)?;
        value.setattr("byte_offset", byte_offset)?;
        value.setattr("input", input)?;
        value.setattr("message", message)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `ValueError` for an argument that names something unknown.
pub fn unknown(what: &str, name: &str, known: &[&str]) -> PyErr {
    PyValueError::new_err(format!(
        "unknown {what} {name:?}; expected one of: {}",
        known.join(", ")
    ))
}
