//! Writing a reference from its components, and the checks every edit
//! makes: each component against its grammar, the structural rules of RFC
//! 3986 sections 3 and 4.2 (a path under an authority begins with `/`, no
//! path begins with `//` without one, a relative path's first segment holds
//! no `:`), a value given as plain text encoded for its component.
//!
//! May use: `grammar`, `parse`, `pct`, `uri`, `buf`.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::grammar::rfc3986::{ALPHA, DIGIT, SCHEME};
use crate::grammar::Table;
use crate::parse::ip::parse_ip_literal;
use crate::parse::rfc3986::{host_type_in, sets};
use crate::parse::scan::scan;
use crate::parse::HostType;
use crate::parse::{unexpected, AuthMeta, Meta};
use crate::pct::{encode, encode_iri, Component};
use crate::{Dialect, Error, ErrorKind, UriRef, UriRefBuf};

/// The seven components of a reference to be written (section 5.3's
/// recomposition), each as written; `None` is undefined. An authority is
/// present exactly when `host` is. The result is a reference of `dialect`:
/// RFC 3986, or RFC 3987 for an IRI.
#[derive(Clone, Copy, Default)]
pub(crate) struct Components<'a> {
    pub(crate) dialect: Dialect,
    /// Whether the host may carry an IPv6 zone identifier (RFC 6874):
    /// only when the reference edited already has one.
    pub(crate) zones: bool,
    pub(crate) scheme: Option<&'a str>,
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: Option<&'a str>,
    pub(crate) port: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    pub(crate) fn of(u: UriRef<'a>) -> Components<'a> {
        let auth = u.authority();
        Components {
            dialect: u.dialect(),
            zones: u.meta().zoned(u.as_str()),
            scheme: u.scheme(),
            userinfo: auth.and_then(|a| a.userinfo()).map(|x| x.as_str()),
            host: auth.map(|a| a.host().as_str()),
            port: auth.and_then(|a| a.port()),
            path: u.path().as_str(),
            query: u.query().map(|x| x.as_str()),
            fragment: u.fragment().map(|x| x.as_str()),
        }
    }

    /// The structural rules between components (each component is already
    /// valid on its own).
    pub(crate) fn check(&self) -> Result<(), Error> {
        let path = self.path.as_bytes();
        match self.host {
            None if self.userinfo.is_some() || self.port.is_some() => {
                Err(Error::new(ErrorKind::HostRequired, 0))
            }
            // RFC 3986 section 3.3: "If a URI contains an authority
            // component, then the path component must either be empty or
            // begin with a slash".
            Some(_) if !path.is_empty() && path[0] != b'/' => {
                Err(Error::new(ErrorKind::RelativePathWithAuthority, 0))
            }
            // "If a URI does not contain an authority component, then the
            // path cannot begin with two slash characters".
            None if path.starts_with(b"//") => Err(Error::new(ErrorKind::AmbiguousPath, 0)),
            // Section 4.2: path-noscheme.
            None if self.scheme.is_none() => {
                let first = path.split(|&c| c == b'/').next().unwrap_or_default();
                match first.iter().position(|&c| c == b':') {
                    Some(at) => Err(Error::new(ErrorKind::ColonInFirstSegment, at)),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// Writes the reference and computes its offsets from the components'
    /// lengths, without parsing it again.
    pub(crate) fn assemble(&self) -> UriRefBuf {
        let len = [
            self.scheme,
            self.userinfo,
            self.host,
            self.port,
            self.query,
            self.fragment,
        ]
        .iter()
        .map(|c| c.map_or(0, |s| s.len() + 3))
        .sum::<usize>()
            + self.path.len();
        crate::work::add(len);
        let mut s = String::with_capacity(len);
        let mut scheme_end = 0;
        if let Some(scheme) = self.scheme {
            s.push_str(scheme);
            scheme_end = s.len();
            s.push(':');
        }
        let auth = self.host.map(|host| {
            s.push_str("//");
            if let Some(u) = self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            let host_start = s.len();
            s.push_str(host);
            let host_end = s.len();
            if let Some(port) = self.port {
                s.push(':');
                s.push_str(port);
            }
            AuthMeta {
                host_start,
                host_end,
                host: host_type_in(host, sets(self.dialect == Dialect::Rfc3987, self.zones))
                    .unwrap_or(HostType::RegName),
                end: s.len(),
            }
        });
        s.push_str(self.path);
        let path_end = s.len();
        if let Some(q) = self.query {
            s.push('?');
            s.push_str(q);
        }
        let query_end = s.len();
        if let Some(f) = self.fragment {
            s.push('#');
            s.push_str(f);
        }
        UriRefBuf::from_parts(
            s,
            Meta {
                scheme_end,
                auth,
                path_end,
                query_end,
            },
            self.dialect,
        )
    }

    pub(crate) fn build(&self) -> Result<UriRefBuf, Error> {
        self.check()?;
        Ok(self.assemble())
    }
}

/// What a value set by an edit may hold beyond RFC 3986: the characters
/// of an IRI (RFC 3987 section 2.2) in an IRI, and an IPv6 zone identifier
/// (RFC 6874) in the host of a reference that already has one (a zone is
/// accepted only on request, when the reference is read).
#[derive(Clone, Copy, Default)]
pub(crate) struct Mode {
    pub(crate) iri: bool,
    pub(crate) zones: bool,
}

/// Checks `s` against a component's table (`%HH` included); the error is at
/// the first byte that does not fit.
pub(crate) fn check_table(s: &str, table: &Table) -> Result<(), Error> {
    let b = s.as_bytes();
    match scan(b, 0, table) {
        end if end == b.len() => Ok(()),
        at => Err(unexpected(b, at, ErrorKind::InvalidChar)),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (section 3.1).
pub(crate) fn check_scheme(s: &str) -> Result<(), Error> {
    let b = s.as_bytes();
    if !b.first().is_some_and(|&c| ALPHA.allows(c)) {
        return Err(Error::new(ErrorKind::InvalidScheme, 0));
    }
    match scan(b, 1, &SCHEME) {
        end if end == b.len() => Ok(()),
        at => Err(Error::new(ErrorKind::InvalidScheme, at)),
    }
}

/// `port = *DIGIT` (section 3.2.3).
pub(crate) fn check_port(s: &str) -> Result<(), Error> {
    match s.bytes().position(|c| !DIGIT.allows(c)) {
        None => Ok(()),
        Some(at) => Err(Error::new(ErrorKind::InvalidPort, at)),
    }
}

/// A host given as plain text: an IP literal in brackets as it is, an IPv6
/// address without brackets bracketed, anything else a reg-name with what
/// it cannot hold percent-encoded.
pub(crate) fn plain_host(text: &str, mode: Mode) -> Result<Cow<'_, str>, Error> {
    if text.contains(':') && !text.starts_with('[') {
        let bracketed = alloc::format!("[{text}]");
        // Offsets in the error count from the caller's text.
        return match parse_ip_literal(bracketed.as_bytes(), 0, mode.zones) {
            Ok((end, _)) if end == bracketed.len() => Ok(Cow::Owned(bracketed)),
            Ok((end, _)) => Err(Error::new(ErrorKind::InvalidIpv6, end.saturating_sub(1))),
            Err(e) => Err(Error::new(e.kind(), e.offset().saturating_sub(1))),
        };
    }
    if text.starts_with('[') {
        return host_type_in(text, sets(false, mode.zones)).map(|_| Cow::Borrowed(text));
    }
    Ok(encode_for(text, Component::Host, mode.iri))
}

/// Percent-encodes `text` for `component` of a URI, or of an IRI, where
/// the characters RFC 3987 allows stay.
pub(crate) fn encode_for(text: &str, component: Component, iri: bool) -> Cow<'_, str> {
    if iri {
        encode_iri(text, component)
    } else {
        encode(text, component)
    }
}

/// The offset in a plain text of the byte at `at` in its encoding (each
/// `%HH` there stands for one byte of the text: a plain `%` is encoded
/// too).
pub(crate) fn plain_offset(encoded: &str, at: usize) -> usize {
    let b = &encoded.as_bytes()[..at.min(encoded.len())];
    at - 2 * b.iter().filter(|&&c| c == b'%').count()
}

/// The encoded form of a value for `component` of a URI (of an IRI when
/// `iri`): checked against the component's grammar when `encoded`, else
/// percent-encoded by its set.
pub(crate) fn value(
    component: Component,
    text: &str,
    encoded: bool,
    mode: Mode,
) -> Result<Cow<'_, str>, Error> {
    match component {
        Component::Host if encoded => {
            host_type_in(text, sets(mode.iri, mode.zones)).map(|_| Cow::Borrowed(text))
        }
        Component::Host => plain_host(text, mode),
        c if encoded && mode.iri => check_table(text, c.keep_iri()).map(|()| Cow::Borrowed(text)),
        c if encoded => check_table(text, c.keep()).map(|()| Cow::Borrowed(text)),
        c => Ok(encode_for(text, c, mode.iri)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembled_offsets_equal_a_fresh_parse() {
        let cases = [
            "http://u@[::1]:80/p?q#f",
            "a:b",
            "//h",
            "?q",
            "#f",
            "",
            "file:///x",
            "s://@:/",
        ];
        for c in cases {
            let u = UriRefBuf::parse(c).unwrap();
            let again = Components::of(u.as_uri_ref()).assemble();
            assert_eq!(again.as_str(), c);
            assert_eq!(again.as_uri_ref().meta(), u.as_uri_ref().meta(), "{c}");
        }
    }
}
