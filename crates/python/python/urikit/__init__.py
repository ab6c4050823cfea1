"""Strict URI references for Python: RFC 3986 (and RFC 3987 IRIs, and the
older RFCs as dialects) with precise errors, over the Rust library urikit.

>>> import urikit
>>> u = urikit.parse("https://user@example.com:8443/a/b?q=1#f")
>>> (u.scheme, u.host, u.port, u.path, u.query["q"], u.fragment)
('https', 'example.com', 8443, '/a/b', '1', 'f')
>>> str(u.resolve("../c"))
'https://user@example.com:8443/c'
>>> try:
...     urikit.parse("http://example.com:80a/")
... except urikit.ParseError as e:
...     print(e.code, e.offset, e.byte_offset)
invalid-port 21 21

Columns of URIs go to Rust in one call each through ``urikit.arrow``.
"""

from urikit._urikit import (
    COMPONENTS,
    DIALECTS,
    NORMALIZATION_STEPS,
    PARTS,
    PUBLIC_SUFFIX_LIST_VERSION,
    Change,
    IRIRef,
    Link,
    Match,
    ParseError,
    QueryParams,
    SuffixList,
    URIRef,
    URL,
    build_info,
    canonical,
    canonicalize_url,
    cc_columns,
    clean,
    decode,
    decode_bytes,
    encode,
    equivalent,
    extract,
    guess,
    inspect,
    is_valid,
    links,
    normalize,
    parse,
    relativize,
    repair,
    resolve,
    safebrowsing_expressions,
    safebrowsing_hashes,
    surt,
    tldextract_parts,
)

__version__ = build_info()[0]

# The library's lists, read from it: DIALECTS (RFC 3986 the default, RFC
# 3987 for IRIs, draft-fielding-uri-rfc2396bis-00, RFC 2396,
# draft-ietf-url-syntax-00, RFC 1738, and the WHATWG URL Standard, whose
# URLs are ``URL``s), PARTS (the parts of a reference, as
# ``replace`` and the column functions name them), COMPONENTS (what
# ``encode`` and ``decode`` know) and NORMALIZATION_STEPS (the keywords of
# ``normalize`` and ``equivalent``). PUBLIC_SUFFIX_LIST_VERSION is the
# version of the Public Suffix List compiled in (its ``// VERSION:`` line).

__all__ = [
    "COMPONENTS",
    "DIALECTS",
    "NORMALIZATION_STEPS",
    "PARTS",
    "PUBLIC_SUFFIX_LIST_VERSION",
    "Change",
    "IRIRef",
    "Link",
    "Match",
    "ParseError",
    "QueryParams",
    "SuffixList",
    "URIRef",
    "URL",
    "canonical",
    "canonicalize_url",
    "cc_columns",
    "clean",
    "decode",
    "decode_bytes",
    "encode",
    "equivalent",
    "extract",
    "guess",
    "inspect",
    "is_valid",
    "links",
    "normalize",
    "parse",
    "relativize",
    "repair",
    "resolve",
    "safebrowsing_expressions",
    "safebrowsing_hashes",
    "surt",
    "tldextract_parts",
]
