//! Reading a template's text (RFC 6570 section 2): literals and
//! expressions, each expression's operator and variables.
//!
//! May use: `grammar`, `error`, and the types of `template`.

use alloc::vec::Vec;

use super::{Modifier, Operator, Part, VarSpec};
use crate::grammar::rfc3986::hex2_at;
use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
use crate::grammar::rfc6570::{LITERAL, VARCHAR};
use crate::{Error, ErrorKind};

fn err(kind: ErrorKind, at: usize) -> Error {
    Error::new(kind, at)
}

/// The parts of `text` and their variables, or the first error.
pub(super) fn parts(text: &str) -> Result<(Vec<Part>, Vec<VarSpec>), Error> {
    let b = text.as_bytes();
    crate::work::add(b.len());
    let mut parts = Vec::new();
    let mut vars = Vec::new();
    let mut i = 0;
    let mut lit = 0;
    while i < b.len() {
        if b[i] == b'{' {
            if lit < i {
                parts.push(Part::Literal(lit..i));
            }
            let (part, end) = parse_expression(text, i, &mut vars)?;
            parts.push(part);
            i = end;
            lit = i;
            continue;
        }
        i = literal_end(text, i)?;
    }
    if lit < b.len() {
        parts.push(Part::Literal(lit..b.len()));
    }
    Ok((parts, vars))
}

/// The end of the literal character at `i` (section 2.1), or the error.
fn literal_end(text: &str, i: usize) -> Result<usize, Error> {
    let b = text.as_bytes();
    let c = b[i];
    if LITERAL.allows(c) {
        return Ok(i + 1);
    }
    if c == b'%' {
        return if hex2_at(b, i + 1) {
            Ok(i + 3)
        } else {
            Err(err(ErrorKind::InvalidTemplate, i))
        };
    }
    if c >= 0x80 {
        if let Some(ch) = text[i..].chars().next() {
            let cp = u32::from(ch);
            if is_ucschar(cp) || is_iprivate(cp) {
                return Ok(i + ch.len_utf8());
            }
        }
    }
    Err(err(ErrorKind::InvalidTemplate, i))
}

/// Parses the expression whose `{` is at `open`; returns it and the
/// offset after its `}`.
fn parse_expression(
    text: &str,
    open: usize,
    vars: &mut Vec<VarSpec>,
) -> Result<(Part, usize), Error> {
    let b = text.as_bytes();
    let mut i = open + 1;
    let op = match b.get(i) {
        Some(&(b'=' | b',' | b'!' | b'@' | b'|')) => {
            // Section 2.2: reserved for future extensions.
            return Err(err(ErrorKind::InvalidTemplate, i));
        }
        Some(&c) => match Operator::of(c) {
            Some(op) => {
                i += 1;
                op
            }
            None => Operator::Simple,
        },
        None => return Err(err(ErrorKind::InvalidTemplate, open)),
    };
    let first = vars.len();
    loop {
        // varname = varchar *( ["."] varchar )
        let start = i;
        let mut dot_ok = false;
        loop {
            match b.get(i) {
                Some(b'%') if hex2_at(b, i + 1) => {
                    i += 3;
                    dot_ok = true;
                }
                Some(&c) if VARCHAR.allows(c) => {
                    i += 1;
                    dot_ok = true;
                }
                Some(b'.')
                    if dot_ok
                        && b.get(i + 1)
                            .is_some_and(|&n| VARCHAR.allows(n) || n == b'%') =>
                {
                    i += 1;
                    dot_ok = false;
                }
                _ => break,
            }
        }
        if i == start {
            return Err(err(ErrorKind::InvalidTemplate, at_or_open(b, i, open)));
        }
        let name = start..i;
        let modifier = match b.get(i) {
            Some(b':') => {
                let digits = i + 1;
                let mut j = digits;
                while j < b.len() && b[j].is_ascii_digit() && j - digits < 4 {
                    j += 1;
                }
                // max-length = %x31-39 0*3DIGIT: 1 to 9999, no leading zero.
                if j == digits || b[digits] == b'0' {
                    return Err(err(ErrorKind::InvalidTemplate, digits.min(b.len())));
                }
                if b.get(j).is_some_and(u8::is_ascii_digit) {
                    return Err(err(ErrorKind::InvalidTemplate, digits));
                }
                let n: u16 = text[digits..j].parse().unwrap_or(0);
                i = j;
                if b.get(i) == Some(&b'*') {
                    // A prefix and an explode on one variable.
                    return Err(err(ErrorKind::InvalidTemplate, i));
                }
                Modifier::Prefix(n)
            }
            Some(b'*') => {
                i += 1;
                Modifier::Explode
            }
            _ => Modifier::None,
        };
        vars.push(VarSpec {
            name,
            modifier,
            id: 0,
        });
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                let part = Part::Expression {
                    op,
                    vars: first..vars.len(),
                    open,
                };
                return Ok((part, i + 1));
            }
            None => return Err(err(ErrorKind::InvalidTemplate, open)),
            Some(_) => return Err(err(ErrorKind::InvalidTemplate, i)),
        }
    }
}

/// Where an empty name is reported: at the offending byte, or at the
/// `{` when the template ends inside the expression.
fn at_or_open(b: &[u8], i: usize, open: usize) -> usize {
    if i >= b.len() {
        open
    } else {
        i
    }
}
