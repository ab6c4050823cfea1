//! `urikit.SuffixList`: a Public Suffix List read at run time (the list
//! compiled in is `SuffixList.builtin()`), for programs that must pin or
//! update the list without a new release of the package.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urikit::psl::{List, ListError, View};

/// A Public Suffix List: the compiled-in one, or one read from the text of
/// a ``public_suffix_list.dat`` file. Answers are as written (a name is
/// matched without ASCII case) and ``None`` where the name has none (an
/// empty label, a name that is itself a public suffix).
///
/// >>> from urikit import SuffixList
/// >>> psl = SuffixList("// ===BEGIN ICANN DOMAINS===\nexample\n"
/// ...                  "// ===BEGIN PRIVATE DOMAINS===\npages.example\n")
/// >>> psl.registrable_domain("a.b.pages.example")
/// 'b.pages.example'
/// >>> psl.registrable_domain("a.b.pages.example", icann=True)
/// 'pages.example'
/// >>> SuffixList.builtin().public_suffix("www.example.co.uk")
/// 'co.uk'
/// >>> SuffixList("com\n*x.com\n")
/// Traceback (most recent call last):
/// ...
/// ValueError: line 2: the rule "*x.com" has a '*' that is not its whole leftmost label
#[pyclass(name = "SuffixList", module = "urikit", frozen)]
pub struct PySuffixList {
    list: List,
}

fn list_error(py: Python<'_>, e: &ListError) -> PyErr {
    let err = PyValueError::new_err(e.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("code", e.code())?;
        value.setattr("line", e.line())?;
        value.setattr("message", e.message())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

fn view(icann: bool) -> View {
    if icann {
        View::Icann
    } else {
        View::All
    }
}

#[pymethods]
impl PySuffixList {
    /// The list in ``text`` (``str``, or ``bytes`` that must be UTF-8).
    /// A line the format does not allow raises ``ValueError`` with
    /// ``.code`` (``invalid-suffix-list``), ``.line`` (from 1; 0 for the
    /// text as a whole: empty, or over 64 MiB) and ``.message``.
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let read = if let Ok(b) = text.cast::<pyo3::types::PyBytes>() {
            let bytes = b.as_bytes().to_vec();
            py.detach(move || List::parse_bytes(&bytes))
        } else {
            let s: String = text.extract()?;
            py.detach(move || List::parse(&s))
        };
        read.map(|list| PySuffixList { list })
            .map_err(|e| list_error(py, &e))
    }

    /// The list read from the file at ``path``.
    ///
    /// >>> import os, tempfile
    /// >>> from urikit import SuffixList
    /// >>> path = os.path.join(tempfile.mkdtemp(), "list.dat")
    /// >>> _ = open(path, "w").write("// VERSION: 2030-01-01_00-00-00_UTC\nzz\n")
    /// >>> SuffixList.load(path).version
    /// '2030-01-01_00-00-00_UTC'
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let bytes = std::fs::read(&path)?;
        let list = py
            .detach(move || List::parse_bytes(&bytes))
            .map_err(|e| list_error(py, &e))?;
        Ok(PySuffixList { list })
    }

    /// The list compiled into the package (``urikit.PUBLIC_SUFFIX_LIST_VERSION``).
    ///
    /// >>> import urikit
    /// >>> urikit.SuffixList.builtin().version == urikit.PUBLIC_SUFFIX_LIST_VERSION
    /// True
    #[staticmethod]
    fn builtin() -> Self {
        PySuffixList {
            list: List::builtin().clone(),
        }
    }

    /// The list's ``// VERSION:`` line, ``''`` when it has none.
    #[getter]
    fn version(&self) -> &str {
        self.list.version()
    }

    /// How many rules the list holds.
    ///
    /// >>> from urikit import SuffixList
    /// >>> SuffixList("com\nco.uk\n").rules
    /// 2
    #[getter]
    fn rules(&self) -> usize {
        self.list.rules()
    }

    /// The public suffix of the host name ``name`` (by the ICANN section
    /// alone with ``icann=True``), as written, or None.
    #[pyo3(signature = (name, *, icann = false))]
    fn public_suffix<'a>(&self, name: &'a str, icann: bool) -> Option<&'a str> {
        self.list.public_suffix(name, view(icann))
    }

    /// The registrable domain of the host name ``name`` (its public suffix
    /// and one label more; by the ICANN section alone with
    /// ``icann=True``), as written, or None.
    #[pyo3(signature = (name, *, icann = false))]
    fn registrable_domain<'a>(&self, name: &'a str, icann: bool) -> Option<&'a str> {
        self.list.registrable_domain(name, view(icann))
    }

    fn __repr__(&self) -> String {
        format!(
            "SuffixList(version={:?}, rules={})",
            self.list.version(),
            self.list.rules()
        )
    }
}
