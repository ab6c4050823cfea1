//! The direct kernels: for the functions whose answer is whether a text
//! parses, a slice of it, or its port number, under a dialect given once
//! for the whole call, one loop parses each row and writes the answer
//! straight into the result's buffers, reserved once for the range: no
//! row's value is built, moved or dropped on the way, and no buffer grows.
//! Everything else (and every row that is not UTF-8) is the general
//! evaluator's, which gives the same answers (the tests compare them on
//! every dataset line).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int32Builder, StringBuilder};
use arrow_array::ArrayRef;
use urikit::{Dialect, Parser};

use crate::eval::{eval_row, parser_for, slice_fn, Value};
use crate::input::*;
use crate::ops;
use crate::spec::*;
use crate::value::MAX_BYTES;

/// Rows `range` of `col` by a direct kernel, or `None` when `spec` with
/// these arguments has none.
pub(crate) fn run(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    offset: usize,
    range: std::ops::Range<usize>,
) -> Option<Result<ArrayRef, String>> {
    // The dialect, the only argument these functions take, once for all.
    let dialect = match dialect_index(spec) {
        // Given as a column: each row may differ.
        Some(k) if k < args.items.len() && !args.is_literal(k) => return None,
        Some(k) => args.at(k, 0),
        None => None,
    };
    if spec.params.len() > usize::from(dialect_index(spec).is_some()) {
        return None;
    }
    let parser = match parser_for(dialect, &mut None) {
        Ok(p) if p.dialect() != Dialect::Whatwg => p,
        Ok(_) => return None,
        Err(e) => return Some(Err(e)),
    };
    // A row the kernel does not write (bytes that are not UTF-8): the
    // general evaluator's answer.
    let general = |i: usize| eval_row(spec, col.get(i, false), args, offset + i, &mut None);
    let n = range.len();
    Some(Ok(match spec.f {
        F::IsValid => {
            let mut b = BooleanBuilder::with_capacity(n);
            col.each(range, |_, row| match row {
                Row::Text(s) => b.append_value(parser.parse(s).is_ok()),
                Row::Null => b.append_null(),
                Row::Bad(..) => b.append_value(false),
            });
            Arc::new(b.finish())
        }
        F::PortNumber => {
            let mut b = Int32Builder::with_capacity(n);
            col.each(range, |_, row| match row {
                Row::Text(s) => b.append_option(port(parser, s)),
                _ => b.append_null(),
            });
            Arc::new(b.finish())
        }
        f => {
            let get = slice_fn(f)?;
            // Reserved once: a slice of a row is no longer than the row.
            let bytes = col.bytes(&range);
            if bytes > MAX_BYTES {
                return None;
            }
            let mut b = StringBuilder::with_capacity(n, bytes);
            let mut failed = None;
            col.each(range, |i, row| match row {
                Row::Text(s) => match parser.parse(s).ok().and_then(get) {
                    Some(v) => b.append_value(v),
                    None => b.append_null(),
                },
                Row::Null => b.append_null(),
                Row::Bad(..) => match general(i) {
                    Ok(Value::Str(v)) => b.append_value(v),
                    Ok(_) => b.append_null(),
                    Err(e) => {
                        failed.get_or_insert(e);
                        b.append_null();
                    }
                },
            });
            if let Some(e) = failed {
                return Some(Err(e));
            }
            Arc::new(b.finish())
        }
    }))
}

/// `uri_port_number` of the text `s`.
#[inline]
fn port(parser: Parser, s: &str) -> Option<i32> {
    parser
        .parse(s)
        .ok()
        .and_then(ops::port_number)
        .map(i32::from)
}
