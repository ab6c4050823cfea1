//! `application/x-www-form-urlencoded` (section 5 of the URL Standard):
//! parsing and serializing name-value lists, and the operations of the
//! `URLSearchParams` class (section 6.2) on such a list.
//!
//! May use: `whatwg::encode`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::encode::{self, EncodeSet};

/// The `application/x-www-form-urlencoded` parser (section 5.1): the
/// `&`-separated sequences of `input`, each split at its first `=`, `+`
/// read as a space, then percent-decoded and decoded as UTF-8 (an invalid
/// sequence as U+FFFD).
///
/// ```
/// use urikit::whatwg::form_parse;
/// assert_eq!(form_parse("a=1&&b=x+y%21&c"), [("a".into(), "1".into()),
///     ("b".into(), "x y!".into()), ("c".into(), "".into())]);
/// ```
pub fn form_parse(input: &str) -> Vec<(String, String)> {
    input
        .split('&')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (name, value) = s.split_once('=').unwrap_or((s, ""));
            (decode(name), decode(value))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let plus: Vec<u8> = s
        .bytes()
        .map(|b| if b == b'+' { b' ' } else { b })
        .collect();
    String::from_utf8_lossy(&encode::decode(&plus)).into_owned()
}

/// The `application/x-www-form-urlencoded` serializer (section 5.2): each
/// name and value percent-encoded with the form set, spaces as `+`,
/// joined by `=` and `&`.
///
/// ```
/// use urikit::whatwg::form_serialize;
/// assert_eq!(form_serialize([("q", "a b&c"), ("é", "~")]), "q=a+b%26c&%C3%A9=%7E");
/// ```
pub fn form_serialize<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::new();
    for (i, (name, value)) in pairs.into_iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        push_form(&mut out, name);
        out.push('=');
        push_form(&mut out, value);
    }
    out
}

fn push_form(out: &mut String, s: &str) {
    for c in s.chars() {
        if c == ' ' {
            out.push('+');
        } else {
            encode::push(out, c, EncodeSet::FORM);
        }
    }
}

/// A list of name-value pairs with the operations of `URLSearchParams`
/// (section 6.2); [`Url::search_params`](super::Url::search_params) reads
/// one from a URL and [`Url::set_search_params`](super::Url::set_search_params)
/// writes it back.
///
/// ```
/// use urikit::whatwg::SearchParams;
/// let mut p = SearchParams::parse("?b=2&a=1&b=3");
/// assert_eq!(p.get("b"), Some("2"));
/// p.set("b", "4");
/// p.delete("a", None);
/// assert!(p.has("b", Some("4")));
/// assert_eq!(p.to_string(), "b=4");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// The list of `init` (a leading `?` removed), as the constructor
    /// reads a string.
    pub fn parse(init: &str) -> SearchParams {
        SearchParams {
            list: form_parse(init.strip_prefix('?').unwrap_or(init)),
        }
    }

    /// The list `pairs`.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> SearchParams {
        SearchParams { list: pairs }
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.list
    }

    /// How many pairs (`size`).
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Appends a pair (`append`).
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((String::from(name), String::from(value)));
    }

    /// Removes every pair named `name`, or only those whose value is
    /// `value` too (`delete`).
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| !(n == name && value.is_none_or(|value| v == value)));
    }

    /// The first value named `name` (`get`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value named `name`, in order (`getAll`).
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a pair is named `name` (with the value `value`, if given)
    /// (`has`).
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// Sets the first pair named `name` to `value` and removes the others,
    /// or appends the pair (`set`).
    pub fn set(&mut self, name: &str, value: &str) {
        let mut seen = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if seen {
                return false;
            }
            seen = true;
            *v = String::from(value);
            true
        });
        if !seen {
            self.append(name, value);
        }
    }

    /// Sorts the pairs by name, in the order of UTF-16 code units, keeping
    /// the order of equal names (`sort`).
    pub fn sort(&mut self) {
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }
}

impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&form_serialize(
            self.list.iter().map(|(n, v)| (n.as_str(), v.as_str())),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 6.2: sort compares UTF-16 code units, so U+FFFD sorts after
    /// an astral character's surrogates, and equal names keep their order.
    #[test]
    fn sort_by_code_units_and_stable() {
        let mut p = SearchParams::parse("\u{FFFD}=x&\u{1F308}=y&a=1&a=0");
        p.sort();
        let names: Vec<&str> = p.pairs().iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "a", "\u{1F308}", "\u{FFFD}"]);
        assert_eq!(p.get_all("a"), ["1", "0"]);
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(
            form_parse("%FF=%C3"),
            [("\u{FFFD}".into(), "\u{FFFD}".into())]
        );
    }
}
