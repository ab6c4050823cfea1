//! The Public Suffix List (`urikit::psl`): any bytes as a list's text
//! (up to the first NUL) and any bytes after it as a name. Reading the
//! list never panics; a name's split, in the list read and in the
//! compiled-in one, in both views, lies on its label boundaries: the
//! public suffix is a tail of the name made of whole labels, and the
//! registrable domain is that suffix with one label more. Where the list
//! and the name are ASCII and the name has no empty label, the list read
//! answers as publicsuffix.org's formal algorithm does over the same
//! rules, in both views (`urikit_fuzz::psl_plain`); where the name is
//! letters, digits and hyphens, its tldextract parts are those of the
//! documented walk over the same rules.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::psl::{List, View};
use urikit_fuzz::psl_plain::{Plain, TldPlain};

fn check(list: &List, name: &str) {
    for view in [View::All, View::Icann] {
        let Some(split) = list.split(name, view) else {
            continue;
        };
        let bare = name.strip_suffix('.').unwrap_or(name);
        assert!(split.suffix < bare.len(), "{name:?}");
        assert!(
            split.suffix == 0 || bare.as_bytes()[split.suffix - 1] == b'.',
            "{name:?}"
        );
        let suffix = list.public_suffix(name, view).unwrap();
        assert_eq!(suffix, &bare[split.suffix..]);
        assert!(!suffix.is_empty() && !suffix.starts_with('.') && !suffix.contains(".."));
        match (split.domain, list.registrable_domain(name, view)) {
            (Some(d), Some(domain)) => {
                assert!(d < split.suffix);
                assert_eq!(domain, &bare[d..]);
                let first = &bare[d..split.suffix - 1];
                assert!(!first.is_empty() && !first.contains('.'), "{name:?}");
            }
            (None, None) => assert_eq!(split.suffix, 0),
            other => panic!("{name:?}: {other:?}"),
        }
    }
}

/// `list` against the formal algorithm over the same rules (`plain`, of
/// both views), for a name of ASCII of 1 to 253 octets (one final dot
/// allowed) with no empty label.
fn formal(list: &List, plain: &[Plain; 2], name: &str) {
    let bare = name.strip_suffix('.').unwrap_or(name);
    let labels: Vec<&str> = bare.split('.').collect();
    let named = name.is_ascii() && (1..=253).contains(&bare.len());
    if !named || labels.iter().any(|l| l.is_empty()) {
        return;
    }
    let lower = bare.to_ascii_lowercase();
    for (plain, view) in plain.iter().zip([View::All, View::Icann]) {
        let k = plain.suffix_labels(&lower);
        let suffix = labels[labels.len() - k..].join(".");
        let domain = (k < labels.len()).then(|| labels[labels.len() - k - 1..].join("."));
        let got = list.public_suffix(name, view);
        assert_eq!(got, (k > 0).then_some(suffix.as_str()), "{name:?} {view:?}");
        let got = list.registrable_domain(name, view);
        assert_eq!(got, domain.as_deref(), "{name:?} {view:?}");
    }
}

/// `list.tldextract` of `http://NAME/` against the walk over the same
/// rules (`tld`), for a name of labels of ASCII letters, digits and
/// hyphens (not all digits: a dotted quad is answered whole).
fn tld_formal(list: &List, tld: &TldPlain, name: &str) {
    let plain = |c: u8| c.is_ascii_alphanumeric() || c == b'-';
    let labels_ok = name
        .split('.')
        .all(|l| !l.is_empty() && l.bytes().all(plain));
    if !labels_ok || name.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
        return;
    }
    let url = format!("http://{name}/");
    for private in [false, true] {
        let e = list.tldextract(&url, private, false);
        let got = (
            &*e.subdomain,
            &*e.domain,
            &*e.suffix,
            e.is_private,
            &*e.registry_suffix,
        );
        let want = tld.parts(name, private);
        let want = (&*want.0, &*want.1, &*want.2, want.3, &*want.4);
        assert_eq!(got, want, "{name:?} {private}");
    }
}

fuzz_target!(|data: &[u8]| {
    let (text, name) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[..0]),
    };
    let name = String::from_utf8_lossy(name);
    if let Ok(list) = List::parse_bytes(text) {
        assert!(list.rules() > 0);
        check(&list, &name);
        if text.is_ascii() {
            let text = String::from_utf8_lossy(text);
            let plain = [Plain::read(&text, false), Plain::read(&text, true)];
            let tld = TldPlain::read(&text);
            formal(&list, &plain, &name);
            tld_formal(&list, &tld, &name);
            // Each rule's name, and one label below it, as names too.
            for line in text.lines() {
                let rule = line.split_whitespace().next().unwrap_or("");
                let rule = rule.trim_start_matches('!').trim_start_matches("*.");
                formal(&list, &plain, rule);
                formal(&list, &plain, &format!("x.{rule}"));
                tld_formal(&list, &tld, rule);
                tld_formal(&list, &tld, &format!("x.{rule}"));
            }
        }
    }
    check(List::builtin(), &name);
    // Each line of the text as a name too, against the compiled-in list.
    for line in String::from_utf8_lossy(text).lines() {
        check(List::builtin(), line.trim_start_matches(['!', '*', '.']));
    }
});
