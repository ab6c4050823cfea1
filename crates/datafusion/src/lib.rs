//! urikit's column functions (`functions.md` of the contract) as native
//! DataFusion scalar functions: one [`ScalarUDFImpl`] per entry of the
//! column table ([`urikit_columns::SPECS`]), over `Utf8`, `LargeUtf8` and
//! `Utf8View` columns as they come (no cast), with every optional argument
//! the contract has, literal or column. A function added to the table is
//! here at once.
//!
//! ```
//! use datafusion_expr::ScalarUDFImpl;
//!
//! let udfs = urikit_datafusion::udfs();
//! let host = udfs.iter().find(|u| u.name() == "uri_host").unwrap();
//! assert_eq!(host.name(), "uri_host");
//! ```
//!
//! With a session (`datafusion::prelude::SessionContext`), one call
//! registers them all: `urikit_datafusion::register(&mut ctx)?`, then
//! `SELECT uri_host(u), uri_is_valid(u, 'rfc3987') FROM t`.
//!
//! A failure inside a function (an unknown dialect, a base that is not an
//! absolute URI) is an execution error that names the function; a panic,
//! which the library is built and fuzzed not to have, is caught at the
//! boundary and becomes one too, so that a query never takes the process
//! down.

use std::sync::Arc;

use arrow_array::{new_null_array, Array, ArrayRef};
use arrow_schema::DataType;
use datafusion_common::types::{logical_boolean, logical_string};
use datafusion_common::{exec_err, Result, ScalarValue};
use datafusion_expr::{
    Coercion, ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, TypeSignatureClass, Volatility,
};
use urikit_columns::{call_with, data_type, Arg, Param, Spec, SPECS};

/// One function of the table, as DataFusion calls it (two are the same
/// when they name the same function).
pub struct UriFunction {
    spec: &'static Spec,
    signature: Signature,
    /// The dialect when a call gives none.
    dialect: Option<&'static str>,
}

impl UriFunction {
    /// The function named `name` (`uri_host`, or `host`).
    ///
    /// ```
    /// assert!(urikit_datafusion::UriFunction::new("uri_host").is_some());
    /// assert!(urikit_datafusion::UriFunction::new("uri_nothing").is_none());
    /// ```
    pub fn new(name: &str) -> Option<UriFunction> {
        urikit_columns::spec(name).map(UriFunction::of)
    }

    /// The same function reading references by `dialect` when a call
    /// gives no dialect (a call that gives one, NULL included, is read as
    /// it says); `None` when the function takes no dialect or the name is
    /// unknown.
    ///
    /// ```
    /// use urikit_datafusion::UriFunction;
    /// assert!(UriFunction::new("uri_host").unwrap().with_dialect("rfc3987").is_some());
    /// assert!(UriFunction::new("uri_host").unwrap().with_dialect("rfc0").is_none());
    /// assert!(UriFunction::new("uri_decode").unwrap().with_dialect("rfc3987").is_none());
    /// ```
    pub fn with_dialect(self, dialect: &str) -> Option<UriFunction> {
        let d = urikit::Dialect::from_name(dialect)?;
        self.spec
            .params
            .contains(&Param::Dialect)
            .then_some(UriFunction {
                dialect: Some(d.name()),
                ..self
            })
    }

    fn of(spec: &'static Spec) -> UriFunction {
        let text = || Coercion::new_exact(TypeSignatureClass::Native(logical_string()));
        let flag = || Coercion::new_exact(TypeSignatureClass::Native(logical_boolean()));
        // One signature per arity the contract allows: the column, the
        // required arguments, then each optional one in order.
        let arities = (spec.required..=spec.params.len()).map(|n| {
            let mut c = vec![text()];
            c.extend(spec.params[..n].iter().map(|p| match p {
                Param::Bool(_) => flag(),
                _ => text(),
            }));
            TypeSignature::Coercible(c)
        });
        UriFunction {
            spec,
            signature: Signature::one_of(arities.collect(), Volatility::Immutable),
            dialect: None,
        }
    }
}

impl std::fmt::Debug for UriFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("UriFunction").field(&self.spec.name).finish()
    }
}

impl PartialEq for UriFunction {
    fn eq(&self, other: &Self) -> bool {
        self.spec.name == other.spec.name && self.dialect == other.dialect
    }
}

impl Eq for UriFunction {}

impl std::hash::Hash for UriFunction {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.spec.name.hash(state);
        self.dialect.hash(state);
    }
}

/// Every function of the table.
///
/// ```
/// assert_eq!(urikit_datafusion::udfs().len(), urikit_columns::SPECS.len());
/// ```
pub fn udfs() -> Vec<ScalarUDF> {
    SPECS
        .iter()
        .map(|s| ScalarUDF::new_from_impl(UriFunction::of(s)))
        .collect()
}

/// Registers every function with a session (anything that takes scalar
/// functions: `SessionContext`, `SessionState`, a `FunctionRegistry`).
///
/// # Errors
///
/// The registry's own error.
pub fn register(registry: &mut dyn datafusion_expr::registry::FunctionRegistry) -> Result<()> {
    for udf in udfs() {
        registry.register_udf(Arc::new(udf))?;
    }
    Ok(())
}

impl ScalarUDFImpl for UriFunction {
    fn name(&self) -> &str {
        self.spec.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _: &[DataType]) -> Result<DataType> {
        Ok(data_type(self.spec.ty))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let spec = self.spec;
        let n = args.number_rows;
        // Every argument a scalar: one row computed, given back as a scalar.
        let scalar = args
            .args
            .iter()
            .all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let rows = if scalar { 1 } else { n };
        let mut values = args.args.into_iter();
        let column = match values.next() {
            Some(v) => v.into_array(rows)?,
            None => return exec_err!("{} takes a column first", spec.name),
        };
        let mut rest = values
            .zip(spec.params)
            .map(|(v, p)| arg(spec, v, *p))
            .collect::<Result<Vec<Arg>>>()?;
        // The default dialect, where the call stops before the dialect
        // (the optional arguments before it keep their defaults).
        if let (Some(d), Some(k)) = (
            self.dialect,
            spec.params.iter().position(|p| *p == Param::Dialect),
        ) {
            if rest.len() <= k {
                for p in &spec.params[rest.len()..k] {
                    rest.push(match p {
                        Param::Bool(_) => Arg::Flag(None),
                        _ => Arg::Text(None),
                    });
                }
                rest.push(Arg::Text(Some(d.to_owned())));
            }
        }
        let out =
            urikit_columns::catch(|| call_with(spec, std::slice::from_ref(&column), &rest, 1));
        let parts = match out.and_then(|r| r) {
            Ok(parts) => parts,
            Err(e) => return exec_err!("{}: {e}", spec.name),
        };
        let array = join(spec, parts, rows)?;
        if scalar {
            return Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &array, 0,
            )?));
        }
        Ok(ColumnarValue::Array(array))
    }
}

/// An argument after the column: a literal stays one value for every row
/// (so that a constant dialect or base is read once), a column is read
/// row by row.
fn arg(spec: &Spec, v: ColumnarValue, p: Param) -> Result<Arg> {
    Ok(match (v, p) {
        (ColumnarValue::Scalar(s), Param::Bool(_)) => match s {
            ScalarValue::Boolean(b) => Arg::Flag(b),
            ScalarValue::Null => Arg::Flag(None),
            other => {
                return exec_err!(
                    "{}: {} must be a boolean, not {other:?}",
                    spec.name,
                    p.name()
                )
            }
        },
        (ColumnarValue::Scalar(s), _) => match s {
            ScalarValue::Utf8(t) | ScalarValue::LargeUtf8(t) | ScalarValue::Utf8View(t) => {
                Arg::Text(t)
            }
            ScalarValue::Null => Arg::Text(None),
            other => {
                return exec_err!(
                    "{}: {} must be a string, not {other:?}",
                    spec.name,
                    p.name()
                )
            }
        },
        (ColumnarValue::Array(a), Param::Bool(_)) => {
            if a.data_type() == &DataType::Null {
                Arg::Flag(None)
            } else {
                Arg::Flags(a)
            }
        }
        (ColumnarValue::Array(a), _) => {
            if a.data_type() == &DataType::Null {
                Arg::Text(None)
            } else {
                Arg::Texts(a)
            }
        }
    })
}

/// The call's parts as one array of `rows` rows.
fn join(spec: &Spec, parts: Vec<ArrayRef>, rows: usize) -> Result<ArrayRef> {
    let mut parts = parts.into_iter();
    match (parts.next(), parts.next()) {
        (Some(one), None) => Ok(one),
        (None, _) => Ok(new_null_array(&data_type(spec.ty), rows)),
        (Some(first), Some(second)) => {
            let mut all: Vec<ArrayRef> = vec![first, second];
            all.extend(parts);
            let refs: Vec<&dyn Array> = all.iter().map(|a| a.as_ref()).collect();
            Ok(arrow_select_concat(&refs)?)
        }
    }
}

fn arrow_select_concat(refs: &[&dyn Array]) -> Result<ArrayRef> {
    Ok(datafusion_common::arrow::compute::concat(refs)?)
}
