//! The arguments of a call from Python: literals (str, bytes, bool or
//! None) and Arrow objects, made into the column crate's [`Arg`]s.

use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use pyo3_arrow::input::AnyArray;
use urikit_columns::{Arg, Param, Strs};

/// An argument from Python: a literal (str, bytes, bool or None) or a
/// column of the same length as the first.
pub(super) fn arg_of(
    py: Python<'_>,
    p: Param,
    obj: &Bound<'_, PyAny>,
    len: usize,
) -> PyResult<Arg> {
    if obj.is_none() {
        return Ok(match p {
            Param::Bool(_) => Arg::Flag(None),
            _ => Arg::Text(None),
        });
    }
    if let Param::Bool(name) = p {
        if let Ok(b) = obj.cast::<PyBool>() {
            return Ok(Arg::Flag(Some(b.is_true())));
        }
        let col = column_of(obj)?;
        if col.data_type() == &DataType::Null {
            // A column of nothing but NULL: NULL on every row.
            return check_len(name, col, len).map(|_| Arg::Flag(None));
        }
        if col.data_type() != &DataType::Boolean {
            return Err(PyTypeError::new_err(format!(
                "{name} must be a bool or a column of booleans, not {}",
                col.data_type()
            )));
        }
        return check_len(name, col, len).map(Arg::Flags);
    }
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<pyo3::types::PyBytes>() {
        let t = crate::error::text(obj, p.name())?;
        return Ok(Arg::Text(Some(t.into_owned())));
    }
    if let Ok(list) = obj.extract::<Vec<String>>() {
        if p == Param::Text("drop") || p == Param::Text("pattern") {
            let _ = py;
            return Ok(Arg::Text(Some(list.join(","))));
        }
    }
    let col = column_of(obj)?;
    if let Strs::Nulls = Strs::of(col.as_ref(), p.name()).map_err(PyTypeError::new_err)? {
        return check_len(p.name(), col, len).map(|_| Arg::Text(None));
    }
    check_len(p.name(), col, len).map(Arg::Texts)
}

pub(super) fn check_len(name: &str, col: ArrayRef, len: usize) -> PyResult<ArrayRef> {
    if col.len() != len {
        return Err(PyValueError::new_err(format!(
            "the column {name} has {} rows, the first column {len}",
            col.len()
        )));
    }
    Ok(col)
}

/// One array of an Arrow object (chunks concatenated).
pub(super) fn column_of(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let any: AnyArray = obj.extract().map_err(|_| not_a_column(obj))?;
    let chunked = any.into_chunked_array()?;
    let chunks = chunked.chunks();
    if chunks.len() == 1 {
        return Ok(chunks[0].clone());
    }
    let refs: Vec<&dyn Array> = chunks.iter().map(|a| a.as_ref()).collect();
    if refs.is_empty() {
        return Ok(arrow_array::new_empty_array(chunked.data_type()));
    }
    arrow_select::concat::concat(&refs).map_err(|e| PyValueError::new_err(e.to_string()))
}

pub(super) fn not_a_column(obj: &Bound<'_, PyAny>) -> PyErr {
    let t = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    PyTypeError::new_err(format!(
        "expected an Arrow array of strings (an object with __arrow_c_array__ or \
         __arrow_c_stream__, such as a pyarrow Array or ChunkedArray or a Polars \
         Series) or a list of str, not {t}"
    ))
}
