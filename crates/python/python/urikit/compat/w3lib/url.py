"""w3lib's ``canonicalize_url`` over urikit: ``from urikit.compat.w3lib.url
import canonicalize_url`` where a program had ``from w3lib.url import
canonicalize_url``, with the same answers (the differential test checks
every line of the datasets, and generated text, against w3lib 2.5.0).

It takes what w3lib's takes: ``str``, ``bytes`` (a byte that is not UTF-8
is percent-encoded, as w3lib's ``percentencode`` error handler does) or
a ``urllib.parse.ParseResult``, and ``keep_blank_values``,
``keep_fragments``, ``encoding`` and the keyword ``query_separator``. One
thing differs, on purpose: ``encoding`` may only be UTF-8 (``None``, the
default, is UTF-8 too); another raises ``ValueError`` rather than giving
an answer that differs from w3lib's.

What w3lib refuses with ``ValueError`` (a port that is not a number, a
bracket without its pair) raises ``urikit.ParseError``, a ``ValueError``.

>>> from urikit.compat.w3lib.url import canonicalize_url
>>> canonicalize_url("http://www.example.com/do?c=3&b=5&b=2&a=50")
'http://www.example.com/do?a=50&b=2&b=5&c=3'
>>> canonicalize_url(b"http://www.example.com/r\\xc3\\xa9sum\\xc3\\xa9")
'http://www.example.com/r%C3%A9sum%C3%A9'
"""

from __future__ import annotations

from urllib.parse import ParseResult, urlunparse

from urikit import _urikit

__all__ = ["canonicalize_url"]


def canonicalize_url(
    url: str | bytes | ParseResult,
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    *,
    query_separator: str = "&",
) -> str:
    """w3lib's ``canonicalize_url``, computed by urikit (see the module).

    >>> canonicalize_url("http://www.example.com/do?b=&a=2", keep_blank_values=False)
    'http://www.example.com/do?a=2'
    """
    if isinstance(url, ParseResult):
        url = urlunparse(url)
    return _urikit.canonicalize_url(
        url, keep_blank_values, keep_fragments, encoding, query_separator=query_separator
    )
