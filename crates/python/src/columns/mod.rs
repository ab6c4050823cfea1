//! The column functions for Python (`urikit.arrow`): the table and the
//! kernels are the `urikit-columns` crate's, which the engines' native
//! extensions call too; this module turns Python's arguments into its
//! [`Arg`]s, runs a call without the GIL, and hands the arrays back as
//! pyarrow objects.

mod args;

use std::sync::Arc;

use args::*;
use arrow_array::Array;
use arrow_schema::Field;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use urikit_columns::{data_type, Arg, Param, Spec, Strs, SPECS};

/// The spec named `name` (with or without `uri_`).
pub fn spec(name: &str) -> PyResult<&'static Spec> {
    urikit_columns::spec(name)
        .ok_or_else(|| PyValueError::new_err(format!("no column function named {name:?}")))
}

/// `urikit.arrow`'s entry: the function `name` over `column` with `args`,
/// an Arrow array for an array (or list), a chunked array for chunked or
/// stream input; as pyarrow objects.
#[pyfunction]
#[pyo3(signature = (name, column, *args))]
pub fn call(
    py: Python<'_>,
    name: &str,
    column: &Bound<'_, PyAny>,
    args: Vec<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let spec = spec(name)?;
    if args.len() > spec.params.len() || args.len() < spec.required {
        return Err(PyTypeError::new_err(format!(
            "{} takes {} to {} arguments after the column, not {}",
            spec.name,
            spec.required,
            spec.params.len(),
            args.len()
        )));
    }
    let (chunks, chunked) = if column.is_instance_of::<pyo3::types::PyList>() {
        let pa = py.import("pyarrow")?;
        let kw = pyo3::types::PyDict::new(py);
        kw.set_item("type", pa.getattr("string")?.call0()?)?;
        let arr = pa
            .getattr("array")?
            .call((column,), Some(&kw))
            .map_err(|e| {
                PyTypeError::new_err(format!("a list column must hold str or None: {e}"))
            })?;
        let arr: PyArray = arr.extract()?;
        (vec![arr.array().clone()], false)
    } else {
        let any: AnyArray = column.extract().map_err(|_| not_a_column(column))?;
        match any {
            AnyArray::Array(a) => (vec![a.array().clone()], false),
            AnyArray::Stream(s) => (s.into_chunked_array()?.chunks().to_vec(), true),
        }
    };
    for c in &chunks {
        Strs::of(c.as_ref(), "the column").map_err(PyTypeError::new_err)?;
    }
    let len: usize = chunks.iter().map(|c| c.len()).sum();
    let args = args
        .iter()
        .zip(spec.params)
        .map(|(a, p)| arg_of(py, *p, a, len))
        .collect::<PyResult<Vec<Arg>>>()?;
    // A chunked result takes each thread's part as a chunk of its own; an
    // array result joins them.
    let results = py.detach(|| {
        if chunked {
            urikit_columns::call(spec, &chunks, &args)
        } else {
            let whole = match chunks.as_slice() {
                [one] => one.clone(),
                _ => return Err("expected one array".to_owned()),
            };
            urikit_columns::call_array(spec, &whole, &args).map(|a| vec![a])
        }
    });
    let results = results.map_err(PyValueError::new_err)?;
    let field = Arc::new(Field::new(spec.name, data_type(spec.ty), true));
    if chunked {
        let c = PyChunkedArray::try_new(results, field)?;
        c.into_pyarrow(py).map(Bound::unbind)
    } else {
        let a = PyArray::try_new(
            results
                .into_iter()
                .next()
                .unwrap_or_else(|| arrow_array::new_empty_array(&data_type(spec.ty))),
            field,
        )
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        a.to_pyarrow(py).map(Bound::unbind)
    }
}

/// One row of the table for Python: `(sql name, first argument, [(param,
/// kind)], required, result type, doc)`.
type SpecRow = (
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str)>,
    usize,
    String,
    &'static str,
);

/// The Spark SQL (DDL) type of an Arrow type, as the jar declares it too
/// (`urikit_columns::spark_ddl`, the one mapping).
///
/// # Errors
///
/// `TypeError` for a type no function returns.
#[pyfunction]
pub fn spark_type(t: pyo3_arrow::PyDataType) -> PyResult<String> {
    let t = t.into_inner();
    urikit_columns::spark_ddl(&t)
        .ok_or_else(|| pyo3::exceptions::PyTypeError::new_err(format!("no Spark type for {t}")))
}

/// The table of functions, for Python.
#[pyfunction]
pub fn specs() -> Vec<SpecRow> {
    SPECS
        .iter()
        .map(|s| {
            let params = s
                .params
                .iter()
                .map(|p| {
                    let kind = match p {
                        Param::Dialect => "dialect",
                        Param::Text(_) => "text",
                        Param::Ref(_) => "ref",
                        Param::Bool(_) => "bool",
                    };
                    (p.name(), kind)
                })
                .collect();
            (
                s.name,
                s.first,
                params,
                s.required,
                data_type(s.ty).to_string(),
                s.doc,
            )
        })
        .collect()
}
