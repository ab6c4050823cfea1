"""urikit's column functions as DataFusion SQL functions, native.

>>> from datafusion import SessionContext
>>> import urikit.datafusion
>>> ctx = SessionContext()
>>> names = urikit.datafusion.register(ctx)
>>> ctx.sql("SELECT uri_host('http://a/b') AS h, uri_is_valid('http://\u00e9/', 'rfc3987') AS v").to_pylist()
[{'h': 'a', 'v': True}]

Every function of ``urikit.arrow.SPECS`` is the Rust crate
``urikit-datafusion``'s ``ScalarUDFImpl``, handed to DataFusion through its
FFI (a ``datafusion_scalar_udf`` capsule): DataFusion calls it on its own
threads, over ``Utf8``, ``LargeUtf8`` and ``Utf8View`` columns alike, with
no Python per batch. Every argument of the contract may be given, as a
literal or a column; ``register(ctx, dialect=...)`` chooses the dialect of
the calls that give none.
"""

from __future__ import annotations

from typing import Any

from datafusion.user_defined import ScalarUDF

from urikit import DIALECTS, _urikit
from urikit.arrow import SPECS

__all__ = ["register"]


def register(ctx: Any, *, dialect: str | None = None) -> list[str]:
    """Registers every column function in ``ctx`` (a ``SessionContext``),
    reading references by ``dialect`` when a call names none (RFC 3986
    when None); returns their names.

    >>> from datafusion import SessionContext
    >>> register(SessionContext(), dialect="rfc0")
    Traceback (most recent call last):
    ...
    ValueError: unknown dialect 'rfc0'; expected one of: rfc3986, rfc3987, rfc2396bis, rfc2396, url-1996, rfc1738, whatwg
    """
    if dialect is not None and dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of: {', '.join(DIALECTS)}")
    names = []
    for name in SPECS:
        ctx.register_udf(ScalarUDF.from_pycapsule(_urikit.datafusion_udf(name, dialect)))
        names.append(name)
    return names
