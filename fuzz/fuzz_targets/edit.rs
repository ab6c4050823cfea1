//! Any sequence of edits leaves a reference whose fresh parse has the same
//! components, and a failed edit changes nothing.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::{UriRef, UriRefBuf};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let mut u = UriRefBuf::parse("http://h/p?q#f".to_owned()).unwrap();
    for piece in s.split('\u{1}') {
        let split = piece.chars().next().map_or(0, char::len_utf8);
        let (op, arg) = piece.split_at(split);
        let before = u.clone();
        let some = (!arg.is_empty()).then_some(arg);
        let ok = match op {
            "s" => u.set_scheme(some).is_ok(),
            "u" => u.set_userinfo(some).is_ok(),
            "U" => u.set_userinfo_encoded(some).is_ok(),
            "h" => u.set_host(some).is_ok(),
            "H" => u.set_host_encoded(some).is_ok(),
            "o" => u.set_port_str(some).is_ok(),
            "p" => u.set_path(arg).is_ok(),
            "P" => u.set_path_encoded(arg).is_ok(),
            "q" => u.set_query(some).is_ok(),
            "Q" => u.set_query_encoded(some).is_ok(),
            "f" => u.set_fragment(some).is_ok(),
            "+" => u.push_segment(arg).is_ok(),
            "-" => u.pop_segment().is_ok(),
            "a" => u.append_path(arg).is_ok(),
            "k" => {
                let mut p = u.query_params();
                p.append(arg, arg);
                p.sort_by_key();
                u.set_query_params(&p).is_ok()
            }
            _ => continue,
        };
        if !ok {
            assert_eq!(u, before);
        }
        let fresh = UriRef::parse(u.as_str()).expect("an edited reference parses");
        assert_eq!(urikit_fuzz::recompose(&fresh), u.as_str());
        assert_eq!(
            fresh.host().map(|h| h.host_type()),
            u.host().map(|h| h.host_type())
        );
        assert_eq!(fresh.path().as_str(), u.path().as_str());
        assert_eq!(
            fresh.query().map(|q| q.as_str()),
            u.query().map(|q| q.as_str())
        );
    }
});
