//! The Polars expression plugin: the module's library is also a plugin
//! Polars loads (`register_plugin_function` with this file), and whose
//! functions it calls on its own threads and in its streaming engine, with
//! Arrow arrays through the C data interface and no Python between Polars
//! and the kernels.
//!
//! Polars' plugin interface, version 0.1 (`polars-ffi`'s `version_0`):
//! `_polars_plugin_get_version`, `_polars_plugin_field_<name>` (the
//! output field of the input fields and the keyword arguments),
//! `_polars_plugin_<name>` (the output series of the input series) and
//! `_polars_plugin_get_last_error_message`. One pair of functions,
//! `uri`, serves every function of the table: the keyword arguments
//! (pickled by Polars) name it, and say which inputs are literals.
//!
//! Ownership across the boundary follows `polars-ffi`: the plugin takes
//! the input series (each array is moved out, then the series' own
//! release frees Polars' boxes); Polars moves each output array out and
//! then calls the output series' release, which frees ours.

use std::cell::RefCell;
use std::ffi::{c_char, c_void, CString};
use std::mem::ManuallyDrop;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef};
use arrow_data::ffi::FFI_ArrowArray;
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{DataType, Field};
use urikit_columns::{data_type, Arg, Param, Spec};

/// `polars-ffi`'s exported series: its field, its arrays (chunks), and
/// how to free what the exporter allocated.
#[repr(C)]
pub struct SeriesExport {
    field: *mut FFI_ArrowSchema,
    arrays: *mut *mut FFI_ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// What Polars tells a plugin about the call: bit 0 set when Polars runs
/// the call on its own threads already.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct CallerContext {
    bitflags: u64,
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_error(message: String) {
    let message = CString::new(message.replace('\0', " ")).expect("NULs replaced");
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// The plugin interface's version: 0.1 (major in the high 16 bits).
#[no_mangle]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    1
}

/// The message of the last failure on this thread.
#[no_mangle]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// The call's keyword arguments: the function, and which inputs after
/// the first are literals.
struct Kwargs {
    spec: &'static Spec,
    literal: Vec<bool>,
}

fn kwargs(bytes: &[u8]) -> Result<Kwargs, String> {
    use serde_pickle::{HashableValue as K, Value as V};
    let value = serde_pickle::value_from_slice(bytes, Default::default())
        .map_err(|e| format!("urikit's Polars plugin: unreadable keyword arguments: {e}"))?;
    let V::Dict(map) = value else {
        return Err("urikit's Polars plugin: the keyword arguments are not a dict".into());
    };
    let get = |k: &str| map.get(&K::String(k.to_owned()));
    let name = match get("function") {
        Some(V::String(s)) => s.clone(),
        _ => return Err("urikit's Polars plugin: no function named".into()),
    };
    let spec = urikit_columns::spec(&name)
        .ok_or_else(|| format!("urikit's Polars plugin: no column function named {name:?}"))?;
    let literal = match get("literal") {
        Some(V::List(items)) => items.iter().map(|v| matches!(v, V::Bool(true))).collect(),
        _ => Vec::new(),
    };
    Ok(Kwargs { spec, literal })
}

/// The output field of the function the keyword arguments name: the
/// first input's name, the function's result type.
///
/// # Safety
/// Called by Polars with `n` input fields at `fields` (borrowed), an
/// empty schema at `out`, and `kwargs_len` bytes at `kwargs_ptr`.
#[no_mangle]
pub unsafe extern "C" fn _polars_plugin_field_uri(
    fields: *const FFI_ArrowSchema,
    n: usize,
    out: *mut FFI_ArrowSchema,
    kwargs_ptr: *const u8,
    kwargs_len: usize,
) {
    let done = urikit_columns::catch(|| -> Result<(), String> {
        // SAFETY: per the caller.
        let (fields, kw) = unsafe {
            (
                std::slice::from_raw_parts(fields, n),
                std::slice::from_raw_parts(kwargs_ptr, kwargs_len),
            )
        };
        let kw = kwargs(kw)?;
        let name = match fields.first() {
            Some(f) => Field::try_from(f)
                .map_err(|e| e.to_string())?
                .name()
                .clone(),
            None => kw.spec.name.to_owned(),
        };
        let field = Field::new(name, data_type(kw.spec.ty), true);
        let schema = FFI_ArrowSchema::try_from(&field).map_err(|e| e.to_string())?;
        // SAFETY: `out` is Polars' empty schema, which it takes.
        unsafe { std::ptr::write(out, schema) };
        Ok(())
    });
    report(done);
}

/// The function the keyword arguments name, over the input series: the
/// column first, then the arguments (a literal as a series of one row).
///
/// # Safety
/// Called by Polars with `n` input series at `inputs` (the plugin takes
/// them), `kwargs_len` bytes at `kwargs_ptr`, an empty series at `out`
/// and its context.
#[no_mangle]
pub unsafe extern "C" fn _polars_plugin_uri(
    inputs: *const SeriesExport,
    n: usize,
    kwargs_ptr: *const u8,
    kwargs_len: usize,
    out: *mut SeriesExport,
    context: *const CallerContext,
) {
    let done = urikit_columns::catch(|| -> Result<(), String> {
        // SAFETY: per the caller: the inputs are taken here, each once.
        let series = (0..n)
            .map(|k| unsafe { import(std::ptr::read(inputs.add(k))) })
            .collect::<Result<Vec<_>, String>>()?;
        // SAFETY: per the caller.
        let (kw, parallel) = unsafe {
            (
                std::slice::from_raw_parts(kwargs_ptr, kwargs_len),
                (*context).bitflags & 1 == 1,
            )
        };
        let kw = kwargs(kw)?;
        let result = call(&kw, series, parallel)?;
        // SAFETY: `out` is Polars' empty series, which it takes.
        unsafe { std::ptr::write(out, export(result)?) };
        Ok(())
    });
    report(done);
}

/// The call's error, if any, for Polars to raise. A panic is caught by
/// `urikit_columns::catch` and raised as an error with what it said (Polars
/// would read the bare word "PANIC" as a panic of the plugin and say no
/// more).
fn report(done: Result<Result<(), String>, String>) {
    if let Err(e) = done.and_then(|r| r) {
        set_error(e);
    }
}

/// The arrays (chunks) of an input series; the series' boxes freed.
///
/// # Safety
/// `s` is a series Polars exported for this call, taken once.
unsafe fn import(mut s: SeriesExport) -> Result<(Field, Vec<ArrayRef>), String> {
    // SAFETY: per the caller: the field is valid while `s` is, and each
    // array is moved out once (its release is then ours, run when the
    // imported array drops).
    let imported = unsafe {
        let schema = &*s.field;
        let field = Field::try_from(schema).map_err(|e| e.to_string());
        let arrays: Result<Vec<ArrayRef>, String> = (0..s.len)
            .map(|k| {
                let array = std::ptr::read(*s.arrays.add(k));
                if schema.format() == "n" {
                    // Polars' Null type carries a buffer the C data
                    // interface does not have: only its length is read
                    // (and the array released on drop).
                    return Ok(arrow_array::new_null_array(&DataType::Null, array.len()));
                }
                arrow_array::ffi::from_ffi(array, schema)
                    .map(arrow_array::make_array)
                    .map_err(|e| e.to_string())
            })
            .collect();
        field.and_then(|f| Ok((f, arrays?)))
    };
    // SAFETY: the exporter's release frees its boxes, not the arrays.
    unsafe {
        if let Some(release) = s.release {
            release(&mut s);
        }
    }
    imported
}

/// One input as an argument: a literal (its one row) or a column.
fn arg(p: Param, literal: bool, col: ArrayRef) -> Arg {
    let first = |f: &dyn Fn(&dyn Array) -> Arg| f(col.as_ref());
    match (p, literal) {
        (Param::Bool(_), true) => first(&|a| match a
            .as_any()
            .downcast_ref::<arrow_array::BooleanArray>()
        {
            Some(b) if b.len() == 1 && b.is_valid(0) => Arg::Flag(Some(b.value(0))),
            _ => Arg::Flag(None),
        }),
        (Param::Bool(_), false) if col.data_type() == &DataType::Null => Arg::Flag(None),
        (Param::Bool(_), false) => Arg::Flags(col),
        (_, true) => first(&|a| {
            let text = urikit_columns::Strs::of(a, "a literal").ok().and_then(|s| {
                (a.len() == 1)
                    .then(|| s.text(0).map(str::to_owned))
                    .flatten()
            });
            Arg::Text(text)
        }),
        (_, false) => Arg::Texts(col),
    }
}

/// The call: the column's chunks as they came, the arguments' joined.
fn call(
    kw: &Kwargs,
    series: Vec<(Field, Vec<ArrayRef>)>,
    parallel: bool,
) -> Result<(Field, Vec<ArrayRef>), String> {
    let spec = kw.spec;
    let mut series = series.into_iter();
    let (field, chunks) = series
        .next()
        .ok_or_else(|| format!("{} needs a column", spec.name))?;
    let mut args = Vec::new();
    for (k, (_, arrays)) in series.enumerate() {
        let p = *spec.params.get(k).ok_or_else(|| {
            format!(
                "{} takes at most {} arguments after the column",
                spec.name,
                spec.params.len()
            )
        })?;
        let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
        let col = match refs.len() {
            1 => arrays[0].clone(),
            _ => arrow_select::concat::concat(&refs).map_err(|e| e.to_string())?,
        };
        args.push(arg(p, kw.literal.get(k).copied().unwrap_or(false), col));
    }
    // Polars runs the call on its threads already when it says so, and
    // in its streaming engine, where it does not say so: there calls run
    // at once, and a call that is not alone keeps to its thread.
    let running = urikit_columns::Call::begin();
    let threads = running.threads(parallel);
    // Polars keeps its strings as views: a slice of a view column comes
    // back as views into the column's own buffers, nothing copied.
    let out = urikit_columns::call_views(spec, &chunks, &args, threads).map_err(|e| {
        if e.starts_with(spec.name) {
            e
        } else {
            format!("{}: {e}", spec.name)
        }
    })?;
    let out = same_type(out);
    let ty = out
        .first()
        .map_or_else(|| data_type(spec.ty), |a| a.data_type().clone());
    Ok((Field::new(field.name().clone(), ty, true), out))
}

/// The parts as one type: a series' chunks share theirs. (A part with a
/// row that is not UTF-8 comes back as `string` where the others are
/// `string_view`: then every part is `string`.)
fn same_type(parts: Vec<ArrayRef>) -> Vec<ArrayRef> {
    let first = parts.first().map(|a| a.data_type().clone());
    if parts.iter().all(|a| Some(a.data_type()) == first.as_ref()) {
        return parts;
    }
    parts
        .into_iter()
        .map(
            |a| match a.as_any().downcast_ref::<arrow_array::StringViewArray>() {
                Some(v) => Arc::new(v.iter().collect::<arrow_array::StringArray>()) as ArrayRef,
                None => a,
            },
        )
        .collect()
}

/// What the output series owns until Polars has taken its arrays (the
/// schema is held for Polars to read, and dropped, released, with this).
struct Private {
    _schema: Box<FFI_ArrowSchema>,
    arrays: Box<[*mut FFI_ArrowArray]>,
}

/// The result as a series Polars takes.
fn export((field, arrays): (Field, Vec<ArrayRef>)) -> Result<SeriesExport, String> {
    let schema = Box::new(FFI_ArrowSchema::try_from(&field).map_err(|e| e.to_string())?);
    let mut arrays: Box<[*mut FFI_ArrowArray]> = arrays
        .iter()
        .map(|a| Box::into_raw(Box::new(FFI_ArrowArray::new(&a.to_data()))))
        .collect();
    let field_ptr = &*schema as *const FFI_ArrowSchema as *mut FFI_ArrowSchema;
    let (ptr, len) = (arrays.as_mut_ptr(), arrays.len());
    Ok(SeriesExport {
        field: field_ptr,
        arrays: ptr,
        len,
        release: Some(release),
        private_data: Box::into_raw(Box::new(Private {
            _schema: schema,
            arrays,
        })) as *mut c_void,
    })
}

/// The output series' release: frees the schema and the boxes that held
/// the arrays, which Polars has moved out (their release is its own now).
unsafe extern "C" fn release(s: *mut SeriesExport) {
    if s.is_null() {
        return;
    }
    // SAFETY: `s` is a series `export` made, released once (the release
    // is cleared here).
    unsafe {
        let s = &mut *s;
        if s.private_data.is_null() {
            return;
        }
        let private = Box::from_raw(s.private_data as *mut Private);
        for &a in private.arrays.iter() {
            drop(Box::from_raw(a as *mut ManuallyDrop<FFI_ArrowArray>));
        }
        s.release = None;
        s.private_data = std::ptr::null_mut();
    }
}
