//! Google Safe Browsing's URL canonicalization, its host-suffix and
//! path-prefix lookup expressions, and their SHA-256 hashes (the "URLs and
//! Hashing" page of the Safe Browsing API, v4), with the answers of
//! Google's own Go client (`github.com/google/safebrowsing`, `urls.go`)
//! wherever the page leaves a choice open.
//!
//! ```
//! use urikit::safebrowsing::Url;
//!
//! let url = Url::parse("http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/").unwrap();
//! assert_eq!(url.to_string(), "http://168.188.99.26/.secure/");
//!
//! let url = Url::parse("http://a.b.c/1/2.html?param=1/2").unwrap();
//! assert_eq!(
//!     url.expressions(),
//!     [
//!         "a.b.c/", "a.b.c/1/", "a.b.c/1/2.html", "a.b.c/1/2.html?param=1/2",
//!         "b.c/", "b.c/1/", "b.c/1/2.html", "b.c/1/2.html?param=1/2",
//!     ]
//! );
//! ```
//!
//! The steps, in the client's order:
//!
//! 1. The fragment is cut at the first `#`, white space (Unicode's, as Go's
//!    `strings.TrimSpace` has it) trimmed from both ends, and every tab,
//!    CR and LF removed.
//! 2. The whole text is percent-decoded until nothing decodes (at most
//!    1,024 rounds, as the client stops: deeper nesting is
//!    [`ErrorKind::EscapeTooDeep`]) and escaped once: bytes below 0x20,
//!    from 0x7F, space, `#` and `%` as `%xx` in lower-case hex.
//! 3. A scheme is what precedes the first `:` if it is made of letters,
//!    digits, `+`, `-` and `.` and begins with a letter; without one the
//!    text is read as `http` and a host, and with one it must go on with
//!    `//` ([`ErrorKind::MissingAuthority`]). The query is what follows the
//!    first `?`; the host what precedes the next `/`, and it may not be
//!    empty ([`ErrorKind::MissingHost`]).
//! 4. The host loses its user information and a `:` and digits at its
//!    end. A host with a byte above 0x80 once decoded is converted to
//!    punycode label by label (Go's `idna.ToASCII`, which checks nothing
//!    else: an `xn--` label that does not decode is
//!    [`ErrorKind::InvalidIdna`]); runs of dots become one, dots at the
//!    ends go, and an IPv4 address in any of the resolver's forms (octal,
//!    hex, fewer than four parts, a trailing space and text in a dotted
//!    quad of at most 15 characters) becomes four decimal numbers; any
//!    other host is lower-cased.
//! 5. The path is cleaned as Go's `path.Clean` cleans it (`.` and `..`
//!    resolved, runs of `/` made one), keeping a final `/`.
//!
//! Two readings of the page are the client's rather than the page's own
//! examples: an IPv6 literal is kept as written, lower-cased (the newer
//! page asks for RFC 5952's form), and the lookup expressions take up to
//! six suffixes of the host besides the host itself (the page says four).
//!
//! May use: `error`, `bytes`, `grammar`, `pct`, `parse`, `arch`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::error::{Error, ErrorKind};
use crate::grammar::rfc3986::hex_val;
use crate::parse::ip::{ipv4_exact, ipv6_text};
use crate::pct::unescape_repeatedly_tagged;

mod ipv4;
mod punycode;
mod space;

/// The rounds of decoding after which the client gives up.
const MAX_ROUNDS: u16 = 1024;

/// A URL canonicalized as Safe Browsing canonicalizes it.
///
/// It is held as its canonical text with the places where its parts
/// begin, so that every lookup expression is a piece of that text: a
/// suffix of the host runs on into a prefix of the path (and the query),
/// and none is made to be hashed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Url {
    /// The canonical URL: the scheme, `://`, the host, the path, and `?`
    /// and the query where there is one.
    text: String,
    /// Where the host begins (after `://`).
    host: usize,
    /// Where the path begins (it begins with `/`).
    path: usize,
    /// Where the path ends: at the `?` or at the end.
    end: usize,
}

/// The host suffixes looked up, at most: the host and six suffixes.
const MAX_HOSTS: usize = 7;

/// The path prefixes looked up, at most: `/`, three directories, the path
/// and the path with its query.
const MAX_PATHS: usize = 6;

/// Where a URL's lookup expressions lie in its text: the host suffixes'
/// starts and the path prefixes' ends ([`Url::host_starts`],
/// [`Url::path_ends`]), the expressions their pairs, hosts first.
#[derive(Clone, Copy, Debug)]
struct Lookups {
    starts: [usize; MAX_HOSTS],
    hosts: usize,
    ends: [usize; MAX_PATHS],
    paths: usize,
}

impl Lookups {
    /// No expression: the places of no URL, or of one whose expressions
    /// were not asked for.
    const NONE: Lookups = Lookups {
        starts: [0; MAX_HOSTS],
        hosts: 0,
        ends: [0; MAX_PATHS],
        paths: 0,
    };

    /// The index in its URL's expressions of the one from `start` to
    /// `end`, if it is one of them.
    #[inline(always)]
    fn index(&self, start: usize, end: usize) -> Option<usize> {
        let host = self.starts[..self.hosts].iter().position(|&s| s == start)?;
        let path = self.ends[..self.paths].iter().position(|&e| e == end)?;
        Some(host * self.paths + path)
    }
}

impl Url {
    /// Canonicalizes `url`.
    ///
    /// ```
    /// use urikit::safebrowsing::Url;
    ///
    /// let url = Url::parse("http://www.GOOgle.com.../foo/../bar/?q#frag").unwrap();
    /// assert_eq!(url.host(), "www.google.com");
    /// assert_eq!(url.path(), "/bar/");
    /// assert_eq!(url.query(), Some("q"));
    /// ```
    ///
    /// # Errors
    ///
    /// See the [module](self)'s steps; the offset is the input's byte where
    /// the text that fails begins.
    pub fn parse(url: &str) -> Result<Url, Error> {
        Url::parse_bytes(url.as_bytes())
    }

    /// [`Url::parse`] of bytes that need not be UTF-8, as the client reads
    /// them (a lone `\x80` is escaped as `%80`).
    ///
    /// ```
    /// use urikit::safebrowsing::Url;
    ///
    /// let url = Url::parse_bytes(b"http://\x01\x80.com/").unwrap();
    /// assert_eq!(url.to_string(), "http://%01%80.com/");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    pub fn parse_bytes(url: &[u8]) -> Result<Url, Error> {
        let mut read = Url::EMPTY;
        read.read(url, &mut String::new())?;
        Ok(read)
    }

    /// No URL: the state of a [`Reader`] before its first read and after
    /// a refusal, which it never gives out.
    const EMPTY: Url = Url {
        text: String::new(),
        host: 0,
        path: 0,
        end: 0,
    };

    /// [`Url::parse_bytes`] of `url` written into `self`, whose text's
    /// room is reused, with `work` for the steps that decode; `self` is
    /// [`Url::EMPTY`] after an error.
    fn read(&mut self, url: &[u8], work: &mut String) -> Result<(), Error> {
        let mut text = core::mem::take(&mut self.text);
        let places = match plain(url, &mut text) {
            Some(places) => Ok(places),
            None => match normalize(url, work) {
                Some(normal) => read(normal, &mut text),
                None => Err((ErrorKind::EscapeTooDeep, usize::MAX)),
            },
        };
        match places {
            Ok((host, path, end)) => {
                *self = Url {
                    text,
                    host,
                    path,
                    end,
                };
                Ok(())
            }
            Err((kind, at)) => {
                text.clear();
                *self = Url { text, ..Url::EMPTY };
                Err(Error::new(kind, origin(url, kind, at)))
            }
        }
    }

    /// The canonical URL with its query (`?` and the query where the URL
    /// has one, even empty), as the page's examples write it; the same
    /// text as `Display`.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://www.google.com/q?").unwrap();
    /// assert_eq!(url.as_str(), "http://www.google.com/q?");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The scheme, as written (`http` where there was none).
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("www.google.com").unwrap().scheme(), "http");
    /// ```
    pub fn scheme(&self) -> &str {
        &self.text[..self.host - 3]
    }

    /// The canonical host.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://3279880203/").unwrap().host(), "195.127.0.11");
    /// ```
    pub fn host(&self) -> &str {
        &self.text[self.host..self.path]
    }

    /// The canonical path; `/` at least.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://a.com//a//b///c").unwrap().path(), "/a/b/c");
    /// ```
    pub fn path(&self) -> &str {
        &self.text[self.path..self.end]
    }

    /// The query after the first `?`, escaped as the rest; `Some("")` where
    /// the URL ends in `?`.
    ///
    /// ```
    /// assert_eq!(urikit::safebrowsing::Url::parse("http://a.com/q?r?s").unwrap().query(), Some("r?s"));
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.text.get(self.end + 1..)
    }

    /// The canonical URL without its query, as the Go client's
    /// `canonicalURL` writes it.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://evil.com/foo?bar;").unwrap();
    /// assert_eq!(url.without_query(), "http://evil.com/foo");
    /// ```
    pub fn without_query(&self) -> String {
        String::from(&self.text[..self.end])
    }

    /// The host suffixes looked up: the host, then up to six of its
    /// suffixes of two labels and more, longest first; an IP address
    /// alone.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.b.c.com/").unwrap();
    /// assert_eq!(url.hosts(), ["a.b.c.com", "b.c.com", "c.com"]);
    /// ```
    pub fn hosts(&self) -> Vec<&str> {
        let (starts, n) = self.host_starts();
        starts[..n]
            .iter()
            .map(|&s| &self.text[s..self.path])
            .collect()
    }

    /// Where each host of [`Url::hosts`] begins in the text, and how many
    /// there are.
    fn host_starts(&self) -> ([usize; MAX_HOSTS], usize) {
        let mut starts = [self.host; MAX_HOSTS];
        let host = self.host().as_bytes();
        // A host of up to 64 bytes (all but a few) has its dots and colons
        // found in one pass, sixteen or 32 bytes to a compare, where a loop
        // a byte took 290 instructions a dataset line.
        let marks = (host.len() <= crate::arch::MARKS_MAX)
            .then(|| crate::arch::byte_marks(host, [b'.', b':']));
        // The host without brackets at its ends (a host is ASCII: no
        // character to decode where neither end is one).
        let bracket = |c: Option<&u8>| matches!(c, Some(b'[' | b']'));
        let bare = match bracket(host.first()) || bracket(host.last()) {
            true => self.host().trim_matches(['[', ']']),
            false => self.host(),
        };
        // A dotted quad ends in a digit: no other host is read as one.
        let quad = bare.as_bytes().last().is_some_and(u8::is_ascii_digit);
        let colon = match marks {
            Some([_, colons]) => colons != 0,
            None => host.contains(&b':'),
        };
        if quad && ipv4_exact(bare.as_bytes()).is_some() || colon && ipv6_text(bare).is_some() {
            return (starts, 1);
        }
        // The suffixes follow the dots but the last (the last label alone
        // is not looked up), the last six of them.
        let Some([mut dots, _]) = marks else {
            return self.long_host_starts(starts);
        };
        // The last dot's bit cleared, then the six highest kept, taken
        // from the top (no `count_ones`, which the baseline x86-64 has no
        // instruction for).
        let top = |m: u64| (1u64 << 63).checked_shr(m.leading_zeros()).unwrap_or(0);
        dots &= !top(dots);
        let mut kept = 0;
        for _ in 1..MAX_HOSTS {
            if dots == 0 {
                break;
            }
            let t = top(dots);
            kept |= t;
            dots ^= t;
        }
        let mut dots = kept;
        let mut n = 1;
        while dots != 0 {
            starts[n] = self.host + dots.trailing_zeros() as usize + 1;
            n += 1;
            dots &= dots - 1;
        }
        (starts, n)
    }

    /// [`Url::host_starts`] of a host longer than 64 bytes, not an
    /// address: its dots found from the right a byte at a time.
    #[cold]
    fn long_host_starts(&self, mut starts: [usize; MAX_HOSTS]) -> ([usize; MAX_HOSTS], usize) {
        let host = self.host().as_bytes();
        let mut dots = [0; MAX_HOSTS - 1];
        let mut k = 0;
        let mut last = true;
        for (d, &c) in host.iter().enumerate().rev() {
            if c != b'.' {
                continue;
            }
            if !core::mem::take(&mut last) {
                dots[k] = d;
                k += 1;
                if k == dots.len() {
                    break;
                }
            }
        }
        for (to, &d) in starts[1..].iter_mut().zip(dots[..k].iter().rev()) {
            *to = self.host + d + 1;
        }
        (starts, k + 1)
    }

    /// The path prefixes looked up: `/`, up to three directories, the path,
    /// and the path with its query when the query is not empty.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.com/a/b/c/d/e.html?123").unwrap();
    /// assert_eq!(
    ///     url.paths(),
    ///     ["/", "/a/", "/a/b/", "/a/b/c/", "/a/b/c/d/e.html", "/a/b/c/d/e.html?123"]
    /// );
    /// ```
    pub fn paths(&self) -> Vec<String> {
        let (ends, n) = self.path_ends();
        ends[..n]
            .iter()
            .map(|&e| String::from(&self.text[self.path..e]))
            .collect()
    }

    /// Where each path of [`Url::paths`] ends in the text, and how many
    /// there are: the canonical path has no empty segment (`path.Clean`),
    /// so that each directory looked up is the path up to one of its `/`,
    /// and the path with its query runs to the end of the text.
    fn path_ends(&self) -> ([usize; MAX_PATHS], usize) {
        /// The components of the longest prefix but the path itself.
        const MAX_COMPONENTS: usize = 4;
        let path = self.path();
        let mut ends = [self.path + 1; MAX_PATHS];
        let mut n = 1;
        // The places of the first `/`s, up to one past the most that
        // matter (a loop that stops there, not a count of them all).
        let mut slashes = [0; MAX_COMPONENTS + 2];
        let mut k = 0;
        // The first 64 bytes' `/`s from their mask (a loop a byte took 235
        // instructions a dataset line), any after them a byte at a time.
        let b = path.as_bytes();
        let head = &b[..b.len().min(crate::arch::MARKS_MAX)];
        let [mut marks] = crate::arch::byte_marks(head, [b'/']);
        while marks != 0 && k < slashes.len() {
            slashes[k] = marks.trailing_zeros() as usize;
            k += 1;
            marks &= marks - 1;
        }
        for (i, &c) in b.iter().enumerate().skip(head.len()) {
            if k == slashes.len() {
                break;
            }
            if c == b'/' {
                slashes[k] = i;
                k += 1;
            }
        }
        // Every `/` begins a segment but a final one; where the loop
        // stopped early there are more segments than matter.
        let components = match k == slashes.len() {
            true => MAX_COMPONENTS + 1,
            false => k - usize::from(path.ends_with('/')),
        };
        // The directory of i components ends at the path's (i + 1)-th `/`.
        let dirs = components.min(MAX_COMPONENTS).saturating_sub(1);
        for &i in &slashes[1..=dirs] {
            ends[n] = self.path + i + 1;
            n += 1;
        }
        if path != "/" {
            ends[n] = self.end;
            n += 1;
        }
        if self.text.len() > self.end + 1 {
            ends[n] = self.text.len();
            n += 1;
        }
        (ends, n)
    }

    /// Calls `f` with each lookup expression of [`Url::expressions`], in
    /// their order, with no string made for it (each is a piece of the
    /// canonical text).
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.b.c/1").unwrap();
    /// let mut hashes = Vec::new();
    /// url.for_each_expression(|e| hashes.push(urikit::safebrowsing::hash(e)));
    /// assert_eq!(hashes, url.hashes());
    /// ```
    pub fn for_each_expression(&self, mut f: impl FnMut(&str)) {
        let p = self.lookups();
        for &s in &p.starts[..p.hosts] {
            for &e in &p.ends[..p.paths] {
                f(&self.text[s..e]);
            }
        }
    }

    /// Where the lookup expressions lie.
    #[inline(always)]
    fn lookups(&self) -> Lookups {
        let (starts, hosts) = self.host_starts();
        let (ends, paths) = self.path_ends();
        Lookups {
            starts,
            hosts,
            ends,
            paths,
        }
    }

    /// The lookup expressions: every host of [`Url::hosts`] with every path
    /// of [`Url::paths`], in that order.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://a.b/?").unwrap();
    /// assert_eq!(url.expressions(), ["a.b/"]);
    /// ```
    pub fn expressions(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(MAX_HOSTS);
        self.for_each_expression(|e| out.push(String::from(e)));
        out
    }

    /// The SHA-256 hash of each of [`Url::expressions`]; a hash prefix is
    /// its first bytes (four, usually). The expressions are hashed
    /// together by a [`Hasher`]: four side by side where the processor has
    /// the SHA extensions, sixteen at once (for seven or more) where it has
    /// AVX-512 alone.
    ///
    /// ```
    /// let url = urikit::safebrowsing::Url::parse("http://b/").unwrap();
    /// let h = url.hashes();
    /// assert_eq!(h.len(), 1);
    /// assert_eq!(h[0][..4], [0xa9, 0xee, 0xd1, 0xa7]);
    /// ```
    pub fn hashes(&self) -> Vec<[u8; 32]> {
        let mut out = Vec::with_capacity(MAX_HOSTS * MAX_PATHS);
        let mut hasher = Hasher::new();
        self.for_each_expression(|e| {
            let at = out.len();
            out.push([0; 32]);
            hasher.push(e, at, |at, h| out[at] = h);
        });
        hasher.finish(|at, h| out[at] = h);
        out
    }
}

/// Reads URLs one after another into the same room, as a column's rows
/// are read: [`Url::parse_bytes`]'s answers, with no allocation a URL once
/// the room is as long as the longest (`Url::parse_bytes` makes a text
/// for each). It keeps the URL read before the last, so that
/// [`Reader::for_each_expression`] can say which expressions the two
/// share.
///
/// ```
/// use urikit::safebrowsing::{Reader, Url};
/// let mut reader = Reader::new();
/// for line in ["http://a.b.c/1/2.html?x=1", "HTTP://WWW.Example.COM", "http://[bad/"] {
///     let read = reader.read(line.as_bytes()).map(|u| u.expressions());
///     assert_eq!(read, Url::parse(line).map(|u| u.expressions()));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Reader {
    /// The last URL read, at `last`, and the one read before it (each
    /// read takes the other's place, and its text's room); [`Url::EMPTY`]
    /// before a first read and after a refusal, never given out.
    urls: [Url; 2],
    /// Where each one's expressions lie, once
    /// [`Reader::for_each_expression`] has given them; [`Lookups::NONE`]
    /// before.
    lookups: [Lookups; 2],
    /// Which of `urls` was read last: 0 or 1.
    last: usize,
    /// The room of the steps that decode.
    work: String,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            urls: [Url::EMPTY, Url::EMPTY],
            lookups: [Lookups::NONE; 2],
            last: 0,
            work: String::new(),
        }
    }
}

impl Reader {
    /// A reader with no room yet.
    ///
    /// ```
    /// let mut reader = urikit::safebrowsing::Reader::new();
    /// assert_eq!(reader.read(b"http://b/").unwrap().host(), "b");
    /// ```
    pub fn new() -> Reader {
        Reader::default()
    }

    /// The URL the client reads in `url`, as [`Url::parse_bytes`] reads
    /// it, held until the next read.
    ///
    /// ```
    /// let mut reader = urikit::safebrowsing::Reader::new();
    /// assert_eq!(reader.read(b"http://a.com/b/../c").unwrap().path(), "/c");
    /// assert_eq!(reader.read(b"http:///").unwrap_err().code(), "missing-host");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::parse_bytes`].
    pub fn read(&mut self, url: &[u8]) -> Result<&Url, Error> {
        // The URL before kept, and the room of the one before it taken.
        let last = (self.last + 1) % 2;
        self.last = last;
        self.lookups[last].hosts = 0;
        self.urls[last].read(url, &mut self.work)?;
        Ok(&self.urls[last])
    }

    /// Calls `f` with each lookup expression of the URL last read, as
    /// [`Url::for_each_expression`] gives them, and with the index of the
    /// same expression among those of the URL read just before it, where
    /// it is one of them: its hash is that one's. A column grouped by host,
    /// as crawls and their indexes are, repeats most of a host's
    /// expressions from row to row (about a third of the datasets'), and a
    /// hash found again costs no SHA-256.
    ///
    /// An expression is found so where the two canonical URLs are the
    /// same text up to its end, and it begins and ends at the same places
    /// in both; the URL before counts where it was accepted and its
    /// expressions were given by this method. Nothing is given after a
    /// refusal.
    ///
    /// ```
    /// let mut reader = urikit::safebrowsing::Reader::new();
    /// let mut before = Vec::new();
    /// reader.read(b"http://a.b.c/1/2.html").unwrap();
    /// reader.for_each_expression(|e, _| before.push(e.to_owned()));
    /// assert_eq!(before, ["a.b.c/", "a.b.c/1/", "a.b.c/1/2.html", "b.c/", "b.c/1/", "b.c/1/2.html"]);
    /// reader.read(b"http://a.b.c/1/3.html").unwrap();
    /// let mut found = Vec::new();
    /// reader.for_each_expression(|e, same| found.push((e.to_owned(), same)));
    /// assert_eq!(found[1], ("a.b.c/1/".to_owned(), Some(1)));
    /// assert_eq!(found[2], ("a.b.c/1/3.html".to_owned(), None));
    /// assert_eq!(found[3], ("b.c/".to_owned(), Some(3)));
    /// ```
    #[inline]
    pub fn for_each_expression(&mut self, mut f: impl FnMut(&str, Option<usize>)) {
        let (last, before) = (self.last % 2, (self.last + 1) % 2);
        let url = &self.urls[last];
        if url.text.is_empty() {
            // A refusal (`Url::EMPTY`), or nothing read yet.
            return;
        }
        let text = url.text.as_str();
        let (before, before_url) = (&self.lookups[before], &self.urls[before]);
        // The text both share: an expression ending within it is the same
        // text in both.
        let same = match before.hosts {
            0 => 0,
            _ => crate::bytes::common_prefix(text.as_bytes(), before_url.text.as_bytes()),
        };
        // Where both share the host and the `/` after it, the host is the
        // same at the same place (no host holds a `/`), and so are its
        // suffixes: half the datasets' rows have the host of the row
        // before.
        let (ends, paths) = url.path_ends();
        let (starts, hosts) = match same > url.path {
            true => (before.starts, before.hosts),
            false => url.host_starts(),
        };
        let lookups = Lookups {
            starts,
            hosts,
            ends,
            paths,
        };
        for &s in &lookups.starts[..lookups.hosts] {
            for &e in &lookups.ends[..lookups.paths] {
                let found = match e <= same {
                    true => before.index(s, e),
                    false => None,
                };
                f(&text[s..e], found);
            }
        }
        self.lookups[last] = lookups;
    }
}

/// The dotted quad of a host name that Safe Browsing reads as an IPv4
/// address (the Go client's `parseIPAddress`): in octal, hex or decimal,
/// in one to four parts, each part but the last giving its low byte and
/// the last the rest; a dotted quad followed by a space and text is the
/// quad, where the whole is at most 15 bytes (the Windows resolver's
/// reading). `None` for any other host.
///
/// ```
/// use urikit::safebrowsing::ipv4;
/// assert_eq!(ipv4("0x12.0x43.0x44.0x01").as_deref(), Some("18.67.68.1"));
/// assert_eq!(ipv4("12.0x12.01234").as_deref(), Some("12.18.2.156"));
/// assert_eq!(ipv4("3279880203").as_deref(), Some("195.127.0.11"));
/// assert_eq!(ipv4("123.123.0.0.1"), None);
/// ```
pub fn ipv4(host: &str) -> Option<String> {
    ipv4::canonical(host).map(|a| alloc::string::ToString::to_string(&a))
}

/// Writes the canonical URL with its query (`?` and the query where the
/// URL has one, even empty), as the page's examples write it.
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The canonical URL of `url`, with its query ([`Url`]'s `Display`).
///
/// ```
/// assert_eq!(
///     urikit::safebrowsing::canonicalize("http://host/%25%32%35%25%32%35").unwrap(),
///     "http://host/%25%25"
/// );
/// ```
///
/// # Errors
///
/// As [`Url::parse`].
pub fn canonicalize(url: &str) -> Result<String, Error> {
    Url::parse(url).map(|u| u.text)
}

/// The SHA-256 hash of a lookup expression.
///
/// ```
/// let h = urikit::safebrowsing::hash("abc");
/// assert_eq!(h[..4], [0xba, 0x78, 0x16, 0xbf]);
/// ```
pub fn hash(expression: &str) -> [u8; 32] {
    sha256(expression.as_bytes())
}

/// SHA-256 (FIPS 180-4) of `b` in one call: the whole blocks compressed
/// where they lie, the rest padded on the stack (§5.1.1: `0x80`, zeros,
/// the length in bits, big-endian, to a whole block) and compressed, by
/// `sha2`'s compression function. Through `sha2::Sha256`'s own buffer,
/// `work safebrowsing` took about 1.17 times as long.
fn sha256(b: &[u8]) -> [u8; 32] {
    let mut state = H0;
    let (blocks, rest) = b.as_chunks::<64>();
    sha2::block_api::compress256(&mut state, blocks);
    let mut tail = [[0u8; 64]; 2];
    let flat = tail.as_flattened_mut();
    flat[..rest.len()].copy_from_slice(rest);
    flat[rest.len()] = 0x80;
    // The length takes the last 8 bytes: a second block where the rest
    // and its `0x80` leave fewer.
    let n = if rest.len() < 56 { 1 } else { 2 };
    let bits = (b.len() as u64).wrapping_mul(8);
    flat[64 * n - 8..64 * n].copy_from_slice(&bits.to_be_bytes());
    sha2::block_api::compress256(&mut state, &tail[..n]);
    digest(state)
}

/// A final state's words as the hash's bytes, big endian (FIPS 180-4,
/// §6.2.2, step 4).
#[inline]
fn digest(state: [u32; 8]) -> [u8; 32] {
    let mut out = [0; 32];
    for (to, w) in out.chunks_exact_mut(4).zip(state) {
        to.copy_from_slice(&w.to_be_bytes());
    }
    out
}

/// SHA-256's initial hash value (FIPS 180-4, §5.3.3).
const H0: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// The longest expression whose padded form (FIPS 180-4, §5.1.1: `0x80`,
/// zeros, the length in bits in eight bytes) is one block.
const ONE_BLOCK: usize = 55;

/// The longest expression whose padded form is two blocks.
const TWO_BLOCKS: usize = 119;

/// The fewest blocks gathered that [`Hasher`] compresses sixteen at once
/// with AVX-512: the sixteen lanes cost about what seven blocks one at a
/// time do.
const WIDE_FROM: usize = 7;

/// The fewest blocks of eight that [`Hasher`] compresses at once with
/// AVX2 (where the processor has neither the SHA extensions nor AVX-512):
/// the eight lanes cost about what one and a half blocks one at a time do
/// (a Zen 3 EPYC, `sha2`'s software compression: 364 to 428 ns a pass,
/// whether one lane is used or eight, against 255 to 290 ns a block).
const EIGHT_FROM: usize = 2;

/// The first of the blocks where [`Hasher`] gathers two-block messages,
/// two blocks each, past the one-block messages' [`SIDE_BY_SIDE`].
const LONG_AT: usize = 8;

/// How many messages the processor's SHA extensions take side by side
/// ([`arch::sha256_side_by_side`](crate::arch::sha256_side_by_side)):
/// four keep its unit busy (20.4 ns a block on Zen 4, as with eight;
/// 23.8 with three, 29.6 with two, 44 with one). A remainder is not split
/// otherwise: five as three and two would cost 130 ns against four and
/// one's 126.
const SIDE_BY_SIDE: usize = 4;

/// The SHA-256 hashes of many lookup expressions, of many URLs, several
/// at once. Each of 55 bytes or fewer (94 % of the datasets') is padded
/// into a block of its own. Where the processor has the SHA extensions,
/// four messages' rounds go side by side (20.4 ns a block on Zen 4,
/// against 44 for one alone), and expressions of two blocks (to 119
/// bytes) are gathered four at a time too; else, where it has AVX-512,
/// sixteen one-block messages go at once, one to each 32-bit lane of its
/// registers (24 ns a block); else, where it has AVX2, eight one-block
/// messages, or four two-block ones, go at once in its lanes. Longer
/// expressions, and any on a processor with none of these, are hashed as
/// [`hash`] hashes them. Each expression
/// comes with a tag (where its answer goes), and `done` is called once
/// for each with its tag and hash, in no set order: at once, or when
/// enough are gathered, or at [`finish`](Self::finish).
///
/// ```
/// use urikit::safebrowsing::{hash, Hasher, Url};
/// let mut hasher = Hasher::new();
/// let mut got = Vec::new();
/// let mut want = Vec::new();
/// for line in ["http://a.b.c/1/2.html?x=1", "http://www.example.com/"] {
///     Url::parse(line).unwrap().for_each_expression(|e| {
///         want.push((want.len(), hash(e)));
///         hasher.push(e, want.len() - 1, |tag, h| got.push((tag, h)));
///     });
/// }
/// hasher.finish(|tag, h| got.push((tag, h)));
/// got.sort();
/// assert_eq!(got, want);
/// ```
#[derive(Clone, Debug)]
pub struct Hasher<T> {
    /// The padded one-block messages gathered, the first `n` of them;
    /// with the SHA extensions (four at most) or AVX2's lanes (eight at
    /// most), the two-block ones from block [`LONG_AT`] on, two blocks
    /// each. One array, not two: a hasher
    /// is made for each URL (`Url::hashes`), and each of its bytes is
    /// written when it is made.
    blocks: [[u8; 64]; 16],
    /// Their tags.
    tags: [T; 16],
    n: usize,
    /// The tags of the two-block messages gathered (with the SHA
    /// extensions or AVX2's lanes only), the first `m`.
    long_tags: [T; SIDE_BY_SIDE],
    m: usize,
    /// Whether the processor has the SHA extensions.
    side_by_side: bool,
    /// Without them, how many one-block messages the processor
    /// compresses at once: 16 (AVX-512's lanes), 8 (AVX2's: the one-block
    /// messages are then gathered eight at most, and the two-block ones
    /// four at a time as with the SHA extensions) or 1.
    lanes: usize,
}

impl<T: Copy + Default> Default for Hasher<T> {
    fn default() -> Self {
        Hasher::new()
    }
}

impl<T: Copy + Default> Hasher<T> {
    /// A hasher with nothing gathered.
    ///
    /// ```
    /// let mut hasher = urikit::safebrowsing::Hasher::<u32>::new();
    /// hasher.finish(|_, _| unreachable!("nothing was pushed"));
    /// ```
    pub fn new() -> Hasher<T> {
        let side_by_side = crate::arch::has_sha_ni();
        let lanes = crate::arch::sha256_lanes();
        Hasher {
            blocks: [[0; 64]; 16],
            tags: [T::default(); 16],
            n: 0,
            long_tags: [T::default(); SIDE_BY_SIDE],
            m: 0,
            side_by_side,
            lanes,
        }
    }

    /// Hashes `expression`, tagged `tag`: `done` is called with the hashes
    /// known by the time this returns (this one's, or those gathered with
    /// it), any number from none to sixteen.
    ///
    /// ```
    /// use urikit::safebrowsing::{hash, Hasher};
    /// let mut hasher = Hasher::new();
    /// let long = "a.b/".repeat(40);
    /// let mut got = None;
    /// // Longer than two blocks: hashed at once.
    /// hasher.push(&long, 7, |tag, h| got = Some((tag, h)));
    /// assert_eq!(got, Some((7, hash(&long))));
    /// ```
    #[inline(always)]
    pub fn push(&mut self, expression: &str, tag: T, done: impl FnMut(T, [u8; 32])) {
        let e = expression.as_bytes();
        if e.len() <= ONE_BLOCK {
            pad(e, &mut self.blocks[self.n]);
            self.tags[self.n] = tag;
            self.n += 1;
            // Four side by side with the SHA extensions, eight in AVX2's
            // lanes, else sixteen.
            if self.n == self.room() {
                self.flush(done);
            }
        } else if e.len() <= TWO_BLOCKS && self.gathers_long() {
            let at = LONG_AT + 2 * self.m;
            match <&mut [u8; 128]>::try_from(self.blocks[at..at + 2].as_flattened_mut()) {
                Ok(pair) => pad(e, pair),
                Err(_) => unreachable!("two blocks of 64 bytes are 128"),
            }
            self.long_tags[self.m] = tag;
            self.m += 1;
            if self.m == SIDE_BY_SIDE {
                self.flush_long(done);
            }
        } else {
            let mut done = done;
            done(tag, sha256(e));
        }
    }

    /// How many one-block messages are gathered before they are hashed.
    #[inline(always)]
    fn room(&self) -> usize {
        match (self.side_by_side, self.lanes) {
            (true, _) => SIDE_BY_SIDE,
            (false, 8) => LONG_AT,
            _ => 16,
        }
    }

    /// Whether two-block messages are gathered (from block [`LONG_AT`] on,
    /// four at most), rather than hashed at once: with the SHA extensions
    /// or AVX2's eight lanes.
    #[inline(always)]
    fn gathers_long(&self) -> bool {
        self.side_by_side || self.lanes == 8
    }

    /// Hashes what is gathered, calling `done` for each.
    ///
    /// ```
    /// use urikit::safebrowsing::{hash, Hasher};
    /// let mut hasher = Hasher::new();
    /// hasher.push("b/", 'x', |_, _| unreachable!("one is gathered, not hashed"));
    /// let mut got = Vec::new();
    /// hasher.finish(|tag, h| got.push((tag, h)));
    /// assert_eq!(got, [('x', hash("b/"))]);
    /// ```
    pub fn finish(&mut self, mut done: impl FnMut(T, [u8; 32])) {
        self.flush(&mut done);
        self.flush_long(&mut done);
    }

    /// The gathered one-block messages compressed: side by side with the
    /// SHA extensions (four at most are gathered), sixteen at once by
    /// AVX-512 where the processor has it, eight at once by AVX2 (the
    /// unused lanes compress stale blocks, whose hashes are not given),
    /// else one at a time.
    #[inline(always)]
    fn flush(&mut self, mut done: impl FnMut(T, [u8; 32])) {
        let n = core::mem::take(&mut self.n);
        if n == 0 {
            return;
        }
        if self.side_by_side {
            let states = side_by_side(&self.blocks[..n]);
            for (&tag, state) in self.tags[..n].iter().zip(states) {
                done(tag, digest(state));
            }
            return;
        }
        let mut out = [[0u8; 32]; 16];
        // The messages hashed so far, the first `at`.
        let mut at = 0;
        if self.lanes == 16
            && n >= WIDE_FROM
            && crate::arch::sha256_x16(&H0, &self.blocks, &mut out)
        {
            at = n;
        }
        while self.lanes >= 8 && n.saturating_sub(at) >= EIGHT_FROM {
            let Some(to) = out[at..].first_chunk_mut::<8>() else {
                unreachable!("eight of sixteen from 0 or 8")
            };
            let blocks = core::array::from_fn(|i| core::array::from_ref(&self.blocks[at + i]));
            if !crate::arch::sha256_x8(&H0, blocks, to) {
                break;
            }
            // The lanes past the `n` gathered compressed stale blocks.
            at = (at + 8).min(n);
        }
        for (to, block) in out[at..n].iter_mut().zip(&self.blocks[at..n]) {
            *to = padded_hash(core::slice::from_ref(block));
        }
        for (&tag, hash) in self.tags[..n].iter().zip(out) {
            done(tag, hash);
        }
    }

    /// The gathered two-block messages compressed: side by side with the
    /// SHA extensions, else in AVX2's lanes (four of the eight used, the
    /// rest given the first message again) from [`EIGHT_FROM`] messages
    /// on, else one at a time.
    fn flush_long(&mut self, mut done: impl FnMut(T, [u8; 32])) {
        let m = core::mem::take(&mut self.m);
        if m == 0 {
            return;
        }
        let (pairs, _) = self.blocks[LONG_AT..LONG_AT + 2 * m].as_chunks::<2>();
        if self.side_by_side {
            let (pairs, _) = pairs.as_flattened().as_flattened().as_chunks::<128>();
            let states = side_by_side(pairs);
            for (&tag, state) in self.long_tags[..m].iter().zip(states) {
                done(tag, digest(state));
            }
            return;
        }
        let mut out = [[0u8; 32]; 8];
        let messages = core::array::from_fn(|i| &pairs[if i < m { i } else { 0 }]);
        if m < EIGHT_FROM || !crate::arch::sha256_x8(&H0, messages, &mut out) {
            for (to, pair) in out.iter_mut().zip(pairs) {
                *to = padded_hash(pair);
            }
        }
        for (&tag, hash) in self.long_tags[..m].iter().zip(out) {
            done(tag, hash);
        }
    }
}

/// The hash of a message already padded into `blocks`, by `sha2`'s
/// compression one block at a time.
#[inline(always)]
fn padded_hash(blocks: &[[u8; 64]]) -> [u8; 32] {
    let mut state = H0;
    sha2::block_api::compress256(&mut state, blocks);
    digest(state)
}

/// `e` padded into `block` as SHA-256 pads a message (FIPS 180-4,
/// §5.1.1): `0x80`, zeros, and its length in bits in the last eight
/// bytes. `block` (64 or 128 bytes) is reused: each of its bytes is
/// written.
#[inline(always)]
fn pad<const B: usize>(e: &[u8], block: &mut [u8; B]) {
    // The whole block cleared first, a fixed length (a few wide stores),
    // rather than the bytes after the expression, a length known only
    // here (a call to `memset`).
    *block = [0; B];
    copy_short(e, block);
    block[e.len()] = 0x80;
    block[B - 8..].copy_from_slice(&(e.len() as u64 * 8).to_be_bytes());
}

/// `e` copied to the start of `to` (at least as long) by fixed-length
/// copies, sixteen bytes at a time and the last sixteen where it ends
/// (overlapping the one before), or two overlapping words of a shorter
/// `e`: inlined moves, where a copy of a length known only here is a call
/// to `memcpy` (about 20 instructions of a call and its set-up for each
/// expression of five or so a URL).
#[inline(always)]
fn copy_short(e: &[u8], to: &mut [u8]) {
    fn at<const N: usize>(e: &[u8], to: &mut [u8], from: usize) {
        to[from..from + N].copy_from_slice(&e[from..from + N]);
    }
    let n = e.len();
    if n >= 16 {
        let mut from = 0;
        while from + 16 < n {
            at::<16>(e, to, from);
            from += 16;
        }
        at::<16>(e, to, n - 16);
    } else if n >= 8 {
        at::<8>(e, to, 0);
        at::<8>(e, to, n - 8);
    } else if n >= 4 {
        at::<4>(e, to, 0);
        at::<4>(e, to, n - 4);
    } else {
        to[..n].copy_from_slice(e);
    }
}

/// Block `b` of a padded message of `B` bytes.
#[inline(always)]
fn block<const B: usize>(message: &[u8; B], b: usize) -> &[u8; 64] {
    match message.get(64 * b..).and_then(<[u8]>::first_chunk::<64>) {
        Some(block) => block,
        None => unreachable!("block {b} of a message of {B} bytes"),
    }
}

/// The final states of one to four padded messages of `B` bytes (whole
/// blocks) each, their rounds side by side
/// ([`arch::sha256_side_by_side`](crate::arch::sha256_side_by_side)); the
/// states past the messages' are not theirs. Called where the processor
/// has the SHA extensions.
#[inline(always)]
fn side_by_side<const B: usize>(messages: &[[u8; B]]) -> [[u32; 8]; SIDE_BY_SIDE] {
    #[inline(always)]
    fn lanes<const N: usize, const B: usize>(messages: &[[u8; B]]) -> [[u32; 8]; SIDE_BY_SIDE] {
        let mut states = [H0; N];
        for b in 0..B / 64 {
            let blocks: [&[u8; 64]; N] = core::array::from_fn(|i| block(&messages[i], b));
            if !crate::arch::sha256_side_by_side(&mut states, blocks) {
                // Not reached: called only where the processor has them.
                for (state, block) in states.iter_mut().zip(blocks) {
                    sha2::block_api::compress256(state, core::slice::from_ref(block));
                }
            }
        }
        let mut out = [H0; SIDE_BY_SIDE];
        out[..N].copy_from_slice(&states);
        out
    }
    match messages.len() {
        1 => lanes::<1, B>(messages),
        2 => lanes::<2, B>(messages),
        3 => lanes::<3, B>(messages),
        _ => lanes::<4, B>(messages),
    }
}

/// [`hash`] in lower-case hex, as hash prefixes are usually written (the
/// four-byte prefix is its first eight digits).
///
/// ```
/// assert_eq!(&urikit::safebrowsing::hash_hex("abc")[..8], "ba7816bf");
/// ```
pub fn hash_hex(expression: &str) -> String {
    hex(&hash(expression))
}

/// A hash in lower-case hex.
///
/// ```
/// let h = urikit::safebrowsing::Url::parse("http://b/").unwrap().hashes();
/// assert_eq!(&urikit::safebrowsing::hex(&h[0])[..8], "a9eed1a7");
/// ```
pub fn hex(hash: &[u8; 32]) -> String {
    hex_digits(hash).iter().map(|&d| char::from(d)).collect()
}

/// [`hex`] as 64 ASCII digits, made with no string (for writing them
/// straight into a buffer).
///
/// ```
/// let d = urikit::safebrowsing::hex_digits(&urikit::safebrowsing::hash("abc"));
/// assert_eq!(&d[..8], b"ba7816bf");
/// ```
// Inline: a column's kernel (another crate) writes the digits into its
// buffer where they are made, not through a call and a 64-byte return
// (2.8 % of `work array-safebrowsing-hashes`'s samples were the call's).
#[inline]
pub fn hex_digits(hash: &[u8; 32]) -> [u8; 64] {
    // Sixteen bytes to a register on x86-64: a table read per nibble cost
    // a seventh of `uri_safebrowsing_hashes`, the word at a time of other
    // targets a tenth (`work column-safebrowsing-hashes`).
    crate::arch::hex_digits(hash)
}

/// The digits of lower-case hex, the form of every escape step 2 writes
/// and of a hash's digits.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether step 2 escapes `b`: below 0x21 (space included), from 0x7F,
/// `#` and `%`.
#[inline(always)]
fn escape(b: u8) -> bool {
    // Branch-free, so that a search compares sixteen bytes at a time: a
    // signed byte below 0x21 is one below 0x21 or from 0x80.
    ((b as i8) < 0x21) | (b == 0x7f) | (b == b'#') | (b == b'%')
}

/// Step 1: the piece of the input that is read (cut at the first `#`,
/// trimmed), and where it begins.
fn piece(input: &[u8]) -> (usize, &[u8]) {
    let end = crate::arch::first_of(input, [b'#']).unwrap_or(input.len());
    let (start, end) = space::trim(&input[..end]);
    (start, &input[start..end])
}

/// Whether step 1 removes `b`.
fn stripped(b: &u8) -> bool {
    matches!(b, b'\t' | b'\r' | b'\n')
}

/// Step 1 and 2: the text cut, trimmed, stripped and escaped anew: the
/// piece of `input` read where no byte is stripped, decoded or escaped
/// (nine URLs in ten), else written into `work`. `None` where the decoding
/// goes past the client's limit.
fn normalize<'a>(input: &'a [u8], work: &'a mut String) -> Option<&'a str> {
    let (_, piece) = piece(input);
    // Printable ASCII without `%` (sixteen bytes at a time): the text.
    if !crate::bytes::any_byte(piece, escape) {
        return crate::arch::text::ascii(piece);
    }
    let kept;
    let bytes: &[u8] = if piece.iter().any(stripped) {
        kept = piece
            .iter()
            .copied()
            .filter(|b| !stripped(b))
            .collect::<Vec<u8>>();
        &kept
    } else {
        piece
    };
    work.clear();
    work.reserve(bytes.len() + 8);
    if memchr::memchr(b'%', bytes).is_none() {
        bytes.iter().for_each(|&b| push_escaped(work, b));
        return Some(work);
    }
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut rounds = Vec::with_capacity(bytes.len());
    unescape_repeatedly_tagged(
        bytes,
        &mut decoded,
        &mut rounds,
        |_| 0u16,
        |p, h, l| p.max(h).max(l).saturating_add(1),
    );
    if rounds.iter().any(|&r| r >= MAX_ROUNDS) {
        return None;
    }
    decoded.iter().for_each(|&b| push_escaped(work, b));
    Some(work)
}

/// Steps 1 to 5 at once, for the URLs read most often (nine in ten of the
/// datasets' lines): where, before its first `#`,
///
/// - every byte is printable ASCII but `%` (step 1 trims, strips and
///   step 2 decodes or escapes nothing),
/// - a scheme is followed by `//` (step 3),
/// - the host, all in the text's first 128 bytes after `//`, has no `@`
///   or `:`, no dot at either end or two in a row, and begins neither
///   with `[` nor with a digit, as every IPv4 form the client reads does
///   ([`ipv4::canonical`]), so that step 4 only lowers it,
/// - and the path, up to a `?` among those 128 bytes or the text's end
///   within them, has no `/` followed by `/` or `.` (nothing for
///   `path.Clean` to do in step 5),
///
/// the canonical URL is the text itself, its host lowered and a `/` put
/// in for an empty path: written into `out` with one copy, where [`read`]
/// finds the same places with a search for each and copies each part.
/// `None` for every other text, which [`normalize`] and [`read`] read.
#[inline]
fn plain(url: &[u8], out: &mut String) -> Option<Places> {
    let cut = crate::arch::first_of(url, [b'#']).unwrap_or(url.len());
    let b = &url[..cut];
    if crate::bytes::any_byte(b, escape) {
        return None;
    }
    let text = crate::arch::text::ascii(b)?;
    let (Some(scheme), after) = scheme(text) else {
        return None;
    };
    if scheme.is_empty() || !text[after..].starts_with("//") {
        return None;
    }
    let at = after + 2;
    let body = &b[at..];
    // Where the bytes that matter lie in the body's first 128 bytes.
    const XS: [u8; 5] = [b'/', b'?', b'.', b'@', b':'];
    let low = crate::arch::byte_marks(&body[..body.len().min(64)], XS);
    let high = match body.get(64..body.len().min(128)) {
        Some(rest) if !rest.is_empty() => crate::arch::byte_marks(rest, XS),
        _ => [0; XS.len()],
    };
    let [slash, query, dot, user, colon]: [u128; XS.len()] =
        core::array::from_fn(|i| u128::from(low[i]) | u128::from(high[i]) << 64);
    // The first of `m`'s places, or the body's end where it is within
    // the marks; `None` past them.
    let first = |m: u128| match m {
        0 if body.len() <= 128 => Some(body.len()),
        0 => None,
        m => Some(m.trailing_zeros() as usize),
    };
    let path_end = first(query)?;
    let host_end = first(slash | query)?;
    let below = |k: usize| u128::MAX.checked_shr(128 - k as u32).unwrap_or(0);
    let host = below(host_end);
    let dots = dot & host;
    if host_end == 0
        || (user | colon) & host != 0
        || dots & (1 | dots >> 1 | 1 << (host_end - 1)) != 0
        || body[0].is_ascii_digit()
        || body[0] == b'['
    {
        return None;
    }
    let path = below(path_end) & !host;
    if slash & path & ((slash | dot) & path) >> 1 != 0 {
        return None;
    }
    let (host, path) = (at, at + host_end);
    out.clear();
    let end = if host_end == path_end {
        out.reserve(text.len() + 1);
        out.push_str(&text[..path]);
        out.push('/');
        out.push_str(&text[path..]);
        path + 1
    } else {
        out.push_str(text);
        at + path_end
    };
    if crate::bytes::has_capital(&out.as_bytes()[host..path]) {
        out[host..path].make_ascii_lowercase();
    }
    Some((host, path, end))
}

/// Step 2's escaping of one byte, `%xx` in lower-case hex where
/// [`escape`] says so.
fn push_escaped(text: &mut String, b: u8) {
    if escape(b) {
        text.push('%');
        text.push(char::from(HEX[usize::from(b >> 4)]));
        text.push(char::from(HEX[usize::from(b & 15)]));
    } else {
        text.push(char::from(b));
    }
}

/// [`normalize`] with the input's offset of each byte of `text` in `trace`
/// (a decoded byte's is its `%`'s), which only an error's offset needs;
/// returns the rounds of decoding it takes.
fn normalize_traced(input: &[u8], text: &mut String, trace: &mut Vec<usize>) -> u16 {
    let (start, piece) = piece(input);
    let end = start + piece.len();
    // Each kept byte's offset in the input.
    let kept: Vec<usize> = (start..end).filter(|&i| !stripped(&input[i])).collect();
    let bytes: Vec<u8> = kept.iter().map(|&i| input[i]).collect();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut tags: Vec<(u16, usize)> = Vec::with_capacity(bytes.len());
    unescape_repeatedly_tagged(
        &bytes,
        &mut decoded,
        &mut tags,
        |i| (0, kept[i]),
        |p, h, l| (p.0.max(h.0).max(l.0).saturating_add(1), p.1),
    );
    text.clear();
    trace.clear();
    for (&b, &(_, at)) in decoded.iter().zip(tags.iter()) {
        let n = if escape(b) { 3 } else { 1 };
        push_escaped(text, b);
        trace.extend(core::iter::repeat_n(at, n));
    }
    // Where the decoding goes past the client's limit.
    if let Some(&(_, at)) = tags.iter().find(|t| t.0 >= MAX_ROUNDS) {
        trace.insert(0, at);
        return MAX_ROUNDS;
    }
    tags.iter().map(|t| t.0).max().unwrap_or(0)
}

/// The input's offset of the byte at `at` of the normalized text (or of
/// the deepest escape, for [`ErrorKind::EscapeTooDeep`]): the text is
/// made again with each byte traced to its origin, which only an error
/// pays for.
fn origin(input: &[u8], kind: ErrorKind, at: usize) -> usize {
    plain_origin(input, kind, at).unwrap_or_else(|| traced_origin(input, kind, at))
}

/// [`origin`] where nothing was decoded or removed, so that each byte of
/// the piece read is one byte of the text, or three where escaped: no
/// text made again. `None` for every other input.
fn plain_origin(input: &[u8], kind: ErrorKind, at: usize) -> Option<usize> {
    let (start, piece) = piece(input);
    if kind == ErrorKind::EscapeTooDeep
        || memchr::memchr(b'%', piece).is_some()
        || piece.iter().any(stripped)
    {
        return None;
    }
    let mut len = 0;
    for (i, &b) in piece.iter().enumerate() {
        len += if escape(b) { 3 } else { 1 };
        if at < len {
            return Some(start + i);
        }
    }
    // The end of the text: the end of what was read.
    Some(if piece.is_empty() {
        0
    } else {
        start + piece.len()
    })
}

/// [`origin`] by the text made again with each byte's origin.
fn traced_origin(input: &[u8], kind: ErrorKind, at: usize) -> usize {
    let mut text = String::new();
    let mut trace = Vec::new();
    let rounds = normalize_traced(input, &mut text, &mut trace);
    if kind == ErrorKind::EscapeTooDeep && rounds >= MAX_ROUNDS {
        return trace.first().copied().unwrap_or(0);
    }
    match trace.get(at) {
        Some(&o) => o,
        // The end of the text: the end of what was read.
        None => trace.last().map_or(0, |o| o + 1),
    }
}

/// Where a canonical URL's host and path begin and where its path ends
/// ([`Url`]'s places).
type Places = (usize, usize, usize);

/// Steps 3 to 5 on the normalized text, written as the canonical URL into
/// `out` (cleared first); an error's offset is in `text`.
fn read(text: &str, out: &mut String) -> Result<Places, (ErrorKind, usize)> {
    let (scheme, after) = scheme(text);
    // Sixteen bytes to a compare, inline: memchr's call and set-up cost
    // more than the search on a text this short.
    let q = crate::arch::first_of(&text.as_bytes()[after..], [b'?']).map(|q| after + q);
    let body_end = q.unwrap_or(text.len());
    let (scheme, at) = match scheme {
        Some(s) if !s.is_empty() => {
            if !text[after..body_end].starts_with("//") {
                return Err((ErrorKind::MissingAuthority, after));
            }
            (s, after + 2)
        }
        _ => ("http", after),
    };
    let body = &text[at..body_end];
    let (hostish, path) = match crate::arch::first_of(body.as_bytes(), [b'/']) {
        Some(i) => (&body[..i], &body[i..]),
        None => (body, ""),
    };
    if hostish.is_empty() {
        return Err((ErrorKind::MissingHost, at));
    }
    out.clear();
    out.reserve(text.len() + 8);
    out.push_str(scheme);
    out.push_str("://");
    let host = out.len();
    host_into(hostish, out).map_err(|kind| (kind, at))?;
    let path_start = out.len();
    clean_into(path, out);
    let end = out.len();
    if let Some(q) = q {
        out.push_str(&text[q..]);
    }
    Ok((host, path_start, end))
}

/// `bytes` with each `%XX` decoded once (Go client's `unescape`).
fn decode_once(bytes: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < bytes.len() {
        if let (b'%', Some(h), Some(l)) = (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex_val(b)),
            bytes.get(i + 2).and_then(|&b| hex_val(b)),
        ) {
            out.push(h << 4 | l);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
}

/// The scheme (Go client's `getScheme`): `Some(name)` and the offset after
/// its `:`, or `None` and 0. The name may be empty (a text that begins with
/// `:`), which reads as no scheme.
fn scheme(text: &str) -> (Option<&str>, usize) {
    // `https:`, `http:` and `file:` known at once (all but 0.1 % of the
    // datasets' lines), as the loop reads them.
    for known in ["https:", "http:", "file:"] {
        if text.starts_with(known) {
            return (Some(&known[..known.len() - 1]), known.len());
        }
    }
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' => return (Some(&text[..i]), i + 1),
            _ => return (None, 0),
        }
    }
    (None, 0)
}

/// Step 4: the canonical host of the text between `//` and the path,
/// appended to `out`.
fn host_into(hostish: &str, out: &mut String) -> Result<(), ErrorKind> {
    // Where `@`, `%` and `.` lie, from one pass of sixteen or 32 bytes to
    // a compare where the text has up to 64 bytes (all but a few hosts);
    // a longer one is searched a byte at a time.
    let marks = (hostish.len() <= crate::arch::MARKS_MAX)
        .then(|| crate::arch::byte_marks(hostish.as_bytes(), [b'@', b'%', b'.']));
    host_marked_into(hostish, marks, out)
}

/// [`host_into`] with the masks of `@`, `%` and `.` in `hostish` (at
/// most 64 bytes), or `None` to search for them a byte at a time.
#[inline(always)]
fn host_marked_into(
    hostish: &str,
    marks: Option<[u64; 3]>,
    out: &mut String,
) -> Result<(), ErrorKind> {
    let hb = hostish.as_bytes();
    // The host follows the last `@`.
    let from = match marks {
        Some([at, ..]) => 64 - at.leading_zeros() as usize,
        None => hb.iter().rposition(|&c| c == b'@').map_or(0, |i| i + 1),
    };
    let host = &hostish[from..];
    if host.starts_with('[') && !host.contains(']') {
        return Err(ErrorKind::UnexpectedBracket);
    }
    // A `:` and digits at the end: the port.
    let digits = host.len() - host.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let host = if digits > 0 && host[..host.len() - digits].ends_with(':') {
        &host[..host.len() - digits - 1]
    } else {
        host
    };
    // The marks of the host's own bytes: those from `from`, below its
    // end.
    let own =
        |m: u64| m.checked_shr(from as u32).unwrap_or(0) & crate::bytes::bits_below(host.len());
    let escaped = match marks {
        Some([_, pct, _]) => own(pct) != 0,
        None => host.contains('%'),
    };
    // Only an escape decodes to a byte beyond ASCII: the normalized text
    // is printable ASCII besides.
    let converted;
    let (host, dots) = if escaped {
        let mut decoded = Vec::with_capacity(host.len());
        decode_once(host.as_bytes(), &mut decoded);
        if decoded.iter().any(|&b| b > 0x80) {
            converted = punycode::to_ascii(&decoded).ok_or(ErrorKind::InvalidIdna)?;
            (converted.as_str(), None)
        } else {
            (host, marks.map(|[_, _, dots]| own(dots)))
        }
    } else {
        (host, marks.map(|[_, _, dots]| own(dots)))
    };
    let start = out.len();
    // Runs of dots made one, dots at the ends dropped.
    let b = host.as_bytes();
    let odd_dots = match dots {
        // A dot first, last, or after a dot.
        Some(d) => d & (1 | d >> 1 | 1u64 << (b.len().max(1) - 1)) != 0,
        None => {
            b.first() == Some(&b'.') || b.last() == Some(&b'.') || b.windows(2).any(|w| w == b"..")
        }
    };
    if odd_dots {
        for label in host.split('.').filter(|l| !l.is_empty()) {
            if out.len() > start {
                out.push('.');
            }
            out.push_str(label);
        }
    } else {
        out.push_str(host);
    }
    match ipv4::canonical(&out[start..]) {
        Some(address) => {
            out.truncate(start);
            // Writing to a `String` does not fail.
            let _ = write!(out, "{address}");
        }
        // Most hosts are written in lower case: their capitals looked for
        // a word at a time, where `str`'s lowering goes a byte at a time.
        None if crate::bytes::has_capital(&out.as_bytes()[start..]) => {
            out[start..].make_ascii_lowercase();
        }
        None => {}
    }
    Ok(())
}

/// Step 5: Go's `path.Clean` of a path that begins with `/` (or is empty),
/// keeping a final `/`, appended to `out`.
fn clean_into(path: &str, out: &mut String) {
    // Nothing to clean where no `/` is followed by `/` or `.` (most
    // paths): the path as it is. Up to 64 bytes from one pass of masks,
    // a longer path by two searches for a pair, sixteen bytes to a
    // comparison.
    let b = path.as_bytes();
    let odd = if b.len() <= crate::arch::MARKS_MAX {
        let [slash, dot] = crate::arch::byte_marks(b, [b'/', b'.']);
        slash & (slash | dot) >> 1 != 0
    } else {
        let pair = |y| crate::arch::first_pair(b, b'/', y).is_some();
        pair(b'/') || pair(b'.')
    };
    if !odd {
        out.push_str(if path.is_empty() { "/" } else { path });
        return;
    }
    clean_segments_into(path, out);
}

/// [`clean_into`] a segment at a time, whatever the path.
fn clean_segments_into(path: &str, out: &mut String) {
    let base = out.len();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                let keep = out[base..].rfind('/').map_or(base, |i| base + i);
                out.truncate(keep);
            }
            s => {
                out.push('/');
                out.push_str(s);
            }
        }
    }
    if out.len() == base || path.ends_with('/') {
        out.push('/');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{format, vec};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Where it answers, the offset counted without a trace is the
        /// traced one, for every error and every offset in the text and
        /// past it.
        #[test]
        fn plain_offsets_are_the_traced_ones(
            input in proptest::collection::vec(prop_oneof![
                8 => prop::sample::select(&b"ab.c/:?@[]#%0 x\x7f\xc2\xa0"[..]),
                1 => any::<u8>(),
            ], 0..24),
            at in 0usize..80,
        ) {
            for kind in [ErrorKind::MissingHost, ErrorKind::MissingAuthority, ErrorKind::EscapeTooDeep] {
                if let Some(o) = plain_origin(&input, kind, at) {
                    prop_assert_eq!(o, traced_origin(&input, kind, at), "{:?} {:?}", input, kind);
                }
            }
        }
    }

    /// A URL from pieces that put the bytes [`plain`] looks at (those of
    /// its marks, capitals, digits, escapes, white space, bytes beyond
    /// ASCII) at the ends and in the middle of each part, and past the
    /// 64 and 128 bytes its marks cover.
    fn sb_url() -> impl Strategy<Value = Vec<u8>> {
        let scheme = prop_oneof![
            6 => prop::sample::select(&["http://", "https://", "HTTP://", "file://", "a+b.c-d://"][..]),
            1 => prop::sample::select(&["http:", "http:/", "", "1x://", " http://", ":", "http:?//", "ftp:/?"][..]),
        ];
        let host = prop_oneof![
            8 => prop::sample::select(&["www.", "Example.", "com", "a1", "-", "b.c", "x"][..]),
            2 => prop::sample::select(&[".", "..", "0", "1.2.3.4", "0x1f", "@", "u@", ":", ":80", "[", "]", "[::1]"][..]),
            1 => prop::sample::select(&["%41", "%2e", " ", "\t", "\u{e9}", "#", "?", "-long-label-of-some-fifty-bytes-to-cross-a-mark-width"][..]),
        ];
        let rest = prop_oneof![
            8 => prop::sample::select(&["/", "/a", "/B", "/b.html", "?", "a", ".", "=", "&", "?q=1"][..]),
            2 => prop::sample::select(&["//", "/.", "/..", "/./", "%2F", "%", " ", "\n", "#", "#f", "\u{e9}", "\x7f"][..]),
            1 => prop::sample::select(&["/a-segment-of-some-fifty-bytes-that-takes-the-path-along", "?a-query-of-some-fifty-bytes-that-takes-the-text-along"][..]),
        ];
        let stray = prop_oneof![9 => Just(None), 1 => any::<u8>().prop_map(Some)];
        (
            scheme,
            proptest::collection::vec(host, 0..6),
            proptest::collection::vec(rest, 0..8),
            stray,
            any::<usize>(),
        )
            .prop_map(|(scheme, host, rest, stray, at)| {
                let mut b = [
                    scheme.as_bytes(),
                    host.concat().as_bytes(),
                    rest.concat().as_bytes(),
                ]
                .concat();
                if let Some(x) = stray {
                    b.insert(at % (b.len() + 1), x);
                }
                b
            })
    }

    /// [`read`]'s steps on `url`, [`plain`] left out.
    fn by_steps(url: &[u8]) -> Result<(String, Places), (ErrorKind, usize)> {
        let (mut work, mut out) = (String::new(), String::new());
        let places = match normalize(url, &mut work) {
            Some(text) => read(text, &mut out)?,
            None => return Err((ErrorKind::EscapeTooDeep, usize::MAX)),
        };
        Ok((out, places))
    }

    /// [`plain`]'s answer, written after a text of the room's own (which
    /// it clears), or `None`.
    fn plain_owned(url: &[u8]) -> Option<(String, Places)> {
        let mut out = String::from("left from the URL before");
        let places = plain(url, &mut out)?;
        Some((out, places))
    }

    /// Where it answers, [`plain`] writes the canonical URL the steps
    /// write, with the same places; and it answers for a good part of the
    /// URLs generated, so that the property cannot hold by never being
    /// tried.
    #[test]
    fn the_plain_reading_is_the_steps() {
        const CASES: u32 = 200_000;
        let taken = crate::testing::count_taken(CASES, sb_url(), |u| {
            let Some(fast) = plain_owned(&u) else {
                return Ok(false);
            };
            prop_assert_eq!(
                Ok(fast),
                by_steps(&u),
                "{:?}",
                alloc::string::String::from_utf8_lossy(&u)
            );
            Ok(true)
        });
        assert!(
            taken > CASES as usize / 10,
            "the plain reading answered {taken} times"
        );
    }

    /// The same on every line of the shared datasets, where the plain
    /// reading answers for more than four lines in five; and a [`Reader`]
    /// reading them one after another answers as [`Url::parse_bytes`] does
    /// each alone (the room reused, refusals between).
    #[test]
    fn the_plain_reading_is_the_steps_on_the_datasets() {
        let all = crate::testing::dataset_lines();
        if all.is_empty() {
            return;
        }
        let mut taken = 0;
        let mut reader = Reader::new();
        for u in &all {
            if let Some(fast) = plain_owned(u.as_bytes()) {
                taken += 1;
                assert_eq!(Ok(fast), by_steps(u.as_bytes()), "{u:?}");
            }
            let alone = Url::parse_bytes(u.as_bytes());
            assert_eq!(reader.read(u.as_bytes()).cloned(), alone, "{u:?}");
        }
        assert!(
            taken > all.len() * 4 / 5,
            "the plain reading answered {taken} of {} lines",
            all.len()
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// A reader's answers, read after one another, are each URL's own:
        /// nothing of the URL before (a longer text, its places, a
        /// refusal) is left in the one after.
        #[test]
        fn a_reader_answers_each_url_alone(urls in proptest::collection::vec(sb_url(), 1..6)) {
            let mut reader = Reader::new();
            for u in &urls {
                let alone = Url::parse_bytes(u);
                prop_assert_eq!(reader.read(u).cloned(), alone);
            }
        }

        /// A reader's expressions are each URL's own, in order, and an
        /// expression said to be the URL before's is the same text as
        /// that one's at the index given; a URL read twice in a row finds
        /// each of its expressions at its own index. The URLs share their
        /// hosts and paths often, as a column grouped by host does, and
        /// among them are refusals, URLs whose expressions are not asked
        /// for, and `sb_url`'s texts.
        #[test]
        fn a_readers_expressions_found_before_are_the_same(
            urls in proptest::collection::vec(
                (
                    prop_oneof![
                        4 => (
                            prop::sample::select(&["http://", "https://", "HTTP://", ""][..]),
                            prop::sample::select(&["a.b.c", "b.c", "www.a.b.c", "a.b.c.d", "a.b.cd", "1.2.3.4", "A.b.C", "a.b.c:8080", "[bad"][..]),
                            proptest::collection::vec(
                                prop::sample::select(&["/", "/1", "/2", "/1/", "/x.html", "?q", "?r=1", "//", "/.", "/..", "%41", "/a-segment-of-some-fifty-bytes-that-takes-the-path-along"][..]),
                                0..6,
                            ),
                        )
                            .prop_map(|(s, h, p)| [s, h, &p.concat()].concat().into_bytes()),
                        1 => sb_url(),
                    ],
                    any::<bool>(),
                    any::<bool>(),
                ),
                1..12,
            )
        ) {
            let mut reader = Reader::new();
            // The URL before's expressions, where they were asked for.
            let mut before: Option<Vec<String>> = None;
            for (u, asked, twice) in &urls {
                for again in [false, true].into_iter().take(1 + usize::from(*twice)) {
                    let alone = Url::parse_bytes(u);
                    prop_assert_eq!(reader.read(u).cloned(), alone.clone());
                    if !asked {
                        before = None;
                        continue;
                    }
                    let mut got = Vec::new();
                    reader.for_each_expression(|e, found| got.push((String::from(e), found)));
                    let want = alone.as_ref().map(Url::expressions).unwrap_or_default();
                    let texts: Vec<String> = got.iter().map(|(e, _)| e.clone()).collect();
                    prop_assert_eq!(&texts, &want);
                    for (i, (e, found)) in got.iter().enumerate() {
                        if let Some(k) = found {
                            let b = before.as_ref().and_then(|b| b.get(*k));
                            prop_assert_eq!(b, Some(e), "{:?}: {} said found at {}", u, i, k);
                        }
                    }
                    if again && before.is_some() {
                        // The same URL read again, its expressions asked for.
                        let all: Vec<Option<usize>> = got.iter().map(|(_, f)| *f).collect();
                        let own: Vec<Option<usize>> = (0..want.len()).map(Some).collect();
                        prop_assert_eq!(all, own);
                    }
                    before = alone.is_ok().then_some(want);
                }
            }
        }
    }

    /// The one-call SHA-256 against `sha2`'s own hasher, at every length
    /// from empty to past four blocks (each padding case: the length's
    /// eight bytes in the last block or in one of their own, FIPS 180-4
    /// §5.1.1), and FIPS 180-4's example "abc" (its appendix B.1 value).
    #[test]
    fn sha256_is_sha2s() {
        use sha2::Digest;
        let bytes: Vec<u8> = (0..300u32).map(|i| (i * 151 + 7) as u8).collect();
        for n in 0..bytes.len() {
            let want: [u8; 32] = sha2::Sha256::digest(&bytes[..n]).into();
            assert_eq!(sha256(&bytes[..n]), want, "{n} bytes");
        }
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    /// `copy_short` writes `e` and nothing else, at every length a padded
    /// expression takes (up to two blocks' 119 bytes); and the hasher,
    /// whose padding copies so, gives `sha2`'s hash of an expression of
    /// every length from empty to past two blocks, in each way the
    /// processor allows.
    #[test]
    fn an_expression_of_every_length_is_copied_and_hashed() {
        let bytes: Vec<u8> = (0..130u32).map(|i| (i * 151 + 7) as u8 | 1).collect();
        for n in 0..=119 {
            let mut to = [0u8; 128];
            copy_short(&bytes[..n], &mut to);
            assert_eq!(&to[..n], &bytes[..n], "{n} bytes");
            assert!(to[n..].iter().all(|&c| c == 0), "{n} bytes: past the end");
        }
        // ASCII of every length from empty to past two blocks.
        let expressions: Vec<String> = (0..bytes.len())
            .map(|n| bytes[..n].iter().map(|&c| char::from(c & 0x7f)).collect())
            .collect();
        let (want, ways) = hashed_every_way(&expressions);
        for (way, got) in ways {
            assert_eq!(got, want, "side by side, lanes: {way:?}");
        }
    }

    /// Hashes tagged with the indexes of their expressions, in order.
    type Tagged = Vec<(usize, [u8; 32])>;
    /// A way of the hasher: with the SHA extensions, and the lanes asked
    /// for without them.
    type Way = (bool, usize);

    /// `sha2`'s hashes of `expressions`, and the hasher's by each way the
    /// processor allows (side by side or not).
    fn hashed_every_way(expressions: &[String]) -> (Tagged, Vec<(Way, Tagged)>) {
        use sha2::Digest;
        let want = expressions
            .iter()
            .enumerate()
            .map(|(i, e)| (i, sha2::Sha256::digest(e.as_bytes()).into()))
            .collect();
        let mut ways = Vec::new();
        for (side_by_side, lanes) in [(false, 16), (false, 8), (false, 1), (true, 16)] {
            if side_by_side && !crate::arch::has_sha_ni() {
                continue;
            }
            let mut hasher = Hasher::<usize>::new();
            hasher.side_by_side = side_by_side;
            hasher.lanes = lanes;
            let mut got = Vec::new();
            for (i, e) in expressions.iter().enumerate() {
                hasher.push(e, i, |tag, h| got.push((tag, h)));
            }
            hasher.finish(|tag, h| got.push((tag, h)));
            got.sort();
            ways.push(((side_by_side, lanes), got));
        }
        (want, ways)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 30_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// A host's masks give what the byte loops give: the same host
        /// (or the same refusal), from every mix of the bytes they mark,
        /// ports, brackets and escapes, up to 64 bytes.
        #[test]
        fn host_masks_read_as_the_loops(
            pieces in proptest::collection::vec(prop_oneof![
                // Most often the bytes the masks mark, so that a host has
                // them at its ends, doubled, and on both sides of an `@`.
                3 => prop::sample::select(&["a", "B", ".", "@", "%41"][..]),
                1 => prop::sample::select(&[
                    "..", "%", "%2e", "%c3%bc", ":", ":80", "8", "0x1", "[", "]", "::1", "xn--",
                    "1.2.3.4",
                ][..]),
            ], 0..16),
        ) {
            let hostish: String = pieces.concat();
            prop_assume!(hostish.len() <= crate::arch::MARKS_MAX);
            let marks = crate::arch::byte_marks(hostish.as_bytes(), [b'@', b'%', b'.']);
            let (mut marked, mut searched) = (String::from("http://"), String::from("http://"));
            let a = host_marked_into(&hostish, Some(marks), &mut marked);
            let b = host_marked_into(&hostish, None, &mut searched);
            prop_assert_eq!(a, b);
            prop_assert_eq!(marked, searched);
        }

        /// A path without `//` or `/.` is its own cleaning, as the
        /// masks (to 64 bytes) and the pair searches (beyond) find it.
        #[test]
        fn clean_paths_are_kept(
            pieces in proptest::collection::vec(prop::sample::select(&[
                "/", "/", ".", "..", "a", "bc", "d.e",
            ][..]), 0..60),
        ) {
            let path = format!("/{}", pieces.concat());
            let (mut quick, mut slow) = (String::from("http://h"), String::from("http://h"));
            clean_into(&path, &mut quick);
            clean_segments_into(&path, &mut slow);
            prop_assert_eq!(quick, slow);
        }

        /// The lookup hosts of a host's dots from its mask are those of
        /// the byte loop, for hosts of one to twelve labels.
        #[test]
        fn host_suffixes_from_masks_are_the_loops(
            labels in proptest::collection::vec("[a-z0-9-]{1,6}", 1..12),
        ) {
            let host = labels.join(".");
            prop_assume!(host.len() <= crate::arch::MARKS_MAX);
            let text = format!("http://{host}/");
            let u = Url { host: 7, path: 7 + host.len(), end: text.len(), text };
            prop_assume!(ipv4_exact(u.host().as_bytes()).is_none());
            prop_assert_eq!(u.host_starts(), u.long_host_starts([u.host; MAX_HOSTS]));
        }

        /// The lookup paths, from the mask of a path's first 64 bytes and
        /// a loop after them, are the page's: `/`, the first one to three
        /// components with their `/`, the path, and the path with its
        /// query.
        #[test]
        fn lookup_paths_are_the_pages(
            segments in proptest::collection::vec("[a-z.]{1,12}", 0..12),
            slash in any::<bool>(),
            query in proptest::option::of("[a-z=&/]{0,8}"),
        ) {
            let mut path = format!("/{}", segments.join("/"));
            if slash && !segments.is_empty() {
                path.push('/');
            }
            let mut text = format!("http://h{path}");
            let end = text.len();
            if let Some(q) = &query {
                text.push('?');
                text.push_str(q);
            }
            let u = Url { host: 7, path: 8, end, text };
            let mut want = vec![String::from("/")];
            for i in 1..segments.len().min(4) {
                want.push(format!("/{}/", segments[..i].join("/")));
            }
            if path != "/" {
                want.push(path.clone());
            }
            if let Some(q) = query.filter(|q| !q.is_empty()) {
                want.push(format!("{path}?{q}"));
            }
            prop_assert_eq!(u.paths(), want);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The sixteen lanes are sixteen compressions by `sha2`'s, from
        /// any state, of any blocks (FIPS 180-4, section 6.2.2); on a
        /// processor with AVX-512 the wide path is taken.
        #[test]
        fn sixteen_lanes_are_sixteen_compressions(
            h in any::<[u32; 8]>(),
            seed in proptest::collection::vec(any::<u8>(), 1024),
        ) {
            let mut blocks = [[0u8; 64]; 16];
            for (b, chunk) in blocks.iter_mut().zip(seed.chunks_exact(64)) {
                b.copy_from_slice(chunk);
            }
            let mut out = [[0u8; 32]; 16];
            let wide = crate::arch::sha256_x16(&h, &blocks, &mut out);
            #[cfg(all(target_arch = "x86_64", feature = "std", not(urikit_portable)))]
            prop_assert_eq!(
                wide,
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
                    && std::is_x86_feature_detected!("popcnt")
            );
            if wide {
                for (got, block) in out.iter().zip(&blocks) {
                    let mut state = h;
                    sha2::block_api::compress256(&mut state, core::slice::from_ref(block));
                    prop_assert_eq!(*got, digest(state));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The eight lanes are eight hashes by `sha2`'s compression,
        /// from any state, of any messages of one or two blocks (FIPS
        /// 180-4, section 6.2.2); on a processor with AVX2 the lanes are
        /// used.
        #[test]
        fn eight_lanes_are_eight_compressions(
            h in any::<[u32; 8]>(),
            seed in proptest::collection::vec(any::<u8>(), 1024),
        ) {
            let mut pairs = [[[0u8; 64]; 2]; 8];
            for (b, chunk) in pairs.as_flattened_mut().iter_mut().zip(seed.chunks_exact(64)) {
                b.copy_from_slice(chunk);
            }
            let mut one = [[0u8; 32]; 8];
            let firsts = core::array::from_fn(|i| core::array::from_ref(&pairs[i][0]));
            let wide = crate::arch::sha256_x8::<1>(&h, firsts, &mut one);
            let mut two = [[0u8; 32]; 8];
            prop_assert_eq!(crate::arch::sha256_x8::<2>(&h, core::array::from_fn(|i| &pairs[i]), &mut two), wide);
            #[cfg(all(target_arch = "x86_64", feature = "std", not(urikit_portable), not(urikit_no_avx2)))]
            prop_assert_eq!(wide, std::is_x86_feature_detected!("avx2"));
            if wide {
                for ((one, two), pair) in one.iter().zip(&two).zip(&pairs) {
                    let mut state = h;
                    sha2::block_api::compress256(&mut state, &pair[..1]);
                    prop_assert_eq!(*one, digest(state));
                    sha2::block_api::compress256(&mut state, &pair[1..]);
                    prop_assert_eq!(*two, digest(state));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The SHA extensions' messages side by side are as many
        /// compressions by `sha2`'s, from any states, of any blocks (FIPS
        /// 180-4, section 6.2.2), for one to four messages; the
        /// extensions are used where the processor has them.
        #[test]
        fn messages_side_by_side_are_compressions(
            states in any::<[[u32; 8]; 4]>(),
            seed in proptest::collection::vec(any::<u8>(), 256),
            n in 1usize..=4,
        ) {
            let blocks: [[u8; 64]; 4] = core::array::from_fn(|i| {
                let mut b = [0u8; 64];
                b.copy_from_slice(&seed[64 * i..64 * i + 64]);
                b
            });
            let mut got = states;
            let used = match n {
                1 => crate::arch::sha256_side_by_side::<1>(
                    got.first_chunk_mut::<1>().unwrap(),
                    [&blocks[0]],
                ),
                2 => crate::arch::sha256_side_by_side::<2>(
                    got.first_chunk_mut::<2>().unwrap(),
                    [&blocks[0], &blocks[1]],
                ),
                3 => crate::arch::sha256_side_by_side::<3>(
                    got.first_chunk_mut::<3>().unwrap(),
                    [&blocks[0], &blocks[1], &blocks[2]],
                ),
                _ => crate::arch::sha256_side_by_side::<4>(
                    &mut got,
                    [&blocks[0], &blocks[1], &blocks[2], &blocks[3]],
                ),
            };
            prop_assert_eq!(used, crate::arch::has_sha_ni());
            #[cfg(all(target_arch = "x86_64", feature = "std", not(urikit_portable)))]
            prop_assert_eq!(
                used,
                std::is_x86_feature_detected!("sha") && std::is_x86_feature_detected!("ssse3")
            );
            for i in 0..4 {
                let mut want = states[i];
                if used && i < n {
                    sha2::block_api::compress256(&mut want, core::slice::from_ref(&blocks[i]));
                }
                // Past the `n` given, and where nothing was done, the
                // states are as they were.
                prop_assert_eq!(got[i], want);
            }
        }

        /// Each way the hasher can take, whichever the processor would
        /// choose, gives each expression its hash: side by side (one and
        /// two blocks), and sixteen lanes, eight or one at a time; for any
        /// number of expressions of 0 to 130 bytes (one, two and three
        /// blocks once padded).
        #[test]
        fn every_way_of_the_hasher_gives_the_hashes(
            shapes in proptest::collection::vec((0usize..=130, any::<u8>()), 0..40),
        ) {
            // Printable ASCII of each length, from a seed (a string
            // strategy of 130 characters made this test ten seconds long).
            let expressions: Vec<String> = shapes
                .iter()
                .map(|&(len, seed)| {
                    (0..len)
                        .map(|k| char::from(b' ' + ((k * 31 + usize::from(seed)) % 95) as u8))
                        .collect()
                })
                .collect();
            let (want, ways) = hashed_every_way(&expressions);
            for (_, got) in ways {
                prop_assert_eq!(&got, &want);
            }
        }
    }

    #[test]
    fn clean_is_go_path_clean() {
        let clean = |path: &str| {
            let mut out = String::from("http://h");
            clean_into(path, &mut out);
            out.split_off(8)
        };
        for (path, want) in [
            ("", "/"),
            ("/", "/"),
            ("/a/./b/../c", "/a/c"),
            ("/../a", "/a"),
            ("//a//b///c////", "/a/b/c/"),
            ("/a/.", "/a"),
            ("/a/..", "/"),
            ("/a/../", "/"),
            ("/foo/.././bar/./../foo.html", "/foo.html"),
            ("/a/b", "/a/b"),
            ("/a/b/", "/a/b/"),
            ("/a./.b/c..", "/a./.b/c.."),
            ("/..", "/"),
            ("/a/../..//b", "/b"),
        ] {
            assert_eq!(clean(path), want, "{path:?}");
        }
    }

    #[test]
    fn schemes() {
        assert_eq!(scheme("http://a"), (Some("http"), 5));
        assert_eq!(scheme(":a"), (Some(""), 1));
        assert_eq!(scheme("1a:b"), (None, 0));
        assert_eq!(scheme("a+1.-:b"), (Some("a+1.-"), 6));
        assert_eq!(scheme("a/b:c"), (None, 0));
        assert_eq!(scheme("abc"), (None, 0));
    }
}
