//! A row's result ([`Value`]), which the evaluators write and the
//! builders read.

use std::borrow::Cow;

use crate::ops;

/// A row's result.
pub(crate) enum Value<'a> {
    Null,
    Str(Cow<'a, str>),
    Bool(bool),
    I32(i32),
    List(Vec<Option<Cow<'a, str>>>),
    Pairs(Vec<ops::Pair<'a>>),
    Error(&'static str, usize, String),
    Parse([Option<&'a str>; 9]),
    Errors(Vec<(&'static str, usize, &'static str)>),
    /// `uri_parse`'s members computed, not slices of the input.
    ParseOwned(Vec<Option<String>>),
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
