//! The functions of the table as DuckDB scalar functions: one function
//! set per entry of [`SPECS`], an overload per arity the contract allows,
//! and one callback for all of them, which finds its entry in the extra
//! information DuckDB hands it.

use std::ffi::{c_void, CString};

use arrow_schema::DataType;
use libduckdb_sys as ffi;
use urikit_columns::{
    literal_base, utf8, Arg, At, Direct, Lister, Param, RowFn, Spec, Writer, SPECS,
};

use crate::vector::{Column, Out};

/// DuckDB's type for an Arrow type of the table's results and arguments
/// (`string` VARCHAR, `bool` BOOLEAN, `int32` INTEGER, `int64` BIGINT, a
/// list, a struct with its members' names). The caller destroys it.
///
/// # Safety
/// The C API is initialized.
pub(crate) unsafe fn logical_type(t: &DataType) -> Result<ffi::duckdb_logical_type, String> {
    // SAFETY: the C API is initialized; each type created is handed on or
    // destroyed here.
    unsafe {
        let id = match t {
            DataType::Utf8 | DataType::LargeUtf8 => ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
            DataType::Boolean => ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN,
            DataType::Int32 => ffi::DUCKDB_TYPE_DUCKDB_TYPE_INTEGER,
            DataType::Int64 => ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT,
            DataType::List(item) => {
                let mut child = logical_type(item.data_type())?;
                let list = ffi::duckdb_create_list_type(child);
                ffi::duckdb_destroy_logical_type(&mut child);
                return Ok(list);
            }
            DataType::Struct(fields) => {
                let mut types = Vec::with_capacity(fields.len());
                for f in fields.iter() {
                    types.push(logical_type(f.data_type())?);
                }
                let names: Vec<CString> = fields
                    .iter()
                    .map(|f| CString::new(f.name().as_str()).expect("a member's name has no NUL"))
                    .collect();
                let mut name_ptrs: Vec<*const std::os::raw::c_char> =
                    names.iter().map(|n| n.as_ptr()).collect();
                let st = ffi::duckdb_create_struct_type(
                    types.as_mut_ptr(),
                    name_ptrs.as_mut_ptr(),
                    types.len() as u64,
                );
                for t in &mut types {
                    ffi::duckdb_destroy_logical_type(t);
                }
                return Ok(st);
            }
            other => return Err(format!("no DuckDB type for {other}")),
        };
        Ok(ffi::duckdb_create_logical_type(id))
    }
}

/// Registers every function of the table on `con`.
///
/// # Safety
/// The C API is initialized and `con` is open.
pub(crate) unsafe fn register(con: ffi::duckdb_connection) -> Result<(), String> {
    for spec in SPECS {
        // SAFETY: per the caller.
        unsafe { register_one(con, spec)? };
    }
    Ok(())
}

unsafe fn register_one(con: ffi::duckdb_connection, spec: &'static Spec) -> Result<(), String> {
    let name = CString::new(spec.name).expect("a function's name has no NUL");
    // SAFETY: the C API is initialized; every object created here is
    // destroyed here (DuckDB copies what it keeps); the extra information
    // is a `&'static Spec`, which outlives the database and needs no
    // destructor.
    unsafe {
        let mut set = ffi::duckdb_create_scalar_function_set(name.as_ptr());
        let mut ret = logical_type(&urikit_columns::data_type(spec.ty))?;
        for given in spec.required..=spec.params.len() {
            let mut f = ffi::duckdb_create_scalar_function();
            ffi::duckdb_scalar_function_set_name(f, name.as_ptr());
            let mut text = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
            let mut flag = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN);
            ffi::duckdb_scalar_function_add_parameter(f, text);
            for p in &spec.params[..given] {
                let t = if matches!(p, Param::Bool(_)) {
                    flag
                } else {
                    text
                };
                ffi::duckdb_scalar_function_add_parameter(f, t);
            }
            ffi::duckdb_destroy_logical_type(&mut text);
            ffi::duckdb_destroy_logical_type(&mut flag);
            ffi::duckdb_scalar_function_set_return_type(f, ret);
            // NULLs reach the callback: a NULL dialect is RFC 3986, not a
            // NULL row (the contract's rule, as in every other engine).
            ffi::duckdb_scalar_function_set_special_handling(f);
            ffi::duckdb_scalar_function_set_extra_info(f, spec as *const Spec as *mut c_void, None);
            ffi::duckdb_scalar_function_set_function(f, Some(run));
            let state = ffi::duckdb_add_scalar_function_to_set(set, f);
            ffi::duckdb_destroy_scalar_function(&mut f);
            if state != ffi::DuckDBSuccess {
                return Err(format!("DuckDB refused an overload of {}", spec.name));
            }
        }
        ffi::duckdb_destroy_logical_type(&mut ret);
        let state = ffi::duckdb_register_scalar_function_set(con, set);
        ffi::duckdb_destroy_scalar_function_set(&mut set);
        if state != ffi::DuckDBSuccess {
            return Err(format!(
                "DuckDB refused the function {} (is a function of that name already there?)",
                spec.name
            ));
        }
    }
    Ok(())
}

/// The callback of every function: the chunk evaluated, an error of the
/// call reported to DuckDB, and a panic caught here, never unwound into
/// DuckDB's C++ frames.
unsafe extern "C" fn run(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: DuckDB passes the extra information registered with the
    // function: a `&'static Spec`.
    let spec = unsafe { &*(ffi::duckdb_scalar_function_get_extra_info(info) as *const Spec) };
    // SAFETY: the handles are the ones DuckDB passed to this call.
    let done = urikit_columns::catch(|| unsafe { chunk(spec, input, output) });
    let message = match done.and_then(|r| r) {
        Ok(()) => return,
        Err(e) if e.starts_with(spec.name) => e,
        Err(e) => format!("{}: {e}", spec.name),
    };
    let message = CString::new(message.replace('\0', " ")).expect("NULs replaced");
    // SAFETY: DuckDB copies the message.
    unsafe { ffi::duckdb_scalar_function_set_error(info, message.as_ptr()) };
}

/// The text of row `i` of an argument column (NULL, or not UTF-8: `None`).
///
/// # Safety
/// As [`Column::bytes`].
unsafe fn text<'a>(c: Column, i: usize) -> Option<&'a str> {
    // SAFETY: per the caller.
    unsafe { c.bytes(i) }.and_then(|b| utf8(b).ok())
}

/// Evaluates one chunk.
///
/// # Safety
/// The handles are the ones DuckDB passed to the running function.
unsafe fn chunk(
    spec: &'static Spec,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) -> Result<(), String> {
    // SAFETY: per the caller; every row read is below the chunk's size,
    // every column below its column count, of the type registered.
    unsafe {
        let n = ffi::duckdb_data_chunk_get_size(input) as usize;
        let columns = ffi::duckdb_data_chunk_get_column_count(input) as usize;
        let first = Column::new(input, 0);
        let args: Vec<(Param, Column)> = (1..columns)
            .map(|k| (spec.params[k - 1], Column::new(input, k)))
            .collect();
        let mut out = Out::new(spec.ty, output);
        let mut f = RowFn::new(spec);
        check_base(spec, &args, n)?;
        // A list answered item by item (Safe Browsing's expressions and
        // hashes): a row's items gathered in one buffer reused row by row,
        // then written into the LIST vector, with no `String` for each.
        if let (Some(mut l), []) = (Lister::of(spec), args.as_slice()) {
            let (mut buf, mut ends) = (Vec::new(), Vec::new());
            for i in 0..n {
                buf.clear();
                ends.clear();
                let ok = first.bytes(i).is_some_and(|b| {
                    l.each(b, |item| {
                        buf.extend_from_slice(item);
                        ends.push(buf.len());
                    })
                });
                match ok {
                    true => out.texts(i, &buf, &ends),
                    false => out.null(i),
                }
            }
            return Ok(());
        }
        // A function whose answer is built (the SURT key, the normalized
        // reference), its argument the same on every row: written into one buffer reused row by row.
        if let Some(w) = writer(spec, &args, n) {
            let mut w = w?;
            let mut buf = Vec::new();
            for i in 0..n {
                buf.clear();
                match first.bytes(i) {
                    Some(b) if w.write(b, &mut buf) => out.text(i, std::str::from_utf8(&buf).ok()),
                    _ => out.null(i),
                }
            }
            return Ok(());
        }
        // The direct kernel, when the dialect is the same on every row: one
        // loop per kind, writing the answer straight into the vector.
        if let Some(direct) = direct(&f, &args, n) {
            // Each row's bytes go to the parse as they are: it refuses
            // what is not UTF-8 (which DuckDB's VARCHAR does not hold, but
            // a vector may) in its own pass, and such a row is answered as
            // the general evaluator answers it: false, or NULL.
            match direct? {
                Direct::Slice(parser, get) => {
                    for i in 0..n {
                        match first.bytes(i).and_then(|b| parser.parse_bytes(b).ok()) {
                            None => out.null(i),
                            Some(u) => out.text(i, get.of(&u)),
                        }
                    }
                }
                // The suffix list's slices as the Arrow kernels read them:
                // a block of rows parsed, then their hosts walked.
                Direct::Lower(parser, get) => urikit_columns::lowered_slices(
                    parser,
                    get,
                    n,
                    |i| first.bytes(i),
                    |i, v| out.text(i, v.as_deref()),
                ),
                Direct::IsValid(parser) => {
                    for i in 0..n {
                        let valid = first.bytes(i).map(|b| parser.parse_bytes(b).is_ok());
                        out.value(i, valid);
                    }
                }
                d @ Direct::PortNumber(_) => {
                    for i in 0..n {
                        match first.bytes(i) {
                            None => out.null(i),
                            Some(b) => out.write(i, d.eval(b)),
                        }
                    }
                }
            }
            return Ok(());
        }
        let mut row: Vec<At<'_>> = Vec::with_capacity(args.len());
        for i in 0..n {
            let Some(b) = first.bytes(i) else {
                out.null(i);
                continue;
            };
            row.clear();
            row.extend(args.iter().map(|&(p, c)| match p {
                Param::Bool(_) => At::Flag(c.flag(i)),
                _ => At::Text(text(c, i)),
            }));
            f.eval(b, &row, |v| out.write(i, v))?;
        }
        Ok(())
    }
}

/// The direct kernel of the chunk: when the function has one and its
/// dialect (its only argument) is the same on every row.
///
/// # Safety
/// As [`chunk`].
unsafe fn direct(f: &RowFn, args: &[(Param, Column)], n: usize) -> Option<Result<Direct, String>> {
    let dialect = match args {
        [] => None,
        [(Param::Dialect, c)] => {
            // SAFETY: per the caller.
            let first = unsafe { text(*c, 0) };
            if (1..n).any(|i| unsafe { text(*c, i) } != first) {
                return None;
            }
            first
        }
        _ => return None,
    };
    f.direct(dialect)
}

/// The [`Writer`] of the chunk: when the function has one and its
/// argument, if given, is the same text on every row (a NULL argument
/// makes every row NULL: the general evaluator's).
///
/// # Safety
/// As [`chunk`].
unsafe fn writer(
    spec: &Spec,
    args: &[(Param, Column)],
    n: usize,
) -> Option<Result<Writer, String>> {
    let options = match args {
        [] => None,
        [(_, c)] => {
            // SAFETY: per the caller.
            let first = unsafe { text(*c, 0) };
            if first.is_none() || (1..n).any(|i| unsafe { text(*c, i) } != first) {
                return None;
            }
            first
        }
        _ => return None,
    };
    Writer::of(spec, options)
}

/// A base the same on every row of the chunk (a literal, as DuckDB hands
/// it: repeated) that cannot serve is an error of the query, naming the
/// argument, as in every engine (`literal_base`).
///
/// # Safety
/// As [`chunk`].
unsafe fn check_base(spec: &Spec, args: &[(Param, Column)], n: usize) -> Result<(), String> {
    let Some(&(Param::Ref(_), base)) = args.first() else {
        return Ok(());
    };
    // SAFETY: per the caller.
    let first = unsafe { text(base, 0) };
    if n == 0 || first.is_none() || (1..n).any(|i| unsafe { text(base, i) } != first) {
        return Ok(());
    }
    let mut given = vec![Arg::Text(first.map(str::to_owned))];
    for (p, c) in &args[1..] {
        given.push(match p {
            Param::Bool(_) => Arg::Flag(unsafe { c.flag(0) }),
            _ => Arg::Text(unsafe { text(*c, 0) }.map(str::to_owned)),
        });
    }
    literal_base(spec, &given)
}
