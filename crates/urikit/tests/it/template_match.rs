//! Template matching (RFC 6570 section 1.4, "variable matching") against
//! its contract: the values `match_uri` returns expand to the URI again
//! (up to how escapes are spelled), `no-match` only where no values do,
//! `ambiguous-template` only where the search gives up, never a wrong
//! answer. Every example of the RFC, the defects the fault hunt of
//! 2026-11-27 reported (issue 44, items 1 to 5 and 11), and a property
//! over generated templates (every operator, modifier and repeated name)
//! and values.

use std::path::PathBuf;

use serde_json::Value as Json;
use urikit::template::{Template, Value, ValueKind, Variables};
use urikit::ErrorKind;

fn t(s: &str) -> Template {
    Template::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn s(v: &str) -> Value {
    Value::String(v.into())
}

fn l(v: &[&str]) -> Value {
    Value::List(v.iter().map(|x| x.to_string()).collect())
}

/// Matching `uri` gives values that expand to it again.
fn round_trip(template: &str, uri: &str) -> Variables {
    let t = t(template);
    let found = t
        .match_uri(uri)
        .unwrap_or_else(|e| panic!("{template} on {uri}: {e}"));
    let again = t.expand(&found).unwrap();
    assert_eq!(
        normal(&again),
        normal(uri),
        "{template} on {uri}: {found:?}"
    );
    found
}

/// The text with escapes spelled one way: `%HH` of an unreserved
/// character decoded, the others in upper case (RFC 3986 section 6.2.2).
fn normal(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            let hex = &text[i + 1..i + 3];
            if let Ok(v) = u8::from_str_radix(hex, 16) {
                if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                    out.push(v as char);
                } else {
                    out.push('%');
                    out.push_str(&hex.to_ascii_uppercase());
                }
                i += 3;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap();
        if ch.is_ascii() {
            out.push(ch);
        } else {
            // A character beyond ASCII is its UTF-8 escaped.
            for byte in ch.to_string().bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        i += ch.len_utf8();
    }
    out
}

fn rfc_lines() -> Vec<Json> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/template/rfc6570.jsonl");
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every expansion of the RFC (sections 1.2, 2.4 and 3.2) matches back to
/// values that expand to it again, with no exception.
#[test]
fn every_rfc_example_matches_back() {
    let all = rfc_lines();
    let mut n = 0;
    for case in &all[1..] {
        round_trip(
            case["template"].as_str().unwrap(),
            case["expansion"].as_str().unwrap(),
        );
        n += 1;
    }
    assert_eq!(n, 188);
}

/// Issue 44, item 1: a literal that begins with a character the
/// expression can hold and goes on with one it cannot.
#[test]
fn a_literal_the_expression_could_begin() {
    let v = round_trip(
        "/files/{name}.json?download=1",
        "/files/report.json?download=1",
    );
    assert_eq!(v.get("name"), Some(&s("report")));
    let v = round_trip(
        "https://api.example.com{/version}/?key={key}",
        "https://api.example.com/v2/?key=k",
    );
    assert_eq!(
        (v.get("version"), v.get("key")),
        (Some(&s("v2")), Some(&s("k")))
    );
    let v = round_trip("/users{/id}/?", "/users/7/?");
    assert_eq!(v.get("id"), Some(&s("7")));
    let v = round_trip("http://h{/path*}/#top", "http://h/a/#top");
    assert_eq!(v.get("path"), Some(&s("a")));
}

/// Issue 44, item 2: values that expand back, or no match. A prefix keeps
/// at most its length (section 2.4.1); a simple expansion writes no `=`
/// (section 3.2.2); a list given to a prefix is no value at all.
#[test]
fn values_expand_back() {
    let e = t("{a:2}").match_uri("abc").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 2));
    let e = t("/users/{id}").match_uri("/users/1=2").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 8));
    // `x=1` is a pair of an exploded associative array.
    let v = round_trip("{/a*}", "/x=1/y");
    assert_eq!(
        v.get("a"),
        Some(&Value::Assoc(vec![
            ("x".into(), "1".into()),
            ("y".into(), "".into())
        ]))
    );
    // The prefix variable takes one member, the list before it the rest.
    let v = round_trip("{b,a:2}", "x,y,z");
    assert_eq!(
        (v.get("b"), v.get("a")),
        (Some(&l(&["x", "y"])), Some(&s("z")))
    );
}

/// Issue 44, item 4: a variable named twice has one value (section 2.3).
#[test]
fn a_variable_named_twice() {
    let v = round_trip("{a}-{b}-{a}", "1-2-3-1-2");
    assert_eq!((v.get("a"), v.get("b")), (Some(&s("1-2")), Some(&s("3"))));
    let v = round_trip("{/id}{?id}", "/7?id=7");
    assert_eq!(v.get("id"), Some(&s("7")));
    // The second place disagrees with the first at byte 6.
    let e = t("{/id}{?id}").match_uri("/7?id=8").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 6));
    // A prefix and the whole value agree (section 2.4.1).
    let v = round_trip("{/var:1,var}", "/v/value");
    assert_eq!(v.get("var"), Some(&s("value")));
    assert_eq!(
        t("{/var:1,var}").match_uri("/x/value").unwrap_err().kind(),
        ErrorKind::NoMatch
    );
    // Undefined in one place is undefined in every place.
    let v = round_trip("{a}x{/a}", "x/");
    assert_eq!(v.get("a"), Some(&s("")));
    let v = round_trip("{x}/{x}", "%7e/~");
    assert_eq!(v.get("x"), Some(&s("~")));
    let v = round_trip("{x}/{x}", "a%2fb/a%2Fb");
    assert_eq!(v.get("x"), Some(&s("a/b")));
    let v = round_trip("{#x}/{x}{/y}", "#//");
    assert_eq!(t("{#x}/{x}{/y}").expand(&v).unwrap(), "#//");
}

/// Issue 44, item 5: the apostrophe is a literal (RFC 6570 erratum 6937),
/// as section 3.2.1's own example `'{var}'` has it.
#[test]
fn the_apostrophe_is_a_literal() {
    let t = t("'{var}'");
    let vars = Variables::new().set("var", "value");
    assert_eq!(t.expand(&vars).unwrap(), "'value'");
    assert_eq!(t.match_uri("'value'").unwrap(), vars);
}

/// Where several values expand to the URI, the choice is documented:
/// each expression the longest text, each variable in it the shortest.
#[test]
fn which_reading_is_chosen() {
    let v = round_trip("{path}.{ext}", "a.tar.gz");
    assert_eq!(
        (v.get("path"), v.get("ext")),
        (Some(&s("a.tar")), Some(&s("gz")))
    );
    let v = round_trip("{x,y}", "1024,768");
    assert_eq!(
        (v.get("x"), v.get("y")),
        (Some(&s("1024")), Some(&s("768")))
    );
    let v = round_trip("x{a}{b}", "x12");
    assert_eq!((v.get("a"), v.get("b")), (Some(&s("12")), None));
    let v = round_trip("{/a}{/b}", "/x/y");
    assert_eq!((v.get("a"), v.get("b")), (Some(&s("x")), Some(&s("y"))));
    // A variable that takes no text is undefined.
    let v = round_trip("/users/{id}", "/users/");
    assert_eq!(v.get("id"), None);
    // An exploded variable of a named operator keeps the members named
    // after it.
    let v = round_trip("{;v1*,v2*}", ";v1=A;v1=a;v2=%2C;v2=a");
    assert_eq!(
        (v.get("v1"), v.get("v2")),
        (Some(&l(&["A", "a"])), Some(&l(&[",", "a"])))
    );
}

#[test]
fn matching_rules() {
    // Named values are in the template's order, any of them absent.
    let q = t("/search{?q,lang,page}");
    let v = round_trip("/search{?q,lang,page}", "/search?q=chien&page=2");
    assert_eq!(
        (v.get("q"), v.get("lang"), v.get("page")),
        (Some(&s("chien")), None, Some(&s("2")))
    );
    // In another order they are no expansion of it.
    let e = q.match_uri("/search?lang=fr&q=chien").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoMatch);
    // The next literal ends an expression that could hold it.
    let v = round_trip("{/var,x}/here", "/value/1024/here");
    assert_eq!(
        (v.get("var"), v.get("x")),
        (Some(&s("value")), Some(&s("1024")))
    );
    // A ',' in one variable's value makes a list.
    let v = round_trip("{/list}", "/red,green,blue");
    assert_eq!(v.get("list"), Some(&l(&["red", "green", "blue"])));
    // An exploded associative array comes back as pairs, whatever their
    // names (section 3.2.8: `keys=1` is the pair "keys" = "1").
    let v = round_trip("{?keys*}", "?semi=%3B&dot=.");
    assert_eq!(
        v.get("keys"),
        Some(&Value::Assoc(vec![
            ("semi".into(), ";".into()),
            ("dot".into(), ".".into())
        ]))
    );
    let v = round_trip("{?keys*}", "?keys=1&semi=2");
    assert_eq!(
        v.get("keys"),
        Some(&Value::Assoc(vec![
            ("keys".into(), "1".into()),
            ("semi".into(), "2".into())
        ]))
    );
    // Reserved expansion keeps what it matched as written.
    let v = round_trip("{+base}index", "http://example.com/home/index");
    assert_eq!(v.get("base"), Some(&s("http://example.com/home/")));
    let v = round_trip("{/a}{?b}", "/x?b=1");
    assert_eq!((v.get("a"), v.get("b")), (Some(&s("x")), Some(&s("1"))));
    // No match: at the furthest byte a reading reached.
    let e = t("/users/{id}").match_uri("/groups/7").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 1));
    let e = t("/users/{id}").match_uri("/users/a/b").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 8));
    let e = t("{?q}").match_uri("?q=1&x=2").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 4));
    // An escape that is no UTF-8 is no value's (section 3.2.1 encodes
    // values as UTF-8).
    let e = t("/users/{id}").match_uri("/users/%FF").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoMatch, 7));
    // A character beyond ASCII stands for its UTF-8 escaped (an IRI).
    let v = round_trip("/wiki/{page}", "/wiki/Z%C3%BCrich");
    assert_eq!(v.get("page"), Some(&s("Zürich")));
    let v = round_trip("/wiki/{page}", "/wiki/Zürich");
    assert_eq!(v.get("page"), Some(&s("Zürich")));
    // More members than fit on the stack: read alike.
    let many: Vec<String> = (0..40).map(|i| format!("m{i}")).collect();
    let uri = format!("/{}", many.join("/"));
    let v = round_trip("{/list*}", &uri);
    assert_eq!(v.get("list"), Some(&Value::List(many)));
}

/// The values as the URI writes them, decoded on demand.
#[test]
fn captures_are_read_lazily() {
    let t = t("/files{/path*}{?tag,keys*}");
    let found = t.captures("/files/a%20b/c?tag=x,y&k=%3D").unwrap();
    let path = found.get("path").unwrap();
    assert_eq!(
        (path.kind(), path.as_str(), path.offset()),
        (ValueKind::List, "a%20b/c", 7)
    );
    assert_eq!(path.items().collect::<Vec<_>>(), ["a b", "c"]);
    let tag = found.get("tag").unwrap();
    assert_eq!((tag.kind(), tag.as_str()), (ValueKind::List, "x,y"));
    let keys = found.get("keys").unwrap();
    assert_eq!(keys.kind(), ValueKind::Assoc);
    assert_eq!(
        keys.pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect::<Vec<_>>(),
        [("k".to_string(), "=".to_string())]
    );
    assert_eq!(
        found.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        ["keys", "path", "tag"]
    );
    assert_eq!(
        found.to_variables(),
        t.match_uri("/files/a%20b/c?tag=x,y&k=%3D").unwrap()
    );
}

/// Section 3.2.7 writes an empty string under `;` as the name alone, and
/// Appendix A writes a list's name with `=`: so `;x=` with nothing after it
/// is a list whose one member is empty.
#[test]
fn an_empty_list_member_under_semicolon_matches_back() {
    let v = round_trip("{x}/{;y}", "/;y=");
    assert_eq!(v.get("y"), Some(&Value::List(vec![String::new()])));
    let v = round_trip("{x}/{;y}", "/;y");
    assert_eq!(v.get("y"), Some(&s("")));
    // A prefix takes only strings (section 2.4.1): `;y=` is no expansion of it.
    let e = t("{;y:3}").match_uri(";y=").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoMatch);
}

/// `{/var}` encodes a `/` in its value (section 3.2.6).
#[test]
fn a_path_segment_value_holds_no_slash() {
    let v = round_trip("/t{/v1,v2}/l{/v3}/l", "/t/a,%25/l/l/%20/l");
    assert_eq!(v.get("v1"), Some(&l(&["a", "%"])));
    assert_eq!(v.get("v2"), Some(&s("l")));
    assert_eq!(v.get("v3"), Some(&s(" ")));
}

/// Issue 44, item 3: the work is linear in the URI for a fixed template
/// (a 439-byte template against 10 KB took 5 s, against 80 KB 23 s). The
/// work counter sees every byte the matcher reads.
#[test]
fn matching_is_linear_in_the_uri() {
    let templates = [
        "{/p*}/x{?q}",
        "{a}-{b}-{a}",
        "{a:2}.{b}",
        "{+a}/{+b}/{+c}#{d}",
        "{a}{b}{c}{d}",
        "{.a*}{/b*}{;c*}{?d*}{&e*}",
        "http://{h}{/p*}{?a*}",
    ];
    let units = [
        "/a/x",
        "1-2-",
        "x.",
        "a/b#",
        "ab",
        ".a=b/c;d=e?f=g&h",
        "/a=1",
    ];
    for template in templates {
        let t = t(template);
        for unit in units {
            let small = unit.repeat(500);
            let big = unit.repeat(4000);
            let (w1, r1) = urikit::count_work(|| t.match_uri(&small));
            let (w8, r8) = urikit::count_work(|| t.match_uri(&big));
            assert!(
                w8 <= 10 * w1 + 100_000,
                "{template} on {unit:?}: {w1} then {w8} ({:?}, {:?})",
                r1.map(|_| ()),
                r8.map(|_| ())
            );
        }
    }
    // A long template against a long URI: bounded by their product.
    let template: String = (0..60).map(|i| format!("{{v{i}}}-")).collect();
    let t = t(&template);
    let uri = "1-".repeat(5000);
    let (w, _) = urikit::count_work(|| t.match_uri(&uri));
    assert!(w <= 256 * (template.len() as u64 + 1) * (uri.len() as u64 + 1));
}

/// Issue 44, item 11: memory in proportion to the URI. An 8 MB URI of
/// four million path segments is read back without an owned string per
/// segment (`captures`); its list is built only when asked for.
#[test]
fn a_long_list_is_read_in_place() {
    let t = t("http://{h}{/p*}{?a*}");
    let uri = format!("http://h{}", "/a".repeat(1 << 20));
    let found = t.captures(&uri).unwrap();
    let p = found.get("p").unwrap();
    assert_eq!(p.as_str().len(), 2 * (1 << 20) - 1);
    assert_eq!(p.items().count(), 1 << 20);
}

/// How many cases a property runs: `URIKIT_TEMPLATE_CASES`, or `default`.
fn cases_or(default: usize) -> usize {
    std::env::var("URIKIT_TEMPLATE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A small generator, seeded, for the property below.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick(&mut self, xs: &[&'static str]) -> &'static str {
        xs[self.below(xs.len())]
    }

    fn text(&mut self, max: usize) -> String {
        const CHARS: &[&str] = &[
            "a",
            "b",
            "Z",
            "0",
            "9",
            "-",
            ".",
            "_",
            "~",
            " ",
            "/",
            "?",
            "#",
            "[",
            "]",
            "@",
            "!",
            "$",
            "&",
            "'",
            "(",
            ")",
            "*",
            "+",
            ",",
            ";",
            "=",
            "%",
            "%41",
            ":",
            "é",
            "\u{10000}",
            "\u{E000}",
        ];
        let n = self.below(max + 1);
        (0..n).map(|_| self.pick(CHARS)).collect()
    }
}

/// A generated template: one to four expressions of any operator, each
/// with one to three variables of any modifier, names drawn from four so
/// that some repeat, between literals (or none).
fn template(rng: &mut Rng) -> String {
    const OPS: &[&str] = &["", "+", "#", ".", "/", ";", "?", "&"];
    const NAMES: &[&str] = &["a", "b", "c", "dd"];
    const MODS: &[&str] = &["", "", "*", ":1", ":2", ":5"];
    const LITS: &[&str] = &[
        "", "", "/", ".", "-", "x", "/a.", "?", "#", ",", "=", "&", "%2F", "é", "'", ";",
    ];
    let mut out = String::new();
    for _ in 0..1 + rng.below(4) {
        out.push_str(rng.pick(LITS));
        out.push('{');
        out.push_str(rng.pick(OPS));
        let specs: Vec<String> = (0..1 + rng.below(3))
            .map(|_| format!("{}{}", rng.pick(NAMES), rng.pick(MODS)))
            .collect();
        out.push_str(&specs.join(","));
        out.push('}');
    }
    out.push_str(rng.pick(LITS));
    out
}

/// Values for every name: undefined, a string, a list or an associative
/// array (empty ones among them); mostly strings for a name the template
/// gives a prefix (section 2.4.1 takes no other).
fn values(rng: &mut Rng, template: &str) -> Variables {
    let mut vars = Variables::new();
    for name in ["a", "b", "c", "dd"] {
        let prefixed = template.contains(&format!("{name}:"));
        let kinds = if prefixed && rng.below(8) != 0 { 3 } else { 5 };
        vars = match rng.below(kinds) {
            0 => vars,
            1 | 2 => vars.set(name, &rng.text(4)),
            3 => {
                let items: Vec<String> = (0..rng.below(4)).map(|_| rng.text(3)).collect();
                vars.list(name, items)
            }
            _ => {
                let pairs: Vec<(String, String)> = (0..rng.below(4))
                    .map(|_| (rng.text(2), rng.text(3)))
                    .collect();
                vars.assoc(name, pairs)
            }
        };
    }
    vars
}

/// The property the documentation promises, over generated templates and
/// values: matching an expansion gives values that expand to it again,
/// or `ambiguous-template`; never `no-match`, never other values. The
/// counts are printed (`cargo test template_match -- --nocapture`).
#[test]
fn matching_inverts_expansion() {
    let cases = cases_or(200_000);
    let mut rng = Rng(0x5EED_0044);
    let (mut matched, mut ambiguous, mut expanded_error) = (0usize, 0usize, 0usize);
    for _ in 0..cases {
        let text = template(&mut rng);
        let t = t(&text);
        let vars = values(&mut rng, &text);
        let Ok(uri) = t.expand(&vars) else {
            // A prefix on a list or an associative array (section 2.4.1).
            expanded_error += 1;
            continue;
        };
        match t.match_uri(&uri) {
            Ok(found) => {
                let again = t.expand(&found).unwrap_or_else(|e| {
                    panic!("{text} on {uri:?}: {found:?} does not expand: {e}")
                });
                assert_eq!(
                    normal(&again),
                    normal(&uri),
                    "{text} on {uri:?}: {found:?} from {vars:?}"
                );
                matched += 1;
            }
            Err(e) if e.kind() == ErrorKind::AmbiguousTemplate => {
                if std::env::var("URIKIT_SHOW_AMBIGUOUS").is_ok() {
                    eprintln!("ambiguous: {text} on {uri:?} (from {vars:?})");
                }
                ambiguous += 1
            }
            Err(e) => panic!("{text} on {uri:?} (from {vars:?}): {e}"),
        }
    }
    eprintln!(
        "matching_inverts_expansion: {cases} cases, {matched} matched back, \
         {ambiguous} ambiguous, {expanded_error} not expanded (a prefix on a composite)"
    );
    assert_eq!(matched + ambiguous + expanded_error, cases);
    // Ambiguous only where a value holds the separators of `+`, `#` or an
    // exploded `.` (so that more values read the same text than matching
    // lists) or the budget runs out: a few in a thousand of these cases,
    // which favour such values.
    assert!(ambiguous * 200 <= cases, "{ambiguous} ambiguous of {cases}");
}

/// The same promise on text that is mostly not an expansion: generated
/// templates against their expansions with one to three characters
/// changed, inserted or removed, and against text of the generator's
/// characters. Whatever values come back expand to the text again, and
/// `captures` answers when `match_uri` does. In debug builds (every test
/// run) this also checks the quick guess's proof against the comparison it
/// stands for, on each answer it proves.
#[test]
fn matching_never_answers_wrongly() {
    let cases = cases_or(100_000);
    let mut rng = Rng(0x5EED_0045);
    let (mut matched, mut refused) = (0usize, 0usize);
    for _ in 0..cases {
        let text = template(&mut rng);
        let t = t(&text);
        let vars = values(&mut rng, &text);
        let mut uri = match t.expand(&vars) {
            Ok(uri) if rng.below(8) != 0 => uri,
            _ => rng.text(12),
        };
        for _ in 0..rng.below(4) {
            let bounds: Vec<usize> = uri
                .char_indices()
                .map(|(i, _)| i)
                .chain([uri.len()])
                .collect();
            let at = bounds[rng.below(bounds.len())];
            let next = bounds.iter().copied().find(|&b| b > at);
            match (rng.below(3), next) {
                (0, Some(end)) => uri.replace_range(at..end, &rng.text(1)),
                (1, Some(end)) => uri.replace_range(at..end, ""),
                _ => uri.insert_str(at, &rng.text(1)),
            }
        }
        match t.match_uri(&uri) {
            Ok(found) => {
                let again = t
                    .expand(&found)
                    .unwrap_or_else(|e| panic!("{text} on {uri:?}: {found:?}: {e}"));
                assert_eq!(normal(&again), normal(&uri), "{text} on {uri:?}: {found:?}");
                assert!(t.captures(&uri).is_ok(), "{text} on {uri:?}");
                matched += 1;
            }
            Err(e) => {
                assert!(
                    matches!(e.kind(), ErrorKind::NoMatch | ErrorKind::AmbiguousTemplate),
                    "{text} on {uri:?}: {e}"
                );
                refused += 1;
            }
        }
    }
    eprintln!(
        "matching_never_answers_wrongly: {cases} cases, {matched} matched, {refused} refused"
    );
    // The mutations leave many texts readable: the property is not
    // vacuous.
    assert!(matched * 4 >= cases, "{matched} matched of {cases}");
}
