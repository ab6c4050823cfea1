"""The column functions in each engine (DuckDB, DataFusion, Polars,
Spark) against urikit.arrow on every line of the shared datasets; urikit.arrow
is checked against the scalar API in test_arrow.py. Each engine's answer is
compared row by row, NULLs included."""

import os

import pyarrow as pa
import pytest

from conftest import need, need_java, spark_jar
from urikit import arrow

# Where the engines come from.
PIP = "pip install -r crates/python/requirements-dev.txt"

BASE = "http://a/b/c/d;p?q"

# The arguments after the column, as SQL literals and as Python values.
ARGS = {
    "uri_query_param": ["id"],
    "uri_remove_query_params": ["utm_*"],
    "uri_resolve": [BASE],
    "uri_equivalent": ["http://example.com/"],
    "uri_relativize": [BASE],
    "uri_encode": ["path"],
    "uri_canonical": ["ia"],
}

EXTRA_ROWS = ["", None, "http://h/" + "a" * (1 << 20), "HTTP://U:P@[::1]:80/%7e?utm_source=x&id=7#f"]


def sql_args(name):
    return "".join(f", '{a}'" for a in ARGS.get(name, []))


@pytest.fixture(scope="module")
def table(datasets):
    rows = [line for lines in datasets.values() for line in lines] + EXTRA_ROWS
    return pa.table({"id": pa.array(range(len(rows)), pa.int64()), "u": pa.array(rows, pa.string())})


@pytest.fixture(scope="module")
def expected(table):
    col = table.column("u").combine_chunks()
    return {
        name: spec["function"](col, *ARGS.get(name, [])).to_pylist()
        for name, spec in arrow.SPECS.items()
    }


def select_all():
    return ", ".join(f"{name}(u{sql_args(name)}) AS {name}" for name in arrow.FUNCTIONS)


def check(got: pa.Table, expected, engine):
    assert got.column_names[1:] == arrow.FUNCTIONS
    for name in arrow.FUNCTIONS:
        have = got.column(name).to_pylist()
        assert len(have) == len(expected[name]), (engine, name)
        for i, (h, w) in enumerate(zip(have, expected[name])):
            assert h == w, (engine, name, i)


def duckdb_connection(native):
    """A connection with the functions: the native extension, or the
    Arrow UDFs of a database that does not allow unsigned extensions."""
    duckdb = need("duckdb", PIP)
    import urikit.duckdb

    if native:
        return urikit.duckdb.connect()
    con = duckdb.connect()
    assert urikit.duckdb.register(con) == arrow.FUNCTIONS
    return con


@pytest.mark.parametrize("native", [True, False], ids=["extension", "arrow-udf"])
def test_duckdb(table, expected, native):
    con = duckdb_connection(native)
    con.register("t", table)
    got = con.sql(f"SELECT id, {select_all()} FROM t ORDER BY id").to_arrow_table()
    check(got, expected, "duckdb")
    # The optional arguments, given or not.
    assert con.sql("SELECT uri_is_valid('http://é/', 'rfc3987'), uri_is_valid('http://é/')").fetchall() == [(True, False)]
    assert con.sql("SELECT uri_clean('http://h/?a=1&ref=x', 'ref')").fetchall() == [("http://h/?a=1",)]
    with pytest.raises(Exception, match="column of strings|No function matches"):
        con.sql("SELECT uri_host(42)").fetchall()
    with pytest.raises(Exception, match="unknown dialect"):
        con.sql("SELECT uri_host('http://a/', 'rfc0')").fetchall()


def test_datafusion(table, expected):
    datafusion = need("datafusion", PIP)
    import urikit.datafusion

    ctx = datafusion.SessionContext()
    assert urikit.datafusion.register(ctx) == arrow.FUNCTIONS
    ctx.register_record_batches("t", [table.to_batches()])
    got = ctx.sql(f"SELECT id, {select_all()} FROM t ORDER BY id").to_arrow_table()
    check(got, expected, "datafusion")
    ctx2 = datafusion.SessionContext()
    urikit.datafusion.register(ctx2, dialect="rfc3987")
    assert ctx2.sql("SELECT uri_host('http://é/') AS h").to_pylist() == [{"h": "é"}]
    with pytest.raises(ValueError, match="unknown dialect"):
        urikit.datafusion.register(ctx2, dialect="rfc0")


def test_polars(table, expected):
    pl = need("polars", PIP)
    import urikit.polars  # noqa: F401

    df = pl.from_arrow(table)
    got = df.select(
        "id",
        *[getattr(pl.col("u").uri, n.removeprefix("uri_"))(*ARGS.get(n, [])).alias(n)
          for n in arrow.FUNCTIONS],
    ).to_arrow()
    check(got, expected, "polars")
    # An argument that is another column.
    two = pl.DataFrame({"r": ["g", "../g"], "b": ["http://a/b/c", "http://x/y/z"]})
    out = two.select(pl.col("r").uri.resolve(pl.col("b"))).to_series().to_list()
    assert out == ["http://a/b/g", "http://x/g"]
    with pytest.raises(TypeError, match="missing required argument"):
        pl.col("u").uri.query_param()


# A row whose text is this makes the native library panic (crates/spark:
# URIKIT_SPARK_FAULT, read when the JVM starts), to show what a panic
# becomes in Spark.
FAULT = "http://urikit.test/panic"


@pytest.fixture(scope="module")
def spark():
    need("pyspark", PIP)
    need_java()
    from pyspark.sql import SparkSession

    os.environ["URIKIT_SPARK_FAULT"] = FAULT
    session = (
        SparkSession.builder.master("local[2]")
        .config("spark.jars", spark_jar())
        .config("spark.ui.enabled", "false")
        # A projection over a local table (createDataFrame) is otherwise
        # evaluated by the optimizer, on the driver, into a new local
        # table of Java objects: 48 columns of every dataset line, more
        # than the driver's heap. Real input (files, tables) never takes
        # that path; the tests run the functions as a query over files does.
        .config("spark.sql.optimizer.excludedRules",
                "org.apache.spark.sql.catalyst.optimizer.ConvertToLocalRelation")
        # The answers of every function for every dataset line are about
        # 270 MB as Arrow. A task's result above 1 MB goes to the driver
        # through the block manager: in two partitions, two blocks of
        # 130 MB fetched at once, which a busy machine once lost
        # (TaskResultLost). Sixteen keep each block near 17 MB.
        .config("spark.sql.shuffle.partitions", "16")
        # The session's one executor is the driver: its blocks are fetched
        # over loopback, not through whatever address the host name has.
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    yield session
    session.stop()


@pytest.mark.parametrize("mode", ["native", "arrow", "pandas"])
def test_spark(spark, table, expected, mode):
    import urikit.spark

    got = urikit.spark.register(spark, mode=mode)
    assert got == arrow.FUNCTIONS + (["uri_parse_url"] if mode == "native" else []) and got.mode == mode
    if mode == "pandas":
        # The pandas path (Spark 3.5 and 4.0) on a sample: it is the slow one.
        tbl = table.slice(0, 3000)
        exp = {n: v[:3000] for n, v in expected.items()}
        # A pandas UDF cannot return a NULL struct: the struct's fields are
        # NULL instead (documented in docs/engines.md).
        for n in ["uri_error", "uri_parse"]:
            fields = arrow.SPECS[n]["type"].names
            exp[n] = [dict.fromkeys(fields) if v is None else v for v in exp[n]]
    else:
        tbl, exp = table, expected
    spark.createDataFrame(tbl.to_pandas()).createOrReplaceTempView("t")
    got = spark.sql(f"SELECT id, {select_all()} FROM t ORDER BY id").toArrow()
    check(got, exp, f"spark-{mode}")


@pytest.mark.parametrize("mode", ["native", "arrow"])
def test_spark_bad_input(spark, mode):
    import urikit.spark

    urikit.spark.register(spark, mode=mode)
    # Invalid UTF-8 from a binary column cast to string.
    row = spark.sql(
        "SELECT uri_is_valid(s) AS ok, uri_error(s) AS e, uri_host(s) AS h "
        "FROM (SELECT cast(unhex('687474703A2F2F682FFF') AS string) AS s)"
    ).first()
    assert row.ok is False and row.e.code == "invalid-utf8" and row.e.offset == 9 and row.h is None
    with pytest.raises(Exception, match="column of strings"):
        spark.sql("SELECT uri_host(42)").collect()


def test_null_typed_columns():
    """NULL in, NULL out (functions.md), whatever type an engine gives a
    column of nothing but NULL (issue 44, item 9: DuckDB's NULL literals,
    an all-NULL VALUES column and Polars' all-null series were refused)."""
    assert arrow.host(pa.array([None])).to_pylist() == [None]
    assert arrow.host(pa.nulls(3)).to_pylist() == [None, None, None]
    assert arrow.resolve(pa.array(["../g"]), pa.nulls(1)).to_pylist() == [None]
    assert arrow.encode(pa.array(["a b"]), pa.nulls(1)).to_pylist() == [None]
    for native in (True, False):
        nulls_in_duckdb(duckdb_connection(native))
    pl = need("polars", PIP)
    import urikit.polars  # noqa: F401

    s = pl.Series("u", [None, None])
    assert s.dtype == pl.Null
    assert pl.DataFrame({"u": s}).select(pl.col("u").uri.host()).to_series().to_list() == [None, None]


def nulls_in_duckdb(con):
    assert con.sql("SELECT uri_resolve('../g', NULL)").fetchall() == [(None,)]
    # A NULL dialect is RFC 3986's (columns.rs: an absent optional argument).
    assert con.sql("SELECT uri_host('http://a/', NULL)").fetchall() == [("a",)]
    assert con.sql("SELECT uri_encode('a b', NULL)").fetchall() == [(None,)]
    assert con.sql("SELECT uri_host(u) FROM (VALUES (NULL), (NULL)) t(u)").fetchall() == [(None,), (None,)]


def test_a_literal_base_that_is_no_uri_fails_the_query():
    # Issue 45, item 10 (functions.md): the swapped call names the base.
    with pytest.raises(ValueError, match="base.*second argument"):
        arrow.resolve(pa.array(["http://a/b/d"]), "../c")
    # A column of bases: NULL where one cannot serve.
    got = arrow.resolve(pa.array(["g", "g"]), pa.array(["http://a/b", "../c"])).to_pylist()
    assert got == ["http://a/g", None]
    for native in (True, False):
        con = duckdb_connection(native)
        with pytest.raises(Exception, match="base"):
            con.sql("SELECT uri_resolve('http://a/b/d', '../c')").fetchall()


def test_spark_native_errors(spark):
    """The native path's errors: an argument that can serve no row fails
    the query when Spark builds it, naming the argument; a column of
    dialects with an unknown name fails the task naming the function and
    the row's value; a panic inside the library is caught at the JNI
    boundary and becomes such an error too, and the executor goes on."""
    import urikit.spark

    assert urikit.spark.register(spark).mode == "native"
    with pytest.raises(Exception, match="uri_host: .*unknown dialect"):
        spark.sql("SELECT uri_host('http://a/', 'rfc0')").collect()
    with pytest.raises(Exception, match="uri_resolve: the base .*second"):
        spark.sql("SELECT uri_resolve('http://a/b', '../c')").collect()
    with pytest.raises(Exception, match="uri_host: takes 1 to 2 arguments, not 3"):
        spark.sql("SELECT uri_host('a', 'b', 'c')").collect()
    with pytest.raises(Exception, match="uri_to_uri: argument 2 must be a boolean"):
        spark.sql("SELECT uri_to_uri('a', 'yes')").collect()
    with pytest.raises(Exception, match='uri_scheme: .*unknown dialect.*the row.s value: "http://a/"'):
        spark.sql("SELECT uri_scheme(u, d) FROM VALUES ('http://a/', 'rfc0') AS t(u, d)").collect()
    # The panic's own words (and no lines of the default hook's on the
    # executor's stderr: urikit_columns::catch).
    with pytest.raises(Exception, match=f'uri_host: internal error in urikit \\(a panic, caught: the test.s fault.*"{FAULT}"'):
        spark.sql(f"SELECT uri_host(u) FROM VALUES ('http://a/'), ('{FAULT}') AS t(u)").collect()
    with pytest.raises(Exception, match="uri_normalize: internal error in urikit"):
        spark.sql(f"SELECT uri_normalize('{FAULT}')").collect()
    # The executor is still there; a NULL dialect is RFC 3986's, a dialect
    # column is read row by row, a NULL base gives NULL.
    row = spark.sql(
        "SELECT uri_host('http://a/', NULL) AS h, uri_is_valid('http://\u00e9/', d) AS v, "
        "uri_resolve('../g', NULL) AS r, uri_to_uri('http://\u00e9/', NULL) AS t "
        "FROM VALUES ('rfc3987') AS x(d)"
    ).first()
    assert (row.h, row.v, row.r, row.t) == ("a", True, None, None)
    # A component is a view of the row's bytes: still right after the
    # rows it came from are gone (sorted, shuffled, cached).
    df = spark.sql(
        "SELECT uri_host(concat('http://h', id, '.example/p')) AS h FROM range(5000) ORDER BY h DESC"
    )
    assert [r.h for r in df.take(2)] == ["h999.example", "h998.example"]


def test_spark_native_columns_are_named_as_called(spark):
    """On the native path a call is named as it is written, as Spark names
    its own functions (``uri_host(u)``, a column's name where the query
    gives none), not after the expression that computes it; a grouped
    call matches its use in the select list, and an explained plan shows
    the call."""
    import urikit.spark

    assert urikit.spark.register(spark).mode == "native"
    spark.sql(
        "SELECT * FROM VALUES ('http://a.example.com/x?q=1'), ('http://B.example.com/'), ('x y') AS t(u)"
    ).createOrReplaceTempView("named")
    df = spark.sql(
        "SELECT uri_host(u), uri_host(u, 'whatwg'), length(uri_registrable_domain(u)), "
        "uri_query_param(u, 'q'), uri_to_uri(u, true), uri_parse_url(u, 'HOST') FROM named"
    )
    assert df.columns == [
        "uri_host(u)", "uri_host(u, whatwg)", "length(uri_registrable_domain(u))",
        "uri_query_param(u, q)", "uri_to_uri(u, true)", "uri_parse_url(u, HOST)",
    ]
    assert [r[0] for r in df.collect()] == ["a.example.com", "B.example.com", None]
    grouped = spark.sql(
        "SELECT uri_registrable_domain(u), count(*) FROM named "
        "GROUP BY uri_registrable_domain(u) ORDER BY 1 NULLS FIRST"
    )
    assert grouped.columns == ["uri_registrable_domain(u)", "count(1)"]
    assert [tuple(r) for r in grouped.collect()] == [(None, 1), ("example.com", 2)]
    plan = spark.sql("EXPLAIN EXTENDED SELECT uri_host(u) FROM named").first()[0]
    assert "uri_host(" in plan and "static_invoke" not in plan.split("== Optimized")[0]


def test_spark_native_tldextract_takes_its_flag(spark):
    """A boolean argument and a struct with a boolean member cross the
    jar's wire both ways: ``uri_tldextract(u, true)`` reads the list's
    private section."""
    import urikit.spark

    assert urikit.spark.register(spark).mode == "native"
    rows = spark.sql(
        "SELECT uri_tldextract(u, p) AS t FROM VALUES "
        "('http://a.b.blogspot.com/', true), ('http://a.b.blogspot.com/', false), "
        "(CAST(NULL AS STRING), true) AS v(u, p)"
    ).collect()
    assert [None if r.t is None else tuple(r.t) for r in rows] == [
        ("a", "b", "blogspot.com", True, "com"),
        ("a.b", "blogspot", "com", False, "com"),
        None,
    ]


PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"]


def parse_url_differences(spark, view):
    """The rows of ``view`` (id, u) where ``uri_parse_url`` and Spark's own
    ``try_parse_url`` answer differently, for every part and a key."""
    cols = ", ".join(f"try_parse_url(u, '{p}') AS s_{p}, uri_parse_url(u, '{p}') AS k_{p}" for p in PARTS)
    cols += ", try_parse_url(u, 'QUERY', 'id') AS s_KEY, uri_parse_url(u, 'QUERY', 'id') AS k_KEY"
    got = spark.sql(f"SELECT id, u, {cols} FROM {view}").toArrow().to_pylist()
    assert got
    return [(r["u"], p, r["s_" + p], r["k_" + p]) for r in got for p in PARTS + ["KEY"]
            if r["s_" + p] != r["k_" + p]]


def test_spark_parse_url_is_spark_parse_url(spark, table):
    """uri_parse_url answers as Spark's parse_url (try_parse_url: NULL
    where java.net.URI refuses the text) on every dataset line and on
    generated references built to hit java.net.URI's corners."""
    import random

    import urikit.spark

    assert "uri_parse_url" in urikit.spark.register(spark, mode="native")
    spark.createDataFrame(table.to_pandas()).createOrReplaceTempView("t")
    assert parse_url_differences(spark, "t") == []
    rng = random.Random(2396)
    odd = ["%", "%41", "%zz", "\u00e9", "\u00a0", " ", "|", "\\", "\u2028", "\ufffd", "[", "]", "@", ":", "#", "?"]

    def some(choices, n):
        return "".join(rng.choice(choices) for _ in range(rng.randint(0, n)))

    def one():
        scheme = rng.choice(["", "http:", "HTTP:", "mailto:", "file:", "1a:", "a+b.c-d:", ":"])
        host = rng.choice(["a", "Z9", "a-b.example", "a-.b", "a.b.", "1.2.3.4", "999.1.1.1", "0001.1.1.1",
                           "123", "a_b", "\u00e9.example", "[::1]", "[fe80::1%eth0]", "[1::2::3]", "[::1%]",
                           "", "h.1", some(["a", ".", "-", "1"] + odd, 4)])
        auth = ""
        if rng.random() < 0.7:
            user = rng.choice(["", "u@", "u:p@", "a%20b@", "u@@", some(["u", ":", ";", "&"] + odd, 3) + "@"])
            port = rng.choice(["", "", ":80", ":", ":99999999999", ":8a"])
            auth = "//" + user + host + port
        path = some(["/", "a", ";p", "=", "~", "%7e", ".."] + odd, 5)
        query = rng.choice(["", "?", "?id=7", "?a=1&id=2", "?id=&x", "?" + some(["a", "=", "&", "id="] + odd, 5)])
        frag = rng.choice(["", "#", "#f", "#" + some(["f", "#", "?"] + odd, 3)])
        return scheme + auth + path + query + frag

    rows = [one() for _ in range(200_000)]
    gen = pa.table({"id": pa.array(range(len(rows)), pa.int64()), "u": pa.array(rows, pa.string())})
    spark.createDataFrame(gen.to_pandas()).createOrReplaceTempView("g")
    diffs = parse_url_differences(spark, "g")
    assert diffs == [], diffs[:10]
    # The generated text reaches every reading: hosts, registry-based
    # authorities, opaque URIs, refusals.
    hosts, auths, paths, refused = spark.sql(
        "SELECT count(try_parse_url(u, 'HOST')), count(try_parse_url(u, 'AUTHORITY')), "
        "count(try_parse_url(u, 'PATH')), count_if(try_parse_url(u, 'PROTOCOL') IS NULL "
        "AND try_parse_url(u, 'PATH') IS NULL) FROM g"
    ).first()
    assert hosts > 1000 and auths > hosts + 1000 and paths > 10_000 and refused > 10_000, (hosts, auths, paths, refused)
