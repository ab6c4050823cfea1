//! urikit's column functions for Spark on the JVM: the native library of
//! the `urikit-spark` jar (its Java sources are in `java/`, built by
//! `build.sh`).
//!
//! Spark evaluates a function row by row in the code it generates for a
//! stage. The jar registers each function of the table as a call of a
//! static method (`StaticInvoke`), which copies the row's UTF-8 bytes
//! (Spark's `UTF8String`, never a Java `String`) into a buffer of its
//! thread and calls this library with the buffer's address: a JNI call
//! whose arguments are numbers, no JVM object touched on the way. A
//! component comes back as its offset and length in the row's text, and
//! the jar points into the row's own bytes; anything else is written into
//! the buffer. The protocol is [`row`]'s; the bytes of the arguments and
//! of lists and structs are [`wire`]'s.
//!
//! Layers: `wire` < `row` < this file (the JNI functions, the only
//! `unsafe`: the buffer the jar hands over, as slices).
//!
//! No panic unwinds into the JVM: every entry point runs under
//! `urikit_columns::catch` and a panic becomes [`row::PANIC`] with what it
//! said and where, which the jar raises as an exception naming the
//! function and the row's value (nothing is written to the executor's
//! stderr); Spark fails the task, and the executor goes on.

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong, jstring};
use jni::JNIEnv;

pub mod row;
pub mod wire;

/// The bytes of the buffer the jar passed: `addr .. addr + len`.
///
/// # Safety
/// The jar passes the address of a live allocation of at least `len`
/// bytes that no other thread uses during the call (its thread's buffer,
/// `Platform.allocateMemory`), and `len >= 0`.
unsafe fn region<'a>(addr: jlong, len: jint) -> &'a mut [u8] {
    if addr == 0 || len <= 0 {
        return &mut [];
    }
    // SAFETY: per the caller.
    unsafe { std::slice::from_raw_parts_mut(addr as usize as *mut u8, len as usize) }
}

/// Splits the buffer: the row's text (`len` bytes), the arguments
/// (`args` bytes), the output (the rest of `cap`). `None` when the sizes
/// do not fit in one another.
///
/// # Safety
/// As [`region`], for `cap` bytes.
unsafe fn split<'a>(
    addr: jlong,
    len: jint,
    args: jint,
    cap: jint,
) -> Option<(&'a [u8], &'a [u8], &'a mut [u8])> {
    if len < 0 || args < 0 || i64::from(len) + i64::from(args) > i64::from(cap) {
        return None;
    }
    // SAFETY: per the caller.
    let all = unsafe { region(addr, cap) };
    let (input, rest) = all.split_at_mut(len as usize);
    let (given, out) = rest.split_at_mut(args as usize);
    Some((input, given, out))
}

/// `int Native.count()`: how many functions the table has.
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_count(_env: JNIEnv, _c: JClass) -> jint {
    urikit_columns::SPECS.len() as jint
}

/// `String Native.describe(int f)`: function `f`'s name, Spark type,
/// parameters (one letter each, `wire::params`), how many are required,
/// and its one-line documentation, separated by tabs; `null` past the end.
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_describe(
    env: JNIEnv,
    _c: JClass,
    f: jint,
) -> jstring {
    let Some(spec) = usize::try_from(f)
        .ok()
        .and_then(|f| urikit_columns::SPECS.get(f))
    else {
        return std::ptr::null_mut();
    };
    let text = format!(
        "{}\t{}\t{}\t{}\t{}",
        spec.name,
        wire::ddl(spec.ty),
        wire::params(spec),
        spec.required,
        spec.doc
    );
    env.new_string(text)
        .map(|s| s.into_raw())
        .unwrap_or(std::ptr::null_mut())
}

/// Raises `IllegalArgumentException(message)` in the JVM.
fn throw(env: &mut JNIEnv, message: &str) {
    let _ = env.throw_new("java/lang/IllegalArgumentException", message);
}

/// `int Native.slot(int f, String dialect)`: the slot of `f`'s direct
/// kernel with `dialect` (`null`: RFC 3986), `-1` when it has none; an
/// unknown dialect raises `IllegalArgumentException`.
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_slot(
    mut env: JNIEnv,
    _c: JClass,
    f: jint,
    dialect: JString,
) -> jint {
    row::arm();
    let name: Option<String> = if dialect.is_null() {
        None
    } else {
        match env.get_string(&dialect) {
            Ok(s) => Some(s.into()),
            Err(_) => return -1,
        }
    };
    let got = urikit_columns::catch(|| row::slot(f as usize, name.as_deref()));
    match got.and_then(|r| r) {
        Ok(Some(k)) => k as jint,
        Ok(None) => -1,
        Err(e) => {
            throw(&mut env, &e);
            -1
        }
    }
}

/// `String Native.check(int f, long addr, int len)`: `null` when the
/// literal arguments at `addr` (`len` bytes, as `wire::args`) can serve
/// `f`, else the message of the query's error.
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_check(
    env: JNIEnv,
    _c: JClass,
    f: jint,
    addr: jlong,
    len: jint,
) -> jstring {
    // SAFETY: the jar passes its thread's buffer, holding `len` bytes.
    let args = unsafe { region(addr, len) };
    let got = urikit_columns::catch(|| row::check(f as usize, args)).and_then(|r| r);
    match got {
        Ok(()) => std::ptr::null_mut(),
        Err(e) => env
            .new_string(e)
            .map(|s| s.into_raw())
            .unwrap_or(std::ptr::null_mut()),
    }
}

/// `long Native.direct(int slot, long addr, int len, int cap)`: the row
/// of `len` bytes at `addr` by the direct kernel of `slot`, the output
/// after it (`row`'s protocol).
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_direct(
    _env: JNIEnv,
    _c: JClass,
    slot: jint,
    addr: jlong,
    len: jint,
    cap: jint,
) -> jlong {
    // SAFETY: the jar passes its thread's buffer of `cap` bytes.
    let Some((input, _, out)) = (unsafe { split(addr, len, 0, cap) }) else {
        return row::ERROR;
    };
    row::direct(slot as usize, input, out)
}

/// `long Native.eval(int f, long addr, int len, int args, int cap)`: the
/// row of `len` bytes at `addr`, then its arguments (`args` bytes), by
/// function `f`'s general evaluator, the output after them.
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_eval(
    _env: JNIEnv,
    _c: JClass,
    f: jint,
    addr: jlong,
    len: jint,
    args: jint,
    cap: jint,
) -> jlong {
    // SAFETY: the jar passes its thread's buffer of `cap` bytes.
    let Some((input, given, out)) = (unsafe { split(addr, len, args, cap) }) else {
        return row::ERROR;
    };
    row::eval(f as usize, input, given, out)
}

/// `long Native.nop(long addr, int len, int cap)`: nothing, for measuring
/// what the crossing itself costs (`Urikit.crossing`).
#[no_mangle]
pub extern "system" fn Java_org_urikit_spark_Native_nop(
    _env: JNIEnv,
    _c: JClass,
    _addr: jlong,
    len: jint,
    _cap: jint,
) -> jlong {
    jlong::from(len)
}
