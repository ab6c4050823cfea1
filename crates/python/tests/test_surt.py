"""SURT keys and the Internet Archive's canonical URLs (urikit.surt,
urikit.canonical, urikit.compat.surt, urikit.arrow.surt):

- the references' own tests as data (testdata/surt/, from
  webarchive-commons' tests as the surt package keeps them);
- a differential against the ``surt`` package itself on every line of the
  datasets: identical keys, and the same lines refused;
- the same through urikit.arrow as through the scalar function;
- every code point Unicode 3.2 assigned, in a host, as the package's
  IDNA 2003 codec reads it;
- generated text (hypothesis): a key or a ParseError, never another
  exception, and the package's answer beside it;
- bad input: 100,000 repeats of a query key, a host of 10,000 labels."""

import json
import unicodedata
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
import urikit.compat.surt as compat
from conftest import hosts_that_differ, need
from urikit import arrow

REPO = Path(__file__).resolve().parents[3]


def records(name):
    with open(REPO / "testdata" / "surt" / name, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip() and not l.startswith("#")]


@pytest.mark.parametrize("r", records("surt.jsonl"), ids=lambda r: r["url"][:40])
def test_reference_keys(r):
    assert urikit.surt(r["url"], **r["options"]) == r["surt"], r["cite"]


@pytest.mark.parametrize("r", records("canonical.jsonl"), ids=lambda r: r["url"][:40])
def test_reference_canonical_urls(r):
    got = urikit.surt(r["url"], r["canonicalizer"], surt=False, with_scheme=True)
    assert got == r["canonical"], r["cite"]
    profile = {
        "default": "ia", "google": "ia-basic", "ordinary": "ia-ordinary", "aggressive": "ia-aggressive"
    }.get(r["canonicalizer"])
    if profile:
        assert urikit.canonical(r["url"], profile) == r["canonical"]


def package_key(surt, line):
    """The package's key, or the exception it raises: ValueError for a
    bad port, and AttributeError on white space alone (it finds no scheme
    and calls a method of None)."""
    try:
        return surt.surt(line), None
    except (ValueError, AttributeError) as e:
        return None, e


def test_every_unicode_3_2_code_point_in_a_host_as_the_package():
    """A host with each code point Unicode 3.2 assigned between two
    letters, as the package reads it by Python's IDNA 2003 codec: the same
    key, code point by code point (Nameprep's case folding of table B.3,
    ``ͅ`` to ``ι``; the decompositions Unicode 4.0 corrected, as 3.2 had
    them; the prohibited and the bidi rule's refusals, kept as written)."""
    surt = need("surt", "pip install -r crates/python/requirements-dev.txt")
    assert not hosts_that_differ(lambda u: package_key(surt, u)[0], urikit.surt)


def test_the_package_on_every_dataset_line(datasets):
    """Every line, as the package answers it: the same key, or both
    refuse. No class of difference is expected, so none is allowed."""
    surt = need("surt", "pip install -r crates/python/requirements-dev.txt")
    lines = [l for ls in datasets.values() for l in ls]
    differ = []
    refused = 0
    for line in lines:
        want, err = package_key(surt, line)
        try:
            got = urikit.surt(line)
        except urikit.ParseError as e:
            refused += 1
            if err is None:
                differ.append((line, want, e.code))
            continue
        if got != want:
            differ.append((line, want, got))
    print(f"{len(lines)} lines, {refused} refused by both, {len(differ)} differ")
    assert not differ, differ[:20]


def test_arrow_gives_the_scalar_answers(datasets):
    lines = [l for ls in datasets.values() for l in ls][:20000] + [None, "", "http://a:x/"]
    got = arrow.surt(pa.array(lines)).to_pylist()
    want = []
    for l in lines:
        try:
            want.append(None if l is None else urikit.surt(l))
        except urikit.ParseError:
            want.append(None)
    assert got == want
    with_scheme = arrow.surt(pa.array(["https://www.example.com/"]), "with_scheme,trailing_comma")
    assert with_scheme.to_pylist() == ["https://(com,example,)/"]
    assert arrow.canonical(pa.array(["http://www.a.org:80/B/?y&x#f"]), "ia").to_pylist() == [
        "http://a.org/b?x&y"
    ]
    with pytest.raises(ValueError, match="no SURT option"):
        arrow.surt(pa.array(["http://a/"]), "colour")
    with pytest.raises(ValueError, match="unknown profile"):
        arrow.canonical(pa.array(["http://a/"]), "w3c")


def test_the_compat_face():
    assert compat.surt("http://www.archive.org/goo/?b&a") == "org,archive)/goo?a&b"
    assert compat.surt(b"http://www.archive.org/goo/?b&a") == b"org,archive)/goo?a&b"
    assert compat.surt(None) == "-" and compat.surt("") == "-" and compat.surt(b"") == b"-"
    assert compat.surt("filedesc:foo.arc.gz") == "filedesc:foo.arc.gz"
    # Bytes that are not UTF-8 are keyed as the package keys them.
    assert compat.surt(b"http://example.com/\xff") == b"com,example)/%ff"
    with pytest.raises(TypeError, match="or a name"):
        compat.surt("http://a/", canonicalizer=lambda h, **o: h)
    with pytest.raises(ValueError, match="has no option"):
        compat.surt("http://a/", with_schema=True)
    with pytest.raises(urikit.ParseError) as e:
        compat.surt("http://a.org:8x/")
    assert (e.value.code, e.value.offset) == ("invalid-port", 13)
    assert isinstance(e.value, ValueError)


def test_canonical_refuses_unknown_profiles():
    with pytest.raises(ValueError, match="unknown profile"):
        urikit.canonical("http://a/", "w3c")


def test_huge_inputs():
    key = urikit.surt("http://example.com/?" + "a=1&" * 100_000)
    assert key.startswith("com,example)/?&a=1&a=1")
    host = "a." * 10_000 + "com"
    assert urikit.surt(f"http://{host}/").startswith("com,a,a,")
    assert urikit.surt("http://example.com/%" + "25" * 100_000 + "41") == "com,example)/a"


PIECES = st.sampled_from([
    "http://", "https://", "www.", "www2.", "%25", "%2e", "%", "..", "/", "?", "#", "&",
    "=", ":", "@", "[", "]", ":80", ":x", "sid=0123456789abcdefghijklemopqrstuv",
    "cfid=1&cftoken=2", "(a(0123456789abcdefghijklmn))/", ".aspx", "ß", "ü", "☃",
    "\u3002", "\u200d", "xn--", "A", "1", "017", " ", "\t", "dns:", "é", "\u0301", "ا",
])


# The package reads a host beyond ASCII with Python's IDNA 2003 codec,
# whose tables are Unicode 3.2's; urikit's Nameprep has today's data. For
# a code point assigned since 3.2 the two can differ (its case, its bidi
# class, its compatibility mapping: a Georgian capital, an Adlam letter),
# so generated text keeps to code points that Unicode 3.2 assigned.
ASSIGNED_IN_3_2 = st.characters(
    codec="utf-8"
).filter(lambda c: unicodedata.ucd_3_2_0.category(c) != "Cn")


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(ASSIGNED_IN_3_2, max_size=3)), max_size=12).map("".join))
def test_generated_text_as_the_package(text):
    surt = need("surt", "pip install -r crates/python/requirements-dev.txt")
    text = text.replace("\x00", "")
    want, err = package_key(surt, text)
    try:
        got = urikit.surt(text)
    except urikit.ParseError as e:
        assert e.code in ("invalid-port", "port-out-of-range", "empty-input")
        assert err is not None or text.strip() == "", (text, want)
        return
    assert got == want, text
