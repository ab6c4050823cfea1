//! urikit's WHATWG reading against ada's (the `ada-url` crate), which
//! passes the same web-platform tests: validity and every getter agree,
//! for an input and, after a newline, a base. A disagreement is a finding
//! for docs/robustness.md: the standard's text decides who is right.
//!
//! Four departures of ada's are known and skipped (`bidi_domain`,
//! `leading_delimiter`, `not_nfc`, `end_of_text_mark`), and one difference
//! of Unicode versions (`unicode_18`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urikit::whatwg::Url;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (input, base) = match text.split_once('\n') {
        Some((i, b)) => (i, Some(b)),
        None => (text, None),
    };
    // A base on which the two readings already part, by a known departure,
    // says nothing more about the input.
    if let Some(b) = base {
        if !agree(b, &Url::parse(b), &ada_url::Url::parse(b, None)) {
            return;
        }
    }
    let ours = match base {
        None => Url::parse(input),
        Some(b) => Url::parse(b).and_then(|b| Url::parse_with_base(input, &b)),
    };
    let theirs = ada_url::Url::parse(input, base);
    // (A known departure on the input itself is skipped, as on the base.)
    let _ = agree(input, &ours, &theirs);
});

/// Whether the two readings of `input` agree (validity and the getters),
/// or differ by a departure of ada's known and decided; `false` when they
/// differ so only as such a departure (the caller skips the case).
/// Panics on any other difference.
fn agree(
    input: &str,
    ours: &Result<Url, urikit::whatwg::ValidationError>,
    theirs: &Result<ada_url::Url, ada_url::ParseUrlError<&str>>,
) -> bool {
    match (ours, theirs) {
        (Ok(o), Ok(t)) if o.href() != t.href() && not_nfc(o.hostname(), t.hostname()) => false,
        (Ok(o), Ok(t)) => {
            assert_eq!(o.href(), t.href(), "{input:?}");
            assert_eq!(o.origin(), t.origin(), "{input:?}");
            assert_eq!(o.host(), t.host(), "{input:?}");
            assert_eq!(o.pathname(), t.pathname(), "{input:?}");
            true
        }
        (Err(_), Err(_)) => true,
        (Ok(o), Err(_)) if end_of_text_mark(o.hostname()) || unicode_18(o.hostname()) => false,
        (Err(e), Ok(t))
            if e.code() == "domain-to-ASCII"
                && (bidi_domain(t.hostname())
                    || leading_delimiter(t.hostname())
                    || long_label(t.hostname())) =>
        {
            false
        }
        _ => panic!(
            "{input:?}: urikit {ours:?}, ada {:?}",
            theirs.as_ref().map(|t| t.href())
        ),
    }
}

/// Whether `host` (ada's ASCII form) is a Bidi domain name: a label, its
/// Punycode decoded leniently, holds a character of bidi class R or AL.
/// The URL Standard's domain to ASCII runs UTS #46 with CheckBidi set
/// (section 3.3, "domain parser ToASCII"), and UTS #46 section 4.1
/// criterion V8 applies RFC 5893 section 2 to every label of a Bidi domain
/// name. ada's checks depart from it in three shapes this target found
/// (2026-11-27), each a regression test in `tests/it/whatwg.rs`: it does
/// not check the left-to-right labels (`http://0.\u{FD50}.co/`,
/// `http://+a.\u{45C}.xn--hhb/`, `http://a*.\u{45C}.xn--hhb/`: rules 1
/// and 6), nor a right-to-left label that came as Punycode
/// (`http://\u{45C}.xn--poaxn-xnkxn/`, `po\u{8C9}...`: rule 2). So every
/// refusal of ours in a Bidi domain name that ada accepts is skipped: the
/// class is decided by those tests, not by this target.
fn bidi_domain(host: &str) -> bool {
    host.split('.').any(|label| {
        let decoded = match label.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("xn--") => {
                idna::punycode::decode_to_string(&label[4..]).unwrap_or_default()
            }
            _ => label.to_owned(),
        };
        decoded.chars().any(|c| {
            matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
        })
    })
}

/// Whether a label of `host` is Punycode whose encoded part begins with
/// the delimiter (`xn---ecr`): RFC 3492 section 6.2 consumes the basic code
/// points and the delimiter only when there is a delimiter past the first
/// position, so `-ecr` is read as digits, and `-` is none: the decoding
/// fails, and UTS #46 (section 4, Processing, step 4) records an error.
/// ada decodes it as `xn--ecr` (found by this target, 2026-11-27).
fn leading_delimiter(host: &str) -> bool {
    host.split('.')
        .any(|l| l.len() > 5 && l[..5].eq_ignore_ascii_case("xn---"))
}

/// The Unicode form of the host `h` (ASCII, Punycode labels decoded).
fn unicode(h: &str) -> Option<String> {
    let text = format!("http://{h}/");
    let u = urikit::UriRef::parse(&text).ok()?;
    let host = u.host()?;
    host.to_unicode().ok().map(|c| c.into_owned())
}

/// Whether our host, in Unicode, holds U+061D ARABIC END OF TEXT MARK
/// (Unicode 14.0, bidi class AL): ada's bidi table does not give it AL, so
/// ada refuses it beside another right-to-left character, where RFC 5893
/// section 2 (UTS #46 criterion V8) accepts a label of AL characters
/// (found by this target, 2026-11-27).
fn end_of_text_mark(ours: &str) -> bool {
    lenient(ours).contains('\u{61D}')
}

/// The host `h` with each Punycode label decoded where it decodes (what a
/// character test needs, whatever else the host holds).
fn lenient(h: &str) -> String {
    h.split('.')
        .map(|label| match label.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("xn--") => {
                idna::punycode::decode_to_string(&label[4..]).unwrap_or_else(|| label.to_owned())
            }
            _ => label.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Whether a label of `host` (ada's ASCII form) is Punycode of more than
/// 2,000 bytes or decodes to more than 1,000 code points: urikit (by the
/// `idna` crate, as ICU and Chromium) refuses such a label, a limit on the
/// encoding's quadratic time that the standard does not set (decided in
/// `tests/it/whatwg.rs`, found by this target, 2026-11-27).
fn long_label(host: &str) -> bool {
    host.split('.').any(|label| match label.get(..4) {
        Some(p) if p.eq_ignore_ascii_case("xn--") => {
            label.len() - 4 > 2000
                || idna::punycode::decode_to_string(&label[4..])
                    .is_some_and(|u| u.chars().count() > 1000)
        }
        _ => false,
    })
}

/// Whether our host, in Unicode, holds a code point of plane 3 past
/// U+3347F: unassigned (so disallowed, UTS #46 criterion V7) in Unicode
/// 17, whose tables ada has (and the web-platform tests' IdnaTestV2.json,
/// where U+3E8AC is the one such case), and assigned as letters in Unicode
/// 18, whose tables the `idna` crate has (ICU4X 2.4). Not a departure from
/// the standard but a newer Unicode (found by this target, 2026-11-27:
/// U+3D40B).
fn unicode_18(ours: &str) -> bool {
    lenient(ours)
        .chars()
        .any(|c| ('\u{33480}'..='\u{3FFFD}').contains(&c))
}

/// Whether ada's host, in Unicode, is not in NFC and its NFC is ours: UTS
/// #46 section 4 (Processing) step 2 normalizes the domain to NFC before
/// it is encoded, and ada encoded `e\u{301}\u{327}` as it came (found by
/// this target, 2026-11-27).
fn not_nfc(ours: &str, theirs: &str) -> bool {
    let (Some(a), Some(b)) = (unicode(ours), unicode(theirs)) else {
        return false;
    };
    let text = format!("http://{b}/");
    let Ok(iri) = urikit::IriRef::parse(&text) else {
        return false;
    };
    let n = urikit::Normalizer::new().nfc(true).normalize(*iri);
    n.as_str() != text && n.as_str() == format!("http://{a}/")
}
