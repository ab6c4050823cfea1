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

/// `List::tldextract_split`'s documented walk over sets of a list's rules:
/// from the last label, a label that is a node (a rule's name, or the end
/// of one, in either section) is taken where it has a rule or a wildcard
/// in the view, or nothing in it and no wildcard above it; a rule there
/// marks the suffix (and, outside the private section, the registry
/// suffix); the first label not taken under a wildcard is in the suffix,
/// or its parent where an exception names it. No implicit `*`.
pub struct TldPlain {
    icann: Plain,
    private: Plain,
    nodes: HashSet<String>,
}

/// tldextract's parts: subdomain, domain, suffix, is_private,
/// registry_suffix.
pub type TldParts = (String, String, String, bool, String);

impl TldPlain {
    pub fn read(text: &str) -> TldPlain {
        TldPlain {
            icann: Plain::read_where(text, |private| !private),
            private: Plain::read_where(text, |private| private),
            nodes: Plain::read(text, false).nodes(),
        }
    }

    /// The first label of the suffix and of the registry suffix, and
    /// whether the suffix is private, of the labels `lower` (lower case);
    /// `None` where no rule matches.
    pub fn walk(&self, lower: &[&str], with_private: bool) -> Option<(usize, Option<usize>, bool)> {
        // A name's flags in the view: a rule of each section, a wildcard
        // of each, an exception.
        let flags = |t: &str| {
            let (ir, iw, ie) = self.icann.flags(t);
            let (pr, pw, pe) = self.private.flags(t);
            let p = with_private;
            (ir, pr && p, iw, pw && p, ie || pe && p)
        };
        let (mut here_wild, mut here_private_wild) = (false, false);
        let (mut taken, mut split, mut registry) = (None, None, None);
        for k in (0..lower.len()).rev() {
            let t = lower[k..].join(".");
            let (ir, pr, iw, pw, ex) = flags(&t);
            let none = !(ir || pr || iw || pw || ex);
            let explicit = self.nodes.contains(&t) && (ir || pr || iw || pw || none && !here_wild);
            if explicit {
                taken = Some(k);
                (here_wild, here_private_wild) = (iw || pw, pw);
                if ir || pr {
                    if !pr {
                        registry = Some(k);
                    }
                    split = Some((k, pr));
                }
                continue;
            }
            if here_wild {
                let suffix = if ex { taken.unwrap_or(k) } else { k };
                return Some((suffix, registry, here_private_wild));
            }
            break;
        }
        split.map(|(suffix, p)| (suffix, registry, p))
    }

    /// The parts `tldextract.extract` gives a host `name` of labels
    /// (none empty), as written, by [`walk`](Self::walk).
    pub fn parts(&self, name: &str, with_private: bool) -> TldParts {
        let lower = name.to_ascii_lowercase();
        let low: Vec<&str> = lower.split('.').collect();
        let labels: Vec<&str> = name.split('.').collect();
        let n = labels.len();
        let Some((s, r, p)) = self.walk(&low, with_private) else {
            let (sub, last) = (labels[..n - 1].join("."), labels[n - 1].to_owned());
            return (sub, last, String::new(), false, String::new());
        };
        let suffix = labels[s..].join(".");
        let registry = match (p, r) {
            (false, _) => suffix.clone(),
            (true, Some(r)) => labels[r..].join("."),
            (true, None) => String::new(),
        };
        let (sub, domain) = match s.checked_sub(1) {
            None => (String::new(), String::new()),
            Some(d) => (labels[..d].join("."), labels[d].to_owned()),
        };
        (sub, domain, suffix, p, registry)
    }
}
