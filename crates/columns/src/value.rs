//! A row's result ([`Value`]), which the evaluators write and the
//! builders read.

use std::borrow::Cow;

use crate::ops;

/// A row's result, of the function's result type ([`Ty`](crate::Ty)).
#[derive(Debug, PartialEq)]
pub enum Value<'a> {
    /// NULL, whatever the type.
    Null,
    /// A `string`.
    Str(Cow<'a, str>),
    /// A `bool`.
    Bool(bool),
    /// An `int32`.
    I32(i32),
    /// A `list<string>`.
    List(Vec<Option<Cow<'a, str>>>),
    /// A `list<struct{key, value}>`.
    Pairs(Vec<ops::Pair<'a>>),
    /// A `struct{code, offset, message}`: the error's code, byte offset and
    /// sentence.
    Error(&'static str, usize, String),
    /// `uri_parse`'s struct, its members in the order of its fields.
    Parse([Option<&'a str>; 9]),
    /// A `list<struct{code, offset, message}>`.
    Errors(Vec<(&'static str, usize, &'static str)>),
    /// `uri_parse`'s members computed, not slices of the input.
    ParseOwned(Vec<Option<String>>),
    /// `uri_cc_columns`' struct.
    Cc(Box<urikit::ccindex::Columns>),
    /// `uri_tldextract`'s struct.
    Tld(Box<urikit::psl::TldExtract<'a>>),
}

pub(crate) fn opt<'a>(v: Option<impl Into<Cow<'a, str>>>) -> Value<'a> {
    v.map_or(Value::Null, |s| Value::Str(s.into()))
}

pub(crate) fn owned<'a>(v: Option<urikit::UriRefBuf>) -> Value<'a> {
    v.map_or(Value::Null, |b| Value::Str(Cow::Owned(b.into_string())))
}

/// The most bytes of text one result array holds (Arrow `string` has
/// 32-bit offsets).
pub(crate) const MAX_BYTES: usize = i32::MAX as usize;

/// Why a result cannot be one Arrow array.
pub(crate) fn overflow() -> String {
    "the result holds more than 2 GiB of text, more than one Arrow string array can; \
     pass the input in smaller chunks"
        .to_owned()
}
