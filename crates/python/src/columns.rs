//! The column functions over Arrow arrays: one table ([`SPECS`]) names
//! each function of the contract, its arguments and its result type; one
//! evaluator ([`eval`]) computes a row through [`crate::ops`]; one writer
//! per result type fills the Arrow builder. The Python module
//! `urikit.arrow` and the SQL engines' registrations read the table, so
//! that no function is written once per engine.
//!
//! A batch runs without the GIL; a large one is cut into as many parts as
//! the machine has cores, each part evaluated on its own thread.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int32Builder, Int64Builder, ListBuilder, StringBuilder, StructBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, OffsetSizeTrait};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use urikit::pct::Component;
use urikit::{Dialect, Parser, Part, UriRef};

use crate::ops;

/// A result type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    Str,
    Bool,
    I32,
    StrList,
    Pairs,
    ErrorStruct,
    ParseStruct,
}

/// What an argument after the first column is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Param {
    /// A dialect's name (`rfc3986` when absent).
    Dialect,
    /// A text (a base, a parameter name, a glob, a component name).
    Text(&'static str),
    /// A second reference (`b` of `uri_equivalent`, `base`).
    Ref(&'static str),
    /// A boolean (`idna`).
    Bool(&'static str),
}

impl Param {
    fn name(self) -> &'static str {
        match self {
            Param::Dialect => "dialect",
            Param::Text(n) | Param::Ref(n) | Param::Bool(n) => n,
        }
    }
}

/// The functions, in the contract's order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum F {
    IsValid,
    Error,
    Parse,
    Scheme,
    Userinfo,
    Authority,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    HostType,
    PortNumber,
    User,
    Password,
    HostDecoded,
    HostAscii,
    HostUnicode,
    RegistrableDomain,
    PublicSuffix,
    PathSegments,
    QueryParam,
    QueryParams,
    WithoutQuery,
    WithoutFragment,
    WithoutUserinfo,
    RemoveQueryParams,
    Resolve,
    Normalize,
    Equivalent,
    Relativize,
    Clean,
    Hierarchy,
    ToUri,
    ToIri,
    Encode,
    Decode,
    Extract,
}

/// One function of the contract.
pub struct Spec {
    pub f: F,
    /// The SQL name (`uri_host`); Python's is without `uri_`.
    pub name: &'static str,
    /// The name of the first argument (the column).
    pub first: &'static str,
    /// The arguments after the first.
    pub params: &'static [Param],
    /// How many of `params` must be given.
    pub required: usize,
    pub ty: Ty,
    /// One line for the docstring.
    pub doc: &'static str,
}

macro_rules! spec {
    ($f:ident, $name:literal, $first:literal, [$($p:expr),*], $req:literal, $ty:ident, $doc:literal) => {
        Spec { f: F::$f, name: $name, first: $first, params: &[$($p),*], required: $req, ty: Ty::$ty, doc: $doc }
    };
}

use Param::{Bool as B, Dialect as D, Ref as R, Text as T};

/// Every function of `functions.md`.
pub static SPECS: &[Spec] = &[
    spec!(IsValid, "uri_is_valid", "u", [D], 0, Bool, "Whether each text is a valid URI reference."),
    spec!(Error, "uri_error", "u", [D], 0, ErrorStruct, "Why each text is not a valid URI reference: {code, offset (bytes), message}; NULL when valid."),
    spec!(Parse, "uri_parse", "u", [D], 0, ParseStruct, "The components as written: {kind, scheme, userinfo, host, host_type, port, path, query, fragment}."),
    spec!(Scheme, "uri_scheme", "u", [D], 0, Str, "The scheme as written."),
    spec!(Userinfo, "uri_userinfo", "u", [D], 0, Str, "The userinfo as written."),
    spec!(Authority, "uri_authority", "u", [D], 0, Str, "The authority as written."),
    spec!(Host, "uri_host", "u", [D], 0, Str, "The host as written (an IP literal with its brackets)."),
    spec!(Port, "uri_port", "u", [D], 0, Str, "The port as written."),
    spec!(Path, "uri_path", "u", [D], 0, Str, "The path as written."),
    spec!(Query, "uri_query", "u", [D], 0, Str, "The query as written."),
    spec!(Fragment, "uri_fragment", "u", [D], 0, Str, "The fragment as written."),
    spec!(HostType, "uri_host_type", "u", [D], 0, Str, "reg-name, ipv4, ipv6 or ipvfuture."),
    spec!(PortNumber, "uri_port_number", "u", [D], 0, I32, "The port, or the scheme's default when absent."),
    spec!(User, "uri_user", "u", [D], 0, Str, "The userinfo before its first ':', decoded."),
    spec!(Password, "uri_password", "u", [D], 0, Str, "The userinfo after its first ':', decoded."),
    spec!(HostDecoded, "uri_host_decoded", "u", [D], 0, Str, "A reg-name percent-decoded, an IP literal without brackets."),
    spec!(HostAscii, "uri_host_ascii", "u", [D], 0, Str, "IDNA ToASCII of the host (UTS #46)."),
    spec!(HostUnicode, "uri_host_unicode", "u", [D], 0, Str, "IDNA ToUnicode of the host (UTS #46)."),
    spec!(RegistrableDomain, "uri_registrable_domain", "u", [D], 0, Str, "The registrable domain by the Public Suffix List."),
    spec!(PublicSuffix, "uri_public_suffix", "u", [D], 0, Str, "The public suffix by the Public Suffix List."),
    spec!(PathSegments, "uri_path_segments", "u", [D], 0, StrList, "The path's segments, decoded."),
    spec!(QueryParam, "uri_query_param", "u", [T("name"), D], 1, Str, "The first value of a query parameter, form-decoded."),
    spec!(QueryParams, "uri_query_params", "u", [D], 0, Pairs, "The query's pairs in order, decoded."),
    spec!(WithoutQuery, "uri_without_query", "u", [D], 0, Str, "The reference without its query."),
    spec!(WithoutFragment, "uri_without_fragment", "u", [D], 0, Str, "The reference without its fragment."),
    spec!(WithoutUserinfo, "uri_without_userinfo", "u", [D], 0, Str, "The reference without its userinfo."),
    spec!(RemoveQueryParams, "uri_remove_query_params", "u", [T("pattern"), D], 1, Str, "The reference without the query parameters whose name matches a glob."),
    spec!(Resolve, "uri_resolve", "ref", [R("base"), D], 1, Str, "The reference resolved against a base (RFC 3986 section 5.2)."),
    spec!(Normalize, "uri_normalize", "u", [D], 0, Str, "The reference normalized (RFC 3986 section 6.2.2)."),
    spec!(Equivalent, "uri_equivalent", "a", [R("b"), D], 1, Bool, "Whether two references are equivalent."),
    spec!(Relativize, "uri_relativize", "target", [R("base"), D], 1, Str, "The shortest reference from a base to the target."),
    spec!(Clean, "uri_clean", "u", [T("drop"), D], 0, Str, "Normalized, tracking parameters dropped, query sorted, no fragment."),
    spec!(Hierarchy, "uri_hierarchy", "u", [D], 0, StrList, "The reference cut after each path segment."),
    spec!(ToUri, "uri_to_uri", "iri", [B("idna")], 0, Str, "An IRI mapped to a URI (RFC 3987 section 3.1)."),
    spec!(ToIri, "uri_to_iri", "u", [], 0, Str, "A URI mapped to an IRI (RFC 3987 section 3.2)."),
    spec!(Encode, "uri_encode", "s", [T("component")], 1, Str, "Text percent-encoded for a component."),
    spec!(Decode, "uri_decode", "s", [], 0, Str, "Text percent-decoded (NULL when not UTF-8)."),
    spec!(Extract, "uri_extract", "text", [D], 0, StrList, "The URIs found in a text."),
];

/// The Arrow type of a result.
pub fn data_type(ty: Ty) -> DataType {
    match ty {
        Ty::Str => DataType::Utf8,
        Ty::Bool => DataType::Boolean,
        Ty::I32 => DataType::Int32,
        Ty::StrList => DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
        Ty::Pairs => DataType::List(Arc::new(Field::new(
            "item",
            DataType::Struct(pair_fields()),
            true,
        ))),
        Ty::ErrorStruct => DataType::Struct(error_fields()),
        Ty::ParseStruct => DataType::Struct(parse_fields()),
    }
}

fn pair_fields() -> Fields {
    Fields::from(vec![
        Field::new("key", DataType::Utf8, true),
        Field::new("value", DataType::Utf8, true),
    ])
}

fn error_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, true),
        Field::new("offset", DataType::Int64, true),
        Field::new("message", DataType::Utf8, true),
    ])
}

/// A member of `uri_parse`'s struct: the kind, a component (named as the
/// library names it), or the host's type.
#[derive(Clone, Copy)]
enum Member {
    Kind,
    Part(Part),
    HostType,
}

impl Member {
    fn name(self) -> &'static str {
        match self {
            Member::Kind => "kind",
            Member::Part(p) => p.name(),
            Member::HostType => "host_type",
        }
    }
}

/// `uri_parse`'s members, in the contract's order.
const PARSE: [Member; 9] = [
    Member::Kind,
    Member::Part(Part::Scheme),
    Member::Part(Part::Userinfo),
    Member::Part(Part::Host),
    Member::HostType,
    Member::Part(Part::Port),
    Member::Part(Part::Path),
    Member::Part(Part::Query),
    Member::Part(Part::Fragment),
];

fn parse_fields() -> Fields {
    Fields::from(
        PARSE
            .iter()
            .map(|m| Field::new(m.name(), DataType::Utf8, true))
            .collect::<Vec<_>>(),
    )
}

/// A column of text: Arrow `string`, `large_string` or `string_view`.
///
/// Arrow promises UTF-8, but a producer may not keep the promise (Spark
/// casting a binary column to string sends the bytes as they are, and an
/// array imported through the C data interface is not checked), so nothing
/// here takes it on trust: a range of rows whose bytes are all UTF-8 and
/// whose offsets all fall between characters is read through Arrow's own
/// accessor, any other row is checked on its own.
enum Strs<'a> {
    Utf8(&'a arrow_array::StringArray),
    Large(&'a arrow_array::LargeStringArray),
    View(arrow_array::BinaryViewArray),
    /// A column of the null type (a NULL literal in DuckDB, an all-null
    /// Polars series): every row NULL.
    Nulls,
}

/// A row of a column of text.
enum Row<'a> {
    Null,
    Text(&'a str),
    /// Bytes that are not UTF-8, and where they stop being.
    Bad(std::str::Utf8Error, u8),
}

impl<'a> Strs<'a> {
    fn of(a: &'a dyn Array, what: &str) -> PyResult<Strs<'a>> {
        Ok(match a.data_type() {
            DataType::Utf8 => Strs::Utf8(a.as_string::<i32>()),
            DataType::LargeUtf8 => Strs::Large(a.as_string::<i64>()),
            DataType::Utf8View => Strs::View(a.as_string_view().clone().to_binary_view()),
            // NULL in, NULL out (functions.md), whatever the engine typed
            // a column of nothing but NULL as.
            DataType::Null => Strs::Nulls,
            other => {
                return Err(PyTypeError::new_err(format!(
                    "{what} must be a column of strings (Arrow string, large_string or \
                     string_view), not {other}"
                )))
            }
        })
    }

    /// Whether rows `range` are all UTF-8 with their offsets between
    /// characters (an offsets array only).
    fn utf8(&self, range: &std::ops::Range<usize>) -> bool {
        fn check<O: OffsetSizeTrait>(
            offsets: &[O],
            data: &[u8],
            range: &std::ops::Range<usize>,
        ) -> bool {
            let at = |k: usize| offsets[k].as_usize();
            let (from, to) = (at(range.start), at(range.end));
            // A byte that continues a character (10xxxxxx) cannot begin one.
            let starts = offsets[range.start..=range.end]
                .iter()
                .all(|o| data.get(o.as_usize()).is_none_or(|&b| b & 0xC0 != 0x80));
            starts && std::str::from_utf8(&data[from..to]).is_ok()
        }
        match self {
            Strs::Utf8(a) => check(a.value_offsets(), a.value_data(), range),
            Strs::Large(a) => check(a.value_offsets(), a.value_data(), range),
            Strs::View(_) | Strs::Nulls => false,
        }
    }

    /// Row `i`; `utf8` when its range was checked by [`Strs::utf8`].
    fn get(&self, i: usize, utf8: bool) -> Row<'_> {
        /// A row of an offsets array: Arrow's accessor on a checked range,
        /// the bytes checked otherwise.
        fn offsets_row<O: OffsetSizeTrait>(
            a: &arrow_array::GenericStringArray<O>,
            i: usize,
            utf8: bool,
        ) -> Row<'_> {
            if a.is_null(i) {
                return Row::Null;
            }
            if utf8 {
                return Row::Text(a.value(i));
            }
            let o = a.value_offsets();
            checked(&a.value_data()[o[i].as_usize()..o[i + 1].as_usize()])
        }
        fn checked(b: &[u8]) -> Row<'_> {
            match std::str::from_utf8(b) {
                Ok(s) => Row::Text(s),
                Err(e) => Row::Bad(e, b[e.valid_up_to()]),
            }
        }
        match self {
            Strs::Utf8(a) => offsets_row(a, i, utf8),
            Strs::Large(a) => offsets_row(a, i, utf8),
            Strs::View(a) if a.is_null(i) => Row::Null,
            Strs::View(a) => checked(a.value(i)),
            Strs::Nulls => Row::Null,
        }
    }

    /// Row `i` as text, None for NULL or bytes that are not UTF-8.
    fn text(&self, i: usize) -> Option<&str> {
        match self.get(i, false) {
            Row::Text(t) => Some(t),
            _ => None,
        }
    }
}

/// An argument after the first: one value for every row, or a column.
pub enum Arg {
    Text(Option<String>),
    Texts(ArrayRef),
    Flag(Option<bool>),
    Flags(ArrayRef),
}

/// An argument's value on a row.
#[derive(Clone, Copy)]
enum At<'a> {
    Text(Option<&'a str>),
    Flag(Option<bool>),
}

impl At<'_> {
    fn is_null(self) -> bool {
        matches!(self, At::Text(None) | At::Flag(None))
    }
}

/// The arguments, ready to read row by row.
struct Args<'a> {
    items: Vec<ArgCol<'a>>,
}

enum ArgCol<'a> {
    Text(Option<&'a str>),
    Texts(Strs<'a>),
    Flag(Option<bool>),
    Flags(&'a BooleanArray),
}

impl<'a> Args<'a> {
    fn new(args: &'a [Arg]) -> PyResult<Args<'a>> {
        let items = args
            .iter()
            .map(|a| {
                Ok(match a {
                    Arg::Text(t) => ArgCol::Text(t.as_deref()),
                    Arg::Texts(c) => ArgCol::Texts(Strs::of(c.as_ref(), "an argument column")?),
                    Arg::Flag(b) => ArgCol::Flag(*b),
                    Arg::Flags(c) => ArgCol::Flags(c.as_boolean()),
                })
            })
            .collect::<PyResult<_>>()?;
        Ok(Args { items })
    }

    /// Whether argument `k` is one value for every row.
    fn is_literal(&self, k: usize) -> bool {
        matches!(self.items.get(k), Some(ArgCol::Text(_) | ArgCol::Flag(_)))
    }

    fn at(&self, k: usize, row: usize) -> Option<At<'_>> {
        Some(match self.items.get(k)? {
            ArgCol::Text(t) => At::Text(*t),
            ArgCol::Texts(c) => At::Text(c.text(row)),
            ArgCol::Flag(b) => At::Flag(*b),
            ArgCol::Flags(c) => At::Flag(c.is_valid(row).then(|| c.value(row))),
        })
    }
}

/// A row's result.
enum Value<'a> {
    Null,
    Str(Cow<'a, str>),
    Bool(bool),
    I32(i32),
    List(Vec<Option<Cow<'a, str>>>),
    Pairs(Vec<ops::Pair<'a>>),
    Error(&'static str, usize, String),
    Parse([Option<&'a str>; 9]),
}

fn opt<'a>(v: Option<impl Into<Cow<'a, str>>>) -> Value<'a> {
    v.map_or(Value::Null, |s| Value::Str(s.into()))
}

fn owned<'a>(v: Option<urikit::UriRefBuf>) -> Value<'a> {
    v.map_or(Value::Null, |b| Value::Str(Cow::Owned(b.into_string())))
}

/// The parser a row asks for: its dialect argument, or RFC 3986.
fn parser_for(at: Option<At<'_>>, cache: &mut Option<(String, Parser)>) -> Result<Parser, String> {
    let name = match at {
        Some(At::Text(Some(n))) => n,
        _ => return Ok(Parser::new(Dialect::Rfc3986)),
    };
    if let Some((n, p)) = cache {
        if n == name {
            return Ok(*p);
        }
    }
    let d = Dialect::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        format!(
            "unknown dialect {name:?}; expected one of: {}",
            names.join(", ")
        )
    })?;
    let p = Parser::new(d);
    *cache = Some((name.to_owned(), p));
    Ok(p)
}

/// The index of the dialect among `spec`'s parameters.
fn dialect_index(spec: &Spec) -> Option<usize> {
    spec.params.iter().position(|p| *p == Param::Dialect)
}

/// Evaluates `spec` on one row: the first column's text `s` and the
/// arguments at row `row`. `Err` is an argument that is wrong for every
/// row alike (an unknown dialect or component), raised as `ValueError`.
fn eval<'a>(
    spec: &Spec,
    s: &'a str,
    args: &'a Args<'_>,
    row: usize,
    cache: &mut Option<(String, Parser)>,
) -> Result<Value<'a>, String> {
    // An argument that is NULL makes the row NULL; an optional argument
    // given as a None literal is absent (its default applies), as is a
    // NULL dialect (RFC 3986).
    for (k, p) in spec.params.iter().enumerate() {
        let absent = *p == Param::Dialect || k >= spec.required && args.is_literal(k);
        if !absent && args.at(k, row).is_some_and(At::is_null) {
            return Ok(Value::Null);
        }
    }
    let text = |k: usize| match args.at(k, row) {
        Some(At::Text(t)) => t,
        _ => None,
    };
    let parser = parser_for(dialect_index(spec).and_then(|k| args.at(k, row)), cache)?;
    // The functions that do not read `s` as a reference of the dialect.
    match spec.f {
        F::ToUri => {
            let idna = matches!(args.at(0, row), Some(At::Flag(Some(true))));
            return Ok(owned(ops::to_uri(s, idna)));
        }
        F::Encode => {
            let name = text(0).unwrap_or_default();
            let c = Component::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown component {name:?}; expected one of: {}",
                    names.join(", ")
                )
            })?;
            return Ok(Value::Str(ops::encode(s, c)));
        }
        F::Decode => return Ok(opt(ops::decode(s))),
        F::Extract => {
            return Ok(Value::List(
                ops::extract(s, parser.dialect())
                    .into_iter()
                    .map(Some)
                    .collect(),
            ))
        }
        _ => {}
    }
    let u = match parser.parse(s) {
        Ok(u) => u,
        Err(e) => {
            return Ok(match spec.f {
                F::IsValid => Value::Bool(false),
                F::Error => Value::Error(
                    e.code(),
                    e.offset(),
                    crate::error::message(e, s, parser.dialect() == Dialect::Rfc3987),
                ),
                _ => Value::Null,
            })
        }
    };
    // A second reference, read by the same dialect.
    let other = |k: usize| -> Option<UriRef<'a>> { parser.parse(text(k)?).ok() };
    Ok(match spec.f {
        F::IsValid => Value::Bool(true),
        F::Error => Value::Null,
        F::Parse => Value::Parse(PARSE.map(|m| match m {
            Member::Kind => Some(ops::kind(u)),
            Member::Part(p) => u.get(p),
            Member::HostType => ops::host_type(u),
        })),
        F::Scheme => opt(u.get(Part::Scheme)),
        F::Userinfo => opt(u.get(Part::Userinfo)),
        F::Authority => opt(u.get(Part::Authority)),
        F::Host => opt(u.get(Part::Host)),
        F::Port => opt(u.get(Part::Port)),
        F::Path => opt(u.get(Part::Path)),
        F::Query => opt(u.get(Part::Query)),
        F::Fragment => opt(u.get(Part::Fragment)),
        F::HostType => opt(ops::host_type(u)),
        F::PortNumber => ops::port_number(u).map_or(Value::Null, |p| Value::I32(i32::from(p))),
        F::User => opt(ops::user(u)),
        F::Password => opt(ops::password(u)),
        F::HostDecoded => opt(ops::host_decoded(u)),
        F::HostAscii => opt(ops::host_ascii(u)),
        F::HostUnicode => opt(ops::host_unicode(u)),
        F::RegistrableDomain => opt(ops::registrable_domain(u)),
        F::PublicSuffix => opt(ops::public_suffix(u)),
        F::PathSegments => Value::List(ops::path_segments(u)),
        F::QueryParam => opt(ops::query_param(u, text(0).unwrap_or_default())),
        F::QueryParams => Value::Pairs(ops::query_params(u)),
        F::WithoutQuery => owned(ops::without_query(u)),
        F::WithoutFragment => owned(ops::without_fragment(u)),
        F::WithoutUserinfo => owned(ops::without_userinfo(u)),
        F::RemoveQueryParams => {
            let globs: Vec<&str> = text(0)
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .collect();
            owned(ops::remove_query_params(u, &globs))
        }
        F::Resolve => match other(0) {
            Some(base) => owned(ops::resolve(u, base, parser.dialect())),
            None => Value::Null,
        },
        F::Normalize => Value::Str(Cow::Owned(ops::normalize(u).into_string())),
        F::Equivalent => match other(0) {
            Some(b) => Value::Bool(ops::equivalent(u, b)),
            None => Value::Null,
        },
        F::Relativize => match other(0) {
            Some(base) => owned(ops::relativize(u, base)),
            None => Value::Null,
        },
        F::Clean => {
            let drop: Option<Vec<&str>> = text(0).map(|d| d.split(',').map(str::trim).collect());
            owned(ops::clean(u, drop.as_deref()))
        }
        F::Hierarchy => Value::List(
            ops::hierarchy(u)
                .into_iter()
                .map(|s| Some(Cow::Owned(s)))
                .collect(),
        ),
        F::ToIri => opt(ops::to_iri(u)),
        F::ToUri | F::Encode | F::Decode | F::Extract => unreachable!("handled above"),
    })
}

/// The builder of one result type.
enum Out {
    Str(StringBuilder),
    Bool(BooleanBuilder),
    I32(Int32Builder),
    List(ListBuilder<StringBuilder>),
    Pairs(ListBuilder<StructBuilder>),
    Struct(StructBuilder),
}

/// The most bytes of text one result array holds (Arrow `string` has
/// 32-bit offsets).
const MAX_BYTES: usize = i32::MAX as usize;

impl Out {
    fn new(ty: Ty, rows: usize) -> Out {
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
        }
    }

    fn push(&mut self, v: Value<'_>) -> Result<(), String> {
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
            (Out::Struct(b), Value::Error(code, offset, message)) => {
                str_field(b, 0, Some(code));
                if let Some(o) = b.field_builder::<Int64Builder>(1) {
                    o.append_value(i64::try_from(offset).unwrap_or(i64::MAX));
                }
                str_field(b, 2, Some(&message));
                b.append(true);
            }
            (Out::Struct(b), Value::Parse(parts)) => {
                for (k, p) in parts.iter().enumerate() {
                    str_field(b, k, *p);
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
                    }
                }
                b.append(false);
            }
        }
        Ok(())
    }

    fn finish(self) -> ArrayRef {
        match self {
            Out::Str(mut b) => Arc::new(b.finish()),
            Out::Bool(mut b) => Arc::new(b.finish()),
            Out::I32(mut b) => Arc::new(b.finish()),
            Out::List(mut b) => Arc::new(b.finish()),
            Out::Pairs(mut b) => Arc::new(b.finish()),
            Out::Struct(mut b) => Arc::new(b.finish()),
        }
    }
}

fn str_field(b: &mut StructBuilder, k: usize, v: Option<&str>) {
    if let Some(s) = b.field_builder::<StringBuilder>(k) {
        match v {
            Some(v) => s.append_value(v),
            None => s.append_null(),
        }
    }
}

fn overflow() -> String {
    "the result holds more than 2 GiB of text, more than one Arrow string array can; \
     pass the input in smaller chunks"
        .to_owned()
}

/// Evaluates rows `range` of `col` into one array.
fn run_range(
    spec: &Spec,
    col: &Strs<'_>,
    args: &Args<'_>,
    offset: usize,
    range: std::ops::Range<usize>,
) -> Result<ArrayRef, String> {
    let mut out = Out::new(spec.ty, range.len());
    let mut cache = None;
    let utf8 = col.utf8(&range);
    for i in range {
        let v = match col.get(i, utf8) {
            Row::Null => Value::Null,
            Row::Text(s) => eval(spec, s, args, offset + i, &mut cache)?,
            Row::Bad(e, byte) => not_utf8(spec, e, byte),
        };
        out.push(v)?;
    }
    Ok(out.finish())
}

/// The result for a row whose bytes are not UTF-8: not a valid reference.
fn not_utf8(spec: &Spec, e: std::str::Utf8Error, byte: u8) -> Value<'static> {
    match spec.f {
        F::IsValid => Value::Bool(false),
        F::Error => Value::Error(
            urikit::ErrorKind::InvalidUtf8.code(),
            e.valid_up_to(),
            urikit::report::not_utf8(byte),
        ),
        _ => Value::Null,
    }
}

/// The rows from which a chunk is cut into parts, one per thread.
const PARALLEL_ROWS: usize = 1 << 14;

/// Evaluates a whole chunk whose first row is row `offset` of the column,
/// on several threads when it is large: one array per thread, in order
/// (the caller joins them where it must return one array).
fn run_chunk(
    spec: &Spec,
    chunk: &dyn Array,
    args: &[Arg],
    offset: usize,
) -> Result<Vec<ArrayRef>, String> {
    let col = Strs::of(chunk, "the column").map_err(|e| e.to_string())?;
    let args = Args::new(args).map_err(|e| e.to_string())?;
    let n = chunk.len();
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    if n < PARALLEL_ROWS || threads < 2 {
        return Ok(vec![run_range(spec, &col, &args, offset, 0..n)?]);
    }
    let per = n.div_ceil(threads);
    let parts: Vec<Result<ArrayRef, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .step_by(per)
            .map(|start| {
                let end = (start + per).min(n);
                let args = &args;
                let col = &col;
                scope.spawn(move || run_range(spec, col, args, offset, start..end))
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
fn join(parts: &[ArrayRef]) -> Result<ArrayRef, String> {
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

/// The spec named `name` (with or without `uri_`).
pub fn spec(name: &str) -> PyResult<&'static Spec> {
    SPECS
        .iter()
        .find(|s| s.name == name || s.name.strip_prefix("uri_") == Some(name))
        .ok_or_else(|| PyValueError::new_err(format!("no column function named {name:?}")))
}

/// An argument from Python: a literal (str, bytes, bool or None) or a
/// column of the same length as the first.
fn arg_of(py: Python<'_>, p: Param, obj: &Bound<'_, PyAny>, len: usize) -> PyResult<Arg> {
    if obj.is_none() {
        return Ok(match p {
            Param::Bool(_) => Arg::Flag(None),
            _ => Arg::Text(None),
        });
    }
    if let Param::Bool(name) = p {
        if let Ok(b) = obj.cast::<PyBool>() {
            return Ok(Arg::Flag(Some(b.is_true())));
        }
        let col = column_of(obj)?;
        if col.data_type() == &DataType::Null {
            // A column of nothing but NULL: NULL on every row.
            return check_len(name, col, len).map(|_| Arg::Flag(None));
        }
        if col.data_type() != &DataType::Boolean {
            return Err(PyTypeError::new_err(format!(
                "{name} must be a bool or a column of booleans, not {}",
                col.data_type()
            )));
        }
        return check_len(name, col, len).map(Arg::Flags);
    }
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<pyo3::types::PyBytes>() {
        let t = crate::error::text(obj, p.name())?;
        return Ok(Arg::Text(Some(t.into_owned())));
    }
    if let Ok(list) = obj.extract::<Vec<String>>() {
        if p == Param::Text("drop") || p == Param::Text("pattern") {
            let _ = py;
            return Ok(Arg::Text(Some(list.join(","))));
        }
    }
    let col = column_of(obj)?;
    if let Strs::Nulls = Strs::of(col.as_ref(), p.name())? {
        return check_len(p.name(), col, len).map(|_| Arg::Text(None));
    }
    check_len(p.name(), col, len).map(Arg::Texts)
}

/// A base given as one value for every row must be an absolute URI, or
/// the whole call fails, naming the argument (functions.md: the swapped
/// call `uri_resolve('http://a/b', '../c')` is no NULL on every row). A
/// column of bases gives NULL on the rows whose base cannot serve; a
/// column that holds one value on every row is taken as a literal.
fn literal_base(spec: &Spec, args: &[Arg]) -> PyResult<()> {
    if !matches!(spec.f, F::Resolve | F::Relativize) {
        return Ok(());
    }
    // A column whose every row is the same base is a literal too: engines
    // that call through Arrow hand a SQL constant over as such a column.
    let base: String = match args.first() {
        Some(Arg::Text(Some(base))) => base.clone(),
        Some(Arg::Texts(col)) => {
            let Ok(strs) = Strs::of(col.as_ref(), "the base") else {
                return Ok(());
            };
            let first = match strs.text(0) {
                Some(t) if !col.is_empty() => t,
                _ => return Ok(()),
            };
            if (1..col.len()).any(|i| strs.text(i) != Some(first)) {
                return Ok(());
            }
            first.to_owned()
        }
        _ => return Ok(()),
    };
    let base = base.as_str();
    let dialect = match dialect_index(spec).and_then(|k| args.get(k)) {
        Some(Arg::Text(Some(name))) => Dialect::from_name(name).unwrap_or(Dialect::Rfc3986),
        _ => Dialect::Rfc3986,
    };
    let problem = match Parser::new(dialect).parse(base) {
        Ok(u) if u.has_scheme() => return Ok(()),
        Ok(_) => "it has no scheme (relative-base)".to_owned(),
        Err(e) => format!(
            "{} at byte {} ({})",
            e.kind().message(),
            e.offset(),
            e.code()
        ),
    };
    Err(PyValueError::new_err(format!(
        "{}: the base {:?} (the second argument) is not an absolute URI: {problem}; {}({}, base) \
         takes the base second",
        spec.name, base, spec.name, spec.first
    )))
}

fn check_len(name: &str, col: ArrayRef, len: usize) -> PyResult<ArrayRef> {
    if col.len() != len {
        return Err(PyValueError::new_err(format!(
            "the column {name} has {} rows, the first column {len}",
            col.len()
        )));
    }
    Ok(col)
}

/// One array of an Arrow object (chunks concatenated).
fn column_of(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let any: AnyArray = obj.extract().map_err(|_| not_a_column(obj))?;
    let chunked = any.into_chunked_array()?;
    let chunks = chunked.chunks();
    if chunks.len() == 1 {
        return Ok(chunks[0].clone());
    }
    let refs: Vec<&dyn Array> = chunks.iter().map(|a| a.as_ref()).collect();
    if refs.is_empty() {
        return Ok(arrow_array::new_empty_array(chunked.data_type()));
    }
    arrow_select::concat::concat(&refs).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn not_a_column(obj: &Bound<'_, PyAny>) -> PyErr {
    let t = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    PyTypeError::new_err(format!(
        "expected an Arrow array of strings (an object with __arrow_c_array__ or \
         __arrow_c_stream__, such as a pyarrow Array or ChunkedArray or a Polars \
         Series) or a list of str, not {t}"
    ))
}

/// `urikit.arrow`'s entry: the function `name` over `column` with `args`,
/// an Arrow array for an array (or list), a chunked array for chunked or
/// stream input; as pyarrow objects.
#[pyfunction]
#[pyo3(signature = (name, column, *args))]
pub fn call(
    py: Python<'_>,
    name: &str,
    column: &Bound<'_, PyAny>,
    args: Vec<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let spec = spec(name)?;
    if args.len() > spec.params.len() || args.len() < spec.required {
        return Err(PyTypeError::new_err(format!(
            "{} takes {} to {} arguments after the column, not {}",
            spec.name,
            spec.required,
            spec.params.len(),
            args.len()
        )));
    }
    let (chunks, chunked) = if column.is_instance_of::<pyo3::types::PyList>() {
        let pa = py.import("pyarrow")?;
        let kw = pyo3::types::PyDict::new(py);
        kw.set_item("type", pa.getattr("string")?.call0()?)?;
        let arr = pa
            .getattr("array")?
            .call((column,), Some(&kw))
            .map_err(|e| {
                PyTypeError::new_err(format!("a list column must hold str or None: {e}"))
            })?;
        let arr: PyArray = arr.extract()?;
        (vec![arr.array().clone()], false)
    } else {
        let any: AnyArray = column.extract().map_err(|_| not_a_column(column))?;
        match any {
            AnyArray::Array(a) => (vec![a.array().clone()], false),
            AnyArray::Stream(s) => (s.into_chunked_array()?.chunks().to_vec(), true),
        }
    };
    for c in &chunks {
        Strs::of(c.as_ref(), "the column")?;
    }
    let len: usize = chunks.iter().map(|c| c.len()).sum();
    let args = args
        .iter()
        .zip(spec.params)
        .map(|(a, p)| arg_of(py, *p, a, len))
        .collect::<PyResult<Vec<Arg>>>()?;
    literal_base(spec, &args)?;
    // A chunked result takes each thread's part as a chunk of its own; an
    // array result joins them.
    let results = py.detach(|| {
        let mut offset = 0;
        let mut out = Vec::new();
        for c in &chunks {
            let parts = run_chunk(spec, c.as_ref(), &args, offset)?;
            offset += c.len();
            if chunked {
                out.extend(parts);
            } else {
                out.push(join(&parts)?);
            }
        }
        Ok::<_, String>(out)
    });
    let results = results.map_err(PyValueError::new_err)?;
    let field = Arc::new(Field::new(spec.name, data_type(spec.ty), true));
    if chunked {
        let c = PyChunkedArray::try_new(results, field)?;
        c.into_pyarrow(py).map(Bound::unbind)
    } else {
        let a = PyArray::try_new(
            results
                .into_iter()
                .next()
                .unwrap_or_else(|| arrow_array::new_empty_array(&data_type(spec.ty))),
            field,
        )
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        a.to_pyarrow(py).map(Bound::unbind)
    }
}

/// One row of the table for Python: `(sql name, first argument, [(param,
/// kind)], required, result type, doc)`.
type SpecRow = (
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str)>,
    usize,
    String,
    &'static str,
);

/// The table of functions, for Python.
#[pyfunction]
pub fn specs() -> Vec<SpecRow> {
    SPECS
        .iter()
        .map(|s| {
            let params = s
                .params
                .iter()
                .map(|p| {
                    let kind = match p {
                        Param::Dialect => "dialect",
                        Param::Text(_) => "text",
                        Param::Ref(_) => "ref",
                        Param::Bool(_) => "bool",
                    };
                    (p.name(), kind)
                })
                .collect();
            (
                s.name,
                s.first,
                params,
                s.required,
                data_type(s.ty).to_string(),
                s.doc,
            )
        })
        .collect()
}
