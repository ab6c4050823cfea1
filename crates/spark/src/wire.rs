//! The bytes that cross between the jar and the library on each row: the
//! arguments after the first (the jar writes them), and a result that is
//! not one string, boolean or integer (the library writes it, the jar's
//! `Cells` reads it into Spark's values).
//!
//! Every number is little-endian. A cell is one of:
//!
//! - a string: an `i32` length (`-1`: NULL), then that many UTF-8 bytes;
//! - an integer (`int32` or `int64` in Spark): an `i32` (`-1`: NULL, `0`:
//!   present), then an `i64`;
//! - a boolean: an `i32`, `-1` NULL, `-2` false, `-3` true;
//! - a list: an `i32` count (`-1`: NULL), then that many cells;
//! - a struct: an `i32` (`-1`: NULL, `0`: present), then one cell per member.
//!
//! An argument is an `i32`: `-1` NULL, `-2` false, `-3` true, or a length
//! `>= 0` followed by that many bytes of text.

use urikit_columns::{At, Param, Spec, TldMember, Ty, Value};

/// The arguments after the first column, read from `bytes` as the jar
/// wrote them, one for each of `params`. Text that is not UTF-8 is NULL
/// (as a dialect, a base or a name it serves no row). `None`: the bytes
/// are not `params.len()` arguments.
pub fn args<'a>(params: &[Param], mut bytes: &'a [u8]) -> Option<Vec<At<'a>>> {
    let mut out = Vec::with_capacity(params.len());
    for p in params {
        let (tag, rest) = bytes.split_first_chunk::<4>()?;
        bytes = rest;
        let at = match i32::from_le_bytes(*tag) {
            -1 if matches!(p, Param::Bool(_)) => At::Flag(None),
            -1 => At::Text(None),
            -2 => At::Flag(Some(false)),
            -3 => At::Flag(Some(true)),
            n => {
                let n = usize::try_from(n).ok()?;
                let (text, rest) = bytes.split_at_checked(n)?;
                bytes = rest;
                At::Text(std::str::from_utf8(text).ok())
            }
        };
        out.push(at);
    }
    bytes.is_empty().then_some(out)
}

/// Writes cells into a buffer.
#[derive(Default)]
pub struct Cells(pub Vec<u8>);

impl Cells {
    fn tag(&mut self, n: i32) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    /// A string cell.
    pub fn str(&mut self, s: Option<&str>) {
        match s {
            None => self.tag(-1),
            Some(s) => {
                // A cell longer than 2 GiB cannot be one Spark string; the
                // jar's buffer never grows that far, so the length is a
                // saturated marker that the jar refuses.
                self.tag(i32::try_from(s.len()).unwrap_or(i32::MAX));
                self.0.extend_from_slice(s.as_bytes());
            }
        }
    }

    /// An integer cell.
    pub fn int(&mut self, n: Option<i64>) {
        match n {
            None => self.tag(-1),
            Some(n) => {
                self.tag(0);
                self.0.extend_from_slice(&n.to_le_bytes());
            }
        }
    }

    /// A boolean cell.
    pub fn flag(&mut self, b: Option<bool>) {
        self.tag(match b {
            None => -1,
            Some(false) => -2,
            Some(true) => -3,
        });
    }

    /// The head of a list of `n` cells.
    pub fn list(&mut self, n: usize) {
        self.tag(i32::try_from(n).unwrap_or(i32::MAX));
    }

    /// The head of a present struct (its members follow).
    pub fn row(&mut self) {
        self.tag(0);
    }

    fn error(&mut self, code: &str, offset: usize, message: &str) {
        self.row();
        self.str(Some(code));
        self.int(Some(i64::try_from(offset).unwrap_or(i64::MAX)));
        self.str(Some(message));
    }

    /// `v`, a result of type `ty` that is not a string, a boolean or an
    /// integer, as one cell; `false` when `v` is NULL (nothing written).
    pub fn value(&mut self, ty: Ty, v: &Value<'_>) -> bool {
        match (ty, v) {
            (_, Value::Null) => return false,
            (Ty::StrList, Value::List(items)) => {
                self.list(items.len());
                for s in items {
                    self.str(s.as_deref());
                }
            }
            (Ty::Pairs, Value::Pairs(pairs)) => {
                self.list(pairs.len());
                for (k, v) in pairs {
                    self.row();
                    self.str(k.as_deref());
                    self.str(v.as_deref());
                }
            }
            (Ty::ErrorStruct, Value::Error(code, offset, message)) => {
                self.error(code, *offset, message)
            }
            (Ty::ErrorList, Value::Errors(errors)) => {
                self.list(errors.len());
                for (code, offset, message) in errors {
                    self.error(code, *offset, message);
                }
            }
            (Ty::ParseStruct, Value::Parse(parts)) => {
                self.row();
                for p in parts {
                    self.str(*p);
                }
            }
            (Ty::ParseStruct, Value::ParseOwned(parts)) => {
                self.row();
                for p in parts {
                    self.str(p.as_deref());
                }
            }
            (Ty::CcStruct, Value::Cc(c)) => {
                self.row();
                for name in urikit_columns::CC_NAMES {
                    if name == "url_port" {
                        self.int(c.port.map(i64::from));
                    } else {
                        self.str(c.text(name).flatten());
                    }
                }
            }
            (Ty::TldStruct, Value::Tld(e)) => {
                self.row();
                for k in 0..urikit_columns::TLD_NAMES.len() {
                    match urikit_columns::tld_member(e, k) {
                        TldMember::Text(t) => self.str(Some(t)),
                        TldMember::Flag(f) => self.flag(Some(f)),
                    }
                }
            }
            // A value of another type than the table's: the evaluator and
            // the table disagree, which the tests rule out; NULL.
            _ => return false,
        }
        true
    }
}

/// The Spark SQL (DDL) type of a result type: what the jar asks Spark's
/// parser for (`DataType.fromDDL`).
///
/// ```
/// use urikit_columns::Ty;
/// assert_eq!(urikit_spark::wire::ddl(Ty::Pairs), "array<struct<key:string,value:string>>");
/// ```
pub fn ddl(ty: Ty) -> String {
    let t = urikit_columns::data_type(ty);
    // Every result type of the table has one (tested below); the jar's
    // parser would refuse this one by name.
    urikit_columns::spark_ddl(&t).unwrap_or_else(|| format!("unknown<{t}>"))
}

/// One letter per parameter after the first column, for the jar: `D` a
/// dialect, `T` a text, `R` a reference, `B` a boolean.
pub fn params(spec: &Spec) -> String {
    spec.params
        .iter()
        .map(|p| match p {
            Param::Dialect => 'D',
            Param::Text(_) => 'T',
            Param::Ref(_) => 'R',
            Param::Bool(_) => 'B',
        })
        .collect()
}

/// A string result that lies inside `input` (a slice of the row's text):
/// its start and length there. (An owned result is its own allocation,
/// never inside the input.)
pub fn within(input: &[u8], s: &str) -> Option<(usize, usize)> {
    let start = (s.as_ptr() as usize).checked_sub(input.as_ptr() as usize)?;
    (start + s.len() <= input.len()).then_some((start, s.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_round_trip_and_malformed_ones_are_refused() {
        let mut b = Vec::new();
        b.extend_from_slice(&3i32.to_le_bytes());
        b.extend_from_slice(b"abc");
        b.extend_from_slice(&(-1i32).to_le_bytes());
        let ps = [Param::Text("name"), Param::Dialect];
        assert_eq!(
            args(&ps, &b),
            Some(vec![At::Text(Some("abc")), At::Text(None)])
        );
        // A length past the end, or bytes left over.
        assert_eq!(args(&ps, &b[..6]), None);
        assert_eq!(args(&ps[..1], &b), None);
        let flag = (-3i32).to_le_bytes();
        assert_eq!(
            args(&[Param::Bool("idna")], &flag),
            Some(vec![At::Flag(Some(true))])
        );
        // Text that is not UTF-8 is NULL.
        let mut bad = 1i32.to_le_bytes().to_vec();
        bad.push(0xff);
        assert_eq!(args(&ps[..1], &bad), Some(vec![At::Text(None)]));
    }

    #[test]
    fn every_result_type_has_a_spark_type() {
        for spec in urikit_columns::SPECS {
            assert!(!ddl(spec.ty).contains("unknown"), "{}", spec.name);
        }
        assert_eq!(
            ddl(Ty::ErrorStruct),
            "struct<code:string,offset:bigint,message:string>"
        );
    }

    #[test]
    fn a_slice_is_found_inside_the_input_only() {
        let input = "http://a/b";
        assert_eq!(within(input.as_bytes(), &input[7..8]), Some((7, 1)));
        let other = String::from("a");
        assert_eq!(within(input.as_bytes(), other.as_str()), None);
    }
}
