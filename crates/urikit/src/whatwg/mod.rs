//! The WHATWG URL Standard (<https://url.spec.whatwg.org/>), the reading
//! of browsers and JavaScript runtimes, beside the IETF grammars of the
//! rest of the library: [`Url`], a URL record with the getters and
//! setters of the standard's `URL` class, its validation errors with
//! their byte offsets ([`ValidationError`]), the host parser ([`Host`])
//! and `application/x-www-form-urlencoded` ([`SearchParams`]).
//!
//! Where the two readings part: the standard repairs what RFC 3986
//! refuses (`\` read as `/` in special URLs, tabs and newlines dropped,
//! spaces and other characters percent-encoded, `http:example.com` given
//! its slashes), writes hosts in a canonical form (IPv4 addresses in hex,
//! octal or fewer than four parts, IDNA applied, upper case lowered) and
//! removes default ports and dot segments as it parses. A program that
//! checks a URL by RFC 3986 and a browser that follows it can therefore
//! see different hosts: `http://evil.com\@good.com/` is invalid by RFC
//! 3986 and goes to `evil.com` in a browser.
//!
//! Requires the `whatwg` feature (which brings `idna`).
//!
//! ```
//! use urikit::whatwg::Url;
//!
//! let url = Url::parse("HTTP://EXAMPLE.com:80/a/../b\\c?q#f")?;
//! assert_eq!(url.href(), "http://example.com/b/c?q#f");
//! assert_eq!((url.host(), url.port(), url.pathname()), ("example.com", "", "/b/c"));
//! // What the browser repaired, and where.
//! let report = Url::parse_reporting("HTTP://EXAMPLE.com:80/a/../b\\c?q#f", None);
//! let codes: Vec<_> = report.errors.iter().map(|e| (e.code(), e.offset())).collect();
//! assert_eq!(codes, [("invalid-reverse-solidus", 28)]);
//! # Ok::<(), urikit::whatwg::ValidationError>(())
//! ```
//!
//! May use: `whatwg::encode`, `whatwg::error`, `whatwg::host`,
//! `whatwg::record`, `whatwg::fast`, `whatwg::parser`, `whatwg::form`; `whatwg::compare`,
//! in this layer, reads with `uri`, `iri`, `resolve` and `normalize`.

mod compare;
mod encode;
mod error;
mod fast;
mod form;
mod host;
mod parser;
mod record;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

pub use compare::{compare, Comparison, Difference};
pub use error::{ValidationError, ValidationErrorKind};
pub use form::{form_parse, form_serialize, SearchParams};
pub use host::Host;

use error::Sink;
use parser::{basic_parse, State};
use record::{default_port, Offsets, Path, Record};

/// A URL record of the WHATWG URL Standard, with the getters and setters
/// of its `URL` class. Immutable by its getters; the setters follow the
/// standard's steps (a value a setter cannot take leaves the URL as the
/// standard leaves it, which may be unchanged).
///
/// ```
/// use urikit::whatwg::Url;
///
/// let base = Url::parse("https://example.org/a/b?x")?;
/// let url = Url::parse_with_base("../c?y#z", &base)?;
/// assert_eq!(url.href(), "https://example.org/c?y#z");
/// assert_eq!(url.origin(), "https://example.org");
/// assert_eq!(Url::parse("http://0x7f.1/")?.hostname(), "127.0.0.1");
/// # Ok::<(), urikit::whatwg::ValidationError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Url {
    /// The serialization; the getters are slices of it.
    href: String,
    o: Offsets,
    host: HostKind,
    port: Option<u16>,
    opaque_path: bool,
}

/// What the host of a URL is (its text is the serialization's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum HostKind {
    None,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
    Empty,
}

/// A parse with the validation errors met on the way (section 1.2): they
/// are there whether the parse succeeded or not, and say what the browser
/// repaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The URL, or the validation error that made the parse fail.
    pub result: Result<Url, ValidationError>,
    /// Every validation error met, in order (the failure's included).
    pub errors: Vec<ValidationError>,
}

impl Url {
    fn from_record(rec: Record) -> Url {
        let (href, o) = rec.serialize();
        let host = match &rec.host {
            None => HostKind::None,
            Some(Host::Domain(_)) => HostKind::Domain,
            Some(Host::Ipv4(_)) => HostKind::Ipv4,
            Some(Host::Ipv6(_)) => HostKind::Ipv6,
            Some(Host::Opaque(_)) => HostKind::Opaque,
            Some(Host::Empty) => HostKind::Empty,
        };
        Url {
            href,
            o,
            host,
            port: rec.port,
            opaque_path: rec.has_opaque_path(),
        }
    }

    /// The URL when the quick pass could write it (see `whatwg::fast`):
    /// its `href` is the input, or what the pass wrote where the input had
    /// to change.
    #[inline(always)]
    fn quick(input: &str, q: fast::Quick) -> Url {
        Url {
            href: q.href.unwrap_or_else(|| String::from(input)),
            o: q.o,
            host: match q.host {
                fast::HostForm::Domain => HostKind::Domain,
                fast::HostForm::Ipv4 => HostKind::Ipv4,
                fast::HostForm::Empty => HostKind::Empty,
            },
            port: q.port,
            opaque_path: false,
        }
    }

    /// What the parser gives where the quick pass did not answer.
    #[inline(never)]
    fn parse_slow(input: &str, base: Option<&Url>) -> Result<Url, ValidationError> {
        if base.is_none() {
            if let Some(e) = fast::no_scheme(input) {
                return Err(e);
            }
        }
        Self::parse_reporting(input, base).result
    }

    /// The URL record this URL serializes (section 4.1), built back from the
    /// serialization and its offsets: what the setters and a relative
    /// reference's base read.
    fn record(&self) -> Record {
        let h = &self.href;
        let o = &self.o;
        let hostname = &h[o.host_start..o.host_end];
        let host = match self.host {
            HostKind::None => None,
            HostKind::Empty => Some(Host::Empty),
            HostKind::Domain => Some(Host::Domain(String::from(hostname))),
            HostKind::Opaque => Some(Host::Opaque(String::from(hostname))),
            HostKind::Ipv4 => Some(Host::Ipv4(
                hostname
                    .split('.')
                    .fold(0u32, |n, p| n << 8 | p.parse::<u32>().unwrap_or(0)),
            )),
            HostKind::Ipv6 => {
                let mut sink = Sink::default();
                let inner = &hostname[1..hostname.len() - 1];
                Some(Host::Ipv6(
                    host::ipv6_parse(inner, 0, &mut sink).unwrap_or([0; 8]),
                ))
            }
        };
        let pathname = self.pathname();
        let path = if self.opaque_path {
            Path::Opaque(String::from(pathname))
        } else if pathname.is_empty() {
            Path::List(Vec::new())
        } else {
            Path::List(pathname[1..].split('/').map(String::from).collect())
        };
        Record {
            scheme: String::from(self.scheme()),
            username: String::from(self.username()),
            password: String::from(self.password()),
            host,
            port: self.port,
            path,
            query: self.query().map(String::from),
            fragment: self.fragment().map(String::from),
        }
    }

    /// The API URL parser without a base (section 6.1, `new URL(input)`).
    ///
    /// # Errors
    ///
    /// The validation error that made the parse fail, with its byte offset.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// assert_eq!(Url::parse("https://h/ä")?.pathname(), "/%C3%A4");
    /// assert_eq!(Url::parse("/relative").unwrap_err().code(), "missing-scheme-non-relative-URL");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, ValidationError> {
        fast::scan_then(input, |q| match q {
            Some(q) => Ok(Url::quick(input, q)),
            None => Url::parse_slow(input, None),
        })
    }

    /// The API URL parser with a base URL (`new URL(input, base)`).
    ///
    /// # Errors
    ///
    /// The validation error that made the parse fail.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let base = Url::parse("file:///C:/dir/file")?;
    /// assert_eq!(Url::parse_with_base("..\\x", &base)?.href(), "file:///C:/x");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ValidationError> {
        // A URL the quick pass takes has its scheme and `//`: the base
        // does not enter its reading.
        fast::scan_then(input, |q| match q {
            Some(q) => Ok(Url::quick(input, q)),
            None => Url::parse_slow(input, Some(base)),
        })
    }

    /// Whether `input` parses (the static `URL.canParse`).
    ///
    /// ```
    /// assert!(urikit::whatwg::Url::can_parse("http:example.com", None));
    /// assert!(!urikit::whatwg::Url::can_parse("http://[::1", None));
    /// ```
    pub fn can_parse(input: &str, base: Option<&Url>) -> bool {
        if fast::valid(input) {
            return true;
        }
        if base.is_none() && fast::no_scheme(input).is_some() {
            return false;
        }
        // The parser alone: its record is not serialized.
        let base = base.map(Url::record);
        let mut rec = Record::default();
        basic_parse(input, base.as_ref(), &mut rec, None, &mut Sink::default()).is_ok()
    }

    /// The basic URL parser, with the validation errors it met.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let r = Url::parse_reporting(" http://h/\ta", None);
    /// assert_eq!(r.result.unwrap().href(), "http://h/a");
    /// let codes: Vec<_> = r.errors.iter().map(|e| (e.code(), e.offset())).collect();
    /// assert_eq!(codes, [("invalid-URL-unit", 0), ("invalid-URL-unit", 10)]);
    /// ```
    pub fn parse_reporting(input: &str, base: Option<&Url>) -> Report {
        let mut sink = Sink::default();
        let mut rec = Record::default();
        let base = base.map(Url::record);
        let result = basic_parse(input, base.as_ref(), &mut rec, None, &mut sink)
            .map(|()| Url::from_record(rec));
        Report {
            result,
            errors: sink.errors,
        }
    }

    /// The serialization (`href`).
    pub fn href(&self) -> &str {
        &self.href
    }

    /// The serialization without the fragment.
    ///
    /// ```
    /// assert_eq!(urikit::whatwg::Url::parse("a:b#c")?.href_without_fragment(), "a:b");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn href_without_fragment(&self) -> &str {
        &self.href[..self.o.query_end]
    }

    /// The scheme followed by `:` (`protocol`).
    pub fn protocol(&self) -> &str {
        &self.href[..=self.o.scheme_end]
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> &str {
        &self.href[..self.o.scheme_end]
    }

    /// The username, percent-encoded.
    pub fn username(&self) -> &str {
        &self.href[self.o.username_start..self.o.username_end]
    }

    /// The password, percent-encoded.
    pub fn password(&self) -> &str {
        let p = &self.href[self.o.username_end..self.o.password_end];
        p.strip_prefix(':').unwrap_or(p)
    }

    /// The host and the port, if there is one (`host`).
    pub fn host(&self) -> &str {
        &self.href[self.o.host_start..self.o.port_end]
    }

    /// The host, serialized (`hostname`).
    pub fn hostname(&self) -> &str {
        &self.href[self.o.host_start..self.o.host_end]
    }

    /// The host as the record holds it (`None`: no host).
    ///
    /// ```
    /// use urikit::whatwg::{Host, Url};
    /// assert_eq!(Url::parse("http://0x7f.1/")?.host_record(), Some(Host::Ipv4(0x7F00_0001)));
    /// assert_eq!(Url::parse("mailto:x")?.host_record(), None);
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn host_record(&self) -> Option<Host> {
        self.record().host
    }

    /// Whether the URL has a host (the empty host included).
    pub fn has_host(&self) -> bool {
        self.host != HostKind::None
    }

    /// The port as written when it is not the scheme's default (`port`).
    pub fn port(&self) -> &str {
        let p = &self.href[self.o.host_end..self.o.port_end];
        p.strip_prefix(':').unwrap_or(p)
    }

    /// The port as a number, when it is not the scheme's default.
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port.
    ///
    /// ```
    /// assert_eq!(urikit::whatwg::Url::parse("wss://h/")?.port_or_default(), Some(443));
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or_else(|| default_port(self.scheme()))
    }

    /// The path, serialized (`pathname`).
    pub fn pathname(&self) -> &str {
        &self.href[self.o.path_start..self.o.path_end]
    }

    /// Whether the path is opaque (`mailto:x`, `data:...`): the URL has
    /// no hierarchy below its scheme.
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// The query with its `?`, or `""` when it is absent or empty (`search`).
    pub fn search(&self) -> &str {
        let s = &self.href[self.o.path_end..self.o.query_end];
        if s.len() <= 1 {
            ""
        } else {
            s
        }
    }

    /// The query without its `?`; `None` when there is none.
    pub fn query(&self) -> Option<&str> {
        (self.o.path_end < self.o.query_end)
            .then(|| &self.href[self.o.path_end + 1..self.o.query_end])
    }

    /// The fragment with its `#`, or `""` when it is absent or empty (`hash`).
    pub fn hash(&self) -> &str {
        let s = &self.href[self.o.query_end..];
        if s.len() <= 1 {
            ""
        } else {
            s
        }
    }

    /// The fragment without its `#`; `None` when there is none.
    pub fn fragment(&self) -> Option<&str> {
        (self.o.query_end < self.href.len()).then(|| &self.href[self.o.query_end + 1..])
    }

    /// The serialization of the URL's origin (section 4.7): `scheme://host[:port]`
    /// for `http`, `https`, `ws`, `wss` and `ftp`, that of the URL a `blob:`
    /// URL's path holds, and `null` (an opaque origin) for the rest.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// assert_eq!(Url::parse("blob:https://a.example:8443/id")?.origin(), "https://a.example:8443");
    /// assert_eq!(Url::parse("file:///x")?.origin(), "null");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn origin(&self) -> String {
        match self.scheme() {
            "http" | "https" | "ws" | "wss" | "ftp" => {
                let mut o = String::with_capacity(self.o.path_start);
                o.push_str(self.scheme());
                o.push_str("://");
                o.push_str(self.host());
                o
            }
            "blob" => match Url::parse(self.pathname()) {
                Ok(u) if matches!(u.scheme(), "http" | "https") => u.origin(),
                _ => String::from("null"),
            },
            _ => String::from("null"),
        }
    }

    /// The `href` setter: the URL becomes `value` parsed.
    ///
    /// # Errors
    ///
    /// The parse's failure (the URL is then unchanged), as `new URL`
    /// throws.
    pub fn set_href(&mut self, value: &str) -> Result<(), ValidationError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// Runs the basic URL parser on `value` with the state override
    /// `state`, on this URL's record.
    fn run(&mut self, value: &str, state: State) {
        self.edit(|rec| {
            let mut sink = Sink::default();
            let _ = basic_parse(value, None, rec, Some(state), &mut sink);
        });
    }

    /// Changes the record with `f`, then serializes it again.
    fn edit(&mut self, f: impl FnOnce(&mut Record)) {
        let mut rec = self.record();
        f(&mut rec);
        *self = Url::from_record(rec);
    }

    /// The `protocol` setter.
    ///
    /// ```
    /// let mut url = urikit::whatwg::Url::parse("http://h:443/")?;
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://h/");
    /// url.set_protocol("mailto"); // special to non-special: ignored
    /// assert_eq!(url.protocol(), "https:");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let mut v = String::with_capacity(value.len() + 1);
        v.push_str(value);
        v.push(':');
        self.run(&v, State::SchemeStart);
    }

    /// The `username` setter.
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_credentials_or_port() {
            return;
        }
        self.edit(|rec| rec.username = encode::encode(value, encode::EncodeSet::USERINFO));
    }

    /// A URL cannot have a username/password/port if its host is null or
    /// the empty host, or its scheme is `file` (section 4.2).
    fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, HostKind::None | HostKind::Empty) || self.scheme() == "file"
    }

    /// The `password` setter.
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_credentials_or_port() {
            return;
        }
        self.edit(|rec| rec.password = encode::encode(value, encode::EncodeSet::USERINFO));
    }

    /// The `host` setter (the port too, when `value` has one).
    pub fn set_host(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        self.run(value, State::Host);
    }

    /// The `hostname` setter.
    pub fn set_hostname(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        self.run(value, State::Hostname);
    }

    /// The `port` setter (`""` removes the port).
    ///
    /// ```
    /// let mut url = urikit::whatwg::Url::parse("http://h/")?;
    /// url.set_port("8080abc");
    /// assert_eq!(url.host(), "h:8080");
    /// url.set_port("80");
    /// assert_eq!(url.host(), "h");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_credentials_or_port() {
            return;
        }
        if value.is_empty() {
            self.edit(|rec| rec.port = None);
        } else {
            self.run(value, State::Port);
        }
    }

    /// The `pathname` setter.
    pub fn set_pathname(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        self.edit(|rec| {
            rec.path = Path::List(Vec::new());
            let mut sink = Sink::default();
            let _ = basic_parse(value, None, rec, Some(State::PathStart), &mut sink);
        });
    }

    /// The `search` setter (`""` removes the query).
    pub fn set_search(&mut self, value: &str) {
        let v = value.strip_prefix('?').unwrap_or(value);
        self.edit(|rec| {
            if value.is_empty() {
                rec.query = None;
                return;
            }
            rec.query = Some(String::new());
            let mut sink = Sink::default();
            let _ = basic_parse(v, None, rec, Some(State::Query), &mut sink);
        });
    }

    /// The `hash` setter (`""` removes the fragment).
    pub fn set_hash(&mut self, value: &str) {
        let v = value.strip_prefix('#').unwrap_or(value);
        self.edit(|rec| {
            if value.is_empty() {
                rec.fragment = None;
                return;
            }
            rec.fragment = Some(String::new());
            let mut sink = Sink::default();
            let _ = basic_parse(v, None, rec, Some(State::Fragment), &mut sink);
        });
    }

    /// The query's name-value pairs (`searchParams`), decoded.
    ///
    /// ```
    /// let url = urikit::whatwg::Url::parse("https://h/?a=1&b=x+y&a=%C3%A9")?;
    /// assert_eq!(url.search_params().get_all("a"), ["1", "é"]);
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn search_params(&self) -> SearchParams {
        SearchParams::from_pairs(form_parse(self.query().unwrap_or("")))
    }

    /// Writes `params` as the query (the update steps of
    /// `URLSearchParams`): no query when they serialize to nothing.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let mut url = Url::parse("https://h/?b=2&a=1")?;
    /// let mut params = url.search_params();
    /// params.sort();
    /// params.append("c", "x y");
    /// url.set_search_params(&params);
    /// assert_eq!(url.href(), "https://h/?a=1&b=2&c=x+y");
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_search_params(&mut self, params: &SearchParams) {
        let s = params.to_string();
        self.edit(|rec| rec.query = if s.is_empty() { None } else { Some(s) });
    }

    /// Sets the attribute named `name` (`href`, `protocol`, `username`,
    /// `password`, `host`, `hostname`, `port`, `pathname`, `search`,
    /// `hash`) as the `URL` class's setter of that name does.
    ///
    /// # Errors
    ///
    /// `None` for a name that is no attribute; the `href` setter's
    /// failure (the URL then unchanged).
    ///
    /// ```
    /// let mut url = urikit::whatwg::Url::parse("http://h/")?;
    /// url.set("pathname", "/a b")?;
    /// assert_eq!(url.href(), "http://h/a%20b");
    /// # Ok::<(), Option<urikit::whatwg::ValidationError>>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), Option<ValidationError>> {
        match name {
            "href" => self.set_href(value).map_err(Some)?,
            "protocol" => self.set_protocol(value),
            "username" => self.set_username(value),
            "password" => self.set_password(value),
            "host" => self.set_host(value),
            "hostname" => self.set_hostname(value),
            "port" => self.set_port(value),
            "pathname" => self.set_pathname(value),
            "search" => self.set_search(value),
            "hash" => self.set_hash(value),
            _ => return Err(None),
        }
        Ok(())
    }

    /// The getter of the attribute named `name` (as [`Url::set`] names
    /// them, and `origin`).
    ///
    /// ```
    /// let url = urikit::whatwg::Url::parse("http://h:81/p")?;
    /// assert_eq!(url.get("host").as_deref(), Some("h:81"));
    /// # Ok::<(), urikit::whatwg::ValidationError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<alloc::borrow::Cow<'_, str>> {
        use alloc::borrow::Cow::Borrowed;
        Some(match name {
            "href" => Borrowed(self.href()),
            "origin" => alloc::borrow::Cow::Owned(self.origin()),
            "protocol" => Borrowed(self.protocol()),
            "username" => Borrowed(self.username()),
            "password" => Borrowed(self.password()),
            "host" => Borrowed(self.host()),
            "hostname" => Borrowed(self.hostname()),
            "port" => Borrowed(self.port()),
            "pathname" => Borrowed(self.pathname()),
            "search" => Borrowed(self.search()),
            "hash" => Borrowed(self.hash()),
            _ => return None,
        })
    }

    /// The names of the attributes, in the order of the standard's
    /// `URL` class.
    pub const ATTRIBUTES: [&'static str; 11] = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.href)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Url({:?})", self.href)
    }
}

impl core::str::FromStr for Url {
    type Err = ValidationError;
    fn from_str(s: &str) -> Result<Url, ValidationError> {
        Url::parse(s)
    }
}
