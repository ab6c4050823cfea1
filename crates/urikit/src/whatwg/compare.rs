//! Both readings of one input side by side: RFC 3986 (RFC 3987 where the
//! input has characters beyond ASCII) and the URL Standard, and where a
//! program that reads it one way and a browser that reads it the other
//! would disagree. This is the check against parser confusion: an
//! allowlist that reads `http://evil.com\@good.com/` by RFC 3986 refuses
//! or misreads what a browser sends to `evil.com`.
//!
//! May use: `whatwg` (the record), and `uri`, `iri`, `resolve`,
//! `normalize` of the library.

use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{Report, Url};
use crate::{Dialect, Error, IriRef, Normalizer, Part, UriRef, UriRefBuf};

/// What the two readings disagree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difference {
    /// One reading fails and the other does not.
    Validity,
    /// A component: the RFC reading's (normalized) is not the URL record's.
    Part(Part),
}

impl Difference {
    /// `validity`, or the component's name (`scheme`, `userinfo`, `host`,
    /// `port`, `path`, `query`, `fragment`).
    ///
    /// ```
    /// use urikit::{whatwg::Difference, Part};
    /// assert_eq!(Difference::Part(Part::Host).name(), "host");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Difference::Validity => "validity",
            Difference::Part(p) => p.name(),
        }
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two readings of one input, and their differences.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The dialect of the IETF reading: RFC 3986, or RFC 3987 where the
    /// input (or the base) has characters beyond ASCII.
    pub dialect: Dialect,
    /// The IETF reading: the reference, resolved against the base when
    /// there is one (RFC 3986 section 5.2).
    pub rfc: Result<UriRefBuf, Error>,
    /// The URL Standard's reading, with its validation errors.
    pub whatwg: Report,
    /// What they disagree on, in the order `validity` (alone, when so),
    /// `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`;
    /// empty when they agree or both fail.
    pub differences: Vec<Difference>,
}

/// Reads `input` (against `base`, when given) both ways and compares.
/// A component differs when the RFC reading, normalized as
/// [`Normalizer::new`] does with hosts of DNS schemes in ASCII
/// ([`Normalizer::idna_hosts`]) and an IRI mapped to its URI (RFC 3987
/// section 3.1), is not the URL record's; the port is compared as the
/// effective port (the scheme's default when absent), the userinfo as
/// `username[:password]`.
///
/// ```
/// use urikit::whatwg::compare;
///
/// let c = compare("http://evil.com\\@good.com/", None);
/// assert!(c.rfc.is_err());
/// assert_eq!(c.whatwg.result.as_ref().unwrap().hostname(), "evil.com");
/// assert_eq!(c.differences.iter().map(|d| d.name()).collect::<Vec<_>>(), ["validity"]);
///
/// let c = compare("http://0x7F.1/a/%7e?q", None);
/// assert_eq!(c.differences.iter().map(|d| d.name()).collect::<Vec<_>>(), ["host", "path"]);
/// assert!(compare("https://example.com/a?b#c", None).differences.is_empty());
/// ```
pub fn compare(input: &str, base: Option<&str>) -> Comparison {
    let iri = !input.is_ascii() || base.is_some_and(|b| !b.is_ascii());
    let dialect = if iri {
        Dialect::Rfc3987
    } else {
        Dialect::Rfc3986
    };
    let rfc = rfc_reading(input, base, dialect);
    let whatwg = match base {
        None => Url::parse_reporting(input, None),
        Some(b) => match Url::parse(b) {
            Ok(b) => Url::parse_reporting(input, Some(&b)),
            Err(e) => Report {
                result: Err(e),
                errors: Vec::new(),
            },
        },
    };
    let mut c = Comparison {
        dialect,
        rfc,
        whatwg,
        differences: Vec::new(),
    };
    c.differences = match (&c.rfc, &c.whatwg.result) {
        (Ok(_), Ok(_)) => component_differences(&c),
        (Err(_), Err(_)) => Vec::new(),
        _ => alloc::vec![Difference::Validity],
    };
    c
}

fn rfc_reading(input: &str, base: Option<&str>, dialect: Dialect) -> Result<UriRefBuf, Error> {
    let r = UriRef::parse_with(input, dialect)?;
    match base {
        None => Ok(r.to_buf()),
        Some(b) => r.resolve_against(UriRef::parse_with(b, dialect)?),
    }
}

/// The RFC reading as the comparison sees it: an IRI mapped to its URI,
/// then normalized with hosts in ASCII.
fn comparable(r: &UriRefBuf) -> Result<UriRefBuf, Error> {
    let uri = if r.as_str().is_ascii() {
        r.clone()
    } else {
        IriRef::parse(r.as_str())?.to_uri_idna()?
    };
    Ok(Normalizer::new()
        .idna_hosts(true)
        .normalize(uri.as_uri_ref()))
}

/// The components the two readings are compared by, in the order of
/// [`Comparison::differences`].
const COMPARED: [Part; 7] = Part::COMPONENTS;

impl Comparison {
    /// The component `p` of the RFC reading as it is compared: normalized
    /// (see [`compare`]), the port as the effective port, an undefined
    /// component `None`. `None` too when the reading failed.
    ///
    /// ```
    /// use urikit::{whatwg::compare, Part};
    /// let c = compare("HTTP://0x7F.1/%7e", None);
    /// assert_eq!(c.rfc_part(Part::Host).as_deref(), Some("0x7f.1"));
    /// assert_eq!(c.rfc_part(Part::Path).as_deref(), Some("/~"));
    /// assert_eq!(c.rfc_part(Part::Port).as_deref(), Some("80"));
    /// assert_eq!(c.whatwg_part(Part::Host).as_deref(), Some("127.0.0.1"));
    /// ```
    pub fn rfc_part(&self, p: Part) -> Option<String> {
        let n = comparable(self.rfc.as_ref().ok()?).ok()?;
        let u = n.as_uri_ref();
        match p {
            Part::Port => match u.port().filter(|p| !p.is_empty()) {
                Some(p) => {
                    let digits = p.trim_start_matches('0');
                    Some(if digits.is_empty() {
                        "0".to_owned()
                    } else {
                        digits.to_owned()
                    })
                }
                None => u
                    .scheme()
                    .and_then(crate::registry::default_port)
                    .map(|p| p.to_string()),
            },
            Part::Userinfo => Some(u.userinfo().map_or("", |x| x.as_str()).into()),
            Part::Scheme => Some(u.scheme().unwrap_or("").into()),
            _ => u.get(p).map(String::from),
        }
    }

    /// The component `p` of the URL Standard's record, as
    /// [`rfc_part`](Self::rfc_part) gives the RFC reading's: the host's
    /// serialization, the effective port, the userinfo as
    /// `username[:password]`.
    pub fn whatwg_part(&self, p: Part) -> Option<String> {
        let w = self.whatwg.result.as_ref().ok()?;
        match p {
            Part::Scheme => Some(w.scheme().into()),
            Part::Userinfo => {
                let mut s = String::from(w.username());
                if !w.password().is_empty() {
                    s.push(':');
                    s.push_str(w.password());
                }
                Some(s)
            }
            Part::Host => w.host_record().map(|_| w.hostname().into()),
            Part::Authority => w.host_record().map(|_| w.host().into()),
            Part::Port => w.port_or_default().map(|p| p.to_string()),
            Part::Path => Some(w.pathname().into()),
            Part::Query => w.query().map(String::from),
            Part::Fragment => w.fragment().map(String::from),
        }
    }
}

fn component_differences(c: &Comparison) -> Vec<Difference> {
    let Ok(r) = &c.rfc else { return Vec::new() };
    if comparable(r).is_err() {
        // A host that UTS #46 refuses by the RFC reading, which the URL
        // Standard took: their hosts differ.
        return alloc::vec![Difference::Part(Part::Host)];
    }
    COMPARED
        .into_iter()
        .filter(|&p| c.rfc_part(p) != c.whatwg_part(p))
        .map(Difference::Part)
        .collect()
}
