"""The Polars expression plugin as Polars runs it: in the in-memory and
the streaming engines, over several chunks, with arguments that are
literals or columns, and with the inputs that break engines (a value of
100 MB, all-NULL columns, ``''``, the wrong type, a dialect that does not
exist). Answers are checked against ``urikit.arrow`` (test_arrow.py checks
that against the scalar API) and the contract (functions.md)."""

import pyarrow as pa
import pytest

from conftest import need
from urikit import arrow

PIP = "pip install -r crates/python/requirements-dev.txt"


@pytest.fixture(scope="module")
def pl():
    polars = need("polars", PIP)
    import urikit.polars  # noqa: F401

    return polars


def test_streaming_and_chunked_input_give_the_answers_of_urikit_arrow(pl, datasets):
    lines = [line for ls in datasets.values() for line in ls]
    # Several chunks, as a frame built piece by piece has.
    df = pl.concat([pl.DataFrame({"u": lines[k::3]}) for k in range(3)], rechunk=False)
    assert df.n_chunks() == 3
    col = pa.array(df["u"].to_list(), pa.string())
    for engine in ("in-memory", "streaming"):
        got = (
            df.lazy()
            .select(
                pl.col("u").uri.host().alias("host"),
                pl.col("u").uri.is_valid().alias("valid"),
                pl.col("u").uri.port_number().alias("port"),
                pl.col("u").uri.registrable_domain().alias("domain"),
                pl.col("u").uri.error().alias("error"),
                pl.col("u").uri.query_params().alias("pairs"),
            )
            .collect(engine=engine)
        )
        assert got["host"].to_list() == arrow.host(col).to_pylist(), engine
        assert got["valid"].to_list() == arrow.is_valid(col).to_pylist(), engine
        assert got["port"].to_list() == arrow.port_number(col).to_pylist(), engine
        assert got["domain"].to_list() == arrow.registrable_domain(col).to_pylist(), engine
        assert got["error"].to_list() == arrow.error(col).to_pylist(), engine
        assert got["pairs"].to_list() == arrow.query_params(col).to_pylist(), engine


def test_arguments_literal_or_column(pl):
    df = pl.DataFrame({"u": ["http://\u00e9/", "a b", None], "d": ["rfc3987", "rfc3986", "rfc3987"]})
    got = df.select(pl.col("u").uri.is_valid("rfc3987").alias("lit"), pl.col("u").uri.is_valid(pl.col("d")).alias("col"))
    assert got.rows() == [(True, True), (False, False), (None, None)]
    # An optional argument left out, given as None, and a NULL column.
    df = pl.DataFrame({"u": ["http://h/?a=1&utm_source=x&ref=y"]})
    assert df.select(pl.col("u").uri.clean()).item() == "http://h/?a=1&ref=y"
    assert df.select(pl.col("u").uri.clean(["ref"])).item() == "http://h/?a=1&utm_source=x"
    assert df.select(pl.col("u").uri.to_uri(True)).item() == "http://h/?a=1&utm_source=x&ref=y"


def test_bad_input_never_crashes_polars(pl):
    # NULL and all-NULL columns (Polars' Null type), and ''.
    s = pl.Series("u", [None, None])
    assert pl.DataFrame({"u": s}).select(pl.col("u").uri.host()).to_series().to_list() == [None, None]
    assert pl.DataFrame({"u": [""]}).select(pl.col("u").uri.path(), pl.col("u").uri.host().alias("h")).row(0) == ("", None)
    # A value of 100 MB.
    big = "http://h/" + "a" * (100 << 20)
    got = pl.DataFrame({"u": [big]}).select(pl.col("u").uri.path().str.len_bytes()).item()
    assert got == (100 << 20) + 1
    # The wrong type, and a dialect that does not exist: Polars' error,
    # naming the function and the argument.
    with pytest.raises(Exception, match="uri_host.*column of strings|column of strings"):
        pl.DataFrame({"u": [1, 2]}).select(pl.col("u").uri.host())
    with pytest.raises(Exception, match="unknown dialect"):
        pl.DataFrame({"u": ["http://a/"]}).select(pl.col("u").uri.host("rfc0"))
    with pytest.raises(Exception, match="base"):
        pl.DataFrame({"u": ["http://a/b/d"]}).select(pl.col("u").uri.resolve("../c"))
