//! The module's functions: `urikit.parse`, `is_valid`, `resolve`,
//! `normalize`, `encode`, `decode`, `extract`, `guess`, `repair`, `links`.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use urikit::html::HtmlDocument;
use urikit::pct::{Component, PctStr};
use urikit::{BaseBuilder, Dialect, Extractor, Parser};

use crate::error::{new_error, parse_error, text, unknown};
use crate::uri::{dialect, parse_obj, wrap};

fn parser(d: &str, zone_ids: bool) -> PyResult<Parser> {
    Ok(Parser::new(dialect(d)?).zone_ids(zone_ids))
}

/// Parses `text` (str or bytes) as a URI reference: a `URIRef`, or an
/// `IRIRef` for `dialect="rfc3987"`, or a `URL` read by the WHATWG URL
/// Standard for `dialect="whatwg"`. Raises `ParseError`.
///
/// >>> import urikit
/// >>> urikit.parse("http://example.com/a?b#c").host
/// 'example.com'
/// >>> urikit.parse("http://é.example/", dialect="rfc3987")
/// IRIRef('http://é.example/')
/// >>> urikit.parse("http://[fe80::1%25eth0]/", zone_ids=True).zone_id
/// 'eth0'
/// >>> urikit.parse("http://0x7f.1/a b", dialect="whatwg")
/// URL('http://127.0.0.1/a%20b')
#[pyfunction]
#[pyo3(signature = (text, *, dialect = "rfc3986", zone_ids = false))]
pub fn parse(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    dialect: &str,
    zone_ids: bool,
) -> PyResult<Py<PyAny>> {
    if dialect == urikit::Dialect::Whatwg.name() && !zone_ids {
        let url = py.get_type::<crate::url::PyURL>().call1((text,))?;
        return Ok(url.unbind());
    }
    let p = parser(dialect, zone_ids)?;
    wrap(py, parse_obj(text, &p, "the reference")?, zone_ids)
}

/// Whether `text` is a valid URI reference of `dialect`. A `str` or
/// `bytes` that cannot be text (a lone surrogate, bytes that are not
/// UTF-8) is not; anything else is a `TypeError`.
///
/// >>> import urikit
/// >>> urikit.is_valid("http://a/b"), urikit.is_valid("http://a/b c")
/// (True, False)
/// >>> urikit.is_valid("http://a/b c", dialect="whatwg")
/// True
#[pyfunction]
#[pyo3(signature = (text, *, dialect = "rfc3986", zone_ids = false))]
pub fn is_valid(text: &Bound<'_, PyAny>, dialect: &str, zone_ids: bool) -> PyResult<bool> {
    if dialect == urikit::Dialect::Whatwg.name() && !zone_ids {
        return Ok(crate::error::text(text, "the reference")
            .is_ok_and(|t| urikit::whatwg::Url::can_parse(&t, None)));
    }
    let p = parser(dialect, zone_ids)?;
    match crate::error::text(text, "the reference") {
        Ok(t) => Ok(p.parse(&t).is_ok()),
        Err(e) if e.is_instance_of::<crate::error::ParseError>(text.py()) => Ok(false),
        Err(e) => Err(e),
    }
}

/// `reference` resolved against `base` by RFC 3986 section 5.2 (or the
/// algorithm of `dialect`'s document).
///
/// >>> import urikit
/// >>> str(urikit.resolve("../g?y", "http://a/b/c/d;p?q"))
/// 'http://a/b/g?y'
/// >>> str(urikit.resolve("?y", "http://a/b/c/d;p?q", dialect="rfc2396"))
/// 'http://a/b/c/?y'
#[pyfunction]
#[pyo3(signature = (reference, base, *, dialect = "rfc3986"))]
pub fn resolve(
    reference: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    dialect: &str,
) -> PyResult<Py<PyAny>> {
    call_on(base, "the base", dialect, "resolve", reference.clone())
}

/// `obj` read as a `URIRef` of `dialect` (`what` names it in an error),
/// and its method `method` called with `arg`: the module's functions are
/// the value type's methods.
fn call_on<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    dialect: &str,
    method: &str,
    arg: Bound<'py, PyAny>,
) -> PyResult<Py<PyAny>> {
    let p = parser(dialect, false)?;
    let u = wrap(obj.py(), parse_obj(obj, &p, what)?, false)?;
    u.bind(obj.py())
        .call_method1(method, (arg,))
        .map(Bound::unbind)
}

/// The shortest reference that resolves against `base` to `target`.
///
/// >>> import urikit
/// >>> str(urikit.relativize("http://a/b/c/g", "http://a/b/c/d"))
/// 'g'
#[pyfunction]
#[pyo3(signature = (target, base, *, dialect = "rfc3986"))]
pub fn relativize(
    target: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    dialect: &str,
) -> PyResult<Py<PyAny>> {
    call_on(base, "the base", dialect, "relativize", target.clone())
}

/// `text` normalized by RFC 3986 section 6.2.2, as a `URIRef`; each step
/// of `urikit.NORMALIZATION_STEPS` is a keyword that turns it on or off.
///
/// >>> import urikit
/// >>> str(urikit.normalize("HTTP://Example.COM:80/%7e/./a"))
/// 'http://example.com/~/a'
/// >>> str(urikit.normalize("http://münchen.de/", dialect="rfc3987", idna=True, nfc=True))
/// 'http://münchen.de/'
#[pyfunction]
#[pyo3(signature = (text, *, dialect = "rfc3986", **steps))]
pub fn normalize(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    dialect: &str,
    steps: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Py<PyAny>> {
    let n = crate::uri::normalizer(steps)?;
    let p = parser(dialect, false)?;
    let u = parse_obj(text, &p, "the reference")?;
    wrap(py, n.normalize(u.as_uri_ref()), false)
}

/// Whether `a` and `b` are equivalent (equal once normalized, with the
/// steps of `normalize` as keywords).
///
/// >>> import urikit
/// >>> urikit.equivalent("http://a/%7e", "HTTP://A:80/~")
/// True
/// >>> urikit.equivalent("http://[::1]/", "http://[0:0::1]/", ipv6=True)
/// True
#[pyfunction]
#[pyo3(signature = (a, b, *, dialect = "rfc3986", **steps))]
pub fn equivalent(
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    dialect: &str,
    steps: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<bool> {
    let n = crate::uri::normalizer(steps)?;
    let p = parser(dialect, false)?;
    let a = parse_obj(a, &p, "a")?;
    let b = parse_obj(b, &p, "b")?;
    Ok(n.equivalent(a.as_uri_ref(), b.as_uri_ref()))
}

/// The reference made for de-duplication: normalized, tracking parameters
/// (`utm_*`, `fbclid`, `gclid`, ..., or the globs in `drop`) removed, the
/// query sorted, no fragment.
///
/// >>> import urikit
/// >>> str(urikit.clean("https://Shop.example/p?utm_source=x&b=2&a=1#top"))
/// 'https://shop.example/p?a=1&b=2'
#[pyfunction]
#[pyo3(signature = (text, drop = None, *, dialect = "rfc3986"))]
pub fn clean(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    drop: Option<Vec<String>>,
    dialect: &str,
) -> PyResult<Py<PyAny>> {
    let drop = drop.into_pyobject(py)?.into_any();
    call_on(text, "the reference", dialect, "clean", drop)
}

fn component(name: &str) -> PyResult<Component> {
    Component::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        unknown("component", name, &names)
    })
}

/// `text` percent-encoded for `component` (`userinfo`, `host`, `path`,
/// `segment`, `query`, `fragment`, or `form`, where a space is `+`): every
/// character the component cannot hold as data is written `%XX` of its
/// UTF-8 bytes (RFC 3986 section 2.1).
///
/// >>> import urikit
/// >>> urikit.encode("a b/c?", "segment"), urikit.encode("a b&c", "form")
/// ('a%20b%2Fc%3F', 'a+b%26c')
#[pyfunction]
pub fn encode(text: &Bound<'_, PyAny>, component: &str) -> PyResult<String> {
    let c = self::component(component)?;
    let t = crate::error::text(text, "the text")?;
    Ok(urikit_columns::ops::encode(&t, c).into_owned())
}

/// `text` percent-decoded (`+` read as a space when `component="form"`).
/// Raises `ParseError` for a `%` without two hexadecimal digits
/// (`invalid-percent-encoding`) or decoded bytes that are not UTF-8
/// (`invalid-utf8`); see `decode_bytes` for the bytes themselves.
///
/// >>> import urikit
/// >>> urikit.decode("a%20b+c"), urikit.decode("a%20b+c", component="form")
/// ('a b+c', 'a b c')
#[pyfunction]
#[pyo3(signature = (text, *, component = None))]
pub fn decode(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    component: Option<&str>,
) -> PyResult<String> {
    let form = component.map(self::component).transpose()? == Some(Component::Form);
    let t = crate::error::text(text, "the text")?;
    let p = PctStr::new(&t).map_err(|e| parse_error(py, e, &t, false))?;
    let d = if form {
        p.decode_form_utf8()
    } else {
        p.decode_utf8()
    };
    d.map(|d| d.into_owned())
        .map_err(|e| parse_error(py, e, &t, false))
}

/// `text` percent-decoded to bytes (`+` a space for `component="form"`).
///
/// >>> import urikit
/// >>> urikit.decode_bytes("%FF%20")
/// b'\xff '
#[pyfunction]
#[pyo3(signature = (text, *, component = None))]
pub fn decode_bytes<'py>(
    py: Python<'py>,
    text: &Bound<'_, PyAny>,
    component: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    let form = component.map(self::component).transpose()? == Some(Component::Form);
    let t = crate::error::text(text, "the text")?;
    let p = PctStr::new(&t).map_err(|e| parse_error(py, e, &t, false))?;
    let d = if form { p.decode_form() } else { p.decode() };
    Ok(PyBytes::new(py, &d))
}

/// A URI found in text: `uri` (a `URIRef`, or an `IRIRef` in the IRI
/// dialect), `start` and `end` (code points into the text, `text[start:end]`
/// is what was found), `line` and `column` (from 1).
#[pyclass(module = "urikit", frozen, get_all)]
pub struct Match {
    uri: Py<PyAny>,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
}

#[pymethods]
impl Match {
    /// A match: the URI found, its code point offsets and its line and
    /// column (what `extract` gives, and what a pickle holds).
    #[new]
    fn new(uri: Py<PyAny>, start: usize, end: usize, line: usize, column: usize) -> Match {
        Match {
            uri,
            start,
            end,
            line,
            column,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Fields::eq(self, other)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        Fields::hash(self, py)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Fields::reduce(slf)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Match({}, start={}, end={})",
            self.uri.bind(py).str()?.repr()?,
            self.start,
            self.end
        ))
    }
}

/// What the plain result classes (`Match`, `Change`, `Link`) share: they
/// are values, equal and hashed by their fields, and pickled as their
/// constructor's arguments.
trait Fields {
    /// The fields, in the constructor's order.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>>;

    fn eq(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>>
    where
        Self: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync + Sized,
    {
        let py = other.py();
        match other.cast::<Self>() {
            Ok(o) => {
                let same = self.fields(py)?.eq(o.get().fields(py)?)?;
                Ok(pyo3::types::PyBool::new(py, same)
                    .to_owned()
                    .into_any()
                    .unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn hash(&self, py: Python<'_>) -> PyResult<isize> {
        self.fields(py)?.hash()
    }

    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)>
    where
        Self: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync + Sized,
    {
        Ok((
            slf.as_any().get_type().into_any(),
            slf.get().fields(slf.py())?,
        ))
    }
}

impl Fields for Match {
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.uri.clone_ref(py),
            self.start,
            self.end,
            self.line,
            self.column,
        )
            .into_pyobject(py)
    }
}

/// The URIs in `text`, by the rules of RFC 3986 Appendix C (delimited by
/// `<>`, quotes or white space; trailing punctuation left out): a list of
/// `Match`.
///
/// >>> import urikit
/// >>> [str(m.uri) for m in urikit.extract("See <http://a/b c>, or http://e.org/x.")]
/// ['http://a/bc', 'http://e.org/x']
/// >>> m = urikit.extract("é http://a/")[0]
/// >>> m.start, m.end
/// (2, 11)
#[pyfunction]
#[pyo3(signature = (text, *, dialect = "rfc3986"))]
pub fn extract(py: Python<'_>, text: &Bound<'_, PyAny>, dialect: &str) -> PyResult<Vec<Match>> {
    let d = self::dialect(dialect)?;
    let t = crate::error::text(text, "the text")?;
    let p = Parser::new(d);
    // Code points before each byte offset, counted once as the matches go.
    let (mut at_byte, mut at_cp) = (0usize, 0usize);
    let mut cps = |b: usize| {
        at_cp += t[at_byte..b].chars().count();
        at_byte = b;
        at_cp
    };
    let mut out = Vec::new();
    for m in Extractor::new().dialect(d).extract(&t) {
        let span = m.span();
        let (line, column) = (m.line(), m.column());
        let found = m.into_cow();
        let start = cps(span.start);
        let end = cps(span.end);
        let uri = wrap(py, crate::uri::parse_text(py, &found, &p)?, false)?;
        out.push(Match {
            uri,
            start,
            end,
            line,
            column,
        });
    }
    Ok(out)
}

/// What a person probably meant by an abbreviated URI (`www.example.com`,
/// `ftp.example.org/pub`, `user@example.com`), by the conventions of RFC
/// 3986 section 4.5; None when the text is not one.
///
/// >>> import urikit
/// >>> str(urikit.guess("www.example.com/a")), urikit.guess("README.md")
/// ('http://www.example.com/a', None)
#[pyfunction]
pub fn guess(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
    let t = crate::error::text(text, "the text")?;
    match urikit::guess(&t) {
        None => Ok(None),
        Some(g) => {
            let p = Parser::new(Dialect::Rfc3986);
            Ok(Some(wrap(py, crate::uri::parse_text(py, &g, &p)?, false)?))
        }
    }
}

/// One change `repair` made: `offset` (code points) and `byte_offset` into
/// the input, the text `before` and what it became, `after`.
#[pyclass(module = "urikit", frozen, get_all)]
pub struct Change {
    offset: usize,
    byte_offset: usize,
    before: String,
    after: String,
}

impl Fields for Change {
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.offset, self.byte_offset, &self.before, &self.after).into_pyobject(py)
    }
}

#[pymethods]
impl Change {
    /// A change: its code point and byte offsets, and the text before and
    /// after (what `repair` gives, and what a pickle holds).
    #[new]
    fn new(offset: usize, byte_offset: usize, before: String, after: String) -> Change {
        Change {
            offset,
            byte_offset,
            before,
            after,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Fields::eq(self, other)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        Fields::hash(self, py)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Fields::reduce(slf)
    }

    fn __repr__(&self) -> String {
        format!(
            "Change(offset={}, before={:?}, after={:?})",
            self.offset, self.before, self.after
        )
    }
}

/// Turns a near-URI (pasted with white space, angle brackets, spaces or
/// characters beyond ASCII in it) into a valid URI reference, and says
/// how: `(uri, changes)`, `uri` a `URIRef`. Raises `ParseError` when no
/// valid reference can be made.
///
/// >>> import urikit
/// >>> uri, changes = urikit.repair(" <http://a/b c> ")
/// >>> str(uri), [(c.before, c.after) for c in changes]
/// ('http://a/b%20c', [(' ', ''), ('<', ''), (' ', '%20'), ('>', ''), (' ', '')])
#[pyfunction]
pub fn repair(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<(Py<PyAny>, Vec<Change>)> {
    let t = crate::error::text(text, "the text")?;
    let r = urikit::repair(&t);
    let changes: Vec<Change> = r
        .changes()
        .map(|c| Change {
            offset: t[..c.offset].chars().count(),
            byte_offset: c.offset,
            before: c.from.to_owned(),
            after: c.to().into_owned(),
        })
        .collect();
    match r.result {
        Ok(u) => Ok((wrap(py, u, false)?, changes)),
        Err(e) => Err(parse_error(py, e, &t, false)),
    }
}

/// A link of an HTML document: `element` and `attribute` (lower case),
/// `value` (the attribute, character references decoded), `line` (from
/// 1), and `uri`, the value resolved against the document's base (a
/// `URIRef`; relative when there is no base), or None with `error` (a
/// `ParseError`) when the value is not a valid reference.
#[pyclass(module = "urikit", frozen, get_all)]
pub struct Link {
    element: String,
    attribute: String,
    value: String,
    line: u64,
    uri: Option<Py<PyAny>>,
    error: Option<Py<PyAny>>,
}

impl Fields for Link {
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let opt = |o: &Option<Py<PyAny>>| o.as_ref().map(|x| x.clone_ref(py));
        (
            &self.element,
            &self.attribute,
            &self.value,
            self.line,
            opt(&self.uri),
            opt(&self.error),
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl Link {
    /// A link: its element and attribute, the attribute's value, its line,
    /// and the resolved `uri` or the `error` (what `links` gives, and what
    /// a pickle holds).
    #[new]
    #[pyo3(signature = (element, attribute, value, line, uri = None, error = None))]
    fn new(
        element: String,
        attribute: String,
        value: String,
        line: u64,
        uri: Option<Py<PyAny>>,
        error: Option<Py<PyAny>>,
    ) -> Link {
        Link {
            element,
            attribute,
            value,
            line,
            uri,
            error,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Fields::eq(self, other)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        Fields::hash(self, py)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Fields::reduce(slf)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let shown = match &self.uri {
            Some(u) => u.bind(py).str()?.repr()?.to_string(),
            None => "None".to_owned(),
        };
        Ok(format!(
            "Link(<{} {}={:?}>, uri={shown})",
            self.element, self.attribute, self.value
        ))
    }
}

/// The links of an HTML document (`a href`, `img src` and `srcset`,
/// `link href`, `form action`, `meta http-equiv=refresh`, ...), each
/// resolved against the document's base: its `<base href>` against the
/// `base` it was retrieved from (RFC 3986 section 5.1).
///
/// >>> import urikit
/// >>> html = '<base href="/d/"><a href="x?a=1&amp;b=2">x</a><img src="http://[x]">'
/// >>> [(l.element, str(l.uri) if l.uri else l.error.code) for l in urikit.links(html, base="http://h/p")]
/// [('a', 'http://h/d/x?a=1&b=2'), ('img', 'invalid-ipv6')]
#[pyfunction]
#[pyo3(signature = (html, *, base = None, dialect = "rfc3986"))]
pub fn links(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    dialect: &str,
) -> PyResult<Vec<Link>> {
    let d = self::dialect(dialect)?;
    let p = Parser::new(d);
    let html = crate::error::text(html, "the HTML")?;
    let base_text = base.map(|b| text(b, "the base")).transpose()?;
    if let Some(b) = &base_text {
        let u = crate::uri::parse_text(py, b, &p)?;
        if !u.has_scheme() {
            return Err(new_error(
                py,
                "relative-base",
                0,
                0,
                b,
                "the base must be an absolute URI such as 'http://host/' (RFC 3986 section 5.1)",
            ));
        }
    }
    let doc = py.detach(|| HtmlDocument::parse(&html));
    let mut layers = BaseBuilder::new().dialect(d);
    if let Some(href) = doc.base_href() {
        layers = layers.embedded(href);
    }
    if let Some(b) = &base_text {
        layers = layers.retrieved_from(b);
    }
    let established = layers.establish();
    let mut out = Vec::new();
    for link in doc.links() {
        let v = link.value();
        let err = |e: urikit::Error, input: &str| {
            parse_error(py, e, input, d == Dialect::Rfc3987)
                .into_value(py)
                .into_any()
        };
        let resolved = p.parse(v).map_err(|e| err(e, v)).and_then(|r| {
            let res = match &established {
                Ok(Some(b)) => b.resolver(),
                // With a scheme the reference is its own target (RFC 3986
                // section 5.2.2: the base is not used).
                _ if r.has_scheme() => urikit::Resolver::new(r).map_err(|e| err(e, v))?,
                Ok(None) => return Ok(r.to_buf()),
                Err(e) => return Err(err(e.error(), base_text.as_deref().unwrap_or(v))),
            };
            res.dialect(d).resolve(r).map_err(|e| err(e, v))
        });
        let (uri, error) = match resolved {
            Ok(buf) => (Some(wrap(py, buf, false)?), None),
            Err(e) => (None, Some(e)),
        };
        out.push(Link {
            element: link.element().to_owned(),
            attribute: link.attribute().to_owned(),
            value: v.to_owned(),
            line: link.line(),
            uri,
            error,
        });
    }
    Ok(out)
}

/// The scheme's view of RFC 1738 section 3 for `uri` (see
/// `URIRef.inspect`).
///
/// >>> import urikit
/// >>> urikit.inspect("gopher://h/7a%09b")["fields"]["search"]
/// 'b'
#[pyfunction]
pub fn inspect<'py>(
    py: Python<'py>,
    uri: &Bound<'_, PyAny>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let p = Parser::new(Dialect::Rfc3986);
    let u = parse_obj(uri, &p, "the URI")?;
    crate::inspect::inspect(py, u.as_uri_ref())
}

/// The library's version and the features it was built with.
#[pyfunction]
pub fn build_info() -> (String, Vec<&'static str>) {
    (
        env!("CARGO_PKG_VERSION").to_owned(),
        urikit::FEATURES.to_vec(),
    )
}
