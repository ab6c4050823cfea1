//! Variables (RFC 6570 section 2.3): a [`Value`] is a string, a list or an
//! associative array; [`Vars`] is where expansion looks them up, and
//! [`Variables`] the set the library builds (and matching returns).
//!
//! May use: nothing of the crate.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A variable's value (section 2.3): a string, a list of strings, or an
/// associative array of (name, value) pairs in order. An empty list or
/// array is undefined, as the variable itself would be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string (the empty string is defined).
    String(String),
    /// A list.
    List(Vec<String>),
    /// An associative array, in order.
    Assoc(Vec<(String, String)>),
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

/// Where a template's variables come from.
pub trait Vars {
    /// The value of `name`, or `None` when undefined.
    fn get(&self, name: &str) -> Option<&Value>;
}

impl Vars for BTreeMap<String, Value> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name)
    }
}

#[cfg(feature = "std")]
impl<S: core::hash::BuildHasher> Vars for std::collections::HashMap<String, Value, S> {
    fn get(&self, name: &str) -> Option<&Value> {
        std::collections::HashMap::get(self, name)
    }
}

/// A set of variables, built by chaining or collected from `(name,
/// value)` pairs (a name given twice keeps its last value), kept in name
/// order.
///
/// ```
/// use urikit::template::{Template, Variables};
///
/// let vars = Variables::new()
///     .list("list", ["red", "green", "blue"])
///     .assoc("keys", [("semi", ";"), ("dot", "."), ("comma", ",")]);
/// assert_eq!(Template::parse("{list}")?.expand(&vars)?, "red,green,blue");
/// assert_eq!(Template::parse("{?keys*}")?.expand(&vars)?, "?semi=%3B&dot=.&comma=%2C");
/// # Ok::<(), urikit::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variables(
    /// Sorted by name, each name once: looked up by binary search, and
    /// cheaper to build and drop than a tree for the few variables a
    /// template has.
    Vec<(String, Value)>,
);

impl Variables {
    /// No variables.
    pub fn new() -> Variables {
        Variables::default()
    }

    /// With `name` set to a string.
    #[must_use]
    pub fn set(self, name: &str, value: &str) -> Variables {
        self.value(name, Value::String(value.to_string()))
    }

    /// With `name` set to a list.
    #[must_use]
    pub fn list<I: IntoIterator<Item = S>, S: AsRef<str>>(self, name: &str, items: I) -> Variables {
        let items = items.into_iter().map(|s| s.as_ref().to_string()).collect();
        self.value(name, Value::List(items))
    }

    /// With `name` set to an associative array.
    #[must_use]
    pub fn assoc<I, K, V>(self, name: &str, pairs: I) -> Variables
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let pairs = pairs
            .into_iter()
            .map(|(k, v)| (k.as_ref().to_string(), v.as_ref().to_string()))
            .collect();
        self.value(name, Value::Assoc(pairs))
    }

    /// With `name` set to `value` (names given in order are added at the
    /// end; for many variables in any order, collect them instead).
    #[must_use]
    pub fn value(mut self, name: &str, value: Value) -> Variables {
        match self.find(name) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name.to_string(), value)),
        }
        self
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }

    /// From pairs in any order: sorted once, the last value of a name
    /// kept.
    fn from_pairs(mut pairs: Vec<(String, Value)>) -> Variables {
        // Most come in name order already (matching gives them so).
        if pairs.windows(2).all(|w| w[0].0 < w[1].0) {
            return Variables(pairs);
        }
        // A stable sort keeps equal names in the order given.
        pairs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(String, Value)> = Vec::with_capacity(pairs.len());
        for pair in pairs {
            match out.last_mut() {
                Some(last) if last.0 == pair.0 => *last = pair,
                _ => out.push(pair),
            }
        }
        Variables(out)
    }
}

/// Collects `(name, value)` pairs; a name given twice keeps its last
/// value.
///
/// ```
/// use urikit::template::{Value, Variables};
///
/// let vars: Variables = [("b", "2"), ("a", "1"), ("b", "3")]
///     .into_iter()
///     .map(|(n, v)| (n.to_string(), Value::String(v.into())))
///     .collect();
/// assert_eq!(vars.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(vars.get("b"), Some(&Value::String("3".into())));
/// ```
impl FromIterator<(String, Value)> for Variables {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Variables {
        Variables::from_pairs(iter.into_iter().collect())
    }
}

impl Variables {
    /// The value of `name`.
    ///
    /// ```
    /// use urikit::template::{Value, Variables};
    /// let v = Variables::new().set("a", "1");
    /// assert_eq!(v.get("a"), Some(&Value::String("1".into())));
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value> {
        if self.0.len() <= 32 {
            // A few: compared by length first, without a search's
            // unpredictable branches.
            return self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v);
        }
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    /// The variables, by name.
    ///
    /// ```
    /// let v = urikit::template::Variables::new().set("b", "2").set("a", "1");
    /// assert_eq!(v.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many variables there are.
    ///
    /// ```
    /// assert_eq!(urikit::template::Variables::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    ///
    /// ```
    /// assert!(urikit::template::Variables::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Vars for Variables {
    fn get(&self, name: &str) -> Option<&Value> {
        Variables::get(self, name)
    }
}
