"""The Public Suffix List from Python: both views, answers in lower case,
the compiled-in list's version, and the same answers natively in DuckDB."""

import re

import pytest

import urikit
from urikit import URIRef


def test_the_version_of_the_list_compiled_in():
    # The list's `// VERSION:` line: the time publicsuffix.org published it.
    assert re.fullmatch(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_UTC", urikit.PUBLIC_SUFFIX_LIST_VERSION)


def test_both_views_in_lower_case():
    u = URIRef("http://WwW.Example.CO.uk/")
    # The list's own checks answer mixed case in lower case.
    assert (u.registrable_domain, u.public_suffix) == ("example.co.uk", "co.uk")
    g = URIRef("https://a.b.github.io/")
    # github.io is in the private section: a suffix only when it is read.
    assert (g.registrable_domain, g.public_suffix) == ("b.github.io", "github.io")
    assert (g.icann_registrable_domain, g.icann_public_suffix) == ("github.io", "io")
    # An address, an empty label, a name that is itself a suffix.
    for text in ["http://10.0.0.1/", "http://a..com/", "http://co.uk/"]:
        assert URIRef(text).registrable_domain is None, text


def test_the_column_functions_and_duckdb_agree():
    pa = pytest.importorskip("pyarrow")
    from urikit import arrow
    col = pa.array(["http://x.Y.github.io/", "http://www.city.kobe.jp/", "nope", None, "http://x.ck/"])
    want_all = ["y.github.io", "city.kobe.jp", None, None, None]
    want_icann = ["github.io", "city.kobe.jp", None, None, None]
    assert arrow.registrable_domain(col).to_pylist() == want_all
    assert arrow.icann_registrable_domain(col).to_pylist() == want_icann
    assert arrow.icann_public_suffix(col).to_pylist() == ["io", "kobe.jp", None, None, "x.ck"]
    duckdb = pytest.importorskip("duckdb")
    import urikit.duckdb
    con = urikit.duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT * FROM (VALUES (1, 'http://x.Y.github.io/'), "
                "(2, 'http://www.city.kobe.jp/'), (3, 'nope'), (4, NULL), (5, 'http://x.ck/')) v(i, u)")
    got = con.sql("SELECT uri_registrable_domain(u), uri_icann_registrable_domain(u) "
                  "FROM t ORDER BY i").fetchall()
    assert got == list(zip(want_all, want_icann))


def test_a_list_read_at_run_time(tmp_path):
    from urikit import SuffixList
    path = tmp_path / "list.dat"
    path.write_text("// VERSION: 2030-01-01_00-00-00_UTC\n// ===BEGIN ICANN DOMAINS===\n"
                    "example\n*.zone.example\n!www.zone.example\n公司.example\n"
                    "// ===BEGIN PRIVATE DOMAINS===\npages.example\n", encoding="utf-8")
    psl = SuffixList.load(path)
    assert (psl.version, psl.rules) == ("2030-01-01_00-00-00_UTC", 5)
    assert psl.registrable_domain("a.b.pages.example") == "b.pages.example"
    assert psl.registrable_domain("a.b.pages.example", icann=True) == "pages.example"
    assert psl.public_suffix("a.b.zone.example") == "b.zone.example"
    assert psl.public_suffix("a.www.zone.example") == "zone.example"
    # A Unicode rule matches in both forms.
    assert psl.registrable_domain("a.b.xn--55qx5d.example") == "b.xn--55qx5d.example"
    assert psl.registrable_domain("a.b.公司.example") == "b.公司.example"
    # The compiled-in list is not touched by it.
    assert SuffixList.builtin().registrable_domain("a.b.pages.example") == "pages.example"
    assert urikit.URIRef("http://a.github.io/").registrable_domain == "a.github.io"


@pytest.mark.parametrize("content,line,says", [
    (b"", 0, "no rule"),
    (b"// only comments\n", 0, "no rule"),
    (b"com\nexa..mple\n", 2, "empty label"),
    (b"com\n!com\n", 2, "one label"),
    (b"com\nok\n\xff\xfe\n", 3, "UTF-8"),
    (b"com\n" + b"x" * 64 + b".com\n", 2, "63"),
])
def test_a_bad_list_names_its_line(tmp_path, content, line, says):
    from urikit import SuffixList
    path = tmp_path / "bad.dat"
    path.write_bytes(content)
    with pytest.raises(ValueError) as e:
        SuffixList.load(path)
    assert (e.value.code, e.value.line) == ("invalid-suffix-list", line)
    assert says in e.value.message
    with pytest.raises(FileNotFoundError):
        SuffixList.load(tmp_path / "missing.dat")
