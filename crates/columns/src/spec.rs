//! The table of column functions ([`SPECS`]): each function of the
//! contract, its arguments and its result type, and the Arrow types of the
//! results.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields};
use urikit::Part;

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
    /// list<struct{code, offset, message}>.
    ErrorList,
    /// Common Crawl's URL columns: struct{url_surtkey, ..., url_port
    /// (int32), url_path, url_query}.
    CcStruct,
    /// `tldextract.extract`'s parts: struct{subdomain, domain, suffix,
    /// is_private (bool), registry_suffix}.
    TldStruct,
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
    /// The argument's name.
    pub fn name(self) -> &'static str {
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
    IcannRegistrableDomain,
    IcannPublicSuffix,
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
    Origin,
    ValidationErrors,
    ReadingsDiffer,
    Surt,
    Canonical,
    SafebrowsingExpressions,
    SafebrowsingHashes,
    CcColumns,
    Tldextract,
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
    spec!(RegistrableDomain, "uri_registrable_domain", "u", [D], 0, Str, "The registrable domain by the Public Suffix List (ICANN and private sections), in lower case."),
    spec!(PublicSuffix, "uri_public_suffix", "u", [D], 0, Str, "The public suffix by the Public Suffix List (ICANN and private sections), in lower case."),
    spec!(IcannRegistrableDomain, "uri_icann_registrable_domain", "u", [D], 0, Str, "The registrable domain by the Public Suffix List's ICANN section alone, in lower case."),
    spec!(IcannPublicSuffix, "uri_icann_public_suffix", "u", [D], 0, Str, "The public suffix by the Public Suffix List's ICANN section alone, in lower case."),
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
    spec!(Origin, "uri_origin", "u", [], 0, Str, "The WHATWG origin, serialized ('null' for an opaque one)."),
    spec!(ValidationErrors, "uri_validation_errors", "u", [], 0, ErrorList, "The WHATWG validation errors: [{code, offset (bytes), message}]."),
    spec!(ReadingsDiffer, "uri_readings_differ", "u", [], 0, StrList, "Where RFC 3986 and the WHATWG URL Standard read the text differently."),
    spec!(Surt, "uri_surt", "u", [T("options")], 0, Str, "The Internet Archive's SURT key, as the surt package computes it; options such as 'with_scheme,trailing_comma'."),
    spec!(Canonical, "uri_canonical", "u", [T("profile")], 1, Str, "The canonical URL of a profile: 'ia' (the Internet Archive's), 'ia-basic', 'ia-ordinary', 'ia-aggressive', 'safebrowsing' or 'w3lib'."),
    spec!(SafebrowsingExpressions, "uri_safebrowsing_expressions", "u", [], 0, StrList, "Google Safe Browsing's lookup expressions: host suffixes with path prefixes, after its canonicalization."),
    spec!(SafebrowsingHashes, "uri_safebrowsing_hashes", "u", [], 0, StrList, "The SHA-256 hash of each Safe Browsing lookup expression, in hex (a hash prefix is its first 8 digits)."),
    spec!(CcColumns, "uri_cc_columns", "u", [], 0, CcStruct, "Common Crawl's 16 URL columns (url_surtkey to url_query), as its columnar index computes them."),
    spec!(Tldextract, "uri_tldextract", "u", [B("private")], 0, TldStruct, "tldextract.extract's parts of any text: {subdomain, domain, suffix, is_private, registry_suffix}; private takes the list's private section (include_psl_private_domains)."),
];

/// An Arrow type as Spark SQL writes it (its DDL: `string`, `int`,
/// `array<string>`, `struct<name:type,...>`), for the engines that declare
/// a function's result to Spark: the jar's registry and the Python
/// package's UDFs. `None` for a type no function of the table returns.
///
/// ```
/// use urikit_columns::{data_type, spark_ddl, Ty};
/// assert_eq!(spark_ddl(&data_type(Ty::Pairs)).as_deref(), Some("array<struct<key:string,value:string>>"));
/// assert_eq!(spark_ddl(&arrow_schema::DataType::Float32), None);
/// ```
pub fn spark_ddl(t: &DataType) -> Option<String> {
    Some(match t {
        DataType::Utf8 | DataType::LargeUtf8 => "string".into(),
        DataType::Boolean => "boolean".into(),
        DataType::Int32 => "int".into(),
        DataType::Int64 => "bigint".into(),
        DataType::List(item) | DataType::LargeList(item) => {
            format!("array<{}>", spark_ddl(item.data_type())?)
        }
        DataType::Struct(fields) => {
            let members = fields
                .iter()
                .map(|f| Some(format!("{}:{}", f.name(), spark_ddl(f.data_type())?)))
                .collect::<Option<Vec<String>>>()?;
            format!("struct<{}>", members.join(","))
        }
        _ => return None,
    })
}

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
        Ty::ErrorList => DataType::List(Arc::new(Field::new(
            "item",
            DataType::Struct(error_fields()),
            true,
        ))),
        Ty::ParseStruct => DataType::Struct(parse_fields()),
        Ty::CcStruct => DataType::Struct(cc_fields()),
        Ty::TldStruct => DataType::Struct(tld_fields()),
    }
}

pub(crate) fn pair_fields() -> Fields {
    Fields::from(vec![
        Field::new("key", DataType::Utf8, true),
        Field::new("value", DataType::Utf8, true),
    ])
}

/// The members of `uri_cc_columns`' struct: the index's column names,
/// `url_port` an int32.
pub(crate) fn cc_fields() -> Fields {
    texts_but(&urikit::ccindex::NAMES, "url_port", DataType::Int32)
}

/// The members of `uri_tldextract`'s struct: the fields of tldextract's
/// `ExtractResult`, `is_private` a boolean.
pub(crate) fn tld_fields() -> Fields {
    texts_but(&TLD_NAMES, "is_private", DataType::Boolean)
}

/// The members of `uri_tldextract`'s struct, in order: the fields of
/// tldextract's `ExtractResult`.
///
/// ```
/// assert_eq!(urikit_columns::TLD_NAMES[3], "is_private");
/// ```
pub const TLD_NAMES: [&str; 5] = [
    "subdomain",
    "domain",
    "suffix",
    "is_private",
    "registry_suffix",
];

/// Fields named `names`, each a string but `odd`, of type `t`.
fn texts_but(names: &[&str], odd: &str, t: DataType) -> Fields {
    Fields::from(
        names
            .iter()
            .map(|&n| {
                let t = if n == odd { t.clone() } else { DataType::Utf8 };
                Field::new(n, t, true)
            })
            .collect::<Vec<_>>(),
    )
}

/// A member of `uri_tldextract`'s struct: a text, or `is_private`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TldMember<'s> {
    Text(&'s str),
    Flag(bool),
}

/// Member `k` (in [`TLD_NAMES`]' order) of tldextract's parts `e`.
///
/// ```
/// use urikit_columns::{tld_member, TldMember};
/// let e = urikit::psl::List::builtin().tldextract("http://a.b.co.uk/", false, false);
/// assert_eq!(tld_member(&e, 1), TldMember::Text("b"));
/// assert_eq!(tld_member(&e, 3), TldMember::Flag(false));
/// ```
pub fn tld_member<'s>(e: &'s urikit::psl::TldExtract<'_>, k: usize) -> TldMember<'s> {
    match k {
        0 => TldMember::Text(&e.subdomain),
        1 => TldMember::Text(&e.domain),
        2 => TldMember::Text(&e.suffix),
        3 => TldMember::Flag(e.is_private),
        _ => TldMember::Text(&e.registry_suffix),
    }
}

pub(crate) fn error_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, true),
        Field::new("offset", DataType::Int64, true),
        Field::new("message", DataType::Utf8, true),
    ])
}

/// A member of `uri_parse`'s struct: the kind, a component (named as the
/// library names it), or the host's type.
#[derive(Clone, Copy)]
pub(crate) enum Member {
    Kind,
    Part(Part),
    HostType,
}

impl Member {
    /// The argument's name.
    pub fn name(self) -> &'static str {
        match self {
            Member::Kind => "kind",
            Member::Part(p) => p.name(),
            Member::HostType => "host_type",
        }
    }
}

/// `uri_parse`'s members, in the contract's order.
pub(crate) const PARSE: [Member; 9] = [
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

pub(crate) fn parse_fields() -> Fields {
    Fields::from(
        PARSE
            .iter()
            .map(|m| Field::new(m.name(), DataType::Utf8, true))
            .collect::<Vec<_>>(),
    )
}

/// The index of the dialect among `spec`'s parameters.
pub(crate) fn dialect_index(spec: &Spec) -> Option<usize> {
    spec.params.iter().position(|p| *p == Param::Dialect)
}
