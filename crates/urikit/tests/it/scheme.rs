//! The scheme views: the FTP command sequences of RFC 1738 section 3.2.2,
//! file-path round trips, and views that never panic. The field-by-field
//! vectors are in testdata/scheme/, run through `uri inspect` by the CLI
//! tests.

use proptest::prelude::*;
use urikit::scheme::{self, File, Ftp, FtpCommand, FtpPassword, View};
use urikit::UriRef;

fn commands(s: &str) -> Vec<String> {
    let ftp = Ftp::new(UriRef::parse(s).unwrap()).unwrap();
    ftp.commands().map(|c| c.to_string()).collect()
}

/// RFC 1738 section 3.2.2: the three URLs it contrasts stand for three
/// different command sequences; 3.2.1: a user without a password is asked
/// for one.
#[test]
fn the_three_ftp_sequences_of_section_3_2_2() {
    let login = ["USER myname", "PASS <ask the user>"];
    let with = |rest: &[&str]| -> Vec<String> {
        login.iter().chain(rest).map(|s| s.to_string()).collect()
    };
    assert_eq!(
        commands("ftp://myname@host.dom/%2Fetc/motd"),
        with(&["CWD /etc", "RETR motd"])
    );
    assert_eq!(
        commands("ftp://myname@host.dom/etc/motd"),
        with(&["CWD etc", "RETR motd"])
    );
    assert_eq!(
        commands("ftp://myname@host.dom//etc/motd"),
        with(&["CWD", "CWD etc", "RETR motd"])
    );
}

/// RFC 1738 section 3.2.1: without a user, the anonymous convention; with
/// user and password, both are sent; 3.2.2: `d` lists with NLST.
#[test]
fn ftp_login_and_typecodes() {
    assert_eq!(
        commands("ftp://ftp.example.org/pub/file.txt;type=a"),
        [
            "USER anonymous",
            "PASS <your e-mail address>",
            "CWD pub",
            "TYPE A",
            "RETR file.txt"
        ]
    );
    assert_eq!(
        commands("ftp://u:secret@h/pub;type=d"),
        ["USER u", "PASS secret", "NLST pub"]
    );
    let ftp = Ftp::new(UriRef::parse("ftp://@h/").unwrap()).unwrap();
    let c: Vec<_> = ftp.commands().collect();
    // An empty user is a user: no anonymous convention.
    assert_eq!(c[0].to_string(), "USER");
    assert_eq!(c[1], FtpCommand::Pass(FtpPassword::AskUser));
}

/// Path segments of arbitrary bytes, without `/` and NUL.
fn unix_path() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop::collection::vec(
            any::<u8>().prop_filter("no / or NUL", |b| *b != b'/' && *b != 0),
            0..6,
        ),
        1..5,
    )
    .prop_map(|segs| {
        let mut p = Vec::new();
        for s in segs {
            p.push(b'/');
            p.extend(s);
        }
        p
    })
}

fn windows_path() -> impl Strategy<Value = String> {
    (
        prop::char::range('A', 'Z'),
        prop::collection::vec("[^\\\\/\u{0}]{1,6}", 0..4),
    )
        .prop_map(|(drive, segs)| {
            let mut p = format!("{drive}:");
            for s in segs {
                p.push('\\');
                p.push_str(&s);
            }
            if p.len() == 2 {
                p.push('\\');
            }
            p
        })
}

proptest! {
    /// RFC 1738 section 3.10: path -> file URI -> path gives the path back,
    /// and the URI is a valid file URL whose host is this machine.
    #[test]
    fn unix_paths_round_trip(path in unix_path()) {
        let uri = scheme::from_unix_path(&path).unwrap();
        let file = File::new(uri.as_uri_ref()).unwrap();
        prop_assert!(file.is_local());
        prop_assert_eq!(file.to_unix_path_bytes().unwrap(), path);
        prop_assert!(matches!(View::new(uri.as_uri_ref()).unwrap(), View::File(_)));
    }

    #[test]
    fn windows_paths_round_trip(path in windows_path()) {
        let uri = scheme::from_windows_path(&path).unwrap();
        let file = File::new(uri.as_uri_ref()).unwrap();
        prop_assert_eq!(file.to_windows_path().unwrap(), path);
    }

    /// No URI makes a view or the warnings panic, and every error points
    /// inside the input.
    #[test]
    fn views_never_panic(
        scheme in prop::sample::select(vec!["ftp", "http", "https", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero", "x"]),
        rest in "[a-z0-9:/?#@;=&%.+*_~-]{0,24}",
    ) {
        let s = format!("{scheme}:{rest}");
        if let Ok(uri) = UriRef::parse(&s) {
            let _ = scheme::warnings(&uri).count();
            if let Err(e) = View::new(uri) {
                prop_assert!(e.offset() <= s.len(), "{} {:?}", s, e);
            }
        }
    }
}
