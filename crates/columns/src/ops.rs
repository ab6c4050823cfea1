//! The column functions of the contract (`../shared/contract/functions.md`),
//! one Rust function each over a parsed reference: the Arrow kernels
//! (`columns`) map them over arrays, and the Python value type answers
//! through the same functions wherever the contract defines the answer, so
//! that a column and a loop over `URIRef` cannot disagree.
//!
//! A decoded text that is not UTF-8 is `None` here (NULL in a column).

use std::borrow::Cow;

use urikit::pct::{Component, PctStr};
use urikit::{
    clean as clean_ref, Dialect, Extractor, HostType, Normalizer, Part, Resolver, UriRef,
    UriRefBuf, TRACKING_PARAMS,
};

/// `kind`: `uri` with a scheme, `relative` without (RFC 3986 section 4.1).
pub fn kind(u: UriRef<'_>) -> &'static str {
    if u.has_scheme() {
        "uri"
    } else {
        "relative"
    }
}

/// The host type's name (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`).
pub fn host_type(u: UriRef<'_>) -> Option<&'static str> {
    u.host().map(|h| h.host_type().name())
}

/// The port, or the scheme's default when none is written; `None` when
/// neither, or when the port is out of range.
pub fn port_number(u: UriRef<'_>) -> Option<u16> {
    u.port_or_default().ok().flatten()
}

/// The userinfo split at its first `:` (RFC 3986 section 3.2.1's
/// `user:password` convention), as written: the user, and the password
/// when there is a `:`.
pub fn userinfo_parts(u: UriRef<'_>) -> Option<(PctStr<'_>, Option<PctStr<'_>>)> {
    let ui = u.userinfo()?;
    Some(match ui.split_once(':') {
        Some((user, pass)) => (user, Some(pass)),
        None => (ui, None),
    })
}

/// The userinfo before its first `:`, decoded.
pub fn user(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    userinfo_parts(u)?.0.decode_utf8().ok()
}

/// The userinfo after its first `:`, decoded; `None` without a `:`.
pub fn password(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    userinfo_parts(u)?.1?.decode_utf8().ok()
}

/// A reg-name percent-decoded; an IP literal without its brackets.
pub fn host_decoded(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    let h = u.host()?;
    match h.host_type() {
        HostType::RegName => h.reg_name()?.decode_utf8().ok(),
        HostType::Ipv4 => Some(Cow::Borrowed(h.as_str())),
        HostType::Ipv6 | HostType::IpvFuture => h.ip_literal().map(Cow::Borrowed),
    }
}

/// UTS #46 ToASCII of a reg-name (an IP address as written).
pub fn host_ascii(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.to_ascii().ok()
}

/// UTS #46 ToUnicode of a reg-name (an IP address as written).
pub fn host_unicode(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.to_unicode().ok()
}

/// The registrable domain by the Public Suffix List, both sections, in
/// lower case (the list's checks answer `example.COM` with `example.com`).
pub fn registrable_domain(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.registrable_domain().map(lower)
}

/// The public suffix by the Public Suffix List, both sections, in lower
/// case.
pub fn public_suffix(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.public_suffix().map(lower)
}

/// The registrable domain by the list's ICANN section alone, in lower
/// case.
pub fn icann_registrable_domain(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.icann_registrable_domain().map(lower)
}

/// The public suffix by the list's ICANN section alone, in lower case.
pub fn icann_public_suffix(u: UriRef<'_>) -> Option<Cow<'_, str>> {
    u.host()?.icann_public_suffix().map(lower)
}

/// A name with its ASCII letters lowered, borrowed when it has none in
/// upper case.
pub fn lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// A domain's registrable domain or public suffix, by the list's sections
/// in `view` (the WHATWG dialect's hosts, which are lower case already).
pub fn by_suffix_list(name: &str, view: urikit::psl::View, domain: bool) -> Option<&str> {
    let list = urikit::psl::List::builtin();
    if domain {
        list.registrable_domain(name, view)
    } else {
        list.public_suffix(name, view)
    }
}

/// The path's segments, decoded (`None` for one that is not UTF-8).
pub fn path_segments(u: UriRef<'_>) -> Vec<Option<Cow<'_, str>>> {
    u.path_segments().map(|s| s.decode_utf8().ok()).collect()
}

/// A query parameter decoded: its key and its value (none without `=`).
pub type Pair<'a> = (Option<Cow<'a, str>>, Option<Cow<'a, str>>);

/// Form-decodes `s` (`+` is a space).
fn form(s: PctStr<'_>) -> Option<Cow<'_, str>> {
    s.decode_form_utf8().ok()
}

/// The query's pairs in order, form-decoded; a pair without `=` has no
/// value. A key or value that is not UTF-8 is `None`.
pub fn query_params(u: UriRef<'_>) -> Vec<Pair<'_>> {
    u.query_pairs()
        .map(|(k, v)| (form(k), v.and_then(form)))
        .collect()
}

/// The first value of the parameter named `name` (form-decoded); `""` for
/// a pair without `=`; `None` when absent.
pub fn query_param<'a>(u: UriRef<'a>, name: &str) -> Option<Cow<'a, str>> {
    u.query_pairs()
        .find(|(k, _)| form(*k).is_some_and(|k| k == name))
        .map(|(_, v)| v.and_then(form).unwrap_or(Cow::Borrowed("")))
}

/// The reference without its query.
pub fn without_query(u: UriRef<'_>) -> Option<UriRefBuf> {
    let mut b = u.to_buf();
    b.set_query(None).ok()?;
    Some(b)
}

/// The reference without its fragment.
pub fn without_fragment(u: UriRef<'_>) -> Option<UriRefBuf> {
    let mut b = u.to_buf();
    b.set_fragment(None).ok()?;
    Some(b)
}

/// The reference without its userinfo.
pub fn without_userinfo(u: UriRef<'_>) -> Option<UriRefBuf> {
    let mut b = u.to_buf();
    b.set_userinfo(None).ok()?;
    Some(b)
}

/// The reference without the query parameters whose name matches one of
/// `globs`; the query goes when no parameter is left.
pub fn remove_query_params(u: UriRef<'_>, globs: &[&str]) -> Option<UriRefBuf> {
    let mut b = u.to_buf();
    if b.query().is_none() {
        return Some(b);
    }
    let mut params = b.query_params();
    for g in globs {
        params.remove_matching(g);
    }
    if params.is_empty() {
        b.set_query(None).ok()?;
    } else {
        b.set_query_params(&params).ok()?;
    }
    Some(b)
}

/// `reference` resolved against `base` (RFC 3986 section 5.2, or the
/// dialect's algorithm); `None` when the base is not an absolute URI.
pub fn resolve(reference: UriRef<'_>, base: UriRef<'_>, dialect: Dialect) -> Option<UriRefBuf> {
    Resolver::new(base)
        .ok()?
        .dialect(dialect)
        .resolve(reference)
        .ok()
}

/// The reference normalized by RFC 3986 section 6.2.2 (as `uri normalize`).
pub fn normalize(u: UriRef<'_>) -> UriRefBuf {
    Normalizer::new().normalize(u)
}

/// Whether `a` and `b` are equivalent (section 6.2.2's ladder).
pub fn equivalent(a: UriRef<'_>, b: UriRef<'_>) -> bool {
    a.equivalent(b)
}

/// The shortest reference that resolves against `base` to `target`.
pub fn relativize(target: UriRef<'_>, base: UriRef<'_>) -> Option<UriRefBuf> {
    Resolver::new(base).ok()?.relativize(target).ok()
}

/// The reference made for de-duplication: normalized, the tracking
/// parameters (or the globs in `drop`) removed, the query sorted, the
/// fragment dropped.
pub fn clean(u: UriRef<'_>, drop: Option<&[&str]>) -> Option<UriRefBuf> {
    clean_ref(u, drop.unwrap_or(TRACKING_PARAMS)).ok()
}

/// The reference cut after each path segment: `http://a/b/c` gives
/// `http://a/`, `http://a/b/`, `http://a/b/c` (the query and fragment
/// dropped). The part before the path comes first when the path is
/// absolute or empty with an authority.
pub fn hierarchy(u: UriRef<'_>) -> Vec<String> {
    let s = u.as_str();
    let path = u.path().as_str();
    let path_start = u.span(Part::Path).map_or(0, |r| r.start);
    let head = &s[..path_start];
    let mut out = Vec::new();
    if path.is_empty() {
        if u.authority().is_some() {
            out.push(format!("{head}/"));
        } else if !head.is_empty() {
            out.push(head.to_owned());
        }
        return out;
    }
    // Each `/` ends a level; the whole path is the last one.
    let mut from = 0;
    if path.starts_with('/') {
        out.push(format!("{head}/"));
        from = 1;
    }
    for (i, c) in path.char_indices().skip(from) {
        if c == '/' {
            out.push(format!("{head}{}", &path[..=i]));
        }
    }
    if !path.ends_with('/') {
        out.push(format!("{head}{path}"));
    }
    out
}

/// An IRI mapped to a URI (RFC 3987 section 3.1), host names by IDNA's
/// ToASCII when `idna`; `None` when `text` is not an IRI reference.
pub fn to_uri(text: &str, idna: bool) -> Option<UriRefBuf> {
    let iri = urikit::IriRef::parse(text).ok()?;
    if idna {
        iri.to_uri_idna().ok()
    } else {
        Some(iri.to_uri())
    }
}

/// A URI mapped to an IRI (RFC 3987 section 3.2) as `uri to-iri` writes
/// it: an `xn--` host in Unicode where UTS #46 and the confusable checks
/// allow it.
pub fn to_iri(u: UriRef<'_>) -> Option<String> {
    u.to_iri_display()
        .ok()
        .map(|i| i.into_uri_ref_buf().into_string())
}

/// `text` percent-encoded for `component`.
pub fn encode(text: &str, component: Component) -> Cow<'_, str> {
    urikit::pct::encode(text, component)
}

/// `text` percent-decoded; `None` for an invalid `%` or bytes that are not
/// UTF-8.
pub fn decode(text: &str) -> Option<Cow<'_, str>> {
    PctStr::new(text).ok()?.decode_utf8().ok()
}

/// The URIs found in `text` (RFC 3986 Appendix C's rules), without their
/// lines and columns, which the scan then need not count.
pub fn extract(text: &str, dialect: Dialect) -> Vec<Cow<'_, str>> {
    let found = Extractor::new().dialect(dialect);
    found.uris(text).map(|f| f.into_cow()).collect()
}

/// The SURT key of a text (not read as a URI reference first: crawl
/// records hold what is not one), with the options of a list such as
/// `with_scheme,trailing_comma` (`urikit::surt::Options::apply`); `None`
/// where the key is refused (a port that is not a number). `Err` is an
/// options list that is wrong for every row alike.
pub fn surt(s: &str, options: Option<&str>) -> Result<Option<String>, String> {
    Ok(urikit::surt::surt(s, &surt_options(options)?).ok())
}

/// The SURT options a list names (`None`: the defaults). `Err` is a name
/// that is not an option.
pub(crate) fn surt_options(options: Option<&str>) -> Result<urikit::surt::Options, String> {
    let mut o = urikit::surt::Options::default();
    if let Some(list) = options {
        o.apply(list).map_err(|e| format!("options: {e}"))?;
    }
    Ok(o)
}

/// The canonical URL of a text by a profile (`ia`, `ia-basic`,
/// `safebrowsing`: `urikit::canonical::Profile`). `Err` is a profile that
/// does not exist.
pub fn canonical(s: &str, profile: &str) -> Result<Option<String>, String> {
    Ok(canonical_profile(profile)?.canonicalize(s).ok())
}

/// The canonical profile `name` names. `Err` is a profile that does not
/// exist.
pub(crate) fn canonical_profile(name: &str) -> Result<urikit::canonical::Profile, String> {
    urikit::canonical::Profile::from_name(name).ok_or_else(|| {
        format!(
            "unknown profile {name:?}; expected one of: {}",
            urikit::canonical::Profile::names()
        )
    })
}

/// Google Safe Browsing's lookup expressions of a text (any text: the
/// client reads what is not a URI reference), or with `hashes` their
/// SHA-256 hashes in lower-case hex; `None` where the client refuses the
/// URL (no host, a scheme without `//`).
pub fn safebrowsing(s: &str, hashes: bool) -> Option<Vec<String>> {
    let url = urikit::safebrowsing::Url::parse(s).ok()?;
    if !hashes {
        return Some(url.expressions());
    }
    Some(url.hashes().iter().map(urikit::safebrowsing::hex).collect())
}
