//! The result column: one builder per result type, filled row by row, and
//! a batch cut into parts evaluated on their own threads, joined.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int32Builder, Int64Builder, ListBuilder, StringBuilder, StructBuilder,
};
use arrow_array::{Array, ArrayRef, ListArray, StringArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_data::ArrayData;
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

/// The parts joined into one array. Text (`string`, `list<string>`, and
/// structs of them) is appended to the first part's own buffers, which
/// its kernel reserved for the whole column (`Strs::ahead`), so that
/// only the later parts are copied ([`appended`]); any other array, or
/// parts whose buffers cannot be grown, are copied whole by Arrow's
/// `concat`.
pub(crate) fn join(mut parts: Vec<ArrayRef>) -> Result<ArrayRef, String> {
    if parts.len() == 1 {
        return Ok(parts.remove(0));
    }
    let parts = match appended(parts)? {
        Ok(joined) => return Ok(joined),
        Err(parts) => parts,
    };
    let refs: Vec<&dyn Array> = parts.iter().map(|a| a.as_ref()).collect();
    arrow_select::concat::concat(&refs).map_err(|e| {
        if e.to_string().contains("overflow") {
            overflow()
        } else {
            e.to_string()
        }
    })
}

/// The array of `a`, its `ArrayRef` let go: its buffers then have no
/// other owner (unless the caller shares them), so that they may grow.
fn owned<T: From<ArrayData>>(a: ArrayRef) -> T {
    let data = a.to_data();
    drop(a);
    T::from(data)
}

/// `parts` (two or more, of one type) joined by appending the later ones'
/// rows to the first's buffers: `Ok(Ok(joined))`; `Ok(Err(parts))`, the
/// same arrays, where the type is not text or a part is a slice, or the
/// first's buffers cannot be grown; the overflow's sentence where the text
/// is more than one array holds.
fn appended(parts: Vec<ArrayRef>) -> Result<Result<ArrayRef, Vec<ArrayRef>>, String> {
    let back = |parts: Vec<_>| parts.into_iter().map(|a| Arc::new(a) as ArrayRef).collect();
    match parts[0].data_type() {
        DataType::Utf8 => {
            let strings = parts.into_iter().map(owned::<StringArray>).collect();
            Ok(match crate::texts::appended(strings)? {
                Ok(joined) => Ok(Arc::new(joined)),
                Err(parts) => Err(back(parts)),
            })
        }
        DataType::List(_) => {
            // Each part's lists over all of its items, from the first.
            let whole = parts.iter().all(|p| {
                p.as_any().downcast_ref::<ListArray>().is_some_and(|l| {
                    let o = l.value_offsets();
                    o[0] == 0 && o[o.len() - 1] as usize == l.values().len()
                })
            });
            if !whole {
                return Ok(Err(parts));
            }
            let lists: Vec<ListArray> = parts.into_iter().map(owned::<ListArray>).collect();
            let nulls = crate::texts::joined_nulls(lists.iter().map(|l| (l.len(), l.nulls())));
            let mut offsets: Vec<i32> =
                Vec::with_capacity(1 + lists.iter().map(|l| l.len()).sum::<usize>());
            offsets.push(0);
            let (mut items, mut field) = (Vec::with_capacity(lists.len()), None);
            for l in lists {
                let (f, o, values, _) = l.into_parts();
                let base = offsets[offsets.len() - 1];
                let Ok(moved) = o
                    .iter()
                    .skip(1)
                    .map(|&x| base.checked_add(x).ok_or(()))
                    .collect::<Result<Vec<i32>, ()>>()
                else {
                    return Err(overflow());
                };
                offsets.extend(moved);
                items.push(values);
                field = Some(f);
            }
            let items = join(items)?;
            let Some(field) = field else {
                unreachable!("two parts or more");
            };
            ListArray::try_new(field, OffsetBuffer::new(offsets.into()), items, nulls)
                .map(|a| Ok(Arc::new(a) as ArrayRef))
                .map_err(|e| e.to_string())
        }
        DataType::Struct(_) => {
            let structs: Vec<StructArray> = parts.into_iter().map(owned::<StructArray>).collect();
            let nulls = crate::texts::joined_nulls(structs.iter().map(|s| (s.len(), s.nulls())));
            // A member that is an earlier member's very array (its
            // buffers) in every part (`uri_tldextract`'s registry suffix
            // without the private section is its suffix) is that member's
            // join again: its parts are let go first, so that the earlier
            // member's own buffers can be grown in place.
            let width = structs[0].num_columns();
            let same: Vec<Option<usize>> = (0..width)
                .map(|k| {
                    (0..k).find(|&j| {
                        structs
                            .iter()
                            .all(|s| s.column(k).to_data().ptr_eq(&s.column(j).to_data()))
                    })
                })
                .collect();
            let mut fields = None;
            let mut columns: Vec<Vec<ArrayRef>> = Vec::new();
            for s in structs {
                let (f, cs, _) = s.into_parts();
                columns.resize_with(cs.len(), || Vec::with_capacity(2));
                for ((to, c), same) in columns.iter_mut().zip(cs).zip(&same) {
                    if same.is_none() {
                        to.push(c);
                    }
                }
                fields = Some(f);
            }
            let mut joined: Vec<ArrayRef> = Vec::with_capacity(width);
            for (parts, same) in columns.into_iter().zip(&same) {
                joined.push(match same {
                    Some(j) => Arc::clone(&joined[*j]),
                    None => join(parts)?,
                });
            }
            let Some(fields) = fields else {
                unreachable!("two parts or more");
            };
            StructArray::try_new(fields, joined, nulls)
                .map(|a| Ok(Arc::new(a) as ArrayRef))
                .map_err(|e| e.to_string())
        }
        _ => Ok(Err(parts)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{BooleanArray, StringArray};

    /// A column of `n` rows that mixes the datasets' kinds of URL with
    /// NULLs, empty rows, text beyond ASCII and URLs that the keys refuse,
    /// from a seed.
    fn column(n: usize, seed: u64) -> ArrayRef {
        const ROWS: [&[u8]; 9] = [
            b"http://a.b.example.co.uk/1/2.html?q=1",
            b"https://www.Example.com/",
            b"file://deps/lib/x.c",
            b"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/",
            b"",
            b"http://[bad/",
            b"http://\xff\xfe/",
            b"mailto:someone@example.org",
            b"http://127.0.0.1:8080/a/./b/../c",
        ];
        let mut x = seed | 1;
        let rows: Vec<Option<&[u8]>> = (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let k = (x % 11) as usize;
                ROWS.get(k).copied()
            })
            .collect();
        let utf8: Vec<Option<String>> = rows
            .iter()
            .map(|r| r.map(|b| String::from_utf8_lossy(b).into_owned()))
            .collect();
        Arc::new(StringArray::from(utf8))
    }

    /// A column cut into parts on three threads, joined, is the column's
    /// answer on one, for a function of each result type the join appends
    /// (`string`, `list<string>`, a struct of strings and a flag) and one
    /// it copies (a flag); whole and as a slice. Where the first part's
    /// kernel reserved for the whole column, the joined text is the first
    /// part's own buffer, grown: not copied. `uri_tldextract` without the
    /// private section gives its suffix's column for the registry suffix
    /// too: joined, the two stay one array, in the first part's buffer.
    #[test]
    fn parts_joined_are_the_one_threads_answer() {
        let col = column(3 * PARALLEL_ROWS + 7, 0x5eed);
        let calls: [(&str, Vec<Arg>); 8] = [
            ("uri_surt", vec![]),
            ("uri_canonical", vec![Arg::Text(Some("w3lib".to_owned()))]),
            ("uri_host", vec![]),
            ("uri_safebrowsing_hashes", vec![]),
            ("uri_safebrowsing_expressions", vec![]),
            ("uri_tldextract", vec![]),
            ("uri_tldextract", vec![Arg::Flag(Some(true))]),
            ("uri_is_valid", vec![]),
        ];
        for column in [col.clone(), col.slice(5, col.len() - 9)] {
            for (name, args) in &calls {
                let spec = crate::spec(name).unwrap();
                let one = run_chunk(spec, column.as_ref(), args, 0, 1, false).unwrap();
                let parts = run_chunk(spec, column.as_ref(), args, 0, 3, false).unwrap();
                assert_eq!(parts.len(), 3, "{name}");
                // Where the text's bytes lie, at the top or one level down
                // (the data let go at once: held, it would share them).
                let text = |a: &ArrayRef| {
                    let d = a.to_data();
                    match d.data_type() {
                        DataType::Utf8 => Some(d.buffers()[1].as_ptr() as usize),
                        DataType::List(_) => Some(d.child_data()[0].buffers()[1].as_ptr() as usize),
                        _ => None,
                    }
                };
                let first = text(&parts[0]);
                // A struct's members: the suffix (2) and the registry
                // suffix (4), and where the suffix's text lies.
                let members = |a: &ArrayRef| {
                    let s = a.as_any().downcast_ref::<StructArray>()?;
                    Some((s.column(2).clone(), s.column(4).clone()))
                };
                let suffix = members(&parts[0]).map(|(s, _)| text(&s));
                let joined = join(parts).unwrap();
                assert_eq!(joined.to_data(), one[0].to_data(), "{name}");
                if name.starts_with("uri_safebrowsing") || *name == "uri_surt" {
                    assert_eq!(first, text(&joined), "{name}: copied");
                }
                if let Some((s, r)) = members(&joined) {
                    let shared = args.is_empty();
                    assert_eq!(Arc::ptr_eq(&s, &r), shared, "{name}, private: {}", !shared);
                    if shared {
                        assert_eq!(suffix, Some(text(&s)), "{name}: copied");
                    }
                }
            }
        }
    }

    /// Parts that are slices of longer arrays, or share their buffers, are
    /// joined as Arrow's `concat` joins them, with NULLs or without, a
    /// first part of its own (grown) or shared (copied); a flag column
    /// too.
    #[test]
    fn shared_and_sliced_parts_are_joined_as_concat_joins_them() {
        // Made anew for each use, so that a first part has its buffers to
        // itself; `a` and `b` are also held here, shared.
        let fresh_a = || -> ArrayRef {
            Arc::new(StringArray::from(vec![
                Some("ab"),
                None,
                Some(""),
                Some("c\u{e9}"),
            ]))
        };
        let fresh_c = || -> ArrayRef { Arc::new(StringArray::from(vec!["p", "q\u{e9}"])) };
        let (a, b) = (
            fresh_a(),
            Arc::new(StringArray::from(vec![None, Some("xyz")])) as ArrayRef,
        );
        let c = fresh_c();
        let flags: ArrayRef = Arc::new(BooleanArray::from(vec![Some(true), None]));
        for (parts, grown) in [
            (vec![a.slice(1, 3), b.clone()], false),
            (vec![a.clone(), b.slice(1, 1), a.clone()], false),
            (vec![fresh_a(), b.slice(1, 1), a.clone()], true),
            (vec![fresh_c(), a.slice(2, 2), c.clone()], true),
            (vec![fresh_c(), a.slice(3, 1), b.clone()], true),
            (vec![fresh_a(), c.slice(1, 1)], true),
            (vec![fresh_c(), c.clone()], true),
            (vec![flags.clone(), flags.slice(1, 1)], false),
        ] {
            let refs: Vec<&dyn Array> = parts.iter().map(|p| p.as_ref()).collect();
            let want = arrow_select::concat::concat(&refs).unwrap();
            let first = parts[0]
                .to_data()
                .buffers()
                .get(1)
                .map(|b| b.as_ptr() as usize);
            drop(refs);
            let joined = join(parts).unwrap().to_data();
            assert_eq!(joined, want.to_data());
            // Copied where the first part shares its buffers (where it has
            // them to itself they grow, in place or moved by `realloc`).
            if !grown && first.is_some() {
                assert_ne!(joined.buffers().get(1).map(|b| b.as_ptr() as usize), first);
            }
        }
        // Each part alone: the one that was shared is still whole.
        assert_eq!(a.len(), 4);
    }
}
