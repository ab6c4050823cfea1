//! Query parameters as an editable ordered multimap.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::pct::{push_escape, PctStr};
use crate::table::{Table, ALPHA, DIGIT};
use crate::{Error, ErrorKind, UriRefBuf};

/// How a space is written in parameters, and how `+` is read.
///
/// ```
/// use urikit::{QueryParams, Spaces};
///
/// let mut p = QueryParams::new().spaces(Spaces::Plus);
/// p.append("q", "a b");
/// assert_eq!(p.to_string(), "q=a+b");
/// let mut p = QueryParams::new();
/// p.append("q", "a b");
/// assert_eq!(p.to_string(), "q=a%20b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Spaces {
    /// `%20`, and `+` is a plus sign: RFC 3986's generic encoding (the
    /// default).
    #[default]
    Percent,
    /// `+`, and `+` reads as a space: `application/x-www-form-urlencoded`,
    /// as HTML forms send.
    Plus,
}

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
    key: &'a str,
    value: Option<&'a str>,
    spaces: Spaces,
}

impl<'a> Param<'a> {
    /// The key, decoded (bytes that are not UTF-8 become U+FFFD).
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("a%20b=1")?;
    /// assert_eq!(p.iter().next().unwrap().key(), "a b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        decode(self.key, self.spaces)
    }

    /// The value, decoded; `None` for a parameter written without `=`.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("k=%C3%A9")?;
    /// assert_eq!(p.get("k").unwrap().value().as_deref(), Some("é"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn value(&self) -> Option<Cow<'a, str>> {
        self.value.map(|v| decode(v, self.spaces))
    }

    /// The key as written.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("a%20b")?;
    /// assert_eq!(p.iter().next().unwrap().key_encoded(), "a%20b");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn key_encoded(&self) -> &'a str {
        self.key
    }

    /// The value as written.
    ///
    /// ```
    /// let p = urikit::QueryParams::parse("k=a+b")?;
    /// assert_eq!(p.get("k").unwrap().value_encoded(), Some("a+b"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn value_encoded(&self) -> Option<&'a str> {
        self.value
    }
}

fn decode(s: &str, spaces: Spaces) -> Cow<'_, str> {
    let p = PctStr::new_unchecked(s);
    let bytes = match spaces {
        Spaces::Percent => p.decode(),
        Spaces::Plus => p.decode_form(),
    };
    match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
    }
}

/// Whether a stored (encoded) key is `key` once decoded.
fn key_matches(stored: &str, key: &str, spaces: Spaces) -> bool {
    stored == key || decode(stored, spaces) == key
}

/// What a key or value keeps as it is: the query characters except the
/// delimiters `&`, `=`, `+` (ambiguous between the two space conventions)
/// and `#`.
const PARAM: Table = ALPHA.or(DIGIT).or(Table::new(b"-._~!$'()*,;:@/?"));

fn push_encoded(out: &mut String, text: &str, spaces: Spaces) {
    for &c in text.as_bytes() {
        if PARAM.allows(c) {
            out.push(c as char);
        } else if c == b' ' && spaces == Spaces::Plus {
            out.push('+');
        } else {
            push_escape(out, c);
        }
    }
}

/// The parameters of a query (`k=v&flag&k=w`), in order, keys repeatable:
/// an editable ordered multimap.
///
/// Parameters are kept as written until edited, so reading and writing
/// back changes nothing else, except that empty pieces (`a&&b`) are
/// dropped. A parameter without `=` (`flag`) stays apart from one with an
/// empty value (`flag=`). Keys are compared decoded. New keys and values
/// are encoded with everything outside the query characters, and `&`, `=`,
/// `+` and `#`, written `%HH`, and a space as [`Spaces`] says.
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryParams {
    params: Vec<(String, Option<String>)>,
    spaces: Spaces,
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
    /// ```
    /// let e = urikit::QueryParams::parse("a=%G0").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (urikit::ErrorKind::InvalidPercentEncoding, 2));
    /// ```
    pub fn parse(query: &str) -> Result<QueryParams, Error> {
        let b = query.as_bytes();
        let end = crate::parse::scan(b, 0, &crate::table::QUERY);
        if end < b.len() {
            return Err(crate::parse::unexpected(b, end, ErrorKind::InvalidChar));
        }
        let params = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| match p.split_once('=') {
                Some((k, v)) => (k.into(), Some(v.into())),
                None => (p.into(), None),
            })
            .collect();
        Ok(QueryParams {
            params,
            spaces: Spaces::default(),
        })
    }

    /// Chooses how spaces are written in new parameters and how `+` reads.
    ///
    /// ```
    /// use urikit::{QueryParams, Spaces};
    /// let p = QueryParams::parse("q=a+b")?.spaces(Spaces::Plus);
    /// assert_eq!(p.get("q").unwrap().value().as_deref(), Some("a b"));
    /// # Ok::<(), urikit::Error>(())
    /// ```
    #[must_use]
    pub fn spaces(mut self, spaces: Spaces) -> QueryParams {
        self.spaces = spaces;
        self
    }

    /// The number of parameters.
    ///
    /// ```
    /// assert_eq!(urikit::QueryParams::parse("a&b=1&&")?.len(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.params.len()
    }

    /// Whether there are no parameters.
    ///
    /// ```
    /// assert!(urikit::QueryParams::parse("")?.is_empty());
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.params.is_empty()
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
        self.params.iter().map(|(k, v)| Param {
            key: k,
            value: v.as_deref(),
            spaces: self.spaces,
        })
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
        self.iter().find(|p| key_matches(p.key, key, self.spaces))
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
        self.iter()
            .filter(move |p| key_matches(p.key, key, self.spaces))
    }

    fn encoded(&self, key: &str, value: Option<&str>) -> (String, Option<String>) {
        let mut k = String::with_capacity(key.len());
        push_encoded(&mut k, key, self.spaces);
        let v = value.map(|v| {
            let mut s = String::with_capacity(v.len());
            push_encoded(&mut s, v, self.spaces);
            s
        });
        (k, v)
    }

    /// Adds `key=value` at the end (both plain text, encoded here).
    ///
    /// ```
    /// let mut p = urikit::QueryParams::new();
    /// p.append("a=b", "c&d");
    /// assert_eq!(p.to_string(), "a%3Db=c%26d");
    /// ```
    pub fn append(&mut self, key: &str, value: &str) {
        let pair = self.encoded(key, Some(value));
        self.params.push(pair);
    }

    /// Adds `key` without `=` at the end.
    ///
    /// ```
    /// let mut p = urikit::QueryParams::new();
    /// p.append_flag("debug");
    /// p.append("empty", "");
    /// assert_eq!(p.to_string(), "debug&empty=");
    /// ```
    pub fn append_flag(&mut self, key: &str) {
        let pair = self.encoded(key, None);
        self.params.push(pair);
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
        let pair = self.encoded(key, Some(value));
        match self
            .params
            .iter()
            .position(|(k, _)| key_matches(k, key, self.spaces))
        {
            Some(first) => {
                self.params[first] = pair;
                let mut i = 0;
                let spaces = self.spaces;
                self.params.retain(|(k, _)| {
                    i += 1;
                    i - 1 == first || !key_matches(k, key, spaces)
                });
            }
            None => self.params.push(pair),
        }
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
        let before = self.params.len();
        let spaces = self.spaces;
        self.params.retain(|(k, _)| !key_matches(k, key, spaces));
        before - self.params.len()
    }

    /// Sorts by decoded key, keeping the order of equal keys (a stable
    /// sort).
    ///
    /// ```
    /// let mut p = urikit::QueryParams::parse("b=1&a=2&b=0")?;
    /// p.sort_by_key();
    /// assert_eq!(p.to_string(), "a=2&b=1&b=0");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn sort_by_key(&mut self) {
        let spaces = self.spaces;
        self.params
            .sort_by_cached_key(|(k, _)| decode(k, spaces).into_owned());
    }
}

impl fmt::Display for QueryParams {
    /// The encoded query, without `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, v)) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str("&")?;
            }
            f.write_str(k)?;
            if let Some(v) = v {
                write!(f, "={v}")?;
            }
        }
        Ok(())
    }
}

impl UriRefBuf {
    /// The query's parameters (none without a query), spaces written `%20`
    /// unless [`QueryParams::spaces`] says otherwise.
    ///
    /// ```
    /// let u = urikit::UriRefBuf::parse("/s?q=1&x".into())?;
    /// assert_eq!(u.query_params().len(), 2);
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn query_params(&self) -> QueryParams {
        let q = self.query().map_or("", |q| q.as_str());
        QueryParams::parse(q).unwrap_or_default()
    }

    /// Writes `params` as the query; with no parameters the query is
    /// removed.
    ///
    /// ```
    /// use urikit::{Spaces, UriRefBuf};
    ///
    /// let mut u = UriRefBuf::parse("http://h/s?b=2&a=1#f".into())?;
    /// let mut p = u.query_params().spaces(Spaces::Plus);
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
        let q = alloc::string::ToString::to_string(params);
        self.set_query_encoded(Some(&q))
    }
}
