"""Round trips, by hypothesis."""

import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import URIRef, arrow

text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
name = st.from_regex(r"[a-z][a-z0-9+.-]{0,8}", fullmatch=True)


@given(text, st.sampled_from(urikit.COMPONENTS))
def test_decode_inverts_encode(t, component):
    # RFC 3986 section 2.1: encoding is reversible.
    enc = urikit.encode(t, component)
    assert enc.isascii()
    assert urikit.decode(enc, component=component) == t


# A host with ":" or brackets is an IP literal to the builder.
host = st.text(st.characters(exclude_categories=["Cs"], exclude_characters=":[]"), max_size=40)


@given(name, host, text, text, text)
def test_built_references_reparse_to_their_parts(scheme, host, path, query, fragment):
    u = URIRef("x:").replace(scheme=scheme, host=host, path="/" + path, query=query,
                             fragment=fragment)
    again = URIRef(str(u))
    assert again == u
    assert (again.scheme, again.host, again.path, again.fragment) == (
        scheme, host, "/" + path, fragment)
    assert urikit.decode(again.raw_query) == query


@given(st.lists(st.one_of(st.none(), text), max_size=30))
@settings(max_examples=200)
def test_columns_agree_with_is_valid_on_any_text(rows):
    got = arrow.is_valid(pa.array(rows, pa.string())).to_pylist()
    assert got == [None if r is None else urikit.is_valid(r) for r in rows]


@given(text)
def test_normalize_is_idempotent(t):
    u = urikit.parse("/" + urikit.encode(t, "path"))
    once = u.normalize()
    assert once.normalize() == once
    assert u.equivalent(once)
