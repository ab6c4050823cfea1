//! The one error type of the crate: a kind plus the byte offset of the first
//! offending byte.
//!
//! May use: nothing.

use core::fmt;

/// The sentence of `invalid-ipv6` before its hint.
macro_rules! ipv6_sentence {
    () => {
        "invalid IPv6 address: eight groups of up to four hexadecimal digits separated by ':', \
         with at most one '::', closed by ']'"
    };
}

/// The clause of [`Hint::ZoneIds`], with how the setting is named.
macro_rules! zone_clause {
    ($how:expr) => {
        concat!(
            "; a zone identifier ('%25' and a name, RFC 6874) is read only ",
            $how
        )
    };
}

/// A setting that would make the library accept what it refused. The
/// library says it in its own words; the command, the Python package and
/// the web page name it as they spell it (a flag, a keyword argument), by
/// [`clause`](Self::clause), rather than by editing the library's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Hint {
    /// Read the text as an IRI (RFC 3987): the `rfc3987` dialect.
    Iri,
    /// Accept IPv6 zone identifiers (RFC 6874).
    ZoneIds,
}

impl Hint {
    /// The clause that ends the sentence with this hint, naming the
    /// setting as `setting` (`--zone-ids`, `zone_ids=True`) or, with
    /// `None`, in the library's words.
    ///
    /// ```
    /// use urikit::Hint;
    ///
    /// assert_eq!(Hint::Iri.clause(None), ", or read the text as an IRI (RFC 3987)");
    /// assert_eq!(Hint::Iri.clause(Some("--dialect rfc3987")), ", or read the text as an IRI (RFC 3987) with --dialect rfc3987");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn clause(self, setting: Option<&str>) -> alloc::string::String {
        use alloc::format;
        match (self, setting) {
            (Hint::Iri, None) => ", or read the text as an IRI (RFC 3987)".into(),
            (Hint::Iri, Some(s)) => format!(", or read the text as an IRI (RFC 3987) with {s}"),
            (Hint::ZoneIds, None) => zone_clause!("when zone identifiers are asked for").into(),
            (Hint::ZoneIds, Some(s)) => format!("{}with {s}", zone_clause!("")),
        }
    }
}

/// What went wrong. Each kind has a stable kebab-case [`code`](Self::code),
/// to match on where the kind itself cannot travel (logs, other languages).
///
/// New kinds may be added in minor releases.
///
/// ```
/// use urikit::{ErrorKind, UriRef};
///
/// let err = UriRef::parse("http://[::1/").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidIpv6);
/// assert_eq!(err.kind().code(), "invalid-ipv6");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// The input is empty where something non-empty is required, such as an
    /// absolute URI (`empty-input`).
    EmptyInput,
    /// A byte that is not allowed at this position (`invalid-char`): a space,
    /// a control character, a byte above 0x7F, one of `"<>\^`{|}`, or a
    /// delimiter where the grammar has no place for it.
    InvalidChar,
    /// A `%` not followed by two hexadecimal digits (`invalid-percent-encoding`).
    InvalidPercentEncoding,
    /// The text before the first `:` is not a valid scheme
    /// (`invalid-scheme`); RFC 3986 section 3.1.
    InvalidScheme,
    /// An absolute URI was required but the input has no scheme
    /// (`missing-scheme`); RFC 3986 section 4.3.
    MissingScheme,
    /// The scheme is not one of those required (`scheme-not-allowed`), such
    /// as `ftp` where a web URL (`http` or `https`) is asked for.
    SchemeNotAllowed,
    /// The port contains something other than digits (`invalid-port`);
    /// RFC 3986 section 3.2.3.
    InvalidPort,
    /// The port is made of digits but does not fit in 16 bits
    /// (`port-out-of-range`). Only the numeric accessor reports it: the
    /// grammar itself allows any number of digits.
    PortOutOfRange,
    /// A malformed dotted IPv4 address inside an IPv6 literal
    /// (`invalid-ipv4`); RFC 3986 section 3.2.2.
    InvalidIpv4,
    /// A malformed IPv6 address between brackets (`invalid-ipv6`);
    /// RFC 3986 section 3.2.2.
    InvalidIpv6,
    /// A malformed `IPvFuture` literal such as `[v1.x]` (`invalid-ipvfuture`);
    /// RFC 3986 section 3.2.2.
    InvalidIpvFuture,
    /// A byte that is a URI character but not allowed in a host, such as a
    /// second `@` (`invalid-host`); RFC 3986 section 3.2.2.
    InvalidHost,
    /// A `[` or `]` outside an IP-literal host (`unexpected-bracket`):
    /// brackets are reserved for IP literals and must be percent-encoded
    /// elsewhere; RFC 3986 section 3.2.2.
    UnexpectedBracket,
    /// Percent-decoded bytes, or an input line, that are not valid UTF-8
    /// (`invalid-utf8`).
    InvalidUtf8,
    /// A host name that UTS #46 ToASCII refuses (`invalid-idna`), such as
    /// a label that is not valid Punycode (`xn--a-` ...) or that holds a
    /// character IDNA does not allow; RFC 3987 section 3.1, step 2.
    InvalidIdna,
    /// A host name that UTS #46 maps to nothing, or one of whose labels it
    /// maps to nothing (`empty-label`): a soft hyphen, a zero-width
    /// character or a variation selector alone (the URL Standard's
    /// domain-to-ASCII refuses an empty result).
    EmptyLabel,
    /// Nothing follows `scheme:` where the dialect needs a path
    /// (`missing-path`): RFC 2396 section 3 has no empty `hier_part`.
    MissingPath,
    /// A base URI without a scheme (`relative-base`): resolution needs an
    /// absolute base (RFC 3986 section 5.1).
    RelativeBase,
    /// The base URI given for resolution or relativization does not parse
    /// (`invalid-base`).
    InvalidBase,
    /// The dialect defines no such operation (`unsupported-dialect`): RFC 1738
    /// has no relative references, so nothing can be resolved under it; the
    /// WHATWG URL Standard is no grammar, and its URLs are read by
    /// `whatwg::Url`.
    UnsupportedDialect,
    /// A relative path climbs above the root of the base path, and the
    /// resolver was told to reject that (`path-above-root`); RFC 2396
    /// section 5.2 step 6g.
    PathAboveRoot,
    /// The scheme needs an authority (`//host`) and there is none
    /// (`missing-authority`); RFC 1738 section 3.1.
    MissingAuthority,
    /// The scheme needs a host and the authority's host is empty
    /// (`missing-host`); RFC 1738 section 3.1, 2396bis section 3.2.2.
    MissingHost,
    /// A user name or password where the scheme takes none
    /// (`unexpected-userinfo`); RFC 1738 sections 3.3 and 5 (`hostport`).
    UnexpectedUserinfo,
    /// An authority (`//`) where the scheme takes none
    /// (`unexpected-authority`), such as `news://`; RFC 1738 section 5.
    UnexpectedAuthority,
    /// A query where the scheme's syntax has none (`unexpected-query`);
    /// RFC 1738 section 5.
    UnexpectedQuery,
    /// The path does not have the form the scheme's syntax requires
    /// (`invalid-path`); RFC 1738 section 5.
    InvalidPath,
    /// An FTP `;type=` code other than `a`, `i` or `d` (`invalid-typecode`);
    /// RFC 1738 section 3.2.2.
    InvalidTypecode,
    /// A newsgroup name that does not start with a letter or holds a
    /// character other than letters, digits, `-`, `.`, `+`, `_`
    /// (`invalid-newsgroup`); RFC 1738 section 5 (`group`).
    InvalidNewsgroup,
    /// A `mailto` address that is not an RFC 822 `addr-spec`
    /// (`invalid-address`); RFC 1738 section 3.5.
    InvalidAddress,
    /// A `file` URI names a host other than this machine, so it has no local
    /// path (`remote-file`); RFC 1738 section 3.10.
    RemoteFile,
    /// A local path that is not absolute cannot become a `file` URI
    /// (`relative-path`); RFC 1738 section 3.10.
    RelativePath,
    /// A decoded path holds a byte that a local file name cannot contain,
    /// such as NUL or a `/` encoded as `%2F` inside a segment
    /// (`unrepresentable-path`).
    UnrepresentablePath,
    /// A port where the scheme takes none (`unexpected-port`), such as in a
    /// `file` URI; RFC 1738 section 5 (`fileurl`).
    UnexpectedPort,
    /// A scheme-specific view was asked to read a URI of another scheme
    /// (`unexpected-scheme`).
    UnexpectedScheme,
    /// With an authority, the path must be empty or begin with `/`
    /// (`relative-path-with-authority`); RFC 3986 section 3.3.
    RelativePathWithAuthority,
    /// Without an authority, the path cannot begin with `//`, which would
    /// read as an authority (`ambiguous-path`); RFC 3986 section 3.3.
    AmbiguousPath,
    /// A reference read under one dialect is not valid under the dialect an
    /// operation works in (`dialect-mismatch`), such as an RFC 2396
    /// registry-based authority given to an RFC 3986 resolver; the offset
    /// is that of the first byte the operation's dialect does not accept.
    DialectMismatch,
    /// A relative path resolved against an opaque base (`opaque-base`):
    /// the documents before RFC 3986 say "relative URI cannot be used
    /// within a document that has an unsuitable base URI" (RFC 2396 and
    /// 2396bis section 5, draft-ietf-url-syntax-00 section 4.2), one that
    /// does not fit the hierarchical syntax (no authority, a non-empty path
    /// not starting with `/`).
    OpaqueBase,
    /// A target that no reference resolves to (`unreachable-target`): its
    /// path holds dot-segments, which resolution always removes (RFC 3986
    /// section 5.2.4); the offset is that of the first such segment.
    UnreachableTarget,
    /// A URI Template that RFC 6570 section 2 does not allow
    /// (`invalid-template`): a character no literal may be, a `{` never
    /// closed, a reserved operator, a malformed variable name or modifier.
    InvalidTemplate,
    /// A prefix modifier (`{var:3}`) on a variable whose value is a list or
    /// an associative array (`prefix-on-composite`): RFC 6570 section
    /// 2.4.1 applies it to strings only.
    PrefixOnComposite,
    /// A URI that is not an expansion of the template it is matched
    /// against (`no-match`); the offset is where it stops being one.
    NoMatch,
    /// A template whose expressions cannot be told apart in a URI
    /// (`ambiguous-template`): two expressions without a literal between
    /// them, the second beginning with a character the first can hold
    /// (`{a}{b}`, `{/a}{/b}`). RFC 6570 section 1.4: matching "only works
    /// well if the template expressions are delimited".
    AmbiguousTemplate,
    /// Percent-encoding nested deeper than Safe Browsing decodes
    /// (`escape-too-deep`): its client gives up after 1,024 rounds of
    /// decoding (`%252525…`).
    EscapeTooDeep,
    /// In a relative reference, the first path segment cannot contain `:`,
    /// which would read as a scheme (`colon-in-first-segment`); RFC 3986
    /// section 4.2.
    ColonInFirstSegment,
    /// A userinfo or a port without a host (`host-required`): they belong
    /// to an authority, `[ userinfo "@" ] host [ ":" port ]` (RFC 3986
    /// section 3.2), which a host begins.
    HostRequired,
    /// A query right after the authority of a network-path reference
    /// (`query-after-authority`), which draft-ietf-url-syntax-00 does not
    /// have: its `net_path = "//" server [ abs_path ]` carries a query only
    /// after a path (section 5).
    QueryAfterAuthority,
}

impl ErrorKind {
    /// The stable kebab-case identifier of this kind.
    ///
    /// ```
    /// assert_eq!(urikit::ErrorKind::InvalidChar.code(), "invalid-char");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            ErrorKind::EmptyInput => "empty-input",
            ErrorKind::InvalidChar => "invalid-char",
            ErrorKind::InvalidPercentEncoding => "invalid-percent-encoding",
            ErrorKind::InvalidScheme => "invalid-scheme",
            ErrorKind::MissingScheme => "missing-scheme",
            ErrorKind::SchemeNotAllowed => "scheme-not-allowed",
            ErrorKind::InvalidPort => "invalid-port",
            ErrorKind::PortOutOfRange => "port-out-of-range",
            ErrorKind::InvalidIpv4 => "invalid-ipv4",
            ErrorKind::InvalidIpv6 => "invalid-ipv6",
            ErrorKind::InvalidIpvFuture => "invalid-ipvfuture",
            ErrorKind::InvalidHost => "invalid-host",
            ErrorKind::UnexpectedBracket => "unexpected-bracket",
            ErrorKind::InvalidUtf8 => "invalid-utf8",
            ErrorKind::InvalidIdna => "invalid-idna",
            ErrorKind::EmptyLabel => "empty-label",
            ErrorKind::MissingPath => "missing-path",
            ErrorKind::RelativeBase => "relative-base",
            ErrorKind::InvalidBase => "invalid-base",
            ErrorKind::UnsupportedDialect => "unsupported-dialect",
            ErrorKind::PathAboveRoot => "path-above-root",
            ErrorKind::MissingAuthority => "missing-authority",
            ErrorKind::MissingHost => "missing-host",
            ErrorKind::UnexpectedUserinfo => "unexpected-userinfo",
            ErrorKind::UnexpectedAuthority => "unexpected-authority",
            ErrorKind::UnexpectedQuery => "unexpected-query",
            ErrorKind::InvalidPath => "invalid-path",
            ErrorKind::InvalidTypecode => "invalid-typecode",
            ErrorKind::InvalidNewsgroup => "invalid-newsgroup",
            ErrorKind::InvalidAddress => "invalid-address",
            ErrorKind::RemoteFile => "remote-file",
            ErrorKind::RelativePath => "relative-path",
            ErrorKind::UnrepresentablePath => "unrepresentable-path",
            ErrorKind::UnexpectedPort => "unexpected-port",
            ErrorKind::UnexpectedScheme => "unexpected-scheme",
            ErrorKind::RelativePathWithAuthority => "relative-path-with-authority",
            ErrorKind::AmbiguousPath => "ambiguous-path",
            ErrorKind::ColonInFirstSegment => "colon-in-first-segment",
            ErrorKind::HostRequired => "host-required",
            ErrorKind::QueryAfterAuthority => "query-after-authority",
            ErrorKind::DialectMismatch => "dialect-mismatch",
            ErrorKind::OpaqueBase => "opaque-base",
            ErrorKind::UnreachableTarget => "unreachable-target",
            ErrorKind::InvalidTemplate => "invalid-template",
            ErrorKind::PrefixOnComposite => "prefix-on-composite",
            ErrorKind::NoMatch => "no-match",
            ErrorKind::AmbiguousTemplate => "ambiguous-template",
            ErrorKind::EscapeTooDeep => "escape-too-deep",
        }
    }

    /// A sentence that explains the kind and what to do about it.
    ///
    /// ```
    /// let m = urikit::ErrorKind::InvalidPercentEncoding.message();
    /// assert!(m.contains("%25"));
    /// ```
    pub const fn message(self) -> &'static str {
        self.message_with_default_hint()
    }

    /// The setting that would have made the library accept what this kind
    /// refuses, if there is one: [`Hint::ZoneIds`] for an IPv6 literal
    /// (its zone identifier may be what failed). Each face names the
    /// setting in its own terms ([`Hint::clause`]), after
    /// [`sentence`](Self::sentence).
    ///
    /// ```
    /// use urikit::{ErrorKind, Hint};
    ///
    /// let k = ErrorKind::InvalidIpv6;
    /// assert_eq!(k.hint(), Some(Hint::ZoneIds));
    /// let m = format!("{}{}", k.sentence(), k.hint().unwrap().clause(Some("--zone-ids")));
    /// assert!(m.ends_with("is read only with --zone-ids"));
    /// assert_eq!(format!("{}{}", k.sentence(), Hint::ZoneIds.clause(None)), k.message());
    /// ```
    pub const fn hint(self) -> Option<Hint> {
        match self {
            ErrorKind::InvalidIpv6 => Some(Hint::ZoneIds),
            _ => None,
        }
    }

    /// [`message`](Self::message) without the clause of its
    /// [`hint`](Self::hint).
    pub const fn sentence(self) -> &'static str {
        match self {
            ErrorKind::InvalidIpv6 => ipv6_sentence!(),
            _ => self.message(),
        }
    }

    const fn message_with_default_hint(self) -> &'static str {
        match self {
            ErrorKind::EmptyInput => "the input is empty, but a URI must at least have a scheme",
            ErrorKind::InvalidChar => {
                "this character is not allowed here; percent-encode it (for example a space as %20)"
            }
            ErrorKind::InvalidPercentEncoding => {
                "'%' must be followed by two hexadecimal digits; write a literal '%' as %25"
            }
            ErrorKind::InvalidScheme => {
                "the scheme must start with a letter followed by letters, digits, '+', '-' or '.' \
                 (RFC 3986 section 3.1)"
            }
            ErrorKind::SchemeNotAllowed => {
                "this scheme is not among those required (a web URL is 'http' or 'https')"
            }
            ErrorKind::MissingScheme => {
                "a URI with a scheme (such as 'http:') is required here, not a relative reference"
            }
            ErrorKind::InvalidPort => "the port must be made of decimal digits only",
            ErrorKind::PortOutOfRange => "the port number is greater than 65535",
            ErrorKind::InvalidIpv4 => {
                "invalid IPv4 address: four decimal numbers from 0 to 255 without leading zeros, \
                 separated by '.'"
            }
            ErrorKind::InvalidIpv6 => {
                concat!(
                    ipv6_sentence!(),
                    zone_clause!("when zone identifiers are asked for")
                )
            }
            ErrorKind::InvalidIpvFuture => {
                "invalid IPvFuture literal: expected 'v', hexadecimal digits, '.', then at least \
                 one unreserved, sub-delims or ':' character"
            }
            ErrorKind::InvalidHost => "this character is not allowed in a host",
            ErrorKind::UnexpectedBracket => {
                "'[' and ']' are only allowed around an IP literal host; percent-encode them \
                 elsewhere (%5B, %5D)"
            }
            ErrorKind::InvalidUtf8 => "the bytes are not valid UTF-8",
            ErrorKind::InvalidIdna => {
                "this host name is not a valid internationalized domain name (its conversion to \
                 ASCII, by UTS #46 or by punycode alone, fails)"
            }
            ErrorKind::EmptyLabel => {
                "this host name, or one of its labels, maps to nothing under UTS #46 (a soft \
                 hyphen, a zero-width character or a variation selector alone), which leaves no \
                 host there"
            }
            ErrorKind::MissingPath => {
                "this dialect requires a path or opaque part after the scheme"
            }
            ErrorKind::RelativeBase => {
                "the base URI has no scheme; a base must be an absolute URI such as 'http://host/'"
            }
            ErrorKind::InvalidBase => "the base URI is not a valid URI",
            ErrorKind::UnsupportedDialect => {
                "this dialect does not define the operation (RFC 1738 has no relative references; the whatwg dialect is read by its own parser, urikit::whatwg::Url, not as a grammar)"
            }
            ErrorKind::PathAboveRoot => {
                "the relative path has more '..' segments than the base path has levels"
            }
            ErrorKind::MissingAuthority => {
                "this scheme needs '//' and a host after the scheme name"
            }
            ErrorKind::MissingHost => "a host name or address is missing here",
            ErrorKind::UnexpectedUserinfo => {
                "this scheme takes no user name or password; remove the part up to '@'"
            }
            ErrorKind::UnexpectedAuthority => {
                "this scheme takes no '//' authority; write its data right after the ':'"
            }
            ErrorKind::UnexpectedQuery => {
                "this scheme has no query part; percent-encode '?' as %3F if it is data"
            }
            ErrorKind::InvalidPath => "the path does not have the form this scheme requires",
            ErrorKind::InvalidTypecode => {
                "the FTP type code must be 'a', 'i' or 'd', as in ';type=i'"
            }
            ErrorKind::InvalidNewsgroup => {
                "a newsgroup name starts with a letter, followed by letters, digits, '-', '.', \
                 '+' or '_'"
            }
            ErrorKind::InvalidAddress => {
                "not a mail address of the form local-part@domain (RFC 822 addr-spec)"
            }
            ErrorKind::RemoteFile => {
                "the file URI names another host; only an empty host or 'localhost' is this \
                 machine"
            }
            ErrorKind::RelativePath => "only an absolute local path can become a file URI",
            ErrorKind::UnrepresentablePath => {
                "the decoded path holds a byte that a local file name cannot contain (NUL, or \
                 '/' encoded as %2F inside a segment)"
            }
            ErrorKind::UnexpectedPort => "this scheme takes no port; remove the ':' and digits",
            ErrorKind::UnexpectedScheme => {
                "the URI has another scheme than the one this view reads"
            }
            ErrorKind::RelativePathWithAuthority => {
                "with an authority the path must be empty or begin with '/'"
            }
            ErrorKind::AmbiguousPath => {
                "without an authority the path cannot begin with '//' (it would read as an \
                 authority); begin it with '/.' or add a host"
            }
            ErrorKind::ColonInFirstSegment => {
                "the first segment of a relative path cannot contain ':' (it would read as a \
                 scheme); begin the path with './'"
            }
            ErrorKind::DialectMismatch => {
                "the reference was read under another dialect and is not valid under the one \
                 this operation works in; read it under that dialect, or choose the dialect \
                 it was read under"
            }
            ErrorKind::OpaqueBase => {
                "a relative path cannot be resolved against an opaque base URI (one without \
                 '//' or a path beginning with '/') under this dialect; RFC 3986 resolves it"
            }
            ErrorKind::UnreachableTarget => {
                "no reference resolves to this target: its path holds a '.' or '..' segment, \
                 which resolution always removes"
            }
            ErrorKind::InvalidTemplate => {
                "this is not a URI Template here: literals exclude spaces, '\"', '<>\\^`|}' \
                 and controls, an expression is '{' an optional operator (+ # . / ; ? &), \
                 variable names of letters, digits, '_', '.' and %HH, each with ':1' to ':9999' \
                 or '*', separated by ',' and closed by '}'"
            }
            ErrorKind::PrefixOnComposite => {
                "a prefix modifier (':n') applies to a string value only, and this variable's \
                 value is a list or an associative array; remove the modifier or give a string"
            }
            ErrorKind::NoMatch => {
                "the URI is not an expansion of the template: from here on it differs from \
                 what the template can expand to"
            }
            ErrorKind::AmbiguousTemplate => {
                "the template can read this URI in more ways than matching tries: an \
                 expression that can hold the text around it, or a variable named twice whose \
                 places disagree; put literals between expressions"
            }
            ErrorKind::EscapeTooDeep => {
                "the percent-encoding here is nested more than 1024 levels deep (%2525...), \
                 where Safe Browsing stops decoding"
            }
            ErrorKind::HostRequired => {
                "a userinfo or a port needs a host: give the host, or remove the userinfo and \
                 the port"
            }
            ErrorKind::QueryAfterAuthority => {
                "in this dialect a query follows a path, not the authority: write '//host/?query'"
            }
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An error: its [`ErrorKind`] and the byte offset of the first offending
/// byte in the input (equal to the input's length when the input ended too
/// soon).
///
/// ```
/// use urikit::{ErrorKind, UriRef};
///
/// let err = UriRef::parse("http://example.com/a b").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidChar);
/// assert_eq!(err.offset(), 20);
/// assert_eq!(
///     err.to_string(),
///     "invalid-char at byte 20: this character is not allowed here; \
///      percent-encode it (for example a space as %20)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// An error of the given kind at the given byte offset.
    ///
    /// ```
    /// let e = urikit::Error::new(urikit::ErrorKind::InvalidPort, 9);
    /// assert_eq!(e.offset(), 9);
    /// ```
    pub const fn new(kind: ErrorKind, offset: usize) -> Error {
        Error { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// let e = urikit::UriRef::parse("%").unwrap_err();
    /// assert_eq!(e.kind(), urikit::ErrorKind::InvalidPercentEncoding);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset of the first offending byte.
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("a%G1").unwrap_err().offset(), 1);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The stable kebab-case code of the kind ([`ErrorKind::code`]).
    ///
    /// ```
    /// assert_eq!(urikit::UriRef::parse("1a:b").unwrap_err().code(), "invalid-scheme");
    /// ```
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}: {}",
            self.kind.code(),
            self.offset,
            self.kind.message()
        )
    }
}

impl ErrorKind {
    /// Every kind, for lists of the codes (the manual page, the bindings).
    ///
    /// ```
    /// assert!(urikit::ErrorKind::ALL.iter().any(|k| k.code() == "invalid-char"));
    /// ```
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::EmptyInput,
        ErrorKind::InvalidChar,
        ErrorKind::InvalidPercentEncoding,
        ErrorKind::InvalidScheme,
        ErrorKind::MissingScheme,
        ErrorKind::SchemeNotAllowed,
        ErrorKind::InvalidPort,
        ErrorKind::PortOutOfRange,
        ErrorKind::InvalidIpv4,
        ErrorKind::InvalidIpv6,
        ErrorKind::InvalidIpvFuture,
        ErrorKind::InvalidHost,
        ErrorKind::UnexpectedBracket,
        ErrorKind::InvalidUtf8,
        ErrorKind::InvalidIdna,
        ErrorKind::EmptyLabel,
        ErrorKind::MissingPath,
        ErrorKind::RelativeBase,
        ErrorKind::InvalidBase,
        ErrorKind::UnsupportedDialect,
        ErrorKind::PathAboveRoot,
        ErrorKind::MissingAuthority,
        ErrorKind::MissingHost,
        ErrorKind::UnexpectedUserinfo,
        ErrorKind::UnexpectedAuthority,
        ErrorKind::UnexpectedQuery,
        ErrorKind::InvalidPath,
        ErrorKind::InvalidTypecode,
        ErrorKind::InvalidNewsgroup,
        ErrorKind::InvalidAddress,
        ErrorKind::RemoteFile,
        ErrorKind::RelativePath,
        ErrorKind::UnrepresentablePath,
        ErrorKind::UnexpectedPort,
        ErrorKind::UnexpectedScheme,
        ErrorKind::RelativePathWithAuthority,
        ErrorKind::AmbiguousPath,
        ErrorKind::ColonInFirstSegment,
        ErrorKind::HostRequired,
        ErrorKind::QueryAfterAuthority,
        ErrorKind::DialectMismatch,
        ErrorKind::OpaqueBase,
        ErrorKind::UnreachableTarget,
        ErrorKind::InvalidTemplate,
        ErrorKind::PrefixOnComposite,
        ErrorKind::NoMatch,
        ErrorKind::AmbiguousTemplate,
        ErrorKind::EscapeTooDeep,
    ];
}

impl core::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` holds every kind once: the match below is exhaustive, so a new
    /// kind does not compile until it has a place here, and the test then
    /// asks for it in `ALL` at that place.
    #[test]
    fn all_lists_every_kind_once() {
        fn place(k: ErrorKind) -> usize {
            match k {
                ErrorKind::EmptyInput => 0,
                ErrorKind::InvalidChar => 1,
                ErrorKind::InvalidPercentEncoding => 2,
                ErrorKind::InvalidScheme => 3,
                ErrorKind::MissingScheme => 4,
                ErrorKind::SchemeNotAllowed => 5,
                ErrorKind::InvalidPort => 6,
                ErrorKind::PortOutOfRange => 7,
                ErrorKind::InvalidIpv4 => 8,
                ErrorKind::InvalidIpv6 => 9,
                ErrorKind::InvalidIpvFuture => 10,
                ErrorKind::InvalidHost => 11,
                ErrorKind::UnexpectedBracket => 12,
                ErrorKind::InvalidUtf8 => 13,
                ErrorKind::InvalidIdna => 14,
                ErrorKind::EmptyLabel => 15,
                ErrorKind::MissingPath => 16,
                ErrorKind::RelativeBase => 17,
                ErrorKind::InvalidBase => 18,
                ErrorKind::UnsupportedDialect => 19,
                ErrorKind::PathAboveRoot => 20,
                ErrorKind::MissingAuthority => 21,
                ErrorKind::MissingHost => 22,
                ErrorKind::UnexpectedUserinfo => 23,
                ErrorKind::UnexpectedAuthority => 24,
                ErrorKind::UnexpectedQuery => 25,
                ErrorKind::InvalidPath => 26,
                ErrorKind::InvalidTypecode => 27,
                ErrorKind::InvalidNewsgroup => 28,
                ErrorKind::InvalidAddress => 29,
                ErrorKind::RemoteFile => 30,
                ErrorKind::RelativePath => 31,
                ErrorKind::UnrepresentablePath => 32,
                ErrorKind::UnexpectedPort => 33,
                ErrorKind::UnexpectedScheme => 34,
                ErrorKind::RelativePathWithAuthority => 35,
                ErrorKind::AmbiguousPath => 36,
                ErrorKind::ColonInFirstSegment => 37,
                ErrorKind::HostRequired => 38,
                ErrorKind::QueryAfterAuthority => 39,
                ErrorKind::DialectMismatch => 40,
                ErrorKind::OpaqueBase => 41,
                ErrorKind::UnreachableTarget => 42,
                ErrorKind::InvalidTemplate => 43,
                ErrorKind::PrefixOnComposite => 44,
                ErrorKind::NoMatch => 45,
                ErrorKind::AmbiguousTemplate => 46,
                ErrorKind::EscapeTooDeep => 47,
            }
        }
        for (i, k) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(place(*k), i, "{k:?}");
        }
        assert_eq!(ErrorKind::ALL.len(), 48);
    }

    #[test]
    fn codes_are_distinct_kebab_case() {
        let all = ErrorKind::ALL;
        for (i, a) in all.iter().enumerate() {
            let code = a.code();
            assert!(code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()));
            assert!(!code.starts_with('-') && !code.ends_with('-'));
            for b in &all[i + 1..] {
                assert_ne!(code, b.code());
            }
        }
    }

    #[test]
    fn messages_are_sentences_without_trailing_period() {
        for &k in ErrorKind::ALL {
            let m = k.message();
            assert!(m.len() > 10, "{k:?}");
            assert!(
                m.starts_with(|c: char| c.is_lowercase() || c == '\''),
                "{k:?}"
            );
            assert!(!m.ends_with('.'), "{k:?}");
        }
    }
}
