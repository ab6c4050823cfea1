//! One row at a time: the functions for an engine whose columns are not
//! Arrow arrays (DuckDB's vectors), with the answers of the column kernels
//! (the same evaluator, the same direct kernels).

use urikit::Parser;

use crate::eval::{eval_row, Value};
use crate::input::{Args, At, Row};
use crate::kernel::Direct;
use crate::spec::Spec;

/// A function of the table evaluated row by row, and what it keeps from
/// one row to the next (the parser of the last dialect named).
///
/// ```
/// use urikit_columns::{At, RowFn, Value};
///
/// let mut host = RowFn::new(urikit_columns::spec("uri_host").unwrap());
/// let got = host.eval(b"http://example.com/a", &[], |v| v == Value::Str("example.com".into()));
/// assert_eq!(got, Ok(true));
/// // A dialect's name that does not exist is an error of the call.
/// let err = host.eval(b"http://a/", &[At::Text(Some("rfc9999"))], |_| ()).unwrap_err();
/// assert!(err.contains("unknown dialect"));
/// ```
pub struct RowFn {
    spec: &'static Spec,
    cache: Option<(String, Parser)>,
}

impl RowFn {
    /// The function `spec`, before its first row.
    pub fn new(spec: &'static Spec) -> RowFn {
        RowFn { spec, cache: None }
    }

    /// The function's entry in the table.
    pub fn spec(&self) -> &'static Spec {
        self.spec
    }

    /// The direct kernel for a run of rows whose dialect is `dialect`
    /// (`None`: not given), when the function has one; `Some(Err)` when the
    /// dialect's name is unknown.
    ///
    /// ```
    /// use urikit_columns::{RowFn, Value};
    ///
    /// let valid = RowFn::new(urikit_columns::spec("uri_is_valid").unwrap());
    /// let direct = valid.direct(None).unwrap().unwrap();
    /// assert_eq!(direct.eval(b"a b"), Value::Bool(false));
    /// // uri_normalize builds its answer: no direct kernel.
    /// assert!(RowFn::new(urikit_columns::spec("uri_normalize").unwrap()).direct(None).is_none());
    /// ```
    pub fn direct(&self, dialect: Option<&str>) -> Option<Result<Direct, String>> {
        Direct::of(self.spec, dialect.map(|d| At::Text(Some(d))))
    }

    /// Evaluates the row whose first column holds `text` (bytes, which are
    /// not a reference when they are not UTF-8) and whose other arguments
    /// are `args` (column values: a NULL one makes the row NULL, except a
    /// NULL dialect, which is RFC 3986), handing the answer to `then`.
    /// `Err`: an argument that is wrong for any row (an unknown dialect
    /// or component name), the error of the whole call.
    pub fn eval<R>(
        &mut self,
        text: &[u8],
        args: &[At<'_>],
        then: impl FnOnce(Value<'_>) -> R,
    ) -> Result<R, String> {
        let row = match crate::input::utf8(text) {
            Ok(s) => Row::Text(s),
            Err(e) => Row::Bad(e, text[e.valid_up_to()]),
        };
        let args = Args::cells(args);
        Ok(then(eval_row(self.spec, row, &args, 0, &mut self.cache)?))
    }
}
