//! RFC 3986 section 5.2 shown one step at a time, for the page: which
//! branch of the transform (5.2.2) a reference takes, the merge (5.2.3) and
//! each pass of `remove_dot_segments` (5.2.4) with its rule letter and both
//! buffers, as the RFC's own example in section 5.2.4 lays them out.
//!
//! This is a presentation of the RFC's pseudo-code, not a second resolver:
//! the page shows the library's result, and the tests check that the last
//! step of every trace is that result (the section 5.4 examples and
//! generated references).

use urikit::UriRef;

/// One line of the trace: the rule it follows and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Where the rule is written (`"5.2.2"`, `"5.2.4 B"`, ...).
    pub rule: &'static str,
    /// What the step did, in words, with the values it produced.
    pub text: String,
    /// For the passes of 5.2.4: the input buffer and the output buffer
    /// after the step.
    pub buffers: Option<(String, String)>,
}

/// At most this many passes of 5.2.4 are written out; a longer path is
/// summed up in one line, so that a trace stays in proportion to what a
/// person can read (and memory to the input, never its square).
pub const MAX_PASSES: usize = 64;

/// The steps of resolving `r` against `base` (both read by a dialect of
/// the RFC 3986 family) and the target's text they give.
pub fn resolution(base: UriRef<'_>, r: UriRef<'_>) -> (Vec<Step>, String) {
    let mut steps = Vec::new();
    let mut say = |rule, text: String| {
        steps.push(Step {
            rule,
            text,
            buffers: None,
        })
    };
    say("5.2.1", format!("Base: {}.", described(base, false)));
    say("5.2.1", format!("Reference: {}.", described(r, true)));
    let r_path = r.path().as_str();
    let r_query = r.query().map(|q| q.as_str());
    let base_auth = base.authority().map(|a| a.as_str());
    let (scheme, authority, path_in, query, dots);
    if let Some(s) = r.scheme() {
        say(
            "5.2.2",
            "The reference has a scheme: the target takes its scheme, authority and query, and its path without dot-segments.".into(),
        );
        (scheme, authority, path_in, query, dots) = (
            s,
            r.authority().map(|a| a.as_str()),
            r_path.to_owned(),
            r_query,
            true,
        );
    } else if let Some(a) = r.authority() {
        say(
            "5.2.2",
            "The reference has an authority: the target keeps the base's scheme and takes the reference's authority, query, and path without dot-segments.".into(),
        );
        (scheme, authority, path_in, query, dots) = (
            base.scheme().unwrap_or(""),
            Some(a.as_str()),
            r_path.to_owned(),
            r_query,
            true,
        );
    } else if r_path.is_empty() {
        let q = r_query.or(base.query().map(|q| q.as_str()));
        say(
            "5.2.2",
            format!(
                "The reference's path is empty: the target keeps the base's path, and {}.",
                if r_query.is_some() {
                    "takes the reference's query"
                } else {
                    "the base's query"
                }
            ),
        );
        (scheme, authority, path_in, query, dots) = (
            base.scheme().unwrap_or(""),
            base_auth,
            base.path().as_str().to_owned(),
            q,
            false,
        );
    } else if r_path.starts_with('/') {
        say(
            "5.2.2",
            "The reference's path begins with \"/\": the target takes it without dot-segments, with the base's scheme and authority.".into(),
        );
        (scheme, authority, path_in, query, dots) = (
            base.scheme().unwrap_or(""),
            base_auth,
            r_path.to_owned(),
            r_query,
            true,
        );
    } else {
        let merged = if base_auth.is_some() && base.path().as_str().is_empty() {
            say(
                "5.2.3",
                format!("Merge: the base has an authority and an empty path, so the merged path is \"/\" followed by \"{r_path}\"."),
            );
            format!("/{r_path}")
        } else {
            let bp = base.path().as_str();
            let dir = &bp[..bp.rfind('/').map_or(0, |i| i + 1)];
            say(
                "5.2.3",
                format!("Merge: the base path up to its last \"/\" (\"{dir}\") followed by the reference's path gives \"{dir}{r_path}\"."),
            );
            format!("{dir}{r_path}")
        };
        (scheme, authority, path_in, query, dots) = (
            base.scheme().unwrap_or(""),
            base_auth,
            merged,
            r_query,
            true,
        );
    }
    let path = if dots {
        remove_dot_segments(&path_in, &mut steps)
    } else {
        path_in
    };
    let path = if authority.is_none() && path.starts_with("//") {
        steps.push(Step {
            rule: "3.3",
            text: format!(
                "Without an authority a path cannot begin with \"//\" (it would read as one): \"/.\" in front keeps \"{path}\" a path."
            ),
            buffers: None,
        });
        format!("/.{path}")
    } else {
        path
    };
    let mut target = String::new();
    if !scheme.is_empty() {
        target.push_str(scheme);
        target.push(':');
    }
    if let Some(a) = authority {
        target.push_str("//");
        target.push_str(a);
    }
    target.push_str(&path);
    if let Some(q) = query {
        target.push('?');
        target.push_str(q);
    }
    if let Some(f) = r.fragment() {
        target.push('#');
        target.push_str(f.as_str());
    }
    steps.push(Step {
        rule: "5.3",
        text: format!("Recomposed: {target}"),
        buffers: None,
    });
    (steps, target)
}

/// The components of `u` as section 5.2.1 reads them (`"undefined"` for
/// one that is absent), its fragment too when `fragment`.
fn described(u: UriRef<'_>, fragment: bool) -> String {
    let show = |s: Option<&str>| s.map_or_else(|| "undefined".to_owned(), |s| format!("\"{s}\""));
    let mut text = format!(
        "scheme {}, authority {}, path \"{}\", query {}",
        show(u.scheme()),
        show(u.authority().map(|a| a.as_str())),
        u.path().as_str(),
        show(u.query().map(|q| q.as_str())),
    );
    if fragment {
        text.push_str(&format!(
            ", fragment {}",
            show(u.fragment().map(|f| f.as_str()))
        ));
    }
    text
}

/// Section 5.2.4's loop on `input`, each pass recorded (up to
/// [`MAX_PASSES`]) with the rule it took and both buffers after it (each
/// cut to [`MAX_SHOWN`] bytes).
pub fn remove_dot_segments(input: &str, steps: &mut Vec<Step>) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    let mut passes = 0usize;
    steps.push(Step {
        rule: "5.2.4",
        text: format!("remove_dot_segments(\"{input}\")"),
        buffers: Some((clip(input), String::new())),
    });
    while !rest.is_empty() {
        let rule;
        if let Some(r) = rest.strip_prefix("../").or_else(|| rest.strip_prefix("./")) {
            rule = "5.2.4 A";
            rest = r;
        } else if rest.starts_with("/./") || rest == "/." {
            rule = "5.2.4 B";
            // "/./x" becomes "/x", "/." becomes "/".
            rest = &rest[2..];
            if rest.is_empty() {
                rest = "/";
            }
        } else if rest.starts_with("/../") || rest == "/.." {
            rule = "5.2.4 C";
            rest = &rest[3..];
            if rest.is_empty() {
                rest = "/";
            }
            let cut = out.rfind('/').unwrap_or(0);
            out.truncate(cut);
        } else if rest == "." || rest == ".." {
            rule = "5.2.4 D";
            rest = "";
        } else {
            rule = "5.2.4 E";
            let from = usize::from(rest.starts_with('/'));
            let end = rest[from..].find('/').map_or(rest.len(), |i| i + from);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
        passes += 1;
        if passes <= MAX_PASSES {
            steps.push(Step {
                rule,
                text: String::new(),
                buffers: Some((clip(rest), clip(&out))),
            });
        }
    }
    if passes > MAX_PASSES {
        steps.push(Step {
            rule: "5.2.4",
            text: format!(
                "... {} more passes, not shown; the output buffer ends as \"{}\".",
                passes - MAX_PASSES,
                clip(&out)
            ),
            buffers: None,
        });
    }
    out
}

/// At most this many bytes of a buffer are kept in a step.
pub const MAX_SHOWN: usize = 200;

/// `s`, or its first [`MAX_SHOWN`] bytes (to a character boundary) and
/// an ellipsis.
fn clip(s: &str) -> String {
    if s.len() <= MAX_SHOWN {
        return s.to_owned();
    }
    let mut end = MAX_SHOWN;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use urikit::{Dialect, Parser};

    /// RFC 3986 section 5.4's base and every example of 5.4.1 and 5.4.2:
    /// the trace ends at the target the RFC gives and the library agrees.
    #[test]
    fn every_example_of_section_5_4() {
        let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
        for (r, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ] {
            let r = UriRef::parse(r).unwrap();
            let (steps, target) = resolution(base, r);
            assert_eq!(target, want, "{r}");
            assert_eq!(r.resolve_against(base).unwrap().as_str(), want, "{r}");
            assert_eq!(steps.last().unwrap().rule, "5.3");
        }
    }

    /// The worked example of section 5.2.4: "/a/b/c/./../../g" passes
    /// through the rules E, E, E, B, C, C, E and ends as "/a/g".
    #[test]
    fn the_worked_example_of_section_5_2_4() {
        let mut steps = Vec::new();
        let out = remove_dot_segments("/a/b/c/./../../g", &mut steps);
        assert_eq!(out, "/a/g");
        let rules: Vec<&str> = steps[1..].iter().map(|s| s.rule).collect();
        assert_eq!(
            rules,
            ["5.2.4 E", "5.2.4 E", "5.2.4 E", "5.2.4 B", "5.2.4 C", "5.2.4 C", "5.2.4 E"]
        );
        // The RFC's table: after the B step, input "/../../g", output "/a/b/c".
        assert_eq!(
            steps[4].buffers,
            Some(("/../../g".to_owned(), "/a/b/c".to_owned()))
        );
        // "mid/content=5/../6" ends as "mid/6" (the RFC's second example).
        assert_eq!(
            remove_dot_segments("mid/content=5/../6", &mut steps),
            "mid/6"
        );
    }

    /// Generated references against bases with and without authority and
    /// path: the trace's target is the library's, for RFC 3986 and 3987.
    #[test]
    fn agrees_with_the_library_on_generated_references() {
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a",
            "foo:x/y",
            "foo:",
            "//h/p/q",
            "s:/a/../b",
        ];
        let parts = [
            "", ".", "..", "g", "/", "./", "../", "g/", ";x", "%2E", "?q", "#f", ":",
        ];
        for d in [Dialect::Rfc3986, Dialect::Rfc3987] {
            let p = Parser::new(d);
            for b in bases {
                let Ok(base) = p.parse(b) else { continue };
                if base.scheme().is_none() {
                    continue;
                }
                for x in parts {
                    for y in parts {
                        for z in ["", "/", "/g", "?y", "#s"] {
                            let text = format!("{x}{y}{z}");
                            let Ok(r) = p.parse(&text) else { continue };
                            let Ok(want) = r.resolve_against(base) else {
                                continue;
                            };
                            let (_, got) = resolution(base, r);
                            assert_eq!(got, want.as_str(), "{b} + {text}");
                        }
                    }
                }
            }
        }
    }

    /// A path of 100,000 segments gives a trace of at most MAX_PASSES
    /// passes plus a summary, not one line (and one copy) per segment.
    #[test]
    fn a_long_path_is_summed_up() {
        let long = "/a".repeat(100_000);
        let mut steps = Vec::new();
        let out = remove_dot_segments(&long, &mut steps);
        assert_eq!(out, long);
        assert_eq!(steps.len(), 1 + MAX_PASSES + 1);
        assert!(steps.last().unwrap().text.contains("99936 more passes"));
        // Each buffer shown is cut to MAX_SHOWN bytes.
        let (input, _) = steps[1].buffers.as_ref().unwrap();
        assert_eq!(input.len(), MAX_SHOWN + '…'.len_utf8());
    }
}
