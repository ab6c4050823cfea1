"""urikit.arrow: the contract of functions.md, and agreement with the
scalar API on every line of the shared datasets."""

import pyarrow as pa
import pytest

import urikit
from urikit import arrow


def test_every_function_of_the_contract_is_there():
    names = [
        "uri_is_valid", "uri_error", "uri_parse", "uri_scheme", "uri_userinfo",
        "uri_authority", "uri_host", "uri_port", "uri_path", "uri_query", "uri_fragment",
        "uri_host_type", "uri_port_number", "uri_user", "uri_password", "uri_host_decoded",
        "uri_host_ascii", "uri_host_unicode", "uri_registrable_domain", "uri_public_suffix",
        "uri_icann_registrable_domain", "uri_icann_public_suffix",
        "uri_path_segments", "uri_query_param", "uri_query_params", "uri_without_query",
        "uri_without_fragment", "uri_without_userinfo", "uri_remove_query_params",
        "uri_resolve", "uri_normalize", "uri_equivalent", "uri_relativize", "uri_clean",
        "uri_hierarchy", "uri_to_uri", "uri_to_iri", "uri_encode", "uri_decode", "uri_extract",
        "uri_origin", "uri_validation_errors", "uri_readings_differ", "uri_surt", "uri_canonical",
        "uri_safebrowsing_expressions", "uri_safebrowsing_hashes", "uri_cc_columns",
        "uri_tldextract",
    ]
    assert arrow.FUNCTIONS == names
    for n in names:
        assert callable(getattr(arrow, n.removeprefix("uri_")))


ROWS = ["http://u:p@Example.COM:8080/a/b%20c?x=1&y=a+b&x=2#f", "", "bad url", None, "mailto:a@b"]


def test_result_types():
    col = pa.array(ROWS)
    assert arrow.host(col).type == pa.string()
    assert arrow.is_valid(col).type == pa.bool_()
    assert arrow.port_number(col).type == pa.int32()
    assert arrow.path_segments(col).type == pa.list_(pa.string())
    assert arrow.query_params(col).type == pa.list_(
        pa.struct([("key", pa.string()), ("value", pa.string())]))
    assert arrow.error(col).type == pa.struct(
        [("code", pa.string()), ("offset", pa.int64()), ("message", pa.string())])
    assert arrow.parse(col).type.names == [
        "kind", "scheme", "userinfo", "host", "host_type", "port", "path", "query", "fragment"]


def test_null_rules():
    col = pa.array(ROWS)
    # NULL in, NULL out; invalid gives NULL except is_valid and error.
    assert arrow.is_valid(col).to_pylist() == [True, True, False, None, True]
    assert arrow.host(col).to_pylist() == ["Example.COM", None, None, None, None]
    # Undefined is NULL, empty is "".
    assert arrow.path(col).to_pylist() == ["/a/b%20c", "", None, None, "a@b"]
    assert arrow.query(col).to_pylist() == ["x=1&y=a+b&x=2", None, None, None, None]
    errs = arrow.error(col).to_pylist()
    assert errs[0] is None and errs[3] is None
    assert errs[2]["code"] == "invalid-char" and errs[2]["offset"] == 3
    assert arrow.parse(col)[0].as_py()["port"] == "8080"
    assert arrow.parse(col)[2].as_py() is None


def test_decoded_and_derived_columns():
    col = pa.array(ROWS)
    assert arrow.user(col).to_pylist()[0] == "u"
    assert arrow.password(col).to_pylist()[0] == "p"
    assert arrow.port_number(pa.array(["https://h/", "x://h/", "http://h:1/"])).to_pylist() == [443, None, 1]
    assert arrow.path_segments(col).to_pylist()[0] == ["a", "b c"]
    assert arrow.query_param(col, "x").to_pylist()[0] == "1"
    assert arrow.query_param(col, "y").to_pylist()[0] == "a b"
    assert arrow.query_param(col, "z").to_pylist()[0] is None
    assert arrow.query_params(pa.array(["?a=1&b"])).to_pylist() == [
        [{"key": "a", "value": "1"}, {"key": "b", "value": None}]]
    assert arrow.hierarchy(pa.array(["http://a/b/c"])).to_pylist() == [
        ["http://a/", "http://a/b/", "http://a/b/c"]]
    assert arrow.registrable_domain(pa.array(["http://a.b.example.co.uk/"])).to_pylist() == [
        "example.co.uk"]
    assert arrow.public_suffix(pa.array(["http://a.github.io/"])).to_pylist() == ["github.io"]
    assert arrow.decode(pa.array(["%41", "%FF", "%G"])).to_pylist() == ["A", None, None]
    assert arrow.encode(pa.array(["a b"]), "form").to_pylist() == ["a+b"]
    assert arrow.extract(pa.array(["see http://a/ and <http://b/>."])).to_pylist() == [
        ["http://a/", "http://b/"]]
    assert arrow.to_uri(pa.array(["http://é/"]), True).to_pylist() == ["http://xn--9ca/"]
    assert arrow.to_iri(pa.array(["http://h/%C3%A9"])).to_pylist() == ["http://h/é"]


def test_arguments_literal_or_column():
    refs = pa.array(["g", "../g", None, "g"])
    bases = pa.array(["http://a/b/c", "http://a/b/c", "http://a/", None])
    assert arrow.resolve(refs, bases).to_pylist() == ["http://a/b/g", "http://a/g", None, None]
    assert arrow.resolve(refs, "http://x/y/z").to_pylist() == [
        "http://x/y/g", "http://x/g", None, "http://x/y/g"]
    # A literal base that is no absolute URI fails the call, naming the
    # argument (functions.md); a column's bad base is NULL on its row.
    with pytest.raises(ValueError, match="the base .y/z. \\(the second argument\\)"):
        arrow.resolve(refs, "y/z")
    assert arrow.resolve(pa.array(["g", "g"]), pa.array(["y/z", "http://a/"])).to_pylist() == [None, "http://a/g"]
    assert arrow.resolve(pa.array(["?y"]), "http://a/b/c/d;p?q", "rfc2396").to_pylist() == [
        "http://a/b/c/?y"]
    assert arrow.equivalent(pa.array(["http://a/%7e"]), "HTTP://A:80/~").to_pylist() == [True]
    assert arrow.relativize(pa.array(["http://a/b/g"]), "http://a/b/c").to_pylist() == ["g"]
    u = pa.array(["http://h/?utm_source=a&b=1&ref=x#f"])
    assert arrow.clean(u).to_pylist() == ["http://h/?b=1&ref=x"]
    assert arrow.clean(u, ["utm_*", "ref"]).to_pylist() == ["http://h/?b=1"]
    assert arrow.remove_query_params(u, "utm_*").to_pylist() == ["http://h/?b=1&ref=x#f"]
    with pytest.raises(ValueError, match="rows"):
        arrow.resolve(refs, pa.array(["http://a/"]))
    with pytest.raises(ValueError, match="unknown dialect"):
        arrow.host(refs, "rfc1")
    with pytest.raises(TypeError):
        arrow.query_param(refs)


def test_dialect_argument():
    col = pa.array(["http://é/", "http://h/~"])
    assert arrow.is_valid(col).to_pylist() == [False, True]
    assert arrow.is_valid(col, "rfc3987").to_pylist() == [True, True]
    assert arrow.is_valid(col, dialect="rfc1738").to_pylist() == [False, False]


def test_input_kinds():
    values = ["http://a/", None, "x"]
    want = ["a", None, None]
    assert arrow.host(values).to_pylist() == want
    assert arrow.host(pa.array(values, pa.large_string())).to_pylist() == want
    assert arrow.host(pa.array(values, pa.string_view())).to_pylist() == want
    chunked = pa.chunked_array([values, ["http://b/"]])
    out = arrow.host(chunked)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 2
    assert out.to_pylist() == want + ["b"]
    # The C stream interface (a table's column through a reader).
    reader = pa.RecordBatchReader.from_batches(
        pa.schema([("u", pa.string())]), [pa.record_batch([pa.array(values)], names=["u"])])

    class Stream:
        def __arrow_c_stream__(self, requested_schema=None):
            return pa.chunked_array([values]).__arrow_c_stream__(requested_schema)

    assert arrow.host(Stream()).to_pylist() == want
    del reader
    assert arrow.host(pa.array([], pa.string())).to_pylist() == []
    assert arrow.host(pa.chunked_array([], pa.string())).to_pylist() == []


def test_wrong_inputs_are_clear_errors():
    with pytest.raises(TypeError, match="column of strings"):
        arrow.host(pa.array([1, 2]))
    with pytest.raises(TypeError, match="Arrow array"):
        arrow.host(42)
    with pytest.raises(TypeError, match="list column must hold str"):
        arrow.host([1, 2])


def test_large_columns_run_on_several_threads_and_agree():
    rows = [f"http://h{i % 97}.example/p/{i}?q={i}" for i in range(100_000)] + [None, "bad url"]
    out = arrow.host(pa.array(rows)).to_pylist()
    assert out[:3] == ["h0.example", "h1.example", "h2.example"]
    assert out[-2:] == [None, None]
    assert out[96] == "h96.example" and out[99_999] == f"h{99_999 % 97}.example"
    nums = arrow.path_segments(pa.array(rows)).to_pylist()
    assert nums[12345] == ["p", "12345"]


# Each column function against the scalar API, on every line of the
# datasets: the same answer through both ways in.
def _scalar(u):
    """The scalar API's answers, by function, for a URIRef (or None)."""
    if u is None:
        return None

    def dec(v):
        # A decoded text that is not UTF-8 is NULL in a column.
        if v is None:
            return None
        try:
            v.encode("utf-8")
            return v
        except UnicodeEncodeError:
            return None

    def soft(f):
        try:
            return f()
        except urikit.ParseError:
            return None

    return {
        "scheme": u.scheme, "userinfo": u.raw_userinfo, "authority": u.raw_authority,
        "host": u.raw_host, "port": u.raw_port, "path": u.raw_path, "query": u.raw_query,
        "fragment": u.raw_fragment, "host_type": u.host_type,
        "port_number": soft(lambda: u.port), "user": dec(u.user), "password": dec(u.password),
        "host_decoded": dec(u.host), "registrable_domain": u.registrable_domain,
        "public_suffix": u.public_suffix, "host_ascii": soft(lambda: u.host_ascii),
        "host_unicode": soft(lambda: u.host_unicode),
        "path_segments": [dec(s) for s in u.path_segments],
        "normalize": str(u.normalize()), "clean": soft(lambda: str(u.clean())),
        "hierarchy": u.hierarchy(),
        "without_fragment": str(u.with_fragment(None)),
        "without_query": str(u.with_query(None)),
        "to_iri": soft(lambda: str(u.to_iri())),
        "query_params": [{"key": dec(k), "value": dec(v)} for k, v in u.query.items()],
    }


def test_arrow_agrees_with_the_scalar_api_on_every_dataset_line(datasets):
    lines = [line for rows in datasets.values() for line in rows]
    col = pa.array(lines)
    valid = arrow.is_valid(col).to_pylist()
    errors = arrow.error(col).to_pylist()
    parsed = []
    for line, ok, err in zip(lines, valid, errors):
        try:
            u = urikit.parse(line)
        except urikit.ParseError as e:
            assert not ok and (err["code"], err["offset"]) == (e.code, e.byte_offset), line
            assert err["message"] == e.message
            parsed.append(None)
            continue
        assert ok and err is None, line
        parsed.append(u)
    from conftest import have_shared

    assert sum(valid) > (100_000 if have_shared() else 150)
    scalar = [_scalar(u) for u in parsed]
    for name in scalar[next(i for i, s in enumerate(scalar) if s)]:
        got = getattr(arrow, name)(col).to_pylist()
        for line, want, have in zip(lines, scalar, got):
            expected = None if want is None else want[name]
            assert have == expected, (name, line)
    # The functions with a second argument, against a fixed base.
    base = urikit.URIRef("http://a/b/c/d;p?q")
    resolved = arrow.resolve(col, str(base)).to_pylist()
    relative = arrow.relativize(col, str(base)).to_pylist()
    firsts = arrow.query_param(col, "id").to_pylist()
    for u, r, rel, first in zip(parsed, resolved, relative, firsts):
        if u is None:
            assert r is None and rel is None and first is None
            continue
        assert r == str(base.resolve(u)), u
        try:
            want = str(base.relativize(u))
        except urikit.ParseError:
            want = None
        assert rel == want, u
        assert first == ((u.query["id"] or "") if "id" in u.query else None), u


def _unchecked(values: list[bytes], type_=pa.string()):
    """A string array holding `values` as they are, UTF-8 or not, as a
    producer that does not check (Spark casting binary to string) sends it."""
    offsets = [0]
    for v in values:
        offsets.append(offsets[-1] + len(v))
    return pa.Array.from_buffers(
        type_, len(values),
        [None, pa.py_buffer(pa.array(offsets, pa.int32() if type_ == pa.string() else pa.int64())
                            .buffers()[1]), pa.py_buffer(b"".join(values))])


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string()])
def test_bytes_that_are_not_utf8_are_invalid_not_a_crash(type_):
    col = _unchecked([b"http://a/", b"http://h/\xff", b"\xe2\x82", b"http://b/"], type_)
    assert arrow.is_valid(col).to_pylist() == [True, False, False, True]
    assert arrow.host(col).to_pylist() == ["a", None, None, "b"]
    errs = arrow.error(col).to_pylist()
    assert (errs[1]["code"], errs[1]["offset"]) == ("invalid-utf8", 9)
    assert (errs[2]["code"], errs[2]["offset"]) == ("invalid-utf8", 0)
    # A value cut inside a character: each row's own bytes are checked.
    cut = _unchecked([b"http://h/\xc3", b"\xa9"], type_)
    assert arrow.is_valid(cut).to_pylist() == [False, False]


def test_a_megabyte_value_and_empty_strings():
    big = "http://h/" + "a" * (1 << 20)
    out = arrow.path(pa.array([big, "", None])).to_pylist()
    assert out == [big[8:], "", None]
