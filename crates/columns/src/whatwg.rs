//! The column functions under dialect `whatwg` (functions.md: a function
//! reads the URL record, not the text as written), and the three that are
//! the URL Standard's alone: `uri_origin`, `uri_validation_errors` and
//! `uri_readings_differ`.

use std::borrow::Cow;

use urikit::whatwg::{compare, Url};

use crate::spec::{Member, Spec, F, PARSE};
use crate::value::{opt, Value};

/// The host's kind, as `uri_parse`'s `host_type` names it under `whatwg`.
fn host_type(u: &Url) -> Option<&'static str> {
    use urikit::whatwg::Host;
    Some(match u.host_record()? {
        Host::Domain(_) => "domain",
        Host::Ipv4(_) => "ipv4",
        Host::Ipv6(_) => "ipv6",
        Host::Opaque(_) => "opaque",
        Host::Empty => "empty",
    })
}

/// `spec` on the text `s`, read by the URL Standard; `base` the base of
/// `uri_resolve`. `Err` for a function that has no WHATWG reading.
pub(crate) fn eval<'a>(spec: &Spec, s: &'a str, base: Option<&str>) -> Result<Value<'a>, String> {
    match spec.f {
        F::ValidationErrors => {
            let r = Url::parse_reporting(s, None);
            return Ok(Value::Errors(
                r.errors
                    .iter()
                    .map(|e| (e.code(), e.offset(), e.message()))
                    .collect(),
            ));
        }
        F::ReadingsDiffer => {
            let c = compare(s, None);
            return Ok(Value::List(
                c.differences
                    .iter()
                    .map(|d| Some(Cow::Borrowed(d.name())))
                    .collect(),
            ));
        }
        F::Resolve => {
            let Some(base) = base.and_then(|b| Url::parse(b).ok()) else {
                return Ok(Value::Null);
            };
            return Ok(opt(Url::parse_with_base(s, &base)
                .ok()
                .map(|u| u.href().to_owned())));
        }
        _ => {}
    }
    let report = Url::parse_reporting(s, None);
    let u = match report.result {
        Ok(u) => u,
        Err(e) => {
            return Ok(match spec.f {
                F::IsValid => Value::Bool(false),
                F::Error => Value::Error(e.code(), e.offset(), e.message().to_owned()),
                _ => Value::Null,
            })
        }
    };
    let owned = |v: Option<&str>| opt(v.map(str::to_owned));
    Ok(match spec.f {
        F::IsValid => Value::Bool(true),
        F::Error => Value::Null,
        F::Origin => Value::Str(Cow::Owned(u.origin())),
        F::Scheme => owned(Some(u.scheme())),
        F::Userinfo => owned(userinfo(&u).as_deref()),
        F::Host => owned(u.has_host().then(|| u.hostname())),
        F::Port => owned(u.port_number().map(|p| p.to_string()).as_deref()),
        F::Path => owned(Some(u.pathname())),
        F::Query => owned(u.query()),
        F::Fragment => owned(u.fragment()),
        F::HostType => opt(host_type(&u)),
        F::RegistrableDomain
        | F::PublicSuffix
        | F::IcannRegistrableDomain
        | F::IcannPublicSuffix => {
            use urikit::psl::View;
            let view = match spec.f {
                F::RegistrableDomain | F::PublicSuffix => View::All,
                _ => View::Icann,
            };
            let domain = matches!(spec.f, F::RegistrableDomain | F::IcannRegistrableDomain);
            // Only a domain has a suffix; a WHATWG domain is lower case.
            match u.host_record() {
                Some(urikit::whatwg::Host::Domain(_)) => {
                    owned(crate::ops::by_suffix_list(u.hostname(), view, domain))
                }
                _ => Value::Null,
            }
        }
        F::PortNumber => u
            .port_or_default()
            .map_or(Value::Null, |p| Value::I32(i32::from(p))),
        F::Normalize => Value::Str(Cow::Owned(u.href().to_owned())),
        F::Parse => {
            let values: Vec<Option<String>> = PARSE
                .iter()
                .map(|m| match m {
                    Member::Kind => Some("url".to_owned()),
                    Member::HostType => host_type(&u).map(str::to_owned),
                    Member::Part(p) => match p.name() {
                        "scheme" => Some(u.scheme().to_owned()),
                        "userinfo" => userinfo(&u),
                        "host" => u.has_host().then(|| u.hostname().to_owned()),
                        "port" => u.port_number().map(|p| p.to_string()),
                        "path" => Some(u.pathname().to_owned()),
                        "query" => u.query().map(str::to_owned),
                        "fragment" => u.fragment().map(str::to_owned),
                        _ => None,
                    },
                })
                .collect();
            Value::ParseOwned(values)
        }
        _ => {
            return Err(format!(
                "{} does not take dialect 'whatwg'; under it the functions are uri_is_valid, \
                 uri_error, uri_parse, uri_scheme, uri_userinfo, uri_host, uri_host_type, \
                 uri_port, uri_port_number, uri_path, uri_query, uri_fragment, uri_normalize, \
                 uri_resolve, uri_registrable_domain, uri_public_suffix, \
                 uri_icann_registrable_domain and uri_icann_public_suffix",
                spec.name
            ))
        }
    })
}

/// The username, and `:password` when there is one; `None` when both are
/// empty.
fn userinfo(u: &Url) -> Option<String> {
    match (u.username(), u.password()) {
        ("", "") => None,
        (n, "") => Some(n.to_owned()),
        (n, p) => Some(format!("{n}:{p}")),
    }
}
