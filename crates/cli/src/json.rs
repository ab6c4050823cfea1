//! The JSON records of the contract, one serde struct per command.

use serde::Serialize;
use urikit::{Error, ErrorKind, Part, UriRef};

/// `{"code", "offset", "message"}`.
#[derive(Serialize)]
pub struct ErrorRecord {
    pub code: &'static str,
    pub offset: usize,
    pub message: String,
}

impl ErrorRecord {
    /// The record for a base URI that failed: `relative-base` as it is,
    /// any other error as `invalid-base`, at the offset into the base, with
    /// the reason in the message.
    pub fn for_base(e: Error) -> ErrorRecord {
        if e.kind() == ErrorKind::RelativeBase {
            return e.into();
        }
        ErrorRecord {
            code: ErrorKind::InvalidBase.code(),
            offset: e.offset(),
            message: format!(
                "{}: {} at byte {}: {}",
                ErrorKind::InvalidBase.message(),
                e.code(),
                e.offset(),
                message(e.kind())
            ),
        }
    }
}

impl From<Error> for ErrorRecord {
    fn from(e: Error) -> ErrorRecord {
        ErrorRecord {
            code: e.code(),
            offset: e.offset(),
            message: message(e.kind()),
        }
    }
}

impl ErrorRecord {
    /// The record of `e`, an error at a byte of `input` read under a dialect
    /// that is the IRI one when `iri`: a character that is not allowed is
    /// named, with its code point and component (see
    /// [`crate::show::describe`]).
    pub fn at(e: Error, input: &str, iri: bool) -> ErrorRecord {
        let mut r = ErrorRecord::from(e);
        r.message = crate::show::describe(e, input, iri);
        r
    }
}

/// The codes the command gives beside the library's, with what each means
/// (for `uri man` and docs/cli.md).
pub const COMMAND_CODES: &[(&str, &str)] = &[
    (
        "missing-component",
        "uri get: a placeholder written with '!' ({query!}) names a component the reference does \
         not have",
    ),
    (
        "not-host-like",
        "uri guess: the text does not look like an abbreviated URI (a host name, host:port, \
         user@domain)",
    ),
];

/// The library's sentence for `kind`, its hint naming the command's flag.
pub fn message(kind: ErrorKind) -> String {
    match kind.hint() {
        Some(h) => format!("{}{}", kind.sentence(), h.clause(crate::show::flag(h))),
        None => kind.message().to_owned(),
    }
}

/// The record of `uri parse` (and `uri check --json`).
#[derive(Serialize, Default)]
pub struct ParseRecord<'a> {
    /// `uri check --json` of several files: the file and the line (from
    /// 1) the input was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    pub input: &'a str,
    pub ok: bool,
    pub kind: Option<&'static str>,
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub host_type: Option<&'static str>,
    /// With `--zone-ids` only: the zone identifier, decoded, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_id: Option<Option<String>>,
    pub port: Option<&'a str>,
    pub path: Option<&'a str>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
    pub error: Option<ErrorRecord>,
}

impl<'a> ParseRecord<'a> {
    /// The record's member for `part` (the contract names them as the
    /// library does).
    pub fn part(&self, part: Part) -> Option<&'a str> {
        match part {
            Part::Scheme => self.scheme,
            Part::Authority => self.authority,
            Part::Userinfo => self.userinfo,
            Part::Host => self.host,
            Part::Port => self.port,
            Part::Path => self.path,
            Part::Query => self.query,
            Part::Fragment => self.fragment,
        }
    }

    /// The record of `input`, with `"zone_id"` when `zones` (`--zone-ids`).
    pub fn new(
        input: &'a str,
        result: Result<UriRef<'a>, Error>,
        zones: bool,
        iri: bool,
    ) -> ParseRecord<'a> {
        match result {
            Ok(u) => {
                let host = u.host();
                ParseRecord {
                    file: None,
                    line: None,
                    input,
                    ok: true,
                    kind: Some(if u.has_scheme() { "uri" } else { "relative" }),
                    scheme: u.get(Part::Scheme),
                    authority: u.get(Part::Authority),
                    userinfo: u.get(Part::Userinfo),
                    host: u.get(Part::Host),
                    host_type: host.map(|h| h.host_type().name()),
                    zone_id: zones.then(|| {
                        host.and_then(|h| h.zone_id())
                            .map(|z| String::from_utf8_lossy(&z.decode()).into_owned())
                    }),
                    port: u.get(Part::Port),
                    path: u.get(Part::Path),
                    query: u.get(Part::Query),
                    fragment: u.get(Part::Fragment),
                    error: None,
                }
            }
            Err(e) => ParseRecord {
                file: None,
                line: None,
                input,
                ok: false,
                zone_id: zones.then_some(None),
                error: Some(ErrorRecord::at(e, input, iri)),
                ..ParseRecord::default()
            },
        }
    }
}

/// `{"input", "ok", "result", "error"}`, for encode, decode and normalize;
/// with `"base"` first for resolve and relativize.
#[derive(Serialize)]
pub struct ValueRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<&'a str>,
    pub input: &'a str,
    pub ok: bool,
    pub result: Option<&'a str>,
    pub error: Option<ErrorRecord>,
}

/// Writes a record as one line of JSON.
pub fn write_line(out: &mut impl std::io::Write, record: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}

/// The record of `uri extract`.
#[derive(Serialize)]
pub struct ExtractRecord<'a> {
    /// The file, when several were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    pub uri: &'a str,
    pub line: usize,
    pub column: usize,
    /// What was removed from the text to make the URI, when anything was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<&'static str>,
}

/// The record of `uri links`: one link of an HTML document.
#[derive(Serialize)]
pub struct LinkRecord<'a> {
    pub file: &'a str,
    pub line: u64,
    pub element: &'a str,
    pub attribute: &'a str,
    pub input: &'a str,
    pub ok: bool,
    pub result: Option<&'a str>,
    /// Whether `result` is resolved: false for a relative link of a
    /// document without a base URI, given as it is.
    pub resolved: bool,
    pub error: Option<ErrorRecord>,
}

/// The record of `uri base`.
#[derive(Serialize)]
pub struct BaseRecord<'a> {
    pub ok: bool,
    pub base: Option<&'a str>,
    pub layer: Option<&'static str>,
    pub error: Option<ErrorRecord>,
}
