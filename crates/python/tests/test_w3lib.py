"""Scrapy's canonical URL (urikit.canonicalize_url,
urikit.compat.w3lib.url, urikit.canonical(profile="w3lib") and
uri_canonical(u, 'w3lib') in urikit.arrow):

- w3lib's own tests as data (testdata/w3lib/, from tests/test_url.py);
- a differential against w3lib itself on every line of the datasets:
  identical answers, and the same lines refused;
- every code point Unicode 3.2 assigned, in a host: w3lib's answer;
- generated text (hypothesis): w3lib's answer, or both refuse;
- the options, bytes and ParseResult inputs of the drop-in face;
- bad input: a query key repeated 100,000 times, a host of 10,000
  labels."""

import json
import sys
from pathlib import Path
from urllib.parse import urlparse

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from conftest import hosts_that_differ, need
from urikit import arrow
from urikit.compat.w3lib.url import canonicalize_url

REPO = Path(__file__).resolve().parents[3]


def records():
    path = REPO / "testdata" / "w3lib" / "canonicalize_url.jsonl"
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip() and not l.startswith("#")]


@pytest.mark.parametrize("r", records(), ids=lambda r: r.get("url", r.get("url_hex", ""))[:40])
def test_w3libs_own_tests(r):
    url = bytes.fromhex(r["url_hex"]) if "url_hex" in r else r["url"]
    assert canonicalize_url(url, **r["options"]) == r["canonical"], r["cite"]


def w3lib_answer(w3lib_url, line, **options):
    try:
        return w3lib_url.canonicalize_url(line, **options), None
    except ValueError as e:
        return None, e


def ipv4_mapped(text):
    """The one class of difference: Python before 3.13 writes an
    IPv4-mapped IPv6 address in hex (``::ffff:102:304``)."""
    return sys.version_info < (3, 13) and "::ffff:" in text.lower()


def test_w3lib_on_every_dataset_line(datasets):
    w3lib_url = need("w3lib.url", "pip install -r crates/python/requirements-dev.txt")
    lines = [l for ls in datasets.values() for l in ls]
    differ, refused, skipped = [], 0, 0
    for line in lines:
        want, err = w3lib_answer(w3lib_url, line)
        try:
            got = urikit.canonicalize_url(line)
        except urikit.ParseError as e:
            refused += 1
            if err is None:
                differ.append((line, want, e.code))
            continue
        if got != want:
            if ipv4_mapped(got):
                skipped += 1
                continue
            differ.append((line, want, got))
    print(f"{len(lines)} lines, {refused} refused by both, {skipped} IPv4-mapped, {len(differ)} differ")
    assert not differ, differ[:20]


def test_every_unicode_3_2_code_point_in_a_host_as_w3lib():
    """A host with each code point Unicode 3.2 assigned between two
    letters, as w3lib writes it (NFKC, then Python's IDNA 2003 codec):
    the same URL, code point by code point, or both refuse."""
    w3lib_url = need("w3lib.url", "pip install -r crates/python/requirements-dev.txt")
    assert not hosts_that_differ(lambda u: w3lib_answer(w3lib_url, u)[0], urikit.canonicalize_url)


PIECES = [
    "http:", "HTTP:", "https:", "mailto:", "ftp:", "foo:", "file:", "//", "/", "\\", "@", ":",
    "[", "]", "[::1]", "[v1.x]", "[1.2.3.4]", "[fe80::1%eth0]", "%", "%2F", "%2f", "%25", "%3b",
    "%3F", "%41", "%e9", "%C3%A9", "%2E", "%2e", "%zz", "+", "=", "&", ";", "?", "#", " ",
    "\t", "é", "ß", "ｅ", "İ",
    "\u212a", "\u2100", "①", "ﬁ", "中", "a", "B", "0", "80", "65536", ".", "..", "'", "|", "<",
    "\x00", "\x7f", "www.", "example.com", "xn--", "\u0301", "a=1", "b=", "c", "~",
    # What a query's pair encodes, and sorts after a space but before `+`.
    "!", "$", "(", ")", "*", ",", "&amp;", "a=b=c", '"',
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join),
       st.booleans(), st.booleans(), st.sampled_from(["&", ";"]))
def test_generated_text_as_w3lib_answers(text, blank, fragments, sep):
    w3lib_url = need("w3lib.url", "pip install -r crates/python/requirements-dev.txt")
    options = dict(keep_blank_values=blank, keep_fragments=fragments, query_separator=sep)
    want, err = w3lib_answer(w3lib_url, text, **options)
    try:
        got = urikit.canonicalize_url(text, **options)
    except urikit.ParseError:
        assert err is not None, (text, want)
        return
    assert err is None, (text, got, err)
    if not ipv4_mapped(got):
        assert got == want, text


def test_the_drop_in_face():
    assert canonicalize_url(urlparse("http://a/?b=1&a=2")) == "http://a/?a=2&b=1"
    assert canonicalize_url(b"http://a/\xff?x=\xe9") == "http://a/%FF?x=%E9"
    assert canonicalize_url("http://a/?b=&a", False) == "http://a/"
    assert canonicalize_url("http://a/#f", keep_fragments=True) == "http://a/#f"
    assert canonicalize_url("http://a/", encoding="UTF-8") == "http://a/"
    with pytest.raises(ValueError, match="UTF-8"):
        canonicalize_url("http://a/", encoding="latin-1")
    with pytest.raises(urikit.ParseError) as e:
        canonicalize_url("http://a.com:8x/")
    assert (e.value.code, e.value.offset) == ("invalid-port", 13)
    assert urikit.canonical("http://a/?b&a", "w3lib") == "http://a/?a=&b="


def test_arrow_profile_gives_the_scalar_answers(datasets):
    lines = [l for ls in datasets.values() for l in ls][:20000] + [None, "", "http://a:x/"]
    got = arrow.canonical(pa.array(lines), "w3lib").to_pylist()
    want = []
    for l in lines:
        try:
            want.append(None if l is None else urikit.canonicalize_url(l))
        except urikit.ParseError:
            want.append(None)
    assert got == want


def test_bad_input_stays_linear():
    assert len(urikit.canonicalize_url("http://h/p?" + "k=v&" * 100_000)) == 11 + 400_000 - 1
    assert urikit.canonicalize_url("http://" + "a." * 10_000 + "com/").endswith(".com/")
