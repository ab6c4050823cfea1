//! The Python package `urikit`: the compiled module `urikit._urikit`,
//! which the package's Python files re-export.
//!
//! Layers, each using only those above it in this list (the library's
//! layering test checks it): `error` (the exception and the text of an
//! argument), `ops` (the column functions of the contract over the
//! library), `inspect` (the scheme views), `uri` (the value types), `url`
//! (the WHATWG URL),
//! `funcs` (the module's functions), `columns` (the Arrow kernels),
//! `polars` (the Polars plugin), `datafusion` (DataFusion's FFI).

mod columns;
mod crawl;
mod datafusion;
mod error;
mod funcs;
mod inspect;
mod polars;
mod psl;

mod uri;
mod url;

use pyo3::prelude::*;

/// The module's Rust allocations come from jemalloc on Unix (with its own
/// symbol names: the process's `malloc` is left alone). The Arrow buffers of a
/// column's answer are among them, and are freed through the module when
/// pyarrow, Polars or DataFusion releases them: jemalloc keeps the pages
/// and hands them to the next answer, where the C library's `malloc`
/// unmaps a freed block of megabytes, and every 4 kB of the next one is a
/// page fault again.
#[cfg(unix)]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options (its `malloc_conf`, read when it starts; a C string,
/// of which this is the first byte):
/// - `oversize_threshold:0`: a block of more than 8 MB (the 160 MB of
///   views of `uri_host` over ten million rows in Polars) is kept for
///   reuse too, where by default it is given back to the system as soon as
///   it is freed, and the next query takes a page fault for every 4 kB of
///   it again: 42 against 33 ns a row in Polars' in-memory engine
///   (`crates/python/bench/RESULTS.md`);
/// - `background_thread:true`: pages left unused for ten seconds are given
///   back by jemalloc's own thread, also when the process makes no more
///   calls (without it, only a later allocation gives them back).
#[cfg(unix)]
#[export_name = "_rjem_malloc_conf"]
pub static JEMALLOC_CONF: &u8 = &b"oversize_threshold:0,background_thread:true\0"[0];

/// The DuckDB extension, as built by `build.rs` from the `urikit-duckdb`
/// crate.
static DUCKDB_EXTENSION: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/urikit.duckdb_extension"));

/// The bytes of ``urikit.duckdb_extension``, the DuckDB extension the
/// package carries (``urikit.duckdb.extension_path()`` writes them out).
///
/// >>> from urikit import _urikit
/// >>> _urikit.duckdb_extension()[-288:-287]
/// b'4'
#[pyfunction]
fn duckdb_extension(py: Python<'_>) -> Bound<'_, pyo3::types::PyBytes> {
    pyo3::types::PyBytes::new(py, DUCKDB_EXTENSION)
}

#[pymodule]
fn _urikit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<error::ParseError>())?;
    // The normalization steps, as the library's table has them: the
    // keywords of `normalize` and `equivalent`.
    let steps = urikit::Normalizer::STEPS
        .iter()
        .map(|s| {
            let d = pyo3::types::PyDict::new(m.py());
            d.set_item("name", s.name.replace('-', "_"))?;
            d.set_item("section", s.section)?;
            d.set_item("does", s.does)?;
            d.set_item("default", s.default)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    m.add(
        "NORMALIZATION_STEPS",
        pyo3::types::PyTuple::new(m.py(), steps)?,
    )?;
    // The library's lists of names, so that no face spells them again.
    let names = |v: Vec<&'static str>| pyo3::types::PyTuple::new(m.py(), v);
    m.add(
        "DIALECTS",
        names(urikit::Dialect::ALL.map(|d| d.name()).to_vec())?,
    )?;
    m.add(
        "PARTS",
        names(urikit::Part::ALL.map(|p| p.name()).to_vec())?,
    )?;
    m.add(
        "COMPONENTS",
        names(urikit::pct::Component::ALL.map(|c| c.name()).to_vec())?,
    )?;
    // The version of the Public Suffix List compiled in.
    m.add("PUBLIC_SUFFIX_LIST_VERSION", urikit::psl::VERSION)?;
    m.add_function(wrap_pyfunction!(duckdb_extension, m)?)?;
    m.add_function(wrap_pyfunction!(datafusion::datafusion_udf, m)?)?;
    m.add_class::<psl::PySuffixList>()?;
    m.add_function(wrap_pyfunction!(crawl::surt, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::canonicalize_url, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::cc_columns, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::tldextract_parts, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::safebrowsing_expressions, m)?)?;
    m.add_function(wrap_pyfunction!(crawl::safebrowsing_hashes, m)?)?;
    m.add_class::<uri::PyURIRef>()?;
    m.add_class::<uri::PyIRIRef>()?;
    m.add_class::<uri::QueryParams>()?;
    m.add_class::<url::PyURL>()?;
    m.add_class::<funcs::Match>()?;
    m.add_class::<funcs::Change>()?;
    m.add_class::<funcs::Link>()?;
    m.add_function(wrap_pyfunction!(funcs::parse, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::relativize, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::clean, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::encode, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::decode, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::decode_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::extract, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::guess, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::repair, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::links, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::inspect, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::build_info, m)?)?;
    m.add_function(wrap_pyfunction!(columns::call, m)?)?;
    m.add_function(wrap_pyfunction!(columns::specs, m)?)?;
    m.add_function(wrap_pyfunction!(columns::spark_type, m)?)?;
    Ok(())
}
