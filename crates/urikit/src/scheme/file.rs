//! `file` URLs, RFC 1738 section 3.10: `file://<host>/<path>`, and the
//! conversion between them and local paths.

use super::{check, expect_scheme, server, span, Hosts, Rules, FPATH};
use crate::error::{Error, ErrorKind};
use crate::host::Host;
use crate::pct::PctStr;
use crate::UriRef;

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

/// A `file` URL (RFC 1738 section 3.10): a path on a given host. An empty
/// host and `localhost` both mean "the machine from which the URL is being
/// interpreted".
///
/// RFC 1738 requires the `//` (`fileurl = "file://" [ host | "localhost" ]
/// "/" fpath`), so `file:/etc/motd` is `missing-authority`, and a port is
/// `unexpected-port`.
///
/// ```
/// use urikit::scheme::File;
/// use urikit::UriRef;
///
/// let f = File::new(UriRef::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt")?)?;
/// assert_eq!(f.host().as_str(), "vms.host.edu");
/// assert_eq!(f.path(), "/disk$user/my/notes/note12345.txt");
/// assert!(!f.is_local());
///
/// let f = File::new(UriRef::parse("file:///home/me/caf%C3%A9.txt")?)?;
/// assert!(f.is_local());
/// assert_eq!(f.to_unix_path_bytes()?, "/home/me/café.txt".as_bytes());
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct File<'a> {
    uri: UriRef<'a>,
    host: Host<'a>,
    path: (usize, usize),
}

impl<'a> File<'a> {
    /// Reads `uri` as a file URL. The path's segments are `fsegment`s
    /// (section 5), so `;` must be encoded; `?` is an ordinary character,
    /// and the query that RFC 3986 splits off is part of the path.
    ///
    /// # Errors
    ///
    /// [`UnexpectedScheme`](crate::ErrorKind::UnexpectedScheme) for another scheme; otherwise
    /// the first part the scheme's syntax (RFC 1738 section 3) does not accept, its kind naming
    /// it ([`MissingAuthority`](crate::ErrorKind::MissingAuthority),
    /// [`UnexpectedUserinfo`](crate::ErrorKind::UnexpectedUserinfo),
    /// [`UnexpectedPort`](crate::ErrorKind::UnexpectedPort),
    /// [`InvalidHost`](crate::ErrorKind::InvalidHost)).
    ///
    /// ```
    /// use urikit::{scheme::File, ErrorKind, UriRef};
    /// let err = File::new(UriRef::parse("file:/etc/motd")?).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::MissingAuthority, 5));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn new(uri: UriRef<'a>) -> Result<File<'a>, Error> {
        expect_scheme(&uri, &["file"])?;
        let server = server(
            &uri,
            Rules {
                login: false,
                empty_host: true,
                empty_port: false,
                port: None,
                hosts: Hosts::Classic,
            },
        )?;
        let m = uri.meta();
        let (start, end) = (m.path_start(), m.query_end);
        if m.path_end == start {
            return Err(Error::new(ErrorKind::InvalidPath, start));
        }
        check(
            uri.as_str().as_bytes(),
            start + 1,
            end,
            &FPATH,
            ErrorKind::InvalidChar,
        )?;
        Ok(File {
            uri,
            host: server.host,
            path: (start, end),
        })
    }

    /// The URI this view reads.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("file:///").unwrap();
    /// assert_eq!(urikit::scheme::File::new(uri).unwrap().uri(), uri);
    /// ```
    pub fn uri(&self) -> UriRef<'a> {
        self.uri
    }

    /// The host, possibly empty.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("file://localhost/x").unwrap();
    /// assert_eq!(urikit::scheme::File::new(uri).unwrap().host().as_str(), "localhost");
    /// ```
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// Whether the host is this machine: empty or `localhost` (in any case).
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("file://LocalHost/x").unwrap();
    /// assert!(urikit::scheme::File::new(uri).unwrap().is_local());
    /// ```
    pub fn is_local(&self) -> bool {
        let h = self.host.as_str();
        h.is_empty() || h.eq_ignore_ascii_case("localhost")
    }

    /// The path, as written, with its leading `/`.
    ///
    /// ```
    /// let uri = urikit::UriRef::parse("file:///a/b?c").unwrap();
    /// assert_eq!(urikit::scheme::File::new(uri).unwrap().path(), "/a/b?c");
    /// ```
    pub fn path(&self) -> PctStr<'a> {
        span(&self.uri, self.path)
    }

    /// The local Unix path: the decoded path. Fails with `remote-file` when
    /// the host is not this machine, and `unrepresentable-path` when a
    /// segment decodes to a `/` or a NUL, which no file name can hold.
    ///
    /// # Errors
    ///
    /// [`RemoteFile`](crate::ErrorKind::RemoteFile) when the host names another machine (not
    /// empty, not `localhost`); [`UnrepresentablePath`](crate::ErrorKind::UnrepresentablePath)
    /// when a decoded segment holds NUL or a `/` (written `%2F`).
    ///
    /// ```
    /// use urikit::{scheme::File, ErrorKind, UriRef};
    /// let f = File::new(UriRef::parse("file:///a%2Fb")?)?;
    /// let err = f.to_unix_path_bytes().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::UnrepresentablePath, 9));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_unix_path_bytes(&self) -> Result<Vec<u8>, Error> {
        if !self.is_local() {
            return Err(self.remote());
        }
        let mut out = Vec::with_capacity(self.path.1 - self.path.0);
        for (i, seg) in self.segments() {
            if i > 0 {
                out.push(b'/');
            }
            self.check_segment(seg, b"/\0")?;
            out.extend_from_slice(&seg.decode());
        }
        Ok(out)
    }

    /// The local Windows path: `file:///C:/dir/f.txt` is `C:\dir\f.txt`,
    /// and `file://server/share/f.txt` the UNC path `\\server\share\f.txt`
    /// (a path without a drive letter is rooted on the current drive).
    ///
    /// # Errors
    ///
    /// [`UnrepresentablePath`](crate::ErrorKind::UnrepresentablePath) when a segment decodes to
    /// `\`, `/` or NUL; [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8) when the decoded path
    /// is not UTF-8; each at its byte in the reference.
    ///
    /// ```
    /// use urikit::{scheme::File, UriRef};
    /// let f = File::new(UriRef::parse("file:///C:/Program%20Files/x.txt")?)?;
    /// assert_eq!(f.to_windows_path()?, r"C:\Program Files\x.txt");
    /// let f = File::new(UriRef::parse("file://server/share/x.txt")?)?;
    /// assert_eq!(f.to_windows_path()?, r"\\server\share\x.txt");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_windows_path(&self) -> Result<String, Error> {
        let mut out = String::with_capacity(self.path.1 - self.path.0);
        if !self.is_local() {
            out.push_str("\\\\");
            out.push_str(self.host.as_str());
        }
        for (i, seg) in self.segments() {
            self.check_segment(seg, b"/\\\0")?;
            let text = seg
                .decode_utf8()
                .map_err(|e| Error::new(e.kind(), self.offset_of(seg) + e.offset()))?;
            let is_drive = i == 1 && self.is_local() && is_drive(text.as_bytes());
            if i > 1 || (i == 1 && !is_drive) {
                out.push('\\');
            }
            out.push_str(&text);
            if is_drive && self.segments().nth(2).is_none() {
                out.push('\\');
            }
        }
        Ok(out)
    }

    /// The local path, for the platform the program runs on
    /// ([`to_windows_path`](Self::to_windows_path) on Windows,
    /// [`to_unix_path_bytes`](Self::to_unix_path_bytes) elsewhere).
    ///
    /// # Errors
    ///
    /// Those of [`to_unix_path_bytes`](Self::to_unix_path_bytes) on Unix and
    /// [`to_windows_path`](Self::to_windows_path) on Windows.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let f = urikit::scheme::File::new(urikit::UriRef::parse("file://localhost/tmp/x").unwrap()).unwrap();
    /// assert_eq!(f.to_path().unwrap(), std::path::Path::new("/tmp/x"));
    /// # }
    /// ```
    #[cfg(feature = "std")]
    pub fn to_path(&self) -> Result<std::path::PathBuf, Error> {
        #[cfg(windows)]
        return self.to_windows_path().map(std::path::PathBuf::from);
        #[cfg(unix)]
        return self.to_unix_path_bytes().map(|b| {
            std::path::PathBuf::from(
                <std::ffi::OsString as std::os::unix::ffi::OsStringExt>::from_vec(b),
            )
        });
        #[cfg(not(any(unix, windows)))]
        return self.to_unix_path_bytes().and_then(|b| {
            String::from_utf8(b)
                .map(std::path::PathBuf::from)
                .map_err(|e| Error::new(ErrorKind::InvalidUtf8, e.utf8_error().valid_up_to()))
        });
    }

    #[cfg(feature = "alloc")]
    /// The path's segments, numbered from 0 (the empty one before the
    /// leading `/`).
    fn segments(&self) -> impl Iterator<Item = (usize, PctStr<'a>)> {
        self.path()
            .as_str()
            .split('/')
            .map(PctStr::new_unchecked)
            .enumerate()
    }

    #[cfg(feature = "alloc")]
    fn offset_of(&self, seg: PctStr<'_>) -> usize {
        self.uri.offset_of(seg.as_str()).unwrap_or(0)
    }

    #[cfg(feature = "alloc")]
    /// Fails when `seg` holds an encoded byte of `forbidden`.
    fn check_segment(&self, seg: PctStr<'_>, forbidden: &[u8]) -> Result<(), Error> {
        let hit = forbidden
            .iter()
            .filter_map(|&c| super::find_encoded(seg.as_str(), c))
            .min();
        match hit {
            Some(at) => Err(Error::new(
                ErrorKind::UnrepresentablePath,
                self.offset_of(seg) + at,
            )),
            None => Ok(()),
        }
    }

    #[cfg(feature = "alloc")]
    fn remote(&self) -> Error {
        Error::new(
            ErrorKind::RemoteFile,
            self.uri
                .meta()
                .auth
                .map_or(0, |_| self.uri.meta().auth_start()),
        )
    }
}

#[cfg(feature = "alloc")]
/// `X:` where X is a letter: a Windows drive.
fn is_drive(s: &[u8]) -> bool {
    matches!(s, [l, b':'] if l.is_ascii_alphabetic())
}

/// Appends `bytes` to `out`, percent-encoding every byte that is not an
/// `fsegment` character (RFC 1738 section 5) other than `?` (which RFC 3986
/// would read as the start of a query).
#[cfg(feature = "alloc")]
fn push_segment(out: &mut String, bytes: &[u8]) {
    const KEEP: crate::grammar::Table = crate::grammar::rfc3986::ALPHA
        .or(crate::grammar::rfc3986::DIGIT)
        .or(crate::grammar::Table::new(b"$-_.+!*'(),~:@&="));
    for &b in bytes {
        if KEEP.allows(b) {
            out.push(char::from(b));
        } else {
            crate::pct::push_escape(out, b);
        }
    }
}

/// The `file` URI of an absolute Unix path. Bytes that are not allowed in a
/// path segment are percent-encoded (`%20` for a space, `%3F` for `?`,
/// `%FF` for a byte that is not UTF-8). A path that does not begin with `/`
/// is `relative-path`; a NUL byte is `unrepresentable-path`.
///
/// # Errors
///
/// [`RelativePath`](crate::ErrorKind::RelativePath) when `path` does not begin with `/`, at
/// 0; [`UnrepresentablePath`](crate::ErrorKind::UnrepresentablePath) at a NUL byte.
///
/// ```
/// use urikit::scheme::from_unix_path;
/// use urikit::ErrorKind;
///
/// assert_eq!(from_unix_path(b"/tmp/a b;c?.txt")?.as_str(), "file:///tmp/a%20b%3Bc%3F.txt");
/// assert_eq!(from_unix_path(b"tmp/x").unwrap_err().kind(), ErrorKind::RelativePath);
/// # Ok::<(), urikit::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub fn from_unix_path(path: &[u8]) -> Result<crate::UriRefBuf, Error> {
    if path.first() != Some(&b'/') {
        return Err(Error::new(ErrorKind::RelativePath, 0));
    }
    if let Some(p) = path.iter().position(|&b| b == 0) {
        return Err(Error::new(ErrorKind::UnrepresentablePath, p));
    }
    let mut out = String::with_capacity(path.len() + 7);
    out.push_str("file://");
    for (i, seg) in path.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        push_segment(&mut out, seg);
    }
    crate::UriRefBuf::parse(out)
}

/// The `file` URI of an absolute Windows path: a drive path (`C:\dir\f`,
/// with `\` or `/`) becomes `file:///C:/dir/f`, and a UNC path
/// (`\\server\share\f`) `file://server/share/f`, except that a share of
/// `localhost` (which RFC 1738 reads as this machine's local path) keeps
/// the UNC form in the path: `file:////localhost/share/f` (RFC 8089
/// Appendix E.3.2). Other paths, which depend
/// on a current drive or directory (`\\dir`, `dir\\f`, and `C:` or `C:f`,
/// which name the current directory of drive C), are `relative-path`.
///
/// # Errors
///
/// [`RelativePath`](crate::ErrorKind::RelativePath) for a path that depends on a current
/// drive or directory (`C:`, `C:x`, `\x`, `x`); [`InvalidPath`](crate::ErrorKind::InvalidPath)
/// for a server without a share (`\\srv`), at its end;
/// [`MissingHost`](crate::ErrorKind::MissingHost) for an empty server name, at 2;
/// [`UnrepresentablePath`](crate::ErrorKind::UnrepresentablePath) at a NUL character.
///
/// ```
/// use urikit::scheme::from_windows_path;
///
/// assert_eq!(from_windows_path(r"C:\Users\Me\My File.txt")?.as_str(), "file:///C:/Users/Me/My%20File.txt");
/// assert_eq!(from_windows_path(r"\\srv\share\x")?.as_str(), "file://srv/share/x");
/// assert!(from_windows_path(r"C:relative").is_err());
/// # Ok::<(), urikit::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub fn from_windows_path(path: &str) -> Result<crate::UriRefBuf, Error> {
    let sep = |c: char| c == '\\' || c == '/';
    let b = path.as_bytes();
    if let Some(p) = b.iter().position(|&c| c == 0) {
        return Err(Error::new(ErrorKind::UnrepresentablePath, p));
    }
    let mut out = String::with_capacity(path.len() + 8);
    out.push_str("file://");
    // The path after the server (UNC) or the drive, after its first
    // separator.
    let rest = if let Some(unc) = path.strip_prefix("\\\\") {
        // RFC 1738's `fileurl` needs a "/" after the host: a bare
        // `\\server`, which names no share, has no file URL.
        let Some((server, rest)) = unc.split_once(sep) else {
            return Err(Error::new(ErrorKind::InvalidPath, path.len()));
        };
        if server.is_empty() {
            return Err(Error::new(ErrorKind::MissingHost, 2));
        }
        if server.eq_ignore_ascii_case("localhost") {
            // `file://localhost/share` is the local path `\share` (RFC 1738
            // section 3.10), not the share: the UNC path goes into the path,
            // as RFC 8089 Appendix E.3.2 writes it (`file:////localhost/share`).
            out.push_str("//");
            out.push_str(server);
        } else {
            out.push_str(server);
        }
        rest
    } else if b.len() >= 3 && is_drive(&b[..2]) && sep(char::from(b[2])) {
        out.push('/');
        out.push_str(&path[..2]);
        &path[3..]
    } else {
        // `C:` alone or `C:x` is relative to the current directory of the
        // drive; `\x` and `x` to the current drive or directory.
        let at = if b.len() >= 2 && is_drive(&b[..2]) {
            2
        } else {
            0
        };
        return Err(Error::new(ErrorKind::RelativePath, at));
    };
    for seg in rest.split(sep) {
        out.push('/');
        push_segment(&mut out, seg.as_bytes());
    }
    let uri = crate::UriRefBuf::parse(out)?;
    File::new(uri.as_uri_ref())?;
    Ok(uri)
}

/// The `file` URI of an absolute local path, for the platform the program
/// runs on ([`from_windows_path`] on Windows, [`from_unix_path`]
/// elsewhere).
///
/// # Errors
///
/// Those of [`from_unix_path`] or [`from_windows_path`], by platform;
/// [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8), at 0, for a path that is not Unicode
/// where the platform's paths are not bytes.
///
/// ```
/// # #[cfg(unix)] {
/// let uri = urikit::scheme::from_path(std::path::Path::new("/tmp/x y")).unwrap();
/// assert_eq!(uri.as_str(), "file:///tmp/x%20y");
/// # }
/// ```
#[cfg(feature = "std")]
pub fn from_path(path: &std::path::Path) -> Result<crate::UriRefBuf, Error> {
    #[cfg(windows)]
    return match path.to_str() {
        Some(s) => from_windows_path(s),
        None => Err(Error::new(ErrorKind::InvalidUtf8, 0)),
    };
    #[cfg(unix)]
    return from_unix_path(std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()));
    #[cfg(not(any(unix, windows)))]
    return match path.to_str() {
        Some(s) => from_unix_path(s.as_bytes()),
        None => Err(Error::new(ErrorKind::InvalidUtf8, 0)),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(s: &str) -> Result<File<'_>, Error> {
        File::new(UriRef::parse(s).unwrap())
    }

    #[test]
    fn fileurl_of_section_5() {
        for (s, offset, kind) in [
            ("file://h", 8, ErrorKind::InvalidPath),
            ("file://h:80/x", 8, ErrorKind::UnexpectedPort),
            ("file://u@h/x", 7, ErrorKind::UnexpectedUserinfo),
            ("file:///a;b", 9, ErrorKind::InvalidChar),
            ("file://h_1/", 8, ErrorKind::InvalidHost),
        ] {
            let e = file(s).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (kind, offset), "{s}");
        }
        let e = file("file://other/x")
            .unwrap()
            .to_unix_path_bytes()
            .unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::RemoteFile, 7));
        let e = file("file:///a%00")
            .unwrap()
            .to_unix_path_bytes()
            .unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::UnrepresentablePath, 9));
    }

    #[test]
    fn windows_paths() {
        let win = |s: &str| file(s).unwrap().to_windows_path();
        assert_eq!(win("file:///C:").unwrap(), "C:\\");
        assert_eq!(win("file:///c:/").unwrap(), "c:\\");
        assert_eq!(win("file:///dir/f").unwrap(), "\\dir\\f");
        let e = win("file:///C:/a%5Cb").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::UnrepresentablePath, 12));
        let e = win("file:///C:/a%FF").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 12));
        assert_eq!(from_windows_path("C:/").unwrap().as_str(), "file:///C:/");
        // A bare drive is the current directory of that drive, not its
        // root (the fault hunt found `C:` made `file:///C:/`).
        let e = from_windows_path("C:").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::RelativePath, 2));
        // Paths round-trip; a server without a share has no file URL
        // (`fileurl` needs a "/" after the host), where it came back as
        // `\\srv\`.
        for p in [
            r"\\srv\",
            r"\\srv\share\x",
            r"C:\",
            r"C:\a\b\",
            r"\\localhost\f",
            r"\\LocalHost\s\x",
        ] {
            let uri = from_windows_path(p).unwrap();
            assert_eq!(
                File::new(uri.as_uri_ref())
                    .unwrap()
                    .to_windows_path()
                    .unwrap(),
                p,
                "{uri}"
            );
        }
        let e = from_windows_path(r"\\srv").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidPath, 5));
        assert_eq!(
            from_windows_path(r"D:\a\").unwrap().as_str(),
            "file:///D:/a/"
        );
        assert_eq!(
            from_windows_path(r"\dir").unwrap_err().kind(),
            ErrorKind::RelativePath
        );
        assert_eq!(
            from_windows_path(r"\\\x").unwrap_err().kind(),
            ErrorKind::MissingHost
        );
        assert_eq!(
            from_windows_path(r"\\bad_host\x").unwrap_err().kind(),
            ErrorKind::InvalidHost
        );
    }
}
