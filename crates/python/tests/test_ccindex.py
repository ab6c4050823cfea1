"""Common Crawl's URL columns (urikit.cc_columns and uri_cc_columns in
urikit.arrow):

- cc-index-table's own tests as data (testdata/ccindex/urls.jsonl);
- the same struct through urikit.arrow as through the scalar function,
  on the datasets' lines;
- the columns agree with each other, and with urikit.surt for the key;
- bad input: a host of 10,000 labels, a query key repeated 100,000
  times."""

import json
from pathlib import Path

import pyarrow as pa
import pytest

import urikit
from urikit import arrow

REPO = Path(__file__).resolve().parents[3]
NAMES = [
    "url_surtkey", "url_host_name", "url_host_tld", "url_host_2nd_last_part",
    "url_host_3rd_last_part", "url_host_4th_last_part", "url_host_5th_last_part",
    "url_host_registry_suffix", "url_host_registered_domain", "url_host_private_suffix",
    "url_host_private_domain", "url_host_name_reversed", "url_protocol", "url_port",
    "url_path", "url_query",
]


def records():
    with open(REPO / "testdata" / "ccindex" / "urls.jsonl", encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip() and not l.startswith("#")]


@pytest.mark.parametrize("r", [r for r in records() if "url" in r], ids=lambda r: r["url"][:40])
def test_cc_index_tables_own_tests(r):
    c = urikit.cc_columns(r["url"])
    assert list(c) == NAMES
    for name, want in r["columns"].items():
        assert c[name] == want, (name, r["cite"])


def test_arrow_gives_the_scalar_struct(datasets):
    lines = [l for ls in datasets.values() for l in ls][:20000] + [None, "", "http://www.\x7f.com/"]
    got = arrow.cc_columns(pa.array(lines))
    assert got.type == pa.struct([(n, pa.int32() if n == "url_port" else pa.string()) for n in NAMES])
    for line, g in zip(lines, got.to_pylist()):
        try:
            want = None if line is None else urikit.cc_columns(line)
        except urikit.ParseError:
            want = None
        assert g == want, line


def test_columns_agree(datasets):
    for line in [l for ls in datasets.values() for l in ls][:20000]:
        try:
            c = urikit.cc_columns(line)
        except urikit.ParseError:
            continue
        try:
            assert c["url_surtkey"] == urikit.surt(line)
        except urikit.ParseError:
            assert c["url_surtkey"] is None
        if c["url_host_name_reversed"] is not None and c["url_host_tld"] is not None:
            assert c["url_host_name_reversed"].startswith(c["url_host_tld"])
        if c["url_host_registered_domain"] is not None:
            assert c["url_host_registered_domain"].endswith(c["url_host_registry_suffix"])


def test_refusals_and_bad_input():
    with pytest.raises(urikit.ParseError) as e:
        urikit.cc_columns("http://www.\x7f.com/")
    assert (e.value.code, e.value.offset) == ("invalid-char", 11)
    c = urikit.cc_columns("http://" + "a." * 10_000 + "com/")
    assert c["url_host_registered_domain"] == "a.com"
    c = urikit.cc_columns("http://h.com/p?" + "k=v&" * 100_000)
    assert len(c["url_query"]) == 400_000
