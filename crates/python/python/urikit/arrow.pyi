# Written by tests/test_stubs.py from the compiled table; do not edit.
from typing import Any

import pyarrow as pa

__all__ = ["FUNCTIONS", "SPECS", "is_valid", "error", "parse", "scheme", "userinfo", "authority", "host", "port", "path", "query", "fragment", "host_type", "port_number", "user", "password", "host_decoded", "host_ascii", "host_unicode", "registrable_domain", "public_suffix", "icann_registrable_domain", "icann_public_suffix", "path_segments", "query_param", "query_params", "without_query", "without_fragment", "without_userinfo", "remove_query_params", "resolve", "normalize", "equivalent", "relativize", "clean", "hierarchy", "to_uri", "to_iri", "encode", "decode", "extract", "origin", "validation_errors", "readings_differ", "surt", "canonical", "safebrowsing_expressions", "safebrowsing_hashes", "cc_columns", "tldextract"]

SPECS: dict[str, dict[str, Any]]
FUNCTIONS: list[str]

def is_valid(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """Whether each text is a valid URI reference."""

def error(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """Why each text is not a valid URI reference: {code, offset (bytes), message}; NULL when valid."""

def parse(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The components as written: {kind, scheme, userinfo, host, host_type, port, path, query, fragment}."""

def scheme(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The scheme as written."""

def userinfo(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The userinfo as written."""

def authority(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The authority as written."""

def host(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The host as written (an IP literal with its brackets)."""

def port(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The port as written."""

def path(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The path as written."""

def query(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The query as written."""

def fragment(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The fragment as written."""

def host_type(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """reg-name, ipv4, ipv6 or ipvfuture."""

def port_number(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The port, or the scheme's default when absent."""

def user(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The userinfo before its first ':', decoded."""

def password(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The userinfo after its first ':', decoded."""

def host_decoded(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """A reg-name percent-decoded, an IP literal without brackets."""

def host_ascii(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """IDNA ToASCII of the host (UTS #46)."""

def host_unicode(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """IDNA ToUnicode of the host (UTS #46)."""

def registrable_domain(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The registrable domain by the Public Suffix List (ICANN and private sections), in lower case."""

def public_suffix(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The public suffix by the Public Suffix List (ICANN and private sections), in lower case."""

def icann_registrable_domain(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The registrable domain by the Public Suffix List's ICANN section alone, in lower case."""

def icann_public_suffix(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The public suffix by the Public Suffix List's ICANN section alone, in lower case."""

def path_segments(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The path's segments, decoded."""

def query_param(u: Any, name: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The first value of a query parameter, form-decoded."""

def query_params(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The query's pairs in order, decoded."""

def without_query(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference without its query."""

def without_fragment(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference without its fragment."""

def without_userinfo(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference without its userinfo."""

def remove_query_params(u: Any, pattern: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference without the query parameters whose name matches a glob."""

def resolve(ref: Any, base: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference resolved against a base (RFC 3986 section 5.2)."""

def normalize(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference normalized (RFC 3986 section 6.2.2)."""

def equivalent(a: Any, b: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """Whether two references are equivalent."""

def relativize(target: Any, base: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The shortest reference from a base to the target."""

def clean(u: Any, drop: Any = None, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """Normalized, tracking parameters dropped, query sorted, no fragment."""

def hierarchy(u: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The reference cut after each path segment."""

def to_uri(iri: Any, idna: Any = None) -> pa.Array | pa.ChunkedArray:
    """An IRI mapped to a URI (RFC 3987 section 3.1)."""

def to_iri(u: Any) -> pa.Array | pa.ChunkedArray:
    """A URI mapped to an IRI (RFC 3987 section 3.2)."""

def encode(s: Any, component: Any) -> pa.Array | pa.ChunkedArray:
    """Text percent-encoded for a component."""

def decode(s: Any) -> pa.Array | pa.ChunkedArray:
    """Text percent-decoded (NULL when not UTF-8)."""

def extract(text: Any, dialect: str | None = None) -> pa.Array | pa.ChunkedArray:
    """The URIs found in a text."""

def origin(u: Any) -> pa.Array | pa.ChunkedArray:
    """The WHATWG origin, serialized ('null' for an opaque one)."""

def validation_errors(u: Any) -> pa.Array | pa.ChunkedArray:
    """The WHATWG validation errors: [{code, offset (bytes), message}]."""

def readings_differ(u: Any) -> pa.Array | pa.ChunkedArray:
    """Where RFC 3986 and the WHATWG URL Standard read the text differently."""

def surt(u: Any, options: Any = None) -> pa.Array | pa.ChunkedArray:
    """The Internet Archive's SURT key, as the surt package computes it; options such as 'with_scheme,trailing_comma'."""

def canonical(u: Any, profile: Any) -> pa.Array | pa.ChunkedArray:
    """The canonical URL of a profile: 'ia' (the Internet Archive's), 'ia-basic', 'ia-ordinary', 'ia-aggressive', 'safebrowsing' or 'w3lib'."""

def safebrowsing_expressions(u: Any) -> pa.Array | pa.ChunkedArray:
    """Google Safe Browsing's lookup expressions: host suffixes with path prefixes, after its canonicalization."""

def safebrowsing_hashes(u: Any) -> pa.Array | pa.ChunkedArray:
    """The SHA-256 hash of each Safe Browsing lookup expression, in hex (a hash prefix is its first 8 digits)."""

def cc_columns(u: Any) -> pa.Array | pa.ChunkedArray:
    """Common Crawl's 16 URL columns (url_surtkey to url_query), as its columnar index computes them."""

def tldextract(u: Any, private: Any = None) -> pa.Array | pa.ChunkedArray:
    """tldextract.extract's parts of any text: {subdomain, domain, suffix, is_private, registry_suffix}; private takes the list's private section (include_psl_private_domains)."""
