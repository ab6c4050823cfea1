//! The security cautions of the specifications (RFC 1738 section 6, RFC
//! 2396 section 7, 2396bis section 7), as warnings: data for the caller to
//! act on, never printed by the library, never errors.

use core::fmt;

use super::{default_port, Gopher};
use crate::grammar::rfc3986::hex_val;
use crate::UriRef;

/// What a [`Warning`] is about.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// The userinfo holds a password (`password-in-userinfo`): "It is
    /// clearly unwise to use a URL that contains a password which is
    /// intended to be secret" (RFC 1738 section 6; 2396bis section 7).
    PasswordInUserinfo,
    /// The port is not the scheme's default (`non-default-port`): a URL
    /// can make a client talk to a server of another protocol, "especially
    /// when it is a number within the reserved space" (2396bis section 7).
    NonDefaultPort,
    /// An encoded control character such as `%0D%0A` (`encoded-control-character`),
    /// which, decoded before transmission, could inject commands into a
    /// line-based protocol (telnet, gopher, ftp, nntp, smtp, http headers).
    EncodedControlCharacter,
}

impl WarningKind {
    /// The stable kebab-case identifier of the warning.
    ///
    /// ```
    /// use urikit::scheme::WarningKind;
    /// assert_eq!(WarningKind::NonDefaultPort.code(), "non-default-port");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            WarningKind::PasswordInUserinfo => "password-in-userinfo",
            WarningKind::NonDefaultPort => "non-default-port",
            WarningKind::EncodedControlCharacter => "encoded-control-character",
        }
    }
}

/// One security warning about a URI: its kind, the byte offset it points
/// at, and (for the port and control-character warnings) what was found.
/// `Display` explains it in a sentence.
///
/// ```
/// use urikit::scheme::{warnings, WarningKind};
/// use urikit::UriRef;
///
/// let uri = UriRef::parse("gopher://mail.example.com:25/1%0D%0AHELO")?;
/// let found: Vec<_> = warnings(&uri).collect();
/// assert_eq!(found[0].kind(), WarningKind::NonDefaultPort);
/// assert_eq!(found[0].offset(), 26);
/// assert!(found[0].to_string().contains("smtp"));
/// assert_eq!(found[1].kind(), WarningKind::EncodedControlCharacter);
/// assert_eq!(found[1].offset(), 30);
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    kind: WarningKind,
    offset: usize,
    /// The port (saturated at `u64::MAX` for longer digits), or the
    /// encoded control octet.
    value: u64,
}

impl Warning {
    /// What the warning is about.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("ftp://u:secret@h/").unwrap();
    /// let w = urikit::scheme::warnings(&uri).next().unwrap();
    /// assert_eq!(w.kind(), urikit::scheme::WarningKind::PasswordInUserinfo);
    /// ```
    pub const fn kind(&self) -> WarningKind {
        self.kind
    }

    /// The byte offset in the URI: the start of the password, of the port,
    /// or of the first encoded control character.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("ftp://u:secret@h/").unwrap();
    /// assert_eq!(urikit::scheme::warnings(&uri).next().unwrap().offset(), 8);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The kind's stable code.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("http://h/%00").unwrap();
    /// assert_eq!(urikit::scheme::warnings(&uri).next().unwrap().code(), "encoded-control-character");
    /// ```
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            WarningKind::PasswordInUserinfo => f.write_str(
                "the URI holds a password in clear text; anyone who sees the URI can read it",
            ),
            WarningKind::NonDefaultPort if self.value > u64::from(u16::MAX) => {
                if self.value == u64::MAX {
                    return f.write_str("the port number is far beyond 65535, the largest port");
                }
                write!(f, "port {} is beyond 65535, the largest port", self.value)?;
                // What a client that keeps the low 16 bits would reach.
                let low = (self.value % 65536) as u16;
                write!(
                    f,
                    "; a client that cuts it to 16 bits would connect to port {low}"
                )?;
                match service(low) {
                    Some(s) => write!(f, ", reserved for {s}"),
                    None => Ok(()),
                }
            }
            WarningKind::NonDefaultPort => {
                write!(f, "port {} is not the scheme's default", self.value)?;
                match u16::try_from(self.value).ok().and_then(service) {
                    Some(s) => write!(
                        f,
                        "; it is reserved for {s}, and a request sent there could be read as \
                         {s} commands"
                    ),
                    None if self.value < 1024 => f.write_str(
                        "; it is in the reserved range below 1024, where another protocol may \
                         listen",
                    ),
                    None => Ok(()),
                }
            }
            WarningKind::EncodedControlCharacter => write!(
                f,
                "encoded control character %{:02X}: decoded before sending, it could end a \
                 line and inject a command into a line-based protocol",
                self.value
            ),
        }
    }
}

/// The warnings about a URI, at most one of each kind, in the order of
/// [`WarningKind`]. Made by [`warnings`].
#[derive(Clone, Debug)]
pub struct Warnings {
    found: [Option<Warning>; 3],
    next: usize,
}

impl Iterator for Warnings {
    type Item = Warning;

    fn next(&mut self) -> Option<Warning> {
        while self.next < self.found.len() {
            self.next += 1;
            if let Some(w) = self.found[self.next - 1] {
                return Some(w);
            }
        }
        None
    }
}

/// The security warnings about `uri`, for any scheme:
/// - `password-in-userinfo` when the userinfo has a non-empty password
///   after `:`;
/// - `non-default-port` when the scheme has a default port (see
///   [`lookup`](super::lookup)) and the URI gives another one, or a number
///   beyond 65535, which is no port at all (the grammar allows any number
///   of digits);
/// - `encoded-control-character` for the first `%00`-`%1F` or `%7F` before
///   the fragment (which is never sent). The `%09` tabs that separate a
///   gopher URL's selector, search and Gopher+ string are the scheme's own
///   syntax, not a warning; a filled-in Gopher+ ASK block is made of CR LF
///   lines (RFC 1738 section 3.4.9) and is warned about like anything else,
///   since the server will read it as lines.
///
/// Nothing is allocated.
///
/// ```
/// use urikit::scheme::warnings;
/// use urikit::UriRef;
///
/// let codes = |s| warnings(&UriRef::parse(s).unwrap()).map(|w| w.code()).collect::<Vec<_>>();
/// assert_eq!(codes("http://example.com/"), [] as [&str; 0]);
/// assert_eq!(codes("http://example.com:80/"), [] as [&str; 0]);
/// assert_eq!(codes("telnet://u:pw@h:2323/"), ["password-in-userinfo", "non-default-port"]);
/// assert_eq!(codes("gopher://h/7sel%09search"), [] as [&str; 0]);
/// assert_eq!(codes("x-any://h/a%0a#%0d"), ["encoded-control-character"]);
/// ```
pub fn warnings(uri: &UriRef<'_>) -> Warnings {
    let mut found = [None; 3];
    let m = uri.meta();
    if let (Some(_), Some(info)) = (m.auth, uri.userinfo()) {
        if let Some(colon) = info.as_str().find(':') {
            if colon + 1 < info.len() {
                found[0] = Some(Warning {
                    kind: WarningKind::PasswordInUserinfo,
                    offset: m.auth_start() + colon + 1,
                    value: 0,
                });
            }
        }
    }
    let default = uri.scheme().and_then(default_port);
    if let (Some(default), Some(a), Some(digits)) = (default, m.auth, uri.port()) {
        // Any number of digits is a valid port in the grammar: one beyond
        // 16 bits is no port at all, and worth a warning as much as any.
        let port = digits.bytes().fold(0u64, |v, c| {
            v.saturating_mul(10).saturating_add(u64::from(c - b'0'))
        });
        if !digits.is_empty() && port != u64::from(default) {
            found[1] = Some(Warning {
                kind: WarningKind::NonDefaultPort,
                offset: a.host_end + 1,
                value: port,
            });
        }
    }
    let gopher = uri
        .scheme()
        .filter(|s| s.eq_ignore_ascii_case("gopher"))
        .and_then(|_| Gopher::new(*uri).ok());
    let b = &uri.as_str().as_bytes()[..m.query_end];
    let is_separator = |i: usize| {
        gopher
            .as_ref()
            .is_some_and(|g| g.separators().any(|s| s == i))
    };
    // The parser has checked that every '%' starts a valid "%HH".
    let control = memchr::memchr_iter(b'%', b)
        .map(|i| {
            (
                i,
                hex_val(b[i + 1]).unwrap_or(0) << 4 | hex_val(b[i + 2]).unwrap_or(0),
            )
        })
        .find(|&(i, v)| (v < 0x20 || v == 0x7F) && !is_separator(i));
    if let Some((offset, value)) = control {
        found[2] = Some(Warning {
            kind: WarningKind::EncodedControlCharacter,
            offset,
            value: u64::from(value),
        });
    }
    Warnings { found, next: 0 }
}

/// The service a port below 1024 is registered for, from the IANA Service
/// Name and Transport Protocol Port Number Registry (the well-known ports
/// most often reached by mistake or on purpose).
fn service(port: u16) -> Option<&'static str> {
    Some(match port {
        7 => "echo",
        9 => "discard",
        13 => "daytime",
        19 => "chargen",
        20 => "ftp-data",
        21 => "ftp",
        22 => "ssh",
        23 => "telnet",
        25 => "smtp",
        37 => "time",
        43 => "whois",
        53 => "domain (DNS)",
        69 => "tftp",
        70 => "gopher",
        79 => "finger",
        80 => "http",
        88 => "kerberos",
        109 => "pop2",
        110 => "pop3",
        111 => "sunrpc",
        113 => "ident",
        119 => "nntp",
        123 => "ntp",
        135 => "msrpc",
        137..=139 => "netbios",
        143 => "imap",
        161 | 162 => "snmp",
        179 => "bgp",
        194 => "irc",
        210 => "z39.50 (wais)",
        389 => "ldap",
        443 => "https",
        445 => "microsoft-ds (smb)",
        465 => "submissions (smtp over tls)",
        512 => "exec",
        513 => "login",
        514 => "shell",
        515 => "printer",
        587 => "submission (smtp)",
        631 => "ipp",
        636 => "ldaps",
        873 => "rsync",
        993 => "imaps",
        995 => "pop3s",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2021::{ToString, Vec};

    fn codes(s: &str) -> Vec<(&'static str, usize)> {
        warnings(&UriRef::parse(s).unwrap())
            .map(|w| (w.code(), w.offset()))
            .collect()
    }

    #[test]
    fn each_caution_of_the_security_sections() {
        assert_eq!(codes("ftp://u:@h/"), []);
        assert_eq!(codes("ftp://u:p@h/"), [("password-in-userinfo", 8)]);
        assert_eq!(codes("ftp://h:21/"), []);
        assert_eq!(codes("ftp://h:2121/"), [("non-default-port", 8)]);
        // No default port known: nothing to compare with.
        assert_eq!(codes("x-y://h:25/"), []);
        assert_eq!(codes("nntp://h/a%7F"), [("encoded-control-character", 10)]);
        assert_eq!(codes("http://h/a%20b"), []);
        assert_eq!(codes("http://h/#%0A"), []);
        assert_eq!(
            codes("telnet://a%0Db@h/"),
            [("encoded-control-character", 10)]
        );
        // A third %09 in gopher is data inside the Gopher+ string.
        assert_eq!(
            codes("gopher://h/0a%09b%09c%09d"),
            [("encoded-control-character", 21)]
        );
    }

    /// A port beyond 65535 is no port (the fault hunt found no warning for
    /// `http://h:65561/`): the warning says so, and what a client that cuts
    /// it to 16 bits would reach.
    #[test]
    fn ports_beyond_16_bits_are_warned_about() {
        assert_eq!(codes("http://h:65561/"), [("non-default-port", 9)]);
        let w = warnings(&UriRef::parse("http://h:65561/").unwrap())
            .next()
            .unwrap();
        assert_eq!(
            w.to_string(),
            "port 65561 is beyond 65535, the largest port; a client that cuts it to 16 bits \
             would connect to port 25, reserved for smtp"
        );
        let w = warnings(&UriRef::parse("http://h:000000000000000000000080/").unwrap()).next();
        assert!(w.is_none(), "leading zeros: port 80");
        let w = warnings(&UriRef::parse("http://h:99999999999999999999999/").unwrap())
            .next()
            .unwrap();
        assert!(
            w.to_string()
                .starts_with("the port number is far beyond 65535"),
            "{w}"
        );
        assert_eq!(codes("http://h:/"), []);
    }

    #[test]
    fn messages_name_the_protocol_of_reserved_ports() {
        let w = warnings(&UriRef::parse("http://h:25/").unwrap())
            .next()
            .unwrap();
        assert!(w.to_string().contains("smtp"), "{w}");
        let w = warnings(&UriRef::parse("http://h:1000/").unwrap())
            .next()
            .unwrap();
        assert!(w.to_string().contains("below 1024"), "{w}");
        let w = warnings(&UriRef::parse("http://h:8080/").unwrap())
            .next()
            .unwrap();
        assert_eq!(w.to_string(), "port 8080 is not the scheme's default");
    }
}
