"""DataFusion's native functions from Python (the FFI capsules of
``urikit.datafusion``): every argument form the contract has, the string
types DataFusion reads (``Utf8``, ``LargeUtf8``, ``Utf8View``), and the
inputs that break engines (a value of 100 MB, all-NULL columns, ``''``,
the wrong type, a dialect that does not exist)."""

import pyarrow as pa
import pytest

from conftest import need
from urikit import arrow

PIP = "pip install -r crates/python/requirements-dev.txt"


@pytest.fixture()
def ctx():
    datafusion = need("datafusion", PIP)
    import urikit.datafusion

    c = datafusion.SessionContext()
    urikit.datafusion.register(c)
    return c


def test_every_string_type_and_argument_form(ctx):
    urls = ["http://\u00e9.example/a?x=1", "a b", None, "HTTP://H:80/%7e"]
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        ctx.deregister_table("t")
        ctx.register_record_batches("t", [[pa.record_batch({"u": pa.array(urls, t), "d": ["rfc3987", "rfc3986", "rfc3987", None]})]])
        got = ctx.sql(
            "SELECT uri_host(u) h, uri_host(u, 'rfc3987') hi, uri_is_valid(u, d) v, "
            "uri_query_param(u, 'x') q, uri_clean(u, 'x') c, uri_to_uri(u, true) t, "
            "uri_tldextract(u, true) x FROM t"
        ).to_pydict()
        col = pa.array(urls, pa.string())
        assert got["h"] == arrow.host(col).to_pylist(), t
        assert got["hi"] == arrow.host(col, "rfc3987").to_pylist(), t
        assert got["v"] == arrow.is_valid(col, pa.array(["rfc3987", "rfc3986", "rfc3987", None])).to_pylist(), t
        assert got["q"] == arrow.query_param(col, "x").to_pylist(), t
        assert got["c"] == arrow.clean(col, "x").to_pylist(), t
        assert got["t"] == arrow.to_uri(col, True).to_pylist(), t
        assert got["x"] == arrow.tldextract(col, True).to_pylist(), t


def test_bad_input_never_crashes_datafusion(ctx):
    assert ctx.sql("SELECT uri_host(NULL) h, uri_host('') e, uri_path('') p").to_pylist() == [{"h": None, "e": None, "p": ""}]
    big = "http://h/" + "a" * (100 << 20)
    ctx.register_record_batches("big", [[pa.record_batch({"u": pa.array([big])})]])
    assert ctx.sql("SELECT length(uri_path(u)) n FROM big").to_pylist() == [{"n": (100 << 20) + 1}]
    with pytest.raises(Exception, match="uri_host"):
        ctx.sql("SELECT uri_host(42)").collect()
    with pytest.raises(Exception, match="unknown dialect"):
        ctx.sql("SELECT uri_host('http://a/', 'rfc0')").collect()
    with pytest.raises(Exception, match="base"):
        ctx.sql("SELECT uri_resolve('http://a/b/d', '../c')").collect()


def test_a_default_dialect():
    datafusion = need("datafusion", PIP)
    import urikit.datafusion

    c = datafusion.SessionContext()
    urikit.datafusion.register(c, dialect="rfc3987")
    # The default where the call names none; the call's own otherwise.
    got = c.sql("SELECT uri_host('http://\u00e9/') a, uri_host('http://\u00e9/', 'rfc3986') b, uri_decode('%41') d").to_pylist()
    assert got == [{"a": "\u00e9", "b": None, "d": "A"}]
