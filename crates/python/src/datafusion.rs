//! DataFusion's native functions for Python: each function of the table
//! as `urikit-datafusion`'s `ScalarUDFImpl`, handed to the `datafusion`
//! package through DataFusion's FFI (a `datafusion_scalar_udf` capsule
//! holding an `FFI_ScalarUDF`), so that DataFusion calls the kernels on
//! its own threads with no Python per batch, with every argument the
//! contract has and every string type.

use std::sync::Arc;

use datafusion_expr::ScalarUDF;
use datafusion_ffi::udf::FFI_ScalarUDF;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use urikit_datafusion::UriFunction;

/// The DataFusion function ``name`` as a ``datafusion_scalar_udf``
/// capsule, reading references by ``dialect`` when a call gives none.
///
/// >>> from urikit import _urikit
/// >>> _urikit.datafusion_udf("uri_host")
/// <capsule object "datafusion_scalar_udf" at ...>
#[pyfunction]
#[pyo3(signature = (name, dialect=None))]
pub fn datafusion_udf<'py>(
    py: Python<'py>,
    name: &str,
    dialect: Option<&str>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let f = UriFunction::new(name)
        .ok_or_else(|| PyValueError::new_err(format!("no column function named {name:?}")))?;
    let f = match dialect {
        None => f,
        Some(d) => {
            if urikit::Dialect::from_name(d).is_none() {
                let names: Vec<&str> = urikit::Dialect::ALL.iter().map(|d| d.name()).collect();
                return Err(PyValueError::new_err(format!(
                    "unknown dialect {d:?}; expected one of: {}",
                    names.join(", ")
                )));
            }
            // A function without a dialect argument reads by RFC 3986.
            let plain = UriFunction::new(name).expect("found above");
            f.with_dialect(d).unwrap_or(plain)
        }
    };
    let udf = FFI_ScalarUDF::from(Arc::new(ScalarUDF::new_from_impl(f)));
    PyCapsule::new_with_value(py, udf, c"datafusion_scalar_udf")
}
