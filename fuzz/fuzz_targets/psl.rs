//! The Public Suffix List (`urikit::psl`): any bytes as a list's text
//! (up to the first NUL) and any bytes after it as a name. Reading the
//! list never panics; a name's split, in the list read and in the
//! compiled-in one, in both views, lies on its label boundaries: the
//! public suffix is a tail of the name made of whole labels, and the
//! registrable domain is that suffix with one label more.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::psl::{List, View};

fn check(list: &List, name: &str) {
    for view in [View::All, View::Icann] {
        let Some(split) = list.split(name, view) else {
            continue;
        };
        let bare = name.strip_suffix('.').unwrap_or(name);
        assert!(split.suffix < bare.len(), "{name:?}");
        assert!(split.suffix == 0 || bare.as_bytes()[split.suffix - 1] == b'.', "{name:?}");
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

fuzz_target!(|data: &[u8]| {
    let (text, name) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[..0]),
    };
    let name = String::from_utf8_lossy(name);
    if let Ok(list) = List::parse_bytes(text) {
        assert!(list.rules() > 0);
        check(&list, &name);
    }
    check(List::builtin(), &name);
    // Each line of the text as a name too, against the compiled-in list.
    for line in String::from_utf8_lossy(text).lines() {
        check(List::builtin(), line.trim_start_matches(['!', '*', '.']));
    }
});
