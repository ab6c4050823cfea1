"""The DuckDB extension as its users run it: from the ``duckdb`` shell (the
CLI of the ``duckdb-cli`` package, DuckDB 1.5.6: another release than the
Python module's, which the extension's C API version promises it loads
into), and from Python with the inputs that break engines: a value of
100 MB, all-NULL columns, ``''``, the wrong type, a dialect that does not
exist, a column of dialects. The answers are checked against
``urikit.arrow`` (test_arrow.py checks that against the scalar API) and
against the contract (functions.md)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from conftest import need
from urikit import arrow

PIP = "pip install -r crates/python/requirements-dev.txt"


def shell():
    """The ``duckdb`` shell of the environment (the duckdb-cli package)."""
    exe = shutil.which("duckdb", path=str(Path(sys.executable).parent))
    if exe is None:
        need("duckdb_cli", PIP)
        exe = shutil.which("duckdb")
    assert exe, "the duckdb-cli package installs no duckdb command"
    return exe


def run_shell(sql, unsigned=True):
    import urikit.duckdb

    path = urikit.duckdb.extension_path()
    args = [shell(), "-csv", "-noheader"] + (["-unsigned"] if unsigned else [])
    return subprocess.run(args + ["-c", f"LOAD '{path}'; {sql}"], capture_output=True, text=True, timeout=120)


def test_the_shell_loads_the_extension():
    need("duckdb", PIP)
    out = run_shell(
        "SELECT uri_host('http://Example.COM:8080/a?q#f'), uri_port_number('https://h/'), "
        "uri_is_valid('a b'), uri_is_valid('http://\u00e9/', 'rfc3987'), "
        "uri_resolve('../g', 'http://a/b/c/d;p?q'), uri_query_param('http://h/?a=1&b=x+y', 'b'), "
        "uri_to_uri('http://\u00e9/', true), uri_host('http://a/', NULL), uri_host(NULL), "
        "(uri_error('a b')).code, (uri_error('a b')).offset, len(uri_path_segments('http://a/b/c')), "
        "(uri_tldextract('http://a.b.blogspot.com/', true)).suffix, "
        "(uri_tldextract('http://a.b.blogspot.com/', true)).is_private, "
        "(uri_tldextract('http://a.b.blogspot.com/')).suffix;"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        "Example.COM,443,false,true,http://a/b/g,x y,http://xn--9ca/,a,NULL,invalid-char,1,2,"
        "blogspot.com,true,com"
    )
    # Every function of the contract is there, with its result type.
    out = run_shell(
        "SELECT DISTINCT function_name FROM duckdb_functions() "
        "WHERE function_name LIKE 'uri\\_%' ESCAPE '\\' ORDER BY 1;"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == sorted(arrow.FUNCTIONS)
    out = run_shell("SELECT typeof(uri_error('a b')), typeof(uri_query_params('http://h/?a'));")
    assert out.stdout.strip() == (
        '"STRUCT(code VARCHAR, ""offset"" BIGINT, message VARCHAR)","STRUCT(""key"" VARCHAR, ""value"" VARCHAR)[]"'
    )


def test_the_shell_refuses_it_unsigned_only_when_told():
    need("duckdb", PIP)
    out = run_shell("SELECT 1;", unsigned=False)
    assert out.returncode != 0 and "unsigned" in out.stderr


def test_errors_in_the_shell_name_the_function():
    need("duckdb", PIP)
    out = run_shell("SELECT uri_host('http://a/', 'rfc0');")
    assert out.returncode != 0
    assert "uri_host" in out.stderr and "unknown dialect" in out.stderr and "rfc3986" in out.stderr
    out = run_shell("SELECT uri_resolve('http://a/b/d', '../c');")
    assert out.returncode != 0 and "base" in out.stderr
    # The wrong type: DuckDB's own error, naming the function.
    out = run_shell("SELECT uri_host(42::INTEGER);")
    assert out.returncode != 0 and "uri_host" in out.stderr


@pytest.fixture(scope="module")
def con():
    need("duckdb", PIP)
    import urikit.duckdb

    return urikit.duckdb.connect()


def test_a_value_of_100_mb(con):
    big = "http://h/" + "a" * (100 << 20)
    assert con.sql("SELECT uri_is_valid($u), length(uri_path($u)), uri_host($u)", params={"u": big}).fetchall() == [
        (True, (100 << 20) + 1, "h")
    ]
    bad = "http://h/" + "a" * (100 << 20) + " "
    (row,) = con.sql("SELECT uri_error($u)", params={"u": bad}).fetchall()
    assert row[0]["code"] == "invalid-char" and row[0]["offset"] == len(bad) - 1


def test_null_empty_and_all_null_columns(con):
    rows = con.sql(
        "SELECT uri_host(u), uri_is_valid(u), uri_error(u), uri_path_segments(u), uri_parse(u) "
        "FROM (VALUES (NULL), (NULL)) t(u)"
    ).fetchall()
    assert rows == [(None, None, None, None, None)] * 2
    assert con.sql("SELECT uri_host(''), uri_path(''), uri_is_valid(''), uri_path_segments('')").fetchall() == [
        (None, "", True, [])
    ]


def test_the_dialect_as_a_column_and_every_string_shape(con):
    # A column of dialects (the general evaluator, row by row) and strings
    # both inlined (at most 12 bytes) and not, over several vectors.
    n = 5000
    urls = ["http://\u00e9.example/", "a:b", "http://h/" + "x" * 40, None] * (n // 4)
    dialects = ["rfc3987", None, "rfc3986", "whatwg"] * (n // 4)
    t = pa.table({"u": pa.array(urls), "d": pa.array(dialects)})
    con.register("dialects", t)
    got = con.sql("SELECT uri_host(u, d), uri_is_valid(u, d) FROM dialects").fetchall()
    for (host, valid), u, d in zip(got, urls, dialects):
        want_host = arrow.host(pa.array([u]), d).to_pylist()[0]
        want_valid = arrow.is_valid(pa.array([u]), d).to_pylist()[0]
        assert (host, valid) == (want_host, want_valid), (u, d)


def test_many_rows_in_parallel(con):
    # DuckDB runs the function on its threads, a vector per call: the
    # same answers as urikit.arrow on every row.
    urls = [f"http://h{i % 97}.example:{i % 70000}/p/{i}?q={i}#f" for i in range(200_000)]
    con.register("many", pa.table({"u": pa.array(urls)}))
    got = con.sql("SELECT uri_port_number(u), uri_registrable_domain(u) FROM many").fetchall()
    ports = arrow.port_number(pa.array(urls)).to_pylist()
    domains = arrow.registrable_domain(pa.array(urls)).to_pylist()
    assert got == list(zip(ports, domains))


def lengths_rows():
    """Answers of every length from 0 to 60, NULL rows and rows that do
    not parse between them, a path of 3 MB among them, over five vectors
    of 2,048 rows."""
    urls = []
    for i in range(10_240):
        k = i % 61
        if i % 37 == 0:
            urls.append(None)
        elif i % 41 == 0:
            urls.append("http://bad host/")
        elif i == 5_000:
            urls.append("http://h.example/" + "p" * (3 << 20))
        else:
            urls.append(f"http://{'a' * k}{i % 7}.example.co.uk/{'b' * k}?q={i}")
    return urls


def same_as_arrow(con, names):
    """Each of the functions ``names`` (without ``uri_``) over
    :func:`lengths_rows` in DuckDB, row by row against urikit.arrow's
    answers; DuckDB's rows."""
    urls = lengths_rows()
    col = pa.array(urls, pa.string())
    con.register("lengths", pa.table({"u": col}))
    calls = ", ".join(f"uri_{n}(u)" for n in names)
    got = con.sql(f"SELECT {calls} FROM lengths").fetchall()
    want = zip(*(getattr(arrow, n)(col).to_pylist() for n in names))
    assert len(got) == len(urls)
    for g, w, u in zip(got, want, urls):
        assert g == w, u[:80] if u else u
    return got


def test_long_and_inlined_answers_across_vectors(con):
    # DuckDB keeps a string of at most 12 bytes in its slot and a longer
    # one in the vector's heap; the extension gathers a vector's long
    # answers and hands them over in one copy: a component (the slice),
    # the registrable domain (the suffix list's blocks) and the SURT key
    # (a built answer).
    got = same_as_arrow(con, ["host", "path", "registrable_domain", "surt"])
    lengths = {len(h) for h, *_ in got if h is not None}
    assert min(lengths) <= 12 < max(lengths)


def test_struct_members_long_and_inlined_across_vectors(con):
    # A struct's members are each a vector of their own, written the same
    # way: the parse's parts, the error's code and message (and its
    # BIGINT offset), tldextract's parts (and its BOOLEAN), Common Crawl's
    # columns (and their INTEGER port), NULL rows NULL in every member.
    got = same_as_arrow(con, ["parse", "error", "tldextract", "cc_columns"])
    assert any(p is not None and len(p["host"]) > 12 for p, *_ in got)
    assert any(e is not None for _, e, *_ in got)


def test_lists_gathered_across_vectors(con):
    # A LIST of VARCHAR result is gathered for the vector and its child
    # sized once: each row's list, NULL rows, items long and short (a list
    # of the general evaluator, and Safe Browsing's expressions and
    # hashes, item by item).
    got = same_as_arrow(con, ["path_segments", "hierarchy", "safebrowsing_expressions", "safebrowsing_hashes"])
    assert any(s is None for s, *_ in got) and any(len(e) > 2 for _, _, e, _ in got if e)
