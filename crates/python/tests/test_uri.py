"""The value types against RFC 3986 (and RFC 3987 for IRIRef)."""

import copy
import pickle

import pytest

import urikit
from urikit import IRIRef, ParseError, URIRef


def test_components_as_written_and_decoded():
    # Section 3: the five components; 3.2 the authority's three.
    u = URIRef("foo://us%20er:pw@example.com:8042/over/th%65re?name=fer+ret#n%6Fse")
    assert u.scheme == "foo"
    assert u.raw_authority == "us%20er:pw@example.com:8042"
    assert (u.raw_userinfo, u.userinfo) == ("us%20er:pw", "us er:pw")
    assert (u.user, u.password) == ("us er", "pw")
    assert (u.raw_host, u.host, u.host_type) == ("example.com", "example.com", "reg-name")
    assert (u.raw_port, u.explicit_port, u.port) == ("8042", 8042, 8042)
    assert (u.raw_path, u.path) == ("/over/th%65re", "/over/there")
    assert u.path_segments == ("over", "there")
    assert u.raw_query == "name=fer+ret"
    assert u.query["name"] == "fer ret"  # form-decoded
    assert (u.raw_fragment, u.fragment) == ("n%6Fse", "nose")
    assert u.kind == "uri" and u.is_absolute()


def test_undefined_is_none_and_empty_is_empty():
    # Section 5.3: an empty query or fragment differs from none.
    u = URIRef("http://h:?#")
    assert (u.raw_port, u.explicit_port, u.port) == ("", None, 80)
    assert (u.raw_query, u.raw_fragment) == ("", "")
    v = URIRef("a/b")
    assert (v.scheme, v.raw_authority, v.host, v.raw_query, v.fragment) == (None,) * 5
    assert v.kind == "relative" and not v.is_absolute()
    assert URIRef("file:///p").host == ""


def test_hosts_by_type():
    # Section 3.2.2.
    assert URIRef("http://[::1]:8/").host == "::1"
    assert URIRef("http://[::1]:8/").raw_host == "[::1]"
    assert URIRef("http://[::1]/").host_type == "ipv6"
    assert URIRef("http://[v7.x]/").host_type == "ipvfuture"
    assert URIRef("http://1.2.3.4/").host_type == "ipv4"
    assert URIRef("http://1.2.3.256/").host_type == "reg-name"
    assert URIRef("http://B%C3%BCcher.example/").host == "Bücher.example"
    assert URIRef("http://B%C3%BCcher.example/").host_ascii == "xn--bcher-kva.example"
    assert URIRef("http://xn--bcher-kva.example/").host_unicode == "bücher.example"


def test_zone_ids_only_on_request():
    # RFC 6874: a zone identifier is `%25` and the zone after the address.
    with pytest.raises(ParseError) as e:
        URIRef("http://[fe80::1%25eth0]/")
    assert e.value.code == "invalid-ipv6"
    assert "zone_ids=True" in e.value.message
    u = URIRef("http://[fe80::1%25eth0]/", zone_ids=True)
    assert u.zone_id == "eth0"
    assert "zone_ids=True" in repr(u)


def test_port_default_and_out_of_range():
    assert URIRef("https://h/").port == 443
    assert URIRef("x://h/").port is None
    # The generic syntax allows any digits (section 3.2.3); a number is
    # only asked for when the port is read.
    u = URIRef("http://h:99999/")
    assert u.raw_port == "99999"
    with pytest.raises(ParseError) as e:
        u.port
    assert e.value.code == "port-out-of-range"


def test_undecodable_bytes_survive_by_surrogateescape():
    u = URIRef("http://h/%FF")
    assert u.path == "/\udcff"
    assert u.path.encode("utf-8", "surrogateescape") == b"/\xff"


def test_query_multimapping():
    q = URIRef("?a=1&b=&a=2&c").query
    assert len(q) == 4
    assert q["a"] == "1" and q.getall("a") == ["1", "2"]
    assert q["b"] == "" and q["c"] is None
    assert "c" in q and "d" not in q
    assert q.get("d", "x") == "x"
    with pytest.raises(KeyError):
        q["d"]
    assert list(q) == ["a", "b", "a", "c"]
    assert URIRef("http://h/").query.items() == []


def test_edits_return_new_references():
    u = URIRef("http://h/p?x=1#f")
    assert str(u.with_scheme("https")) == "https://h/p?x=1#f"
    assert str(u.with_host("b%c")) == "http://b%25c/p?x=1#f"
    assert str(u.with_port(8080)) == "http://h:8080/p?x=1#f"
    assert str(u.with_port(8080).with_port(None)) == "http://h/p?x=1#f"
    assert str(u.with_path("/a b")) == "http://h/a%20b?x=1#f"
    assert str(u.with_path("/a%20b", encoded=True)) == "http://h/a%20b?x=1#f"
    assert str(u.with_query({"k": ["1", "2"], "f": None})) == "http://h/p?k=1&k=2&f#f"
    assert str(u.with_query(None)) == "http://h/p#f"
    assert str(u.with_fragment("a b")) == "http://h/p?x=1#a%20b"
    assert str(u.with_userinfo("me")) == "http://me@h/p?x=1#f"
    assert str(u) == "http://h/p?x=1#f"  # unchanged
    with pytest.raises(ParseError) as e:
        u.with_path("/a%zz", encoded=True)
    assert e.value.code == "invalid-percent-encoding"
    with pytest.raises(ValueError):
        u.with_port(70000)


def test_replace_and_query_params():
    u = URIRef("http://h/p?utm_source=a&x=1&utm_medium=b")
    assert str(u.replace(scheme="https", host="example.com", fragment="top")) == (
        "https://example.com/p?utm_source=a&x=1&utm_medium=b#top"
    )
    assert str(u.without_query_params("utm_*")) == "http://h/p?x=1"
    assert str(u.without_query_params("*")) == "http://h/p"
    assert str(u.with_query_param("x", "a b")) == "http://h/p?utm_source=a&x=a+b&utm_medium=b"
    assert str(URIRef("http://h/").update_query({"a": 1}, b="2")) == "http://h/?a=1&b=2"
    with pytest.raises(TypeError):
        u.replace(colour="red")


def test_slash_appends_an_encoded_segment():
    assert str(URIRef("http://h") / "a") == "http://h/a"
    assert str(URIRef("http://h/d/") / "a/b" / "c") == "http://h/d/a%2Fb/c"
    # Not resolution: ".." is a segment's text here.
    assert str(URIRef("http://h/d/") / "..") == "http://h/d/.."


def test_resolution_section_5_4():
    base = URIRef("http://a/b/c/d;p?q")
    for ref, want in [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("../g", "http://a/b/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"), ("../../../g", "http://a/g"), ("g;x=1/../y", "http://a/b/c/y"),
    ]:
        assert str(base.resolve(ref)) == want, ref
    assert str(urikit.resolve("?y", base, dialect="rfc2396")) == "http://a/b/c/?y"
    with pytest.raises(ParseError) as e:
        URIRef("a/b").resolve("c")
    assert e.value.code == "relative-base"


def test_relativize_inverts_resolve():
    base = URIRef("http://a/b/c/d;p?q")
    for target in ["http://a/b/c/g", "http://a/g?x#y", "http://b/c", "http://a/b/c/d;p?q#f"]:
        rel = base.relativize(target)
        assert str(base.resolve(rel)) == target
    with pytest.raises(ParseError) as e:
        base.relativize("http://a/../g")
    assert e.value.code == "unreachable-target"


def test_normalize_and_equivalence_section_6():
    u = URIRef("HTTP://www.Example.COM:80/a/./b/../%7euser/%3a")
    assert str(u.normalize()) == "http://www.example.com/a/~user/%3A"
    assert u.equivalent("http://www.example.com/a/~user/%3A")
    assert not u.equivalent("http://www.example.com/a/~user/:")
    assert str(urikit.clean("http://H/p?utm_source=x&b=1&a=2#f")) == "http://h/p?a=2&b=1"
    assert URIRef("http://a/b/c").hierarchy() == ["http://a/", "http://a/b/", "http://a/b/c"]


def test_iri_mappings_rfc3987_section_3():
    i = IRIRef("http://résumé.example/ç")
    assert isinstance(i, URIRef) and i.dialect == "rfc3987"
    u = i.to_uri()
    assert type(u) is URIRef
    assert str(u) == "http://r%C3%A9sum%C3%A9.example/%C3%A7"
    assert str(i.to_uri(idna=True)) == "http://xn--rsum-bpad.example/%C3%A7"
    back = u.to_iri()
    assert type(back) is IRIRef and str(back) == str(i)
    # Section 3.2: bytes that are not UTF-8 stay encoded.
    assert str(URIRef("http://e/D%FCrst").to_iri()) == "http://e/D%FCrst"
    # An edit keeps an IRI an IRI.
    assert type(i.with_fragment("ü")) is IRIRef
    with pytest.raises(ParseError):
        URIRef("http://résumé.example/")


def test_dialects():
    # RFC 2396 allows an opaque part to begin with "?" (uric_no_slash),
    # read as RFC 3986's Appendix B splits it: an empty path and a query.
    u = URIRef("x:?y", dialect="rfc2396")
    assert (u.raw_path, u.raw_query) == ("", "y")
    with pytest.raises(ValueError, match="unknown dialect"):
        URIRef("x:y", dialect="rfc9999")
    assert urikit.is_valid("http://h/~u") and not urikit.is_valid("http://h/~u", dialect="rfc1738")


def test_equality_hash_pickle_copy():
    a, b = URIRef("http://h/"), URIRef(b"http://h/")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != "http://h/" and a != URIRef("http://H/")
    for obj in [a, IRIRef("http://é/"), URIRef("x:?y", dialect="rfc2396"),
                URIRef("http://[fe80::1%25a]/", zone_ids=True)]:
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and type(back) is type(obj)
        assert (back.dialect, repr(back)) == (obj.dialect, repr(obj))
        assert copy.copy(obj) is obj and copy.deepcopy(obj) is obj
    assert repr(URIRef("x:?y", dialect="rfc2396")) == "URIRef('x:?y', dialect='rfc2396')"


def test_module_functions():
    assert urikit.encode("a b/c", "path") == "a%20b/c"
    assert urikit.decode("%E2%82%AC+") == "€+"
    assert urikit.decode("%E2%82%AC+", component="form") == "€ "
    assert urikit.decode_bytes("%FF") == b"\xff"
    with pytest.raises(ParseError) as e:
        urikit.decode("a%FFb")
    assert (e.value.code, e.value.offset) == ("invalid-utf8", 1)
    with pytest.raises(ValueError, match="unknown component"):
        urikit.encode("x", "colour")
    assert str(urikit.guess("www.example.com")) == "http://www.example.com"
    assert urikit.guess("not a uri") is None
    uri, changes = urikit.repair("http://a/b c")
    assert str(uri) == "http://a/b%20c"
    assert [(c.offset, c.before, c.after) for c in changes] == [(10, " ", "%20")]
    found = urikit.extract("x <http://a/> y mailto:b@c.")
    assert [str(m.uri) for m in found] == ["http://a/", "mailto:b@c"]


def test_links_resolved_against_the_document_base():
    html = """<html><head><base href="http://b/dir/"></head>
    <body><a href="x">1</a><a href="//h/y">2</a><img src="a b"></body>"""
    links = urikit.links(html, base="http://origin/")
    assert [(l.element, l.attribute, l.line) for l in links] == [
        ("a", "href", 2), ("a", "href", 2), ("img", "src", 2)]
    assert [str(l.uri) if l.uri else l.error.code for l in links] == [
        "http://b/dir/x", "http://h/y", "invalid-char"]
    assert [str(l.uri) for l in urikit.links('<a href="x">')] == ["x"]
    with pytest.raises(ParseError) as e:
        urikit.links("", base="relative")
    assert e.value.code == "relative-base"


def test_inspect_the_contracts_example():
    # cli.md, `uri inspect`: RFC 1738 section 3.2's ftp fields.
    r = urikit.inspect("ftp://myname@host.dom/%2Fetc/motd;type=a")
    assert r == {
        "ok": True, "scheme": "ftp", "default_port": 21,
        "fields": {"user": "myname", "password": None, "host": "host.dom", "port": 21,
                   "cwd": ["/etc"], "name": "motd", "typecode": "a"},
        "warnings": [], "error": None,
    }
    r = URIRef("http://h:81/%0D%0A").inspect()
    assert [w["code"] for w in r["warnings"]] == ["non-default-port", "encoded-control-character"]
    assert URIRef("urn:isbn:0").inspect()["fields"] == {}
    bad = URIRef("file:///a%FFb").inspect()
    assert not bad["ok"] and bad["error"].code == "invalid-utf8" and bad["fields"] is None


def test_lengths_count_code_points():
    # Issue 44, item 13: len() counted UTF-8 bytes; bool and len agree.
    assert len(IRIRef("http://é.example/ü")) == 18
    assert len(URIRef("http://a/")) == 9
    assert len(URIRef("")) == 0 and not URIRef("")
    assert URIRef("a")


def test_result_values_compare_and_pickle():
    # Issue 44, item 13: Change, Match and Link compared by identity and
    # could not be pickled; they are values.
    _, changes = urikit.repair(" <http://a/b c> ")
    again = urikit.repair(" <http://a/b c> ")[1]
    assert changes == again and hash(changes[0]) == hash(again[0])
    m = urikit.extract("see http://a/b ok")
    assert m == urikit.extract("see http://a/b ok")
    links = urikit.links('<a href="x">', base="http://h/")
    assert links == urikit.links('<a href="x">', base="http://h/")
    for obj in [*changes, *m, *links]:
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and type(back) is type(obj) and hash(back) == hash(obj)
    assert changes[0] != changes[1]
    assert urikit.Change(1, 1, " ", "%20") == urikit.Change(1, 1, " ", "%20")


def test_what_a_yarl_user_reaches_for():
    # Issue 45, item 15.
    u = URIRef("http://u@Example.com:8080/path/to/file.tar.gz?x=1#f")
    assert str(u.origin()) == "http://Example.com:8080"
    with pytest.raises(ValueError, match="no origin"):
        URIRef("/a/b").origin()
    assert (u.name, u.suffix) == ("file.tar.gz", ".gz")
    assert str(u.parent) == "http://u@Example.com:8080/path/to"
    assert str(URIRef("http://h/a").joinpath("b c", "d")) == "http://h/a/b%20c/d"
    assert sorted([URIRef("http://b/"), URIRef("http://a/")]) == [URIRef("http://a/"), URIRef("http://b/")]
    assert URIRef("http://h/?a=1&b=2").query == {"a": "1", "b": "2"}
    assert URIRef("http://h/?a=1&a=2").query != {"a": "1"}
    assert str(URIRef("http://h/p?x=0").with_query(a=1, b="x y")) == "http://h/p?a=1&b=x+y"
    assert str(URIRef("http://h").with_path("a b")) == "http://h/a%20b"
    assert str(URIRef.build(scheme="https", host="example.com", path="/a", query={"q": "1"})) == "https://example.com/a?q=1"
    assert type(IRIRef.build(scheme="http", host="é.example")) is IRIRef


def test_idna_when_setting_a_host_and_xn_hosts_in_to_iri():
    # Issue 45, item 11.
    assert str(URIRef("http://example.com/").with_host("münchen.de", idna=True)) == "http://xn--mnchen-3ya.de/"
    assert str(URIRef("http://example.com/").with_host("münchen.de")) == "http://m%C3%BCnchen.de/"
    assert str(URIRef("http://xn--mnchen-3ya.de/").to_iri()) == "http://münchen.de/"
    with pytest.raises(ParseError) as e:
        URIRef("http://a/").with_host("\u00ad", idna=True)
    assert e.value.code == "empty-label"


def test_normalization_steps_are_the_librarys_keywords():
    # RFC 5952 section 4, RFC 3987 section 5.3: off unless asked for.
    names = [s["name"] for s in urikit.NORMALIZATION_STEPS]
    assert names[:6] == ["lowercase", "uppercase_hex", "decode_unreserved",
                         "remove_dot_segments", "remove_default_port", "slash_empty_path"]
    assert {"ipv6", "nfc", "idna"} <= set(names)
    assert all(s["default"] == (s["name"] not in ("ipv6", "nfc", "idna"))
               for s in urikit.NORMALIZATION_STEPS)
    u = urikit.URIRef("HTTP://[2001:DB8:0:0::1]:80/a/./b")
    # The host is lowered by 6.2.2.1; only RFC 5952 compresses it.
    assert str(u.normalize()) == "http://[2001:db8:0:0::1]/a/b"
    assert str(u.normalize(ipv6=True)) == "http://[2001:db8::1]/a/b"
    assert str(u.normalize(remove_default_port=False, remove_dot_segments=False)) == \
        "http://[2001:db8:0:0::1]:80/a/./b"
    assert urikit.equivalent("http://[::1]/", "http://[0:0::1]/", ipv6=True)
    assert not urikit.equivalent("http://[::1]/", "http://[0:0::1]/")
    # RFC 3987 section 5.3.2.2 and 5.3.3.
    iri = urikit.normalize("http://XN--MNCHEN-3YA.de/re\u0301sume\u0301", dialect="rfc3987",
                           nfc=True, idna=True)
    assert str(iri) == "http://münchen.de/résumé"
    with pytest.raises(TypeError, match="not a normalization step; the steps are lowercase"):
        u.normalize(ipv4=True)


def test_the_librarys_lists():
    assert urikit.DIALECTS == ("rfc3986", "rfc3987", "rfc2396bis", "rfc2396", "url-1996", "rfc1738", "whatwg")
    assert urikit.PARTS == ("scheme", "authority", "userinfo", "host", "port", "path", "query",
                            "fragment")
    assert urikit.COMPONENTS == ("userinfo", "host", "path", "segment", "query", "fragment", "form")
    u = urikit.parse("http://u@h:8/p?q#f")
    with pytest.raises(TypeError, match="unexpected part \"authority\"; the parts are scheme, host"):
        u.replace(authority="x")
