//! One row computed: a function of the table evaluated over the library
//! ([`crate::ops`]) into a [`Value`].

use std::borrow::Cow;

use urikit::pct::Component;
use urikit::{Dialect, Parser, Part, UriRef};

use crate::ops;

use crate::input::*;
use crate::spec::*;
pub(crate) use crate::value::*;

/// A function whose answer is a slice of the reference (or a name), read
/// from the parsed reference alone: what the direct kernels
/// (`kernel`) write without the general evaluator. An enum rather than a
/// function pointer, so that a kernel's loop reads the slice inline
/// instead of copying the parsed reference into a call on every row.
///
/// ```
/// use urikit_columns::{Direct, RowFn, Slice, Value};
///
/// let host = RowFn::new(urikit_columns::spec("uri_host").unwrap());
/// let Direct::Slice(parser, slice) = host.direct(None).unwrap().unwrap() else { panic!() };
/// assert_eq!(slice, Slice::Part(urikit::Part::Host));
/// assert_eq!(slice.of(&parser.parse("http://h:1/").unwrap()), Some("h"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slice {
    /// A component (`uri_scheme` to `uri_fragment`).
    Part(Part),
    /// `uri_host_type`.
    HostType,
    /// `uri_registrable_domain`.
    RegistrableDomain,
    /// `uri_public_suffix`.
    PublicSuffix,
    /// `uri_icann_registrable_domain`.
    IcannRegistrableDomain,
    /// `uri_icann_public_suffix`.
    IcannPublicSuffix,
}

impl Slice {
    /// The slice of `u` (the Public Suffix List's as written: the
    /// functions answer it in lower case, [`ops::lower`]).
    #[inline(always)]
    pub fn of<'a>(self, u: &UriRef<'a>) -> Option<&'a str> {
        match self {
            Slice::Part(p) => u.get(p),
            Slice::HostType => ops::host_type(*u),
            Slice::RegistrableDomain => u.host()?.registrable_domain(),
            Slice::PublicSuffix => u.host()?.public_suffix(),
            Slice::IcannRegistrableDomain => u.host()?.icann_registrable_domain(),
            Slice::IcannPublicSuffix => u.host()?.icann_public_suffix(),
        }
    }
}

impl Slice {
    /// The view of the Public Suffix List this slice reads, and whether
    /// it is the registrable domain (else the public suffix); `None` for
    /// the slices that do not read the list.
    ///
    /// ```
    /// use urikit::psl::View;
    /// use urikit_columns::Slice;
    /// assert_eq!(Slice::IcannPublicSuffix.suffix_list(), Some((View::Icann, false)));
    /// assert_eq!(Slice::HostType.suffix_list(), None);
    /// ```
    pub fn suffix_list(self) -> Option<(urikit::psl::View, bool)> {
        use urikit::psl::View;
        Some(match self {
            Slice::RegistrableDomain => (View::All, true),
            Slice::PublicSuffix => (View::All, false),
            Slice::IcannRegistrableDomain => (View::Icann, true),
            Slice::IcannPublicSuffix => (View::Icann, false),
            Slice::Part(_) | Slice::HostType => return None,
        })
    }
}

/// The [`Slice`] of `f`, if it has one.
pub(crate) fn slice_fn(f: F) -> Option<Slice> {
    Some(match f {
        F::Scheme => Slice::Part(Part::Scheme),
        F::Userinfo => Slice::Part(Part::Userinfo),
        F::Authority => Slice::Part(Part::Authority),
        F::Host => Slice::Part(Part::Host),
        F::Port => Slice::Part(Part::Port),
        F::Path => Slice::Part(Part::Path),
        F::Query => Slice::Part(Part::Query),
        F::Fragment => Slice::Part(Part::Fragment),
        F::HostType => Slice::HostType,
        _ => return None,
    })
}

/// The [`Slice`] of a function whose answer is that slice in lower case
/// (the Public Suffix List's, whose own checks answer so).
pub(crate) fn lower_fn(f: F) -> Option<Slice> {
    Some(match f {
        F::RegistrableDomain => Slice::RegistrableDomain,
        F::PublicSuffix => Slice::PublicSuffix,
        F::IcannRegistrableDomain => Slice::IcannRegistrableDomain,
        F::IcannPublicSuffix => Slice::IcannPublicSuffix,
        _ => return None,
    })
}

/// The parser a row asks for: its dialect argument, or RFC 3986.
pub(crate) fn parser_for(
    at: Option<At<'_>>,
    cache: &mut Option<(String, Parser)>,
) -> Result<Parser, String> {
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

/// Evaluates `spec` on one row: the first column's text `s` and the
/// arguments at row `row`. `Err` is an argument that is wrong for every
/// row alike (an unknown dialect or component), raised as `ValueError`.
pub(crate) fn eval<'a>(
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
    if parser.dialect() == Dialect::Whatwg {
        return crate::whatwg::eval(spec, s, text(0));
    }
    // The functions that do not read `s` as a reference of the dialect.
    match spec.f {
        F::Origin | F::ValidationErrors | F::ReadingsDiffer => {
            return crate::whatwg::eval(spec, s, None)
        }
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
        F::Surt => return ops::surt(s, text(0)).map(opt),
        F::Canonical => return ops::canonical(s, text(0).unwrap_or_default()).map(opt),
        F::Tldextract => {
            let private = matches!(args.at(0, row), Some(At::Flag(Some(true))));
            let list = urikit::psl::List::builtin();
            return Ok(Value::Tld(Box::new(list.tldextract(s, private, false))));
        }
        F::CcColumns => {
            return Ok(urikit::ccindex::columns(s).map_or(Value::Null, |c| Value::Cc(Box::new(c))))
        }
        F::SafebrowsingExpressions | F::SafebrowsingHashes => {
            let hashes = spec.f == F::SafebrowsingHashes;
            return Ok(ops::safebrowsing(s, hashes).map_or(Value::Null, |v| {
                Value::List(v.into_iter().map(|e| Some(Cow::Owned(e))).collect())
            }));
        }
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
                    message(e, s, parser.dialect() == Dialect::Rfc3987),
                ),
                _ => Value::Null,
            })
        }
    };
    if let Some(get) = slice_fn(spec.f) {
        return Ok(opt(get.of(&u)));
    }
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
        F::PortNumber => ops::port_number(u).map_or(Value::Null, |p| Value::I32(i32::from(p))),
        F::User => opt(ops::user(u)),
        F::Password => opt(ops::password(u)),
        F::HostDecoded => opt(ops::host_decoded(u)),
        F::HostAscii => opt(ops::host_ascii(u)),
        F::HostUnicode => opt(ops::host_unicode(u)),
        F::RegistrableDomain => opt(ops::registrable_domain(u)),
        F::PublicSuffix => opt(ops::public_suffix(u)),
        F::IcannRegistrableDomain => opt(ops::icann_registrable_domain(u)),
        F::IcannPublicSuffix => opt(ops::icann_public_suffix(u)),
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
        // The functions that do not parse `s`, and those of `slice_fn`.
        _ => unreachable!("handled above"),
    })
}

/// Evaluates `spec` on one row of the column, whatever it holds: NULL
/// gives NULL, bytes that are not UTF-8 [`not_utf8`], a text [`eval`].
pub(crate) fn eval_row<'a>(
    spec: &Spec,
    row: Row<'a>,
    args: &'a Args<'_>,
    at: usize,
    cache: &mut Option<(String, Parser)>,
) -> Result<Value<'a>, String> {
    match row {
        Row::Null => Ok(Value::Null),
        Row::Text(s) => eval(spec, s, args, at, cache),
        Row::Bad(e, byte) => Ok(not_utf8(spec, e, byte)),
    }
}

/// The result for a row whose bytes are not UTF-8: not a valid reference.
pub(crate) fn not_utf8(spec: &Spec, e: std::str::Utf8Error, byte: u8) -> Value<'static> {
    match spec.f {
        F::IsValid => Value::Bool(false),
        F::ValidationErrors | F::ReadingsDiffer => Value::Null,
        F::Error => Value::Error(
            urikit::ErrorKind::InvalidUtf8.code(),
            e.valid_up_to(),
            urikit::report::not_utf8(byte),
        ),
        _ => Value::Null,
    }
}

/// The sentence for the parse error `e` of `input`, its hint naming the
/// argument as the Python API names it (`dialect='rfc3987'`), the same sentence in a column as from `urikit.parse`.
pub(crate) fn message(e: urikit::Error, input: &str, iri: bool) -> String {
    urikit::report::explain(&e, input, iri).render(|h| match h {
        urikit::Hint::Iri => Some("dialect='rfc3987'"),
        _ => None,
    })
}
