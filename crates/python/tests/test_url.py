"""urikit.URL: the WHATWG URL Standard's reading, as JavaScript's URL gives
it. The web-platform tests' urltestdata.json (read from shared/data/wpt,
never copied) through the Python type, and what a user of JavaScript's URL
or of yarl reaches for."""

import json
import pickle
from pathlib import Path

import pytest

import urikit
from urikit import URL, ParseError

from conftest import REPO

WPT = REPO.parent / "shared" / "data" / "wpt" / "urltestdata.json"

ATTRS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
         "pathname", "search", "hash"]


@pytest.mark.skipif(not WPT.exists(), reason="the web-platform tests are not beside the checkout")
def test_urltestdata():
    entries = [e for e in json.loads(WPT.read_text()) if isinstance(e, dict)]
    assert len(entries) > 800
    failures = []
    for e in entries:
        # JavaScript strings may hold lone surrogates; a USVString has
        # U+FFFD in their place, as new URL() sees them.
        fix = lambda s: s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        inp = fix(e["input"])
        base = fix(e["base"]) if e.get("base") is not None else None
        try:
            u = URL(inp, base)
        except ParseError:
            if not e.get("failure"):
                failures.append((inp, base, "failed"))
            continue
        if e.get("failure"):
            failures.append((inp, base, "should fail"))
            continue
        for a in ATTRS:
            if a in e and getattr(u, a) != e[a]:
                failures.append((inp, base, a, getattr(u, a), e[a]))
    assert failures == []


def test_a_failure_names_the_standards_error_and_where():
    with pytest.raises(ParseError) as info:
        URL("https://h:99999/")
    assert (info.value.code, info.value.offset, info.value.byte_offset) == ("port-out-of-range", 10, 10)
    with pytest.raises(ParseError) as info:
        URL("/relative")
    assert info.value.code == "missing-scheme-non-relative-URL"
    # Offsets count code points too.
    with pytest.raises(ParseError) as info:
        URL("https://é.example:x/")
    assert (info.value.offset, info.value.byte_offset) == (18, 19)


def test_validation_errors_say_what_was_repaired():
    u = URL("http://0x7f.1/a b")
    assert u.href == "http://127.0.0.1/a%20b"
    assert [c for c, *_ in u.validation_errors] == [
        "IPv4-too-few-parts", "IPv4-non-decimal-part", "invalid-URL-unit"]
    assert URL("https://example.com/").validation_errors == []


def test_immutable_replace_runs_the_setters_in_order():
    u = URL("http://x/y?q#f")
    v = u.replace(host="example.org:8080", pathname="a b", hash="")
    assert v.href == "http://example.org:8080/a%20b?q"
    assert u.href == "http://x/y?q#f"
    # Setters the standard ignores leave the URL as it was.
    assert u.replace(protocol="mailto").href == u.href
    with pytest.raises(TypeError, match="unexpected attribute"):
        u.replace(nope="x")
    with pytest.raises(ParseError):
        u.replace(href="nope")


def test_search_params_and_base():
    u = URL("?a=1&b=x+y", "https://h/p")
    assert u.href == "https://h/p?a=1&b=x+y"
    assert u.search_params == [("a", "1"), ("b", "x y")]
    assert u.with_search_params(sorted(u.search_params, reverse=True)).href == "https://h/p?b=x+y&a=1"
    assert u.with_search_params([]).href == "https://h/p"
    assert URL("x", URL("https://h/a/b")).href == "https://h/a/x"


def test_values_compare_hash_and_pickle():
    a, b = URL("HTTP://H:80/"), URL("http://h/")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert pickle.loads(pickle.dumps(a)) == a
    assert str(a) == "http://h/" and repr(a) == "URL('http://h/')"
    assert a.effective_port == 80 and a.port == "" and a.query is None


def test_the_dialect_keyword():
    assert "whatwg" in urikit.DIALECTS
    assert isinstance(urikit.parse("http:example.com", dialect="whatwg"), URL)
    assert urikit.is_valid("http://a/b c", dialect="whatwg")
    assert not urikit.is_valid("http://[::1", dialect="whatwg")
    assert URL.can_parse("x", "https://h/") and not URL.can_parse("x")


def test_the_column_functions_of_the_whatwg_reading():
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow
    x = pa.array(["http://0x7f.1/a b", "https://u:p@example.com:8443/?q#f", "nope", None,
                  "http://evil.com\\@good.com/"])
    assert arrow.origin(x).to_pylist() == ["http://127.0.0.1", "https://example.com:8443", None,
                                           None, "http://evil.com"]
    errs = arrow.validation_errors(x).to_pylist()
    assert [e["code"] for e in errs[0]] == ["IPv4-too-few-parts", "IPv4-non-decimal-part",
                                            "invalid-URL-unit"]
    assert errs[0][2]["offset"] == 15 and errs[3] is None
    assert arrow.readings_differ(x).to_pylist() == [["validity"], [], ["validity"], None,
                                                    ["validity"]]
    # functions.md: under dialect 'whatwg' a function reads the URL record.
    assert arrow.host(x, "whatwg").to_pylist() == ["127.0.0.1", "example.com", None, None, "evil.com"]
    assert arrow.userinfo(x, "whatwg").to_pylist()[1] == "u:p"
    assert arrow.port(x, "whatwg").to_pylist()[:2] == [None, "8443"]
    assert arrow.query(x, "whatwg").to_pylist()[:2] == [None, "q"]
    assert arrow.normalize(x, "whatwg").to_pylist()[0] == "http://127.0.0.1/a%20b"
    assert arrow.error(x, "whatwg").to_pylist()[2]["code"] == "missing-scheme-non-relative-URL"
    assert arrow.resolve(pa.array(["../c"]), "https://h/a/b", "whatwg").to_pylist() == ["https://h/c"]
    # The Public Suffix List reads a WHATWG domain (lower case already); an
    # address has no suffix.
    assert arrow.registrable_domain(x, "whatwg").to_pylist() == [None, "example.com", None, None, "evil.com"]
    assert arrow.icann_public_suffix(x, "whatwg").to_pylist() == [None, "com", None, None, "com"]
    with pytest.raises(ValueError, match="does not take dialect 'whatwg'"):
        arrow.path_segments(x, "whatwg")


def test_the_whatwg_functions_in_duckdb():
    duckdb = pytest.importorskip("duckdb")
    import urikit.duckdb
    con = duckdb.connect()
    urikit.duckdb.register(con)
    row = con.execute(
        "select uri_origin(u), uri_readings_differ(u), uri_host(u, 'whatwg'), "
        "len(uri_validation_errors(u)) from (select 'http://0x7F.1/%7e' as u)").fetchone()
    assert row == ("http://127.0.0.1", ["host", "path"], "127.0.0.1", 2)
