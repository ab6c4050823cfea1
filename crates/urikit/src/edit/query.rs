//! Query parameters (`k=v&flag&k=w`) as an editable ordered multimap, kept
//! as the encoded query itself.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::grammar::rfc3986::{QUERY, QUERY_PARAM};
use crate::iter::QueryPairs;
use crate::pct::{encode_into, PctStr};
use crate::{Error, ErrorKind, UriRefBuf};

/// One parameter: its key and its value, each still encoded.
///
/// ```
/// let p = urikit::QueryParams::parse("a=1&flag&e=")?;
/// let flag = p.get("flag").unwrap();
/// assert_eq!(flag.value(), None);
/// assert_eq!(p.get("e").unwrap().value().as_deref(), Some(""));
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    key: PctStr<'a>,
    value: Option<PctStr<'a>>,
    form: bool,
}

impl<'a> Param<'a> {
    /// The key, decoded (`+` as a space in a [form](QueryParams::form);
    /// bytes that are not UTF-8 become U+FFFD, as HTML form decoding does).
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("a%20b=1")?;
    /// assert_eq!(p.iter().next().unwrap().key(), "a b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        self.key.decode_lossy(self.form)
    }

    /// The value, decoded as the key is; `None` for a parameter written
    /// without `=`.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("k=%C3%A9")?;
    /// assert_eq!(p.get("k").unwrap().value().as_deref(), Some("é"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn value(&self) -> Option<Cow<'a, str>> {
        self.value.map(|v| v.decode_lossy(self.form))
    }

    /// The key as written.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("a%20b")?;
    /// assert_eq!(p.iter().next().unwrap().key_encoded(), "a%20b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn key_encoded(&self) -> &'a str {
        self.key.as_str()
    }

    /// The value as written.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("k=a+b")?;
    /// assert_eq!(p.get("k").unwrap().value_encoded(), Some("a+b"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn value_encoded(&self) -> Option<&'a str> {
        self.value.map(PctStr::as_str)
    }

    /// Whether the decoded key is `key`, compared without allocating.
    fn key_is(&self, key: &str) -> bool {
        self.key == key || self.key.decoded_bytes_as(self.form).eq(key.bytes())
    }
}

/// The parameters of a query (`k=v&flag&k=w`), in order, keys repeatable:
/// an editable ordered multimap.
///
/// The parameters are kept as the encoded query itself, so reading and
/// writing back changes nothing else, except that empty pieces (`a&&b`,
/// which [`QueryPairs`] skips) are dropped, and so memory stays a little
/// more than the query's length however many parameters it holds. A
/// parameter without `=` (`flag`) stays apart from one with an empty value
/// (`flag=`). Keys are compared decoded. New keys and values are
/// percent-encoded, `&`, `=`, `+` and `#` included, so that either space
/// convention reads them back; in a [form](Self::form) a space is written
/// `+` and `+` reads as a space.
///
/// The `&`/`=` structure is the HTML form convention; RFC 3986 section 3.4
/// gives the query no structure.
///
/// ```
/// use urikit::QueryParams;
///
/// let mut p = QueryParams::parse("b=2&a=1&b=3&flag")?;
/// assert_eq!(p.get_all("b").map(|v| v.value().unwrap().into_owned()).collect::<Vec<_>>(), ["2", "3"]);
/// p.set("b", "x&y");
/// p.append("c", "");
/// p.remove("flag");
/// p.sort_by_key();
/// assert_eq!(p.to_string(), "a=1&b=x%26y&c=");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryParams {
    /// The encoded query: the parameters joined by single separators, none
    /// empty.
    text: String,
    /// How many parameters `text` holds.
    len: usize,
    form: bool,
    /// What joins the parameters: `&` unless [`QueryParams::parse_separated`]
    /// says otherwise.
    sep: u8,
}

impl Default for QueryParams {
    fn default() -> QueryParams {
        QueryParams {
            text: String::new(),
            len: 0,
            form: false,
            sep: b'&',
        }
    }
}

impl QueryParams {
    /// No parameters, spaces written `%20`.
    ///
    /// ```
    /// assert!(urikit::QueryParams::new().is_empty());
    /// ```
    pub fn new() -> QueryParams {
        QueryParams::default()
    }

    /// Reads an encoded query (without its `?`), checked against RFC 3986's
    /// `query` rule (section 3.4).
    ///
    /// # Errors
    ///
    /// The first byte the `query` rule does not allow: `invalid-char` (or
    /// `invalid-percent-encoding` for a `%` without two hexadecimal digits),
    /// at its offset.
    ///
    /// ```
    /// let e = urikit::QueryParams::parse("a=%G0").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (urikit::ErrorKind::InvalidPercentEncoding, 2));
    /// ```
    pub fn parse(query: &str) -> Result<QueryParams, Error> {
        QueryParams::parse_separated(query, '&')
    }

    /// Reads an encoded query whose parameters are joined by `sep` instead
    /// of `&` (as some servers write `a=1;b=2`); the parameters then keep
    /// that separator.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse); and
    /// [`InvalidChar`](ErrorKind::InvalidChar) at byte 0 when `sep` is no
    /// character a query may hold, or is `=` or `%`.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse_separated("a=1;b=2;a=3", ';')?;
    /// assert_eq!(p.get_all("a").count(), 2);
    /// assert!(urikit::QueryParams::parse_separated("a", '=').is_err());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn parse_separated(query: &str, sep: char) -> Result<QueryParams, Error> {
        let sep = separator_byte(sep).ok_or(Error::new(ErrorKind::InvalidChar, 0))?;
        let b = query.as_bytes();
        let end = crate::parse::scan::scan(b, 0, &QUERY);
        if end < b.len() {
            return Err(crate::parse::unexpected(b, end, ErrorKind::InvalidChar));
        }
        Ok(QueryParams::of_valid(query, sep))
    }

    /// The parameters of a query known to be valid, joined by `sep`.
    fn of_valid(query: &str, sep: u8) -> QueryParams {
        let mut p = QueryParams {
            sep,
            ..QueryParams::new()
        };
        p.text.reserve(query.len());
        for (k, v) in QueryPairs::separated(Some(PctStr::new_unchecked(query)), sep) {
            p.push_encoded(k.as_str(), v.map(PctStr::as_str));
        }
        p
    }

    /// A form (`application/x-www-form-urlencoded`, as HTML forms send):
    /// `+` reads as a space, and a space in new keys and values is written
    /// `+`. Otherwise (the default) a space is `%20` and `+` is a plus sign,
    /// RFC 3986's generic encoding.
    ///
    /// ```
    /// use urikit::QueryParams;
    ///
    /// let p = QueryParams::parse("q=a+b")?.form(true);
    /// assert_eq!(p.get("q").unwrap().value().as_deref(), Some("a b"));
    /// let mut p = QueryParams::new().form(true);
    /// p.append("q", "a b");
    /// assert_eq!(p.to_string(), "q=a+b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn form(mut self, on: bool) -> QueryParams {
        self.form = on;
        self
    }

    /// The number of parameters.
    ///
    /// ```
    /// assert_eq!(urikit::QueryParams::parse("a&b=1&&")?.len(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no parameters.
    ///
    /// ```
    /// assert!(urikit::QueryParams::parse("")?.is_empty());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The encoded query, without `?`.
    ///
    /// ```
    /// assert_eq!(urikit::QueryParams::parse("a=1&&b")?.as_str(), "a=1&b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The parameters in order.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("x=1&y")?;
    /// let keys: Vec<_> = p.iter().map(|p| p.key().into_owned()).collect();
    /// assert_eq!(keys, ["x", "y"]);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Param<'_>> + '_ {
        let form = self.form;
        QueryPairs::separated(Some(PctStr::new_unchecked(&self.text)), self.sep)
            .map(move |(key, value)| Param { key, value, form })
    }

    /// The first parameter whose decoded key is `key`.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("%61=1&a=2")?;
    /// assert_eq!(p.get("a").unwrap().value().as_deref(), Some("1"));
    /// assert!(p.get("b").is_none());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn get(&self, key: &str) -> Option<Param<'_>> {
        self.iter().find(|p| p.key_is(key))
    }

    /// Every parameter whose decoded key is `key`, in order.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("t=1&u=2&t=3")?;
    /// assert_eq!(p.get_all("t").count(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn get_all<'s, 'k>(&'s self, key: &'k str) -> impl Iterator<Item = Param<'s>> + 'k
    where
        's: 'k,
    {
        self.iter().filter(move |p| p.key_is(key))
    }

    /// Adds one encoded parameter at the end.
    fn push_encoded(&mut self, key: &str, value: Option<&str>) {
        if !self.text.is_empty() {
            self.text.push(char::from(self.sep));
        }
        self.text.push_str(key);
        if let Some(v) = value {
            self.text.push('=');
            self.text.push_str(v);
        }
        self.len += 1;
    }

    /// Writes `key[=value]`, encoded, at the end of `out`.
    fn write_new(&self, out: &mut String, key: &str, value: Option<&str>) {
        encode_into(out, key, &QUERY_PARAM, self.form);
        if let Some(v) = value {
            out.push('=');
            encode_into(out, v, &QUERY_PARAM, self.form);
        }
    }

    /// Adds `key=value` at the end (both plain text, encoded here).
    ///
    /// ```
    /// let mut p = urikit::QueryParams::new();
    /// p.append("a=b", "c&d");
    /// assert_eq!(p.to_string(), "a%3Db=c%26d");
    /// ```
    pub fn append(&mut self, key: &str, value: &str) {
        if !self.text.is_empty() {
            self.text.push(char::from(self.sep));
        }
        let mut text = core::mem::take(&mut self.text);
        self.write_new(&mut text, key, Some(value));
        self.text = text;
        self.len += 1;
    }

    /// Adds `key` without `=` at the end. An empty key without `=` would be
    /// an empty piece, which a query cannot hold apart from nothing (it
    /// would not read back): `append_flag("")` adds nothing. Write
    /// [`append`](Self::append)`("", "")` for `=`.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::new();
    /// p.append_flag("debug");
    /// p.append("empty", "");
    /// p.append_flag("");
    /// assert_eq!(p.to_string(), "debug&empty=");
    /// assert_eq!(p.len(), 2);
    /// ```
    pub fn append_flag(&mut self, key: &str) {
        if key.is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push(char::from(self.sep));
        }
        let mut text = core::mem::take(&mut self.text);
        self.write_new(&mut text, key, None);
        self.text = text;
        self.len += 1;
    }

    /// Keeps the parameters for which `keep` is true, in order.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("utm_source=x&id=7&utm_medium=y")?;
    /// p.retain(|p| !p.key().starts_with("utm_"));
    /// assert_eq!(p.to_string(), "id=7");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Param<'_>) -> bool) {
        let mut kept = QueryParams {
            text: String::with_capacity(self.text.len()),
            len: 0,
            form: self.form,
            sep: self.sep,
        };
        for p in self.iter() {
            if keep(&p) {
                kept.push_encoded(p.key_encoded(), p.value_encoded());
            }
        }
        *self = kept;
    }

    /// Sets `key` to `value`: the first parameter with the key takes the
    /// value in its place and the others are removed; without one, the
    /// parameter is appended.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("a=1&b=2&a=3")?;
    /// p.set("a", "9");
    /// assert_eq!(p.to_string(), "a=9&b=2");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set(&mut self, key: &str, value: &str) {
        let mut new = String::new();
        self.write_new(&mut new, key, Some(value));
        let mut kept = QueryParams {
            text: String::with_capacity(self.text.len() + new.len()),
            len: 0,
            form: self.form,
            sep: self.sep,
        };
        let mut done = false;
        for p in self.iter() {
            if !p.key_is(key) {
                kept.push_encoded(p.key_encoded(), p.value_encoded());
            } else if !done {
                kept.push_encoded(&new, None);
                done = true;
            }
        }
        if !done {
            kept.push_encoded(&new, None);
        }
        *self = kept;
    }

    /// Removes every parameter with `key`; returns how many there were.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("a=1&b&a")?;
    /// assert_eq!(p.remove("a"), 2);
    /// assert_eq!(p.to_string(), "b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn remove(&mut self, key: &str) -> usize {
        let before = self.len;
        self.retain(|p| !p.key_is(key));
        before - self.len
    }

    /// Removes every parameter whose decoded key matches the glob
    /// `pattern`: `*` stands for any run of bytes (none included), `?` for
    /// one byte, and every other byte for itself (`utm_*` removes
    /// `utm_source` and `utm_medium`). Returns how many were removed. The
    /// match takes time proportional to the key's length times the
    /// pattern's at worst.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("utm_source=x&id=7&utm%5Fmedium=y&fbclid=z")?;
    /// assert_eq!(p.remove_matching("utm_*"), 2);
    /// assert_eq!(p.remove_matching("?bclid"), 1);
    /// assert_eq!(p.to_string(), "id=7");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn remove_matching(&mut self, pattern: &str) -> usize {
        let before = self.len;
        let form = self.form;
        let mut key = alloc::vec::Vec::new();
        self.retain(|p| {
            key.clear();
            key.extend(p.key.decoded_bytes_as(form));
            !glob_matches(pattern.as_bytes(), &key)
        });
        before - self.len
    }

    /// Sorts by decoded key (compared byte by byte), keeping the order of
    /// equal keys (a stable sort). The keys are compared where they lie,
    /// without decoding them into copies: the sort needs one index entry
    /// per parameter beside the query.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("b=1&a=2&b=0&%61=3")?;
    /// p.sort_by_key();
    /// assert_eq!(p.to_string(), "a=2&%61=3&b=1&b=0");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn sort_by_key(&mut self) {
        self.text = match u32::try_from(self.text.len()) {
            Ok(_) => sorted::<u32>(&self.text, self.form, self.sep),
            Err(_) => sorted::<usize>(&self.text, self.form, self.sep),
        };
    }
}

/// An offset stored as narrowly as the text allows.
trait Offset: Copy {
    fn from_usize(i: usize) -> Option<Self>;
    fn get(self) -> usize;
}

impl Offset for u32 {
    fn from_usize(i: usize) -> Option<u32> {
        u32::try_from(i).ok()
    }
    fn get(self) -> usize {
        self as usize
    }
}

impl Offset for usize {
    fn from_usize(i: usize) -> Option<usize> {
        Some(i)
    }
    fn get(self) -> usize {
        self
    }
}

/// The parameters of `text` (joined by single `sep`s) sorted by decoded
/// key, stably, with `I` wide enough for the offsets.
fn sorted<I: Offset>(text: &str, form: bool, sep: u8) -> String {
    let b = text.as_bytes();
    let to_index = I::from_usize;
    let starts: Option<Vec<I>> = core::iter::once(0)
        .chain(memchr::memchr_iter(sep, b).map(|i| i + 1))
        .filter(|_| !text.is_empty())
        .map(to_index)
        .collect();
    let Some(mut starts) = starts else {
        return String::from(text);
    };
    crate::work::add(b.len());
    let key = |start: I| {
        let s = start.get();
        let end = b[s..]
            .iter()
            .position(|&c| c == sep || c == b'=')
            .map_or(b.len(), |k| s + k);
        PctStr::new_unchecked(&text[s..end]).decoded_bytes_as(form)
    };
    // Unstable, but ties are broken by position: a stable order without a
    // merge sort's scratch buffer.
    starts.sort_unstable_by(|&x, &y| match key(x).cmp(key(y)) {
        Ordering::Equal => x.get().cmp(&y.get()),
        o => o,
    });
    let mut out = String::with_capacity(text.len());
    for start in starts {
        let s = start.get();
        let end = memchr::memchr(sep, &b[s..]).map_or(b.len(), |k| s + k);
        if !out.is_empty() {
            out.push(char::from(sep));
        }
        out.push_str(&text[s..end]);
    }
    out
}

impl fmt::Display for QueryParams {
    /// The encoded query, without `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl UriRefBuf {
    /// The query's parameters (none without a query), spaces written `%20`
    /// unless [`QueryParams::form`] says otherwise.
    ///
    /// ```
    /// let u = urikit::UriRefBuf::parse("/s?q=1&x")?;
    /// assert_eq!(u.query_params().len(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn query_params(&self) -> QueryParams {
        self.query().map_or_else(QueryParams::new, |q| {
            QueryParams::of_valid(q.as_str(), b'&')
        })
    }

    /// The query's parameters joined by `sep` instead of `&` (see
    /// [`QueryParams::parse_separated`]).
    ///
    /// # Errors
    ///
    /// [`InvalidChar`](ErrorKind::InvalidChar) at byte 0 when `sep` cannot
    /// join parameters (no query character, `=` or `%`).
    ///
    /// ```
    /// let u = urikit::UriRefBuf::parse("/s?a=1;b=2")?;
    /// assert_eq!(u.query_params_separated(';')?.len(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn query_params_separated(&self, sep: char) -> Result<QueryParams, Error> {
        let sep = separator_byte(sep).ok_or(Error::new(ErrorKind::InvalidChar, 0))?;
        Ok(QueryParams {
            sep,
            ..self
                .query()
                .map_or_else(QueryParams::new, |q| QueryParams::of_valid(q.as_str(), sep))
        })
    }

    /// Writes `params` as the query; with no parameters the query is
    /// removed.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::DialectMismatch`] for a reference of another dialect
    /// that RFC 3986 does not accept (see the editing methods).
    ///
    /// ```
    /// use urikit::UriRefBuf;
    ///
    /// let mut u = UriRefBuf::parse("http://h/s?b=2&a=1#f")?;
    /// let mut p = u.query_params().form(true);
    /// p.append("q", "x y");
    /// p.sort_by_key();
    /// u.set_query_params(&p)?;
    /// assert_eq!(u.as_str(), "http://h/s?a=1&b=2&q=x+y#f");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn set_query_params(&mut self, params: &QueryParams) -> Result<(), Error> {
        if params.is_empty() {
            return self.set_query_encoded(None);
        }
        self.set_query_encoded(Some(params.as_str()))
    }
}

/// `sep` as the byte that joins a query's parameters: a character a query
/// may hold (RFC 3986 section 3.4), but `=` (between key and value) and `%`
/// (of `%HH`).
fn separator_byte(sep: char) -> Option<u8> {
    let b = u8::try_from(u32::from(sep)).ok()?;
    (QUERY.allows(b) && b != b'=' && b != b'%').then_some(b)
}

/// Whether `text` matches the glob `pat` (`*` any run, `?` one byte): the
/// greedy match that goes back only to the last `*`, in time proportional
/// to `text.len() * pat.len()` at worst and no memory.
fn glob_matches(pat: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    // The last `*` seen, and where in `text` it was tried from.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        crate::work::add(1);
        match pat.get(p) {
            Some(b'*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == b'?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                // The `*` takes one more byte.
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pat[p..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn globs() {
        let m = |p: &str, t: &str| glob_matches(p.as_bytes(), t.as_bytes());
        assert!(m("utm_*", "utm_"));
        assert!(m("utm_*", "utm_source"));
        assert!(!m("utm_*", "xutm_source"));
        assert!(m("*id", "fbclid"));
        assert!(m("*", ""));
        assert!(m("", ""));
        assert!(!m("", "a"));
        assert!(m("a?c", "abc"));
        assert!(!m("a?c", "ac"));
        assert!(m("a*b*c", "aXbYbZc"));
        assert!(!m("a*b*c", "aXbYbZ"));
        assert!(m("**a**", "bab"));
    }

    /// Backtracking goes back to the last `*` only: a hostile pattern on a
    /// long key costs at most the product of their lengths.
    #[cfg(feature = "count-work")]
    #[test]
    fn globs_are_bounded_by_the_product_of_lengths() {
        let key = "a".repeat(4000);
        let (work, matched) = crate::count_work(|| glob_matches(b"*a*a*a*b", key.as_bytes()));
        assert!(!matched);
        assert!(work <= 8 * key.len() as u64, "{work}");
    }
}
