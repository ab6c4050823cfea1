//! The basic URL parser of the URL Standard (section 4.4, "URL parsing"),
//! every state, with a base URL and with a state override (which the
//! setters use). Written from the standard's steps, in its order; the
//! comments name its states.
//!
//! May use: `whatwg::encode`, `whatwg::error`, `whatwg::host`,
//! `whatwg::record`.

use alloc::string::String;
use alloc::vec::Vec;

use super::encode::{self, is_url_code_point, EncodeSet};
use super::error::{Sink, ValidationError, ValidationErrorKind as K};
use super::host::{parse_host, Host};
use super::record::{
    default_port, is_drive_letter, is_normalized_drive_letter, is_special,
    starts_with_drive_letter, Path, Record,
};

/// The states of the basic URL parser (section 4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// Whether `c` is a C0 control or space.
fn c0_or_space(c: char) -> bool {
    c <= ' '
}

/// A single-dot URL path segment: `.` or `%2e`, any case.
fn single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// A double-dot URL path segment: `..`, `.%2e`, `%2e.`, `%2e%2e`, any case.
fn double_dot(s: &str) -> bool {
    matches!(s.len(), 2 | 4 | 6)
        && (s == ".."
            || s.eq_ignore_ascii_case(".%2e")
            || s.eq_ignore_ascii_case("%2e.")
            || s.eq_ignore_ascii_case("%2e%2e"))
}

/// The input as the parser reads it: code points, each with its byte
/// offset in the text given, leading and trailing C0 controls and spaces
/// removed (when `trim`), tabs and newlines removed.
struct Input {
    cps: Vec<char>,
    at: Vec<usize>,
    len: usize,
}

impl Input {
    fn new(s: &str, trim: bool, sink: &mut Sink) -> Input {
        let (mut from, mut to) = (0, s.len());
        if trim {
            let t = s.trim_start_matches(c0_or_space);
            from = s.len() - t.len();
            let t = t.trim_end_matches(c0_or_space);
            to = from + t.len();
            if from > 0 {
                sink.report(K::InvalidUrlUnit, 0);
            } else if to < s.len() {
                sink.report(K::InvalidUrlUnit, to);
            }
        }
        let mut cps = Vec::with_capacity(to - from);
        let mut at = Vec::with_capacity(to - from);
        let mut removed = false;
        for (i, c) in s[from..to].char_indices() {
            if matches!(c, '\t' | '\n' | '\r') {
                if !removed {
                    sink.report(K::InvalidUrlUnit, from + i);
                    removed = true;
                }
                continue;
            }
            cps.push(c);
            at.push(from + i);
        }
        Input {
            cps,
            at,
            len: s.len(),
        }
    }

    /// The code point at `p`, `None` for the EOF code point.
    #[inline]
    fn c(&self, p: isize) -> Option<char> {
        usize::try_from(p)
            .ok()
            .and_then(|p| self.cps.get(p).copied())
    }

    /// The byte offset of the code point at `p` (the input's length at EOF).
    #[inline]
    fn offset(&self, p: isize) -> usize {
        usize::try_from(p)
            .ok()
            .and_then(|p| self.at.get(p).copied())
            .unwrap_or(self.len)
    }

    /// The code points after `p` ("remaining").
    #[inline]
    fn remaining(&self, p: isize) -> &[char] {
        let from = usize::try_from(p + 1).unwrap_or(0).min(self.cps.len());
        &self.cps[from..]
    }

    /// The code points from `p` on.
    #[inline]
    fn from(&self, p: isize) -> &[char] {
        let from = usize::try_from(p).unwrap_or(0).min(self.cps.len());
        &self.cps[from..]
    }

    fn is_eof(&self, p: isize) -> bool {
        p >= self.cps.len() as isize
    }
}

/// Whether the code points `r` start with two ASCII hex digits.
fn two_hex(r: &[char]) -> bool {
    r.len() >= 2 && r[0].is_ascii_hexdigit() && r[1].is_ascii_hexdigit()
}

/// The outcome of a run of the parser with a state override that ends
/// without failure: either it ran to the end or it returned early; both
/// leave `url` as the standard's steps left it.
pub(crate) type Outcome = Result<(), ValidationError>;

/// The basic URL parser (section 4.4). Without `over`, `url` must be a
/// new record; with it, `url` is modified in place as the setters need.
pub(crate) fn basic_parse(
    s: &str,
    base: Option<&Record>,
    url: &mut Record,
    over: Option<State>,
    sink: &mut Sink,
) -> Outcome {
    let input = Input::new(s, over.is_none(), sink);
    let mut state = over.unwrap_or(State::SchemeStart);
    let mut buffer = String::new();
    let mut buffer_at = 0usize;
    let (mut at_sign_seen, mut inside_brackets, mut password_token_seen) = (false, false, false);
    let mut p: isize = 0;
    let special_slash = |url: &Record, c: Option<char>| c == Some('\\') && url.is_special();
    // The tests' work counter: a step of the state machine (and the
    // preprocessing's pass over the input).
    crate::work::add(input.cps.len() + 1);
    loop {
        crate::work::add(1);
        let c = input.c(p);
        let here = input.offset(p);
        match state {
            State::SchemeStart => {
                if let Some(c) = c.filter(char::is_ascii_alphabetic) {
                    buffer.push(c.to_ascii_lowercase());
                    state = State::Scheme;
                } else if over.is_none() {
                    state = State::NoScheme;
                    p -= 1;
                } else {
                    return Err(ValidationError {
                        kind: K::InvalidUrlUnit,
                        offset: here,
                    });
                }
            }
            State::Scheme => {
                if let Some(c) =
                    c.filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                {
                    buffer.push(c.to_ascii_lowercase());
                } else if c == Some(':') {
                    if over.is_some() {
                        if url.is_special() != is_special(&buffer) {
                            return Ok(());
                        }
                        if (url.includes_credentials() || url.port.is_some()) && buffer == "file" {
                            return Ok(());
                        }
                        if url.scheme == "file" && url.host == Some(Host::Empty) {
                            return Ok(());
                        }
                    }
                    url.scheme = core::mem::take(&mut buffer);
                    if over.is_some() {
                        if url.port.is_some() && url.port == default_port(&url.scheme) {
                            url.port = None;
                        }
                        return Ok(());
                    }
                    let rem = input.remaining(p);
                    if url.scheme == "file" {
                        if !rem.starts_with(&['/', '/']) {
                            sink.report(
                                K::SpecialSchemeMissingFollowingSolidus,
                                input.offset(p + 1),
                            );
                        }
                        state = State::File;
                    } else if url.is_special() && base.is_some_and(|b| b.scheme == url.scheme) {
                        state = State::SpecialRelativeOrAuthority;
                    } else if url.is_special() {
                        state = State::SpecialAuthoritySlashes;
                    } else if rem.first() == Some(&'/') {
                        state = State::PathOrAuthority;
                        p += 1;
                    } else {
                        url.path = Path::Opaque(String::new());
                        state = State::OpaquePath;
                    }
                } else if over.is_none() {
                    buffer.clear();
                    state = State::NoScheme;
                    p = -1;
                } else {
                    return Err(ValidationError {
                        kind: K::InvalidUrlUnit,
                        offset: here,
                    });
                }
            }
            State::NoScheme => match base {
                Some(b) if !b.has_opaque_path() || c == Some('#') => {
                    if b.has_opaque_path() {
                        url.scheme.clone_from(&b.scheme);
                        url.path = b.path.clone();
                        url.query.clone_from(&b.query);
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if b.scheme != "file" {
                        state = State::Relative;
                        p -= 1;
                    } else {
                        state = State::File;
                        p -= 1;
                    }
                }
                _ => return Err(sink.fail(K::MissingSchemeNonRelativeUrl, here)),
            },
            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && input.remaining(p).first() == Some(&'/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    p += 1;
                } else {
                    sink.report(K::SpecialSchemeMissingFollowingSolidus, here);
                    state = State::Relative;
                    p -= 1;
                }
            }
            State::PathOrAuthority => {
                if c == Some('/') {
                    state = State::Authority;
                } else {
                    state = State::Path;
                    p -= 1;
                }
            }
            State::Relative => {
                let b = base.expect("the no scheme state has a base");
                url.scheme.clone_from(&b.scheme);
                if c == Some('/') {
                    state = State::RelativeSlash;
                } else if special_slash(url, c) {
                    sink.report(K::InvalidReverseSolidus, here);
                    state = State::RelativeSlash;
                } else {
                    url.copy_authority(b);
                    url.path = b.path.clone();
                    url.query.clone_from(&b.query);
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        url.shorten_path();
                        state = State::Path;
                        p -= 1;
                    }
                }
            }
            State::RelativeSlash => {
                if url.is_special() && matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        sink.report(K::InvalidReverseSolidus, here);
                    }
                    state = State::SpecialAuthorityIgnoreSlashes;
                } else if c == Some('/') {
                    state = State::Authority;
                } else {
                    url.copy_authority(base.expect("the relative state has a base"));
                    state = State::Path;
                    p -= 1;
                }
            }
            State::SpecialAuthoritySlashes => {
                if c == Some('/') && input.remaining(p).first() == Some(&'/') {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    p += 1;
                } else {
                    sink.report(K::SpecialSchemeMissingFollowingSolidus, here);
                    state = State::SpecialAuthorityIgnoreSlashes;
                    p -= 1;
                }
            }
            State::SpecialAuthorityIgnoreSlashes => {
                if !matches!(c, Some('/' | '\\')) {
                    state = State::Authority;
                    p -= 1;
                } else {
                    sink.report(K::SpecialSchemeMissingFollowingSolidus, here);
                }
            }
            State::Authority => {
                if c == Some('@') {
                    sink.report(K::InvalidCredentials, here);
                    if at_sign_seen {
                        // The standard prepends "%40" to the buffer, whose
                        // code points then go where a ':' has sent them:
                        // the same as appending it there now, without
                        // moving the buffer (which made many '@' quadratic).
                        let target = if password_token_seen {
                            &mut url.password
                        } else {
                            &mut url.username
                        };
                        target.push_str("%40");
                    }
                    at_sign_seen = true;
                    for cp in buffer.chars() {
                        if cp == ':' && !password_token_seen {
                            password_token_seen = true;
                            continue;
                        }
                        let target = if password_token_seen {
                            &mut url.password
                        } else {
                            &mut url.username
                        };
                        encode::push(target, cp, EncodeSet::USERINFO);
                    }
                    buffer.clear();
                } else if matches!(c, None | Some('/' | '?' | '#')) || special_slash(url, c) {
                    if at_sign_seen && buffer.is_empty() {
                        return Err(sink.fail(K::HostMissing, here));
                    }
                    p -= buffer.chars().count() as isize + 1;
                    buffer.clear();
                    state = State::Host;
                } else if let Some(c) = c {
                    buffer.push(c);
                }
            }
            State::Host | State::Hostname => {
                if over.is_some() && url.scheme == "file" {
                    p -= 1;
                    state = State::FileHost;
                } else if c == Some(':') && !inside_brackets {
                    if buffer.is_empty() {
                        return Err(sink.fail(K::HostMissing, here));
                    }
                    if over == Some(State::Hostname) {
                        return Err(ValidationError {
                            kind: K::PortInvalid,
                            offset: here,
                        });
                    }
                    let host = parse_host(&buffer, !url.is_special(), buffer_at, sink)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::Port;
                } else if matches!(c, None | Some('/' | '?' | '#')) || special_slash(url, c) {
                    p -= 1;
                    if url.is_special() && buffer.is_empty() {
                        return Err(sink.fail(K::HostMissing, here));
                    } else if over.is_some()
                        && buffer.is_empty()
                        && (url.includes_credentials() || url.port.is_some())
                    {
                        return Err(ValidationError {
                            kind: K::HostMissing,
                            offset: here,
                        });
                    }
                    let host = parse_host(&buffer, !url.is_special(), buffer_at, sink)?;
                    url.host = Some(host);
                    buffer.clear();
                    state = State::PathStart;
                    if over.is_some() {
                        return Ok(());
                    }
                } else if let Some(c) = c {
                    if c == '[' {
                        inside_brackets = true;
                    }
                    if c == ']' {
                        inside_brackets = false;
                    }
                    if buffer.is_empty() {
                        buffer_at = here;
                    }
                    buffer.push(c);
                }
            }
            State::Port => {
                if let Some(d) = c.filter(char::is_ascii_digit) {
                    if buffer.is_empty() {
                        buffer_at = here;
                    }
                    buffer.push(d);
                } else if matches!(c, None | Some('/' | '?' | '#'))
                    || special_slash(url, c)
                    || over.is_some()
                {
                    if !buffer.is_empty() {
                        let digits = buffer.trim_start_matches('0');
                        let port = if digits.len() > 5 {
                            None
                        } else {
                            digits.parse::<u32>().ok().or(Some(0))
                        };
                        let Some(port) = port.filter(|&n| n <= 65535) else {
                            return Err(sink.fail(K::PortOutOfRange, buffer_at));
                        };
                        let port = port as u16;
                        url.port = if default_port(&url.scheme) == Some(port) {
                            None
                        } else {
                            Some(port)
                        };
                        buffer.clear();
                        if over.is_some() {
                            return Ok(());
                        }
                    }
                    if over.is_some() {
                        return Err(ValidationError {
                            kind: K::PortInvalid,
                            offset: here,
                        });
                    }
                    state = State::PathStart;
                    p -= 1;
                } else {
                    return Err(sink.fail(K::PortInvalid, here));
                }
            }
            State::File => {
                url.scheme = String::from("file");
                url.host = Some(Host::Empty);
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        sink.report(K::InvalidReverseSolidus, here);
                    }
                    state = State::FileSlash;
                } else if let Some(b) = base.filter(|b| b.scheme == "file") {
                    url.host.clone_from(&b.host);
                    url.path = b.path.clone();
                    url.query.clone_from(&b.query);
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        url.query = None;
                        if !starts_with_drive_letter(input.from(p)) {
                            url.shorten_path();
                        } else {
                            sink.report(K::FileInvalidWindowsDriveLetter, here);
                            url.path = Path::List(Vec::new());
                        }
                        state = State::Path;
                        p -= 1;
                    }
                } else {
                    state = State::Path;
                    p -= 1;
                }
            }
            State::FileSlash => {
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        sink.report(K::InvalidReverseSolidus, here);
                    }
                    state = State::FileHost;
                } else {
                    if let Some(b) = base.filter(|b| b.scheme == "file") {
                        url.host.clone_from(&b.host);
                        if !starts_with_drive_letter(input.from(p)) {
                            if let Path::List(bp) = &b.path {
                                if bp.first().is_some_and(|s| is_normalized_drive_letter(s)) {
                                    let first = bp[0].clone();
                                    url.segments().push(first);
                                }
                            }
                        }
                    }
                    state = State::Path;
                    p -= 1;
                }
            }
            State::FileHost => {
                if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                    p -= 1;
                    if over.is_none() && is_drive_letter(&buffer) {
                        sink.report(K::FileInvalidWindowsDriveLetterHost, buffer_at);
                        state = State::Path;
                    } else if buffer.is_empty() {
                        url.host = Some(Host::Empty);
                        if over.is_some() {
                            return Ok(());
                        }
                        state = State::PathStart;
                    } else {
                        let mut host = parse_host(&buffer, !url.is_special(), buffer_at, sink)?;
                        if host == Host::Domain(String::from("localhost")) {
                            host = Host::Empty;
                        }
                        url.host = Some(host);
                        if over.is_some() {
                            return Ok(());
                        }
                        buffer.clear();
                        state = State::PathStart;
                    }
                } else if let Some(c) = c {
                    if buffer.is_empty() {
                        buffer_at = here;
                    }
                    buffer.push(c);
                }
            }
            State::PathStart => {
                if url.is_special() {
                    if c == Some('\\') {
                        sink.report(K::InvalidReverseSolidus, here);
                    }
                    state = State::Path;
                    if !matches!(c, Some('/' | '\\')) {
                        p -= 1;
                    }
                } else if over.is_none() && c == Some('?') {
                    url.query = Some(String::new());
                    state = State::Query;
                } else if over.is_none() && c == Some('#') {
                    url.fragment = Some(String::new());
                    state = State::Fragment;
                } else if c.is_some() {
                    state = State::Path;
                    if c != Some('/') {
                        p -= 1;
                    }
                } else if over.is_some() && url.host.is_none() {
                    url.segments().push(String::new());
                }
            }
            State::Path => {
                let slash = c == Some('/') || special_slash(url, c);
                if c.is_none() || slash || (over.is_none() && matches!(c, Some('?' | '#'))) {
                    if special_slash(url, c) {
                        sink.report(K::InvalidReverseSolidus, here);
                    }
                    if double_dot(&buffer) {
                        url.shorten_path();
                        if !slash {
                            url.segments().push(String::new());
                        }
                    } else if single_dot(&buffer) && !slash {
                        url.segments().push(String::new());
                    } else if !single_dot(&buffer) {
                        let file = url.scheme == "file";
                        let path = url.segments();
                        if file && path.is_empty() && is_drive_letter(&buffer) {
                            buffer.replace_range(1..2, ":");
                        }
                        path.push(core::mem::take(&mut buffer));
                    }
                    buffer.clear();
                    if c == Some('?') {
                        url.query = Some(String::new());
                        state = State::Query;
                    }
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_unit(c, input.remaining(p), here, sink);
                    encode::push(&mut buffer, c, EncodeSet::PATH);
                }
            }
            State::OpaquePath => {
                let Path::Opaque(path) = &mut url.path else {
                    unreachable!("the opaque path state follows an opaque path")
                };
                match c {
                    Some('?') => {
                        url.query = Some(String::new());
                        state = State::Query;
                    }
                    Some('#') => {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                    Some(' ') => {
                        sink.report(K::InvalidUrlUnit, here);
                        if matches!(input.remaining(p).first(), Some('?' | '#')) {
                            path.push_str("%20");
                        } else {
                            path.push(' ');
                        }
                    }
                    Some(c) => {
                        check_unit(c, input.remaining(p), here, sink);
                        encode::push(path, c, EncodeSet::C0_CONTROL);
                    }
                    None => {}
                }
            }
            State::Query => {
                if (over.is_none() && c == Some('#')) || c.is_none() {
                    let set = if url.is_special() {
                        EncodeSet::SPECIAL_QUERY
                    } else {
                        EncodeSet::QUERY
                    };
                    let query = url.query.get_or_insert_with(String::new);
                    for cp in buffer.chars() {
                        encode::push(query, cp, set);
                    }
                    buffer.clear();
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                } else if let Some(c) = c {
                    check_unit(c, input.remaining(p), here, sink);
                    buffer.push(c);
                }
            }
            State::Fragment => {
                if let Some(c) = c {
                    check_unit(c, input.remaining(p), here, sink);
                    let fragment = url.fragment.get_or_insert_with(String::new);
                    encode::push(fragment, c, EncodeSet::FRAGMENT);
                }
            }
        }
        if input.is_eof(p) {
            break;
        }
        p += 1;
    }
    Ok(())
}

/// The `invalid-URL-unit` checks of the path, query and fragment states:
/// a code point that is not a URL code point, or a `%` that two hex
/// digits do not follow.
#[inline]
fn check_unit(c: char, rest: &[char], at: usize, sink: &mut Sink) {
    if c == '%' {
        if !two_hex(rest) {
            sink.report(K::InvalidUrlUnit, at);
        }
    } else if !is_url_code_point(c) {
        sink.report(K::InvalidUrlUnit, at);
    }
}
