//! The result column: one builder per result type, filled row by row, and
//! a batch cut into parts evaluated on their own threads, joined.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int32Builder, Int64Builder, ListBuilder, StringBuilder, StructBuilder,
};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{DataType, Field};

use crate::eval::*;
use crate::input::*;
use crate::spec::*;

/// The builder of one result type.
pub(crate) enum Out {
    Str(StringBuilder),
    Bool(BooleanBuilder),
    I32(Int32Builder),
    List(ListBuilder<StringBuilder>),
    Pairs(ListBuilder<StructBuilder>),
    Struct(StructBuilder),
    Errors(ListBuilder<StructBuilder>),
}

impl Out {
    pub(crate) fn new(ty: Ty, rows: usize) -> Out {
        match ty {
            Ty::Str => Out::Str(StringBuilder::with_capacity(rows, rows * 24)),
            Ty::Bool => Out::Bool(BooleanBuilder::with_capacity(rows)),
            Ty::I32 => Out::I32(Int32Builder::with_capacity(rows)),
            Ty::StrList => Out::List(ListBuilder::new(StringBuilder::new())),
            Ty::Pairs => Out::Pairs(
                ListBuilder::new(StructBuilder::from_fields(pair_fields(), 0)).with_field(
                    Arc::new(Field::new("item", DataType::Struct(pair_fields()), true)),
                ),
            ),
            Ty::ErrorStruct => Out::Struct(StructBuilder::from_fields(error_fields(), rows)),
            Ty::ParseStruct => Out::Struct(StructBuilder::from_fields(parse_fields(), rows)),
            Ty::CcStruct => Out::Struct(StructBuilder::from_fields(cc_fields(), rows)),
            Ty::TldStruct => Out::Struct(StructBuilder::from_fields(tld_fields(), rows)),
            Ty::ErrorList => Out::Errors(
                ListBuilder::new(StructBuilder::from_fields(error_fields(), 0)).with_field(
                    Arc::new(Field::new("item", DataType::Struct(error_fields()), true)),
                ),
            ),
        }
    }

    pub(crate) fn push(&mut self, v: Value<'_>) -> Result<(), String> {
        match (self, v) {
            (Out::Str(b), Value::Str(s)) => {
                if b.values_slice().len() + s.len() > MAX_BYTES {
                    return Err(overflow());
                }
                b.append_value(s);
            }
            (Out::Str(b), _) => b.append_null(),
            (Out::Bool(b), Value::Bool(x)) => b.append_value(x),
            (Out::Bool(b), _) => b.append_null(),
            (Out::I32(b), Value::I32(x)) => b.append_value(x),
            (Out::I32(b), _) => b.append_null(),
            (Out::List(b), Value::List(items)) => {
                for item in items {
                    let values = b.values();
                    match item {
                        Some(s) => {
                            if values.values_slice().len() + s.len() > MAX_BYTES {
                                return Err(overflow());
                            }
                            values.append_value(s);
                        }
                        None => values.append_null(),
                    }
                }
                b.append(true);
            }
            (Out::List(b), _) => b.append(false),
            (Out::Pairs(b), Value::Pairs(items)) => {
                for (k, v) in items {
                    let st = b.values();
                    str_field(st, 0, k.as_deref());
                    str_field(st, 1, v.as_deref());
                    st.append(true);
                }
                b.append(true);
            }
            (Out::Pairs(b), _) => b.append(false),
            (Out::Errors(b), Value::Errors(items)) => {
                for (code, offset, message) in items {
                    let st = b.values();
                    str_field(st, 0, Some(code));
                    if let Some(o) = st.field_builder::<Int64Builder>(1) {
                        o.append_value(i64::try_from(offset).unwrap_or(i64::MAX));
                    }
                    str_field(st, 2, Some(message));
                    st.append(true);
                }
                b.append(true);
            }
            (Out::Errors(b), _) => b.append(false),
            (Out::Struct(b), Value::Error(code, offset, message)) => {
                str_field(b, 0, Some(code));
                if let Some(o) = b.field_builder::<Int64Builder>(1) {
                    o.append_value(i64::try_from(offset).unwrap_or(i64::MAX));
                }
                str_field(b, 2, Some(&message));
                b.append(true);
            }
            (Out::Struct(b), Value::ParseOwned(parts)) => {
                for (k, p) in parts.iter().enumerate() {
                    str_field(b, k, p.as_deref());
                }
                b.append(true);
            }
            (Out::Struct(b), Value::Parse(parts)) => {
                for (k, p) in parts.iter().enumerate() {
                    str_field(b, k, *p);
                }
                b.append(true);
            }
            (Out::Struct(b), Value::Cc(c)) => {
                for (k, name) in urikit::ccindex::NAMES.iter().enumerate() {
                    if *name == "url_port" {
                        if let Some(p) = b.field_builder::<Int32Builder>(k) {
                            p.append_option(c.port);
                        }
                    } else {
                        str_field(b, k, c.text(name).flatten());
                    }
                }
                b.append(true);
            }
            (Out::Struct(b), Value::Tld(e)) => {
                for k in 0..TLD_NAMES.len() {
                    match tld_member(&e, k) {
                        TldMember::Text(t) => str_field(b, k, Some(t)),
                        TldMember::Flag(f) => {
                            if let Some(p) = b.field_builder::<BooleanBuilder>(k) {
                                p.append_value(f);
                            }
                        }
                    }
                }
                b.append(true);
            }
            (Out::Struct(b), _) => {
                // A NULL struct still has a slot in each child.
                for k in 0..b.num_fields() {
                    if let Some(s) = b.field_builder::<StringBuilder>(k) {
                        s.append_null();
                    } else if let Some(i) = b.field_builder::<Int64Builder>(k) {
                        i.append_null();
                    } else if let Some(i) = b.field_builder::<Int32Builder>(k) {
                        i.append_null();
                    } else if let Some(f) = b.field_builder::<BooleanBuilder>(k) {
                        f.append_null();
                    }
                }
                b.append(false);
            }
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            Out::Str(mut b) => Arc::new(b.finish()),
            Out::Bool(mut b) => Arc::new(b.finish()),
            Out::I32(mut b) => Arc::new(b.finish()),
            Out::List(mut b) => Arc::new(b.finish()),
            Out::Pairs(mut b) | Out::Errors(mut b) => Arc::new(b.finish()),
            Out::Struct(mut b) => Arc::new(b.finish()),
        }
    }
}

pub(crate) fn str_field(b: &mut StructBuilder, k: usize, v: Option<&str>) {
    if let Some(s) = b.field_builder::<StringBuilder>(k) {
        match v {
            Some(v) => s.append_value(v),
            None => s.append_null(),
        }
    }
}

/// Evaluates rows `range` of `col` into one array.
pub(crate) fn run_range(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    offset: usize,
    range: std::ops::Range<usize>,
    views: bool,
) -> Result<ArrayRef, String> {
    if let Some(done) = crate::kernel::run(spec, col, args, range.clone(), views) {
        return done;
    }
    let mut out = Out::new(spec.ty, range.len());
    let mut cache = None;
    for (i, row) in col.rows(range) {
        out.push(eval_row(spec, row, args, offset + i, &mut cache)?)?;
    }
    Ok(out.finish())
}

/// The threads a large array is cut for: the processor's parallelism, read
/// once per process (reading it looks at the cgroup files each time).
///
/// ```
/// assert!(urikit_columns::threads() >= 1);
/// ```
pub fn threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |t| t.get()))
}

/// How many [`Call`]s are under way in the process.
static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// An engine's call of a kernel, counted while it lasts, that knows
/// whether another was under way when it began. An engine that runs its
/// own threads over parts of a column (Polars' streaming engine, a
/// morsel of about 100,000 rows on each of its threads) may not say so:
/// a call that cut its part for threads of its own then started threads
/// for every part, on cores the engine's threads already had. A call
/// that begins while another runs takes the engine to be running it on
/// one of several threads, and keeps to its own thread.
///
/// ```
/// use urikit_columns::{threads, Call};
/// let first = Call::begin();
/// assert_eq!(first.threads(false), threads());
/// let second = Call::begin();
/// assert_eq!(second.threads(false), 1);
/// // An engine that says it runs the call on threads of its own.
/// assert_eq!(first.threads(true), 1);
/// // Once both have ended, a call is alone again, on any thread.
/// drop((first, second));
/// let third = std::thread::spawn(|| Call::begin().threads(false)).join().unwrap();
/// assert_eq!(third, threads());
/// ```
#[derive(Debug)]
pub struct Call {
    alone: bool,
}

impl Call {
    /// A call that begins now (counted until it is dropped).
    pub fn begin() -> Call {
        use std::sync::atomic::Ordering;
        Call {
            alone: CALLS.fetch_add(1, Ordering::Relaxed) == 0,
        }
    }

    /// The threads the call may cut its rows for: [`threads`] where it
    /// began alone and the engine does not say that it runs it in
    /// parallel (`engine_parallel`), else one.
    pub fn threads(&self, engine_parallel: bool) -> usize {
        if self.alone && !engine_parallel {
            threads()
        } else {
            1
        }
    }
}

impl Drop for Call {
    fn drop(&mut self) {
        CALLS.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The rows from which a chunk is cut into parts, one per thread.
pub(crate) const PARALLEL_ROWS: usize = 1 << 14;

/// Evaluates a whole chunk whose first row is row `offset` of the column,
/// on several threads when it is large: one array per thread, in order
/// (the caller joins them where it must return one array).
pub(crate) fn run_chunk(
    spec: &Spec,
    chunk: &dyn Array,
    args: &[Arg],
    offset: usize,
    threads: usize,
    views: bool,
) -> Result<Vec<ArrayRef>, String> {
    let col = Strs::of(chunk, "the column")?;
    let args = Args::new(args)?;
    let n = chunk.len();
    if n < PARALLEL_ROWS || threads < 2 {
        return Ok(vec![run_range(spec, &col, &args, offset, 0..n, views)?]);
    }
    let per = n.div_ceil(threads);
    let parts: Vec<Result<ArrayRef, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .step_by(per)
            .map(|start| {
                let end = (start + per).min(n);
                let args = &args;
                let col = &col;
                scope.spawn(move || run_range(spec, col, args, offset, start..end, views))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a worker thread failed".to_owned()))
            })
            .collect()
    });
    parts.into_iter().collect()
}

/// The parts joined into one array.
pub(crate) fn join(parts: &[ArrayRef]) -> Result<ArrayRef, String> {
    if let [one] = parts {
        return Ok(one.clone());
    }
    let refs: Vec<&dyn Array> = parts.iter().map(|a| a.as_ref()).collect();
    arrow_select::concat::concat(&refs).map_err(|e| {
        if e.to_string().contains("overflow") {
            overflow()
        } else {
            e.to_string()
        }
    })
}
