//! `urikit.URL`: the WHATWG URL Standard's reading, as JavaScript's `URL`
//! gives it (the same getters), immutable as a `yarl.URL` is (`replace`
//! runs the standard's setters on a copy), with the validation errors
//! that say what the browser repaired.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use urikit::whatwg::{Url, ValidationError};

use crate::error::{new_error, text};

/// A URL read by the WHATWG URL Standard (the reading of browsers):
/// `URL(input, base=None)`, `base` a `str` or a `URL`. Raises `ParseError`
/// with the standard's name of the validation error that made it fail.
///
/// >>> from urikit import URL
/// >>> u = URL("HTTP://EXAMPLE.com:80/a/../b\\c?q#f")
/// >>> u.href, u.hostname, u.pathname
/// ('http://example.com/b/c?q#f', 'example.com', '/b/c')
/// >>> u.validation_errors
/// [('invalid-reverse-solidus', 28, 28, "a '\\' in a special URL, which is read as '/'")]
/// >>> URL("../c", "https://example.org/a/b").href
/// 'https://example.org/c'
/// >>> str(URL("http://x/y").replace(host="example.org:8080", search="q=1"))
/// 'http://example.org:8080/y?q=1'
#[pyclass(module = "urikit", name = "URL", frozen)]
pub struct PyURL {
    url: Url,
    errors: Vec<ValidationError>,
    input: String,
}

/// The `ParseError` of a failed parse of `input`.
fn failure(py: Python<'_>, e: &ValidationError, input: &str) -> PyErr {
    let at = e.offset().min(input.len());
    let chars = input.get(..at).map_or(0, |s| s.chars().count());
    new_error(py, e.code(), chars, e.offset(), input, e.message())
}

/// The base argument: a `URL`, a `str`, or `None`.
fn base_url(py: Python<'_>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    let Some(b) = base else { return Ok(None) };
    if let Ok(u) = b.cast::<PyURL>() {
        return Ok(Some(u.get().url.clone()));
    }
    let s = text(b, "the base")?;
    Url::parse(&s).map(Some).map_err(|e| failure(py, &e, &s))
}

#[pymethods]
impl PyURL {
    #[new]
    #[pyo3(signature = (input, base = None))]
    fn new(
        py: Python<'_>,
        input: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let s = text(input, "the URL")?.into_owned();
        let base = base_url(py, base)?;
        let report = Url::parse_reporting(&s, base.as_ref());
        match report.result {
            Ok(url) => Ok(PyURL {
                url,
                errors: report.errors,
                input: s,
            }),
            Err(e) => Err(failure(py, &e, &s)),
        }
    }

    /// Whether `input` parses (against `base`), as `URL.canParse` says.
    ///
    /// >>> from urikit import URL
    /// >>> URL.can_parse("http:example.com"), URL.can_parse("http://[::1")
    /// (True, False)
    #[staticmethod]
    #[pyo3(signature = (input, base = None))]
    fn can_parse(
        py: Python<'_>,
        input: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let Ok(s) = text(input, "the URL") else {
            return Ok(false);
        };
        let Ok(base) = base_url(py, base) else {
            return Ok(false);
        };
        Ok(Url::can_parse(&s, base.as_ref()))
    }

    /// The serialization.
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }

    /// The serialized origin (`"null"` for an opaque one).
    #[getter]
    fn origin(&self) -> String {
        self.url.origin()
    }

    /// The scheme and `:`.
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }

    /// The scheme, without `:`.
    #[getter]
    fn scheme(&self) -> &str {
        self.url.scheme()
    }

    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }

    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }

    /// The host and the port, if any.
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }

    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }

    /// The port as written, `""` when absent or the scheme's default.
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }

    /// The port as a number, or the scheme's default, or `None`.
    #[getter]
    fn effective_port(&self) -> Option<u16> {
        self.url.port_or_default()
    }

    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }

    /// `?` and the query, `""` when empty or absent.
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }

    /// The query without `?`, `None` when absent.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.url.query()
    }

    /// `#` and the fragment, `""` when empty or absent.
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }

    /// The fragment without `#`, `None` when absent.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.url.fragment()
    }

    /// The query's name-value pairs, decoded (`searchParams`).
    ///
    /// >>> from urikit import URL
    /// >>> URL("https://h/?a=1&b=x+y&a=%C3%A9").search_params
    /// [('a', '1'), ('b', 'x y'), ('a', 'é')]
    #[getter]
    fn search_params(&self) -> Vec<(String, String)> {
        self.url.search_params().pairs().to_vec()
    }

    /// The validation errors the parse met, in order, each `(code,
    /// offset, byte_offset, message)` (offsets into the input given):
    /// what the browser repaired.
    #[getter]
    fn validation_errors(&self) -> Vec<(&'static str, usize, usize, &'static str)> {
        self.errors
            .iter()
            .map(|e| {
                let at = e.offset().min(self.input.len());
                let chars = self.input.get(..at).map_or(0, |s| s.chars().count());
                (e.code(), chars, e.offset(), e.message())
            })
            .collect()
    }

    /// A copy with the standard's setters run, in the order given, for
    /// each keyword (`href`, `protocol`, `username`, `password`, `host`,
    /// `hostname`, `port`, `pathname`, `search`, `hash`). A value a setter
    /// ignores leaves that attribute as the standard leaves it; an `href`
    /// that fails raises `ParseError`.
    ///
    /// >>> from urikit import URL
    /// >>> URL("http://h/").replace(protocol="mailto").href   # ignored: special to not
    /// 'http://h/'
    /// >>> URL("http://h/").replace(port="8080abc").host
    /// 'h:8080'
    #[pyo3(signature = (**attrs))]
    fn replace(&self, py: Python<'_>, attrs: Option<&Bound<'_, PyDict>>) -> PyResult<PyURL> {
        let mut url = self.url.clone();
        if let Some(attrs) = attrs {
            for (k, v) in attrs.iter() {
                let name: String = k.extract()?;
                let value = text(&v, &name)?;
                match url.set(&name, &value) {
                    Ok(()) => {}
                    Err(Some(e)) => return Err(failure(py, &e, &value)),
                    Err(None) => {
                        return Err(PyTypeError::new_err(format!(
                            "unexpected attribute {name:?}; the attributes are href, protocol, \
                             username, password, host, hostname, port, pathname, search, hash"
                        )))
                    }
                }
            }
        }
        let input = url.href().to_owned();
        Ok(PyURL {
            url,
            errors: Vec::new(),
            input,
        })
    }

    /// A copy whose query is `pairs`, written as `URLSearchParams` writes
    /// them (no query when there are none).
    ///
    /// >>> from urikit import URL
    /// >>> URL("https://h/?b=2").with_search_params([("a", "x y"), ("b", "2")]).href
    /// 'https://h/?a=x+y&b=2'
    fn with_search_params(&self, pairs: Vec<(String, String)>) -> PyURL {
        let mut url = self.url.clone();
        url.set_search_params(&urikit::whatwg::SearchParams::from_pairs(pairs));
        let input = url.href().to_owned();
        PyURL {
            url,
            errors: Vec::new(),
            input,
        }
    }

    fn __str__(&self) -> &str {
        self.url.href()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let href = pyo3::types::PyString::new(py, self.url.href()).repr()?;
        Ok(format!("URL({href})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyURL>()
            .is_ok_and(|o| o.get().url.href() == self.url.href())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.url.href().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let cls = slf.get_type().into_any();
        let args = PyTuple::new(slf.py(), [slf.get().url.href()])?;
        Ok((cls, args))
    }
}
