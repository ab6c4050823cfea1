//! Every input a fuzz target (fuzz/fuzz_targets) reported, with the
//! property it exercised; docs/robustness.md says what each one was.

use urikit::{HostType, Normalizer, Resolver, UriRef, UriRefBuf};

/// relativize, first run: a target with dot segments under another scheme.
/// Resolution removes dot segments (RFC 3986 section 5.2.2), so nothing
/// resolves to `g:a/./b/../c`, not even itself (it gives `g:a/c`): the
/// contract's `unreachable-target`, at the first dot segment.
#[test]
fn relativize_of_an_unreachable_target_is_an_error() {
    let r = Resolver::new(UriRef::parse("http://a/b/c/d").unwrap()).unwrap();
    let t = UriRef::parse("g:a/./b/../c").unwrap();
    let err = r.relativize(t).unwrap_err();
    assert_eq!((err.code(), err.offset()), ("unreachable-target", 4));
    assert_eq!(r.resolve(t).unwrap().as_str(), "g:a/c");
}

/// relativize, second run: a base written with a dot segment. A
/// same-document reference resolves to the base as written (the contract's
/// same-document rule), dot segment and all, while the target itself
/// resolves without it: `#s` is the answer, though the target does not
/// resolve to itself.
#[test]
fn relativize_against_a_base_with_a_dot_segment() {
    let r = Resolver::new(UriRef::parse("http:./g").unwrap()).unwrap();
    let t = UriRef::parse("http:./g#s").unwrap();
    let rel = r.relativize(t).unwrap();
    assert_eq!(rel.as_str(), "#s");
    assert_eq!(r.resolve(rel.as_uri_ref()).unwrap().as_str(), "http:./g#s");
    assert_eq!(r.resolve(t).unwrap().as_str(), "http:g#s");
}

/// edit, first run: the target split its input inside a multi-byte
/// character (a bug of the target). The edit it meant, a segment of
/// non-ASCII text, encodes and reads back.
#[test]
fn editing_with_non_ascii_text() {
    let mut u = UriRefBuf::parse("http://h/p?q#f".to_owned()).unwrap();
    u.push_segment("ä").unwrap();
    u.set_host(Some("ä")).unwrap();
    assert_eq!(u.as_str(), "http://%C3%A4/p/%C3%A4?q#f");
}

/// resolve, with base and reference read under each dialect: RFC 2396's
/// merge of `..` against the opaque base `a:b/c` gave `a:`, which RFC 2396
/// does not accept (`opaque_part` needs a character). Section 5: "relative
/// URI cannot be used within a document that has an unsuitable base URI":
/// the reference fails with `opaque-base`.
#[test]
fn rfc_2396_refuses_relative_paths_against_an_opaque_base() {
    use urikit::{Dialect, ErrorKind};
    let base = UriRef::parse_with("a:b/c", Dialect::Rfc2396).unwrap();
    let r = Resolver::new(base).unwrap();
    let err = r
        .resolve(UriRef::parse_with("..", Dialect::Rfc2396).unwrap())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OpaqueBase);
    // A hierarchical base resolves it, and RFC 3986 defines it anyway.
    assert_eq!(
        r.dialect(Dialect::Rfc3986)
            .resolve(UriRef::parse("..").unwrap())
            .unwrap()
            .as_str(),
        "a:/"
    );
}

/// normalizer, under RFC 2396: `http://h:%38` is one registry-based name
/// (`h:%38`) until `%38` is decoded, after which it is host `h` and port
/// `8`. The first pass stopped half-written (`http://h:8`, without the `/`
/// of an empty http path), so normalizing again changed it. The passes now
/// go on until one changes nothing.
#[test]
fn normalizing_a_registry_name_that_becomes_a_server() {
    use urikit::{Dialect, Normalizer};
    let u = UriRef::parse_with("http://h:%38", Dialect::Rfc2396).unwrap();
    let n = Normalizer::new().normalize(u);
    assert_eq!((n.as_str(), n.dialect()), ("http://h:8/", Dialect::Rfc2396));
    assert_eq!(
        Normalizer::new().normalize(n.as_uri_ref()).as_str(),
        "http://h:8/"
    );
    let u = UriRef::parse_with("http://h:%38%30", Dialect::Rfc2396).unwrap();
    assert_eq!(Normalizer::new().normalize(u).as_str(), "http://h/");
}

/// file_paths: `\\localhost\f`, a share of this machine, became
/// `file://localhost/f`, which RFC 1738 section 3.10 reads as the local
/// path `\f`. The UNC path now goes into the path, as RFC 8089 Appendix
/// E.3.2 writes it, and comes back as it was.
#[test]
fn a_unc_path_on_localhost_round_trips() {
    use urikit::scheme::{from_windows_path, File};
    let u = from_windows_path(r"\\localhost\f").unwrap();
    assert_eq!(u.as_str(), "file:////localhost/f");
    let back = File::new(u.as_uri_ref())
        .unwrap()
        .to_windows_path()
        .unwrap();
    assert_eq!(back, r"\\localhost\f");
}

/// normalizer, under RFC 2396: removing the dot of the opaque `a:%2E`
/// (once `%2E` is decoded) leaves `a:`, which RFC 2396 does not accept, so
/// the input is its own normal form; `is_normalized` said it was not.
#[test]
fn is_normalized_agrees_with_normalize_under_older_dialects() {
    use urikit::{Dialect, Normalizer};
    let u = UriRef::parse_with("a:%2E", Dialect::Rfc2396).unwrap();
    let n = Normalizer::new();
    assert_eq!(n.normalize(u).as_str(), "a:%2E");
    assert!(n.is_normalized(u));
}

/// resolve, non-strict under 2396bis: `HTTP:[` has the opaque part `[`,
/// which 2396bis's `uric` allows; read as relative (the loophole for a
/// reference with the base's scheme) it became the path `/b/c/[`, which no
/// 2396bis URI has. Such a reference is read as the absolute URI it is.
#[test]
fn the_non_strict_loophole_keeps_what_a_path_cannot_hold_absolute() {
    use urikit::Dialect;
    let d = Dialect::Rfc2396bis;
    let base = UriRef::parse_with("http://a/b/c/d?p;q", d).unwrap();
    let r = Resolver::new(base).unwrap().strict(false);
    let t = r.resolve(UriRef::parse_with("HTTP:[", d).unwrap()).unwrap();
    assert_eq!(t.as_str(), "HTTP:[");
    let t = r.resolve(UriRef::parse_with("http:g", d).unwrap()).unwrap();
    assert_eq!(t.as_str(), "http://a/b/c/g");
}

/// base, under 2396bis: `d` against the Content-Location `e:.//.[/` (an
/// opaque part, where 2396bis allows `[`) merged into `e:/.[/d`, whose
/// path may not hold `[`. 2396bis and the 1996 draft make relative paths
/// against an opaque base undefined as RFC 2396 does.
#[test]
fn every_older_dialect_refuses_relative_paths_against_an_opaque_base() {
    use urikit::{Dialect, ErrorKind};
    for d in [Dialect::Rfc2396bis, Dialect::Rfc2396, Dialect::Url1996] {
        let base = UriRef::parse_with("e:.//.[/", Dialect::Rfc2396bis).unwrap();
        let Ok(base) = base
            .in_dialect(d)
            .or_else(|_| UriRef::parse_with("e:x/y", d))
        else {
            continue;
        };
        let r = Resolver::new(base).unwrap();
        let err = r.resolve(UriRef::parse_with("d", d).unwrap()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OpaqueBase, "{d:?}");
        // A fragment, an absolute path or a scheme needs no merge.
        for ok in ["#f", "/g", "x:y"] {
            assert!(
                r.resolve(UriRef::parse_with(ok, d).unwrap()).is_ok(),
                "{d:?} {ok}"
            );
        }
    }
    // An empty path is hierarchical (2396bis merges it as "/").
    let empty = Resolver::new(UriRef::parse_with("a:", Dialect::Rfc2396bis).unwrap()).unwrap();
    assert_eq!(
        empty.resolve(UriRef::parse("g").unwrap()).unwrap().as_str(),
        "a:/g"
    );
}

/// base, under RFC 2396: `..` against the Content-Base `e:?` merged into
/// `e:`, which RFC 2396 does not accept. RFC 2396's `hier_part` needs a
/// path, so `e:?` is the opaque part `?` (the Appendix B split shows an
/// empty path and an empty query): opaque, and `opaque-base`.
#[test]
fn an_rfc_2396_base_with_an_empty_path_is_opaque() {
    use urikit::{Dialect, ErrorKind};
    let base = UriRef::parse_with("e:?", Dialect::Rfc2396).unwrap();
    let err = Resolver::new(base)
        .unwrap()
        .resolve(UriRef::parse("..").unwrap())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OpaqueBase);
}

/// Decoding `%2E` in a host can make it an IPv4 address (RFC 3986 section
/// 3.2.2: the text is `IPv4address` once `255.2.55.2`); the host's type is
/// read from the written host alone, not with the port after it.
#[test]
fn a_decoded_host_followed_by_a_port_is_typed_alone() {
    let u = UriRef::parse("//@255.2%2E55.2:5/255.").unwrap();
    let n = Normalizer::new().normalize(u);
    assert_eq!(n.as_str(), "//@255.2.55.2:5/255.");
    let host = n.as_uri_ref().host().unwrap();
    assert_eq!(host.host_type(), HostType::Ipv4);
    assert_eq!(
        host.host_type(),
        UriRef::parse(n.as_str())
            .unwrap()
            .host()
            .unwrap()
            .host_type()
    );
}

/// relativize, non-strict under RFC 3986: against the base `A:`, the
/// target `a://` was returned as itself (its scheme differs as written),
/// but the loophole of section 5.2.2 compares schemes without case, drops
/// it, and resolves `a://` to `A://`. Every reference with the scheme `a`
/// or none resolves to one with `A`, so nothing reaches the target.
#[test]
fn non_strict_relativization_compares_schemes_as_the_loophole_does() {
    let r = Resolver::new(UriRef::parse("A:").unwrap())
        .unwrap()
        .strict(false);
    let t = UriRef::parse("a://").unwrap();
    let err = r.relativize(t).unwrap_err();
    assert_eq!(err.kind(), urikit::ErrorKind::UnreachableTarget);
    // With the base's scheme as written, the network path reaches it.
    let rel = r.relativize(UriRef::parse("A://h/x").unwrap()).unwrap();
    assert_eq!(rel.as_str(), "//h/x");
    // Strict resolution takes the target as it is.
    let strict = Resolver::new(UriRef::parse("A:").unwrap()).unwrap();
    assert_eq!(strict.relativize(t).unwrap().as_str(), "a://");
}

/// template, the fault hunt of 2026-11-27 (issue 44, item 2): the target
/// panicked on this 14-byte input, matching `x,y,z` gave a list to the
/// prefix variable `a`, which does not expand. Matching now gives `b` the
/// list and `a` the last member, and the target's contract holds.
#[test]
fn template_a_list_never_goes_to_a_prefix() {
    crate::fuzz_ops::template(b"{b,a:2}\nx,y,z\n");
    let t = urikit::template::Template::parse("{b,a:2}").unwrap();
    let found = t.match_uri("x,y,z").unwrap();
    assert_eq!(t.expand(&found).unwrap(), "x,y,z");
}

/// template, the fault hunt (issue 44, item 3): a 4,017-byte input timed
/// the target out. A template of many expressions that can hold the text
/// around them, against a long URI, stays within the target's bound.
#[test]
fn template_many_open_expressions_on_a_long_uri() {
    let template: String = (0..200).map(|i| format!("{{v{i}}}{{+w{i}}}-")).collect();
    let uri = "a-b,".repeat(400);
    let mut data = template.into_bytes();
    data.push(b'\n');
    data.extend_from_slice(uri.as_bytes());
    data.extend_from_slice(b"\nx,y");
    crate::fuzz_ops::template(&data);
}
