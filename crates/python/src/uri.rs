//! `URIRef` and `IRIRef`: immutable, hashable URI references, and
//! `QueryParams`, the read-only multi-mapping of a query.
//!
//! A component is read two ways: `raw_*` as written (percent-encoded),
//! the plain name decoded; `None` is an undefined component, `""` an empty
//! one (RFC 3986 section 5.3 keeps the two apart). Every edit returns a new
//! reference, checked by the same parser as the original.

use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use urikit::{Dialect, Error, Parser, Part, QueryParams as Params, UriRef, UriRefBuf};

use crate::error::{parse_error, text, unknown};
use urikit_columns::ops;

/// The dialect named `name`.
pub fn dialect(name: &str) -> PyResult<Dialect> {
    Dialect::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        unknown("dialect", name, &names)
    })
}

/// A `str` that may not be UTF-8 in its decoded form: the bytes decoded
/// with `surrogateescape` (PEP 383), so that nothing is lost.
pub fn decoded_str<'py>(py: Python<'py>, bytes: Cow<'_, [u8]>) -> PyResult<Bound<'py, PyAny>> {
    match std::str::from_utf8(&bytes) {
        Ok(s) => Ok(PyString::new(py, s).into_any()),
        Err(_) => PyBytes::new(py, &bytes).call_method1("decode", ("utf-8", "surrogateescape")),
    }
}

/// Parses `obj` (str, bytes or a `URIRef`) with `parser`.
pub fn parse_obj(obj: &Bound<'_, PyAny>, parser: &Parser, what: &str) -> PyResult<UriRefBuf> {
    if let Ok(u) = obj.cast::<PyURIRef>() {
        let buf = &u.get().buf;
        if buf.dialect() == parser.dialect() {
            return Ok(buf.clone());
        }
        return parse_text(obj.py(), buf.as_str(), parser);
    }
    let t = text(obj, what)?;
    parse_text(obj.py(), &t, parser)
}

/// Parses `t` with `parser`, a `ParseError` when it is not valid.
pub fn parse_text(py: Python<'_>, t: &str, parser: &Parser) -> PyResult<UriRefBuf> {
    UriRefBuf::parse_by(parser, t)
        .map_err(|e| parse_error(py, e, t, parser.dialect() == Dialect::Rfc3987))
}

/// A `ParseError` for an edit or operation on `u` that failed.
fn edit_error(py: Python<'_>, e: Error, input: &str) -> PyErr {
    parse_error(py, e, input, false)
}

/// A URI reference (RFC 3986 section 4.1): a URI, or a relative reference
/// to be resolved against a base.
///
/// >>> from urikit import URIRef
/// >>> u = URIRef("http://user@example.com:8080/a%20b/c?q=1&q=2#top")
/// >>> u.scheme, u.host, u.port, u.path
/// ('http', 'example.com', 8080, '/a b/c')
/// >>> u.raw_path, u.query.getall("q"), u.fragment
/// ('/a%20b/c', ['1', '2'], 'top')
/// >>> str(u.with_fragment(None) / "d e")
/// 'http://user@example.com:8080/a%20b/c/d%20e?q=1&q=2'
/// >>> URIRef("http://h/a b")
/// Traceback (most recent call last):
///   ...
/// urikit.ParseError: invalid-char at offset 10: ' ' (U+0020) is not allowed in a path; percent-encode it as %20
///   http://h/a b
///             ^
#[pyclass(module = "urikit", name = "URIRef", subclass, frozen)]
pub struct PyURIRef {
    pub buf: UriRefBuf,
    pub zone_ids: bool,
}

impl PyURIRef {
    fn u(&self) -> UriRef<'_> {
        self.buf.as_uri_ref()
    }

    fn parser(&self) -> Parser {
        Parser::new(self.buf.dialect()).zone_ids(self.zone_ids)
    }

    /// A new reference of the same class as `slf` (an edit keeps an IRI an
    /// IRI).
    fn again(slf: &Bound<'_, Self>, buf: UriRefBuf) -> PyResult<Py<PyAny>> {
        let zone_ids = slf.get().zone_ids;
        wrap(slf.py(), buf, zone_ids)
    }

    fn edited(
        slf: &Bound<'_, Self>,
        f: impl FnOnce(&mut UriRefBuf) -> Result<(), Error>,
    ) -> PyResult<Py<PyAny>> {
        let mut buf = slf.get().buf.clone();
        let before = buf.as_str().to_owned();
        f(&mut buf).map_err(|e| edit_error(slf.py(), e, &before))?;
        Self::again(slf, buf)
    }
}

/// `buf` as a Python object: an `IRIRef` when read as an IRI, else a
/// `URIRef`.
pub fn wrap(py: Python<'_>, buf: UriRefBuf, zone_ids: bool) -> PyResult<Py<PyAny>> {
    let iri = buf.dialect() == Dialect::Rfc3987;
    let init = PyClassInitializer::from(PyURIRef { buf, zone_ids });
    if iri {
        Ok(Py::new(py, init.add_subclass(PyIRIRef))?.into_any())
    } else {
        Ok(Py::new(py, init)?.into_any())
    }
}

/// The normalizer the keywords `steps` ask for: each a step of the
/// library's table (`urikit::Normalizer::STEPS`), its name with `_` for
/// `-` (`remove_default_port`, `ipv6`, `nfc`, `idna`), turned on or off
/// from `Normalizer::new()`'s defaults.
pub fn normalizer(steps: Option<&Bound<'_, PyDict>>) -> PyResult<urikit::Normalizer> {
    let mut n = urikit::Normalizer::new();
    let Some(steps) = steps else {
        return Ok(n);
    };
    for (key, value) in steps.iter() {
        let name: String = key.extract()?;
        let Some(step) = urikit::Normalizer::step(&name.replace('_', "-")) else {
            let names: Vec<String> = urikit::Normalizer::STEPS
                .iter()
                .map(|s| s.name.replace('-', "_"))
                .collect();
            return Err(PyTypeError::new_err(format!(
                "{name:?} is not a normalization step; the steps are {}",
                names.join(", ")
            )));
        };
        n = step.set(n, value.is_truthy()?);
    }
    Ok(n)
}

/// What `with_*` and `replace` set, and whether the text is taken as
/// written (`encoded`) or encoded where needed.
fn set_part(
    buf: &mut UriRefBuf,
    part: Part,
    value: &Bound<'_, PyAny>,
    encoded: bool,
) -> PyResult<()> {
    let none = value.is_none();
    let text_of =
        |v: &Bound<'_, PyAny>| -> PyResult<String> { Ok(text(v, part.name())?.into_owned()) };
    // An edit's error is at an offset into the value given (the port's
    // digits for a number).
    let shown = if none {
        String::new()
    } else if value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() {
        text_of(value)?
    } else {
        value.str()?.to_string()
    };
    let done = match part {
        Part::Scheme => {
            let s = if none { None } else { Some(text_of(value)?) };
            buf.set_scheme(s.as_deref())
        }
        Part::Userinfo => {
            let s = if none { None } else { Some(text_of(value)?) };
            if encoded {
                buf.set_userinfo_encoded(s.as_deref())
            } else {
                buf.set_userinfo(s.as_deref())
            }
        }
        Part::Host => {
            let s = if none { None } else { Some(text_of(value)?) };
            if encoded {
                buf.set_host_encoded(s.as_deref())
            } else {
                buf.set_host(s.as_deref())
            }
        }
        Part::Port => {
            if none {
                buf.set_port(None)
            } else if let Ok(n) = value.extract::<i64>() {
                let Ok(n) = u16::try_from(n) else {
                    return Err(PyValueError::new_err(format!(
                        "port {n} is out of range: a port is 0 to 65535"
                    )));
                };
                buf.set_port(Some(n))
            } else {
                buf.set_port_str(Some(&text_of(value)?))
            }
        }
        Part::Path => {
            let mut s = if none { String::new() } else { text_of(value)? };
            // With an authority, a path is empty or begins with '/' (RFC
            // 3986 section 3.3): `with_path("a b")` on `http://h` means
            // `/a%20b`, as yarl reads it.
            if buf.authority().is_some() && !s.is_empty() && !s.starts_with('/') {
                s.insert(0, '/');
            }
            if encoded {
                buf.set_path_encoded(&s)
            } else {
                buf.set_path(&s)
            }
        }
        Part::Query => {
            if !none && !value.is_instance_of::<PyString>() && !value.is_instance_of::<PyBytes>() {
                let mut params = Params::new().form(true);
                for (k, v) in pairs_of(value)? {
                    match v {
                        Some(v) => params.append(&k, &v),
                        None => params.append_flag(&k),
                    }
                }
                buf.set_query_params(&params)
            } else {
                let s = if none { None } else { Some(text_of(value)?) };
                if encoded {
                    buf.set_query_encoded(s.as_deref())
                } else {
                    buf.set_query(s.as_deref())
                }
            }
        }
        Part::Fragment => {
            let s = if none { None } else { Some(text_of(value)?) };
            if encoded {
                buf.set_fragment_encoded(s.as_deref())
            } else {
                buf.set_fragment(s.as_deref())
            }
        }
        // The authority is set by its parts (`replace` refuses it).
        Part::Authority => unreachable!("the authority is no part set alone"),
    };
    let iri = buf.dialect() == Dialect::Rfc3987;
    done.map_err(|e| parse_error(value.py(), e, &shown, iri))
}

/// The pairs of a mapping (each value a str, None for a key without `=`,
/// or a list or tuple of those) or of an iterable of pairs.
fn pairs_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<(String, Option<String>)>> {
    let mut out = Vec::new();
    let items: Bound<'_, PyAny> = if let Ok(d) = value.cast::<PyDict>() {
        d.items().into_any()
    } else if value.hasattr("items")? {
        value.call_method0("items")?
    } else {
        value.clone()
    };
    for item in items.try_iter()? {
        let item = item?;
        let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract().map_err(|_| {
            PyTypeError::new_err(
                "query parameters are a mapping or an iterable of (key, value) pairs",
            )
        })?;
        let key = text(&k, "a query parameter's name")?.into_owned();
        if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
            for one in v.try_iter()? {
                out.push((key.clone(), value_text(&one?)?));
            }
        } else {
            out.push((key, value_text(&v)?));
        }
    }
    Ok(out)
}

fn value_text(v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        return Ok(None);
    }
    if v.is_instance_of::<PyString>() || v.is_instance_of::<PyBytes>() {
        return Ok(Some(text(v, "a query parameter's value")?.into_owned()));
    }
    if v.is_instance_of::<pyo3::types::PyInt>() || v.is_instance_of::<pyo3::types::PyFloat>() {
        return Ok(Some(v.str()?.to_str()?.to_owned()));
    }
    Err(PyTypeError::new_err(format!(
        "a query parameter's value must be str, int, float or None, not {}",
        v.get_type().name()?
    )))
}

#[pymethods]
impl PyURIRef {
    /// Parses `text` (str or bytes, UTF-8) as a URI reference of `dialect`
    /// (`rfc3986`, the default; `rfc3987` reads IRIs; `rfc2396bis`,
    /// `rfc2396`, `url1996`, `rfc1738` the older documents). `zone_ids`
    /// accepts an IPv6 zone identifier (RFC 6874). Raises `ParseError`.
    #[new]
    #[pyo3(signature = (text, *, dialect = "rfc3986", zone_ids = false))]
    fn new(text: &Bound<'_, PyAny>, dialect: &str, zone_ids: bool) -> PyResult<Self> {
        let parser = Parser::new(self::dialect(dialect)?).zone_ids(zone_ids);
        Ok(PyURIRef {
            buf: parse_obj(text, &parser, "the reference")?,
            zone_ids,
        })
    }

    /// The dialect the reference was read by.
    #[getter]
    fn dialect(&self) -> &'static str {
        self.buf.dialect().name()
    }

    /// `"uri"` with a scheme, `"relative"` without (RFC 3986 section 4.1).
    #[getter]
    fn kind(&self) -> &'static str {
        ops::kind(self.u())
    }

    /// Whether the reference has a scheme: a URI, not a relative reference
    /// (section 4.3's `absolute-URI` also has no fragment).
    fn is_absolute(&self) -> bool {
        self.u().has_scheme()
    }

    /// The scheme as written, or None.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.u().scheme()
    }

    /// The authority as written, or None.
    #[getter]
    fn raw_authority(&self) -> Option<&str> {
        self.u().authority().map(|a| a.as_str())
    }

    /// The userinfo as written, or None.
    #[getter]
    fn raw_userinfo(&self) -> Option<&str> {
        self.u().userinfo().map(|p| p.as_str())
    }

    /// The userinfo decoded, or None.
    #[getter]
    fn userinfo<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.u()
            .userinfo()
            .map(|p| decoded_str(py, p.decode()))
            .transpose()
    }

    /// The userinfo before its first `:`, decoded, or None.
    #[getter]
    fn user<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        ops::userinfo_parts(self.u())
            .map(|(user, _)| decoded_str(py, user.decode()))
            .transpose()
    }

    /// The userinfo after its first `:`, decoded, or None.
    #[getter]
    fn password<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        ops::userinfo_parts(self.u())
            .and_then(|(_, pass)| pass)
            .map(|p| decoded_str(py, p.decode()))
            .transpose()
    }

    /// The host as written (an IP literal with its brackets), or None.
    #[getter]
    fn raw_host(&self) -> Option<&str> {
        self.u().host().map(|h| h.as_str())
    }

    /// The host decoded: a reg-name percent-decoded, an IP literal without
    /// its brackets; None without an authority.
    #[getter]
    fn host<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(h) = self.u().host() else {
            return Ok(None);
        };
        match h.reg_name() {
            Some(r) => decoded_str(py, r.decode()).map(Some),
            None => Ok(Some(
                PyString::new(py, h.ip_literal().unwrap_or(h.as_str())).into_any(),
            )),
        }
    }

    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture` (section 3.2.2), or None.
    #[getter]
    fn host_type(&self) -> Option<&'static str> {
        ops::host_type(self.u())
    }

    /// The IPv6 zone identifier (RFC 6874), decoded, when read with
    /// `zone_ids=True`.
    #[getter]
    fn zone_id<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.u()
            .host()
            .and_then(|h| h.zone_id())
            .map(|z| decoded_str(py, z.decode()))
            .transpose()
    }

    /// The host in ASCII (UTS #46 ToASCII, `xn--` labels), or None.
    /// Raises `ParseError` (`invalid-idna`) for a name IDNA refuses.
    #[getter]
    fn host_ascii(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let Some(h) = self.u().host() else {
            return Ok(None);
        };
        h.to_ascii()
            .map(|c| Some(c.into_owned()))
            .map_err(|e| parse_error(py, e, h.as_str(), true))
    }

    /// The host in Unicode (UTS #46 ToUnicode), or None. Raises
    /// `ParseError` (`invalid-idna`) for a name IDNA refuses.
    #[getter]
    fn host_unicode(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let Some(h) = self.u().host() else {
            return Ok(None);
        };
        h.to_unicode()
            .map(|c| Some(c.into_owned()))
            .map_err(|e| parse_error(py, e, h.as_str(), true))
    }

    /// The registrable domain by the Public Suffix List, its ICANN and
    /// private sections (`example.co.uk` of `www.Example.co.uk`), in lower
    /// case, or None.
    #[getter]
    fn registrable_domain(&self) -> Option<Cow<'_, str>> {
        ops::registrable_domain(self.u())
    }

    /// The public suffix by the Public Suffix List, its ICANN and private
    /// sections (`co.uk`, `github.io`), in lower case, or None.
    #[getter]
    fn public_suffix(&self) -> Option<Cow<'_, str>> {
        ops::public_suffix(self.u())
    }

    /// The registrable domain by the list's ICANN section alone
    /// (`github.io` of `a.b.github.io`), in lower case, or None.
    #[getter]
    fn icann_registrable_domain(&self) -> Option<Cow<'_, str>> {
        ops::icann_registrable_domain(self.u())
    }

    /// The public suffix by the list's ICANN section alone (`io` of
    /// `a.github.io`), in lower case, or None.
    #[getter]
    fn icann_public_suffix(&self) -> Option<Cow<'_, str>> {
        ops::icann_public_suffix(self.u())
    }

    /// The port as written (it may be `""`), or None.
    #[getter]
    fn raw_port(&self) -> Option<&str> {
        self.u().port()
    }

    /// The port written in the reference, or None.
    #[getter]
    fn explicit_port(&self, py: Python<'_>) -> PyResult<Option<u16>> {
        self.u()
            .port_u16()
            .map_err(|e| parse_error(py, e, self.buf.as_str(), false))
    }

    /// The port: the one written, else the scheme's default (80 for
    /// `http`), else None. Raises `ParseError` (`port-out-of-range`) for a
    /// port above 65535, which the generic syntax allows.
    #[getter]
    fn port(&self, py: Python<'_>) -> PyResult<Option<u16>> {
        self.u()
            .port_or_default()
            .map_err(|e| parse_error(py, e, self.buf.as_str(), false))
    }

    /// The path as written (never None; it may be `""`).
    #[getter]
    fn raw_path(&self) -> &str {
        self.u().path().as_str()
    }

    /// The path decoded (bytes that are not UTF-8 kept by
    /// `surrogateescape`).
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        decoded_str(py, self.u().path().decode())
    }

    /// The path's segments, decoded (`/a/b%2Fc` gives `('a', 'b/c')`).
    #[getter]
    fn path_segments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let segs: PyResult<Vec<_>> = self
            .u()
            .path_segments()
            .map(|s| decoded_str(py, s.decode()))
            .collect();
        PyTuple::new(py, segs?)
    }

    /// The query as written, or None.
    #[getter]
    fn raw_query(&self) -> Option<&str> {
        self.u().query().map(|q| q.as_str())
    }

    /// The query's parameters: a read-only multi-mapping, form-decoded
    /// (`+` is a space). Empty when there is no query.
    #[getter]
    fn query(&self, py: Python<'_>) -> PyResult<Py<QueryParams>> {
        let pairs = self
            .u()
            .query_pairs()
            .map(|(k, v)| {
                let k = decoded_str(py, k.decode_form())?.unbind();
                let v = v
                    .map(|v| decoded_str(py, v.decode_form()).map(Bound::unbind))
                    .transpose()?;
                Ok((k, v))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Py::new(py, QueryParams { pairs })
    }

    /// The fragment as written, or None.
    #[getter]
    fn raw_fragment(&self) -> Option<&str> {
        self.u().fragment().map(|f| f.as_str())
    }

    /// The fragment decoded, or None.
    #[getter]
    fn fragment<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.u()
            .fragment()
            .map(|f| decoded_str(py, f.decode()))
            .transpose()
    }

    /// A copy with the scheme set (None removes it).
    fn with_scheme(slf: &Bound<'_, Self>, scheme: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        slf.call_method(
            "replace",
            (),
            Some(&[("scheme", scheme)].into_py_dict(slf.py())?),
        )
        .map(Bound::unbind)
    }

    /// A copy with the userinfo set (None removes it), encoded where
    /// needed unless `encoded`.
    #[pyo3(signature = (userinfo, *, encoded = false))]
    fn with_userinfo(
        slf: &Bound<'_, Self>,
        userinfo: &Bound<'_, PyAny>,
        encoded: bool,
    ) -> PyResult<Py<PyAny>> {
        Self::replace_one(slf, Part::Userinfo, userinfo, encoded)
    }

    /// A copy with the host set (None removes the authority when nothing
    /// else is in it); with `idna`, a name in Unicode is written in its
    /// ASCII form for the DNS (UTS #46 ToASCII) instead of percent-encoded.
    ///
    /// >>> str(URIRef("http://example.com/").with_host("münchen.de", idna=True))
    /// 'http://xn--mnchen-3ya.de/'
    /// >>> str(URIRef("http://example.com/").with_host("münchen.de"))
    /// 'http://m%C3%BCnchen.de/'
    #[pyo3(signature = (host, *, encoded = false, idna = false))]
    fn with_host(
        slf: &Bound<'_, Self>,
        host: &Bound<'_, PyAny>,
        encoded: bool,
        idna: bool,
    ) -> PyResult<Py<PyAny>> {
        if idna && !host.is_none() {
            let py = slf.py();
            let text = crate::error::text(host, "the host")?;
            let mut buf = slf.get().buf.clone();
            buf.set_host_idna(&text)
                .map_err(|e| parse_error(py, e, &text, true))?;
            return Self::again(slf, buf);
        }
        Self::replace_one(slf, Part::Host, host, encoded)
    }

    /// A copy with the port set (an int, or None to remove it).
    fn with_port(slf: &Bound<'_, Self>, port: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::replace_one(slf, Part::Port, port, false)
    }

    /// A copy with the path set, encoded where needed unless `encoded`.
    #[pyo3(signature = (path, *, encoded = false))]
    fn with_path(
        slf: &Bound<'_, Self>,
        path: &Bound<'_, PyAny>,
        encoded: bool,
    ) -> PyResult<Py<PyAny>> {
        Self::replace_one(slf, Part::Path, path, encoded)
    }

    /// A copy with the query set: a str (encoded where needed unless
    /// `encoded`), a mapping or pairs (written as a form), None, or
    /// keyword parameters (`with_query(a=1, b="x y")`, as yarl takes them).
    ///
    /// >>> str(URIRef("http://h/p?x=0").with_query(a=1, b="x y"))
    /// 'http://h/p?a=1&b=x+y'
    #[pyo3(signature = (*query, encoded = false, **params))]
    fn with_query(
        slf: &Bound<'_, Self>,
        query: &Bound<'_, PyTuple>,
        encoded: bool,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let params = params.filter(|p| !p.is_empty());
        match (query.len(), params) {
            (0, Some(p)) => Self::replace_one(slf, Part::Query, p.as_any(), encoded),
            (1, None) => Self::replace_one(slf, Part::Query, &query.get_item(0)?, encoded),
            _ => Err(PyTypeError::new_err(
                "with_query() takes one query (None removes it) or keyword parameters",
            )),
        }
    }

    /// A copy with the fragment set (None removes it).
    #[pyo3(signature = (fragment, *, encoded = false))]
    fn with_fragment(
        slf: &Bound<'_, Self>,
        fragment: &Bound<'_, PyAny>,
        encoded: bool,
    ) -> PyResult<Py<PyAny>> {
        Self::replace_one(slf, Part::Fragment, fragment, encoded)
    }

    /// A copy with several parts set at once: `scheme`, `userinfo`, `host`,
    /// `port`, `path`, `query`, `fragment` (None removes a part), encoded
    /// where needed unless `encoded`.
    ///
    /// >>> str(URIRef("http://h/p").replace(scheme="https", port=8443, query={"a": "b c"}))
    /// 'https://h:8443/p?a=b+c'
    #[pyo3(signature = (*, encoded = false, **parts))]
    fn replace(
        slf: &Bound<'_, Self>,
        encoded: bool,
        parts: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let mut buf = slf.get().buf.clone();
        // In the order of the reference, so that a host comes before its
        // port and userinfo.
        const ORDER: [Part; 7] = [
            Part::Scheme,
            Part::Host,
            Part::Userinfo,
            Part::Port,
            Part::Path,
            Part::Query,
            Part::Fragment,
        ];
        if let Some(parts) = parts {
            for key in parts.keys() {
                let k: String = key.extract()?;
                if !ORDER.iter().any(|p| p.name() == k) {
                    let names: Vec<&str> = ORDER.iter().map(|p| p.name()).collect();
                    return Err(PyTypeError::new_err(format!(
                        "replace() got an unexpected part {k:?}; the parts are {}",
                        names.join(", ")
                    )));
                }
            }
            for part in ORDER {
                if let Some(v) = parts.get_item(part.name())? {
                    set_part(&mut buf, part, &v, encoded)?;
                }
            }
        }
        Self::again(slf, buf)
    }

    /// A copy with the parameter `name` set to `value`: the first
    /// parameter of that name takes it, the others go; appended when there
    /// is none (form encoding).
    fn with_query_param(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let name = text(name, "the parameter's name")?.into_owned();
        let value = value_text(value)?;
        Self::edited(slf, |b| {
            let mut p = b.query_params().form(true);
            match &value {
                Some(v) => p.set(&name, v),
                None => {
                    p.remove(&name);
                    p.append_flag(&name);
                }
            }
            b.set_query_params(&p)
        })
    }

    /// A copy with the parameters of `params` (a mapping or pairs) and
    /// `**kwargs` set, as `with_query_param` sets each name.
    #[pyo3(signature = (params = None, **kwargs))]
    fn update_query(
        slf: &Bound<'_, Self>,
        params: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let mut new = Vec::new();
        if let Some(p) = params {
            new.extend(pairs_of(p)?);
        }
        if let Some(k) = kwargs {
            new.extend(pairs_of(k.as_any())?);
        }
        Self::edited(slf, |b| {
            let mut p = b.query_params().form(true);
            let mut seen: Vec<&str> = Vec::new();
            for (k, _) in &new {
                if !seen.contains(&k.as_str()) {
                    p.remove(k);
                    seen.push(k);
                }
            }
            for (k, v) in &new {
                match v {
                    Some(v) => p.append(k, v),
                    None => p.append_flag(k),
                }
            }
            b.set_query_params(&p)
        })
    }

    /// A copy without the query parameters whose names match any of the
    /// glob patterns (`*` any text, `?` one character): `utm_*`.
    #[pyo3(signature = (*globs))]
    fn without_query_params(slf: &Bound<'_, Self>, globs: Vec<String>) -> PyResult<Py<PyAny>> {
        let globs: Vec<&str> = globs.iter().map(String::as_str).collect();
        let u = slf.get().u();
        match ops::remove_query_params(u, &globs) {
            Some(b) => Self::again(slf, b),
            None => Err(PyValueError::new_err("the query could not be rewritten")),
        }
    }

    /// The origin, as yarl gives it: the scheme and the authority without
    /// its userinfo, no path (`http://example.com:8080`). Raises
    /// `ValueError` for a reference without a scheme or a host.
    ///
    /// >>> str(URIRef("http://u@Example.com:8080/a?b#c").origin())
    /// 'http://Example.com:8080'
    fn origin(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let u = slf.get().u();
        let (Some(scheme), Some(host)) = (u.scheme(), u.host()) else {
            return Err(PyValueError::new_err(format!(
                "{:?} has no origin: it needs a scheme and a host",
                u.as_str()
            )));
        };
        let mut text = format!("{scheme}://{}", host.as_str());
        if let Some(p) = u.port() {
            text.push(':');
            text.push_str(p);
        }
        let buf = UriRefBuf::parse_with(text, u.dialect())
            .map_err(|e| edit_error(slf.py(), e, u.as_str()))?;
        Self::again(slf, buf)
    }

    /// The last path segment, decoded (`file.txt` of `/path/to/file.txt`;
    /// `""` when the path ends in `/`).
    ///
    /// >>> URIRef("http://h/path/to/file.tar.gz?x").name
    /// 'file.tar.gz'
    #[getter]
    fn name(&self) -> String {
        let path = self.u().path();
        let last = path.as_str().rsplit('/').next().unwrap_or("");
        let bytes = urikit::pct::PctStr::new(last)
            .map_or_else(|_| last.as_bytes().to_vec(), |p| p.decode().into_owned());
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The last path segment's extension, with its dot (`.gz` of
    /// `file.tar.gz`; `""` without one), as yarl and `pathlib` give it.
    ///
    /// >>> URIRef("http://h/file.tar.gz").suffix, URIRef("http://h/.profile").suffix
    /// ('.gz', '')
    #[getter]
    fn suffix(&self) -> String {
        let name = self.name();
        match name.rfind('.') {
            Some(i) if i > 0 && i + 1 < name.len() => name[i..].to_owned(),
            _ => String::new(),
        }
    }

    /// The reference without its last path segment, query and fragment
    /// (`http://h/path/to` of `http://h/path/to/file.txt?x`), as yarl's
    /// `parent`.
    ///
    /// >>> str(URIRef("http://h/path/to/file.txt?x#f").parent)
    /// 'http://h/path/to'
    #[getter]
    fn parent(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let me = slf.get();
        let path = me.u().path().as_str().to_owned();
        let cut = match path.rfind('/') {
            Some(0) if path.len() > 1 => 1,
            Some(0) | None => path.len(),
            Some(i) => i,
        };
        Self::edited(slf, |b| {
            b.set_query(None)?;
            b.set_fragment(None)?;
            b.set_path_encoded(&path[..cut])
        })
    }

    /// The path with segments appended (each encoded), as yarl's
    /// `joinpath` and the `/` operator.
    ///
    /// >>> str(URIRef("http://h/a").joinpath("b c", "d"))
    /// 'http://h/a/b%20c/d'
    #[pyo3(signature = (*segments))]
    fn joinpath(slf: &Bound<'_, Self>, segments: Vec<Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let segs = segments
            .iter()
            .map(|s| text(s, "a path segment").map(|t| t.into_owned()))
            .collect::<PyResult<Vec<String>>>()?;
        Self::edited(slf, |b| {
            for seg in &segs {
                b.push_segment(seg)?;
            }
            Ok(())
        })
    }

    /// A reference built from its parts, as yarl's `URL.build`: `scheme`,
    /// `userinfo`, `host`, `port`, `path`, `query` (a str, a mapping or
    /// pairs), `fragment`, each encoded where needed unless `encoded`.
    ///
    /// >>> str(URIRef.build(scheme="https", host="example.com", path="/a b", query={"q": "1"}))
    /// 'https://example.com/a%20b?q=1'
    #[classmethod]
    #[pyo3(signature = (*, encoded = false, **parts))]
    fn build(
        cls: &Bound<'_, pyo3::types::PyType>,
        encoded: bool,
        parts: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let empty = cls.call1(("",))?;
        let kw = PyDict::new(cls.py());
        kw.set_item("encoded", encoded)?;
        if let Some(p) = parts {
            kw.update(p.as_mapping())?;
        }
        Ok(empty.call_method("replace", (), Some(&kw))?.unbind())
    }

    fn __lt__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.order(other, |o| o.is_lt())
    }

    fn __le__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.order(other, |o| o.is_le())
    }

    fn __gt__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.order(other, |o| o.is_gt())
    }

    fn __ge__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.order(other, |o| o.is_ge())
    }

    /// The reference with one path segment appended, percent-encoded (a
    /// `/` in it is `%2F`); a path that ends in `/` has its empty last
    /// segment replaced. Not resolution: see `resolve`.
    ///
    /// >>> str(URIRef("http://h/dir/") / "a b" / "c/d")
    /// 'http://h/dir/a%20b/c%2Fd'
    fn __truediv__(slf: &Bound<'_, Self>, segment: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seg = text(segment, "a path segment")?.into_owned();
        Self::edited(slf, |b| b.push_segment(&seg))
    }

    /// `reference` (str or `URIRef`) resolved against this reference as
    /// its base, by RFC 3986 section 5.2 (or the dialect's algorithm).
    /// Raises `ParseError` (`relative-base`) when this is not a URI.
    ///
    /// >>> str(URIRef("http://a/b/c/d;p?q").resolve("../g"))
    /// 'http://a/b/g'
    fn resolve(slf: &Bound<'_, Self>, reference: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let me = slf.get();
        let r = parse_obj(reference, &me.parser(), "the reference")?;
        let py = slf.py();
        let resolver = urikit::Resolver::new(me.u())
            .map_err(|e| edit_error(py, e, me.buf.as_str()))?
            .dialect(me.buf.dialect());
        let out = resolver
            .resolve(r.as_uri_ref())
            .map_err(|e| edit_error(py, e, r.as_str()))?;
        Self::again(slf, out)
    }

    /// The shortest reference that resolves against this base to
    /// `target`. Raises `ParseError` (`unreachable-target`) for a target
    /// that no reference reaches.
    ///
    /// >>> str(URIRef("http://a/b/c/d").relativize("http://a/b/g?x"))
    /// '../g?x'
    fn relativize(slf: &Bound<'_, Self>, target: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let me = slf.get();
        let t = parse_obj(target, &me.parser(), "the target")?;
        let py = slf.py();
        let resolver =
            urikit::Resolver::new(me.u()).map_err(|e| edit_error(py, e, me.buf.as_str()))?;
        let out = resolver
            .relativize(t.as_uri_ref())
            .map_err(|e| edit_error(py, e, t.as_str()))?;
        Self::again(slf, out)
    }

    /// The reference normalized by RFC 3986 section 6.2.2: case, percent-
    /// encoding, dot-segments, and by scheme (section 6.2.3) the default
    /// port and an empty path. Each step of `urikit.NORMALIZATION_STEPS`
    /// is a keyword that turns it on or off (`ipv6=True` for RFC 5952's
    /// text, `nfc=True` and `idna=True` for RFC 3987 section 5.3,
    /// `remove_default_port=False`, ...).
    ///
    /// >>> str(URIRef("HTTP://Example.COM:80/a/./b/../%7euser").normalize())
    /// 'http://example.com/a/~user'
    /// >>> str(URIRef("HTTP://[0:0::1]:80/").normalize(ipv6=True, remove_default_port=False))
    /// 'http://[::1]:80/'
    #[pyo3(signature = (**steps))]
    fn normalize(slf: &Bound<'_, Self>, steps: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
        let n = normalizer(steps)?;
        Self::again(slf, n.normalize(slf.get().u()))
    }

    /// Whether the two references are equivalent: equal once normalized
    /// (with the steps of `normalize`, as keywords).
    ///
    /// >>> URIRef("http://[::1]/").equivalent("http://[0:0::1]/", ipv6=True)
    /// True
    #[pyo3(signature = (other, **steps))]
    fn equivalent(
        &self,
        other: &Bound<'_, PyAny>,
        steps: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<bool> {
        let o = parse_obj(other, &self.parser(), "the other reference")?;
        Ok(normalizer(steps)?.equivalent(self.u(), o.as_uri_ref()))
    }

    /// The reference made for de-duplication: normalized, tracking
    /// parameters removed (`utm_*`, `fbclid`, `gclid`, ... or the globs in
    /// `drop`), the query sorted and the fragment dropped.
    #[pyo3(signature = (drop = None))]
    fn clean(slf: &Bound<'_, Self>, drop: Option<Vec<String>>) -> PyResult<Py<PyAny>> {
        let globs: Option<Vec<&str>> = drop
            .as_ref()
            .map(|d| d.iter().map(String::as_str).collect());
        let me = slf.get();
        let out = urikit::clean(me.u(), globs.as_deref().unwrap_or(urikit::TRACKING_PARAMS))
            .map_err(|e| edit_error(slf.py(), e, me.buf.as_str()))?;
        Self::again(slf, out)
    }

    /// The reference cut after each path segment.
    ///
    /// >>> URIRef("http://a/b/c").hierarchy()
    /// ['http://a/', 'http://a/b/', 'http://a/b/c']
    fn hierarchy(&self) -> Vec<String> {
        ops::hierarchy(self.u())
    }

    /// The reference as a URI (RFC 3987 section 3.1: characters beyond
    /// ASCII percent-encoded as UTF-8); host names in `xn--` form when
    /// `idna`.
    #[pyo3(signature = (*, idna = false))]
    fn to_uri(&self, py: Python<'_>, idna: bool) -> PyResult<Py<PyAny>> {
        let s = self.buf.as_str();
        let iri = urikit::IriRef::parse(s).map_err(|e| parse_error(py, e, s, true))?;
        let out = if idna {
            iri.to_uri_idna().map_err(|e| parse_error(py, e, s, true))?
        } else {
            iri.to_uri()
        };
        wrap(py, out, self.zone_ids)
    }

    /// The reference as an IRI (RFC 3987 section 3.2: percent-encoded
    /// UTF-8 decoded where an IRI may hold the character), an `xn--` host
    /// in Unicode where that is safe to show (as `uri to-iri` does).
    ///
    /// >>> str(URIRef("http://xn--mnchen-3ya.de/%C3%BC").to_iri())
    /// 'http://münchen.de/ü'
    /// >>> str(URIRef("http://xn--80ak6aa92e.com/").to_iri())
    /// 'http://xn--80ak6aa92e.com/'
    fn to_iri(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let s = self.buf.as_str();
        let iri = self
            .u()
            .to_iri_display()
            .map_err(|e| parse_error(py, e, s, false))?;
        wrap(py, iri.into_uri_ref_buf(), self.zone_ids)
    }

    /// The scheme's view of RFC 1738 section 3 (ftp, http, gopher, mailto,
    /// news, nntp, telnet, wais, file, prospero), as `uri inspect --json`
    /// writes it: `ok`, `scheme`, `default_port`, `fields` (decoded values;
    /// None when the scheme's own syntax is not met), `warnings` (the
    /// specifications' security notes, each `{code, offset, message}`) and
    /// `error` (a `ParseError` or None).
    ///
    /// >>> r = URIRef("ftp://me:secret@h/%2Fetc/motd;type=a").inspect()
    /// >>> r["fields"]["cwd"], r["fields"]["typecode"], [w["code"] for w in r["warnings"]]
    /// (['/etc'], 'a', ['password-in-userinfo'])
    /// >>> URIRef("nntp://h/group/12x").inspect()["error"].code
    /// 'invalid-path'
    fn inspect<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::inspect::inspect(py, self.u())
    }

    fn __str__(&self) -> &str {
        self.buf.as_str()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let me = slf.get();
        let text = PyString::new(slf.py(), me.buf.as_str()).repr()?;
        let d = me.buf.dialect();
        let extra = match (d, name.to_str()?) {
            (Dialect::Rfc3986, _) | (Dialect::Rfc3987, "IRIRef") => String::new(),
            (d, _) => format!(", dialect='{}'", d.name()),
        };
        let zones = if me.zone_ids { ", zone_ids=True" } else { "" };
        Ok(format!("{name}({text}{extra}{zones})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyURIRef>() {
            Ok(o) => Ok(
                pyo3::types::PyBool::new(py, o.get().buf.as_str() == self.buf.as_str())
                    .to_owned()
                    .into_any()
                    .unbind(),
            ),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.buf.as_str().hash(&mut h);
        h.finish()
    }

    /// Its length in code points, as for a `str` (an IRI's characters
    /// beyond ASCII count once each).
    fn __len__(&self) -> usize {
        self.buf.as_str().chars().count()
    }

    /// False for the empty reference alone, as for a `str` (and as
    /// `len()` says).
    fn __bool__(&self) -> bool {
        !self.buf.as_str().is_empty()
    }

    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let kw = PyDict::new(py);
        kw.set_item("dialect", self.buf.dialect().name())?;
        kw.set_item("zone_ids", self.zone_ids)?;
        Ok((PyTuple::new(py, [self.buf.as_str()])?, kw))
    }

    fn __copy__(slf: &Bound<'_, Self>) -> Py<Self> {
        slf.clone().unbind()
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf.clone().unbind()
    }
}

impl PyURIRef {
    /// References are ordered by their text, as `sorted()` wants.
    fn order(
        &self,
        other: &Bound<'_, PyAny>,
        holds: impl Fn(std::cmp::Ordering) -> bool,
    ) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyURIRef>() {
            Ok(o) => Ok(pyo3::types::PyBool::new(
                py,
                holds(self.buf.as_str().cmp(o.get().buf.as_str())),
            )
            .to_owned()
            .into_any()
            .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn replace_one(
        slf: &Bound<'_, Self>,
        part: Part,
        value: &Bound<'_, PyAny>,
        encoded: bool,
    ) -> PyResult<Py<PyAny>> {
        let mut buf = slf.get().buf.clone();
        set_part(&mut buf, part, value, encoded)?;
        Self::again(slf, buf)
    }
}

use pyo3::types::IntoPyDict;

/// An IRI reference (RFC 3987): a `URIRef` read by the `rfc3987` dialect,
/// which allows characters beyond ASCII where RFC 3987 does.
///
/// >>> from urikit import IRIRef
/// >>> i = IRIRef("http://résumé.example/ç?q=ü")
/// >>> i.host, str(i.to_uri()), str(i.to_uri(idna=True))
/// ('résumé.example', 'http://r%C3%A9sum%C3%A9.example/%C3%A7?q=%C3%BC', 'http://xn--rsum-bpad.example/%C3%A7?q=%C3%BC')
#[pyclass(module = "urikit", name = "IRIRef", extends = PyURIRef, frozen)]
pub struct PyIRIRef;

#[pymethods]
impl PyIRIRef {
    #[new]
    #[pyo3(signature = (text, *, zone_ids = false))]
    fn new(text: &Bound<'_, PyAny>, zone_ids: bool) -> PyResult<PyClassInitializer<Self>> {
        let parser = Parser::new(Dialect::Rfc3987).zone_ids(zone_ids);
        let buf = parse_obj(text, &parser, "the reference")?;
        Ok(PyClassInitializer::from(PyURIRef { buf, zone_ids }).add_subclass(PyIRIRef))
    }

    fn __getnewargs_ex__<'py>(
        slf: PyRef<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let base = slf.as_super();
        let kw = PyDict::new(py);
        kw.set_item("zone_ids", base.zone_ids)?;
        Ok((PyTuple::new(py, [base.buf.as_str()])?, kw))
    }
}

/// The parameters of a query, read-only, in order, form-decoded (`+` is a
/// space): a multi-mapping. `q["k"]` is the first value, `getall("k")`
/// every value; a parameter without `=` has the value None.
///
/// >>> from urikit import URIRef
/// >>> q = URIRef("?a=1&b=x+y&a=2&flag").query
/// >>> q["a"], q.getall("a"), q["b"], q["flag"], len(q)
/// ('1', ['1', '2'], 'x y', None, 4)
/// >>> list(q.items())
/// [('a', '1'), ('b', 'x y'), ('a', '2'), ('flag', None)]
#[pyclass(module = "urikit", frozen)]
pub struct QueryParams {
    pairs: Vec<(Py<PyAny>, Option<Py<PyAny>>)>,
}

impl QueryParams {
    fn find<'a>(
        &'a self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
    ) -> PyResult<impl Iterator<Item = &'a Option<Py<PyAny>>>> {
        let mut hits = Vec::new();
        for (k, v) in &self.pairs {
            if k.bind(py).eq(key)? {
                hits.push(v);
            }
        }
        Ok(hits.into_iter())
    }
}

#[pymethods]
impl QueryParams {
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        match self.find(py, key)?.next() {
            Some(v) => Ok(v.as_ref().map(|v| v.clone_ref(py))),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }

    /// The first value of `key`, or `default`.
    #[pyo3(signature = (key, default = None))]
    fn get(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        match self.find(py, key)?.next() {
            Some(v) => Ok(v.as_ref().map(|v| v.clone_ref(py))),
            None => Ok(default),
        }
    }

    /// Every value of `key`, in order (empty when there is none).
    fn getall(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Vec<Option<Py<PyAny>>>> {
        Ok(self
            .find(py, key)?
            .map(|v| v.as_ref().map(|v| v.clone_ref(py)))
            .collect())
    }

    /// The keys, in order, a key as often as it occurs.
    fn keys(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.pairs.iter().map(|(k, _)| k.clone_ref(py)).collect()
    }

    /// The values, in order.
    fn values(&self, py: Python<'_>) -> Vec<Option<Py<PyAny>>> {
        self.pairs
            .iter()
            .map(|(_, v)| v.as_ref().map(|v| v.clone_ref(py)))
            .collect()
    }

    /// The `(key, value)` pairs, in order.
    fn items(&self, py: Python<'_>) -> Vec<(Py<PyAny>, Option<Py<PyAny>>)> {
        self.pairs
            .iter()
            .map(|(k, v)| (k.clone_ref(py), v.as_ref().map(|v| v.clone_ref(py))))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.pairs.len()
    }

    fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.find(py, key)?.next().is_some())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let keys = PyList::new(py, self.keys(py))?;
        Ok(keys.try_iter()?.into_any().unbind())
    }

    /// Equal to another `QueryParams` with the same pairs in the same
    /// order, and to a mapping with the same keys, each once, and values.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = PyList::new(py, self.items(py))?;
        if let Ok(o) = other.cast::<QueryParams>() {
            return mine.eq(PyList::new(py, o.get().items(py))?);
        }
        if let Ok(m) = other.cast::<pyo3::types::PyMapping>() {
            if m.len()? != self.pairs.len() {
                return Ok(false);
            }
            let as_dict = PyDict::new(py);
            for (k, v) in &self.pairs {
                as_dict.set_item(k, v.as_ref().map(|v| v.clone_ref(py)))?;
            }
            return as_dict.eq(other);
        }
        Ok(false)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let items = PyList::new(py, self.items(py))?;
        Ok(format!("QueryParams({})", items.repr()?))
    }
}
