"""A differential against ClickHouse's URL functions (through chdb) on
every line of the datasets: every row where the two differ must fall in a
documented category (docs/engines.md), each with the answer RFC 3986
gives. ClickHouse's functions do not validate, do not tell an undefined
component from an empty one, and read only URIs with `//`."""

import collections

import pyarrow as pa
import pytest

import urikit
from urikit import arrow

from conftest import need  # noqa: E402

chdb = need("chdb", "pip install -r crates/python/requirements-dev.txt")

# urikit's function -> ClickHouse's expression.
PAIRS = {
    "uri_scheme": "protocol(u)",
    "uri_host": "domain(u)",
    "uri_port_number": "port(u)",
    "uri_path": "path(u)",
    "uri_query": "queryString(u)",
    "uri_fragment": "fragment(u)",
    "uri_registrable_domain": "cutToFirstSignificantSubdomain(u)",
    "uri_without_query": "cutQueryString(u)",
    "uri_without_fragment": "cutFragment(u)",
    "uri_query_param": "extractURLParameter(u, 'id')",
}


def category(name, text, ours, theirs):
    """Why urikit (RFC 3986) and ClickHouse differ on `text`, or None."""
    if not urikit.is_valid(text):
        # Section 4.1: not a URI reference, so no components (ClickHouse
        # splits it anyway).
        return "invalid"
    u = urikit.parse(text)
    if ours is None and theirs in ("", 0):
        # Section 5.3: an undefined component is not an empty one;
        # ClickHouse has no NULL for it (and 0 for no port).
        return "undefined-as-empty"
    if u.raw_authority is None:
        # Section 3: `scheme ":" hier-part` needs no "//"; ClickHouse reads
        # a URI without an authority as if it had one (node:fs/promises:
        # path "/promises") or as empty.
        return "no-authority"
    if name in ("uri_host", "uri_scheme", "uri_path") and theirs == "" and u.raw_host is not None:
        h = u.raw_host
        if h == "":
            # Section 3.2.2: a reg-name may be empty ("https://", "file:///");
            # ClickHouse then reads no component at all.
            return "empty-host"
        if h.endswith("."):
            # A fully qualified name's final dot (section 3.2.2 allows it).
            return "trailing-dot"
        if "." not in h and u.host_type == "reg-name":
            # Section 3.2.2: a reg-name need not have a dot ("localhost",
            # file://deps/...); ClickHouse's domain() wants one.
            return "single-label-host"
    if name in ("uri_host", "uri_port_number") and theirs in ("", 0):
        if u.raw_userinfo is not None:
            # Section 3.2.1: the host follows the userinfo's "@";
            # ClickHouse reads no host or port after a userinfo.
            return "userinfo"
        if u.host_type in ("ipv6", "ipvfuture"):
            # Section 3.2.2: an IP literal in brackets, then the port.
            return "ip-literal"
        if u.raw_host == "":
            return "empty-host"
        if name == "uri_host" and any(c in u.raw_host for c in "%_~"):
            # Section 3.2.2: a reg-name holds unreserved characters
            # ("_", "~") and percent-encodings; ClickHouse's domain() does
            # not.
            return "host-characters"
        if name == "uri_port_number" and u.raw_port and u.raw_port.startswith("0"):
            # Section 3.2.3: port = *DIGIT, so "00000080" is port 80.
            return "port-leading-zeros"
    if name in ("uri_query", "uri_without_query") and u.raw_fragment and "?" in u.raw_fragment:
        # Section 3.5: the fragment runs to the end of the reference, a
        # "?" in it is data; ClickHouse takes it for a query.
        return "query-in-fragment"
    if name == "uri_port_number" and u.raw_port in (None, "") and theirs == 0:
        # Sections 3.2.3 and 6.2.3: the scheme's default port applies.
        return "default-port"
    if name == "uri_registrable_domain":
        # ClickHouse's list of top-level domains is not the Public Suffix
        # List (its private section, newer suffixes).
        return "public-suffix-list"
    if name == "uri_query_param" and ours is not None and theirs is not None:
        # The value is form-decoded in urikit (`+` and `%XX`), raw in
        # ClickHouse.
        if urikit.decode(theirs.replace("+", " ")) == ours:
            return "decoded-value"
    if name == "uri_host" and u.host_type in ("ipv6", "ipvfuture"):
        return "ip-literal"
    return None


def test_every_difference_is_documented(datasets):
    rows = [line for lines in datasets.values() for line in lines]
    table = pa.table({"u": rows})
    select = ", ".join(f"{v} AS {k}" for k, v in PAIRS.items())
    ch = chdb.query(f"SELECT {select} FROM Python(table)", "ArrowTable")
    counts = collections.Counter()
    unexplained = []
    for name in PAIRS:
        args = ["id"] if name == "uri_query_param" else []
        ours = arrow.SPECS[name]["function"](table.column("u"), *args).to_pylist()
        theirs = ch.column(name).to_pylist()
        for text, o, t in zip(rows, ours, theirs):
            if o == t:
                continue
            why = category(name, text, o, t)
            counts[(name, why)] += 1
            if why is None:
                unexplained.append((name, text, o, t))
    for x in unexplained[:: max(1, len(unexplained) // 40)]:
        print(x)
    assert not unexplained, unexplained[:20]
    # The functions agree on most valid URIs with an authority.
    assert counts[("uri_path", None)] == 0
    print()
    for (name, why), n in sorted(counts.items()):
        print(f"{name:24} {why:22} {n}")
