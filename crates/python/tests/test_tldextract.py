"""tldextract's face (urikit.compat.tldextract, urikit.tldextract_parts):

- a differential against the ``tldextract`` package itself, given the
  list compiled into urikit (a ``file://`` URL, no network), on every
  line of the datasets in both views and on generated hosts: identical
  answers;
- the same against the package's bundled snapshot, where the only class
  of difference is the lists': counted, and each checked to be one;
- the ExtractResult's fields and properties, and the refusal of a list
  of one's own."""

import functools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit.compat.tldextract as compat
from conftest import need

REPO = Path(__file__).resolve().parents[3]
LIST = (REPO / "crates" / "urikit" / "data" / "public_suffix_list.dat").as_uri()


@functools.cache
def package(snapshot=False):
    tldextract = need("tldextract", "pip install -r crates/python/requirements-dev.txt")
    if snapshot:
        return tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
    return tldextract.TLDExtract(cache_dir=None, suffix_list_urls=[LIST], fallback_to_snapshot=False)


def fields(r):
    return (r.subdomain, r.domain, r.suffix, r.is_private, r.registry_suffix)


def test_the_package_with_the_same_list_on_every_dataset_line(datasets):
    ex = package()
    lines = [l for ls in datasets.values() for l in ls]
    differ = []
    for private in (False, True):
        for line in lines:
            want = fields(ex(line, include_psl_private_domains=private))
            got = fields(compat.extract(line, include_psl_private_domains=private))
            if got != want:
                differ.append((line, private, want, got))
    print(f"{2 * len(lines)} answers, {len(differ)} differ")
    assert not differ, differ[:20]


def test_the_column_function_gives_the_package_s_parts_on_every_dataset_line(datasets):
    """``uri_tldextract`` (``urikit.arrow.tldextract``), whose kernel
    writes the parts straight into the struct's children, against the
    package itself, in both views."""
    import pyarrow as pa

    from urikit import arrow

    ex = package()
    lines = [l for ls in datasets.values() for l in ls]
    col = pa.array(lines + [None])
    for private in (False, True):
        got = arrow.tldextract(col, private).to_pylist()
        assert got[-1] is None
        differ = [
            (line, g) for line, g in zip(lines, got)
            if tuple(g.values()) != fields(ex(line, include_psl_private_domains=private))
        ]
        assert not differ, differ[:20]


def test_the_bundled_snapshot_differs_only_by_its_list(datasets):
    snapshot, same = package(snapshot=True), package()
    lines = [l for ls in datasets.values() for l in ls]
    by_list = 0
    for line in lines:
        got = fields(compat.extract(line))
        if got != fields(snapshot(line)):
            assert got == fields(same(line)), line
            by_list += 1
    print(f"{len(lines)} lines, {by_list} answered otherwise by the package's older snapshot")


HOSTS = st.lists(
    st.sampled_from(["www", "a", "B", "co", "uk", "com", "blogspot", "kawasaki", "jp", "city",
                     "ck", "www", "xn--p1ai", "рф", "ÉX", "github", "io", "", "1", "127", "0",
                     "invalid", "amazonaws", "compute", "s3"]),
    min_size=1, max_size=6,
).flatmap(lambda labels: st.sampled_from([".", ".", "\u3002", "\uff0e", "\uff61"]).map(
    lambda dot: dot.join(labels)))


@settings(max_examples=3000, deadline=None)
@given(HOSTS, st.sampled_from(["", "http://", "https://u@", "//"]), st.sampled_from(["", "/p", ":80/x", "?q", "."]),
       st.booleans())
def test_generated_hosts_as_the_package_reads_them(host, before, after, private):
    ex = package()
    url = before + host + after
    assert fields(compat.extract(url, private)) == fields(ex(url, include_psl_private_domains=private)), url


def test_the_result_and_its_properties():
    r = compat.extract("http://forums.bbc.co.uk:8080/x")
    assert (r.subdomain, r.domain, r.suffix, r.is_private) == ("forums", "bbc", "co.uk", False)
    assert r.fqdn == "forums.bbc.co.uk" and r.top_domain_under_public_suffix == "bbc.co.uk"
    r = compat.extract("http://waiterrant.blogspot.com", include_psl_private_domains=True)
    assert r.top_domain_under_registry_suffix == "blogspot.com"
    assert compat.extract("http://[::1]/").ipv6 == "::1"
    assert compat.extract("http://localhost/").domain == "localhost"
    assert compat.TLDExtract().extract_urllib(
        __import__("urllib.parse").parse.urlsplit("http://a.b.co.uk/")
    ).domain == "b"
    with pytest.raises(ValueError, match="compiled into urikit"):
        compat.TLDExtract(suffix_list_urls=["https://example.com/list.dat"])
