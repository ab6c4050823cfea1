"""The column functions of urikit over Arrow arrays: one call per column,
the rows parsed in Rust without the GIL (on several threads for a large
column), the results returned as pyarrow arrays.

Each function takes a column first: a pyarrow ``Array`` or
``ChunkedArray`` of ``string``, ``large_string`` or ``string_view``, any
object with ``__arrow_c_array__`` or ``__arrow_c_stream__`` (a Polars
``Series``, a nanoarrow or arro3 array), or a ``list`` of ``str`` and
``None``. An array (or a list) gives an array of the same length; a chunked
array or a stream gives a chunked array. The rules (``functions.md``):

* NULL in, NULL out; a text that is not a valid URI reference gives NULL
  from every function except ``is_valid`` (false) and ``error``.
* An undefined component is NULL, an empty one ``''``; components are as
  written unless the name says ``decoded`` (or the function decodes, as
  ``user`` and ``query_param`` do).
* An argument after the column (a dialect, a base, a name) is a literal
  or a column of the same length. ``drop`` and ``pattern`` take a glob or
  a list of globs (or, in a column, globs joined by commas).

>>> import pyarrow as pa
>>> from urikit import arrow
>>> urls = pa.array(["http://Example.com:8080/a?x=1", "mailto:a@b", "bad url", None])
>>> arrow.host(urls).to_pylist()
['Example.com', None, None, None]
>>> arrow.port_number(urls).to_pylist()
[8080, None, None, None]
>>> arrow.is_valid(urls).to_pylist()
[True, True, False, None]
>>> arrow.error(urls)[2].as_py()
{'code': 'invalid-char', 'offset': 3, 'message': "' ' (U+0020) is not allowed in a path; percent-encode it as %20"}
>>> arrow.resolve(["../g", "?y"], "http://a/b/c/d;p?q").to_pylist()
['http://a/b/g', 'http://a/b/c/d;p?y']
"""

from __future__ import annotations

import inspect
from typing import Any

import pyarrow as pa

from urikit import _urikit

__all__ = ["FUNCTIONS", "SPECS"]

SPECS: dict[str, dict[str, Any]] = {}
"""Each function by its SQL name: ``first`` (the column's name),
``params`` (``[(name, kind)]``, kind one of ``dialect``, ``text``, ``ref``,
``bool``), ``required`` (how many params must be given), ``type`` (the
result's Arrow type, a ``pyarrow.DataType``), ``doc`` and ``function``
(the Python function). The SQL
engines' registrations are made from this table."""

FUNCTIONS: list[str] = []
"""The SQL names of the column functions, in the contract's order."""


def _column_arg(value: Any, kind: str) -> Any:
    """A list given as a column argument becomes a pyarrow array."""
    if isinstance(value, list):
        if kind == "bool":
            return pa.array(value, type=pa.bool_())
        return pa.array(value, type=pa.string())
    return value


def bind(short: str, params: list[tuple[str, str]], required: int, args: tuple, kwargs: dict) -> list:
    """The arguments after the column, by position or name, as the
    function ``short`` takes them: a missing required one or an unknown
    one is a ``TypeError``; optional ones left out at the end are not
    passed; a list of globs for ``drop`` or ``pattern`` is joined by
    commas. (The engines' modules bind their arguments with it too.)"""
    if len(args) > len(params):
        raise TypeError(f"{short}() takes at most {len(params) + 1} arguments")
    values = list(args)
    for i, (pname, _) in enumerate(params[len(args):], start=len(args)):
        if pname in kwargs:
            values.append(kwargs.pop(pname))
        elif i < required:
            raise TypeError(f"{short}() missing required argument {pname!r}")
        else:
            values.append(None)
    if kwargs:
        raise TypeError(f"{short}() got an unexpected keyword argument {next(iter(kwargs))!r}")
    # Trailing arguments left out are not passed, so that a required one
    # that is missing is reported.
    while len(values) > required and values[-1] is None:
        values.pop()
    return [
        ",".join(v) if pname in ("drop", "pattern") and isinstance(v, (list, tuple)) else v
        for (pname, _), v in zip(params, values)
    ]


def _make(name: str, first: str, params: list[tuple[str, str]], required: int, doc: str):
    short = name.removeprefix("uri_")

    def function(column, *args, **kwargs):
        values = bind(short, params, required, args, kwargs)
        prepared = [_column_arg(v, kind) for (_, kind), v in zip(params, values)]
        return _urikit.call(name, column, *prepared)

    signature = ", ".join([first] + [p for p, _ in params])
    # The signature help() and type checkers see: the column, then each
    # argument (None when optional).
    P = inspect.Parameter
    function.__signature__ = inspect.Signature(
        [P(first, P.POSITIONAL_OR_KEYWORD)]
        + [
            P(p, P.POSITIONAL_OR_KEYWORD, **({} if i < required else {"default": None}))
            for i, (p, _) in enumerate(params)
        ]
    )
    function.__name__ = short
    function.__qualname__ = short
    function.__doc__ = f"{short}({signature}): {doc}\n\nThe SQL function ``{name}``."
    return function


for _name, _first, _params, _required, _type, _doc in _urikit.specs():
    _short = _name.removeprefix("uri_")
    _function = _make(_name, _first, _params, _required, _doc)
    SPECS[_name] = {
        "first": _first,
        "params": _params,
        "required": _required,
        # The type of what the function returns, read off an empty call.
        "type": _urikit.call(_name, pa.array([], pa.string()), *[None] * _required).type,
        "doc": _doc,
        "function": _function,
    }
    FUNCTIONS.append(_name)
    globals()[_short] = _function
    __all__.append(_short)

del _name, _first, _params, _required, _type, _doc, _short, _function
