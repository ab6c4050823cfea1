//! A row's answer as the jar reads it: the whole protocol of one call,
//! over byte slices, with no JVM in it (the JNI layer in `lib.rs` only
//! turns the jar's addresses into these slices).
//!
//! A call returns an `i64`:
//!
//! - [`NULL`] (`-1`): the answer is NULL;
//! - for a string: `SLICE | start << 31 | len` when the answer is bytes
//!   `start..start + len` of the row's text (the jar then points into the
//!   row's own buffer: no copy), else the number of bytes written to the
//!   output;
//! - for a boolean `0` or `1`, for an integer its value;
//! - for a list or a struct, the number of bytes of its cell (see `wire`);
//! - [`ERROR`] (`-2`): the call failed (an argument that serves no row: an
//!   unknown dialect); the output holds the message as a string cell;
//! - [`PANIC`] (`-3`): urikit panicked, caught here; the message likewise;
//! - `-n` for `n >= 4`: the output is too small; `n` bytes would do.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use urikit::Dialect;
use urikit_columns::{utf8, At, Direct, Param, RowFn, Spec, Ty, Value, Writer, SPECS};

use crate::wire::{self, Cells};

/// The answer is NULL.
pub const NULL: i64 = -1;
/// The call failed; the output holds the message.
pub const ERROR: i64 = -2;
/// urikit panicked (caught); the output holds the message.
pub const PANIC: i64 = -3;
/// Set on a string answer that is a slice of the row's text.
pub const SLICE: i64 = 1 << 62;

/// How many slots a function has: none (RFC 3986), then one per dialect.
const PER_FN: usize = 1 + Dialect::ALL.len();

thread_local! {
    /// Each thread's kernels by slot (a `Direct` holds its parser).
    static DIRECT: RefCell<Vec<Option<Direct>>> = const { RefCell::new(Vec::new()) };
    /// Each thread's general evaluators by function (each keeps the
    /// parser of the last dialect named).
    static GENERAL: RefCell<Vec<Option<RowFn>>> = const { RefCell::new(Vec::new()) };
    /// Each thread's writers, and the bytes of a row's answer.
    static WRITERS: RefCell<(Vec<Written>, Vec<u8>)> =
        const { RefCell::new((Vec::new(), Vec::new())) };
}

/// A function, its arguments as the jar writes them, and its writer with
/// them (`None`: the call has none).
type Written = (usize, Vec<u8>, Option<Writer>);

/// The slot of function `f`'s direct kernel with `dialect`, `Ok(None)`
/// when the function has none (it builds its answer, or takes another
/// argument, or the dialect is the WHATWG one), `Err` when the dialect's
/// name is unknown. A slot is a number fixed by the function's index and
/// the dialect's place in [`Dialect::ALL`], the same in every process that
/// runs this library (the driver builds the plan, an executor runs it), so
/// that a row's call carries a number, not a name.
pub fn slot(f: usize, dialect: Option<&str>) -> Result<Option<usize>, String> {
    let spec = SPECS.get(f).ok_or("no such function")?;
    match RowFn::new(spec).direct(dialect) {
        None => Ok(None),
        Some(Err(e)) => Err(format!("{}: {e}", spec.name)),
        Some(Ok(_)) => Ok(match dialect {
            None => Some(f * PER_FN),
            Some(name) => Dialect::from_name(name)
                .and_then(|d| Dialect::ALL.iter().position(|&x| x == d))
                .map(|k| f * PER_FN + 1 + k),
        }),
    }
}

/// The function and dialect of slot `k`.
fn unslot(k: usize) -> Option<(usize, Option<&'static str>)> {
    let f = k / PER_FN;
    SPECS.get(f)?;
    Some((
        f,
        (k % PER_FN).checked_sub(1).map(|d| Dialect::ALL[d].name()),
    ))
}

/// The kernel of slot `k`, built for this thread.
fn kernel_of(k: usize) -> Option<Direct> {
    let (f, dialect) = unslot(k)?;
    RowFn::new(&SPECS[f]).direct(dialect)?.ok()
}

/// A test's fault: the text in `URIKIT_SPARK_FAULT` (read once, when the
/// jar asks for its first kernel) makes a row panic inside the library,
/// so that the tests can show what a panic becomes in Spark. Unset, a row
/// pays one load of a flag.
static FAULT_ARMED: AtomicBool = AtomicBool::new(false);
static FAULT: OnceLock<Option<Vec<u8>>> = OnceLock::new();

/// Reads `URIKIT_SPARK_FAULT` (once).
pub fn arm() {
    let f = FAULT
        .get_or_init(|| std::env::var_os("URIKIT_SPARK_FAULT").map(|v| v.into_encoded_bytes()));
    FAULT_ARMED.store(f.is_some(), Ordering::Relaxed);
}

#[inline]
fn fault(input: &[u8]) {
    if FAULT_ARMED.load(Ordering::Relaxed) && FAULT.get().and_then(|f| f.as_deref()) == Some(input)
    {
        panic!("the test's fault (URIKIT_SPARK_FAULT)");
    }
}

/// Runs `call`, a panic caught and reported as [`PANIC`] with what it
/// said (`urikit_columns::catch`: nothing on the executor's stderr).
fn guarded(out: &mut [u8], call: impl FnOnce(&mut [u8]) -> i64) -> i64 {
    match urikit_columns::catch(|| call(&mut *out)) {
        Ok(r) => r,
        Err(e) => message(out, PANIC, &e),
    }
}

/// `code`, with `text` written to the output as a string cell (cut to
/// fit, at a character's boundary).
fn message(out: &mut [u8], code: i64, text: &str) -> i64 {
    let room = out.len().saturating_sub(4);
    let mut end = text.len().min(room);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if out.len() >= 4 {
        out[..4].copy_from_slice(&(end as i32).to_le_bytes());
        out[4..4 + end].copy_from_slice(&text.as_bytes()[..end]);
    }
    code
}

/// `bytes` written to the output, or the size that would hold them.
fn written(out: &mut [u8], bytes: &[u8]) -> i64 {
    match out.get_mut(..bytes.len()) {
        Some(o) => {
            o.copy_from_slice(bytes);
            bytes.len() as i64
        }
        None => -((bytes.len() as i64).max(4)),
    }
}

/// The answer `v` (of type `ty`, for the text `input`) in the protocol's
/// terms, written to `out`.
fn answer(ty: Ty, v: Value<'_>, input: &[u8], out: &mut [u8]) -> i64 {
    match v {
        Value::Null => NULL,
        Value::Bool(b) => i64::from(b),
        Value::I32(n) => i64::from(n),
        Value::Str(s) => match wire::within(input, &s) {
            Some((start, len)) => SLICE | (start as i64) << 31 | len as i64,
            None => written(out, s.as_bytes()),
        },
        v => {
            let mut cells = Cells::default();
            if !cells.value(ty, &v) {
                return NULL;
            }
            written(out, &cells.0)
        }
    }
}

/// Row `input` by the direct kernel of slot `k`.
pub fn direct(k: usize, input: &[u8], out: &mut [u8]) -> i64 {
    guarded(out, |out| {
        fault(input);
        DIRECT.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.len() <= k {
                cache.resize_with(k + 1, || None);
            }
            if cache[k].is_none() {
                cache[k] = kernel_of(k);
            }
            let Some(kernel) = &cache[k] else {
                return message(out, ERROR, "no such kernel (a slot the library never gave)");
            };
            // The direct kernels answer strings, booleans and integers; a
            // row that is not UTF-8 (a binary column cast to string) is
            // refused by the parse: NULL, or false, as the general
            // evaluator answers.
            answer(Ty::Str, kernel.eval(input), input, out)
        })
    })
}

fn general(spec: &'static Spec, f: usize, input: &[u8], args: &[At<'_>], out: &mut [u8]) -> i64 {
    GENERAL.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() <= f {
            cache.resize_with(f + 1, || None);
        }
        let row = cache[f].get_or_insert_with(|| RowFn::new(spec));
        // The answer is written while the row's values are borrowed.
        let mut written = 0;
        match row.eval(input, args, |v| {
            written = answer(spec.ty, v, input, &mut *out)
        }) {
            Ok(()) => written,
            Err(e) => message(out, ERROR, &e),
        }
    })
}

/// The number the jar calls `uri_parse_url` by: past the table's end,
/// since the function is Spark's alone (not in `functions.md`).
pub const PARSE_URL: usize = 1 << 20;

/// `uri_parse_url(url, part [, key])`: Spark's `parse_url` (and
/// `try_parse_url`), read as `java.net.URI` reads (`urikit::javanet`).
/// Spark reads the row's bytes as a Java string, a byte that is not UTF-8
/// becoming U+FFFD; so does this.
fn parse_url(input: &[u8], args: &[u8], out: &mut [u8]) -> i64 {
    use urikit::javanet::{self, JavaUri, UrlPart};
    let params = [Param::Text("part"), Param::Text("key")];
    let Some(given) = wire::args(&params[..1], args).or_else(|| wire::args(&params, args)) else {
        return message(out, ERROR, "the arguments are not as the jar writes them");
    };
    let (part, key) = match given[..] {
        [At::Text(Some(p))] => (p, None),
        [At::Text(Some(p)), At::Text(Some(k))] => (p, Some(k)),
        _ => return NULL,
    };
    let Some(part) = UrlPart::from_name(part) else {
        return NULL;
    };
    let lossy;
    let text = match utf8(input) {
        Ok(t) => t,
        Err(_) => {
            lossy = String::from_utf8_lossy(input);
            &*lossy
        }
    };
    let Ok(u) = JavaUri::parse(text) else {
        return NULL;
    };
    match javanet::parse_url(&u, part, key) {
        None => NULL,
        Some(v) => answer(Ty::Str, Value::Str(v.into()), input, out),
    }
}

/// Row `input` of function `f`, with the arguments `args` as the jar wrote
/// them (`wire::args`).
pub fn eval(f: usize, input: &[u8], args: &[u8], out: &mut [u8]) -> i64 {
    guarded(out, |out| {
        fault(input);
        if f == PARSE_URL {
            return parse_url(input, args, out);
        }
        let Some(spec) = SPECS.get(f) else {
            return message(out, ERROR, "no such function");
        };
        let Some(given) = args_of(spec, args) else {
            return message(out, ERROR, "the arguments are not as the jar writes them");
        };
        by_writer(spec, f, input, args, &given, out)
            .unwrap_or_else(|| general(spec, f, input, &given, out))
    })
}

/// Row `input` of `f` by its [`Writer`] (the answer built into one buffer
/// the thread reuses, not a string of its own), when the function has one
/// and its argument is absent or a text that is not NULL (a NULL one makes
/// the row NULL, which the general evaluator answers). `None`: the
/// general evaluator's row.
fn by_writer(
    spec: &Spec,
    f: usize,
    input: &[u8],
    args: &[u8],
    given: &[At<'_>],
    out: &mut [u8],
) -> Option<i64> {
    WRITERS.with(|w| {
        let (writers, bytes) = &mut *w.borrow_mut();
        let k = match writers.iter().position(|(g, a, _)| *g == f && a == args) {
            Some(k) => k,
            None => {
                let arg = match given {
                    [] => Some(None),
                    [At::Text(Some(t))] => Some(Some(*t)),
                    _ => None,
                };
                // An argument that cannot serve is the general
                // evaluator's error to raise.
                let writer = arg.and_then(|a| Writer::of(spec, a)?.ok());
                writers.push((f, args.to_vec(), writer));
                writers.len() - 1
            }
        };
        let writer = writers[k].2.as_mut()?;
        bytes.clear();
        if !writer.write(input, bytes) {
            return Some(NULL);
        }
        let text = std::str::from_utf8(bytes).ok()?;
        Some(answer(Ty::Str, Value::Str(text.into()), input, out))
    })
}

/// The arguments as many as `spec` allows; fewer given leave the optional
/// ones absent.
fn args_of<'a>(spec: &Spec, args: &'a [u8]) -> Option<Vec<At<'a>>> {
    (spec.required..=spec.params.len()).find_map(|n| wire::args(&spec.params[..n], args))
}

/// Whether the arguments `args` (literals, as the jar writes them) can
/// serve function `f` on any row: `Err` names the argument that cannot
/// (an unknown dialect, a base that is not absolute), the error of the
/// whole query, raised when Spark builds the expression.
pub fn check(f: usize, args: &[u8]) -> Result<(), String> {
    let spec = SPECS.get(f).ok_or("no such function")?;
    let given = args_of(spec, args).ok_or("the arguments are not as the jar writes them")?;
    let literal: Vec<urikit_columns::Arg> = given
        .iter()
        .map(|a| match *a {
            At::Text(t) => urikit_columns::Arg::Text(t.map(str::to_owned)),
            At::Flag(b) => urikit_columns::Arg::Flag(b),
        })
        .collect();
    urikit_columns::literal_base(spec, &literal)?;
    let mut row = RowFn::new(spec);
    row.eval(b"", &given, |_| ()).map_err(|e| {
        if e.starts_with(spec.name) {
            e
        } else {
            format!("{}: {e}", spec.name)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The functions with a writer answer each row as the general
    /// evaluator does, with their argument absent, given, NULL or wrong.
    #[test]
    fn a_writer_answers_as_the_general_evaluator() {
        let rows: [&[u8]; 6] = [
            b"http://www.Archive.org:80/goo/?b&a",
            b"HTTP://a/./b/%7e",
            b"",
            b"http://a\xff/",
            b"filedesc://x.arc",
            b"not a url at all",
        ];
        let calls: [(&str, &[At<'_>]); 7] = [
            ("uri_surt", &[]),
            ("uri_surt", &[At::Text(Some("with_scheme"))]),
            ("uri_surt", &[At::Text(None)]),
            ("uri_surt", &[At::Text(Some("colour"))]),
            ("uri_normalize", &[At::Text(Some("rfc3987"))]),
            ("uri_normalize", &[]),
            ("uri_canonical", &[At::Text(Some("w3lib"))]),
        ];
        for (name, given) in calls {
            let f = index(name);
            // The arguments as the jar writes them (`wire::args`).
            let mut wire_args = Vec::new();
            for a in given {
                match a {
                    At::Text(Some(t)) => {
                        wire_args.extend_from_slice(&(t.len() as i32).to_le_bytes());
                        wire_args.extend_from_slice(t.as_bytes());
                    }
                    _ => wire_args.extend_from_slice(&(-1i32).to_le_bytes()),
                }
            }
            for row in rows {
                let (mut a, mut b) = (vec![0u8; 256], vec![0u8; 256]);
                // A string answer, written or a slice of the row.
                let read = |r: i64, out: &[u8]| -> Result<Option<Vec<u8>>, i64> {
                    match r {
                        NULL => Ok(None),
                        code if code < 0 => Err(code),
                        r if r & SLICE != 0 => {
                            let (start, len) = (
                                ((r >> 31) & 0x7fff_ffff) as usize,
                                (r & 0x7fff_ffff) as usize,
                            );
                            Ok(Some(row[start..start + len].to_vec()))
                        }
                        r => Ok(Some(out[..r as usize].to_vec())),
                    }
                };
                let got = eval(f, row, &wire_args, &mut a);
                let want = general(&SPECS[f], f, row, given, &mut b);
                assert_eq!(read(got, &a), read(want, &b), "{name} {given:?} {row:?}");
                if want < 0 && want != NULL {
                    assert_eq!(a, b, "{name}: the same message");
                }
            }
        }
    }

    fn index(name: &str) -> usize {
        SPECS.iter().position(|s| s.name == name).unwrap()
    }

    fn text(r: i64, input: &str, out: &[u8]) -> Option<String> {
        if r == NULL {
            return None;
        }
        if r & SLICE != 0 {
            let (start, len) = (
                ((r >> 31) & 0x7fff_ffff) as usize,
                (r & 0x7fff_ffff) as usize,
            );
            return Some(input[start..start + len].to_owned());
        }
        assert!(r >= 0, "{r}");
        Some(String::from_utf8(out[..r as usize].to_vec()).unwrap())
    }

    #[test]
    fn a_component_is_a_slice_of_the_row_and_a_lowered_one_is_written() {
        let mut out = vec![0; 64];
        let host = slot(index("uri_host"), None).unwrap().unwrap();
        let u = "http://Example.COM:8080/a";
        let r = direct(host, u.as_bytes(), &mut out);
        assert_ne!(r & SLICE, 0);
        assert_eq!(text(r, u, &out).as_deref(), Some("Example.COM"));
        let domain = slot(index("uri_registrable_domain"), None)
            .unwrap()
            .unwrap();
        let r = direct(domain, b"http://www.Example.co.uk/", &mut out);
        assert_eq!(r & SLICE, 0);
        assert_eq!(text(r, "", &out).as_deref(), Some("example.co.uk"));
        // The same function and dialect: the same slot.
        assert_eq!(slot(index("uri_host"), None).unwrap(), Some(host));
        // Not a reference: NULL; not UTF-8: NULL (the general evaluator).
        assert_eq!(direct(host, b"a b", &mut out), NULL);
        assert_eq!(direct(host, b"http://h\xff/", &mut out), NULL);
        let valid = slot(index("uri_is_valid"), Some("rfc3987"))
            .unwrap()
            .unwrap();
        assert_eq!(direct(valid, "http://é/".as_bytes(), &mut out), 1);
        assert_eq!(direct(valid, b"http://\xff/", &mut out), 0);
        let port = slot(index("uri_port_number"), None).unwrap().unwrap();
        assert_eq!(direct(port, b"https://h/", &mut out), 443);
    }

    #[test]
    fn an_unknown_dialect_is_an_error_and_the_whatwg_one_has_no_kernel() {
        let e = slot(index("uri_host"), Some("rfc0")).unwrap_err();
        assert!(
            e.starts_with("uri_host: ") && e.contains("unknown dialect"),
            "{e}"
        );
        assert_eq!(slot(index("uri_host"), Some("whatwg")).unwrap(), None);
        assert_eq!(slot(index("uri_normalize"), None).unwrap(), None);
    }

    fn arg(s: Option<&str>) -> Vec<u8> {
        match s {
            None => (-1i32).to_le_bytes().to_vec(),
            Some(s) => {
                let mut b = (s.len() as i32).to_le_bytes().to_vec();
                b.extend_from_slice(s.as_bytes());
                b
            }
        }
    }

    #[test]
    fn the_general_evaluator_writes_strings_and_cells_and_asks_for_room() {
        let mut out = vec![0; 512];
        let resolve = index("uri_resolve");
        let r = eval(resolve, b"../g", &arg(Some("http://a/b/c/d;p?q")), &mut out);
        assert_eq!(text(r, "", &out).as_deref(), Some("http://a/b/g"));
        // Too little room: the size that would do.
        let mut small = vec![0; 4];
        let r = eval(
            resolve,
            b"../g",
            &arg(Some("http://a/b/c/d;p?q")),
            &mut small,
        );
        assert_eq!(r, -12);
        // A list: two segments.
        let r = eval(
            index("uri_path_segments"),
            b"http://a/b/c%20d",
            &[],
            &mut out,
        );
        let mut want = Cells::default();
        want.list(2);
        want.str(Some("b"));
        want.str(Some("c d"));
        assert_eq!(&out[..r as usize], &want.0[..]);
        // The error struct: code, offset, message.
        let r = eval(index("uri_error"), b"a b", &[], &mut out[..]);
        assert!(r > 0);
        assert_eq!(&out[..8], &[0, 0, 0, 0, 12, 0, 0, 0]);
        assert_eq!(&out[8..20], b"invalid-char");
        // A valid reference has no error: NULL.
        assert_eq!(eval(index("uri_error"), b"http://a/", &[], &mut out), NULL);
        // A NULL dialect is RFC 3986's; a NULL name is a NULL row.
        let qp = index("uri_query_param");
        let r = eval(
            qp,
            b"http://h/?a=1+2",
            &[arg(Some("a")), arg(None)].concat(),
            &mut out,
        );
        assert_eq!(text(r, "", &out).as_deref(), Some("1 2"));
        assert_eq!(eval(qp, b"http://h/?a=1", &arg(None), &mut out), NULL);
    }

    #[test]
    fn parse_url_answers_as_spark_does() {
        let mut out = vec![0; 64];
        let u = "http://user@spark.apache.org:80/path?query=1&k=v#frag";
        let part = |p: &str, k: Option<&str>| {
            let mut a = arg(Some(p));
            if let Some(k) = k {
                a.extend(arg(Some(k)));
            }
            a
        };
        let mut get = |p: &str, k: Option<&str>| {
            let r = eval(PARSE_URL, u.as_bytes(), &part(p, k), &mut out);
            text(r, u, &out)
        };
        assert_eq!(get("HOST", None).as_deref(), Some("spark.apache.org"));
        assert_eq!(get("FILE", None).as_deref(), Some("/path?query=1&k=v"));
        assert_eq!(get("USERINFO", None).as_deref(), Some("user"));
        assert_eq!(get("QUERY", Some("k")).as_deref(), Some("v"));
        assert_eq!(get("host", None), None);
        assert_eq!(get("REF", Some("k")), None);
        // Not a URI for java.net.URI: NULL, as try_parse_url answers.
        assert_eq!(
            eval(PARSE_URL, b"http://a b/", &part("HOST", None), &mut out),
            NULL
        );
        // A byte that is not UTF-8 is U+FFFD, an "other" character.
        let r = eval(PARSE_URL, b"http://h/a\xff", &part("PATH", None), &mut out);
        assert_eq!(text(r, "", &out).as_deref(), Some("/a\u{fffd}"));
    }

    #[test]
    fn a_bad_argument_is_an_error_that_names_it() {
        let mut out = vec![0; 256];
        let r = eval(
            index("uri_host"),
            b"http://a/",
            &arg(Some("rfc0")),
            &mut out,
        );
        assert_eq!(r, ERROR);
        let n = i32::from_le_bytes(out[..4].try_into().unwrap()) as usize;
        let msg = std::str::from_utf8(&out[4..4 + n]).unwrap();
        assert!(msg.contains("unknown dialect"), "{msg}");
        let e = check(index("uri_resolve"), &arg(Some("../c"))).unwrap_err();
        assert!(e.contains("base") && e.starts_with("uri_resolve"), "{e}");
        assert!(check(index("uri_resolve"), &arg(Some("http://a/b"))).is_ok());
        assert!(check(index("uri_host"), &arg(Some("rfc0"))).is_err());
        // A message cut to the room there is, at a character's boundary.
        let mut tiny = vec![0; 7];
        assert_eq!(message(&mut tiny, ERROR, "éé"), ERROR);
        assert_eq!(&tiny[..6], &[2, 0, 0, 0, 0xc3, 0xa9]);
    }
}
