//! SURT, the Sort-friendly URI Reordering Transform of the Internet
//! Archive, and the canonicalization it applies first: the keys by which
//! web archives (the Wayback Machine's CDX indexes, Common Crawl's
//! `url_surtkey`) sort and look up captures.
//!
//! `http://www.archive.org/goo/?b&a` has the key `org,archive)/goo?a&b`:
//! the host's labels reversed and joined by commas, `www` dropped, the
//! path and query lower-cased, the query's arguments sorted.
//!
//! The answers are those of the `surt` Python package (0.3.1), the
//! implementation the field calls, itself a port of iipc/webarchive-commons'
//! `WaybackURLKeyMaker` with its default canonicalizer: the
//! [`Canonicalizer::Google`] steps (the Safe Browsing rules of 2010:
//! fragments dropped, percent-encoding unescaped repeatedly and escaped
//! once, IPv4 number forms, dot segments), then the
//! [`Canonicalizer::Ia`] steps (case, `www`, default ports, session
//! identifiers, the query's order). Where a step of the reference needs a
//! service of the Python runtime, this module does what that service does:
//! Python's IDNA 2003 codec is UTS #46 with the four deviation characters
//! mapped as IDNA 2003 maps them, and the C library's `inet_aton` reads
//! the numeric host forms.
//!
//! A URL that the Google steps leave as it is (printable ASCII with no
//! `%`, a host with no IPv4 form and no empty label and a path with no
//! dot segment, or no host at all: 97 lines in 100 of the shared
//! datasets) is read once and its key written straight; every other URL
//! takes the steps one by one. A property test holds the two together.
//! The one reading takes a netloc of up to 63 bytes (most of them) from
//! the masks of the bytes it looks for, one vector pass: where the host,
//! the port, the path and the query end, the host's dots, and the path's
//! odd segments are then bit operations, with no search per component.
//!
//! ```
//! use urikit::surt::{surt, Options};
//! let o = Options::default();
//! assert_eq!(surt("http://www.archive.org/goo/?b&a", &o).unwrap(), "org,archive)/goo?a&b");
//! assert_eq!(surt("dns:archive.org", &o).unwrap(), "dns:archive.org");
//! let o = Options { with_scheme: true, trailing_comma: true, ..Options::default() };
//! assert_eq!(surt("https://www.example.com/", &o).unwrap(), "https://(com,example,)/");
//! ```

mod escape;
mod ip;
mod session;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind};

/// Which canonicalization runs before the key is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Canonicalizer {
    /// The Google steps, then the IA steps: what `surt.surt` and the
    /// Wayback Machine use.
    #[default]
    Default,
    /// The Google steps alone (`GoogleURLCanonicalizer`; webarchive-commons
    /// calls it `BasicURLCanonicalizer`).
    Google,
    /// The IA steps alone (`IAURLCanonicalizer`).
    Ia,
    /// None: the parsed URL written as it was read.
    Identity,
    /// Google's steps, then the Archive's with webarchive-commons'
    /// `OrdinaryIACanonicalizerRules`: the scheme and the host in lower
    /// case, the default port and an empty query dropped, and nothing
    /// else (`OrdinaryIAURLCanonicalizer`). Its IA switches are its own;
    /// those of [`Options`] do not apply.
    Ordinary,
    /// Google's steps, then the Archive's with webarchive-commons'
    /// `AggressiveIACanonicalizerRules`: [`Canonicalizer::Default`] with
    /// the scheme in lower case too (`AggressiveIAURLCanonicalizer`, the
    /// Java Wayback's key maker's).
    Aggressive,
}

impl Canonicalizer {
    /// The canonicalizer of this name: `default`, `google`, `ia`,
    /// `identity`, `ordinary` or `aggressive`.
    ///
    /// ```
    /// use urikit::surt::Canonicalizer;
    /// assert_eq!(Canonicalizer::from_name("ia"), Some(Canonicalizer::Ia));
    /// assert_eq!(Canonicalizer::from_name("aggressive"), Some(Canonicalizer::Aggressive));
    /// assert_eq!(Canonicalizer::from_name("lenient"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Canonicalizer> {
        Canonicalizer::ALL
            .iter()
            .copied()
            .find(|c| c.name() == name)
    }

    /// This canonicalizer's name.
    ///
    /// ```
    /// assert_eq!(urikit::surt::Canonicalizer::Google.name(), "google");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Canonicalizer::Default => "default",
            Canonicalizer::Google => "google",
            Canonicalizer::Ia => "ia",
            Canonicalizer::Identity => "identity",
            Canonicalizer::Ordinary => "ordinary",
            Canonicalizer::Aggressive => "aggressive",
        }
    }

    /// Every canonicalizer.
    ///
    /// ```
    /// assert_eq!(urikit::surt::Canonicalizer::ALL.len(), 6);
    /// ```
    pub const ALL: &'static [Canonicalizer] = &[
        Canonicalizer::Default,
        Canonicalizer::Google,
        Canonicalizer::Ia,
        Canonicalizer::Identity,
        Canonicalizer::Ordinary,
        Canonicalizer::Aggressive,
    ];

    fn google(self) -> bool {
        !matches!(self, Canonicalizer::Ia | Canonicalizer::Identity)
    }

    fn ia(self) -> bool {
        !matches!(self, Canonicalizer::Google | Canonicalizer::Identity)
    }
}

/// How a key is computed: the canonicalizer, the IA steps' switches and
/// the form of the key, with the `surt` package's names and defaults.
///
/// ```
/// use urikit::surt::{surt, Options};
/// let o = Options { host_massage: false, ..Options::default() };
/// assert_eq!(surt("http://www.example.com/", &o).unwrap(), "com,example,www)/");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// The canonicalization before the key is written.
    pub canonicalizer: Canonicalizer,
    /// The key's form: the host's labels reversed and joined by commas,
    /// in parentheses where the scheme is written. Off, the canonical URL
    /// is written instead (without its scheme unless `with_scheme`). On by
    /// default.
    pub surt: bool,
    /// The scheme before the key: `http://(org,archive)/`. Off by default.
    pub with_scheme: bool,
    /// A comma after the host's last label: `org,archive,)/`. Off by default.
    pub trailing_comma: bool,
    /// A dotted IPv4 address reversed as a name is (`4,3,2,1)`); off, it
    /// is kept as it is (`1.2.3.4)`). On by default.
    pub reverse_ipaddr: bool,
    /// IA: the scheme in lower case (webarchive-commons' `SCHEME_LOWERCASE`,
    /// which the `surt` package does not have). Off by default.
    pub scheme_lowercase: bool,
    /// IA: the host in lower case. On by default.
    pub host_lowercase: bool,
    /// IA: a leading `www.` or `www` and digits and `.` dropped from the
    /// host. On by default.
    pub host_massage: bool,
    /// IA: port 80 dropped from `http`, 443 from `https`. On by default.
    pub port_strip_default: bool,
    /// IA: a path of `/` alone dropped. Off by default.
    pub path_strip_empty: bool,
    /// IA: the path in lower case. On by default.
    pub path_lowercase: bool,
    /// IA: ASP.NET's cookieless session segment dropped from the path. On
    /// by default.
    pub path_strip_session_id: bool,
    /// IA: one trailing `/` dropped from a path longer than `/`. On by
    /// default.
    pub path_strip_trailing_slash_unless_empty: bool,
    /// IA: the query in lower case. On by default.
    pub query_lowercase: bool,
    /// IA: `jsessionid`, `phpsessid`, `sid`, `aspsessionid` and
    /// `cfid`/`cftoken` arguments dropped from the query. On by default.
    pub query_strip_session_id: bool,
    /// IA: an empty query dropped with its `?`. On by default.
    pub query_strip_empty: bool,
    /// IA: the query's arguments sorted by name, then value. On by default.
    pub query_alpha_reorder: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            canonicalizer: Canonicalizer::Default,
            surt: true,
            with_scheme: false,
            trailing_comma: false,
            reverse_ipaddr: true,
            scheme_lowercase: false,
            host_lowercase: true,
            host_massage: true,
            port_strip_default: true,
            path_strip_empty: false,
            path_lowercase: true,
            path_strip_session_id: true,
            path_strip_trailing_slash_unless_empty: true,
            query_lowercase: true,
            query_strip_session_id: true,
            query_strip_empty: true,
            query_alpha_reorder: true,
        }
    }
}

impl Options {
    /// The options of this name, `false` or `true` ([`Options::names`]
    /// lists them). Returns `false` if there is no such option.
    ///
    /// ```
    /// let mut o = urikit::surt::Options::default();
    /// assert!(o.set("with_scheme", true));
    /// assert!(o.with_scheme);
    /// assert!(!o.set("no_such_option", true));
    /// ```
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match self.flag(name) {
            Some(f) => {
                *f = on;
                true
            }
            None => false,
        }
    }

    /// The switches of a list such as `with_scheme,host_massage=false`:
    /// each name alone turns its switch on, `name=true` or `name=false`
    /// sets it (`1`, `0`, `yes` and `no` too). The form the `uri surt
    /// --option` flag and the `uri_surt` column function's `options` take.
    ///
    /// # Errors
    ///
    /// A sentence naming the item that is not an option or not a truth
    /// value, and the options there are.
    ///
    /// ```
    /// let mut o = urikit::surt::Options::default();
    /// o.apply("with_scheme, host_massage=false").unwrap();
    /// assert!(o.with_scheme && !o.host_massage);
    /// assert!(o.apply("colour=blue").unwrap_err().contains("with_scheme"));
    /// ```
    pub fn apply(&mut self, list: &str) -> Result<(), String> {
        for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, value) = item.split_once('=').unwrap_or((item, "true"));
            let name = name.trim();
            if !Options::names().contains(&name) {
                return Err(alloc::format!(
                    "no SURT option {name:?}; the options are {}",
                    Options::names().join(", ")
                ));
            }
            let on = match value.trim() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                v => return Err(alloc::format!("{v:?} (of {name}) is not true or false")),
            };
            self.set(name, on);
        }
        Ok(())
    }

    /// The names of the switches [`Options::set`] takes, as the `surt`
    /// package spells its keyword arguments.
    ///
    /// ```
    /// assert!(urikit::surt::Options::names().contains(&"trailing_comma"));
    /// ```
    pub fn names() -> &'static [&'static str] {
        &[
            "surt",
            "with_scheme",
            "trailing_comma",
            "reverse_ipaddr",
            "scheme_lowercase",
            "host_lowercase",
            "host_massage",
            "port_strip_default",
            "path_strip_empty",
            "path_lowercase",
            "path_strip_session_id",
            "path_strip_trailing_slash_unless_empty",
            "query_lowercase",
            "query_strip_session_id",
            "query_strip_empty",
            "query_alpha_reorder",
        ]
    }

    /// The switches the IA steps run with (`None` where the canonicalizer
    /// runs none): these options' own, but for the canonicalizers whose
    /// rules are fixed.
    fn ia_switches(&self) -> Option<Options> {
        match self.canonicalizer {
            Canonicalizer::Aggressive => Some(Options {
                scheme_lowercase: true,
                ..self.clone()
            }),
            Canonicalizer::Ordinary => Some(Options {
                scheme_lowercase: true,
                host_lowercase: true,
                host_massage: false,
                port_strip_default: true,
                path_strip_empty: false,
                path_lowercase: false,
                path_strip_session_id: false,
                path_strip_trailing_slash_unless_empty: false,
                query_lowercase: false,
                query_strip_session_id: false,
                query_strip_empty: true,
                query_alpha_reorder: false,
                ..self.clone()
            }),
            c if c.ia() => Some(self.clone()),
            _ => None,
        }
    }

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "surt" => &mut self.surt,
            "with_scheme" => &mut self.with_scheme,
            "trailing_comma" => &mut self.trailing_comma,
            "reverse_ipaddr" => &mut self.reverse_ipaddr,
            "scheme_lowercase" => &mut self.scheme_lowercase,
            "host_lowercase" => &mut self.host_lowercase,
            "host_massage" => &mut self.host_massage,
            "port_strip_default" => &mut self.port_strip_default,
            "path_strip_empty" => &mut self.path_strip_empty,
            "path_lowercase" => &mut self.path_lowercase,
            "path_strip_session_id" => &mut self.path_strip_session_id,
            "path_strip_trailing_slash_unless_empty" => {
                &mut self.path_strip_trailing_slash_unless_empty
            }
            "query_lowercase" => &mut self.query_lowercase,
            "query_strip_session_id" => &mut self.query_strip_session_id,
            "query_strip_empty" => &mut self.query_strip_empty,
            "query_alpha_reorder" => &mut self.query_alpha_reorder,
            _ => return None,
        })
    }
}

/// The SURT key of `url`.
///
/// An empty `url` has the key `-`, and one that begins `filedesc` (an ARC
/// file's header record) is its own key, as in the reference; every other
/// input has a key, but for the two the reference refuses too.
///
/// # Errors
///
/// - nothing but white space: [`ErrorKind::EmptyInput`];
/// - a port that is not digits alone ([`ErrorKind::InvalidPort`]) or is
///   over 65535 ([`ErrorKind::PortOutOfRange`]), at the port's offset.
///
/// ```
/// use urikit::surt::{surt, Options};
/// let o = Options::default();
/// assert_eq!(surt("http://archive.org/goo/?a=2&b&a=1", &o).unwrap(), "org,archive)/goo?a=1&a=2&b");
/// assert_eq!(surt("", &o).unwrap(), "-");
/// assert_eq!(surt("http://a.org:x/", &o).unwrap_err().code(), "invalid-port");
/// ```
pub fn surt(url: &str, options: &Options) -> Result<String, Error> {
    let mut out = Vec::with_capacity(url.len() + 8);
    surt_bytes(url.as_bytes(), options, &mut out)?;
    // The key is ASCII (every other byte is escaped) or the input itself.
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// [`surt`] of bytes, appended to `out` (which is left as it was on an
/// error): the `surt` package takes bytes too, and a key is ASCII but
/// for a `filedesc` line, which is passed through.
///
/// # Errors
///
/// As [`surt`].
///
/// ```
/// let mut out = Vec::new();
/// urikit::surt::surt_bytes(b"http://www.archive.org/", &Default::default(), &mut out).unwrap();
/// assert_eq!(out, b"org,archive)/");
/// ```
pub fn surt_bytes(url: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Error> {
    if url.is_empty() {
        out.push(b'-');
        return Ok(());
    }
    if url.starts_with(b"filedesc") {
        out.extend_from_slice(url);
        return Ok(());
    }
    if plain(url, options, options.surt, options.with_scheme, out) {
        return Ok(());
    }
    stepwise(url, options, options.surt, options.with_scheme, out)
}

/// The key or the canonical URL of a URL that is not empty, step by step
/// as the reference takes them.
fn stepwise(
    url: &[u8],
    options: &Options,
    surt: bool,
    with_scheme: bool,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let text = Text::prepare(url)?;
    let mut h = Handy::parse(&text)?;
    h.canonicalize(options);
    h.write(surt, with_scheme, options, out);
    Ok(())
}

/// `url` canonicalized and written back as a URL (the reference's
/// `getURLString`): the Internet Archive's canonical form, before the
/// host is reversed.
///
/// # Errors
///
/// As [`surt`], and an empty `url` is [`ErrorKind::EmptyInput`] (it has
/// no canonical form; its key is `-`).
///
/// ```
/// use urikit::surt::{canonicalize, Options};
/// let o = Options::default();
/// assert_eq!(canonicalize("http://www34.archive.org/index.html?b=a&b=b&a=b", &o).unwrap(),
///            "http://archive.org/index.html?a=b&b=a&b=b");
/// ```
pub fn canonicalize(url: &str, options: &Options) -> Result<String, Error> {
    let mut out = Vec::with_capacity(url.len() + 8);
    if url.is_empty() {
        return Err(Error::new(ErrorKind::EmptyInput, 0));
    }
    if !plain(url.as_bytes(), options, false, true, &mut out) {
        stepwise(url.as_bytes(), options, false, true, &mut out)?;
    }
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// The key (`surt`) or the canonical URL of a URL that the Google steps
/// leave as it is, written straight into `out` in one reading; `false`,
/// with `out` as it was, for every other URL, which takes the steps one
/// by one. The answer is theirs (a property test holds the two together,
/// on generated URLs under generated options and on every dataset line).
///
/// Such a URL is printable ASCII without `%` (nothing to trim, remove,
/// unescape or escape), begins with a lower-case scheme other than `dns`
/// and `//`, and does not end with `?`; its query, if there is a `?`, is
/// not empty. Its netloc is either empty (`file:///x`, but for the
/// schemes that begin `http`, whose path's first segment is read as the
/// host), or a host and perhaps a port of digits (no `@`, `[` or
/// trailing `:`), the host not beginning with a digit (no IPv4 form) and
/// with no empty label, and then its path has no empty, `.` or `..`
/// segment before its last. What is left of the IA steps is done
/// here as they do it; a session identifier in the path or the query
/// sends the URL to the steps.
fn plain(url: &[u8], o: &Options, surt: bool, with_scheme: bool, out: &mut Vec<u8>) -> bool {
    if !o.canonicalizer.google() {
        return false;
    }
    let Some(ia) = o.ia_switches() else {
        return false;
    };
    // Sixteen bytes at a time: outside `!` to `~` (0x21 to 0x7E), or `%`.
    // As signed bytes, those beyond ASCII are below `!` too: one signed
    // comparison and two equalities a vector.
    if crate::bytes::any_byte(url, |b| ((b as i8) < 0x21) | (b == 0x7f) | (b == b'%'))
        || url.last() == Some(&b'?')
    {
        return false;
    }
    let Some(s) = scheme_len(url) else {
        return false;
    };
    let scheme = &url[..s];
    let netloc = &url[s + 1..];
    if !netloc.starts_with(b"//") || scheme.iter().any(u8::is_ascii_uppercase) || scheme == b"dns" {
        return false;
    }
    let netloc = &netloc[2..];
    // `http://http://` is read from its last prefix.
    if matches!(scheme, b"http" | b"https")
        && (netloc.starts_with(b"http://") || netloc.starts_with(b"https://"))
    {
        return false;
    }
    let Some(shape) = Shape::of(netloc) else {
        return false;
    };
    let Shape {
        mut host,
        mut dots,
        mut port,
        path,
        query,
        odd,
        open,
        labels,
    } = shape;
    // No netloc at all (`file:///x`): no host, and no Google step on the
    // path; but `http` and the schemes that begin so read the path's
    // first segment as the host.
    let hostless = netloc
        .first()
        .is_none_or(|b| matches!(b, b'/' | b'?' | b'#'));
    if hostless {
        if scheme.starts_with(b"http") {
            return false;
        }
    } else if host.first().is_none_or(u8::is_ascii_digit) || !labels {
        return false;
    }
    if let Some(q) = query {
        if q.is_empty()
            || (ia.query_strip_session_id && session::may_have_key(q) && session::has_key(q))
        {
            return false;
        }
    }
    if ia.path_strip_session_id && open {
        return false;
    }
    // The Google steps' path, with a host: `/` for none, and no dot
    // segment to resolve.
    let path: Option<&[u8]> = if hostless {
        (!path.is_empty()).then_some(path)
    } else if path.is_empty() {
        Some(b"/")
    } else if odd {
        return false;
    } else {
        Some(path)
    };
    if ia.host_massage {
        let m = massage_len(host);
        host = &host[m..];
        dots = dots.map(|d| d >> m);
    }
    if ia.port_strip_default {
        let default = match scheme {
            b"http" => Some(80),
            b"https" => Some(443),
            _ => None,
        };
        if port == default {
            port = None;
        }
    }

    let start = out.len();
    if hostless {
        // With no host the scheme is written whatever the options say.
        out.extend_from_slice(scheme);
        out.push(b':');
    } else {
        if with_scheme {
            out.extend_from_slice(scheme);
            out.extend_from_slice(b"://");
            if surt {
                out.push(b'(');
            }
        }
        match dots {
            Some(dots) if surt && (o.reverse_ipaddr || !is_dotted_quad(host)) => {
                labels_reversed(host, dots, out);
                end_host(port, surt, o, out);
            }
            _ => write_host(host, port, surt, o, out),
        }
    }
    // Where the host ends in `out`: the scheme is in lower case already,
    // and the port, `,`, `(` and `)` have no capitals.
    let host_end = out.len();
    match path.filter(|&p| !(ia.path_strip_empty && p == b"/")) {
        Some(path) => {
            let path = if ia.path_strip_trailing_slash_unless_empty && path.len() > 1 {
                path.strip_suffix(b"/").unwrap_or(path)
            } else {
                path
            };
            out.extend_from_slice(path);
        }
        None if query.is_some() => out.push(b'/'),
        None => {}
    }
    let path_end = out.len();
    if let Some(q) = query {
        out.push(b'?');
        out.extend_from_slice(q);
    }
    // The host's capitals, and the path's and the query's as asked: in
    // one pass where all three are.
    let lower = crate::bytes::make_lower;
    if ia.path_lowercase && ia.query_lowercase {
        lower(&mut out[start..]);
    } else {
        lower(&mut out[start..host_end]);
        if ia.path_lowercase {
            lower(&mut out[host_end..path_end]);
        }
        if ia.query_lowercase && query.is_some() {
            lower(&mut out[path_end + 1..]);
        }
    }
    if ia.query_alpha_reorder && query.is_some() {
        let at = path_end + 1;
        if let Some(sorted) = alpha_reorder(&out[at..]) {
            out.truncate(at);
            out.extend_from_slice(&sorted);
        }
    }
    debug_assert!(out.len() > start);
    true
}

/// A netloc (what follows `//`) cut as the one reading needs it: the
/// host, the port, the path and the query, and what is asked of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape<'a> {
    /// Up to the first `/`, `?`, `#` or `:` (empty where one begins the
    /// netloc).
    host: &'a [u8],
    /// The host's dots (bit `k` set where `host[k]` is `.`), where the
    /// netloc was read by its marks.
    dots: Option<u64>,
    /// The port's number, `None` for none (or for zeros alone).
    port: Option<u16>,
    /// Up to the first `?` or `#`.
    path: &'a [u8],
    /// After a `?` that ends the path, up to the first `#`.
    query: Option<&'a [u8]>,
    /// Whether a segment after a `/` of the path is empty (but the last)
    /// or is `.` or `..`.
    odd: bool,
    /// Whether a segment of the path begins with `(` (a cookieless
    /// session segment may).
    open: bool,
    /// Whether no label of the host is empty (no `.` at either end, no
    /// `..`).
    labels: bool,
}

impl<'a> Shape<'a> {
    /// The shape of `netloc`; `None` where the host ends in `@` or `[`
    /// (userinfo, IPv6: the steps read those) or the port is empty or
    /// not a number below 65536. Up to 63 bytes the netloc is read from
    /// the masks of its bytes ([`arch::byte_marks`](crate::arch::byte_marks)),
    /// a longer one by searching each component.
    fn of(netloc: &'a [u8]) -> Option<Shape<'a>> {
        if netloc.len() < crate::arch::MARKS_MAX {
            Shape::marked(netloc)
        } else {
            Shape::searched(netloc)
        }
    }

    fn marked(netloc: &'a [u8]) -> Option<Shape<'a>> {
        let n = netloc.len();
        let [slash, dot, question, hash, colon, at, bracket, open] =
            crate::arch::byte_marks(netloc, [b'/', b'.', b'?', b'#', b':', b'@', b'[', b'(']);
        let below = crate::bytes::bits_below;
        let first = |m: u64| (m.trailing_zeros() as usize).min(n);
        let ends = slash | question | hash;
        let host_end = first(ends | colon | at | bracket);
        let path_end = first(question | hash);
        let mut port = None;
        let path_start = match netloc.get(host_end) {
            Some(b'@' | b'[') => return None,
            Some(b':') => {
                let port_end = first(ends & !below(host_end + 1));
                port = match port_number(&netloc[host_end + 1..port_end]) {
                    Ok(p) if port_end > host_end + 1 => p,
                    _ => return None,
                };
                port_end
            }
            _ => host_end,
        };
        let query = (netloc.get(path_end) == Some(&b'?')).then(|| {
            let start = path_end + 1;
            &netloc[start..first(hash & !below(start))]
        });
        let in_path = below(path_end) & !below(path_start);
        let (s, d) = (slash & in_path, dot & in_path);
        // The segments' ends: a `/`, or the path's end.
        let t = s | 1 << path_end;
        let empty = s & s >> 1;
        let one_dot = s & d >> 1 & t >> 2;
        let two_dots = s & d >> 1 & d >> 2 & t >> 3;
        let dots = dot & below(host_end);
        Some(Shape {
            host: &netloc[..host_end],
            dots: Some(dots),
            port,
            path: &netloc[path_start..path_end],
            query,
            odd: empty | one_dot | two_dots != 0,
            open: s & (open & in_path) >> 1 != 0,
            labels: host_end == 0
                || (dots & 1 == 0 && dots >> (host_end - 1) == 0 && dots & dots >> 1 == 0),
        })
    }

    fn searched(netloc: &'a [u8]) -> Option<Shape<'a>> {
        let stop = |b: &u8| matches!(b, b'/' | b'?' | b'#');
        let mut end = 0;
        while end < netloc.len() && !NETLOC_END[usize::from(netloc[end])] {
            end += 1;
        }
        let host = &netloc[..end];
        let mut rest = &netloc[end..];
        let mut port = None;
        match rest.first() {
            Some(b':') => {
                let digits = &rest[1..];
                let n = digits.iter().position(stop).unwrap_or(digits.len());
                match port_number(&digits[..n]) {
                    Ok(p) if n > 0 => port = p,
                    _ => return None,
                }
                rest = &digits[n..];
            }
            Some(b'@' | b'[') => return None,
            _ => {}
        }
        let p = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
        let (path, rest) = rest.split_at(p);
        let query = match rest.split_first() {
            Some((b'?', q)) => Some(&q[..memchr::memchr(b'#', q).unwrap_or(q.len())]),
            _ => None,
        };
        Some(Shape {
            host,
            dots: None,
            port,
            path,
            query,
            odd: !path.is_empty() && has_odd_segment(path),
            open: session::has_path_segment(path),
            labels: host.is_empty() || labels_not_empty(host),
        })
    }
}

/// The host's labels in reverse order, joined by commas, from its dots
/// (bit `k` set where `host[k]` is `.`).
fn labels_reversed(host: &[u8], mut dots: u64, out: &mut Vec<u8>) {
    let mut end = host.len();
    while dots != 0 {
        let dot = 63 - dots.leading_zeros() as usize;
        out.extend_from_slice(&host[dot + 1..end]);
        out.push(b',');
        end = dot;
        dots ^= 1 << dot;
    }
    out.extend_from_slice(&host[..end]);
}

/// The bytes that end a host in the netloc: the netloc's own end (`/`,
/// `?`, `#`), the port's `:`, and the userinfo's `@` and IPv6's `[`,
/// which the one reading leaves to the steps.
static NETLOC_END: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    let ends = b"/?#:@[";
    while i < ends.len() {
        t[ends[i] as usize] = true;
        i += 1;
    }
    t
};

/// Whether every label of `host` is not empty: no `.` at either end, no
/// `..`.
fn labels_not_empty(host: &[u8]) -> bool {
    host.first() != Some(&b'.')
        && host.last() != Some(&b'.')
        && crate::arch::first_pair(host, b'.', b'.').is_none()
}

type Bytes<'a> = Cow<'a, [u8]>;

/// `v` after `f`, which answers `None` where it changes nothing (so that
/// a piece no step changes is never copied).
fn then<'a>(v: Bytes<'a>, f: impl FnOnce(&[u8]) -> Option<Vec<u8>>) -> Bytes<'a> {
    match f(&v) {
        Some(new) => Cow::Owned(new),
        None => v,
    }
}

/// `v[start..end]`, borrowed where `v` is.
fn sub(v: Bytes<'_>, start: usize, end: usize) -> Bytes<'_> {
    match v {
        Cow::Borrowed(b) => Cow::Borrowed(&b[start..end]),
        Cow::Owned(mut o) => {
            o.truncate(end);
            o.drain(..start);
            Cow::Owned(o)
        }
    }
}

use escape::lower;

/// The input as the reference's parser reads it: white space trimmed,
/// tabs and line breaks removed, `http://` added where no scheme is,
/// repeated `http://` and `https://` prefixes reduced to the last.
struct Text<'a> {
    input: &'a [u8],
    /// The cleaned text, and where its part after the repeated prefixes
    /// starts.
    text: Bytes<'a>,
    skip: usize,
    /// Where the trimmed input starts, and whether `http://` was added.
    start: usize,
    prefixed: bool,
}

impl<'a> Text<'a> {
    fn prepare(input: &'a [u8]) -> Result<Text<'a>, Error> {
        let Some(start) = input.iter().position(|&b| !is_space(b)) else {
            return Err(Error::new(ErrorKind::EmptyInput, 0));
        };
        let end = input
            .iter()
            .rposition(|&b| !is_space(b))
            .map_or(start, |e| e + 1);
        let trimmed = &input[start..end];
        let mut text: Bytes<'a> = if memchr::memchr3(b'\n', b'\r', b'\t', trimmed).is_some() {
            Cow::Owned(
                trimmed
                    .iter()
                    .copied()
                    .filter(|b| !matches!(b, b'\n' | b'\r' | b'\t'))
                    .collect(),
            )
        } else {
            Cow::Borrowed(trimmed)
        };
        let prefixed = scheme_len(&text).is_none();
        if prefixed {
            let mut t = Vec::with_capacity(text.len() + 7);
            t.extend_from_slice(b"http://");
            t.extend_from_slice(&text);
            text = Cow::Owned(t);
        }
        // `^(https?://)+` becomes its last repetition.
        let mut skip = 0;
        loop {
            let rest = &text[skip..];
            let n = if rest.starts_with(b"http://") {
                7
            } else if rest.starts_with(b"https://") {
                8
            } else {
                break;
            };
            let next = &rest[n..];
            if next.starts_with(b"http://") || next.starts_with(b"https://") {
                skip += n;
            } else {
                break;
            }
        }
        Ok(Text {
            input,
            text,
            skip,
            start,
            prefixed,
        })
    }

    fn get(&self) -> &[u8] {
        &self.text[self.skip..]
    }

    /// The input's offset of byte `at` of [`Text::get`]: an error is
    /// reported where the user wrote it.
    fn source(&self, at: usize) -> usize {
        let mut at = at + self.skip;
        if self.prefixed {
            if at < 7 {
                return self.start;
            }
            at -= 7;
        }
        let mut seen = 0;
        for (i, &b) in self.input[self.start..].iter().enumerate() {
            if matches!(b, b'\n' | b'\r' | b'\t') {
                continue;
            }
            if seen == at {
                return self.start + i;
            }
            seen += 1;
        }
        self.input.len()
    }
}

/// A URL split as the reference's `handyurl` splits it, its pieces
/// borrowed from the text until a step changes them.
#[derive(Debug)]
struct Handy<'a> {
    scheme: Bytes<'a>,
    host: Option<Bytes<'a>>,
    port: Option<u16>,
    path: Option<Bytes<'a>>,
    query: Option<Bytes<'a>>,
    hash: Option<&'a [u8]>,
    /// A `?` that ended the input with no query after it, written back
    /// where no step drops it.
    last_question: bool,
    /// The pieces known to hold no capital (so that the IA steps need
    /// not look again).
    lower: Lower,
}

#[derive(Debug, Default)]
struct Lower {
    host: bool,
    path: bool,
    query: bool,
}

/// `v` escaped once (`escapeOnce`), and whether the result is known to
/// hold no capital.
fn escaped(v: Bytes<'_>) -> (Bytes<'_>, bool) {
    let f = escape::classes(&v);
    escaped_as(v, f)
}

/// [`escaped`] of a piece whose classes are `f`.
fn escaped_as(v: Bytes<'_>, f: u8) -> (Bytes<'_>, bool) {
    if f & escape::ESCAPED == 0 {
        (v, f & escape::UPPER == 0)
    } else {
        // The escapes' hex digits are capitals.
        (Cow::Owned(escape::escape_all(&v)), false)
    }
}

/// Python's `bytes.strip()`: ASCII white space.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The length of a scheme and its `:` at the start of `s`
/// (`[a-zA-Z][a-zA-Z0-9+.-]*:`), if there is one.
fn scheme_len(s: &[u8]) -> Option<usize> {
    use crate::grammar::rfc3986::SCHEME;
    // Most URLs: one comparison of a word, not a loop over the bytes.
    match s.first_chunk::<8>().map(|w| u64::from_le_bytes(*w)) {
        Some(w) if w & 0xff_ffff_ffff == u64::from_le_bytes(*b"http:\0\0\0") => return Some(4),
        Some(w) if w & 0xffff_ffff_ffff == u64::from_le_bytes(*b"https:\0\0") => return Some(5),
        _ => {}
    }
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let mut n = 1;
    while s.get(n).is_some_and(|&b| SCHEME.allows(b)) {
        n += 1;
    }
    (s.get(n) == Some(&b':')).then_some(n)
}

impl<'a> Handy<'a> {
    /// `handyurl.parse` after [`Text::prepare`]: RFC 2396's regular
    /// expression (Appendix B), then the netloc's host and port as
    /// Python's `urlsplit` result reads them.
    fn parse(t: &'a Text<'a>) -> Result<Handy<'a>, Error> {
        let url = t.get();
        let ends_with_question = url.last() == Some(&b'?');
        let scheme_end = scheme_len(url).unwrap_or(0);
        let scheme = &url[..scheme_end];
        let mut i = scheme_end + 1;
        let mut netloc: &[u8] = b"";
        if url[i..].starts_with(b"//") {
            i += 2;
            let n = memchr::memchr3(b'/', b'?', b'#', &url[i..]).unwrap_or(url.len() - i);
            netloc = &url[i..i + n];
            i += n;
        }
        let p = memchr::memchr2(b'?', b'#', &url[i..]).unwrap_or(url.len() - i);
        let path = &url[i..i + p];
        i += p;
        let mut query: &[u8] = b"";
        if url.get(i) == Some(&b'?') {
            let q = memchr::memchr(b'#', &url[i + 1..]).unwrap_or(url.len() - i - 1);
            query = &url[i + 1..i + 1 + q];
            i += 1 + q;
        }
        let hash: &[u8] = if url.get(i) == Some(&b'#') {
            &url[i + 1..]
        } else {
            b""
        };

        // Trailing colons are dropped from the netloc first.
        while let [rest @ .., b':'] = netloc {
            netloc = rest;
        }
        let hostinfo = &netloc[memchr::memrchr(b'@', netloc).map_or(0, |a| a + 1)..];
        let (hostname, port) = match memchr::memchr(b'[', hostinfo) {
            Some(open) => {
                let inner = &hostinfo[open + 1..];
                let close = inner.iter().position(|&b| b == b']');
                let host = &inner[..close.unwrap_or(inner.len())];
                let after = close.map_or(&[][..], |c| &inner[c + 1..]);
                let colon = after.iter().position(|&b| b == b':');
                (host, colon.map_or(&[][..], |c| &after[c + 1..]))
            }
            None => match memchr::memchr(b':', hostinfo) {
                Some(c) => (&hostinfo[..c], &hostinfo[c + 1..]),
                None => (hostinfo, &[][..]),
            },
        };
        // The port is a piece of `url`: its offset there, then in the
        // input.
        let port = port_number(port).map_err(|kind| {
            Error::new(
                kind,
                t.source(port.as_ptr() as usize - url.as_ptr() as usize),
            )
        })?;
        // The host name: lower case up to its first `%` (Python keeps an
        // IPv6 zone's case).
        let mut host = (!hostname.is_empty()).then(|| {
            let pct = memchr::memchr(b'%', hostname).unwrap_or(hostname.len());
            then(Cow::Borrowed(hostname), |h| {
                lower(&h[..pct]).map(|mut l| {
                    l.extend_from_slice(&h[pct..]);
                    l
                })
            })
        });
        let mut path: Option<Bytes<'a>> = (!path.is_empty()).then_some(Cow::Borrowed(path));
        // `http:` (or any scheme that begins so) with no host: the host is
        // the path's first segment.
        if scheme.starts_with(b"http") && host.is_none() {
            if let Some(Cow::Borrowed(p)) = path {
                let p = &p[p.iter().position(|&b| b != b'/').unwrap_or(p.len())..];
                let slash = p.iter().position(|&b| b == b'/').unwrap_or(p.len());
                host = Some(Cow::Borrowed(&p[..slash]));
                path = Some(if slash < p.len() {
                    Cow::Borrowed(&p[slash..])
                } else {
                    Cow::Borrowed(b"/")
                });
            }
        }
        let query = (!query.is_empty()).then_some(Cow::Borrowed(query));
        Ok(Handy {
            scheme: Cow::Borrowed(scheme),
            host,
            port,
            path,
            last_question: ends_with_question && query.is_none(),
            query,
            hash: (!hash.is_empty()).then_some(hash),
            lower: Lower::default(),
        })
    }

    fn canonicalize(&mut self, o: &Options) {
        if o.canonicalizer.google() {
            self.google();
        }
        if let Some(ia) = o.ia_switches() {
            self.ia(&ia);
        }
    }

    fn has_host(&self) -> bool {
        self.host.as_ref().is_some_and(|h| !h.is_empty())
    }

    /// `GoogleURLCanonicalizer.canonicalize`.
    fn google(&mut self) {
        self.hash = None;
        if let Some(q) = self.query.take() {
            let (q, lower) = escaped(then(q, escape::unescape_repeatedly));
            self.query = Some(q);
            self.lower.query = lower;
        }
        if let Some(h) = self.host.take() {
            self.host = Some(if h.is_empty() { h } else { self.google_host(h) });
        }
        let path = self
            .path
            .take()
            .map(|p| then(p, escape::unescape_repeatedly));
        let path = if self.has_host() {
            Some(match path {
                Some(p) => then(p, normalize_path),
                None => Cow::Borrowed(&b"/"[..]),
            })
        } else {
            path
        };
        if let Some(p) = path {
            let (p, lower) = escaped(p);
            self.path = Some(p);
            self.lower.path = lower;
        }
    }

    /// The Google steps on a host that is not empty.
    fn google_host(&mut self, h: Bytes<'a>) -> Bytes<'a> {
        let mut host = then(h, escape::unescape_repeatedly);
        if !host.is_ascii() {
            if let Some(ascii) = crate::idna2003::to_ascii(&host) {
                host = Cow::Owned(ascii);
            }
        }
        let host = then(host, halve_dots);
        let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
        let end = host
            .iter()
            .rposition(|&b| b != b'.')
            .map_or(start, |e| e + 1);
        let host = sub(host, start, end);
        if let Some(ip) = ip::attempt(&host) {
            self.lower.host = true;
            return Cow::Owned(ip.into_bytes());
        }
        let f = escape::classes(&host);
        let host = if f & escape::UPPER != 0 {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            host
        };
        let (host, lower) = escaped_as(host, f);
        self.lower.host = lower;
        host
    }

    /// `IAURLCanonicalizer.canonicalize`.
    fn ia(&mut self, o: &Options) {
        if o.scheme_lowercase {
            let scheme = core::mem::take(&mut self.scheme);
            self.scheme = then(scheme, lower);
        }
        if let Some(h) = self.host.take() {
            let mut h = if o.host_lowercase && !self.lower.host {
                then(h, lower)
            } else {
                h
            };
            if o.host_massage && *self.scheme != *b"dns" {
                let n = massage_len(&h);
                let len = h.len();
                h = sub(h, n, len);
            }
            self.host = Some(h);
        }
        if o.port_strip_default && !self.scheme.is_empty() {
            let default = if self.scheme.eq_ignore_ascii_case(b"http") {
                80
            } else if self.scheme.eq_ignore_ascii_case(b"https") {
                443
            } else {
                0
            };
            if self.port == Some(default) {
                self.port = None;
            }
        }
        if o.path_strip_empty && self.path.as_deref() == Some(b"/") {
            self.path = None;
        } else if let Some(p) = self.path.take() {
            let mut p = if o.path_lowercase && !self.lower.path {
                then(p, lower)
            } else {
                p
            };
            if o.path_strip_session_id && session::has_path_segment(&p) {
                session::strip_path(p.to_mut());
            }
            if o.path_strip_empty && *p == *b"/" {
                self.path = None;
            } else {
                if o.path_strip_trailing_slash_unless_empty && p.len() > 1 && p.ends_with(b"/") {
                    let len = p.len();
                    p = sub(p, 0, len - 1);
                }
                self.path = Some(p);
            }
        }
        match self.query.take() {
            Some(mut q) => {
                if o.query_strip_session_id && session::may_have_key(&q) {
                    session::strip_query(q.to_mut());
                }
                if o.query_lowercase && !self.lower.query {
                    q = then(q, lower);
                }
                if o.query_alpha_reorder {
                    q = then(q, alpha_reorder);
                }
                if !(q.is_empty() && o.query_strip_empty) {
                    self.query = Some(q);
                }
            }
            None => {
                if o.query_strip_empty {
                    self.last_question = false;
                }
            }
        }
    }

    /// `handyurl.geturl_bytes`: the URL (`surt` off) or the key.
    fn write(&self, surt: bool, with_scheme: bool, o: &Options, out: &mut Vec<u8>) {
        let host = self.host.as_deref().filter(|h| !h.is_empty());
        if with_scheme || host.is_none() {
            out.extend_from_slice(&self.scheme);
            out.push(b':');
            if with_scheme && host.is_some() {
                if *self.scheme != *b"dns" {
                    out.extend_from_slice(b"//");
                }
                if surt {
                    out.push(b'(');
                }
            }
        }
        if let Some(host) = host {
            write_host(host, self.port, surt, o, out);
        }
        match &self.path {
            Some(p) if !p.is_empty() => out.extend_from_slice(p),
            _ if self.query.is_some() || self.hash.is_some() => out.push(b'/'),
            _ => {}
        }
        if let Some(q) = &self.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
        if let Some(h) = self.hash {
            out.push(b'#');
            out.extend_from_slice(h);
        }
        if self.last_question {
            out.push(b'?');
        }
    }
}

/// The port the netloc's text after its `:` names (`None` for none, or
/// for zeros alone): digits alone, at most 65535.
fn port_number(port: &[u8]) -> Result<Option<u16>, ErrorKind> {
    if !port.iter().all(u8::is_ascii_digit) {
        return Err(ErrorKind::InvalidPort);
    }
    let digits = &port[port.iter().position(|&b| b != b'0').unwrap_or(port.len())..];
    if digits.is_empty() {
        return Ok(None);
    }
    let n = if digits.len() > 5 {
        u32::MAX
    } else {
        digits
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
    };
    u16::try_from(n)
        .map(Some)
        .map_err(|_| ErrorKind::PortOutOfRange)
}

/// The host (its labels reversed in the key's form) and the port, and in
/// the key's form the `,` (with `trailing_comma`) and the `)` that end
/// them.
fn write_host(host: &[u8], port: Option<u16>, surt: bool, o: &Options, out: &mut Vec<u8>) {
    if surt {
        host_to_surt(host, o.reverse_ipaddr, out);
    } else {
        out.extend_from_slice(host);
    }
    end_host(port, surt, o, out);
}

/// What follows the host: the port, and in the key's form the `,` (with
/// `trailing_comma`) and the `)`.
fn end_host(port: Option<u16>, surt: bool, o: &Options, out: &mut Vec<u8>) {
    if let Some(port) = port {
        out.push(b':');
        write_decimal(port, out);
    }
    if surt {
        if o.trailing_comma {
            out.push(b',');
        }
        out.push(b')');
    }
}

/// `n` in decimal.
fn write_decimal(n: u16, out: &mut Vec<u8>) {
    let mut buf = [0u8; 5];
    let mut start = buf.len();
    let mut n = n;
    loop {
        start -= 1;
        buf[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[start..]);
}

/// Each `..` replaced by `.`, left to right (Python's
/// `bytes.replace(b'..', b'.')`: `a...b` becomes `a..b`); `None` where
/// there is none.
fn halve_dots(s: &[u8]) -> Option<Vec<u8>> {
    if !s.windows(2).any(|w| w == b"..") {
        return None;
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        out.push(s[i]);
        i += if s[i] == b'.' && s.get(i + 1) == Some(&b'.') {
            2
        } else {
            1
        };
    }
    Some(out)
}

/// The length of a leading `www`, digits and `.`, which `massageHost`
/// drops (`^www\d*\.`).
fn massage_len(h: &[u8]) -> usize {
    if !h.starts_with(b"www") {
        return 0;
    }
    let digits = h[3..].iter().take_while(|b| b.is_ascii_digit()).count();
    if h.get(3 + digits) == Some(&b'.') {
        4 + digits
    } else {
        0
    }
}

/// The path's dot segments resolved and empty segments dropped but the
/// last (`normalizePath`): the first segment (before the first `/`) is
/// dropped, and a `..` with nothing to remove is kept. `None` where that
/// changes nothing (a path from `/` with no empty, `.` or `..` segment
/// before its last).
fn normalize_path(path: &[u8]) -> Option<Vec<u8>> {
    if path.is_empty() {
        return Some(b"/".to_vec());
    }
    if path[0] == b'/' && !has_odd_segment(path) {
        return None;
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in path.split(|&b| b == b'/').skip(1) {
        match seg {
            b"." => {}
            b".." if !kept.is_empty() => {
                kept.pop();
            }
            _ => kept.push(seg),
        }
    }
    let mut out = Vec::with_capacity(path.len());
    out.push(b'/');
    if let Some((last, rest)) = kept.split_last() {
        for seg in rest.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(seg);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    Some(out)
}

/// Whether a segment after a `/` of `path` is empty (but the last) or is
/// `.` or `..`.
fn has_odd_segment(path: &[u8]) -> bool {
    // An empty segment is a `//`; a `.` or `..` one begins `/.`, which
    // the path holds seldom.
    if crate::arch::first_pair(path, b'/', b'/').is_some() {
        return true;
    }
    let mut rest = path;
    while let Some(i) = crate::arch::first_pair(rest, b'/', b'.') {
        if matches!(&rest[i + 2..], [] | [b'/', ..] | [b'.'] | [b'.', b'/', ..]) {
            return true;
        }
        rest = &rest[i + 1..];
    }
    false
}

/// The query's `&`-separated arguments sorted (`alphaReorderQuery`): by
/// name, an argument without `=` before one with, then by value. `None`
/// for a query of one argument.
fn alpha_reorder(q: &[u8]) -> Option<Vec<u8>> {
    if q.len() <= 1 || !q.contains(&b'&') {
        return None;
    }
    let mut args: Vec<(&[u8], Option<&[u8]>)> = q
        .split(|&b| b == b'&')
        .map(|a| match a.iter().position(|&b| b == b'=') {
            Some(e) => (&a[..e], Some(&a[e + 1..])),
            None => (a, None),
        })
        .collect();
    args.sort();
    let mut out = Vec::with_capacity(q.len());
    for (i, (name, value)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(v) = value {
            out.push(b'=');
            out.extend_from_slice(v);
        }
    }
    Some(out)
}

/// The host's labels in reverse order, joined by commas (`hostToSURT`);
/// with `reverse_ipaddr` off, a dotted quad of one to three digits a part
/// is kept as it is.
fn host_to_surt(host: &[u8], reverse_ipaddr: bool, out: &mut Vec<u8>) {
    if !reverse_ipaddr && is_dotted_quad(host) {
        out.extend_from_slice(host);
        return;
    }
    for (i, label) in host.rsplit(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(label);
    }
}

fn is_dotted_quad(host: &[u8]) -> bool {
    let mut parts = 0;
    for p in host.split(|&b| b == b'.') {
        parts += 1;
        if p.is_empty() || p.len() > 3 || !p.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    parts == 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dots_and_paths() {
        assert_eq!(halve_dots(b"a...b").unwrap(), b"a..b");
        assert_eq!(halve_dots(b"a.b"), None);
        let n = |p: &[u8]| normalize_path(p).unwrap_or_else(|| p.to_vec());
        assert_eq!(n(b"/a//b/"), b"/a/b/");
        assert_eq!(n(b"//twoslashes"), b"/twoslashes");
        assert_eq!(n(b"/../a"), b"/../a");
        assert_eq!(n(b"/blah/.."), b"/");
        assert_eq!(n(b"/a/./b"), b"/a/b");
        assert_eq!(n(b"/a/b/"), b"/a/b/");
        assert_eq!(n(b"/a/.b/..c"), b"/a/.b/..c");
        assert_eq!(n(b"a/b"), b"/b");
        assert_eq!(n(b""), b"/");
    }

    /// webarchive-commons' `IAURLCanonicalizerTest` `testAlphaReorderQuery`.
    #[test]
    fn reorders_queries() {
        for (q, want) in [
            ("", ""),
            ("a", "a"),
            ("ab", "ab"),
            ("a=1", "a=1"),
            ("ab=1", "ab=1"),
            ("a=1&", "&a=1"),
            ("a=1&b=1", "a=1&b=1"),
            ("b=1&a=1", "a=1&b=1"),
            ("a=a&a=a", "a=a&a=a"),
            ("a=b&a=a", "a=a&a=b"),
            ("b=b&a=b&b=a&a=a", "a=a&a=b&b=a&b=b"),
            ("b&a=&a", "a&a=&b"),
        ] {
            let v = alpha_reorder(q.as_bytes()).unwrap_or_else(|| q.as_bytes().to_vec());
            assert_eq!(v, want.as_bytes(), "{q}");
        }
    }

    /// URLs of what the one reading looks at: schemes (`dns`, `HTTP`, a
    /// repeated `http://`), hosts (`www`, digits, capitals, dots),
    /// netlocs (`@`, `[`, ports, a trailing `:`), paths (empty, `.` and
    /// `..` segments, `/(`, a trailing `/`), queries (empty, `&`, session
    /// keys), fragments, and bytes outside printable ASCII.
    fn url() -> impl Strategy<Value = String> {
        let scheme = prop_oneof![
            4 => prop::sample::select(&["http://", "https://", "ftp://", "file://", "a+b.c-d://"][..]),
            1 => prop::sample::select(
                &["dns://", "HTTP://", "http://http://", "https://https://", "mailto:", "http:", "http:/", "", "1x://"][..]
            ),
        ];
        // Mostly pieces the one reading takes, so that it answers often.
        let host = prop_oneof![
            6 => prop::sample::select(
                &["www.", "www12.", "www", "Example.", "example.", "com", "org", "a1", "A", "-", "_", "~"][..]
            ),
            1 => prop::sample::select(
                &[
                    ".", "..", "1", "0x1", "xn--bcher-kva", "@", "[::1]", ":", ":80", ":443", ":0", ":008",
                    ":65536", ":x", "%41", " ", "\t", "ü", "!$&'()*+,;=",
                ][..]
            ),
        ];
        let path = prop_oneof![
            6 => prop::sample::select(
                &["/", "/a", "/A", "/b.html", "?", "#", "&", "=", "b=2", "a=1", "A=1", "/x.aspx"][..]
            ),
            1 => prop::sample::select(
                &[
                    "//", "/.", "/..", "/./", "/../", "/(", "/(S(abcdefghijklmnopqrstuvwx))/", ".", "%2F",
                    "jsessionid=", "sid=0123456789abcdef0123456789abcdef", "cfid=1&cftoken=2",
                    "phpsessid", "%", "\u{7f}", "\n",
                    // Past the 63 bytes that are read by their marks.
                    "/a-long-segment-of-seventy-bytes-that-takes-a-url-past-the-marks-width",
                ][..]
            ),
        ];
        (
            scheme,
            proptest::collection::vec(host, 0..5),
            proptest::collection::vec(path, 0..8),
        )
            .prop_map(|(s, h, p)| {
                let mut u = String::from(s);
                h.iter().for_each(|x| u.push_str(x));
                p.iter().for_each(|x| u.push_str(x));
                u
            })
    }

    fn options() -> impl Strategy<Value = (Options, bool, bool)> {
        (
            prop_oneof![
                3 => prop::sample::select(&[Canonicalizer::Default, Canonicalizer::Aggressive, Canonicalizer::Ordinary][..]),
                1 => prop::sample::select(Canonicalizer::ALL),
            ],
            any::<[bool; 16]>(),
            any::<[bool; 2]>(),
        )
            .prop_map(|(canonicalizer, flags, [surt, with_scheme])| {
                let mut o = Options {
                    canonicalizer,
                    ..Options::default()
                };
                for (name, on) in Options::names().iter().zip(flags) {
                    o.set(name, on);
                }
                // Half the time the switches the package has by default.
                if flags[15] {
                    o = Options {
                        canonicalizer,
                        ..Options::default()
                    };
                }
                (o, surt, with_scheme)
            })
    }

    /// The one reading writes what the steps do, wherever it answers, for
    /// the key and the canonical URL under every canonicalizer and
    /// switch; and it answers for a good part of the URLs generated (so
    /// that the property cannot hold by never being tried).
    #[test]
    fn the_one_reading_writes_what_the_steps_do() {
        const CASES: u32 = 200_000;
        let taken = crate::testing::count_taken(
            CASES,
            (url(), options()),
            |(u, (o, surt, with_scheme))| {
                let mut fast = b"x".to_vec();
                if !plain(u.as_bytes(), &o, surt, with_scheme, &mut fast) {
                    prop_assert_eq!(&fast, b"x");
                    return Ok(false);
                }
                let mut slow = b"x".to_vec();
                stepwise(u.as_bytes(), &o, surt, with_scheme, &mut slow).unwrap();
                prop_assert_eq!(
                    String::from_utf8_lossy(&fast),
                    String::from_utf8_lossy(&slow),
                    "{:?} {:?}",
                    u,
                    o
                );
                Ok(true)
            },
        );
        assert!(
            taken > CASES as usize / 10,
            "the one reading answered {taken} times"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100_000))]

        /// A netloc read from its marks has the shape the searches give,
        /// and the marked dots are the host's: on netlocs of the bytes
        /// each reading looks for, up to the marks' width.
        #[test]
        fn a_netloc_marked_has_the_shape_searched(
            pieces in proptest::collection::vec(prop::sample::select(&[
                "/", ".", "?", "#", ":", "@", "[", "(", "..", "//", "/.", "/..", "/(", ":80",
                ":0", ":65536", "a", "www", "B", "1", "-", "&", "=", "abcdefghijklmnop",
            ][..]), 0..40),
        ) {
            let netloc: String = pieces.concat();
            let netloc = &netloc.as_bytes()[..netloc.len().min(crate::arch::MARKS_MAX - 1)];
            let marked = Shape::marked(netloc);
            let searched = Shape::searched(netloc);
            prop_assert_eq!(marked.map(|m| Shape { dots: None, ..m }), searched);
            if let Some(m) = marked {
                let want = m.host.iter().enumerate().filter(|&(_, &b)| b == b'.')
                    .fold(0u64, |d, (k, _)| d | 1 << k);
                prop_assert_eq!(m.dots, Some(want));
            }
        }
    }

    /// The same on every line of the shared datasets, under the default
    /// options and with the scheme, where the one reading answers for more
    /// than nine lines in ten.
    #[test]
    fn the_one_reading_writes_what_the_steps_do_on_the_datasets() {
        let all = crate::testing::dataset_lines();
        if all.is_empty() {
            return;
        }
        let (lines, mut taken) = (all.len(), 0);
        for u in all.iter().map(String::as_bytes) {
            for o in [
                Options::default(),
                Options {
                    with_scheme: true,
                    trailing_comma: true,
                    ..Options::default()
                },
            ] {
                let mut fast = Vec::new();
                if plain(u, &o, o.surt, o.with_scheme, &mut fast) {
                    taken += 1;
                    let mut slow = Vec::new();
                    stepwise(u, &o, o.surt, o.with_scheme, &mut slow).unwrap();
                    assert_eq!(fast, slow, "{:?}", String::from_utf8_lossy(u));
                }
            }
        }
        assert!(
            taken * 10 > lines * 2 * 9,
            "the one reading answered {taken} times for {lines} lines, twice each"
        );
    }

    /// `testMassageHost`.
    #[test]
    fn massages_hosts() {
        for (h, want) in [
            ("foo.com", "foo.com"),
            ("www.foo.com", "foo.com"),
            ("www12.foo.com", "foo.com"),
            ("www2foo.com", "www2foo.com"),
            ("www2.www2foo.com", "www2foo.com"),
        ] {
            assert_eq!(&h[massage_len(h.as_bytes())..], want);
        }
    }
}
