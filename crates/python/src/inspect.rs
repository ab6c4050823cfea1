//! `URIRef.inspect()` and `urikit.inspect`: the scheme's view of RFC 1738
//! section 3 as a dict, the record of `uri inspect --json` (without its
//! `input`), its fields read through the library's visitor.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urikit::pct::PctStr;
use urikit::scheme::{self, Fields, View};
use urikit::{Error, UriRef};

/// The fields as a dict; a decoded value that is not UTF-8 stops the visit
/// with `invalid-utf8` at its offset in the URI.
struct Dict<'py>(Bound<'py, PyDict>);

/// A Python error inside the visit (which cannot fail otherwise) or a
/// value that is not UTF-8.
enum Stop {
    Py(PyErr),
    Uri(Error),
}

impl From<PyErr> for Stop {
    fn from(e: PyErr) -> Stop {
        Stop::Py(e)
    }
}

impl Fields for Dict<'_> {
    type Err = Stop;
    fn text(&mut self, name: &str, uri: UriRef<'_>, v: PctStr<'_>) -> Result<(), Stop> {
        let d = uri.decode_part(v).map_err(Stop::Uri)?;
        Ok(self.0.set_item(name, d.as_ref())?)
    }
    fn opt_text(&mut self, name: &str, uri: UriRef<'_>, v: Option<PctStr<'_>>) -> Result<(), Stop> {
        match v {
            Some(v) => self.text(name, uri, v),
            None => Ok(self.0.set_item(name, None::<&str>)?),
        }
    }
    fn raw(&mut self, name: &str, v: Option<&str>) -> Result<(), Stop> {
        Ok(self.0.set_item(name, v)?)
    }
    fn number(&mut self, name: &str, v: Option<u64>) -> Result<(), Stop> {
        Ok(self.0.set_item(name, v)?)
    }
    fn flag(&mut self, name: &str, v: bool) -> Result<(), Stop> {
        Ok(self.0.set_item(name, v)?)
    }
    fn list<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = PctStr<'p>>,
    ) -> Result<(), Stop> {
        let list = PyList::empty(self.0.py());
        for item in items {
            list.append(uri.decode_part(item).map_err(Stop::Uri)?.as_ref())?;
        }
        Ok(self.0.set_item(name, list)?)
    }
    fn pairs<'p>(
        &mut self,
        name: &str,
        uri: UriRef<'_>,
        items: &mut dyn Iterator<Item = (PctStr<'p>, PctStr<'p>)>,
    ) -> Result<(), Stop> {
        let list = PyList::empty(self.0.py());
        for (k, v) in items {
            let k = uri.decode_part(k).map_err(Stop::Uri)?;
            let v = uri.decode_part(v).map_err(Stop::Uri)?;
            list.append((k.as_ref(), v.as_ref()))?;
        }
        Ok(self.0.set_item(name, list)?)
    }
}

/// The record of `u`: `ok`, `scheme` (lower case), `default_port`,
/// `fields` (None when the scheme's syntax is not met), `warnings` (each
/// `{code, offset, message}`, offsets in bytes) and `error` (a
/// `ParseError`, or None).
pub fn inspect<'py>(py: Python<'py>, u: UriRef<'_>) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let scheme_name = u.scheme().map(str::to_ascii_lowercase);
    let fields = PyDict::new(py);
    let result = View::new(u)
        .map_err(Stop::Uri)
        .and_then(|view| view.visit(&mut Dict(fields.clone())));
    let error = match result {
        Ok(()) => None,
        Err(Stop::Py(e)) => return Err(e),
        Err(Stop::Uri(e)) => Some(e),
    };
    let warnings = PyList::empty(py);
    for w in scheme::warnings(&u) {
        let d = PyDict::new(py);
        d.set_item("code", w.code())?;
        d.set_item("offset", w.offset())?;
        d.set_item("message", w.to_string())?;
        warnings.append(d)?;
    }
    out.set_item("ok", error.is_none())?;
    out.set_item("scheme", scheme_name.as_deref())?;
    out.set_item(
        "default_port",
        scheme_name
            .as_deref()
            .and_then(urikit::scheme::default_port),
    )?;
    out.set_item("fields", if error.is_none() { Some(fields) } else { None })?;
    out.set_item("warnings", warnings)?;
    let err = error.map(|e| crate::error::parse_error(py, e, u.as_str(), false).into_value(py));
    out.set_item("error", err)?;
    Ok(out)
}
