//! The URL record (section 4.1, "URL representation") and its serializer
//! (section 4.5), which also says where each attribute lies in the
//! serialization, so that the getters are slices of it.
//!
//! May use: `whatwg::host`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::host::Host;

/// The special schemes and their default ports (section 4.1).
pub(crate) fn special_port(scheme: &str) -> Option<Option<u16>> {
    Some(match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        "file" => None,
        _ => return None,
    })
}

/// Whether `scheme` is special.
#[inline]
pub(crate) fn is_special(scheme: &str) -> bool {
    special_port(scheme).is_some()
}

/// The default port of `scheme`, if it is special and has one.
#[inline]
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    special_port(scheme).flatten()
}

/// A URL's path: opaque (a string) or a list of segments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Path {
    Opaque(String),
    List(Vec<String>),
}

/// A URL record (section 4.1), the blob URL entry aside.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Record {
    pub(crate) scheme: String,
    pub(crate) username: String,
    pub(crate) password: String,
    pub(crate) host: Option<Host>,
    pub(crate) port: Option<u16>,
    pub(crate) path: Path,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: Path::List(Vec::new()),
            query: None,
            fragment: None,
        }
    }
}

impl Record {
    #[inline]
    pub(crate) fn is_special(&self) -> bool {
        is_special(&self.scheme)
    }

    /// A URL includes credentials if its username or password is not the
    /// empty string.
    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// The username, password, host and port of `base`, as the relative
    /// states set them (section 4.4).
    pub(crate) fn copy_authority(&mut self, base: &Record) {
        self.username.clone_from(&base.username);
        self.password.clone_from(&base.password);
        self.host.clone_from(&base.host);
        self.port = base.port;
    }

    pub(crate) fn has_opaque_path(&self) -> bool {
        matches!(self.path, Path::Opaque(_))
    }

    /// The segments, which a URL without an opaque path has.
    pub(crate) fn segments(&mut self) -> &mut Vec<String> {
        if let Path::Opaque(_) = self.path {
            self.path = Path::List(Vec::new());
        }
        match &mut self.path {
            Path::List(v) => v,
            Path::Opaque(_) => unreachable!("replaced just above"),
        }
    }

    /// Shorten a URL's path (section 4.1): the last segment removed, but a
    /// `file:` URL's lone normalized Windows drive letter.
    pub(crate) fn shorten_path(&mut self) {
        let file = self.scheme == "file";
        let path = self.segments();
        if file && path.len() == 1 && is_normalized_drive_letter(&path[0]) {
            return;
        }
        path.pop();
    }

    /// The URL serializer (section 4.5) and where the attributes lie.
    pub(crate) fn serialize(&self) -> (String, Offsets) {
        let mut out = String::with_capacity(self.scheme.len() + 32);
        let mut o = Offsets::default();
        out.push_str(&self.scheme);
        o.scheme_end = out.len();
        out.push(':');
        o.username_start = out.len();
        o.username_end = out.len();
        o.password_end = out.len();
        if let Some(host) = &self.host {
            out.push_str("//");
            o.username_start = out.len();
            if self.includes_credentials() {
                out.push_str(&self.username);
                o.username_end = out.len();
                if !self.password.is_empty() {
                    out.push(':');
                    out.push_str(&self.password);
                }
                o.password_end = out.len();
                out.push('@');
            } else {
                o.username_end = out.len();
                o.password_end = out.len();
            }
            o.host_start = out.len();
            host.serialize_into(&mut out);
            o.host_end = out.len();
            if let Some(port) = self.port {
                let _ = write!(out, ":{port}");
            }
            o.port_end = out.len();
        } else {
            o.host_start = out.len();
            o.host_end = out.len();
            o.port_end = out.len();
            if let Path::List(p) = &self.path {
                if p.len() > 1 && p[0].is_empty() {
                    out.push_str("/.");
                }
            }
        }
        o.path_start = out.len();
        match &self.path {
            Path::Opaque(p) => out.push_str(p),
            Path::List(p) => {
                for seg in p {
                    out.push('/');
                    out.push_str(seg);
                }
            }
        }
        o.path_end = out.len();
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        o.query_end = out.len();
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        (out, o)
    }
}

/// Where the attributes lie in a serialization: the scheme ends at
/// `scheme_end` (its `:`); the username runs from `username_start` to
/// `username_end`, the password (with its `:`) to `password_end`; the
/// host from `host_start` to `host_end`, the port (with its `:`) to
/// `port_end`; the path from `path_start` (after the `/.` a path that
/// begins with an empty segment gets when there is no host) the path to `path_end`; the query (with its `?`) to
/// `query_end`; the fragment (with its `#`) to the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    pub(crate) scheme_end: usize,
    pub(crate) username_start: usize,
    pub(crate) username_end: usize,
    pub(crate) password_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port_end: usize,
    pub(crate) path_start: usize,
    pub(crate) path_end: usize,
    pub(crate) query_end: usize,
}

/// A Windows drive letter: an ASCII alpha and `:` or `|` (section 4.1).
pub(crate) fn is_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// A normalized Windows drive letter: an ASCII alpha and `:`.
pub(crate) fn is_normalized_drive_letter(s: &str) -> bool {
    is_drive_letter(s) && s.as_bytes()[1] == b':'
}

/// Whether the code points `cs` start with a Windows drive letter (section
/// 4.1): two that are one, then nothing or `/`, `\`, `?`, `#`.
pub(crate) fn starts_with_drive_letter(cs: &[char]) -> bool {
    cs.len() >= 2
        && cs[0].is_ascii_alphabetic()
        && (cs[1] == ':' || cs[1] == '|')
        && (cs.len() == 2 || matches!(cs[2], '/' | '\\' | '?' | '#'))
}
