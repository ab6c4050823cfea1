//! publicsuffix.org/list/'s "Formal algorithm" written out plainly, the
//! reference the Public Suffix List's tests (`psl.rs`) and its fuzz target
//! (`fuzz/fuzz_targets/psl.rs`, which includes this file) hold the table
//! to.

use std::collections::HashSet;

/// The punycode form of a name, label by label (UTS #46 ToASCII).
pub fn ascii(name: &str) -> String {
    name.split('.')
        .map(|l| {
            if l.is_ascii() {
                l.to_ascii_lowercase()
            } else {
                idna::domain_to_ascii(l).unwrap()
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// publicsuffix.org/list/, "Formal algorithm", over sets of rule texts:
/// every rule that matches is found by trying each suffix of the name
/// against the normal, wildcard and exception sets.
pub struct Plain {
    normal: HashSet<String>,
    wild: HashSet<String>,
    except: HashSet<String>,
}

impl Plain {
    /// The rules of both sections, or of the ICANN section alone.
    pub fn read(text: &str, icann_only: bool) -> Plain {
        Plain::read_where(text, |private| !(private && icann_only))
    }

    /// The rules of the sections `keep` takes (given whether the section
    /// is the private one).
    pub fn read_where(text: &str, keep: impl Fn(bool) -> bool) -> Plain {
        let mut p = Plain {
            normal: HashSet::new(),
            wild: HashSet::new(),
            except: HashSet::new(),
        };
        // The sections as the list's file marks them: comment lines of
        // `// ===BEGIN PRIVATE DOMAINS===` and its END (or the ICANN
        // section's BEGIN).
        let mut private = false;
        for line in text.lines() {
            let line = line.trim_start_matches('\u{feff}');
            if let Some(c) = line.strip_prefix("//").map(str::trim) {
                if c.starts_with("===BEGIN PRIVATE DOMAINS===") {
                    private = true;
                } else if c.starts_with("===END PRIVATE DOMAINS===")
                    || c.starts_with("===BEGIN ICANN DOMAINS===")
                {
                    private = false;
                }
                continue;
            }
            let rule = line.split_whitespace().next().unwrap_or("");
            if rule.is_empty() || rule.starts_with("//") || !keep(private) {
                continue;
            }
            let lower = |r: &str| ascii(r);
            if let Some(r) = rule.strip_prefix('!') {
                p.except.insert(lower(r));
                p.except.insert(r.to_owned());
            } else if let Some(r) = rule.strip_prefix("*.") {
                p.wild.insert(lower(r));
                p.wild.insert(r.to_owned());
            } else {
                p.normal.insert(lower(rule));
                p.normal.insert(rule.to_owned());
            }
        }
        p
    }

    /// Whether `t` (lower case) is a normal rule, a wildcard's parent, an
    /// exception.
    pub fn flags(&self, t: &str) -> (bool, bool, bool) {
        (
            self.normal.contains(t),
            self.wild.contains(t),
            self.except.contains(t),
        )
    }

    /// Every name that is a rule's or ends one (the list's tree, without
    /// its root).
    pub fn nodes(&self) -> HashSet<String> {
        let mut nodes = HashSet::new();
        for r in self.normal.iter().chain(&self.wild).chain(&self.except) {
            let labels: Vec<&str> = r.split('.').collect();
            for k in 0..labels.len() {
                nodes.insert(labels[k..].join("."));
            }
        }
        nodes
    }

    /// The number of labels of the public suffix of a lower-case name.
    pub fn suffix_labels(&self, name: &str) -> usize {
        let labels: Vec<&str> = name.split('.').collect();
        let n = labels.len();
        let tail = |k: usize| labels[n - k..].join(".");
        let mut best = 1;
        for k in 1..=n {
            let t = tail(k);
            if self.except.contains(&t) {
                return k - 1;
            }
            if self.normal.contains(&t) || (k >= 2 && self.wild.contains(&tail(k - 1))) {
                best = best.max(k);
            }
        }
        best
    }
}
