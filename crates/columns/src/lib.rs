//! The column functions of urikit (`functions.md` of the contract) over
//! Arrow arrays, for every face that serves them: the Python module
//! `urikit.arrow` and the engines' native extensions (DataFusion, DuckDB,
//! Polars) call the same table and the same kernels, with no Python
//! between the engine and the library.
//!
//! One table ([`SPECS`]) names each function, its arguments and its result
//! type; one evaluator computes a row through [`ops`]; one writer per
//! result type fills the Arrow builder. A function added to the table is
//! served by every face at once.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{Array, ArrayRef, StringArray};
//! use arrow_array::cast::AsArray;
//!
//! let spec = urikit_columns::spec("uri_host").unwrap();
//! let col: ArrayRef = Arc::new(StringArray::from(vec![Some("http://example.com/a"), None, Some("::")]));
//! let out = urikit_columns::call_array(spec, &col, &[]).unwrap();
//! let hosts = out.as_string::<i32>();
//! assert_eq!(hosts.value(0), "example.com");
//! assert!(hosts.is_null(1) && hosts.is_null(2));
//! ```
//!
//! The files, each using only those before it: `ahead` (a row's bytes
//! asked for before the loop reaches it), `caught` (panics caught at a
//! face's boundary), `ops` (one function per column function, over a
//! parsed reference), `spec` (the table), `input` (the columns and
//! arguments a call reads), `value` (a row's result), `texts` (a result's
//! text buffers, written in place), `whatwg` (a row read by the URL
//! Standard), `eval` (a row), `kernel` (the direct loops of the common
//! functions), `row` (a row at a time, for engines whose columns are not
//! Arrow arrays), `build` (the result column, in parallel parts), and this
//! one, the entry points.

pub mod ops;

mod ahead;
mod caught;

mod build;
mod eval;
mod input;
mod kernel;
mod row;
mod spec;
mod texts;
mod value;
mod whatwg;

pub use build::{threads, Call};
pub use caught::catch;
pub use eval::Slice;
pub use input::{literal_base, utf8, Arg, At, Row, Strs};
pub use kernel::{lowered_slices, Direct, Lister, Writer};
pub use row::RowFn;
pub use spec::{data_type, spark_ddl, tld_member, Param, Spec, TldMember, Ty, F, SPECS, TLD_NAMES};
/// The members of `uri_cc_columns`' struct, in order (Common Crawl's
/// column names; `url_port` is an int32, the others strings).
pub use urikit::ccindex::NAMES as CC_NAMES;
pub use value::Value;

use arrow_array::{Array, ArrayRef};

/// The spec named `name` (with or without `uri_`).
///
/// ```
/// assert_eq!(urikit_columns::spec("host").unwrap().name, "uri_host");
/// assert!(urikit_columns::spec("uri_nothing").is_none());
/// ```
pub fn spec(name: &str) -> Option<&'static Spec> {
    SPECS
        .iter()
        .find(|s| s.name == name || s.name.strip_prefix("uri_") == Some(name))
}

/// `spec` over the chunks of a column (`args` with as many rows as all the
/// chunks together, or literals): one array per chunk and thread, in
/// order; on the machine's cores, or on the calling thread alone where
/// another call is under way ([`Call`]). `Err` names what is wrong with
/// the call (a column that is not text, an unknown dialect, a result too
/// large for one Arrow array).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// use urikit_columns::{call, spec, Arg};
///
/// let col: ArrayRef = Arc::new(StringArray::from(vec!["a/b", "HTTP://x/"]));
/// let out = call(spec("uri_is_valid").unwrap(), &[col.clone()], &[Arg::Text(Some("nothing".into()))]);
/// assert!(out.unwrap_err().contains("unknown dialect"));
/// let out = call(spec("uri_scheme").unwrap(), &[col], &[]).unwrap();
/// assert_eq!(out.len(), 1);
/// ```
pub fn call(spec: &Spec, chunks: &[ArrayRef], args: &[Arg]) -> Result<Vec<ArrayRef>, String> {
    // Callers on several threads at once (Python threads over batches)
    // have the cores between them: only a call that is alone cuts its
    // rows for all of them.
    let running = Call::begin();
    call_with(spec, chunks, args, running.threads(false))
}

/// [`call`] on at most `threads` threads (1: on the calling thread alone,
/// as an engine that runs its own threads wants).
///
/// # Errors
///
/// As [`call`].
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// let col: ArrayRef = Arc::new(StringArray::from(vec!["http://h/"; 20_000]));
/// let spec = urikit_columns::spec("uri_host").unwrap();
/// assert_eq!(urikit_columns::call_with(spec, &[col], &[], 1).unwrap().len(), 1);
/// ```
pub fn call_with(
    spec: &Spec,
    chunks: &[ArrayRef],
    args: &[Arg],
    threads: usize,
) -> Result<Vec<ArrayRef>, String> {
    call_parts(spec, chunks, args, threads, false)
}

/// [`call_with`] for a caller that takes `string_view` results: where the
/// function answers a slice of the reference (a component, the host, the
/// registrable domain) and the column is `string_view`, the result is a
/// `string_view` array over the column's own buffers, nothing copied.
/// Other results are as [`call_with`] gives them.
///
/// # Errors
///
/// As [`call`].
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringViewArray};
/// use arrow_schema::DataType;
/// let long = "http://a-rather-long-host-name.example/path";
/// let col: ArrayRef = Arc::new(StringViewArray::from(vec![Some(long), None, Some("http://h/")]));
/// let spec = urikit_columns::spec("uri_host").unwrap();
/// let out = urikit_columns::call_views(spec, &[col], &[], 1).unwrap();
/// assert_eq!(out[0].data_type(), &DataType::Utf8View);
/// let hosts = out[0].as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(hosts.value(0), "a-rather-long-host-name.example");
/// assert!(hosts.is_null(1));
/// assert_eq!(hosts.value(2), "h");
/// ```
pub fn call_views(
    spec: &Spec,
    chunks: &[ArrayRef],
    args: &[Arg],
    threads: usize,
) -> Result<Vec<ArrayRef>, String> {
    call_parts(spec, chunks, args, threads, true)
}

fn call_parts(
    spec: &Spec,
    chunks: &[ArrayRef],
    args: &[Arg],
    threads: usize,
    views: bool,
) -> Result<Vec<ArrayRef>, String> {
    for c in chunks {
        Strs::of(c.as_ref(), "the column")?;
    }
    if args.len() > spec.params.len() || args.len() < spec.required {
        return Err(format!(
            "{} takes {} to {} arguments after the column, not {}",
            spec.name,
            spec.required,
            spec.params.len(),
            args.len()
        ));
    }
    literal_base(spec, args)?;
    let mut offset = 0;
    let mut out = Vec::with_capacity(chunks.len());
    for c in chunks {
        out.extend(build::run_chunk(
            spec,
            c.as_ref(),
            args,
            offset,
            threads,
            views,
        )?);
        offset += c.len();
    }
    Ok(out)
}

/// `spec` over one array, into one array (the threads' parts joined).
///
/// # Errors
///
/// As [`call`].
pub fn call_array(spec: &Spec, column: &ArrayRef, args: &[Arg]) -> Result<ArrayRef, String> {
    let parts = call(spec, std::slice::from_ref(column), args)?;
    if parts.is_empty() {
        return Ok(arrow_array::new_empty_array(&data_type(spec.ty)));
    }
    build::join(parts)
}

/// Whether `a` is a column the functions read (a text type or the null
/// type).
///
/// ```
/// use arrow_array::{ArrayRef, Int32Array, StringArray};
/// use std::sync::Arc;
/// let s: ArrayRef = Arc::new(StringArray::from(vec!["x"]));
/// let i: ArrayRef = Arc::new(Int32Array::from(vec![1]));
/// assert!(urikit_columns::is_text(s.as_ref()) && !urikit_columns::is_text(i.as_ref()));
/// ```
pub fn is_text(a: &dyn Array) -> bool {
    Strs::of(a, "").is_ok()
}
