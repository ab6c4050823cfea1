"""Google Safe Browsing's lookup expressions and hashes
(urikit.safebrowsing_expressions, urikit.safebrowsing_hashes,
urikit.canonical(profile="safebrowsing"), and the column functions
uri_safebrowsing_expressions and uri_safebrowsing_hashes):

- the Go client's own test vectors as data
  (testdata/safebrowsing/urls.jsonl, from google/safebrowsing's
  urls_test.go);
- the hashes against Python's hashlib, on every line of the datasets;
- the same through urikit.arrow as through the scalar functions;
- generated text (hypothesis): expressions or a ParseError, never another
  exception;
- bad input: escapes nested past the client's limit, a host of 10,000
  labels, a query key repeated 100,000 times."""

import hashlib
import json
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import arrow

REPO = Path(__file__).resolve().parents[3]


def records():
    path = REPO / "testdata" / "safebrowsing" / "urls.jsonl"
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip() and not l.startswith("#")]


def url_of(r):
    return bytes.fromhex(r["url_hex"]) if "url_hex" in r else r["url"]


@pytest.mark.parametrize(
    "r",
    [r for r in records() if r["test"] in ("generatePatterns", "canonicalURL")],
    ids=lambda r: f'{r["test"]}:{r["url"][:40]}',
)
def test_the_go_clients_vectors(r):
    """generatePatterns gives the expressions (as a set: the Go test sorts
    them); canonicalURL the canonical URL, which the client writes without
    its query."""
    u = url_of(r)
    if r.get("fail"):
        with pytest.raises(urikit.ParseError):
            urikit.safebrowsing_expressions(u)
        return
    if r["test"] == "generatePatterns":
        assert sorted(urikit.safebrowsing_expressions(u)) == sorted(r["output"]), r["cite"]
    elif isinstance(u, str):
        assert urikit.canonical(u, "safebrowsing").split("?")[0] == r["output"], r["cite"]
    else:
        # Bytes: the first expression is the canonical host and path.
        assert "http://" + urikit.safebrowsing_expressions(u)[0] == r["output"]


def test_the_query_stays_in_the_canonical_url():
    assert urikit.canonical("http://www.google.com/q?r?#f", "safebrowsing") == "http://www.google.com/q?r?"
    assert urikit.canonical("http://www.google.com/q?", "safebrowsing") == "http://www.google.com/q?"


def test_hashes_are_sha256_of_the_expressions(datasets):
    lines = [l for ls in datasets.values() for l in ls]
    checked = refused = 0
    for line in lines:
        try:
            expressions = urikit.safebrowsing_expressions(line)
        except urikit.ParseError:
            refused += 1
            continue
        hashes = urikit.safebrowsing_hashes(line)
        assert hashes == [hashlib.sha256(e.encode()).digest() for e in expressions], line
        checked += 1
    print(f"{len(lines)} lines, {checked} hashed, {refused} refused")
    assert checked > len(lines) // 2


def test_arrow_gives_the_scalar_answers(datasets):
    lines = [l for ls in datasets.values() for l in ls][:20000] + [None, "", "/asdf", "mailto:a@b"]
    col = pa.array(lines)
    got_e = arrow.safebrowsing_expressions(col).to_pylist()
    got_h = arrow.safebrowsing_hashes(col).to_pylist()
    for line, e, h in zip(lines, got_e, got_h):
        try:
            want = None if line is None else urikit.safebrowsing_expressions(line)
        except urikit.ParseError:
            want = None
        assert e == want, line
        assert h == (None if want is None else [x.hex() for x in urikit.safebrowsing_hashes(line)])


def test_refusals_carry_code_and_offsets():
    for url, code, offset in [
        ("/asdf", "missing-host", 0),
        ("mailto:bryner@google.com", "missing-authority", 7),
        ("http://[::1/", "unexpected-bracket", 7),
        ("http://h/%" + "25" * 1023 + "41", "escape-too-deep", 9),
    ]:
        with pytest.raises(urikit.ParseError) as e:
            urikit.safebrowsing_expressions(url)
        assert (e.value.code, e.value.offset) == (code, offset), url
    # Offsets in code points too: the `é` is one, two bytes.
    with pytest.raises(urikit.ParseError) as e:
        urikit.safebrowsing_expressions("é%" + "25" * 1023 + "41")
    assert (e.value.code, e.value.offset, e.value.byte_offset) == ("escape-too-deep", 1, 2)
    with pytest.raises(TypeError):
        urikit.safebrowsing_expressions(3)


def test_bytes_need_not_be_utf8():
    assert urikit.safebrowsing_expressions(b"http://\x01\x80.com/") == ["%01%80.com/"]


def test_bad_input_stays_linear():
    assert len(urikit.safebrowsing_expressions("http://" + "a." * 10_000 + "com/")) == 7
    assert len(urikit.safebrowsing_expressions("http://h/p?" + "k=v&" * 100_000)) == 3
    with pytest.raises(urikit.ParseError):
        urikit.safebrowsing_expressions("http://h/%" + "25" * 100_000 + "41")


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(list("%25aB09x./?#@:[] \t\u00fc\u4e2d-") + ["xn--", "http://", "%2e", "%c3%bc"]), max_size=16).map("".join))
def test_generated_text_never_raises_another_exception(text):
    try:
        e = urikit.safebrowsing_expressions(text)
    except urikit.ParseError:
        return
    assert 1 <= len(e) <= 42
    assert len(urikit.safebrowsing_hashes(text)) == len(e)
